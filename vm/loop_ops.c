/* The loop-level instructions (opcodes.def): each runs a whole innermost
 * loop (or two) in one dispatch, with the same operations in the same order
 * as the loop it replaces, so results are identical.  Each checks the
 * ranges it touches first; when one is out of bounds it runs iteration by
 * iteration and fails where the loop would.  Called from the interpreter
 * with the instruction at ip; false on a runtime error. */
#include "loop_ops.h"

#include <math.h>
#include <string.h>

#include "bounds.h"
#include "dispatch.h"
#include "fused_ops.h"
#include "halffloat.h"
#include "lane_ops.h"
#include "mac_kernels.h"
#include "vm_kinds.h"

/* A loop-level instruction's function, its ID named once: LOOP_OP(ID)
 * opens it with what an interpreter body sees (its operands by role,
 * VM_AT_* and OPND of dispatch.h, and fn and code); LOOP_OP_END returns
 * true (no runtime error) and closes it. */
#define LOOP_OP(ID)                                        \
    bool vm_loop_##ID(VM_LOOP_OP_PARAMS)                   \
    {                                                      \
        VM_OPERANDS(TIRBC_SIZE_##ID, TIRBC_OPERANDS_##ID); \
        const tirbc_function *fn = ctx->fn;                \
        const uint32_t *code = fn->code;                   \
        (void)code;
#define LOOP_OP_END \
    return true;    \
    }

#define MAC_BODY(T, CT, LOADV, STOREV, MULADD, KERNEL)                                              \
    LOOP_OP(MAC_##T)                                                                                  \
        uint32_t X = OPND(BUF0), Y = OPND(BUF1), Z = OPND(BUF2), nl = OPND(WIDTH);                                          \
        int64_t xb = R(OPND(SRC0)).i, yb = R(OPND(SRC1)).i, ys = R(OPND(SRC2)).i, zb = R(OPND(SRC3)).i, zs = R(OPND(SRC4)).i;                    \
        int64_t count = R(OPND(SRC5)).i;                                                                     \
        if (count > 0) {                                                                            \
            SPEND_STEPS(count);                                                                     \
            if (strided_in_bounds(xb, 1, nl, bufs[X].nelem) && mac_in_bounds(yb, ys, count, 1, bufs[Y].nelem) && \
                mac_in_bounds(zb, zs, count, nl, bufs[Z].nelem)) {                                  \
                tirvm_mac_args m = {bufs[X].data, bufs[Y].data, bufs[Z].data, xb, yb, 0, ys, zb, 0, zs, 1, count, nl, 1, 0, 0, 1, 0, 0, 0, 0, 0}; \
                KERNEL(&m);                                                                         \
            } else {                                                                                \
                /* the loop's own order, so an error comes where the loop would raise it */         \
                for (int64_t k = 0; k < count; k++) {                                               \
                    uint64_t yi = (uint64_t)yb + (uint64_t)k * (uint64_t)ys;                        \
                    if (yi >= bufs[Y].nelem)                                                        \
                        OOB(Y, yi);                                                                 \
                    CT y = LOADV(bufs[Y].data, yi);                                                 \
                    for (uint32_t j = 0; j < nl; j++) {                                             \
                        uint64_t xi = (uint64_t)xb + j, zi = (uint64_t)zb + (uint64_t)k * (uint64_t)zs + j; \
                        if (xi >= bufs[X].nelem)                                                    \
                            OOB(X, xi);                                                             \
                        if (zi >= bufs[Z].nelem)                                                    \
                            OOB(Z, zi);                                                             \
                        STOREV(bufs[X].data, xi, MULADD(LOADV(bufs[X].data, xi), y, LOADV(bufs[Z].data, zi))); \
                    }                                                                               \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
    LOOP_OP_END
#define LOAD_F32(p, i) load_f32((p), (i))
#define STORE_F32(p, i, v) store_f32((p), (i), (v))
#define LOAD_F64(p, i) load_f64((p), (i))
#define STORE_F64(p, i, v) store_f64((p), (i), (v))
#define LOAD_H16(p, i) load_u16((p), (i))
#define STORE_H16(p, i, v) store_u16((p), (i), (v))
/* GCC vectorizes the in-order sum as one vector load of four and three
 * shuffles, which costs more than four scalar adds from memory. */
#if defined(__GNUC__) && !defined(__clang__)
#define SCALAR_ADDS __attribute__((optimize("no-tree-vectorize")))
#else
#define SCALAR_ADDS
#endif
    /* Reductions over a range: the same order and the same max/min rule
     * (x > y ? x : y with the accumulator first) as the loop they replace. */
#define REDUCE_BODY(NAME, T, CT, MEMBER, LOADV, COMBINE)                                                \
    SCALAR_ADDS LOOP_OP(NAME##_##T)                                                                     \
        uint32_t Y = OPND(BUF0);                                                                        \
        int64_t base = R(OPND(SRC0)).i, stride = R(OPND(SRC1)).i, count = R(OPND(SRC2)).i;              \
        if (count > 0) {                                                                                \
            SPEND_STEPS(count);                                                                         \
            CT acc = R(OPND(DST)).MEMBER;                                                               \
            if (mac_in_bounds(base, stride, count, 1, bufs[Y].nelem)) {                                 \
                int64_t k = 0;                                                                          \
                /* a contiguous range four at a time: still one element after                           \
                 * another into the one accumulator, fewer loop steps per element */                    \
                if (stride == 1)                                                                        \
                    for (const uint8_t *p = bufs[Y].data + (uint64_t)base * sizeof(CT); k + 4 <= count; \
                         k += 4, p += 4 * sizeof(CT)) {                                                 \
                        acc = COMBINE(acc, LOADV(p, 0));                                                \
                        acc = COMBINE(acc, LOADV(p, 1));                                                \
                        acc = COMBINE(acc, LOADV(p, 2));                                                \
                        acc = COMBINE(acc, LOADV(p, 3));                                                \
                    }                                                                                   \
                for (; k < count; k++) {                                                                \
                    CT y = LOADV(bufs[Y].data, (uint64_t)(base + k * stride));                          \
                    acc = COMBINE(acc, y);                                                              \
                }                                                                                       \
            } else {                                                                                    \
                for (int64_t k = 0; k < count; k++) {                                                   \
                    uint64_t yi = (uint64_t)base + (uint64_t)k * (uint64_t)stride;                      \
                    if (yi >= bufs[Y].nelem) {                                                          \
                        R(OPND(DST)).MEMBER = acc;                                                      \
                        OOB(Y, yi);                                                                     \
                    }                                                                                   \
                    acc = COMBINE(acc, LOADV(bufs[Y].data, yi));                                        \
                }                                                                                       \
            }                                                                                           \
            R(OPND(DST)).MEMBER = acc;                                                                  \
        }                                                                                               \
    LOOP_OP_END

    /* mac over two nested loops, in their order (a outer, b inner) */
#define MAC2_BODY(T, CT, LOADV, STOREV, KERNEL)                                                                        \
    LOOP_OP(MAC2_##T)                                                                                                  \
        uint32_t X = OPND(BUF0), Y = OPND(BUF1), Z = OPND(BUF2), nl = OPND(WIDTH);                                     \
        int64_t xb = R(OPND(SRC0)).i, yb = R(OPND(SRC1)).i, ya = R(OPND(SRC2)).i, ys = R(OPND(SRC3)).i;                \
        int64_t zb = R(OPND(SRC4)).i, za = R(OPND(SRC5)).i, zs = R(OPND(SRC6)).i;                                      \
        int64_t na = R(OPND(SRC7)).i, nb = R(OPND(SRC8)).i, total;                                                     \
        if (na > 0 && nb > 0) {                                                                                        \
            SPEND_STEPS(__builtin_mul_overflow(na, nb, &total) ? UINT64_MAX : (uint64_t)total);                        \
            if (strided_in_bounds(xb, 1, nl, bufs[X].nelem) &&                                                         \
                affine2_in_bounds(yb, ya, na, ys, nb, 1, bufs[Y].nelem) &&                                             \
                affine2_in_bounds(zb, za, na, zs, nb, nl, bufs[Z].nelem)) {                                            \
                tirvm_mac_args m = {bufs[X].data, bufs[Y].data, bufs[Z].data, xb, yb, ya, ys, zb, za, zs, na, nb, nl, 1, 0, 0, 1, 0, 0, 0, 0, 0}; \
                KERNEL(&m);                                                                                            \
            } else {                                                                                                   \
                /* the loops' own order, so an error comes where they would raise it */                                \
                const int64_t ysd[3] = {0, ya, ys}, zsd[4] = {0, za, zs, 1}, n[3] = {1, na, nb};                       \
                MAC_ROWS_BY_ELEMENT(CT, LOADV, STOREV, 1, 0, 0, 0, ysd, zsd, n)                                        \
            }                                                                                                          \
        }                                                                                                              \
    LOOP_OP_END

    /* mac2's loops, mac3's, and mact's over its rows, element by element in the
     * loops' own order, so an error comes where they would raise it:
     * for r < NR, c < N3[0], a < N3[1], b < N3[2], j < nl,
     * X[xb + r*XR + j] += Y[yb + r*YR + c*YS[0] + a*YS[1] + b*YS[2]]
     *                   * Z[zb + r*ZR + c*ZS[0] + a*ZS[1] + b*ZS[2] + j*ZS[3]] */
#define MAC_ROWS_BY_ELEMENT(CT, LOADV, STOREV, NR, XR, YR, ZR, YS, ZS, N3)                                              \
    for (int64_t r = 0; r < (NR); r++)                                                                                 \
        for (int64_t c = 0; c < (N3)[0]; c++)                                                                          \
            for (int64_t a = 0; a < (N3)[1]; a++)                                                                      \
                for (int64_t b = 0; b < (N3)[2]; b++) {                                                                \
                    uint64_t yi = (uint64_t)yb + (uint64_t)r * (uint64_t)(YR) + (uint64_t)c * (uint64_t)(YS)[0] +      \
                                  (uint64_t)a * (uint64_t)(YS)[1] + (uint64_t)b * (uint64_t)(YS)[2];                   \
                    if (yi >= bufs[Y].nelem)                                                                           \
                        OOB(Y, yi);                                                                                    \
                    CT y = LOADV(bufs[Y].data, yi);                                                                    \
                    for (uint32_t j = 0; j < nl; j++) {                                                                \
                        uint64_t xi = (uint64_t)xb + (uint64_t)r * (uint64_t)(XR) + j;                                 \
                        uint64_t zi = (uint64_t)zb + (uint64_t)r * (uint64_t)(ZR) + (uint64_t)c * (uint64_t)(ZS)[0] +  \
                                      (uint64_t)a * (uint64_t)(ZS)[1] + (uint64_t)b * (uint64_t)(ZS)[2] +              \
                                      (uint64_t)j * (uint64_t)(ZS)[3];                                                 \
                        if (xi >= bufs[X].nelem)                                                                       \
                            OOB(X, xi);                                                                                \
                        if (zi >= bufs[Z].nelem)                                                                       \
                            OOB(Z, zi);                                                                                \
                        STOREV(bufs[X].data, xi, LOADV(bufs[X].data, xi) + y * LOADV(bufs[Z].data, zi));               \
                    }                                                                                                  \
                }

    /* mac2 under a third loop (mac3): the accumulators stay in registers
     * over the whole of a convolution's reduction */
#define MAC3_BODY(T, CT, LOADV, STOREV, KERNEL, STRIDED)                                                                        \
    LOOP_OP(MAC3_##T)                                                                                                  \
        uint32_t X = OPND(BUF0), Y = OPND(BUF1), Z = OPND(BUF2), nl = OPND(WIDTH);                                     \
        int64_t xb = R(OPND(SRC0)).i, ysd[3] = {R(OPND(SRC2)).i, R(OPND(SRC3)).i, R(OPND(SRC4)).i};                  \
        int64_t yb = R(OPND(SRC1)).i, zb = R(OPND(SRC5)).i;                                                            \
        int64_t zsd[4] = {R(OPND(SRC6)).i, R(OPND(SRC7)).i, R(OPND(SRC8)).i, R(OPND(SRC12)).i};                        \
        int64_t n[4] = {R(OPND(SRC9)).i, R(OPND(SRC10)).i, R(OPND(SRC11)).i, nl}, total;                               \
        if (n[0] > 0 && n[1] > 0 && n[2] > 0) {                                                                        \
            SPEND_STEPS(__builtin_mul_overflow(n[0], n[1], &total) || __builtin_mul_overflow(total, n[2], &total)      \
                            ? UINT64_MAX : (uint64_t)total);                                                           \
            if (strided_in_bounds(xb, 1, nl, bufs[X].nelem) && affine_n_in_bounds(yb, ysd, n, 3, bufs[Y].nelem) &&    \
                affine_n_in_bounds(zb, zsd, n, 4, bufs[Z].nelem)) {                                                    \
                tirvm_mac_args m = {bufs[X].data, bufs[Y].data, bufs[Z].data, xb, yb, ysd[1], ysd[2], zb, zsd[1],      \
                                    zsd[2], n[1], n[2], nl, n[0], ysd[0], zsd[0], 1, 0, 0, 0, 0, 0};                               \
                if (zsd[3] == 1)                                                                                       \
                    KERNEL(&m);                                                                                        \
                else                                                                                                   \
                    STRIDED(&m, zsd[3]);                                                                               \
            } else {                                                                                                   \
                MAC_ROWS_BY_ELEMENT(CT, LOADV, STOREV, 1, 0, 0, 0, ysd, zsd, n)                                        \
            }                                                                                                          \
        }                                                                                                              \
    LOOP_OP_END

    /* mac3 over a tile of rows (mact): rows that do not overlap, in a
     * buffer that is neither Y's nor Z's, run together; otherwise row
     * after row, element by element, as nr mac3s would */
#define MACT_BODY(ID, T, CT, LOADV, STOREV, TILE, ZERO)                                                                 \
    LOOP_OP(ID##_##T)                                                                                                  \
        uint32_t X = OPND(BUF0), Y = OPND(BUF1), Z = OPND(BUF2), nl = OPND(WIDTH);                                     \
        int64_t xb = R(OPND(SRC0)).i, yb = R(OPND(SRC1)).i, zb = R(OPND(SRC5)).i;                                      \
        int64_t xr = R(OPND(SRC13)).i, yr = R(OPND(SRC14)).i, zr = R(OPND(SRC15)).i, nr = R(OPND(SRC16)).i;            \
        int64_t ysd[4] = {yr, R(OPND(SRC2)).i, R(OPND(SRC3)).i, R(OPND(SRC4)).i};                                      \
        int64_t zsd[5] = {zr, R(OPND(SRC6)).i, R(OPND(SRC7)).i, R(OPND(SRC8)).i, R(OPND(SRC12)).i};                    \
        int64_t yn[4] = {nr, R(OPND(SRC9)).i, R(OPND(SRC10)).i, R(OPND(SRC11)).i}, total;                              \
        int64_t zn[5] = {nr, yn[1], yn[2], yn[3], nl}, xsd[2] = {xr, 1}, xn[2] = {nr, nl};                             \
        bool sums = nr > 0 && yn[1] > 0 && yn[2] > 0 && yn[3] > 0;                                                    \
        bool apart = nr == 1 || (xr != INT64_MIN && (xr < 0 ? -xr : xr) >= (int64_t)nl);                             \
        /* Z's lanes rounded up to 16, else to 8 (more lanes the same way,                                             \
         * so either in bounds puts Z's own range in bounds too) */                                                    \
        int64_t zn8[5] = {zn[0], zn[1], zn[2], zn[3], ((int64_t)nl + 7) / 8 * 8};                                     \
        int64_t zn16[5] = {zn[0], zn[1], zn[2], zn[3], ((int64_t)nl + 15) / 16 * 16};                                \
        int64_t zover = !sums ? 0                                                                                      \
                        : affine_n_in_bounds(zb, zsd, zn16, 5, bufs[Z].nelem) ? TIRVM_ZOVER_8 | TIRVM_ZOVER_16        \
                        : affine_n_in_bounds(zb, zsd, zn8, 5, bufs[Z].nelem) ? TIRVM_ZOVER_8 : 0;                     \
        /* the tile kernel: every access in bounds, X apart from Y and Z */                                            \
        bool tile = sums && apart && X != Y && X != Z && affine_n_in_bounds(xb, xsd, xn, 2, bufs[X].nelem) &&          \
                    affine_n_in_bounds(yb, ysd, yn, 4, bufs[Y].nelem) &&                                               \
                    (zover || affine_n_in_bounds(zb, zsd, zn, 5, bufs[Z].nelem));                                      \
        if ((ZERO) && nr > 0) { /* mactz: every row's lanes to +0.0 first, in the rows' order */                     \
            SPEND_STEPS((uint64_t)nr);                                                                                 \
            if (tile) {                                                                                                \
                /* the kernel starts its accumulators at +0.0 instead */                                               \
            } else if (affine_n_in_bounds(xb, xsd, xn, 2, bufs[X].nelem)) {                                           \
                for (int64_t r = 0; r < nr; r++)                                                                       \
                    memset(bufs[X].data + ((uint64_t)xb + (uint64_t)r * (uint64_t)xr) * sizeof(CT), 0, nl * sizeof(CT)); \
            } else {                                                                                                   \
                for (int64_t r = 0; r < nr; r++)                                                                       \
                    for (uint32_t j = 0; j < nl; j++) {                                                                \
                        uint64_t xi = (uint64_t)xb + (uint64_t)r * (uint64_t)xr + j;                                   \
                        if (xi >= bufs[X].nelem)                                                                       \
                            OOB(X, xi);                                                                                \
                        STOREV(bufs[X].data, xi, (CT)0);                                                               \
                    }                                                                                                  \
            }                                                                                                          \
        }                                                                                                              \
        if (sums) {                                                                                                    \
            SPEND_STEPS(__builtin_mul_overflow(nr, yn[1], &total) || __builtin_mul_overflow(total, yn[2], &total) ||   \
                                __builtin_mul_overflow(total, yn[3], &total)                                           \
                            ? UINT64_MAX : (uint64_t)total);                                                           \
            if (tile) {                                                                                                \
                tirvm_mac_args m = {bufs[X].data, bufs[Y].data, bufs[Z].data, xb, yb, ysd[2], ysd[3], zb, zsd[2],      \
                                    zsd[3], yn[2], yn[3], nl, yn[1], ysd[1], zsd[1], nr, xr, yr, zr,                  \
                                    zover, (ZERO)};                                                                   \
                TILE(&m, zsd[4]);                                                                                      \
            } else { /* row after row */                                                                               \
                MAC_ROWS_BY_ELEMENT(CT, LOADV, STOREV, nr, xr, yr, zr, ysd + 1, zsd + 1, yn + 1)                       \
            }                                                                                                          \
        }                                                                                                              \
    LOOP_OP_END

    /* mac2 with Z's lanes M apart (mac2s) */
#define MAC2S_BODY(T, CT, LOADV, STOREV, KERNEL)                                                                       \
    LOOP_OP(MAC2S_##T)                                                                                                 \
        uint32_t X = OPND(BUF0), Y = OPND(BUF1), Z = OPND(BUF2), nl = OPND(WIDTH);                                     \
        int64_t xb = R(OPND(SRC0)).i, yb = R(OPND(SRC1)).i, ya = R(OPND(SRC2)).i, ys = R(OPND(SRC3)).i;                \
        int64_t zb = R(OPND(SRC4)).i, za = R(OPND(SRC5)).i, zs = R(OPND(SRC6)).i, zl = R(OPND(SRC9)).i;                \
        int64_t na = R(OPND(SRC7)).i, nb = R(OPND(SRC8)).i, total;                                                     \
        if (na > 0 && nb > 0) {                                                                                        \
            SPEND_STEPS(__builtin_mul_overflow(na, nb, &total) ? UINT64_MAX : (uint64_t)total);                        \
            if (strided_in_bounds(xb, 1, nl, bufs[X].nelem) &&                                                         \
                affine2_in_bounds(yb, ya, na, ys, nb, 1, bufs[Y].nelem) &&                                             \
                affine3_in_bounds(zb, za, na, zs, nb, zl, nl, bufs[Z].nelem)) {                                        \
                tirvm_mac_args m = {bufs[X].data, bufs[Y].data, bufs[Z].data, xb, yb, ya, ys, zb, za, zs, na, nb, nl, 1, 0, 0, 1, 0, 0, 0, 0, 0}; \
                KERNEL(&m, zl);                                                                                        \
            } else {                                                                                                   \
                /* the loops' own order, so an error comes where they would raise it */                                \
                for (int64_t a = 0; a < na; a++)                                                                       \
                    for (int64_t b = 0; b < nb; b++) {                                                                 \
                        uint64_t yi = (uint64_t)yb + (uint64_t)a * (uint64_t)ya + (uint64_t)b * (uint64_t)ys;          \
                        if (yi >= bufs[Y].nelem)                                                                       \
                            OOB(Y, yi);                                                                                \
                        CT y = LOADV(bufs[Y].data, yi);                                                                \
                        for (uint32_t j = 0; j < nl; j++) {                                                            \
                            uint64_t xi = (uint64_t)xb + j;                                                            \
                            uint64_t zi = (uint64_t)zb + (uint64_t)a * (uint64_t)za + (uint64_t)b * (uint64_t)zs +     \
                                          (uint64_t)j * (uint64_t)zl;                                                  \
                            if (xi >= bufs[X].nelem)                                                                   \
                                OOB(X, xi);                                                                            \
                            if (zi >= bufs[Z].nelem)                                                                   \
                                OOB(Z, zi);                                                                            \
                            STOREV(bufs[X].data, xi, LOADV(bufs[X].data, xi) + y * LOADV(bufs[Z].data, zi));           \
                        }                                                                                              \
                    }                                                                                                  \
            }                                                                                                          \
        }                                                                                                              \
    LOOP_OP_END

    /* Window reductions over a row of lanes (rsum2, rmax2, rmin2): blocks
     * of 8 accumulators in registers over the whole window, each lane
     * combining its terms in the loops' order with the accumulator first. */
#define WINDOW_BLOCK(CT, LOADV, STOREV, COMBINE, NL)                                                \
    do {                                                                                            \
        CT acc[8];                                                                                  \
        for (uint32_t j = 0; j < (NL); j++)                                                         \
            acc[j] = LOADV(bufs[X].data, (uint64_t)(xb + j0 + j));                                  \
        for (int64_t a = 0; a < na; a++)                                                            \
            for (int64_t b = 0; b < nb; b++) {                                                      \
                int64_t row = zb + a * za + b * zs + (int64_t)j0 * zl;                              \
                for (uint32_t j = 0; j < (NL); j++)                                                 \
                    acc[j] = COMBINE(acc[j], LOADV(bufs[Z].data, (uint64_t)(row + (int64_t)j * zl))); \
            }                                                                                       \
        for (uint32_t j = 0; j < (NL); j++)                                                         \
            STOREV(bufs[X].data, (uint64_t)(xb + j0 + j), acc[j]);                                  \
    } while (0)
/* 8 lanes ZL (a constant) apart: the 7*ZL + 1 elements they span copied at
 * once (nothing past the last lane is read), then every ZL-th taken, so the
 * C compiler vectorizes the lanes. */
#define WINDOW_BLOCK8(CT, COMBINE, ZL)                                                              \
    do {                                                                                            \
        CT acc[8], t[7 * (ZL) + 1];                                                                 \
        memcpy(acc, bufs[X].data + (uint64_t)(xb + j0) * sizeof(CT), sizeof acc);                   \
        for (int64_t a = 0; a < na; a++)                                                            \
            for (int64_t b = 0; b < nb; b++) {                                                      \
                int64_t row = zb + a * za + b * zs + (int64_t)j0 * (ZL);                            \
                memcpy(t, bufs[Z].data + (uint64_t)row * sizeof(CT), sizeof t);                    \
                for (uint32_t j = 0; j < 8; j++)                                                    \
                    acc[j] = COMBINE(acc[j], t[j * (ZL)]);                                          \
            }                                                                                       \
        memcpy(bufs[X].data + (uint64_t)(xb + j0) * sizeof(CT), acc, sizeof acc);                   \
    } while (0)
#define WINDOW_BODY(NAME, T, CT, LOADV, STOREV, COMBINE, KERNEL)                                    \
    LOOP_OP(NAME##_##T)                                                                                  \
        uint32_t X = OPND(BUF0), Z = OPND(BUF1), nl = OPND(WIDTH);                                              \
        int64_t xb = R(OPND(SRC0)).i, zb = R(OPND(SRC1)).i, za = R(OPND(SRC2)).i, zs = R(OPND(SRC3)).i, na = R(OPND(SRC4)).i, nb = R(OPND(SRC5)).i;       \
        int64_t zl = R(OPND(SRC6)).i, total;                                                                 \
        if (na > 0 && nb > 0) {                                                                     \
            SPEND_STEPS(__builtin_mul_overflow(na, nb, &total) ? UINT64_MAX : (uint64_t)total);     \
            if (strided_in_bounds(xb, 1, nl, bufs[X].nelem) &&                                      \
                affine3_in_bounds(zb, za, na, zs, nb, zl, nl, bufs[Z].nelem)) {                     \
                void (*kernel)(const tirvm_mac_args *, int64_t) = KERNEL;                           \
                tirvm_mac_args wa = {.x = bufs[X].data, .z = bufs[Z].data, .xb = xb, .zb = zb, .za = za, \
                                     .zs = zs, .na = na, .nb = nb, .lanes = nl};                    \
                if (kernel)                                                                         \
                    kernel(&wa, zl);                                                                \
                for (uint32_t j0 = 0, n; !kernel && j0 < nl; j0 += n) {                             \
                    n = nl - j0 >= 8 ? 8 : nl - j0;                                                 \
                    if (n == 8 && zl == 1)                                                          \
                        WINDOW_BLOCK8(CT, COMBINE, 1);                                              \
                    else if (n == 8 && zl == 2)                                                     \
                        WINDOW_BLOCK8(CT, COMBINE, 2);                                              \
                    else if (n == 8) /* lanes rows apart (a global pool): 8 chains in registers */ \
                        WINDOW_BLOCK(CT, LOADV, STOREV, COMBINE, 8);                                \
                    else                                                                            \
                        WINDOW_BLOCK(CT, LOADV, STOREV, COMBINE, n);                                \
                }                                                                                   \
            } else {                                                                                \
                /* the loops' own order, so an error comes where they would raise it */             \
                for (int64_t a = 0; a < na; a++)                                                    \
                    for (int64_t b = 0; b < nb; b++)                                                \
                        for (uint32_t j = 0; j < nl; j++) {                                         \
                            uint64_t xi = (uint64_t)xb + j;                                         \
                            uint64_t zi = (uint64_t)zb + (uint64_t)a * (uint64_t)za + (uint64_t)b * (uint64_t)zs + \
                                          (uint64_t)j * (uint64_t)zl;                               \
                            if (xi >= bufs[X].nelem)                                                \
                                OOB(X, xi);                                                         \
                            if (zi >= bufs[Z].nelem)                                                \
                                OOB(Z, zi);                                                         \
                            STOREV(bufs[X].data, xi, COMBINE(LOADV(bufs[X].data, xi), LOADV(bufs[Z].data, zi))); \
                        }                                                                           \
            }                                                                                       \
        }                                                                                           \
    LOOP_OP_END

    /* Integer accumulation: sources of kind K widened to T; wraps in T's width. */
#define MACI_LOOP(TT, ST)                                                                           \
    do {                                                                                            \
        if (strided_in_bounds(xb, 1, nl, bufs[X].nelem) && mac_in_bounds(yb, ys, count, 1, bufs[Y].nelem) && \
            mac_in_bounds(zb, zs, count, nl, bufs[Z].nelem)) {                                      \
            uint64_t acc[TIRBC_MAX_WIDTH];                                                                     \
            for (uint32_t j = 0; j < nl; j++) {                                                     \
                TT x;                                                                               \
                memcpy(&x, bufs[X].data + ((uint64_t)xb + j) * sizeof x, sizeof x);                 \
                acc[j] = (uint64_t)x;                                                               \
            }                                                                                       \
            for (int64_t k = 0; k < count; k++) {                                                   \
                ST y;                                                                               \
                memcpy(&y, bufs[Y].data + (uint64_t)(yb + k * ys) * sizeof y, sizeof y);            \
                const uint8_t *zrow = bufs[Z].data + (uint64_t)(zb + k * zs) * sizeof(ST);          \
                for (uint32_t j = 0; j < nl; j++) {                                                 \
                    ST z;                                                                           \
                    memcpy(&z, zrow + j * sizeof z, sizeof z);                                      \
                    acc[j] += (uint64_t)(int64_t)y * (uint64_t)(int64_t)z;                          \
                }                                                                                   \
            }                                                                                       \
            for (uint32_t j = 0; j < nl; j++) {                                                     \
                TT x = (TT)acc[j];                                                                  \
                memcpy(bufs[X].data + ((uint64_t)xb + j) * sizeof x, &x, sizeof x);                 \
            }                                                                                       \
        } else {                                                                                    \
            for (int64_t k = 0; k < count; k++) {                                                   \
                uint64_t yi = (uint64_t)yb + (uint64_t)k * (uint64_t)ys;                            \
                if (yi >= bufs[Y].nelem)                                                            \
                    OOB(Y, yi);                                                                     \
                ST y;                                                                               \
                memcpy(&y, bufs[Y].data + yi * sizeof y, sizeof y);                                 \
                for (uint32_t j = 0; j < nl; j++) {                                                 \
                    uint64_t xi = (uint64_t)xb + j, zi = (uint64_t)zb + (uint64_t)k * (uint64_t)zs + j; \
                    if (xi >= bufs[X].nelem)                                                        \
                        OOB(X, xi);                                                                 \
                    if (zi >= bufs[Z].nelem)                                                        \
                        OOB(Z, zi);                                                                 \
                    TT x;                                                                           \
                    ST z;                                                                           \
                    memcpy(&x, bufs[X].data + xi * sizeof x, sizeof x);                             \
                    memcpy(&z, bufs[Z].data + zi * sizeof z, sizeof z);                             \
                    x = (TT)((uint64_t)x + (uint64_t)(int64_t)y * (uint64_t)(int64_t)z);            \
                    memcpy(bufs[X].data + xi * sizeof x, &x, sizeof x);                             \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
    } while (0)
#define MACI_BODY(T, TT)                                                                            \
    LOOP_OP(MACI_##T)                                                                                  \
        typedef TT maci_acc; /* the accumulator kind, for MACI_SOURCE */                            \
        uint32_t X = OPND(BUF0), Y = OPND(BUF1), Z = OPND(BUF2), nl = OPND(WIDTH);                                         \
        int64_t xb = R(OPND(SRC0)).i, yb = R(OPND(SRC1)).i, ys = R(OPND(SRC2)).i, zb = R(OPND(SRC3)).i, zs = R(OPND(SRC4)).i;                    \
        int64_t count = R(OPND(SRC5)).i;                                                                     \
        if (count > 0) {                                                                            \
            SPEND_STEPS(count);                                                                     \
            switch (OPND(VTYPE)) { /* the sources' kind (the verifier proved it an integer kind) */           \
                VM_KINDS_INT(MACI_SOURCE)                                                     \
            default: break;                                                                         \
            }                                                                                       \
        }                                                                                           \
    LOOP_OP_END

/* copyr: rows of lanes copied, each row's lanes read before any is
 * written, as the vector load and store it replaces.  With both ranges in
 * bounds and X not Z's buffer, straight from Z into X; otherwise row by
 * row through a copy of the row, failing with the message the row's
 * vector load or store would give.  Row offsets wrap as the loop's index
 * arithmetic does. */
#define COPYR_BODY(T)                                                                                                  \
    LOOP_OP(COPYR_##T)                                                                                                 \
        enum { SZ = sizeof(AT_##T) };                                                                                  \
        uint32_t X = OPND(BUF0), Z = OPND(BUF1), nl = OPND(LANES);                                                     \
        int64_t xb = R(OPND(SRC0)).i, zb = R(OPND(SRC1)).i, zl = R(OPND(SRC2)).i;                                     \
        int64_t xr = R(OPND(SRC3)).i, zr = R(OPND(SRC4)).i, nr = R(OPND(SRC5)).i;                                      \
        if (nr > 0) {                                                                                                  \
            SPEND_STEPS((uint64_t)nr);                                                                                 \
            int64_t xsd[2] = {xr, 1}, zsd[2] = {zr, zl}, n[2] = {nr, nl};                                              \
            bool direct = X != Z && affine_n_in_bounds(xb, xsd, n, 2, bufs[X].nelem) &&                                \
                          affine_n_in_bounds(zb, zsd, n, 2, bufs[Z].nelem);                                            \
            AT_##T row[TIRBC_MAX_LANES];                                                                               \
            for (int64_t r = 0; r < nr; r++) {                                                                         \
                int64_t zo = (int64_t)((uint64_t)zb + (uint64_t)r * (uint64_t)zr);                                     \
                int64_t xo = (int64_t)((uint64_t)xb + (uint64_t)r * (uint64_t)xr);                                     \
                if (!direct && !strided_in_bounds(zo, zl, nl, bufs[Z].nelem))                                         \
                    return vm_fused_range_error(ctx, PC, Z, zo, zl, nl, bufs[Z].nelem);                                \
                uint8_t *dst = direct ? bufs[X].data + (uint64_t)xo * SZ : (uint8_t *)row;                            \
                const uint8_t *src = bufs[Z].data + (uint64_t)zo * SZ;                                                 \
                if (zl == 1)                                                                                           \
                    memcpy(dst, src, (size_t)nl * SZ);                                                                 \
                else                                                                                                   \
                    vm_fused_gather(dst, src, zl, nl, SZ);                                                             \
                if (direct)                                                                                            \
                    continue;                                                                                          \
                if (!strided_in_bounds(xo, 1, nl, bufs[X].nelem))                                                      \
                    return vm_fused_range_error(ctx, PC, X, xo, 1, nl, bufs[X].nelem);                                 \
                memcpy(bufs[X].data + (uint64_t)xo * SZ, row, (size_t)nl * SZ);                                        \
            }                                                                                                          \
        }                                                                                                              \
    LOOP_OP_END

/* Each kind's loads, stores and kernels, for the bodies above. */
#define LOAD_F16 LOAD_H16
#define LOAD_BF16 LOAD_H16
#define STORE_F16 STORE_H16
#define STORE_BF16 STORE_H16
#define MULADD_F16 tirvm_muladd_f16
#define MULADD_BF16 tirvm_muladd_bf16
#define MULADD_F32 tirvm_muladd_f32
#define MULADD_F64 tirvm_muladd_f64
#define MAC_KERNEL_F16 tirvm_mac_kernels->f16
#define MAC_KERNEL_BF16 tirvm_mac_kernels->bf16
#define MAC_KERNEL_F32 tirvm_mac_kernels->f32
#define MAC_KERNEL_F64 tirvm_mac_kernels->f64
#define MAC_STRIDED_F32 tirvm_mac_kernels->strided_f32
#define MAC_STRIDED_F64 tirvm_mac_kernels->strided_f64
#define MAC_TILE_F32 tirvm_mac_kernels->tile_f32
#define WINDOW_MAX_F32 tirvm_mac_kernels->window_max_f32
#define WINDOW_MAX_F64 NULL
#define MACI_SOURCE(S) case TIR_VT_##S: MACI_LOOP(maci_acc, CT_##S); break;

/* One function per instruction of the loop-level families, in the kinds
 * their rows in opcodes.def give them (VM_LOOP_OPS, loop_ops.h). */
#define MAC_DEFINE(T) MAC_BODY(T, CT_##T, LOAD_##T, STORE_##T, MULADD_##T, MAC_KERNEL_##T)
#define MACI_DEFINE(T) MACI_BODY(T, CT_##T)
#define MAC2_DEFINE(T) MAC2_BODY(T, CT_##T, LOAD_##T, STORE_##T, MAC_KERNEL_##T)
#define MAC3_DEFINE(T) MAC3_BODY(T, CT_##T, LOAD_##T, STORE_##T, MAC_KERNEL_##T, MAC_STRIDED_##T)
#define MAC2S_DEFINE(T) MAC2S_BODY(T, CT_##T, LOAD_##T, STORE_##T, MAC_STRIDED_##T)
#define MACT_DEFINE(T) MACT_BODY(MACT, T, CT_##T, LOAD_##T, STORE_##T, MAC_TILE_##T, 0)
#define MACTZ_DEFINE(T) MACT_BODY(MACTZ, T, CT_##T, LOAD_##T, STORE_##T, MAC_TILE_##T, 1)
#define RSUM_DEFINE(T) REDUCE_BODY(RSUM, T, CT_##T, M_##T, LOAD_##T, RED_ADD)
#define RMAX_DEFINE(T) REDUCE_BODY(RMAX, T, CT_##T, M_##T, LOAD_##T, RED_MAX)
#define RMIN_DEFINE(T) REDUCE_BODY(RMIN, T, CT_##T, M_##T, LOAD_##T, RED_MIN)
#define RSUM2_DEFINE(T) WINDOW_BODY(RSUM2, T, CT_##T, LOAD_##T, STORE_##T, RED_ADD, NULL)
#define RMAX2_DEFINE(T) WINDOW_BODY(RMAX2, T, CT_##T, LOAD_##T, STORE_##T, RED_MAX, WINDOW_MAX_##T)
#define RMIN2_DEFINE(T) WINDOW_BODY(RMIN2, T, CT_##T, LOAD_##T, STORE_##T, RED_MIN, NULL)
#define COPYR_DEFINE(T) COPYR_BODY(T)
#define LOOP_OP_DEFINE(FAMILY, T) FAMILY##_DEFINE(T)
VM_LOOP_OPS(LOOP_OP_DEFINE)
