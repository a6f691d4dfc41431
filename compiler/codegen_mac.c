/* Codegen: the loop-level multiply-accumulate and reduction instructions
 * (mac, mac2, rsum and friends) selected for whole loops. */
#include "codegen_internal.h"

/* ---- loop-level instructions ---------------------------------------------
 * A serial loop whose body is exactly  X[fixed] = X[fixed] + Y[affine] * Z[affine]
 * (Y scalar, broadcast when X and Z are vectors of L lanes with stride 1)
 * becomes one MAC instruction.  Selected only when the three accesses are
 * provably inside every dimension for the whole loop (so the per-dimension
 * checks it skips could never fail), X does not share storage with Y or Z,
 * and the buffers have constant shapes and no declared strides. */
typedef struct {
    const tir_buffer *buf;
    tir_expr **idx;   /* the indices with the loop variable at its start */
    uint32_t n;
    int64_t stride;   /* flat elements per loop step */
} mac_access;

static bool const_shape(const tir_buffer *b)
{
    if (b->nstrides || b->dtype.lanes != 1)
        return false;
    for (uint32_t i = 0; i < b->ndim; i++)
        if (b->shape[i]->kind != TIR_E_INT)
            return false;
    return true;
}

/* Is index idx (affine in the loop variable) inside [0, extent) for the whole loop, and the
 * last one with `lanes` consecutive lanes? */
static bool mac_access_of(cg *c, const tir_expr *load, const tir_var *k, unsigned lanes, mac_access *out)
{
    if (load->kind != TIR_E_LOAD || !const_shape(load->buffer) || load->nargs == 0)
        return false;
    const tir_buffer *b = load->buffer;
    out->buf = b;
    out->n = load->nargs;
    out->idx = tir_arena_alloc(c->a, load->nargs * sizeof *out->idx);
    int64_t stride = 0, dim_stride = 1;
    for (uint32_t d = load->nargs; d-- > 0;) {
        const tir_expr *ix = load->args[d];
        int64_t width = 1;
        if (d + 1 == load->nargs && lanes > 1) {
            if (ix->kind != TIR_E_RAMP || ix->b->kind != TIR_E_INT || ix->b->ival != 1 || (unsigned)ix->lanes != lanes)
                return false;
            ix = ix->a;
            width = lanes;
        }
        int64_t coef, term;
        if (ix->dtype.lanes != 1 || !tir_linear_coefficient(ix, k, &coef) || __builtin_mul_overflow(coef, dim_stride, &term) ||
            __builtin_add_overflow(stride, term, &stride))
            return false;
        interval r = cg_range_of(c, ix);
        if (!r.known || r.lo < 0 || r.hi + width - 1 >= b->shape[d]->ival)
            return false;
        out->idx[d] = (tir_expr *)ix;
        if (__builtin_mul_overflow(dim_stride, b->shape[d]->ival, &dim_stride))
            return false;
    }
    out->stride = stride;
    return true;
}


static tir_expr *substitute(cg *c, tir_expr *e, const subst *sb)
{
    if (!e || !sb)
        return e;
    if (e->kind == TIR_E_VAR) {
        for (const subst *p = sb; p; p = p->next)
            if (p->var == e->var)
                return p->value;
        return e;
    }
    tir_expr *n = tir_arena_alloc(c->a, sizeof *n);
    *n = *e;
    n->a = substitute(c, e->a, sb);
    n->b = substitute(c, e->b, sb);
    n->c = substitute(c, e->c, sb);
    if (e->nargs) {
        n->args = tir_arena_alloc(c->a, e->nargs * sizeof *n->args);
        for (uint32_t i = 0; i < e->nargs; i++)
            n->args[i] = substitute(c, e->args[i], sb);
    }
    return n;
}

tir_stmt *cg_substitute_store(cg *c, const tir_stmt *st, const subst *sb)
{
    tir_stmt *n = tir_arena_alloc(c->a, sizeof *n);
    *n = *st;
    n->value = substitute(c, st->value, sb);
    n->indices = tir_arena_alloc(c->a, (st->nindices ? st->nindices : 1) * sizeof *n->indices);
    for (uint32_t i = 0; i < st->nindices; i++)
        n->indices[i] = substitute(c, st->indices[i], sb);
    return n;
}

/* Skips lets of a variable or a constant (a lowered block's iter var
 * bindings), recording them in *sb for substitute. */
