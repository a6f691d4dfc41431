/* The TVMScript builder's private interface: the types its files share and
 * the functions they call across files.  Each file does one job:
 *   script.c         functions and modules (the public entry point)
 *   script_stmt.c    statements, suite by suite
 *   script_blocks.c  blocks: axes, reads/writes, T.init, T.where, buffers in blocks
 *   script_expr.c    evaluating Python expressions to script values
 *   script_calls.c   the T.* functions called in expressions, and their arguments
 *   script_values.c  script values, scopes and TVM's type promotion
 *   script_vaccess.c Buffer.vload / Buffer.vstore, predicated lane by lane
 *   script_globals.c module-level names: constants, tirc -D definitions, @T.macro
 *   script_hints.c   "did you mean" suggestions for misspelled names
 * See docs/tvmscript.md for the rules the builder follows; section
 * numbers in comments refer to it.  Functions called across files are
 * prefixed sb_ (script builder). */
#ifndef TIR_SCRIPT_INTERNAL_H
#define TIR_SCRIPT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "py_ast.h"
#include "tir_ast.h"

/* ---- script values --------------------------------------------------------
 * Evaluating a Python expression yields one of these, like TVM's parser
 * yields Python objects: a PrimExpr, a Python literal not yet typed, a
 * buffer, a tuple, a reference to a T.xxx function, ... */
typedef enum {
    SV_NONE, SV_EXPR, SV_PYINT, SV_PYFLOAT, SV_PYBOOL, SV_STR, SV_BUFFER, SV_TUPLE, SV_DICT,
    SV_DIALECT, /* the T or I alias itself */
    SV_TFUNC,   /* T.name (or I.name): name holds the dotted suffix */
    SV_METHOD,  /* expr.astype */
    SV_GFUNC,   /* Module.f */
    SV_CLASS,   /* the module class name */
    SV_RANGE,   /* the Python builtin range */
    SV_REGION,  /* A[lo:hi, j] where a region is expected */
    SV_SLICE,
    SV_LOOP,    /* the result of range/T.serial/T.grid/...: a loop description */
    SV_MACRO,   /* a @T.macro function (macro) */
} sv_kind;

typedef struct module_global module_global;

typedef struct sval sval;
struct sval {
    sv_kind kind;
    tir_loc loc;
    tir_expr *e;
    int64_t i; /* SV_PYINT, SV_PYBOOL */
    bool big;  /* SV_PYINT: a literal from 2^63 to 2^64-1, held as its uint64 bits in i */
    double f;
    const char *s; /* SV_STR text; SV_TFUNC/SV_GFUNC/SV_METHOD name */
    tir_buffer *buf;
    uint32_t n;
    sval *items; /* SV_TUPLE items, SV_DICT keys */
    sval *values; /* SV_DICT values */
    tir_region region;
    /* SV_SLICE */
    tir_expr *lo, *hi, *step;
    /* SV_LOOP */
    tir_for_kind for_kind;
    uint32_t nloops;
    tir_expr **mins, **extents;
    const char *thread_tag;
    bool is_dialect_ir; /* SV_DIALECT: I rather than T */
    module_global *macro; /* SV_MACRO */
    /* SV_NONE: the value of something that failed, whose error was
     * reported (an undefined name, a failed definition); whoever receives
     * it fails quietly instead of reporting the failure again */
    bool poisoned;
};

/* ---- scopes -------------------------------------------------------------- */
/* BIND_SCALAR: tirx >= 0.25's mutable scalar, a one-element local buffer
 * that reads as its element and is assigned by a store (tvmscript-tirx.md 1.5) */
/* BIND_FAILED: a name whose definition failed (already reported); its uses
 * fail quietly instead of each reporting it as undefined */
/* BIND_TUPLE: `for ij in T.grid(...)`'s one name for all the loop variables,
 * a tuple of them (tuple_vars) */
/* BIND_VALUE: a macro parameter, bound to the script value of its argument
 * (value); BIND_BARRIER: where a hygienic macro's names begin, looking a
 * name up stops there (the caller's names are not the macro's) */
