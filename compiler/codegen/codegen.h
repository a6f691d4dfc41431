/* Code generation: a checked, lowered TIR module to a bytecode module. */
#ifndef TIR_CODEGEN_H
#define TIR_CODEGEN_H

#include "module.h"
#include "tir_ast.h"

/* Returns a new module (free with tirbc_module_free), or NULL after
 * reporting what cannot be compiled through d. */
tirbc_module *tir_codegen_module(tir_arena *a, tir_diag *d, const tir_module *m, const char *source_name);

#endif
