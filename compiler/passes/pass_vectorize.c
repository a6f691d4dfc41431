/* Pass vectorize: a loop `for v in T.vectorized(L)` (spec Stmt semantics
 * 12.iii) whose body is stores of lane-wise expressions becomes one vector
 * statement per store, with v replaced by Ramp(0, 1, L).  The same widening
 * strip-mines plain loops (tir_vectorize_body, used by pass strip). */
#include "passes.h"

#include <string.h>

#include "buffer_views.h"
#include "builtins.h"
#include "fold.h"
#include "tir_visit.h"

/* A let variable of a loop being vectorized, replaced by its widened value. */
typedef struct widened_var widened_var;
struct widened_var {
    const tir_var *var;
    tir_expr *wide;
    widened_var *next;
};

typedef struct {
    tir_arena *a;
    widened_var *widened; /* lets inside the loop being vectorized */
    tir_expr *ramp_base;  /* the loop variable becomes Ramp(ramp_base, 1, L); NULL means 0 */
    bool gathers;         /* every access is proven inside its dimensions (pass strip): a load
                             whose outer index varies reads a flat view, lanes a stride apart */
} lowerer;

static tir_expr *widen(lowerer *l, tir_expr *e, const tir_var *v, unsigned L);

/* A load whose index in an outer dimension varies across the lanes (a
 * transpose's A[k, i, j] over k), as a load of the buffer's one-dimensional
 * view at the row-major flat index: lanes a constant stride apart, a gather
 * the VM runs as one instruction.  Only where the caller proved every index
 * inside its dimension (the flat index then names the same element and is in
 * bounds); NULL when the buffer is not compact with constant extents past
 * the first, or the indices are not of one type. */
static tir_expr *flat_load(lowerer *l, tir_expr *e, const tir_var *v, unsigned L)
{
    const tir_buffer *b = e->buffer;
    if (!l->gathers || e->nargs != b->ndim || e->nargs == 0 || !tir_buffer_flattenable(b, NULL))
        return NULL;
    tir_dtype it = e->args[0]->dtype;
    for (uint32_t d = 0; d < e->nargs; d++)
        if (!tir_dt_eq(e->args[d]->dtype, it) || e->args[d]->dtype.lanes != 1)
            return NULL;
    tir_expr *flat = e->args[0];
    for (uint32_t d = 1; d < e->nargs; d++)
        flat = tir_binary(l->a, TIR_E_ADD, tir_binary(l->a, TIR_E_MUL, flat, tir_int(l->a, it, b->shape[d]->ival, e->loc),
                                                      e->loc),
                          e->args[d], e->loc);
    tir_expr *wide = widen(l, flat, v, L);
    if (!wide || wide->kind != TIR_E_RAMP)
        return NULL;
    tir_buffer *view = tir_buffer_flat_view(l->a, b);
    tir_expr *n = tir_expr_new(l->a, TIR_E_LOAD, tir_dt_with_lanes(e->dtype, (uint16_t)L), e->loc);
    n->buffer = view;
    n->nargs = 1;
    n->args = tir_arena_alloc(l->a, sizeof *n->args);
    n->args[0] = wide;
    return n;
}


/* ---- vectorized loops (spec Stmt semantics 12.iii) -------------------------
 * For v in T.vectorized(L) whose body is stores of expressions without
 * control flow becomes the body with v replaced by Ramp(0, 1, L): one vector
 * instruction per operation.  The spec lets a vectorized loop's iterations be
 * combined because no iteration may depend on another; every load and store
 * of the serial loop still happens (there is no control flow to skip one).
 * Anything else keeps the serial loop, which always has the spec's meaning. */
static widened_var *find_widened(const lowerer *l, const tir_var *v)
{
    for (widened_var *w = l->widened; w; w = w->next)
        if (w->var == v)
            return w;
    return NULL;
}

/* Does e vary across the lanes: does it use v, or a let that does? */
static bool varies(const lowerer *l, const tir_expr *e, const tir_var *v)
{
    if (!e)
        return false;
    if (e->kind == TIR_E_VAR)
        return e->var == v || find_widened(l, e->var);
    if (varies(l, e->a, v) || varies(l, e->b, v) || varies(l, e->c, v))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (varies(l, e->args[i], v))
            return true;
    for (uint32_t i = 0; i < e->nargs2; i++)
        if (varies(l, e->args2[i], v))
            return true;
    return false;
}
#define uses_var(e, v) varies(l, (e), (v))

