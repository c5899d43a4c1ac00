#!/usr/bin/env bash
# Writes Sources/workbench/Linking/symbol-order.txt: the functions a release `workbench` executes
# on the benchmark runs, the most instructions first, which lld lays out first and together in the
# release link (Package.swift, `releaseLinking`). Run it when the hot code has changed a lot (a
# function the list does not name is only placed after the listed ones; results never change).
#
# Usage: scripts/symbol-order.sh [BINARY]
#   BINARY  a release workbench (default .build/release/workbench); its debug sections are
#           stripped into a copy, since valgrind reads them slowly.
# Needs valgrind (Debian's `valgrind`). Takes about 10 minutes on two cores: callgrind runs the
# mixed-model 100-coin year (about 60 times slower than natively), the quickstart, and a
# 20-cell sweep of the smallest cell, one after another.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/workbench}
if [ ! -x "$binary" ]; then
    echo "symbol-order.sh: no executable workbench at '$binary' (build it: swift build -c release --product workbench)" >&2
    exit 2
fi
if ! command -v valgrind >/dev/null; then
    echo "symbol-order.sh: valgrind is missing (apt-get install valgrind)" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$binary" "$work/workbench"
profile() {
    local name=$1
    shift
    echo "symbol-order.sh: callgrind over $name" >&2
    valgrind --tool=callgrind --demangle=no --dump-instr=no --compress-strings=no --compress-pos=no \
        --callgrind-out-file="$work/$name.callgrind" "$work/workbench" "$@" >"$work/$name.log" 2>&1 || {
        tail -20 "$work/$name.log" >&2
        echo "symbol-order.sh: the $name run failed under callgrind" >&2
        exit 1
    }
}
profile year run Benchmarks/scenarios/simulate-100-mixed-year.yaml --no-history --no-fixes --quiet \
    --out "$work/year"
profile quickstart run scenarios/quickstart.yaml --history "$work/history.sqlite" --out "$work/quickstart"
profile sweep sweep Benchmarks/scenarios/sweep-tiny.yaml --seeds 1..20 --jobs 1 --out "$work/sweep"
# The year's functions first (it is what the memory limits are measured on), then the ones only
# the quickstart or the sweep ran, each group by its own instructions, most first.
python3 - "$work/year.callgrind" "$work/quickstart.callgrind" "$work/sweep.callgrind" \
    >"$work/executed" <<'PY'
"""The functions each profile ran, profile by profile, each by its own instructions, most first;
a function is listed once, in the first profile that ran it."""
import collections
import re
import sys

listed = set()
for path in sys.argv[1:]:
    own = collections.Counter()
    names = {}
    function = None
    skip_next_cost = False  # the line after `calls=` is the call's inclusive cost
    for line in open(path, errors="replace"):
        if line.startswith("fn="):
            match = re.match(r"fn=(?:\((\d+)\))?\s*(.*)", line.rstrip("\n"))
            number, name = match.groups()
            if number and name:
                names[number] = name
            function = name or names.get(number)
        elif line.startswith("calls="):
            skip_next_cost = True
        elif line[:1].isdigit() or line[:1] in "+-*":
            if skip_next_cost:
                skip_next_cost = False
                continue
            fields = line.split()
            if function and len(fields) >= 2:
                own[function] += int(fields[1])
    for name, _ in own.most_common():
        if name and not name.startswith("0x") and name not in listed:
            listed.add(name)
            print(name)
PY
# Only the binary's own functions are kept (the C library's are not linked in, and the list stays
# about 0.5 MB).
nm --defined-only "$binary" | awk '$2 ~ /^[tTwW]$/ {print $3}' >"$work/defined"
# Written in the work folder and moved into place whole, so a run that fails leaves the old list.
awk 'NR == FNR { defined[$0]; next } $0 in defined' "$work/defined" "$work/executed" >"$work/order"
mv "$work/order" Sources/workbench/Linking/symbol-order.txt
echo "symbol-order.sh: $(wc -l <Sources/workbench/Linking/symbol-order.txt) functions in Sources/workbench/Linking/symbol-order.txt" >&2
# SwiftPM links again only when an input it tracks changes, and the list is not one of them.
rm -f .build/release/workbench
echo "symbol-order.sh: .build/release/workbench removed; the next release build links it in the new order" >&2
