/* Pass cse: an arithmetic expression computed more than once in a loop's
 * body, from the loop's variable and variables bound outside the body,
 *     for j in range(4): acc[Ramp(j * 64, 1, 64)] = ...; D[i, Ramp(j * 64, 1, 64)] = ... bias[Ramp(j * 64, 1, 64)]
 * is computed once at the top of the body:
 *     for j in range(4): cse = j * 64; acc[Ramp(cse, 1, 64)] = ...; ...
 * Only expressions that cannot trap and read no memory (tir_expr_harmless)
 * are taken, so computing one where the body may not have computed it
 * changes nothing but time.  Expressions that do not change with the loop
 * are left alone: codegen computes those once before the loop.  The
 * largest repeated expression is taken first, one at a time.
 *
 * Then, in each vector store, a float vector its value computes twice is
 * computed once before it (cse_store below). */
#include "passes.h"

#include <stdio.h>
#include <stdlib.h>

#include "fold.h"
#include "oom.h"
#include "tir_visit.h"

#define CSE_MAX_ROUNDS 16
#define CSE_MAX_CANDIDATES 256

typedef struct {
    const tir_var *loop_var;
    tir_var_list inner;
    struct candidate {
        const tir_expr *e;
        uint32_t count, size;
    } *c;
    uint32_t n, cap;
} scan;

static bool uses_only_outer(const tir_expr *e, void *ctx)
{
    return e->kind != TIR_E_VAR || !tir_var_list_has(ctx, e->var);
}

static bool count_nodes(const tir_expr *e, void *ctx)
{
    (void)e;
    (*(uint32_t *)ctx)++;
    return true;
}

static bool arithmetic(const tir_expr *e)
{
    switch (e->kind) {
    case TIR_E_ADD: case TIR_E_SUB: case TIR_E_MUL: case TIR_E_DIV: case TIR_E_MOD: case TIR_E_FLOORDIV:
    case TIR_E_FLOORMOD: case TIR_E_MIN: case TIR_E_MAX:
        return e->dtype.lanes == 1 && !tir_dt_is_bool(e->dtype);
    default:
        return false;
    }
}

/* v + k, v - k: no cheaper from a let, and codegen folds the constant
 * into a neighbouring one ((v + 1) - 1 is v) where it stays in place */
static bool var_offset(const tir_expr *e)
{
    return (e->kind == TIR_E_ADD || e->kind == TIR_E_SUB) &&
           ((e->a->kind == TIR_E_VAR && e->b->kind == TIR_E_INT) || (e->a->kind == TIR_E_INT && e->b->kind == TIR_E_VAR));
}

static bool note_candidate(const tir_expr *e, void *ctx)
{
    scan *sc = ctx;
    if (!arithmetic(e) || var_offset(e) || !tir_expr_uses_var(e, sc->loop_var) || !tir_expr_harmless(e) ||
        !tir_walk_expr(e, uses_only_outer, &sc->inner))
        return true;
    for (uint32_t i = 0; i < sc->n; i++)
        if (tir_expr_equal(sc->c[i].e, e)) {
            sc->c[i].count++;
            return true;
        }
    if (sc->n == CSE_MAX_CANDIDATES)
        return true;
    sc->c = tir_xgrow(sc->c, &sc->cap, sc->n + 1, sizeof *sc->c);
    uint32_t size = 0;
    tir_walk_expr(e, count_nodes, &size);
    sc->c[sc->n++] = (struct candidate){e, 1, size};
    return true;
}

typedef struct {
    const tir_expr *e;
    tir_expr *ref;
} replace_ctx;

static tir_expr *replace_expr(tir_rewriter *r, tir_expr *e)
{
    replace_ctx *rc = r->ctx;
    return tir_expr_equal(e, rc->e) ? rc->ref : e;
}

typedef struct {
    tir_arena *a;
    uint32_t nlets; /* names the lets cse0, cse1, ... in the function */
} cse_ctx;

/* The largest candidate seen at least twice, or NULL. */
static const tir_expr *most_repeated(const scan *sc)
{
    const struct candidate *best = NULL;
    for (uint32_t i = 0; i < sc->n; i++)
        if (sc->c[i].count >= 2 && (!best || sc->c[i].size > best->size))
            best = &sc->c[i];
    return best ? best->e : NULL;
}

/* let cseN = e in body, e replaced by cseN in body (N counts the
 * function's lets: cse0, cse1, ...), at loc. */
static tir_stmt *let_of(cse_ctx *cc, const tir_expr *e, tir_stmt *body, tir_loc loc)
{
    tir_arena *a = cc->a;
    char name[32];
    snprintf(name, sizeof name, "cse%u", cc->nlets++);
    tir_var *v = tir_var_new(a, tir_arena_strdup(a, name), e->dtype, e->loc);
    replace_ctx rc = {e, tir_var_ref(a, v, e->loc)};
    tir_rewriter rr = {.expr = replace_expr, .ctx = &rc};
    tir_stmt *let = tir_stmt_new(a, TIR_S_LET, loc);
    let->var = v;
    let->value = (tir_expr *)e;
    let->body = tir_rewrite_stmt(&rr, body);
    return let;
}

