/* The library's calling contract (include/tirvm.h): statuses and messages
 * for calls a host gets wrong.  The sanitizer build runs this with
 * LeakSanitizer, so a failed call that keeps memory fails the test. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"
#include "compile.h"
#include "tirbc.h"
#include "tirc.h"
#include "tirvm.h"

static const char add_one_src[] = "from tvm.script import tir as T\n"
                                  "@T.prim_func\n"
                                  "def add_one(A: T.Buffer((4,), \"int32\"), B: T.Buffer((4,), \"int32\")):\n"
                                  "    for i in range(4):\n"
                                  "        B[i] = A[i] + 1\n";

/* Compiles the source above and loads it; NULL (and a failed check) if not. */
static tirvm_module *load_add_one(void)
{
    tir_compile_result res;
    if (!tir_compile("add_one.py", add_one_src, strlen(add_one_src), NULL, &res)) {
        printf("#   compile failed: %s\n", res.diagnostics ? res.diagnostics : "?");
        free(res.diagnostics);
        CHECK(false);
        return NULL;
    }
    free(res.diagnostics);
    uint8_t *bytes = NULL;
    size_t nbytes = 0;
    char err[256];
    tirvm_module *m = NULL;
    if (tirbc_write(res.module, &bytes, &nbytes, err, sizeof err) != 0 ||
        tirvm_module_load(bytes, nbytes, &m, err, sizeof err) != TIRVM_OK) {
        printf("#   load failed: %s\n", err);
        CHECK(false);
    }
    free(bytes);
    tirbc_module_free(res.module);
    return m;
}

static void wrong_argument_count_is_a_runtime_error(void)
{
    tirvm_module *m = load_add_one();
    if (!m)
        return;
    int32_t a[4] = {1, 2, 3, 4}, b[4] = {0};
    int64_t shape[1] = {4};
    DLTensor ta = {.data = a, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLInt, 32, 1}, .shape = shape};
    DLTensor tb = ta;
    tb.data = b;
    tirvm_arg args[2] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tb}};
    char err[256] = "";
    CHECK_EQ_INT(tirvm_call(m, 0, args, 1, err, sizeof err), TIRVM_ERR_RUNTIME);
    CHECK_STR_CONTAINS(err, "takes 2 arguments, got 1");
    CHECK_EQ_INT(tirvm_call(m, 0, args, 2, err, sizeof err), TIRVM_OK);
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT(b[i], a[i] + 1);
    tirvm_module_free(m);
}

static void unknown_function_is_a_usage_error(void)
{
    tirvm_module *m = load_add_one();
    if (!m)
        return;
    char err[256] = "";
    CHECK_EQ_INT(tirvm_call(m, 1, NULL, 0, err, sizeof err), TIRVM_ERR_USAGE);
    CHECK_STR_CONTAINS(err, "no function with index 1");
    CHECK_EQ_INT(tirvm_call(m, -1, NULL, 0, err, sizeof err), TIRVM_ERR_USAGE);
    tirvm_module_free(m);
}

/* A module of more bytes than the one cap is refused by its length alone,
 * before a byte is read, and the message names the cap. */
static void a_module_over_the_size_cap_is_refused(void)
{
    static const uint8_t one[1] = {0};
    tirvm_module *m = NULL;
    char err[256] = "";
    CHECK_EQ_INT(tirvm_module_load(one, (size_t)TIRVM_MAX_MODULE_BYTES + 1, &m, err, sizeof err), TIRVM_ERR_MODULE);
    CHECK(m == NULL);
    CHECK_STR_CONTAINS(err, "TIRBC_MAX_MODULE_BYTES");
}

/* The compiler's out-of-memory policy: with the address space capped, a
 * large compile fails with the out-of-memory class, without printing or
 * exiting.  Run in a child process (the cap is for the whole process);
 * sanitizers reserve far more address space than any cap allows. */
