/* The one place a call's memory is allocated and counted.  Everything a
 * run makes the process hold goes through here: its top-level frame, the
 * blocks its frame kept from earlier calls, the frames of calls between
 * PrimFuncs, the private frames of parallel workers, and the buffers ALLOC
 * makes; the caller's own allocations for the call
 * (tirvm_call_options.caller_bytes) are counted at its start.  A charge
 * that would take the call past its memory limit fails before the memory
 * is allocated, so a module cannot make the process hold more than the
 * limit, whatever it declares. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm_internal.h"

/* Counts bytes if they fit the call's limit. */
static bool try_charge(vm_ctx *ctx, uint64_t bytes, uint64_t *held)
{
    uint64_t limit = ctx->call->max_memory;
    uint64_t before = atomic_fetch_add(ctx->mem_used, bytes);
    *held = before;
    /* before + bytes cannot wrap: every charge is below 2^40 and the calls
     * that hold them are bounded in number (nesting, workers) */
    if (!limit || before + bytes <= limit)
        return true;
    atomic_fetch_sub(ctx->mem_used, bytes);
    return false;
}

/* Charges bytes, releasing the kept blocks and trying once more when they
 * do not fit; the name is formatted only on failure, so a call or an
 * allocation that succeeds costs no formatting. */
static bool charge(vm_ctx *ctx, uint64_t bytes, uint32_t pc, const char *what, va_list ap)
{
    uint64_t before;
    if (try_charge(ctx, bytes, &before))
        return true;
    /* Release the frame's kept blocks (none is in use: a block taken back
     * leaves the list) and try once more.  If another thread of the call
     * released them first, the lock ordered its credit before this retry. */
    vm_kept_blocks *k = ctx->call->kept;
    if (k) {
        vm_kept_release(k, ctx->mem_used);
        if (try_charge(ctx, bytes, &before))
            return true;
    }
    vm_note_limit(ctx);
    char name[200];
    vsnprintf(name, sizeof name, what, ap);
    vm_error_at(ctx, pc, "allocating %llu bytes for %s exceeds the memory limit of %llu bytes (the call holds %llu)",
                (unsigned long long)bytes, name, (unsigned long long)ctx->call->max_memory,
                (unsigned long long)before);
    return false;
}

bool vm_mem_charge(vm_ctx *ctx, uint64_t bytes, uint32_t pc, const char *what, ...)
{
    va_list ap;
    va_start(ap, what);
    bool ok = charge(ctx, bytes, pc, what, ap);
    va_end(ap);
    return ok;
}

void vm_mem_credit(vm_ctx *ctx, uint64_t bytes) { atomic_fetch_sub(ctx->mem_used, bytes); }

void vm_mem_charge_kept(vm_ctx *ctx)
{
    vm_kept_blocks *k = ctx->call->kept;
    uint64_t held;
    if (k && !try_charge(ctx, vm_kept_bytes(k), &held))
        vm_kept_release(k, NULL); /* never counted: nothing to credit */
}

void *vm_mem_alloc(vm_ctx *ctx, uint64_t bytes, uint32_t pc, const char *what, ...)
{
    char name[200];
    va_list ap;
    va_start(ap, what);
    void *p = NULL;
    vm_kept_blocks *k = ctx->kept;
    if (bytes > VM_MAX_ALLOC_BYTES) {
        vsnprintf(name, sizeof name, what, ap);
        vm_error_at(ctx, pc, "allocation of %llu bytes for %s is too large", (unsigned long long)bytes, name);
    } else if (k && bytes >= VM_KEEP_MIN_BYTES && (p = vm_kept_take(k, bytes))) {
        memset(p, 0, bytes); /* counted already; zeroed: reading an unwritten element is deterministic */
    } else {
        if (k && bytes >= VM_KEEP_MIN_BYTES) /* a size the earlier calls did not have: give the kept blocks back first */
            vm_kept_release(k, ctx->mem_used);
        if (charge(ctx, bytes, pc, what, ap)) {
            p = bytes ? calloc(1, bytes) : NULL;
            if (bytes && !p) {
                vm_mem_credit(ctx, bytes);
                va_end(ap);
                va_start(ap, what);
                vsnprintf(name, sizeof name, what, ap);
                vm_error_at(ctx, pc, "out of memory allocating %llu bytes for %s", (unsigned long long)bytes, name);
            }
        }
    }
    va_end(ap);
    return p;
}

void vm_mem_free(vm_ctx *ctx, void *p, uint64_t bytes)
{
    vm_kept_blocks *k = ctx->kept;
    if (p && k && bytes >= VM_KEEP_MIN_BYTES && vm_kept_put(k, p, bytes))
        return; /* kept, and still the call's: counted until released */
    free(p);
    vm_mem_credit(ctx, bytes);
}
