/* Bounded output buffers and JSON string escaping for tirvm serve. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"

void sb_init(sbuf *b, size_t limit)
{
    memset(b, 0, sizeof *b);
    b->limit = limit;
}

#define SB_ALIGN 64

void sb_free(sbuf *b)
{
    free(b->mem ? b->mem : b->data);
    memset(b, 0, sizeof *b);
}

/* An allocation of at least need bytes from data on, with data + align_at
 * 64-byte aligned; the old bytes moved there. */
static bool sb_realign(sbuf *b, size_t need, size_t align_at)
{
    size_t skew = (SB_ALIGN - align_at % SB_ALIGN) % SB_ALIGN;
    if (need > SIZE_MAX - skew - SB_ALIGN)
        return false;
    size_t sz = (skew + need + SB_ALIGN - 1) / SB_ALIGN * SB_ALIGN;
    char *mem = aligned_alloc(SB_ALIGN, sz);
    if (!mem)
        return false;
    char *data = mem + skew;
    if (b->data)
        memcpy(data, b->data, b->len + 1);
    else
        data[0] = 0;
    free(b->mem ? b->mem : b->data);
    b->mem = mem;
    b->data = data;
    b->cap = sz - skew;
    return true;
}

bool sb_prepare(sbuf *b, size_t cap, size_t align_at)
{
    if (b->limit && cap > b->limit)
        cap = b->limit;
    if (cap >= SIZE_MAX / 2) {
        b->failed = true;
        return false;
    }
    b->align_at = align_at;
    if (!sb_realign(b, cap < b->len ? b->len + 1 : cap + 1, align_at)) {
        b->failed = true;
        return false;
    }
    return true;
}

char *sb_take(sbuf *b, void **mem)
{
    char *d = b->data;
    *mem = b->mem ? b->mem : b->data;
    memset(b, 0, sizeof *b);
    return d;
}

static bool sb_reserve(sbuf *b, size_t n)
{
    if (b->failed)
        return false;
    if (n > SIZE_MAX - b->len - 1 || (b->limit && b->len + n > b->limit)) {
        b->failed = b->over = true;
        return false;
    }
    size_t need = b->len + n + 1;
    if (need <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    if (b->mem) { /* keeps its alignment (sb_prepare) */
        if (!sb_realign(b, cap, b->align_at)) {
            b->failed = true;
            return false;
        }
        return true;
    }
    char *p = realloc(b->data, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

void sb_put(sbuf *b, const void *p, size_t n)
{
    if (!sb_reserve(b, n))
        return;
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = 0;
}

void sb_puts(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }

void sb_printf(sbuf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        sb_put(b, small, (size_t)n);
        return;
    }
    if (!sb_reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t k;
    unsigned min;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        k = 2, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        k = 3, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        k = 4, min = 0x10000;
    else
        return 0;
    if (n < k)
        return 0;
    unsigned cp = c & (0x3F >> (k - 1));
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return k;
}

void sb_json_string(sbuf *b, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    sb_put(b, "\"", 1);
    size_t i = 0;
    while (i < n) {
        unsigned c = p[i];
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            sb_put(b, e, 2);
            i++;
        } else if (c < 0x20 || c == 0x7f) {
            sb_printf(b, "\\u%04x", c);
            i++;
        } else {
            size_t k = utf8_len(p + i, n - i);
            if (k == 0) {
                sb_puts(b, "\\ufffd");
                i++;
            } else {
                sb_put(b, p + i, k);
                i += k;
            }
        }
    }
    sb_put(b, "\"", 1);
}

char *json_error_body(const char *msg, size_t *len)
{
    sbuf b;
    sb_init(&b, 0);
    sb_puts(&b, "{\"error\":");
    sb_json_string(&b, msg, strlen(msg));
    sb_puts(&b, "}");
    if (b.failed) {
        sb_free(&b);
        return NULL;
    }
    *len = b.len;
    return b.data;
}