static void out_of_memory_is_a_status(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    SKIP("sanitizer builds reserve address space beyond any cap");
#else
    /* 40000 statements: far more memory than the cap leaves */
    size_t cap = 64u << 20, len = 0;
    char *src = malloc(cap);
    if (!src) {
        CHECK(false);
        return;
    }
    len += (size_t)sprintf(src + len, "from tvm.script import tir as T\n@T.prim_func\n"
                                      "def f(A: T.Buffer((8,), \"float32\")):\n");
    for (int i = 0; i < 40000; i++)
        len += (size_t)sprintf(src + len, "    A[%d] = A[%d] * 2.0 + 1.0\n", i % 8, (i + 3) % 8);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        /* room for what is mapped now and a little more */
        FILE *st = fopen("/proc/self/statm", "r");
        unsigned long pages = 0;
        if (!st || fscanf(st, "%lu", &pages) != 1)
            _exit(3);
        fclose(st);
        struct rlimit rl = {.rlim_cur = pages * (unsigned long)sysconf(_SC_PAGESIZE) + (16u << 20)};
        rl.rlim_max = rl.rlim_cur;
        if (setrlimit(RLIMIT_AS, &rl) != 0)
            _exit(3);
        tir_compile_result res;
        bool ok = tir_compile("big.py", src, len, NULL, &res);
        _exit(!ok && res.error_class == TIR_ERR_OUT_OF_MEMORY ? 0 : ok ? 1 : 2);
    }
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status));
    CHECK_EQ_INT(WEXITSTATUS(status), 0);
    free(src);
#endif
}

/* Kernels for the contract tests below, compiled with the public compiler API. */
static const char contract_src[] =
    "from tvm.script import ir as I\n"
    "from tvm.script import tir as T\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def add_one(A: T.Buffer((4,), \"int32\"), B: T.Buffer((4,), \"int32\")):\n"
    "        for i in range(4):\n"
    "            B[i] = A[i] + 1\n"
    "    @T.prim_func\n"
    "    def sym(a: T.handle, b: T.handle, c: T.handle):\n"
    "        n = T.int64()\n"
    "        m = T.int64()\n"
    "        A = T.match_buffer(a, (n, 3), \"float32\")\n"
    "        B = T.match_buffer(b, (m,), \"float32\")\n"
    "        C = T.match_buffer(c, (n, m), \"float32\")\n"
    "        for i, j in T.grid(n, m):\n"
    "            C[i, j] = A[i, 0] + B[j]\n"
    "    @T.prim_func\n"
    "    def spin(A: T.Buffer((1,), \"int64\")):\n"
    "        for i in range(1000):\n"
    "            A[0] = A[0] + T.int64(1)\n"
    "    @T.prim_func\n"
    "    def hog(A: T.Buffer((1,), \"float32\")):\n"
    "        t = T.alloc_buffer((1000000,), \"float32\")\n"
    "        t[5] = T.float32(2)\n"
    "        A[0] = t[5]\n"
    "    @T.prim_func\n"
    "    def negate(A: T.Buffer((4,), \"bool\"), B: T.Buffer((4,), \"bool\")):\n"
    "        for i in range(4):\n"
    "            B[i] = not A[i]\n";

static tirvm_module *load_contract(tirvm_runtime *rt)
{
    tirvm_module *m = NULL;
    char *diag = NULL;
    tirc_status st = tirc_compile_load(rt, "contract.py", contract_src, strlen(contract_src), NULL, &m, &diag);
    if (st != TIRC_OK)
        printf("#   compile failed: %s\n", diag ? diag : tirc_status_name(st));
    CHECK_EQ_INT(st, TIRC_OK);
    tirvm_free(diag);
    return m;
}

static DLTensor vec(void *data, int64_t *shape, int ndim, uint8_t code, uint8_t bits)
{
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = ndim, .dtype = {code, bits, 1}, .shape = shape};
    return t;
}

