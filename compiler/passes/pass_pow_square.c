/* Pass pow-square: T.pow(x, 2.0) over float32 or float64 (LegalizeOps'
 * form of x ** 2, and of relax.power(x, 2)) becomes x * x, as LLVM's
 * instcombine and GCC make of pow(x, 2.0).  A multiplication instead of a
 * libm call: a lane-wise product that the vector and fused instructions
 * take, where pow ran element by element.
 *
 * It is exact.  x * x is x² rounded once (IEEE 754 multiplication is
 * correctly rounded), and x² is pow(x, 2)'s exact value, so a correctly
 * rounded pow returns the same bits for every x, NaN, infinities, signed
 * zeros and subnormals included (pow(-0, 2) = +0 = -0 * -0; pow(NaN, 2)
 * is NaN).  Libm's pow is not correctly rounded everywhere: where x² lies
 * halfway between two floats (x = 4097: x² = 2^24 + 2^13 + 1) glibc's
 * powf may round away from the even neighbour (up to 0.82 ulp), so there
 * the product is the correct value, the one TVM's LLVM build computes.
 *
 * x is duplicated, so only an x that can be computed twice with the same
 * value and little cost is taken: variables, constants, loads, casts and
 * arithmetic, without calls (which may have effects) or lets, at most
 * MAX_NODES nodes.  A load read twice reads the same element: nothing is
 * stored between the two reads of one expression. */
#include "passes.h"

#include "tir_visit.h"

#include <string.h>

enum { MAX_NODES = 8 };

static bool is_two(const tir_expr *e)
{
    if (e->kind == TIR_E_BROADCAST)
        e = e->a;
    return e->kind == TIR_E_FLOAT && e->fval == 2.0;
}

typedef struct {
    int nodes;
} dup_count;

static bool duplicable_node(const tir_expr *e, void *ctx)
{
    dup_count *c = ctx;
    if (++c->nodes > MAX_NODES)
        return false;
    switch (e->kind) {
    case TIR_E_CALL: case TIR_E_LET: case TIR_E_SHUFFLE: case TIR_E_STR: return false;
    default: return true;
    }
}

/* A copy of e (no node shared with e: passes rewrite trees in place); e
 * holds only the kinds duplicable_node accepts. */
static tir_expr *copy_expr(tir_arena *a, const tir_expr *e)
{
    if (!e)
        return NULL;
    tir_expr *c = tir_expr_new(a, e->kind, e->dtype, e->loc);
    *c = *e;
    c->a = copy_expr(a, e->a);
    c->b = copy_expr(a, e->b);
    c->c = copy_expr(a, e->c);
    if (e->nargs) {
        c->args = tir_arena_alloc(a, e->nargs * sizeof *c->args);
        for (uint32_t i = 0; i < e->nargs; i++)
            c->args[i] = copy_expr(a, e->args[i]);
    }
    return c;
}

static tir_expr *square(tir_rewriter *r, tir_expr *e)
{
    if (!tir_is_call_of(e, TIR_I_POW) || e->nargs != 2 ||
        e->dtype.code != TIR_CODE_FLOAT || (e->dtype.bits != 32 && e->dtype.bits != 64) || !is_two(e->args[1]) ||
        !tir_dt_eq(e->args[0]->dtype, e->dtype))
        return e;
    dup_count c = {0};
    if (!tir_walk_expr(e->args[0], duplicable_node, &c))
        return e;
    return tir_binary(r->ctx, TIR_E_MUL, e->args[0], copy_expr(r->ctx, e->args[0]), e->loc);
}

bool tir_pass_pow_square(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.expr = square, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
