#!/usr/bin/python3
"""`tirvm serve` against slow and greedy clients (slowloris), over loopback
with raw sockets: a request line dribbled a byte at a time is cut off at the
header deadline, a body slower than the minimum rate is cut off, a
connection over the global cap or over the per-address limit is answered 503
at once, and a normal client keeps getting answers while slow connections
hold the server.  Other loopback addresses (127.0.0.2, ...) stand in for
other clients.  Python's standard library only; TAP output.
Usage: slow_clients_test.py TIRC TIRVM"""
import http.client
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

TIRC, TIRVM = sys.argv[1], sys.argv[2]
T = tempfile.mkdtemp(prefix="tirvm-slow-")
SLOW = 3 if os.environ.get("SERVE_SANITIZE", "none") != "none" else 1  # sanitized servers answer slower
n_cases = 0
n_failed = 0
servers = []


def ok(cond, name, detail=""):
    global n_cases, n_failed
    n_cases += 1
    print(f"{'ok' if cond else 'not ok'} {n_cases} - {name}")
    if not cond:
        n_failed += 1
        for line in str(detail).splitlines()[:20]:
            print("#   " + line)
    sys.stdout.flush()
    return cond


class Server:
    def __init__(self, name, args):
        self.portfile = os.path.join(T, name + ".port")
        self.log = open(os.path.join(T, name + ".log"), "w+")
        self.proc = subprocess.Popen([TIRVM, "serve", "--http-address", "127.0.0.1", "--http-port", "0",
                                      "--port-file", self.portfile, "--shutdown-delay-s", "0", "--workers", "2",
                                      "--model", "add=" + MODEL] + args, stdout=self.log, stderr=subprocess.STDOUT)
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

    def connect(self, source="127.0.0.1", timeout=10):
        return socket.create_connection(("127.0.0.1", self.port), timeout=timeout, source_address=(source, 0))

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


class SourceConnection(http.client.HTTPConnection):
    """http.client from a chosen loopback address."""

    def __init__(self, port, source, timeout):
        super().__init__("127.0.0.1", port, timeout=timeout, source_address=(source, 0))


INFER = json.dumps({"inputs": [{"name": "A", "shape": [4], "datatype": "INT32", "data": [1, 2, 3, 4]},
                               {"name": "B", "shape": [4], "datatype": "INT32", "data": [10, 20, 30, 40]}]}).encode()


def infer(srv, source="127.0.0.1", timeout=10, conn=None):
    """One inference; returns (status, body, seconds).  A refused or reset connection is status 0."""
    t0 = time.monotonic()
    c = conn or SourceConnection(srv.port, source, timeout)
    try:
        c.request("POST", "/v2/models/add/infer", body=INFER, headers={"Content-Type": "application/json"})
        r = c.getresponse()
        return r.status, r.read(), time.monotonic() - t0
    except (OSError, http.client.HTTPException) as e:
        return 0, repr(e).encode(), time.monotonic() - t0
    finally:
        if conn is None:
            c.close()


def answered(body):
    try:
        return json.loads(body)["outputs"][0]["data"] == [11, 22, 33, 44]
    except (ValueError, KeyError, IndexError, TypeError):
        return False


def read_answer(s, timeout):
    """What the server sends until it closes (or timeout); and whether it closed."""
    s.settimeout(timeout)
    out = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return out, True
            out += chunk
    except socket.timeout:
        return out, False
    except OSError:
        return out, True


class Dribblers:
    """Slow clients: each sends `data` a byte every `interval` seconds, and
    (with reconnect) opens a new connection as soon as one is closed or
    refused, as a persistent attacker would.  Runs in a thread; records when
    each connection was closed and what it was told."""

    def __init__(self, srv, n, data, interval, source="127.0.0.1", reconnect=False):
        self.srv, self.n, self.data, self.interval = srv, n, data, interval
        self.source, self.reconnect = source, reconnect
        self.closed = []  # (seconds open, bytes sent, what the server sent)
        self.opened = 0
        self.stopping = False
        self.lock = threading.Lock()
        self.conns = {}
        for _ in range(n):
            self._open()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _open(self):
        try:
            s = self.srv.connect(self.source)
        except OSError:
            return
        s.setblocking(False)
        self.opened += 1
        self.conns[s] = [time.monotonic(), 0, b""]  # opened at, bytes sent, received

    def _close(self, s):
        t, sent, got = self.conns.pop(s)
        s.close()
        with self.lock:
            self.closed.append((time.monotonic() - t, sent, got))

    def _run(self):
        next_send = next_reconnect = time.monotonic()
        while not self.stopping:
            socks = list(self.conns)
            r, _, _ = select.select(socks, [], [], 0.05) if socks else ([], [], time.sleep(0.05))
            for s in r:
                try:
                    chunk = s.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if chunk:
                    self.conns[s][2] += chunk
                else:
                    self._close(s)
            if self.reconnect and time.monotonic() >= next_reconnect:
                next_reconnect = time.monotonic() + 0.02  # a flood, but one this thread can keep up with
                while len(self.conns) < self.n and not self.stopping:
                    before = self.opened
                    self._open()
                    if self.opened == before:
                        break
            if time.monotonic() >= next_send:
                next_send += self.interval
                for s, st in list(self.conns.items()):
                    if st[1] < len(self.data):
                        try:
                            s.send(self.data[st[1]:st[1] + 1])
                            st[1] += 1
                        except OSError:
                            pass

    def open_count(self):
        return len(self.conns)

    def stop(self):
        self.stopping = True
        self.thread.join()
        for s in list(self.conns):
            s.close()
        self.conns.clear()


