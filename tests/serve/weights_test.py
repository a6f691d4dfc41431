#!/usr/bin/python3
"""tirvm serve with detached weights, shared weights and several models:
a version's params.npz (and --model NAME=FILE.tirbc:PARAMS.npz) serves
TVM's MLP with TVM's output; a wrong, missing or extra array fails that
model only, with tirvm run --params's message; a slow model does not stall
a fast one; instances of one model hold its weights once.  Python's
http.client is the client, numpy and TVM's y.npy the expected values.
TAP output.  Usage: weights_test.py TIRC TIRVM MODELS_DIR MODELS2_DIR"""
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_tap  # noqa: E402
from serve_tap import ok, stop  # noqa: E402

TIRC, TIRVM, MODELS, MODELS2 = sys.argv[1:5]
T = tempfile.mkdtemp(prefix="tirvm-serve-weights-")


def start(args, name):
    return serve_tap.start(TIRVM, T, args, name)


def request(port, method, path, body=None, timeout=120):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    c.request(method, path, body, {"Content-Type": "application/json"} if body else {})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data


def infer(port, model, inputs):
    """inputs: {name: (datatype, array)} -> (status, {output name: array} or the body)."""
    body = json.dumps({"inputs": [{"name": k, "datatype": dt, "shape": list(a.shape), "data": a.ravel().tolist()}
                                  for k, (dt, a) in inputs.items()]})
    st, data = request(port, "POST", "/v2/models/%s/infer" % model, body)
    if st != 200:
        return st, data
    return st, {o["name"]: np.array(o["data"]).reshape(o["shape"]) for o in json.loads(data)["outputs"]}


def log_of(path):
    return open(path).read()


def vm_rss_kb(pid):
    for line in open("/proc/%d/status" % pid):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return -1


def cli_message(module, params, x):
    """tirvm run --params's message for these weights (the reference for the server's)."""
    p = subprocess.run([TIRVM, "run", module, "--params", params, "x=" + x], capture_output=True, text=True)
    return p.stderr.strip().splitlines()[0].replace("tirvm: error: ", "") if p.returncode else None


