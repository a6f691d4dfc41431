#!/usr/bin/python3
"""Writes the TVM JSON cases of tests/tirx-json: small PrimFuncs in the
layouts tvm.ir.save_json writes in TVM 0.24, 0.25 and 0.26 (the tirx
dialect; docs/tvmscript-tirx.md section 2), each with a
NAME.case header of arguments and expected results for run_cases.

The expected values are worked out by hand from each program's meaning and
written here beside it; nothing is taken from running tirvm.

    python3 tests/tirx-json/gen/make_cases.py     (rewrites the cases)
"""
import json
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


class Graph:
    """A tvm-ffi node graph laid out the way one TVM release writes it."""

    def __init__(self, version):
        self.version = version
        self.minor = int(version.split(".")[1])
        self.nodes = [{"type": "None"}]
        self.prims = {}

    def add(self, type_key, data):
        self.nodes.append({"type": type_key, "data": data})
        return len(self.nodes) - 1

    def s(self, text):
        return self.add("ffi.String", text)

    def arr(self, items):
        return self.add("ffi.Array", list(items))

    def prim(self, dtype):
        if dtype not in self.prims:  # PrimType nodes are interned per dtype
            self.prims[dtype] = self.add("ir.PrimType", {"span": 0, "dtype": dtype})
        return self.prims[dtype]

    def typed(self, type_key, dtype, **fields):
        """An expression: "dtype" up to 0.25, a "ty" type node from 0.26."""
        if self.minor >= 26:
            data = {"span": 0, "ty": self.prim(dtype)}
        else:
            data = {"span": 0, "dtype": dtype}
        data.update(fields)
        return self.add(type_key, data)

    def int(self, v, dtype="int32"):
        return self.typed("ir.IntImm", dtype, value=v)

    def float(self, v, dtype="float32"):
        return self.typed("ir.FloatImm", dtype, value=v)

    def string(self, text):
        return self.typed("tirx.StringImm", "handle", value=self.s(text))

    def var(self, name, dtype="int32"):
        if self.minor >= 26:
            return self.add("ir.Var", {"span": 0, "ty": self.prim(dtype), "name": self.s(name)})
        return self.add("tirx.Var", {"span": 0, "dtype": dtype, "name": self.s(name),
                                      "type_annotation": self.prim(dtype)})

    def handle(self, name):
        """A plain handle parameter (what a matched buffer parameter is up to 0.25)."""
        return self.add("tirx.Var", {"span": 0, "dtype": "handle", "name": self.s(name),
                                      "type_annotation": self.prim("handle")})

    def buffer(self, name, dtype, shape, scope="global", layout=0, strides=(), seps=()):
        shape_node = self.arr(self.int(x) for x in shape)
        if self.minor >= 26:
            bt = self.add("tirx.BufferType", {
                "span": 0, "dtype": self.prim(dtype), "storage_scope": self.s(scope), "shape": shape_node,
                "strides": self.arr(self.int(x) for x in strides), "elem_offset": self.int(0), "data_alignment": 64,
                "offset_factor": 1, "layout": layout, "allocated_addr": self.arr([])})
            return self.add("ir.Var", {"span": 0, "ty": bt, "name": self.s(name)})
        ptr = self.add("ir.PointerType", {"span": 0, "element_type": self.prim(dtype),
                                          "storage_scope": self.s(scope)})
        data = self.add("tirx.Var", {"span": 0, "dtype": "handle", "name": self.s(name),
                                      "type_annotation": ptr})
        return self.buffer_on(name, dtype, shape_node, data, layout, strides, seps)

    def buffer_on(self, name, dtype, shape_node, data, layout=0, strides=(), seps=()):
        fields = {"data": data, "dtype": dtype, "shape": shape_node,
                  "strides": self.arr(self.int(x) for x in strides),
                  "axis_separators": self.arr(self.int(x) for x in seps), "elem_offset": self.int(0),
                  "name": self.s(name),
                  "data_alignment": 64, "offset_factor": 1, "buffer_type": 1, "span": 0}
        if self.minor >= 25:
            fields["layout"] = layout
            fields["allocated_addr"] = self.arr([])
        return self.add("tirx.Buffer", fields)

    def data_of(self, buf):
        """The pointer of a buffer: its data Var, or 0.26's tirx.buffer_data(A)."""
        if self.minor >= 26:
            op = self.add("ir.Op", "tirx.buffer_data")
            ptr = self.add("ir.PointerType", {"span": 0, "element_type": self.prim("int32"),
                                              "storage_scope": self.s("global")})
            return self.add("ir.Call", {"span": 0, "ty": ptr, "op": op, "args": self.arr([buf]),
                                        "attrs": 0, "ty_args": self.arr([])})
        return self.nodes[buf]["data"]["data"]

    def view(self, name, dtype, shape, of, strides=(), seps=()):
        """A buffer that re-views another's memory (DeclBuffer with data)."""
        if self.minor >= 26:
            return self.buffer(name, dtype, shape, strides=strides)
        return self.buffer_on(name, dtype, self.arr(self.int(x) for x in shape), self.data_of(of), 0, strides, seps)

    def load(self, buf, idx, dtype="int32"):
        return self.typed("tirx.BufferLoad", dtype, buffer=buf, indices=self.arr(idx), predicate=0)

    def store(self, buf, value, idx):
        return self.add("tirx.BufferStore", {"span": 0, "buffer": buf, "value": value,
                                              "indices": self.arr(idx), "predicate": 0})

    def bin(self, op, a, b, dtype="int32"):
        return self.typed("tirx." + op, dtype, a=a, b=b)

    def call(self, op, args, dtype):
        key = "ir.Call" if self.minor >= 26 else "tirx.Call"
        fields = {"op": self.add("ir.Op", op), "args": self.arr(args)}
        if self.minor >= 26:
            fields.update({"attrs": 0, "ty_args": self.arr([])})
        return self.typed(key, dtype, **fields)

    def seq(self, *stmts):
        return self.add("tirx.SeqStmt", {"span": 0, "seq": self.arr(stmts)})

    def loop(self, var, extent, body, kind=0, step=None):
        return self.add("tirx.For", {"span": 0, "loop_var": var, "min": self.int(0), "extent": self.int(extent),
                                      "kind": kind, "body": body, "thread_binding": 0,
                                      "annotations": self.add("ffi.Map", []),
                                      "step": self.int(step) if step else 0})

    def if_(self, cond, then, other=0):
        return self.add("tirx.IfThenElse", {"span": 0, "condition": cond, "then_case": then, "else_case": other})

    def bind(self, var, value):
        return self.add("tirx.Bind", {"span": 0, "var": var, "value": value})

    def alloc(self, buf):
        return self.add("tirx.AllocBuffer", {"span": 0, "buffer": buf, "annotations": self.add("ffi.Map", [])})

    def decl(self, buf, of):
        fields = {"span": 0, "buffer": buf}
        if self.minor >= 26:
            fields["data"] = self.data_of(of)
        return self.add("tirx.DeclBuffer", fields)

    def assert_(self, cond, kind, parts):
        return self.add("tirx.AssertStmt", {"span": 0, "condition": cond, "error_kind": self.string(kind),
                                             "message_parts": self.arr(self.string(p) for p in parts)})

    def evaluate(self, value):
        return self.add("tirx.Evaluate", {"span": 0, "value": value})

    def jump(self, key):
        """break / continue: tirx.Break and tirx.Continue nodes (0.25+)."""
        return self.add(key, {"span": 0})

    def ret(self, value, dtype):
        if self.minor >= 26:
            return self.add("tirx.Return", {"span": 0, "value": value})
        return self.evaluate(self.call("tirx.ret", [value], dtype))

    def func(self, params, body, ret_dtype=None, s_tir=True):
        """A one-function IRModule; params are scalar Vars or buffers."""
        attrs = [self.s("global_symbol"), self.s("main")]
        if s_tir and self.minor >= 25:
            attrs += [self.s("s_tir"), self.add("bool", True)]
        dict_attrs = self.add("ir.DictAttrs", {"__dict__": self.add("ffi.Map", attrs)})
        ret = self.prim(ret_dtype) if ret_dtype else self.add("ir.TupleType", {"span": 0, "fields": self.arr([])})
        if self.minor >= 26:
            fn = self.add("tirx.PrimFunc", {"span": 0, "ty": 0, "attrs": dict_attrs, "params": self.arr(params),
                                            "ret_type": ret, "body": body})
        else:
            plist, bmap = [], []
            for p in params:
                if self.nodes[p]["type"] == "tirx.Buffer":
                    h = self.handle(self.nodes[self.nodes[p]["data"]["name"]]["data"] + "_handle")
                    plist.append(h)
                    bmap += [h, p]
                else:
                    plist.append(p)
            fn = self.add("tirx.PrimFunc", {"span": 0, "struct_info_": 0, "attrs": dict_attrs,
                                            "params": self.arr(plist), "ret_type": ret,
                                            "buffer_map": self.add("ffi.Map", bmap), "body": body})
        gv = self.add("ir.GlobalVar", {"span": 0, "ty" if self.minor >= 26 else "struct_info_": 0,
                                       "name_hint": self.s("main")})
        return self.add("ir.IRModule", {"functions": self.add("ffi.Map", [gv, fn]),
                                        "global_var_map_": self.add("ffi.Map", [self.s("main"), gv]),
                                        "source_map": 0, "attrs": 0, "global_infos": self.add("ffi.Map", [])})

    def text(self, root):
        doc = {"root_index": root, "nodes": self.nodes, "metadata": {"tvm_version": self.version}}
        if self.minor == 24:
            return json.dumps(doc, indent=2) + "\n"  # 0.24 writes from C++, indented
        return json.dumps(doc, separators=(",", ":")) + "\n"  # 0.25+: one line through tvm-ffi


