#!/usr/bin/env bash
# Lists every Linux-only construct left in the package (Sources/, Server/Sources/, Conformance/,
# the manifests): imports of Glibc, reads of /proc, glibc's allocator and huge-page calls, and
# unsafeFlags, each with whether it is guarded (inside #if canImport(Glibc) / #if os(Linux), or a
# manifest setting `.when(platforms: [.linux])`). Exits 1 when one is not guarded.
# Usage: scripts/linux-only.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import os, re, sys

PATTERNS = [
    (re.compile(r"^\s*import Glibc\b"), "imports Glibc"),
    (re.compile(r"\"/proc"), "reads /proc"),
    (re.compile(r"\bmallopt\b"), "glibc's mallopt"),
    (re.compile(r"\bmadvise\b|MADV_HUGEPAGE"), "madvise (huge pages)"),
    (re.compile(r"unsafeFlags"), "unsafeFlags"),
]
GUARD = re.compile(r"#if\s+.*(canImport\(Glibc\)|os\(Linux\))")
files = []
for top in ["Sources", "Server/Sources", "Conformance"]:
    for folder, names, found in os.walk(top):
        names[:] = [n for n in names if n not in (".build", "Tests")]
        files += [os.path.join(folder, n) for n in found if n.endswith(".swift")]
files += ["Package.swift", "Server/Package.swift", "Conformance/Package.swift"]
unguarded = 0
for path in sorted(f for f in files if os.path.exists(f)):
    stack = []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        stripped = line.strip()
        if stripped.startswith("#if"):
            stack.append(bool(GUARD.match(stripped)))
        elif stripped.startswith("#endif") and stack:
            stack.pop()
        elif stripped.startswith("#else") or stripped.startswith("#elseif"):
            if stack:
                stack[-1] = bool(GUARD.match(stripped.replace("#elseif", "#if")))
        code = line.split("//", 1)[0]
        for pattern, what in PATTERNS:
            if not pattern.search(code):
                continue
            guarded = any(stack) or (what == "unsafeFlags" and "platforms: [.linux]" in code)
            unguarded += not guarded
            print(f"{path}:{number}: {what}: {'guarded' if guarded else 'NOT GUARDED'}")
print(f"linux-only: {unguarded} unguarded")
sys.exit(1 if unguarded else 0)
PY
