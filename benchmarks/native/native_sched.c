/* Scheduled loop nests: built with -O2 so the compiler vectorizes the loops
 * the schedule vectorized, with the parallel loop split over threads. */
#include <pthread.h>

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
    for (int i = lo; i < hi; i++)
        for (int jo = 0; jo < 32; jo++) {
            float *c = a->C + i * 512 + jo * 16;
            for (int ji = 0; ji < 16; ji++)
                c[ji] = 0.0f;
            for (int k = 0; k < 512; k++) {
                float av = a->A[i * 512 + k];
                const float *b = a->B + k * 512 + jo * 16;
                for (int ji = 0; ji < 16; ji++)
                    c[ji] = c[ji] + av * b[ji];
            }
        }
}

void native_matmul_sched(const float *A, const float *B, float *C, int threads)
{
    mm_args a = {A, B, C};
    parallel_for(512, threads, matmul_rows, &a);
}

static void add_blocks(const void *p, int lo, int hi)
{
    const mm_args *a = p;
    for (int io = lo; io < hi; io++)
        for (int ii = 0; ii < 64; ii++)
            a->C[io * 64 + ii] = a->A[io * 64 + ii] + a->B[io * 64 + ii];
}

void native_add_sched(const float *A, const float *B, float *C, int threads)
{
    mm_args a = {A, B, C};
    parallel_for(262144, threads, add_blocks, &a);
}
