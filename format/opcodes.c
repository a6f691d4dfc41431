#include "opcodes.h"

#include <stdio.h>
#include <string.h>

const tirbc_opinfo tirbc_ops[TIRBC_OP_COUNT] = {
#define OP(id, mn, ops, vt, syn) [TIRBC_OP_##id] = {mn, ops, sizeof(ops) - 1, TIR_VT_##vt, syn},
#include "opcodes.def"
#undef OP
};

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
