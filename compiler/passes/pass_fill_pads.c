/* Pass fill-pads: a padding stage, as split-guards leaves it,
 *     for c in range(C): for h in range(H + 2p):
 *         if p <= h and h < H + p:
 *             for w in range(p):    P[0, c, h, w] = 0
 *             for w in range(W):    P[0, c, h, w + p] = X[0, c, h - p, w]
 *             for w in range(p):    P[0, c, h, w + W + p] = 0
 *         else:
 *             for w in range(W + 2p): P[0, c, h, w] = 0
 * becomes one fill of the whole buffer and the copy of its interior rows:
 *     for f in range(C * (H + 2p) * (W + 2p)): P'[f] = 0
 *     for c in range(C): for h in range(H): for w in range(W): P[0, c, h + p, w + p] = X[0, c, h, w]
 * P' a flat view of P's storage, which pass strip runs as 1024-lane
 * vectors.  Interpreted, the stage spent about fifteen dispatches a row on
 * the guard, three stores and their indices; now a row is one copy.
 *
 * It holds when the stage stores every element of P exactly once and reads
 * nothing of P: each loop variable indexes its own dimension of P, whole,
 * the other leading indices are 0 in a dimension of 1, and on every path
 * through the guards the stores' column ranges tile the row [0, W) without
 * overlap.  The fill stores all have one constant value.  Then the final
 * contents are the same whatever order the stores run in, and P is an
 * allocation of this function, so no other name sees it between them.
 *
 * A fill of zeros into an allocation that no statement has touched since
 * it was made is then dropped (drop_fresh_fills below). */
#include "passes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buffer_views.h"
#include "fold.h"
#include "oom.h"
#include "tir_visit.h"

#define MAX_LOOPS 8
#define MAX_PIECES 8

typedef struct {
    tir_arena *a;
    tir_var_list allocated;   /* data of the function's allocations */
    tir_buffer *pad;          /* P, from the first store seen */
    tir_expr *const *prefix;  /* the first store's indices but the last */
    const tir_expr *fill;     /* the fill stores' constant */
    tir_stmt *loops[MAX_LOOPS];
    uint32_t nloops;
    bool copies;              /* some store is not a fill */
} pad_stage;

static bool plain_loop(const tir_stmt *s)
{
    return s && s->kind == TIR_S_FOR && s->for_kind == TIR_FOR_SERIAL && s->min->kind == TIR_E_INT &&
           s->min->ival == 0 && s->extent->kind == TIR_E_INT && s->extent->ival > 0 &&
           tir_dt_is_int(s->var->dtype) && !tir_dt_is_bool(s->var->dtype);
}

static bool is_constant(const tir_expr *e) { return e->kind == TIR_E_INT || e->kind == TIR_E_FLOAT; }

static bool reads_storage(const tir_expr *e, void *ctx)
{
    const tir_var *data = ctx;
    return !(e->kind == TIR_E_LOAD && e->buffer->data == data) &&
           !(e->kind == TIR_E_VAR && e->var == data); /* its address taken */
}

/* The first store fixes P: an allocation of this function, of constant
 * shape, compact, scalar elements. */
static bool take_pad(pad_stage *ps, tir_buffer *b, tir_expr *const *idx, uint32_t n)
{
    if (!ps->pad) {
        if (!b->data || !tir_var_list_has(&ps->allocated, b->data) || b->nstrides || b->dtype.lanes != 1 ||
            b->ndim < 2 || n != b->ndim || (b->elem_offset && !(b->elem_offset->kind == TIR_E_INT &&
                                                                b->elem_offset->ival == 0)))
            return false;
        for (uint32_t d = 0; d < b->ndim; d++)
            if (b->shape[d]->kind != TIR_E_INT || b->shape[d]->ival < 1)
                return false;
        ps->pad = b;
        ps->prefix = idx;
        return true;
    }
    if (b != ps->pad || n != b->ndim)
        return false;
    for (uint32_t d = 0; d + 1 < n; d++)
        if (!tir_expr_equal(idx[d], ps->prefix[d]))
            return false;
    return true;
}

/* A store of one row's columns [lo, hi): P[prefix, k] = V, or a loop
 * for w in range(E): P[prefix, w + k] = V. */
