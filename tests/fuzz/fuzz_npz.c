/* libFuzzer target: params.npz, a model's detached weights.  The bytes go
 * through the .npz reader (base/npz.c: the ZIP directory, local headers,
 * each member's .npy header and data) with a 64 MiB limit; an archive that
 * reads is then bound to a model both ways the commands bind one:
 *  - at compile time, through the tirc library (tirc_options.params, as
 *    tirc --params), the module then loaded and run under limits;
 *  - at run time, by name onto main's parameters (cli/args.c, as
 *    tirvm run --params), inputs it leaves out zero-filled, then called
 *    under a step and memory budget.
 * The model is TVM JSON with the weights as main's trailing parameters:
 * $FUZZ_NPZ_MODEL, by default tests/fuzz/seeds/relax/mlp-trimmed.params.zero.json
 * (the public mlp cut to 16 inputs and 8 hidden units, whose weights are
 * tests/fuzz/seeds/npz/mlp-trimmed.npz; scripts/fuzz.sh runs from the
 * repository); without it only the reader is fuzzed.  The mutator edits the ZIP and .npy fields (offsets, sizes,
 * counts, names, the header's dict) one in two times.
 * Built with -DFUZZ_STANDALONE it replays the seeds named on its command
 * line (--model PATH: the model) and deterministic mutations of them. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "endian.h"
#include "fuzz_common.h"
#include "npz.h"
#include "tirc.h"
#include "tirvm.h"

#define FUZZ_NPZ_MAX_BYTES (64u << 20)

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

static char *model_json;
static size_t model_len;
static tirvm_module *model; /* compiled without weights: main takes them */
static int model_main = -1;
static int model_tried;

static void load_model(const char *path)
{
    model_tried = 1;
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f)
        return;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    model_json = n > 0 ? malloc((size_t)n) : NULL;
    model_len = model_json ? fread(model_json, 1, (size_t)n, f) : 0;
    fclose(f);
    char *diag = NULL;
    if (model_len && tirc_compile_load(NULL, "model.json", model_json, model_len, NULL, &model, &diag) != TIRC_OK) {
        fprintf(stderr, "fuzz_npz: the model %s does not compile:\n%s\n", path, diag ? diag : "");
        abort();
    }
    tirvm_free(diag);
    if (model) {
        tirvm_module_set_threads(model, 1);
        model_main = tirvm_find_function(model, "main");
    }
}

/* tirc --params: every weight bound into the module, which must then load. */
static void bind_at_compile_time(const npz_file *z)
{
    DLTensor *t = calloc((size_t)z->n + 1, sizeof *t);
    const char **names = calloc((size_t)z->n + 1, sizeof *names);
    if (!t || !names)
        goto done;
    for (int k = 0; k < z->n; k++) {
        const npy_array *a = &z->entries[k].arr;
        names[k] = z->entries[k].name;
        t[k].data = a->data;
        t[k].device.device_type = kDLCPU;
        t[k].ndim = a->ndim;
        t[k].shape = (int64_t *)a->shape;
        t[k].dtype.code = a->dtype.code;
        t[k].dtype.bits = a->dtype.bits;
        t[k].dtype.lanes = 1;
    }
    tirc_options opts = {.params = z->n ? t : NULL, .param_names = z->n ? names : NULL, .nparams = z->n};
    tirvm_module *m = NULL;
    char *diag = NULL;
    if (tirc_compile_load(NULL, "model.json", model_json, model_len, &opts, &m, &diag) == TIRC_OK) {
        fuzz_run_module(m);
        tirvm_module_free(m);
    }
    tirvm_free(diag);
done:
    free(t);
    free(names);
}

/* tirvm run --params: the arrays by name onto main's parameters (taken
 * over: z's arrays are empty afterwards), then the call. */
