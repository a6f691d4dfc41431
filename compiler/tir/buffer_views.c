#include "buffer_views.h"

#include "fold.h"

tir_buffer *tir_buffer_view(tir_arena *a, const tir_buffer *b, uint32_t ndim)
{
    tir_buffer *v = tir_arena_alloc(a, sizeof *v);
    *v = *b;
    v->ndim = ndim;
    v->shape = tir_arena_alloc(a, ndim * sizeof *v->shape);
    for (uint32_t d = 0; d < ndim && d < b->ndim; d++)
        v->shape[d] = b->shape[d];
    return v;
}

bool tir_buffer_flattenable(const tir_buffer *b, int64_t *elems)
{
    if (b->nstrides || (b->elem_offset && !(b->elem_offset->kind == TIR_E_INT && b->elem_offset->ival == 0)))
        return false;
    int64_t total = 1;
    for (uint32_t d = 0; d < b->ndim; d++)
        if (b->shape[d]->kind != TIR_E_INT || __builtin_mul_overflow(total, b->shape[d]->ival, &total))
            return false;
    if (elems)
        *elems = total;
    return true;
}

tir_buffer *tir_buffer_flat_view(tir_arena *a, const tir_buffer *b)
{
    int64_t total;
    if (b->ndim == 0 || !tir_buffer_flattenable(b, &total))
        return NULL;
    tir_buffer *v = tir_buffer_view(a, b, 1);
    v->shape[0] = tir_int(a, b->shape[0]->dtype, total, b->loc);
    return v;
}

uint32_t tir_unit_tail_kept(const tir_buffer *b, tir_expr *const *idx, uint32_t n)
{
    if (b->nstrides || b->ndim != n)
        return n;
    uint32_t keep = n;
    while (keep > 1 && b->shape[keep - 1]->kind == TIR_E_INT && b->shape[keep - 1]->ival == 1 &&
           idx[keep - 1]->kind == TIR_E_INT && idx[keep - 1]->ival == 0)
        keep--;
    return keep;
}

bool tir_flat_coefficient(const tir_buffer *b, tir_expr *const *idx, uint32_t n, const tir_var *v, int64_t *out)
{
    if (b->nstrides || b->dtype.lanes != 1 || n != b->ndim)
        return false;
    int64_t total = 0, dim_stride = 1;
    for (uint32_t d = n; d-- > 0;) {
        const tir_expr *ix = idx[d];
        if (ix->kind == TIR_E_RAMP)
            ix = ix->a;
        int64_t coef, term;
        if (ix->dtype.lanes != 1 || !tir_linear_coefficient(ix, v, &coef) ||
            __builtin_mul_overflow(coef, dim_stride, &term) || __builtin_add_overflow(total, term, &total))
            return false;
        if (d > 0 && (b->shape[d]->kind != TIR_E_INT || __builtin_mul_overflow(dim_stride, b->shape[d]->ival, &dim_stride)))
            return false;
    }
    *out = total;
    return true;
}
