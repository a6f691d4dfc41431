/* Pass distribute: a reduction loop that updates several accumulators,
 *     for k in range(E):
 *         if k == 0: s[i] = 0; q[i] = 0
 *         a: T.float32 = s[i] + x[i, k]
 *         b: T.float32 = q[i] + x[i, k] * x[i, k]
 *         s[i] = a; q[i] = b
 * (TVM's layer_norm and variance: one block with two outputs) becomes one
 * loop per accumulator,
 *     for k in range(E): if k == 0: s[i] = 0;  s[i] = s[i] + x[i, k]
 *     for k in range(E): if k == 0: q[i] = 0;  q[i] = q[i] + x[i, k] * x[i, k]
 * each of which codegen runs as one loop-level instruction (rsum, mac).
 *
 * The body's statements (lets included, an init guard split into one guard
 * per store) are grouped so that no group writes storage another group
 * reads or writes, and a let goes with the statements that use it; each
 * group keeps its statements' order, and runs every iteration in order.  A
 * group then computes exactly what it computed interleaved with the others,
 * since nothing it reads changes in between.  A let used by a single store
 * right after it is substituted into that store (the accumulation is then
 * visible as s[i] = s[i] + ...).
 *
 * Only serial loops whose body is lets, guarded stores and stores, with at
 * least one accumulation (a store whose value reads the element it writes)
 * and at least two groups, are distributed: elsewhere one pass over the data
 * is better than several. */
#include "passes.h"

#include <stdlib.h>

#include "fold.h"
#include "oom.h"
#include "tir_visit.h"

/* One statement of the flattened body: a let (binding what follows it), a
 * store, or a guard over stores. */
typedef struct {
    tir_stmt *s;
    int group;
} item;

typedef struct {
    item *items;
    uint32_t n, cap;
    tir_arena *a;
    bool ok;
} body_items;

static void push(body_items *b, tir_stmt *s)
{
    b->items = tir_xgrow(b->items, &b->cap, b->n + 1, sizeof *b->items);
    b->items[b->n] = (item){s, (int)b->n};
    b->n++;
}

static bool store_only(const tir_stmt *s)
{
    if (s->kind == TIR_S_STORE)
        return true;
    if (s->kind != TIR_S_SEQ)
        return false;
    for (uint32_t i = 0; i < s->nseq; i++)
        if (s->seq[i]->kind != TIR_S_STORE)
            return false;
    return true;
}

static void flatten_body(body_items *b, tir_stmt *s)
{
    if (!b->ok)
        return;
    switch (s->kind) {
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            flatten_body(b, s->seq[i]);
        return;
    case TIR_S_LET:
        if (s->var->type_kind != TIR_TYPE_PRIM || s->value->dtype.lanes != 1) {
            b->ok = false;
            return;
        }
        push(b, s); /* its body follows as the next items */
        flatten_body(b, s->body);
        return;
    case TIR_S_STORE:
        push(b, s);
        return;
    case TIR_S_IF:
        if (s->else_case || !store_only(s->body) || !tir_expr_harmless(s->cond)) {
            b->ok = false;
            return;
        }
        /* one guard per store, so each can go with its own accumulator */
        if (s->body->kind == TIR_S_SEQ) {
            for (uint32_t i = 0; i < s->body->nseq; i++) {
                tir_stmt *g = tir_stmt_new(b->a, TIR_S_IF, s->loc);
                g->cond = s->cond;
                g->body = s->body->seq[i];
                push(b, g);
            }
        } else {
            push(b, s);
        }
        return;
    default:
        b->ok = false;
    }
}

/* The stores of an item (the item itself, or its guard's). */
static const tir_stmt *item_store(const tir_stmt *s) { return s->kind == TIR_S_IF ? s->body : s; }

typedef struct {
    const tir_var *data;
    bool found;
} reads_ctx;

static bool not_reading(const tir_expr *e, void *ctx)
{
    reads_ctx *r = ctx;
    if (e->kind == TIR_E_LOAD && e->buffer->data == r->data)
        r->found = true;
    return !r->found;
}

/* Does the item read storage `data` (in a value, index or condition)? */
static bool item_reads(const tir_stmt *s, const tir_var *data)
{
    reads_ctx r = {data, false};
    if (s->kind == TIR_S_LET) /* its value only: its body is other items */
        tir_walk_expr(s->value, not_reading, &r);
    else
        tir_walk_stmt_exprs(s, not_reading, &r);
    return r.found;
}

static const tir_var *item_writes(const tir_stmt *s)
{
    return s->kind == TIR_S_LET ? NULL : item_store(s)->buffer->data;
}

/* Must items i and j (i before j) run in one group? */
static bool depends(const tir_stmt *si, const tir_stmt *sj)
{
    if (si->kind == TIR_S_LET) /* a let's value reads storage too: what a later store writes */
        return sj->kind == TIR_S_LET ? tir_expr_uses_var(sj->value, si->var)
                                     : tir_stmt_uses_var(sj, si->var) || item_reads(si, item_writes(sj));
    const tir_var *wi = item_writes(si), *wj = item_writes(sj);
    return wi == wj || item_reads(sj, wi) || (wj && item_reads(si, wj));
}

static int find(item *it, int i)
{
    while (it[i].group != i)
        i = it[i].group = it[it[i].group].group;
    return i;
}

typedef struct {
    const tir_stmt *st;
    bool found;
} element_ctx;

