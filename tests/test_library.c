/* The library as a multi-threaded server uses it (include/tirvm.h): many
 * host threads calling one module at once, serial and parallel kernels,
 * with every result checked; and cancellation by timeout and by flag.
 * In the e2e suite, so that scripts/test.sh runs it under ThreadSanitizer. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uv.h>

#include "tap.h"
#include "tirc.h"
#include "tirvm.h"

/* scale: B[i] = A[i] * k + i, serially; pscale: the same over a parallel loop. */
static const char kernels_src[] =
    "from tvm.script import ir as I\n"
    "from tvm.script import tir as T\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def scale(A: T.Buffer((256,), \"int32\"), B: T.Buffer((256,), \"int32\"), k: T.int32):\n"
    "        for i in range(256):\n"
    "            B[i] = A[i] * k + i\n"
    "    @T.prim_func\n"
    "    def pscale(A: T.Buffer((256,), \"int32\"), B: T.Buffer((256,), \"int32\"), k: T.int32):\n"
    "        for i in T.parallel(256):\n"
    "            B[i] = A[i] * k + i\n"
    "    @T.prim_func\n"
    "    def rowmm(A: T.Buffer((128, 64), \"float32\"), W: T.Buffer((64, 128), \"float32\"), C: T.Buffer((128, 128), \"float32\")):\n"
    "        T.func_attr({\"tir.noalias\": True})\n"
    "        for i, j, k in T.grid(128, 128, 64):\n"
    "            with T.block(\"mm\"):\n"
    "                vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n"
    "                with T.init():\n"
    "                    C[vi, vj] = T.float32(0)\n"
    "                C[vi, vj] = C[vi, vj] + A[vi, vk] * W[vk, vj]\n"
    "    @T.prim_func\n"
    "    def gram(Q: T.Buffer((2, 2), \"float32\"), K: T.Buffer((2, 2), \"float32\"), C: T.Buffer((2, 2), \"float32\")):\n"
    "        for i, j, r in T.grid(2, 2, 2):\n"
    "            with T.block(\"mm\"):\n"
    "                vi, vj, vr = T.axis.remap(\"SSR\", [i, j, r])\n"
    "                with T.init():\n"
    "                    C[vi, vj] = T.float32(0)\n"
    "                C[vi, vj] = C[vi, vj] + Q[vi, vr] * K[vj, vr]\n"
    "    @T.prim_func\n"
    "    def keep(A: T.Buffer((1,), \"int64\"), B: T.Buffer((4,), \"int64\")):\n"
    "        X = T.alloc_buffer((98304,), \"int64\")\n"
    "        X[7] = A[0]\n"
    "        B[0] = X[7] + X[98296]\n"
    "    @T.prim_func\n"
    "    def pkeep(A: T.Buffer((1,), \"int64\"), B: T.Buffer((4,), \"int64\")):\n"
    "        for t in T.parallel(2):\n"
    "            with T.block(\"w\"):\n"
    "                vt = T.axis.spatial(2, t)\n"
    "                Z = T.alloc_buffer((65536,), \"int64\")\n"
    "                Z[vt] = A[0] + T.int64(vt)\n"
    "                B[vt] = Z[vt] + Z[65535 - vt]\n"
    "    @T.prim_func\n"
    "    def spin(A: T.Buffer((1,), \"int64\")):\n"
    "        for i, j in T.grid(100000, 100000):\n"
    "            A[0] = A[0] + T.int64(1)\n"
    "    @T.prim_func\n"
    "    def pspin(A: T.Buffer((8,), \"int64\")):\n"
    "        for t in T.parallel(8):\n"
    "            for i, j in T.grid(100000, 100000):\n"
    "                A[t] = A[t] + T.int64(1)\n";

static tirvm_runtime *rt;
static tirvm_module *mod;

static bool setup(void)
{
    char err[512], *diag = NULL;
    tirvm_runtime_options ro = {.threads = 4};
    if (tirvm_runtime_new(&ro, &rt, err, sizeof err) != TIRVM_OK) {
        printf("# runtime: %s\n", err);
        return false;
    }
    tirc_status st = tirc_compile_load(rt, "kernels.py", kernels_src, strlen(kernels_src), NULL, &mod, &diag);
    if (st != TIRC_OK)
        printf("# compile: %s\n", diag ? diag : tirc_status_name(st));
    tirvm_free(diag);
    return st == TIRC_OK;
}

