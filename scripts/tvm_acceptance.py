#!/usr/bin/env python3
"""Measure how much of TVM's own TVMScript test corpus `tirc --check` accepts.

What it measures
----------------
For each TVM release tag, the TIR programs written in TVM's Python test suite
(`tests/python`) are extracted one by one and given to `tirc --check`. The
headline number is the share of *CPU-only, standalone* programs that tirc
accepts; rejections are grouped by their (normalised) error message so the
most common missing features stand out, and crashes (anything but exit status
0 or 1, a timeout, a sanitizer report) and internal errors (tirc's
"internal error": a stage failed on a program it should handle, or wrote
bytecode that does not verify) are listed in full and counted apart: they
are bugs. The closing line counts both, and the exit status is 1 when
either occurs.

How programs are selected
-------------------------
1. `git --git-dir GITDIR archive REF tests/python` is unpacked into a
   temporary directory. Nothing from TVM is stored in this repository.
2. Every `.py` file is parsed with Python's `ast` (files the running Python
   cannot parse are counted and skipped). A *program* is a function decorated
   `@T.prim_func` / `@T.prim_func(...)` / `@tvm.script.tir.prim_func` ..., or a
   class decorated `@I.ir_module` / `@tvm.script.ir_module` ..., at any nesting
   depth (inside test functions, test classes, ...). The PrimFuncs of a module
   class belong to that module and are not programs of their own. `@T.jit`
   templates are not programs (they need compile-time arguments).
3. Each program is written to its own file: the import lines it needs (the
   dialect the test file used, `from tvm.script import tir as T` or
   `from tvm.script import tirx as T`; `from tvm.script.parser import ...` is
   written as `from tvm.script import ...`), then its source text with its
   decorators, dedented.

How programs are classified (first matching class wins)
-------------------------------------------------------
- ill-formed: a decorator in the program says `check_well_formed=False`; TVM
  itself would not accept these as valid TIR (they test the well-formedness
  checker or passes on broken input).
- meta: the program uses Python meta-programming that TVM's parser evaluates
  in Python (`T.meta_var`, `T.macro`, `T.inline`, nested `def`s outside Relax
  functions, which is how `@T.macro` / `@T.inline` helpers are written).
  Lambdas are not meta-programming (`T.comm_reducer`, `T.index_map`).
- closure: the program reads a name that it does not define itself (parameter,
  assignment / for / with / comprehension target, function or class name),
  that is not a Python builtin and not a dialect alias (`T`, `I`, `R`, `tvm`,
  `tir`, `tirx`, or another name the file binds by importing from
  `tvm.script`), and not `cls` inside a module. Such names are values of the
  enclosing Python test (closures, parametrised shapes and dtypes, helper
  macros) that TVM evaluates as Python; a C front end cannot see them.
  These three classes are "excluded"; the rest is "standalone".
- relax: a module holding an `@R.function` (counted apart; tirc still runs on
  it, since it should compile the module's PrimFuncs).
- gpu: the program needs a GPU or another accelerator; see GPU_* below (thread
  tags, storage scopes, device builtins and namespaces, targets).
- outside: a CPU program that uses a construct outside the TIR subset tirvm
  runs, which tirc refuses by name on purpose (see OUTSIDE_* below): raw
  pointers (`T.address_of`, `A.access_ptr`, `T.isnullptr`, ...), packed calls
  and TVM's runtime structures (`T.call_packed`, `T.tvm_stack_*`,
  `T.tvm_struct_*`), the AOT executor's and the Relax VM's builtins
  (`T.lookup_param`, the `global.workspace` scope, `T.anylist_*`), scalable
  vectors (`T.vscale`), and external functions other than C math and LLVM
  math intrinsics.
- cpu: everything else: standalone, CPU-only and inside the subset. This is
  the denominator of the headline; a second figure counts the accepted share
  of cpu and outside together (every CPU-only program).

tirc is run on every extracted program (in all classes, so crashes anywhere
are found). The binary is copied first, so that one run measures one build
even if tirc is rebuilt meanwhile. Identical program texts are checked once.
Crashes are re-run once to confirm that they reproduce.

Rejection reasons are the first `error:` line of tirc's stderr without the
`FILE:LINE:COL:` prefix; quoted names the program defines (variables,
buffers, functions, block names) become '_' and numbers become N, so that
identical reasons group. Quoted builtin names such as 'T.foo' are kept.

Output
------
One row per tag: test files, unparsable files, TIR programs found, excluded
programs (ill-formed / meta / closure), standalone programs, Relax modules and
GPU programs (with how many of them tirc accepts), CPU-only programs and how
many tirc accepts (count and %), rejects, internal errors and crashes on, and both over all
classes. `--reasons N` adds the N most common rejection reasons of CPU-only
programs per tag with an example file; crashes are always listed with tirc's
stderr.

How to run
----------
    scripts/tvm_acceptance.py --tvm /path/to/tvm/.git --tirc build/cli/tirc \\
        --tags v0.18.0,v0.23.0,main --markdown --reasons 20 --keep DIR \\
        --constructs --jobs 2 --timeout 10

`--tags` defaults to every vX.Y.0 tag from v0.18.0 on; `main` (or any other
branch) may be listed too and is labelled with its development version
(e.g. 0.27.dev). `--keep DIR` keeps the extracted programs in
DIR/LABEL/CLASS/ with DIR/LABEL/results.tsv (one line per program: file,
class, source location, status, reason, why it has its class, dialect,
constructs it uses) so that failures can be reproduced
with `tirc --check FILE`. `--constructs` also prints how many programs use
each of the TIR constructs new in the `tirx` dialect (TVM >= 0.24).
Needs only Python 3 (3.8 or newer) and git.
"""

import argparse
import ast
import builtins
import collections
import concurrent.futures
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import textwrap
import time

