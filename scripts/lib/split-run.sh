# The whole suite's run in several processes at once (issue 70, target 5), sourced by
# scripts/test.sh.
#
# Why: Swift Testing runs a process's tests as tasks on its cooperative pool, one thread a core.
# An end-to-end test waits synchronously (on a child `workbench`, a pipe, a condition polled
# every 10 ms), and a waiting test holds its thread: on two cores, two waiting tests stop every
# other test in the process while the CPU idles. In one process the optimised suite took 70 s
# (109 s of CPU); split, the same tests took 35-38 s (66 s of CPU; docs/benchmarks.md, round
# five, "The ninth session").
#
# `run_split LOGDIR BUNDLE SWIFT_TEST_FLAGS...` runs
#   - `swift test --skip-build FLAGS --skip 'EndToEndTests\.'`: the XCTest tests and every
#     in-process Swift Testing test, in LOGDIR/in-process.log;
#   - beside it, each EndToEndTests suite in a process of its own (the test bundle BUNDLE run
#     directly, since a second `swift test` would wait for the first's lock), at most
#     SPLIT_JOBS (default 3) at a time, the slowest known suites first, in LOGDIR/SUITE.log.
# Each process has a watchdog (SPLIT_LIMIT seconds, default 1200). At that limit, or if the
# script is interrupted, the process is stopped by its PID with everything it started. Each
# process's exit status goes to LOGDIR/NAME.status. It returns 0 when every process passed.
# `split_logs LOGDIR` prints the logs' names in run order (for the concatenated .build/test.log);
# `split_failures LOGDIR` the names of the processes that failed or did not finish.

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

# The processes' names in run order: in-process, then the suites.
split_names() {
    echo in-process
    cat "$1/suites.txt" 2>/dev/null
}

split_logs() {
    split_names "$1" | sed "s|^|$1/|; s|\$|.log|"
}

# A process failed when it exited with anything but 0 (a failure, a crash, its time limit) or
# never wrote its status (it was stopped).
split_failures() {
    local name
    split_names "$1" | while read -r name; do
        [ "$(cat "$1/$name.status" 2>/dev/null)" = 0 ] || echo "$name"
    done
}

# Checks SPLIT_JOBS and SPLIT_LIMIT, saying what is wrong (test.sh calls it before building).
split_check_settings() {
    if ! [[ "${SPLIT_JOBS:-3}" =~ ^[1-9][0-9]?$ ]]; then
        echo "test: SPLIT_JOBS must be a whole number from 1 to 99, not '${SPLIT_JOBS}'" >&2
        return 2
    fi
    if ! [[ "${SPLIT_LIMIT:-1200}" =~ ^[1-9][0-9]{0,4}$ ]]; then
        echo "test: SPLIT_LIMIT must be a whole number of seconds from 1 to 99999, not '${SPLIT_LIMIT}'" >&2
        return 2
    fi
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

# Stops PID with everything it started (split_stop) once it has run LIMIT seconds, noting it in
# LOG. The runner stops this watchdog as soon as it has reaped PID, so the PID is never another's.
split_watchdog() {
    local pid=$1 limit=$2 log=$3 waited=0
    while kill -0 "$pid" 2>/dev/null; do
        sleep 1
        waited=$((waited + 1))
        if ((waited >= limit)); then
            echo "test: stopped at its time limit of $limit s (SPLIT_LIMIT)" >>"$log"
            # The runner reaps PID at once and stops this watchdog: not before its descendants.
            trap '' TERM
            split_stop "$pid"
            return
        fi
    done
}

# Removes VALUE from the array named ARRAY.
split_remove() {
    local -n array=$1
    local kept=() each
    for each in "${array[@]}"; do [ "$each" = "$2" ] || kept+=("$each"); done
    array=(${kept[@]+"${kept[@]}"})
}

run_split() {
    local dir=$1 bundle=$2
    shift 2
    local jobs=${SPLIT_JOBS:-3} limit=${SPLIT_LIMIT:-1200}
    rm -rf "$dir"
    mkdir -p "$dir"
    split_check_settings || return 2
    if [ ! -x "$bundle" ]; then
        echo "test: no test bundle at $bundle (build the tests first)" >&2
        return 1
    fi
    split_suites "$bundle" >"$dir/suites.txt"
    # `live` holds the processes not yet reaped (a reaped PID may be reused by a process not
    # ours, so it leaves at once); each one's watchdog and name are kept by its PID.
    local -a live=() running=()
    local -A name_of=() watchdog_of=()
    local suite pid finished in_process
    trap 'for pid in ${live[@]+"${live[@]}"}; do kill "${watchdog_of[$pid]}" 2>/dev/null; done
        split_stop ${live[@]+"${live[@]}"}; exit 130' INT TERM
    # Starts NAME's process (COMMAND...) with its log and its watchdog; its PID in `pid`.
    split_launch() {
        local name=$1
        shift
        "$@" <"/dev/null" >"$dir/$name.log" 2>&1 &
        pid=$!
        split_watchdog "$pid" "$limit" "$dir/$name.log" &
        watchdog_of[$pid]=$!
        name_of[$pid]=$name
        live+=("$pid")
    }
    # Notes reaped PID's status STATUS (NAME.status) and stops its watchdog.
    split_finished() {
        echo "$2" >"$dir/${name_of[$1]}.status"
        kill "${watchdog_of[$1]}" 2>/dev/null
        wait "${watchdog_of[$1]}" 2>/dev/null
        split_remove live "$1"
    }
    # Waits for any running suite; `wait -n -p` says which one it was.
    reap_one() {
        local status
        wait -n -p finished "${running[@]}"
        status=$?
        split_remove running "$finished"
        split_finished "$finished" "$status"
    }
    split_launch in-process swift test --skip-build "$@" --skip 'EndToEndTests\.'
    in_process=$pid
    while read -r suite; do
        while ((${#running[@]} >= jobs)); do reap_one; done
        split_launch "$suite" "$bundle" --testing-library swift-testing --filter "EndToEndTests\\.$suite/"
        running+=("$pid")
    done <"$dir/suites.txt"
    while ((${#running[@]} > 0)); do reap_one; done
    wait "$in_process"
    split_finished "$in_process" $?
    trap - INT TERM
    [ -z "$(split_failures "$dir")" ]
}
