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
/* Arithmetic right shift without relying on implementation-defined >> of negatives. */
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

/* ---- dispatch -------------------------------------------------------------- */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(TIRVM_SWITCH_DISPATCH)
#define VM_THREADED 1
#define VM_CASE(id) L_##id:
#define VM_NEXT(n)         \
    do {                   \
        pc += (n);         \
        goto *labels[code[pc]]; \
    } while (0)
#define VM_JUMP(t)         \
    do {                   \
        pc = (t);          \
        goto *labels[code[pc]]; \
    } while (0)
#define VM_START() goto *labels[code[pc]];
#else
#define VM_CASE(id) case TIRBC_OP_##id:
#define VM_NEXT(n)  \
    do {            \
        pc += (n);  \
        goto dispatch; \
    } while (0)
#define VM_JUMP(t) \
    do {           \
        pc = (t);  \
        goto dispatch; \
    } while (0)
#define VM_START()
#endif

#define R(r) regs[(r)]
#define A code[pc + 1]
#define B code[pc + 2]
#define C code[pc + 3]
#define D code[pc + 4]

/* Buffer names may be absent in a module; messages still need one. */
static const char *buf_name(const tirbc_function *fn, uint32_t b)
{
    return fn->buffers[b].name ? fn->buffers[b].name : "?";
}

#define FAIL(...)                           \
    do {                                    \
        vm_error_at(ctx, pc, __VA_ARGS__);  \
        return false;                       \
    } while (0)

bool vm_interpret(vm_ctx *ctx, vm_slot *regs, vm_buf *bufs)
{
    const tirbc_function *fn = ctx->fn;
    const uint32_t *code = fn->code;
    const uint64_t *consts = fn->consts;
    uint32_t pc = 0;
#ifdef VM_THREADED
    static const void *const labels[TIRBC_OP_COUNT] = {
#define OP(id, mn, ops, vt, syn) [TIRBC_OP_##id] = &&L_##id,
#include "opcodes.def"
#undef OP
    };
    VM_START();
#else
dispatch:
    switch ((tirbc_opcode)code[pc]) {
#endif

    /* ---- control ---- */
    VM_CASE(NOP) VM_NEXT(1);
    VM_CASE(RET) return true;
    VM_CASE(JMP) VM_JUMP(A);
    VM_CASE(BRZ) if (!R(A).i) VM_JUMP(B); VM_NEXT(3);
    VM_CASE(BRNZ) if (R(A).i) VM_JUMP(B); VM_NEXT(3);
    VM_CASE(ASSERT)
        if (!R(A).i)
            FAIL("assertion failed: %s", fn->strings[B]);
        VM_NEXT(3);
    VM_CASE(TRAP) FAIL("%s", fn->strings[A]);

    /* Loop increment: the loop variable is normalized, so it cannot pass its
     * bound; arithmetic is unsigned anyway so a hostile module cannot overflow. */
#define LOOP_BODY(T)                                     \
    VM_CASE(LOOP_##T)                                    \
    {                                                    \
        R(A).i = NORM_##T(R(A).u + 1);                   \
        if (SV_##T(A) < SV_##T(B))                       \
            VM_JUMP(C);                                  \
        VM_NEXT(4);                                      \
    }
    LOOP_BODY(BOOL) LOOP_BODY(I8) LOOP_BODY(I16) LOOP_BODY(I32) LOOP_BODY(I64)
    LOOP_BODY(U8) LOOP_BODY(U16) LOOP_BODY(U32) LOOP_BODY(U64)

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

    VM_CASE(ALLOC)
    {
        uint64_t n = R(B).u;
        size_t es = tir_dtype_elem_size(fn->buffers[A].dtype);
        if (R(B).i < 0 || n > VM_MAX_ALLOC_BYTES / es)
            FAIL("allocation of %lld elements for buffer '%s' is too large", (long long)R(B).i, buf_name(fn, A));
        if (bufs[A].owned)
            free(bufs[A].data);
        /* Zeroed so that reading an unwritten element is deterministic. */
        bufs[A].data = n ? calloc(n, es) : NULL;
        if (n && !bufs[A].data)
            FAIL("out of memory allocating buffer '%s'", buf_name(fn, A));
        bufs[A].nelem = n;
        bufs[A].owned = true;
        VM_NEXT(3);
    }
    VM_CASE(FREE)
        if (bufs[A].owned)
            free(bufs[A].data);
        bufs[A].data = NULL;
        bufs[A].nelem = 0;
        bufs[A].owned = false;
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
#define MATH1(ID, F32FN, F64FN)                                  \
    VM_CASE(ID##_F32) R(A).f32 = F32FN(R(B).f32); VM_NEXT(3);    \
    VM_CASE(ID##_F64) R(A).f64 = F64FN(R(B).f64); VM_NEXT(3);
#define MATH2(ID, F32FN, F64FN)                                          \
    VM_CASE(ID##_F32) R(A).f32 = F32FN(R(B).f32, R(C).f32); VM_NEXT(4);  \
    VM_CASE(ID##_F64) R(A).f64 = F64FN(R(B).f64, R(C).f64); VM_NEXT(4);
    MATH1(EXP, expf, exp) MATH1(EXP2, exp2f, exp2) MATH1(EXP10, exp10_f32, exp10_f64)
    MATH1(LOG, logf, log) MATH1(LOG2, log2f, log2) MATH1(LOG10, log10f, log10) MATH1(LOG1P, log1pf, log1p)
    MATH1(SQRT, sqrtf, sqrt) MATH1(RSQRT, rsqrt_f32, rsqrt_f64)
    MATH1(SIN, sinf, sin) MATH1(COS, cosf, cos) MATH1(TAN, tanf, tan)
    MATH1(ASIN, asinf, asin) MATH1(ACOS, acosf, acos) MATH1(ATAN, atanf, atan)
    MATH1(SINH, sinhf, sinh) MATH1(COSH, coshf, cosh) MATH1(TANH, tanhf, tanh)
    MATH1(ASINH, asinhf, asinh) MATH1(ACOSH, acoshf, acosh) MATH1(ATANH, atanhf, atanh)
    MATH1(SIGMOID, sigmoid_f32, sigmoid_f64) MATH1(ERF, erff, erf)
    MATH1(FLOOR, floorf, floor) MATH1(CEIL, ceilf, ceil) MATH1(TRUNC, truncf, trunc)
    MATH1(ROUND, roundf, round) MATH1(NEARBYINT, nearbyintf, nearbyint) MATH1(FABS, fabsf, fabs)
    MATH2(POW, powf, pow) MATH2(FMOD, fmodf, fmod) MATH2(ATAN2, atan2f, atan2) MATH2(HYPOT, hypotf, hypot)
    MATH2(COPYSIGN, copysignf, copysign) MATH2(NEXTAFTER, nextafterf, nextafter)
    VM_CASE(ISNAN_F32) R(A).i = isnan(R(B).f32) != 0; VM_NEXT(3);
    VM_CASE(ISNAN_F64) R(A).i = isnan(R(B).f64) != 0; VM_NEXT(3);

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

#ifndef VM_THREADED
    case TIRBC_OP_COUNT: break;
    }
    /* The verifier admits only known opcodes. */
    FAIL("invalid opcode %u", code[pc]);
#endif
}
