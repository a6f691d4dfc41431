/* Pass parallelize: the outermost loop of a stage whose iterations are
 * independent, and that holds enough work to pay for waking the workers,
 * becomes a parallel loop: the VM splits its range into one contiguous chunk
 * per worker thread (vm/parallel.c).
 *     for i in range(n): C[i, ..] = f(A[..], B[..], C[i, ..])
 * becomes `for i in T.parallel(n)`.  Every element is still computed by one
 * iteration, by one thread, in the same order of operations, so the results
 * are bit-identical at every thread count.  The iterations are independent
 * when, inside the loop:
 *   - every storage that is written is accessed, read or written, through
 *     one buffer layout and with the loop's variable itself as the index of
 *     one common dimension, every index provably inside its dimension (so
 *     iteration i touches only elements whose index there is i, and no two
 *     iterations touch one element), or in every access a strip of that
 *     dimension, Ramp(i*L, 1, L) with one L (pass strip's loops: iteration
 *     i touches [i*L, i*L + L) there); a loop-level instruction's accumulator
 *     counts as such a write, and its strided operands read only storage
 *     the loop does not write;
 *   - nothing can trap or have an effect beyond those stores: every access
 *     provably in bounds, integer division only by nonzero constants, no
 *     asserts, no calls but the math builtins and the tirvm.* operations,
 *     no allocations (a worker's allocations would not be kept across
 *     calls), no while loops, no parallel loops or thread regions inside.
 * A serial run that traps stops at the trapping iteration; a loop that
 * cannot trap has no such iteration, so running its iterations in any order
 * is indistinguishable from running them in order.
 * Small loops stay serial: a loop must hold at least MIN_WORK element
 * operations (a store's lanes times its value's operations, loop-level
 * instructions' multiply-adds, times the inner loops' extents, a symbolic
 * inner extent counted as 4; a lane of a math builtin such as erf or exp
 * counts MATH_WORK).
 * A loop whose own extent is symbolic (a batch) is versioned: parallel when
 * the call's extent brings it to MIN_WORK, serial below. */
#include "passes.h"

#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "oom.h"
#include "fold.h"
#include "pass_scope.h"

/* Element operations below which a loop stays serial.  A region costs the
 * caller a frame copy and a wake-up, a few microseconds while the workers
 * still spin after the last region and tens once they sleep; since the
 * caller stopped waiting for workers that never joined a region (pool.c),
 * 2^17 pays on every public model at two threads (squeezenet 1.62x ->
 * 1.81x, mobilenet_v3 1.17x -> 1.33x, the decoder 1.46x -> 1.57x against
 * 2^20), one thread unchanged, while 2^16 made mlp slower on two threads
 * than on one (its 100K multiply-adds split). */
#define MIN_WORK ((int64_t)1 << 17)
/* A lane of a math builtin (erf, exp, tanh: a libm call each) against an
 * add's: tens of nanoseconds against a fraction of one. */
#define MATH_WORK 64
/* A symbolic loop is versioned when this many iterations, or fewer, hold MIN_WORK. */
#define MAX_VERSIONED_EXTENT 4096

typedef struct {
    const tir_var *data;   /* the storage */
    const tir_buffer *buf; /* the layout of its first access */
    uint64_t dims;         /* dimensions whose index is the loop variable in every access so far */
    uint64_t strips;       /* dimensions whose index is Ramp(v*L, 1, L) in every access so far */
    int64_t strip_lanes;   /* that L (0: no strip access yet) */
    bool written, strided; /* written in the loop; read by a loop-level instruction's walk */
} storage_use;

typedef struct {
    const tir_var *v; /* the candidate loop's variable */
    storage_use *uses;
    uint32_t nuses, capuses;
    /* lets of the body binding v*L (pass strip's `strip = vec * L`) */
    struct strip_let {
        const tir_var *var;
        int64_t lanes;
    } *strips;
    uint32_t nstrips, capstrips;
    bool ok;
} indep;

