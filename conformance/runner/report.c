#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MESSAGE_LINES 3
#define MESSAGE_WIDTH 200

typedef struct {
    const char *name;
    size_t pass, fail, xfail, total; /* fail counts every failure, xfail the expected ones among them */
} sec_stat;

static int by_name(const void *a, const void *b)
{
    return strcmp(((const sec_stat *)a)->name, ((const sec_stat *)b)->name);
}

/* Per-section counts, sorted by section; the last element is the total. */
static sec_stat *sections(const conf_entry *e, size_t n, size_t *nsec)
{
    sec_stat *s = NULL;
    size_t ns = 0, cap = 0;
    for (size_t i = 0; i < n; i++) {
        size_t k;
        for (k = 0; k < ns; k++)
            if (strcmp(s[k].name, e[i].c->section) == 0)
                break;
        if (k == ns) {
            xgrow(&s, &cap, ns + 1, sizeof *s);
            s[ns++] = (sec_stat){e[i].c->section, 0, 0, 0, 0};
        }
        s[k].total++;
        if (e[i].status == ST_PASS)
            s[k].pass++;
        else
            s[k].fail++;
        if (e[i].status == ST_XFAIL)
            s[k].xfail++;
    }
    if (ns)
        qsort(s, ns, sizeof *s, by_name);
    xgrow(&s, &cap, ns + 1, sizeof *s);
    sec_stat all = {"all", 0, 0, 0, 0};
    for (size_t k = 0; k < ns; k++) {
        all.pass += s[k].pass;
        all.fail += s[k].fail;
        all.xfail += s[k].xfail;
        all.total += s[k].total;
    }
    s[ns] = all;
    *nsec = ns;
    return s;
}

static void percent(char *buf, size_t n, size_t pass, size_t total)
{
    if (!total)
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%.1f%%", 100.0 * (double)pass / (double)total);
}

/* The first lines of a message, indented. */
static void message_lines(FILE *f, const char *prefix, const char *indent, const char *msg, int max_lines)
{
    const char *s = msg;
    for (int i = 0; i < max_lines && s && *s; i++) {
        size_t l = strcspn(s, "\n");
        fprintf(f, "%s%s%.*s%s\n", prefix, indent, (int)(l > MESSAGE_WIDTH ? MESSAGE_WIDTH : l), s,
                l > MESSAGE_WIDTH ? "..." : "");
        s = s[l] ? s + l + 1 : NULL;
    }
}

