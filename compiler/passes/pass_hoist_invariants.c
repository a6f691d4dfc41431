/* Pass hoist-invariants: the index arithmetic of a loop body that does not
 * change from one iteration to the next, and a vectorized body's broadcast
 * of such a value, are computed once before the loop:
 *     for j in range(64): C[i * 64 + j] = A[i * 64 + j] * Broadcast(s, 8)
 * becomes
 *     inv0 = i * 64; inv1 = Broadcast(s, 8); for j in range(64): C[inv0 + j] = A[inv0 + j] * inv1
 * Taken are integer scalar expressions over variables bound outside the
 * body that cannot trap (a division only by a nonzero constant) and read no
 * memory, so computing one for a loop that runs no iteration changes
 * nothing, and broadcasts of them.  Also a scalar load at such indices, of
 * storage nothing in the loop writes (no store to it, no call but a math
 * builtin), from a loop of constant extent of at least 1 and outside any
 * if or inner loop of its body: every iteration would read that value, so
 * reading it once before the first changes nothing either.  A broadcast of a constant stays: code
 * generation makes a constant vector where one is used as a vector.  Each
 * expression is the largest such one, taken where it first appears;
 * outer loops are done first, so a value invariant in several loops rises
 * past all of them, and what an outer loop computes an inner one does not
 * compute again.  Code generation looks through a let of a broadcast when
 * selecting a fused instruction that takes the scalar (a multiply-add by a
 * scalar).
 *
 * Parallel and thread-binding loops keep their bodies (each iteration is a
 * task; what it computes once it computes in its own frame), and so does a
 * loop of one iteration. */
#include "passes.h"

#include <stdio.h>
#include <stdlib.h>

#include "builtins.h"
#include "fold.h"
#include "oom.h"
#include "tir_visit.h"

/* The expressions one loop hoists, in the order they first appear.
 * loads: where the walk is, a scalar load of storage nothing in the loop
 * writes may be hoisted (its value is the same in every iteration). */
typedef struct {
    const tir_var_list *inner;
    const tir_var_list *written; /* storage the body stores to; NULL: every storage (a call may write) */
    bool loads;
    const tir_expr **e;
    uint32_t n, cap;
} found;

static bool invariant(const found *f, const tir_expr *e)
{
    const tir_var_list *inner = f->inner;
    if (e->kind == TIR_E_BROADCAST && e->a->dtype.lanes == 1)
        return e->a->kind == TIR_E_INT || e->a->kind == TIR_E_FLOAT ||
               (e->a->kind == TIR_E_VAR && !tir_var_list_has(inner, e->a->var)) || invariant(f, e->a);
    /* a scalar load at invariant indices of storage the loop does not
     * write (a channel's bias under a loop over the channel's strips) */
    if (e->kind == TIR_E_LOAD && f->loads && f->written && e->dtype.lanes == 1 && e->buffer->dtype.lanes == 1 &&
        !tir_var_list_has(inner, e->buffer->data) && !tir_var_list_has(f->written, e->buffer->data)) {
        for (uint32_t i = 0; i < e->nargs; i++)
            if (!invariant(f, e->args[i]))
                return false;
        return true;
    }
    if (e->dtype.lanes != 1 || !tir_dt_is_int(e->dtype))
        return false;
    switch (e->kind) {
    case TIR_E_INT: return true;
    case TIR_E_VAR: return !tir_var_list_has(inner, e->var);
    case TIR_E_CAST: return tir_dt_is_int(e->a->dtype) && invariant(f, e->a);
    case TIR_E_ADD: case TIR_E_SUB: case TIR_E_MUL: case TIR_E_MIN: case TIR_E_MAX:
        return invariant(f, e->a) && invariant(f, e->b);
    case TIR_E_DIV: case TIR_E_MOD: case TIR_E_FLOORDIV: case TIR_E_FLOORMOD:
        return e->b->kind == TIR_E_INT && e->b->ival != 0 && invariant(f, e->a);
    default: return false;
    }
}

