/* tir-bench: TIR kernels on the VM against the same loop nests compiled
 * natively, measured in one run.
 *
 *   tir-bench [--filter NAME] [--threads N] [--repeat N] [--json FILE] [--kernels DIR]
 *
 * For each kernel: compile the TVMScript (timed), serialise and load+verify
 * the module (timed), run the VM and the native code (one warm-up, then the
 * median of --repeat runs, wall time), check the VM's output against the
 * native output, and print a row with the ratio VM/native. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compile.h"
#include "halffloat.h"
#include "native/native.h"
#include "timing.h"
#include "tirbc.h"
#include "tirvm.h"

#define MAX_BUFS 4

typedef struct {
    const char *pname;
    tir_dtype dtype;
    int ndim;
    int64_t shape[4];
    bool output;
} bench_buf;

typedef struct {
    const char *name, *form, *file;
    int nbufs;
    bench_buf bufs[MAX_BUFS];
    void (*native)(void **bufs, int threads); /* NULL: no native counterpart */
    double flops, bytes;                      /* per run, for GFLOP/s and GB/s */
    double rtol, atol;
} bench_kernel;

#define F16 {TIR_CODE_FLOAT, 16, 1}
#define F32 {TIR_CODE_FLOAT, 32, 1}
#define I8 {TIR_CODE_INT, 8, 1}
#define I32 {TIR_CODE_INT, 32, 1}

static void n_matmul_plain(void **b, int t) { (void)t; native_matmul_plain(b[0], b[1], b[2]); }
static void n_matmul_sched(void **b, int t) { native_matmul_sched(b[0], b[1], b[2], t); }
static void n_add_plain(void **b, int t) { (void)t; native_add_plain(b[0], b[1], b[2]); }
static void n_add_sched(void **b, int t) { native_add_sched(b[0], b[1], b[2], t); }
static void n_sum_plain(void **b, int t) { (void)t; native_sum_plain(b[0], b[1]); }
static void n_transpose_plain(void **b, int t) { (void)t; native_transpose_plain(b[0], b[1]); }
static void n_matmul_int8_plain(void **b, int t) { (void)t; native_matmul_int8_plain(b[0], b[1], b[2]); }
static void n_softmax_plain(void **b, int t) { (void)t; native_softmax_plain(b[0], b[1]); }
static void n_conv2d_plain(void **b, int t) { (void)t; native_conv2d_plain(b[0], b[1], b[2]); }
static void n_conv2d_sched(void **b, int t) { native_conv2d_sched(b[0], b[1], b[2], t); }
static void n_depthwise_plain(void **b, int t) { (void)t; native_depthwise_plain(b[0], b[1], b[2]); }
static void n_depthwise_sched(void **b, int t) { native_depthwise_sched(b[0], b[1], b[2], t); }
static void n_layernorm_plain(void **b, int t) { (void)t; native_layernorm_plain(b[0], b[1], b[2], b[3]); }
static void n_add_f16_plain(void **b, int t) { (void)t; native_add_f16_plain(b[0], b[1], b[2]); }
static void n_add_f16_sched(void **b, int t) { native_add_f16_sched(b[0], b[1], b[2], t); }

/* conv2d 1x64x56x56 * 64x64x3x3 and its depthwise form: multiply-adds x2 */
#define CONV_FLOPS (2.0 * 64 * 56 * 56 * 64 * 9)
#define DW_FLOPS (2.0 * 64 * 56 * 56 * 9)
#define NCHW_BYTES (64.0 * 56 * 56 * 4)

