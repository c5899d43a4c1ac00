#!/usr/bin/env bash
# The release `workbench-serve`'s instructions a request, counted by callgrind (valgrind, Debian):
# the quickstart served with --no-latency --no-limits on a free loopback port, one keep-alive
# client (Python's http.client) sending 200 requests to warm up, then REQUESTS (2,000 by default)
# of each path, counted alone. Prints /ping (the floor: the HTTP layer, no simulated work), then
# /simple/price and market_chart?days=1 with the floor's share of their count, which is what
# `scripts/load-serve.sh`'s requests a second would be on a machine that did nothing else.
# Counts move by about 1 % run to run (the event loops' wake-ups); wall-clock rates on a shared
# two-core VM moved by a quarter (docs/benchmarks.md, round five, "serve's request path").
#
#   scripts/serve-instructions.sh [REQUESTS] [BINARY]
#     BINARY: a workbench-serve to count (default: Server/.build/release/workbench-serve, built).
set -euo pipefail
cd "$(dirname "$0")/.."
requests=${1:-2000}
binary=${2:-}
if ! [[ "$requests" =~ ^[0-9]+$ ]] || [ "$requests" -lt 100 ] || [ "$requests" -gt 20000 ]; then
    echo "serve-instructions: REQUESTS must be a whole number from 100 to 20000, not '$requests'" >&2
    exit 2
fi
if ! command -v valgrind >/dev/null; then
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; else sudo apt-get install -y -qq valgrind; fi
fi
if [ -z "$binary" ]; then
    swift build -c release --package-path Server --product workbench-serve >&2
    binary=Server/.build/release/workbench-serve
fi
if [ ! -x "$binary" ]; then
    echo "serve-instructions: $binary is not an executable" >&2
    exit 2
fi
work=$(mktemp -d)
server=""
cleanup() {
    if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
# valgrind reads the symbols of a copy without the debug sections (it cannot read Swift's).
objcopy --strip-debug "$binary" "$work/workbench-serve"

count() {
    local path=$1 out=$work/callgrind.out
    valgrind --tool=callgrind --callgrind-out-file="$out" "$work/workbench-serve" scenarios/quickstart.yaml \
        --port 0 --no-latency --no-limits 2>"$work/errors" &
    server=$!
    # Under valgrind the server takes some seconds to start: at most 60.
    for _ in $(seq 600); do grep -q '^http://' "$work/errors" && break; sleep 0.1; done
    local url
    url=$(grep -m1 '^http://' "$work/errors" || true)
    case "$url" in http://127.0.0.1:*) ;; *) echo "serve-instructions: the server did not start: $(cat "$work/errors")" >&2; exit 1 ;; esac
    timeout 600 python3 - "$url" "$path" "$requests" "$server" <<'PY'
import http.client, subprocess, sys, urllib.parse
url, path, count, pid = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
base = urllib.parse.urlparse(url)
connection = http.client.HTTPConnection(base.hostname, base.port, timeout=60)
def send(times):
    for _ in range(times):
        connection.request("GET", base.path + path)
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            sys.exit(f"serve-instructions: {path} answered {response.status}")
send(200)
subprocess.run(["callgrind_control", "--zero", pid], check=True, capture_output=True, timeout=60)
send(count)
subprocess.run(["callgrind_control", "--dump", pid], check=True, capture_output=True, timeout=60)
PY
    kill -TERM "$server"
    wait "$server" 2>/dev/null || true
    server=""
    awk -v n="$requests" '/^summary:/ {printf "%.0f", $2 / n}' "$out.1"
    rm -f "$out" "$out".*
}

source scripts/lib/serve-paths.sh
floor=""
for path in "${serve_paths[@]}"; do
    instructions=$(count "$path")
    share=$([ -z "$floor" ] && echo "the floor" || echo "/ping is $(percent_of "$floor" "$instructions") of it")
    floor=${floor:-$instructions}
    echo "$path: $instructions instructions a request ($share)"
done
