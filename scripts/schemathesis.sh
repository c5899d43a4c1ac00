#!/usr/bin/env bash
# Runs schemathesis (PyPI, pinned in scripts/schemathesis/requirements.txt) against
# `workbench serve` with the document docs/openapi.yaml: the quickstart scenario (no faults) on a
# free loopback port, plan limits and latency off. Fails on any server error or any response
# that breaks the document (status, content type, headers, schema).
#
# Two passes. Every operation but OHLC gets valid and invalid requests (--mode all). OHLC gets
# valid requests only: without vs_currency or days the real API answers 500 (recorded in
# datasets/coingecko/error500_ohlc_missing_params.json), and serve does the same on purpose.
#
#   scripts/schemathesis.sh [MAX_EXAMPLES]     (default 100 per operation)
#
# The report (JUnit XML and the run's events) goes to .build/schemathesis/.
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-100}
venv=.build/schemathesis-venv
if [ ! -x "$venv/bin/schemathesis" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q -r scripts/schemathesis/requirements.txt
fi
swift build --product workbench >&2
swift build --package-path Server --product workbench-serve >&2
workbench=$(swift build --show-bin-path)/workbench
report=.build/schemathesis
mkdir -p "$report"
errors="$report/serve.stderr"
"$workbench" serve scenarios/quickstart.yaml --port 0 --clock manual --no-latency --no-limits 2>"$errors" &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
    [ -s "$errors" ] && break
    sleep 0.1
done
url=$(head -n 1 "$errors")
case "$url" in http://127.0.0.1:*) ;; *)
    echo "schemathesis.sh: serve did not start: $(cat "$errors")" >&2
    exit 2
    ;;
esac
echo "schemathesis.sh: testing $url against docs/openapi.yaml ($examples examples per operation)" >&2
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance
run() {
    "$venv/bin/schemathesis" run docs/openapi.yaml --url "$url" --checks "$checks" \
        --max-examples "$examples" --seed 1 --workers 1 --request-timeout 10 --no-color \
        --report junit --report-dir "$report" "$@"
}
status=0
run --mode all --exclude-operation-id ohlc || status=$?
run --mode positive --include-operation-id ohlc || status=$?
exit "$status"