static const bench_kernel kernels[] = {
    {"matmul", "plain", "matmul_plain.py", 3,
     {{"A", F32, 2, {512, 512}, false}, {"B", F32, 2, {512, 512}, false}, {"C", F32, 2, {512, 512}, true}},
     n_matmul_plain, 2.0 * 512 * 512 * 512, 3.0 * 512 * 512 * 4, 1e-4, 1e-4},
    {"matmul", "sched", "matmul_sched.py", 3,
     {{"A", F32, 2, {512, 512}, false}, {"B", F32, 2, {512, 512}, false}, {"C", F32, 2, {512, 512}, true}},
     n_matmul_sched, 2.0 * 512 * 512 * 512, 3.0 * 512 * 512 * 4, 1e-4, 1e-4},
    {"matmul_int8", "plain", "matmul_int8_plain.py", 3,
     {{"A", I8, 2, {512, 512}, false}, {"B", I8, 2, {512, 512}, false}, {"C", I32, 2, {512, 512}, true}},
     n_matmul_int8_plain, 2.0 * 512 * 512 * 512, 512 * 512 * 6.0, 0, 0},
    {"add", "plain", "add_plain.py", 3,
     {{"A", F32, 1, {16777216}, false}, {"B", F32, 1, {16777216}, false}, {"C", F32, 1, {16777216}, true}},
     n_add_plain, 16777216.0, 3.0 * 16777216 * 4, 0, 0},
    {"add", "sched", "add_sched.py", 3,
     {{"A", F32, 1, {16777216}, false}, {"B", F32, 1, {16777216}, false}, {"C", F32, 1, {16777216}, true}},
     n_add_sched, 16777216.0, 3.0 * 16777216 * 4, 0, 0},
    {"sum", "plain", "sum_plain.py", 2, {{"A", F32, 1, {16777216}, false}, {"S", F32, 1, {1}, true}},
     n_sum_plain, 16777216.0, 16777216.0 * 4, 1e-3, 1e-3},
    {"transpose", "plain", "transpose_plain.py", 2,
     {{"A", F32, 2, {4096, 4096}, false}, {"B", F32, 2, {4096, 4096}, true}}, n_transpose_plain, 0,
     2.0 * 4096 * 4096 * 4, 0, 0},
    {"softmax", "plain", "softmax_plain.py", 2,
     {{"A", F32, 2, {4096, 1024}, false}, {"B", F32, 2, {4096, 1024}, true}}, n_softmax_plain,
     4096.0 * 1024 * 4, 2.0 * 4096 * 1024 * 4, 1e-5, 1e-6},
    {"conv2d", "plain", "conv2d_plain.py", 3,
     {{"data", F32, 4, {1, 64, 56, 56}, false}, {"weight", F32, 4, {64, 64, 3, 3}, false},
      {"out", F32, 4, {1, 64, 56, 56}, true}},
     n_conv2d_plain, CONV_FLOPS, 2 * NCHW_BYTES + 64.0 * 64 * 9 * 4, 1e-4, 1e-4},
    {"conv2d", "sched", "conv2d_sched.py", 3,
     {{"data", F32, 4, {1, 64, 56, 56}, false}, {"weight", F32, 4, {64, 64, 3, 3}, false},
      {"out", F32, 4, {1, 64, 56, 56}, true}},
     n_conv2d_sched, CONV_FLOPS, 2 * NCHW_BYTES + 64.0 * 64 * 9 * 4, 1e-4, 1e-4},
    {"depthwise", "plain", "depthwise_plain.py", 3,
     {{"data", F32, 4, {1, 64, 56, 56}, false}, {"weight", F32, 4, {64, 1, 3, 3}, false},
      {"out", F32, 4, {1, 64, 56, 56}, true}},
     n_depthwise_plain, DW_FLOPS, 2 * NCHW_BYTES + 64.0 * 9 * 4, 1e-5, 1e-5},
    {"depthwise", "sched", "depthwise_sched.py", 3,
     {{"data", F32, 4, {1, 64, 56, 56}, false}, {"weight", F32, 4, {64, 1, 3, 3}, false},
      {"out", F32, 4, {1, 64, 56, 56}, true}},
     n_depthwise_sched, DW_FLOPS, 2 * NCHW_BYTES + 64.0 * 9 * 4, 1e-5, 1e-5},
    {"layernorm", "plain", "layernorm_plain.py", 4,
     {{"A", F32, 2, {4096, 1024}, false}, {"gamma", F32, 1, {1024}, false}, {"beta", F32, 1, {1024}, false},
      {"B", F32, 2, {4096, 1024}, true}},
     n_layernorm_plain, 4096.0 * 1024 * 8, 2.0 * 4096 * 1024 * 4, 1e-5, 1e-5},
    /* float16: one rounding per sum on both sides; the tolerance is about one float16 ulp */
    {"add_f16", "plain", "add_f16_plain.py", 3,
     {{"A", F16, 1, {16777216}, false}, {"B", F16, 1, {16777216}, false}, {"C", F16, 1, {16777216}, true}},
     n_add_f16_plain, 16777216.0, 3.0 * 16777216 * 2, 1e-3, 1e-3},
    {"add_f16", "sched", "add_f16_sched.py", 3,
     {{"A", F16, 1, {16777216}, false}, {"B", F16, 1, {16777216}, false}, {"C", F16, 1, {16777216}, true}},
     n_add_f16_sched, 16777216.0, 3.0 * 16777216 * 2, 1e-3, 1e-3},
};

static size_t buf_bytes(const bench_buf *b)
{
    size_t n = tir_dtype_elem_size(b->dtype);
    for (int d = 0; d < b->ndim; d++)
        n *= (size_t)b->shape[d];
    return n;
}