static DLTensor tensor(void *data, int64_t *shape, uint8_t code, uint8_t bits)
{
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {code, bits, 1}, .shape = shape};
    return t;
}

enum { HOST_THREADS = 8, CALLS = 150 };

typedef struct {
    int id;
    int failures;
    char first_error[300];
} worker;

static void host_thread(void *arg)
{
    worker *w = arg;
    int fs = tirvm_find_function(mod, "scale"), fp = tirvm_find_function(mod, "pscale");
    int32_t a[256], b[256];
    int64_t shape[1] = {256};
    for (int c = 0; c < CALLS; c++) {
        int32_t k = w->id * 1000 + c;
        for (int i = 0; i < 256; i++) {
            a[i] = i * (w->id + 1) - c;
            b[i] = -1;
        }
        DLTensor ta = tensor(a, shape, kDLInt, 32), tb = tensor(b, shape, kDLInt, 32);
        tirvm_arg args[3] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tb},
                             {.kind = TIRVM_ARG_INT, .i = k}};
        char err[300] = "";
        /* every other call has a step limit, so limited and unlimited calls mix */
        tirvm_call_options opts = {.max_steps = c % 2 ? 100000 : 0};
        tirvm_status st = tirvm_call_ex(mod, c % 3 ? fp : fs, args, 3, &opts, NULL, err, sizeof err);
        bool right = st == TIRVM_OK;
        for (int i = 0; right && i < 256; i++)
            right = b[i] == a[i] * k + i; /* no overflow: |a*k| < 2^31 here */
        if (!right && !w->failures++)
            snprintf(w->first_error, sizeof w->first_error, "thread %d call %d: status %d %s", w->id, c, st, err);
    }
}

static void eight_threads_call_one_module(void)
{
    uv_thread_t t[HOST_THREADS];
    worker w[HOST_THREADS];
    memset(w, 0, sizeof w);
    for (int i = 0; i < HOST_THREADS; i++) {
        w[i].id = i;
        CHECK_EQ_INT(uv_thread_create(&t[i], host_thread, &w[i]), 0);
    }
    int failures = 0;
    for (int i = 0; i < HOST_THREADS; i++) {
        uv_thread_join(&t[i]);
        if (w[i].failures)
            printf("#   %s (%d failed calls)\n", w[i].first_error, w[i].failures);
        failures += w[i].failures;
    }
    CHECK_EQ_INT(failures, 0);
}

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define CANCEL_BOUND_MS 1000.0 /* sanitizers slow everything several times */
#else
#define CANCEL_BOUND_MS 50.0
#endif

/* keep leaves a 768 KiB block to its frame; pkeep's two workers need
 * 512 KiB each, which fit a 1.125 MiB limit only once the kept block is
 * released.  Threads taking the module's frames in turn make workers of
 * different calls release at once; every call fits, so every call runs. */
#define KEEP_LIMIT (1152 * 1024)

static void keep_thread(void *arg)
{
    worker *w = arg;
    int fk = tirvm_find_function(mod, "keep"), fp = tirvm_find_function(mod, "pkeep");
    int64_t a[1], b[4], ashape[1] = {1}, bshape[1] = {4};
    DLTensor ta = tensor(a, ashape, kDLInt, 64), tb = tensor(b, bshape, kDLInt, 64);
    tirvm_arg args[2] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tb}};
    tirvm_call_options opts = {.max_memory = KEEP_LIMIT};
    for (int c = 0; c < 40; c++) {
        a[0] = w->id * 1000 + c;
        b[0] = b[1] = b[2] = b[3] = -1;
        char err[300] = "";
        bool par = c % 2;
        tirvm_status st = tirvm_call_ex(mod, par ? fp : fk, args, 2, &opts, NULL, err, sizeof err);
        /* the other elements of a block are zero-filled */
        bool right = st == TIRVM_OK && b[0] == a[0];
        for (int t = 1; par && t < 2; t++)
            right = right && b[t] == a[0] + t;
        if (!right && !w->failures++)
            snprintf(w->first_error, sizeof w->first_error, "thread %d call %d: status %d %s", w->id, c, st, err);
    }
}

static void kept_blocks_released_under_pressure_from_workers(void)
{
    enum { N = 4 };
    uv_thread_t t[N];
    worker w[N];
    memset(w, 0, sizeof w);
    for (int i = 0; i < N; i++) {
        w[i].id = i;
        CHECK_EQ_INT(uv_thread_create(&t[i], keep_thread, &w[i]), 0);
    }
    for (int i = 0; i < N; i++) {
        uv_thread_join(&t[i]);
        if (w[i].failures)
            printf("#   %s (%d failed calls)\n", w[i].first_error, w[i].failures);
        CHECK_EQ_INT(w[i].failures, 0);
    }
}

