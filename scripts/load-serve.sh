#!/usr/bin/env bash
# Load test of `workbench serve` with wrk (Debian), on loopback only, bounded to 10 s per path:
# wrk's two threads and CONNECTIONS connections (10 by default, issue 55's measure; issue 39's was
# 64), plan limits and latency off, the quickstart scenario on the wall clock.
# Prints requests per second and p50/p99 latency for /ping (the floor: the server's HTTP layer
# with no simulated work), then /simple/price and market_chart?days=1 each with its share of the
# floor measured in the same run (issue 55's targets: >= 90 % and >= 80 %, p99 under 5 ms).
#
#   scripts/load-serve.sh [SECONDS] [CONNECTIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
connections=${2:-10}
# Counts go to wrk: whole numbers, bounded (load tests stay short and on loopback).
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ] || [ "$seconds" -gt 300 ]; then
    echo "load-serve: SECONDS must be a whole number from 1 to 300, not '$seconds'" >&2
    exit 2
fi
if ! [[ "$connections" =~ ^[0-9]+$ ]] || [ "$connections" -lt 2 ] || [ "$connections" -gt 1000 ]; then
    echo "load-serve: CONNECTIONS must be a whole number from 2 (one a wrk thread) to 1000, not '$connections'" >&2
    exit 2
fi
if ! command -v wrk >/dev/null; then
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null; else sudo apt-get install -y -qq wrk; fi
fi
swift build -c release --product workbench >&2
swift build -c release --package-path Server --product workbench-serve >&2
errors=.build/load-serve.err
source scripts/serve-start.sh
start_serve load-serve "$errors"
source scripts/lib/serve-paths.sh
floor=""
for path in "${serve_paths[@]}"; do
    result=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency "$url$path")
    rps=$(echo "$result" | awk '/Requests\/sec/ {print $2}')
    p50=$(echo "$result" | awk '$1 == "50%" {print $2}')
    p99=$(echo "$result" | awk '$1 == "99%" {print $2}')
    errors_line=$(echo "$result" | grep -E "Non-2xx|Socket errors" || true)
    share=$([ -z "$floor" ] && echo "the floor" || echo "$(percent_of "$rps" "$floor") of /ping")
    floor=${floor:-$rps}
    echo "$path: $rps requests/s ($share), p50 $p50, p99 $p99 ${errors_line:+($errors_line)}"
done
