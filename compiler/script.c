/* TVMScript → TIR AST.  See ../shared/docs/tvmscript.md for the rules this
 * follows; section numbers in comments refer to it. */
#include "script.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fold.h"

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
} sv_kind;

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
};

/* ---- scopes -------------------------------------------------------------- */
typedef enum { BIND_VAR, BIND_BUFFER } bind_kind;
typedef struct binding binding;
struct binding {
    const char *name;
    bind_kind kind;
    tir_var *var;
    tir_buffer *buf;
    /* loop variables remember their loop range for T.axis.remap */
    tir_expr *loop_min, *loop_extent;
    binding *next;
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
} builder;

static sval sv_none(tir_loc loc)
{
    sval v;
    memset(&v, 0, sizeof v);
    v.kind = SV_NONE;
    v.loc = loc;
    return v;
}

static sval sv_expr(tir_expr *e)
{
    sval v = sv_none(e->loc);
    v.kind = SV_EXPR;
    v.e = e;
    return v;
}

#define ERR(b, loc, ...) tir_diag_error((b)->d, (loc), __VA_ARGS__)

static void bind(builder *b, const char *name, bind_kind kind, tir_var *var, tir_buffer *buf)
{
    binding *x = tir_arena_alloc(b->a, sizeof *x);
    x->name = name;
    x->kind = kind;
    x->var = var;
    x->buf = buf;
    x->next = b->scope;
    b->scope = x;
}

static binding *lookup(builder *b, const char *name)
{
    for (binding *x = b->scope; x; x = x->next)
        if (strcmp(x->name, name) == 0)
            return x;
    return NULL;
}

static binding *lookup_var_binding(builder *b, tir_var *v)
{
    for (binding *x = b->scope; x; x = x->next)
        if (x->kind == BIND_VAR && x->var == v)
            return x;
    return NULL;
}

static const char *dt_name(tir_dtype t)
{
    /* A small ring of buffers so several names fit in one message. */
    static char bufs[8][32];
    static int k;
    k = (k + 1) % 8;
    return tir_dtype_str(t, bufs[k], sizeof bufs[k]);
}

/* ---- literals and conversion to PrimExpr (6.1) --------------------------- */
static tir_expr *int_literal(builder *b, int64_t v, tir_loc loc)
{
    tir_dtype dt = (v >= INT32_MIN && v <= INT32_MAX) ? TIR_DT_I32 : TIR_DT_I64;
    return tir_int(b->a, dt, v, loc);
}

/* Converts a script value to a PrimExpr; reports and returns NULL if it is not one. */
static tir_expr *to_expr(builder *b, const sval *v)
{
    switch (v->kind) {
    case SV_EXPR: return v->e;
    case SV_PYINT:
        if (v->big) {
            ERR(b, v->loc, "integer literal too large for int64 (write it as T.uint64(...))");
            return NULL;
        }
        return int_literal(b, v->i, v->loc);
    case SV_PYFLOAT: return tir_float(b->a, TIR_DT_F32, v->f, v->loc);
    case SV_PYBOOL: return tir_int(b->a, TIR_DT_BOOL, v->i, v->loc);
    case SV_STR: {
        tir_expr *e = tir_expr_new(b->a, TIR_E_STR, TIR_DT_HANDLE, v->loc);
        e->str = v->s;
        return e;
    }
    case SV_BUFFER: ERR(b, v->loc, "buffer '%s' used where a PrimExpr is expected", v->buf->name); return NULL;
    case SV_NONE: ERR(b, v->loc, "None used where a PrimExpr is expected"); return NULL;
    default: ERR(b, v->loc, "expected a PrimExpr"); return NULL;
    }
}

/* A Python literal takes the dtype of the other operand (comparisons, stores, lets). */
static tir_expr *to_expr_as(builder *b, const sval *v, tir_dtype want)
{
    tir_dtype s = tir_dt_with_lanes(want, 1);
    if (v->kind == SV_PYINT || v->kind == SV_PYBOOL) {
        if (tir_dt_is_float(s))
            return tir_float(b->a, s, (double)v->i, v->loc);
        if (tir_dt_is_int(s)) {
            if (!tir_int_fits(s, v->i)) {
                ERR(b, v->loc, "integer %lld does not fit in %s", (long long)v->i, dt_name(s));
                return NULL;
            }
            return tir_int(b->a, s, v->i, v->loc);
        }
    }
    if (v->kind == SV_PYFLOAT && tir_dt_is_float(s))
        return tir_float(b->a, s, v->f, v->loc);
    return to_expr(b, v);
}

/* ---- type promotion and folding for Python operators (6.3) --------------- */
static tir_expr *cast_folded(builder *b, tir_dtype to, tir_expr *x)
{
    if (tir_dt_eq(to, x->dtype))
        return x;
    tir_expr *f = tir_fold_cast(b->a, to, x);
    return f ? f : tir_cast(b->a, to, x, x->loc);
}

static tir_expr *broadcast(builder *b, tir_expr *x, int lanes)
{
    tir_expr *e = tir_expr_new(b->a, TIR_E_BROADCAST, tir_dt_with_lanes(x->dtype, (uint16_t)lanes), x->loc);
    e->a = x;
    e->lanes = lanes;
    return e;
}

/* TVM's BinaryOpMatchTypes: makes both operands one dtype or reports why not. */
static bool match_types(builder *b, tir_expr **px, tir_expr **py, tir_loc loc, const char *what)
{
    tir_expr *x = *px, *y = *py;
    if (x->dtype.lanes != y->dtype.lanes) {
        if (x->dtype.lanes == 1)
            x = broadcast(b, x, y->dtype.lanes);
        else if (y->dtype.lanes == 1)
            y = broadcast(b, y, x->dtype.lanes);
        else {
            ERR(b, loc, "%s operands have different lane counts: %s and %s", what, dt_name(x->dtype),
                dt_name(y->dtype));
            return false;
        }
    }
    tir_dtype tx = x->dtype, ty = y->dtype;
    if (!tir_dt_eq(tx, ty)) {
        if (tir_dt_is_handle(tx) || tir_dt_is_handle(ty)) {
            ERR(b, loc, "%s is not defined on handles (%s and %s)", what, dt_name(tx), dt_name(ty));
            return false;
        }
        bool fx = tx.code == TIR_CODE_FLOAT, fy = ty.code == TIR_CODE_FLOAT;
        if (fx && fy) {
            if (tx.bits < ty.bits)
                x = cast_folded(b, ty, x);
            else
                y = cast_folded(b, tx, y);
        } else if (fx) {
            y = cast_folded(b, tx, y);
        } else if (fy) {
            x = cast_folded(b, ty, x);
        } else if (tx.code == TIR_CODE_BFLOAT) {
            y = cast_folded(b, tx, y);
        } else if (ty.code == TIR_CODE_BFLOAT) {
            x = cast_folded(b, ty, x);
        } else if (tir_dt_is_bool(tx)) {
            x = cast_folded(b, ty, x);
        } else if (tir_dt_is_bool(ty)) {
            y = cast_folded(b, tx, y);
        } else if (tx.code == ty.code) {
            if (tx.bits < ty.bits)
                x = cast_folded(b, ty, x);
            else
                y = cast_folded(b, tx, y);
        } else {
            /* int vs uint: the narrower becomes the wider; at equal width, uint wins */
            if (tx.bits < ty.bits)
                x = cast_folded(b, ty, x);
            else if (ty.bits < tx.bits)
                y = cast_folded(b, tx, y);
            else if (tx.code == TIR_CODE_INT)
                x = cast_folded(b, ty, x);
            else
                y = cast_folded(b, tx, y);
        }
    }
    *px = x;
    *py = y;
    return true;
}

static const char *binop_name(tir_expr_kind k) { return tir_expr_kind_names[k]; }

/* Builds an arithmetic node the way TVM's operator functions do. */
static tir_expr *arith(builder *b, tir_expr_kind kind, const sval *sa, const sval *sb, tir_loc loc)
{
    tir_expr *x = to_expr(b, sa), *y = to_expr(b, sb);
    if (!x || !y)
        return NULL;
    if (!match_types(b, &x, &y, loc, binop_name(kind)))
        return NULL;
    const char *err = NULL;
    tir_expr *f = tir_fold_binary(b->a, kind, x, y, loc, &err);
    if (err) {
        ERR(b, loc, "%s", err);
        return NULL;
    }
    return f ? f : tir_binary(b->a, kind, x, y, loc);
}

/* Comparisons build nodes directly: literals take the other side's dtype,
 * scalars broadcast against vectors, nothing else is promoted (6.3). */
static tir_expr *compare(builder *b, tir_expr_kind kind, const sval *sa, const sval *sb, tir_loc loc)
{
    tir_expr *x, *y;
    bool la = sa->kind == SV_PYINT || sa->kind == SV_PYFLOAT || sa->kind == SV_PYBOOL;
    bool lb = sb->kind == SV_PYINT || sb->kind == SV_PYFLOAT || sb->kind == SV_PYBOOL;
    if (la && !lb) {
        y = to_expr(b, sb);
        x = y ? to_expr_as(b, sa, y->dtype) : NULL;
    } else if (lb && !la) {
        x = to_expr(b, sa);
        y = x ? to_expr_as(b, sb, x->dtype) : NULL;
    } else {
        x = to_expr(b, sa);
        y = to_expr(b, sb);
    }
    if (!x || !y)
        return NULL;
    if (x->dtype.lanes == 1 && y->dtype.lanes > 1)
        x = broadcast(b, x, y->dtype.lanes);
    else if (y->dtype.lanes == 1 && x->dtype.lanes > 1)
        y = broadcast(b, y, x->dtype.lanes);
    return tir_binary(b->a, kind, x, y, loc);
}

static tir_expr *to_bool_expr(builder *b, const sval *v)
{
    if (v->kind == SV_PYBOOL || v->kind == SV_PYINT) {
        if (v->kind == SV_PYINT && v->i != 0 && v->i != 1) {
            ERR(b, v->loc, "expected a bool, got the integer %lld", (long long)v->i);
            return NULL;
        }
        return tir_int(b->a, TIR_DT_BOOL, v->i, v->loc);
    }
    return to_expr(b, v);
}

static tir_expr *call_node(builder *b, tir_dtype dt, const char *op, tir_expr **args, uint32_t n, tir_loc loc)
{
    tir_expr *e = tir_expr_new(b->a, TIR_E_CALL, dt, loc);
    e->op = op;
    e->nargs = n;
    e->args = tir_arena_alloc(b->a, (n ? n : 1) * sizeof *args);
    if (n)
        memcpy(e->args, args, n * sizeof *args);
    return e;
}

/* ---- expression evaluation ----------------------------------------------- */
static sval eval(builder *b, const py_expr *x);

static bool is_dialect_name(builder *b, const char *name, bool *is_ir)
{
    if (b->t_alias && strcmp(name, b->t_alias) == 0) {
        *is_ir = false;
        return true;
    }
    if (b->i_alias && strcmp(name, b->i_alias) == 0) {
        *is_ir = true;
        return true;
    }
    return false;
}

static sval eval_name(builder *b, const py_expr *x)
{
    sval v = sv_none(x->loc);
    binding *bd = lookup(b, x->name);
    if (bd) {
        if (bd->kind == BIND_BUFFER) {
            v.kind = SV_BUFFER;
            v.buf = bd->buf;
        } else {
            v = sv_expr(tir_var_ref(b->a, bd->var, x->loc));
        }
        return v;
    }
    bool is_ir;
    if (is_dialect_name(b, x->name, &is_ir)) {
        v.kind = SV_DIALECT;
        v.is_dialect_ir = is_ir;
        return v;
    }
    if (b->class_name && strcmp(x->name, b->class_name) == 0) {
        v.kind = SV_CLASS;
        return v;
    }
    if (strcmp(x->name, "range") == 0) {
        v.kind = SV_RANGE;
        return v;
    }
    ERR(b, x->loc, "name '%s' is not defined", x->name);
    v.kind = SV_NONE;
    v.s = "<error>";
    return v;
}

static bool module_has_func(builder *b, const char *name)
{
    if (!b->module_class)
        return false;
    for (uint32_t i = 0; i < b->module_class->body.len; i++) {
        const py_stmt *s = b->module_class->body.items[i];
        if (s->kind == PY_S_FUNCDEF && strcmp(s->name, name) == 0)
            return true;
    }
    return false;
}

static sval eval_attr(builder *b, const py_expr *x)
{
    sval base = eval(b, x->value);
    sval v = sv_none(x->loc);
    switch (base.kind) {
    case SV_DIALECT:
        v.kind = SV_TFUNC;
        v.s = x->name;
        v.is_dialect_ir = base.is_dialect_ir;
        return v;
    case SV_TFUNC: {
        /* T.axis.remap: keep the dotted path */
        size_t l1 = strlen(base.s), l2 = strlen(x->name);
        char *s = tir_arena_alloc(b->a, l1 + l2 + 2);
        memcpy(s, base.s, l1);
        s[l1] = '.';
        memcpy(s + l1 + 1, x->name, l2 + 1);
        v.kind = SV_TFUNC;
        v.s = s;
        v.is_dialect_ir = base.is_dialect_ir;
        return v;
    }
    case SV_CLASS:
        if (!module_has_func(b, x->name)) {
            ERR(b, x->loc, "module '%s' has no function '%s'", b->class_name, x->name);
            return v;
        }
        v.kind = SV_GFUNC;
        v.s = x->name;
        return v;
    case SV_BUFFER: {
        tir_buffer *buf = base.buf;
        if (strcmp(x->name, "data") == 0)
            return sv_expr(tir_var_ref(b->a, buf->data, x->loc));
        if (strcmp(x->name, "shape") == 0 || strcmp(x->name, "strides") == 0) {
            bool sh = x->name[1] == 'h';
            uint32_t n = sh ? buf->ndim : buf->nstrides;
            v.kind = SV_TUPLE;
            v.n = n;
            v.items = tir_arena_alloc(b->a, (n ? n : 1) * sizeof(sval));
            for (uint32_t i = 0; i < n; i++)
                v.items[i] = sv_expr(sh ? buf->shape[i] : buf->strides[i]);
            return v;
        }
        if (strcmp(x->name, "elem_offset") == 0 && buf->elem_offset)
            return sv_expr(buf->elem_offset);
        if (strcmp(x->name, "dtype") == 0) {
            char tmp[32];
            v.kind = SV_STR;
            v.s = tir_arena_strdup(b->a, tir_dtype_str(buf->dtype, tmp, sizeof tmp));
            return v;
        }
        if (strcmp(x->name, "vload") == 0 || strcmp(x->name, "vstore") == 0) {
            /* what TVM prints for predicated accesses (tvmscript.md 6.6) */
            ERR(b, x->loc, "unsupported: predicated buffer access (%s.%s), outside the specified TIR subset", buf->name,
                x->name);
            return v;
        }
        ERR(b, x->loc, "buffer '%s' has no attribute '%s'", buf->name, x->name);
        return v;
    }
    case SV_EXPR:
        if (strcmp(x->name, "astype") == 0) {
            v.kind = SV_METHOD;
            v.e = base.e;
            v.s = x->name;
            return v;
        }
        if (strcmp(x->name, "dtype") == 0) {
            char tmp[32];
            v.kind = SV_STR;
            v.s = tir_arena_strdup(b->a, tir_dtype_str(base.e->dtype, tmp, sizeof tmp));
            return v;
        }
        break;
    default:
        break;
    }
    if (base.kind != SV_NONE || !base.s)
        ERR(b, x->loc, "unsupported attribute '%s'", x->name);
    return v;
}

/* Arguments of a call, evaluated, with keyword lookup. */
typedef struct {
    uint32_t n, nkw;
    sval *pos;
    const char **kwnames;
    sval *kw;
    tir_loc loc;
} call_args;

static const sval *kwarg(const call_args *ca, const char *name)
{
    for (uint32_t i = 0; i < ca->nkw; i++)
        if (strcmp(ca->kwnames[i], name) == 0)
            return &ca->kw[i];
    return NULL;
}

/* The i-th argument, given positionally or by keyword; NULL if absent. */
static const sval *arg(const call_args *ca, uint32_t i, const char *name)
{
    if (i < ca->n)
        return &ca->pos[i];
    return name ? kwarg(ca, name) : NULL;
}

static bool dtype_of(builder *b, const sval *v, tir_dtype *out)
{
    if (v && v->kind == SV_STR && tir_dtype_parse(v->s, strlen(v->s), out))
        return true;
    if (v && v->kind == SV_TFUNC && !v->is_dialect_ir && tir_dtype_parse(v->s, strlen(v->s), out))
        return true;
    if (v)
        ERR(b, v->loc, "expected a dtype such as \"float32\"");
    return false;
}

