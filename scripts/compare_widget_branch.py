#!/usr/bin/env python3
"""Runs scenarios/widget-branch-008.yaml as `main` (preset bitpal) and as the widget-refresh
branch (preset bitpal-008) over a range of seeds, and prints the comparison as Markdown:
each figure's median (and range) per build, and how many seeds meet each of the team's targets.

Usage: scripts/compare_widget_branch.py [--workbench .build/release/workbench] [--seeds 1..20]
                                        [--out out/widget-branch-008]

Each run goes to OUT/<preset>/seed-<n> (result.json, reports); nothing is stored in the history.
docs/widget-branch-008.md holds this script's output for seeds 1..20.
"""

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

SCENARIO = "scenarios/widget-branch-008.yaml"
BUILDS = [("bitpal", "main (da53edf)"), ("bitpal-008", "branch (122d91c)")]
FIGURES = [
    ("rate_limit.requests", "requests a day", "{:.0f}"),
    ("rate_limit.requests.by_screen.widget", "of which the widget's", "{:.0f}"),
    ("widget.requests.duplicated", "widget requests repeating the app's within 5 s", "{:.0f}"),
    ("rate_limit.monthly_credits", "credits a month (30 such days)", "{:,.0f}"),
    ("rate_limit.monthly_credits_share", "share of the demo plan's 10,000 credits", "{:.1%}"),
    ("widget.reloads.budgeted", "budgeted timeline reloads", "{:.0f}"),
    ("widget.reloads.foreground", "reloads in the foreground (not budgeted)", "{:.0f}"),
    ("widget.p50_age_s", "widget data age, median (min)", "min"),
    ("widget.p95_age_s", "widget data age, 95th percentile (min)", "min"),
    ("widget.max_age_s", "widget data age, oldest (min)", "min"),
    ("widget.share_over_30m", "time the widget's data is over 30 min old", "{:.1%}"),
    ("widget.stale_unmarked_s", "time over 60 min old without the stale mark (min)", "min"),
    ("widget.reload_gap_max_s", "longest time between reloads (min)", "min"),
    ("failures.widget.http_503", "widget refreshes failed by the outage", "{:.0f}"),
]
TARGETS = [
    ("widget.share_over_30m == 0", "SC-001 prices no more than 30 minutes old"),
    ("widget.refresh_max_s <= 15s", "SC-003 a refresh within 15 s"),
    ("widget.requests_per_refresh_max <= 1", "SC-004 one request per refresh"),
    ("widget.blank_after_failure == 0", "SC-005 cached data when the network fails"),
    ("widget.stale_unmarked_s == 0", "FR-005 / SC-006 stale mark past 60 minutes"),
    ("widget.reload_gap_max_s <= 30m", "main's rule: timeline refresh every 30 minutes at most"),
    ("rate_limit.requests_per_hour < 50", "watchlist SC-009 under 50 requests an hour"),
]


def seeds(text):
    """A..B, at most 1,000 seeds (each is two runs)."""
    first, _, last = text.partition("..")
    try:
        low, high = int(first), int(last or first)
    except ValueError:
        sys.exit(f"--seeds: expected A..B such as 1..20, found '{text}'")
    if not 0 <= low <= high or high - low >= 1000:
        sys.exit(f"--seeds: expected A..B with 0 <= A <= B and at most 1000 seeds, found '{text}'")
    return range(low, high + 1)


def run(workbench, preset, seed, out):
    folder = out / preset / f"seed-{seed}"
    command = [
        workbench, "run", SCENARIO, "--seed", str(seed), "--set", f"policies.preset={preset}",
        "--out", str(folder), "--no-history", "--quiet",
    ]
    finished = subprocess.run(command, capture_output=True, text=True)
    if finished.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed ({finished.returncode}):\n{finished.stderr}")
    return json.loads((folder / "result.json").read_text(encoding="utf-8"))


def formatted(value, style):
    return f"{value / 60:.1f}" if style == "min" else style.format(value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workbench", default=".build/release/workbench")
    parser.add_argument("--seeds", default="1..20")
    parser.add_argument("--out", default="out/widget-branch-008")
    arguments = parser.parse_args()
    out = Path(arguments.out)
    results = {
        preset: [run(arguments.workbench, preset, seed, out) for seed in seeds(arguments.seeds)]
        for preset, _ in BUILDS
    }
    count = len(seeds(arguments.seeds))
    print(f"Seeds {arguments.seeds} ({count} days), `{SCENARIO}`; median, with the range in brackets.\n")
    print("| figure | " + " | ".join(title for _, title in BUILDS) + " |")
    print("|---|" + "---|" * len(BUILDS))
    for name, label, style in FIGURES:
        cells = []
        for preset, _ in BUILDS:
            values = [result["metrics"].get(name, 0) for result in results[preset]]
            cells.append(
                f"{formatted(statistics.median(values), style)} "
                f"({formatted(min(values), style)} to {formatted(max(values), style)})")
        print(f"| {label} (`{name}`) | " + " | ".join(cells) + " |")
    print(f"\nDays (of {count}) meeting each of the team's targets:\n")
    print("| target | expectation | " + " | ".join(title for _, title in BUILDS) + " |")
    print("|---|---|" + "---|" * len(BUILDS))
    for expectation, label in TARGETS:
        cells = []
        for preset, _ in BUILDS:
            passed = sum(
                any(
                    item["expectation"] == expectation and item["passed"]
                    for item in result["expectations"]
                )
                for result in results[preset]
            )
            cells.append(f"{passed} / {count}")
        print(f"| {label} | `{expectation}` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
