"""Side-by-side measurements: the workbench against tsdownsample, numpy and Python's JSON parsers.

Every number is a median of repeated runs measured in the same process run, and every row compares
ours and the peer's on the same input, so the ratios hold on a noisy machine even when the
absolute times do not. Run through scripts/peer-harness.sh.
"""

import json
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
# One core's read rate on this machine kind: a C loop of AVX2 min/max over 80 MB in huge pages
# takes 2.7 ms (docs/benchmarks.md). The share column divides what a run reads by it.
BANDWIDTH_GBPS = 30.0
# MinMax, M4 and MinMaxLTTB's preselection read each y once; x only at bin edges (a binary search).
BYTES_READ_PER_POINT = 8
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


def bandwidth_share(n, timing):
    """What a run reads over its median time, as a share of one core's read rate."""
    return (n * BYTES_READ_PER_POINT / (timing.median / 1e3)) / (BANDWIDTH_GBPS * 1e9)


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


def main():
    quick = "--quick" in sys.argv
    OUT.mkdir(parents=True, exist_ok=True)
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
                share = bandwidth_share(n, our_ms) if name != "lttb" else None
                rows.append((f"downsample {name} N={n:.0e} n_out={n_out}", our_ms, peer_ms, "tsdownsample",
                             f"{n / our_ms.median / 1e3:.0f} M points/s", share))
                if name != "lttb" and n >= 1_000_000:
                    # tsdownsample's parallel=True (rayon over bins) against our --parallel.
                    our_ms, peer_ms = side_by_side(
                        lambda: downsampler.downsample(x, y, n_out=n_out, parallel=True),
                        ("downsample", "--input", path, "--algorithm", name, "--n-out", n_out, "--parallel"),
                        rounds)
                    share = bandwidth_share(n, our_ms)
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
        Path("datasets/coingecko").glob("ohlc_*.json"))
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
              "bandwidth share")
    lines = [header] + [
        (name, f"{our.median:.3f}", f"{peer.median:.3f}", peer_name, f"{our.median / peer.median:.2f}",
         f"{our.minimum / peer.minimum:.2f}", rate, f"{share:.0%}" if share else "")
        for name, our, peer, peer_name, rate, share in rows
    ]
    widths = [max(len(str(line[column])) for line in lines) for column in range(len(header))]
    table = "\n".join("  ".join(str(cell).ljust(widths[i]) for i, cell in enumerate(line)) for line in lines)
    machine = f"{platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}, numpy {np.__version__}, tsdownsample 0.1.5.1, orjson {orjson.__version__}"
    print(table)
    print(f"\nmachine: {machine}")
    print("indices checked against tsdownsample at N=1e5:", "all equal" if not mismatches else f"MISMATCH {mismatches}")
    markdown = "| " + " | ".join(header) + " |\n|" + "---|" * len(header) + "\n" + "\n".join(
        "| " + " | ".join(line) + " |" for line in lines[1:])
    (OUT / "results.md").write_text(markdown + f"\n\nmachine: {machine}\n")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
