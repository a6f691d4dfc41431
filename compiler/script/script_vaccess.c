/* Buffer.vload / Buffer.vstore (tvmscript.md 6.6): the vector accesses TVM
 * prints for a BufferLoad / BufferStore, with or without a predicate.
 *
 * Without a predicate, or with one whose every lane is a constant true,
 * they are the plain vector access.  A predicate masks lanes: a masked-off
 * lane of a store writes nothing, and a masked-off lane of a load is not read
 * (TVM leaves its value unspecified; here it is zero).  Neither is bounds
 * checked, which is what predication is for (a vector loop's tail).  tirvm
 * runs a predicated access lane by lane: each lane's index, predicate and
 * stored value are taken from the Ramp / Broadcast structure of the vector
 * expressions, and an access whose lanes cannot be taken apart that way is
 * refused by name. */
#include <stdio.h>
#include <string.h>

#include "script_internal.h"

/* Lane k of the vector expression e as a scalar expression, or NULL when e is
 * not built lane by lane from Ramp, Broadcast, operators, casts, selects and
 * loads.  A scalar is its own every lane. */
static tir_expr *lane_of(builder *b, tir_expr *e, int k)
{
    if (!e)
        return NULL;
    if (e->dtype.lanes == 1)
        return e;
    tir_dtype sdt = tir_dt_with_lanes(e->dtype, 1);
    switch (e->kind) {
    case TIR_E_RAMP: {
        if (e->a->dtype.lanes != 1 || e->b->dtype.lanes != 1)
            return NULL;
        tir_expr *step = tir_binary(b->a, TIR_E_MUL, e->b, tir_int(b->a, e->b->dtype, k, e->loc), e->loc);
        return tir_binary(b->a, TIR_E_ADD, e->a, step, e->loc);
    }
    case TIR_E_BROADCAST: return e->a->dtype.lanes == 1 ? e->a : NULL;
    case TIR_E_CAST: {
        tir_expr *x = lane_of(b, e->a, k);
        return x ? tir_cast(b->a, sdt, x, e->loc) : NULL;
    }
    case TIR_E_NOT: {
        tir_expr *x = lane_of(b, e->a, k);
        if (!x)
            return NULL;
        tir_expr *n = tir_expr_new(b->a, TIR_E_NOT, sdt, e->loc);
        n->a = x;
        return n;
    }
    case TIR_E_SELECT: {
        tir_expr *c = lane_of(b, e->a, k), *t = lane_of(b, e->b, k), *f = lane_of(b, e->c, k);
        return c && t && f ? tir_select(b->a, c, t, f, e->loc) : NULL;
    }
    case TIR_E_LOAD: {
        if (e->buffer->dtype.lanes != 1 || !e->nargs)
            return NULL;
        for (uint32_t i = 0; i + 1 < e->nargs; i++)
            if (e->args[i]->dtype.lanes != 1)
                return NULL;
        tir_expr *last = lane_of(b, e->args[e->nargs - 1], k);
        if (!last)
            return NULL;
        tir_expr *ld = tir_expr_new(b->a, TIR_E_LOAD, sdt, e->loc);
        ld->buffer = e->buffer;
        ld->nargs = e->nargs;
        ld->args = tir_arena_alloc(b->a, e->nargs * sizeof *ld->args);
        memcpy(ld->args, e->args, e->nargs * sizeof *ld->args);
        ld->args[e->nargs - 1] = last;
        return ld;
    }
    case TIR_E_SHUFFLE: {
        /* lane k is lane indices[k] of the vectors' concatenation */
        if ((uint32_t)k >= e->nargs2 || e->args2[k]->kind != TIR_E_INT)
            return NULL;
        int64_t j = e->args2[k]->ival;
        for (uint32_t i = 0; i < e->nargs && j >= 0; i++) {
            if (j < e->args[i]->dtype.lanes)
                return lane_of(b, e->args[i], (int)j);
            j -= e->args[i]->dtype.lanes;
        }
        return NULL;
    }
    default:
        break;
    }
    if (tir_is_binary(e->kind) || tir_is_cmp(e->kind) || e->kind == TIR_E_AND || e->kind == TIR_E_OR) {
        tir_expr *x = lane_of(b, e->a, k), *y = lane_of(b, e->b, k);
        if (!x || !y)
            return NULL;
        tir_expr *r = tir_binary(b->a, e->kind, x, y, e->loc);
        r->dtype = sdt;
        return r;
    }
    return NULL;
}

