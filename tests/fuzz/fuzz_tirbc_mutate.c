/* libFuzzer target: valid modules mutated field by field.  The custom
 * mutator decodes the input as a module, changes one field (a code word, a
 * register's kind or lane count, a buffer's dtype, kind or dimension, a
 * param's kind or index, a constant, a line entry, the return type) and
 * encodes it again, so mutants stay well-formed msgpack and reach the
 * verifier's and the interpreter's rules instead of the reader's.  Inputs
 * that do not decode get libFuzzer's byte-level mutations.  Each input is
 * then loaded, verified and run like fuzz_tirbc_run. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "tirbc.h"
#include "tirvm.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

static uint64_t next_random(uint64_t *s)
{
    /* xorshift64*: deterministic for a given libFuzzer seed */
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

/* A new value for a field: near the old one, a boundary, or random. */
static uint64_t mutate_value(uint64_t old, uint64_t *rng)
{
    switch (next_random(rng) % 6) {
    case 0: return old + 1;
    case 1: return old - 1;
    case 2: return old ^ (1ULL << (next_random(rng) % 64));
    case 3: return 0;
    case 4: return next_random(rng) % 70; /* small: lane counts, kinds, indices */
    default: return next_random(rng);
    }
}

static void mutate_function(tirbc_function *f, uint64_t *rng)
{
    uint64_t pick = next_random(rng) % 10;
    if (pick < 4 && f->ncode) {
        uint32_t *w = &f->code[next_random(rng) % f->ncode];
        *w = (uint32_t)mutate_value(*w, rng);
    } else if (pick == 4 && f->nregs) {
        tirbc_regtype *r = &f->regtypes[next_random(rng) % f->nregs];
        if (next_random(rng) & 1)
            r->vtype = (uint8_t)mutate_value(r->vtype, rng);
        else
            r->lanes = (uint16_t)mutate_value(r->lanes, rng);
    } else if (pick == 5 && f->nbuffers) {
        tirbc_buffer *b = &f->buffers[next_random(rng) % f->nbuffers];
        switch (next_random(rng) % 4) {
        case 0: b->dtype.code = (uint8_t)mutate_value(b->dtype.code, rng); break;
        case 1: b->dtype.bits = (uint8_t)mutate_value(b->dtype.bits, rng); break;
        case 2: b->kind = (uint8_t)mutate_value(b->kind, rng); break;
        default:
            if (b->ndim) {
                tirbc_dimref *d = &b->shape[next_random(rng) % b->ndim];
                if (next_random(rng) & 1)
                    d->kind = (uint8_t)mutate_value(d->kind, rng);
                else
                    d->value = (int64_t)mutate_value((uint64_t)d->value, rng);
            }
        }
    } else if (pick == 6 && f->nparams) {
        tirbc_param *p = &f->params[next_random(rng) % f->nparams];
        if (next_random(rng) & 1)
            p->kind = (uint8_t)mutate_value(p->kind, rng);
        else
            p->index = (uint32_t)mutate_value(p->index, rng);
    } else if (pick == 7 && f->nconsts) {
        uint64_t *k = &f->consts[next_random(rng) % f->nconsts];
        *k = mutate_value(*k, rng);
    } else if (pick == 8 && f->nlines) {
        tirbc_line *l = &f->lines[next_random(rng) % f->nlines];
        l->pc = (uint32_t)mutate_value(l->pc, rng);
    } else {
        f->ret_dtype.code = (uint8_t)mutate_value(f->ret_dtype.code, rng) % 8;
    }
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    char err[256];
    tirbc_module *m = NULL;
    uint64_t rng = seed ? seed : 1;
    if (tirbc_read(data, size, &m, err, sizeof err) != 0 || m->nfuncs == 0) {
        tirbc_module_free(m);
        return LLVMFuzzerMutate(data, size, max_size);
    }
    unsigned rounds = 1 + (unsigned)(next_random(&rng) % 3);
    for (unsigned i = 0; i < rounds; i++)
        mutate_function(&m->funcs[next_random(&rng) % m->nfuncs], &rng);
    uint8_t *bytes = NULL;
    size_t n = 0;
    size_t out = 0;
    if (tirbc_write(m, &bytes, &n, err, sizeof err) == 0 && n <= max_size) {
        memcpy(data, bytes, n);
        out = n;
    }
    free(bytes);
    tirbc_module_free(m);
    return out ? out : LLVMFuzzerMutate(data, size, max_size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_load_and_run(data, size);
    return 0;
}
