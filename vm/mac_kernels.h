/* The in-bounds paths of the multiply-accumulate instructions (mac, mac2):
 *   X[xb + j] += Y[yb + a*ya + b*ys] * Z[zb + a*za + b*zs + j]
 * for a < na, b < nb (in that order), j < lanes.  The interpreter has
 * checked every offset against the buffers before calling. */
#ifndef TIRVM_MAC_KERNELS_H
#define TIRVM_MAC_KERNELS_H

#include <stdint.h>

#include "halffloat.h"

enum { TIRVM_ZOVER_8 = 1, TIRVM_ZOVER_16 = 2 };

typedef struct {
    uint8_t *x;
    const uint8_t *y, *z;
    int64_t xb, yb, ya, ys, zb, za, zs, na, nb;
    uint32_t lanes; /* 1 to TIRBC_MAX_WIDTH */
    /* float and double (mac3): an outer loop c < nc (0 or 1: none) adding
     * c*yc to Y's offsets and c*zc to Z's */
    int64_t nc, yc, zc;
    /* float (mact): rows r < nr of X, xr elements apart, each with Y's
     * offsets moved by r*yr and Z's by r*zr (rows that do not overlap) */
    int64_t nr, xr, yr, zr;
    /* mact: Z may be read to the end of the last row's last vector:
     * TIRVM_ZOVER_8, its lanes rounded up to 8 stay inside Z's buffer;
     * TIRVM_ZOVER_16, rounded up to 16 (a pair of vectors) */
    int64_t zover;
    /* mact (mactz): the rows start at +0.0 instead of X's values, which
     * are neither read nor set first */
    int64_t zero;
} tirvm_mac_args;

/* One step acc + y * z of each element type, rounded as the loop's
 * multiply and add are: 16-bit floats round the product, then the sum. */
static inline float tirvm_muladd_f32(float acc, float y, float z) { return acc + y * z; }
static inline double tirvm_muladd_f64(double acc, double y, double z) { return acc + y * z; }
static inline uint16_t tirvm_muladd_f16(uint16_t acc, uint16_t y, uint16_t z)
{
    return tir_f16_from_f64(tir_f16_to_f32(acc) + tir_f16_to_f32(tir_f16_from_f64(tir_f16_to_f32(y) * tir_f16_to_f32(z))));
}
static inline uint16_t tirvm_muladd_bf16(uint16_t acc, uint16_t y, uint16_t z)
{
    return tir_bf16_from_f64(tir_bf16_to_f32(acc) +
                             tir_bf16_to_f32(tir_bf16_from_f64(tir_bf16_to_f32(y) * tir_bf16_to_f32(z))));
}

/* The kernels of one instruction set.  mac2s is the same with Z's lanes
 * zl elements apart:
 *   X[xb + j] += Y[yb + a*ya + b*ys] * Z[zb + a*za + b*zs + j*zl]
 * and mact runs nr rows at once:
 *   X[xb + r*xr + j] += Y[yb + r*yr + ...] * Z[zb + ... + j*zl] */
typedef struct {
    void (*f32)(const tirvm_mac_args *m);
    void (*f64)(const tirvm_mac_args *m);
    void (*f16)(const tirvm_mac_args *m);
    void (*bf16)(const tirvm_mac_args *m);
    void (*strided_f32)(const tirvm_mac_args *m, int64_t zl);
    void (*strided_f64)(const tirvm_mac_args *m, int64_t zl);
    void (*tile_f32)(const tirvm_mac_args *m, int64_t zl); /* mact */
    /* rmax2: X[xb + j] = max(X[xb + j], Z[zb + a*za + b*zs + j*zl]), y unused */
    void (*window_max_f32)(const tirvm_mac_args *m, int64_t zl);
    const char *isa; /* "base", "avx2", "avx512" */
} tirvm_mac_table;

/* The copies the build made (kernel_isa.c knows which exist). */
extern const tirvm_mac_table tirvm_mac_table_base, tirvm_mac_table_avx2, tirvm_mac_table_avx512;

/* The table of the widest instruction set the CPU has, or the narrower one
 * TIRVM_ISA names; chosen once, when the library loads. */
extern const tirvm_mac_table *tirvm_mac_kernels;

#endif
