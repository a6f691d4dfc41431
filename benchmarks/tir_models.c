/* tir-models: the kernels TVM's CPU pipeline really emits (the fifteen
 * single-operator PrimFuncs of tvm-models/kernels/, LegalizeOps + FuseTIR
 * loop nests as TVM 0.26 prints them) on the VM, against the same loop
 * nests written in C and built with gcc -O3 (native/native_models.c), in
 * one run, on the kernels' own inputs.
 *
 *   tir-models [--models DIR] [--repeat N] [--min-ms MS] [--filter NAME] [--counts FILE] [--peak GFLOPS]
 *       prints one row per kernel: the VM's and the C loop nest's time per
 *       call (the median of N samples, each at least MS long, the two sides'
 *       samples alternating), their ratio, the ratio to the time TVM's LLVM
 *       build took per call (manifest.json: measured elsewhere, on a machine
 *       of the same kind), for convolutions and matmuls the VM's GFLOP/s and
 *       its share of one core's peak (the peak probe's widest path, peak.h,
 *       run first unless --peak gives it), and, given FILE (lines "KERNEL
 *       VM_IR NATIVE_IR" of callgrind counts for one call, as
 *       scripts/models.sh writes them), the machine instructions per output
 *       element of each side
 *   tir-models --one KERNEL vm|native [--models DIR]
 *       two calls of one side (callgrind counts the second: run_vm_once or
 *       run_native_once); prints the kernel's output element count
 *   tir-models --check [--models DIR]
 *       one call of each side per kernel, each output checked against TVM's,
 *       as a TAP test (no timing)
 *   tir-models --list
 *   tir-models --flops [--models DIR]
 *       each convolution's and matmul's FLOP count (kernel_flops), a line
 *       "KERNEL FLOPS" each
 *
 * DIR is the tvm-models folder (the one holding kernels/): --models, else
 * $TIR_MODELS_DIR, else ../shared/tvm-models beside the source tree.
 * Every row checks both sides' outputs against TVM's (out_<i>.npy):
 * max |y - ref| <= 1e-3 * max(1, max |ref|), the models' tolerance. */
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "native/native_models.h"
#include "npy.h"
#include "peak.h"
#include "timing.h"
#include "tirc.h"
#include "tirvm.h"

#ifndef TIR_MODELS_DEFAULT
#define TIR_MODELS_DEFAULT "../shared/tvm-models"
#endif

enum { MAX_PARAMS = 8 };

/* How a kernel's FLOPs follow from its shapes (kernel_flops). */
typedef enum { FLOPS_NONE, FLOPS_CONV, FLOPS_MATMUL } flops_kind;

typedef struct {
    const char *name, *what;
    void (*native)(void *const *b);
    flops_kind flops;
} model_kernel;

/* In the order of the table. */
static const model_kernel kernels[] = {
    {"conv3x3_relu", "conv 3×3 + bias + relu, 64→64, 28×28", native_models_conv3x3_relu, FLOPS_CONV},
    {"conv3x3_s2_relu", "conv 3×3 /2 + bias + relu, 32→64, 56×56", native_models_conv3x3_s2_relu, FLOPS_CONV},
    {"conv1x1", "conv 1×1 + bias, 96→24, 28×28", native_models_conv1x1, FLOPS_CONV},
    {"conv1x1_relu6", "conv 1×1 + bias + relu6, 24→144, 28×28", native_models_conv1x1_relu6, FLOPS_CONV},
    {"depthwise3x3_relu6", "depthwise 3×3 + bias + relu6, 96 ch, 28×28", native_models_depthwise3x3_relu6,
     FLOPS_CONV},
    {"depthwise3x3_s2_relu6", "depthwise 3×3 /2 + bias + relu6, 64 ch, 56×56",
     native_models_depthwise3x3_s2_relu6, FLOPS_CONV},
    {"max_pool3x3_s2", "max pool 3×3 /2, 32 ch, 56×56", native_models_max_pool3x3_s2, FLOPS_NONE},
    {"global_avg_pool", "global average pool 256×7×7", native_models_global_avg_pool, FLOPS_NONE},
    {"dense_batch8_relu", "dense 8×256 · 256×512 + bias + relu", native_models_dense_batch8_relu, FLOPS_MATMUL},
    {"batch_matmul_heads", "batched matmul 8 heads, 32×64 · 64×32", native_models_batch_matmul_heads, FLOPS_MATMUL},
    {"transpose_heads", "transpose (1,32,8,32) → (1,8,32,32)", native_models_transpose_heads, FLOPS_NONE},
    {"softmax_rows", "softmax over rows (1,8,32,32)", native_models_softmax_rows, FLOPS_NONE},
    {"layer_norm", "layer norm (1,32,256)", native_models_layer_norm, FLOPS_NONE},
    {"square", "x ** 2 (1,32,256)", native_models_square, FLOPS_NONE},
    {"gelu_erf", "GELU (erf), 8×512", native_models_gelu_erf, FLOPS_NONE},
};
enum { NKERNELS = sizeof kernels / sizeof kernels[0] };

