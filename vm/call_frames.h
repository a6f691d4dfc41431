/* The memory of one top-level call: its context, its arguments as plain
 * tensors, its register file, its buffer table and the binder's flags.
 * Each module keeps a few of them, sized for its largest function, for the
 * calls that follow: allocating and freeing a context (with its scratch
 * lanes, tens of KB) on every call costs more than running a small kernel.
 * A frame, and the buffer blocks it kept, count against the memory limit
 * of the call that holds it. */
#ifndef TIRVM_CALL_FRAMES_H
#define TIRVM_CALL_FRAMES_H

#include <stdbool.h>

#include "vm_internal.h"

typedef struct vm_call_frame {
    struct vm_call_frame *next; /* in the module's free list */
    vm_ctx *ctx;                /* not cleared: the caller sets it up */
    tirvm_arg *plain;           /* the module's most parameters */
    vm_slot *regs;              /* the module's most registers, those of f zeroed */
    vm_buf *bufs;               /* the module's most buffers, those of f zeroed */
    bool *bound;                /* one flag per register of f, all false */
    vm_lanes *scratch;          /* the call's scratch lanes (vm_ctx.scratch) */
    vm_kept_blocks *kept;       /* buffer blocks of its finished calls (vm_ctx.kept) */
} vm_call_frame;

/* Sets up the module's (empty) list of kept frames; false when out of memory. */
bool vm_frames_init(tirvm_module *m);
/* Frees the kept frames and the list (nothing if there is none). */
void vm_frames_free(tirvm_module *m);
/* A frame for a call of f: a kept one, or a new one; NULL when out of memory.
 * Safe to call from several threads at once. */
vm_call_frame *vm_frame_take(tirvm_module *m, const tirbc_function *f);
/* The bytes one frame of the module holds (counted against each call's
 * memory limit: a call holds its frame). */
size_t vm_frame_bytes(const tirvm_module *m);
/* Gives a frame back after its call (kept for reuse, or freed when the module
 * already keeps enough). */
void vm_frame_give(tirvm_module *m, vm_call_frame *fr);

#endif
