/* The public API: loading, introspection and calls. */
#include <errno.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "call_frames.h"
#include "halffloat.h"
#include "opcodes.h"
#include "pool.h"
#include "tirbc.h"
#include "vm_internal.h"

/* after opcodes.h: <uv.h> brings termios macros (VMIN) that are opcode names */
#include <uv.h>

/* What modules loaded into one runtime share: the worker pool and the
 * defaults.  A module loaded on its own owns a private runtime. */
struct tirvm_runtime {
    int threads;                    /* the pool's size (workers, the calling thread included) */
    uint64_t max_steps, max_memory; /* defaults for every call; 0: unlimited */
    uv_mutex_t lock;                /* guards the pool's creation */
    _Atomic(struct vm_pool *) pool; /* created at the first parallel region, once */
    bool pool_failed;               /* creating it failed: regions run serially */
    atomic_int refs;                /* the creator's reference and one per module */
};



_Static_assert(TIRVM_MAX_MODULE_BYTES == TIRBC_MAX_MODULE_BYTES, "one module size cap for the format and the library");

const char *tirvm_version(void) { return TIRVM_VERSION; }

/* TIRVM_NUM_THREADS if it is a valid count, else the CPUs available to us. */
static int default_threads(void)
{
    const char *env = getenv("TIRVM_NUM_THREADS");
    if (env && *env) {
        char *end;
        long n = strtol(env, &end, 10);
        if (!*end && n >= 1 && n <= TIRVM_MAX_THREADS)
            return (int)n;
    }
    unsigned n = uv_available_parallelism();
    return n < 1 ? 1 : n > TIRVM_MAX_THREADS ? TIRVM_MAX_THREADS : (int)n;
}

const char *tirvm_status_name(tirvm_status st)
{
    switch (st) {
    case TIRVM_OK: return "ok";
    case TIRVM_ERR_RUNTIME: return "runtime error";
    case TIRVM_ERR_USAGE: return "usage error";
    case TIRVM_ERR_MODULE: return "invalid module";
    case TIRVM_ERR_LIMIT: return "limit exceeded";
    case TIRVM_ERR_CANCELLED: return "cancelled";
    case TIRVM_ERR_NOMEM: return "out of memory";
    }
    return "unknown status";
}

int tirvm_format_version(void) { return TIRBC_FORMAT_VERSION; }

tirvm_status tirvm_runtime_new(const tirvm_runtime_options *opts, tirvm_runtime **out, char *err, size_t err_len)
{
    *out = NULL;
    int threads = opts && opts->threads ? opts->threads : default_threads();
    if (threads < 1 || threads > TIRVM_MAX_THREADS) {
        vm_set_err(err, err_len, "threads must be from 1 to %d, got %d", TIRVM_MAX_THREADS, threads);
        return TIRVM_ERR_USAGE;
    }
    tirvm_runtime *rt = calloc(1, sizeof *rt);
    if (!rt || uv_mutex_init(&rt->lock) != 0) {
        free(rt);
        vm_set_err(err, err_len, "out of memory");
        return TIRVM_ERR_NOMEM;
    }
    rt->threads = threads;
    rt->max_steps = opts ? opts->max_steps : 0;
    rt->max_memory = opts ? opts->max_memory : 0;
    atomic_init(&rt->pool, NULL);
    atomic_init(&rt->refs, 1);
    *out = rt;
    return TIRVM_OK;
}

static void runtime_release(tirvm_runtime *rt)
{
    if (!rt || atomic_fetch_sub(&rt->refs, 1) != 1)
        return;
    vm_pool_free(atomic_load(&rt->pool));
    uv_mutex_destroy(&rt->lock);
    free(rt);
}

void tirvm_runtime_free(tirvm_runtime *rt) { runtime_release(rt); }

int tirvm_runtime_threads(const tirvm_runtime *rt) { return rt->threads; }

vm_pool *vm_runtime_pool(tirvm_runtime *rt)
{
    /* Double-checked: the common case (the pool exists) takes no lock. */
    vm_pool *p = atomic_load_explicit(&rt->pool, memory_order_acquire);
    if (p || rt->threads < 2)
        return p;
    uv_mutex_lock(&rt->lock);
    p = atomic_load_explicit(&rt->pool, memory_order_relaxed);
    if (!p && !rt->pool_failed) {
        p = vm_pool_new(rt->threads);
        rt->pool_failed = p == NULL;
        atomic_store_explicit(&rt->pool, p, memory_order_release);
    }
    uv_mutex_unlock(&rt->lock);
    return p;
}

tirvm_status tirvm_module_set_threads(tirvm_module *m, int threads)
{
    if (threads < 1 || threads > TIRVM_MAX_THREADS)
        return TIRVM_ERR_USAGE;
    if (m->own_rt && threads != m->rt->threads) {
        /* not thread-safe by contract: no call of the module runs now */
        vm_pool_free(atomic_load(&m->rt->pool));
        atomic_store(&m->rt->pool, NULL);
        m->rt->pool_failed = false;
        m->rt->threads = threads;
    }
    m->threads = threads;
    return TIRVM_OK;
}

int tirvm_module_threads(const tirvm_module *m) { return m->threads < m->rt->threads ? m->threads : m->rt->threads; }

tirvm_status tirvm_module_set_limits(tirvm_module *m, uint64_t max_steps, uint64_t max_memory)
{
    m->max_steps = max_steps;
    m->max_memory = max_memory;
    return TIRVM_OK;
}

