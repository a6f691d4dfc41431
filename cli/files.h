/* Reading inputs and writing outputs for tirc and tirvm. */
#ifndef TIR_CLI_FILES_H
#define TIR_CLI_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes s to f with every control character (below 0x20, 0x7f, and the
 * C1 range U+0080-U+009F) and every byte that is not part of valid UTF-8
 * escaped as \n, \t, \r or \xNN, so that text from an untrusted module
 * never reaches a terminal raw.  With `quoted`, '"' and '\' are escaped too
 * (the form `tirvm dis` uses inside quotes). */
void cli_put_escaped(FILE *f, const char *s, bool quoted);
/* A name from a module as `tirvm dis` shows it: bare when it is an
 * identifier, else in double quotes with escapes. */
void cli_put_name(FILE *f, const char *name);
/* "PROG: KIND: MESSAGE" on stderr (KIND "error" or "note"), MESSAGE escaped
 * as by cli_put_escaped: one line, whatever the names in it hold. */
void cli_message(const char *prog, const char *kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The whole stream, NUL-terminated (malloc'ed; NULL on error). */
char *cli_read_all(FILE *f, size_t *len);
/* The whole file at path ("-": standard input), NUL-terminated (malloc'ed);
 * NULL after reporting "PROG: error: cannot read PATH..." on stderr. */
char *cli_read_input(const char *prog, const char *path, size_t *len);
/* Writes data to path through a temporary file and a rename, so an error
 * never leaves a partial output behind; path "-" writes standard output.
 * Reports errors as "PROG: error: ...". */
int cli_write_atomically(const char *prog, const char *path, const void *data, size_t len);
/* Whether an output could be written at path before the work that makes it
 * is done: "-" always; an existing device or pipe that is writable; else
 * the directory that will hold the temporary file and the rename exists
 * and is writable (path itself is neither created nor touched).  Returns 0,
 * or -1 with "cannot write PATH: WHY" in err. */
int cli_check_writable(const char *path, char *err, size_t err_len);
/* SRC with its extension replaced by EXT (".tirbc"); malloc'ed. */
char *cli_default_output(const char *src, const char *ext);

#endif