const tir_stmt *cg_skip_lets(cg *c, const tir_stmt *st, subst **sb)
{
    while (st->kind == TIR_S_LET && (st->value->kind == TIR_E_VAR || st->value->kind == TIR_E_INT) &&
           tir_dt_eq(st->var->dtype, st->value->dtype)) {
        subst *p = tir_arena_alloc(c->a, sizeof *p);
        p->var = st->var;
        p->value = substitute(c, st->value, *sb);
        p->next = *sb;
        *sb = p;
        st = st->body;
    }
    return st;
}

static bool try_gen_mac_store(cg *c, const tir_stmt *loop, const tir_stmt *st, const tir_stmt *init,
                              tir_expr *init_cond);

/* Is init a store of a constant to the element st accumulates into (the
 * reduction block's init, `lanes` wide)? */
static bool init_sets_accumulator(const tir_stmt *init, const tir_stmt *st, unsigned lanes)
{
    const tir_expr *iv = init->value;
    if (iv->kind == TIR_E_BROADCAST)
        iv = iv->a;
    bool same = (iv->kind == TIR_E_FLOAT || iv->kind == TIR_E_INT) && init->buffer == st->buffer &&
                init->nindices == st->nindices && init->value->dtype.lanes == lanes;
    for (uint32_t i = 0; same && i < st->nindices; i++)
        same = tir_expr_equal(init->indices[i], st->indices[i]);
    return same;
}

/* The init of a loop-level reduction, once before it, under the part of
 * its guard that does not name the reduction loops.  With at_xr, an init
 * that init_sets_accumulator matched is stored at the accumulator's flat
 * offset xr (in storage xb), which the instruction computes anyway; without,
 * it runs as the statement it is. */
static void gen_guarded_init(cg *c, const tir_stmt *init, tir_expr *init_cond, bool at_xr, uint32_t xb, uint32_t xr)
{
    if (!init)
        return;
    false_jumps skip = {.n = 0};
    if (init_cond)
        cg_gen_branch_if_false(c, init_cond, &skip);
    if (!at_xr) {
        cg_gen_stmt(c, init);
    } else {
        tir_vtype vt = cg_elem_vt(c, init->buffer->dtype, init->loc);
        uint32_t v = cg_gen_expr(c, init->value), lanes = init->value->dtype.lanes;
        if (lanes > 1)
            EMIT5(c, cg_typed(c, TIRBC_OP_VST_BOOL, vt, init->loc), xb, xr, cg_const_int(c, TIR_VT_I64, 1), v, lanes);
        else
            EMIT3(c, cg_typed(c, TIRBC_OP_ST_BOOL, vt, init->loc), xb, xr, v);
    }
    cg_patch_false_jumps(c, &skip, c->ncode);
}

/* A loop-level instruction's start offsets (and its init) are computed for
 * the first iteration: the loop variables bound since `first_var` hold their
 * first value there, so cg_var_reg reads them as constants, the offsets fold,
 * and no instruction sets their registers. */
static void pin_to_first_iteration(cg *c, uint32_t first_var)
{
    for (uint32_t i = first_var; i < c->nvars; i++)
        c->vars[i].range.hi = c->vars[i].range.lo;
}

/* A reduction body's init guard (lower.c): `if g: X = c` then the update,
 * where g is "k == min" for every reduction loop in `loops` and possibly
 * terms of outer loops, which must not name those loops.  On a match,
 * *init is the init store, *init_cond the outer terms (or NULL) and
 * *update the statement after the guard; a body without a guard matches
 * with *init NULL.  sb substitutes the lowered block's lets. */
static bool split_init_guard(cg *c, const tir_stmt *st, const subst *sb, const tir_stmt *const *loops,
                             uint32_t nloops, const tir_stmt **init, tir_expr **init_cond, const tir_stmt **update)
{
    *init = NULL;
    *init_cond = NULL;
    *update = st;
    if (!(st->kind == TIR_S_SEQ && st->nseq == 2 && st->seq[0]->kind == TIR_S_IF && !st->seq[0]->else_case &&
          st->seq[0]->body->kind == TIR_S_STORE))
        return true;
    tir_expr *g = substitute(c, st->seq[0]->cond, sb);
    tir_expr *terms[8];
    uint32_t nterms = 0;
    bool found[2] = {false, false};
    if (nloops > 2 || !cg_and_terms(g, terms, 8, &nterms))
        return false;
    for (uint32_t i = 0; i < nterms; i++) {
        tir_expr *t = terms[i];
        bool first = false;
        for (uint32_t l = 0; l < nloops && !first; l++)
            if (!found[l] && t->kind == TIR_E_EQ && t->a->kind == TIR_E_VAR && t->a->var == loops[l]->var &&
                t->b->kind == TIR_E_INT && loops[l]->min->kind == TIR_E_INT && t->b->ival == loops[l]->min->ival)
                found[l] = first = true;
        if (first)
            continue;
        for (uint32_t l = 0; l < nloops; l++)
            if (tir_expr_uses_var(t, loops[l]->var))
                return false;
        *init_cond = *init_cond ? tir_binary(c->a, TIR_E_AND, *init_cond, t, t->loc) : t;
    }
    for (uint32_t l = 0; l < nloops; l++)
        if (!found[l])
            return false;
    *init = cg_substitute_store(c, st->seq[0]->body, sb);
    *update = st->seq[1];
    return true;
}

