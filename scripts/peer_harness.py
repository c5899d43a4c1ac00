"""Side-by-side measurements: the workbench against tsdownsample, numpy and Python's JSON parsers.

Every number is a median of repeated runs measured in the same process run, and every row compares
ours and the peer's on the same input, so the ratios hold on a noisy machine even when the
absolute times do not. Run through scripts/peer-harness.sh.
"""

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

import numpy as np
import orjson
import tsdownsample

WORKBENCH = ".build/release/workbench"
OUT = Path(".build/peers")
READ_RATE_PROBE = Path("scripts/peers/read-rate.c")
# Bytes a point each algorithm reads: MinMax, M4 and MinMaxLTTB's preselection read each y once,
# x only at bin edges (a search); LTTB reads y for the anchor sums, then x and y for the candidates.
BYTES_READ_PER_POINT = {"minmax": 8, "m4": 8, "minmaxlttb": 8, "lttb": 24}
REPEAT = 7
SMALL_DECODE_REPEAT = 2001  # for responses under 1 MB, on both sides
ROUNDS_AT_1E7 = 5  # alternating rounds for the N = 1e7 downsampling rows (side_by_side)


class Timing(NamedTuple):
    """Milliseconds over repeated runs: the median, and the fastest (what the code can do when
    the shared machine is not in its way)."""
    median: float
    minimum: float


def median_ms(function, repeat=REPEAT):
    function()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1e3)
    return Timing(statistics.median(times), min(times))


def ours(*arguments, repeat=REPEAT):
    line = subprocess.run(
        [WORKBENCH, "bench", *map(str, arguments), "--repeat", str(repeat)],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    result = json.loads(line)
    return Timing(result["median_ms"], result["min_ms"])


def side_by_side(peer_function, our_arguments, rounds):
    """Both sides, alternating `rounds` times (peer, ours, peer, ours, ...), each side's Timing
    taken over its rounds: the median of the round medians and the fastest run. At N = 1e7 the
    machine's memory bandwidth drifts by 2x within a minute, and a row measured peer first, then
    ours, compared two different machines; alternating puts both sides in the same moments."""
    peer_rounds, our_rounds = [], []
    for _ in range(rounds):
        peer_rounds.append(median_ms(peer_function))
        our_rounds.append(ours(*our_arguments))

    def combined(timings):
        return Timing(statistics.median(t.median for t in timings), min(t.minimum for t in timings))

    return combined(our_rounds), combined(peer_rounds)


def measure_read_rate():
    """This machine's read rates in GB/s (scripts/peers/read-rate.c: an 80 MB min/max reduction,
    one core with SSE2 and AVX2, two cores with AVX2), measured in this run, so a share means a
    share of what this machine can do now; None, with the reason on stderr, where it cannot run."""
    binary = OUT / "read-rate"
    try:
        subprocess.run(["gcc", "-O2", "-o", str(binary), str(READ_RATE_PROBE), "-lpthread"], check=True,
                       capture_output=True, text=True)
        return json.loads(subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout)
    except (OSError, subprocess.CalledProcessError, json.JSONDecodeError) as error:
        detail = getattr(error, "stderr", None) or error
        print(f"peer harness: read rate not measured ({str(detail).strip()}); no bandwidth shares", file=sys.stderr)
        return None


def format_shares(shares):
    """"83% / 91%" for (ours, peer); empty where there is no share."""
    if not shares or None in shares:
        return ""
    return " / ".join(f"{share:.0%}" for share in shares)


def bandwidth_share(algorithm, n, timing, rate_gbps):
    """What a run reads over its median time, as a share of `rate_gbps` (None without a rate)."""
    if rate_gbps is None:
        return None
    return (n * BYTES_READ_PER_POINT[algorithm] / (timing.median / 1e3)) / (rate_gbps * 1e9)


def series(n, seed):
    """CoinGecko-shaped: int64 epoch ms every 5 minutes, a positive random walk."""
    rng = np.random.default_rng(seed)
    x = 1_600_000_000_000 + np.arange(n, dtype=np.int64) * 300_000
    y = 100 * np.exp(np.cumsum(rng.standard_normal(n) * 0.002))
    path = OUT / f"series-{n}.bin"
    with open(path, "wb") as file:
        file.write(np.int64(n).astype("<i8").tobytes())
        file.write(x.astype("<i8").tobytes())
        file.write(y.astype("<f8").tobytes())
    return x, y, path


def check_indices(x, y, algorithm, n_out, expected):
    """Our indices for a (small) series through `workbench downsample`, against the peer's."""
    request = json.dumps({"x": x.tolist(), "y": y.tolist()})
    result = subprocess.run(
        [WORKBENCH, "downsample", "--algorithm", algorithm, "--n-out", str(n_out)],
        input=request, check=True, capture_output=True, text=True,
    )
    return json.loads(result.stdout)["indices"] == list(map(int, expected))


def describe_machine():
    """The CPU's model, core count and vector extensions, the commit measured, and the peers'
    versions: a table is comparable only with tables from the same machine kind and commit
    (`platform.processor()` is empty on Linux, so the model is read from /proc/cpuinfo)."""
    model, flags = platform.processor() or "unknown CPU", set()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name":
                model = value.strip()
            elif key.strip() == "flags":
                flags = set(value.split())
    except OSError:
        pass
    vector = ",".join(name for name in ("sse4_2", "avx2", "fma", "avx512f") if name in flags) or "none listed"
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True,
                           text=True).stdout.strip()
    return (f"{platform.machine()}, {model}, {os.cpu_count()} cores ({vector}); commit {commit or 'unknown'}"
            f"{' with uncommitted changes' if dirty else ''}; Python {platform.python_version()}, numpy {np.__version__}, "
            f"tsdownsample 0.1.5.1, orjson {orjson.__version__}")


