/* The interpreter's dispatch and operand access, shared by the instruction
 * bodies in interp.c and the loop-level ones in loop_ops.c.  A body sees
 * ctx, regs, bufs, ip and code (the function's code) in scope, and reads
 * its operands by role, never by a position written by hand. */
#ifndef TIRVM_DISPATCH_H
#define TIRVM_DISPATCH_H

#include <stdint.h>

#include "opcodes.h"
#include "vm_internal.h"
#include "vm_kinds.h"

/* An instruction body is written VM_OP(ID) ... VM_END, naming its ID once.
 * VM_OP opens the body's block and declares in it, from the table:
 *   VM_SIZE        the instruction's size in words (TIRBC_SIZE_<ID>, opcodes.h)
 *   VM_AT_<ROLE>   the word holding each operand, by its role (vm_kinds.h's
 *                  TIRBC_OPERANDS_<ID>, from opcodes.def and operands.def):
 *                  DST the register written; SRC0, SRC1, ... the registers
 *                  read; BUF0, BUF1, ... buffers; CONST0, ... constants;
 *                  TARGET, FUNC, ARGS, NARGS, STR, LANES, LANE, WIDTH, DIM,
 *                  VTYPE, LANEFN the operand of that kind; and for fused
 *                  vector instructions VEC_DST, VEC_SRC0, ... the first
 *                  word of each lane operand (a register or a buffer range)
 * and OPND(ROLE) reads that operand's word.  VM_END advances by VM_SIZE and
 * dispatches, so a body cannot read another instruction's operands or
 * advance by another's size, and a reordered operand string moves every
 * read with it.  Bodies that return or jump still end with VM_END (then
 * unreachable) to close the block. */
#define VM_AT_WORD(role, word) VM_AT_##role = (word),
/* VM_OPERANDS(TIRBC_SIZE_##id, TIRBC_OPERANDS_##id): pasted by the caller,
 * so an ID that is also a macro's name (FLOOR_F32) is not expanded. */
#define VM_OPERANDS(size, operands) enum { VM_SIZE = (size), operands(VM_AT_WORD) }
#define OPND(role) ip[VM_AT_##role]
#if (defined(__GNUC__) || defined(__clang__)) && !defined(TIRVM_SWITCH_DISPATCH)
#define VM_THREADED 1
#define VM_OP(id)          \
    L_##id : {             \
        VM_OPERANDS(TIRBC_SIZE_##id, TIRBC_OPERANDS_##id);
#define VM_END             \
    ip += VM_SIZE;         \
    goto *labels[*ip];     \
    }
#define VM_JUMP(t)         \
    do {                   \
        ip = code + (t);   \
        goto *labels[*ip]; \
    } while (0)
#define VM_START() goto *labels[*ip];
#else
#define VM_OP(id)             \
    case TIRBC_OP_##id: {     \
        VM_OPERANDS(TIRBC_SIZE_##id, TIRBC_OPERANDS_##id);
#define VM_END                \
    ip += VM_SIZE;            \
    goto dispatch;            \
    }
#define VM_JUMP(t)       \
    do {                 \
        ip = code + (t); \
        goto dispatch;   \
    } while (0)
#define VM_START()
#endif

#define R(r) regs[(r)]
/* The instruction pointer walks the code; PC is its offset, for messages,
 * backward-branch tests and region bodies. */
#define PC ((uint32_t)(ip - code))

/* Buffer names may be absent in a module; messages still need one. */
static inline const char *buf_name(const tirbc_function *fn, uint32_t b)
{
    return fn->buffers[b].name ? fn->buffers[b].name : "?";
}

#define FAIL(...)                           \
    do {                                    \
        vm_error_at(ctx, PC, __VA_ARGS__);  \
        return false;                       \
    } while (0)

/* The step budget (tirvm_call_options) is spent where execution can
 * repeat: loop back-edges, backward jumps and calls; cancellation is
 * checked where steps are drawn (vm_take_steps). */
#define SPEND_STEP()                                                   \
    do {                                                               \
        if (__builtin_expect(ctx->steps_left == 0, 0) && !vm_take_steps(ctx, 1)) \
            return vm_steps_error_at(ctx, PC);                         \
        ctx->steps_left--;                                             \
    } while (0)
/* A loop-level instruction spends one step per iteration of the loop it
 * replaces, so a hostile count (with stride 0 every iteration is in bounds)
 * cannot run past the budget either. */
#define SPEND_STEPS(n)                                                 \
    do {                                                               \
        if (__builtin_expect(ctx->steps_left < (uint64_t)(n), 0) && !vm_take_steps(ctx, (uint64_t)(n))) { \
            ctx->steps_left = 0;                                       \
            return vm_steps_error_at(ctx, PC);                         \
        }                                                              \
        ctx->steps_left -= (uint64_t)(n);                              \
    } while (0)

/* An out-of-bounds access to buffer `buf` at element idx: a runtime error. */
#define OOB(buf, idx)                                                                                 \
    FAIL("out-of-bounds access to buffer '%s': element %lld of %llu", buf_name(fn, buf), (long long)(idx), \
         (unsigned long long)bufs[buf].nelem)

#endif
