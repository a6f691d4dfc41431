#include "oom.h"

#include <stdlib.h>
#include <string.h>

_Thread_local jmp_buf *tir_oom_handler;

_Noreturn void tir_out_of_memory(void)
{
    if (tir_oom_handler)
        longjmp(*tir_oom_handler, 1);
    abort();
}

void *tir_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        tir_out_of_memory();
    return p;
}

void *tir_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        tir_out_of_memory();
    return p;
}

void *tir_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        tir_out_of_memory();
    return q;
}

void *tir_xaligned(size_t align, size_t n)
{
    void *p = aligned_alloc(align, n);
    if (!p)
        tir_out_of_memory();
    return p;
}

char *tir_xstrdup(const char *s)
{
    char *p = strdup(s);
    if (!p)
        tir_out_of_memory();
    return p;
}

void *tir_xgrow(void *p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    uint32_t n = *cap ? *cap : 16;
    while (n < need)
        n *= 2;
    void *q = tir_xrealloc(p, (size_t)n * elem);
    *cap = n;
    return q;
}