static bool piece(pad_stage *ps, const tir_stmt *s, int64_t *lo, int64_t *hi)
{
    const tir_var *w = NULL;
    int64_t extent = 1, k;
    if (plain_loop(s)) {
        w = s->var;
        extent = s->extent->ival;
        s = s->body;
    }
    if (!s || s->kind != TIR_S_STORE || !take_pad(ps, s->buffer, s->indices, s->nindices) || s->value->dtype.lanes != 1)
        return false;
    const tir_expr *col = s->indices[s->nindices - 1];
    if (!w) {
        if (col->kind != TIR_E_INT)
            return false;
        k = col->ival;
    } else if (col->kind == TIR_E_VAR && col->var == w) {
        k = 0;
    } else if (col->kind == TIR_E_ADD && col->a->kind == TIR_E_VAR && col->a->var == w && col->b->kind == TIR_E_INT) {
        k = col->b->ival;
    } else {
        return false;
    }
    for (uint32_t d = 0; d + 1 < s->nindices; d++)
        if (w && tir_expr_uses_var(s->indices[d], w))
            return false;
    if (__builtin_add_overflow(k, extent, hi))
        return false;
    *lo = k;
    if (is_constant(s->value)) {
        if (!ps->fill)
            ps->fill = s->value;
        return tir_expr_equal(s->value, ps->fill);
    }
    ps->copies = true;
    return tir_walk_expr(s->value, reads_storage, ps->pad->data);
}

static int by_lo(const void *x, const void *y)
{
    const int64_t *a = x, *b = y;
    return (a[0] > b[0]) - (a[0] < b[0]);
}

/* One path through the guards: stores whose ranges tile [0, W). */
static bool row(pad_stage *ps, const tir_stmt *s)
{
    int64_t spans[MAX_PIECES][2];
    uint32_t n = s->kind == TIR_S_SEQ ? s->nseq : 1;
    if (n == 0 || n > MAX_PIECES) /* an empty sequence stores nothing */
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (!piece(ps, s->kind == TIR_S_SEQ ? s->seq[i] : s, &spans[i][0], &spans[i][1]))
            return false;
    qsort(spans, n, sizeof spans[0], by_lo);
    const tir_expr *width = ps->pad->shape[ps->pad->ndim - 1];
    for (uint32_t i = 0; i < n; i++)
        if (spans[i][0] != (i ? spans[i - 1][1] : 0))
            return false;
    return spans[n - 1][1] == width->ival;
}

static bool paths(pad_stage *ps, const tir_stmt *s)
{
    if (!s)
        return false;
    if (s->kind != TIR_S_IF)
        return row(ps, s);
    return s->else_case && s->cond->dtype.lanes == 1 && tir_expr_harmless(s->cond) && paths(ps, s->body) &&
           paths(ps, s->else_case);
}

/* Each loop indexes its own dimension of P whole; the others are 0 of 1. */
static bool covers_leading(const pad_stage *ps)
{
    const tir_buffer *b = ps->pad;
    uint32_t used = 0;
    for (uint32_t d = 0; d + 1 < b->ndim; d++) {
        const tir_expr *e = ps->prefix[d];
        if (e->kind == TIR_E_INT) {
            if (e->ival != 0 || b->shape[d]->ival != 1)
                return false;
            continue;
        }
        uint32_t j = 0;
        while (j < ps->nloops && !(e->kind == TIR_E_VAR && e->var == ps->loops[j]->var))
            j++;
        if (j == ps->nloops || (used >> j & 1) || ps->loops[j]->extent->ival != b->shape[d]->ival)
            return false;
        used |= 1u << j;
    }
    return used == (1u << ps->nloops) - 1;
}

/* s without its fill stores, or NULL when nothing is left. */
static tir_stmt *drop_fills(pad_stage *ps, tir_stmt *s)
{
    tir_arena *a = ps->a;
    if (s->kind == TIR_S_IF) {
        tir_stmt *t = drop_fills(ps, s->body), *e = drop_fills(ps, s->else_case);
        if (!t && !e)
            return NULL;
        tir_stmt *n = tir_stmt_new(a, TIR_S_IF, s->loc);
        if (!t) {
            n->cond = tir_expr_new(a, TIR_E_NOT, s->cond->dtype, s->cond->loc);
            n->cond->a = s->cond;
            n->body = e;
        } else {
            n->cond = s->cond;
            n->body = t;
            n->else_case = e;
        }
        return n;
    }
    tir_stmt *kept[MAX_PIECES];
    uint32_t n = 0, total = s->kind == TIR_S_SEQ ? s->nseq : 1;
    for (uint32_t i = 0; i < total; i++) {
        tir_stmt *p = s->kind == TIR_S_SEQ ? s->seq[i] : s;
        const tir_stmt *st = p->kind == TIR_S_FOR ? p->body : p;
        if (!is_constant(st->value))
            kept[n++] = p;
    }
    return n == 0 ? NULL : n == 1 ? kept[0] : tir_seq(a, kept, n, s->loc);
}

