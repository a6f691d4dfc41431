/* TIR data types (the spec's DataType) and the scalar value kinds the
 * bytecode is typed by.  Shared by the compiler, the format and the VM. */
#ifndef TIR_DTYPE_H
#define TIR_DTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Type codes use DLPack's numbering so a DLTensor's dtype compares directly. */
enum {
    TIR_CODE_INT = 0,
    TIR_CODE_UINT = 1,
    TIR_CODE_FLOAT = 2,
    TIR_CODE_HANDLE = 3,
    TIR_CODE_BFLOAT = 4,
    TIR_CODE_DLBOOL = 6 /* DLPack's kDLBool (8 bits); only seen in DLTensors */
};

typedef struct {
    uint8_t code;
    uint8_t bits;
    uint16_t lanes;
} tir_dtype;

/* Scalar value kinds: what one lane of a register or buffer element is;
 * the one table of their traits.
 * X(ENUM, short name used in mnemonics, size in bytes, C type of a lane in
 *   memory and in vector registers, signed, bits, CLASS)
 * CLASS is BOOL, INT, HALF (16-bit floats, computed in float32 and kept as
 * their bits), FLOAT or HANDLE.  The interpreter's per-kind traits and kind
 * lists (vm/vm_kinds.h) are generated from this table by gen_vm_kinds. */
#define TIR_VTYPES(X)                               \
    X(BOOL, "bool", 1, uint8_t, 0, 1, BOOL)         \
    X(I8, "i8", 1, int8_t, 1, 8, INT)               \
    X(I16, "i16", 2, int16_t, 1, 16, INT)           \
    X(I32, "i32", 4, int32_t, 1, 32, INT)           \
    X(I64, "i64", 8, int64_t, 1, 64, INT)           \
    X(U8, "u8", 1, uint8_t, 0, 8, INT)              \
    X(U16, "u16", 2, uint16_t, 0, 16, INT)          \
    X(U32, "u32", 4, uint32_t, 0, 32, INT)          \
    X(U64, "u64", 8, uint64_t, 0, 64, INT)          \
    X(F16, "f16", 2, uint16_t, 1, 16, HALF)         \
    X(BF16, "bf16", 2, uint16_t, 1, 16, HALF)       \
    X(F32, "f32", 4, float, 1, 32, FLOAT)           \
    X(F64, "f64", 8, double, 1, 64, FLOAT)          \
    X(HANDLE, "handle", 8, uint64_t, 0, 64, HANDLE)

typedef enum {
#define X(e, n, s, ct, sg, bits, cls) TIR_VT_##e,
    TIR_VTYPES(X)
#undef X
    TIR_VT_COUNT,
    TIR_VT_NONE = 0xff /* "no type" in opcode tables */
} tir_vtype;

extern const char *const tir_vtype_names[TIR_VT_COUNT];
extern const uint8_t tir_vtype_sizes[TIR_VT_COUNT];

static inline tir_dtype tir_dt(uint8_t code, uint8_t bits, uint16_t lanes)
{
    tir_dtype t = {code, bits, lanes};
    return t;
}
static inline bool tir_dt_eq(tir_dtype a, tir_dtype b)
{
    return a.code == b.code && a.bits == b.bits && a.lanes == b.lanes;
}
static inline tir_dtype tir_dt_with_lanes(tir_dtype t, uint16_t lanes)
{
    t.lanes = lanes;
    return t;
}

#define TIR_DT_BOOL tir_dt(TIR_CODE_UINT, 1, 1)
#define TIR_DT_I32 tir_dt(TIR_CODE_INT, 32, 1)
#define TIR_DT_I64 tir_dt(TIR_CODE_INT, 64, 1)
#define TIR_DT_F32 tir_dt(TIR_CODE_FLOAT, 32, 1)
#define TIR_DT_HANDLE tir_dt(TIR_CODE_HANDLE, 64, 1)
#define TIR_DT_VOID tir_dt(TIR_CODE_HANDLE, 0, 1)

static inline bool tir_dt_is_bool(tir_dtype t) { return t.code == TIR_CODE_UINT && t.bits == 1; }
static inline bool tir_dt_is_int(tir_dtype t) { return t.code == TIR_CODE_INT || t.code == TIR_CODE_UINT; }
static inline bool tir_dt_is_float(tir_dtype t) { return t.code == TIR_CODE_FLOAT || t.code == TIR_CODE_BFLOAT; }
static inline bool tir_dt_is_handle(tir_dtype t) { return t.code == TIR_CODE_HANDLE; }
static inline bool tir_dt_is_void(tir_dtype t) { return t.code == TIR_CODE_HANDLE && t.bits == 0; }
static inline bool tir_dt_is_scalar(tir_dtype t) { return t.lanes == 1; }

/* Parse "int32", "float32x4", "bool", "handle", "void", ...; lanes from an
 * "xN" suffix.  Returns false for anything that is not a TIR dtype. */
bool tir_dtype_parse(const char *s, size_t len, tir_dtype *out);
/* Writes the canonical name ("int32", "float16x8", "bool") into buf. */
const char *tir_dtype_str(tir_dtype t, char *buf, size_t n);
/* The canonical name in one of a small ring of buffers owned by the calling
 * thread, so up to 8 names can appear in one message; for diagnostics. */
const char *tir_dtype_name(tir_dtype t);
/* The value kind of one lane; TIR_VT_NONE for void or unsupported types. */
tir_vtype tir_dtype_vtype(tir_dtype t);
/* The dtype of a value kind with one lane. */
tir_dtype tir_vtype_dtype(tir_vtype v);
/* Size in bytes of one element of a buffer of this dtype (bool is 1 byte). */
size_t tir_dtype_elem_size(tir_dtype t);
/* The Open Inference Protocol's name of a one-lane dtype ("FP32", "INT8",
 * "BOOL" for bool and for DLPack's 8-bit bool), or NULL (vector lanes,
 * handles, widths the protocol has no name for); tirvm serve's datatypes. */
const char *tir_dtype_oip_name(tir_dtype t);

#endif
