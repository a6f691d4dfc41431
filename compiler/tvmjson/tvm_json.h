/* TVM JSON front end: reads what tvm.ir.save_json writes (an IRModule or a
 * single PrimFunc, in the legacy format of TVM <= 0.21 or the tvm-ffi graph
 * format of TVM 0.22-0.23) into the TIR AST, node for node: no type
 * promotion and no folding.  docs/tvm-json.md describes the
 * format; section numbers in comments refer to it. */
#ifndef TIR_TVM_JSON_H
#define TIR_TVM_JSON_H

#include <stddef.h>

#include "tir_ast.h"

/* Builds the module from TVM JSON text; NULL after reporting errors through
 * d.  A Relax function becomes a PrimFunc (relax/relax.h), its detached
 * weights bound to the nbind tensors of bind when there are any. */
tir_module *tir_json_build(tir_arena *a, tir_diag *d, const char *src, size_t len, const tir_named_tensor *bind,
                           uint32_t nbind);

#endif
