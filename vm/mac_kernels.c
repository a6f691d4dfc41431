/* Compiled once per instruction set (vm/meson.build): MAC_ISA names the
 * copy (base, avx2, avx512) and suffixes its functions; kernel_isa.c picks
 * one table when the library loads.  Every copy computes the same bits:
 * the build forbids fused multiply-add contraction, and each lane's terms
 * are summed in the loops' order whatever the vector width. */
#include "mac_kernels.h"

#include <stdbool.h>
#include <string.h>

#ifndef MAC_ISA
#define MAC_ISA base
#endif
#define MAC_PASTE(n, isa) n##_##isa
#define MAC_NAMED(n, isa) MAC_PASTE(n, isa)
#define MAC_NAME(n) MAC_NAMED(n, MAC_ISA)
#define MAC_STR(x) #x
#define MAC_STRINGIFY(x) MAC_STR(x)

/* The accumulators are loaded once, kept while both loops run, and stored
 * once, which is what the loop nest computes when X is not also read
 * through Y or Z (codegen selects these instructions only then).  Each
 * block of lanes has its own copy with a constant count, so the C compiler
 * keeps the accumulators in registers and vectorizes the lanes; the sums
 * are still formed lane by lane in the loops' order. */
#define MAC_LANES(CT, MULADD, SIZE, NL)                                                                  \
    do {                                                                                   \
        CT acc[SIZE], y, z;                                                                  \
        for (uint32_t j = 0; j < (NL); j++)                                                \
            memcpy(&acc[j], m->x + ((uint64_t)m->xb + j) * sizeof(CT), sizeof(CT));        \
        for (int64_t a = 0; a < m->na; a++)                                                \
            for (int64_t b = 0; b < m->nb; b++) {                                          \
                memcpy(&y, m->y + (uint64_t)(m->yb + a * m->ya + b * m->ys) * sizeof(CT), sizeof(CT)); \
                const uint8_t *zrow = m->z + (uint64_t)(m->zb + a * m->za + b * m->zs) * sizeof(CT); \
                for (uint32_t j = 0; j < (NL); j++) {                                      \
                    memcpy(&z, zrow + j * sizeof(CT), sizeof(CT));                         \
                    acc[j] = MULADD(acc[j], y, z);                                         \
                }                                                                          \
            }                                                                              \
        for (uint32_t j = 0; j < (NL); j++)                                                \
            memcpy(m->x + ((uint64_t)m->xb + j) * sizeof(CT), &acc[j], sizeof(CT));        \
    } while (0)

/* float and double: vectors of 32 bytes (GCC vector extensions, which
 * each copy's target flags turn into AVX or pairs of SSE registers), then
 * one of 16 bytes, then single lanes.  Lane j of a vector is element j of
 * the row, computed as acc + y * z with the same two roundings as a
 * scalar lane; y is copied into every lane (never 0 + y, which would turn
 * -0 into +0). */
typedef float mac_f32x8 __attribute__((vector_size(32)));
typedef float mac_f32x4 __attribute__((vector_size(16)));
typedef double mac_f64x4 __attribute__((vector_size(32)));
typedef double mac_f64x2 __attribute__((vector_size(16)));

/* y in every lane (macros: a function returning a 32-byte vector would
 * change the ABI between the copies).  Without AVX an 8-float vector is
 * two registers, and GCC builds the initializer {y, ...} of one through
 * the stack (scalar stores, then a load that waits for them: the tile
 * kernel ran at 3% of the peak); lane by lane it uses shuffles. */
#if defined(__AVX__)
#define mac_bcast_f32x8(y) ((mac_f32x8){y, y, y, y, y, y, y, y})
#define mac_bcast_f64x4(y) ((mac_f64x4){y, y, y, y})
#else
#define mac_bcast_f32x8(y) ({ mac_f32x8 b_; for (int i_ = 0; i_ < 8; i_++) b_[i_] = (y); b_; })
#define mac_bcast_f64x4(y) ({ mac_f64x4 b_; for (int i_ = 0; i_ < 4; i_++) b_[i_] = (y); b_; })
#endif
#define mac_bcast_f32x4(y) ((mac_f32x4){y, y, y, y})
#define mac_bcast_f64x2(y) ((mac_f64x2){y, y})

/* Accumulator k of a row: named variables with constant conditions (NL
 * is a constant), so that they live in registers, never in an array on
 * the stack. */
#define MAC_V_LOAD(K) if (NV > K) memcpy(&a##K, xrow + K * sizeof(mac_vt), sizeof(mac_vt))
#define MAC_V_STEP(K) if (NV > K) { mac_vt z; memcpy(&z, zrow + K * sizeof(mac_vt), sizeof(mac_vt)); a##K = a##K + yv * z; }
#define MAC_V_STORE(K) if (NV > K) memcpy(xrow + K * sizeof(mac_vt), &a##K, sizeof(mac_vt))
#define MAC_S_OFF(K) (NV * sizeof(mac_vt) + NH * sizeof(mac_ht) + K * sizeof(mac_ct))
#define MAC_S_LOAD(K) if (NS > K) memcpy(&s##K, xrow + MAC_S_OFF(K), sizeof(mac_ct))
#define MAC_S_STEP(K) if (NS > K) { mac_ct z; memcpy(&z, zrow + MAC_S_OFF(K), sizeof(mac_ct)); s##K = s##K + y * z; }
#define MAC_S_STORE(K) if (NS > K) memcpy(xrow + MAC_S_OFF(K), &s##K, sizeof(mac_ct))

