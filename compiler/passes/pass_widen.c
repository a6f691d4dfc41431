/* Pass widen: a loop over the tiles of a split, vectorized axis
 *     for x in range(N): body over Ramp(x*L + c, 1, L)
 * whose body is vector statements of L lanes, each lane of tile x touching
 * only element x*L + c + lane, becomes the same statements over K*L lanes
 *     for xo in range(N / K): body over Ramp(xo*K*L + c, 1, K*L)
 * (no loop at all when K = N).  A schedule that splits the width of a
 * convolution's output row by 8 and vectorizes the 8 then runs each
 * statement of the window once per row instead of once per 8 outputs.
 *
 * The statements of all K tiles then run in lock step instead of tile after
 * tile.  That changes nothing observable when no tile reads or writes what
 * another writes: every access to written storage uses the one index the
 * stores use, which names the tile's own L elements for the whole body (it
 * uses no variable bound inside the body).  Each element still sees its own
 * operations in the loop's order, so results are identical.
 *
 * The body may hold lets of scalars, guards and loops that do not depend on
 * x, and stores; x may appear only as the tile's start in a Ramp of stride 1
 * and L lanes.  Anything else keeps the loop. */
#include "passes.h"

#include <string.h>

#include "builtins.h"
#include "fold.h"
#include "tir_visit.h"

#define WIDEN_MAX_WRITTEN 8
#define WIDEN_MAX_INNER 16

typedef struct {
    tir_arena *a;
    const tir_var *x;
    int64_t lanes;  /* L: every vector in the body has this many lanes (0 until the first) */
    int64_t wide;   /* K*L */
    tir_expr *tile; /* x's first tile after widening, times L: xo*K*L, or NULL for 0 */
    /* the storage the body writes, with the indices every access to it uses */
    uint32_t nwritten;
    const tir_stmt *written[WIDEN_MAX_WRITTEN];
    /* variables bound inside the body (inner loops, lets) */
    uint32_t ninner;
    const tir_var *inner[WIDEN_MAX_INNER];
} widener;

static bool uses_inner(const widener *w, const tir_expr *e)
{
    for (uint32_t i = 0; i < w->ninner; i++)
        if (tir_expr_uses_var(e, w->inner[i]))
            return true;
    return false;
}

/* Is e a tile's start, Ramp(x*L + c, 1, L) with c free of x? */
static bool tile_ramp(const widener *w, const tir_expr *e)
{
    int64_t coef;
    return e->kind == TIR_E_RAMP && e->lanes == w->lanes && e->b->kind == TIR_E_INT && e->b->ival == 1 &&
           tir_linear_coefficient(e->a, w->x, &coef) && coef == w->lanes;
}

static bool note_lanes(widener *w, int64_t lanes)
{
    if (!w->lanes)
        w->lanes = lanes;
    return lanes == w->lanes;
}

static const tir_stmt *written_store(const widener *w, const tir_var *data)
{
    for (uint32_t i = 0; i < w->nwritten; i++)
        if (w->written[i]->buffer->data == data)
            return w->written[i];
    return NULL;
}

/* Does an access to `buffer` at `idx` use exactly the indices of the store
 * that writes its storage (or is its storage not written)? */
static bool own_elements(const widener *w, const tir_buffer *buffer, tir_expr *const *idx, uint32_t n)
{
    const tir_stmt *st = written_store(w, buffer->data);
    if (!st)
        return true;
    if (st->buffer != buffer || st->nindices != n)
        return false;
    for (uint32_t d = 0; d < n; d++)
        if (!tir_expr_equal(st->indices[d], idx[d]))
            return false;
    return true;
}

static bool not_written_load(const tir_expr *e, void *ctx)
{
    return e->kind != TIR_E_LOAD || !written_store(ctx, e->buffer->data);
}

/* Can e be widened: a scalar free of x that reads no written storage (it
 * is the same in every tile), or a lane-wise vector of L lanes whose only
 * use of x is a tile's start? */
