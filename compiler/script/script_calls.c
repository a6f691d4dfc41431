/* The T.* functions called in expressions (T.float32(x), T.serial(n),
 * T.max(a, b), T.exp(x), ...), dispatched by name through one table, and
 * the helpers that read their arguments (keywords, dtypes, shapes) and
 * build buffers from T.Buffer/T.match_buffer/T.alloc_buffer arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "script_internal.h"

/* ---- arguments ----------------------------------------------------------- */
const sval *sb_kwarg(const call_args *ca, const char *name)
{
    for (uint32_t i = 0; i < ca->nkw; i++)
        if (strcmp(ca->kwnames[i], name) == 0)
            return &ca->kw[i];
    return NULL;
}

/* The i-th argument, given positionally or by keyword; NULL if absent. */
const sval *sb_arg(const call_args *ca, uint32_t i, const char *name)
{
    if (i < ca->n)
        return &ca->pos[i];
    return name ? sb_kwarg(ca, name) : NULL;
}

bool sb_dtype_of(builder *b, const sval *v, tir_dtype *out)
{
    if (v && v->kind == SV_STR && sb_dtype_name(v->s, out))
        return true;
    if (v && v->kind == SV_TFUNC && !v->is_dialect_ir && sb_dtype_name(v->s, out))
        return true;
    if (v && !v->poisoned)
        ERR(b, v->loc, "expected a dtype such as \"float32\"");
    return false;
}

bool sb_py_int_of(builder *b, const sval *v, int64_t *out, const char *what)
{
    if (v && (v->kind == SV_PYINT || v->kind == SV_PYBOOL)) {
        *out = v->i;
        return true;
    }
    if (v && v->kind == SV_EXPR && v->e->kind == TIR_E_INT) {
        *out = v->e->ival;
        return true;
    }
    if (v && !v->poisoned)
        ERR(b, v->loc, "%s must be an integer constant", what);
    return false;
}

/* A shape given as a tuple, a list or a single value (4.2). */
/* Binds each name of e that is not yet defined to a new int32 variable. */
static void declare_free_names(builder *b, const py_expr *e)
{
    if (!e)
        return;
    if (e->kind == PY_NAME) {
        if (!sb_lookup(b, e->name) && !sb_lookup_global(b, e->name) &&
            strcmp(e->name, b->t_alias ? b->t_alias : "T") != 0) {
            tir_var *v = tir_var_new(b->a, e->name, TIR_DT_I32, e->loc);
            sb_bind(b, e->name, BIND_VAR, v, NULL);
            tir_vec_push(b->a, &b->sig_vars, v);
        }
        return;
    }
    if (e->kind == PY_ATTR || e->kind == PY_CALL)
        return; /* T.int64(...) and the like name no shape variable */
    declare_free_names(b, e->lhs);
    declare_free_names(b, e->rhs);
    declare_free_names(b, e->value);
    for (uint32_t i = 0; i < e->nitems; i++)
        declare_free_names(b, e->items[i]);
}

/* A quoted shape element of TVM >= 0.26's signatures, ("n", "n * 2"): the
 * expression in the string, each name not bound earlier becoming a new int32
 * variable (that `n = T.int32()` in the body then refers to). */
static tir_expr *quoted_shape(builder *b, const sval *v)
{
    py_module *pm = py_parse(b->a, b->d, v->s, strlen(v->s));
    if (!pm || pm->body.len != 1 || pm->body.items[0]->kind != PY_S_EXPR) {
        if (pm)
            ERR(b, v->loc, "a quoted shape must hold one expression, got \"%.60s\"", v->s);
        return NULL;
    }
    const py_expr *e = pm->body.items[0]->value;
    declare_free_names(b, e);
    sval x = sb_eval(b, e);
    return x.kind == SV_NONE ? NULL : sb_to_expr(b, &x);
}

static tir_expr *shape_elem(builder *b, const sval *v)
{
    return v->kind == SV_STR ? quoted_shape(b, v) : sb_to_expr(b, v);
}

bool sb_shape_of(builder *b, const sval *v, uint32_t *n, tir_expr ***out)
{
    if (v->kind == SV_TUPLE) {
        *n = v->n;
        *out = tir_arena_alloc(b->a, (v->n ? v->n : 1) * sizeof **out);
        for (uint32_t i = 0; i < v->n; i++)
            if (!((*out)[i] = shape_elem(b, &v->items[i])))
                return false;
        return true;
    }
    *n = 1;
    *out = tir_arena_alloc(b->a, sizeof **out);
    return ((*out)[0] = shape_elem(b, v)) != NULL;
}

