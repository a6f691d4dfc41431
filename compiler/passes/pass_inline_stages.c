/* Pass inline-stages: an elementwise stage whose result only later
 * elementwise stages read is computed where they read it, and its buffer
 * is not allocated, as TVM's compute_inline does:
 *     T_add = T.allocate([1, 16, 112, 112])
 *     for c, y, x: T_add[0, c, y, x] = conv[0, c, y, x] + bias[0, c, 0, 0]
 *     for c, y, x: out[0, c, y, x] = T.max(T_add[0, c, y, x], 0)
 * becomes
 *     for c, y, x: out[0, c, y, x] = T.max(conv[0, c, y, x] + bias[0, c, 0, 0], 0)
 * A fused operator's epilogue (bias, hard-swish's five stages, an erf
 * gelu's four) then makes one pass over memory instead of one each, and
 * allocates and zero-fills no intermediate.  And a stage that only copies
 * a buffer of the same shape (a convolution's padding of width 0) is
 * dropped, every later read reading the source instead.
 *
 * The producer is a nest of serial loops from 0 that stores each element
 * of a buffer allocated in the function exactly once (B[v1, .., vk], each
 * loop variable indexing a dimension of its own extent, other indices 0 of
 * extent-1 dimensions).  Its value can have no effect but its value: float
 * arithmetic, casts that are not float to integer, integer division only
 * by positive constants, lane-wise math builtins, if_then_else, and loads
 * provably in bounds over the loops' ranges.  So computing it at a
 * consumer's element gives the bits the buffer held there, and moving it
 * later changes no trap.  Nothing may write what it reads between the
 * producer and its last reader, and no call that could (an Evaluate) may
 * run there.  The buffer is reached through its own accesses only, all of
 * them in the statements after the producer in one sequence.
 *
 * The readers must be elementwise too (a nest storing each element of one
 * buffer once, reading B at indices that are its own loop variables or
 * constants, inside B): a reduction keeps its load of B, which
 * loop-instructions turns into a multiply-add over memory.  A producer read
 * at more than one place is inlined only while small, since each place
 * computes it again. */
#include "passes.h"

#include <stdlib.h>

#include "builtins.h"
#include "oom.h"
#include "tir_range.h"
#include "tir_visit.h"

#define MAX_DEPTH 8
/* Nodes of a producer's value that may be computed again at each of
 * several reads (hard-swish reads its input twice). */
#define MAX_REPEATED_NODES 24

typedef struct {
    tir_arena *a;
    tir_func *f;
    tir_var_list gone; /* storage of the buffers inlined away */
} inliner;

/* A perfect nest of serial loops from 0 of constant extents around one
 * store. */
typedef struct {
    tir_stmt *loops[MAX_DEPTH];
    uint32_t n;
    tir_stmt *store;
} nest;

static bool parse_nest(tir_stmt *s, nest *out)
{
    out->n = 0;
    while (s && s->kind == TIR_S_FOR) {
        if (out->n == MAX_DEPTH || s->for_kind != TIR_FOR_SERIAL || s->min->kind != TIR_E_INT || s->min->ival != 0 ||
            s->extent->kind != TIR_E_INT || s->extent->ival <= 0 || !tir_dt_is_int(s->var->dtype))
            return false;
        out->loops[out->n++] = s;
        s = s->body;
    }
    out->store = s;
    return out->n > 0 && s && s->kind == TIR_S_STORE && s->value->dtype.lanes == 1 && s->buffer &&
           s->buffer->dtype.lanes == 1;
}

static int loop_of(const nest *n, const tir_var *v)
{
    for (uint32_t k = 0; k < n->n; k++)
        if (n->loops[k]->var == v)
            return (int)k;
    return -1;
}

static int64_t const_dim(const tir_buffer *b, uint32_t d)
{
    return b->shape[d]->kind == TIR_E_INT ? b->shape[d]->ival : -1;
}

