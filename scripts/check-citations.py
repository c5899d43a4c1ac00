#!/usr/bin/env python3
"""Checks docs/app-citations.json against a git checkout or mirror of the app (issue 53).

For each entry: the app file exists at the commit the entry was read at, and the symbol is there
(a `Type.member` cited: the file declares the type, or an extension of it, and a member of that
name; a file cited: the file exists). Prints one line per problem and a count; exit 1 when an
entry does not hold, 2 when the app cannot be read. This checks the table's own claims, by
reading declarations line by line; whether a cited symbol changed between two commits is for
`workbench conformance drift` (docs/conformance.md), which parses Swift.

Usage: scripts/check-citations.py APP_GIT_DIR [--table docs/app-citations.json]
"""
import json
import re
import subprocess
import sys
from pathlib import Path


def show(app, rev, path):
    result = subprocess.run(["git", "-C", app, "show", f"{rev}:{path}"], capture_output=True, text=True)
    return result.stdout if result.returncode == 0 else None


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    app = args[0]
    table = Path(args[args.index("--table") + 1]) if "--table" in args else Path(__file__).parent.parent / "docs/app-citations.json"
    if subprocess.run(["git", "-C", app, "rev-parse", "--git-dir"], capture_output=True).returncode != 0:
        print(f"check-citations: {app}: not a git checkout or mirror of the app", file=sys.stderr)
        return 2
    entries = json.loads(table.read_text())
    problems = 0
    for entry in entries:
        text = show(app, entry["read_at"], entry["app_path"])
        where = f'{entry["symbol"]} ({entry["app_path"]} at {entry["read_at"]}, cited by {entry["workbench"]})'
        if text is None:
            print(f"missing file: {where}")
            problems += 1
            continue
        symbol = entry["symbol"]
        if symbol.endswith(".swift"):
            continue
        type_name, _, rest = symbol.partition(".")
        member = re.split(r"[(.]", rest)[0]
        if not re.search(rf"\b(class|struct|enum|actor|protocol|extension)\s+{re.escape(type_name)}\b", text):
            print(f"type not declared: {where}")
            problems += 1
        pattern = r"\binit\s*\(" if member == "init" else rf"\b(func|var|let|case)\s+{re.escape(member)}\b"
        if not re.search(pattern, text):
            print(f"member not declared: {where}")
            problems += 1
    print(f"check-citations: {len(entries)} entries, {problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