tir_buffer *sb_make_buffer(builder *b, const char *name, const call_args *ca, uint32_t shape_pos,
                               bool allow_data, tir_loc loc)
{
    /* the keywords of TVM's T.Buffer, T.match_buffer, T.alloc_buffer,
     * T.decl_buffer (tirx adds byte_offset, layout, allocated_addr) */
    static const char *const keywords[] = {"shape", "dtype", "data", "strides", "elem_offset", "scope", "align",
                                           "offset_factor", "buffer_type", "axis_separators", "byte_offset",
                                           "layout", "allocated_addr", "annotations", "param", NULL};
    char what[160];
    snprintf(what, sizeof what, "buffer '%s'", name);
    if (!sb_check_kwargs(b, ca, what, keywords))
        return NULL;
    const sval *shape = sb_arg(ca, shape_pos, "shape");
    const sval *dts = sb_arg(ca, shape_pos + 1, "dtype");
    tir_dtype dt = TIR_DT_F32;
    if (!shape) {
        ERR(b, loc, "buffer '%s' needs a shape", name);
        return NULL;
    }
    if (dts && !sb_dtype_of(b, dts, &dt))
        return NULL;
    tir_buffer *buf = tir_arena_alloc(b->a, sizeof *buf);
    buf->name = name;
    buf->dtype = dt;
    buf->loc = loc;
    buf->data_alignment = 64;
    buf->offset_factor = 1;
    buf->scope = "global";
    if (!sb_shape_of(b, shape, &buf->ndim, &buf->shape))
        return NULL;
    const sval *scope = sb_kwarg(ca, "scope");
    if (scope && scope->kind == SV_STR && scope->s[0]) { /* scope="" is global, as in TVM */
        if (strcmp(scope->s, "global") != 0 && strcmp(scope->s, "local") != 0) {
            UNSUPPORTED(b, scope->loc, "storage scope '%s' (outside the specified TIR subset)", scope->s);
            return NULL;
        }
        buf->scope = scope->s;
    }
    const sval *strides = sb_kwarg(ca, "strides");
    if (strides && strides->kind == SV_TUPLE && strides->n > 0) {
        /* Fresh stride variables named by strings are inside the subset (4.2).
         * Literal strides take the dtype of the first stride expression, else
         * of the shape, so that all strides share one dtype. */
        tir_dtype lit = buf->ndim ? tir_dt_with_lanes(buf->shape[0]->dtype, 1) : TIR_DT_I32;
        for (uint32_t i = 0; i < strides->n; i++)
            if (strides->items[i].kind == SV_EXPR && tir_dt_is_int(strides->items[i].e->dtype)) {
                lit = tir_dt_with_lanes(strides->items[i].e->dtype, 1);
                break;
            }
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
                buf->strides[i] = s->kind == SV_PYINT ? sb_to_expr_as(b, s, lit) : sb_to_expr(b, s);
                if (!buf->strides[i])
                    return NULL;
            }
        }
    }
    if (buf->nstrides && buf->nstrides != buf->ndim) {
        ERR(b, strides->loc, "buffer '%s' has %u dimension%s but %u strides", name, buf->ndim, buf->ndim == 1 ? "" : "s",
            buf->nstrides);
        return NULL;
    }
    const sval *eo = sb_kwarg(ca, "elem_offset");
    const sval *of = sb_kwarg(ca, "offset_factor");
    if (eo && eo->kind != SV_NONE) {
        if (eo->kind == SV_EXPR && eo->e->kind == TIR_E_VAR)
            buf->elem_offset = eo->e;
        else if ((eo->kind == SV_PYINT && eo->i == 0) || (eo->kind == SV_EXPR && eo->e->kind == TIR_E_INT && eo->e->ival == 0))
            buf->elem_offset = tir_int(b->a, TIR_DT_I32, 0, eo->loc);
        else if (!(buf->elem_offset = sb_to_expr(b, eo)))
            return NULL;
    }
    if (!buf->elem_offset) {
        int64_t ofv = 0;
        if (of && sb_py_int_of(b, of, &ofv, "offset_factor") && ofv != 0) {
            tir_dtype edt = buf->ndim ? tir_dt_with_lanes(buf->shape[0]->dtype, 1) : TIR_DT_I32;
            tir_var *v = tir_var_new(b->a, "elem_offset", edt, loc);
            buf->elem_offset = tir_var_ref(b->a, v, loc);
            buf->offset_factor = (int)ofv;
        } else {
            tir_dtype edt = buf->ndim ? tir_dt_with_lanes(buf->shape[0]->dtype, 1) : TIR_DT_I32;
            buf->elem_offset = tir_int(b->a, edt, 0, loc);
        }
    }
    const sval *axsep = sb_kwarg(ca, "axis_separators");
    if (axsep && axsep->kind == SV_TUPLE) {
        /* axis_separators group the axes into the dimensions of physical
         * memory (TVM's 2-d textures and VTCM).  A CPU's memory is flat and
         * tirvm lays every buffer out row-major, which is also the order of
         * row-major physical dimensions, so which element an index names does
         * not change: only TVM's rule for valid separators is checked. */
        int64_t prev = 0;
        for (uint32_t i = 0; i < axsep->n; i++) {
            int64_t v;
            if (!sb_py_int_of(b, &axsep->items[i], &v, "an axis separator"))
                return NULL;
            if (v < prev || v > (int64_t)buf->ndim) {
                ERR(b, axsep->items[i].loc,
                    "axis_separators must be non-decreasing and within 0..%u (the buffer's rank), got %lld", buf->ndim,
                    (long long)v);
                return NULL;
            }
            prev = v;
        }
    }
    const sval *bt = sb_kwarg(ca, "buffer_type");
    if (bt && bt->kind == SV_STR && strcmp(bt->s, "auto") == 0)
        buf->auto_broadcast = true;
    /* data may also be T.Buffer's third positional argument (T.Buffer(shape, dtype, data)) */
    const sval *data = sb_kwarg(ca, "data") ? sb_kwarg(ca, "data") : shape_pos == 0 ? sb_arg(ca, 2, "data") : NULL;
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

/* The one argument of a one-argument call as a PrimExpr (a bool one), or
 * NULL after a diagnostic. */
static tir_expr *only_arg(builder *b, const char *name, const call_args *ca)
{
    return nargs_between(b, ca, name, 1, 1) ? sb_to_expr(b, &ca->pos[0]) : NULL;
}
static tir_expr *only_bool_arg(builder *b, const char *name, const call_args *ca)
{
    return nargs_between(b, ca, name, 1, 1) ? sb_to_bool_expr(b, &ca->pos[0]) : NULL;
}

/* ---- constants and loops ------------------------------------------------- */

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
        ERR(b, loc, "T.%s is not defined for %s", which, tir_dtype_name(dt));
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
            ERR(b, x->loc, "cannot convert \"%s\" to %s", s, tir_dtype_name(dt));
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
                    ERR(b, x->loc, "%g does not fit in %s", x->f, tir_dtype_name(dt));
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
    tir_expr *e = sb_to_expr(b, x);
    if (!e)
        return sv_none(ca->loc);
    return sv_expr(sb_cast_folded(b, dt, e));
}

sval sb_make_loop(builder *b, tir_for_kind kind, const call_args *ca, const char *fname)
{
    static const char *const keywords[] = {"start", "stop", "step", "annotations", "thread", "unroll", "dtype", NULL};
    char what[64];
    snprintf(what, sizeof what, "%s%s()", strcmp(fname, "range") == 0 ? "" : "T.", fname);
    if (!sb_check_kwargs(b, ca, what, keywords))
        return sv_none(ca->loc);
    sval v = sv_none(ca->loc);
    v.kind = SV_LOOP;
    v.for_kind = kind;
    v.nloops = 1;
    v.mins = tir_arena_alloc(b->a, sizeof(tir_expr *));
    v.extents = tir_arena_alloc(b->a, sizeof(tir_expr *));
    const sval *start = sb_arg(ca, 0, "start"), *stop = sb_arg(ca, 1, "stop");
    if (kind == TIR_FOR_THREAD_BINDING) {
        const sval *th = sb_kwarg(ca, "thread");
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
    const sval *step = sb_kwarg(ca, "step");
    if (!step && strcmp(fname, "range") == 0 && ca->n == 3)
        step = &ca->pos[2];
    int64_t step_by = 1;
    if (step && step->kind != SV_NONE) {
        /* a positive constant step runs as a loop over the iteration count,
         * its variable being start + k * step (For.step of TVM >= 0.23) */
        tir_expr *se = sb_to_expr(b, step);
        if (!se)
            return sv_none(ca->loc);
        if (se->kind != TIR_E_INT || se->ival < 1) {
            UNSUPPORTED(b, step->loc, "a loop step that is not a positive constant");
            return sv_none(ca->loc);
        }
        step_by = se->ival;
    }
    if (!start) {
        ERR(b, ca->loc, "%s needs an extent", fname);
        return sv_none(ca->loc);
    }
    tir_expr *lo, *ext;
    if (!stop) {
        ext = sb_to_expr(b, start);
        if (!ext)
            return sv_none(ca->loc);
        lo = tir_int(b->a, tir_dt_with_lanes(ext->dtype, 1), 0, start->loc);
        if (!tir_dt_is_int(ext->dtype))
            lo = sb_int_literal(b, 0, start->loc);
    } else {
        lo = sb_to_expr(b, start);
        tir_expr *hi = sb_to_expr(b, stop);
        if (!lo || !hi)
            return sv_none(ca->loc);
        /* For.extent = stop - start, computed the way TVM's operators do */
        sval sl = sv_expr(lo), sh = sv_expr(hi);
        ext = sb_arith(b, TIR_E_SUB, &sh, &sl, stop->loc);
        if (!ext)
            return sv_none(ca->loc);
    }
    if (step_by != 1 && tir_dt_is_int(ext->dtype)) {
        /* iterations: ceil((stop - start) / step) = floordiv(stop - start + step - 1, step) */
        tir_expr *bump = tir_int(b->a, ext->dtype, step_by - 1, ca->loc);
        tir_expr *by = tir_int(b->a, ext->dtype, step_by, ca->loc);
        ext = tir_binary(b->a, TIR_E_FLOORDIV, tir_binary(b->a, TIR_E_ADD, ext, bump, ca->loc), by, ca->loc);
        v.step = by;
    }
    v.mins[0] = lo;
    v.extents[0] = ext;
    return v;
}

/* T.grid(n0, n1, ...): nested serial loops */
static sval call_grid(builder *b, const char *name, const call_args *ca)
{
    (void)name;
    static const char *const keywords[] = {"dtype", NULL};
    if (!sb_check_kwargs(b, ca, "T.grid()", keywords))
        return sv_none(ca->loc);
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
        tir_expr *e = sb_to_expr(b, &ca->pos[i]);
        if (!e)
            return sv_none(ca->loc);
        v.extents[i] = e;
        v.mins[i] = tir_int(b->a, tir_dt_is_int(e->dtype) ? tir_dt_with_lanes(e->dtype, 1) : TIR_DT_I32, 0, e->loc);
    }
    return v;
}

