#include "lower.h"

#include <string.h>

typedef struct {
    tir_arena *a;
    tir_diag *d;
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
        al->nindices = buf->ndim;
        al->indices = buf->shape;
        al->cond = tir_int(l->a, TIR_DT_BOOL, 1, buf->loc);
        al->body = body;
        body = al;
    }
    if (blk->nmatch) {
        tir_diag_error(l->d, blk->loc, "unsupported: block match_buffer is not supported yet");
        return NULL;
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

static tir_stmt *lower_stmt(lowerer *l, tir_stmt *s)
{
    if (!s)
        return NULL;
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
    lowerer l = {a, d};
    int before = d->nerrors;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        m->funcs[i]->body = lower_stmt(&l, m->funcs[i]->body);
    return d->nerrors == before;
}
