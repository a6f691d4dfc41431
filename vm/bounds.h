/* Range checks and unaligned element access for instructions that touch
 * many elements with one check (vector and loop-level instructions). */
#ifndef TIRVM_BOUNDS_H
#define TIRVM_BOUNDS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Element access helpers for the loop-level instructions (unaligned-safe). */
static inline float load_f32(const uint8_t *p, uint64_t i) { float v; memcpy(&v, p + i * 4, 4); return v; }
static inline void store_f32(uint8_t *p, uint64_t i, float v) { memcpy(p + i * 4, &v, 4); }
static inline double load_f64(const uint8_t *p, uint64_t i) { double v; memcpy(&v, p + i * 8, 8); return v; }
static inline void store_f64(uint8_t *p, uint64_t i, double v) { memcpy(p + i * 8, &v, 8); }
static inline uint16_t load_u16(const uint8_t *p, uint64_t i) { uint16_t v; memcpy(&v, p + i * 2, 2); return v; }
static inline void store_u16(uint8_t *p, uint64_t i, uint16_t v) { memcpy(p + i * 2, &v, 2); }

/* Do the rows base + k*stride + [0, lanes) for k < count all lie in [0, nelem)?
 * Checked on the first and last row, with overflow detection. */
static inline bool mac_in_bounds(int64_t base, int64_t stride, int64_t count, uint32_t lanes, uint64_t nelem)
{
    int64_t span, last, end;
    if (__builtin_mul_overflow(stride, count - 1, &span) || __builtin_add_overflow(base, span, &last) ||
        __builtin_add_overflow(last, (int64_t)lanes - 1, &end) || __builtin_add_overflow(base, (int64_t)lanes - 1, &span))
        return false;
    return base >= 0 && last >= 0 && (uint64_t)span < nelem && (uint64_t)end < nelem;
}

/* Are base + a*sa + b*sb + j for a < na, b < nb, j < lanes all inside
 * [0, nelem)?  The extremes of an affine range are at its corners. */
static inline bool affine2_in_bounds(int64_t base, int64_t sa, int64_t na, int64_t sb, int64_t nb, uint32_t lanes,
                                     uint64_t nelem)
{
    int64_t ea, eb, lo = base, hi = base;
    if (__builtin_mul_overflow(sa, na - 1, &ea) || __builtin_mul_overflow(sb, nb - 1, &eb) ||
        __builtin_add_overflow(ea < 0 ? lo : hi, ea, ea < 0 ? &lo : &hi) ||
        __builtin_add_overflow(eb < 0 ? lo : hi, eb, eb < 0 ? &lo : &hi) ||
        __builtin_add_overflow(hi, (int64_t)lanes - 1, &hi))
        return false;
    return lo >= 0 && (uint64_t)hi < nelem;
}

/* Are base + a*sa + b*sb + j*sj for a < na, b < nb, j < nj all inside
 * [0, nelem)?  The extremes are at the corners, as above. */
static inline bool affine3_in_bounds(int64_t base, int64_t sa, int64_t na, int64_t sb, int64_t nb, int64_t sj,
                                     int64_t nj, uint64_t nelem)
{
    int64_t e[3], lo = base, hi = base;
    if (__builtin_mul_overflow(sa, na - 1, &e[0]) || __builtin_mul_overflow(sb, nb - 1, &e[1]) ||
        __builtin_mul_overflow(sj, nj - 1, &e[2]))
        return false;
    for (int i = 0; i < 3; i++)
        if (__builtin_add_overflow(e[i] < 0 ? lo : hi, e[i], e[i] < 0 ? &lo : &hi))
            return false;
    return lo >= 0 && (uint64_t)hi < nelem;
}

/* Are base + sum of i_k*s[k] for i_k < n[k] (each n[k] >= 1) all inside
 * [0, nelem)?  The extremes are at the corners, as above. */
static inline bool affine_n_in_bounds(int64_t base, const int64_t *s, const int64_t *n, int dims, uint64_t nelem)
{
    int64_t lo = base, hi = base;
    for (int k = 0; k < dims; k++) {
        int64_t e;
        if (__builtin_mul_overflow(s[k], n[k] - 1, &e) || __builtin_add_overflow(e < 0 ? lo : hi, e, e < 0 ? &lo : &hi))
            return false;
    }
    return lo >= 0 && (uint64_t)hi < nelem;
}

/* Are base + i*stride for i < n all inside [0, nelem)?  Checked on the first
 * and last lane, with overflow detection. */
static inline bool strided_in_bounds(int64_t base, int64_t stride, uint32_t n, uint64_t nelem)
{
    int64_t span, last;
    if (__builtin_mul_overflow(stride, (int64_t)(n - 1), &span) || __builtin_add_overflow(base, span, &last))
        return false;
    return (uint64_t)base < nelem && (uint64_t)last < nelem;
}

/* The first gather/scatter lane whose element offset is outside [0, nelem), or n. */
static inline uint32_t first_lane_out_of_bounds(const int64_t *ix, uint32_t n, uint64_t nelem)
{
    for (uint32_t i = 0; i < n; i++)
        if ((uint64_t)ix[i] >= nelem)
            return i;
    return n;
}

#endif