/* NL lanes (at most 4 vectors, a half vector and 3 single lanes). */
#define MAC_VECTORS(CT, VT, HT, BV, BH, NL)                                                                \
    do {                                                                                                   \
        enum { VL = sizeof(VT) / sizeof(CT), HL = sizeof(HT) / sizeof(CT), NV = (NL) / VL,                  \
               NH = ((NL) % VL) / HL, NS = (NL) % VL % HL };                                                \
        typedef CT mac_ct;                                                                                 \
        typedef VT mac_vt;                                                                                 \
        typedef HT mac_ht;                                                                                 \
        VT a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0};                                                         \
        HT ah = {0};                                                                                       \
        CT s0 = 0, s1 = 0, s2 = 0, y;                                                                      \
        uint8_t *xrow = m->x + (uint64_t)m->xb * sizeof(CT);                                               \
        MAC_V_LOAD(0); MAC_V_LOAD(1); MAC_V_LOAD(2); MAC_V_LOAD(3);                                        \
        if (NH)                                                                                            \
            memcpy(&ah, xrow + NV * sizeof(VT), sizeof(HT));                                               \
        MAC_S_LOAD(0); MAC_S_LOAD(1); MAC_S_LOAD(2);                                                       \
        for (int64_t c = 0; c < nc; c++)                                                                   \
            for (int64_t a = 0; a < m->na; a++)                                                            \
                for (int64_t b = 0; b < m->nb; b++) {                                                      \
                    memcpy(&y, m->y + (uint64_t)(m->yb + c * m->yc + a * m->ya + b * m->ys) * sizeof(CT),  \
                           sizeof(CT));                                                                    \
                    const uint8_t *zrow = m->z + (uint64_t)(m->zb + c * m->zc + a * m->za + b * m->zs) * sizeof(CT); \
                    VT yv = BV(y);                                                                         \
                    MAC_V_STEP(0) MAC_V_STEP(1) MAC_V_STEP(2) MAC_V_STEP(3)                                \
                    if (NH) {                                                                              \
                        HT z;                                                                              \
                        memcpy(&z, zrow + NV * sizeof(VT), sizeof(HT));                                    \
                        ah = ah + BH(y) * z;                                                               \
                    }                                                                                      \
                    MAC_S_STEP(0) MAC_S_STEP(1) MAC_S_STEP(2)                                              \
                }                                                                                          \
        MAC_V_STORE(0); MAC_V_STORE(1); MAC_V_STORE(2); MAC_V_STORE(3);                                    \
        if (NH)                                                                                            \
            memcpy(xrow + NV * sizeof(VT), &ah, sizeof(HT));                                               \
        MAC_S_STORE(0); MAC_S_STORE(1); MAC_S_STORE(2);                                                    \
    } while (0)

/* Up to 32 lanes run in one pass over the loops, the count a constant in
 * each case so that the accumulators stay in registers and Y is read once
 * per term for all of them; wider rows run as blocks of 32, then the rest.
 * Every element still sees its terms in the loops' order. */
#define MAC_CASE(N, BLOCK) case N: BLOCK(N); break;
#define MAC_CASES_1_32(BLOCK)                                                                         \
    MAC_CASE(1, BLOCK) MAC_CASE(2, BLOCK) MAC_CASE(3, BLOCK) MAC_CASE(4, BLOCK) MAC_CASE(5, BLOCK)     \
    MAC_CASE(6, BLOCK) MAC_CASE(7, BLOCK) MAC_CASE(8, BLOCK) MAC_CASE(9, BLOCK) MAC_CASE(10, BLOCK)    \
    MAC_CASE(11, BLOCK) MAC_CASE(12, BLOCK) MAC_CASE(13, BLOCK) MAC_CASE(14, BLOCK) MAC_CASE(15, BLOCK) \
    MAC_CASE(16, BLOCK) MAC_CASE(17, BLOCK) MAC_CASE(18, BLOCK) MAC_CASE(19, BLOCK) MAC_CASE(20, BLOCK) \
    MAC_CASE(21, BLOCK) MAC_CASE(22, BLOCK) MAC_CASE(23, BLOCK) MAC_CASE(24, BLOCK) MAC_CASE(25, BLOCK) \
    MAC_CASE(26, BLOCK) MAC_CASE(27, BLOCK) MAC_CASE(28, BLOCK) MAC_CASE(29, BLOCK) MAC_CASE(30, BLOCK) \
    MAC_CASE(31, BLOCK) MAC_CASE(32, BLOCK)
#define MAC_F32_BLOCK(N) MAC_VECTORS(float, mac_f32x8, mac_f32x4, mac_bcast_f32x8, mac_bcast_f32x4, N)
#define MAC_F64_BLOCK(N) MAC_VECTORS(double, mac_f64x4, mac_f64x2, mac_bcast_f64x4, mac_bcast_f64x2, N)
#define DEFINE_MAC_VECTORS(NAME, BLOCK)                                         \
    static void MAC_NAME(NAME)(const tirvm_mac_args *all)                       \
    {                                                                           \
        tirvm_mac_args part = *all;                                             \
        const tirvm_mac_args *m = &part;                                        \
        int64_t nc = all->nc > 1 ? all->nc : 1;                                 \
        for (uint32_t left = all->lanes, n; left > 0; left -= n) {              \
            n = left > 32 ? 32 : left;                                          \
            switch (n) {                                                        \
                MAC_CASES_1_32(BLOCK)                                           \
            default: break;                                                     \
            }                                                                   \
            part.xb += n;                                                       \
            part.zb += n;                                                       \
        }                                                                       \
    }
