"""What the serve tests share (weights_test.py, batching_test.py,
handoff_test.py, limits_test.py): TAP reporting, starting tirvm serve on a
free loopback port and stopping it, killing whatever is left at the end,
and the small model they serve."""
import os
import signal
import subprocess
import sys
import time

# A model of one symbolic-length int32 vector: C = A + 1.
ADD_ONE = '''@T.prim_func
def main(a: T.handle, c: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "int32")
    C = T.match_buffer(c, (n,), "int32")
    for i in range(n):
        C[i] = A[i] + 1
'''

counts = {"n": 0, "failed": 0}
procs = []


def ok(cond, name, detail=""):
    counts["n"] += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (counts["n"], name))
    if not cond:
        counts["failed"] += 1
        for line in str(detail).splitlines()[:25]:
            print("#   " + line)
    sys.stdout.flush()
    return cond


def start(tirvm, tmp, args, name):
    """(process, log path, port); the port is None when the server exited."""
    portfile, log = os.path.join(tmp, name + ".port"), os.path.join(tmp, name + ".log")
    p = subprocess.Popen([tirvm, "serve", "--http-address", "127.0.0.1", "--http-port", "0", "--port-file", portfile,
                          "--shutdown-delay-s", "0"] + args, stdout=open(log, "w"), stderr=subprocess.STDOUT)
    procs.append(p)
    deadline = time.time() + 120
    while not os.path.exists(portfile) and p.poll() is None and time.time() < deadline:
        time.sleep(0.02)
    time.sleep(0.05)
    return p, log, int(open(portfile).read()) if os.path.exists(portfile) else None


def stop(p):
    if p.poll() is None:
        p.send_signal(signal.SIGINT)
    try:
        return p.wait(60)
    except subprocess.TimeoutExpired:
        p.kill()
        return p.wait()


def kill_all():
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait()


def finish(passed_line=False):
    """The plan line (and a count of passes), and the exit status."""
    print("1..%d" % counts["n"])
    if passed_line:
        print("# %d passed, %d failed" % (counts["n"] - counts["failed"], counts["failed"]))
    return 1 if counts["failed"] else 0