/* A compact row-major buffer of constant shape. */
static bool plain_buffer(const tir_buffer *b)
{
    if (!b || b->nstrides || (b->elem_offset && (b->elem_offset->kind != TIR_E_INT || b->elem_offset->ival != 0)) ||
        b->ndim == 0 || b->dtype.lanes != 1)
        return false;
    for (uint32_t d = 0; d < b->ndim; d++)
        if (const_dim(b, d) <= 0)
            return false;
    return true;
}

/* Does the nest's store write each element of its buffer exactly once:
 * each loop variable indexes one dimension of its own extent, the other
 * indices are 0 in dimensions of extent 1?  by_loop[k]: the dimension loop
 * k indexes. */
static bool stores_each_element_once(const nest *n, uint32_t *by_loop)
{
    const tir_stmt *st = n->store;
    const tir_buffer *b = st->buffer;
    if (!plain_buffer(b) || st->nindices != b->ndim)
        return false;
    uint32_t seen = 0;
    for (uint32_t d = 0; d < b->ndim; d++) {
        const tir_expr *ix = st->indices[d];
        if (ix->kind == TIR_E_INT && ix->ival == 0 && const_dim(b, d) == 1)
            continue;
        int k = ix->kind == TIR_E_VAR ? loop_of(n, ix->var) : -1;
        if (k < 0 || (seen & (1u << k)) || n->loops[k]->extent->ival != const_dim(b, d))
            return false;
        seen |= 1u << k;
        by_loop[k] = d;
    }
    return seen == (1u << n->n) - 1;
}

static bool nest_range(void *ctx, const tir_var *v, tir_interval *out)
{
    const nest *n = ctx;
    int k = loop_of(n, v);
    if (k < 0)
        return false;
    *out = (tir_interval){true, 0, n->loops[k]->extent->ival - 1};
    return true;
}

typedef struct {
    const nest *n;
    const tir_var *self; /* the produced buffer's storage: never read */
    tir_var_list reads;  /* storage the value reads */
    uint32_t nodes;
    bool ok;
} value_check;

/* Can the value have no effect but its value, at every point of the
 * nest's loops? */
static bool harmless_node(const tir_expr *e, void *ctx)
{
    value_check *c = ctx;
    c->nodes++;
    switch (e->kind) {
    case TIR_E_VAR:
        c->ok &= e->var != c->self;
        break;
    case TIR_E_INT: case TIR_E_FLOAT: case TIR_E_SELECT:
    case TIR_E_ADD: case TIR_E_SUB: case TIR_E_MUL: case TIR_E_MIN: case TIR_E_MAX:
    case TIR_E_EQ: case TIR_E_NE: case TIR_E_LT: case TIR_E_LE: case TIR_E_GE: case TIR_E_GT:
    case TIR_E_AND: case TIR_E_OR: case TIR_E_NOT:
        break;
    case TIR_E_CAST:
        c->ok &= !(tir_dt_is_float(e->a->dtype) && !tir_dt_is_float(e->dtype));
        break;
    case TIR_E_DIV: case TIR_E_MOD: case TIR_E_FLOORDIV: case TIR_E_FLOORMOD:
        c->ok &= tir_dt_is_float(e->dtype) || (e->b->kind == TIR_E_INT && e->b->ival > 0);
        break;
    case TIR_E_LOAD: {
        const tir_buffer *b = e->buffer;
        if (!plain_buffer(b) || e->nargs != b->ndim || b->data == c->self) {
            c->ok = false;
            break;
        }
        for (uint32_t d = 0; d < b->ndim && c->ok; d++) {
            tir_interval r = tir_range_of(e->args[d], nest_range, (void *)c->n);
            c->ok &= e->args[d]->dtype.lanes == 1 && r.known && r.lo >= 0 && r.hi < const_dim(b, d);
        }
        tir_var_list_add(&c->reads, b->data);
        break;
    }
    case TIR_E_CALL: {
        const tir_builtin *bi = e->op && !e->callee ? tir_builtin_find(e->op) : NULL;
        c->ok &= tir_is_call_of(e, TIR_I_IF_THEN_ELSE) || (bi && bi->lanewise);
        break;
    }
    default: /* lets, vectors, strings */
        c->ok = false;
        break;
    }
    return c->ok;
}

