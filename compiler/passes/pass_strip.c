/* Pass strip: a serial loop over [0, E) whose body is lets and stores of
 * lane-wise expressions runs as E / L vector iterations of L lanes, then
 * the remaining iterations as narrower vectors and a serial loop:
 *     for v in range(E): X[.., v] = f(Y[.., v])
 * becomes
 *     for vec in range(E // L): strip = vec * L; X[.., Ramp(strip, 1, L)] = f(...)
 *     X[.., Ramp(E // L * L, 1, 8)] = ...      (when 8 iterations remain)
 *     for v in range(E // L * L + 8, E): X[.., v] = f(Y[.., v])
 * when nothing observable can change: no integer division (nothing can
 * trap), every access provably inside every dimension for the whole loop
 * (tir_range, from the enclosing loops, lets and if conditions), each
 * stored buffer written once per iteration at a unit-stride index and its
 * storage not read in the body, so no iteration sees another's store.  A
 * store that accumulates into one element (a row sum) folds its terms, as
 * a vector, into the element in lane order (a loop that is one rsum or
 * mac instruction has become one before: pass loop-instructions). */
#include "passes.h"

#include <string.h>

#include "buffer_views.h"
#include "fold.h"
#include "module.h"
#include "pass_scope.h"
#include "register_buffers.h"
#include "tir_visit.h"

#define STRIP_LANES 16
/* Even a loop of 2 or 3 iterations becomes one vector: one dispatch in
 * place of a loop's six or more (a padding stage's two edge columns). */
#define STRIP_MIN_EXTENT 2
/* A loop of at most the format's widest vector (TIRBC_MAX_LANES) runs as
 * one vector of its whole extent.  Longer loops take strips of that width
 * when they are a whole number of them or long enough (eight strips) that
 * the remainder's narrower vectors, and their registers, cost little; else
 * strips of STRIP_LANES_CHUNK, TIR_STRIP_LANES_LONG or STRIP_LANES, each
 * taken when the loop has two strips of it or exactly a whole number:
 * fewer instructions to dispatch per element. */
#define STRIP_LANES_CHUNK 256
static int strip_width(int64_t E)
{
    if (E <= (int64_t)TIRBC_MAX_LANES)
        return (int)E;
    if (E % TIRBC_MAX_LANES == 0 || E >= 8 * (int64_t)TIRBC_MAX_LANES)
        return TIRBC_MAX_LANES;
    static const int widths[] = {STRIP_LANES_CHUNK, TIR_STRIP_LANES_LONG, STRIP_LANES};
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++)
        if (E >= 2 * widths[i] || (E >= widths[i] && E % widths[i] == 0))
            return widths[i];
    return STRIP_LANES;
}

static bool not_int_division(const tir_expr *e, void *unused)
{
    (void)unused;
    return !((e->kind == TIR_E_DIV || e->kind == TIR_E_MOD || e->kind == TIR_E_FLOORDIV || e->kind == TIR_E_FLOORMOD) &&
             tir_dt_is_int(e->dtype));
}

/* Does e divide integers (which can trap, and a vector would trap for
 * lanes the loop may not have reached)? */
static bool has_int_division(const tir_expr *e) { return !tir_walk_expr(e, not_int_division, NULL); }

/* Storage a strip-mined loop writes: a whole buffer, or (an accumulation
 * into a register-held element) one element. */
typedef struct {
    const tir_var *data;
    int64_t elem; /* -1: any element */
} written_storage;

/* Is every index of an access provably inside its dimension? */
static bool access_in_bounds(tir_scoped_rewriter *w, const tir_buffer *b, tir_expr *const *idx, uint32_t n)
{
    for (uint32_t d = 0; d < n; d++)
        if (!tir_scope_index_fits(w, idx[d], b->shape[d], 1))
            return false;
    return true;
}

/* Loads in e: every one provably in bounds; none from the storage `written`,
 * except the very element the iteration stores (`self`). */
static bool loads_safe_except(tir_scoped_rewriter *w, const tir_expr *e, const written_storage *written, uint32_t nwritten,
                              const tir_stmt *self)
{
    if (!e)
        return true;
    if (e->kind == TIR_E_LOAD) {
        bool own = self && e->buffer == self->buffer && e->nargs == self->nindices;
        for (uint32_t d = 0; own && d < e->nargs; d++)
            own = tir_expr_equal(e->args[d], self->indices[d]);
        for (uint32_t i = 0; i < nwritten && !own; i++) {
            int64_t flat;
            if (e->buffer->data != written[i].data)
                continue;
            if (written[i].elem < 0 || !tir_const_flat_index(e->buffer, e->args, e->nargs, &flat) ||
                flat == written[i].elem)
                return false;
        }
        if (e->buffer->dtype.lanes != 1 || !access_in_bounds(w, e->buffer, e->args, e->nargs))
            return false;
    }
    if (!loads_safe_except(w, e->a, written, nwritten, self) || !loads_safe_except(w, e->b, written, nwritten, self) ||
        !loads_safe_except(w, e->c, written, nwritten, self))
        return false;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!loads_safe_except(w, e->args[i], written, nwritten, self))
            return false;
    return true;
}