static tir_expr *bcast(lowerer *l, tir_expr *x, unsigned lanes)
{
    if (x->dtype.lanes == lanes)
        return x;
    tir_expr *e = tir_expr_new(l->a, TIR_E_BROADCAST, tir_dt_with_lanes(x->dtype, (uint16_t)lanes), x->loc);
    e->a = x;
    e->lanes = (int)lanes;
    return e;
}

static bool is_int(const tir_expr *e, int64_t k) { return e->kind == TIR_E_INT && e->ival == k; }

/* x OP y for a ramp's base or stride, without the 0 + ... and ... * 1 that
 * the loop variable's Ramp(0, 1, L) would otherwise leave in every index. */
static tir_expr *ramp_term(lowerer *l, tir_expr_kind kind, tir_expr *x, tir_expr *y, tir_loc loc)
{
    if ((kind == TIR_E_ADD || kind == TIR_E_SUB) && is_int(y, 0))
        return x;
    if (kind == TIR_E_ADD && is_int(x, 0))
        return y;
    if (kind == TIR_E_MUL && is_int(y, 1))
        return x;
    if (kind == TIR_E_MUL && is_int(x, 1))
        return y;
    if (x->kind == TIR_E_INT && y->kind == TIR_E_INT) { /* a constant base: (c + 1) - 1 at c = 0 */
        const char *err = NULL;
        tir_expr *k = tir_fold_binary(l->a, kind, x, y, loc, &err);
        if (k)
            return k;
    }
    return tir_binary(l->a, kind, x, y, loc);
}

/* The expression with v replaced by Ramp(0, 1, L), as L lanes; NULL if it
 * cannot be vectorized.  Affine integer forms stay Ramps so accesses stay
 * contiguous. */
