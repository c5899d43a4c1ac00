#!/usr/bin/env bash
# Renders a report.html in headless Chromium (Debian's package, installed when missing) and
# writes a PNG screenshot next to it, so a person can check the page as a browser shows it.
#   scripts/screenshot-report.sh out/quickstart/report.html   # writes out/quickstart/report.png
set -euo pipefail
report="${1:?usage: scripts/screenshot-report.sh REPORT.html [WIDTHxHEIGHT]}"
size="${2:-1000,3200}"
[ -f "$report" ] || { echo "screenshot: $report: no such file" >&2; exit 2; }
if ! command -v chromium >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "screenshot: installing chromium" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
png="${report%.html}.png"
absolute="$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$size" \
    --screenshot="$png" "file://$absolute" 2>/dev/null
echo "screenshot: $png" >&2
