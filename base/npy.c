/* NumPy .npy reader and writer.  The header is an untrusted Python dict
 * literal, so it is parsed by a small bounded parser that accepts only what
 * numpy itself would accept (plus harmless spacing and quoting variations). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* POSIX 2008 with realpath */
#endif

#include "npy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Array data is copied between memory and file byte for byte, and the
 * files are little-endian. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "npy.c assumes a little-endian host"
#endif

#define NPY_MAGIC "\x93NUMPY"
#define NPY_MAGIC_LEN 6
#define NPY_ALIGN 64
/* A legitimate header is well under 4 KiB even with NPY_MAX_DIMS
 * dimensions; the cap only stops absurd allocations. */
#define NPY_MAX_HEADER (1u << 20)
/* numpy pads headers so that the first dimension can later grow in place
 * to this many digits; writing the same padding keeps our files identical
 * to numpy.save's. */
#define NPY_GROWTH_AXIS_MAX_DIGITS 21
#define NPY_DESCR_MAX 64

#if defined(__GNUC__)
#define NPY_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NPY_PRINTF(a, b)
#endif

NPY_PRINTF(4, 5)
static int fail(char *err, size_t err_len, const char *path, const char *fmt, ...)
{
    if (!err || err_len == 0)
        return -1;
    int n = snprintf(err, err_len, "%s: ", path ? path : "(null)");
    if (n >= 0 && (size_t)n < err_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + n, err_len - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ---- dtypes ---------------------------------------------------------- */

/* Maps a numpy type string ('<f4', '|b1', ...) to a tir_dtype.  Returns 0,
 * -1 for a type we do not support, -2 for big-endian multi-byte data. */
static int descr_to_dtype(const char *d, size_t len, tir_dtype *out)
{
    size_t i = 0;
    char order = '=';
    if (len > 0 && (d[0] == '<' || d[0] == '>' || d[0] == '|' || d[0] == '='))
        order = d[i++];
    if (i >= len)
        return -1;
    char kind = d[i++];
    /* The size is one or two digits; anything else (datetime units,
     * subarray shapes, ...) is a type we do not handle. */
    if (i >= len || len - i > 2)
        return -1;
    unsigned size = 0;
    for (; i < len; i++) {
        if (d[i] < '0' || d[i] > '9')
            return -1;
        size = size * 10 + (unsigned)(d[i] - '0');
    }
    switch (kind) {
    case 'b':
        if (size != 1)
            return -1;
        *out = tir_dt(TIR_CODE_UINT, 1, 1);
        return 0;
    case 'i':
    case 'u':
    case 'f':
        if (size != 1 && size != 2 && size != 4 && size != 8)
            return -1;
        if (kind == 'f' && size == 1)
            return -1;
        /* Only multi-byte numbers have a byte order to get wrong. */
        if (size > 1 && order == '>')
            return -2;
        *out = tir_dt(kind == 'i' ? TIR_CODE_INT : kind == 'u' ? TIR_CODE_UINT : TIR_CODE_FLOAT,
                      (uint8_t)(size * 8), 1);
        return 0;
    case 'V':
        /* numpy has no bfloat16; such arrays travel as raw 2-byte voids,
         * which carry no byte order. */
        if (size != 2)
            return -1;
        *out = tir_dt(TIR_CODE_BFLOAT, 16, 1);
        return 0;
    default:
        return -1;
    }
}

/* The type string written for a dtype, or NULL if it cannot be written. */
static const char *dtype_to_descr(tir_dtype t)
{
    if (t.lanes != 1)
        return NULL;
    switch (t.code) {
    case TIR_CODE_INT:
        switch (t.bits) {
        case 8: return "|i1";
        case 16: return "<i2";
        case 32: return "<i4";
        case 64: return "<i8";
        }
        break;
    case TIR_CODE_UINT:
        switch (t.bits) {
        case 1: return "|b1";
        case 8: return "|u1";
        case 16: return "<u2";
        case 32: return "<u4";
        case 64: return "<u8";
        }
        break;
    case TIR_CODE_FLOAT:
        switch (t.bits) {
        case 16: return "<f2";
        case 32: return "<f4";
        case 64: return "<f8";
        }
        break;
    case TIR_CODE_BFLOAT:
        if (t.bits == 16)
            return "<V2";
        break;
    case TIR_CODE_DLBOOL:
        /* DLPack's byte-sized bool is the same bytes as numpy's bool. */
        if (t.bits == 8)
            return "|b1";
        break;
    }
    return NULL;
}

static size_t dtype_size(tir_dtype t)
{
    return t.bits <= 8 ? 1 : (size_t)t.bits / 8;
}

static bool dtype_is_boolish(tir_dtype t)
{
    return (t.code == TIR_CODE_UINT && t.bits == 1) || (t.code == TIR_CODE_DLBOOL && t.bits == 8);
}

/* Byte size of an array, with every multiplication checked.  Zero-sized
 * dimensions do not excuse the others from the check, so that callers can
 * compute strides in int64 without overflow. */
static bool array_nbytes(int ndim, const int64_t *shape, size_t elem, size_t *out)
{
    uint64_t count = 1, span = 1;
    const uint64_t limit = (uint64_t)INT64_MAX < (uint64_t)SIZE_MAX ? (uint64_t)INT64_MAX : (uint64_t)SIZE_MAX;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] < 0)
            return false;
        uint64_t d = (uint64_t)shape[i];
        uint64_t nz = d ? d : 1;
        if (span > limit / nz)
            return false;
        span *= nz;
        count = d ? count * d : 0;
    }
    if (span > limit / elem)
        return false;
    /* Leave room to round the allocation up to NPY_ALIGN. */
    if (span * elem > limit - NPY_ALIGN)
        return false;
    *out = (size_t)(count * elem);
    return true;
}