static bool widenable(widener *w, const tir_expr *e)
{
    if (!e)
        return true;
    if (e->dtype.lanes == 1)
        return !tir_expr_uses_var(e, w->x) && tir_walk_expr(e, not_written_load, w);
    if (!note_lanes(w, e->dtype.lanes))
        return false;
    switch (e->kind) {
    case TIR_E_RAMP:
        return tile_ramp(w, e);
    case TIR_E_BROADCAST:
        return widenable(w, e->a) && e->a->dtype.lanes == 1;
    case TIR_E_LOAD:
        if (e->buffer->dtype.lanes != 1 || e->nargs == 0 || !tile_ramp(w, e->args[e->nargs - 1]))
            return false;
        for (uint32_t d = 0; d + 1 < e->nargs; d++)
            if (e->args[d]->dtype.lanes != 1 || !widenable(w, e->args[d]))
                return false;
        return own_elements(w, e->buffer, e->args, e->nargs);
    case TIR_E_CALL: {
        const tir_builtin *bi = e->op ? tir_builtin_find(e->op) : NULL;
        if (!bi || !bi->lanewise || e->callee)
            return false;
        for (uint32_t i = 0; i < e->nargs; i++)
            if (!widenable(w, e->args[i]))
                return false;
        return true;
    }
    case TIR_E_CAST: case TIR_E_SELECT: case TIR_E_NOT: case TIR_E_AND: case TIR_E_OR:
        return widenable(w, e->a) && widenable(w, e->b) && widenable(w, e->c);
    default:
        if (tir_is_binary(e->kind) || tir_is_cmp(e->kind))
            return widenable(w, e->a) && widenable(w, e->b);
        return false; /* shuffles, lets, folds into one element */
    }
}

/* First walk: the stores, and the variables the body binds. */
static bool collect(widener *w, const tir_stmt *s)
{
    switch (s->kind) {
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            if (!collect(w, s->seq[i]))
                return false;
        return true;
    case TIR_S_IF:
        return collect(w, s->body) && (!s->else_case || collect(w, s->else_case));
    case TIR_S_LET:
    case TIR_S_FOR:
        if (w->ninner == WIDEN_MAX_INNER)
            return false;
        w->inner[w->ninner++] = s->var;
        return collect(w, s->body);
    case TIR_S_STORE: {
        if (s->nindices == 0 || s->buffer->dtype.lanes != 1 || s->value->dtype.lanes < 2 ||
            !note_lanes(w, s->value->dtype.lanes) || !tile_ramp(w, s->indices[s->nindices - 1]))
            return false;
        const tir_stmt *first = written_store(w, s->buffer->data);
        if (first)
            return own_elements(w, s->buffer, s->indices, s->nindices);
        if (w->nwritten == WIDEN_MAX_WRITTEN)
            return false;
        w->written[w->nwritten++] = s;
        return true;
    }
    default:
        return false; /* calls, asserts, allocations, parallel or thread regions */
    }
}

/* Second walk: every expression widenable, every loop and guard free of x. */
static bool check(widener *w, const tir_stmt *s)
{
    switch (s->kind) {
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            if (!check(w, s->seq[i]))
                return false;
        return true;
    case TIR_S_IF:
        return s->cond->dtype.lanes == 1 && widenable(w, s->cond) && check(w, s->body) &&
               (!s->else_case || check(w, s->else_case));
    case TIR_S_LET:
        return s->value->dtype.lanes == 1 && widenable(w, s->value) && check(w, s->body);
    case TIR_S_FOR:
        return (s->for_kind == TIR_FOR_SERIAL || s->for_kind == TIR_FOR_UNROLLED) && widenable(w, s->min) &&
               widenable(w, s->extent) && check(w, s->body);
    case TIR_S_STORE:
        for (uint32_t d = 0; d < s->nindices; d++)
            if (uses_inner(w, s->indices[d]) || (d + 1 < s->nindices && !widenable(w, s->indices[d])))
                return false;
        return widenable(w, s->value);
    default:
        return false;
    }
}