# --------------------------------------------------------------------------
# What makes a program need a GPU or another accelerator. One place to edit.
# --------------------------------------------------------------------------

# String constants (thread tags, storage scopes) that mark a GPU/accelerator program.
GPU_STRING_RES = [re.compile(r) for r in (
    r"^(threadIdx|blockIdx)\.[xyz]$", r"^vthread(\.[xyz])?$",             # thread tags
    r"^(shared|warp|texture|tmem)(\.[\w.]*)?$",                         # shared, shared.dyn, warp, ...
    r"^global\.(texture|vtcm)",                                         # GPU textures, Hexagon VTCM
    r"^(wmma|m16n8k8|local|metal|trn)\.\w",                             # fragments, local.fragment, Metal, Trainium
    r"^ethosu_\w+$",                                                    # Arm Ethos-U NPU operations (call_extern)
)]
# String constants whose first word is one of these name a device target
# (T.target("cuda -arch=sm_80"), {"kind": "cuda"}, "nvidia/geforce-rtx-3090").
GPU_TARGET_KINDS = {"cuda", "rocm", "vulkan", "metal", "opencl", "webgpu", "nvptx", "spirv"}
GPU_TARGET_PREFIXES = ("nvidia/", "apple/", "amd/")
# Builtins, as `T.name` with T the program's TIR alias: exact names ...
GPU_BUILTINS = {
    "tvm_warp_shuffle", "tvm_warp_shuffle_up", "tvm_warp_shuffle_down", "tvm_warp_shuffle_xor",
    "tvm_warp_activemask", "tvm_storage_sync", "tvm_thread_allreduce", "tvm_thread_invariant",
    "tvm_mma_sync", "tvm_bmma_sync", "tvm_load_matrix_sync", "tvm_store_matrix_sync",
    "tvm_fill_fragment", "tvm_global_barrier_kinit", "tvm_kernel_replace_point",
    "cta_id", "cluster_id", "warpgroup_id", "warp_id", "lane_id", "thread_id",
    "thread_id_in_wg", "warp_id_in_wg", "cta_id_in_cluster", "cta_id_in_pair",
    "device_entry", "alloc_shared", "shared_scalar", "SMEMPool", "TensorMap",
    "alloc_tcgen05_ldst_frag", "make_filled_simdgroup_matrix", "copy_async",
    "s_tir.cp_async_raw", "s_tir.ldg32",
}
# ... name prefixes (T.ptx_mma, T.mma_store, T.simdgroup_load, ...) ...
GPU_BUILTIN_PREFIXES = ("ptx_", "mma_", "simdgroup_", "tvm_warp_", "cuda_")
# ... and namespaces (T.ptx.*, T.cuda.*, ...).
GPU_NAMESPACES = {"ptx", "ptx_legacy", "cuda", "metal", "webgpu", "nvshmem", "nki", "warp", "cta", "tile"}
# Aliases of other dialects that only exist for accelerators (`from tvm.script.tirx import tile as Tx`).
GPU_MODULES = ("tvm.script.tirx.tile",)
# Other `T.*` builtins (tvm_access_ptr, tvm_struct_get, tvm_stack_*, call_packed, ...) are
# host-side intrinsics and do not make a program GPU-only.

# --------------------------------------------------------------------------
# What puts a CPU program outside the TIR subset tirvm runs: the constructs
# the project refuses by name on purpose (raw pointers, packed calls, TVM's
# executors' and the Relax VM's builtins, scalable vectors, external
# functions other than C math). One place to edit.
# --------------------------------------------------------------------------

# `T.name` builtins, by name prefix.
OUTSIDE_BUILTIN_PREFIXES = (
    "address_of", "handle_add_byte_offset", "isnullptr", "tvm_access_ptr",  # raw pointers
    "tvm_struct_",                                                          # DLTensor fields
    "call_packed", "call_cpacked", "tvm_call_", "tvm_stack_",               # packed calls
    "lookup_param",                                                         # AOT executor
    "anylist_",                                                             # Relax VM
    "llvm_lookup_intrinsic_id",                                             # LLVM intrinsic numbers
    "vscale",                                                               # scalable vectors
)
# `X.access_ptr(...)` on a buffer: a raw pointer.
OUTSIDE_METHODS = {"access_ptr"}
# Storage scopes of TVM's executors.
OUTSIDE_SCOPES = {"global.workspace"}
# External functions tirc maps onto its builtins: C math and LLVM intrinsics.
# A T.call_extern / call_pure_extern / call_llvm_(pure_)intrin of any other
# literal name is outside the subset.
EXTERN_CALLS = {"call_extern", "call_pure_extern", "call_llvm_intrin", "call_llvm_pure_intrin"}
DTYPE_RE = re.compile(r"^((u?int|float|bfloat|bool|handle|void|e[45]m[23]_float)\d*(x\d+)?)?$")
MATH_EXTERN_RE = re.compile(
    r"^(llvm\.)?(exp|exp2|exp10|expm1|log|log2|log10|log1p|sqrt|rsqrt|cbrt|sin|cos|tan|sinh|cosh|tanh|"
    r"asin|acos|atan|asinh|acosh|atanh|atan2|pow|powi|fabs|floor|ceil|trunc|round|nearbyint|rint|fmod|"
    r"erf|copysign|hypot|ldexp|nextafter|fma|fmin|fmax|minnum|maxnum|ctpop|ctlz|cttz|abs)f?"
    r"(\.[a-z0-9]+)*$")

# Names a program may read without defining them.
DIALECT_ALIASES = {"T", "I", "R", "tvm", "tir", "tirx"}
BUILTIN_NAMES = set(dir(builtins))

