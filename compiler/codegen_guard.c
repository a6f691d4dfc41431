/* Codegen: splitting a loop whose body is guarded by a condition on the
 * loop variable into the ranges where the guard is known. */
#include "codegen_internal.h"

typedef struct {
    uint32_t idx;   /* in c->vars */
    interval range; /* before narrowing */
} narrowed;

/* Where a condition `var OP k` (or `k OP var`) holds, var's known range
 * shrinks to match; the old range goes to saved for restoring. */
static void narrow_range(cg *c, const tir_expr *t, narrowed *saved, uint32_t *nsaved)
{
    const tir_var *v;
    tir_expr_kind kind;
    int64_t k;
    if (*nsaved >= 8 || !tir_cmp_var_const(t, &v, &kind, &k))
        return;
    uint32_t idx = c->nvars;
    for (uint32_t i = c->nvars; i-- > 0;)
        if (c->vars[i].var == v) {
            idx = i;
            break;
        }
    if (idx == c->nvars || !c->vars[idx].range.known)
        return;
    interval r = c->vars[idx].range;
    switch (kind) {
    case TIR_E_GE: if (k > r.lo) r.lo = k; break;
    case TIR_E_GT: if (k < INT64_MAX && k + 1 > r.lo) r.lo = k + 1; break;
    case TIR_E_LT: if (k > INT64_MIN && k - 1 < r.hi) r.hi = k - 1; break;
    case TIR_E_LE: if (k < r.hi) r.hi = k; break;
    case TIR_E_EQ: if (k >= r.lo && k <= r.hi) r.lo = r.hi = k; break;
    default: return;
    }
    if (r.lo > r.hi)
        return; /* the branch never runs; keep what is known */
    saved[*nsaved].idx = idx;
    saved[*nsaved].range = c->vars[idx].range;
    (*nsaved)++;
    c->vars[idx].range = r;
}

/* for w' in [0, to - from): st with w = w' + from; NULL when empty. */
static tir_stmt *range_loop(cg *c, const tir_stmt *loop, const tir_stmt *st, int64_t from, int64_t to)
{
    if (to <= from)
        return NULL;
    const tir_var *w = loop->var;
    tir_var *nw = tir_var_new(c->a, w->name, w->dtype, loop->loc);
    tir_expr *at = tir_var_ref(c->a, nw, loop->loc);
    if (from != 0)
        at = tir_binary(c->a, TIR_E_ADD, at, tir_int(c->a, w->dtype, from, loop->loc), loop->loc);
    subst sb = {w, at, NULL};
    tir_stmt *n = tir_stmt_new(c->a, TIR_S_FOR, loop->loc);
    n->var = nw;
    n->min = tir_int(c->a, w->dtype, 0, loop->loc);
    n->extent = tir_int(c->a, w->dtype, to - from, loop->loc);
    n->for_kind = TIR_FOR_SERIAL;
    n->body = cg_substitute_store(c, st, &sb);
    return n;
}

/* A guarded copy, as a pad stage writes it:
 *   for w: X[..] = if_then_else(inv and lo <= w and w < hi, T, F)
 * with F a constant, inv free of w, and lo, hi constants, runs as
 *   if inv: (for w in [min, lo): X = F) (for w in [lo, hi): X = T) (for w in [hi, end): X = F)
 *   else:   for w in [min, end): X = F
 * The stores happen in the same order and T is evaluated exactly where the
 * guard held; each range is an ordinary loop the strip-miner vectorizes. */
