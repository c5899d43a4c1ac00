#!/usr/bin/env bash
# Prints a command's resident memory over time, to see which phase sets the peak.
#
#   scripts/rss-timeline.sh [-q] [-i SECONDS] COMMAND [ARGS...]
#
# Samples /proc/PID/status (VmRSS) every 0.1 s by default and prints "seconds MB" lines on
# stderr (none with -q), then the peak (VmHWM) and the peaks of its two parts: RssAnon, the
# process's own memory, and RssFile, the binary's and libraries' resident pages. The second
# moves with the binary file's page cache (a fresh copy of the same binary can read 1.6 MB
# more), so compare RssAnon, or binaries copied alike (docs/benchmarks.md, round five). The
# command's own output goes to stdout.
set -euo pipefail
usage="usage: scripts/rss-timeline.sh [-q] [-i SECONDS] COMMAND [ARGS...]"
interval=0.1
quiet=0
while [ $# -gt 0 ]; do
    case "$1" in
        -q) quiet=1; shift ;;
        -i)
            interval=${2:?$usage}
            shift 2
            if ! [[ "$interval" =~ ^[0-9]*\.?[0-9]+$ ]] || [[ "$interval" =~ ^0*\.?0*$ ]]; then
                echo "rss-timeline.sh: -i expects a positive number of seconds such as 0.1, found '$interval'" >&2
                exit 2
            fi
            ;;
        *) break ;;
    esac
done
if [ $# -eq 0 ]; then
    echo "$usage" >&2
    exit 2
fi
"$@" &
pid=$!
started=$(date +%s.%N)
peak=0
anon_peak=0
file_peak=0
while kill -0 "$pid" 2>/dev/null; do
    status=$(cat "/proc/$pid/status" 2>/dev/null || true)
    read -r rss hwm anon file < <(awk '
        /^VmRSS:/ {rss = $2} /^VmHWM:/ {hwm = $2} /^RssAnon:/ {anon = $2} /^RssFile:/ {file = $2}
        END {print rss + 0, hwm + 0, anon + 0, file + 0}' <<<"$status")
    if [ "$rss" -gt 0 ]; then
        if [ "$quiet" -eq 0 ]; then
            awk -v now="$(date +%s.%N)" -v start="$started" -v kb="$rss" \
                'BEGIN {printf "%.1f s %.0f MB\n", now - start, kb / 1024}' >&2
        fi
        peak=$hwm
        if [ "$anon" -gt "$anon_peak" ]; then anon_peak=$anon; fi
        if [ "$file" -gt "$file_peak" ]; then file_peak=$file; fi
    fi
    sleep "$interval"
done
status=0
wait "$pid" || status=$?
if [ "$peak" -gt 0 ]; then
    awk -v kb="$peak" -v anon="$anon_peak" -v file="$file_peak" 'BEGIN {
        printf "peak (VmHWM at the last sample) %.1f MB; sampled peaks: RssAnon %.1f MB, RssFile %.1f MB\n",
            kb / 1024, anon / 1024, file / 1024}' >&2
else
    echo "no sample: the command ended within the first $interval s (use /usr/bin/time -v)" >&2
fi
exit "$status"
