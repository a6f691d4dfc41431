/* Lowering: removes what the VM does not need to know about.  Block and
 * BlockRealize become lets, a predicate guard, the init guard and
 * allocations (spec Stmt semantics 14-15 with spec-readings 1 and 3). */
#ifndef TIR_LOWER_H
#define TIR_LOWER_H

#include "tir_ast.h"

/* Rewrites every function body in place; reports unsupported constructs. */
bool tir_lower_module(tir_arena *a, tir_diag *d, tir_module *m);

#endif