/* One kernel's data: the parameters' values before the call (for each
 * side), TVM's outputs, and the module. */
typedef struct {
    const model_kernel *k;
    int nparams, ninputs;
    double tvm_us;
    npy_array vm[MAX_PARAMS], nat[MAX_PARAMS], ref[MAX_PARAMS];
    DLTensor t[MAX_PARAMS];
    tirvm_arg args[MAX_PARAMS];
    void *nat_ptr[MAX_PARAMS];
    tirvm_module *m;
    int func;
    int64_t out_elems;
} model_run;

static void run_free(model_run *r)
{
    for (int i = 0; i < MAX_PARAMS; i++) {
        npy_free(&r->vm[i]);
        npy_free(&r->nat[i]);
        npy_free(&r->ref[i]);
    }
    tirvm_module_free(r->m);
    memset(r, 0, sizeof *r);
}

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *s = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (s = malloc((size_t)n + 1)) != NULL) {
            *len = fread(s, 1, (size_t)n, f);
            s[*len] = 0;
        }
    }
    fclose(f);
    return s;
}

static bool is_f32(const npy_array *a) { return a->dtype.code == TIR_CODE_FLOAT && a->dtype.bits == 32; }

/* Reads the manifest's entry, the inputs and TVM's outputs, and compiles
 * the kernel's TVMScript; false with a message in err. */
