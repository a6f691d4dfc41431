#include "expect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char header[] =
    "# Expected failures of the conformance corpus: the cases our compiler and VM\n"
    "# do not pass yet (gap) or on purpose (deviation).  One line per case:\n"
    "#\n"
    "#   ID  CLASS  KIND  REASON\n"
    "#\n"
    "# ID     the case id (conformance/README.md)\n"
    "# CLASS  the failure class tir-conformance reports for it (wrong_value,\n"
    "#        rejected:unsupported, trap:out_of_bounds, ...); '*' accepts any\n"
    "# KIND   gap (a bug or missing feature to fix) or deviation (deliberate)\n"
    "# REASON free text to the end of the line\n"
    "#\n"
    "# tir-conformance reports a listed case that fails with its CLASS as an\n"
    "# expected failure, and a listed case that passes as newly passing.\n"
    "# `tir-conformance --update` rewrites this file from a run, keeping the\n"
    "# kind and reason of the lines that stay.\n";

int conf_expect_load(const char *path, conf_expectations *x, char *err, size_t err_len)
{
    memset(x, 0, sizeof *x);
    if (!conf_is_file(path))
        return 0;
    size_t len;
    char *text = conf_read_file(path, &len, err, err_len);
    if (!text)
        return -1;
    int lineno = 0;
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        char *s = conf_trim(line);
        if (!*s || *s == '#')
            continue;
        char *field[3];
        for (int f = 0; f < 3; f++) {
            size_t n = strcspn(s, " \t");
            if (!n) {
                snprintf(err, err_len, "%s:%d: expected 'ID CLASS KIND REASON'", path, lineno);
                goto fail;
            }
            field[f] = s;
            s += n;
            if (*s)
                *s++ = 0;
            s += strspn(s, " \t");
        }
        if (strcmp(field[2], "gap") != 0 && strcmp(field[2], "deviation") != 0) {
            snprintf(err, err_len, "%s:%d: KIND is 'gap' or 'deviation', got '%s'", path, lineno, field[2]);
            goto fail;
        }
        if (!*s) {
            snprintf(err, err_len, "%s:%d: give a REASON after the kind", path, lineno);
            goto fail;
        }
        if (conf_expect_find(x, field[0])) {
            snprintf(err, err_len, "%s:%d: '%s' is listed twice", path, lineno, field[0]);
            goto fail;
        }
        conf_expect_add(x, field[0], field[1], field[2], s);
        x->v[x->n - 1].line = lineno;
    }
    free(text);
    return 0;
fail:
    free(text);
    conf_expect_free(x);
    return -1;
}

const conf_xfail *conf_expect_find(const conf_expectations *x, const char *id)
{
    for (size_t i = 0; i < x->n; i++)
        if (strcmp(x->v[i].id, id) == 0)
            return &x->v[i];
    return NULL;
}

void conf_expect_add(conf_expectations *x, const char *id, const char *cls, const char *kind, const char *reason)
{
    xgrow(&x->v, &x->cap, x->n + 1, sizeof *x->v);
    conf_xfail *e = &x->v[x->n++];
    e->id = xstrdup(id);
    e->cls = xstrdup(cls);
    e->kind = xstrdup(kind);
    e->reason = xstrdup(reason);
    e->line = 0;
}

static int by_id(const void *a, const void *b)
{
    return strcmp(((const conf_xfail *)a)->id, ((const conf_xfail *)b)->id);
}

int conf_expect_save(const char *path, conf_expectations *x, char *err, size_t err_len)
{
    if (x->n)
        qsort(x->v, x->n, sizeof *x->v, by_id);
    int wid = 0, wcls = 0;
    for (size_t i = 0; i < x->n; i++) {
        int a = (int)strlen(x->v[i].id), b = (int)strlen(x->v[i].cls);
        wid = a > wid ? a : wid;
        wcls = b > wcls ? b : wcls;
    }
    sbuf b = {0};
    sb_puts(&b, header);
    if (x->n)
        sb_puts(&b, "\n");
    for (size_t i = 0; i < x->n; i++)
        sb_printf(&b, "%-*s  %-*s  %-9s  %s\n", wid, x->v[i].id, wcls, x->v[i].cls, x->v[i].kind, x->v[i].reason);
    int rc = conf_write_file(path, b.s, b.len, err, err_len);
    sb_free(&b);
    return rc;
}

void conf_expect_free(conf_expectations *x)
{
    for (size_t i = 0; i < x->n; i++) {
        free(x->v[i].id);
        free(x->v[i].cls);
        free(x->v[i].kind);
        free(x->v[i].reason);
    }
    free(x->v);
    memset(x, 0, sizeof *x);
}
