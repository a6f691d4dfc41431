/* tirvm: load verified .tirbc modules and call their functions on DLPack
 * tensors.  Link with `pkg-config --cflags --libs tirvm`; the compiler
 * (TVMScript or TVM JSON to .tirbc at run time) is tirc.h, `tirc.pc`.
 *
 * Errors.  The library never prints and never exits: every function that
 * can fail returns a status and writes a message into the caller's buffer
 * (err, err_len; err may be NULL).  Running out of memory is a status too
 * (TIRVM_ERR_NOMEM), never an abort.  Messages quote names and strings
 * from the module as the module holds them; a caller that shows them on a
 * terminal should escape control characters (the tirvm command does).
 *
 * Thread safety.  Any number of host threads may call functions of one
 * loaded module at once (tirvm_call, tirvm_call_ret, tirvm_call_ex), and of
 * several modules loaded into one runtime, and may use the introspection
 * functions meanwhile.  The setters (tirvm_module_set_threads,
 * tirvm_module_set_limits) and tirvm_module_free are not thread-safe: call
 * them while no call of that module runs.  A runtime's worker pool is
 * created once, at the first parallel region of any of its modules,
 * whichever threads get there together.  The pool runs one parallel region
 * at a time: a region that finds it busy with another call runs on the
 * calling thread instead (same results, no parallel speed-up).
 *
 * Stacks.  A call runs on the caller's thread and uses at most
 * TIRVM_CALL_STACK bytes of its stack (or half the stack's soft limit, when
 * that is smaller), however its parallel regions are split between threads:
 * calls between PrimFuncs and regions nested more than 256 deep, or deeper
 * than that budget, fail with a runtime error instead of overflowing.  Give
 * threads that call tirvm at least TIRVM_CALL_STACK plus what the host
 * itself uses.  The VM's own worker threads get 8 MiB stacks. */
#ifndef TIRVM_H
#define TIRVM_H

#include <stddef.h>
#include <stdint.h>

#include <dlpack/dlpack.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    TIRVM_OK = 0,
    TIRVM_ERR_RUNTIME = 1, /* failed assertion, division by zero, out of bounds, bad argument */
    TIRVM_ERR_USAGE = 2,   /* the caller asked for something that does not exist */
    TIRVM_ERR_MODULE = 3,  /* not a valid .tirbc (bad magic, version, truncated, fails verification) */
    TIRVM_ERR_LIMIT = 4,   /* the call exceeded its step or memory limit */
    TIRVM_ERR_CANCELLED = 5, /* the call's cancel flag was set or its timeout passed */
    TIRVM_ERR_NOMEM = 6,   /* the library could not allocate memory for its own use */
} tirvm_status;

/* "ok", "runtime error", "usage error", "invalid module", "limit exceeded",
 * "cancelled", "out of memory" (and "unknown status" for anything else). */
const char *tirvm_status_name(tirvm_status st);

/* The library's version ("0.1.0") and the .tirbc format version it reads. */
const char *tirvm_version(void);
/* The instruction set of the copy of the compute kernels this process runs:
 * "base" (any x86-64, or any other CPU), "avx2" or "avx512", the widest the
 * CPU has unless the environment variable TIRVM_ISA names a narrower one
 * when the library loads.  Results are the same bits on every one. */
const char *tirvm_kernel_isa(void);
int tirvm_format_version(void);

/* Bytes of stack one call may use on the calling thread (see Stacks above). */
#define TIRVM_CALL_STACK ((size_t)4 << 20)
#define TIRVM_MAX_THREADS 1024
/* The largest .tirbc, weights included, that tirc writes, that
 * tirvm_module_load_file and tirvm_module_load read and that tirvm serve
 * loads: 1 GiB, one cap (the format's TIRBC_MAX_MODULE_BYTES). */
#define TIRVM_MAX_MODULE_BYTES ((uint64_t)1 << 30)

/* ---- Runtimes ------------------------------------------------------------
 * A runtime owns the worker pool of parallel regions, its thread count and
 * the default limits.  Modules loaded into one runtime share its pool, so a
 * server with many modules has one set of threads-1 worker threads. */
typedef struct tirvm_runtime tirvm_runtime;

typedef struct {
    int threads;         /* workers for parallel regions, the calling thread included (1 runs
                            everything on it); 0: the environment variable TIRVM_NUM_THREADS when
                            it is a count from 1 to TIRVM_MAX_THREADS, else the CPUs available */
    uint64_t max_steps;  /* default step limit of every call (0: none), see tirvm_call_options */
    uint64_t max_memory; /* default memory limit of every call in bytes (0: none) */
} tirvm_runtime_options;

/* opts may be NULL (all defaults).  No thread starts before a parallel
 * region needs one. */
