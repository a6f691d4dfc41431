#include "fold.h"

#include <math.h>
#include <string.h>

int64_t tir_wrap_int(tir_dtype dt, int64_t v)
{
    if (dt.bits >= 64)
        return v;
    if (dt.bits == 1)
        return v & 1;
    uint64_t mask = ((uint64_t)1 << dt.bits) - 1;
    uint64_t u = (uint64_t)v & mask;
    if (dt.code == TIR_CODE_INT && (u >> (dt.bits - 1)))
        u |= ~mask; /* sign-extend */
    return (int64_t)u;
}

/* Rounds a double to the precision of a float dtype (float16 and bfloat16
 * constants keep double precision here; the VM rounds them when used). */
static double round_to(tir_dtype dt, double v)
{
    if (dt.code == TIR_CODE_FLOAT && dt.bits == 32)
        return (double)(float)v;
    return v;
}

tir_expr *tir_fold_cast(tir_arena *a, tir_dtype to, tir_expr *x)
{
    if (to.lanes != 1 || x->dtype.lanes != 1)
        return NULL;
    if (x->kind == TIR_E_INT && tir_dt_is_int(to)) {
        int64_t v = x->ival;
        if (tir_dt_is_bool(to))
            v = v != 0;
        return tir_int(a, to, tir_wrap_int(to, v), x->loc);
    }
    if (x->kind == TIR_E_INT && tir_dt_is_float(to)) {
        double v = x->dtype.code == TIR_CODE_UINT && x->dtype.bits == 64 ? (double)(uint64_t)x->ival : (double)x->ival;
        return tir_float(a, to, round_to(to, v), x->loc);
    }
    if (x->kind == TIR_E_FLOAT && tir_dt_is_float(to))
        return tir_float(a, to, round_to(to, x->fval), x->loc);
    return NULL;
}

static bool is_int_const(const tir_expr *e, int64_t v)
{
    return e->kind == TIR_E_INT && e->dtype.lanes == 1 && e->ival == v;
}
static bool is_float_const(const tir_expr *e, double v)
{
    return e->kind == TIR_E_FLOAT && e->dtype.lanes == 1 && e->fval == v;
}
static bool is_zero(const tir_expr *e) { return is_int_const(e, 0) || is_float_const(e, 0.0); }
static bool is_one(const tir_expr *e) { return is_int_const(e, 1) || is_float_const(e, 1.0); }

static int64_t floordiv_i(int64_t x, int64_t y)
{
    if (y == -1)
        return (int64_t)(0 - (uint64_t)x);
    int64_t q = x / y;
    if ((x % y != 0) && ((x < 0) != (y < 0)))
        q--;
    return q;
}

