#!/usr/bin/python3
"""tirvm serve's dynamic batching (config.json "dynamic_batching"): concurrent
clients with random batch sizes get, bit for bit, the answer of a call of
their own (a model served without batching is the reference), close to
numpy's Linear-ReLU-Linear from the weights and to TVM's y.npy; the metrics
show calls that merged requests; a batch over max_batch_size is 400;
requests with other dimensions never share a call; a queued request whose
deadline passes, or whose client leaves, is answered without running; a
preferred size runs at once; bad configurations fail their model's load
with a clear message while the others serve.  Python's http.client is the
client.  TAP output.  Usage: batching_test.py TIRC TIRVM MODELS_DIR"""
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_tap  # noqa: E402
from serve_tap import ok, stop  # noqa: E402

TIRC, TIRVM, MODELS = sys.argv[1:4]
T = tempfile.mkdtemp(prefix="tirvm-serve-batching-")


def start(args, name):
    return serve_tap.start(TIRVM, T, args, name)


def request(port, method, path, body=None, headers=None, timeout=60):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    c.request(method, path, body, headers or {})
    r = c.getresponse()
    data = r.read()
    hdrs = dict(r.getheaders())
    c.close()
    return r.status, data, hdrs


def infer_body(inputs):
    """inputs: {name: (datatype, array)} as binary tensors, outputs asked for in binary."""
    hdr = json.dumps({"inputs": [{"name": k, "datatype": dt, "shape": list(a.shape),
                                  "parameters": {"binary_data_size": a.nbytes}} for k, (dt, a) in inputs.items()],
                      "parameters": {"binary_data_output": True}}).encode()
    return hdr + b"".join(a.tobytes() for _, a in inputs.values()), len(hdr)


NP = {"FP32": np.float32, "INT32": np.int32}


def infer(port, model, inputs):
    """-> (status, {output name: array} or the error body)."""
    body, hlen = infer_body(inputs)
    st, data, hdrs = request(port, "POST", "/v2/models/%s/infer" % model, body,
                             {"Inference-Header-Content-Length": str(hlen)})
    if st != 200:
        return st, data
    n = int(hdrs["Inference-Header-Content-Length"])
    outs, off = {}, n
    for o in json.loads(data[:n])["outputs"]:
        size = o["parameters"]["binary_data_size"]
        outs[o["name"]] = np.frombuffer(data[off:off + size], NP[o["datatype"]]).reshape(o["shape"])
        off += size
    return st, outs


def metrics(port):
    """{(name, frozenset of labels): value}"""
    st, data, _ = request(port, "GET", "/metrics")
    out = {}
    for line in data.decode().splitlines():
        m = re.match(r'^([a-z_]+)\{(.*)\} (\S+)$', line)
        if m:
            labels = frozenset(re.findall(r'(\w+)="([^"]*)"', m.group(2)))
            out[(m.group(1), labels)] = float(m.group(3))
    return out


def met(ms, name, model, **labels):
    return ms.get((name, frozenset([("model", model), ("version", "1")] + list(labels.items()))), 0)


def compile_py(name, src):
    path = os.path.join(T, name + ".py")
    with open(path, "w") as f:
        f.write(src)
    out = os.path.join(T, name + ".tirbc")
    subprocess.run([TIRC, path, "-o", out], check=True)
    return out


def add_model(repo, name, module, config=None, params=None):
    os.makedirs(os.path.join(repo, name, "1"))
    shutil.copy(module, os.path.join(repo, name, "1", "model.tirbc"))
    if params:
        shutil.copy(params, os.path.join(repo, name, "1", "params.npz"))
    if config is not None:
        with open(os.path.join(repo, name, "config.json"), "w") as f:
            f.write(config if isinstance(config, str) else json.dumps(config))