# The TIR constructs new in (or changed by) the tirx dialect, counted by --constructs.
CONSTRUCTS = [
    ("sblock", "with T.sblock(...)"),
    ("sblock_alloc", "T.sblock_alloc_buffer"),
    ("sblock_attr", "T.sblock_attr"),
    ("block", "with T.block(...) (<= 0.23 spelling)"),
    ("s_tir", "decorator s_tir=True"),
    ("let", "x: T.let[...] = v / x: T.let = v"),
    ("bind", "T.bind(v, var=x)"),
    ("annassign", "x: T.int32 = v (a let <= 0.24, a mutable scalar from 0.25)"),
    ("reassign", "x = v; ... x = w or x += v (rebinding; a mutable scalar from 0.25)"),
    ("vector_ann", "x: T.float32[N] (local vector)"),
    ("alloc_buffer", "T.alloc_buffer (an AllocBuffer statement in tirx)"),
    ("alloc_nested", "T.alloc_buffer not at the top of the function body"),
    ("alloc_local", "T.alloc_local / T.local_scalar / T.decl_scalar"),
    ("decl_buffer", "T.decl_buffer"),
    ("view", "buf.view(...)"),
    ("assert_kind", "assert c, (\"Kind\", [...])"),
    ("break", "break / continue (or T.break_loop / T.continue_loop)"),
    ("return", "return"),
]

# Program classes, in the order they are tested: ill-formed, meta, closure, relax, gpu, outside, cpu.
EXCLUDED = ("ill-formed", "meta", "closure")


# --------------------------------------------------------------------------
# Small AST helpers
# --------------------------------------------------------------------------