/* for v in range(E): if lo <= v and v < hi: body  ->  the loop over [lo, hi)
 * alone (the interior rows), or NULL when that range is empty. */
static tir_stmt *narrow(tir_arena *a, tir_stmt *loop)
{
    tir_stmt *g = loop->body;
    if (g->kind != TIR_S_IF || g->else_case)
        return loop;
    tir_expr *terms[4];
    uint32_t nterms = 0;
    int64_t lo = 0, hi = loop->extent->ival;
    if (!tir_and_terms(g->cond, terms, 4, &nterms))
        return loop;
    for (uint32_t i = 0; i < nterms; i++) {
        const tir_var *v;
        tir_expr_kind kind;
        int64_t k;
        if (!tir_cmp_var_const(terms[i], &v, &kind, &k) || v != loop->var || k == INT64_MAX)
            return loop;
        switch (kind) {
        case TIR_E_GE: lo = lo > k ? lo : k; break;
        case TIR_E_GT: lo = lo > k + 1 ? lo : k + 1; break;
        case TIR_E_LT: hi = hi < k ? hi : k; break;
        case TIR_E_LE: hi = hi < k + 1 ? hi : k + 1; break;
        default: return loop;
        }
    }
    if (hi <= lo)
        return NULL;
    tir_var *nv = tir_var_new(a, loop->var->name, loop->var->dtype, loop->loc);
    tir_expr *at = tir_var_ref(a, nv, loop->loc);
    if (lo)
        at = tir_binary(a, TIR_E_ADD, at, tir_int(a, nv->dtype, lo, loop->loc), loop->loc);
    tir_stmt *n = tir_stmt_new(a, TIR_S_FOR, loop->loc);
    *n = *loop;
    n->var = nv;
    n->extent = tir_int(a, loop->extent->dtype, hi - lo, loop->loc);
    n->body = tir_substitute_stmt(a, g->body, loop->var, at);
    return n;
}

/* for f in range(size of P): P'[f] = fill, P' a flat view of P. */
static tir_stmt *fill_all(pad_stage *ps, tir_loc loc)
{
    tir_arena *a = ps->a;
    tir_buffer *flat = tir_buffer_flat_view(a, ps->pad);
    if (!flat)
        return NULL;
    tir_dtype it = flat->shape[0]->dtype;
    tir_var *f = tir_var_new(a, "f", it, loc);
    tir_stmt *st = tir_stmt_new(a, TIR_S_STORE, loc);
    st->buffer = flat;
    st->nindices = 1;
    st->indices = tir_arena_alloc(a, sizeof *st->indices);
    st->indices[0] = tir_var_ref(a, f, loc);
    st->value = tir_copy_expr(a, ps->fill);
    tir_stmt *loop = tir_stmt_new(a, TIR_S_FOR, loc);
    loop->var = f;
    loop->min = tir_int(a, it, 0, loc);
    loop->extent = tir_int(a, it, flat->shape[0]->ival, loc);
    loop->for_kind = TIR_FOR_SERIAL;
    loop->body = st;
    return loop;
}

static tir_stmt *fill_stage(tir_rewriter *r, tir_stmt *s)
{
    pad_stage *ps = r->ctx;
    ps->pad = NULL;
    ps->fill = NULL;
    ps->copies = false;
    ps->nloops = 0;
    tir_stmt *body = s;
    while (plain_loop(body) && ps->nloops < MAX_LOOPS) {
        ps->loops[ps->nloops++] = body;
        body = body->body;
    }
    if (!ps->nloops || plain_loop(body) || !paths(ps, body) || !ps->fill || !ps->copies ||
        !tir_dt_eq(ps->fill->dtype, ps->pad->dtype) || !covers_leading(ps))
        return s;
    tir_stmt *fill = fill_all(ps, s->loc);
    if (!fill)
        return s;
    /* the loops keep their places; the innermost's body loses its fills */
    tir_stmt *inner = ps->loops[ps->nloops - 1];
    inner->body = drop_fills(ps, inner->body);
    tir_stmt *copy = narrow(ps->a, inner);
    if (!copy)
        return fill;
    if (ps->nloops == 1)
        s = copy;
    else
        ps->loops[ps->nloops - 2]->body = copy;
    tir_stmt *parts[2] = {fill, s};
    return tir_seq(ps->a, parts, 2, s->loc);
}

