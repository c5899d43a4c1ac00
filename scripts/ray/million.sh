#!/usr/bin/env bash
# Issue 40's evidence: a million cells of Benchmarks/scenarios/sweep-tiny.yaml, on one machine
# (10 shards of 100,000 run one after another with `sweep --jobs 2`, then `merge`) and through
# scripts/ray-sweep.py on the local two-node cluster; prints the times, each kind of process's
# peak memory and the bytes on disk, and checks that the two summaries are byte-identical.
# About 15 minutes on a 2-core machine and 3 GB of disk under .build/million. Not run by CI.
#
#   scripts/ray/million.sh [SEEDS]     (SEEDS defaults to 1..1000000; 1..20000 for a quick look)
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/ray/setup.sh
seeds=${1:-1..1000000}
workbench=.build/release/workbench
work=.build/million
rm -rf "$work"
mkdir -p "$work"
trap '.build/ray-venv/bin/ray stop --force >/dev/null 2>&1 || true' EXIT

shards=()
started=$(date +%s.%N)
for k in $(seq 1 10); do
    /usr/bin/time -f "one machine: shard $k/10 %e s, %M KB" "$workbench" sweep Benchmarks/scenarios/sweep-tiny.yaml \
        --seeds "$seeds" --shard "$k/10" --jobs 2 --quiet --out "$work/local/shard-$k" >/dev/null
    shards+=("$work/local/shard-$k")
done
swept=$(date +%s.%N)
/usr/bin/time -f "one machine: merge %e s, %M KB" "$workbench" merge "${shards[@]}" --out "$work/local/merged" >/dev/null
echo "one machine: sweeping $(echo "$swept - $started" | bc) s"
echo "one machine: shards $(du -scb "${shards[@]}" | tail -1 | cut -f1) bytes, merged $(du -sb "$work/local/merged" | cut -f1) bytes"

python3 scripts/ray/peak-memory.py "$work/ray-memory.txt" &
watcher=$!
.build/ray-venv/bin/python scripts/ray-sweep.py Benchmarks/scenarios/sweep-tiny.yaml --seeds "$seeds" \
    --out "$work/ray" 2>&1 >/dev/null | grep -v "cells/s, ETA" || true
kill -TERM "$watcher"
wait "$watcher" || true
sed 's/^/ray: peak /' "$work/ray-memory.txt"
echo "ray: merged $(du -sb "$work/ray" | cut -f1) bytes"
cmp "$work/local/merged/summary.json" "$work/ray/summary.json"
cmp "$work/local/merged/summary.md" "$work/ray/summary.md"
echo "million: summary.json and summary.md byte-identical"
