/* The cache-sweep kernels (tir_sweep.c) as C loop nests of the same shape as
 * TVM schedules them: split by 16, the inner loop vectorized.  Built with
 * gcc -O3, as TVM's LLVM backend builds at O3. */
#ifndef TIR_BENCH_NATIVE_SWEEP_H
#define TIR_BENCH_NATIVE_SWEEP_H

#include <stdint.h>

/* C[i] = A[i] + B[i] * 0.5 for i < n (n a multiple of 16) */
void native_sweep_axpy(const float *restrict A, const float *restrict B, float *restrict C, int64_t n);
/* C[i, j] = max(A[i, j] * B[i, j] + bias[j], 0) for i < rows, j < 256 */
void native_sweep_bias_relu(const float *restrict A, const float *restrict B, const float *restrict bias,
                            float *restrict C, int64_t rows);
/* D[i, j] = max(sum_k X[i, k] * W[k, j] + bias[j], 0) for i < m, j < 256, k < 256 */
void native_sweep_dense(const float *restrict X, const float *restrict W, const float *restrict bias,
                        float *restrict D, int64_t m);

#endif
