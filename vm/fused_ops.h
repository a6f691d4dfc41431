/* The fused vector instructions (opcodes.def: voprm ... vopstmm, and the
 * multiply-adds vmadd ... vmaddsopst): v = a op b (or a*b + c) where a
 * source may be a buffer range and the destination may be one.
 *
 * A contiguous range (stride 1) is used in place: the lane loop reads and
 * writes buffer memory directly, which is the point of these instructions.
 * Other strides go through the context's scratch lanes, as vld and vst
 * would copy them.  A source range that overlaps the destination range
 * other than exactly is copied out first, so every lane reads the values
 * from before the instruction, as vld ... vst would.
 *
 * The operand decoding is inline, so each instruction body of the
 * interpreter gets it specialized to its shape and kind; the lane loops
 * are functions of fused_ops.c. */
#ifndef TIRVM_FUSED_OPS_H
#define TIRVM_FUSED_OPS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "bounds.h"
#include "opcodes.h"
#include "vm_internal.h"
#include "vm_kinds.h"

/* r[i] = a[i] op b[i] for i < nl, op a lane operation the verifier admitted
 * for kind vt (tirbc_fused_lane_op_ok); the pointers may be unaligned. */
void vm_fused_lanes(unsigned vt, uint32_t op, void *r, const void *a, const void *b, uint32_t nl);
/* Reports an out-of-bounds range of buffer `buf` at pc; returns false. */
bool vm_fused_range_error(vm_ctx *ctx, uint32_t pc, uint32_t buf, int64_t base, int64_t stride, uint32_t nl,
                          uint64_t nelem);
/* Copies lanes base[i*stride] into (gather) or out of (scatter) dense lanes. */
void vm_fused_gather(uint8_t *dense, const uint8_t *base, int64_t stride, uint32_t nl, size_t es);
void vm_fused_scatter(uint8_t *base, int64_t stride, const uint8_t *dense, uint32_t nl, size_t es);

/* r[i] = a[i]*b[i] + c[i] for i < nl (b a scalar register, vm_slot, for
 * every lane when b_scalar), the product rounded before the sum; kinds of
 * TIRBC_FUSED_KINDS. */
void vm_fused_madd_lanes(unsigned vt, bool b_scalar, void *r, const void *a, const void *b, const void *c,
                         uint32_t nl);
/* The same with an epilogue: r[i] = (a[i]*b[i] + c[i]) op e, op a lane
 * operation the verifier admitted for kind vt, e a scalar register. */
void vm_fused_madd_op_lanes(unsigned vt, bool b_scalar, uint32_t op, void *r, const void *a, const void *b,
                            const void *c, const vm_slot *e, uint32_t nl);
/* Lane 0 of the range buf[r[base] + i*r[stride]], i < nl, that operand
 * words w name; NULL (after reporting) when it leaves the buffer. */
static inline uint8_t *vm_fused_range(vm_ctx *ctx, const vm_slot *regs, const vm_buf *bufs, const uint32_t *w,
                                      uint32_t nl, size_t es, uint32_t pc, int64_t *stride)
{
    const vm_buf *b = &bufs[w[TIRBC_RANGE_BUF]];
    int64_t base = regs[w[TIRBC_RANGE_BASE]].i;
    *stride = regs[w[TIRBC_RANGE_STRIDE]].i;
    if (__builtin_expect(!strided_in_bounds(base, *stride, nl, b->nelem), 0)) {
        vm_fused_range_error(ctx, pc, w[TIRBC_RANGE_BUF], base, *stride, nl, b->nelem);
        return NULL;
    }
    return b->data + (uint64_t)base * es;
}

/* A source operand at w (a register, or a range in memory), as lanes to
 * read; *at is the range in place (for the overlap test), else NULL.  False
 * after reporting an out-of-bounds range. */
static inline bool vm_fused_source(vm_ctx *ctx, const vm_slot *regs, const vm_buf *bufs, const uint32_t *w,
                                       bool in_memory, uint32_t nl, size_t es, uint32_t pc, uint8_t *scratch,
                                       const uint8_t **lanes, const uint8_t **at)
{
    *at = NULL;
    if (!in_memory) {
        *lanes = (const uint8_t *)&regs[w[0]];
        return true;
    }
    int64_t stride;
    uint8_t *p = vm_fused_range(ctx, regs, bufs, w, nl, es, pc, &stride);
    if (!p)
        return false;
    if (stride == 1) {
        *lanes = *at = p;
    } else {
        vm_fused_gather(scratch, p, stride, nl, es);
        *lanes = scratch;
    }
    return true;
}

static inline bool vm_fused_overlap(const uint8_t *p, const uint8_t *q, size_t bytes)
{
    uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
    return p != q && a < b + bytes && b < a + bytes;
}

/* The fused instructions' bodies pass each lane operand (the destination,
 * the sources a, b, c) as a pointer to its first word: a vector register,
 * or a buffer range (its words TIRBC_RANGE_*, vm_kinds.h).  Where each
 * operand is, the interpreter's body reads from the table (VM_AT_*). */

