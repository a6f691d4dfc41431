#!/usr/bin/env python3
"""A module that verifies cannot crash the process or make it hold more
than --max-memory, whatever its arguments.  Each hostile module is written
here as an assembler listing, assembled with `tirvm asm`, checked to
verify, and run; the runs must end in a clean runtime error (exit 1) with
the message the limit gives, never in a signal, and their peak RSS must
stay near that of a run that legitimately holds about the limit.

Then the same modules, served from a model repository, fail their requests
while the server stays up.

Usage: untrusted_test.py TIRVM   (TAP output)"""
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model_tap as tap  # noqa: E402

TIRVM = sys.argv[1]
tmp = tempfile.mkdtemp(prefix="tirvm-untrusted-")
ok = tap.report


def assemble(name, text):
    """Assembles a listing, given as a string or an iterable of lines
    (streamed to the file, so that this process stays small: a child's
    peak RSS includes its parent's at the fork)."""
    src = os.path.join(tmp, name + ".tirasm")
    out = os.path.join(tmp, name + ".tirbc")
    with open(src, "w") as f:
        for line in [text] if isinstance(text, str) else text:
            f.write(line + "\n")
    subprocess.run([TIRVM, "asm", src, "-o", out], check=True)
    v = subprocess.run([TIRVM, "verify", out], capture_output=True, text=True)
    ok(v.returncode == 0, "%s: the hostile module verifies" % name, v.stderr)
    return out