static void modules_share_a_runtime_and_its_defaults(void)
{
    tirvm_runtime *rt = NULL;
    char err[256] = "";
    tirvm_runtime_options bad = {.threads = TIRVM_MAX_THREADS + 1};
    CHECK_EQ_INT(tirvm_runtime_new(&bad, &rt, err, sizeof err), TIRVM_ERR_USAGE);
    CHECK(rt == NULL);
    tirvm_runtime_options ro = {.threads = 3, .max_steps = 100};
    CHECK_EQ_INT(tirvm_runtime_new(&ro, &rt, err, sizeof err), TIRVM_OK);
    tirvm_module *m1 = load_contract(rt), *m2 = load_contract(rt);
    if (!m1 || !m2)
        return;
    CHECK_EQ_INT(tirvm_runtime_threads(rt), 3);
    CHECK_EQ_INT(tirvm_module_threads(m1), 3);
    CHECK_EQ_INT(tirvm_module_set_threads(m2, 2), TIRVM_OK); /* a cap on the shared pool */
    CHECK_EQ_INT(tirvm_module_threads(m2), 2);
    CHECK_EQ_INT(tirvm_runtime_threads(rt), 3);
    tirvm_runtime_free(rt); /* the modules keep it alive */
    int64_t acc = 0, s1[1] = {1};
    DLTensor t = vec(&acc, s1, 1, kDLInt, 64);
    tirvm_arg a = {.kind = TIRVM_ARG_TENSOR, .tensor = &t};
    int spin = tirvm_find_function(m1, "spin");
    /* the runtime's default step limit applies ... */
    CHECK_EQ_INT(tirvm_call(m1, spin, &a, 1, err, sizeof err), TIRVM_ERR_LIMIT);
    CHECK_STR_CONTAINS(err, "step limit exceeded (100 steps)");
    /* ... unless the module's or the call's says otherwise */
    tirvm_call_options more = {.max_steps = 5000};
    acc = 0;
    CHECK_EQ_INT(tirvm_call_ex(m1, spin, &a, 1, &more, NULL, err, sizeof err), TIRVM_OK);
    CHECK_EQ_INT(acc, 1000);
    CHECK_EQ_INT(tirvm_module_set_limits(m2, 10000, 0), TIRVM_OK);
    CHECK_EQ_INT(tirvm_call(m2, spin, &a, 1, err, sizeof err), TIRVM_OK);
    CHECK_EQ_INT(acc, 2000);
    tirvm_module_free(m1);
    tirvm_module_free(m2);
}

static void limits_have_their_own_status(void)
{
    tirvm_module *m = load_contract(NULL);
    if (!m)
        return;
    char err[256] = "";
    float out = 0;
    int64_t s1[1] = {1};
    DLTensor t = vec(&out, s1, 1, kDLFloat, 32);
    tirvm_arg a = {.kind = TIRVM_ARG_TENSOR, .tensor = &t};
    int hog = tirvm_find_function(m, "hog");
    /* the call's frame (tens of KiB) fits in 1 MB; t's 4,000,000 bytes do not */
    tirvm_call_options small = {.max_memory = 1000000};
    CHECK_EQ_INT(tirvm_call_ex(m, hog, &a, 1, &small, NULL, err, sizeof err), TIRVM_ERR_LIMIT);
    CHECK_STR_CONTAINS(err, "allocating 4000000 bytes for buffer 't' exceeds the memory limit of 1000000 bytes");
    tirvm_call_options enough = {.max_memory = 4200000};
    CHECK_EQ_INT(tirvm_call_ex(m, hog, &a, 1, &enough, NULL, err, sizeof err), TIRVM_OK);
    CHECK(out == 2.0f);
    /* the frame counts: a limit below it fails before anything runs */
    out = 0;
    tirvm_call_options tiny = {.max_memory = 1000};
    CHECK_EQ_INT(tirvm_call_ex(m, hog, &a, 1, &tiny, NULL, err, sizeof err), TIRVM_ERR_LIMIT);
    CHECK_STR_CONTAINS(err, "for the call's frame exceeds the memory limit of 1000 bytes");
    CHECK(out == 0.0f);
    /* and so do the bytes the caller allocated for the call */
    tirvm_call_options held = {.max_memory = 4200000, .caller_bytes = 300000};
    CHECK_EQ_INT(tirvm_call_ex(m, hog, &a, 1, &held, NULL, err, sizeof err), TIRVM_ERR_LIMIT);
    CHECK_STR_CONTAINS(err, "for buffer 't' exceeds the memory limit of 4200000 bytes");
    CHECK(strcmp(tirvm_status_name(TIRVM_ERR_LIMIT), "limit exceeded") == 0);
    CHECK(strcmp(tirvm_status_name(TIRVM_ERR_CANCELLED), "cancelled") == 0);
    tirvm_module_free(m);
}

/* Parameter 0 (A) is only read, parameter 1 (B) is written. */
static void expect_a_read_b_written(tirvm_module *m, int f)
{
    tirvm_param_info pi;
    CHECK_EQ_INT(tirvm_param(m, f, 0, &pi), TIRVM_OK);
    CHECK_EQ_INT(pi.written, 0);
    CHECK_EQ_INT(tirvm_param(m, f, 1, &pi), TIRVM_OK);
    CHECK_EQ_INT(pi.written, 1);
}