/* Same layout: a second buffer over one storage is one view of it. */
static bool same_layout(const tir_buffer *a, const tir_buffer *b)
{
    if (a == b)
        return true;
    if (a->ndim != b->ndim || a->nstrides || b->nstrides || !tir_dt_eq(a->dtype, b->dtype) ||
        (a->elem_offset && !(a->elem_offset->kind == TIR_E_INT && a->elem_offset->ival == 0)) ||
        (b->elem_offset && !(b->elem_offset->kind == TIR_E_INT && b->elem_offset->ival == 0)))
        return false;
    for (uint32_t d = 0; d < a->ndim; d++)
        if (!tir_expr_equal(a->shape[d], b->shape[d]))
            return false;
    return true;
}

static storage_use *use_of(indep *in, const tir_buffer *b)
{
    for (uint32_t i = 0; i < in->nuses; i++)
        if (in->uses[i].data == b->data)
            return &in->uses[i];
    in->uses = tir_xgrow(in->uses, &in->capuses, in->nuses + 1, sizeof *in->uses);
    storage_use *u = &in->uses[in->nuses++];
    uint64_t all = b->ndim <= 64 ? (b->ndim == 64 ? ~0ull : (1ull << b->ndim) - 1) : 0;
    *u = (storage_use){b->data, b, all, all, 0, false, false};
    return u;
}

/* Is index ix (a Ramp of a constant positive stride: its lanes) inside dim? */
static bool index_fits(tir_scoped_rewriter *sr, const tir_expr *ix, const tir_expr *dim)
{
    if (ix->kind != TIR_E_RAMP)
        return ix->dtype.lanes == 1 && tir_scope_index_fits(sr, ix, dim, 1);
    int64_t span;
    if (ix->b->kind != TIR_E_INT || ix->b->ival < 1 || __builtin_mul_overflow(ix->b->ival, (int64_t)ix->lanes - 1, &span))
        return false;
    return ix->a->dtype.lanes == 1 && tir_scope_index_fits(sr, ix->a, dim, span + 1);
}

/* Is e the loop variable times a constant L > 1, directly or through a
 * let of the body?  Then L. */
static int64_t strip_of(const indep *in, const tir_expr *e)
{
    if (e->kind == TIR_E_MUL && e->a->kind == TIR_E_VAR && e->a->var == in->v && e->b->kind == TIR_E_INT &&
        e->b->ival > 1)
        return e->b->ival;
    if (e->kind == TIR_E_VAR)
        for (uint32_t i = 0; i < in->nstrips; i++)
            if (in->strips[i].var == e->var)
                return in->strips[i].lanes;
    return 0;
}

/* One access: in bounds, and (for the dimensions that may separate the
 * iterations) which of its indices are the loop variable, or its strip. */
static void note_access(indep *in, tir_scoped_rewriter *sr, const tir_buffer *b, tir_expr *const *idx, uint32_t n,
                        bool write)
{
    if (n != b->ndim || b->dtype.lanes != 1) {
        in->ok = false;
        return;
    }
    storage_use *u = use_of(in, b);
    if (!same_layout(u->buf, b))
        in->ok = false;
    uint64_t dims = 0, strips = 0;
    for (uint32_t d = 0; d < n && d < 64; d++) {
        const tir_expr *ix = idx[d];
        if (!index_fits(sr, ix, b->shape[d]))
            in->ok = false;
        if (ix->kind == TIR_E_VAR && ix->var == in->v)
            dims |= 1ull << d;
        int64_t L;
        if (ix->kind == TIR_E_RAMP && ix->b->kind == TIR_E_INT && ix->b->ival == 1 && (L = strip_of(in, ix->a)) &&
            L == (int64_t)ix->lanes && (u->strip_lanes == 0 || u->strip_lanes == L)) {
            strips |= 1ull << d;
            u->strip_lanes = L;
        }
    }
    u->dims &= dims;
    u->strips &= strips;
    u->written |= write;
}

typedef struct {
    indep *in;
    tir_scoped_rewriter *sr;
} expr_ctx;

static bool call_allowed(const tir_expr *e)
{
    if (tir_is_loop_instruction(e) || e->intrin == TIR_I_TIRVM_FOLD_ADD || e->intrin == TIR_I_TIRVM_FOLD_MAX ||
        e->intrin == TIR_I_TIRVM_FOLD_MIN || e->intrin == TIR_I_IF_THEN_ELSE || e->intrin == TIR_I_LIKELY)
        return true;
    return e->op && !e->callee && tir_builtin_find(e->op);
}