DEFINE_MAC_VECTORS(tirvm_mac_f32, MAC_F32_BLOCK)
DEFINE_MAC_VECTORS(tirvm_mac_f64, MAC_F64_BLOCK)

/* 16-bit floats: blocks of 8 lanes (then 4, then the rest), each over the
 * whole of the loops, rounding as the loop does. */
#define DEFINE_MAC(NAME, CT, MULADD)                                            \
    static void MAC_NAME(NAME)(const tirvm_mac_args *all)                       \
    {                                                                           \
        tirvm_mac_args part = *all;                                             \
        const tirvm_mac_args *m = &part;                                        \
        for (uint32_t left = all->lanes, n; left > 0; left -= n) {              \
            n = left >= 8 ? 8 : left >= 4 ? 4 : left;                           \
            if (n == 8)                                                         \
                MAC_LANES(CT, MULADD, 8, 8);                                    \
            else if (n == 4)                                                    \
                MAC_LANES(CT, MULADD, 4, 4);                                    \
            else                                                                \
                MAC_LANES(CT, MULADD, 4, n);                                    \
            part.xb += n;                                                       \
            part.zb += n;                                                       \
        }                                                                       \
    }

DEFINE_MAC(tirvm_mac_f16, uint16_t, tirvm_muladd_f16)
DEFINE_MAC(tirvm_mac_bf16, uint16_t, tirvm_muladd_bf16)

/* Strided rows (mac2s): blocks of 8 lanes (then 4, then the rest), each
 * over the whole of both loops, the accumulators in registers and each
 * lane of Z read at its own offset. */
#define MAC_STRIDED_LANES(CT, MULADD, SIZE, NL, ZL)                                                       \
    do {                                                                                               \
        CT acc[SIZE], y, z;                                                                            \
        for (uint32_t j = 0; j < (NL); j++)                                                            \
            memcpy(&acc[j], m->x + ((uint64_t)m->xb + j) * sizeof(CT), sizeof(CT));                    \
        for (int64_t c = 0; c < nc; c++)                                                               \
        for (int64_t a = 0; a < m->na; a++)                                                            \
            for (int64_t b = 0; b < m->nb; b++) {                                                      \
                memcpy(&y, m->y + (uint64_t)(m->yb + c * m->yc + a * m->ya + b * m->ys) * sizeof(CT), sizeof(CT)); \
                int64_t zrow = m->zb + c * m->zc + a * m->za + b * m->zs;                              \
                for (uint32_t j = 0; j < (NL); j++) {                                                  \
                    memcpy(&z, m->z + (uint64_t)(zrow + (int64_t)j * (ZL)) * sizeof(CT), sizeof(CT));  \
                    acc[j] = MULADD(acc[j], y, z);                                                     \
                }                                                                                      \
            }                                                                                          \
        for (uint32_t j = 0; j < (NL); j++)                                                            \
            memcpy(m->x + ((uint64_t)m->xb + j) * sizeof(CT), &acc[j], sizeof(CT));                    \
    } while (0)

/* Lanes two elements apart: the 2*NL - 1 elements they span copied at
 * once (the element after the last lane is not read: it may lie past the
 * buffer), then every other one taken. */
#define MAC_STRIDE2_LANES(CT, MULADD, NL)                                                              \
    do {                                                                                               \
        CT acc[NL], y, t[2 * (NL)];                                                                    \
        for (uint32_t j = 0; j < (NL); j++)                                                            \
            memcpy(&acc[j], m->x + ((uint64_t)m->xb + j) * sizeof(CT), sizeof(CT));                    \
        for (int64_t c = 0; c < nc; c++)                                                               \
        for (int64_t a = 0; a < m->na; a++)                                                            \
            for (int64_t b = 0; b < m->nb; b++) {                                                      \
                memcpy(&y, m->y + (uint64_t)(m->yb + c * m->yc + a * m->ya + b * m->ys) * sizeof(CT), sizeof(CT)); \
                memcpy(t, m->z + (uint64_t)(m->zb + c * m->zc + a * m->za + b * m->zs) * sizeof(CT),   \
                       (2 * (NL) - 1) * sizeof(CT));                                                   \
                for (uint32_t j = 0; j < (NL); j++)                                                    \
                    acc[j] = MULADD(acc[j], y, t[2 * j]);                                              \
            }                                                                                          \
        for (uint32_t j = 0; j < (NL); j++)                                                            \
            memcpy(m->x + ((uint64_t)m->xb + j) * sizeof(CT), &acc[j], sizeof(CT));                    \
    } while (0)

#define DEFINE_MAC_STRIDED(NAME, CT, MULADD)                                                           \
    static void MAC_NAME(NAME)(const tirvm_mac_args *all, int64_t zl)                                  \
    {                                                                                                  \
        tirvm_mac_args part = *all;                                                                    \
        const tirvm_mac_args *m = &part;                                                               \
        int64_t nc = all->nc > 1 ? all->nc : 1;                                                        \
        for (uint32_t left = all->lanes, n; left > 0; left -= n) {                                     \
            n = left >= 8 ? 8 : left >= 4 ? 4 : left;                                                  \
            if (n == 8 && zl == 2) /* a stride-2 window: 15 contiguous elements, every other one */    \
                MAC_STRIDE2_LANES(CT, MULADD, 8);                                                      \
            else if (n == 8)                                                                           \
                MAC_STRIDED_LANES(CT, MULADD, 8, 8, zl);                                               \
            else if (n == 4)                                                                           \
                MAC_STRIDED_LANES(CT, MULADD, 4, 4, zl);                                               \
            else                                                                                       \
                MAC_STRIDED_LANES(CT, MULADD, 4, n, zl);                                               \
            part.xb += n;                                                                              \
            part.zb += (int64_t)n * zl;                                                                \
        }                                                                                              \
    }

