#!/usr/bin/env python3
"""Kernels that take shape values as scalar parameters, in the three forms
TVM writes them: R.call_tir(k, args, out_sinfo, tir_vars=R.shape([n])) at
the zero stage; relax.vm.call_tir_dyn(k, (args..., shape)) after
CallTIRRewrite; and vm.builtin.call_tir_dyn(k, args..., shape) after the
whole build pipeline, the shape made by vm.builtin.make_shape from the
shape heap.  Each is made from the public mlp_batch (a symbolic batch n)
by giving its first kernel n as a scalar parameter, as FuseTIR does when a
kernel needs a shape variable no buffer gives.

Expected values are TVM's output (y.npy): the model compiled each way
matches it, and a run on the first row of x matches y's first row (the MLP
computes each row alone).  A call passing the wrong number of shape values
is refused with the reason.

Usage: relax_shape_args_test.py TIRC TIRVM MODELS_DIR   (TAP)
"""
import copy
import json
import os
import sys
import tempfile

import numpy as np

from model_tap import close, finish, report, run  # noqa: E402  (tests/, the script's folder)

TIRC, TIRVM, MODELS = sys.argv[1:4]
T = tempfile.mkdtemp()
D = os.path.join(MODELS, "mlp_batch")
X, Y = np.load(os.path.join(D, "x.npy")), np.load(os.path.join(D, "y.npy"))


def add(nodes, node):
    nodes.append(node)
    return len(nodes) - 1


def functions(nodes):
    """{name: PrimFunc node} from the IRModule's function map."""
    mod = next(x for x in nodes if x["type"] == "ir.IRModule")
    kv = nodes[mod["data"]["functions"]]["data"]
    out = {}
    for k, v in zip(kv[0::2], kv[1::2]):
        if nodes[v]["type"] == "tirx.PrimFunc":
            out[nodes[nodes[k]["data"]["name_hint"]]["data"]] = v
    return out


def first_kernel_call(nodes):
    """(call node, GlobalVar) of the first call of a PrimFunc: by R.call_tir
    at the zero stage, directly after the build pipeline."""
    for i, x in enumerate(nodes):
        if x["type"] != "ir.Call":
            continue
        op = nodes[x["data"]["op"]]
        args = nodes[x["data"]["args"]]["data"]
        if op["type"] == "ir.Op" and op["data"] == "relax.call_tir":
            return i, args[0]
        if op["type"] == "ir.GlobalVar" and nodes[op["data"]["name_hint"]]["data"] != "shape_func":
            return i, x["data"]["op"]
    raise KeyError("no kernel call")


def give_scalar(nodes, gv):
    """Appends the kernel's batch variable (dimension 0 of its first
    buffer) to its parameters; returns the kernel's name."""
    name = nodes[nodes[gv]["data"]["name_hint"]]["data"]
    f = nodes[functions(nodes)[name]]["data"]
    params = nodes[f["params"]]["data"]
    buf_ty = nodes[nodes[params[0]]["data"]["ty"]]["data"]
    n_var = nodes[buf_ty["shape"]]["data"][0]
    assert nodes[n_var]["type"] == "ir.Var", nodes[n_var]
    new = add(nodes, {"type": "ffi.Array", "data": params + [n_var]})
    f["params"] = new
    return name


def extra_values(nodes, shape, count):
    """A ShapeExpr repeating `shape`'s first value `count` times."""
    v = nodes[nodes[shape]["data"]["values"]]["data"][0]
    vals = add(nodes, {"type": "ffi.Array", "data": [v] * count})
    d = dict(nodes[shape]["data"], values=vals)
    return add(nodes, {"type": "relax.expr.ShapeExpr", "data": d})


