#!/usr/bin/env python3
"""Check that the TVMScript programs of TVM's docs (and mlc-llm's kernels) compile and compute numpy's answers.

What it checks
--------------
The promise is that the programs a new user copies from TVM's documentation
(and from mlc-llm, the largest user of TVMScript kernels) compile with tirc
and, run with tirvm, give the answers numpy gives. For each TVM tag:

1. `git archive REF docs` is read in memory (nothing of TVM is written into
   this repository). Programs are taken from the Python tutorials (`.py`,
   parsed whole with `ast`), from `.. code-block:: python` / `.. code::
   python` blocks and `::` literal blocks of `.rst` pages, and from ```python
   fences of `.md` pages. A program is an `@T.prim_func` function or an
   `@I.ir_module` / `@tvm.script.ir_module` class, found and written out the
   way `scripts/tvm_acceptance.py` does it (that script's Finder, import
   resolution and GPU rules are reused): each program in a file of its own
   with the imports it needs. A code block of a page sees the imports of the
   page's earlier blocks (a page imports `T` once and then shows fragments),
   and a page without any uses the dialect the tag's docs use most.
2. Names a program reads from the surrounding tutorial are what TVM's parser
   evaluates as Python. When every such name is a module-level constant of
   the page assigned a literal before the program (`M = N = K = 128`,
   `dtype = "float32"`), the literal is written in its place, as TVM would
   read it (the program is listed with "constants inlined"); otherwise the
   program needs its Python surroundings and is counted apart ("closure"),
   as are programs using Python meta-programming (`T.meta_var`, `T.macro`).
3. Classes, first match wins: gpu (thread bindings, `T.cta_id`,
   `T.device_entry`, `T.ptx.*`, shared scopes, tile primitives: the GPU
   rules of tvm_acceptance.py, plus the tile alias `Tx` and names from
   `tvm.tirx.layout`), excluded (ill-formed on purpose / meta / closure),
   mixed (an IRModule that also holds Relax `@R.function`s or Python
   `@I.pyfunc`s; tirc compiles its PrimFuncs), cpu.
4. `tirc --check` runs on every program (GPU ones too, to find crashes).
   Every accepted cpu or mixed program is compiled, and each of its
   PrimFuncs that has a numpy reference here (REFERENCES below, by function
   and class name) is run by `tirvm run` on random inputs (shapes and dtypes
   from `tirvm info`; symbolic extents get small distinct values), and its
   outputs are compared with the reference, computed in float64 from the
   same inputs: |out - ref| <= 1e-4 * (|ref| + max|ref|) for floats (room
   for float32 sums of a few hundred products), exact for integers.
   PrimFuncs without a reference are reported "compiled, not run".

`--mlc GITDIR` does the same for mlc-llm's `python/` tree at `--mlc-ref`
(default HEAD): most of its kernels are built inside Python functions that
pass them sizes and dtypes (closures, `T.meta_var`); those are counted, the
standalone ones are checked.

Output: one table row per tag (Markdown with --markdown), then every cpu or
mixed program tirc rejects with its error, every compiled program without a
reference, and every mismatch, run error and crash in full. Exit status 1
when a program compiled but gave a wrong answer or failed at run time, or
tirc or tirvm crashed (exit status above 1, a signal, a timeout, a sanitizer
report); rejections are measured, not failures.

How to run
----------
    python3 scripts/tvm_docs_check.py --tvm TVM_GIT_DIR --tirc build/cli/tirc \\
        --tirvm build/cli/tirvm --tags v0.18.0,v0.26.0,HEAD [--mlc MLC_GIT_DIR] \\
        [--markdown] [--keep DIR] [--seed N]

`--tags` defaults to every vX.Y.0 tag from v0.18.0 on, then HEAD. `--keep
DIR` keeps the extracted programs in DIR/LABEL/CLASS/ with the inputs and
outputs of every run. Needs Python 3.8+, numpy and git. The binaries (and
the shared libraries of their build tree) are copied first, so a rebuild
during the run does not mix two builds.
"""

import argparse
import ast
import collections
import copy
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tvm_acceptance as acc  # noqa: E402  (same folder; no side effects on import)

try:
    import numpy as np
except ImportError:  # pragma: no cover
    raise SystemExit("error: tvm_docs_check.py needs numpy (python3 -m pip install numpy)")


# --------------------------------------------------------------------------
# numpy references, by PrimFunc name. One place to edit.
# --------------------------------------------------------------------------
#
# Each reference names the PrimFuncs it is for: "func", "Class.func", or
# "page:Class.func" / "page:func" (page = the file's base name); the most
# specific match wins. `out` lists the output parameters by position (every
# parameter, buffers and scalars, counts). Outputs start zero-filled unless
# they are also in `inout` (updated in place: random like the inputs). The
# reference function receives every parameter that is not a pure output, in
# order, buffers as float64 (floats) or int64 (integers) arrays, and returns
# the outputs in order (one array or a tuple). `sizes` fixes symbolic
# extents (others get small distinct values), and `prepare(rng, args,
# sizes)` may replace random inputs that must be valid (indices into another
# buffer). The references say what the tutorial (or mlc-llm's docstring)
# says the kernel computes; none comes from running anything.

class Ref:
    def __init__(self, names, out, fn, note, inout=(), sizes=None, prepare=None):
        self.names, self.out, self.fn, self.note = names, list(out), fn, note
        self.inout, self.sizes, self.prepare = list(inout), dict(sizes or {}), prepare


def _relu(x):
    return np.maximum(x, 0)


F32_MIN = float(np.finfo(np.float32).min)


def _logit_bias(logits, pos2seq_id, token_ids, bias):
    out = logits.copy()
    np.add.at(out, (pos2seq_id, token_ids), bias)
    return out


