# Shared by scripts/load-test.sh and scripts/serve-suites.sh (sourced, not run): reading
# --rounds and --loops, building the server package and the tests, and CPU-bound loops that are
# the caller's own children, stopped by their PIDs when it exits, however it exits.
# Before sourcing, set: name (for messages), rounds and loops (defaults), max_rounds, usage_lines
# (the `sed` range of the caller's help comment).

parse_rounds_and_loops() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --rounds) rounds=${2-}; shift 2 || shift ;;
            --loops) loops=${2-}; shift 2 || shift ;;
            -h | --help) sed -n "$usage_lines" "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
            *) echo "$name: unknown option '$1' (--rounds N, --loops N)" >&2; exit 2 ;;
        esac
    done
    case "$rounds$loops" in *[!0-9]* | "") echo "$name: --rounds and --loops take whole numbers" >&2; exit 2 ;; esac
    if [ "$rounds" -lt 1 ] || [ "$rounds" -gt "$max_rounds" ] || [ "$loops" -gt 64 ]; then
        echo "$name: --rounds takes 1 to $max_rounds and --loops 0 to 64 (found $rounds and $loops)" >&2
        exit 2
    fi
}

# Builds the server package, then the tests, into $out/build.log.
build_server_and_tests() {
    mkdir -p "$out"
    echo "$name: building (the server package, then the tests)" >&2
    rm -f Server/.build/debug.yaml Server/.build/*/debug/description.json
    if ! { swift build --package-path Server --product workbench-serve && swift build --build-tests; } >"$out/build.log" 2>&1; then
        grep -E "error:" "$out/build.log" | head -20 >&2
        echo "$name: the build failed; the log is in $out/build.log" >&2
        exit 1
    fi
}

# Starts $loops CPU-bound loops, stopped by their PIDs when the caller exits.
start_loops() {
    loop_pids=()
    trap stop_loops EXIT
    for _ in $(seq 1 "$loops"); do
        ( while :; do :; done ) &
        loop_pids+=($!)
    done
}

stop_loops() {
    for pid in ${loop_pids[@]+"${loop_pids[@]}"}; do kill "$pid" 2>/dev/null; done
    for pid in ${loop_pids[@]+"${loop_pids[@]}"}; do wait "$pid" 2>/dev/null; done
}
