#!/usr/bin/env python3
"""Whole models in the JSON layouts of TVM 0.25 and 0.24: each model of
../shared/tvm-models (written by TVM 0.26) is converted by hand into the
node graph `tvm.ir.save_json` writes in those releases, then compiled with
tirc, run with `tirvm run` and compared with TVM's output (y.npy) within the
models' README tolerance, max|y - y_tvm| <= 1e-3 * max(1, max|y_tvm|).

What differs, as read from TVM's sources at the tags v0.24.0 and v0.25.0
(include/tvm/relax/expr.h, include/tvm/relax/struct_info.h,
include/tvm/ir/expr.h, include/tvm/ir/type.h, include/tvm/tirx/{var,expr,
stmt,buffer,function}.h, src/ir/env_func.cc, the Tensor "__data_to_json__"
of src/ir/structural_hash.cc (0.24) and src/runtime/tensor.cc (0.25), and
tvm-ffi's src/ffi/extra/serialization.cc at the commit each tag pins):

* The file is the tvm-ffi graph in all three releases: {"root_index",
  "nodes", "metadata": {"tvm_version"}}; a tensor is an "ffi.Tensor" node
  whose data is base64 of the same tensor serialization (magic, reserved,
  device, ndim, dtype, shape, byte count, bytes).  0.24 writes it from C++
  with an indent of 2, 0.25 on one line.
* Relax (identical in 0.24 and 0.25): every expression has "struct_info_"
  (0.26: "ty"); types are StructInfo nodes: relax.TensorStructInfo (dtype a
  string, not an ir.PrimType node), relax.ShapeStructInfo,
  relax.TupleStructInfo (0.26: ir.TupleType), relax.FuncStructInfo,
  relax.ObjectStructInfo (0.26: relax.AnyType), relax.PrimStructInfo (0.26:
  ir.PrimType).  Variables are relax.expr.Var / relax.expr.DataflowVar with
  "vid", a relax.Id holding "name_hint" (0.26: ir.Var with "name").  A call
  is relax.expr.Call with "sinfo_args" (0.26: ir.Call with "ty_args"); an
  integer argument is a relax.expr.PrimValue around the IntImm (0.26: the
  IntImm itself).  Function: "ret_struct_info" (0.26: "ret_ty");
  MatchCast: "struct_info" (0.26: "ty").  The derive function of an opaque
  FuncStructInfo is "tvm.relax.struct_info.infer_by_sinfo_args".
* TIR: expressions carry "dtype" as a string (0.26: "ty", a type node);
  variables are tirx.Var with "name" and "type_annotation"; a buffer is a
  tirx.Buffer node over a data Var of PointerType (0.26: an ir.Var of
  tirx.BufferType); PrimFunc parameters are handle Vars with a
  "buffer_map" (0.26: the buffers themselves); TIR calls are tirx.Call
  (0.25 with "attrs", 0.24 without).  0.25's tirx.Buffer has "layout" and
  "allocated_addr", 0.24's does not; 0.24 has no "s_tir" function attribute.

Usage: relax_layouts.py TIRC TIRVM MODELS_DIR   (TAP)
"""
import json
import os
import sys
import tempfile

import numpy as np

from model_tap import close, counts, finish, report, run  # noqa: E402  (tests/, the script's folder)

sys.setrecursionlimit(100000)

# Fields that hold a plain value rather than a node index, by node type.
INLINE = {
    ("ir.IntImm", "value"), ("ir.FloatImm", "value"), ("relax.TensorType", "ndim"), ("relax.ShapeType", "ndim"),
    ("relax.expr.TupleGetItem", "index"), ("tirx.BufferType", "data_alignment"),
    ("tirx.BufferType", "offset_factor"), ("tirx.For", "kind"), ("tirx.IterVar", "iter_type"),
}
# Fields of Relax nodes that hold Relax expressions (where an integer is a PrimValue).
RELAX_FIELDS = {"params", "body", "blocks", "bindings", "var", "fields", "tuple_value", "op", "args", "cond",
                "true_branch", "false_branch"}
