# Sourced by the load and soak scripts: starts the release `workbench serve` on the quickstart
# (a free loopback port, no latency, no plan limits), stops it by its PID on exit, and sets
# `server` (its PID) and `url` (its base URL, from the first line of its standard error).
#   start_serve LABEL ERRORS-FILE
start_serve() {
    local label=$1 errors=$2
    .build/release/workbench serve scenarios/quickstart.yaml --port 0 --no-latency --no-limits 2>"$errors" &
    server=$!
    trap 'kill -TERM $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
    for _ in $(seq 100); do [ -s "$errors" ] && break; sleep 0.1; done
    url=$(head -1 "$errors")
    case "$url" in http://127.0.0.1:*) ;; *) echo "$label: the server did not start: $(cat "$errors")" >&2; exit 1 ;; esac
}