def _logit_bias_inputs(rng, args, sizes):
    b, v, n = sizes["batch_size"], sizes["vocab_size"], sizes["num_token"]
    args[1] = rng.integers(0, b, n).astype(np.int32)
    args[2] = rng.integers(0, v, n).astype(np.int32)


def _penalty(logits, seq_ids, pos2seq_id, token_ids, token_cnt, penalties):
    # presence and frequency penalties subtracted, then the repetition penalty
    # (a negative logit multiplied by it, a positive one divided by it)
    out = logits.copy()
    for t in range(len(token_ids)):
        s = pos2seq_id[t]
        r, c = seq_ids[s], token_ids[t]
        x = out[r, c] - (penalties[s, 0] + token_cnt[t] * penalties[s, 1])
        out[r, c] = x * penalties[s, 2] if x < 0 else x / penalties[s, 2]
    return out


def _penalty_inputs(rng, args, sizes):
    b, v, n, ns = sizes["batch_size"], sizes["vocab_size"], sizes["num_token"], sizes["num_seq"]
    args[1] = rng.permutation(b)[:ns].astype(np.int32)                 # distinct rows
    pairs = rng.permutation(ns * v)[:n]                                 # distinct (seq, token)
    args[2] = (pairs // v).astype(np.int32)
    args[3] = (pairs % v).astype(np.int32)
    args[4] = rng.integers(1, 5, n).astype(np.int32)
    pen = rng.uniform(0.0, 1.0, (ns, 3)).astype(np.float32)
    pen[:, 2] = rng.uniform(0.5, 2.0, ns)                               # repetition penalty > 0
    args[5] = pen


def _bitmask(logits, seq_ids, bitmask):
    out = logits.copy()
    v = np.arange(logits.shape[1])
    for s in seq_ids:
        keep = (bitmask[s, v // 32] >> (v % 32)) & 1
        out[s] = np.where(keep == 1, out[s], F32_MIN)
    return out


def _bitmask_inputs(rng, args, sizes):
    args[1] = rng.permutation(sizes["batch_size"])[:sizes["num_seq"]].astype(np.int32)
    args[2] = rng.integers(-2**31, 2**31, args[2].shape, dtype=np.int64).astype(np.int32)


def _take_probs(unsorted, sorted_idx, sample_idx, sampling_results, top_prob_offsets):
    v = unsorted.shape[1]
    row, col = top_prob_offsets // v, top_prob_offsets % v
    top_idx = sorted_idx[row, col]
    return unsorted[sample_idx, sampling_results], unsorted[row, top_idx], top_idx


def _take_probs_inputs(rng, args, sizes):
    b, v, ns, npos = sizes["batch_size"], sizes["vocab_size"], sizes["num_samples"], sizes["num_positions"]
    args[1] = np.stack([rng.permutation(v) for _ in range(b)]).astype(np.int32)
    args[2] = rng.integers(0, b, ns).astype(np.int32)
    args[3] = rng.integers(0, v, ns).astype(np.int32)
    args[4] = rng.integers(0, b * v, npos).astype(np.int32)


REFERENCES = [
    # TVM's docs
    Ref(["mm_relu", "tir_transformation.py:MyModule.main", "tir_transformation.py:main"], [2],
        lambda A, B: _relu(A @ B), "relu(A @ B): tir_creation.py, learning.rst, tir_transformation.py"),
    Ref(["abstraction.rst:main", "add_kernel", "add_tir"], [2],
        lambda A, B: A + B, "A + B, elementwise: abstraction.rst, arch/tvmscript.rst, pymodule tutorial"),
    Ref(["matmul_tir"], [2],
        lambda A, B: A @ B, "A @ B: pymodule tutorial"),
    Ref(["bias_add_tir"], [2],
        lambda x, b: x + b, "x + b (bias per column): pymodule tutorial"),
    Ref(["relu"], [1],
        lambda X: _relu(X), "max(X, 0): relax_creation.py, relax/learning.rst"),
    Ref(["tir_linear"], [3],
        lambda X, W, B: X @ W.T + B, "X @ W^T + B: relax_creation.py"),
    Ref(["learning.rst:Module.linear"], [3],
        lambda X, W, B: X @ W + B, "X @ W + B: relax/learning.rst"),
    Ref(["scale_tir"], [1],
        lambda x: 2 * x, "2 x: pymodule tutorial"),
    # mlc-llm's standalone CPU kernels
    Ref(["full"], [0], lambda value: value, "every result[i, 0] = value: attach_sampler.py"),
    Ref(["_apply_logit_bias_inplace"], [0], _logit_bias, "logits[seq, token] += bias: attach_logit_processor.py",
        inout=[0], sizes={"batch_size": 4, "vocab_size": 9, "num_token": 12}, prepare=_logit_bias_inputs),
    Ref(["_apply_penalty_inplace"], [0], _penalty,
        "presence/frequency/repetition penalties: attach_logit_processor.py",
        inout=[0], sizes={"batch_size": 5, "vocab_size": 8, "num_token": 10, "num_seq": 3},
        prepare=_penalty_inputs),
    Ref(["_apply_bitmask_inplace"], [0], _bitmask, "masked-out tokens set to the lowest float32: "
        "attach_logit_processor.py", inout=[0],
        # the bitmask's words, ceil(vocab_size / 32): tirc names an extent given by an expression
        # after its buffer and dimension
        sizes={"batch_size": 4, "vocab_size": 40, "num_seq": 3, "bitmask_shape_1": (40 + 31) // 32},
        prepare=_bitmask_inputs),
    Ref(["sampler_take_probs_tir"], [5, 6, 7], _take_probs, "gathers of the sampler: attach_sampler.py",
        sizes={"batch_size": 3, "vocab_size": 6, "num_samples": 5, "num_positions": 4},
        prepare=_take_probs_inputs),
]


def find_ref(page, cls, func):
    keys = []
    if cls:
        keys += ["%s:%s.%s" % (page, cls, func), "%s.%s" % (cls, func)]
    keys += ["%s:%s" % (page, func), func]
    for k in keys:
        for r in REFERENCES:
            if k in r.names:
                return r, k
    return None, None


# --------------------------------------------------------------------------
# Extra GPU markers of the docs (on top of tvm_acceptance's GPU rules)
# --------------------------------------------------------------------------

# Names the tirx docs use for tile primitives and layouts, often without
# importing them in the same code block.
DOC_GPU_NAMES = {"Tx", "TileLayout", "laneid", "warpid", "tid_in_wg", "wgid"}
DOC_GPU_MODULES = ("tvm.tirx.layout", "tvm.script.tirx.tile", "tvm.backend.cuda", "tvm.tirx.cuda")
# Pages that teach CUDA programming: their programs are pieces of CUDA examples
# (host launchers calling `T.call_packed` on a device kernel, fragments).
GPU_PAGES = ("docs/tirx/native_basics/cuda/", "docs/tirx/tile_primitives/")


# --------------------------------------------------------------------------
# Code blocks of .rst and .md pages
# --------------------------------------------------------------------------

DIRECTIVE_RE = re.compile(r"^(\s*)\.\. (?:code-block|code|sourcecode)::\s*(\S*)\s*$")
LITERAL_RE = re.compile(r"^(\s*)(?!\.\.)\S.*::\s*$")
FENCE_RE = re.compile(r"^(\s*)(```+|~~~+)\s*\{?([\w+-]*)\}?.*$")
PY_LANGS = {"python", "python3", "py", "ipython", "ipython3", "pycon"}
PROGRAM_HINT = re.compile(r"@\s*[\w.]*(prim_func|ir_module)\b")


def indent_of(line):
    return len(line) - len(line.lstrip())


def rst_blocks(text):
    """[(first_line (1-based), text)] of the Python code blocks of an rst page."""
    lines = text.splitlines()
    out = []
    i = 0
    while i < len(lines):
        m = DIRECTIVE_RE.match(lines[i])
        literal = False
        if not m:
            lm = LITERAL_RE.match(lines[i])
            if not lm:
                i += 1
                continue
            literal, base = True, len(lm.group(1))
        else:
            base = len(m.group(1))
            if m.group(2).lower() not in PY_LANGS | {""}:  # no language: Sphinx's default, Python
                i += 1
                continue
        j = i + 1
        # directive options (":linenos:") come first, then a blank line
        while not literal and j < len(lines) and lines[j].strip().startswith(":") and indent_of(lines[j]) > base:
            j += 1
        start = j
        while j < len(lines) and (not lines[j].strip() or indent_of(lines[j]) > base):
            j += 1
        body = lines[start:j]
        while body and not body[0].strip():
            body.pop(0)
            start += 1
        while body and not body[-1].strip():
            body.pop()
        if body:
            out.append((start + 1, textwrap.dedent("\n".join(body)) + "\n"))
        i = max(j, i + 1)
    return out


def md_blocks(text):
    lines = text.splitlines()
    out = []
    i = 0
    while i < len(lines):
        m = FENCE_RE.match(lines[i])
        if not m or m.group(3).lower() not in PY_LANGS:
            i += 1
            continue
        fence, j = m.group(2), i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            j += 1
        out.append((i + 2, textwrap.dedent("\n".join(lines[i + 1:j])) + "\n"))
        i = j + 1
    return out


# --------------------------------------------------------------------------
# Module-level constants a program may read (TVM's parser evaluates them)
# --------------------------------------------------------------------------

def literal_of(node):
    """The Python source of a literal value (number, string, bool, None, tuples of those), else None."""
    try:
        v = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None

    def ok(x):
        if isinstance(x, tuple):
            return all(ok(y) for y in x)
        return isinstance(x, (int, float, str, bool)) or x is None
    return repr(v) if ok(v) else None


def module_assignments(tree, line_base=0):
    """[(line, name, literal source or None)] of module-level assignments (also inside
    module-level if/with/try), in source order."""
    out = []

    def walk(body):
        for st in body:
            if isinstance(st, ast.Assign):
                for tg in st.targets:
                    bind(tg, st.value, st.lineno)
            elif isinstance(st, ast.AnnAssign) and st.value is not None:
                bind(st.target, st.value, st.lineno)
            elif isinstance(st, (ast.AugAssign,)) and isinstance(st.target, ast.Name):
                out.append((line_base + st.lineno, st.target.id, None))
            elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.append((line_base + st.lineno, st.name, None))
            elif isinstance(st, (ast.Import, ast.ImportFrom)):
                for a in st.names:
                    out.append((line_base + st.lineno, a.asname or a.name.split(".")[0], None))
            elif isinstance(st, (ast.If, ast.With, ast.Try, ast.For, ast.While)):
                for field in ("body", "orelse", "finalbody"):
                    walk(getattr(st, field, []) or [])
                for h in getattr(st, "handlers", []) or []:
                    walk(h.body)

    def bind(tg, value, line):
        if isinstance(tg, ast.Name):
            out.append((line_base + line, tg.id, literal_of(value)))
        elif isinstance(tg, (ast.Tuple, ast.List)):
            vals = value.elts if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(tg.elts) else None
            for k, e in enumerate(tg.elts):
                if isinstance(e, ast.Name):
                    out.append((line_base + line, e.id, literal_of(vals[k]) if vals else None))

    walk(tree.body)
    return out


def constant_before(assignments, name, line):
    """The literal last assigned to `name` before `line`, None if not a literal, KeyError if never."""
    found = False
    val = None
    for ln, n, v in assignments:
        if ln < line and n == name:
            found, val = True, v
    if not found:
        raise KeyError(name)
    return val


# --------------------------------------------------------------------------
# Programs
# --------------------------------------------------------------------------

class DocProgram:
    """One program of a page: where it is, its text, class and results."""

    def __init__(self):
        self.page = self.relpath = self.qualname = self.text = self.cls = self.why = ""
        self.line = 0
        self.dialect = "tir"
        self.inlined = []
        self.standalone = True    # reads no name of the Python around it, uses no meta-programming
        self.funcs = []           # (class name or None, function name) of its PrimFuncs
        self.name = self.digest = ""
        self.status = ""          # accepted / rejected / crashed
        self.error = ""           # first error line of tirc
        self.stderr = ""
        self.runs = []            # Run results


def tir_aliases_of(bindings):
    return {a for a, b in bindings.items() if acc.dialect_of(b) in ("tir", "tirx")} or {"T"}


def analysis_of(node, bindings):
    """tvm_acceptance's Analysis of a program node, with the sets its analyse() uses."""
    tir = tir_aliases_of(bindings)
    relax = {a for a, b in bindings.items() if acc.dialect_of(b) == "relax"} | {"R"}
    gpu_aliases = {a for a, b in bindings.items()
                   if b[1] and acc.norm_script_module(b[0]) + "." + b[1] in acc.GPU_MODULES}
    an = acc.Analysis(tir | {"T"}, relax, gpu_aliases, node)
    an.visit(node)
    script_aliases = {a for a, b in bindings.items() if acc.dialect_of(b) is not None}
    allowed = acc.DIALECT_ALIASES | script_aliases | acc.BUILTIN_NAMES | {"script"}
    if isinstance(node, ast.ClassDef):
        allowed |= {"cls"}
    free = sorted(an.reads - an.defs - allowed)
    return an, free


def is_pyfunc(fn):
    for d in fn.decorator_list:
        name = acc.dotted(acc.call_target(d)) or ""
        if name.split(".")[-1] == "pyfunc":
            return True
    return False


def strip_python_parts(node):
    """A copy of a module class without its Python methods (@I.pyfunc) and base classes
    (BasePyModule), for analysis: those are Python, not TIR, and TVM runs them as Python."""
    if not isinstance(node, ast.ClassDef):
        return node, False
    pyf = [b for b in node.body if isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)) and is_pyfunc(b)]
    if not pyf and not node.bases and not node.keywords:
        return node, False
    n2 = copy.copy(node)
    n2.body = [b for b in node.body if b not in pyf]
    n2.bases, n2.keywords = [], []
    return n2, bool(pyf)


def prim_funcs_of(node):
    """(class name or None, function name) of each @T.prim_func of a program."""
    def is_prim(fn):
        for d in fn.decorator_list:
            name = acc.dotted(acc.call_target(d)) or ""
            if name.split(".")[-1] == "prim_func":
                return True
        return False
    if isinstance(node, ast.ClassDef):
        return [(node.name, b.name) for b in node.body
                if isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)) and is_prim(b)]
    return [(None, node.name)]


