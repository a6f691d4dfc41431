/* Pass simplify-indices: a buffer access's integer indices with each
 * variable that can take one value only (the variable of a loop of one
 * iteration, which split-guards leaves at a padding stage's border; one an
 * `if` pins) replaced by that value, constants folded, and the identities
 * x + 0, x - 0, x * 1 and x * 0 applied, so no instruction computes them:
 *     for c in range(1, 2): pad[r, c - 1 + 0] = ...   becomes   pad[r, 0] = ...
 * (x * 0 only when computing x has no effect but its value.)  What is known
 * of a variable comes from the range analysis (tir_range.h): a loop's
 * bounds, a let's value, a thread extent, and the conditions of the `if`s
 * around the access.  Only indices change; the values stored and the
 * conditions are left as they are. */
#include "passes.h"

#include "fold.h"
#include "tir_range.h"
#include "tir_visit.h"

#include <string.h>

typedef struct {
    tir_arena *a;
    tir_range_env env;
    bool divisions_only; /* pass fold-divisions: no single-valued variables */
} simplify_ctx;

static bool int_const_is(const tir_expr *e, int64_t k) { return e->kind == TIR_E_INT && e->ival == k; }

static tir_expr *copy_with(tir_arena *a, const tir_expr *e, tir_expr *x, tir_expr *y)
{
    tir_expr *n = tir_arena_alloc(a, sizeof *n);
    *n = *e;
    n->a = x;
    n->b = y;
    return n;
}

static tir_expr *simplify_index(simplify_ctx *sc, tir_expr *e);

/* x // c and x % c by a constant c > 0, for an x whose values all lie in one
 * block [k*c, k*c + c): k and x - k*c (truncating division and remainder
 * only for an x >= 0, where they agree with floor's).  A reshape's index
 * arithmetic over a loop's range, ((i*16 + j) // 64 + r) % 16 with
 * i*16 + j < 64 and r < 16, becomes r. */
static tir_expr *fold_division(simplify_ctx *sc, tir_expr *e)
{
    tir_expr *x = simplify_index(sc, e->a), *c = e->b;
    tir_expr *same = x == e->a ? e : copy_with(sc->a, e, x, c);
    tir_interval r = tir_range_env_of(&sc->env, x);
    if (c->kind != TIR_E_INT || c->ival <= 0 || !r.known || !tir_expr_harmless(x) ||
        ((e->kind == TIR_E_DIV || e->kind == TIR_E_MOD) && r.lo < 0))
        return same;
    /* floor division of both ends (r.lo may be negative) */
    int64_t klo = r.lo / c->ival - (r.lo % c->ival < 0), khi = r.hi / c->ival - (r.hi % c->ival < 0), base;
    if (klo != khi || __builtin_mul_overflow(klo, c->ival, &base))
        return same;
    if (e->kind == TIR_E_FLOORDIV || e->kind == TIR_E_DIV)
        return tir_int(sc->a, e->dtype, klo, e->loc);
    if (base == 0)
        return x;
    return simplify_index(sc, tir_binary(sc->a, TIR_E_SUB, x, tir_int(sc->a, x->dtype, base, e->loc), e->loc));
}

static tir_expr *simplify_index(simplify_ctx *sc, tir_expr *e)
{
    if (e->dtype.lanes != 1 || !tir_dt_is_int(e->dtype))
        return e;
    if (e->kind == TIR_E_FLOORDIV || e->kind == TIR_E_FLOORMOD || e->kind == TIR_E_DIV || e->kind == TIR_E_MOD)
        return fold_division(sc, e);
    if (e->kind == TIR_E_VAR && !sc->divisions_only) {
        tir_interval r;
        bool single = tir_range_env_lookup(&sc->env, e->var, &r) && r.lo == r.hi;
        return single ? tir_int(sc->a, e->dtype, r.lo, e->loc) : e;
    }
    if (e->kind != TIR_E_ADD && e->kind != TIR_E_SUB && e->kind != TIR_E_MUL)
        return e;
    tir_expr *x = simplify_index(sc, e->a), *y = simplify_index(sc, e->b);
    const char *err;
    tir_expr *folded = tir_fold_binary(sc->a, e->kind, x, y, e->loc, &err);
    if (folded)
        return folded;
    /* (x' + k1) + k2, (x' - k1) + k2, (x' + k1) - k2 ...: one constant
     * (wrapping arithmetic is associative, so the value is the same) */
    if ((e->kind == TIR_E_ADD || e->kind == TIR_E_SUB) && y->kind == TIR_E_INT &&
        (x->kind == TIR_E_ADD || x->kind == TIR_E_SUB) && x->b->kind == TIR_E_INT) {
        tir_expr *k = tir_fold_binary(sc->a, x->kind == e->kind ? TIR_E_ADD : TIR_E_SUB, x->b, y, e->loc, &err);
        if (k)
            return int_const_is(k, 0) ? x->a : copy_with(sc->a, x, x->a, k);
    }
    if (e->kind == TIR_E_ADD && int_const_is(x, 0))
        return y;
    if ((e->kind == TIR_E_ADD || e->kind == TIR_E_SUB) && int_const_is(y, 0))
        return x;
    if (e->kind == TIR_E_MUL && int_const_is(x, 1))
        return y;
    if (e->kind == TIR_E_MUL && int_const_is(y, 1))
        return x;
    if (e->kind == TIR_E_MUL && ((int_const_is(x, 0) && tir_expr_harmless(y)) || (int_const_is(y, 0) && tir_expr_harmless(x))))
        return tir_int(sc->a, e->dtype, 0, e->loc);
    return x == e->a && y == e->b ? e : copy_with(sc->a, e, x, y);
}

