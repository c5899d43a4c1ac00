#!/usr/bin/env bash
# The serve-heavy suites under load (issue 65): runs the suites that start `workbench serve`
# (ServeTests, ServeShutdownTests, ServeFirstUseTests, RecordReplayTests, KeySecrecyTests and
# LiveTests but its 25 s comparison, which live-check.sh covers) ROUNDS times in a row while
# LOOPS CPU-bound loops keep the machine busy. A round fails when a test fails, when it runs past
# 10 minutes (a hang: it is stopped), or when a `workbench-serve` it started is still running
# after it (a leak: reported, then stopped by its PID). The loops are this script's own children,
# stopped by their PIDs when it exits. Each round's output is in .build/serve-suites/round-N.log.
# Usage: scripts/serve-suites.sh [--rounds N] [--loops N]   (default 50 rounds, 2 loops)
set -uo pipefail
cd "$(dirname "$0")/.."
name=serve-suites
rounds=50
loops=2
max_rounds=500
usage_lines='2,9p'
out=.build/serve-suites
. scripts/lib/rounds-under-load.sh
parse_rounds_and_loops "$@"
build_server_and_tests
start_loops
# Servers already running (not this script's) are left alone.
servers() { ps -C workbench-serve -o pid= 2>/dev/null | tr -d ' ' | sort; }
before=$(servers)
filter="ServeTests|ServeShutdownTests|ServeFirstUseTests|RecordReplayTests|KeySecrecyTests|LiveTests"
echo "serve-suites: $loops CPU-bound loops running (PIDs ${loop_pids[*]}); $rounds round(s)" >&2
for round in $(seq 1 "$rounds"); do
    started=$(date +%s)
    timeout --kill-after=10 600 swift test --skip-build --filter "$filter" --skip liveMatchesTheSimulation \
        >"$out/round-$round.log" 2>&1
    status=$?
    seconds=$(( $(date +%s) - started ))
    load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
    leaked=$(comm -13 <(echo "$before") <(servers) | tr '\n' ' ')
    summary=$(grep -E "^✔ Test run with|^✘ Test run with" "$out/round-$round.log" | tail -1)
    if [ -n "${leaked// /}" ]; then
        for pid in $leaked; do kill -9 "$pid" 2>/dev/null; done
        echo "serve-suites: round $round left workbench-serve running (PIDs $leaked; stopped)" >&2
        exit 1
    fi
    if [ "$status" -ne 0 ]; then
        grep -E "^✘|error:" "$out/round-$round.log" | grep -v "^✘ Suite " | head -30 >&2
        what=$([ "$status" -eq 124 ] || [ "$status" -eq 137 ] && echo "HUNG (stopped at 600 s)" || echo "FAILED")
        echo "serve-suites: round $round $what after $seconds s (load average $load); the log is in $out/round-$round.log" >&2
        exit 1
    fi
    echo "serve-suites: round $round passed in $seconds s (load average $load): $summary" >&2
done
echo "serve-suites: $rounds round(s) passed under $loops loops, no hang and no leaked server" >&2
