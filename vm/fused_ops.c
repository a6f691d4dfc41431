/* The lane loops and slow paths of the fused vector instructions
 * (fused_ops.h says how they use buffer memory). */
#include "fused_ops.h"

#include "lane_ops.h"
#include "vm_kinds.h"

/* One lane loop per kind and lane operation (the verifier admits only
 * these); a kind of TIRBC_FUSED_KINDS without its line here does not link. */
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

/* Multiply-add lanes per kind: the product is its own rounded value
 * (the project builds with -ffp-contract=off, so no FMA forms), then the
 * sum, as vmul then vadd.  A scalar b is a register, read as the
 * instructions of its kind read one (SCALAR_T of vm_kinds.h, whose R here
 * is the register itself). */
#define R(slot) (*(slot))
#define MADD_LANES(T, ADD, MUL)                                                              \
    static void madd_lanes_##T(bool b_scalar, UT_##T *r, const UT_##T *a, const void *b,     \
                               const UT_##T *c, uint32_t nl)                                 \
    {                                                                                        \
        if (b_scalar) {                                                                      \
            CT_##T y = SCALAR_##T((const vm_slot *)b);                                       \
            LANE_LOOP(nl, CT_##T x = a[i]; CT_##T p = MUL(T, x, y); CT_##T z = c[i];         \
                      r[i] = ADD(T, p, z))                                                   \
        } else {                                                                             \
            const UT_##T *bv = b;                                                            \
            LANE_LOOP(nl, CT_##T x = a[i]; CT_##T y = bv[i]; CT_##T p = MUL(T, x, y);        \
                      CT_##T z = c[i]; r[i] = ADD(T, p, z))                                  \
        }                                                                                    \
    }
MADD_LANES(I32, LANE_IADD, LANE_IMUL)
MADD_LANES(I64, LANE_IADD, LANE_IMUL)
MADD_LANES(F32, LANE_FADD, LANE_FMUL)
MADD_LANES(F64, LANE_FADD, LANE_FMUL)

/* Multiply-add lanes with an epilogue, r[i] = (a[i]*b[i] + c[i]) op e:
 * one loop per kind and lane operation, each step rounded as its own
 * instruction rounds it. */
#define MADD_OP_LOOP(T, ADD, MUL, LANE_OP, Y)                                                \
    LANE_LOOP(nl, CT_##T x = a[i]; CT_##T y = (Y); CT_##T p = MUL(T, x, y); CT_##T z = c[i];   \
              CT_##T q = ADD(T, p, z); r[i] = LANE_OP(T, q, e))
#define MADD_OP_CASE(T, ADD, MUL, OPC, LANE_OP)                                              \
    case TIRBC_OP_##OPC##_##T:                                                               \
        if (b_scalar) {                                                                      \
            CT_##T ys = SCALAR_##T((const vm_slot *)b);                                      \
            MADD_OP_LOOP(T, ADD, MUL, LANE_OP, ys)                                           \
        } else {                                                                             \
            const UT_##T *bv = b;                                                            \
            MADD_OP_LOOP(T, ADD, MUL, LANE_OP, bv[i])                                        \
        }                                                                                    \
        break;
#define MADD_OP_LANES(T, ADD, SUB, MUL, DIV_CASE)                                            \
    static void madd_op_lanes_##T(bool b_scalar, uint32_t op, UT_##T *r, const UT_##T *a,    \
                                  const void *b, const UT_##T *c, const vm_slot *s,          \
                                  uint32_t nl)                                               \
    {                                                                                        \
        CT_##T e = SCALAR_##T(s);                                                            \
        switch (op) {                                                                        \
            MADD_OP_CASE(T, ADD, MUL, VADD, ADD)                                             \
            MADD_OP_CASE(T, ADD, MUL, VSUB, SUB)                                             \
            MADD_OP_CASE(T, ADD, MUL, VMUL, MUL)                                             \
            MADD_OP_CASE(T, ADD, MUL, VMIN, LANE_MIN)                                        \
            MADD_OP_CASE(T, ADD, MUL, VMAX, LANE_MAX)                                        \
            DIV_CASE                                                                         \
        default:                                                                             \
            break;                                                                           \
        }                                                                                    \
    }
MADD_OP_LANES(I32, LANE_IADD, LANE_ISUB, LANE_IMUL, )
MADD_OP_LANES(I64, LANE_IADD, LANE_ISUB, LANE_IMUL, )
MADD_OP_LANES(F32, LANE_FADD, LANE_FSUB, LANE_FMUL, MADD_OP_CASE(F32, LANE_FADD, LANE_FMUL, VDIV, LANE_FDIV))
MADD_OP_LANES(F64, LANE_FADD, LANE_FSUB, LANE_FMUL, MADD_OP_CASE(F64, LANE_FADD, LANE_FMUL, VDIV, LANE_FDIV))

void vm_fused_madd_op_lanes(unsigned vt, bool b_scalar, uint32_t op, void *r, const void *a, const void *b,
                            const void *c, const vm_slot *e, uint32_t nl)
{
    switch (vt) {
#define MADD_OP_DISPATCH(T, _)                                   \
    case TIR_VT_##T:                                             \
        madd_op_lanes_##T(b_scalar, op, r, a, b, c, e, nl);      \
        break;
        TIRBC_FUSED_KINDS(MADD_OP_DISPATCH, _)
    default:
        break;
    }
}

void vm_fused_madd_lanes(unsigned vt, bool b_scalar, void *r, const void *a, const void *b, const void *c,
                         uint32_t nl)
{
    switch (vt) {
#define MADD_DISPATCH(T, _)                              \
    case TIR_VT_##T:                                     \
        madd_lanes_##T(b_scalar, r, a, b, c, nl);        \
        break;
        TIRBC_FUSED_KINDS(MADD_DISPATCH, _)
    default:
        break;
    }
}

void vm_fused_lanes(unsigned vt, uint32_t op, void *r, const void *a, const void *b, uint32_t nl)
{
    switch (vt) {
#define FUSED_DISPATCH(T, _)                     \
    case TIR_VT_##T:                             \
        fused_lanes_##T(op, r, a, b, nl);        \
        break;
        TIRBC_FUSED_KINDS(FUSED_DISPATCH, _)
    default:
        break;
    }
}

bool vm_fused_range_error(vm_ctx *ctx, uint32_t pc, uint32_t buf, int64_t base, int64_t stride, uint32_t nl,
                          uint64_t nelem)
{
    const char *name = ctx->fn->buffers[buf].name;
    vm_error_at(ctx, pc, "out-of-bounds vector access to buffer '%s': elements %lld + i*%lld for %u lanes, of %llu",
                name ? name : "?", (long long)base, (long long)stride, nl, (unsigned long long)nelem);
    return false;
}

/* One loop per element size, so that each element is one move of a known
 * size (a stride-2 window row, a channel-strided operand), not a call of
 * memcpy. */
#define GATHER_LOOP(ES)                                                                                        \
    {                                                                                                          \
        ptrdiff_t off = 0; /* an offset, not a pointer: past the last lane it points nowhere */              \
        for (uint32_t i = 0; i < nl; i++, off += step)                                                         \
            memcpy(dense + i * (ES), base + off, (ES));                                                        \
    }
#define SCATTER_LOOP(ES)                                                                                       \
    {                                                                                                          \
        ptrdiff_t off = 0;                                                                                     \
        for (uint32_t i = 0; i < nl; i++, off += step)                                                         \
            memcpy(base + off, dense + i * (ES), (ES));                                                        \
    }

void vm_fused_gather(uint8_t *dense, const uint8_t *base, int64_t stride, uint32_t nl, size_t es)
{
    ptrdiff_t step = (ptrdiff_t)stride * (ptrdiff_t)es; /* the range was checked: no overflow */
    switch (es) {
    case 1: GATHER_LOOP(1) break;
    case 2: GATHER_LOOP(2) break;
    case 4: GATHER_LOOP(4) break;
    case 8: GATHER_LOOP(8) break;
    default:
        for (uint32_t i = 0; i < nl; i++)
            memcpy(dense + i * es, base + (int64_t)i * stride * (int64_t)es, es);
    }
}

void vm_fused_scatter(uint8_t *base, int64_t stride, const uint8_t *dense, uint32_t nl, size_t es)
{
    ptrdiff_t step = (ptrdiff_t)stride * (ptrdiff_t)es; /* the range was checked: no overflow */
    switch (es) {
    case 1: SCATTER_LOOP(1) break;
    case 2: SCATTER_LOOP(2) break;
    case 4: SCATTER_LOOP(4) break;
    case 8: SCATTER_LOOP(8) break;
    default:
        for (uint32_t i = 0; i < nl; i++)
            memcpy(base + (int64_t)i * stride * (int64_t)es, dense + i * es, es);
    }
}
