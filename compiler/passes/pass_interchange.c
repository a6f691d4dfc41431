/* Pass interchange: a spatial loop around a reduction nest moves below the
 * reduction loops, as vector lanes.  LegalizeOps' convolutions, poolings
 * and matmuls compute each output element as a reduction over a window or
 * a row:
 *     for x in range(E):
 *         X[.., x] = c                                   (the init, if any)
 *         for r1, r2, ..: X[.., x] = X[.., x] OP T(x, r1, r2, ..)
 * which becomes, W = E (at most MAX_LANES: else chunks of W lanes and a
 * narrower rest),
 *     for chunk in range(E // W):
 *         X[.., Ramp(chunk * W, 1, W)] = Broadcast(c, W)
 *         for r1, r2, ..: X[.., Ramp(chunk * W, 1, W)] = X[..] OP T(Ramp, r1, r2, ..)
 * so one vector statement covers W outputs per reduction step, and a nest
 * of one or two reduction loops over it becomes one loop-level mac or
 * mac2 of W lanes (pass loop-instructions), or stays a loop of vector
 * statements (a stride-2 window, a max).  Reduction loops of extent 1 go
 * (their variable is their min).
 *
 * Each element of X still takes its terms in the order (r1, r2, ..) and is
 * written by its own lane only, so every result, float ones included, is
 * bit-identical to the nest's.  That holds when:
 *   - the init and the update are the only stores, both to X at the same
 *     indices, which name no reduction variable and have x, with
 *     coefficient 1, in their last dimension only (each x its own element;
 *     the vector store is contiguous), and X is memory, not registers;
 *   - the update is an accumulation X = X OP T (OP +, max or min, float32
 *     or float64: tir_accumulation) whose T reads nothing of X's storage,
 *     and the init's value reads nothing of it either: nothing else is
 *     written, so every load reads the same value in either order;
 *   - nothing can trap or have an effect: no calls, no integer division,
 *     every access provably inside every dimension over the loops' ranges,
 *     and T's loads vary with x in their last dimension only (a strided
 *     vector load), or, when T is one load (a pure reduction: a pooling, a
 *     mean, a row sum), in any dimension of a buffer read through its flat
 *     view (lanes a constant stride apart: each lane reads its own row);
 *   - X's dimensions after x's, if any, are 1 with index 0 (a global
 *     pool's [1, C, 1, 1]): it is accessed through a view without them;
 *   - the reduction loops are serial and their bounds do not name x.
 * It is done only where it pays: when the row (E) is longer than the
 * window one loop-level instruction covers (the innermost two reduction
 * loops: a 3x3 window under a row of 28), when the row has at least
 * WORTH_LANES elements (a depthwise 5x5 window under a row of 7: one
 * instruction of 7 lanes instead of 7 of one lane), or when the innermost reduction
 * loop reads some factor with a stride other than 1 (a matmul's column, a
 * 1x1 convolution's channels), which a vector of contiguous lanes
 * replaces.  Row sums over contiguous elements (softmax, layer norm, a
 * global pool) become lanes too: a reduction per row is one chain of
 * dependent additions, where W lanes are W independent chains. */
#include "passes.h"

#include <string.h>

#include "buffer_views.h"
#include "fold.h"
#include "module.h"
#include "pass_scope.h"

#define MAX_RLOOPS 8
/* A row this long pays for its vector whatever the window (see worth_it). */
#define WORTH_LANES 4
/* A shorter row stays serial, as in pass strip. */
#define MIN_LANES 4
/* The widest row of a loop-level instruction (mac, mac2). */
#define MAX_LANES ((int64_t)TIRBC_MAX_WIDTH)

/* What drop_unit_tail changed, to put back when the nest is refused. */
typedef struct {
    tir_stmt *update, *init;
    tir_expr *acc;
    tir_buffer *buffer; /* the buffer before the view; NULL: nothing changed */
    uint32_t nindices;
} unit_tail;

