/* nftw needs the X/Open extensions. */
#define _GNU_SOURCE 1
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void out_of_memory(void)
{
    fputs("tir-conformance: out of memory\n", stderr);
    exit(2);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        out_of_memory();
    return q;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xstrndup(const char *s, size_t n)
{
    char *d = xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

void xgrow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return;
    size_t c = *cap ? *cap : 8;
    while (c < need) {
        if (c > SIZE_MAX / 2 / size)
            out_of_memory();
        c *= 2;
    }
    void **pp = p;
    *pp = xrealloc(*pp, c * size);
    *cap = c;
}

void sb_add(sbuf *b, const char *s, size_t n)
{
    if (n > SIZE_MAX - b->len - 1)
        out_of_memory();
    size_t need = b->len + n + 1;
    if (need > b->cap) {
        size_t c = b->cap ? b->cap : 64;
        while (c < need)
            c *= 2;
        b->s = xrealloc(b->s, c);
        b->cap = c;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void sb_puts(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        sb_add(b, small, (size_t)n);
        return;
    }
    char *big = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb_add(b, big, (size_t)n);
    free(big);
}

void sb_free(sbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

void sb_json_string(sbuf *b, const char *s)
{
    sb_puts(b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': sb_puts(b, "\\\""); break;
        case '\\': sb_puts(b, "\\\\"); break;
        case '\n': sb_puts(b, "\\n"); break;
        case '\r': sb_puts(b, "\\r"); break;
        case '\t': sb_puts(b, "\\t"); break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                sb_printf(b, "\\u%04x", *p);
            else
                sb_add(b, (const char *)p, 1);
        }
    }
    sb_puts(b, "\"");
}

char *conf_read_file(const char *path, size_t *len, char *err, size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_len, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    sbuf b = {0};
    char chunk[1 << 14];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (b.len > ((size_t)1 << 30)) {
            snprintf(err, err_len, "%s is larger than 1 GiB", path);
            fclose(f);
            sb_free(&b);
            return NULL;
        }
        sb_add(&b, chunk, n);
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        snprintf(err, err_len, "read error on %s", path);
        sb_free(&b);
        return NULL;
    }
    if (!b.s)
        b.s = xcalloc(1, 1);
    *len = b.len;
    return b.s;
}

int conf_write_file(const char *path, const char *data, size_t len, char *err, size_t err_len)
{
    size_t pl = strlen(path);
    char *tmp = xmalloc(pl + 16);
    snprintf(tmp, pl + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, err_len, "cannot write %s: %s", path, strerror(errno));
        free(tmp);
        return -1;
    }
    fchmod(fd, 0644);
    size_t done = 0;
    int e = 0;
    while (done < len) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            e = errno;
            break;
        }
        done += (size_t)w;
    }
    if (close(fd) != 0 && !e)
        e = errno;
    if (!e && rename(tmp, path) != 0)
        e = errno;
    if (e) {
        snprintf(err, err_len, "cannot write %s: %s", path, strerror(e));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

char *conf_path_join(const char *dir, const char *name)
{
    size_t dl = strlen(dir), nl = strlen(name);
    bool slash = dl && dir[dl - 1] != '/';
    char *p = xmalloc(dl + nl + 2);
    memcpy(p, dir, dl);
    if (slash)
        p[dl++] = '/';
    memcpy(p + dl, name, nl + 1);
    return p;
}

char *conf_dirname(const char *path)
{
    const char *s = strrchr(path, '/');
    if (!s)
        return xstrdup(".");
    if (s == path)
        return xstrdup("/");
    return xstrndup(path, (size_t)(s - path));
}

bool conf_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool conf_is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    remove(path);
    return 0;
}

void conf_remove_tree(const char *path)
{
    nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

void conf_copy(char *dst, size_t n, const char *src)
{
    if (!n)
        return;
    size_t l = src ? strlen(src) : 0;
    if (l >= n)
        l = n - 1;
    if (l)
        memcpy(dst, src, l);
    dst[l] = 0;
}

void conf_first_line(char *dst, size_t n, const char *s)
{
    if (!n)
        return;
    size_t l = s ? strcspn(s, "\n") : 0;
    if (l >= n)
        l = n - 1;
    if (l)
        memcpy(dst, s, l);
    dst[l] = 0;
    while (l && (dst[l - 1] == '\r' || dst[l - 1] == ' '))
        dst[--l] = 0;
}

char *conf_trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = 0;
    return s;
}