static bool loads_safe(tir_scoped_rewriter *w, const tir_expr *e, const written_storage *written, uint32_t nwritten)
{
    return loads_safe_except(w, e, written, nwritten, NULL);
}

/* Can loop (serial, over [0, E)) run as vector strips?  The conditions of
 * the file's comment, with the walk's facts and v in [0, E). */
static bool strippable(tir_scoped_rewriter *w, const tir_stmt *loop)
{
    const tir_var *v = loop->var;
    /* the body: lets, then one store or a sequence of stores; each store
     * writes element v of its last dimension, or accumulates into one
     * element (its terms folded in lane order) */
    const tir_stmt *body = loop->body;
    const tir_stmt *lets[8];
    uint32_t nlets = 0;
    while (body->kind == TIR_S_LET) {
        if (nlets == 8 || body->value->dtype.lanes != 1 || has_int_division(body->value))
            return false;
        lets[nlets++] = body;
        body = body->body;
    }
    const tir_stmt *const *stores = (const tir_stmt *const *)&body;
    uint32_t n = 1;
    if (body->kind == TIR_S_SEQ) {
        stores = (const tir_stmt *const *)body->seq;
        n = body->nseq;
    }
    if (n > 8)
        return false;
    written_storage written[8];
    const tir_expr *terms[8];
    for (uint32_t i = 0; i < n; i++) {
        const tir_stmt *st = stores[i];
        if (st->kind != TIR_S_STORE || st->nindices == 0 || st->value->dtype.lanes != 1 ||
            st->buffer->dtype.lanes != 1 || has_int_division(st->value))
            return false;
        for (uint32_t j = 0; j < i; j++)
            if (written[j].data == st->buffer->data)
                return false;
        written[i].data = st->buffer->data;
        written[i].elem = -1;
        terms[i] = NULL;
        const tir_expr *acc;
        int64_t coef;
        if (tir_linear_coefficient(st->indices[st->nindices - 1], v, &coef) && coef == 1) {
            if (tir_scope_in_registers(w, st->buffer->data))
                return false; /* registers, not memory a vector can store to */
            continue;
        }
        for (uint32_t d = 0; d < st->nindices; d++)
            if (tir_expr_uses_var(st->indices[d], v))
                return false;
        for (uint32_t l = 0; l < nlets; l++)
            for (uint32_t d = 0; d < st->nindices; d++)
                if (tir_expr_uses_var(st->indices[d], lets[l]->var))
                    return false;
        if (!tir_accumulation(st, &acc, &terms[i]))
            return false;
        int64_t flat;
        if (tir_scope_in_registers(w, st->buffer->data) && tir_const_flat_index(st->buffer, st->indices, st->nindices, &flat))
            written[i].elem = flat;
    }
    /* the lets' values are computed for all lanes before any store */
    for (uint32_t l = 0; l < nlets; l++)
        if (!loads_safe(w, lets[l]->value, written, n))
            return false;
    for (uint32_t i = 0; i < n; i++) {
        const tir_stmt *st = stores[i];
        if (!access_in_bounds(w, st->buffer, st->indices, st->nindices))
            return false;
        for (uint32_t d = 0; d < st->nindices; d++)
            if (has_int_division(st->indices[d]) || !loads_safe(w, st->indices[d], written, n))
                return false;
        /* an accumulation's terms must not read what the loop writes; with
         * one store, the value may read the element it replaces */
        if (terms[i] ? !loads_safe(w, terms[i], written, n)
                     : !loads_safe_except(w, st->value, written, n, n == 1 ? st : NULL))
            return false;
    }
    return true;
}

/* The strips, the narrower vectors and the serial rest of a strippable
 * loop; NULL if the body does not vectorize after all. */