static bool py_int_of(builder *b, const sval *v, int64_t *out, const char *what)
{
    if (v && (v->kind == SV_PYINT || v->kind == SV_PYBOOL)) {
        *out = v->i;
        return true;
    }
    if (v && v->kind == SV_EXPR && v->e->kind == TIR_E_INT) {
        *out = v->e->ival;
        return true;
    }
    if (v)
        ERR(b, v->loc, "%s must be an integer constant", what);
    return false;
}

/* A shape given as a tuple, a list or a single value (4.2). */
static bool shape_of(builder *b, const sval *v, uint32_t *n, tir_expr ***out)
{
    if (v->kind == SV_TUPLE) {
        *n = v->n;
        *out = tir_arena_alloc(b->a, (v->n ? v->n : 1) * sizeof **out);
        for (uint32_t i = 0; i < v->n; i++)
            if (!((*out)[i] = to_expr(b, &v->items[i])))
                return false;
        return true;
    }
    *n = 1;
    *out = tir_arena_alloc(b->a, sizeof **out);
    return ((*out)[0] = to_expr(b, v)) != NULL;
}

static tir_buffer *make_buffer(builder *b, const char *name, const call_args *ca, uint32_t shape_pos,
                               bool allow_data, tir_loc loc)
{
    const sval *shape = arg(ca, shape_pos, "shape");
    const sval *dts = arg(ca, shape_pos + 1, "dtype");
    tir_dtype dt = TIR_DT_F32;
    if (!shape) {
        ERR(b, loc, "buffer '%s' needs a shape", name);
        return NULL;
    }
    if (dts && !dtype_of(b, dts, &dt))
        return NULL;
    tir_buffer *buf = tir_arena_alloc(b->a, sizeof *buf);
    buf->name = name;
    buf->dtype = dt;
    buf->loc = loc;
    buf->data_alignment = 64;
    buf->offset_factor = 1;
    buf->scope = "global";
    if (!shape_of(b, shape, &buf->ndim, &buf->shape))
        return NULL;
    const sval *scope = kwarg(ca, "scope");
    if (scope && scope->kind == SV_STR) {
        if (strcmp(scope->s, "global") != 0 && strcmp(scope->s, "local") != 0) {
            ERR(b, scope->loc, "unsupported storage scope '%s' (outside the specified TIR subset)", scope->s);
            return NULL;
        }
        buf->scope = scope->s;
    }
    const sval *strides = kwarg(ca, "strides");
    if (strides && strides->kind == SV_TUPLE && strides->n > 0) {
        /* Fresh stride variables named by strings are inside the subset (4.2). */
        buf->nstrides = strides->n;
        buf->strides = tir_arena_alloc(b->a, strides->n * sizeof *buf->strides);
        for (uint32_t i = 0; i < strides->n; i++) {
            const sval *s = &strides->items[i];
            if (s->kind == SV_STR) {
                tir_dtype sdt = buf->ndim ? buf->shape[0]->dtype : TIR_DT_I32;
                tir_var *v = tir_var_new(b->a, s->s, tir_dt_with_lanes(sdt, 1), s->loc);
                buf->strides[i] = tir_var_ref(b->a, v, s->loc);
            } else if (s->kind == SV_EXPR && s->e->kind == TIR_E_VAR) {
                buf->strides[i] = s->e;
            } else {
                ERR(b, s->loc, "unsupported: explicit strides/elem_offset (outside the specified TIR subset)");
                return NULL;
            }
        }
    }
    const sval *eo = kwarg(ca, "elem_offset");
    const sval *of = kwarg(ca, "offset_factor");
    if (eo && eo->kind != SV_NONE) {
        if (eo->kind == SV_EXPR && eo->e->kind == TIR_E_VAR)
            buf->elem_offset = eo->e;
        else if ((eo->kind == SV_PYINT && eo->i == 0) || (eo->kind == SV_EXPR && eo->e->kind == TIR_E_INT && eo->e->ival == 0))
            buf->elem_offset = tir_int(b->a, TIR_DT_I32, 0, eo->loc);
        else {
            ERR(b, eo->loc, "unsupported: explicit strides/elem_offset (outside the specified TIR subset)");
            return NULL;
        }
    }
    if (!buf->elem_offset) {
        int64_t ofv = 0;
        if (of && py_int_of(b, of, &ofv, "offset_factor") && ofv != 0) {
            tir_dtype edt = buf->ndim ? tir_dt_with_lanes(buf->shape[0]->dtype, 1) : TIR_DT_I32;
            tir_var *v = tir_var_new(b->a, "elem_offset", edt, loc);
            buf->elem_offset = tir_var_ref(b->a, v, loc);
            buf->offset_factor = (int)ofv;
        } else {
            tir_dtype edt = buf->ndim ? tir_dt_with_lanes(buf->shape[0]->dtype, 1) : TIR_DT_I32;
            buf->elem_offset = tir_int(b->a, edt, 0, loc);
        }
    }
    const sval *axsep = kwarg(ca, "axis_separators");
    if (axsep && axsep->kind == SV_TUPLE && axsep->n > 0) {
        ERR(b, axsep->loc, "unsupported: axis_separators (outside the specified TIR subset)");
        return NULL;
    }
    const sval *bt = kwarg(ca, "buffer_type");
    if (bt && bt->kind == SV_STR && strcmp(bt->s, "auto") == 0)
        buf->auto_broadcast = true;
    const sval *data = kwarg(ca, "data");
    tir_dtype ptr_elem = tir_dt_is_bool(dt) ? tir_dt(TIR_CODE_INT, 8, 1) : dt;
    if (data && data->kind != SV_NONE) {
        if (!allow_data) {
            ERR(b, data->loc, "data= is not allowed here");
            return NULL;
        }
        if (data->kind != SV_EXPR || data->e->kind != TIR_E_VAR || !tir_dt_is_handle(data->e->dtype)) {
            ERR(b, data->loc, "data= must be a pointer variable such as A.data");
            return NULL;
        }
        buf->data = data->e->var;
    } else {
        char *dn = tir_arena_alloc(b->a, strlen(name) + 6);
        sprintf(dn, "%s_data", name);
        buf->data = tir_var_new(b->a, dn, TIR_DT_HANDLE, loc);
        buf->data->type_kind = TIR_TYPE_POINTER;
        buf->data->elem_dtype = ptr_elem;
        buf->data->scope = buf->scope;
    }
    return buf;
}

static sval eval_call(builder *b, const py_expr *x);
static bool annotation_dtype(builder *b, const py_expr *ann, tir_dtype *out);

static bool eval_args(builder *b, const py_expr *x, call_args *ca)
{
    memset(ca, 0, sizeof *ca);
    ca->loc = x->loc;
    ca->n = x->nitems;
    ca->nkw = x->nkw;
    ca->pos = tir_arena_alloc(b->a, (x->nitems ? x->nitems : 1) * sizeof(sval));
    ca->kw = tir_arena_alloc(b->a, (x->nkw ? x->nkw : 1) * sizeof(sval));
    ca->kwnames = x->kwnames;
    int before = b->d->nerrors;
    for (uint32_t i = 0; i < x->nitems; i++)
        ca->pos[i] = eval(b, x->items[i]);
    for (uint32_t i = 0; i < x->nkw; i++)
        ca->kw[i] = eval(b, x->kwvalues[i]);
    return b->d->nerrors == before;
}

static bool nargs_between(builder *b, const call_args *ca, const char *fname, uint32_t lo, uint32_t hi)
{
    uint32_t n = ca->n + ca->nkw;
    if (n < lo || n > hi) {
        if (lo == hi)
            ERR(b, ca->loc, "T.%s takes %u argument%s, got %u", fname, lo, lo == 1 ? "" : "s", n);
        else
            ERR(b, ca->loc, "T.%s takes %u to %u arguments, got %u", fname, lo, hi, n);
        return false;
    }
    return true;
}

/* Builtins accepted by the front end (section 7); codegen says which run. */
static const char *const pure_float_builtins[] = {
    "exp", "exp2", "exp10", "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "sin", "cos", "tan",
    "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "sigmoid", "erf",
    "floor", "ceil", "trunc", "round", "nearbyint", "fabs", NULL,
};
static const char *const pure_binary_builtins[] = {
    "pow", "fmod", "atan2", "hypot", "copysign", "nextafter", "shift_left", "shift_right",
    "bitwise_and", "bitwise_or", "bitwise_xor", NULL,
};

static bool in_list(const char *const *list, const char *s)
{
    for (; *list; list++)
        if (strcmp(*list, s) == 0)
            return true;
    return false;
}

static char *op_name(builder *b, const char *name)
{
    char *s = tir_arena_alloc(b->a, strlen(name) + 5);
    sprintf(s, "tir.%s", name);
    return s;
}

/* T.min_value / T.max_value / T.infinity (6.1) */
static tir_expr *limit_const(builder *b, const char *which, tir_dtype dt, tir_loc loc)
{
    if (tir_dt_is_float(dt)) {
        double v;
        if (strcmp(which, "infinity") == 0)
            v = INFINITY;
        else if (dt.code == TIR_CODE_BFLOAT)
            v = 3.3895313892515355e+38;
        else if (dt.bits == 16)
            v = 65504.0;
        else if (dt.bits == 32)
            v = 3.4028234663852886e+38;
        else
            v = 1.7976931348623157e+308;
        if (strcmp(which, "min_value") == 0)
            v = -v;
        return tir_float(b->a, dt, v, loc);
    }
    if (!tir_dt_is_int(dt) || strcmp(which, "infinity") == 0) {
        ERR(b, loc, "T.%s is not defined for %s", which, dt_name(dt));
        return NULL;
    }
    int64_t v;
    bool mx = strcmp(which, "max_value") == 0;
    if (dt.code == TIR_CODE_UINT)
        v = mx ? (dt.bits == 64 ? -1 : (int64_t)(((uint64_t)1 << dt.bits) - 1)) : 0;
    else if (dt.bits == 64)
        v = mx ? INT64_MAX : INT64_MIN;
    else
        v = mx ? ((int64_t)1 << (dt.bits - 1)) - 1 : -((int64_t)1 << (dt.bits - 1));
    return tir_int(b->a, dt, v, loc);
}

/* T.<dtype>(...) (3.2): a fresh Var, a constant, or a cast. */
static sval call_dtype(builder *b, tir_dtype dt, const call_args *ca)
{
    if (ca->n == 0) {
        tir_var *v = tir_var_new(b->a, "v", dt, ca->loc);
        return sv_expr(tir_var_ref(b->a, v, ca->loc));
    }
    const sval *x = &ca->pos[0];
    if (x->kind == SV_STR && tir_dt_is_float(dt)) {
        const char *s = x->s;
        double v;
        if (strcmp(s, "inf") == 0 || strcmp(s, "+inf") == 0)
            v = INFINITY;
        else if (strcmp(s, "-inf") == 0)
            v = -INFINITY;
        else if (strcmp(s, "nan") == 0 || strcmp(s, "-nan") == 0)
            v = NAN;
        else {
            ERR(b, x->loc, "cannot convert \"%s\" to %s", s, dt_name(dt));
            return sv_none(ca->loc);
        }
        return sv_expr(tir_float(b->a, dt, v, x->loc));
    }
    if (x->kind == SV_PYINT || x->kind == SV_PYBOOL || x->kind == SV_PYFLOAT) {
        if (tir_dt_is_float(dt)) {
            double v = x->kind == SV_PYFLOAT ? x->f : (double)x->i;
            tir_expr *e = tir_float(b->a, dt, v, x->loc);
            return sv_expr(e);
        }
        if (tir_dt_is_int(dt)) {
            int64_t v;
            if (x->kind == SV_PYFLOAT) {
                if (!(x->f > -9.3e18 && x->f < 9.3e18)) {
                    ERR(b, x->loc, "%g does not fit in %s", x->f, dt_name(dt));
                    return sv_none(ca->loc);
                }
                v = (int64_t)x->f;
            } else {
                v = x->i;
            }
            /* IntImm typing rule 2: a value outside the dtype's range is a type error,
             * reported by the checker (the node keeps the written value) */
            bool fits = x->big ? dt.code == TIR_CODE_UINT && dt.bits == 64
                        : dt.code == TIR_CODE_UINT && dt.bits == 64 ? v >= 0
                        : tir_dt_is_bool(dt) && x->kind != SV_PYBOOL ? v == 0 || v == 1
                                                                    : tir_int_fits(dt, v);
            tir_expr *e = tir_int(b->a, dt, v, x->loc);
            e->out_of_range = !fits;
            return sv_expr(e);
        }
    }
    tir_expr *e = to_expr(b, x);
    if (!e)
        return sv_none(ca->loc);
    return sv_expr(cast_folded(b, dt, e));
}

static sval make_loop(builder *b, tir_for_kind kind, const call_args *ca, const char *fname)
{
    sval v = sv_none(ca->loc);
    v.kind = SV_LOOP;
    v.for_kind = kind;
    v.nloops = 1;
    v.mins = tir_arena_alloc(b->a, sizeof(tir_expr *));
    v.extents = tir_arena_alloc(b->a, sizeof(tir_expr *));
    const sval *start = arg(ca, 0, "start"), *stop = arg(ca, 1, "stop");
    if (kind == TIR_FOR_THREAD_BINDING) {
        const sval *th = kwarg(ca, "thread");
        if (!th && ca->n == 3)
            th = &ca->pos[2];
        if (ca->n >= 2 && ca->pos[1].kind == SV_STR) {
            th = &ca->pos[1];
            stop = NULL;
        }
        if (!th || th->kind != SV_STR) {
            ERR(b, ca->loc, "T.thread_binding needs a thread tag");
            return sv_none(ca->loc);
        }
        v.thread_tag = th->s;
    }
    if (kwarg(ca, "step") || (strcmp(fname, "range") == 0 && ca->n == 3)) {
        ERR(b, ca->loc, "unsupported: loop step (outside the specified TIR subset)");
        return sv_none(ca->loc);
    }
    if (!start) {
        ERR(b, ca->loc, "%s needs an extent", fname);
        return sv_none(ca->loc);
    }
    tir_expr *lo, *ext;
    if (!stop) {
        ext = to_expr(b, start);
        if (!ext)
            return sv_none(ca->loc);
        lo = tir_int(b->a, tir_dt_with_lanes(ext->dtype, 1), 0, start->loc);
        if (!tir_dt_is_int(ext->dtype))
            lo = int_literal(b, 0, start->loc);
    } else {
        lo = to_expr(b, start);
        tir_expr *hi = to_expr(b, stop);
        if (!lo || !hi)
            return sv_none(ca->loc);
        /* For.extent = stop - start, computed the way TVM's operators do */
        sval sl = sv_expr(lo), sh = sv_expr(hi);
        ext = arith(b, TIR_E_SUB, &sh, &sl, stop->loc);
        if (!ext)
            return sv_none(ca->loc);
    }
    v.mins[0] = lo;
    v.extents[0] = ext;
    return v;
}

static sval call_grid(builder *b, const call_args *ca)
{
    sval v = sv_none(ca->loc);
    v.kind = SV_LOOP;
    v.for_kind = TIR_FOR_SERIAL;
    v.nloops = ca->n;
    v.mins = tir_arena_alloc(b->a, (ca->n ? ca->n : 1) * sizeof(tir_expr *));
    v.extents = tir_arena_alloc(b->a, (ca->n ? ca->n : 1) * sizeof(tir_expr *));
    if (ca->n == 0) {
        ERR(b, ca->loc, "T.grid needs at least one extent");
        return sv_none(ca->loc);
    }
    for (uint32_t i = 0; i < ca->n; i++) {
        tir_expr *e = to_expr(b, &ca->pos[i]);
        if (!e)
            return sv_none(ca->loc);
        v.extents[i] = e;
        v.mins[i] = tir_int(b->a, tir_dt_is_int(e->dtype) ? tir_dt_with_lanes(e->dtype, 1) : TIR_DT_I32, 0, e->loc);
    }
    return v;
}

static sval region_or_load(builder *b, tir_buffer *buf, const py_expr *index, bool want_region);

/* T.xxx(...) calls that yield values.  Statement-only calls (T.func_attr,
 * T.reads, ...) are handled by the statement builder. */
/* The builtins TVM wraps so that a dtype= keyword is accepted and dropped
 * (the result type comes from the arguments). */
static const char *const dtype_ignoring_builtins[] = {
    "if_then_else", "likely", "shift_left", "shift_right", "bitwise_and", "bitwise_or", "bitwise_xor",
    "bitwise_not", "popcount", "clz", "pow", "fmod", "atan2", "hypot", "copysign", "nextafter", "ldexp",
    "isnan", "isinf", "isfinite", "ret", NULL,
};

static sval call_t_args(builder *b, const char *name, const call_args *ca);

static sval call_t(builder *b, const char *name, const call_args *ca)
{
    if (ca->nkw == 1 && strcmp(ca->kwnames[0], "dtype") == 0 &&
        (in_list(dtype_ignoring_builtins, name) || in_list(pure_float_builtins, name))) {
        call_args without = *ca;
        without.nkw = 0;
        return call_t_args(b, name, &without);
    }
    return call_t_args(b, name, ca);
}

