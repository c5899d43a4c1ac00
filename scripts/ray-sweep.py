#!/usr/bin/env python3
"""A workbench sweep on a Ray cluster: one Ray task per shard, then `workbench merge`.

    scripts/ray-sweep.py SCENARIO --seeds A..B [--set key=v1,v2 ...] --out DIR
                         [--shard-dir DIR] [--keep-results all|failed|none]
                         [--address ADDR] [--shards N] [--workbench PATH]

Each task runs `workbench sweep ... --shard K/N` on its node, writing straight into
`--shard-dir` (storage every node reaches; `DIR.shards` by default): an attempt folder, renamed
to `shard-K` when the shard is done. Nothing but the shard's number and cell count comes back
through Ray, so the driver's memory does not grow with the sweep. The driver prints cells done,
cells a second and an ETA (from the shards' `sweep.sqlite`), and which shards were retried.
`workbench merge` then streams the shard databases into DIR, which is byte-identical to a
one-machine `workbench sweep` (summary.json, summary.md and every kept result.json). Tasks are
retried when their worker or node dies (max_retries), so losing a node only re-runs the shards
it held; running the same command again after the driver died keeps every finished shard.

Without --address the script starts a local cluster on 127.0.0.1 only (a head and one extra
worker node, one CPU each), and stops it afterwards. The workbench binary and the repository
must be at the same path on every node (a shared file system or a container image; see
docs/sweeps.md). Install Ray with scripts/ray/setup.sh.
"""
import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
import uuid

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", help="the scenario file (YAML), relative to the repository")
    parser.add_argument("--seeds", required=True, help="seeds, A..B inclusive")
    parser.add_argument("--set", dest="grid", action="append", default=[],
                        help="an override with alternatives, key.path=v1,v2 (repeatable)")
    parser.add_argument("--out", required=True, help="the merged sweep folder")
    parser.add_argument("--shard-dir", help="where the shards are written, on storage every node "
                        "reaches (OUT.shards by default); kept until the merge, so the same command resumes")
    parser.add_argument("--keep-results", choices=["all", "failed", "none"],
                        help="which cells keep their result.json (workbench sweep's default otherwise)")
    parser.add_argument("--address", help="a running cluster (host:port); a local one otherwise")
    parser.add_argument("--shards", type=int, default=0,
                        help="shards (tasks); twice the cluster's CPUs by default")
    parser.add_argument("--workbench", default=os.path.join(REPOSITORY, ".build/release/workbench"),
                        help="the workbench binary, at the same path on every node")
    parser.add_argument("--kill-worker-after", type=float, default=None,
                        help=argparse.SUPPRESS)  # tests: kill the local extra node mid-sweep
    arguments = parser.parse_args(argv)
    try:
        low, high = (int(part) for part in arguments.seeds.split(".."))
    except ValueError:
        parser.error(f"--seeds: expected A..B, found '{arguments.seeds}'")
    if low < 0 or high < low:
        parser.error(f"--seeds: expected A..B with 0 <= A <= B, found '{arguments.seeds}'")
    for entry in arguments.grid:
        if "=" not in entry:
            parser.error(f"--set: expected key.path=v1,v2, found '{entry}'")
    if arguments.shards < 0 or arguments.shards > 1000000:
        parser.error("--shards: expected 1 to 1000000")
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


def ray_command():
    """The `ray` command beside this Python (its venv), else on PATH."""
    ray_bin = os.path.join(os.path.dirname(sys.executable), "ray")
    if not os.access(ray_bin, os.X_OK):
        ray_bin = shutil.which("ray") or ray_bin
    return ray_bin


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


def run_shard(workbench, scenario, seeds, grid, kept, shard_dir, index, count):
    """Runs one shard into SHARD_DIR/shard-K (through an attempt folder renamed when done).

    Returns (index, cells). A shard already done (an earlier run of the same command) is not run
    again; an attempt cut short by a lost node is left behind and started over under a new name,
    so a process still running on a half-dead node never shares a folder with its retry.
    """
    final = os.path.join(shard_dir, f"shard-{index}")
    if os.path.isdir(final):
        return index, count_cells(final)
    with open(os.path.join(shard_dir, f"shard-{index}.attempts"), "a") as attempts:
        attempts.write(f"{os.uname().nodename} {os.getpid()}\n")
    attempt = os.path.join(shard_dir, f"attempt-{index}-{uuid.uuid4().hex[:8]}")
    command = [workbench, "sweep", scenario, "--seeds", seeds, "--shard", f"{index}/{count}",
               "--out", attempt, "--quiet", "--jobs", "1"]
    if kept:
        command += ["--keep-results", kept]
    for entry in grid:
        command += ["--set", entry]
    result = subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"shard {index}/{count}: {result.stderr.strip()}")
    os.rename(attempt, final)
    return index, count_cells(final)


