#!/usr/bin/env python3
"""Hostile Relax models written by hand from a public model's JSON (the MLP
after the build pipeline, ../shared/tvm-models): each is refused by tirc with
a clear error (exit 1, the reason named, no module written), never a crash.
The decoder of ../shared/tvm-models-2 (a boolean constant) compiles at both
stages and matches TVM's output.

Usage: relax_hostile_test.py TIRC TIRVM MODELS_DIR MODELS2_DIR   (TAP)
"""
import copy
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

TIRC, TIRVM, MODELS, MODELS2 = sys.argv[1:5]
T = tempfile.mkdtemp()
n = 0


def ok(cond, name, detail=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", n, name))
    if not cond and detail:
        print("# " + detail.replace("\n", "\n# "))


def run(args):
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
    return p.returncode, p.stdout.decode(errors="replace")


BASE = json.load(open(os.path.join(MODELS, "mlp", "mlp.built.json")))


def find(nodes, pred):
    return next(i for i, x in enumerate(nodes) if pred(x))


def refused(name, mutate, expect):
    j = copy.deepcopy(BASE)
    mutate(j["nodes"])
    src, out = os.path.join(T, "m.json"), os.path.join(T, "m.tirbc")
    json.dump(j, open(src, "w"))
    if os.path.exists(out):
        os.remove(out)
    rc, text = run([TIRC, src, "-o", out])
    ok(rc == 1 and expect in text and "internal error" not in text and not os.path.exists(out),
       "%s: refused (%s)" % (name, expect), "exit %d: %s" % (rc, text))


def add(nodes, node):
    nodes.append(node)
    return len(nodes) - 1


def kernel_call(nodes):
    """The args array of the first call of a PrimFunc."""
    return next(x["data"]["args"] for x in nodes if x["type"] == "ir.Call" and
                nodes[x["data"]["op"]]["type"] == "ir.GlobalVar")


def binding_of(nodes, op_name):
    """(the binding, its var) of the first call of the builtin op_name."""
    for i, x in enumerate(nodes):
        if x["type"].endswith("VarBinding"):
            v = nodes[x["data"]["value"]]
            if v["type"] == "ir.Call" and nodes[v["data"]["op"]].get("data") == op_name:
                return i, x["data"]["var"]
    raise KeyError(op_name)


def bind_empty_tuple(nodes):
    """The var of R.null_value() becomes an empty tuple; returns the var."""
    b, var = binding_of(nodes, "relax.null_value")
    fields = add(nodes, {"type": "ffi.Array", "data": []})
    nodes[b]["data"]["value"] = add(nodes, {"type": "relax.expr.Tuple", "data": {"span": 0, "fields": fields}})
    return var


def arg_of_kernel(make_var):
    def mutate(nodes):
        var = make_var(nodes)
        nodes[kernel_call(nodes)]["data"][0] = var
    return mutate


refused("an empty tuple as a kernel's argument", arg_of_kernel(bind_empty_tuple), "a tuple of 0 values")
refused("R.null_value() as a kernel's argument", arg_of_kernel(lambda ns: binding_of(ns, "relax.null_value")[1]),
        "a builtin's unit")
refused("a storage as a kernel's argument", arg_of_kernel(lambda ns: binding_of(ns, "relax.vm.alloc_storage")[1]),
        "a storage")


def empty_result(nodes):
    var = bind_empty_tuple(nodes)
    nodes[find(nodes, lambda x: x["type"].endswith("SeqExpr"))]["data"]["body"] = var


refused("an empty tuple as the result", empty_result, "returns an empty tuple")


def match_shape_of_empty(nodes):
    var = bind_empty_tuple(nodes)
    ms = find(nodes, lambda x: x["type"].endswith("ExternFunc") and
              nodes[x["data"]["global_symbol"]]["data"] == "vm.builtin.match_shape")
    call = find(nodes, lambda x: x["type"] == "ir.Call" and x["data"]["op"] == ms)
    nodes[nodes[call]["data"]["args"]]["data"][0] = var


refused("vm.builtin.match_shape of an empty tuple", match_shape_of_empty, "vm.builtin.match_shape: a tuple")


def void_tensor(nodes):
    b, _ = binding_of(nodes, "relax.vm.alloc_tensor")
    args = nodes[nodes[nodes[b]["data"]["value"]]["data"]["args"]]["data"]
    dtype = add(nodes, copy.deepcopy(nodes[args[3]]))
    nodes[dtype]["data"]["value"] = "void"
    args[3] = dtype


refused("relax.vm.alloc_tensor of dtype void", void_tensor, "not a numeric scalar dtype")

def constant_type(nodes):
    """A copy of the first constant's tensor type, now the constant's own."""
    c = find(nodes, lambda x: x["type"].endswith("Constant"))
    ty = add(nodes, copy.deepcopy(nodes[nodes[c]["data"]["ty"]]))
    nodes[c]["data"]["ty"] = ty
    return nodes[ty]["data"]


def vector_constant(nodes):
    ty = constant_type(nodes)
    ty["dtype"] = add(nodes, {"type": "ir.PrimType", "data": {"span": 0, "dtype": "float32x4"}})


def huge_constant(nodes):
    """2^31 x 2^31 float32: its byte count overflows 64 bits."""
    ty = constant_type(nodes)
    dims = [add(nodes, {"type": "ir.IntImm", "data": {"span": 0, "ty": nodes[v]["data"]["ty"], "value": 1 << 31}})
            for v in nodes[nodes[ty["shape"]]["data"]["values"]]["data"]]
    shape = add(nodes, copy.deepcopy(nodes[ty["shape"]]))
    nodes[shape]["data"]["values"] = add(nodes, {"type": "ffi.Array", "data": dims})
    ty["shape"] = shape


refused("a constant of vector dtype", vector_constant, "a constant of vector dtype float32x4")
refused("a constant whose byte count overflows", huge_constant, "its size overflows 64 bits")



def constant_as_output(nodes):
    """The first kernel writes its result into a weight (its first constant)."""
    args = kernel_call(nodes)
    nodes[args]["data"][-1] = next(a for a in nodes[args]["data"] if nodes[a]["type"].endswith("Constant"))


refused("a constant as a kernel's output", constant_as_output,
        "a weight buffer, and a call passes it to a buffer parameter its callee may store into [weight-read-only]")

# the decoder: a boolean mask constant
d = os.path.join(MODELS2, "decoder")
ref = np.load(os.path.join(d, "y.npy"))
for stage in ("zero", "built"):
    module, y = os.path.join(T, "decoder.%s.tirbc" % stage), os.path.join(T, "decoder.%s.npy" % stage)
    rc, text = run([TIRC, os.path.join(d, "decoder.%s.json" % stage), "-o", module])
    ok(rc == 0, "the decoder's %s stage (a boolean constant) compiles" % stage, text)
    rc, text = run([TIRVM, "run", module, "x=" + os.path.join(d, "x.npy"), "--out", "output=" + y])
    err = np.abs(np.load(y) - ref).max() if rc == 0 and os.path.exists(y) else None
    ok(err is not None and err <= 1e-3 * max(1.0, np.abs(ref).max()),
       "the decoder's %s stage matches TVM's output (max error %s)" % (stage, err), text)
print("1..%d" % n)
