#!/usr/bin/env bash
# Fuzzes one input reader with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh TARGET SECONDS [RUNS]
#
# TARGET is json, csv, scenario or downsample (Sources/FuzzTargets). The run stops after SECONDS
# or RUNS executions, whichever comes first. The corpus grows in .build/fuzz/corpus/TARGET,
# seeded from datasets/, scenarios/ and Tests/Fixtures/fuzz/TARGET (the checked-in corpus that
# FuzzCorpusTests replays). A crash is written to .build/fuzz/crashes/TARGET/: copy it into
# Tests/Fixtures/fuzz/TARGET/ once fixed, so the tests keep it fixed.
#
# FUZZ_TIMEOUT (seconds, default 10) is libFuzzer's per-input limit. It is wall clock: beside a
# build, at nice 19, or paused with SIGSTOP, a fast input can pass it; give 60 there, and replay
# a timeout alone (FUZZ_TARGET=TARGET .build/fuzz/release/BitpalFuzz FILE) before calling it a hang.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: scripts/fuzz.sh json|csv|scenario|downsample SECONDS [RUNS]}
seconds=${2:-60}
runs=${3:--1}
case "$target" in json | csv | scenario | downsample) ;; *)
    echo "fuzz.sh: unknown target '$target' (json, csv, scenario, downsample)" >&2
    exit 2
    ;;
esac

timeout=${FUZZ_TIMEOUT:-10}
if ! [[ "$timeout" =~ ^[1-9][0-9]{0,4}$ ]]; then
    echo "fuzz.sh: FUZZ_TIMEOUT must be whole seconds from 1 to 99999, found '$timeout'" >&2
    exit 2
fi

scratch=.build/fuzz
swift build -c release --product BitpalFuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -parse-as-library >&2

corpus="$scratch/corpus/$target"
crashes="$scratch/crashes/$target"
mkdir -p "$corpus" "$crashes"
case "$target" in
json) for file in datasets/coingecko/*.json; do head -c 4096 "$file" >"$corpus/$(basename "$file")"; done ;;
csv) head -c 20000 datasets/coingecko/btc-usd-max.csv >"$corpus/btc-head.csv" ;;
scenario) cp scenarios/*.yaml "$corpus"/ ;;
downsample) ;;
esac

FUZZ_TARGET="$target" "$scratch/release/BitpalFuzz" "$corpus" "Tests/Fixtures/fuzz/$target" \
    -max_total_time="$seconds" -runs="$runs" -max_len=4096 -timeout="$timeout" -rss_limit_mb=4096 \
    -artifact_prefix="$crashes/" -print_final_stats=1
