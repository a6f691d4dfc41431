#include "dtype.h"

#include <stdio.h>
#include <string.h>

const char *const tir_vtype_names[TIR_VT_COUNT] = {
#define X(e, n, s, ct, sg, bits, cls) n,
    TIR_VTYPES(X)
#undef X
};

const uint8_t tir_vtype_sizes[TIR_VT_COUNT] = {
#define X(e, n, s, ct, sg, bits, cls) s,
    TIR_VTYPES(X)
#undef X
};

static bool parse_uint(const char *s, size_t len, unsigned long *out)
{
    if (len == 0 || len > 6)
        return false;
    unsigned long v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (unsigned long)(s[i] - '0');
    }
    *out = v;
    return true;
}

bool tir_dtype_parse(const char *s, size_t len, tir_dtype *out)
{
    static const struct {
        const char *name;
        uint8_t code, bits;
    } bases[] = {
        {"int8", TIR_CODE_INT, 8},       {"int16", TIR_CODE_INT, 16},     {"int32", TIR_CODE_INT, 32},
        {"int64", TIR_CODE_INT, 64},     {"uint8", TIR_CODE_UINT, 8},     {"uint16", TIR_CODE_UINT, 16},
        {"uint32", TIR_CODE_UINT, 32},   {"uint64", TIR_CODE_UINT, 64},   {"bool", TIR_CODE_UINT, 1},
        {"uint1", TIR_CODE_UINT, 1},     {"float16", TIR_CODE_FLOAT, 16}, {"float32", TIR_CODE_FLOAT, 32},
        {"float64", TIR_CODE_FLOAT, 64}, {"bfloat16", TIR_CODE_BFLOAT, 16},
    };
    if (len == 6 && memcmp(s, "handle", 6) == 0) {
        *out = TIR_DT_HANDLE;
        return true;
    }
    if (len == 4 && memcmp(s, "void", 4) == 0) {
        *out = TIR_DT_VOID;
        return true;
    }
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        size_t bl = strlen(bases[i].name);
        if (len < bl || memcmp(s, bases[i].name, bl) != 0)
            continue;
        unsigned long lanes = 1;
        if (len > bl) {
            if (s[bl] != 'x' || !parse_uint(s + bl + 1, len - bl - 1, &lanes) || lanes < 1 || lanes > 64)
                continue;
        }
        *out = tir_dt(bases[i].code, bases[i].bits, (uint16_t)lanes);
        return true;
    }
    return false;
}

const char *tir_dtype_str(tir_dtype t, char *buf, size_t n)
{
    const char *base;
    char tmp[16];
    switch (t.code) {
    case TIR_CODE_INT: base = "int"; break;
    case TIR_CODE_UINT: base = t.bits == 1 ? "bool" : "uint"; break;
    case TIR_CODE_FLOAT: base = "float"; break;
    case TIR_CODE_BFLOAT: base = "bfloat"; break;
    case TIR_CODE_HANDLE: base = t.bits == 0 ? "void" : "handle"; break;
    default: base = "unknown"; break;
    }
    if (t.code == TIR_CODE_HANDLE || tir_dt_is_bool(t))
        snprintf(tmp, sizeof tmp, "%s", base);
    else
        snprintf(tmp, sizeof tmp, "%s%u", base, (unsigned)t.bits);
    if (t.lanes != 1 && t.code != TIR_CODE_HANDLE)
        snprintf(buf, n, "%sx%u", tmp, (unsigned)t.lanes);
    else
        snprintf(buf, n, "%s", tmp);
    return buf;
}

const char *tir_dtype_name(tir_dtype t)
{
    /* per thread, so compiles on several threads do not share the ring */
    static _Thread_local char bufs[8][32];
    static _Thread_local unsigned k;
    k = (k + 1) % 8;
    return tir_dtype_str(t, bufs[k], sizeof bufs[k]);
}

tir_vtype tir_dtype_vtype(tir_dtype t)
{
    switch (t.code) {
    case TIR_CODE_INT:
        switch (t.bits) {
        case 8: return TIR_VT_I8;
        case 16: return TIR_VT_I16;
        case 32: return TIR_VT_I32;
        case 64: return TIR_VT_I64;
        }
        break;
    case TIR_CODE_UINT:
        switch (t.bits) {
        case 1: return TIR_VT_BOOL;
        case 8: return TIR_VT_U8;
        case 16: return TIR_VT_U16;
        case 32: return TIR_VT_U32;
        case 64: return TIR_VT_U64;
        }
        break;
    case TIR_CODE_FLOAT:
        switch (t.bits) {
        case 16: return TIR_VT_F16;
        case 32: return TIR_VT_F32;
        case 64: return TIR_VT_F64;
        }
        break;
    case TIR_CODE_BFLOAT:
        if (t.bits == 16)
            return TIR_VT_BF16;
        break;
    case TIR_CODE_HANDLE:
        if (t.bits == 64)
            return TIR_VT_HANDLE;
        break;
    }
    return TIR_VT_NONE;
}

tir_dtype tir_vtype_dtype(tir_vtype v)
{
    switch (v) {
    case TIR_VT_BOOL: return tir_dt(TIR_CODE_UINT, 1, 1);
    case TIR_VT_I8: return tir_dt(TIR_CODE_INT, 8, 1);
    case TIR_VT_I16: return tir_dt(TIR_CODE_INT, 16, 1);
    case TIR_VT_I32: return tir_dt(TIR_CODE_INT, 32, 1);
    case TIR_VT_I64: return tir_dt(TIR_CODE_INT, 64, 1);
    case TIR_VT_U8: return tir_dt(TIR_CODE_UINT, 8, 1);
    case TIR_VT_U16: return tir_dt(TIR_CODE_UINT, 16, 1);
    case TIR_VT_U32: return tir_dt(TIR_CODE_UINT, 32, 1);
    case TIR_VT_U64: return tir_dt(TIR_CODE_UINT, 64, 1);
    case TIR_VT_F16: return tir_dt(TIR_CODE_FLOAT, 16, 1);
    case TIR_VT_BF16: return tir_dt(TIR_CODE_BFLOAT, 16, 1);
    case TIR_VT_F32: return tir_dt(TIR_CODE_FLOAT, 32, 1);
    case TIR_VT_F64: return tir_dt(TIR_CODE_FLOAT, 64, 1);
    default: return TIR_DT_HANDLE;
    }
}

size_t tir_dtype_elem_size(tir_dtype t)
{
    size_t lane = t.bits == 1 ? 1 : (size_t)t.bits / 8;
    return lane * t.lanes;
}

const char *tir_dtype_oip_name(tir_dtype t)
{
    if (t.lanes != 1)
        return NULL;
    switch (t.code) {
    case TIR_CODE_INT:
        return t.bits == 8 ? "INT8" : t.bits == 16 ? "INT16" : t.bits == 32 ? "INT32" : t.bits == 64 ? "INT64" : NULL;
    case TIR_CODE_UINT:
        return t.bits == 1 ? "BOOL" : t.bits == 8 ? "UINT8" : t.bits == 16 ? "UINT16" : t.bits == 32 ? "UINT32"
             : t.bits == 64 ? "UINT64" : NULL;
    case TIR_CODE_FLOAT:
        return t.bits == 16 ? "FP16" : t.bits == 32 ? "FP32" : t.bits == 64 ? "FP64" : NULL;
    case TIR_CODE_BFLOAT:
        return t.bits == 16 ? "BF16" : NULL;
    case TIR_CODE_DLBOOL:
        return t.bits == 8 ? "BOOL" : NULL;
    default:
        return NULL;
    }
}
