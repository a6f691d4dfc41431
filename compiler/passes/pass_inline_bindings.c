/* Pass inline-bindings: `let x = y in body`, where y is a variable or a
 * constant, becomes body with x replaced by y.  Block lowering binds each
 * iter var with a let; most bind one loop variable (v_i = i), and with the
 * let gone the loop's accesses are visibly affine in the loop variable,
 * which strip-mining and the loop-level instructions look for.  Nothing is
 * computed twice: the value is already a register or a constant. */
#include "passes.h"

#include "tir_visit.h"

static tir_stmt *inline_let(tir_rewriter *r, tir_stmt *s)
{
    if (s->kind != TIR_S_LET || (s->value->kind != TIR_E_VAR && s->value->kind != TIR_E_INT) ||
        !tir_dt_eq(s->value->dtype, s->var->dtype) || s->var->type_kind != TIR_TYPE_PRIM ||
        tir_stmt_layouts_use_var(s->body, s->var))
        return s;
    return tir_substitute_stmt(r->ctx, s->body, s->var, s->value);
}

bool tir_pass_inline_bindings(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = inline_let, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
