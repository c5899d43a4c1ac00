#!/usr/bin/env bash
# The test suite under load (issue 52): runs every test ROUNDS times in a row while LOOPS
# CPU-bound loops keep the machine busy (on two cores, 4 loops make a load average near 5), and
# fails on the first round that fails. Timing-dependent tests show up here. The loops are this
# script's own children and are stopped by their PIDs when it exits, however it exits.
# Each round's whole output is in .build/load-test/round-N.log.
# Usage: scripts/load-test.sh [--rounds N] [--loops N]   (default 5 rounds, 4 loops)
set -uo pipefail
cd "$(dirname "$0")/.."
rounds=5
loops=4
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --loops) loops=$2; shift 2 ;;
        -h | --help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "load-test: unknown option '$1' (--rounds N, --loops N)" >&2; exit 2 ;;
    esac
done
case "$rounds$loops" in *[!0-9]* | "") echo "load-test: --rounds and --loops take whole numbers" >&2; exit 2 ;; esac
if [ "$rounds" -lt 1 ] || [ "$rounds" -gt 100 ] || [ "$loops" -gt 64 ]; then
    echo "load-test: --rounds takes 1 to 100 and --loops 0 to 64 (found $rounds and $loops)" >&2
    exit 2
fi
out=.build/load-test
mkdir -p "$out"
echo "load-test: building (the server package, then the tests)" >&2
rm -f Server/.build/debug.yaml Server/.build/*/debug/description.json
if ! { swift build --package-path Server --product workbench-serve && swift build --build-tests; } >"$out/build.log" 2>&1; then
    grep -E "error:" "$out/build.log" | head -20 >&2
    echo "load-test: the build failed; the log is in $out/build.log" >&2
    exit 1
fi
pids=()
stop_loops() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
}
trap stop_loops EXIT
for _ in $(seq 1 "$loops"); do
    ( while :; do :; done ) &
    pids+=($!)
done
echo "load-test: $loops CPU-bound loops running (PIDs ${pids[*]}); $rounds round(s) of the whole suite" >&2
for round in $(seq 1 "$rounds"); do
    started=$(date +%s)
    swift test --skip-build >"$out/round-$round.log" 2>&1
    status=$?
    seconds=$(( $(date +%s) - started ))
    load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
    summary=$(grep -E "^✔ Test run with|^✘ Test run with|Executed [0-9]+ tests" "$out/round-$round.log" | grep -v "Executed 0 tests" | tail -2 | tr '\n' ' ')
    if [ "$status" -ne 0 ]; then
        grep -E "^✘|error:|failed \(" "$out/round-$round.log" | grep -v "^✘ Suite " | head -40 >&2
        echo "load-test: round $round FAILED after $seconds s (load average $load): $summary; the log is in $out/round-$round.log" >&2
        exit 1
    fi
    echo "load-test: round $round passed in $seconds s (load average $load): $summary" >&2
done
echo "load-test: $rounds round(s) passed under $loops loops" >&2