static sval call_t_args(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_dtype dt;
    if (tir_dtype_parse(name, strlen(name), &dt) && !tir_dt_is_handle(dt))
        return call_dtype(b, dt, ca);
    if (strcmp(name, "serial") == 0 || strcmp(name, "parallel") == 0 || strcmp(name, "vectorized") == 0 ||
        strcmp(name, "unroll") == 0 || strcmp(name, "thread_binding") == 0) {
        tir_for_kind k = name[0] == 's' ? TIR_FOR_SERIAL
                         : name[0] == 'p' ? TIR_FOR_PARALLEL
                         : name[0] == 'v' ? TIR_FOR_VECTORIZED
                         : name[0] == 'u' ? TIR_FOR_UNROLLED
                                          : TIR_FOR_THREAD_BINDING;
        return make_loop(b, k, ca, name);
    }
    if (strcmp(name, "grid") == 0)
        return call_grid(b, ca);
    if (strcmp(name, "Cast") == 0) {
        if (!nargs_between(b, ca, name, 2, 2) || !dtype_of(b, arg(ca, 0, "dtype"), &dt))
            return none;
        tir_expr *x = to_expr(b, arg(ca, 1, "value"));
        return x ? sv_expr(tir_cast(b->a, dt, x, ca->loc)) : none;
    }
    if (strcmp(name, "cast") == 0) {
        if (!nargs_between(b, ca, name, 2, 2) || !dtype_of(b, arg(ca, 1, "dtype"), &dt))
            return none;
        tir_expr *x = to_expr(b, arg(ca, 0, "value"));
        return x ? sv_expr(cast_folded(b, dt, x)) : none;
    }
    if (strcmp(name, "Select") == 0) {
        if (!nargs_between(b, ca, name, 3, 3))
            return none;
        tir_expr *c = to_bool_expr(b, arg(ca, 0, "condition"));
        tir_expr *t = to_expr(b, arg(ca, 1, "true_value")), *f = to_expr(b, arg(ca, 2, "false_value"));
        if (!c || !t || !f)
            return none;
        tir_expr *e = tir_expr_new(b->a, TIR_E_SELECT, t->dtype, ca->loc);
        e->a = c;
        e->b = t;
        e->c = f;
        return sv_expr(e);
    }
    if (strcmp(name, "if_then_else") == 0) {
        if (!nargs_between(b, ca, name, 3, 3))
            return none;
        tir_expr *c = to_bool_expr(b, &ca->pos[0]);
        tir_expr *t = to_expr(b, &ca->pos[1]), *f = to_expr(b, &ca->pos[2]);
        if (!c || !t || !f || !match_types(b, &t, &f, ca->loc, "if_then_else"))
            return none;
        if (c->kind == TIR_E_INT && c->dtype.lanes == 1)
            return sv_expr(c->ival ? t : f);
        tir_expr *args[3] = {c, t, f};
        return sv_expr(call_node(b, t->dtype, "tir.if_then_else", args, 3, ca->loc));
    }
    static const struct {
        const char *name;
        tir_expr_kind kind;
        bool exact; /* the node constructor: no promotion, no folding */
        bool int_only;
    } binfns[] = {
        {"min", TIR_E_MIN, false, false},         {"max", TIR_E_MAX, false, false},
        {"floordiv", TIR_E_FLOORDIV, false, true}, {"floormod", TIR_E_FLOORMOD, false, true},
        {"indexdiv", TIR_E_FLOORDIV, false, true}, {"indexmod", TIR_E_FLOORMOD, false, true},
        {"truncdiv", TIR_E_DIV, false, true},      {"truncmod", TIR_E_MOD, false, true},
        {"Add", TIR_E_ADD, true, false},           {"Sub", TIR_E_SUB, true, false},
        {"Mul", TIR_E_MUL, true, false},           {"Div", TIR_E_DIV, true, false},
        {"Mod", TIR_E_MOD, true, false},           {"FloorDiv", TIR_E_FLOORDIV, true, false},
        {"FloorMod", TIR_E_FLOORMOD, true, false}, {"Min", TIR_E_MIN, true, false},
        {"Max", TIR_E_MAX, true, false},           {"EQ", TIR_E_EQ, true, false},
        {"NE", TIR_E_NE, true, false},             {"LT", TIR_E_LT, true, false},
        {"LE", TIR_E_LE, true, false},             {"GT", TIR_E_GT, true, false},
        {"GE", TIR_E_GE, true, false},             {"And", TIR_E_AND, true, false},
        {"Or", TIR_E_OR, true, false},
    };
    for (size_t i = 0; i < sizeof binfns / sizeof binfns[0]; i++) {
        if (strcmp(name, binfns[i].name) != 0)
            continue;
        if (!nargs_between(b, ca, name, 2, 2))
            return none;
        const sval *x = arg(ca, 0, "a"), *y = arg(ca, 1, "b");
        if (binfns[i].exact) {
            tir_expr *ex = to_expr(b, x), *ey = to_expr(b, y);
            if (!ex || !ey)
                return none;
            return sv_expr(tir_binary(b->a, binfns[i].kind, ex, ey, ca->loc));
        }
        tir_expr *e = arith(b, binfns[i].kind, x, y, ca->loc);
        if (e && binfns[i].int_only && !tir_dt_is_int(e->dtype)) {
            ERR(b, ca->loc, "T.%s expects integer operands, got %s", name, dt_name(e->dtype));
            return none;
        }
        return e ? sv_expr(e) : none;
    }
    if (strcmp(name, "Not") == 0) {
        if (!nargs_between(b, ca, name, 1, 1))
            return none;
        tir_expr *x = to_bool_expr(b, &ca->pos[0]);
        if (!x)
            return none;
        tir_expr *e = tir_expr_new(b->a, TIR_E_NOT, tir_dt(TIR_CODE_UINT, 1, x->dtype.lanes), ca->loc);
        e->a = x;
        return sv_expr(e);
    }
    if (strcmp(name, "ceildiv") == 0) {
        if (!nargs_between(b, ca, name, 2, 2))
            return none;
        const sval *x = &ca->pos[0], *y = &ca->pos[1];
        tir_expr *s1 = arith(b, TIR_E_ADD, x, y, ca->loc);
        if (!s1)
            return none;
        sval one = sv_none(ca->loc);
        one.kind = SV_PYINT;
        one.i = 1;
        sval ss1 = sv_expr(s1);
        tir_expr *s2 = arith(b, TIR_E_SUB, &ss1, &one, ca->loc);
        if (!s2)
            return none;
        sval ss2 = sv_expr(s2);
        tir_expr *e = arith(b, TIR_E_FLOORDIV, &ss2, y, ca->loc);
        return e ? sv_expr(e) : none;
    }
    if (strcmp(name, "min_value") == 0 || strcmp(name, "max_value") == 0 || strcmp(name, "infinity") == 0) {
        if (!nargs_between(b, ca, name, 1, 1) || !dtype_of(b, &ca->pos[0], &dt))
            return none;
        tir_expr *e = limit_const(b, name, dt, ca->loc);
        return e ? sv_expr(e) : none;
    }
    if (strcmp(name, "assume") == 0) {
        /* T.assume(cond): a fact for TVM's optimizer, with no run-time
         * effect (tvmscript.md 7); kept as the call tir.assume (bool). */
        if (!nargs_between(b, ca, name, 1, 1))
            return none;
        tir_expr *x = to_bool_expr(b, &ca->pos[0]);
        return x ? sv_expr(call_node(b, TIR_DT_BOOL, "tir.assume", &x, 1, ca->loc)) : none;
    }
    if (strcmp(name, "likely") == 0 || strcmp(name, "tvm_thread_invariant") == 0) {
        if (!nargs_between(b, ca, name, 1, 1))
            return none;
        tir_expr *x = to_bool_expr(b, &ca->pos[0]);
        if (!x)
            return none;
        if (x->kind == TIR_E_INT)
            return sv_expr(x);
        tir_expr *args[1] = {x};
        return sv_expr(call_node(b, x->dtype, op_name(b, name), args, 1, ca->loc));
    }
    if (strcmp(name, "abs") == 0) {
        if (!nargs_between(b, ca, name, 1, 1))
            return none;
        tir_expr *x = to_expr(b, &ca->pos[0]);
        if (!x)
            return none;
        if (x->dtype.code == TIR_CODE_UINT)
            return sv_expr(x);
        if (x->dtype.code == TIR_CODE_INT) {
            if (x->kind == TIR_E_INT)
                return sv_expr(tir_int(b->a, x->dtype, x->ival < 0 ? (int64_t)(0 - (uint64_t)x->ival) : x->ival, x->loc));
            tir_expr *zero = tir_int(b->a, tir_dt_with_lanes(x->dtype, 1), 0, ca->loc);
            tir_expr *ge = tir_binary(b->a, TIR_E_GE, x, zero, ca->loc);
            tir_expr *neg = tir_binary(b->a, TIR_E_SUB, zero, x, ca->loc);
            tir_expr *e = tir_expr_new(b->a, TIR_E_SELECT, x->dtype, ca->loc);
            e->a = ge;
            e->b = x;
            e->c = neg;
            return sv_expr(e);
        }
        tir_expr *args[1] = {x};
        return sv_expr(call_node(b, x->dtype, "tir.fabs", args, 1, ca->loc));
    }
    if (strcmp(name, "isinf") == 0 || strcmp(name, "isfinite") == 0) {
        if (!nargs_between(b, ca, name, 1, 1))
            return none;
        tir_expr *x = to_expr(b, &ca->pos[0]);
        if (!x)
            return none;
        if (tir_dt_is_int(x->dtype)) /* integers are finite (TVM folds these) */
            return sv_expr(tir_int(b->a, TIR_DT_BOOL, name[2] == 'f', ca->loc));
        tir_expr *args[1] = {x};
        return sv_expr(call_node(b, tir_dt(TIR_CODE_UINT, 1, x->dtype.lanes), op_name(b, name), args, 1, ca->loc));
    }
    if (strcmp(name, "popcount") == 0 || strcmp(name, "clz") == 0) {
        if (!nargs_between(b, ca, name, 1, 1))
            return none;
        tir_expr *x = to_expr(b, &ca->pos[0]);
        if (!x)
            return none;
        /* clz counts in int32 whatever its argument (tvmscript.md 7.2) */
        tir_dtype rt = name[0] == 'c' ? tir_dt(TIR_CODE_INT, 32, x->dtype.lanes) : x->dtype;
        tir_expr *args[1] = {x};
        return sv_expr(call_node(b, rt, op_name(b, name), args, 1, ca->loc));
    }
    if (strcmp(name, "ldexp") == 0) {
        if (!nargs_between(b, ca, name, 2, 2))
            return none;
        tir_expr *x = to_expr(b, &ca->pos[0]), *y = to_expr(b, &ca->pos[1]);
        if (!x || !y)
            return none;
        tir_expr *args[2] = {x, y};
        return sv_expr(call_node(b, x->dtype, "tir.ldexp", args, 2, ca->loc));
    }
    if (strcmp(name, "reinterpret") == 0) {
        /* T.reinterpret(dtype, x) or T.reinterpret(x, dtype=...) (6.4) */
        const sval *d = kwarg(ca, "dtype"), *x = ca->n ? &ca->pos[ca->n - 1] : NULL;
        if (!d && ca->n == 2)
            d = &ca->pos[0];
        if (!d || !x || ca->n + ca->nkw != 2 || !dtype_of(b, d, &dt)) {
            if (!d || !x)
                ERR(b, ca->loc, "T.reinterpret takes a dtype and a value");
            return none;
        }
        tir_expr *v = to_expr(b, x);
        if (!v)
            return none;
        tir_expr *args[1] = {v};
        return sv_expr(call_node(b, dt, "tir.reinterpret", args, 1, ca->loc));
    }
    if (strcmp(name, "isnan") == 0) {
        if (!nargs_between(b, ca, name, 1, 1))
            return none;
        tir_expr *x = to_expr(b, &ca->pos[0]);
        if (!x)
            return none;
        if (tir_dt_is_int(x->dtype))
            return sv_expr(tir_int(b->a, tir_dt(TIR_CODE_UINT, 1, 1), 0, ca->loc));
        tir_expr *args[1] = {x};
        return sv_expr(call_node(b, tir_dt(TIR_CODE_UINT, 1, x->dtype.lanes), "tir.isnan", args, 1, ca->loc));
    }
    if (in_list(pure_float_builtins, name)) {
        if (!nargs_between(b, ca, name, 1, 1))
            return none;
        tir_expr *x = to_expr(b, &ca->pos[0]);
        if (!x)
            return none;
        if (strcmp(name, "exp") == 0 && tir_dt_is_int(x->dtype))
            x = cast_folded(b, tir_dt(TIR_CODE_FLOAT, 32, x->dtype.lanes), x);
        /* rounding an integer is the integer itself (tvmscript.md 7.1) */
        if (tir_dt_is_int(x->dtype) && (strcmp(name, "floor") == 0 || strcmp(name, "ceil") == 0 ||
                                        strcmp(name, "trunc") == 0 || strcmp(name, "round") == 0 ||
                                        strcmp(name, "nearbyint") == 0))
            return sv_expr(x);
        tir_expr *args[1] = {x};
        return sv_expr(call_node(b, x->dtype, op_name(b, name), args, 1, ca->loc));
    }
    if (in_list(pure_binary_builtins, name)) {
        if (!nargs_between(b, ca, name, 2, 2))
            return none;
        tir_expr *x = to_expr(b, &ca->pos[0]), *y = to_expr(b, &ca->pos[1]);
        if (!x || !y || !match_types(b, &x, &y, ca->loc, name))
            return none;
        tir_expr *args[2] = {x, y};
        return sv_expr(call_node(b, x->dtype, op_name(b, name), args, 2, ca->loc));
    }
    if (strcmp(name, "Ramp") == 0 || strcmp(name, "ramp") == 0 || strcmp(name, "Broadcast") == 0 ||
        strcmp(name, "broadcast") == 0) {
        bool ramp = name[0] == 'R' || name[0] == 'r';
        if (!nargs_between(b, ca, name, ramp ? 3 : 2, ramp ? 3 : 2))
            return none;
        int64_t lanes;
        if (!py_int_of(b, &ca->pos[ramp ? 2 : 1], &lanes, "lanes"))
            return none;
        if (lanes < 1 || lanes > 64) {
            ERR(b, ca->pos[ramp ? 2 : 1].loc, "lanes must be between 2 and 64, got %lld", (long long)lanes);
            return none;
        }
        tir_expr *base = to_expr(b, &ca->pos[0]);
        if (!base)
            return none;
        tir_expr *e = tir_expr_new(b->a, ramp ? TIR_E_RAMP : TIR_E_BROADCAST,
                                   tir_dt_with_lanes(base->dtype, (uint16_t)lanes), ca->loc);
        e->a = base;
        e->lanes = (int)lanes;
        if (ramp) {
            e->b = to_expr_as(b, &ca->pos[1], base->dtype);
            if (!e->b)
                return none;
        }
        return sv_expr(e);
    }
    if (strcmp(name, "Shuffle") == 0 || strcmp(name, "shuffle") == 0) {
        /* T.Shuffle([v0, v1, ...], [i0, i1, ...]) (6.7) */
        const sval *vs = arg(ca, 0, "vectors"), *is = arg(ca, 1, "indices");
        if (!vs || !is || vs->kind != SV_TUPLE || is->kind != SV_TUPLE) {
            ERR(b, ca->loc, "T.Shuffle takes a list of vectors and a list of indices");
            return none;
        }
        tir_expr *e = tir_expr_new(b->a, TIR_E_SHUFFLE, TIR_DT_I32, ca->loc);
        e->nargs = vs->n;
        e->args = tir_arena_alloc(b->a, (vs->n ? vs->n : 1) * sizeof *e->args);
        for (uint32_t i = 0; i < vs->n; i++)
            if (!(e->args[i] = to_expr(b, &vs->items[i])))
                return none;
        e->nargs2 = is->n;
        e->args2 = tir_arena_alloc(b->a, (is->n ? is->n : 1) * sizeof *e->args2);
        for (uint32_t i = 0; i < is->n; i++)
            if (!(e->args2[i] = to_expr(b, &is->items[i])))
                return none;
        tir_dtype first = vs->n ? e->args[0]->dtype : TIR_DT_I32;
        e->dtype = tir_dt_with_lanes(first, (uint16_t)(is->n ? is->n : 1));
        return sv_expr(e);
    }
    if (strcmp(name, "ret") == 0) {
        /* T.ret(val): the Call tir.ret that `return val` also builds (5.10) */
        const sval *v = nargs_between(b, ca, name, 1, 1) ? arg(ca, 0, "val") : NULL;
        if (!v) {
            if (ca->n + ca->nkw == 1)
                ERR(b, ca->loc, "T.ret takes the value to return");
            return none;
        }
        tir_expr *e = b->func && b->func->has_ret_type ? to_expr_as(b, v, b->func->ret_dtype) : to_expr(b, v);
        return e ? sv_expr(call_node(b, e->dtype, "tir.ret", &e, 1, ca->loc)) : none;
    }
    if (strcmp(name, "env_thread") == 0) {
        /* tx = T.env_thread("threadIdx.x"): a Var bound later by T.launch_thread (5.6) */
        if (!nargs_between(b, ca, name, 1, 1) || ca->pos[0].kind != SV_STR) {
            if (ca->n == 1)
                ERR(b, ca->loc, "T.env_thread takes a thread tag string");
            return none;
        }
        tir_var *v = tir_var_new(b->a, ca->pos[0].s, TIR_DT_I32, ca->loc);
        return sv_expr(tir_var_ref(b->a, v, ca->loc));
    }
    if (strcmp(name, "target") == 0) {
        /* T.target(...) only appears in function attributes, which carry no semantics. */
        sval v = sv_none(ca->loc);
        v.kind = SV_STR;
        v.s = "target";
        return v;
    }
    if (strcmp(name, "Let") == 0) {
        /* T.Let(body, where={x: value}): the Let expression (5.7).  x was
         * declared as an unbound Var (x = T.int32()) and the body uses it. */
        const sval *body = arg(ca, 0, "body"), *where = kwarg(ca, "where");
        if (!body || !where || where->kind != SV_DICT || where->n != 1 || where->items[0].kind != SV_EXPR ||
            where->items[0].e->kind != TIR_E_VAR) {
            ERR(b, ca->loc, "T.Let takes a body and where={var: value} with one variable");
            return none;
        }
        tir_var *v = where->items[0].e->var;
        tir_expr *value = to_expr_as(b, &where->values[0], v->dtype), *eb = to_expr(b, body);
        if (!value || !eb)
            return none;
        tir_expr *e = tir_expr_new(b->a, TIR_E_LET, eb->dtype, ca->loc);
        e->var = v;
        e->a = value;
        e->b = eb;
        return sv_expr(e);
    }
    static const char *const unsupported_prefixes[] = {"ptx_", "mma_", "tvm_", "simdgroup_", "address_of",
                                                       "call_packed", "call_cpacked", "handle_add_byte_offset",
                                                       "vscale", NULL};
    for (const char *const *p = unsupported_prefixes; *p; p++)
        if (strncmp(name, *p, strlen(*p)) == 0) {
            ERR(b, ca->loc, "unsupported builtin 'T.%s' (outside the specified TIR subset)", name);
            return none;
        }
    if (strcmp(name, "meta_var") == 0 || strcmp(name, "macro") == 0) {
        /* TVM runs these as Python while parsing (tvmscript.md 8) */
        ERR(b, ca->loc, "unsupported: Python meta-programming (T.%s)", name);
        return none;
    }
    ERR(b, ca->loc, "unknown or unsupported function 'T.%s'", name);
    return none;
}