# 0.26 TIR node types copied field by field (after "ty" becomes "dtype").
TIR_NODES = {"tirx.SBlock", "tirx.SBlockRealize", "tirx.BufferRegion", "tirx.BufferStore", "tirx.BufferLoad",
             "tirx.For", "tirx.IterVar", "tirx.SeqStmt", "tirx.Evaluate", "tirx.IfThenElse", "tirx.While",
             "tirx.Cast", "tirx.Select", "tirx.Not", "ir.Range", "ir.PointerType", "ir.SourceMap", "ir.IRModule",
             "tirx.MatchBufferRegion", "tirx.Break", "tirx.Continue"} | {
    "tirx." + op for op in ("Add", "Sub", "Mul", "Div", "Mod", "FloorDiv", "FloorMod", "Min", "Max", "EQ", "NE",
                            "LT", "LE", "GT", "GE", "And", "Or")}
ENV_FUNCS = {"tvm.relax.type.infer_by_ty_args": "tvm.relax.struct_info.infer_by_sinfo_args"}


class Downgrade:
    """Rewrites a TVM 0.26 node graph into the layout of TVM 0.`minor`
    (24 or 25).  Nodes are written children first, as tvm-ffi's writer does;
    strings and None are shared by value, everything else by identity."""

    def __init__(self, doc, minor):
        self.src = doc["nodes"]
        self.minor = minor
        self.out = []
        self.memo = {}
        self.interned = {}
        self.root = self.conv(doc["root_index"])

    def doc(self):
        return {"root_index": self.root, "nodes": self.out, "metadata": {"tvm_version": "0.%d.0" % self.minor}}

    def text(self):
        if self.minor == 24:
            return json.dumps(self.doc(), indent=2)
        return json.dumps(self.doc(), separators=(",", ":"))

    # ---- writing nodes ----
    def emit(self, type_key, data=None):
        node = {"type": type_key}
        if data is not None:
            node["data"] = data
        self.out.append(node)
        return len(self.out) - 1

    def shared(self, type_key, data):
        key = (type_key, json.dumps(data))
        if key not in self.interned:
            self.interned[key] = self.emit(type_key, data)
        return self.interned[key]

    def none(self):
        return self.shared("None", None)

    def string(self, text):
        return self.shared("ffi.String", text)

    # ---- reading nodes ----
    def type_of(self, i):
        return self.src[i]["type"]

    def data(self, i):
        return self.src[i].get("data")

    def dtype_of(self, ty):
        """The dtype string of a 0.26 expression type: PrimType, or a pointer."""
        t = self.type_of(ty)
        if t == "ir.PrimType":
            return self.data(ty)["dtype"]
        if t == "ir.PointerType":
            return "handle"
        raise ValueError("an expression of type %s" % t)

    # ---- the conversion ----
    def conv(self, i, role="any"):
        """Node i of the 0.26 graph in the older layout.  role: "relax" where
        a Relax expression is expected, "sinfo" where a Relax type is (a
        StructInfo in the older layout), "any" elsewhere."""
        t = self.type_of(i)
        key = (i, role) if t in ("ir.IntImm", "ir.FloatImm", "ir.PrimType", "ir.TupleType", "ffi.Array") else i
        if key not in self.memo:
            self.memo[key] = self.convert(i, t, role)
        return self.memo[key]

    def copy_fields(self, i, roles=None, rename=None):
        """The fields of node i, each node reference converted (role by field
        name), inline values kept; `rename` renames fields in place.  A TIR
        node's "ty" becomes its "dtype" string."""
        t = self.type_of(i)
        out = {}
        for name, v in self.data(i).items():
            new = (rename or {}).get(name, name)
            if isinstance(v, (bool, str, float)) or (t, name) in INLINE or v is None:
                out[new] = v
            elif name == "ty" and t.startswith("tirx."):
                out["dtype"] = self.dtype_of(v)
            else:
                out[new] = self.conv(v, (roles or {}).get(name, "any"))
        return out

    def convert(self, i, t, role):
        d = self.data(i)
        if t == "None":
            return self.none()
        if t == "ffi.String":
            return self.string(d)
        if t in ("bool", "int", "float", "ffi.Tensor", "ir.Op"):
            return self.emit(t, d)
        if t == "ir.EnvFunc":
            if d not in ENV_FUNCS:
                raise ValueError("EnvFunc %s" % d)
            return self.emit(t, ENV_FUNCS[d])
        if t == "ffi.Array":
            return self.emit(t, [self.conv(x, role) for x in d])
        if t == "ffi.Map":
            return self.emit(t, [self.conv(x) for x in d])
        if t == "ir.DictAttrs":
            return self.emit(t, {"__dict__": self.dict_attrs(d["__dict__"])})
        if t in ("ir.IntImm", "ir.FloatImm"):
            imm = self.emit(t, {"span": self.none(), "dtype": self.dtype_of(d["ty"]), "value": d["value"]})
            return self.prim_value(imm, self.dtype_of(d["ty"])) if role == "relax" else imm
        if t == "ir.PrimType":
            if role == "sinfo":
                return self.emit("relax.PrimStructInfo", {"span": self.none(), "value": self.none(),
                                                          "dtype": d["dtype"]})
            return self.emit(t, {"span": self.none(), "dtype": d["dtype"]})
        if t == "ir.TupleType":
            if role == "sinfo":
                return self.emit("relax.TupleStructInfo", {"span": self.none(),
                                                           "fields": self.conv(d["fields"], "sinfo")})
            return self.emit(t, {"span": self.none(), "fields": self.conv(d["fields"])})
        if t.startswith("relax.") and t.endswith("Type"):
            return self.struct_info(i, t, d)
        if t == "ir.Var":
            ty = self.type_of(d["ty"])
            if ty == "tirx.BufferType":
                return self.buffer(i, d)
            if ty in ("ir.PrimType", "ir.PointerType"):
                return self.emit("tirx.Var", {"span": self.none(), "dtype": self.dtype_of(d["ty"]),
                                              "name": self.conv(d["name"]), "type_annotation": self.conv(d["ty"])})
            return self.relax_var("relax.expr.Var", d)
        if t == "relax.expr.DataflowVar":
            return self.relax_var(t, d)
        if t == "ir.Call":
            op = d["op"]
            if self.type_of(op) == "ir.Op" and self.data(op).startswith("tirx."):
                data = {"span": self.none(), "dtype": self.dtype_of(d["ty"]), "op": self.conv(op),
                        "args": self.conv(d["args"])}
                if self.minor >= 25:
                    data["attrs"] = self.conv(d["attrs"])
                return self.emit("tirx.Call", data)
            return self.emit("relax.expr.Call", {
                "span": self.none(), "struct_info_": self.conv(d["ty"], "sinfo"), "op": self.conv(op, "relax"),
                "args": self.conv(d["args"], "relax"), "attrs": self.conv(d["attrs"]),
                "sinfo_args": self.conv(d["ty_args"], "sinfo")})
        if t == "ir.GlobalVar":
            return self.emit(t, self.copy_fields(i, {"ty": "sinfo"}, {"ty": "struct_info_"}))
        if t.startswith("relax.expr."):
            # Relax expressions: "ty" -> "struct_info_" (a MatchCast's "ty" ->
            # "struct_info"), "ret_ty" -> "ret_struct_info"
            roles = {f: "relax" for f in RELAX_FIELDS}
            roles.update({"ty": "sinfo", "ret_ty": "sinfo"})
            if t in ("relax.expr.VarBinding", "relax.expr.MatchCast"):
                roles["value"] = "relax"
            rename = {"ty": "struct_info" if t == "relax.expr.MatchCast" else "struct_info_",
                      "ret_ty": "ret_struct_info"}
            return self.emit(t, self.copy_fields(i, roles, rename))
        if t == "tirx.PrimFunc":
            return self.prim_func(i, d)
        if t in TIR_NODES:
            return self.emit(t, self.copy_fields(i))
        raise ValueError("node %d: a %s, which this conversion does not know" % (i, t))

    def dict_attrs(self, m):
        """A function's attributes; 0.24 has no "s_tir" attribute."""
        items = self.data(m)
        kept = []
        for k in range(0, len(items), 2):
            if self.minor < 25 and self.data(items[k]) == "s_tir":
                continue
            kept += [self.conv(items[k]), self.conv(items[k + 1])]
        return self.emit("ffi.Map", kept)

    def prim_value(self, imm, dtype):
        """A Relax integer: 0.24/0.25 wrap the IntImm in a PrimValue."""
        sinfo = self.emit("relax.PrimStructInfo", {"span": self.none(), "value": imm, "dtype": dtype})
        return self.emit("relax.expr.PrimValue", {"span": self.none(), "struct_info_": sinfo, "value": imm})

    def struct_info(self, i, t, d):
        """A Relax type (relax.TensorType, ...) as the older StructInfo."""
        span = self.none()
        if t == "relax.TensorType":
            dtype = "void" if self.type_of(d["dtype"]) == "None" else self.data(d["dtype"])["dtype"]
            return self.emit("relax.TensorStructInfo", {"span": span, "shape": self.conv(d["shape"], "relax"),
                                                        "dtype": dtype, "vdevice": self.conv(d["vdevice"]),
                                                        "ndim": d["ndim"]})
        if t == "relax.ShapeType":
            return self.emit("relax.ShapeStructInfo", {"span": span, "values": self.conv(d["values"]),
                                                       "ndim": d["ndim"]})
        if t == "relax.FuncType":
            return self.emit("relax.FuncStructInfo", {"span": span, "params": self.conv(d["params"], "sinfo"),
                                                      "ret": self.conv(d["ret"], "sinfo"),
                                                      "derive_func": self.conv(d["derive_func"]),
                                                      "purity": d["purity"]})
        if t == "relax.AnyType":
            return self.emit("relax.ObjectStructInfo", {"span": span})
        raise ValueError("node %d: a Relax type %s, which this conversion does not know" % (i, t))

    def relax_var(self, t, d):
        """A Relax variable: its name moves into a relax.Id ("vid")."""
        vid = self.emit("relax.Id", {"name_hint": self.conv(d["name"])})
        return self.emit(t, {"span": self.none(), "struct_info_": self.conv(d["ty"], "sinfo"), "vid": vid})

    def buffer(self, i, d):
        """A 0.26 buffer (an ir.Var of tirx.BufferType) as a tirx.Buffer over a
        data Var of PointerType."""
        bt = self.data(d["ty"])
        dtype = self.data(bt["dtype"])["dtype"]
        name = self.conv(d["name"])
        elem = self.emit("ir.PrimType", {"span": self.none(), "dtype": dtype})
        ptr = self.emit("ir.PointerType", {"span": self.none(), "element_type": elem,
                                           "storage_scope": self.conv(bt["storage_scope"])})
        data = self.emit("tirx.Var", {"span": self.none(), "dtype": "handle", "name": name, "type_annotation": ptr})
        fields = {"data": data, "dtype": dtype, "shape": self.conv(bt["shape"]), "strides": self.conv(bt["strides"]),
                  "axis_separators": self.emit("ffi.Array", []), "elem_offset": self.conv(bt["elem_offset"]),
                  "name": name, "data_alignment": bt["data_alignment"], "offset_factor": bt["offset_factor"],
                  "buffer_type": 1, "span": self.none()}
        if self.minor >= 25:
            fields["layout"] = self.conv(bt["layout"])
            fields["allocated_addr"] = self.conv(bt["allocated_addr"])
        return self.emit("tirx.Buffer", fields)

    def prim_func(self, i, d):
        """A PrimFunc: buffer parameters become handle Vars and a buffer_map.
        The handles are named var_<buffer>, as te.create_prim_func (which
        LegalizeOps uses) names them: split's outputs share one name."""
        struct_info = self.conv(d["ty"], "sinfo")
        attrs = self.conv(d["attrs"])
        params, bmap = [], []
        for p in self.data(d["params"]):
            if self.type_of(self.data(p)["ty"]) == "tirx.BufferType":
                buf = self.conv(p)
                ann = self.emit("ir.PrimType", {"span": self.none(), "dtype": "handle"})
                handle = self.emit("tirx.Var", {"span": self.none(), "dtype": "handle",
                                                "name": self.string("var_" + self.data(self.data(p)["name"])),
                                                "type_annotation": ann})
                params.append(handle)
                bmap += [handle, buf]
            else:
                params.append(self.conv(p))
        params_node = self.emit("ffi.Array", params)
        ret = self.conv(d["ret_type"])
        bmap_node = self.emit("ffi.Map", bmap)
        body = self.conv(d["body"])
        return self.emit("tirx.PrimFunc", {"span": self.none(), "struct_info_": struct_info, "attrs": attrs,
                                           "params": params_node, "ret_type": ret, "buffer_map": bmap_node,
                                           "body": body})


