/* Codegen: strip-mining of serial loops into vector iterations plus a
 * serial remainder. */
#include "codegen_internal.h"

/* ---- strip-mining serial loops into vectors --------------------------------
 * A serial loop over [0, E) whose body is stores of lane-wise expressions runs
 * as E / L vector iterations of L lanes, then the remaining iterations
 * serially, when nothing observable can change: no integer division (nothing
 * can trap), every access provably inside every dimension for the whole loop,
 * each stored buffer written once per iteration at a unit-stride index and
 * its storage not read in the body, so no iteration sees another's store. */
#define STRIP_LANES 16
/* Shorter loops stay serial: a vector of 2 or 3 lanes saves nothing. */
#define STRIP_MIN_EXTENT 4
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

static bool has_int_division(const tir_expr *e)
{
    if (!e)
        return false;
    if ((e->kind == TIR_E_DIV || e->kind == TIR_E_MOD || e->kind == TIR_E_FLOORDIV || e->kind == TIR_E_FLOORMOD) &&
        tir_dt_is_int(e->dtype))
        return true;
    if (has_int_division(e->a) || has_int_division(e->b) || has_int_division(e->c))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (has_int_division(e->args[i]))
            return true;
    return false;
}

/* Storage a strip-mined loop writes: a whole buffer, or (an accumulation
 * into a register-held element) one element. */
typedef struct {
    const tir_var *data;
    int64_t elem; /* -1: any element */
} written_storage;

/* Loads in e: every one provably in bounds; none from the storage `written`,
 * except the very element the iteration stores (`self`). */
static bool loads_safe_except(cg *c, const tir_expr *e, const written_storage *written, uint32_t nwritten,
                              const tir_stmt *self)
{
    if (!e)
        return true;
    if (e->kind == TIR_E_LOAD) {
        bool own = self && e->buffer == self->buffer && e->nargs == self->nindices;
        for (uint32_t d = 0; own && d < e->nargs; d++)
            own = tir_expr_equal(e->args[d], self->indices[d]);
        for (uint32_t w = 0; w < nwritten && !own; w++) {
            int64_t flat;
            if (e->buffer->data != written[w].data)
                continue;
            if (written[w].elem < 0 || !cg_const_flat_index(e->buffer, e->args, e->nargs, &flat) ||
                flat == written[w].elem)
                return false;
        }
        if (e->buffer->dtype.lanes != 1)
            return false;
        for (uint32_t d = 0; d < e->nargs; d++) {
            interval r = cg_range_of(c, e->args[d]);
            if (!r.known || r.lo < 0 || e->buffer->shape[d]->kind != TIR_E_INT || r.hi >= e->buffer->shape[d]->ival)
                return false;
        }
    }
    if (!loads_safe_except(c, e->a, written, nwritten, self) || !loads_safe_except(c, e->b, written, nwritten, self) ||
        !loads_safe_except(c, e->c, written, nwritten, self))
        return false;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!loads_safe_except(c, e->args[i], written, nwritten, self))
            return false;
    return true;
}

static bool loads_safe(cg *c, const tir_expr *e, const written_storage *written, uint32_t nwritten)
{
    return loads_safe_except(c, e, written, nwritten, NULL);
}

