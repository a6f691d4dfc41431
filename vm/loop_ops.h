/* The loop-level instructions, one function per opcode (loop_ops.c). */
#ifndef TIRVM_LOOP_OPS_H
#define TIRVM_LOOP_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "vm_internal.h"
#include "vm_kinds.h"

#define VM_LOOP_OP_PARAMS vm_ctx *ctx, vm_slot *regs, vm_buf *bufs, const uint32_t *ip
#define VM_DECLARE_LOOP_OP(ID) bool vm_loop_##ID(VM_LOOP_OP_PARAMS);
#define VM_DECLARE_LOOP_OPS_FP(T) VM_DECLARE_LOOP_OP(MAC_##T)
#define VM_DECLARE_LOOP_OPS_FLOAT(T) \
    VM_DECLARE_LOOP_OP(MAC2_##T) VM_DECLARE_LOOP_OP(MAC2S_##T) VM_DECLARE_LOOP_OP(RSUM2_##T) VM_DECLARE_LOOP_OP(RMAX2_##T) \
    VM_DECLARE_LOOP_OP(RMIN2_##T) VM_DECLARE_LOOP_OP(RSUM_##T) VM_DECLARE_LOOP_OP(RMAX_##T) VM_DECLARE_LOOP_OP(RMIN_##T)
#define VM_DECLARE_LOOP_OPS_INT(T) VM_DECLARE_LOOP_OP(MACI_##T)
VM_KINDS_HALF(VM_DECLARE_LOOP_OPS_FP)
VM_KINDS_FLOAT(VM_DECLARE_LOOP_OPS_FP)
VM_KINDS_FLOAT(VM_DECLARE_LOOP_OPS_FLOAT)
VM_KINDS_INT(VM_DECLARE_LOOP_OPS_INT)

#endif