static bool note_expr(const tir_expr *e, void *ctx)
{
    expr_ctx *c = ctx;
    indep *in = c->in;
    switch (e->kind) {
    case TIR_E_LOAD:
        note_access(in, c->sr, e->buffer, e->args, e->nargs, false);
        break;
    case TIR_E_DIV:
    case TIR_E_MOD:
    case TIR_E_FLOORDIV:
    case TIR_E_FLOORMOD:
        if (tir_dt_is_int(e->dtype) && !(e->b->kind == TIR_E_INT && e->b->ival != 0))
            in->ok = false;
        break;
    case TIR_E_CALL:
        if (!call_allowed(e)) {
            in->ok = false;
            break;
        }
        if (e->intrin == TIR_I_TIRVM_COPY_ROWS) { /* writes rows past X's access: not proved apart */
            in->ok = false;
            break;
        }
        if (tir_is_loop_instruction(e)) {
            /* X, the accumulator, is written where it stands; the other
             * accesses are walked with strides the loop-instructions pass
             * proved in bounds: their storage must not be written here */
            for (uint32_t i = 0; i < e->nargs; i++) {
                const tir_expr *x = e->args[i];
                if (x->kind == TIR_E_LOAD && tirvm_op_arg_in_memory(e, i) && i > 0) {
                    use_of(in, x->buffer)->strided = true;
                    for (uint32_t k = 0; k < x->nargs; k++)
                        tir_walk_expr(x->args[k], note_expr, c);
                } else if (x->kind == TIR_E_LOAD && i == 0) {
                    note_access(in, c->sr, x->buffer, x->args, x->nargs, true);
                    for (uint32_t k = 0; k < x->nargs; k++)
                        tir_walk_expr(x->args[k], note_expr, c);
                } else {
                    tir_walk_expr(x, note_expr, c);
                }
            }
            return false; /* its arguments are walked above */
        }
        break;
    default:
        break;
    }
    return in->ok;
}

static void note(expr_ctx *c, const tir_expr *e)
{
    if (e && c->in->ok)
        tir_walk_expr(e, note_expr, c);
}

static bool thread_attr(const tir_stmt *s)
{
    return s->kind == TIR_S_ATTR && s->attr_key &&
           (strcmp(s->attr_key, "thread_extent") == 0 || strcmp(s->attr_key, "virtual_thread") == 0);
}

/* The inner walk: each statement's own expressions, with its scope's facts. */
static bool inspect(tir_scoped_rewriter *sr, tir_stmt *s)
{
    indep *in = sr->ctx;
    expr_ctx c = {in, sr};
    switch (s->kind) {
    case TIR_S_FOR:
        if (s->for_kind == TIR_FOR_PARALLEL || s->for_kind == TIR_FOR_THREAD_BINDING)
            in->ok = false;
        break;
    case TIR_S_STORE:
        note_access(in, sr, s->buffer, s->indices, s->nindices, true);
        break;
    case TIR_S_ATTR:
        if (thread_attr(s))
            in->ok = false;
        break;
    case TIR_S_LET: {
        int64_t L = strip_of(in, s->value);
        if (L) {
            in->strips = tir_xgrow(in->strips, &in->capstrips, in->nstrips + 1, sizeof *in->strips);
            in->strips[in->nstrips++] = (struct strip_let){s->var, L};
        }
        break;
    }
    case TIR_S_SEQ:
    case TIR_S_IF:
    case TIR_S_EVALUATE:
        break;
    default: /* asserts, allocations, views, while loops, blocks */
        in->ok = false;
        break;
    }
    note(&c, s->value);
    note(&c, s->cond);
    note(&c, s->min);
    note(&c, s->extent);
    for (uint32_t i = 0; i < s->nindices && in->ok; i++)
        tir_walk_expr(s->indices[i], note_expr, &c);
    return in->ok;
}

/* Element operations of s, by the loops inside it (a symbolic extent: 4). */
static int64_t work_of(const tir_stmt *s);

static int64_t times(int64_t a, int64_t b) { return __builtin_mul_overflow(a, b, &a) ? INT64_MAX : a; }
static int64_t plus(int64_t a, int64_t b) { return __builtin_add_overflow(a, b, &a) ? INT64_MAX : a; }
static int64_t extent_of(const tir_expr *e) { return e->kind == TIR_E_INT ? (e->ival > 0 ? e->ival : 0) : 4; }