/* ---- the T.* functions ------------------------------------------------------
 * One handler per function or family of functions; the table below maps
 * each name to its handler.  Statement-only calls (T.func_attr, T.reads,
 * T.Assert, ...) are handled by the statement and block builders. */

/* T.serial, T.parallel, T.vectorized, T.unroll, T.thread_binding */
static sval call_loop(builder *b, const char *name, const call_args *ca)
{
    tir_for_kind k = name[0] == 's' ? TIR_FOR_SERIAL
                     : name[0] == 'p' ? TIR_FOR_PARALLEL
                     : name[0] == 'v' ? TIR_FOR_VECTORIZED
                     : name[0] == 'u' ? TIR_FOR_UNROLLED
                                      : TIR_FOR_THREAD_BINDING;
    return sb_make_loop(b, k, ca, name);
}

/* T.Cast(dtype, value): the Cast node as written */
static sval call_Cast(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_dtype dt;
    if (!nargs_between(b, ca, name, 2, 2) || !sb_dtype_of(b, sb_arg(ca, 0, "dtype"), &dt))
        return none;
    tir_expr *x = sb_to_expr(b, sb_arg(ca, 1, "value"));
    return x ? sv_expr(tir_cast(b->a, dt, x, ca->loc)) : none;
}

/* T.cast(value, dtype): a cast, folded on constants */
static sval call_cast(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_dtype dt;
    if (!nargs_between(b, ca, name, 2, 2) || !sb_dtype_of(b, sb_arg(ca, 1, "dtype"), &dt))
        return none;
    tir_expr *x = sb_to_expr(b, sb_arg(ca, 0, "value"));
    return x ? sv_expr(sb_cast_folded(b, dt, x)) : none;
}

static sval call_Select(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    if (!nargs_between(b, ca, name, 3, 3))
        return none;
    const sval *sc = sb_arg(ca, 0, "condition"), *st = sb_arg(ca, 1, "true_value"), *sf = sb_arg(ca, 2, "false_value");
    if (!sc || !st || !sf) {
        ERR(b, ca->loc, "T.Select takes condition, true_value and false_value");
        return none;
    }
    tir_expr *c = sb_to_bool_expr(b, sc);
    tir_expr *t = sb_to_expr(b, st), *f = sb_to_expr(b, sf);
    if (!c || !t || !f)
        return none;
    return sv_expr(tir_select(b->a, c, t, f, ca->loc));
}

static sval call_if_then_else(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    if (!nargs_between(b, ca, name, 3, 3))
        return none;
    tir_expr *c = sb_to_bool_expr(b, &ca->pos[0]);
    tir_expr *t = sb_to_expr(b, &ca->pos[1]), *f = sb_to_expr(b, &ca->pos[2]);
    if (!c || !t || !f || !sb_match_types(b, &t, &f, ca->loc, "if_then_else"))
        return none;
    if (c->kind == TIR_E_INT && c->dtype.lanes == 1)
        return sv_expr(c->ival ? t : f);
    tir_expr *args[3] = {c, t, f};
    return sv_expr(sb_call_node(b, t->dtype, "tir.if_then_else", args, 3, ca->loc));
}

/* The two-operand functions that build a binary node. */
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

/* T.min, T.floordiv, ... (TVM's operators) and T.Add, T.EQ, ... (the nodes);
 * the dispatch table sends exactly the names of binfns here. */
static sval call_binary(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    size_t i = 0;
    while (strcmp(name, binfns[i].name) != 0)
        i++;
    if (!nargs_between(b, ca, name, 2, 2))
        return none;
    const sval *x = sb_arg(ca, 0, "a"), *y = sb_arg(ca, 1, "b");
    if (!x || !y) {
        ERR(b, ca->loc, "T.%s takes two operands, a and b", name);
        return none;
    }
    if (binfns[i].exact) {
        tir_expr *ex = sb_to_expr(b, x), *ey = sb_to_expr(b, y);
        if (!ex || !ey)
            return none;
        return sv_expr(tir_binary(b->a, binfns[i].kind, ex, ey, ca->loc));
    }
    tir_expr *e = sb_arith(b, binfns[i].kind, x, y, ca->loc);
    if (e && binfns[i].int_only && !tir_dt_is_int(e->dtype)) {
        ERR(b, ca->loc, "T.%s expects integer operands, got %s", name, tir_dtype_name(e->dtype));
        return none;
    }
    return e ? sv_expr(e) : none;
}

static sval call_Not(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_expr *x = only_bool_arg(b, name, ca);
    if (!x)
        return none;
    tir_expr *e = tir_expr_new(b->a, TIR_E_NOT, tir_dt(TIR_CODE_UINT, 1, x->dtype.lanes), ca->loc);
    e->a = x;
    return sv_expr(e);
}

/* T.ceildiv(x, y): (x + y - 1) // y with TVM's operators */
static sval call_ceildiv(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    if (!nargs_between(b, ca, name, 2, 2))
        return none;
    const sval *x = &ca->pos[0], *y = &ca->pos[1];
    tir_expr *s1 = sb_arith(b, TIR_E_ADD, x, y, ca->loc);
    if (!s1)
        return none;
    sval one = sv_none(ca->loc);
    one.kind = SV_PYINT;
    one.i = 1;
    sval ss1 = sv_expr(s1);
    tir_expr *s2 = sb_arith(b, TIR_E_SUB, &ss1, &one, ca->loc);
    if (!s2)
        return none;
    sval ss2 = sv_expr(s2);
    tir_expr *e = sb_arith(b, TIR_E_FLOORDIV, &ss2, y, ca->loc);
    return e ? sv_expr(e) : none;
}

