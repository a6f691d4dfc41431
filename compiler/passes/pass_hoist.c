/* Pass hoist: a let at the top of a loop body whose value does not depend
 * on the loop,
 *     for x in range(58): v = yy + ax1; body
 * is computed once, before the loop:
 *     v = yy + ax1; for x in range(58): body
 * when computing it can have no effect but its value (tir_expr_harmless),
 * so computing it once even for a loop that runs no iteration changes
 * nothing.  Loops are visited innermost first, so a let invariant in
 * several loops rises past all of them.  With the let outside, the loop
 * body is the bare statement that passes strip and split-guards take,
 * and the bounds a guard puts on the let's variable (a padding stage's row
 * index) are known for the whole loop. */
#include "passes.h"

#include "tir_visit.h"

static tir_stmt *hoist_lets(tir_rewriter *r, tir_stmt *s)
{
    (void)r;
    if (s->kind != TIR_S_FOR || s->for_kind == TIR_FOR_THREAD_BINDING || s->body->kind != TIR_S_LET)
        return s;
    /* the chain of leading lets: hoist the first ones while they qualify */
    tir_stmt *top = NULL, *last = NULL;
    while (s->body->kind == TIR_S_LET) {
        tir_stmt *l = s->body;
        if (l->var->type_kind != TIR_TYPE_PRIM || tir_expr_uses_var(l->value, s->var) || !tir_expr_harmless(l->value) ||
            tir_expr_uses_var(s->extent, l->var) || tir_expr_uses_var(s->min, l->var))
            break;
        s->body = l->body;
        if (last)
            last->body = l;
        else
            top = l;
        last = l;
    }
    if (!top)
        return s;
    last->body = s;
    return top;
}

bool tir_pass_hoist(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = hoist_lets, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
