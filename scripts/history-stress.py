#!/usr/bin/env python3
"""History under concurrency: many `workbench run` processes on one history database at once.

Each round starts PROCS runs of one scenario (each its own seed and report folder) on one fresh
history database, with `workbench history` readers among them, while BUSY CPU-bound loops keep
the machine busy; KILLS of the runs get `kill -9` at a random moment. After every round:
  - every run that finished (exit 0, or 1 for expectations that failed) has exactly one row (its seed and its report folder);
  - no run has two rows, and no row belongs to a run that was not started;
  - a killed run has no row or one (the kill may land after its row was committed);
  - `PRAGMA integrity_check` is `ok`.
With --sweep-seeds N (default 20; 0 for none), each round also starts three `workbench sweep
--resume` processes on one sweep folder among the runs: one holds the folder, the others must
be refused at once ("another sweep or merge is using this folder"), and the first is killed at a
random moment; then a last `--resume` finishes it. Its `sweep.sqlite` must hold every cell once, pass `integrity_check`,
and its `summary.json` must be byte-identical to that of the same sweep run alone.
Exit status 1 on any violation, with the round and what was wrong.

    scripts/history-stress.py [--rounds 30] [--procs 16] [--kills 3] [--busy 2] [--sweep-seeds 20]
                              [--seed 1]
                              [--binary .build/release/workbench] [--scenario scenarios/quickstart.yaml]

Processes started here are stopped by their PID only.
"""
import argparse
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time


def busy_loop():
    """A CPU-bound child process (stopped by PID at the end)."""
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def sweep_command(args, out):
    return [args.binary, "sweep", args.scenario, "--seeds", f"1..{args.sweep_seeds}", "--resume",
            "--quiet", "--out", out]


# A finished sweep exits 0, or 1 when a cell did not meet its expectations (the quickstart's
# seed 2 fires no alert): both are complete folders.
FINISHED = (0, 1)


