/* A pool of persistent worker threads (libuv threads, mutex and condition
 * variables), created once per module and reused by every parallel region.
 * The calling thread takes part as worker 0. */
#ifndef TIRVM_POOL_H
#define TIRVM_POOL_H

#include <stdbool.h>

typedef struct vm_pool vm_pool;
typedef void (*vm_pool_task)(void *arg, int worker);

/* A pool of `threads` workers in all (threads - 1 new threads); NULL on failure. */
vm_pool *vm_pool_new(int threads);
/* Stops and joins every thread. */
void vm_pool_free(vm_pool *p);
int vm_pool_size(const vm_pool *p);
/* Runs task(arg, 0) on the calling thread and task(arg, k) on every worker
 * k that joins before the caller's own part returns; then waits for the
 * workers that joined.  A worker that wakes later skips the task: tasks
 * must share their work out dynamically (parallel.c takes chunks in turn),
 * never count on every worker running.  Returns false (running nothing) if
 * the pool is already running a task for another caller; the caller then
 * runs serially. */
bool vm_pool_run(vm_pool *p, vm_pool_task task, void *arg);

#endif