/* A call that passes buffers (callb, callbv): its callee, its caller, and
 * the constant naming the caller's buffer for the callee's first buffer
 * parameter (the next ones follow it). */
typedef struct {
    uint32_t callee, caller, first;
} written_site;

/* The calls of one callee from one caller: their first constants are
 * firsts[begin ..] up to the next group's begin. */
typedef struct {
    uint32_t caller;
    size_t begin;
} written_group;

/* What find_written works with; written_work_free frees it. */
typedef struct {
    written_site *sites, *spare; /* the calls; as many entries for sorting */
    size_t nsites, cap;
    /* The calls, distinct, by callee and caller: the callee g's groups are
     * groups[group_at[g] .. group_at[g + 1]) (one more group ends the last) */
    written_group *groups;
    size_t *group_at;
    uint32_t *firsts;
    size_t *buf_at, *bparam_at; /* per function: where its entries of the next two start */
    uint32_t *rank;             /* per buffer: the rank among the buffer params of the param that binds
                                   it, or UINT32_MAX */
    uint32_t *bparam;           /* per buffer param, in order: the buffer it binds */
    /* The buffer params found written and not yet followed to the calls:
     * per function, the ranks (pending[bparam_at[f] ..], npending[f] of
     * them), and the functions that have some (queue, queued). */
    uint32_t *pending, *npending, *queue, nqueue;
    uint8_t *queued;
    uint32_t *batch; /* the ranks being followed */
} written_work;

static void written_work_free(written_work *w)
{
    free(w->sites);
    free(w->spare);
    free(w->groups);
    free(w->group_at);
    free(w->firsts);
    free(w->buf_at);
    free(w->bparam_at);
    free(w->rank);
    free(w->bparam);
    free(w->pending);
    free(w->npending);
    free(w->queue);
    free(w->queued);
    free(w->batch);
}

static bool written_site_add(written_work *w, uint32_t callee, uint32_t caller, uint32_t first)
{
    if (w->nsites == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 64;
        written_site *s = realloc(w->sites, cap * sizeof *s);
        if (!s)
            return false;
        w->sites = s;
        w->cap = cap;
    }
    w->sites[w->nsites++] = (written_site){callee, caller, first};
    return true;
}

enum { BY_CALLEE, BY_CALLER, BY_FIRST };
static uint32_t written_key(const written_site *s, int by)
{
    return by == BY_CALLEE ? s->callee : by == BY_CALLER ? s->caller : s->first;
}

/* A stable counting sort of the calls by one field (keys below `range`). */
static bool written_sort(written_work *w, int by, size_t range)
{
    size_t *at = calloc(range + 1, sizeof *at);
    if (!at)
        return false;
    for (size_t i = 0; i < w->nsites; i++)
        at[written_key(&w->sites[i], by) + 1]++;
    for (size_t k = 0; k < range; k++)
        at[k + 1] += at[k];
    for (size_t i = 0; i < w->nsites; i++)
        w->spare[at[written_key(&w->sites[i], by)]++] = w->sites[i];
    free(at);
    written_site *t = w->sites;
    w->sites = w->spare;
    w->spare = t;
    return true;
}

/* The buffer param of rank r of function fi is found written: it is to be
 * followed to the calls of fi. */
static void written_pend(written_work *w, uint32_t fi, uint32_t r)
{
    w->pending[w->bparam_at[fi] + w->npending[fi]++] = r;
    if (!w->queued[fi]) {
        w->queued[fi] = 1;
        w->queue[w->nqueue++] = fi;
    }
}

/* Buffer b of function fi, not marked yet, may be stored into: marks it,
 * and the param that binds it, if any (it binds no other buffer: each
 * param is followed once). */
static void written_mark(tirvm_module *m, written_work *w, uint32_t fi, uint32_t b)
{
    m->written[fi][b] = 1;
    uint32_t r = w->rank[w->buf_at[fi] + b];
    if (r != UINT32_MAX)
        written_pend(w, fi, r);
}

/* Which buffers each function may store into: those named by a buffer
 * operand the instruction table marks written (operands.def), and those a
 * call passes (the B operand of callb and callbv) to a buffer parameter the
 * callee may store into.  One scan of the code finds the first kind and
 * every such call; then each buffer parameter found written marks the
 * buffer each call of its function passes to it, which may make a
 * parameter of the caller written in turn (calls may recurse).  A buffer is
 * marked once and a parameter followed once: the time is the code's size
 * plus the distinct calls times their callee's buffer parameters, whatever
 * the order of the functions. */
