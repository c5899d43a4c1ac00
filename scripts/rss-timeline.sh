#!/usr/bin/env bash
# Prints a command's resident memory over time, to see which phase sets the peak.
#
#   scripts/rss-timeline.sh [-i SECONDS] COMMAND [ARGS...]
#
# Samples /proc/PID/status (VmRSS) every 0.1 s by default and prints "seconds MB" lines on
# stderr, then the peak (VmHWM) as the last line. The command's own output goes to stdout.
set -euo pipefail
interval=0.1
if [ "${1:-}" = "-i" ]; then
    interval=${2:?usage: scripts/rss-timeline.sh [-i SECONDS] COMMAND [ARGS...]}
    shift 2
    if ! [[ "$interval" =~ ^[0-9]*\.?[0-9]+$ ]] || [[ "$interval" =~ ^0*\.?0*$ ]]; then
        echo "rss-timeline.sh: -i expects a positive number of seconds such as 0.1, found '$interval'" >&2
        exit 2
    fi
fi
if [ $# -eq 0 ]; then
    echo "usage: scripts/rss-timeline.sh [-i SECONDS] COMMAND [ARGS...]" >&2
    exit 2
fi
"$@" &
pid=$!
started=$(date +%s.%N)
peak=0
while kill -0 "$pid" 2>/dev/null; do
    status=$(cat "/proc/$pid/status" 2>/dev/null || true)
    rss=$(awk '/^VmRSS:/ {print $2}' <<<"$status")
    hwm=$(awk '/^VmHWM:/ {print $2}' <<<"$status")
    if [ -n "$rss" ]; then
        awk -v now="$(date +%s.%N)" -v start="$started" -v kb="$rss" \
            'BEGIN {printf "%.1f s %.0f MB\n", now - start, kb / 1024}' >&2
        peak=${hwm:-$peak}
    fi
    sleep "$interval"
done
status=0
wait "$pid" || status=$?
if [ "$peak" -gt 0 ]; then
    awk -v kb="$peak" 'BEGIN {printf "peak (VmHWM at the last sample) %.0f MB\n", kb / 1024}' >&2
else
    echo "no sample: the command ended within the first $interval s (use /usr/bin/time -v)" >&2
fi
exit "$status"
