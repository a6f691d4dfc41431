/* Binding call arguments to a frame, exactly as the specification's PrimFunc
 * rules say (Stmt semantics 1.i-ii): scalars first, then each DLTensor in
 * parameter order, binding symbolic shape/stride/offset variables on first
 * sight and checking them after. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "halffloat.h"
#include "vm_internal.h"

#define TIRVM_KDLBOOL 6 /* DLPack's kDLBool; Debian's dlpack.h (0.6) predates it */

typedef struct {
    vm_ctx *ctx;
    vm_slot *regs;
    bool *bound; /* per register: has a shape variable been bound yet */
} binder;

static bool fail(binder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(binder *b, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(b->ctx->err, b->ctx->err_len, "%s (in function '%s')", msg, b->ctx->fn->name);
    return false;
}

static const char *dtn(tir_dtype t, char *buf, size_t n) { return tir_dtype_str(t, buf, n); }

/* A value kind by its TIR name (int32, not the mnemonics' i32). */
#define VT_NAME(vt) tir_dtype_str(tir_vtype_dtype(vt), (char[32]){0}, 32)

/* Does v fit in the integer value kind vt? */
static bool fits(tir_vtype vt, int64_t v)
{
    switch (vt) {
    case TIR_VT_BOOL: return v == 0 || v == 1;
    case TIR_VT_I8: return v >= INT8_MIN && v <= INT8_MAX;
    case TIR_VT_I16: return v >= INT16_MIN && v <= INT16_MAX;
    case TIR_VT_I32: return v >= INT32_MIN && v <= INT32_MAX;
    case TIR_VT_U8: return v >= 0 && v <= UINT8_MAX;
    case TIR_VT_U16: return v >= 0 && v <= UINT16_MAX;
    case TIR_VT_U32: return v >= 0 && v <= UINT32_MAX;
    case TIR_VT_U64: return v >= 0;
    case TIR_VT_I64: return true;
    default: return false;
    }
}

/* Binds a shape, stride or offset entry to `value`, or checks it. */
static bool bind_dim(binder *b, const tirbc_dimref *d, int64_t value, const char *pname, const char *what, uint32_t k)
{
    if (d->kind == TIRBC_DIM_CONST) {
        if (d->value != value)
            return fail(b, "argument '%s': %s[%u] is %lld, expected %lld", pname, what, k, (long long)value,
                        (long long)d->value);
        return true;
    }
    uint32_t r = (uint32_t)d->value;
    if (b->bound[r]) {
        if (b->regs[r].i != value)
            return fail(b, "argument '%s': %s[%u] is %lld, but an earlier argument bound it to %lld", pname, what, k,
                        (long long)value, (long long)b->regs[r].i);
        return true;
    }
    tir_vtype vt = b->ctx->fn->regtypes[r].vtype;
    if (!fits(vt, value))
        return fail(b, "argument '%s': %s[%u] is %lld, which does not fit in its %s variable", pname, what, k,
                    (long long)value, VT_NAME(vt));
    b->regs[r].i = value;
    b->bound[r] = true;
    return true;
}

static bool dtype_matches(tir_dtype want, DLDataType got)
{
    if (tir_dt_is_bool(want))
        return got.lanes == want.lanes &&
               ((got.code == TIR_CODE_UINT && got.bits == 1) || (got.code == TIRVM_KDLBOOL && got.bits == 8));
    return got.code == want.code && got.bits == want.bits && got.lanes == want.lanes;
}

static bool mul_ok(uint64_t a, uint64_t b, uint64_t *r) { return !__builtin_mul_overflow(a, b, r); }

static bool bind_tensor(binder *b, const tirbc_param *p, const DLTensor *t, vm_buf *vb)
{
    const tirbc_function *fn = b->ctx->fn;
    const tirbc_buffer *desc = &fn->buffers[p->index];
    const char *pname = p->name;
    char w[32], g[32];
    /* A buffer of vector elements (the param's dtype, float32x4) takes a
     * tensor of that dtype; its shape, strides and offset count vector
     * elements, and the buffer holds `lanes` scalars per element. */
    uint16_t lanes = tir_dt_eq(p->dtype, TIR_DT_HANDLE) ? 1 : p->dtype.lanes;
    tir_dtype want = tir_dt_with_lanes(desc->dtype, lanes);
    if (!t)
        return fail(b, "argument '%s': missing tensor", pname);
    if (t->device.device_type != kDLCPU)
        return fail(b, "argument '%s': tensor is not in CPU memory (device type %d)", pname, (int)t->device.device_type);
    if (!dtype_matches(want, t->dtype)) {
        tir_dtype got = {t->dtype.code, t->dtype.bits, t->dtype.lanes};
        return fail(b, "argument '%s': dtype is %s, expected %s", pname,
                    t->dtype.code == TIRVM_KDLBOOL ? "bool (8-bit)" : dtn(got, g, sizeof g), dtn(want, w, sizeof w));
    }
    if (t->ndim < 0 || (uint32_t)t->ndim != desc->ndim)
        return fail(b, "argument '%s': has %d dimensions, expected %u", pname, t->ndim, desc->ndim);
    int n = t->ndim;
    for (int k = 0; k < n; k++) {
        if (t->shape[k] < 0)
            return fail(b, "argument '%s': shape[%d] is negative", pname, k);
        if (!bind_dim(b, &desc->shape[k], t->shape[k], pname, "shape", (uint32_t)k))
            return false;
    }
    /* Compact row-major strides, for comparison and for binding declared stride vars. */
    int64_t compact[64];
    int64_t acc = 1;
    bool any_zero = false;
    for (int k = n; k-- > 0;) {
        compact[k] = acc;
        if (t->shape[k] == 0)
            any_zero = true;
        else if (__builtin_mul_overflow(acc, t->shape[k], &acc))
            return fail(b, "argument '%s': shape is too large", pname);
    }
    const int64_t *strides = t->strides ? t->strides : compact;
    if (t->strides && desc->nstrides == 0) {
        /* Spec-readings 14: explicit strides that describe the compact layout are fine. */
        for (int k = 0; k < n; k++)
            if (t->shape[k] > 1 && t->strides[k] != compact[k])
                return fail(b, "argument '%s': strides describe a non-compact layout (stride[%d] is %lld, compact is %lld) "
                               "and the buffer declares no strides", pname, k, (long long)t->strides[k], (long long)compact[k]);
        strides = compact;
    }
    for (uint32_t k = 0; k < desc->nstrides; k++) {
        if (strides[k] < 0)
            return fail(b, "argument '%s': negative strides are not supported", pname);
        if (!bind_dim(b, &desc->strides[k], strides[k], pname, "strides", k))
            return false;
    }
    size_t esize = tir_dtype_elem_size(desc->dtype) * lanes;
    if (t->byte_offset % esize != 0)
        return fail(b, "argument '%s': byte_offset %llu is not a multiple of the element size %zu", pname,
                    (unsigned long long)t->byte_offset, esize);
    uint64_t elem_offset = t->byte_offset / esize;
    if (elem_offset > INT64_MAX)
        return fail(b, "argument '%s': byte_offset is too large", pname);
    if (!bind_dim(b, &desc->elem_offset, (int64_t)elem_offset, pname, "elem_offset", 0))
        return false;
    /* The number of elements the accesses may reach: one past the last element. */
    uint64_t nelem = 1;
    if (any_zero) {
        nelem = 0;
    } else {
        for (int k = 0; k < n; k++) {
            uint64_t span;
            if (!mul_ok((uint64_t)(t->shape[k] - 1), (uint64_t)strides[k], &span) || __builtin_add_overflow(nelem, span, &nelem))
                return fail(b, "argument '%s': shape and strides are too large", pname);
        }
    }
    uint64_t nbytes;
    if (!mul_ok(nelem, esize, &nbytes) || nbytes > ((uint64_t)1 << 62))
        return fail(b, "argument '%s': tensor is too large", pname);
    nelem *= lanes; /* scalars, as the buffer counts them (cannot overflow: nbytes did not) */
    if (nelem && !t->data)
        return fail(b, "argument '%s': tensor data is NULL", pname);
    vb->data = nelem ? (uint8_t *)t->data + t->byte_offset : NULL;
    vb->nelem = nelem;
    vb->owned = false;
    return true;
}

bool vm_bind_args(vm_ctx *ctx, const tirvm_arg *args, int nargs, vm_slot *regs, vm_buf *bufs)
{
    const tirbc_function *fn = ctx->fn;
    binder b = {ctx, regs, calloc(fn->nregs ? fn->nregs : 1, sizeof(bool))};
    if (!b.bound)
        return fail(&b, "out of memory");
    bool ok = true;
    for (int i = 0; ok && i < nargs; i++) {
        const tirbc_param *p = &fn->params[i];
        if (p->kind != TIRBC_PARAM_SCALAR)
            continue;
        const tirvm_arg *a = &args[i];
        tir_vtype vt = fn->regtypes[p->index].vtype;
        if (a->kind == TIRVM_ARG_TENSOR) {
            ok = fail(&b, "argument '%s': expected a scalar, got a tensor", p->name);
        } else if (vt == TIR_VT_F32 || vt == TIR_VT_F64 || vt == TIR_VT_F16 || vt == TIR_VT_BF16) {
            double v = a->kind == TIRVM_ARG_FLOAT ? a->f : a->kind == TIRVM_ARG_UINT ? (double)a->u : (double)a->i;
            if (vt == TIR_VT_F32)
                regs[p->index].f32 = (float)v;
            else if (vt == TIR_VT_F64)
                regs[p->index].f64 = v;
            else
                regs[p->index].u = vt == TIR_VT_F16 ? tir_f16_from_f64(v) : tir_bf16_from_f64(v);
        } else if (a->kind == TIRVM_ARG_FLOAT) {
            ok = fail(&b, "argument '%s': expected an integer of type %s, got %g", p->name, VT_NAME(vt), a->f);
        } else if (a->kind == TIRVM_ARG_UINT && a->u > INT64_MAX) {
            /* only a uint64 parameter holds values above INT64_MAX */
            if (vt == TIR_VT_U64)
                regs[p->index].u = a->u;
            else
                ok = fail(&b, "argument '%s': %llu does not fit in %s", p->name, (unsigned long long)a->u,
                          VT_NAME(vt));
        } else if (a->kind == TIRVM_ARG_UINT && !fits(vt, (int64_t)a->u)) {
            ok = fail(&b, "argument '%s': %llu does not fit in %s", p->name, (unsigned long long)a->u, VT_NAME(vt));
        } else if (a->kind == TIRVM_ARG_UINT) {
            regs[p->index].i = (int64_t)a->u;
        } else if (!fits(vt, a->i)) {
            ok = fail(&b, "argument '%s': %lld does not fit in %s", p->name, (long long)a->i, VT_NAME(vt));
        } else {
            regs[p->index].i = a->i;
        }
        b.bound[p->index] = true;
    }
    for (int i = 0; ok && i < nargs; i++) {
        const tirbc_param *p = &fn->params[i];
        if (p->kind != TIRBC_PARAM_BUFFER)
            continue;
        if (args[i].kind != TIRVM_ARG_TENSOR)
            ok = fail(&b, "argument '%s': expected a tensor, got a number", p->name);
        else
            ok = bind_tensor(&b, p, args[i].tensor, &bufs[p->index]);
    }
    /* Spec PrimFunc 2.v: no two tensor arguments may alias. */
    for (int i = 0; ok && i < nargs; i++) {
        const tirbc_param *p = &fn->params[i];
        if (p->kind != TIRBC_PARAM_BUFFER || !bufs[p->index].nelem)
            continue;
        size_t es = tir_dtype_elem_size(fn->buffers[p->index].dtype);
        uintptr_t lo = (uintptr_t)bufs[p->index].data, hi = lo + bufs[p->index].nelem * es;
        for (int k = 0; ok && k < i; k++) {
            const tirbc_param *q = &fn->params[k];
            if (q->kind != TIRBC_PARAM_BUFFER || !bufs[q->index].nelem)
                continue;
            size_t qs = tir_dtype_elem_size(fn->buffers[q->index].dtype);
            uintptr_t qlo = (uintptr_t)bufs[q->index].data, qhi = qlo + bufs[q->index].nelem * qs;
            if (lo < qhi && qlo < hi)
                ok = fail(&b, "arguments '%s' and '%s' overlap in memory (tensor arguments must not alias)", q->name, p->name);
        }
    }
    free(b.bound);
    return ok;
}