static tir_expr *widen(lowerer *l, tir_expr *e, const tir_var *v, unsigned L)
{
    if (!uses_var(e, v))
        return e;
    if (e->dtype.lanes != 1)
        return NULL;
    tir_loc loc = e->loc;
    switch (e->kind) {
    case TIR_E_VAR: {
        widened_var *w = find_widened(l, e->var);
        if (w)
            return w->wide;
        tir_expr *r = tir_expr_new(l->a, TIR_E_RAMP, tir_dt_with_lanes(e->dtype, (uint16_t)L), loc);
        r->a = l->ramp_base ? l->ramp_base : tir_int(l->a, e->dtype, 0, loc);
        r->b = tir_int(l->a, e->dtype, 1, loc);
        r->lanes = (int)L;
        return r;
    }
    case TIR_E_CAST: {
        tir_expr *x = widen(l, e->a, v, L);
        if (!x)
            return NULL;
        if (x->kind == TIR_E_RAMP && tir_dt_is_int(e->dtype) && e->dtype.bits >= x->dtype.bits) {
            /* widening an integer ramp keeps it a ramp */
            tir_expr *r = tir_expr_new(l->a, TIR_E_RAMP, tir_dt_with_lanes(e->dtype, (uint16_t)L), loc);
            r->a = tir_cast(l->a, e->dtype, x->a, loc);
            r->b = tir_cast(l->a, e->dtype, x->b, loc);
            r->lanes = (int)L;
            return r;
        }
        return tir_cast(l->a, tir_dt_with_lanes(e->dtype, (uint16_t)L), x, loc);
    }
    case TIR_E_ADD: case TIR_E_SUB: case TIR_E_MUL: case TIR_E_DIV: case TIR_E_MOD: case TIR_E_FLOORDIV:
    case TIR_E_FLOORMOD: case TIR_E_MIN: case TIR_E_MAX: case TIR_E_EQ: case TIR_E_NE: case TIR_E_LT: case TIR_E_LE:
    case TIR_E_GE: case TIR_E_GT: {
        tir_expr *x = widen(l, e->a, v, L), *y = widen(l, e->b, v, L);
        if (!x || !y)
            return NULL;
        /* ramp + scalar, scalar + ramp, ramp - scalar, ramp * constant stay ramps */
        if (tir_dt_is_int(e->dtype) && (e->kind == TIR_E_ADD || e->kind == TIR_E_SUB || e->kind == TIR_E_MUL)) {
            tir_expr *ramp = x->kind == TIR_E_RAMP ? x : y->kind == TIR_E_RAMP && e->kind != TIR_E_SUB ? y : NULL;
            tir_expr *other = ramp == x ? y : x;
            if (ramp && other->dtype.lanes == 1 && (e->kind != TIR_E_MUL || other->kind == TIR_E_INT)) {
                tir_expr *r = tir_expr_new(l->a, TIR_E_RAMP, ramp->dtype, loc);
                r->lanes = ramp->lanes;
                if (e->kind == TIR_E_MUL) {
                    r->a = ramp_term(l, TIR_E_MUL, ramp->a, other, loc);
                    r->b = ramp_term(l, TIR_E_MUL, ramp->b, other, loc);
                } else {
                    r->a = ramp_term(l, e->kind, ramp->a, other, loc);
                    r->b = ramp->b;
                }
                return r;
            }
        }
        tir_expr *n = tir_binary(l->a, e->kind, bcast(l, x, L), bcast(l, y, L), loc);
        return n;
    }
    case TIR_E_SELECT: {
        tir_expr *c = widen(l, e->a, v, L), *t = widen(l, e->b, v, L), *f = widen(l, e->c, v, L);
        if (!c || !t || !f)
            return NULL;
        tir_expr *n = tir_expr_new(l->a, TIR_E_SELECT, tir_dt_with_lanes(e->dtype, (uint16_t)L), loc);
        n->a = c;
        n->b = bcast(l, t, L);
        n->c = bcast(l, f, L);
        return n;
    }
    case TIR_E_NOT: {
        tir_expr *x = widen(l, e->a, v, L);
        if (!x)
            return NULL;
        tir_expr *n = tir_expr_new(l->a, TIR_E_NOT, tir_dt_with_lanes(e->dtype, (uint16_t)L), loc);
        n->a = x;
        return n;
    }
    case TIR_E_LOAD: {
        if (e->buffer->dtype.lanes != 1 || e->nargs == 0)
            return NULL;
        for (uint32_t i = 0; i + 1 < e->nargs; i++)
            if (uses_var(e->args[i], v))
                return flat_load(l, e, v, L); /* only the last index may vary across lanes, or a gather */
        tir_expr *last = widen(l, e->args[e->nargs - 1], v, L);
        if (!last)
            return NULL;
        tir_expr *n = tir_expr_new(l->a, TIR_E_LOAD, tir_dt_with_lanes(e->dtype, (uint16_t)L), loc);
        n->buffer = e->buffer;
        n->nargs = e->nargs;
        n->args = tir_arena_alloc(l->a, e->nargs * sizeof *n->args);
        memcpy(n->args, e->args, e->nargs * sizeof *n->args);
        n->args[e->nargs - 1] = bcast(l, last, L);
        return n;
    }
    case TIR_E_CALL: {
        /* the lane-wise float math builtins (math.def) have vector forms */
        const tir_builtin *bi = tir_builtin_find(e->op);
        bool ok = bi && bi->lanewise && e->nargs == (uint32_t)bi->nargs;
        if (!ok || !tir_dt_is_float(e->dtype))
            return NULL;
        tir_expr *n = tir_expr_new(l->a, TIR_E_CALL, tir_dt_with_lanes(e->dtype, (uint16_t)L), loc);
        tir_call_set_op(n, e->op);
        n->nargs = e->nargs;
        n->args = tir_arena_alloc(l->a, (e->nargs ? e->nargs : 1) * sizeof *n->args);
        for (uint32_t i = 0; i < e->nargs; i++) {
            tir_expr *x = widen(l, e->args[i], v, L);
            if (!x)
                return NULL;
            n->args[i] = bcast(l, x, L);
        }
        return n;
    }
    default:
        return NULL; /* Let, if_then_else, And/Or (evaluation order), calls, shuffles... */
    }
}

