/* Range analysis: the interval of values an integer expression can take,
 * from what is known of its variables.  The middle end's passes keep the
 * facts in a tir_range_env as they walk down the tree (a loop's variable,
 * a let's value, the bounds an `if` puts on a variable in its then
 * branch); codegen keeps them beside its registers.  Both ask the same
 * question of an expression through tir_range_of. */
#ifndef TIR_RANGE_H
#define TIR_RANGE_H

#include "tir_ast.h"

typedef struct {
    bool known;
    int64_t lo, hi; /* inclusive */
} tir_interval;

static inline tir_interval tir_range_unknown(void) { return (tir_interval){false, 0, 0}; }

/* What is known of variable v (false: nothing). */
typedef bool (*tir_range_lookup)(void *ctx, const tir_var *v, tir_interval *out);

/* The values scalar integer e can take, or unknown; computed without
 * overflow and never wider than e's dtype holds. */
tir_interval tir_range_of(const tir_expr *e, tir_range_lookup lookup, void *ctx);

/* The values of `min + i` for i in [0, extent): known when min and extent
 * are single known values and extent > 0. */
tir_interval tir_range_loop(tir_interval min, tir_interval extent);

/* Narrows r by the fact `x KIND k` (KIND one of GE, GT, LT, LE, EQ) about
 * the value r describes; false when the fact says nothing new or cannot
 * hold (then r is unchanged). */
bool tir_range_narrow(tir_interval *r, tir_expr_kind kind, int64_t k);

/* Calls fn for each conjunct `v OP k` (a variable against an integer
 * constant, tir_cmp_var_const) of the scalar condition cond: the bounds
 * cond puts on its variables where it holds. */
typedef void (*tir_range_bound_fn)(void *ctx, const tir_var *v, tir_expr_kind kind, int64_t k);
void tir_range_for_each_bound(const tir_expr *cond, tir_range_bound_fn fn, void *ctx);

/* A scope stack of facts, for a walk down the tree: the innermost fact
 * about a variable wins. */
typedef struct {
    struct tir_range_fact {
        const tir_var *var;
        tir_interval range;
    } *facts;
    uint32_t n, cap;
} tir_range_env;

void tir_range_env_push(tir_range_env *env, const tir_var *v, tir_interval r);
/* Drops the facts pushed since env->n was `mark`. */
static inline void tir_range_env_pop(tir_range_env *env, uint32_t mark) { env->n = mark; }
bool tir_range_env_lookup(void *env, const tir_var *v, tir_interval *out);
static inline tir_interval tir_range_env_of(tir_range_env *env, const tir_expr *e)
{
    return tir_range_of(e, tir_range_env_lookup, env);
}
/* Pushes what the scalar condition cond (an And of terms) says of its
 * variables where it holds: a term `var OP constant` narrows var. */
void tir_range_env_assume(tir_range_env *env, const tir_expr *cond);
void tir_range_env_free(tir_range_env *env);

#endif
