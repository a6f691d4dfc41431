/* Local buffers kept in registers (register_buffers.h). */
#include "register_buffers.h"

#include <string.h>

#include "tir_visit.h"
#include "tirvm_ops.h"

/* The constant value of an index (a Broadcast of one in vector code). */
static bool const_index(const tir_expr *e, int64_t *v)
{
    if (e->kind == TIR_E_BROADCAST)
        e = e->a;
    if (e->kind != TIR_E_INT)
        return false;
    *v = e->ival;
    return true;
}

/* The row-major element number of a constant access to a compact buffer. */
bool tir_const_flat_index(const tir_buffer *b, tir_expr *const *idx, uint32_t n, int64_t *out)
{
    if (b->nstrides || (b->elem_offset && !(b->elem_offset->kind == TIR_E_INT && b->elem_offset->ival == 0)) ||
        b->dtype.lanes != 1 || n != b->ndim)
        return false;
    int64_t flat = 0;
    for (uint32_t d = 0; d < n; d++) {
        int64_t i;
        if (b->shape[d]->kind != TIR_E_INT || !const_index(idx[d], &i) || i < 0 || i >= b->shape[d]->ival ||
            __builtin_mul_overflow(flat, b->shape[d]->ival, &flat) || __builtin_add_overflow(flat, i, &flat))
            return false;
    }
    *out = flat;
    return true;
}

typedef struct {
    const tir_var *data;
    tir_dtype dtype;
    int64_t nelem;
    bool ok;
} promote_scan;

static void scan_access(promote_scan *ps, const tir_buffer *b, tir_expr *const *idx, uint32_t n)
{
    int64_t flat;
    if (b->data == ps->data && (!tir_dt_eq(b->dtype, ps->dtype) || !tir_const_flat_index(b, idx, n, &flat) ||
                                flat >= ps->nelem))
        ps->ok = false;
}

static bool scan_node(const tir_expr *e, void *ctx)
{
    promote_scan *ps = ctx;
    if (e->kind == TIR_E_VAR && e->var == ps->data)
        ps->ok = false; /* the handle itself escapes (a call argument, a view) */
    if (e->kind == TIR_E_LOAD)
        scan_access(ps, e->buffer, e->args, e->nargs);
    /* A loop-level instruction's memory operand needs storage, whatever
     * its index: the passes that made the instruction saw the buffer in
     * memory, and a later pass (simplify-indices) may make its index
     * constant.  This test, here, is what keeps the two stages agreeing. */
    if (e->kind == TIR_E_CALL)
        for (uint32_t i = 0; i < e->nargs; i++)
            if (e->args[i]->kind == TIR_E_LOAD && e->args[i]->buffer->data == ps->data &&
                tirvm_op_arg_in_memory(e, i))
                ps->ok = false;
    return ps->ok;
}

static void scan_expr(promote_scan *ps, const tir_expr *e) { tir_walk_expr(e, scan_node, ps); }

static void scan_stmt(promote_scan *ps, const tir_stmt *s)
{
    if (!s || !ps->ok)
        return;
    switch (s->kind) {
    case TIR_S_STORE:
        if (s->value->dtype.lanes != 1 && s->buffer->data == ps->data)
            ps->ok = false;
        scan_access(ps, s->buffer, s->indices, s->nindices);
        break;
    case TIR_S_FOR:
        /* workers of a parallel region each have their own registers */
        if (s->for_kind == TIR_FOR_PARALLEL || s->for_kind == TIR_FOR_THREAD_BINDING)
            ps->ok = false;
        break;
    case TIR_S_ATTR:
        if (s->attr_key && (strcmp(s->attr_key, "thread_extent") == 0 || strcmp(s->attr_key, "virtual_thread") == 0))
            ps->ok = false;
        scan_expr(ps, s->attr_node);
        break;
    case TIR_S_DECL_BUFFER:
    case TIR_S_REALIZE:
        if (s->buffer && s->buffer->data == ps->data &&
            (s->kind == TIR_S_REALIZE || s->buffer->nstrides || !tir_dt_eq(s->buffer->dtype, ps->dtype)))
            ps->ok = false;
        break;
    case TIR_S_BLOCK_REALIZE:
        ps->ok = false; /* lowered before codegen; never promote around one */
        break;
    default:
        break;
    }
    scan_expr(ps, s->value);
    scan_expr(ps, s->cond);
    scan_expr(ps, s->message);
    scan_expr(ps, s->min);
    scan_expr(ps, s->extent);
    for (uint32_t i = 0; i < s->nindices; i++)
        scan_expr(ps, s->indices[i]);
    for (uint32_t i = 0; i < s->nseq; i++)
        scan_stmt(ps, s->seq[i]);
    scan_stmt(ps, s->body);
    scan_stmt(ps, s->else_case);
}

bool tir_buffer_fits_registers(const tir_buffer *b, int64_t nelem, const tir_stmt *body)
{
    tir_vtype vt = tir_dtype_vtype(b->dtype);
    if (nelem < 1 || nelem > TIR_REGISTER_BUFFER_MAX || b->dtype.lanes != 1 || vt == TIR_VT_NONE ||
        vt == TIR_VT_HANDLE)
        return false;
    promote_scan ps = {b->data, b->dtype, nelem, true};
    scan_stmt(&ps, body);
    return ps.ok;
}

bool tir_alloc_in_registers(const tir_stmt *s)
{
    if (s->kind != TIR_S_ALLOCATE || !(s->cond->kind == TIR_E_INT && s->cond->ival == 1))
        return false;
    const tir_buffer *b = s->buffer;
    tir_buffer own;
    if (!b) {
        memset(&own, 0, sizeof own);
        own.data = s->var;
        own.dtype = s->dtype;
        b = &own;
    }
    if (b->data != s->var)
        return false;
    int64_t n = b->dtype.lanes;
    for (uint32_t i = 0; i < s->nindices; i++)
        if (s->indices[i]->kind != TIR_E_INT || s->indices[i]->ival < 0 ||
            __builtin_mul_overflow(n, s->indices[i]->ival, &n))
            return false;
    return tir_buffer_fits_registers(b, n / b->dtype.lanes, s->body);
}