tir_expr *tir_fold_binary(tir_arena *a, tir_expr_kind kind, tir_expr *x, tir_expr *y, tir_loc loc, const char **err)
{
    *err = NULL;
    tir_dtype dt = x->dtype;
    bool is_int = tir_dt_is_int(dt);
    bool div_like = kind == TIR_E_DIV || kind == TIR_E_FLOORDIV || kind == TIR_E_MOD || kind == TIR_E_FLOORMOD;
    if (is_int && div_like && is_int_const(y, 0) && kind != TIR_E_MOD && kind != TIR_E_FLOORMOD) {
        *err = "division by zero in a constant expression";
        return NULL;
    }
    if (dt.lanes != 1)
        return NULL;
    if (x->kind == TIR_E_INT && y->kind == TIR_E_INT && is_int) {
        uint64_t ux = (uint64_t)x->ival, uy = (uint64_t)y->ival;
        int64_t r;
        bool u64 = dt.code == TIR_CODE_UINT && dt.bits == 64;
        switch (kind) {
        case TIR_E_ADD: r = (int64_t)(ux + uy); break;
        case TIR_E_SUB: r = (int64_t)(ux - uy); break;
        case TIR_E_MUL: r = (int64_t)(ux * uy); break;
        case TIR_E_DIV:
            if (u64)
                r = (int64_t)(ux / uy);
            else if (y->ival == -1)
                r = (int64_t)(0 - ux);
            else
                r = x->ival / y->ival;
            break;
        case TIR_E_FLOORDIV: r = u64 ? (int64_t)(ux / uy) : floordiv_i(x->ival, y->ival); break;
        case TIR_E_MOD:
        case TIR_E_FLOORMOD:
            /* TVM folds % only for int32/int64 scalars (6.3). */
            if (dt.code != TIR_CODE_INT || (dt.bits != 32 && dt.bits != 64) || y->ival == 0)
                return NULL;
            if (y->ival == -1)
                r = 0;
            else if (kind == TIR_E_MOD)
                r = x->ival % y->ival;
            else
                r = (int64_t)(ux - (uint64_t)floordiv_i(x->ival, y->ival) * uy);
            break;
        case TIR_E_MIN: r = u64 ? (ux < uy ? x->ival : y->ival) : (x->ival < y->ival ? x->ival : y->ival); break;
        case TIR_E_MAX: r = u64 ? (ux > uy ? x->ival : y->ival) : (x->ival > y->ival ? x->ival : y->ival); break;
        default: return NULL;
        }
        return tir_int(a, dt, tir_wrap_int(dt, r), loc);
    }
    if (x->kind == TIR_E_FLOAT && y->kind == TIR_E_FLOAT) {
        double p = x->fval, q = y->fval, r;
        switch (kind) {
        case TIR_E_ADD: r = p + q; break;
        case TIR_E_SUB: r = p - q; break;
        case TIR_E_MUL: r = p * q; break;
        case TIR_E_DIV:
            if (q == 0.0) {
                *err = "division by zero in a constant expression";
                return NULL;
            }
            r = p / q;
            break;
        case TIR_E_MIN: r = p < q ? p : q; break;
        case TIR_E_MAX: r = p > q ? p : q; break;
        default: return NULL;
        }
        if (dt.bits == 32 && dt.code == TIR_CODE_FLOAT) {
            /* float32 constants fold in single precision */
            float fp = (float)p, fq = (float)q, fr;
            switch (kind) {
            case TIR_E_ADD: fr = fp + fq; break;
            case TIR_E_SUB: fr = fp - fq; break;
            case TIR_E_MUL: fr = fp * fq; break;
            case TIR_E_DIV: fr = fp / fq; break;
            default: fr = (float)r; break;
            }
            r = fr;
        }
        return tir_float(a, dt, r, loc);
    }
    /* Identities with one constant operand. */
    switch (kind) {
    case TIR_E_ADD:
        if (is_zero(y))
            return x;
        if (is_zero(x))
            return y;
        break;
    case TIR_E_SUB:
        if (is_zero(y))
            return x;
        break;
    case TIR_E_MUL:
        if (is_one(y))
            return x;
        if (is_one(x))
            return y;
        /* the zero constant itself, so T.float32(-0.0) * x keeps its sign (as TVM) */
        if (is_zero(y))
            return y;
        if (is_zero(x))
            return x;
        break;
    case TIR_E_DIV:
    case TIR_E_FLOORDIV:
        if (is_one(y))
            return x;
        if (is_zero(x))
            return x;
        break;
    case TIR_E_FLOORMOD:
    case TIR_E_MOD:
        if (dt.code == TIR_CODE_INT && (dt.bits == 32 || dt.bits == 64)) {
            if (is_int_const(x, 0))
                return x;
            if (is_int_const(y, 1))
                return tir_int(a, dt, 0, loc);
        }
        break;
    case TIR_E_MIN:
    case TIR_E_MAX:
        if (x == y)
            return x;
        if (y->kind == TIR_E_FLOAT && isinf(y->fval))
            return ((kind == TIR_E_MIN) == (y->fval > 0)) ? x : y;
        if (x->kind == TIR_E_FLOAT && isinf(x->fval))
            return ((kind == TIR_E_MIN) == (x->fval > 0)) ? y : x;
        break;
    default: break;
    }
    return NULL;
}

tir_expr *tir_fold_neg(tir_arena *a, tir_expr *x)
{
    return tir_int(a, x->dtype, tir_wrap_int(x->dtype, (int64_t)(0 - (uint64_t)x->ival)), x->loc);
}

bool tir_expr_equal(const tir_expr *x, const tir_expr *y)
{
    if (x == y)
        return true;
    if (!x || !y || x->kind != y->kind || !tir_dt_eq(x->dtype, y->dtype))
        return false;
    switch (x->kind) {
    case TIR_E_VAR: return x->var == y->var;
    case TIR_E_INT: return x->ival == y->ival;
    case TIR_E_FLOAT: return x->fval == y->fval || (isnan(x->fval) && isnan(y->fval));
    case TIR_E_STR: return x->str && y->str && strcmp(x->str, y->str) == 0;
    default: break;
    }
    if (x->lanes != y->lanes || x->buffer != y->buffer || x->nargs != y->nargs || x->nargs2 != y->nargs2 ||
        x->var != y->var || (x->op != y->op && (!x->op || !y->op || strcmp(x->op, y->op) != 0)) ||
        (x->callee != y->callee && (!x->callee || !y->callee || strcmp(x->callee, y->callee) != 0)))
        return false;
    if ((x->a || y->a) && !tir_expr_equal(x->a, y->a))
        return false;
    if ((x->b || y->b) && !tir_expr_equal(x->b, y->b))
        return false;
    if ((x->c || y->c) && !tir_expr_equal(x->c, y->c))
        return false;
    for (uint32_t i = 0; i < x->nargs; i++)
        if (!tir_expr_equal(x->args[i], y->args[i]))
            return false;
    for (uint32_t i = 0; i < x->nargs2; i++)
        if (!tir_expr_equal(x->args2[i], y->args2[i]))
            return false;
    return true;
}

#define LINEAR_MAX_TERMS 32