bool cg_try_split_guarded(cg *c, const tir_stmt *loop)
{
    const tir_var *w = loop->var;
    if (loop->min->kind != TIR_E_INT || loop->extent->kind != TIR_E_INT || loop->extent->ival < 1 ||
        !tir_dt_is_int(w->dtype) || tir_dt_is_bool(w->dtype))
        return false;
    subst *sb = NULL;
    const tir_stmt *st = cg_skip_lets(c, loop->body, &sb);
    if (st->kind != TIR_S_STORE || st->value->dtype.lanes != 1)
        return false;
    st = cg_substitute_store(c, st, sb);
    const tir_expr *v = st->value;
    if (v->kind != TIR_E_CALL || !v->op || strcmp(v->op, "tir.if_then_else") != 0 || v->nargs != 3 ||
        (v->args[2]->kind != TIR_E_INT && v->args[2]->kind != TIR_E_FLOAT))
        return false;
    int64_t min = loop->min->ival, end, lo, hi;
    if (__builtin_add_overflow(min, loop->extent->ival, &end))
        return false;
    lo = min;
    hi = end;
    tir_expr *terms[8], *inv = NULL;
    uint32_t nterms = 0;
    bool bounded = false;
    if (!cg_and_terms(v->args[0], terms, 8, &nterms))
        return false;
    for (uint32_t i = 0; i < nterms; i++) {
        tir_expr *t = terms[i];
        if (!tir_expr_uses_var(t, w)) {
            if (!cg_pure_expr(t) || t->dtype.lanes != 1)
                return false;
            inv = inv ? tir_binary(c->a, TIR_E_AND, inv, t, t->loc) : t;
            continue;
        }
        const tir_var *tv;
        tir_expr_kind kind;
        int64_t k, k1;
        if (!tir_cmp_var_const(t, &tv, &kind, &k) || tv != w || __builtin_add_overflow(k, 1, &k1))
            return false;
        /* as a bound on w: w >= k, w > k, w < k, w <= k */
        switch (kind) {
        case TIR_E_GE: lo = lo > k ? lo : k; break;
        case TIR_E_GT: lo = lo > k1 ? lo : k1; break;
        case TIR_E_LT: hi = hi < k ? hi : k; break;
        case TIR_E_LE: hi = hi < k1 ? hi : k1; break;
        default: return false;
        }
        bounded = true;
    }
    if (!bounded)
        return false;
    lo = lo < min ? min : lo > end ? end : lo;
    hi = hi < lo ? lo : hi > end ? end : hi;
    tir_stmt *st_t = tir_arena_alloc(c->a, sizeof *st_t), *st_f = tir_arena_alloc(c->a, sizeof *st_f);
    *st_t = *st;
    st_t->value = v->args[1];
    *st_f = *st;
    st_f->value = v->args[2];
    tir_stmt *parts[3], *p;
    uint32_t n = 0;
    if ((p = range_loop(c, loop, st_f, min, lo)))
        parts[n++] = p;
    if ((p = range_loop(c, loop, st_t, lo, hi)))
        parts[n++] = p;
    if ((p = range_loop(c, loop, st_f, hi, end)))
        parts[n++] = p;
    tir_stmt *split = n == 1 ? parts[0] : tir_seq(c->a, parts, n, loop->loc);
    if (!inv) {
        cg_gen_stmt(c, split);
        return true;
    }
    /* if inv: the split ranges, knowing inv's bounds on other variables
     * (so a pad stage's row index h - 1 is known in range); else all F */
    false_jumps to_else = {.n = 0};
    cg_gen_branch_if_false(c, inv, &to_else);
    narrowed saved[8];
    uint32_t nsaved = 0;
    for (uint32_t i = 0; i < nterms; i++)
        if (!tir_expr_uses_var(terms[i], w))
            narrow_range(c, terms[i], saved, &nsaved);
    cg_gen_stmt(c, split);
    while (nsaved-- > 0)
        c->vars[saved[nsaved].idx].range = saved[nsaved].range;
    EMIT1(c, TIRBC_OP_JMP, 0);
    uint32_t to_end = cg_last_word(c);
    cg_patch_false_jumps(c, &to_else, c->ncode);
    cg_gen_stmt(c, range_loop(c, loop, st_f, min, end));
    cg_patch(c, to_end, c->ncode);
    return true;
}