# ---- the programs -----------------------------------------------------------------
def flat_statements(g):
    """for i: x = A[i]*2 (Bind); tmp = alloc (1,) local; tmp[0] = x + 1;
    v = decl_buffer view of tmp; assert v[0] > 0, ValueError; B[i] = v[0]."""
    A, B = g.buffer("A", "int32", [4]), g.buffer("B", "int32", [4])
    i, x = g.var("i"), g.var("x")
    tmp = g.buffer("tmp", "int32", [1], scope="local")
    v = g.view("v", "int32", [1], tmp)
    body = g.seq(
        g.bind(x, g.bin("Mul", g.load(A, [i]), g.int(2))),
        g.alloc(tmp),
        g.store(tmp, g.bin("Add", x, g.int(1)), [g.int(0)]),
        g.decl(v, tmp),
        g.assert_(g.typed("tirx.GT", "bool", a=g.load(v, [g.int(0)]), b=g.int(0)), "ValueError",
                  ["must be ", "positive"]),
        g.store(B, g.load(v, [g.int(0)]), [i]))
    return g.func([A, B], g.loop(i, 4, body))


def assert_kind_fails(g):
    """assert A[i] < 3 with kind IndexError and two message parts: fails at i = 2."""
    A = g.buffer("A", "int32", [4])
    i = g.var("i")
    body = g.seq(g.assert_(g.typed("tirx.LT", "bool", a=g.load(A, [i]), b=g.int(3)), "IndexError",
                           ["A[i] ", "too large"]),
                 g.store(A, g.int(0), [i]))
    return g.func([A], g.loop(i, 4, body))


