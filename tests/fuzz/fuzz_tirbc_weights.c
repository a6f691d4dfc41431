/* libFuzzer target: .tirbc modules with a weight section (a model's
 * constants: 'weight_table' records of offset and size into the 'weights'
 * bin, and buffers of kind weight that name one by index).  Each input is
 * loaded both ways the VM loads: from memory (the weights copied) and from
 * a file (tirvm_module_load_file: the weights used where they lie when
 * aligned), then run under a step and memory budget (fuzz_common.h).  The
 * mutator aims at the weight section: a record's offset or size, the
 * table's and the section's lengths, a buffer's weight index and kind; one
 * in four times it leaves the bytes to libFuzzer's own mutations.
 * Seeds: the public models compiled with their weights (scripts/fuzz.sh).
 * Built with -DFUZZ_STANDALONE it replays the seeds named on its command
 * line; a seed MODEL.json is compiled first, with --params PARAMS.npz its
 * weights bound (tirc --params), so the suite needs no .tirbc files. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_common.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

static int memfd = -1;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_load_and_run(data, size);
    /* The file loader keeps the bytes and may use the weights in place. */
    if (memfd < 0 && (memfd = memfd_create("fuzz.tirbc", 0)) < 0)
        return 0;
    if (ftruncate(memfd, 0) != 0 || pwrite(memfd, data, size, 0) != (ssize_t)size)
        return 0;
    char path[64], err[512];
    snprintf(path, sizeof path, "/proc/self/fd/%d", memfd);
    tirvm_module *m = NULL;
    if (tirvm_module_load_file(path, &m, err, sizeof err) == TIRVM_OK) {
        fuzz_run_module(m);
        tirvm_module_free(m);
    }
    return 0;
}

/* ---- the mutator -------------------------------------------------------- */

static uint64_t tw_rng;
static uint64_t tw_next(void)
{
    tw_rng ^= tw_rng << 13;
    tw_rng ^= tw_rng >> 7;
    tw_rng ^= tw_rng << 17;
    return tw_rng;
}

/* Where the msgpack string `key` (a fixstr) occurs, value first: up to max
 * offsets of the byte after it. */
static size_t tw_find(const uint8_t *d, size_t size, const char *key, size_t *at, size_t max)
{
    size_t kl = strlen(key), n = 0;
    for (size_t i = 0; i + 1 + kl < size && n < max; i++)
        if (d[i] == (0xa0 | kl) && memcmp(d + i + 1, key, kl) == 0)
            at[n++] = i + 1 + kl;
    return n;
}

/* A bin's header at p: its length and where its bytes start (0 if not a bin). */
static size_t tw_bin(const uint8_t *d, size_t size, size_t p, uint64_t *len)
{
    if (p >= size)
        return 0;
    size_t w = d[p] == 0xc4 ? 1 : d[p] == 0xc5 ? 2 : d[p] == 0xc6 ? 4 : 0;
    if (!w || p + 1 + w > size)
        return 0;
    uint64_t v = 0;
    for (size_t i = 0; i < w; i++)
        v = v << 8 | d[p + 1 + i];
    *len = v;
    return p + 1 + w;
}

static void tw_set_bin_len(uint8_t *d, size_t p, uint64_t len)
{
    size_t w = d[p] == 0xc4 ? 1 : d[p] == 0xc5 ? 2 : 4;
    for (size_t i = 0; i < w; i++)
        d[p + w - i] = (uint8_t)(len >> (8 * i));
}

static uint64_t tw_value(uint64_t old, uint64_t section)
{
    static const uint64_t edges[] = {0, 1, 63, 64, 65, 128, 4096, 0x7fffffffu, 0xffffffffu, 0x100000000u,
                                     UINT64_MAX, UINT64_MAX - 63, 0x8000000000000000u};
    switch (tw_next() % 5) {
    case 0: return old + 64 * (tw_next() % 5) - 128;
    case 1: return old + tw_next() % 9 - 4;
    case 2: return section - 64 * (tw_next() % 3);
    case 3: return (tw_next() % (section / 64 + 2)) * 64;
    default: return edges[tw_next() % (sizeof edges / sizeof edges[0])];
    }
}

static void tw_put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t tw_get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* Removes (cut > 0) or inserts (cut < 0, copies of the bytes before) bytes
 * at the end of the bin whose header is at p; its header follows. */
static size_t tw_resize_bin(uint8_t *d, size_t size, size_t max, size_t p, int64_t change)
{
    uint64_t len;
    size_t start = tw_bin(d, size, p, &len);
    if (!start || start + len > size)
        return 0;
    size_t end = start + (size_t)len;
    if (change < 0) { /* shrink */
        uint64_t cut = (uint64_t)-change;
        if (cut > len)
            return 0;
        memmove(d + end - cut, d + end, size - end);
        tw_set_bin_len(d, p, len - cut);
        return size - (size_t)cut;
    }
    uint64_t grow = (uint64_t)change;
    uint64_t limit = d[p] == 0xc4 ? 0xff : d[p] == 0xc5 ? 0xffff : 0xffffffffu;
    if (size + grow > max || len + grow > limit || grow > len)
        return 0;
    memmove(d + end + grow, d + end, size - end);
    memcpy(d + end, d + end - grow, (size_t)grow); /* the last bytes again: a duplicated record */
    tw_set_bin_len(d, p, len + grow);
    return size + (size_t)grow;
}

