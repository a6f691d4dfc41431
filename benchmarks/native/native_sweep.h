/* The cache-sweep kernels (tir_sweep.c) as C loop nests of the same shape as
 * TVM schedules them (the same splits, the same loop order, the inner loop
 * the one TVM vectorizes), each operation in the TIR's order and in its own
 * type, so the VM's output and these agree bit for bit.  Intermediates are
 * the size TVM's lowering compacts them to (a row, a channel plane, an
 * accumulator tile held in registers).  Built with gcc -O3, as TVM's LLVM
 * backend builds at O3. */
#ifndef TIR_BENCH_NATIVE_SWEEP_H
#define TIR_BENCH_NATIVE_SWEEP_H

#include <stdint.h>

/* C[i] = A[i] + B[i] * 0.5 for i < n (n a multiple of 16) */
void native_sweep_axpy(const float *restrict A, const float *restrict B, float *restrict C, int64_t n);
/* C[i, j] = max(A[i, j] * B[i, j] + bias[j], 0) for i < rows, j < 256, j
 * split by 16, 8 or 4 */
void native_sweep_bias_relu(const float *restrict A, const float *restrict B, const float *restrict bias,
                            float *restrict C, int64_t rows);
void native_sweep_bias_relu_v8(const float *restrict A, const float *restrict B, const float *restrict bias,
                               float *restrict C, int64_t rows);
void native_sweep_bias_relu_v4(const float *restrict A, const float *restrict B, const float *restrict bias,
                               float *restrict C, int64_t rows);
/* the same in float16 (each operation rounded to float16), over the fused
 * index split by 16 */
void native_sweep_bias_relu_f16(const _Float16 *restrict A, const _Float16 *restrict B,
                                const _Float16 *restrict bias, _Float16 *restrict C, int64_t rows);
/* out = max(min(x, 0.5), -0.5) over (rows, 250), the fused index split by
 * 16 and its last piece cut short */
void native_sweep_clip_where(const float *restrict x, float *restrict out, int64_t rows);
/* softmax over each row of (rows, 1024) */
void native_sweep_softmax(const float *restrict x, float *restrict out, int64_t rows);
/* layer normalization over each row of (rows, 256), epsilon 1e-5 */
void native_sweep_layernorm(const float *restrict x, const float *restrict gamma, const float *restrict beta,
                            float *restrict out, int64_t rows);
/* D[i, j] = max(sum_k X[i, k] * W[k, j] + bias[j], 0) for i < m, j < 256, k < 256 */
void native_sweep_dense(const float *restrict X, const float *restrict W, const float *restrict bias,
                        float *restrict D, int64_t m);
/* D[i, j] = sum_k (int32)A[i, k] * (int32)B[k, j] for i < m, j < 256, k < 256 */
void native_sweep_dense_int8(const int8_t *restrict A, const int8_t *restrict B, int32_t *restrict D, int64_t m);
/* conv2d NCHW 1x16xSxS, 16 output channels, 3x3, stride 1, padding 1 (S a
 * multiple of 8) */
void native_sweep_conv2d(const float *restrict data, const float *restrict kernel, float *restrict out, int64_t S);
/* depthwise conv2d NCHW 1x32xSxS, 3x3, stride 1, padding 1 (S a multiple of 8) */
void native_sweep_depthwise(const float *restrict data, const float *restrict kernel, float *restrict out,
                            int64_t S);

#endif
