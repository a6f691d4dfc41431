#!/usr/bin/env python3
"""Whole models: the table of benchmarks/README.md ("Whole models").

For each model of the TVM 0.26 set (../shared/tvm-models beside the
repository, or MODELS_DIR): compile its zero-stage JSON with tirc, load it
with the Python package, run main(x) --repeat times after a warm-up, and
report, as medians over the runs:

  tirvm ms     the time of one call of main inside the VM (tirvm_call_ex)
  kernels ms   the sum of its kernels' times in that call
  outside      main's time outside the kernels: allocation, binding, checks
               and dispatch between kernels, as a share of the call and per
               kernel call
  TVM ms       tvm_llvm_ms_per_inference from the set's manifest, measured
               elsewhere (on a machine of the same kind)
  load ms      tirvm.load of the .tirbc (best of 20)
  peak RSS     of `tirvm run` of the model once (KiB, GNU time's %M; 0 without /usr/bin/time)
  .tirbc / JSON  the artifact's size beside the JSON's

The output is checked against TVM's (y.npy) before anything is timed.

Usage: benchmarks/models.py BUILD_DIR [MODELS_DIR] [--repeat N] [--threads N]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The shared model sets beside the source tree, as tests/meson.build finds them.
SHARED = os.path.join(HERE, "..", "..", "shared")


def import_tirvm(build):
    """The Python package of the source tree over BUILD's libraries."""
    os.environ["TIRVM_LIBRARY_PATH"] = os.path.join(build, "vm") + ":" + os.path.join(build, "compiler")
    sys.path.insert(0, os.path.join(HERE, "..", "python"))
    import tirvm

    return tirvm


def compile_model(build, src, out):
    """Compiles a model's JSON with BUILD's tirc; None, else tirc's message."""
    p = subprocess.run([os.path.join(build, "cli", "tirc"), src, "-o", out], capture_output=True, text=True)
    return None if p.returncode == 0 else (p.stderr.strip() or "tirc exited with %d" % p.returncode)


def output_error(y, ref):
    """The largest |y - ref|, and whether it is within the models' tolerance
    1e-3 * max(1, max |ref|) (NaN is not)."""
    import numpy as np

    if y.shape != ref.shape:
        return float("inf"), False
    err = float(np.max(np.abs(y.astype(np.float64) - ref)))
    return err, err <= 1e-3 * max(1.0, float(np.max(np.abs(ref))))


def vm_call_seconds(fn, *args):
    """One call of fn, timed inside the VM (tirvm_call_ex, as `tirvm run
    --profile` reports it): no Python binding in the time."""
    prof = {}
    fn(*args, profile=prof)
    return prof[fn.name][1], prof


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("models", nargs="?", default=os.path.join(SHARED, "tvm-models"))
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    tirvm = import_tirvm(build)
    import numpy as np

    tirvm_cli = os.path.join(build, "cli", "tirvm")
    manifest = json.load(open(os.path.join(a.models, "manifest.json")))
    rt = tirvm.Runtime(threads=a.threads)
    tmp = tempfile.mkdtemp()
    rows = []
    for name in sorted(manifest):
        d = os.path.join(a.models, name)
        src = os.path.join(d, name + ".zero.json")
        if not os.path.exists(src):
            continue
        out = os.path.join(tmp, name + ".tirbc")
        msg = compile_model(build, src, out)
        if msg:
            sys.exit("%s: %s" % (name, msg))
        x, ref = np.load(os.path.join(d, "x.npy")), np.load(os.path.join(d, "y.npy"))
        m = tirvm.load(out, runtime=rt)
        err, ok = output_error(m.main(x), ref)
        if not ok:
            sys.exit("%s: output differs from TVM's by %g" % (name, err))
        for _ in range(3):
            m.main(x)
        whole, kernels, calls = [], [], 0
        for _ in range(a.repeat):
            t, prof = vm_call_seconds(m.main, x)
            whole.append(t)
            kernels.append(sum(v[1] for k, v in prof.items() if k != "main"))
            calls = sum(v[0] for k, v in prof.items() if k != "main")
        loads = []
        for _ in range(20):
            t0 = time.perf_counter()
            tirvm.load(out, runtime=rt)
            loads.append(time.perf_counter() - t0)
        # GNU time forks the run from itself: a child of this process would
        # count this process's memory (numpy's) in its peak
        rss = 0
        if os.path.exists("/usr/bin/time"):
            p = subprocess.run(["/usr/bin/time", "-f", "%M", tirvm_cli, "run", out, "--threads", str(a.threads),
                                "x=" + os.path.join(d, "x.npy"), "--out", "output=" + os.path.join(tmp, "y.npy")],
                               capture_output=True, text=True, check=True)
            rss = int(p.stderr.strip().splitlines()[-1])
        w, k = statistics.median(whole), statistics.median(kernels)
        outside = [a_ - b_ for a_, b_ in zip(whole, kernels)]
        o = statistics.median(outside)
        rows.append((name, w * 1e3, k * 1e3, o / w * 100 if w else 0.0, o / max(calls, 1) * 1e6,
                     manifest[name]["tvm_llvm_ms_per_inference"], min(loads) * 1e3,
                     rss, os.path.getsize(out), os.path.getsize(src), calls))
    print("| model | tirvm ms | kernels ms | outside the kernels | TVM ms (elsewhere) | tirvm / TVM | load ms | "
          "peak RSS KiB | .tirbc / JSON bytes |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    for r in rows:
        print("| %s | %.3f | %.3f | %.1f%%, %.1f us per kernel call (%d calls) | %.3f | %.1f× | %.2f | %d | "
              "%d / %d |" % (r[0], r[1], r[2], r[3], r[4], r[10], r[5], r[1] / r[5], r[6], r[7], r[8], r[9]))


if __name__ == "__main__":
    main()