static bool find_written(tirvm_module *m)
{
    const tirbc_module *mod = m->mod;
    uint32_t nf = mod->nfuncs, max_consts = 0;
    written_work w = {0};
    bool ok = false;
    m->written = calloc(nf ? nf : 1, sizeof *m->written);
    w.buf_at = malloc(((size_t)nf + 1) * sizeof *w.buf_at);
    w.bparam_at = malloc(((size_t)nf + 1) * sizeof *w.bparam_at);
    if (!m->written || !w.buf_at || !w.bparam_at)
        goto out;
    w.buf_at[0] = w.bparam_at[0] = 0;
    for (uint32_t fi = 0; fi < nf; fi++) {
        const tirbc_function *f = &mod->funcs[fi];
        uint32_t nbparams = 0;
        for (uint32_t k = 0; k < f->nparams; k++)
            nbparams += f->params[k].kind == TIRBC_PARAM_BUFFER;
        w.buf_at[fi + 1] = w.buf_at[fi] + f->nbuffers;
        w.bparam_at[fi + 1] = w.bparam_at[fi] + nbparams;
        max_consts = f->nconsts > max_consts ? f->nconsts : max_consts;
    }
    size_t nbufs = w.buf_at[nf], nbparams = w.bparam_at[nf];
    w.rank = malloc((nbufs ? nbufs : 1) * sizeof *w.rank);
    w.bparam = malloc((nbparams ? nbparams : 1) * sizeof *w.bparam);
    w.pending = malloc((nbparams ? nbparams : 1) * sizeof *w.pending);
    w.npending = calloc(nf ? nf : 1, sizeof *w.npending);
    w.queue = malloc((nf ? nf : 1) * sizeof *w.queue);
    w.queued = calloc(nf ? nf : 1, 1);
    if (!w.rank || !w.bparam || !w.pending || !w.npending || !w.queue || !w.queued)
        goto out;

    for (uint32_t fi = 0; fi < nf; fi++) {
        const tirbc_function *f = &mod->funcs[fi];
        m->written[fi] = calloc(f->nbuffers ? f->nbuffers : 1, 1);
        if (!m->written[fi])
            goto out;
        uint32_t *rank = w.rank + w.buf_at[fi], *bparam = w.bparam + w.bparam_at[fi], q = 0;
        for (uint32_t b = 0; b < f->nbuffers; b++)
            rank[b] = UINT32_MAX;
        for (uint32_t k = 0; k < f->nparams; k++)
            if (f->params[k].kind == TIRBC_PARAM_BUFFER) {
                /* verified: a buffer of f, bound by this param only */
                rank[f->params[k].index] = q;
                bparam[q++] = f->params[k].index;
            }
        for (uint32_t pc = 0; pc < f->ncode; pc += 1 + tirbc_ops[f->code[pc]].noperands) {
            uint32_t op = f->code[pc], callee = UINT32_MAX; /* verified: a known opcode, whole operands */
            for (unsigned i = 0; i < tirbc_ops[op].noperands; i++) {
                const tirbc_operand_info *o = tirbc_op_operand(op, i);
                uint32_t x = f->code[pc + 1 + i];
                if (o->kind == TIRBC_OPK_BUF && o->access == TIRBC_OPA_WRITE && x < f->nbuffers)
                    m->written[fi][x] = 1;
                if (o->kind == TIRBC_OPK_FUNC)
                    callee = x;
                /* verified: the callee's buffer arguments lie in the constant
                 * pool (calls of a callee without any pass none) */
                if (o->check == TIRBC_OPC_BUF_ARGS && callee < nf && x < f->nconsts &&
                    w.bparam_at[callee + 1] > w.bparam_at[callee] &&
                    w.bparam_at[callee + 1] - w.bparam_at[callee] <= f->nconsts - x &&
                    !written_site_add(&w, callee, fi, x))
                    goto out;
            }
        }
    }

    /* The calls by callee, then caller, then first constant (counting sorts,
     * least significant key first), with repeats dropped: a caller's calls
     * of one callee read its constants in order. */
    w.spare = malloc((w.nsites ? w.nsites : 1) * sizeof *w.spare);
    if (!w.spare || !written_sort(&w, BY_FIRST, max_consts) || !written_sort(&w, BY_CALLER, nf) ||
        !written_sort(&w, BY_CALLEE, nf))
        goto out;
    w.firsts = malloc((w.nsites ? w.nsites : 1) * sizeof *w.firsts);
    w.groups = malloc((w.nsites + 1) * sizeof *w.groups);
    w.group_at = calloc((size_t)nf + 1, sizeof *w.group_at);
    if (!w.firsts || !w.groups || !w.group_at)
        goto out;
    size_t nfirsts = 0, ngroups = 0;
    for (size_t i = 0; i < w.nsites; i++) {
        const written_site *a = &w.sites[i], *b = i ? &w.sites[i - 1] : NULL;
        if (b && a->callee == b->callee && a->caller == b->caller && a->first == b->first)
            continue;
        if (!b || a->callee != b->callee || a->caller != b->caller) {
            w.group_at[a->callee + 1]++;
            w.groups[ngroups++] = (written_group){a->caller, nfirsts};
        }
        w.firsts[nfirsts++] = a->first;
    }
    w.groups[ngroups] = (written_group){0, nfirsts};
    for (uint32_t g = 0; g < nf; g++)
        w.group_at[g + 1] += w.group_at[g];
    free(w.sites);
    free(w.spare);
    w.sites = w.spare = NULL;

    /* The buffer params their own code writes, then each param found
     * written followed to every call of its function, a function's params
     * found since it was last followed at once: a call's constants are
     * read close together. */
    size_t max_batch = 0;
    for (uint32_t fi = 0; fi < nf; fi++) {
        size_t nb = w.bparam_at[fi + 1] - w.bparam_at[fi];
        max_batch = nb > max_batch ? nb : max_batch;
        for (uint32_t q = 0; q < nb; q++)
            if (m->written[fi][w.bparam[w.bparam_at[fi] + q]])
                written_pend(&w, fi, q);
    }
    if (!(w.batch = malloc((max_batch ? max_batch : 1) * sizeof *w.batch)))
        goto out;
    while (w.nqueue > 0) {
        uint32_t g = w.queue[--w.nqueue], nb = w.npending[g];
        const uint32_t *batch = w.batch;
        w.queued[g] = 0;
        memcpy(w.batch, w.pending + w.bparam_at[g], nb * sizeof *w.batch);
        w.npending[g] = 0;
        for (size_t gi = w.group_at[g]; gi < w.group_at[g + 1]; gi++) {
            uint32_t fi = w.groups[gi].caller, nbuffers = mod->funcs[fi].nbuffers;
            const uint64_t *consts = mod->funcs[fi].consts;
            const uint8_t *written = m->written[fi];
            const uint32_t *first = w.firsts + w.groups[gi].begin, *end = w.firsts + w.groups[gi + 1].begin;
            /* verified: each constant names a buffer of the caller (and
             * the windows lie in the pool: filed so above) */
            for (uint32_t j = 0; j < nb; j++) {
                const uint64_t *kq = consts + batch[j];
                for (const uint32_t *p = first; p < end; p++) {
                    uint64_t b = kq[*p];
                    if (b < nbuffers && !written[b])
                        written_mark(m, &w, fi, (uint32_t)b);
                }
            }
        }
    }
    ok = true;
out:
    written_work_free(&w);
    return ok;
}

