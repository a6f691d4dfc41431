#!/usr/bin/env python3
"""Differential check of the middle end: each program compiled with every
pass and with every optional pass skipped must compute the same bytes.

Every middle-end pass promises TIR with the same meaning
(compiler/passes/passes.h), and the results of float kernels bit-identical to
running the program as it is written.  For each TVMScript (.py) or TVM JSON (.json) program found under
the given paths, this script compiles it twice, `tirc` and
`tirc --passes=-P1,-P2,...` (every pass that can be skipped), runs every
function of both modules with `tirvm run` on the same random inputs (small
extents for symbolic shapes, small positive integers for scalar parameters),
asks for every buffer parameter as an output, and compares:

- the exit status (both succeed, or both stop with a runtime error: a trap
  where the other does not is a difference);
- every output's bytes (floats included: bit-identical, not approximate).

On a difference it skips one pass at a time to say which pass makes it.
With `--subsets R` (the pass-subset mode) each program is compared instead
with every optional pass skipped alone, and with R random sets of them
skipped, so a pass whose presence or absence changes the bits, or makes
tirc fail, is named; a program tirc fails on with an internal error is
listed with the skip sets that make it compile.  `--sample N` draws N
programs at random (by `--seed`) from those found.  The
programs can be anything tirc compiles: tests/cases, the conformance corpus,
or the TVM test programs `tvm_acceptance.py --keep DIR` extracts.

    python3 scripts/passes_differential.py --tirc build/cli/tirc --tirvm build/cli/tirvm \\
        tests/cases conformance/cases [DIR ...] [--jobs 2] [--seed 0] [--limit N]

Exit status 1 when a program differs or a tool crashed (a crash includes a
module that tirc wrote and the loader refuses); programs that do not
compile, functions whose parameters cannot be made from numpy (vector or
bfloat16 elements) or whose buffers are too large, runs that stop at the
step limit on either side (the loop-level instructions take fewer steps)
and runs that fail on both sides alike are counted, not failures.  Needs
Python 3 with numpy.
"""

import argparse
import concurrent.futures
import os
import random
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tvm_docs_check as docs  # noqa: E402  (run, parse_info, make_input, np_dtype, snapshot)

MAX_STEPS = "20000000"
# Functions whose buffers hold more elements than this in all are not run
# (TVM's tests declare buffers of hundreds of MB): counted as not run.
MAX_ELEMENTS = 1 << 22


PROBE = """from tvm.script import tir as T
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = i
"""


def skippable_passes(tirc, workdir):
    st, out, err, _ = docs.run([tirc, "--passes=list"], 30)
    names = [line.split()[0] for line in out.splitlines() if line.strip()]
    probe = os.path.join(workdir, "probe.py")
    with open(probe, "w") as f:
        f.write(PROBE)
    ok = []
    for n in names:  # the passes codegen needs cannot be skipped: tirc refuses to
        st, _, _, _ = docs.run([tirc, "--check", "--passes=-" + n, probe], 30)
        if st == 0:
            ok.append(n)
    return ok


def compile_to(tirc, src, out, skip):
    cmd = [tirc, src, "-o", out] + (["--passes=" + ",".join("-" + p for p in skip)] if skip else [])
    st, _, err, why = docs.run(cmd, 60)
    return st, err, why


def inputs_for(params, rng, rundir, func):
    """(args, outs) for tirvm run, or None when a parameter has no numpy form
    or the buffers are too large to run here."""
    sizes, args, outs, total = {}, [], [], [0]
    free = iter(docs.SYMBOL_SIZES * 4)
    for name, alias, isb, dt, dims in params:
        if not isb:
            d = docs.np_dtype(dt)
            if d is None:
                return None
            if d == np.bool_:
                args.append("%s=%s" % (name, "1" if rng.random() < 0.5 else "0"))
            elif np.issubdtype(d, np.floating):
                args.append("%s=%r" % (name, float(d.type(rng.uniform(-1.0, 1.0)))))
            else:
                args.append("%s=%d" % (name, rng.randint(1, 8)))
            continue
        shape = []
        for x in dims:
            if x.lstrip("-").isdigit():
                shape.append(int(x))
            else:
                if x not in sizes:
                    sizes[x] = next(free)
                shape.append(sizes[x])
        if docs.np_dtype(dt) is None:
            return None
        total[0] += int(np.prod(shape, dtype=np.int64)) if shape else 1
        if total[0] > MAX_ELEMENTS:
            return None
        a = docs.make_input(np.random.default_rng(rng.randrange(1 << 30)), dt, shape)
        f = os.path.join(rundir, "%s.%s.npy" % (func, name))
        np.save(f, a)
        args.append("%s=%s" % (name, f))
        outs.append(name)
    return args, outs


