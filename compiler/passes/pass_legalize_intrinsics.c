/* Pass legalize-intrinsics: the intrinsics that have no instruction become
 * the TIR that computes them, as TVM's target legalization does
 * (src/target/intrin_rule.cc).  Both front ends build the call as the
 * program wrote it, so a program reads the same from TVMScript and from
 * TVM's JSON; the checker has already checked the arguments' types.
 *
 *   T.q_multiply_shift(x, y, q, s)   x * y / 2^q * 2^s, rounded half up, in
 *                                    int32 (TVM's fixed-point multiply)
 *   T.q_multiply_shift_per_axis(x, y, ls, rs, q, lshift, rshift)
 *                                    the same with the shift split in two */
#include "passes.h"

#include "tir_visit.h"

static tir_expr *shift(tir_arena *a, const char *op, tir_expr *x, tir_expr *n, tir_loc loc)
{
    tir_expr *args[2] = {x, n};
    return tir_call(a, x->dtype, op, args, 2, loc);
}

/* x * y / 2^q with round-half-up: shift x left by ls when lshift holds,
 * multiply in int64, add 2^(rs + q - 1), shift right by rs + q, and cast
 * back to int32. */
static tir_expr *q_multiply(tir_arena *a, tir_expr *x, tir_expr *y, tir_expr *q, tir_expr *ls, tir_expr *rs,
                            tir_expr *lshift, tir_loc loc)
{
    tir_dtype i64 = TIR_DT_I64, i32 = TIR_DT_I32;
    tir_expr *x64 = tir_cast(a, i64, x, loc), *y64 = tir_cast(a, i64, y, loc);
    x64 = tir_select(a, lshift, shift(a, "tir.shift_left", x64, tir_cast(a, i64, ls, loc), loc), x64, loc);
    tir_expr *prod = tir_binary(a, TIR_E_MUL, x64, y64, loc);
    tir_expr *total = tir_cast(a, i64, tir_binary(a, TIR_E_ADD, rs, q, loc), loc);
    tir_expr *round = shift(a, "tir.shift_left", tir_int(a, i64, 1, loc),
                            tir_binary(a, TIR_E_SUB, total, tir_int(a, i64, 1, loc), loc), loc);
    tir_expr *sum = tir_binary(a, TIR_E_ADD, prod, round, loc);
    return tir_cast(a, i32, shift(a, "tir.shift_right", sum, total, loc), loc);
}

static tir_expr *q_multiply_shift(tir_arena *a, tir_expr **arg, tir_loc loc)
{
    tir_expr *x = arg[0], *y = arg[1], *q = arg[2], *s = arg[3];
    if (y->kind == TIR_E_INT && y->ival == (1 << 30) && s->kind == TIR_E_INT) {
        /* y = 0.5: a shift by s - 1, rounded when it goes right */
        int64_t e = s->ival - 1;
        if (e > 0)
            return shift(a, "tir.shift_left", x, tir_int(a, TIR_DT_I32, e, loc), loc);
        tir_expr *round = tir_int(a, TIR_DT_I32, e == 0 ? 0 : (int64_t)1 << (-e - 1), loc);
        return shift(a, "tir.shift_right", tir_binary(a, TIR_E_ADD, x, round, loc), tir_int(a, TIR_DT_I32, -e, loc),
                     loc);
    }
    tir_expr *zero = tir_int(a, TIR_DT_I32, 0, loc);
    tir_expr *pos = tir_binary(a, TIR_E_GT, s, zero, loc);
    pos->dtype = TIR_DT_BOOL;
    tir_expr *ls = tir_select(a, pos, s, zero, loc);
    tir_expr *rs = tir_select(a, pos, zero, tir_binary(a, TIR_E_SUB, zero, s, loc), loc);
    tir_expr *lshift = tir_binary(a, TIR_E_NE, ls, zero, loc);
    lshift->dtype = TIR_DT_BOOL;
    return q_multiply(a, x, y, q, ls, rs, lshift, loc);
}

static tir_expr *legalize(tir_rewriter *r, tir_expr *e)
{
    if (tir_is_call_of(e, TIR_I_Q_MULTIPLY_SHIFT) && e->nargs == 4)
        return q_multiply_shift(r->ctx, e->args, e->loc);
    /* (x, y, ls, rs, q, lshift, rshift): rshift is implied by rs */
    if (tir_is_call_of(e, TIR_I_Q_MULTIPLY_SHIFT_PER_AXIS) && e->nargs == 7)
        return q_multiply(r->ctx, e->args[0], e->args[1], e->args[4], e->args[2], e->args[3], e->args[5], e->loc);
    return e;
}

bool tir_pass_legalize_intrinsics(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.expr = legalize, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