static size_t tw_mutate(uint8_t *d, size_t size, size_t max)
{
    size_t at[64];
    size_t nt = tw_find(d, size, "weight_table", at, 1), table = nt ? at[0] : 0;
    size_t nw = tw_find(d, size, "weights", at, 1), section = nw ? at[0] : 0;
    uint64_t tlen = 0, slen = 0;
    size_t trecs = nt ? tw_bin(d, size, table, &tlen) : 0;
    if (nw)
        tw_bin(d, size, section, &slen);
    switch (tw_next() % 6) {
    case 0:
    case 1: { /* a record's offset or size */
        if (!trecs || tlen < 16 || trecs + tlen > size)
            return 0;
        size_t r = trecs + 16 * (tw_next() % (tlen / 16)) + 8 * (tw_next() % 2);
        tw_put64(d + r, tw_value(tw_get64(d + r), slen));
        return size;
    }
    case 2: /* a record dropped or duplicated, or a part of one cut */
        if (!nt)
            return 0;
        switch (tw_next() % 3) {
        case 0: return tw_resize_bin(d, size, max, table, -16);
        case 1: return tw_resize_bin(d, size, max, table, 16);
        default: return tw_resize_bin(d, size, max, table, -(int64_t)(1 + tw_next() % 15));
        }
    case 3: /* the section shorter (its last weights cut) or longer */
        if (!nw)
            return 0;
        return tw_resize_bin(d, size, max, section,
                             tw_next() % 2 ? -(int64_t)(1 + tw_next() % (slen ? slen : 1)) : (int64_t)(1 + tw_next() % 128));
    case 4: { /* a buffer's weight index (a positive fixint or uint8/16/32) */
        size_t n = tw_find(d, size, "weight", at, 64);
        if (!n)
            return 0;
        size_t p = at[tw_next() % n];
        uint32_t v = (uint32_t)tw_value(0, 64) / 64;
        if (d[p] < 0x80)
            d[p] = (uint8_t)(tw_next() % 2 ? v & 0x7f : (d[p] + 1) & 0x7f);
        else if (d[p] == 0xcc && p + 1 < size)
            d[p + 1] = (uint8_t)v;
        else if (d[p] == 0xcd && p + 2 < size)
            d[p + 2] ^= 1;
        else
            return 0;
        return size;
    }
    default: { /* a buffer's kind: parameter, allocation, weight, or none of them */
        size_t n = tw_find(d, size, "kind", at, 64);
        if (!n)
            return 0;
        size_t p = at[tw_next() % n];
        if (d[p] >= 0x80)
            return 0;
        d[p] = (uint8_t)(tw_next() % 4);
        return size;
    }
    }
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    tw_rng = (uint64_t)seed * 0x9e3779b97f4a7c15u + 3;
    size_t n = tw_next() % 4 ? tw_mutate(data, size, max_size) : 0;
    return n ? n : LLVMFuzzerMutate(data, size, max_size);
}

#ifdef FUZZ_STANDALONE
#define FUZZ_SEEDS_MUST_BE_ACCEPTED
#include "tirc.h"
#include "npz.h"

static const char *params_path;

/* A seed ending in .json is a model: compiled (with --params, its weights
 * bound) and its module replayed in place of the file. */
static int fuzz_standalone_init(int argc, char **argv)
{
    for (int a = 1; a + 1 < argc; a++)
        if (strcmp(argv[a], "--params") == 0)
            params_path = argv[a + 1];
    return 0;
}

static uint8_t *tw_compile_seed(const char *path, size_t *len);
#define FUZZ_STANDALONE_SEED_HOOK tw_compile_seed
#include "fuzz_standalone.h"

static uint8_t *tw_compile_seed(const char *path, size_t *len)
{
    size_t pl = strlen(path);
    if (pl < 5 || strcmp(path + pl - 5, ".json") != 0)
        return NULL;
    npz_file z = {0};
    char err[768];
    if (params_path && npz_read(params_path, 0, &z, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    DLTensor *t = calloc((size_t)z.n + 1, sizeof *t);
    const char **names = calloc((size_t)z.n + 1, sizeof *names);
    for (int k = 0; t && names && k < z.n; k++) {
        names[k] = z.entries[k].name;
        t[k].data = z.entries[k].arr.data;
        t[k].device.device_type = kDLCPU;
        t[k].ndim = z.entries[k].arr.ndim;
        t[k].shape = z.entries[k].arr.shape;
        t[k].dtype.code = z.entries[k].arr.dtype.code;
        t[k].dtype.bits = z.entries[k].arr.dtype.bits;
        t[k].dtype.lanes = 1;
    }
    tirc_options opts = {.params = z.n ? t : NULL, .param_names = z.n ? names : NULL, .nparams = z.n};
    void *bytes = NULL;
    char *diag = NULL;
    if (tirc_compile_file(path, &opts, &bytes, len, &diag) != TIRC_OK) {
        fprintf(stderr, "%s does not compile:\n%s\n", path, diag ? diag : "");
        exit(1);
    }
    tirvm_free(diag);
    free(t);
    free(names);
    npz_free(&z);
    uint8_t *copy = malloc(*len + 1);
    if (copy)
        memcpy(copy, bytes, *len);
    tirvm_free(bytes);
    /* A model compiled without its weights would test nothing here. */
    size_t at;
    if (copy && tw_find(copy, *len, "weight_table", &at, 1) == 0) {
        fprintf(stderr, "%s compiles to a module without a weight section\n", path);
        exit(1);
    }
    return copy;
}
#endif
