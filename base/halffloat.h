/* float16 (IEEE 754 binary16) and bfloat16 conversions, round to nearest
 * even.  Used by the compiler for constants and by the VM for arithmetic.
 *
 * Arithmetic on 16-bit floats is done in float32 and rounded once: float32
 * has 24 significand bits, at least 2q+2 for q = 11 (float16) and q = 8
 * (bfloat16), so rounding the float32 result of + - * / or sqrt again to
 * the narrow format gives the correctly rounded narrow result (double
 * rounding is innocuous at that precision). */
#ifndef TIR_HALFFLOAT_H
#define TIR_HALFFLOAT_H

#include <stdint.h>
#include <string.h>

/* A double rounded to a small binary format with ebits exponent bits and
 * mbits stored significand bits (sign | exponent | significand). */
static inline uint16_t tir_small_float_from_f64(double d, int ebits, int mbits)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    uint16_t sign = (uint16_t)((b >> 63) << 15);
    int64_t exp = (int64_t)((b >> 52) & 0x7ff);
    uint64_t man = b & 0xfffffffffffffull;
    uint32_t inf = ((1u << ebits) - 1) << mbits;
    if (exp == 0x7ff) /* NaN stays a quiet NaN, infinity stays infinity */
        return (uint16_t)(sign | inf | (man ? 1u << (mbits - 1) : 0));
    if (exp == 0) /* zero, or a double subnormal: far below the smallest narrow subnormal */
        return sign;
    int64_t e = exp - 1023 + ((1 << (ebits - 1)) - 1);
    if (e >= (1 << ebits) - 1)
        return (uint16_t)(sign | inf);
    uint64_t m = man | (1ull << 52);
    int shift = 52 - mbits + (e <= 0 ? (int)(1 - e) : 0);
    if (shift > 63)
        return sign;
    uint64_t q = m >> shift, rem = m & ((1ull << shift) - 1), halfway = 1ull << (shift - 1);
    if (rem > halfway || (rem == halfway && (q & 1)))
        q++;
    if (e <= 0) /* subnormal; a carry into the implicit bit makes the smallest normal, as it should */
        return (uint16_t)(sign | q);
    uint32_t bits = ((uint32_t)e << mbits) + (uint32_t)q - (1u << mbits);
    return (uint16_t)(sign | (bits >= inf ? inf : bits));
}

static inline uint16_t tir_f16_from_f64(double d) { return tir_small_float_from_f64(d, 5, 10); }
static inline uint16_t tir_bf16_from_f64(double d) { return tir_small_float_from_f64(d, 8, 7); }

static inline float tir_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff, bits;
    if (exp == 0x1f) {
        bits = sign | 0x7f800000u | (man << 13);
    } else if (exp == 0) {
        float f = (float)man * 0x1p-24f; /* exact: a subnormal half is man * 2^-24 */
        return sign ? -f : f;
    } else {
        bits = sign | ((exp + 112) << 23) | (man << 13);
    }
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

static inline float tir_bf16_to_f32(uint16_t h)
{
    uint32_t bits = (uint32_t)h << 16;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

#endif
