/* tir-sweep: the VM against gcc -O3 on kernels scheduled the way TVM
 * schedules them (split by 16, the inner loop T.vectorized, blocks with
 * their axes, reads and writes, T.init), at working sets that fit in L1,
 * L2, L3 and only in DRAM.  Large buffers hide what each instruction costs
 * behind the memory bus; small ones show it.
 *
 *   tir-sweep [--repeat N] [--min-ms MS] [--filter NAME]
 *       prints one row per kernel and size: the time per element of the VM
 *       and of the native loop nest (median of N samples, each at least MS
 *       long), and their ratio
 *   tir-sweep --one KERNEL LEVEL vm|native
 *       runs one call only (for callgrind: scripts/sweep.sh counts the
 *       machine instructions each side spends per element)
 *
 * Every row checks the VM's output against the native output. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "native/native_sweep.h"
#include "tirc.h"
#include "timing.h"
#include "tirvm.h"

enum { LEVELS = 4, MAX_BUFS = 5 };
static const char *const level_names[LEVELS] = {"L1", "L2", "L3", "DRAM"};

typedef struct {
    const char *name;
    const char *source;             /* TVMScript; %1$lld is the size parameter */
    int64_t sizes[LEVELS];          /* the size parameter per level */
    int nbufs;
    int64_t (*buf_elems)(int b, int64_t size);
    int output;                     /* the buffer the kernel writes */
    int64_t (*elems)(int64_t size); /* output elements per call */
    void (*native)(float **b, int64_t size);
} sweep_kernel;

static const char axpy_src[] =
    "from tvm.script import tir as T\n"
    "@T.prim_func\n"
    "def main(A: T.Buffer((%1$lld,), \"float32\"), B: T.Buffer((%1$lld,), \"float32\"),\n"
    "         C: T.Buffer((%1$lld,), \"float32\")):\n"
    "    T.func_attr({\"global_symbol\": \"main\", \"tir.noalias\": True})\n"
    "    for i_0 in range(%1$lld // 16):\n"
    "        for i_1 in T.vectorized(16):\n"
    "            with T.block(\"C\"):\n"
    "                v_i = T.axis.spatial(%1$lld, i_0 * 16 + i_1)\n"
    "                T.reads(A[v_i], B[v_i])\n"
    "                T.writes(C[v_i])\n"
    "                C[v_i] = A[v_i] + B[v_i] * T.float32(0.5)\n";
static int64_t axpy_bufs(int b, int64_t n) { (void)b; return n; }
static int64_t axpy_elems(int64_t n) { return n; }
static void axpy_native(float **b, int64_t n) { native_sweep_axpy(b[0], b[1], b[2], n); }

static const char bias_relu_src[] =
    "from tvm.script import tir as T\n"
    "@T.prim_func\n"
    "def main(A: T.Buffer((%1$lld, 256), \"float32\"), B: T.Buffer((%1$lld, 256), \"float32\"),\n"
    "         bias: T.Buffer((256,), \"float32\"), C: T.Buffer((%1$lld, 256), \"float32\")):\n"
    "    T.func_attr({\"global_symbol\": \"main\", \"tir.noalias\": True})\n"
    "    for i, j_0 in T.grid(%1$lld, 16):\n"
    "        for j_1 in T.vectorized(16):\n"
    "            with T.block(\"C\"):\n"
    "                v_i = T.axis.spatial(%1$lld, i)\n"
    "                v_j = T.axis.spatial(256, j_0 * 16 + j_1)\n"
    "                T.reads(A[v_i, v_j], B[v_i, v_j], bias[v_j])\n"
    "                T.writes(C[v_i, v_j])\n"
    "                C[v_i, v_j] = T.max(A[v_i, v_j] * B[v_i, v_j] + bias[v_j], T.float32(0))\n";
static int64_t bias_relu_bufs(int b, int64_t rows) { return b == 2 ? 256 : rows * 256; }
static int64_t rows_elems(int64_t rows) { return rows * 256; }
static void bias_relu_native(float **b, int64_t rows) { native_sweep_bias_relu(b[0], b[1], b[2], b[3], rows); }