static tir_stmt *strip_mine(tir_arena *a, tir_stmt *loop)
{
    const tir_var *v = loop->var;
    tir_loc loc = loop->loc;
    int64_t E = loop->extent->ival;
    int width = strip_width(E);
    int64_t full = E / width;
    tir_stmt *parts[16]; /* the strips, at most 9 narrower vectors (512 ... 4 lanes), the rest */
    uint32_t n = 0;
    if (full == 1) { /* one strip: no loop around it */
        if (!(parts[n++] = tir_vectorize_body_in_bounds(a, loop->body, v, width, tir_int(a, v->dtype, 0, loc))))
            return NULL;
    } else {
        /* the strip's first element, computed once per strip for every access */
        tir_var *io = tir_var_new(a, "vec", v->dtype, loc);
        tir_var *start = tir_var_new(a, "strip", v->dtype, loc);
        tir_stmt *vbody = tir_vectorize_body_in_bounds(a, loop->body, v, width, tir_var_ref(a, start, loc));
        if (!vbody)
            return NULL;
        tir_stmt *let = tir_stmt_new(a, TIR_S_LET, loc);
        let->var = start;
        let->value = tir_binary(a, TIR_E_MUL, tir_var_ref(a, io, loc), tir_int(a, v->dtype, width, loc), loc);
        let->body = vbody;
        tir_stmt *vloop = tir_stmt_new(a, TIR_S_FOR, loc);
        vloop->var = io;
        vloop->min = tir_int(a, v->dtype, 0, loc);
        vloop->extent = tir_int(a, v->dtype, full, loc);
        vloop->for_kind = TIR_FOR_SERIAL;
        vloop->body = let;
        parts[n++] = vloop;
    }
    /* what is left: one vector of half the width, then of a quarter, ...
     * down to 4 lanes, when that many remain (the conditions hold for any
     * grouping of the iterations), then the rest serially */
    int64_t done = full * width;
    for (int lanes = width / 2; lanes >= 4; lanes /= 2) {
        if (E - done < lanes)
            continue;
        tir_stmt *tail = tir_vectorize_body_in_bounds(a, loop->body, v, lanes, tir_int(a, v->dtype, done, loc));
        if (!tail)
            break;
        parts[n++] = tail;
        done += lanes;
    }
    if (done < E) {
        tir_stmt *rest = tir_stmt_new(a, TIR_S_FOR, loc);
        *rest = *loop;
        rest->min = tir_int(a, v->dtype, done, loc);
        rest->extent = tir_int(a, v->dtype, E - done, loc);
        parts[n++] = rest;
    }
    return n == 1 ? parts[0] : tir_seq(a, parts, n, loc);
}

/* Views of buffers without their trailing dimensions of extent 1, for
 * the accesses that index them with 0: X[0, c, 0, 0] of a global pool's
 * [1, C, 1, 1] output as X'[0, c], the same element (the dropped
 * dimensions add 0 to the flat index and multiply no stride), with c now
 * last, where a strip can take it. */
typedef struct {
    const tir_buffer *from;
    uint32_t keep;
    tir_buffer *view;
} tail_view_of;

typedef struct {
    tir_arena *a;
    tail_view_of views[8];
    uint32_t nviews;
    bool changed;
} unit_tails;

static tir_buffer *tail_view(unit_tails *u, tir_buffer *b, tir_expr *const *idx, uint32_t n, uint32_t *keep)
{
    *keep = tir_unit_tail_kept(b, idx, n);
    if (*keep == n)
        return b;
    for (uint32_t i = 0; i < u->nviews; i++)
        if (u->views[i].from == b && u->views[i].keep == *keep)
            return u->views[i].view;
    if (u->nviews == sizeof u->views / sizeof u->views[0]) {
        *keep = n;
        return b;
    }
    tir_buffer *v = tir_buffer_view(u->a, b, *keep);
    u->views[u->nviews++] = (tail_view_of){b, *keep, v};
    return v;
}

/* An access (its buffer and index count) moved onto its view. */
static void onto_view(unit_tails *u, tir_buffer **b, tir_expr *const *idx, uint32_t *n)
{
    uint32_t keep;
    *b = tail_view(u, *b, idx, *n, &keep);
    u->changed |= keep != *n;
    *n = keep;
}

static tir_expr *tail_load(tir_rewriter *r, tir_expr *e)
{
    if (e->kind == TIR_E_LOAD)
        onto_view(r->ctx, &e->buffer, e->args, &e->nargs);
    return e;
}

static tir_stmt *tail_store(tir_rewriter *r, tir_stmt *s)
{
    if (s->kind == TIR_S_STORE)
        onto_view(r->ctx, &s->buffer, s->indices, &s->nindices);
    return s;
}

/* A copy of loop with its accesses on unit-tail views, or NULL when none
 * has such a tail. */
static tir_stmt *without_unit_tails(tir_arena *a, const tir_stmt *loop)
{
    tir_stmt *copy = tir_copy_stmt(a, loop);
    if (!copy)
        return NULL;
    unit_tails u = {.a = a};
    tir_rewriter rw = {.expr = tail_load, .stmt = tail_store, .ctx = &u};
    copy->body = tir_rewrite_stmt(&rw, copy->body);
    return u.changed ? copy : NULL;
}

static tir_stmt *strip_loop(tir_scoped_rewriter *w, tir_stmt *s)
{
    if (s->kind != TIR_S_FOR || s->for_kind != TIR_FOR_SERIAL || s->min->kind != TIR_E_INT || s->min->ival != 0 ||
        s->extent->kind != TIR_E_INT || s->extent->ival < STRIP_MIN_EXTENT || !tir_dt_is_int(s->var->dtype))
        return s;
    tir_stmt *loop = s;
    if (!strippable(w, s)) {
        loop = without_unit_tails(w->ctx, s);
        if (!loop || !strippable(w, loop))
            return s;
    }
    tir_stmt *strips = strip_mine(w->ctx, loop);
    return strips ? strips : s;
}

bool tir_pass_strip(tir_pass_ctx *p, tir_func *f)
{
    tir_scoped_rewriter w = {.leave = strip_loop, .ctx = p->a};
    f->body = tir_scoped_rewrite(&w, f->body);
    return true;
}
