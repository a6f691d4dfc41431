/* Pass split-selects: a loop whose body chooses between two values by a
 * bound on the loop's own variable, as a concatenation does,
 *     for c in range(0, 128):
 *         for x in ..: T[c, x] = if_then_else(64 <= c, B[c - 64, x], A[c, x])
 * runs as two loops over the ranges where the bound is known, each with the
 * arm its range takes:
 *     for c in range(0, 64):   for x in ..: T[c, x] = A[c, x]
 *     for c in range(64, 128): for x in ..: T[c, x] = B[c - 64, x]
 * if_then_else evaluates only the arm its condition picks, and the
 * iterations run in the same order, so the loops do exactly what the one
 * loop did; the copies inside are then plain loops that strip-mining
 * vectorizes (a chosen arm's indices are in bounds over its range only).
 * A chain of them (a concatenation of three) splits again in each range.
 * A body that allocates (a buffer compact made per iteration) stays whole:
 * two copies would bind one storage twice. */
#include "passes.h"

#include "fold.h"
#include "tir_visit.h"

typedef struct {
    const tir_var *w;
    const tir_expr *cond; /* the condition found, or NULL */
    bool holds;           /* the value it takes in the range being rewritten */
} select_ctx;

/* The first if_then_else of the body whose condition is `w OP k`. */
static bool find_select(const tir_expr *e, void *ctx)
{
    select_ctx *c = ctx;
    const tir_var *v;
    tir_expr_kind kind;
    int64_t k;
    if (tir_is_call_of(e, TIR_I_IF_THEN_ELSE) && e->nargs == 3 && e->args[0]->dtype.lanes == 1 &&
        tir_cmp_var_const(e->args[0], &v, &kind, &k) && v == c->w &&
        (kind == TIR_E_LT || kind == TIR_E_LE || kind == TIR_E_GT || kind == TIR_E_GE)) {
        c->cond = e->args[0];
        return false;
    }
    return true;
}

static tir_expr *choose(tir_rewriter *r, tir_expr *e)
{
    select_ctx *c = r->ctx;
    if (tir_is_call_of(e, TIR_I_IF_THEN_ELSE) && e->nargs == 3 && tir_expr_equal(e->args[0], c->cond))
        return e->args[c->holds ? 1 : 2];
    return e;
}

static tir_stmt *split_selects(tir_arena *a, tir_stmt *loop);

/* Does s allocate or declare a buffer?  Two copies of it would bind one
 * storage variable twice, which code generation gives one buffer. */
static bool binds_storage(const tir_stmt *s)
{
    if (!s)
        return false;
    if (s->kind == TIR_S_ALLOCATE || s->kind == TIR_S_DECL_BUFFER || s->kind == TIR_S_REALIZE ||
        s->kind == TIR_S_BLOCK_REALIZE)
        return true;
    for (uint32_t i = 0; i < s->nseq; i++)
        if (binds_storage(s->seq[i]))
            return true;
    return binds_storage(s->body) || binds_storage(s->else_case);
}

/* for w' in range(from, to): the body with w := w' and the condition's arm
 * for that range; NULL when the range is empty. */
static tir_stmt *range_loop(tir_arena *a, const tir_stmt *loop, const tir_expr *cond, bool holds, int64_t from,
                            int64_t to)
{
    if (to <= from)
        return NULL;
    /* each range gets its own copy of the body, with w := w' */
    tir_var *nw = tir_var_new(a, loop->var->name, loop->var->dtype, loop->loc);
    tir_expr *ref = tir_var_ref(a, nw, loop->loc);
    select_ctx c = {nw, tir_substitute_expr(a, (tir_expr *)cond, loop->var, ref), holds};
    tir_rewriter r = {.expr = choose, .ctx = &c};
    tir_stmt *n = tir_stmt_new(a, TIR_S_FOR, loop->loc);
    *n = *loop;
    n->var = nw;
    n->min = tir_int(a, loop->var->dtype, from, loop->loc);
    n->extent = tir_int(a, loop->var->dtype, to - from, loop->loc);
    tir_stmt *body = tir_copy_stmt(a, loop->body); /* the later passes change nodes in place */
    n->body = tir_rewrite_stmt(&r, tir_substitute_stmt(a, body, loop->var, ref));
    return split_selects(a, n);
}

static tir_stmt *split_selects(tir_arena *a, tir_stmt *loop)
{
    if (loop->kind != TIR_S_FOR || loop->for_kind != TIR_FOR_SERIAL || loop->min->kind != TIR_E_INT ||
        loop->extent->kind != TIR_E_INT || loop->extent->ival < 1 || !tir_dt_is_int(loop->var->dtype) ||
        tir_dt_is_bool(loop->var->dtype))
        return loop;
    select_ctx c = {loop->var, NULL, false};
    tir_walk_stmt_exprs(loop->body, find_select, &c);
    if (!c.cond || binds_storage(loop->body)) /* also: no block, which tir_copy_stmt cannot copy */
        return loop;
    const tir_var *v;
    tir_expr_kind kind;
    int64_t k, min = loop->min->ival, end, at;
    if (__builtin_add_overflow(min, loop->extent->ival, &end) || !tir_cmp_var_const(c.cond, &v, &kind, &k))
        return loop;
    /* the first value of w where the condition changes, and whether it holds below it */
    bool below;
    switch (kind) {
    case TIR_E_LT: below = true; at = k; break;
    case TIR_E_GE: below = false; at = k; break;
    case TIR_E_LE: below = true; if (__builtin_add_overflow(k, 1, &at)) return loop; break;
    default: /* GT */ below = false; if (__builtin_add_overflow(k, 1, &at)) return loop; break;
    }
    at = at < min ? min : at > end ? end : at;
    tir_stmt *parts[2], *p;
    uint32_t n = 0;
    if ((p = range_loop(a, loop, c.cond, below, min, at)))
        parts[n++] = p;
    if ((p = range_loop(a, loop, c.cond, !below, at, end)))
        parts[n++] = p;
    return n == 1 ? parts[0] : tir_seq(a, parts, n, loop->loc);
}

static tir_stmt *split_loop(tir_rewriter *r, tir_stmt *s) { return split_selects(r->ctx, s); }

bool tir_pass_split_selects(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = split_loop, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
