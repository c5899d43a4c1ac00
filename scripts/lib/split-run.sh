# The whole suite's run in several processes at once (issue 70, target 5), sourced by
# scripts/test.sh.
#
# Why: Swift Testing runs a process's tests as tasks on its cooperative pool, one thread a core.
# An end-to-end test waits synchronously (on a child `workbench`, a pipe, a condition polled
# every 10 ms), and a waiting test holds its thread: on two cores, two waiting tests stop every
# other test in the process while the CPU idles. In one process the optimised suite took 70 s
# (109 s of CPU); split, the same tests took 38 s (66 s of CPU; docs/benchmarks.md, round five,
# "The suite's run in several processes").
#
# `run_split LOGDIR BUNDLE SWIFT_TEST_FLAGS...` runs
#   - `swift test --skip-build FLAGS --skip 'EndToEndTests\.'`: the XCTest tests and every
#     in-process Swift Testing test, in LOGDIR/in-process.log;
#   - beside it, each EndToEndTests suite in a process of its own (the test bundle BUNDLE run
#     directly, since a second `swift test` would wait for the first's lock), at most
#     SPLIT_JOBS (default 3) at a time, the slowest known suites first, in LOGDIR/SUITE.log.
# Every process is bounded (SPLIT_LIMIT seconds, default 1200, then killed) and, if the script is
# interrupted, stopped by its PID with everything it started. It returns 0 when every process
# passed, else 1.
# `split_logs LOGDIR` prints the logs' names in run order (for the concatenated .build/test.log).

# Suites known to take longest, started first so that they do not finish last.
split_slow_suites=(LiveTests StoppedRunTests ConformanceDiffTests SweepDurabilityTests BadInputTests KeySecrecyTests)

split_suites() {
    local bundle=$1
    local listed
    listed=$("$bundle" --testing-library swift-testing --list-tests 2>/dev/null \
        | sed -n 's|^EndToEndTests\.\([A-Za-z0-9_]*\)/.*|\1|p' | sort -u)
    local suite
    for suite in "${split_slow_suites[@]}"; do
        grep -qx "$suite" <<<"$listed" && echo "$suite"
    done
    for suite in $listed; do
        [[ " ${split_slow_suites[*]} " == *" $suite "* ]] || echo "$suite"
    done
}

split_logs() {
    local dir=$1
    echo "$dir/in-process.log"
    cat "$dir/suites.txt" 2>/dev/null | sed "s|^|$dir/|; s|\$|.log|"
}

# Every process descended from the PIDs given (children, theirs, ...), read from `ps` at once.
split_descendants() {
    ps -eo pid=,ppid= | awk -v roots="$*" '
        BEGIN { n = split(roots, r, " "); for (i = 1; i <= n; i++) keep[r[i]] = 1 }
        { parent[$1] = $2; order[NR] = $1 }
        END {
            do {
                grew = 0
                for (i = 1; i <= NR; i++) {
                    p = order[i]
                    if (!(p in keep) && (parent[p] in keep)) { keep[p] = 1; grew = 1; print p }
                }
            } while (grew)
        }'
}

# Stops the processes given and everything they started. A test process killed mid-suite cannot
# reap its children, which run in sessions of their own (a `workbench-serve`, say), so they are
# listed first, while they are still its descendants, and killed by their PIDs after it.
split_stop() {
    local descendants pid
    descendants=$(split_descendants "$@")
    for pid in "$@"; do kill "$pid" 2>/dev/null; done
    sleep 1
    for pid in $descendants; do kill -KILL "$pid" 2>/dev/null; done
}

run_split() {
    local dir=$1 bundle=$2
    shift 2
    local jobs=${SPLIT_JOBS:-3} limit=${SPLIT_LIMIT:-1200}
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ ! -x "$bundle" ]; then
        echo "test: no test bundle at $bundle (build the tests first)" >&2
        return 1
    fi
    split_suites "$bundle" >"$dir/suites.txt"
    # Every process is a `timeout` of this script's, which passes a signal on to what it runs.
    local -a pids=() running=()
    local -A suite_of=()
    local failed=0 suite pid finished status
    trap 'split_stop "${pids[@]}"; exit 130' INT TERM
    timeout --kill-after=10 "$limit" swift test --skip-build "$@" --skip 'EndToEndTests\.' \
        <"/dev/null" >"$dir/in-process.log" 2>&1 &
    local in_process=$!
    pids+=("$in_process")
    # Records a finished suite's status; `wait -n -p` says which one it was.
    reap_one() {
        wait -n -p finished "${running[@]}"
        status=$?
        echo "$status" >"$dir/${suite_of[$finished]}.status"
        local still=() each
        for each in "${running[@]}"; do [ "$each" = "$finished" ] || still+=("$each"); done
        running=(${still[@]+"${still[@]}"})
    }
    while read -r suite; do
        while ((${#running[@]} >= jobs)); do reap_one; done
        timeout --kill-after=10 "$limit" "$bundle" --testing-library swift-testing \
            --filter "EndToEndTests\\.$suite/" <"/dev/null" >"$dir/$suite.log" 2>&1 &
        pid=$!
        pids+=("$pid")
        running+=("$pid")
        suite_of[$pid]=$suite
    done <"$dir/suites.txt"
    while ((${#running[@]} > 0)); do reap_one; done
    wait "$in_process" || failed=1
    trap - INT TERM
    while read -r suite; do
        [ "$(cat "$dir/$suite.status" 2>/dev/null)" = 0 ] || failed=1
    done <"$dir/suites.txt"
    return "$failed"
}