def run_module(tirvm, tirbc, func, args, outs, rundir, tag):
    files = {o: os.path.join(rundir, "%s.%s.%s.out.npy" % (func, o, tag)) for o in outs}
    cmd = [tirvm, "run", tirbc, "--entry", func, "--threads", "1", "--max-steps", MAX_STEPS] + args
    for o, f in files.items():
        cmd += ["--out", "%s=%s" % (o, f)]
    st, _, err, why = docs.run(cmd, 120)
    result = {o: np.load(f).tobytes() for o, f in files.items() if st == 0 and os.path.exists(f)}
    return st, err, why, result


def compare_runs(a, b):
    sa, ea, wa, ra = a
    sb, eb, wb, rb = b
    if (sa == 0) != (sb == 0):
        return "with every pass %s; with the passes skipped %s" % (
            "it succeeds" if sa == 0 else "it fails: " + (ea.strip().splitlines() or ["?"])[-1],
            "it succeeds" if sb == 0 else "it fails: " + (eb.strip().splitlines() or ["?"])[-1])
    for o in ra:
        if ra[o] != rb.get(o):
            return "output %s differs" % o
    return ""


def variants_of(skip, subsets, rng):
    """The skip sets to compare with every pass: all optional passes at once,
    or (subsets > 0) each alone and `subsets` random sets of them."""
    if not subsets:
        return [skip]
    out = [[p] for p in skip]
    for _ in range(subsets):
        out.append(sorted(rng.sample(skip, rng.randint(2, max(2, len(skip) - 1)))))
    return out


def describe(v, skip):
    return "every optional pass skipped" if v == skip else "skipping " + ",".join(v)


def check_one(path, tirc, tirvm, skip, seed, subsets=0):
    """(status, detail): same, differs, crashed, no-compile, not-run."""
    with tempfile.TemporaryDirectory() as rundir:
        on = os.path.join(rundir, "on.tirbc")
        rng = random.Random("%s:%d" % (os.path.basename(path), seed))
        variants = variants_of(skip, subsets, rng)
        st, err, why = compile_to(tirc, path, on, [])
        if why or "error: internal error:" in err:  # a module that does not verify is a bug
            return "crashed", "tirc: %s%s" % (why or err.strip()[:400], compiles_without(path, tirc, variants,
                                                                                            skip, rundir))
        if st != 0:
            return "no-compile", ""
        mods = []
        for k, v in enumerate(variants):
            m = os.path.join(rundir, "off%d.tirbc" % k)
            st, err, why = compile_to(tirc, path, m, v)
            if why or st != 0 or "error: internal error:" in err:
                return "crashed" if why else "differs", "tirc, %s: %s %s" % (describe(v, skip), why,
                                                                          err.strip()[:300])
            mods.append((v, m))
        st, out, err, why = docs.run([tirvm, "info", on], 30)
        if st != 0:
            return "crashed", "tirvm info: %s %s" % (why, err.strip()[:300])
        ran = 0
        for func, params in docs.parse_info(out).items():
            made = inputs_for(params, rng, rundir, func)
            if made is None:
                continue
            args, outs = made
            a = run_module(tirvm, on, func, args, outs, rundir, "on")
            if a[2]:
                return "crashed", "tirvm: %s" % a[2]
            if "step limit exceeded" in a[1]:
                continue
            for k, (v, m) in enumerate(mods):
                b = run_module(tirvm, m, func, args, outs, rundir, "off%d" % k)
                if b[2]:
                    return "crashed", "tirvm, %s: %s" % (describe(v, skip), b[2])
                if "step limit exceeded" in b[1]:
                    continue  # the loop-level instructions take fewer steps: not a difference of meaning
                diff = compare_runs(a, b)
                if diff:
                    more = blame(path, tirc, tirvm, skip, func, args, outs, a, rundir) if v == skip else ""
                    return "differs", "%s, %s: %s%s" % (func, describe(v, skip), diff, more)
            ran += 1
        return ("same", "") if ran else ("not-run", "")


