#!/usr/bin/env python3
"""tirvm serve under load: the table of benchmarks/README.md ("Serving
under load").

For each public model (../shared/tvm-models: mlp, mlp_batch, cnn, encoder;
../shared/tvm-models-2: decoder) this compiles the zero-stage JSON with
BUILD's tirc into a model repository of its own, serves it with BUILD's
`tirvm serve` on 127.0.0.1 (one server per model, so the server's
per-model worker cap for several models does not apply), checks one JSON
and one binary answer against TVM's y.npy, and then drives it with
serve-load (benchmarks/serve_load.c, the C client) at 1, 4, 16 and 64
keep-alive connections, each cell --seconds long after a short warm-up:
requests/s, p50 and p99 latency.  Every timed answer must be the bytes of
the checked one (serve-load --expect); a differing or failed answer is
counted in the table.

mlp_batch is also sent requests of 1 row, and both sizes again with
dynamic batching in its config.json; a server that refuses the key gets
"n/a" rows.  Beside each model: the same inference in-process through the
Python package (tirvm.load(...).main(x), one thread), as the VM's own time
of the call and as the Python call's wall time, and the HTTP overhead: the
binary p50 at 1 connection minus the VM's time.

--rss: the server's VmRSS after the first 1,000 and after 100,000 requests
(mlp, binary tensors, 16 connections).
--smoke: a second at 1 connection for mlp (JSON and binary) and the
dynamic-batching probe; exits 1 on any failed or differing answer (the
`serve-load-smoke` test, suite bench).

Usage: benchmarks/serve_load.py [--build BUILD] [--seconds S] [--rounds N] [--connections 1,4,16,64]
           [--filter NAME] [--instances N] [--rss | --no-rss] [--smoke] [--json FILE]
"""
import argparse
import http.client
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, "..", "..", "shared")
MODELS = [("tvm-models", "mlp"), ("tvm-models", "mlp_batch"), ("tvm-models", "cnn"), ("tvm-models", "encoder"),
          ("tvm-models-2", "decoder")]
# the configuration the dynamic-batching server reads (issue 38)
DYNAMIC_BATCHING = {"max_batch_size": 64, "preferred_batch_sizes": [8, 16], "max_queue_delay_us": 500}


def import_tirvm(build):
    """The Python package of the source tree over BUILD's libraries."""
    os.environ["TIRVM_LIBRARY_PATH"] = os.path.join(build, "vm") + ":" + os.path.join(build, "compiler")
    sys.path.insert(0, os.path.join(HERE, "..", "python"))
    import tirvm

    return tirvm


def within(y, ref):
    """The largest |y - ref| and whether it is within the models' tolerance,
    1e-3 * max(1, max |ref|) (NaN is not)."""
    import numpy as np

    if y.shape != ref.shape:
        return float("inf"), False
    err = float(np.max(np.abs(y.astype(np.float64) - ref)))
    return err, err <= 1e-3 * max(1.0, float(np.max(np.abs(ref))))


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/%d/status" % pid)


