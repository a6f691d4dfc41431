/* The main() of a fuzz target built with -DFUZZ_STANDALONE (no libFuzzer),
 * for the test suite: it replays seed files, then deterministic mutations
 * of each from the target's LLVMFuzzerCustomMutator, and reports TAP.  A
 * crash or sanitizer report fails the test; a clean exit passes it.
 *   TARGET [-n MUTATIONS] [-s MAX_SEED_BYTES_TO_MUTATE] [-x SUFFIX]... PATH...
 * A PATH that is a directory gives its files ending in one of the SUFFIXes
 * (every file if none), one level deep, in name order.  Options --NAME
 * VALUE are the target's: it defines fuzz_standalone_init(argc, argv), for
 * setup, and may define FUZZ_STANDALONE_SEED_HOOK(path, &len), which turns
 * a file into the seed's bytes (malloc'ed) or returns NULL to read it.
 * With FUZZ_SEEDS_MUST_BE_ACCEPTED a seed the target refuses (fuzz_accepted
 * 0: it does not compile or load) fails the test. */
#ifndef TIRVM_FUZZ_STANDALONE_H
#define TIRVM_FUZZ_STANDALONE_H

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static uint64_t fs_rng = 0x2545f4914f6cdd1du;
static uint64_t fs_next(void)
{
    fs_rng ^= fs_rng << 13;
    fs_rng ^= fs_rng >> 7;
    fs_rng ^= fs_rng << 17;
    return fs_rng;
}

/* libFuzzer's byte mutator, which the custom mutators fall back on: here a
 * few byte changes, insertions and cuts from a fixed generator. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size)
{
    int edits = 1 + (int)(fs_next() % 4);
    for (int e = 0; e < edits && size; e++) {
        size_t at = fs_next() % size;
        switch (fs_next() % 4) {
        case 0: data[at] = (uint8_t)fs_next(); break;
        case 1: data[at] ^= (uint8_t)(1u << (fs_next() % 8)); break;
        case 2:
            if (size < max_size) {
                memmove(data + at + 1, data + at, size - at);
                data[at] = (uint8_t)fs_next();
                size++;
            }
            break;
        default: size = at + 1; break;
        }
    }
    return size;
}

static uint8_t *fs_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    struct stat st;
    uint8_t *buf = NULL;
    if (fstat(fileno(f), &st) == 0 && (buf = malloc((size_t)st.st_size + 1)))
        *len = fread(buf, 1, (size_t)st.st_size, f);
    fclose(f);
    return buf;
}

static int fs_has_suffix(const char *name, char **sfx, int nsfx)
{
    if (!nsfx)
        return 1;
    size_t n = strlen(name);
    for (int i = 0; i < nsfx; i++) {
        size_t m = strlen(sfx[i]);
        if (n >= m && strcmp(name + n - m, sfx[i]) == 0)
            return 1;
    }
    return 0;
}

static int fs_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int fs_test = 0;

static void fs_replay(const char *path, long mutations, size_t max_mutate)
{
    size_t len = 0;
    uint8_t *seed = NULL;
#ifdef FUZZ_STANDALONE_SEED_HOOK
    seed = FUZZ_STANDALONE_SEED_HOOK(path, &len); /* the target makes its input from the file */
#endif
    if (!seed)
        seed = fs_read(path, &len);
    if (!seed) {
        printf("not ok %d - %s cannot be read\n", ++fs_test, path);
        exit(1);
    }
    LLVMFuzzerTestOneInput(seed, len);
    int seed_ok = fuzz_accepted;
    long done = 0, accepted = 0;
    if (len <= max_mutate) {
        size_t cap = len * 2 + 4096;
        uint8_t *buf = malloc(cap);
        for (long i = 0; buf && i < mutations; i++, done++) {
            memcpy(buf, seed, len);
            size_t n = LLVMFuzzerCustomMutator(buf, len, cap, (unsigned int)fs_next());
            LLVMFuzzerTestOneInput(buf, n);
            accepted += fuzz_accepted;
        }
        free(buf);
    }
#ifdef FUZZ_SEEDS_MUST_BE_ACCEPTED
    if (!seed_ok) {
        printf("not ok %d - %s is refused: it reaches nothing worth fuzzing\n", ++fs_test, path);
        exit(1);
    }
#endif
    printf("ok %d - %s (%s) and %ld mutations of it (%ld accepted)\n", ++fs_test, path,
           seed_ok ? "accepted" : "refused", done, accepted);
    fflush(stdout);
    free(seed);
}

static int fuzz_standalone_init(int argc, char **argv);

int main(int argc, char **argv)
{
    long mutations = 200;
    size_t max_mutate = 1u << 20;
    char *sfx[16];
    int nsfx = 0;
    if (fuzz_standalone_init(argc, argv) != 0)
        return 1;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "-n") == 0 && a + 1 < argc) {
            mutations = atol(argv[++a]);
        } else if (strcmp(argv[a], "-s") == 0 && a + 1 < argc) {
            max_mutate = (size_t)atol(argv[++a]);
        } else if (strcmp(argv[a], "-x") == 0 && a + 1 < argc) {
            if (nsfx < 16)
                sfx[nsfx++] = argv[++a];
        } else if (argv[a][0] == '-' && argv[a][1] == '-') {
            a++; /* the target's own option (fuzz_standalone_init) and its value */
        } else {
            DIR *d = opendir(argv[a]);
            if (!d) {
                fs_replay(argv[a], mutations, max_mutate);
                continue;
            }
            char **names = NULL;
            size_t n = 0, cap = 0;
            for (struct dirent *e; (e = readdir(d));) {
                if (e->d_name[0] == '.' || !fs_has_suffix(e->d_name, sfx, nsfx))
                    continue;
                if (n == cap && !(names = realloc(names, (cap = cap ? cap * 2 : 16) * sizeof *names)))
                    return 1;
                names[n++] = strdup(e->d_name);
            }
            closedir(d);
            qsort(names, n, sizeof *names, fs_cmp);
            for (size_t i = 0; i < n; i++) {
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", argv[a], names[i]);
                fs_replay(path, mutations, max_mutate);
                free(names[i]);
            }
            free(names);
        }
    }
    printf("1..%d\n", fs_test);
    return 0;
}

#endif
