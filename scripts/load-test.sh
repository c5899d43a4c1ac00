#!/usr/bin/env bash
# The test suite under load (issue 52): runs every test ROUNDS times in a row while LOOPS
# CPU-bound loops keep the machine busy (on two cores, 4 loops make a load average near 5), and
# fails on the first round that fails. Timing-dependent tests show up here. The loops are this
# script's own children and are stopped by their PIDs when it exits, however it exits.
# Each round's whole output is in .build/load-test/round-N.log.
# Usage: scripts/load-test.sh [--rounds N] [--loops N]   (default 5 rounds, 4 loops)
set -uo pipefail
cd "$(dirname "$0")/.."
name=load-test
rounds=5
loops=4
max_rounds=100
usage_lines='2,8p'
out=.build/load-test
. scripts/lib/rounds-under-load.sh
parse_rounds_and_loops "$@"
build_server_and_tests
start_loops
echo "load-test: $loops CPU-bound loops running (PIDs ${loop_pids[*]}); $rounds round(s) of the whole suite" >&2
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