/* T.min_value, T.max_value, T.infinity */
static sval call_limit(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_dtype dt;
    if (!nargs_between(b, ca, name, 1, 1) || !sb_dtype_of(b, &ca->pos[0], &dt))
        return none;
    tir_expr *e = limit_const(b, name, dt, ca->loc);
    return e ? sv_expr(e) : none;
}

/* T.assume(cond): a fact for TVM's optimizer, with no run-time effect
 * (tvmscript.md 7); kept as the call tir.assume (bool). */
static sval call_assume(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_expr *x = only_bool_arg(b, name, ca);
    return x ? sv_expr(sb_call_node(b, TIR_DT_BOOL, "tir.assume", &x, 1, ca->loc)) : none;
}

/* T.likely, T.tvm_thread_invariant: hints around a condition */
static sval call_hint(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_expr *x = only_bool_arg(b, name, ca);
    if (!x)
        return none;
    if (x->kind == TIR_E_INT)
        return sv_expr(x);
    tir_expr *args[1] = {x};
    return sv_expr(sb_call_node(b, x->dtype, sb_op_name(b, name), args, 1, ca->loc));
}

static sval call_abs(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_expr *x = only_arg(b, name, ca);
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
        return sv_expr(tir_select(b->a, ge, x, neg, ca->loc));
    }
    tir_expr *args[1] = {x};
    return sv_expr(sb_call_node(b, x->dtype, "tir.fabs", args, 1, ca->loc));
}

/* T.isinf, T.isfinite */
static sval call_isinf(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_expr *x = only_arg(b, name, ca);
    if (!x)
        return none;
    if (tir_dt_is_int(x->dtype)) /* integers are finite (TVM folds these) */
        return sv_expr(tir_int(b->a, TIR_DT_BOOL, name[2] == 'f', ca->loc));
    tir_expr *args[1] = {x};
    return sv_expr(sb_call_node(b, tir_dt(TIR_CODE_UINT, 1, x->dtype.lanes), sb_op_name(b, name), args, 1, ca->loc));
}

/* T.popcount, T.clz */
static sval call_bit_count(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_expr *x = only_arg(b, name, ca);
    if (!x)
        return none;
    /* clz counts in int32 whatever its argument (tvmscript.md 7.2) */
    tir_dtype rt = name[0] == 'c' ? tir_dt(TIR_CODE_INT, 32, x->dtype.lanes) : x->dtype;
    tir_expr *args[1] = {x};
    return sv_expr(sb_call_node(b, rt, sb_op_name(b, name), args, 1, ca->loc));
}

static sval call_ldexp(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    if (!nargs_between(b, ca, name, 2, 2))
        return none;
    tir_expr *x = sb_to_expr(b, &ca->pos[0]), *y = sb_to_expr(b, &ca->pos[1]);
    if (!x || !y)
        return none;
    tir_expr *args[2] = {x, y};
    return sv_expr(sb_call_node(b, x->dtype, "tir.ldexp", args, 2, ca->loc));
}

/* T.reinterpret(dtype, x) or T.reinterpret(x, dtype=...) (6.4) */
static sval call_reinterpret(builder *b, const char *name, const call_args *ca)
{
    (void)name;
    sval none = sv_none(ca->loc);
    tir_dtype dt;
    const sval *d = sb_kwarg(ca, "dtype"), *x = ca->n ? &ca->pos[ca->n - 1] : NULL;
    if (!d && ca->n == 2)
        d = &ca->pos[0];
    if (!d || !x || ca->n + ca->nkw != 2 || !sb_dtype_of(b, d, &dt)) {
        if (!d || !x)
            ERR(b, ca->loc, "T.reinterpret takes a dtype and a value");
        return none;
    }
    tir_expr *v = sb_to_expr(b, x);
    if (!v)
        return none;
    tir_expr *args[1] = {v};
    return sv_expr(sb_call_node(b, dt, "tir.reinterpret", args, 1, ca->loc));
}

/* T.undef(dtype=...): an unspecified value.  TVM's lowering (RemoveStoreUndef)
 * drops every store whose value holds one, and refuses any other use; the
 * statement builders do the same. */
static sval call_undef(builder *b, const char *name, const call_args *ca)
{
    const sval *d = sb_kwarg(ca, "dtype");
    if (!d && ca->n == 1)
        d = &ca->pos[0];
    tir_dtype dt = TIR_DT_I32;
    if (ca->n + ca->nkw > 1 || (ca->nkw == 1 && !d)) {
        ERR(b, ca->loc, "T.%s takes only a dtype", name);
        return sv_none(ca->loc);
    }
    if (d && !sb_dtype_of(b, d, &dt))
        return sv_none(ca->loc);
    return sv_expr(sb_call_node(b, dt, "tir.undef", NULL, 0, ca->loc));
}

static sval call_isnan(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_expr *x = only_arg(b, name, ca);
    if (!x)
        return none;
    if (tir_dt_is_int(x->dtype))
        return sv_expr(tir_int(b->a, tir_dt(TIR_CODE_UINT, 1, 1), 0, ca->loc));
    tir_expr *args[1] = {x};
    return sv_expr(sb_call_node(b, tir_dt(TIR_CODE_UINT, 1, x->dtype.lanes), "tir.isnan", args, 1, ca->loc));
}

/* The one-operand math builtins (T.exp, T.sqrt, T.floor, ...): a call of
 * tir.<name> of the operand's dtype. */
static sval call_math1(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    tir_expr *x = only_arg(b, name, ca);
    if (!x)
        return none;
    if (strcmp(name, "exp") == 0 && tir_dt_is_int(x->dtype))
        x = sb_cast_folded(b, tir_dt(TIR_CODE_FLOAT, 32, x->dtype.lanes), x);
    /* rounding an integer is the integer itself (tvmscript.md 7.1) */
    if (tir_dt_is_int(x->dtype) && (strcmp(name, "floor") == 0 || strcmp(name, "ceil") == 0 ||
                                    strcmp(name, "trunc") == 0 || strcmp(name, "round") == 0 ||
                                    strcmp(name, "nearbyint") == 0))
        return sv_expr(x);
    tir_expr *args[1] = {x};
    return sv_expr(sb_call_node(b, x->dtype, sb_op_name(b, name), args, 1, ca->loc));
}

/* The two-operand builtins (T.pow, T.shift_left, T.bitwise_and, ...): the
 * operands promoted to one dtype, a call of tir.<name>. */
static sval call_math2(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    if (!nargs_between(b, ca, name, 2, 2))
        return none;
    tir_expr *x = sb_to_expr(b, &ca->pos[0]), *y = sb_to_expr(b, &ca->pos[1]);
    if (!x || !y || !sb_match_types(b, &x, &y, ca->loc, name))
        return none;
    tir_expr *args[2] = {x, y};
    return sv_expr(sb_call_node(b, x->dtype, sb_op_name(b, name), args, 2, ca->loc));
}

/* T.Ramp(base, stride, lanes), T.Broadcast(value, lanes), and their
 * lower-case spellings */
