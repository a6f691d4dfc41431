/* Pass partition: a loop whose whole body is guarded by a bound on its own
 * variable,
 *     for v in range(m, m + E): if v < K: body        (v <= K, K > v, K >= v)
 * runs only the iterations the guard lets through, without the test:
 *     for v in range(m, min(m + E, K)): body
 * The iterations it drops did nothing (no else branch, and the guard has no
 * effect), and the ones it keeps run in the same order.  This is the T.where
 * that a split leaves on the last, partial tile of a fused loop; without it
 * the loop is one long range that strip-mining takes whole. */
#include "passes.h"

#include "fold.h"
#include "tir_visit.h"

/* The exclusive upper bound the guard puts on v, if it is one. */
static bool guard_bound(const tir_expr *cond, const tir_var *v, int64_t *bound)
{
    const tir_var *cv;
    tir_expr_kind kind;
    int64_t k;
    if (!tir_cmp_var_const(cond, &cv, &kind, &k) || cv != v)
        return false;
    if (kind == TIR_E_LT) /* v < k */
        *bound = k;
    else if (kind == TIR_E_LE) /* v <= k */
        *bound = k + (k < INT64_MAX);
    else
        return false;
    return true;
}

static tir_stmt *trim_guarded_loop(tir_rewriter *r, tir_stmt *s)
{
    if (s->kind != TIR_S_FOR || (s->for_kind != TIR_FOR_SERIAL && s->for_kind != TIR_FOR_VECTORIZED) ||
        s->min->kind != TIR_E_INT || s->extent->kind != TIR_E_INT || s->body->kind != TIR_S_IF ||
        s->body->else_case || !tir_dt_is_int(s->var->dtype))
        return s;
    int64_t bound, end;
    if (!guard_bound(s->body->cond, s->var, &bound) || __builtin_add_overflow(s->min->ival, s->extent->ival, &end))
        return s;
    if (bound < end) {
        /* a vectorized loop keeps its width unless its iterations change */
        if (s->for_kind == TIR_FOR_VECTORIZED)
            return s;
        int64_t extent = bound > s->min->ival ? bound - s->min->ival : 0;
        s->extent = tir_int(r->ctx, s->extent->dtype, extent, s->extent->loc);
    }
    s->body = s->body->body;
    return s;
}

bool tir_pass_partition(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = trim_guarded_loop, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