static const char dense_src[] =
    "from tvm.script import tir as T\n"
    "@T.prim_func\n"
    "def main(X: T.Buffer((%1$lld, 256), \"float32\"), W: T.Buffer((256, 256), \"float32\"),\n"
    "         bias: T.Buffer((256,), \"float32\"), D: T.Buffer((%1$lld, 256), \"float32\")):\n"
    "    T.func_attr({\"global_symbol\": \"main\", \"tir.noalias\": True})\n"
    "    acc = T.alloc_buffer((%1$lld, 256), \"float32\")\n"
    "    for i, j_0 in T.grid(%1$lld, 16):\n"
    "        for k in range(256):\n"
    "            for j_1 in T.vectorized(16):\n"
    "                with T.block(\"dense\"):\n"
    "                    v_i = T.axis.spatial(%1$lld, i)\n"
    "                    v_j = T.axis.spatial(256, j_0 * 16 + j_1)\n"
    "                    v_k = T.axis.reduce(256, k)\n"
    "                    T.reads(X[v_i, v_k], W[v_k, v_j])\n"
    "                    T.writes(acc[v_i, v_j])\n"
    "                    with T.init():\n"
    "                        acc[v_i, v_j] = T.float32(0)\n"
    "                    acc[v_i, v_j] = acc[v_i, v_j] + X[v_i, v_k] * W[v_k, v_j]\n"
    "        for j_1 in T.vectorized(16):\n"
    "            with T.block(\"relu\"):\n"
    "                v_i = T.axis.spatial(%1$lld, i)\n"
    "                v_j = T.axis.spatial(256, j_0 * 16 + j_1)\n"
    "                T.reads(acc[v_i, v_j], bias[v_j])\n"
    "                T.writes(D[v_i, v_j])\n"
    "                D[v_i, v_j] = T.max(acc[v_i, v_j] + bias[v_j], T.float32(0))\n";
static int64_t dense_bufs(int b, int64_t m) { return b == 1 ? 256 * 256 : b == 2 ? 256 : m * 256; }
static void dense_native(float **b, int64_t m) { native_sweep_dense(b[0], b[1], b[2], b[3], m); }

/* Sizes: the working set (all buffers) at about 24 KB, 400 KB, 6 MB and 200 MB
 * (dense's 256x256 weights keep it in L2 at its two smallest sizes). */
static const sweep_kernel kernels[] = {
    {"axpy", axpy_src, {2048, 32768, 524288, 16777216}, 3, axpy_bufs, 2, axpy_elems, axpy_native},
    {"bias_relu", bias_relu_src, {8, 128, 2048, 65536}, 4, bias_relu_bufs, 3, rows_elems, bias_relu_native},
    {"dense", dense_src, {4, 32, 1024, 16384}, 4, dense_bufs, 3, rows_elems, dense_native},
};

/* The kernel's buffers for one size, filled with values in [-1, 1) from a
 * fixed sequence; twice, for the VM and the native side. */
typedef struct {
    float *vm[MAX_BUFS], *nat[MAX_BUFS];
    int64_t shape[MAX_BUFS][2];
    DLTensor t[MAX_BUFS];
    tirvm_arg args[MAX_BUFS];
} sweep_bufs;

