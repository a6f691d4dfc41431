/* The lane-wise math functions of format/math.def as the interpreter runs
 * them: the C functions libm lacks, and one lane loop per function chosen
 * once per vector instruction (the switch is per instruction, not per lane). */
#ifndef TIRVM_MATH_FNS_H
#define TIRVM_MATH_FNS_H

#include <math.h>
#include <stdint.h>

#include "opcodes.h"

static inline float exp10_f32(float x) { return powf(10.0f, x); }
static inline double exp10_f64(double x) { return pow(10.0, x); }
static inline float rsqrt_f32(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt_f64(double x) { return 1.0 / sqrt(x); }
/* pow(x, 2) is x * x, x squared rounded once, which is what a correctly
 * rounded pow returns; libm's pow is not correctly rounded where the square
 * lies halfway between two floats (glibc's powf(4097, 2) is 16785410, not
 * 16785408).  The compiler's pass pow-square makes T.pow(x, 2.0) the same
 * product, so a program computes the same bits with or without it. */
static inline float pow_f32(float x, float y) { return y == 2.0f ? x * x : powf(x, y); }
static inline double pow_f64(double x, double y) { return y == 2.0 ? x * x : pow(x, y); }
static inline float sigmoid_f32(float x) { return 1.0f / (1.0f + expf(-x)); }
static inline double sigmoid_f64(double x) { return 1.0 / (1.0 + exp(-x)); }

/* x[i] = f(x[i]) (f(x[i], y[i]) for arity 2) for i < n, f the float32 or
 * float64 member of the math family `op` belongs to (the verifier proved it
 * one of the right arity; anything else leaves x as it is). */
#define MATH_LOOP_1(ID, FN, T) case TIRBC_OP_##ID##_##T: for (uint32_t i = 0; i < n; i++) x[i] = FN(x[i]); break;
#define MATH_LOOP_2(ID, FN, T) case TIRBC_OP_##ID##_##T: for (uint32_t i = 0; i < n; i++) x[i] = FN(x[i], y[i]); break;
#define MATH_SKIP(ID, FN, T)
#define MATH_ONLY_1_1 MATH_LOOP_1
#define MATH_ONLY_1_2 MATH_SKIP
#define MATH_ONLY_2_1 MATH_SKIP
#define MATH_ONLY_2_2 MATH_LOOP_2

static inline void vm_math1_f32(uint32_t op, float *x, uint32_t n)
{
    switch (op) {
#define MATH(ID, MN, ARITY, F32FN, F64FN, SYN) MATH_ONLY_1_##ARITY(ID, F32FN, F32)
#include "math.def"
#undef MATH
    default: break;
    }
}
static inline void vm_math1_f64(uint32_t op, double *x, uint32_t n)
{
    switch (op) {
#define MATH(ID, MN, ARITY, F32FN, F64FN, SYN) MATH_ONLY_1_##ARITY(ID, F64FN, F64)
#include "math.def"
#undef MATH
    default: break;
    }
}
static inline void vm_math2_f32(uint32_t op, float *x, const float *y, uint32_t n)
{
    switch (op) {
#define MATH(ID, MN, ARITY, F32FN, F64FN, SYN) MATH_ONLY_2_##ARITY(ID, F32FN, F32)
#include "math.def"
#undef MATH
    default: break;
    }
}
static inline void vm_math2_f64(uint32_t op, double *x, const double *y, uint32_t n)
{
    switch (op) {
#define MATH(ID, MN, ARITY, F32FN, F64FN, SYN) MATH_ONLY_2_##ARITY(ID, F64FN, F64)
#include "math.def"
#undef MATH
    default: break;
    }
}

#endif
