/* Compile diagnostics in the gcc/clang form:
 *   FILE:LINE:COL: error: MESSAGE
 *       the source line
 *       ^
 * or, for constructs read from TVM JSON, FILE: node N: error: MESSAGE;
 * likewise "warning:" and "note:" for what does not stop the compile.
 * They are collected as text; the program that drives the compiler prints them. */
#ifndef TIR_DIAG_H
#define TIR_DIAG_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t line, col; /* 1-based; 0 means unknown */
    uint32_t node;      /* TVM JSON input: node index + 1 (0: none), used when line is unknown */
} tir_loc;

/* What kind of failure an error is: the program is wrong, or it is valid
 * TIR that tirc does not (yet) support. */
typedef enum { TIR_DIAG_NONE, TIR_DIAG_ERROR, TIR_DIAG_UNSUPPORTED } tir_diag_class;

typedef struct {
    const char *file; /* name shown in messages */
    const char *src;  /* the whole source text (for the caret line) */
    size_t src_len;
    int nerrors;
    int nwarnings;
    char *text; /* collected messages, NUL-terminated (malloc'ed) */
    size_t len, cap;
    tir_diag_class first_class; /* the class of the first error */
} tir_diag;

void tir_diag_init(tir_diag *d, const char *file, const char *src, size_t src_len);
void tir_diag_free(tir_diag *d);
void tir_diag_error(tir_diag *d, tir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An error of the class TIR_DIAG_UNSUPPORTED, shown as "error: unsupported: MESSAGE". */
void tir_diag_unsupported(tir_diag *d, tir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An error of class cls with the message as given. */
void tir_diag_class_error(tir_diag *d, tir_diag_class cls, tir_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A warning ("FILE:LINE:COL: warning: ...") and a note do not fail the compile. */
void tir_diag_warning(tir_diag *d, tir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void tir_diag_note(tir_diag *d, tir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Limit on errors reported before the compiler gives up. */
#define TIR_DIAG_MAX_ERRORS 20

#endif
