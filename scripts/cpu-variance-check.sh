#!/usr/bin/env bash
# Checks that results do not depend on the CPU's instruction set: runs `workbench generate` for
# every price model and every scenario in scenarios/ twice, once as glibc chooses its math
# routines on this CPU and once with its FMA and AVX2 variants switched off
# (GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA,-FMA4, what a CPU without them gets), and compares
# the bytes; `workbench check` must pass both ways on every scenario with golden charts. Exit 1
# when anything differs. On a CPU without FMA both runs are the same and the
# check proves nothing. See docs/price-models.md, "Across machines".
#
#   scripts/cpu-variance-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >&2
swift build -c release --product workbench >&2
python3 scripts/check-math-tables.py
workbench=.build/release/workbench
baseline="glibc.cpu.hwcaps=-AVX2,-FMA,-FMA4"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
differences=0
for model in gbm merton garch regime ou; do
    $workbench generate --model "$model" --seed 42 --steps 100000 --dt 5m >"$out/$model.native"
    GLIBC_TUNABLES=$baseline $workbench generate --model "$model" --seed 42 --steps 100000 --dt 5m \
        >"$out/$model.baseline"
    rows=$(diff "$out/$model.native" "$out/$model.baseline" | grep -c '^<' || true)
    echo "generate $model (100,000 steps): $rows of 100,001 prices differ"
    [ "$rows" = 0 ] || differences=$((differences + 1))
done
for scenario in scenarios/*.yaml; do
    name=$(basename "$scenario" .yaml)
    $workbench run "$scenario" --quiet --out "$out/native/$name" --history "$out/history.sqlite" >/dev/null
    GLIBC_TUNABLES=$baseline $workbench run "$scenario" --quiet --out "$out/baseline/$name" \
        --history "$out/history.sqlite" >/dev/null
    differing=""
    for file in result.json series.json report.md; do
        cmp -s "$out/native/$name/$file" "$out/baseline/$name/$file" || differing="$differing $file"
    done
    echo "run $name: ${differing:-identical}"
    [ -z "$differing" ] || differences=$((differences + 1))
done
for golden in scenarios/golden/*.charts.txt; do
    scenario="scenarios/$(basename "$golden" .charts.txt).yaml"
    for tunables in "" "$baseline"; do
        if GLIBC_TUNABLES=$tunables $workbench check "$scenario" >/dev/null 2>&1; then
            echo "check $scenario ${tunables:+($tunables)}: ok"
        else
            echo "check $scenario ${tunables:+($tunables)}: FAILS"
            differences=$((differences + 1))
        fi
    done
done
[ "$differences" = 0 ] || { echo "cpu-variance-check: $differences outputs depend on the CPU" >&2; exit 1; }