static void module_free(tirvm_module *m)
{
    vm_frames_free(m);
    /* the code, weights and written flags go with the last object sharing them */
    if (!m->shared || atomic_fetch_sub(m->shared, 1) == 1) {
        if (m->written)
            for (uint32_t fi = 0; fi < m->mod->nfuncs; fi++)
                free(m->written[fi]);
        free(m->written);
        tirbc_module_free(m->mod);
        free(m->file_bytes);
        free(m->shared);
    }
    runtime_release(m->rt);
    free(m);
}

/* The verifier refuses a store into a weight buffer; a call may still pass
 * one to a callee that stores into its parameter (find_written follows
 * that), which would write memory every call shares. */
static bool weights_read_only(tirvm_module *m, char *err, size_t err_len)
{
    for (uint32_t fi = 0; fi < m->mod->nfuncs; fi++) {
        const tirbc_function *f = &m->mod->funcs[fi];
        for (uint32_t b = 0; b < f->nbuffers; b++)
            if (f->buffers[b].kind == TIRBC_BUF_WEIGHT && m->written[fi][b]) {
                vm_set_err(err, err_len, "function '%.128s': buffer b%u '%.128s' is a weight buffer, and a call passes it "
                           "to a buffer parameter its callee may store into [weight-read-only]", f->name, b,
                           f->buffers[b].name ? f->buffers[b].name : "");
                return false;
            }
    }
    return true;
}

/* Loads from bytes; with owned (64-byte aligned, malloc'ed) the module may
 * keep them for its weights instead of copying those (*owned is then
 * NULL: the module frees the bytes). */
static tirvm_status load_bytes(tirvm_runtime *rt, const void *data, size_t len, void **owned, tirvm_module **out,
                               char *err, size_t err_len)
{
    *out = NULL;
    tirbc_module *mod = NULL;
    if (tirbc_read_in_place(data, len, owned != NULL, &mod, err, err_len) != 0)
        return TIRVM_ERR_MODULE;
    void *keep = NULL;
    if (owned && mod->weight_data && !mod->weight_owner) {
        keep = *owned;
        *owned = NULL;
    }
    if (tirbc_verify(mod, err, err_len) != 0) {
        tirbc_module_free(mod);
        free(keep);
        return TIRVM_ERR_MODULE;
    }
    tirvm_module *m = calloc(1, sizeof *m);
    if (!m) {
        tirbc_module_free(mod);
        free(keep);
        vm_set_err(err, err_len, "out of memory");
        return TIRVM_ERR_NOMEM;
    }
    m->mod = mod;
    m->file_bytes = keep;
    if (rt) {
        atomic_fetch_add(&rt->refs, 1);
        m->rt = rt;
    } else {
        tirvm_status st = tirvm_runtime_new(NULL, &m->rt, err, err_len);
        if (st != TIRVM_OK) {
            tirbc_module_free(mod);
            free(keep);
            free(m);
            return st;
        }
        m->own_rt = true;
    }
    m->threads = m->rt->threads;
    if (!vm_frames_init(m) || !find_written(m)) {
        module_free(m);
        vm_set_err(err, err_len, "out of memory");
        return TIRVM_ERR_NOMEM;
    }
    if (!weights_read_only(m, err, err_len)) {
        module_free(m);
        return TIRVM_ERR_MODULE;
    }
    *out = m;
    return TIRVM_OK;
}

tirvm_status tirvm_runtime_load(tirvm_runtime *rt, const void *data, size_t len, tirvm_module **out, char *err,
                                size_t err_len)
{
    if (len > TIRVM_MAX_MODULE_BYTES) {
        *out = NULL;
        vm_set_err(err, err_len, "the module is %zu bytes, larger than %s", len, TIRBC_MAX_MODULE_TEXT);
        return TIRVM_ERR_MODULE;
    }
    return load_bytes(rt, data, len, NULL, out, err, err_len);
}

tirvm_status tirvm_module_load(const void *data, size_t len, tirvm_module **out, char *err, size_t err_len)
{
    return tirvm_runtime_load(NULL, data, len, out, err, err_len);
}

tirvm_status tirvm_module_load_file(const char *path, tirvm_module **out, char *err, size_t err_len)
{
    return tirvm_runtime_load_file(NULL, path, out, err, err_len);
}

