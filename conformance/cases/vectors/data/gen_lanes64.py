#!/usr/bin/python3
"""Inputs and expected output for ../vector_lanes_64.py.

C = A * B + 1.5 lane-wise on 64 float32 lanes.  Every input and result is
exactly representable in float32 (A[i] = i - 32, B[i] = 0.25 * (i % 8)), so
float32 arithmetic gives the mathematically exact values computed here in
float64 and converted to float32 without rounding.
Run with Debian's /usr/bin/python3 (numpy) from this directory.
"""
import numpy as np

i = np.arange(64)
a = (i - 32).astype(np.float32)
b = (0.25 * (i % 8)).astype(np.float32)
c = a.astype(np.float64) * b.astype(np.float64) + 1.5
assert np.all(c.astype(np.float32).astype(np.float64) == c)
np.save("lanes64_a.npy", a)
np.save("lanes64_b.npy", b)
np.save("lanes64_c.npy", c.astype(np.float32))
