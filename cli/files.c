/* Reading inputs and writing outputs for the command-line tools: an output
 * is written whole or not at all. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"

/* Length of the valid UTF-8 sequence at s that is a printable character
 * (not a C1 control), or 0. */
static size_t utf8_printable(const unsigned char *s)
{
    unsigned c = s[0];
    size_t n;
    unsigned cp;
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
        cp = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        cp = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    /* overlong forms, surrogates, past U+10FFFF, and the C1 controls */
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff) ||
        (cp >= 0x80 && cp <= 0x9f))
        return 0;
    return n;
}

void cli_put_escaped(FILE *f, const char *s, bool quoted)
{
    if (!s)
        return;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (quoted && (*c == '"' || *c == '\\')) {
            fprintf(f, "\\%c", *c);
        } else if (*c == '\n') {
            fputs("\\n", f);
        } else if (*c == '\t') {
            fputs("\\t", f);
        } else if (*c == '\r') {
            fputs("\\r", f);
        } else if (*c < 0x20 || *c == 0x7f) {
            fprintf(f, "\\x%02x", *c);
        } else if (*c < 0x80) {
            fputc(*c, f);
        } else {
            size_t n = utf8_printable(c);
            if (n) {
                fwrite(c, 1, n, f);
                c += n - 1;
            } else {
                fprintf(f, "\\x%02x", *c);
            }
        }
    }
}

void cli_put_name(FILE *f, const char *name)
{
    bool plain = name && (isalpha((unsigned char)name[0]) || name[0] == '_');
    for (const char *c = name; plain && *c; c++)
        plain = isalnum((unsigned char)*c) || *c == '_' || *c == '.';
    if (plain) {
        fputs(name, f);
        return;
    }
    fputc('"', f);
    cli_put_escaped(f, name ? name : "", true);
    fputc('"', f);
}

void cli_message(const char *prog, const char *kind, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s: %s: ", prog, kind);
    cli_put_escaped(stderr, msg, false);
    fputc('\n', stderr);
}

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
        cli_message(prog, "error", "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    char *text = cli_read_all(f, len);
    if (!from_stdin)
        fclose(f);
    if (!text)
        cli_message(prog, "error", "cannot read %s", from_stdin ? "standard input" : path);
    return text;
}

static int write_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    size_t left = len;
    while (left) {
        ssize_t w = write(fd, p, left);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        left -= (size_t)w;
    }
    return 0;
}

/* Writes data to path through a temporary file and a rename, so an error
 * never leaves a partial output behind.  Renaming over a device or a pipe
 * (/dev/null, /dev/stdout) would replace the node itself, so those are
 * written in place, as npy_write does. */
int cli_write_atomically(const char *prog, const char *path, const void *data, size_t len)
{
    if (strcmp(path, "-") == 0) {
        fflush(stdout);
        if (write_all(STDOUT_FILENO, data, len) != 0) {
            cli_message(prog, "error", "cannot write standard output: %s", strerror(errno));
            return -1;
        }
        return 0;
    }
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_message(prog, "error", "cannot write %s: it is a directory", path);
        return -1;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        int fd = open(path, O_WRONLY | O_CLOEXEC);
        int err = fd < 0 || write_all(fd, data, len) != 0 ? errno : 0;
        if (fd >= 0 && close(fd) != 0 && !err)
            err = errno;
        if (err) {
            cli_message(prog, "error", "cannot write %s: %s", path, strerror(err));
            return -1;
        }
        return 0;
    }
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 16);
    if (!tmp)
        return -1;
    snprintf(tmp, pl + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        cli_message(prog, "error", "cannot write %s: %s", path, strerror(errno));
        free(tmp);
        return -1;
    }
    fchmod(fd, 0644);
    int err = write_all(fd, data, len) ? errno : 0;
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err && rename(tmp, path) != 0)
        err = errno;
    if (err) {
        cli_message(prog, "error", "cannot write %s: %s", path, strerror(err));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

int cli_check_writable(const char *path, char *err, size_t err_len)
{
    if (strcmp(path, "-") == 0)
        return 0;
    if (!*path) {
        snprintf(err, err_len, "cannot write '': the file name is empty");
        return -1;
    }
    struct stat st;
    char *resolved = NULL;
    const char *target = path;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(err, err_len, "cannot write %s: it is a directory", path);
            return -1;
        }
        if (!S_ISREG(st.st_mode)) {
            /* written in place */
            if (access(path, W_OK) != 0) {
                snprintf(err, err_len, "cannot write %s: %s", path, strerror(errno));
                return -1;
            }
            return 0;
        }
        /* a symbolic link to a file: its target is replaced */
        struct stat lst;
        if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) && (resolved = realpath(path, NULL)) != NULL)
            target = resolved;
    } else if (errno != ENOENT) {
        snprintf(err, err_len, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    /* the directory that will hold the temporary file */
    const char *slash = strrchr(target, '/');
    char *dir = slash ? strndup(target, slash == target ? 1 : (size_t)(slash - target)) : strdup(".");
    free(resolved);
    if (!dir) {
        snprintf(err, err_len, "out of memory");
        return -1;
    }
    int rc = 0;
    if (stat(dir, &st) != 0) {
        snprintf(err, err_len, "cannot write %s: directory %s: %s", path, dir, strerror(errno));
        rc = -1;
    } else if (!S_ISDIR(st.st_mode)) {
        snprintf(err, err_len, "cannot write %s: %s is not a directory", path, dir);
        rc = -1;
    } else if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, err_len, "cannot write %s: directory %s: %s", path, dir, strerror(errno));
        rc = -1;
    }
    free(dir);
    return rc;
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