static bool not_the_element(const tir_expr *e, void *ctx)
{
    element_ctx *c = ctx;
    if (e->kind == TIR_E_LOAD && e->buffer->data == c->st->buffer->data && e->nargs == c->st->nindices) {
        bool same = true;
        for (uint32_t d = 0; same && d < e->nargs; d++)
            same = tir_expr_equal(e->args[d], c->st->indices[d]);
        c->found = c->found || same;
    }
    return !c->found;
}

/* Does the store read the very element it writes, the same one every
 * iteration (an accumulation)? */
static bool accumulates(const tir_stmt *st, const tir_var *loop_var)
{
    if (st->kind != TIR_S_STORE)
        return false;
    for (uint32_t d = 0; d < st->nindices; d++)
        if (tir_expr_uses_var(st->indices[d], loop_var))
            return false;
    element_ctx c = {st, false};
    tir_walk_expr(st->value, not_the_element, &c);
    return c.found;
}

/* Rebuilds items [from, n) of one group as nested statements; NULL if
 * there are none, or a let of the group has no statement after it. */
static tir_stmt *rebuild(tir_arena *a, item *it, uint32_t from, uint32_t n, int group, tir_loc loc)
{
    tir_stmt **seq = tir_arena_alloc(a, (n - from + 1) * sizeof *seq);
    uint32_t k = 0;
    for (uint32_t i = from; i < n; i++) {
        if (find(it, (int)i) != group)
            continue;
        tir_stmt *s = it[i].s;
        if (s->kind == TIR_S_LET) {
            tir_stmt *l = tir_stmt_new(a, TIR_S_LET, s->loc);
            *l = *s;
            l->body = rebuild(a, it, i + 1, n, group, s->loc);
            if (!l->body)
                return NULL; /* a let nothing after it uses */
            seq[k++] = l;
            break;
        }
        seq[k++] = s;
    }
    if (k == 0)
        return NULL;
    return k == 1 ? seq[0] : tir_seq(a, seq, k, loc);
}

/* A let used once, by the store right after it (in the group): substituted. */
static tir_stmt *sink_single_use(tir_arena *a, tir_stmt *s)
{
    if (s->kind == TIR_S_SEQ) {
        for (uint32_t i = 0; i < s->nseq; i++)
            s->seq[i] = sink_single_use(a, s->seq[i]);
        return s;
    }
    if (s->kind != TIR_S_LET)
        return s;
    s->body = sink_single_use(a, s->body);
    tir_stmt *b = s->body;
    const tir_stmt *first = b->kind == TIR_S_SEQ ? b->seq[0] : b;
    if (first->kind != TIR_S_STORE || tir_stmt_uses_var(first, s->var) == false)
        return s;
    for (uint32_t i = 0; i < first->nindices; i++)
        if (tir_expr_uses_var(first->indices[i], s->var))
            return s;
    if (b->kind == TIR_S_SEQ)
        for (uint32_t i = 1; i < b->nseq; i++)
            if (tir_stmt_uses_var(b->seq[i], s->var))
                return s;
    if (tir_stmt_layouts_use_var(b, s->var))
        return s;
    return tir_substitute_stmt(a, b, s->var, s->value);
}

static tir_stmt *distribute_loop(tir_rewriter *r, tir_stmt *s)
{
    if (s->kind != TIR_S_FOR || s->for_kind != TIR_FOR_SERIAL)
        return s;
    body_items b = {.a = r->ctx, .ok = true};
    flatten_body(&b, s->body);
    if (!b.ok || b.n < 2) {
        free(b.items);
        return s;
    }
    for (uint32_t j = 0; j < b.n; j++)
        for (uint32_t i = 0; i < j; i++)
            if (depends(b.items[i].s, b.items[j].s)) {
                int gi = find(b.items, (int)i), gj = find(b.items, (int)j);
                if (gi != gj)
                    b.items[gj > gi ? gj : gi].group = gj > gi ? gi : gj;
            }
    tir_stmt *loops[64];
    uint32_t nloops = 0;
    bool acc_found = false;
    for (uint32_t i = 0; i < b.n && nloops < 64; i++) {
        if (find(b.items, (int)i) != (int)i)
            continue;
        tir_stmt *body = rebuild(r->ctx, b.items, i, b.n, (int)i, s->loc);
        if (!body) { /* a group of lets alone: leave the loop whole */
            nloops = 0;
            break;
        }
        body = sink_single_use(r->ctx, body);
        for (uint32_t k = 0; k < (body->kind == TIR_S_SEQ ? body->nseq : 1); k++)
            if (accumulates(body->kind == TIR_S_SEQ ? body->seq[k] : body, s->var))
                acc_found = true;
        tir_stmt *loop = tir_stmt_new(r->ctx, TIR_S_FOR, s->loc);
        *loop = *s;
        if (nloops) { /* each loop binds a variable of its own */
            loop->var = tir_var_new(r->ctx, s->var->name, s->var->dtype, s->var->loc);
            body = tir_substitute_stmt(r->ctx, body, s->var, tir_var_ref(r->ctx, loop->var, s->loc));
        }
        loop->body = body;
        loops[nloops++] = loop;
    }
    free(b.items);
    if (nloops < 2 || nloops == 64 || !acc_found)
        return s;
    return tir_seq(r->ctx, loops, nloops, s->loc);
}

bool tir_pass_distribute(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = distribute_loop, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
