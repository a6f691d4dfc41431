/* Pass drop-unit-loops: a serial or unrolled loop of one iteration,
 *     for v in range(m, m + 1): body
 * is its body run once with v := m.  LegalizeOps writes them for every
 * dimension of extent 1: a batch of one (nn), a 1x1 kernel's window (ry,
 * rx), and a reduction block's init guard names them (rc == 0 and ry == 0
 * and rx == 0).  With the variable gone, the comparisons of two constants
 * it leaves fold, `and`s and `or`s with a constant side fold, and an `if`
 * whose condition is now a constant keeps only the branch it takes, so the
 * passes after it see `yy + 0` (folded by fold-divisions), a plain init
 * guard and the nest of loops that really iterate: a 1x1 convolution's
 * output plane merges into one row (merge-rows) and its channel loop is
 * one instruction (loop-instructions).  Nothing is evaluated more or less
 * often: the body ran once, and it runs once; a folded comparison of two
 * constants had no effect.  A loop whose body holds a break or continue
 * stays (the jump may be the loop's own). */
#include "passes.h"

#include "tir_visit.h"

static bool is_const(const tir_expr *e) { return e->kind == TIR_E_INT && e->dtype.lanes == 1; }

static bool cmp_holds(tir_expr_kind k, const tir_expr *x, const tir_expr *y)
{
    /* as the dtype's values: unsigned 64-bit compares its bits unsigned */
    bool u64 = x->dtype.code == TIR_CODE_UINT && x->dtype.bits == 64;
    uint64_t ux = (uint64_t)x->ival, uy = (uint64_t)y->ival;
    int c = u64 ? (ux < uy ? -1 : ux > uy) : (x->ival < y->ival ? -1 : x->ival > y->ival);
    switch (k) {
    case TIR_E_EQ: return c == 0;
    case TIR_E_NE: return c != 0;
    case TIR_E_LT: return c < 0;
    case TIR_E_LE: return c <= 0;
    case TIR_E_GT: return c > 0;
    default: return c >= 0; /* GE */
    }
}

/* Comparisons of two integer constants and logic with a constant side. */
static tir_expr *fold_logic(tir_rewriter *r, tir_expr *e)
{
    tir_arena *a = r->ctx;
    if (tir_is_cmp(e->kind) && e->dtype.lanes == 1 && is_const(e->a) && is_const(e->b) &&
        tir_dt_is_int(e->a->dtype) && !tir_dt_is_bool(e->a->dtype))
        return tir_int(a, e->dtype, cmp_holds(e->kind, e->a, e->b), e->loc);
    if ((e->kind == TIR_E_AND || e->kind == TIR_E_OR) && e->dtype.lanes == 1) {
        bool and = e->kind == TIR_E_AND;
        /* true and x = x, false or x = x; false and x = false (x has no effect: no calls, no loads) */
        if (is_const(e->a))
            return (e->a->ival != 0) == and ? e->b : (tir_expr_harmless(e->b) ? e->a : e);
        if (is_const(e->b) && (e->b->ival != 0) == and)
            return e->a;
    }
    return e;
}

static bool is_jump(const tir_expr *e, void *ctx)
{
    (void)ctx;
    return !(tir_is_call_of(e, TIR_I_BREAK_LOOP) || tir_is_call_of(e, TIR_I_CONTINUE_LOOP));
}

/* Does s hold a break or continue (which may belong to the loop itself)? */
static bool has_jump(const tir_stmt *s) { return !tir_walk_stmt_exprs(s, is_jump, NULL); }

static tir_stmt *drop(tir_rewriter *r, tir_stmt *s)
{
    tir_arena *a = r->ctx;
    if (s->kind == TIR_S_IF && is_const(s->cond)) {
        tir_stmt *taken = s->cond->ival ? s->body : s->else_case;
        return taken ? taken : tir_seq(a, NULL, 0, s->loc); /* nothing to run */
    }
    if (s->kind != TIR_S_FOR || (s->for_kind != TIR_FOR_SERIAL && s->for_kind != TIR_FOR_UNROLLED) ||
        s->extent->kind != TIR_E_INT || s->extent->ival != 1 || !tir_expr_harmless(s->min) ||
        tir_stmt_layouts_use_var(s->body, s->var) || has_jump(s->body))
        return s;
    /* the body was rewritten already (children first); substitute, then
     * fold what the constant makes constant */
    tir_stmt *body = tir_substitute_stmt(a, s->body, s->var, s->min);
    tir_rewriter folder = {.expr = fold_logic, .stmt = drop, .ctx = a};
    return tir_rewrite_stmt(&folder, body);
}

bool tir_pass_drop_unit_loops(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.expr = fold_logic, .stmt = drop, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