/* Runs `name` (a long loop) with a 1 ms timeout; the best of three tries'
 * wall time (the machine may be busy) in *ms, its status returned. */
static tirvm_status run_with_deadline(const char *name, int n, double *ms, char *err, size_t err_len)
{
    int64_t acc[8] = {0}, shape[1] = {n};
    DLTensor t = tensor(acc, shape, kDLInt, 64);
    tirvm_arg arg = {.kind = TIRVM_ARG_TENSOR, .tensor = &t};
    tirvm_call_options opts = {.timeout_ns = 1000 * 1000};
    tirvm_status st = TIRVM_OK;
    *ms = 1e9;
    for (int attempt = 0; attempt < 3; attempt++) {
        uint64_t t0 = uv_hrtime();
        st = tirvm_call_ex(mod, tirvm_find_function(mod, name), &arg, 1, &opts, NULL, err, err_len);
        double took = (double)(uv_hrtime() - t0) / 1e6;
        if (took < *ms)
            *ms = took;
        if (st != TIRVM_ERR_CANCELLED)
            break;
    }
    return st;
}

static void one_ms_timeout_cancels_a_long_loop(void)
{
    char err[300] = "";
    double ms;
    CHECK_EQ_INT(run_with_deadline("spin", 1, &ms, err, sizeof err), TIRVM_ERR_CANCELLED);
    CHECK_STR_CONTAINS(err, "cancelled");
    printf("#   cancelled after %.2f ms\n", ms);
    CHECK(ms < CANCEL_BOUND_MS);
}

static void one_ms_timeout_cancels_a_parallel_region(void)
{
    char err[300] = "";
    double ms;
    CHECK_EQ_INT(run_with_deadline("pspin", 8, &ms, err, sizeof err), TIRVM_ERR_CANCELLED);
    CHECK_STR_CONTAINS(err, "cancelled");
    printf("#   cancelled after %.2f ms\n", ms);
    CHECK(ms < CANCEL_BOUND_MS);
}

typedef struct {
    int *flag;
} canceller;

static void cancel_soon(void *arg)
{
    canceller *c = arg;
    uv_sleep(2);
    __atomic_store_n(c->flag, 1, __ATOMIC_RELAXED);
}

static void a_flag_set_by_another_thread_cancels(void)
{
    int flag = 0;
    canceller c = {&flag};
    int64_t acc[1] = {0}, shape[1] = {1};
    DLTensor t = tensor(acc, shape, kDLInt, 64);
    tirvm_arg arg = {.kind = TIRVM_ARG_TENSOR, .tensor = &t};
    tirvm_call_options opts = {.cancel = &flag};
    uv_thread_t th;
    CHECK_EQ_INT(uv_thread_create(&th, cancel_soon, &c), 0);
    char err[300] = "";
    tirvm_status st = tirvm_call_ex(mod, tirvm_find_function(mod, "spin"), &arg, 1, &opts, NULL, err, sizeof err);
    uv_thread_join(&th);
    CHECK_EQ_INT(st, TIRVM_ERR_CANCELLED);
    CHECK_STR_CONTAINS(err, "cancelled");
    CHECK(acc[0] > 0 && acc[0] < (int64_t)100000 * 100000); /* it ran, and stopped */
    /* the module is fine afterwards */
    int32_t a[256], b[256];
    int64_t s256[1] = {256};
    for (int i = 0; i < 256; i++)
        a[i] = i;
    DLTensor ta = tensor(a, s256, kDLInt, 32), tb = tensor(b, s256, kDLInt, 32);
    tirvm_arg args[3] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tb},
                         {.kind = TIRVM_ARG_INT, .i = 3}};
    CHECK_EQ_INT(tirvm_call_ex(mod, tirvm_find_function(mod, "pscale"), args, 3, &opts, NULL, err, sizeof err),
                 TIRVM_ERR_CANCELLED); /* the flag is still set */
    flag = 0;
    CHECK_EQ_INT(tirvm_call_ex(mod, tirvm_find_function(mod, "pscale"), args, 3, &opts, NULL, err, sizeof err),
                 TIRVM_OK);
    CHECK_EQ_INT(b[255], 255 * 3 + 255);
}

