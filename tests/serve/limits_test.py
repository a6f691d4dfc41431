#!/usr/bin/python3
"""tirvm serve's limits over loopback with Python's http.client: a JSON
request's parse tree counts against --max-inflight-bytes, and a model's
config.json may lower the command line's limits, never raise them.
TAP output.  Usage: limits_test.py TIRC TIRVM"""
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

TIRC, TIRVM = sys.argv[1], sys.argv[2]
T = tempfile.mkdtemp(prefix="tirvm-serve-limits-")
n_cases = 0
n_failed = 0


def ok(cond, name, detail=""):
    global n_cases, n_failed
    n_cases += 1
    print(f"{'ok' if cond else 'not ok'} {n_cases} - {name}")
    if not cond:
        n_failed += 1
        for line in str(detail).splitlines()[:20]:
            print("#   " + line)
    sys.stdout.flush()


def start(args, name):
    portfile = os.path.join(T, name + ".port")
    log = open(os.path.join(T, name + ".log"), "w+")
    proc = subprocess.Popen([TIRVM, "serve", "--http-address", "127.0.0.1", "--http-port", "0", "--port-file",
                             portfile, "--shutdown-delay-s", "0"] + args, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 60
    while not os.path.exists(portfile) and proc.poll() is None and time.time() < deadline:
        time.sleep(0.02)
    return proc, log, (int(open(portfile).read()) if os.path.exists(portfile) else None)


def post(port, path, body):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        c.request("POST", path, body, {"Content-Type": "application/json"})
        r = c.getresponse()
        return r.status, r.read()
    finally:
        c.close()


def stop(proc):
    if proc.poll() is None:
        proc.terminate()
    try:
        return proc.wait(60)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait()


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_tap import ADD_ONE as ADD  # noqa: E402
repo = os.path.join(T, "models")
os.makedirs(os.path.join(repo, "inc", "1"))
with open(os.path.join(T, "inc.py"), "w") as f:
    f.write(ADD)
module = os.path.join(repo, "inc", "1", "model.tirbc")
subprocess.run([TIRC, os.path.join(T, "inc.py"), "-o", module], check=True)


def body_of(n):
    return json.dumps({"inputs": [{"name": "A", "shape": [n], "datatype": "INT32", "data": [7] * n}],
                       "outputs": [{"name": "C", "parameters": {"binary_data": True}}]}).encode()


try:
    # 4M elements: 8 MB of text whose parse tree is about 200 MB, far over a budget of 64 MB
    proc, log, port = start(["--model-repository", repo, "--max-inflight-bytes", "64M", "--max-json-bytes", "16M",
                             "--max-body-bytes", "16M"], "json")
    big = body_of(4 << 20)
    st, data = post(port, "/v2/models/inc/infer", big)
    ok(st == 503 and b"in flight" in data, f"a {len(big) >> 20} MB JSON request whose parse tree exceeds "
       f"--max-inflight-bytes 64M is answered 503 ({st})", data[:300])
    st, data = post(port, "/v2/models/inc/infer", body_of(1000))
    ok(st == 200, "a small JSON request is still answered 200", data[:300])
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("GET", "/metrics")
    text = c.getresponse().read().decode()
    c.close()
    ok("tirvm_inflight_bytes 0\n" in text, "the parse trees are uncounted once freed (in-flight bytes back to 0)",
       [l for l in text.splitlines() if "inflight" in l])
    ok(stop(proc) == 0, "exit 0", open(log.name).read()[-2000:])

    # config.json may lower the command line's limits, never raise them
    for limits, option, expect in [({"max_memory": 0}, "--max-memory", 1), ({"max_memory": 1 << 30}, "--max-memory", 1),
                                   ({"timeout_ms": 0}, "--request-timeout-ms", 1),
                                   ({"max_steps": 10 ** 12}, "--max-steps", 1),
                                   ({"max_memory": 1 << 20, "timeout_ms": 100}, None, 0)]:
        with open(os.path.join(repo, "inc", "config.json"), "w") as f:
            json.dump({"limits": limits}, f)
        p = subprocess.run([TIRVM, "serve", "--model-repository", repo, "--http-address", "127.0.0.1",
                            "--http-port", "0", "--max-memory", "256M", "--port-file", os.path.join(T, "x.port"),
                            "--shutdown-delay-s", "0"], capture_output=True, text=True, timeout=5) \
            if expect else None
        if expect:
            ok(p.returncode == 1 and option in p.stderr and "never raise" in p.stderr,
               f"config.json {limits} above the command line's {option} fails the model's load", p.stderr)
        else:
            proc, log, port = start(["--model-repository", repo, "--max-memory", "256M"], "lower")
            st, data = post(port, "/v2/models/inc/infer", body_of(10))
            ok(st == 200, f"config.json {limits} under the command line's limits is served", data[:300])
            stop(proc)

    # one module size cap (1 GiB, TIRVM_MAX_MODULE_BYTES) for tirc, the loader
    # and the server: a 70 MB file is read and judged by its contents (it
    # was refused by a 64 MiB cap of the server's own)
    big = os.path.join(T, "big.tirbc")
    with open(big, "wb") as f:
        f.truncate(70 << 20)
    p = subprocess.run([TIRVM, "serve", "--model", "big=" + big, "--http-address", "127.0.0.1", "--http-port", "0",
                        "--port-file", os.path.join(T, "big.port"), "--shutdown-delay-s", "0"],
                       capture_output=True, text=True, timeout=30)
    ok(p.returncode == 1 and "larger than" not in p.stderr and "big" in p.stderr,
       "a 70 MB module file is read whole, and refused for what it holds, not its size", p.stderr)
except Exception:
    import traceback
    ok(False, "the suite ran to the end", traceback.format_exc())
finally:
    shutil.rmtree(T, ignore_errors=True)
print(f"1..{n_cases}")
sys.exit(1 if n_failed else 0)