bool cg_try_strip_mine(cg *c, const tir_stmt *loop)
{
    const tir_var *v = loop->var;
    if (loop->min->kind != TIR_E_INT || loop->min->ival != 0 || loop->extent->kind != TIR_E_INT ||
        loop->extent->ival < STRIP_MIN_EXTENT || !tir_dt_is_int(v->dtype))
        return false;
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
        for (uint32_t w = 0; w < i; w++)
            if (written[w].data == st->buffer->data)
                return false;
        written[i].data = st->buffer->data;
        written[i].elem = -1;
        terms[i] = NULL;
        const tir_expr *acc;
        int64_t coef;
        if (tir_linear_coefficient(st->indices[st->nindices - 1], v, &coef) && coef == 1) {
            if (cg_find_promoted(c, st->buffer->data))
                return false; /* a register, not memory a vector can store to */
            continue;
        }
        for (uint32_t d = 0; d < st->nindices; d++)
            if (tir_expr_uses_var(st->indices[d], v))
                return false;
        for (uint32_t l = 0; l < nlets; l++)
            for (uint32_t d = 0; d < st->nindices; d++)
                if (tir_expr_uses_var(st->indices[d], lets[l]->var))
                    return false;
        if (getenv("NOACC") || !tir_accumulation(st, &acc, &terms[i]))
            return false;
        int64_t flat;
        if (cg_find_promoted(c, st->buffer->data) && cg_const_flat_index(st->buffer, st->indices, st->nindices, &flat))
            written[i].elem = flat;
    }
    interval vr = {true, 0, loop->extent->ival - 1};
    uint32_t nvars_before = c->nvars;
    cg_bind_var(c, v, vr);
    bool ok = true;
    /* the lets' values are computed for all lanes before any store */
    for (uint32_t l = 0; ok && l < nlets; l++)
        ok = loads_safe(c, lets[l]->value, written, n);
    for (uint32_t i = 0; ok && i < n; i++) {
        const tir_stmt *st = stores[i];
        for (uint32_t d = 0; ok && d < st->nindices; d++) {
            interval r = cg_range_of(c, st->indices[d]);
            ok = r.known && r.lo >= 0 && st->buffer->shape[d]->kind == TIR_E_INT && r.hi < st->buffer->shape[d]->ival &&
                 !has_int_division(st->indices[d]) && loads_safe(c, st->indices[d], written, n);
        }
        /* an accumulation's terms must not read what the loop writes; with
         * one store, the value may read the element it replaces */
        if (terms[i])
            ok = ok && loads_safe(c, terms[i], written, n);
        else
            ok = ok && loads_safe_except(c, st->value, written, n, n == 1 ? st : NULL);
    }
    c->nvars = nvars_before;
    if (!ok)
        return false;
    /* for io in [0, E / L): body with v = Ramp(io * L, 1, L); then v in [E / L * L, E) serially */
    int64_t E = loop->extent->ival;
    int width = strip_width(E);
    int64_t full = E / width;
    if (full == 1) { /* one strip: no loop around it */
        tir_stmt *vbody = tir_vectorize_body(c->a, loop->body, v, width, tir_int(c->a, v->dtype, 0, loop->loc));
        if (!vbody)
            return false;
        cg_gen_stmt(c, vbody);
    } else {
        /* the strip's first element, computed once per strip for every access */
        tir_var *io = tir_var_new(c->a, "vec", v->dtype, loop->loc);
        tir_var *start = tir_var_new(c->a, "strip", v->dtype, loop->loc);
        tir_stmt *vbody = tir_vectorize_body(c->a, loop->body, v, width, tir_var_ref(c->a, start, loop->loc));
        if (!vbody)
            return false;
        tir_stmt *let = tir_stmt_new(c->a, TIR_S_LET, loop->loc);
        let->var = start;
        let->value = tir_binary(c->a, TIR_E_MUL, tir_var_ref(c->a, io, loop->loc),
                                tir_int(c->a, v->dtype, width, loop->loc), loop->loc);
        let->body = vbody;
        tir_stmt *vloop = tir_stmt_new(c->a, TIR_S_FOR, loop->loc);
        vloop->var = io;
        vloop->min = tir_int(c->a, v->dtype, 0, loop->loc);
        vloop->extent = tir_int(c->a, v->dtype, full, loop->loc);
        vloop->for_kind = TIR_FOR_SERIAL;
        vloop->body = let;
        cg_gen_stmt(c, vloop);
    }
    /* what is left: one vector of 8 lanes, then of 4, when that many remain
     * (the conditions above hold for any grouping of the iterations) */
    int64_t done = full * width;
    for (int lanes = width / 2; lanes >= 4; lanes /= 2) {
        if (E - done < lanes)
            continue;
        tir_stmt *tail = tir_vectorize_body(c->a, loop->body, v, lanes, tir_int(c->a, v->dtype, done, loop->loc));
        if (!tail)
            break;
        cg_gen_stmt(c, tail);
        done += lanes;
    }
    if (done < E) {
        tir_stmt *rest = tir_stmt_new(c->a, TIR_S_FOR, loop->loc);
        *rest = *loop;
        rest->min = tir_int(c->a, v->dtype, done, loop->loc);
        rest->extent = tir_int(c->a, v->dtype, E - done, loop->loc);
        rest->for_kind = TIR_FOR_UNROLLED; /* the remainder: serial, and not strip-mined again */
        cg_gen_stmt(c, rest);
    }
    return true;
}

/* Two nested reduction loops over one float multiply-accumulate (a
 * convolution's 3x3 window): for a: for b: [lets] [if a == min and b == min
 * (and terms of outer loops): X = c] X += Y * Z, with X fixed and Y and Z
 * affine in a and b, becomes one mac2. */