def zero_tir_vars(nodes, count=1):
    """R.call_tir(k, args, out_sinfo, tir_vars=R.shape([n]))."""
    call, gv = first_kernel_call(nodes)
    give_scalar(nodes, gv)
    # the model's n: dimension 0 of the Relax input x's type
    fn = next(x for x in nodes if x["type"] == "relax.expr.Function")
    x = nodes[fn["data"]["params"]]["data"][0]
    shape = nodes[nodes[x]["data"]["ty"]]["data"]["shape"]
    args = nodes[nodes[call]["data"]["args"]]["data"]
    nodes[call]["data"]["args"] = add(nodes, {"type": "ffi.Array", "data": args + [extra_values(nodes, shape, count)]})


def built_binding(nodes, call):
    """(block's bindings array node, index) of the binding whose value is call."""
    for i, x in enumerate(nodes):
        if x["type"] == "relax.expr.BindingBlock" or x["type"] == "relax.expr.DataflowBlock":
            bs = nodes[x["data"]["bindings"]]["data"]
            for k, b in enumerate(bs):
                if nodes[b]["data"]["value"] == call:
                    return x["data"]["bindings"], k
    raise KeyError(call)


def heap_shape(nodes, call, count):
    """A new binding before `call`'s, of vm.builtin.make_shape(heap, count,
    1, 0, ...): the batch n from slot 0 of the shape heap (match_shape
    stores x's dimension 0 there); returns its variable."""
    ms = next(i for i, x in enumerate(nodes) if x["type"] == "ir.Call" and
              nodes[x["data"]["op"]]["type"] == "relax.expr.ExternFunc" and
              nodes[nodes[x["data"]["op"]]["data"]["global_symbol"]]["data"] == "vm.builtin.make_shape")
    old = nodes[nodes[ms]["data"]["args"]]["data"]  # heap, ndim, kind, slot, ...
    ints = {nodes[a]["data"]["value"]: a for a in old[1:] if nodes[a]["type"] == "ir.IntImm"}
    one = ints[1]
    zero = next(i for i, x in enumerate(nodes) if x["type"] == "ir.IntImm" and x["data"]["value"] == 0 and
                nodes[x["data"]["ty"]]["data"]["dtype"] == nodes[nodes[one]["data"]["ty"]]["data"]["dtype"])
    cnt = add(nodes, dict(nodes[one], data=dict(nodes[one]["data"], value=count)))
    args = add(nodes, {"type": "ffi.Array", "data": [old[0], cnt] + [one, zero] * count})
    value = add(nodes, dict(nodes[ms], data=dict(nodes[ms]["data"], args=args)))
    bind_of_ms = next(x for x in nodes if x["type"] == "relax.expr.VarBinding" and x["data"]["value"] == ms)
    var = add(nodes, copy.deepcopy(nodes[bind_of_ms["data"]["var"]]))
    binding = add(nodes, {"type": "relax.expr.VarBinding", "data": dict(bind_of_ms["data"], var=var, value=value)})
    arr_node, k = built_binding(nodes, call)
    bs = nodes[arr_node]["data"]
    nodes[arr_node]["data"] = bs[:k] + [binding] + bs[k:]
    return var


def built_dyn(nodes, count=1, lowered=True):
    """After the build pipeline: k(args...) becomes
    vm.builtin.call_tir_dyn(k, args..., shape), or before
    LowerRuntimeBuiltin relax.vm.call_tir_dyn(k, (args..., shape))."""
    call, gv = first_kernel_call(nodes)
    give_scalar(nodes, gv)
    shape = heap_shape(nodes, call, count)
    args = nodes[nodes[call]["data"]["args"]]["data"]
    if lowered:
        ext = next(x for x in nodes if x["type"] == "relax.expr.ExternFunc")
        sym = add(nodes, {"type": "ffi.String", "data": "vm.builtin.call_tir_dyn"})
        op = add(nodes, dict(ext, data=dict(ext["data"], global_symbol=sym)))
        new_args = [gv] + args + [shape]
    else:
        op = add(nodes, {"type": "ir.Op", "data": "relax.vm.call_tir_dyn"})
        tup = next(x for x in nodes if x["type"] == "relax.expr.Tuple")
        fields = add(nodes, {"type": "ffi.Array", "data": args + [shape]})
        new_args = [gv, add(nodes, dict(tup, data=dict(tup["data"], fields=fields)))]
    nodes[call]["data"]["op"] = op
    nodes[call]["data"]["args"] = add(nodes, {"type": "ffi.Array", "data": new_args})