static sval eval_call(builder *b, const py_expr *x)
{
    sval none = sv_none(x->loc);
    sval f = eval(b, x->func);
    if (f.kind == SV_NONE)
        return none;
    call_args ca;
    if (!eval_args(b, x, &ca))
        return none;
    switch (f.kind) {
    case SV_TFUNC:
        if (f.is_dialect_ir) {
            ERR(b, x->loc, "I.%s is not an expression", f.s);
            return none;
        }
        return call_t(b, f.s, &ca);
    case SV_RANGE:
        if (ca.n < 1 || ca.n > 3 || ca.nkw) {
            ERR(b, x->loc, "range takes 1 or 2 arguments");
            return none;
        }
        return make_loop(b, TIR_FOR_SERIAL, &ca, "range");
    case SV_METHOD: {
        tir_dtype dt;
        if (ca.n != 1 || !dtype_of(b, &ca.pos[0], &dt))
            return none;
        return sv_expr(cast_folded(b, dt, f.e));
    }
    case SV_GFUNC: {
        /* Module.f(args): Call(dtype, GlobalVar f, args), dtype the callee's return type (2.3) */
        if (ca.nkw) {
            ERR(b, x->loc, "calls to PrimFuncs take positional arguments only");
            return none;
        }
        tir_dtype rt = TIR_DT_VOID;
        const py_stmt *def = NULL;
        for (uint32_t i = 0; b->module_class && i < b->module_class->body.len; i++)
            if (b->module_class->body.items[i]->kind == PY_S_FUNCDEF &&
                strcmp(b->module_class->body.items[i]->name, f.s) == 0)
                def = b->module_class->body.items[i];
        if (def && def->returns && def->returns->kind != PY_NONE && !annotation_dtype(b, def->returns, &rt))
            return none;
        tir_expr **args = tir_arena_alloc(b->a, (ca.n ? ca.n : 1) * sizeof *args);
        for (uint32_t i = 0; i < ca.n; i++) {
            const py_expr *pe = def && i < def->nparams ? def->params[i].annotation : NULL;
            tir_dtype pdt;
            /* Python literals take the parameter's declared type. */
            if (pe && (ca.pos[i].kind == SV_PYINT || ca.pos[i].kind == SV_PYFLOAT || ca.pos[i].kind == SV_PYBOOL) &&
                annotation_dtype(b, pe, &pdt))
                args[i] = to_expr_as(b, &ca.pos[i], pdt);
            else if (ca.pos[i].kind == SV_BUFFER) {
                ERR(b, ca.pos[i].loc, "unsupported: passing a buffer to a PrimFunc call");
                return none;
            } else
                args[i] = to_expr(b, &ca.pos[i]);
            if (!args[i])
                return none;
        }
        tir_expr *e = call_node(b, rt, NULL, args, ca.n, x->loc);
        e->callee = f.s;
        return sv_expr(e);
    }
    default:
        ERR(b, x->loc, "this expression is not callable");
        return none;
    }
}

/* Subscript on a buffer: a load, or a region where one is expected (6.6). */
static sval region_or_load(builder *b, tir_buffer *buf, const py_expr *index, bool want_region)
{
    sval none = sv_none(index->loc);
    uint32_t n = 1;
    py_expr *const *idx = (py_expr *const *)&index;
    if (index->kind == PY_TUPLE) {
        n = index->nitems;
        idx = index->items;
    }
    if (n != buf->ndim) {
        ERR(b, index->loc, "buffer '%s' has %u dimension%s but is indexed with %u", buf->name, buf->ndim,
            buf->ndim == 1 ? "" : "s", n);
        return none;
    }
    tir_expr **ix = tir_arena_alloc(b->a, (n ? n : 1) * sizeof *ix);
    tir_expr **ext = tir_arena_alloc(b->a, (n ? n : 1) * sizeof *ext);
    bool any_slice = false;
    for (uint32_t i = 0; i < n; i++) {
        const py_expr *p = idx[i];
        if (p->kind == PY_SLICE && !want_region) {
            /* A[lo:hi:step] in an expression is a Ramp over the last index (5.2, 6.6). */
            if (i + 1 != n || !p->lo || !p->hi) {
                ERR(b, p->loc, "a vector slice needs both bounds and must be the last index");
                return none;
            }
            sval slo = eval(b, p->lo), shi = eval(b, p->hi);
            tir_expr *elo = to_expr(b, &slo), *ehi = elo ? to_expr_as(b, &shi, elo->dtype) : NULL;
            if (!elo || !ehi)
                return none;
            int64_t step = 1, span;
            if (p->step) {
                sval sst = eval(b, p->step);
                if (!py_int_of(b, &sst, &step, "a slice step"))
                    return none;
                if (step <= 0) {
                    ERR(b, p->step->loc, "a slice step must be positive");
                    return none;
                }
            }
            if (!tir_const_difference(ehi, elo, &span) || span <= 0) {
                ERR(b, p->loc, "the length of a vector slice must be a positive constant");
                return none;
            }
            int64_t lanes = (span + step - 1) / step;
            if (lanes > 64) {
                ERR(b, p->loc, "a vector slice has %lld lanes; at most 64 are allowed", (long long)lanes);
                return none;
            }
            if (lanes == 1) {
                ix[i] = elo;
            } else {
                tir_expr *r = tir_expr_new(b->a, TIR_E_RAMP, tir_dt_with_lanes(elo->dtype, (uint16_t)lanes), p->loc);
                r->a = elo;
                r->b = tir_int(b->a, tir_dt_with_lanes(elo->dtype, 1), step, p->loc);
                r->lanes = (int)lanes;
                ix[i] = r;
            }
            ext[i] = NULL;
            continue;
        }
        if (p->kind == PY_SLICE) {
            any_slice = true;
            if (p->step) {
                ERR(b, p->loc, "a region cannot have a step");
                return none;
            }
            sval lo = p->lo ? eval(b, p->lo) : sv_none(p->loc);
            sval hi = p->hi ? eval(b, p->hi) : sv_none(p->loc);
            if (!p->lo) {
                lo.kind = SV_PYINT;
                lo.i = 0;
            }
            tir_expr *elo = to_expr(b, &lo);
            tir_expr *ehi = p->hi ? to_expr(b, &hi) : buf->shape[i];
            if (!elo || !ehi)
                return none;
            sval s_lo = sv_expr(elo), s_hi = sv_expr(ehi);
            ix[i] = elo;
            ext[i] = arith(b, TIR_E_SUB, &s_hi, &s_lo, p->loc);
            if (!ext[i])
                return none;
        } else {
            sval v = eval(b, p);
            ix[i] = to_expr(b, &v);
            if (!ix[i])
                return none;
            ext[i] = tir_int(b->a, tir_dt_with_lanes(ix[i]->dtype, 1), 1, p->loc);
        }
    }
    if (want_region) {
        sval r = none;
        r.kind = SV_REGION;
        r.region.buffer = buf;
        r.region.n = n;
        r.region.mins = ix;
        r.region.extents = ext;
        r.region.loc = index->loc;
        return r;
    }
    (void)any_slice;
    tir_expr *e = tir_expr_new(b->a, TIR_E_LOAD, buf->dtype, index->loc);
    e->buffer = buf;
    e->nargs = n;
    e->args = ix;
    if (n > 0 && ix[n - 1]->dtype.lanes > 1)
        e->dtype.lanes = (uint16_t)(buf->dtype.lanes * ix[n - 1]->dtype.lanes);
    return sv_expr(e);
}

static sval eval_subscript(builder *b, const py_expr *x, bool want_region)
{
    sval base = eval(b, x->value);
    if (base.kind == SV_BUFFER) {
        sval r = region_or_load(b, base.buf, x->index, want_region);
        if (r.kind != SV_NONE)
            r.loc = x->loc;
        if (r.kind == SV_EXPR)
            r.e->loc = x->loc;
        return r;
    }
    if (base.kind == SV_TUPLE) {
        sval i = eval(b, x->index);
        if (i.kind == SV_PYINT && i.i >= 0 && (uint64_t)i.i < base.n)
            return base.items[i.i];
        ERR(b, x->index->loc, "tuple index out of range");
        return sv_none(x->loc);
    }
    if (base.kind != SV_NONE)
        ERR(b, x->loc, "only buffers can be subscripted");
    return sv_none(x->loc);
}

static sval eval_seq(builder *b, const py_expr *x)
{
    sval v = sv_none(x->loc);
    v.kind = SV_TUPLE;
    v.n = x->nitems;
    v.items = tir_arena_alloc(b->a, (x->nitems ? x->nitems : 1) * sizeof(sval));
    for (uint32_t i = 0; i < x->nitems; i++)
        v.items[i] = eval(b, x->items[i]);
    return v;
}

static sval eval_binop(builder *b, const py_expr *x)
{
    sval l = eval(b, x->lhs), r = eval(b, x->rhs);
    if (l.kind == SV_NONE || r.kind == SV_NONE)
        return sv_none(x->loc);
    tir_expr_kind k;
    switch (x->op) {
    case PY_OP_ADD: k = TIR_E_ADD; break;
    case PY_OP_SUB: k = TIR_E_SUB; break;
    case PY_OP_MUL: k = TIR_E_MUL; break;
    case PY_OP_FLOORDIV: k = TIR_E_FLOORDIV; break;
    case PY_OP_MOD: k = TIR_E_FLOORMOD; break;
    case PY_OP_DIV: {
        /* `/` on two signed (or Python) integers is ambiguous in TVM (6.3). */
        tir_expr *ex = to_expr(b, &l), *ey = to_expr(b, &r);
        if (!ex || !ey)
            return sv_none(x->loc);
        if (ex->dtype.code == TIR_CODE_INT && ey->dtype.code == TIR_CODE_INT) {
            ERR(b, x->loc, "'/' on integers is ambiguous: use T.truncdiv, T.floordiv (//) or a float operand");
            return sv_none(x->loc);
        }
        k = TIR_E_DIV;
        break;
    }
    case PY_OP_LSHIFT: case PY_OP_RSHIFT: case PY_OP_BITAND: case PY_OP_BITOR: case PY_OP_BITXOR: {
        static const char *const names[] = {"shift_left", "shift_right", "bitwise_and", "bitwise_or", "bitwise_xor"};
        const char *nm = names[x->op == PY_OP_LSHIFT ? 0 : x->op == PY_OP_RSHIFT ? 1 : x->op == PY_OP_BITAND ? 2 : x->op == PY_OP_BITOR ? 3 : 4];
        tir_expr *ex = to_expr(b, &l), *ey = to_expr(b, &r);
        if (!ex || !ey || !match_types(b, &ex, &ey, x->loc, nm))
            return sv_none(x->loc);
        if (!tir_dt_is_int(ex->dtype)) {
            ERR(b, x->loc, "%s expects integer operands, got %s", nm, dt_name(ex->dtype));
            return sv_none(x->loc);
        }
        tir_expr *args[2] = {ex, ey};
        return sv_expr(call_node(b, ex->dtype, op_name(b, nm), args, 2, x->loc));
    }
    default:
        ERR(b, x->loc, "operator not supported in TIR (use T.pow for powers)");
        return sv_none(x->loc);
    }
    if ((k == TIR_E_FLOORDIV || k == TIR_E_FLOORMOD) && l.kind != SV_PYFLOAT && r.kind != SV_PYFLOAT) {
        tir_expr *ex = to_expr(b, &l), *ey = to_expr(b, &r);
        if (ex && ey && (tir_dt_is_float(ex->dtype) || tir_dt_is_float(ey->dtype))) {
            ERR(b, x->loc, "'%s' is not defined on floats in TVMScript", k == TIR_E_FLOORDIV ? "//" : "%");
            return sv_none(x->loc);
        }
    }
    /* Python-int arithmetic stays a Python int, as in Python itself. */
    if (l.kind == SV_PYINT && r.kind == SV_PYINT && k != TIR_E_DIV) {
        sval v = l;
        uint64_t a = (uint64_t)l.i, c = (uint64_t)r.i;
        switch (k) {
        case TIR_E_ADD: v.i = (int64_t)(a + c); return v;
        case TIR_E_SUB: v.i = (int64_t)(a - c); return v;
        case TIR_E_MUL: v.i = (int64_t)(a * c); return v;
        default: break;
        }
    }
    tir_expr *e = arith(b, k, &l, &r, x->loc);
    return e ? sv_expr(e) : sv_none(x->loc);
}

static sval eval_unary(builder *b, const py_expr *x)
{
    sval v = eval(b, x->value);
    if (v.kind == SV_NONE)
        return v;
    switch (x->op) {
    case PY_OP_POS: return v;
    case PY_OP_NEG:
        if (v.kind == SV_PYINT) {
            if (v.big && (uint64_t)v.i != (uint64_t)1 << 63) {
                ERR(b, x->loc, "integer literal too large");
                return sv_none(x->loc);
            }
            v.i = (int64_t)(0 - (uint64_t)v.i); /* -2^63 is exactly INT64_MIN */
            v.big = false;
            v.loc = x->loc;
            return v;
        }
        if (v.kind == SV_PYFLOAT) {
            v.f = -v.f;
            v.loc = x->loc;
            return v;
        }
        if (v.kind == SV_EXPR) {
            tir_expr *e = v.e;
            if (e->kind == TIR_E_INT && tir_dt_is_int(e->dtype)) {
                tir_expr *c = tir_fold_neg(b->a, e);
                return sv_expr(c);
            }
            if (e->kind == TIR_E_FLOAT)
                return sv_expr(tir_float(b->a, e->dtype, -e->fval, x->loc));
            tir_expr *m1 = tir_dt_is_float(e->dtype) ? tir_float(b->a, tir_dt_with_lanes(e->dtype, 1), -1.0, x->loc)
                                                     : tir_int(b->a, tir_dt_with_lanes(e->dtype, 1), -1, x->loc);
            if (e->dtype.lanes > 1)
                m1 = broadcast(b, m1, e->dtype.lanes);
            return sv_expr(tir_binary(b->a, TIR_E_MUL, e, m1, x->loc));
        }
        break;
    case PY_OP_NOT: {
        if (v.kind == SV_PYBOOL) {
            v.i = !v.i;
            return v;
        }
        tir_expr *e = to_bool_expr(b, &v);
        if (!e)
            return sv_none(x->loc);
        tir_expr *n = tir_expr_new(b->a, TIR_E_NOT, tir_dt(TIR_CODE_UINT, 1, e->dtype.lanes), x->loc);
        n->a = e;
        return sv_expr(n);
    }
    case PY_OP_INVERT: {
        tir_expr *e = to_expr(b, &v);
        if (!e)
            return sv_none(x->loc);
        if (!tir_dt_is_int(e->dtype)) {
            ERR(b, x->loc, "~ expects an integer operand, got %s", dt_name(e->dtype));
            return sv_none(x->loc);
        }
        tir_expr *args[1] = {e};
        return sv_expr(call_node(b, e->dtype, "tir.bitwise_not", args, 1, x->loc));
    }
    default: break;
    }
    ERR(b, x->loc, "unsupported unary operator");
    return sv_none(x->loc);
}

