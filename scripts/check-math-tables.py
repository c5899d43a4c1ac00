#!/usr/bin/env python3
"""Checks the constants of portable_log and portable_pow (Sources/CPortableMath/include/
portable_math.h) against this machine's glibc libm: for log, ln 2 in two parts, two polynomials
and two 128-row tables (__log_data); for pow, ln 2, a polynomial and a 128-row table
(__pow_log_data). Each is found in libm by its first four values' bytes. (portable_exp's table is
checked by generating it: scripts/generate-exp-table.py.) Exit 1 on any difference.

    scripts/check-math-tables.py [/usr/lib/x86_64-linux-gnu/libm.so.6]
"""
import re
import struct
import sys

libm = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/x86_64-linux-gnu/libm.so.6"
data = open(libm, "rb").read()
header = open("Sources/CPortableMath/include/portable_math.h").read()
HEX = r"-?0x[0-9a-f.]+p[+-]?\d+"


def numbers(text):
    return [float.fromhex(value) for value in re.findall(HEX, text)]


def section(start, end):
    first = header.index(start)
    return header[first : header.index(end, first)]


def compare(name, ours):
    start = data.find(struct.pack("<4d", *ours[:4]))
    if start < 0:
        sys.exit(f"check-math-tables: {name}: its first values are not in {libm}")
    theirs = struct.unpack(f"<{len(ours)}d", data[start : start + 8 * len(ours)])
    different = [index for index, (a, b) in enumerate(zip(ours, theirs)) if a != b]
    if different:
        sys.exit(f"check-math-tables: {name}: {len(different)} of {len(ours)} values differ, first at {different[0]}")
    print(f"check-math-tables: {name}: all {len(ours)} values equal {libm}'s")


# log: ln2 (2), poly A (5), poly1 B (11), then tab {invc, logc} and tab2 {chi, clo}.
log_tables = numbers(section("static const double portable_log_table[128][2]", "/// Natural logarithm"))
log_constants = numbers(section("static inline double portable_log(double x)", "uint64_t ix"))
compare("log", log_constants + log_tables)
# pow: ln2 (2), poly (7), then tab {invc, pad, logc, logctail}.
pow_table = numbers(section("static const double portable_pow_log_table[128][4]", "// log(x) for ix"))
pow_constants = numbers(section("static inline double portable_pow_log(uint64_t ix", "uint64_t tmp"))
compare("pow", pow_constants + pow_table)
