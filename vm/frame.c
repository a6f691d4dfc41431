/* What every frame of a call shares: error messages with the source line,
 * the release of frame-owned buffers, and the C stack budget. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <uv.h>

#include "tirbc.h"
#include "vm_internal.h"

void vm_set_err(char *err, size_t n, const char *fmt, ...)
{
    if (!err || !n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
}

void vm_error_at(vm_ctx *ctx, uint32_t pc, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    uint32_t line = tirbc_function_line(ctx->fn, pc);
    if (line && ctx->mod->source)
        vm_set_err(ctx->err, ctx->err_len, "%s:%u: %s (in function '%s')", ctx->mod->source, line, msg, ctx->fn->name);
    else
        vm_set_err(ctx->err, ctx->err_len, "%s (in function '%s')", msg, ctx->fn->name);
}

size_t fn_elem_size(const tirbc_function *f, uint32_t b) { return tir_dtype_elem_size(f->buffers[b].dtype); }

uint64_t vm_now_ns(void) { return uv_hrtime(); }

void vm_bind_weights(const tirbc_module *mod, const tirbc_function *f, vm_buf *bufs)
{
    for (uint32_t i = 0; i < f->nbuffers; i++) {
        const tirbc_buffer *b = &f->buffers[i];
        if (b->kind != TIRBC_BUF_WEIGHT)
            continue;
        /* verified: the buffer's elements fill its weight exactly */
        const tirbc_weight *w = &mod->weights[b->weight];
        size_t es = tir_dtype_elem_size(b->dtype);
        bufs[i].data = mod->weight_data + w->offset;
        bufs[i].nelem = es ? w->nbytes / es : 0;
        bufs[i].owned = false;
    }
}

void vm_buf_release(vm_ctx *ctx, vm_buf *b, size_t elem_size)
{
    if (b->owned)
        vm_mem_free(ctx, b->data, b->nelem * elem_size);
    b->data = NULL;
    b->nelem = 0;
    b->owned = false;
}

static size_t stack_budget;
static uv_once_t stack_budget_once = UV_ONCE_INIT;

static void find_stack_budget(void)
{
    /* half the soft stack limit if that is smaller than the budget */
    struct rlimit rl;
    stack_budget = TIRVM_STACK_BUDGET;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 2 < stack_budget)
        stack_budget = rl.rlim_cur / 2;
}

uintptr_t vm_stack_floor(void)
{
    uv_once(&stack_budget_once, find_stack_budget); /* once, whichever host threads call first */
    size_t budget = stack_budget;
    char here;
    uintptr_t at = (uintptr_t)&here;
    return at > budget ? at - budget : 0;
}


bool vm_nesting_ok(vm_ctx *ctx, uint32_t pc, const char *callee)
{
    char probe;
    if (ctx->depth < TIRVM_MAX_NESTING && (uintptr_t)&probe >= ctx->stack_floor)
        return true;
    unsigned kib = (unsigned)(stack_budget >> 10);
    if (callee)
        vm_error_at(ctx, pc, "call depth exceeds the limit calling function '%s': calls and regions nested too deeply "
                    "(at most %d, in %u KiB of stack)", callee, TIRVM_MAX_NESTING, kib);
    else
        vm_error_at(ctx, pc, "parallel regions nested too deeply: calls and regions nest at most %d deep, in %u KiB "
                    "of stack", TIRVM_MAX_NESTING, kib);
    return false;
}