DEFINE_MAC_STRIDED(tirvm_mac_strided_any_f32, float, tirvm_muladd_f32)
DEFINE_MAC_STRIDED(tirvm_mac_strided_f64, double, tirvm_muladd_f64)

/* Lanes two elements apart (a stride-2 row): the even elements e0..e7 of
 * two overlapping loads of 8 (elements 0..7 and 7..14, so nothing past
 * the last lane's element is read), in the lane order e0 e1 e4 e5 e2 e3
 * e6 e7 that one in-lane shuffle gives (vshufps; the order 0..7 needs a
 * cross-lane permute, vpermd, 4 cycles a vector on Zen 1).  Accumulators
 * of such lanes keep that order over the reduction: MAC_S2_ORDER puts a
 * row of X in it when loaded and back when stored (it is its own
 * inverse).  Each lane still takes its own terms in order. */
#define MAC_S2_EVEN(lo, hi) __builtin_shufflevector(lo, hi, 0, 2, 9, 11, 4, 6, 13, 15)
#define MAC_S2_ORDER(v) __builtin_shufflevector(v, v, 0, 1, 4, 5, 2, 3, 6, 7)

/* float lanes two elements apart (a stride-2 convolution), NV vectors of 8
 * in one pass, accumulated as MAC_VECTORS does. */
#define MAC_S2_LOAD(K) if (NV > K) { memcpy(&a##K, xrow + K * 32, 32); a##K = MAC_S2_ORDER(a##K); }
#define MAC_S2_STEP(K)                                                                   \
    if (NV > K) {                                                                        \
        mac_f32x8 lo, hi;                                                                \
        memcpy(&lo, zrow + K * 64, 32);                                                  \
        memcpy(&hi, zrow + K * 64 + 28, 32);                                             \
        a##K = a##K + yv * MAC_S2_EVEN(lo, hi);                                          \
    }
#define MAC_S2_STORE(K) if (NV > K) { a##K = MAC_S2_ORDER(a##K); memcpy(xrow + K * 32, &a##K, 32); }
#define MAC_F32_STRIDE2(NVEC)                                                                              \
    do {                                                                                                   \
        enum { NV = (NVEC) };                                                                              \
        mac_f32x8 a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0};                                                  \
        float y;                                                                                           \
        uint8_t *xrow = m->x + (uint64_t)m->xb * sizeof(float);                                            \
        MAC_S2_LOAD(0); MAC_S2_LOAD(1); MAC_S2_LOAD(2); MAC_S2_LOAD(3);                                    \
        for (int64_t c = 0; c < nc; c++)                                                                   \
        for (int64_t a = 0; a < m->na; a++)                                                                \
            for (int64_t b = 0; b < m->nb; b++) {                                                          \
                memcpy(&y, m->y + (uint64_t)(m->yb + c * m->yc + a * m->ya + b * m->ys) * sizeof(float), sizeof(float)); \
                const uint8_t *zrow = m->z + (uint64_t)(m->zb + c * m->zc + a * m->za + b * m->zs) * sizeof(float); \
                mac_f32x8 yv = mac_bcast_f32x8(y);                                                         \
                MAC_S2_STEP(0) MAC_S2_STEP(1) MAC_S2_STEP(2) MAC_S2_STEP(3)                                \
            }                                                                                              \
        MAC_S2_STORE(0); MAC_S2_STORE(1); MAC_S2_STORE(2); MAC_S2_STORE(3);                                \
    } while (0)

static void MAC_NAME(tirvm_mac_strided_f32)(const tirvm_mac_args *all, int64_t zl)
{
    tirvm_mac_args part = *all;
    const tirvm_mac_args *m = &part;
    int64_t nc = all->nc > 1 ? all->nc : 1;
    uint32_t left = all->lanes;
    for (uint32_t nv; zl == 2 && left >= 8; left -= 8 * nv) {
        nv = left >= 32 ? 4 : left / 8;
        switch (nv) {
        case 1: MAC_F32_STRIDE2(1); break;
        case 2: MAC_F32_STRIDE2(2); break;
        case 3: MAC_F32_STRIDE2(3); break;
        default: MAC_F32_STRIDE2(4); break;
        }
        part.xb += 8 * nv;
        part.zb += 16 * (int64_t)nv;
    }
    if (left) {
        part.lanes = left;
        MAC_NAME(tirvm_mac_strided_any_f32)(&part, zl);
    }
}

/* A tile of rows (mact): NR rows (at most 4) of NV vectors of 8 lanes (at
 * most 2), the 8 accumulators in registers over the whole reduction.  Each
 * step loads Z's vectors once and multiplies them by each row's own Y
 * element, so the loads of Z are shared by every row of the tile, the way
 * a GEMM microkernel shares a packed panel; ZROW: each row reads its own
 * Z, r*zr further (a depthwise convolution's rows: fewer dispatches, whole
 * vectors).  Each element still takes its terms in the loops' order, a
 * separately rounded multiply and add each.
 * ZL2: Z's lanes two elements apart, taken as MAC_S2_STEP takes them.
 * LAST: the bytes of X the last vector holds, 32 or (the row's last 9 to
 * 15 lanes as two vectors, or 5 to 7 as one, when Z may be read to the end
 * of the last vector) fewer; its other lanes are computed and never
 * stored, and nothing is read from X past the row. */
