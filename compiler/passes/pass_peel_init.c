/* Pass peel-init: a loop whose body starts with a statement guarded to run
 * in its first iteration only (a reduction block's init, which block
 * lowering guards with `k == min` for each reduction loop),
 *     for k in range(0, 256):
 *         if k == 0: acc[0] = 0
 *         acc[0] = acc[0] + x[k] * x[k]
 * runs that statement before the loop instead:
 *     acc[0] = 0
 *     for k in range(0, 256):
 *         acc[0] = acc[0] + x[k] * x[k]
 * With several reduction loops the guard is a conjunction; the loop's own
 * test goes and the rest stays as a guard, so the init rises one loop at a
 * time.  The loop body is then the bare reduction that the loop-level
 * instructions and strip-mining take.  Iteration `min` ran the init first
 * and the rest of its body after it, as now; no other iteration ran it.
 * Applies to serial and unrolled loops of a constant extent of at least
 * one, whose variable the guard's other conditions do not name, when the
 * guarded statement holds no break or continue. */
#include "passes.h"

#include <string.h>

#include "tir_visit.h"

/* Is e the test `v == min` (either way round)? */
static bool is_first_iteration(const tir_expr *e, const tir_var *v, int64_t min)
{
    if (e->kind != TIR_E_EQ)
        return false;
    const tir_expr *x = e->a, *y = e->b;
    if (y->kind == TIR_E_VAR) {
        x = e->b;
        y = e->a;
    }
    return x->kind == TIR_E_VAR && x->var == v && y->kind == TIR_E_INT && y->ival == min;
}

/* cond without its conjuncts `v == min`: *rest is NULL when nothing is left,
 * and the result is false when no conjunct was such a test or another one
 * names v. */
static bool drop_first_iteration(tir_arena *a, tir_expr *cond, const tir_var *v, int64_t min, tir_expr **rest)
{
    if (is_first_iteration(cond, v, min)) {
        *rest = NULL;
        return true;
    }
    if (cond->kind != TIR_E_AND) {
        *rest = cond;
        return false;
    }
    tir_expr *ra, *rb;
    bool da = drop_first_iteration(a, cond->a, v, min, &ra);
    bool db = drop_first_iteration(a, cond->b, v, min, &rb);
    if ((ra && tir_expr_uses_var(ra, v)) || (rb && tir_expr_uses_var(rb, v)))
        return false;
    if (!ra || !rb) {
        *rest = ra ? ra : rb;
    } else if (ra == cond->a && rb == cond->b) {
        *rest = cond;
    } else {
        *rest = tir_binary(a, TIR_E_AND, ra, rb, cond->loc);
        (*rest)->dtype = cond->dtype;
    }
    return da || db;
}

static bool not_loop_exit(const tir_expr *e, void *unused)
{
    (void)unused;
    return !tir_is_call_of(e, TIR_I_BREAK_LOOP) && !tir_is_call_of(e, TIR_I_CONTINUE_LOOP);
}

static tir_stmt *peel(tir_rewriter *r, tir_stmt *s)
{
    tir_arena *a = r->ctx;
    if (s->kind != TIR_S_FOR || (s->for_kind != TIR_FOR_SERIAL && s->for_kind != TIR_FOR_UNROLLED) ||
        s->min->kind != TIR_E_INT || s->extent->kind != TIR_E_INT || s->extent->ival < 1 ||
        s->body->kind != TIR_S_SEQ || s->body->nseq < 2)
        return s;
    tir_stmt *guard = s->body->seq[0];
    /* a break or continue in the init would leave another loop once peeled */
    if (guard->kind != TIR_S_IF || guard->else_case || !tir_walk_stmt_exprs(guard->body, not_loop_exit, NULL))
        return s;
    tir_expr *rest;
    if (!drop_first_iteration(a, guard->cond, s->var, s->min->ival, &rest))
        return s;
    tir_stmt *init = tir_substitute_stmt(a, guard->body, s->var, tir_int(a, s->var->dtype, s->min->ival, s->loc));
    if (rest) {
        tir_stmt *g = tir_stmt_new(a, TIR_S_IF, guard->loc);
        g->cond = rest;
        g->body = init;
        init = g;
    }
    tir_stmt *body = s->body->nseq == 2 ? s->body->seq[1] : tir_seq(a, s->body->seq + 1, s->body->nseq - 1, s->loc);
    s->body = body;
    tir_stmt *pair[2] = {init, s};
    return tir_seq(a, pair, 2, s->loc);
}

bool tir_pass_peel_init(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = peel, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
