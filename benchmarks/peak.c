/* The peak probe (peak.h): independent chains of vector multiplies and of
 * vector adds, each path built with GCC target attributes in one build (no
 * -march), the path chosen at run time with __builtin_cpu_supports.
 *
 * Each chain is x = x * m or x = x + a with m = 1 and a = 0 given at run
 * time: the compiler cannot fold them, the values neither grow nor become
 * subnormal, and every instruction is a separately rounded multiply or add
 * (the project builds with -ffp-contract=off; a multiply chain and an add
 * chain never meet, so there is nothing to contract anyway).  Both kinds
 * have a latency of 3 to 4 cycles and two pipes on current x86 cores (Zen:
 * two multiply and two add pipes; Intel: two pipes doing either), so 7 + 7
 * chains keep them busy within the 16 vector registers of SSE2 and AVX2,
 * with the multiplier and the addend in the last two; AVX-512 has 32
 * registers and runs 12 + 12. */
#include "peak.h"

#include <stdint.h>

#include "timing.h"

/* One kernel: iters rounds of CHAINS multiplies and CHAINS adds on vectors
 * of LANES floats; returns the sum of the chains' final lanes, which
 * must equal the sum of their initial values. */
#define PEAK_KERNEL(fname, attr, LANES, CHAINS)                                                                     \
    typedef float fname##_vec __attribute__((vector_size(4 * (LANES))));                                           \
    attr __attribute__((noinline)) static float fname(int64_t iters, float m, float a)                              \
    {                                                                                                               \
        fname##_vec vm = (fname##_vec){0} + m, va = (fname##_vec){0} + a, p[CHAINS], s[CHAINS];                     \
        _Pragma("GCC unroll 16") for (int j = 0; j < (CHAINS); j++)                                                 \
        {                                                                                                           \
            p[j] = (fname##_vec){0} + (float)(j + 1);                                                               \
            s[j] = (fname##_vec){0} + (float)(j + 1);                                                               \
        }                                                                                                           \
        for (int64_t i = 0; i < iters; i++) {                                                                       \
            _Pragma("GCC unroll 16") for (int j = 0; j < (CHAINS); j++)                                             \
            {                                                                                                       \
                p[j] = p[j] * vm;                                                                                   \
                s[j] = s[j] + va;                                                                                   \
            }                                                                                                       \
        }                                                                                                           \
        float sum = 0;                                                                                              \
        for (int j = 0; j < (CHAINS); j++)                                                                          \
            for (int l = 0; l < (LANES); l++)                                                                       \
                sum += p[j][l] + s[j][l];                                                                           \
        return sum;                                                                                                 \
    }

#if defined(__x86_64__) || defined(__i386__)
#define PEAK_X86 1
PEAK_KERNEL(kernel_sse2, , 4, 7)
PEAK_KERNEL(kernel_avx2, __attribute__((target("avx2"))), 8, 7)
PEAK_KERNEL(kernel_avx512, __attribute__((target("avx512f"))), 16, 12)
#else
#define PEAK_X86 0
PEAK_KERNEL(kernel_sse2, , 4, 7)
#endif

typedef struct {
    const char *name;
    int bits, chains;
    float (*kernel)(int64_t iters, float m, float a);
} peak_path_info;

static const peak_path_info paths[PEAK_NPATHS] = {
#if PEAK_X86
    {"sse2", 128, 7, kernel_sse2},
    {"avx2", 256, 7, kernel_avx2},
    {"avx512f", 512, 12, kernel_avx512},
#else
    {"baseline", 128, 7, kernel_sse2},
#endif
};

const char *peak_path_name(int path)
{
    return path >= 0 && path < PEAK_NPATHS && paths[path].name ? paths[path].name : "?";
}

int peak_path_bits(int path) { return path >= 0 && path < PEAK_NPATHS ? paths[path].bits : 0; }

bool peak_path_supported(int path)
{
    if (path < 0 || path >= PEAK_NPATHS || !paths[path].kernel)
        return false;
#if PEAK_X86
    __builtin_cpu_init();
    if (path == PEAK_AVX2)
        return __builtin_cpu_supports("avx2");
    if (path == PEAK_AVX512)
        return __builtin_cpu_supports("avx512f");
#endif
    return true;
}

int peak_widest(void)
{
    int w = PEAK_SSE2;
    for (int p = 0; p < PEAK_NPATHS; p++)
        if (peak_path_supported(p))
            w = p;
    return w;
}

/* volatile: the compiler must not know the multiplier and the addend */
static volatile float one = 1.0f, zero = 0.0f;

double peak_gflops(int path, double min_s, int repeat, bool *values_ok)
{
    const peak_path_info *p = &paths[path];
    float expect = 0;
    for (int j = 0; j < p->chains; j++)
        expect += 2.0f * (float)(j + 1) * (float)(p->bits / 32);
    bool ok = true;
    int64_t iters = 1024;
    for (;;) { /* calibrate: a sample of at least min_s */
        double t0 = now_s();
        ok &= p->kernel(iters, one, zero) == expect;
        if (now_s() - t0 >= min_s || iters >= ((int64_t)1 << 40))
            break;
        iters *= 2;
    }
    double best = 0;
    for (int r = 0; r < repeat; r++) {
        double t0 = now_s();
        ok &= p->kernel(iters, one, zero) == expect;
        double t = now_s() - t0;
        double flops = (double)iters * 2.0 * p->chains * (p->bits / 32);
        if (t > 0 && flops / t > best)
            best = flops / t;
    }
    if (values_ok)
        *values_ok = ok;
    return best / 1e9;
}