#define MAC_T_LOAD(R, K)                                                                 \
    if (NR > R && NV > K) {                                                              \
        memcpy(&a##R##K, xrow + (R) * xrs + K * 32, K == NV - 1 ? last : 32);            \
        if (ZL2)                                                                         \
            a##R##K = MAC_S2_ORDER(a##R##K);                                             \
    }
#define MAC_T_STORE(R, K)                                                                \
    if (NR > R && NV > K) {                                                              \
        if (ZL2)                                                                         \
            a##R##K = MAC_S2_ORDER(a##R##K);                                             \
        memcpy(xrow + (R) * xrs + K * 32, &a##R##K, K == NV - 1 ? last : 32);            \
    }
#define MAC_T_Z(K, AT)                                                                   \
    if (NV > K) {                                                                        \
        if (ZL2) {                                                                       \
            mac_f32x8 lo, hi;                                                            \
            memcpy(&lo, (AT) + K * 64, 32);                                              \
            memcpy(&hi, (AT) + K * 64 + 28, 32);                                         \
            z##K = MAC_S2_EVEN(lo, hi);                                                  \
        } else {                                                                         \
            memcpy(&z##K, (AT) + K * 32, 32);                                            \
        }                                                                                \
    }
#define MAC_T_ROW(R)                                                                     \
    if (NR > R) {                                                                        \
        float y;                                                                         \
        memcpy(&y, yrow + (R) * yrs, sizeof y);                                          \
        mac_f32x8 yv = mac_bcast_f32x8(y);                                               \
        if (ZROW) {                                                                      \
            MAC_T_Z(0, zrow + (R) * zrs) MAC_T_Z(1, zrow + (R) * zrs)                    \
        }                                                                                \
        a##R##0 = a##R##0 + yv * z0;                                                     \
        if (NV > 1)                                                                      \
            a##R##1 = a##R##1 + yv * z1;                                                 \
    }
#define MAC_F32_TILE(NROWS, NVEC, ZLTWO, ZOWN, LAST)                                                       \
    do {                                                                                                   \
        enum { NR = (NROWS), NV = (NVEC), ZL2 = (ZLTWO), ZROW = (ZOWN) };                                  \
        const size_t last = (LAST);                                                                        \
        mac_f32x8 a00 = {0}, a01 = {0}, a10 = {0}, a11 = {0}, a20 = {0}, a21 = {0}, a30 = {0}, a31 = {0}; \
        mac_f32x8 z0 = {0}, z1 = {0};                                                                      \
        uint8_t *xrow = m->x + (uint64_t)m->xb * sizeof(float);                                            \
        if (!m->zero) {                                                                                    \
            MAC_T_LOAD(0, 0); MAC_T_LOAD(0, 1); MAC_T_LOAD(1, 0); MAC_T_LOAD(1, 1);                        \
            MAC_T_LOAD(2, 0); MAC_T_LOAD(2, 1); MAC_T_LOAD(3, 0); MAC_T_LOAD(3, 1);                        \
        }                                                                                                  \
        for (int64_t c = 0; c < nc; c++)                                                                   \
            for (int64_t a = 0; a < m->na; a++)                                                            \
                for (int64_t b = 0; b < m->nb; b++) {                                                      \
                    const uint8_t *yrow =                                                                  \
                        m->y + (uint64_t)(m->yb + c * m->yc + a * m->ya + b * m->ys) * sizeof(float);      \
                    const uint8_t *zrow =                                                                  \
                        m->z + (uint64_t)(m->zb + c * m->zc + a * m->za + b * m->zs) * sizeof(float);      \
                    if (!ZROW) {                                                                           \
                        MAC_T_Z(0, zrow) MAC_T_Z(1, zrow)                                                  \
                    }                                                                                      \
                    MAC_T_ROW(0) MAC_T_ROW(1) MAC_T_ROW(2) MAC_T_ROW(3)                                    \
                }                                                                                          \
        MAC_T_STORE(0, 0); MAC_T_STORE(0, 1); MAC_T_STORE(1, 0); MAC_T_STORE(1, 1);                        \
        MAC_T_STORE(2, 0); MAC_T_STORE(2, 1); MAC_T_STORE(3, 0); MAC_T_STORE(3, 1);                        \
    } while (0)
#define MAC_T_CASE(R, V, Z2, ZR) case (R) * 16 + (V) * 4 + (Z2) * 2 + (ZR): MAC_F32_TILE(R, V, Z2, ZR, 32); break;
#define MAC_T_CASES_V(R)                                                                                   \
    MAC_T_CASE(R, 1, 0, 0) MAC_T_CASE(R, 1, 1, 0) MAC_T_CASE(R, 2, 0, 0) MAC_T_CASE(R, 2, 1, 0)           \
    MAC_T_CASE(R, 1, 0, 1) MAC_T_CASE(R, 1, 1, 1) MAC_T_CASE(R, 2, 0, 1) MAC_T_CASE(R, 2, 1, 1)
#define MAC_P_CASE(R, V, Z2, ZR) case (R) * 8 + (V) * 4 + (Z2) * 2 + (ZR): MAC_F32_TILE(R, (V) + 1, Z2, ZR, tail_bytes); break;
#define MAC_P_CASES_V(R, V) MAC_P_CASE(R, V, 0, 0) MAC_P_CASE(R, V, 1, 0) MAC_P_CASE(R, V, 0, 1) MAC_P_CASE(R, V, 1, 1)
#define MAC_P_CASES(R) MAC_P_CASES_V(R, 0) MAC_P_CASES_V(R, 1)

/* The last 1 to 7 lanes of a tile's rows (NL = 4*NH + NS): a half vector
 * and single lanes per row, Z's lanes zl elements apart loaded once a step
 * for every row, or (ZROW) each row's own, r*zr further. */
#define MAC_R_LOAD(R)                                                                    \
    if (NR > R) {                                                                        \
        if (NH)                                                                          \
            memcpy(&h##R, xrow + (R) * xrs, 16);                                         \
        if (NS > 0) memcpy(&s##R##0, xrow + (R) * xrs + (NH * 4 + 0) * 4, 4);            \
        if (NS > 1) memcpy(&s##R##1, xrow + (R) * xrs + (NH * 4 + 1) * 4, 4);            \
        if (NS > 2) memcpy(&s##R##2, xrow + (R) * xrs + (NH * 4 + 2) * 4, 4);            \
    }
#define MAC_R_STORE(R)                                                                   \
    if (NR > R) {                                                                        \
        if (NH)                                                                          \
            memcpy(xrow + (R) * xrs, &h##R, 16);                                         \
        if (NS > 0) memcpy(xrow + (R) * xrs + (NH * 4 + 0) * 4, &s##R##0, 4);            \
        if (NS > 1) memcpy(xrow + (R) * xrs + (NH * 4 + 1) * 4, &s##R##1, 4);            \
        if (NS > 2) memcpy(xrow + (R) * xrs + (NH * 4 + 2) * 4, &s##R##2, 4);            \
    }
#define MAC_R_ROW(R)                                                                     \
    if (NR > R) {                                                                        \
        float y;                                                                         \
        memcpy(&y, yrow + (R) * yrs, sizeof y);                                          \
        if (ZROW) {                                                                      \
            MAC_R_Z(zrow + (R) * zrs)                                                    \
        }                                                                                \
        if (NH)                                                                          \
            h##R = h##R + mac_bcast_f32x4(y) * zh;                                       \
        if (NS > 0) s##R##0 = s##R##0 + y * zs0;                                         \
        if (NS > 1) s##R##1 = s##R##1 + y * zs1;                                         \
        if (NS > 2) s##R##2 = s##R##2 + y * zs2;                                         \
    }
#define MAC_Z_AT(ZP, K) ({ float z_; memcpy(&z_, (ZP) + (uint64_t)((K) * zl) * sizeof(float), sizeof z_); z_; })
#define MAC_R_Z(ZP)                                                                      \
    if (NH && zl == 1)                                                                   \
        memcpy(&zh, (ZP), 16);                                                           \
    else if (NH)                                                                         \
        zh = (mac_f32x4){MAC_Z_AT(ZP, 0), MAC_Z_AT(ZP, 1), MAC_Z_AT(ZP, 2), MAC_Z_AT(ZP, 3)}; \
    if (NS > 0) zs0 = MAC_Z_AT(ZP, NH * 4 + 0);                                          \
    if (NS > 1) zs1 = MAC_Z_AT(ZP, NH * 4 + 1);                                          \
    if (NS > 2) zs2 = MAC_Z_AT(ZP, NH * 4 + 2);
#define MAC_F32_TILE_REST(NROWS, NLANES, ZOWN)                                                             \
    do {                                                                                                   \
        enum { NR = (NROWS), NH = (NLANES) / 4, NS = (NLANES) % 4, ZROW = (ZOWN) };                        \
        mac_f32x4 h0 = {0}, h1 = {0}, h2 = {0}, h3 = {0};                                                  \
        float s00 = 0, s01 = 0, s02 = 0, s10 = 0, s11 = 0, s12 = 0;                                        \
        float s20 = 0, s21 = 0, s22 = 0, s30 = 0, s31 = 0, s32 = 0;                                        \
        uint8_t *xrow = m->x + (uint64_t)m->xb * sizeof(float);                                            \
        if (!m->zero) {                                                                                    \
            MAC_R_LOAD(0) MAC_R_LOAD(1) MAC_R_LOAD(2) MAC_R_LOAD(3)                                        \
        }                                                                                                  \
        for (int64_t c = 0; c < nc; c++)                                                                   \
            for (int64_t a = 0; a < m->na; a++)                                                            \
                for (int64_t b = 0; b < m->nb; b++) {                                                      \
                    const uint8_t *yrow =                                                                  \
                        m->y + (uint64_t)(m->yb + c * m->yc + a * m->ya + b * m->ys) * sizeof(float);      \
                    const uint8_t *zrow =                                                                  \
                        m->z + (uint64_t)(m->zb + c * m->zc + a * m->za + b * m->zs) * sizeof(float);      \
                    mac_f32x4 zh = {0};                                                                    \
                    float zs0 = 0, zs1 = 0, zs2 = 0;                                                       \
                    if (!ZROW) {                                                                           \
                        MAC_R_Z(zrow)                                                                      \
                    }                                                                                      \
                    MAC_R_ROW(0) MAC_R_ROW(1) MAC_R_ROW(2) MAC_R_ROW(3)                                    \
                }                                                                                          \
        MAC_R_STORE(0) MAC_R_STORE(1) MAC_R_STORE(2) MAC_R_STORE(3)                                        \
    } while (0)
#define MAC_R_CASE(R, L, ZR) case ((R) * 8 + (L)) * 2 + (ZR): MAC_F32_TILE_REST(R, L, ZR); break;
#define MAC_R_CASES_L(R, ZR)                                                                               \
    MAC_R_CASE(R, 1, ZR) MAC_R_CASE(R, 2, ZR) MAC_R_CASE(R, 3, ZR) MAC_R_CASE(R, 4, ZR)                   \
    MAC_R_CASE(R, 5, ZR) MAC_R_CASE(R, 6, ZR) MAC_R_CASE(R, 7, ZR)

static void MAC_NAME(tirvm_mac_tile_f32)(const tirvm_mac_args *all, int64_t zl)
{
    tirvm_mac_args part = *all;
    const tirvm_mac_args *m = &part;
    int64_t nc = all->nc > 1 ? all->nc : 1;
    int64_t xrs = all->xr * (int64_t)sizeof(float), yrs = all->yr * (int64_t)sizeof(float);
    int64_t zrs = all->zr * (int64_t)sizeof(float);
    if (all->zero && zl != 1 && zl != 2) { /* its rows go row by row below, through X: +0.0 first */
        for (int64_t r = 0; r < all->nr; r++)
            memset(all->x + (uint64_t)(all->xb + r * all->xr) * sizeof(float), 0, all->lanes * sizeof(float));
        part.zero = 0;
    }
    for (int64_t r0 = 0, nr; r0 < all->nr; r0 += nr) {
        nr = all->nr - r0 < 4 ? all->nr - r0 : 4;
        part.xb = all->xb + r0 * all->xr;
        part.yb = all->yb + r0 * all->yr;
        part.zb = all->zb + r0 * all->zr;
        uint32_t left = all->lanes;
        /* the last 9 to 15 lanes as two whole vectors, 5 to 7 as one: one
         * pass over the reduction instead of a vector and a rest */
        bool pairs = zl == 1 || zl == 2, two = pairs && (all->zover & TIRVM_ZOVER_16) && left % 16 > 8;
        for (uint32_t nv; pairs && left >= (two ? 16u : 8u); left -= 8 * nv) {
            nv = left >= 16 ? 2 : 1;
            switch ((int)nr * 16 + (int)nv * 4 + (zl == 2) * 2 + (all->zr != 0)) {
                MAC_T_CASES_V(1) MAC_T_CASES_V(2) MAC_T_CASES_V(3) MAC_T_CASES_V(4)
            default: break;
            }
            part.xb += 8 * nv;
            part.zb += 8 * (int64_t)nv * zl;
        }
        bool one = left > 4 && left < 8 && (all->zover & TIRVM_ZOVER_8);
        if (pairs && (two || one)) {
            size_t tail_bytes = (left - (two ? 8 : 0)) * sizeof(float);
            switch ((int)nr * 8 + (two ? 1 : 0) * 4 + (zl == 2) * 2 + (all->zr != 0)) {
                MAC_P_CASES(1) MAC_P_CASES(2) MAC_P_CASES(3) MAC_P_CASES(4)
            default: break;
            }
            left = 0;
        }
        if (left && left < 8) { /* the last lanes, any stride */
            switch (((int)nr * 8 + (int)left) * 2 + (all->zr != 0)) {
                MAC_R_CASES_L(1, 0) MAC_R_CASES_L(2, 0) MAC_R_CASES_L(3, 0) MAC_R_CASES_L(4, 0)
                MAC_R_CASES_L(1, 1) MAC_R_CASES_L(2, 1) MAC_R_CASES_L(3, 1) MAC_R_CASES_L(4, 1)
            default: break;
            }
            left = 0;
        }
        /* 8 or more lanes of a stride other than 1 and 2, row by row */
        for (int64_t r = 0; left && r < nr; r++) {
            tirvm_mac_args row = part;
            row.xb = part.xb + r * all->xr;
            row.yb = part.yb + r * all->yr;
            row.zb = part.zb + r * all->zr;
            row.lanes = left;
            if (zl == 1)
                MAC_NAME(tirvm_mac_f32)(&row);
            else
                MAC_NAME(tirvm_mac_strided_f32)(&row, zl);
        }
    }
}

/* rmax2 over float (a max pool's window):
 *   X[xb + j] = max(X[xb + j], Z[zb + a*za + b*zs + j*zl])
 * for a < na, b < nb in turn, max(x, t) being x > t ? x : t as the loop's
 * T.max is (a NaN in t wins, one in x gives way to t).  Blocks of up to 4
 * vectors of 8 lanes, each its own chain of compares, then a half vector;
 * Z's lanes 2 apart taken as mact's ZL2 path takes them (nothing past the
 * last lane read). */
typedef int32_t mac_i32x8 __attribute__((vector_size(32)));
typedef int32_t mac_i32x4 __attribute__((vector_size(16)));
#define mac_max_f32(VI, VF, x, t)                                                          \
    ({                                                                                     \
        VI keep_ = (x) > (t);                                                              \
        (VF)(((VI)(x) & keep_) | ((VI)(t) & ~keep_));                                      \
    })
#define MAC_W_Z(K, AT, ZLTWO)                                                            \
    if (NV > K) {                                                                        \
        mac_f32x8 t;                                                                     \
        if (ZLTWO) {                                                                     \
            mac_f32x8 lo, hi;                                                            \
            memcpy(&lo, (AT) + K * 64, 32);                                              \
            memcpy(&hi, (AT) + K * 64 + 28, 32);                                         \
            t = MAC_S2_EVEN(lo, hi);                                                     \
        } else {                                                                         \
            memcpy(&t, (AT) + K * 32, 32);                                               \
        }                                                                                \
        w##K = mac_max_f32(mac_i32x8, mac_f32x8, w##K, t);                               \
    }
#define MAC_WINDOW_MAX(NVEC, ZLTWO)                                                                        \
    do {                                                                                                   \
        enum { NV = (NVEC) };                                                                              \
        mac_f32x8 w0 = {0}, w1 = {0}, w2 = {0}, w3 = {0};                                                  \
        uint8_t *xrow = m->x + (uint64_t)(m->xb + j0) * sizeof(float);                                     \
        memcpy(&w0, xrow, 32);                                                                             \
        if (NV > 1) memcpy(&w1, xrow + 32, 32);                                                            \
        if (NV > 2) memcpy(&w2, xrow + 64, 32);                                                            \
        if (NV > 3) memcpy(&w3, xrow + 96, 32);                                                            \
        if (ZLTWO) {                                                                                       \
            w0 = MAC_S2_ORDER(w0); w1 = MAC_S2_ORDER(w1); w2 = MAC_S2_ORDER(w2); w3 = MAC_S2_ORDER(w3);    \
        }                                                                                                  \
        for (int64_t a = 0; a < m->na; a++)                                                                \
            for (int64_t b = 0; b < m->nb; b++) {                                                          \
                const uint8_t *zrow = m->z + (uint64_t)(m->zb + a * m->za + b * m->zs + (int64_t)j0 * zl) * sizeof(float); \
                MAC_W_Z(0, zrow, ZLTWO) MAC_W_Z(1, zrow, ZLTWO) MAC_W_Z(2, zrow, ZLTWO) MAC_W_Z(3, zrow, ZLTWO)  \
            }                                                                                              \
        if (ZLTWO) {                                                                                       \
            w0 = MAC_S2_ORDER(w0); w1 = MAC_S2_ORDER(w1); w2 = MAC_S2_ORDER(w2); w3 = MAC_S2_ORDER(w3);    \
        }                                                                                                  \
        memcpy(xrow, &w0, 32);                                                                             \
        if (NV > 1) memcpy(xrow + 32, &w1, 32);                                                            \
        if (NV > 2) memcpy(xrow + 64, &w2, 32);                                                            \
        if (NV > 3) memcpy(xrow + 96, &w3, 32);                                                            \
    } while (0)

static void MAC_NAME(tirvm_window_max_f32)(const tirvm_mac_args *m, int64_t zl)
{
    uint32_t j0 = 0;
    for (uint32_t nv; (zl == 1 || zl == 2) && m->lanes - j0 >= 8; j0 += 8 * nv) {
        nv = m->lanes - j0 >= 32 ? 4 : (m->lanes - j0) / 8;
        switch (nv * 2 + (zl == 2)) {
        case 2: MAC_WINDOW_MAX(1, 0); break;
        case 3: MAC_WINDOW_MAX(1, 1); break;
        case 4: MAC_WINDOW_MAX(2, 0); break;
        case 5: MAC_WINDOW_MAX(2, 1); break;
        case 6: MAC_WINDOW_MAX(3, 0); break;
        case 7: MAC_WINDOW_MAX(3, 1); break;
        case 8: MAC_WINDOW_MAX(4, 0); break;
        default: MAC_WINDOW_MAX(4, 1); break;
        }
    }
    if ((zl == 1 || zl == 2) && m->lanes - j0 >= 4) { /* 4 of the last lanes */
        mac_f32x4 w;
        uint8_t *xrow = m->x + (uint64_t)(m->xb + j0) * sizeof(float);
        memcpy(&w, xrow, 16);
        for (int64_t a = 0; a < m->na; a++)
            for (int64_t b = 0; b < m->nb; b++) {
                const uint8_t *zrow = m->z + (uint64_t)(m->zb + a * m->za + b * m->zs + (int64_t)j0 * zl) * sizeof(float);
                mac_f32x4 t, lo, hi;
                if (zl == 2) {
                    memcpy(&lo, zrow, 16);
                    memcpy(&hi, zrow + 12, 16);
                    t = __builtin_shufflevector(lo, hi, 0, 2, 5, 7);
                } else {
                    memcpy(&t, zrow, 16);
                }
                w = mac_max_f32(mac_i32x4, mac_f32x4, w, t);
            }
        memcpy(xrow, &w, 16);
        j0 += 4;
    }
    for (uint32_t j = j0; j < m->lanes; j++) { /* the last lanes, or any other stride */
        float acc, t;
        memcpy(&acc, m->x + (uint64_t)(m->xb + j) * sizeof(float), sizeof acc);
        for (int64_t a = 0; a < m->na; a++)
            for (int64_t b = 0; b < m->nb; b++) {
                memcpy(&t, m->z + (uint64_t)(m->zb + a * m->za + b * m->zs + (int64_t)j * zl) * sizeof(float), sizeof t);
                acc = acc > t ? acc : t;
            }
        memcpy(m->x + (uint64_t)(m->xb + j) * sizeof(float), &acc, sizeof acc);
    }
}

const tirvm_mac_table MAC_NAME(tirvm_mac_table) = {
    MAC_NAME(tirvm_mac_f32),         MAC_NAME(tirvm_mac_f64),         MAC_NAME(tirvm_mac_f16),
    MAC_NAME(tirvm_mac_bf16),        MAC_NAME(tirvm_mac_strided_f32), MAC_NAME(tirvm_mac_strided_f64),
    MAC_NAME(tirvm_mac_tile_f32),    MAC_NAME(tirvm_window_max_f32),  MAC_STRINGIFY(MAC_ISA),
};
