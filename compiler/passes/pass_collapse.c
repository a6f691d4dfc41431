/* Pass collapse: two perfectly nested loops
 *     for o in range(Eo): for i in range(Ei): body
 * where every use of o and i in body is an integer affine expression
 * c*(o*Ei + i) + rest become one loop
 *     for f in range(Eo*Ei): body[c*(o*Ei + i) := c*f]
 * which runs the same iterations in the same order.  A schedule that split
 * a loop (i_0 * 16 + i_1, the inner part T.vectorized) thus becomes one long
 * loop again, which pass strip turns into wide vectors: far fewer
 * instructions per element than one 16-lane pass per outer iteration.
 *
 * Only loops whose body is lets, guards, loops and stores are collapsed
 * (what partition, strip-mining and the loop-level instructions take); the outer loop is serial, the inner serial or vectorized (a
 * vectorized loop means the serial loop, spec Stmt semantics 12.iii).
 * Applied bottom-up, a nest of three or more loops collapses pairwise. */
#include "passes.h"

#include <stdio.h>
#include <string.h>

#include "fold.h"
#include "tir_visit.h"


typedef struct {
    tir_arena *a;
    const tir_var *o, *i;
    tir_var *f;
    int64_t ei;
    bool ok;
} collapser;

static bool affine_shaped(const tir_expr *e)
{
    if (!e || e->dtype.lanes != 1 || !tir_dt_is_int(e->dtype))
        return false;
    switch (e->kind) {
    case TIR_E_VAR: case TIR_E_INT: return true;
    case TIR_E_ADD: case TIR_E_SUB: case TIR_E_MUL: return affine_shaped(e->a) && affine_shaped(e->b);
    default: return false;
    }
}

/* A maximal affine expression that uses o or i, as c*f + rest. */
static tir_expr *collapse_affine(collapser *c, tir_expr *e)
{
    int64_t co, ci, want;
    if (!tir_linear_coefficient(e, c->o, &co) || !tir_linear_coefficient(e, c->i, &ci) ||
        __builtin_mul_overflow(ci, c->ei, &want) || want != co || ci == 0) {
        c->ok = false;
        return e;
    }
    tir_expr *rest = tir_drop_var(c->a, tir_drop_var(c->a, e, c->o), c->i);
    tir_expr *term = tir_var_ref(c->a, c->f, e->loc);
    if (ci != 1)
        term = tir_binary(c->a, TIR_E_MUL, term, tir_int(c->a, e->dtype, ci, e->loc), e->loc);
    if (rest->kind == TIR_E_INT && rest->ival == 0)
        return term;
    return tir_binary(c->a, TIR_E_ADD, term, rest, e->loc);
}

static tir_expr *collapse_expr(collapser *c, tir_expr *e)
{
    if (!e || !c->ok || (!tir_expr_uses_var(e, c->o) && !tir_expr_uses_var(e, c->i)))
        return e;
    if (affine_shaped(e))
        return collapse_affine(c, e);
    if (e->kind == TIR_E_LET) { /* a let expression binding o or i: not ours to rewrite */
        c->ok = false;
        return e;
    }
    tir_expr *n = tir_expr_new(c->a, e->kind, e->dtype, e->loc);
    *n = *e;
    n->a = collapse_expr(c, e->a);
    n->b = collapse_expr(c, e->b);
    n->c = collapse_expr(c, e->c);
    if (e->nargs) {
        n->args = tir_arena_alloc(c->a, e->nargs * sizeof *n->args);
        for (uint32_t k = 0; k < e->nargs; k++)
            n->args[k] = collapse_expr(c, e->args[k]);
    }
    if (e->nargs2) {
        n->args2 = tir_arena_alloc(c->a, e->nargs2 * sizeof *n->args2);
        for (uint32_t k = 0; k < e->nargs2; k++)
            n->args2[k] = collapse_expr(c, e->args2[k]);
    }
    return n;
}

