/* Type checking, scoping and SSA (the specification's typing rules). */
#ifndef TIR_CHECK_H
#define TIR_CHECK_H

#include "tir_ast.h"

/* Reports every violation through d; true if the module is well typed. */
bool tir_check_module(tir_arena *a, tir_diag *d, const tir_module *m);

#endif
