/* Views of the instruction set generated from opcodes.def. */
#ifndef TIRBC_OPCODES_H
#define TIRBC_OPCODES_H

#include <stddef.h>
#include <stdint.h>

#include "dtype.h"

/* The value kinds of the fused vector instructions (voprm ... vopstmm and
 * the multiply-adds vmadd ... vmaddsst), the one list opcodes.def, the
 * interpreter and the lane loops expand: K(KIND, ...) for each, passing the
 * further arguments on. */
#define TIRBC_FUSED_KINDS(K, ...) K(I32, __VA_ARGS__) K(I64, __VA_ARGS__) K(F32, __VA_ARGS__) K(F64, __VA_ARGS__)

typedef enum {
#define OP(id, mn, ops, vt, syn) TIRBC_OP_##id,
#include "opcodes.def"
#undef OP
    TIRBC_OP_COUNT
} tirbc_opcode;

/* Each instruction's size in words, its opcode word included (add.i32 is
 * TIRBC_SIZE_ADD_I32): the interpreter advances by these, never by a
 * number written by hand. */
enum {
#define OP(id, mn, ops, vt, syn) TIRBC_SIZE_##id = sizeof(ops),
#include "opcodes.def"
#undef OP
};

#define TIRBC_MAX_OPERANDS 21

/* The columns of operands.def. */
typedef enum {
    TIRBC_OPK_REG, TIRBC_OPK_VREG, TIRBC_OPK_BUF, TIRBC_OPK_CONST, TIRBC_OPK_STR, TIRBC_OPK_JUMP,
    TIRBC_OPK_FUNC, TIRBC_OPK_ARGS, TIRBC_OPK_LANES, TIRBC_OPK_VTYPE, TIRBC_OPK_LANEFN, TIRBC_OPK_IMM
} tirbc_operand_kind;
typedef enum { TIRBC_OPA_NONE, TIRBC_OPA_READ, TIRBC_OPA_WRITE } tirbc_operand_access;
typedef enum {
    TIRBC_OPT_NONE, TIRBC_OPT_T, TIRBC_OPT_ANY, TIRBC_OPT_SAME_AS_X, TIRBC_OPT_INT, TIRBC_OPT_INT_EXACT,
    TIRBC_OPT_RET, TIRBC_OPT_SAME_SIZE, TIRBC_OPT_KIND_IMM, TIRBC_OPT_BOOL, TIRBC_OPT_U64, TIRBC_OPT_F32,
    TIRBC_OPT_F64, TIRBC_OPT_F16, TIRBC_OPT_BF16, TIRBC_OPT_I64, TIRBC_OPT_I32
} tirbc_operand_type;
typedef enum {
    TIRBC_OPC_NONE, TIRBC_OPC_LANE_COUNT, TIRBC_OPC_LANE_INDEX, TIRBC_OPC_WIDTH, TIRBC_OPC_DIM,
    TIRBC_OPC_ALLOC_BUFFER, TIRBC_OPC_ARG_COUNT, TIRBC_OPC_ARITY1, TIRBC_OPC_ARITY2, TIRBC_OPC_ANY_KIND,
    TIRBC_OPC_INT_KIND, TIRBC_OPC_BUF_ARGS, TIRBC_OPC_FUSED_OP
} tirbc_operand_check;

typedef struct {
    char letter;
    uint8_t kind;   /* tirbc_operand_kind */
    uint8_t access; /* tirbc_operand_access */
    uint8_t type;   /* tirbc_operand_type */
    uint8_t check;  /* tirbc_operand_check */
    const char *prefix;
    const char *meaning;
} tirbc_operand_info;

/* The row of an operand letter, or NULL for a letter operands.def lacks. */
const tirbc_operand_info *tirbc_operand(char letter);
/* The row of operand i (0-based) of opcode op; op and i must be valid. */
const tirbc_operand_info *tirbc_op_operand(uint32_t op, unsigned i);
/* The fixed value kind an operand's TYPE column names (BOOL ... I32), else TIR_VT_NONE. */
unsigned tirbc_operand_fixed_vtype(const tirbc_operand_info *o);

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

/* Is lane_op the register instruction (vadd.T, vsub.T, vmul.T, vmin.T,
 * vmax.T, or vdiv.T for a float T) whose lane operation a fused vector
 * instruction of kind T may apply? */
bool tirbc_fused_lane_op_ok(uint32_t lane_op, unsigned vt);
/* The number of operands of a lane-wise math function (math.def) when `op`
 * is one, else 0: what a vmath instruction may apply to its lanes. */
unsigned tirbc_op_math_arity(uint32_t op);

#endif
