/* Reading inputs and writing outputs for tirc and tirvm. */
#ifndef TIR_CLI_FILES_H
#define TIR_CLI_FILES_H

#include <stddef.h>
#include <stdio.h>

/* The whole stream, NUL-terminated (malloc'ed; NULL on error). */
char *cli_read_all(FILE *f, size_t *len);
/* The whole file at path ("-": standard input), NUL-terminated (malloc'ed);
 * NULL after reporting "PROG: cannot read PATH..." on stderr. */
char *cli_read_input(const char *prog, const char *path, size_t *len);
/* Writes data to path through a temporary file and a rename, so an error
 * never leaves a partial output behind; reports errors as "PROG: ...". */
int cli_write_atomically(const char *prog, const char *path, const void *data, size_t len);
/* SRC with its extension replaced by EXT (".tirbc"); malloc'ed. */
char *cli_default_output(const char *src, const char *ext);

#endif
