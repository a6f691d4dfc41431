/* The memory limit bounds what the process holds, not only what a call
 * asks for: the buffer blocks a module keeps from its finished calls for
 * the next ones count too.  This program replaces malloc and its kin with
 * counting wrappers around glibc's, so it measures the bytes the process
 * actually holds, and runs calls in patterns that would make kept blocks
 * and a call's own needs add up past the limit.  Not built under the
 * sanitizers, which replace malloc themselves. */
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tirc.h"
#include "tirvm.h"

/* glibc's own allocator, which these wrappers count */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static atomic_llong held, peak;

static void *counted(void *p)
{
    if (p) {
        long long now = atomic_fetch_add(&held, (long long)malloc_usable_size(p)) + (long long)malloc_usable_size(p);
        long long was = atomic_load(&peak);
        while (now > was && !atomic_compare_exchange_weak(&peak, &was, now))
            ;
    }
    return p;
}

static void uncount(void *p)
{
    if (p)
        atomic_fetch_sub(&held, (long long)malloc_usable_size(p));
}

void *malloc(size_t n) { return counted(__libc_malloc(n)); }
void *calloc(size_t n, size_t m) { return counted(__libc_calloc(n, m)); }
void free(void *p)
{
    uncount(p);
    __libc_free(p);
}
void *realloc(void *p, size_t n)
{
    size_t was = p ? malloc_usable_size(p) : 0;
    void *q = __libc_realloc(p, n);
    if (q || !n) { /* moved or resized (or freed); on failure p stays as it was */
        atomic_fetch_sub(&held, (long long)was);
        counted(q);
    }
    return q;
}
void *memalign(size_t a, size_t n) { return counted(__libc_memalign(a, n)); }
void *aligned_alloc(size_t a, size_t n) { return counted(__libc_memalign(a, n)); }
int posix_memalign(void **out, size_t a, size_t n)
{
    void *p = counted(__libc_memalign(a, n));
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

#define MIB (1024LL * 1024)
/* The module's limit, and what a call may hold beyond the blocks it
 * allocates: its frame, worker frames and the allocator's rounding. */
#define LIMIT (64 * MIB)
#define SLACK (1 * MIB)

/* fa and fb each hold one large block (48 and 44 MiB), fp one of 24 MiB in
 * each of two parallel workers, fbig one of 80 MiB (past the limit).  Each writes A[0] at index k of its block and returns the
 * sum of the elements at k and at the mirror index (the block's other
 * elements are zero: a block is zero-filled when it is allocated); fs
 * holds a 16 KiB block and returns A[0] + k. */
static const char src[] =
    "from tvm.script import ir as I\n"
    "from tvm.script import tir as T\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def fa(A: T.Buffer((1,), \"float32\"), B: T.Buffer((2,), \"float32\"), k: T.int32):\n"
    "        X = T.alloc_buffer((12582912,), \"float32\")\n"
    "        X[k] = A[0]\n"
    "        B[0] = X[k] + X[12582911 - k]\n"
    "    @T.prim_func\n"
    "    def fb(A: T.Buffer((1,), \"float32\"), B: T.Buffer((2,), \"float32\"), k: T.int32):\n"
    "        Y = T.alloc_buffer((11534336,), \"float32\")\n"
    "        Y[k] = A[0]\n"
    "        B[0] = Y[k] + Y[11534335 - k]\n"
    "    @T.prim_func\n"
    "    def fp(A: T.Buffer((1,), \"float32\"), B: T.Buffer((2,), \"float32\"), k: T.int32):\n"
    "        for t in T.parallel(2):\n"
    "            with T.block(\"w\"):\n"
    "                vt = T.axis.spatial(2, t)\n"
    "                Z = T.alloc_buffer((6291456,), \"float32\")\n"
    "                Z[k] = A[0] + T.float32(vt)\n"
    "                B[vt] = Z[k] + Z[6291455 - k]\n"
    "    @T.prim_func\n"
    "    def fbig(A: T.Buffer((1,), \"float32\"), B: T.Buffer((2,), \"float32\"), k: T.int32):\n"
    "        W = T.alloc_buffer((20971520,), \"float32\")\n"
    "        W[k] = A[0]\n"
    "        B[0] = W[k] + W[20971519 - k]\n"
    "    @T.prim_func\n"
    "    def fs(A: T.Buffer((1,), \"float32\"), B: T.Buffer((2,), \"float32\"), k: T.int32):\n"
    "        S = T.alloc_buffer((4096,), \"float32\")\n"
    "        S[k] = A[0]\n"
    "        B[0] = S[k] + T.float32(k)\n";

static tirvm_runtime *rt;
static tirvm_module *mod;
static float a_data[1], b_data[2];
static int64_t a_shape[1] = {1}, b_shape[1] = {2};
static DLTensor a_t, b_t;
static long long base;         /* bytes held with the module loaded, before any call */
static long long worst_excess = -LIMIT; /* most the process held past base + limit, over all calls */

/* Calls `name` with A[0] = a and k, under max_memory (0: the module's
 * limit); reports the status, the error in err, and checks what the
 * process held during the call against the call's limit. */
static tirvm_status call(const char *name, float a, int k, uint64_t max_memory, char *err, size_t err_len)
{
    int f = tirvm_find_function(mod, name);
    a_data[0] = a;
    b_data[0] = b_data[1] = -1;
    tirvm_arg args[3];
    memset(args, 0, sizeof args);
    args[0].kind = TIRVM_ARG_TENSOR;
    args[0].tensor = &a_t;
    args[1].kind = TIRVM_ARG_TENSOR;
    args[1].tensor = &b_t;
    args[2].kind = TIRVM_ARG_INT;
    args[2].i = k;
    tirvm_call_options o = {.max_memory = max_memory};
    atomic_store(&peak, 0); /* from here, the most held just after an allocation */
    err[0] = 0;
    tirvm_status st = tirvm_call_ex(mod, f, args, 3, &o, NULL, err, err_len);
    long long limit = max_memory ? (long long)max_memory : LIMIT;
    long long after = atomic_load(&held), most = atomic_load(&peak);
    most = most > after ? most : after; /* what the call leaves the module holding, too */
    long long excess = most - base - limit;
    if (excess > worst_excess)
        worst_excess = excess;
    if (excess > SLACK)
        printf("#   %s (limit %lld MiB): the process held %.1f MiB over what it held before the calls\n", name,
               limit / MIB, (double)(most - base) / MIB);
    CHECK(excess <= SLACK);
    return st;
}

/* Calls a function that fits and checks its result. */
static void call_ok(const char *name, float a, int k, uint64_t max_memory)
{
    char err[512];
    tirvm_status st = call(name, a, k, max_memory, err, sizeof err);
    if (st != TIRVM_OK)
        printf("#   %s: %s\n", name, err);
    CHECK_EQ_INT(st, TIRVM_OK);
    if (strcmp(name, "fs") == 0) {
        CHECK(b_data[0] == a + (float)k);
    } else {
        CHECK(b_data[0] == a);
        if (strcmp(name, "fp") == 0)
            CHECK(b_data[1] == a + 1);
    }
}

static bool setup(void)
{
    char err[512], *diag = NULL;
    tirvm_runtime_options ro = {.threads = 2};
    if (tirvm_runtime_new(&ro, &rt, err, sizeof err) != TIRVM_OK) {
        printf("# runtime: %s\n", err);
        return false;
    }
    tirc_status st = tirc_compile_load(rt, "blocks.py", src, strlen(src), NULL, &mod, &diag);
    if (st != TIRC_OK)
        printf("# compile: %s\n", diag ? diag : tirc_status_name(st));
    tirvm_free(diag);
    if (st != TIRC_OK)
        return false;
    tirvm_module_set_limits(mod, 0, LIMIT);
    a_t = (DLTensor){.data = a_data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = a_shape};
    b_t = (DLTensor){.data = b_data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = b_shape};
    /* one call before the baseline: the module's frame is made at its first call */
    char e[512];
    tirvm_status s = call("fs", 1, 0, 0, e, sizeof e);
    base = atomic_load(&held);
    return s == TIRVM_OK;
}

/* Two functions with blocks just below the limit, in turn: each takes the
 * frame that holds the other's block, and every call fits. */
static void test_alternating_blocks(void)
{
    for (int i = 0; i < 4; i++) {
        call_ok("fa", 3.0f + (float)i, 7 + i, 0);
        call_ok("fb", 5.0f + (float)i, 9 + i, 0);
    }
    /* a block taken back is zero-filled: k at the previous call's mirror */
    call_ok("fa", 2.0f, 12582911 - 20, 0);
    call_ok("fa", 4.0f, 20, 0);
}

/* The kept 48 MiB block and a parallel region's two 24 MiB worker blocks
 * together pass the limit; the region's needs alone fit. */
static void test_workers_under_kept_block(void)
{
    for (int i = 0; i < 3; i++) {
        call_ok("fa", 1.5f, 11, 0);
        call_ok("fp", 2.5f, 13, 0);
    }
}

/* A call whose own limit is below the kept blocks: it holds them no more
 * than its limit allows. */
static void test_lower_call_limit(void)
{
    call_ok("fa", 6.0f, 3, 0);
    call_ok("fs", 6.0f, 3, 4 * MIB);
    call_ok("fb", 7.0f, 4, 0);
    call_ok("fs", 1.0f, 2, 2 * MIB);
}

/* A call that cannot fit fails with the limit's status and message, and
 * the calls after it work. */
static void test_too_large_then_fitting(void)
{
    char err[512];
    for (int i = 0; i < 2; i++) {
        call_ok("fa", 8.0f, 5, 0);
        tirvm_status st = call("fbig", 1.0f, 5, 0, err, sizeof err);
        CHECK_EQ_INT(st, TIRVM_ERR_LIMIT);
        CHECK_STR_CONTAINS(err, "exceeds the memory limit of 67108864 bytes");
        call_ok("fb", 9.0f, 6, 0);
        call_ok("fp", 3.0f, 6, 0);
        call_ok("fa", 8.5f, 7, 0);
    }
    /* with a limit that admits it, it runs */
    call_ok("fbig", 2.0f, 8, 96 * MIB);
    call_ok("fa", 2.0f, 9, 0);
}

/* Freeing the module gives every kept block back. */
static void test_module_free_returns_blocks(void)
{
    long long before = atomic_load(&held);
    tirvm_module_free(mod);
    mod = NULL;
    long long after = atomic_load(&held);
    printf("# %.1f MiB held before freeing the module, %.1f MiB after\n", (double)before / MIB, (double)after / MIB);
    CHECK(after < base);
}

int main(void)
{
    printf("# counting allocator\n"); /* stdout's buffer is allocated before the baseline */
    if (!setup()) {
        printf("Bail out! cannot compile the test module\n");
        return 1;
    }
    RUN(test_alternating_blocks);
    RUN(test_workers_under_kept_block);
    RUN(test_lower_call_limit);
    RUN(test_too_large_then_fitting);
    printf("# most held during a call, relative to its limit: %+.2f MiB\n", (double)worst_excess / MIB);
    RUN(test_module_free_returns_blocks);
    tirvm_runtime_free(rt);
    CHECK_DONE();
}
