/* Loading a .tirbc module costs time in proportion to its size, whatever
 * its shape: the reader, the verifier and the VM's summary of which buffers
 * each function may store into (tirvm_param_info.written) are each run on
 * hostile modules built here, some 16 MB each, and timed.  The bound is
 * generous: these loads take under 30 ms per MB on a busy two-core
 * machine, where the chain of calls took 950 ms per MB and the wide calls
 * 165 to 410 ms per MB when their time grew faster than their size.
 *
 * The written flags are also checked against a plain fixed-point
 * computation on random call graphs, recursion included.
 *
 * TIRVM_LOAD_TIME_MB=N scales the hostile modules (default 16 MB). */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tap.h"
#include "msgpack_util.h"
#include "opcodes.h"
#include "tirbc.h"
#include "tirvm.h"

/* Sanitizers and unoptimized builds run everything several times slower. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || !defined(__OPTIMIZE__)
#define SLOW_BUILD 10.0
#else
#define SLOW_BUILD 1.0
#endif

/* Milliseconds per megabyte a load may take here: 2 s for 16 MB. */
#define MS_PER_MB_BOUND (125.0 * SLOW_BUILD)

static double hostile_mb = 16;

/* ---- building modules ---------------------------------------------------- */
static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        abort();
    return p;
}

