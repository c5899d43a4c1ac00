#!/usr/bin/env python3
"""Measures the "Adding things: which files" table of docs/architecture.md (issue 68).

For each kind of thing (a `policies:` key, a `server:`/`faults:` key, a metric, an endpoint, a
price model), finds the files outside the tests that name every one of the kind that exists
today (sources, docs, scenarios and the report goldens): a new one must be named there too. To
those it adds the files the kind is declared in under Swift names no text search finds (listed
per kind below). Exits 1 when the table states fewer files than that (the table undercounts).

Usage: python3 scripts/files_per_change.py [--quiet]
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return handle.read()


def corpus():
    """Every non-test file a change may touch, with its text."""
    patterns = [
        "Sources/**/*.swift", "Server/Sources/**/*.swift", "docs/**/*.md", "docs/*.yaml", "README.md",
        "scenarios/*.yaml", "Tests/Fixtures/golden/**/*",
    ]
    files = {}
    for pattern in patterns:
        for path in glob.glob(os.path.join(ROOT, pattern), recursive=True):
            if os.path.isfile(path):
                with open(path, encoding="utf-8", errors="replace") as handle:
                    files[os.path.relpath(path, ROOT)] = handle.read()
    return files


def files_naming(files, patterns):
    """The files where any of the regular expressions matches."""
    compiled = [re.compile(p) for p in patterns]
    return sorted(path for path, text in files.items() if any(c.search(text) for c in compiled))


def word(name):
    return r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])"


def named_keys(path, constructor):
    """The scenario keys a settings table declares, each with its Swift field when the
    declaration names one (`.duration("timeout", \\.timeoutMilliseconds, ...)`)."""
    found = []
    for match in re.finditer(constructor + r'\s*"([a-z][a-z_0-9]*)"\s*(?:,\s*\\\.(\w+))?', read(path)):
        patterns = [word(match.group(1))]
        if match.group(2):
            patterns.append(r"\." + word(match.group(2)))
        found.append((match.group(1), patterns))
    return found


def policy_keys():
    return named_keys("Sources/Scenarios/PolicyTable.swift", r"(?:PolicyKey\(|\.(?:choice|cases|duration|number|count|flag)\()")


def server_keys():
    return named_keys(
        "Sources/Scenarios/ServerSettingsTable.swift",
        r"(?:SettingKey\(\s*name:|\.(?:choice|cases|duration|number|count|rate|flag|windows)\()")


def endpoints():
    text = read("Sources/TrackerCore/CoinGecko/CoinGeckoEndpoint.swift")
    return [(t, [re.escape(t)]) for t in sorted(set(re.findall(r'= "(/[^"]+)"', text)))]


def price_models():
    text = read("Sources/PriceModels/Models/PriceModel+Catalog.swift")
    return [(n, [r'"' + re.escape(n) + r'"']) for n in sorted(set(re.findall(r'case "(\w+)"', text)))]


def metrics():
    """The metric families' first names, by the section that builds each (`cache.`, `charts.`...)."""
    text = read("docs/simulation.md")
    names = sorted(set(re.findall(
        r"`((?:rate_limit|cache|freshness|charts|watchlist|portfolio|alerts|server|screens|app|widget)\.[a-z0-9_.]+)`",
        text)))
    return [(n, [word(n)]) for n in names]


# Each kind: how to list what exists, and the files a new one is declared in whose Swift names
# differ from its scenario name (so no text search finds them): the field's type, the machine.
KINDS = [
    ("a `server:` or `faults:` key", server_keys,
     ["the field on `ServerBehaviour` or `ServerFaults`"]),
    ("a `policies:` key", policy_keys,
     ["its field in `AppPolicies`", "the machine that uses it"]),
    ("a metric", metrics,
     ["the typed metric (`AppHosting/Metrics/Typed`)", "the recorder's line, for a new kind of happening"]),
    ("an endpoint", endpoints, ["the simulated server's routing"]),
    ("a price model", price_models, ["the process (`PriceModels/Models`)"]),
]


def claimed(kind):
    """The table's claim for a kind: the largest number of files its "now" cell states, or None."""
    for line in read("docs/architecture.md").splitlines():
        if line.startswith("| " + kind + " |"):
            counts = re.findall(r"(\d+)(?: to (\d+))? files", line.split("|")[3])
            if counts:
                return max(int(high or low) for low, high in counts)
    return None


def main():
    quiet = "--quiet" in sys.argv[1:]
    files = corpus()
    failed = False
    for kind, things, declared in KINDS:
        existing = things()
        if not existing:
            print(f"files-per-change: {kind}: nothing of the kind found", file=sys.stderr)
            failed = True
            continue
        every = set.intersection(*(set(files_naming(files, patterns)) for _, patterns in existing))
        needed = len(every) + len(declared)
        stated = claimed(kind)
        verdict = ""
        if stated is None or stated < needed:
            verdict = f"  <- the table says {stated}"
            failed = True
        if not quiet or verdict:
            print(f"{kind}: {needed} files ({len(existing)} today, each named in: {', '.join(sorted(every))}; "
                  f"and {'; '.join(declared)}); table: {stated}{verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
