/* The model kernels as C loop nests: see native_models.h.  Each function
 * follows its kernel's TVMScript (../shared/tvm-models/kernels/K/K.py)
 * stage by stage.  A reduction's T.init runs before its reduction loops
 * (where TVM's lowering leaves it guarded by the first iteration and LLVM
 * peels it); T.max and T.min are selects, as TVM's LLVM code generator
 * emits them (a > b ? a : b); T.exp, T.erf and T.pow are expf, erff and
 * powf; T.rsqrt is 1 / sqrtf.  Intermediate buffers are static: a call
 * allocates nothing. */
#include "native_models.h"

#include <math.h>

static inline float max_f(float a, float b) { return a > b ? a : b; }
static inline float min_f(float a, float b) { return a < b ? a : b; }

/* conv2d NCHW (1, CI, H, W) * (CO, CI, KH, KW), stride S, padding P, its
 * padding stage pad_temp (1, CI, H + 2P, W + 2P), then + bias (1, CO, 1,
 * 1).  The output is (1, CO, OH, OW). */
#define CONV_STAGES(CI, H, W, CO, K, S, P, OH, OW, PADV)                                                          \
    const float(*restrict p0)[H][W] = b[0];                                                                        \
    const float(*restrict p1)[CI][K][K] = b[1];                                                                    \
    const float *restrict p2 = b[2];                                                                               \
    static float pad_temp[CI][H + 2 * P][W + 2 * P];                                                               \
    static float conv[CO][OH][OW];                                                                                 \
    static float t_add[CO][OH][OW];                                                                                \
    for (int i1 = 0; i1 < CI; i1++)                                                                                \
        for (int i2 = 0; i2 < H + 2 * P; i2++)                                                                     \
            for (int i3 = 0; i3 < W + 2 * P; i3++)                                                                 \
                pad_temp[i1][i2][i3] = P <= i2 && i2 < H + P && P <= i3 && i3 < W + P ? p0[i1][i2 - P][i3 - P]   \
                                                                                       : (PADV);                   \
    for (int ff = 0; ff < CO; ff++)                                                                                \
        for (int yy = 0; yy < OH; yy++)                                                                            \
            for (int xx = 0; xx < OW; xx++) {                                                                      \
                conv[ff][yy][xx] = 0.0f;                                                                           \
                for (int rc = 0; rc < CI; rc++)                                                                    \
                    for (int ry = 0; ry < K; ry++)                                                                 \
                        for (int rx = 0; rx < K; rx++)                                                             \
                            conv[ff][yy][xx] =                                                                     \
                                conv[ff][yy][xx] + pad_temp[rc][yy * S + ry][xx * S + rx] * p1[ff][rc][ry][rx];    \
            }                                                                                                      \
    for (int ax1 = 0; ax1 < CO; ax1++)                                                                             \
        for (int ax2 = 0; ax2 < OH; ax2++)                                                                         \
            for (int ax3 = 0; ax3 < OW; ax3++)                                                                     \
                t_add[ax1][ax2][ax3] = conv[ax1][ax2][ax3] + p2[ax1];

/* the same, depthwise (group conv2d with groups = channels): channel ff
 * reads pad_temp's channel ff + rc, rc < 1 */
