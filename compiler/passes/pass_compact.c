/* Pass compact: an allocation of which each iteration of a loop touches
 * only its own slice,
 *     PaddedInput = T.allocate([1, 32, 42, 42])
 *     for c in range(32):
 *         ... PaddedInput[0, c, y, x] ...        (every access: index c in dimension 1)
 * is made inside the loop, one slice big, and each access indexes 0 there:
 *     for c in range(32):
 *         PaddedInput = T.allocate([1, 1, 42, 42])
 *         ... PaddedInput[0, 0, y, x] ...
 * This is what TVM's CompactBufferAllocation does for a stage computed at a
 * loop (a depthwise convolution's padded channel, softmax's row of
 * exponentials): the working set is one slice, not the whole buffer.
 *
 * It keeps the meaning because iteration c touches slice c and no other, so
 * no iteration sees another's values, and a slice an iteration reads before
 * writing holds zeros either way (allocations are zero-filled).  It applies
 * only when that can be seen: every access to the memory goes through the
 * allocated buffer itself (no view, no use of its data pointer), the index
 * in that dimension is the loop variable itself in every access, and the
 * loop's range lies inside the dimension, so an access that was out of
 * bounds before is still one after (it would trap in another dimension or
 * not at all).  The loops it looks at are those between the allocation and
 * the smallest statement holding every access; the allocation goes inside
 * one of them only when each loop above it slices the buffer too (else an
 * outer loop's iterations could pass values on through a slice). */
#include "passes.h"

#include "tir_visit.h"

#define MAX_CHAIN 32

typedef enum {
    LOOK,      /* is there an access? */
    INDICES,   /* which variable indexes each dimension in every access? */
    REWRITE,   /* index 0 in the compacted dimensions */
} scan_mode;

typedef struct {
    scan_mode mode;
    const tir_var *data; /* the allocation's memory */
    const tir_buffer *buf;
    bool found;          /* an access to data was seen */
    bool foreign;        /* data is reached otherwise than through buf's indices */
    /* INDICES, per dimension: the variable every access indexes it with (NULL:
     * none yet), or same[d] false once two accesses differ or one is not a
     * variable */
    const tir_var **var;
    bool *same;
    /* REWRITE: the dimensions whose index becomes 0 */
    const bool *zero;
    tir_arena *a;
} accesses;

static void see_access(accesses *acc, const tir_buffer *b, tir_expr **indices, uint32_t n)
{
    if (!b || b->data != acc->data)
        return;
    acc->found = true;
    if (b != acc->buf || n != b->ndim) {
        acc->foreign = true;
        return;
    }
    for (uint32_t d = 0; d < n && acc->mode != LOOK; d++) {
        if (acc->mode == REWRITE) {
            if (acc->zero[d])
                indices[d] = tir_int(acc->a, indices[d]->dtype, 0, indices[d]->loc);
        } else if (indices[d]->kind != TIR_E_VAR || (acc->var[d] && acc->var[d] != indices[d]->var)) {
            acc->same[d] = false;
        } else {
            acc->var[d] = indices[d]->var;
        }
    }
}

static tir_expr *access_expr(tir_rewriter *r, tir_expr *e)
{
    if (e->kind == TIR_E_LOAD)
        see_access(r->ctx, e->buffer, e->args, e->nargs);
    return e;
}

static bool access_stmt(tir_rewriter *r, tir_stmt *s)
{
    accesses *acc = r->ctx;
    if (s->kind == TIR_S_STORE)
        see_access(acc, s->buffer, s->indices, s->nindices);
    else if ((s->kind == TIR_S_DECL_BUFFER || s->kind == TIR_S_REALIZE) && s->buffer && s->buffer->data == acc->data &&
             s->buffer != acc->buf)
        acc->foreign = true; /* a view of the memory */
    return true;
}

/* Looks at (or, with acc->zero, rewrites) every access under s / in e. */
static void scan_stmt(accesses *acc, tir_stmt *s)
{
    tir_rewriter r = {.expr = access_expr, .enter = access_stmt, .ctx = acc};
    (void)tir_rewrite_stmt(&r, s);
}

static void scan_expr(accesses *acc, tir_expr *e)
{
    if (!e)
        return;
    tir_rewriter r = {.expr = access_expr, .ctx = acc};
    (void)tir_rewrite_expr(&r, e);
}

static bool stmt_touches(const tir_buffer *buf, tir_stmt *s)
{
    accesses acc = {.mode = LOOK, .data = buf->data, .buf = buf};
    scan_stmt(&acc, s);
    return acc.found;
}

static bool expr_touches(const tir_buffer *buf, tir_expr *e)
{
    accesses acc = {.mode = LOOK, .data = buf->data, .buf = buf};
    scan_expr(&acc, e);
    return acc.found;
}

/* The loops from s down to the smallest statement holding every access,
 * outermost first; loops whose bounds read the buffer end the chain. */