def gpu_markers(an, bindings):
    marks = list(an.gpu)
    for n in sorted(an.reads):
        b = bindings.get(n)
        if n in DOC_GPU_NAMES and (b is None or not b[0].startswith("numpy")):
            marks.append(n)
        elif b and (b[0].startswith(DOC_GPU_MODULES) or
                    (b[1] and (b[0] + "." + b[1]).startswith(DOC_GPU_MODULES))):
            marks.append(n)
    return marks


def find_programs(text, bindings_extra):
    """Programs of one Python text (a tutorial or a code block); returns (programs, tree or None)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None, None
    imports = acc.FileImports(tree)
    if bindings_extra:
        imports.by_scope[("page",)] = dict(bindings_extra)  # a fallback after the text's own
    finder = acc.Finder(imports)
    finder.visit(tree, [tree], [])
    return finder.found, (tree, imports)


def elided(node):
    """Whether a PrimFunc of the program has a bare `...` statement (a fragment of a page)."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Expr) and isinstance(sub.value, ast.Constant) and sub.value.value is Ellipsis:
            return True
    return False


def build_program(p, lines, imports, assignments, file_dialect, relpath):
    """Classify one found program (acc.Program), inline literal constants; a DocProgram."""
    bindings = imports.resolve(p.scopes)
    node_for_analysis, has_pyfunc = strip_python_parts(p.node)
    an, free = analysis_of(node_for_analysis, bindings)
    inlined = []
    if free and not an.meta and not an.ill_formed:
        values = {}
        for n in free:
            try:
                v = constant_before(assignments, n, p.line)
            except KeyError:
                v = None
            if v is None:
                break
            values[n] = v
        else:
            # Write each literal where the program reads the name (right to left per line).
            new = list(lines)
            edits = collections.defaultdict(list)
            for sub in ast.walk(p.node):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) and sub.id in values \
                        and sub.lineno == sub.end_lineno:
                    edits[sub.lineno].append((sub.col_offset, sub.end_col_offset, values[sub.id]))
            for ln, es in edits.items():
                s = new[ln - 1].encode("utf-8")
                for a, b, v in sorted(es, reverse=True):
                    s = s[:a] + v.encode("utf-8") + s[b:]
                new[ln - 1] = s.decode("utf-8")
            try:
                tree2 = ast.parse("\n".join(new))
            except SyntaxError:
                tree2 = None
            if tree2 is not None:
                imp2 = acc.FileImports(tree2)
                imp2.by_scope.update({k: v for k, v in imports.by_scope.items() if k == ("page",)})
                f2 = acc.Finder(imp2)
                f2.visit(tree2, [tree2], [])
                same = [q for q in f2.found if q.node.lineno == p.node.lineno and q.node.name == p.node.name]
                if same:
                    q = same[0]
                    q.qualname, q.line = p.qualname, p.line
                    p, lines, imports = q, new, imp2
                    bindings = imports.resolve(p.scopes)
                    node_for_analysis, has_pyfunc = strip_python_parts(p.node)
                    an, free = analysis_of(node_for_analysis, bindings)
                    inlined = ["%s=%s" % kv for kv in sorted(values.items())]
    # text and dialect as tvm_acceptance writes them
    p.relpath = "doc"
    acc.analyse(p, lines, bindings, file_dialect)
    d = DocProgram()
    d.text, d.dialect, d.inlined = p.text, p.dialect, inlined
    d.qualname = p.qualname
    d.funcs = prim_funcs_of(p.node)
    gpu = gpu_markers(an, bindings)
    d.standalone = not (an.meta or an.ill_formed or free)
    if not d.funcs:
        d.cls, d.why = "relax-only", "no @T.prim_func"
    elif gpu:
        d.cls, d.why = "gpu", gpu[0]
    elif relpath.startswith(GPU_PAGES):
        d.cls, d.why = "gpu", "a page about CUDA"
    elif elided(p.node):
        d.cls, d.why = "fragment", "body elided with ..."
    elif an.ill_formed:
        d.cls, d.why = "ill-formed", "check_well_formed=False"
    elif an.meta:
        d.cls, d.why = "meta", an.meta[0]
    elif free:
        d.cls, d.why = "closure", "reads " + ", ".join(free[:5])
    elif an.relax_fn or has_pyfunc:
        d.cls, d.why = "mixed", "@R.function" if an.relax_fn else "@I.pyfunc"
    else:
        d.cls, d.why = "cpu", ""
    return d


