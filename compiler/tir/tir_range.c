/* Range analysis over integer expressions (tir_range.h). */
#include "tir_range.h"

#include <stdlib.h>

#include "fold.h"
#include "oom.h"

static bool mul_ok(int64_t a, int64_t b, int64_t *r) { return !__builtin_mul_overflow(a, b, r); }

/* floor(x / d) for d > 0, without overflow (INT64_MIN included) */
static int64_t floor_div(int64_t x, int64_t d)
{
    int64_t q = x / d;
    return x % d != 0 && x < 0 ? q - 1 : q;
}

tir_interval tir_range_of(const tir_expr *e, tir_range_lookup lookup, void *ctx)
{
    tir_interval r = tir_range_unknown(), x, y;
    if (e->dtype.lanes != 1 || !tir_dt_is_int(e->dtype) || (e->dtype.code == TIR_CODE_UINT && e->dtype.bits == 64))
        return r;
    switch (e->kind) {
    case TIR_E_INT:
        r.known = true;
        r.lo = r.hi = e->ival;
        return r;
    case TIR_E_VAR:
        if (!lookup(ctx, e->var, &r))
            return tir_range_unknown();
        return r;
    case TIR_E_ADD:
    case TIR_E_SUB:
        x = tir_range_of(e->a, lookup, ctx);
        y = tir_range_of(e->b, lookup, ctx);
        if (!x.known || !y.known)
            return r;
        if (e->kind == TIR_E_ADD) {
            if (__builtin_add_overflow(x.lo, y.lo, &r.lo) || __builtin_add_overflow(x.hi, y.hi, &r.hi))
                return tir_range_unknown();
        } else if (__builtin_sub_overflow(x.lo, y.hi, &r.lo) || __builtin_sub_overflow(x.hi, y.lo, &r.hi)) {
            return tir_range_unknown();
        }
        break;
    case TIR_E_MUL: {
        x = tir_range_of(e->a, lookup, ctx);
        y = tir_range_of(e->b, lookup, ctx);
        if (!x.known || !y.known)
            return r;
        int64_t p[4];
        if (!mul_ok(x.lo, y.lo, &p[0]) || !mul_ok(x.lo, y.hi, &p[1]) || !mul_ok(x.hi, y.lo, &p[2]) ||
            !mul_ok(x.hi, y.hi, &p[3]))
            return r;
        r.lo = r.hi = p[0];
        for (int i = 1; i < 4; i++) {
            r.lo = p[i] < r.lo ? p[i] : r.lo;
            r.hi = p[i] > r.hi ? p[i] : r.hi;
        }
        break;
    }
    case TIR_E_FLOORDIV:
    case TIR_E_FLOORMOD:
        x = tir_range_of(e->a, lookup, ctx);
        if (e->b->kind != TIR_E_INT || e->b->ival <= 0 || !x.known)
            return r;
        if (e->kind == TIR_E_FLOORMOD) {
            r.lo = 0;
            r.hi = e->b->ival - 1;
            if (x.lo >= 0 && x.hi < e->b->ival) {
                r.lo = x.lo;
                r.hi = x.hi;
            }
        } else {
            /* floor division is monotonic */
            r.lo = floor_div(x.lo, e->b->ival);
            r.hi = floor_div(x.hi, e->b->ival);
        }
        break;
    case TIR_E_MIN:
    case TIR_E_MAX:
        x = tir_range_of(e->a, lookup, ctx);
        y = tir_range_of(e->b, lookup, ctx);
        if (!x.known || !y.known)
            return r;
        if (e->kind == TIR_E_MIN) {
            r.lo = x.lo < y.lo ? x.lo : y.lo;
            r.hi = x.hi < y.hi ? x.hi : y.hi;
        } else {
            r.lo = x.lo > y.lo ? x.lo : y.lo;
            r.hi = x.hi > y.hi ? x.hi : y.hi;
        }
        break;
    default:
        return r;
    }
    /* The result must also be representable in the expression's dtype, or it wrapped. */
    if (!tir_int_fits(e->dtype, r.lo) || !tir_int_fits(e->dtype, r.hi))
        return tir_range_unknown();
    r.known = true;
    return r;
}

tir_interval tir_range_loop(tir_interval min, tir_interval extent)
{
    tir_interval r = tir_range_unknown();
    if (min.known && extent.known && min.lo == min.hi && extent.lo == extent.hi && extent.lo > 0 &&
        !__builtin_add_overflow(min.lo, extent.lo - 1, &r.hi)) {
        r.known = true;
        r.lo = min.lo;
    }
    return r;
}

bool tir_range_narrow(tir_interval *r, tir_expr_kind kind, int64_t k)
{
    if (!r->known)
        return false;
    tir_interval n = *r;
    switch (kind) {
    case TIR_E_GE: if (k > n.lo) n.lo = k; break;
    case TIR_E_GT: if (k < INT64_MAX && k + 1 > n.lo) n.lo = k + 1; break;
    case TIR_E_LT: if (k > INT64_MIN && k - 1 < n.hi) n.hi = k - 1; break;
    case TIR_E_LE: if (k < n.hi) n.hi = k; break;
    case TIR_E_EQ: if (k >= n.lo && k <= n.hi) n.lo = n.hi = k; break;
    default: return false;
    }
    if (n.lo > n.hi || (n.lo == r->lo && n.hi == r->hi))
        return false; /* never holds (the branch never runs), or nothing new */
    *r = n;
    return true;
}

void tir_range_env_push(tir_range_env *env, const tir_var *v, tir_interval r)
{
    env->facts = tir_xgrow(env->facts, &env->cap, env->n + 1, sizeof *env->facts);
    env->facts[env->n].var = v;
    env->facts[env->n].range = r;
    env->n++;
}

bool tir_range_env_lookup(void *ctx, const tir_var *v, tir_interval *out)
{
    tir_range_env *env = ctx;
    for (uint32_t i = env->n; i-- > 0;)
        if (env->facts[i].var == v) {
            *out = env->facts[i].range;
            return out->known;
        }
    return false;
}

void tir_range_for_each_bound(const tir_expr *cond, tir_range_bound_fn fn, void *ctx)
{
    if (cond->dtype.lanes != 1)
        return;
    if (cond->kind == TIR_E_AND) {
        tir_range_for_each_bound(cond->a, fn, ctx);
        tir_range_for_each_bound(cond->b, fn, ctx);
        return;
    }
    const tir_var *v;
    tir_expr_kind kind;
    int64_t k;
    if (tir_cmp_var_const(cond, &v, &kind, &k))
        fn(ctx, v, kind, k);
}

static void env_narrow(void *ctx, const tir_var *v, tir_expr_kind kind, int64_t k)
{
    tir_range_env *env = ctx;
    tir_interval r;
    if (tir_range_env_lookup(env, v, &r) && tir_range_narrow(&r, kind, k))
        tir_range_env_push(env, v, r);
}

void tir_range_env_assume(tir_range_env *env, const tir_expr *cond) { tir_range_for_each_bound(cond, env_narrow, env); }

void tir_range_env_free(tir_range_env *env)
{
    free(env->facts);
    env->facts = NULL;
    env->n = env->cap = 0;
}