def count_cells(folder):
    """The cells a shard folder has finished, from its sweep.sqlite (0 when it has none yet)."""
    database = os.path.join(folder, "sweep.sqlite")
    if not os.path.exists(database):
        return 0
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=1) as connection:
            return connection.execute("SELECT count(*) FROM cell").fetchone()[0]
    except sqlite3.Error:
        return 0


def cells_done(shard_dir):
    """Cells finished across the shard folders and the attempts under way."""
    total = 0
    for entry in os.listdir(shard_dir):
        if entry.startswith("shard-") and not entry.endswith(".attempts") or entry.startswith("attempt-"):
            total += count_cells(os.path.join(shard_dir, entry))
    return total


def retried(shard_dir):
    """The shards started more than once, by number."""
    shards = []
    for entry in os.listdir(shard_dir):
        if entry.endswith(".attempts"):
            with open(os.path.join(shard_dir, entry)) as attempts:
                if len(attempts.readlines()) > 1:
                    shards.append(int(entry[len("shard-"):-len(".attempts")]))
    return sorted(shards)


def seed_count(seeds, grid):
    low, high = (int(part) for part in seeds.split(".."))
    combinations = 1
    for entry in grid:
        combinations *= len(entry.split("=", 1)[1].split(","))
    return (high - low + 1) * combinations


def report_progress(shard_dir, total, started, stop):
    """Prints cells done, cells a second and the ETA every few seconds until stopped."""
    while not stop.wait(5):
        done = cells_done(shard_dir)
        elapsed = time.monotonic() - started
        rate = done / elapsed if elapsed > 0 else 0
        # An attempt cut short by a lost node still counts until its retry is done: never below 0.
        eta = f"{max(total - done, 0) / rate:.0f} s" if rate > 0 else "unknown"
        again = retried(shard_dir)
        print(f"ray-sweep: {min(done, total)}/{total} cells, {rate:.1f} cells/s, ETA {eta}"
              + (f"; shards retried: {again}" if again else ""), file=sys.stderr)


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

    ray_bin = ray_command()
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
        total = seed_count(arguments.seeds, arguments.grid)
        # Twice the CPUs, and enough that no process runs more than 50,000 cells (a process may run
        # 100,000; smaller shards also lose less to a dead node).
        count = arguments.shards or max(2 * cpus, -(-total // 50_000))
        # A task whose worker or node dies is run again elsewhere (max_retries), so a lost
        # node costs only its shards; a shard that fails on its own (bad input) is not retried.
        task = ray.remote(num_cpus=1, max_retries=5, retry_exceptions=False)(run_shard)
        shard_dir = os.path.abspath(arguments.shard_dir or arguments.out.rstrip("/") + ".shards")
        os.makedirs(shard_dir, exist_ok=True)
        started = time.monotonic()
        kept_before = sum(os.path.isdir(os.path.join(shard_dir, f"shard-{index}")) for index in range(1, count + 1))
        if kept_before:
            print(f"ray-sweep: {kept_before} of {count} shards already done in {shard_dir}; running the rest",
                  file=sys.stderr)
        pending = [task.remote(arguments.workbench, arguments.scenario, arguments.seeds, arguments.grid,
                               arguments.keep_results, shard_dir, index, count)
                   for index in range(1, count + 1)]
        if cluster and arguments.kill_worker_after is not None:
            threading.Timer(arguments.kill_worker_after, cluster.kill_worker).start()
        stop = threading.Event()
        threading.Thread(target=report_progress, args=(shard_dir, total, started, stop), daemon=True).start()
        try:
            done = 0
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                ray.get(ready[0])
                done += 1
            stop.set()
            again = retried(shard_dir)
            elapsed = time.monotonic() - started
            print(f"ray-sweep: {count} shards, {total} cells in {elapsed:.1f} s ({total / elapsed:.1f} cells/s)"
                  + (f"; shards retried: {again}" if again else ""), file=sys.stderr)
            shards = [os.path.join(shard_dir, f"shard-{index}") for index in range(1, count + 1)]
            merge_started = time.monotonic()
            merge = subprocess.run([arguments.workbench, "merge", *shards, "--out", arguments.out],
                                   cwd=REPOSITORY)
            # 1: merged, but a cell failed its expectations (the summary lists the seeds).
            if merge.returncode not in (0, 1):
                sys.exit(merge.returncode)
            print(f"ray-sweep: merged in {time.monotonic() - merge_started:.1f} s; {count} shards on {address} "
                  f"in {time.monotonic() - started:.1f} s", file=sys.stderr)
            status = merge.returncode
            # Merged: the shards are in OUT now. Until then they stay, so the same command resumes.
            shutil.rmtree(shard_dir, ignore_errors=True)
        finally:
            stop.set()
    finally:
        ray.shutdown()
        if cluster:
            cluster.stop()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
