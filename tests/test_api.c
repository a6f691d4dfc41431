/* The library's calling contract (include/tirvm.h): statuses and messages
 * for calls a host gets wrong.  The sanitizer build runs this with
 * LeakSanitizer, so a failed call that keeps memory fails the test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "compile.h"
#include "tirbc.h"
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

int main(void)
{
    RUN(wrong_argument_count_is_a_runtime_error);
    RUN(unknown_function_is_a_usage_error);
    RUN(out_of_memory_is_a_status);
    CHECK_DONE();
}