/* The body forms that are one accumulation: [lets of variables] [if k == min: X = init] X += Y * Z. */
bool cg_try_gen_mac(cg *c, const tir_stmt *loop)
{
    subst *sb = NULL;
    const tir_stmt *st = cg_skip_lets(c, loop->body, &sb);
    const tir_stmt *init;
    tir_expr *init_cond;
    const tir_stmt *loops[1] = {loop};
    if (!split_init_guard(c, st, sb, loops, 1, &init, &init_cond, &st))
        return false;
    if (st->kind != TIR_S_STORE)
        return false;
    return try_gen_mac_store(c, loop, cg_substitute_store(c, st, sb), init, init_cond);
}

/* The conjuncts of a scalar And tree, at most max of them. */
bool cg_and_terms(tir_expr *e, tir_expr **out, uint32_t max, uint32_t *n)
{
    if (e->kind == TIR_E_AND && e->dtype.lanes == 1)
        return cg_and_terms(e->a, out, max, n) && cg_and_terms(e->b, out, max, n);
    if (*n >= max)
        return false;
    out[(*n)++] = e;
    return true;
}


/* Is x a load of the element st stores, at indices that do not change with k? */
static bool is_accumulator(const tir_expr *x, const tir_stmt *st, const tir_var *k)
{
    if (x->kind != TIR_E_LOAD || x->buffer->data != st->buffer->data || x->nargs != st->nindices ||
        x->dtype.lanes != 1)
        return false;
    for (uint32_t i = 0; i < st->nindices; i++) {
        int64_t coef;
        if (!tir_expr_equal(x->args[i], st->indices[i]) || !tir_linear_coefficient(st->indices[i], k, &coef) ||
            coef != 0)
            return false;
    }
    return true;
}

/* `for k: X = X + Y[affine in k]` (or max(X, Y), min(X, Y)) over float32 or
 * float64: one rsum/rmax/rmin, accumulating in a register (the promoted
 * element itself, or X loaded before and stored after). */