static sval call_ramp_broadcast(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    bool ramp = name[0] == 'R' || name[0] == 'r';
    if (!nargs_between(b, ca, name, ramp ? 3 : 2, ramp ? 3 : 2))
        return none;
    int64_t lanes;
    if (!sb_py_int_of(b, &ca->pos[ramp ? 2 : 1], &lanes, "lanes"))
        return none;
    if (lanes < 1 || lanes > 64) {
        ERR(b, ca->pos[ramp ? 2 : 1].loc, "lanes must be between 2 and 64, got %lld", (long long)lanes);
        return none;
    }
    tir_expr *base = sb_to_expr(b, &ca->pos[0]);
    if (!base)
        return none;
    tir_expr *e = tir_expr_new(b->a, ramp ? TIR_E_RAMP : TIR_E_BROADCAST,
                               tir_dt_with_lanes(base->dtype, (uint16_t)lanes), ca->loc);
    e->a = base;
    e->lanes = (int)lanes;
    if (ramp) {
        e->b = sb_to_expr_as(b, &ca->pos[1], base->dtype);
        if (!e->b)
            return none;
    }
    return sv_expr(e);
}

/* T.Shuffle([v0, v1, ...], [i0, i1, ...]) (6.7) */
static sval call_shuffle(builder *b, const char *name, const call_args *ca)
{
    (void)name;
    sval none = sv_none(ca->loc);
    const sval *vs = sb_arg(ca, 0, "vectors"), *is = sb_arg(ca, 1, "indices");
    if (!vs || !is || vs->kind != SV_TUPLE || is->kind != SV_TUPLE) {
        ERR(b, ca->loc, "T.Shuffle takes a list of vectors and a list of indices");
        return none;
    }
    tir_expr *e = tir_expr_new(b->a, TIR_E_SHUFFLE, TIR_DT_I32, ca->loc);
    e->nargs = vs->n;
    e->args = tir_arena_alloc(b->a, (vs->n ? vs->n : 1) * sizeof *e->args);
    for (uint32_t i = 0; i < vs->n; i++)
        if (!(e->args[i] = sb_to_expr(b, &vs->items[i])))
            return none;
    e->nargs2 = is->n;
    e->args2 = tir_arena_alloc(b->a, (is->n ? is->n : 1) * sizeof *e->args2);
    for (uint32_t i = 0; i < is->n; i++)
        if (!(e->args2[i] = sb_to_expr(b, &is->items[i])))
            return none;
    tir_dtype first = vs->n ? e->args[0]->dtype : TIR_DT_I32;
    e->dtype = tir_dt_with_lanes(first, (uint16_t)(is->n ? is->n : 1));
    return sv_expr(e);
}

/* T.get_active_lane_mask(dtype, base, limit): lane k is base + k < limit (the
 * mask of a vector loop's tail, LLVM's get.active.lane.mask), built as that
 * comparison of a Ramp with a Broadcast. */
static sval call_active_lane_mask(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    const sval *d = sb_arg(ca, 0, "dtype"), *bs = sb_arg(ca, 1, "base"), *lim = sb_arg(ca, 2, "limit");
    tir_dtype dt;
    if (!nargs_between(b, ca, name, 3, 3) || !d || !bs || !lim || !sb_dtype_of(b, d, &dt))
        return none;
    if (!tir_dt_is_bool(dt) || dt.lanes < 2) {
        ERR(b, d->loc, "T.%s makes a bool vector (such as \"uint1x4\"), got %s", name, tir_dtype_name(dt));
        return none;
    }
    tir_expr *base = sb_to_expr(b, bs), *limit = sb_to_expr(b, lim);
    if (!base || !limit || !sb_match_types(b, &base, &limit, ca->loc, name))
        return none;
    if (!tir_dt_is_int(base->dtype) || base->dtype.lanes != 1) {
        ERR(b, ca->loc, "T.%s takes integer scalars, got %s", name, tir_dtype_name(base->dtype));
        return none;
    }
    tir_expr *r = tir_expr_new(b->a, TIR_E_RAMP, tir_dt_with_lanes(base->dtype, dt.lanes), ca->loc);
    r->a = base;
    r->b = tir_int(b->a, base->dtype, 1, ca->loc);
    r->lanes = dt.lanes;
    return sv_expr(tir_binary(b->a, TIR_E_LT, r, sb_broadcast(b, limit, dt.lanes), ca->loc));
}

/* T.ret(val): the Call tir.ret that `return val` also builds (5.10) */
static sval call_ret(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    const sval *v = nargs_between(b, ca, name, 1, 1) ? sb_arg(ca, 0, "val") : NULL;
    if (!v) {
        if (ca->n + ca->nkw == 1)
            ERR(b, ca->loc, "T.ret takes the value to return");
        return none;
    }
    tir_expr *e = b->func && b->func->has_ret_type ? sb_to_expr_as(b, v, b->func->ret_dtype) : sb_to_expr(b, v);
    return e ? sv_expr(sb_call_node(b, e->dtype, "tir.ret", &e, 1, ca->loc)) : none;
}

/* tx = T.env_thread("threadIdx.x"): a Var bound later by T.launch_thread (5.6) */
static sval call_env_thread(builder *b, const char *name, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    if (!nargs_between(b, ca, name, 1, 1) || ca->pos[0].kind != SV_STR) {
        if (ca->n == 1)
            ERR(b, ca->loc, "T.env_thread takes a thread tag string");
        return none;
    }
    tir_var *v = tir_var_new(b->a, ca->pos[0].s, TIR_DT_I32, ca->loc);
    return sv_expr(tir_var_ref(b->a, v, ca->loc));
}

/* T.target(...) only appears in function attributes, which carry no semantics. */
static sval call_target(builder *b, const char *name, const call_args *ca)
{
    (void)b;
    (void)name;
    sval v = sv_none(ca->loc);
    v.kind = SV_STR;
    v.s = "target";
    return v;
}

/* T.Let(body, where={x: value}): the Let expression (5.7).  x was declared
 * as an unbound Var (x = T.int32()) and the body uses it. */
static sval call_Let(builder *b, const char *name, const call_args *ca)
{
    (void)name;
    sval none = sv_none(ca->loc);
    const sval *body = sb_arg(ca, 0, "body"), *where = sb_kwarg(ca, "where");
    if (!body || !where || where->kind != SV_DICT || where->n != 1 || where->items[0].kind != SV_EXPR ||
        where->items[0].e->kind != TIR_E_VAR) {
        ERR(b, ca->loc, "T.Let takes a body and where={var: value} with one variable");
        return none;
    }
    tir_var *v = where->items[0].e->var;
    tir_expr *value = sb_to_expr_as(b, &where->values[0], v->dtype), *eb = sb_to_expr(b, body);
    if (!value || !eb)
        return none;
    tir_expr *e = tir_expr_new(b->a, TIR_E_LET, eb->dtype, ca->loc);
    e->var = v;
    e->a = value;
    e->b = eb;
    return sv_expr(e);
}

/* T.meta_var, T.macro: TVM runs these as Python while parsing (tvmscript.md 8) */
static sval call_meta(builder *b, const char *name, const call_args *ca)
{
    UNSUPPORTED(b, ca->loc, "Python meta-programming (T.%s)", name);
    return sv_none(ca->loc);
}

