#!/usr/bin/env bash
# Validates the JUnit reports of `check` and `sweep` (and any reports given as arguments) against
# docs/junit.xsd with xmllint (Debian's libxml2-utils, installed when missing), and checks that
# their counts match what the commands said (issue 69, item 7; docs/ci.md).
#
# Usage: scripts/validate-junit.sh [WORKBENCH_BINARY] [REPORT.xml...]
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/debug/workbench}"
shift || true

if ! command -v xmllint >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libxml2-utils >/dev/null
fi

out=.build/ci/junit
rm -rf "$out"
mkdir -p "$out"
# A passing check and a failing one (the golden charts of another scenario: they differ).
"$binary" check scenarios/chart-regression.yaml --junit "$out/check-pass.xml" >/dev/null
mkdir -p "$out/other-golden"
cp scenarios/golden/chart-regression.charts.txt "$out/other-golden/chart-regression.charts.txt"
sed -i '0,/^[0-9]/s/^\([0-9]*\) .*/\1 12345.678/' "$out/other-golden/chart-regression.charts.txt"
if "$binary" check scenarios/chart-regression.yaml --golden-dir "$out/other-golden" \
    --junit "$out/check-fail.xml" >/dev/null 2>&1; then
    echo "validate-junit: check passed on a changed golden file" >&2
    exit 1
fi
# A sweep of two combinations, three seeds each: exit 0, or 1 when a cell failed (still a report).
status=0
"$binary" sweep scenarios/quickstart.yaml --seeds 1..3 --set policies.refresh_interval=30s,60s \
    --out "$out/sweep" --quiet --junit "$out/sweep.xml" >/dev/null || status=$?
if [ "$status" -gt 1 ]; then
    echo "validate-junit: the sweep failed (exit $status)" >&2
    exit 1
fi

reports=("$out/check-pass.xml" "$out/check-fail.xml" "$out/sweep.xml" "$@")
for report in "${reports[@]}"; do
    if ! errors=$(xmllint --noout --schema docs/junit.xsd "$report" 2>&1); then
        echo "$errors" >&2
        echo "validate-junit: $report does not validate against docs/junit.xsd" >&2
        exit 1
    fi
done
grep -q 'tests="1" failures="0"' "$out/check-pass.xml"
grep -q 'tests="1" failures="1"' "$out/check-fail.xml"
grep -q 'tests="2"' "$out/sweep.xml"
echo "validate-junit: ${#reports[@]} report(s) valid against docs/junit.xsd"
