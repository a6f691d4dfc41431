/* The interpreter: direct-threaded dispatch over verified bytecode.
 *
 * With GCC or Clang each instruction body ends in its own indirect jump
 * through a label table (computed goto), which predicts far better than one
 * shared switch jump; elsewhere (or with -DTIRVM_SWITCH_DISPATCH) the same
 * bodies compile into a switch.  The verifier has proven every operand
 * in range and typed, so bodies do no structural checks; they do check
 * what depends on values (bounds, division by zero).  All integer
 * arithmetic is done on uint64_t so wraparound is defined, and values are
 * then normalized to the instruction's width. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "halffloat.h"
#include "mac_kernels.h"
#include "opcodes.h"
#include "vm_internal.h"

/* Largest allocation one ALLOC may make. */
#define VM_MAX_ALLOC_BYTES ((uint64_t)1 << 36)

/* ---- value kinds: normalization and access -------------------------------- */
#define NORM_BOOL(v) ((int64_t)((uint64_t)(v) & 1))
#define NORM_I8(v) ((int64_t)(int8_t)(uint8_t)(v))
#define NORM_I16(v) ((int64_t)(int16_t)(uint16_t)(v))
#define NORM_I32(v) ((int64_t)(int32_t)(uint32_t)(v))
#define NORM_I64(v) ((int64_t)(uint64_t)(v))
#define NORM_U8(v) ((int64_t)(uint8_t)(v))
#define NORM_U16(v) ((int64_t)(uint16_t)(v))
#define NORM_U32(v) ((int64_t)(uint32_t)(v))
#define NORM_U64(v) ((int64_t)(uint64_t)(v))

/* Signed view for comparisons and division: every kind but u64 is exact as int64. */
#define SV_BOOL(r) R(r).i
#define SV_I8(r) R(r).i
#define SV_I16(r) R(r).i
#define SV_I32(r) R(r).i
#define SV_I64(r) R(r).i
#define SV_U8(r) R(r).i
#define SV_U16(r) R(r).i
#define SV_U32(r) R(r).i
#define SV_U64(r) R(r).u
#define SIGNED_BOOL 0
#define SIGNED_I8 1
#define SIGNED_I16 1
#define SIGNED_I32 1
#define SIGNED_I64 1
#define SIGNED_U8 0
#define SIGNED_U16 0
#define SIGNED_U32 0
#define SIGNED_U64 0

/* Element types in memory. */
#define MEM_BOOL uint8_t
#define MEM_I8 int8_t
#define MEM_I16 int16_t
#define MEM_I32 int32_t
#define MEM_I64 int64_t
#define MEM_U8 uint8_t
#define MEM_U16 uint16_t
#define MEM_U32 uint32_t
#define MEM_U64 uint64_t

/* Saturating float→integer limits (C leaves out-of-range conversions
 * undefined; tirvm clamps to the type's range and maps NaN to 0). */
#define LO_I8 INT8_MIN
#define HI_I8 INT8_MAX
#define LO_I16 INT16_MIN
#define HI_I16 INT16_MAX
#define LO_I32 INT32_MIN
#define HI_I32 INT32_MAX
#define LO_U8 0
#define HI_U8 UINT8_MAX
#define LO_U16 0
#define HI_U16 UINT16_MAX
#define LO_U32 0
#define HI_U32 UINT32_MAX

static inline int64_t f2i_sat(double x, double lo, double hi)
{
    if (isnan(x))
        return 0;
    if (x <= lo)
        return (int64_t)lo;
    if (x >= hi)
        return (int64_t)hi;
    return (int64_t)x;
}
static inline int64_t f2i64_sat(double x)
{
    if (isnan(x))
        return 0;
    if (x >= 9223372036854775808.0)
        return INT64_MAX;
    if (x <= -9223372036854775808.0)
        return INT64_MIN;
    return (int64_t)x;
}
static inline uint64_t f2u64_sat(double x)
{
    if (isnan(x) || x <= 0)
        return 0;
    if (x >= 18446744073709551616.0)
        return UINT64_MAX;
    return (uint64_t)x;
}

