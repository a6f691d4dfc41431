#!/usr/bin/python3
"""tirvm serve's hand-offs: when the server is otherwise idle, the HTTP
thread runs a request of a model whose calls are short itself (no wake-up of
a worker and back); a slow model's requests, a large request of a fast
model and every request under --inline-call-us 0 go to the workers, and a call on the HTTP thread that runs long (a model whose
time depends on its input's values) is stopped and finished by a worker.
A stopped and rerun call counts as one execution, and a queued request
whose client closed its connection is dropped without running.
Concurrent clients moving the server between the two paths all get the
answers numpy computes, and an idle server uses no CPU.
TAP output.  Usage: handoff_test.py TIRC TIRVM"""
import http.client
import json
import os
import random
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
from serve_tap import ADD_ONE, ok, stop  # noqa: E402

TIRC, TIRVM = sys.argv[1], sys.argv[2]
T = tempfile.mkdtemp(prefix="tirvm-serve-handoff-")

# inc: a short call; slow: the same answer after ~200k loop steps (milliseconds)
INC = ADD_ONE
SLOW = '''@T.prim_func
def main(a: T.handle, c: T.handle):
    A = T.match_buffer(a, (4,), "int32")
    C = T.match_buffer(c, (4,), "int32")
    for i in range(4):
        C[i] = A[i]
        for k in range(50000):
            C[i] = C[i] + 1
        C[i] = C[i] - 49999
'''
# count: as many loop steps as its input says (microseconds or seconds)
COUNT = '''@T.prim_func
def main(a: T.handle, c: T.handle):
    A = T.match_buffer(a, (1,), "int32")
    C = T.match_buffer(c, (1,), "int32")
    C[0] = 0
    for k in range(A[0]):
        C[0] = C[0] + 1
'''


def compile_model(repo, name, src):
    os.makedirs(os.path.join(repo, name, "1"))
    path = os.path.join(T, name + ".py")
    with open(path, "w") as f:
        f.write(src)
    subprocess.run([TIRC, path, "-o", os.path.join(repo, name, "1", "model.tirbc")], check=True)
    with open(os.path.join(repo, name, "config.json"), "w") as f:
        json.dump({"instances": 2}, f)


def infer(conn, model, x):
    """The binary answer's C for input x, over keep-alive connection conn."""
    raw = x.astype("<i4").tobytes()
    hdr = json.dumps({"inputs": [{"name": "A", "shape": [len(x)], "datatype": "INT32",
                                  "parameters": {"binary_data_size": len(raw)}}],
                      "parameters": {"binary_data_output": True}}).encode()
    conn.request("POST", "/v2/models/%s/infer" % model, hdr + raw,
                 {"Content-Type": "application/octet-stream", "Inference-Header-Content-Length": str(len(hdr))})
    r = conn.getresponse()
    body = r.read()
    if r.status != 200:
        return r.status, body
    n = int(r.getheader("Inference-Header-Content-Length"))
    return 200, np.frombuffer(body[n:], "<i4")


def labelled(port, key):
    """The value of the /metrics line that starts with key, or None."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("GET", "/metrics")
    text = c.getresponse().read().decode()
    c.close()
    return next((int(line.split()[-1]) for line in text.splitlines() if line.startswith(key)), None)


def metric(port, name, model):
    return labelled(port, '%s{model="%s",version="1"} ' % (name, model))


def failures(port, model, reason):
    return labelled(port, 'tirvm_inference_request_failure{model="%s",version="1",reason="%s"} ' % (model, reason))


def cpu_s(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sequential(port, model, n, size=8):
    """n requests one after another on one connection; the ones answered wrong."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    bad = []
    for i in range(n):
        x = np.arange(i, i + size, dtype=np.int32)
        st, y = infer(c, model, x)
        if st != 200 or not np.array_equal(y, x + 1):
            bad.append((i, st, y[:8] if st == 200 else y[:200]))
    c.close()
    return bad