/* ---- header parsing -------------------------------------------------- */

typedef struct {
    const char *p, *end;
    const char *path;
    char *err;
    size_t err_len;
} cursor;

typedef struct {
    bool have_descr, have_fortran, have_shape;
    bool descr_is_string;
    char descr[NPY_DESCR_MAX]; /* as written (string contents), for messages */
    size_t descr_len;
    bool descr_truncated;
    bool fortran;
    int ndim;
    int64_t shape[NPY_MAX_DIMS];
} npy_header;

NPY_PRINTF(2, 3)
static int bad_header(cursor *c, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return fail(c->err, c->err_len, c->path, "bad header: %s", msg);
}

static void skip_ws(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r' ||
                             *c->p == '\f' || *c->p == '\v'))
        c->p++;
}

static bool is_ident_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/* Copies text for an error message, replacing anything unprintable. */
static void copy_printable(char *dst, size_t cap, const char *src, size_t len, bool *truncated)
{
    size_t n = len < cap - 1 ? len : cap - 1;
    for (size_t i = 0; i < n; i++)
        dst[i] = (src[i] >= 0x20 && src[i] < 0x7f) ? src[i] : '?';
    dst[n] = '\0';
    if (truncated)
        *truncated = n < len;
}

/* A Python string literal without escapes ('...' or "...", optional u
 * prefix).  On success *s and *len give the contents. */
static int parse_string(cursor *c, const char **s, size_t *len)
{
    if (c->p < c->end && (*c->p == 'u' || *c->p == 'U'))
        c->p++;
    if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
        return bad_header(c, "expected a quoted string");
    char q = *c->p++;
    const char *start = c->p;
    while (c->p < c->end && *c->p != q) {
        if (*c->p == '\\')
            return bad_header(c, "escape sequences in strings are not supported");
        if (*c->p == '\n')
            break;
        c->p++;
    }
    if (c->p >= c->end || *c->p != q)
        return bad_header(c, "unterminated string");
    *s = start;
    *len = (size_t)(c->p - start);
    c->p++;
    return 0;
}

/* Skips one Python literal (for reporting structured dtypes); stops at a
 * ',' or '}' outside brackets. */