static tir_stmt *cse_loop(tir_rewriter *r, tir_stmt *s)
{
    if (s->kind != TIR_S_FOR)
        return s;
    cse_ctx *cc = r->ctx;
    for (int round = 0; round < CSE_MAX_ROUNDS; round++) {
        scan sc = {.loop_var = s->var};
        tir_vars_bound_inside(s->body, &sc.inner);
        tir_walk_stmt_exprs(s->body, note_candidate, &sc);
        const tir_expr *e = most_repeated(&sc);
        free(sc.inner.vars);
        free(sc.c);
        if (!e)
            break;
        s->body = let_of(cc, e, s->body, s->loc);
    }
    return s;
}

/* ---- a vector computed twice in one store's value ----
 *     Y[.., Ramp] = (C[.., Ramp] + bias) * max(min(k * (C[.., Ramp] + bias) + h, 1), 0)
 * (a hard-swish after a convolution) becomes
 *     cse = C[.., Ramp] + bias; Y[.., Ramp] = cse * max(min(k * cse + h, 1), 0)
 * Taken: a float vector of arithmetic over loads, broadcasts, ramps,
 * casts, variables and constants (no call, no let, no integer division by
 * anything but a nonzero constant), seen at least twice where the value
 * always evaluates it (not inside if_then_else, select, and, or).  No store
 * runs while a store's value is computed, so both reads give the same
 * elements. */
static bool pure_vector_part(const tir_expr *e, void *ctx)
{
    (void)ctx;
    switch (e->kind) {
    case TIR_E_VAR: case TIR_E_INT: case TIR_E_FLOAT: case TIR_E_LOAD: case TIR_E_RAMP: case TIR_E_BROADCAST:
    case TIR_E_CAST: case TIR_E_ADD: case TIR_E_SUB: case TIR_E_MUL: case TIR_E_MIN: case TIR_E_MAX:
        return true;
    case TIR_E_DIV: case TIR_E_MOD: case TIR_E_FLOORDIV: case TIR_E_FLOORMOD:
        return tir_dt_is_float(e->dtype) || (e->b->kind == TIR_E_INT && e->b->ival != 0);
    default:
        return false;
    }
}

static bool vector_candidate(const tir_expr *e)
{
    switch (e->kind) {
    case TIR_E_ADD: case TIR_E_SUB: case TIR_E_MUL: case TIR_E_DIV: case TIR_E_MIN: case TIR_E_MAX:
        return e->dtype.lanes > 1 && tir_dt_is_float(e->dtype) && tir_walk_expr(e, pure_vector_part, NULL);
    default:
        return false;
    }
}

static void note_vectors(scan *sc, const tir_expr *e)
{
    if (!e)
        return;
    if (e->kind == TIR_E_LET || e->kind == TIR_E_SELECT || e->kind == TIR_E_AND || e->kind == TIR_E_OR ||
        tir_is_call_of(e, TIR_I_IF_THEN_ELSE))
        return; /* evaluated in part, or binding names the statement cannot see */
    if (vector_candidate(e)) {
        uint32_t i = 0;
        while (i < sc->n && !tir_expr_equal(sc->c[i].e, e))
            i++;
        if (i < sc->n) {
            sc->c[i].count++;
            return; /* its parts are counted with its first sighting */
        }
        if (sc->n < CSE_MAX_CANDIDATES) {
            sc->c = tir_xgrow(sc->c, &sc->cap, sc->n + 1, sizeof *sc->c);
            uint32_t size = 0;
            tir_walk_expr(e, count_nodes, &size);
            sc->c[sc->n++] = (struct candidate){e, 1, size};
        }
    }
    note_vectors(sc, e->a);
    note_vectors(sc, e->b);
    note_vectors(sc, e->c);
    for (uint32_t i = 0; i < e->nargs; i++)
        note_vectors(sc, e->args[i]);
}

static tir_stmt *cse_store(tir_rewriter *r, tir_stmt *s)
{
    if (s->kind != TIR_S_STORE || s->value->dtype.lanes < 2)
        return s;
    /* each round binds one vector around the store; the lets nest, the
     * first outermost, as a later one's value may use it */
    tir_stmt *top = s, **at = &top;
    for (int round = 0; round < CSE_MAX_ROUNDS; round++) {
        scan sc = {0};
        note_vectors(&sc, (*at)->value);
        const tir_expr *e = most_repeated(&sc);
        free(sc.c);
        if (!e)
            break;
        *at = let_of(r->ctx, e, *at, s->loc);
        at = &(*at)->body;
    }
    return top;
}

bool tir_pass_cse(tir_pass_ctx *p, tir_func *f)
{
    cse_ctx cc = {p->a, 0};
    tir_rewriter r = {.stmt = cse_loop, .ctx = &cc};
    f->body = tir_rewrite_stmt(&r, f->body);
    tir_rewriter rs = {.stmt = cse_store, .ctx = &cc};
    f->body = tir_rewrite_stmt(&rs, f->body);
    return true;
}
