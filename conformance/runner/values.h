/* Values in case files: literals, value lists, .npy data; storing them into
 * buffer elements of any TIR scalar dtype, reading elements back, and the
 * comparisons assert_return allows (exact, bits, rtol/atol, ulps). */
#ifndef CONF_VALUES_H
#define CONF_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dtype.h"

/* A literal as written: integers stay exact over the whole int64 and
 * uint64 range; everything else is a double. */
typedef enum { CV_INT, CV_UINT, CV_FLOAT } cval_kind;
typedef struct {
    uint8_t kind;
    union {
        int64_t i;  /* CV_INT (true/false are 1/0) */
        uint64_t u; /* CV_UINT: only for values above INT64_MAX */
        double f;   /* CV_FLOAT */
    };
} cval;

/* How assert_return compares floats; integers are always exact unless atol
 * is given. */
typedef struct {
    bool has_rtol, has_atol, has_ulps;
    double rtol, atol;
    uint64_t ulps;
    bool bits; /* -0.0 differs from 0.0 */
} conf_tol;

/* Parses one literal at *p (true, false, nan, inf, -inf, integers in
 * decimal or 0x hex, floats) and advances *p.  Returns false if there is
 * none or it is out of range. */
bool cv_parse(const char **p, cval *out);
/* Parses "[v, v, [v, v], ...]" at *p (nesting is flattened in C order).
 * *out is malloc'ed. */
bool cv_parse_list(const char **p, cval **out, size_t *n, char *err, size_t err_len);
/* Reads every element of a .npy file (any dtype npy.h reads) in C order;
 * *shape_out receives the array's shape. */
bool cv_read_npy(const char *path, cval **out, size_t *n, int *ndim, int64_t *shape, char *err, size_t err_len);

/* Writes v into one element of scalar dtype dt (lanes ignored); integers
 * must fit the dtype, floats are rounded to it (to nearest even). */
bool cv_store(tir_dtype dt, void *dst, cval v, char *err, size_t err_len);
/* Reads one element of scalar dtype dt. */
cval cv_load(tir_dtype dt, const void *src);
/* Size in bytes of one lane of dt. */
size_t cv_lane_size(tir_dtype dt);
bool cv_dtype_supported(tir_dtype dt);

/* Compares one element against the expected literal; on mismatch writes
 * "got X, want Y" into why. */
bool cv_check(tir_dtype dt, const void *got, cval want, const conf_tol *tol, char *why, size_t why_len);
/* The literal as text that cv_parse reads back to the same value. */
void cv_format(cval v, char *buf, size_t n);
/* One element of dt, formatted the same way. */
void cv_format_elem(tir_dtype dt, const void *src, char *buf, size_t n);

#endif
