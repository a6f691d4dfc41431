#include "pool.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <uv.h>

#include "vm_internal.h"

/* Workers spin this many times on the generation counter before sleeping on
 * the condition variable: waking a sleeping thread costs tens of
 * microseconds, and back-to-back regions are common. */
#define SPIN_ROUNDS 20000

struct vm_pool {
    int size;
    uv_thread_t *threads;
    uv_mutex_t lock;      /* guards sleeping and waking */
    uv_cond_t wake, done;
    uv_mutex_t busy;      /* held by the caller running a task */
    atomic_uint generation;
    /* The task's seats: the generation in the high bits, the workers that
     * may still join it in the low 16.  A worker takes a seat before it
     * touches the task; the caller, done with its own part, takes the
     * seats left, so a worker that wakes after that skips the task and the
     * caller does not wait for it (it would find nothing left to do). */
    atomic_uint_fast64_t seats;
#define SEATS_MASK 0xffffu
    atomic_int finished;  /* workers that joined this generation and are done */
    atomic_bool quit;
    vm_pool_task task;
    void *arg;
    int started;
};

_Static_assert(TIRVM_MAX_THREADS <= SEATS_MASK, "a pool's workers fit the seats' count");

typedef struct {
    vm_pool *pool;
    int index;
} worker_start;

static void worker_main(void *raw)
{
    worker_start *ws = raw;
    vm_pool *p = ws->pool;
    int index = ws->index;
    free(ws);
    unsigned seen = 0;
    for (;;) {
        unsigned gen = atomic_load_explicit(&p->generation, memory_order_acquire);
        for (int spin = 0; gen == seen && spin < SPIN_ROUNDS && !atomic_load(&p->quit); spin++)
            gen = atomic_load_explicit(&p->generation, memory_order_acquire);
        if (gen == seen) {
            uv_mutex_lock(&p->lock);
            while ((gen = atomic_load(&p->generation)) == seen && !atomic_load(&p->quit))
                uv_cond_wait(&p->wake, &p->lock);
            uv_mutex_unlock(&p->lock);
        }
        if (atomic_load(&p->quit))
            return;
        seen = gen;
        uint_fast64_t at = atomic_load_explicit(&p->seats, memory_order_acquire);
        bool joined = false;
        while (!joined && at >> 16 == gen && (at & SEATS_MASK) > 0)
            joined = atomic_compare_exchange_weak_explicit(&p->seats, &at, at - 1, memory_order_acq_rel,
                                                           memory_order_acquire);
        if (!joined)
            continue;
        p->task(p->arg, index);
        atomic_fetch_add_explicit(&p->finished, 1, memory_order_acq_rel);
        uv_mutex_lock(&p->lock);
        uv_cond_signal(&p->done);
        uv_mutex_unlock(&p->lock);
    }
}

vm_pool *vm_pool_new(int threads)
{
    if (threads < 1)
        threads = 1;
    vm_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->size = threads;
    p->threads = calloc((size_t)threads, sizeof *p->threads);
    if (!p->threads || uv_mutex_init(&p->lock) || uv_mutex_init(&p->busy) || uv_cond_init(&p->wake) ||
        uv_cond_init(&p->done)) {
        free(p->threads);
        free(p);
        return NULL;
    }
    atomic_init(&p->generation, 0);
    atomic_init(&p->seats, 0);
    atomic_init(&p->finished, 0);
    atomic_init(&p->quit, false);
    for (int i = 1; i < threads; i++) {
        worker_start *ws = malloc(sizeof *ws);
        if (!ws)
            break;
        ws->pool = p;
        ws->index = i;
        uv_thread_options_t opts = {UV_THREAD_HAS_STACK_SIZE, TIRVM_THREAD_STACK};
        if (uv_thread_create_ex(&p->threads[i], &opts, worker_main, ws) != 0) {
            free(ws);
            break;
        }
        p->started = i;
    }
    /* Fewer threads than asked for is still a working pool. */
    p->size = p->started + 1;
    return p;
}

void vm_pool_free(vm_pool *p)
{
    if (!p)
        return;
    uv_mutex_lock(&p->lock);
    atomic_store(&p->quit, true);
    uv_cond_broadcast(&p->wake);
    uv_mutex_unlock(&p->lock);
    for (int i = 1; i <= p->started; i++)
        uv_thread_join(&p->threads[i]);
    uv_cond_destroy(&p->wake);
    uv_cond_destroy(&p->done);
    uv_mutex_destroy(&p->lock);
    uv_mutex_destroy(&p->busy);
    free(p->threads);
    free(p);
}

int vm_pool_size(const vm_pool *p) { return p ? p->size : 1; }

bool vm_pool_run(vm_pool *p, vm_pool_task task, void *arg)
{
    if (uv_mutex_trylock(&p->busy) != 0)
        return false;
    p->task = task;
    p->arg = arg;
    unsigned gen = atomic_load(&p->generation) + 1u;
    atomic_store(&p->finished, 0);
    atomic_store_explicit(&p->seats, (uint_fast64_t)gen << 16 | (uint_fast64_t)(p->size - 1), memory_order_release);
    uv_mutex_lock(&p->lock);
    atomic_store_explicit(&p->generation, gen, memory_order_release);
    uv_cond_broadcast(&p->wake);
    uv_mutex_unlock(&p->lock);
    task(arg, 0);
    /* Close the task: the workers that have not joined never will.  Wait
     * for those that did: spin briefly, then sleep. */
    int joined = p->size - 1 - (int)(atomic_exchange(&p->seats, (uint_fast64_t)gen << 16) & SEATS_MASK);
    for (int spin = 0; atomic_load_explicit(&p->finished, memory_order_acquire) < joined && spin < SPIN_ROUNDS; spin++)
        ;
    if (atomic_load(&p->finished) < joined) {
        uv_mutex_lock(&p->lock);
        while (atomic_load(&p->finished) < joined)
            uv_cond_wait(&p->done, &p->lock);
        uv_mutex_unlock(&p->lock);
    }
    uv_mutex_unlock(&p->busy);
    return true;
}
