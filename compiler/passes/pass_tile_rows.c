/* Pass tile-rows: a loop over output rows (a convolution's output
 * channels, a matmul's rows) whose body accumulates each row with float
 * loop-level instructions, most often reading one shared input
 *     for f in range(F):                      (serial or parallel)
 *         for y in range(H):
 *             X[f, y, 0:W] = 0
 *             tirvm.mac3(X[f, y, 0:W], Y[f, ..], Z[.., y, ..], ...)
 * runs TILE rows per iteration, the instructions becoming one tirvm.mact
 * over the tile's rows and every other statement a loop over them:
 *     for fo in range(F // TILE):
 *         for y in range(H):
 *             tirvm.mact(X[fo*TILE, y, 0:W], Y[fo*TILE, ..], Z[.., y, ..], ..., xs, ys, TILE, 1)
 *     for f in range(F // TILE * TILE, F): the body as it was
 * The VM then loads each vector of Z once for the tile's rows and keeps
 * their accumulators in registers: a register tile of output channels ×
 * lanes, as a GEMM microkernel keeps one.  A store of +0.0 at the
 * instruction's X just before it (the reduction's init) becomes its last
 * argument, 1 (mactz: the rows start at zero), not a loop of stores.  Where Z moves with the row too
 * (a depthwise convolution's channels) the tile shares no load, but runs
 * four short rows in one dispatch and as whole vectors.
 *
 * A serial loop of constant extent E whose body is only the row
 * instruction (and its init) becomes one mact over all E rows: the VM
 * takes them 4 at a time (the last 1 to 3 as a smaller tile), so one
 * dispatch replaces E / 4 and the rows left over.  A depthwise
 * convolution, whose channels share no input, is such a loop (over output
 * rows y, Y shared, Z moving) inside the loop over channels: there that
 * inner loop takes the mact, one per channel instead of one per 4
 * channels and row.
 *
 * The iterations of f run interleaved, each one's statements still in
 * their order, so the loop's iterations must be independent: the loop is
 * already parallel (pass parallelize proved it), or the same proof holds
 * (tir_loop_independent).  Every element is then computed by the same
 * operations in the same order, so the results are bit-identical. */
#include "passes.h"

#include "buffer_views.h"
#include "fold.h"
#include "pass_scope.h"
#include "tir_visit.h"

#define TILE 4

/* The flat elements a load moves per step of v (tir_flat_coefficient). */
static bool flat_coefficient(const tir_expr *load, const tir_var *v, int64_t *out)
{
    return load->kind == TIR_E_LOAD && load->nargs == load->buffer->ndim &&
           tir_flat_coefficient(load->buffer, load->args, load->nargs, v, out);
}

/* The fixed arguments (X, Y, Z and 10 more) of each instruction the tile
 * takes, as mact's first 13: which of the call's arguments fills each, or
 * -1 for 0 and -2 for 1 (a loop of one step). */