/* A serial matmul nest large enough for pass parallelize runs its rows on
 * the four workers, and gives the bits of one thread and of the nest
 * computed here (integer-valued floats: every sum is exact). */
static void serial_rows_split_across_workers_keep_their_bits(void)
{
    enum { M = 128, K = 64, N = 128 };
    static float a[M * K], w[K * N], c1[M * N], c4[M * N];
    int64_t sa[2] = {M, K}, sw[2] = {K, N}, sc[2] = {M, N};
    for (int i = 0; i < M * K; i++)
        a[i] = (float)(i % 13 - 6);
    for (int i = 0; i < K * N; i++)
        w[i] = (float)(i % 7 - 3);
    int f = tirvm_find_function(mod, "rowmm");
    float *outs[2] = {c4, c1};
    for (int run = 0; run < 2; run++) {
        if (run == 1)
            CHECK_EQ_INT(tirvm_module_set_threads(mod, 1), TIRVM_OK);
        DLTensor ta = tensor(a, sa, kDLFloat, 32), tw = tensor(w, sw, kDLFloat, 32),
                 tc = tensor(outs[run], sc, kDLFloat, 32);
        ta.ndim = tw.ndim = tc.ndim = 2;
        tirvm_arg args[3] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tw},
                             {.kind = TIRVM_ARG_TENSOR, .tensor = &tc}};
        char err[300] = "";
        CHECK_EQ_INT(tirvm_call_ex(mod, f, args, 3, NULL, NULL, err, sizeof err), TIRVM_OK);
    }
    CHECK_EQ_INT(tirvm_module_set_threads(mod, 4), TIRVM_OK);
    CHECK(memcmp(c1, c4, sizeof c1) == 0);
    int wrong = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float sum = 0;
            for (int k = 0; k < K; k++)
                sum += a[i * K + k] * w[k * N + j];
            wrong += c4[i * N + j] != sum;
        }
    CHECK_EQ_INT(wrong, 0);
}

/* Compiles on several threads at once give the same bytes as one alone
 * (tirc.h says compiling is thread-safe; under ThreadSanitizer this also
 * shows the compiler shares no unsynchronized state between compiles). */
typedef struct {
    void *bytes;
    size_t len;
    tirc_status st;
} compile_work;

static void compile_thread(void *arg)
{
    compile_work *w = arg;
    for (int r = 0; r < 5; r++) {
        tirvm_free(w->bytes);
        w->st = tirc_compile("kernels.py", kernels_src, strlen(kernels_src), NULL, &w->bytes, &w->len, NULL);
    }
}

static void four_threads_compile_at_once(void)
{
    compile_work alone = {0}, w[4] = {{0}};
    alone.st = tirc_compile("kernels.py", kernels_src, strlen(kernels_src), NULL, &alone.bytes, &alone.len, NULL);
    CHECK_EQ_INT(alone.st, TIRC_OK);
    uv_thread_t t[4];
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT(uv_thread_create(&t[i], compile_thread, &w[i]), 0);
    for (int i = 0; i < 4; i++) {
        uv_thread_join(&t[i]);
        CHECK_EQ_INT(w[i].st, TIRC_OK);
        CHECK(w[i].len == alone.len && memcmp(w[i].bytes, alone.bytes, alone.len) == 0);
        tirvm_free(w[i].bytes);
    }
    tirvm_free(alone.bytes);
}

/* One tensor passed for two parameters the function only reads (q x q^T)
 * runs; passed for a parameter it writes as well, it is refused. */
static void one_tensor_twice_runs_when_neither_view_is_written(void)
{
    float q[4] = {1, 2, 3, 4}, c[4] = {0};
    int64_t shape[2] = {2, 2};
    DLTensor tq = tensor(q, shape, kDLFloat, 32), tc = tensor(c, shape, kDLFloat, 32);
    tq.ndim = tc.ndim = 2;
    tirvm_arg args[3] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &tq}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tq},
                         {.kind = TIRVM_ARG_TENSOR, .tensor = &tc}};
    char err[300] = "";
    int g = tirvm_find_function(mod, "gram");
    CHECK_EQ_INT(tirvm_call(mod, g, args, 3, err, sizeof err), TIRVM_OK);
    const float want[4] = {5, 11, 11, 25}; /* [[1,2],[3,4]] times its transpose */
    CHECK(memcmp(c, want, sizeof want) == 0);
    args[2].tensor = &tq; /* the output aliases the inputs */
    CHECK(tirvm_call(mod, g, args, 3, err, sizeof err) != TIRVM_OK);
    CHECK_STR_CONTAINS(err, "overlap in memory");
}