static void collect(found *f, const tir_expr *e)
{
    if (!e)
        return;
    bool literal_vector = e->kind == TIR_E_BROADCAST && (e->a->kind == TIR_E_INT || e->a->kind == TIR_E_FLOAT);
    if (e->kind != TIR_E_VAR && e->kind != TIR_E_INT && !literal_vector && invariant(f, e)) {
        for (uint32_t i = 0; i < f->n; i++)
            if (tir_expr_equal(f->e[i], e))
                return;
        f->e = tir_xgrow(f->e, &f->cap, f->n + 1, sizeof *f->e);
        f->e[f->n++] = e;
        return;
    }
    collect(f, e->a);
    collect(f, e->b);
    collect(f, e->c);
    for (uint32_t i = 0; i < e->nargs; i++)
        collect(f, e->args[i]);
}

static void collect_stmt(found *f, const tir_stmt *s)
{
    if (!s)
        return;
    /* a load is hoisted only from what every iteration runs: not from under
     * an if or an inner loop (which may run no iteration), where an index
     * the program never reaches could trap before the loop */
    bool loads = f->loads;
    if (s->kind != TIR_S_SEQ && s->kind != TIR_S_LET && s->kind != TIR_S_STORE)
        f->loads = false;
    collect(f, s->value);
    collect(f, s->cond);
    collect(f, s->min);
    collect(f, s->extent);
    for (uint32_t i = 0; i < s->nindices; i++)
        collect(f, s->indices[i]);
    for (uint32_t i = 0; i < s->nseq; i++)
        collect_stmt(f, s->seq[i]);
    collect_stmt(f, s->body);
    collect_stmt(f, s->else_case);
    f->loads = loads;
}

typedef struct {
    tir_var_list *written;
    bool calls;
} writes_ctx;

static bool note_call(const tir_expr *e, void *ctx)
{
    writes_ctx *w = ctx;
    /* a math builtin writes nothing; any other call might */
    if (e->kind == TIR_E_CALL && !(e->op && !e->callee && tir_builtin_find(e->op)))
        w->calls = true;
    return !w->calls;
}

/* The storage s's statements store to; an evaluate (a loop-level
 * instruction writes its X) counts as a call. */
static void note_stores(const tir_stmt *s, writes_ctx *w)
{
    if (!s || w->calls)
        return;
    if (s->kind == TIR_S_STORE && !tir_var_list_has(w->written, s->buffer->data))
        tir_var_list_add(w->written, s->buffer->data);
    if (s->kind == TIR_S_EVALUATE)
        w->calls = true;
    for (uint32_t i = 0; i < s->nseq; i++)
        note_stores(s->seq[i], w);
    note_stores(s->body, w);
    note_stores(s->else_case, w);
}

/* e with every subexpression equal to one of from[0..n) replaced by the
 * matching to[]; rebuilt where it changes (nodes may be shared with code
 * outside the loop, which must keep them). */
typedef struct {
    const tir_expr **from;
    tir_expr **to;
    uint32_t n;
    tir_arena *a;
} replacement;

static tir_expr *replace(const replacement *r, tir_expr *e)
{
    if (!e)
        return NULL;
    for (uint32_t i = 0; i < r->n; i++)
        if (tir_expr_equal(r->from[i], e))
            return r->to[i];
    tir_expr *a = replace(r, e->a), *b = replace(r, e->b), *c = replace(r, e->c);
    tir_expr **args = e->args;
    for (uint32_t i = 0; i < e->nargs; i++) {
        tir_expr *x = replace(r, e->args[i]);
        if (x != e->args[i] && args == e->args) {
            args = tir_arena_alloc(r->a, e->nargs * sizeof *args);
            for (uint32_t k = 0; k < e->nargs; k++)
                args[k] = e->args[k];
        }
        args[i] = x;
    }
    if (a == e->a && b == e->b && c == e->c && args == e->args)
        return e;
    tir_expr *n = tir_arena_alloc(r->a, sizeof *n);
    *n = *e;
    n->a = a;
    n->b = b;
    n->c = c;
    n->args = args;
    return n;
}

