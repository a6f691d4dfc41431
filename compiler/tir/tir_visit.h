/* One walk over every node kind of the TIR AST: the list of each node's
 * children lives here and nowhere else.  The middle end's passes are built
 * on it (middle.h).
 *
 * A rewrite visits children first, then hands each node to the callback,
 * which returns the node to put in its place (the node itself to keep it).
 * Children are replaced in place: a pass owns the tree it is given. */
#ifndef TIR_VISIT_H
#define TIR_VISIT_H

#include "tir_ast.h"

typedef struct tir_rewriter tir_rewriter;
struct tir_rewriter {
    /* Either may be NULL (keep every node of that sort). */
    tir_expr *(*expr)(tir_rewriter *r, tir_expr *e);
    tir_stmt *(*stmt)(tir_rewriter *r, tir_stmt *s);
    /* Called before a statement's children are visited; returning false
     * skips them (the post-order stmt callback still runs). */
    bool (*enter)(tir_rewriter *r, tir_stmt *s);
    void *ctx;
};

tir_expr *tir_rewrite_expr(tir_rewriter *r, tir_expr *e);
tir_stmt *tir_rewrite_stmt(tir_rewriter *r, tir_stmt *s);

/* A copy of e or s that shares no expression or statement node with the
 * original (variables and buffers are shared), for a pass that puts one
 * body in two places: the passes after it change nodes in place.
 * tir_copy_stmt gives NULL for a tree holding a block (not yet lowered). */
tir_expr *tir_copy_expr(tir_arena *a, const tir_expr *e);
tir_stmt *tir_copy_stmt(tir_arena *a, const tir_stmt *s);

/* Read-only walks: fn is called on every node, parents before children;
 * returning false stops the whole walk, and the walk then returns false. */
typedef bool (*tir_expr_fn)(const tir_expr *e, void *ctx);
bool tir_walk_expr(const tir_expr *e, tir_expr_fn fn, void *ctx);
/* Every expression reachable from s (values, conditions, indices, extents,
 * block regions and bindings), through nested statements. */
bool tir_walk_stmt_exprs(const tir_stmt *s, tir_expr_fn fn, void *ctx);

/* Does e (or any statement under s) refer to variable v? */
bool tir_expr_uses_var(const tir_expr *e, const tir_var *v);
bool tir_stmt_uses_var(const tir_stmt *s, const tir_var *v);
/* Does the layout (shape, strides, elem_offset) of a buffer accessed under
 * s refer to v?  Substitution leaves layouts alone, so a let such a layout
 * refers to must stay. */
bool tir_stmt_layouts_use_var(const tir_stmt *s, const tir_var *v);

/* Can computing e have no effect but its value (integer arithmetic and
 * comparisons without loads or calls, dividing only by nonzero constants)?
 * Such an expression may be computed more often, less often or elsewhere. */
bool tir_expr_harmless(const tir_expr *e);

/* A copy of e with every reference to `from` replaced by `to` (the
 * replacement is shared, not copied); unchanged subtrees are shared. */
tir_expr *tir_substitute_expr(tir_arena *a, tir_expr *e, const tir_var *from, tir_expr *to);
/* The same over a statement tree, rebuilt where it changes. */
tir_stmt *tir_substitute_stmt(tir_arena *a, tir_stmt *s, const tir_var *from, tir_expr *to);

/* A list of variables (a set: callers add each once, or do not mind). */
typedef struct {
    const tir_var **vars;
    uint32_t n, cap;
} tir_var_list;
void tir_var_list_add(tir_var_list *l, const tir_var *v);
bool tir_var_list_has(const tir_var_list *l, const tir_var *v);
/* Adds every variable bound inside s (lets, loops, allocations, thread
 * regions, Let expressions) to l: inside a loop body, these are the ones
 * whose values differ from one iteration to the next. */
void tir_vars_bound_inside(const tir_stmt *s, tir_var_list *l);

/* The statement after lets whose value is a variable or a constant (a
 * lowered block's iter var bindings), with them substituted into it; NULL
 * past 16 such lets.  Passes matching a loop body's shape look through them. */
tir_stmt *tir_under_binding_lets(tir_arena *a, tir_stmt *s);

/* Appends the conjuncts of a scalar And tree e to out; false past max. */
bool tir_and_terms(tir_expr *e, tir_expr **out, uint32_t max, uint32_t *n);

#endif