typedef struct {
    tir_stmt *x;                  /* the spatial loop */
    tir_stmt *init;               /* its init store, or NULL */
    tir_stmt *loops[MAX_RLOOPS];  /* the reduction loops, outermost first */
    uint32_t nloops;
    tir_stmt *update;             /* the accumulation */
    bool gathers;                 /* a load has x outside its last index */
    unit_tail dropped;            /* drop_unit_tail's change */
} nest;

static bool harmless_node(const tir_expr *e, void *ctx)
{
    (void)ctx;
    if (e->kind == TIR_E_CALL || e->kind == TIR_E_LET || e->kind == TIR_E_SHUFFLE)
        return false;
    return !((e->kind == TIR_E_DIV || e->kind == TIR_E_MOD || e->kind == TIR_E_FLOORDIV ||
              e->kind == TIR_E_FLOORMOD) && tir_dt_is_int(e->dtype));
}

/* No calls, lets or integer division in e (nothing traps, nothing has an effect). */
static bool harmless(const tir_expr *e) { return tir_walk_expr(e, harmless_node, NULL); }

static bool reads_storage_node(const tir_expr *e, void *ctx)
{
    return !(e->kind == TIR_E_LOAD && e->buffer->data == ctx);
}

static bool reads_storage(const tir_expr *e, const tir_var *data)
{
    return !tir_walk_expr(e, reads_storage_node, (void *)data);
}

/* Does e use any of the nest's reduction variables? */
static bool uses_rvars(const nest *n, const tir_expr *e)
{
    for (uint32_t l = 0; l < n->nloops; l++)
        if (tir_expr_uses_var(e, n->loops[l]->var))
            return true;
    return false;
}

/* Can an access to b be read through b's flat view (compact, constant
 * extents, indices of one type), as pass vectorize's flat load reads it? */
static bool flattenable(const tir_buffer *b, tir_expr *const *idx, uint32_t n)
{
    if (!tir_buffer_flattenable(b, NULL))
        return false;
    for (uint32_t d = 0; d < n; d++)
        if (!tir_dt_eq(idx[d]->dtype, idx[0]->dtype))
            return false;
    return true;
}

/* Is every index of the access inside its dimension, and does x appear in
 * its last index only (any constant coefficient: a strided vector)?  With
 * *outer non-NULL, x may also appear in other indices of a buffer read
 * through its flat view (lanes a constant stride apart); *outer is then set. */
static bool access_ok(tir_scoped_rewriter *sr, const tir_buffer *b, tir_expr *const *idx, uint32_t n,
                      const tir_var *x, bool *outer)
{
    if (b->dtype.lanes != 1 || b->ndim != n)
        return false;
    bool varies_outer = false;
    for (uint32_t d = 0; d < n; d++) {
        int64_t coef;
        if (idx[d]->dtype.lanes != 1 || !tir_linear_coefficient(idx[d], x, &coef))
            return false;
        if (d + 1 < n && coef != 0)
            varies_outer = true;
        if (!tir_scope_index_fits(sr, idx[d], b->shape[d], 1))
            return false;
    }
    if (!varies_outer)
        return true;
    if (!outer || !flattenable(b, idx, n))
        return false;
    *outer = true;
    return true;
}

typedef struct {
    tir_scoped_rewriter *sr;
    const tir_var *x;
    bool *outer;
    bool ok;
} loads_ctx;

static bool load_ok(const tir_expr *e, void *ctx)
{
    loads_ctx *c = ctx;
    if (e->kind == TIR_E_LOAD && !access_ok(c->sr, e->buffer, e->args, e->nargs, c->x, c->outer))
        c->ok = false;
    return c->ok;
}

/* outer as access_ok's */
static bool loads_ok(tir_scoped_rewriter *sr, const tir_expr *e, const tir_var *x, bool *outer)
{
    loads_ctx c = {sr, x, outer, true};
    tir_walk_expr(e, load_ok, &c);
    return c.ok;
}

/* The flat elements a load moves per step of v, if its indices are affine
 * in v and the buffer's shape constant past its first dimension (which
 * multiplies no stride: a symbolic batch may stand there). */
