/* Codegen: the loop-level instructions (rsum/rmax/rmin, mac, maci, mac2, mac2s, mac3,
 * rsum2/rmax2/rmin2, copyr)
 * for the statements pass loop-instructions makes of reduction loops
 * (pass_loop_instructions.c says which loops and why they qualify).  Each
 * access argument is the loop's access at its first iteration; the
 * instruction reads its storage from there on, a stride per step. */
#include "codegen_internal.h"

/* An access argument: its storage and the register of its flat offset (the
 * last index of a vector access is a Ramp; its base is the offset). */
static bool access_start(cg *c, const tir_expr *load, int *storage, uint32_t *offset)
{
    const tir_buffer *b = load->buffer;
    *storage = cg_storage_of(c, b);
    if (*storage < 0) {
        ERR(c, load->loc, "internal error: a loop-level instruction's buffer '%s' has no storage of its type", b->name);
        return false;
    }
    tir_expr **idx = load->args;
    if (load->dtype.lanes > 1) {
        idx = tir_arena_alloc(c->a, load->nargs * sizeof *idx);
        memcpy(idx, load->args, load->nargs * sizeof *idx);
        idx[load->nargs - 1] = idx[load->nargs - 1]->a;
    }
    *offset = cg_gen_flat_index(c, b, idx, load->nargs, (uint32_t)*storage, load->loc);
    return true;
}

static uint32_t i64_arg(cg *c, const tir_expr *e) { return cg_const_int(c, TIR_VT_I64, e->ival); }

/* tirvm.reduce_add|max|min(X, Y, y_stride, extent): the accumulator in its
 * register (a buffer kept in registers) or loaded, reduced, stored back. */
static void gen_reduce(cg *c, const tir_expr *call)
{
    const tir_expr *x = call->args[0], *y = call->args[1];
    tir_vtype vt = cg_vt_of(c, x->dtype, x->loc);
    const struct promoted *px = cg_find_promoted(c, x->buffer->data);
    uint32_t accr = px ? cg_promoted_reg(c, px, x->buffer, x->args, x->nargs, x->loc) : cg_gen_load(c, x);
    int yb;
    uint32_t yr;
    if (!access_start(c, y, &yb, &yr))
        return;
    bool f32 = vt == TIR_VT_F32;
    tirbc_opcode op = call->intrin == TIR_I_TIRVM_REDUCE_ADD   ? (f32 ? TIRBC_OP_RSUM_F32 : TIRBC_OP_RSUM_F64)
                      : call->intrin == TIR_I_TIRVM_REDUCE_MAX ? (f32 ? TIRBC_OP_RMAX_F32 : TIRBC_OP_RMAX_F64)
                                                 : (f32 ? TIRBC_OP_RMIN_F32 : TIRBC_OP_RMIN_F64);
    EMIT5(c, op, accr, (uint32_t)yb, yr, i64_arg(c, call->args[2]), i64_arg(c, call->args[3]));
    if (px)
        return;
    int xb = cg_storage_of(c, x->buffer);
    flat_index f = cg_gen_flat(c, x->buffer, x->args, x->nargs, (uint32_t)xb, x->loc);
    if (f.mad)
        EMIT5(c, cg_typed(c, TIRBC_OP_STX_BOOL, vt, x->loc), (uint32_t)xb, f.a, f.s, f.b, accr);
    else
        EMIT3(c, cg_typed(c, TIRBC_OP_ST_BOOL, vt, x->loc), (uint32_t)xb, f.reg, accr);
}

/* tirvm.mac(X, Y, Z, y_stride, z_stride, extent[, init, cond]): X += Y * Z,
 * an integer product widening Y and Z from their own kind (maci);
 * tirvm.mac2(X, Y, Z, ysa, ysb, zsa, zsb, ea, eb[, init, cond]) over a
 * window; tirvm.mac2s(.., ea, eb, z_lane_stride[, init, cond]), the same
 * with Z's lanes that many elements apart; tirvm.mac3(X, Y, Z, ysc, ysa,
 * ysb, zsc, zsa, zsb, ec, ea, eb, z_lane_stride[, init, cond]) with a
 * third, outer loop; tirvm.mact(X, Y, Z, the same ten, xsr, ysr, zsr, er),
 * mac3 over er rows, X's xsr, Y's ysr and Z's zsr elements apart (no init;
 * an 18th argument 1: mactz, the rows set to +0.0 first).  With
 * init, X = init first where cond holds. */
