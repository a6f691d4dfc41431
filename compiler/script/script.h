/* TVMScript front end: gives the Python-syntax tree TIR meaning, building the
 * TIR AST the way TVM's parser does (operators with its type promotion and
 * constant folding, the "rest of the suite" rule for scope-opening
 * statements, blocks with the implicit root block). */
#ifndef TIR_SCRIPT_H
#define TIR_SCRIPT_H

#include "py_ast.h"
#include "tir_ast.h"

/* Returns the module, or NULL after reporting errors through d. */
tir_module *tir_script_build(tir_arena *a, tir_diag *d, const py_module *m);
/* As tir_script_build, reading the program as TVM 0.tvm_minor prints it
 * (18..27) rather than guessing the release; 0 guesses. */
tir_module *tir_script_build_for(tir_arena *a, tir_diag *d, const py_module *m, int tvm_minor);

#endif
