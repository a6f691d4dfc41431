/* tirvm: load verified .tirbc modules and call their functions on DLPack
 * tensors.  The library never prints and never exits: every function that
 * can fail returns a status and writes a message into the caller's buffer.
 * Messages quote names and strings from the module as the module holds
 * them; a caller that shows them on a terminal should escape control
 * characters (the tirvm command does). */
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
} tirvm_status;

typedef struct tirvm_module tirvm_module;

/* Loads and verifies a module from memory (the bytes are copied) or a file. */
tirvm_status tirvm_module_load(const void *data, size_t len, tirvm_module **out, char *err, size_t err_len);
tirvm_status tirvm_module_load_file(const char *path, tirvm_module **out, char *err, size_t err_len);
void tirvm_module_free(tirvm_module *m);

/* Worker threads for parallel loops and thread_extent regions (1 runs
 * everything on the calling thread).  The default is the environment
 * variable TIRVM_NUM_THREADS when it is a count from 1 to
 * TIRVM_MAX_THREADS, else the number of CPUs available (the library cannot
 * report a bad value; the tirvm command refuses one).  The threads are
 * created at the first parallel region and reused. */
#define TIRVM_MAX_THREADS 1024
tirvm_status tirvm_module_set_threads(tirvm_module *m, int threads);
int tirvm_module_threads(const tirvm_module *m);

/* Limits for running untrusted modules; 0 means no limit (the default).
 * max_steps bounds the loop iterations, backward jumps and calls one call
 * makes (each worker of a parallel region counts its own), so a module
 * cannot run forever; max_memory bounds the bytes its allocations hold at
 * once.  Exceeding either is a runtime error. */
tirvm_status tirvm_module_set_limits(tirvm_module *m, uint64_t max_steps, uint64_t max_memory);

/* Functions and their parameters. */
int tirvm_function_count(const tirvm_module *m);
const char *tirvm_function_name(const tirvm_module *m, int func);
/* Index of a function by name, or -1. */
int tirvm_find_function(const tirvm_module *m, const char *name);

typedef enum { TIRVM_PARAM_SCALAR = 0, TIRVM_PARAM_BUFFER = 1 } tirvm_param_kind;

typedef struct {
    const char *name;       /* the name in the PrimFunc signature */
    const char *alias;      /* the bound buffer's name when it differs, else NULL */
    tirvm_param_kind kind;
    DLDataType dtype;       /* scalar dtype, or the buffer's element dtype (lanes > 1 for
                               vector elements: the tensor then has that dtype) */
    int ndim;               /* buffers: number of dimensions */
    int64_t shape[32];      /* buffers: each extent, or -1 where it is a symbolic variable */
    const char *shape_name[32]; /* buffers: the symbolic variable's name where shape[k] is -1 and
                                   the module records it, else NULL */
} tirvm_param_info;

int tirvm_param_count(const tirvm_module *m, int func);
tirvm_status tirvm_param(const tirvm_module *m, int func, int index, tirvm_param_info *out);
/* The function's return type; bits 0 (code kDLOpaqueHandle) when it
 * returns nothing. */
tirvm_status tirvm_function_return_type(const tirvm_module *m, int func, DLDataType *out);
/* The readable bytecode listing of the whole module (malloc'ed; caller frees). */
char *tirvm_disassemble(const tirvm_module *m);

/* An argument: a DLTensor for a buffer parameter, a number for a scalar
 * (i for TIRVM_ARG_INT, u for TIRVM_ARG_UINT, which reaches all of uint64,
 * f for TIRVM_ARG_FLOAT). */
typedef enum { TIRVM_ARG_TENSOR = 0, TIRVM_ARG_INT = 1, TIRVM_ARG_FLOAT = 2, TIRVM_ARG_UINT = 3 } tirvm_arg_kind;
typedef struct {
    tirvm_arg_kind kind;
    DLTensor *tensor;
    int64_t i;
    double f;
    uint64_t u;
} tirvm_arg;

/* Calls function `func` with one argument per parameter, in parameter
 * order.  Buffers are bound and checked as the TIR specification's
 * PrimFunc rules say (dtype, rank, shape, strides, byte_offset, symbolic
 * shape variables).  Outputs are written through the tensors. */
tirvm_status tirvm_call(tirvm_module *m, int func, const tirvm_arg *args, int nargs, char *err, size_t err_len);

/* A function's return value (through tir.ret). */
typedef struct {
    int has_value;    /* 0 when the function returns nothing */
    DLDataType dtype;
    int64_t i;        /* integer and bool results (a uint64 result as its bits) */
    double f;         /* float results */
} tirvm_value;

/* As tirvm_call, and stores the function's return value in *result. */
tirvm_status tirvm_call_ret(tirvm_module *m, int func, const tirvm_arg *args, int nargs, tirvm_value *result,
                            char *err, size_t err_len);

const char *tirvm_version(void);

#ifdef __cplusplus
}
#endif

#endif