def sblock_reduction(g):
    """S[i] = sum over k of A[i, k], an SBlock with init, under the root SBlock."""
    A, S = g.buffer("A", "int32", [2, 3]), g.buffer("S", "int32", [2])
    i, k, vi, vk = g.var("i"), g.var("k"), g.var("vi"), g.var("vk")

    def iv(var, extent, kind):
        rng = g.add("ir.Range", {"min": g.int(0), "extent": g.int(extent), "span": 0})
        return g.add("tirx.IterVar", {"dom": rng, "var": var, "iter_type": kind, "thread_tag": g.s(""), "span": 0})

    def region(buf, ranges):
        return g.add("tirx.BufferRegion", {"buffer": buf, "region": g.arr(
            g.add("ir.Range", {"min": mn, "extent": g.int(ex), "span": 0}) for mn, ex in ranges)})

    def block(name, iters, reads, writes, body, init=0):
        return g.add("tirx.SBlock", {"span": 0, "iter_vars": g.arr(iters), "reads": g.arr(reads),
                                      "writes": g.arr(writes), "name_hint": g.s(name),
                                      "alloc_buffers": g.arr([]), "match_buffers": g.arr([]),
                                      "annotations": g.add("ffi.Map", []), "init": init, "body": body})

    def realize(values, blk):
        return g.add("tirx.SBlockRealize", {"span": 0, "iter_values": g.arr(values),
                                             "predicate": g.typed("ir.IntImm", "bool", value=1), "block": blk})

    update = g.store(S, g.bin("Add", g.load(S, [vi]), g.load(A, [vi, vk])), [vi])
    init = g.store(S, g.int(0), [vi])
    inner = block("sum", [iv(vi, 2, 0), iv(vk, 3, 2)], [region(S, [(vi, 1)]), region(A, [(vi, 1), (vk, 1)])],
                  [region(S, [(vi, 1)])], update, init)
    nest = g.loop(i, 2, g.loop(k, 3, realize([i, k], inner)))
    root = block("root", [], [], [], nest)
    return g.func([A, S], realize([], root))