def compiles_without(path, tirc, variants, skip, rundir):
    """For a program tirc fails on: the skip sets that make it compile."""
    fixes = []
    for v in variants:
        st, err, why = compile_to(tirc, path, os.path.join(rundir, "fix.tirbc"), v)
        if st == 0 and not why and "error: internal error:" not in err:
            fixes.append(describe(v, skip))
    return " (compiles when %s)" % "; ".join(fixes) if fixes else ""


def blame(path, tirc, tirvm, skip, func, args, outs, reference, rundir):
    """The passes whose skipping alone changes the result."""
    culprits = []
    for p in skip:
        m = os.path.join(rundir, "without-%s.tirbc" % p)
        st, _, _ = compile_to(tirc, path, m, [p])
        if st != 0:
            continue
        if compare_runs(reference, run_module(tirvm, m, func, args, outs, rundir, "w-" + p)):
            culprits.append(p)
    return " (skipping %s alone changes it)" % ", ".join(culprits) if culprits else ""


def programs(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for root, _, files in os.walk(p):
            for f in sorted(files):
                if f.endswith(".py") or (f.endswith(".json") and not f.endswith(".case.json")):
                    yield os.path.join(root, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tirc", required=True)
    ap.add_argument("--tirvm", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=0, help="check at most N programs")
    ap.add_argument("--subsets", type=int, default=0, metavar="R",
                    help="pass-subset mode: compare with each optional pass skipped alone and with R random "
                         "subsets of them skipped, per program (default: only all optional passes skipped)")
    ap.add_argument("--sample", type=int, default=0, metavar="N",
                    help="check N programs drawn at random (by --seed) from those found")
    ap.add_argument("--tap", action="store_true", help="print TAP: one case per program that ran")
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args()
    bindir = tempfile.mkdtemp(prefix="passes-diff-")
    tirc, tirvm = docs.snapshot([a.tirc, a.tirvm], bindir)
    skip = skippable_passes(tirc, bindir)
    files = list(programs(a.paths))
    if a.sample and a.sample < len(files):
        files = sorted(random.Random(a.seed).sample(files, a.sample))
    if a.limit:
        files = files[:a.limit]
    counts, bad, results = {}, [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = {ex.submit(check_one, f, tirc, tirvm, skip, a.seed, a.subsets): f for f in files}
        for done, fut in enumerate(concurrent.futures.as_completed(futs), 1):
            if done % 250 == 0 and not a.tap:
                print("  checked %d/%d programs" % (done, len(files)), file=sys.stderr, flush=True)
            status, detail = fut.result()
            counts[status] = counts.get(status, 0) + 1
            results.append((futs[fut], status, detail))
            if status in ("differs", "crashed"):
                bad.append((futs[fut], status, detail))
    summary = "%d programs: %s; passes skipped on one side: %s%s" % (
        len(files), ", ".join("%s %d" % kv for kv in sorted(counts.items())), ", ".join(skip),
        " (each alone, and %d random subsets per program)" % a.subsets if a.subsets else " (all at once)")
    if a.tap:
        n = 0
        for f, status, detail in sorted(results):
            if status in ("same", "differs", "crashed"):
                n += 1
                print("%s %d - %s%s" % ("ok" if status == "same" else "not ok", n, f,
                                        "" if status == "same" else ": %s: %s" % (status, detail)))
        print("# " + summary)
        print("1..%d" % n)
    else:
        print(summary)
        for f, status, detail in sorted(bad):
            print("%s %s: %s" % (status.upper(), f, detail))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