def to_0_25(doc):
    """TVM 0.25's layout of a 0.26 module (Relax StructInfo, relax.Id names,
    PrimValue integers, tirx.Buffer with layout and allocated_addr)."""
    return Downgrade(doc, 25).text()


def to_0_24(doc):
    """TVM 0.24's layout: 0.25's Relax nodes; tirx.Buffer without layout and
    allocated_addr, tirx.Call without attrs, no "s_tir" attribute, indented."""
    return Downgrade(doc, 24).text()


# ---- checks of a converted file: nothing of 0.26's layout is left ----
def layout_problems(text, minor):
    doc = json.loads(text)
    types = {n["type"] for n in doc["nodes"]}
    bad = sorted(types & {"ir.Var", "ir.Call", "relax.TensorType", "relax.ShapeType", "relax.FuncType",
                          "relax.AnyType", "tirx.BufferType"})
    for n in doc["nodes"]:
        d = n.get("data")
        if isinstance(d, dict) and ("ty" in d or "ty_args" in d or "ret_ty" in d or "name" in d and
                                    n["type"].startswith("relax.")):
            bad.append("%s with 0.26 fields" % n["type"])
            break
        if minor == 24 and n["type"] == "tirx.Buffer" and "layout" in d:
            bad.append("a 0.25 tirx.Buffer in a 0.24 file")
            break
    if doc["metadata"]["tvm_version"] != "0.%d.0" % minor:
        bad.append("version %s" % doc["metadata"]["tvm_version"])
    return bad


