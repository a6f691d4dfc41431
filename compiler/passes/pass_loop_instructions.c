/* Pass loop-instructions: a serial reduction loop (or a nest of two) whose
 * body accumulates into one element,
 *     for k in range(m, m + E): X[fixed] = X[fixed] OP T
 * becomes one statement that codegen runs as one loop-level instruction:
 *     T a load Y[affine in k], OP +, max or min (float32/64):
 *         T.evaluate(tirvm.reduce_add(X[fixed], Y[at k = m], y_stride, E))
 *     (two loops a: b: whose Y steps are a = Eb * b's: one range of Ea * Eb)
 *     the same with X a row of L lanes and Y a row of L lanes a constant c
 *     apart, over one or two loops (a max pool's window after interchange):
 *         T.evaluate(tirvm.window_max(X[.., Ramp], Y[at start], y_stride_a, y_stride_b, Ea, Eb, c))
 *     T a product Y * Z, OP + (float, or integer with both factors widened
 *     from one kind), Y scalar and X, Z vectors of L lanes or scalars:
 *         T.evaluate(tirvm.mac(X[..], Y[at k = m], Z[at k = m], y_stride, z_stride, E))
 *     two loops for a: for b: X += Y * Z (a convolution's window), float:
 *         T.evaluate(tirvm.mac2(X, Y, Z, y_stride_a, y_stride_b, z_stride_a, z_stride_b, Ea, Eb))
 *     the same with Z's lanes a constant c > 1 elements apart (a stride-c
 *     window over a row of outputs):
 *         T.evaluate(tirvm.mac2s(X, Y, Z, y_stride_a, y_stride_b, z_stride_a, z_stride_b, Ea, Eb, c))
 *     three loops for c: for a: for b: X += Y * Z (the input channels and
 *     the window of a convolution), float, Z's lanes c >= 1 elements apart:
 *         T.evaluate(tirvm.mac3(X, Y, Z, ysc, ysa, ysb, zsc, zsa, zsb, Ec, Ea, Eb, c))
 * Strides count flat elements per step of the loop variable.  One matcher
 * takes the nest: lets of variables or constants (a block's iter var
 * bindings) are looked through, and a reduction block's init guarded by
 * k == m for every reduction loop (plus terms of outer loops) runs once,
 * before the instruction, under the outer terms: a statement before
 * tirvm.reduce_*, two more arguments of tirvm.mac and tirvm.mac2 (the
 * value stored at X, and the condition, true when there is none).  The instruction skips
 * the per-element checks, so it is chosen only when every access is
 * provably inside every dimension for the whole loop (range facts of the
 * enclosing scope; a symbolic first dimension holds the variable of a loop
 * over its extent), the buffers have constant shapes past the first
 * dimension and no declared strides, X shares no storage with Y or Z, and (mac) X is in memory, not
 * in registers.  The instructions add in the loop's order, so results are
 * bit-identical to the loop's. */
#include "passes.h"

#include <string.h>

#include "fold.h"
#include "pass_scope.h"

/* A buffer whose flat strides are constants: no declared strides, scalar
 * elements, every dimension after the first constant.  The first (a
 * symbolic batch) multiplies no stride; it only bounds its index. */
static bool const_strides(const tir_buffer *b)
{
    if (b->nstrides || b->dtype.lanes != 1)
        return false;
    for (uint32_t i = 1; i < b->ndim; i++)
        if (b->shape[i]->kind != TIR_E_INT)
            return false;
    return true;
}

/* The flat elements an access moves per step of k: its indices are affine
 * in k, each (the last over `lanes` consecutive lanes) inside its
 * dimension for the whole loop.  False otherwise. */
