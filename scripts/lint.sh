#!/usr/bin/env bash
# Format lint with the checked-in .swift-format configuration; fails on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict --recursive --parallel Sources Tests Package.swift Server/Sources Server/Package.swift \
    Conformance/Sources Conformance/Harness Conformance/Package.swift
echo "lint: clean" >&2