static bool bufs_alloc(const sweep_kernel *k, int64_t size, sweep_bufs *sb)
{
    memset(sb, 0, sizeof *sb);
    uint32_t x = 12345;
    for (int b = 0; b < k->nbufs; b++) {
        int64_t n = k->buf_elems(b, size);
        size_t bytes = ((size_t)n * sizeof(float) + 63) / 64 * 64;
        sb->vm[b] = aligned_alloc(64, bytes);
        sb->nat[b] = aligned_alloc(64, bytes);
        if (!sb->vm[b] || !sb->nat[b])
            return false;
        for (int64_t i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            sb->vm[b][i] = (float)((int)((x >> 8) % 2048) - 1024) / 1024.0f;
        }
        memcpy(sb->nat[b], sb->vm[b], (size_t)n * sizeof(float));
        /* a 2-D buffer is (n / 256, 256) unless it is a 1-D kernel's */
        int two_d = k->buf_elems(b, size) != size || k->elems(size) != size;
        two_d = two_d && n != 256;
        sb->shape[b][0] = two_d ? n / 256 : n;
        sb->shape[b][1] = 256;
        DLTensor *t = &sb->t[b];
        t->data = sb->vm[b];
        t->device.device_type = kDLCPU;
        t->ndim = two_d ? 2 : 1;
        t->dtype.code = kDLFloat;
        t->dtype.bits = 32;
        t->dtype.lanes = 1;
        t->shape = sb->shape[b];
        sb->args[b].kind = TIRVM_ARG_TENSOR;
        sb->args[b].tensor = t;
    }
    return true;
}

static void bufs_free(sweep_bufs *sb)
{
    for (int b = 0; b < MAX_BUFS; b++) {
        free(sb->vm[b]);
        free(sb->nat[b]);
    }
}

static tirvm_module *compile_kernel(const sweep_kernel *k, int64_t size)
{
    char src[4096];
    snprintf(src, sizeof src, k->source, (long long)size);
    tirvm_module *m = NULL;
    char *diag = NULL;
    tirc_options opts = {0};
    tirc_status st = tirc_compile_load(NULL, k->name, src, strlen(src), &opts, &m, &diag);
    if (st != TIRC_OK)
        fprintf(stderr, "tir-sweep: %s: %s\n%s", k->name, tirc_status_name(st), diag ? diag : "");
    tirvm_free(diag);
    return m;
}

/* One call of each side, not inlined, so callgrind can count each alone. */
__attribute__((noinline)) static tirvm_status run_vm_once(tirvm_module *m, sweep_bufs *sb, int nbufs, char *err,
                                                          size_t err_len)
{
    return tirvm_call(m, 0, sb->args, nbufs, err, err_len);
}
__attribute__((noinline)) static void run_native_once(const sweep_kernel *k, sweep_bufs *sb, int64_t size)
{
    k->native(sb->nat, size);
}

/* Median seconds per call over `repeat` samples of at least min_s each. */
static double time_calls(const sweep_kernel *k, tirvm_module *m, sweep_bufs *sb, int64_t size, bool vm, int repeat,
                         double min_s)
{
    char err[256];
    int reps = 1;
    for (;;) { /* calibrate: calls per sample */
        double t0 = now_s();
        for (int r = 0; r < reps; r++)
            vm ? (void)run_vm_once(m, sb, k->nbufs, err, sizeof err) : run_native_once(k, sb, size);
        if (now_s() - t0 >= min_s || reps >= (1 << 24))
            break;
        reps *= 2;
    }
    double samples[64];
    if (repeat > 64)
        repeat = 64;
    for (int s = 0; s < repeat; s++) {
        double t0 = now_s();
        for (int r = 0; r < reps; r++)
            vm ? (void)run_vm_once(m, sb, k->nbufs, err, sizeof err) : run_native_once(k, sb, size);
        samples[s] = (now_s() - t0) / reps;
    }
    return median(samples, repeat);
}

static int64_t working_set_bytes(const sweep_kernel *k, int64_t size)
{
    int64_t bytes = 0;
    for (int b = 0; b < k->nbufs; b++)
        bytes += k->buf_elems(b, size) * (int64_t)sizeof(float);
    return bytes;
}

static const sweep_kernel *find_kernel(const char *name)
{
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (strcmp(kernels[i].name, name) == 0)
            return &kernels[i];
    return NULL;
}

static int level_of(const char *name)
{
    for (int l = 0; l < LEVELS; l++)
        if (strcmp(level_names[l], name) == 0)
            return l;
    return -1;
}

