/* libFuzzer target: bytes as a .npy file through npy_read.  The reader only
 * takes a path, so each input is written to one private temporary file. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "npy.h"

static char path[64];
static int fd = -1;

static void cleanup(void)
{
    if (path[0])
        unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fd < 0) {
        const char *dir = getenv("TMPDIR");
        snprintf(path, sizeof path, "%s/fuzz_npy_XXXXXX", dir && strlen(dir) < 40 ? dir : "/tmp");
        fd = mkstemp(path);
        if (fd < 0) {
            perror("mkstemp");
            abort();
        }
        atexit(cleanup);
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size) {
        perror("writing the temporary file");
        abort();
    }
    npy_array arr;
    char err[512];
    if (npy_read(path, &arr, err, sizeof err) == 0)
        npy_free(&arr);
    return 0;
}