#define DEPTHWISE_STAGES(C, H, W, K, S, P, OH, OW)                                                                \
    const float(*restrict p0)[H][W] = b[0];                                                                        \
    const float(*restrict p1)[1][K][K] = b[1];                                                                     \
    const float *restrict p2 = b[2];                                                                               \
    static float pad_temp[C][H + 2 * P][W + 2 * P];                                                                \
    static float conv[C][OH][OW];                                                                                  \
    static float t_add[C][OH][OW];                                                                                 \
    for (int i1 = 0; i1 < C; i1++)                                                                                 \
        for (int i2 = 0; i2 < H + 2 * P; i2++)                                                                     \
            for (int i3 = 0; i3 < W + 2 * P; i3++)                                                                 \
                pad_temp[i1][i2][i3] = P <= i2 && i2 < H + P && P <= i3 && i3 < W + P ? p0[i1][i2 - P][i3 - P]   \
                                                                                       : 0.0f;                     \
    for (int ff = 0; ff < C; ff++)                                                                                 \
        for (int yy = 0; yy < OH; yy++)                                                                            \
            for (int xx = 0; xx < OW; xx++) {                                                                      \
                conv[ff][yy][xx] = 0.0f;                                                                           \
                for (int rc = 0; rc < 1; rc++)                                                                     \
                    for (int ry = 0; ry < K; ry++)                                                                 \
                        for (int rx = 0; rx < K; rx++)                                                             \
                            conv[ff][yy][xx] = conv[ff][yy][xx] +                                                  \
                                               pad_temp[ff + rc][yy * S + ry][xx * S + rx] * p1[ff][rc][ry][rx];   \
            }                                                                                                      \
    for (int ax1 = 0; ax1 < C; ax1++)                                                                              \
        for (int ax2 = 0; ax2 < OH; ax2++)                                                                         \
            for (int ax3 = 0; ax3 < OW; ax3++)                                                                     \
                t_add[ax1][ax2][ax3] = conv[ax1][ax2][ax3] + p2[ax1];

void native_models_conv3x3_relu(void *const *b)
{
    CONV_STAGES(64, 28, 28, 64, 3, 1, 1, 28, 28, 0.0f)
    float(*restrict out)[28][28] = b[3];
    for (int i1 = 0; i1 < 64; i1++)
        for (int i2 = 0; i2 < 28; i2++)
            for (int i3 = 0; i3 < 28; i3++)
                out[i1][i2][i3] = max_f(t_add[i1][i2][i3], 0.0f);
}

void native_models_conv3x3_s2_relu(void *const *b)
{
    CONV_STAGES(32, 56, 56, 64, 3, 2, 1, 28, 28, 0.0f)
    float(*restrict out)[28][28] = b[3];
    for (int i1 = 0; i1 < 64; i1++)
        for (int i2 = 0; i2 < 28; i2++)
            for (int i3 = 0; i3 < 28; i3++)
                out[i1][i2][i3] = max_f(t_add[i1][i2][i3], 0.0f);
}

/* conv2d 1x1 + bias: the add writes the output (T_add_intermediate) */
void native_models_conv1x1(void *const *b)
{
    const float(*restrict p0)[28][28] = b[0];
    const float(*restrict p1)[96] = b[1]; /* (24, 96, 1, 1) */
    const float *restrict p2 = b[2];
    float(*restrict out)[28][28] = b[3];
    static float pad_temp[96][28][28];
    static float conv[24][28][28];
    for (int i1 = 0; i1 < 96; i1++)
        for (int i2 = 0; i2 < 28; i2++)
            for (int i3 = 0; i3 < 28; i3++)
                pad_temp[i1][i2][i3] = p0[i1][i2][i3];
    for (int ff = 0; ff < 24; ff++)
        for (int yy = 0; yy < 28; yy++)
            for (int xx = 0; xx < 28; xx++) {
                conv[ff][yy][xx] = 0.0f;
                for (int rc = 0; rc < 96; rc++)
                    conv[ff][yy][xx] = conv[ff][yy][xx] + pad_temp[rc][yy][xx] * p1[ff][rc];
            }
    for (int ax1 = 0; ax1 < 24; ax1++)
        for (int ax2 = 0; ax2 < 28; ax2++)
            for (int ax3 = 0; ax3 < 28; ax3++)
                out[ax1][ax2][ax3] = conv[ax1][ax2][ax3] + p2[ax1];
}

