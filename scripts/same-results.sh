#!/usr/bin/env bash
# Runs every library scenario (scenarios/*.yaml), the simulator's benchmark years, held-out-style
# variants of the mixed year and every library fleet with two workbench binaries, and compares
# what they write byte for byte: result.json, series.json, report.md, fleet.json and fleet.md. A speed-up must leave all of them
# unchanged (issue 55). Exit 1 on the first difference, naming the scenario and the file.
#
# Usage: scripts/same-results.sh BASE_BINARY NEW_BINARY [--quick]
#   --quick: the library scenarios and fleets at 100 users (under a minute); without it the
#            benchmark years and fleets at 300 users too (about two minutes on release binaries).
# Example: git worktree add /tmp/base HEAD~1 && (cd /tmp/base && swift build -c release)
#          scripts/same-results.sh /tmp/base/.build/release/workbench .build/release/workbench
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
    echo "usage: scripts/same-results.sh BASE_BINARY NEW_BINARY [--quick]" >&2
    exit 2
fi
base=$1
new=$2
quick=${3:-}
if [ -n "$quick" ] && [ "$quick" != "--quick" ]; then
    echo "same-results: unknown option '$quick' (only --quick)" >&2
    exit 2
fi
for binary in "$base" "$new"; do
    if [ ! -x "$binary" ]; then
        echo "same-results: $binary is not an executable" >&2
        exit 2
    fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name|scenario|extra arguments
cases=()
for file in scenarios/*.yaml; do
    cases+=("$(basename "$file" .yaml)|$file|")
done
if [ "$quick" != "--quick" ]; then
    mixed=Benchmarks/scenarios/simulate-100-mixed-year.yaml
    cases+=("mixed-year|$mixed|")
    cases+=("mixed-year-seed7-corr0.5-10m|$mixed|--seed 7 --set market.correlation=0.5 --set market.step=10m")
    cases+=("mixed-year-seed3-independent|$mixed|--seed 3 --set market.correlation=0")
    cases+=("generated-year|Benchmarks/scenarios/simulate-100-generated-year.yaml|")
    cases+=("generated-independent-year|Benchmarks/scenarios/simulate-100-generated-independent-year.yaml|")
fi

status=0
for entry in "${cases[@]}"; do
    IFS='|' read -r name scenario extra <<<"$entry"
    for side in base new; do
        binary=$base
        if [ "$side" = new ]; then binary=$new; fi
        # shellcheck disable=SC2086
        "$binary" run "$scenario" $extra --no-history --quiet --out "$work/$side/$name" >"$work/$side-$name.log" 2>&1
        echo $? >"$work/$side-$name.status"
    done
    if ! cmp -s "$work/base-$name.status" "$work/new-$name.status"; then
        echo "same-results: $name: exit $(cat "$work/base-$name.status") (base) against $(cat "$work/new-$name.status") (new)"
        status=1
        continue
    fi
    for file in result.json series.json report.md; do
        if [ -f "$work/base/$name/$file" ] || [ -f "$work/new/$name/$file" ]; then
            if ! cmp -s "$work/base/$name/$file" "$work/new/$name/$file"; then
                echo "same-results: $name: $file differs"
                status=1
            fi
        fi
    done
done
# Every library fleet at 100 users (300 without --quick): fleet.json and fleet.md.
users=300
if [ "$quick" = "--quick" ]; then users=100; fi
fleets=0
for file in fleets/*.yaml; do
    # fleets/ also holds the scenario its fleets run (user-day.yaml): only fleet files.
    grep -q "^fleet:" "$file" || continue
    name=fleet-$(basename "$file" .yaml)
    for side in base new; do
        binary=$base
        if [ "$side" = new ]; then binary=$new; fi
        "$binary" fleet "$file" --users "$users" --jobs 2 --out "$work/$side/$name" >"$work/$side-$name.log" 2>&1
        echo $? >"$work/$side-$name.status"
    done
    fleets=$((fleets + 1))
    if ! cmp -s "$work/base-$name.status" "$work/new-$name.status"; then
        echo "same-results: $name: exit $(cat "$work/base-$name.status") (base) against $(cat "$work/new-$name.status") (new)"
        status=1
        continue
    fi
    for result in fleet.json fleet.md; do
        if ! cmp -s "$work/base/$name/$result" "$work/new/$name/$result"; then
            echo "same-results: $name: $result differs"
            status=1
        fi
    done
done
if [ "$status" -eq 0 ]; then
    echo "same-results: ${#cases[@]} runs and $fleets fleets ($users users): result.json, series.json, report.md, fleet.json and fleet.md identical"
fi
exit "$status"