static bool flat_stride(const tir_expr *load, const tir_var *v, int64_t *out)
{
    const tir_buffer *b = load->buffer;
    int64_t stride = 0, dim = 1;
    for (uint32_t d = load->nargs; d-- > 0;) {
        int64_t coef, term;
        if ((d > 0 && b->shape[d]->kind != TIR_E_INT) || !tir_linear_coefficient(load->args[d], v, &coef) ||
            __builtin_mul_overflow(coef, dim, &term) || __builtin_add_overflow(stride, term, &stride) ||
            (d > 0 && __builtin_mul_overflow(dim, b->shape[d]->ival, &dim)))
            return false;
    }
    *out = stride;
    return true;
}

typedef struct {
    const tir_var *v;
    bool strided;
} stride_ctx;

static bool note_stride(const tir_expr *e, void *ctx)
{
    stride_ctx *c = ctx;
    int64_t s;
    if (e->kind == TIR_E_LOAD && (!flat_stride(e, c->v, &s) || (s != 0 && s != 1)))
        c->strided = true;
    return true;
}

/* Does moving x pay (the file's comment)? */
static bool worth_it(const nest *n, const tir_expr *term)
{
    /* the reduction loops that are loops (extent > 1), innermost last */
    const tir_stmt *real[MAX_RLOOPS];
    uint32_t nreal = 0;
    for (uint32_t l = 0; l < n->nloops; l++)
        if (!(n->loops[l]->extent->kind == TIR_E_INT && n->loops[l]->extent->ival == 1))
            real[nreal++] = n->loops[l];
    if (nreal == 0)
        return true; /* no reduction left: one vector statement */
    int64_t window = 1;
    for (uint32_t l = nreal >= 2 ? nreal - 2 : 0; l < nreal; l++) {
        if (real[l]->extent->kind != TIR_E_INT || __builtin_mul_overflow(window, real[l]->extent->ival, &window)) {
            window = INT64_MAX;
            break;
        }
    }
    if (n->x->extent->ival > window || n->x->extent->ival >= WORTH_LANES)
        return true;
    stride_ctx c = {real[nreal - 1]->var, false};
    tir_walk_expr(term, note_stride, &c);
    return c.strided;
}

static bool serial_loop(const tir_stmt *s)
{
    return s->kind == TIR_S_FOR && s->for_kind == TIR_FOR_SERIAL && tir_dt_is_int(s->var->dtype) &&
           !tir_dt_is_bool(s->var->dtype);
}

/* X[.., x, 0, 0] of a buffer whose dimensions after x's are 1 (a global
 * pool's output, [1, C, 1, 1]) as X'[.., x] over a view without them, in
 * the update, its load of X and the init: the same element, x now last. */
static void drop_unit_tail(tir_arena *a, nest *n, tir_expr *acc)
{
    tir_stmt *red = n->update;
    const tir_buffer *b = red->buffer;
    uint32_t keep = tir_unit_tail_kept(b, red->indices, red->nindices);
    if (keep == red->nindices || !tir_expr_uses_var(red->indices[keep - 1], n->x->var) || acc->buffer != b ||
        (n->init && n->init->buffer != b))
        return;
    tir_buffer *view = tir_buffer_view(a, b, keep);
    n->dropped = (unit_tail){red, n->init, acc, red->buffer, red->nindices};
    red->buffer = view;
    red->nindices = keep;
    acc->buffer = view;
    acc->nargs = keep;
    if (n->init) {
        n->init->buffer = view;
        n->init->nindices = keep;
    }
}

/* The accesses drop_unit_tail moved onto the view, back on the buffer. */
static void undo_unit_tail(nest *n)
{
    unit_tail *u = &n->dropped;
    if (!u->buffer)
        return;
    u->update->buffer = u->buffer;
    u->update->nindices = u->nindices;
    u->acc->buffer = u->buffer;
    u->acc->nargs = u->nindices;
    if (u->init) {
        u->init->buffer = u->buffer;
        u->init->nindices = u->nindices;
    }
    u->buffer = NULL;
}

