/* Parallel regions: For loops of kind parallel or thread binding, and
 * thread_extent / virtual_thread attribute regions (spec Stmt semantics
 * 3.i and 12.ii).  The iteration space is cut into contiguous chunks,
 * about CHUNKS_PER_WORKER per worker, which the workers take in turn from a
 * shared counter: a worker that wakes late (a sleeping thread takes tens of
 * microseconds to wake) or runs on a busy core takes fewer, so the region
 * never waits long for one, and a chunk keeps each worker on neighbouring
 * memory.  Each iteration computes what it would serially, whichever
 * thread takes it.  Each worker runs its chunks in its own copy of the
 * frame, so registers are private and buffers allocated inside the body
 * are its own; the buffers that exist at the region's start are shared.
 * A region nested in a region runs serially in its worker. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uv.h>

#include "pool.h"
#include "vm_internal.h"

/* Below this many iterations, waking the workers costs more than it saves. */
#define MIN_PARALLEL_ITERATIONS 2
/* Chunks per worker: enough that a late worker's share is small, few
 * enough that taking one costs nothing next to its iterations. */
#define CHUNKS_PER_WORKER 4

typedef struct {
    vm_ctx *parent;
    const vm_slot *regs;
    const vm_buf *bufs;
    uint32_t iv, body;
    tir_vtype vt;
    int64_t lo;
    uint64_t count;
    uint64_t grain;             /* iterations per chunk */
    atomic_uint_fast64_t next;  /* the first iteration no worker has taken */
    int nworkers;
    atomic_bool stop;
    atomic_flag failed;
    bool limited;             /* the call draws steps from its pool: so do the workers */
    char err[600];
} region;

static bool run_iterations(vm_ctx *ctx, vm_slot *regs, vm_buf *bufs, uint32_t iv, tir_vtype vt, int64_t lo,
                           uint64_t first, uint64_t end, uint32_t body)
{
    for (uint64_t k = first; k < end; k++) {
        /* Spec: execution never proceeds past the region after an error; the
         * other workers stop at their next iteration. */
        if (ctx->stop && atomic_load_explicit(ctx->stop, memory_order_relaxed))
            return true;
        /* each iteration is a step, like a loop's, so a region whose body
         * has no loop of its own cannot escape the step budget */
        if (ctx->steps_left == 0 && !vm_take_steps(ctx, 1))
            return vm_steps_error_at(ctx, body);
        ctx->steps_left--;
        regs[iv].i = vm_normalize(vt, (uint64_t)lo + k);
        if (!vm_interpret(ctx, regs, bufs, body))
            return false;
    }
    return true;
}

/* Takes the next chunk: [*first, *end); false when none is left. */
static bool take_chunk(region *r, uint64_t *first, uint64_t *end)
{
    uint_fast64_t at = atomic_load_explicit(&r->next, memory_order_relaxed), to;
    do {
        if (at >= r->count)
            return false;
        to = r->count - at < r->grain ? r->count : at + r->grain; /* never past count: no wraparound */
    } while (!atomic_compare_exchange_weak_explicit(&r->next, &at, to, memory_order_relaxed, memory_order_relaxed));
    *first = at;
    *end = to;
    return true;
}

/* Worker w runs chunks while any is left.  Worker 0 is the calling thread
 * (vm_pool_run), which keeps the call's stack floor: a thread has one stack
 * budget per call, however its regions nest.  A worker thread measures its
 * own from where its chunks start.  The worker's frame (registers, buffer
 * table, scratch lanes) counts against the call's memory. */
static void run_chunk(void *arg, int w)
{
    region *r = arg;
    const tirbc_function *fn = r->parent->fn;
    uint64_t first, end;
    /* the module may use fewer workers than the pool has; a worker that
     * comes when every chunk is taken makes no frame */
    if (w >= r->nworkers || !take_chunk(r, &first, &end))
        return;
    char err[600] = "";
    vm_ctx ctx = *r->parent;
    ctx.err = err;
    ctx.err_len = sizeof err;
    ctx.in_worker = true;
    ctx.stop = &r->stop;
    ctx.kept = NULL; /* the frame's kept blocks belong to the calling thread */
    /* Chunk 0 is on the calling thread, whose profile state it shares;
     * a worker keeps its own, for worker time. */
    vm_prof_thread prof_worker = {0};
    uint64_t prof_t0 = 0;
    if (w != 0) {
        ctx.stack_floor = vm_stack_floor(); /* this worker thread's own stack */
        if (ctx.prof) {
            ctx.prof = &prof_worker;
            prof_t0 = vm_now_ns();
        }
    }
    if (r->limited) {
        /* Under a step limit the workers draw on the call's budget, so the
         * region spends the call's steps, not a copy of them per worker. */
        ctx.steps_left = 0;
    }
    size_t at_bufs = fn->nregs * sizeof(vm_slot);
    size_t at_scratch = (at_bufs + fn->nbuffers * sizeof(vm_buf) + 15) & ~(size_t)15;
    size_t bytes = at_scratch + VM_SCRATCH_BYTES;
    uint8_t *block = vm_mem_alloc(&ctx, bytes, r->body, "a parallel worker's frame");
    bool ok = false;
    if (block) {
        vm_slot *regs = (vm_slot *)block;
        vm_buf *bufs = (vm_buf *)(block + at_bufs);
        ctx.scratch = (vm_lanes *)(block + at_scratch);
        memcpy(regs, r->regs, fn->nregs * sizeof *regs);
        memcpy(bufs, r->bufs, fn->nbuffers * sizeof *bufs);
        for (uint32_t i = 0; i < fn->nbuffers; i++)
            bufs[i].owned = false; /* the frame's own buffers stay the frame's */
        do
            ok = run_iterations(&ctx, regs, bufs, r->iv, r->vt, r->lo, first, end, r->body);
        while (ok && !atomic_load_explicit(&r->stop, memory_order_relaxed) && take_chunk(r, &first, &end));
        for (uint32_t i = 0; i < fn->nbuffers; i++)
            vm_buf_release(&ctx, &bufs[i], fn_elem_size(fn, i));
        vm_mem_free(&ctx, block, bytes);
    }
    if (w != 0 && ctx.prof)
        vm_prof_chunk(ctx.call->profile, &prof_worker, (uint32_t)(fn - ctx.mod->funcs), prof_t0);
    if (r->limited)
        atomic_fetch_add(ctx.step_pool, ctx.steps_left); /* what this worker drew and did not spend */
    if (!ok) {
        atomic_store(&r->stop, true);
        if (!atomic_flag_test_and_set(&r->failed))
            snprintf(r->err, sizeof r->err, "%s", err);
    }
}