/* ---- the dispatch table -------------------------------------------------- */
typedef sval (*t_call_fn)(builder *b, const char *name, const call_args *ca);

typedef struct {
    const char *name;
    t_call_fn fn;
    /* TVM wraps the builtin so that a dtype= keyword is accepted and
     * dropped (the result type comes from the arguments) */
    bool drops_dtype;
} t_call;

/* T.break_loop() / T.continue_loop(): what break and continue build; the
 * checker allows them only as statements of a serial loop. */
static sval call_loop_exit(builder *b, const char *name, const call_args *ca)
{
    if (!nargs_between(b, ca, name, 0, 0))
        return sv_none(ca->loc);
    return sv_expr(sb_call_node(b, TIR_DT_I32, sb_op_name(b, name), NULL, 0, ca->loc));
}

static const t_call *find_t_call(const char *name);

/* T.start_profile_intrinsic(id), T.end_profile_intrinsic(id),
 * T.ignore_loop_partition(...): markers for TVM's profiler and loop
 * partitioner that do nothing when the program runs. */
static sval call_no_effect(builder *b, const char *name, const call_args *ca)
{
    (void)name;
    return sv_expr(tir_int(b->a, TIR_DT_I32, 0, ca->loc));
}

/* C math and LLVM intrinsics reached through T.call_extern /
 * T.call_pure_extern / T.call_llvm_pure_intrin: the VM's builtin of the same
 * meaning.  Any other external function is refused by name. */
static sval call_extern_math(builder *b, const char *name, const call_args *ca)
{
    static const struct {
        const char *ext, *op;
    } map[] = {
        {"expf", "exp"}, {"exp", "exp"}, {"exp2f", "exp2"}, {"exp2", "exp2"}, {"logf", "log"}, {"log", "log"},
        {"log2f", "log2"}, {"log2", "log2"}, {"log10f", "log10"}, {"log10", "log10"}, {"log1pf", "log1p"},
        {"log1p", "log1p"}, {"sqrtf", "sqrt"}, {"sqrt", "sqrt"}, {"sinf", "sin"}, {"sin", "sin"}, {"cosf", "cos"},
        {"cos", "cos"}, {"tanf", "tan"}, {"tan", "tan"}, {"tanhf", "tanh"}, {"tanh", "tanh"}, {"atanf", "atan"},
        {"atan", "atan"}, {"erff", "erf"}, {"erf", "erf"}, {"fabsf", "fabs"}, {"fabs", "fabs"}, {"floorf", "floor"},
        {"floor", "floor"}, {"ceilf", "ceil"}, {"ceil", "ceil"}, {"truncf", "trunc"}, {"trunc", "trunc"},
        {"roundf", "round"}, {"round", "round"}, {"powf", "pow"}, {"pow", "pow"}, {"fmodf", "fmod"},
        {"fmod", "fmod"}, {"atan2f", "atan2"}, {"atan2", "atan2"}, {"llvm.exp", "exp"}, {"llvm.exp2", "exp2"},
        {"llvm.log", "log"}, {"llvm.log2", "log2"}, {"llvm.log10", "log10"}, {"llvm.sqrt", "sqrt"},
        {"llvm.sin", "sin"}, {"llvm.cos", "cos"}, {"llvm.fabs", "fabs"}, {"llvm.floor", "floor"},
        {"llvm.ceil", "ceil"}, {"llvm.trunc", "trunc"}, {"llvm.round", "round"}, {"llvm.nearbyint", "nearbyint"},
        {"llvm.pow", "pow"}, {"llvm.ctpop", "popcount"}, {"llvm.ctlz", "clz"}, {"llvm.copysign", "copysign"},
    };
    sval none = sv_none(ca->loc);
    bool llvm = strncmp(name, "call_llvm", 9) == 0;
    /* (dtype, "function", args...); LLVM intrinsics add the count of overloaded types.
     * Older TVM wrote ("function", args..., dtype="float32"). */
    uint32_t first = llvm ? 3 : 2;
    tir_dtype dt;
    const sval *kw_dtype = sb_kwarg(ca, "dtype");
    call_args shifted;
    if (kw_dtype && ca->nkw == 1 && ca->n >= 1 && ca->pos[0].kind == SV_STR) {
        shifted = *ca;
        shifted.pos = tir_arena_alloc(b->a, (ca->n + 1) * sizeof *shifted.pos);
        shifted.pos[0] = *kw_dtype;
        memcpy(shifted.pos + 1, ca->pos, ca->n * sizeof *shifted.pos);
        shifted.n = ca->n + 1;
        shifted.nkw = 0;
        ca = &shifted;
    }
    /* dtype "" is void (TVM prints it for calls made for their effect) */
    bool void_dt = ca->n >= first && ca->pos[0].kind == SV_STR && !ca->pos[0].s[0];
    if (void_dt)
        dt = TIR_DT_VOID;
    if (ca->n < first || ca->nkw || (!void_dt && !sb_dtype_of(b, &ca->pos[0], &dt)) || ca->pos[1].kind != SV_STR) {
        if (ca->n >= 2 && ca->pos[1].kind == SV_STR)
            ERR(b, ca->loc, "T.%s takes a dtype, the function's name%s and its arguments", name,
                llvm ? ", the number of overloaded types" : "");
        else if (ca->n < first)
            ERR(b, ca->loc, "T.%s takes a dtype, the function's name and its arguments", name);
        return none;
    }
    const char *fn = ca->pos[1].s, *op = NULL;
    for (size_t i = 0; i < sizeof map / sizeof map[0] && !op; i++)
        if (strcmp(fn, map[i].ext) == 0)
            op = map[i].op;
    /* An LLVM intrinsic's overload suffix (llvm.ctpop.v8i8, llvm.sqrt.f32)
     * names the result type; it must agree with the call's dtype. */
    const char *dot = llvm && !op ? strrchr(fn, '.') : NULL;
    if (dot && dot - fn > 5) {
        const char *t = dot + 1;
        long lanes = 1, bits;
        char *end;
        if (*t == 'v') {
            lanes = strtol(t + 1, &end, 10);
            t = end;
        }
        if ((*t == 'i' || *t == 'f') && t[1] >= '1' && t[1] <= '9') {
            bits = strtol(t + 1, &end, 10);
            bool fits = !*end && lanes == dt.lanes && bits == dt.bits &&
                        (*t == 'f' ? tir_dt_is_float(dt) : tir_dt_is_int(dt));
            for (size_t i = 0; fits && i < sizeof map / sizeof map[0] && !op; i++)
                if (strncmp(fn, map[i].ext, (size_t)(dot - fn)) == 0 && map[i].ext[dot - fn] == 0)
                    op = map[i].op;
        }
    }
    if (!op) {
        UNSUPPORTED(b, ca->loc, "external function '%s' (tirvm runs C math functions and LLVM intrinsics "
                        "that map onto its builtins)",
            fn);
        return none;
    }
    /* TVM's Python API takes (dtype, "llvm.name", args...) without the count,
     * and prints what it built that way: an argument fewer than the
     * function's arity with the count means there is none. */
    const tir_builtin *bi = llvm ? tir_builtin_find(sb_op_name(b, op)) : NULL;
    if (bi && ca->n == 2 + (uint32_t)bi->nargs)
        first = 2;
    call_args rest = *ca;
    rest.pos = ca->pos + first;
    rest.n = ca->n - first;
    const t_call *tc = find_t_call(op);
    sval v = tc ? tc->fn(b, op, &rest) : none;
    if (v.kind == SV_EXPR && !tir_dt_eq(v.e->dtype, dt)) {
        ERR(b, ca->loc, "T.%s(\"%s\") returns %s, but its arguments give %s", name, fn, tir_dtype_name(dt),
            tir_dtype_name(v.e->dtype));
        return none;
    }
    return v;
}