/* ---- the buffer's accesses ------------------------------------------------ */

typedef struct {
    const tir_var *data;
    const tir_buffer *buf; /* NULL: any buffer over data counts */
    uint32_t loads, stores;
    bool foreign;          /* reached otherwise than through buf's own accesses */
    const tir_var_list *written; /* count stores to these (stores) */
    bool opaque;           /* an Evaluate or a call that is not a math builtin */
} access_scan;

static bool scan_expr_node(const tir_expr *e, void *ctx)
{
    access_scan *s = ctx;
    if (e->kind == TIR_E_VAR && e->var == s->data)
        s->foreign = true;
    if (e->kind == TIR_E_LOAD && e->buffer && e->buffer->data == s->data) {
        s->loads++;
        s->foreign |= s->buf && e->buffer != s->buf;
    }
    if (e->kind == TIR_E_CALL) {
        const tir_builtin *bi = e->op && !e->callee ? tir_builtin_find(e->op) : NULL;
        s->opaque |= !(tir_is_call_of(e, TIR_I_IF_THEN_ELSE) || (bi && bi->lanewise));
    }
    return true;
}

static bool scan_stmt_node(tir_rewriter *r, tir_stmt *st)
{
    access_scan *s = r->ctx;
    if (st->kind == TIR_S_STORE && st->buffer) {
        if (st->buffer->data == s->data) {
            s->stores++;
            s->foreign |= s->buf && st->buffer != s->buf;
        }
        if (s->written && tir_var_list_has(s->written, st->buffer->data))
            s->opaque = true;
    }
    if ((st->kind == TIR_S_DECL_BUFFER || st->kind == TIR_S_REALIZE) && st->buffer && st->buffer->data == s->data &&
        st->buffer != s->buf)
        s->foreign = true;
    if (st->kind == TIR_S_EVALUATE || st->kind == TIR_S_BLOCK_REALIZE)
        s->opaque = true;
    return true;
}

static void scan(access_scan *s, tir_stmt *st)
{
    tir_walk_stmt_exprs(st, scan_expr_node, s);
    tir_rewriter r = {.enter = scan_stmt_node, .ctx = s};
    (void)tir_rewrite_stmt(&r, st);
}

/* Is data the storage of an allocation of buf, a plain buffer, in f? */
typedef struct {
    const tir_buffer *buf;
    bool found;
} alloc_find;

static bool find_alloc(tir_rewriter *r, tir_stmt *st)
{
    alloc_find *af = r->ctx;
    if (st->kind == TIR_S_ALLOCATE && st->var == af->buf->data && !st->var->is_const &&
        (!st->buffer || st->buffer == af->buf))
        af->found = true;
    return !af->found;
}

static bool allocated_here(tir_func *f, const tir_buffer *b)
{
    for (uint32_t i = 0; i < f->nparams; i++)
        if (f->params[i] == b->data || (f->param_buffers && f->param_buffers[i] && f->param_buffers[i]->data == b->data))
            return false;
    alloc_find af = {.buf = b};
    tir_rewriter r = {.enter = find_alloc, .ctx = &af};
    (void)tir_rewrite_stmt(&r, f->body);
    return af.found;
}

/* ---- rewriting the readers ------------------------------------------------- */

typedef struct {
    tir_arena *a;
    const tir_var *data;
    const nest *prod;
    const uint32_t *by_loop; /* producer loop k indexes dimension by_loop[k] */
    const tir_expr *value;   /* the producer's value */
    const tir_expr *const *at; /* while copying: the load's indices */
    const tir_buffer *source;  /* a copy's source: loads of data read it instead */
} reader_rewrite;

