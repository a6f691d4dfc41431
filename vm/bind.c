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

bool vm_bind_args(vm_ctx *ctx, const tirvm_arg *args, int nargs, vm_slot *regs, vm_buf *bufs, bool *bound)
{
    const tirbc_function *fn = ctx->fn;
    binder b = {ctx, regs, bound};
    /* A buffer parameter without a tensor is the caller's mistake, a usage
     * error (as a read-only tensor for a written buffer is), found before
     * anything is bound. */
    for (int i = 0; i < nargs; i++) {
        if (fn->params[i].kind == TIRBC_PARAM_BUFFER && args[i].kind == TIRVM_ARG_TENSOR && !args[i].tensor) {
            int none = 0;
            atomic_compare_exchange_strong(&ctx->call->failure, &none, TIRVM_ERR_USAGE);
            return fail(&b, "argument '%s' is missing: a tensor is required", fn->params[i].name);
        }
    }
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
    /* Spec PrimFunc 2.v: no two tensor arguments may alias.  Views that the
     * function never writes (find_written) may: reading one tensor twice,
     * as q x q^T does, computes the same as reading two copies of it. */
    const uint8_t *written = ctx->m->written[fn - ctx->mod->funcs];
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
            if (lo < qhi && qlo < hi && (written[p->index] || written[q->index]))
                ok = fail(&b, "arguments '%s' and '%s' overlap in memory, and function '%s' may write %s (tensor "
                          "arguments that are written must not alias)", q->name, p->name, fn->name,
                          written[q->index] ? "the first" : "the second");
        }
    }
    return ok;
}

bool vm_bind_check(const tirvm_module *m, const tirbc_function *fn, uint32_t param, const DLTensor *t, char *err,
                   size_t err_len)
{
    vm_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.mod = m->mod;
    ctx.fn = fn;
    ctx.m = (tirvm_module *)m;
    ctx.err = err;
    ctx.err_len = err_len;
    size_t nregs = fn->nregs ? fn->nregs : 1;
    vm_slot *regs = calloc(nregs, sizeof *regs);
    bool *bound = calloc(nregs, sizeof *bound);
    bool ok = false;
    if (!regs || !bound) {
        snprintf(err, err_len, "out of memory");
    } else {
        binder b = {&ctx, regs, bound};
        vm_buf vb;
        ok = bind_tensor(&b, &fn->params[param], t, &vb);
    }
    free(regs);
    free(bound);
    return ok;
}

/* ---- buffers passed by a call between PrimFuncs (callb, callbv) ------------
 * A buffer argument is the caller's buffer's memory, as a pointer (A.data)
 * is in TVM: the callee's parameter buffer views it with its own shape,
 * strides and elem_offset, read after the scalar parameters are stored.
 * Only the extent of a one-dimensional buffer whose register no scalar
 * parameter sets comes from the memory: the elements the caller's buffer has
 * past the offset (a typed pointer parameter `p: T.handle("float32")` is
 * such a buffer, p_len its extent).  The view must lie inside the caller's
 * buffer, so the callee can reach no memory the caller could not, and no two
 * views may overlap (spec PrimFunc 1.ii.e: buffer arguments do not alias;
 * code generation relies on it). */

/* Does a scalar parameter of fn store into register r? */
static bool scalar_param_reg(const tirbc_function *fn, int64_t r)
{
    for (uint32_t k = 0; k < fn->nparams; k++)
        if (fn->params[k].kind == TIRBC_PARAM_SCALAR && fn->params[k].index == r)
            return true;
    return false;
}

/* Is buffer parameter k's shape a register its caller's memory sets (see above)? */
static bool extent_from_memory(const tirbc_function *fn, uint32_t k)
{
    const tirbc_buffer *d = &fn->buffers[fn->params[k].index];
    return d->ndim == 1 && d->shape[0].kind == TIRBC_DIM_REG && !scalar_param_reg(fn, d->shape[0].value);
}

static int64_t dim_value(const vm_slot *regs, const tirbc_dimref *d)
{
    return d->kind == TIRBC_DIM_CONST ? d->value : regs[d->value].i;
}

