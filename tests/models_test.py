#!/usr/bin/env python3
"""Whole models from TVM (../shared/tvm-models beside the repository): each
model compiles from TVM's JSON at both stages TVM users hold (after
relax.get_pipeline("zero"), and after the build pipeline), with its weights
embedded, and with its weights detached (bound at compile time with tirc --params, or at run time
with tirvm run --params and the server's MODEL.tirbc:PARAMS.npz), and runs
from the command line, a C host program, the Python package and the server;
every output matches TVM's
(y.npy) within the models' README tolerance, max|y - y_tvm| <= 1e-3 *
max(1, max|y_tvm|).

More model folders may follow (../shared/tvm-models-2: squeezenet,
mobilenet_v3 and the decoder); a model without a built stage (the two CNNs)
is tested at the zero stage only.

Usage: models_test.py TIRC TIRVM MODEL_HOST MODELS_DIR SOURCE_ROOT [MODELS_DIR...]   (TAP)
"""
import http.client
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

from model_tap import close, counts, finish, report, run  # noqa: E402  (tests/, the script's folder)

TIRC, TIRVM, HOST, MODELS, ROOT = sys.argv[1:6]
MORE = sys.argv[6:]
sys.path.insert(0, os.path.join(ROOT, "python"))
import tirvm  # noqa: E402

T = tempfile.mkdtemp()
def check_file(what, out, ref):
    if not os.path.exists(out):
        report(False, what, "no output written")
        return
    ok, why = close(np.load(out), ref)
    report(ok, "%s (%s)" % (what, why), why)


def compile_and_run(what, src, module, run_args, ref, compile_args=()):
    """tirc SRC -o MODULE, then tirvm run MODULE x=... --out output=...;
    reports both and the output against TVM's.  True when it compiled."""
    rc, out = run([TIRC, src] + list(compile_args) + ["-o", module])
    report(rc == 0, "%s compiles" % what, out)
    if rc != 0:
        return False
    y = module + ".y.npy"
    rc, out = run([TIRVM, "run", module] + list(run_args) + ["--out", "output=" + y])
    report(rc == 0, "%s runs" % what, out)
    check_file("%s matches TVM" % what, y, ref)
    return True


def model_set(folder):
    return sorted(d for d in os.listdir(folder) if os.path.isfile(os.path.join(folder, d, d + ".zero.json")))


models = model_set(MODELS)
report(len(models) >= 4, "the model set holds at least 4 models (%s)" % ", ".join(models))
for folder in MORE:
    more = model_set(folder)
    report(len(more) >= 1, "%s holds models (%s)" % (os.path.basename(folder), ", ".join(more)))