static bool run_prepare(const char *dir, const model_kernel *k, json_t *manifest, model_run *r, char *err,
                        size_t err_len)
{
    memset(r, 0, sizeof *r);
    r->k = k;
    json_t *e = json_object_get(manifest, k->name);
    json_t *params = json_object_get(e, "params");
    json_t *inputs = json_object_get(e, "inputs");
    if (!json_is_array(params) || !json_is_integer(inputs) || json_array_size(params) > MAX_PARAMS) {
        snprintf(err, err_len, "manifest.json has no usable entry for %s", k->name);
        return false;
    }
    r->nparams = (int)json_array_size(params);
    r->ninputs = (int)json_integer_value(inputs);
    r->tvm_us = json_number_value(json_object_get(e, "tvm_llvm_us_per_call"));
    char path[4096];
    for (int i = 0; i < r->nparams; i++) {
        snprintf(path, sizeof path, "%s/kernels/%s/in_%d.npy", dir, k->name, i);
        if (npy_read(path, &r->vm[i], err, err_len) != 0 || npy_read(path, &r->nat[i], err, err_len) != 0)
            return false;
        if (!is_f32(&r->vm[i])) {
            snprintf(err, err_len, "%.1000s: not float32", path);
            return false;
        }
        if (i >= r->ninputs) {
            snprintf(path, sizeof path, "%s/kernels/%s/out_%d.npy", dir, k->name, i);
            if (npy_read(path, &r->ref[i], err, err_len) != 0)
                return false;
            if (r->ref[i].nbytes != r->vm[i].nbytes) {
                snprintf(err, err_len, "%.1000s: not the shape of parameter %d", path, i);
                return false;
            }
            r->out_elems += (int64_t)(r->ref[i].nbytes / 4);
        }
        DLTensor *t = &r->t[i];
        t->data = r->vm[i].data;
        t->device.device_type = kDLCPU;
        t->ndim = r->vm[i].ndim;
        t->dtype.code = kDLFloat;
        t->dtype.bits = 32;
        t->dtype.lanes = 1;
        t->shape = r->vm[i].shape;
        r->args[i].kind = TIRVM_ARG_TENSOR;
        r->args[i].tensor = t;
        r->nat_ptr[i] = r->nat[i].data;
    }
    snprintf(path, sizeof path, "%s/kernels/%s/%s.py", dir, k->name, k->name);
    size_t len = 0;
    char *src = read_text(path, &len);
    if (!src) {
        snprintf(err, err_len, "cannot read %.1000s", path);
        return false;
    }
    char *diag = NULL;
    tirc_status st = tirc_compile_load(NULL, path, src, len, NULL, &r->m, &diag);
    free(src);
    if (st != TIRC_OK) {
        snprintf(err, err_len, "%.500s: %s\n%.1000s", path, tirc_status_name(st), diag ? diag : "");
        tirvm_free(diag);
        return false;
    }
    tirvm_free(diag);
    tirvm_module_set_threads(r->m, 1); /* TVM's CPU pipeline runs these nests on one thread */
    r->func = tirvm_find_function(r->m, "main");
    if (r->func < 0) {
        snprintf(err, err_len, "%.1000s: no function main", path);
        return false;
    }
    return true;
}

/* The operator's multiply-adds ×2, counted from the shapes (the bias and
 * activation not counted): a convolution's output elements × its weight's
 * (parameter 1) input channels per group × KH × KW, a matmul's output
 * elements × the reduction (parameter 0's last dimension).  0 for other
 * kernels. */
static double kernel_flops(const model_run *r)
{
    const npy_array *out = &r->ref[r->nparams - 1], *w = &r->vm[1], *a = &r->vm[0];
    double n = (double)(out->nbytes / 4);
    if (r->k->flops == FLOPS_CONV && r->nparams > 2 && w->ndim == 4)
        return 2 * n * (double)w->shape[1] * (double)w->shape[2] * (double)w->shape[3];
    if (r->k->flops == FLOPS_MATMUL && a->ndim >= 1)
        return 2 * n * (double)a->shape[a->ndim - 1];
    return 0;
}

/* One call of each side, not inlined, so callgrind can count each alone. */
__attribute__((noinline)) static tirvm_status run_vm_once(model_run *r, char *err, size_t err_len)
{
    return tirvm_call(r->m, r->func, r->args, r->nparams, err, err_len);
}
__attribute__((noinline)) static void run_native_once(model_run *r) { r->k->native(r->nat_ptr); }

/* The largest |got - ref| over the outputs, and whether it is within the
 * models' tolerance 1e-3 * max(1, max |ref|). */
static bool check(const model_run *r, npy_array *got, double *worst)
{
    *worst = 0;
    double refmax = 1;
    bool ok = true;
    for (int i = r->ninputs; i < r->nparams; i++) {
        const float *g = got[i].data, *w = r->ref[i].data;
        size_t n = r->ref[i].nbytes / 4;
        for (size_t j = 0; j < n; j++) {
            double d = fabs((double)g[j] - (double)w[j]);
            if (!(d <= *worst)) /* NaN counts as the worst */
                *worst = isnan(d) ? INFINITY : d;
            if (fabs((double)w[j]) > refmax)
                refmax = fabs((double)w[j]);
        }
    }
    if (!(*worst <= 1e-3 * refmax))
        ok = false;
    return ok;
}

/* Seconds per call of one side, a sample being at least min_s long. */
static double sample(model_run *r, bool vm, int reps)
{
    char err[256];
    double t0 = now_s();
    for (int i = 0; i < reps; i++) {
        if (vm)
            (void)run_vm_once(r, err, sizeof err);
        else
            run_native_once(r);
    }
    return (now_s() - t0) / reps;
}