try:
    mb_dir = os.path.join(MODELS, "mlp_batch")
    x4, y4 = np.load(os.path.join(mb_dir, "x.npy")), np.load(os.path.join(mb_dir, "y.npy"))
    w = np.load(os.path.join(mb_dir, "params.npz"))
    mb = os.path.join(T, "mlp_batch.tirbc")
    subprocess.run([TIRC, os.path.join(mb_dir, "mlp_batch.zero.json"), "-o", mb], check=True)
    mbd = os.path.join(T, "mlp_batch.detached.tirbc")  # main(x, p_0, ..., p_3): weights from params.npz
    subprocess.run([TIRC, os.path.join(mb_dir, "mlp_batch.params.zero.json"), "-o", mbd], check=True)
    affine = compile_py("affine", '''@T.prim_func
def main(a: T.handle, c: T.handle):
    n = T.int32()
    m = T.int32()
    A = T.match_buffer(a, (n, m), "float32")
    C = T.match_buffer(c, (n, m), "float32")
    for i, j in T.grid(n, m):
        C[i, j] = A[i, j] * T.float32(2) + T.float32(1)
''')
    # the batch variable as a scalar parameter too: the server fills it in
    rowsn = compile_py("rowsn", '''@T.prim_func
def main(a: T.handle, c: T.handle, n: T.int32):
    A = T.match_buffer(a, (n, 3), "int32")
    C = T.match_buffer(c, (n, 3), "int32")
    for i, j in T.grid(n, 3):
        C[i, j] = A[i, j] * 3 + j
''')
    scal = compile_py("scal", '''@T.prim_func
def main(a: T.handle, c: T.handle, k: T.int32):
    n = T.int32()
    A = T.match_buffer(a, (n,), "int32")
    C = T.match_buffer(c, (n,), "int32")
    for i in range(n):
        C[i] = A[i] + k
''')
    # an index out of bounds traps: the whole merged call fails
    lut = compile_py("lut", '''@T.prim_func
def main(a: T.handle, c: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "int32")
    C = T.match_buffer(c, (n,), "int32")
    B = T.alloc_buffer((4,), "int32")
    for k in range(4):
        B[k] = k * 10
    for i in range(n):
        C[i] = B[A[i]]
''')
    fixed = compile_py("fixed", '''@T.prim_func
def main(A: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32")):
    for i in range(4):
        C[i] = A[i] + T.float32(1)
''')

    def mlp_numpy(x):  # PyTorch's (out, in) weights, in float64
        h = np.maximum(x.astype(np.float64) @ w["p_0"].T + w["p_1"], 0)
        return h @ w["p_2"].T + w["p_3"]

    repo = os.path.join(T, "repo")
    db = lambda **kw: {"dynamic_batching": kw}
    add_model(repo, "mb", mb, db(max_batch_size=64, preferred_batch_sizes=[8, 16], max_queue_delay_us=20000))
    add_model(repo, "mb_solo", mb)  # the same module without batching: the reference
    # two instances: two merged calls at once
    add_model(repo, "mbd", mbd, dict(db(max_batch_size=64, max_queue_delay_us=20000), instances=2, max_workers=2),
              os.path.join(mb_dir, "params.npz"))
    add_model(repo, "mb_wait", mb, dict(db(max_batch_size=16, preferred_batch_sizes=[8], max_queue_delay_us=1000000),
                                        limits={"timeout_ms": 10000}))
    add_model(repo, "mb_deadline", mb, dict(db(max_batch_size=64, max_queue_delay_us=5000000),
                                            limits={"timeout_ms": 300}))
    add_model(repo, "affine", affine, db(max_batch_size=4, preferred_batch_sizes=[4], max_queue_delay_us=500000))
    add_model(repo, "lut", lut, db(max_batch_size=8, preferred_batch_sizes=[3], max_queue_delay_us=1000000))
    add_model(repo, "rowsn", rowsn, db(max_batch_size=64, max_queue_delay_us=300000))
    bad = {
        "bad_fixed": (fixed, db(max_batch_size=8), "tensor 'A' of function 'main' has no symbolic first dimension"),
        "bad_scalar": (scal, db(max_batch_size=8), "scalar parameter 'k' of function 'main' is not the batch "
                       "dimension 'n'"),
        "bad_preferred": (mb, db(max_batch_size=64, preferred_batch_sizes=[8, 128]),
                          '"preferred_batch_sizes"[1] is 128, above "max_batch_size" 64'),
        "bad_type": (mb, db(max_batch_size="64"), '"max_batch_size" must be an integer from 1 to 65536'),
        "bad_zero": (mb, db(max_batch_size=0), '"max_batch_size" must be an integer from 1 to 65536'),
        "bad_delay": (mb, db(max_batch_size=8, max_queue_delay_us=-1),
                      '"max_queue_delay_us" must be an integer from 0 to 10000000'),
        "bad_twice": (mb, db(max_batch_size=8, preferred_batch_sizes=[2, 2]), '"preferred_batch_sizes" lists 2 twice'),
        "bad_key": (mb, db(max_batch_size=8, max_delay=5), 'unknown key "max_delay" in "dynamic_batching"'),
        "bad_missing": (mb, db(preferred_batch_sizes=[2]), '"dynamic_batching" needs "max_batch_size"'),
        "bad_object": (mb, {"dynamic_batching": [64]}, '"dynamic_batching" must be an object'),
    }
    for name, (module, config, _) in bad.items():
        add_model(repo, name, module, config)

    p, log, port = start(["--model-repository", repo, "--workers", "2"], "repo")
    if not ok(port is not None, "a repository with batching models starts", open(log).read()):
        raise SystemExit

    # ---- bad configurations fail only their own model ----
    text = open(log).read()
    for name, (_, _, want) in bad.items():
        st, data, _ = request(port, "GET", "/v2/models/%s/ready" % name)
        ok(st == 400 and ("model '%s'" % name) in text and want in text,
           "%s: the load fails with '%s'" % (name, want), text)
    st, _, _ = request(port, "GET", "/v2/models/mb/ready")
    ok(st == 200, "the good models serve beside them")

    # ---- concurrent clients, random batch sizes 1..8: each answer is its solo call's, bit for bit ----
    rng = np.random.default_rng(38)
    n_threads, per_thread = 12, 4
    xs = [[rng.standard_normal((int(rng.integers(1, 9)), 784)).astype(np.float32) for _ in range(per_thread)]
          for _ in range(n_threads)]
    xs[0][0] = x4  # TVM's input at batch 4
    solo = [[infer(port, "mb_solo", {"x": ("FP32", x)}) for x in row] for row in xs]
    m0 = metrics(port)
    got = [[None] * per_thread for _ in range(n_threads)]

    def client(i, model):
        for k, x in enumerate(xs[i]):
            got[i][k] = infer(port, model, {"x": ("FP32", x)})

    for model in ("mb", "mbd"):
        ths = [threading.Thread(target=client, args=(i, model)) for i in range(n_threads)]
        for t in ths:
            t.start()
        for t in ths:
            t.join()
        bad_answers = [(i, k, got[i][k][0]) for i in range(n_threads) for k in range(per_thread)
                       if got[i][k][0] != 200 or solo[i][k][0] != 200 or
                       got[i][k][1]["output"].tobytes() != solo[i][k][1]["output"].tobytes()]
        ok(not bad_answers, "%s: %d concurrent requests of 1..8 rows each get their solo call's answer, bit for bit"
           % (model, n_threads * per_thread), bad_answers[:10])
        far = [(i, k) for i in range(n_threads) for k in range(per_thread) if got[i][k][0] == 200 and
               not np.allclose(got[i][k][1]["output"], mlp_numpy(xs[i][k]), rtol=1e-4, atol=1e-4)]
        ok(not far, "%s: ... and numpy's Linear-ReLU-Linear from params.npz" % model, far[:10])
        ok(got[0][0][0] == 200 and np.allclose(got[0][0][1]["output"], y4, rtol=1e-5, atol=1e-5),
           "%s: ... and TVM's y.npy for x.npy (batch 4)" % model, got[0][0])
    m1 = metrics(port)
    for model in ("mb", "mbd"):
        calls = met(m1, "tirvm_inference_batch_requests_count", model)
        alone = met(m1, "tirvm_inference_batch_requests_bucket", model, le="1")
        reqs = met(m1, "tirvm_inference_batch_requests_sum", model)
        rows = met(m1, "tirvm_inference_batch_size_sum", model)
        ok(calls > alone and reqs == n_threads * per_thread and calls < reqs,
           "%s: the metrics show calls of several requests (%d requests in %d calls, %d alone)"
           % (model, reqs, calls, alone), (calls, alone, reqs))
        ok(rows == sum(x.shape[0] for row in xs for x in row) and
           met(m1, "tirvm_inference_exec_count", model) == calls and
           met(m1, "tirvm_inference_batch_queue_duration_us_count", model) == reqs and
           met(m1, "tirvm_inference_batch_compute_duration_us_count", model) == calls,
           "%s: rows, calls, queue and compute histograms agree (%d rows)" % (model, rows))
    ok(met(m1, "tirvm_inference_batch_size_count", "mb_solo") == 0 and
       met(m1, "tirvm_inference_exec_count", "mb_solo") == met(m0, "tirvm_inference_exec_count", "mb_solo"),
       "the model without batching runs each request alone")

    # ---- a batch larger than max_batch_size: 400 naming both numbers ----
    st, data = infer(port, "mb", {"x": ("FP32", np.zeros((65, 784), np.float32))})
    ok(st == 400 and b"65" in data and b"64" in data and b"max_batch_size" in data,
       "a batch of 65 rows for max_batch_size 64 is answered 400 naming both", data)
    st, out = infer(port, "mb", {"x": ("FP32", x4[:1].repeat(64, 0))})
    ok(st == 200 and out["output"].shape == (64, 10), "a batch of exactly 64 rows runs", out)

    # ---- other dimensions never share a call ----
    def timed(model, inputs, res, i):
        t0 = time.time()
        res[i] = infer(port, model, inputs) + (time.time() - t0,)

    def together(model, arrays):
        res = [None] * len(arrays)
        ths = [threading.Thread(target=timed, args=(model, {"a": ("FP32", a)}, res, i)) for i, a in enumerate(arrays)]
        for t in ths:
            t.start()
            time.sleep(0.01)
        for t in ths:
            t.join()
        return res

    a3, b3, c5 = (rng.standard_normal((2, 3)).astype(np.float32), rng.standard_normal((2, 3)).astype(np.float32),
                  rng.standard_normal((2, 5)).astype(np.float32))
    # two requests of 2 rows make the preferred 4 and run at once, in one call
    m0 = metrics(port)
    res = together("affine", [a3, b3])
    m1 = metrics(port)
    d = lambda name, **kw: met(m1, name, "affine", **kw) - met(m0, name, "affine", **kw)
    ok(all(r[0] == 200 for r in res) and res[0][1]["C"].tobytes() == (a3 * np.float32(2) + np.float32(1)).tobytes()
       and res[1][1]["C"].tobytes() == (b3 * np.float32(2) + np.float32(1)).tobytes() and
       d("tirvm_inference_batch_requests_count") == 1 and d("tirvm_inference_batch_size_bucket", le="4") == 1
       and max(r[2] for r in res) < 0.45,
       "two [2, 3] requests reach the preferred 4 rows: one call, at once (%.2f s), numpy's answers"
       % max(r[2] for r in res), res)
    m0 = metrics(port)
    res = together("affine", [a3, c5])
    m1 = metrics(port)
    ok(all(r[0] == 200 for r in res) and res[0][1]["C"].tobytes() == (a3 * np.float32(2) + np.float32(1)).tobytes()
       and res[1][1]["C"].tobytes() == (c5 * np.float32(2) + np.float32(1)).tobytes() and
       d("tirvm_inference_batch_requests_count") == 2 and d("tirvm_inference_batch_requests_bucket",
                                                                 le="1") == 2
       and min(r[2] for r in res) >= 0.45,
       "[2, 3] and [2, 5] requests never share a call: each runs alone after the delay (%.2f s)"
       % min(r[2] for r in res), res)

    # ---- the batch variable as a scalar parameter: filled in with the call's rows ----
    i1, i2 = rng.integers(-100, 100, (3, 3)).astype(np.int32), rng.integers(-100, 100, (5, 3)).astype(np.int32)
    res = [None, None]
    ths = [threading.Thread(target=timed, args=("rowsn", {"a": ("INT32", a)}, res, i)) for i, a in enumerate([i1, i2])]
    m0 = metrics(port)
    for t in ths:
        t.start()
    for t in ths:
        t.join()
    m1 = metrics(port)
    ok(all(r[0] == 200 for r in res) and np.array_equal(res[0][1]["C"], i1 * 3 + np.arange(3)) and
       np.array_equal(res[1][1]["C"], i2 * 3 + np.arange(3)) and
       met(m1, "tirvm_inference_batch_size_sum", "rowsn") - met(m0, "tirvm_inference_batch_size_sum", "rowsn") == 8
       and met(m1, "tirvm_inference_batch_size_count", "rowsn") - met(m0, "tirvm_inference_batch_size_count",
                                                                      "rowsn") == 1,
       "main(a, c, n): two requests of 3 and 5 rows in one call of n = 8, numpy's answers", res)

    # ---- a merged call that traps: each request runs alone and gets its own answer ----
    res = [None, None]
    good, trap = np.array([1, 2], np.int32), np.array([7], np.int32)
    ths = [threading.Thread(target=timed, args=("lut", {"a": ("INT32", a)}, res, i)) for i, a in enumerate([good, trap])]
    m0 = metrics(port)
    for t in ths:
        t.start()
        time.sleep(0.01)
    for t in ths:
        t.join()
    m1 = metrics(port)
    ok(res[0][0] == 200 and np.array_equal(res[0][1]["C"], good * 10) and res[1][0] == 400 and
       b"index 7 is out of bounds" in res[1][1] and
       met(m1, "tirvm_inference_exec_count", "lut") - met(m0, "tirvm_inference_exec_count", "lut") == 3 and
       met(m1, "tirvm_inference_batch_requests_bucket", "lut", le="2") -
       met(m0, "tirvm_inference_batch_requests_bucket", "lut", le="2") == 3,
       "a merged call trapping on one request's index: each reruns alone, 200 for the good one, 400 for the "
       "other", res)

    # ---- the delay, and a preferred size running at once ----
    t0 = time.time()
    st, _ = infer(port, "mb_wait", {"x": ("FP32", x4[:3])})
    el = time.time() - t0
    ok(st == 200 and 0.9 <= el < 5, "a lone request of 3 rows waits max_queue_delay_us (1 s) for others: %.2f s" % el)
    t0 = time.time()
    st, _ = infer(port, "mb_wait", {"x": ("FP32", x4[:1].repeat(8, 0))})
    el = time.time() - t0
    ok(st == 200 and el < 0.5, "a request of the preferred 8 rows runs at once: %.2f s" % el)

    # ---- a queued request's own deadline: 504, never run ----
    m0 = metrics(port)
    t0 = time.time()
    st, data = infer(port, "mb_deadline", {"x": ("FP32", x4)})
    el = time.time() - t0
    m1 = metrics(port)
    ok(st == 504 and b"deadline" in data and 0.25 <= el < 2 and
       met(m1, "tirvm_inference_exec_count", "mb_deadline") == met(m0, "tirvm_inference_exec_count", "mb_deadline")
       and met(m1, "tirvm_inference_request_failure", "mb_deadline", reason="deadline") ==
       met(m0, "tirvm_inference_request_failure", "mb_deadline", reason="deadline") + 1,
       "a request whose 300 ms deadline passes while it waits for a 5 s batch: 504 after %.2f s, never run" % el,
       (st, data))

    # ---- a client that leaves while its request waits: dropped, never run ----
    m0 = metrics(port)
    body, hlen = infer_body({"x": ("FP32", x4[:2])})
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"POST /v2/models/mb_wait/infer HTTP/1.1\r\nHost: x\r\nInference-Header-Content-Length: %d\r\n"
              b"Content-Length: %d\r\n\r\n" % (hlen, len(body)) + body)
    time.sleep(0.2)
    s.close()
    time.sleep(1.5)
    m1 = metrics(port)
    ok(met(m1, "tirvm_inference_request_failure", "mb_wait", reason="client_gone") ==
       met(m0, "tirvm_inference_request_failure", "mb_wait", reason="client_gone") + 1 and
       met(m1, "tirvm_inference_exec_count", "mb_wait") == met(m0, "tirvm_inference_exec_count", "mb_wait"),
       "a request whose client closes the connection while it waits is dropped without running",
       [(k, v) for k, v in m1.items() if "mb_wait" in str(k) and v != m0.get(k, 0)])
    st, _ = infer(port, "mb", {"x": ("FP32", x4)})
    ok(st == 200, "the server still answers")
    ok(stop(p) == 0, "exit 0", open(log).read()[-2000:])

    # ---- the merged call's copies count in --max-inflight-bytes ----
    # two requests of 8 rows: bodies of 25 KB each, and 50 KB more for the
    # merged call's copies; within 200 KB they share a call, within 90 KB
    # they run one by one
    repo2 = os.path.join(T, "repo2")
    add_model(repo2, "mb16", mb, db(max_batch_size=16, preferred_batch_sizes=[16], max_queue_delay_us=300000))
    x8a, x8b = rng.standard_normal((8, 784)).astype(np.float32), rng.standard_normal((8, 784)).astype(np.float32)
    for budget, merged in (("200K", True), ("90K", False)):
        p, log, port = start(["--model-repository", repo2, "--max-inflight-bytes", budget], "budget" + budget)
        res = [None, None]
        ths = [threading.Thread(target=timed, args=("mb16", {"x": ("FP32", a)}, res, i))
               for i, a in enumerate([x8a, x8b])]
        for t in ths:
            t.start()
        for t in ths:
            t.join()
        ms = metrics(port)
        calls = met(ms, "tirvm_inference_exec_count", "mb16")
        ok(res[0] and res[1] and res[0][0] == 200 and res[1][0] == 200 and calls == (1 if merged else 2) and
           np.allclose(res[0][1]["output"], mlp_numpy(x8a), rtol=1e-4, atol=1e-4) and
           np.allclose(res[1][1]["output"], mlp_numpy(x8b), rtol=1e-4, atol=1e-4),
           "--max-inflight-bytes %s: two requests of 8 rows run in %d call%s" % (budget, calls, "s"[:calls != 1]),
           (res, calls))
        stop(p)
finally:
    serve_tap.kill_all()
    shutil.rmtree(T, ignore_errors=True)

sys.exit(serve_tap.finish(passed_line=True))
