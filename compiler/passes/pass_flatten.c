/* Pass flatten: an access B[..., e // W, e % W] (floordiv, floormod) to a
 * row-major buffer whose last dimension is W becomes B'[..., e], B' a view
 * of the same storage with the last two dimensions merged into one of H*W.
 * TVM writes a fused loop's axes this way (v_i0 = f // 250, v_i1 = f % 250);
 * with the division gone, the access is affine in the loop variable again,
 * so collapse and strip-mining can take the loop.
 *
 * The access is the same element, and its bounds check means the same:
 * (e // W) * W + e % W = e for every e, and e // W lies in [0, H) exactly
 * when e lies in [0, H*W) (e % W always lies in [0, W)).
 *
 * Lets whose variables no access uses any more (the block's iter vars) are
 * then dropped, when computing their value can have no effect: integer
 * arithmetic without loads or calls, dividing only by nonzero constants. */
#include "passes.h"

#include <stdlib.h>

#include "buffer_views.h"
#include "fold.h"
#include "oom.h"
#include "tir_visit.h"

typedef struct {
    const tir_var *var;
    const tir_expr *value;
} let_binding;

typedef struct {
    const tir_buffer *from;
    tir_buffer *view;
} flat_view;

typedef struct {
    tir_arena *a;
    let_binding *lets;
    uint32_t nlets, cap_lets;
    flat_view *views;
    uint32_t nviews, cap_views;
} flattener;

static bool record_let(tir_rewriter *r, tir_stmt *s)
{
    flattener *f = r->ctx;
    if (s->kind == TIR_S_LET && s->var->type_kind == TIR_TYPE_PRIM && s->value->dtype.lanes == 1 &&
        tir_dt_is_int(s->value->dtype)) {
        f->lets = tir_xgrow(f->lets, &f->cap_lets, f->nlets + 1, sizeof *f->lets);
        f->lets[f->nlets++] = (let_binding){s->var, s->value};
    }
    return true;
}

/* A variable bound by a let stands for its value (each variable is bound once). */
static const tir_expr *resolve(const flattener *f, const tir_expr *e)
{
    if (e->kind == TIR_E_VAR)
        for (uint32_t i = 0; i < f->nlets; i++)
            if (f->lets[i].var == e->var)
                return f->lets[i].value;
    return e;
}

/* The view of b with its last two dimensions (H, W) merged. */
static tir_buffer *flat_view_of(flattener *f, const tir_buffer *b, int64_t hw)
{
    for (uint32_t i = 0; i < f->nviews; i++)
        if (f->views[i].from == b)
            return f->views[i].view;
    tir_buffer *v = tir_buffer_view(f->a, b, b->ndim - 1);
    v->shape[v->ndim - 1] = tir_int(f->a, b->shape[b->ndim - 1]->dtype, hw, b->loc);
    f->views = tir_xgrow(f->views, &f->cap_views, f->nviews + 1, sizeof *f->views);
    f->views[f->nviews++] = (flat_view){b, v};
    return v;
}

/* If the last two indices are e // W and e % W over (H, W): the view, and
 * e in *flat; else NULL. */
static tir_buffer *merge_last_two(flattener *f, const tir_buffer *b, tir_expr *const *idx, uint32_t n, tir_expr **flat)
{
    if (!b || n < 2 || n != b->ndim || b->nstrides || b->dtype.lanes != 1)
        return NULL;
    const tir_expr *h = b->shape[n - 2], *w = b->shape[n - 1];
    const tir_expr *q = resolve(f, idx[n - 2]), *m = resolve(f, idx[n - 1]);
    if (h->kind != TIR_E_INT || w->kind != TIR_E_INT || w->ival <= 0 || h->ival <= 0 || q->kind != TIR_E_FLOORDIV ||
        m->kind != TIR_E_FLOORMOD || q->b->kind != TIR_E_INT || m->b->kind != TIR_E_INT || q->b->ival != w->ival ||
        m->b->ival != w->ival || q->dtype.lanes != 1 || !tir_expr_equal(q->a, m->a))
        return NULL;
    int64_t hw;
    if (__builtin_mul_overflow(h->ival, w->ival, &hw))
        return NULL;
    *flat = q->a;
    return flat_view_of(f, b, hw);
}

static tir_expr *flatten_load(tir_rewriter *r, tir_expr *e)
{
    tir_expr *flat;
    tir_buffer *v;
    if (e->kind != TIR_E_LOAD || !(v = merge_last_two(r->ctx, e->buffer, e->args, e->nargs, &flat)))
        return e;
    e->buffer = v;
    e->nargs--;
    e->args[e->nargs - 1] = flat;
    return e;
}

static tir_stmt *flatten_stmt(tir_rewriter *r, tir_stmt *s)
{
    tir_expr *flat;
    tir_buffer *v;
    if (s->kind == TIR_S_STORE && (v = merge_last_two(r->ctx, s->buffer, s->indices, s->nindices, &flat))) {
        s->buffer = v;
        s->nindices--;
        s->indices[s->nindices - 1] = flat;
        return s;
    }
    if (s->kind == TIR_S_LET && s->var->type_kind == TIR_TYPE_PRIM && !tir_stmt_uses_var(s->body, s->var) &&
        !tir_stmt_layouts_use_var(s->body, s->var) && tir_expr_harmless(s->value))
        return s->body;
    return s;
}

bool tir_pass_flatten(tir_pass_ctx *p, tir_func *f)
{
    flattener fl = {.a = p->a};
    tir_rewriter collect = {.enter = record_let, .ctx = &fl};
    f->body = tir_rewrite_stmt(&collect, f->body);
    /* with or without lets: inline-bindings may have put the axes' values
     * in the indices themselves */
    tir_rewriter r = {.expr = flatten_load, .stmt = flatten_stmt, .ctx = &fl};
    f->body = tir_rewrite_stmt(&r, f->body);
    free(fl.lets);
    free(fl.views);
    return true;
}