static bool loads_from(const tir_expr *e, const tir_var *data)
{
    if (!e)
        return false;
    if (e->kind == TIR_E_LOAD && e->buffer->data == data)
        return true;
    if (loads_from(e->a, data) || loads_from(e->b, data) || loads_from(e->c, data))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (loads_from(e->args[i], data))
            return true;
    return false;
}

bool tir_accumulation(const tir_stmt *st, const tir_expr **acc, const tir_expr **term)
{
    const tir_expr *v = st->value;
    if (st->kind != TIR_S_STORE || st->nindices == 0 || st->buffer->dtype.lanes != 1 || v->dtype.lanes != 1 ||
        (tir_dtype_vtype(v->dtype) != TIR_VT_F32 && tir_dtype_vtype(v->dtype) != TIR_VT_F64) ||
        (v->kind != TIR_E_ADD && v->kind != TIR_E_MAX && v->kind != TIR_E_MIN))
        return false;
    for (int order = 0; order < (v->kind == TIR_E_ADD ? 2 : 1); order++) { /* addition commutes exactly */
        const tir_expr *x = order ? v->b : v->a, *y = order ? v->a : v->b;
        bool same = x->kind == TIR_E_LOAD && x->buffer->data == st->buffer->data && x->nargs == st->nindices &&
                    tir_dt_eq(x->dtype, v->dtype);
        for (uint32_t i = 0; same && i < st->nindices; i++)
            same = tir_expr_equal(x->args[i], st->indices[i]);
        if (same && !loads_from(y, st->buffer->data)) {
            *acc = x;
            *term = y;
            return true;
        }
    }
    return false;
}

/* Does e, or statement s, call a PrimFunc?  A call runs once per iteration
 * (it may store to buffers it is passed), so a loop body with one stays
 * serial. */
static bool not_primfunc_call(const tir_expr *e, void *ctx)
{
    (void)ctx;
    return !(e->kind == TIR_E_CALL && e->callee);
}

static bool stmt_calls_primfunc(const tir_stmt *s)
{
    return !tir_walk_stmt_exprs(s, not_primfunc_call, NULL);
}