static int deleted;
static void count_delete(DLManagedTensor *self) { deleted += self->manager_ctx != NULL; }
static void count_delete_v(DLManagedTensorVersioned *self) { deleted += self->manager_ctx != NULL; }

static void read_only_and_managed_tensors(void)
{
    tirvm_module *m = load_contract(NULL);
    if (!m)
        return;
    int f = tirvm_find_function(m, "add_one");
    expect_a_read_b_written(m, f);
    int32_t a[4] = {1, 2, 3, 4}, b[4] = {-7, -7, -7, -7};
    int64_t s4[1] = {4};
    DLTensor ta = vec(a, s4, 1, kDLInt, 32), tb = vec(b, s4, 1, kDLInt, 32);
    char err[256] = "";
    /* a read-only output: refused before the call, nothing written */
    tirvm_arg ro_out[2] = {{.kind = TIRVM_ARG_TENSOR_READ_ONLY, .tensor = &ta},
                           {.kind = TIRVM_ARG_TENSOR_READ_ONLY, .tensor = &tb}};
    CHECK_EQ_INT(tirvm_call(m, f, ro_out, 2, err, sizeof err), TIRVM_ERR_USAGE);
    CHECK_STR_CONTAINS(err, "argument 'B': the tensor is read-only");
    CHECK_EQ_INT(b[0], -7);
    /* managed tensors: borrowed, the deleter stays the caller's */
    int ctx = 1;
    DLManagedTensor ma = {.dl_tensor = ta, .manager_ctx = &ctx, .deleter = count_delete};
    DLManagedTensorVersioned mb = {.version = {1, 0}, .manager_ctx = &ctx, .deleter = count_delete_v,
                                   .dl_tensor = tb};
    tirvm_arg managed[2] = {{.kind = TIRVM_ARG_DLMANAGED, .managed = &ma},
                            {.kind = TIRVM_ARG_DLMANAGED_VERSIONED, .managed_versioned = &mb}};
    deleted = 0;
    CHECK_EQ_INT(tirvm_call(m, f, managed, 2, err, sizeof err), TIRVM_OK);
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT(b[i], a[i] + 1);
    CHECK_EQ_INT(deleted, 0);
    ma.deleter(&ma);
    mb.deleter(&mb);
    CHECK_EQ_INT(deleted, 2);
    /* the versioned read-only flag, and a major version this library does not know */
    b[0] = -7;
    mb.flags = TIRVM_DLPACK_FLAG_READ_ONLY;
    CHECK_EQ_INT(tirvm_call(m, f, managed, 2, err, sizeof err), TIRVM_ERR_USAGE);
    CHECK_STR_CONTAINS(err, "read-only");
    CHECK_EQ_INT(b[0], -7);
    mb.flags = 0;
    mb.version.major = 2;
    CHECK_EQ_INT(tirvm_call(m, f, managed, 2, err, sizeof err), TIRVM_ERR_USAGE);
    CHECK_STR_CONTAINS(err, "DLPack version 2.0 is not supported");
    /* another device */
    tb.device.device_type = kDLCUDA;
    tirvm_arg gpu[2] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tb}};
    CHECK_EQ_INT(tirvm_call(m, f, gpu, 2, err, sizeof err), TIRVM_ERR_RUNTIME);
    CHECK_STR_CONTAINS(err, "not in CPU memory");
    CHECK_EQ_INT(tirvm_call(m, f, NULL, 2, err, sizeof err), TIRVM_ERR_USAGE);
    tirvm_module_free(m);
}

/* A buffer the function passes to a callee that stores to it, directly or
 * through further calls (here a recursion), counts as written: a read-only
 * tensor for it is refused; one only read through a callee is not. */
static const char calls_src[] =
    "from tvm.script import ir as I\n"
    "from tvm.script import tir as T\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def main(A: T.Buffer((4,), \"int32\"), B: T.Buffer((4,), \"int32\")):\n"
    "        Module.copy_from(A.data, B.data, 3)\n"
    "    @T.prim_func\n"
    "    def copy_from(a: T.handle(\"int32\"), b: T.handle(\"int32\"), i: T.int32):\n"
    "        A = T.decl_buffer((4,), \"int32\", data=a)\n"
    "        B = T.decl_buffer((4,), \"int32\", data=b)\n"
    "        if i >= 0:\n"
    "            B[i] = A[i] * 10\n"
    "            Module.copy_from(a, b, i - 1)\n";