static bool try_gen_reduce(cg *c, const tir_stmt *loop, const tir_stmt *st, const tir_stmt *init,
                           tir_expr *init_cond)
{
    const tir_var *k = loop->var;
    const tir_expr *v = st->value;
    tir_vtype vt = tir_dtype_vtype(v->dtype);
    if (v->dtype.lanes != 1 || (vt != TIR_VT_F32 && vt != TIR_VT_F64) ||
        (v->kind != TIR_E_ADD && v->kind != TIR_E_MAX && v->kind != TIR_E_MIN))
        return false;
    const tir_expr *x = v->a, *y = v->b;
    if (v->kind == TIR_E_ADD && !is_accumulator(x, st, k)) { /* addition commutes exactly */
        x = v->b;
        y = v->a;
    }
    /* max and min keep the loop's operand order: the accumulator first */
    if (!is_accumulator(x, st, k) || y->kind != TIR_E_LOAD || y->dtype.lanes != 1 || tir_expr_uses_var(x, k))
        return false;
    const struct promoted *px = cg_find_promoted(c, st->buffer->data);
    int xb = px ? -1 : cg_storage_of(c, st->buffer), yb = cg_storage_of(c, y->buffer);
    if ((!px && xb < 0) || yb < 0 || yb == xb)
        return false;
    if (init && !init_sets_accumulator(init, st, 1))
        return false;
    interval kr = {true, loop->min->ival, 0};
    if (__builtin_add_overflow(loop->min->ival, loop->extent->ival - 1, &kr.hi))
        return false;
    uint32_t mark = c->ntaken;
    cg_bind_var(c, k, kr);
    mac_access Y;
    if (!mac_access_of(c, y, k, 1, &Y)) {
        c->nvars--; /* forget the trial binding of k */
        return false;
    }
    pin_to_first_iteration(c, c->nvars - 1);
    gen_guarded_init(c, init, init_cond, false, 0, 0);
    uint32_t accr = px ? cg_promoted_reg(c, px, st->buffer, st->indices, st->nindices, st->loc) : cg_gen_load(c, x);
    uint32_t yr = cg_gen_flat_index(c, Y.buf, Y.idx, Y.n, (uint32_t)yb, st->loc);
    tirbc_opcode op = v->kind == TIR_E_ADD   ? (vt == TIR_VT_F32 ? TIRBC_OP_RSUM_F32 : TIRBC_OP_RSUM_F64)
                      : v->kind == TIR_E_MAX ? (vt == TIR_VT_F32 ? TIRBC_OP_RMAX_F32 : TIRBC_OP_RMAX_F64)
                                             : (vt == TIR_VT_F32 ? TIRBC_OP_RMIN_F32 : TIRBC_OP_RMIN_F64);
    EMIT5(c, op, accr, (uint32_t)yb, yr, cg_const_int(c, TIR_VT_I64, Y.stride),
          cg_const_int(c, TIR_VT_I64, loop->extent->ival));
    if (!px) {
        flat_index f = cg_gen_flat(c, st->buffer, st->indices, st->nindices, (uint32_t)xb, st->loc);
        if (f.mad)
            EMIT5(c, cg_typed(c, TIRBC_OP_STX_BOOL, vt, st->loc), (uint32_t)xb, f.a, f.s, f.b, accr);
        else
            EMIT3(c, cg_typed(c, TIRBC_OP_ST_BOOL, vt, st->loc), (uint32_t)xb, f.reg, accr);
    }
    cg_release_temps(c, mark);
    return true;
}

/* The product's factors with factor `order` (0 or 1) as the scalar one:
 * *y that factor (unwrapped from its broadcast when the product has lanes),
 * *z the other; false when a vector product's factor is not a broadcast. */
static bool split_product(const tir_expr *prod, int order, unsigned lanes, const tir_expr **y, const tir_expr **z)
{
    *y = order == 0 ? prod->a : prod->b;
    *z = order == 0 ? prod->b : prod->a;
    if (lanes == 1)
        return true;
    if ((*y)->kind != TIR_E_BROADCAST)
        return false;
    *y = (*y)->a;
    return true;
}

/* st stores X + Y*Z (the sum in either order) where X is the stored
 * element itself, at indices that none of vars moves: gives the
 * accumulator X and the product. */
static bool accumulates_product(const tir_stmt *st, const tir_var *const *vars, int nvars, const tir_expr **acc,
                                const tir_expr **prod)
{
    const tir_expr *v = st->value;
    if (v->kind != TIR_E_ADD)
        return false;
    bool product_second = v->b->kind == TIR_E_MUL;
    *acc = product_second ? v->a : v->b;
    *prod = product_second ? v->b : v->a;
    const tir_expr *x = *acc;
    if ((*prod)->kind != TIR_E_MUL || x->kind != TIR_E_LOAD || x->buffer != st->buffer || x->nargs != st->nindices)
        return false;
    for (uint32_t i = 0; i < st->nindices; i++) {
        if (!tir_expr_equal(x->args[i], st->indices[i]))
            return false;
        for (int j = 0; j < nvars; j++) {
            int64_t coef;
            if (!tir_linear_coefficient(st->indices[i], vars[j], &coef) || coef != 0)
                return false;
        }
    }
    return true;
}