def run(args):
    """Runs tirvm; returns (exit status or -signal, stderr, peak RSS in KiB)."""
    p = subprocess.Popen([TIRVM] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, err, usage.ru_maxrss


def vectors(first, count):
    """The declarations of `count` f64x1024 vector registers from r<first>
    on: a head slot and 1023 continuation slots each (8 KiB a register),
    one line a register."""
    for v in range(count):
        head = first + v * 1024
        yield "   r%d:f64x1024 " % head + " ".join("r%d:f64x0" % (head + k) for k in range(1, 1024))


def function(signature, scalars, nvec, code):
    """A function's listing: scalar registers, then nvec vector registers."""
    yield signature
    yield "  registers %d: %s" % (len(scalars) + 1024 * nvec, " ".join(scalars))
    yield from vectors(len(scalars), nvec)
    yield from code


# ---- 1. Nesting: one stack budget per call, one depth limit --------------
# A one-iteration region re-entered from inside a two-iteration one: with
# --threads 2 the calling thread ran chunk 0 with a fresh stack floor, a
# second budget below the first, and overflowed the stack for some k.
reentry = assemble("region_reentry", """\
function main(k: int64 r4) -> void
  registers 8: r0:i64 r1:i64 r2:i64 r3:i64 r4:i64 r5:i64 r6:i64 r7:i64
  constant k0 = 0
  constant k1 = 1
  constant k2 = 2
      0  ldk r0, k0
      3  ldk r1, k1
      6  ldk r2, k2
      9  nop
     10  nop
     11  nop
     12  par.i64 r5, r0, r1, @38
     17  ixadd r3, r3, r1
     21  brlt.i64 r3, r4, @12
     25  par.i64 r6, r0, r2, @37
     30  brne.i64 r6, r0, @36
     34  jmp @12
     36  parend
     37  parend
     38  ret
""")
bad = []
for k in list(range(1, 40, 7)) + list(range(200, 300, 9)) + list(range(1400, 1700, 11)) + [100000]:
    for threads in ("1", "2"):
        st, err, _ = run(["run", reentry, "k=%d" % k, "--threads", threads])
        if st != 1 or "nested too deeply" not in err:
            bad.append("k=%d threads=%s: status %d: %s" % (k, threads, st, err.strip()))
ok(not bad, "regions re-entered from inside a region stop with 'nested too deeply', for every k and thread count",
   "\n".join(bad))

# Calls and regions alternating: g calls itself inside a two-iteration
# region.  Calls and regions count against one limit together.
mixed = assemble("calls_in_regions", """\
function main() -> void
  registers 1: r0:i64
  call f1, r0, 0
  ret

function g() -> void
  registers 3: r0:i64 r1:i64 r2:i64
  constant k0 = 2
     0  ldk r1, k0
     3  par.i64 r2, r0, r1, @15
     8  call f1, r0, 0
    12  parend
    13  nop
    14  nop
    15  ret
""")
for threads in ("1", "2"):
    st, err, _ = run(["run", mixed, "--threads", threads])
    # which of the two trips first (a call or a region) depends on the
    # interpreter's frame size, which sanitizer builds multiply; both say so
    ok(st == 1 and "nested too deeply" in err and ("call depth exceeds the limit" in err or "parallel regions" in err),
       "calls inside regions, %s thread(s): 'nested too deeply' at the shared limit" % threads, "%d: %s" % (st, err))

# ---- 2. Memory: register files, frames and worker copies count ----------
# main declares 1,023 f64x1024 registers (8 MiB), fills them, and calls
# itself d deep: each call's register file is a new 8 MiB.
nvec = 1023
code = ["  constant k0 = 1", "  ldk r1, k0"]
code += ["  vbcast.f64 r%d, r2, x1024" % (5 + v * 1024) for v in range(nvec)]
end = 3 + 4 * nvec + 4 + 3 + 4 + 4
code += ["  ne.i64 r3, r0, r4", "  brz r3, @%d" % end, "  sub.i64 r0, r0, r1", "  call f0, r0, 1", "  ret"]
regfile = assemble("register_files", function("function main(d: int64 r0) -> void",
                                              ["r0:i64", "r1:i64", "r2:f64", "r3:bool", "r4:i64"], nvec, code))
limit = 64 << 20
st_fit, err_fit, rss_fit = run(["run", regfile, "d=5", "--max-memory", "64M"])
ok(st_fit == 0, "register files: 6 frames of 8 MiB fit in --max-memory 64M", err_fit)
st, err, rss = run(["run", regfile, "d=255", "--max-memory", "64M", "--max-steps", "300"])
ok(st == 1 and "for the frame of function 'main' exceeds the memory limit of %d bytes" % limit in err,
   "register files: 255 nested calls stop at --max-memory 64M", "%d: %s" % (st, err))
ok(rss <= rss_fit * 3 // 2 + 16384,
   "register files: peak RSS %d KiB is near that of a run holding about the limit (%d KiB)" % (rss, rss_fit))
st, err, _ = run(["run", regfile, "d=255", "--max-memory", "1K"])
ok(st == 1 and "for the call's frame exceeds the memory limit of 1024 bytes" in err,
   "register files: a limit below the call's own frame fails before it runs", "%d: %s" % (st, err))

# Parallel workers copy the register file (4 MiB here), once per thread.
nvec = 512
end = 3 + 5 + 4 * nvec + 1
code = ["  constant k0 = 2", "  ldk r1, k0", "  par.i64 r2, r0, r1, @%d" % end]
code += ["  vbcast.f64 r%d, r3, x1024" % (4 + v * 1024) for v in range(nvec)]
code += ["  parend", "  ret"]
workers = assemble("worker_copies", function("function main() -> void", ["r0:i64", "r1:i64", "r2:i64", "r3:f64"],
                                             nvec, code))
st, err, _ = run(["run", workers, "--threads", "1", "--max-memory", "8M"])
ok(st == 0, "worker copies: serially the region needs no copy and fits in 8M", err)
st, err, _ = run(["run", workers, "--threads", "2", "--max-memory", "8M"])
ok(st == 1 and "for a parallel worker's frame exceeds the memory limit" in err,
   "worker copies: two workers' copies of 4 MiB do not fit in 8M", "%d: %s" % (st, err))
st, err, _ = run(["run", workers, "--threads", "2", "--max-memory", "16M"])
ok(st == 0, "worker copies: they fit in 16M", err)

# ---- 3. Arguments the CLI zero-fills count too --------------------------
# B has 2^32 float32 elements (16 GiB): an output (the function stores into
# it, so the CLI may zero-fill it), allocated for the run, it is refused
# before the memory is allocated, let alone touched.
big = assemble("zero_filled_argument", """\
function main(B: buffer b0, n: int64 r0) -> void
  registers 2: r0:i64 r1:f32
  buffer b0 "B" float32[4294967296] param
  constant k0 = 0
  ldk r1, k0
  st.f32 b0, r0, r1
  ret
""")
st, err, rss = run(["run", big, "n=100000", "--max-memory", "1K"])
ok(st == 1 and "zero-filling 'B' (17179869184 bytes) for the run exceeds the memory limit of 1024 bytes" in err,
   "a zero-filled argument past --max-memory is refused before the run", "%d: %s" % (st, err))
ok(rss < 200 * 1024, "the refused argument was never allocated (peak RSS %d KiB)" % rss)

# ---- 4. The server survives them ---------------------------------------
# Loaded through a model repository, each hostile module fails its request
# with an error; the process stays up and answers the next request.
repo = os.path.join(tmp, "repo")
for name, module, config in (("nest", reentry, None), ("calls", mixed, None),
                             ("registers", regfile, {"limits": {"max_memory": 64 << 20}}),
                             ("workers", workers, {"limits": {"max_memory": 8 << 20}, "threads_per_instance": 2})):
    os.makedirs(os.path.join(repo, name, "1"))
    shutil.copy(module, os.path.join(repo, name, "1", "model.tirbc"))
    if config:
        with open(os.path.join(repo, name, "config.json"), "w") as f:
            json.dump(config, f)
os.makedirs(os.path.join(repo, "good", "1"))
good = assemble("good", """\
function main(A: buffer b0) -> void
  registers 2: r0:i64 r1:i64
  buffer b0 "A" int64[1] param
  constant k0 = 7
  ldk r1, k0
  st.i64 b0, r0, r1
  ret
""")
shutil.copy(good, os.path.join(repo, "good", "1", "model.tirbc"))
portfile = os.path.join(tmp, "port")
log = open(os.path.join(tmp, "serve.log"), "w+")
srv = subprocess.Popen([TIRVM, "serve", "--model-repository", repo, "--http-address", "127.0.0.1", "--http-port", "0",
                        "--port-file", portfile, "--shutdown-delay-s", "0"], stdout=log, stderr=subprocess.STDOUT)


def post(model, inputs):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    c.request("POST", "/v2/models/%s/infer" % model, json.dumps({"inputs": inputs}),
              {"Content-Type": "application/json"})
    r = c.getresponse()
    body = r.read().decode("utf-8", "replace")
    c.close()
    return r.status, body


try:
    deadline = time.time() + 60
    while not os.path.exists(portfile) and srv.poll() is None and time.time() < deadline:
        time.sleep(0.02)
    port = int(open(portfile).read())
    cases = (("nest", [{"name": "k", "shape": [1], "datatype": "INT64", "data": [1560]}], "nested too deeply"),
             ("calls", [], "nested too deeply"),
             ("registers", [{"name": "d", "shape": [1], "datatype": "INT64", "data": [255]}],
              "exceeds the memory limit"),
             ("workers", [], "exceeds the memory limit"))
    for model, inputs, needle in cases:
        st, body = post(model, inputs)
        ok(st == 400 and needle in body, "serve: the hostile model '%s' gets a 400 that says '%s'" % (model, needle),
           "%d %s" % (st, body))
        st, body = post("good", [])
        ok(st == 200 and json.loads(body)["outputs"][0]["data"] == [7] and srv.poll() is None,
           "serve: after '%s', the process is up and the next request is answered" % model, "%d %s" % (st, body))
finally:
    srv.terminate()
    try:
        code = srv.wait(60)
    except subprocess.TimeoutExpired:
        srv.kill()
        code = srv.wait()
    log.seek(0)
    ok(code == 0, "serve: stops cleanly (exit 0)", log.read()[-3000:])

sys.exit(tap.finish())
