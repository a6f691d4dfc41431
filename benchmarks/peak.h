/* The peak probe: how many float32 multiplies and adds one core can issue
 * per second at each vector width (benchmarks/peak.c). */
#ifndef TIR_BENCH_PEAK_H
#define TIR_BENCH_PEAK_H

#include <stdbool.h>

/* The vector paths, narrowest first.  On other CPUs than x86 only the
 * first is built, with the compiler's baseline 128-bit vectors. */
enum { PEAK_SSE2, PEAK_AVX2, PEAK_AVX512, PEAK_NPATHS };

const char *peak_path_name(int path);
int peak_path_bits(int path);
/* Whether this build has the path and this CPU (and its OS) can run it. */
bool peak_path_supported(int path);
/* The widest supported path. */
int peak_widest(void);

/* GFLOP/s of the calling thread on a supported path: the best of repeat
 * samples of at least min_s seconds each.  Each sample runs independent
 * chains of vector multiplies and of vector adds (no fused multiply-add),
 * enough of each to cover their latency on two pipes.  Sets *values_ok to
 * whether the chains ended on the values they must (the multiplier is 1 and
 * the addend 0 at run time, unknown to the compiler), when not NULL. */
double peak_gflops(int path, double min_s, int repeat, bool *values_ok);

#endif
