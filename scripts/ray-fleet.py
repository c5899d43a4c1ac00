#!/usr/bin/env python3
"""A workbench fleet on a Ray cluster: one Ray task per shard, then `workbench fleet merge`.

    scripts/ray-fleet.py FLEET --out DIR [--users N] [--shards N] [--shard-dir DIR]
                         [--address ADDR] [--workbench PATH]

Each task runs `workbench fleet FLEET --shard K/N` on its node, writing into `--shard-dir`
(storage every node reaches; `DIR.shards` by default): an attempt folder, renamed to `shard-K`
when the shard is done. Only the shard's number comes back through Ray. `workbench fleet merge`
then writes DIR, byte-identical to a one-machine `workbench fleet` (docs/fleet.md). Tasks whose
worker or node dies are retried; running the same command again keeps every finished shard.

Without --address the script starts a local cluster on 127.0.0.1 only (a head and one extra
worker node, one CPU each; scripts/ray-sweep.py's), and stops it afterwards. The workbench
binary and the repository must be at the same path on every node. Install Ray with
scripts/ray/setup.sh.
"""
import argparse
import importlib.util
import json
import os
import resource
import subprocess
import sys
import time
import uuid

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sweep_module():
    """scripts/ray-sweep.py, for its local cluster and its `ray` command."""
    spec = importlib.util.spec_from_file_location("ray_sweep", os.path.join(REPOSITORY, "scripts/ray-sweep.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def peak_kilobytes(who):
    """The peak resident memory of this process (RUSAGE_SELF) or of its waited children, kB."""
    return resource.getrusage(who).ru_maxrss


def run_shard(workbench, fleet, users, shard_dir, index, count):
    """Runs shard K/N into SHARD_DIR/shard-K through an attempt folder; a done shard is kept.
    Returns the shard's number, the Ray worker's peak memory and its workbench's (kB; 0 when kept)."""
    final = os.path.join(shard_dir, f"shard-{index}")
    if os.path.exists(os.path.join(final, "fleet-shard.json")):
        return index, peak_kilobytes(resource.RUSAGE_SELF), 0
    attempt = os.path.join(shard_dir, f"attempt-{index}-{uuid.uuid4().hex[:8]}")
    command = [workbench, "fleet", fleet, "--shard", f"{index}/{count}", "--out", attempt, "--quiet"]
    if users:
        command += ["--users", str(users)]
    result = subprocess.run(command, cwd=REPOSITORY, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"shard {index}/{count}: {result.stderr.strip()}")
    os.rename(attempt, final)
    return index, peak_kilobytes(resource.RUSAGE_SELF), peak_kilobytes(resource.RUSAGE_CHILDREN)


def fleet_size(path):
    """A fleet.json's users and days."""
    with open(path) as file:
        fleet = json.load(file)
    return fleet["users"], fleet["days"]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fleet", help="the fleet file (YAML), relative to the repository")
    parser.add_argument("--out", required=True, help="the merged fleet folder")
    parser.add_argument("--users", type=int, default=0, help="users (the file's by default)")
    parser.add_argument("--shards", type=int, default=0, help="shards (tasks); twice the cluster's CPUs by default")
    parser.add_argument("--shard-dir", help="where the shards are written (OUT.shards by default)")
    parser.add_argument("--address", help="a running cluster (host:port); a local one otherwise")
    parser.add_argument("--workbench", default=os.path.join(REPOSITORY, ".build/release/workbench"),
                        help="the workbench binary, at the same path on every node")
    arguments = parser.parse_args(argv)
    if arguments.shards < 0 or arguments.shards > 1000000 or arguments.users < 0:
        parser.error("--shards: expected 1 to 1000000; --users: expected at least 1")
    if not os.access(arguments.workbench, os.X_OK):
        sys.exit(f"ray-fleet: {arguments.workbench}: no workbench binary (swift build -c release)")
    try:
        import ray
    except ImportError:
        sys.exit(f"ray-fleet: Ray is not installed for this Python ({sys.executable}); scripts/ray/setup.sh "
                 "installs it in .build/ray-venv")
    cluster = None
    address = arguments.address
    if address is None:
        sweep = sweep_module()
        cluster = sweep.LocalCluster(sweep.ray_command())
        address = cluster.start()
    try:
        ray.init(address=address, logging_level="ERROR", log_to_driver=False)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        count = arguments.shards or 2 * cpus
        task = ray.remote(num_cpus=1, max_retries=5, retry_exceptions=False)(run_shard)
        shard_dir = os.path.abspath(arguments.shard_dir or arguments.out.rstrip("/") + ".shards")
        os.makedirs(shard_dir, exist_ok=True)
        done_before = [k for k in range(1, count + 1)
                       if os.path.exists(os.path.join(shard_dir, f"shard-{k}", "fleet-shard.json"))]
        if done_before:
            print(f"ray-fleet: {len(done_before)} shards already done", file=sys.stderr)
        started = time.monotonic()
        pending = [task.remote(arguments.workbench, arguments.fleet, arguments.users, shard_dir, k, count)
                   for k in range(1, count + 1)]
        finished = 0
        worker_peak = shard_peak = 0
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            _, worker, shard = ray.get(ready)[0]
            worker_peak, shard_peak = max(worker_peak, worker), max(shard_peak, shard)
            finished += 1
            print(f"ray-fleet: {finished}/{count} shards in {time.monotonic() - started:.1f} s", file=sys.stderr)
        shards_done = time.monotonic() - started
        folders = [os.path.join(shard_dir, f"shard-{k}") for k in range(1, count + 1)]
        subprocess.run([arguments.workbench, "fleet", "merge", *folders, "--out", arguments.out], check=True,
                       cwd=REPOSITORY, stdout=subprocess.DEVNULL)
        elapsed = time.monotonic() - started
        print(f"ray-fleet: {count} shards on {address} merged into {arguments.out} in {elapsed:.1f} s", file=sys.stderr)
        # What the run cost: the shards' time, the peaks (a worker's Ray process and the largest
        # shard's workbench; the driver and its merge), and user-days a second per CPU.
        users, days = fleet_size(os.path.join(arguments.out, "fleet.json"))
        print(f"ray-fleet: measured: {users} users x {days} day(s), shards {shards_done:.1f} s, merge "
              f"{elapsed - shards_done:.1f} s; {users * days / elapsed / cpus:.0f} user-days a second per CPU "
              f"({cpus} CPUs); peak memory: Ray worker {worker_peak // 1024} MB, workbench shard "
              f"{shard_peak // 1024} MB, driver {peak_kilobytes(resource.RUSAGE_SELF) // 1024} MB, merge "
              f"{peak_kilobytes(resource.RUSAGE_CHILDREN) // 1024} MB", file=sys.stderr)
    finally:
        ray.shutdown()
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