static void buffers_written_by_a_callee_count_as_written(void)
{
    tirvm_module *m = NULL;
    char *diag = NULL, err[256] = "";
    tirc_status st = tirc_compile_load(NULL, "calls.py", calls_src, strlen(calls_src), NULL, &m, &diag);
    if (st != TIRC_OK)
        printf("#   compile failed: %s\n", diag ? diag : tirc_status_name(st));
    tirvm_free(diag);
    CHECK_EQ_INT(st, TIRC_OK);
    if (!m)
        return;
    int f = tirvm_find_function(m, "main");
    expect_a_read_b_written(m, f);
    int32_t a[4] = {1, 2, 3, 4}, b[4] = {-7, -7, -7, -7};
    int64_t s4[1] = {4};
    DLTensor ta = vec(a, s4, 1, kDLInt, 32), tb = vec(b, s4, 1, kDLInt, 32);
    tirvm_arg ro_b[2] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR_READ_ONLY, .tensor = &tb}};
    CHECK_EQ_INT(tirvm_call(m, f, ro_b, 2, err, sizeof err), TIRVM_ERR_USAGE);
    CHECK_STR_CONTAINS(err, "argument 'B': the tensor is read-only");
    CHECK_EQ_INT(b[0], -7);
    tirvm_arg ro_a[2] = {{.kind = TIRVM_ARG_TENSOR_READ_ONLY, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tb}};
    CHECK_EQ_INT(tirvm_call(m, f, ro_a, 2, err, sizeof err), TIRVM_OK);
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT(b[i], a[i] * 10);
    tirvm_module_free(m);
}

static void kdlbool_tensors_bind_to_bool_buffers(void)
{
    tirvm_module *m = load_contract(NULL);
    if (!m)
        return;
    uint8_t a[4] = {1, 0, 0, 1}, b[4] = {7, 7, 7, 7};
    int64_t s4[1] = {4};
    DLTensor ta = vec(a, s4, 1, TIRVM_KDLBOOL, 8), tb = vec(b, s4, 1, TIRVM_KDLBOOL, 8);
    tirvm_arg args[2] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tb}};
    char err[256] = "", name[32];
    int f = tirvm_find_function(m, "negate");
    CHECK_EQ_INT(tirvm_call(m, f, args, 2, err, sizeof err), TIRVM_OK);
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT(b[i], !a[i]);
    tirvm_param_info pi;
    tirvm_param(m, f, 0, &pi);
    CHECK(strcmp(tirvm_dtype_name(pi.dtype, name, sizeof name), "bool") == 0);
    tirvm_module_free(m);
}

static void symbolic_extents_name_their_variable_and_resolve(void)
{
    tirvm_module *m = load_contract(NULL);
    if (!m)
        return;
    int f = tirvm_find_function(m, "sym");
    CHECK(tirvm_param_dim_var(m, f, 0, 0) && strcmp(tirvm_param_dim_var(m, f, 0, 0), "n") == 0);
    CHECK(tirvm_param_dim_var(m, f, 0, 1) == NULL); /* a constant */
    CHECK(tirvm_param_dim_var(m, f, 2, 1) && strcmp(tirvm_param_dim_var(m, f, 2, 1), "m") == 0);
    CHECK(tirvm_param_dim_var(m, f, 2, 2) == NULL);
    CHECK(tirvm_param_dim_var(m, f, 9, 0) == NULL);
    float a[5 * 3], b[2], c[5 * 2];
    for (int i = 0; i < 15; i++)
        a[i] = (float)i;
    b[0] = 100, b[1] = 200;
    int64_t sa[2] = {5, 3}, sb[1] = {2}, shape[32];
    DLTensor ta = vec(a, sa, 2, kDLFloat, 32), tb = vec(b, sb, 1, kDLFloat, 32);
    tirvm_arg args[3] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = &tb},
                         {.kind = TIRVM_ARG_TENSOR, .tensor = NULL}};
    char err[256] = "";
    CHECK_EQ_INT(tirvm_resolve_shape(m, f, args, 3, 2, shape, err, sizeof err), TIRVM_OK);
    CHECK_EQ_INT(shape[0], 5);
    CHECK_EQ_INT(shape[1], 2);
    int64_t sc[2] = {5, 2};
    DLTensor tc = vec(c, sc, 2, kDLFloat, 32);
    args[2].tensor = &tc;
    CHECK_EQ_INT(tirvm_call(m, f, args, 3, err, sizeof err), TIRVM_OK);
    CHECK(c[3 * 2 + 1] == a[3 * 3] + b[1]);
    args[1].tensor = args[2].tensor = NULL; /* m is then unknown */
    CHECK_EQ_INT(tirvm_resolve_shape(m, f, args, 3, 2, shape, err, sizeof err), TIRVM_ERR_USAGE);
    CHECK_STR_CONTAINS(err, "variable m");
    tirvm_module_free(m);
}

