#!/usr/bin/env python3
"""Recomputes a run's widget metrics from its event stream, independently of the workbench.

Usage: scripts/check_widget_metrics.py EVENTS.jsonl RESULT.json

EVENTS.jsonl is `workbench run --events` of a scenario with `user.widget: true`; RESULT.json is
the same run's result.json. The widget's reloads, requests (and which repeated an app request
for the same coins within 5 s), refresh times, reload gaps, the age of its data (a sawtooth
between `widget_shown` events, integrated here piece by piece, with percentiles by bisection) and
the time its data was over an hour old without the stale mark are recomputed from the raw events
and compared with result.json's `widget.*` figures. Exit 0 when every figure agrees, 1 otherwise.
"""

import json
import sys
from urllib.parse import parse_qs, urlsplit

DUPLICATE_WINDOW_MS = 5_000
STALE_AFTER_MS = 3_600_000


def ids_of(target):
    """The coins of a /coins/markets or /simple/price target, or None."""
    parts = urlsplit(target)
    if parts.path not in ("/coins/markets", "/simple/price"):
        return None
    values = parse_qs(parts.query, keep_blank_values=True).get("ids")
    return set(values[0].split(",")) if values else None


def recompute(events):
    reloads = {"budgeted": 0, "foreground": 0}
    requests = {"budgeted": 0, "foreground": 0}
    refused = duplicated = blank = missing = 0
    most_requests = 0
    longest_refresh = 0
    reload_times = []
    shown = []  # (time, entry or None for empty)
    refresh = None  # [kind, start, requests, failed]
    app_requests = []  # (time, ids)
    end = None
    for event in events:
        name, t = event["event"], event["t"]
        if name == "widget_reloaded":
            reloads[event["kind"]] += 1
            reload_times.append(t)
            refresh = [event["kind"], t, 0, False]
        elif name == "widget_reload_refused":
            refused += 1
        elif name == "widget_prices_missing":
            missing += event["coins"]
        elif name == "request_sent":
            ids = ids_of(event["target"])
            if event["screen"] != "widget":
                if ids is not None:
                    app_requests.append((t, ids))
                continue
            kind = refresh[0] if refresh else "budgeted"
            requests[kind] += 1
            if refresh:
                refresh[2] += 1
            if ids is not None and any(
                t - sent <= DUPLICATE_WINDOW_MS and ids <= app_ids for sent, app_ids in app_requests
            ):
                duplicated += 1
        elif name == "failed" and event["screen"] == "widget":
            if refresh:
                refresh[3] = True
        elif name == "widget_shown":
            entry = None if event.get("empty") else event
            shown.append((t, entry))
            if refresh:
                if refresh[3] and entry is None:
                    blank += 1
                most_requests = max(most_requests, refresh[2])
                longest_refresh = max(longest_refresh, t - refresh[1])
                refresh = None
        elif name == "finished":
            end = t
    gaps = [b - a for a, b in zip(reload_times, reload_times[1:])] + [end - reload_times[-1]]

    # The sawtooth: each piece of data shown from `start` to `stop` covers the ages
    # [start - data_time, stop - data_time) uniformly.
    pieces, empty_ms, stale_unmarked_ms = [], 0, 0
    for (start, entry), (stop, _) in zip(shown, shown[1:] + [(end, None)]):
        if stop <= start:
            continue
        if entry is None:
            empty_ms += stop - start
            continue
        reference = min(entry["data_time_ms"], start)
        pieces.append((start - reference, stop - reference))
        if not entry["marked_stale"]:
            stale_unmarked_ms += max(0, stop - max(start, entry["last_updated_ms"] + STALE_AFTER_MS))
    total = sum(b - a for a, b in pieces)

    def mass_below(age):
        return sum(max(0, min(b, age) - a) for a, b in pieces)

    figures = {
        "widget.reloads": sum(reloads.values()),
        "widget.reloads.budgeted": reloads["budgeted"],
        "widget.reloads.foreground": reloads["foreground"],
        "widget.reloads.refused": refused,
        "widget.requests": sum(requests.values()),
        "widget.requests.budgeted": requests["budgeted"],
        "widget.requests.foreground": requests["foreground"],
        "widget.requests.duplicated": duplicated,
        "widget.requests_per_refresh_max": most_requests,
        "widget.refresh_max_s": longest_refresh / 1000,
        "widget.reload_gap_max_s": max(gaps) / 1000,
        "widget.shown_s": total / 1000,
        "widget.empty_s": empty_ms / 1000,
        "widget.stale_unmarked_s": stale_unmarked_ms / 1000,
        "widget.blank_after_failure": blank,
        "widget.prices_missing": missing,
    }
    # Never any data shown (no holdings): the age figures are undefined, and left out.
    age_names = ["widget.max_age_s", "widget.share_over_30m", "widget.share_over_60m",
                 "widget.p50_age_s", "widget.p95_age_s"]
    if not pieces:
        return figures | {name: None for name in age_names}

    def percentile(fraction):
        low, high = 0.0, float(max(b for _, b in pieces))
        for _ in range(200):
            middle = (low + high) / 2
            if mass_below(middle) >= fraction * total:
                high = middle
            else:
                low = middle
        return high

    return figures | {
        "widget.max_age_s": max(b for _, b in pieces) / 1000,
        "widget.share_over_30m": 1 - mass_below(1_800_000) / total,
        "widget.share_over_60m": 1 - mass_below(3_600_000) / total,
        "widget.p50_age_s": percentile(0.5) / 1000,
        "widget.p95_age_s": percentile(0.95) / 1000,
    }


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as lines:
        events = [json.loads(line) for line in lines]
    with open(sys.argv[2], encoding="utf-8") as file:
        metrics = json.load(file)["metrics"]
    wrong = 0
    for name, expected in recompute(events).items():
        got = metrics.get(name)
        if expected is None:
            agrees = got is None
        else:
            agrees = got is not None and abs(got - expected) <= 1e-6 * max(1.0, abs(expected))
        print(f"{'ok  ' if agrees else 'DIFF'} {name}: workbench {got}, recomputed {expected}")
        wrong += not agrees
    print(f"{wrong} of the widget's figures disagree" if wrong else "every widget figure agrees")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
