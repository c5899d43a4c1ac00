#!/usr/bin/env bash
# Proves that the golden charts bite: applies one deliberate one-line change to the app's chart
# path at a time (the stride's start and step, the wall-clock filter's boundary, candle
# continuity, a cap), rebuilds the debug workbench, and requires
# `workbench check scenarios/chart-regression-bitpal.yaml` to fail on each, then restores the
# source and checks that the unchanged code passes again. Each mutation is a single `sed` on one
# line; the script refuses to start with local changes to those files, and restores them on any
# exit.
# Usage: scripts/chart-mutations.sh        (about 40 s per mutation on the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."

files=(
    Sources/TrackerCore/Downsampling/StrideDownsampler.swift
    Sources/TrackerCore/Chart/RangeFilter.swift
    Sources/TrackerCore/Chart/CandlePolicy.swift
    Sources/TrackerCore/Chart/ChartRangeProfile+Presets.swift
)
if ! git diff --quiet -- "${files[@]}"; then
    echo "chart-mutations: ${files[*]} have local changes; commit or stash them first" >&2
    exit 2
fi
restore() { git checkout -- "${files[@]}"; }
trap restore EXIT

# label | file | sed expression (one line changes)
mutations=(
    "stride starts at index 1|Sources/TrackerCore/Downsampling/StrideDownsampler.swift|s/Swift.stride(from: 0, to: count, by: step)/Swift.stride(from: 1, to: count, by: step)/"
    "stride rounds its step up|Sources/TrackerCore/Downsampling/StrideDownsampler.swift|s|let step = count / maxPoints|let step = (count + maxPoints - 1) / maxPoints|"
    "wall-clock filter's boundary one tick later|Sources/TrackerCore/Chart/RangeFilter.swift|s/case .wallclock: now - range.spanMilliseconds/case .wallclock: now - range.spanMilliseconds + 300_000/"
    "candles keep their own open (no continuity)|Sources/TrackerCore/Chart/CandlePolicy.swift|s/open\[index\] = candles.close\[index - 1\]/open[index] = candles.open[index]/"
    "the 1D line cap is 95, not 96|Sources/TrackerCore/Chart/ChartRangeProfile+Presets.swift|s/.oneDay: .bitpal(days: 1, ttl: 300, lineCap: 96)/.oneDay: .bitpal(days: 1, ttl: 300, lineCap: 95)/"
)

check() {
    swift build --product workbench >/dev/null 2>&1 || { echo "chart-mutations: the build failed" >&2; exit 2; }
    local status=0
    .build/debug/workbench check scenarios/chart-regression-bitpal.yaml >/dev/null 2>&1 || status=$?
    echo "$status"
}

caught=0
for mutation in "${mutations[@]}"; do
    IFS='|' read -r label file expression <<<"$mutation"
    before=$(md5sum "$file")
    sed -i "$expression" "$file"
    if [ "$(md5sum "$file")" = "$before" ]; then
        echo "chart-mutations: '$label' changed nothing in $file (the source moved on; update the script)" >&2
        exit 2
    fi
    status=$(check)
    restore
    if [ "$status" = 1 ]; then
        echo "caught: $label"
        caught=$((caught + 1))
    else
        echo "MISSED: $label (check exited $status)" >&2
    fi
done
status=$(check)
if [ "$status" != 0 ]; then
    echo "chart-mutations: the unchanged code fails its own golden charts (exit $status)" >&2
    exit 1
fi
echo "chart-mutations: $caught of ${#mutations[@]} mutations caught; the unchanged code passes"
[ "$caught" = "${#mutations[@]}" ]