def break_continue(g):
    """for i: if A[i] < 0: continue; if A[i] == 99: break; B[0] += A[i];
    then a while loop counts n up and breaks at 7 into B[1]."""
    A, B = g.buffer("A", "int32", [8]), g.buffer("B", "int32", [2])
    n = g.buffer("n", "int32", [1], scope="local")
    i = g.var("i")
    a_i = g.load(A, [i])
    loop = g.loop(i, 8, g.seq(
        g.if_(g.typed("tirx.LT", "bool", a=a_i, b=g.int(0)), g.jump("tirx.Continue")),
        g.if_(g.typed("tirx.EQ", "bool", a=a_i, b=g.int(99)), g.jump("tirx.Break")),
        g.store(B, g.bin("Add", g.load(B, [g.int(0)]), a_i), [g.int(0)])))
    n0 = g.load(n, [g.int(0)])
    count = g.add("tirx.While", {"span": 0, "condition": g.typed("tirx.LT", "bool", a=n0, b=g.int(100)),
                                  "body": g.seq(g.store(n, g.bin("Add", n0, g.int(1)), [g.int(0)]),
                                                g.if_(g.typed("tirx.EQ", "bool", a=n0, b=g.int(7)),
                                                      g.jump("tirx.Break")))})
    return g.func([A, B], g.seq(loop, g.alloc(n), g.store(n, g.int(0), [g.int(0)]), count,
                                g.store(B, n0, [g.int(1)])))


def q_multiply_shift(g):
    """A[k] = q_multiply_shift(x, y, 31, s), TVM's fixed-point multiply (the JSON
    twin of tests/cases/q_multiply_shift_rounds_half_up.py): 1000 * 0.75 / 2 = 375,
    1000 * 0.75 * 2 = 1500, 101 * 0.5 = 50.5 -> 51, -101 * 0.5 = -50.5 -> -50."""
    A = g.buffer("A", "int32", [4])
    rows = [(1000, 1610612736, 31, -1), (1000, 1610612736, 31, 1), (101, 1073741824, 31, 0),
            (-101, 1073741824, 31, 0)]
    return g.func([A], g.seq(*(g.store(A, g.call("tirx.q_multiply_shift", [g.int(v) for v in row], "int32"),
                                       [g.int(k)]) for k, row in enumerate(rows))))


def q_multiply_shift_per_axis(g):
    """A[k] = q_multiply_shift_per_axis(x, y, ls, rs, q, lshift, rshift) (the JSON twin of
    tests/cases/q_multiply_shift_per_axis.py): 1000 << 1 * 0.75 = 1500; 1000 * 0.75 / 2 = 375."""
    A = g.buffer("A", "int32", [2])
    rows = [(1000, 1610612736, 1, 0, 31, True, False), (1000, 1610612736, 0, 1, 31, False, True)]

    def arg(v):
        return g.int(int(v), "bool") if isinstance(v, bool) else g.int(v)
    return g.func([A], g.seq(*(g.store(A, g.call("tirx.q_multiply_shift_per_axis", [arg(v) for v in row],
                                                 "int32"), [g.int(k)]) for k, row in enumerate(rows))))


def q_multiply_shift_int64(g):
    """q_multiply_shift of an int64 value: refused by the checker, which names the argument."""
    A = g.buffer("A", "int32", [1])
    args = [g.int(1000, "int64"), g.int(1610612736), g.int(31), g.int(0)]
    return g.func([A], g.store(A, g.call("tirx.q_multiply_shift", args, "int32"), [g.int(0)]))


def break_in_parallel(g):
    """break inside a parallel loop: an error (its iterations run at once)."""
    A = g.buffer("A", "int32", [4])
    i = g.var("i")
    return g.func([A], g.loop(i, 4, g.seq(g.jump("tirx.Break"), g.store(A, i, [i])), kind=1))


def scalar_return(g):
    """main(n: int32) -> int32: return n * 3 (0.26: a tirx.Return statement)."""
    n = g.var("n")
    return g.func([n], g.ret(g.bin("Mul", n, g.int(3)), "int32"), ret_dtype="int32")