served = []
for folder, name in [(MODELS, m) for m in models] + [(f, m) for f in MORE for m in model_set(f)]:
    d = os.path.join(folder, name)
    x, ref = np.load(os.path.join(d, "x.npy")), np.load(os.path.join(d, "y.npy"))
    params = os.path.join(d, "params.npz")
    embedded = os.path.join(T, name + ".tirbc")
    bound = os.path.join(T, name + ".bound.tirbc")
    detached = os.path.join(T, name + ".detached.tirbc")

    xarg = ["x=" + os.path.join(d, "x.npy")]
    # embedded weights, from the command line
    if compile_and_run("%s: the zero stage with embedded weights" % name, os.path.join(d, name + ".zero.json"),
                       embedded, xarg, ref):
        rc, out = run([TIRVM, "info", embedded])
        main = out[out.find("function main"):]
        report(rc == 0 and "\n  x " in main and "\n  output " in main and "const_" not in main,
               "%s: tirvm info lists main's input and output, not its weights" % name, main)
        served.append((name, embedded, x, ref))
        # the profile names the model's kernels (the PrimFuncs main calls) and the time around them
        rc, out = run([TIRVM, "run", embedded, "--profile"] + xarg)
        kernels = [f for f in tirvm.load(embedded).functions if f.name != "main"]
        report(rc == 0 and "profile of main" in out and "(outside the calls)" in out and
               any(k.name[:48] in out for k in kernels), "%s: tirvm run --profile lists the kernels" % name, out)
        prof = {}
        tirvm.load(embedded).main(x, profile=prof)
        report(prof.get("main", [0])[0] == 1 and len(prof) > 1 and all(v[0] >= 1 and v[1] > 0 for v in prof.values())
               and sum(v[1] for k, v in prof.items() if k != "main") <= prof["main"][1],
               "%s: Python's profile= counts main once and its kernels inside its time" % name, repr(prof))

    # detached weights bound at compile time
    src = os.path.join(d, name + ".params.zero.json")
    if compile_and_run("%s: detached weights bound with tirc --params" % name, src, bound, xarg, ref,
                       ["--params", params]) and os.path.exists(embedded):
        # the same weights, as constants or as --params, give the same bytes
        # of weights (TVM's detached form adds a few small kernels: the
        # reshapes of biases it folds into constants otherwise)
        a, b = open(embedded, "rb").read(), open(bound, "rb").read()
        report(abs(len(a) - len(b)) < 4096 + len(a) // 200,
               "%s: embedded and bound modules are of one size (%d, %d bytes)" % (name, len(a), len(b)))

    # detached weights given at run time
    if compile_and_run("%s: detached weights given with tirvm run --params" % name, src, detached,
                       ["--params", params] + xarg, ref):
        served.append((name + "_detached", detached + ":" + params, x, ref))
        rc, out = run([TIRVM, "run", detached] + xarg)
        report(rc != 0 and "missing input" in out and "p_0" not in out.replace("give p_0", ""),
               "%s: without --params, a weight is a missing input" % name, out)
        # the C API
        y = os.path.join(T, name + ".c.npy")
        rc, out = run([HOST, detached, os.path.join(d, "x.npy"), y, params])
        report(rc == 0, "%s: the C host program runs the model" % name, out)
        check_file("%s: the C API matches TVM" % name, y, ref)

    # Python
    try:
        got = tirvm.load(embedded).main(x)
        ok, why = close(got, ref)
        report(ok, "%s: tirvm.load(model).main(x) matches TVM (%s)" % (name, why), why)
        got = tirvm.load(detached, params=params).main(x)
        ok, why = close(got, ref)
        report(ok, "%s: tirvm.load(model, params=...).main(x) matches TVM (%s)" % (name, why), why)
        # the kernels' parallel loops split rows across the workers, each
        # element computed by one thread in the same order: same bits
        one = tirvm.Runtime(threads=1).load(embedded).main(x)
        for n in (2, 3):
            many = tirvm.Runtime(threads=n).load(embedded).main(x)
            report(many.tobytes() == one.tobytes(),
                   "%s: %d worker threads give the bits of one" % (name, n), "outputs differ")
    except Exception as e:  # noqa: BLE001 - reported as a failed test
        report(False, "%s: Python" % name, repr(e))

    # after the build pipeline: explicit storages, builtins, the shape heap
    out_b = os.path.join(T, name + ".built.tirbc")
    if not os.path.exists(os.path.join(d, name + ".built.json")):
        print("# %s: no built stage in its folder" % name)
    elif compile_and_run("%s: the module after the build pipeline" % name, os.path.join(d, name + ".built.json"),
                       out_b, xarg, ref):
        served.append((name + "_built", out_b, x, ref))
        y = os.path.join(T, name + ".built.c.npy")
        rc, out = run([HOST, out_b, os.path.join(d, "x.npy"), y])
        report(rc == 0, "%s: the C host program runs the built stage" % name, out)
        check_file("%s: the built stage from C matches TVM" % name, y, ref)
        try:
            ok, why = close(tirvm.load(out_b).main(x), ref)
            report(ok, "%s: the built stage from Python (%s)" % (name, why), why)
        except Exception as e:  # noqa: BLE001 - reported as a failed test
            report(False, "%s: the built stage from Python" % name, repr(e))

# what tirc refuses, by name: an operator LegalizeOps did not lower (a module
# before the zero pipeline) and a builtin outside the CPU ones it reads
mlp_dir = os.path.join(MODELS, "mlp")
if os.path.isdir(mlp_dir):
    doc = json.load(open(os.path.join(mlp_dir, "mlp.zero.json")))
    for node in doc["nodes"]:
        if node["type"] == "ir.Op" and node["data"] == "relax.call_tir":
            node["data"] = "relax.matmul"
    bad = os.path.join(T, "unlegalized.json")
    json.dump(doc, open(bad, "w"))
    rc, out = run([TIRC, bad, "--check"])
    report(rc == 1 and "relax.matmul" in out and 'relax.get_pipeline("zero")' in out,
           "an operator before legalization is refused by name, with the pipeline to run", out)
    doc = json.load(open(os.path.join(mlp_dir, "mlp.built.json")))
    nodes = doc["nodes"]
    for node in nodes:
        if node["type"] == "relax.expr.ExternFunc":
            sym = nodes[node["data"]["global_symbol"]]
            if sym["data"] == "vm.builtin.check_tensor_info":
                sym["data"] = "vm.builtin.paged_attention_kv_cache_create"
    bad = os.path.join(T, "kvcache.json")
    json.dump(doc, open(bad, "w"))
    rc, out = run([TIRC, bad, "--check"])
    report(rc == 1 and "vm.builtin.paged_attention_kv_cache_create" in out and "out of scope" in out,
           "a builtin outside the CPU ones tirc reads is refused by name", out)

