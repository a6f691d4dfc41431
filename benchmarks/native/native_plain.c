/* Plain loop nests: built with -O2 -fno-tree-vectorize (see meson.build). */
#include <math.h>

#include "native.h"

void native_matmul_plain(const float *A, const float *B, float *C)
{
    for (int i = 0; i < 512; i++)
        for (int j = 0; j < 512; j++)
            for (int k = 0; k < 512; k++) {
                if (k == 0)
                    C[i * 512 + j] = 0.0f;
                C[i * 512 + j] = C[i * 512 + j] + A[i * 512 + k] * B[k * 512 + j];
            }
}

void native_add_plain(const float *A, const float *B, float *C)
{
    for (int i = 0; i < 16777216; i++)
        C[i] = A[i] + B[i];
}

void native_sum_plain(const float *A, float *S)
{
    for (int k = 0; k < 16777216; k++) {
        if (k == 0)
            S[0] = 0.0f;
        S[0] = S[0] + A[k];
    }
}

void native_transpose_plain(const float *A, float *B)
{
    for (int i = 0; i < 4096; i++)
        for (int j = 0; j < 4096; j++)
            B[i * 4096 + j] = A[j * 4096 + i];
}

void native_matmul_int8_plain(const int8_t *A, const int8_t *B, int32_t *C)
{
    for (int i = 0; i < 512; i++)
        for (int j = 0; j < 512; j++)
            for (int k = 0; k < 512; k++) {
                if (k == 0)
                    C[i * 512 + j] = 0;
                C[i * 512 + j] = (int32_t)((uint32_t)C[i * 512 + j] + (uint32_t)((int32_t)A[i * 512 + k] * (int32_t)B[k * 512 + j]));
            }
}

void native_softmax_plain(const float *A, float *B)
{
    float row[2];
    for (int i = 0; i < 4096; i++) {
        row[0] = -3.4028234663852886e+38f;
        for (int k = 0; k < 1024; k++)
            row[0] = row[0] > A[i * 1024 + k] ? row[0] : A[i * 1024 + k];
        row[1] = 0.0f;
        for (int k = 0; k < 1024; k++) {
            float e = expf(A[i * 1024 + k] - row[0]);
            B[i * 1024 + k] = e;
            row[1] = row[1] + e;
        }
        for (int k = 0; k < 1024; k++)
            B[i * 1024 + k] = B[i * 1024 + k] / row[1];
    }
}
