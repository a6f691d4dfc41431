/* The interpreter's dispatch and operand access, shared by the instruction
 * bodies in interp.c and the loop-level ones in loop_ops.c.  A body sees
 * ctx, regs, bufs, ip and code (the function's code) in scope. */
#ifndef TIRVM_DISPATCH_H
#define TIRVM_DISPATCH_H

#include <stdint.h>

#include "opcodes.h"
#include "vm_internal.h"

/* An instruction body ends with VM_NEXT(its own ID): the next instruction is
 * TIRBC_SIZE_<ID> words on (opcodes.h).  The test vm-next checks in the
 * source that every VM_NEXT names its own body's ID; debug builds (the
 * sanitizer builds the tests run) also check at run time that the ID named
 * has the running instruction's size. */
#ifdef TIRVM_CHECK_SIZES
#include <assert.h>
#define VM_CHECK_SIZE(size) assert(tirbc_ops[*ip].noperands + 1u == (unsigned)(size))
#else
#define VM_CHECK_SIZE(size) ((void)0)
#endif
#if (defined(__GNUC__) || defined(__clang__)) && !defined(TIRVM_SWITCH_DISPATCH)
#define VM_THREADED 1
#define VM_CASE(id) L_##id:
#define VM_NEXT(id)                      \
    do {                                 \
        VM_CHECK_SIZE(TIRBC_SIZE_##id);               \
        ip += TIRBC_SIZE_##id;           \
        goto *labels[*ip];               \
    } while (0)
#define VM_JUMP(t)         \
    do {                   \
        ip = code + (t);   \
        goto *labels[*ip]; \
    } while (0)
#define VM_START() goto *labels[*ip];
#else
#define VM_CASE(id) case TIRBC_OP_##id:
#define VM_NEXT(id)            \
    do {                       \
        VM_CHECK_SIZE(TIRBC_SIZE_##id);     \
        ip += TIRBC_SIZE_##id; \
        goto dispatch;         \
    } while (0)
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
/* Operands read by meaning (vm_kinds.h, generated from the table): the
 * lane count of vector instruction `id`, the row width of loop-level one. */
#define LANES(id) ip[TIRBC_LANES_AT_##id]
#define WIDTH(id) ip[TIRBC_WIDTH_AT_##id]
/* The operand words, lettered as the synopses in opcodes.def letter them. */
#define A ip[1]
#define B ip[2]
#define C ip[3]
#define D ip[4]
#define E ip[5]
#define F ip[6]
#define G ip[7]
#define H ip[8]
#define I ip[9]
#define J ip[10]
#define K ip[11]
#define L ip[12]
#define M ip[13]

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
