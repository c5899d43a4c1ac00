#!/usr/bin/env python3
"""Checks portable_log's constants (Sources/CPortableMath/include/portable_math.h) against the
__log_data inside this machine's glibc libm: ln 2 in two parts, the two polynomials, and the
two 128-row tables, found in libm by the bytes of ln 2's two parts. Exit 1 on any difference.

    scripts/check-log-table.py [/usr/lib/x86_64-linux-gnu/libm.so.6]
"""
import re
import struct
import sys

libm = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/x86_64-linux-gnu/libm.so.6"
data = open(libm, "rb").read()
header = open("Sources/CPortableMath/include/portable_math.h").read()
log_part = header[header.index("static const double portable_log_table[128][2]"):]
numbers = [float.fromhex(text) for text in re.findall(r"-?0x[0-9a-f.]+p[+-]?\d+", log_part)]
tables = numbers[: 2 * 128 * 2]  # portable_log_table, then portable_log_table2
constants = numbers[2 * 128 * 2 :]  # ln2High, ln2Low, a0-a4, b0-b10 (then literals of the code)
start = data.find(struct.pack("<2d", constants[0], constants[1]))
if start < 0:
    sys.exit(f"check-log-table: ln 2's parts are not in {libm}")
libm_values = struct.unpack(f"<{18 + 512}d", data[start : start + 8 * (18 + 512)])
expected = list(libm_values[:18]) + list(libm_values[18:])
ours = constants[:18] + tables
different = [index for index, (a, b) in enumerate(zip(ours, expected)) if a != b]
if different:
    sys.exit(f"check-log-table: {len(different)} of {len(ours)} values differ from {libm}, first at {different[0]}")
print(f"check-log-table: all {len(ours)} values equal {libm}'s")
