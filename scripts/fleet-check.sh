#!/usr/bin/env bash
# Runs every fleet of fleets/ (a file with a `fleet:` section) at a CI size, once with two jobs and
# once with one, and checks that the two fleet.json are byte-identical and that the fleet's
# figures agree with its own minute counts (Python, independently of the Swift that wrote them):
# in every arm the minutes and the requests at the run's last instant add up to the requests (a proxy's
# fetches), the credits by day to the credits, a proxy fetches no less than the offline optimum and,
# for a one-day fleet, the busiest minute is the minutes' maximum. The two-job run checks every
# user's invariants after every event (--check-invariants), the shared key's and the proxy's too,
# and its fleet.json must still be the one-job run's.
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
    "$workbench" fleet "$file" --users "$users" --jobs 2 --quiet --check-invariants --out "$out/$name-2" >/dev/null
    "$workbench" fleet "$file" --users "$users" --jobs 1 --quiet --out "$out/$name-1" >/dev/null
    cmp "$out/$name-1/fleet.json" "$out/$name-2/fleet.json" || {
        echo "fleet-check: $name: --jobs 1 and --jobs 2 differ" >&2
        exit 1
    }
    python3 - "$out/$name-2/fleet.json" <<'PY'
import json, sys
fleet = json.load(open(sys.argv[1]))
assert len(fleet["users_detail"]) == min(20, fleet["users"])
for arm in fleet["arms"]:
    minutes = arm["requests_per_minute_of_day"]
    proxy = arm.get("shared", {}).get("proxy")
    if proxy is None:
        # Devices call CoinGecko themselves: every request is in a minute or at the last instant.
        assert sum(minutes) + arm["requests_at_end"] == arm["requests"], (arm["label"], sum(minutes), arm["requests"])
    else:
        # A proxy: its fetches are what reach CoinGecko; hits, joins and fetches are every request,
        # and no cache could fetch less than the offline optimum.
        assert sum(minutes) <= arm["requests_to_coingecko"] == proxy["fetches"], arm["label"]
        assert proxy["hits"] + proxy["joined"] + proxy["fetches"] == proxy["requests"] == arm["requests"]
        assert proxy["fetches"] >= proxy["optimal_fetches"], proxy
        assert abs(proxy["hit_ratio"] - (proxy["hits"] + proxy["joined"]) / proxy["requests"]) < 1e-12
    if fleet["days"] == 1:
        assert max(minutes) == arm["busiest_minute"]["max"], (arm["label"], max(minutes), arm["busiest_minute"])
    assert sum(arm["credits_by_day"]) == arm["credits_billed"], arm["label"]
    print(f"fleet-check: {fleet['fleet']} [{arm['label']}]: {fleet['users']} users, {arm['requests']} requests, "
          f"{arm['requests_to_coingecko']} at CoinGecko, busiest minute {arm['busiest_minute']['max']:.0f}")
print(f"fleet-check: {fleet['fleet']}: jobs 1 = jobs 2; minutes and credits add up")
PY
done
