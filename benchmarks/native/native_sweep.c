#include "native_sweep.h"

void native_sweep_axpy(const float *restrict A, const float *restrict B, float *restrict C, int64_t n)
{
    for (int64_t i0 = 0; i0 < n / 16; i0++)
        for (int64_t i1 = 0; i1 < 16; i1++)
            C[i0 * 16 + i1] = A[i0 * 16 + i1] + B[i0 * 16 + i1] * 0.5f;
}

void native_sweep_bias_relu(const float *restrict A, const float *restrict B, const float *restrict bias,
                            float *restrict C, int64_t rows)
{
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j0 = 0; j0 < 16; j0++)
            for (int64_t j1 = 0; j1 < 16; j1++) {
                int64_t j = j0 * 16 + j1;
                float v = A[i * 256 + j] * B[i * 256 + j] + bias[j];
                C[i * 256 + j] = v > 0.0f ? v : 0.0f;
            }
}

void native_sweep_dense(const float *restrict X, const float *restrict W, const float *restrict bias,
                        float *restrict D, int64_t m)
{
    for (int64_t i = 0; i < m; i++)
        for (int64_t j0 = 0; j0 < 16; j0++) {
            float acc[16];
            for (int64_t j1 = 0; j1 < 16; j1++)
                acc[j1] = 0.0f;
            for (int64_t k = 0; k < 256; k++)
                for (int64_t j1 = 0; j1 < 16; j1++)
                    acc[j1] = acc[j1] + X[i * 256 + k] * W[k * 256 + j0 * 16 + j1];
            for (int64_t j1 = 0; j1 < 16; j1++) {
                float v = acc[j1] + bias[j0 * 16 + j1];
                D[i * 256 + j0 * 16 + j1] = v > 0.0f ? v : 0.0f;
            }
        }
}
