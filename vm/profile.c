/* Profiled calls (tirvm_call_options.profile): each run of a function adds
 * its time to the function's entry.  A thread keeps, for the run it is in,
 * the time of the runs that run called, so a run's self time is its time
 * less theirs; the calling thread also counts each function's runs on its
 * stack, so that only the outermost adds to total_ns (a recursive
 * function's nested runs lie inside it).  Pool workers run beside the
 * calling thread: their time is CPU time, kept apart in worker_ns, so that
 * total_ns and self_ns stay wall-clock time within the call's. */
#include "vm_internal.h"

static void add(uint64_t *field, uint64_t v) { __atomic_fetch_add(field, v, __ATOMIC_RELAXED); }

void vm_prof_enter(vm_prof_thread *pt, uint32_t func, vm_prof_run *run)
{
    run->saved_child = pt->child_ns;
    pt->child_ns = 0;
    if (pt->active)
        pt->active[func]++;
    run->t0 = vm_now_ns();
}

void vm_prof_leave(tirvm_profile_entry *prof, vm_prof_thread *pt, uint32_t func, const vm_prof_run *run)
{
    uint64_t now = vm_now_ns();
    uint64_t dt = now > run->t0 ? now - run->t0 : 0;
    /* the callees' runs lie inside this one on the same monotonic clock */
    uint64_t self = dt > pt->child_ns ? dt - pt->child_ns : 0;
    pt->child_ns = run->saved_child + dt;
    tirvm_profile_entry *e = &prof[func];
    add(&e->calls, 1);
    add(&e->ns, dt);
    if (pt->active) {
        add(&e->self_ns, self);
        if (--pt->active[func] == 0)
            add(&e->total_ns, dt);
    } else {
        add(&e->worker_ns, self);
    }
}

void vm_prof_chunk(tirvm_profile_entry *prof, const vm_prof_thread *pt, uint32_t func, uint64_t t0)
{
    uint64_t now = vm_now_ns();
    uint64_t dt = now > t0 ? now - t0 : 0;
    add(&prof[func].worker_ns, dt > pt->child_ns ? dt - pt->child_ns : 0);
}