/* Is every lane of the predicate a constant true? */
static bool all_true(builder *b, tir_expr *p)
{
    for (int k = 0; k < p->dtype.lanes; k++) {
        tir_expr *x = lane_of(b, p, k);
        if (!x || x->kind != TIR_E_INT || x->ival == 0)
            return false;
    }
    return true;
}

/* The indices of begin, the last one widened to a Ramp of `lanes` lanes
 * when it is a scalar and the access has more lanes than the buffer's
 * element (TVM's Buffer::vload / vstore). */
static tir_expr **access_indices(builder *b, tir_buffer *buf, const sval *begin, int lanes, uint32_t *n, tir_loc loc)
{
    if (!begin || begin->kind != SV_TUPLE || begin->n == 0) {
        ERR(b, loc, "%s.vload / vstore take a list of indices", buf->name);
        return NULL;
    }
    tir_expr **idx = tir_arena_alloc(b->a, begin->n * sizeof *idx);
    for (uint32_t i = 0; i < begin->n; i++)
        if (!(idx[i] = sb_to_expr(b, &begin->items[i])))
            return NULL;
    tir_expr *last = idx[begin->n - 1];
    int per = buf->dtype.lanes;
    if (lanes != per && last->dtype.lanes == 1) {
        if (lanes % per) {
            ERR(b, loc, "cannot access %d lanes of buffer '%s' of %s", lanes, buf->name, tir_dtype_name(buf->dtype));
            return NULL;
        }
        tir_expr *r = tir_expr_new(b->a, TIR_E_RAMP, tir_dt_with_lanes(last->dtype, (uint16_t)(lanes / per)), loc);
        r->a = last;
        r->b = tir_int(b->a, last->dtype, 1, loc);
        r->lanes = lanes / per;
        idx[begin->n - 1] = r;
    }
    *n = begin->n;
    return idx;
}

static tir_expr *predicate_of(builder *b, const sval *p, int lanes, const char *what, tir_loc loc)
{
    if (!p || p->kind == SV_NONE)
        return NULL;
    tir_expr *e = sb_to_expr(b, p);
    if (!e)
        return NULL;
    if (!tir_dt_is_bool(e->dtype) || e->dtype.lanes != lanes) {
        ERR(b, p->loc, "the predicate of %s must be a bool vector of %d lanes, got %s", what, lanes, tir_dtype_name(e->dtype));
        return NULL;
    }
    (void)loc;
    return e;
}

static bool refuse_lanes(builder *b, const char *what, tir_loc loc)
{
    UNSUPPORTED(b, loc,
        "predicated buffer access (%s) whose index, predicate or value is not built lane by lane from "
        "Ramp and Broadcast",
        what);
    return false;
}

sval sb_vload(builder *b, tir_buffer *buf, const call_args *ca)
{
    sval none = sv_none(ca->loc);
    char what[160];
    snprintf(what, sizeof what, "%s.vload", buf->name);
    const sval *begin = sb_arg(ca, 0, "begin"), *dts = sb_arg(ca, 1, "dtype"), *pred = sb_kwarg(ca, "predicate");
    if (!pred && ca->n > 2)
        pred = &ca->pos[2];
    tir_dtype dt = buf->dtype;
    if (dts && dts->kind != SV_NONE) {
        if (!sb_dtype_of(b, dts, &dt))
            return none;
        if (!tir_dt_eq(tir_dt_with_lanes(dt, 1), tir_dt_with_lanes(buf->dtype, 1))) {
            ERR(b, dts->loc, "cannot load %s from buffer '%s' of %s", tir_dtype_name(dt), buf->name, tir_dtype_name(buf->dtype));
            return none;
        }
    }
    uint32_t n;
    tir_expr **idx = access_indices(b, buf, begin, dt.lanes, &n, ca->loc);
    if (!idx)
        return none;
    int ilanes = idx[n - 1]->dtype.lanes;
    tir_expr *ld = tir_expr_new(b->a, TIR_E_LOAD, tir_dt_with_lanes(buf->dtype, (uint16_t)(buf->dtype.lanes * ilanes)),
                                ca->loc);
    ld->buffer = buf;
    ld->nargs = n;
    ld->args = idx;
    if (!pred || pred->kind == SV_NONE)
        return sv_expr(ld);
    int lanes = ld->dtype.lanes;
    tir_expr *p = predicate_of(b, pred, lanes, what, ca->loc);
    if (!p)
        return none;
    if (all_true(b, p))
        return sv_expr(ld);
    if (buf->dtype.lanes != 1) {
        refuse_lanes(b, what, ca->loc);
        return none;
    }
    /* Shuffle of the lanes, each if_then_else(pred_k, A[..., idx_k], 0) */
    tir_expr *sh = tir_expr_new(b->a, TIR_E_SHUFFLE, ld->dtype, ca->loc);
    sh->nargs = sh->nargs2 = (uint32_t)lanes;
    sh->args = tir_arena_alloc(b->a, lanes * sizeof *sh->args);
    sh->args2 = tir_arena_alloc(b->a, lanes * sizeof *sh->args2);
    tir_dtype sdt = tir_dt_with_lanes(buf->dtype, 1);
    for (int k = 0; k < lanes; k++) {
        tir_expr *pk = lane_of(b, p, k), *lk = lane_of(b, ld, k);
        if (!pk || !lk) {
            refuse_lanes(b, what, ca->loc);
            return none;
        }
        tir_expr *zero = tir_dt_is_float(sdt) ? tir_float(b->a, sdt, 0.0, ca->loc) : tir_int(b->a, sdt, 0, ca->loc);
        tir_expr *args[3] = {pk, lk, zero};
        sh->args[k] = sb_call_node(b, sdt, "tir.if_then_else", args, 3, ca->loc);
        sh->args2[k] = tir_int(b->a, TIR_DT_I32, k, ca->loc);
    }
    return sv_expr(sh);
}

