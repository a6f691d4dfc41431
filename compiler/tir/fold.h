/* The constant folding TVM's operator functions apply while a script is
 * parsed (tvmscript.md 6.3).  Folding changes the tree, and the typing rules
 * apply to the tree, so the front end must fold exactly this much. */
#ifndef TIR_FOLD_H
#define TIR_FOLD_H

#include "tir_ast.h"

/* Wraps v to the width of an integer dtype (two's complement). */
int64_t tir_wrap_int(tir_dtype dt, int64_t v);
/* A cast of a constant as a new constant, or NULL if x is not a constant. */
tir_expr *tir_fold_cast(tir_arena *a, tir_dtype to, tir_expr *x);
/* The folded result of x OP y, or NULL if nothing folds.  *err is set for
 * a constant integer division by zero. */
tir_expr *tir_fold_binary(tir_arena *a, tir_expr_kind kind, tir_expr *x, tir_expr *y, tir_loc loc, const char **err);
/* -x for an integer constant (wrapping). */
tir_expr *tir_fold_neg(tir_arena *a, tir_expr *x);

/* Structural equality of two expressions (same nodes, same variables). */
bool tir_expr_equal(const tir_expr *x, const tir_expr *y);
/* If x - y is a constant for every value of its variables (a linear-form
 * check: sums of constant multiples of the same terms), stores it in *out. */
bool tir_const_difference(const tir_expr *x, const tir_expr *y, int64_t *out);

/* A comparison of a variable with an integer constant, `x OP k` or
 * `k OP x`, as `x OP' k` (the operator swapped for the second form):
 * *var, *kind and *k; false for any other expression. */
bool tir_cmp_var_const(const tir_expr *t, const tir_var **var, tir_expr_kind *kind, int64_t *k);
/* If e = c*v + (terms without v) for a constant c, stores c (0 when e does
 * not use v) and returns true. */
bool tir_linear_coefficient(const tir_expr *e, const tir_var *v, int64_t *coef);
/* e with v := 0 and the arithmetic on the zero folded away, for an e in
 * which v occurs only under +, - and * (one that tir_linear_coefficient
 * accepts); subtrees without v are shared. */
tir_expr *tir_drop_var(tir_arena *a, tir_expr *e, const tir_var *v);

#endif
