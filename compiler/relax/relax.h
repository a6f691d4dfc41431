/* The Relax front end (relax_json.c): a model's Relax function, read from
 * TVM's JSON after relax.get_pipeline("zero"), as one more PrimFunc of the
 * module that plans the model's tensors and calls its kernels. */
#ifndef TIR_RELAX_H
#define TIR_RELAX_H

#include "tvm_json_reader.h"

/* Reads Relax function node `fn` into a PrimFunc called `name`.  funcs are
 * the module's PrimFuncs, already read: kernels with symbolic shapes get
 * their shape variables as trailing scalar parameters.  bind (nbind
 * tensors) gives the detached weights (the params after num_input) by the
 * names p_0, p_1, ... or their own names; with none, they stay parameters.
 * NULL after reporting an error. */
tir_func *tj_relax_function(reader *r, uint32_t fn, const char *name, tir_vec *funcs, const tir_named_tensor *bind,
                            uint32_t nbind);

#endif
