#!/usr/bin/env python3
"""A workbench sweep on a Ray cluster: one Ray task per shard, then `workbench merge`.

    scripts/ray-sweep.py SCENARIO --seeds A..B [--set key=v1,v2 ...] --out DIR
                         [--address ADDR] [--shards N] [--workbench PATH]

Each task runs `workbench sweep ... --shard K/N` on its node, in a scratch folder, and returns
the shard's folder as the bytes of a tar archive; the driver unpacks the shards and merges them
into DIR, which is then byte-identical to a one-machine `workbench sweep` (summary.json,
summary.md and every result.json). Tasks are retried when their worker or node dies
(max_retries), so losing a node only re-runs the shards it held.

Without --address the script starts a local cluster on 127.0.0.1 only (a head and one extra
worker node, one CPU each), and stops it afterwards. The workbench binary and the repository
must be at the same path on every node (a shared file system or a container image; see
docs/sweeps.md). Install Ray with scripts/ray/setup.sh.
"""
import argparse
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", help="the scenario file (YAML), relative to the repository")
    parser.add_argument("--seeds", required=True, help="seeds, A..B inclusive")
    parser.add_argument("--set", dest="grid", action="append", default=[],
                        help="an override with alternatives, key.path=v1,v2 (repeatable)")
    parser.add_argument("--out", required=True, help="the merged sweep folder")
    parser.add_argument("--address", help="a running cluster (host:port); a local one otherwise")
    parser.add_argument("--shards", type=int, default=0,
                        help="shards (tasks); twice the cluster's CPUs by default")
    parser.add_argument("--workbench", default=os.path.join(REPOSITORY, ".build/release/workbench"),
                        help="the workbench binary, at the same path on every node")
    parser.add_argument("--kill-worker-after", type=float, default=None,
                        help=argparse.SUPPRESS)  # tests: kill the local extra node mid-sweep
    arguments = parser.parse_args(argv)
    if arguments.shards < 0 or arguments.shards > 10000:
        parser.error("--shards: expected 1 to 10000")
    return arguments


class LocalCluster:
    """A head and one extra worker node on 127.0.0.1, started with `ray start`."""

    def __init__(self, ray_bin):
        self.ray_bin = ray_bin
        self.port = "6390"
        self.worker_raylets = []

    def start(self):
        base = [self.ray_bin, "start", "--num-cpus=1", "--disable-usage-stats"]
        subprocess.run(base + ["--head", "--include-dashboard=false", "--node-ip-address=127.0.0.1",
                               f"--port={self.port}"],
                       check=True, stdout=subprocess.DEVNULL)
        before = set(raylet_pids())
        subprocess.run(base + [f"--address=127.0.0.1:{self.port}", "--node-ip-address=127.0.0.1"],
                       check=True, stdout=subprocess.DEVNULL)
        self.worker_raylets = sorted(set(raylet_pids()) - before)
        return f"127.0.0.1:{self.port}"

    def kill_worker(self):
        """Kills the extra node's raylet with SIGKILL: the node dies as a machine would."""
        for pid in self.worker_raylets:
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass
        print(f"ray-sweep: killed the worker node (raylet {self.worker_raylets})", file=sys.stderr)

    def stop(self):
        subprocess.run([self.ray_bin, "stop", "--force"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)


def raylet_pids():
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                command = handle.read().split(b"\0")[0]
        except OSError:
            continue
        if command.endswith(b"/raylet"):
            pids.append(int(entry))
    return pids


def run_shard(workbench, scenario, seeds, grid, index, count):
    """Runs one shard in a scratch folder; returns (index, tar bytes of the folder)."""
    scratch = tempfile.mkdtemp(prefix=f"ray-shard-{index}-")
    folder = os.path.join(scratch, "shard")
    try:
        command = [workbench, "sweep", scenario, "--seeds", seeds, "--shard", f"{index}/{count}",
                   "--out", folder, "--quiet", "--jobs", "1"]
        for entry in grid:
            command += ["--set", entry]
        result = subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"shard {index}/{count}: {result.stderr.strip()}")
        archive = io.BytesIO()
        with tarfile.open(fileobj=archive, mode="w") as tar:
            tar.add(folder, arcname="shard")
        return index, archive.getvalue()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main(argv):
    arguments = parse_arguments(argv)
    if not os.access(arguments.workbench, os.X_OK):
        sys.exit(f"ray-sweep: {arguments.workbench}: no workbench binary (swift build -c release)")
    missing = ("ray-sweep: Ray is not installed for this Python ({}); scripts/ray/setup.sh installs "
               "it in .build/ray-venv: run .build/ray-venv/bin/python scripts/ray-sweep.py ...")
    try:
        import ray
    except ImportError:
        sys.exit(missing.format(sys.executable))

    ray_bin = os.path.join(os.path.dirname(sys.executable), "ray")
    if not os.access(ray_bin, os.X_OK):
        ray_bin = shutil.which("ray") or ray_bin
    cluster = None
    address = arguments.address
    if address is None:
        if not os.access(ray_bin, os.X_OK):
            sys.exit(missing.format(f"{sys.executable}: the module is there, but not its `ray` command"))
        cluster = LocalCluster(ray_bin)
        address = cluster.start()
    status = 0
    try:
        ray.init(address=address, logging_level="ERROR", log_to_driver=False)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        count = arguments.shards or 2 * cpus
        # A task whose worker or node dies is run again elsewhere (max_retries), so a lost
        # node costs only its shards; a shard that fails on its own (bad input) is not retried.
        task = ray.remote(num_cpus=1, max_retries=5, retry_exceptions=False)(run_shard)
        started = time.monotonic()
        pending = [task.remote(arguments.workbench, arguments.scenario, arguments.seeds, arguments.grid,
                               index, count) for index in range(1, count + 1)]
        if cluster and arguments.kill_worker_after is not None:
            threading.Timer(arguments.kill_worker_after, cluster.kill_worker).start()
        scratch = tempfile.mkdtemp(prefix="ray-sweep-")
        try:
            shards = []
            done = 0
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                index, archive = ray.get(ready[0])
                target = os.path.join(scratch, f"shard-{index}")
                with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
                    tar.extractall(target, filter="data")
                shards.append(os.path.join(target, "shard"))
                done += 1
                print(f"ray-sweep: {done}/{count} shards after {time.monotonic() - started:.1f} s",
                      file=sys.stderr)
            merge = subprocess.run([arguments.workbench, "merge", *sorted(shards), "--out", arguments.out],
                                   cwd=REPOSITORY)
            # 1: merged, but a cell failed its expectations (the summary lists the seeds).
            if merge.returncode not in (0, 1):
                sys.exit(merge.returncode)
            print(f"ray-sweep: {count} shards on {address} in {time.monotonic() - started:.1f} s",
                  file=sys.stderr)
            status = merge.returncode
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    finally:
        ray.shutdown()
        if cluster:
            cluster.stop()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