static void gen_mac(cg *c, const tir_expr *call, uint32_t nloops, bool strided)
{
    const tir_expr *x = call->args[0], *y = call->args[1], *z = call->args[2];
    tir_vtype vt = cg_elem_vt(c, x->buffer->dtype, x->loc);
    int xb, yb, zb;
    uint32_t xr, yr, zr;
    if (!access_start(c, x, &xb, &xr))
        return;
    uint32_t lanes = x->dtype.lanes, nfixed = nloops >= 3 ? 13 : strided ? 10 : nloops == 2 ? 9 : 6;
    if (call->nargs == nfixed + 2) {
        /* the reduction's init, stored at X's offset when its condition holds */
        false_jumps skip = {.n = 0};
        const tir_expr *cond = call->args[nfixed + 1], *init = call->args[nfixed];
        bool always = cond->kind == TIR_E_INT && cond->ival == 1;
        if (!always)
            cg_gen_branch_if_false(c, cond, &skip);
        uint32_t v = cg_gen_expr(c, init);
        if (init->dtype.lanes > 1)
            EMIT5(c, cg_typed(c, TIRBC_OP_VST_BOOL, vt, x->loc), (uint32_t)xb, xr, cg_const_int(c, TIR_VT_I64, 1), v,
                  init->dtype.lanes);
        else
            EMIT3(c, cg_typed(c, TIRBC_OP_ST_BOOL, vt, x->loc), (uint32_t)xb, xr, v);
        if (!always)
            cg_patch_false_jumps(c, &skip, c->ncode);
    }
    if (!access_start(c, y, &yb, &yr) || !access_start(c, z, &zb, &zr))
        return;
    if (strided) {
        cg_emit(c, vt == TIR_VT_F32 ? TIRBC_OP_MAC2S_F32 : TIRBC_OP_MAC2S_F64, 14, (uint32_t)xb, xr, (uint32_t)yb, yr,
                i64_arg(c, call->args[3]), i64_arg(c, call->args[4]), (uint32_t)zb, zr, i64_arg(c, call->args[5]),
                i64_arg(c, call->args[6]), i64_arg(c, call->args[7]), i64_arg(c, call->args[8]),
                i64_arg(c, call->args[9]), lanes);
    } else if (nloops == 4) { /* mact, or mactz with an 18th argument */
        cg_emit(c, call->nargs == 18 ? TIRBC_OP_MACTZ_F32 : TIRBC_OP_MACT_F32, 21, (uint32_t)xb, xr, (uint32_t)yb, yr, i64_arg(c, call->args[3]),
                i64_arg(c, call->args[4]), i64_arg(c, call->args[5]), (uint32_t)zb, zr, i64_arg(c, call->args[6]),
                i64_arg(c, call->args[7]), i64_arg(c, call->args[8]), i64_arg(c, call->args[9]),
                i64_arg(c, call->args[10]), i64_arg(c, call->args[11]), i64_arg(c, call->args[12]),
                i64_arg(c, call->args[13]), i64_arg(c, call->args[14]), i64_arg(c, call->args[15]),
                i64_arg(c, call->args[16]), lanes);
    } else if (nloops == 3) {
        cg_emit(c, vt == TIR_VT_F32 ? TIRBC_OP_MAC3_F32 : TIRBC_OP_MAC3_F64, 17, (uint32_t)xb, xr, (uint32_t)yb, yr,
                i64_arg(c, call->args[3]), i64_arg(c, call->args[4]), i64_arg(c, call->args[5]), (uint32_t)zb, zr,
                i64_arg(c, call->args[6]), i64_arg(c, call->args[7]), i64_arg(c, call->args[8]),
                i64_arg(c, call->args[9]), i64_arg(c, call->args[10]), i64_arg(c, call->args[11]),
                i64_arg(c, call->args[12]), lanes);
    } else if (nloops == 2) {
        cg_emit(c, vt == TIR_VT_F32 ? TIRBC_OP_MAC2_F32 : TIRBC_OP_MAC2_F64, 13, (uint32_t)xb, xr, (uint32_t)yb, yr,
                i64_arg(c, call->args[3]), i64_arg(c, call->args[4]), (uint32_t)zb, zr, i64_arg(c, call->args[5]),
                i64_arg(c, call->args[6]), i64_arg(c, call->args[7]), i64_arg(c, call->args[8]), lanes);
    } else if (tir_dt_is_int(x->dtype)) {
        cg_emit(c, cg_typed(c, TIRBC_OP_MACI_I32, vt, x->loc), 11, (uint32_t)xb, xr, (uint32_t)yb, yr,
                i64_arg(c, call->args[3]), (uint32_t)zb, zr, i64_arg(c, call->args[4]), i64_arg(c, call->args[5]), lanes,
                (uint32_t)tir_dtype_vtype(y->dtype));
    } else {
        cg_emit(c, cg_typed(c, TIRBC_OP_MAC_F32, vt, x->loc), 10, (uint32_t)xb, xr, (uint32_t)yb, yr,
                i64_arg(c, call->args[3]), (uint32_t)zb, zr, i64_arg(c, call->args[4]), i64_arg(c, call->args[5]), lanes);
    }
}

