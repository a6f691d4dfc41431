/* Scoped rewrites (pass_scope.h). */
#include "pass_scope.h"

#include <stdlib.h>
#include <string.h>

#include "fold.h"
#include "oom.h"
#include "register_buffers.h"

bool tir_scope_in_registers(const tir_scoped_rewriter *sr, const tir_var *data)
{
    for (uint32_t i = sr->nin_registers; i-- > 0;)
        if (sr->in_registers[i] == data)
            return true;
    return false;
}

/* A thread region runs its body for var = 0 .. value - 1. */
static bool thread_region(const tir_stmt *s)
{
    return s->kind == TIR_S_ATTR && s->attr_key && s->var && s->value &&
           (strcmp(s->attr_key, "thread_extent") == 0 || strcmp(s->attr_key, "virtual_thread") == 0);
}

/* The facts statement s establishes for its children. */
static void push_facts(tir_scoped_rewriter *sr, const tir_stmt *s)
{
    tir_range_env *env = &sr->env;
    switch (s->kind) {
    case TIR_S_FOR:
        tir_range_env_push(env, s->var, tir_range_loop(tir_range_env_of(env, s->min), tir_range_env_of(env, s->extent)));
        if (s->min->kind == TIR_E_INT && s->min->ival == 0 && !tir_range_env_of(env, s->extent).known) {
            sr->below = tir_xgrow(sr->below, &sr->capbelow, sr->nbelow + 1, sizeof *sr->below);
            sr->below[sr->nbelow++] = (struct tir_scope_below){s->var, s->extent};
        }
        break;
    case TIR_S_LET:
        tir_range_env_push(env, s->var, tir_range_env_of(env, s->value));
        break;
    case TIR_S_ATTR:
        if (thread_region(s))
            tir_range_env_push(env, s->var,
                               tir_dt_eq(s->value->dtype, s->var->dtype)
                                   ? tir_range_loop((tir_interval){true, 0, 0}, tir_range_env_of(env, s->value))
                                   : tir_range_unknown());
        break;
    case TIR_S_ALLOCATE:
        if (tir_alloc_in_registers(s)) {
            sr->in_registers = tir_xgrow(sr->in_registers, &sr->capin_registers, sr->nin_registers + 1,
                                         sizeof *sr->in_registers);
            sr->in_registers[sr->nin_registers++] = s->var;
        }
        break;
    default:
        break;
    }
}

static bool scoped_enter(tir_rewriter *r, tir_stmt *s)
{
    tir_scoped_rewriter *sr = r->ctx;
    sr->marks = tir_xgrow(sr->marks, &sr->capmarks, sr->nmarks + 1, sizeof *sr->marks);
    sr->marks[sr->nmarks++] = (struct tir_scope_mark){sr->env.n, sr->nin_registers, sr->nbelow};
    push_facts(sr, s);
    if (sr->enter && !sr->enter(sr, s))
        return false;
    if (s->kind != TIR_S_IF)
        return true;
    /* the then branch knows the bounds the condition puts on variables */
    uint32_t mark = sr->env.n;
    tir_range_env_assume(&sr->env, s->cond);
    s->body = tir_rewrite_stmt(r, s->body);
    tir_range_env_pop(&sr->env, mark);
    if (s->else_case)
        s->else_case = tir_rewrite_stmt(r, s->else_case);
    return false;
}

static tir_stmt *scoped_leave(tir_rewriter *r, tir_stmt *s)
{
    tir_scoped_rewriter *sr = r->ctx;
    tir_stmt *out = sr->leave ? sr->leave(sr, s) : s;
    struct tir_scope_mark m = sr->marks[--sr->nmarks];
    tir_range_env_pop(&sr->env, m.env);
    sr->nin_registers = m.in_registers;
    sr->nbelow = m.below;
    return out;
}

tir_stmt *tir_scoped_rewrite(tir_scoped_rewriter *sr, tir_stmt *s)
{
    sr->r = (tir_rewriter){.stmt = scoped_leave, .enter = scoped_enter, .ctx = sr};
    s = tir_rewrite_stmt(&sr->r, s);
    tir_range_env_free(&sr->env);
    free(sr->in_registers);
    free(sr->below);
    free(sr->marks);
    sr->in_registers = NULL;
    sr->below = NULL;
    sr->marks = NULL;
    sr->nin_registers = sr->capin_registers = sr->nmarks = sr->capmarks = 0;
    sr->nbelow = sr->capbelow = 0;
    return s;
}

bool tir_scope_index_fits(tir_scoped_rewriter *sr, const tir_expr *ix, const tir_expr *dim, int64_t width)
{
    if (dim->kind == TIR_E_INT) {
        tir_interval r = tir_scope_range(sr, ix);
        return r.known && r.lo >= 0 && width >= 1 && r.hi <= dim->ival - width;
    }
    if (width != 1 || ix->kind != TIR_E_VAR)
        return false;
    /* the innermost loop of that variable decides (an inner one shadows) */
    for (uint32_t i = sr->nbelow; i-- > 0;)
        if (sr->below[i].var == ix->var)
            return tir_expr_equal(sr->below[i].extent, dim);
    return false;
}