tir_stmt *sb_vstore(builder *b, tir_buffer *buf, const call_args *ca)
{
    char what[160];
    snprintf(what, sizeof what, "%s.vstore", buf->name);
    if (buf->data && buf->data->is_const) {
        ERR(b, ca->loc, "buffer '%s' views the constant data of T.allocate_const '%s', which is read-only", buf->name,
            buf->data->name);
        return NULL;
    }
    const sval *begin = sb_arg(ca, 0, "begin"), *val = sb_arg(ca, 1, "value"), *pred = sb_kwarg(ca, "predicate");
    if (!pred && ca->n > 2)
        pred = &ca->pos[2];
    if (!val) {
        ERR(b, ca->loc, "%s takes indices and a value", what);
        return NULL;
    }
    tir_dtype sdt = tir_dt_with_lanes(buf->dtype, 1);
    tir_expr *v = val->kind == SV_EXPR ? val->e : sb_to_expr_as(b, val, buf->dtype);
    if (!v)
        return NULL;
    if (!tir_dt_eq(tir_dt_with_lanes(v->dtype, 1), sdt)) {
        ERR(b, val->loc, "cannot store %s into buffer '%s' of %s", tir_dtype_name(v->dtype), buf->name,
            tir_dtype_name(buf->dtype));
        return NULL;
    }
    uint32_t n;
    tir_expr **idx = access_indices(b, buf, begin, v->dtype.lanes, &n, ca->loc);
    if (!idx)
        return NULL;
    tir_stmt *st = tir_stmt_new(b->a, TIR_S_STORE, ca->loc);
    st->buffer = buf;
    st->value = v;
    st->nindices = n;
    st->indices = idx;
    if (!pred || pred->kind == SV_NONE)
        return st;
    int lanes = v->dtype.lanes;
    tir_expr *p = predicate_of(b, pred, lanes, what, ca->loc);
    if (!p)
        return NULL;
    if (all_true(b, p))
        return st;
    if (buf->dtype.lanes != 1) {
        refuse_lanes(b, what, ca->loc);
        return NULL;
    }
    for (uint32_t i = 0; i + 1 < n; i++)
        if (idx[i]->dtype.lanes != 1) {
            refuse_lanes(b, what, ca->loc);
            return NULL;
        }
    /* lane by lane: if pred_k: A[..., idx_k] = value_k */
    tir_stmt **items = tir_arena_alloc(b->a, lanes * sizeof *items);
    for (int k = 0; k < lanes; k++) {
        tir_expr *pk = lane_of(b, p, k), *vk = lane_of(b, v, k), *ik = lane_of(b, idx[n - 1], k);
        if (!pk || !vk || !ik) {
            refuse_lanes(b, what, ca->loc);
            return NULL;
        }
        tir_stmt *s = tir_stmt_new(b->a, TIR_S_STORE, ca->loc);
        s->buffer = buf;
        s->value = vk;
        s->nindices = n;
        s->indices = tir_arena_alloc(b->a, n * sizeof *s->indices);
        memcpy(s->indices, idx, n * sizeof *s->indices);
        s->indices[n - 1] = ik;
        tir_stmt *g = tir_stmt_new(b->a, TIR_S_IF, ca->loc);
        g->cond = pk;
        g->body = s;
        items[k] = g;
    }
    return tir_seq(b->a, items, (uint32_t)lanes, ca->loc);
}