static sval eval_boolop(builder *b, const py_expr *x)
{
    sval l = eval(b, x->lhs), r = eval(b, x->rhs);
    if (l.kind == SV_NONE || r.kind == SV_NONE)
        return sv_none(x->loc);
    if (l.kind == SV_PYBOOL && r.kind == SV_PYBOOL) {
        l.i = x->op == PY_OP_AND ? (l.i && r.i) : (l.i || r.i);
        return l;
    }
    tir_expr *ea = to_bool_expr(b, &l), *eb = to_bool_expr(b, &r);
    if (!ea || !eb)
        return sv_none(x->loc);
    if (ea->dtype.lanes > 1 || eb->dtype.lanes > 1) {
        tir_expr *args[2] = {ea, eb};
        return sv_expr(call_node(b, ea->dtype, x->op == PY_OP_AND ? "tir.bitwise_and" : "tir.bitwise_or", args, 2, x->loc));
    }
    tir_expr *e = tir_expr_new(b->a, x->op == PY_OP_AND ? TIR_E_AND : TIR_E_OR, ea->dtype, x->loc);
    e->a = ea;
    e->b = eb;
    return sv_expr(e);
}

static sval eval_compare(builder *b, const py_expr *x)
{
    sval l = eval(b, x->lhs), r = eval(b, x->rhs);
    if (l.kind == SV_NONE || r.kind == SV_NONE)
        return sv_none(x->loc);
    tir_expr_kind k;
    switch (x->op) {
    case PY_OP_EQ: k = TIR_E_EQ; break;
    case PY_OP_NE: k = TIR_E_NE; break;
    case PY_OP_LT: k = TIR_E_LT; break;
    case PY_OP_LE: k = TIR_E_LE; break;
    case PY_OP_GT: k = TIR_E_GT; break;
    case PY_OP_GE: k = TIR_E_GE; break;
    default:
        ERR(b, x->loc, "'is' and 'in' are not supported in TIR");
        return sv_none(x->loc);
    }
    /* Two Python numbers compare at parse time, as in Python. */
    if ((l.kind == SV_PYINT || l.kind == SV_PYBOOL) && (r.kind == SV_PYINT || r.kind == SV_PYBOOL)) {
        sval v = l;
        v.kind = SV_PYBOOL;
        switch (k) {
        case TIR_E_EQ: v.i = l.i == r.i; break;
        case TIR_E_NE: v.i = l.i != r.i; break;
        case TIR_E_LT: v.i = l.i < r.i; break;
        case TIR_E_LE: v.i = l.i <= r.i; break;
        case TIR_E_GT: v.i = l.i > r.i; break;
        default: v.i = l.i >= r.i; break;
        }
        return v;
    }
    tir_expr *e = compare(b, k, &l, &r, x->loc);
    return e ? sv_expr(e) : sv_none(x->loc);
}

/* Deepest expression the builder walks: deeper trees (a + a + ... with
 * thousands of terms) are refused before any recursive pass could exhaust
 * the C stack. */
#define MAX_EXPR_DEPTH 2000

static sval eval_inner(builder *b, const py_expr *x);

static sval eval(builder *b, const py_expr *x)
{
    if (b->depth >= MAX_EXPR_DEPTH) {
        if (b->depth == MAX_EXPR_DEPTH) {
            ERR(b, x->loc, "expression nested more than %d levels deep", MAX_EXPR_DEPTH);
            b->depth++;
        }
        return sv_none(x->loc);
    }
    b->depth++;
    sval v = eval_inner(b, x);
    b->depth--;
    return v;
}

static sval eval_inner(builder *b, const py_expr *x)
{
    sval v = sv_none(x->loc);
    switch (x->kind) {
    case PY_NAME: return eval_name(b, x);
    case PY_INT:
        if (x->int_too_big) {
            ERR(b, x->loc, "integer literal too large (more than 64 bits)");
            return v;
        }
        v.kind = SV_PYINT;
        v.i = (int64_t)x->ival;
        v.big = x->ival > (uint64_t)INT64_MAX; /* only a uint64 constant, or -2^63, can use it */
        return v;
    case PY_FLOAT: v.kind = SV_PYFLOAT; v.f = x->fval; return v;
    case PY_TRUE: v.kind = SV_PYBOOL; v.i = 1; return v;
    case PY_FALSE: v.kind = SV_PYBOOL; v.i = 0; return v;
    case PY_NONE: return v;
    case PY_STR: v.kind = SV_STR; v.s = x->str; return v;
    case PY_ATTR: return eval_attr(b, x);
    case PY_CALL: return eval_call(b, x);
    case PY_SUBSCRIPT: return eval_subscript(b, x, false);
    case PY_TUPLE: case PY_LIST: return eval_seq(b, x);
    case PY_DICT:
        v.kind = SV_DICT;
        v.n = x->nitems;
        v.items = tir_arena_alloc(b->a, (x->nitems ? x->nitems : 1) * sizeof(sval));
        v.values = tir_arena_alloc(b->a, (x->nitems ? x->nitems : 1) * sizeof(sval));
        for (uint32_t i = 0; i < x->nitems; i++) {
            v.items[i] = eval(b, x->items[i]);
            v.values[i] = eval(b, x->values[i]);
        }
        return v;
    case PY_BINOP: return eval_binop(b, x);
    case PY_UNARY: return eval_unary(b, x);
    case PY_BOOLOP: return eval_boolop(b, x);
    case PY_COMPARE: return eval_compare(b, x);
    case PY_IFEXP: {
        sval c = eval(b, x->test);
        if (c.kind == SV_PYBOOL || c.kind == SV_PYINT)
            return eval(b, c.i ? x->body : x->orelse);
        sval t = eval(b, x->body), f = eval(b, x->orelse);
        tir_expr *ec = to_bool_expr(b, &c), *et = to_expr(b, &t), *ef = to_expr(b, &f);
        if (!ec || !et || !ef || !match_types(b, &et, &ef, x->loc, "if_then_else"))
            return v;
        tir_expr *args[3] = {ec, et, ef};
        return sv_expr(call_node(b, et->dtype, "tir.if_then_else", args, 3, x->loc));
    }
    case PY_SLICE:
        ERR(b, x->loc, "a slice is only allowed inside a subscript");
        return v;
    }
    return v;
}

/* ---- statements ------------------------------------------------------------ */
static tir_stmt *build_suite(builder *b, const py_suite *s, uint32_t from, tir_loc loc);

static tir_stmt *build_body(builder *b, const py_suite *s, tir_loc loc)
{
    binding *saved = b->scope;
    tir_stmt *st = build_suite(b, s, 0, loc);
    b->scope = saved;
    return st;
}

static tir_stmt *noop(builder *b, tir_loc loc)
{
    tir_stmt *s = tir_stmt_new(b->a, TIR_S_EVALUATE, loc);
    s->value = tir_int(b->a, TIR_DT_I32, 0, loc);
    return s;
}

/* Is this statement a call of T.<name>? */
static bool is_t_call(builder *b, const py_expr *e, const char *name)
{
    if (!e || e->kind != PY_CALL || e->func->kind != PY_ATTR)
        return false;
    const py_expr *f = e->func;
    size_t nl = strlen(name);
    const char *dot = strchr(name, '.');
    if (dot) {
        /* T.axis.remap style: func is Attr(Attr(Name T, axis), remap) */
        if (f->value->kind != PY_ATTR || f->value->value->kind != PY_NAME)
            return false;
        size_t l1 = (size_t)(dot - name);
        return b->t_alias && strcmp(f->value->value->name, b->t_alias) == 0 && strlen(f->value->name) == l1 &&
               strncmp(f->value->name, name, l1) == 0 && strcmp(f->name, dot + 1) == 0;
    }
    (void)nl;
    return f->value->kind == PY_NAME && b->t_alias && strcmp(f->value->name, b->t_alias) == 0 &&
           strcmp(f->name, name) == 0;
}

static bool is_t_call_prefix(builder *b, const py_expr *e, const char *prefix)
{
    if (!e || e->kind != PY_CALL || e->func->kind != PY_ATTR)
        return false;
    const py_expr *f = e->func;
    return f->value->kind == PY_ATTR && f->value->value->kind == PY_NAME && b->t_alias &&
           strcmp(f->value->value->name, b->t_alias) == 0 && strcmp(f->value->name, prefix) == 0;
}

static tir_stmt *build_store(builder *b, const py_expr *target, const sval *value, tir_loc loc)
{
    sval base = eval(b, target->value);
    if (base.kind != SV_BUFFER) {
        if (base.kind != SV_NONE)
            ERR(b, target->loc, "only buffer elements can be assigned with a subscript");
        return NULL;
    }
    sval ld = region_or_load(b, base.buf, target->index, false);
    if (ld.kind != SV_EXPR)
        return NULL;
    tir_expr *load = ld.e;
    tir_expr *v;
    tir_dtype want = tir_dt_with_lanes(base.buf->dtype, load->dtype.lanes);
    if (value->kind == SV_PYINT || value->kind == SV_PYFLOAT || value->kind == SV_PYBOOL) {
        if (value->kind == SV_PYFLOAT && tir_dt_is_int(want)) {
            v = to_expr(b, value);
            if (v)
                v = cast_folded(b, want, v);
        } else {
            v = to_expr_as(b, value, want);
        }
    } else {
        v = to_expr(b, value);
        /* The value is converted to the buffer's dtype (5.2). */
        if (v && v->dtype.lanes == want.lanes && !tir_dt_eq(v->dtype, want))
            v = cast_folded(b, want, v);
    }
    if (!v)
        return NULL;
    tir_stmt *s = tir_stmt_new(b->a, TIR_S_STORE, loc);
    s->buffer = base.buf;
    s->value = v;
    s->nindices = load->nargs;
    s->indices = load->args;
    return s;
}

static tir_iter_var *block_add_iter(builder *b, tir_block *blk)
{
    tir_iter_var *iv = tir_arena_alloc(b->a, (blk->niter_vars + 1) * sizeof *iv);
    if (blk->niter_vars)
        memcpy(iv, blk->iter_vars, blk->niter_vars * sizeof *iv);
    blk->iter_vars = iv;
    return &iv[blk->niter_vars++];
}

/* Block iter var bindings are kept on the realize; see build_block. */
typedef struct {
    tir_vec values;
    tir_expr *predicate;
    bool has_init;
} realize_info;
static realize_info *cur_realize;

static bool axis_iter(builder *b, const py_expr *target, const py_expr *call, tir_block *blk)
{
    const char *which = call->func->name;
    call_args ca;
    if (!eval_args(b, call, &ca))
        return false;
    int type;
    if (strcmp(which, "spatial") == 0 || strcmp(which, "S") == 0)
        type = TIR_ITER_DATA_PAR;
    else if (strcmp(which, "reduce") == 0 || strcmp(which, "R") == 0)
        type = TIR_ITER_COMM_REDUCE;
    else if (strcmp(which, "scan") == 0)
        type = TIR_ITER_ORDERED;
    else if (strcmp(which, "opaque") == 0)
        type = TIR_ITER_OPAQUE;
    else if (strcmp(which, "remap") == 0) {
        if (ca.n != 2 || ca.pos[0].kind != SV_STR || ca.pos[1].kind != SV_TUPLE) {
            ERR(b, call->loc, "T.axis.remap takes a kind string and a list of loop variables");
            return false;
        }
        const char *kinds = ca.pos[0].s;
        const sval *vars = &ca.pos[1];
        uint32_t ntargets = target->kind == PY_TUPLE ? target->nitems : 1;
        if (strlen(kinds) != vars->n || vars->n != ntargets) {
            ERR(b, call->loc, "T.axis.remap: %zu kinds, %u loop variables and %u targets do not match",
                strlen(kinds), vars->n, ntargets);
            return false;
        }
        for (uint32_t i = 0; i < vars->n; i++) {
            const py_expr *t = target->kind == PY_TUPLE ? target->items[i] : target;
            if (t->kind != PY_NAME) {
                ERR(b, t->loc, "expected a name");
                return false;
            }
            char k = kinds[i];
            if (k != 'S' && k != 'R') {
                ERR(b, call->loc, "T.axis.remap kind must be 'S' or 'R', got '%c'", k);
                return false;
            }
            const sval *lv = &vars->items[i];
            binding *lb = (lv->kind == SV_EXPR && lv->e->kind == TIR_E_VAR) ? lookup_var_binding(b, lv->e->var) : NULL;
            if (!lb || !lb->loop_extent) {
                ERR(b, lv->loc, "T.axis.remap binds loop variables of enclosing loops only");
                return false;
            }
            tir_iter_var *iv = block_add_iter(b, blk);
            iv->var = tir_var_new(b->a, t->name, lb->var->dtype, t->loc);
            iv->dom_min = lb->loop_min;
            iv->dom_extent = lb->loop_extent;
            iv->iter_type = k == 'S' ? TIR_ITER_DATA_PAR : TIR_ITER_COMM_REDUCE;
            tir_vec_push(b->a, &cur_realize->values, lv->e);
            bind(b, t->name, BIND_VAR, iv->var, NULL);
        }
        return true;
    } else {
        ERR(b, call->loc, "unknown block axis kind 'T.axis.%s'", which);
        return false;
    }
    if (target->kind != PY_NAME) {
        ERR(b, target->loc, "expected a name for the block variable");
        return false;
    }
    const sval *dom = arg(&ca, 0, "dom"), *value = arg(&ca, 1, "binding");
    if (!dom || !value) {
        ERR(b, call->loc, "T.axis.%s takes a domain and a binding", which);
        return false;
    }
    tir_expr *lo, *ext;
    if (dom->kind == SV_TUPLE && dom->n == 2) {
        lo = to_expr(b, &dom->items[0]);
        tir_expr *hi = to_expr(b, &dom->items[1]);
        if (!lo || !hi)
            return false;
        sval sl = sv_expr(lo), sh = sv_expr(hi);
        ext = arith(b, TIR_E_SUB, &sh, &sl, dom->loc);
    } else {
        ext = to_expr(b, dom);
        lo = ext ? tir_int(b->a, tir_dt_is_int(ext->dtype) ? ext->dtype : TIR_DT_I32, 0, dom->loc) : NULL;
    }
    tir_expr *val = to_expr(b, value);
    if (!lo || !ext || !val)
        return false;
    tir_dtype dt = tir_dt_with_lanes(ext->dtype, 1);
    if (lo->dtype.bits > dt.bits)
        dt = lo->dtype;
    const sval *dts = kwarg(&ca, "dtype");
    tir_dtype given;
    if (dts) {
        if (!dtype_of(b, dts, &given))
            return false;
        /* a non-integer dtype is kept so the checker can reject it (rule 13) */
        if (given.bits > dt.bits || !tir_dt_is_int(given))
            dt = given;
    }
    if (val->dtype.bits > dt.bits && tir_dt_is_int(val->dtype))
        dt = val->dtype;
    /* Python-int domains adapt to the iter var's dtype (For rule 3-4 analogue). */
    if (lo->kind == TIR_E_INT && !tir_dt_eq(lo->dtype, dt) && tir_dt_is_int(dt))
        lo = tir_int(b->a, dt, lo->ival, lo->loc);
    if (ext->kind == TIR_E_INT && !tir_dt_eq(ext->dtype, dt) && tir_dt_is_int(dt))
        ext = tir_int(b->a, dt, ext->ival, ext->loc);
    if (val->kind == TIR_E_INT && !tir_dt_eq(val->dtype, dt) && tir_dt_is_int(dt))
        val = tir_int(b->a, dt, val->ival, val->loc);
    tir_iter_var *iv = block_add_iter(b, blk);
    iv->var = tir_var_new(b->a, target->name, dt, target->loc);
    iv->dom_min = lo;
    iv->dom_extent = ext;
    iv->iter_type = type;
    tir_vec_push(b->a, &cur_realize->values, val);
    bind(b, target->name, BIND_VAR, iv->var, NULL);
    return true;
}