def param_view_math(g):
    """A(4,) float32 re-viewed as A2(2, 2); B[i, j] = sqrt(A2[i, j]) (tirx.sqrt)."""
    A, B = g.buffer("A", "float32", [4]), g.buffer("B", "float32", [2, 2])
    a2 = g.view("A2", "float32", [2, 2], A)
    i, j = g.var("i"), g.var("j")
    body = g.store(B, g.call("tirx.sqrt", [g.load(a2, [i, j], "float32")], "float32"), [i, j])
    return g.func([A, B], g.seq(g.decl(a2, A), g.loop(i, 2, g.loop(j, 2, body))))


def stepped_loop(g):
    """For with step 3 over extent 8 (TVM >= 0.23): i = 0, 3, 6."""
    A = g.buffer("A", "int32", [8])
    i = g.var("i")
    return g.func([A], g.loop(i, 8, g.store(A, g.bin("Add", i, g.int(1)), [i]), step=3))


def strided_views(g):
    """B = alloc (2, 5); B[i, j] = 10 i + j; views V (2, 4) strides [5, 1] and W (5, 2) strides [1, 5] of B."""
    C, D = g.buffer("C", "int32", [2, 4]), g.buffer("D", "int32", [5, 2])
    B = g.buffer("B", "int32", [2, 5])
    V = g.view("V", "int32", [2, 4], B, strides=[5, 1])
    W = g.view("W", "int32", [5, 2], B, strides=[1, 5])
    i, j, i1, j1, i2, j2 = (g.var(n) for n in ("i", "j", "i1", "j1", "i2", "j2"))  # one Var per loop (SSA)
    fill = g.loop(i, 2, g.loop(j, 5, g.store(B, g.bin("Add", g.bin("Mul", i, g.int(10)), j), [i, j])))
    copy_v = g.loop(i1, 2, g.loop(j1, 4, g.store(C, g.load(V, [i1, j1]), [i1, j1])))
    copy_w = g.loop(j2, 5, g.loop(i2, 2, g.store(D, g.load(W, [j2, i2]), [j2, i2])))
    return g.func([C, D], g.seq(g.alloc(B), fill, g.decl(V, B), g.decl(W, B), copy_v, copy_w))


def axis_separators(g):
    """E (2, 2, 3) with axis_separators [1] viewing A (2, 6): E[i, j, k] is A[i, 3 j + k]."""
    A, C = g.buffer("A", "int32", [2, 6]), g.buffer("C", "int32", [2, 2, 3])
    E = g.view("E", "int32", [2, 2, 3], A, seps=[1])
    i, j, k = g.var("i"), g.var("j"), g.var("k")
    body = g.store(C, g.load(E, [i, j, k]), [i, j, k])
    return g.func([A, C], g.seq(g.decl(E, A), g.loop(i, 2, g.loop(j, 2, g.loop(k, 3, body)))))


def gpu_scope_id(g):
    """A tirx GPU node (0.25's tirx.ScopeIdDefStmt): refused by name."""
    A = g.buffer("A", "int32", [4])
    return g.func([A], g.add("tirx.ScopeIdDefStmt", {"span": 0, "def": 0}))


def tile_layout(g):
    """A buffer with a non-default (column-major) TileLayout: refused."""
    axis = g.add("tirx.Axis", "m")
    iters = g.arr([g.add("tirx.Iter", {"extent": g.int(2), "stride": g.int(1), "axis": axis}),
                   g.add("tirx.Iter", {"extent": g.int(2), "stride": g.int(2), "axis": axis})])
    lay = g.add("tirx.TileLayout", {"shard": iters, "replica": g.arr([]), "offset": g.add("ffi.Map", [])})
    A = g.buffer("A", "int32", [2, 2], layout=lay)
    return g.func([A], g.store(A, g.int(1), [g.int(0), g.int(0)]))


def default_layout(g):
    """The default row-major TileLayout (what TVM gives buffers outside s_tir) reads as no layout."""
    axis = g.add("tirx.Axis", "m")
    iters = g.arr([g.add("tirx.Iter", {"extent": g.int(2), "stride": g.int(3), "axis": axis}),
                   g.add("tirx.Iter", {"extent": g.int(3), "stride": g.int(1), "axis": axis})])
    lay = g.add("tirx.TileLayout", {"shard": iters, "replica": g.arr([]), "offset": g.add("ffi.Map", [])})
    A = g.buffer("A", "int32", [2, 3], layout=lay)
    i, j = g.var("i"), g.var("j")
    body = g.store(A, g.bin("Add", g.bin("Mul", i, g.int(10)), j), [i, j])
    return g.func([A], g.loop(i, 2, g.loop(j, 3, body)), s_tir=False)