/* A scalar extent given as a float outside int64 (NaN, infinity) has no
 * extent to resolve: a usage error, not an undefined conversion. */
static void a_float_extent_out_of_range_is_refused(void)
{
    static const char src[] = "from tvm.script import tir as T\n"
                              "@T.prim_func\n"
                              "def fill(n: T.int32, O: T.Buffer((n,), \"float32\")):\n"
                              "    for i in range(n):\n"
                              "        O[i] = T.float32(1)\n";
    tirvm_module *m = NULL;
    char *diag = NULL;
    CHECK_EQ_INT(tirc_compile_load(NULL, "fill.py", src, strlen(src), NULL, &m, &diag), TIRC_OK);
    tirvm_free(diag);
    if (!m)
        return;
    int64_t shape[32];
    char err[256] = "";
    tirvm_arg args[2] = {{.kind = TIRVM_ARG_FLOAT, .f = 3.0}, {.kind = TIRVM_ARG_TENSOR, .tensor = NULL}};
    CHECK_EQ_INT(tirvm_resolve_shape(m, 0, args, 2, 1, shape, err, sizeof err), TIRVM_OK);
    CHECK_EQ_INT(shape[0], 3);
    const double bad[] = {NAN, INFINITY, -INFINITY, 1e300};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        args[0].f = bad[i];
        CHECK_EQ_INT(tirvm_resolve_shape(m, 0, args, 2, 1, shape, err, sizeof err), TIRVM_ERR_USAGE);
        CHECK_STR_CONTAINS(err, "is not an extent");
    }
    tirvm_module_free(m);
}

static void the_compiler_reports_classes_and_diagnostics(void)
{
    void *out = NULL;
    size_t n = 0;
    char *diag = NULL;
    const char *bad = "def f(:\n";
    CHECK_EQ_INT(tirc_compile("bad.py", bad, strlen(bad), NULL, &out, &n, &diag), TIRC_ERR_SYNTAX);
    CHECK(out == NULL);
    CHECK_STR_CONTAINS(diag, "bad.py:1:");
    tirvm_free(diag);
    const char *typed = "from tvm.script import tir as T\n@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n"
                        "    for i in range(4):\n        if i:\n            A[i] = 1\n";
    CHECK_EQ_INT(tirc_compile("typed.py", typed, strlen(typed), NULL, &out, &n, &diag), TIRC_ERR_TYPE);
    CHECK_STR_CONTAINS(diag, "typed.py:5:");
    tirvm_free(diag);
    tirc_options asm_opts = {.emit_asm = 1};
    CHECK_EQ_INT(tirc_compile("a.py", add_one_src, strlen(add_one_src), &asm_opts, &out, &n, &diag), TIRC_OK);
    CHECK(diag == NULL);
    CHECK(out && strlen(out) == n);
    CHECK_STR_CONTAINS(out, "add_one");
    tirvm_free(out);
    CHECK_EQ_INT(tirc_compile("a.py", add_one_src, strlen(add_one_src), NULL, &out, &n, NULL), TIRC_OK);
    tirvm_module *m = NULL;
    char err[256];
    CHECK_EQ_INT(tirvm_module_load(out, n, &m, err, sizeof err), TIRVM_OK);
    tirvm_free(out);
    tirvm_module_free(m);
    CHECK_EQ_INT(tirc_compile_file("/nonexistent/x.py", NULL, &out, &n, &diag), TIRC_ERR_USAGE);
    CHECK_STR_CONTAINS(diag, "/nonexistent/x.py");
    tirvm_free(diag);
    CHECK(strcmp(tirc_status_name(TIRC_ERR_TYPE), "type error") == 0);
}

/* A buffer parameter given no tensor (TIRVM_ARG_TENSOR with tensor NULL,
 * or a managed tensor that is NULL) is a usage error naming the
 * parameter, before the call runs; the call then works with the tensor. */
