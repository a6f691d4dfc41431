/* Serialises a module into the .tirbc format described in README.md. */
#include <msgpack.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msgpack_util.h"
#include "tirbc.h"

typedef struct {
    msgpack_packer pk;
    char *err;
    size_t err_len;
    int failed; /* a pack call failed (out of memory) */
} writer;

static int werr(writer *w, const char *fmt, ...)
{
    if (w->err && w->err_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(w->err, w->err_len, fmt, ap);
        va_end(ap);
        tirbc_one_line(w->err);
    }
    return -1;
}

/* Each pack helper records failure instead of returning it so the record
 * builders stay readable; the result is checked once at the end. */
static void p_ok(writer *w, int rc)
{
    if (rc != 0)
        w->failed = 1;
}

static void p_key(writer *w, const char *key)
{
    size_t n = strlen(key);
    p_ok(w, msgpack_pack_str(&w->pk, n));
    p_ok(w, msgpack_pack_str_body(&w->pk, key, n));
}

static void p_str(writer *w, const char *s)
{
    if (!s) {
        p_ok(w, msgpack_pack_nil(&w->pk));
        return;
    }
    size_t n = strlen(s);
    p_ok(w, msgpack_pack_str(&w->pk, n));
    if (n)
        p_ok(w, msgpack_pack_str_body(&w->pk, s, n));
}

static void p_uint(writer *w, uint64_t v) { p_ok(w, msgpack_pack_uint64(&w->pk, v)); }

static void p_int(writer *w, int64_t v)
{
    if (v >= 0)
        p_ok(w, msgpack_pack_uint64(&w->pk, (uint64_t)v));
    else
        p_ok(w, msgpack_pack_int64(&w->pk, v));
}

static void p_dtype(writer *w, tir_dtype t)
{
    p_ok(w, msgpack_pack_array(&w->pk, 3));
    p_uint(w, t.code);
    p_uint(w, t.bits);
    p_uint(w, t.lanes);
}

static void p_dimref(writer *w, const tirbc_dimref *d)
{
    p_ok(w, msgpack_pack_array(&w->pk, 2));
    p_uint(w, d->kind);
    p_int(w, d->value);
}

static void p_dims(writer *w, uint32_t n, const tirbc_dimref *d)
{
    p_ok(w, msgpack_pack_array(&w->pk, n));
    for (uint32_t i = 0; i < n; i++)
        p_dimref(w, &d[i]);
}

/* A bin of `count` records of `rec` bytes each, encoded by `enc` in chunks
 * so the little-endian image never has to exist in full. */
typedef void (*rec_encoder)(const void *base, uint32_t i, uint8_t *out);

static void p_records(writer *w, const void *base, uint32_t count, size_t rec, rec_encoder enc)
{
    uint8_t chunk[4096];
    size_t per = sizeof chunk / rec;
    p_ok(w, msgpack_pack_bin(&w->pk, (size_t)count * rec));
    for (uint32_t i = 0; i < count;) {
        size_t n = 0;
        for (; n < per && i < count; n++, i++)
            enc(base, i, chunk + n * rec);
        p_ok(w, msgpack_pack_bin_body(&w->pk, chunk, n * rec));
    }
}

static void enc_word(const void *base, uint32_t i, uint8_t *out)
{
    tir_put_le32(out, ((const uint32_t *)base)[i]);
}
static void enc_const(const void *base, uint32_t i, uint8_t *out)
{
    tir_put_le64(out, ((const uint64_t *)base)[i]);
}
static void enc_reg(const void *base, uint32_t i, uint8_t *out)
{
    const tirbc_regtype *r = &((const tirbc_regtype *)base)[i];
    out[0] = r->vtype;
    out[1] = 0;
    tir_put_le16(out + 2, r->lanes);
}
static void enc_line(const void *base, uint32_t i, uint8_t *out)
{
    const tirbc_line *l = &((const tirbc_line *)base)[i];
    tir_put_le32(out, l->pc);
    tir_put_le32(out + 4, l->line);
    tir_put_le32(out + 8, l->col);
}

