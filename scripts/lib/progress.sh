# Progress lines for long builds and test runs (issue 69, item 4), sourced by scripts/setup.sh
# and scripts/test.sh. `watch_progress LABEL LOG PID [TESTS]` prints, every 20 s while PID runs,
# `LABEL: <what> <percent or count>, <elapsed>` on stderr, read from LOG: SwiftPM's `[N/M]`
# build steps (as a percentage that never goes backwards: M grows as SwiftPM plans more) or,
# once tests run, how many finished of about TESTS. It returns when PID ends; the caller `wait`s
# for PID's status.

watch_progress() {
    local label=$1 log=$2 pid=$3 tests=${4:-}
    local started=$SECONDS best=0 ticks=0
    while kill -0 "$pid" 2>/dev/null; do
        sleep 1
        ticks=$((ticks + 1))
        ((ticks % 20 == 0)) || continue
        local elapsed=$((SECONDS - started)) what=""
        local finished
        finished=$(grep -c -E '^(✔|✘) Test |^Test Case .* (passed|failed) ' "$log" 2>/dev/null || true)
        if [ "${finished:-0}" -gt 0 ]; then
            what="tests: ${finished} finished${tests:+ of about $tests}"
        else
            local step
            step=$(grep -o -E '^\[[0-9]+/[0-9]+\]' "$log" 2>/dev/null | tail -1 | tr -d '[]' || true)
            if [ -n "$step" ]; then
                local done=${step%/*} total=${step#*/}
                local percent=$((done * 100 / (total > 0 ? total : 1)))
                ((percent > best)) && best=$percent
                what="building: ${best} %"
            else
                what="planning the build"
            fi
        fi
        printf '%s: %s, %d min %02d s\n' "$label" "$what" $((elapsed / 60)) $((elapsed % 60)) >&2
    done
}