static int skip_value(cursor *c)
{
    int depth = 0;
    while (c->p < c->end) {
        char ch = *c->p;
        if (ch == '\'' || ch == '"') {
            const char *s;
            size_t n;
            if (parse_string(c, &s, &n) != 0)
                return -1;
            continue;
        }
        if (ch == '(' || ch == '[' || ch == '{') {
            if (++depth > 64)
                return bad_header(c, "value nested too deeply");
        } else if (ch == ')' || ch == ']' || ch == '}') {
            if (depth == 0)
                return 0;
            depth--;
        } else if (ch == ',' && depth == 0) {
            return 0;
        }
        c->p++;
    }
    return bad_header(c, "unterminated value");
}

static int parse_descr(cursor *c, npy_header *h)
{
    if (c->p < c->end && (*c->p == '[' || *c->p == '(' || *c->p == '{')) {
        /* Structured dtype: keep its text only to name it in the error. */
        const char *start = c->p;
        if (skip_value(c) != 0)
            return -1;
        copy_printable(h->descr, sizeof h->descr, start, (size_t)(c->p - start), &h->descr_truncated);
        h->descr_is_string = false;
        return 0;
    }
    const char *s;
    size_t n;
    if (parse_string(c, &s, &n) != 0)
        return -1;
    copy_printable(h->descr, sizeof h->descr, s, n, &h->descr_truncated);
    h->descr_len = n < sizeof h->descr - 1 ? n : sizeof h->descr - 1;
    h->descr_is_string = true;
    return 0;
}

static int parse_bool(cursor *c, bool *out)
{
    size_t avail = (size_t)(c->end - c->p);
    if (avail >= 4 && memcmp(c->p, "True", 4) == 0 && (avail == 4 || !is_ident_char(c->p[4]))) {
        c->p += 4;
        *out = true;
        return 0;
    }
    if (avail >= 5 && memcmp(c->p, "False", 5) == 0 && (avail == 5 || !is_ident_char(c->p[5]))) {
        c->p += 5;
        *out = false;
        return 0;
    }
    return bad_header(c, "'fortran_order' must be True or False");
}

static int parse_dim(cursor *c, int64_t *out)
{
    bool neg = false;
    if (c->p < c->end && (*c->p == '-' || *c->p == '+')) {
        neg = *c->p == '-';
        c->p++;
        skip_ws(c);
    }
    if (c->p >= c->end || *c->p < '0' || *c->p > '9')
        return bad_header(c, "'shape' must be a tuple of integers");
    uint64_t v = 0;
    bool too_big = false;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
        unsigned dig = (unsigned)(*c->p - '0');
        if (v > ((uint64_t)INT64_MAX - dig) / 10)
            too_big = true;
        else
            v = v * 10 + dig;
        c->p++;
    }
    /* Python 2 wrote long integers with an L suffix. */
    if (c->p < c->end && (*c->p == 'L' || *c->p == 'l'))
        c->p++;
    if (c->p < c->end && is_ident_char(*c->p))
        return bad_header(c, "'shape' must be a tuple of integers");
    if (neg && too_big)
        return fail(c->err, c->err_len, c->path, "negative dimension in shape");
    if (neg && v != 0)
        return fail(c->err, c->err_len, c->path, "negative dimension -%llu in shape", (unsigned long long)v);
    if (too_big)
        return fail(c->err, c->err_len, c->path, "shape is too large (a dimension exceeds 2^63-1)");
    *out = (int64_t)v;
    return 0;
}

static int parse_shape(cursor *c, npy_header *h)
{
    if (c->p >= c->end || *c->p != '(')
        return bad_header(c, "'shape' must be a tuple of integers");
    c->p++;
    skip_ws(c);
    h->ndim = 0;
    if (c->p < c->end && *c->p == ')') {
        c->p++;
        return 0;
    }
    for (;;) {
        int64_t d = 0;
        if (parse_dim(c, &d) != 0)
            return -1;
        if (h->ndim >= NPY_MAX_DIMS)
            return fail(c->err, c->err_len, c->path, "shape has more than %d dimensions", NPY_MAX_DIMS);
        h->shape[h->ndim++] = d;
        skip_ws(c);
        if (c->p < c->end && *c->p == ',') {
            c->p++;
            skip_ws(c);
            if (c->p < c->end && *c->p == ')') {
                c->p++;
                return 0;
            }
            continue;
        }
        if (c->p < c->end && *c->p == ')') {
            /* "(5)" is an int in Python, not a tuple. */
            if (h->ndim == 1)
                return bad_header(c, "'shape' must be a tuple of integers");
            c->p++;
            return 0;
        }
        return bad_header(c, "'shape' must be a tuple of integers");
    }
}