void native_models_conv1x1_relu6(void *const *b)
{
    const float(*restrict p0)[28][28] = b[0];
    const float(*restrict p1)[24] = b[1]; /* (144, 24, 1, 1) */
    const float *restrict p2 = b[2];
    float(*restrict out)[28][28] = b[3];
    static float pad_temp[24][28][28];
    static float conv[144][28][28];
    static float t_add[144][28][28];
    for (int i1 = 0; i1 < 24; i1++)
        for (int i2 = 0; i2 < 28; i2++)
            for (int i3 = 0; i3 < 28; i3++)
                pad_temp[i1][i2][i3] = p0[i1][i2][i3];
    for (int ff = 0; ff < 144; ff++)
        for (int yy = 0; yy < 28; yy++)
            for (int xx = 0; xx < 28; xx++) {
                conv[ff][yy][xx] = 0.0f;
                for (int rc = 0; rc < 24; rc++)
                    conv[ff][yy][xx] = conv[ff][yy][xx] + pad_temp[rc][yy][xx] * p1[ff][rc];
            }
    for (int ax1 = 0; ax1 < 144; ax1++)
        for (int ax2 = 0; ax2 < 28; ax2++)
            for (int ax3 = 0; ax3 < 28; ax3++)
                t_add[ax1][ax2][ax3] = conv[ax1][ax2][ax3] + p2[ax1];
    for (int i1 = 0; i1 < 144; i1++)
        for (int i2 = 0; i2 < 28; i2++)
            for (int i3 = 0; i3 < 28; i3++)
                out[i1][i2][i3] = max_f(min_f(t_add[i1][i2][i3], 6.0f), 0.0f);
}

void native_models_depthwise3x3_relu6(void *const *b)
{
    DEPTHWISE_STAGES(96, 28, 28, 3, 1, 1, 28, 28)
    float(*restrict out)[28][28] = b[3];
    for (int i1 = 0; i1 < 96; i1++)
        for (int i2 = 0; i2 < 28; i2++)
            for (int i3 = 0; i3 < 28; i3++)
                out[i1][i2][i3] = max_f(min_f(t_add[i1][i2][i3], 6.0f), 0.0f);
}

void native_models_depthwise3x3_s2_relu6(void *const *b)
{
    DEPTHWISE_STAGES(64, 56, 56, 3, 2, 1, 28, 28)
    float(*restrict out)[28][28] = b[3];
    for (int i1 = 0; i1 < 64; i1++)
        for (int i2 = 0; i2 < 28; i2++)
            for (int i3 = 0; i3 < 28; i3++)
                out[i1][i2][i3] = max_f(min_f(t_add[i1][i2][i3], 6.0f), 0.0f);
}

/* max_pool2d 3x3, stride 2, padding 1 with -FLT_MAX */
void native_models_max_pool3x3_s2(void *const *b)
{
    const float(*restrict p0)[56][56] = b[0];
    float(*restrict pool)[28][28] = b[1];
    static float pad_temp[32][58][58];
    for (int ax1 = 0; ax1 < 32; ax1++)
        for (int ax2 = 0; ax2 < 58; ax2++)
            for (int ax3 = 0; ax3 < 58; ax3++)
                pad_temp[ax1][ax2][ax3] =
                    1 <= ax2 && ax2 < 57 && 1 <= ax3 && ax3 < 57 ? p0[ax1][ax2 - 1][ax3 - 1] : -3.40282346638528859811704183484516925440e+38f;
    for (int ax1 = 0; ax1 < 32; ax1++)
        for (int ax2 = 0; ax2 < 28; ax2++)
            for (int ax3 = 0; ax3 < 28; ax3++) {
                pool[ax1][ax2][ax3] = -3.40282346638528859811704183484516925440e+38f;
                for (int rv0 = 0; rv0 < 3; rv0++)
                    for (int rv1 = 0; rv1 < 3; rv1++)
                        pool[ax1][ax2][ax3] = max_f(pool[ax1][ax2][ax3], pad_temp[ax1][ax2 * 2 + rv0][ax3 * 2 + rv1]);
            }
}

