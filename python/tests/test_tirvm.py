#!/usr/bin/env python3
"""Tests of the tirvm Python package (TAP output, one line per case).

    TIRVM_LIBRARY_PATH=build/vm:build/compiler PYTHONPATH=python python3 python/tests/test_tirvm.py [SOURCE_ROOT]

Expected values come from NumPy, never from the VM."""
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import warnings

import numpy as np

import tirvm

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")

KERNELS = '''
from tvm.script import ir as I
from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def matmul(a: T.handle, b: T.handle, c: T.handle):
        n = T.int64()
        A = T.match_buffer(a, (n, 32), "float32")
        B = T.match_buffer(b, (32, 24), "float32")
        C = T.match_buffer(c, (n, 24), "float32")
        for i, j, k in T.grid(n, 24, 32):
            with T.block("C"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                with T.init():
                    C[vi, vj] = T.float32(0)
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]

    @T.prim_func
    def total(A: T.Buffer((16,), "int32")) -> T.int32:
        s = T.alloc_buffer((1,), "int32")
        s[0] = 0
        for i in range(16):
            s[0] = s[0] + A[i]
        return s[0]

    @T.prim_func
    def checked(A: T.Buffer((4,), "int32"), n: T.int32):
        assert n > 0, "n must be positive"
        for i in range(4):
            A[i] = A[i] * n

    @T.prim_func
    def spin(A: T.Buffer((1,), "int64")):
        for i, j in T.grid(100000, 100000):
            A[0] = A[0] + T.int64(1)

    @T.prim_func
    def negate(A: T.Buffer((8,), "bool"), B: T.Buffer((8,), "bool")):
        for i in range(8):
            B[i] = not A[i]
'''

cases = []


def case(fn):
    cases.append(fn)
    return fn