static bool access_stride_lanes(tir_scoped_rewriter *sr, const tir_expr *load, const tir_var *k, unsigned lanes,
                                int64_t *stride_out, int64_t *lane_stride)
{
    if (load->kind != TIR_E_LOAD || !const_strides(load->buffer) || load->nargs == 0)
        return false;
    const tir_buffer *b = load->buffer;
    int64_t stride = 0, dim_stride = 1;
    for (uint32_t d = load->nargs; d-- > 0;) {
        const tir_expr *ix = load->args[d];
        int64_t width = 1;
        if (d + 1 == load->nargs && lanes > 1) {
            /* lanes one element apart, or (lane_stride given) any positive
             * constant number apart */
            if (ix->kind != TIR_E_RAMP || ix->b->kind != TIR_E_INT || ix->b->ival < 1 ||
                (ix->b->ival != 1 && !lane_stride) || (unsigned)ix->lanes != lanes ||
                __builtin_mul_overflow(ix->b->ival, (int64_t)lanes - 1, &width))
                return false;
            if (__builtin_add_overflow(width, 1, &width))
                return false;
            if (lane_stride)
                *lane_stride = ix->b->ival;
            ix = ix->a;
        }
        int64_t coef, term;
        if (ix->dtype.lanes != 1 || !tir_linear_coefficient(ix, k, &coef) || __builtin_mul_overflow(coef, dim_stride, &term) ||
            __builtin_add_overflow(stride, term, &stride))
            return false;
        if (!tir_scope_index_fits(sr, ix, b->shape[d], width))
            return false;
        if (d > 0 && __builtin_mul_overflow(dim_stride, b->shape[d]->ival, &dim_stride))
            return false;
    }
    *stride_out = stride;
    return true;
}

/* The same with the lanes one element apart. */
static bool access_stride(tir_scoped_rewriter *sr, const tir_expr *load, const tir_var *k, unsigned lanes,
                          int64_t *stride_out)
{
    return access_stride_lanes(sr, load, k, lanes, stride_out, NULL);
}

/* Is the buffer's storage of its own element type (a view that
 * reinterprets storage is read element by element)? */
static bool own_element_type(const tir_buffer *b)
{
    const tir_var *d = b->data;
    return d->type_kind == TIR_TYPE_POINTER && d->elem_dtype.code == b->dtype.code &&
           d->elem_dtype.bits == b->dtype.bits;
}

/* A reduction body's init guard: `if g: X = c` then the update, where g is
 * "k == min" for every loop of the nest and possibly terms of outer loops
 * (which must not name the nest's loops).  On a match, *init is the init
 * store, *init_cond the outer terms (or NULL) and *update the statement
 * after the guard; a body without a guard matches with *init NULL. */
static bool split_init_guard(tir_arena *a, tir_stmt *st, tir_stmt *const *loops, uint32_t nloops, tir_stmt **init,
                             tir_expr **init_cond, tir_stmt **update)
{
    *init = NULL;
    *init_cond = NULL;
    *update = st;
    if (!(st->kind == TIR_S_SEQ && st->nseq == 2 && st->seq[0]->kind == TIR_S_IF && !st->seq[0]->else_case &&
          st->seq[0]->body->kind == TIR_S_STORE))
        return true;
    tir_expr *terms[8];
    uint32_t nterms = 0;
    bool found[3] = {false, false, false}; /* one per loop of the nest (at most three) */
    if (!tir_and_terms(st->seq[0]->cond, terms, 8, &nterms))
        return false;
    for (uint32_t i = 0; i < nterms; i++) {
        tir_expr *t = terms[i];
        bool first = false;
        for (uint32_t l = 0; l < nloops && !first; l++)
            if (!found[l] && t->kind == TIR_E_EQ && t->a->kind == TIR_E_VAR && t->a->var == loops[l]->var &&
                t->b->kind == TIR_E_INT && t->b->ival == loops[l]->min->ival)
                found[l] = first = true;
        if (first)
            continue;
        for (uint32_t l = 0; l < nloops; l++)
            if (tir_expr_uses_var(t, loops[l]->var))
                return false;
        *init_cond = *init_cond ? tir_binary(a, TIR_E_AND, *init_cond, t, t->loc) : t;
    }
    for (uint32_t l = 0; l < nloops; l++)
        if (!found[l])
            return false;
    *init = st->seq[0]->body;
    *update = st->seq[1];
    return true;
}

