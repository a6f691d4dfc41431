#include "native_sweep.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void native_sweep_axpy(const float *restrict A, const float *restrict B, float *restrict C, int64_t n)
{
    for (int64_t i0 = 0; i0 < n / 16; i0++)
        for (int64_t i1 = 0; i1 < 16; i1++)
            C[i0 * 16 + i1] = A[i0 * 16 + i1] + B[i0 * 16 + i1] * 0.5f;
}

/* T.max(x, y) is x > y ? x : y, and T.min(x, y) x < y ? x : y, in the VM */
static inline float max_f32(float x, float y) { return x > y ? x : y; }
static inline float min_f32(float x, float y) { return x < y ? x : y; }

#define BIAS_RELU(LANES)                                                        \
    for (int64_t i = 0; i < rows; i++)                                          \
        for (int64_t j0 = 0; j0 < 256 / (LANES); j0++)                          \
            for (int64_t j1 = 0; j1 < (LANES); j1++) {                          \
                int64_t j = j0 * (LANES) + j1;                                  \
                C[i * 256 + j] = max_f32(A[i * 256 + j] * B[i * 256 + j] + bias[j], 0.0f); \
            }

void native_sweep_bias_relu(const float *restrict A, const float *restrict B, const float *restrict bias,
                            float *restrict C, int64_t rows)
{
    BIAS_RELU(16)
}

void native_sweep_bias_relu_v8(const float *restrict A, const float *restrict B, const float *restrict bias,
                               float *restrict C, int64_t rows)
{
    BIAS_RELU(8)
}

void native_sweep_bias_relu_v4(const float *restrict A, const float *restrict B, const float *restrict bias,
                               float *restrict C, int64_t rows)
{
    BIAS_RELU(4)
}

/* float16 arithmetic goes through float: each operation's float result is
 * rounded to float16 (exactly what a float16 operation gives; meson builds
 * this file with -fexcess-precision=standard, so the casts round). */
void native_sweep_bias_relu_f16(const _Float16 *restrict A, const _Float16 *restrict B,
                                const _Float16 *restrict bias, _Float16 *restrict C, int64_t rows)
{
    for (int64_t f0 = 0; f0 < rows * 16; f0++)
        for (int64_t f1 = 0; f1 < 16; f1++) {
            int64_t f = f0 * 16 + f1; /* (f // 256, f % 256) flattened */
            _Float16 p = (_Float16)((float)A[f] * (float)B[f]);
            _Float16 v = (_Float16)((float)p + (float)bias[f % 256]);
            C[f] = (float)v > 0.0f ? v : (_Float16)0.0f;
        }
}

/* The loop over the pieces of 16 partitioned where its T.where guard
 * changes (the full pieces, then the cut one), as TVM's LoopPartition pass
 * does when enabled.  With the guard per element, as TVM's default lowering
 * keeps it, gcc -O3 neither vectorizes nor if-converts the min and max, and
 * their branches mispredict on these inputs (5 ns an element once the
 * buffers outgrow the branch predictor), which would flatter the VM; LLVM
 * would make them minss/maxss. */
void native_sweep_clip_where(const float *restrict x, float *restrict out, int64_t rows)
{
    int64_t n = rows * 250, full = n / 16;
    for (int64_t f0 = 0; f0 < full; f0++)
        for (int64_t f1 = 0; f1 < 16; f1++)
            out[f0 * 16 + f1] = max_f32(min_f32(x[f0 * 16 + f1], 0.5f), -0.5f);
    for (int64_t f1 = 0; full * 16 + f1 < n; f1++)
        out[full * 16 + f1] = max_f32(min_f32(x[full * 16 + f1], 0.5f), -0.5f);
}

void native_sweep_softmax(const float *restrict x, float *restrict out, int64_t rows)
{
    float e[1024]; /* T_softmax_exp of one row */
    for (int64_t i = 0; i < rows; i++) {
        const float *restrict xr = x + i * 1024;
        float maxelem = -FLT_MAX;
        for (int64_t k = 0; k < 1024; k++)
            maxelem = max_f32(maxelem, xr[k]);
        for (int64_t j0 = 0; j0 < 128; j0++)
            for (int64_t j1 = 0; j1 < 8; j1++)
                e[j0 * 8 + j1] = expf(xr[j0 * 8 + j1] - maxelem);
        float expsum = 0.0f;
        for (int64_t k = 0; k < 1024; k++)
            expsum = expsum + e[k];
        for (int64_t j0 = 0; j0 < 128; j0++)
            for (int64_t j1 = 0; j1 < 8; j1++)
                out[i * 1024 + j0 * 8 + j1] = e[j0 * 8 + j1] / expsum;
    }
}