static int64_t call_work(const tir_expr *e)
{
    if (!tir_is_loop_instruction(e) || !e->nargs)
        return 1;
    int64_t lanes = e->args[0]->dtype.lanes, w;
    switch (e->intrin) {
    case TIR_I_TIRVM_REDUCE_ADD:
    case TIR_I_TIRVM_REDUCE_MAX:
    case TIR_I_TIRVM_REDUCE_MIN:
        w = e->nargs > 3 ? extent_of(e->args[3]) : 1;
        break;
    case TIR_I_TIRVM_MAC:
        w = e->nargs > 5 ? extent_of(e->args[5]) : 1;
        break;
    case TIR_I_TIRVM_WINDOW_ADD:
    case TIR_I_TIRVM_WINDOW_MAX:
    case TIR_I_TIRVM_WINDOW_MIN:
        w = e->nargs > 5 ? times(extent_of(e->args[4]), extent_of(e->args[5])) : 1;
        break;
    case TIR_I_TIRVM_MAC3:
        w = e->nargs > 12 ? times(extent_of(e->args[9]), times(extent_of(e->args[10]), extent_of(e->args[11]))) : 1;
        break;
    case TIR_I_TIRVM_COPY_ROWS:
        w = e->nargs > 3 ? extent_of(e->args[3]) : 1;
        break;
    case TIR_I_TIRVM_MACT:
        w = e->nargs > 16 ? times(extent_of(e->args[16]), times(extent_of(e->args[9]),
                                  times(extent_of(e->args[10]), extent_of(e->args[11])))) : 1;
        break;
    default: /* mac2, mac2s */
        w = e->nargs > 8 ? times(extent_of(e->args[7]), extent_of(e->args[8])) : 1;
        break;
    }
    return times(w, lanes);
}

static bool no_math_call(const tir_expr *e, void *ctx)
{
    (void)ctx;
    const tir_builtin *b = e->kind == TIR_E_CALL && e->op && !e->callee ? tir_builtin_find(e->op) : NULL;
    return !(b && b->lanewise);
}

/* Counts the operations of a stored value: its loads, arithmetic and calls. */
static bool count_op(const tir_expr *e, void *ctx)
{
    int64_t *n = ctx;
    if (tir_is_binary(e->kind) || tir_is_cmp(e->kind) || e->kind == TIR_E_AND || e->kind == TIR_E_OR ||
        e->kind == TIR_E_NOT || e->kind == TIR_E_SELECT || e->kind == TIR_E_CAST || e->kind == TIR_E_LOAD ||
        e->kind == TIR_E_CALL)
        (*n)++;
    return true;
}

static int64_t work_of(const tir_stmt *s)
{
    if (!s)
        return 0;
    int64_t w = 0, ops = 0;
    switch (s->kind) {
    case TIR_S_STORE:
        /* a lane per operation of the value (a fused bias and activation
         * is several), a math builtin's lane as MATH_WORK */
        tir_walk_expr(s->value, count_op, &ops);
        return times(times(s->value->dtype.lanes, ops > 1 ? ops : 1),
                     tir_walk_expr(s->value, no_math_call, NULL) ? 1 : MATH_WORK);
    case TIR_S_EVALUATE:
        return s->value->kind == TIR_E_CALL ? call_work(s->value) : 1;
    case TIR_S_FOR:
        return times(extent_of(s->extent), work_of(s->body));
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            w = plus(w, work_of(s->seq[i]));
        return w;
    case TIR_S_IF:
        return plus(work_of(s->body), work_of(s->else_case));
    default:
        return work_of(s->body);
    }
}

/* May loop s, in the scope sr describes, run its iterations in parallel
 * (or interleaved: pass tile-rows)? */