def dotted(node):
    """'a.b.c' for Name/Attribute chains, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def call_target(dec):
    return dec.func if isinstance(dec, ast.Call) else dec


def keyword_is(dec, name, value):
    if not isinstance(dec, ast.Call):
        return False
    for kw in dec.keywords:
        if kw.arg == name and isinstance(kw.value, ast.Constant) and kw.value.value is value:
            return True
    return False


class FileImports:
    """What the test file binds by importing from tvm (all scopes; innermost wins)."""

    def __init__(self, tree):
        self.by_scope = {}   # scope node -> {alias: (module, name)}
        self._collect(tree, tree)

    def _collect(self, node, scope):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self._collect(child, child)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                for a in child.names:
                    self.by_scope.setdefault(scope, {})[a.asname or a.name] = (child.module, a.name)
            elif isinstance(child, ast.Import):
                for a in child.names:
                    alias = a.asname or a.name.split(".")[0]
                    self.by_scope.setdefault(scope, {})[alias] = (a.name if a.asname else alias, None)
            else:
                self._collect(child, scope)

    def resolve(self, scopes):
        """Bindings visible from a program nested in `scopes` (outermost first)."""
        out = {}
        for s in scopes:
            out.update(self.by_scope.get(s, {}))
        # Fall back to bindings made anywhere in the file (e.g. inside another test).
        for s, b in self.by_scope.items():
            for k, v in b.items():
                out.setdefault(k, v)
        return out


def norm_script_module(module):
    """tvm.script.parser[.x] -> tvm.script[.x]: tirc recognises `from tvm.script import ...`."""
    if module == "tvm.script.parser" or module.startswith("tvm.script.parser."):
        return "tvm.script" + module[len("tvm.script.parser"):]
    return module


def dialect_of(binding):
    """'tir', 'tirx', 'ir', 'relax', ... for a binding of a tvm.script dialect, else None."""
    module, name = binding
    if name is None:
        return None
    module = norm_script_module(module)
    if module.startswith(("tvm.script.ir_builder", "tvm.script.printer", "tvm.script.highlight")):
        return None
    if module == "tvm.script":
        return name
    if module.startswith("tvm.script."):
        return module[len("tvm.script."):] + "." + name
    return None


# --------------------------------------------------------------------------
# Finding programs
# --------------------------------------------------------------------------

class Program:
    __slots__ = ("node", "kind", "scopes", "qualname", "relpath", "line", "text", "dialect",
                 "cls", "why", "name", "constructs", "names", "status", "reason", "stderr", "digest")


class Finder:
    """Collects the programs of one file, outermost only."""

    def __init__(self, imports):
        self.imports = imports
        self.found = []

    def bindings(self, scopes):
        return self.imports.resolve(scopes)

    def is_tvm_root(self, root, b):
        if root in ("T", "I", "tvm", "tir", "tirx", "script"):
            return True
        return root in b and (b[root][0] == "tvm" or b[root][0].startswith("tvm."))

    def decorator_kind(self, dec, scopes):
        name = dotted(call_target(dec))
        if not name:
            return None
        parts = name.split(".")
        b = self.bindings(scopes)
        if parts[-1] not in ("prim_func", "ir_module"):
            return None
        if len(parts) == 1:
            ok = name in b and b[name][0].startswith("tvm")
        else:
            ok = self.is_tvm_root(parts[0], b)
        return parts[-1] if ok else None

    def visit(self, node, scopes, qual):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                kinds = [self.decorator_kind(d, scopes) for d in child.decorator_list]
                want = "prim_func" if not isinstance(child, ast.ClassDef) else "ir_module"
                if want in kinds:
                    p = Program()
                    p.node, p.kind, p.scopes = child, want, list(scopes)
                    p.qualname = ".".join(qual + [child.name])
                    self.found.append(p)
                    continue
                self.visit(child, scopes + [child], qual + [child.name])
            else:
                self.visit(child, scopes, qual)


def program_source(lines, node):
    first = min([d.lineno for d in node.decorator_list] + [node.lineno])
    chunk = lines[first - 1:node.end_lineno]
    indent = re.match(r"[ \t]*", chunk[0]).group(0)
    out = []
    for ln in chunk:
        if ln.startswith(indent):
            out.append(ln[len(indent):])
        elif not ln.strip():
            out.append("")
        else:  # a continuation line of a string literal indented less than the def
            out.append(ln.lstrip())
    return "\n".join(out).rstrip() + "\n"


# --------------------------------------------------------------------------
# Analysing one program
# --------------------------------------------------------------------------

class Analysis(ast.NodeVisitor):
    """Names read/defined, GPU and meta-programming markers, tirx constructs."""

    def __init__(self, tir_aliases, relax_aliases, gpu_aliases, top):
        self.tir = tir_aliases
        self.relax = relax_aliases
        self.gpu_aliases = gpu_aliases
        self.top = top
        self.reads, self.defs = set(), set()
        self.gpu = []           # reasons it is a GPU program
        self.outside = []       # constructs outside the TIR subset it uses
        self.meta = []
        self.ill_formed = False
        self.relax_fn = False
        self.constructs = set()
        self.block_names = set()
        self.block_depth = 0
        self.stmt_depth = 0
        self.fn_depth = 0
        self.in_relax = False
        self.bound = [set()]    # names assigned in the enclosing suites, innermost last

    def mark(self, key):
        if not self.in_relax:  # count TIR constructs, not Relax ones
            self.constructs.add(key)

    # names -------------------------------------------------------------
    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            self.reads.add(node.id)
            if node.id in self.gpu_aliases:
                self.gpu.append(node.id + ".*")
        else:
            self.defs.add(node.id)

    def visit_arg(self, node):
        self.defs.add(node.arg)
        self.generic_visit(node)

    def _decorators(self, node):
        relax = False
        for d in node.decorator_list:
            if keyword_is(d, "check_well_formed", False):
                self.ill_formed = True
            if keyword_is(d, "s_tir", True):
                self.mark("s_tir")
            name = dotted(call_target(d)) or ""
            parts = name.split(".")
            if len(parts) >= 2 and parts[0] in self.relax and parts[-1] == "function":
                self.relax_fn = relax = True
        return relax

    def visit_FunctionDef(self, node):
        self.defs.add(node.name)
        relax = self._decorators(node)
        is_method = self.fn_depth == 0 and (node is self.top or isinstance(self.top, ast.ClassDef))
        if not is_method and not self.in_relax:
            self.meta.append("nested def " + node.name)  # @T.macro, @T.inline, helpers
        saved = self.stmt_depth, self.in_relax, self.bound
        self.fn_depth += 1
        self.stmt_depth = 0
        self.in_relax = self.in_relax or relax
        self.bound = [set()]
        self.generic_visit(node)
        self.stmt_depth, self.in_relax, self.bound = saved
        self.fn_depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self.defs.add(node.name)
        self._decorators(node)
        if node is not self.top:
            self.meta.append("nested class " + node.name)
        self.generic_visit(node)

    # markers -----------------------------------------------------------
    def tname(self, node):
        """'x.y' for T.x.y with T a TIR alias, else None."""
        name = dotted(node)
        if not name:
            return None
        parts = name.split(".")
        if parts[0] in self.tir and len(parts) >= 2:
            return ".".join(parts[1:])
        return None

    def visit_Attribute(self, node):
        t = self.tname(node)
        if t is not None and not isinstance(getattr(node, "_parent_attr", None), ast.Attribute):
            parts = t.split(".")
            if t in GPU_BUILTINS or parts[0] in GPU_BUILTINS or parts[0].startswith(GPU_BUILTIN_PREFIXES):
                self.gpu.append("T." + t)
            elif len(parts) >= 2 and parts[0] in GPU_NAMESPACES:
                self.gpu.append("T." + t)
            if parts[0].startswith(OUTSIDE_BUILTIN_PREFIXES):
                self.outside.append("T." + t)
            if parts[0] == "meta_var":
                self.meta.append("T.meta_var")
            if parts[0] in ("macro", "inline"):
                self.meta.append("T." + parts[0])
        elif node.attr in OUTSIDE_METHODS and not self.in_relax:
            self.outside.append("." + node.attr)
        if isinstance(node.value, ast.Attribute):
            node.value._parent_attr = node
        self.generic_visit(node)

    def visit_Expr(self, node):
        if not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            self.generic_visit(node)  # docstrings say nothing about the target

    def visit_Constant(self, node):
        v = node.value
        if isinstance(v, str) and v:
            op = re.match(r"^tirx?\.(\w+)$", v)  # tvm.ir.Op.get("tir.tvm_call_packed")
            if (v in OUTSIDE_SCOPES or op and op.group(1).startswith(OUTSIDE_BUILTIN_PREFIXES)) and not self.in_relax:
                self.outside.append(repr(v))
            if any(r.match(v) for r in GPU_STRING_RES):
                self.gpu.append(repr(v))
            else:
                first = v.split()[0] if v.split() else ""
                if first in GPU_TARGET_KINDS or v.startswith(GPU_TARGET_PREFIXES):
                    self.gpu.append("target " + repr(v))

    def visit_Call(self, node):
        t = self.tname(node.func)
        if t in EXTERN_CALLS and not self.in_relax:
            # the name: the first string of the first two arguments that is not a dtype
            # (the dtype comes first, or as dtype=)
            names = [a.value for a in node.args[:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)
                     and not DTYPE_RE.match(a.value)]
            name = names[0] if names else None
            if name is not None and not MATH_EXTERN_RE.match(name):
                self.outside.append("external function " + repr(name))
        if t in ("block", "sblock") and node.args and isinstance(node.args[0], ast.Constant):
            self.block_names.add(str(node.args[0].value))
        if t == "bind":
            self.mark("bind")
        elif t == "decl_buffer":
            self.mark("decl_buffer")
        elif t in ("alloc_local", "local_scalar", "decl_scalar"):
            self.mark("alloc_local")
        elif t == "sblock_alloc_buffer":
            self.mark("sblock_alloc")
        elif t == "sblock_attr":
            self.mark("sblock_attr")
        elif t in ("break_loop", "continue_loop"):
            self.mark("break")
        elif t == "alloc_buffer":
            self.mark("alloc_buffer")
            if self.block_depth or self.stmt_depth:
                self.mark("alloc_nested")
        if isinstance(node.func, ast.Attribute) and node.func.attr == "view" and t is None:
            self.mark("view")
        self.generic_visit(node)

    # statements --------------------------------------------------------
    def _compound(self, node):
        """Visit a compound statement; each of its suites is a scope of its own."""
        for field, value in ast.iter_fields(node):
            if field in ("body", "orelse", "finalbody"):
                self.bound.append(set())
                for stmt in value:
                    self.visit(stmt)
                self.bound.pop()
            elif isinstance(value, list):
                for v in value:
                    if isinstance(v, ast.AST):
                        self.visit(v)
            elif isinstance(value, ast.AST):
                self.visit(value)

    def _nested(self, node):
        self.stmt_depth += 1
        self._compound(node)
        self.stmt_depth -= 1

    visit_For = visit_While = visit_If = visit_AsyncFor = _nested

    def visit_With(self, node):
        kinds = {self.tname(call_target(i.context_expr)) for i in node.items}
        if "sblock" in kinds:
            self.mark("sblock")
        if "block" in kinds:
            self.mark("block")
        if kinds & {"block", "sblock"}:
            self.block_depth += 1
            saved = self.stmt_depth
            self.stmt_depth = 0
            self._compound(node)
            self.stmt_depth = saved
            self.block_depth -= 1
        else:
            self._nested(node)

    def visit_AnnAssign(self, node):
        ann = node.annotation
        t = self.tname(ann)
        if isinstance(ann, ast.Subscript):
            st = self.tname(ann.value)
            if st == "let":
                self.mark("let")
            elif st is not None and st not in ("Buffer", "handle", "Ptr", "Tuple", "Optional"):
                self.mark("vector_ann")
        elif t == "let":
            self.mark("let")
        elif t is not None and t not in ("Buffer", "handle", "Ptr", "Tuple", "Optional"):
            self.mark("annassign")
        self._assigned(node.target, node.value)
        self.generic_visit(node)

    def visit_Assign(self, node):
        for tg in node.targets:
            self._assigned(tg, node.value)
        self.generic_visit(node)

    def _assigned(self, target, value):
        """Mark `x = ...` when x is already bound in an enclosing or the same suite."""
        if not isinstance(target, ast.Name):
            return
        if isinstance(value, ast.Call) and (self.tname(value.func) or "").startswith("axis."):
            return  # block iter vars of nested blocks
        if any(target.id in b for b in self.bound):
            self.mark("reassign")
        self.bound[-1].add(target.id)

    def visit_AugAssign(self, node):
        if isinstance(node.target, ast.Name):
            self.mark("reassign")
        self.generic_visit(node)

    def visit_Assert(self, node):
        if isinstance(node.msg, ast.Tuple):
            self.mark("assert_kind")
        self.generic_visit(node)

    def visit_Break(self, node):
        self.mark("break")

    visit_Continue = visit_Break

    def visit_Return(self, node):
        self.mark("return")
        self.generic_visit(node)


def analyse(p, source_lines, bindings, file_dialect):
    """Fill in p.text, p.dialect, p.cls, p.why, p.constructs, p.names."""
    tir_aliases = {a for a, b in bindings.items() if dialect_of(b) in ("tir", "tirx")}
    relax_aliases = {a for a, b in bindings.items() if dialect_of(b) == "relax"} | {"R"}
    gpu_aliases = {a for a, b in bindings.items()
                   if b[1] and norm_script_module(b[0]) + "." + b[1] in GPU_MODULES}
    if not tir_aliases:
        tir_aliases = {"T"}
    an = Analysis(tir_aliases | {"T"}, relax_aliases, gpu_aliases, p.node)
    an.visit(p.node)

    # Dialect: the one bound to the alias the program uses (T by default).
    used_tir = [a for a in sorted(tir_aliases) if a in an.reads] or ["T"]
    dialect = file_dialect
    for a in used_tir:
        if a in bindings and dialect_of(bindings[a]) in ("tir", "tirx"):
            dialect = dialect_of(bindings[a])
            break
    for d in p.node.decorator_list:
        name = dotted(call_target(d)) or ""
        if ".tirx." in name:
            dialect = "tirx"
        elif ".tir." in name:
            dialect = "tir"
    p.dialect = dialect

    # Header: the imports the program needs.
    script_aliases = {a for a, b in bindings.items() if dialect_of(b) is not None}
    allowed = DIALECT_ALIASES | script_aliases | BUILTIN_NAMES | {"script"}
    if p.kind == "ir_module":
        allowed = allowed | {"cls"}
    header = []
    if "tvm" in an.reads:
        header.append("import tvm")
    if "script" in an.reads and bindings.get("script", ("",))[0] == "tvm":
        header.append("from tvm import script")
    for a in sorted(an.reads & (script_aliases | {"T", "I", "R", "tir", "tirx"})):
        b = bindings.get(a)
        if b and dialect_of(b) is not None:
            d = dialect_of(b)
            if d in ("tir", "tirx"):
                d = dialect
            mod, _, d = ("tvm.script." + d).rpartition(".")  # tirx.tile -> tvm.script.tirx, tile
            header.append("from %s import %s" % (mod, d) + ("" if a == d else " as " + a))
        elif b and b[0] == "tvm" and b[1]:
            header.append("from tvm import %s" % b[1] + ("" if a == b[1] else " as " + a))
        elif a == "T":
            header.append("from tvm.script import %s as T" % dialect)
        elif a == "I":
            header.append("from tvm.script import ir as I")
        elif a == "R":
            header.append("from tvm.script import relax as R")
    if not any(a in an.reads for a in tir_aliases | {"T"}):
        header.append("from tvm.script import %s as T" % dialect)
    header = sorted(set(header), key=lambda h: (not h.startswith("import"), h))
    body = program_source(source_lines, p.node)
    p.text = "\n".join(header) + "\n\n" + body

    free = sorted(n for n in an.reads - an.defs - allowed)
    if an.ill_formed:
        p.cls, p.why = "ill-formed", "check_well_formed=False"
    elif an.meta:
        p.cls, p.why = "meta", an.meta[0]
    elif free:
        p.cls, p.why = "closure", "reads " + ", ".join(free[:5])
    elif an.relax_fn:
        p.cls, p.why = "relax", "@R.function"
    elif an.gpu:
        p.cls, p.why = "gpu", an.gpu[0]
    elif an.outside:
        p.cls, p.why = "outside", an.outside[0]
    else:
        p.cls, p.why = "cpu", ""
    p.constructs = an.constructs
    p.names = an.defs | an.block_names | {p.node.name}


# --------------------------------------------------------------------------
# Extraction
# --------------------------------------------------------------------------

def write_program(workdir, p, base, used):
    """Writes p.text to workdir/CLASS/NAME.py, NAME from base made unique
    among used; sets p.name (relative to workdir) and p.digest."""
    name, k = base + ".py", 2
    while name in used:
        name, k = "%s.%d.py" % (base, k), k + 1
    used.add(name)
    p.name = os.path.join(p.cls, name)
    out = os.path.join(workdir, p.name)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(p.text)
    p.digest = hashlib.sha1(p.text.encode()).hexdigest()


def git(gitdir, *args, **kw):
    return subprocess.run(["git", "--git-dir", gitdir] + list(args), check=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw).stdout


def resolve_ref(gitdir, ref):
    """(commit-ish to archive, label). Tags win over same-named branches."""
    for cand in ("refs/tags/" + ref, ref):
        try:
            git(gitdir, "rev-parse", "--verify", "--quiet", cand + "^{commit}")
        except subprocess.CalledProcessError:
            continue
        label = ref
        if not ref.startswith("v"):
            try:
                desc = git(gitdir, "describe", "--tags", "--match", "v*.dev0", cand).decode().strip()
                m = re.match(r"v(\d+\.\d+)\.dev0", desc)
                if m:
                    label = m.group(1) + ".dev"
            except subprocess.CalledProcessError:
                pass
        return cand, label
    raise SystemExit("error: no tag or branch %r in %s" % (ref, gitdir))


def default_tags(gitdir):
    tags = git(gitdir, "tag", "--list", "v0.*.0").decode().split()
    out = []
    for t in tags:
        m = re.fullmatch(r"v0\.(\d+)\.0", t)
        if m and int(m.group(1)) >= 18:
            out.append((int(m.group(1)), t))
    return [t for _, t in sorted(out)]


def safe_name(s):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", s)


TIR_IMPORT_RE = re.compile(r"from tvm\.script(?:\.parser)? import .*\b(tirx?)\b")


def extract(gitdir, ref, workdir):
    """Unpack tests/python of `ref`, find and classify programs, write them out."""
    src = os.path.join(workdir, "src")
    os.makedirs(src)
    data = git(gitdir, "archive", "--format=tar", ref, "tests/python")
    with tarfile.open(fileobj=io.BytesIO(data)) as tf:
        if hasattr(tarfile, "data_filter"):
            tf.extractall(src, filter="data")
        else:
            tf.extractall(src)
    root = os.path.join(src, "tests", "python")
    stats = collections.Counter()
    programs = []
    used_names = set()
    sources = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for fn in sorted(filenames):
            if fn.endswith(".py"):
                path = os.path.join(dirpath, fn)
                with open(path, "rb") as f:
                    sources.append((os.path.relpath(path, root), f.read().decode("utf-8", "replace")))
    # The dialect of this release: the one most test files import (for files that import none).
    dialects = collections.Counter(m.group(1) for _, text in sources
                                   for m in TIR_IMPORT_RE.finditer(text))
    tag_dialect = "tirx" if dialects["tirx"] > dialects["tir"] else "tir"
    for rel, text in sources:
        stats["files"] += 1
        try:
            tree = ast.parse(text, filename=rel)
        except (SyntaxError, ValueError):
            stats["unparsable"] += 1
            continue
        imports = FileImports(tree)
        finder = Finder(imports)
        finder.visit(tree, [tree], [])
        if not finder.found:
            continue
        stats["files_with_programs"] += 1
        lines = text.splitlines()
        m = TIR_IMPORT_RE.search(text)
        file_dialect = m.group(1) if m else tag_dialect
        for p in finder.found:
            p.relpath, p.line = rel, min([d.lineno for d in p.node.decorator_list] + [p.node.lineno])
            analyse(p, lines, imports.resolve(p.scopes), file_dialect)
            base = safe_name(rel[:-3].replace(os.sep, ".") + "." + p.qualname)
            write_program(workdir, p, base, used_names)
            p.node = p.scopes = None  # free the trees
            programs.append(p)
    shutil.rmtree(src)
    return stats, programs


# --------------------------------------------------------------------------
# Running tirc
# --------------------------------------------------------------------------

ERROR_RE = re.compile(r"^(?:.*?:\d+(?::\d+)?: |.*?: )?error: (.*)$")
SANITIZER_RE = re.compile(r"AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:")


def run_tirc(tirc, path, timeout):
    """(status, stderr) with status 'accepted', 'rejected', 'internal' (tirc's
    "internal error") or 'crashed'."""
    deadline = time.time() + 300
    while True:
        try:
            proc = subprocess.Popen([tirc, "--check", path], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, start_new_session=True)
            break
        except OSError as e:  # tirc missing or half-written while being rebuilt
            if time.time() > deadline:
                raise SystemExit("error: cannot run %s: %s" % (tirc, e))
            time.sleep(2)
    try:
        _, raw = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)  # the process group of this one tirc run
        proc.communicate()
        return "crashed", "timeout after %g s" % timeout
    status, err = proc.returncode, raw.decode("utf-8", "replace")
    if "error: internal error:" in err:  # a stage of tirc failed on a program it should handle: a bug
        return "internal", err
    if status in (0, 1) and not SANITIZER_RE.search(err):
        return ("accepted" if status == 0 else "rejected"), err
    if status < 0:
        return "crashed", "killed by signal %d\n%s" % (-status, err)
    return "crashed", "exit status %d\n%s" % (status, err)


def snapshot_binary(path, bindir):
    """Copy tirc (waiting while it is missing, e.g. during a rebuild) and return the copy."""
    deadline = time.time() + 300
    while not os.access(path, os.X_OK):
        if time.time() > deadline:
            raise SystemExit("error: %s is not an executable" % path)
        time.sleep(2)
    time.sleep(1)  # let a link step that just created the file finish
    copy = os.path.join(bindir, os.path.basename(path))
    shutil.copy2(path, copy)
    # A shared build links tirc against libtirc/libtirvm of its own tree:
    # snapshot those too, and let the copy find them first.
    for soname, lib in project_libraries(path):
        shutil.copy2(lib, os.path.join(bindir, soname))
    os.environ["LD_LIBRARY_PATH"] = bindir + (
        ":" + os.environ["LD_LIBRARY_PATH"] if os.environ.get("LD_LIBRARY_PATH") else "")
    return copy


def project_libraries(binary):
    """(soname, file) of each shared library of binary that ldd resolves inside the build tree."""
    tree = os.path.dirname(os.path.dirname(os.path.abspath(binary)))
    try:
        out = subprocess.run(["ldd", binary], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True).stdout
    except OSError:
        return []
    libs = []
    for line in out.splitlines():
        m = re.match(r"\s*(\S+) => (\S+) \(", line)
        if m and os.path.realpath(m.group(2)).startswith(tree + os.sep):
            libs.append((m.group(1), os.path.realpath(m.group(2))))
    return libs


def normalise(err, names):
    for line in err.splitlines():
        m = ERROR_RE.match(line.strip())
        if m:
            msg = m.group(1)
            break
    else:
        return "(exit 1 without an error: line)"

    def quoted(m):
        return "'_'" if m.group(1) in names else m.group(0)

    msg = re.sub(r"'([^']*)'", quoted, msg)
    msg = re.sub(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])", "N", msg)
    return msg


def check_all(programs_by_tag, tirc, timeout, jobs, workdirs):
    """Run tirc on every distinct program text; fill in status/reason/stderr."""
    first = {}
    for label, progs in programs_by_tag.items():
        for p in progs:
            first.setdefault(p.digest, os.path.join(workdirs[label], p.name))
    results = {}
    done = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(run_tirc, tirc, path, timeout): d for d, path in first.items()}
        for fut in concurrent.futures.as_completed(futs):
            results[futs[fut]] = fut.result()
            done += 1
            if done % 500 == 0:
                print("  checked %d/%d distinct programs" % (done, len(first)), file=sys.stderr)
    # Re-run crashes once, sequentially, to confirm them.
    for d, (st, _) in list(results.items()):
        if st in ("crashed", "internal"):
            results[d] = run_tirc(tirc, first[d], timeout)
    for progs in programs_by_tag.values():
        for p in progs:
            p.status, err = results[p.digest]
            p.stderr = err
            p.reason = normalise(err, p.names) if p.status == "rejected" else ""


# --------------------------------------------------------------------------
# Reporting
# --------------------------------------------------------------------------

def pct(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "-"


def print_table(header, rows, markdown):
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|")
        for r in rows:
            print("| " + " | ".join(str(c) for c in r) + " |")
    else:
        w = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
        fmt = lambda r: "  ".join(str(c).ljust(w[0]) if i == 0 else str(c).rjust(w[i]) for i, c in enumerate(r))
        print(fmt(header))
        print("  ".join("-" * x for x in w))
        for r in rows:
            print(fmt(r))
    print()


def summary_rows(results):
    rows = []
    for label, (stats, progs) in results.items():
        c = collections.Counter(p.cls for p in progs)
        cpu = [p for p in progs if p.cls == "cpu"]
        st = collections.Counter(p.status for p in cpu)
        acc_of = lambda k: sum(1 for p in progs if p.cls == k and p.status == "accepted")
        standalone = len(progs) - sum(c[k] for k in EXCLUDED)
        rows.append([
            label, stats["files"], stats["unparsable"], len(progs),
            "%d / %d / %d" % (c["ill-formed"], c["meta"], c["closure"]),
            standalone, "%d (%d)" % (c["relax"], acc_of("relax")), "%d (%d)" % (c["gpu"], acc_of("gpu")),
            "%d (%d)" % (c["outside"], acc_of("outside")),
            c["cpu"], st["accepted"], pct(st["accepted"], c["cpu"]), st["rejected"], st["internal"], st["crashed"],
            pct(st["accepted"] + acc_of("outside"), c["cpu"] + c["outside"]),
            sum(1 for p in progs if p.status == "internal"),
            sum(1 for p in progs if p.status == "crashed"),
        ])
    header = ["tag", "test files", "unparsable", "TIR programs", "excluded: ill-formed / meta / closure",
              "standalone", "Relax (acc.)", "GPU (acc.)", "outside the subset (acc.)", "CPU-only in the subset",
              "accepted", "accepted %", "rejected", "internal errors", "crashed", "accepted % of all CPU-only",
              "internal errors (all classes)", "crashed (all classes)"]
    return header, rows


def print_reasons(label, progs, n, markdown):
    cpu = [p for p in progs if p.cls == "cpu" and p.status == "rejected"]
    groups = collections.defaultdict(list)
    for p in cpu:
        groups[p.reason].append(p)
    top = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:n]
    title = "Top rejection reasons, %s (%d rejected CPU-only programs, %d distinct reasons)" % (
        label, len(cpu), len(groups))
    if markdown:
        print("#### " + title + "\n")
        print("| count | reason | example |")
        print("|---:|---|---|")
        for reason, ps in top:
            print("| %d | `%s` | %s |" % (len(ps), reason.replace("|", "\\|").replace("`", "'"), ps[0].name))
    else:
        print(title)
        for reason, ps in top:
            print("  %5d  %s\n         e.g. %s" % (len(ps), reason, ps[0].name))
    print()


def print_crashes(results, workdirs):
    """Internal errors and crashes in full; returns the closing line's counts."""
    seen = set()
    any_crash = False
    for label, (_, progs) in results.items():
        for p in progs:
            if p.status not in ("crashed", "internal"):
                continue
            any_crash = True
            print("%s %s %s (%s, from tests/python/%s:%d)%s" % (
                "CRASH" if p.status == "crashed" else "INTERNAL ERROR", label,
                os.path.join(workdirs[label], p.name), p.cls,
                                                   p.relpath, p.line,
                                                   "  [same text as above]" if p.digest in seen else ""))
            if p.digest not in seen:
                print(textwrap.indent(p.stderr.strip()[:3000], "    "))
            seen.add(p.digest)
    if not any_crash:
        print("No internal errors and no crashes.")
    print()


