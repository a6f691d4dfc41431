/* The compiler as a library: TVMScript source text in, bytecode module out.
 * Nothing here prints or exits; diagnostics come back as text. */
#ifndef TIR_COMPILE_H
#define TIR_COMPILE_H

#include <stdbool.h>
#include <stddef.h>

#include "module.h"
#include "tir_ast.h"

typedef struct {
    bool check_only; /* compile as far as writing, keep nothing */
    bool strict;     /* refuse what TVM accepts but the spec's «guillemet» rules do not: mixed index
                        bit widths, vector lane counts other than 4, 8, 16, 32, 64, strides
                        that are not variables */
    int tvm_minor;   /* read TVMScript as TVM 0.<tvm_minor> prints it (18..27); 0: guess from the file */
    bool emit_tir;   /* stop after the middle end: the result is its TIR as text, no module */
    uint32_t skip_passes; /* middle-end passes not to run (tir_pass_bit) */
    const tir_named_tensor *params; /* a model's detached weights, bound into the module */
    uint32_t nparams;
} tir_compile_options;

/* The class of the first error, for tools that sort failures (the
 * conformance runner): which part of the compiler rejected the program. */
typedef enum {
    TIR_ERR_NONE = 0,
    TIR_ERR_SYNTAX,      /* not valid Python syntax (lexer, parser) */
    TIR_ERR_SCRIPT,      /* valid Python, but not a TIR program (names, calls, TVMScript forms) */
    TIR_ERR_TYPE,        /* a typing, scoping or SSA rule of the specification */
    TIR_ERR_UNSUPPORTED, /* outside what tirc supports (the message starts with "unsupported") */
    TIR_ERR_OUT_OF_MEMORY, /* an allocation failed; nothing was compiled */
    TIR_ERR_INTERNAL,    /* the compiled bytecode does not verify: a compiler bug */
} tir_error_class;

typedef struct {
    tirbc_module *module; /* NULL on error or with check_only */
    char *tir_text;       /* with emit_tir: the TIR after the middle end (malloc'ed) */
    char *diagnostics;    /* malloc'ed text of every error (NULL if none) */
    int nerrors;
    tir_error_class error_class;
} tir_compile_result;

const char *tir_error_class_name(tir_error_class c);

/* `file` is the name used in messages and recorded in the module.
 * Returns true on success.  Safe to call from several threads at once. */
bool tir_compile(const char *file, const char *src, size_t len, const tir_compile_options *opts,
                 tir_compile_result *out);

#endif
