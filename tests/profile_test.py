#!/usr/bin/env python3
"""Profiles of recursive calls and of calls in parallel loops, through
`tirvm run --profile` and the Python package's profile=.  Timing on a busy
machine is noise, so the checks are the profile's structure: for every
function self <= total <= the run's wall-clock time, the self times add up
to at most the run's time, no share passes 100%, calls are counted exactly
(the counts come from the recursion's formula), and the pool's workers
show CPU time when a parallel loop runs on two threads.

Usage: profile_test.py TIRC TIRVM   (TAP output; the Python package from
PYTHONPATH, its libraries from TIRVM_LIBRARY_PATH)"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

import tirvm

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model_tap as tap  # noqa: E402

TIRC, TIRVM = sys.argv[1], sys.argv[2]
tmp = tempfile.mkdtemp(prefix="tirvm-profile-")
ok = tap.report


SPIN = '''
    @T.prim_func(private=True)
    def spin(n: T.int32) -> T.int32:
        acc = T.decl_buffer((1,), "int32")
        acc[0] = 0
        for i in range(n):
            acc[0] = (acc[0] * 7 + i) % 1000
        return acc[0]
'''

# fib calls itself (spec: calls may recurse); each leaf calls spin, whose
# result // 1000 is 0 but cannot be folded away
RECURSIVE = '''from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:''' + SPIN + '''
    @T.prim_func(private=True)
    def fib(n: T.int32) -> T.int32:
        if n < 2:
            return n + Module.spin(20) // 1000
        return Module.fib(n - 1) + Module.fib(n - 2)

    @T.prim_func
    def main(A: T.Buffer((2,), "int32")):
        A[0] = Module.fib(16)
        A[1] = Module.spin(100000)
'''

# spin called from a parallel loop (one run per thread), and work, called
# once, whose own parallel loop runs on both threads
PARALLEL = '''from tvm.script import ir as I
from tvm.script import tir as T

@I.ir_module
class Module:''' + SPIN + '''
    @T.prim_func(private=True)
    def work(n: T.int32) -> T.int32:
        acc = T.decl_buffer((2,), "int32")
        for j in T.parallel(2):
            acc[j] = 0
            for i in range(n):
                acc[j] = (acc[j] * 7 + i + j) % 1000
        return acc[0] + acc[1]

    @T.prim_func
    def main(A: T.Buffer((3,), "int32")):
        for i in T.parallel(2):
            A[i] = Module.spin(100000 + i)
        A[2] = Module.work(100000)
'''


def spin(n, j=0):
    acc = 0
    for i in range(n):
        acc = (acc * 7 + i + j) % 1000
    return acc


def fib(k):
    return k if k < 2 else fib(k - 1) + fib(k - 2)


def fib_calls(k):
    return 1 if k < 2 else 1 + fib_calls(k - 1) + fib_calls(k - 2)


def compile_module(name, text):
    src, out = os.path.join(tmp, name + ".py"), os.path.join(tmp, name + ".tirbc")
    open(src, "w").write(text)
    p = subprocess.run([TIRC, src, "-o", out], capture_output=True, text=True)
    ok(p.returncode == 0, "%s compiles" % name, p.stderr)
    return out


ROW = re.compile(r"^  (\S.*?)\s+(\d+)\s+([\d.]+)\s+([\d.]+)%\s+([\d.]+)\s+([\d.]+)%\s+([\d.]+)$")
# a row with one time and one share (a profile without self times): read as
# the total, so that the checks of totals and shares still apply to it
TIME_ROW = re.compile(r"^  (\S.*?)\s+(\d+)\s+([\d.]+)\s+([\d.]+)%")
NAN = float("nan")


def cli_profile(module, threads):
    """Runs the module with --profile; returns (wall ms, {name: (calls, total ms, total %,
    self ms, self %, workers ms)}, A, stderr)."""
    out = os.path.join(tmp, "A.npy")
    p = subprocess.run([TIRVM, "run", module, "--profile", "--threads", str(threads), "--out", "A=" + out],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None, {}, None, p.stderr
    m = re.search(r"^profile of main: ([\d.]+) ms", p.stderr, re.M)
    rows = {}
    for line in p.stderr.splitlines():
        r = ROW.match(line)
        if r:
            rows[r.group(1)] = (int(r.group(2)),) + tuple(float(x) for x in r.group(3, 4, 5, 6, 7))
        elif TIME_ROW.match(line):
            r = TIME_ROW.match(line)
            rows[r.group(1)] = (int(r.group(2)), float(r.group(3)), float(r.group(4)), NAN, NAN, NAN)
    return (float(m.group(1)) if m else None), rows, np.load(out), p.stderr


# the report prints ms to 3 decimals and shares to 1: that much rounding each
MS, PCT = 0.0011, 0.051


def check_cli(what, wall, rows, err):
    ok(wall is not None and "(outside the calls)" in rows and re.search(r"function +calls +total ms +share +self ms", err),
       "%s: the profile has its header and rows with total and self times" % what, err)
    if wall is None:
        return
    ok(all(r[2] <= 100 + PCT and r[4] <= 100 + PCT for r in rows.values()),
       "%s: no share passes 100%% of the run" % what, err)
    ok(all(r[3] <= r[1] + MS and r[1] <= wall + MS for r in rows.values()),
       "%s: every function's self <= total <= the run's time" % what, err)
    ok(sum(r[3] for r in rows.values()) <= wall + MS * len(rows),
       "%s: the self times add up to at most the run's time" % what, err)


def check_py(what, prof, entry="main"):
    ok(entry in prof, "%s: Python's profile= has the called function" % what, repr(prof))
    if entry not in prof:
        return
    for v in prof.values():  # a row without self and worker times fails the checks of them
        v.extend([NAN] * (4 - len(v)))
    ok(prof.get(entry, [0])[0] == 1 and all(x == x for v in prof.values() for x in v),
       "%s: Python's profile= has [runs, total, self, workers] per function" % what, repr(prof))
    wall = prof[entry][1]
    ok(all(v[2] <= v[1] <= wall for v in prof.values()),
       "%s: Python's profile=: every function's self <= total <= the call's time" % what, repr(prof))
    ok(sum(v[2] for v in prof.values()) <= wall * (1 + 1e-9),
       "%s: Python's profile=: the self times add up to at most the call's time" % what, repr(prof))


rec = compile_module("recursive", RECURSIVE)
want = np.array([fib(16), spin(100000)], np.int32)
wall, rows, a, err = cli_profile(rec, 1)
ok(a is not None and np.array_equal(a, want), "recursive: the run computes fib(16) and spin", err)
check_cli("recursive", wall, rows, err)
leaves = fib(17)  # fib(k)'s runs with k < 2: each calls spin once
ok(rows.get("fib", (0,))[0] == fib_calls(16) and rows.get("spin", (0,))[0] == leaves + 1,
   "recursive: fib's and spin's runs are counted each (%d and %d)" % (fib_calls(16), leaves + 1), err)
ok("fib" in rows and rows["fib"][3] < rows["fib"][1],
   "recursive: fib's self time leaves out the spin runs it called", err)

mod = tirvm.load(rec)
prof = {}
A = np.zeros(2, np.int32)
mod.main(A, profile=prof)
ok(np.array_equal(A, want), "recursive: Python computes fib(16) and spin", repr(A))
check_py("recursive", prof)
ok(prof.get("fib", [0])[0] == fib_calls(16), "recursive: Python counts fib's runs", repr(prof))

par = compile_module("parallel", PARALLEL)
want = np.array([spin(100000), spin(100001), spin(100000) + spin(100000, 1)], np.int32)
wall, rows, a, err = cli_profile(par, 2)
ok(a is not None and np.array_equal(a, want), "parallel: the run on 2 threads computes", err)
check_cli("parallel", wall, rows, err)
ok(rows.get("spin", (0,))[0] == 2 and rows.get("work", (0,))[0] == 1,
   "parallel: spin runs once per iteration of the parallel loop, work once", err)
# The workers take a parallel loop's chunks from a shared counter, so a
# worker that wakes late may find none left: run again (up to 10 times)
# until the worker has had its part of both loops.
for _ in range(10):
    if rows.get("spin", (0,) * 6)[5] > 0 and rows.get("work", (0,) * 6)[5] > 0:
        break
    wall, rows, a, err = cli_profile(par, 2)
ok(rows.get("spin", (0,) * 6)[5] > 0 and rows.get("work", (0,) * 6)[5] > 0,
   "parallel: the workers' CPU time shows for the function called in the loop and the one whose loop it is", err)

rt = tirvm.Runtime(threads=2)
mod = tirvm.load(par, runtime=rt)
prof = {}
A = np.zeros(3, np.int32)
mod.main(A, profile=prof)
ok(np.array_equal(A, want), "parallel: Python on 2 threads computes", repr(A))
check_py("parallel", prof)
for _ in range(10):  # until the worker has had its part (as above)
    if prof.get("spin", [0, 0, 0, 0])[3] > 0 and prof.get("work", [0, 0, 0, 0])[3] > 0:
        break
    prof = {}
    mod.main(A, profile=prof)
ok(prof.get("spin", [0])[0] == 2 and prof["spin"][3] > 0 and prof.get("work", [0, 0, 0, 0])[3] > 0,
   "parallel: Python's profile= counts the workers' CPU time apart", repr(prof))

sys.exit(tap.finish())
