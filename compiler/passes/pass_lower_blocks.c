/* Pass lower-blocks: Block and BlockRealize become what the VM runs (spec
 * Stmt semantics 14-15, with spec-readings 1 and 3):
 *   let iv0 = v0 in ... if (predicate) { alloc buffers { if (init_cond) init; body } }
 * and a match_buffer's accesses become accesses to its source region. */
#include "passes.h"

#include <string.h>

#include "tir_visit.h"

typedef struct {
    tir_arena *a;
} lowerer;

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

/* The rewrite of one match_buffer's accesses into its source region. */
typedef struct {
    lowerer *l;
    const alias *al;
} alias_rewrite;

static tir_expr *alias_load(tir_rewriter *r, tir_expr *e)
{
    alias_rewrite *ar = r->ctx;
    if (e->kind == TIR_E_LOAD && e->buffer == ar->al->from) {
        e->args = alias_indices(ar->l, ar->al, e->args, e->nargs, e->loc);
        e->nargs = ar->al->source->n;
        e->buffer = ar->al->source->buffer;
    }
    return e;
}

static tir_stmt *alias_store(tir_rewriter *r, tir_stmt *s)
{
    alias_rewrite *ar = r->ctx;
    if (s->kind == TIR_S_STORE && s->buffer == ar->al->from) {
        s->indices = alias_indices(ar->l, ar->al, s->indices, s->nindices, s->loc);
        s->nindices = ar->al->source->n;
        s->buffer = ar->al->source->buffer;
    }
    return s;
}

static void rewrite_stmt(lowerer *l, tir_stmt *s, const alias *al)
{
    alias_rewrite ar = {l, al};
    tir_rewriter r = {.expr = alias_load, .stmt = alias_store, .ctx = &ar};
    tir_rewrite_stmt(&r, s);
}

/* BlockRealize(values, predicate, Block(...)), whose body and init are
 * lowered already (the rewrite goes bottom-up). */
static tir_stmt *lower_block(lowerer *l, tir_stmt *s)
{
    tir_block *blk = s->block;
    tir_loc loc = s->loc;
    tir_stmt *body = blk->body;
    if (blk->init) {
        tir_stmt *init = blk->init;
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
                bind = tir_extent_check(l->a, sh->var, ext,
                                        "match_buffer: the region's extent differs from the buffer's shape", body, loc);
            } else {
                bind = tir_stmt_new(l->a, TIR_S_LET, loc);
                bind->var = sh->var;
                bind->value = ext;
                bind->body = body;
            }
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

static tir_stmt *lower_if_block(tir_rewriter *r, tir_stmt *s)
{
    return s->kind == TIR_S_BLOCK_REALIZE ? lower_block(r->ctx, s) : s;
}

bool tir_pass_lower_blocks(tir_pass_ctx *p, tir_func *f)
{
    lowerer l = {p->a};
    tir_rewriter r = {.stmt = lower_if_block, .ctx = &l};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
