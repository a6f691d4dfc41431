/* A host program that embeds tirvm: it compiles a TensorIR kernel at run
 * time, loads it into a runtime, and runs a matrix multiply on memory the
 * program owns (the VM reads and writes it in place, no copies), then
 * checks every element against a plain C loop.
 *
 * Build against the installed library:
 *     cc embed.c $(pkg-config --cflags --libs tirc tirvm) -o embed
 * Run: ./embed   (exit status 0 when every element matches) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tirc.h>
#include <tirvm.h>

enum { M = 48, K = 64, N = 40 };

/* n is a symbolic extent: the caller's tensors decide it. */
static const char kernel[] =
    "from tvm.script import tir as T\n"
    "\n"
    "@T.prim_func\n"
    "def matmul(a: T.handle, b: T.handle, c: T.handle):\n"
    "    n = T.int64()\n"
    "    A = T.match_buffer(a, (n, 64), \"float32\")\n"
    "    B = T.match_buffer(b, (64, 40), \"float32\")\n"
    "    C = T.match_buffer(c, (n, 40), \"float32\")\n"
    "    for i, j, k in T.grid(n, 40, 64):\n"
    "        with T.block(\"C\"):\n"
    "            vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n"
    "            with T.init():\n"
    "                C[vi, vj] = T.float32(0)\n"
    "            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n";

int main(void)
{
    /* One runtime per process: its worker pool is shared by every module. */
    tirvm_runtime *rt;
    char err[512];
    tirvm_runtime_options ro = {.threads = 2};
    if (tirvm_runtime_new(&ro, &rt, err, sizeof err) != TIRVM_OK) {
        fprintf(stderr, "embed: %s\n", err);
        return 1;
    }
    tirvm_module *mod;
    char *diagnostics = NULL;
    tirc_status cs = tirc_compile_load(rt, "matmul.py", kernel, strlen(kernel), NULL, &mod, &diagnostics);
    if (cs != TIRC_OK) {
        fprintf(stderr, "embed: compile failed (%s):\n%s", tirc_status_name(cs), diagnostics ? diagnostics : "");
        tirvm_free(diagnostics);
        tirvm_runtime_free(rt);
        return 1;
    }
    tirvm_free(diagnostics);

    int func = tirvm_find_function(mod, "matmul");
    printf("function %s: %d parameters, A's first extent is the variable %s\n", tirvm_function_name(mod, func),
           tirvm_param_count(mod, func), tirvm_param_dim_var(mod, func, 0, 0));

    /* The caller's memory. */
    static float a[M * K], b[K * N], c[M * N];
    for (int i = 0; i < M * K; i++)
        a[i] = (float)((i * 7) % 13) - 6.0f;
    for (int i = 0; i < K * N; i++)
        b[i] = (float)((i * 5) % 11) * 0.25f;
    int64_t sa[2] = {M, K}, sb[2] = {K, N}, sc[2] = {M, N};
    DLTensor ta = {.data = a, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 32, 1}, .shape = sa};
    DLTensor tb = {.data = b, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 32, 1}, .shape = sb};
    DLTensor tc = {.data = c, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 32, 1}, .shape = sc};
    tirvm_arg args[3] = {
        {.kind = TIRVM_ARG_TENSOR_READ_ONLY, .tensor = &ta}, /* the VM may not write A or B */
        {.kind = TIRVM_ARG_TENSOR_READ_ONLY, .tensor = &tb},
        {.kind = TIRVM_ARG_TENSOR, .tensor = &tc},
    };
    /* A server would bound untrusted kernels: here a step limit and a timeout. */
    tirvm_call_options opts = {.max_steps = 10u * M * N * K, .timeout_ns = 10ull * 1000 * 1000 * 1000};
    tirvm_status st = tirvm_call_ex(mod, func, args, 3, &opts, NULL, err, sizeof err);
    if (st != TIRVM_OK) {
        fprintf(stderr, "embed: call failed (%s): %s\n", tirvm_status_name(st), err);
        return 1;
    }

    int bad = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float want = 0; /* the same order of float additions as the kernel */
            for (int k = 0; k < K; k++)
                want = want + a[i * K + k] * b[k * N + j];
            if (c[i * N + j] != want && bad++ < 5)
                fprintf(stderr, "embed: C[%d][%d] is %g, expected %g\n", i, j, c[i * N + j], want);
        }
    printf("matmul %dx%d * %dx%d on the caller's memory: %s\n", M, K, K, N, bad ? "WRONG" : "all elements match");
    tirvm_module_free(mod);
    tirvm_runtime_free(rt);
    return bad != 0;
}
