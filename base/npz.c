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

int npz_read(const char *path, npz_file *out, char *err, size_t err_len)
{
    memset(out, 0, sizeof *out);
    size_t len;
    uint8_t *buf = read_file(path, &len, err, err_len);
    if (!buf)
        return -1;
    int rc = -1;
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
    out->entries = calloc(count ? count : 1, sizeof *out->entries);
    if (!out->entries) {
        npz_fail(err, err_len, path, "out of memory");
        goto done;
    }
    size_t p = cd_off, end = (size_t)cd_off + cd_size;
    for (uint32_t i = 0; i < count; i++) {
        if (end - p < ZIP_CENTRAL_LEN || tir_get_le32(buf + p) != ZIP_CENTRAL_SIG) {
            npz_fail(err, err_len, path, "corrupt .npz: ZIP directory entry %u is damaged", i);
            goto done;
        }
        const uint8_t *c = buf + p;
        uint32_t flags = tir_get_le16(c + 8), method = tir_get_le16(c + 10), csize = tir_get_le32(c + 20), usize = tir_get_le32(c + 24);
        uint32_t nlen = tir_get_le16(c + 28), xlen = tir_get_le16(c + 30), clen = tir_get_le16(c + 32), local = tir_get_le32(c + 42);
        if (end - p - ZIP_CENTRAL_LEN < (size_t)nlen + xlen + clen) {
            npz_fail(err, err_len, path, "corrupt .npz: ZIP directory entry %u is damaged", i);
            goto done;
        }
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(nlen < 200 ? nlen : 200), (const char *)c + ZIP_CENTRAL_LEN);
        p += ZIP_CENTRAL_LEN + nlen + xlen + clen;
        if (flags & 1) {
            npz_fail(err, err_len, path, "member '%s' is encrypted", name);
            goto done;
        }
        if (method != 0) {
            npz_fail(err, err_len, path, "member '%s' is compressed (np.savez_compressed); save the weights with "
                     "np.savez", name);
            goto done;
        }
        if (csize == 0xffffffffu || usize == 0xffffffffu || local == 0xffffffffu) {
            npz_fail(err, err_len, path, "member '%s' is over 4 GiB (ZIP64), which is not supported", name);
            goto done;
        }
        if (csize != usize || local > len || len - local < ZIP_LOCAL_LEN || tir_get_le32(buf + local) != ZIP_LOCAL_SIG) {
            npz_fail(err, err_len, path, "corrupt .npz: member '%s' is damaged", name);
            goto done;
        }
        size_t data = (size_t)local + ZIP_LOCAL_LEN + tir_get_le16(buf + local + 26) + tir_get_le16(buf + local + 28);
        if (data > len || len - data < csize) {
            npz_fail(err, err_len, path, "corrupt .npz: member '%s' reaches past the end of the file", name);
            goto done;
        }
        size_t nl = strlen(name);
        if (nl < 5 || strcmp(name + nl - 4, ".npy") != 0) {
            npz_fail(err, err_len, path, "member '%s' is not a .npy file", name);
            goto done;
        }
        name[nl - 4] = 0;
        for (int k = 0; k < out->n; k++)
            if (strcmp(out->entries[k].name, name) == 0) {
                npz_fail(err, err_len, path, "member '%s.npy' appears twice", name);
                goto done;
            }
        npz_entry *e = &out->entries[out->n];
        if (!(e->name = strdup(name))) {
            npz_fail(err, err_len, path, "out of memory");
            goto done;
        }
        out->n++;
        char where[600];
        snprintf(where, sizeof where, "%s[%s.npy]", path, name);
        if (npy_read_mem(buf + data, csize, where, &e->arr, err, err_len) != 0)
            goto done;
    }
    rc = 0;
done:
    free(buf);
    if (rc)
        npz_free(out);
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