def page_programs(relpath, text, tag_dialect, stats):
    """All programs of one page of the docs (or one source file of mlc-llm)."""
    found = []
    page = os.path.basename(relpath)
    if relpath.endswith(".py"):
        blocks = [(1, text)]
    elif relpath.endswith(".md"):
        blocks = md_blocks(text)
    else:
        blocks = rst_blocks(text)
    m = acc.TIR_IMPORT_RE.search(text)
    page_dialect = m.group(1) if m else tag_dialect
    page_bindings = {}
    page_assign = []
    for first, block in blocks:
        progs, parsed = find_programs(block, page_bindings)
        if parsed is None:
            if PROGRAM_HINT.search(block):
                stats["unparsable"] += 1
                stats["unparsable_where"].append("%s:%d" % (relpath, first))
            continue
        tree, imports = parsed
        lines = block.splitlines()
        assign = page_assign + module_assignments(tree, line_base=0)
        # earlier blocks' assignments come "before" every line of this block
        assign = [(-1 if k < len(page_assign) else ln, n, v) for k, (ln, n, v) in enumerate(assign)]
        for p in progs:
            p.line = min([d.lineno for d in p.node.decorator_list] + [p.node.lineno])
            d = build_program(p, lines, imports, assign, page_dialect, relpath)
            d.page, d.relpath, d.line = page, relpath, first - 1 + p.line
            found.append(d)
        # what the next blocks of the page see
        for scope, b in imports.by_scope.items():
            if scope is tree:
                page_bindings.update(b)
        page_assign = [(-1, n, v) for _, n, v in assign]
    return found


