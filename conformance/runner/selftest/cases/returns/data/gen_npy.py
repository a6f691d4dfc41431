"""Writes a.npy and b_expected.npy for npy_values.py (no numpy needed).

b_expected is a + 0.25, computed here in Python, independently of the VM;
every value is exact in float32."""
import os
import struct


def write_npy(path, descr, shape, fmt, values):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else ""))
    pad = (64 - (10 + len(header) + 1) % 64) % 64
    header += " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))


here = os.path.dirname(os.path.abspath(__file__))
a = [0.5, -1.5, 2.0, 3.25, 100.0, -0.0, 7.75, 0.125]
write_npy(os.path.join(here, "a.npy"), "<f4", (2, 4), "f", a)
write_npy(os.path.join(here, "b_expected.npy"), "<f8", (2, 4), "d",
          [struct.unpack("<f", struct.pack("<f", x + 0.25))[0] for x in a])
