/* The fused vector instructions: v = a op b where a source may be a buffer
 * range and the destination may be one (opcodes.def, voprm ... vopstmm).
 *
 * A contiguous range (stride 1) is used in place: the lane loop reads and
 * writes buffer memory directly, which is the point of these instructions.
 * Other strides go through the context's scratch lanes, as vld and vst
 * would copy them.  A source range that overlaps the destination range
 * other than exactly is copied out first, so every lane reads the values
 * from before the instruction, as vld ... vst would. */
#include "fused_ops.h"

#include <string.h>

#include "bounds.h"
#include "lane_ops.h"
#include "opcodes.h"
#include "vm_kinds.h"

/* One lane loop per kind and lane operation (the verifier admits only these). */
#define FUSED_CASE(T, OPC, LANE_OP)                                                          \
    case TIRBC_OP_##OPC##_##T:                                                               \
        LANE_LOOP(nl, CT_##T x = a[i]; CT_##T y = b[i]; r[i] = LANE_OP(T, x, y)) break;
#define FUSED_LANES(T, ADD, SUB, MUL, DIV_CASE)                                              \
    static void fused_lanes_##T(uint32_t op, UT_##T *r, const UT_##T *a, const UT_##T *b,    \
                                uint32_t nl)                                                 \
    {                                                                                        \
        switch (op) {                                                                        \
            FUSED_CASE(T, VADD, ADD)                                                         \
            FUSED_CASE(T, VSUB, SUB)                                                         \
            FUSED_CASE(T, VMUL, MUL)                                                         \
            FUSED_CASE(T, VMIN, LANE_MIN)                                                    \
            FUSED_CASE(T, VMAX, LANE_MAX)                                                    \
            DIV_CASE                                                                         \
        default:                                                                             \
            break;                                                                           \
        }                                                                                    \
    }
FUSED_LANES(I32, LANE_IADD, LANE_ISUB, LANE_IMUL, )
FUSED_LANES(I64, LANE_IADD, LANE_ISUB, LANE_IMUL, )
FUSED_LANES(F32, LANE_FADD, LANE_FSUB, LANE_FMUL, FUSED_CASE(F32, VDIV, LANE_FDIV))
FUSED_LANES(F64, LANE_FADD, LANE_FSUB, LANE_FMUL, FUSED_CASE(F64, VDIV, LANE_FDIV))

/* A buffer range buf[base + i*stride], i < nl, as its operand words give it. */
typedef struct {
    uint8_t *at; /* lane 0 */
    int64_t stride;
} range;

static bool check_range(vm_ctx *ctx, vm_slot *regs, const vm_buf *bufs, const uint32_t *w, uint32_t nl, size_t es,
                        uint32_t pc, range *out)
{
    const vm_buf *b = &bufs[w[0]];
    int64_t base = regs[w[1]].i, stride = regs[w[2]].i;
    if (!strided_in_bounds(base, stride, nl, b->nelem)) {
        const char *name = ctx->fn->buffers[w[0]].name;
        vm_error_at(ctx, pc, "out-of-bounds vector access to buffer '%s': elements %lld + i*%lld for %u lanes, of %llu",
                    name ? name : "?", (long long)base, (long long)stride, nl, (unsigned long long)b->nelem);
        return false;
    }
    out->at = b->data + (uint64_t)base * es;
    out->stride = stride;
    return true;
}

static void gather(uint8_t *dst, range r, uint32_t nl, size_t es)
{
    for (uint32_t i = 0; i < nl; i++)
        memcpy(dst + i * es, r.at + (int64_t)i * r.stride * (int64_t)es, es);
}

static bool overlaps(const uint8_t *p, const uint8_t *q, size_t bytes)
{
    uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
    return a < b + bytes && b < a + bytes;
}

bool vm_fused_op(vm_ctx *ctx, vm_slot *regs, const vm_buf *bufs, const uint32_t *ip, uint32_t pc)
{
    const tirbc_opinfo *info = &tirbc_ops[ip[0]];
    const char *letters = info->operands;
    const uint32_t *w = ip + 1;
    uint32_t nl = w[info->noperands - 1];
    unsigned vt = info->vtype;
    size_t es = vt == TIR_VT_I32 || vt == TIR_VT_F32 ? 4 : 8;
    bool dst_in_memory = letters[0] == 'O';
    unsigned k = dst_in_memory ? 3 : 1;
    uint32_t op = w[k++];

    /* the sources, in order: a register, or a range checked now */
    const uint8_t *src[2];
    range in[2];
    bool in_memory[2];
    for (int s = 0; s < 2; s++) {
        in_memory[s] = letters[k] == 'f';
        if (!in_memory[s]) {
            src[s] = (const uint8_t *)&regs[w[k++]];
            continue;
        }
        if (!check_range(ctx, regs, bufs, w + k, nl, es, pc, &in[s]))
            return false;
        k += 3;
        if (in[s].stride == 1) {
            src[s] = in[s].at;
        } else {
            gather((uint8_t *)&ctx->scratch[s], in[s], nl, es);
            src[s] = (const uint8_t *)&ctx->scratch[s];
        }
    }

    /* the destination: a register, a range written in place, or scratch lanes scattered after */
    uint8_t *dst;
    range out = {NULL, 1};
    if (!dst_in_memory) {
        dst = (uint8_t *)&regs[w[0]];
    } else {
        if (!check_range(ctx, regs, bufs, w, nl, es, pc, &out))
            return false;
        dst = out.stride == 1 ? out.at : (uint8_t *)&ctx->scratch[2];
        for (int s = 0; s < 2; s++)
            if (in_memory[s] && src[s] == in[s].at && src[s] != dst && overlaps(src[s], dst, nl * es)) {
                memcpy(&ctx->scratch[s], src[s], nl * es);
                src[s] = (const uint8_t *)&ctx->scratch[s];
            }
    }

    switch (vt) {
    case TIR_VT_I32: fused_lanes_I32(op, (UT_I32 *)dst, (const UT_I32 *)src[0], (const UT_I32 *)src[1], nl); break;
    case TIR_VT_I64: fused_lanes_I64(op, (UT_I64 *)dst, (const UT_I64 *)src[0], (const UT_I64 *)src[1], nl); break;
    case TIR_VT_F32: fused_lanes_F32(op, (UT_F32 *)dst, (const UT_F32 *)src[0], (const UT_F32 *)src[1], nl); break;
    default: fused_lanes_F64(op, (UT_F64 *)dst, (const UT_F64 *)src[0], (const UT_F64 *)src[1], nl); break;
    }
    if (dst_in_memory && out.stride != 1)
        for (uint32_t i = 0; i < nl; i++)
            memcpy(out.at + (int64_t)i * out.stride * (int64_t)es, dst + i * es, es);
    return true;
}
