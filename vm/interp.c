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
    VM_OP(NOP) VM_END
    VM_OP(RET) return true; VM_END
    VM_OP(RETV) ctx->ret = R(OPND(SRC0)); return true; VM_END
    VM_OP(CALL)
        SPEND_STEP();
        if (!vm_call(ctx, OPND(FUNC), &R(OPND(ARGS)), NULL, NULL, PC, NULL))
            return false;
    VM_END
    VM_OP(CALLV)
        vm_slot result;
        SPEND_STEP();
        if (!vm_call(ctx, OPND(FUNC), &R(OPND(ARGS)), NULL, NULL, PC, &result))
            return false;
        R(OPND(DST)) = result;
    VM_END
    VM_OP(CALLB)
        SPEND_STEP();
        if (!vm_call(ctx, OPND(FUNC), &R(OPND(ARGS)), bufs, &consts[OPND(CONST0)], PC, NULL))
            return false;
    VM_END
    VM_OP(CALLBV)
        vm_slot result;
        SPEND_STEP();
        if (!vm_call(ctx, OPND(FUNC), &R(OPND(ARGS)), bufs, &consts[OPND(CONST0)], PC, &result))
            return false;
        R(OPND(DST)) = result;
    VM_END
    VM_OP(JMP)
        if (OPND(TARGET) <= PC)
            SPEND_STEP();
        VM_JUMP(OPND(TARGET));
    VM_END
/* A taken branch: backward ones spend a step, so no loop a file can write
 * escapes the step budget (codegen's loops go backward only through loop
 * and jmp, but a hostile file may use any branch). */
#define BRANCH_TO(target)      \
    do {                       \
        if ((target) <= PC)    \
            SPEND_STEP();      \
        VM_JUMP(target);       \
    } while (0)
    VM_OP(BRZ) if (!R(OPND(SRC0)).i) BRANCH_TO(OPND(TARGET)); VM_END
    VM_OP(BRNZ) if (R(OPND(SRC0)).i) BRANCH_TO(OPND(TARGET)); VM_END
    VM_OP(ASSERT)
        if (!R(OPND(SRC0)).i)
            FAIL("assertion failed: %s", fn->strings[OPND(STR)]);
    VM_END
    VM_OP(TRAP) FAIL("%s", fn->strings[OPND(STR)]); VM_END
    VM_OP(PAREND) return true; VM_END
