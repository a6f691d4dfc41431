/* The TIR builtins the compiler knows (tvmscript.md section 7): their
 * arity, the argument kind they take, and the instruction family that
 * implements them.  One table, used by the front end, checker, vectorizer
 * and codegen; its float math rows come from format/math.def. */
#ifndef TIR_BUILTINS_H
#define TIR_BUILTINS_H

#include <stdbool.h>

#include "opcodes.h"

/* What the arguments must be: all float, all integer, or (ldexp) a float
 * then an integer. */
typedef enum { BUILTIN_FLOAT, BUILTIN_INT, BUILTIN_FLOAT_INT } tir_builtin_args;

typedef struct {
    const char *op;          /* "tir.exp" */
    int nargs;
    tir_builtin_args args;   /* what every argument must be */
    bool returns_bool;       /* result is bool (else the first argument's dtype) */
    bool lanewise;           /* a math.def function: has a vector form applied to each lane */
    tirbc_opcode family;     /* any member of the implementing instruction family */
} tir_builtin;

/* The entry for an op name, or NULL. */
const tir_builtin *tir_builtin_find(const char *op);

#endif
