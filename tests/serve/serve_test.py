#!/usr/bin/python3
"""End-to-end tests of `tirvm serve` over loopback, with real clients:
Python's http.client (the protocol suite, with numpy computing every
expected value independently of the VM) and raw sockets (hostile HTTP).
TAP output.  Usage: serve_test.py TIRC TIRVM"""
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

TIRC, TIRVM = sys.argv[1], sys.argv[2]
T = tempfile.mkdtemp(prefix="tirvm-serve-")
n_cases = 0
n_failed = 0
servers = []


def ok(cond, name, detail=""):
    global n_cases, n_failed
    n_cases += 1
    if cond:
        print(f"ok {n_cases} - {name}")
    else:
        n_failed += 1
        print(f"not ok {n_cases} - {name}")
        for line in str(detail).splitlines()[:20]:
            print("#   " + line)
    sys.stdout.flush()
    return cond


def compile_model(src, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    py = path + ".py"
    with open(py, "w") as f:
        f.write(src)
    subprocess.run([TIRC, py, "-o", path], check=True)
    os.unlink(py)


class Server:
    def __init__(self, args, name, address="127.0.0.1"):
        """address None: the server's default (all interfaces)."""
        self.portfile = os.path.join(T, name + ".port")
        self.log = open(os.path.join(T, name + ".log"), "w+")
        self.proc = subprocess.Popen([TIRVM, "serve"] + (["--http-address", address] if address else []) +
                                     ["--http-port", "0", "--port-file", self.portfile, "--shutdown-delay-s", "0"] +
                                     args, stdout=self.log, stderr=subprocess.STDOUT)
        servers.append(self)
        deadline = time.time() + 60
        while not os.path.exists(self.portfile):
            if self.proc.poll() is not None or time.time() > deadline:
                raise RuntimeError("server did not start: " + self.logtext())
            time.sleep(0.02)
        self.port = int(open(self.portfile).read())

    def logtext(self):
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def wait_log(self, needle, timeout=30):
        """The log once it holds needle (the startup line follows the port file), or as it is at the timeout."""
        deadline = time.time() + timeout
        while needle not in self.logtext() and time.time() < deadline and self.proc.poll() is None:
            time.sleep(0.02)
        return self.logtext()

    def conn(self, timeout=60):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def request(self, method, path, body=None, headers=None, timeout=120):
        c = self.conn(timeout)
        try:
            c.request(method, path, body=body, headers=headers or {})
            r = c.getresponse()
            return r.status, dict(r.getheaders()), r.read()
        finally:
            c.close()

    def stop(self, sig=signal.SIGTERM, timeout=60):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


# ---- an OIP client -----------------------------------------------------------
DTYPES = {"BOOL": np.bool_, "UINT8": np.uint8, "UINT16": np.uint16, "UINT32": np.uint32, "UINT64": np.uint64,
          "INT8": np.int8, "INT16": np.int16, "INT32": np.int32, "INT64": np.int64, "FP16": np.float16,
          "FP32": np.float32, "FP64": np.float64, "BF16": np.uint16}  # BF16 as its bits


def infer(srv, model, inputs, binary_in=False, binary_out=False, outputs=None, extra=None, nested=False,
          version=None):
    """inputs: list of (name, datatype, numpy array).  Returns (status, body json or text, {name: array})."""
    header = {"inputs": []}
    blobs = []
    for name, dt, arr in inputs:
        t = {"name": name, "shape": list(arr.shape), "datatype": dt}
        if binary_in:
            data = np.ascontiguousarray(arr).tobytes()
            t["parameters"] = {"binary_data_size": len(data)}
            blobs.append(data)
        else:
            t["data"] = arr.tolist() if nested else arr.reshape(-1).tolist()
        header["inputs"].append(t)
    if binary_out:
        header["parameters"] = {"binary_data_output": True}
    if outputs is not None:
        header["outputs"] = outputs
    if extra:
        header.update(extra)
    hbytes = json.dumps(header).encode()
    headers = {"Content-Type": "application/json"}
    body = hbytes
    if blobs:
        body = hbytes + b"".join(blobs)
        headers = {"Content-Type": "application/octet-stream", "Inference-Header-Content-Length": str(len(hbytes))}
    path = f"/v2/models/{model}" + (f"/versions/{version}" if version else "") + "/infer"
    status, rh, data = srv.request("POST", path, body, headers)
    return decode_response(status, rh, data)


def decode_response(status, rh, data):
    hl = rh.get("Inference-Header-Content-Length")
    hlen = int(hl) if hl is not None else len(data)
    try:
        j = json.loads(data[:hlen])
    except ValueError:
        return status, data, {}
    out = {}
    off = hlen
    for o in j.get("outputs", []) if isinstance(j, dict) else []:
        dt = DTYPES[o["datatype"]]
        size = o.get("parameters", {}).get("binary_data_size")
        if size is not None:
            out[o["name"]] = np.frombuffer(data[off:off + size], dtype=dt).reshape(o["shape"])
            off += size
        else:
            out[o["name"]] = np.array(o["data"], dtype=dt).reshape(o["shape"])
    return status, j, out


def error_of(body):
    return body.get("error") if isinstance(body, dict) else None


# ---- models -------------------------------------------------------------------
REPO = os.path.join(T, "models")
TIR_DT = {"BOOL": "bool", "UINT8": "uint8", "UINT16": "uint16", "UINT32": "uint32", "UINT64": "uint64",
          "INT8": "int8", "INT16": "int16", "INT32": "int32", "INT64": "int64", "FP16": "float16",
          "FP32": "float32", "FP64": "float64", "BF16": "bfloat16"}
for oip, tir in TIR_DT.items():
    op = "A[i, j] or B[i, j]" if tir == "bool" else "A[i, j] + B[i, j]"
    compile_model(f'''@T.prim_func
def main(a: T.handle, b: T.handle, c: T.handle, n: T.int32):
    A = T.match_buffer(a, (n, 3), "{tir}")
    B = T.match_buffer(b, (n, 3), "{tir}")
    C = T.match_buffer(c, (n, 3), "{tir}")
    for i, j in T.grid(n, 3):
        C[i, j] = {op}
''', os.path.join(REPO, "add_" + oip.lower(), "1", "model.tirbc"))
# symbolic shapes, two variables: matmul (m, k) x (k, n)
compile_model('''@T.prim_func
def main(a: T.handle, b: T.handle, c: T.handle, m: T.int32, k: T.int32, n: T.int32):
    A = T.match_buffer(a, (m, k), "float64")
    B = T.match_buffer(b, (k, n), "float64")
    C = T.match_buffer(c, (m, n), "float64")
    for i, j in T.grid(m, n):
        C[i, j] = T.float64(0)
        for r in range(k):
            C[i, j] = C[i, j] + A[i, r] * B[r, j]
''', os.path.join(REPO, "matmul", "3", "model.tirbc"))
os.makedirs(os.path.join(REPO, "matmul", "1"))  # an older, empty version folder: version 3 is served
# scalars and a return value, with a config naming the entry and the output
compile_model('''@T.prim_func
def scale(A: T.Buffer((4,), "int32"), s: T.int32, B: T.Buffer((4,), "int32")) -> T.int32:
    for i in range(4):
        B[i] = A[i] * s
    T.evaluate(T.ret(A[0] * 10 + A[3]))

@T.prim_func
def other(A: T.Buffer((1,), "int32")):
    A[0] = 1
''', os.path.join(REPO, "scale", "1", "model.tirbc"))
with open(os.path.join(REPO, "scale", "config.json"), "w") as f:
    json.dump({"entry": "scale", "inputs": ["A", "s"], "outputs": ["B"], "return_name": "checksum"}, f)
# a hostile module: loops forever
FOREVER = '''@T.prim_func
def main(A: T.Buffer((1,), "int64")):
    while A[0] >= T.int64(0):
        A[0] = A[0] + T.int64(1)
'''
compile_model(FOREVER, os.path.join(REPO, "forever", "1", "model.tirbc"))
with open(os.path.join(REPO, "forever", "config.json"), "w") as f:
    json.dump({"limits": {"max_steps": 2000000, "timeout_ms": 0}}, f)
compile_model(FOREVER, os.path.join(REPO, "forever_deadline", "1", "model.tirbc"))
with open(os.path.join(REPO, "forever_deadline", "config.json"), "w") as f:
    json.dump({"limits": {"max_steps": 0, "timeout_ms": 300}}, f)
# a slow module (n iterations), one instance, a queue of one
SPIN = '''@T.prim_func
def main(A: T.Buffer((1,), "int64"), n: T.int64):
    for i in range(n):
        A[0] = A[0] + T.int64(1)
'''
compile_model(SPIN, os.path.join(REPO, "spin", "1", "model.tirbc"))
with open(os.path.join(REPO, "spin", "config.json"), "w") as f:
    json.dump({"instances": 1, "max_queue": 1, "limits": {"max_steps": 0, "timeout_ms": 0}}, f)
# memory: allocates n int64 elements
compile_model('''@T.prim_func
def main(A: T.Buffer((1,), "int64"), n: T.int32):
    tmp = T.alloc_buffer((n,), "int64")
    for i in range(n):
        tmp[i] = T.int64(i)
    A[0] = tmp[n - 1]
''', os.path.join(REPO, "alloc", "1", "model.tirbc"))
with open(os.path.join(REPO, "alloc", "config.json"), "w") as f:
    json.dump({"limits": {"max_memory": 1048576}}, f)

rng = np.random.default_rng(17)


def sample(oip, shape):
    if oip == "BOOL":
        return rng.integers(0, 2, shape).astype(np.bool_)
    if oip in ("FP16", "FP32", "FP64"):
        return (rng.integers(-64, 64, shape) / 4).astype(DTYPES[oip])  # exact sums
    if oip == "BF16":
        f = (rng.integers(-64, 64, shape) / 4).astype(np.float32)
        return (f.view(np.uint32) >> 16).astype(np.uint16)  # exact in bfloat16
    info = np.iinfo(DTYPES[oip])
    hi = min(int(info.max), 2 ** 63 - 1)  # JSON (jansson) integers end at INT64_MAX
    return rng.integers(info.min, hi, shape, dtype=DTYPES[oip], endpoint=True)


def reference(oip, a, b):
    if oip == "BOOL":
        return a | b
    if oip == "BF16":
        s = (a.astype(np.uint32) << 16).view(np.float32) + (b.astype(np.uint32) << 16).view(np.float32)
        return (s.view(np.uint32) >> 16).astype(np.uint16)  # exact: the inputs are quarter integers
    with np.errstate(over="ignore"):
        return (a + b).astype(DTYPES[oip])  # integers wrap as the VM's do


def main():
    # no server-wide step limit or deadline: the models' config.json may only lower the command line's
    srv = Server(["--model-repository", REPO, "--max-queue", "4", "--workers", "3", "--max-steps", "0",
                  "--request-timeout-ms", "0"], "main")

    # ---- health and metadata ----
    st, h, body = srv.request("GET", "/v2/health/live")
    ok(st == 200 and json.loads(body) == {"live": True}, "GET /v2/health/live is 200 {\"live\": true}", body)
    st, h, body = srv.request("GET", "/v2/health/ready")
    ok(st == 200 and json.loads(body) == {"ready": True}, "GET /v2/health/ready is 200", body)
    st, h, body = srv.request("GET", "/v2")
    j = json.loads(body)
    ok(st == 200 and j["name"] == "tirvm" and "binary_tensor_data" in j["extensions"],
       "GET /v2: server metadata with the binary_tensor_data extension", body)
    st, h, body = srv.request("GET", "/v2/models/matmul")
    j = json.loads(body)
    ok(st == 200 and j["versions"] == ["3"] and j["platform"] == "tirvm_tirbc" and
       {"name": "A", "datatype": "FP64", "shape": [-1, -1]} in j["inputs"] and
       j["outputs"] == [{"name": "C", "datatype": "FP64", "shape": [-1, -1]}],
       "model metadata: the highest version, symbolic dimensions as -1, outputs", body)
    st, h, body = srv.request("GET", "/v2/models/scale/versions/1")
    j = json.loads(body)
    ok(st == 200 and [t["name"] for t in j["inputs"]] == ["A", "s"] and
       [t["name"] for t in j["outputs"]] == ["B", "checksum"],
       "config.json chooses entry, inputs and outputs; the return value is an output", body)
    st, h, body = srv.request("GET", "/v2/models/matmul/ready")
    ok(st == 200 and json.loads(body)["ready"] is True, "model ready", body)
    st, h, body = srv.request("GET", "/v2/models/matmul/versions/3/ready")
    ok(st == 200, "model version ready", body)

    # ---- every datatype, JSON and binary both ways ----
    for oip in TIR_DT:
        a, b = sample(oip, (2, 3)), sample(oip, (2, 3))
        want = reference(oip, a, b)
        for bin_in in (False, True):
            for bin_out in (False, True):
                if oip in ("FP16", "BF16") and not bin_in:
                    st, body, out = infer(srv, "add_" + oip.lower(), [("A", oip, a), ("B", oip, b)])
                    ok(st == 400 and "binary" in (error_of(body) or ""),
                       f"{oip} as JSON data is refused with 400: it travels only as binary", body)
                    continue
                st, body, out = infer(srv, "add_" + oip.lower(), [("A", oip, a), ("B", oip, b)], bin_in, bin_out)
                got = out.get("C")
                good = st == 200 and got is not None and got.dtype == want.dtype and got.shape == want.shape and \
                    np.array_equal(got, want)
                if oip in ("FP16", "BF16"):  # always binary out
                    good = good and "binary_data_size" in body["outputs"][0].get("parameters", {})
                ok(good, f"{oip} {'binary' if bin_in else 'JSON'} in, {'binary' if bin_out else 'JSON'} out",
                   f"status {st}\n{body}\nwant {want}")

    # ---- UINT64 over INT64_MAX: binary in, JSON and binary out ----
    a = np.array([[2 ** 64 - 1, 2 ** 63, 5]], dtype=np.uint64)
    b = np.array([[1, 2 ** 63 - 1, 2 ** 64 - 7]], dtype=np.uint64)
    for bin_out in (False, True):
        st, body, out = infer(srv, "add_uint64", [("A", "UINT64", a), ("B", "UINT64", b)], True, bin_out)
        ok(st == 200 and np.array_equal(out["C"], a + b), f"UINT64 above 2^63 in binary, out as "
           f"{'binary' if bin_out else 'JSON'}", body)

    # ---- floats round-trip through JSON ----
    a = rng.standard_normal((5, 3)).astype(np.float32)
    b = rng.standard_normal((5, 3)).astype(np.float32)
    st, body, out = infer(srv, "add_fp32", [("A", "FP32", a), ("B", "FP32", b)])
    ok(st == 200 and np.array_equal(out["C"], a + b), "FP32 JSON results round-trip exactly", body)
    a = rng.standard_normal((4, 3))
    b = rng.standard_normal((4, 3))
    st, body, out = infer(srv, "add_fp64", [("A", "FP64", a), ("B", "FP64", b)])
    ok(st == 200 and np.array_equal(out["C"], a + b), "FP64 JSON results round-trip exactly", body)

    # ---- id, nested data, outputs, symbolic shapes ----
    a, b = sample("INT32", (3, 3)), sample("INT32", (3, 3))
    st, body, out = infer(srv, "add_int32", [("A", "INT32", a), ("B", "INT32", b)], extra={"id": "req-42"},
                          nested=True)
    ok(st == 200 and body.get("id") == "req-42" and body["model_name"] == "add_int32" and
       body["model_version"] == "1", "id is echoed, model name and version are reported", body)
    ok(st == 200 and np.array_equal(out["C"], reference("INT32", a, b)), "nested data is read in row-major order")
    st, body, _ = infer(srv, "add_int32", [("A", "INT32", a), ("B", "INT32", b)])
    ok(st == 200 and "id" not in body, "no id in the request, none in the response", body)
    st, body, out = infer(srv, "add_int32", [("A", "INT32", a), ("B", "INT32", b)],
                          outputs=[{"name": "C", "parameters": {"binary_data": True}}])
    ok(st == 200 and "binary_data_size" in body["outputs"][0]["parameters"] and
       np.array_equal(out["C"], reference("INT32", a, b)), "per-output binary_data", body)
    for m, k, n in ((1, 1, 1), (3, 5, 2), (7, 2, 9)):
        a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
        st, body, out = infer(srv, "matmul", [("A", "FP64", a), ("B", "FP64", b)], binary_in=True)
        want = np.zeros((m, n))
        for i in range(m):  # the kernel's own summation order, independently
            for j in range(n):
                for r in range(k):
                    want[i, j] += a[i, r] * b[r, j]
        ok(st == 200 and out["C"].shape == (m, n) and np.array_equal(out["C"], want),
           f"symbolic shapes: matmul ({m}x{k}) x ({k}x{n}) sizes its output", body)
    st, body, out = infer(srv, "matmul", [("A", "FP64", np.ones((2, 2))), ("B", "FP64", np.ones((2, 2)))],
                          version="3")
    ok(st == 200 and body["model_version"] == "3", "infer on /versions/3", body)
    a = np.array([3, -1, 4, 7], dtype=np.int32)
    st, body, out = infer(srv, "scale", [("A", "INT32", a), ("s", "INT32", np.array([5], dtype=np.int32))])
    ok(st == 200 and np.array_equal(out["B"], a * 5) and out["checksum"].tolist() == [[37][0]] * 1 and
       out["checksum"].shape == (1,), "a scalar input, and the return value as an output", body)
    st, body, out = infer(srv, "scale", [("A", "INT32", a), ("s", "INT32", np.array(2, dtype=np.int32))],
                          binary_in=True, binary_out=True)
    ok(st == 200 and np.array_equal(out["B"], a * 2) and out["checksum"].tolist() == [37],
       "scalar of shape [] in binary, return value in binary", body)

    # ---- errors: status and {"error": ...} ----
    def expect_error(status_want, what, st, body, needle=""):
        e = error_of(body)
        ok(st == status_want and isinstance(e, str) and needle in e, f"{status_want}: {what}",
           f"status {st}: {body}")

    a2 = sample("FP32", (2, 3))
    st, body, _ = infer(srv, "nope", [("A", "FP32", a2)])
    expect_error(404, "unknown model", st, body)
    st, body, _ = infer(srv, "matmul", [("A", "FP64", np.ones((1, 1)))], version="2")
    expect_error(404, "unknown version", st, body)
    st, h, data = srv.request("GET", "/v2/models/matmul/versions/9")
    expect_error(404, "metadata of an unknown version", st, json.loads(data))
    st, h, data = srv.request("GET", "/v2/nothing/here")
    expect_error(404, "unknown endpoint", st, json.loads(data))
    st, h, data = srv.request("GET", "/v2/models/add_fp32/infer")
    expect_error(405, "GET on infer", st, json.loads(data))
    ok("POST" in h.get("Allow", ""), "405 names the allowed method", h)
    st, h, data = srv.request("DELETE", "/v2/health/live")
    expect_error(405, "DELETE on health", st, json.loads(data))
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", b"{not json")
    expect_error(400, "malformed JSON", st, json.loads(data), "JSON")
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", b"[1,2]")
    expect_error(400, "a JSON array instead of an object", st, json.loads(data))
    st, body, _ = infer(srv, "add_fp32", [("A", "FP64", a2.astype(np.float64)), ("B", "FP32", a2)])
    expect_error(400, "datatype mismatch", st, body, "expected FP32")
    st, body, _ = infer(srv, "add_fp32", [("A", "FP32", a2), ("B", "FP32", sample("FP32", (3, 3)))])
    expect_error(400, "inputs disagree on a symbolic dimension", st, body)
    # b: T.handle is bound to buffer B: a bad input is named as the request
    # names it, whichever of the two names that is
    ok("'B'" in (error_of(body) or "") and "'b'" not in (error_of(body) or ""),
       "an error about input B quotes 'B', the name the request sent, not the parameter's 'b'", body)
    st, body, _ = infer(srv, "add_fp32", [("a", "FP32", a2), ("b", "FP32", sample("FP32", (3, 3)))])
    expect_error(400, "an error about input b (sent by the parameter's name) quotes 'b'", st, body,
                 "input 'b': shape[0] is 3")
    st, body, _ = infer(srv, "add_fp32", [("A", "FP32", a2), ("B", "FP32", a2),
                                          ("n", "INT32", np.array([3], np.int32))])
    expect_error(400, "a buffer that disagrees with a given shape variable is named as sent", st, body,
                 "input 'A': shape[0] is 2")
    st, body, _ = infer(srv, "matmul", [("A", "FP64", np.ones((2, 3))), ("B", "FP64", np.ones((4, 2)))])
    expect_error(400, "matmul with mismatched inner dimensions names input 'B'", st, body, "input 'B': shape[0] is 4")
    st, body, _ = infer(srv, "add_fp32", [("A", "FP32", a2), ("B", "FP32", sample("FP32", (2, 4)))])
    expect_error(400, "shape mismatch with a constant dimension", st, body, "expected 3")
    st, body, _ = infer(srv, "add_fp32", [("A", "FP32", a2)])
    expect_error(400, "a missing input", st, body)
    st, body, _ = infer(srv, "add_fp32", [("A", "FP32", a2), ("B", "FP32", a2), ("Z", "FP32", a2)])
    expect_error(400, "an input the model does not have", st, body, "'Z'")
    st, body, _ = infer(srv, "add_fp32", [("A", "FP32", a2), ("A", "FP32", a2)])
    expect_error(400, "an input given twice", st, body)
    st, body, _ = infer(srv, "add_fp32", [("A", "FP32", a2), ("B", "FP32", a2)], outputs=[{"name": "Q"}])
    expect_error(400, "an unknown requested output", st, body)
    hdr = {"inputs": [{"name": "A", "shape": [2, 3], "datatype": "FP32", "data": [1, 2, 3, 4, 5]},
                      {"name": "B", "shape": [2, 3], "datatype": "FP32", "data": [1, 2, 3, 4, 5, 6]}]}
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", json.dumps(hdr))
    expect_error(400, "data with fewer elements than the shape", st, json.loads(data))
    hdr["inputs"][0]["data"] = [1, 2, 3, 4, 5, 6, 7]
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", json.dumps(hdr))
    expect_error(400, "data with more elements than the shape", st, json.loads(data))
    hdr["inputs"][0]["data"] = [1, 2, 3, 4, 5, "x"]
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", json.dumps(hdr))
    expect_error(400, "a string in numeric data", st, json.loads(data))
    hdr8 = {"inputs": [{"name": "A", "shape": [1, 3], "datatype": "INT8", "data": [1, 2, 300]},
                       {"name": "B", "shape": [1, 3], "datatype": "INT8", "data": [1, 2, 3]}]}
    st, h, data = srv.request("POST", "/v2/models/add_int8/infer", json.dumps(hdr8))
    expect_error(400, "an integer out of range for INT8", st, json.loads(data), "out of range")

    def binary_body(sizes, blobs):
        hd = {"inputs": [{"name": n, "shape": [2, 3], "datatype": "FP32", "parameters": {"binary_data_size": s}}
                         for n, s in zip("AB", sizes)]}
        hb = json.dumps(hd).encode()
        return hb + blobs, {"Inference-Header-Content-Length": str(len(hb))}
    good = np.zeros((2, 3), np.float32).tobytes()
    body_, hh = binary_body([24, 24], good + good)
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", body_, hh)
    ok(st == 200, "a hand-built binary request works", data)
    body_, hh = binary_body([20, 24], good + good)
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", body_, hh)
    expect_error(400, "binary_data_size disagrees with shape and datatype", st, json.loads(data), "binary_data_size")
    body_, hh = binary_body([24, 24], good + good + b"xx")
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", body_, hh)
    expect_error(400, "trailing bytes after the binary tensors", st, json.loads(data))
    body_, hh = binary_body([24, 24], good + good[:10])
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", body_, hh)
    expect_error(400, "binary data shorter than binary_data_size", st, json.loads(data))
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", b"{}", {"Inference-Header-Content-Length": "99"})
    expect_error(400, "Inference-Header-Content-Length past the body", st, json.loads(data))
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", b"{}", {"Inference-Header-Content-Length": "x"})
    expect_error(400, "a malformed Inference-Header-Content-Length", st, json.loads(data))
    st, h, data = srv.request("POST", "/v2/models/add_fp32/infer", b"{}", {"Content-Encoding": "gzip"})
    expect_error(400, "Content-Encoding", st, json.loads(data), "Content-Encoding")
    st, h, data = srv.request("POST", "/v2/repository/models/matmul/load", b"")
    expect_error(400, "model control is off by default", st, json.loads(data), "model-control-mode")

    # ---- limits on hostile modules ----
    t0 = time.time()
    st, body, _ = infer(srv, "forever", [])
    ok(st == 400 and "limit" in (error_of(body) or "") and time.time() - t0 < 30,
       "a module that loops forever is stopped by its step limit (400)", body)
    t0 = time.time()
    st, body, _ = infer(srv, "forever_deadline", [])
    el = time.time() - t0
    ok(st == 504 and "deadline" in (error_of(body) or "") and el < 20,
       f"with no step limit, the request's deadline cancels the call (504 after {el:.2f} s)", body)
    st, body, out = infer(srv, "alloc", [("n", "INT32", np.array([1000], np.int32))])
    ok(st == 200 and out["A"].tolist() == [999], "allocation under the memory limit runs", body)
    st, body, _ = infer(srv, "alloc", [("n", "INT32", np.array([10000000], np.int32))])
    ok(st == 400 and "limit" in (error_of(body) or ""), "allocation over the memory limit is stopped (400)", body)

    # other models keep answering while a hostile one runs
    results = []
    th = threading.Thread(target=lambda: results.append(infer(srv, "forever_deadline", [])))
    th.start()
    time.sleep(0.05)
    a, b = sample("INT16", (2, 3)), sample("INT16", (2, 3))
    t0 = time.time()
    st, body, out = infer(srv, "add_int16", [("A", "INT16", a), ("B", "INT16", b)])
    fast = time.time() - t0
    th.join()
    ok(st == 200 and np.array_equal(out["C"], reference("INT16", a, b)) and results[0][0] == 504,
       f"another model answers while a hostile one runs ({fast * 1000:.0f} ms)", body)

    # ---- queue full: one instance, a queue of one, concurrent clients ----
    # calibrate a call of about 0.5 s
    n = 1000000
    while True:
        t0 = time.time()
        st, body, out = infer(srv, "spin", [("n", "INT64", np.array([n], np.int64))])
        el = time.time() - t0
        if st != 200 or el > 0.25 or n > 10 ** 12:
            break
        n *= 4
    ok(st == 200 and out["A"].tolist() == [n], f"the slow module counts to {n} in {el:.2f} s", body)
    n_slow = int(n * 0.5 / max(el, 1e-3))
    statuses = []
    lock = threading.Lock()

    def one():
        s, b_, _ = infer(srv, "spin", [("n", "INT64", np.array([n_slow], np.int64))])
        with lock:
            statuses.append((s, error_of(b_) if s != 200 else None))
    ths = [threading.Thread(target=one) for _ in range(6)]
    for t_ in ths:
        t_.start()
    for t_ in ths:
        t_.join()
    n503 = sum(1 for s, _ in statuses if s == 503)
    n200 = sum(1 for s, _ in statuses if s == 200)
    ok(n503 >= 1 and n200 >= 2 and n503 + n200 == 6 and all("queue" in e for s, e in statuses if s == 503),
       f"6 concurrent clients on one instance with a queue of 1: {n200} answered, {n503} refused with 503",
       statuses)

    # ---- metrics ----
    st, h, data = srv.request("GET", "/metrics")
    text = data.decode()
    lines = {ln.rsplit(" ", 1)[0]: ln.rsplit(" ", 1)[1] for ln in text.splitlines() if ln and ln[0] != "#"}
    ok(st == 200 and h.get("Content-Type", "").startswith("text/plain; version=0.0.4"),
       "GET /metrics is Prometheus text 0.0.4", h)
    need = ['tirvm_inference_request_success{model="add_int32",version="1"}',
            'tirvm_inference_request_failure{model="forever",version="1",reason="limit"}',
            'tirvm_inference_request_failure{model="forever_deadline",version="1",reason="deadline"}',
            'tirvm_inference_count{model="matmul",version="3"}',
            'tirvm_inference_queue_duration_us{model="spin",version="1"}',
            'tirvm_inference_compute_infer_duration_us{model="spin",version="1"}',
            'tirvm_inference_pending_request_count{model="spin",version="1"}',
            'tirvm_requests_rejected_total{reason="queue_full"}',
            'tirvm_vm_limit_exceeded_total{model="forever_deadline",version="1",limit="deadline"}',
            'tirvm_http_connections', 'tirvm_inflight_bytes']
    missing = [k for k in need if k not in lines]
    ok(not missing, "metrics include Triton's names under tirvm_", missing)
    ok(lines.get('tirvm_inference_request_failure{model="forever",version="1",reason="limit"}') == "1" and
       int(lines.get('tirvm_inference_request_success{model="add_int32",version="1"}', 0)) == 7 and
       int(lines.get('tirvm_requests_rejected_total{reason="queue_full"}', 0)) == n503 and
       lines.get('tirvm_inference_pending_request_count{model="spin",version="1"}') == "0",
       "metric values count what happened", "\n".join(f"{k} {v}" for k, v in lines.items() if "add_int32" in k
                                                      or "forever" in k or "queue_full" in k or "pending" in k))
    ok(all(k.startswith("tirvm_") for k in lines), "every metric has the tirvm_ prefix")

    # ---- hostile HTTP ----
    hostile(srv)
    fuzz(srv)

    # ---- SIGTERM while a call runs ----
    res = []
    th = threading.Thread(target=lambda: res.append(infer(srv, "spin", [("n", "INT64", np.array([n_slow * 2],
                                                                                         np.int64))])))
    th.start()
    # SIGTERM once the server holds the request (queued or running): a fixed
    # sleep raced the client on a loaded machine, under ThreadSanitizer
    deadline = time.time() + 60
    while time.time() < deadline:
        _, _, data = srv.request("GET", "/metrics")
        held = [ln for ln in data.decode().splitlines()
                if ln.startswith('tirvm_inference_pending_request_count{model="spin"')]
        if held and held[0].rsplit(" ", 1)[1] != "0":
            break
        time.sleep(0.02)
    srv.proc.send_signal(signal.SIGTERM)
    th.join()
    code = srv.stop()
    ok(len(res) == 1 and res[0][0] == 200 and res[0][2]["A"].tolist() == [n_slow * 2] and code == 0,
       "SIGTERM while a call runs: its response arrives, and the server exits 0",
       f"{res} exit {code}\n{srv.logtext()}")

    drain_timeout()
    single_model()
    startup_lines()
    reload_test()
    rss_test()


def raw(srv, data, timeout=10, read=True, shut=False):
    s = socket.create_connection(("127.0.0.1", srv.port), timeout=timeout)
    try:
        s.sendall(data)
        if shut:
            s.shutdown(socket.SHUT_WR)
    except OSError:  # the server may close first (a request it refuses outright)
        pass
    out = b""
    if read:
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                out += chunk
        except socket.timeout:
            pass
    s.close()
    return out


def hostile(srv):
    # bare CR in a header value: must not be read as a Transfer-Encoding header
    probe = (b"POST /v2/models/add_fp32/infer HTTP/1.1\r\nHost: x\r\nX-Abc: \rxTransfer-Encoding: chunked\r\n"
             b"Content-Length: 0\r\nConnection: close\r\n\r\n1\r\nA\r\n0\r\n\r\n")
    out = raw(srv, probe)
    first = out.split(b"\r\n", 1)[0]
    ok(first.startswith(b"HTTP/1.1 400") and b"near 'A'" not in out and b"'A'" not in out.split(b"\r\n\r\n", 1)[-1],
       "the bare-CR smuggling probe is not read as a chunked body", out[:300])
    # oversize Content-Length: 413 before the body is sent
    big = 1 << 40
    out = raw(srv, b"POST /v2/models/add_fp32/infer HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n{" % big)
    ok(out.startswith(b"HTTP/1.1 413") and b'"error"' in out, "a declared Content-Length over the limit: 413",
       out[:300])
    out = raw(srv, b"POST /v2/models/add_fp32/infer HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
                   b"Content-Length: 100000000\r\n\r\n")
    ok(out.startswith(b"HTTP/1.1 413") and b"100 Continue" not in out,
       "Expect: 100-continue with a body over the limit gets 413, not 100", out[:200])
    # chunked body over the limit: counted as it streams
    s = socket.create_connection(("127.0.0.1", srv.port), timeout=30)
    s.sendall(b"POST /v2/models/add_fp32/infer HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
    chunk = b"x" * 65536
    sent = 0
    try:
        while sent < (80 << 20):
            s.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
            sent += len(chunk)
        s.sendall(b"0\r\n\r\n")
    except OSError:
        pass
    out = b""
    try:
        while True:
            c = s.recv(65536)
            if not c:
                break
            out += c
            if b"}" in out:
                break
    except OSError:
        pass
    s.close()
    ok(out.startswith(b"HTTP/1.1 413") and b'"error"' in out, "a chunked body over the limit: 413", out[:300])
    # pipelining: three requests in one write, three answers in order
    reqs = (b"GET /v2/health/live HTTP/1.1\r\nHost: x\r\n\r\n"
            b"GET /v2/models/matmul/ready HTTP/1.1\r\nHost: x\r\n\r\n"
            b"GET /v2/nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    out = raw(srv, reqs)
    codes = re.findall(rb"HTTP/1.1 (\d\d\d) ", out)
    ok(codes == [b"200", b"200", b"404"], "pipelined requests are answered in order", out[:500])
    # a pipelined infer behind a GET
    a = np.ones((1, 3), np.float32)
    hdr = json.dumps({"inputs": [{"name": "A", "shape": [1, 3], "datatype": "FP32", "data": [1, 2, 3]},
                                 {"name": "B", "shape": [1, 3], "datatype": "FP32", "data": [1, 1, 1]}]}).encode()
    reqs = (b"POST /v2/models/add_fp32/infer HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(hdr) + hdr +
            b"GET /v2/health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    out = raw(srv, reqs)
    ok(out.count(b"HTTP/1.1 200") == 2 and b"[2,3,4]" in out, "a pipelined infer and GET", out[:600])
    del a
    # a client that disconnects mid-body, and one that disconnects during a call
    raw(srv, b"POST /v2/models/add_fp32/infer HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"inp", read=False)
    spin_req = json.dumps({"inputs": [{"name": "n", "shape": [1], "datatype": "INT64", "data": [20000000]}]}).encode()
    raw(srv, b"POST /v2/models/spin/infer HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(spin_req) +
        spin_req, read=False)
    time.sleep(0.2)
    st, h, data = srv.request("GET", "/v2/health/live")
    ok(st == 200, "the server answers after clients disconnect mid-body and mid-call", data)
    # malformed request lines and headers
    for bad_req in (b"GARBAGE\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"GET /v2 HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
                    b"POST /v2/models/add_fp32/infer HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
                    b"POST /v2/models/add_fp32/infer HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                    b"GET /" + b"a" * 100000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"):
        out = raw(srv, bad_req, shut=True)
        ok(out == b"" or out[:10] in (b"HTTP/1.1 4", b"HTTP/1.0 4") or out.startswith(b"HTTP/1.1 505"),
           f"a malformed request ({bad_req[:40]!r}) gets a 4xx (505 for the version) or a closed connection",
           out[:200])
    st, h, data = srv.request("GET", "/v2/health/live")
    ok(st == 200, "still alive after malformed requests", data)


def fuzz(srv):
    """Random mutations of a valid request: every answer is a status with a JSON body, never a crash."""
    base = {"id": "f", "inputs": [{"name": "A", "shape": [2, 3], "datatype": "INT32", "data": [1, 2, 3, 4, 5, 6]},
                                  {"name": "B", "shape": [2, 3], "datatype": "INT32",
                                   "parameters": {"binary_data_size": 24}}],
            "outputs": [{"name": "C", "parameters": {"binary_data": True}}], "parameters": {}}
    r = random.Random(1717)
    values = [None, True, False, 0, -1, 1 << 62, 1e308, -0.5, "", "x", [], {}, [[]], [1, [2]], "INT32", "BF16", 3]
    bad = []
    for it in range(300):
        h = json.loads(json.dumps(base))
        for _ in range(r.randint(1, 3)):
            # pick a random place and replace it
            node = h
            path = []
            while isinstance(node, (dict, list)) and node and r.random() < 0.7:
                key = r.choice(list(node.keys())) if isinstance(node, dict) else r.randrange(len(node))
                path.append((node, key))
                node = node[key]
            if path:
                parent, key = path[-1]
                parent[key] = r.choice(values)
        hb = json.dumps(h).encode()
        blob = bytes(r.randrange(256) for _ in range(r.choice([0, 24, 24, 25, 100])))
        if r.random() < 0.2:
            hb = hb[:r.randrange(len(hb))]
        hl = len(hb) if r.random() < 0.9 else r.randrange(-2, len(hb) + len(blob) + 3)
        try:
            st, hh, data = srv.request("POST", "/v2/models/add_int32/infer", hb + blob,
                                       {"Inference-Header-Content-Length": str(hl)}, timeout=30)
        except Exception as e:  # noqa: BLE001
            bad.append(f"{it}: {e}")
            continue
        if st == 200:
            continue
        try:
            if not isinstance(json.loads(data)["error"], str):
                bad.append(f"{it}: {st} {data[:100]!r}")
        except (ValueError, KeyError, TypeError):
            bad.append(f"{it}: {st} {data[:100]!r}")
    ok(not bad, "300 mutated requests: each answered with a status and a JSON error body", "\n".join(bad[:10]))


def drain_timeout():
    """A call that outlives the drain timeout is cancelled; the server still exits 0."""
    res = []
    # a module that loops forever, with neither a step limit nor a deadline
    repo2 = os.path.join(T, "repo-drain")
    compile_model(FOREVER, os.path.join(repo2, "loop", "1", "model.tirbc"))
    with open(os.path.join(repo2, "loop", "config.json"), "w") as f:
        json.dump({"limits": {"max_steps": 0, "timeout_ms": 0}}, f)
    srv = Server(["--model-repository", repo2, "--drain-timeout-s", "1", "--max-steps", "0",
                  "--request-timeout-ms", "0"], "drain")
    th = threading.Thread(target=lambda: res.append(infer(srv, "loop", [])))
    th.start()
    time.sleep(0.3)
    t0 = time.time()
    srv.proc.send_signal(signal.SIGTERM)
    th.join(30)
    code = srv.stop()
    el = time.time() - t0
    ok(len(res) == 1 and res[0][0] == 503 and code == 0 and el < 15,
       f"a call past the drain timeout is cancelled (503) and the server exits 0 after {el:.1f} s",
       f"{res} exit {code}\n{srv.logtext()}")


def single_model():
    """KServe single-model mode: the folder is the one model, named by --model-name."""
    d = os.path.join(T, "mnt-models")
    shutil.copytree(os.path.join(REPO, "add_int64", "1"), d)
    srv = Server(["--model-name", "kserve-add", "--model-repository", d], "single")
    a, b = sample("INT64", (4, 3)), sample("INT64", (4, 3))
    st, body, out = infer(srv, "kserve-add", [("A", "INT64", a), ("B", "INT64", b)], binary_in=True)
    ok(st == 200 and np.array_equal(out["C"], reference("INT64", a, b)),
       "single-model mode serves DIR/model.tirbc under --model-name", body)
    code = srv.stop()
    ok(code == 0, "exit 0 after SIGTERM", code)
    # --model NAME=FILE
    srv = Server(["--model", "m1=" + os.path.join(REPO, "add_uint8", "1", "model.tirbc")], "file")
    a, b = sample("UINT8", (1, 3)), sample("UINT8", (1, 3))
    st, body, out = infer(srv, "m1", [("A", "UINT8", a), ("B", "UINT8", b)])
    ok(st == 200 and np.array_equal(out["C"], reference("UINT8", a, b)), "--model NAME=FILE.tirbc serves it", body)
    srv.stop(signal.SIGINT)
    # a bad module fails at start with exit 1
    badrepo = os.path.join(T, "bad-repo")
    os.makedirs(os.path.join(badrepo, "bad", "1"))
    with open(os.path.join(badrepo, "bad", "1", "model.tirbc"), "wb") as f:
        f.write(b"not a module")
    p = subprocess.run([TIRVM, "serve", "--model-repository", badrepo, "--http-port", "0"], capture_output=True,
                       timeout=60)
    ok(p.returncode == 1 and b"bad" in p.stderr, "a model that fails to load stops the start with exit 1",
       p.stderr)
    p = subprocess.run([TIRVM, "serve", "--model-repository", REPO, "--max-queue", "x"], capture_output=True,
                       timeout=60)
    ok(p.returncode == 2 and b"--max-queue" in p.stderr, "a bad option value is a usage error (exit 2)", p.stderr)


def startup_lines():
    """What the server says at startup: where it listens, and that a repository is empty."""
    empty = os.path.join(T, "repo-empty")
    os.makedirs(os.path.join(empty, ".hidden"))
    srv = Server(["--model-repository", empty, "--model-control-mode", "explicit"], "empty")
    url = f"http://127.0.0.1:{srv.port}"
    log = srv.wait_log(url)
    ok(f"warning: the model repository {empty} holds no models (each model is {empty}/NAME/VERSION/model.tirbc)"
       in log, "an empty model repository is warned about", log)
    ok(re.search(r"^tirvm: serving 0 models on " + re.escape(url) + "$", log, re.M) is not None,
       "the startup line names the address and the bound port; a specific address, just the URL", log)
    st, h, data = srv.request("GET", "/v2/health/ready")
    ok(st == 200, "a server of an empty repository keeps serving", data)
    shutil.copytree(os.path.join(REPO, "add_int32"), os.path.join(empty, "late"))
    st, h, data = srv.request("POST", "/v2/repository/models/late/load", b"{}")
    a = sample("INT32", (2, 3))
    st2, body, out = infer(srv, "late", [("A", "INT32", a), ("B", "INT32", a)])
    ok(st == 200 and st2 == 200 and np.array_equal(out["C"], reference("INT32", a, a)),
       "a model put in the empty repository later loads and serves", f"{st} {data}\n{st2} {body}")
    ok(srv.stop() == 0, "exit 0", srv.logtext())
    # the default address: all interfaces, and the line says so
    srv = Server(["--model", "m=" + os.path.join(REPO, "add_int32", "1", "model.tirbc")], "all", address=None)
    url = f"http://0.0.0.0:{srv.port}"
    log = srv.wait_log(url)
    ok(re.search(r"^tirvm: serving 1 model on " + re.escape(url) +
                 re.escape(" (all interfaces; --http-address 127.0.0.1 for this machine only)") + "$", log, re.M)
       is not None, "by default the startup line says the server listens on all interfaces, and how to narrow it",
       log)
    ok("holds no models" not in log, "no repository, no warning", log)
    ok(srv.stop() == 0, "exit 0", srv.logtext())


def reload_test():
    """Explicit model control: load a new version while requests run; a failed load keeps the old one."""
    repo = os.path.join(T, "repo-reload")
    src = '''@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = A[i] + {k}
'''
    compile_model(src.format(k=1), os.path.join(repo, "inc", "1", "model.tirbc"))
    srv = Server(["--model-repository", repo, "--model-control-mode", "explicit", "--workers", "2"], "reload")
    st, h, data = srv.request("GET", "/v2")
    ok("model_repository" in json.loads(data)["extensions"], "explicit mode advertises model_repository", data)
    a = np.arange(4, dtype=np.int32)
    stop = threading.Event()
    wrong = []
    seen = set()

    def client():
        while not stop.is_set():
            st_, body_, out_ = infer(srv, "inc", [("A", "INT32", a)])
            if st_ != 200:
                wrong.append((st_, body_))
                continue
            k = int(body_["model_version"])
            seen.add(k)
            if not np.array_equal(out_["B"], a + k):
                wrong.append((k, out_["B"]))
    ths = [threading.Thread(target=client) for _ in range(2)]
    for t_ in ths:
        t_.start()
    time.sleep(0.3)
    compile_model(src.format(k=2), os.path.join(repo, "inc", "2", "model.tirbc"))
    st, h, data = srv.request("POST", "/v2/repository/models/inc/load", b"")
    time.sleep(0.3)
    stop.set()
    for t_ in ths:
        t_.join()
    ok(st == 200 and not wrong and seen == {1, 2}, "a load while requests run swaps versions; every answer matches "
       "its version", f"{st} {data} wrong={wrong[:3]} seen={seen}")
    st, body, out = infer(srv, "inc", [("A", "INT32", a)])
    ok(st == 200 and body["model_version"] == "2" and np.array_equal(out["B"], a + 2), "new requests use version 2",
       body)
    os.makedirs(os.path.join(repo, "inc", "3"))
    with open(os.path.join(repo, "inc", "3", "model.tirbc"), "wb") as f:
        f.write(b"TIRBC but broken")
    st, h, data = srv.request("POST", "/v2/repository/models/inc/load", b"")
    ok(st == 400 and "error" in json.loads(data), "a failed load is a 400 with an error", data)
    st, body, out = infer(srv, "inc", [("A", "INT32", a)])
    ok(st == 200 and body["model_version"] == "2", "after a failed load the old version keeps serving", body)
    st, h, data = srv.request("POST", "/v2/repository/models/inc/unload", b"")
    st2, body2, _ = infer(srv, "inc", [("A", "INT32", a)])
    ok(st == 200 and st2 == 404, "unload: new requests get 404", f"{st} {st2} {body2}")
    st, h, data = srv.request("POST", "/v2/repository/index", b"{}")
    ok(st == 200 and json.loads(data)[0]["state"] == "UNAVAILABLE", "the repository index shows the unloaded model",
       data)
    code = srv.stop()
    ok(code == 0, "the model-control server exits 0", code)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def rss_test():
    """Many requests on keep-alive connections: the resident set stays flat."""
    # the 10,000 where RSS is measured; fewer under sanitizers, which skip the RSS check
    sanitized = os.environ.get("SERVE_SANITIZE", "none") != "none"
    n = int(os.environ.get("SERVE_RSS_REQUESTS", "2000" if sanitized else "10000"))
    srv = Server(["--model-repository", REPO, "--max-steps", "0", "--request-timeout-ms", "0"], "rss")
    a, b = sample("FP32", (64, 3)), sample("FP32", (64, 3))
    hdr = json.dumps({"inputs": [{"name": "A", "shape": [64, 3], "datatype": "FP32",
                                  "parameters": {"binary_data_size": a.nbytes}},
                                 {"name": "B", "shape": [64, 3], "datatype": "FP32", "data": b.reshape(-1).tolist()}],
                      "parameters": {"binary_data_output": True}}).encode()
    body = hdr + a.tobytes()
    headers = {"Inference-Header-Content-Length": str(len(hdr))}
    c = srv.conn()
    rss = []
    bad = 0
    t0 = time.time()
    for i in range(n):
        c.request("POST", "/v2/models/add_fp32/infer", body, headers)
        r = c.getresponse()
        data = r.read()
        if r.status != 200:
            bad += 1
        if i == n // 4 or i == n - 1:
            rss.append(rss_kib(srv.proc.pid))
    el = time.time() - t0
    c.close()
    st, rh, data = srv.request("POST", "/v2/models/add_fp32/infer", body, headers)
    _, _, out = decode_response(st, rh, data)
    ok(bad == 0 and np.array_equal(out["C"], a + b), f"{n} requests on one connection in {el:.1f} s "
       f"({n / el:.0f}/s), all answered", bad)
    if os.environ.get("SERVE_SANITIZE", "none") != "none":  # ASan's quarantine holds freed memory on purpose
        global n_cases
        n_cases += 1
        print(f"ok {n_cases} - RSS flat over the last 3/4 of them # SKIP sanitizer build (leaks: LeakSanitizer "
              f"at exit instead)")
    else:
        ok(rss[1] - rss[0] < 4096, f"RSS flat over the last 3/4 of them ({rss[0]} KiB -> {rss[1]} KiB)", rss)
    ok(srv.stop() == 0, "exit 0", srv.logtext())


try:
    main()
except Exception as e:  # a crash of the suite is a failed case, with the servers' logs
    import traceback
    ok(False, "the suite ran to the end", traceback.format_exc() + "\n".join(s.logtext()[-2000:] for s in servers))
finally:
    for s in servers:
        if s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait()
        elif s.proc.returncode not in (0,):
            pass
    shutil.rmtree(T, ignore_errors=True)
print(f"1..{n_cases}")
sys.exit(1 if n_failed else 0)
