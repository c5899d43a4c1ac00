#!/usr/bin/env bash
# The peer harness: runs the best-known alternatives and the workbench on the same inputs, side
# by side, and prints one table (ours, peer, ratio, throughput, share of memory bandwidth).
#   scripts/peer-harness.sh            # full run (N up to 1e7; a few minutes)
#   scripts/peer-harness.sh --quick    # N up to 1e6
# Peers come from PyPI into a virtual environment under .build/: tsdownsample 0.1.5.1 (Rust, SIMD),
# numpy, orjson. The workbench is built in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
venv=.build/peers-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "tsdownsample==0.1.5.1" numpy orjson
fi
swift build -c release --product workbench >&2
"$venv/bin/python" scripts/peer_harness.py "$@"