/* --one KERNEL LEVEL vm|native: compile, fill, one call of one side. */
static int run_one(const char *kname, const char *lname, const char *side)
{
    const sweep_kernel *k = find_kernel(kname);
    int l = level_of(lname);
    if (!k || l < 0 || (strcmp(side, "vm") != 0 && strcmp(side, "native") != 0)) {
        fprintf(stderr, "tir-sweep: --one takes a kernel, L1|L2|L3|DRAM and vm|native\n");
        return 2;
    }
    int64_t size = k->sizes[l];
    tirvm_module *m = compile_kernel(k, size);
    sweep_bufs sb;
    int rc = 1;
    char err[256];
    if (m && bufs_alloc(k, size, &sb)) {
        if (strcmp(side, "vm") == 0)
            rc = run_vm_once(m, &sb, k->nbufs, err, sizeof err) == TIRVM_OK ? 0 : 1;
        else {
            run_native_once(k, &sb, size);
            rc = 0;
        }
        printf("%lld elements\n", (long long)k->elems(size));
    }
    bufs_free(&sb);
    tirvm_module_free(m);
    return rc;
}

int main(int argc, char **argv)
{
    int repeat = 5;
    double min_ms = 20;
    const char *filter = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--one") == 0 && i + 3 < argc)
            return run_one(argv[i + 1], argv[i + 2], argv[i + 3]);
        else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (strcmp(argv[i], "--min-ms") == 0 && i + 1 < argc)
            min_ms = atof(argv[++i]);
        else if (strcmp(argv[i], "--filter") == 0 && i + 1 < argc)
            filter = argv[++i];
        else {
            fprintf(stderr, "usage: tir-sweep [--repeat N] [--min-ms MS] [--filter NAME]\n"
                            "       tir-sweep --one KERNEL L1|L2|L3|DRAM vm|native\n");
            return 2;
        }
    }
    if (repeat < 1 || min_ms <= 0) {
        fprintf(stderr, "tir-sweep: --repeat and --min-ms must be positive\n");
        return 2;
    }
    int failed = 0;
    printf("| kernel | level | working set | elements | VM ns/elem | native ns/elem | VM/native | check |\n");
    printf("|---|---|--:|--:|--:|--:|--:|---|\n");
    for (size_t ki = 0; ki < sizeof kernels / sizeof kernels[0]; ki++) {
        const sweep_kernel *k = &kernels[ki];
        if (filter && strcmp(filter, k->name) != 0)
            continue;
        for (int l = 0; l < LEVELS; l++) {
            int64_t size = k->sizes[l], elems = k->elems(size);
            tirvm_module *m = compile_kernel(k, size);
            sweep_bufs sb;
            char err[256];
            if (!m || !bufs_alloc(k, size, &sb) || run_vm_once(m, &sb, k->nbufs, err, sizeof err) != TIRVM_OK) {
                printf("| %s | %s | | | | | | failed |\n", k->name, level_names[l]);
                failed = 1;
                bufs_free(&sb);
                tirvm_module_free(m);
                continue;
            }
            run_native_once(k, &sb, size);
            /* the same operations in the same order: the outputs agree exactly */
            bool same = memcmp(sb.vm[k->output], sb.nat[k->output], (size_t)elems * sizeof(float)) == 0;
            failed |= !same;
            double vm_s = time_calls(k, m, &sb, size, true, repeat, min_ms / 1e3);
            double nat_s = time_calls(k, m, &sb, size, false, repeat, min_ms / 1e3);
            int64_t ws = working_set_bytes(k, size);
            printf("| %s | %s | %lld KB | %lld | %.3f | %.3f | %.2f | %s |\n", k->name, level_names[l],
                   (long long)(ws / 1024), (long long)elems, vm_s * 1e9 / (double)elems,
                   nat_s * 1e9 / (double)elems, vm_s / nat_s, same ? "ok" : "MISMATCH");
            fflush(stdout);
            bufs_free(&sb);
            tirvm_module_free(m);
        }
    }
    return failed;
}