/* Deterministic inputs: small values so integer products stay exact. */
static void fill(void *data, const bench_buf *b, uint32_t seed)
{
    size_t n = buf_bytes(b) / tir_dtype_elem_size(b->dtype);
    uint32_t x = seed * 2654435761u + 1;
    for (size_t i = 0; i < n; i++) {
        x = x * 1664525u + 1013904223u;
        int v = (int)(x >> 24) % 17 - 8;
        if (b->dtype.code == TIR_CODE_FLOAT && b->dtype.bits == 16) /* sevenths: float16 sums that round */
            ((uint16_t *)data)[i] = tir_f16_from_f64((double)v / 7.0);
        else if (b->dtype.code == TIR_CODE_FLOAT)
            ((float *)data)[i] = (float)v / 8.0f;
        else if (b->dtype.bits == 8)
            ((int8_t *)data)[i] = (int8_t)v;
        else
            ((int32_t *)data)[i] = v;
    }
}

static bool outputs_match(const void *got, const void *want, const bench_buf *b, double rtol, double atol, double *worst)
{
    size_t n = buf_bytes(b) / tir_dtype_elem_size(b->dtype);
    *worst = 0;
    for (size_t i = 0; i < n; i++) {
        double g, w;
        if (b->dtype.code == TIR_CODE_FLOAT && b->dtype.bits == 16) {
            g = tir_f16_to_f32(((const uint16_t *)got)[i]);
            w = tir_f16_to_f32(((const uint16_t *)want)[i]);
        } else if (b->dtype.code == TIR_CODE_FLOAT) {
            g = ((const float *)got)[i];
            w = ((const float *)want)[i];
        } else {
            g = ((const int32_t *)got)[i];
            w = ((const int32_t *)want)[i];
        }
        double d = fabs(g - w);
        if (d > *worst)
            *worst = d;
        if (!(d <= atol + rtol * fabs(w)))
            return false;
    }
    return true;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) {
        *len = fread(s, 1, (size_t)n, f);
        s[*len] = 0;
    }
    fclose(f);
    return s;
}

typedef struct {
    const bench_kernel *k;
    int threads;
    double vm_ms, native_ms, compile_ms, load_us;
    size_t tirbc_bytes;
    bool ok;
    double worst;
    char error[512];
} bench_result;

/* Compiles and loads a kernel file: returns the module, times in *res. */
static tirvm_module *prepare(const char *dir, const char *file, bench_result *res)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    size_t len = 0;
    char *src = read_file(path, &len);
    if (!src) {
        snprintf(res->error, sizeof res->error, "cannot read %.400s", path);
        return NULL;
    }
    tir_compile_result cr;
    double t0 = now_s();
    bool ok = tir_compile(path, src, len, NULL, &cr);
    res->compile_ms = (now_s() - t0) * 1e3;
    free(src);
    if (!ok) {
        snprintf(res->error, sizeof res->error, "compile failed: %.400s", cr.diagnostics ? cr.diagnostics : "?");
        free(cr.diagnostics);
        tirbc_module_free(cr.module);
        return NULL;
    }
    free(cr.diagnostics);
    uint8_t *bytes = NULL;
    size_t nbytes = 0;
    char err[512];
    tirvm_module *m = NULL;
    if (tirbc_write(cr.module, &bytes, &nbytes, err, sizeof err) == 0) {
        res->tirbc_bytes = nbytes;
        /* load + verify, best of several (it is microseconds) */
        double best = 1e9;
        for (int r = 0; r < 20; r++) {
            tirvm_module *tmp = NULL;
            double t1 = now_s();
            tirvm_status st = tirvm_module_load(bytes, nbytes, &tmp, err, sizeof err);
            double dt = now_s() - t1;
            if (st != TIRVM_OK) {
                snprintf(res->error, sizeof res->error, "load failed: %.400s", err);
                break;
            }
            best = dt < best ? dt : best;
            if (m)
                tirvm_module_free(tmp);
            else
                m = tmp;
        }
        res->load_us = best * 1e6;
    } else {
        snprintf(res->error, sizeof res->error, "write failed: %.400s", err);
    }
    free(bytes);
    tirbc_module_free(cr.module);
    return m;
}