static bool too_long(const char *s) { return s && strlen(s) > TIRBC_MAX_STRLEN; }

/* Pointers must be present wherever a count says there is data; catching
 * that here gives a message instead of a crash. */
#define NEED(ptr, count, what)                                                   \
    do {                                                                         \
        if ((count) > 0 && !(ptr))                                               \
            return werr(w, "cannot write function %u: %s missing (count %u)", fi, \
                        (what), (unsigned)(count));                              \
    } while (0)

static int check_function(writer *w, const tirbc_function *f, uint32_t fi)
{
    if (!f->name)
        return werr(w, "cannot write function %u: it has no name", fi);
    NEED(f->params, f->nparams, "params");
    NEED(f->buffers, f->nbuffers, "buffers");
    NEED(f->regtypes, f->nregs, "register types");
    NEED(f->code, f->ncode, "code");
    NEED(f->consts, f->nconsts, "constants");
    NEED(f->strings, f->nstrings, "strings");
    NEED(f->lines, f->nlines, "line table");
    /* Refuse what the reader would refuse, so every written file loads. */
    static const char lim_fmt[] = "cannot write function '%s': %u %s exceeds the format limit of %u";
    const struct {
        uint32_t n, max;
        const char *what;
    } lims[] = {
        {f->nparams, TIRBC_MAX_PARAMS, "params"},    {f->nbuffers, TIRBC_MAX_BUFFERS, "buffers"},
        {f->nregs, TIRBC_MAX_REGS, "registers"},     {f->ncode, TIRBC_MAX_CODE, "code words"},
        {f->nconsts, TIRBC_MAX_CONSTS, "constants"}, {f->nstrings, TIRBC_MAX_STRINGS, "strings"},
        {f->nlines, f->ncode, "line entries"},
    };
    for (size_t i = 0; i < sizeof lims / sizeof lims[0]; i++)
        if (lims[i].n > lims[i].max)
            return werr(w, lim_fmt, f->name, lims[i].n, lims[i].what, lims[i].max);
    for (uint32_t i = 0; i < f->nparams; i++)
        if (!f->params[i].name)
            return werr(w, "cannot write function '%s': param %u has no name", f->name, i);
    if (too_long(f->name))
        return werr(w, "cannot write function %u: its name is longer than %u bytes", fi, TIRBC_MAX_STRLEN);
    for (uint32_t i = 0; i < f->nparams; i++)
        if (too_long(f->params[i].name) || too_long(f->params[i].alias))
            return werr(w, "cannot write function '%s': param %u: name longer than %u bytes", f->name, i,
                        TIRBC_MAX_STRLEN);
    for (uint32_t i = 0; i < f->nbuffers; i++)
        for (uint32_t k = 0; f->buffers[i].shape_names && k < f->buffers[i].ndim; k++)
            if (too_long(f->buffers[i].shape_names[k]))
                return werr(w, "cannot write function '%s': buffer b%u: shape name longer than %u bytes", f->name, i,
                            TIRBC_MAX_STRLEN);
    for (uint32_t i = 0; i < f->nbuffers; i++)
        if (too_long(f->buffers[i].name))
            return werr(w, "cannot write function '%s': buffer b%u: name longer than %u bytes", f->name, i,
                        TIRBC_MAX_STRLEN);
    for (uint32_t i = 0; i < f->nbuffers; i++) {
        const tirbc_buffer *b = &f->buffers[i];
        NEED(b->shape, b->ndim, "buffer shape");
        NEED(b->strides, b->nstrides, "buffer strides");
        if (b->ndim > TIRBC_MAX_NDIM || b->nstrides > TIRBC_MAX_NDIM)
            return werr(w, "cannot write function '%s': buffer b%u has more than %u dimensions", f->name, i,
                        TIRBC_MAX_NDIM);
    }
    for (uint32_t i = 0; i < f->nstrings; i++) {
        if (!f->strings[i])
            return werr(w, "cannot write function '%s': string s%u is NULL", f->name, i);
        if (too_long(f->strings[i]))
            return werr(w, "cannot write function '%s': string s%u is longer than %u bytes", f->name, i,
                        TIRBC_MAX_STRLEN);
    }
    return 0;
}

