#!/usr/bin/env bash
# Soak test of `workbench serve`: hours-long use behind an app's UI tests, compressed. On loopback
# only, bounded in time (SECONDS, default 1800) and so in requests.
#
# wrk (Debian) drives every endpoint of docs/openapi.yaml, with four API-key variants (none, two
# demo keys, a pro key), 16 connections, in 10-second segments. Each minute has a 40-second
# normal phase, a 10-second outage and a 10-second 429 storm, toggled through the admin API.
# After every segment the script samples the server's resident memory, open descriptors and
# journal, and wrk's request rate, p50/p99 latency and status counts.
#
# Pass: at least 2,000 requests/s in every normal segment; resident memory and descriptors flat
# within 10 % after the first two minutes; the admin journal at most 1,000 entries; no 5xx
# outside the outage phases, and no 5xx but 503 inside them. Writes .build/soak/soak.md (the
# table and the verdict) and exits 1 on a failed criterion.
#
#   scripts/soak-serve.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-1800}
if ! command -v wrk >/dev/null; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >/dev/null
fi
swift build -c release --product workbench >&2
swift build -c release --package-path Server --product workbench-serve >&2
out=.build/soak
mkdir -p "$out"
errors="$out/serve.err"
source scripts/serve-start.sh
start_serve soak-serve "$errors"
base=${url%/}
admin=${base%/api/v3}/__admin

cat >"$out/mix.lua" <<'LUA'
-- Every endpoint, four key variants, in turn; status classes counted per thread.
local paths = {
  "/api/v3/ping",
  "/api/v3/simple/price?ids=bitcoin,ethereum,solana&vs_currencies=usd,eur&include_24hr_change=true",
  "/api/v3/coins/markets?vs_currency=usd&ids=bitcoin,ethereum,solana,dogecoin,tether",
  "/api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=1",
  "/api/v3/coins/ethereum/market_chart?vs_currency=usd&days=30",
  "/api/v3/coins/solana/ohlc?vs_currency=usd&days=7",
  "/api/v3/coins/dogecoin",
  "/api/v3/coins/tether/history?date=30-12-2023",
  "/api/v3/search?query=bit",
  "/api/v3/coins/list",
}
local keys = {
  {},
  {["x-cg-demo-api-key"] = "demo-key-a"},
  {["x-cg-demo-api-key"] = "demo-key-b"},
  {["x-cg-pro-api-key"] = "pro-key-c"},
}
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) n = 0; ok = 0; s429 = 0; s4xx = 0; s503 = 0; s5xx = 0 end
function request()
  n = n + 1
  local path = paths[(n % #paths) + 1]
  local headers = keys[(math.floor(n / #paths) % #keys) + 1]
  return wrk.format("GET", path, headers)
end
function response(status, headers, body)
  if status == 429 then s429 = s429 + 1
  elseif status == 503 then s503 = s503 + 1
  elseif status >= 500 then s5xx = s5xx + 1
  elseif status >= 400 then s4xx = s4xx + 1
  else ok = ok + 1 end
end
function done(summary, latency, requests)
  local t = {ok = 0, s429 = 0, s4xx = 0, s503 = 0, s5xx = 0}
  for _, thread in ipairs(threads) do
    for name, _ in pairs(t) do t[name] = t[name] + thread:get(name) end
  end
  io.write(string.format("SOAK %d %.0f %d %d %d %d %d %d %d\n", summary.requests,
    summary.requests / (summary.duration / 1e6), latency:percentile(50), latency:percentile(99),
    t.ok, t.s429, t.s4xx, t.s503, t.s5xx))
end
LUA

fault() { curl -s -o /dev/null -X POST "$admin/faults" -d "{\"fault\":\"$1\",\"action\":\"$2\"}"; }
table="$out/samples.tsv"
echo -e "t_s\tphase\trss_kb\tfds\tjournal\trequests\trps\tp50_us\tp99_us\t2xx\t429\t4xx\t503\tother_5xx" >"$table"
started=$(date +%s)
segment=0
while (($(date +%s) - started < seconds)); do
    case $((segment % 6)) in
    4) phase=outage; fault outage start ;;
    5) phase=storm; fault storm start ;;
    *) phase=normal ;;
    esac
    line=$(wrk -t2 -c16 -d10s -s "$out/mix.lua" "$base" | grep '^SOAK' || true)
    case $phase in
    outage) fault outage stop ;;
    storm) fault storm stop ;;
    esac
    rss=$(awk '/^VmRSS/ {print $2}' "/proc/$server/status")
    fds=$(ls "/proc/$server/fd" | wc -l)
    journal=$(curl -s "$admin/requests" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["requests"]))')
    read -r _ requests rps p50 p99 ok s429 s4xx s503 s5xx <<<"$line"
    echo -e "$(($(date +%s) - started))\t$phase\t$rss\t$fds\t$journal\t$requests\t$rps\t$p50\t$p99\t$ok\t$s429\t$s4xx\t$s503\t$s5xx" >>"$table"
    echo "soak-serve: $(($(date +%s) - started)) s, $phase: $rps requests/s, p99 ${p99} us, rss ${rss} kB, fds $fds" >&2
    segment=$((segment + 1))
done
python3 scripts/soak_verdict.py "$table" "$out/soak.md"