static int calibrate(model_run *r, bool vm, double min_s)
{
    int reps = 1;
    while (reps < (1 << 20)) {
        double t0 = now_s();
        sample(r, vm, reps);
        if (now_s() - t0 >= min_s)
            break;
        reps *= 2;
    }
    return reps;
}

typedef struct {
    char name[64];
    double vm_ir, nat_ir;
} ir_count;

static int read_counts(const char *path, ir_count *c, int max)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    int n = 0;
    while (n < max && fscanf(f, "%63s %lf %lf", c[n].name, &c[n].vm_ir, &c[n].nat_ir) == 3)
        n++;
    fclose(f);
    return n;
}

static const model_kernel *find_kernel(const char *name)
{
    for (int i = 0; i < NKERNELS; i++)
        if (strcmp(kernels[i].name, name) == 0)
            return &kernels[i];
    return NULL;
}

static json_t *load_manifest(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/kernels/manifest.json", dir);
    json_error_t je;
    json_t *m = json_load_file(path, 0, &je);
    if (!m)
        fprintf(stderr, "tir-models: %s: %s (give the tvm-models folder with --models DIR or $TIR_MODELS_DIR)\n",
                path, je.text);
    return m;
}

static int run_one(const char *dir, const char *kname, const char *side)
{
    const model_kernel *k = find_kernel(kname);
    bool vm = strcmp(side, "vm") == 0;
    if (!k || (!vm && strcmp(side, "native") != 0)) {
        fprintf(stderr, "tir-models: --one takes a kernel (--list) and vm|native\n");
        return 2;
    }
    json_t *manifest = load_manifest(dir);
    if (!manifest)
        return 2;
    model_run r;
    char err[2048];
    int rc = 1;
    if (run_prepare(dir, k, manifest, &r, err, sizeof err)) {
        /* the first call not through run_*_once: callgrind counts only the second */
        if (vm)
            rc = tirvm_call(r.m, r.func, r.args, r.nparams, err, sizeof err) == TIRVM_OK &&
                         run_vm_once(&r, err, sizeof err) == TIRVM_OK
                     ? 0
                     : 1;
        else {
            r.k->native(r.nat_ptr);
            run_native_once(&r);
            rc = 0;
        }
        printf("%lld elements\n", (long long)r.out_elems);
    }
    if (rc)
        fprintf(stderr, "tir-models: %s: %s\n", kname, err);
    run_free(&r);
    json_decref(manifest);
    return rc;
}

/* --check: one call per side and kernel, a TAP line each. */
static int check_all(const char *dir)
{
    json_t *manifest = load_manifest(dir);
    if (!manifest)
        return 2;
    int failed = 0;
    printf("1..%d\n", NKERNELS);
    for (int ki = 0; ki < NKERNELS; ki++) {
        const model_kernel *k = &kernels[ki];
        model_run r;
        char err[2048] = "";
        double vm_worst = INFINITY, nat_worst = INFINITY;
        bool ok = run_prepare(dir, k, manifest, &r, err, sizeof err) && run_vm_once(&r, err, sizeof err) == TIRVM_OK;
        if (ok) {
            run_native_once(&r);
            bool vm_ok = check(&r, r.vm, &vm_worst), nat_ok = check(&r, r.nat, &nat_worst);
            ok = vm_ok && nat_ok;
        }
        printf("%s %d - %s: largest difference from TVM's output: tirvm %g, gcc -O3 %g\n", ok ? "ok" : "not ok",
               ki + 1, k->name, vm_worst, nat_worst);
        if (err[0])
            printf("# %s\n", err);
        failed |= !ok;
        run_free(&r);
    }
    json_decref(manifest);
    return failed;
}