static void replace_stmt(const replacement *r, tir_stmt *s)
{
    if (!s)
        return;
    s->value = replace(r, s->value);
    s->cond = replace(r, s->cond);
    s->min = replace(r, s->min);
    s->extent = replace(r, s->extent);
    for (uint32_t i = 0; i < s->nindices; i++)
        s->indices[i] = replace(r, s->indices[i]);
    for (uint32_t i = 0; i < s->nseq; i++)
        replace_stmt(r, s->seq[i]);
    replace_stmt(r, s->body);
    replace_stmt(r, s->else_case);
}

static bool one_iteration(const tir_stmt *s) { return s->extent->kind == TIR_E_INT && s->extent->ival == 1; }

typedef struct {
    tir_arena *a;
    uint32_t nlets; /* names the lets inv0, inv1, ... in the function */
} hoist_ctx;

static tir_stmt *hoist(hoist_ctx *h, tir_stmt *s);

static void hoist_children(hoist_ctx *h, tir_stmt *s)
{
    for (uint32_t i = 0; i < s->nseq; i++)
        s->seq[i] = hoist(h, s->seq[i]);
    s->body = hoist(h, s->body);
    s->else_case = hoist(h, s->else_case);
}

/* s, with the invariants of each serial loop in it computed before it. */
static tir_stmt *hoist(hoist_ctx *h, tir_stmt *s)
{
    if (!s)
        return NULL;
    if (s->kind != TIR_S_FOR || s->for_kind == TIR_FOR_PARALLEL || s->for_kind == TIR_FOR_THREAD_BINDING ||
        one_iteration(s)) {
        hoist_children(h, s);
        return s;
    }
    tir_var_list inner = {NULL, 0, 0};
    tir_var_list_add(&inner, s->var);
    tir_vars_bound_inside(s->body, &inner);
    /* loads only from a loop that runs: its extent a constant of at least 1 */
    tir_var_list written = {NULL, 0, 0};
    writes_ctx w = {&written, false};
    note_stores(s->body, &w);
    if (!w.calls)
        tir_walk_stmt_exprs(s->body, note_call, &w);
    found f = {&inner, w.calls ? NULL : &written, s->extent->kind == TIR_E_INT && s->extent->ival >= 1, NULL, 0, 0};
    collect_stmt(&f, s->body);
    free(inner.vars);
    free(written.vars);
    replacement r = {f.e, tir_arena_alloc(h->a, (f.n ? f.n : 1) * sizeof *r.to), 0, h->a};
    tir_stmt *top = s, **hole = &top;
    for (uint32_t i = 0; i < f.n; i++) {
        char name[32];
        snprintf(name, sizeof name, "inv%u", h->nlets++);
        tir_var *v = tir_var_new(h->a, tir_arena_strdup(h->a, name), f.e[i]->dtype, f.e[i]->loc);
        tir_stmt *let = tir_stmt_new(h->a, TIR_S_LET, s->loc);
        let->var = v;
        /* an expression containing an earlier one uses that one's variable */
        let->value = replace(&r, (tir_expr *)f.e[i]);
        r.to[i] = tir_var_ref(h->a, v, f.e[i]->loc);
        r.n = i + 1;
        *hole = let;
        hole = &let->body;
    }
    *hole = s;
    replace_stmt(&r, s->body);
    free(f.e);
    s->body = hoist(h, s->body);
    return top;
}

bool tir_pass_hoist_invariants(tir_pass_ctx *p, tir_func *f)
{
    hoist_ctx h = {p->a, 0};
    f->body = hoist(&h, f->body);
    return true;
}
