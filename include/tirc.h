/* tirc: the TIR compiler as a library.  TVMScript (as TVM prints it or as
 * users write it) or TVM's JSON serialization (tvm.ir.save_json) in;
 * .tirbc module bytes, or a module loaded into a tirvm runtime, and the
 * diagnostics out.  Link with `pkg-config --cflags --libs tirc`.
 *
 * Like tirvm, the library never prints and never exits.  Compiles are
 * independent: any number of threads may compile at once. */
#ifndef TIRC_H
#define TIRC_H

#include <stddef.h>

#include "tirvm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    TIRC_OK = 0,
    TIRC_ERR_SYNTAX = 1,      /* not valid Python syntax (or malformed JSON) */
    TIRC_ERR_SCRIPT = 2,      /* valid Python, but not a TIR program (names, calls, TVMScript forms) */
    TIRC_ERR_TYPE = 3,        /* a typing, scoping or SSA rule of the TIR specification */
    TIRC_ERR_UNSUPPORTED = 4, /* outside what tirc supports */
    TIRC_ERR_VERIFY = 5,      /* the bytecode failed to serialize, load or verify (a compiler bug) */
    TIRC_ERR_USAGE = 6,       /* bad arguments, an unreadable file */
    TIRC_ERR_NOMEM = 7,       /* out of memory */
} tirc_status;

/* "ok", "syntax error", "script error", "type error", "unsupported",
 * "verify error", "usage error", "out of memory". */
const char *tirc_status_name(tirc_status st);

typedef struct {
    int check_only; /* compile as far as writing (every error a compile finds), but no bytes, no module */
    int strict;     /* refuse what TVM accepts but the spec's rules do not (mixed index bit
                       widths, vector lane counts other than 4, 8, 16, 32, 64, strides that
                       are not variables), as tirc --strict */
    int emit_asm;   /* tirc_compile: the readable listing (text, NUL-terminated) instead of bytes */
    int tvm_minor;  /* read TVMScript as TVM 0.<tvm_minor> prints it (18 to 27), as tirc --tvm-version;
                       0: tell the release from the file */
    int emit_tir;   /* tirc_compile: the TIR after the middle end (text, NUL-terminated) instead of bytes */
    const char *passes; /* middle-end passes to skip, as tirc --passes=: "-name,-name" (NULL: run all) */
    /* A model's detached weights (the parameters of its Relax main after
     * num_input), bound into the module as its weight section, as
     * tirc --params FILE.npz: tensor i is named params_names[i], either p_K
     * (the K-th weight, as TVM's tutorial saves them) or the parameter's own
     * name.  Each must be a compact CPU tensor of the parameter's dtype and
     * shape; every weight is bound, or none (they stay parameters). */
    const DLTensor *params;
    const char *const *param_names;
    int nparams;
} tirc_options;

/* The middle end's passes, in the order they run: how many, and pass i's
 * name and what it does (NULL for i out of range). */
int tirc_pass_count(void);
const char *tirc_pass_name(int i);
const char *tirc_pass_synopsis(int i);

/* Compiles `len` bytes of source.  `name` is the file name used in
 * messages and recorded in the module (a name ending in .json, or text
 * starting with '{', is TVM JSON).  opts may be NULL.  On success *out
 * (malloc'ed; free with tirvm_free) holds the module's bytes, or with
 * emit_asm its listing.  *diagnostics, when diagnostics is not NULL, gets
 * every error and warning as FILE:LINE:COL: error: MESSAGE lines
 * (malloc'ed, NULL when there are none; free with tirvm_free), also on
 * success (warnings). */
tirc_status tirc_compile(const char *name, const char *src, size_t len, const tirc_options *opts, void **out,
                         size_t *out_len, char **diagnostics);
/* The same for the file at path. */
tirc_status tirc_compile_file(const char *path, const tirc_options *opts, void **out, size_t *out_len,
                              char **diagnostics);
/* Compiles and loads the module into runtime rt (NULL: a runtime of its
 * own), ready to call. */
tirc_status tirc_compile_load(tirvm_runtime *rt, const char *name, const char *src, size_t len,
                              const tirc_options *opts, tirvm_module **out, char **diagnostics);

const char *tirc_version(void);

#ifdef __cplusplus
}
#endif

#endif