void conf_report_text(FILE *f, const conf_entry *e, size_t n, const conf_run_info *info, const char *prefix)
{
    size_t ns;
    sec_stat *s = sections(e, n, &ns);
    int w = 7;
    for (size_t k = 0; k < ns; k++)
        w = (int)strlen(s[k].name) > w ? (int)strlen(s[k].name) : w;
    char pc[16];
    fprintf(f, "%s%-*s  %7s  %7s  %9s  %7s  %11s\n", prefix, w, "section", "passed", "failed", "expected", "total",
            "conformance");
    for (size_t k = 0; k <= ns; k++) {
        if (k == ns)
            fprintf(f, "%s%.*s\n", prefix, w + 55, "----------------------------------------------------------------"
                                                   "----------------------------------------------------------------");
        percent(pc, sizeof pc, s[k].pass, s[k].total);
        fprintf(f, "%s%-*s  %7zu  %7zu  %9zu  %7zu  %11s\n", prefix, w, s[k].name, s[k].pass, s[k].fail, s[k].xfail,
                s[k].total, pc);
    }
    sec_stat all = s[ns];
    free(s);
    fprintf(f, "%s\n", prefix);
    percent(pc, sizeof pc, all.pass, all.total);
    fprintf(f, "%sconformance: %s (%zu of %zu cases pass; implementation: %s)\n", prefix, pc, all.pass, all.total,
            info->impl ? info->impl : "tirc + tirvm, linked");

    size_t nfail = 0, nx = 0, nnew = 0, nunchecked = 0;
    for (size_t i = 0; i < n; i++) {
        nfail += e[i].status == ST_FAIL;
        nx += e[i].status == ST_XFAIL;
        nnew += e[i].status == ST_PASS && e[i].x;
        nunchecked += e[i].status == ST_PASS && strstr(e[i].r.msg, "class not checked") != NULL;
    }
    if (nfail) {
        fprintf(f, "%s\n%sfailures (%zu):\n", prefix, prefix, nfail);
        for (size_t i = 0; i < n; i++) {
            if (e[i].status != ST_FAIL)
                continue;
            fprintf(f, "%s  %s  [%s]  %s\n", prefix, e[i].c->id, e[i].r.cls, e[i].c->relpath);
            if (e[i].x)
                fprintf(f, "%s      (expectations.txt lists it as failing with %s)\n", prefix, e[i].x->cls);
            message_lines(f, prefix, "      ", e[i].r.msg, MESSAGE_LINES);
        }
    }
    if (nx) {
        fprintf(f, "%s\n%sexpected failures (%zu, listed in %s):\n", prefix, prefix, nx,
                info->expectations ? info->expectations : "expectations.txt");
        for (size_t i = 0; i < n; i++)
            if (e[i].status == ST_XFAIL)
                fprintf(f, "%s  %s  [%s]  %s: %s\n", prefix, e[i].c->id, e[i].r.cls, e[i].x->kind, e[i].x->reason);
    }
    if (nnew) {
        fprintf(f, "%s\n%snewly passing (%zu): listed in expectations.txt but passing; run with --update to drop them\n",
                prefix, prefix, nnew);
        for (size_t i = 0; i < n; i++)
            if (e[i].status == ST_PASS && e[i].x)
                fprintf(f, "%s  %s\n", prefix, e[i].c->id);
    }
    if (info->nstale) {
        fprintf(f, "%s\n%sstale expectations (%zu): lines for cases that do not exist\n", prefix, prefix, info->nstale);
        for (size_t i = 0; i < info->nstale; i++)
            fprintf(f, "%s  %s\n", prefix, info->stale[i]);
    }
    if (nunchecked)
        fprintf(f, "%s\n%snote: %zu passes did not check the error class (the implementation reported 'unknown')\n",
                prefix, prefix, nunchecked);
    fprintf(f, "%s\n%s%zu passed, %zu failed\n", prefix, prefix, all.pass, all.fail);
}

void conf_report_markdown(FILE *f, const conf_entry *e, size_t n)
{
    size_t ns;
    sec_stat *s = sections(e, n, &ns);
    char pc[16];
    fprintf(f, "| section | passed | failed | expected failures | total | conformance |\n");
    fprintf(f, "|---|--:|--:|--:|--:|--:|\n");
    for (size_t k = 0; k <= ns; k++) {
        percent(pc, sizeof pc, s[k].pass, s[k].total);
        const char *b = k == ns ? "**" : "";
        fprintf(f, "| %s%s%s | %s%zu%s | %s%zu%s | %s%zu%s | %s%zu%s | %s%s%s |\n", b, k == ns ? "total" : s[k].name, b,
                b, s[k].pass, b, b, s[k].fail, b, b, s[k].xfail, b, b, s[k].total, b, b, pc, b);
    }
    free(s);
}

static const char *status_name(const conf_entry *e)
{
    switch (e->status) {
    case ST_PASS: return e->x ? "newly_passing" : "pass";
    case ST_FAIL: return "fail";
    case ST_XFAIL: return "expected_failure";
    }
    return "?";
}