#define PAR_BODY(T)                                                                                       \
    VM_OP(PAR_##T)                                                                                        \
        uint64_t count = SV_##T(OPND(SRC0)) < SV_##T(OPND(SRC1)) ? R(OPND(SRC1)).u - R(OPND(SRC0)).u : 0; \
        if (!vm_run_region(ctx, regs, bufs, OPND(DST), TIR_VT_##T, R(OPND(SRC0)).i, count, PC + VM_SIZE)) \
            return false;                                                                                 \
        BRANCH_TO(OPND(TARGET)); /* an empty region jumping backward must still spend */                  \
    VM_END
    VM_KINDS_INT(PAR_BODY)

    /* Loop increment: the loop variable is normalized, so it cannot pass its
     * bound; arithmetic is unsigned anyway so a hostile module cannot overflow. */
#define LOOP_BODY(T)                                   \
    VM_OP(LOOP_##T)                                    \
        R(OPND(DST)).i = NORM_##T(R(OPND(DST)).u + 1); \
        if (SV_##T(OPND(DST)) < SV_##T(OPND(SRC0))) {  \
            SPEND_STEP();                              \
            VM_JUMP(OPND(TARGET));                     \
        }                                              \
    VM_END
    VM_KINDS_INT(LOOP_BODY)
#define CMPBR_BODY(T)                                                                             \
    VM_OP(BREQ_##T) if (SV_##T(OPND(SRC0)) == SV_##T(OPND(SRC1))) BRANCH_TO(OPND(TARGET)); VM_END \
    VM_OP(BRNE_##T) if (SV_##T(OPND(SRC0)) != SV_##T(OPND(SRC1))) BRANCH_TO(OPND(TARGET)); VM_END \
    VM_OP(BRLT_##T) if (SV_##T(OPND(SRC0)) < SV_##T(OPND(SRC1))) BRANCH_TO(OPND(TARGET)); VM_END  \
    VM_OP(BRLE_##T) if (SV_##T(OPND(SRC0)) <= SV_##T(OPND(SRC1))) BRANCH_TO(OPND(TARGET)); VM_END \
    VM_OP(BRGT_##T) if (SV_##T(OPND(SRC0)) > SV_##T(OPND(SRC1))) BRANCH_TO(OPND(TARGET)); VM_END  \
    VM_OP(BRGE_##T) if (SV_##T(OPND(SRC0)) >= SV_##T(OPND(SRC1))) BRANCH_TO(OPND(TARGET)); VM_END
    VM_KINDS_INT(CMPBR_BODY)

    /* ---- moves ---- */
    VM_OP(MOV) R(OPND(DST)) = R(OPND(SRC0)); VM_END
    VM_OP(LDK) R(OPND(DST)).u = consts[OPND(CONST0)]; VM_END

    /* ---- index arithmetic ---- */
    VM_OP(IXADD) R(OPND(DST)).u = R(OPND(SRC0)).u + R(OPND(SRC1)).u; VM_END
    VM_OP(IXMUL) R(OPND(DST)).u = R(OPND(SRC0)).u * R(OPND(SRC1)).u; VM_END
    VM_OP(IXMAD) R(OPND(DST)).u = R(OPND(SRC0)).u * R(OPND(SRC1)).u + R(OPND(SRC2)).u; VM_END
    VM_OP(CHKIDX)
        if (R(OPND(SRC0)).u >= R(OPND(SRC1)).u)
            FAIL("index %lld is out of bounds for dimension %u of buffer '%s' (extent %lld)", (long long)R(OPND(SRC0)).i, OPND(DIM),
                 buf_name(fn, OPND(BUF0)), (long long)R(OPND(SRC1)).i);
    VM_END

    /* ---- buffers: one unsigned compare keeps every access inside its buffer ---- */
#define LD_ST_BODY(T, TO_REGISTER, FROM_REGISTER)                     \
    VM_OP(LD_##T)                                                     \
        uint64_t idx = R(OPND(SRC0)).u;                               \
        if (idx >= bufs[OPND(BUF0)].nelem)                            \
            OOB(OPND(BUF0), idx);                                     \
        CT_##T v;                                                     \
        memcpy(&v, bufs[OPND(BUF0)].data + idx * sizeof v, sizeof v); \
        TO_REGISTER;                                                  \
    VM_END                                                            \
    VM_OP(ST_##T)                                                     \
        uint64_t idx = R(OPND(SRC0)).u;                               \
        if (idx >= bufs[OPND(BUF0)].nelem)                            \
            OOB(OPND(BUF0), idx);                                     \
        CT_##T v = FROM_REGISTER;                                     \
        memcpy(bufs[OPND(BUF0)].data + idx * sizeof v, &v, sizeof v); \
    VM_END
    /* integers load normalized (bool: any nonzero byte is true) and store their low bytes */
#define LD_ST_INT(T) LD_ST_BODY(T, R(OPND(DST)).i = TO_##T(v), (CT_##T)R(OPND(SRC1)).u)
    VM_KINDS_INT(LD_ST_INT)
    /* floats are kept natively, 16-bit floats as their bits */
#define LD_ST_BITS(T, MEMBER) LD_ST_BODY(T, R(OPND(DST)).MEMBER = v, (CT_##T)R(OPND(SRC1)).MEMBER)
#define LD_ST_FLOAT(T) LD_ST_BITS(T, M_##T)
#define LD_ST_HALF(T) LD_ST_BITS(T, u)
    VM_KINDS_FLOAT(LD_ST_FLOAT)
    VM_KINDS_HALF(LD_ST_HALF)

    /* ---- fused index loads and stores ---- */
#define LDX_BODY(T, LOADEXPR)                                               \
    VM_OP(LDX_##T)                                                          \
        uint64_t idx = R(OPND(SRC0)).u * R(OPND(SRC1)).u + R(OPND(SRC2)).u; \
        if (idx >= bufs[OPND(BUF0)].nelem)                                  \
            OOB(OPND(BUF0), idx);                                           \
        LOADEXPR;                                                           \
    VM_END
#define STX_BODY(T, CT, VAL)                                                \
    VM_OP(STX_##T)                                                          \
        uint64_t idx = R(OPND(SRC0)).u * R(OPND(SRC1)).u + R(OPND(SRC2)).u; \
        if (idx >= bufs[OPND(BUF0)].nelem)                                  \
            OOB(OPND(BUF0), idx);                                           \
        CT v = VAL;                                                         \
        memcpy(bufs[OPND(BUF0)].data + idx * sizeof v, &v, sizeof v);       \
    VM_END
#define LDX_INT(T)                                                                                                  \
    LDX_BODY(T, CT_##T v; memcpy(&v, bufs[OPND(BUF0)].data + idx * sizeof v, sizeof v); R(OPND(DST)).i = TO_##T(v)) \
    STX_BODY(T, CT_##T, (CT_##T)R(OPND(SRC3)).u)
#define LDX_BITS(T, MEMBER)                                                                                      \
    LDX_BODY(T, CT_##T v; memcpy(&v, bufs[OPND(BUF0)].data + idx * sizeof v, sizeof v); R(OPND(DST)).MEMBER = v) \
    STX_BODY(T, CT_##T, (CT_##T)R(OPND(SRC3)).MEMBER)
#define LDX_FLOAT(T) LDX_BITS(T, M_##T)
#define LDX_HALF(T) LDX_BITS(T, u)
    VM_KINDS_INT(LDX_INT)
    VM_KINDS_FLOAT(LDX_FLOAT)
    VM_KINDS_HALF(LDX_HALF)

    VM_OP(ALLOC)
        uint64_t n = R(OPND(SRC0)).u;
        size_t es = tir_dtype_elem_size(fn->buffers[OPND(BUF0)].dtype);
        if (R(OPND(SRC0)).i < 0)
            FAIL("negative size %lld for buffer '%s'", (long long)R(OPND(SRC0)).i, buf_name(fn, OPND(BUF0)));
        if (n > VM_MAX_ALLOC_BYTES / es)
            FAIL("allocation of %lld elements for buffer '%s' is too large", (long long)R(OPND(SRC0)).i, buf_name(fn, OPND(BUF0)));
        vm_buf_release(ctx, &bufs[OPND(BUF0)], es);
        uint64_t bytes = n * es;
        /* zero-filling is work too: a step per 4 KiB, so a loop of large
         * allocations cannot run far past the step budget */
        SPEND_STEPS(bytes / 4096);
        bufs[OPND(BUF0)].data = vm_mem_alloc(ctx, bytes, PC, "buffer '%s'", buf_name(fn, OPND(BUF0)));
        if (bytes && !bufs[OPND(BUF0)].data)
            return false;
        bufs[OPND(BUF0)].nelem = n;
        bufs[OPND(BUF0)].owned = true;
    VM_END
    VM_OP(FREE)
        vm_buf_release(ctx, &bufs[OPND(BUF0)], tir_dtype_elem_size(fn->buffers[OPND(BUF0)].dtype));
    VM_END

    /* ---- integer arithmetic: computed unsigned, normalized to T ---- */
#define INT_ARITH(T)                                                          \
    VM_OP(ADD_##T) R(OPND(DST)).i = NORM_##T(R(OPND(SRC0)).u + R(OPND(SRC1)).u); VM_END          \
    VM_OP(SUB_##T) R(OPND(DST)).i = NORM_##T(R(OPND(SRC0)).u - R(OPND(SRC1)).u); VM_END          \
    VM_OP(MUL_##T) R(OPND(DST)).i = NORM_##T(R(OPND(SRC0)).u * R(OPND(SRC1)).u); VM_END          \
    VM_OP(MIN_##T) R(OPND(DST)) = SV_##T(OPND(SRC0)) < SV_##T(OPND(SRC1)) ? R(OPND(SRC0)) : R(OPND(SRC1)); VM_END  \
    VM_OP(MAX_##T) R(OPND(DST)) = SV_##T(OPND(SRC0)) > SV_##T(OPND(SRC1)) ? R(OPND(SRC0)) : R(OPND(SRC1)); VM_END  \
    VM_OP(EQ_##T) R(OPND(DST)).i = SV_##T(OPND(SRC0)) == SV_##T(OPND(SRC1)); VM_END              \
    VM_OP(NE_##T) R(OPND(DST)).i = SV_##T(OPND(SRC0)) != SV_##T(OPND(SRC1)); VM_END              \
    VM_OP(LT_##T) R(OPND(DST)).i = SV_##T(OPND(SRC0)) < SV_##T(OPND(SRC1)); VM_END               \
    VM_OP(LE_##T) R(OPND(DST)).i = SV_##T(OPND(SRC0)) <= SV_##T(OPND(SRC1)); VM_END              \
    VM_OP(GT_##T) R(OPND(DST)).i = SV_##T(OPND(SRC0)) > SV_##T(OPND(SRC1)); VM_END               \
    VM_OP(GE_##T) R(OPND(DST)).i = SV_##T(OPND(SRC0)) >= SV_##T(OPND(SRC1)); VM_END              \
    VM_OP(SEL_##T) R(OPND(DST)) = R(OPND(SRC0)).i ? R(OPND(SRC1)) : R(OPND(SRC2)); VM_END                 \
    VM_OP(DIV_##T)                                                          \
        if (!R(OPND(SRC1)).u)                                                          \
            FAIL("integer division by zero");                                 \
        R(OPND(DST)).i = NORM_##T(SIGNED_##T ? (uint64_t)sdiv(R(OPND(SRC0)).i, R(OPND(SRC1)).i) : R(OPND(SRC0)).u / R(OPND(SRC1)).u); \
    VM_END                                                               \
    VM_OP(MOD_##T)                                                          \
        if (!R(OPND(SRC1)).u)                                                          \
            FAIL("integer modulo by zero");                                   \
        R(OPND(DST)).i = NORM_##T(SIGNED_##T ? (uint64_t)smod(R(OPND(SRC0)).i, R(OPND(SRC1)).i) : R(OPND(SRC0)).u % R(OPND(SRC1)).u); \
    VM_END                                                               \
    VM_OP(FLOORDIV_##T)                                                     \
        if (!R(OPND(SRC1)).u)                                                          \
            FAIL("integer division by zero");                                 \
        R(OPND(DST)).i = NORM_##T(SIGNED_##T ? (uint64_t)sfloordiv(R(OPND(SRC0)).i, R(OPND(SRC1)).i) : R(OPND(SRC0)).u / R(OPND(SRC1)).u); \
    VM_END                                                               \
    VM_OP(FLOORMOD_##T)                                                     \
        if (!R(OPND(SRC1)).u)                                                          \
            FAIL("integer modulo by zero");                                   \
        R(OPND(DST)).i = NORM_##T(SIGNED_##T ? (uint64_t)sfloormod(R(OPND(SRC0)).i, R(OPND(SRC1)).i) : R(OPND(SRC0)).u % R(OPND(SRC1)).u); \
    VM_END                                                               \
    VM_OP(EXT_##T) R(OPND(DST)).i = TO_##T(R(OPND(SRC0)).u); VM_END
    /* bool arithmetic wraps modulo 2 like the other widths; a cast to bool
     * tests for nonzero (spec-readings 6), which TO_BOOL does */
    VM_KINDS_INT(INT_ARITH)

    /* ---- float arithmetic: IEEE 754, no fast-math ---- */
#define FLOAT_ARITH(T, MEMBER)                                                      \
    VM_OP(ADD_##T) R(OPND(DST)).MEMBER = R(OPND(SRC0)).MEMBER + R(OPND(SRC1)).MEMBER; VM_END                     \
    VM_OP(SUB_##T) R(OPND(DST)).MEMBER = R(OPND(SRC0)).MEMBER - R(OPND(SRC1)).MEMBER; VM_END                     \
    VM_OP(MUL_##T) R(OPND(DST)).MEMBER = R(OPND(SRC0)).MEMBER * R(OPND(SRC1)).MEMBER; VM_END                     \
    VM_OP(DIV_##T) R(OPND(DST)).MEMBER = R(OPND(SRC0)).MEMBER / R(OPND(SRC1)).MEMBER; VM_END                     \
    VM_OP(FLOORDIV_##T) R(OPND(DST)).MEMBER = floor(R(OPND(SRC0)).MEMBER / R(OPND(SRC1)).MEMBER); VM_END        \
    VM_OP(FLOORMOD_##T) R(OPND(DST)).MEMBER = R(OPND(SRC0)).MEMBER - floor(R(OPND(SRC0)).MEMBER / R(OPND(SRC1)).MEMBER) * R(OPND(SRC1)).MEMBER; VM_END \
    VM_OP(MIN_##T) R(OPND(DST)).MEMBER = R(OPND(SRC0)).MEMBER < R(OPND(SRC1)).MEMBER ? R(OPND(SRC0)).MEMBER : R(OPND(SRC1)).MEMBER; VM_END  \
    VM_OP(MAX_##T) R(OPND(DST)).MEMBER = R(OPND(SRC0)).MEMBER > R(OPND(SRC1)).MEMBER ? R(OPND(SRC0)).MEMBER : R(OPND(SRC1)).MEMBER; VM_END  \
    VM_OP(EQ_##T) R(OPND(DST)).i = R(OPND(SRC0)).MEMBER == R(OPND(SRC1)).MEMBER; VM_END                     \
    VM_OP(NE_##T) R(OPND(DST)).i = R(OPND(SRC0)).MEMBER != R(OPND(SRC1)).MEMBER; VM_END                     \
    VM_OP(LT_##T) R(OPND(DST)).i = R(OPND(SRC0)).MEMBER < R(OPND(SRC1)).MEMBER; VM_END                      \
    VM_OP(LE_##T) R(OPND(DST)).i = R(OPND(SRC0)).MEMBER <= R(OPND(SRC1)).MEMBER; VM_END                     \
    VM_OP(GT_##T) R(OPND(DST)).i = R(OPND(SRC0)).MEMBER > R(OPND(SRC1)).MEMBER; VM_END                      \
    VM_OP(GE_##T) R(OPND(DST)).i = R(OPND(SRC0)).MEMBER >= R(OPND(SRC1)).MEMBER; VM_END                     \
    VM_OP(SEL_##T) R(OPND(DST)) = R(OPND(SRC0)).i ? R(OPND(SRC1)) : R(OPND(SRC2)); VM_END                  \
    VM_OP(SITOF_##T) R(OPND(DST)).MEMBER = R(OPND(SRC0)).i; VM_END                            \
    VM_OP(UTOF_##T) R(OPND(DST)).MEMBER = R(OPND(SRC0)).u; VM_END
#define FLOAT_ARITH_KIND(T) FLOAT_ARITH(T, M_##T)
    VM_KINDS_FLOAT(FLOAT_ARITH_KIND)

    /* ---- float16 and bfloat16: computed in float32, rounded once (halffloat.h) ---- */
#define HALF_ARITH(T)                                                                                           \
    VM_OP(ADD_##T) HSET(T, OPND(DST), HF(T, OPND(SRC0)) + HF(T, OPND(SRC1))); VM_END                            \
    VM_OP(SUB_##T) HSET(T, OPND(DST), HF(T, OPND(SRC0)) - HF(T, OPND(SRC1))); VM_END                            \
    VM_OP(MUL_##T) HSET(T, OPND(DST), HF(T, OPND(SRC0)) * HF(T, OPND(SRC1))); VM_END                            \
    VM_OP(DIV_##T) HSET(T, OPND(DST), HF(T, OPND(SRC0)) / HF(T, OPND(SRC1))); VM_END                            \
    VM_OP(FLOORDIV_##T) HSET(T, OPND(DST), floorf(HF(T, OPND(SRC0)) / HF(T, OPND(SRC1)))); VM_END               \
    VM_OP(FLOORMOD_##T)                                                                                         \
        float x = HF(T, OPND(SRC0)), y = HF(T, OPND(SRC1));                                                     \
        HSET(T, OPND(DST), x - floorf(x / y) * y);                                                              \
    VM_END                                                                                                      \
    VM_OP(MIN_##T) R(OPND(DST)) = HF(T, OPND(SRC0)) < HF(T, OPND(SRC1)) ? R(OPND(SRC0)) : R(OPND(SRC1)); VM_END \
    VM_OP(MAX_##T) R(OPND(DST)) = HF(T, OPND(SRC0)) > HF(T, OPND(SRC1)) ? R(OPND(SRC0)) : R(OPND(SRC1)); VM_END \
    VM_OP(EQ_##T) R(OPND(DST)).i = HF(T, OPND(SRC0)) == HF(T, OPND(SRC1)); VM_END                               \
    VM_OP(NE_##T) R(OPND(DST)).i = HF(T, OPND(SRC0)) != HF(T, OPND(SRC1)); VM_END                               \
    VM_OP(LT_##T) R(OPND(DST)).i = HF(T, OPND(SRC0)) < HF(T, OPND(SRC1)); VM_END                                \
    VM_OP(LE_##T) R(OPND(DST)).i = HF(T, OPND(SRC0)) <= HF(T, OPND(SRC1)); VM_END                               \
    VM_OP(GT_##T) R(OPND(DST)).i = HF(T, OPND(SRC0)) > HF(T, OPND(SRC1)); VM_END                                \
    VM_OP(GE_##T) R(OPND(DST)).i = HF(T, OPND(SRC0)) >= HF(T, OPND(SRC1)); VM_END                               \
    VM_OP(SEL_##T) R(OPND(DST)) = R(OPND(SRC0)).i ? R(OPND(SRC1)) : R(OPND(SRC2)); VM_END                       \
    VM_OP(SITOF_##T) R(OPND(DST)).u = FROMD_##T((double)R(OPND(SRC0)).i); VM_END                                \
    VM_OP(UTOF_##T) R(OPND(DST)).u = FROMD_##T((double)R(OPND(SRC0)).u); VM_END                                 \
    VM_OP(ISNAN_##T) R(OPND(DST)).i = isnan(HF(T, OPND(SRC0))) != 0; VM_END
    VM_KINDS_HALF(HALF_ARITH)
    VM_OP(F32TO_F16) R(OPND(DST)).u = tir_f16_from_f64(R(OPND(SRC0)).f32); VM_END
    VM_OP(F32TO_BF16) R(OPND(DST)).u = tir_bf16_from_f64(R(OPND(SRC0)).f32); VM_END
    VM_OP(F64TO_F16) R(OPND(DST)).u = tir_f16_from_f64(R(OPND(SRC0)).f64); VM_END
    VM_OP(F64TO_BF16) R(OPND(DST)).u = tir_bf16_from_f64(R(OPND(SRC0)).f64); VM_END
    /* From a 16-bit float: widen to float32 (exact), then convert like f32to. */
#define HTO(S)                                                                           \
    VM_OP(S##TO_BOOL) R(OPND(DST)).i = HF(S, OPND(SRC0)) != 0; VM_END                    \
    VM_OP(S##TO_I8) R(OPND(DST)).i = f2i_sat(HF(S, OPND(SRC0)), LO_I8, HI_I8); VM_END    \
    VM_OP(S##TO_I16) R(OPND(DST)).i = f2i_sat(HF(S, OPND(SRC0)), LO_I16, HI_I16); VM_END \
    VM_OP(S##TO_I32) R(OPND(DST)).i = f2i_sat(HF(S, OPND(SRC0)), LO_I32, HI_I32); VM_END \
    VM_OP(S##TO_I64) R(OPND(DST)).i = f2i64_sat(HF(S, OPND(SRC0))); VM_END               \
    VM_OP(S##TO_U8) R(OPND(DST)).i = f2i_sat(HF(S, OPND(SRC0)), LO_U8, HI_U8); VM_END    \
    VM_OP(S##TO_U16) R(OPND(DST)).i = f2i_sat(HF(S, OPND(SRC0)), LO_U16, HI_U16); VM_END \
    VM_OP(S##TO_U32) R(OPND(DST)).i = f2i_sat(HF(S, OPND(SRC0)), LO_U32, HI_U32); VM_END \
    VM_OP(S##TO_U64) R(OPND(DST)).u = f2u64_sat(HF(S, OPND(SRC0))); VM_END               \
    VM_OP(S##TO_F16) R(OPND(DST)).u = tir_f16_from_f64(HF(S, OPND(SRC0))); VM_END        \
    VM_OP(S##TO_BF16) R(OPND(DST)).u = tir_bf16_from_f64(HF(S, OPND(SRC0))); VM_END      \
    VM_OP(S##TO_F32) R(OPND(DST)).f32 = HF(S, OPND(SRC0)); VM_END                        \
    VM_OP(S##TO_F64) R(OPND(DST)).f64 = HF(S, OPND(SRC0)); VM_END
    VM_KINDS_HALF(HTO)

    VM_OP(NOT) R(OPND(DST)).i = !R(OPND(SRC0)).i; VM_END
    VM_OP(BAND) R(OPND(DST)).i = R(OPND(SRC0)).i & R(OPND(SRC1)).i; VM_END
    VM_OP(BOR) R(OPND(DST)).i = R(OPND(SRC0)).i | R(OPND(SRC1)).i; VM_END

    /* ---- float to other types ---- */
#define FTO_SMALL(S, MEMBER, T) VM_OP(S##TO_##T) R(OPND(DST)).i = f2i_sat(R(OPND(SRC0)).MEMBER, LO_##T, HI_##T); VM_END
#define FTO_ALL(S, MEMBER)                                                       \
    VM_OP(S##TO_BOOL) R(OPND(DST)).i = R(OPND(SRC0)).MEMBER != 0; VM_END         \
    FTO_SMALL(S, MEMBER, I8) FTO_SMALL(S, MEMBER, I16) FTO_SMALL(S, MEMBER, I32) \
    FTO_SMALL(S, MEMBER, U8) FTO_SMALL(S, MEMBER, U16) FTO_SMALL(S, MEMBER, U32) \
    VM_OP(S##TO_I64) R(OPND(DST)).i = f2i64_sat(R(OPND(SRC0)).MEMBER); VM_END    \
    VM_OP(S##TO_U64) R(OPND(DST)).u = f2u64_sat(R(OPND(SRC0)).MEMBER); VM_END
#define FTO_KIND(T) FTO_ALL(T, M_##T)
    VM_KINDS_FLOAT(FTO_KIND)
    VM_OP(F32TO_F32) R(OPND(DST)).f32 = R(OPND(SRC0)).f32; VM_END
    VM_OP(F32TO_F64) R(OPND(DST)).f64 = R(OPND(SRC0)).f32; VM_END
    VM_OP(F64TO_F32) R(OPND(DST)).f32 = (float)R(OPND(SRC0)).f64; VM_END
    VM_OP(F64TO_F64) R(OPND(DST)).f64 = R(OPND(SRC0)).f64; VM_END

    /* ---- math builtins ---- */
#define MATH1(ID, F32FN, F64FN)                                                 \
    VM_OP(ID##_F16) HSET(F16, OPND(DST), F32FN(HF(F16, OPND(SRC0)))); VM_END    \
    VM_OP(ID##_BF16) HSET(BF16, OPND(DST), F32FN(HF(BF16, OPND(SRC0)))); VM_END \
    VM_OP(ID##_F32) R(OPND(DST)).f32 = F32FN(R(OPND(SRC0)).f32); VM_END         \
    VM_OP(ID##_F64) R(OPND(DST)).f64 = F64FN(R(OPND(SRC0)).f64); VM_END
#define MATH2(ID, F32FN, F64FN)                                                                       \
    VM_OP(ID##_F16) HSET(F16, OPND(DST), F32FN(HF(F16, OPND(SRC0)), HF(F16, OPND(SRC1)))); VM_END     \
    VM_OP(ID##_BF16) HSET(BF16, OPND(DST), F32FN(HF(BF16, OPND(SRC0)), HF(BF16, OPND(SRC1)))); VM_END \
    VM_OP(ID##_F32) R(OPND(DST)).f32 = F32FN(R(OPND(SRC0)).f32, R(OPND(SRC1)).f32); VM_END            \
    VM_OP(ID##_F64) R(OPND(DST)).f64 = F64FN(R(OPND(SRC0)).f64, R(OPND(SRC1)).f64); VM_END
#define MATH(ID, MN, ARITY, F32FN, F64FN, SYN) MATH##ARITY(ID, F32FN, F64FN)
#include "math.def"
#undef MATH
    /* the float predicates, on each float kind's value as float32 or native */
#define FLOAT_VALUE(T, r) R(r).M_##T
#define HALF_VALUE(T, r) HF(T, r)
#define FLOAT_PREDICATES(T, VALUE)                                             \
    VM_OP(ISINF_##T) R(OPND(DST)).i = isinf(VALUE(T, OPND(SRC0))) != 0; VM_END \
    VM_OP(ISFINITE_##T) R(OPND(DST)).i = isfinite(VALUE(T, OPND(SRC0))) != 0; VM_END
#define FLOAT_PREDICATES_FLOAT(T)                                             \
    VM_OP(ISNAN_##T) R(OPND(DST)).i = isnan(R(OPND(SRC0)).M_##T) != 0; VM_END \
    FLOAT_PREDICATES(T, FLOAT_VALUE)
#define FLOAT_PREDICATES_HALF(T) FLOAT_PREDICATES(T, HALF_VALUE)
    VM_KINDS_FLOAT(FLOAT_PREDICATES_FLOAT)
    VM_KINDS_HALF(FLOAT_PREDICATES_HALF)
    /* ldexp with the exponent clamped: beyond +-100000 every result is already 0 or inf */
    VM_OP(LDEXP_F32) R(OPND(DST)).f32 = ldexpf(R(OPND(SRC0)).f32, clamp_exp(R(OPND(SRC1)).i)); VM_END
    VM_OP(LDEXP_F64) R(OPND(DST)).f64 = ldexp(R(OPND(SRC0)).f64, clamp_exp(R(OPND(SRC1)).i)); VM_END
    VM_OP(LDEXP_F16) HSET(F16, OPND(DST), ldexpf(HF(F16, OPND(SRC0)), clamp_exp(R(OPND(SRC1)).i))); VM_END
    VM_OP(LDEXP_BF16) HSET(BF16, OPND(DST), ldexpf(HF(BF16, OPND(SRC0)), clamp_exp(R(OPND(SRC1)).i))); VM_END

    /* ---- integer bit operations ---- */
#define BITOPS(T)                                                                     \
    VM_OP(BITAND_##T) R(OPND(DST)).i = NORM_##T(R(OPND(SRC0)).u & R(OPND(SRC1)).u); VM_END               \
    VM_OP(BITOR_##T) R(OPND(DST)).i = NORM_##T(R(OPND(SRC0)).u | R(OPND(SRC1)).u); VM_END                \
    VM_OP(BITXOR_##T) R(OPND(DST)).i = NORM_##T(R(OPND(SRC0)).u ^ R(OPND(SRC1)).u); VM_END               \
    VM_OP(BITNOT_##T) R(OPND(DST)).i = NORM_##T(~R(OPND(SRC0)).u); VM_END                       \
    VM_OP(SHL_##T)                                                                  \
        R(OPND(DST)).i = R(OPND(SRC1)).u < BITS_OF_##T ? NORM_##T(R(OPND(SRC0)).u << R(OPND(SRC1)).u) : 0;               \
    VM_END                                                                       \
    VM_OP(SHR_##T)                                                                  \
        if (SIGNED_##T)                                                               \
            R(OPND(DST)).i = R(OPND(SRC1)).u < BITS_OF_##T ? ashr(R(OPND(SRC0)).i, (unsigned)R(OPND(SRC1)).u) : (R(OPND(SRC0)).i < 0 ? -1 : 0); \
        else                                                                          \
            R(OPND(DST)).i = R(OPND(SRC1)).u < BITS_OF_##T ? (int64_t)(R(OPND(SRC0)).u >> R(OPND(SRC1)).u) : 0;          \
    VM_END
    VM_KINDS_INT(BITOPS)
    /* bit counts over the type's width (the normalized value's low bits) */
#define BITCOUNT(T)                                                                                             \
    VM_OP(POPCOUNT_##T) R(OPND(DST)).i = __builtin_popcountll(width_bits(R(OPND(SRC0)).u, BITS_OF_##T)); VM_END \
    VM_OP(CLZ_##T)                                                                                              \
        uint64_t x = width_bits(R(OPND(SRC0)).u, BITS_OF_##T);                                                  \
        R(OPND(DST)).i = x ? __builtin_clzll(x) - (64 - BITS_OF_##T) : BITS_OF_##T;                             \
    VM_END
    VM_KINDS_INT(BITCOUNT)
    /* reinterpretation: the low bytes of a slot hold any scalar's bits (little-endian) */
#define BITCAST_INT(T)                                            \
    VM_OP(BITCAST_##T)                                            \
        uint64_t bits = width_bits(R(OPND(SRC0)).u, BITS_OF_##T); \
        R(OPND(DST)).i = NORM_##T(bits);                          \
    VM_END
    VM_KINDS_INT(BITCAST_INT)
    VM_OP(BITCAST_F16) R(OPND(DST)).u = R(OPND(SRC0)).u & 0xffff; VM_END
    VM_OP(BITCAST_BF16) R(OPND(DST)).u = R(OPND(SRC0)).u & 0xffff; VM_END
    VM_OP(BITCAST_F32)
        uint32_t bits = (uint32_t)R(OPND(SRC0)).u;
        memcpy(&R(OPND(DST)).f32, &bits, 4);
    VM_END
    VM_OP(BITCAST_F64) R(OPND(DST)).u = R(OPND(SRC0)).u; VM_END

    /* ---- loop-level instructions (loop_ops.c): a whole loop in one dispatch ---- */
#define LOOP_OP_BODY(FAMILY, T)                           \
    VM_OP(FAMILY##_##T)                                   \
        if (!vm_loop_##FAMILY##_##T(ctx, regs, bufs, ip)) \
            return false;                                 \
    VM_END
    VM_LOOP_OPS(LOOP_OP_BODY)

    /* ---- vectors ----
     * Lanes are copied into local arrays, computed, and copied back, so the
     * destination may be a source and the loops are plain array loops the C
     * compiler vectorizes. */
#define VEC_BIN(ID, T, EXPR)                                             \
    VM_OP(ID##_##T)                                                      \
        uint32_t nl = OPND(LANES);                                       \
        const AT_##T *a = VREG(T, OPND(SRC0)), *b = VREG(T, OPND(SRC1)); \
        AT_##T *r = VREG(T, OPND(DST));                                  \
        LANE_LOOP(nl, CT_##T x = a[i]; CT_##T y = b[i]; r[i] = (EXPR))   \
    VM_END
#define VEC_CMP(ID, T, OPR)                                              \
    VM_OP(ID##_##T)                                                      \
        uint32_t nl = OPND(LANES);                                       \
        const AT_##T *a = VREG(T, OPND(SRC0)), *b = VREG(T, OPND(SRC1)); \
        AT_BOOL *r = VREG(BOOL, OPND(DST));                              \
        for (uint32_t i = 0; i < nl; i++)                                \
            r[i] = a[i] OPR b[i];                                        \
    VM_END
    /* Integer lanes divide after a check of every divisor. */
#define VEC_IDIV(ID, T, SIGNED_EXPR, UNSIGNED_EXPR, WHAT)                                        \
    VM_OP(ID##_##T)                                                                              \
        uint32_t nl = OPND(LANES);                                                               \
        const AT_##T *a = VREG(T, OPND(SRC0)), *b = VREG(T, OPND(SRC1));                         \
        AT_##T *r = VREG(T, OPND(DST));                                                          \
        for (uint32_t i = 0; i < nl; i++)                                                        \
            if (!b[i])                                                                           \
                FAIL("integer " WHAT " by zero (lane %u)", i);                                   \
        for (uint32_t i = 0; i < nl; i++) {                                                      \
            int64_t x = (int64_t)a[i], y = (int64_t)b[i];                                        \
            uint64_t ux = (uint64_t)a[i], uy = (uint64_t)b[i];                                   \
            (void)ux; (void)uy; (void)x; (void)y;                                                \
            r[i] = NARROW_##T(SIGNED_##T ? (uint64_t)(SIGNED_EXPR) : (uint64_t)(UNSIGNED_EXPR)); \
        }                                                                                        \
    VM_END
#define VEC_COMMON(T)                                                                        \
    VM_OP(VMOV_##T) memcpy(&R(OPND(DST)), &R(OPND(SRC0)), OPND(LANES) * sizeof(CT_##T)); VM_END       \
    VM_OP(VBCAST_##T)                                                                      \
        uint32_t nl = OPND(LANES);                                                          \
        CT_##T v = SCALAR_##T(OPND(SRC0));                                                            \
        AT_##T *r = VREG(T, OPND(DST));                                                              \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            r[i] = v;                                                                        \
    VM_END                                                                                   \
    VM_OP(VSEL_##T)                                                                        \
        uint32_t nl = OPND(LANES);                                                          \
        const AT_BOOL *c = VREG(BOOL, OPND(SRC0));                                                    \
        const AT_##T *a = VREG(T, OPND(SRC1)), *b = VREG(T, OPND(SRC2));                                       \
        AT_##T *r = VREG(T, OPND(DST));                                                              \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            r[i] = c[i] ? a[i] : b[i];                                                       \
    VM_END                                                                                   \
    VM_OP(VLD_##T)                                                                         \
        uint32_t nl = OPND(LANES);                                                          \
        int64_t base = R(OPND(SRC0)).i, stride = R(OPND(SRC1)).i;                                              \
        if (!strided_in_bounds(base, stride, nl, bufs[OPND(BUF0)].nelem))                              \
            return vm_fused_range_error(ctx, PC, OPND(BUF0), base, stride, nl, bufs[OPND(BUF0)].nelem);           \
        AT_##T *r = VREG(T, OPND(DST));                                                              \
        const uint8_t *src = bufs[OPND(BUF0)].data + (uint64_t)base * sizeof r[0];                    \
        if (stride == 1)                                                                     \
            memcpy(r, src, nl * sizeof r[0]);                                                \
        else                                                                                 \
            for (uint32_t i = 0; i < nl; i++)                                                \
                memcpy(&r[i], src + (int64_t)i * stride * (int64_t)sizeof r[0], sizeof r[0]); \
        LOAD_FIXUP_##T(r, nl);                                                               \
    VM_END                                                                                   \
    VM_OP(VST_##T)                                                                         \
        uint32_t nl = OPND(LANES);                                                          \
        int64_t base = R(OPND(SRC0)).i, stride = R(OPND(SRC1)).i;                                              \
        if (!strided_in_bounds(base, stride, nl, bufs[OPND(BUF0)].nelem))                              \
            return vm_fused_range_error(ctx, PC, OPND(BUF0), base, stride, nl, bufs[OPND(BUF0)].nelem);           \
        const AT_##T *v = VREG(T, OPND(SRC2));                                                        \
        uint8_t *dst = bufs[OPND(BUF0)].data + (uint64_t)base * sizeof v[0];                          \
        if (stride == 1)                                                                     \
            memcpy(dst, v, nl * sizeof v[0]);                                                \
        else                                                                                 \
            for (uint32_t i = 0; i < nl; i++)                                                \
                memcpy(dst + (int64_t)i * stride * (int64_t)sizeof v[0], &v[i], sizeof v[0]); \
    VM_END                                                                                   \
    VM_OP(VLDG_##T)                                                                        \
        uint32_t nl = OPND(LANES);                                                          \
        const AT_I64 *ix = VREG(I64, OPND(SRC0));                                                     \
        AT_##T *r = VREG(T, OPND(DST));                                                              \
        uint32_t bad = first_lane_out_of_bounds(ix, nl, bufs[OPND(BUF0)].nelem);                      \
        if (bad < nl)                                                                        \
            FAIL("out-of-bounds access to buffer '%s': element %lld of %llu (lane %u)", buf_name(fn, OPND(BUF0)), \
                 (long long)ix[bad], (unsigned long long)bufs[OPND(BUF0)].nelem, bad);               \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            memcpy(&r[i], bufs[OPND(BUF0)].data + (uint64_t)ix[i] * sizeof r[0], sizeof r[0]);        \
        LOAD_FIXUP_##T(r, nl);                                                               \
    VM_END                                                                                   \
    VM_OP(VSTG_##T)                                                                        \
        uint32_t nl = OPND(LANES);                                                          \
        const AT_I64 *ix = VREG(I64, OPND(SRC0));                                                     \
        const AT_##T *v = VREG(T, OPND(SRC1));                                                        \
        uint32_t bad = first_lane_out_of_bounds(ix, nl, bufs[OPND(BUF0)].nelem);                      \
        if (bad < nl)                                                                        \
            FAIL("out-of-bounds access to buffer '%s': element %lld of %llu (lane %u)", buf_name(fn, OPND(BUF0)), \
                 (long long)ix[bad], (unsigned long long)bufs[OPND(BUF0)].nelem, bad);               \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            memcpy(bufs[OPND(BUF0)].data + (uint64_t)ix[i] * sizeof v[0], &v[i], sizeof v[0]);        \
    VM_END
#define VEC_LANE(T)                                              \
    VM_OP(VGET_##T)                                              \
        CT_##T v = VREG(T, OPND(SRC0))[OPND(LANE)];              \
        LANE_TO_SCALAR_##T(OPND(DST), v);                        \
    VM_END                                                       \
    VM_OP(VSET_##T)                                              \
        VREG(T, OPND(DST))[OPND(LANE)] = SCALAR_##T(OPND(SRC0)); \
    VM_END
#define VEC_NUM(T)                                                                           \
    VEC_CMP(VEQ, T, ==) VEC_CMP(VNE, T, !=) VEC_CMP(VLT, T, <)                               \
    VEC_CMP(VLE, T, <=) VEC_CMP(VGT, T, >) VEC_CMP(VGE, T, >=)                               \
    VEC_BIN(VMIN, T, LANE_MIN(T, x, y)) VEC_BIN(VMAX, T, LANE_MAX(T, x, y))                  \
    VM_OP(VCAST_##T)                                                                         \
        uint32_t nl = OPND(LANES);                                                           \
        AT_##T *r = VREG(T, OPND(DST));                                                      \
        for (uint32_t i = 0; i < nl; i++)                                                    \
            r[i] = CAST_TO_##T(lane_value((const uint8_t *)&R(OPND(SRC0)), OPND(VTYPE), i)); \
    VM_END
#define VEC_INT(T)                                                                                 \
    VEC_COMMON(T) VEC_NUM(T)                                                                       \
    VEC_BIN(VADD, T, LANE_IADD(T, x, y))                                                           \
    VEC_BIN(VSUB, T, LANE_ISUB(T, x, y))                                                           \
    VEC_BIN(VMUL, T, LANE_IMUL(T, x, y))                                                           \
    VEC_IDIV(VDIV, T, sdiv(x, y), ux / uy, "division")                                             \
    VEC_IDIV(VMOD, T, smod(x, y), ux % uy, "modulo")                                               \
    VEC_IDIV(VFLOORDIV, T, sfloordiv(x, y), ux / uy, "division")                                   \
    VEC_IDIV(VFLOORMOD, T, sfloormod(x, y), ux % uy, "modulo")                                     \
    VEC_BIN(VBITAND, T, NARROW_##T(IW_##T(x) & IW_##T(y)))                                         \
    VEC_BIN(VBITOR, T, NARROW_##T(IW_##T(x) | IW_##T(y)))                                          \
    VEC_BIN(VBITXOR, T, NARROW_##T(IW_##T(x) ^ IW_##T(y)))                                         \
    VEC_BIN(VSHL, T, shift_amount(y) < BITS_OF_##T ? NARROW_##T(IW_##T(x) << shift_amount(y)) : 0) \
    VEC_BIN(VSHR, T,                                                                               \
            (CT_##T)(shift_amount(y) < BITS_OF_##T                                                 \
                         ? (SIGNED_##T ? ashr((int64_t)x, (unsigned)shift_amount(y))               \
                                       : (int64_t)((uint64_t)x >> shift_amount(y)))                \
                         : (SIGNED_##T && is_negative((int64_t)x) ? -1 : 0)))                      \
    VM_OP(VBITNOT_##T)                                                                             \
        uint32_t nl = OPND(LANES);                                                                 \
        const AT_##T *a = VREG(T, OPND(SRC0));                                                     \
        AT_##T *r = VREG(T, OPND(DST));                                                            \
        for (uint32_t i = 0; i < nl; i++)                                                          \
            r[i] = NARROW_##T(~IW_##T(a[i]));                                                      \
    VM_END                                                                                         \
    VM_OP(VRAMP_##T)                                                                               \
        uint32_t nl = OPND(LANES);                                                                 \
        AT_##T *r = VREG(T, OPND(DST));                                                            \
        for (uint32_t i = 0; i < nl; i++)                                                          \
            r[i] = NARROW_##T(R(OPND(SRC0)).u + (uint64_t)i * R(OPND(SRC1)).u);                    \
    VM_END
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
#define FUSED_ONE(ID, T)                                                             \
    VM_OP(ID##_##T)                                                                  \
        if (!vm_fused_op(ctx, regs, bufs, PC, TIR_VT_##T, OPND(LANEFN), OPND(LANES), \
                         ip + VM_AT_VEC_DST, TIRBC_DST_IN_MEMORY_##ID##_##T,         \
                         ip + VM_AT_VEC_SRC0, TIRBC_SRC0_IN_MEMORY_##ID##_##T,       \
                         ip + VM_AT_VEC_SRC1, TIRBC_SRC1_IN_MEMORY_##ID##_##T))      \
            return false;                                                            \
    VM_END
#define FUSED_BODY(T)                                                                               \
    FUSED_ONE(VOPRM, T) FUSED_ONE(VOPMR, T) FUSED_ONE(VOPMM, T) FUSED_ONE(VOPST, T)                \
    FUSED_ONE(VOPSTRM, T) FUSED_ONE(VOPSTMR, T) FUSED_ONE(VOPSTMM, T)
/* The epilogue forms (TIRBC_APPLIES_OP) also pass their operation and its
 * scalar; the others NULL, NULL. */
#define MADD_OP_E_0 NULL, NULL
#define MADD_OP_E_1 ip + VM_AT_LANEFN, ip + VM_AT_VEC_SRC3
#define MADD_ONE(ID, T, EPILOGUE)                                                                        \
    VM_OP(ID##_##T)                                                                                      \
        _Static_assert(TIRBC_APPLIES_OP_##ID##_##T == EPILOGUE, "the table says which has an epilogue"); \
        if (!vm_fused_madd(ctx, regs, bufs, PC, TIR_VT_##T, OPND(LANES), ip + VM_AT_VEC_DST,             \
                           TIRBC_DST_IN_MEMORY_##ID##_##T, ip + VM_AT_VEC_SRC0, ip + VM_AT_VEC_SRC1,     \
                           TIRBC_SRC1_SCALAR_##ID##_##T, ip + VM_AT_VEC_SRC2, MADD_OP_E_##EPILOGUE))     \
            return false;                                                                                \
    VM_END
#define MADD_BODY(T)                                                                                \
    MADD_ONE(VMADD, T, 0) MADD_ONE(VMADDS, T, 0) MADD_ONE(VMADDST, T, 0) MADD_ONE(VMADDSST, T, 0)  \
    MADD_ONE(VMADDOPST, T, 1) MADD_ONE(VMADDSOPST, T, 1)
#define FUSED_KIND(T, _) FUSED_BODY(T) MADD_BODY(T)
    TIRBC_FUSED_KINDS(FUSED_KIND, _)
    /* 16-bit float lanes: widened to float32, computed, rounded once. */
#define HL(T, v) TOF_##T(v)
#define HR(T, v) FROMD_##T((double)(v))
#define VEC_HCMP(ID, T, OPR)                                         \
    VM_OP(ID##_##T)                                                  \
        uint32_t nl = OPND(LANES);                                   \
        uint16_t *a = ctx->scratch[0].u16, *b = ctx->scratch[1].u16; \
        uint8_t *r = ctx->scratch[2].u8;                             \
        memcpy(a, &R(OPND(SRC0)), nl * 2);                           \
        memcpy(b, &R(OPND(SRC1)), nl * 2);                           \
        for (uint32_t i = 0; i < nl; i++)                            \
            r[i] = HL(T, a[i]) OPR HL(T, b[i]);                      \
        memcpy(&R(OPND(DST)), r, nl);                                \
    VM_END
#define VEC_HALF(T)                                                                             \
    VEC_COMMON(T)                                                                               \
    VEC_HCMP(VEQ, T, ==) VEC_HCMP(VNE, T, !=) VEC_HCMP(VLT, T, <)                               \
    VEC_HCMP(VLE, T, <=) VEC_HCMP(VGT, T, >) VEC_HCMP(VGE, T, >=)                               \
    VEC_BIN(VMIN, T, HL(T, x) < HL(T, y) ? x : y) VEC_BIN(VMAX, T, HL(T, x) > HL(T, y) ? x : y) \
    VEC_BIN(VADD, T, HR(T, HL(T, x) + HL(T, y))) VEC_BIN(VSUB, T, HR(T, HL(T, x) - HL(T, y)))   \
    VEC_BIN(VMUL, T, HR(T, HL(T, x) * HL(T, y))) VEC_BIN(VDIV, T, HR(T, HL(T, x) / HL(T, y)))   \
    VEC_BIN(VFLOORDIV, T, HR(T, floorf(HL(T, x) / HL(T, y))))                                   \
    VEC_BIN(VFLOORMOD, T, HR(T, HL(T, x) - floorf(HL(T, x) / HL(T, y)) * HL(T, y)))             \
    VM_OP(VCAST_##T)                                                                            \
        uint32_t nl = OPND(LANES);                                                              \
        uint16_t *r = ctx->scratch[0].u16;                                                      \
        for (uint32_t i = 0; i < nl; i++)                                                       \
            r[i] = CAST_TO_##T(lane_value((const uint8_t *)&R(OPND(SRC0)), OPND(VTYPE), i));    \
        memcpy(&R(OPND(DST)), r, nl * 2);                                                       \
    VM_END                                                                                      \
    VM_OP(VMATH1_##T)                                                                           \
        uint32_t nl = OPND(LANES);                                                              \
        uint16_t *h = ctx->scratch[0].u16;                                                      \
        float *fa = ctx->scratch[1].f32;                                                        \
        memcpy(h, &R(OPND(SRC0)), nl * 2);                                                      \
        for (uint32_t i = 0; i < nl; i++)                                                       \
            fa[i] = HL(T, h[i]);                                                                \
        /* the float32 member of the same math family */                                        \
        vm_math1_f32(OPND(LANEFN) + (TIRBC_OP_EXP_F32 - TIRBC_OP_EXP_##T), fa, nl);             \
        for (uint32_t i = 0; i < nl; i++)                                                       \
            h[i] = HR(T, fa[i]);                                                                \
        memcpy(&R(OPND(DST)), h, nl * 2);                                                       \
    VM_END                                                                                      \
    VM_OP(VMATH2_##T)                                                                           \
        uint32_t nl = OPND(LANES);                                                              \
        uint16_t *h = ctx->scratch[0].u16, *g = ctx->scratch[1].u16;                            \
        float *fa = ctx->scratch[2].f32, *fb = ctx->scratch[3].f32;                             \
        memcpy(h, &R(OPND(SRC0)), nl * 2);                                                      \
        memcpy(g, &R(OPND(SRC1)), nl * 2);                                                      \
        for (uint32_t i = 0; i < nl; i++) {                                                     \
            fa[i] = HL(T, h[i]);                                                                \
            fb[i] = HL(T, g[i]);                                                                \
        }                                                                                       \
        vm_math2_f32(OPND(LANEFN) + (TIRBC_OP_EXP_F32 - TIRBC_OP_EXP_##T), fa, fb, nl);         \
        for (uint32_t i = 0; i < nl; i++)                                                       \
            h[i] = HR(T, fa[i]);                                                                \
        memcpy(&R(OPND(DST)), h, nl * 2);                                                       \
    VM_END

    /* float and double lanes: copied to scratch, the function applied in place */
#define VMATH_SECOND_1(xb, nl) (void)(xb) /* a function of one operand */
#define VMATH_SECOND_2(xb, nl) memcpy(xb, &R(OPND(SRC1)), (nl) * sizeof(xb)[0])
#define VMATH_BODY(ARITY, T, CT, MEMBER, FN)                           \
    VM_OP(VMATH##ARITY##_##T)                                          \
        uint32_t nl = OPND(LANES);                                     \
        CT *xa = ctx->scratch[2].MEMBER, *xb = ctx->scratch[3].MEMBER; \
        memcpy(xa, &R(OPND(SRC0)), nl * sizeof xa[0]);                 \
        VMATH_SECOND_##ARITY(xb, nl);                                  \
        FN;                                                            \
        memcpy(&R(OPND(DST)), xa, nl * sizeof xa[0]);                  \
    VM_END
    VMATH_BODY(1, F32, float, f32, vm_math1_f32(OPND(LANEFN), xa, nl))
    VMATH_BODY(1, F64, double, f64, vm_math1_f64(OPND(LANEFN), xa, nl))
    VMATH_BODY(2, F32, float, f32, vm_math2_f32(OPND(LANEFN), xa, xb, nl))
    VMATH_BODY(2, F64, double, f64, vm_math2_f64(OPND(LANEFN), xa, xb, nl))
    VM_OP(VNOT)
        uint32_t nl = OPND(LANES);
        uint8_t *a = ctx->scratch[0].u8;
        memcpy(a, &R(OPND(SRC0)), nl);
        for (uint32_t i = 0; i < nl; i++)
            a[i] = !a[i];
        memcpy(&R(OPND(DST)), a, nl);
    VM_END
#define VLOGIC_BODY(ID, OPR)                                      \
    VM_OP(ID)                                                     \
        uint32_t nl = OPND(LANES);                                \
        uint8_t *a = ctx->scratch[0].u8, *b = ctx->scratch[1].u8; \
        memcpy(a, &R(OPND(SRC0)), nl);                            \
        memcpy(b, &R(OPND(SRC1)), nl);                            \
        for (uint32_t i = 0; i < nl; i++)                         \
            a[i] = a[i] OPR b[i];                                 \
        memcpy(&R(OPND(DST)), a, nl);                             \
    VM_END
    VLOGIC_BODY(VAND, &)
    VLOGIC_BODY(VOR, |)

    VM_KINDS_HALF(VEC_HALF)

    /* ordered lane reductions into a scalar */
#define VREDUCE_BODY(NAME, T, MEMBER, COMBINE) \
    VM_OP(NAME##_##T)                          \
        uint32_t nl = OPND(LANES);             \
        const AT_##T *v = VREG(T, OPND(SRC0)); \
        CT_##T acc = R(OPND(DST)).MEMBER;      \
        for (uint32_t i = 0; i < nl; i++)      \
            acc = COMBINE(acc, v[i]);          \
        R(OPND(DST)).MEMBER = acc;             \
    VM_END
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
    vm_prof_run prof_run;
    if (ctx->prof)
        vm_prof_enter(ctx->prof, fidx, &prof_run);
    bool ok = !bufargs || vm_bind_buffer_args(ctx, pc, f, regs, cbufs, bufs, bufargs);
    ok = ok && vm_interpret(callee, regs, cbufs, 0);
    if (ctx->prof)
        vm_prof_leave(ctx->call->profile, ctx->prof, fidx, &prof_run);
    if (ok && ret)
        *ret = callee->ret;
    ctx->steps_left = callee->steps_left; /* the callee's steps count against the caller's budget */
    for (uint32_t i = 0; i < f->nbuffers; i++)
        vm_buf_release(ctx, &cbufs[i], fn_elem_size(f, i));
    vm_mem_free(ctx, block, bytes);
    return ok;
}
