#include "lower.h"

#include <string.h>

#include "builtins.h"
#include "fold.h"

/* A let variable of a loop being vectorized, replaced by its widened value. */
typedef struct widened_var widened_var;
struct widened_var {
    const tir_var *var;
    tir_expr *wide;
    widened_var *next;
};

typedef struct {
    tir_arena *a;
    tir_diag *d;
    widened_var *widened; /* lets inside the loop being vectorized */
    tir_expr *ramp_base;  /* the loop variable becomes Ramp(ramp_base, 1, L); NULL means 0 */
} lowerer;

static tir_stmt *lower_stmt(lowerer *l, tir_stmt *s);

static tir_expr *and_expr(lowerer *l, tir_expr *x, tir_expr *y, tir_loc loc)
{
    if (!x)
        return y;
    tir_expr *e = tir_expr_new(l->a, TIR_E_AND, TIR_DT_BOOL, loc);
    e->a = x;
    e->b = y;
    return e;
}

static bool is_true(const tir_expr *e) { return e->kind == TIR_E_INT && e->ival == 1; }

/* ---- match_buffer aliasing (spec Stmt semantics 14.iii) -------------------- */
typedef struct {
    const tir_buffer *from;
    const tir_region *source;
} alias;

/* The source indices for an access to a match buffer: the region's first
 * mins as they are, then each index plus the matching min (a vector index
 * adds a broadcast of it). */
static tir_expr **alias_indices(lowerer *l, const alias *al, tir_expr **idx, uint32_t m, tir_loc loc)
{
    uint32_t n = al->source->n, offset = n - m;
    tir_expr **out = tir_arena_alloc(l->a, (n ? n : 1) * sizeof *out);
    for (uint32_t k = 0; k < offset; k++)
        out[k] = al->source->mins[k];
    for (uint32_t k = 0; k < m; k++) {
        tir_expr *mn = al->source->mins[k + offset], *x = idx[k];
        tir_dtype sdt = tir_dt_with_lanes(x->dtype, 1);
        if (!tir_dt_eq(mn->dtype, sdt))
            mn = tir_cast(l->a, sdt, mn, loc);
        if (x->dtype.lanes > 1) {
            tir_expr *bc = tir_expr_new(l->a, TIR_E_BROADCAST, x->dtype, loc);
            bc->a = mn;
            bc->lanes = x->dtype.lanes;
            mn = bc;
        }
        out[k + offset] = tir_binary(l->a, TIR_E_ADD, x, mn, loc);
    }
    return out;
}

static void rewrite_expr(lowerer *l, tir_expr *e, const alias *al)
{
    if (!e)
        return;
    rewrite_expr(l, e->a, al);
    rewrite_expr(l, e->b, al);
    rewrite_expr(l, e->c, al);
    for (uint32_t i = 0; i < e->nargs; i++)
        rewrite_expr(l, e->args[i], al);
    for (uint32_t i = 0; i < e->nargs2; i++)
        rewrite_expr(l, e->args2[i], al);
    if (e->kind == TIR_E_LOAD && e->buffer == al->from) {
        e->args = alias_indices(l, al, e->args, e->nargs, e->loc);
        e->nargs = al->source->n;
        e->buffer = al->source->buffer;
    }
}

static void rewrite_stmt(lowerer *l, tir_stmt *s, const alias *al)
{
    if (!s)
        return;
    rewrite_expr(l, s->value, al);
    rewrite_expr(l, s->cond, al);
    rewrite_expr(l, s->message, al);
    rewrite_expr(l, s->min, al);
    rewrite_expr(l, s->extent, al);
    rewrite_expr(l, s->predicate, al);
    rewrite_expr(l, s->attr_node, al);
    for (uint32_t i = 0; i < s->nindices; i++)
        rewrite_expr(l, s->indices[i], al);
    for (uint32_t i = 0; i < s->nseq; i++)
        rewrite_stmt(l, s->seq[i], al);
    rewrite_stmt(l, s->body, al);
    rewrite_stmt(l, s->else_case, al);
    if (s->kind == TIR_S_STORE && s->buffer == al->from) {
        s->indices = alias_indices(l, al, s->indices, s->nindices, s->loc);
        s->nindices = al->source->n;
        s->buffer = al->source->buffer;
    }
}

/* BlockRealize(values, predicate, Block(...)) becomes
 *   let iv0 = v0 in ... if (predicate) { alloc buffers { if (init_cond) init; body } } */
