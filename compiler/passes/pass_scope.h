/* A rewrite that knows, at every statement, what the statements around it
 * establish: the ranges of the variables in scope (loops, lets, thread
 * regions, and in an `if`'s then branch the bounds its condition puts on
 * variables) and which enclosing allocations live in registers.  Passes
 * that must prove accesses in bounds (strip, loop-instructions) are built
 * on it. */
#ifndef TIR_PASS_SCOPE_H
#define TIR_PASS_SCOPE_H

#include "tir_range.h"
#include "tir_visit.h"

typedef struct tir_scoped_rewriter tir_scoped_rewriter;
struct tir_scoped_rewriter {
    /* The pass's callbacks, either may be NULL.  enter runs before a
     * statement's children are visited, with the statement's own facts
     * known (a loop's variable, a let's); returning false skips them.  It
     * may rewrite *s in place.  leave runs after them and returns the
     * statement to put in s's place. */
    bool (*enter)(tir_scoped_rewriter *sr, tir_stmt *s);
    tir_stmt *(*leave)(tir_scoped_rewriter *sr, tir_stmt *s);
    void *ctx;
    /* what is known here */
    tir_range_env env;
    const tir_var **in_registers; /* storage of enclosing register allocations */
    uint32_t nin_registers, capin_registers;
    /* loops `for v in range(0, E)` whose extent E is not a known constant
     * (a symbolic batch): v < E, which a range cannot say */
    struct tir_scope_below {
        const tir_var *var;
        const tir_expr *extent;
    } *below;
    uint32_t nbelow, capbelow;
    /* internal: per entered statement, the sizes to restore on leaving */
    struct tir_scope_mark {
        uint32_t env, in_registers, below;
    } *marks;
    uint32_t nmarks, capmarks;
    tir_rewriter r;
};

/* Rewrites s (a function body) with sr's callbacks; frees the facts after. */
tir_stmt *tir_scoped_rewrite(tir_scoped_rewriter *sr, tir_stmt *s);

/* Is data the storage of an enclosing allocation that lives in registers? */
bool tir_scope_in_registers(const tir_scoped_rewriter *sr, const tir_var *data);

/* The values e can take here. */
static inline tir_interval tir_scope_range(tir_scoped_rewriter *sr, const tir_expr *e)
{
    return tir_range_env_of(&sr->env, e);
}

/* Is index ix, and the width - 1 elements after it, inside a dimension of
 * extent dim, wherever ix is evaluated here?  A constant dim is compared
 * with ix's range; a symbolic one (a batch n) holds ix when ix is the
 * variable of an enclosing loop over range(0, n), width 1. */
bool tir_scope_index_fits(tir_scoped_rewriter *sr, const tir_expr *ix, const tir_expr *dim, int64_t width);

#endif
