/* Pass copy-rows: a serial loop whose body copies one row of lanes,
 *     for r in range(m, m + R): X[.., r + 2, Ramp(2, 1, L)] = Z[.., r, Ramp(0, s, L)]
 * (a padding stage's interior rows, a transpose's rows), becomes one
 * loop-level instruction,
 *     tirvm.copy_rows(X[.., m + 2, Ramp(2, 1, L)], Z[.., m, Ramp(0, s, L)], s, R, xr, zr)
 * xr and zr being the flat elements each access moves per row.  The VM
 * then copies row after row, each row's lanes read before any is written,
 * as the loop's vector load and store do: the same elements in the same
 * order, in one dispatch instead of one load, one store and their index
 * arithmetic per row.
 *
 * It holds when every index of both accesses is provably inside its
 * dimension over the whole loop (so no row fails where the loop would
 * have failed differently), both buffers have constant extents and no
 * strides, the same element type, and memory (not registers), and X's
 * lanes are consecutive.  It runs after parallelize, which has decided
 * which loops split across threads: a copy_rows is not proved to write
 * apart from another, so no loop around one is made parallel later. */
#include "passes.h"

#include "buffer_views.h"
#include "fold.h"
#include "module.h"
#include "pass_scope.h"
#include "tirvm_ops.h"

/* Is a vector access's every index inside its dimension here, its Ramp
 * (stride >= 1) with all its lanes? */
static bool row_in_bounds(tir_scoped_rewriter *sr, const tir_buffer *b, tir_expr *const *idx, uint32_t n)
{
    for (uint32_t d = 0; d < n; d++) {
        const tir_expr *ix = idx[d];
        int64_t width = 1;
        if (ix->kind == TIR_E_RAMP) {
            if (d + 1 != n || ix->b->kind != TIR_E_INT || ix->b->ival < 1 ||
                __builtin_mul_overflow(ix->b->ival, (int64_t)ix->lanes - 1, &width) ||
                __builtin_add_overflow(width, 1, &width))
                return false;
            ix = ix->a;
        }
        if (ix->dtype.lanes != 1 || !tir_scope_index_fits(sr, ix, b->shape[d], width))
            return false;
    }
    return true;
}

static tir_expr *i64(tir_arena *a, int64_t v, tir_loc loc) { return tir_int(a, TIR_DT_I64, v, loc); }

/* An index at the loop's first row: v := min, folded (at min 0, v and the
 * arithmetic on it dropped; a Ramp's base so). */
static tir_expr *first_row(tir_arena *a, const tir_expr *ix, const tir_stmt *loop)
{
    if (!tir_expr_uses_var(ix, loop->var))
        return tir_copy_expr(a, ix);
    if (loop->min->ival != 0)
        return tir_copy_expr(a, tir_substitute_expr(a, (tir_expr *)ix, loop->var, loop->min));
    if (ix->kind != TIR_E_RAMP)
        return tir_copy_expr(a, tir_drop_var(a, (tir_expr *)ix, loop->var));
    tir_expr *r = tir_copy_expr(a, ix);
    r->a = tir_copy_expr(a, tir_drop_var(a, ix->a, loop->var));
    return r;
}

static bool enter(tir_scoped_rewriter *sr, tir_stmt *s)
{
    tir_arena *a = sr->ctx;
    if (s->kind != TIR_S_FOR || s->for_kind != TIR_FOR_SERIAL || !tir_dt_is_int(s->var->dtype) ||
        s->min->kind != TIR_E_INT || s->extent->kind != TIR_E_INT || s->extent->ival < 2)
        return true;
    const tir_stmt *st = s->body;
    if (!st || st->kind != TIR_S_STORE || st->value->kind != TIR_E_LOAD)
        return true;
    const tir_expr *z = st->value;
    const tir_buffer *xb = st->buffer, *zb = z->buffer;
    unsigned lanes = st->value->dtype.lanes;
    if (lanes < 2 || lanes > TIRBC_MAX_LANES || !tir_dt_eq(xb->dtype, zb->dtype) || st->nindices != xb->ndim ||
        z->nargs != zb->ndim || !xb->data || !zb->data || tir_scope_in_registers(sr, xb->data) ||
        tir_scope_in_registers(sr, zb->data))
        return true;
    const tir_expr *xl = st->indices[st->nindices - 1], *zl = z->args[z->nargs - 1];
    if (xl->kind != TIR_E_RAMP || xl->b->kind != TIR_E_INT || xl->b->ival != 1 || zl->kind != TIR_E_RAMP ||
        zl->b->kind != TIR_E_INT || zl->b->ival < 1)
        return true;
    int64_t xr, zr;
    if (!tir_flat_coefficient(xb, st->indices, st->nindices, s->var, &xr) ||
        !tir_flat_coefficient(zb, z->args, z->nargs, s->var, &zr) || !row_in_bounds(sr, xb, st->indices, st->nindices) ||
        !row_in_bounds(sr, zb, z->args, z->nargs))
        return true;
    /* the first row's accesses, at r = min */
    tir_expr *x0 = tir_expr_new(a, TIR_E_LOAD, z->dtype, st->loc);
    x0->buffer = (tir_buffer *)xb;
    x0->nargs = st->nindices;
    x0->args = tir_arena_alloc(a, x0->nargs * sizeof *x0->args);
    for (uint32_t d = 0; d < x0->nargs; d++)
        x0->args[d] = first_row(a, st->indices[d], s);
    tir_expr *z0 = tir_copy_expr(a, z);
    for (uint32_t d = 0; d < z0->nargs; d++)
        z0->args[d] = first_row(a, z->args[d], s);
    tir_expr *call = tir_expr_new(a, TIR_E_CALL, TIR_DT_VOID, s->loc);
    tir_call_set_op(call, TIRVM_COPY_ROWS);
    call->nargs = 6;
    call->args = tir_arena_alloc(a, 6 * sizeof *call->args);
    call->args[0] = x0;
    call->args[1] = z0;
    call->args[2] = i64(a, zl->b->ival, s->loc);
    call->args[3] = i64(a, s->extent->ival, s->loc);
    call->args[4] = i64(a, xr, s->loc);
    call->args[5] = i64(a, zr, s->loc);
    tir_stmt *ev = tir_stmt_new(a, TIR_S_EVALUATE, s->loc);
    ev->value = call;
    *s = *ev;
    return false;
}

bool tir_pass_copy_rows(tir_pass_ctx *p, tir_func *f)
{
    tir_scoped_rewriter sr = {.enter = enter, .ctx = p->a};
    f->body = tir_scoped_rewrite(&sr, f->body);
    return true;
}