static int parse_header(cursor *c, npy_header *h)
{
    memset(h, 0, sizeof *h);
    skip_ws(c);
    if (c->p >= c->end || *c->p != '{')
        return bad_header(c, "not a dict literal");
    c->p++;
    for (;;) {
        skip_ws(c);
        if (c->p < c->end && *c->p == '}') {
            c->p++;
            break;
        }
        const char *key;
        size_t klen;
        if (c->p >= c->end || (*c->p != '\'' && *c->p != '"' && *c->p != 'u' && *c->p != 'U'))
            return bad_header(c, "not a dict literal with string keys");
        if (parse_string(c, &key, &klen) != 0)
            return -1;
        skip_ws(c);
        if (c->p >= c->end || *c->p != ':')
            return bad_header(c, "expected ':' after a key");
        c->p++;
        skip_ws(c);
        bool *seen;
        int rc;
        if (klen == 5 && memcmp(key, "descr", 5) == 0) {
            seen = &h->have_descr;
            rc = *seen ? 0 : parse_descr(c, h);
        } else if (klen == 13 && memcmp(key, "fortran_order", 13) == 0) {
            seen = &h->have_fortran;
            rc = *seen ? 0 : parse_bool(c, &h->fortran);
        } else if (klen == 5 && memcmp(key, "shape", 5) == 0) {
            seen = &h->have_shape;
            rc = *seen ? 0 : parse_shape(c, h);
        } else {
            char name[40];
            bool trunc;
            copy_printable(name, sizeof name, key, klen, &trunc);
            return bad_header(c, "unexpected key '%s%s'", name, trunc ? "..." : "");
        }
        if (rc != 0)
            return -1;
        if (*seen)
            return bad_header(c, "duplicate key '%.*s'", (int)klen, key);
        *seen = true;
        skip_ws(c);
        if (c->p < c->end && *c->p == ',') {
            c->p++;
            continue;
        }
        skip_ws(c);
        if (c->p < c->end && *c->p == '}') {
            c->p++;
            break;
        }
        return bad_header(c, "expected ',' or '}' in the dict");
    }
    skip_ws(c);
    if (c->p != c->end)
        return bad_header(c, "unexpected text after the dict");
    if (!h->have_descr)
        return bad_header(c, "missing key 'descr'");
    if (!h->have_fortran)
        return bad_header(c, "missing key 'fortran_order'");
    if (!h->have_shape)
        return bad_header(c, "missing key 'shape'");
    return 0;
}

/* ---- I/O helpers ----------------------------------------------------- */

/* Reads up to n bytes, stopping early only at end of file. */
static int read_full(int fd, void *buf, size_t n, size_t *got)
{
    unsigned char *p = buf;
    size_t done = 0;
    while (done < n) {
        size_t chunk = n - done > (1u << 30) ? (1u << 30) : n - done;
        ssize_t r = read(fd, p + done, chunk);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            *got = done;
            return -1;
        }
        if (r == 0)
            break;
        done += (size_t)r;
    }
    *got = done;
    return 0;
}

