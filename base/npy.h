/* NumPy .npy files (format versions 1.0, 2.0 and 3.0; C order;
 * little-endian or byte-order-free dtypes).  Used by tirvm run for buffer
 * arguments and outputs, by the conformance runner for a case's data, and
 * by the tests. */
#ifndef TIR_NPY_H
#define TIR_NPY_H

#include <stddef.h>
#include <stdint.h>

#include "dtype.h"

#define NPY_MAX_DIMS 32

typedef struct {
    tir_dtype dtype;        /* element dtype, lanes 1 (bool is uint1) */
    int ndim;
    int64_t shape[NPY_MAX_DIMS];
    void *data;             /* malloc'ed, 64-byte aligned, C order; NULL if 0 elements */
    size_t nbytes;
} npy_array;

/* Reads `path`.  Returns 0, or -1 with a message in err that names the file
 * and says what is wrong (Fortran order, big-endian, unsupported dtype,
 * truncated data, bad header, ...). */
int npy_read(const char *path, npy_array *out, char *err, size_t err_len);
/* The same for a .npy held in memory (len bytes at buf); name is for messages. */
int npy_read_mem(const void *buf, size_t len, const char *name, npy_array *out, char *err, size_t err_len);
/* The same, refusing (before allocating) array data over max_data bytes. */
int npy_read_mem_limit(const void *buf, size_t len, const char *name, size_t max_data, npy_array *out, char *err,
                       size_t err_len);
/* Writes the array as a version 1.0 file (2.0 if the header needs it),
 * atomically: a temporary file in the same directory is renamed over path,
 * so an error never leaves a partial file.  Path "-" writes standard output
 * (and never creates a file named "-"). */
int npy_write(const char *path, const npy_array *arr, char *err, size_t err_len);
void npy_free(npy_array *arr);

#endif