/* The nest rooted at spatial loop s (its variable's range known), or false. */
static bool match(tir_scoped_rewriter *sr, tir_stmt *s, nest *n)
{
    memset(n, 0, sizeof *n);
    int64_t end;
    if (!serial_loop(s) || s->min->kind != TIR_E_INT || s->extent->kind != TIR_E_INT ||
        s->extent->ival < MIN_LANES || __builtin_add_overflow(s->min->ival, s->extent->ival, &end))
        return false;
    n->x = s;
    const tir_var *x = s->var;
    tir_stmt *body = s->body, *red = body;
    if (body->kind == TIR_S_SEQ) {
        if (body->nseq != 2 || body->seq[0]->kind != TIR_S_STORE)
            return false;
        n->init = body->seq[0];
        red = body->seq[1];
    }
    /* the reduction loops, down to one store */
    while (red->kind == TIR_S_FOR) {
        if (n->nloops == MAX_RLOOPS || !serial_loop(red) || tir_expr_uses_var(red->min, x) ||
            tir_expr_uses_var(red->extent, x) || !harmless(red->min) || !harmless(red->extent))
            return false;
        n->loops[n->nloops++] = red;
        red = red->body;
    }
    if (n->nloops == 0 || red->kind != TIR_S_STORE)
        return false;
    n->update = red;
    const tir_expr *acc, *term;
    if (!tir_accumulation(red, &acc, &term) || tir_scope_in_registers(sr, red->buffer->data) || !harmless(term))
        return false;
    drop_unit_tail(sr->ctx, n, (tir_expr *)acc);
    /* X[J]: J without reduction variables, x in its last index with coefficient 1 */
    int64_t coef;
    for (uint32_t d = 0; d < red->nindices; d++)
        if (uses_rvars(n, red->indices[d]) || !harmless(red->indices[d]))
            return false;
    if (!tir_linear_coefficient(red->indices[red->nindices - 1], x, &coef) || coef != 1)
        return false;
    if (n->init) {
        const tir_stmt *in = n->init;
        if (in->buffer != red->buffer || in->nindices != red->nindices || in->value->dtype.lanes != 1 ||
            !harmless(in->value) || reads_storage(in->value, red->buffer->data) || !loads_ok(sr, in->value, x, NULL))
            return false;
        for (uint32_t d = 0; d < in->nindices; d++)
            if (!tir_expr_equal(in->indices[d], red->indices[d]))
                return false;
    }
    /* bounds, with the reduction loops' ranges known */
    uint32_t mark = sr->env.n;
    bool ok = access_ok(sr, red->buffer, red->indices, red->nindices, x, NULL);
    for (uint32_t l = 0; ok && l < n->nloops; l++) {
        const tir_stmt *r = n->loops[l];
        tir_range_env_push(&sr->env, r->var,
                           tir_range_loop(tir_scope_range(sr, r->min), tir_scope_range(sr, r->extent)));
    }
    /* a pure reduction (a pooling, a mean) may read its rows across
     * x, through the flat view: each lane gathers its own row's terms */
    ok = ok && loads_ok(sr, term, x, term->kind == TIR_E_LOAD ? &n->gathers : NULL);
    tir_range_env_pop(&sr->env, mark);
    return ok && worth_it(n, term);
}

/* The reduction loops around `inner`, loops of extent 1 dropped (their
 * variable replaced by their min); with `fresh`, each loop gets a new
 * variable (a second copy of the nest binds its own). */
static tir_stmt *rebuild_nest(tir_arena *a, const nest *n, tir_stmt *inner, bool fresh)
{
    tir_stmt *body = inner;
    for (uint32_t l = n->nloops; l-- > 0;) {
        const tir_stmt *r = n->loops[l];
        if (r->extent->kind == TIR_E_INT && r->extent->ival == 1) {
            body = tir_substitute_stmt(a, body, r->var, r->min);
            continue;
        }
        tir_stmt *loop = tir_stmt_new(a, TIR_S_FOR, r->loc);
        *loop = *r;
        if (fresh) {
            loop->var = tir_var_new(a, r->var->name, r->var->dtype, r->loc);
            body = tir_substitute_stmt(a, body, r->var, tir_var_ref(a, loop->var, r->loc));
        }
        loop->body = body;
        body = loop;
    }
    return body;
}