SLOW_GET = b"GET /v2/health/live HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 200 + b"\r\n\r\n"


def metric(srv, name):
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    c.request("GET", "/metrics")
    body = c.getresponse().read().decode()
    c.close()
    for line in body.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    return None


def main():
    global MODEL
    MODEL = os.path.join(T, "add.tirbc")
    py = os.path.join(T, "add.py")
    with open(py, "w") as f:
        f.write('''@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    for i in range(4):
        C[i] = A[i] + B[i]
''')
    subprocess.run([TIRC, py, "-o", MODEL], check=True)

    # ---- the global cap: 20 connections, no per-address limit, headers due in 2 s
    srv = Server("cap", ["--max-connections", "20", "--max-connections-per-address", "0",
                         "--header-timeout-s", "2", "--idle-timeout-s", "30"])
    st, body, _ = infer(srv)
    ok(st == 200 and answered(body), "an inference on an idle server", body[:200])

    # 1. the cap's worth of slow connections, each dribbling a request line a
    # byte a second; a normal client (retrying on 503, as Retry-After asks)
    # gets its answer within a few seconds
    t0 = time.monotonic()
    slow = Dribblers(srv, 20, SLOW_GET, 1.0)
    time.sleep(0.3)
    held = slow.open_count()
    ok(held == 20 and not slow.closed, f"20 slow connections are open ({held})", slow.closed[:3])
    # 3. (while they hold the cap) a connection over the cap gets a 503 at once
    s = srv.connect()
    t1 = time.monotonic()
    s.sendall(b"GET /v2/health/live HTTP/1.1\r\nHost: x\r\n\r\n")
    out, closed = read_answer(s, 5)
    el = time.monotonic() - t1
    s.close()
    ok(out.startswith(b"HTTP/1.1 503") and b"Retry-After: 1" in out and b'"error"' in out and closed and el < 1,
       f"a connection over the cap gets 503 and a close at once ({el:.3f} s)", out[:300])
    st, body, el = infer(srv)
    ok(st == 503 and b"limit" in body and el < 1,
       f"http.client over the cap: 503 at once, not a hang ({el:.3f} s)", body[:200])
    status, tries = 0, 0
    while time.monotonic() - t0 < 8 * SLOW:
        status, body, _ = infer(srv)
        tries += 1
        if status == 200:
            break
        time.sleep(0.25)
    waited = time.monotonic() - t0
    ok(status == 200 and answered(body) and waited < 4 * SLOW,
       f"with the cap full of slow connections, a normal client is answered within {waited:.2f} s "
       f"(the 2 s header deadline; {tries} tries)", body[:200])
    time.sleep(1)
    slow.stop()

    # 2. the header deadline closes a connection that keeps sending bytes
    s = srv.connect()
    t1 = time.monotonic()
    sent = 0
    out, closed = b"", False
    while time.monotonic() - t1 < 6 * SLOW and not closed:
        try:
            s.send(SLOW_GET[sent:sent + 1])
            sent += 1
        except OSError:
            closed = True
            break
        got, closed = read_answer(s, 0.25)
        out += got
    el = time.monotonic() - t1
    s.close()
    ok(closed and out.startswith(b"HTTP/1.1 408") and b"2 s" in out and 1.9 < el < 3.5 * SLOW and sent > 4,
       f"a request line dribbled 4 bytes a second gets 408 and a close at the 2 s header deadline "
       f"({el:.2f} s, {sent} bytes sent)", out[:300])
    # the slow connections of case 1 were closed at the deadline too, told why
    cut = [c for c in slow.closed if c[2].startswith(b"HTTP/1.1 408")]
    ok(len(cut) == 20 and all(1.9 < c[0] < 3.5 * SLOW for c in cut) and all(0 < c[1] < len(SLOW_GET) for c in cut),
       f"all 20 slow connections got 408 at the deadline mid-request ({len(cut)} of {len(slow.closed)})",
       [(round(c[0], 2), c[1], c[2][:40]) for c in slow.closed[:5]])

    # a kept-alive connection may wait between requests as long as the idle timeout allows
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    st1, b1, _ = infer(srv, conn=c)
    time.sleep(3)  # past the header timeout, within the idle timeout
    st2, b2, _ = infer(srv, conn=c)
    c.close()
    ok(st1 == 200 and st2 == 200 and answered(b2),
       "a kept-alive connection idle longer than the header timeout still serves its next request", b2[:200])
    h = metric(srv, 'tirvm_http_connections_closed_total{reason="header_timeout"}')
    m = metric(srv, 'tirvm_http_connections_closed_total{reason="max_connections"}')
    ok(h is not None and h >= 21 and m is not None and m >= 2,
       f"metrics count the cut-off ({h}) and refused ({m}) connections")
    ok(srv.stop() == 0, "the server drains and exits 0", srv.logtext()[-2000:])

    # ---- the per-address limit and the body rate
    srv = Server("addr", ["--max-connections", "20", "--max-connections-per-address", "4",
                          "--header-timeout-s", "3", "--min-body-rate", "2000", "--body-grace-s", "1"])
    # 4. a fifth connection from one address is refused; another address is not
    held = [srv.connect() for _ in range(4)]
    time.sleep(0.1)
    s = srv.connect()
    s.sendall(b"GET /v2/health/live HTTP/1.1\r\nHost: x\r\n\r\n")
    out, closed = read_answer(s, 5)
    s.close()
    ok(out.startswith(b"HTTP/1.1 503") and b"address" in out and closed,
       "a fifth connection from 127.0.0.1 is refused with 503 (limit 4 per address)", out[:300])
    st, body, el = infer(srv, source="127.0.0.2")
    ok(st == 200 and answered(body), f"while another address is served ({el:.3f} s)", body[:200])
    held[0].close()
    time.sleep(0.3)
    st, body, _ = infer(srv)
    ok(st == 200 and answered(body), "once one of the four closes, 127.0.0.1 is served again", body[:200])
    for x in held[1:]:
        x.close()

    # 5. a body slower than 2000 bytes a second (after 1 s of grace) is cut off
    s = srv.connect()
    t1 = time.monotonic()
    s.sendall(b"POST /v2/models/add/infer HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: 100000\r\n\r\n" + b"{" + b" " * 999)
    out, closed = b"", False
    while time.monotonic() - t1 < 8 * SLOW and not closed:
        try:
            s.send(b" " * 100)  # 400 bytes a second
        except OSError:
            closed = True
            break
        got, closed = read_answer(s, 0.25)
        out += got
    el = time.monotonic() - t1
    s.close()
    ok(closed and out.startswith(b"HTTP/1.1 408") and b"slower than 2000 bytes" in out and 1 < el < 4 * SLOW,
       f"a body at 400 bytes a second gets 408 and a close ({el:.2f} s)", out[:300])
    # a body at a good rate is not: 20000 bytes over 2 s
    pad = b" " * 20000
    body = INFER[:-1] + pad + b"}"
    s = srv.connect()
    s.sendall(b"POST /v2/models/add/infer HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(body))
    for i in range(0, len(body), 1000):
        s.sendall(body[i:i + 1000])
        time.sleep(0.1)
    out, closed = read_answer(s, 10)
    s.close()
    ok(out.startswith(b"HTTP/1.1 200") and b"[11,22,33,44]" in out,
       "a body at 10000 bytes a second, 2 s long, is answered", out[:300])
    p = metric(srv, 'tirvm_http_connections_closed_total{reason="per_address"}')
    b = metric(srv, 'tirvm_http_connections_closed_total{reason="slow_body"}')
    ok(p == 1 and b == 1, f"metrics count the per-address refusal ({p}) and the slow body ({b})")

    # a persistent attacker from one address (re-opening every connection the
    # server closes) holds at most 4 of the 20 connections: another client's
    # requests keep their usual latency
    attack = Dribblers(srv, 40, SLOW_GET, 0.5, source="127.0.0.3", reconnect=True)
    time.sleep(0.5)
    lat = []
    end = time.monotonic() + 4
    while time.monotonic() < end:
        st, body, el = infer(srv, source="127.0.0.4")
        if st != 200:
            lat.append(99.0)
            break
        lat.append(el)
        time.sleep(0.1)
    attack.stop()
    refused = sum(1 for c in attack.closed if c[2].startswith(b"HTTP/1.1 503"))
    ok(lat and max(lat) < 1 * SLOW and refused > 10,
       f"against a persistent slow attacker from one address ({attack.opened} connections, {refused} refused), "
       f"another client's {len(lat)} requests take at most {max(lat) * 1000:.0f} ms", lat)
    ok(srv.stop() == 0, "the server drains and exits 0", srv.logtext()[-2000:])


try:
    main()
except Exception:
    import traceback
    ok(False, "the suite ran to the end", traceback.format_exc() + "\n".join(s.logtext()[-2000:] for s in servers))
finally:
    for s in servers:
        if s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait()
    shutil.rmtree(T, ignore_errors=True)
print(f"1..{n_cases}")
sys.exit(1 if n_failed else 0)