static uint32_t loop_chain(const tir_buffer *buf, tir_stmt *s, tir_stmt **chain)
{
    uint32_t n = 0;
    while (s && n < MAX_CHAIN) {
        if (s->kind == TIR_S_FOR && (s->for_kind == TIR_FOR_SERIAL || s->for_kind == TIR_FOR_PARALLEL ||
                                     s->for_kind == TIR_FOR_UNROLLED)) {
            if (expr_touches(buf, s->min) || expr_touches(buf, s->extent))
                break;
            chain[n++] = s;
            s = s->body;
        } else if (s->kind == TIR_S_SEQ) {
            tir_stmt *only = NULL;
            for (uint32_t i = 0; i < s->nseq; i++)
                if (stmt_touches(buf, s->seq[i])) {
                    if (only)
                        return n;
                    only = s->seq[i];
                }
            s = only;
        } else if (s->kind == TIR_S_LET && !expr_touches(buf, s->value)) {
            s = s->body;
        } else {
            break;
        }
    }
    return n;
}

/* Does loop l's range lie inside [0, extent)? */
static bool range_inside(const tir_stmt *l, const tir_expr *extent)
{
    int64_t end;
    return l->min->kind == TIR_E_INT && l->extent->kind == TIR_E_INT && extent->kind == TIR_E_INT &&
           l->min->ival >= 0 && !__builtin_add_overflow(l->min->ival, l->extent->ival, &end) && end <= extent->ival;
}

static tir_stmt *compact_allocation(tir_rewriter *r, tir_stmt *al)
{
    tir_arena *a = r->ctx;
    if (al->kind != TIR_S_ALLOCATE || !al->buffer || al->buffer->data != al->var || al->var->is_const)
        return al;
    tir_buffer *buf = al->buffer;
    if (buf->ndim == 0 || buf->ndim > 64 || buf->nstrides || (buf->elem_offset && buf->elem_offset->kind != TIR_E_INT))
        return al;
    /* the allocation's own DeclBuffer (tirx's AllocBuffer) moves with it */
    tir_stmt *decl = al->body && al->body->kind == TIR_S_DECL_BUFFER && al->body->buffer == buf ? al->body : NULL;
    tir_stmt *body = decl ? decl->body : al->body;
    if (!body || tir_stmt_uses_var(body, al->var))
        return al;
    const tir_var *var[64] = {0};
    bool same[64];
    for (uint32_t d = 0; d < buf->ndim; d++)
        same[d] = true;
    accesses acc = {.mode = INDICES, .data = al->var, .buf = buf, .var = var, .same = same};
    scan_stmt(&acc, body);
    if (!acc.found || acc.foreign)
        return al;
    tir_stmt *chain[MAX_CHAIN];
    uint32_t n = loop_chain(buf, body, chain);
    /* by[d]: the chain loop whose variable indexes dimension d in every
     * access.  The allocation may go inside chain loop k only when every
     * loop down to k has such a dimension: an outer loop that has none
     * would carry values from one of its iterations to the next through
     * the slice (T_acc[i + 1, j] written, T_acc[i, j] read next time). */
    int by[64];
    for (uint32_t d = 0; d < buf->ndim; d++) {
        by[d] = -1;
        for (uint32_t k = 0; same[d] && var[d] && k < n; k++)
            if (chain[k]->var == var[d] && range_inside(chain[k], buf->shape[d]))
                by[d] = (int)k;
    }
    int depth = -1;
    for (uint32_t k = 0; k < n; k++) {
        bool slices = false;
        for (uint32_t d = 0; d < buf->ndim; d++)
            slices |= by[d] == (int)k;
        if (!slices)
            break;
        depth = (int)k;
    }
    if (depth < 0)
        return al;
    tir_stmt *into = chain[depth];
    bool zero[64] = {0};
    for (uint32_t d = 0; d < buf->ndim; d++)
        zero[d] = by[d] >= 0 && by[d] <= depth;
    accesses rewrite = {.mode = REWRITE, .data = al->var, .buf = buf, .zero = zero, .a = a};
    scan_stmt(&rewrite, body);
    for (uint32_t d = 0; d < buf->ndim; d++)
        if (zero[d])
            buf->shape[d] = tir_int(a, buf->shape[d]->dtype, 1, buf->shape[d]->loc);
    tir_alloc_extents(a, buf, &al->nindices, &al->indices);
    /* the allocation (and its DeclBuffer) now wraps the loop's body */
    if (decl)
        decl->body = into->body;
    else
        al->body = into->body;
    into->body = al;
    return body;
}

bool tir_pass_compact(tir_pass_ctx *p, tir_func *f)
{
    tir_rewriter r = {.stmt = compact_allocation, .ctx = p->a};
    f->body = tir_rewrite_stmt(&r, f->body);
    return true;
}