/* ---- TVM's fixed-point multiply: a call that pass legalize-intrinsics expands ---- */
/* The first n positional arguments, as int32 scalars. */
static bool int32_args(builder *b, const char *name, const call_args *ca, tir_expr **out, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (!(out[i] = sb_to_expr_as(b, &ca->pos[i], TIR_DT_I32)))
            return false;
        if (!tir_dt_eq(out[i]->dtype, TIR_DT_I32)) {
            ERR(b, ca->pos[i].loc, "T.%s takes int32 scalars, argument %u is %s", name, i, tir_dtype_name(out[i]->dtype));
            return false;
        }
    }
    return true;
}

/* T.q_multiply_shift(x, y, q, s): x * y / 2^q * 2^s rounded, in int32 */
static sval call_q_multiply_shift(builder *b, const char *name, const call_args *ca)
{
    tir_expr *a[4];
    if (!nargs_between(b, ca, name, 4, 4) || !int32_args(b, name, ca, a, 4))
        return sv_none(ca->loc);
    return sv_expr(sb_call_node(b, TIR_DT_I32, "tir.q_multiply_shift", a, 4, ca->loc));
}

/* T.q_multiply_shift_per_axis(x, y, ls, rs, q, is_lshift_required, is_rshift_required) */
static sval call_q_multiply_shift_per_axis(builder *b, const char *name, const call_args *ca)
{
    tir_expr *a[7];
    if (!nargs_between(b, ca, name, 7, 7) || !int32_args(b, name, ca, a, 5) ||
        !(a[5] = sb_to_bool_expr(b, &ca->pos[5])) || !(a[6] = sb_to_bool_expr(b, &ca->pos[6])))
        return sv_none(ca->loc);
    return sv_expr(sb_call_node(b, TIR_DT_I32, "tir.q_multiply_shift_per_axis", a, 7, ca->loc));
}

static const t_call t_calls[] = {
    /* loops (5.3) */
    {"serial", call_loop, false}, {"parallel", call_loop, false}, {"vectorized", call_loop, false},
    {"unroll", call_loop, false}, {"thread_binding", call_loop, false},
    {"grid", call_grid, false},
    /* casts, selects, operators */
    {"Cast", call_Cast, false},
    {"cast", call_cast, false},
    {"Select", call_Select, false},
    {"if_then_else", call_if_then_else, true},
    {"min", call_binary, false}, {"max", call_binary, false}, {"floordiv", call_binary, false},
    {"floormod", call_binary, false}, {"indexdiv", call_binary, false}, {"indexmod", call_binary, false},
    {"truncdiv", call_binary, false}, {"truncmod", call_binary, false}, {"Add", call_binary, false},
    {"Sub", call_binary, false}, {"Mul", call_binary, false}, {"Div", call_binary, false},
    {"Mod", call_binary, false}, {"FloorDiv", call_binary, false}, {"FloorMod", call_binary, false},
    {"Min", call_binary, false}, {"Max", call_binary, false}, {"EQ", call_binary, false},
    {"NE", call_binary, false}, {"LT", call_binary, false}, {"LE", call_binary, false},
    {"GT", call_binary, false}, {"GE", call_binary, false}, {"And", call_binary, false},
    {"Or", call_binary, false},
    {"Not", call_Not, false},
    {"ceildiv", call_ceildiv, false},
    {"min_value", call_limit, false}, {"max_value", call_limit, false}, {"infinity", call_limit, false},
    /* builtins (section 7); codegen says which run */
    {"assume", call_assume, false},
    {"likely", call_hint, true},
    {"tvm_thread_invariant", call_hint, false},
    {"abs", call_abs, false},
    {"isinf", call_isinf, true}, {"isfinite", call_isinf, true},
    {"popcount", call_bit_count, true}, {"clz", call_bit_count, true},
    {"ldexp", call_ldexp, true},
    {"reinterpret", call_reinterpret, false},
    {"undef", call_undef, false},
    {"get_active_lane_mask", call_active_lane_mask, false},
    {"isnan", call_isnan, true},
    /* the lane-wise math functions (format/math.def) */
#define MATH(ID, MN, ARITY, F32FN, F64FN, SYN) {MN, call_math##ARITY, true},
#include "math.def"
#undef MATH
    {"shift_left", call_math2, true}, {"shift_right", call_math2, true}, {"bitwise_and", call_math2, true},
    {"bitwise_or", call_math2, true}, {"bitwise_xor", call_math2, true}, {"bitwise_not", call_math1, true},
    /* vectors (6.7) */
    {"Ramp", call_ramp_broadcast, false}, {"ramp", call_ramp_broadcast, false},
    {"Broadcast", call_ramp_broadcast, false}, {"broadcast", call_ramp_broadcast, false},
    {"Shuffle", call_shuffle, false}, {"shuffle", call_shuffle, false},
    /* returns, threads, lets (5.6, 5.7, 5.10) */
    {"ret", call_ret, true}, {"Return", call_ret, false}, /* tirx 0.26: T.Return(e) is return e */
    {"env_thread", call_env_thread, false},
    {"target", call_target, false},
    {"Let", call_Let, false},
    {"break_loop", call_loop_exit, false}, {"continue_loop", call_loop_exit, false},
    {"q_multiply_shift", call_q_multiply_shift, true},
    {"q_multiply_shift_per_axis", call_q_multiply_shift_per_axis, true},
    {"start_profile_intrinsic", call_no_effect, false}, {"end_profile_intrinsic", call_no_effect, false},
    {"ignore_loop_partition", call_no_effect, false},
    {"call_extern", call_extern_math, false}, {"call_pure_extern", call_extern_math, false},
    {"call_llvm_pure_intrin", call_extern_math, false}, {"call_llvm_intrin", call_extern_math, false},
    {"meta_var", call_meta, false}, {"macro", call_meta, false},
};

/* Builtins outside the specified subset, by name prefix, with what they
 * need that a TIR kernel on tirvm does not have. */