/* The indices idx[0..n) simplified; a new array when one changes (an
 * expression's nodes may be shared with code elsewhere, which keeps them). */
static tir_expr **simplify_indices(simplify_ctx *sc, tir_expr **idx, uint32_t n)
{
    tir_expr **out = idx;
    for (uint32_t i = 0; i < n; i++) {
        tir_expr *x = simplify_index(sc, idx[i]);
        if (x != idx[i] && out == idx) {
            out = tir_arena_alloc(sc->a, n * sizeof *out);
            for (uint32_t k = 0; k < n; k++)
                out[k] = idx[k];
        }
        out[i] = x;
    }
    return out;
}

/* e with the indices of every load in it simplified; rebuilt where it changes. */
static tir_expr *in_expr(simplify_ctx *sc, tir_expr *e)
{
    if (!e)
        return NULL;
    tir_expr *a = in_expr(sc, e->a), *b;
    uint32_t mark = sc->env.n;
    if (e->kind == TIR_E_LET) /* the body sees the bound variable's range */
        tir_range_env_push(&sc->env, e->var, tir_range_env_of(&sc->env, e->a));
    b = in_expr(sc, e->b);
    tir_range_env_pop(&sc->env, mark);
    tir_expr *c = in_expr(sc, e->c);
    tir_expr **args = e->args;
    for (uint32_t i = 0; i < e->nargs; i++) {
        tir_expr *x = in_expr(sc, e->args[i]);
        if (x != e->args[i] && args == e->args) {
            args = tir_arena_alloc(sc->a, e->nargs * sizeof *args);
            for (uint32_t k = 0; k < e->nargs; k++)
                args[k] = e->args[k];
        }
        args[i] = x;
    }
    if (e->kind == TIR_E_LOAD)
        args = simplify_indices(sc, args, e->nargs);
    if (a == e->a && b == e->b && c == e->c && args == e->args)
        return e;
    tir_expr *n = copy_with(sc->a, e, a, b);
    n->c = c;
    n->args = args;
    return n;
}

static void in_stmt(simplify_ctx *sc, tir_stmt *s)
{
    if (!s)
        return;
    s->value = in_expr(sc, s->value);
    s->cond = in_expr(sc, s->cond);
    s->min = in_expr(sc, s->min);
    s->extent = in_expr(sc, s->extent);
    for (uint32_t i = 0; i < s->nindices; i++)
        s->indices[i] = in_expr(sc, s->indices[i]);
    if (s->kind == TIR_S_STORE && s->nindices) {
        tir_expr **idx = simplify_indices(sc, s->indices, s->nindices);
        for (uint32_t i = 0; i < s->nindices; i++)
            s->indices[i] = idx[i];
    }
    for (uint32_t i = 0; i < s->nseq; i++)
        in_stmt(sc, s->seq[i]);
    uint32_t mark = sc->env.n;
    switch (s->kind) {
    case TIR_S_FOR:
        tir_range_env_push(&sc->env, s->var,
                           tir_range_loop(tir_range_env_of(&sc->env, s->min), tir_range_env_of(&sc->env, s->extent)));
        break;
    case TIR_S_LET: tir_range_env_push(&sc->env, s->var, tir_range_env_of(&sc->env, s->value)); break;
    case TIR_S_IF: tir_range_env_assume(&sc->env, s->cond); break;
    case TIR_S_ATTR:
        if (s->var && s->value && s->attr_key &&
            (strcmp(s->attr_key, "thread_extent") == 0 || strcmp(s->attr_key, "virtual_thread") == 0))
            tir_range_env_push(&sc->env, s->var,
                               tir_range_loop((tir_interval){true, 0, 0}, tir_range_env_of(&sc->env, s->value)));
        break;
    default: break;
    }
    in_stmt(sc, s->body);
    tir_range_env_pop(&sc->env, mark);
    in_stmt(sc, s->else_case);
}

static void simplify_body(tir_pass_ctx *p, tir_func *f, bool divisions_only)
{
    simplify_ctx sc = {p->a, {NULL, 0, 0}, divisions_only};
    in_stmt(&sc, f->body);
    tir_range_env_free(&sc.env);
}

bool tir_pass_simplify_indices(tir_pass_ctx *p, tir_func *f)
{
    simplify_body(p, f, false);
    return true;
}

/* Pass fold-divisions: the same walk, early, with the division rules and the
 * arithmetic identities only, so that flatten, merge-rows, vectorize and strip see a
 * reshape's indices as the plain affine ones they are. */
bool tir_pass_fold_divisions(tir_pass_ctx *p, tir_func *f)
{
    simplify_body(p, f, true);
    return true;
}