static void run_kernel(const char *dir, const bench_kernel *k, int threads, int repeat, bench_result *res)
{
    memset(res, 0, sizeof *res);
    res->k = k;
    res->threads = threads;
    tirvm_module *m = prepare(dir, k->file, res);
    if (!m)
        return;
    tirvm_module_set_threads(m, threads);
    void *vm_bufs[MAX_BUFS] = {0}, *nat_bufs[MAX_BUFS] = {0};
    DLTensor t[MAX_BUFS];
    tirvm_arg args[MAX_BUFS];
    for (int i = 0; i < k->nbufs; i++) {
        const bench_buf *b = &k->bufs[i];
        size_t n = buf_bytes(b);
        vm_bufs[i] = aligned_alloc(64, (n + 63) / 64 * 64);
        nat_bufs[i] = aligned_alloc(64, (n + 63) / 64 * 64);
        fill(vm_bufs[i], b, (uint32_t)i + 1);
        memcpy(nat_bufs[i], vm_bufs[i], n);
        memset(&t[i], 0, sizeof t[i]);
        t[i].data = vm_bufs[i];
        t[i].device.device_type = kDLCPU;
        t[i].ndim = b->ndim;
        t[i].dtype.code = b->dtype.code;
        t[i].dtype.bits = b->dtype.bits;
        t[i].dtype.lanes = 1;
        t[i].shape = (int64_t *)b->shape;
        args[i].kind = TIRVM_ARG_TENSOR;
        args[i].tensor = &t[i];
    }
    int func = tirvm_find_function(m, "main");
    double *times = malloc(sizeof(double) * (size_t)(repeat + 1));
    char err[512];
    for (int r = 0; r <= repeat; r++) {
        double t0 = now_s();
        if (tirvm_call(m, func, args, k->nbufs, err, sizeof err) != TIRVM_OK) {
            snprintf(res->error, sizeof res->error, "run failed: %.400s", err);
            goto out;
        }
        times[r] = now_s() - t0;
    }
    res->vm_ms = median(times + 1, repeat) * 1e3; /* run 0 is the warm-up */
    if (k->native) {
        for (int r = 0; r <= repeat; r++) {
            double t0 = now_s();
            k->native(nat_bufs, threads);
            times[r] = now_s() - t0;
        }
        res->native_ms = median(times + 1, repeat) * 1e3;
        res->ok = true;
        for (int i = 0; i < k->nbufs; i++)
            if (k->bufs[i].output && !outputs_match(vm_bufs[i], nat_bufs[i], &k->bufs[i], k->rtol, k->atol, &res->worst))
                res->ok = false;
    } else {
        res->ok = true;
    }
out:
    free(times);
    for (int i = 0; i < k->nbufs; i++) {
        free(vm_bufs[i]);
        free(nat_bufs[i]);
    }
    tirvm_module_free(m);
}

/* Microseconds to enter and leave one empty parallel region. */
static double empty_region_us(const char *dir, int threads, char *error, size_t error_len)
{
    bench_result r;
    memset(&r, 0, sizeof r);
    tirvm_module *m = prepare(dir, "empty_region.py", &r);
    if (!m) {
        snprintf(error, error_len, "%s", r.error);
        return -1;
    }
    tirvm_module_set_threads(m, threads);
    int32_t data[2] = {0, 0};
    int64_t shape[1] = {2};
    DLTensor t;
    memset(&t, 0, sizeof t);
    t.data = data;
    t.device.device_type = kDLCPU;
    t.ndim = 1;
    t.dtype.code = kDLInt;
    t.dtype.bits = 32;
    t.dtype.lanes = 1;
    t.shape = shape;
    tirvm_arg a = {.kind = TIRVM_ARG_TENSOR, .tensor = &t};
    char err[512];
    double best = 1e9;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now_s();
        if (tirvm_call(m, 0, &a, 1, err, sizeof err) != TIRVM_OK) {
            snprintf(error, error_len, "%s", err);
            tirvm_module_free(m);
            return -1;
        }
        double dt = now_s() - t0;
        best = dt < best ? dt : best;
    }
    tirvm_module_free(m);
    return best / 100000.0 * 1e6;
}

