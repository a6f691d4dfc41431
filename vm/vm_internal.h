/* Shared between the VM's files; not part of the public API. */
#ifndef TIRVM_INTERNAL_H
#define TIRVM_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "kept_blocks.h"
#include "module.h"
#include "tirvm.h"

/* One register.  Integers of every width are normalized to 64 bits
 * (sign-extended for signed types, zero-extended for unsigned, 0/1 for
 * bool) so index arithmetic and comparisons need no width switch. */
typedef union {
    int64_t i;
    uint64_t u;
    float f32;
    double f64;
} vm_slot;

/* A buffer as the interpreter sees it: base pointer and element count. */
typedef struct {
    uint8_t *data;
    uint64_t nelem;
    bool owned; /* allocated by the frame (ALLOC) */
} vm_buf;

/* struct tirvm_runtime (vm.c): the worker pool and the defaults that
 * modules loaded into one runtime share. */

struct tirvm_module {
    tirbc_module *mod;
    tirvm_runtime *rt;
    bool own_rt;                    /* rt was made for this module alone */
    int threads;                    /* at most this many of the pool's workers per region */
    uint64_t max_steps, max_memory; /* 0: the runtime's */
    uint8_t **written;              /* per function, per buffer: some instruction stores to it */
    struct vm_frames *frames;       /* memory of finished calls kept for the next ones (call_frames.c) */
    void *file_bytes;               /* the file's bytes, kept when the weights are used where they lie */
    atomic_int *shared;             /* module objects holding mod, written and file_bytes (tirvm_module_share);
                                       NULL: this one alone */
};

/* One call's limits and cancellation, shared by its frames and workers. */
typedef struct {
    uint64_t max_steps, max_memory; /* 0: unlimited */
    const int *cancel;              /* polled where steps are drawn; nonzero cancels */
    uint64_t deadline;              /* uv_hrtime() after which the call is cancelled; 0: none */
    atomic_int failure;             /* the call's status when it is not a runtime error: TIRVM_ERR_LIMIT or
                                       TIRVM_ERR_CANCELLED once one happened, TIRVM_ERR_USAGE for an argument
                                       the binder refused as missing */
    atomic_uint_fast64_t steps;     /* the call's steps not yet drawn by a thread */
    tirvm_profile_entry *profile;   /* NULL, or per function: runs and time (atomic adds) */
    vm_kept_blocks *kept;           /* the frame's kept blocks, counted in the call's memory: any thread of
                                       the call releases them when a charge would fail */
} vm_call_state;

/* One thread's part of a profiled call (profile.c).  A run of a function
 * starts with vm_prof_enter and ends with vm_prof_leave, which adds its
 * time to the function's entry: to total_ns and self_ns on the calling
 * thread, to worker_ns on a pool worker. */
typedef struct {
    uint32_t *active;  /* calling thread: runs of each function on its stack; NULL on a worker */
    uint64_t child_ns; /* time of the runs the running one has called so far */
} vm_prof_thread;
typedef struct {
    uint64_t t0, saved_child;
} vm_prof_run;
void vm_prof_enter(vm_prof_thread *pt, uint32_t func, vm_prof_run *run);
void vm_prof_leave(tirvm_profile_entry *prof, vm_prof_thread *pt, uint32_t func, const vm_prof_run *run);
/* A parallel loop's chunk on a worker: its time, less the runs it called,
 * is worker time of the function the loop is in. */
void vm_prof_chunk(tirvm_profile_entry *prof, const vm_prof_thread *pt, uint32_t func, uint64_t t0);

/* Scratch space for the lanes of one vector operand (the widest vector, of 8-byte lanes). */
typedef union {
    uint8_t u8[TIRBC_MAX_LANES];
    int8_t i8[TIRBC_MAX_LANES];
    uint16_t u16[TIRBC_MAX_LANES];
    int16_t i16[TIRBC_MAX_LANES];
    uint32_t u32[TIRBC_MAX_LANES];
    int32_t i32[TIRBC_MAX_LANES];
    uint64_t u64[TIRBC_MAX_LANES];
    int64_t i64[TIRBC_MAX_LANES];
    float f32[TIRBC_MAX_LANES];
    double f64[TIRBC_MAX_LANES];
} vm_lanes;