tirvm_status tirvm_runtime_new(const tirvm_runtime_options *opts, tirvm_runtime **out, char *err, size_t err_len);
/* Drops the caller's reference: the runtime (and its threads) go when its
 * last module is freed too.  Not concurrently with calls into it. */
void tirvm_runtime_free(tirvm_runtime *rt);
int tirvm_runtime_threads(const tirvm_runtime *rt);

/* ---- Modules ---------------------------------------------------------- */
typedef struct tirvm_module tirvm_module;

/* Loads and verifies a module from memory (the bytes are copied) or from a
 * file, into runtime rt (shared by its modules).  With rt NULL the module
 * gets a runtime of its own with the defaults. */
tirvm_status tirvm_runtime_load(tirvm_runtime *rt, const void *data, size_t len, tirvm_module **out, char *err,
                                size_t err_len);
tirvm_status tirvm_runtime_load_file(tirvm_runtime *rt, const char *path, tirvm_module **out, char *err,
                                     size_t err_len);
/* The same with a runtime of the module's own. */
tirvm_status tirvm_module_load(const void *data, size_t len, tirvm_module **out, char *err, size_t err_len);
tirvm_status tirvm_module_load_file(const char *path, tirvm_module **out, char *err, size_t err_len);
void tirvm_module_free(tirvm_module *m);
/* Another module object for m's loaded code and weights, in runtime rt
 * (NULL: a runtime of its own), with its own threads, limits and kept call
 * frames.  The code and weights stay in memory once, read-only, until the
 * last object sharing them is freed (in any order).  For instances of one
 * model that each need a worker pool of their own; calls that may share a
 * pool can simply call m from several threads.  Not thread-safe (as the
 * setters): not concurrently with another share or the free of m; calls of
 * m may run meanwhile. */
tirvm_status tirvm_module_share(tirvm_module *m, tirvm_runtime *rt, tirvm_module **out, char *err, size_t err_len);

/* The workers one parallel region of this module may use, at most the
 * runtime's (a module with a runtime of its own resizes that runtime's
 * pool).  Not thread-safe. */
tirvm_status tirvm_module_set_threads(tirvm_module *m, int threads);
int tirvm_module_threads(const tirvm_module *m);

/* Default limits of this module's calls, for running untrusted modules; 0
 * means the runtime's (whose default is no limit).  See
 * tirvm_call_options for what they bound.  Not thread-safe. */
tirvm_status tirvm_module_set_limits(tirvm_module *m, uint64_t max_steps, uint64_t max_memory);

/* Functions and their parameters. */
int tirvm_function_count(const tirvm_module *m);
const char *tirvm_function_name(const tirvm_module *m, int func);
/* Index of a function by name, or -1. */
int tirvm_find_function(const tirvm_module *m, const char *name);

typedef enum { TIRVM_PARAM_SCALAR = 0, TIRVM_PARAM_BUFFER = 1 } tirvm_param_kind;

struct tirvm_arg;

typedef struct {
    const char *name;       /* the name in the PrimFunc signature */
    const char *alias;      /* the bound buffer's name when it differs, else NULL */
    tirvm_param_kind kind;
    DLDataType dtype;       /* scalar dtype, or the buffer's element dtype (lanes > 1 for
                               vector elements: the tensor then has that dtype) */
    int ndim;               /* buffers: number of dimensions */
    int64_t shape[32];      /* buffers: each extent, or -1 where it is a symbolic variable */
    const char *shape_name[32]; /* buffers: the symbolic variable's name where shape[k] is -1 and
                                   the module records it, else NULL (as tirvm_param_dim_var) */
    int written;            /* buffers: the function may store into it (a read-only tensor is refused) */
} tirvm_param_info;

/* Parameters: -1 for a function that does not exist. */
int tirvm_param_count(const tirvm_module *m, int func);
tirvm_status tirvm_param(const tirvm_module *m, int func, int index, tirvm_param_info *out);
/* The name of the variable dimension `dim` of buffer parameter `param` is
 * (n in T.Buffer((n, 4))), or NULL when the dimension is a constant (or
 * the module does not record the name). */
const char *tirvm_param_dim_var(const tirvm_module *m, int func, int param, int dim);
/* The shape of buffer parameter `param` from the other arguments: each
 * constant extent, and each variable extent from a tensor argument that
 * binds the same variable or the scalar parameter that is that variable.
 * args has one entry per parameter; tensor entries may be NULL (not
 * given: those are the ones to resolve).  Writes ndim extents to shape
 * (room for 32); TIRVM_ERR_USAGE with a message naming the variable when an
 * extent is not determined. */
tirvm_status tirvm_resolve_shape(const tirvm_module *m, int func, const struct tirvm_arg *args, int nargs, int param,
                                 int64_t *shape, char *err, size_t err_len);
/* The function's return type; bits 0 (code kDLOpaqueHandle) when it
 * returns nothing. */