typedef struct {
    int64_t constant;
    uint32_t n;
    const tir_expr *atom[LINEAR_MAX_TERMS];
    int64_t coef[LINEAR_MAX_TERMS];
} linear_form;

/* Adds coef * e to the form; false if it does not fit. */
static bool linear_add(linear_form *f, const tir_expr *e, int64_t coef, int depth)
{
    if (depth > 64)
        return false;
    int64_t k;
    switch (e->kind) {
    case TIR_E_INT:
        return !__builtin_mul_overflow(coef, e->ival, &k) && !__builtin_add_overflow(f->constant, k, &f->constant);
    case TIR_E_ADD:
        return linear_add(f, e->a, coef, depth + 1) && linear_add(f, e->b, coef, depth + 1);
    case TIR_E_SUB:
        return linear_add(f, e->a, coef, depth + 1) && coef != INT64_MIN && linear_add(f, e->b, -coef, depth + 1);
    case TIR_E_MUL:
        if (e->b->kind == TIR_E_INT)
            return !__builtin_mul_overflow(coef, e->b->ival, &k) && linear_add(f, e->a, k, depth + 1);
        if (e->a->kind == TIR_E_INT)
            return !__builtin_mul_overflow(coef, e->a->ival, &k) && linear_add(f, e->b, k, depth + 1);
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < f->n; i++)
        if (tir_expr_equal(f->atom[i], e))
            return !__builtin_add_overflow(f->coef[i], coef, &f->coef[i]);
    if (f->n == LINEAR_MAX_TERMS)
        return false;
    f->atom[f->n] = e;
    f->coef[f->n++] = coef;
    return true;
}

bool tir_const_difference(const tir_expr *x, const tir_expr *y, int64_t *out)
{
    linear_form f;
    memset(&f, 0, sizeof f);
    if (!linear_add(&f, x, 1, 0) || !linear_add(&f, y, -1, 0))
        return false;
    for (uint32_t i = 0; i < f.n; i++)
        if (f.coef[i] != 0)
            return false;
    *out = f.constant;
    return true;
}

static bool expr_uses(const tir_expr *e, const tir_var *v)
{
    if (!e)
        return false;
    if (e->kind == TIR_E_VAR)
        return e->var == v;
    if (expr_uses(e->a, v) || expr_uses(e->b, v) || expr_uses(e->c, v))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (expr_uses(e->args[i], v))
            return true;
    for (uint32_t i = 0; i < e->nargs2; i++)
        if (expr_uses(e->args2[i], v))
            return true;
    return false;
}

bool tir_linear_coefficient(const tir_expr *e, const tir_var *v, int64_t *coef)
{
    linear_form f;
    memset(&f, 0, sizeof f);
    if (!linear_add(&f, e, 1, 0))
        return false;
    *coef = 0;
    for (uint32_t i = 0; i < f.n; i++) {
        if (f.atom[i]->kind == TIR_E_VAR && f.atom[i]->var == v)
            *coef = f.coef[i];
        else if (expr_uses(f.atom[i], v))
            return false;
    }
    return true;
}

bool tir_cmp_var_const(const tir_expr *t, const tir_var **var, tir_expr_kind *kind, int64_t *k)
{
    if (!tir_is_cmp(t->kind) || t->a->dtype.lanes != 1)
        return false;
    if (t->a->kind == TIR_E_VAR && t->b->kind == TIR_E_INT) {
        *var = t->a->var;
        *kind = t->kind;
        *k = t->b->ival;
        return true;
    }
    if (t->b->kind != TIR_E_VAR || t->a->kind != TIR_E_INT)
        return false;
    *var = t->b->var;
    *k = t->a->ival;
    switch (t->kind) { /* k OP x is x OP' k */
    case TIR_E_LT: *kind = TIR_E_GT; break;
    case TIR_E_LE: *kind = TIR_E_GE; break;
    case TIR_E_GT: *kind = TIR_E_LT; break;
    case TIR_E_GE: *kind = TIR_E_LE; break;
    default: *kind = t->kind; break;
    }
    return true;
}

tir_expr *tir_drop_var(tir_arena *a, tir_expr *e, const tir_var *v)
{
    if (!expr_uses(e, v))
        return e;
    if (e->kind == TIR_E_VAR)
        return tir_int(a, e->dtype, 0, e->loc);
    tir_expr *x = tir_drop_var(a, e->a, v), *y = tir_drop_var(a, e->b, v);
    bool x0 = x->kind == TIR_E_INT && x->ival == 0, y0 = y->kind == TIR_E_INT && y->ival == 0;
    if (e->kind == TIR_E_MUL && (x0 || y0))
        return tir_int(a, e->dtype, 0, e->loc);
    if (e->kind == TIR_E_ADD && x0)
        return y;
    if ((e->kind == TIR_E_ADD || e->kind == TIR_E_SUB) && y0)
        return x;
    return tir_binary(a, e->kind, x, y, e->loc);
}
