/* The benchmark kernels written in C with the same loop nests as the TIR
 * kernels in ../kernels.  Plain forms are compiled without automatic
 * vectorization (in TIR the schedule decides that); scheduled forms with it,
 * and with threads where the schedule has a parallel loop. */
#ifndef TIR_BENCH_NATIVE_H
#define TIR_BENCH_NATIVE_H

#include <stdint.h>

void native_matmul_plain(const float *restrict A, const float *restrict B, float *restrict C);
void native_matmul_sched(const float *restrict A, const float *restrict B, float *restrict C, int threads);
void native_add_plain(const float *restrict A, const float *restrict B, float *restrict C);
void native_add_sched(const float *restrict A, const float *restrict B, float *restrict C, int threads);
void native_sum_plain(const float *restrict A, float *restrict S);
void native_transpose_plain(const float *restrict A, float *restrict B);
void native_matmul_int8_plain(const int8_t *restrict A, const int8_t *restrict B, int32_t *restrict C);
void native_softmax_plain(const float *restrict A, float *restrict B);
void native_conv2d_plain(const float *restrict data, const float *restrict weight, float *restrict out);
void native_conv2d_sched(const float *restrict data, const float *restrict weight, float *restrict out, int threads);
void native_depthwise_plain(const float *restrict data, const float *restrict weight, float *restrict out);
void native_depthwise_sched(const float *restrict data, const float *restrict weight, float *restrict out, int threads);
void native_layernorm_plain(const float *restrict A, const float *restrict gamma, const float *restrict beta, float *restrict B);
/* float16 as GCC's _Float16 (x86-64 SSE2: each operation in float32 through
 * libgcc's conversions, rounded once, as the VM does). */
void native_add_f16_plain(const _Float16 *restrict A, const _Float16 *restrict B, _Float16 *restrict C);
void native_add_f16_sched(const _Float16 *restrict A, const _Float16 *restrict B, _Float16 *restrict C, int threads);

#endif