typedef enum { BIND_VAR, BIND_BUFFER, BIND_SCALAR, BIND_FAILED, BIND_TUPLE, BIND_VALUE, BIND_BARRIER } bind_kind;
typedef struct binding binding;
struct binding {
    const char *name;
    bind_kind kind;
    tir_var *var;
    tir_buffer *buf;
    /* loop variables remember their loop range for T.axis.remap */
    tir_expr *loop_min, *loop_extent;
    uint32_t ntuple;
    tir_var **tuple_vars; /* BIND_TUPLE */
    const sval *value;    /* BIND_VALUE */
    binding *next;
};

/* A name assigned at module level: a constant (M = 128, dtype = "float32")
 * or a @T.macro.  Globals are kept in the order the module defines them;
 * code sees those defined before it, as TVM's parser sees the Python
 * globals of the moment a function is decorated.  A name assigned twice has
 * two entries, the later one hiding the earlier from the code after it. */
struct module_global {
    const char *name;
    tir_loc loc;
    sval value;          /* a constant: SV_PYINT/PYFLOAT/PYBOOL/STR/TFUNC, or a SV_TUPLE of them */
    const py_stmt *def;  /* a macro's definition (NULL for a constant) */
    bool hygienic;       /* a macro: its free names are those of its definition */
    uint32_t visible;    /* a macro: how many globals were defined before it */
    sval *defaults;      /* a macro: its parameters' default values (SV_NONE: none) */
    uint32_t expansions; /* a macro: how many times it was expanded so far */
};

typedef struct {
    tir_arena *a;
    tir_diag *d;
    const char *t_alias, *i_alias; /* dialect aliases */
    const char *class_name;        /* the @I.ir_module class being built */
    binding *scope;
    tir_block *cur_block; /* innermost block whose suite is being built */
    tir_block *root;      /* implicit root block of the function */
    bool saw_block;
    tir_func *func;
    bool in_func_top;     /* building the function's top-level suite */
    const py_module *pm;
    tir_vec funcs;
    int depth; /* expression nesting being evaluated */
    /* names of module functions, for Module.f references */
    const py_stmt *module_class;
    /* 0 for the classic tir dialect (TVM 0.18-0.23); for tirx, the minor
     * version of TVM whose meaning applies (24: x = e binds; 25 and later:
     * x = e makes a mutable scalar) */
    int tirx;
    /* signature variables declared by a quoted shape or a PEP 695 type
     * parameter; `n = T.int32()` in the body refers to them */
    tir_vec sig_vars;
#define MAX_TYPEVARS 16
    const char *typevars[MAX_TYPEVARS]; /* module-level M = TypeVar("M") */
    uint32_t ntypevars;
    /* module-level constants (module_global *), in definition order; the
     * code being built sees the first nvisible of them */
    tir_vec globals;
    uint32_t nvisible;
    /* constants from tirc -D NAME=VALUE: they override the module's */
    uint32_t ndefines;
    module_global *defines;
    uint32_t module_pos; /* index of the module-level statement being read */
    int tvm_minor;       /* the release given with --tvm-version, 0 if none */
    /* why the classic dialect is read ("this file imports the classic
     * `tir` (...)"), for messages about tirx's spellings */
    const char *dialect_reason;
    /* macro expansion: nesting depth, the innermost macro being expanded,
     * and the suffix TVM >= 0.23 appends to the names of the blocks of a
     * macro's second and later expansions ("_1", "_2", ...) */
    int macro_depth;
    const module_global *cur_macro;
    const char *block_suffix;
    tir_loc macro_note; /* the call the last "expanded here" note named */
    /* variables whose integer width comes from Python literals only: loops
     * with constant bounds (range(16), T.vectorized(16)), block axes bound
     * to them; see sb_weak_index */
    tir_vec weak_vars;
} builder;

/* Arguments of a call, evaluated, with keyword lookup. */
typedef struct {
    uint32_t n, nkw;
    sval *pos;
    const char **kwnames;
    sval *kw;
    tir_loc loc;
} call_args;

static inline sval sv_none(tir_loc loc)
{
    sval v;
    memset(&v, 0, sizeof v);
    v.kind = SV_NONE;
    v.loc = loc;
    return v;
}

