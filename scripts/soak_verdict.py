#!/usr/bin/env python3
"""Reads scripts/soak-serve.sh's samples and writes the table and the verdict (Markdown).

    scripts/soak_verdict.py SAMPLES.tsv OUT.md      exit 1 when a criterion fails
"""
import csv
import sys

WARM_UP_S = 120
MIN_RPS = 2000
FLAT = 0.10
JOURNAL_MAX = 1000


def main(samples_path, out_path):
    with open(samples_path) as file:
        rows = list(csv.DictReader(file, delimiter="\t"))
    if not rows:
        sys.exit("soak-verdict: no samples")
    for row in rows:
        for key in row:
            if key != "phase":
                row[key] = float(row[key] or 0)
    after = [row for row in rows if row["t_s"] > WARM_UP_S] or rows
    problems = []
    normal = [row for row in rows if row["phase"] == "normal"]
    slow = [row for row in normal if row["rps"] < MIN_RPS]
    if slow:
        problems.append(f"{len(slow)} normal segment(s) under {MIN_RPS} requests/s "
                        f"(slowest {min(r['rps'] for r in slow):.0f})")
    for name, label in (("rss_kb", "resident memory"), ("fds", "open descriptors")):
        first, highest = after[0][name], max(row[name] for row in after)
        if highest > first * (1 + FLAT):
            problems.append(f"{label} grew from {first:.0f} to {highest:.0f} after warm-up "
                            f"(+{100 * (highest / first - 1):.1f} %)")
    if max(row["journal"] for row in rows) > JOURNAL_MAX:
        problems.append(f"the admin journal listed more than {JOURNAL_MAX} entries")
    other_5xx = sum(row["other_5xx"] for row in rows)
    stray_503 = sum(row["503"] for row in rows if row["phase"] != "outage")
    if other_5xx:
        problems.append(f"{other_5xx:.0f} 5xx answers other than the outage's 503")
    if stray_503:
        problems.append(f"{stray_503:.0f} 503 answers outside the outages")
    total = sum(row["requests"] for row in rows)
    seconds = rows[-1]["t_s"]
    rss = [row["rss_kb"] / 1024 for row in after]
    fds = [row["fds"] for row in after]
    lines = [
        "# serve soak",
        "",
        f"{seconds:.0f} s, {total:,.0f} requests ({total / max(seconds, 1):,.0f} a second over the "
        "whole run, faults and sampling included).",
        f"After the {WARM_UP_S} s warm-up: resident memory {min(rss):.1f}-{max(rss):.1f} MB, open "
        f"descriptors {min(fds):.0f}-{max(fds):.0f}; journal at most "
        f"{max(row['journal'] for row in rows):.0f} entries.",
        f"Normal segments: {min(r['rps'] for r in normal):,.0f}-{max(r['rps'] for r in normal):,.0f} "
        f"requests/s, p50 {min(r['p50_us'] for r in normal) / 1000:.2f}-"
        f"{max(r['p50_us'] for r in normal) / 1000:.2f} ms, p99 "
        f"{min(r['p99_us'] for r in normal) / 1000:.2f}-{max(r['p99_us'] for r in normal) / 1000:.2f} ms.",
        "",
        "**Verdict: " + ("passed**" if not problems else "failed**: " + "; ".join(problems)),
        "",
        "| t (s) | phase | RSS (MB) | fds | journal | requests/s | p50 (ms) | p99 (ms) | 2xx | 429 | 4xx | 503 | other 5xx |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['t_s']:.0f} | {row['phase']} | {row['rss_kb'] / 1024:.1f} | {row['fds']:.0f} | "
            f"{row['journal']:.0f} | {row['rps']:,.0f} | {row['p50_us'] / 1000:.2f} | "
            f"{row['p99_us'] / 1000:.2f} | {row['2xx']:.0f} | {row['429']:.0f} | {row['4xx']:.0f} | "
            f"{row['503']:.0f} | {row['other_5xx']:.0f} |")
    with open(out_path, "w") as file:
        file.write("\n".join(lines) + "\n")
    print("\n".join(lines[:7]))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
