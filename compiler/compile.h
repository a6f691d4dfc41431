/* The compiler as a library: TVMScript source text in, bytecode module out.
 * Nothing here prints or exits; diagnostics come back as text. */
#ifndef TIR_COMPILE_H
#define TIR_COMPILE_H

#include <stdbool.h>
#include <stddef.h>

#include "module.h"

typedef struct {
    bool check_only; /* parse and type-check only */
} tir_compile_options;

typedef struct {
    tirbc_module *module; /* NULL on error or with check_only */
    char *diagnostics;    /* malloc'ed text of every error (NULL if none) */
    int nerrors;
} tir_compile_result;

/* `file` is the name used in messages and recorded in the module.
 * Returns true on success. */
bool tir_compile(const char *file, const char *src, size_t len, const tir_compile_options *opts,
                 tir_compile_result *out);

#endif