static inline sval sv_expr(tir_expr *e)
{
    sval v = sv_none(e->loc);
    v.kind = SV_EXPR;
    v.e = e;
    return v;
}

/* Reports an error at loc (printf-style message). */
#define ERR(b, loc, ...) tir_diag_error((b)->d, (loc), __VA_ARGS__)
#define UNSUPPORTED(b, loc, ...) tir_diag_unsupported((b)->d, (loc), __VA_ARGS__)

/* ---- script_values.c: scopes, literals, TVM's operators (6.1, 6.3) ------- */
void sb_bind(builder *b, const char *name, bind_kind kind, tir_var *var, tir_buffer *buf);
binding *sb_lookup(builder *b, const char *name);
binding *sb_lookup_var_binding(builder *b, tir_var *v);
tir_expr *sb_int_literal(builder *b, int64_t v, tir_loc loc);
tir_expr *sb_to_expr(builder *b, const sval *v);
tir_expr *sb_to_expr_as(builder *b, const sval *v, tir_dtype want);
tir_expr *sb_to_bool_expr(builder *b, const sval *v);
tir_expr *sb_cast_folded(builder *b, tir_dtype to, tir_expr *x);
tir_expr *sb_broadcast(builder *b, tir_expr *x, int lanes);
bool sb_match_types(builder *b, tir_expr **px, tir_expr **py, tir_loc loc, const char *what);
tir_expr *sb_arith(builder *b, tir_expr_kind kind, const sval *sa, const sval *sb, tir_loc loc);
tir_expr *sb_compare(builder *b, tir_expr_kind kind, const sval *sa, const sval *sb, tir_loc loc);
tir_expr *sb_call_node(builder *b, tir_dtype dt, const char *op, tir_expr **args, uint32_t n, tir_loc loc);
/* v's width comes from Python literals only (a loop over range(16)) */
void sb_mark_weak(builder *b, tir_var *v);
/* Is e's width that of its literals only: constants, weak variables and
 * arithmetic of them?  Such an index takes the width of the access's other
 * indices (sb_region_or_load). */
bool sb_weak_index(builder *b, const tir_expr *e);
/* "tir.<name>", in the arena */
char *sb_op_name(builder *b, const char *name);

/* ---- script_calls.c: T.* calls and their arguments ------------------------ */
const sval *sb_kwarg(const call_args *ca, const char *name);
const sval *sb_arg(const call_args *ca, uint32_t i, const char *name);
bool sb_dtype_of(builder *b, const sval *v, tir_dtype *out);
bool sb_py_int_of(builder *b, const sval *v, int64_t *out, const char *what);
bool sb_shape_of(builder *b, const sval *v, uint32_t *n, tir_expr ***out);
tir_buffer *sb_make_buffer(builder *b, const char *name, const call_args *ca, uint32_t shape_pos,
                           bool allow_data, tir_loc loc);
sval sb_make_loop(builder *b, tir_for_kind kind, const call_args *ca, const char *fname);
sval sb_call_t(builder *b, const char *name, const call_args *ca);

/* ---- script_expr.c: evaluating expressions -------------------------------- */
sval sb_eval(builder *b, const py_expr *x);
bool sb_eval_args(builder *b, const py_expr *x, call_args *ca);
sval sb_eval_subscript(builder *b, const py_expr *x, bool want_region);
sval sb_eval_binop(builder *b, const py_expr *x);
sval sb_region_or_load(builder *b, tir_buffer *buf, const py_expr *index, bool want_region);
bool sb_annotation_dtype(builder *b, const py_expr *ann, tir_dtype *out);
/* The classic name of a T.<name> of the tirx dialect (T.sblock is T.block,
 * ...); tirx's statement-level T.alloc_buffer is "tirx_alloc_buffer". */
const char *sb_canonical_t_name(const builder *b, const char *name);
/* Parses a dtype written as T.<name>: "float32", or TVM 0.25's alias "f32". */
bool sb_dtype_name(const char *name, tir_dtype *out);
/* Is e a call of T.<name> (name may be dotted: "axis.remap")?  Names are
 * compared after sb_canonical_t_name. */
