#!/usr/bin/env python3
"""Prints the 256 words of portable_exp_table (Sources/CPortableMath/include/portable_math.h).

For k in 0..127, 2^(k/128) = H * (1 + T): H is the double nearest 2^(k/128) and T the double
nearest (2^(k/128) - H) / H, both from 80-digit decimal arithmetic. Word 2k is T's bits; word
2k + 1 is H's bits less k/128 of the exponent field (k << 45), which the exponent of 2^(k/128)
adds back. The result equals the table inside glibc's libm (ARM optimized-routines' exp_data).
"""
import struct
from decimal import Decimal, getcontext

getcontext().prec = 80
N = 128
words = []
for k in range(N):
    exact = Decimal(2) ** (Decimal(k) / Decimal(N))
    high = float(exact)
    tail = float((exact - Decimal(high)) / Decimal(high))
    bits = lambda value: struct.unpack("<Q", struct.pack("<d", value))[0]
    words += [bits(tail), (bits(high) - ((k << 52) // N)) % 2**64]
for row in range(0, len(words), 4):
    print("    " + ", ".join(f"0x{word:016x}ULL" for word in words[row : row + 4]) + ",")