class Server:
    """`tirvm serve` of one model repository on 127.0.0.1, on a free port.
    start() returns None when it serves, else the log's last lines."""

    def __init__(self, tirvm_cli, repo, tmp):
        self.args = [tirvm_cli, "serve", "--model-repository", repo, "--http-address", "127.0.0.1",
                     "--http-port", "0", "--shutdown-delay-s", "0"]
        self.portfile = os.path.join(tmp, "port")
        self.logname = os.path.join(tmp, "serve.log")
        self.proc = None

    def start(self):
        if os.path.exists(self.portfile):
            os.remove(self.portfile)
        self.log = open(self.logname, "w+")
        self.proc = subprocess.Popen(self.args + ["--port-file", self.portfile], stdout=self.log,
                                     stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline and self.proc.poll() is None:
            if os.path.exists(self.portfile) and open(self.portfile).read().strip():
                self.port = int(open(self.portfile).read())
                try:
                    status, _, _ = self.get("/v2/health/ready")
                    if status == 200:
                        return None
                except OSError:
                    pass
            time.sleep(0.05)
        self.log.seek(0)
        why = self.log.read().strip()[-2000:] or "the server did not start"
        self.stop()
        return why

    def get(self, path):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            c.request("GET", path)
            r = c.getresponse()
            return r.status, r.read(), r
        finally:
            c.close()

    def post(self, path, body, headers):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            c.request("POST", path, body, headers)
            r = c.getresponse()
            return r.status, r.read(), r.getheader("Inference-Header-Content-Length")
        finally:
            c.close()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def requests_for(x):
    """The JSON and the binary request bodies of input x (binary: the JSON
    header, then the tensor's bytes; the answer's tensors binary too)."""
    import numpy as np

    shape = list(x.shape)
    js = json.dumps({"inputs": [{"name": "x", "shape": shape, "datatype": "FP32",
                                 "data": [float(v) for v in x.ravel()]}]}).encode()
    raw = np.ascontiguousarray(x, dtype="<f4").tobytes()
    hdr = json.dumps({"inputs": [{"name": "x", "shape": shape, "datatype": "FP32",
                                  "parameters": {"binary_data_size": len(raw)}}],
                      "parameters": {"binary_data_output": True}}).encode()
    return {"json": (js, None), "binary": (hdr + raw, len(hdr))}


def decode_answer(body, header_len):
    """The 'output' tensor of an answer, JSON or binary."""
    import numpy as np

    n = int(header_len) if header_len is not None else len(body)
    doc = json.loads(body[:n])
    off = n
    for o in doc.get("outputs", []):
        size = o.get("parameters", {}).get("binary_data_size")
        if size is not None:
            data = np.frombuffer(body[off:off + size], "<f4")
            off += size
        else:
            data = np.array(o["data"], np.float32)
        if o["name"] == "output":
            return data.reshape(o["shape"])
    raise ValueError("no output named 'output' in %s" % body[:300])


def check_and_save(server, model, x, ref, tmp, tag):
    """Sends each request form once, checks the answer against TVM's, and
    writes the request body and the answer's body for serve-load."""
    files = {}
    for enc, (body, hlen) in requests_for(x).items():
        headers = {"Content-Type": "application/json"}
        if hlen is not None:
            headers = {"Content-Type": "application/octet-stream", "Inference-Header-Content-Length": str(hlen)}
        status, answer, ahlen = server.post("/v2/models/%s/infer" % model, body, headers)
        if status != 200:
            raise RuntimeError("%s %s: HTTP %d: %s" % (tag, enc, status, answer[:300]))
        err, ok = within(decode_answer(answer, ahlen), ref)
        if not ok:
            raise RuntimeError("%s %s: the served output differs from TVM's by %g" % (tag, enc, err))
        req, exp = os.path.join(tmp, "%s.%s.req" % (tag, enc)), os.path.join(tmp, "%s.%s.ans" % (tag, enc))
        open(req, "wb").write(body)
        open(exp, "wb").write(answer)
        files[enc] = (req, hlen, exp, err)
    return files


TIMERS = ("request", "queue", "compute_input", "compute_infer", "compute_output")


def metrics(server):
    """/metrics as {name: value} summed over each name's labels, and a
    model's own counters under (name, model)."""
    status, body, _ = server.get("/metrics")
    out = {}
    for line in body.decode().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, value = line.rsplit(" ", 1)
        name = key.split("{")[0]
        out[name] = out.get(name, 0) + float(value)
        if '{model="' in key:
            m = (name, key.split('{model="')[1].split('"')[0])
            out[m] = out.get(m, 0) + float(value)
    return out


def server_timers(server, model):
    """The server's request count and cumulative duration counters of a
    model."""
    m = metrics(server)
    out = {t: m.get(("tirvm_inference_%s_duration_us" % t, model), 0) for t in TIMERS}
    out["success"] = m.get(("tirvm_inference_request_success", model), 0)
    return out


def wait_idle(server, limit_s=60):
    """Waits until the server holds no request: a cell's client closes its
    connections with requests still queued or running; the server drops the
    queued ones and finishes the running ones, and the next cell must not
    share the cores with them.  Returns the seconds waited."""
    t0, last = time.time(), None
    while time.time() - t0 < limit_s:
        m = metrics(server)
        now = (m.get("tirvm_inference_exec_count"), m.get("tirvm_inference_request_success"))
        if m.get("tirvm_inference_pending_request_count", 0) == 0 and m.get("tirvm_inflight_bytes", 0) == 0 \
                and now == last:
            return time.time() - t0
        last = now
        time.sleep(0.05)
    raise RuntimeError("the server still works %d s after the client stopped" % limit_s)


def median_round(rounds):
    """One cell from its rounds: each rate and latency the median over the
    rounds, the answers, errors and mismatches their sums."""
    if len(rounds) == 1:
        return rounds[0]
    r = {k: statistics.median(x[k] for x in rounds) for k in ("rps", "mean_us", "p50_us", "p90_us", "p99_us")}
    r.update({k: sum(x[k] for x in rounds) for k in ("requests", "errors", "mismatches", "reconnects")})
    r["server_us"] = {t: statistics.median(x["server_us"][t] for x in rounds) for t in TIMERS}
    r["rounds"] = rounds
    return r


def load(client, port, model, req, hlen, expect, connections, seconds=None, requests=None, warmup=0.2):
    """serve-load's result: POST req to the model's infer at `connections`
    connections, each answer compared with the expected bytes; without a
    model, GET /v2/health/live (the HTTP round trip alone)."""
    if model is None:
        args = [client, "--port", str(port), "--path", "/v2/health/live", "--method", "GET"]
    else:
        args = [client, "--port", str(port), "--path", "/v2/models/%s/infer" % model, "--body", req,
                "--expect", expect]
    args += ["--connections", str(connections)]
    if hlen is not None:
        args += ["--header-length", str(hlen), "--content-type", "application/octet-stream"]
    args += ["--seconds", str(seconds), "--warmup", str(warmup)] if seconds else ["--requests", str(requests)]
    p = subprocess.run(args, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError("serve-load failed: %s" % (p.stderr.strip() or p.returncode))
    return json.loads(p.stdout)


def in_process(tirvm, path, x, ref, budget_s):
    """The same inference in-process, one thread: the VM's time of the call
    (tirvm_call_ex, as the server makes it) and the Python call's wall
    time, medians over about budget_s of calls."""
    m = tirvm.Runtime(threads=1).load(path)
    err, ok = within(m.main(x), ref)
    if not ok:
        raise RuntimeError("%s in-process: differs from TVM's by %g" % (path, err))
    for _ in range(3):
        m.main(x)
    vm, wall = [], []
    t_end = time.perf_counter() + budget_s
    while time.perf_counter() < t_end or len(vm) < 5:
        prof = {}
        m.main(x, profile=prof)
        vm.append(prof["main"][1])
        t0 = time.perf_counter()
        m.main(x)
        wall.append(time.perf_counter() - t0)
    return statistics.median(vm) * 1e6, statistics.median(wall) * 1e6


def make_repo(tmp, model, module, config):
    repo = os.path.join(tmp, "repo-" + model + ("-db" if "dynamic_batching" in config else ""))
    os.makedirs(os.path.join(repo, model, "1"), exist_ok=True)
    shutil.copy(module, os.path.join(repo, model, "1", "model.tirbc"))
    json.dump(config, open(os.path.join(repo, model, "config.json"), "w"))
    return repo


def refused_batching(log):
    return "dynamic_batching" in log


def fmt_row(r):
    if r.get("na"):
        return "| %s | %s | %s | %s | %s | | | |" % (r["model"], r["request"], r["tensors"], r["connections"], r["na"])
    bad = r["errors"] + r["mismatches"]
    return "| %s | %s | %s | %d | %.0f | %.0f | %.0f | %s |" % (
        r["model"], r["request"], r["tensors"], r["connections"], r["rps"], r["p50_us"], r["p99_us"],
        "%d of %d" % (bad, r["requests"]) if bad else "0")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--seconds", type=float, default=2.0, help="time per cell after its warm-up (2)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="rounds per cell, each --seconds long; the table gives their medians (1)")
    ap.add_argument("--connections", default="1,4,16,64")
    ap.add_argument("--filter", help="only models whose name contains this")
    ap.add_argument("--instances", type=int, default=2, help="instances per model in config.json (2: the cores)")
    ap.add_argument("--rss", dest="rss", action="store_true", default=True)
    ap.add_argument("--no-rss", dest="rss", action="store_false")
    ap.add_argument("--rss-only", action="store_true", help="only the RSS measurement")
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--json", help="write the rows as JSON to this file too")
    ap.add_argument("--print", metavar="FILE", help="print the tables of a --json FILE again, measuring nothing")
    a = ap.parse_args()
    if a.print:
        d = json.load(open(a.print))
        print_tables(d["rows"], d["in_process"], d["rss"], d.get("connections") or
                     sorted({r["connections"] for r in d["rows"]}))
        return
    build = os.path.abspath(a.build)
    tirc = os.path.join(build, "cli", "tirc")
    tirvm_cli = os.path.join(build, "cli", "tirvm")
    client = os.path.join(build, "benchmarks", "serve-load")
    for f in (tirc, tirvm_cli, client):
        if not os.access(f, os.X_OK):
            sys.exit("serve_load.py: %s is missing: build first (ninja -C %s)" % (f, build))
    if not os.path.isdir(os.path.join(SHARED, "tvm-models")):
        print("serve_load.py: no %s: skipped" % os.path.join(SHARED, "tvm-models"))
        sys.exit(77)
    tirvm = import_tirvm(build)
    import numpy as np

    conns = [int(c) for c in a.connections.split(",")]
    if a.rounds < 1 or not a.seconds > 0 or any(c < 1 or c > 1024 for c in conns):
        sys.exit("serve_load.py: --rounds takes 1 or more, --seconds a positive number, --connections 1 to 1024")
    seconds, warmup, budget = a.seconds, 0.3, 0.5
    models = [(s, m) for s, m in MODELS if os.path.isdir(os.path.join(SHARED, s, m))]
    if a.smoke:
        conns, seconds, warmup, budget, a.rss, a.rounds = [1], 1.0, 0.1, 0.1, False, 1
        models = [("tvm-models", "mlp"), ("tvm-models", "mlp_batch")]
    if a.filter:
        models = [(s, m) for s, m in models if a.filter in m]
    if a.rss_only:
        models, a.rss = [("tvm-models", "mlp")], True
    tmp = tempfile.mkdtemp(prefix="serve-load-")
    rows, overhead, failed = [], [], False
    rss_rows = None
    modules = {}
    try:
        for setname, name in models:
            d = os.path.join(SHARED, setname, name)
            module = os.path.join(tmp, name + ".tirbc")
            p = subprocess.run([tirc, os.path.join(d, name + ".zero.json"), "-o", module], capture_output=True,
                               text=True)
            if p.returncode != 0:
                sys.exit("%s: tirc: %s" % (name, p.stderr.strip()))
            modules[name] = module
            if a.rss_only:
                continue
            x, ref = np.load(os.path.join(d, "x.npy")), np.load(os.path.join(d, "y.npy"))
            # (label, input, reference, config): mlp_batch's rows are independent,
            # so one row's reference is TVM's first row
            cases = [("%d row%s" % (x.shape[0], "s" if x.shape[0] > 1 else "") if name == "mlp_batch" else "x.npy",
                      x, ref, {})]
            if name == "mlp_batch":
                cases = [("1 row", x[:1], ref[:1], {}), ("4 rows", x, ref, {}),
                         ("1 row, dynamic batching", x[:1], ref[:1], {"dynamic_batching": DYNAMIC_BATCHING}),
                         ("4 rows, dynamic batching", x, ref, {"dynamic_batching": DYNAMIC_BATCHING})]
                if a.smoke:
                    cases = cases[2:3]
            servers = {}
            try:
                for label, xin, rin, extra in cases:
                    key = json.dumps(extra, sort_keys=True)
                    if key not in servers:
                        cfg = dict({"instances": a.instances}, **extra)
                        srv = Server(tirvm_cli, make_repo(tmp, name, module, cfg), tmp)
                        why = srv.start()
                        if why and extra and refused_batching(why):
                            servers[key] = "n/a (server has no dynamic batching)"
                        elif why:
                            raise RuntimeError("%s: the server did not serve: %s" % (name, why))
                        else:
                            servers[key] = srv
                    srv = servers[key]
                    if isinstance(srv, str):
                        for enc in ("json", "binary"):
                            for c in conns:
                                rows.append({"model": name, "request": label, "tensors": enc, "connections": c,
                                             "na": srv})
                        continue
                    tag = "%s-%s" % (name, label.replace(" ", "").replace(",", "-"))
                    files = check_and_save(srv, name, xin, rin, tmp, tag)
                    vm_us, py_us = in_process(tirvm, module, xin, rin, budget)
                    wait_idle(srv)
                    floor = load(client, srv.port, None, None, None, None, 1, seconds=budget, warmup=0.1)
                    first = {}
                    for enc in ("json", "binary"):
                        req, hlen, exp, err = files[enc]
                        for c in conns:
                            rounds = []
                            for _ in range(a.rounds):
                                idle = wait_idle(srv)
                                before = server_timers(srv, name)
                                r = load(client, srv.port, name, req, hlen, exp, c, seconds=seconds, warmup=warmup)
                                after = server_timers(srv, name)
                                r["idle_wait_s"] = idle
                                n = max(after["success"] - before["success"], 1)
                                r["server_us"] = {t: (after[t] - before[t]) / n for t in TIMERS}
                                rounds.append(r)
                            r = median_round(rounds)
                            r.update(model=name, request=label, tensors=enc, connections=c, error_vs_tvm=err)
                            rows.append(r)
                            if c == min(conns):
                                first[enc] = r
                            failed |= r["errors"] > 0 or r["mismatches"] > 0 or r["requests"] == 0
                            print(fmt_row(r), file=sys.stderr, flush=True)
                    overhead.append({"model": name, "request": label, "vm_us": vm_us, "python_us": py_us,
                                     "json_p50_us": first["json"]["p50_us"],
                                     "binary_p50_us": first["binary"]["p50_us"],
                                     "binary_mean_us": first["binary"]["mean_us"],
                                     "floor_p50_us": floor["p50_us"],
                                     "binary_server_us": first["binary"]["server_us"],
                                     "rss_kib": rss_kib(srv.proc.pid)})
            finally:
                for s in servers.values():
                    if not isinstance(s, str):
                        s.stop()
        if a.rss:
            rss_rows = measure_rss(tirvm_cli, client, modules["mlp"], tmp, a.instances, np)
        elif a.smoke:
            pass
    except RuntimeError as e:
        print("serve_load.py: %s" % e, file=sys.stderr)
        sys.exit(1)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print_tables(rows, overhead, rss_rows, conns)
    if a.json:
        json.dump({"rows": rows, "in_process": overhead, "rss": rss_rows, "connections": conns,
                   "command": sys.argv, "load_average": open("/proc/loadavg").read().split()[:3]},
                  open(a.json, "w"), indent=1)
    if failed:
        print("serve_load.py: some answers failed or differed from the checked one (see the last column)",
              file=sys.stderr)
    sys.exit(1 if failed else 0)


def measure_rss(tirvm_cli, client, module, tmp, instances, np):
    """VmRSS of a fresh server after its first 1,000 requests and after
    100,000 (mlp, binary tensors, 16 connections)."""
    d = os.path.join(SHARED, "tvm-models", "mlp")
    x, ref = np.load(os.path.join(d, "x.npy")), np.load(os.path.join(d, "y.npy"))
    srv = Server(tirvm_cli, make_repo(tmp, "mlp", module, {"instances": instances}), tmp)
    why = srv.start()
    if why:
        raise RuntimeError("mlp: the server did not serve: %s" % why)
    try:
        at_start = rss_kib(srv.proc.pid)
        req, hlen, exp, _ = check_and_save(srv, "mlp", x, ref, tmp, "rss")["binary"]
        t0 = time.time()
        r1 = load(client, srv.port, "mlp", req, hlen, exp, 16, requests=998)  # 1,000 with the two checked
        after_1k = rss_kib(srv.proc.pid)
        r2 = load(client, srv.port, "mlp", req, hlen, exp, 16, requests=99000)
        after_100k = rss_kib(srv.proc.pid)
        took = time.time() - t0
    finally:
        srv.stop()
    bad = sum(r["errors"] + r["mismatches"] for r in (r1, r2))
    if bad:
        raise RuntimeError("mlp RSS run: %d failed or differing answers" % bad)
    return {"start_kib": at_start, "after_1k_kib": after_1k, "after_100k_kib": after_100k, "seconds": took,
            "rps": r2["rps"]}


def print_tables(rows, overhead, rss, conns):
    # one line per model, request and encoding; a cell per connection count
    groups = {}
    for r in rows:
        groups.setdefault((r["model"], r["request"], r["tensors"]), {})[r["connections"]] = r
    print("Each cell: requests/s, p50 µs, p99 µs.\n")
    print("| model | request | tensors | " + " | ".join("%d connection%s" % (c, "s" if c > 1 else "") for c in conns) +
          " | failed or differing answers |")
    print("|---|---|---|" + "--:|" * len(conns) + "--:|")
    for (model, request, tensors), cells in groups.items():
        na = next((r["na"] for r in cells.values() if r.get("na")), None)
        if na:
            print("| %s | %s | %s | %s |%s" % (model, request, tensors, na, " |" * len(conns)))
            continue
        bad = sum(r["errors"] + r["mismatches"] for r in cells.values())
        print("| %s | %s | %s | %s | %d |" % (model, request, tensors, " | ".join(
            "%.0f, %.0f, %.0f" % (cells[c]["rps"], cells[c]["p50_us"], cells[c]["p99_us"]) if c in cells else ""
            for c in conns), bad))
    if overhead:
        print()
        print("| model | request | in-process: VM call µs | in-process: Python call µs | 1 connection, JSON: "
              "p50 µs | 1 connection, binary: p50 µs | binary p50 over the VM call µs | binary, in the server "
              "(means): queue / decode / call / encode µs | binary p50 over the server's request time µs | "
              "HTTP alone: GET /v2/health/live p50 µs | server VmRSS MiB |")
        print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
        for o in overhead:
            su = o["binary_server_us"]
            print("| %s | %s | %.1f | %.1f | %.0f | %.0f | %.0f | %.0f / %.0f / %.0f / %.0f | %.0f | %.0f | %.1f |" % (
                o["model"], o["request"], o["vm_us"], o["python_us"], o["json_p50_us"], o["binary_p50_us"],
                o["binary_p50_us"] - o["vm_us"], su["queue"], su["compute_input"], su["compute_infer"],
                su["compute_output"], o["binary_p50_us"] - su["request"], o["floor_p50_us"], o["rss_kib"] / 1024))
    if rss:
        print()
        print("Server VmRSS (mlp, binary, 16 connections): %.1f MiB at the start, %.1f MiB after 1,000 requests, "
              "%.1f MiB after 100,000 (%.0f s, %.0f requests/s)." % (
                  rss["start_kib"] / 1024, rss["after_1k_kib"] / 1024, rss["after_100k_kib"] / 1024,
                  rss["seconds"], rss["rps"]))


if __name__ == "__main__":
    main()
