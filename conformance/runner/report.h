/* What a run reports: the per-section table (text or Markdown), the
 * failures, TAP lines, and the JSON file. */
#ifndef CONF_REPORT_H
#define CONF_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "case.h"
#include "expect.h"
#include "run.h"

typedef enum {
    ST_PASS,  /* passed */
    ST_FAIL,  /* failed, not (or differently) listed in expectations.txt */
    ST_XFAIL, /* failed as expectations.txt says */
} conf_status;

typedef struct {
    conf_case *c;
    conf_result r;
    conf_status status;
    const conf_xfail *x; /* its expectations.txt line, if any */
    bool done;
} conf_entry;

typedef struct {
    const char *corpus;
    const char *impl;         /* NULL: the linked compiler and VM */
    const char *expectations; /* NULL: none */
    const conf_expectations *xf;
    const char *const *stale; /* expectation ids with no case */
    size_t nstale;
} conf_run_info;

/* The table, failures, notes and the final "N passed, N failed" line;
 * every line starts with prefix ("# " inside TAP). */
void conf_report_text(FILE *f, const conf_entry *e, size_t n, const conf_run_info *info, const char *prefix);
void conf_report_markdown(FILE *f, const conf_entry *e, size_t n);
int conf_report_json(const char *path, const conf_entry *e, size_t n, const conf_run_info *info, char *err,
                     size_t err_len);
/* One TAP test line (with diagnostics) for entry number num (1-based). */
void conf_report_tap(FILE *f, size_t num, const conf_entry *e);

#endif