try:
    repo = os.path.join(T, "models")
    compile_model(repo, "inc", INC)
    compile_model(repo, "slow", SLOW)
    compile_model(repo, "count", COUNT)
    p, log, port = serve_tap.start(TIRVM, T, ["--model-repository", repo, "--workers", "2"], "on")
    ok(port is not None, "the server starts", open(log).read()[-2000:])

    bad = sequential(port, "inc", 200)
    here = metric(port, "tirvm_inference_loop_thread_count", "inc")
    ok(not bad, "200 requests one after another: every answer is A + 1", bad[:5])
    # the first runs on a worker (no call measured yet); the rest may run on
    # the HTTP thread (a busy moment of the machine can send a few to a worker)
    ok(here is not None and 100 <= here < 200, "a model with short calls: most of 200 requests one after another "
       "run on the HTTP thread (%s), the first on a worker" % here)

    before = metric(port, "tirvm_inference_loop_thread_count", "inc")
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    big = np.arange(1 << 21, dtype=np.int32)  # 8 MB: its call is predicted ~250k times a small one's
    st, y = infer(c, "inc", big)
    c.close()
    ok(st == 200 and np.array_equal(y, big + 1), "an 8 MB request of the same model is answered A + 1")
    ok(metric(port, "tirvm_inference_loop_thread_count", "inc") == before,
       "it goes to a worker: its call is predicted from its size to be long")

    bad = sequential(port, "slow", 6, size=4)
    ok(not bad, "the slow model's answers are right", bad)
    call_us = metric(port, "tirvm_inference_compute_infer_duration_us", "slow") / 6
    ok(call_us > 2000 and metric(port, "tirvm_inference_loop_thread_count", "slow") == 0,
       "a model whose calls take milliseconds (%.0f µs) never runs on the HTTP thread" % call_us)

    # a model whose call time depends on its input's values: after short
    # calls on the HTTP thread, a long one is stopped there and finished by
    # a worker, while the HTTP thread goes on answering
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    shorts = [infer(c, "count", np.array([10], np.int32)) for _ in range(30)]
    here0 = metric(port, "tirvm_inference_loop_thread_count", "count")
    ok(all(st == 200 and y[0] == 10 for st, y in shorts) and here0 >= 15,
       "30 short calls of the counting model answered right, %s of them on the HTTP thread" % here0)
    result = {}

    def long_call():
        c2 = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        t0 = time.time()
        result["answer"] = infer(c2, "count", np.array([20000000], np.int32))
        result["s"] = time.time() - t0
        c2.close()

    execs0 = metric(port, "tirvm_inference_exec_count", "count")
    t = threading.Thread(target=long_call)
    t.start()
    time.sleep(0.05)
    lags = []
    while t.is_alive() and len(lags) < 200:
        h = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        t0 = time.time()
        h.request("GET", "/v2/health/live")
        h.getresponse().read()
        lags.append(time.time() - t0)
        h.close()
        time.sleep(0.01)
    t.join()
    st, y = result["answer"]
    ok(st == 200 and y[0] == 20000000, "a call of the same model that runs %.2f s is answered right (%s)"
       % (result["s"], y[:4] if st == 200 else y[:200]))
    ok(result["s"] > 0.1 and len(lags) >= 3 and max(lags) < 0.1,
       "the HTTP thread answers health checks while it runs (%d checks, slowest %.1f ms)"
       % (len(lags), 1000 * max(lags or [0])))
    ok(metric(port, "tirvm_inference_loop_thread_count", "count") == here0,
       "that request is not counted as run on the HTTP thread: stopped there, a worker answered it")
    execs = metric(port, "tirvm_inference_exec_count", "count") - execs0
    ok(execs == 1, "stopped on the HTTP thread and rerun by a worker, it counts as one execution (%s)" % execs)
    st, y = infer(c, "count", np.array([7], np.int32))
    ok(st == 200 and y[0] == 7, "the model still answers short requests")
    c.close()

    # a client that gives up on a queued request: while a long call holds
    # the one worker the model may take (three models are served), a request
    # waits in the queue; its client closes the connection; the worker that
    # takes it next drops it without running it
    gone0, execs0 = failures(port, "count", "client_gone"), metric(port, "tirvm_inference_exec_count", "count")
    longs = []

    def long_call2():
        c2 = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        longs.append(infer(c2, "count", np.array([30000000], np.int32)))
        c2.close()

    threads = [threading.Thread(target=long_call2)]
    for t in threads:
        t.start()
    time.sleep(0.1)
    raw = np.array([5], np.int32).astype("<i4").tobytes()
    hdr = json.dumps({"inputs": [{"name": "A", "shape": [1], "datatype": "INT32",
                                  "parameters": {"binary_data_size": len(raw)}}]}).encode()
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"POST /v2/models/count/infer HTTP/1.1\r\nHost: x\r\nInference-Header-Content-Length: %d\r\n"
                 b"Content-Length: %d\r\n\r\n" % (len(hdr), len(hdr) + len(raw)) + hdr + raw)
    time.sleep(0.05)
    pending = metric(port, "tirvm_inference_pending_request_count", "count")
    sock.close()
    for t in threads:
        t.join()
    time.sleep(0.2)
    gone, execs = failures(port, "count", "client_gone"), metric(port, "tirvm_inference_exec_count", "count")
    ok(len(longs) == 1 and all(st == 200 and y[0] == 30000000 for st, y in longs) and pending == 1,
       "a long call answered right while another request waited in the queue (pending %s)" % pending,
       [(st, y[:4]) for st, y in longs])
    ok(gone == gone0 + 1 and execs == execs0 + 1,
       "the request whose client closed its connection while it waited is dropped unrun: client_gone %s -> %s, "
       "executions +%s (the long call's)" % (gone0, gone, execs - execs0))
    st, y = infer(http.client.HTTPConnection("127.0.0.1", port, timeout=60), "count", np.array([9], np.int32))
    ok(st == 200 and y[0] == 9, "the model answers the next request")

    # clients arriving and leaving move the server between the HTTP thread
    # and the workers; every answer must be right
    errors = []

    def client(seed):
        rng = random.Random(seed)
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        for i in range(60):
            model = "slow" if rng.random() < 0.05 else "inc"
            x = np.array([rng.randrange(-1000, 1000) for _ in range(4 if model == "slow" else rng.randrange(1, 64))],
                         dtype=np.int32)
            st, y = infer(c, model, x)
            if st != 200 or not np.array_equal(y, x + 1):
                errors.append((seed, i, model, st))
            if rng.random() < 0.2:
                time.sleep(rng.random() * 0.003)
        c.close()

    runs0 = metric(port, "tirvm_inference_request_success", "inc") + metric(
        port, "tirvm_inference_request_success", "slow")
    here0 = metric(port, "tirvm_inference_loop_thread_count", "inc")
    for wave in range(3):
        threads = [threading.Thread(target=client, args=(wave * 100 + k,)) for k in range(1 + 3 * wave)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    runs1 = metric(port, "tirvm_inference_request_success", "inc") + metric(
        port, "tirvm_inference_request_success", "slow")
    ok(not errors and runs1 - runs0 == 60 * (1 + 4 + 7),
       "1, 4 and 7 concurrent clients, short and slow requests mixed: all %d answers right" % (60 * 12),
       errors[:5])
    here = metric(port, "tirvm_inference_loop_thread_count", "inc") - here0
    ok(0 < here < runs1 - runs0, "both paths ran: %d of the %d on the HTTP thread" % (here, runs1 - runs0))
    pending = metric(port, "tirvm_inference_pending_request_count", "inc")
    ok(pending == 0, "nothing left pending (%s)" % pending)

    # idle: no thread spins
    time.sleep(0.3)
    t0 = cpu_s(p.pid)
    time.sleep(1.0)
    used = cpu_s(p.pid) - t0
    ok(used < 0.05, "an idle server uses no CPU: %.3f s over 1 s" % used)
    ok(stop(p) == 0, "exit 0 on SIGINT", open(log).read()[-2000:])
    ok("Sanitizer" not in open(log).read(), "no sanitizer report (a sanitized build)", open(log).read()[-3000:])

    p, log, port = serve_tap.start(TIRVM, T, ["--model-repository", repo, "--inline-call-us", "0"], "off")
    bad = sequential(port, "inc", 50)
    ok(not bad and metric(port, "tirvm_inference_loop_thread_count", "inc") == 0,
       "--inline-call-us 0: every request goes to a worker, answers right", bad[:5])
    ok(stop(p) == 0, "exit 0 on SIGINT", open(log).read()[-2000:])

    r = subprocess.run([TIRVM, "serve", "--model-repository", repo, "--inline-call-us", "x"], capture_output=True,
                       text=True, timeout=30)
    ok(r.returncode == 2 and "--inline-call-us needs a number" in r.stderr, "--inline-call-us x: usage error",
       r.stderr)
except Exception:
    import traceback
    ok(False, "the suite ran to the end", traceback.format_exc())
finally:
    serve_tap.kill_all()
    shutil.rmtree(T, ignore_errors=True)
sys.exit(serve_tap.finish(passed_line=True))