static char *xprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = xcalloc((size_t)n + 1, 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

static tirbc_module *mod_new(uint32_t nfuncs)
{
    tirbc_module *m = xcalloc(1, sizeof *m);
    m->version = TIRBC_FORMAT_VERSION;
    m->nfuncs = nfuncs;
    m->funcs = xcalloc(nfuncs, sizeof *m->funcs);
    for (uint32_t i = 0; i < nfuncs; i++)
        m->funcs[i].ret_dtype = TIR_DT_VOID;
    return m;
}

/* n registers of one scalar type. */
static void regs_set(tirbc_function *f, uint32_t n, tir_vtype vt)
{
    f->nregs = n;
    f->regtypes = xcalloc(n, sizeof *f->regtypes);
    for (uint32_t i = 0; i < n; i++)
        f->regtypes[i] = (tirbc_regtype){(uint8_t)vt, 1};
}

/* nbuf float32 buffers of 16 elements, each bound by a parameter "b<i>"
 * (after nscalar int32 parameters "s<i>" in register 0). */
static void params_set(tirbc_function *f, uint32_t nscalar, uint32_t nbuf)
{
    f->nparams = nscalar + nbuf;
    f->params = xcalloc(f->nparams, sizeof *f->params);
    f->nbuffers = nbuf;
    f->buffers = xcalloc(nbuf, sizeof *f->buffers);
    for (uint32_t i = 0; i < nscalar; i++)
        f->params[i] = (tirbc_param){.name = xprintf("s%u", i), .kind = TIRBC_PARAM_SCALAR, .dtype = TIR_DT_I32};
    for (uint32_t i = 0; i < nbuf; i++) {
        tirbc_buffer *b = &f->buffers[i];
        b->name = xprintf("b%u", i);
        b->dtype = TIR_DT_F32;
        b->kind = TIRBC_BUF_PARAM;
        b->ndim = 1;
        b->shape = xcalloc(1, sizeof *b->shape);
        b->shape[0] = (tirbc_dimref){TIRBC_DIM_CONST, 16};
        b->elem_offset = (tirbc_dimref){TIRBC_DIM_CONST, 0};
        f->params[nscalar + i] = (tirbc_param){.name = xprintf("b%u", i), .kind = TIRBC_PARAM_BUFFER,
                                               .dtype = TIR_DT_HANDLE, .index = i};
    }
}

/* Code is written through a cursor into an array sized in advance. */
typedef struct {
    tirbc_function *f;
    uint32_t cap;
} coder;

static coder code_begin(tirbc_function *f, uint32_t words)
{
    f->code = xcalloc(words, sizeof *f->code);
    f->ncode = 0;
    return (coder){f, words};
}

static void emit(coder *c, int op, ...)
{
    if (c->f->ncode + 1u + tirbc_ops[op].noperands > c->cap)
        abort();
    va_list ap;
    va_start(ap, op);
    c->f->code[c->f->ncode++] = (uint32_t)op;
    for (unsigned i = 0; i < tirbc_ops[op].noperands; i++)
        c->f->code[c->f->ncode++] = va_arg(ap, uint32_t);
    va_end(ap);
}

static void consts_set(tirbc_function *f, uint32_t n, uint64_t value)
{
    f->nconsts = n;
    f->consts = xcalloc(n, sizeof *f->consts);
    for (uint32_t i = 0; i < n; i++)
        f->consts[i] = value;
}

/* ---- loading and timing ---------------------------------------------------- */
/* The loading thread's processor time: loading runs on the calling thread
 * alone, and a machine busy with other work does not inflate it. */
static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct {
    tirvm_module *vm; /* NULL if the load failed */
    double ms, mb;
} loaded;

/* Writes m (and frees it), then loads the bytes: read, verify and the
 * written summary, the best of `tries` timed loads (the module of the last
 * one is kept). */
static loaded load_module(tirbc_module *m, int tries, const char *what)
{
    char err[512] = "";
    uint8_t *data = NULL;
    size_t len = 0;
    loaded r = {0};
    if (tirbc_write(m, &data, &len, err, sizeof err) != 0) {
        printf("#   %s: cannot write: %s\n", what ? what : "module", err);
        tirbc_module_free(m);
        return r;
    }
    tirbc_module_free(m);
    r.mb = len / 1048576.0;
    for (int t = 0; t < tries; t++) {
        if (r.vm)
            tirvm_module_free(r.vm);
        r.vm = NULL;
        double t0 = now_ms();
        tirvm_status st = tirvm_module_load(data, len, &r.vm, err, sizeof err);
        double ms = now_ms() - t0;
        if (st != TIRVM_OK) {
            printf("#   %s: load failed: %s\n", what ? what : "module", err);
            r.vm = NULL;
            break;
        }
        if (t == 0 || ms < r.ms)
            r.ms = ms;
    }
    /* of which the reader and the verifier (the rest is the VM's) */
    double read_ms = 0, verify_ms = 0;
    if (r.vm && what) {
        tirbc_module *mod = NULL;
        double t0 = now_ms();
        int rc = tirbc_read(data, len, &mod, err, sizeof err);
        double t1 = now_ms();
        rc = rc || tirbc_verify(mod, err, sizeof err);
        read_ms = t1 - t0;
        verify_ms = now_ms() - t1;
        tirbc_module_free(mod);
        CHECK(rc == 0);
    }
    free(data);
    if (r.vm && what)
        printf("#   %s: %.1f MB loaded in %.1f ms (%.1f ms per MB; read %.1f ms, verify %.1f ms)\n", what, r.mb, r.ms,
               r.ms / r.mb, read_ms, verify_ms);
    return r;
}

/* The load finished within the bound for its size. */
static void check_fast(const loaded *r)
{
    CHECK(r->vm != NULL);
    double bound = MS_PER_MB_BOUND * (r->mb > 1 ? r->mb : 1);
    if (r->vm && r->ms > bound) {
        printf("#   %.1f ms for %.1f MB exceeds the bound of %.0f ms\n", r->ms, r->mb, bound);
        CHECK(r->ms <= bound);
    }
}

static bool param_written(const tirvm_module *vm, int func, int param)
{
    tirvm_param_info info;
    return tirvm_param(vm, func, param, &info) == TIRVM_OK && info.written;
}

/* ---- a chain of calls, with one large function ----------------------------
 * nfuncs functions each pass their one buffer to the next in the chain; the
 * last stores into it, so every function's buffer is written.  The chain
 * runs from function 0 up (forward) or from the last function down; the
 * first function of the chain holds `nops` nops before its call.  Forward,
 * the store is found in the last function and must travel back the whole
 * chain: a summary that rescans all code until nothing changes scanned the
 * large function once per link. */
static tirbc_module *make_chain(uint32_t nfuncs, uint32_t nops, bool forward)
{
    tirbc_module *m = mod_new(nfuncs);
    for (uint32_t k = 0; k < nfuncs; k++) {
        uint32_t fi = forward ? k : nfuncs - 1 - k;     /* k-th function of the chain */
        uint32_t next = forward ? fi + 1 : fi - 1;
        tirbc_function *f = &m->funcs[fi];
        f->name = xprintf("link%05u", fi);
        params_set(f, 0, 1);
        regs_set(f, 2, TIR_VT_I64);
        f->regtypes[1].vtype = TIR_VT_F32;
        consts_set(f, 1, 0); /* k0: buffer b0, the call's buffer argument */
        bool last = k + 1 == nfuncs;
        uint32_t extra = k == 0 ? nops : 0;
        coder c = code_begin(f, extra + 8);
        for (uint32_t i = 0; i < extra; i++)
            emit(&c, TIRBC_OP_NOP);
        if (last)
            emit(&c, TIRBC_OP_ST_F32, 0u, 0u, 1u);
        else
            emit(&c, TIRBC_OP_CALLB, next, 0u, 0u, 0u);
        emit(&c, TIRBC_OP_RET);
    }
    return m;
}

static uint32_t mb_words(double mb) { return (uint32_t)(mb * 1048576.0 / 4); }

static void test_chain_large_first(void)
{
    uint32_t nfuncs = TIRBC_MAX_FUNCS, nops = mb_words(hostile_mb);
    loaded fwd = load_module(make_chain(nfuncs, nops, true), 1, "chain, large function first");
    loaded back = load_module(make_chain(nfuncs, nops, false), 1, "chain, large function last");
    check_fast(&fwd);
    check_fast(&back);
    if (fwd.vm && back.vm) {
        bool all = true;
        for (uint32_t i = 0; i < nfuncs; i++)
            all = all && param_written(fwd.vm, (int)i, 0) && param_written(back.vm, (int)i, 0);
        CHECK(all);
        /* the two orders are the same work */
        double lo = fwd.ms < back.ms ? fwd.ms : back.ms, hi = fwd.ms < back.ms ? back.ms : fwd.ms;
        if (hi > 4 * lo + 250 * SLOW_BUILD) {
            printf("#   the two orders took %.1f and %.1f ms\n", fwd.ms, back.ms);
            CHECK(hi <= 4 * lo + 250 * SLOW_BUILD);
        }
    }
    tirvm_module_free(fwd.vm);
    tirvm_module_free(back.vm);
}

/* ---- names alike -----------------------------------------------------------
 * Names equal but for their last characters: comparing every pair of
 * names costs the square of their number times their length. */
static char *long_name(size_t len, uint32_t i)
{
    char *s = xcalloc(len + 1, 1);
    memset(s, 'n', len);
    snprintf(s + len - 8, 9, "%08u", i);
    return s;
}

static void test_long_function_names(void)
{
    uint32_t nfuncs = TIRBC_MAX_FUNCS;
    size_t len = (size_t)(hostile_mb * 1048576.0 / nfuncs);
    if (len < 16)
        len = 16;
    tirbc_module *m = mod_new(nfuncs);
    for (uint32_t i = 0; i < nfuncs; i++) {
        tirbc_function *f = &m->funcs[i];
        f->name = long_name(len, i);
        coder c = code_begin(f, 1);
        emit(&c, TIRBC_OP_RET);
    }
    loaded r = load_module(m, 1, "4096 functions with long names");
    check_fast(&r);
    tirvm_module_free(r.vm);
}

/* Empty strings are one byte each in the file and an allocation each in
 * the module: the most the module may hold (TIRBC_MAX_STRINGS in all), and
 * one more, which is refused. */
static tirbc_module *many_strings(uint32_t total)
{
    uint32_t nfuncs = 256, per = total / nfuncs;
    tirbc_module *m = mod_new(nfuncs);
    for (uint32_t i = 0; i < nfuncs; i++) {
        tirbc_function *f = &m->funcs[i];
        f->name = xprintf("f%u", i);
        f->nstrings = per + (i == nfuncs - 1 ? total - per * nfuncs : 0);
        f->strings = calloc(f->nstrings, sizeof *f->strings);
        for (uint32_t k = 0; k < f->nstrings; k++)
            f->strings[k] = xprintf("%s", "");
        coder c = code_begin(f, 1);
        emit(&c, TIRBC_OP_RET);
    }
    return m;
}

static void test_many_strings(void)
{
    loaded r = load_module(many_strings(TIRBC_MAX_STRINGS), 1, "2^20 empty strings");
    check_fast(&r);
    tirvm_module_free(r.vm);
    char err[512] = "";
    uint8_t *data = NULL;
    size_t len = 0;
    tirbc_module *m = many_strings(TIRBC_MAX_STRINGS + 1);
    CHECK(tirbc_write(m, &data, &len, err, sizeof err) == 0);
    tirbc_module_free(m);
    tirvm_module *vm = NULL;
    CHECK(tirvm_module_load(data, len, &vm, err, sizeof err) == TIRVM_ERR_MODULE);
    CHECK(strstr(err, "more than 1048576 strings") != NULL);
    free(data);
}

/* Short names make the most pairs per megabyte. */
static void test_param_names_alike(void)
{
    uint32_t nparams = 1024; /* TIRBC_MAX_PARAMS */
    size_t len = 24;
    uint32_t nfuncs = (uint32_t)(hostile_mb * 1048576.0 / (nparams * (len + 24))) + 1;
    /* a param map is about a dozen msgpack objects: stay under the file's limit */
    if (nfuncs > TIRBC_MAX_OBJECTS / (nparams * 16))
        nfuncs = TIRBC_MAX_OBJECTS / (nparams * 16);
    tirbc_module *m = mod_new(nfuncs);
    for (uint32_t i = 0; i < nfuncs; i++) {
        tirbc_function *f = &m->funcs[i];
        f->name = xprintf("f%u", i);
        params_set(f, nparams, 0);
        for (uint32_t p = 0; p < nparams; p++) {
            free(f->params[p].name);
            f->params[p].name = long_name(len, p);
        }
        regs_set(f, 1, TIR_VT_I32);
        coder c = code_begin(f, 1);
        emit(&c, TIRBC_OP_RET);
    }
    loaded r = load_module(m, 1, "functions of 1024 params with names alike");
    check_fast(&r);
    tirvm_module_free(r.vm);
}

/* ---- wide calls ------------------------------------------------------------
 * A callee of 1024 parameters, called from many sites: each call's
 * arguments are checked, and for buffers followed by the written summary.
 * The buffer arguments of successive calls are successive windows of one
 * run of constants, so no two calls are alike. */
static void test_wide_scalar_calls(void)
{
    uint32_t nparams = 1024;
    tirbc_module *m = mod_new(2);
    tirbc_function *callee = &m->funcs[1];
    callee->name = xprintf("callee");
    params_set(callee, nparams, 0);
    regs_set(callee, 1, TIR_VT_I32);
    coder c = code_begin(callee, 1);
    emit(&c, TIRBC_OP_RET);

    tirbc_function *f = &m->funcs[0];
    f->name = xprintf("caller");
    uint32_t ncalls = mb_words(hostile_mb) / TIRBC_SIZE_CALL;
    regs_set(f, nparams + 64, TIR_VT_I32);
    c = code_begin(f, ncalls * TIRBC_SIZE_CALL + 1);
    for (uint32_t i = 0; i < ncalls; i++)
        emit(&c, TIRBC_OP_CALL, 1u, i % 64, nparams);
    emit(&c, TIRBC_OP_RET);
    loaded r = load_module(m, 1, "calls passing 1024 scalars");
    check_fast(&r);
    tirvm_module_free(r.vm);
}

static void test_wide_buffer_calls(void)
{
    uint32_t nparams = 1024;
    tirbc_module *m = mod_new(2);
    tirbc_function *callee = &m->funcs[1];
    callee->name = xprintf("callee");
    params_set(callee, 0, nparams);
    regs_set(callee, 2, TIR_VT_I64);
    callee->regtypes[1].vtype = TIR_VT_F32;
    coder c = code_begin(callee, nparams * TIRBC_SIZE_ST_F32 + 1);
    for (uint32_t b = 0; b < nparams; b++)
        emit(&c, TIRBC_OP_ST_F32, b, 0u, 1u);
    emit(&c, TIRBC_OP_RET);

    /* the caller's buffer b0 is never written but through the calls; b1 never */
    tirbc_function *f = &m->funcs[0];
    f->name = xprintf("caller");
    params_set(f, 0, 2);
    uint32_t ncalls = (uint32_t)(hostile_mb * 1048576.0 / (4 * TIRBC_SIZE_CALLB + 8));
    consts_set(f, ncalls + nparams, 0);
    c = code_begin(f, ncalls * TIRBC_SIZE_CALLB + 1);
    for (uint32_t i = 0; i < ncalls; i++)
        emit(&c, TIRBC_OP_CALLB, 1u, 0u, 0u, i);
    emit(&c, TIRBC_OP_RET);
    loaded r = load_module(m, 1, "calls passing 1024 buffers");
    check_fast(&r);
    if (r.vm) {
        CHECK(param_written(r.vm, 0, 0));
        CHECK(!param_written(r.vm, 0, 1));
    }
    tirvm_module_free(r.vm);
}

/* A function of 1024 buffer params that stores into the first and passes
 * its buffers to itself: at one call, param q's argument is the buffer of
 * param q + 1, so the params are found written one at a time, and each
 * time the other calls (windows of a run of constants, as above) are
 * looked at again. */
static void test_written_one_param_at_a_time(void)
{
    uint32_t nparams = 1024;
    tirbc_module *m = mod_new(1);
    tirbc_function *f = &m->funcs[0];
    f->name = xprintf("f");
    params_set(f, 0, nparams);
    regs_set(f, 2, TIR_VT_I64);
    f->regtypes[1].vtype = TIR_VT_F32;
    uint32_t ncalls = (uint32_t)(hostile_mb * 1048576.0 / (4 * TIRBC_SIZE_CALLB + 8));
    uint32_t chain = ncalls + nparams; /* the call that makes param q + 1 written from param q */
    consts_set(f, chain + nparams, 0);
    for (uint32_t q = 0; q + 1 < nparams; q++)
        f->consts[chain + q] = q + 1;
    coder c = code_begin(f, TIRBC_SIZE_ST_F32 + (ncalls + 1) * TIRBC_SIZE_CALLB + 1);
    emit(&c, TIRBC_OP_ST_F32, 0u, 0u, 1u);
    emit(&c, TIRBC_OP_CALLB, 0u, 0u, 0u, chain);
    for (uint32_t i = 0; i < ncalls; i++)
        emit(&c, TIRBC_OP_CALLB, 0u, 0u, 0u, i);
    emit(&c, TIRBC_OP_RET);
    loaded r = load_module(m, 1, "a recursive call passing 1024 buffers, made written one by one");
    check_fast(&r);
    if (r.vm) {
        bool all = true;
        for (uint32_t q = 0; q < nparams; q++)
            all = all && param_written(r.vm, 0, (int)q);
        CHECK(all);
    }
    tirvm_module_free(r.vm);
}

/* ---- the written flags against a plain fixed point ------------------------ */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

static void test_written_matches_fixed_point(void)
{
    for (int round = 0; round < 200; round++) {
        uint32_t nfuncs = 1 + rnd(12);
        tirbc_module *m = mod_new(nfuncs);
        uint32_t *nbuf = xcalloc(nfuncs, sizeof *nbuf);
        for (uint32_t fi = 0; fi < nfuncs; fi++)
            nbuf[fi] = 1 + rnd(4);
        /* each function: stores into some buffers and calls others (itself
         * too), passing random buffers of its own */
        uint8_t **want = xcalloc(nfuncs, sizeof *want);
        for (uint32_t fi = 0; fi < nfuncs; fi++) {
            tirbc_function *f = &m->funcs[fi];
            f->name = xprintf("f%u", fi);
            params_set(f, 0, nbuf[fi]);
            regs_set(f, 2, TIR_VT_I64);
            f->regtypes[1].vtype = TIR_VT_F32;
            want[fi] = xcalloc(nbuf[fi], 1);
            uint32_t ninstr = rnd(6), nk = 0;
            coder c = code_begin(f, ninstr * 5 + 1);
            f->consts = xcalloc(ninstr * 4 + 1, sizeof *f->consts);
            for (uint32_t i = 0; i < ninstr; i++) {
                if (rnd(5) == 0) {
                    uint32_t b = rnd(nbuf[fi]);
                    emit(&c, TIRBC_OP_ST_F32, b, 0u, 1u);
                    want[fi][b] = 1;
                } else {
                    uint32_t g = rnd(nfuncs);
                    emit(&c, TIRBC_OP_CALLB, g, 0u, 0u, nk);
                    for (uint32_t q = 0; q < nbuf[g]; q++)
                        f->consts[nk++] = rnd(nbuf[fi]);
                }
            }
            f->nconsts = nk;
            emit(&c, TIRBC_OP_RET);
        }
        /* the expected flags: propagate over every call until nothing changes */
        for (bool changed = true; changed;) {
            changed = false;
            for (uint32_t fi = 0; fi < nfuncs; fi++) {
                const tirbc_function *f = &m->funcs[fi];
                for (uint32_t pc = 0; pc < f->ncode; pc += 1 + tirbc_ops[f->code[pc]].noperands) {
                    if (f->code[pc] != TIRBC_OP_CALLB)
                        continue;
                    uint32_t g = f->code[pc + 1], k = f->code[pc + 4];
                    for (uint32_t q = 0; q < nbuf[g]; q++)
                        if (want[g][q] && !want[fi][f->consts[k + q]])
                            want[fi][f->consts[k + q]] = changed = true;
                }
            }
        }
        loaded r = load_module(m, 1, NULL);
        CHECK(r.vm != NULL);
        for (uint32_t fi = 0; r.vm && fi < nfuncs; fi++)
            for (uint32_t b = 0; b < nbuf[fi]; b++)
                if (param_written(r.vm, (int)fi, (int)b) != want[fi][b]) {
                    printf("#   round %d: function %u buffer %u: written is %d, expected %d\n", round, fi, b,
                           !want[fi][b], want[fi][b]);
                    CHECK(0);
                }
        tirvm_module_free(r.vm);
        for (uint32_t fi = 0; fi < nfuncs; fi++)
            free(want[fi]);
        free(want);
        free(nbuf);
    }
}

int main(void)
{
    const char *env = getenv("TIRVM_LOAD_TIME_MB");
    if (env && atof(env) > 0)
        hostile_mb = atof(env);
    RUN(test_written_matches_fixed_point);
    RUN(test_chain_large_first);
    RUN(test_long_function_names);
    RUN(test_param_names_alike);
    RUN(test_many_strings);
    RUN(test_wide_scalar_calls);
    RUN(test_wide_buffer_calls);
    RUN(test_written_one_param_at_a_time);
    CHECK_DONE();
}
