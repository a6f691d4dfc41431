/* The operations of TIR that only tirc's middle end writes, one
 * instruction each for codegen.  A program cannot call them (check.c
 * refuses any call named TIRVM_OP_PREFIX...): they carry facts the passes
 * proved.
 *   tirvm.fold_add|max|min(acc, vector)             a vector folded into acc in lane order
 *   tirvm.reduce_add|max|min(X, Y, stride, count)   a reduction loop (loop-instructions)
 *   tirvm.mac(...), tirvm.mac2(...), tirvm.mac2s(...), tirvm.mac3(...)  multiply-accumulate loops (loop-instructions)
 *   tirvm.mact(...)                                  mac3 over a tile of rows (tile-rows)
 *   tirvm.window_add|max|min(X, Z, za, zb, ea, eb, lane_stride)  a row of lanes reduced over a window
 *   tirvm.copy_rows(X, Z, lane_stride, rows, xr, zr)  a loop of row copies (copy-rows) */
#ifndef TIR_TIRVM_OPS_H
#define TIR_TIRVM_OPS_H

#include "tir_ast.h"

#define TIRVM_OP_PREFIX "tirvm."
#define TIRVM_FOLD TIRVM_OP_PREFIX "fold_"
#define TIRVM_REDUCE TIRVM_OP_PREFIX "reduce_"
#define TIRVM_MAC TIRVM_OP_PREFIX "mac"
#define TIRVM_MAC2 TIRVM_OP_PREFIX "mac2"
#define TIRVM_MAC2S TIRVM_OP_PREFIX "mac2s"
#define TIRVM_MAC3 TIRVM_OP_PREFIX "mac3"
#define TIRVM_MACT TIRVM_OP_PREFIX "mact"
#define TIRVM_WINDOW TIRVM_OP_PREFIX "window_"
#define TIRVM_COPY_ROWS TIRVM_OP_PREFIX "copy_rows"
/* The operation of family TIRVM_FOLD or TIRVM_REDUCE for an accumulation
 * by + (TIR_E_ADD), max or min. */
static inline const char *tirvm_fold_op(tir_expr_kind k)
{
    return k == TIR_E_ADD ? TIRVM_FOLD "add" : k == TIR_E_MAX ? TIRVM_FOLD "max" : TIRVM_FOLD "min";
}
static inline const char *tirvm_window_op(tir_expr_kind k)
{
    return k == TIR_E_ADD ? TIRVM_WINDOW "add" : k == TIR_E_MAX ? TIRVM_WINDOW "max" : TIRVM_WINDOW "min";
}
static inline const char *tirvm_reduce_op(tir_expr_kind k)
{
    return k == TIR_E_ADD ? TIRVM_REDUCE "add" : k == TIR_E_MAX ? TIRVM_REDUCE "max" : TIRVM_REDUCE "min";
}

/* Is e a call of a loop-level instruction (its first argument X the
 * element or row it accumulates into, or copy_rows' first row)? */
static inline bool tir_is_loop_instruction(const tir_expr *e)
{
    if (e->kind != TIR_E_CALL)
        return false;
    switch (e->intrin) {
    case TIR_I_TIRVM_REDUCE_ADD:
    case TIR_I_TIRVM_REDUCE_MAX:
    case TIR_I_TIRVM_REDUCE_MIN:
    case TIR_I_TIRVM_MAC:
    case TIR_I_TIRVM_MAC2:
    case TIR_I_TIRVM_MAC2S:
    case TIR_I_TIRVM_MAC3:
    case TIR_I_TIRVM_MACT:
    case TIR_I_TIRVM_WINDOW_ADD:
    case TIR_I_TIRVM_WINDOW_MAX:
    case TIR_I_TIRVM_WINDOW_MIN:
    case TIR_I_TIRVM_COPY_ROWS:
        return true;
    default:
        return false;
    }
}

/* Does the loop-level instruction `call` read or write its argument `arg`
 * (an access) in memory?  Its instruction takes a buffer and walks it a
 * stride per step, so that buffer needs storage and cannot live in
 * registers; only a reduction's accumulator X may be a register. */
static inline bool tirvm_op_arg_in_memory(const tir_expr *call, uint32_t arg)
{
    if (!tir_is_loop_instruction(call))
        return false;
    bool reduction = call->intrin == TIR_I_TIRVM_REDUCE_ADD || call->intrin == TIR_I_TIRVM_REDUCE_MAX ||
                     call->intrin == TIR_I_TIRVM_REDUCE_MIN;
    return !reduction || arg != 0;
}

#endif