void native_sweep_layernorm(const float *restrict x, const float *restrict gamma, const float *restrict beta,
                            float *restrict out, int64_t rows)
{
    const float inv_n = 0.00390625f, eps = (float)1.0000000000000001e-05; /* as TVM prints them */
    for (int64_t i = 0; i < rows; i++) {
        const float *restrict xr = x + i * 256;
        float v0 = 0.0f, v1 = 0.0f;
        for (int64_t k = 0; k < 256; k++) {
            float s0 = v0 + xr[k];
            float s1 = v1 + xr[k] * xr[k];
            v0 = s0;
            v1 = s1;
        }
        for (int64_t j0 = 0; j0 < 32; j0++)
            for (int64_t j1 = 0; j1 < 8; j1++) {
                int64_t j = j0 * 8 + j1;
                /* T.rsqrt is 1 / sqrt in the VM */
                float rstd = 1.0f / sqrtf(v1 * inv_n - v0 * inv_n * (v0 * inv_n) + eps);
                out[i * 256 + j] = (xr[j] - v0 * inv_n) * rstd * gamma[j] + beta[j];
            }
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
            for (int64_t j1 = 0; j1 < 16; j1++)
                D[i * 256 + j0 * 16 + j1] = max_f32(acc[j1] + bias[j0 * 16 + j1], 0.0f);
        }
}

void native_sweep_dense_int8(const int8_t *restrict A, const int8_t *restrict B, int32_t *restrict D, int64_t m)
{
    for (int64_t i = 0; i < m; i++)
        for (int64_t j0 = 0; j0 < 16; j0++) {
            int32_t acc[16];
            for (int64_t j1 = 0; j1 < 16; j1++)
                acc[j1] = 0;
            for (int64_t k0 = 0; k0 < 64; k0++)
                for (int64_t k1 = 0; k1 < 4; k1++) {
                    int64_t k = k0 * 4 + k1;
                    for (int64_t j1 = 0; j1 < 16; j1++)
                        acc[j1] = acc[j1] + (int32_t)A[i * 256 + k] * (int32_t)B[k * 256 + j0 * 16 + j1];
                }
            for (int64_t j1 = 0; j1 < 16; j1++)
                D[i * 256 + j0 * 16 + j1] = acc[j1];
        }
}

static void *scratch(size_t bytes)
{
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "native_sweep: out of memory\n");
        abort();
    }
    return p;
}

void native_sweep_conv2d(const float *restrict data, const float *restrict kernel, float *restrict out, int64_t S)
{
    int64_t P = S + 2;
    float *restrict pad = scratch((size_t)(16 * 3 * P) * sizeof(float)); /* pad_temp's three rows */
    for (int64_t ff = 0; ff < 16; ff++)
        for (int64_t yy = 0; yy < S; yy++) {
            for (int64_t c = 0; c < 16; c++)
                for (int64_t r = 0; r < 3; r++)
                    for (int64_t x = 0; x < P; x++) {
                        int64_t y = yy + r;
                        pad[(c * 3 + r) * P + x] =
                            1 <= y && y < S + 1 && 1 <= x && x < S + 1 ? data[(c * S + y - 1) * S + x - 1] : 0.0f;
                    }
            for (int64_t x0 = 0; x0 < S / 8; x0++) {
                float acc[8];
                for (int64_t x1 = 0; x1 < 8; x1++)
                    acc[x1] = 0.0f;
                for (int64_t rc = 0; rc < 16; rc++)
                    for (int64_t ry = 0; ry < 3; ry++)
                        for (int64_t rx = 0; rx < 3; rx++) {
                            float w = kernel[((ff * 16 + rc) * 3 + ry) * 3 + rx];
                            for (int64_t x1 = 0; x1 < 8; x1++)
                                acc[x1] = acc[x1] + pad[(rc * 3 + ry) * P + x0 * 8 + x1 + rx] * w;
                        }
                for (int64_t x1 = 0; x1 < 8; x1++)
                    out[(ff * S + yy) * S + x0 * 8 + x1] = acc[x1];
            }
        }
    free(pad);
}

void native_sweep_depthwise(const float *restrict data, const float *restrict kernel, float *restrict out,
                            int64_t S)
{
    int64_t P = S + 2;
    float *restrict pad = scratch((size_t)(P * P) * sizeof(float)); /* PaddedInput's channel */
    for (int64_t c = 0; c < 32; c++) {
        for (int64_t y = 0; y < P; y++)
            for (int64_t x = 0; x < P; x++)
                pad[y * P + x] =
                    1 <= y && y < S + 1 && 1 <= x && x < S + 1 ? data[(c * S + y - 1) * S + x - 1] : 0.0f;
        for (int64_t i = 0; i < S; i++)
            for (int64_t j0 = 0; j0 < S / 8; j0++) {
                float acc[8];
                for (int64_t j1 = 0; j1 < 8; j1++)
                    acc[j1] = 0.0f;
                for (int64_t di = 0; di < 3; di++)
                    for (int64_t dj = 0; dj < 3; dj++) {
                        float w = kernel[c * 9 + di * 3 + dj];
                        for (int64_t j1 = 0; j1 < 8; j1++)
                            acc[j1] = acc[j1] + pad[(i + di) * P + j0 * 8 + j1 + dj] * w;
                    }
                for (int64_t j1 = 0; j1 < 8; j1++)
                    out[(c * S + i) * S + j0 * 8 + j1] = acc[j1];
            }
    }
    free(pad);
}