static void a_missing_tensor_is_a_usage_error(void)
{
    tirvm_module *m = load_add_one();
    if (!m)
        return;
    int32_t a[4] = {1, 2, 3, 4}, b[4] = {7, 7, 7, 7};
    int64_t shape[1] = {4};
    DLTensor ta = {.data = a, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLInt, 32, 1}, .shape = shape};
    DLTensor tb = ta;
    tb.data = b;
    tirvm_arg args[2] = {{.kind = TIRVM_ARG_TENSOR, .tensor = &ta}, {.kind = TIRVM_ARG_TENSOR, .tensor = NULL}};
    char err[256] = "";
    CHECK_EQ_INT(tirvm_call(m, 0, args, 2, err, sizeof err), TIRVM_ERR_USAGE);
    CHECK_STR_CONTAINS(err, "argument 'B' is missing: a tensor is required");
    CHECK_EQ_INT(b[0], 7);
    args[1] = (tirvm_arg){.kind = TIRVM_ARG_DLMANAGED, .managed = NULL};
    CHECK_EQ_INT(tirvm_call(m, 0, args, 2, err, sizeof err), TIRVM_ERR_USAGE);
    CHECK_STR_CONTAINS(err, "argument 'B' is missing: a tensor is required");
    args[0].tensor = NULL;
    args[1] = (tirvm_arg){.kind = TIRVM_ARG_TENSOR, .tensor = &tb};
    CHECK_EQ_INT(tirvm_call(m, 0, args, 2, err, sizeof err), TIRVM_ERR_USAGE);
    CHECK_STR_CONTAINS(err, "argument 'A' is missing: a tensor is required");
    args[0].tensor = &ta;
    CHECK_EQ_INT(tirvm_call(m, 0, args, 2, err, sizeof err), TIRVM_OK);
    CHECK_EQ_INT(b[3], 5);
    tirvm_module_free(m);
}

/* A call's buffers are zero-filled on every call, also when the module
 * gives a later call the block an earlier call freed (blocks of 64 KB and
 * more are kept with the call frame): each call writes 7 at element k of a
 * 128 KB buffer and reads elements 0 and 1. */
static void kept_blocks_are_zero_filled_again(void)
{
    static const char src[] = "from tvm.script import tir as T\n"
                              "@T.prim_func\n"
                              "def main(k: T.int32, out: T.Buffer((2,), \"float32\")):\n"
                              "    tmp = T.decl_buffer((32768,), \"float32\")\n"
                              "    tmp[k] = T.float32(7)\n"
                              "    out[0] = tmp[0]\n"
                              "    out[1] = tmp[1]\n";
    tirvm_module *m = NULL;
    char *diag = NULL;
    CHECK_EQ_INT(tirc_compile_load(NULL, "kept.py", src, strlen(src), NULL, &m, &diag), TIRC_OK);
    tirvm_free(diag);
    if (!m)
        return;
    float out[2];
    int64_t shape[1] = {2};
    DLTensor t = {.data = out, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    char err[256] = "";
    const int ks[3] = {0, 1, 0};
    for (int c = 0; c < 3; c++) {
        tirvm_arg args[2] = {{.kind = TIRVM_ARG_INT, .i = ks[c]}, {.kind = TIRVM_ARG_TENSOR, .tensor = &t}};
        out[0] = out[1] = -1;
        CHECK_EQ_INT(tirvm_call(m, 0, args, 2, err, sizeof err), TIRVM_OK);
        CHECK(out[0] == (ks[c] == 0 ? 7.0f : 0.0f));
        CHECK(out[1] == (ks[c] == 1 ? 7.0f : 0.0f));
    }
    tirvm_module_free(m);
}

int main(void)
{
    RUN(wrong_argument_count_is_a_runtime_error);
    RUN(unknown_function_is_a_usage_error);
    RUN(out_of_memory_is_a_status);
    RUN(modules_share_a_runtime_and_its_defaults);
    RUN(limits_have_their_own_status);
    RUN(read_only_and_managed_tensors);
    RUN(buffers_written_by_a_callee_count_as_written);
    RUN(kdlbool_tensors_bind_to_bool_buffers);
    RUN(symbolic_extents_name_their_variable_and_resolve);
    RUN(a_float_extent_out_of_range_is_refused);
    RUN(the_compiler_reports_classes_and_diagnostics);
    RUN(a_missing_tensor_is_a_usage_error);
    RUN(kept_blocks_are_zero_filled_again);
    RUN(a_module_over_the_size_cap_is_refused);
    CHECK_DONE();
}
