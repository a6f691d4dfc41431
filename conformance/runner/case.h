/* Conformance cases: the front-matter block of a case file (a TVMScript
 * `.py` under cases/, or the `.case` sidecar of a `.tirbc` under binary/)
 * parsed into what to pass and what to expect.  conformance/README.md is
 * the format's reference; this parser is its implementation. */
#ifndef CONF_CASE_H
#define CONF_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dtype.h"
#include "values.h"

#define CONF_MAX_DIMS 32
/* Elements one argument may have (or span, for strided views): a bound
 * against a typo allocating gigabytes, far above what a case needs. */
#define CONF_MAX_ELEMS ((uint64_t)1 << 24)

typedef enum { CASE_SOURCE, CASE_BINARY } conf_case_type;
typedef enum { EXPECT_NONE, EXPECT_RETURN, EXPECT_TRAP, EXPECT_INVALID, EXPECT_MALFORMED, EXPECT_VALID } conf_expect;

typedef struct {
    char *name;
    bool is_buffer;
    tir_dtype dtype; /* buffers: the element dtype, lanes included */
    int ndim;
    int64_t shape[CONF_MAX_DIMS];
    bool has_strides;
    int64_t strides[CONF_MAX_DIMS]; /* in elements, as DLPack counts them */
    uint64_t byte_offset;
    uint64_t count;  /* buffers: the number of elements (product of shape) */
    cval *values;    /* buffers: count * lanes values in C order, NULL = zeros; scalars: one */
    size_t nvalues;
} conf_arg;

typedef struct {
    char *name;  /* the argument checked, or "ret" for the return value */
    int arg;     /* its index in args, -1 for the return value */
    cval *values;
    size_t nvalues;
    conf_tol tol;
} conf_check;

typedef struct {
    conf_case_type type;
    char *path;    /* the case file (for binary cases: the .tirbc) as opened */
    char *relpath; /* the same, relative to the corpus directory */
    char *id, *section;
    char *spec, *description, *guillemets, *entry;
    char **features;
    size_t nfeatures;
    int threads; /* 0: the runner's default */
    conf_expect expect;
    char *expect_class; /* trap, invalid and malformed classes */
    conf_arg *args;
    size_t nargs;
    conf_check *checks;
    size_t nchecks;
    char *error; /* set when the case file itself is wrong: a corpus error */
} conf_case;

typedef struct {
    char **tags;
    size_t n;
} conf_features;

/* Reads features.txt: one tag per line, then its description. */
int conf_features_load(const char *path, conf_features *ft, char *err, size_t err_len);
bool conf_features_has(const conf_features *ft, const char *tag);
void conf_features_free(conf_features *ft);

/* Parses the front matter of `text` into c, whose type, path, relpath and
 * section are already set.  npy: paths are resolved against the directory
 * of `path`.  Problems are reported in c->error, never fatal. */
void conf_case_parse(conf_case *c, const char *text, size_t len, const conf_features *ft);
void conf_case_free(conf_case *c);

const char *conf_expect_name(conf_expect e);

/* A type-error case of a «guillemet» rule (one TVM does not follow, such as
 * equal index bit widths) compiles with --strict: by default the compiler
 * accepts what TVM accepts (spec-readings 12). */
static inline bool conf_case_strict(const conf_case *c)
{
    return c->guillemets && c->expect == EXPECT_INVALID;
}

#endif