def expect_raises(cls, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except cls as e:
        return e
    raise AssertionError("expected %s" % cls.__name__)


_mod = None


def mod():
    global _mod
    if _mod is None:
        _mod = tirvm.compile(KERNELS, name="kernels.py")
    return _mod


@case
def lists_functions_and_signatures():
    m = mod()
    assert [f.name for f in m.functions] == ["matmul", "total", "checked", "spin", "negate"], m.functions
    f = m.matmul
    assert [p.name for p in f.params] == ["a", "b", "c"]
    assert [p.alias for p in f.params] == ["A", "B", "C"]
    assert f.params[0].shape == ("n", 32), f.params[0].shape
    assert f.params[1].shape == (32, 24)
    assert f.params[0].dtype == "float32"
    assert f.params[2].written and not f.params[0].written
    assert f.return_type is None
    assert m.total.return_type == "int32"
    assert m["checked"].params[1].kind == "scalar" and m.checked.params[1].dtype == "int32"
    assert "matmul(a: float32[n, 32]" in f.signature(), f.signature()


@case
def matmul_writes_the_callers_array_in_place():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((10, 32)).astype(np.float32)
    b = rng.standard_normal((32, 24)).astype(np.float32)
    c = np.full((10, 24), np.nan, np.float32)
    before = c.__array_interface__["data"][0]
    out = mod().matmul(a, b, c)
    assert out is None  # nothing allocated: the output is the array passed in
    assert c.__array_interface__["data"][0] == before
    want = a.astype(np.float64) @ b.astype(np.float64)
    assert np.allclose(c, want, rtol=1e-5, atol=1e-5), np.abs(c - want).max()


@case
def inputs_are_not_copied():
    x = np.arange(4, dtype=np.int32)
    mod().checked(x, 5)
    assert x.tolist() == [0, 5, 10, 15], x


@case
def missing_output_with_a_resolvable_shape_is_allocated():
    a = np.ones((7, 32), np.float32)
    b = np.full((32, 24), 2.0, np.float32)
    c = mod().matmul(a, b)
    assert isinstance(c, np.ndarray) and c.shape == (7, 24) and c.dtype == np.float32
    assert np.all(c == 64.0)
    c2 = mod().matmul(b=b, a=a)  # by name
    assert np.array_equal(c, c2)


@case
def missing_output_with_an_unknown_shape_is_a_usage_error():
    b = np.ones((32, 24), np.float32)
    e = expect_raises(tirvm.UsageError, mod().matmul, None, b)
    assert "variable n" in str(e) or "'a'" in str(e), e


@case
def return_values():
    a = np.arange(16, dtype=np.int32)
    assert mod().total(a) == int(a.sum())


@case
def any_object_with_dlpack_works():
    class Wrapped:
        def __init__(self, arr):
            self.arr = arr

        def __dlpack__(self, stream=None):
            return self.arr.__dlpack__()

        def __dlpack_device__(self):
            return self.arr.__dlpack_device__()

    x = np.arange(4, dtype=np.int32)
    mod().checked(Wrapped(x), 3)
    assert x.tolist() == [0, 3, 6, 9]


@case
def a_device_other_than_the_cpu_is_refused():
    class OnGpu:
        def __dlpack__(self, stream=None):
            raise AssertionError("must not be exported")

        def __dlpack_device__(self):
            return (2, 0)

    e = expect_raises(tirvm.UsageError, mod().checked, OnGpu(), 1)
    assert "CPU" in str(e), e


@case
def a_read_only_array_is_refused_for_an_output_before_the_call():
    x = np.arange(4, dtype=np.int32)
    x.flags.writeable = False
    e = expect_raises(tirvm.UsageError, mod().checked, x, 2)
    assert "read-only" in str(e), e
    assert x.tolist() == [0, 1, 2, 3]
    # and is fine as an input
    y = np.arange(16, dtype=np.int32)
    y.flags.writeable = False
    assert mod().total(y) == 120


@case
def bool_arrays():
    a = np.array([True, False, True, True, False, False, True, False])
    b = np.zeros(8, bool)
    mod().negate(a, b)
    assert b.tolist() == (~a).tolist()


@case
def compile_errors_carry_their_class_and_position():
    e = expect_raises(tirvm.CompileError, tirvm.compile, "def f(:\n", name="bad.py")
    assert e.kind == "syntax" and "bad.py:1:" in e.diagnostics, (e.kind, e.diagnostics)
    src = ('from tvm.script import tir as T\n@T.prim_func\ndef f(A: T.Buffer((4,), "int32")):\n'
           '    for i in range(4):\n        if i:\n            A[i] = 1\n')
    e = expect_raises(tirvm.CompileError, tirvm.compile, src, name="typed.py")
    assert e.kind == "type" and "typed.py:5:" in e.diagnostics, (e.kind, e.diagnostics)
    assert isinstance(e, tirvm.TirvmError) and e.message


@case
def runtime_traps_carry_the_message():
    x = np.arange(4, dtype=np.int32)
    e = expect_raises(tirvm.RuntimeTrap, mod().checked, x, 0)
    assert "n must be positive" in e.message and e.status == "runtime error", e


@case
def a_wrong_dtype_is_a_type_error_before_the_call():
    e = expect_raises(TypeError, mod().total, np.arange(16, dtype=np.int64))
    assert isinstance(e, tirvm.ArgumentTypeError) and isinstance(e, tirvm.TirvmError), type(e)
    assert not isinstance(e, tirvm.RuntimeTrap)
    assert "argument 'A': dtype is int64, expected int32" in str(e), e
    e = expect_raises(tirvm.ArgumentTypeError, mod().negate, np.zeros(8, np.uint8), np.zeros(8, bool))
    assert "expected bool" in str(e), e
    # a scalar: a float for an integer, a string for a number; an array for a number and the reverse
    x = np.arange(4, dtype=np.int32)
    e = expect_raises(TypeError, mod().checked, x, 2.5)
    assert "argument 'n'" in str(e) and "int32" in str(e), e
    expect_raises(tirvm.ArgumentTypeError, mod().checked, x, "2")
    expect_raises(tirvm.ArgumentTypeError, mod().checked, [1, 2, 3, 4], 2)
    assert x.tolist() == [0, 1, 2, 3]  # nothing ran


@case
def a_wrong_shape_is_a_value_error_before_the_call():
    e = expect_raises(ValueError, mod().checked, np.arange(5, dtype=np.int32), 1)
    assert isinstance(e, tirvm.ArgumentValueError) and not isinstance(e, tirvm.RuntimeTrap), type(e)
    assert "argument 'A': shape[0] is 5, expected 4" in str(e), e
    e = expect_raises(tirvm.ArgumentValueError, mod().checked, np.zeros((2, 2), np.int32), 1)
    assert "has 2 dimensions, expected 1" in str(e), e
    # a symbolic extent: n is 7 from 'a', so 'c' with 5 rows is wrong (and is not written)
    a = np.ones((7, 32), np.float32)
    b = np.ones((32, 24), np.float32)
    c = np.full((5, 24), -1.0, np.float32)
    e = expect_raises(tirvm.ArgumentValueError, mod().matmul, a, b, c)
    assert "argument 'c': shape[0] is 5, expected 7 (n, from the earlier arguments)" in str(e), e
    assert np.all(c == -1.0)
    e = expect_raises(tirvm.ArgumentValueError, mod().matmul, a, np.ones((24, 32), np.float32), None)
    assert "argument 'b': shape[0] is 24, expected 32" in str(e), e


@case
def a_non_contiguous_input_is_copied():
    base = np.arange(32, dtype=np.int32)
    assert mod().total(base[::2]) == int(base[::2].sum())
    rng = np.random.default_rng(4)
    a = np.asfortranarray(rng.standard_normal((6, 32)).astype(np.float32))
    bt = rng.standard_normal((24, 32)).astype(np.float32)
    b = bt.T  # a transpose: not contiguous
    assert not a.flags.c_contiguous and not b.flags.c_contiguous
    c = mod().matmul(a, b)
    assert np.allclose(c, a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)

    class Wrapped:  # a DLPack producer that is not NumPy, over a strided view
        def __init__(self, arr):
            self.arr = arr

        def __dlpack__(self, stream=None, **kwargs):
            return self.arr.__dlpack__()

        def __dlpack_device__(self):
            return self.arr.__dlpack_device__()

    assert mod().total(Wrapped(base[1::2])) == int(base[1::2].sum())
    assert base.tolist() == list(range(32))


@case
def a_non_contiguous_output_is_refused_with_the_fix():
    base = np.arange(8, dtype=np.int32)
    e = expect_raises(ValueError, mod().checked, base[::2], 3)
    assert isinstance(e, tirvm.ArgumentValueError), type(e)
    assert "np.ascontiguousarray" in str(e) and "argument 'A'" in str(e), e
    assert base.tolist() == list(range(8))
    c = np.zeros((24, 5), np.float32).T
    e = expect_raises(tirvm.ArgumentValueError, mod().matmul, np.ones((5, 32), np.float32),
                      np.ones((32, 24), np.float32), c)
    assert "np.ascontiguousarray" in str(e), e


STRIDED = '''
from tvm.script import tir as T

@T.prim_func
def main(a: T.handle, b: T.handle):
    A = T.match_buffer(a, (2, 3), "float32", strides=("s0", "s1"))
    B = T.match_buffer(b, (2, 3), "float32", strides=("t0", "t1"))
    for i, j in T.grid(2, 3):
        B[i, j] = A[i, j] * T.float32(2)
'''


@case
def buffers_that_declare_strides_take_views_in_place():
    m = tirvm.compile(STRIDED)
    src = np.arange(12, dtype=np.float32).reshape(2, 6)
    dst = np.zeros((2, 6), np.float32)
    m.main(src[:, ::2], dst[:, 1::2])  # written through the view, not through a copy
    assert dst[:, 1::2].tolist() == (src[:, ::2] * 2).tolist(), dst
    assert np.all(dst[:, ::2] == 0)


@case
def a_missing_input_is_a_usage_error():
    a = np.ones((7, 32), np.float32)
    e = expect_raises(tirvm.UsageError, mod().matmul, a)
    assert "missing input 'b'" in str(e), e
    e = expect_raises(tirvm.UsageError, mod().negate)
    assert "missing input 'A'" in str(e), e
    e = expect_raises(tirvm.UsageError, mod().negate, B=np.zeros(8, bool))
    assert "missing input 'A'" in str(e), e
    # an output may be left out: it is allocated
    b = mod().negate(np.ones(8, bool))
    assert b.dtype == np.bool_ and not b.any()


MIXED = '''from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4, 4), "float32")):
    for i in range(4):
        for j in range(T.int64(4)):
            A[i, j] = T.float32(1)
'''


@case
def compiler_warnings_and_notes_are_python_warnings():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        m = tirvm.compile(MIXED, name="mixed.py")
    assert m.main.name == "main"
    ws = [w for w in caught if issubclass(w.category, tirvm.CompileWarning)]
    assert len(ws) == 1, [str(w.message) for w in caught]
    w = ws[0].message
    assert not isinstance(w, tirvm.CompileNote)
    assert (w.file, w.line, w.severity) == ("mixed.py", 7, "warning"), (w.file, w.line, w.severity)
    assert "indices of different bit widths" in str(w) and "mixed.py:7:" in str(w), str(w)
    assert ws[0].filename == __file__, ws[0].filename  # the user's line, not the package's
    with open(os.path.join(ROOT, "tests", "cases", "relax_functions_skipped.py")) as f:
        relax = f.read()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tirvm.compile_to_bytes(relax, name="relax.py")
    notes = [w.message for w in caught if issubclass(w.category, tirvm.CompileNote)]
    assert len(notes) == 1 and "skipping Relax function 'forward'" in str(notes[0]), [str(w.message) for w in caught]
    assert notes[0].severity == "note" and isinstance(notes[0], tirvm.CompileWarning)
    # as errors, when the caller asks
    with warnings.catch_warnings():
        warnings.simplefilter("error", tirvm.CompileWarning)
        expect_raises(tirvm.CompileWarning, tirvm.compile, MIXED)
        # --strict: an error, not a warning
        expect_raises(tirvm.CompileError, tirvm.compile, MIXED, strict=True)


@case
def version_and_public_names():
    assert tirvm.__version__ == tirvm.version(), tirvm.__version__
    assert all(part.isdigit() for part in tirvm.__version__.split(".")), tirvm.__version__
    for name in tirvm.__all__:
        assert hasattr(tirvm, name), name
    assert "os" not in dir(tirvm) and "ctypes" not in dir(tirvm), dir(tirvm)
    ns = {}
    exec("from tirvm import *", ns)
    assert "os" not in ns and "ctypes" not in ns and "Function" in ns and "ArgumentValueError" in ns


@case
def limits_and_cancellation():
    acc = np.zeros(1, np.int64)
    e = expect_raises(tirvm.LimitExceeded, mod().spin, acc, max_steps=1000)
    assert "step limit" in str(e), e
    t0 = time.monotonic()
    e = expect_raises(tirvm.Cancelled, mod().spin, acc, timeout=0.001)
    assert time.monotonic() - t0 < 2.0
    flag = tirvm.CancelFlag()
    timer = threading.Timer(0.005, flag.set)
    timer.start()
    expect_raises(tirvm.Cancelled, mod().spin, acc, cancel=flag)
    timer.join()


@case
def load_tirbc_from_a_file_and_from_bytes():
    data = tirvm.compile_to_bytes(KERNELS, name="kernels.py")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "k.tirbc")
        with open(path, "wb") as f:
            f.write(data)
        m = tirvm.load(path)
        assert [f.name for f in m.functions][0] == "matmul"
    m2 = tirvm.load(data)
    assert m2.total(np.ones(16, np.int32)) == 16
    e = expect_raises(tirvm.VerifyError, tirvm.load, b"not a module")
    assert e.status == "invalid module", e.status