def print_constructs(results, markdown):
    labels = list(results)
    header = ["construct"] + labels
    rows = []
    for key, desc in CONSTRUCTS:
        row = [desc]
        for label in labels:
            progs = results[label][1]
            cpu = sum(1 for p in progs if p.cls == "cpu" and key in p.constructs)
            allp = sum(1 for p in progs if key in p.constructs)
            row.append("%d / %d" % (cpu, allp))
        rows.append(row)
    print("Programs using each construct (CPU-only / all programs):\n")
    print_table(header, rows, markdown)


def write_results_tsv(path, progs):
    with open(path, "w", encoding="utf-8") as f:
        f.write("file\tclass\tsource\tstatus\treason\twhy_class\tdialect\tconstructs\n")
        for p in progs:
            f.write("\t".join([p.name, p.cls, "tests/python/%s:%d" % (p.relpath, p.line), p.status,
                               p.reason or (p.stderr.splitlines()[0] if p.status == "crashed" and p.stderr else ""),
                               p.why, p.dialect, ",".join(sorted(p.constructs))]).replace("\n", " ") + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tvm", required=True, help="TVM git directory (bare repository or .git)")
    ap.add_argument("--tirc", required=True, help="path to the tirc binary")
    ap.add_argument("--tags", help="comma-separated tags/branches (default: every vX.Y.0 from v0.18.0)")
    ap.add_argument("--markdown", action="store_true", help="print Markdown tables")
    ap.add_argument("--reasons", type=int, default=0, metavar="N",
                    help="print the N most common rejection reasons per tag")
    ap.add_argument("--constructs", action="store_true", help="count programs using tirx-era constructs")
    ap.add_argument("--keep", metavar="DIR", help="keep extracted programs in DIR/LABEL/")
    ap.add_argument("--jobs", type=int, default=2, help="parallel tirc runs (default 2)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per tirc run (default 10)")
    args = ap.parse_args()

    tags = args.tags.split(",") if args.tags else default_tags(args.tvm)
    base = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="tvm-accept-")
    os.makedirs(base, exist_ok=True)
    results = collections.OrderedDict()
    workdirs = {}
    bindir = tempfile.mkdtemp(prefix="tvm-accept-tirc-")
    try:
        tirc = snapshot_binary(os.path.abspath(args.tirc), bindir)
        for tag in tags:
            ref, label = resolve_ref(args.tvm, tag.strip())
            wd = os.path.join(base, safe_name(label))
            if os.path.exists(wd):
                shutil.rmtree(wd)
            os.makedirs(wd)
            workdirs[label] = wd
            stats, progs = extract(args.tvm, ref, wd)
            print("%s: %d programs in %d files" % (label, len(progs), stats["files"]), file=sys.stderr)
            results[label] = (stats, progs)
        check_all({k: v[1] for k, v in results.items()}, tirc, args.timeout, max(1, args.jobs), workdirs)
        for label, (_, progs) in results.items():
            write_results_tsv(os.path.join(workdirs[label], "results.tsv"), progs)

        print("tirc: %s, built %s\n" % (args.tirc, time.strftime(
            "%Y-%m-%d %H:%M:%S", time.localtime(os.stat(tirc).st_mtime))))
        header, rows = summary_rows(results)
        print_table(header, rows, args.markdown)
        if args.reasons:
            for label, (_, progs) in results.items():
                print_reasons(label, progs, args.reasons, args.markdown)
        if args.constructs:
            print_constructs(results, args.markdown)
        print_crashes(results, workdirs)
        allp = [p for _, progs in results.values() for p in progs]
        count = collections.Counter(p.status for p in allp)
        if args.keep:
            print("Programs kept in %s/LABEL/CLASS/; per-program results in %s/LABEL/results.tsv" % (base, base))
    finally:
        shutil.rmtree(bindir, ignore_errors=True)
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    # The closing line: internal errors and crashes are failures of their own.
    print("%d programs over %d releases: %d accepted, %d rejected, %d internal errors, %d crashes" % (
        len(allp), len(results), count["accepted"], count["rejected"], count["internal"], count["crashed"]))
    return 1 if count["internal"] or count["crashed"] else 0


if __name__ == "__main__":
    sys.exit(main())
