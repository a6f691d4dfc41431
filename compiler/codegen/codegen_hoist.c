/* Codegen: loop-invariant expressions computed once before the loops that
 * use them. */
#include "codegen_internal.h"

/* ---- loop-invariant hoisting ------------------------------------------------ */
/* Pure integer index arithmetic over variables fixed during the loop: it
 * cannot trap (division only by a nonzero constant) and does not read memory. */
static bool invariant(const tir_expr *e, const tir_var_list *inner)
{
    /* a broadcast of a constant or of a variable fixed during the loop (a
     * vectorized body's scalar operand): one vbcast before the loop */
    if (e->kind == TIR_E_BROADCAST && e->a->dtype.lanes == 1)
        return e->a->kind == TIR_E_INT || e->a->kind == TIR_E_FLOAT ||
               (e->a->kind == TIR_E_VAR && !tir_var_list_has(inner, e->a->var)) || invariant(e->a, inner);
    if (e->dtype.lanes != 1 || !tir_dt_is_int(e->dtype))
        return false;
    switch (e->kind) {
    case TIR_E_INT: return true;
    case TIR_E_VAR: return !tir_var_list_has(inner, e->var);
    case TIR_E_CAST: return tir_dt_is_int(e->a->dtype) && invariant(e->a, inner);
    case TIR_E_ADD: case TIR_E_SUB: case TIR_E_MUL: case TIR_E_MIN: case TIR_E_MAX:
        return invariant(e->a, inner) && invariant(e->b, inner);
    case TIR_E_DIV: case TIR_E_MOD: case TIR_E_FLOORDIV: case TIR_E_FLOORMOD:
        return e->b->kind == TIR_E_INT && e->b->ival != 0 && invariant(e->a, inner);
    default: return false;
    }
}

static void collect_invariant(cg *c, const tir_expr *e, const tir_var_list *inner)
{
    if (!e)
        return;
    /* a broadcast literal is a constant vector the prologue makes where it
     * is used as a vector (cg_const_vector); a multiply-add takes its scalar */
    bool literal_vector = e->kind == TIR_E_BROADCAST && (e->a->kind == TIR_E_INT || e->a->kind == TIR_E_FLOAT);
    if (e->kind != TIR_E_VAR && e->kind != TIR_E_INT && !literal_vector && invariant(e, inner)) {
        for (uint32_t i = 0; i < c->nhoist; i++)
            if (tir_expr_equal(c->hoist[i].e, e))
                return;
        c->hoist = tir_xgrow(c->hoist, &c->caphoist, c->nhoist + 1, sizeof *c->hoist);
        c->hoist[c->nhoist].e = e;
        c->hoist[c->nhoist].reg = UINT32_MAX; /* computed by cg_hoist_invariants */
        c->nhoist++;
        return;
    }
    collect_invariant(c, e->a, inner);
    collect_invariant(c, e->b, inner);
    collect_invariant(c, e->c, inner);
    for (uint32_t i = 0; i < e->nargs; i++)
        collect_invariant(c, e->args[i], inner);
}

static void collect_in_stmt(cg *c, const tir_stmt *s, const tir_var_list *inner)
{
    if (!s)
        return;
    collect_invariant(c, s->value, inner);
    collect_invariant(c, s->cond, inner);
    collect_invariant(c, s->min, inner);
    collect_invariant(c, s->extent, inner);
    for (uint32_t i = 0; i < s->nindices; i++)
        collect_invariant(c, s->indices[i], inner);
    for (uint32_t i = 0; i < s->nseq; i++)
        collect_in_stmt(c, s->seq[i], inner);
    collect_in_stmt(c, s->body, inner);
    collect_in_stmt(c, s->else_case, inner);
}

/* Computes, before a loop, the index arithmetic of its body that does not
 * change between iterations; cg_gen_expr then reuses the registers.  Returns the
 * hoist table's previous size, to restore after the loop. */
uint32_t cg_hoist_invariants(cg *c, const tir_var *loop_var, const tir_stmt *body)
{
    uint32_t before = c->nhoist;
    tir_var_list inner = {NULL, 0, 0};
    tir_var_list_add(&inner, loop_var);
    tir_vars_bound_inside(body, &inner);
    collect_in_stmt(c, body, &inner);
    free(inner.vars);
    for (uint32_t i = before; i < c->nhoist; i++) {
        /* hide this entry while computing it, so cg_gen_expr does not find itself */
        uint32_t n = c->nhoist;
        c->nhoist = i;
        uint32_t r = cg_gen_expr(c, c->hoist[i].e);
        c->nhoist = n;
        c->hoist[i].reg = r;
    }
    return before;
}
