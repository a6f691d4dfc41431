#include "builtins.h"

#include <string.h>

static const tir_builtin table[] = {
    {"tir.exp", 1, BUILTIN_FLOAT, false, TIRBC_OP_EXP_F32},
    {"tir.exp2", 1, BUILTIN_FLOAT, false, TIRBC_OP_EXP2_F32},
    {"tir.exp10", 1, BUILTIN_FLOAT, false, TIRBC_OP_EXP10_F32},
    {"tir.log", 1, BUILTIN_FLOAT, false, TIRBC_OP_LOG_F32},
    {"tir.log2", 1, BUILTIN_FLOAT, false, TIRBC_OP_LOG2_F32},
    {"tir.log10", 1, BUILTIN_FLOAT, false, TIRBC_OP_LOG10_F32},
    {"tir.log1p", 1, BUILTIN_FLOAT, false, TIRBC_OP_LOG1P_F32},
    {"tir.sqrt", 1, BUILTIN_FLOAT, false, TIRBC_OP_SQRT_F32},
    {"tir.rsqrt", 1, BUILTIN_FLOAT, false, TIRBC_OP_RSQRT_F32},
    {"tir.sin", 1, BUILTIN_FLOAT, false, TIRBC_OP_SIN_F32},
    {"tir.cos", 1, BUILTIN_FLOAT, false, TIRBC_OP_COS_F32},
    {"tir.tan", 1, BUILTIN_FLOAT, false, TIRBC_OP_TAN_F32},
    {"tir.asin", 1, BUILTIN_FLOAT, false, TIRBC_OP_ASIN_F32},
    {"tir.acos", 1, BUILTIN_FLOAT, false, TIRBC_OP_ACOS_F32},
    {"tir.atan", 1, BUILTIN_FLOAT, false, TIRBC_OP_ATAN_F32},
    {"tir.sinh", 1, BUILTIN_FLOAT, false, TIRBC_OP_SINH_F32},
    {"tir.cosh", 1, BUILTIN_FLOAT, false, TIRBC_OP_COSH_F32},
    {"tir.tanh", 1, BUILTIN_FLOAT, false, TIRBC_OP_TANH_F32},
    {"tir.asinh", 1, BUILTIN_FLOAT, false, TIRBC_OP_ASINH_F32},
    {"tir.acosh", 1, BUILTIN_FLOAT, false, TIRBC_OP_ACOSH_F32},
    {"tir.atanh", 1, BUILTIN_FLOAT, false, TIRBC_OP_ATANH_F32},
    {"tir.sigmoid", 1, BUILTIN_FLOAT, false, TIRBC_OP_SIGMOID_F32},
    {"tir.erf", 1, BUILTIN_FLOAT, false, TIRBC_OP_ERF_F32},
    {"tir.floor", 1, BUILTIN_FLOAT, false, TIRBC_OP_FLOOR_F32},
    {"tir.ceil", 1, BUILTIN_FLOAT, false, TIRBC_OP_CEIL_F32},
    {"tir.trunc", 1, BUILTIN_FLOAT, false, TIRBC_OP_TRUNC_F32},
    {"tir.round", 1, BUILTIN_FLOAT, false, TIRBC_OP_ROUND_F32},
    {"tir.nearbyint", 1, BUILTIN_FLOAT, false, TIRBC_OP_NEARBYINT_F32},
    {"tir.fabs", 1, BUILTIN_FLOAT, false, TIRBC_OP_FABS_F32},
    {"tir.pow", 2, BUILTIN_FLOAT, false, TIRBC_OP_POW_F32},
    {"tir.fmod", 2, BUILTIN_FLOAT, false, TIRBC_OP_FMOD_F32},
    {"tir.atan2", 2, BUILTIN_FLOAT, false, TIRBC_OP_ATAN2_F32},
    {"tir.hypot", 2, BUILTIN_FLOAT, false, TIRBC_OP_HYPOT_F32},
    {"tir.copysign", 2, BUILTIN_FLOAT, false, TIRBC_OP_COPYSIGN_F32},
    {"tir.nextafter", 2, BUILTIN_FLOAT, false, TIRBC_OP_NEXTAFTER_F32},
    {"tir.isnan", 1, BUILTIN_FLOAT, true, TIRBC_OP_ISNAN_F32},
    {"tir.isinf", 1, BUILTIN_FLOAT, true, TIRBC_OP_ISINF_F32},
    {"tir.isfinite", 1, BUILTIN_FLOAT, true, TIRBC_OP_ISFINITE_F32},
    {"tir.ldexp", 2, BUILTIN_FLOAT_INT, false, TIRBC_OP_LDEXP_F32},
    {"tir.popcount", 1, BUILTIN_INT, false, TIRBC_OP_POPCOUNT_I32},
    {"tir.clz", 1, BUILTIN_INT, false, TIRBC_OP_CLZ_I32},
    {"tir.bitwise_and", 2, BUILTIN_INT, false, TIRBC_OP_BITAND_I32},
    {"tir.bitwise_or", 2, BUILTIN_INT, false, TIRBC_OP_BITOR_I32},
    {"tir.bitwise_xor", 2, BUILTIN_INT, false, TIRBC_OP_BITXOR_I32},
    {"tir.bitwise_not", 1, BUILTIN_INT, false, TIRBC_OP_BITNOT_I32},
    {"tir.shift_left", 2, BUILTIN_INT, false, TIRBC_OP_SHL_I32},
    {"tir.shift_right", 2, BUILTIN_INT, false, TIRBC_OP_SHR_I32},
};

const tir_builtin *tir_builtin_find(const char *op)
{
    if (!op)
        return NULL;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].op, op) == 0)
            return &table[i];
    return NULL;
}