tirvm_status tirvm_runtime_load_file(tirvm_runtime *rt, const char *path, tirvm_module **out, char *err,
                                     size_t err_len)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        vm_set_err(err, err_len, "%s: %s", path, strerror(errno));
        return TIRVM_ERR_USAGE;
    }
    /* 64-byte aligned, so that the module can use its weights where the
     * file's bytes put them (the writer aligns them within the file) */
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = aligned_alloc(TIRBC_WEIGHT_ALIGN, cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            vm_set_err(err, err_len, "%s: out of memory", path);
            return TIRVM_ERR_NOMEM;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
        if (len == cap) {
            if (cap >= TIRBC_MAX_MODULE_BYTES) {
                free(buf);
                fclose(f);
                vm_set_err(err, err_len, "%s: file is larger than %s", path, TIRBC_MAX_MODULE_TEXT);
                return TIRVM_ERR_MODULE;
            }
            uint8_t *nb = aligned_alloc(TIRBC_WEIGHT_ALIGN, cap * 2);
            if (nb)
                memcpy(nb, buf, len);
            free(buf);
            buf = nb;
            cap *= 2;
        }
    }
    bool read_error = ferror(f);
    fclose(f);
    if (read_error) {
        free(buf);
        vm_set_err(err, err_len, "%s: read error", path);
        return TIRVM_ERR_USAGE;
    }
    char inner[512];
    void *owned = buf;
    tirvm_status st = load_bytes(rt, buf, len, &owned, out, inner, sizeof inner);
    free(owned);
    if (st != TIRVM_OK)
        vm_set_err(err, err_len, "%s: %s", path, inner);
    return st;
}

tirvm_status tirvm_module_share(tirvm_module *m, tirvm_runtime *rt, tirvm_module **out, char *err, size_t err_len)
{
    *out = NULL;
    if (!m->shared) {
        /* the first share: m starts counting the objects that hold its code */
        atomic_int *c = malloc(sizeof *c);
        if (!c) {
            vm_set_err(err, err_len, "out of memory");
            return TIRVM_ERR_NOMEM;
        }
        atomic_init(c, 1);
        m->shared = c;
    }
    tirvm_module *n = calloc(1, sizeof *n);
    if (!n) {
        vm_set_err(err, err_len, "out of memory");
        return TIRVM_ERR_NOMEM;
    }
    n->mod = m->mod;
    n->written = m->written;
    n->file_bytes = m->file_bytes;
    n->shared = m->shared;
    n->max_steps = m->max_steps;
    n->max_memory = m->max_memory;
    if (rt) {
        atomic_fetch_add(&rt->refs, 1);
        n->rt = rt;
    } else {
        tirvm_status st = tirvm_runtime_new(NULL, &n->rt, err, err_len);
        if (st != TIRVM_OK) {
            free(n);
            return st;
        }
        n->own_rt = true;
    }
    n->threads = n->rt->threads;
    atomic_fetch_add(m->shared, 1);
    if (!vm_frames_init(n)) {
        module_free(n);
        vm_set_err(err, err_len, "out of memory");
        return TIRVM_ERR_NOMEM;
    }
    *out = n;
    return TIRVM_OK;
}

void tirvm_module_free(tirvm_module *m)
{
    if (m)
        module_free(m);
}

int tirvm_function_count(const tirvm_module *m) { return (int)m->mod->nfuncs; }

const char *tirvm_function_name(const tirvm_module *m, int func)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs)
        return NULL;
    return m->mod->funcs[func].name;
}

int tirvm_find_function(const tirvm_module *m, const char *name) { return tirbc_module_find(m->mod, name); }

int tirvm_param_count(const tirvm_module *m, int func)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs)
        return -1;
    return (int)m->mod->funcs[func].nparams;
}

tirvm_status tirvm_param(const tirvm_module *m, int func, int index, tirvm_param_info *out)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs)
        return TIRVM_ERR_USAGE;
    const tirbc_function *f = &m->mod->funcs[func];
    if (index < 0 || (uint32_t)index >= f->nparams)
        return TIRVM_ERR_USAGE;
    const tirbc_param *p = &f->params[index];
    memset(out, 0, sizeof *out);
    out->name = p->name;
    out->alias = p->alias;
    out->kind = p->kind == TIRBC_PARAM_BUFFER ? TIRVM_PARAM_BUFFER : TIRVM_PARAM_SCALAR;
    tir_dtype dt = p->kind == TIRBC_PARAM_BUFFER ? f->buffers[p->index].dtype : p->dtype;
    /* a buffer of vector elements: the element type is the param's (float32x4) */
    if (p->kind == TIRBC_PARAM_BUFFER && !tir_dt_eq(p->dtype, TIR_DT_HANDLE))
        dt = tir_dt_with_lanes(dt, p->dtype.lanes);
    out->dtype.code = dt.code;
    out->dtype.bits = dt.bits;
    out->dtype.lanes = dt.lanes;
    out->ndim = p->kind == TIRBC_PARAM_BUFFER ? (int)f->buffers[p->index].ndim : 0;
    for (int k = 0; k < out->ndim && k < 32; k++) {
        const tirbc_dimref *d = &f->buffers[p->index].shape[k];
        out->shape[k] = d->kind == TIRBC_DIM_CONST ? d->value : -1;
        char *const *names = f->buffers[p->index].shape_names;
        out->shape_name[k] = d->kind != TIRBC_DIM_CONST && names ? names[k] : NULL;
    }
    out->written = p->kind == TIRBC_PARAM_BUFFER && m->written[func][p->index];
    return TIRVM_OK;
}

