/* Small helpers shared by the conformance runner: growable strings, files,
 * paths, JSON strings.  Allocation failure ends the runner (exit status 2):
 * it has nothing sensible to report without memory. */
#ifndef CONF_UTIL_H
#define CONF_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *s; /* always NUL-terminated once anything was added */
    size_t len, cap;
} sbuf;

void sb_add(sbuf *b, const char *s, size_t n);
void sb_puts(sbuf *b, const char *s);
void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_free(sbuf *b);
/* s as a JSON string literal, quotes included. */
void sb_json_string(sbuf *b, const char *s);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Grows *p (an array of *cap elements of `size` bytes) to hold `need`. */
void xgrow(void *p, size_t *cap, size_t need, size_t size);

/* The whole file, NUL-terminated (embedded NULs are kept; *len is exact).
 * NULL with a message on error. */
char *conf_read_file(const char *path, size_t *len, char *err, size_t err_len);
/* Writes through a temporary file and a rename. */
int conf_write_file(const char *path, const char *data, size_t len, char *err, size_t err_len);
char *conf_path_join(const char *dir, const char *name);
/* The directory part of a path ("." if none), malloc'ed. */
char *conf_dirname(const char *path);
bool conf_is_dir(const char *path);
bool conf_is_file(const char *path);
/* Removes a directory tree; best effort. */
void conf_remove_tree(const char *path);

/* Copies src into dst of size n, truncating at n-1 bytes. */
void conf_copy(char *dst, size_t n, const char *src);
/* The first line of s (at most n-1 bytes) into dst. */
void conf_first_line(char *dst, size_t n, const char *s);
/* Strips leading and trailing blanks in place; returns s advanced. */
char *conf_trim(char *s);

#endif