tirvm_status tirvm_function_return_type(const tirvm_module *m, int func, DLDataType *out);
/* The readable bytecode listing of the whole module (malloc'ed; caller frees). */
char *tirvm_disassemble(const tirvm_module *m);

/* A function's return value (through tir.ret). */
typedef struct {
    int has_value;    /* 0 when the function returns nothing */
    DLDataType dtype;
    int64_t i;        /* integer and bool results (a uint64 result as its bits) */
    double f;         /* float results */
} tirvm_value;

/* ---- DLPack --------------------------------------------------------------
 * Tensors are CPU memory (kDLCPU; other devices are refused with a
 * message) that the VM reads and writes in place: no copies.  kDLBool
 * (DLPack 0.8) is TIRVM_KDLBOOL here, since older headers (Debian's 0.6)
 * lack it: bool buffers take kDLBool 8-bit or kDLUInt 1-bit tensors.
 * Headers older than DLPack 1.0 lack DLManagedTensorVersioned: it is
 * declared here with 1.0's layout. */
#define TIRVM_KDLBOOL 6
#define TIRVM_DLPACK_FLAG_READ_ONLY ((uint64_t)1 << 0)
#ifndef DLPACK_MAJOR_VERSION
typedef struct {
    uint32_t major;
    uint32_t minor;
} DLPackVersion;
typedef struct DLManagedTensorVersioned {
    DLPackVersion version;
    void *manager_ctx;
    void (*deleter)(struct DLManagedTensorVersioned *self);
    uint64_t flags;
    DLTensor dl_tensor;
} DLManagedTensorVersioned;
#endif

/* An argument: a DLTensor for a buffer parameter, a number for a scalar
 * (i for TIRVM_ARG_INT, u for TIRVM_ARG_UINT, which reaches all of uint64,
 * f for TIRVM_ARG_FLOAT).  A buffer may also come as a DLManagedTensor
 * (managed) or a DLManagedTensorVersioned (managed_versioned, major
 * version 1; its read-only flag is respected).  The call borrows a managed
 * tensor: its deleter stays the caller's to call, after the call.
 * TIRVM_ARG_TENSOR_READ_ONLY is a plain DLTensor the VM must not write
 * (const in the host), for DLPack < 1.0 producers that cannot flag it.
 * Only the fields of the argument's kind are read.  Passing a
 * read-only tensor for a buffer the function may write (tirvm_param_info's
 * `written`) is a usage error before the call starts. */
typedef enum {
    TIRVM_ARG_TENSOR = 0,
    TIRVM_ARG_INT = 1,
    TIRVM_ARG_FLOAT = 2,
    TIRVM_ARG_UINT = 3,
    TIRVM_ARG_DLMANAGED = 4,           /* managed */
    TIRVM_ARG_DLMANAGED_VERSIONED = 5, /* managed_versioned */
    TIRVM_ARG_TENSOR_READ_ONLY = 6,    /* tensor, read-only */
} tirvm_arg_kind;
typedef struct tirvm_arg {
    tirvm_arg_kind kind;
    DLTensor *tensor;
    int64_t i;
    double f;
    uint64_t u;
    DLManagedTensor *managed;
    DLManagedTensorVersioned *managed_versioned;
} tirvm_arg;

/* Per-call options; zero-initialise and set what you need. */
typedef struct {
    uint64_t max_steps;  /* loop iterations, backward jumps and calls this call may make (the
                            workers of its parallel regions share them), so that a module cannot
                            run forever; 0: the module's limit, else the runtime's, else none */
    uint64_t max_memory; /* bytes the call may make the process hold at once: its frame (registers,
                            buffer table, scratch lanes: tens of KiB), the buffer blocks the frame
                            kept from earlier calls (see below), the frames of calls between
                            PrimFuncs and of parallel workers, its allocations, and caller_bytes;
                            0: as max_steps */
    const int *cancel;   /* NULL, or a flag another thread sets nonzero (with an atomic store:
                            __atomic_store_n(&flag, 1, __ATOMIC_RELAXED), or atomic_int /
                            std::atomic<int> passed by address) to cancel the call */
    uint64_t timeout_ns; /* cancel the call once it has run this long; 0: no timeout */
    uint64_t caller_bytes; /* bytes the caller allocated for this call (outputs it zero-filled on the
                              call's behalf): counted against max_memory from the call's start */
    struct tirvm_profile_entry *profile; /* NULL, or tirvm_function_count(m) entries (zeroed by the
                              caller) to which the call adds, per function, each run of it: the
                              called function and every call between PrimFuncs (a model's kernels) */
} tirvm_call_options;