static bool regions_of(builder *b, const py_expr *call, tir_region **out, uint32_t *n)
{
    /* T.reads(A[...], B[...]) or T.reads([A[...], ...]) */
    py_expr *const *items = call->items;
    uint32_t cnt = call->nitems;
    if (cnt == 1 && (items[0]->kind == PY_LIST || items[0]->kind == PY_TUPLE)) {
        cnt = items[0]->nitems;
        items = items[0]->items;
    }
    *out = tir_arena_alloc(b->a, (cnt ? cnt : 1) * sizeof **out);
    *n = 0;
    for (uint32_t i = 0; i < cnt; i++) {
        const py_expr *it = items[i];
        sval r;
        if (it->kind == PY_SUBSCRIPT)
            r = eval_subscript(b, it, true);
        else {
            r = eval(b, it);
            if (r.kind == SV_BUFFER) {
                /* a whole buffer */
                tir_buffer *buf = r.buf;
                r.kind = SV_REGION;
                r.region.buffer = buf;
                r.region.n = buf->ndim;
                r.region.mins = tir_arena_alloc(b->a, (buf->ndim ? buf->ndim : 1) * sizeof(tir_expr *));
                r.region.extents = buf->shape;
                for (uint32_t k = 0; k < buf->ndim; k++)
                    r.region.mins[k] = tir_int(b->a, tir_dt_with_lanes(buf->shape[k]->dtype, 1), 0, it->loc);
            }
        }
        if (r.kind != SV_REGION) {
            if (r.kind != SV_NONE)
                ERR(b, it->loc, "expected a buffer region such as A[i, 0:16]");
            return false;
        }
        (*out)[(*n)++] = r.region;
    }
    return true;
}

static tir_buffer *alloc_buffer_call(builder *b, const char *name, const py_expr *call)
{
    call_args ca;
    if (!eval_args(b, call, &ca))
        return NULL;
    return make_buffer(b, name, &ca, 0, false, call->loc);
}

static void block_push_alloc(builder *b, tir_block *blk, tir_buffer *buf)
{
    tir_buffer **bs = tir_arena_alloc(b->a, (blk->nalloc + 1) * sizeof *bs);
    if (blk->nalloc)
        memcpy(bs, blk->alloc_buffers, blk->nalloc * sizeof *bs);
    bs[blk->nalloc++] = buf;
    blk->alloc_buffers = bs;
}

static tir_stmt *build_block(builder *b, const py_stmt *st, const py_expr *call)
{
    call_args ca;
    if (!eval_args(b, call, &ca))
        return NULL;
    const sval *nm = arg(&ca, 0, "name_hint");
    if (kwarg(&ca, "no_realize")) {
        ERR(b, call->loc, "unsupported: T.block(no_realize=True) (outside the specified TIR subset)");
        return NULL;
    }
    tir_block *blk = tir_arena_alloc(b->a, sizeof *blk);
    blk->name = nm && nm->kind == SV_STR ? nm->s : "";
    blk->loc = st->loc;
    realize_info ri;
    memset(&ri, 0, sizeof ri);
    realize_info *saved_ri = cur_realize;
    tir_block *saved_block = b->cur_block;
    binding *saved_scope = b->scope;
    bool saved_top = b->in_func_top;
    cur_realize = &ri;
    b->cur_block = blk;
    b->in_func_top = false;
    b->saw_block = true;
    tir_stmt *body = build_suite(b, &st->body, 0, st->loc);
    b->scope = saved_scope;
    b->cur_block = saved_block;
    cur_realize = saved_ri;
    b->in_func_top = saved_top;
    if (!body)
        return NULL;
    blk->body = body;
    tir_stmt *s = tir_stmt_new(b->a, TIR_S_BLOCK_REALIZE, st->loc);
    s->block = blk;
    s->nindices = (uint32_t)ri.values.len;
    s->indices = (tir_expr **)ri.values.items;
    s->predicate = ri.predicate ? ri.predicate : tir_int(b->a, TIR_DT_BOOL, 1, st->loc);
    return s;
}

/* Handles statements that only configure the enclosing block; returns true if st was one. */
static bool block_statement(builder *b, const py_stmt *st, bool *ok)
{
    *ok = true;
    const py_expr *e = st->kind == PY_S_EXPR ? st->value : NULL;
    if (is_t_call(b, e, "func_attr")) {
        if (!b->func) {
            ERR(b, st->loc, "T.func_attr outside a function");
            *ok = false;
            return true;
        }
        call_args ca;
        if (!eval_args(b, e, &ca) || ca.n != 1 || ca.pos[0].kind != SV_DICT) {
            ERR(b, st->loc, "T.func_attr takes one dict argument");
            *ok = false;
            return true;
        }
        const sval *dict = &ca.pos[0];
        const char **keys = tir_arena_alloc(b->a, (b->func->nattrs + dict->n + 1) * sizeof *keys);
        if (b->func->nattrs)
            memcpy(keys, b->func->attr_keys, b->func->nattrs * sizeof *keys);
        for (uint32_t i = 0; i < dict->n; i++) {
            if (dict->items[i].kind != SV_STR) {
                ERR(b, dict->items[i].loc, "T.func_attr keys must be strings");
                *ok = false;
                return true;
            }
            for (uint32_t k = 0; k < b->func->nattrs; k++)
                if (strcmp(keys[k], dict->items[i].s) == 0) {
                    ERR(b, dict->items[i].loc, "duplicate function attribute '%s'", dict->items[i].s);
                    *ok = false;
                    return true;
                }
            keys[b->func->nattrs++] = dict->items[i].s;
        }
        b->func->attr_keys = keys;
        return true;
    }
    if (is_t_call(b, e, "reads") || is_t_call(b, e, "writes")) {
        if (!b->cur_block || b->cur_block == b->root) {
            ERR(b, st->loc, "T.%s outside a block", e->func->name);
            *ok = false;
            return true;
        }
        tir_region *r;
        uint32_t n;
        if (!regions_of(b, e, &r, &n)) {
            *ok = false;
            return true;
        }
        if (e->func->name[0] == 'r') {
            b->cur_block->reads = r;
            b->cur_block->nreads = n;
        } else {
            b->cur_block->writes = r;
            b->cur_block->nwrites = n;
        }
        return true;
    }
    if (is_t_call(b, e, "where")) {
        if (!cur_realize) {
            ERR(b, st->loc, "T.where outside a block");
            *ok = false;
            return true;
        }
        sval v = e->nitems == 1 ? eval(b, e->items[0]) : sv_none(st->loc);
        tir_expr *c = v.kind != SV_NONE ? to_bool_expr(b, &v) : NULL;
        if (!c) {
            if (e->nitems != 1)
                ERR(b, st->loc, "T.where takes one condition");
            *ok = false;
            return true;
        }
        cur_realize->predicate = c;
        return true;
    }
    if (is_t_call(b, e, "block_attr")) {
        if (!b->cur_block || b->cur_block == b->root) {
            ERR(b, st->loc, "T.block_attr outside a block");
            *ok = false;
        }
        return true;
    }
    if (st->kind == PY_S_WITH && st->nitems == 1 && is_t_call(b, st->items[0], "init")) {
        if (!b->cur_block || b->cur_block == b->root || !cur_realize) {
            ERR(b, st->loc, "T.init() outside a block");
            *ok = false;
            return true;
        }
        if (cur_realize->has_init) {
            ERR(b, st->loc, "a block has at most one T.init()");
            *ok = false;
            return true;
        }
        cur_realize->has_init = true;
        tir_stmt *init = build_body(b, &st->body, st->loc);
        if (!init)
            *ok = false;
        b->cur_block->init = init;
        return true;
    }
    if ((st->kind == PY_S_ASSIGN) && st->value && is_t_call_prefix(b, st->value, "axis")) {
        if (!b->cur_block || b->cur_block == b->root || !cur_realize) {
            ERR(b, st->loc, "block axes are only allowed directly inside a block");
            *ok = false;
            return true;
        }
        *ok = axis_iter(b, st->target, st->value, b->cur_block);
        return true;
    }
    if (st->kind == PY_S_ASSIGN && st->target->kind == PY_NAME && is_t_call(b, st->value, "alloc_buffer")) {
        tir_block *blk = b->cur_block;
        if (!blk) {
            if (!b->in_func_top) {
                ERR(b, st->loc, "T.alloc_buffer outside a block is only allowed at the top of the function body");
                *ok = false;
                return true;
            }
            blk = b->root;
        }
        tir_buffer *buf = alloc_buffer_call(b, st->target->name, st->value);
        if (!buf) {
            *ok = false;
            return true;
        }
        block_push_alloc(b, blk, buf);
        bind(b, st->target->name, BIND_BUFFER, NULL, buf);
        return true;
    }
    return false;
}

static tir_stmt *build_for(builder *b, const py_stmt *st)
{
    sval it = eval(b, st->iter);
    if (it.kind == SV_NONE)
        return NULL;
    if (it.kind != SV_LOOP) {
        ERR(b, st->iter->loc, "a for loop must iterate over range, T.serial, T.grid, T.parallel, T.vectorized, T.unroll or T.thread_binding");
        return NULL;
    }
    if (st->orelse.len) {
        ERR(b, st->loc, "for ... else is not supported in TIR");
        return NULL;
    }
    uint32_t ntargets = st->target->kind == PY_TUPLE ? st->target->nitems : 1;
    if (ntargets != it.nloops) {
        ERR(b, st->target->loc, "%u loop variable%s for %u loop%s", ntargets, ntargets == 1 ? "" : "s", it.nloops,
            it.nloops == 1 ? "" : "s");
        return NULL;
    }
    binding *saved = b->scope;
    tir_stmt **loops = tir_arena_alloc(b->a, it.nloops * sizeof *loops);
    for (uint32_t i = 0; i < it.nloops; i++) {
        const py_expr *t = st->target->kind == PY_TUPLE ? st->target->items[i] : st->target;
        if (t->kind != PY_NAME) {
            ERR(b, t->loc, "a loop variable must be a name");
            b->scope = saved;
            return NULL;
        }
        tir_expr *mn = it.mins[i], *ext = it.extents[i];
        /* The loop variable has the wider bit width of min and extent (5.3). */
        tir_dtype dt = tir_dt_with_lanes(ext->dtype, 1);
        if (tir_dt_is_int(mn->dtype) && mn->dtype.bits > dt.bits && mn->kind != TIR_E_INT)
            dt = mn->dtype;
        if (!tir_dt_is_int(dt))
            dt = TIR_DT_I32;
        tir_stmt *f = tir_stmt_new(b->a, TIR_S_FOR, st->loc);
        f->var = tir_var_new(b->a, t->name, dt, t->loc);
        f->min = mn;
        f->extent = ext;
        f->for_kind = it.for_kind;
        f->thread_tag = it.thread_tag;
        loops[i] = f;
        bind(b, t->name, BIND_VAR, f->var, NULL);
        b->scope->loop_min = mn;
        b->scope->loop_extent = ext;
    }
    bool saved_top = b->in_func_top;
    b->in_func_top = false;
    tir_stmt *body = build_suite(b, &st->body, 0, st->loc);
    b->in_func_top = saved_top;
    b->scope = saved;
    if (!body)
        return NULL;
    for (uint32_t i = it.nloops; i-- > 0;) {
        loops[i]->body = body;
        body = loops[i];
    }
    return body;
}

static tir_stmt *build_if(builder *b, const py_stmt *st)
{
    sval c = eval(b, st->test);
    if (c.kind == SV_NONE)
        return NULL;
    bool saved_top = b->in_func_top;
    b->in_func_top = false;
    tir_stmt *res = NULL;
    if (c.kind == SV_PYBOOL || c.kind == SV_PYINT) {
        /* A Python-bool condition picks the branch at parse time (5.11). */
        const py_suite *s = c.i ? &st->body : &st->orelse;
        res = s->len ? build_body(b, s, st->loc) : noop(b, st->loc);
    } else {
        tir_expr *cond = to_expr(b, &c);
        if (cond) {
            tir_stmt *then = build_body(b, &st->body, st->loc);
            tir_stmt *els = st->orelse.len ? build_body(b, &st->orelse, st->loc) : NULL;
            if (then && (els || !st->orelse.len)) {
                res = tir_stmt_new(b->a, TIR_S_IF, st->loc);
                res->cond = cond;
                res->body = then;
                res->else_case = els;
            }
        }
    }
    b->in_func_top = saved_top;
    return res;
}

static tir_stmt *build_while(builder *b, const py_stmt *st)
{
    if (st->orelse.len) {
        ERR(b, st->loc, "while ... else is not supported in TIR");
        return NULL;
    }
    sval c = eval(b, st->test);
    tir_expr *cond = c.kind == SV_NONE ? NULL : to_bool_expr(b, &c);
    if (!cond)
        return NULL;
    bool saved_top = b->in_func_top;
    b->in_func_top = false;
    tir_stmt *body = build_body(b, &st->body, st->loc);
    b->in_func_top = saved_top;
    if (!body)
        return NULL;
    tir_stmt *s = tir_stmt_new(b->a, TIR_S_WHILE, st->loc);
    s->cond = cond;
    s->body = body;
    return s;
}

static tir_stmt *make_assert(builder *b, const sval *cond, const sval *msg, tir_loc loc, tir_stmt *body)
{
    tir_expr *c = to_bool_expr(b, cond);
    if (!c || !msg)
        return NULL;
    tir_expr *m = to_expr(b, msg);
    if (!m)
        return NULL;
    tir_stmt *s = tir_stmt_new(b->a, TIR_S_ASSERT, loc);
    s->cond = c;
    s->message = m;
    s->body = body;
    return s;
}

/* The dtype a Python annotation (T.int32, T.handle, ...) names. */
static bool annotation_dtype(builder *b, const py_expr *ann, tir_dtype *out)
{
    sval v = eval(b, ann);
    if (v.kind == SV_TFUNC && !v.is_dialect_ir) {
        if (strcmp(v.s, "handle") == 0) {
            *out = TIR_DT_HANDLE;
            return true;
        }
        if (tir_dtype_parse(v.s, strlen(v.s), out))
            return true;
    }
    if (v.kind == SV_STR && tir_dtype_parse(v.s, strlen(v.s), out))
        return true;
    if (v.kind != SV_NONE)
        ERR(b, ann->loc, "expected a type annotation such as T.int32");
    return false;
}

/* A = T.decl_buffer(shape, dtype[, data=p]): Allocate + DeclBuffer, or a
 * DeclBuffer view over p (5.5).  The returned statement's innermost body is
 * left for the caller (the rest of the suite, or a with-suite). */
static tir_stmt *make_decl_buffer(builder *b, const py_expr *call, const char *name, tir_loc loc)
{
    call_args ca;
    if (!eval_args(b, call, &ca))
        return NULL;
    tir_buffer *buf = make_buffer(b, name, &ca, 0, true, loc);
    if (!buf)
        return NULL;
    tir_stmt *decl = tir_stmt_new(b->a, TIR_S_DECL_BUFFER, loc);
    decl->buffer = buf;
    if (kwarg(&ca, "data") && kwarg(&ca, "data")->kind != SV_NONE)
        return decl;
    tir_stmt *al = tir_stmt_new(b->a, TIR_S_ALLOCATE, loc);
    al->var = buf->data;
    al->buffer = buf;
    al->dtype = buf->dtype;
    al->nindices = buf->ndim;
    al->indices = buf->shape;
    al->cond = tir_int(b->a, TIR_DT_BOOL, 1, loc);
    al->body = decl;
    return al;
}

/* T.attr(node, key, value): an AttrStmt.  Only thread_extent and
 * virtual_thread change the meaning (spec Stmt semantics 3); every other
 * key just runs its body. */
static tir_stmt *make_attr(builder *b, const py_expr *call, tir_loc loc)
{
    call_args ca;
    if (!eval_args(b, call, &ca))
        return NULL;
    if (ca.n != 3 || ca.pos[1].kind != SV_STR) {
        ERR(b, loc, "T.attr takes a node, a key string and a value");
        return NULL;
    }
    tir_stmt *st = tir_stmt_new(b->a, TIR_S_ATTR, loc);
    st->attr_key = ca.pos[1].s;
    if (ca.pos[0].kind == SV_EXPR && ca.pos[0].e->kind == TIR_E_VAR)
        st->var = ca.pos[0].e->var;
    bool threads = strcmp(st->attr_key, "thread_extent") == 0 || strcmp(st->attr_key, "virtual_thread") == 0;
    if (threads && !st->var) {
        ERR(b, loc, "a %s attribute needs a thread variable as its node", st->attr_key);
        return NULL;
    }
    if (ca.pos[2].kind == SV_STR || ca.pos[2].kind == SV_EXPR || ca.pos[2].kind == SV_PYINT ||
        ca.pos[2].kind == SV_PYBOOL || ca.pos[2].kind == SV_PYFLOAT)
        st->value = threads && st->var ? to_expr_as(b, &ca.pos[2], st->var->dtype) : to_expr(b, &ca.pos[2]);
    if (threads && !st->value)
        return NULL;
    return st;
}