int conf_report_json(const char *path, const conf_entry *e, size_t n, const conf_run_info *info, char *err,
                     size_t err_len)
{
    size_t ns;
    sec_stat *s = sections(e, n, &ns);
    sbuf b = {0};
    sb_puts(&b, "{\n  \"runner\": \"tir-conformance\",\n  \"version\": ");
    sb_json_string(&b, TIRVM_VERSION);
    sb_puts(&b, ",\n  \"corpus\": ");
    sb_json_string(&b, info->corpus);
    sb_puts(&b, ",\n  \"implementation\": ");
    sb_json_string(&b, info->impl ? info->impl : "linked");
    sb_puts(&b, ",\n  \"expectations\": ");
    if (info->expectations)
        sb_json_string(&b, info->expectations);
    else
        sb_puts(&b, "null");
    sec_stat all = s[ns];
    size_t nfail = 0;
    for (size_t i = 0; i < n; i++)
        nfail += e[i].status == ST_FAIL;
    sb_printf(&b, ",\n  \"total\": %zu,\n  \"passed\": %zu,\n  \"failed\": %zu,\n  \"expected_failures\": %zu,\n"
                  "  \"unexpected_failures\": %zu,\n  \"percent\": %.2f,\n  \"sections\": [",
              all.total, all.pass, all.fail, all.xfail, nfail, all.total ? 100.0 * (double)all.pass / (double)all.total : 0.0);
    for (size_t k = 0; k < ns; k++) {
        sb_puts(&b, k ? ",\n    {\"name\": " : "\n    {\"name\": ");
        sb_json_string(&b, s[k].name);
        sb_printf(&b, ", \"passed\": %zu, \"failed\": %zu, \"expected_failures\": %zu, \"total\": %zu, \"percent\": %.2f}",
                  s[k].pass, s[k].fail, s[k].xfail, s[k].total, 100.0 * (double)s[k].pass / (double)s[k].total);
    }
    sb_puts(&b, ns ? "\n  ],\n  \"cases\": [" : "],\n  \"cases\": [");
    for (size_t i = 0; i < n; i++) {
        const conf_case *c = e[i].c;
        sb_puts(&b, i ? ",\n    {\"id\": " : "\n    {\"id\": ");
        sb_json_string(&b, c->id);
        sb_puts(&b, ", \"section\": ");
        sb_json_string(&b, c->section);
        sb_puts(&b, ", \"file\": ");
        sb_json_string(&b, c->relpath);
        sb_puts(&b, ", \"kind\": ");
        sb_json_string(&b, conf_expect_name(c->expect));
        sb_puts(&b, ", \"status\": ");
        sb_json_string(&b, status_name(&e[i]));
        sb_puts(&b, ", \"class\": ");
        if (e[i].r.passed)
            sb_puts(&b, "null");
        else
            sb_json_string(&b, e[i].r.cls);
        sb_puts(&b, ", \"message\": ");
        sb_json_string(&b, e[i].r.msg);
        sb_puts(&b, ", \"spec\": ");
        if (c->spec)
            sb_json_string(&b, c->spec);
        else
            sb_puts(&b, "null");
        sb_puts(&b, ", \"features\": [");
        for (size_t k = 0; k < c->nfeatures; k++) {
            if (k)
                sb_puts(&b, ", ");
            sb_json_string(&b, c->features[k]);
        }
        sb_puts(&b, "]");
        if (e[i].x) {
            sb_puts(&b, ", \"expectation\": {\"class\": ");
            sb_json_string(&b, e[i].x->cls);
            sb_puts(&b, ", \"kind\": ");
            sb_json_string(&b, e[i].x->kind);
            sb_puts(&b, ", \"reason\": ");
            sb_json_string(&b, e[i].x->reason);
            sb_puts(&b, "}");
        }
        sb_printf(&b, ", \"ms\": %.3f}", e[i].r.ms);
    }
    sb_puts(&b, n ? "\n  ]\n}\n" : "]\n}\n");
    free(s);
    int rc = conf_write_file(path, b.s, b.len, err, err_len);
    sb_free(&b);
    return rc;
}

void conf_report_tap(FILE *f, size_t num, const conf_entry *e)
{
    if (e->status == ST_XFAIL) {
        /* "# SKIP": meson reads "ok # TODO" as an unexpected pass and fails the
         * test, and scripts/test.sh counts every "not ok" as a failure */
        char reason[160];
        conf_first_line(reason, sizeof reason, e->x->reason);
        fprintf(f, "ok %zu - %s # SKIP expected failure (%s, %s): %s\n", num, e->c->id, e->r.cls, e->x->kind, reason);
        return;
    }
    if (e->status == ST_PASS) {
        fprintf(f, "ok %zu - %s\n", num, e->c->id);
        if (e->x)
            fprintf(f, "#   newly passing: listed in expectations.txt as %s; run --update to drop the line\n", e->x->cls);
        return;
    }
    fprintf(f, "not ok %zu - %s\n", num, e->c->id);
    fprintf(f, "#   [%s] %s\n", e->r.cls, e->c->relpath);
    if (e->x)
        fprintf(f, "#   (expectations.txt lists it as failing with %s)\n", e->x->cls);
    message_lines(f, "#   ", "", e->r.msg, MESSAGE_LINES + 2);
}