bool vm_bind_buffer_args(vm_ctx *ctx, uint32_t pc, const tirbc_function *callee, vm_slot *regs, vm_buf *cbufs,
                         const vm_buf *bufs, const uint64_t *bufargs)
{
    const tirbc_function *fn = ctx->fn;
    uint32_t j = 0;
    for (uint32_t k = 0; k < callee->nparams; k++) {
        const tirbc_param *p = &callee->params[k];
        if (p->kind != TIRBC_PARAM_BUFFER)
            continue;
        uint32_t src = (uint32_t)bufargs[j++]; /* verified: a buffer of the caller, of this element type */
        const vm_buf *sb = &bufs[src];
        const tirbc_buffer *d = &callee->buffers[p->index];
        uint16_t lanes = tir_dt_eq(p->dtype, TIR_DT_HANDLE) ? 1 : p->dtype.lanes;
        const char *cname = callee->name, *bname = fn->buffers[src].name ? fn->buffers[src].name : "?";
        int64_t off = dim_value(regs, &d->elem_offset);
        if (off < 0) {
            vm_error_at(ctx, pc, "argument '%s' of function '%s': elem_offset %lld is negative", p->name, cname,
                        (long long)off);
            return false;
        }
        if (extent_from_memory(callee, k)) {
            /* the first such parameter sets the register; later ones read it */
            bool earlier = false;
            for (uint32_t q = 0; q < k && !earlier; q++)
                earlier = callee->params[q].kind == TIRBC_PARAM_BUFFER && extent_from_memory(callee, q) &&
                          callee->buffers[callee->params[q].index].shape[0].value == d->shape[0].value;
            uint64_t avail = sb->nelem / lanes;
            int64_t ext = (uint64_t)off <= avail ? (int64_t)(avail - (uint64_t)off) : 0;
            tir_vtype vt = callee->regtypes[d->shape[0].value].vtype;
            if (!earlier && !fits(vt, ext)) {
                vm_error_at(ctx, pc, "argument '%s' of function '%s': buffer '%s' has %lld elements, which does not fit "
                            "in its %s extent", p->name, cname, bname, (long long)ext, VT_NAME(vt));
                return false;
            }
            if (!earlier)
                regs[d->shape[0].value].i = ext;
        }
        /* the elements the view reaches, from its offset on: 1 + sum((shape - 1) * stride) */
        uint64_t span = 1, stride = 1;
        bool empty = false;
        for (uint32_t q = d->ndim; q-- > 0;) {
            int64_t n = dim_value(regs, &d->shape[q]);
            int64_t s = d->nstrides ? dim_value(regs, &d->strides[q]) : (int64_t)stride;
            if (n < 0 || s < 0) {
                vm_error_at(ctx, pc, "argument '%s' of function '%s': %s[%u] is %lld", p->name, cname,
                            n < 0 ? "shape" : "strides", q, (long long)(n < 0 ? n : s));
                return false;
            }
            uint64_t reach;
            if (n == 0)
                empty = true;
            else if (__builtin_mul_overflow((uint64_t)(n - 1), (uint64_t)s, &reach) ||
                     __builtin_add_overflow(span, reach, &span))
                span = UINT64_MAX;
            if (!d->nstrides && __builtin_mul_overflow(stride, (uint64_t)n, &stride))
                stride = UINT64_MAX;
        }
        if (empty)
            span = 0;
        uint64_t end, scalars;
        if (__builtin_add_overflow((uint64_t)off, span, &end) || __builtin_mul_overflow(end, (uint64_t)lanes, &scalars) ||
            scalars > sb->nelem) {
            if (span == UINT64_MAX)
                vm_error_at(ctx, pc, "argument '%s' of function '%s': its shape and strides are too large", p->name,
                            cname);
            else
                vm_error_at(ctx, pc, "argument '%s' of function '%s': its buffer '%s' reaches elements [%lld, %llu) of "
                            "buffer '%s', which has %llu (a buffer argument must lie inside the caller's buffer)",
                            p->name, cname, d->name ? d->name : "?", (long long)off, (unsigned long long)end, bname,
                            (unsigned long long)(sb->nelem / lanes));
            return false;
        }
        size_t esize = tir_dtype_elem_size(d->dtype);
        cbufs[p->index].data = span ? sb->data + (uint64_t)off * lanes * esize : NULL;
        cbufs[p->index].nelem = span * lanes;
        cbufs[p->index].owned = false;
    }
    /* PrimFunc 1.ii.e: no two buffer arguments alias, unless the callee
     * writes neither (see vm_bind_args) */
    const uint8_t *cwritten = ctx->m->written[callee - ctx->mod->funcs];
    for (uint32_t k = 0; k < callee->nparams; k++) {
        const tirbc_param *p = &callee->params[k];
        if (p->kind != TIRBC_PARAM_BUFFER || !cbufs[p->index].nelem)
            continue;
        size_t es = tir_dtype_elem_size(callee->buffers[p->index].dtype);
        uintptr_t lo = (uintptr_t)cbufs[p->index].data, hi = lo + cbufs[p->index].nelem * es;
        for (uint32_t q = 0; q < k; q++) {
            const tirbc_param *o = &callee->params[q];
            if (o->kind != TIRBC_PARAM_BUFFER || !cbufs[o->index].nelem)
                continue;
            size_t os = tir_dtype_elem_size(callee->buffers[o->index].dtype);
            uintptr_t olo = (uintptr_t)cbufs[o->index].data, ohi = olo + cbufs[o->index].nelem * os;
            if (lo < ohi && olo < hi && (cwritten[p->index] || cwritten[o->index])) {
                vm_error_at(ctx, pc, "arguments '%s' and '%s' of function '%s' overlap in memory, and it may write %s "
                            "(buffer arguments that are written must not alias)", o->name, p->name, callee->name,
                            cwritten[o->index] ? "the first" : "the second");
                return false;
            }
        }
    }
    return true;
}