bool tir_loop_independent(tir_scoped_rewriter *outer, const tir_stmt *s)
{
    indep in = {.v = s->var, .ok = true};
    tir_scoped_rewriter sr = {.enter = inspect, .ctx = &in};
    for (uint32_t i = 0; i < outer->env.n; i++) /* the facts around the loop, its own included */
        tir_range_env_push(&sr.env, outer->env.facts[i].var, outer->env.facts[i].range);
    for (uint32_t i = 0; i < outer->nbelow; i++) {
        sr.below = tir_xgrow(sr.below, &sr.capbelow, sr.nbelow + 1, sizeof *sr.below);
        sr.below[sr.nbelow++] = outer->below[i];
    }
    tir_scoped_rewrite(&sr, s->body);
    for (uint32_t i = 0; in.ok && i < in.nuses; i++) {
        const storage_use *u = &in.uses[i];
        if (u->written && (u->strided || !(u->dims | u->strips)))
            in.ok = false;
    }
    free(in.uses);
    free(in.strips);
    return in.ok;
}

typedef struct {
    uint32_t parallel_depth; /* enclosing parallel loops and thread regions */
    tir_arena *a;
} walk_state;

/* A loop of symbolic extent E (a batch) whose iterations hold `each`
 * element operations becomes, in place,
 *     if E >= K: the loop, parallel     else: the loop, serial
 * with K the fewest iterations that hold MIN_WORK, so a small batch stays
 * on the calling thread and a large one is split. */
static void version_by_extent(tir_arena *a, tir_stmt *s, int64_t each)
{
    int64_t k = MIN_WORK / each + (MIN_WORK % each != 0);
    tir_stmt *par = tir_copy_stmt(a, s), *ser = tir_stmt_new(a, TIR_S_FOR, s->loc);
    *ser = *s;
    par->for_kind = TIR_FOR_PARALLEL;
    tir_expr *cond = tir_binary(a, TIR_E_GE, tir_copy_expr(a, s->extent),
                                tir_int(a, s->extent->dtype, k < 2 ? 2 : k, s->loc), s->loc);
    tir_stmt *branch = tir_stmt_new(a, TIR_S_IF, s->loc);
    branch->cond = cond;
    branch->body = par;
    branch->else_case = ser;
    *s = *branch;
}

static bool enter(tir_scoped_rewriter *sr, tir_stmt *s)
{
    walk_state *w = sr->ctx;
    if ((s->kind == TIR_S_FOR && (s->for_kind == TIR_FOR_PARALLEL || s->for_kind == TIR_FOR_THREAD_BINDING)) ||
        thread_attr(s))
        w->parallel_depth++;
    if (w->parallel_depth || s->kind != TIR_S_FOR || s->for_kind != TIR_FOR_SERIAL || !tir_dt_is_int(s->var->dtype))
        return true;
    if (s->extent->kind == TIR_E_INT && s->extent->ival < 2)
        return true; /* one iteration: look inside */
    int64_t each = work_of(s->body);
    bool symbolic = s->extent->kind != TIR_E_INT;
    /* a symbolic extent is decided when the call runs: any batch may be large */
    /* independent() also refuses blocks, so the loop can be copied (versioning) */
    if (each < 1 || (!symbolic && times(s->extent->ival, each) < MIN_WORK) || !tir_dt_is_int(s->extent->dtype) ||
        !tir_loop_independent(sr, s))
        return true;
    if (symbolic) {
        if (each < MIN_WORK / MAX_VERSIONED_EXTENT)
            return true; /* only an implausibly large batch would pay: not worth two copies */
        version_by_extent(w->a, s, each);
        return false;
    }
    s->for_kind = TIR_FOR_PARALLEL;
    w->parallel_depth++; /* leave() counts it out */
    return false; /* a region inside a region runs serially: nothing more to do below */
}

static tir_stmt *leave(tir_scoped_rewriter *sr, tir_stmt *s)
{
    walk_state *w = sr->ctx;
    if ((s->kind == TIR_S_FOR && (s->for_kind == TIR_FOR_PARALLEL || s->for_kind == TIR_FOR_THREAD_BINDING)) ||
        thread_attr(s)) {
        if (w->parallel_depth)
            w->parallel_depth--;
    }
    return s;
}

bool tir_pass_parallelize(tir_pass_ctx *p, tir_func *f)
{
    walk_state w = {0, p->a};
    tir_scoped_rewriter sr = {.enter = enter, .leave = leave, .ctx = &w};
    f->body = tir_scoped_rewrite(&sr, f->body);
    return true;
}