/* Shape names are written only when the buffer has one, so a module without
 * any is byte for byte what earlier versions wrote. */
static bool has_shape_names(const tirbc_buffer *b)
{
    for (uint32_t k = 0; b->shape_names && k < b->ndim; k++)
        if (b->shape_names[k])
            return true;
    return false;
}

static void enc_weight(const void *base, uint32_t i, uint8_t *out)
{
    const tirbc_weight *wt = (const tirbc_weight *)base + i;
    tir_put_le64(out, wt->offset);
    tir_put_le64(out + 8, wt->nbytes);
}

/* The weight section, last in the module map: 'pad' (zero bytes) puts the
 * start of the 'weights' bytes at a file offset that is a multiple of
 * TIRBC_WEIGHT_ALIGN, so a loader may use them where they lie. */
static void p_weights(writer *w, const tirbc_module *m, const msgpack_sbuffer *sbuf)
{
    p_key(w, "weight_table");
    p_records(w, m->weights, m->nweights, TIRBC_WEIGHT_RECORD, enc_weight);
    uint64_t n = m->weight_bytes;
    size_t header = n < 256 ? 2 : n < 65536 ? 3 : 5;
    /* "pad" key (4 bytes), its bin8 header (2), "weights" key (8), the bin's header */
    size_t at = sbuf->size + 4 + 2 + 8 + header;
    size_t pad = (TIRBC_WEIGHT_ALIGN - at % TIRBC_WEIGHT_ALIGN) % TIRBC_WEIGHT_ALIGN;
    static const uint8_t zeros[TIRBC_WEIGHT_ALIGN];
    p_key(w, "pad");
    p_ok(w, msgpack_pack_bin(&w->pk, pad));
    p_ok(w, msgpack_pack_bin_body(&w->pk, zeros, pad));
    p_key(w, "weights");
    p_ok(w, msgpack_pack_bin(&w->pk, (size_t)n));
    p_ok(w, msgpack_pack_bin_body(&w->pk, m->weight_data, (size_t)n));
}

static void p_function(writer *w, const tirbc_function *f)
{
    p_ok(w, msgpack_pack_map(&w->pk, 9));
    p_key(w, "name");
    p_str(w, f->name);

    p_key(w, "params");
    p_ok(w, msgpack_pack_array(&w->pk, f->nparams));
    for (uint32_t i = 0; i < f->nparams; i++) {
        const tirbc_param *p = &f->params[i];
        p_ok(w, msgpack_pack_map(&w->pk, 5));
        p_key(w, "name");
        p_str(w, p->name);
        p_key(w, "alias");
        p_str(w, p->alias);
        p_key(w, "kind");
        p_uint(w, p->kind);
        p_key(w, "dtype");
        p_dtype(w, p->dtype);
        p_key(w, "index");
        p_uint(w, p->index);
    }

    p_key(w, "buffers");
    p_ok(w, msgpack_pack_array(&w->pk, f->nbuffers));
    for (uint32_t i = 0; i < f->nbuffers; i++) {
        const tirbc_buffer *b = &f->buffers[i];
        bool names = has_shape_names(b), weight = b->kind == TIRBC_BUF_WEIGHT;
        p_ok(w, msgpack_pack_map(&w->pk, 6 + names + weight));
        p_key(w, "name");
        p_str(w, b->name);
        p_key(w, "dtype");
        p_dtype(w, b->dtype);
        p_key(w, "kind");
        p_uint(w, b->kind);
        p_key(w, "shape");
        p_dims(w, b->ndim, b->shape);
        p_key(w, "strides");
        p_dims(w, b->nstrides, b->strides);
        p_key(w, "elem_offset");
        p_dimref(w, &b->elem_offset);
        if (names) {
            p_key(w, "shape_names");
            p_ok(w, msgpack_pack_array(&w->pk, b->ndim));
            for (uint32_t k = 0; k < b->ndim; k++)
                p_str(w, b->shape_names[k]);
        }
        if (weight) {
            p_key(w, "weight");
            p_uint(w, b->weight);
        }
    }

    p_key(w, "regs");
    p_records(w, f->regtypes, f->nregs, TIRBC_REG_RECORD, enc_reg);
    p_key(w, "code");
    p_records(w, f->code, f->ncode, 4, enc_word);
    p_key(w, "consts");
    p_records(w, f->consts, f->nconsts, 8, enc_const);

    p_key(w, "strings");
    p_ok(w, msgpack_pack_array(&w->pk, f->nstrings));
    for (uint32_t i = 0; i < f->nstrings; i++)
        p_str(w, f->strings[i]);

    p_key(w, "lines");
    p_records(w, f->lines, f->nlines, TIRBC_LINE_RECORD, enc_line);
    p_key(w, "ret");
    p_dtype(w, f->ret_dtype);
}