# --------------------------------------------------------------------------
# Extraction from git
# --------------------------------------------------------------------------

def read_tree(gitdir, ref, folder, exts):
    data = acc.git(gitdir, "archive", "--format=tar", ref, folder)
    files = []
    with tarfile.open(fileobj=io.BytesIO(data)) as tf:
        for m in tf.getmembers():
            if m.isfile() and m.name.endswith(exts):
                files.append((m.name, tf.extractfile(m).read().decode("utf-8", "replace")))
    files.sort()
    return files


def extract(gitdir, ref, folder, exts, workdir):
    files = read_tree(gitdir, ref, folder, exts)
    dialects = collections.Counter(m.group(1) for _, text in files for m in acc.TIR_IMPORT_RE.finditer(text))
    tag_dialect = "tirx" if dialects["tirx"] > dialects["tir"] else "tir"
    stats = collections.Counter()
    stats["unparsable_where"] = []
    progs = []
    used = set()
    for rel, text in files:
        if not PROGRAM_HINT.search(text):
            continue
        ps = page_programs(rel, text, tag_dialect, stats)
        if ps:
            stats["pages"] += 1
        for d in ps:
            base = acc.safe_name(re.sub(r"\.(py|rst|md)$", "", rel).replace("/", ".") + "." + d.qualname)
            acc.write_program(workdir, d, base, used)
            progs.append(d)
    return stats, progs


# --------------------------------------------------------------------------
# Running tirc and tirvm
# --------------------------------------------------------------------------

SANITIZER_RE = acc.SANITIZER_RE
ERROR_LINE_RE = re.compile(r"^(?:(.*?):(\d+)(?::(\d+))?: |.*?: )?error: (.*)$")


def run(cmd, timeout, cwd=None):
    """(status, stdout, stderr, crashed-why or '')."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)  # the process group of this one run
        out, err = proc.communicate()
        return -9, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), "timeout after %g s" % timeout
    out, err = out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
    why = ""
    if proc.returncode < 0:
        why = "killed by signal %d" % -proc.returncode
    elif proc.returncode > 1:
        why = "exit status %d" % proc.returncode
    elif SANITIZER_RE.search(err):
        why = "sanitizer report"
    return proc.returncode, out, err, why


def first_error(err, text_lines):
    """'LINE: message (source line)' of tirc's first error."""
    for line in err.splitlines():
        m = ERROR_LINE_RE.match(line.strip())
        if m:
            msg = m.group(4)
            if m.group(2):
                ln = int(m.group(2))
                src = text_lines[ln - 1].strip() if 0 < ln <= len(text_lines) else ""
                return "line %s: %s   [%s]" % (ln, msg, src[:100])
            return msg
    return (err.strip().splitlines() or ["(no error message)"])[0]