int main(int argc, char **argv)
{
    const char *filter = NULL, *json = NULL, *dir = TIR_BENCH_KERNELS;
    int threads = 1, repeat = 5;
    bool threads_given = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--filter") == 0 && i + 1 < argc)
            filter = argv[++i];
        else if (strcmp(argv[i], "--json") == 0 && i + 1 < argc)
            json = argv[++i];
        else if (strcmp(argv[i], "--kernels") == 0 && i + 1 < argc)
            dir = argv[++i];
        else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            threads = atoi(argv[++i]);
            threads_given = true;
        } else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else {
            fprintf(stderr,
                    "usage: tir-bench [--filter NAME] [--threads N] [--repeat N] [--json FILE] [--kernels DIR]\n"
                    "Without --threads, scheduled kernels run with 1 and 2 threads.\n");
            return strcmp(argv[i], "--help") == 0 ? 0 : 2;
        }
    }
    if (threads < 1 || repeat < 1) {
        fprintf(stderr, "tir-bench: --threads and --repeat must be positive\n");
        return 2;
    }
    bench_result results[64];
    int nres = 0;
    printf("%-12s %-6s %3s %11s %11s %9s %8s %8s %7s %8s %9s %s\n", "kernel", "form", "thr", "VM ms", "native ms",
           "VM/native", "GFLOP/s", "GB/s", "bytes", "load us", "compile", "check");
    bool all_ok = true;
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        const bench_kernel *k = &kernels[i];
        if (filter && !strstr(k->name, filter))
            continue;
        int tlist[2] = {threads, 0};
        int nt = 1;
        if (!threads_given && strcmp(k->form, "sched") == 0) {
            tlist[0] = 1;
            tlist[1] = 2;
            nt = 2;
        }
        for (int ti = 0; ti < nt && nres < 64; ti++) {
            bench_result *r = &results[nres++];
            run_kernel(dir, k, tlist[ti], repeat, r);
            if (r->error[0]) {
                printf("%-12s %-6s %3d  error: %s\n", k->name, k->form, r->threads, r->error);
                all_ok = false;
                continue;
            }
            double gflops = k->flops ? k->flops / (r->vm_ms * 1e-3) / 1e9 : 0;
            double gbs = k->bytes / (r->vm_ms * 1e-3) / 1e9;
            printf("%-12s %-6s %3d %11.2f %11.2f %9.2f %8.3f %8.3f %7zu %8.1f %7.1fms %s\n", k->name, k->form,
                   r->threads, r->vm_ms, r->native_ms, r->native_ms > 0 ? r->vm_ms / r->native_ms : 0, gflops, gbs,
                   r->tirbc_bytes, r->load_us, r->compile_ms, r->ok ? "ok" : "MISMATCH");
            all_ok &= r->ok;
            fflush(stdout);
        }
    }
    /* Parallel speedup and region cost (issue targets: >= 1.8x on 2 cores, < 5 us). */
    double speedup = 0;
    for (int i = 0; i < nres; i++)
        for (int j = 0; j < nres; j++)
            if (results[i].k == results[j].k && !strcmp(results[i].k->name, "matmul") &&
                !strcmp(results[i].k->form, "sched") && results[i].threads == 1 && results[j].threads == 2 &&
                results[j].vm_ms > 0)
                speedup = results[i].vm_ms / results[j].vm_ms;
    if (speedup > 0)
        printf("parallel matmul speedup, 2 threads over 1: %.2fx\n", speedup);
    char err[512] = "";
    double region = -1;
    if (!filter || strstr("empty_region", filter)) {
        region = empty_region_us(dir, threads_given ? threads : 2, err, sizeof err);
        if (region >= 0)
            printf("empty parallel region (%d threads): %.2f us per region over 100000 regions\n",
                   threads_given ? threads : 2, region);
        else
            printf("empty parallel region: error: %s\n", err);
    }
    if (json) {
        FILE *f = fopen(json, "w");
        if (!f) {
            fprintf(stderr, "tir-bench: cannot write %s\n", json);
            return 2;
        }
        fprintf(f, "{\"kernels\": [\n");
        for (int i = 0; i < nres; i++) {
            const bench_result *r = &results[i];
            fprintf(f,
                    "  {\"kernel\": \"%s\", \"form\": \"%s\", \"threads\": %d, \"vm_ms\": %.4f, \"native_ms\": %.4f, "
                    "\"ratio\": %.4f, \"tirbc_bytes\": %zu, \"load_us\": %.2f, \"compile_ms\": %.3f, \"ok\": %s%s%s%s}%s\n",
                    r->k->name, r->k->form, r->threads, r->vm_ms, r->native_ms,
                    r->native_ms > 0 ? r->vm_ms / r->native_ms : 0, r->tirbc_bytes, r->load_us, r->compile_ms,
                    r->ok && !r->error[0] ? "true" : "false", r->error[0] ? ", \"error\": \"" : "",
                    r->error[0] ? "see stdout" : "", r->error[0] ? "\"" : "", i + 1 < nres ? "," : "");
        }
        fprintf(f, "], \"matmul_parallel_speedup\": %.3f, \"empty_region_us\": %.3f}\n", speedup, region);
        fclose(f);
    }
    return all_ok ? 0 : 1;
}