tirvm_status tirvm_function_return_type(const tirvm_module *m, int func, DLDataType *out)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs)
        return TIRVM_ERR_USAGE;
    tir_dtype t = m->mod->funcs[func].ret_dtype;
    out->code = t.code;
    out->bits = t.bits;
    out->lanes = t.lanes;
    return TIRVM_OK;
}

char *tirvm_disassemble(const tirvm_module *m) { return tirbc_disasm(m->mod); }

const char *tirvm_param_dim_var(const tirvm_module *m, int func, int param, int dim)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs)
        return NULL;
    const tirbc_function *f = &m->mod->funcs[func];
    if (param < 0 || (uint32_t)param >= f->nparams || f->params[param].kind != TIRBC_PARAM_BUFFER)
        return NULL;
    const tirbc_buffer *b = &f->buffers[f->params[param].index];
    if (dim < 0 || (uint32_t)dim >= b->ndim || b->shape[dim].kind == TIRBC_DIM_CONST || !b->shape_names)
        return NULL;
    return b->shape_names[dim];
}

/* The tensor an argument carries (NULL for a number or a missing tensor);
 * *read_only is set when the argument says it is read-only. */
static const DLTensor *arg_tensor(const tirvm_arg *a, bool *read_only)
{
    *read_only = a->kind == TIRVM_ARG_TENSOR_READ_ONLY;
    switch (a->kind) {
    case TIRVM_ARG_TENSOR:
    case TIRVM_ARG_TENSOR_READ_ONLY: return a->tensor;
    case TIRVM_ARG_DLMANAGED: return a->managed ? &a->managed->dl_tensor : NULL;
    case TIRVM_ARG_DLMANAGED_VERSIONED:
        if (!a->managed_versioned)
            return NULL;
        *read_only = (a->managed_versioned->flags & TIRVM_DLPACK_FLAG_READ_ONLY);
        return &a->managed_versioned->dl_tensor;
    default: return NULL;
    }
}

static bool is_tensor_kind(tirvm_arg_kind k)
{
    return k == TIRVM_ARG_TENSOR || k == TIRVM_ARG_TENSOR_READ_ONLY || k == TIRVM_ARG_DLMANAGED || k == TIRVM_ARG_DLMANAGED_VERSIONED;
}

/* Function func of m when param names one of its buffer parameters, else
 * NULL with the reason (a usage error). */
static const tirbc_function *buffer_param_of(const tirvm_module *m, int func, int param, char *err, size_t err_len)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs) {
        vm_set_err(err, err_len, "no function with index %d", func);
        return NULL;
    }
    const tirbc_function *f = &m->mod->funcs[func];
    if (param < 0 || (uint32_t)param >= f->nparams || f->params[param].kind != TIRBC_PARAM_BUFFER) {
        vm_set_err(err, err_len, "parameter %d of function '%s' is not a buffer", param, f->name);
        return NULL;
    }
    return f;
}

tirvm_status tirvm_resolve_shape(const tirvm_module *m, int func, const tirvm_arg *args, int nargs, int param,
                                 int64_t *shape, char *err, size_t err_len)
{
    const tirbc_function *f = buffer_param_of(m, func, param, err, err_len);
    if (!f)
        return TIRVM_ERR_USAGE;
    if (nargs != (int)f->nparams) {
        vm_set_err(err, err_len, "function '%s' takes %u arguments, got %d", f->name, f->nparams, nargs);
        return TIRVM_ERR_USAGE;
    }
    const tirbc_buffer *want = &f->buffers[f->params[param].index];
    for (uint32_t k = 0; k < want->ndim && k < 32; k++) {
        const tirbc_dimref *d = &want->shape[k];
        if (d->kind == TIRBC_DIM_CONST) {
            shape[k] = d->value;
            continue;
        }
        bool found = false;
        for (uint32_t i = 0; !found && i < f->nparams; i++) {
            const tirbc_param *p = &f->params[i];
            if (p->kind == TIRBC_PARAM_SCALAR) {
                if (p->index == (uint32_t)d->value && !is_tensor_kind(args[i].kind)) {
                    double fv = args[i].f;
                    /* a float outside int64 (or NaN) has no extent: converting it is undefined */
                    if (args[i].kind == TIRVM_ARG_FLOAT && !(fv >= -9223372036854775808.0 && fv < 9223372036854775808.0)) {
                        vm_set_err(err, err_len, "dimension %u of '%s': argument '%s' (%g) is not an extent", k,
                                   f->params[param].name, p->name, fv);
                        return TIRVM_ERR_USAGE;
                    }
                    shape[k] = args[i].kind == TIRVM_ARG_FLOAT ? (int64_t)fv
                               : args[i].kind == TIRVM_ARG_UINT ? (int64_t)args[i].u : args[i].i;
                    found = true;
                }
                continue;
            }
            bool ro;
            const DLTensor *t = is_tensor_kind(args[i].kind) ? arg_tensor(&args[i], &ro) : NULL;
            const tirbc_buffer *b = &f->buffers[p->index];
            if (!t || t->ndim < 0 || (uint32_t)t->ndim != b->ndim)
                continue;
            for (uint32_t j = 0; !found && j < b->ndim; j++)
                if (b->shape[j].kind == TIRBC_DIM_REG && b->shape[j].value == d->value) {
                    shape[k] = t->shape[j];
                    found = true;
                }
        }
        if (!found) {
            const char *var = want->shape_names ? want->shape_names[k] : NULL;
            vm_set_err(err, err_len, "dimension %u of '%s' (%s%s) is not determined by the other arguments", k,
                       f->params[param].name, var ? "variable " : "a variable", var ? var : "");
            return TIRVM_ERR_USAGE;
        }
        if (shape[k] < 0) {
            vm_set_err(err, err_len, "dimension %u of '%s' resolves to a negative extent %lld", k,
                       f->params[param].name, (long long)shape[k]);
            return TIRVM_ERR_USAGE;
        }
    }
    return TIRVM_OK;
}