static tir_expr *at_indices(tir_rewriter *r, tir_expr *e)
{
    reader_rewrite *rr = r->ctx;
    int k = e->kind == TIR_E_VAR ? loop_of(rr->prod, e->var) : -1;
    return k < 0 ? e : tir_copy_expr(rr->a, rr->at[rr->by_loop[k]]);
}

static tir_expr *inline_load(tir_rewriter *r, tir_expr *e)
{
    reader_rewrite *rr = r->ctx;
    if (e->kind != TIR_E_LOAD || !e->buffer || e->buffer->data != rr->data)
        return e;
    if (rr->source) {
        e->buffer = (tir_buffer *)rr->source;
        return e;
    }
    rr->at = (const tir_expr *const *)e->args;
    tir_rewriter sub = {.expr = at_indices, .ctx = rr};
    return tir_rewrite_expr(&sub, tir_copy_expr(rr->a, rr->value));
}

/* Is every load of data in e at indices that are loop variables of the
 * reader's nest, or constants, inside the dimension? */
typedef struct {
    const nest *n;
    const tir_var *data;
    bool ok;
} reader_check;

static bool reader_load(const tir_expr *e, void *ctx)
{
    reader_check *c = ctx;
    if (e->kind != TIR_E_LOAD || !e->buffer || e->buffer->data != c->data)
        return true;
    for (uint32_t d = 0; d < e->nargs && c->ok; d++) {
        const tir_expr *ix = e->args[d];
        int64_t dim = const_dim(e->buffer, d);
        if (ix->kind == TIR_E_INT)
            c->ok = ix->ival >= 0 && ix->ival < dim;
        else {
            int k = ix->kind == TIR_E_VAR ? loop_of(c->n, ix->var) : -1;
            c->ok = k >= 0 && c->n->loops[k]->extent->ival <= dim;
        }
    }
    return c->ok;
}

/* Is st a nest writing each element of one buffer once (no reduction),
 * whose loads of data are all at its own loop variables or constants? */
static bool elementwise_reader(tir_stmt *st, const tir_var *data)
{
    nest n;
    if (!parse_nest(st, &n) || n.store->buffer->data == data)
        return false;
    const tir_stmt *s = n.store;
    uint32_t seen = 0;
    for (uint32_t d = 0; d < s->nindices; d++) {
        const tir_expr *ix = s->indices[d];
        if (ix->kind == TIR_E_INT)
            continue;
        int k = ix->kind == TIR_E_VAR ? loop_of(&n, ix->var) : -1;
        if (k < 0 || (seen & (1u << k)))
            return false;
        seen |= 1u << k;
    }
    if (seen != (1u << n.n) - 1)
        return false;
    for (uint32_t d = 0; d < s->nindices; d++)
        if (tir_expr_uses_var(s->indices[d], data))
            return false;
    reader_check c = {.n = &n, .data = data, .ok = true};
    tir_walk_expr(s->value, reader_load, &c);
    return c.ok;
}

/* Is the copy's value a load of a buffer of B's shape and type at B's own
 * indices? */
static const tir_buffer *copy_source(const tir_stmt *store)
{
    const tir_expr *v = store->value;
    const tir_buffer *b = store->buffer, *src = v->kind == TIR_E_LOAD ? v->buffer : NULL;
    if (!src || src->data == b->data || !plain_buffer(src) || src->ndim != b->ndim || !tir_dt_eq(src->dtype, b->dtype) ||
        v->nargs != store->nindices)
        return NULL;
    for (uint32_t d = 0; d < b->ndim; d++) {
        const tir_expr *x = v->args[d], *y = store->indices[d];
        if (const_dim(src, d) != const_dim(b, d) || x->kind != y->kind ||
            (x->kind == TIR_E_VAR ? x->var != y->var : x->ival != y->ival))
            return NULL;
    }
    return src;
}

