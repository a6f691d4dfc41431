#!/usr/bin/python3
"""Runs the TVM sample corpus (real TIR printed by TVM, with inputs and
outputs TVM computed and checked against numpy) through tirc and tirvm.

Usage: tvm_samples.py TIRC TIRVM SAMPLES_DIR

Each case compiles NAME.py, and again NAME.json (TVM's JSON form of the same
program), and runs it with the case's inputs, then compares
every output with numpy.isclose at the case's tolerance (exact dtype and
shape, NaN equal to NaN).  A program that tirc reports as `unsupported` is
skipped and counted; anything else that fails is a failure.  TAP output.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np


def run_case(tirc, tirvm, stage_dir, case_file, tmp, use_json):
    case = json.load(open(os.path.join(stage_dir, case_file)))
    prog = os.path.join(stage_dir, case["program_json" if use_json else "program"])
    module = os.path.join(tmp, "m.tirbc")
    r = subprocess.run([tirc, prog, "-o", module], capture_output=True, text=True)
    if r.returncode != 0:
        first = r.stderr.strip().splitlines()[0] if r.stderr.strip() else "no message"
        if "unsupported" in r.stderr:
            return "skip", first
        return "fail", "tirc: " + first
    cmd = [tirvm, "run", module]
    if "threads" in case:
        cmd += ["--threads", str(case["threads"])]
    for name, path in case["args"].items():
        # a module compiled from JSON names buffer parameters after their Var
        pname = case.get("json_param_names", {}).get(name, name) if use_json else name
        cmd.append("%s=%s" % (pname, os.path.join(stage_dir, path)))
    outs = {}
    for name in case["expect"]["outputs"]:
        outs[name] = os.path.join(tmp, name + ".npy")
        cmd += ["--out", "%s=%s" % (name, outs[name])]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return "fail", "tirvm: " + r.stderr.strip()
    for name, exp in case["expect"]["outputs"].items():
        want = np.load(os.path.join(stage_dir, exp["npy"]))
        got = np.load(outs[name])
        if got.dtype != want.dtype or got.shape != want.shape:
            return "fail", "%s: got %s%s, expected %s%s" % (name, got.dtype, got.shape, want.dtype, want.shape)
        rtol, atol = exp.get("rtol", 0), exp.get("atol", 0)
        if want.dtype.kind in "fc":
            ok = np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
        else:
            ok = got == want
        if not ok.all():
            i = int(np.argmin(ok.reshape(-1)))
            return "fail", "%s: %d of %d elements differ; first at flat index %d: got %r, expected %r" % (
                name, int((~ok).sum()), ok.size, i, got.reshape(-1)[i], want.reshape(-1)[i])
    return "pass", ""


def main():
    tirc, tirvm, root = sys.argv[1:4]
    n = failed = skipped = passed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for stage in ("te", "scheduled", "lowered"):
            stage_dir = os.path.join(root, stage)
            if not os.path.isdir(stage_dir):
                continue
            for case_file, use_json in sorted((f, j) for f in os.listdir(stage_dir) if f.endswith(".case.json")
                                              for j in (False, True)):
                n += 1
                name = "%s/%s%s" % (stage, case_file[: -len(".case.json")], " (json)" if use_json else "")
                status, why = run_case(tirc, tirvm, stage_dir, case_file, tmp, use_json)
                if status == "pass":
                    passed += 1
                    print("ok %d - %s" % (n, name))
                elif status == "skip":
                    skipped += 1
                    print("ok %d - %s # SKIP %s" % (n, name, why))
                else:
                    failed += 1
                    print("not ok %d - %s" % (n, name))
                    for line in why.splitlines()[:10]:
                        print("#   " + line)
    if n == 0:
        # an empty corpus is reported as skipped, never as a pass
        print("1..0 # SKIP no sample cases in %s" % root)
        return 0
    print("# tvm samples: %d passed, %d unsupported (skipped), %d failed" % (passed, skipped, failed))
    print("1..%d" % n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
