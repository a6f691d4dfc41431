/* Which copy of the multiply-accumulate kernels runs (mac_kernels.c is
 * built once per instruction set): the widest the CPU has, unless the
 * environment variable TIRVM_ISA names a narrower one ("base", "avx2",
 * "avx512") to test or reproduce a path.  A wider one than the CPU has, or
 * one this build lacks, is never chosen.  All copies give the same bits,
 * so the choice changes speed only. */
#include <stdlib.h>
#include <string.h>

#include "mac_kernels.h"
#include "tirvm.h"

const tirvm_mac_table *tirvm_mac_kernels = &tirvm_mac_table_base;

/* The tables, narrowest first, with whether this CPU and build can run each. */
static int isa_usable(int k)
{
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    switch (k) {
    case 0: return 1;
#ifdef TIRVM_HAVE_AVX2
    case 1: return __builtin_cpu_supports("avx2");
#endif
#ifdef TIRVM_HAVE_AVX512
    case 2: return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
#endif
    default: return 0;
    }
#else
    return k == 0;
#endif
}

static const tirvm_mac_table *isa_table(int k)
{
#ifdef TIRVM_HAVE_AVX2
    if (k == 1)
        return &tirvm_mac_table_avx2;
#endif
#ifdef TIRVM_HAVE_AVX512
    if (k == 2)
        return &tirvm_mac_table_avx512;
#endif
    (void)k;
    return &tirvm_mac_table_base;
}

/* Runs when the library loads, before any thread of it exists. */
__attribute__((constructor)) static void choose_kernels(void)
{
    static const char *const names[] = {"base", "avx2", "avx512"};
    int limit = 2;
    const char *want = getenv("TIRVM_ISA");
    for (int k = 0; want && k < 3; k++)
        if (strcmp(want, names[k]) == 0)
            limit = k;
    for (int k = limit; k >= 0; k--)
        if (isa_usable(k)) {
            tirvm_mac_kernels = isa_table(k);
            return;
        }
}

const char *tirvm_kernel_isa(void) { return tirvm_mac_kernels->isa; }
