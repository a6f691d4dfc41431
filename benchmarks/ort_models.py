#!/usr/bin/env python3
"""Every public model in ONNX Runtime and in tirvm, alternating in one run,
at 1 and 2 threads: the ONNX Runtime table of benchmarks/README.md.
scripts/bench_ort.sh installs ONNX Runtime and runs this.

For each model of the shared sets (../shared/tvm-models and
../shared/tvm-models-2 beside the source tree, or the folders given):
compile its zero-stage JSON with tirc and load it with the Python package,
once per thread count; load its ONNX export (NAME.onnx) into ONNX Runtime
(onnxruntime-node, in a node child process: benchmarks/ort_models.mjs),
one session per thread count (intraOpNumThreads).  Both outputs are checked
against TVM's (y.npy) before anything is timed: max |y - ref| <= 1e-3 *
max(1, max |ref|), the models' tolerance.  A model with a symbolic batch is
also run at 64 rows (its input and TVM's output repeated along the batch
axis: the rows are independent).  A model tirc cannot compile is timed in
ONNX Runtime only, and the table says why.

Timing: --rounds rounds per model; in each round, for each thread count,
ONNX Runtime makes I calls and then tirvm makes J calls (I and J chosen so
each side's round lasts about --min-ms), so a slow spell of the shared
machine hits both sides.  Each side's time is the median over the rounds of
the round's median call.  tirvm's is the call's time inside the VM
(tirvm_call_ex, as `tirvm run --profile` reports it); ONNX Runtime's is
session.run's wall time in node (its input tensor made once, its output
tensors allocated by each run).

Usage: benchmarks/ort_models.py BUILD_DIR ORT_DIR [MODELS_DIR ...]
           [--rounds N] [--min-ms MS] [--threads 1,2] [--filter NAME]
ORT_DIR holds node_modules/onnxruntime-node.
"""
import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile

from models import HERE, SHARED, compile_model, import_tirvm, output_error, vm_call_seconds

BATCH_ROWS = 64  # the second size a model with a symbolic batch runs at