try:
    mlp = os.path.join(MODELS, "mlp")
    x, y = np.load(os.path.join(mlp, "x.npy")), np.load(os.path.join(mlp, "y.npy"))
    good = dict(np.load(os.path.join(mlp, "params.npz")))
    detached = os.path.join(T, "mlp.detached.tirbc")
    # the detached form: main(x, p_0, ..., p_3), the weights not in the module
    subprocess.run([TIRC, os.path.join(mlp, "mlp.params.zero.json"), "-o", detached], check=True)
    vadd_src = os.path.join(T, "vadd.py")
    with open(vadd_src, "w") as f:
        f.write('''@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32")):
    for i in range(4):
        C[i] = A[i] + B[i]
''')
    vadd = os.path.join(T, "vadd.tirbc")
    subprocess.run([TIRC, vadd_src, "-o", vadd], check=True)
    a4, b4 = np.arange(4, dtype=np.float32), np.full(4, 0.5, np.float32)

    # ---- a repository: a good model with params.npz, three bad ones, vadd ----
    repo = os.path.join(T, "repo")
    bad = {"shape": dict(good, p_1=good["p_1"][:5]), "dtype": dict(good, p_1=good["p_1"].astype(np.float64)),
           "missing": {k: v for k, v in good.items() if k != "p_3"}, "extra": dict(good, q_9=good["p_1"])}
    for name, arrays in [("mlp", good)] + list(bad.items()):
        os.makedirs(os.path.join(repo, name, "1"))
        shutil.copy(detached, os.path.join(repo, name, "1", "model.tirbc"))
        np.savez(os.path.join(repo, name, "1", "params.npz"), **arrays)
    os.makedirs(os.path.join(repo, "vadd", "1"))
    shutil.copy(vadd, os.path.join(repo, "vadd", "1", "model.tirbc"))
    os.makedirs(os.path.join(repo, "broken", "1"))
    with open(os.path.join(repo, "broken", "1", "model.tirbc"), "wb") as f:
        f.write(b"not a module")
    p, log, port = start(["--model-repository", repo], "repo")
    if ok(port is not None, "a repository with models that fail to load starts, serving the others", log_of(log)):
        st, out = infer(port, "mlp", {"x": ("FP32", x)})
        ok(st == 200 and out["output"].shape == y.shape and np.allclose(out["output"], y, rtol=1e-5, atol=1e-5),
           "params.npz: the MLP with detached weights answers TVM's y.npy", out)
        st, data = request(port, "GET", "/v2/models/mlp")
        meta = json.loads(data) if st == 200 else {}
        ok([t["name"] for t in meta.get("inputs", [])] == ["x"], "the weights are not inputs in the metadata", data)
        st, data = infer(port, "mlp", {"x": ("FP32", x), "p_1": ("FP32", good["p_1"])})
        ok(st == 400 and b"weight" in data, "a request cannot replace a bound weight", data)
        st, out = infer(port, "vadd", {"A": ("FP32", a4), "B": ("FP32", b4)})
        ok(st == 200 and np.array_equal(out["C"], a4 + b4), "the other models serve", out)
        text = log_of(log)
        for name in bad:
            npz = os.path.join(repo, name, "1", "params.npz")
            st, data = request(port, "GET", "/v2/models/%s/ready" % name)
            ok(st == 400 and json.loads(data) == {"name": name, "ready": False},
               "params.npz with a %s array: the model reports not ready" % name, data)
            st, data = infer(port, name, {"x": ("FP32", x)})
            ok(st == 503 and b"not ready" in data, "... and its requests are answered 503", data)
            want = cli_message(detached, npz, os.path.join(mlp, "x.npy"))
            ok(want is not None and want.replace(npz, "") in text,
               "... and the log gives tirvm run --params's message (%s)" % want, text)
        st, data = request(port, "GET", "/v2/models/mlp/ready")
        ok(st == 200, "the good model is ready", data)
        st, data = request(port, "GET", "/v2/models/broken/ready")
        ok(st == 400 and json.loads(data) == {"name": "broken", "ready": False} and "broken" in text,
           "a model.tirbc that is no module: logged, and the model reports not ready", (data, text))
    ok(stop(p) == 0, "exit 0", log_of(log)[-2000:])

    # ---- --model NAME=FILE.tirbc:PARAMS.npz ----
    params = os.path.join(mlp, "params.npz")
    p, log, port = start(["--model", "mlp=%s:%s" % (detached, params)], "file")
    if ok(port is not None, "--model NAME=FILE.tirbc:PARAMS.npz starts", log_of(log)):
        st, out = infer(port, "mlp", {"x": ("FP32", x)})
        ok(st == 200 and np.allclose(out["output"], y, rtol=1e-5, atol=1e-5),
           "--model NAME=FILE.tirbc:PARAMS.npz answers TVM's y.npy", out)
    stop(p)
    # a model given alone that fails: nothing to serve, exit 1
    q = subprocess.run([TIRVM, "serve", "--model", "mlp=%s:%s" % (detached, os.path.join(repo, "extra", "1",
                        "params.npz")), "--http-port", "0"], capture_output=True, text=True, timeout=60)
    ok(q.returncode == 1 and "q_9" in q.stderr, "the only model failing to load is exit 1", q.stderr)

    # ---- a slow model does not stall a fast one ----
    spin_src = os.path.join(T, "spin.py")
    with open(spin_src, "w") as f:
        f.write('''@T.prim_func
def main(A: T.Buffer((1,), "int64"), n: T.int64):
    for i in range(n):
        A[0] = A[0] + T.int64(1)
''')
    repo2 = os.path.join(T, "repo2")
    os.makedirs(os.path.join(repo2, "spin", "1"))
    os.makedirs(os.path.join(repo2, "vadd", "1"))
    subprocess.run([TIRC, spin_src, "-o", os.path.join(repo2, "spin", "1", "model.tirbc")], check=True)
    shutil.copy(vadd, os.path.join(repo2, "vadd", "1", "model.tirbc"))
    # as many instances of the slow model as workers
    with open(os.path.join(repo2, "spin", "config.json"), "w") as f:
        json.dump({"instances": 2, "limits": {"max_steps": 0, "timeout_ms": 0}}, f)
    p, log, port = start(["--model-repository", repo2, "--workers", "2", "--max-steps", "0",
                          "--request-timeout-ms", "0"], "stall")
    if ok(port is not None, "two models, two workers", log_of(log)):
        n = 1 << 20
        while True:  # a call of about 2 s
            t0 = time.time()
            st, out = infer(port, "spin", {"n": ("INT64", np.array([n], np.int64))})
            el = time.time() - t0
            if st != 200 or el > 0.4 or n > 1 << 40:
                break
            n *= 4
        n = int(n * 2.0 / max(el, 1e-3))
        done = []
        ths = [threading.Thread(target=lambda: done.append((infer(port, "spin", {"n": ("INT64",
                                np.array([n], np.int64))})[0], time.time()))) for _ in range(2)]
        for th in ths:
            th.start()
        time.sleep(0.3)  # both slow requests are in
        t0 = time.time()
        st, out = infer(port, "vadd", {"A": ("FP32", a4), "B": ("FP32", b4)})
        t_fast = time.time()
        for th in ths:
            th.join()
        slow_end = max(t for _, t in done) if done else 0
        ok(st == 200 and np.array_equal(out["C"], a4 + b4) and [s for s, _ in done] == [200, 200] and
           t_fast - t0 < 1.0 and t_fast < slow_end - 0.5,
           "with a model's instances equal to the workers, two slow calls to it leave a worker for another model "
           "(the fast one answered in %.3f s, %.2f s before the slow ones ended)" % (t_fast - t0, slow_end - t_fast),
           (st, out, done, t0, t_fast, slow_end))
    ok(stop(p) == 0, "exit 0", log_of(log)[-2000:])

    # ---- instances share one copy of the weights ----
    mnv3 = os.path.join(MODELS2, "mobilenet_v3")
    if os.path.isdir(mnv3):
        module = os.path.join(T, "mnv3.tirbc")
        subprocess.run([TIRC, os.path.join(mnv3, "mobilenet_v3.zero.json"), "-o", module], check=True)
        size_kb = os.path.getsize(module) // 1024
        rss = {}
        for inst in (1, 4):
            r = os.path.join(T, "rss%d" % inst)
            os.makedirs(os.path.join(r, "m", "1"))
            shutil.copy(module, os.path.join(r, "m", "1", "model.tirbc"))
            with open(os.path.join(r, "m", "config.json"), "w") as f:
                json.dump({"instances": inst}, f)
            p, log, port = start(["--model-repository", r], "rss%d" % inst)
            if port is not None:
                rss[inst] = vm_rss_kb(p.pid)
            stop(p)
        ok(len(rss) == 2 and rss[4] - rss[1] < size_kb,
           "4 instances of a %d KB module hold its weights once (VmRSS %s KB; 3 more copies would add %d KB)"
           % (size_kb, rss, 3 * size_kb), rss)
except Exception:
    import traceback
    ok(False, "the suite ran to the end", traceback.format_exc())
finally:
    serve_tap.kill_all()
    shutil.rmtree(T, ignore_errors=True)
sys.exit(serve_tap.finish())