INFO_FUNC_RE = re.compile(r"^function (.+?)(?: -> \S+)?$")  # "-> TYPE" when it returns a value
INFO_PARAM_RE = re.compile(r"^  (\S+?)(?: \(buffer (\S+?)\))?: (buffer )?([\w]+)(?:\[(.*)\])?$")


def parse_info(text):
    """{function: [(name, alias, is_buffer, dtype, [dims])]} from `tirvm info`."""
    funcs = collections.OrderedDict()
    cur = None
    for line in text.splitlines():
        m = INFO_FUNC_RE.match(line)
        if m:
            cur = funcs.setdefault(m.group(1).strip("'\""), [])
            continue
        m = INFO_PARAM_RE.match(line)
        if m and cur is not None:
            dims = [x.strip() for x in m.group(5).split(",")] if m.group(5) else []
            cur.append((m.group(1), m.group(2), bool(m.group(3)), m.group(4), dims))
    return funcs


class Run:
    def __init__(self, func, status, detail, ref_key=""):
        self.func, self.status, self.detail, self.ref_key = func, status, detail, ref_key


SYMBOL_SIZES = [7, 5, 6, 9, 4, 3, 8]


def np_dtype(dt):
    if dt == "bool":
        return np.bool_
    if dt in ("bfloat16",) or "x" in dt:
        return None
    try:
        return np.dtype(dt)
    except TypeError:
        return None


def make_input(rng, dt, shape):
    d = np_dtype(dt)
    if d is None:
        return None
    if d == np.bool_:
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if np.issubdtype(d, np.floating):
        return rng.uniform(-1.0, 1.0, size=shape).astype(d)
    if np.issubdtype(d, np.unsignedinteger):
        return rng.integers(0, 16, size=shape).astype(d)
    return rng.integers(-8, 8, size=shape).astype(d)


def compare(out, ref):
    """'' when out matches ref, else a description of the first difference."""
    ref = np.asarray(ref)
    if out.shape != ref.shape:
        try:
            ref = np.broadcast_to(ref, out.shape)
        except ValueError:
            return "shape %s, the reference's %s" % (out.shape, ref.shape)
    if np.issubdtype(out.dtype, np.floating):
        o, r = out.astype(np.float64), ref.astype(np.float64)
        scale = float(np.max(np.abs(r))) if r.size else 0.0
        bad = ~(np.abs(o - r) <= 1e-4 * (np.abs(r) + scale)) | (np.isnan(o) != np.isnan(r))
        bad &= ~(np.isnan(o) & np.isnan(r))
    else:
        bad = out.astype(np.int64) != ref.astype(np.int64)
    if not bad.any():
        return ""
    idx = tuple(int(i) for i in np.argwhere(bad)[0])
    return "%d of %d elements differ; first at %s: got %r, numpy %r (max abs error %.3g)" % (
        int(bad.sum()), bad.size, list(idx), out[idx].item(), ref[idx].item(),
        float(np.max(np.abs(out.astype(np.float64) - ref.astype(np.float64)))))


def make_scalar(rng, dt):
    d = np_dtype(dt)
    if d is None or d == np.bool_:
        v = bool(rng.integers(0, 2))
        return v, ("True" if v else "False")
    if np.issubdtype(d, np.floating):
        v = float(d.type(rng.uniform(-1.0, 1.0)))
        return v, repr(v)
    v = int(rng.integers(0, 16) if np.issubdtype(d, np.unsignedinteger) else rng.integers(-8, 8))
    return v, str(v)


def run_program(d, path, tirc, tirvm, timeout, rng, rundir):
    """Compile d, run each PrimFunc that has a reference; fill d.runs."""
    tirbc = os.path.join(rundir, "module.tirbc")
    st, _, err, why = run([tirc, path, "-o", tirbc], timeout)
    if why:
        d.runs.append(Run("(compile)", "crashed", "tirc %s\n%s" % (why, err.strip())))
        return
    if st != 0:
        d.runs.append(Run("(compile)", "compile-error", "tirc --check accepts it, tirc refuses to compile it: "
                          + first_error(err, d.text.splitlines())))
        return
    st, out, err, why = run([tirvm, "info", tirbc], timeout)
    if st != 0 or why:
        d.runs.append(Run("(info)", "crashed" if why else "run-error", "tirvm info: %s %s" % (why, err.strip())))
        return
    info = parse_info(out)
    cls_of = {f: c for c, f in d.funcs}
    for func, params in info.items():
        ref, key = find_ref(d.page, cls_of.get(func), func)
        if ref is None:
            d.runs.append(Run(func, "not-run", "no reference"))
            continue
        r = run_one(func, params, ref, key, tirbc, tirvm, timeout, rng, rundir)
        d.runs.append(r)


