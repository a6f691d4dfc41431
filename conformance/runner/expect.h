/* expectations.txt: the cases known to fail, one per line,
 *   ID  CLASS  KIND  REASON
 * KIND is "gap" (to fix) or "deviation" (deliberate); CLASS is the failure
 * class the run reports ("*" accepts any).  '#' starts a comment line. */
#ifndef CONF_EXPECT_H
#define CONF_EXPECT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *id, *cls, *kind, *reason;
    int line;
} conf_xfail;

typedef struct {
    conf_xfail *v;
    size_t n, cap;
} conf_expectations;

/* A missing file is an empty list; a malformed line is an error. */
int conf_expect_load(const char *path, conf_expectations *x, char *err, size_t err_len);
const conf_xfail *conf_expect_find(const conf_expectations *x, const char *id);
/* Adds a line (the strings are copied). */
void conf_expect_add(conf_expectations *x, const char *id, const char *cls, const char *kind, const char *reason);
/* Writes the header comment and the lines sorted by id. */
int conf_expect_save(const char *path, conf_expectations *x, char *err, size_t err_len);
void conf_expect_free(conf_expectations *x);

#endif
