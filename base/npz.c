/* NumPy .npz archives as np.savez writes them: a ZIP file of stored (not
 * compressed) members NAME.npy.  The file is untrusted: every offset and
 * size is checked against the file before it is used. */
#include "npz.h"

#include "endian.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ZIP_EOCD_SIG 0x06054b50u
#define ZIP_CENTRAL_SIG 0x02014b50u
#define ZIP_LOCAL_SIG 0x04034b50u
#define ZIP_EOCD_LEN 22u
#define ZIP_CENTRAL_LEN 46u
#define ZIP_LOCAL_LEN 30u

static int npz_fail(char *err, size_t err_len, const char *path, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int npz_fail(char *err, size_t err_len, const char *path, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (err && err_len)
        snprintf(err, err_len, "%s: %s", path ? path : "(null)", msg);
    return -1;
}


static uint8_t *read_file(const char *path, size_t *len, char *err, size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        npz_fail(err, err_len, path, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            uint8_t *q = cap > SIZE_MAX / 2 ? NULL : realloc(buf, cap * 2);
            if (!q) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = q;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        npz_fail(err, err_len, path, bad ? "read error" : "out of memory");
        return NULL;
    }
    *len = n;
    return buf;
}

/* A member as the ZIP directory and its local header describe it. */
typedef struct {
    const char *name; /* in the file's bytes, nlen long, with ".npy" */
    uint32_t nlen;
    size_t header, data, size; /* offsets of its local header and data; its data's length */
} zip_member;

static int by_offset(const void *a, const void *b)
{
    size_t x = ((const zip_member *)a)->header, y = ((const zip_member *)b)->header;
    return (x > y) - (x < y);
}

static int by_name(const void *a, const void *b)
{
    const zip_member *x = *(const zip_member *const *)a, *y = *(const zip_member *const *)b;
    int c = memcmp(x->name, y->name, x->nlen < y->nlen ? x->nlen : y->nlen);
    return c ? c : (x->nlen > y->nlen) - (x->nlen < y->nlen);
}

/* Reads the directory into members[count] and checks each member against its
 * local header: the same name, inside the file. */
static int read_directory(const uint8_t *buf, size_t len, size_t cd_off, size_t cd_end, uint32_t count,
                          zip_member *members, const char *path, char *err, size_t err_len)
{
    size_t p = cd_off;
    for (uint32_t i = 0; i < count; i++) {
        if (cd_end - p < ZIP_CENTRAL_LEN || tir_get_le32(buf + p) != ZIP_CENTRAL_SIG)
            return npz_fail(err, err_len, path, "corrupt .npz: ZIP directory entry %u is damaged", i);
        const uint8_t *c = buf + p;
        uint32_t flags = tir_get_le16(c + 8), method = tir_get_le16(c + 10), csize = tir_get_le32(c + 20), usize = tir_get_le32(c + 24);
        uint32_t nlen = tir_get_le16(c + 28), xlen = tir_get_le16(c + 30), clen = tir_get_le16(c + 32), local = tir_get_le32(c + 42);
        if (cd_end - p - ZIP_CENTRAL_LEN < (size_t)nlen + xlen + clen)
            return npz_fail(err, err_len, path, "corrupt .npz: ZIP directory entry %u is damaged", i);
        const char *cname = (const char *)c + ZIP_CENTRAL_LEN;
        int shown = (int)(nlen < 200 ? nlen : 200);
        p += ZIP_CENTRAL_LEN + nlen + xlen + clen;
        if (flags & 1)
            return npz_fail(err, err_len, path, "member '%.*s' is encrypted", shown, cname);
        if (method != 0)
            return npz_fail(err, err_len, path, "member '%.*s' is compressed (np.savez_compressed); save the weights "
                            "with np.savez", shown, cname);
        if (csize == 0xffffffffu || usize == 0xffffffffu || local == 0xffffffffu)
            return npz_fail(err, err_len, path, "member '%.*s' is over 4 GiB (ZIP64), which is not supported", shown,
                            cname);
        if (memchr(cname, 0, nlen))
            return npz_fail(err, err_len, path, "corrupt .npz: the name of ZIP directory entry %u holds a NUL byte", i);
        if (csize != usize || local > len || len - local < ZIP_LOCAL_LEN || tir_get_le32(buf + local) != ZIP_LOCAL_SIG)
            return npz_fail(err, err_len, path, "corrupt .npz: member '%.*s' is damaged", shown, cname);
        uint32_t lnlen = tir_get_le16(buf + local + 26), lxlen = tir_get_le16(buf + local + 28);
        size_t data = (size_t)local + ZIP_LOCAL_LEN + lnlen + lxlen;
        if (data > len || len - data < csize)
            return npz_fail(err, err_len, path, "corrupt .npz: member '%.*s' reaches past the end of the file", shown,
                            cname);
        /* The directory and the local header name the member alike, or two
         * readers of the file would see different members. */
        if (lnlen != nlen || memcmp(buf + local + ZIP_LOCAL_LEN, cname, nlen) != 0)
            return npz_fail(err, err_len, path, "corrupt .npz: member '%.*s' has another name in its local header",
                            shown, cname);
        if (nlen < 5 || memcmp(cname + nlen - 4, ".npy", 4) != 0)
            return npz_fail(err, err_len, path, "member '%.*s' is not a .npy file", shown, cname);
        members[i] = (zip_member){cname, nlen, local, data, csize};
    }
    return 0;
}

/* Members may neither overlap nor reach into the directory: so each byte of
 * the file backs at most one member, and what the members decode to is
 * bounded by the file's size. */
static int check_layout(zip_member *members, uint32_t count, size_t cd_off, const char *path, char *err,
                        size_t err_len)
{
    zip_member *sorted = malloc((count ? count : 1) * sizeof *sorted);
    if (!sorted)
        return npz_fail(err, err_len, path, "out of memory");
    memcpy(sorted, members, count * sizeof *sorted);
    qsort(sorted, count, sizeof *sorted, by_offset);
    int rc = 0;
    for (uint32_t i = 0; i < count && !rc; i++) {
        const zip_member *m = &sorted[i];
        int shown = (int)(m->nlen < 200 ? m->nlen : 200);
        if (i + 1 < count && m->data + m->size > sorted[i + 1].header)
            rc = npz_fail(err, err_len, path, "corrupt .npz: members '%.*s' and '%.*s' overlap", shown, m->name,
                          (int)(sorted[i + 1].nlen < 200 ? sorted[i + 1].nlen : 200), sorted[i + 1].name);
        else if (m->data + m->size > cd_off)
            rc = npz_fail(err, err_len, path, "corrupt .npz: member '%.*s' overlaps the ZIP directory", shown,
                          m->name);
    }
    free(sorted);
    return rc;
}

/* Names are unique: sorted, equal names are neighbours (O(n log n)). */
static int check_names(const zip_member *members, uint32_t count, const char *path, char *err, size_t err_len)
{
    const zip_member **sorted = malloc((count ? count : 1) * sizeof *sorted);
    if (!sorted)
        return npz_fail(err, err_len, path, "out of memory");
    for (uint32_t i = 0; i < count; i++)
        sorted[i] = &members[i];
    qsort(sorted, count, sizeof *sorted, by_name);
    int rc = 0;
    for (uint32_t i = 1; i < count && !rc; i++)
        if (by_name(&sorted[i - 1], &sorted[i]) == 0)
            rc = npz_fail(err, err_len, path, "member '%.*s' appears twice",
                          (int)(sorted[i]->nlen < 200 ? sorted[i]->nlen : 200), sorted[i]->name);
    free(sorted);
    return rc;
}

int npz_read_mem(const void *data, size_t len, const char *path, size_t max_bytes, npz_file *out, char *err,
                 size_t err_len)
{
    memset(out, 0, sizeof *out);
    const uint8_t *buf = data;
    int rc = -1;
    zip_member *members = NULL;
    /* the end of central directory record: the last one, after at most a 64 KiB comment */
    size_t eocd = SIZE_MAX;
    for (size_t at = len >= ZIP_EOCD_LEN ? len - ZIP_EOCD_LEN + 1 : 0; at-- > 0 && len - at <= ZIP_EOCD_LEN + 65535;)
        if (tir_get_le32(buf + at) == ZIP_EOCD_SIG) {
            eocd = at;
            break;
        }
    if (eocd == SIZE_MAX) {
        npz_fail(err, err_len, path, len >= 6 && memcmp(buf, "\x93NUMPY", 6) == 0
                                         ? "a .npy file where a .npz archive (np.savez) is expected"
                                         : "not a .npz file (no ZIP directory)");
        goto done;
    }
    uint32_t count = tir_get_le16(buf + eocd + 10), cd_size = tir_get_le32(buf + eocd + 12), cd_off = tir_get_le32(buf + eocd + 16);
    if (tir_get_le16(buf + eocd + 4) != 0 || tir_get_le16(buf + eocd + 6) != 0 || tir_get_le16(buf + eocd + 8) != count) {
        npz_fail(err, err_len, path, "multi-part ZIP archives are not supported");
        goto done;
    }
    if (cd_off > eocd || cd_size > eocd - cd_off) {
        npz_fail(err, err_len, path, "corrupt .npz: the ZIP directory lies outside the file");
        goto done;
    }
    members = calloc(count ? count : 1, sizeof *members);
    out->entries = calloc(count ? count : 1, sizeof *out->entries);
    if (!members || !out->entries) {
        npz_fail(err, err_len, path, "out of memory");
        goto done;
    }
    if (read_directory(buf, len, cd_off, (size_t)cd_off + cd_size, count, members, path, err, err_len) != 0 ||
        check_layout(members, count, cd_off, path, err, err_len) != 0 ||
        check_names(members, count, path, err, err_len) != 0)
        goto done;
    size_t left = max_bytes ? max_bytes : SIZE_MAX;
    for (uint32_t i = 0; i < count; i++) {
        const zip_member *m = &members[i];
        npz_entry *e = &out->entries[out->n];
        if (!(e->name = strndup(m->name, m->nlen - 4))) {
            npz_fail(err, err_len, path, "out of memory");
            goto done;
        }
        out->n++;
        char where[600];
        snprintf(where, sizeof where, "%s[%.200s.npy]", path, e->name);
        if (npy_read_mem_limit(buf + m->data, m->size, where, left, &e->arr, err, err_len) != 0)
            goto done;
        left -= e->arr.nbytes;
    }
    rc = 0;
done:
    free(members);
    if (rc)
        npz_free(out);
    return rc;
}

int npz_read(const char *path, size_t max_bytes, npz_file *out, char *err, size_t err_len)
{
    memset(out, 0, sizeof *out);
    size_t len;
    uint8_t *buf = read_file(path, &len, err, err_len);
    if (!buf)
        return -1;
    int rc = npz_read_mem(buf, len, path, max_bytes, out, err, err_len);
    free(buf);
    return rc;
}

const npz_entry *npz_find(const npz_file *z, const char *name)
{
    for (int i = 0; i < z->n; i++)
        if (strcmp(z->entries[i].name, name) == 0)
            return &z->entries[i];
    return NULL;
}

void npz_free(npz_file *z)
{
    for (int i = 0; z->entries && i < z->n; i++) {
        free(z->entries[i].name);
        npy_free(&z->entries[i].arr);
    }
    free(z->entries);
    memset(z, 0, sizeof *z);
}
