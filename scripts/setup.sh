#!/usr/bin/env bash
# Installs the C libraries the package links (GNU GSL, SQLite, libyaml) when they are missing.
# Idempotent: on a machine that has them it only checks and exits.
# Usage: scripts/setup.sh [--serve] [--conformance]
#   --serve        also builds workbench-serve (the Server/ package: Hummingbird and SwiftNIO, a
#                  few minutes), which the first `workbench serve` would otherwise build.
#   --conformance  also builds workbench-conformance (the Conformance/ package: swift-syntax).
set -euo pipefail
tools=()
for argument in "$@"; do
    case "$argument" in
        --serve) tools+=("Server workbench-serve") ;;
        --conformance) tools+=("Conformance workbench-conformance") ;;
        -h | --help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "setup: unknown option '$argument' (--serve, --conformance build those tools ahead)" >&2; exit 2 ;;
    esac
done

needed=()
for package in libgsl-dev libsqlite3-dev libyaml-dev; do
    dpkg -s "$package" >/dev/null 2>&1 || needed+=("$package")
done

if ((${#needed[@]} > 0)); then
    echo "setup: installing ${needed[*]}" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${needed[@]}" >/dev/null
fi
echo "setup: libgsl-dev, libsqlite3-dev and libyaml-dev present" >&2
cd "$(dirname "$0")/.."
# Resolving the packages here keeps SwiftPM's fetch lines out of the first `swift run -q`.
mkdir -p .build
if ! swift package resolve >.build/resolve.log 2>&1; then
    cat .build/resolve.log >&2
    echo "setup: resolving the Swift packages failed; the log is in .build/resolve.log" >&2
    exit 1
fi
echo "setup: Swift packages resolved" >&2
# The workbench itself, built here with a progress line every 20 s, so the first `swift run -q`
# (quiet while it builds) starts at once: about a minute on two cores the first time.
# shellcheck source=lib/progress.sh
. scripts/lib/progress.sh
log=.build/workbench-build.log
echo "setup: building the workbench (about a minute the first time; the log is in $log)" >&2
swift build --product workbench >"$log" 2>&1 &
build=$!
watch_progress setup "$log" "$build"
if ! wait "$build"; then
    grep -E "error:" "$log" | head -20 >&2
    echo "setup: building the workbench failed; the whole log is in $log" >&2
    exit 1
fi
echo "setup: workbench built" >&2
for tool in ${tools[@]+"${tools[@]}"}; do
    read -r package product <<<"$tool"
    log=$package/.build/$product-build.log
    mkdir -p "$package/.build"
    echo "setup: building $product (a few minutes; the log is in $log)" >&2
    if ! swift build --package-path "$package" --product "$product" >"$log" 2>&1; then
        tail -20 "$log" >&2
        echo "setup: building $product failed; the whole log is in $log" >&2
        exit 1
    fi
    echo "setup: $product built" >&2
done