/* --flops: the FLOP count the GFLOP/s column divides by, per kernel. */
static int list_flops(const char *dir)
{
    json_t *manifest = load_manifest(dir);
    if (!manifest)
        return 2;
    int failed = 0;
    for (int ki = 0; ki < NKERNELS; ki++) {
        model_run r;
        char err[2048] = "";
        if (kernels[ki].flops == FLOPS_NONE)
            continue;
        if (run_prepare(dir, &kernels[ki], manifest, &r, err, sizeof err))
            printf("%s %.0f\n", kernels[ki].name, kernel_flops(&r));
        else {
            fprintf(stderr, "tir-models: %s: %s\n", kernels[ki].name, err);
            failed = 1;
        }
        run_free(&r);
    }
    json_decref(manifest);
    return failed;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: tir-models [--models DIR] [--repeat N] [--min-ms MS] [--filter NAME] [--counts FILE] "
               "[--peak GFLOPS]\n"
               "       tir-models --one KERNEL vm|native [--models DIR]\n"
               "       tir-models --check [--models DIR]\n"
               "       tir-models --flops [--models DIR]\n"
               "       tir-models --list\n"
               "DIR is the tvm-models folder holding kernels/ (default: $TIR_MODELS_DIR, else %s)\n",
            TIR_MODELS_DEFAULT);
}