def run_one(func, params, ref, key, tirbc, tirvm, timeout, rng, rundir):
    sizes = dict(ref.sizes)
    symbols = []
    for _, _, isb, _, dims in params:
        for x in dims:
            if not re.fullmatch(r"\d+", x) and x not in symbols:
                symbols.append(x)
    for x in symbols:
        if x not in sizes:
            free = [n for n in SYMBOL_SIZES if n not in sizes.values()] or SYMBOL_SIZES
            sizes[x] = free[0]
    values = []
    for k, (name, alias, isb, dt, dims) in enumerate(params):
        if not isb:
            values.append(make_scalar(rng, dt)[0] if k not in ref.out else None)
            continue
        shape = [int(x) if re.fullmatch(r"\d+", x) else sizes[x] for x in dims]
        if np_dtype(dt) is None:
            return Run(func, "not-run", "parameter %s has dtype %s, which numpy cannot hold" % (name, dt), key)
        if k in ref.out and k not in ref.inout:
            values.append(np.zeros(shape, dtype=np_dtype(dt)))
        else:
            values.append(make_input(rng, dt, shape))
    if ref.prepare:
        ref.prepare(rng, values, sizes)
    args, outs = [], {}
    for k, (name, alias, isb, dt, dims) in enumerate(params):
        if not isb:
            if values[k] is None:
                return Run(func, "not-run", "scalar output parameter %s" % name, key)
            v = values[k]
            args.append("%s=%s" % (name, ("True" if v else "False") if isinstance(v, bool) else repr(v)))
            continue
        values[k] = np.ascontiguousarray(values[k], dtype=np_dtype(dt))
        f = os.path.join(rundir, "%s.%d.npy" % (func, k))
        np.save(f, values[k])
        args.append("%s=%s" % (name, f))
        if k in ref.out:
            outs[k] = os.path.join(rundir, "%s.%d.out.npy" % (func, k))
            args += ["--out", "%s=%s" % (name, outs[k])]
    st, _, err, why = run([tirvm, "run", tirbc, "--entry", func] + args, timeout)
    if why:
        return Run(func, "crashed", "tirvm %s\n%s" % (why, err.strip()), key)
    if st != 0:
        return Run(func, "run-error", err.strip().splitlines()[-1] if err.strip() else "exit 1", key)

    def wide(a):
        if isinstance(a, np.ndarray):
            return a.astype(np.float64) if np.issubdtype(a.dtype, np.floating) else a.astype(np.int64)
        return a
    ins = [wide(v) for k, v in enumerate(values) if k not in ref.out or k in ref.inout]
    try:
        want = ref.fn(*ins)
    except Exception as e:  # a reference that does not fit this program
        return Run(func, "not-run", "reference %s does not fit: %s: %s" % (key, type(e).__name__, e), key)
    if not isinstance(want, tuple):
        want = (want,)
    diffs = []
    for k, w in zip(ref.out, want):
        msg = compare(np.load(outs[k]), w)
        if msg:
            diffs.append("%s: %s" % (params[k][0], msg))
    shape_note = ", ".join("%s=%d" % (x, sizes[x]) for x in symbols)
    if diffs:
        return Run(func, "mismatch", "; ".join(diffs) + (" [%s]" % shape_note if shape_note else ""), key)
    return Run(func, "match", shape_note, key)


# --------------------------------------------------------------------------
# Driver and report
# --------------------------------------------------------------------------

def snapshot(paths, bindir):
    """Copy the binaries and the shared libraries of their build trees; return the copies."""
    copies = []
    for p in paths:
        deadline = time.time() + 300
        while not os.access(p, os.X_OK):
            if time.time() > deadline:
                raise SystemExit("error: %s is not an executable" % p)
            time.sleep(2)
        c = os.path.join(bindir, os.path.basename(p))
        shutil.copy2(p, c)
        for soname, lib in acc.project_libraries(p):
            shutil.copy2(lib, os.path.join(bindir, soname))
        copies.append(c)
    os.environ["LD_LIBRARY_PATH"] = bindir + (
        ":" + os.environ["LD_LIBRARY_PATH"] if os.environ.get("LD_LIBRARY_PATH") else "")
    return copies


def check(results, tirc, tirvm, timeout, seed, keep):
    cache = {}
    for label, (stats, progs, wd) in results.items():
        for d in progs:
            path = os.path.join(wd, d.name)
            if d.digest not in cache:
                st, _, err, why = run([tirc, "--check", path], timeout)
                if why:
                    cache[d.digest] = ("crashed", why + "\n" + err.strip(), err)
                elif st == 0:
                    cache[d.digest] = ("accepted", "", err)
                else:
                    cache[d.digest] = ("rejected", first_error(err, d.text.splitlines()), err)
            d.status, d.error, d.stderr = cache[d.digest]
            if d.status == "accepted" and d.cls in ("cpu", "mixed"):
                rundir = os.path.join(wd, "runs", os.path.basename(d.name)[:-3]) if keep else \
                    tempfile.mkdtemp(prefix="docs-run-")
                os.makedirs(rundir, exist_ok=True)
                rng = np.random.default_rng([seed, int(d.digest[:8], 16)])
                try:
                    run_program(d, path, tirc, tirvm, timeout, rng, rundir)
                finally:
                    if not keep:
                        shutil.rmtree(rundir, ignore_errors=True)


def summary(results):
    header = ["tag", "pages with programs", "programs", "standalone", "Relax only", "GPU (acc.)", "excluded (closure / meta / fragment)",
              "mixed Relax/Python (acc.)",
              "CPU", "accepted", "rejected", "PrimFuncs run = numpy", "mismatch / run or compile error",
              "compiled, not run", "crashes"]
    rows = []
    for label, (stats, progs, _) in results.items():
        c = collections.Counter(d.cls for d in progs)
        cpu = [d for d in progs if d.cls == "cpu"]
        runs = [r for d in progs for r in d.runs]
        rc = collections.Counter(r.status for r in runs)
        crashes = sum(1 for d in progs if d.status == "crashed") + rc["crashed"]
        rows.append([
            label, stats["pages"], len(progs), sum(1 for d in progs if d.standalone), c["relax-only"],
            "%d (%d)" % (c["gpu"], sum(1 for d in progs if d.cls == "gpu" and d.status == "accepted")),
            "%d / %d / %d" % (c["closure"], c["meta"] + c["ill-formed"], c["fragment"]),
            "%d (%d)" % (c["mixed"], sum(1 for d in progs if d.cls == "mixed" and d.status == "accepted")),
            len(cpu), sum(1 for d in cpu if d.status == "accepted"),
            sum(1 for d in cpu if d.status == "rejected"),
            rc["match"], "%d / %d" % (rc["mismatch"], rc["run-error"] + rc["compile-error"]),
            rc["not-run"], crashes,
        ])
    return header, rows