/* The statement whose body the rest of the suite becomes. */
static tir_stmt *innermost(tir_stmt *s)
{
    while (s->kind == TIR_S_ALLOCATE && s->body)
        s = s->body;
    return s;
}

/* T.launch_thread(var_or_tag, extent): an AttrStmt "thread_extent" (or
 * "virtual_thread" for the tag "vthread") whose node is the thread Var (5.6).
 * `name` names a new Var when the first argument is a tag. */
static tir_stmt *make_launch(builder *b, const py_expr *call, const char *name, tir_loc loc)
{
    call_args ca;
    if (!eval_args(b, call, &ca))
        return NULL;
    if (ca.n != 2) {
        ERR(b, loc, "T.launch_thread takes a thread variable or tag and an extent");
        return NULL;
    }
    tir_var *v;
    const char *tag;
    if (ca.pos[0].kind == SV_STR) {
        tag = ca.pos[0].s;
        v = tir_var_new(b->a, name ? name : tag, TIR_DT_I32, loc);
    } else if (ca.pos[0].kind == SV_EXPR && ca.pos[0].e->kind == TIR_E_VAR) {
        v = ca.pos[0].e->var;
        tag = v->name;
    } else {
        ERR(b, ca.pos[0].loc, "T.launch_thread needs a variable from T.env_thread or a thread tag");
        return NULL;
    }
    tir_expr *ext = to_expr_as(b, &ca.pos[1], v->dtype);
    if (!ext)
        return NULL;
    tir_stmt *st = tir_stmt_new(b->a, TIR_S_ATTR, loc);
    st->var = v;
    st->value = ext;
    st->thread_tag = tag;
    st->attr_key = strcmp(tag, "vthread") == 0 ? "virtual_thread" : "thread_extent";
    return st;
}

/* T.LetStmt(e, var=x) or the deprecated T.let(x, e): a LetStmt binding a
 * Var declared earlier (e.g. x = T.int32()) rather than a new one (5.7). */
static tir_stmt *make_let_existing(builder *b, const py_expr *call, tir_loc loc)
{
    call_args ca;
    if (!eval_args(b, call, &ca))
        return NULL;
    const sval *value, *var;
    if (kwarg(&ca, "var")) {
        value = ca.n == 1 ? &ca.pos[0] : NULL;
        var = kwarg(&ca, "var");
    } else {
        value = ca.n == 2 ? &ca.pos[1] : NULL;
        var = ca.n == 2 ? &ca.pos[0] : NULL;
    }
    if (!value || !var || var->kind != SV_EXPR || var->e->kind != TIR_E_VAR) {
        ERR(b, loc, "T.LetStmt(value, var=x) needs a value and a declared variable x");
        return NULL;
    }
    tir_expr *v = to_expr_as(b, value, var->e->var->dtype);
    if (!v)
        return NULL;
    tir_stmt *let = tir_stmt_new(b->a, TIR_S_LET, loc);
    let->var = var->e->var;
    let->value = v;
    return let;
}

/* Builds suite items [from, len): scope-opening statements take the rest of
 * the suite as their body (5.1). */
static tir_stmt *build_suite(builder *b, const py_suite *s, uint32_t from, tir_loc loc)
{
    tir_vec out = {0};
    bool failed = false;
    for (uint32_t i = from; i < s->len; i++) {
        const py_stmt *st = s->items[i];
        tir_loc sloc = st->loc;
        if (b->d->nerrors > TIR_DIAG_MAX_ERRORS)
            return NULL;
        bool ok;
        if (block_statement(b, st, &ok)) {
            failed |= !ok;
            continue;
        }
        tir_stmt *res = NULL;
        tir_stmt *rest_opener = NULL; /* a statement whose body is the rest of the suite */
        switch (st->kind) {
        case PY_S_PASS: continue;
        case PY_S_EXPR: {
            const py_expr *e = st->value;
            if (e->kind == PY_STR || e->kind == PY_NONE)
                continue; /* docstring */
            if (is_t_call(b, e, "Assert")) {
                call_args ca;
                if (!eval_args(b, e, &ca) || ca.n != 2) {
                    if (ca.n != 2)
                        ERR(b, st->loc, "T.Assert takes a condition and a message");
                    failed = true;
                    continue;
                }
                rest_opener = make_assert(b, &ca.pos[0], &ca.pos[1], sloc, NULL);
                break;
            }
            if (is_t_call(b, e, "attr")) {
                rest_opener = make_attr(b, e, sloc);
                if (!rest_opener) {
                    failed = true;
                    continue;
                }
                break;
            }
            if (is_t_call(b, e, "LetStmt") || is_t_call(b, e, "let")) {
                rest_opener = make_let_existing(b, e, sloc);
                if (!rest_opener) {
                    failed = true;
                    continue;
                }
                break;
            }
            if (is_t_call(b, e, "launch_thread")) {
                rest_opener = make_launch(b, e, NULL, sloc);
                if (!rest_opener) {
                    failed = true;
                    continue;
                }
                break;
            }
            if (is_t_call(b, e, "evaluate")) {
                call_args ca;
                if (!eval_args(b, e, &ca) || ca.n != 1) {
                    if (ca.n != 1)
                        ERR(b, st->loc, "T.evaluate takes one argument");
                    failed = true;
                    continue;
                }
                tir_expr *v = ca.pos[0].kind == SV_PYBOOL ? to_bool_expr(b, &ca.pos[0]) : to_expr(b, &ca.pos[0]);
                if (!v) {
                    failed = true;
                    continue;
                }
                res = tir_stmt_new(b->a, TIR_S_EVALUATE, sloc);
                res->value = v;
                break;
            }
            sval v = eval(b, e);
            if (v.kind == SV_NONE) {
                failed = true;
                continue;
            }
            if (v.kind == SV_PYINT || v.kind == SV_PYBOOL || v.kind == SV_EXPR) {
                res = tir_stmt_new(b->a, TIR_S_EVALUATE, sloc);
                res->value = to_expr(b, &v);
                break;
            }
            ERR(b, sloc, "this expression statement has no meaning in TIR");
            failed = true;
            continue;
        }
        case PY_S_ASSERT: {
            sval c = eval(b, st->test);
            if (!st->msg) {
                ERR(b, sloc, "assert needs a message: assert cond, \"message\"");
                failed = true;
                continue;
            }
            sval m = eval(b, st->msg);
            if (c.kind == SV_NONE || m.kind == SV_NONE) {
                failed = true;
                continue;
            }
            if (m.kind != SV_STR) {
                ERR(b, st->msg->loc, "the assert message must be a string literal");
                failed = true;
                continue;
            }
            rest_opener = make_assert(b, &c, &m, sloc, NULL);
            break;
        }
        case PY_S_ASSIGN: {
            const py_expr *t = st->target;
            if (t->kind == PY_SUBSCRIPT) {
                sval v = eval(b, st->value);
                if (v.kind == SV_NONE) {
                    failed = true;
                    continue;
                }
                res = build_store(b, t, &v, sloc);
                break;
            }
            if (t->kind == PY_NAME && is_t_call(b, st->value, "match_buffer") && b->cur_block &&
                b->cur_block != b->root) {
                /* S = T.match_buffer(A[lo:hi, j], shape?, dtype?): an alias of a region (5.4) */
                const py_expr *src = st->value->nitems ? st->value->items[0] : NULL;
                sval r = src && src->kind == PY_SUBSCRIPT ? eval_subscript(b, src, true) : sv_none(sloc);
                if (r.kind != SV_REGION) {
                    if (r.kind == SV_NONE && !(src && src->kind == PY_SUBSCRIPT))
                        ERR(b, sloc, "T.match_buffer in a block needs a buffer region such as A[i, 0:16]");
                    failed = true;
                    continue;
                }
                /* the arguments after the region: shape and dtype */
                py_expr rest = *st->value;
                rest.items = st->value->items + 1;
                rest.nitems = st->value->nitems - 1;
                call_args ca;
                if (!eval_args(b, &rest, &ca)) {
                    failed = true;
                    continue;
                }
                char tmp[32];
                sval dflt_dtype = sv_none(sloc);
                dflt_dtype.kind = SV_STR;
                dflt_dtype.s = tir_arena_strdup(b->a, tir_dtype_str(r.region.buffer->dtype, tmp, sizeof tmp));
                call_args cb = ca;
                cb.pos = tir_arena_alloc(b->a, 2 * sizeof(sval));
                cb.n = 2;
                if (arg(&ca, 0, "shape")) {
                    cb.pos[0] = *arg(&ca, 0, "shape");
                } else {
                    /* shape = the region's extents */
                    cb.pos[0] = sv_none(sloc);
                    cb.pos[0].kind = SV_TUPLE;
                    cb.pos[0].n = r.region.n;
                    cb.pos[0].items = tir_arena_alloc(b->a, (r.region.n ? r.region.n : 1) * sizeof(sval));
                    for (uint32_t k = 0; k < r.region.n; k++)
                        cb.pos[0].items[k] = sv_expr(r.region.extents[k]);
                }
                cb.pos[1] = arg(&ca, 1, "dtype") ? *arg(&ca, 1, "dtype") : dflt_dtype;
                tir_buffer *buf = make_buffer(b, t->name, &cb, 0, false, sloc);
                if (!buf) {
                    failed = true;
                    continue;
                }
                tir_block *blk = b->cur_block;
                tir_match_buffer *mb = tir_arena_alloc(b->a, (blk->nmatch + 1) * sizeof *mb);
                if (blk->nmatch)
                    memcpy(mb, blk->match_buffers, blk->nmatch * sizeof *mb);
                mb[blk->nmatch].buffer = buf;
                mb[blk->nmatch].source = r.region;
                blk->match_buffers = mb;
                blk->nmatch++;
                bind(b, t->name, BIND_BUFFER, NULL, buf);
                continue;
            }
            if (t->kind == PY_NAME && is_t_call(b, st->value, "match_buffer")) {
                if (!b->in_func_top || b->cur_block) {
                    ERR(b, sloc, "T.match_buffer outside a block must be at the top of the function body");
                    failed = true;
                    continue;
                }
                call_args ca;
                if (!eval_args(b, st->value, &ca)) {
                    failed = true;
                    continue;
                }
                const sval *h = arg(&ca, 0, "param");
                uint32_t pi = b->func->nparams;
                if (h && h->kind == SV_EXPR && h->e->kind == TIR_E_VAR)
                    for (pi = 0; pi < b->func->nparams && b->func->params[pi] != h->e->var; pi++)
                        ;
                if (pi == b->func->nparams || !tir_dt_is_handle(b->func->params[pi]->dtype)) {
                    ERR(b, h ? h->loc : sloc, "T.match_buffer expects a T.handle parameter of the function");
                    failed = true;
                    continue;
                }
                if (b->func->param_buffers[pi]) {
                    ERR(b, h->loc, "parameter '%s' is already matched to buffer '%s'", b->func->params[pi]->name,
                        b->func->param_buffers[pi]->name);
                    failed = true;
                    continue;
                }
                tir_buffer *buf = make_buffer(b, t->name, &ca, 1, false, sloc);
                if (!buf) {
                    failed = true;
                    continue;
                }
                b->func->param_buffers[pi] = buf;
                bind(b, t->name, BIND_BUFFER, NULL, buf);
                continue;
            }
            if (t->kind == PY_NAME && (is_t_call(b, st->value, "decl_buffer") || is_t_call(b, st->value, "buffer_decl"))) {
                rest_opener = make_decl_buffer(b, st->value, t->name, sloc);
                if (!rest_opener) {
                    failed = true;
                    continue;
                }
                break;
            }
            if (t->kind == PY_NAME && is_t_call(b, st->value, "launch_thread")) {
                rest_opener = make_launch(b, st->value, t->name, sloc);
                if (!rest_opener) {
                    failed = true;
                    continue;
                }
                break;
            }
            if (t->kind == PY_NAME && is_t_call(b, st->value, "allocate")) {
                /* p = T.allocate(extents, dtype, scope, condition): Allocate over the rest (5.5) */
                call_args ca;
                if (!eval_args(b, st->value, &ca)) {
                    failed = true;
                    continue;
                }
                const sval *ext = arg(&ca, 0, "extents"), *dts = arg(&ca, 1, "dtype");
                const sval *scope = arg(&ca, 2, "scope"), *cond = arg(&ca, 3, "condition");
                tir_dtype dt;
                uint32_t n;
                tir_expr **extents;
                if (!ext || !dts || !dtype_of(b, dts, &dt) || !shape_of(b, ext, &n, &extents)) {
                    if (!ext || !dts)
                        ERR(b, sloc, "T.allocate takes extents and a dtype");
                    failed = true;
                    continue;
                }
                if (scope && scope->kind == SV_STR && strcmp(scope->s, "global") != 0 && strcmp(scope->s, "local") != 0) {
                    ERR(b, scope->loc, "unsupported storage scope '%s' (outside the specified TIR subset)", scope->s);
                    failed = true;
                    continue;
                }
                tir_expr *c = cond && cond->kind != SV_NONE ? to_bool_expr(b, cond) : tir_int(b->a, TIR_DT_BOOL, 1, sloc);
                if (!c) {
                    failed = true;
                    continue;
                }
                rest_opener = tir_stmt_new(b->a, TIR_S_ALLOCATE, sloc);
                rest_opener->var = tir_var_new(b->a, t->name, TIR_DT_HANDLE, t->loc);
                rest_opener->var->type_kind = TIR_TYPE_POINTER;
                rest_opener->var->elem_dtype = tir_dt_is_bool(dt) ? tir_dt(TIR_CODE_INT, 8, 1) : dt;
                rest_opener->var->scope = scope && scope->kind == SV_STR ? scope->s : "global";
                rest_opener->dtype = dt;
                rest_opener->nindices = n;
                rest_opener->indices = extents;
                rest_opener->cond = c;
                break;
            }
            if (t->kind == PY_NAME && is_t_call(b, st->value, "Buffer")) {
                call_args ca;
                if (!eval_args(b, st->value, &ca)) {
                    failed = true;
                    continue;
                }
                if (!kwarg(&ca, "data")) {
                    ERR(b, sloc, "T.Buffer in a function body needs data=");
                    failed = true;
                    continue;
                }
                tir_buffer *buf = make_buffer(b, t->name, &ca, 0, true, sloc);
                if (!buf) {
                    failed = true;
                    continue;
                }
                bind(b, t->name, BIND_BUFFER, NULL, buf);
                continue;
            }
            sval v = eval(b, st->value);
            if (v.kind == SV_NONE) {
                failed = true;
                continue;
            }
            if (t->kind == PY_TUPLE) {
                ERR(b, t->loc, "tuple assignment is only supported for T.axis.remap");
                failed = true;
                continue;
            }
            if (t->kind != PY_NAME) {
                ERR(b, t->loc, "cannot assign to this target");
                failed = true;
                continue;
            }
            if (v.kind == SV_BUFFER) {
                bind(b, t->name, BIND_BUFFER, NULL, v.buf);
                continue;
            }
            /* `n = T.int32()` declares a Var; it is bound elsewhere (4.4). */
            if (v.kind == SV_EXPR && v.e->kind == TIR_E_VAR && !lookup_var_binding(b, v.e->var)) {
                v.e->var->name = t->name;
                bind(b, t->name, BIND_VAR, v.e->var, NULL);
                continue;
            }
            tir_expr *e = to_expr(b, &v);
            if (!e) {
                failed = true;
                continue;
            }
            rest_opener = tir_stmt_new(b->a, TIR_S_LET, sloc);
            rest_opener->var = tir_var_new(b->a, t->name, e->dtype, t->loc);
            rest_opener->value = e;
            break;
        }
        case PY_S_ANNASSIGN: {
            const py_expr *t = st->target;
            tir_dtype dt;
            if (t->kind != PY_NAME) {
                ERR(b, t->loc, "an annotated assignment needs a name");
                failed = true;
                continue;
            }
            if (!annotation_dtype(b, st->annotation, &dt)) {
                failed = true;
                continue;
            }
            if (!st->value) {
                ERR(b, sloc, "an annotated name needs a value");
                failed = true;
                continue;
            }
            sval v = eval(b, st->value);
            tir_expr *e = v.kind == SV_NONE ? NULL : to_expr_as(b, &v, dt);
            if (!e) {
                failed = true;
                continue;
            }
            rest_opener = tir_stmt_new(b->a, TIR_S_LET, sloc);
            rest_opener->var = tir_var_new(b->a, t->name, dt, t->loc);
            rest_opener->value = e;
            break;
        }
        case PY_S_AUGASSIGN: {
            if (st->target->kind != PY_SUBSCRIPT) {
                ERR(b, sloc, "augmented assignment is only supported on buffer elements");
                failed = true;
                continue;
            }
            py_expr bin;
            memset(&bin, 0, sizeof bin);
            bin.kind = PY_BINOP;
            bin.op = st->op;
            bin.loc = st->target->loc;
            bin.lhs = st->target;
            bin.rhs = st->value;
            sval v = eval_binop(b, &bin);
            if (v.kind == SV_NONE) {
                failed = true;
                continue;
            }
            res = build_store(b, st->target, &v, sloc);
            break;
        }
        case PY_S_FOR: res = build_for(b, st); break;
        case PY_S_WHILE: res = build_while(b, st); break;
        case PY_S_IF: res = build_if(b, st); break;
        case PY_S_WITH: {
            if (st->nitems == 1 && is_t_call(b, st->items[0], "block")) {
                res = build_block(b, st, st->items[0]);
                break;
            }
            if (st->nitems == 1 && is_t_call(b, st->items[0], "Assert")) {
                call_args ca;
                if (!eval_args(b, st->items[0], &ca) || ca.n != 2) {
                    failed = true;
                    continue;
                }
                tir_stmt *body = build_body(b, &st->body, sloc);
                res = body ? make_assert(b, &ca.pos[0], &ca.pos[1], sloc, body) : NULL;
                break;
            }
            if (st->nitems == 1 && (is_t_call(b, st->items[0], "decl_buffer") || is_t_call(b, st->items[0], "attr"))) {
                const py_expr *tgt = st->targets[0];
                tir_stmt *head;
                binding *saved = b->scope;
                if (is_t_call(b, st->items[0], "attr")) {
                    head = make_attr(b, st->items[0], sloc);
                } else {
                    if (!tgt || tgt->kind != PY_NAME) {
                        ERR(b, sloc, "with T.decl_buffer(...) needs 'as NAME'");
                        failed = true;
                        continue;
                    }
                    head = make_decl_buffer(b, st->items[0], tgt->name, sloc);
                    if (head)
                        bind(b, tgt->name, BIND_BUFFER, NULL, innermost(head)->buffer);
                }
                if (!head) {
                    b->scope = saved;
                    failed = true;
                    continue;
                }
                tir_stmt *holder = innermost(head);
                holder->body = build_suite(b, &st->body, 0, sloc);
                b->scope = saved;
                res = holder->body ? head : NULL;
                break;
            }
            if (st->nitems == 1 && is_t_call(b, st->items[0], "launch_thread")) {
                const py_expr *tgt = st->targets[0];
                tir_stmt *at = make_launch(b, st->items[0], tgt && tgt->kind == PY_NAME ? tgt->name : NULL, sloc);
                if (!at) {
                    failed = true;
                    continue;
                }
                binding *saved = b->scope;
                if (tgt && tgt->kind == PY_NAME)
                    bind(b, tgt->name, BIND_VAR, at->var, NULL);
                at->body = build_suite(b, &st->body, 0, sloc);
                b->scope = saved;
                res = at->body ? at : NULL;
                break;
            }
            if (st->nitems == 1 && is_t_call(b, st->items[0], "LetStmt")) {
                /* with T.LetStmt(value[, annotation]) as x: (5.7) */
                if (!st->targets[0]) {
                    /* with T.LetStmt(value, var=x): */
                    tir_stmt *let = make_let_existing(b, st->items[0], sloc);
                    if (!let) {
                        failed = true;
                        continue;
                    }
                    let->body = build_suite(b, &st->body, 0, sloc);
                    res = let->body ? let : NULL;
                    break;
                }
                call_args ca;
                if (!eval_args(b, st->items[0], &ca) || ca.n < 1 || kwarg(&ca, "var")) {
                    if (ca.n < 1 || kwarg(&ca, "var"))
                        ERR(b, sloc, "unsupported: T.LetStmt needs a value and an 'as' name");
                    failed = true;
                    continue;
                }
                if (!st->targets[0] || st->targets[0]->kind != PY_NAME) {
                    ERR(b, sloc, "T.LetStmt needs 'as NAME'");
                    failed = true;
                    continue;
                }
                tir_expr *v = to_expr(b, &ca.pos[0]);
                if (!v) {
                    failed = true;
                    continue;
                }
                tir_dtype dt = v->dtype;
                if (ca.n >= 2 && !dtype_of(b, &ca.pos[1], &dt)) {
                    failed = true;
                    continue;
                }
                tir_stmt *let = tir_stmt_new(b->a, TIR_S_LET, sloc);
                let->var = tir_var_new(b->a, st->targets[0]->name, dt, st->targets[0]->loc);
                let->value = v;
                binding *saved = b->scope;
                bind(b, st->targets[0]->name, BIND_VAR, let->var, NULL);
                let->body = build_suite(b, &st->body, 0, sloc);
                b->scope = saved;
                res = let->body ? let : NULL;
                break;
            }
            ERR(b, sloc, "unsupported with-statement (expected T.block, T.init, T.Assert or T.LetStmt)");
            failed = true;
            continue;
        }
        case PY_S_RETURN: {
            /* return e  ->  Evaluate(tir.ret(e)) (5.10) */
            if (!st->value) {
                ERR(b, sloc, "return needs a value in TIR (a function without one just ends)");
                failed = true;
                continue;
            }
            sval v = eval(b, st->value);
            tir_expr *e = v.kind == SV_NONE ? NULL
                          : b->func->has_ret_type ? to_expr_as(b, &v, b->func->ret_dtype)
                                                  : to_expr(b, &v);
            if (!e) {
                failed = true;
                continue;
            }
            res = tir_stmt_new(b->a, TIR_S_EVALUATE, sloc);
            res->value = call_node(b, e->dtype, "tir.ret", &e, 1, sloc);
            break;
        }
        case PY_S_BREAK:
        case PY_S_CONTINUE:
            ERR(b, sloc, "unsupported: break and continue are not part of the TIR specification");
            failed = true;
            continue;
        case PY_S_FUNCDEF:
        case PY_S_CLASSDEF:
        case PY_S_IMPORT:
            ERR(b, sloc, "nested definitions and imports are not allowed in a TIR function");
            failed = true;
            continue;
        }
        if (rest_opener) {
            binding *saved = b->scope;
            tir_stmt *holder = innermost(rest_opener);
            if (holder->kind == TIR_S_DECL_BUFFER)
                bind(b, st->target->name, BIND_BUFFER, NULL, holder->buffer);
            else if (st->kind != PY_S_EXPR && (rest_opener->kind == TIR_S_LET || rest_opener->kind == TIR_S_ALLOCATE ||
                                               (rest_opener->kind == TIR_S_ATTR && st->kind == PY_S_ASSIGN)))
                bind(b, st->target->name, BIND_VAR, rest_opener->var, NULL);
            tir_stmt *body = build_suite(b, s, i + 1, sloc);
            b->scope = saved;
            if (!body)
                return NULL;
            holder->body = body;
            tir_vec_push(b->a, &out, rest_opener);
            break;
        }
        if (!res)
            failed = true;
        else
            tir_vec_push(b->a, &out, res);
    }
    if (failed)
        return NULL;
    if (out.len == 0)
        return noop(b, loc);
    return tir_seq(b->a, (tir_stmt **)out.items, (uint32_t)out.len, loc);
}