def bindings(nodes):
    """The zero stage's bindings array node: lv = k1(x, ...); gv = k2(lv, ...)."""
    return next(x for x in nodes if x["type"] == "relax.expr.DataflowBlock")["data"]["bindings"]


def match_cast(nodes, dims, of_input=False):
    """Inserts lv_cast = R.match_cast(lv, R.Tensor(dims, "float32")) after
    the first binding and makes the second kernel read lv_cast (of_input:
    the cast is of the input x instead, x's users unchanged).  A dimension
    is an int, "n" (the model's batch) or a new variable's name."""
    bs = nodes[bindings(nodes)]["data"]
    first = nodes[bs[0]]["data"]
    fn = next(x for x in nodes if x["type"] == "relax.expr.Function")
    x = nodes[fn["data"]["params"]]["data"][0]
    src = x if of_input else first["var"]
    src_ty = nodes[nodes[src]["data"]["ty"]]["data"]
    old = nodes[nodes[src_ty["shape"]]["data"]["values"]]["data"]
    n = nodes[nodes[nodes[nodes[x]["data"]["ty"]]["data"]["shape"]]["data"]["values"]]["data"][0]
    vals = []
    for d in dims:
        if d == "n":
            vals.append(n)
        elif isinstance(d, int):
            vals.append(add(nodes, dict(nodes[old[-1]], data=dict(nodes[old[-1]]["data"], value=d))))
        else:
            name = add(nodes, {"type": "ffi.String", "data": d})
            vals.append(add(nodes, dict(nodes[n], data=dict(nodes[n]["data"], name=name))))
    shape_node = nodes[src_ty["shape"]]
    shape = add(nodes, dict(shape_node, data=dict(shape_node["data"], values=add(nodes, {"type": "ffi.Array",
                                                                                        "data": vals}))))
    ty = add(nodes, dict(nodes[nodes[src]["data"]["ty"]], data=dict(src_ty, shape=shape)))
    name = add(nodes, {"type": "ffi.String", "data": "lv_cast"})
    var = add(nodes, dict(nodes[src], data=dict(nodes[src]["data"], ty=ty, name=name)))
    cast = add(nodes, {"type": "relax.expr.MatchCast", "data": {"span": 0, "var": var, "value": src, "ty": ty}})
    nodes[bindings(nodes)]["data"] = bs[:1] + [cast] + bs[1:]
    if not of_input:
        call = nodes[nodes[bs[1]]["data"]["value"]]["data"]
        tup = nodes[nodes[call["args"]]["data"][1]]["data"]
        fields = nodes[tup["fields"]]["data"]
        tup["fields"] = add(nodes, {"type": "ffi.Array", "data": [var if f == src else f for f in fields]})
        if isinstance(dims[0], str) and dims[0] != "n":
            # the second kernel's result is (m, 10): its type names m
            cty = nodes[nodes[bs[1]]["data"]["value"]]["data"]["ty"]
            csh = nodes[nodes[cty]["data"]["shape"]]
            cvals = nodes[csh["data"]["values"]]["data"]
            new_sh = add(nodes, dict(csh, data=dict(csh["data"], values=add(nodes, {"type": "ffi.Array",
                                                                                   "data": [vals[0]] + cvals[1:]}))))
            nodes[cty]["data"] = dict(nodes[cty]["data"], shape=new_sh)


