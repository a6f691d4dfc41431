/* The loop-level instructions, one function per opcode (loop_ops.c). */
#ifndef TIRVM_LOOP_OPS_H
#define TIRVM_LOOP_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "vm_internal.h"
#include "vm_kinds.h"

/* The loop-level families: F(FAMILY, K) for each of their instructions,
 * the kinds those of the family's rows in opcodes.def (VM_FAMILY_*,
 * vm_kinds.h), so interp.c and loop_ops.c list no kind of their own. */
#define VM_LOOP_OPS(F)                                                                              \
    VM_FAMILY_MAC(F) VM_FAMILY_MACI(F) VM_FAMILY_MAC2(F) VM_FAMILY_MAC2S(F) VM_FAMILY_MAC3(F) VM_FAMILY_MACT(F) VM_FAMILY_MACTZ(F) VM_FAMILY_RSUM(F)       \
    VM_FAMILY_RMAX(F) VM_FAMILY_RMIN(F) VM_FAMILY_RSUM2(F) VM_FAMILY_RMAX2(F) VM_FAMILY_RMIN2(F) VM_FAMILY_COPYR(F)

/* vm_loop_<ID>: runs the instruction at ip; false on a runtime error. */
#define VM_LOOP_OP_PARAMS vm_ctx *ctx, vm_slot *regs, vm_buf *bufs, const uint32_t *ip
#define VM_DECLARE_LOOP_OP(FAMILY, T) bool vm_loop_##FAMILY##_##T(VM_LOOP_OP_PARAMS);
VM_LOOP_OPS(VM_DECLARE_LOOP_OP)

#endif