static void bind_at_run_time(npz_file *z)
{
    cli_args ca;
    char err[1024];
    if (model_main < 0 || cli_args_init(&ca, model, model_main) != CLI_OK)
        return;
    int st = CLI_OK;
    for (int k = 0; k < z->n && st == CLI_OK; k++)
        st = cli_args_set_array(&ca, z->entries[k].name, "fuzz.npz", &z->entries[k].arr, err, sizeof err);
    /* The input (x) and any weight the archive left out: zeros of the
     * parameter's shape, symbolic extents FUZZ_DIM. */
    for (int p = 0; p < ca.nparams && st == CLI_OK; p++) {
        const tirvm_param_info *pi = &ca.params[p];
        if (ca.given[p] || pi->kind != TIRVM_PARAM_BUFFER || pi->written || pi->ndim > NPY_MAX_DIMS)
            continue;
        npy_array a = {.ndim = pi->ndim};
        a.dtype.code = pi->dtype.code;
        a.dtype.bits = pi->dtype.bits;
        a.dtype.lanes = 1;
        size_t elems = 1;
        for (int d = 0; d < pi->ndim; d++) {
            a.shape[d] = pi->shape[d] < 0 ? FUZZ_DIM : pi->shape[d];
            elems *= (size_t)a.shape[d];
        }
        a.nbytes = elems * ((pi->dtype.bits + 7u) / 8u);
        if (elems > FUZZ_MAX_ELEMS * 4u)
            break;
        if (a.nbytes && !(a.data = aligned_alloc(64, (a.nbytes + 63) / 64 * 64)))
            break;
        if (a.data)
            memset(a.data, 0, a.nbytes);
        st = cli_args_set_array(&ca, cli_args_user_name(&ca, p), "zeros", &a, err, sizeof err);
        npy_free(&a);
    }
    if (st == CLI_OK && cli_args_finish(&ca, FUZZ_MAX_MEMORY, err, sizeof err) == CLI_OK) {
        tirvm_call_options co = {.max_steps = FUZZ_MAX_STEPS, .max_memory = FUZZ_MAX_MEMORY,
                                 .caller_bytes = ca.zero_bytes};
        tirvm_call_ex(model, model_main, ca.args, ca.nparams, &co, NULL, err, sizeof err);
    }
    cli_args_free(&ca);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!model_tried) {
        const char *path = getenv("FUZZ_NPZ_MODEL");
        load_model(path ? path : "tests/fuzz/seeds/relax/mlp-trimmed.params.zero.json");
    }
    npz_file z;
    char err[1024];
    fuzz_accepted = npz_read_mem(data, size, "fuzz.npz", FUZZ_NPZ_MAX_BYTES, &z, err, sizeof err) == 0;
    if (!fuzz_accepted)
        return 0;
    if (model) {
        bind_at_compile_time(&z);
        bind_at_run_time(&z);
    }
    npz_free(&z);
    return 0;
}

/* ---- the mutator -------------------------------------------------------- */

static uint64_t npz_rng;
static uint64_t npz_next(void)
{
    npz_rng ^= npz_rng << 13;
    npz_rng ^= npz_rng >> 7;
    npz_rng ^= npz_rng << 17;
    return npz_rng;
}

/* A value worth trying in a field of `bytes` bytes holding old. */
static uint32_t npz_value(uint32_t old, size_t size)
{
    static const uint32_t edges[] = {0, 1, 2, 4, 22, 30, 46, 64, 128, 0xffff, 0x7fffffff, 0xffffffffu, 0x80000000u};
    switch (npz_next() % 4) {
    case 0: return old + (uint32_t)(npz_next() % 17) - 8u;
    case 1: return (uint32_t)(npz_next() % (size + 1));
    default: return edges[npz_next() % (sizeof edges / sizeof edges[0])];
    }
}

static void npz_poke(uint8_t *p, size_t width, uint32_t v)
{
    if (width == 2)
        tir_put_le16(p, (uint16_t)v);
    else
        tir_put_le32(p, v);
}

/* Fields of the ZIP records (offset in the record, width) that the reader
 * checks: a mutation changes one of them in a record it finds. */
static const struct { uint32_t sig; uint8_t off, width; } npz_fields[] = {
    {0x06054b50u, 4, 2}, {0x06054b50u, 6, 2}, {0x06054b50u, 8, 2}, {0x06054b50u, 10, 2}, {0x06054b50u, 12, 4},
    {0x06054b50u, 16, 4}, {0x06054b50u, 20, 2},
    {0x02014b50u, 8, 2}, {0x02014b50u, 10, 2}, {0x02014b50u, 20, 4}, {0x02014b50u, 24, 4}, {0x02014b50u, 28, 2},
    {0x02014b50u, 30, 2}, {0x02014b50u, 32, 2}, {0x02014b50u, 42, 4},
    {0x04034b50u, 18, 4}, {0x04034b50u, 22, 4}, {0x04034b50u, 26, 2}, {0x04034b50u, 28, 2},
};

