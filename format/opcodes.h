/* Views of the instruction set generated from opcodes.def. */
#ifndef TIRBC_OPCODES_H
#define TIRBC_OPCODES_H

#include <stddef.h>
#include <stdint.h>

#include "dtype.h"

typedef enum {
#define OP(id, mn, ops, vt, syn) TIRBC_OP_##id,
#include "opcodes.def"
#undef OP
    TIRBC_OP_COUNT
} tirbc_opcode;

#define TIRBC_MAX_OPERANDS 13

typedef struct {
    const char *stem;     /* "add"; the full mnemonic is stem.kind ("add.i32") */
    const char *operands; /* operand letters, see opcodes.def */
    uint8_t noperands;
    uint8_t vtype;        /* tir_vtype T, or TIR_VT_NONE for untyped instructions */
    const char *synopsis;
} tirbc_opinfo;

extern const tirbc_opinfo tirbc_ops[TIRBC_OP_COUNT];

/* The full mnemonic of an opcode ("add.i32", "jmp") written into buf. */
const char *tirbc_op_name(int op, char *buf, size_t n);
/* Opcode for a mnemonic, or -1. */
int tirbc_op_lookup(const char *mnemonic);
/* The member of a typed family for value kind vt, e.g.
 * tirbc_op_typed(TIRBC_OP_ADD_BOOL, TIR_VT_I32) == TIRBC_OP_ADD_I32; -1 if the
 * family has no member for vt.  `family` is any member of the family. */
int tirbc_op_typed(tirbc_opcode family, tir_vtype vt);

#endif