static tir_stmt *vectorize(tir_arena *a, const nest *n, tir_stmt *s, unsigned lanes, tir_expr *base)
{
    return n->gathers ? tir_vectorize_body_in_bounds(a, s, n->x->var, lanes, base)
                      : tir_vectorize_body(a, s, n->x->var, lanes, base);
}

/* The lanes [base, base + lanes) of the nest: their init (a vector store,
 * or one element's), then the reduction loops around the update.  Each
 * piece stores its own lanes' init just before their sums: every element
 * still gets its init and then its terms in order, and no lane reads
 * another's (match() proved it), so this is the nest's result; the init
 * beside the sums lets tile-rows fold a +0.0 one into the instruction. */
static tir_stmt *piece(tir_arena *a, const nest *n, unsigned lanes, tir_expr *base, bool fresh)
{
    tir_stmt *upd = lanes == 1 ? tir_substitute_stmt(a, n->update, n->x->var, base) : vectorize(a, n, n->update, lanes, base);
    if (!upd)
        return NULL;
    tir_stmt *sums = rebuild_nest(a, n, upd, fresh);
    if (!n->init)
        return sums;
    tir_stmt *init = lanes == 1 ? tir_copy_stmt(a, tir_substitute_stmt(a, n->init, n->x->var, base))
                                : vectorize(a, n, n->init, lanes, base);
    if (!init)
        return NULL;
    tir_stmt *both[2] = {init, sums};
    return tir_seq(a, both, 2, n->x->loc);
}

static tir_stmt *interchange(tir_arena *a, const nest *n)
{
    tir_stmt *s = n->x;
    const tir_var *x = s->var;
    tir_loc loc = s->loc;
    int64_t m = s->min->ival, E = s->extent->ival;
    int64_t W = E <= MAX_LANES ? E : MAX_LANES, full = E / W, rest = E - full * W;
    tir_stmt *parts[2];
    uint32_t np = 0;
    if (full == 1) {
        parts[np] = piece(a, n, (unsigned)W, tir_int(a, x->dtype, m, loc), false);
    } else {
        tir_var *chunk = tir_var_new(a, "chunk", x->dtype, loc);
        tir_expr *base = tir_binary(a, TIR_E_MUL, tir_var_ref(a, chunk, loc), tir_int(a, x->dtype, W, loc), loc);
        if (m != 0)
            base = tir_binary(a, TIR_E_ADD, tir_int(a, x->dtype, m, loc), base, loc);
        tir_stmt *body = piece(a, n, (unsigned)W, base, false);
        parts[np] = NULL;
        if (body) {
            parts[np] = tir_stmt_new(a, TIR_S_FOR, loc);
            parts[np]->var = chunk;
            parts[np]->min = tir_int(a, x->dtype, 0, loc);
            parts[np]->extent = tir_int(a, x->dtype, full, loc);
            parts[np]->for_kind = TIR_FOR_SERIAL;
            parts[np]->body = body;
        }
    }
    if (!parts[np++])
        return NULL;
    if (rest > 0) { /* the last lanes: a narrower vector, or one element */
        if (!(parts[np++] = piece(a, n, (unsigned)rest, tir_int(a, x->dtype, m + full * W, loc), true)))
            return NULL;
    }
    return np == 1 ? parts[0] : tir_seq(a, parts, np, loc);
}

static tir_stmt *leave_loop(tir_scoped_rewriter *sr, tir_stmt *s)
{
    nest n;
    if (s->kind != TIR_S_FOR)
        return s;
    tir_stmt *out = match(sr, s, &n) ? interchange(sr->ctx, &n) : NULL;
    if (!out) /* refused: the nest as it was, on its own buffer */
        undo_unit_tail(&n);
    return out ? out : s;
}

bool tir_pass_interchange(tir_pass_ctx *p, tir_func *f)
{
    tir_scoped_rewriter sr = {.leave = leave_loop, .ctx = p->a};
    f->body = tir_scoped_rewrite(&sr, f->body);
    return true;
}