/* The body of a vectorizable loop as vector statements, or NULL. */
static tir_stmt *vectorize_body(lowerer *l, tir_stmt *s, const tir_var *v, unsigned L)
{
    if (s->kind == TIR_S_SEQ) {
        tir_stmt **items = tir_arena_alloc(l->a, (s->nseq ? s->nseq : 1) * sizeof *items);
        for (uint32_t i = 0; i < s->nseq; i++)
            if (!(items[i] = vectorize_body(l, s->seq[i], v, L)))
                return NULL;
        return tir_seq(l->a, items, s->nseq, s->loc);
    }
    if (s->kind == TIR_S_LET) {
        if (!uses_var(s->value, v)) {
            /* the same in every lane: keep the scalar let around the vector body */
            tir_stmt *body = vectorize_body(l, s->body, v, L);
            if (!body)
                return NULL;
            tir_stmt *n = tir_stmt_new(l->a, TIR_S_LET, s->loc);
            n->var = s->var;
            n->value = s->value;
            n->body = body;
            return n;
        }
        /* a value that varies across the lanes: a vector let, computed once
         * for all uses (a block iter var bound to the loop variable stays a
         * Ramp, so its accesses stay contiguous) */
        tir_expr *wide = widen(l, s->value, v, L);
        if (!wide)
            return NULL;
        tir_var *vec = NULL;
        if (wide->kind != TIR_E_RAMP) {
            vec = tir_var_new(l->a, s->var->name, wide->dtype, s->loc);
            widened_var w0 = {s->var, tir_var_ref(l->a, vec, s->loc), l->widened};
            l->widened = &w0;
            tir_stmt *body = vectorize_body(l, s->body, v, L);
            l->widened = w0.next;
            if (!body)
                return NULL;
            tir_stmt *n = tir_stmt_new(l->a, TIR_S_LET, s->loc);
            n->var = vec;
            n->value = wide;
            n->body = body;
            return n;
        }
        widened_var w = {s->var, wide, l->widened};
        l->widened = &w;
        tir_stmt *body = vectorize_body(l, s->body, v, L);
        l->widened = w.next;
        return body;
    }
    if (s->kind == TIR_S_IF && !uses_var(s->cond, v)) {
        /* the same condition in every lane (a block's init guard on its
         * reduction axes): a scalar branch around vector bodies */
        tir_stmt *then_case = vectorize_body(l, s->body, v, L);
        tir_stmt *else_case = s->else_case ? vectorize_body(l, s->else_case, v, L) : NULL;
        if (!then_case || (s->else_case && !else_case))
            return NULL;
        tir_stmt *n = tir_stmt_new(l->a, TIR_S_IF, s->loc);
        n->cond = s->cond;
        n->body = then_case;
        n->else_case = else_case;
        return n;
    }
    if (s->kind != TIR_S_STORE || s->buffer->dtype.lanes != 1 || s->nindices == 0)
        return NULL;
    for (uint32_t i = 0; i + 1 < s->nindices; i++)
        if (uses_var(s->indices[i], v))
            return NULL;
    if (!uses_var(s->indices[s->nindices - 1], v)) {
        /* every lane writes one place: only an accumulation, whose terms
         * become a vector folded into the element in lane order */
        const tir_expr *acc, *term;
        if (!tir_accumulation(s, &acc, &term))
            return NULL;
        tir_expr *wide = widen(l, (tir_expr *)term, v, L);
        if (!wide)
            return NULL;
        tir_expr *fold = tir_expr_new(l->a, TIR_E_CALL, s->value->dtype, s->loc);
        tir_call_set_op(fold, tirvm_fold_op(s->value->kind));
        fold->nargs = 2;
        fold->args = tir_arena_alloc(l->a, 2 * sizeof *fold->args);
        fold->args[0] = (tir_expr *)acc;
        fold->args[1] = bcast(l, wide, L);
        tir_stmt *n = tir_stmt_new(l->a, TIR_S_STORE, s->loc);
        *n = *s;
        n->value = fold;
        return n;
    }
    tir_expr *last = widen(l, s->indices[s->nindices - 1], v, L), *value = widen(l, s->value, v, L);
    if (!last || !value)
        return NULL;
    tir_stmt *n = tir_stmt_new(l->a, TIR_S_STORE, s->loc);
    n->buffer = s->buffer;
    n->nindices = s->nindices;
    n->indices = tir_arena_alloc(l->a, s->nindices * sizeof *n->indices);
    memcpy(n->indices, s->indices, s->nindices * sizeof *n->indices);
    n->indices[s->nindices - 1] = bcast(l, last, L);
    n->value = bcast(l, value, L);
    return n;
}

static tir_stmt *vectorize_loop(tir_rewriter *r, tir_stmt *s)
{
    if (s->kind == TIR_S_FOR && s->for_kind == TIR_FOR_VECTORIZED && s->min->kind == TIR_E_INT && s->min->ival == 0 &&
        s->extent->kind == TIR_E_INT && s->extent->ival >= 2 && s->extent->ival <= 64) {
        tir_stmt *vec =
            stmt_calls_primfunc(s->body) ? NULL : vectorize_body(r->ctx, s->body, s->var, (unsigned)s->extent->ival);
        if (vec)
            return vec;
    }
    return s; /* anything else keeps the serial loop, which always has the spec's meaning */
}

bool tir_pass_vectorize(tir_pass_ctx *p, tir_func *f)
{
    lowerer l = {p->a, NULL, NULL, false};
    tir_rewriter r = {.stmt = vectorize_loop, .ctx = &l};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}

tir_stmt *tir_vectorize_body(tir_arena *a, tir_stmt *body, const tir_var *v, unsigned lanes, tir_expr *base)
{
    lowerer l = {a, NULL, base, false};
    return stmt_calls_primfunc(body) ? NULL : vectorize_body(&l, body, v, lanes);
}

tir_stmt *tir_vectorize_body_in_bounds(tir_arena *a, tir_stmt *body, const tir_var *v, unsigned lanes, tir_expr *base)
{
    lowerer l = {a, NULL, base, true};
    return stmt_calls_primfunc(body) ? NULL : vectorize_body(&l, body, v, lanes);
}