@case
def compile_a_file_from_the_examples():
    m = tirvm.compile_file(os.path.join(ROOT, "examples", "matmul.py"))
    a = np.random.default_rng(2).standard_normal((64, 96)).astype(np.float32)
    b = np.random.default_rng(3).standard_normal((96, 48)).astype(np.float32)
    c = np.zeros((64, 48), np.float32)
    m.main(a, b, c)
    assert np.allclose(c, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)


@case
def modules_share_a_runtime_and_threads_call_at_once():
    rt = tirvm.Runtime(threads=2)
    assert rt.threads == 2
    m = rt.compile(KERNELS)
    m2 = rt.load(tirvm.compile_to_bytes(KERNELS))
    errors = []

    def work(seed):
        try:
            rng = np.random.default_rng(seed)
            for _ in range(20):
                a = rng.standard_normal((5, 32)).astype(np.float32)
                b = rng.standard_normal((32, 24)).astype(np.float32)
                c = (m if seed % 2 else m2).matmul(a, b)
                if not np.allclose(c, a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5):
                    errors.append("wrong result in thread %d" % seed)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(repr(e))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


@case
def pip_installs_the_package_offline():
    have = subprocess.run([sys.executable, "-c", "import setuptools, wheel, pip"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0
    if not have:
        return "SKIP pip, setuptools or wheel is not installed (Debian: python3-pip python3-setuptools python3-wheel)"
    # nothing but this directory and what is installed: no index, no local wheel directories
    offline_env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    offline_env["PIP_NO_CACHE_DIR"] = "1"
    with tempfile.TemporaryDirectory() as d, tempfile.TemporaryDirectory() as src:
        # a copy of the package, as setuptools writes build/ and *.egg-info beside the sources
        shutil.copytree(os.path.join(ROOT, "python"), os.path.join(src, "python"),
                        ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
        r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-index", "--no-build-isolation",
                            "--target", d, os.path.join(src, "python")],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           env=offline_env)
        assert r.returncode == 0, r.stdout
        assert os.path.exists(os.path.join(d, "tirvm", "__init__.py"))
        r = subprocess.run([sys.executable, "-c", "import tirvm, sys; print(tirvm.__file__); "
                            "print(tirvm.compile(sys.argv[1]).functions[0].name)", KERNELS],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           env=dict(os.environ, PYTHONPATH=d), cwd=d)
        assert r.returncode == 0 and r.stdout.startswith(d) and "matmul" in r.stdout, r.stdout


def main():
    passed = failed = 0
    for n, fn in enumerate(cases, 1):
        try:
            skip = fn()
            if isinstance(skip, str) and skip.startswith("SKIP"):
                print("ok %d - %s # %s" % (n, fn.__name__, skip))
            else:
                print("ok %d - %s" % (n, fn.__name__))
            passed += 1
        except Exception:  # noqa: BLE001 - every failure is a TAP line
            failed += 1
            print("not ok %d - %s" % (n, fn.__name__))
            for line in traceback.format_exc().splitlines():
                print("#   " + line)
    print("1..%d" % len(cases))
    print("# %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