tirvm_status tirvm_call(tirvm_module *m, int func, const tirvm_arg *args, int nargs, char *err, size_t err_len)
{
    return tirvm_call_ex(m, func, args, nargs, NULL, NULL, err, err_len);
}

tirvm_status tirvm_call_ret(tirvm_module *m, int func, const tirvm_arg *args, int nargs, tirvm_value *result,
                            char *err, size_t err_len)
{
    return tirvm_call_ex(m, func, args, nargs, NULL, result, err, err_len);
}

/* The arguments with every managed tensor as a plain one (into plain,
 * nargs entries); a usage error for a read-only tensor the function may
 * write, or a managed tensor of a DLPack version this library does not know. */
static tirvm_status plain_args(const tirvm_module *m, int func, const tirvm_arg *args, int nargs, tirvm_arg *plain,
                               char *err, size_t err_len)
{
    const tirbc_function *f = &m->mod->funcs[func];
    for (int i = 0; i < nargs; i++) {
        plain[i] = args[i];
        if (!is_tensor_kind(args[i].kind))
            continue;
        if (args[i].kind == TIRVM_ARG_DLMANAGED_VERSIONED && args[i].managed_versioned &&
            args[i].managed_versioned->version.major != 1) {
            vm_set_err(err, err_len, "argument '%s': DLPack version %u.%u is not supported (1.x is)", f->params[i].name,
                       args[i].managed_versioned->version.major, args[i].managed_versioned->version.minor);
            return TIRVM_ERR_USAGE;
        }
        bool ro;
        plain[i].kind = TIRVM_ARG_TENSOR;
        plain[i].tensor = (DLTensor *)arg_tensor(&args[i], &ro);
        if (ro && f->params[i].kind == TIRBC_PARAM_BUFFER && m->written[func][f->params[i].index]) {
            vm_set_err(err, err_len, "argument '%s': the tensor is read-only, and function '%s' writes to it",
                       f->params[i].name, f->name);
            return TIRVM_ERR_USAGE;
        }
    }
    return TIRVM_OK;
}

tirvm_status tirvm_check_arg(const tirvm_module *m, int func, int param, const tirvm_arg *arg, char *err,
                             size_t err_len)
{
    const tirbc_function *f = buffer_param_of(m, func, param, err, err_len);
    if (!f)
        return TIRVM_ERR_USAGE;
    const tirbc_param *p = &f->params[param];
    if (!is_tensor_kind(arg->kind)) {
        vm_set_err(err, err_len, "argument '%s': expected a tensor, got a number (in function '%s')", p->name, f->name);
        return TIRVM_ERR_RUNTIME;
    }
    bool ro;
    const DLTensor *t = arg_tensor(arg, &ro);
    /* as plain_args refuses it before a call */
    if (ro && m->written[func][p->index]) {
        vm_set_err(err, err_len, "argument '%s': the tensor is read-only, and function '%s' writes to it", p->name,
                   f->name);
        return TIRVM_ERR_USAGE;
    }
    return vm_bind_check(m, f, (uint32_t)param, t, err, err_len) ? TIRVM_OK : TIRVM_ERR_RUNTIME;
}

