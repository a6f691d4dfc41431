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
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "halffloat.h"
#include "lane_ops.h"
#include "fused_ops.h"
#include "mac_kernels.h"
#include "bounds.h"
#include "dispatch.h"
#include "loop_ops.h"
#include "math_fns.h"
#include "vm_kinds.h"
#include "opcodes.h"
#include "vm_internal.h"


/* ---- value kinds ------------------------------------------------------------
 * Each kind's traits (normalization, signed view, lane types, limits, casts)
 * and the kind lists are generated into vm_kinds.h from TIR_VTYPES. */

/* Saturating float→integer conversions (C leaves out-of-range conversions
 * undefined; tirvm clamps to the type's range and maps NaN to 0). */

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
#define VREG(T, r) ((AT_##T *)&R(r))
/* A 16-bit float register as float32, and a float result rounded into one. */
#define HF(T, r) TOF_##T((uint16_t)R(r).u)
#define HSET(T, r, v) (R(r).u = FROMD_##T((double)(v)))

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
    VM_CASE(NOP) VM_NEXT(NOP);
    VM_CASE(RET) return true;
    VM_CASE(RETV) ctx->ret = R(A); return true;
    VM_CASE(CALL)
        SPEND_STEP();
        if (!vm_call(ctx, A, &R(B), NULL, NULL, PC, NULL))
            return false;
        VM_NEXT(CALL);
    VM_CASE(CALLV)
    {
        vm_slot result;
        SPEND_STEP();
        if (!vm_call(ctx, B, &R(C), NULL, NULL, PC, &result))
            return false;
        R(A) = result;
        VM_NEXT(CALLV);
    }
    VM_CASE(CALLB)
        SPEND_STEP();
        if (!vm_call(ctx, A, &R(B), bufs, &consts[D], PC, NULL))
            return false;
        VM_NEXT(CALLB);
    VM_CASE(CALLBV)
    {
        vm_slot result;
        SPEND_STEP();
        if (!vm_call(ctx, B, &R(C), bufs, &consts[E], PC, &result))
            return false;
        R(A) = result;
        VM_NEXT(CALLBV);
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
    VM_CASE(BRZ) if (!R(A).i) BRANCH_TO(B); VM_NEXT(BRZ);
    VM_CASE(BRNZ) if (R(A).i) BRANCH_TO(B); VM_NEXT(BRNZ);
    VM_CASE(ASSERT)
        if (!R(A).i)
            FAIL("assertion failed: %s", fn->strings[B]);
        VM_NEXT(ASSERT);
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
    VM_KINDS_INT(PAR_BODY)

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
        VM_NEXT(LOOP_##T);                                      \
    }
    VM_KINDS_INT(LOOP_BODY)
#define CMPBR_BODY(T)                                                        \
    VM_CASE(BREQ_##T) if (SV_##T(A) == SV_##T(B)) BRANCH_TO(C); VM_NEXT(BREQ_##T);     \
    VM_CASE(BRNE_##T) if (SV_##T(A) != SV_##T(B)) BRANCH_TO(C); VM_NEXT(BRNE_##T);     \
    VM_CASE(BRLT_##T) if (SV_##T(A) < SV_##T(B)) BRANCH_TO(C); VM_NEXT(BRLT_##T);      \
    VM_CASE(BRLE_##T) if (SV_##T(A) <= SV_##T(B)) BRANCH_TO(C); VM_NEXT(BRLE_##T);     \
    VM_CASE(BRGT_##T) if (SV_##T(A) > SV_##T(B)) BRANCH_TO(C); VM_NEXT(BRGT_##T);      \
    VM_CASE(BRGE_##T) if (SV_##T(A) >= SV_##T(B)) BRANCH_TO(C); VM_NEXT(BRGE_##T);
    VM_KINDS_INT(CMPBR_BODY)

    /* ---- moves ---- */
    VM_CASE(MOV) R(A) = R(B); VM_NEXT(MOV);
    VM_CASE(LDK) R(A).u = consts[B]; VM_NEXT(LDK);

    /* ---- index arithmetic ---- */
    VM_CASE(IXADD) R(A).u = R(B).u + R(C).u; VM_NEXT(IXADD);
    VM_CASE(IXMUL) R(A).u = R(B).u * R(C).u; VM_NEXT(IXMUL);
    VM_CASE(IXMAD) R(A).u = R(B).u * R(C).u + R(D).u; VM_NEXT(IXMAD);
    VM_CASE(CHKIDX)
        if (R(A).u >= R(B).u)
            FAIL("index %lld is out of bounds for dimension %u of buffer '%s' (extent %lld)", (long long)R(A).i, D,
                 buf_name(fn, C), (long long)R(B).i);
        VM_NEXT(CHKIDX);

    /* ---- buffers: one unsigned compare keeps every access inside its buffer ---- */
    /* integers load normalized (bool: any nonzero byte is true) and store their low bytes */
#define LD_ST_INT(T)                                                  \
    VM_CASE(LD_##T)                                                   \
    {                                                                 \
        uint64_t idx = R(C).u;                                        \
        if (idx >= bufs[B].nelem)                                     \
            OOB(B, idx);                                              \
        CT_##T v;                                                     \
        memcpy(&v, bufs[B].data + idx * sizeof v, sizeof v);          \
        R(A).i = TO_##T(v);                                           \
        VM_NEXT(LD_##T);                                              \
    }                                                                 \
    VM_CASE(ST_##T)                                                   \
    {                                                                 \
        uint64_t idx = R(B).u;                                        \
        if (idx >= bufs[A].nelem)                                     \
            OOB(A, idx);                                              \
        CT_##T v = (CT_##T)R(C).u;                                    \
        memcpy(bufs[A].data + idx * sizeof v, &v, sizeof v);          \
        VM_NEXT(ST_##T);                                              \
    }
    VM_KINDS_INT(LD_ST_INT)
    /* floats are kept natively, 16-bit floats as their bits */
#define LD_ST_BITS(T, MEMBER)                                         \
    VM_CASE(LD_##T)                                                   \
    {                                                                 \
        uint64_t idx = R(C).u;                                        \
        if (idx >= bufs[B].nelem)                                     \
            OOB(B, idx);                                              \
        CT_##T v;                                                     \
        memcpy(&v, bufs[B].data + idx * sizeof v, sizeof v);          \
        R(A).MEMBER = v;                                              \
        VM_NEXT(LD_##T);                                              \
    }                                                                 \
    VM_CASE(ST_##T)                                                   \
    {                                                                 \
        uint64_t idx = R(B).u;                                        \
        if (idx >= bufs[A].nelem)                                     \
            OOB(A, idx);                                              \
        CT_##T v = (CT_##T)R(C).MEMBER;                               \
        memcpy(bufs[A].data + idx * sizeof v, &v, sizeof v);          \
        VM_NEXT(ST_##T);                                              \
    }
#define LD_ST_FLOAT(T) LD_ST_BITS(T, M_##T)
#define LD_ST_HALF(T) LD_ST_BITS(T, u)
    VM_KINDS_FLOAT(LD_ST_FLOAT)
    VM_KINDS_HALF(LD_ST_HALF)

    /* ---- fused index loads and stores ---- */
#define LDX_BODY(T, LOADEXPR)                                         \
    VM_CASE(LDX_##T)                                                  \
    {                                                                 \
        uint64_t idx = R(C).u * R(D).u + R(E).u;                      \
        if (idx >= bufs[B].nelem)                                     \
            OOB(B, idx);                                              \
        LOADEXPR;                                                     \
        VM_NEXT(LDX_##T);                                                   \
    }
#define STX_BODY(T, CT, VAL)                                          \
    VM_CASE(STX_##T)                                                  \
    {                                                                 \
        uint64_t idx = R(B).u * R(C).u + R(D).u;                      \
        if (idx >= bufs[A].nelem)                                     \
            OOB(A, idx);                                              \
        CT v = VAL;                                                   \
        memcpy(bufs[A].data + idx * sizeof v, &v, sizeof v);          \
        VM_NEXT(STX_##T);                                                   \
    }
#define LDX_INT(T)                                                                                  \
    LDX_BODY(T, CT_##T v; memcpy(&v, bufs[B].data + idx * sizeof v, sizeof v); R(A).i = TO_##T(v)) \
    STX_BODY(T, CT_##T, (CT_##T)R(E).u)
#define LDX_BITS(T, MEMBER)                                                                        \
    LDX_BODY(T, CT_##T v; memcpy(&v, bufs[B].data + idx * sizeof v, sizeof v); R(A).MEMBER = v)  \
    STX_BODY(T, CT_##T, (CT_##T)R(E).MEMBER)
#define LDX_FLOAT(T) LDX_BITS(T, M_##T)
#define LDX_HALF(T) LDX_BITS(T, u)
    VM_KINDS_INT(LDX_INT)
    VM_KINDS_FLOAT(LDX_FLOAT)
    VM_KINDS_HALF(LDX_HALF)

    VM_CASE(ALLOC)
    {
        uint64_t n = R(B).u;
        size_t es = tir_dtype_elem_size(fn->buffers[A].dtype);
        if (R(B).i < 0)
            FAIL("negative size %lld for buffer '%s'", (long long)R(B).i, buf_name(fn, A));
        if (n > VM_MAX_ALLOC_BYTES / es)
            FAIL("allocation of %lld elements for buffer '%s' is too large", (long long)R(B).i, buf_name(fn, A));
        vm_buf_release(ctx, &bufs[A], es);
        uint64_t bytes = n * es;
        /* zero-filling is work too: a step per 4 KiB, so a loop of large
         * allocations cannot run far past the step budget */
        SPEND_STEPS(bytes / 4096);
        bufs[A].data = vm_mem_alloc(ctx, bytes, PC, "buffer '%s'", buf_name(fn, A));
        if (bytes && !bufs[A].data)
            return false;
        bufs[A].nelem = n;
        bufs[A].owned = true;
        VM_NEXT(ALLOC);
    }
    VM_CASE(FREE)
        vm_buf_release(ctx, &bufs[A], tir_dtype_elem_size(fn->buffers[A].dtype));
        VM_NEXT(FREE);

    /* ---- integer arithmetic: computed unsigned, normalized to T ---- */
#define INT_ARITH(T)                                                          \
    VM_CASE(ADD_##T) R(A).i = NORM_##T(R(B).u + R(C).u); VM_NEXT(ADD_##T);          \
    VM_CASE(SUB_##T) R(A).i = NORM_##T(R(B).u - R(C).u); VM_NEXT(SUB_##T);          \
    VM_CASE(MUL_##T) R(A).i = NORM_##T(R(B).u * R(C).u); VM_NEXT(MUL_##T);          \
    VM_CASE(MIN_##T) R(A) = SV_##T(B) < SV_##T(C) ? R(B) : R(C); VM_NEXT(MIN_##T);  \
    VM_CASE(MAX_##T) R(A) = SV_##T(B) > SV_##T(C) ? R(B) : R(C); VM_NEXT(MAX_##T);  \
    VM_CASE(EQ_##T) R(A).i = SV_##T(B) == SV_##T(C); VM_NEXT(EQ_##T);              \
    VM_CASE(NE_##T) R(A).i = SV_##T(B) != SV_##T(C); VM_NEXT(NE_##T);              \
    VM_CASE(LT_##T) R(A).i = SV_##T(B) < SV_##T(C); VM_NEXT(LT_##T);               \
    VM_CASE(LE_##T) R(A).i = SV_##T(B) <= SV_##T(C); VM_NEXT(LE_##T);              \
    VM_CASE(GT_##T) R(A).i = SV_##T(B) > SV_##T(C); VM_NEXT(GT_##T);               \
    VM_CASE(GE_##T) R(A).i = SV_##T(B) >= SV_##T(C); VM_NEXT(GE_##T);              \
    VM_CASE(SEL_##T) R(A) = R(B).i ? R(C) : R(D); VM_NEXT(SEL_##T);                 \
    VM_CASE(DIV_##T)                                                          \
        if (!R(C).u)                                                          \
            FAIL("integer division by zero");                                 \
        R(A).i = NORM_##T(SIGNED_##T ? (uint64_t)sdiv(R(B).i, R(C).i) : R(B).u / R(C).u); \
        VM_NEXT(DIV_##T);                                                           \
    VM_CASE(MOD_##T)                                                          \
        if (!R(C).u)                                                          \
            FAIL("integer modulo by zero");                                   \
        R(A).i = NORM_##T(SIGNED_##T ? (uint64_t)smod(R(B).i, R(C).i) : R(B).u % R(C).u); \
        VM_NEXT(MOD_##T);                                                           \
    VM_CASE(FLOORDIV_##T)                                                     \
        if (!R(C).u)                                                          \
            FAIL("integer division by zero");                                 \
        R(A).i = NORM_##T(SIGNED_##T ? (uint64_t)sfloordiv(R(B).i, R(C).i) : R(B).u / R(C).u); \
        VM_NEXT(FLOORDIV_##T);                                                           \
    VM_CASE(FLOORMOD_##T)                                                     \
        if (!R(C).u)                                                          \
            FAIL("integer modulo by zero");                                   \
        R(A).i = NORM_##T(SIGNED_##T ? (uint64_t)sfloormod(R(B).i, R(C).i) : R(B).u % R(C).u); \
        VM_NEXT(FLOORMOD_##T);                                                           \
    VM_CASE(EXT_##T) R(A).i = TO_##T(R(B).u); VM_NEXT(EXT_##T);
    /* bool arithmetic wraps modulo 2 like the other widths; a cast to bool
     * tests for nonzero (spec-readings 6), which TO_BOOL does */
    VM_KINDS_INT(INT_ARITH)

    /* ---- float arithmetic: IEEE 754, no fast-math ---- */
#define FLOAT_ARITH(T, MEMBER)                                                      \
    VM_CASE(ADD_##T) R(A).MEMBER = R(B).MEMBER + R(C).MEMBER; VM_NEXT(ADD_##T);                     \
    VM_CASE(SUB_##T) R(A).MEMBER = R(B).MEMBER - R(C).MEMBER; VM_NEXT(SUB_##T);                     \
    VM_CASE(MUL_##T) R(A).MEMBER = R(B).MEMBER * R(C).MEMBER; VM_NEXT(MUL_##T);                     \
    VM_CASE(DIV_##T) R(A).MEMBER = R(B).MEMBER / R(C).MEMBER; VM_NEXT(DIV_##T);                     \
    VM_CASE(FLOORDIV_##T) R(A).MEMBER = floor(R(B).MEMBER / R(C).MEMBER); VM_NEXT(FLOORDIV_##T);        \
    VM_CASE(FLOORMOD_##T) R(A).MEMBER = R(B).MEMBER - floor(R(B).MEMBER / R(C).MEMBER) * R(C).MEMBER; VM_NEXT(FLOORMOD_##T); \
    VM_CASE(MIN_##T) R(A).MEMBER = R(B).MEMBER < R(C).MEMBER ? R(B).MEMBER : R(C).MEMBER; VM_NEXT(MIN_##T);  \
    VM_CASE(MAX_##T) R(A).MEMBER = R(B).MEMBER > R(C).MEMBER ? R(B).MEMBER : R(C).MEMBER; VM_NEXT(MAX_##T);  \
    VM_CASE(EQ_##T) R(A).i = R(B).MEMBER == R(C).MEMBER; VM_NEXT(EQ_##T);                     \
    VM_CASE(NE_##T) R(A).i = R(B).MEMBER != R(C).MEMBER; VM_NEXT(NE_##T);                     \
    VM_CASE(LT_##T) R(A).i = R(B).MEMBER < R(C).MEMBER; VM_NEXT(LT_##T);                      \
    VM_CASE(LE_##T) R(A).i = R(B).MEMBER <= R(C).MEMBER; VM_NEXT(LE_##T);                     \
    VM_CASE(GT_##T) R(A).i = R(B).MEMBER > R(C).MEMBER; VM_NEXT(GT_##T);                      \
    VM_CASE(GE_##T) R(A).i = R(B).MEMBER >= R(C).MEMBER; VM_NEXT(GE_##T);                     \
    VM_CASE(SEL_##T) R(A) = R(B).i ? R(C) : R(D); VM_NEXT(SEL_##T);                  \
    VM_CASE(SITOF_##T) R(A).MEMBER = R(B).i; VM_NEXT(SITOF_##T);                            \
    VM_CASE(UTOF_##T) R(A).MEMBER = R(B).u; VM_NEXT(UTOF_##T);
#define FLOAT_ARITH_KIND(T) FLOAT_ARITH(T, M_##T)
    VM_KINDS_FLOAT(FLOAT_ARITH_KIND)

    /* ---- float16 and bfloat16: computed in float32, rounded once (halffloat.h) ---- */
#define HALF_ARITH(T)                                                                           \
    VM_CASE(ADD_##T) HSET(T, A, HF(T, B) + HF(T, C)); VM_NEXT(ADD_##T);                               \
    VM_CASE(SUB_##T) HSET(T, A, HF(T, B) - HF(T, C)); VM_NEXT(SUB_##T);                               \
    VM_CASE(MUL_##T) HSET(T, A, HF(T, B) * HF(T, C)); VM_NEXT(MUL_##T);                               \
    VM_CASE(DIV_##T) HSET(T, A, HF(T, B) / HF(T, C)); VM_NEXT(DIV_##T);                               \
    VM_CASE(FLOORDIV_##T) HSET(T, A, floorf(HF(T, B) / HF(T, C))); VM_NEXT(FLOORDIV_##T);                  \
    VM_CASE(FLOORMOD_##T)                                                                       \
    {                                                                                           \
        float x = HF(T, B), y = HF(T, C);                                                       \
        HSET(T, A, x - floorf(x / y) * y);                                                      \
        VM_NEXT(FLOORMOD_##T);                                                                             \
    }                                                                                           \
    VM_CASE(MIN_##T) R(A) = HF(T, B) < HF(T, C) ? R(B) : R(C); VM_NEXT(MIN_##T);                      \
    VM_CASE(MAX_##T) R(A) = HF(T, B) > HF(T, C) ? R(B) : R(C); VM_NEXT(MAX_##T);                      \
    VM_CASE(EQ_##T) R(A).i = HF(T, B) == HF(T, C); VM_NEXT(EQ_##T);                                  \
    VM_CASE(NE_##T) R(A).i = HF(T, B) != HF(T, C); VM_NEXT(NE_##T);                                  \
    VM_CASE(LT_##T) R(A).i = HF(T, B) < HF(T, C); VM_NEXT(LT_##T);                                   \
    VM_CASE(LE_##T) R(A).i = HF(T, B) <= HF(T, C); VM_NEXT(LE_##T);                                  \
    VM_CASE(GT_##T) R(A).i = HF(T, B) > HF(T, C); VM_NEXT(GT_##T);                                   \
    VM_CASE(GE_##T) R(A).i = HF(T, B) >= HF(T, C); VM_NEXT(GE_##T);                                  \
    VM_CASE(SEL_##T) R(A) = R(B).i ? R(C) : R(D); VM_NEXT(SEL_##T);                                   \
    VM_CASE(SITOF_##T) R(A).u = FROMD_##T((double)R(B).i); VM_NEXT(SITOF_##T);                          \
    VM_CASE(UTOF_##T) R(A).u = FROMD_##T((double)R(B).u); VM_NEXT(UTOF_##T);                           \
    VM_CASE(ISNAN_##T) R(A).i = isnan(HF(T, B)) != 0; VM_NEXT(ISNAN_##T);
    VM_KINDS_HALF(HALF_ARITH)
    VM_CASE(F32TO_F16) R(A).u = tir_f16_from_f64(R(B).f32); VM_NEXT(F32TO_F16);
    VM_CASE(F32TO_BF16) R(A).u = tir_bf16_from_f64(R(B).f32); VM_NEXT(F32TO_BF16);
    VM_CASE(F64TO_F16) R(A).u = tir_f16_from_f64(R(B).f64); VM_NEXT(F64TO_F16);
    VM_CASE(F64TO_BF16) R(A).u = tir_bf16_from_f64(R(B).f64); VM_NEXT(F64TO_BF16);
    /* From a 16-bit float: widen to float32 (exact), then convert like f32to. */
#define HTO(S)                                                                                  \
    VM_CASE(S##TO_BOOL) R(A).i = HF(S, B) != 0; VM_NEXT(S##TO_BOOL);                                     \
    VM_CASE(S##TO_I8) R(A).i = f2i_sat(HF(S, B), LO_I8, HI_I8); VM_NEXT(S##TO_I8);                     \
    VM_CASE(S##TO_I16) R(A).i = f2i_sat(HF(S, B), LO_I16, HI_I16); VM_NEXT(S##TO_I16);                  \
    VM_CASE(S##TO_I32) R(A).i = f2i_sat(HF(S, B), LO_I32, HI_I32); VM_NEXT(S##TO_I32);                  \
    VM_CASE(S##TO_I64) R(A).i = f2i64_sat(HF(S, B)); VM_NEXT(S##TO_I64);                                \
    VM_CASE(S##TO_U8) R(A).i = f2i_sat(HF(S, B), LO_U8, HI_U8); VM_NEXT(S##TO_U8);                     \
    VM_CASE(S##TO_U16) R(A).i = f2i_sat(HF(S, B), LO_U16, HI_U16); VM_NEXT(S##TO_U16);                  \
    VM_CASE(S##TO_U32) R(A).i = f2i_sat(HF(S, B), LO_U32, HI_U32); VM_NEXT(S##TO_U32);                  \
    VM_CASE(S##TO_U64) R(A).u = f2u64_sat(HF(S, B)); VM_NEXT(S##TO_U64);                                \
    VM_CASE(S##TO_F16) R(A).u = tir_f16_from_f64(HF(S, B)); VM_NEXT(S##TO_F16);                         \
    VM_CASE(S##TO_BF16) R(A).u = tir_bf16_from_f64(HF(S, B)); VM_NEXT(S##TO_BF16);                       \
    VM_CASE(S##TO_F32) R(A).f32 = HF(S, B); VM_NEXT(S##TO_F32);                                         \
    VM_CASE(S##TO_F64) R(A).f64 = HF(S, B); VM_NEXT(S##TO_F64);
    VM_KINDS_HALF(HTO)

    VM_CASE(NOT) R(A).i = !R(B).i; VM_NEXT(NOT);
    VM_CASE(BAND) R(A).i = R(B).i & R(C).i; VM_NEXT(BAND);
    VM_CASE(BOR) R(A).i = R(B).i | R(C).i; VM_NEXT(BOR);

    /* ---- float to other types ---- */
#define FTO_SMALL(S, MEMBER, T) VM_CASE(S##TO_##T) R(A).i = f2i_sat(R(B).MEMBER, LO_##T, HI_##T); VM_NEXT(S##TO_##T);
#define FTO_ALL(S, MEMBER)                                                   \
    VM_CASE(S##TO_BOOL) R(A).i = R(B).MEMBER != 0; VM_NEXT(S##TO_BOOL);               \
    FTO_SMALL(S, MEMBER, I8) FTO_SMALL(S, MEMBER, I16) FTO_SMALL(S, MEMBER, I32)       \
    FTO_SMALL(S, MEMBER, U8) FTO_SMALL(S, MEMBER, U16) FTO_SMALL(S, MEMBER, U32)       \
    VM_CASE(S##TO_I64) R(A).i = f2i64_sat(R(B).MEMBER); VM_NEXT(S##TO_I64);          \
    VM_CASE(S##TO_U64) R(A).u = f2u64_sat(R(B).MEMBER); VM_NEXT(S##TO_U64);
#define FTO_KIND(T) FTO_ALL(T, M_##T)
    VM_KINDS_FLOAT(FTO_KIND)
    VM_CASE(F32TO_F32) R(A).f32 = R(B).f32; VM_NEXT(F32TO_F32);
    VM_CASE(F32TO_F64) R(A).f64 = R(B).f32; VM_NEXT(F32TO_F64);
    VM_CASE(F64TO_F32) R(A).f32 = (float)R(B).f64; VM_NEXT(F64TO_F32);
    VM_CASE(F64TO_F64) R(A).f64 = R(B).f64; VM_NEXT(F64TO_F64);

    /* ---- math builtins ---- */
#define MATH1(ID, F32FN, F64FN)                                                   \
    VM_CASE(ID##_F16) HSET(F16, A, F32FN(HF(F16, B))); VM_NEXT(ID##_F16);                \
    VM_CASE(ID##_BF16) HSET(BF16, A, F32FN(HF(BF16, B))); VM_NEXT(ID##_BF16);             \
    VM_CASE(ID##_F32) R(A).f32 = F32FN(R(B).f32); VM_NEXT(ID##_F32);                     \
    VM_CASE(ID##_F64) R(A).f64 = F64FN(R(B).f64); VM_NEXT(ID##_F64);
#define MATH2(ID, F32FN, F64FN)                                                   \
    VM_CASE(ID##_F16) HSET(F16, A, F32FN(HF(F16, B), HF(F16, C))); VM_NEXT(ID##_F16);    \
    VM_CASE(ID##_BF16) HSET(BF16, A, F32FN(HF(BF16, B), HF(BF16, C))); VM_NEXT(ID##_BF16); \
    VM_CASE(ID##_F32) R(A).f32 = F32FN(R(B).f32, R(C).f32); VM_NEXT(ID##_F32);           \
    VM_CASE(ID##_F64) R(A).f64 = F64FN(R(B).f64, R(C).f64); VM_NEXT(ID##_F64);
#define MATH(ID, MN, ARITY, F32FN, F64FN, SYN) MATH##ARITY(ID, F32FN, F64FN)
#include "math.def"
#undef MATH
    /* the float predicates, on each float kind's value as float32 or native */
#define FLOAT_VALUE(T, r) R(r).M_##T
#define HALF_VALUE(T, r) HF(T, r)
#define FLOAT_PREDICATES(T, VALUE)                                                      \
    VM_CASE(ISINF_##T) R(A).i = isinf(VALUE(T, B)) != 0; VM_NEXT(ISINF_##T);           \
    VM_CASE(ISFINITE_##T) R(A).i = isfinite(VALUE(T, B)) != 0; VM_NEXT(ISFINITE_##T);
#define FLOAT_PREDICATES_FLOAT(T)                                                       \
    VM_CASE(ISNAN_##T) R(A).i = isnan(R(B).M_##T) != 0; VM_NEXT(ISNAN_##T);            \
    FLOAT_PREDICATES(T, FLOAT_VALUE)
#define FLOAT_PREDICATES_HALF(T) FLOAT_PREDICATES(T, HALF_VALUE)
    VM_KINDS_FLOAT(FLOAT_PREDICATES_FLOAT)
    VM_KINDS_HALF(FLOAT_PREDICATES_HALF)
    /* ldexp with the exponent clamped: beyond +-100000 every result is already 0 or inf */
    VM_CASE(LDEXP_F32) R(A).f32 = ldexpf(R(B).f32, clamp_exp(R(C).i)); VM_NEXT(LDEXP_F32);
    VM_CASE(LDEXP_F64) R(A).f64 = ldexp(R(B).f64, clamp_exp(R(C).i)); VM_NEXT(LDEXP_F64);
    VM_CASE(LDEXP_F16) HSET(F16, A, ldexpf(HF(F16, B), clamp_exp(R(C).i))); VM_NEXT(LDEXP_F16);
    VM_CASE(LDEXP_BF16) HSET(BF16, A, ldexpf(HF(BF16, B), clamp_exp(R(C).i))); VM_NEXT(LDEXP_BF16);

    /* ---- integer bit operations ---- */
#define BITOPS(T)                                                                     \
    VM_CASE(BITAND_##T) R(A).i = NORM_##T(R(B).u & R(C).u); VM_NEXT(BITAND_##T);               \
    VM_CASE(BITOR_##T) R(A).i = NORM_##T(R(B).u | R(C).u); VM_NEXT(BITOR_##T);                \
    VM_CASE(BITXOR_##T) R(A).i = NORM_##T(R(B).u ^ R(C).u); VM_NEXT(BITXOR_##T);               \
    VM_CASE(BITNOT_##T) R(A).i = NORM_##T(~R(B).u); VM_NEXT(BITNOT_##T);                       \
    VM_CASE(SHL_##T)                                                                  \
        R(A).i = R(C).u < BITS_OF_##T ? NORM_##T(R(B).u << R(C).u) : 0;               \
        VM_NEXT(SHL_##T);                                                                   \
    VM_CASE(SHR_##T)                                                                  \
        if (SIGNED_##T)                                                               \
            R(A).i = R(C).u < BITS_OF_##T ? ashr(R(B).i, (unsigned)R(C).u) : (R(B).i < 0 ? -1 : 0); \
        else                                                                          \
            R(A).i = R(C).u < BITS_OF_##T ? (int64_t)(R(B).u >> R(C).u) : 0;          \
        VM_NEXT(SHR_##T);
    VM_KINDS_INT(BITOPS)
    /* bit counts over the type's width (the normalized value's low bits) */
#define BITCOUNT(T)                                                                              \
    VM_CASE(POPCOUNT_##T) R(A).i = __builtin_popcountll(width_bits(R(B).u, BITS_OF_##T)); VM_NEXT(POPCOUNT_##T); \
    VM_CASE(CLZ_##T)                                                                             \
    {                                                                                            \
        uint64_t x = width_bits(R(B).u, BITS_OF_##T);                                            \
        R(A).i = x ? __builtin_clzll(x) - (64 - BITS_OF_##T) : BITS_OF_##T;                      \
        VM_NEXT(CLZ_##T);                                                                              \
    }
    VM_KINDS_INT(BITCOUNT)
    /* reinterpretation: the low bytes of a slot hold any scalar's bits (little-endian) */
#define BITCAST_INT(T)                                                                           \
    VM_CASE(BITCAST_##T)                                                                         \
    {                                                                                            \
        uint64_t bits = width_bits(R(B).u, BITS_OF_##T);                                         \
        R(A).i = NORM_##T(bits);                                                                 \
        VM_NEXT(BITCAST_##T);                                                                              \
    }
    VM_KINDS_INT(BITCAST_INT)
    VM_CASE(BITCAST_F16) R(A).u = R(B).u & 0xffff; VM_NEXT(BITCAST_F16);
    VM_CASE(BITCAST_BF16) R(A).u = R(B).u & 0xffff; VM_NEXT(BITCAST_BF16);
    VM_CASE(BITCAST_F32)
    {
        uint32_t bits = (uint32_t)R(B).u;
        memcpy(&R(A).f32, &bits, 4);
        VM_NEXT(BITCAST_F32);
    }
    VM_CASE(BITCAST_F64) R(A).u = R(B).u; VM_NEXT(BITCAST_F64);

    /* ---- loop-level instructions (loop_ops.c): a whole loop in one dispatch ---- */
#define LOOP_OP(ID)                                 \
    VM_CASE(ID)                                     \
        if (!vm_loop_##ID(ctx, regs, bufs, ip))     \
            return false;                           \
        VM_NEXT(ID);
#define LOOP_OPS_FP(T) LOOP_OP(MAC_##T)
#define LOOP_OPS_FLOAT(T) LOOP_OP(MAC2_##T) LOOP_OP(MAC2S_##T) LOOP_OP(RSUM2_##T) LOOP_OP(RMAX2_##T) LOOP_OP(RMIN2_##T) \
    LOOP_OP(RSUM_##T) LOOP_OP(RMAX_##T) LOOP_OP(RMIN_##T)
#define LOOP_OPS_INT(T) LOOP_OP(MACI_##T)
    VM_KINDS_HALF(LOOP_OPS_FP)
    VM_KINDS_FLOAT(LOOP_OPS_FP)
    VM_KINDS_FLOAT(LOOP_OPS_FLOAT)
    VM_KINDS_INT(LOOP_OPS_INT)

    /* ---- vectors ----
     * Lanes are copied into local arrays, computed, and copied back, so the
     * destination may be a source and the loops are plain array loops the C
     * compiler vectorizes. */
#define VEC_BIN(ID, T, EXPR)                                      \
    VM_CASE(ID##_##T)                                                   \
    {                                                                   \
        uint32_t nl = LANES(ID##_##T);                                     \
        const AT_##T *a = VREG(T, B), *b = VREG(T, C);                  \
        AT_##T *r = VREG(T, A);                                         \
        LANE_LOOP(nl, CT_##T x = a[i]; CT_##T y = b[i]; r[i] = (EXPR))  \
        VM_NEXT(ID##_##T);                                                  \
    }
#define VEC_CMP(ID, T, OPR)                                             \
    VM_CASE(ID##_##T)                                                   \
    {                                                                   \
        uint32_t nl = LANES(ID##_##T);                                     \
        const AT_##T *a = VREG(T, B), *b = VREG(T, C);                  \
        AT_BOOL *r = VREG(BOOL, A);                                     \
        for (uint32_t i = 0; i < nl; i++)                               \
            r[i] = a[i] OPR b[i];                                       \
        VM_NEXT(ID##_##T);                                                     \
    }
    /* Integer lanes divide after a check of every divisor. */
#define VEC_IDIV(ID, T, SIGNED_EXPR, UNSIGNED_EXPR, WHAT)               \
    VM_CASE(ID##_##T)                                                   \
    {                                                                   \
        uint32_t nl = LANES(ID##_##T);                                     \
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
        VM_NEXT(ID##_##T);                                                     \
    }
#define VEC_COMMON(T)                                                                        \
    VM_CASE(VMOV_##T) memcpy(&R(A), &R(B), LANES(VMOV_##T) * sizeof(CT_##T)); VM_NEXT(VMOV_##T);       \
    VM_CASE(VBCAST_##T)                                                                      \
    {                                                                                        \
        uint32_t nl = LANES(VBCAST_##T);                                                          \
        CT_##T v = SCALAR_##T(B);                                                            \
        AT_##T *r = VREG(T, A);                                                              \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            r[i] = v;                                                                        \
        VM_NEXT(VBCAST_##T);                                                                          \
    }                                                                                        \
    VM_CASE(VSEL_##T)                                                                        \
    {                                                                                        \
        uint32_t nl = LANES(VSEL_##T);                                                          \
        const AT_BOOL *c = VREG(BOOL, B);                                                    \
        const AT_##T *a = VREG(T, C), *b = VREG(T, D);                                       \
        AT_##T *r = VREG(T, A);                                                              \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            r[i] = c[i] ? a[i] : b[i];                                                       \
        VM_NEXT(VSEL_##T);                                                                          \
    }                                                                                        \
    VM_CASE(VLD_##T)                                                                         \
    {                                                                                        \
        uint32_t nl = LANES(VLD_##T);                                                          \
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
        VM_NEXT(VLD_##T);                                                                          \
    }                                                                                        \
    VM_CASE(VST_##T)                                                                         \
    {                                                                                        \
        uint32_t nl = LANES(VST_##T);                                                          \
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
        VM_NEXT(VST_##T);                                                                          \
    }                                                                                        \
    VM_CASE(VLDG_##T)                                                                        \
    {                                                                                        \
        uint32_t nl = LANES(VLDG_##T);                                                          \
        const AT_I64 *ix = VREG(I64, C);                                                     \
        AT_##T *r = VREG(T, A);                                                              \
        uint32_t bad = first_lane_out_of_bounds(ix, nl, bufs[B].nelem);                      \
        if (bad < nl)                                                                        \
            FAIL("out-of-bounds access to buffer '%s': element %lld of %llu (lane %u)", buf_name(fn, B), \
                 (long long)ix[bad], (unsigned long long)bufs[B].nelem, bad);               \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            memcpy(&r[i], bufs[B].data + (uint64_t)ix[i] * sizeof r[0], sizeof r[0]);        \
        LOAD_FIXUP_##T(r, nl);                                                               \
        VM_NEXT(VLDG_##T);                                                                          \
    }                                                                                        \
    VM_CASE(VSTG_##T)                                                                        \
    {                                                                                        \
        uint32_t nl = LANES(VSTG_##T);                                                          \
        const AT_I64 *ix = VREG(I64, B);                                                     \
        const AT_##T *v = VREG(T, C);                                                        \
        uint32_t bad = first_lane_out_of_bounds(ix, nl, bufs[A].nelem);                      \
        if (bad < nl)                                                                        \
            FAIL("out-of-bounds access to buffer '%s': element %lld of %llu (lane %u)", buf_name(fn, A), \
                 (long long)ix[bad], (unsigned long long)bufs[A].nelem, bad);               \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            memcpy(bufs[A].data + (uint64_t)ix[i] * sizeof v[0], &v[i], sizeof v[0]);        \
        VM_NEXT(VSTG_##T);                                                                          \
    }
#define VEC_LANE(T)                                                                          \
    VM_CASE(VGET_##T)                                                                        \
    {                                                                                        \
        CT_##T v = VREG(T, B)[D];                                                            \
        LANE_TO_SCALAR_##T(A, v);                                                            \
        VM_NEXT(VGET_##T);                                                                          \
    }                                                                                        \
    VM_CASE(VSET_##T)                                                                        \
        VREG(T, A)[D] = SCALAR_##T(B);                                                       \
        VM_NEXT(VSET_##T);
#define VEC_NUM(T)                                                                           \
    VEC_CMP(VEQ, T, ==) VEC_CMP(VNE, T, !=) VEC_CMP(VLT, T, <)                               \
    VEC_CMP(VLE, T, <=) VEC_CMP(VGT, T, >) VEC_CMP(VGE, T, >=)                               \
    VEC_BIN(VMIN, T, LANE_MIN(T, x, y)) VEC_BIN(VMAX, T, LANE_MAX(T, x, y))                    \
    VM_CASE(VCAST_##T)                                                                       \
    {                                                                                        \
        uint32_t nl = LANES(VCAST_##T);                                                          \
        AT_##T *r = VREG(T, A);                                                              \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            r[i] = CAST_TO_##T(lane_value((const uint8_t *)&R(B), D, i));          \
        VM_NEXT(VCAST_##T);                                                                          \
    }
#define VEC_INT(T)                                                                                  \
    VEC_COMMON(T) VEC_NUM(T)                                                                        \
    VEC_BIN(VADD, T, LANE_IADD(T, x, y))                                          \
    VEC_BIN(VSUB, T, LANE_ISUB(T, x, y))                                          \
    VEC_BIN(VMUL, T, LANE_IMUL(T, x, y))                                          \
    VEC_IDIV(VDIV, T, sdiv(x, y), ux / uy, "division")                                              \
    VEC_IDIV(VMOD, T, smod(x, y), ux % uy, "modulo")                                                \
    VEC_IDIV(VFLOORDIV, T, sfloordiv(x, y), ux / uy, "division")                                    \
    VEC_IDIV(VFLOORMOD, T, sfloormod(x, y), ux % uy, "modulo")                                      \
    VEC_BIN(VBITAND, T, NARROW_##T(IW_##T(x) & IW_##T(y)))                                       \
    VEC_BIN(VBITOR, T, NARROW_##T(IW_##T(x) | IW_##T(y)))                                        \
    VEC_BIN(VBITXOR, T, NARROW_##T(IW_##T(x) ^ IW_##T(y)))                                       \
    VEC_BIN(VSHL, T, shift_amount(y) < BITS_OF_##T ? NARROW_##T(IW_##T(x) << shift_amount(y)) : 0) \
    VEC_BIN(VSHR, T,                                                                             \
            (CT_##T)(shift_amount(y) < BITS_OF_##T                                                  \
                         ? (SIGNED_##T ? ashr((int64_t)x, (unsigned)shift_amount(y))                \
                                       : (int64_t)((uint64_t)x >> shift_amount(y)))                 \
                         : (SIGNED_##T && is_negative((int64_t)x) ? -1 : 0)))                                \
    VM_CASE(VBITNOT_##T)                                                                            \
    {                                                                                               \
        uint32_t nl = LANES(VBITNOT_##T);                                                                 \
        const AT_##T *a = VREG(T, B);                                                               \
        AT_##T *r = VREG(T, A);                                                                     \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            r[i] = NARROW_##T(~IW_##T(a[i]));                                                       \
        VM_NEXT(VBITNOT_##T);                                                                                 \
    }                                                                                               \
    VM_CASE(VRAMP_##T)                                                                              \
    {                                                                                               \
        uint32_t nl = LANES(VRAMP_##T);                                                                 \
        AT_##T *r = VREG(T, A);                                                                     \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            r[i] = NARROW_##T(R(B).u + (uint64_t)i * R(C).u);                                       \
        VM_NEXT(VRAMP_##T);                                                                                 \
    }
#define VEC_FLOAT(T)                                                                                \
    VEC_COMMON(T) VEC_NUM(T)                                                                        \
    VEC_BIN(VADD, T, LANE_FADD(T, x, y)) VEC_BIN(VSUB, T, LANE_FSUB(T, x, y)) VEC_BIN(VMUL, T, LANE_FMUL(T, x, y))                \
    VEC_BIN(VDIV, T, LANE_FDIV(T, x, y)) VEC_BIN(VFLOORDIV, T, FLOOR_##T(x / y))                           \
    VEC_BIN(VFLOORMOD, T, x - FLOOR_##T(x / y) * y)
    VM_KINDS_INT(VEC_INT)
    VM_KINDS_VALUE(VEC_LANE)
    VM_KINDS_FLOAT(VEC_FLOAT)
    /* Fused vector operations: sources and destination may be buffer ranges (fused_ops.c). */
    /* Where each source and the result live is the table's (vm_kinds.h). */
#define FUSED_ONE(ID, T)                                                                   \
    VM_CASE(ID##_##T)                                                                      \
        if (!vm_fused_op(ctx, regs, bufs, ip, PC, TIR_VT_##T, TIRBC_DST_IN_MEMORY_##ID##_##T, \
                         TIRBC_SRC0_IN_MEMORY_##ID##_##T, TIRBC_SRC1_IN_MEMORY_##ID##_##T))  \
            return false;                                                                  \
        VM_NEXT(ID##_##T);
#define FUSED_BODY(T)                                                                      \
    FUSED_ONE(VOPRM, T) FUSED_ONE(VOPMR, T) FUSED_ONE(VOPMM, T) FUSED_ONE(VOPST, T)       \
    FUSED_ONE(VOPSTRM, T) FUSED_ONE(VOPSTMR, T) FUSED_ONE(VOPSTMM, T)
#define MADD_ONE(ID, T)                                                                    \
    VM_CASE(ID##_##T)                                                                      \
        if (!vm_fused_madd(ctx, regs, bufs, ip, PC, TIR_VT_##T, TIRBC_DST_IN_MEMORY_##ID##_##T, \
                           TIRBC_SRC1_SCALAR_##ID##_##T, TIRBC_APPLIES_OP_##ID##_##T))      \
            return false;                                                                  \
        VM_NEXT(ID##_##T);
#define MADD_BODY(T)                                                                       \
    MADD_ONE(VMADD, T) MADD_ONE(VMADDS, T) MADD_ONE(VMADDST, T) MADD_ONE(VMADDSST, T)      \
    MADD_ONE(VMADDOPST, T) MADD_ONE(VMADDSOPST, T)
#define FUSED_KIND(T, _) FUSED_BODY(T) MADD_BODY(T)
    TIRBC_FUSED_KINDS(FUSED_KIND, _)
    /* 16-bit float lanes: widened to float32, computed, rounded once. */
#define HL(T, v) TOF_##T(v)
#define HR(T, v) FROMD_##T((double)(v))
#define VEC_HCMP(ID, T, OPR)                                            \
    VM_CASE(ID##_##T)                                                   \
    {                                                                   \
        uint32_t nl = LANES(ID##_##T);                                     \
        uint16_t *a = ctx->scratch[0].u16, *b = ctx->scratch[1].u16;                                          \
        uint8_t *r = ctx->scratch[2].u8;                                                  \
        memcpy(a, &R(B), nl * 2);                                       \
        memcpy(b, &R(C), nl * 2);                                       \
        for (uint32_t i = 0; i < nl; i++)                               \
            r[i] = HL(T, a[i]) OPR HL(T, b[i]);                         \
        memcpy(&R(A), r, nl);                                           \
        VM_NEXT(ID##_##T);                                                     \
    }
#define VEC_HALF(T)                                                                                 \
    VEC_COMMON(T)                                                                                   \
    VEC_HCMP(VEQ, T, ==) VEC_HCMP(VNE, T, !=) VEC_HCMP(VLT, T, <)                                   \
    VEC_HCMP(VLE, T, <=) VEC_HCMP(VGT, T, >) VEC_HCMP(VGE, T, >=)                                   \
    VEC_BIN(VMIN, T, HL(T, x) < HL(T, y) ? x : y) VEC_BIN(VMAX, T, HL(T, x) > HL(T, y) ? x : y) \
    VEC_BIN(VADD, T, HR(T, HL(T, x) + HL(T, y))) VEC_BIN(VSUB, T, HR(T, HL(T, x) - HL(T, y)))  \
    VEC_BIN(VMUL, T, HR(T, HL(T, x) * HL(T, y))) VEC_BIN(VDIV, T, HR(T, HL(T, x) / HL(T, y)))  \
    VEC_BIN(VFLOORDIV, T, HR(T, floorf(HL(T, x) / HL(T, y))))                                    \
    VEC_BIN(VFLOORMOD, T, HR(T, HL(T, x) - floorf(HL(T, x) / HL(T, y)) * HL(T, y)))               \
    VM_CASE(VCAST_##T)                                                                              \
    {                                                                                               \
        uint32_t nl = LANES(VCAST_##T);                                                                 \
        uint16_t *r = ctx->scratch[0].u16;                                                                             \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            r[i] = CAST_TO_##T(lane_value((const uint8_t *)&R(B), D, i));                \
        memcpy(&R(A), r, nl * 2);                                                                   \
        VM_NEXT(VCAST_##T);                                                                                 \
    }                                                                                               \
    VM_CASE(VMATH1_##T)                                                                             \
    {                                                                                               \
        uint32_t nl = LANES(VMATH1_##T);                                                                 \
        uint16_t *h = ctx->scratch[0].u16;                                                                             \
        float *fa = ctx->scratch[1].f32;                                                                               \
        memcpy(h, &R(B), nl * 2);                                                                   \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            fa[i] = HL(T, h[i]);                                                                    \
        /* the float32 member of the same math family */                                            \
        vm_math1_f32(D + (TIRBC_OP_EXP_F32 - TIRBC_OP_EXP_##T), fa, nl); \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            h[i] = HR(T, fa[i]);                                                                    \
        memcpy(&R(A), h, nl * 2);                                                                   \
        VM_NEXT(VMATH1_##T);                                                                                 \
    }                                                                                               \
    VM_CASE(VMATH2_##T)                                                                             \
    {                                                                                               \
        uint32_t nl = LANES(VMATH2_##T);                                                                 \
        uint16_t *h = ctx->scratch[0].u16, *g = ctx->scratch[1].u16;                                                                      \
        float *fa = ctx->scratch[2].f32, *fb = ctx->scratch[3].f32;                                                                       \
        memcpy(h, &R(B), nl * 2);                                                                   \
        memcpy(g, &R(C), nl * 2);                                                                   \
        for (uint32_t i = 0; i < nl; i++) {                                                         \
            fa[i] = HL(T, h[i]);                                                                    \
            fb[i] = HL(T, g[i]);                                                                    \
        }                                                                                           \
        vm_math2_f32(E + (TIRBC_OP_EXP_F32 - TIRBC_OP_EXP_##T), fa, fb, nl); \
        for (uint32_t i = 0; i < nl; i++)                                                           \
            h[i] = HR(T, fa[i]);                                                                    \
        memcpy(&R(A), h, nl * 2);                                                                   \
        VM_NEXT(VMATH2_##T);                                                                                 \
    }

    /* float and double lanes: copied to scratch, the function applied in place */
#define VMATH_BODY(ARITY, T, CT, M, APPLY)                                                 \
    VM_CASE(VMATH##ARITY##_##T)                                                            \
    {                                                                                      \
        uint32_t nl = LANES(VMATH##ARITY##_##T);                                                       \
        CT *xa = ctx->scratch[2].M, *xb = ctx->scratch[3].M;                               \
        memcpy(xa, &R(B), nl * sizeof xa[0]);                                              \
        if (ARITY == 2)                                                                    \
            memcpy(xb, &R(C), nl * sizeof xb[0]);                                          \
        APPLY;                                                                             \
        memcpy(&R(A), xa, nl * sizeof xa[0]);                                              \
        VM_NEXT(VMATH##ARITY##_##T);                                                                \
    }
    VMATH_BODY(1, F32, float, f32, vm_math1_f32(D, xa, nl))
    VMATH_BODY(1, F64, double, f64, vm_math1_f64(D, xa, nl))
    VMATH_BODY(2, F32, float, f32, vm_math2_f32(E, xa, xb, nl))
    VMATH_BODY(2, F64, double, f64, vm_math2_f64(E, xa, xb, nl))
    VM_CASE(VNOT)
    {
        uint32_t nl = LANES(VNOT);
        uint8_t *a = ctx->scratch[0].u8;
        memcpy(a, &R(B), nl);
        for (uint32_t i = 0; i < nl; i++)
            a[i] = !a[i];
        memcpy(&R(A), a, nl);
        VM_NEXT(VNOT);
    }
    VM_CASE(VAND)
    VM_CASE(VOR)
    {
        _Static_assert(TIRBC_LANES_AT_VAND == TIRBC_LANES_AT_VOR, "vand and vor share a body");
        uint32_t nl = LANES(VOR);
        uint8_t *a = ctx->scratch[0].u8, *b = ctx->scratch[1].u8;
        memcpy(a, &R(B), nl);
        memcpy(b, &R(C), nl);
        bool is_and = *ip == TIRBC_OP_VAND;
        for (uint32_t i = 0; i < nl; i++)
            a[i] = is_and ? (a[i] & b[i]) : (a[i] | b[i]);
        memcpy(&R(A), a, nl);
        VM_NEXT(VOR);
    }

    VM_KINDS_HALF(VEC_HALF)

    /* ordered lane reductions into a scalar */
#define VREDUCE_BODY(NAME, T, MEMBER, COMBINE)                  \
    VM_CASE(NAME##_##T)                                    \
    {                                                      \
        uint32_t nl = LANES(NAME##_##T);                               \
        const AT_##T *v = VREG(T, B);                      \
        CT_##T acc = R(A).MEMBER;                               \
        for (uint32_t i = 0; i < nl; i++)                  \
            acc = COMBINE(acc, v[i]);                      \
        R(A).MEMBER = acc;                                      \
        VM_NEXT(NAME##_##T);                                        \
    }
    VREDUCE_BODY(VRSUM, F32, f32, RED_ADD) VREDUCE_BODY(VRSUM, F64, f64, RED_ADD)
    VREDUCE_BODY(VRMAX, F32, f32, RED_MAX) VREDUCE_BODY(VRMAX, F64, f64, RED_MAX)
    VREDUCE_BODY(VRMIN, F32, f32, RED_MIN) VREDUCE_BODY(VRMIN, F64, f64, RED_MIN)


#ifndef VM_THREADED
    case TIRBC_OP_COUNT: break;
    }
    /* The verifier admits only known opcodes. */
    FAIL("invalid opcode %u", *ip);
#endif
}

/* A call between PrimFuncs: a fresh frame for the callee, run by the same
 * interpreter on the same thread.  Its scalar parameters take args in
 * order; with bufargs (callb, callbv), its buffer parameters view the
 * caller's buffers bufs[bufargs[0]], bufs[bufargs[1]], ... (vm_bind_buffer_args).
 * The frame (context, registers, buffer table) is one block counted
 * against the call's memory limit; the scratch lanes are the caller's. */
bool vm_call(vm_ctx *ctx, uint32_t fidx, const vm_slot *args, const vm_buf *bufs, const uint64_t *bufargs, uint32_t pc,
             vm_slot *ret)
{
    const tirbc_function *f = &ctx->mod->funcs[fidx];
    if (!vm_nesting_ok(ctx, pc, f->name))
        return false;
    size_t at_regs = (sizeof(vm_ctx) + 15) & ~(size_t)15;
    size_t at_bufs = at_regs + (f->nregs ? f->nregs : 1) * sizeof(vm_slot);
    size_t bytes = at_bufs + (f->nbuffers ? f->nbuffers : 1) * sizeof(vm_buf);
    uint8_t *block = vm_mem_alloc(ctx, bytes, pc, "the frame of function '%s'", f->name);
    if (!block)
        return false;
    vm_ctx *callee = (vm_ctx *)block;
    vm_slot *regs = (vm_slot *)(block + at_regs);
    vm_buf *cbufs = (vm_buf *)(block + at_bufs);
    *callee = *ctx;
    callee->fn = f;
    callee->depth = ctx->depth + 1;
    /* The verifier proved the scalar parameters typed like their
     * arguments, and (without bufargs) every parameter scalar. */
    uint32_t a = 0;
    for (uint32_t k = 0; k < f->nparams; k++)
        if (f->params[k].kind == TIRBC_PARAM_SCALAR)
            regs[f->params[k].index] = args[a++];
    vm_bind_weights(ctx->mod, f, cbufs);
    tirvm_profile_entry *prof = ctx->call->profile ? &ctx->call->profile[fidx] : NULL;
    uint64_t t0 = prof ? vm_now_ns() : 0;
    bool ok = !bufargs || vm_bind_buffer_args(ctx, pc, f, regs, cbufs, bufs, bufargs);
    ok = ok && vm_interpret(callee, regs, cbufs, 0);
    if (prof) {
        __atomic_fetch_add(&prof->calls, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&prof->ns, vm_now_ns() - t0, __ATOMIC_RELAXED);
    }
    if (ok && ret)
        *ret = callee->ret;
    ctx->steps_left = callee->steps_left; /* the callee's steps count against the caller's budget */
    for (uint32_t i = 0; i < f->nbuffers; i++)
        vm_buf_release(ctx, &cbufs[i], fn_elem_size(f, i));
    vm_mem_free(ctx, block, bytes);
    return ok;
}