def future_node(g):
    """A node no release up to 0.27 has, in a file from a newer TVM."""
    A = g.buffer("A", "int32", [4])
    return g.func([A], g.add("tirx.SomethingNew", {"span": 0}))


# name, program, versions, header lines
CASES = [
    ("flat_statements", flat_statements, ["0.24.0", "0.25.0", "0.26.0"],
     ["in A int32[4] = 1 2 3 4", "in B int32[4]", "out B = 3 5 7 9"]),
    ("assert_kind_fails", assert_kind_fails, ["0.24.0", "0.26.0"],
     ["in A int32[4] = 0 1 5 2", "error run: IndexError: A[i] too large"]),
    ("sblock_reduction", sblock_reduction, ["0.24.0", "0.25.0", "0.26.0"],
     ["in A int32[2, 3] = 1 2 3 4 5 6", "in S int32[2] = 100 100", "out S = 6 15"]),
    ("break_continue", break_continue, ["0.25.0", "0.26.0"],
     ["in A int32[8] = 1 -2 3 -4 5 99 7 8", "in B int32[2]", "out B = 9 7"]),
    ("break_in_parallel", break_in_parallel, ["0.26.0"],
     ["error compile: break must be inside a serial for or while loop"]),
    ("q_multiply_shift", q_multiply_shift, ["0.24.0", "0.26.0"], ["in A int32[4]", "out A = 375 1500 51 -50"]),
    ("q_multiply_shift_per_axis", q_multiply_shift_per_axis, ["0.26.0"], ["in A int32[2]", "out A = 1500 375"]),
    ("q_multiply_shift_int64", q_multiply_shift_int64, ["0.26.0"],
     ["error compile: tir.q_multiply_shift takes int32 scalars, argument 0 is int64"]),
    ("scalar_return", scalar_return, ["0.24.0", "0.26.0"], ["in n = 5", "return: 15"]),
    ("param_view_math", param_view_math, ["0.24.0", "0.26.0"],
     ["in A float32[4] = 1 4 9 16", "in B float32[2, 2]", "out B = 1 2 3 4"]),
    ("stepped_loop", stepped_loop, ["0.24.0", "0.26.0"], ["in A int32[8]", "out A = 1 0 0 4 0 0 7 0"]),
    ("strided_views", strided_views, ["0.24.0", "0.25.0", "0.26.0"],
     ["in C int32[2, 4]", "in D int32[5, 2]", "out C = 0 1 2 3 10 11 12 13",
      "out D = 0 10 1 11 2 12 3 13 4 14"]),
    ("axis_separators", axis_separators, ["0.24.0", "0.25.0"],
     ["in A int32[2, 6] = 0 1 2 3 4 5 10 11 12 13 14 15", "in C int32[2, 2, 3]",
      "out C = 0 1 2 3 4 5 10 11 12 13 14 15"]),
    ("gpu_scope_id", gpu_scope_id, ["0.25.0"], ["error compile: unsupported: tirx GPU construct 'tirx.ScopeIdDefStmt'"]),
    ("tile_layout", tile_layout, ["0.25.0", "0.26.0"],
     ["error compile: unsupported: a buffer layout other than row-major"]),
    ("default_layout", default_layout, ["0.25.0", "0.26.0"],
     ["in A int32[2, 3]", "out A = 0 1 2 10 11 12"]),
    ("future_node", future_node, ["0.28.0"],
     ["error compile: the file was written by TVM 0.28.0, newer than the releases this tirc reads"]),
]


def main():
    for name, prog, versions, header in CASES:
        for v in versions:
            g = Graph(v)
            root = prog(g)
            base = os.path.join(OUT, "tirx%s_%s" % (v.replace(".", "")[:3], name))
            with open(base + ".json", "w") as f:
                f.write(g.text(root))
            with open(base + ".case", "w") as f:
                f.write("# case: TVM %s JSON: %s\n" % (v, prog.__doc__.split("\n")[0].strip()))
                for line in header:
                    f.write("# %s\n" % line)


if __name__ == "__main__":
    main()