typedef struct {
    const tirbc_module *mod;
    const tirbc_function *fn;
    char *err;
    size_t err_len;
    tirvm_module *m;
    vm_call_state *call;
    bool in_worker;             /* inside a parallel region: nested regions run serially */
    atomic_bool *stop;          /* set when another worker of the region failed */
    int depth;                  /* calls between PrimFuncs and regions in progress (TIRVM_MAX_NESTING) */
    uintptr_t stack_floor;      /* calls and regions stop with an error below this stack address: one
                                   for the whole call on the calling thread, one per worker thread */
    uint64_t steps_left;        /* loop iterations, backward jumps and calls still allowed */
    atomic_uint_fast64_t *step_pool; /* the call's steps (&call->steps) when it has a step limit, a
                                        cancel flag or a deadline, drawn from by vm_take_steps; else
                                        NULL and steps_left is unlimited */
    atomic_uint_fast64_t *mem_used; /* bytes held by allocations of this call (shared with workers and callees) */
    vm_slot ret;                /* the value given to RETV */
    /* Vector and fused instructions' lanes copied out of registers or
     * buffers (4 operands).  Each instruction writes the lanes it reads, so
     * a callee shares its caller's; each worker thread has its own. */
    vm_lanes *scratch;
    /* The call frame's kept blocks, on the thread that made the top-level
     * call (and its calls between PrimFuncs), which takes blocks from them
     * and keeps freed ones; NULL in parallel regions. */
    vm_kept_blocks *kept;
    vm_prof_thread *prof;       /* NULL unless the call is profiled: this thread's profile state */
} vm_ctx;

#define VM_SCRATCH_BYTES (4 * sizeof(vm_lanes))
/* Largest single allocation a call may make (one buffer, one frame). */
#define VM_MAX_ALLOC_BYTES ((uint64_t)1 << 36)

/* The call's memory (memory.c).  vm_mem_charge counts bytes against the
 * call's memory limit; false, with the error at pc in ctx->err and the
 * limit noted for the status, when they would take it past the limit even
 * after the frame's kept blocks are released (which they then are).
 * vm_mem_alloc charges and allocates zeroed memory, or takes back a kept
 * block of the size, which the call holds already (NULL with the error
 * when over the limit or out of memory; also NULL for 0 bytes, which is no
 * error); vm_mem_free keeps the block (still counted) or frees and credits
 * it.  `what` names the memory in messages (printf format). */
bool vm_mem_charge(vm_ctx *ctx, uint64_t bytes, uint32_t pc, const char *what, ...)
    __attribute__((format(printf, 4, 5)));
void vm_mem_credit(vm_ctx *ctx, uint64_t bytes);
void *vm_mem_alloc(vm_ctx *ctx, uint64_t bytes, uint32_t pc, const char *what, ...)
    __attribute__((format(printf, 4, 5)));
void vm_mem_free(vm_ctx *ctx, void *p, uint64_t bytes);
/* Counts the frame's kept blocks against the call that took the frame, or,
 * when they do not fit its limit, releases them. */
void vm_mem_charge_kept(vm_ctx *ctx);

/* Makes ctx->steps_left at least n (it is less) by drawing on the call's
 * step pool, which its threads share; false when the pool cannot cover it
 * (or there is none): the step limit is exceeded; false too when the call
 * is cancelled (its flag is set or its deadline passed), which is checked
 * here, so that cancellation costs nothing where steps are not drawn. */
bool vm_take_steps(vm_ctx *ctx, uint64_t n);
/* Reports a failed vm_take_steps at pc (the step limit, or cancellation);
 * returns false. */
bool vm_steps_error_at(vm_ctx *ctx, uint32_t pc);
/* Records that the call failed on a limit (for its status). */
void vm_note_limit(vm_ctx *ctx);
/* The runtime's pool, created on first use (once, whichever threads ask);
 * NULL if it cannot be created. */
struct vm_pool *vm_runtime_pool(tirvm_runtime *rt);

/* Frees a frame-owned buffer and returns its bytes to the call's budget. */
void vm_buf_release(vm_ctx *ctx, vm_buf *b, size_t elem_size);
/* Points f's weight buffers at the module's weight section (read-only:
 * the verifier and the loader refuse any store into one). */