def main():
    quick = "--quick" in sys.argv
    OUT.mkdir(parents=True, exist_ok=True)
    read_rate = measure_read_rate()
    one_core = read_rate["avx2_one_core_gbps"] if read_rate else None
    two_cores = read_rate["avx2_two_cores_gbps"] if read_rate else None
    rows = []
    sizes = [100_000, 1_000_000] if quick else [100_000, 1_000_000, 10_000_000]
    peers = {
        "lttb": tsdownsample.LTTBDownsampler,
        "minmax": tsdownsample.MinMaxDownsampler,
        "m4": tsdownsample.M4Downsampler,
        "minmaxlttb": tsdownsample.MinMaxLTTBDownsampler,
    }
    mismatches = []
    for n in sizes:
        x, y, path = series(n, seed=n)
        rounds = ROUNDS_AT_1E7 if n >= 10_000_000 else 1
        for n_out in (100, 1000):
            for name, peer in peers.items():
                downsampler = peer()
                our_ms, peer_ms = side_by_side(
                    lambda: downsampler.downsample(x, y, n_out=n_out, parallel=False),
                    ("downsample", "--input", path, "--algorithm", name, "--n-out", n_out),
                    rounds)
                share = (bandwidth_share(name, n, our_ms, one_core), bandwidth_share(name, n, peer_ms, one_core))
                rows.append((f"downsample {name} N={n:.0e} n_out={n_out}", our_ms, peer_ms, "tsdownsample",
                             f"{n / our_ms.median / 1e3:.0f} M points/s", share))
                if name != "lttb" and n >= 1_000_000:
                    # tsdownsample's parallel=True (rayon over bins) against our --parallel.
                    our_ms, peer_ms = side_by_side(
                        lambda: downsampler.downsample(x, y, n_out=n_out, parallel=True),
                        ("downsample", "--input", path, "--algorithm", name, "--n-out", n_out, "--parallel"),
                        rounds)
                    share = (bandwidth_share(name, n, our_ms, two_cores),
                             bandwidth_share(name, n, peer_ms, two_cores))
                    rows.append((f"downsample {name} parallel N={n:.0e} n_out={n_out}", our_ms, peer_ms,
                                 "tsdownsample parallel", f"{n / our_ms.median / 1e3:.0f} M points/s", share))
                if n == 100_000 and not check_indices(x, y, name, n_out, downsampler.downsample(x, y, n_out=n_out)):
                    mismatches.append(f"{name} n_out={n_out}")
    steps = 1_000_000 if quick else 10_000_000
    rng = np.random.default_rng(1)
    numpy_ms = median_ms(lambda: np.exp(np.cumsum(rng.standard_normal(steps) * 0.01)))
    our_ms = ours("gbm", "--steps", steps)
    rows.append((f"GBM path {steps:.0e} steps (GSL taus2 + ziggurat)", our_ms, numpy_ms, "numpy",
                 f"{our_ms.median * 1e6 / steps:.1f} ns/step", None))
    fixtures = sorted(Path("datasets/coingecko").glob("market_chart_*.json")) + sorted(
        Path("datasets/coingecko").glob("ohlc_*.json")) + sorted(
        Path("datasets/coingecko").glob("coins_markets_*.json"))
    synthetic = OUT / "market_chart-1e5.json"
    x, y, _ = series(100_000, seed=5)
    synthetic.write_text(json.dumps({
        "prices": [[int(a), float(b)] for a, b in zip(x, y)],
        "market_caps": [[int(a), float(b) * 19e6] for a, b in zip(x, y)],
        "total_volumes": [[int(a), float(b) * 3e5] for a, b in zip(x, y)],
    }))
    for fixture in fixtures + [synthetic]:
        data = fixture.read_bytes()
        text = data.decode()
        # A small file decodes in microseconds: seven runs would measure the scheduler, so both
        # sides take the median of many more.
        repeat = SMALL_DECODE_REPEAT if len(data) < 1_000_000 else REPEAT
        our_ms = ours("decode", "--input", fixture, repeat=repeat)
        for peer_name, parse in (("json", lambda: json.loads(text)), ("orjson", lambda: orjson.loads(data))):
            peer_ms = median_ms(parse, repeat=repeat)
            rows.append((f"decode {fixture.name} ({len(data) / 1e3:.0f} kB)", our_ms, peer_ms, peer_name,
                         f"{len(data) / our_ms.median / 1e3:.0f} MB/s", None))
    header = ("measurement", "ours ms", "peer ms", "peer", "ours/peer", "ours/peer, fastest runs", "throughput",
              "bandwidth share, ours / peer")
    lines = [header] + [
        (name, f"{our.median:.3f}", f"{peer.median:.3f}", peer_name, f"{our.median / peer.median:.2f}",
         f"{our.minimum / peer.minimum:.2f}", rate, format_shares(share))
        for name, our, peer, peer_name, rate, share in rows
    ]
    widths = [max(len(str(line[column])) for line in lines) for column in range(len(header))]
    table = "\n".join("  ".join(str(cell).ljust(widths[i]) for i, cell in enumerate(line)) for line in lines)
    machine = describe_machine()
    if read_rate:
        machine += (f"; read rate over 80 MB: {read_rate['sse2_one_core_gbps']:.1f} GB/s one core with SSE2, "
                    f"{one_core:.1f} with AVX2, {two_cores:.1f} on two cores (bandwidth share: against one core's "
                    f"AVX2 rate, the parallel rows against two cores')")
    print(table)
    print(f"\nmachine: {machine}")
    print("indices checked against tsdownsample at N=1e5:", "all equal" if not mismatches else f"MISMATCH {mismatches}")
    markdown = "| " + " | ".join(header) + " |\n|" + "---|" * len(header) + "\n" + "\n".join(
        "| " + " | ".join(line) + " |" for line in lines[1:])
    (OUT / "results.md").write_text(markdown + f"\n\nmachine: {machine}\n")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
