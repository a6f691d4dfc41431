/* The fused vector instructions (opcodes.def: voprm ... vopstmm). */
#ifndef TIRVM_FUSED_OPS_H
#define TIRVM_FUSED_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "vm_internal.h"

/* Runs the fused vector instruction at ip (at offset pc of the function's
 * code); false after reporting an out-of-bounds range. */
bool vm_fused_op(vm_ctx *ctx, vm_slot *regs, const vm_buf *bufs, const uint32_t *ip, uint32_t pc);

#endif