/* A monotonic clock in nanoseconds (for profiles). */
uint64_t vm_now_ns(void);
void vm_bind_weights(const tirbc_module *mod, const tirbc_function *f, vm_buf *bufs);
size_t fn_elem_size(const tirbc_function *f, uint32_t b);

/* Deepest nesting of calls between PrimFuncs and regions (parallel or run
 * serially) together; deeper is a runtime error.  Each level is one
 * recursion of the interpreter, so this bounds the C stack a call uses.
 * The stack is also checked directly (an unoptimized or sanitizer build's
 * frames are far larger): a call or region stops when it would go more than
 * the stack budget below where the call started on its thread, or where a
 * worker thread started its chunk.  The calling thread keeps one floor for
 * the whole call, whichever chunks it runs. */
#define TIRVM_MAX_NESTING 256
#define TIRVM_STACK_BUDGET TIRVM_CALL_STACK
/* Worker threads get this much stack: twice the budget they may use. */
#define TIRVM_THREAD_STACK ((size_t)8 << 20)
_Static_assert(TIRVM_THREAD_STACK >= 2 * TIRVM_STACK_BUDGET, "worker stacks hold the stack budget with room");

/* False, with an error at pc, when one more level of nesting (a call of
 * function `callee`, or a region when callee is NULL) would exceed
 * TIRVM_MAX_NESTING or the stack floor. */
bool vm_nesting_ok(vm_ctx *ctx, uint32_t pc, const char *callee);

/* The lowest stack address calls may reach from here (the stack grows down). */
uintptr_t vm_stack_floor(void);

/* Calls function `fidx` of the module from the instruction at pc, with its
 * scalar parameters in args and, when bufargs is not NULL, its buffer
 * parameters viewing the caller's buffers bufs[bufargs[i]]; its return value
 * goes to *ret if ret is not NULL. */
bool vm_call(vm_ctx *ctx, uint32_t fidx, const vm_slot *args, const vm_buf *bufs, const uint64_t *bufargs, uint32_t pc,
             vm_slot *ret);

/* snprintf into a caller's message buffer (which may be NULL or empty). */
void vm_set_err(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Formats "SOURCE:LINE: MESSAGE (in function 'F')" into ctx->err. */
void vm_error_at(vm_ctx *ctx, uint32_t pc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Binds the arguments into regs/bufs (spec PrimFunc rules); bound has a
 * flag per register, all false; false on error. */
bool vm_bind_args(vm_ctx *ctx, const tirvm_arg *args, int nargs, vm_slot *regs, vm_buf *bufs, bool *bound);
/* Checks tensor t as buffer parameter `param` of fn alone, as vm_bind_args
 * would bind it (dtype, rank, constant extents, layout; a shape variable is
 * bound by its first sight, so only agreement with other arguments is left
 * to the call).  False with the binder's message. */
bool vm_bind_check(const tirvm_module *m, const tirbc_function *fn, uint32_t param, const DLTensor *t, char *err,
                   size_t err_len);
/* Binds the buffer parameters of `callee`, whose scalar parameters are
 * already in regs, to views of the caller's buffers bufs[bufargs[0]], ...
 * (ctx the caller's, pc its call, for messages); false, with the error in
 * ctx->err, when a view does not lie inside its buffer or two views overlap. */
bool vm_bind_buffer_args(vm_ctx *ctx, uint32_t pc, const tirbc_function *callee, vm_slot *regs, vm_buf *cbufs,
                         const vm_buf *bufs, const uint64_t *bufargs);
/* Runs the function's code from `pc` on an initialised frame until RET (or,
 * for a parallel region's body, its PAREND); false on a runtime error. */
bool vm_interpret(vm_ctx *ctx, vm_slot *regs, vm_buf *bufs, uint32_t pc);
/* Runs `count` iterations of the region body at `body` with the loop
 * variable register iv (of integer kind vt) from lo on; false on an error. */
bool vm_run_region(vm_ctx *ctx, vm_slot *regs, vm_buf *bufs, uint32_t iv, tir_vtype vt, int64_t lo, uint64_t count,
                   uint32_t body);
/* The register value of integer v normalized to kind vt. */
int64_t vm_normalize(tir_vtype vt, uint64_t v);

#endif