/* Runs a fused instruction of kind vt: dst = a op b over nl lanes, op a
 * lane operation (the P operand's word), each of dst, a and b in memory or
 * not as its mnemonic names; false after reporting an out-of-bounds range. */
static inline __attribute__((always_inline)) bool vm_fused_op(vm_ctx *ctx, vm_slot *regs, const vm_buf *bufs,
                                                              uint32_t pc, unsigned vt, uint32_t op, uint32_t nl,
                                                              const uint32_t *dst_w, bool dst_mem, const uint32_t *a_w,
                                                              bool a_mem, const uint32_t *b_w, bool b_mem)
{
    size_t es = tir_vtype_sizes[vt];
    uint8_t *scratch = (uint8_t *)ctx->scratch;
    const uint8_t *a, *b, *a_at, *b_at;
    if (!vm_fused_source(ctx, regs, bufs, a_w, a_mem, nl, es, pc, scratch, &a, &a_at) ||
        !vm_fused_source(ctx, regs, bufs, b_w, b_mem, nl, es, pc, scratch + sizeof ctx->scratch[0], &b, &b_at))
        return false;
    if (!dst_mem) {
        vm_fused_lanes(vt, op, &regs[dst_w[0]], a, b, nl);
        return true;
    }
    int64_t stride;
    uint8_t *out = vm_fused_range(ctx, regs, bufs, dst_w, nl, es, pc, &stride);
    if (!out)
        return false;
    uint8_t *dst = stride == 1 ? out : scratch + 2 * sizeof ctx->scratch[0];
    if (a_at && vm_fused_overlap(a_at, dst, nl * es)) {
        memcpy(scratch, a_at, nl * es);
        a = scratch;
    }
    if (b_at && vm_fused_overlap(b_at, dst, nl * es)) {
        memcpy(scratch + sizeof ctx->scratch[0], b_at, nl * es);
        b = scratch + sizeof ctx->scratch[0];
    }
    vm_fused_lanes(vt, op, dst, a, b, nl);
    if (stride != 1)
        vm_fused_scatter(out, stride, dst, nl, es);
    return true;
}

/* Runs a fused multiply-add (vmadd ... vmaddsopst) of kind vt over nl
 * lanes: dst = a*b + c with a and c ranges, b a range or (b_scalar) one
 * register, dst a register or (dst_mem) a range, and with an epilogue
 * (op_w, the P operand, and e_w, a scalar register; else both NULL)
 * dst = (a*b + c) op e, a store; false after reporting an out-of-bounds
 * range.  Each source has its own scratch lanes, the destination the fourth. */
static inline __attribute__((always_inline)) bool
vm_fused_madd(vm_ctx *ctx, vm_slot *regs, const vm_buf *bufs, uint32_t pc, unsigned vt, uint32_t nl,
              const uint32_t *dst_w, bool dst_mem, const uint32_t *a_w, const uint32_t *b_w, bool b_scalar,
              const uint32_t *c_w, const uint32_t *op_w, const uint32_t *e_w)
{
    size_t es = tir_vtype_sizes[vt], slot = sizeof ctx->scratch[0];
    uint8_t *scratch = (uint8_t *)ctx->scratch;
    const uint8_t *src[3], *at[3] = {NULL, NULL, NULL};
    if (!vm_fused_source(ctx, regs, bufs, a_w, true, nl, es, pc, scratch, &src[0], &at[0]))
        return false;
    if (b_scalar)
        src[1] = (const uint8_t *)&regs[b_w[0]];
    else if (!vm_fused_source(ctx, regs, bufs, b_w, true, nl, es, pc, scratch + slot, &src[1], &at[1]))
        return false;
    if (!vm_fused_source(ctx, regs, bufs, c_w, true, nl, es, pc, scratch + 2 * slot, &src[2], &at[2]))
        return false;
    if (!dst_mem) {
        vm_fused_madd_lanes(vt, b_scalar, &regs[dst_w[0]], src[0], src[1], src[2], nl);
        return true;
    }
    int64_t stride;
    uint8_t *out = vm_fused_range(ctx, regs, bufs, dst_w, nl, es, pc, &stride);
    if (!out)
        return false;
    uint8_t *dst = stride == 1 ? out : scratch + 3 * slot;
    for (int i = 0; i < 3; i++)
        if (at[i] && vm_fused_overlap(at[i], dst, nl * es)) {
            memcpy(scratch + (size_t)i * slot, at[i], nl * es);
            src[i] = scratch + (size_t)i * slot;
        }
    if (op_w)
        vm_fused_madd_op_lanes(vt, b_scalar, op_w[0], dst, src[0], src[1], src[2], &regs[e_w[0]], nl);
    else
        vm_fused_madd_lanes(vt, b_scalar, dst, src[0], src[1], src[2], nl);
    if (stride != 1)
        vm_fused_scatter(out, stride, dst, nl, es);
    return true;
}

#endif