def variant(stage, mutate):
    doc = json.load(open(os.path.join(D, "mlp_batch.%s.json" % stage)))
    mutate(doc["nodes"])
    src = os.path.join(T, "m.json")
    json.dump(doc, open(src, "w"))
    return src


def compiles_and_matches(what, stage, mutate):
    src = variant(stage, mutate)
    mod = os.path.join(T, "m.tirbc")
    if os.path.exists(mod):
        os.remove(mod)
    rc, out = run([TIRC, src, "-o", mod])
    report(rc == 0, "%s compiles" % what, out)
    if rc != 0:
        return
    for rows in (X.shape[0], 1):
        x, y = os.path.join(T, "x.npy"), os.path.join(T, "y.npy")
        np.save(x, X[:rows])
        rc, out = run([TIRVM, "run", mod, "x=" + x, "--out", "output=" + y])
        ok, why = close(np.load(y), Y[:rows]) if rc == 0 else (False, out)
        report(ok, "%s, batch %d: TVM's rows (%s)" % (what, rows, why), why)


def run_fails(what, stage, mutate, rows, expect):
    """Compiles; a run on `rows` rows fails with `expect`, writing nothing."""
    src = variant(stage, mutate)
    mod = os.path.join(T, "m.tirbc")
    rc, out = run([TIRC, src, "-o", mod])
    report(rc == 0, "%s compiles" % what, out)
    x, y = os.path.join(T, "x.npy"), os.path.join(T, "y_fail.npy")
    np.save(x, X[:rows])
    rc, out = run([TIRVM, "run", mod, "x=" + x, "--out", "output=" + y])
    report(rc != 0 and expect in out and not os.path.exists(y), "%s, batch %d: the run fails (%s)" % (what, rows, expect),
           "exit %d: %s" % (rc, out))


def refused(what, stage, mutate, expect):
    src = variant(stage, mutate)
    mod = os.path.join(T, "bad.tirbc")
    rc, out = run([TIRC, src, "-o", mod])
    report(rc == 1 and expect in out and "internal error" not in out and not os.path.exists(mod),
           "%s: refused (%s)" % (what, expect), "exit %d: %s" % (rc, out))


compiles_and_matches("zero stage, R.call_tir with tir_vars", "zero", zero_tir_vars)
compiles_and_matches("built stage, vm.builtin.call_tir_dyn", "built", built_dyn)
compiles_and_matches("after CallTIRRewrite, relax.vm.call_tir_dyn", "built",
                     lambda nodes: built_dyn(nodes, lowered=False))
refused("tir_vars with two values for one scalar", "zero", lambda nodes: zero_tir_vars(nodes, 2),
        "2 shape values, but it takes 4 buffers and 1 scalars")
refused("call_tir_dyn with two values for one scalar", "built", lambda nodes: built_dyn(nodes, 2),
        "2 shape values, but it takes 4 buffers and 1 scalars")
refused("a kernel with a scalar called without its shape", "built",
        lambda nodes: give_scalar(nodes, first_kernel_call(nodes)[1]),
        "0 shape values, but it takes 4 buffers and 1 scalars")
compiles_and_matches("R.match_cast defining a new variable m", "zero", lambda nodes: match_cast(nodes, ["m", 128]))
compiles_and_matches("R.match_cast to the same shape", "zero", lambda nodes: match_cast(nodes, ["n", 128]))
run_fails("R.match_cast of the input to a batch of 4", "zero", lambda nodes: match_cast(nodes, [4, 784], True), 1,
          "R.match_cast: dimension 0 of the value differs from its type's")
refused("R.match_cast to another constant dimension", "zero", lambda nodes: match_cast(nodes, ["n", 127]),
        "R.match_cast: dimension 1 of the value is 128, but the type says 127")
refused("R.match_cast to another rank", "zero", lambda nodes: match_cast(nodes, ["n", 128, 1]),
        "R.match_cast of a 2-dimensional float32 tensor to a 3-dimensional float32 one")
sys.exit(finish())