# wrong weights: each a clear error, and no output file
if os.path.isdir(mlp_dir):
    src = os.path.join(mlp_dir, "mlp.params.zero.json")
    good = dict(np.load(os.path.join(mlp_dir, "params.npz")))
    out = os.path.join(T, "never.tirbc")
    cases = [
        ("a .npy given as --params", os.path.join(mlp_dir, "x.npy"), "a .npy file where a .npz archive"),
        ("a weight missing", {k: v for k, v in good.items() if k != "p_3"}, "no tensor given for weight"),
        ("a weight of another shape", dict(good, p_1=good["p_1"][:5]), "has another dtype or shape"),
        ("a weight of another dtype", dict(good, p_1=good["p_1"].astype(np.float64)), "has another dtype or shape"),
        ("a compressed archive", "compressed", "np.savez_compressed"),
    ]
    for what, arrays, expect in cases:
        path = arrays if isinstance(arrays, str) and arrays != "compressed" else os.path.join(T, "w.npz")
        if arrays == "compressed":
            np.savez_compressed(path, **good)
        elif not isinstance(arrays, str):
            np.savez(path, **arrays)
        rc, msg = run([TIRC, src, "--params", path, "-o", out])
        report(rc != 0 and expect in msg and not os.path.exists(out), "tirc --params: %s is refused (%s)"
               % (what, expect), msg)
    if os.path.exists(os.path.join(T, "mlp.detached.tirbc")):
        np.savez(os.path.join(T, "extra.npz"), **dict(good, q_9=good["p_1"]))
        rc, msg = run([TIRVM, "run", os.path.join(T, "mlp.detached.tirbc"), "--params", os.path.join(T, "extra.npz"),
                       "x=" + os.path.join(mlp_dir, "x.npy")])
        report(rc == 2 and "q_9" in msg, "tirvm run --params: an array naming no parameter is a usage error", msg)

# a symbolic batch: the batch model at another batch size, against numpy
batch = os.path.join(T, "mlp_batch.tirbc")
if os.path.exists(batch):
    x4 = np.load(os.path.join(MODELS, "mlp_batch", "x.npy"))
    m = tirvm.load(batch)
    y7 = m.main(np.concatenate([x4, x4[:3]]))
    ok, why = close(y7, np.concatenate([np.load(os.path.join(MODELS, "mlp_batch", "y.npy")),
                                        np.load(os.path.join(MODELS, "mlp_batch", "y.npy"))[:3]]))
    report(ok, "mlp_batch: a batch of 7 gives each row's output (%s)" % why, why)
    # batches of 1, 7 and 64 against numpy's Linear-ReLU-Linear from the
    # weights, and every row bit-identical to that row run alone
    w = np.load(os.path.join(MODELS, "mlp_batch", "params.npz"))
    rng = np.random.default_rng(7)
    xs = rng.standard_normal((64, x4.shape[1])).astype(np.float32)
    h = np.maximum(xs.astype(np.float64) @ w["p_0"].T + w["p_1"], 0)  # PyTorch's (out, in) weights
    want = h @ w["p_2"].T + w["p_3"]
    alone = np.concatenate([m.main(xs[i:i + 1]) for i in range(64)])
    for n in (1, 7, 64):
        yn = m.main(xs[:n])
        ok, why = close(yn, want[:n])
        report(ok and yn.tobytes() == alone[:n].tobytes(),
               "mlp_batch: a batch of %d matches numpy (%s) and each row alone, bit for bit" % (n, why), why)

# the server: every model at once, with the Open Inference Protocol
if served:
    portfile = os.path.join(T, "port")
    log = open(os.path.join(T, "serve.log"), "w+")
    args = [TIRVM, "serve", "--http-address", "127.0.0.1", "--http-port", "0", "--port-file", portfile,
            "--shutdown-delay-s", "0"]
    for name, path, _, _ in served:
        args += ["--model", "%s=%s" % (name, path)]
    proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 60
        while not os.path.exists(portfile) and proc.poll() is None and time.time() < deadline:
            time.sleep(0.05)
        time.sleep(0.1)
        port = int(open(portfile).read())
        for name, _, x, ref in served:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            c.request("GET", "/v2/models/" + name)
            r = c.getresponse()
            meta = json.loads(r.read() or b"{}")
            names = [t.get("name") for t in meta.get("inputs", [])], [t.get("name") for t in meta.get("outputs", [])]
            report(r.status == 200 and names == (["x"], ["output"]),
                   "%s: served metadata lists input x and output 'output'" % name, json.dumps(meta)[:800])
            body = json.dumps({"inputs": [{"name": "x", "shape": list(x.shape), "datatype": "FP32",
                                           "data": x.ravel().tolist()}]})
            c.request("POST", "/v2/models/%s/infer" % name, body=body, headers={"Content-Type": "application/json"})
            r = c.getresponse()
            resp = json.loads(r.read() or b"{}")
            outs = {o["name"]: o for o in resp.get("outputs", [])}
            if r.status != 200 or "output" not in outs:
                report(False, "%s: served inference" % name, json.dumps(resp)[:800])
            else:
                o = outs["output"]
                ok, why = close(np.array(o["data"], np.float32).reshape(o["shape"]), ref)
                report(ok, "%s: served inference matches TVM (%s)" % (name, why), why)
            c.close()
    finally:
        proc.terminate()
        proc.wait(timeout=60)
        log.seek(0)
        if counts["failed"]:
            print("# server log:\n" + "\n".join("#   " + s for s in log.read().splitlines()[-20:]))

sys.exit(finish())