static bool try_gen_mac_store(cg *c, const tir_stmt *loop, const tir_stmt *st, const tir_stmt *init,
                              tir_expr *init_cond)
{
    const tir_var *k = loop->var;
    bool is_int = tir_dt_is_int(st->value->dtype) && !tir_dt_is_bool(st->value->dtype);
    if (st->kind != TIR_S_STORE || st->nindices == 0 || !(tir_dt_is_float(st->value->dtype) || is_int) ||
        loop->min->kind != TIR_E_INT || loop->extent->kind != TIR_E_INT || loop->extent->ival < 1)
        return false;
    unsigned lanes = st->value->dtype.lanes;
    if (try_gen_reduce(c, loop, st, init, init_cond))
        return true;
    const tir_expr *acc, *prod;
    if (!accumulates_product(st, &k, 1, &acc, &prod))
        return false;
    for (int order = 0; order < 2; order++) {
        const tir_expr *y, *z;
        if (!split_product(prod, order, lanes, &y, &z))
            continue;
        /* integer products may widen their sources first: (T)Y * (T)Z, both of one kind */
        tir_vtype src_kind = TIR_VT_NONE;
        if (is_int) {
            if (y->kind == TIR_E_CAST && tir_dt_is_int(y->a->dtype) && !tir_dt_is_bool(y->a->dtype))
                y = y->a;
            if (z->kind == TIR_E_CAST && tir_dt_is_int(z->a->dtype) && !tir_dt_is_bool(z->a->dtype))
                z = z->a;
            src_kind = tir_dtype_vtype(y->dtype);
            if (src_kind != tir_dtype_vtype(z->dtype))
                continue;
        }
        if (y->kind != TIR_E_LOAD || y->dtype.lanes != 1 || z->kind != TIR_E_LOAD || z->dtype.lanes != lanes)
            continue;
        /* the loop variable's range, for the bounds proofs */
        interval kr = {true, loop->min->ival, 0};
        if (__builtin_add_overflow(loop->min->ival, loop->extent->ival - 1, &kr.hi))
            return false;
        uint32_t mark = c->ntaken;
        cg_bind_var(c, k, kr);
        mac_access X, Y, Z;
        int xb = cg_storage_of(c, st->buffer), yb = cg_storage_of(c, y->buffer), zb = cg_storage_of(c, z->buffer);
        tir_expr xload = *acc; /* the stored element, as an access */
        xload.nargs = st->nindices;
        xload.args = st->indices;
        xload.dtype = st->value->dtype;
        if (xb < 0 || yb < 0 || zb < 0 || xb == yb || xb == zb || !mac_access_of(c, &xload, k, lanes, &X) ||
            !mac_access_of(c, y, k, 1, &Y) || !mac_access_of(c, z, k, lanes, &Z)) {
            c->nvars--; /* forget the trial binding of k */
            return false;
        }
        /* the init store writes the accumulator itself, at the first iteration */
        if (init && !init_sets_accumulator(init, st, lanes)) {
            c->nvars--;
            return false;
        }
        tir_vtype vt = cg_elem_vt(c, st->buffer->dtype, st->loc);
        pin_to_first_iteration(c, c->nvars - 1);
        uint32_t xr = cg_gen_flat_index(c, X.buf, X.idx, X.n, (uint32_t)xb, st->loc);
        /* the loop runs at least once (extent >= 1), so the guard holds once, first */
        gen_guarded_init(c, init, init_cond, true, (uint32_t)xb, xr);
        uint32_t yr = cg_gen_flat_index(c, Y.buf, Y.idx, Y.n, (uint32_t)yb, st->loc);
        uint32_t zr = cg_gen_flat_index(c, Z.buf, Z.idx, Z.n, (uint32_t)zb, st->loc);
        if (is_int)
            cg_emit(c, cg_typed(c, TIRBC_OP_MACI_I32, vt, st->loc), 11, (uint32_t)xb, xr, (uint32_t)yb, yr,
                 cg_const_int(c, TIR_VT_I64, Y.stride), (uint32_t)zb, zr, cg_const_int(c, TIR_VT_I64, Z.stride),
                 cg_const_int(c, TIR_VT_I64, loop->extent->ival), lanes, (uint32_t)src_kind);
        else
            cg_emit(c, cg_typed(c, TIRBC_OP_MAC_F32, vt, st->loc), 10, (uint32_t)xb, xr, (uint32_t)yb, yr,
                 cg_const_int(c, TIR_VT_I64, Y.stride), (uint32_t)zb, zr, cg_const_int(c, TIR_VT_I64, Z.stride),
                 cg_const_int(c, TIR_VT_I64, loop->extent->ival), lanes);
        cg_release_temps(c, mark);
        return true;
    }
    return false;
}

/* Two nested reduction loops over one float multiply-accumulate (a
 * convolution's 3x3 window): for a: for b: [lets] [if a == min and b == min
 * (and terms of outer loops): X = c] X += Y * Z, with X fixed and Y and Z
 * affine in a and b, becomes one mac2. */
