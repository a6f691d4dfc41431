/* Buffer blocks of finished calls that a call frame keeps for the calls
 * made with it after (memory.c): an allocation of the same size takes one
 * back, zero-filled, instead of asking the system again.  Blocks of
 * VM_KEEP_MIN_BYTES or more only (smaller ones malloc serves from its own
 * free lists); glibc returns large ones to the system on free, so a call
 * that allocates a few hundred KB per stage would otherwise fault its
 * pages in again on every call.
 *
 * Kept blocks count against the memory limit of the call that holds the
 * frame, as if it had allocated them; a charge that would fail releases
 * them first.  The thread that made the call takes and keeps blocks; any
 * thread of the call (a parallel worker too) may release them, so every
 * operation takes the list's lock. */
#ifndef TIRVM_KEPT_BLOCKS_H
#define TIRVM_KEPT_BLOCKS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define VM_KEPT_BLOCKS 8
#define VM_KEEP_MIN_BYTES ((uint64_t)64 << 10)
#define VM_KEEP_MAX_BYTES ((uint64_t)256 << 20) /* all kept blocks of one frame together */

typedef struct vm_kept_blocks vm_kept_blocks;

/* An empty list; NULL when out of memory. */
vm_kept_blocks *vm_kept_new(void);
/* Frees the kept blocks and the list (nothing for NULL). */
void vm_kept_free(vm_kept_blocks *k);
/* A kept block of exactly `bytes`, taken off the list (not zeroed); NULL if
 * there is none. */
void *vm_kept_take(vm_kept_blocks *k, uint64_t bytes);
/* Keeps block p of `bytes` if the list has room; false if not (the caller
 * frees it). */
bool vm_kept_put(vm_kept_blocks *k, void *p, uint64_t bytes);
/* Frees every kept block; returns their bytes, which it also subtracts from
 * *used (unless NULL) before it lets go of the lock: a thread that finds the
 * list empty because another released it sees the bytes returned. */
uint64_t vm_kept_release(vm_kept_blocks *k, atomic_uint_fast64_t *used);
/* The bytes of the kept blocks. */
uint64_t vm_kept_bytes(vm_kept_blocks *k);

#endif
