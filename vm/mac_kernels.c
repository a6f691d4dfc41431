#include "mac_kernels.h"

#include <string.h>

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

/* ROWS rows of 8 lanes in one pass over both loops: 2*ROWS vector
 * registers of accumulators, each y loaded once for all of them. */
#define MAC_ROWS(CT, MULADD, ROWS)                                                         \
    do {                                                                                   \
        CT acc[ROWS][8], y, z;                                                             \
        for (uint32_t r = 0; r < (ROWS); r++)                                              \
            for (uint32_t j = 0; j < 8; j++)                                               \
                memcpy(&acc[r][j], m->x + ((uint64_t)m->xb + 8 * r + j) * sizeof(CT), sizeof(CT)); \
        for (int64_t a = 0; a < m->na; a++)                                                \
            for (int64_t b = 0; b < m->nb; b++) {                                          \
                memcpy(&y, m->y + (uint64_t)(m->yb + a * m->ya + b * m->ys) * sizeof(CT), sizeof(CT)); \
                const uint8_t *zrow = m->z + (uint64_t)(m->zb + a * m->za + b * m->zs) * sizeof(CT); \
                _Pragma("GCC unroll 4")                                                    \
                for (uint32_t r = 0; r < (ROWS); r++)                                      \
                    for (uint32_t j = 0; j < 8; j++) {                                     \
                        memcpy(&z, zrow + (8 * r + j) * sizeof(CT), sizeof(CT));          \
                        acc[r][j] = MULADD(acc[r][j], y, z);                               \
                    }                                                                      \
            }                                                                              \
        for (uint32_t r = 0; r < (ROWS); r++)                                              \
            for (uint32_t j = 0; j < 8; j++)                                               \
                memcpy(m->x + ((uint64_t)m->xb + 8 * r + j) * sizeof(CT), &acc[r][j], sizeof(CT)); \
    } while (0)

/* Other lane counts run as blocks of 32, 16, 8 (then 4) lanes, each over
 * the whole of both loops: every element still sees its terms in the
 * loops' order, and a block's accumulators fit in vector registers. */
#define DEFINE_MAC(NAME, CT, MULADD)                                            \
    void NAME(const tirvm_mac_args *all)                                        \
    {                                                                           \
        tirvm_mac_args part = *all;                                             \
        const tirvm_mac_args *m = &part;                                        \
        switch (all->lanes) {                                                   \
        case 1: MAC_LANES(CT, MULADD, 1, 1); return;                            \
        case 4: MAC_LANES(CT, MULADD, 4, 4); return;                            \
        case 8: MAC_LANES(CT, MULADD, 8, 8); return;                            \
        default: break;                                                         \
        }                                                                       \
        for (uint32_t left = all->lanes, n; left > 0; left -= n) {              \
            n = left >= 32 ? 32 : left >= 16 ? 16 : left >= 8 ? 8 : left >= 4 ? 4 : left; \
            if (n == 32)                                                        \
                MAC_ROWS(CT, MULADD, 4);                                        \
            else if (n == 16)                                                   \
                MAC_ROWS(CT, MULADD, 2);                                        \
            else if (n == 8)                                                    \
                MAC_LANES(CT, MULADD, 8, 8);                                    \
            else if (n == 4)                                                    \
                MAC_LANES(CT, MULADD, 4, 4);                                    \
            else                                                                \
                MAC_LANES(CT, MULADD, 4, n);                                    \
            part.xb += n;                                                       \
            part.zb += n;                                                       \
        }                                                                       \
    }

DEFINE_MAC(tirvm_mac_f32, float, tirvm_muladd_f32)
DEFINE_MAC(tirvm_mac_f64, double, tirvm_muladd_f64)
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
        for (int64_t a = 0; a < m->na; a++)                                                            \
            for (int64_t b = 0; b < m->nb; b++) {                                                      \
                memcpy(&y, m->y + (uint64_t)(m->yb + a * m->ya + b * m->ys) * sizeof(CT), sizeof(CT)); \
                int64_t zrow = m->zb + a * m->za + b * m->zs;                                          \
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
        for (int64_t a = 0; a < m->na; a++)                                                            \
            for (int64_t b = 0; b < m->nb; b++) {                                                      \
                memcpy(&y, m->y + (uint64_t)(m->yb + a * m->ya + b * m->ys) * sizeof(CT), sizeof(CT)); \
                memcpy(t, m->z + (uint64_t)(m->zb + a * m->za + b * m->zs) * sizeof(CT),               \
                       (2 * (NL) - 1) * sizeof(CT));                                                   \
                for (uint32_t j = 0; j < (NL); j++)                                                    \
                    acc[j] = MULADD(acc[j], y, t[2 * j]);                                              \
            }                                                                                          \
        for (uint32_t j = 0; j < (NL); j++)                                                            \
            memcpy(m->x + ((uint64_t)m->xb + j) * sizeof(CT), &acc[j], sizeof(CT));                    \
    } while (0)

#define DEFINE_MAC_STRIDED(NAME, CT, MULADD)                                                           \
    void NAME(const tirvm_mac_args *all, int64_t zl)                                                   \
    {                                                                                                  \
        tirvm_mac_args part = *all;                                                                    \
        const tirvm_mac_args *m = &part;                                                               \
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

DEFINE_MAC_STRIDED(tirvm_mac_strided_f32, float, tirvm_muladd_f32)
DEFINE_MAC_STRIDED(tirvm_mac_strided_f64, double, tirvm_muladd_f64)
