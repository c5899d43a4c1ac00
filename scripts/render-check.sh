#!/usr/bin/env bash
# Renders every report kind in headless Chromium at desktop (1280 px) and phone (390 px) widths
# and checks each page: the screenshot is not blank, no text overflows its box, no SVG label is
# cut off (scripts/render_check.py). Installs Debian's chromium when missing unless told not to.
#   scripts/render-check.sh              # builds, runs the scenarios, checks their report.html
#   BITPAL_NO_INSTALL=1 scripts/render-check.sh   # skip (exit 0) when chromium is absent
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
    if [ "${BITPAL_NO_INSTALL:-0}" = 1 ]; then echo "render-check: no chromium; skipped" >&2; exit 0; fi
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
out=.build/render-check
mkdir -p "$out"
pages=()
# One report of each kind the workbench writes: a short synthetic run (line and candle charts),
# a year's backtest on the recorded history (the tearsheet), a 200-coin watchlist, an outage (a
# chart served stale: the longest plot title), and the
# history page of the three, a sweep's summary page and a comparison page.
rm -f "$out/history.sqlite"
for scenario in quickstart btc-year-backtest demo-plan-200-coins api-outage; do
    swift run workbench run "scenarios/$scenario.yaml" --out "$out/$scenario" --history "$out/history.sqlite" --quiet >&2
    pages+=("$out/$scenario/report.html")
done
# The history page of those runs.
swift run workbench history --history "$out/history.sqlite" --html "$out/history/report.html" >/dev/null
pages+=("$out/history/report.html")
# A sweep's summary page: three limiters over three seeds.
rm -rf "$out/sweep"
# Six combinations with long labels, the widest "medians side by side" table; the sweep exits 1
# because the quickstart's seed 2 fires no alert, which is what it should say.
status=0
swift run workbench sweep scenarios/quickstart.yaml --seeds 1..3 --jobs 1 --out "$out/sweep" --quiet \
    --set policies.limiter=bitpal,spacing,token-bucket --set plan=demo-30,seed-50 >/dev/null 2>&1 || status=$?
if [ "$status" -gt 1 ]; then echo "render-check: the sweep failed ($status)" >&2; exit 1; fi
mkdir -p "$out/sweep-page" && cp "$out/sweep/summary.html" "$out/sweep-page/report.html"
pages+=("$out/sweep-page/report.html")
# A comparison page: the quickstart against itself with another limiter.
swift run workbench run scenarios/quickstart.yaml --out "$out/quickstart-spacing" --no-history --quiet \
    --set policies.limiter=spacing >/dev/null
mkdir -p "$out/compare"
swift run workbench compare "$out/quickstart" "$out/quickstart-spacing" --html "$out/compare/report.html" >/dev/null
pages+=("$out/compare/report.html")
python3 scripts/render_check.py "${pages[@]}"
