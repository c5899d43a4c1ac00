#!/usr/bin/env python3
"""Runs a command and prints its resident memory's peaks, split (docs/benchmarks.md, round five).

    python3 scripts/rss-peaks.py COMMAND [ARGS...]

The maximum RSS (`/usr/bin/time`'s %M, VmHWM) is the anonymous memory plus the binary's
resident pages, and the second part moves with the binary file's page cache (a fresh copy of
the same binary can read 1.6 MB more). This samples /proc/PID/status every 20 ms and prints, on
stderr, the wall time, VmHWM, and the peaks of RssAnon and RssFile. The command's own output is
discarded; its exit status is this script's.
"""
import subprocess
import sys
import time

if len(sys.argv) < 2:
    sys.exit("usage: python3 scripts/rss-peaks.py COMMAND [ARGS...]")
try:
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
except OSError as error:
    sys.exit(f"rss-peaks: cannot run {sys.argv[1]}: {error.strerror}")
peaks = {"VmHWM": 0, "RssAnon": 0, "RssFile": 0}
started = time.monotonic()
while process.poll() is None:
    try:
        with open(f"/proc/{process.pid}/status") as status:
            for line in status:
                name, _, value = line.partition(":")
                if name in peaks:
                    peaks[name] = max(peaks[name], int(value.split()[0]))
    except (OSError, ValueError, IndexError):
        pass  # the process ended between poll and read
    time.sleep(0.02)
elapsed = time.monotonic() - started
print(
    f"{elapsed:.1f} s, VmHWM {peaks['VmHWM'] / 1024:.1f} MB, "
    f"RssAnon peak {peaks['RssAnon'] / 1024:.1f} MB, RssFile peak {peaks['RssFile'] / 1024:.1f} MB",
    file=sys.stderr,
)
sys.exit(process.returncode)
