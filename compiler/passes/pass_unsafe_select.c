/* Pass unsafe-select (spec-readings 15): a Select with a scalar condition
 * whose arms read a buffer or call a PrimFunc becomes
 * tir.if_then_else(cond, t, f), which evaluates only the chosen arm, as
 * TVM's RewriteUnsafeSelect makes it before code generation: a padding
 * stage's Select(inside, A[i - 1], 0) must not read A[-1].  Any other
 * Select evaluates both arms (spec Expr semantics 6.ii).
 *
 * It runs last, so the passes before it see the Select as the program
 * wrote it. */
#include "passes.h"

#include "tir_visit.h"

static bool neither_reads_nor_calls(const tir_expr *e, void *unused)
{
    (void)unused;
    return !(e->kind == TIR_E_LOAD || (e->kind == TIR_E_CALL && e->callee));
}

static bool unsafe(const tir_expr *e) { return e && !tir_walk_expr(e, neither_reads_nor_calls, NULL); }

static tir_expr *guard(tir_rewriter *r, tir_expr *e)
{
    if (e->kind != TIR_E_SELECT || e->a->dtype.lanes != 1 || !(unsafe(e->b) || unsafe(e->c)))
        return e;
    tir_expr *args[3] = {e->a, e->b, e->c};
    return tir_call(r->ctx, e->dtype, "tir.if_then_else", args, 3, e->loc);
}

bool tir_pass_unsafe_select(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.expr = guard, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