/* tirvm.window_add|max|min(X, Z, za, zb, ea, eb, lane_stride): X's row of
 * lanes in memory combined with Z's over the window. */
static void gen_window(cg *c, const tir_expr *call)
{
    const tir_expr *x = call->args[0], *z = call->args[1];
    tir_vtype vt = cg_elem_vt(c, x->buffer->dtype, x->loc);
    int xb, zb;
    uint32_t xr, zr;
    if (!access_start(c, x, &xb, &xr) || !access_start(c, z, &zb, &zr))
        return;
    bool f32 = vt == TIR_VT_F32;
    tirbc_opcode op = call->intrin == TIR_I_TIRVM_WINDOW_ADD   ? (f32 ? TIRBC_OP_RSUM2_F32 : TIRBC_OP_RSUM2_F64)
                      : call->intrin == TIR_I_TIRVM_WINDOW_MAX ? (f32 ? TIRBC_OP_RMAX2_F32 : TIRBC_OP_RMAX2_F64)
                                                 : (f32 ? TIRBC_OP_RMIN2_F32 : TIRBC_OP_RMIN2_F64);
    cg_emit(c, op, 10, (uint32_t)xb, xr, (uint32_t)zb, zr, i64_arg(c, call->args[2]), i64_arg(c, call->args[3]),
            i64_arg(c, call->args[4]), i64_arg(c, call->args[5]), i64_arg(c, call->args[6]), x->dtype.lanes);
}

/* tirvm.copy_rows(X, Z, lane_stride, rows, xr, zr): rows of X's lanes
 * copied from Z's, each row r at r*xr and r*zr past the first. */
static void gen_copy_rows(cg *c, const tir_expr *call)
{
    const tir_expr *x = call->args[0], *z = call->args[1];
    tir_vtype vt = cg_elem_vt(c, x->buffer->dtype, x->loc);
    int xb, zb;
    uint32_t xo, zo;
    if (!access_start(c, x, &xb, &xo) || !access_start(c, z, &zb, &zo))
        return;
    cg_emit(c, cg_typed(c, TIRBC_OP_COPYR_BOOL, vt, x->loc), 9, (uint32_t)xb, xo, (uint32_t)zb, zo,
            i64_arg(c, call->args[2]), i64_arg(c, call->args[4]), i64_arg(c, call->args[5]), i64_arg(c, call->args[3]),
            x->dtype.lanes);
}

bool cg_gen_loop_instruction(cg *c, const tir_expr *call)
{
    if (call->kind != TIR_E_CALL)
        return false;
    tir_intrinsic i = call->intrin;
    if ((i == TIR_I_TIRVM_REDUCE_ADD || i == TIR_I_TIRVM_REDUCE_MAX || i == TIR_I_TIRVM_REDUCE_MIN) && call->nargs == 4)
        gen_reduce(c, call);
    else if (i == TIR_I_TIRVM_MAC && (call->nargs == 6 || call->nargs == 8))
        gen_mac(c, call, 1, false);
    else if (i == TIR_I_TIRVM_MAC2 && (call->nargs == 9 || call->nargs == 11))
        gen_mac(c, call, 2, false);
    else if (i == TIR_I_TIRVM_MAC2S && (call->nargs == 10 || call->nargs == 12))
        gen_mac(c, call, 2, true);
    else if (i == TIR_I_TIRVM_MAC3 && (call->nargs == 13 || call->nargs == 15))
        gen_mac(c, call, 3, false);
    else if (i == TIR_I_TIRVM_MACT && (call->nargs == 17 || (call->nargs == 18 && call->args[17]->kind == TIR_E_INT &&
                                                            call->args[17]->ival == 1)))
        gen_mac(c, call, 4, false);
    else if ((i == TIR_I_TIRVM_WINDOW_ADD || i == TIR_I_TIRVM_WINDOW_MAX || i == TIR_I_TIRVM_WINDOW_MIN) && call->nargs == 7)
        gen_window(c, call);
    else if (i == TIR_I_TIRVM_COPY_ROWS && call->nargs == 6)
        gen_copy_rows(c, call);
    else
        return false;
    return true;
}