/* Math helpers without a C99 libm counterpart. */
static inline float exp10_f32(float x) { return powf(10.0f, x); }
static inline double exp10_f64(double x) { return pow(10.0, x); }
static inline float rsqrt_f32(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt_f64(double x) { return 1.0 / sqrt(x); }
static inline float sigmoid_f32(float x) { return 1.0f / (1.0f + expf(-x)); }
static inline double sigmoid_f64(double x) { return 1.0 / (1.0 + exp(-x)); }
/* The math builtins: instruction family, float and double C functions. */
#define VM_MATH1_LIST(X)                                                                                   \
    X(EXP, expf, exp) X(EXP2, exp2f, exp2) X(EXP10, exp10_f32, exp10_f64) X(LOG, logf, log)               \
    X(LOG2, log2f, log2) X(LOG10, log10f, log10) X(LOG1P, log1pf, log1p) X(SQRT, sqrtf, sqrt)             \
    X(RSQRT, rsqrt_f32, rsqrt_f64) X(SIN, sinf, sin) X(COS, cosf, cos) X(TAN, tanf, tan)                  \
    X(ASIN, asinf, asin) X(ACOS, acosf, acos) X(ATAN, atanf, atan) X(SINH, sinhf, sinh)                   \
    X(COSH, coshf, cosh) X(TANH, tanhf, tanh) X(ASINH, asinhf, asinh) X(ACOSH, acoshf, acosh)             \
    X(ATANH, atanhf, atanh) X(SIGMOID, sigmoid_f32, sigmoid_f64) X(ERF, erff, erf)                         \
    X(FLOOR, floorf, floor) X(CEIL, ceilf, ceil) X(TRUNC, truncf, trunc) X(ROUND, roundf, round)          \
    X(NEARBYINT, nearbyintf, nearbyint) X(FABS, fabsf, fabs)
#define VM_MATH2_LIST(X)                                                                                   \
    X(POW, powf, pow) X(FMOD, fmodf, fmod) X(ATAN2, atan2f, atan2) X(HYPOT, hypotf, hypot)                \
    X(COPYSIGN, copysignf, copysign) X(NEXTAFTER, nextafterf, nextafter)

/* The low `bits` bits of a register (a normalized integer's own width). */
static inline uint64_t width_bits(uint64_t v, unsigned bits) { return bits >= 64 ? v : v & ((1ull << bits) - 1); }
static inline int clamp_exp(int64_t e) { return e < -100000 ? -100000 : e > 100000 ? 100000 : (int)e; }

/* Arithmetic right shift without relying on implementation-defined >> of negatives. */
/* A shift amount lane as unsigned: negative amounts become huge, so they
 * fall outside [0, bits) like the scalar shifts' (normalized) registers. */
#define shift_amount(y) ((uint64_t)(int64_t)(y))
/* a function, so unsigned lanes do not warn about an always-false test */
static inline bool is_negative(int64_t v) { return v < 0; }

static inline int64_t ashr(int64_t v, unsigned s)
{
    return v < 0 ? (int64_t)~(~(uint64_t)v >> s) : (int64_t)((uint64_t)v >> s);
}

static inline int64_t sdiv(int64_t a, int64_t b) { return b == -1 ? (int64_t)(0 - (uint64_t)a) : a / b; }
static inline int64_t smod(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }
static inline int64_t sfloordiv(int64_t a, int64_t b)
{
    if (b == -1)
        return (int64_t)(0 - (uint64_t)a);
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
static inline int64_t sfloormod(int64_t a, int64_t b)
{
    if (b == -1)
        return 0;
    int64_t r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

/* ---- vector lanes: storage types and conversions ---------------------------- */
/* Vector registers are read and written in place.  The lane pointers are
 * may_alias types because the register file is an array of vm_slot unions;
 * a destination either is one of the sources or does not overlap them (the
 * verifier's register layout), and every operation is lane-wise, so in-place
 * updates are safe. */
typedef uint8_t __attribute__((may_alias)) AT_BOOL;
typedef int8_t __attribute__((may_alias)) AT_I8;
typedef int16_t __attribute__((may_alias)) AT_I16;
typedef int32_t __attribute__((may_alias)) AT_I32;
typedef int64_t __attribute__((may_alias)) AT_I64;
typedef uint8_t __attribute__((may_alias)) AT_U8;
typedef uint16_t __attribute__((may_alias)) AT_U16;
typedef uint32_t __attribute__((may_alias)) AT_U32;
typedef uint64_t __attribute__((may_alias)) AT_U64;
typedef uint16_t __attribute__((may_alias)) AT_F16;
typedef uint16_t __attribute__((may_alias)) AT_BF16;
typedef float __attribute__((may_alias)) AT_F32;
typedef double __attribute__((may_alias)) AT_F64;
#define VREG(T, r) ((AT_##T *)&R(r))
#define LANES(T, k) (ctx->scratch[k].M_##T)
#define M_BOOL u8
#define M_I8 i8
#define M_I16 i16
#define M_I32 i32
#define M_I64 i64
#define M_U8 u8
#define M_U16 u16
#define M_U32 u32
#define M_U64 u64
#define M_F16 u16
#define M_BF16 u16
#define M_F32 f32
#define M_F64 f64
#define CT_BOOL uint8_t
#define CT_I8 int8_t
#define CT_I16 int16_t
#define CT_I32 int32_t
#define CT_I64 int64_t
#define CT_U8 uint8_t
#define CT_U16 uint16_t
#define CT_U32 uint32_t
#define CT_U64 uint64_t
#define CT_F32 float
#define CT_F64 double
/* Integer lanes compute in a wide unsigned type (no promotion to int can
 * overflow), then narrow back to their width. */
#define IW_BOOL(v) ((uint32_t)(uint8_t)(v))
#define IW_I8(v) ((uint32_t)(uint8_t)(v))
#define IW_I16(v) ((uint32_t)(uint16_t)(v))
#define IW_I32(v) ((uint32_t)(v))
#define IW_I64(v) ((uint64_t)(v))
#define IW_U8(v) ((uint32_t)(v))
#define IW_U16(v) ((uint32_t)(v))
#define IW_U32(v) ((uint32_t)(v))
#define IW_U64(v) ((uint64_t)(v))
#define NARROW_BOOL(v) ((uint8_t)((v) & 1))
#define NARROW_I8(v) ((int8_t)(uint8_t)(v))
#define NARROW_I16(v) ((int16_t)(uint16_t)(v))
#define NARROW_I32(v) ((int32_t)(uint32_t)(v))
#define NARROW_I64(v) ((int64_t)(uint64_t)(v))
#define NARROW_U8(v) ((uint8_t)(v))
#define NARROW_U16(v) ((uint16_t)(v))
#define NARROW_U32(v) ((uint32_t)(v))
#define NARROW_U64(v) ((uint64_t)(v))
/* A scalar register's value as a lane. */
#define SCALAR_BOOL(r) ((uint8_t)(R(r).i != 0))
#define SCALAR_I8(r) NARROW_I8(R(r).u)
#define SCALAR_I16(r) NARROW_I16(R(r).u)
#define SCALAR_I32(r) NARROW_I32(R(r).u)
#define SCALAR_I64(r) R(r).i
#define SCALAR_U8(r) NARROW_U8(R(r).u)
#define SCALAR_U16(r) NARROW_U16(R(r).u)
#define SCALAR_U32(r) NARROW_U32(R(r).u)
#define SCALAR_U64(r) R(r).u
#define SCALAR_F32(r) R(r).f32
#define SCALAR_F64(r) R(r).f64
#define CT_F16 uint16_t
#define CT_BF16 uint16_t
#define TOF_F16 tir_f16_to_f32
#define TOF_BF16 tir_bf16_to_f32
#define FROMD_F16 tir_f16_from_f64
#define FROMD_BF16 tir_bf16_from_f64
/* A 16-bit float register as float32, and a float result rounded into one. */
#define HF(T, r) TOF_##T((uint16_t)R(r).u)
#define HSET(T, r, v) (R(r).u = FROMD_##T((double)(v)))
#define SCALAR_F16(r) ((uint16_t)R(r).u)
#define SCALAR_BF16(r) ((uint16_t)R(r).u)
#define LOAD_FIXUP_F16(r, nl)
#define LOAD_FIXUP_BF16(r, nl)
#define CAST_TO_F16(v) tir_f16_from_f64(CAST_TO_F64(v))
#define CAST_TO_BF16(v) tir_bf16_from_f64(CAST_TO_F64(v))
/* A lane as a scalar register value (integers normalized, floats native). */
#define LANE_TO_SCALAR_BOOL(r, v) (R(r).i = (v) != 0)
#define LANE_TO_SCALAR_I8(r, v) (R(r).i = (v))
#define LANE_TO_SCALAR_I16(r, v) (R(r).i = (v))
#define LANE_TO_SCALAR_I32(r, v) (R(r).i = (v))
#define LANE_TO_SCALAR_I64(r, v) (R(r).i = (v))
#define LANE_TO_SCALAR_U8(r, v) (R(r).i = (v))
#define LANE_TO_SCALAR_U16(r, v) (R(r).i = (v))
#define LANE_TO_SCALAR_U32(r, v) (R(r).i = (v))
#define LANE_TO_SCALAR_U64(r, v) (R(r).u = (v))
#define LANE_TO_SCALAR_F16(r, v) (R(r).u = (v))
#define LANE_TO_SCALAR_BF16(r, v) (R(r).u = (v))
#define LANE_TO_SCALAR_F32(r, v) (R(r).f32 = (v))
#define LANE_TO_SCALAR_F64(r, v) (R(r).f64 = (v))
#define FLOOR_F32 floorf
#define FLOOR_F64 floor
/* Bool lanes loaded from memory: any nonzero byte is true. */
#define LOAD_FIXUP_BOOL(r, nl)                 \
    do {                                       \
        for (uint32_t i_ = 0; i_ < (nl); i_++) \
            (r)[i_] = (r)[i_] != 0;            \
    } while (0)
#define LOAD_FIXUP_I8(r, nl)
#define LOAD_FIXUP_I16(r, nl)
#define LOAD_FIXUP_I32(r, nl)
#define LOAD_FIXUP_I64(r, nl)
#define LOAD_FIXUP_U8(r, nl)
#define LOAD_FIXUP_U16(r, nl)
#define LOAD_FIXUP_U32(r, nl)
#define LOAD_FIXUP_U64(r, nl)
#define LOAD_FIXUP_F32(r, nl)
#define LOAD_FIXUP_F64(r, nl)

/* One lane of a vector register of kind vt, in a form every cast can start from. */
typedef struct {
    int64_t i;
    uint64_t u;
    double f;
    uint8_t cls; /* 0 signed-exact integer, 1 u64, 2 float */
} lane_val;

static inline lane_val lane_value(const uint8_t *reg, uint32_t vt, uint32_t i)
{
    lane_val v = {0, 0, 0, 0};
    switch (vt) {
    case TIR_VT_BOOL: case TIR_VT_U8: v.i = reg[i]; break;
    case TIR_VT_I8: { int8_t x; memcpy(&x, reg + i, 1); v.i = x; break; }
    case TIR_VT_I16: { int16_t x; memcpy(&x, reg + 2 * i, 2); v.i = x; break; }
    case TIR_VT_U16: { uint16_t x; memcpy(&x, reg + 2 * i, 2); v.i = x; break; }
    case TIR_VT_I32: { int32_t x; memcpy(&x, reg + 4 * i, 4); v.i = x; break; }
    case TIR_VT_U32: { uint32_t x; memcpy(&x, reg + 4 * i, 4); v.i = x; break; }
    case TIR_VT_I64: memcpy(&v.i, reg + 8 * i, 8); break;
    case TIR_VT_U64: memcpy(&v.u, reg + 8 * i, 8); v.cls = 1; break;
    case TIR_VT_F32: { float x; memcpy(&x, reg + 4 * i, 4); v.f = x; v.cls = 2; break; }
    case TIR_VT_F64: memcpy(&v.f, reg + 8 * i, 8); v.cls = 2; break;
    case TIR_VT_F16: { uint16_t x; memcpy(&x, reg + 2 * i, 2); v.f = tir_f16_to_f32(x); v.cls = 2; break; }
    case TIR_VT_BF16: { uint16_t x; memcpy(&x, reg + 2 * i, 2); v.f = tir_bf16_to_f32(x); v.cls = 2; break; }
    default: break;
    }
    return v;
}
static inline uint64_t lane_bits(lane_val v) { return v.cls == 1 ? v.u : (uint64_t)v.i; }
#define CAST_INT(T, LO, HI, v) ((v).cls == 2 ? NARROW_##T((uint64_t)f2i_sat((v).f, LO, HI)) : NARROW_##T(lane_bits(v)))
#define CAST_TO_BOOL(v) ((uint8_t)((v).cls == 2 ? (v).f != 0 : lane_bits(v) != 0))
#define CAST_TO_I8(v) CAST_INT(I8, INT8_MIN, INT8_MAX, v)
#define CAST_TO_I16(v) CAST_INT(I16, INT16_MIN, INT16_MAX, v)
#define CAST_TO_I32(v) CAST_INT(I32, INT32_MIN, INT32_MAX, v)
#define CAST_TO_U8(v) CAST_INT(U8, 0, UINT8_MAX, v)
#define CAST_TO_U16(v) CAST_INT(U16, 0, UINT16_MAX, v)
#define CAST_TO_U32(v) CAST_INT(U32, 0, UINT32_MAX, v)
#define CAST_TO_I64(v) ((v).cls == 2 ? f2i64_sat((v).f) : (int64_t)lane_bits(v))
#define CAST_TO_U64(v) ((v).cls == 2 ? f2u64_sat((v).f) : lane_bits(v))
#define CAST_TO_F32(v) ((v).cls == 2 ? (float)(v).f : (v).cls == 1 ? (float)(v).u : (float)(v).i)
#define CAST_TO_F64(v) ((v).cls == 2 ? (v).f : (v).cls == 1 ? (double)(v).u : (double)(v).i)

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

/* ---- dispatch -------------------------------------------------------------- */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(TIRVM_SWITCH_DISPATCH)
#define VM_THREADED 1
#define VM_CASE(id) L_##id:
#define VM_NEXT(n)         \
    do {                   \
        ip += (n);         \
        goto *labels[*ip]; \
    } while (0)
#define VM_JUMP(t)         \
    do {                   \
        ip = code + (t);   \
        goto *labels[*ip]; \
    } while (0)
#define VM_START() goto *labels[*ip];
#else
#define VM_CASE(id) case TIRBC_OP_##id:
#define VM_NEXT(n)  \
    do {            \
        ip += (n);  \
        goto dispatch; \
    } while (0)
#define VM_JUMP(t)       \
    do {                 \
        ip = code + (t); \
        goto dispatch;   \
    } while (0)
#define VM_START()
#endif

#define R(r) regs[(r)]
/* The instruction pointer walks the code; PC is its offset, for messages,
 * backward-branch tests and region bodies. */
#define PC ((uint32_t)(ip - code))
#define A ip[1]
#define B ip[2]
#define C ip[3]
#define D ip[4]
#define E ip[5]

/* Buffer names may be absent in a module; messages still need one. */
static const char *buf_name(const tirbc_function *fn, uint32_t b)
{
    return fn->buffers[b].name ? fn->buffers[b].name : "?";
}

#define FAIL(...)                           \
    do {                                    \
        vm_error_at(ctx, PC, __VA_ARGS__);  \
        return false;                       \
    } while (0)

int64_t vm_normalize(tir_vtype vt, uint64_t v)
{
    switch (vt) {
    case TIR_VT_BOOL: return NORM_BOOL(v);
    case TIR_VT_I8: return NORM_I8(v);
    case TIR_VT_I16: return NORM_I16(v);
    case TIR_VT_I32: return NORM_I32(v);
    case TIR_VT_U8: return NORM_U8(v);
    case TIR_VT_U16: return NORM_U16(v);
    case TIR_VT_U32: return NORM_U32(v);
    default: return (int64_t)v;
    }
}

/* The step budget (tirvm_call_options) is spent where execution can
 * repeat: loop back-edges, backward jumps and calls; cancellation is
 * checked where steps are drawn (vm_take_steps). */
#define SPEND_STEP()                                                   \
    do {                                                               \
        if (__builtin_expect(ctx->steps_left == 0, 0) && !vm_take_steps(ctx, 1)) \
            return vm_steps_error_at(ctx, PC);                         \
        ctx->steps_left--;                                             \
    } while (0)
/* A loop-level instruction spends one step per iteration of the loop it
 * replaces, so a hostile count (with stride 0 every iteration is in bounds)
 * cannot run past the budget either. */
#define SPEND_STEPS(n)                                                 \
    do {                                                               \
        if (__builtin_expect(ctx->steps_left < (uint64_t)(n), 0) && !vm_take_steps(ctx, (uint64_t)(n))) { \
            ctx->steps_left = 0;                                       \
            return vm_steps_error_at(ctx, PC);                         \
        }                                                              \
        ctx->steps_left -= (uint64_t)(n);                              \
    } while (0)
bool vm_interpret(vm_ctx *ctx, vm_slot *regs, vm_buf *bufs, uint32_t pc)
{
    const tirbc_function *fn = ctx->fn;
    const uint32_t *code = fn->code;
    const uint32_t *ip = code + pc;
    const uint64_t *consts = fn->consts;
#ifdef VM_THREADED
    static const void *const labels[TIRBC_OP_COUNT] = {
#define OP(id, mn, ops, vt, syn) [TIRBC_OP_##id] = &&L_##id,
#include "opcodes.def"
#undef OP
    };
    VM_START();
#else
dispatch:
    switch ((tirbc_opcode)*ip) {
#endif

    /* ---- control ---- */
    VM_CASE(NOP) VM_NEXT(1);
    VM_CASE(RET) return true;
    VM_CASE(RETV) ctx->ret = R(A); return true;
    VM_CASE(CALL)
        SPEND_STEP();
        if (!vm_call(ctx, A, &R(B), NULL))
            return false;
        VM_NEXT(4);
    VM_CASE(CALLV)
    {
        vm_slot result;
        SPEND_STEP();
        if (!vm_call(ctx, B, &R(C), &result))
            return false;
        R(A) = result;
        VM_NEXT(5);
    }
    VM_CASE(JMP)
        if (A <= PC)
            SPEND_STEP();
        VM_JUMP(A);
/* A taken branch: backward ones spend a step, so no loop a file can write
 * escapes the step budget (codegen's loops go backward only through loop
 * and jmp, but a hostile file may use any branch). */
#define BRANCH_TO(target)      \
    do {                       \
        if ((target) <= PC)    \
            SPEND_STEP();      \
        VM_JUMP(target);       \
    } while (0)
    VM_CASE(BRZ) if (!R(A).i) BRANCH_TO(B); VM_NEXT(3);
    VM_CASE(BRNZ) if (R(A).i) BRANCH_TO(B); VM_NEXT(3);
    VM_CASE(ASSERT)
        if (!R(A).i)
            FAIL("assertion failed: %s", fn->strings[B]);
        VM_NEXT(3);
    VM_CASE(TRAP) FAIL("%s", fn->strings[A]);
    VM_CASE(PAREND) return true;
#define PAR_BODY(T)                                                                           \
    VM_CASE(PAR_##T)                                                                          \
    {                                                                                         \
        uint64_t count = SV_##T(B) < SV_##T(C) ? R(C).u - R(B).u : 0;                         \
        if (!vm_run_region(ctx, regs, bufs, A, TIR_VT_##T, R(B).i, count, PC + 5))             \
            return false;                                                                     \
        BRANCH_TO(D); /* an empty region jumping backward must still spend */                 \
    }
    PAR_BODY(BOOL) PAR_BODY(I8) PAR_BODY(I16) PAR_BODY(I32) PAR_BODY(I64)
    PAR_BODY(U8) PAR_BODY(U16) PAR_BODY(U32) PAR_BODY(U64)

    /* Loop increment: the loop variable is normalized, so it cannot pass its
     * bound; arithmetic is unsigned anyway so a hostile module cannot overflow. */
#define LOOP_BODY(T)                                     \
    VM_CASE(LOOP_##T)                                    \
    {                                                    \
        R(A).i = NORM_##T(R(A).u + 1);                   \
        if (SV_##T(A) < SV_##T(B)) {                     \
            SPEND_STEP();                                \
            VM_JUMP(C);                                  \
        }                                                \
        VM_NEXT(4);                                      \
    }
    LOOP_BODY(BOOL) LOOP_BODY(I8) LOOP_BODY(I16) LOOP_BODY(I32) LOOP_BODY(I64)
    LOOP_BODY(U8) LOOP_BODY(U16) LOOP_BODY(U32) LOOP_BODY(U64)
#define CMPBR_BODY(T)                                                        \
    VM_CASE(BREQ_##T) if (SV_##T(A) == SV_##T(B)) BRANCH_TO(C); VM_NEXT(4);     \
    VM_CASE(BRNE_##T) if (SV_##T(A) != SV_##T(B)) BRANCH_TO(C); VM_NEXT(4);     \
    VM_CASE(BRLT_##T) if (SV_##T(A) < SV_##T(B)) BRANCH_TO(C); VM_NEXT(4);      \
    VM_CASE(BRLE_##T) if (SV_##T(A) <= SV_##T(B)) BRANCH_TO(C); VM_NEXT(4);     \
    VM_CASE(BRGT_##T) if (SV_##T(A) > SV_##T(B)) BRANCH_TO(C); VM_NEXT(4);      \
    VM_CASE(BRGE_##T) if (SV_##T(A) >= SV_##T(B)) BRANCH_TO(C); VM_NEXT(4);
    CMPBR_BODY(BOOL) CMPBR_BODY(I8) CMPBR_BODY(I16) CMPBR_BODY(I32) CMPBR_BODY(I64)
    CMPBR_BODY(U8) CMPBR_BODY(U16) CMPBR_BODY(U32) CMPBR_BODY(U64)

    /* ---- moves ---- */
    VM_CASE(MOV) R(A) = R(B); VM_NEXT(3);
    VM_CASE(LDK) R(A).u = consts[B]; VM_NEXT(3);

    /* ---- index arithmetic ---- */
    VM_CASE(IXADD) R(A).u = R(B).u + R(C).u; VM_NEXT(4);
    VM_CASE(IXMUL) R(A).u = R(B).u * R(C).u; VM_NEXT(4);
    VM_CASE(IXMAD) R(A).u = R(B).u * R(C).u + R(D).u; VM_NEXT(5);
    VM_CASE(CHKIDX)
        if (R(A).u >= R(B).u)
            FAIL("index %lld is out of bounds for dimension %u of buffer '%s' (extent %lld)", (long long)R(A).i, D,
                 buf_name(fn, C), (long long)R(B).i);
        VM_NEXT(5);

    /* ---- buffers: one unsigned compare keeps every access inside its buffer ---- */
#define OOB(buf, idx)                                                                                 \
    FAIL("out-of-bounds access to buffer '%s': element %lld of %llu", buf_name(fn, buf), (long long)(idx), \
         (unsigned long long)bufs[buf].nelem)
#define LD_INT(T)                                                     \
    VM_CASE(LD_##T)                                                   \
    {                                                                 \
        uint64_t idx = R(C).u;                                        \
        if (idx >= bufs[B].nelem)                                     \
            OOB(B, idx);                                              \
        MEM_##T v;                                                    \
        memcpy(&v, bufs[B].data + idx * sizeof v, sizeof v);          \
        R(A).i = (int64_t)v;                                          \
        VM_NEXT(4);                                                   \
    }
#define ST_INT(T)                                                     \
    VM_CASE(ST_##T)                                                   \
    {                                                                 \
        uint64_t idx = R(B).u;                                        \
        if (idx >= bufs[A].nelem)                                     \
            OOB(A, idx);                                              \
        MEM_##T v = (MEM_##T)R(C).u;                                  \
        memcpy(bufs[A].data + idx * sizeof v, &v, sizeof v);          \
        VM_NEXT(4);                                                   \
    }
    VM_CASE(LD_BOOL)
    {
        uint64_t idx = R(C).u;
        if (idx >= bufs[B].nelem)
            OOB(B, idx);
        R(A).i = bufs[B].data[idx] != 0; /* bool storage: any nonzero byte is true */
        VM_NEXT(4);
    }
    ST_INT(BOOL)
    LD_INT(I8) LD_INT(I16) LD_INT(I32) LD_INT(I64) LD_INT(U8) LD_INT(U16) LD_INT(U32)
    ST_INT(I8) ST_INT(I16) ST_INT(I32) ST_INT(I64) ST_INT(U8) ST_INT(U16) ST_INT(U32) ST_INT(U64)
    VM_CASE(LD_U64)
    {
        uint64_t idx = R(C).u;
        if (idx >= bufs[B].nelem)
            OOB(B, idx);
        memcpy(&R(A).u, bufs[B].data + idx * 8, 8);
        VM_NEXT(4);
    }
#define LD_FLOAT(T, CT, M)                                            \
    VM_CASE(LD_##T)                                                   \
    {                                                                 \
        uint64_t idx = R(C).u;                                        \
        if (idx >= bufs[B].nelem)                                     \
            OOB(B, idx);                                              \
        memcpy(&R(A).M, bufs[B].data + idx * sizeof(CT), sizeof(CT)); \
        VM_NEXT(4);                                                   \
    }                                                                 \
    VM_CASE(ST_##T)                                                   \
    {                                                                 \
        uint64_t idx = R(B).u;                                        \
        if (idx >= bufs[A].nelem)                                     \
            OOB(A, idx);                                              \
        memcpy(bufs[A].data + idx * sizeof(CT), &R(C).M, sizeof(CT)); \
        VM_NEXT(4);                                                   \
    }
    LD_FLOAT(F32, float, f32)
    LD_FLOAT(F64, double, f64)

    /* ---- loop-level instructions ---- */
#define MAC_BODY(T, CT, LOADV, STOREV, MULADD, KERNEL)                                              \
    VM_CASE(MAC_##T)                                                                           \
    {                                                                                          \
        uint32_t X = A, Y = C, Z = ip[6], nl = ip[10];                           \
        int64_t xb = R(B).i, yb = R(D).i, ys = R(E).i, zb = R(ip[7]).i, zs = R(ip[8]).i; \
        int64_t count = R(ip[9]).i;                                                     \
        if (count > 0) {                                                                       \
            SPEND_STEPS(count);                                                                \
            if (strided_in_bounds(xb, 1, nl, bufs[X].nelem) && mac_in_bounds(yb, ys, count, 1, bufs[Y].nelem) && \
                mac_in_bounds(zb, zs, count, nl, bufs[Z].nelem)) {                             \
                tirvm_mac_args m = {bufs[X].data, bufs[Y].data, bufs[Z].data, xb, yb, 0, ys, zb, 0, zs, 1, count, nl}; \
                KERNEL(&m);                                                                    \
            } else {                                                                           \
                /* the loop's own order, so an error comes where the loop would raise it */    \
                for (int64_t k = 0; k < count; k++) {                                          \
                    uint64_t yi = (uint64_t)yb + (uint64_t)k * (uint64_t)ys;                   \
                    if (yi >= bufs[Y].nelem)                                                   \
                        OOB(Y, yi);                                                            \
                    CT y = LOADV(bufs[Y].data, yi);                                            \
                    for (uint32_t j = 0; j < nl; j++) {                                        \
                        uint64_t xi = (uint64_t)xb + j, zi = (uint64_t)zb + (uint64_t)k * (uint64_t)zs + j; \
                        if (xi >= bufs[X].nelem)                                               \
                            OOB(X, xi);                                                        \
                        if (zi >= bufs[Z].nelem)                                               \
                            OOB(Z, zi);                                                        \
                        STOREV(bufs[X].data, xi, MULADD(LOADV(bufs[X].data, xi), y, LOADV(bufs[Z].data, zi))); \
                    }                                                                          \
                }                                                                              \
            }                                                                                  \
        }                                                                                      \
        VM_NEXT(11);                                                                           \
    }
#define LOAD_F32(p, i) load_f32((p), (i))
#define STORE_F32(p, i, v) store_f32((p), (i), (v))
#define LOAD_F64(p, i) load_f64((p), (i))
#define STORE_F64(p, i, v) store_f64((p), (i), (v))
#define LOAD_H16(p, i) load_u16((p), (i))
#define STORE_H16(p, i, v) store_u16((p), (i), (v))
    /* Reductions over a range: the same order and the same max/min rule
     * (x > y ? x : y with the accumulator first) as the loop they replace. */
#define REDUCE_BODY(NAME, T, CT, M, LOADV, COMBINE)                                             \
    VM_CASE(NAME##_##T)                                                                         \
    {                                                                                           \
        uint32_t Y = B;                                                                         \
        int64_t base = R(C).i, stride = R(D).i, count = R(E).i;                                 \
        if (count > 0) {                                                                        \
            SPEND_STEPS(count);                                                                 \
            CT acc = R(A).M;                                                                    \
            if (mac_in_bounds(base, stride, count, 1, bufs[Y].nelem)) {                         \
                for (int64_t k = 0; k < count; k++) {                                          \
                    CT y = LOADV(bufs[Y].data, (uint64_t)(base + k * stride));                  \
                    acc = COMBINE(acc, y);                                                      \
                }                                                                               \
            } else {                                                                            \
                for (int64_t k = 0; k < count; k++) {                                          \
                    uint64_t yi = (uint64_t)base + (uint64_t)k * (uint64_t)stride;              \
                    if (yi >= bufs[Y].nelem) {                                                  \
                        R(A).M = acc;                                                           \
                        OOB(Y, yi);                                                             \
                    }                                                                           \
                    acc = COMBINE(acc, LOADV(bufs[Y].data, yi));                                \
                }                                                                               \
            }                                                                                   \
            R(A).M = acc;                                                                       \
        }                                                                                       \
        VM_NEXT(6);                                                                             \
    }
#define RED_ADD(x, y) ((x) + (y))
#define RED_MAX(x, y) ((x) > (y) ? (x) : (y))
#define RED_MIN(x, y) ((x) < (y) ? (x) : (y))
    REDUCE_BODY(RSUM, F32, float, f32, LOAD_F32, RED_ADD)
    REDUCE_BODY(RSUM, F64, double, f64, LOAD_F64, RED_ADD)
    REDUCE_BODY(RMAX, F32, float, f32, LOAD_F32, RED_MAX)
    REDUCE_BODY(RMAX, F64, double, f64, LOAD_F64, RED_MAX)
    REDUCE_BODY(RMIN, F32, float, f32, LOAD_F32, RED_MIN)
    REDUCE_BODY(RMIN, F64, double, f64, LOAD_F64, RED_MIN)

    MAC_BODY(F32, float, LOAD_F32, STORE_F32, tirvm_muladd_f32, tirvm_mac_f32)
    /* mac over two nested loops, in their order (a outer, b inner) */
#define MAC2_BODY(T, CT, LOADV, STOREV, KERNEL)                                                          \
    VM_CASE(MAC2_##T)                                                                              \
    {                                                                                              \
        uint32_t X = A, Y = C, Z = ip[7], nl = ip[13];                               \
        int64_t xb = R(B).i, yb = R(D).i, ya = R(E).i, ys = R(ip[6]).i;                     \
        int64_t zb = R(ip[8]).i, za = R(ip[9]).i, zs = R(ip[10]).i;           \
        int64_t na = R(ip[11]).i, nb = R(ip[12]).i, total;                           \
        if (na > 0 && nb > 0) {                                                                    \
            SPEND_STEPS(__builtin_mul_overflow(na, nb, &total) ? UINT64_MAX : (uint64_t)total);   \
            if (strided_in_bounds(xb, 1, nl, bufs[X].nelem) &&                                     \
                affine2_in_bounds(yb, ya, na, ys, nb, 1, bufs[Y].nelem) &&                         \
                affine2_in_bounds(zb, za, na, zs, nb, nl, bufs[Z].nelem)) {                        \
                tirvm_mac_args m = {bufs[X].data, bufs[Y].data, bufs[Z].data, xb, yb, ya, ys, zb, za, zs, na, nb, nl}; \
                KERNEL(&m);                                                                        \
            } else {                                                                               \
                /* the loops' own order, so an error comes where they would raise it */           \
                for (int64_t a = 0; a < na; a++)                                                   \
                    for (int64_t b = 0; b < nb; b++) {                                             \
                        uint64_t yi = (uint64_t)yb + (uint64_t)a * (uint64_t)ya + (uint64_t)b * (uint64_t)ys; \
                        if (yi >= bufs[Y].nelem)                                                   \
                            OOB(Y, yi);                                                            \
                        CT y = LOADV(bufs[Y].data, yi);                                            \
                        for (uint32_t j = 0; j < nl; j++) {                                        \
                            uint64_t xi = (uint64_t)xb + j;                                        \
                            uint64_t zi = (uint64_t)zb + (uint64_t)a * (uint64_t)za + (uint64_t)b * (uint64_t)zs + j; \
                            if (xi >= bufs[X].nelem)                                               \
                                OOB(X, xi);                                                        \
                            if (zi >= bufs[Z].nelem)                                               \
                                OOB(Z, zi);                                                        \
                            STOREV(bufs[X].data, xi, LOADV(bufs[X].data, xi) + y * LOADV(bufs[Z].data, zi)); \
                        }                                                                          \
                    }                                                                              \
            }                                                                                      \
        }                                                                                          \
        VM_NEXT(14);                                                                               \
    }
#define VREDUCE_BODY(NAME, T, M, COMBINE)                  \
    VM_CASE(NAME##_##T)                                    \
    {                                                      \
        uint32_t nl = ip[3];                               \
        const AT_##T *v = VREG(T, B);                      \
        CT_##T acc = R(A).M;                               \
        for (uint32_t i = 0; i < nl; i++)                  \
            acc = COMBINE(acc, v[i]);                      \
        R(A).M = acc;                                      \
        VM_NEXT(4);                                        \
    }
    VREDUCE_BODY(VRSUM, F32, f32, RED_ADD) VREDUCE_BODY(VRSUM, F64, f64, RED_ADD)
    VREDUCE_BODY(VRMAX, F32, f32, RED_MAX) VREDUCE_BODY(VRMAX, F64, f64, RED_MAX)
    VREDUCE_BODY(VRMIN, F32, f32, RED_MIN) VREDUCE_BODY(VRMIN, F64, f64, RED_MIN)
    MAC2_BODY(F32, float, LOAD_F32, STORE_F32, tirvm_mac_f32)
    MAC2_BODY(F64, double, LOAD_F64, STORE_F64, tirvm_mac_f64)
    MAC_BODY(F64, double, LOAD_F64, STORE_F64, tirvm_muladd_f64, tirvm_mac_f64)
    MAC_BODY(F16, uint16_t, LOAD_H16, STORE_H16, tirvm_muladd_f16, tirvm_mac_f16)
    MAC_BODY(BF16, uint16_t, LOAD_H16, STORE_H16, tirvm_muladd_bf16, tirvm_mac_bf16)

    /* Integer accumulation: sources of kind K widened to T; wraps in T's width. */
#define MACI_LOOP(TT, ST)                                                                          \
    do {                                                                                           \
        if (strided_in_bounds(xb, 1, nl, bufs[X].nelem) && mac_in_bounds(yb, ys, count, 1, bufs[Y].nelem) && \
            mac_in_bounds(zb, zs, count, nl, bufs[Z].nelem)) {                                     \
            uint64_t acc[64];                                                                      \
            for (uint32_t j = 0; j < nl; j++) {                                                    \
                TT x;                                                                              \
                memcpy(&x, bufs[X].data + ((uint64_t)xb + j) * sizeof x, sizeof x);                \
                acc[j] = (uint64_t)x;                                                              \
            }                                                                                      \
            for (int64_t k = 0; k < count; k++) {                                                  \
                ST y;                                                                              \
                memcpy(&y, bufs[Y].data + (uint64_t)(yb + k * ys) * sizeof y, sizeof y);           \
                const uint8_t *zrow = bufs[Z].data + (uint64_t)(zb + k * zs) * sizeof(ST);         \
                for (uint32_t j = 0; j < nl; j++) {                                                \
                    ST z;                                                                          \
                    memcpy(&z, zrow + j * sizeof z, sizeof z);                                     \
                    acc[j] += (uint64_t)(int64_t)y * (uint64_t)(int64_t)z;                         \
                }                                                                                  \
            }                                                                                      \
            for (uint32_t j = 0; j < nl; j++) {                                                    \
                TT x = (TT)acc[j];                                                                 \
                memcpy(bufs[X].data + ((uint64_t)xb + j) * sizeof x, &x, sizeof x);                \
            }                                                                                      \
        } else {                                                                                   \
            for (int64_t k = 0; k < count; k++) {                                                  \
                uint64_t yi = (uint64_t)yb + (uint64_t)k * (uint64_t)ys;                           \
                if (yi >= bufs[Y].nelem)                                                           \
                    OOB(Y, yi);                                                                    \
                ST y;                                                                              \
                memcpy(&y, bufs[Y].data + yi * sizeof y, sizeof y);                                \
                for (uint32_t j = 0; j < nl; j++) {                                                \
                    uint64_t xi = (uint64_t)xb + j, zi = (uint64_t)zb + (uint64_t)k * (uint64_t)zs + j; \
                    if (xi >= bufs[X].nelem)                                                       \
                        OOB(X, xi);                                                                \
                    if (zi >= bufs[Z].nelem)                                                       \
                        OOB(Z, zi);                                                                \
                    TT x;                                                                          \
                    ST z;                                                                          \
                    memcpy(&x, bufs[X].data + xi * sizeof x, sizeof x);                            \
                    memcpy(&z, bufs[Z].data + zi * sizeof z, sizeof z);                            \
                    x = (TT)((uint64_t)x + (uint64_t)(int64_t)y * (uint64_t)(int64_t)z);           \
                    memcpy(bufs[X].data + xi * sizeof x, &x, sizeof x);                            \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
    } while (0)
#define MACI_BODY(T, TT)                                                                           \
    VM_CASE(MACI_##T)                                                                              \
    {                                                                                              \
        uint32_t X = A, Y = C, Z = ip[6], nl = ip[10];                               \
        int64_t xb = R(B).i, yb = R(D).i, ys = R(E).i, zb = R(ip[7]).i, zs = R(ip[8]).i; \
        int64_t count = R(ip[9]).i;                                                         \
        if (count > 0) {                                                                           \
            SPEND_STEPS(count);                                                                    \
            switch (ip[11]) {                                                               \
            case TIR_VT_I8: MACI_LOOP(TT, int8_t); break;                                          \
            case TIR_VT_U8: MACI_LOOP(TT, uint8_t); break;                                         \
            case TIR_VT_I16: MACI_LOOP(TT, int16_t); break;                                        \
            case TIR_VT_U16: MACI_LOOP(TT, uint16_t); break;                                       \
            case TIR_VT_I32: MACI_LOOP(TT, int32_t); break;                                        \
            case TIR_VT_U32: MACI_LOOP(TT, uint32_t); break;                                       \
            case TIR_VT_I64: MACI_LOOP(TT, int64_t); break;                                        \
            default: MACI_LOOP(TT, uint64_t); break;                                               \
            }                                                                                      \
        }                                                                                          \
        VM_NEXT(12);                                                                               \
    }
    MACI_BODY(BOOL, uint8_t) MACI_BODY(I8, int8_t) MACI_BODY(I16, int16_t) MACI_BODY(I32, int32_t)
    MACI_BODY(I64, int64_t) MACI_BODY(U8, uint8_t) MACI_BODY(U16, uint16_t) MACI_BODY(U32, uint32_t)
    MACI_BODY(U64, uint64_t)

    /* ---- fused index loads and stores ---- */
#define LDX_BODY(T, LOADEXPR)                                         \
    VM_CASE(LDX_##T)                                                  \
    {                                                                 \
        uint64_t idx = R(C).u * R(D).u + R(E).u;                      \
        if (idx >= bufs[B].nelem)                                     \
            OOB(B, idx);                                              \
        LOADEXPR;                                                     \
        VM_NEXT(6);                                                   \
    }
#define STX_BODY(T, CT, VAL)                                          \
    VM_CASE(STX_##T)                                                  \
    {                                                                 \
        uint64_t idx = R(B).u * R(C).u + R(D).u;                      \
        if (idx >= bufs[A].nelem)                                     \
            OOB(A, idx);                                              \
        CT v = VAL;                                                   \
        memcpy(bufs[A].data + idx * sizeof v, &v, sizeof v);          \
        VM_NEXT(6);                                                   \
    }
#define LDX_INT(T)                                                                                   \
    LDX_BODY(T, MEM_##T v; memcpy(&v, bufs[B].data + idx * sizeof v, sizeof v); R(A).i = (int64_t)v) \
    STX_BODY(T, MEM_##T, (MEM_##T)R(E).u)
    LDX_BODY(BOOL, R(A).i = bufs[B].data[idx] != 0)
    STX_BODY(BOOL, uint8_t, (uint8_t)R(E).u)
    LDX_INT(I8) LDX_INT(I16) LDX_INT(I32) LDX_INT(I64) LDX_INT(U8) LDX_INT(U16) LDX_INT(U32)
    LDX_BODY(U64, memcpy(&R(A).u, bufs[B].data + idx * 8, 8))
    STX_BODY(U64, uint64_t, R(E).u)
    LDX_BODY(F32, memcpy(&R(A).f32, bufs[B].data + idx * 4, 4))
    STX_BODY(F32, float, R(E).f32)
    LDX_BODY(F64, memcpy(&R(A).f64, bufs[B].data + idx * 8, 8))
    STX_BODY(F64, double, R(E).f64)
    LDX_BODY(F16, uint16_t v; memcpy(&v, bufs[B].data + idx * 2, 2); R(A).u = v)
    STX_BODY(F16, uint16_t, (uint16_t)R(E).u)
    LDX_BODY(BF16, uint16_t v; memcpy(&v, bufs[B].data + idx * 2, 2); R(A).u = v)
    STX_BODY(BF16, uint16_t, (uint16_t)R(E).u)

    VM_CASE(ALLOC)
    {
        uint64_t n = R(B).u;
        size_t es = tir_dtype_elem_size(fn->buffers[A].dtype);
        if (R(B).i < 0)
            FAIL("negative size %lld for buffer '%s'", (long long)R(B).i, buf_name(fn, A));
        if (n > VM_MAX_ALLOC_BYTES / es)
            FAIL("allocation of %lld elements for buffer '%s' is too large", (long long)R(B).i, buf_name(fn, A));
        vm_buf_release(ctx, &bufs[A], es);
        uint64_t bytes = n * es, limit = ctx->call->max_memory;
        /* zero-filling is work too: a step per 4 KiB, so a loop of large
         * allocations cannot run far past the step budget */
        SPEND_STEPS(bytes / 4096);
        uint64_t held = atomic_fetch_add(ctx->mem_used, bytes) + bytes;
        if (limit && held > limit) {
            atomic_fetch_sub(ctx->mem_used, bytes);
            vm_note_limit(ctx);
            FAIL("allocating %llu bytes for buffer '%s' exceeds the memory limit of %llu bytes",
                 (unsigned long long)bytes, buf_name(fn, A), (unsigned long long)limit);
        }
        /* Zeroed so that reading an unwritten element is deterministic. */
        bufs[A].data = n ? calloc(n, es) : NULL;
        if (n && !bufs[A].data) {
            atomic_fetch_sub(ctx->mem_used, bytes);
            FAIL("out of memory allocating buffer '%s'", buf_name(fn, A));
        }
        bufs[A].nelem = n;
        bufs[A].owned = true;
        VM_NEXT(3);
    }
    VM_CASE(FREE)
        vm_buf_release(ctx, &bufs[A], tir_dtype_elem_size(fn->buffers[A].dtype));
        VM_NEXT(2);

    /* ---- integer arithmetic: computed unsigned, normalized to T ---- */
#define INT_ARITH(T)                                                          \
    VM_CASE(ADD_##T) R(A).i = NORM_##T(R(B).u + R(C).u); VM_NEXT(4);          \
    VM_CASE(SUB_##T) R(A).i = NORM_##T(R(B).u - R(C).u); VM_NEXT(4);          \
    VM_CASE(MUL_##T) R(A).i = NORM_##T(R(B).u * R(C).u); VM_NEXT(4);          \
    VM_CASE(MIN_##T) R(A) = SV_##T(B) < SV_##T(C) ? R(B) : R(C); VM_NEXT(4);  \
    VM_CASE(MAX_##T) R(A) = SV_##T(B) > SV_##T(C) ? R(B) : R(C); VM_NEXT(4);  \
    VM_CASE(EQ_##T) R(A).i = SV_##T(B) == SV_##T(C); VM_NEXT(4);              \
    VM_CASE(NE_##T) R(A).i = SV_##T(B) != SV_##T(C); VM_NEXT(4);              \
    VM_CASE(LT_##T) R(A).i = SV_##T(B) < SV_##T(C); VM_NEXT(4);               \
    VM_CASE(LE_##T) R(A).i = SV_##T(B) <= SV_##T(C); VM_NEXT(4);              \
    VM_CASE(GT_##T) R(A).i = SV_##T(B) > SV_##T(C); VM_NEXT(4);               \
    VM_CASE(GE_##T) R(A).i = SV_##T(B) >= SV_##T(C); VM_NEXT(4);              \
    VM_CASE(SEL_##T) R(A) = R(B).i ? R(C) : R(D); VM_NEXT(5);                 \
    VM_CASE(DIV_##T)                                                          \
        if (!R(C).u)                                                          \
            FAIL("integer division by zero");                                 \
        R(A).i = NORM_##T(SIGNED_##T ? (uint64_t)sdiv(R(B).i, R(C).i) : R(B).u / R(C).u); \
        VM_NEXT(4);                                                           \
    VM_CASE(MOD_##T)                                                          \
        if (!R(C).u)                                                          \
            FAIL("integer modulo by zero");                                   \
        R(A).i = NORM_##T(SIGNED_##T ? (uint64_t)smod(R(B).i, R(C).i) : R(B).u % R(C).u); \
        VM_NEXT(4);                                                           \
    VM_CASE(FLOORDIV_##T)                                                     \
        if (!R(C).u)                                                          \
            FAIL("integer division by zero");                                 \
        R(A).i = NORM_##T(SIGNED_##T ? (uint64_t)sfloordiv(R(B).i, R(C).i) : R(B).u / R(C).u); \
        VM_NEXT(4);                                                           \
    VM_CASE(FLOORMOD_##T)                                                     \
        if (!R(C).u)                                                          \
            FAIL("integer modulo by zero");                                   \
        R(A).i = NORM_##T(SIGNED_##T ? (uint64_t)sfloormod(R(B).i, R(C).i) : R(B).u % R(C).u); \
        VM_NEXT(4);                                                           \
    VM_CASE(EXT_##T) R(A).i = NORM_##T(R(B).u); VM_NEXT(3);
    INT_ARITH(I8) INT_ARITH(I16) INT_ARITH(I32) INT_ARITH(I64)
    INT_ARITH(U8) INT_ARITH(U16) INT_ARITH(U32) INT_ARITH(U64)

    /* bool arithmetic wraps modulo 2; a cast to bool tests for nonzero (spec-readings 6) */
    VM_CASE(ADD_BOOL) R(A).i = NORM_BOOL(R(B).u + R(C).u); VM_NEXT(4);
    VM_CASE(SUB_BOOL) R(A).i = NORM_BOOL(R(B).u - R(C).u); VM_NEXT(4);
    VM_CASE(MUL_BOOL) R(A).i = NORM_BOOL(R(B).u * R(C).u); VM_NEXT(4);
    VM_CASE(MIN_BOOL) R(A).i = R(B).i < R(C).i ? R(B).i : R(C).i; VM_NEXT(4);
    VM_CASE(MAX_BOOL) R(A).i = R(B).i > R(C).i ? R(B).i : R(C).i; VM_NEXT(4);
    VM_CASE(EQ_BOOL) R(A).i = R(B).i == R(C).i; VM_NEXT(4);
    VM_CASE(NE_BOOL) R(A).i = R(B).i != R(C).i; VM_NEXT(4);
    VM_CASE(LT_BOOL) R(A).i = R(B).i < R(C).i; VM_NEXT(4);
    VM_CASE(LE_BOOL) R(A).i = R(B).i <= R(C).i; VM_NEXT(4);
    VM_CASE(GT_BOOL) R(A).i = R(B).i > R(C).i; VM_NEXT(4);
    VM_CASE(GE_BOOL) R(A).i = R(B).i >= R(C).i; VM_NEXT(4);
    VM_CASE(SEL_BOOL) R(A) = R(B).i ? R(C) : R(D); VM_NEXT(5);
    VM_CASE(DIV_BOOL)
    VM_CASE(FLOORDIV_BOOL)
        if (!R(C).u)
            FAIL("integer division by zero");
        R(A).i = R(B).i & 1;
        VM_NEXT(4);
    VM_CASE(MOD_BOOL)
    VM_CASE(FLOORMOD_BOOL)
        if (!R(C).u)
            FAIL("integer modulo by zero");
        R(A).i = 0;
        VM_NEXT(4);
    VM_CASE(EXT_BOOL) R(A).i = R(B).u != 0; VM_NEXT(3);

    /* ---- float arithmetic: IEEE 754, no fast-math ---- */
#define FLOAT_ARITH(T, M)                                                      \
    VM_CASE(ADD_##T) R(A).M = R(B).M + R(C).M; VM_NEXT(4);                     \
    VM_CASE(SUB_##T) R(A).M = R(B).M - R(C).M; VM_NEXT(4);                     \
    VM_CASE(MUL_##T) R(A).M = R(B).M * R(C).M; VM_NEXT(4);                     \
    VM_CASE(DIV_##T) R(A).M = R(B).M / R(C).M; VM_NEXT(4);                     \
    VM_CASE(FLOORDIV_##T) R(A).M = floor(R(B).M / R(C).M); VM_NEXT(4);        \
    VM_CASE(FLOORMOD_##T) R(A).M = R(B).M - floor(R(B).M / R(C).M) * R(C).M; VM_NEXT(4); \
    VM_CASE(MIN_##T) R(A).M = R(B).M < R(C).M ? R(B).M : R(C).M; VM_NEXT(4);  \
    VM_CASE(MAX_##T) R(A).M = R(B).M > R(C).M ? R(B).M : R(C).M; VM_NEXT(4);  \
    VM_CASE(EQ_##T) R(A).i = R(B).M == R(C).M; VM_NEXT(4);                     \
    VM_CASE(NE_##T) R(A).i = R(B).M != R(C).M; VM_NEXT(4);                     \
    VM_CASE(LT_##T) R(A).i = R(B).M < R(C).M; VM_NEXT(4);                      \
    VM_CASE(LE_##T) R(A).i = R(B).M <= R(C).M; VM_NEXT(4);                     \
    VM_CASE(GT_##T) R(A).i = R(B).M > R(C).M; VM_NEXT(4);                      \
    VM_CASE(GE_##T) R(A).i = R(B).M >= R(C).M; VM_NEXT(4);                     \
    VM_CASE(SEL_##T) R(A) = R(B).i ? R(C) : R(D); VM_NEXT(5);                  \
    VM_CASE(SITOF_##T) R(A).M = R(B).i; VM_NEXT(3);                            \
    VM_CASE(UTOF_##T) R(A).M = R(B).u; VM_NEXT(3);
    FLOAT_ARITH(F32, f32)
    FLOAT_ARITH(F64, f64)

    /* ---- float16 and bfloat16: computed in float32, rounded once (halffloat.h) ---- */
#define HALF_ARITH(T)                                                                           \
    VM_CASE(ADD_##T) HSET(T, A, HF(T, B) + HF(T, C)); VM_NEXT(4);                               \
    VM_CASE(SUB_##T) HSET(T, A, HF(T, B) - HF(T, C)); VM_NEXT(4);                               \
    VM_CASE(MUL_##T) HSET(T, A, HF(T, B) * HF(T, C)); VM_NEXT(4);                               \
    VM_CASE(DIV_##T) HSET(T, A, HF(T, B) / HF(T, C)); VM_NEXT(4);                               \
    VM_CASE(FLOORDIV_##T) HSET(T, A, floorf(HF(T, B) / HF(T, C))); VM_NEXT(4);                  \
    VM_CASE(FLOORMOD_##T)                                                                       \
    {                                                                                           \
        float x = HF(T, B), y = HF(T, C);                                                       \
        HSET(T, A, x - floorf(x / y) * y);                                                      \
        VM_NEXT(4);                                                                             \
    }                                                                                           \
    VM_CASE(MIN_##T) R(A) = HF(T, B) < HF(T, C) ? R(B) : R(C); VM_NEXT(4);                      \
    VM_CASE(MAX_##T) R(A) = HF(T, B) > HF(T, C) ? R(B) : R(C); VM_NEXT(4);                      \
    VM_CASE(EQ_##T) R(A).i = HF(T, B) == HF(T, C); VM_NEXT(4);                                  \
    VM_CASE(NE_##T) R(A).i = HF(T, B) != HF(T, C); VM_NEXT(4);                                  \
    VM_CASE(LT_##T) R(A).i = HF(T, B) < HF(T, C); VM_NEXT(4);                                   \
    VM_CASE(LE_##T) R(A).i = HF(T, B) <= HF(T, C); VM_NEXT(4);                                  \
    VM_CASE(GT_##T) R(A).i = HF(T, B) > HF(T, C); VM_NEXT(4);                                   \
    VM_CASE(GE_##T) R(A).i = HF(T, B) >= HF(T, C); VM_NEXT(4);                                  \
    VM_CASE(SEL_##T) R(A) = R(B).i ? R(C) : R(D); VM_NEXT(5);                                   \
    VM_CASE(SITOF_##T) R(A).u = FROMD_##T((double)R(B).i); VM_NEXT(3);                          \
    VM_CASE(UTOF_##T) R(A).u = FROMD_##T((double)R(B).u); VM_NEXT(3);                           \
    VM_CASE(ISNAN_##T) R(A).i = isnan(HF(T, B)) != 0; VM_NEXT(3);                               \
    VM_CASE(LD_##T)                                                                             \
    {                                                                                           \
        uint64_t idx = R(C).u;                                                                  \
        if (idx >= bufs[B].nelem)                                                               \
            OOB(B, idx);                                                                        \
        uint16_t v;                                                                             \
        memcpy(&v, bufs[B].data + idx * 2, 2);                                                  \
        R(A).u = v;                                                                             \
        VM_NEXT(4);                                                                             \
    }                                                                                           \
    VM_CASE(ST_##T)                                                                             \
    {                                                                                           \
        uint64_t idx = R(B).u;                                                                  \
        if (idx >= bufs[A].nelem)                                                               \
            OOB(A, idx);                                                                        \
        uint16_t v = (uint16_t)R(C).u;                                                          \
        memcpy(bufs[A].data + idx * 2, &v, 2);                                                  \
        VM_NEXT(4);                                                                             \
    }
    HALF_ARITH(F16)
    HALF_ARITH(BF16)
    VM_CASE(F32TO_F16) R(A).u = tir_f16_from_f64(R(B).f32); VM_NEXT(3);
    VM_CASE(F32TO_BF16) R(A).u = tir_bf16_from_f64(R(B).f32); VM_NEXT(3);
    VM_CASE(F64TO_F16) R(A).u = tir_f16_from_f64(R(B).f64); VM_NEXT(3);
    VM_CASE(F64TO_BF16) R(A).u = tir_bf16_from_f64(R(B).f64); VM_NEXT(3);
    /* From a 16-bit float: widen to float32 (exact), then convert like f32to. */
#define HTO(S)                                                                                  \
    VM_CASE(S##TO_BOOL) R(A).i = HF(S, B) != 0; VM_NEXT(3);                                     \
    VM_CASE(S##TO_I8) R(A).i = f2i_sat(HF(S, B), LO_I8, HI_I8); VM_NEXT(3);                     \
    VM_CASE(S##TO_I16) R(A).i = f2i_sat(HF(S, B), LO_I16, HI_I16); VM_NEXT(3);                  \
    VM_CASE(S##TO_I32) R(A).i = f2i_sat(HF(S, B), LO_I32, HI_I32); VM_NEXT(3);                  \
    VM_CASE(S##TO_I64) R(A).i = f2i64_sat(HF(S, B)); VM_NEXT(3);                                \
    VM_CASE(S##TO_U8) R(A).i = f2i_sat(HF(S, B), LO_U8, HI_U8); VM_NEXT(3);                     \
    VM_CASE(S##TO_U16) R(A).i = f2i_sat(HF(S, B), LO_U16, HI_U16); VM_NEXT(3);                  \
    VM_CASE(S##TO_U32) R(A).i = f2i_sat(HF(S, B), LO_U32, HI_U32); VM_NEXT(3);                  \
    VM_CASE(S##TO_U64) R(A).u = f2u64_sat(HF(S, B)); VM_NEXT(3);                                \
    VM_CASE(S##TO_F16) R(A).u = tir_f16_from_f64(HF(S, B)); VM_NEXT(3);                         \
    VM_CASE(S##TO_BF16) R(A).u = tir_bf16_from_f64(HF(S, B)); VM_NEXT(3);                       \
    VM_CASE(S##TO_F32) R(A).f32 = HF(S, B); VM_NEXT(3);                                         \
    VM_CASE(S##TO_F64) R(A).f64 = HF(S, B); VM_NEXT(3);
    HTO(F16)
    HTO(BF16)

    VM_CASE(NOT) R(A).i = !R(B).i; VM_NEXT(3);
    VM_CASE(BAND) R(A).i = R(B).i & R(C).i; VM_NEXT(4);
    VM_CASE(BOR) R(A).i = R(B).i | R(C).i; VM_NEXT(4);

    /* ---- float to other types ---- */
#define FTO_SMALL(S, M, T) VM_CASE(S##TO_##T) R(A).i = f2i_sat(R(B).M, LO_##T, HI_##T); VM_NEXT(3);
#define FTO_ALL(S, M)                                                   \
    VM_CASE(S##TO_BOOL) R(A).i = R(B).M != 0; VM_NEXT(3);               \
    FTO_SMALL(S, M, I8) FTO_SMALL(S, M, I16) FTO_SMALL(S, M, I32)       \
    FTO_SMALL(S, M, U8) FTO_SMALL(S, M, U16) FTO_SMALL(S, M, U32)       \
    VM_CASE(S##TO_I64) R(A).i = f2i64_sat(R(B).M); VM_NEXT(3);          \
    VM_CASE(S##TO_U64) R(A).u = f2u64_sat(R(B).M); VM_NEXT(3);
    FTO_ALL(F32, f32)
    FTO_ALL(F64, f64)
    VM_CASE(F32TO_F32) R(A).f32 = R(B).f32; VM_NEXT(3);
    VM_CASE(F32TO_F64) R(A).f64 = R(B).f32; VM_NEXT(3);
    VM_CASE(F64TO_F32) R(A).f32 = (float)R(B).f64; VM_NEXT(3);
    VM_CASE(F64TO_F64) R(A).f64 = R(B).f64; VM_NEXT(3);

    /* ---- math builtins ---- */
#define MATH1(ID, F32FN, F64FN)                                                   \
    VM_CASE(ID##_F16) HSET(F16, A, F32FN(HF(F16, B))); VM_NEXT(3);                \
    VM_CASE(ID##_BF16) HSET(BF16, A, F32FN(HF(BF16, B))); VM_NEXT(3);             \
    VM_CASE(ID##_F32) R(A).f32 = F32FN(R(B).f32); VM_NEXT(3);                     \
    VM_CASE(ID##_F64) R(A).f64 = F64FN(R(B).f64); VM_NEXT(3);
#define MATH2(ID, F32FN, F64FN)                                                   \
    VM_CASE(ID##_F16) HSET(F16, A, F32FN(HF(F16, B), HF(F16, C))); VM_NEXT(4);    \
    VM_CASE(ID##_BF16) HSET(BF16, A, F32FN(HF(BF16, B), HF(BF16, C))); VM_NEXT(4); \
    VM_CASE(ID##_F32) R(A).f32 = F32FN(R(B).f32, R(C).f32); VM_NEXT(4);           \
    VM_CASE(ID##_F64) R(A).f64 = F64FN(R(B).f64, R(C).f64); VM_NEXT(4);
    VM_MATH1_LIST(MATH1)
    VM_MATH2_LIST(MATH2)
    VM_CASE(ISNAN_F32) R(A).i = isnan(R(B).f32) != 0; VM_NEXT(3);
    VM_CASE(ISNAN_F64) R(A).i = isnan(R(B).f64) != 0; VM_NEXT(3);
    VM_CASE(ISINF_F32) R(A).i = isinf(R(B).f32) != 0; VM_NEXT(3);
    VM_CASE(ISINF_F64) R(A).i = isinf(R(B).f64) != 0; VM_NEXT(3);
    VM_CASE(ISINF_F16) R(A).i = isinf(HF(F16, B)) != 0; VM_NEXT(3);
    VM_CASE(ISINF_BF16) R(A).i = isinf(HF(BF16, B)) != 0; VM_NEXT(3);
    VM_CASE(ISFINITE_F32) R(A).i = isfinite(R(B).f32) != 0; VM_NEXT(3);
    VM_CASE(ISFINITE_F64) R(A).i = isfinite(R(B).f64) != 0; VM_NEXT(3);
    VM_CASE(ISFINITE_F16) R(A).i = isfinite(HF(F16, B)) != 0; VM_NEXT(3);
    VM_CASE(ISFINITE_BF16) R(A).i = isfinite(HF(BF16, B)) != 0; VM_NEXT(3);
    /* ldexp with the exponent clamped: beyond +-100000 every result is already 0 or inf */
    VM_CASE(LDEXP_F32) R(A).f32 = ldexpf(R(B).f32, clamp_exp(R(C).i)); VM_NEXT(4);
    VM_CASE(LDEXP_F64) R(A).f64 = ldexp(R(B).f64, clamp_exp(R(C).i)); VM_NEXT(4);
    VM_CASE(LDEXP_F16) HSET(F16, A, ldexpf(HF(F16, B), clamp_exp(R(C).i))); VM_NEXT(4);
    VM_CASE(LDEXP_BF16) HSET(BF16, A, ldexpf(HF(BF16, B), clamp_exp(R(C).i))); VM_NEXT(4);

    /* ---- integer bit operations ---- */
#define BITS_OF_BOOL 1
#define BITS_OF_I8 8
#define BITS_OF_I16 16
#define BITS_OF_I32 32
#define BITS_OF_I64 64
#define BITS_OF_U8 8
#define BITS_OF_U16 16
#define BITS_OF_U32 32
#define BITS_OF_U64 64
#define BITOPS(T)                                                                     \
    VM_CASE(BITAND_##T) R(A).i = NORM_##T(R(B).u & R(C).u); VM_NEXT(4);               \
    VM_CASE(BITOR_##T) R(A).i = NORM_##T(R(B).u | R(C).u); VM_NEXT(4);                \
    VM_CASE(BITXOR_##T) R(A).i = NORM_##T(R(B).u ^ R(C).u); VM_NEXT(4);               \
    VM_CASE(BITNOT_##T) R(A).i = NORM_##T(~R(B).u); VM_NEXT(3);                       \
    VM_CASE(SHL_##T)                                                                  \
        R(A).i = R(C).u < BITS_OF_##T ? NORM_##T(R(B).u << R(C).u) : 0;               \
        VM_NEXT(4);                                                                   \
    VM_CASE(SHR_##T)                                                                  \
        if (SIGNED_##T)                                                               \
            R(A).i = R(C).u < BITS_OF_##T ? ashr(R(B).i, (unsigned)R(C).u) : (R(B).i < 0 ? -1 : 0); \
        else                                                                          \
            R(A).i = R(C).u < BITS_OF_##T ? (int64_t)(R(B).u >> R(C).u) : 0;          \
        VM_NEXT(4);
    BITOPS(BOOL) BITOPS(I8) BITOPS(I16) BITOPS(I32) BITOPS(I64)
    BITOPS(U8) BITOPS(U16) BITOPS(U32) BITOPS(U64)
    /* bit counts over the type's width (the normalized value's low bits) */
#define BITCOUNT(T)                                                                              \
    VM_CASE(POPCOUNT_##T) R(A).i = __builtin_popcountll(width_bits(R(B).u, BITS_OF_##T)); VM_NEXT(3); \
    VM_CASE(CLZ_##T)                                                                             \
    {                                                                                            \
        uint64_t x = width_bits(R(B).u, BITS_OF_##T);                                            \
        R(A).i = x ? __builtin_clzll(x) - (64 - BITS_OF_##T) : BITS_OF_##T;                      \
        VM_NEXT(3);                                                                              \
    }
    BITCOUNT(BOOL) BITCOUNT(I8) BITCOUNT(I16) BITCOUNT(I32) BITCOUNT(I64)
    BITCOUNT(U8) BITCOUNT(U16) BITCOUNT(U32) BITCOUNT(U64)
    /* reinterpretation: the low bytes of a slot hold any scalar's bits (little-endian) */
#define BITCAST_INT(T)                                                                           \
    VM_CASE(BITCAST_##T)                                                                         \
    {                                                                                            \
        uint64_t bits = width_bits(R(B).u, BITS_OF_##T);                                         \
        R(A).i = NORM_##T(bits);                                                                 \
        VM_NEXT(3);                                                                              \
    }
    BITCAST_INT(BOOL) BITCAST_INT(I8) BITCAST_INT(I16) BITCAST_INT(I32) BITCAST_INT(I64)
    BITCAST_INT(U8) BITCAST_INT(U16) BITCAST_INT(U32) BITCAST_INT(U64)
    VM_CASE(BITCAST_F16) R(A).u = R(B).u & 0xffff; VM_NEXT(3);
    VM_CASE(BITCAST_BF16) R(A).u = R(B).u & 0xffff; VM_NEXT(3);
    VM_CASE(BITCAST_F32)
    {
        uint32_t bits = (uint32_t)R(B).u;
        memcpy(&R(A).f32, &bits, 4);
        VM_NEXT(3);
    }
    VM_CASE(BITCAST_F64) R(A).u = R(B).u; VM_NEXT(3);

    /* ---- vectors ----
     * Lanes are copied into local arrays, computed, and copied back, so the
     * destination may be a source and the loops are plain array loops the C
     * compiler vectorizes. */
#define VEC_BIN(ID, T, NOPS, EXPR)                                      \
    VM_CASE(ID##_##T)                                                   \
    {                                                                   \
        uint32_t nl = ip[4];                                     \
        const AT_##T *a = VREG(T, B), *b = VREG(T, C);                  \
        AT_##T *r = VREG(T, A);                                         \
        for (uint32_t i = 0; i < nl; i++) {                             \
            CT_##T x = a[i], y = b[i];                                  \
            r[i] = (EXPR);                                              \
        }                                                               \
        VM_NEXT(NOPS);                                                  \
    }
#define VEC_CMP(ID, T, OPR)                                             \
    VM_CASE(ID##_##T)                                                   \
    {                                                                   \
        uint32_t nl = ip[4];                                     \
        const AT_##T *a = VREG(T, B), *b = VREG(T, C);                  \
        AT_BOOL *r = VREG(BOOL, A);                                     \
        for (uint32_t i = 0; i < nl; i++)                               \
            r[i] = a[i] OPR b[i];                                       \
        VM_NEXT(5);                                                     \
    }
    /* Integer lanes divide after a check of every divisor. */
#define VEC_IDIV(ID, T, SIGNED_EXPR, UNSIGNED_EXPR, WHAT)               \
    VM_CASE(ID##_##T)                                                   \
    {                                                                   \
        uint32_t nl = ip[4];                                     \
        const AT_##T *a = VREG(T, B), *b = VREG(T, C);                  \
        AT_##T *r = VREG(T, A);                                         \
        for (uint32_t i = 0; i < nl; i++)                               \
            if (!b[i])                                                  \
                FAIL("integer " WHAT " by zero (lane %u)", i);          \
        for (uint32_t i = 0; i < nl; i++) {                             \
            int64_t x = (int64_t)a[i], y = (int64_t)b[i];               \
            uint64_t ux = (uint64_t)a[i], uy = (uint64_t)b[i];          \
            (void)ux; (void)uy; (void)x; (void)y;                        \
            r[i] = NARROW_##T(SIGNED_##T ? (uint64_t)(SIGNED_EXPR) : (uint64_t)(UNSIGNED_EXPR)); \
        }                                                               \
        VM_NEXT(5);                                                     \
    }
#define VEC_COMMON(T)                                                                        \
    VM_CASE(VMOV_##T) memcpy(&R(A), &R(B), ip[3] * sizeof(CT_##T)); VM_NEXT(4);       \
    VM_CASE(VBCAST_##T)                                                                      \
    {                                                                                        \
        uint32_t nl = ip[3];                                                          \
        CT_##T v = SCALAR_##T(B);                                                            \
        AT_##T *r = VREG(T, A);                                                              \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            r[i] = v;                                                                        \
        VM_NEXT(4);                                                                          \
    }                                                                                        \
    VM_CASE(VSEL_##T)                                                                        \
    {                                                                                        \
        uint32_t nl = ip[5];                                                          \
        const AT_BOOL *c = VREG(BOOL, B);                                                    \
        const AT_##T *a = VREG(T, C), *b = VREG(T, D);                                       \
        AT_##T *r = VREG(T, A);                                                              \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            r[i] = c[i] ? a[i] : b[i];                                                       \
        VM_NEXT(6);                                                                          \
    }                                                                                        \
    VM_CASE(VLD_##T)                                                                         \
    {                                                                                        \
        uint32_t nl = ip[5];                                                          \
        int64_t base = R(C).i, stride = R(D).i;                                              \
        if (!strided_in_bounds(base, stride, nl, bufs[B].nelem))                              \
            FAIL("out-of-bounds vector access to buffer '%s': elements %lld + i*%lld for %u lanes, of %llu", \
                 buf_name(fn, B), (long long)base, (long long)stride, nl, (unsigned long long)bufs[B].nelem); \
        AT_##T *r = VREG(T, A);                                                              \
        const uint8_t *src = bufs[B].data + (uint64_t)base * sizeof r[0];                    \
        if (stride == 1)                                                                     \
            memcpy(r, src, nl * sizeof r[0]);                                                \
        else                                                                                 \
            for (uint32_t i = 0; i < nl; i++)                                                \
                memcpy(&r[i], src + (int64_t)i * stride * (int64_t)sizeof r[0], sizeof r[0]); \
        LOAD_FIXUP_##T(r, nl);                                                               \
        VM_NEXT(6);                                                                          \
    }                                                                                        \
    VM_CASE(VST_##T)                                                                         \
    {                                                                                        \
        uint32_t nl = ip[5];                                                          \
        int64_t base = R(B).i, stride = R(C).i;                                              \
        if (!strided_in_bounds(base, stride, nl, bufs[A].nelem))                              \
            FAIL("out-of-bounds vector access to buffer '%s': elements %lld + i*%lld for %u lanes, of %llu", \
                 buf_name(fn, A), (long long)base, (long long)stride, nl, (unsigned long long)bufs[A].nelem); \
        const AT_##T *v = VREG(T, D);                                                        \
        uint8_t *dst = bufs[A].data + (uint64_t)base * sizeof v[0];                          \
        if (stride == 1)                                                                     \
            memcpy(dst, v, nl * sizeof v[0]);                                                \
        else                                                                                 \
            for (uint32_t i = 0; i < nl; i++)                                                \
                memcpy(dst + (int64_t)i * stride * (int64_t)sizeof v[0], &v[i], sizeof v[0]); \
        VM_NEXT(6);                                                                          \
    }                                                                                        \
    VM_CASE(VLDG_##T)                                                                        \
    {                                                                                        \
        uint32_t nl = ip[4];                                                          \
        const AT_I64 *ix = VREG(I64, C);                                                     \
        AT_##T *r = VREG(T, A);                                                              \
        uint32_t bad = first_lane_out_of_bounds(ix, nl, bufs[B].nelem);                      \
        if (bad < nl)                                                                        \
            FAIL("out-of-bounds access to buffer '%s': element %lld of %llu (lane %u)", buf_name(fn, B), \
                 (long long)ix[bad], (unsigned long long)bufs[B].nelem, bad);               \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            memcpy(&r[i], bufs[B].data + (uint64_t)ix[i] * sizeof r[0], sizeof r[0]);        \
        LOAD_FIXUP_##T(r, nl);                                                               \
        VM_NEXT(5);                                                                          \
    }                                                                                        \
    VM_CASE(VSTG_##T)                                                                        \
    {                                                                                        \
        uint32_t nl = ip[4];                                                          \
        const AT_I64 *ix = VREG(I64, B);                                                     \
        const AT_##T *v = VREG(T, C);                                                        \
        uint32_t bad = first_lane_out_of_bounds(ix, nl, bufs[A].nelem);                      \
        if (bad < nl)                                                                        \
            FAIL("out-of-bounds access to buffer '%s': element %lld of %llu (lane %u)", buf_name(fn, A), \
                 (long long)ix[bad], (unsigned long long)bufs[A].nelem, bad);               \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            memcpy(bufs[A].data + (uint64_t)ix[i] * sizeof v[0], &v[i], sizeof v[0]);        \
        VM_NEXT(5);                                                                          \
    }
#define VEC_LANE(T)                                                                          \
    VM_CASE(VGET_##T)                                                                        \
    {                                                                                        \
        CT_##T v = VREG(T, B)[D];                                                            \
        LANE_TO_SCALAR_##T(A, v);                                                            \
        VM_NEXT(5);                                                                          \
    }                                                                                        \
    VM_CASE(VSET_##T)                                                                        \
        VREG(T, A)[D] = SCALAR_##T(B);                                                       \
        VM_NEXT(5);
#define VEC_NUM(T)                                                                           \
    VEC_CMP(VEQ, T, ==) VEC_CMP(VNE, T, !=) VEC_CMP(VLT, T, <)                               \
    VEC_CMP(VLE, T, <=) VEC_CMP(VGT, T, >) VEC_CMP(VGE, T, >=)                               \
    VEC_BIN(VMIN, T, 5, x < y ? x : y) VEC_BIN(VMAX, T, 5, x > y ? x : y)                    \
    VM_CASE(VCAST_##T)                                                                       \
    {                                                                                        \
        uint32_t nl = ip[3];                                                          \
        AT_##T *r = VREG(T, A);                                                              \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            r[i] = CAST_TO_##T(lane_value((const uint8_t *)&R(B), ip[4], i));          \
        VM_NEXT(5);                                                                          \
    }
#define VEC_INT(T)                                                                                  \
    VEC_COMMON(T) VEC_NUM(T)                                                                        \
    VEC_BIN(VADD, T, 5, NARROW_##T(IW_##T(x) + IW_##T(y)))                                          \
    VEC_BIN(VSUB, T, 5, NARROW_##T(IW_##T(x) - IW_##T(y)))                                          \
    VEC_BIN(VMUL, T, 5, NARROW_##T(IW_##T(x) * IW_##T(y)))                                          \
    VEC_IDIV(VDIV, T, sdiv(x, y), ux / uy, "division")                                              \
    VEC_IDIV(VMOD, T, smod(x, y), ux % uy, "modulo")                                                \
    VEC_IDIV(VFLOORDIV, T, sfloordiv(x, y), ux / uy, "division")                                    \
    VEC_IDIV(VFLOORMOD, T, sfloormod(x, y), ux % uy, "modulo")                                      \
    VEC_BIN(VBITAND, T, 5, NARROW_##T(IW_##T(x) & IW_##T(y)))                                       \
    VEC_BIN(VBITOR, T, 5, NARROW_##T(IW_##T(x) | IW_##T(y)))                                        \
    VEC_BIN(VBITXOR, T, 5, NARROW_##T(IW_##T(x) ^ IW_##T(y)))                                       \
    VEC_BIN(VSHL, T, 5, shift_amount(y) < BITS_OF_##T ? NARROW_##T(IW_##T(x) << shift_amount(y)) : 0) \
    VEC_BIN(VSHR, T, 5,                                                                             \
            (CT_##T)(shift_amount(y) < BITS_OF_##T                                                  \
                         ? (SIGNED_##T ? ashr((int64_t)x, (unsigned)shift_amount(y))                \
                                       : (int64_t)((uint64_t)x >> shift_amount(y)))                 \
                         : (SIGNED_##T && is_negative((int64_t)x) ? -1 : 0)))                                \
    VM_CASE(VBITNOT_##T)                                                                            \
    {                                                                                               \
        uint32_t nl = ip[3];                                                                 \
        const AT_##T *a = VREG(T, B);                                                               \
        AT_##T *r = VREG(T, A);                                                                     \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            r[i] = NARROW_##T(~IW_##T(a[i]));                                                       \
        VM_NEXT(4);                                                                                 \
    }                                                                                               \
    VM_CASE(VRAMP_##T)                                                                              \
    {                                                                                               \
        uint32_t nl = ip[4];                                                                 \
        AT_##T *r = VREG(T, A);                                                                     \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            r[i] = NARROW_##T(R(B).u + (uint64_t)i * R(C).u);                                       \
        VM_NEXT(5);                                                                                 \
    }
#define VEC_FLOAT(T)                                                                                \
    VEC_COMMON(T) VEC_NUM(T)                                                                        \
    VEC_BIN(VADD, T, 5, x + y) VEC_BIN(VSUB, T, 5, x - y) VEC_BIN(VMUL, T, 5, x * y)                \
    VEC_BIN(VDIV, T, 5, x / y) VEC_BIN(VFLOORDIV, T, 5, FLOOR_##T(x / y))                           \
    VEC_BIN(VFLOORMOD, T, 5, x - FLOOR_##T(x / y) * y)
    VEC_INT(BOOL) VEC_INT(I8) VEC_INT(I16) VEC_INT(I32) VEC_INT(I64)
    VEC_INT(U8) VEC_INT(U16) VEC_INT(U32) VEC_INT(U64)
    VEC_LANE(BOOL) VEC_LANE(I8) VEC_LANE(I16) VEC_LANE(I32) VEC_LANE(I64)
    VEC_LANE(U8) VEC_LANE(U16) VEC_LANE(U32) VEC_LANE(U64)
    VEC_LANE(F16) VEC_LANE(BF16) VEC_LANE(F32) VEC_LANE(F64)
    VEC_FLOAT(F32) VEC_FLOAT(F64)
    /* 16-bit float lanes: widened to float32, computed, rounded once. */
#define HL(T, v) TOF_##T(v)
#define HR(T, v) FROMD_##T((double)(v))
#define VEC_HCMP(ID, T, OPR)                                            \
    VM_CASE(ID##_##T)                                                   \
    {                                                                   \
        uint32_t nl = ip[4];                                     \
        uint16_t *a = ctx->scratch[0].u16, *b = ctx->scratch[1].u16;                                          \
        uint8_t *r = ctx->scratch[2].u8;                                                  \
        memcpy(a, &R(B), nl * 2);                                       \
        memcpy(b, &R(C), nl * 2);                                       \
        for (uint32_t i = 0; i < nl; i++)                               \
            r[i] = HL(T, a[i]) OPR HL(T, b[i]);                         \
        memcpy(&R(A), r, nl);                                           \
        VM_NEXT(5);                                                     \
    }
#define VEC_HALF(T)                                                                                 \
    VEC_COMMON(T)                                                                                   \
    VEC_HCMP(VEQ, T, ==) VEC_HCMP(VNE, T, !=) VEC_HCMP(VLT, T, <)                                   \
    VEC_HCMP(VLE, T, <=) VEC_HCMP(VGT, T, >) VEC_HCMP(VGE, T, >=)                                   \
    VEC_BIN(VMIN, T, 5, HL(T, x) < HL(T, y) ? x : y) VEC_BIN(VMAX, T, 5, HL(T, x) > HL(T, y) ? x : y) \
    VEC_BIN(VADD, T, 5, HR(T, HL(T, x) + HL(T, y))) VEC_BIN(VSUB, T, 5, HR(T, HL(T, x) - HL(T, y)))  \
    VEC_BIN(VMUL, T, 5, HR(T, HL(T, x) * HL(T, y))) VEC_BIN(VDIV, T, 5, HR(T, HL(T, x) / HL(T, y)))  \
    VEC_BIN(VFLOORDIV, T, 5, HR(T, floorf(HL(T, x) / HL(T, y))))                                    \
    VEC_BIN(VFLOORMOD, T, 5, HR(T, HL(T, x) - floorf(HL(T, x) / HL(T, y)) * HL(T, y)))               \
    VM_CASE(VCAST_##T)                                                                              \
    {                                                                                               \
        uint32_t nl = ip[3];                                                                 \
        uint16_t *r = ctx->scratch[0].u16;                                                                             \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            r[i] = CAST_TO_##T(lane_value((const uint8_t *)&R(B), ip[4], i));                \
        memcpy(&R(A), r, nl * 2);                                                                   \
        VM_NEXT(5);                                                                                 \
    }                                                                                               \
    VM_CASE(VMATH1_##T)                                                                             \
    {                                                                                               \
        uint32_t nl = ip[3];                                                                 \
        uint16_t *h = ctx->scratch[0].u16;                                                                             \
        float *fa = ctx->scratch[1].f32;                                                                               \
        memcpy(h, &R(B), nl * 2);                                                                   \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            fa[i] = HL(T, h[i]);                                                                    \
        /* the float32 member of the same math family */                                            \
        switch (ip[4] + (TIRBC_OP_EXP_F32 - TIRBC_OP_EXP_##T)) { VM_MATH1_LIST(VMATH1_CASE) default: break; } \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            h[i] = HR(T, fa[i]);                                                                    \
        memcpy(&R(A), h, nl * 2);                                                                   \
        VM_NEXT(5);                                                                                 \
    }                                                                                               \
    VM_CASE(VMATH2_##T)                                                                             \
    {                                                                                               \
        uint32_t nl = ip[4];                                                                 \
        uint16_t *h = ctx->scratch[0].u16, *g = ctx->scratch[1].u16;                                                                      \
        float *fa = ctx->scratch[2].f32, *fb = ctx->scratch[3].f32;                                                                       \
        memcpy(h, &R(B), nl * 2);                                                                   \
        memcpy(g, &R(C), nl * 2);                                                                   \
        for (uint32_t i = 0; i < nl; i++) {                                                         \
            fa[i] = HL(T, h[i]);                                                                    \
            fb[i] = HL(T, g[i]);                                                                    \
        }                                                                                           \
        switch (ip[5] + (TIRBC_OP_EXP_F32 - TIRBC_OP_EXP_##T)) { VM_MATH2_LIST(VMATH2_CASE) default: break; } \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            h[i] = HR(T, fa[i]);                                                                    \
        memcpy(&R(A), h, nl * 2);                                                                   \
        VM_NEXT(6);                                                                                 \
    }

    /* One lane function for the whole vector: the switch is per instruction, not per lane. */
#define VMATH1_CASE(ID, F32FN, F64FN) case TIRBC_OP_##ID##_F32: for (uint32_t i = 0; i < nl; i++) fa[i] = F32FN(fa[i]); break;
#define VMATH1_CASE64(ID, F32FN, F64FN) case TIRBC_OP_##ID##_F64: for (uint32_t i = 0; i < nl; i++) da[i] = F64FN(da[i]); break;
#define VMATH2_CASE(ID, F32FN, F64FN) case TIRBC_OP_##ID##_F32: for (uint32_t i = 0; i < nl; i++) fa[i] = F32FN(fa[i], fb[i]); break;
#define VMATH2_CASE64(ID, F32FN, F64FN) case TIRBC_OP_##ID##_F64: for (uint32_t i = 0; i < nl; i++) da[i] = F64FN(da[i], db[i]); break;
    /* float and double lanes: copied to scratch, the function applied in place */
#define VMATH_BODY(ARITY, T, CT, M, CASES)                                                  \
    VM_CASE(VMATH##ARITY##_##T)                                                            \
    {                                                                                      \
        uint32_t nl = ip[2 + ARITY];                                                \
        CT *xa = ctx->scratch[2].M, *xb = ctx->scratch[3].M;                               \
        memcpy(xa, &R(B), nl * sizeof xa[0]);                                              \
        if (ARITY == 2)                                                                    \
            memcpy(xb, &R(C), nl * sizeof xb[0]);                                          \
        switch (ip[3 + ARITY]) { CASES default: break; }                             \
        memcpy(&R(A), xa, nl * sizeof xa[0]);                                              \
        VM_NEXT(4 + ARITY);                                                                \
    }
#define VM1_F(ID, F32FN, F64FN) case TIRBC_OP_##ID##_F32: for (uint32_t i = 0; i < nl; i++) xa[i] = F32FN(xa[i]); break;
#define VM1_D(ID, F32FN, F64FN) case TIRBC_OP_##ID##_F64: for (uint32_t i = 0; i < nl; i++) xa[i] = F64FN(xa[i]); break;
#define VM2_F(ID, F32FN, F64FN) case TIRBC_OP_##ID##_F32: for (uint32_t i = 0; i < nl; i++) xa[i] = F32FN(xa[i], xb[i]); break;
#define VM2_D(ID, F32FN, F64FN) case TIRBC_OP_##ID##_F64: for (uint32_t i = 0; i < nl; i++) xa[i] = F64FN(xa[i], xb[i]); break;
    VMATH_BODY(1, F32, float, f32, VM_MATH1_LIST(VM1_F))
    VMATH_BODY(1, F64, double, f64, VM_MATH1_LIST(VM1_D))
    VMATH_BODY(2, F32, float, f32, VM_MATH2_LIST(VM2_F))
    VMATH_BODY(2, F64, double, f64, VM_MATH2_LIST(VM2_D))
    VM_CASE(VNOT)
    {
        uint32_t nl = ip[3];
        uint8_t *a = ctx->scratch[0].u8;
        memcpy(a, &R(B), nl);
        for (uint32_t i = 0; i < nl; i++)
            a[i] = !a[i];
        memcpy(&R(A), a, nl);
        VM_NEXT(4);
    }
    VM_CASE(VAND)
    VM_CASE(VOR)
    {
        uint32_t nl = ip[4];
        uint8_t *a = ctx->scratch[0].u8, *b = ctx->scratch[1].u8;
        memcpy(a, &R(B), nl);
        memcpy(b, &R(C), nl);
        bool is_and = *ip == TIRBC_OP_VAND;
        for (uint32_t i = 0; i < nl; i++)
            a[i] = is_and ? (a[i] & b[i]) : (a[i] | b[i]);
        memcpy(&R(A), a, nl);
        VM_NEXT(5);
    }

    VEC_HALF(F16)
    VEC_HALF(BF16)

#ifndef VM_THREADED
    case TIRBC_OP_COUNT: break;
    }
    /* The verifier admits only known opcodes. */
    FAIL("invalid opcode %u", *ip);
#endif
}

/* A call between PrimFuncs: a fresh frame for the callee, run by the same
 * interpreter on the same thread. */
bool vm_call(vm_ctx *ctx, uint32_t fidx, const vm_slot *args, vm_slot *ret)
{
    const tirbc_function *f = &ctx->mod->funcs[fidx];
    char probe;
    if (ctx->depth >= TIRVM_MAX_CALL_DEPTH || (uintptr_t)&probe < ctx->stack_floor) {
        vm_set_err(ctx->err, ctx->err_len,
                "call depth exceeds the limit (%d calls or the stack budget) calling function '%s' (in function '%s')",
                TIRVM_MAX_CALL_DEPTH, f->name, ctx->fn->name);
        return false;
    }
    vm_slot *regs = calloc(f->nregs ? f->nregs : 1, sizeof *regs);
    vm_buf *bufs = calloc(f->nbuffers ? f->nbuffers : 1, sizeof *bufs);
    vm_ctx *callee = malloc(sizeof *callee);
    bool ok = false;
    if (regs && bufs && callee) {
        *callee = *ctx;
        callee->fn = f;
        callee->depth = ctx->depth + 1;
        /* The verifier proved every parameter scalar and typed like its argument. */
        for (uint32_t k = 0; k < f->nparams; k++)
            regs[f->params[k].index] = args[k];
        ok = vm_interpret(callee, regs, bufs, 0);
        if (ok && ret)
            *ret = callee->ret;
        ctx->steps_left = callee->steps_left; /* the callee's steps count against the caller's budget */
        for (uint32_t i = 0; i < f->nbuffers; i++)
            vm_buf_release(ctx, &bufs[i], fn_elem_size(f, i));
    } else {
        vm_set_err(ctx->err, ctx->err_len, "out of memory calling function '%s'", f->name);
    }
    free(regs);
    free(bufs);
    free(callee);
    return ok;
}
