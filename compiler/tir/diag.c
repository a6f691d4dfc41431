#include "diag.h"

/* Longest stretch of a source line echoed under a message. */
#define DIAG_LINE_WINDOW 160

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tir_diag_init(tir_diag *d, const char *file, const char *src, size_t src_len)
{
    memset(d, 0, sizeof *d);
    d->file = file;
    d->src = src;
    d->src_len = src_len;
}

void tir_diag_free(tir_diag *d)
{
    free(d->text);
    d->text = NULL;
    d->len = d->cap = 0;
}

static void append(tir_diag *d, const char *s, size_t n)
{
    if (d->len + n + 1 > d->cap) {
        size_t cap = d->cap ? d->cap : 256;
        while (cap < d->len + n + 1)
            cap *= 2;
        char *t = realloc(d->text, cap);
        if (!t)
            return;
        d->text = t;
        d->cap = cap;
    }
    memcpy(d->text + d->len, s, n);
    d->len += n;
    d->text[d->len] = 0;
}

static void report(tir_diag *d, const char *kind, tir_loc loc, const char *fmt, va_list ap)
{
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    char head[1200];
    int n;
    if (loc.line)
        n = snprintf(head, sizeof head, "%s:%u:%u: %s: %s\n", d->file, loc.line, loc.col, kind, msg);
    else if (loc.node)
        n = snprintf(head, sizeof head, "%s: node %u: %s: %s\n", d->file, loc.node - 1, kind, msg);
    else
        n = snprintf(head, sizeof head, "%s: %s: %s\n", d->file, kind, msg);
    append(d, head, n < (int)sizeof head ? (size_t)n : sizeof head - 1);
    if (!loc.line || !d->src)
        return;
    /* Find the source line and draw the caret under the column. */
    const char *p = d->src, *end = d->src + d->src_len;
    for (uint32_t l = 1; l < loc.line && p < end; p++)
        if (*p == '\n')
            l++;
    if (p >= end && loc.line > 1)
        return;
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol)
        eol = end;
    /* A long line is shown as a window around the column, marked with "...". */
    const char *from = p, *to = eol;
    if (to - from > DIAG_LINE_WINDOW) {
        const char *at = p + (loc.col ? loc.col - 1 : 0);
        if (at > eol)
            at = eol;
        from = at - from > DIAG_LINE_WINDOW / 2 ? at - DIAG_LINE_WINDOW / 2 : p;
        to = eol - from > DIAG_LINE_WINDOW ? from + DIAG_LINE_WINDOW : eol;
    }
    append(d, "    ", 4);
    if (from > p)
        append(d, "...", 3);
    /* NUL bytes are shown as '?' so the text stays one C string */
    for (const char *q = from; q < to; q++)
        append(d, *q ? q : "?", 1);
    if (to < eol)
        append(d, "...", 3);
    append(d, "\n    ", 5);
    if (from > p)
        append(d, "   ", 3);
    for (const char *q = from; q < p + loc.col - 1 && q < to; q++)
        append(d, *q == '\t' ? "\t" : " ", 1);
    append(d, "^\n", 2);
}

static void errorv(tir_diag *d, tir_diag_class cls, tir_loc loc, const char *fmt, va_list ap)
{
    if (d->nerrors++ == 0)
        d->first_class = cls;
    if (d->nerrors == TIR_DIAG_MAX_ERRORS + 1) {
        char note[512];
        int n = snprintf(note, sizeof note, "%s: error: too many errors, stopping\n", d->file);
        append(d, note, n < (int)sizeof note ? (size_t)n : sizeof note - 1);
    }
    if (d->nerrors > TIR_DIAG_MAX_ERRORS)
        return;
    report(d, "error", loc, fmt, ap);
}

void tir_diag_class_error(tir_diag *d, tir_diag_class cls, tir_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    errorv(d, cls, loc, fmt, ap);
    va_end(ap);
}

void tir_diag_error(tir_diag *d, tir_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    errorv(d, TIR_DIAG_ERROR, loc, fmt, ap);
    va_end(ap);
}

void tir_diag_unsupported(tir_diag *d, tir_loc loc, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tir_diag_class_error(d, TIR_DIAG_UNSUPPORTED, loc, "unsupported: %s", msg);
}

void tir_diag_warning(tir_diag *d, tir_loc loc, const char *fmt, ...)
{
    if (++d->nwarnings > TIR_DIAG_MAX_ERRORS)
        return;
    va_list ap;
    va_start(ap, fmt);
    report(d, "warning", loc, fmt, ap);
    va_end(ap);
}

void tir_diag_note(tir_diag *d, tir_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(d, "note", loc, fmt, ap);
    va_end(ap);
}