TIRC, TIRVM, MODELS = sys.argv[1:4]
T = tempfile.mkdtemp()
models = sorted(d for d in os.listdir(MODELS) if os.path.isfile(os.path.join(MODELS, d, d + ".zero.json")))
report({"mlp", "mlp_batch", "encoder"} <= set(models), "the model set holds mlp, mlp_batch and encoder (%s)"
       % ", ".join(models))
# stage file, and whether its weights are detached (bound with --params)
STAGES = [("zero", False), ("built", False), ("params.zero", True)]
for name in models:
    d = os.path.join(MODELS, name)
    x, ref = os.path.join(d, "x.npy"), np.load(os.path.join(d, "y.npy"))
    for stage, detached in STAGES:
        src = os.path.join(d, "%s.%s.json" % (name, stage))
        if not os.path.exists(src):
            continue
        doc = json.load(open(src))
        for minor, convert in ((25, to_0_25), (24, to_0_24)):
            what = "%s.%s in TVM 0.%d's layout" % (name, stage, minor)
            try:
                text = convert(doc)
            except (ValueError, KeyError) as e:
                report(False, what + ": converted", repr(e))
                continue
            problems = layout_problems(text, minor)
            report(not problems, what + ": converted", ", ".join(problems))
            path = os.path.join(T, "%s.%s.0_%d.json" % (name, stage, minor))
            open(path, "w").write(text)
            out = path[:-5] + ".tirbc"
            cmd = [TIRC, path, "-o", out] + (["--params", os.path.join(d, "params.npz")] if detached else [])
            rc, msg = run(cmd)
            report(rc == 0, what + ": compiles", msg)
            if rc != 0:
                continue
            y = path[:-5] + ".y.npy"
            rc, msg = run([TIRVM, "run", out, "x=" + x, "--out", "output=" + y])
            report(rc == 0, what + ": tirvm run", msg)
            if rc == 0:
                ok, why = close(np.load(y), ref)
                report(ok, "%s: matches TVM (%s)" % (what, why), why)

# a release tirc does not read: the error names the ones it does
mlp = os.path.join(MODELS, "mlp", "mlp.zero.json")
if os.path.exists(mlp):
    doc = json.loads(to_0_25(json.load(open(mlp))))
    for version in ("0.23.0", "0.22.0"):
        doc["metadata"]["tvm_version"] = version
        bad = os.path.join(T, "mlp.%s.json" % version)
        json.dump(doc, open(bad, "w"))
        rc, msg = run([TIRC, bad, "--check"])
        report(rc == 1 and version in msg and "0.24" in msg and "0.25" in msg and "0.26" in msg,
               "a Relax module saved by TVM %s is refused, naming the releases tirc reads" % version, msg)

sys.exit(finish())
