/* Lowering: removes what the VM does not need to know about.  Block and
 * BlockRealize become lets, a predicate guard, the init guard and
 * allocations (spec Stmt semantics 14-15 with spec-readings 1 and 3). */
#ifndef TIR_LOWER_H
#define TIR_LOWER_H

#include "tir_ast.h"

/* Rewrites every function body in place; reports unsupported constructs. */
bool tir_lower_module(tir_arena *a, tir_diag *d, tir_module *m);

/* The statements of a loop body with its variable v replaced by
 * Ramp(base, 1, lanes) as vector statements, or NULL if the body is not
 * stores of lane-wise expressions (used by codegen to strip-mine loops). */
tir_stmt *tir_vectorize_body(tir_arena *a, tir_diag *d, tir_stmt *body, const tir_var *v, unsigned lanes,
                             tir_expr *base);

/* Is st an accumulation into one element, X = X + T (or max(X, T),
 * min(X, T): X first) over float32 or float64, with T not reading X's
 * storage?  Then *acc is the load of X and *term is T.  A loop of them may
 * compute its terms as a vector and fold them in lane order. */
bool tir_accumulation(const tir_stmt *st, const tir_expr **acc, const tir_expr **term);

#endif
