/* Plain loop nests: built with -O2 -fno-tree-vectorize (see meson.build). */
#include <math.h>
#include <stdlib.h>

#include "native.h"

void native_matmul_plain(const float *restrict A, const float *restrict B, float *restrict C)
{
    for (int i = 0; i < 512; i++)
        for (int j = 0; j < 512; j++)
            for (int k = 0; k < 512; k++) {
                if (k == 0)
                    C[i * 512 + j] = 0.0f;
                C[i * 512 + j] = C[i * 512 + j] + A[i * 512 + k] * B[k * 512 + j];
            }
}

void native_add_plain(const float *restrict A, const float *restrict B, float *restrict C)
{
    for (int i = 0; i < 16777216; i++)
        C[i] = A[i] + B[i];
}

void native_sum_plain(const float *restrict A, float *restrict S)
{
    for (int k = 0; k < 16777216; k++) {
        if (k == 0)
            S[0] = 0.0f;
        S[0] = S[0] + A[k];
    }
}

void native_transpose_plain(const float *restrict A, float *restrict B)
{
    for (int i = 0; i < 4096; i++)
        for (int j = 0; j < 4096; j++)
            B[i * 4096 + j] = A[j * 4096 + i];
}

void native_matmul_int8_plain(const int8_t *restrict A, const int8_t *restrict B, int32_t *restrict C)
{
    for (int i = 0; i < 512; i++)
        for (int j = 0; j < 512; j++)
            for (int k = 0; k < 512; k++) {
                if (k == 0)
                    C[i * 512 + j] = 0;
                C[i * 512 + j] = (int32_t)((uint32_t)C[i * 512 + j] + (uint32_t)((int32_t)A[i * 512 + k] * (int32_t)B[k * 512 + j]));
            }
}

void native_softmax_plain(const float *restrict A, float *restrict B)
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

/* The padded input of conv2d and depthwise (TOPI's pad stage); allocated per
 * call, as the VM allocates the kernel's alloc_buffer. */
static float *pad_input(const float *data)
{
    float *pad = malloc(64 * 58 * 58 * sizeof *pad);
    if (!pad)
        abort();
    for (int c = 0; c < 64; c++)
        for (int h = 0; h < 58; h++)
            for (int w = 0; w < 58; w++)
                pad[(c * 58 + h) * 58 + w] =
                    1 <= h && h < 57 && 1 <= w && w < 57 ? data[(c * 56 + h - 1) * 56 + w - 1] : 0.0f;
    return pad;
}

void native_conv2d_plain(const float *restrict data, const float *restrict weight, float *restrict out)
{
    float *pad = pad_input(data);
    for (int ff = 0; ff < 64; ff++)
        for (int yy = 0; yy < 56; yy++)
            for (int xx = 0; xx < 56; xx++)
                for (int rc = 0; rc < 64; rc++)
                    for (int ry = 0; ry < 3; ry++)
                        for (int rx = 0; rx < 3; rx++) {
                            float *o = &out[(ff * 56 + yy) * 56 + xx];
                            if (rc == 0 && ry == 0 && rx == 0)
                                *o = 0.0f;
                            *o = *o + pad[(rc * 58 + yy + ry) * 58 + xx + rx] * weight[((ff * 64 + rc) * 3 + ry) * 3 + rx];
                        }
    free(pad);
}

void native_depthwise_plain(const float *restrict data, const float *restrict weight, float *restrict out)
{
    float *pad = pad_input(data);
    for (int c = 0; c < 64; c++)
        for (int i = 0; i < 56; i++)
            for (int j = 0; j < 56; j++)
                for (int di = 0; di < 3; di++)
                    for (int dj = 0; dj < 3; dj++) {
                        float *o = &out[(c * 56 + i) * 56 + j];
                        if (di == 0 && dj == 0)
                            *o = 0.0f;
                        *o = *o + pad[(c * 58 + i + di) * 58 + j + dj] * weight[(c * 3 + di) * 3 + dj];
                    }
    free(pad);
}

void native_layernorm_plain(const float *restrict A, const float *restrict gamma, const float *restrict beta, float *restrict B)
{
    float row[2];
    for (int i = 0; i < 4096; i++) {
        row[0] = 0.0f;
        for (int k = 0; k < 1024; k++)
            row[0] = row[0] + A[i * 1024 + k];
        float mean = row[0] / 1024.0f;
        row[1] = 0.0f;
        for (int k = 0; k < 1024; k++) {
            float d = A[i * 1024 + k] - mean;
            row[1] = row[1] + d * d;
        }
        float rstd = 1.0f / sqrtf(row[1] / 1024.0f + 1e-05f); /* T.rsqrt, as the VM computes it */
        for (int k = 0; k < 1024; k++)
            B[i * 1024 + k] = (A[i * 1024 + k] - mean) * rstd * gamma[k] + beta[k];
    }
}

void native_add_f16_plain(const _Float16 *restrict A, const _Float16 *restrict B, _Float16 *restrict C)
{
    for (int i = 0; i < 16777216; i++)
        C[i] = A[i] + B[i];
}