bool sb_is_t_call(builder *b, const py_expr *e, const char *name);
/* ... of T.<prefix>.<anything>? */
bool sb_is_t_call_prefix(builder *b, const py_expr *e, const char *prefix);

/* ---- script_globals.c: module-level constants and macros ------------------- */
/* Reads the -D definitions of the command line (m->defines). */
void sb_read_defines(builder *b, const py_module *m);
/* name = <constant> at module level (also a = b = c, a, b = x, y and
 * name: annotation = c); returns false, reporting nothing, if the value is
 * not a constant. */
bool sb_module_assign(builder *b, const py_stmt *s);
/* The constant named name that the code being built sees (a -D definition
 * first), or NULL. */
module_global *sb_lookup_global(builder *b, const char *name);
/* Its value at a use at loc. */
sval sb_global_value(builder *b, const module_global *g, tir_loc loc);
/* Does a module-level statement after the code being built assign name?
 * (for messages: TVM reads globals when a function is defined) */
bool sb_assigned_later(builder *b, const char *name, tir_loc *where);
/* Is d the decorator @T.macro or @T.macro(...)? */
bool sb_is_macro_decorator(builder *b, const py_expr *d);
/* @T.macro [(hygienic=...)] def name(...): records the macro. */
void sb_define_macro(builder *b, const py_stmt *def);
/* The macro a call statement calls (a name bound to one), or NULL. */
module_global *sb_called_macro(builder *b, const py_expr *call);
/* Expands the macro at the call statement: its body, built with the call's
 * arguments bound to its parameters.  *empty is set when the body makes no
 * statement (it only configures the enclosing block).  NULL on error. */
tir_stmt *sb_expand_macro(builder *b, module_global *g, const py_expr *call, bool *empty);
/* The binding of name past the barrier of the hygienic macro being
 * expanded: a name of its caller (for messages), or NULL. */
binding *sb_lookup_caller(builder *b, const char *name);

/* Is T.<name> a spelling of the tirx dialect only (T.sblock, ...) while the
 * classic one is read?  Then reports it, saying what to write instead. */
bool sb_tirx_spelling(builder *b, const char *name, tir_loc loc);

/* "; did you mean 'T.x'?" for a misspelled T.<name> (a function, statement
 * or dtype of the dialect), or "". */
const char *sb_t_name_hint(builder *b, const char *name);
/* Does a call take only the keyword arguments in accepted (NULL-ended)?
 * Otherwise reports the first other one, as Python does, for `what`. */
bool sb_check_kwargs(builder *b, const call_args *ca, const char *what, const char *const *accepted);

/* ---- script_hints.c: "did you mean" ---------------------------------------- */
/* The candidate nearest to name by edit distance when it is close enough to
 * be a misspelling of it (CPython's rule), else NULL. */
const char *sb_nearest(const char *name, const char *const *candidates, size_t n);
/* "; did you mean 'x'?" for an undefined name among the names in scope, or "". */
const char *sb_name_hint(builder *b, const char *name);
/* The same among keyword names (a NULL-ended list). */
const char *sb_kwarg_hint(builder *b, const char *kw, const char *const *accepted);
/* The same among T.<name> candidates, shown with the dialect's alias. */
const char *sb_t_hint(builder *b, const char *name, const char *const *candidates, size_t n);

/* ---- script_vaccess.c: Buffer.vload / Buffer.vstore (with predicates) ---- */
sval sb_vload(builder *b, tir_buffer *buf, const call_args *ca);
tir_stmt *sb_vstore(builder *b, tir_buffer *buf, const call_args *ca);

/* ---- script_blocks.c: blocks ---------------------------------------------- */
bool sb_block_statement(builder *b, const py_stmt *st, bool *ok);
tir_stmt *sb_build_block(builder *b, const py_stmt *st, const py_expr *call);
bool sb_block_match_buffer(builder *b, const py_stmt *st);

/* ---- script_stmt.c: statements -------------------------------------------- */
tir_stmt *sb_build_suite(builder *b, const py_suite *s, uint32_t from, tir_loc loc);
tir_stmt *sb_build_body(builder *b, const py_suite *s, tir_loc loc);

#endif
