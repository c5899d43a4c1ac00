"""Samples every process's peak resident memory (VmHWM) each second until SIGTERM, then writes
the largest per kind to the file given: the Ray driver (ray-sweep.py), Ray workers, the
workbench shard and merge processes, and Ray's own services.

    python3 scripts/ray/peak-memory.py OUT.txt &   (then kill -TERM its PID)

scripts/ray/million.sh uses it; see docs/sweeps.md.
"""
import os
import signal
import sys
import time

peaks = {}


def kind(cmd):
    if not cmd:
        return None
    if "ray-sweep.py" in cmd:
        return "driver (ray-sweep.py)"
    if cmd.startswith("ray::"):
        return "Ray worker (" + cmd.split()[0] + ")"
    if "workbench sweep" in cmd:
        return "workbench sweep (shard)"
    if "workbench merge" in cmd:
        return "workbench merge"
    if "ray" in cmd.split()[0]:
        return "Ray service: " + os.path.basename(cmd.split()[0])[:40]
    return None


def sample():
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                cmd = handle.read().replace(b"\0", b" ").decode(errors="replace").strip()
            name = kind(cmd)
            if name is None:
                continue
            with open(f"/proc/{pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        key = (name, pid)
                        peaks[key] = max(peaks.get(key, 0), int(line.split()[1]))
        except OSError:
            pass  # the process ended between listing and reading


def report(*_):
    largest = {}
    for (name, _pid), kilobytes in peaks.items():
        count, top = largest.get(name, (0, 0))
        largest[name] = (count + 1, max(top, kilobytes))
    with open(sys.argv[1], "w") as out:
        for name, (count, top) in sorted(largest.items()):
            out.write(f"{name}: {count} process(es), largest peak {top / 1024:.1f} MB\n")
    sys.exit(0)


signal.signal(signal.SIGTERM, report)
while True:
    sample()
    time.sleep(1)