/* What a profiled call adds to one function's entry.  The calling thread
 * is the thread that called tirvm_call_ex; a parallel loop runs its first
 * chunk there and the others on pool workers.  total_ns and self_ns are
 * wall-clock time on the calling thread only (its wait for the workers
 * counts to the function whose loop it is), so for every function
 * self_ns <= total_ns <= the called function's total_ns (the call's
 * time), and the self_ns of all functions add up to the call's time:
 * shares of it never pass 100%.  What the workers spend is in worker_ns,
 * CPU time apart from that wall-clock time.
 * The entry grew from two fields (calls, ns) to five: source compatible,
 * but a program built against the two-field entry must be rebuilt (the
 * array's stride changed). */
typedef struct tirvm_profile_entry {
    uint64_t calls;     /* runs of the function, on any thread */
    uint64_t ns;        /* every run's time summed, each inclusive of the functions it calls: a
                           recursive function's nested runs add again and runs on the workers add
                           up, so this can exceed the call's time (its meaning before total_ns;
                           kept for existing callers: prefer total_ns) */
    uint64_t total_ns;  /* time the function was on the calling thread's stack, counted once: only
                           its outermost activation adds (as perf's "children") */
    uint64_t self_ns;   /* time on the calling thread in the function's own code: each run's time
                           minus the time of the functions it called (as perf's "self") */
    uint64_t worker_ns; /* CPU time pool workers spent in the function's own code (in a parallel
                           loop's chunks, or in the functions called there, less their callees),
                           summed over the workers */
} tirvm_profile_entry;
/* Exceeding a limit stops the call with TIRVM_ERR_LIMIT; cancellation with
 * TIRVM_ERR_CANCELLED.  Both are checked where the VM draws steps from the
 * call's budget, every few thousand loop iterations, so they cost nothing
 * per element and a call notices them within microseconds to a few
 * milliseconds.  Outputs may then hold partial results.
 * A module keeps the buffer blocks of 64 KB or more that its finished calls
 * freed (up to 8 and 256 MB per concurrent caller) for the next calls,
 * which take back one of the same size zero-filled; a call that allocates a
 * size they do not hold first returns them to the system.  Kept blocks
 * count against the memory limit of the call that takes them over, from
 * its start, as if it had allocated them: when they do not fit its limit,
 * or when an allocation of the call would not fit beside them, they are
 * returned to the system first (and only then is the limit exceeded), so
 * a call never makes the process hold more than its limit.  Between calls
 * the module holds what its last calls kept (at most their limits);
 * tirvm_module_free frees them. */

/* Checks one tensor argument for buffer parameter `param` as a call binds
 * it (dtype, rank, constant extents, strides, offset, read-only against
 * written), with the message a call would give; before any call, e.g. for
 * weights bound once and passed to every call.  Agreement of its shape
 * variables with the other arguments is left to the call.
 * TIRVM_ERR_RUNTIME for a tensor that does not fit, TIRVM_ERR_USAGE for a
 * parameter that is no buffer or a read-only tensor the function writes. */
tirvm_status tirvm_check_arg(const tirvm_module *m, int func, int param, const tirvm_arg *arg, char *err,
                             size_t err_len);

/* Calls function `func` with one argument per parameter, in parameter
 * order.  Buffers are bound and checked as the TIR specification's
 * PrimFunc rules say (dtype, rank, shape, strides, byte_offset, symbolic
 * shape variables).  Outputs are written through the tensors.  opts and
 * result may be NULL.  Thread-safe (see the top of this file). */
tirvm_status tirvm_call_ex(tirvm_module *m, int func, const tirvm_arg *args, int nargs, const tirvm_call_options *opts,
                           tirvm_value *result, char *err, size_t err_len);
/* tirvm_call_ex without options and result. */
tirvm_status tirvm_call(tirvm_module *m, int func, const tirvm_arg *args, int nargs, char *err, size_t err_len);

/* tirvm_call_ex without options. */
tirvm_status tirvm_call_ret(tirvm_module *m, int func, const tirvm_arg *args, int nargs, tirvm_value *result,
                            char *err, size_t err_len);

/* The dtype's TIR name ("float32", "int8x4", "bool") written into buf. */
const char *tirvm_dtype_name(DLDataType t, char *buf, size_t n);

/* ---- Tools (the tirvm command's dis and asm) ---------------------------- */
/* The listing of a module that decodes but may fail verification (the
 * listing trusts nothing in it); malloc'ed, NULL with a message on error. */
char *tirvm_disassemble_bytes(const void *data, size_t len, char *err, size_t err_len);
/* Assembles a listing (the text tirvm_disassemble prints) into module bytes,
 * without verifying them; *out is malloc'ed.  `name` is used in messages
 * (FILE:LINE:COL: error: MESSAGE). */
tirvm_status tirvm_assemble(const char *text, size_t len, const char *name, void **out, size_t *out_len, char *err,
                            size_t err_len);
/* Frees what the library returned with malloc (listings, module bytes). */
void tirvm_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