/* Inlines seq[i] into the statements after it, if it is such a producer. */
static bool inline_at(inliner *in, tir_stmt *seq, uint32_t i)
{
    nest prod;
    uint32_t by_loop[MAX_DEPTH];
    if (!parse_nest(seq->seq[i], &prod) || !stores_each_element_once(&prod, by_loop))
        return false;
    tir_stmt *store = prod.store;
    const tir_buffer *b = store->buffer;
    const tir_var *data = b->data;
    if (!tir_dt_eq(store->value->dtype, b->dtype) || !allocated_here(in->f, b))
        return false;
    value_check vc = {.n = &prod, .self = data, .ok = true};
    tir_walk_expr(store->value, harmless_node, &vc);
    bool ok = vc.ok;
    const tir_buffer *source = ok ? copy_source(store) : NULL;
    /* every access of the buffer in the function: this store, and loads in
     * the statements after it */
    access_scan all = {.data = data, .buf = b};
    scan(&all, in->f->body);
    uint32_t last = i, sites = 0;
    for (uint32_t j = i + 1; ok && j < seq->nseq; j++) {
        access_scan here = {.data = data, .buf = b, .written = &vc.reads};
        scan(&here, seq->seq[j]);
        if (here.loads) {
            if (!source && !elementwise_reader(seq->seq[j], data))
                ok = false;
            last = j;
            sites += here.loads;
        }
    }
    ok &= !all.foreign && all.stores == 1 && sites > 0 && all.loads == sites;
    ok &= source || sites == 1 || vc.nodes <= MAX_REPEATED_NODES;
    /* nothing between the producer and its last reader may write what the
     * value reads, or call what could */
    for (uint32_t j = i + 1; ok && j <= last; j++) {
        access_scan here = {.data = data, .written = &vc.reads};
        scan(&here, seq->seq[j]);
        ok = !here.opaque;
    }
    if (ok) {
        reader_rewrite rr = {.a = in->a, .data = data, .prod = &prod, .by_loop = by_loop, .value = store->value,
                             .source = source};
        tir_rewriter r = {.expr = inline_load, .ctx = &rr};
        for (uint32_t j = i + 1; j <= last; j++)
            seq->seq[j] = tir_rewrite_stmt(&r, seq->seq[j]);
        for (uint32_t j = i; j + 1 < seq->nseq; j++)
            seq->seq[j] = seq->seq[j + 1];
        seq->nseq--;
        tir_var_list_add(&in->gone, data);
    }
    free(vc.reads.vars);
    return ok;
}

static tir_stmt *inline_seq(tir_rewriter *r, tir_stmt *s)
{
    if (s->kind != TIR_S_SEQ)
        return s;
    for (uint32_t i = 0; i < s->nseq;)
        if (!inline_at(r->ctx, s, i))
            i++;
    return s;
}

/* The allocations of the buffers inlined away (and their DeclBuffers) go. */
static tir_stmt *drop_allocation(tir_rewriter *r, tir_stmt *s)
{
    inliner *in = r->ctx;
    if (s->kind == TIR_S_ALLOCATE && tir_var_list_has(&in->gone, s->var))
        return s->body && s->body->kind == TIR_S_DECL_BUFFER && s->body->buffer && s->body->buffer->data == s->var
                   ? s->body->body
                   : s->body;
    return s;
}

bool tir_pass_inline_stages(tir_pass_ctx *p, tir_func *f)
{
    inliner in = {.a = p->a, .f = f};
    tir_rewriter r = {.stmt = inline_seq, .ctx = &in};
    f->body = tir_rewrite_stmt(&r, f->body);
    if (in.gone.n) {
        tir_rewriter d = {.stmt = drop_allocation, .ctx = &in};
        f->body = tir_rewrite_stmt(&d, f->body);
    }
    free(in.gone.vars);
    return true;
}
