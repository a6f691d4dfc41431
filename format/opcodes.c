#include "opcodes.h"

#include <stdio.h>
#include <string.h>

#include "module.h" /* the limits operands.def spells */

const tirbc_opinfo tirbc_ops[TIRBC_OP_COUNT] = {
#define OP(id, mn, ops, vt, syn) [TIRBC_OP_##id] = {mn, ops, sizeof(ops) - 1, TIR_VT_##vt, syn},
#include "opcodes.def"
#undef OP
};

/* operands.def indexed by letter */
static const tirbc_operand_info operand_rows[128] = {
#define OPERAND(L, KIND, ACCESS, TYPE, CHECK, PREFIX, MEANING) \
    [L] = {L, TIRBC_OPK_##KIND, TIRBC_OPA_##ACCESS, TIRBC_OPT_##TYPE, TIRBC_OPC_##CHECK, PREFIX, MEANING},
#include "operands.def"
#undef OPERAND
};

const tirbc_operand_info *tirbc_operand(char letter)
{
    unsigned char l = (unsigned char)letter;
    return l < 128 && operand_rows[l].meaning ? &operand_rows[l] : NULL;
}

const tirbc_operand_info *tirbc_op_operand(uint32_t op, unsigned i)
{
    return tirbc_operand(tirbc_ops[op].operands[i]);
}

unsigned tirbc_operand_fixed_vtype(const tirbc_operand_info *o)
{
    switch (o->type) {
    case TIRBC_OPT_BOOL: return TIR_VT_BOOL;
    case TIRBC_OPT_U64: return TIR_VT_U64;
    case TIRBC_OPT_F32: return TIR_VT_F32;
    case TIRBC_OPT_F64: return TIR_VT_F64;
    case TIRBC_OPT_F16: return TIR_VT_F16;
    case TIRBC_OPT_BF16: return TIR_VT_BF16;
    case TIRBC_OPT_I64: return TIR_VT_I64;
    case TIRBC_OPT_I32: return TIR_VT_I32;
    default: return TIR_VT_NONE;
    }
}

/* The arity of each math.def family's members; 0 for other opcodes. */
static const uint8_t math_arity[TIRBC_OP_COUNT] = {
#define MATH(ID, MN, ARITY, F32FN, F64FN, SYN)                                                          \
    [TIRBC_OP_##ID##_F16] = ARITY, [TIRBC_OP_##ID##_BF16] = ARITY, [TIRBC_OP_##ID##_F32] = ARITY, \
    [TIRBC_OP_##ID##_F64] = ARITY,
#include "math.def"
#undef MATH
};

unsigned tirbc_op_math_arity(uint32_t op) { return op < TIRBC_OP_COUNT ? math_arity[op] : 0; }

bool tirbc_fused_lane_op_ok(uint32_t lane_op, unsigned vt)
{
    if (lane_op >= TIRBC_OP_COUNT || tirbc_ops[lane_op].vtype != vt)
        return false;
    const char *stem = tirbc_ops[lane_op].stem;
    bool is_float = vt == TIR_VT_F16 || vt == TIR_VT_BF16 || vt == TIR_VT_F32 || vt == TIR_VT_F64;
    return strcmp(stem, "vadd") == 0 || strcmp(stem, "vsub") == 0 || strcmp(stem, "vmul") == 0 ||
           strcmp(stem, "vmin") == 0 || strcmp(stem, "vmax") == 0 || (is_float && strcmp(stem, "vdiv") == 0);
}

const char *tirbc_op_name(int op, char *buf, size_t n)
{
    if (op < 0 || op >= TIRBC_OP_COUNT)
        snprintf(buf, n, "<opcode %d>", op);
    else if (tirbc_ops[op].vtype == TIR_VT_NONE)
        snprintf(buf, n, "%s", tirbc_ops[op].stem);
    else
        snprintf(buf, n, "%s.%s", tirbc_ops[op].stem, tir_vtype_names[tirbc_ops[op].vtype]);
    return buf;
}

int tirbc_op_lookup(const char *mnemonic)
{
    char buf[64];
    for (int op = 0; op < TIRBC_OP_COUNT; op++)
        if (strcmp(tirbc_op_name(op, buf, sizeof buf), mnemonic) == 0)
            return op;
    return -1;
}

int tirbc_op_typed(tirbc_opcode family, tir_vtype vt)
{
    /* Family members are consecutive and share the stem. */
    const char *stem = tirbc_ops[family].stem;
    int first = (int)family;
    while (first > 0 && strcmp(tirbc_ops[first - 1].stem, stem) == 0)
        first--;
    for (int op = first; op < TIRBC_OP_COUNT && strcmp(tirbc_ops[op].stem, stem) == 0; op++)
        if (tirbc_ops[op].vtype == vt)
            return op;
    return -1;
}