/* ---- a zero fill of an allocation nothing has touched yet is dropped ----
 * The VM's alloc gives a zero-filled buffer (format/opcodes.md), so the
 * fill above, when its constant is zero bits (0, +0.0), stores what the
 * elements already hold.  An allocation is fresh from its statement until
 * the first statement that names its storage; inside a loop, only those
 * the loop's own body allocates are (a second iteration sees the first's
 * stores). */
typedef struct {
    const tir_var *data;
    int64_t elems; /* the allocation's elements (constant extents), or -1 */
    bool fresh;
} allocation;

typedef struct {
    allocation *v;
    uint32_t n, cap;
} allocations;

static bool names_storage(const tir_expr *e, void *ctx)
{
    const tir_var *data = ctx;
    return !(e->kind == TIR_E_LOAD && e->buffer->data == data) && !(e->kind == TIR_E_VAR && e->var == data);
}

/* Does s store into data? (A block not yet lowered counts.) */
static bool stores_into(const tir_stmt *s, const tir_var *data)
{
    if (!s)
        return false;
    if ((s->kind == TIR_S_STORE && s->buffer->data == data) || s->kind == TIR_S_BLOCK_REALIZE)
        return true;
    for (uint32_t i = 0; i < s->nseq; i++)
        if (stores_into(s->seq[i], data))
            return true;
    return stores_into(s->body, data) || stores_into(s->else_case, data);
}

/* Does s (its expressions and the statements under it) read, write or
 * name the storage data? */
static bool touches(const tir_stmt *s, const tir_var *data)
{
    return stores_into(s, data) || !tir_walk_stmt_exprs(s, names_storage, (void *)data);
}

static bool zero_bits(const tir_expr *e)
{
    return (e->kind == TIR_E_INT && e->ival == 0) || (e->kind == TIR_E_FLOAT && e->fval == 0 && !signbit(e->fval));
}

/* for f in range(E): B[f] = 0, B a one-dimensional view of a fresh
 * allocation of at least E elements of B's type */
static bool fresh_zero_fill(const allocations *al, const tir_stmt *s)
{
    if (!plain_loop(s) || !s->body || s->body->kind != TIR_S_STORE)
        return false;
    const tir_stmt *st = s->body;
    const tir_buffer *b = st->buffer;
    if (st->nindices != 1 || st->indices[0]->kind != TIR_E_VAR || st->indices[0]->var != s->var || !zero_bits(st->value) ||
        b->ndim != 1 || b->nstrides || b->dtype.lanes != 1 || !tir_dt_eq(st->value->dtype, b->dtype) ||
        (b->elem_offset && !(b->elem_offset->kind == TIR_E_INT && b->elem_offset->ival == 0)))
        return false;
    for (uint32_t i = al->n; i-- > 0;)
        if (al->v[i].data == b->data)
            return al->v[i].fresh && b->data->type_kind == TIR_TYPE_POINTER && tir_dt_eq(b->data->elem_dtype, b->dtype) &&
                   al->v[i].elems >= s->extent->ival;
    return false;
}

static void seen(allocations *al, const tir_stmt *s)
{
    for (uint32_t i = 0; i < al->n; i++)
        if (al->v[i].fresh && touches(s, al->v[i].data))
            al->v[i].fresh = false;
}

/* A thread region runs its body once per thread, as a loop would. */
static bool repeats(const tir_stmt *attr)
{
    return attr->attr_key && (strcmp(attr->attr_key, "thread_extent") == 0 || strcmp(attr->attr_key, "virtual_thread") == 0);
}

static tir_stmt *or_empty(tir_arena *a, tir_stmt *s, tir_loc loc) { return s ? s : tir_seq(a, NULL, 0, loc); }

