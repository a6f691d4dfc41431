/* Shared between the VM's files; not part of the public API. */
#ifndef TIRVM_INTERNAL_H
#define TIRVM_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "module.h"
#include "tirvm.h"

/* One register.  Integers of every width are normalized to 64 bits
 * (sign-extended for signed types, zero-extended for unsigned, 0/1 for
 * bool) so index arithmetic and comparisons need no width switch. */
typedef union {
    int64_t i;
    uint64_t u;
    float f32;
    double f64;
} vm_slot;

/* A buffer as the interpreter sees it: base pointer and element count. */
typedef struct {
    uint8_t *data;
    uint64_t nelem;
    bool owned; /* allocated by the frame (ALLOC) */
} vm_buf;

struct tirvm_module {
    tirbc_module *mod;
};

typedef struct {
    const tirbc_module *mod;
    const tirbc_function *fn;
    char *err;
    size_t err_len;
} vm_ctx;

/* Formats "SOURCE:LINE: MESSAGE (in function 'F')" into ctx->err. */
void vm_error_at(vm_ctx *ctx, uint32_t pc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Binds the arguments into regs/bufs (spec PrimFunc rules); false on error. */
bool vm_bind_args(vm_ctx *ctx, const tirvm_arg *args, int nargs, vm_slot *regs, vm_buf *bufs);
/* Runs the function's code on an initialised frame; false on a runtime error. */
bool vm_interpret(vm_ctx *ctx, vm_slot *regs, vm_buf *bufs);

#endif
