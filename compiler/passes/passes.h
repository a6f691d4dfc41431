/* The middle end's passes (middle.c runs them, in the order of
 * passes.def).  Each takes one function's TIR and leaves TIR with the same
 * meaning in its place; each lives in its own file, pass_<name>.c. */
#ifndef TIR_PASSES_H
#define TIR_PASSES_H

#include "tir_ast.h"
#include "tirvm_ops.h" /* the operations the passes write for codegen */

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

/* Pass strip turns a serial loop of at least 2 x this many iterations
 * into vectors of at least this many lanes (TIR's widest vector; loops of
 * a chunk, TIRBC_MAX_LANES, or more take chunks); collapse uses it to leave
 * short vectorized loops as one vector operation. */
#define TIR_STRIP_LANES_LONG 64

/* Shared by passes vectorize and strip: the statements of a loop
 * body with its variable v replaced by Ramp(base, 1, lanes) as vector
 * statements, or NULL if the body is not stores of lane-wise expressions. */
tir_stmt *tir_vectorize_body(tir_arena *a, tir_stmt *body, const tir_var *v, unsigned lanes, tir_expr *base);
/* The same for a body whose every access the caller proved inside its
 * dimensions: a load whose outer index varies becomes a gather of lanes a
 * constant stride apart over the buffer's flat view (a transpose). */
tir_stmt *tir_vectorize_body_in_bounds(tir_arena *a, tir_stmt *body, const tir_var *v, unsigned lanes, tir_expr *base);

/* Is st an accumulation into one element, X = X + T (or max(X, T),
 * min(X, T): X first) over float32 or float64, with T not reading X's
 * storage?  Then *acc is the load of X and *term is T.  A loop of them may
 * compute its terms as a vector and fold them in lane order. */
bool tir_accumulation(const tir_stmt *st, const tir_expr **acc, const tir_expr **term);

/* Pass parallelize's proof, shared with pass tile-rows: do the iterations
 * of loop s, in the scope sr describes, touch disjoint elements of what
 * they write, read nothing another writes, and never trap, so that they
 * may run in any order or interleaved? */
typedef struct tir_scoped_rewriter tir_scoped_rewriter;
bool tir_loop_independent(tir_scoped_rewriter *sr, const tir_stmt *s);

#endif