/* s with every fresh zero fill dropped; NULL if nothing is left of it */
static tir_stmt *drop_fresh_fills(tir_arena *a, allocations *al, tir_stmt *s)
{
    if (!s)
        return NULL;
    switch (s->kind) {
    case TIR_S_ALLOCATE: {
        int64_t elems = 1;
        for (uint32_t i = 0; i < s->nindices && elems >= 0; i++)
            if (s->indices[i]->kind != TIR_E_INT || s->indices[i]->ival < 0 ||
                __builtin_mul_overflow(elems, s->indices[i]->ival, &elems))
                elems = -1;
        if (s->dtype.lanes != 1)
            elems = -1;
        tir_stmt head = *s; /* its extents and condition */
        head.body = NULL;
        seen(al, &head);
        al->v = tir_xgrow(al->v, &al->cap, al->n + 1, sizeof *al->v);
        al->v[al->n++] = (allocation){s->var, elems, true};
        s->body = or_empty(a, drop_fresh_fills(a, al, s->body), s->loc);
        al->n--;
        seen(al, s->body);
        return s;
    }
    case TIR_S_SEQ: {
        uint32_t n = 0;
        for (uint32_t i = 0; i < s->nseq; i++) {
            tir_stmt *k = drop_fresh_fills(a, al, s->seq[i]);
            if (k)
                s->seq[n++] = k;
        }
        s->nseq = n;
        return n == 0 ? NULL : n == 1 ? s->seq[0] : s;
    }
    case TIR_S_LET: case TIR_S_ASSERT: case TIR_S_DECL_BUFFER: {
        tir_stmt head = *s; /* this statement without its body */
        head.body = NULL;
        seen(al, &head);
        s->body = or_empty(a, drop_fresh_fills(a, al, s->body), s->loc);
        return s;
    }
    case TIR_S_IF: {
        tir_stmt head = *s;
        head.body = head.else_case = NULL;
        seen(al, &head);
        bool *was = tir_xmalloc((al->n ? al->n : 1) * sizeof *was);
        for (uint32_t i = 0; i < al->n; i++)
            was[i] = al->v[i].fresh;
        s->body = drop_fresh_fills(a, al, s->body);
        for (uint32_t i = 0; i < al->n; i++) { /* fresh after the if: fresh after either branch */
            bool then_fresh = al->v[i].fresh;
            al->v[i].fresh = was[i];
            was[i] = then_fresh;
        }
        s->else_case = drop_fresh_fills(a, al, s->else_case);
        for (uint32_t i = 0; i < al->n; i++)
            al->v[i].fresh = al->v[i].fresh && was[i];
        free(was);
        s->body = or_empty(a, s->body, s->loc);
        return s;
    }
    case TIR_S_FOR: case TIR_S_WHILE: case TIR_S_ATTR: {
        if (s->kind == TIR_S_FOR && fresh_zero_fill(al, s))
            return NULL;
        if (s->kind == TIR_S_ATTR && !repeats(s)) {
            tir_stmt head = *s;
            head.body = NULL;
            seen(al, &head);
            s->body = or_empty(a, drop_fresh_fills(a, al, s->body), s->loc);
            return s;
        }
        uint32_t outer = al->n;
        bool *was = tir_xmalloc((outer ? outer : 1) * sizeof *was);
        for (uint32_t i = 0; i < outer; i++) { /* allocated outside: not fresh in a second iteration or thread */
            was[i] = al->v[i].fresh;
            al->v[i].fresh = false;
        }
        s->body = drop_fresh_fills(a, al, s->body);
        for (uint32_t i = 0; i < outer; i++)
            al->v[i].fresh = was[i];
        free(was);
        s->body = or_empty(a, s->body, s->loc);
        seen(al, s);
        return s;
    }
    default:
        seen(al, s);
        return s;
    }
}

static bool note_allocation(tir_rewriter *r, tir_stmt *s)
{
    pad_stage *ps = r->ctx;
    if (s->kind == TIR_S_ALLOCATE)
        tir_var_list_add(&ps->allocated, s->var);
    return true;
}

bool tir_pass_fill_pads(tir_pass_ctx *p, tir_func *f)
{
    pad_stage ps = {.a = p->a};
    tir_rewriter find = {.enter = note_allocation, .ctx = &ps};
    tir_rewrite_stmt(&find, f->body);
    if (ps.allocated.n) {
        tir_rewriter r = {.stmt = fill_stage, .ctx = &ps};
        f->body = tir_rewrite_stmt(&r, f->body);
        allocations al = {0};
        f->body = or_empty(p->a, drop_fresh_fills(p->a, &al, f->body), f->loc);
        free(al.v);
    }
    free(ps.allocated.vars);
    return true;
}