def reference_summary(args, folder):
    """The summary of the sweep run alone, the bytes every shared-folder sweep must give."""
    out = os.path.join(folder, "reference-sweep")
    done = subprocess.run(sweep_command(args, out), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode not in FINISHED:
        sys.exit(f"history-stress: the reference sweep exited {done.returncode}: "
                 f"{done.stderr.decode(errors='replace').strip()}")
    with open(os.path.join(out, "summary.json"), "rb") as file:
        return file.read()


def check_sweep(args, out, reference):
    """Finishes a shared sweep folder and checks its database and summary."""
    problems = []
    done = subprocess.run(sweep_command(args, out), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    if done.returncode not in FINISHED:
        return [f"the last sweep --resume exited {done.returncode}: "
                f"{done.stderr.decode(errors='replace').strip()}"]
    with sqlite3.connect(os.path.join(out, "sweep.sqlite"), timeout=60) as db:
        cells = db.execute("SELECT count(*), count(DISTINCT seed) FROM cell").fetchone()
        integrity = db.execute("PRAGMA integrity_check").fetchall()
    if cells != (args.sweep_seeds, args.sweep_seeds):
        problems.append(f"sweep.sqlite holds {cells[0]} cells ({cells[1]} seeds), "
                        f"not {args.sweep_seeds}")
    if integrity != [("ok",)]:
        problems.append(f"sweep.sqlite integrity_check: {integrity}")
    with open(os.path.join(out, "summary.json"), "rb") as file:
        if file.read() != reference:
            problems.append("summary.json differs from the sweep run alone")
    return problems


def one_round(args, number, rng, folder, reference):
    history = os.path.join(folder, f"round-{number}.sqlite")
    sweep_out = os.path.join(folder, f"round-{number}-sweep")
    sweeps = []
    if args.sweep_seeds:
        sweeps = [subprocess.Popen(sweep_command(args, sweep_out), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE) for _ in range(3)]
    runs, readers = {}, []
    for index in range(args.procs):
        seed = number * 1000 + index + 1
        out = os.path.join(folder, f"round-{number}-seed-{seed}")
        process = subprocess.Popen(
            [args.binary, "run", args.scenario, "--seed", str(seed), "--history", history,
             "--out", out, "--quiet"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        runs[seed] = (process, out)
        if index % 4 == 3:
            # A reader among the writers: it opens and closes the database too.
            readers.append(subprocess.Popen(
                [args.binary, "history", "--history", history, "--limit", "5"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    killed = set(rng.sample(sorted(runs), args.kills))
    for seed in sorted(killed):
        time.sleep(rng.uniform(0, args.kill_window / max(1, args.kills)))
        runs[seed][0].send_signal(signal.SIGKILL)
    if sweeps:
        time.sleep(rng.uniform(0, args.kill_window))
        sweeps[0].send_signal(signal.SIGKILL)
    codes, errors = {}, {}
    for seed, (process, _) in runs.items():
        _, stderr = process.communicate(timeout=300)
        codes[seed] = process.returncode
        text = stderr.decode(errors="replace").strip()
        # Exit 1 with "expectations failed" is a finished run whose expectations did not hold:
        # its row is stored like any other.
        if process.returncode == 1 and text.endswith("expectations failed"):
            codes[seed] = 0
        elif process.returncode not in (0, -9):
            errors[seed] = text
    for reader in readers:
        reader.wait(timeout=300)
    problems = []
    # The three start together: one takes the folder, the others are refused. The killed one
    # may be killed before it took the folder, and then another one runs instead.
    finished = 0
    for index, sweep in enumerate(sweeps):
        _, stderr = sweep.communicate(timeout=600)
        text = stderr.decode(errors="replace").strip()
        if sweep.returncode == 2 and "another sweep or merge is using this folder" in text:
            continue
        finished += sweep.returncode in FINISHED
        if sweep.returncode not in FINISHED + (-9,):
            problems.append(f"sweep {index + 1} exited {sweep.returncode}: {text}")
    if finished > 1:
        problems.append(f"{finished} sweeps started together on one folder all ran to the end")
    if sweeps:
        problems += check_sweep(args, sweep_out, reference)
    for seed, text in errors.items():
        problems.append(f"seed {seed} exited {codes[seed]}: {text}")
    with sqlite3.connect(history, timeout=60) as db:
        rows = db.execute("SELECT seed, output FROM run").fetchall()
        integrity = db.execute("PRAGMA integrity_check").fetchall()
    counts = {}
    for seed, output in rows:
        counts[seed] = counts.get(seed, 0) + 1
        if seed not in runs:
            problems.append(f"a row for seed {seed}, which no process ran")
        elif output is not None and os.path.realpath(output) != os.path.realpath(runs[seed][1]):
            problems.append(f"seed {seed}'s row names {output}, not {runs[seed][1]}")
    for seed in runs:
        count = counts.get(seed, 0)
        if count > 1:
            problems.append(f"seed {seed} has {count} rows")
        if codes[seed] == 0 and count != 1:
            problems.append(f"seed {seed} finished but has {count} rows")
    if integrity != [("ok",)]:
        problems.append(f"integrity_check: {integrity}")
    exited = sum(1 for code in codes.values() if code == 0)
    return exited, len(rows), sum(1 for s in killed if codes[s] == -9), problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--procs", type=int, default=16)
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--kill-window", type=float, default=0.6,
                        help="seconds over which the kills are spread")
    parser.add_argument("--busy", type=int, default=2, help="CPU-bound loops beside the runs")
    parser.add_argument("--sweep-seeds", type=int, default=20,
                        help="seeds of the shared-folder sweep each round (0: no sweep)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default=".build/release/workbench")
    parser.add_argument("--scenario", default="scenarios/quickstart.yaml")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"history-stress: {args.binary} is not an executable; "
                 "build it with `swift build -c release --product workbench`")
    rng = random.Random(args.seed)
    hogs = [busy_loop() for _ in range(args.busy)]
    failed = 0
    try:
        with tempfile.TemporaryDirectory(prefix="history-stress-") as folder:
            reference = reference_summary(args, folder) if args.sweep_seeds else None
            for number in range(1, args.rounds + 1):
                exited, rows, killed, problems = one_round(args, number, rng, folder, reference)
                status = "ok" if not problems else "FAILED"
                print(f"round {number}/{args.rounds}: {exited} finished, {killed} killed, "
                      f"{rows} rows: {status}", flush=True)
                for problem in problems:
                    print(f"  {problem}", flush=True)
                failed += bool(problems)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    print(f"history-stress: {args.rounds - failed} of {args.rounds} rounds kept every row")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