bool cg_try_gen_mac2(cg *c, const tir_stmt *outer)
{
    subst *sb = NULL;
    const tir_stmt *inner = cg_skip_lets(c, outer->body, &sb);
    if (inner->kind != TIR_S_FOR || (inner->for_kind != TIR_FOR_SERIAL && inner->for_kind != TIR_FOR_UNROLLED))
        return false;
    const tir_stmt *loops[2] = {outer, inner};
    for (int i = 0; i < 2; i++)
        if (loops[i]->min->kind != TIR_E_INT || loops[i]->extent->kind != TIR_E_INT || loops[i]->extent->ival < 1 ||
            !tir_dt_is_int(loops[i]->var->dtype))
            return false;
    const tir_var *va = outer->var, *vb = inner->var;
    const tir_stmt *st = cg_skip_lets(c, inner->body, &sb);
    const tir_stmt *init;
    tir_expr *init_cond;
    if (!split_init_guard(c, st, sb, loops, 2, &init, &init_cond, &st))
        return false;
    if (st->kind != TIR_S_STORE)
        return false;
    st = cg_substitute_store(c, st, sb);
    const tir_expr *v = st->value;
    tir_vtype vt = tir_dtype_vtype(v->dtype);
    unsigned lanes = v->dtype.lanes;
    const tir_var *window[2] = {va, vb};
    const tir_expr *x, *prod;
    if (st->nindices == 0 || (vt != TIR_VT_F32 && vt != TIR_VT_F64) || !accumulates_product(st, window, 2, &x, &prod))
        return false;
    for (int order = 0; order < 2; order++) {
        const tir_expr *y, *z;
        if (!split_product(prod, order, lanes, &y, &z))
            continue;
        if (y->kind != TIR_E_LOAD || y->dtype.lanes != 1 || z->kind != TIR_E_LOAD || z->dtype.lanes != lanes)
            continue;
        int xb = cg_storage_of(c, st->buffer), yb = cg_storage_of(c, y->buffer), zb = cg_storage_of(c, z->buffer);
        if (xb < 0 || yb < 0 || zb < 0 || xb == yb || xb == zb)
            return false;
        if (init && !init_sets_accumulator(init, st, lanes))
            return false;
        interval ra = {true, outer->min->ival, 0}, rb = {true, inner->min->ival, 0};
        if (__builtin_add_overflow(outer->min->ival, outer->extent->ival - 1, &ra.hi) ||
            __builtin_add_overflow(inner->min->ival, inner->extent->ival - 1, &rb.hi))
            return false;
        uint32_t mark = c->ntaken;
        cg_bind_var(c, va, ra);
        cg_bind_var(c, vb, rb);
        mac_access X, Ya, Yb, Za, Zb;
        tir_expr xload = *x; /* the stored element, as an access */
        xload.nargs = st->nindices;
        xload.args = st->indices;
        xload.dtype = st->value->dtype;
        if (!mac_access_of(c, &xload, va, lanes, &X) || !mac_access_of(c, y, va, 1, &Ya) ||
            !mac_access_of(c, y, vb, 1, &Yb) || !mac_access_of(c, z, va, lanes, &Za) ||
            !mac_access_of(c, z, vb, lanes, &Zb)) {
            c->nvars -= 2; /* forget the trial bindings */
            return false;
        }
        pin_to_first_iteration(c, c->nvars - 2);
        uint32_t xr = cg_gen_flat_index(c, X.buf, X.idx, X.n, (uint32_t)xb, st->loc);
        gen_guarded_init(c, init, init_cond, true, (uint32_t)xb, xr);
        uint32_t yr = cg_gen_flat_index(c, Ya.buf, Ya.idx, Ya.n, (uint32_t)yb, st->loc);
        uint32_t zr = cg_gen_flat_index(c, Za.buf, Za.idx, Za.n, (uint32_t)zb, st->loc);
        cg_emit(c, vt == TIR_VT_F32 ? TIRBC_OP_MAC2_F32 : TIRBC_OP_MAC2_F64, 13, (uint32_t)xb, xr, (uint32_t)yb, yr,
             cg_const_int(c, TIR_VT_I64, Ya.stride), cg_const_int(c, TIR_VT_I64, Yb.stride), (uint32_t)zb, zr,
             cg_const_int(c, TIR_VT_I64, Za.stride), cg_const_int(c, TIR_VT_I64, Zb.stride),
             cg_const_int(c, TIR_VT_I64, outer->extent->ival), cg_const_int(c, TIR_VT_I64, inner->extent->ival), lanes);
        cg_release_temps(c, mark);
        return true;
    }
    return false;
}

/* Free of loads, calls and integer division: evaluating it cannot fail and
 * has no effect, so how often it is evaluated cannot be observed. */