static tir_expr *widen_expr(widener *w, tir_expr *e)
{
    if (!e || e->dtype.lanes == 1)
        return e;
    tir_expr *n = tir_expr_new(w->a, e->kind, e->dtype, e->loc);
    *n = *e;
    n->dtype = tir_dt_with_lanes(e->dtype, (uint16_t)w->wide);
    if (e->kind == TIR_E_RAMP) {
        tir_expr *c = tir_drop_var(w->a, e->a, w->x);
        if (w->tile)
            c = c->kind == TIR_E_INT && c->ival == 0 ? w->tile : tir_binary(w->a, TIR_E_ADD, w->tile, c, e->loc);
        n->a = c;
        n->lanes = (int)w->wide;
        return n;
    }
    if (e->kind == TIR_E_BROADCAST) {
        n->lanes = (int)w->wide;
        return n;
    }
    n->a = widen_expr(w, e->a);
    n->b = widen_expr(w, e->b);
    n->c = widen_expr(w, e->c);
    if (e->nargs) {
        n->args = tir_arena_alloc(w->a, e->nargs * sizeof *n->args);
        for (uint32_t i = 0; i < e->nargs; i++)
            n->args[i] = widen_expr(w, e->args[i]);
    }
    return n;
}

static tir_stmt *widen_stmt(widener *w, const tir_stmt *s)
{
    tir_stmt *n = tir_stmt_new(w->a, s->kind, s->loc);
    *n = *s;
    switch (s->kind) {
    case TIR_S_SEQ:
        n->seq = tir_arena_alloc(w->a, s->nseq * sizeof *n->seq);
        for (uint32_t i = 0; i < s->nseq; i++)
            n->seq[i] = widen_stmt(w, s->seq[i]);
        break;
    case TIR_S_IF:
        n->body = widen_stmt(w, s->body);
        n->else_case = s->else_case ? widen_stmt(w, s->else_case) : NULL;
        break;
    case TIR_S_LET:
    case TIR_S_FOR:
        n->body = widen_stmt(w, s->body);
        break;
    default: /* a store (check() allowed nothing else) */
        n->indices = tir_arena_alloc(w->a, s->nindices * sizeof *n->indices);
        for (uint32_t d = 0; d < s->nindices; d++)
            n->indices[d] = widen_expr(w, s->indices[d]);
        n->value = widen_expr(w, s->value);
        break;
    }
    return n;
}

static tir_stmt *widen_loop(tir_rewriter *r, tir_stmt *s)
{
    if (s->kind != TIR_S_FOR || (s->for_kind != TIR_FOR_SERIAL && s->for_kind != TIR_FOR_UNROLLED) ||
        s->min->kind != TIR_E_INT || s->min->ival != 0 || s->extent->kind != TIR_E_INT || s->extent->ival < 2 ||
        s->var->dtype.lanes != 1 || !tir_dt_is_int(s->var->dtype))
        return s;
    widener w = {.a = r->ctx, .x = s->var};
    if (!collect(&w, s->body) || !check(&w, s->body) || w.lanes < 2)
        return s; /* (a body with no vector statement has no tiles to widen) */
    /* K tiles at once: the most that divides the loop and fits TIR's widest vector */
    int64_t n = s->extent->ival, k = TIR_STRIP_LANES_LONG / w.lanes;
    while (k >= 2 && n % k != 0)
        k--;
    if (k < 2)
        return s;
    w.wide = k * w.lanes;
    if (k == n)
        return widen_stmt(&w, s->body);
    tir_var *xo = tir_var_new(w.a, s->var->name, s->var->dtype, s->loc);
    w.tile = tir_binary(w.a, TIR_E_MUL, tir_var_ref(w.a, xo, s->loc), tir_int(w.a, s->var->dtype, w.wide, s->loc),
                        s->loc);
    tir_stmt *loop = tir_stmt_new(w.a, TIR_S_FOR, s->loc);
    *loop = *s;
    loop->var = xo;
    loop->extent = tir_int(w.a, s->var->dtype, n / k, s->loc);
    loop->body = widen_stmt(&w, s->body);
    return loop;
}

bool tir_pass_widen(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = widen_loop, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