static int write_full(int fd, const void *buf, size_t n)
{
    const unsigned char *p = buf;
    while (n > 0) {
        size_t chunk = n > (1u << 30) ? (1u << 30) : n;
        ssize_t w = write(fd, p, chunk);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (w == 0) {
            errno = EIO;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* ---- reading --------------------------------------------------------- */

/* Where a .npy's bytes come from: an open file, or memory (a member of a
 * .npz archive). */
typedef struct {
    int fd;              /* -1: memory */
    const uint8_t *mem;
    size_t len, pos;
    bool sized;          /* the total size is known (a regular file, or memory) */
    uint64_t size;
    size_t max_data;     /* the most array data it may allocate */
} npy_src;

static int src_read(npy_src *s, void *buf, size_t n, size_t *got)
{
    if (s->fd >= 0)
        return read_full(s->fd, buf, n, got);
    size_t k = n < s->len - s->pos ? n : s->len - s->pos;
    memcpy(buf, s->mem + s->pos, k);
    s->pos += k;
    *got = k;
    return 0;
}

static int read_npy(npy_src *src, const char *path, npy_array *out, char *err, size_t err_len)
{
    char *hdr = NULL;
    void *data = NULL;
    int rc = -1;
    unsigned char pre[12];
    size_t got;
    if (src_read(src, pre, 10, &got) != 0) {
        fail(err, err_len, path, "read error: %s", strerror(errno));
        goto done;
    }
    if (got == 0) {
        fail(err, err_len, path, "not a .npy file (the file is empty)");
        goto done;
    }
    if (memcmp(pre, NPY_MAGIC, got < NPY_MAGIC_LEN ? got : NPY_MAGIC_LEN) != 0) {
        fail(err, err_len, path, "not a .npy file (bad magic)");
        goto done;
    }
    if (got < 10) {
        fail(err, err_len, path, "truncated header: the file has only %zu bytes", got);
        goto done;
    }
    unsigned major = pre[6], minor = pre[7];
    if (major < 1 || major > 3 || minor != 0) {
        fail(err, err_len, path, "unsupported .npy format version %u.%u", major, minor);
        goto done;
    }
    size_t prelen = 10;
    uint32_t hlen;
    if (major == 1) {
        hlen = (uint32_t)pre[8] | (uint32_t)pre[9] << 8;
    } else {
        if (src_read(src, pre + 10, 2, &got) != 0) {
            fail(err, err_len, path, "read error: %s", strerror(errno));
            goto done;
        }
        if (got < 2) {
            fail(err, err_len, path, "truncated header: the file has only %zu bytes", 10 + got);
            goto done;
        }
        prelen = 12;
        hlen = (uint32_t)pre[8] | (uint32_t)pre[9] << 8 | (uint32_t)pre[10] << 16 | (uint32_t)pre[11] << 24;
    }
    if (hlen > NPY_MAX_HEADER) {
        fail(err, err_len, path, "header length %lu is too large", (unsigned long)hlen);
        goto done;
    }
    hdr = malloc(hlen ? hlen : 1);
    if (!hdr) {
        fail(err, err_len, path, "out of memory");
        goto done;
    }
    if (src_read(src, hdr, hlen, &got) != 0) {
        fail(err, err_len, path, "read error: %s", strerror(errno));
        goto done;
    }
    if (got < hlen) {
        fail(err, err_len, path, "truncated header: expected %lu header bytes, found %zu", (unsigned long)hlen,
             got);
        goto done;
    }

    cursor c = {hdr, hdr + hlen, path, err, err_len};
    npy_header h;
    if (parse_header(&c, &h) != 0)
        goto done;

    const char *ell = h.descr_truncated ? "..." : "";
    if (!h.descr_is_string) {
        fail(err, err_len, path, "unsupported dtype %s%s (structured dtypes are not supported)", h.descr, ell);
        goto done;
    }
    tir_dtype dt;
    int drc = h.descr_truncated ? -1 : descr_to_dtype(h.descr, h.descr_len, &dt);
    if (drc == -2) {
        fail(err, err_len, path, "big-endian data is not supported (dtype '%s')", h.descr);
        goto done;
    }
    if (drc != 0) {
        fail(err, err_len, path, "unsupported dtype '%s%s'", h.descr, ell);
        goto done;
    }
    if (h.fortran && h.ndim > 1) {
        fail(err, err_len, path, "Fortran-order arrays are not supported");
        goto done;
    }
    size_t nbytes;
    if (!array_nbytes(h.ndim, h.shape, dtype_size(dt), &nbytes)) {
        fail(err, err_len, path, "shape is too large (element count or byte size overflows)");
        goto done;
    }

    if (nbytes > src->max_data) {
        fail(err, err_len, path, "the array's %zu bytes exceed the %zu bytes left under the memory limit", nbytes,
             src->max_data);
        goto done;
    }
    uint64_t data_off = (uint64_t)prelen + hlen;
    /* Check the size before allocating, so a lying shape cannot make us
     * allocate memory the file does not back. */
    if (src->sized) {
        uint64_t fsize = src->size;
        uint64_t avail = fsize > data_off ? fsize - data_off : 0;
        if (avail < nbytes) {
            fail(err, err_len, path, "truncated data: expected %zu bytes of array data, found %llu", nbytes,
                 (unsigned long long)avail);
            goto done;
        }
        if (avail > nbytes) {
            fail(err, err_len, path, "%llu extra bytes after the array data",
                 (unsigned long long)(avail - nbytes));
            goto done;
        }
    }
    if (nbytes > 0) {
        size_t alloc = (nbytes + (NPY_ALIGN - 1)) / NPY_ALIGN * NPY_ALIGN;
        data = aligned_alloc(NPY_ALIGN, alloc);
        if (!data) {
            fail(err, err_len, path, "out of memory (%zu bytes)", nbytes);
            goto done;
        }
        /* Keep the rounding slack defined for code that reads whole
         * vectors. */
        memset((char *)data + nbytes, 0, alloc - nbytes);
        if (src_read(src, data, nbytes, &got) != 0) {
            fail(err, err_len, path, "read error: %s", strerror(errno));
            goto done;
        }
        if (got < nbytes) {
            fail(err, err_len, path, "truncated data: expected %zu bytes of array data, found %zu", nbytes, got);
            goto done;
        }
    }
    /* The file may have grown since fstat, or may not be a regular file. */
    {
        unsigned char extra[4096];
        unsigned long long nextra = 0;
        for (;;) {
            if (src_read(src, extra, sizeof extra, &got) != 0) {
                fail(err, err_len, path, "read error: %s", strerror(errno));
                goto done;
            }
            nextra += got;
            if (got < sizeof extra || nextra >= (1u << 20))
                break;
        }
        if (nextra > 0) {
            fail(err, err_len, path, "%s%llu extra bytes after the array data",
                 nextra >= (1u << 20) ? "at least " : "", nextra);
            goto done;
        }
    }
    /* Any nonzero byte is True to numpy; store 0/1 so the values are valid
     * bools for whoever loads them. */
    if (dtype_is_boolish(dt)) {
        unsigned char *b = data;
        for (size_t i = 0; i < nbytes; i++)
            b[i] = b[i] != 0;
    }

    out->dtype = dt;
    out->ndim = h.ndim;
    for (int i = 0; i < h.ndim; i++)
        out->shape[i] = h.shape[i];
    out->data = data;
    out->nbytes = nbytes;
    data = NULL;
    rc = 0;
done:
    free(data);
    free(hdr);
    return rc;
}

int npy_read(const char *path, npy_array *out, char *err, size_t err_len)
{
    if (!out)
        return fail(err, err_len, path, "no output array given");
    memset(out, 0, sizeof *out);
    if (!path)
        return fail(err, err_len, path, "no path given");

    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(err, err_len, path, "cannot open: %s", strerror(errno));
    int rc = -1;
    struct stat st;
    if (fstat(fd, &st) != 0)
        fail(err, err_len, path, "cannot stat: %s", strerror(errno));
    else if (S_ISDIR(st.st_mode))
        fail(err, err_len, path, "is a directory");
    else {
        npy_src src = {fd, NULL, 0, 0, S_ISREG(st.st_mode), (uint64_t)st.st_size, SIZE_MAX};
        rc = read_npy(&src, path, out, err, err_len);
    }
    close(fd);
    return rc;
}

int npy_read_mem_limit(const void *buf, size_t len, const char *name, size_t max_data, npy_array *out, char *err,
                       size_t err_len)
{
    if (!out)
        return fail(err, err_len, name, "no output array given");
    memset(out, 0, sizeof *out);
    npy_src src = {-1, buf, len, 0, true, len, max_data};
    return read_npy(&src, name, out, err, err_len);
}

int npy_read_mem(const void *buf, size_t len, const char *name, npy_array *out, char *err, size_t err_len)
{
    return npy_read_mem_limit(buf, len, name, SIZE_MAX, out, err, err_len);
}

void npy_free(npy_array *arr)
{
    if (!arr)
        return;
    free(arr->data);
    memset(arr, 0, sizeof *arr);
}

/* ---- writing --------------------------------------------------------- */

static size_t count_digits(int64_t v)
{
    size_t n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

/* Builds magic, version, length and the padded header dict, exactly as
 * numpy.save does.  Returns the length, or 0 if buf is too small. */
static size_t build_header(char *buf, size_t cap, const char *descr, int ndim, const int64_t *shape)
{
    char dict[1024];
    size_t n = 0;
    int w = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
    if (w < 0 || (size_t)w >= sizeof dict)
        return 0;
    n = (size_t)w;
    for (int i = 0; i < ndim; i++) {
        w = snprintf(dict + n, sizeof dict - n, "%s%lld", i ? ", " : "", (long long)shape[i]);
        if (w < 0 || (size_t)w >= sizeof dict - n)
            return 0;
        n += (size_t)w;
    }
    w = snprintf(dict + n, sizeof dict - n, "%s), }", ndim == 1 ? "," : "");
    if (w < 0 || (size_t)w >= sizeof dict - n)
        return 0;
    n += (size_t)w;
    if (ndim > 0) {
        size_t grow = NPY_GROWTH_AXIS_MAX_DIGITS - count_digits(shape[0]);
        if (grow >= sizeof dict - n)
            return 0;
        memset(dict + n, ' ', grow);
        n += grow;
    }

    /* numpy always adds 1..64 spaces before the newline (never 0), so
     * that the data starts on a 64-byte boundary. */
    size_t hlen = n + 1, prelen = 10;
    size_t pad = NPY_ALIGN - (prelen + hlen) % NPY_ALIGN;
    if (hlen + pad > 0xffff) {
        prelen = 12;
        pad = NPY_ALIGN - (prelen + hlen) % NPY_ALIGN;
    }
    size_t total = prelen + hlen + pad;
    if (total > cap)
        return 0;
    uint32_t field = (uint32_t)(hlen + pad);
    memcpy(buf, NPY_MAGIC, NPY_MAGIC_LEN);
    buf[6] = prelen == 10 ? 1 : 2;
    buf[7] = 0;
    buf[8] = (char)(field & 0xff);
    buf[9] = (char)(field >> 8 & 0xff);
    if (prelen == 12) {
        buf[10] = (char)(field >> 16 & 0xff);
        buf[11] = (char)(field >> 24 & 0xff);
    }
    memcpy(buf + prelen, dict, n);
    memset(buf + prelen + n, ' ', pad);
    buf[total - 1] = '\n';
    return total;
}

/* Creates a new file next to path with a name nobody else is using.
 * open(O_EXCL) with mode 0666 rather than mkstemp, so that the result gets
 * the usual umask-derived permissions instead of 0600. */
static int create_temp(const char *path, char **tmp_out)
{
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp)
        return -1;
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t seed = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 20 ^ (uint64_t)getpid() << 40 ^
                    (uint64_t)(uintptr_t)tmp;
    for (int attempt = 0; attempt < 100; attempt++) {
        /* splitmix64 step: cheap and well-mixed */
        seed += 0x9e3779b97f4a7c15ull;
        uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        snprintf(tmp, plen + 32, "%s.tmp%012llx", path, (unsigned long long)(z & 0xffffffffffffull));
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) {
            *tmp_out = tmp;
            return fd;
        }
        if (errno != EEXIST)
            break;
    }
    int e = errno;
    free(tmp);
    errno = e;
    return -1;
}

/* Writes header and data; on failure returns -1 with errno set. */
static int write_payload(int fd, const char *header, size_t hsize, const npy_array *arr, size_t nbytes)
{
    if (write_full(fd, header, hsize) != 0)
        return -1;
    if (nbytes == 0)
        return 0;
    if (!dtype_is_boolish(arr->dtype))
        return write_full(fd, arr->data, nbytes);
    /* Bools are written as 0/1 whatever nonzero value memory holds. */
    size_t bufsz = nbytes < 65536 ? nbytes : 65536;
    unsigned char *conv = malloc(bufsz);
    if (!conv) {
        errno = ENOMEM;
        return -1;
    }
    const unsigned char *src = arr->data;
    for (size_t off = 0; off < nbytes; off += bufsz) {
        size_t n = nbytes - off < bufsz ? nbytes - off : bufsz;
        for (size_t i = 0; i < n; i++)
            conv[i] = src[off + i] != 0;
        if (write_full(fd, conv, n) != 0) {
            int e = errno;
            free(conv);
            errno = e;
            return -1;
        }
    }
    free(conv);
    return 0;
}

int npy_write(const char *path, const npy_array *arr, char *err, size_t err_len)
{
    if (!path)
        return fail(err, err_len, path, "no path given");
    if (!arr)
        return fail(err, err_len, path, "no array given");
    const char *descr = dtype_to_descr(arr->dtype);
    if (!descr)
        return fail(err, err_len, path, "cannot write dtype (code %u, bits %u, lanes %u) to .npy",
                    (unsigned)arr->dtype.code, (unsigned)arr->dtype.bits, (unsigned)arr->dtype.lanes);
    if (arr->ndim < 0 || arr->ndim > NPY_MAX_DIMS)
        return fail(err, err_len, path, "bad number of dimensions %d", arr->ndim);
    for (int i = 0; i < arr->ndim; i++)
        if (arr->shape[i] < 0)
            return fail(err, err_len, path, "negative dimension in shape");
    size_t nbytes;
    if (!array_nbytes(arr->ndim, arr->shape, dtype_size(arr->dtype), &nbytes))
        return fail(err, err_len, path, "shape is too large (element count or byte size overflows)");
    if (arr->nbytes != nbytes)
        return fail(err, err_len, path, "array has %zu bytes of data but its shape and dtype need %zu",
                    arr->nbytes, nbytes);
    if (nbytes > 0 && !arr->data)
        return fail(err, err_len, path, "array has no data");

    char header[2048];
    size_t hsize = build_header(header, sizeof header, descr, arr->ndim, arr->shape);
    if (hsize == 0)
        return fail(err, err_len, path, "header does not fit");

    /* "-" is standard output, never a file of that name. */
    if (strcmp(path, "-") == 0) {
        if (write_payload(STDOUT_FILENO, header, hsize, arr, nbytes) != 0)
            return fail(err, err_len, "<stdout>", "cannot write: %s", strerror(errno));
        return 0;
    }

    /* Renaming over a device, pipe or /dev/stdout would replace the node
     * itself, so those are written in place (atomicity means nothing for
     * them).  A symlink to a file is resolved so that the link survives
     * and its target is replaced. */
    char *resolved = NULL;
    const char *target = path;
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return fail(err, err_len, path, "is a directory");
        if (!S_ISREG(st.st_mode)) {
            int fd = open(path, O_WRONLY | O_CLOEXEC);
            if (fd < 0)
                return fail(err, err_len, path, "cannot open for writing: %s", strerror(errno));
            if (write_payload(fd, header, hsize, arr, nbytes) != 0) {
                int e = errno;
                close(fd);
                return fail(err, err_len, path, "cannot write: %s", strerror(e));
            }
            if (close(fd) != 0)
                return fail(err, err_len, path, "cannot close: %s", strerror(errno));
            return 0;
        }
        struct stat lst;
        if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
            resolved = realpath(path, NULL);
            if (!resolved)
                return fail(err, err_len, path, "cannot resolve symbolic link: %s", strerror(errno));
            target = resolved;
        }
    }

    char *tmp = NULL;
    int fd = create_temp(target, &tmp);
    if (fd < 0) {
        int e = errno;
        free(resolved);
        return fail(err, err_len, path, "cannot create a temporary file: %s", strerror(e));
    }
    const char *what = "write";
    if (write_payload(fd, header, hsize, arr, nbytes) != 0)
        goto fail_io;
    /* Without this a crash soon after the rename can leave an empty file
     * in place of both the old and the new contents. */
    what = "sync";
    if (fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        goto fail_io;
    what = "close";
    int cfd = fd;
    fd = -1;
    if (close(cfd) != 0)
        goto fail_io;
    what = "rename into place";
    if (rename(tmp, target) != 0)
        goto fail_io;
    free(tmp);
    free(resolved);
    return 0;

fail_io: {
    int e = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    free(tmp);
    free(resolved);
    return fail(err, err_len, path, "cannot %s: %s", what, strerror(e));
}
}
