#!/usr/bin/env bash
# Builds and runs every test, printing what matters: compiler errors, each failed test with its
# issue, and the two result lines (XCTest's and Swift Testing's). The whole output goes to
# .build/test.log. Exit status: swift test's.
# Usage: scripts/test.sh [swift test arguments, e.g. --filter ReportTests]
#        scripts/test.sh --build-only     (builds what the tests need and runs none: CI starts
#                                          its load beside the run that follows)
#        scripts/test.sh --fast [...]     (every test, built optimised in .build/fast with the
#                                          server and the conformance tool in release: a long
#                                          first build, then a run about a third of the default's)
# Without swift test arguments, the run is split (scripts/lib/split-run.sh): the in-process tests
# in one `swift test`, each end-to-end suite in a process of its own beside it, SPLIT_JOBS
# (default 3) at a time, each log in .build/test-split/ and all of them in .build/test.log.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
log=.build/test.log
build_only=0
# The configuration: the default debug build (incremental), or --fast's optimised one, whose
# `workbench` builds and runs the release server and conformance tool.
configuration=debug
test_flags=()
if [ "${1-}" = "--fast" ]; then
    shift
    configuration=release
    # The test bundle links the executable's module: shared standard library (Package.swift).
    export BITPAL_SHARED_STDLIB=1
    test_flags=(-c release -Xswiftc -enable-testing --scratch-path .build/fast)
fi
if [ "${1-}" = "--build-only" ]; then
    build_only=1
    shift
    log=.build/test-build.log
    echo "test: building what the tests need (the full output goes to $log)" >&2
else
    echo "test: building and running every test (the full output goes to $log)" >&2
fi
# The server is a package of its own (Server/); the end-to-end tests run it through `workbench
# serve`, which would otherwise build it inside the first test that serves.
# SwiftPM keeps the server package's build plan across builds and misses a file added to the
# main package it depends on by path (the build then fails with "cannot find ... in scope"):
# dropping the plan makes it re-plan, which costs a second.
rm -f "Server/.build/$configuration.yaml" Server/.build/*/"$configuration"/description.json
rm -f "Conformance/.build/$configuration.yaml" Conformance/.build/*/"$configuration"/description.json
# So is the conformance tool (Conformance/, on swift-syntax), which the conformance tests run.
# shellcheck source=lib/progress.sh
. scripts/lib/progress.sh
# shellcheck source=lib/split-run.sh
. scripts/lib/split-run.sh
split=0
# The split waits with `wait -n -p` (bash 5.1); an older bash runs the one `swift test`.
if [ "$build_only" = 0 ] && [ $# -eq 0 ]; then
    if ((BASH_VERSINFO[0] > 5 || (BASH_VERSINFO[0] == 5 && BASH_VERSINFO[1] >= 1))); then
        split=1
        split_check_settings || exit 2
    else
        echo "test: bash $BASH_VERSION is older than 5.1, so the run is not split" >&2
    fi
fi
# A line every 20 s: the build's share done, then the tests finished (the suite has about 720).
(
    swift build -c "$configuration" --package-path Server --product workbench-serve >"$log" 2>&1 \
        && swift build -c "$configuration" --package-path Conformance --product workbench-conformance >>"$log" 2>&1 \
        && if [ "$build_only" = 1 ] || [ "$split" = 1 ]; then
            swift build ${test_flags[@]+"${test_flags[@]}"} --build-tests >>"$log" 2>&1
        else
            swift test ${test_flags[@]+"${test_flags[@]}"} "$@" >>"$log" 2>&1
        fi
) &
run=$!
watch_progress test "$log" "$run" 720
wait "$run"
status=$?
if [ "$split" = 1 ] && [ "$status" -eq 0 ]; then
    split_dir=.build/test-split
    run_started=$SECONDS
    bundle="$(swift build ${test_flags[@]+"${test_flags[@]}"} --show-bin-path)/BitpalWorkbenchPackageTests.xctest"
    run_split "$split_dir" "$bundle" ${test_flags[@]+"${test_flags[@]}"} &
    run=$!
    # Its own trap stops the processes it started.
    trap 'kill "$run" 2>/dev/null; wait "$run"; echo "test: stopped by a signal; the logs so far are in $split_dir" >&2; exit 130' INT TERM
    watch_progress test "$split_dir/*.log" "$run" 720
    wait "$run"
    status=$?
    trap - INT TERM
    echo "test: the run after the build took $((SECONDS - run_started)) s" >&2
    split_logs "$split_dir" | xargs cat >>"$log" 2>/dev/null
fi
# Build errors, failures with their issue lines, and the summaries (split: the in-process run's
# and one line for the end-to-end suites' processes).
if [ "$split" = 1 ] && [ -f "${split_dir:-}/in-process.log" ]; then
    grep -h -E "error:|^✘|Program crashed" $(split_logs "$split_dir") 2>/dev/null \
        | grep -v "^✘ Suite \|^✘ Test run with" | head -200
    grep -E "^Test Suite 'All tests' (passed|failed)|Executed [0-9]+ tests|^(✔|✘) Test run with" \
        "$split_dir/in-process.log" | grep -v "Executed 0 tests"
    suites=$(wc -l <"$split_dir/suites.txt")
    tests=$(cat $(split_logs "$split_dir" | tail -n +2) 2>/dev/null \
        | sed -n -E 's/^(✔|✘) Test run with ([0-9]+) tests? .*/\2/p' | awk '{ n += $1 } END { print n + 0 }')
    failures=$(split_failures "$split_dir")
    if grep -qx in-process <<<"$failures"; then
        echo "✘ The in-process tests failed or did not finish (the log is in $split_dir/in-process.log)"
    fi
    failing=$(grep -vx -e in-process -e '' <<<"$failures" | tr '\n' ' ')
    if [ -z "$failing" ]; then
        echo "✔ End-to-end: $tests tests in $suites suites, a process each, passed"
    else
        echo "✘ End-to-end: $tests tests in $suites suites, a process each; failed or unfinished: ${failing% } (their logs are in $split_dir)"
    fi
else
    grep -E "error:|^✘|^Test Suite 'All tests' (passed|failed)|Executed [0-9]+ tests|^✔ Test run with|Program crashed" "$log" \
        | grep -v "^✘ Suite \|Executed 0 tests" | head -200
fi
if [ "$build_only" = 1 ]; then
    if [ "$status" -ne 0 ]; then echo "test: the build FAILED (exit $status); the full output is in $log" >&2; fi
    exit "$status"
fi
if [ "$status" -ne 0 ]; then
    echo "test: FAILED (exit $status); the full output is in $log" >&2
else
    echo "test: passed; the full output is in $log" >&2
fi
exit "$status"