int tirbc_write(const tirbc_module *m, uint8_t **out, size_t *out_len, char *err, size_t err_len)
{
    writer w = {.err = err, .err_len = err_len};
    *out = NULL;
    *out_len = 0;
    if (m->nfuncs > 0 && !m->funcs)
        return werr(&w, "cannot write module: functions missing (count %u)", m->nfuncs);
    if (m->nfuncs > TIRBC_MAX_FUNCS)
        return werr(&w, "cannot write module: %u functions exceeds the format limit of %u", m->nfuncs,
                    TIRBC_MAX_FUNCS);
    if (too_long(m->source))
        return werr(&w, "cannot write module: source name longer than %u bytes", TIRBC_MAX_STRLEN);
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (check_function(&w, &m->funcs[i], i) != 0)
            return -1;
    if (m->nweights > TIRBC_MAX_WEIGHTS || m->weight_bytes > TIRBC_MAX_MODULE_BYTES)
        return werr(&w, "cannot write module: %u weights of %llu bytes exceed the format limits (%u weights, %s)",
                    m->nweights, (unsigned long long)m->weight_bytes, TIRBC_MAX_WEIGHTS, TIRBC_MAX_MODULE_TEXT);

    msgpack_sbuffer sbuf;
    msgpack_sbuffer_init(&sbuf);
    msgpack_packer_init(&w.pk, &sbuf, msgpack_sbuffer_write);

    p_ok(&w, msgpack_pack_array(&w.pk, 3));
    p_str(&w, "tirbc");
    p_uint(&w, TIRBC_FORMAT_VERSION);
    /* a module without weights is byte for byte what earlier writers wrote */
    bool weights = m->nweights > 0;
    p_ok(&w, msgpack_pack_map(&w.pk, weights ? 5 : 2));
    p_key(&w, "source");
    p_str(&w, m->source);
    p_key(&w, "funcs");
    p_ok(&w, msgpack_pack_array(&w.pk, m->nfuncs));
    for (uint32_t i = 0; i < m->nfuncs && !w.failed; i++)
        p_function(&w, &m->funcs[i]);
    if (weights && !w.failed)
        p_weights(&w, m, &sbuf);

    if (w.failed) {
        msgpack_sbuffer_destroy(&sbuf);
        return werr(&w, "cannot write module: out of memory");
    }
    if (sbuf.size > TIRBC_MAX_MODULE_BYTES) {
        size_t size = sbuf.size;
        msgpack_sbuffer_destroy(&sbuf);
        return werr(&w, "cannot write module: it is %zu bytes, above %s, which the loader would refuse", size,
                    TIRBC_MAX_MODULE_TEXT);
    }
    *out_len = sbuf.size;
    *out = (uint8_t *)msgpack_sbuffer_release(&sbuf);
    return 0;
}