static tir_stmt *lower_block(lowerer *l, tir_stmt *s)
{
    tir_block *blk = s->block;
    tir_loc loc = s->loc;
    tir_stmt *body = lower_stmt(l, blk->body);
    if (blk->init) {
        tir_stmt *init = lower_stmt(l, blk->init);
        /* Spec-readings 3: in a reduction block, init runs when every reduction
         * iter var is at the start of its domain, once per output element. */
        tir_expr *cond = NULL;
        for (uint32_t i = 0; i < blk->niter_vars; i++) {
            tir_iter_var *iv = &blk->iter_vars[i];
            if (iv->iter_type != TIR_ITER_COMM_REDUCE)
                continue;
            tir_expr *start = iv->dom_min ? iv->dom_min : tir_int(l->a, iv->var->dtype, 0, loc);
            if (start->kind == TIR_E_INT && !tir_dt_eq(start->dtype, iv->var->dtype))
                start = tir_int(l->a, iv->var->dtype, start->ival, loc);
            cond = and_expr(l, cond, tir_binary(l->a, TIR_E_EQ, tir_var_ref(l->a, iv->var, loc), start, loc), loc);
        }
        if (cond) {
            tir_stmt *g = tir_stmt_new(l->a, TIR_S_IF, loc);
            g->cond = cond;
            g->body = init;
            init = g;
        }
        tir_stmt *pair[2] = {init, body};
        body = tir_seq(l->a, pair, 2, loc);
    }
    for (uint32_t i = blk->nalloc; i-- > 0;) {
        tir_buffer *buf = blk->alloc_buffers[i];
        tir_stmt *al = tir_stmt_new(l->a, TIR_S_ALLOCATE, buf->loc);
        al->var = buf->data;
        al->buffer = buf;
        al->dtype = buf->dtype;
        tir_alloc_extents(l->a, buf, &al->nindices, &al->indices);
        al->cond = tir_int(l->a, TIR_DT_BOOL, 1, buf->loc);
        al->body = body;
        body = al;
    }
    for (uint32_t i = 0; i < blk->nmatch; i++) {
        const tir_match_buffer *mb = &blk->match_buffers[i];
        alias al = {mb->buffer, &mb->source};
        rewrite_stmt(l, body, &al);
        /* Unbound shape variables of the match buffer take the region's extents;
         * bound ones (an earlier dimension's, or from outside) must equal them.
         * Built inside out, so dimension 0 is bound first. */
        uint32_t offset = mb->source.n - mb->buffer->ndim;
        for (uint32_t k = mb->buffer->ndim; k-- > 0;) {
            tir_expr *sh = mb->buffer->shape[k];
            if (sh->kind != TIR_E_VAR)
                continue;
            tir_expr *ext = mb->source.extents[k + offset];
            if (!tir_dt_eq(ext->dtype, sh->var->dtype))
                ext = tir_cast(l->a, sh->var->dtype, ext, loc);
            tir_stmt *bind;
            if (mb->shape_bound && mb->shape_bound[k]) {
                bind = tir_stmt_new(l->a, TIR_S_ASSERT, loc);
                bind->cond = tir_binary(l->a, TIR_E_EQ, tir_var_ref(l->a, sh->var, loc), ext, loc);
                bind->message = tir_expr_new(l->a, TIR_E_STR, TIR_DT_I32, loc);
                bind->message->str = "match_buffer: the region's extent differs from the buffer's shape";
                bind->is_runtime_check = true;
            } else {
                bind = tir_stmt_new(l->a, TIR_S_LET, loc);
                bind->var = sh->var;
                bind->value = ext;
            }
            bind->body = body;
            body = bind;
        }
        /* Fresh strides and elem_offset variables (as TVM prints them) take the
         * source's layout: its strides, and the flat offset of the region start. */
        const tir_buffer *src = mb->source.buffer;
        uint32_t sn = src->ndim;
        tir_expr **sstride = tir_arena_alloc(l->a, (sn ? sn : 1) * sizeof *sstride);
        for (uint32_t d = sn; d-- > 0;) {
            if (src->nstrides)
                sstride[d] = src->strides[d];
            else if (d + 1 == sn)
                sstride[d] = tir_int(l->a, tir_dt_with_lanes(src->shape[d]->dtype, 1), 1, loc);
            else
                sstride[d] = tir_binary(l->a, TIR_E_MUL, sstride[d + 1], src->shape[d + 1], loc);
        }
        for (uint32_t k = 0; k < mb->buffer->nstrides && k + offset < sn; k++) {
            tir_expr *sv = mb->buffer->strides[k];
            if (sv->kind != TIR_E_VAR)
                continue;
            tir_stmt *let = tir_stmt_new(l->a, TIR_S_LET, loc);
            let->var = sv->var;
            let->value = sstride[k + offset];
            if (!tir_dt_eq(let->value->dtype, sv->var->dtype))
                let->value = tir_cast(l->a, sv->var->dtype, let->value, loc);
            let->body = body;
            body = let;
        }
        tir_expr *eo = mb->buffer->elem_offset;
        if (eo && eo->kind == TIR_E_VAR) {
            tir_expr *flat = NULL;
            for (uint32_t d = 0; d < sn && d < mb->source.n; d++) {
                tir_expr *mn = mb->source.mins[d], *st = sstride[d];
                if (!tir_dt_eq(mn->dtype, st->dtype))
                    mn = tir_cast(l->a, st->dtype, mn, loc);
                tir_expr *term = tir_binary(l->a, TIR_E_MUL, mn, st, loc);
                if (flat && !tir_dt_eq(flat->dtype, term->dtype))
                    term = tir_cast(l->a, flat->dtype, term, loc);
                flat = flat ? tir_binary(l->a, TIR_E_ADD, flat, term, loc) : term;
            }
            tir_stmt *let = tir_stmt_new(l->a, TIR_S_LET, loc);
            let->var = eo->var;
            let->value = flat ? flat : tir_int(l->a, eo->var->dtype, 0, loc);
            if (!tir_dt_eq(let->value->dtype, eo->var->dtype))
                let->value = tir_cast(l->a, eo->var->dtype, let->value, loc);
            let->body = body;
            body = let;
        }
    }
    /* Spec-readings 1: T.where guards the block. */
    if (s->predicate && !is_true(s->predicate)) {
        tir_stmt *g = tir_stmt_new(l->a, TIR_S_IF, loc);
        g->cond = s->predicate;
        g->body = body;
        body = g;
    }
    for (uint32_t i = s->nindices; i-- > 0;) {
        tir_stmt *let = tir_stmt_new(l->a, TIR_S_LET, loc);
        let->var = blk->iter_vars[i].var;
        let->value = s->indices[i];
        let->body = body;
        body = let;
    }
    return body;
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
                    r->a = tir_binary(l->a, TIR_E_MUL, ramp->a, other, loc);
                    r->b = tir_binary(l->a, TIR_E_MUL, ramp->b, other, loc);
                } else {
                    r->a = tir_binary(l->a, e->kind, ramp->a, other, loc);
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
                return NULL; /* only the last index may vary across lanes */
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
        n->op = e->op;
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
static bool calls_primfunc(const tir_expr *e)
{
    if (!e)
        return false;
    if (e->kind == TIR_E_CALL && e->callee)
        return true;
    if (calls_primfunc(e->a) || calls_primfunc(e->b) || calls_primfunc(e->c))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (calls_primfunc(e->args[i]))
            return true;
    return false;
}

static bool stmt_calls_primfunc(const tir_stmt *s)
{
    if (!s)
        return false;
    if (calls_primfunc(s->value) || calls_primfunc(s->cond) || calls_primfunc(s->message) || calls_primfunc(s->min) ||
        calls_primfunc(s->extent) || stmt_calls_primfunc(s->body) || stmt_calls_primfunc(s->else_case))
        return true;
    for (uint32_t i = 0; i < s->nindices; i++)
        if (calls_primfunc(s->indices[i]))
            return true;
    for (uint32_t i = 0; i < s->nseq; i++)
        if (stmt_calls_primfunc(s->seq[i]))
            return true;
    return false;
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
        fold->op = s->value->kind == TIR_E_ADD ? "tirvm.fold_add" : s->value->kind == TIR_E_MAX ? "tirvm.fold_max"
                                                                                               : "tirvm.fold_min";
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

static tir_stmt *lower_stmt(lowerer *l, tir_stmt *s)
{
    if (!s)
        return NULL;
    if (s->kind == TIR_S_FOR && s->for_kind == TIR_FOR_VECTORIZED && s->min->kind == TIR_E_INT && s->min->ival == 0 &&
        s->extent->kind == TIR_E_INT && s->extent->ival >= 2 && s->extent->ival <= 64) {
        tir_stmt *body = lower_stmt(l, s->body);
        tir_stmt *vec = body && !stmt_calls_primfunc(body) ? vectorize_body(l, body, s->var, (unsigned)s->extent->ival)
                                                            : NULL;
        if (vec)
            return vec;
        s->body = body;
        return s;
    }
    switch (s->kind) {
    case TIR_S_BLOCK_REALIZE: return lower_block(l, s);
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            s->seq[i] = lower_stmt(l, s->seq[i]);
        return s;
    case TIR_S_IF:
        s->body = lower_stmt(l, s->body);
        if (s->else_case)
            s->else_case = lower_stmt(l, s->else_case);
        return s;
    case TIR_S_LET: case TIR_S_ATTR: case TIR_S_ASSERT: case TIR_S_ALLOCATE: case TIR_S_DECL_BUFFER:
    case TIR_S_FOR: case TIR_S_WHILE: case TIR_S_REALIZE:
        if (s->body)
            s->body = lower_stmt(l, s->body);
        return s;
    case TIR_S_STORE: case TIR_S_EVALUATE:
        return s;
    }
    return s;
}

bool tir_lower_module(tir_arena *a, tir_diag *d, tir_module *m)
{
    lowerer l = {a, d, NULL, NULL};
    int before = d->nerrors;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        m->funcs[i]->body = lower_stmt(&l, m->funcs[i]->body);
    return d->nerrors == before;
}

tir_stmt *tir_vectorize_body(tir_arena *a, tir_diag *d, tir_stmt *body, const tir_var *v, unsigned lanes,
                             tir_expr *base)
{
    lowerer l = {a, d, NULL, base};
    return stmt_calls_primfunc(body) ? NULL : vectorize_body(&l, body, v, lanes);
}