/* mean over (7, 7) of (1, 256, 7, 7): a sum, then / 49 */
void native_models_global_avg_pool(void *const *b)
{
    const float(*restrict p0)[7][7] = b[0];
    float *restrict out = b[1];
    static float p0_red[256];
    for (int ax1 = 0; ax1 < 256; ax1++) {
        p0_red[ax1] = 0.0f;
        for (int k2 = 0; k2 < 7; k2++)
            for (int k3 = 0; k3 < 7; k3++)
                p0_red[ax1] = p0_red[ax1] + p0[ax1][k2][k3];
    }
    for (int ax1 = 0; ax1 < 256; ax1++)
        out[ax1] = p0_red[ax1] / 49.0f;
}

/* (8, 256) x (256, 512) + bias, relu */
void native_models_dense_batch8_relu(void *const *b)
{
    const float(*restrict p0)[256] = b[0];
    const float(*restrict p1)[512] = b[1];
    const float *restrict p2 = b[2];
    float(*restrict out)[512] = b[3];
    static float matmul[8][512];
    static float t_add[8][512];
    for (int i0 = 0; i0 < 8; i0++)
        for (int i1 = 0; i1 < 512; i1++) {
            matmul[i0][i1] = 0.0f;
            for (int k = 0; k < 256; k++)
                matmul[i0][i1] = matmul[i0][i1] + p0[i0][k] * p1[k][i1];
        }
    for (int ax0 = 0; ax0 < 8; ax0++)
        for (int ax1 = 0; ax1 < 512; ax1++)
            t_add[ax0][ax1] = matmul[ax0][ax1] + p2[ax1];
    for (int i0 = 0; i0 < 8; i0++)
        for (int i1 = 0; i1 < 512; i1++)
            out[i0][i1] = max_f(t_add[i0][i1], 0.0f);
}

/* (1, 8, 32, 64) x (1, 8, 64, 32) per head */
void native_models_batch_matmul_heads(void *const *b)
{
    const float(*restrict p0)[32][64] = b[0];
    const float(*restrict p1)[64][32] = b[1];
    float(*restrict out)[32][32] = b[2];
    for (int i1 = 0; i1 < 8; i1++)
        for (int i2 = 0; i2 < 32; i2++)
            for (int i3 = 0; i3 < 32; i3++) {
                out[i1][i2][i3] = 0.0f;
                for (int k = 0; k < 64; k++)
                    out[i1][i2][i3] = out[i1][i2][i3] + p0[i1][i2][k] * p1[i1][k][i3];
            }
}

/* (1, 32, 8, 32) -> (1, 8, 32, 32) */
void native_models_transpose_heads(void *const *b)
{
    const float(*restrict p0)[8][32] = b[0];
    float(*restrict out)[32][32] = b[1];
    for (int ax1 = 0; ax1 < 8; ax1++)
        for (int ax2 = 0; ax2 < 32; ax2++)
            for (int ax3 = 0; ax3 < 32; ax3++)
                out[ax1][ax2][ax3] = p0[ax2][ax1][ax3];
}

/* softmax over the last axis of (1, 8, 32, 32): max, exp, sum, divide */
void native_models_softmax_rows(void *const *b)
{
    const float(*restrict p0)[32][32] = b[0];
    float(*restrict out)[32][32] = b[1];
    static float maxelem[8][32];
    static float e[8][32][32];
    static float expsum[8][32];
    for (int i1 = 0; i1 < 8; i1++)
        for (int i2 = 0; i2 < 32; i2++) {
            maxelem[i1][i2] = -3.40282346638528859811704183484516925440e+38f;
            for (int k = 0; k < 32; k++)
                maxelem[i1][i2] = max_f(maxelem[i1][i2], p0[i1][i2][k]);
        }
    for (int i1 = 0; i1 < 8; i1++)
        for (int i2 = 0; i2 < 32; i2++)
            for (int i3 = 0; i3 < 32; i3++)
                e[i1][i2][i3] = expf(p0[i1][i2][i3] - maxelem[i1][i2]);
    for (int i1 = 0; i1 < 8; i1++)
        for (int i2 = 0; i2 < 32; i2++) {
            expsum[i1][i2] = 0.0f;
            for (int k = 0; k < 32; k++)
                expsum[i1][i2] = expsum[i1][i2] + e[i1][i2][k];
        }
    for (int i1 = 0; i1 < 8; i1++)
        for (int i2 = 0; i2 < 32; i2++)
            for (int i3 = 0; i3 < 32; i3++)
                out[i1][i2][i3] = e[i1][i2][i3] / expsum[i1][i2];
}

