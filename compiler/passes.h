/* The middle end's passes (middle.c runs them, in the order of
 * passes.def).  Each takes one function's TIR and leaves TIR with the same
 * meaning in its place; each lives in its own file, pass_<name>.c. */
#ifndef TIR_PASSES_H
#define TIR_PASSES_H

#include "tir_ast.h"

typedef struct {
    tir_arena *a;
    tir_diag *d;
    const tir_module *m;
} tir_pass_ctx;

/* One function per row of passes.def; false stops the compile (after a
 * diagnostic). */
#define TIR_PASS(ID, NAME, SYN) bool tir_pass_##ID(tir_pass_ctx *p, tir_func *f);
#include "passes.def"
#undef TIR_PASS

/* The middle end's own operations, one instruction each for codegen; a
 * program cannot call them (check.c): they carry facts the passes proved.
 *   tirvm.fold_add|max|min(acc, vector)             a vector folded into acc in lane order
 *   tirvm.reduce_add|max|min(X, Y, stride, count)   a reduction loop (loop-instructions)
 *   tirvm.mac(...), tirvm.mac2(...), tirvm.mac2s(...)  multiply-accumulate loops (loop-instructions)
 *   tirvm.window_add|max|min(X, Z, za, zb, ea, eb, lane_stride)  a row of lanes reduced over a window */
#define TIRVM_OP_PREFIX "tirvm."
#define TIRVM_FOLD TIRVM_OP_PREFIX "fold_"
#define TIRVM_REDUCE TIRVM_OP_PREFIX "reduce_"
#define TIRVM_MAC TIRVM_OP_PREFIX "mac"
#define TIRVM_MAC2 TIRVM_OP_PREFIX "mac2"
#define TIRVM_MAC2S TIRVM_OP_PREFIX "mac2s"
#define TIRVM_WINDOW TIRVM_OP_PREFIX "window_"
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

/* Pass strip turns a serial loop of at least 2 x this many iterations
 * into vectors of at least this many lanes (TIR's widest vector; loops of
 * a chunk, TIRBC_MAX_LANES, or more take chunks); collapse uses it to leave
 * short vectorized loops as one vector operation. */
#define TIR_STRIP_LANES_LONG 64

/* Shared by passes vectorize and strip: the statements of a loop
 * body with its variable v replaced by Ramp(base, 1, lanes) as vector
 * statements, or NULL if the body is not stores of lane-wise expressions. */
tir_stmt *tir_vectorize_body(tir_arena *a, tir_stmt *body, const tir_var *v, unsigned lanes, tir_expr *base);

/* Is st an accumulation into one element, X = X + T (or max(X, T),
 * min(X, T): X first) over float32 or float64, with T not reading X's
 * storage?  Then *acc is the load of X and *term is T.  A loop of them may
 * compute its terms as a vector and fold them in lane order. */
bool tir_accumulation(const tir_stmt *st, const tir_expr **acc, const tir_expr **term);

#endif
