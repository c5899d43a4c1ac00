# Progress lines for long builds and test runs (issue 69, item 4), sourced by scripts/setup.sh
# and scripts/test.sh. `watch_progress LABEL LOG PID [TESTS]` prints, every 20 s while PID runs,
# `LABEL: <what> <percent or count>, <elapsed>` on stderr, read from LOG (a file, or a pattern
# of files whose finished tests are added up): SwiftPM's `[N/M]`
# build steps (as a percentage that never goes backwards: M grows as SwiftPM plans more) or,
# once tests run, how many finished of about TESTS. It returns when PID ends; the caller `wait`s
# for PID's status.

watch_progress() {
    local label=$1 log=$2 pid=$3 tests=${4:-}
    local started=$SECONDS best=0 ticks=0 part=0
    while kill -0 "$pid" 2>/dev/null; do
        sleep 1
        ticks=$((ticks + 1))
        ((ticks % 20 == 0)) || continue
        local elapsed=$((SECONDS - started)) what=""
        local finished
        # LOG may be a pattern of several logs (a split run's), expanded here.
        # shellcheck disable=SC2086
        finished=$(cat $log 2>/dev/null | grep -c -E '^(✔|✘) Test |^Test Case .* (passed|failed) ' || true)
        if [ "${finished:-0}" -gt 0 ]; then
            what="tests: ${finished} finished${tests:+ of about $tests}"
        else
            # The last `[N/M]` step since the last finished build: test.sh builds three packages
            # in turn, and each build's share is its own (never going backwards within it).
            local step built
            step=$(awk '/^Build (of product .* )?complete/ { s = "" }
                /^\[[0-9]+\/[0-9]+\]/ { match($0, /^\[[0-9]+\/[0-9]+\]/); s = substr($0, 2, RLENGTH - 2) }
                END { print s }' "$log" 2>/dev/null || true)
            built=$(grep -c -E '^Build (of product .* )?complete' "$log" 2>/dev/null || true)
            if [ "${built:-0}" != "$part" ]; then
                part=${built:-0}
                best=0
            fi
            if [ -n "$step" ]; then
                local done=${step%/*} total=${step#*/}
                local percent=$((done * 100 / (total > 0 ? total : 1)))
                ((percent > best)) && best=$percent
                if ((part > 0)); then
                    what="building (part $((part + 1))): ${best} %"
                else
                    what="building: ${best} %"
                fi
            elif ((part > 0)); then
                # `swift test` writes its build's steps only when the build ends.
                what="building (part $((part + 1)))"
            else
                what="planning the build"
            fi
        fi
        printf '%s: %s, %d min %02d s\n' "$label" "$what" $((elapsed / 60)) $((elapsed % 60)) >&2
    done
}
