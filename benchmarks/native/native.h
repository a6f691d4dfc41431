/* The benchmark kernels written in C with the same loop nests as the TIR
 * kernels in ../kernels.  Plain forms are compiled without automatic
 * vectorization (in TIR the schedule decides that); scheduled forms with it,
 * and with threads where the schedule has a parallel loop. */
#ifndef TIR_BENCH_NATIVE_H
#define TIR_BENCH_NATIVE_H

#include <stdint.h>

void native_matmul_plain(const float *A, const float *B, float *C);
void native_matmul_sched(const float *A, const float *B, float *C, int threads);
void native_add_plain(const float *A, const float *B, float *C);
void native_add_sched(const float *A, const float *B, float *C, int threads);
void native_sum_plain(const float *A, float *S);
void native_transpose_plain(const float *A, float *B);
void native_matmul_int8_plain(const int8_t *A, const int8_t *B, int32_t *C);
void native_softmax_plain(const float *A, float *B);

#endif
