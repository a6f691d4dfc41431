/* Scheduled loop nests: built with -O2 so the compiler vectorizes the loops
 * the schedule vectorized, with the parallel loop split over threads. */
#include <pthread.h>
#include <stdlib.h>

#include "native.h"

typedef struct {
    void (*body)(const void *arg, int lo, int hi);
    const void *arg;
    int lo, hi;
} chunk;

static void *run_chunk(void *p)
{
    chunk *c = p;
    c->body(c->arg, c->lo, c->hi);
    return NULL;
}

/* Static chunking over `threads` threads, the calling thread taking the first. */
static void parallel_for(int n, int threads, void (*body)(const void *, int, int), const void *arg)
{
    if (threads < 1)
        threads = 1;
    if (threads > 64)
        threads = 64;
    pthread_t tid[64];
    chunk ch[64];
    for (int t = 0; t < threads; t++) {
        ch[t].body = body;
        ch[t].arg = arg;
        ch[t].lo = (int)((long long)n * t / threads);
        ch[t].hi = (int)((long long)n * (t + 1) / threads);
    }
    for (int t = 1; t < threads; t++)
        pthread_create(&tid[t], NULL, run_chunk, &ch[t]);
    run_chunk(&ch[0]);
    for (int t = 1; t < threads; t++)
        pthread_join(tid[t], NULL);
}

typedef struct {
    const float *A, *B;
    float *C;
} mm_args;

static void matmul_rows(const void *p, int lo, int hi)
{
    const mm_args *a = p;
    const float *restrict A = a->A, *restrict B = a->B;
    float *restrict C = a->C;
    for (int i = lo; i < hi; i++)
        for (int jo = 0; jo < 32; jo++) {
            float *c = C + i * 512 + jo * 16;
            for (int ji = 0; ji < 16; ji++)
                c[ji] = 0.0f;
            for (int k = 0; k < 512; k++) {
                float av = A[i * 512 + k];
                const float *b = B + k * 512 + jo * 16;
                for (int ji = 0; ji < 16; ji++)
                    c[ji] = c[ji] + av * b[ji];
            }
        }
}

void native_matmul_sched(const float *restrict A, const float *restrict B, float *restrict C, int threads)
{
    mm_args a = {A, B, C};
    parallel_for(512, threads, matmul_rows, &a);
}

static void add_blocks(const void *p, int lo, int hi)
{
    const mm_args *a = p;
    const float *restrict A = a->A, *restrict B = a->B;
    float *restrict C = a->C;
    for (int io = lo; io < hi; io++)
        for (int ii = 0; ii < 64; ii++)
            C[io * 64 + ii] = A[io * 64 + ii] + B[io * 64 + ii];
}

void native_add_sched(const float *restrict A, const float *restrict B, float *restrict C, int threads)
{
    mm_args a = {A, B, C};
    parallel_for(262144, threads, add_blocks, &a);
}

typedef struct {
    const float *data, *weight;
    float *pad, *out;
} conv_args;

static void pad_channels(const void *p, int lo, int hi)
{
    const conv_args *a = p;
    const float *restrict data = a->data;
    float *restrict pad = a->pad;
    for (int c = lo; c < hi; c++)
        for (int h = 0; h < 58; h++)
            for (int w = 0; w < 58; w++)
                pad[(c * 58 + h) * 58 + w] =
                    1 <= h && h < 57 && 1 <= w && w < 57 ? data[(c * 56 + h - 1) * 56 + w - 1] : 0.0f;
}

static void conv_channels(const void *p, int lo, int hi)
{
    const conv_args *a = p;
    const float *restrict weight = a->weight;
    float *restrict pad = a->pad, *restrict out = a->out;
    for (int ff = lo; ff < hi; ff++)
        for (int yy = 0; yy < 56; yy++)
            for (int xo = 0; xo < 7; xo++) {
                float acc[8];
                for (int xi = 0; xi < 8; xi++)
                    acc[xi] = 0.0f;
                for (int ry = 0; ry < 3; ry++)
                    for (int rx = 0; rx < 3; rx++)
                        for (int rc = 0; rc < 64; rc++) {
                            float w = weight[((ff * 64 + rc) * 3 + ry) * 3 + rx];
                            const float *in = pad + (rc * 58 + yy + ry) * 58 + xo * 8 + rx;
                            for (int xi = 0; xi < 8; xi++)
                                acc[xi] = acc[xi] + in[xi] * w;
                        }
                for (int xi = 0; xi < 8; xi++)
                    out[(ff * 56 + yy) * 56 + xo * 8 + xi] = acc[xi];
            }
}

/* The padded buffer allocated per call, as the VM allocates the kernel's alloc_buffer. */
void native_conv2d_sched(const float *restrict data, const float *restrict weight, float *restrict out, int threads)
{
    conv_args a = {data, weight, malloc(64 * 58 * 58 * sizeof(float)), out};
    if (!a.pad)
        abort();
    parallel_for(64, threads, pad_channels, &a);
    parallel_for(64, threads, conv_channels, &a);
    free(a.pad);
}

static void depthwise_channels(const void *p, int lo, int hi)
{
    const conv_args *a = p;
    const float *restrict weight = a->weight;
    float *restrict pad = a->pad, *restrict out = a->out;
    for (int c = lo; c < hi; c++)
        for (int i = 0; i < 56; i++)
            for (int jo = 0; jo < 7; jo++) {
                float acc[8];
                for (int ji = 0; ji < 8; ji++)
                    acc[ji] = 0.0f;
                for (int di = 0; di < 3; di++)
                    for (int dj = 0; dj < 3; dj++) {
                        float w = weight[(c * 3 + di) * 3 + dj];
                        const float *in = pad + (c * 58 + i + di) * 58 + jo * 8 + dj;
                        for (int ji = 0; ji < 8; ji++)
                            acc[ji] = acc[ji] + in[ji] * w;
                    }
                for (int ji = 0; ji < 8; ji++)
                    out[(c * 56 + i) * 56 + jo * 8 + ji] = acc[ji];
            }
}

void native_depthwise_sched(const float *restrict data, const float *restrict weight, float *restrict out, int threads)
{
    conv_args a = {data, weight, malloc(64 * 58 * 58 * sizeof(float)), out};
    if (!a.pad)
        abort();
    parallel_for(64, threads, pad_channels, &a);
    parallel_for(64, threads, depthwise_channels, &a);
    free(a.pad);
}

typedef struct {
    const _Float16 *A, *B;
    _Float16 *C;
} f16_args;

static void add_f16_blocks(const void *p, int lo, int hi)
{
    const f16_args *a = p;
    const _Float16 *restrict A = a->A, *restrict B = a->B;
    _Float16 *restrict C = a->C;
    for (int io = lo; io < hi; io++)
        for (int ii = 0; ii < 16; ii++)
            C[io * 16 + ii] = A[io * 16 + ii] + B[io * 16 + ii];
}

void native_add_f16_sched(const _Float16 *restrict A, const _Float16 *restrict B, _Float16 *restrict C, int threads)
{
    f16_args a = {A, B, C};
    parallel_for(1048576, threads, add_f16_blocks, &a);
}
