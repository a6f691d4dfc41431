#include "builtins.h"

#include <string.h>

static const tir_builtin table[] = {
#define MATH(ID, MN, ARITY, F32FN, F64FN, SYN) {"tir." MN, ARITY, BUILTIN_FLOAT, false, true, TIRBC_OP_##ID##_F32},
#include "math.def"
#undef MATH
    {"tir.isnan", 1, BUILTIN_FLOAT, true, false, TIRBC_OP_ISNAN_F32},
    {"tir.isinf", 1, BUILTIN_FLOAT, true, false, TIRBC_OP_ISINF_F32},
    {"tir.isfinite", 1, BUILTIN_FLOAT, true, false, TIRBC_OP_ISFINITE_F32},
    {"tir.ldexp", 2, BUILTIN_FLOAT_INT, false, false, TIRBC_OP_LDEXP_F32},
    {"tir.popcount", 1, BUILTIN_INT, false, false, TIRBC_OP_POPCOUNT_I32},
    {"tir.clz", 1, BUILTIN_INT, false, false, TIRBC_OP_CLZ_I32},
    {"tir.bitwise_and", 2, BUILTIN_INT, false, false, TIRBC_OP_BITAND_I32},
    {"tir.bitwise_or", 2, BUILTIN_INT, false, false, TIRBC_OP_BITOR_I32},
    {"tir.bitwise_xor", 2, BUILTIN_INT, false, false, TIRBC_OP_BITXOR_I32},
    {"tir.bitwise_not", 1, BUILTIN_INT, false, false, TIRBC_OP_BITNOT_I32},
    {"tir.shift_left", 2, BUILTIN_INT, false, false, TIRBC_OP_SHL_I32},
    {"tir.shift_right", 2, BUILTIN_INT, false, false, TIRBC_OP_SHR_I32},
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
