/* The middle end: the passes of passes.def, in its order, over every
 * function of a checked module.  Each pass takes TIR and gives back TIR
 * with the same meaning; codegen then only selects instructions. */
#ifndef TIR_MIDDLE_H
#define TIR_MIDDLE_H

#include "tir_ast.h"

/* The number of passes, and pass i's name and synopsis (passes.def order). */
int tir_pass_count(void);
const char *tir_pass_name(int i);
const char *tir_pass_synopsis(int i);
/* The bit of the pass named `name` for tir_middle_end's `skip`, or 0 for
 * an unknown name or a pass that cannot be skipped. */
uint32_t tir_pass_bit(const char *name);
/* Is pass i required (codegen cannot do without it)? */
bool tir_pass_required(int i);

/* Runs every pass whose bit is not in `skip`; false after an error. */
bool tir_middle_end(tir_arena *a, tir_diag *d, tir_module *m, uint32_t skip);

#endif