class OrtChild:
    """The node process that runs ONNX Runtime (ort_models.mjs)."""

    def __init__(self, ort_dir):
        self.p = subprocess.Popen(["node", os.path.join(HERE, "ort_models.mjs"), ort_dir], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def ask(self, **req):
        self.p.stdin.write(json.dumps(req) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            sys.exit("ort_models: the ONNX Runtime process ended (see its message above)")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(reply["error"])
        return reply

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def cases(model_dirs, only):
    """(label, folder, name, manifest entry, rows multiplier) for each model."""
    for md in model_dirs:
        path = os.path.join(md, "manifest.json")
        if not os.path.exists(path):
            sys.exit("ort_models: %s has no manifest.json: give the model folders (tvm-models, tvm-models-2)" % md)
        manifest = json.load(open(path))
        for name, entry in manifest.items():
            if only and name != only:
                continue
            d = os.path.join(md, name)
            if not os.path.exists(os.path.join(d, name + ".onnx")):
                continue
            rows = entry["input"]["shape"][0]
            yield name, d, name, entry, 1
            if entry["input"].get("dynamic_axes") and BATCH_ROWS % rows == 0:
                yield "%s (%d rows)" % (name, BATCH_ROWS), d, name, entry, BATCH_ROWS // rows


def calls_for(seconds_per_call, min_ms):
    """Calls per round: about min_ms of them, at least 3."""
    return max(3, min(100000, math.ceil(min_ms / 1e3 / max(seconds_per_call, 1e-7))))


def fmt_ms(v):
    return "" if v is None else ("%.3f" % v if v < 10 else "%.1f" % v)


def fmt_ratio(a, b):
    return "" if a is None or b is None else "%.2f×" % (a / b)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build")
    ap.add_argument("ort_dir")
    ap.add_argument("models", nargs="*",
                    default=[os.path.join(SHARED, "tvm-models"), os.path.join(SHARED, "tvm-models-2")])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--min-ms", type=float, default=100)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--filter", help="one model's name")
    a = ap.parse_args()
    threads = [int(t) for t in a.threads.split(",")]
    if not threads or min(threads) < 1 or a.rounds < 1 or not a.min_ms > 0:
        sys.exit("ort_models: --threads takes positive counts, --rounds and --min-ms positive numbers")
    build = os.path.abspath(a.build)
    tirvm = import_tirvm(build)
    import numpy as np

    runtimes = {t: tirvm.Runtime(threads=t) for t in threads}
    ort = OrtChild(os.path.abspath(a.ort_dir))
    tmpdir = tempfile.TemporaryDirectory()
    tmp = tmpdir.name
    rows, notes, version = [], [], "?"
    for label, d, name, entry, k in cases(a.models, a.filter):
        x = np.load(os.path.join(d, "x.npy"))
        ref = np.load(os.path.join(d, "y.npy"))
        if k > 1:
            x, ref = np.concatenate([x] * k), np.concatenate([ref] * k)
        print("%s: loading" % label, file=sys.stderr, flush=True)
        try:
            r = ort.ask(cmd="load", name=label, onnx=os.path.join(d, name + ".onnx"), x=os.path.join(d, "x.npy"),
                        y=os.path.join(d, "y.npy"), tile=k, threads=threads)
        except RuntimeError as e:
            notes.append("%s: not timed: ONNX Runtime cannot run it: %s" % (label, e))
            print(notes[-1], file=sys.stderr, flush=True)
            continue
        version = r["version"]
        ort_err = max(float("inf") if v is None else v for v in r["max_diff"].values())
        # the tirvm side: the module compiled once, loaded into each runtime
        out = os.path.join(tmp, name + ".tirbc")
        src = os.path.join(d, name + ".zero.json")
        why = compile_model(build, src, out)
        mods, vm_err = {}, None
        if why:
            why = "tirc cannot compile it: " + why.splitlines()[0].replace(src, name + ".zero.json")
        else:
            for t in threads:
                mods[t] = tirvm.load(out, runtime=runtimes[t])
                err, ok = output_error(mods[t].main(x), ref)
                vm_err = err if vm_err is None else max(vm_err, err)
                if not ok:
                    why = "tirvm's output differs from TVM's by %g" % err
            if why:
                mods = {}
        if why:
            notes.append("%s: tirvm skipped: %s" % (label, why))
            print("%s: tirvm skipped: %s" % (label, why), file=sys.stderr, flush=True)
        # one call each to choose the calls per round (after the warm-up above)
        ort_calls = {t: calls_for(min(ort.ask(cmd="time", name=label, threads=t, iters=3)["ms"]) / 1e3, a.min_ms)
                     for t in threads}
        vm_calls = {t: calls_for(min(vm_call_seconds(m.main, x)[0] for _ in range(3)), a.min_ms)
                    for t, m in mods.items()}
        ort_med = {t: [] for t in threads}
        vm_med = {t: [] for t in mods}
        for _ in range(a.rounds):
            for t in threads:
                ort_med[t].append(statistics.median(ort.ask(cmd="time", name=label, threads=t,
                                                            iters=ort_calls[t])["ms"]))
                if t in mods:
                    vm_med[t].append(statistics.median(vm_call_seconds(mods[t].main, x)[0]
                                                       for _ in range(vm_calls[t])) * 1e3)
        ort.ask(cmd="free", name=label)
        mods.clear()
        row = {"model": label, "ort": {t: statistics.median(v) for t, v in ort_med.items()},
               "vm": {t: statistics.median(v) for t, v in vm_med.items()}, "vm_err": vm_err, "ort_err": ort_err,
               "why": why}
        rows.append(row)
        print("%s: %s" % (label, ", ".join("%d thread%s: tirvm %s ms, ONNX Runtime %s ms"
                                            % (t, "" if t == 1 else "s", fmt_ms(row["vm"].get(t)) or "-", fmt_ms(row["ort"][t]))
                                            for t in threads)), file=sys.stderr, flush=True)
    ort.close()
    tmpdir.cleanup()

    t1, tn = threads[0], threads[-1]
    print("ONNX Runtime %s (onnxruntime-node, CPU) against tirvm, %s, %d CPUs; medians of %d alternating rounds "
          "of about %g ms per side" % (version, platform.machine(), os.cpu_count() or 0, a.rounds, a.min_ms))
    print()
    head = ["model", "tirvm ms", "ONNX Runtime ms", "tirvm / ORT"]
    if tn != t1:
        head += ["tirvm ms, %d threads" % tn, "ORT ms, %d threads" % tn, "tirvm / ORT, %d threads" % tn,
                 "tirvm, %d threads vs %d" % (tn, t1), "ORT, %d threads vs %d" % (tn, t1)]
    head += ["largest difference from TVM's output (tirvm, ORT)"]
    print("| " + " | ".join(head) + " |")
    print("|---|" + "--:|" * (len(head) - 2) + "---|")
    logs = []
    for r in rows:
        vm, ort_ = r["vm"], r["ort"]
        cells = [r["model"], fmt_ms(vm.get(t1)), fmt_ms(ort_[t1]), fmt_ratio(vm.get(t1), ort_[t1])]
        if tn != t1:
            cells += [fmt_ms(vm.get(tn)), fmt_ms(ort_[tn]), fmt_ratio(vm.get(tn), ort_[tn]),
                      fmt_ratio(vm.get(t1), vm.get(tn)), fmt_ratio(ort_[t1], ort_[tn])]
        cells.append("%s, %.2g" % ("skipped" if r["why"] else "%.2g" % r["vm_err"], r["ort_err"]))
        print("| " + " | ".join(cells) + " |")
        if t1 in vm:
            logs.append(math.log(vm[t1] / ort_[t1]))
    if logs:
        print("\ntirvm / ONNX Runtime, %d thread%s, geometric mean over %d rows: %.2f×"
              % (t1, "" if t1 == 1 else "s", len(logs), math.exp(sum(logs) / len(logs))))
    for n in notes:
        print(n)


if __name__ == "__main__":
    main()
