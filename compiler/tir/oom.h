/* The compiler's one out-of-memory policy.  Every allocation the compiler
 * makes goes through these; one that fails unwinds to the tir_compile call
 * on this thread, which returns false with the error class
 * TIR_ERR_OUT_OF_MEMORY.  The compiler never prints and never exits.  Memory
 * the arena holds is freed on the way out; buffers of a half-built module
 * may be lost (the process is out of memory already). */
#ifndef TIR_OOM_H
#define TIR_OOM_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

/* Where a failed allocation on this thread unwinds to (NULL: nowhere; the
 * process aborts, which only a caller bypassing tir_compile can reach). */
extern _Thread_local jmp_buf *tir_oom_handler;

_Noreturn void tir_out_of_memory(void);
void *tir_xmalloc(size_t n);
void *tir_xcalloc(size_t count, size_t size);
void *tir_xrealloc(void *p, size_t n);
char *tir_xstrdup(const char *s);
/* aligned_alloc: n must be a multiple of align. */
void *tir_xaligned(size_t align, size_t n);
/* p, an array of *cap elements of elem bytes, grown (doubling, from 16) to
 * hold at least need; *cap is updated. */
void *tir_xgrow(void *p, uint32_t *cap, uint32_t need, size_t elem);

#endif
