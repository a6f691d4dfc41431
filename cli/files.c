/* Reading inputs and writing outputs for the command-line tools: an output
 * is written whole or not at all. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"

char *cli_read_all(FILE *f, size_t *len)
{
    size_t cap = 1 << 14, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
        if (n == cap) {
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) {
                free(buf);
                return NULL;
            }
            buf = nb;
            cap *= 2;
        }
    }
    if (!buf || ferror(f)) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

char *cli_read_input(const char *prog, const char *path, size_t *len)
{
    bool from_stdin = strcmp(path, "-") == 0;
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot read %s: %s\n", prog, path, strerror(errno));
        return NULL;
    }
    char *text = cli_read_all(f, len);
    if (!from_stdin)
        fclose(f);
    if (!text)
        fprintf(stderr, "%s: cannot read %s\n", prog, path);
    return text;
}

/* Writes data to path through a temporary file and a rename, so an error
 * never leaves a partial output behind. */
int cli_write_atomically(const char *prog, const char *path, const void *data, size_t len)
{
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 16);
    if (!tmp)
        return -1;
    snprintf(tmp, pl + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot write %s: %s\n", prog, path, strerror(errno));
        free(tmp);
        return -1;
    }
    fchmod(fd, 0644);
    const char *p = data;
    size_t left = len;
    while (left) {
        ssize_t w = write(fd, p, left);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        p += w;
        left -= (size_t)w;
    }
    int err = left ? errno : 0;
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err && rename(tmp, path) != 0)
        err = errno;
    if (err) {
        fprintf(stderr, "%s: cannot write %s: %s\n", prog, path, strerror(err));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

char *cli_default_output(const char *src, const char *ext)
{
    const char *slash = strrchr(src, '/');
    const char *dot = strrchr(src, '.');
    size_t stem = (dot && (!slash || dot > slash)) ? (size_t)(dot - src) : strlen(src);
    size_t el = strlen(ext);
    char *out = malloc(stem + el + 1);
    if (out) {
        memcpy(out, src, stem);
        memcpy(out + stem, ext, el + 1);
    }
    return out;
}