def report(results, markdown):
    header, rows = summary(results)
    acc.print_table(header, rows, markdown)
    bad = 0
    # per program, grouped by identical text across tags
    def group(pred):
        g = collections.OrderedDict()
        for label, (_, progs, wd) in results.items():
            for d in progs:
                for item in pred(d):
                    key = (d.relpath, d.qualname, item)
                    g.setdefault(key, []).append(label)
        return g

    rej = group(lambda d: [d.error] if d.status == "rejected" and d.cls in ("cpu", "mixed") else [])
    print("Rejected CPU programs (%d distinct):" % len(rej))
    for (rel, q, err), labels in rej.items():
        print("  %s %s [%s]\n      %s" % (rel, q, ", ".join(labels), err))
    if not rej:
        print("  none")
    print()
    notrun = group(lambda d: ["%s (%s)" % (r.func, r.detail) for r in d.runs if r.status == "not-run"])
    print("Compiled, not run (%d distinct):" % len(notrun))
    for (rel, q, what), labels in notrun.items():
        print("  %s %s: %s [%s]" % (rel, q, what, ", ".join(labels)))
    if not notrun:
        print("  none")
    print()
    ok = group(lambda d: ["%s = %s%s" % (r.func, r.ref_key, " (%s)" % r.detail if r.detail else "")
                          for r in d.runs if r.status == "match"])
    print("Run, equal to numpy (%d distinct):" % len(ok))
    for (rel, q, what), labels in ok.items():
        print("  %s %s: %s [%s]" % (rel, q, what, ", ".join(labels)))
    print()
    inl = group(lambda d: [", ".join(d.inlined)] if d.inlined else [])
    if inl:
        print("Programs that read tutorial constants (inlined as TVM evaluates them):")
        for (rel, q, what), labels in inl.items():
            print("  %s %s: %s [%s]" % (rel, q, what, ", ".join(labels)))
        print()
    fails = group(lambda d: ["%s %s: %s" % (r.status.upper(), r.func, r.detail)
                             for r in d.runs if r.status in ("mismatch", "run-error", "compile-error", "crashed")]
                  + (["TIRC CRASH: " + d.error] if d.status == "crashed" else []))
    for (rel, q, what), labels in fails.items():
        bad += 1
        print("!!! %s %s [%s]\n    %s" % (rel, q, ", ".join(labels), what.replace("\n", "\n    ")))
    if not fails:
        print("No mismatches, run errors or crashes.")
    return bad


def resolve(gitdir, ref):
    if ref == "HEAD":
        sha = acc.git(gitdir, "rev-parse", "HEAD").decode().strip()
        label = "HEAD"
        try:
            desc = acc.git(gitdir, "describe", "--tags", "--match", "v*.dev0", "HEAD").decode().strip()
            m = re.match(r"v(\d+\.\d+)\.dev0", desc)
            if m:
                label = "HEAD (%s.dev)" % m.group(1)
        except subprocess.CalledProcessError:
            pass
        return sha, label
    return acc.resolve_ref(gitdir, ref)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tvm", help="TVM git directory (bare repository or .git)")
    ap.add_argument("--tirc", required=True, help="path to the tirc binary")
    ap.add_argument("--tirvm", required=True, help="path to the tirvm binary")
    ap.add_argument("--tags", help="comma-separated tags/branches/HEAD (default: every vX.Y.0 from v0.18.0, HEAD)")
    ap.add_argument("--mlc", metavar="GITDIR", help="mlc-llm git directory: also check the kernels of python/")
    ap.add_argument("--mlc-ref", default="HEAD", help="mlc-llm revision (default HEAD)")
    ap.add_argument("--markdown", action="store_true", help="print the table in Markdown")
    ap.add_argument("--keep", metavar="DIR", help="keep programs and run files in DIR/LABEL/")
    ap.add_argument("--seed", type=int, default=0, help="random inputs' seed (default 0)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per tirc/tirvm run (default 60)")
    args = ap.parse_args()
    if not args.tvm and not args.mlc:
        ap.error("give --tvm, --mlc or both")

    base = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="tvm-docs-")
    os.makedirs(base, exist_ok=True)
    bindir = tempfile.mkdtemp(prefix="tvm-docs-bin-")
    results = collections.OrderedDict()
    try:
        tirc, tirvm = snapshot([os.path.abspath(args.tirc), os.path.abspath(args.tirvm)], bindir)
        jobs = []
        if args.tvm:
            tags = args.tags.split(",") if args.tags else acc.default_tags(args.tvm) + ["HEAD"]
            for t in tags:
                ref, label = resolve(args.tvm, t.strip())
                jobs.append((args.tvm, ref, label, "docs", (".py", ".rst", ".md")))
        if args.mlc:
            sha = acc.git(args.mlc, "rev-parse", args.mlc_ref).decode().strip()
            jobs.append((args.mlc, sha, "mlc-llm %s" % sha[:10], "python", (".py",)))
        for gitdir, ref, label, folder, exts in jobs:
            wd = os.path.join(base, acc.safe_name(label))
            if os.path.exists(wd):
                shutil.rmtree(wd)
            os.makedirs(wd)
            stats, progs = extract(gitdir, ref, folder, exts, wd)
            print("%s: %d programs in %d pages" % (label, len(progs), stats["pages"]), file=sys.stderr)
            results[label] = (stats, progs, wd)
        check(results, tirc, tirvm, args.timeout, args.seed, bool(args.keep))
        print("tirc: %s, tirvm: %s\n" % (args.tirc, args.tirvm))
        bad = report(results, args.markdown)
        for label, (stats, _, _) in results.items():
            if stats["unparsable"]:
                print("%s: code blocks with a program that Python cannot parse (%d): %s" % (
                    label, stats["unparsable"], ", ".join(stats["unparsable_where"])))
        if args.keep:
            print("Programs kept in %s/LABEL/CLASS/" % base)
    finally:
        shutil.rmtree(bindir, ignore_errors=True)
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