/* Is init a store of a constant to the element st accumulates into, `lanes` wide? */
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

/* Is x a load of the element st stores, at indices none of vars moves? */
static bool is_accumulator(const tir_expr *x, const tir_stmt *st, tir_stmt *const *loops, uint32_t nloops)
{
    if (x->kind != TIR_E_LOAD || x->buffer != st->buffer || x->nargs != st->nindices)
        return false;
    for (uint32_t i = 0; i < st->nindices; i++) {
        if (!tir_expr_equal(x->args[i], st->indices[i]))
            return false;
        for (uint32_t l = 0; l < nloops; l++) {
            int64_t coef;
            if (!tir_linear_coefficient(st->indices[i], loops[l]->var, &coef) || coef != 0)
                return false;
        }
    }
    return true;
}

static tir_expr *int64_const(tir_arena *a, int64_t v, tir_loc loc) { return tir_int(a, TIR_DT_I64, v, loc); }

static bool int_is(const tir_expr *e, int64_t v) { return e->kind == TIR_E_INT && e->ival == v; }

/* e with the integer arithmetic on constants that substitution left folded
 * away (i + 0, 0 * 8 + j), in index expressions and Ramp bases. */
static tir_expr *fold_index(tir_arena *a, tir_expr *e)
{
    if (e->kind == TIR_E_LOAD || e->kind == TIR_E_RAMP) {
        tir_expr *n = tir_expr_new(a, e->kind, e->dtype, e->loc);
        *n = *e;
        if (e->kind == TIR_E_RAMP) {
            n->a = fold_index(a, e->a);
            return n;
        }
        n->args = tir_arena_alloc(a, e->nargs * sizeof *n->args);
        for (uint32_t i = 0; i < e->nargs; i++)
            n->args[i] = fold_index(a, e->args[i]);
        return n;
    }
    if ((e->kind != TIR_E_ADD && e->kind != TIR_E_SUB && e->kind != TIR_E_MUL) || !tir_dt_is_int(e->dtype) ||
        e->dtype.lanes != 1)
        return e;
    tir_expr *x = fold_index(a, e->a), *y = fold_index(a, e->b);
    if (x->kind == TIR_E_INT && y->kind == TIR_E_INT) {
        const char *err = NULL;
        tir_expr *k = tir_fold_binary(a, e->kind, x, y, e->loc, &err);
        if (k)
            return k;
    }
    if ((e->kind == TIR_E_ADD && int_is(x, 0)) || (e->kind == TIR_E_MUL && int_is(x, 1)))
        return y;
    if ((e->kind != TIR_E_MUL && int_is(y, 0)) || (e->kind == TIR_E_MUL && int_is(y, 1)))
        return x;
    if (x == e->a && y == e->b)
        return e;
    return tir_binary(a, e->kind, x, y, e->loc);
}

/* e with every loop variable of the nest at its first value. */
static tir_expr *at_start(tir_arena *a, tir_expr *e, tir_stmt *const *loops, uint32_t nloops)
{
    for (uint32_t l = 0; l < nloops; l++)
        e = tir_substitute_expr(a, e, loops[l]->var, loops[l]->min);
    return fold_index(a, e);
}

static tir_stmt *instruction(tir_arena *a, const char *op, tir_expr **args, uint32_t nargs, tir_loc loc)
{
    tir_expr *call = tir_expr_new(a, TIR_E_CALL, TIR_DT_VOID, loc);
    tir_call_set_op(call, op);
    call->nargs = nargs;
    call->args = tir_arena_alloc(a, nargs * sizeof *call->args);
    memcpy(call->args, args, nargs * sizeof *args);
    tir_stmt *ev = tir_stmt_new(a, TIR_S_EVALUATE, loc);
    ev->value = call;
    return ev;
}

/* The loop-level statement for the nest `loops` (one to three loops, each
 * second the first's body) accumulating st, or NULL. */