/* Steps are drawn a few thousand at a time, so workers rarely touch the
 * shared counter; a worker can thus fail up to that many steps before the
 * region's budget is spent in total. */
#define STEP_DRAW 4096

/* The first limit or cancellation of a call is the one its status reports. */
static bool steps_fail(vm_ctx *ctx, int status)
{
    int none = 0;
    atomic_compare_exchange_strong(&ctx->call->failure, &none, status);
    return false;
}

void vm_note_limit(vm_ctx *ctx) { steps_fail(ctx, TIRVM_ERR_LIMIT); }

bool vm_steps_error_at(vm_ctx *ctx, uint32_t pc)
{
    const vm_call_state *c = ctx->call;
    if (atomic_load(&c->failure) == TIRVM_ERR_CANCELLED)
        vm_error_at(ctx, pc, "cancelled%s",
                    c->deadline && !(c->cancel && __atomic_load_n(c->cancel, __ATOMIC_RELAXED))
                        ? " (the call's timeout passed)" : "");
    else
        vm_error_at(ctx, pc, "step limit exceeded (%llu steps)", (unsigned long long)c->max_steps);
    return false;
}

bool vm_take_steps(vm_ctx *ctx, uint64_t n)
{
    if (!ctx->step_pool)
        return steps_fail(ctx, TIRVM_ERR_LIMIT);
    const vm_call_state *c = ctx->call;
    /* Threads draw STEP_DRAW steps at a time, so these checks run once per
     * few thousand loop iterations: cancellation costs nothing per element. */
    if (c->cancel && __atomic_load_n(c->cancel, __ATOMIC_RELAXED))
        return steps_fail(ctx, TIRVM_ERR_CANCELLED);
    if (c->deadline && uv_hrtime() >= c->deadline)
        return steps_fail(ctx, TIRVM_ERR_CANCELLED);
    uint64_t need = n - ctx->steps_left;
    uint_fast64_t avail = atomic_load_explicit(ctx->step_pool, memory_order_relaxed);
    for (;;) {
        if (avail < need)
            return steps_fail(ctx, TIRVM_ERR_LIMIT);
        uint64_t take = avail - need >= STEP_DRAW ? need + STEP_DRAW : avail;
        if (atomic_compare_exchange_weak_explicit(ctx->step_pool, &avail, avail - take, memory_order_relaxed,
                                                  memory_order_relaxed)) {
            ctx->steps_left += take;
            return true;
        }
    }
}

/* The region on the pool: chunks taken in turn, worker 0 this thread. */
static bool run_parallel(vm_ctx *ctx, vm_pool *pool, vm_slot *regs, vm_buf *bufs, uint32_t iv, tir_vtype vt,
                         int64_t lo, uint64_t count, uint32_t body)
{
    tirvm_module *m = ctx->m;
    region r;
    memset(&r, 0, sizeof r);
    r.parent = ctx;
    r.regs = regs;
    r.bufs = bufs;
    r.iv = iv;
    r.body = body;
    r.vt = vt;
    r.lo = lo;
    r.count = count;
    r.nworkers = vm_pool_size(pool) < m->threads ? vm_pool_size(pool) : m->threads;
    r.grain = count / ((uint64_t)r.nworkers * CHUNKS_PER_WORKER);
    if (r.grain == 0)
        r.grain = 1;
    atomic_init(&r.next, 0);
    atomic_init(&r.stop, false);
    atomic_flag_clear(&r.failed);
    r.limited = ctx->step_pool != NULL;
    if (!vm_pool_run(pool, run_chunk, &r)) /* the pool is busy with another call */
        return run_iterations(ctx, regs, bufs, iv, vt, lo, 0, count, body);
    if (atomic_load(&r.stop)) {
        snprintf(ctx->err, ctx->err_len, "%s", r.err);
        return false;
    }
    return true;
}

bool vm_run_region(vm_ctx *ctx, vm_slot *regs, vm_buf *bufs, uint32_t iv, tir_vtype vt, int64_t lo, uint64_t count,
                   uint32_t body)
{
    tirvm_module *m = ctx->m;
    /* Regions nest by recursion, and a module may jump back into a
     * region's start from inside it: each region is a level of nesting,
     * like a call, whether it runs in parallel or serially. */
    if (!vm_nesting_ok(ctx, body, NULL))
        return false;
    bool parallel = !ctx->in_worker && m && m->threads > 1 && count >= MIN_PARALLEL_ITERATIONS;
    vm_pool *pool = parallel ? vm_runtime_pool(m->rt) : NULL;
    parallel = pool && vm_pool_size(pool) > 1;
    ctx->depth++;
    bool ok = parallel ? run_parallel(ctx, pool, regs, bufs, iv, vt, lo, count, body)
                       : run_iterations(ctx, regs, bufs, iv, vt, lo, 0, count, body);
    ctx->depth--;
    return ok;
}