int main(int argc, char **argv)
{
    const char *dir = getenv("TIR_MODELS_DIR");
    if (!dir || !*dir)
        dir = TIR_MODELS_DEFAULT;
    const char *filter = NULL, *counts_path = NULL, *one_kernel = NULL, *one_side = NULL;
    bool check_only = false, flops_only = false;
    int repeat = 5;
    double min_ms = 20, peak = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--models") == 0 && i + 1 < argc)
            dir = argv[++i];
        else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (strcmp(argv[i], "--min-ms") == 0 && i + 1 < argc)
            min_ms = atof(argv[++i]);
        else if (strcmp(argv[i], "--filter") == 0 && i + 1 < argc)
            filter = argv[++i];
        else if (strcmp(argv[i], "--counts") == 0 && i + 1 < argc)
            counts_path = argv[++i];
        else if (strcmp(argv[i], "--peak") == 0 && i + 1 < argc) {
            peak = atof(argv[++i]);
            if (!(peak > 0)) {
                fprintf(stderr, "tir-models: --peak takes a positive GFLOP/s\n");
                return 2;
            }
        }        else if (strcmp(argv[i], "--one") == 0 && i + 2 < argc) {
            one_kernel = argv[++i];
            one_side = argv[++i];
        } else if (strcmp(argv[i], "--check") == 0)
            check_only = true;
        else if (strcmp(argv[i], "--flops") == 0)
            flops_only = true;
        else if (strcmp(argv[i], "--list") == 0) {
            for (int k = 0; k < NKERNELS; k++)
                printf("%s\n", kernels[k].name);
            return 0;
        } else if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (one_kernel)
        return run_one(dir, one_kernel, one_side);
    if (check_only)
        return check_all(dir);
    if (flops_only)
        return list_flops(dir);
    if (repeat < 1 || repeat > 99 || !(min_ms > 0)) {
        fprintf(stderr, "tir-models: --repeat takes 1 to 99, --min-ms a positive number\n");
        return 2;
    }
    if (filter && !find_kernel(filter)) {
        fprintf(stderr, "tir-models: no kernel %s (--list)\n", filter);
        return 2;
    }
    ir_count counts[64];
    int ncounts = 0;
    if (counts_path && (ncounts = read_counts(counts_path, counts, 64)) < 0) {
        fprintf(stderr, "tir-models: cannot read %s\n", counts_path);
        return 2;
    }
    json_t *manifest = load_manifest(dir);
    if (!manifest)
        return 2;
    if (peak > 0)
        printf("Peak of one core: %.1f GFLOP/s (given)\n\n", peak);
    else {
        int path = peak_widest();
        peak = peak_gflops(path, 0.05, 5, NULL);
        printf("Peak of one core: %.1f GFLOP/s (tir-peak's %s path: float32 multiplies and adds, no FMA)\n\n", peak,
               peak_path_name(path));
    }
    printf("| kernel | tirvm µs | gcc -O3 µs | tirvm / gcc | TVM µs (measured elsewhere) | tirvm / TVM (elsewhere) "
           "| tirvm GFLOP/s | share of peak | tirvm instr/elem | gcc instr/elem | check (tirvm, gcc) |\n");
    printf("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
    int failed = 0, n = 0, n_tvm = 0;
    double log_nat = 0, log_tvm = 0;
    for (int ki = 0; ki < NKERNELS; ki++) {
        const model_kernel *k = &kernels[ki];
        if (filter && strcmp(filter, k->name) != 0)
            continue;
        model_run r;
        char err[2048] = "";
        if (!run_prepare(dir, k, manifest, &r, err, sizeof err) || run_vm_once(&r, err, sizeof err) != TIRVM_OK) {
            fprintf(stderr, "tir-models: %s: %s\n", k->name, err);
            printf("| %s | | | | | | | | | | failed |\n", k->name);
            fflush(stdout);
            failed = 1;
            run_free(&r);
            continue;
        }
        run_native_once(&r);
        double vm_worst, nat_worst;
        bool vm_ok = check(&r, r.vm, &vm_worst), nat_ok = check(&r, r.nat, &nat_worst);
        failed |= !vm_ok || !nat_ok;
        int vm_reps = calibrate(&r, true, min_ms / 1e3), nat_reps = calibrate(&r, false, min_ms / 1e3);
        double vm_s[100], nat_s[100];
        for (int s = 0; s < repeat; s++) { /* alternating: a slow spell of the machine hits both sides */
            vm_s[s] = sample(&r, true, vm_reps);
            nat_s[s] = sample(&r, false, nat_reps);
        }
        double vm_us = median(vm_s, repeat) * 1e6, nat_us = median(nat_s, repeat) * 1e6;
        char vm_ir[32] = "", nat_ir[32] = "";
        for (int c = 0; c < ncounts; c++)
            if (strcmp(counts[c].name, k->name) == 0 && r.out_elems > 0) {
                snprintf(vm_ir, sizeof vm_ir, "%.1f", counts[c].vm_ir / (double)r.out_elems);
                snprintf(nat_ir, sizeof nat_ir, "%.1f", counts[c].nat_ir / (double)r.out_elems);
            }
        char tvm[32] = "", tvm_ratio[32] = "";
        if (r.tvm_us > 0) {
            snprintf(tvm, sizeof tvm, "%.2f", r.tvm_us);
            snprintf(tvm_ratio, sizeof tvm_ratio, "%.2f", vm_us / r.tvm_us);
            log_tvm += log(vm_us / r.tvm_us);
            n_tvm++;
        }
        char gflops[32] = "", share[32] = "";
        double flops = kernel_flops(&r);
        if (flops > 0) {
            snprintf(gflops, sizeof gflops, "%.2f", flops / vm_us / 1e3);
            snprintf(share, sizeof share, "%.1f%%", 100 * flops / vm_us / 1e3 / peak);
        }
        log_nat += log(vm_us / nat_us);
        n++;
        printf("| %s | %.2f | %.2f | %.2f | %s | %s | %s | %s | %s | %s | %s, %s |\n", k->what, vm_us, nat_us,
               vm_us / nat_us, tvm, tvm_ratio, gflops, share, vm_ir, nat_ir, vm_ok ? "ok" : "MISMATCH",
               nat_ok ? "ok" : "MISMATCH");
        if (!vm_ok || !nat_ok)
            fprintf(stderr, "tir-models: %s: largest difference from TVM's output: tirvm %g, gcc %g\n", k->name,
                    vm_worst, nat_worst);
        fflush(stdout);
        run_free(&r);
    }
    if (n > 1)
        printf("| **geometric mean** | | | **%.2f** | | **%.2f** | | | | | |\n", exp(log_nat / n),
               n_tvm ? exp(log_tvm / n_tvm) : 0.0);
    json_decref(manifest);
    return failed;
}
