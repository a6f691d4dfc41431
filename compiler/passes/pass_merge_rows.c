/* Pass merge-rows: two perfectly nested loops
 *     for o in range(Eo): for i in range(Ei): body
 * whose variables appear in body only as the last two indices of accesses
 * B[.., o, i] to row-major buffers whose last dimension is Ei become one
 * loop over the rows' elements
 *     for f in range(Eo * Ei): body[B[.., o, i] := B'[.., f]]
 * B' a view of the same storage with its last two dimensions merged, as
 * pass flatten makes.  LegalizeOps writes an elementwise stage over an
 * image (a bias add, an activation, a padding copy's inner part) as loops
 * over its rows and columns, 28 elements a row; merged, the stage is one
 * loop over the plane that pass strip runs as 256- or 1024-lane vectors
 * instead of one short vector per row.
 *
 * The iterations and their order are the same (f = o*Ei + i), each access
 * is the same element, and its bounds check means the same: o*Ei + i lies
 * in [0, H*Ei) exactly when o lies in [0, H), i being in [0, Ei). */
#include "passes.h"

#include <stdlib.h>

#include "buffer_views.h"
#include "oom.h"
#include "tir_visit.h"

typedef struct {
    const tir_buffer *from;
    tir_buffer *view;
} row_view;

typedef struct {
    tir_arena *a;
    const tir_var *o, *i;
    tir_var *f;
    int64_t ei;
    uint32_t uses, pairs; /* references to o or i; accesses indexed [.., o, i] */
    row_view *views;
    uint32_t nviews, cap_views;
} merger;

/* Is (idx, n) of buffer b indexed [.., o, i], with b row-major, of a
 * constant last dimension Ei? */
static bool row_pair(const merger *m, const tir_buffer *b, tir_expr *const *idx, uint32_t n)
{
    int64_t hw;
    return b && n >= 2 && n == b->ndim && !b->nstrides && b->dtype.lanes == 1 && idx[n - 2]->kind == TIR_E_VAR &&
           idx[n - 2]->var == m->o && idx[n - 1]->kind == TIR_E_VAR && idx[n - 1]->var == m->i &&
           b->shape[n - 1]->kind == TIR_E_INT && b->shape[n - 1]->ival == m->ei && b->shape[n - 2]->kind == TIR_E_INT &&
           b->shape[n - 2]->ival > 0 && !__builtin_mul_overflow(b->shape[n - 2]->ival, m->ei, &hw);
}

static bool count_expr(const tir_expr *e, void *ctx)
{
    merger *m = ctx;
    if ((e->kind == TIR_E_VAR || e->kind == TIR_E_LET) && (e->var == m->o || e->var == m->i))
        m->uses++;
    if (e->kind == TIR_E_LOAD && row_pair(m, e->buffer, e->args, e->nargs))
        m->pairs++;
    return true;
}

static bool count_stmt(tir_rewriter *r, tir_stmt *s)
{
    merger *m = r->ctx;
    if (s->kind == TIR_S_STORE && row_pair(m, s->buffer, s->indices, s->nindices))
        m->pairs++;
    if ((s->kind == TIR_S_LET || s->kind == TIR_S_FOR) && (s->var == m->o || s->var == m->i))
        m->uses += 2; /* rebound: not ours to rewrite */
    return true;
}

static tir_buffer *view_of(merger *m, const tir_buffer *b)
{
    for (uint32_t k = 0; k < m->nviews; k++)
        if (m->views[k].from == b)
            return m->views[k].view;
    tir_buffer *v = tir_buffer_view(m->a, b, b->ndim - 1);
    v->shape[v->ndim - 1] =
        tir_int(m->a, b->shape[b->ndim - 1]->dtype, b->shape[b->ndim - 2]->ival * m->ei, b->loc);
    m->views = tir_xgrow(m->views, &m->cap_views, m->nviews + 1, sizeof *m->views);
    m->views[m->nviews++] = (row_view){b, v};
    return v;
}

static tir_expr *merge_load(tir_rewriter *r, tir_expr *e)
{
    merger *m = r->ctx;
    if (e->kind == TIR_E_LOAD && row_pair(m, e->buffer, e->args, e->nargs)) {
        e->buffer = view_of(m, e->buffer);
        e->nargs--;
        e->args[e->nargs - 1] = tir_var_ref(m->a, m->f, e->loc);
    }
    return e;
}

static tir_stmt *merge_store(tir_rewriter *r, tir_stmt *s)
{
    merger *m = r->ctx;
    if (s->kind == TIR_S_STORE && row_pair(m, s->buffer, s->indices, s->nindices)) {
        s->buffer = view_of(m, s->buffer);
        s->nindices--;
        s->indices[s->nindices - 1] = tir_var_ref(m->a, m->f, s->loc);
    }
    return s;
}

static bool plain(const tir_stmt *s)
{
    return s->kind == TIR_S_FOR && s->for_kind == TIR_FOR_SERIAL && s->min->kind == TIR_E_INT && s->min->ival == 0 &&
           s->extent->kind == TIR_E_INT && s->extent->ival > 0 && tir_dt_is_int(s->var->dtype) &&
           !tir_dt_is_bool(s->var->dtype);
}

static tir_stmt *merge_loop(tir_rewriter *r, tir_stmt *s)
{
    tir_arena *a = r->ctx;
    if (!plain(s) || !plain(s->body) || !tir_dt_eq(s->var->dtype, s->body->var->dtype) || s->extent->ival == 1 ||
        s->body->extent->ival == 1) /* a loop of one iteration: nothing to gain */
        return s;
    tir_stmt *inner = s->body;
    int64_t total;
    if (__builtin_mul_overflow(s->extent->ival, inner->extent->ival, &total) ||
        tir_stmt_layouts_use_var(inner->body, s->var) || tir_stmt_layouts_use_var(inner->body, inner->var))
        return s;
    merger m = {.a = a, .o = s->var, .i = inner->var, .ei = inner->extent->ival};
    /* every use of o and i is one of the pair of an access [.., o, i] */
    tir_walk_stmt_exprs(inner->body, count_expr, &m);
    tir_rewriter counter = {.enter = count_stmt, .ctx = &m};
    tir_rewrite_stmt(&counter, inner->body);
    if (m.pairs == 0 || m.uses != 2 * m.pairs)
        return s;
    m.f = tir_var_new(a, inner->var->name, inner->var->dtype, inner->loc);
    tir_rewriter rw = {.expr = merge_load, .stmt = merge_store, .ctx = &m};
    tir_stmt *body = tir_rewrite_stmt(&rw, inner->body);
    free(m.views);
    tir_stmt *loop = tir_stmt_new(a, TIR_S_FOR, s->loc);
    *loop = *s;
    loop->var = m.f;
    loop->extent = tir_int(a, s->extent->dtype, total, s->loc);
    loop->body = body;
    return loop;
}

bool tir_pass_merge_rows(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = merge_loop, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