static const int8_t *mact_layout(const tir_expr *e)
{
    /*                                          X  Y  Z ysc ysa ysb zsc zsa zsb  ec  ea  eb  zl */
    static const int8_t mac[13] = /* 6 args */ {0, 1, 2, -1, -1, 3, -1, -1, 4, -2, -2, 5, -2};
    static const int8_t mac2[13] = /* 9 */ {0, 1, 2, -1, 3, 4, -1, 5, 6, -2, 7, 8, -2};
    static const int8_t mac2s[13] = /* 10 */ {0, 1, 2, -1, 3, 4, -1, 5, 6, -2, 7, 8, 9};
    static const int8_t mac3[13] = /* 13 */ {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    switch (e->intrin) {
    case TIR_I_TIRVM_MAC:
        return e->nargs == 6 ? mac : NULL;
    case TIR_I_TIRVM_MAC2:
        return e->nargs == 9 ? mac2 : NULL;
    case TIR_I_TIRVM_MAC2S:
        return e->nargs == 10 ? mac2s : NULL;
    case TIR_I_TIRVM_MAC3:
        return e->nargs == 13 ? mac3 : NULL;
    default:
        return NULL;
    }
}

/* Can call e, a row's instruction, join a tile of rows of v?  Its X, Y
 * and Z move with v by constants (X by at least a row, so the rows are
 * apart), the other arguments do not; *xs, *ys and *zs get the moves. */
static bool tileable_call(const tir_expr *e, const tir_var *v, int64_t *xs, int64_t *ys, int64_t *zs)
{
    if (e->kind != TIR_E_CALL || !mact_layout(e))
        return false;
    const tir_expr *x = e->args[0], *y = e->args[1], *z = e->args[2];
    if (x->kind != TIR_E_LOAD || y->kind != TIR_E_LOAD || z->kind != TIR_E_LOAD ||
        !tir_dt_eq(x->buffer->dtype, TIR_DT_F32) || !tir_dt_eq(x->buffer->data->elem_dtype, TIR_DT_F32) ||
        !flat_coefficient(x, v, xs) || !flat_coefficient(y, v, ys) || !flat_coefficient(z, v, zs))
        return false;
    int64_t lanes = x->dtype.lanes;
    if (*xs < lanes && -*xs < lanes) /* rows that overlap (or one row): nothing to share */
        return false;
    for (uint32_t i = 3; i < e->nargs; i++)
        if (e->args[i]->kind != TIR_E_INT)
            return false;
    return true;
}

static bool holds_loop_instruction_fn(const tir_expr *e, void *ctx)
{
    (void)ctx;
    return !tir_is_loop_instruction(e);
}

static bool holds_loop_instruction(const tir_stmt *s) { return !tir_walk_stmt_exprs(s, holds_loop_instruction_fn, NULL); }

/* Can body (of the loop over v) run TILE rows at once?  Loops and lets
 * that do not depend on v are shared by the tile, the row instructions
 * become mact, and any statement without a loop-level instruction runs
 * once per row; anything else (an `if` around an instruction, a loop
 * whose extent moves with v) refuses.  *n counts the instructions. */
static bool tileable(const tir_stmt *s, const tir_var *v, uint32_t *n)
{
    int64_t xs, ys, zs;
    if (!s)
        return true;
    if (!holds_loop_instruction(s))
        return true;
    switch (s->kind) {
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            if (!tileable(s->seq[i], v, n))
                return false;
        return true;
    case TIR_S_FOR:
        return s->for_kind == TIR_FOR_SERIAL && !tir_expr_uses_var(s->min, v) && !tir_expr_uses_var(s->extent, v) &&
               tileable(s->body, v, n);
    case TIR_S_LET:
        return !tir_expr_uses_var(s->value, v) && tileable(s->body, v, n);
    case TIR_S_EVALUATE:
        if (!tileable_call(s->value, v, &xs, &ys, &zs))
            return false;
        (*n)++;
        return true;
    default:
        return false;
    }
}

static tir_expr *i64(tir_arena *a, int64_t v, tir_loc loc) { return tir_int(a, TIR_DT_I64, v, loc); }

/* Is s the store X = +0.0 of the row instruction in next, at its X (the
 * same buffer and indices, every lane)?  Then the tile's rows start at
 * zero in the instruction itself (mactz), in the same order: every row's
 * store, then the sums. */
static bool zeroes_row_of(const tir_stmt *s, const tir_stmt *next)
{
    if (s->kind != TIR_S_STORE || !next || next->kind != TIR_S_EVALUATE || !mact_layout(next->value))
        return false;
    const tir_expr *x = next->value->args[0], *val = s->value;
    if (val->kind == TIR_E_BROADCAST && val->lanes == x->dtype.lanes)
        val = val->a;
    else if (x->dtype.lanes != 1)
        return false;
    if (val->kind != TIR_E_FLOAT || !tir_dt_eq(val->dtype, TIR_DT_F32) || val->fval != 0.0 || __builtin_signbit(val->fval) ||
        x->kind != TIR_E_LOAD || s->buffer != x->buffer || s->nindices != x->nargs)
        return false;
    for (uint32_t i = 0; i < x->nargs; i++)
        if (!tir_expr_equal(s->indices[i], x->args[i]))
            return false;
    return true;
}

/* mact over `rows` rows for the row instruction e, its row 0 at
 * v = first; zero: mactz (an 18th argument, 1). */
static tir_stmt *mact_of(tir_arena *a, const tir_expr *e, const tir_var *v, tir_expr *first, bool zero, int64_t rows)
{
    const int8_t *lay = mact_layout(e);
    int64_t xs = 0, ys = 0, zs = 0;
    flat_coefficient(e->args[0], v, &xs);
    flat_coefficient(e->args[1], v, &ys);
    flat_coefficient(e->args[2], v, &zs);
    tir_expr *call = tir_expr_new(a, TIR_E_CALL, TIR_DT_VOID, e->loc);
    tir_call_set_op(call, TIRVM_MACT);
    call->nargs = zero ? 18 : 17;
    call->args = tir_arena_alloc(a, call->nargs * sizeof *call->args);
    for (uint32_t i = 0; i < 13; i++)
        call->args[i] = lay[i] == -1 ? i64(a, 0, e->loc)
                        : lay[i] == -2 ? i64(a, 1, e->loc)
                        : i < 3 ? tir_copy_expr(a, tir_substitute_expr(a, e->args[lay[i]], v, first))
                                : tir_copy_expr(a, e->args[lay[i]]);
    call->args[13] = i64(a, xs, e->loc);
    call->args[14] = i64(a, ys, e->loc);
    call->args[15] = i64(a, zs, e->loc);
    call->args[16] = i64(a, rows, e->loc);
    if (zero)
        call->args[17] = i64(a, 1, e->loc);
    tir_stmt *ev = tir_stmt_new(a, TIR_S_EVALUATE, e->loc);
    ev->value = call;
    return ev;
}

/* `first` is fo * TILE, the tile's first row. */
static tir_stmt *tile_body(tir_arena *a, const tir_stmt *s, const tir_var *v, tir_expr *first)
{
    if (!s)
        return NULL;
    if (holds_loop_instruction(s)) {
        tir_stmt *n = tir_stmt_new(a, s->kind, s->loc);
        switch (s->kind) {
        case TIR_S_SEQ: {
            tir_stmt **items = tir_arena_alloc(a, s->nseq * sizeof *items);
            uint32_t kept = 0;
            for (uint32_t i = 0; i < s->nseq; i++)
                if (i + 1 < s->nseq && zeroes_row_of(s->seq[i], s->seq[i + 1]))
                    items[kept++] = mact_of(a, s->seq[++i]->value, v, first, true, TILE);
                else
                    items[kept++] = tile_body(a, s->seq[i], v, first);
            return tir_seq(a, items, kept, s->loc);
        }
        case TIR_S_FOR:
        case TIR_S_LET:
            *n = *s;
            n->min = s->min ? tir_copy_expr(a, s->min) : NULL;
            n->extent = s->extent ? tir_copy_expr(a, s->extent) : NULL;
            n->value = s->value ? tir_copy_expr(a, s->value) : NULL;
            n->body = tile_body(a, s->body, v, first);
            return n;
        default: /* TIR_S_EVALUATE, as tileable() checked */
            return mact_of(a, s->value, v, first, false, TILE);
        }
    }
    /* once per row of the tile: v = first + r */
    tir_var *r = tir_var_new(a, "row", v->dtype, s->loc);
    tir_stmt *loop = tir_stmt_new(a, TIR_S_FOR, s->loc);
    loop->var = r;
    loop->min = tir_int(a, v->dtype, 0, s->loc);
    loop->extent = tir_int(a, v->dtype, TILE, s->loc);
    loop->for_kind = TIR_FOR_SERIAL;
    tir_expr *row = tir_binary(a, TIR_E_ADD, first, tir_var_ref(a, r, s->loc), s->loc);
    loop->body = tir_copy_stmt(a, tir_substitute_stmt(a, (tir_stmt *)s, v, row));
    return loop;
}

/* The row instruction of a body that is only it, or the store of +0.0
 * at its X and it (*zero then); NULL otherwise. */
static const tir_stmt *lone_instruction(const tir_stmt *body, bool *zero)
{
    *zero = false;
    if (body && body->kind == TIR_S_EVALUATE && mact_layout(body->value))
        return body;
    if (body && body->kind == TIR_S_SEQ && body->nseq == 2 && zeroes_row_of(body->seq[0], body->seq[1])) {
        *zero = true;
        return body->seq[1];
    }
    return NULL;
}

/* A serial loop of constant extent E >= 2 whose body is one row
 * instruction (and its init): one mact over all E rows replaces it (the
 * VM runs them 4 at a time, the last 1 to 3 as a smaller tile), one
 * dispatch instead of E / 4 and one per row left. */
static const tir_stmt *whole_loop(const tir_stmt *s, bool *zero)
{
    int64_t xs, ys, zs;
    if (!s || s->kind != TIR_S_FOR || s->for_kind != TIR_FOR_SERIAL || !tir_dt_is_int(s->var->dtype) ||
        s->min->kind != TIR_E_INT || s->min->ival != 0 || s->extent->kind != TIR_E_INT || s->extent->ival < 2 ||
        !tir_dt_eq(s->extent->dtype, s->var->dtype))
        return NULL;
    const tir_stmt *ins = lone_instruction(s->body, zero);
    return ins && tileable_call(ins->value, s->var, &xs, &ys, &zs) ? ins : NULL;
}

/* Do the rows of loop s share no input (each row its own Y and Z: a
 * depthwise convolution's channels), while its body is a loop over rows
 * that whole_loop takes?  Then tiles of s would only save dispatches, and
 * the inner loop as one mact per iteration of s saves more. */
static bool rows_inside_instead(const tir_stmt *s)
{
    bool zero;
    int64_t xs, ys, zs;
    const tir_stmt *ins = whole_loop(s->body, &zero);
    return ins && tileable_call(ins->value, s->var, &xs, &ys, &zs) && ys != 0 && zs != 0;
}

static bool enter(tir_scoped_rewriter *sr, tir_stmt *s)
{
    tir_arena *a = sr->ctx;
    bool zero;
    const tir_stmt *ins = whole_loop(s, &zero);
    if (ins && tir_copy_stmt(a, s->body) && tir_loop_independent(sr, s)) {
        *s = *mact_of(a, ins->value, s->var, tir_int(a, s->var->dtype, 0, s->loc), zero, s->extent->ival);
        return false;
    }
    if (s->kind == TIR_S_FOR && rows_inside_instead(s))
        return true;
    if (s->kind != TIR_S_FOR || (s->for_kind != TIR_FOR_SERIAL && s->for_kind != TIR_FOR_PARALLEL) ||
        !tir_dt_is_int(s->var->dtype) || s->min->kind != TIR_E_INT || s->min->ival != 0 ||
        !tir_dt_eq(s->extent->dtype, s->var->dtype) || (s->extent->kind == TIR_E_INT && s->extent->ival < TILE))
        return true;
    uint32_t n = 0;
    if (!tileable(s->body, s->var, &n) || n == 0 || !tir_copy_stmt(a, s->body) ||
        (s->for_kind == TIR_FOR_SERIAL && !tir_loop_independent(sr, s)))
        return true;
    /* E // TILE tiles, then the E % TILE rows left (E a constant, or a
     * symbolic batch: then both are computed when the loop starts) */
    tir_loc loc = s->loc;
    tir_dtype dt = s->var->dtype;
    bool known = s->extent->kind == TIR_E_INT;
    int64_t E = known ? s->extent->ival : 0;
    /* a symbolic extent below 0 runs no iteration: max(E, 0) rows */
    tir_expr *rows = known ? NULL : tir_binary(a, TIR_E_MAX, tir_copy_expr(a, s->extent), tir_int(a, dt, 0, loc), loc);
    tir_expr *tiles = known ? tir_int(a, dt, E / TILE, loc)
                            : tir_binary(a, TIR_E_FLOORDIV, rows, tir_int(a, dt, TILE, loc), loc);
    tir_var *fo = tir_var_new(a, "tile", dt, loc);
    tir_expr *first = tir_binary(a, TIR_E_MUL, tir_var_ref(a, fo, loc), tir_int(a, dt, TILE, loc), loc);
    tir_stmt *tiled = tir_stmt_new(a, TIR_S_FOR, loc);
    *tiled = *s;
    tiled->var = fo;
    tiled->extent = tiles;
    tiled->body = tile_body(a, s->body, s->var, first);
    if (known && E / TILE == 1) /* one tile: its body, at row 0 */
        tiled = tile_body(a, s->body, s->var, tir_int(a, dt, 0, loc));
    if (known && E % TILE == 0) {
        *s = *tiled;
        return false;
    }
    /* the last rows, one at a time, on the calling thread */
    tir_stmt *rest = tir_stmt_new(a, TIR_S_FOR, loc);
    *rest = *s;
    rest->for_kind = TIR_FOR_SERIAL;
    tir_expr *done = tir_binary(a, TIR_E_MUL, tir_copy_expr(a, tiles), tir_int(a, dt, TILE, loc), loc);
    rest->min = known ? tir_int(a, dt, E / TILE * TILE, loc) : done;
    rest->extent = known ? tir_int(a, dt, E % TILE, loc)
                         : tir_binary(a, TIR_E_SUB, tir_copy_expr(a, rows), tir_copy_expr(a, done), loc);
    tir_stmt *parts[2] = {tiled, rest};
    *s = *tir_seq(a, parts, 2, loc);
    return false;
}

bool tir_pass_tile_rows(tir_pass_ctx *p, tir_func *f)
{
    tir_scoped_rewriter sr = {.enter = enter, .ctx = p->a};
    f->body = tir_scoped_rewrite(&sr, f->body);
    return true;
}
