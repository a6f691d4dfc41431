/* Type checking, scoping and SSA (the specification's typing rules). */
#ifndef TIR_CHECK_H
#define TIR_CHECK_H

#include "tir_ast.h"

/* Reports every violation through d; true if the module is well typed. */
bool tir_check_module(tir_arena *a, tir_diag *d, const tir_module *m);
/* As tir_check_module; with strict, lane counts outside the specification's
 * 4, 8, 16, 32, 64 (which tirc accepts as an extension) are errors too. */
bool tir_check_module_strict(tir_arena *a, tir_diag *d, const tir_module *m, bool strict);

#endif
