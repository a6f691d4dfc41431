/* Pass split-guards: a copy guarded by bounds on the loop variable, as a
 * padding stage writes it,
 *     for w in range(min, end): X[..] = if_then_else(inv and lo <= w and w < hi, T, F)
 * with F a constant, inv free of w and without effects, and lo, hi
 * constants, runs as three loops over the ranges where the guard is known:
 *     if inv:
 *         for w in range(min, lo): X[..] = F
 *         for w in range(lo, hi):  X[..] = T
 *         for w in range(hi, end): X[..] = F
 *     else:
 *         for w in range(min, end): X[..] = F
 * The stores happen in the same order and T is evaluated exactly where the
 * guard held.  Each range is a plain loop that strip-mining takes whole,
 * and in the `if inv` branch the bounds inv puts on other variables (a
 * padding stage's row index h - 1) are known (tir_range_env_assume). */
#include "passes.h"

#include <string.h>

#include "fold.h"
#include "tir_visit.h"

static tir_stmt *split_guarded(tir_arena *a, tir_stmt *loop);

/* for w' in range(0, to - from): st with w := w' + from, itself split
 * again where T holds another guard; NULL when the range is empty.  A
 * range of one element (a padding's edge column) is st with w := from, no
 * loop: the interpreter would spend more on the loop than on the store. */
static tir_stmt *range_loop(tir_arena *a, const tir_stmt *loop, tir_stmt *st, int64_t from, int64_t to)
{
    if (to <= from)
        return NULL;
    const tir_var *w = loop->var;
    if (to - from == 1 && !(st->kind == TIR_S_STORE && tir_is_call_of(st->value, TIR_I_IF_THEN_ELSE)))
        return tir_substitute_stmt(a, st, w, tir_int(a, w->dtype, from, loop->loc));
    tir_var *nw = tir_var_new(a, w->name, w->dtype, loop->loc);
    tir_expr *at = tir_var_ref(a, nw, loop->loc);
    if (from != 0)
        at = tir_binary(a, TIR_E_ADD, at, tir_int(a, w->dtype, from, loop->loc), loop->loc);
    tir_stmt *n = tir_stmt_new(a, TIR_S_FOR, loop->loc);
    n->var = nw;
    n->min = tir_int(a, w->dtype, 0, loop->loc);
    n->extent = tir_int(a, w->dtype, to - from, loop->loc);
    n->for_kind = TIR_FOR_SERIAL;
    n->body = tir_substitute_stmt(a, st, w, at);
    return split_guarded(a, n);
}

static tir_stmt *split_guarded(tir_arena *a, tir_stmt *loop)
{
    const tir_var *w = loop->var;
    if (loop->kind != TIR_S_FOR || loop->for_kind != TIR_FOR_SERIAL || loop->min->kind != TIR_E_INT ||
        loop->extent->kind != TIR_E_INT || loop->extent->ival < 1 || !tir_dt_is_int(w->dtype) ||
        tir_dt_is_bool(w->dtype))
        return loop;
    tir_stmt *st = tir_under_binding_lets(a, loop->body);
    if (!st || st->kind != TIR_S_STORE || st->value->dtype.lanes != 1)
        return loop;
    const tir_expr *v = st->value;
    if (!tir_is_call_of(v, TIR_I_IF_THEN_ELSE) || v->nargs != 3 ||
        (v->args[2]->kind != TIR_E_INT && v->args[2]->kind != TIR_E_FLOAT))
        return loop;
    int64_t min = loop->min->ival, end, lo, hi;
    if (__builtin_add_overflow(min, loop->extent->ival, &end))
        return loop;
    lo = min;
    hi = end;
    tir_expr *terms[8], *inv = NULL;
    uint32_t nterms = 0;
    bool bounded = false;
    if (!tir_and_terms(v->args[0], terms, 8, &nterms))
        return loop;
    for (uint32_t i = 0; i < nterms; i++) {
        tir_expr *t = terms[i];
        if (!tir_expr_uses_var(t, w)) {
            if (!tir_expr_harmless(t) || t->dtype.lanes != 1)
                return loop;
            inv = inv ? tir_binary(a, TIR_E_AND, inv, t, t->loc) : t;
            continue;
        }
        const tir_var *tv;
        tir_expr_kind kind;
        int64_t k, k1;
        if (!tir_cmp_var_const(t, &tv, &kind, &k) || tv != w || __builtin_add_overflow(k, 1, &k1))
            return loop;
        /* as a bound on w: w >= k, w > k, w < k, w <= k */
        switch (kind) {
        case TIR_E_GE: lo = lo > k ? lo : k; break;
        case TIR_E_GT: lo = lo > k1 ? lo : k1; break;
        case TIR_E_LT: hi = hi < k ? hi : k; break;
        case TIR_E_LE: hi = hi < k1 ? hi : k1; break;
        default: return loop;
        }
        bounded = true;
    }
    if (!bounded)
        return loop;
    lo = lo < min ? min : lo > end ? end : lo;
    hi = hi < lo ? lo : hi > end ? end : hi;
    tir_stmt *st_t = tir_arena_alloc(a, sizeof *st_t), *st_f = tir_arena_alloc(a, sizeof *st_f);
    *st_t = *st;
    st_t->value = v->args[1];
    *st_f = *st;
    st_f->value = v->args[2];
    tir_stmt *parts[3], *p;
    uint32_t n = 0;
    if ((p = range_loop(a, loop, st_f, min, lo)))
        parts[n++] = p;
    if ((p = range_loop(a, loop, st_t, lo, hi)))
        parts[n++] = p;
    if ((p = range_loop(a, loop, st_f, hi, end)))
        parts[n++] = p;
    tir_stmt *split = n == 1 ? parts[0] : tir_seq(a, parts, n, loop->loc);
    if (!inv)
        return split;
    tir_stmt *branch = tir_stmt_new(a, TIR_S_IF, loop->loc);
    branch->cond = inv;
    branch->body = split;
    branch->else_case = range_loop(a, loop, st_f, min, end);
    return branch;
}

static tir_stmt *split_loop(tir_rewriter *r, tir_stmt *s) { return split_guarded(r->ctx, s); }

bool tir_pass_split_guards(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = split_loop, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