tirvm_status tirvm_call_ex(tirvm_module *m, int func, const tirvm_arg *args, int nargs, const tirvm_call_options *opts,
                           tirvm_value *result, char *err, size_t err_len)
{
    if (result)
        memset(result, 0, sizeof *result);
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs) {
        vm_set_err(err, err_len, "no function with index %d", func);
        return TIRVM_ERR_USAGE;
    }
    const tirbc_function *f = &m->mod->funcs[func];
    if (nargs != (int)f->nparams) {
        vm_set_err(err, err_len, "function '%s' takes %u arguments, got %d", f->name, f->nparams, nargs);
        return TIRVM_ERR_RUNTIME;
    }
    if (nargs && !args) {
        vm_set_err(err, err_len, "function '%s' takes %u arguments, got none (args is NULL)", f->name, f->nparams);
        return TIRVM_ERR_USAGE;
    }
    vm_call_state call;
    memset(&call, 0, sizeof call);
    call.max_steps = opts && opts->max_steps ? opts->max_steps : m->max_steps ? m->max_steps : m->rt->max_steps;
    call.max_memory = opts && opts->max_memory ? opts->max_memory : m->max_memory ? m->max_memory : m->rt->max_memory;
    call.cancel = opts ? opts->cancel : NULL;
    if (opts && opts->timeout_ns) {
        uint64_t now = uv_hrtime();
        call.deadline = opts->timeout_ns > UINT64_MAX - now ? UINT64_MAX : now + opts->timeout_ns;
    }
    atomic_init(&call.failure, 0);
    atomic_init(&call.steps, call.max_steps ? call.max_steps : UINT64_MAX);
    call.profile = opts ? opts->profile : NULL;
    /* the calling thread's profile state: its stack's runs per function */
    vm_prof_thread prof_thread = {0};
    vm_prof_run prof_run;
    if (call.profile) {
        if (!(prof_thread.active = calloc(m->mod->nfuncs, sizeof *prof_thread.active))) {
            vm_set_err(err, err_len, "out of memory");
            return TIRVM_ERR_NOMEM;
        }
        vm_prof_enter(&prof_thread, (uint32_t)func, &prof_run);
    }
    vm_call_frame *frame = vm_frame_take(m, f);
    if (!frame) {
        free(prof_thread.active);
        vm_set_err(err, err_len, "out of memory");
        return TIRVM_ERR_NOMEM;
    }
    vm_ctx *ctxp = frame->ctx;
    tirvm_arg *plain = frame->plain;
    vm_slot *regs = frame->regs;
    vm_buf *bufs = frame->bufs;
    tirvm_status st = plain_args(m, func, args, nargs, plain, err, err_len);
    if (st != TIRVM_OK) {
        vm_frame_give(m, frame);
        free(prof_thread.active);
        return st;
    }
    memset(ctxp, 0, sizeof *ctxp);
    ctxp->scratch = frame->scratch; /* written before they are read */
    ctxp->kept = frame->kept;
    call.kept = frame->kept;
    atomic_uint_fast64_t mem_used;
    atomic_init(&mem_used, 0);
    ctxp->mem_used = &mem_used;
    ctxp->call = &call;
    if (call.max_steps || call.cancel || call.deadline) {
        /* drawn a slice at a time, checking the flag and the clock */
        ctxp->step_pool = &call.steps;
        ctxp->steps_left = 0;
    } else {
        ctxp->steps_left = UINT64_MAX;
    }
    ctxp->mod = m->mod;
    ctxp->fn = f;
    ctxp->err = err;
    ctxp->err_len = err_len;
    ctxp->m = m;
    ctxp->stack_floor = vm_stack_floor();
    ctxp->prof = call.profile ? &prof_thread : NULL;
    /* The call holds its frame, the blocks the frame kept from earlier
     * calls, and what the caller allocated for it. */
    vm_bind_weights(m->mod, f, bufs);
    uint64_t held = vm_frame_bytes(m) + (opts ? opts->caller_bytes : 0);
    vm_mem_charge_kept(ctxp); /* first: from here on, a charge that fails may release them */
    bool ok = vm_mem_charge(ctxp, held, 0, "the call's frame%s", held > vm_frame_bytes(m) ? " and the outputs the caller allocated for it" : "") &&
              vm_bind_args(ctxp, plain, nargs, regs, bufs, frame->bound) && vm_interpret(ctxp, regs, bufs, 0);
    for (uint32_t i = 0; i < f->nbuffers; i++)
        vm_buf_release(ctxp, &bufs[i], fn_elem_size(f, i));
    if (call.profile) {
        vm_prof_leave(call.profile, &prof_thread, (uint32_t)func, &prof_run);
        free(prof_thread.active);
    }
    if (result) {
        tir_vtype rvt = tir_dtype_vtype(f->ret_dtype);
        result->has_value = ok && !tir_dt_is_void(f->ret_dtype);
        result->dtype.code = f->ret_dtype.code;
        result->dtype.bits = f->ret_dtype.bits;
        result->dtype.lanes = f->ret_dtype.lanes;
        vm_slot r = ctxp->ret;
        if (rvt == TIR_VT_F32)
            result->f = r.f32;
        else if (rvt == TIR_VT_F64)
            result->f = r.f64;
        else if (rvt == TIR_VT_F16)
            result->f = tir_f16_to_f32((uint16_t)r.u);
        else if (rvt == TIR_VT_BF16)
            result->f = tir_bf16_to_f32((uint16_t)r.u);
        else
            result->i = r.i; /* u64 results keep their bits */
    }
    vm_frame_give(m, frame);
    if (ok)
        return TIRVM_OK;
    int failure = atomic_load(&call.failure);
    return failure ? (tirvm_status)failure : TIRVM_ERR_RUNTIME;
}

const char *tirvm_dtype_name(DLDataType t, char *buf, size_t n)
{
    if (t.code == TIRVM_KDLBOOL && t.lanes <= 1) {
        snprintf(buf, n, "bool");
        return buf;
    }
    tir_dtype d = {t.code, t.bits, t.lanes};
    return tir_dtype_str(d, buf, n);
}

char *tirvm_disassemble_bytes(const void *data, size_t len, char *err, size_t err_len)
{
    tirbc_module *mod = NULL;
    if (tirbc_read(data, len, &mod, err, err_len) != 0)
        return NULL;
    char *text = tirbc_disasm(mod);
    if (!text)
        vm_set_err(err, err_len, "out of memory");
    tirbc_module_free(mod);
    return text;
}

tirvm_status tirvm_assemble(const char *text, size_t len, const char *name, void **out, size_t *out_len, char *err,
                            size_t err_len)
{
    *out = NULL;
    *out_len = 0;
    tirbc_module *mod = NULL;
    if (tirbc_assemble(text, len, name, &mod, err, err_len) != 0) {
        tirbc_module_free(mod);
        return TIRVM_ERR_RUNTIME;
    }
    uint8_t *bytes = NULL;
    int rc = tirbc_write(mod, &bytes, out_len, err, err_len);
    tirbc_module_free(mod);
    if (rc != 0)
        return TIRVM_ERR_RUNTIME;
    *out = bytes;
    return TIRVM_OK;
}

void tirvm_free(void *p) { free(p); }
