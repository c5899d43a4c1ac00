#!/usr/bin/env bash
# End-to-end test of sweeps on Ray: a two-node local cluster (127.0.0.1) runs a 40-seed
# quickstart sweep, once whole, once with the extra worker node killed (SIGKILL) part way, and
# once with the driver killed (SIGKILL) after its first shard and the same command run again;
# every merged folder must equal a local `workbench sweep`, byte for byte (summary.json,
# summary.md and every result.json). Then a 40-user fleet in four shards (scripts/ray-fleet.py)
# must equal a local `workbench fleet`. Prints the wall times.
#
#   scripts/ray/test.sh          (CI runs it; see docs/sweeps.md)
#   BITPAL_WORKBENCH=.build/debug/workbench scripts/ray/test.sh   (a binary already built: no
#                                release build; CI uses the debug binary its tests built)
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/ray/setup.sh
python=.build/ray-venv/bin/python
workbench=$(realpath -m "${BITPAL_WORKBENCH:-.build/release/workbench}")
work=.build/ray-test
rm -rf "$work"
mkdir -p "$work"
trap '.build/ray-venv/bin/ray stop --force >/dev/null 2>&1 || true' EXIT

# A sweep exits 1 when a cell failed its expectations (the quickstart's seed 2 fires no alert);
# anything else is a failure of the test.
expectations_only() {
    local status=0
    "$@" || status=$?
    [ "$status" -le 1 ] || { echo "ray test: '$*' exited $status" >&2; exit 1; }
}

same() {
    cmp "$work/local/summary.json" "$1/summary.json"
    cmp "$work/local/summary.md" "$1/summary.md"
    diff -r "$work/local/base" "$1/base"
}

start=$(date +%s%N)
expectations_only "$workbench" sweep scenarios/quickstart.yaml --seeds 1..40 --jobs 2 --out "$work/local" --quiet \
    >/dev/null 2>&1
local_ms=$(( ($(date +%s%N) - start) / 1000000 ))

start=$(date +%s%N)
expectations_only "$python" scripts/ray-sweep.py scenarios/quickstart.yaml --seeds 1..40 --workbench "$workbench" \
    --out "$work/ray" >/dev/null
ray_ms=$(( ($(date +%s%N) - start) / 1000000 ))
same "$work/ray"

expectations_only "$python" scripts/ray-sweep.py scenarios/quickstart.yaml --seeds 1..40 --workbench "$workbench" \
    --shards 8 --kill-worker-after 0.8 --out "$work/ray-killed" >/dev/null 2>"$work/killed.err"
same "$work/ray-killed"

# The driver killed (SIGKILL) once a shard is done: the same command again keeps the finished
# shards (issue 40) and gives the same folder.
"$python" scripts/ray-sweep.py scenarios/quickstart.yaml --seeds 1..40 --workbench "$workbench" --shards 20 \
    --out "$work/ray-resumed" >/dev/null 2>"$work/driver.err" &
driver=$!
for _ in $(seq 600); do
    compgen -G "$work/ray-resumed.shards/shard-[0-9]*[0-9]" >/dev/null && break
    sleep 0.1
done
kill -9 "$driver" 2>/dev/null || true
wait "$driver" 2>/dev/null || true
.build/ray-venv/bin/ray stop --force >/dev/null 2>&1 || true
expectations_only "$python" scripts/ray-sweep.py scenarios/quickstart.yaml --seeds 1..40 --workbench "$workbench" \
    --shards 20 --out "$work/ray-resumed" >/dev/null 2>"$work/resumed.err"
grep -q "shards already done" "$work/resumed.err" || { echo "ray test: the rerun kept no shard" >&2; cat "$work/resumed.err" >&2; exit 1; }
same "$work/ray-resumed"
grep "already done" "$work/resumed.err" >&2

# A fleet on Ray (issue 54): four shards of 40 users, merged, equal a local run byte for byte.
"$workbench" fleet fleets/keyless-day.yaml --users 40 --jobs 2 --quiet --out "$work/fleet-local" >/dev/null
start=$(date +%s%N)
"$python" scripts/ray-fleet.py fleets/keyless-day.yaml --users 40 --shards 4 --workbench "$workbench" \
    --out "$work/fleet-ray" 2>"$work/fleet.err"
fleet_ms=$(( ($(date +%s%N) - start) / 1000000 ))
cmp "$work/fleet-local/fleet.json" "$work/fleet-ray/fleet.json"

echo "ray test: passed; local sweep ${local_ms} ms, Ray sweep (cluster start included) ${ray_ms} ms," \
    "Ray fleet of 40 users in 4 shards ${fleet_ms} ms" >&2