/* ---- functions and modules ----------------------------------------------- */
static bool is_decorator(builder *b, const py_expr *d, bool ir, const char *name)
{
    const char *alias = ir ? b->i_alias : b->t_alias;
    if (d->kind == PY_CALL)
        d = d->func;
    if (d->kind != PY_ATTR || strcmp(d->name, name) != 0)
        return false;
    if (d->value->kind == PY_NAME)
        return alias && strcmp(d->value->name, alias) == 0;
    /* tvm.script.ir_module / tvm.script.tir.prim_func */
    return d->value->kind == PY_ATTR;
}

static bool decorator_flag(const py_expr *d, const char *kw)
{
    if (d->kind != PY_CALL)
        return false;
    for (uint32_t i = 0; i < d->nkw; i++)
        if (strcmp(d->kwnames[i], kw) == 0 && d->kwvalues[i]->kind == PY_TRUE)
            return true;
    return false;
}

static tir_func *build_func(builder *b, const py_stmt *def)
{
    tir_func *f = tir_arena_alloc(b->a, sizeof *f);
    f->name = def->name;
    f->loc = def->loc;
    f->nparams = def->nparams;
    f->params = tir_arena_alloc(b->a, (def->nparams ? def->nparams : 1) * sizeof *f->params);
    f->param_buffers = tir_arena_alloc(b->a, (def->nparams ? def->nparams : 1) * sizeof *f->param_buffers);
    const py_expr *dec = def->decorators[def->ndecorators - 1];
    f->is_private = decorator_flag(dec, "private");
    b->func = f;
    b->scope = NULL;
    b->saw_block = false;
    b->cur_block = NULL;
    b->root = tir_arena_alloc(b->a, sizeof *b->root);
    b->root->name = "root";
    b->root->loc = def->loc;
    int before = b->d->nerrors;
    for (uint32_t i = 0; i < def->nparams; i++) {
        const py_param *p = &def->params[i];
        if (!p->annotation) {
            ERR(b, p->loc, "parameter '%s' needs a type annotation", p->name);
            continue;
        }
        if (p->default_value)
            ERR(b, p->loc, "parameters cannot have default values in TIR");
        const py_expr *ann = p->annotation;
        if (ann->kind == PY_CALL && ann->func->kind == PY_ATTR && strcmp(ann->func->name, "Buffer") == 0) {
            /* A: T.Buffer(shape, dtype): a handle parameter matched to a buffer (4.1) */
            call_args ca;
            if (!eval_args(b, ann, &ca))
                continue;
            tir_buffer *buf = make_buffer(b, p->name, &ca, 0, false, p->loc);
            if (!buf)
                continue;
            char *hn = tir_arena_alloc(b->a, strlen(p->name) + 8);
            sprintf(hn, "%s_handle", p->name);
            f->params[i] = tir_var_new(b->a, hn, TIR_DT_HANDLE, p->loc);
            f->param_buffers[i] = buf;
            bind(b, p->name, BIND_BUFFER, NULL, buf);
            continue;
        }
        if (ann->kind == PY_CALL && ann->func->kind == PY_ATTR && strcmp(ann->func->name, "handle") == 0) {
            ERR(b, ann->loc, "unsupported: typed pointer parameters (outside the specified TIR subset)");
            continue;
        }
        tir_dtype dt;
        if (!annotation_dtype(b, ann, &dt))
            continue;
        f->params[i] = tir_var_new(b->a, p->name, dt, p->loc);
        bind(b, p->name, BIND_VAR, f->params[i], NULL);
    }
    if (def->returns && def->returns->kind != PY_NONE) {
        tir_dtype rt;
        if (annotation_dtype(b, def->returns, &rt)) {
            f->has_ret_type = true;
            f->ret_dtype = rt;
        }
    }
    if (b->d->nerrors != before)
        return NULL;
    b->in_func_top = true;
    tir_stmt *body = build_suite(b, &def->body, 0, def->loc);
    b->in_func_top = false;
    if (!body)
        return NULL;
    for (uint32_t i = 0; i < f->nparams; i++)
        if (!f->params[i])
            return NULL;
    if (b->saw_block || b->root->nalloc) {
        /* TVM wraps a body with blocks in the root block (5.4). */
        /* ... unless the body already is a single block with no iter vars (TVM's rule; the name does not matter) */
        if (!(body->kind == TIR_S_BLOCK_REALIZE && body->block->niter_vars == 0 && b->root->nalloc == 0)) {
            b->root->body = body;
            tir_stmt *r = tir_stmt_new(b->a, TIR_S_BLOCK_REALIZE, def->loc);
            r->block = b->root;
            r->predicate = tir_int(b->a, TIR_DT_BOOL, 1, def->loc);
            body = r;
        }
    }
    f->body = body;
    return f;
}

static void scan_imports(builder *b, const py_module *m)
{
    /* The printed header is a comment (1.4); honour it when no import is given. */
    for (uint32_t i = 0; i < m->ncomments; i++) {
        const char *t = m->comments[i].text;
        while (*t == ' ')
            t++;
        if (strncmp(t, "from tvm.script import tirx", 27) == 0) {
            tir_loc loc = {.line = m->comments[i].line, .col = 1};
            ERR(b, loc, "unsupported dialect 'tirx' (TVM >= 0.24); print the module with TVM <= 0.23");
        }
    }
    for (uint32_t i = 0; i < m->body.len; i++) {
        const py_stmt *s = m->body.items[i];
        if (s->kind != PY_S_IMPORT)
            continue;
        if (!s->from_module)
            continue;
        for (uint32_t k = 0; k < s->nnames; k++) {
            const char *alias = s->asnames[k] ? s->asnames[k] : s->names[k];
            if (strcmp(s->from_module, "tvm.script") == 0 && strcmp(s->names[k], "tir") == 0)
                b->t_alias = alias;
            else if (strcmp(s->from_module, "tvm.script") == 0 && strcmp(s->names[k], "ir") == 0)
                b->i_alias = alias;
            else if (strcmp(s->from_module, "tvm.script") == 0 && strcmp(s->names[k], "tirx") == 0)
                ERR(b, s->loc, "unsupported dialect 'tirx' (TVM >= 0.24); print the module with TVM <= 0.23");
        }
    }
}

static void build_def(builder *b, const py_stmt *s)
{
    if (s->ndecorators == 0 || !is_decorator(b, s->decorators[s->ndecorators - 1], false, "prim_func")) {
        ERR(b, s->loc, "function '%s' is not a @T.prim_func", s->name);
        return;
    }
    tir_func *f = build_func(b, s);
    if (f)
        tir_vec_push(b->a, &b->funcs, f);
}

tir_module *tir_script_build(tir_arena *a, tir_diag *d, const py_module *m)
{
    builder bb;
    memset(&bb, 0, sizeof bb);
    builder *b = &bb;
    b->a = a;
    b->d = d;
    b->t_alias = "T";
    b->i_alias = "I";
    b->pm = m;
    scan_imports(b, m);
    for (uint32_t i = 0; i < m->body.len; i++) {
        const py_stmt *s = m->body.items[i];
        switch (s->kind) {
        case PY_S_IMPORT: break;
        case PY_S_EXPR:
            if (s->value->kind == PY_STR)
                break; /* module docstring */
            ERR(b, s->loc, "unsupported: Python meta-programming at module level");
            break;
        case PY_S_FUNCDEF: build_def(b, s); break;
        case PY_S_CLASSDEF:
            if (s->ndecorators == 0 || !is_decorator(b, s->decorators[s->ndecorators - 1], true, "ir_module")) {
                ERR(b, s->loc, "class '%s' is not an @I.ir_module", s->name);
                break;
            }
            b->class_name = s->name;
            b->module_class = s;
            for (uint32_t k = 0; k < s->body.len; k++) {
                const py_stmt *fs = s->body.items[k];
                if (fs->kind == PY_S_FUNCDEF)
                    build_def(b, fs);
                else if (fs->kind == PY_S_EXPR && (fs->value->kind == PY_STR || (fs->value->kind == PY_CALL &&
                                                                                     fs->value->func->kind == PY_ATTR &&
                                                                                     fs->value->func->value->kind == PY_NAME &&
                                                                                     b->i_alias && strcmp(fs->value->func->value->name, b->i_alias) == 0)))
                    ; /* docstring, I.module_attrs(...) */
                else if (fs->kind != PY_S_PASS)
                    ERR(b, fs->loc, "only @T.prim_func functions may appear in an IR module");
            }
            b->class_name = NULL;
            b->module_class = NULL;
            break;
        default:
            ERR(b, s->loc, "unsupported: Python meta-programming at module level");
            break;
        }
    }
    if (d->nerrors)
        return NULL;
    if (b->funcs.len == 0) {
        tir_loc loc = {0};
        ERR(b, loc, "no @T.prim_func function found");
        return NULL;
    }
    for (size_t i = 0; i < b->funcs.len; i++)
        for (size_t k = 0; k < i; k++)
            if (strcmp(((tir_func *)b->funcs.items[i])->name, ((tir_func *)b->funcs.items[k])->name) == 0) {
                ERR(b, ((tir_func *)b->funcs.items[i])->loc, "duplicate function name '%s'",
                    ((tir_func *)b->funcs.items[i])->name);
                return NULL;
            }
    tir_module *mod = tir_arena_alloc(a, sizeof *mod);
    mod->nfuncs = (uint32_t)b->funcs.len;
    mod->funcs = (tir_func **)b->funcs.items;
    return mod;
}
