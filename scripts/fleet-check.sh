#!/usr/bin/env bash
# Runs every fleet of fleets/ (a file with a `fleet:` section) at a CI size, once with two jobs and
# once with one, and checks that the two fleet.json are byte-identical and that the fleet's
# figures agree with its own minute counts (Python, independently of the Swift that wrote them):
# the minutes and the requests at the run's last instant add up to the requests and, for a one-day fleet, the busiest minute is their maximum.
# Usage: scripts/fleet-check.sh [WORKBENCH] [OUT] [USERS]   (default .build/debug/workbench, .build/ci/fleets, 100)
set -euo pipefail
cd "$(dirname "$0")/.."
workbench=${1:-.build/debug/workbench}
out=${2:-.build/ci/fleets}
users=${3:-100}
mkdir -p "$out"
for file in fleets/*.yaml; do
    grep -q '^fleet:' "$file" || continue
    name=$(basename "$file" .yaml)
    "$workbench" fleet "$file" --users "$users" --jobs 2 --quiet --out "$out/$name-2" >/dev/null
    "$workbench" fleet "$file" --users "$users" --jobs 1 --quiet --out "$out/$name-1" >/dev/null
    cmp "$out/$name-1/fleet.json" "$out/$name-2/fleet.json" || {
        echo "fleet-check: $name: --jobs 1 and --jobs 2 differ" >&2
        exit 1
    }
    python3 - "$out/$name-2/fleet.json" <<'PY'
import json, sys
fleet = json.load(open(sys.argv[1]))
minutes = fleet["requests_per_minute_of_day"]
assert sum(minutes) + fleet["requests_at_end"] == fleet["requests"], (sum(minutes), fleet["requests"])
if fleet["days"] == 1:
    assert max(minutes) == fleet["busiest_minute"]["max"], (max(minutes), fleet["busiest_minute"])
assert len(fleet["users_detail"]) == min(20, fleet["users"])
print(f"fleet-check: {fleet['fleet']}: {fleet['users']} users, {fleet['requests']} requests, "
      f"busiest minute {fleet['busiest_minute']['max']:.0f}; jobs 1 = jobs 2; minutes add up")
PY
done