static tir_stmt *match_nest(tir_scoped_rewriter *sr, tir_stmt *const *loops, uint32_t nloops, tir_stmt *st,
                            tir_stmt *init, tir_expr *init_cond, bool *init_taken)
{
    tir_arena *a = sr->ctx;
    const tir_expr *v = st->value;
    tir_vtype vt = tir_dtype_vtype(v->dtype);
    bool f32_f64 = vt == TIR_VT_F32 || vt == TIR_VT_F64; /* rsum's and mac2's kinds */
    bool is_int = tir_dt_is_int(v->dtype) && !tir_dt_is_bool(v->dtype);
    unsigned lanes = v->dtype.lanes;
    if (st->nindices == 0 || !(tir_dt_is_float(v->dtype) || is_int) || !own_element_type(st->buffer) ||
        (v->kind != TIR_E_ADD && v->kind != TIR_E_MAX && v->kind != TIR_E_MIN))
        return NULL;
    const tir_expr *x = v->a, *t = v->b;
    if (v->kind == TIR_E_ADD && !is_accumulator(x, st, loops, nloops)) { /* addition commutes exactly */
        x = v->b;
        t = v->a;
    }
    /* max and min keep the loop's operand order: the accumulator first */
    if (!is_accumulator(x, st, loops, nloops))
        return NULL;
    const tir_var *xdata = st->buffer->data;
    tir_expr *xload = tir_expr_new(a, TIR_E_LOAD, v->dtype, st->loc); /* the stored element, as an access */
    xload->buffer = st->buffer;
    xload->nargs = st->nindices;
    xload->args = st->indices;
    if (t->kind == TIR_E_LOAD && nloops == 3)
        return NULL; /* three loops: multiply-accumulates only (mac3) */
    if (t->kind == TIR_E_LOAD && lanes > 1) {
        /* a row of lanes reduced over one or two loops (a max pool's window
         * after interchange): X a vector in memory, Z's lanes a constant
         * stride apart */
        int64_t zs[2] = {0, 0}, zl = 1;
        if (!f32_f64 || t->dtype.lanes != lanes || t->buffer->data == xdata || !own_element_type(t->buffer) ||
            !own_element_type(st->buffer) || tir_scope_in_registers(sr, xdata) ||
            tir_scope_in_registers(sr, t->buffer->data) || !const_strides(st->buffer))
            return NULL;
        for (uint32_t l = 0; l < nloops; l++) {
            int64_t xs;
            if (!access_stride(sr, xload, loops[l]->var, lanes, &xs) || xs != 0 ||
                !access_stride_lanes(sr, t, loops[l]->var, lanes, &zs[l], &zl))
                return NULL;
        }
        *init_taken = false;
        tir_expr *args[7] = {xload, at_start(a, (tir_expr *)t, loops, nloops), int64_const(a, zs[0], st->loc),
                             int64_const(a, zs[1], st->loc), int64_const(a, loops[0]->extent->ival, st->loc),
                             int64_const(a, nloops == 2 ? loops[1]->extent->ival : 1, st->loc),
                             int64_const(a, zl, st->loc)};
        return instruction(a, tirvm_window_op(v->kind), args, 7, st->loc);
    }
    if (t->kind == TIR_E_LOAD) {
        /* a reduction: one loop over float elements, the accumulator
         * anywhere (registers too) but apart from the term's storage; or
         * two loops that walk one strided range (the outer loop's stride
         * is the inner loop's extent times its stride: a 7x7 window of a
         * row-major plane, a global average pool), taken as one loop over
         * it, in the same order */
        int64_t ys, ys_outer = 0, count = loops[nloops - 1]->extent->ival;
        if (!f32_f64 || lanes != 1 || t->dtype.lanes != 1 || t->buffer->data == xdata ||
            !own_element_type(t->buffer) || tir_scope_in_registers(sr, t->buffer->data) ||
            (init && !init_sets_accumulator(init, st, 1)) || !access_stride(sr, t, loops[nloops - 1]->var, 1, &ys))
            return NULL;
        if (nloops == 2 && (!access_stride(sr, t, loops[0]->var, 1, &ys_outer) ||
                            __builtin_mul_overflow(count, ys, &count) || count != ys_outer ||
                            __builtin_mul_overflow(loops[0]->extent->ival, loops[1]->extent->ival, &count)))
            return NULL;
        *init_taken = false;
        const char *op = tirvm_reduce_op(v->kind);
        tir_expr *args[4] = {xload, at_start(a, (tir_expr *)t, loops, nloops), int64_const(a, ys, st->loc),
                             int64_const(a, count, st->loc)};
        return instruction(a, op, args, 4, st->loc);
    }
    if (v->kind != TIR_E_ADD || t->kind != TIR_E_MUL || tir_scope_in_registers(sr, xdata) ||
        (nloops >= 2 && !f32_f64) || !const_strides(st->buffer))
        return NULL;
    for (int order = 0; order < 2; order++) {
        /* factor `order` is the scalar one, broadcast when the product has lanes */
        const tir_expr *y = order == 0 ? t->a : t->b, *z = order == 0 ? t->b : t->a;
        if (lanes > 1) {
            if (y->kind != TIR_E_BROADCAST)
                continue;
            y = y->a;
        }
        /* integer products may widen their sources first: (T)Y * (T)Z, both of one kind */
        if (is_int) {
            if (y->kind == TIR_E_CAST && tir_dt_is_int(y->a->dtype) && !tir_dt_is_bool(y->a->dtype))
                y = y->a;
            if (z->kind == TIR_E_CAST && tir_dt_is_int(z->a->dtype) && !tir_dt_is_bool(z->a->dtype))
                z = z->a;
            if (tir_dtype_vtype(y->dtype) != tir_dtype_vtype(z->dtype))
                continue;
        }
        if (y->kind != TIR_E_LOAD || y->dtype.lanes != 1 || z->kind != TIR_E_LOAD || z->dtype.lanes != lanes)
            continue;
        if (y->buffer->data == xdata || z->buffer->data == xdata || !own_element_type(y->buffer) ||
            !own_element_type(z->buffer) || tir_scope_in_registers(sr, y->buffer->data) ||
            tir_scope_in_registers(sr, z->buffer->data) || (init && !init_sets_accumulator(init, st, lanes)))
            return NULL;
        int64_t xs, ys_l[3], zs_l[3]; /* X, Y, Z strides per step of each loop */
        int64_t zl = 1; /* Z's lanes apart: mac2s takes a strided row (a stride-2 window) */
        for (uint32_t l = 0; l < nloops; l++)
            if (!access_stride(sr, xload, loops[l]->var, lanes, &xs) ||
                !access_stride(sr, y, loops[l]->var, 1, &ys_l[l]) ||
                !access_stride_lanes(sr, z, loops[l]->var, lanes, &zs_l[l], nloops >= 2 && f32_f64 ? &zl : NULL))
                return NULL;
        tir_expr *ys = at_start(a, (tir_expr *)y, loops, nloops), *zs = at_start(a, (tir_expr *)z, loops, nloops);
        tir_expr *args[15];
        uint32_t n = 0;
        *init_taken = init != NULL;
        args[n++] = xload;
        args[n++] = ys;
        args[n++] = zs;
        for (uint32_t l = 0; l < nloops; l++)
            args[n++] = int64_const(a, ys_l[l], st->loc);
        for (uint32_t l = 0; l < nloops; l++)
            args[n++] = int64_const(a, zs_l[l], st->loc);
        for (uint32_t l = 0; l < nloops; l++)
            args[n++] = int64_const(a, loops[l]->extent->ival, st->loc);
        if (zl != 1 || nloops == 3) /* mac2s, and mac3 always */
            args[n++] = int64_const(a, zl, st->loc);
        if (init) { /* stored at X's offset, which the instruction computes anyway */
            args[n++] = init->value;
            args[n++] = init_cond ? init_cond : tir_int(a, TIR_DT_BOOL, 1, st->loc);
        }
        return instruction(a, nloops == 1 ? TIRVM_MAC : nloops == 3 ? TIRVM_MAC3 : zl != 1 ? TIRVM_MAC2S : TIRVM_MAC2,
                           args, n, st->loc);
    }
    return NULL;
}