/* layer norm over the last axis of (1, 32, 256), epsilon 1e-5 */
void native_models_layer_norm(void *const *b)
{
    const float(*restrict p0)[256] = b[0];
    const float *restrict p1 = b[1], *restrict p2 = b[2];
    float(*restrict out)[256] = b[3];
    static float p0_sum[32], p0_mean[32], p0_var_sum[32];
    for (int ax1 = 0; ax1 < 32; ax1++) {
        p0_sum[ax1] = 0.0f;
        for (int k2 = 0; k2 < 256; k2++)
            p0_sum[ax1] = p0_sum[ax1] + p0[ax1][k2];
    }
    for (int ax1 = 0; ax1 < 32; ax1++)
        p0_mean[ax1] = p0_sum[ax1] / 256.0f;
    for (int ax1 = 0; ax1 < 32; ax1++) {
        p0_var_sum[ax1] = 0.0f;
        for (int k2 = 0; k2 < 256; k2++)
            p0_var_sum[ax1] = p0_var_sum[ax1] + (p0[ax1][k2] - p0_mean[ax1]) * (p0[ax1][k2] - p0_mean[ax1]);
    }
    for (int ax1 = 0; ax1 < 32; ax1++)
        for (int ax2 = 0; ax2 < 256; ax2++)
            out[ax1][ax2] = (p0[ax1][ax2] - p0_mean[ax1]) *
                                (1.0f / sqrtf(p0_var_sum[ax1] / 256.0f + 1.0000000000000001e-05f)) * p1[ax2] +
                            p2[ax2];
}

/* x ** 2 over (1, 32, 256): T.pow(x, 2.0) */
void native_models_square(void *const *b)
{
    const float(*restrict p0)[256] = b[0];
    float(*restrict out)[256] = b[1];
    for (int ax1 = 0; ax1 < 32; ax1++)
        for (int ax2 = 0; ax2 < 256; ax2++)
            out[ax1][ax2] = powf(p0[ax1][ax2], 2.0f);
}

/* GELU with erf over (8, 512), one stage per operation */
void native_models_gelu_erf(void *const *b)
{
    const float(*restrict p0)[512] = b[0];
    float(*restrict out)[512] = b[1];
    static float t_multiply_1[8][512], compute[8][512], t_multiply_2[8][512], t_add[8][512];
    for (int ax0 = 0; ax0 < 8; ax0++)
        for (int ax1 = 0; ax1 < 512; ax1++)
            t_multiply_1[ax0][ax1] = p0[ax0][ax1] * 0.70710678118654757f;
    for (int i0 = 0; i0 < 8; i0++)
        for (int i1 = 0; i1 < 512; i1++)
            compute[i0][i1] = erff(t_multiply_1[i0][i1]);
    for (int ax0 = 0; ax0 < 8; ax0++)
        for (int ax1 = 0; ax1 < 512; ax1++)
            t_multiply_2[ax0][ax1] = compute[ax0][ax1] * 0.5f;
    for (int ax0 = 0; ax0 < 8; ax0++)
        for (int ax1 = 0; ax1 < 512; ax1++)
            t_add[ax0][ax1] = 0.5f + t_multiply_2[ax0][ax1];
    for (int ax0 = 0; ax0 < 8; ax0++)
        for (int ax1 = 0; ax1 < 512; ax1++)
            out[ax0][ax1] = p0[ax0][ax1] * t_add[ax0][ax1];
}
