/* Pass inline-bindings: `let x = y in body`, where y is a variable or a
 * constant, becomes body with x replaced by y.  Block lowering binds each
 * iter var with a let; most bind one loop variable (v_i = i), and with the
 * let gone the loop's accesses are visibly affine in the loop variable,
 * which strip-mining and the loop-level instructions look for.  Nothing is
 * computed twice: the value is already a register or a constant. */
#include "passes.h"

#include "tir_visit.h"

/* Does a buffer's layout (shape, strides, offset) refer to v?  Such a let
 * stays: the buffer keeps referring to the variable, not to the value. */
static bool layout_uses(const tir_buffer *b, const tir_var *v)
{
    if (!b)
        return false;
    for (uint32_t d = 0; d < b->ndim; d++)
        if (tir_expr_uses_var(b->shape[d], v))
            return true;
    for (uint32_t d = 0; d < b->nstrides; d++)
        if (tir_expr_uses_var(b->strides[d], v))
            return true;
    return tir_expr_uses_var(b->elem_offset, v);
}

static bool load_layout_free(const tir_expr *e, void *v)
{
    return e->kind != TIR_E_LOAD || !layout_uses(e->buffer, v);
}

static bool layouts_use(const tir_stmt *s, const tir_var *v)
{
    if (!s)
        return false;
    if (layout_uses(s->buffer, v) || !tir_walk_expr(s->value, load_layout_free, (void *)v) ||
        !tir_walk_expr(s->cond, load_layout_free, (void *)v))
        return true;
    for (uint32_t i = 0; i < s->nindices; i++)
        if (!tir_walk_expr(s->indices[i], load_layout_free, (void *)v))
            return true;
    for (uint32_t i = 0; i < s->nseq; i++)
        if (layouts_use(s->seq[i], v))
            return true;
    return layouts_use(s->body, v) || layouts_use(s->else_case, v);
}

static tir_stmt *inline_let(tir_rewriter *r, tir_stmt *s)
{
    if (s->kind != TIR_S_LET || (s->value->kind != TIR_E_VAR && s->value->kind != TIR_E_INT) ||
        !tir_dt_eq(s->value->dtype, s->var->dtype) || s->var->type_kind != TIR_TYPE_PRIM ||
        layouts_use(s->body, s->var))
        return s;
    return tir_substitute_stmt(r->ctx, s->body, s->var, s->value);
}

bool tir_pass_inline_bindings(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = inline_let, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