static bool plain_loop(const tir_stmt *s)
{
    return s->kind == TIR_S_FOR && (s->for_kind == TIR_FOR_SERIAL || s->for_kind == TIR_FOR_UNROLLED) &&
           s->min->kind == TIR_E_INT && s->extent->kind == TIR_E_INT && s->extent->ival >= 1 &&
           tir_dt_is_int(s->var->dtype) && !tir_dt_is_bool(s->var->dtype);
}

/* s past loops of one iteration (a 1x1 convolution's window loops), their
 * variables replaced by their mins, and past binding lets. */
static tir_stmt *under_unit_loops(tir_arena *a, tir_stmt *s)
{
    while (s && plain_loop(s) && s->extent->ival == 1)
        s = tir_under_binding_lets(a, tir_substitute_stmt(a, s->body, s->var, s->min));
    return s;
}

/* The nest rooted at loop (loop alone, or loop and the loop that is its
 * body, loops of one iteration between them looked through) as one
 * instruction, its init before it; NULL if it is not one. */
static tir_stmt *match_loop(tir_scoped_rewriter *sr, tir_stmt *loop)
{
    tir_arena *a = sr->ctx;
    if (!plain_loop(loop))
        return NULL;
    for (uint32_t nloops = 3; nloops >= 1; nloops--) {
        tir_stmt *loops[3] = {loop, NULL, NULL};
        tir_stmt *body = under_unit_loops(a, tir_under_binding_lets(a, loop->body));
        if (!body)
            return NULL;
        uint32_t mark = sr->env.n;
        bool nested = true;
        for (uint32_t l = 1; l < nloops && nested; l++) {
            if (!body || !plain_loop(body)) {
                nested = false;
                break;
            }
            loops[l] = body;
            tir_range_env_push(&sr->env, body->var, tir_range_loop(tir_scope_range(sr, body->min),
                                                                   tir_scope_range(sr, body->extent)));
            body = under_unit_loops(a, tir_under_binding_lets(a, body->body));
        }
        if (!nested) {
            tir_range_env_pop(&sr->env, mark);
            continue;
        }
        tir_stmt *init, *update, *out = NULL;
        tir_expr *init_cond;
        bool init_taken = false;
        if (body && split_init_guard(a, body, loops, nloops, &init, &init_cond, &update) &&
            update->kind == TIR_S_STORE)
            out = match_nest(sr, loops, nloops, update, init, init_cond, &init_taken);
        tir_range_env_pop(&sr->env, mark);
        if (!out)
            continue;
        if (!init || init_taken)
            return out;
        /* the init once, first (the loops run at least once), under the outer terms */
        tir_stmt *first = init;
        if (init_cond) {
            first = tir_stmt_new(a, TIR_S_IF, loop->loc);
            first->cond = init_cond;
            first->body = init;
        }
        tir_stmt *both[2] = {first, out};
        return tir_seq(a, both, 2, loop->loc);
    }
    return NULL;
}

/* Before the loop's children: a nest matched from its outer loop first. */
static bool enter_loop(tir_scoped_rewriter *sr, tir_stmt *s)
{
    tir_stmt *n = s->kind == TIR_S_FOR ? match_loop(sr, s) : NULL;
    if (!n)
        return true;
    *s = *n; /* the pass owns the tree: the loop's node becomes the instruction */
    return false;
}

bool tir_pass_loop_instructions(tir_pass_ctx *p, tir_func *f)
{
    tir_scoped_rewriter sr = {.enter = enter_loop, .ctx = p->a};
    f->body = tir_scoped_rewrite(&sr, f->body);
    return true;
}
