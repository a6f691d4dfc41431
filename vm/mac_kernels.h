/* The in-bounds paths of the multiply-accumulate instructions (mac, mac2):
 *   X[xb + j] += Y[yb + a*ya + b*ys] * Z[zb + a*za + b*zs + j]
 * for a < na, b < nb (in that order), j < lanes.  The interpreter has
 * checked every offset against the buffers before calling. */
#ifndef TIRVM_MAC_KERNELS_H
#define TIRVM_MAC_KERNELS_H

#include <stdint.h>

typedef struct {
    uint8_t *x;
    const uint8_t *y, *z;
    int64_t xb, yb, ya, ys, zb, za, zs, na, nb;
    uint32_t lanes; /* 1 to 64 */
} tirvm_mac_args;

void tirvm_mac_f32(const tirvm_mac_args *m);
void tirvm_mac_f64(const tirvm_mac_args *m);

#endif