/* The body rebuilt over f: lets, guards, inner loops, then one store or a sequence of stores. */
static tir_stmt *collapse_body(collapser *c, const tir_stmt *s)
{
    tir_stmt *n = tir_stmt_new(c->a, s->kind, s->loc);
    *n = *s;
    switch (s->kind) {
    case TIR_S_LET:
        n->value = collapse_expr(c, s->value);
        n->body = collapse_body(c, s->body);
        return n;
    case TIR_S_SEQ:
        n->seq = tir_arena_alloc(c->a, (s->nseq ? s->nseq : 1) * sizeof *n->seq);
        for (uint32_t k = 0; k < s->nseq; k++)
            n->seq[k] = collapse_body(c, s->seq[k]);
        return n;
    case TIR_S_IF: /* a T.where guard, which partition may take off again */
        n->cond = collapse_expr(c, s->cond);
        n->body = collapse_body(c, s->body);
        if (s->else_case)
            n->else_case = collapse_body(c, s->else_case);
        return n;
    case TIR_S_FOR: /* an inner loop (a vectorized tile under a split reduction) */
        n->min = collapse_expr(c, s->min);
        n->extent = collapse_expr(c, s->extent);
        n->body = collapse_body(c, s->body);
        return n;
    case TIR_S_STORE:
        n->value = collapse_expr(c, s->value);
        n->indices = tir_arena_alloc(c->a, (s->nindices ? s->nindices : 1) * sizeof *n->indices);
        for (uint32_t k = 0; k < s->nindices; k++)
            n->indices[k] = collapse_expr(c, s->indices[k]);
        return n;
    default:
        c->ok = false;
        return n;
    }
}

static bool collapsible_loop(const tir_stmt *s)
{
    return s->kind == TIR_S_FOR && s->min->kind == TIR_E_INT && s->min->ival == 0 && s->extent->kind == TIR_E_INT &&
           s->extent->ival > 0 && tir_dt_is_int(s->var->dtype) && s->var->dtype.lanes == 1;
}

static tir_stmt *collapse_loop(tir_rewriter *r, tir_stmt *s)
{
    /* T.unroll is a hint: the loop means the serial loop */
    if (!collapsible_loop(s) || (s->for_kind != TIR_FOR_SERIAL && s->for_kind != TIR_FOR_UNROLLED))
        return s;
    const tir_stmt *in = s->body;
    if (!collapsible_loop(in) ||
        (in->for_kind != TIR_FOR_SERIAL && in->for_kind != TIR_FOR_VECTORIZED && in->for_kind != TIR_FOR_UNROLLED) ||
        !tir_dt_eq(in->var->dtype, s->var->dtype))
        return s;
    int64_t total;
    if (__builtin_mul_overflow(s->extent->ival, in->extent->ival, &total) || !tir_int_fits(s->var->dtype, total))
        return s;
    /* a vectorized loop stays one vector operation unless the collapsed
     * loop is long enough for codegen's widest strips */
    if (in->for_kind == TIR_FOR_VECTORIZED && total < 2 * TIR_STRIP_LANES_LONG)
        return s;
    collapser c = {r->ctx, s->var, in->var, NULL, in->extent->ival, true};
    /* the loop a split made (i_0, i_1) takes its name again (i); others
     * TVM's name for a fused loop (i_j_fused) */
    const char *on = s->var->name, *inn = in->var->name;
    size_t olen = strlen(on), len = olen + strlen(inn) + 8;
    char *name = tir_arena_alloc(c.a, len);
    if (olen > 2 && strlen(inn) == olen && strncmp(on, inn, olen - 2) == 0 && strcmp(on + olen - 2, "_0") == 0 &&
        strcmp(inn + olen - 2, "_1") == 0)
        snprintf(name, len, "%.*s", (int)(olen - 2), on);
    else
        snprintf(name, len, "%s_%s_fused", on, inn);
    c.f = tir_var_new(c.a, name, in->var->dtype, in->loc);
    tir_stmt *body = collapse_body(&c, in->body);
    if (!c.ok)
        return s;
    tir_stmt *n = tir_stmt_new(c.a, TIR_S_FOR, s->loc);
    n->var = c.f;
    n->min = tir_int(c.a, s->var->dtype, 0, s->loc);
    n->extent = tir_int(c.a, s->var->dtype, total, s->loc);
    n->for_kind = TIR_FOR_SERIAL;
    n->body = body;
    return n;
}

bool tir_pass_collapse(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = collapse_loop, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