static const struct {
    const char *prefix, *needs;
} unsupported_builtins[] = {
    {"address_of", "a raw pointer"},
    {"handle_add_byte_offset", "a raw pointer"},
    {"isnullptr", "a raw pointer"},
    {"tvm_access_ptr", "a raw pointer"},
    {"tvm_struct_", "a DLTensor's fields as raw memory"},
    {"call_packed", "TVM's packed-function calls"},
    {"call_cpacked", "TVM's packed-function calls"},
    {"tvm_call_", "TVM's packed-function calls"},
    {"tvm_stack_", "TVM's packed-function calls"},
    {"tvm_warp_", "a GPU"},
    {"tvm_storage_sync", "a GPU"},
    {"tvm_thread_", "a GPU"},
    {"tvm_mma_", "a GPU"},
    {"tvm_bmma_", "a GPU"},
    {"tvm_load_matrix_sync", "a GPU"},
    {"tvm_store_matrix_sync", "a GPU"},
    {"tvm_fill_fragment", "a GPU"},
    {"tvm_", "TVM's runtime"},
    {"lookup_param", "TVM's AOT executor"},
    {"anylist_", "the Relax VM"},
    {"llvm_lookup_intrinsic_id", "LLVM intrinsics by number"},
    {"vscale", "scalable vectors"},
    {"ptx_", "a GPU"},
    {"mma_", "a GPU"},
    {"simdgroup_", "a GPU"},
};

/* tirx's GPU and accelerator constructs (tvmscript-tirx.md section 3):
 * scope ids, device entry, tile primitives by execution scope, backend
 * intrinsic namespaces, pooled memory. */
static bool is_gpu_construct(const char *name)
{
    static const char *const names[] = {
        "cta_id", "cluster_id", "cta_id_in_cluster", "cta_id_in_pair", "warpgroup_id", "warp_id", "warp_id_in_wg",
        "lane_id", "thread_id", "thread_id_in_wg", "device_entry", "tmem", "alloc_shared", "smem", "shared_scalar",
        "TileLayout", "ComposeLayout", "SwizzleLayout", "SMEMPool", "TMEMPool", "meta_class", "TensorMap",
        "ptr_byte_offset", "print_buffer",
    };
    static const char *const namespaces[] = {"ptx.", "cuda.", "nki.", "metal.", "webgpu.", "nvshmem.", "warp.",
                                             "cta.", "wg.", "cluster.", "tile.", "thread."};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0)
            return true;
    for (size_t i = 0; i < sizeof namespaces / sizeof namespaces[0]; i++)
        if (strncmp(name, namespaces[i], strlen(namespaces[i])) == 0)
            return true;
    return false;
}

static const t_call *find_t_call(const char *name)
{
    for (size_t i = 0; i < sizeof t_calls / sizeof t_calls[0]; i++)
        if (strcmp(t_calls[i].name, name) == 0)
            return &t_calls[i];
    return NULL;
}

/* The spellings of the tirx dialect (tvmscript-tirx.md 1.6, 1.7) that the
 * classic one writes otherwise, with the classic spelling and the release
 * that introduced them. */
static const struct {
    const char *tirx, *classic, *since;
} tirx_only[] = {
    {"sblock", "T.block", "0.24"},
    {"sblock_attr", "T.block_attr", "0.24"},
    {"sblock_alloc_buffer", "T.alloc_buffer", "0.24"},
    {"alloc_local", "T.decl_buffer(shape, dtype, scope=\"local\")", "0.25"},
};

bool sb_tirx_spelling(builder *b, const char *name, tir_loc loc)
{
    if (b->tirx)
        return false;
    for (size_t i = 0; i < sizeof tirx_only / sizeof tirx_only[0]; i++)
        if (strcmp(name, tirx_only[i].tirx) == 0) {
            ERR(b, loc, "T.%s is the tirx spelling (TVM >= %s), but %s: use %s, or %s", name, tirx_only[i].since,
                b->dialect_reason ? b->dialect_reason : "this file is read as the classic `tir` dialect",
                tirx_only[i].classic, b->tvm_minor ? "read it with --tvm-version 0.24 or later" : "import tirx");
            return true;
        }
    return false;
}

/* T.* names used as statements, decorators, annotations or block axes
 * rather than called in expressions: candidates for a misspelled name. */
static const char *const t_statement_names[] = {
    "prim_func", "macro", "Buffer", "handle", "ptr", "block", "init", "reads", "writes", "where", "block_attr",
    "func_attr", "alloc_buffer", "match_buffer", "decl_buffer", "allocate", "allocate_const", "launch_thread",
    "attr", "Assert", "LetStmt", "realize", "evaluate", "hint", "bind", "axis.spatial", "axis.reduce",
    "axis.scan", "axis.opaque", "axis.remap", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
    "uint64", "float16", "float32", "float64", "bfloat16", "bool",
};

const char *sb_t_name_hint(builder *b, const char *name)
{
    tir_vec c = {0};
    for (size_t i = 0; i < sizeof t_calls / sizeof t_calls[0]; i++)
        tir_vec_push(b->a, &c, (void *)t_calls[i].name);
    for (size_t i = 0; i < sizeof t_statement_names / sizeof t_statement_names[0]; i++)
        tir_vec_push(b->a, &c, (void *)t_statement_names[i]);
    for (size_t i = 0; b->tirx && i < sizeof tirx_only / sizeof tirx_only[0]; i++)
        tir_vec_push(b->a, &c, (void *)tirx_only[i].tirx);
    return sb_t_hint(b, name, (const char *const *)c.items, c.len);
}

bool sb_check_kwargs(builder *b, const call_args *ca, const char *what, const char *const *accepted)
{
    for (uint32_t i = 0; i < ca->nkw; i++) {
        size_t k = 0;
        while (accepted[k] && strcmp(accepted[k], ca->kwnames[i]) != 0)
            k++;
        if (!accepted[k]) {
            ERR(b, ca->kw[i].loc, "%s got an unexpected keyword argument '%s'%s", what, ca->kwnames[i],
                sb_kwarg_hint(b, ca->kwnames[i], accepted));
            return false;
        }
    }
    return true;
}

/* T.xxx(...) in an expression: T.<dtype>(...), or a function of the table. */
sval sb_call_t(builder *b, const char *name, const call_args *ca)
{
    const t_call *tc = find_t_call(name);
    call_args without;
    if (tc && tc->drops_dtype && ca->nkw == 1 && strcmp(ca->kwnames[0], "dtype") == 0) {
        without = *ca;
        without.nkw = 0;
        ca = &without;
    }
    tir_dtype dt;
    if (sb_dtype_name(name, &dt) && !tir_dt_is_handle(dt))
        return call_dtype(b, dt, ca);
    if (tc)
        return tc->fn(b, name, ca);
    for (size_t i = 0; i < sizeof unsupported_builtins / sizeof unsupported_builtins[0]; i++)
        if (strncmp(name, unsupported_builtins[i].prefix, strlen(unsupported_builtins[i].prefix)) == 0) {
            UNSUPPORTED(b, ca->loc, "builtin 'T.%s' needs %s (outside the specified TIR subset)", name,
                        unsupported_builtins[i].needs);
            return sv_none(ca->loc);
        }
    if (is_gpu_construct(name)) {
        UNSUPPORTED(b, ca->loc,
            "tirx GPU construct 'T.%s': it only has a meaning on a GPU or accelerator, and tirvm runs TIR "
            "on CPUs",
            name);
        return sv_none(ca->loc);
    }
    if (!sb_tirx_spelling(b, name, ca->loc))
        ERR(b, ca->loc, "unknown or unsupported function 'T.%s'%s", name, sb_t_name_hint(b, name));
    return sv_none(ca->loc);
}