static size_t mutate_zip(uint8_t *data, size_t size)
{
    /* A member's size: the reader refuses a compressed size that differs
     * from the uncompressed one, so both change together. */
    if (npz_next() % 3 == 0) {
        size_t hits[64], n = 0;
        for (size_t at = 0; at + 28 <= size && n < 64; at++)
            if (tir_get_le32(data + at) == 0x02014b50u)
                hits[n++] = at;
        if (!n)
            return 0;
        uint8_t *c = data + hits[npz_next() % n];
        uint32_t v = npz_value(tir_get_le32(c + 20), size);
        tir_put_le32(c + 20, v);
        tir_put_le32(c + 24, v);
        return size;
    }
    size_t f = npz_next() % (sizeof npz_fields / sizeof npz_fields[0]);
    size_t hits[64], n = 0;
    for (size_t at = 0; at + 4 <= size && n < 64; at++)
        if (tir_get_le32(data + at) == npz_fields[f].sig)
            hits[n++] = at;
    if (!n)
        return 0;
    size_t at = hits[npz_next() % n] + npz_fields[f].off;
    size_t w = npz_fields[f].width;
    if (at + w > size)
        return 0;
    uint32_t old = w == 2 ? tir_get_le16(data + at) : tir_get_le32(data + at);
    npz_poke(data + at, w, npz_value(old, size));
    return size;
}

/* The .npy header of a member: its dict's text swapped for another of
 * the same length where it fits (so the ZIP stays consistent), or its
 * version and length bytes changed. */
static size_t mutate_npy(uint8_t *data, size_t size)
{
    size_t hits[64], n = 0;
    for (size_t at = 0; at + 10 <= size && n < 64; at++)
        if (memcmp(data + at, "\x93NUMPY", 6) == 0)
            hits[n++] = at;
    if (!n)
        return 0;
    uint8_t *h = data + hits[npz_next() % n];
    size_t room = size - (size_t)(h - data);
    static const char *const words[] = {"'<f4'", "'<f8'", "'|b1'", "'<i8'", "'>f4'", "'<c8'", "'|O'", "'<U3'",
                                        "True", "False", "()", "(0,)", "(1,)", "(-1,)", "(99999999999,)",
                                        "(2, 3)", "(4294967296, 4294967296)", "(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1)",
                                        "{", "}", "'descr'", "'shape'", "'fortran_order'", ",", ":", " ", "\n"};
    switch (npz_next() % 3) {
    case 0: /* version */
        h[6] = (uint8_t)(npz_next() % 5);
        break;
    case 1: /* header length */
        if (room >= 10)
            npz_poke(h + 8, 2, npz_value(tir_get_le16(h + 8), room));
        break;
    default: { /* a word of the dict overwritten in place */
        size_t hl = room >= 10 ? tir_get_le16(h + 8) : 0;
        if (hl > room - 10)
            hl = room - 10;
        if (!hl)
            return 0;
        const char *w = words[npz_next() % (sizeof words / sizeof words[0])];
        size_t wl = strlen(w), at = 10 + npz_next() % hl;
        if (at + wl <= 10 + hl)
            memcpy(h + at, w, wl);
        break;
    }
    }
    return size;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    npz_rng = (uint64_t)seed * 0x9e3779b97f4a7c15u + 7;
    size_t n = 0;
    switch (npz_next() % 4) {
    case 0: n = mutate_zip(data, size); break;
    case 1: n = mutate_npy(data, size); break;
    default: break;
    }
    return n ? n : LLVMFuzzerMutate(data, size, max_size);
}

#ifdef FUZZ_STANDALONE
static int fuzz_standalone_init(int argc, char **argv)
{
    for (int a = 1; a + 1 < argc; a++)
        if (strcmp(argv[a], "--model") == 0)
            load_model(argv[a + 1]);
    model_tried = 1;
    return 0;
}
#include "fuzz_standalone.h"
#endif