/* A module shared into another runtime outlives the object it was shared
 * from, and runs its serial and parallel kernels there. */
static void a_shared_module_outlives_its_source(void)
{
    char err[300] = "", *diag = NULL;
    tirvm_module *src = NULL, *shared = NULL;
    tirvm_runtime *rt2 = NULL;
    tirvm_runtime_options ro = {.threads = 2};
    CHECK_EQ_INT(tirc_compile_load(rt, "kernels.py", kernels_src, strlen(kernels_src), NULL, &src, &diag), TIRC_OK);
    tirvm_free(diag);
    CHECK_EQ_INT(tirvm_runtime_new(&ro, &rt2, err, sizeof err), TIRVM_OK);
    if (!src || !rt2)
        return;
    CHECK_EQ_INT(tirvm_module_share(src, rt2, &shared, err, sizeof err), TIRVM_OK);
    tirvm_module_free(src);
    tirvm_runtime_free(rt2); /* the shared module holds it */
    if (!shared)
        return;
    CHECK_EQ_INT(tirvm_module_threads(shared), 2);
    int32_t a[256], b[256];
    int64_t shape[1] = {256};
    for (int i = 0; i < 256; i++)
        a[i] = i - 100;
    DLTensor ta = tensor(a, shape, kDLInt, 32), tb = tensor(b, shape, kDLInt, 32);
    tirvm_arg args[3] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tb},
                         {.kind = TIRVM_ARG_INT, .i = 3}};
    for (int f = 0; f < 2; f++) {
        memset(b, 0, sizeof b);
        CHECK_EQ_INT(tirvm_call(shared, tirvm_find_function(shared, f ? "pscale" : "scale"), args, 3, err, sizeof err),
                     TIRVM_OK);
        bool same = true;
        for (int i = 0; i < 256; i++)
            same = same && b[i] == (i - 100) * 3 + i;
        CHECK(same);
    }
    tirvm_module_free(shared);
}

/* tirvm_check_arg refuses what a call refuses, with the call's message. */
static void check_arg_gives_the_calls_message(void)
{
    int32_t a[128], b[256];
    int64_t short_shape[1] = {128}, shape[1] = {256};
    DLTensor ta = tensor(a, short_shape, kDLInt, 32), tb = tensor(b, shape, kDLInt, 32);
    tirvm_arg args[3] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tb},
                         {.kind = TIRVM_ARG_INT, .i = 3}};
    char e1[300] = "", e2[300] = "";
    int f = tirvm_find_function(mod, "scale");
    CHECK_EQ_INT(tirvm_check_arg(mod, f, 0, &args[0], e1, sizeof e1), TIRVM_ERR_RUNTIME);
    CHECK(tirvm_call(mod, f, args, 3, e2, sizeof e2) != TIRVM_OK);
    CHECK_STR_CONTAINS(e1, "shape[0] is 128, expected 256");
    CHECK(strcmp(e1, e2) == 0);
    CHECK_EQ_INT(tirvm_check_arg(mod, f, 1, &args[1], e1, sizeof e1), TIRVM_OK);
    args[1].kind = TIRVM_ARG_TENSOR_READ_ONLY; /* B is written */
    CHECK_EQ_INT(tirvm_check_arg(mod, f, 1, &args[1], e1, sizeof e1), TIRVM_ERR_USAGE);
    CHECK_STR_CONTAINS(e1, "read-only");
    CHECK_EQ_INT(tirvm_check_arg(mod, f, 2, &args[2], e1, sizeof e1), TIRVM_ERR_USAGE); /* k is a scalar */
}

int main(void)
{
    if (!setup()) {
        printf("not ok 1 - setup\n1..1\n");
        return 1;
    }
    RUN(eight_threads_call_one_module);
    RUN(kept_blocks_released_under_pressure_from_workers);
    RUN(one_ms_timeout_cancels_a_long_loop);
    RUN(one_ms_timeout_cancels_a_parallel_region);
    RUN(a_flag_set_by_another_thread_cancels);
    RUN(four_threads_compile_at_once);
    RUN(serial_rows_split_across_workers_keep_their_bits);
    RUN(one_tensor_twice_runs_when_neither_view_is_written);
    RUN(a_shared_module_outlives_its_source);
    RUN(check_arg_gives_the_calls_message);
    tirvm_module_free(mod);
    tirvm_runtime_free(rt);
    CHECK_DONE();
}
