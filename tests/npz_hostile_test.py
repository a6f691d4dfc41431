#!/usr/bin/python3
"""Hostile params.npz files against tirc --params and tirvm run --params:
ZIP directory entries that all point at one member, a local header whose
name is not the directory's, 65,534 members with a repeated name, and
weights over --max-memory.  Each must be a clear error, quick, in bounded
memory, with no output file.  The archives are built here with struct.
TAP output.  Usage: npz_hostile_test.py TIRC TIRVM MODELS_DIR"""
import os
import resource
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model_tap import finish, report as ok  # noqa: E402

TIRC, TIRVM, MODELS = sys.argv[1], sys.argv[2], sys.argv[3]
MLP = os.path.join(MODELS, "mlp")
T = tempfile.mkdtemp(prefix="tirvm-npz-")


def run(cmd, timeout=120):
    """(exit status, stderr, seconds, peak RSS in MB of the children so far:
    the first run's own)."""
    t0 = time.time()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    return p.returncode, err.decode("utf-8", "replace"), time.time() - t0, peak


def npy_bytes(a):
    import io
    f = io.BytesIO()
    np.save(f, a)
    return f.getvalue()


def zip_bytes(members, entries=None, local_names=None):
    """A stored (uncompressed) ZIP of members [(name, data)]; entries, if
    given, are the central directory's [(name, member index)]; local_names
    replace the names written in the local headers."""
    out, offsets = bytearray(), []
    for i, (name, data) in enumerate(members):
        lname = (local_names[i] if local_names else name).encode()
        offsets.append(len(out))
        crc = zlib.crc32(data)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 0, 0, 0, crc, len(data), len(data), len(lname), 0)
        out += lname + data
    cd = bytearray()
    entries = entries if entries is not None else [(name, i) for i, (name, _) in enumerate(members)]
    for name, i in entries:
        data = members[i][1]
        n = name.encode()
        cd += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 0, 0, 0, zlib.crc32(data), len(data),
                          len(data), len(n), 0, 0, 0, 0, 0, offsets[i])
        cd += n
    eocd = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(cd), len(out), 0)
    return bytes(out + cd + eocd)


def write(name, data):
    path = os.path.join(T, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


try:
    src = os.path.join(MLP, "mlp.params.zero.json")
    out = os.path.join(T, "never.tirbc")
    good = dict(np.load(os.path.join(MLP, "params.npz")))

    # 1. every directory entry points at one 4 MB member: the old reader
    # copied it once per entry (400 entries: 1.6 GB).  The peak is measured
    # against a run with the good weights first (the children's peak so far
    # is what getrusage gives; sanitizer builds have large ones of their own)
    ref = os.path.join(T, "ref.tirbc")
    st, err, _, peak_ref = run([TIRC, src, "--params", os.path.join(MLP, "params.npz"), "-o", ref])
    ok(st == 0, "the model compiles with its own weights", err)
    big = npy_bytes(np.zeros((1 << 20,), np.float32))
    bomb = write("bomb.npz", zip_bytes([("p_0.npy", big)], entries=[("p_%d.npy" % i, 0) for i in range(400)]))
    st, err, secs, peak = run([TIRC, src, "--params", bomb, "-o", out])
    ok(st != 0 and "npz" in err and not os.path.exists(out) and peak < peak_ref + 400,
       "400 directory entries pointing at one member: refused (peak %.0f MB, %.0f MB with good weights; %.2f s)"
       % (peak, peak_ref, secs), err)
    ok("local header" in err or "overlap" in err, "the message says why: the entries share one member", err)

    # 2. the local header names another file than the directory does
    one = write("renamed.npz", zip_bytes([("p_0.npy", npy_bytes(good["p_0"]))], local_names=["evil.npy"]))
    st, err, _, _ = run([TIRC, src, "--params", one, "-o", out])
    ok(st != 0 and "local header" in err and not os.path.exists(out),
       "a local header whose name is not the directory's is refused", err)

    # 3. 65,534 tiny members, the last name repeated: found by sorting, not
    # by comparing every pair (the old check took 9 s)
    tiny = npy_bytes(np.zeros((1,), np.float32))
    names = ["m%d.npy" % i for i in range(65533)] + ["m0.npy"]
    many = write("many.npz", zip_bytes([(n, tiny) for n in names]))
    st, err, secs, _ = run([TIRC, src, "--params", many, "-o", out], timeout=60)
    ok(st != 0 and "twice" in err and secs < 5 and not os.path.exists(out),
       "65,534 members with a repeated name: refused in %.2f s" % secs, err)

    # 4. weights over tirvm run's --max-memory: refused before they are held
    detached = os.path.join(T, "mlp.detached.tirbc")
    st, err, _, _ = run([TIRC, src, "-o", detached])
    params = os.path.join(MLP, "params.npz")
    st, err, _, _ = run([TIRVM, "run", detached, "--max-memory", "64K", "--params", params,
                         "x=" + os.path.join(MLP, "x.npy")])
    ok(st != 0 and "memory limit" in err, "weights over --max-memory 64K are refused while they are read", err)
    st, err, _, _ = run([TIRVM, "run", detached, "--params", params, "x=" + os.path.join(MLP, "x.npy")])
    ok(st == 0, "the same weights without the limit run", err)
except Exception:
    import traceback
    ok(False, "the suite ran to the end", traceback.format_exc())
finally:
    shutil.rmtree(T, ignore_errors=True)
sys.exit(finish())
