/* Loads a .tirbc file (untrusted input) into a module.  Every count is
 * checked against a limit and against the data actually present before
 * anything is allocated; any error frees what was built and reports one
 * line. */
#include <inttypes.h>
#include <msgpack.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msgpack_util.h"
#include "tirbc.h"

typedef struct {
    char *err;
    size_t err_len;
    bool weights_in_place; /* the caller keeps the bytes alive: aligned weights are used where they lie */
    char where[256]; /* "function 0 'main': buffer 2", for messages */
    uint32_t strings; /* in the functions read so far (TIRBC_MAX_STRINGS for the module) */
} reader;

static int rerr(reader *r, const char *fmt, ...)
{
    if (!r->err || !r->err_len)
        return -1;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (r->where[0])
        snprintf(r->err, r->err_len, "invalid .tirbc file: %s: %s", r->where, msg);
    else
        snprintf(r->err, r->err_len, "invalid .tirbc file: %s", msg);
    tirbc_one_line(r->err);
    return -1;
}

static void plain_err(reader *r, const char *msg)
{
    if (r->err && r->err_len)
        snprintf(r->err, r->err_len, "%s", msg);
}

/* Appends to the message context; returns the length to restore. */
static size_t push_where(reader *r, const char *fmt, ...)
{
    size_t old = strlen(r->where);
    if (old + 2 < sizeof r->where) {
        char *p = r->where + old;
        size_t room = sizeof r->where - old;
        if (old)
            *p++ = ':', *p++ = ' ', room -= 2;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p, room, fmt, ap);
        va_end(ap);
    }
    return old;
}

static void pop_where(reader *r, size_t old) { r->where[old] = 0; }

/* ---- structural pre-scan ------------------------------------------------
 * msgpack-c allocates a container's element array as soon as it sees the
 * header, so a 5-byte "array of 4 billion" would ask for ~100 GB.  This walk
 * over the encoded bytes checks that every object is complete and that the
 * objects still owed never outnumber the bytes left (each needs at least
 * one), which bounds msgpack-c's allocations by the input size; a cap on
 * the total object count bounds them absolutely. */
enum { SCAN_OK, SCAN_TRUNCATED, SCAN_INVALID, SCAN_TOO_BIG };

static int scan_len(const uint8_t *p, size_t len, size_t *off, unsigned nbytes, uint64_t *out)
{
    if (nbytes > len - *off)
        return SCAN_TRUNCATED;
    uint64_t v = 0;
    for (unsigned i = 0; i < nbytes; i++)
        v = v << 8 | p[*off + i];
    *off += nbytes;
    *out = v;
    return SCAN_OK;
}

static int scan_msgpack(const uint8_t *p, size_t len, size_t *end)
{
    size_t off = 0;
    uint64_t pending = 1, seen = 0; /* objects still to read, objects read */
    while (pending > 0) {
        if (off >= len)
            return SCAN_TRUNCATED;
        if (++seen > TIRBC_MAX_OBJECTS)
            return SCAN_TOO_BIG;
        uint8_t b = p[off++];
        pending--;
        uint64_t children = 0, skip = 0, n = 0;
        unsigned lenbytes = 0, extra = 0, per = 0; /* per: children per counted item */
        if (b <= 0x7f || b >= 0xe0 || b == 0xc0 || b == 0xc2 || b == 0xc3) {
            /* fixint, nil, bool: header only */
        } else if (b <= 0x8f) {
            children = 2u * (b & 0x0fu);
        } else if (b <= 0x9f) {
            children = b & 0x0fu;
        } else if (b <= 0xbf) {
            skip = b & 0x1fu;
        } else {
            switch (b) {
            case 0xc4: case 0xd9: lenbytes = 1; break;              /* bin8, str8 */
            case 0xc5: case 0xda: lenbytes = 2; break;              /* bin16, str16 */
            case 0xc6: case 0xdb: lenbytes = 4; break;              /* bin32, str32 */
            case 0xc7: lenbytes = 1; extra = 1; break;              /* ext8 (+type) */
            case 0xc8: lenbytes = 2; extra = 1; break;
            case 0xc9: lenbytes = 4; extra = 1; break;
            case 0xca: skip = 4; break;                             /* float32 */
            case 0xcb: skip = 8; break;                             /* float64 */
            case 0xcc: case 0xd0: skip = 1; break;
            case 0xcd: case 0xd1: skip = 2; break;
            case 0xce: case 0xd2: skip = 4; break;
            case 0xcf: case 0xd3: skip = 8; break;
            case 0xd4: skip = 2; break;                             /* fixext1..16 */
            case 0xd5: skip = 3; break;
            case 0xd6: skip = 5; break;
            case 0xd7: skip = 9; break;
            case 0xd8: skip = 17; break;
            case 0xdc: lenbytes = 2; per = 1; break;                /* array16 */
            case 0xdd: lenbytes = 4; per = 1; break;                /* array32 */
            case 0xde: lenbytes = 2; per = 2; break;                /* map16 */
            case 0xdf: lenbytes = 4; per = 2; break;                /* map32 */
            default: return SCAN_INVALID;                           /* 0xc1 */
            }
            if (lenbytes) {
                int rc = scan_len(p, len, &off, lenbytes, &n);
                if (rc != SCAN_OK)
                    return rc;
                if (per)
                    children = n * per;
                else
                    skip = n + extra;
            }
        }
        if (skip > len - off)
            return SCAN_TRUNCATED;
        off += (size_t)skip;
        pending += children;
        if (pending > len - off)
            return SCAN_TRUNCATED;
    }
    *end = off;
    return SCAN_OK;
}

/* Whether a damaged prefix could still be the start of a .tirbc file, to
 * tell "truncated" from "not ours" when the data does not parse. */
static bool magic_prefix_plausible(const uint8_t *p, size_t len)
{
    static const uint8_t hdr_fix[] = {0xa5}, hdr8[] = {0xd9, 5}, hdr16[] = {0xda, 0, 5},
                         hdr32[] = {0xdb, 0, 0, 0, 5};
    size_t off;
    if (len == 0)
        return true;
    if (p[0] >= 0x90 && p[0] <= 0x9f)
        off = 1;
    else if (p[0] == 0xdc)
        off = 3;
    else if (p[0] == 0xdd)
        off = 5;
    else
        return false;
    if (off >= len)
        return true;
    const uint8_t *hdr;
    size_t hlen;
    switch (p[off]) {
    case 0xa5: hdr = hdr_fix, hlen = sizeof hdr_fix; break;
    case 0xd9: hdr = hdr8, hlen = sizeof hdr8; break;
    case 0xda: hdr = hdr16, hlen = sizeof hdr16; break;
    case 0xdb: hdr = hdr32, hlen = sizeof hdr32; break;
    default: return false;
    }
    uint8_t want[5 + 5];
    memcpy(want, hdr, hlen);
    memcpy(want + hlen, "tirbc", 5);
    size_t have = len - off < hlen + 5 ? len - off : hlen + 5;
    return memcmp(p + off, want, have) == 0;
}

/* ---- typed access to msgpack objects ------------------------------------ */
static const char *obj_kind(const msgpack_object *o)
{
    switch (o->type) {
    case MSGPACK_OBJECT_NIL: return "nil";
    case MSGPACK_OBJECT_BOOLEAN: return "a boolean";
    case MSGPACK_OBJECT_POSITIVE_INTEGER: return "an unsigned integer";
    case MSGPACK_OBJECT_NEGATIVE_INTEGER: return "a negative integer";
    case MSGPACK_OBJECT_FLOAT32:
    case MSGPACK_OBJECT_FLOAT64: return "a float";
    case MSGPACK_OBJECT_STR: return "a string";
    case MSGPACK_OBJECT_ARRAY: return "an array";
    case MSGPACK_OBJECT_MAP: return "a map";
    case MSGPACK_OBJECT_BIN: return "a bin";
    case MSGPACK_OBJECT_EXT: return "an ext";
    }
    return "an unknown object";
}

static bool key_is(const msgpack_object *k, const char *key)
{
    size_t n = strlen(key);
    return k->type == MSGPACK_OBJECT_STR && k->via.str.size == n && memcmp(k->via.str.ptr, key, n) == 0;
}

static int want_map(reader *r, const msgpack_object *o, const msgpack_object_map **out)
{
    if (o->type != MSGPACK_OBJECT_MAP)
        return rerr(r, "expected a map, got %s", obj_kind(o));
    for (uint32_t i = 0; i < o->via.map.size; i++)
        if (o->via.map.ptr[i].key.type != MSGPACK_OBJECT_STR)
            return rerr(r, "map key %u is %s, expected a string", i, obj_kind(&o->via.map.ptr[i].key));
    *out = &o->via.map;
    return 0;
}

/* The value of `key`, or NULL if absent (an error when required). */
static int field(reader *r, const msgpack_object_map *m, const char *key, bool required,
                 const msgpack_object **out)
{
    *out = NULL;
    for (uint32_t i = 0; i < m->size; i++) {
        if (!key_is(&m->ptr[i].key, key))
            continue;
        if (*out)
            return rerr(r, "duplicate key '%s'", key);
        *out = &m->ptr[i].val;
    }
    if (!*out && required)
        return rerr(r, "missing key '%s'", key);
    return 0;
}

static int obj_uint(reader *r, const msgpack_object *o, const char *what, uint64_t max, uint64_t *out)
{
    if (o->type != MSGPACK_OBJECT_POSITIVE_INTEGER)
        return rerr(r, "%s: expected an unsigned integer, got %s", what, obj_kind(o));
    if (o->via.u64 > max)
        return rerr(r, "%s: value %" PRIu64 " out of range (at most %" PRIu64 ")", what, o->via.u64, max);
    *out = o->via.u64;
    return 0;
}

static int obj_i64(reader *r, const msgpack_object *o, const char *what, int64_t *out)
{
    if (o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER) {
        *out = o->via.i64;
        return 0;
    }
    if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER && o->via.u64 <= (uint64_t)INT64_MAX) {
        *out = (int64_t)o->via.u64;
        return 0;
    }
    if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER)
        return rerr(r, "%s: value %" PRIu64 " does not fit in int64", what, o->via.u64);
    return rerr(r, "%s: expected an integer, got %s", what, obj_kind(o));
}

/* A NUL-terminated copy of a string object; nil gives NULL when allowed. */
static int obj_str(reader *r, const msgpack_object *o, const char *what, bool nullable, char **out)
{
    *out = NULL;
    if (nullable && (!o || o->type == MSGPACK_OBJECT_NIL))
        return 0;
    if (o->type != MSGPACK_OBJECT_STR)
        return rerr(r, "%s: expected a string%s, got %s", what, nullable ? " or nil" : "", obj_kind(o));
    uint32_t n = o->via.str.size;
    if (n > TIRBC_MAX_STRLEN)
        return rerr(r, "%s: string of %u bytes exceeds the limit of %u", what, n, TIRBC_MAX_STRLEN);
    if (n && memchr(o->via.str.ptr, 0, n))
        return rerr(r, "%s: string contains a NUL byte", what);
    char *s = malloc((size_t)n + 1);
    if (!s)
        return rerr(r, "%s: out of memory", what);
    if (n)
        memcpy(s, o->via.str.ptr, n);
    s[n] = 0;
    *out = s;
    return 0;
}

static int rd_uint(reader *r, const msgpack_object_map *m, const char *key, uint64_t max, uint64_t *out)
{
    const msgpack_object *o;
    char what[48];
    if (field(r, m, key, true, &o))
        return -1;
    snprintf(what, sizeof what, "'%s'", key);
    return obj_uint(r, o, what, max, out);
}

static int rd_str(reader *r, const msgpack_object_map *m, const char *key, bool nullable, char **out)
{
    const msgpack_object *o;
    char what[48];
    *out = NULL;
    if (field(r, m, key, !nullable, &o))
        return -1;
    snprintf(what, sizeof what, "'%s'", key);
    return obj_str(r, o, what, nullable, out);
}

static int rd_dtype(reader *r, const msgpack_object_map *m, const char *key, tir_dtype *out)
{
    const msgpack_object *o;
    char what[64];
    uint64_t code, bits, lanes;
    if (field(r, m, key, true, &o))
        return -1;
    snprintf(what, sizeof what, "'%s'", key);
    if (o->type != MSGPACK_OBJECT_ARRAY || o->via.array.size != 3)
        return rerr(r, "%s: expected an array [code, bits, lanes], got %s", what, obj_kind(o));
    const msgpack_object *e = o->via.array.ptr;
    if (obj_uint(r, &e[0], what, UINT8_MAX, &code) || obj_uint(r, &e[1], what, UINT8_MAX, &bits) ||
        obj_uint(r, &e[2], what, UINT16_MAX, &lanes))
        return -1;
    *out = tir_dt((uint8_t)code, (uint8_t)bits, (uint16_t)lanes);
    return 0;
}

static int obj_dimref(reader *r, const msgpack_object *o, const char *what, tirbc_dimref *out)
{
    uint64_t kind;
    if (o->type != MSGPACK_OBJECT_ARRAY || o->via.array.size != 2)
        return rerr(r, "%s: expected an array [kind, value], got %s", what, obj_kind(o));
    if (obj_uint(r, &o->via.array.ptr[0], what, UINT8_MAX, &kind) ||
        obj_i64(r, &o->via.array.ptr[1], what, &out->value))
        return -1;
    out->kind = (uint8_t)kind;
    return 0;
}

static int rd_array(reader *r, const msgpack_object_map *m, const char *key, uint32_t max, const char *unit,
                    const msgpack_object_array **out)
{
    const msgpack_object *o;
    if (field(r, m, key, true, &o))
        return -1;
    if (o->type != MSGPACK_OBJECT_ARRAY)
        return rerr(r, "'%s': expected an array, got %s", key, obj_kind(o));
    if (o->via.array.size > max)
        return rerr(r, "'%s': %u %s exceeds the limit of %u", key, o->via.array.size, unit, max);
    *out = &o->via.array;
    return 0;
}

/* A bin holding `count` fixed-size records. */
static int rd_bin(reader *r, const msgpack_object_map *m, const char *key, size_t rec, uint32_t max,
                  const char *unit, const uint8_t **data, uint32_t *count)
{
    const msgpack_object *o;
    if (field(r, m, key, true, &o))
        return -1;
    if (o->type != MSGPACK_OBJECT_BIN)
        return rerr(r, "'%s': expected a bin, got %s", key, obj_kind(o));
    uint32_t size = o->via.bin.size;
    if (size % rec)
        return rerr(r, "'%s': bin of %u bytes is not a whole number of %zu-byte records", key, size, rec);
    if (size / rec > max)
        return rerr(r, "'%s': %u %s exceeds the limit of %u", key, (unsigned)(size / rec), unit, max);
    *data = (const uint8_t *)o->via.bin.ptr;
    *count = (uint32_t)(size / rec);
    return 0;
}

/* calloc that treats n == 0 as "nothing to allocate". */
static int alloc_array(reader *r, void **out, size_t n, size_t size)
{
    *out = NULL;
    if (n == 0)
        return 0;
    *out = calloc(n, size);
    if (!*out)
        return rerr(r, "out of memory");
    return 0;
}

/* ---- records -------------------------------------------------------------
 * Each array is allocated zeroed and its count set at once, so a partly
 * read function is always safe to hand to tirbc_function_free. */
static int read_param(reader *r, const msgpack_object *o, tirbc_param *p)
{
    const msgpack_object_map *m;
    uint64_t kind, index;
    if (want_map(r, o, &m) || rd_str(r, m, "name", false, &p->name) || rd_str(r, m, "alias", true, &p->alias) ||
        rd_uint(r, m, "kind", UINT8_MAX, &kind) || rd_dtype(r, m, "dtype", &p->dtype) ||
        rd_uint(r, m, "index", UINT32_MAX, &index))
        return -1;
    p->kind = (uint8_t)kind;
    p->index = (uint32_t)index;
    return 0;
}

static int read_dims(reader *r, const msgpack_object_map *m, const char *key, uint32_t *n, tirbc_dimref **out)
{
    const msgpack_object_array *a;
    if (rd_array(r, m, key, TIRBC_MAX_NDIM, "dimensions", &a) ||
        alloc_array(r, (void **)out, a->size, sizeof **out))
        return -1;
    *n = a->size;
    for (uint32_t i = 0; i < a->size; i++) {
        char what[48];
        snprintf(what, sizeof what, "'%s' entry %u", key, i);
        if (obj_dimref(r, &a->ptr[i], what, &(*out)[i]))
            return -1;
    }
    return 0;
}

/* The optional 'shape_names': one string or nil per shape entry. */
static int read_shape_names(reader *r, const msgpack_object_map *m, tirbc_buffer *b)
{
    const msgpack_object *o;
    if (field(r, m, "shape_names", false, &o))
        return -1;
    if (!o)
        return 0;
    if (o->type != MSGPACK_OBJECT_ARRAY)
        return rerr(r, "'shape_names': expected an array, got %s", obj_kind(o));
    if (o->via.array.size != b->ndim)
        return rerr(r, "'shape_names': %u names for %u dimensions", o->via.array.size, b->ndim);
    if (alloc_array(r, (void **)&b->shape_names, b->ndim, sizeof *b->shape_names))
        return -1;
    for (uint32_t k = 0; k < b->ndim; k++) {
        char what[48];
        snprintf(what, sizeof what, "'shape_names' entry %u", k);
        if (obj_str(r, &o->via.array.ptr[k], what, true, &b->shape_names[k]))
            return -1;
    }
    return 0;
}

static int read_buffer(reader *r, const msgpack_object *o, tirbc_buffer *b)
{
    const msgpack_object_map *m;
    const msgpack_object *eo;
    uint64_t kind;
    if (want_map(r, o, &m) || rd_str(r, m, "name", true, &b->name) || rd_dtype(r, m, "dtype", &b->dtype) ||
        rd_uint(r, m, "kind", UINT8_MAX, &kind) || read_dims(r, m, "shape", &b->ndim, &b->shape) ||
        read_dims(r, m, "strides", &b->nstrides, &b->strides) || field(r, m, "elem_offset", true, &eo) ||
        obj_dimref(r, eo, "'elem_offset'", &b->elem_offset) || read_shape_names(r, m, b))
        return -1;
    b->kind = (uint8_t)kind;
    const msgpack_object *wo;
    if (field(r, m, "weight", kind == TIRBC_BUF_WEIGHT, &wo))
        return -1;
    if (wo) {
        uint64_t wi;
        if (obj_uint(r, wo, "'weight'", UINT32_MAX, &wi))
            return -1;
        b->weight = (uint32_t)wi;
    }
    return 0;
}

static int read_function(reader *r, const msgpack_object *o, uint32_t fi, tirbc_function *f)
{
    const msgpack_object_map *m;
    const msgpack_object_array *a;
    const uint8_t *bin;
    uint32_t n;

    snprintf(r->where, sizeof r->where, "function %u", fi);
    if (want_map(r, o, &m) || rd_str(r, m, "name", false, &f->name))
        return -1;
    snprintf(r->where, sizeof r->where, "function %u '%.64s'", fi, f->name);

    if (rd_array(r, m, "params", TIRBC_MAX_PARAMS, "params", &a) ||
        alloc_array(r, (void **)&f->params, a->size, sizeof *f->params))
        return -1;
    f->nparams = a->size;
    for (uint32_t i = 0; i < a->size; i++) {
        size_t w = push_where(r, "param %u", i);
        if (read_param(r, &a->ptr[i], &f->params[i]))
            return -1;
        pop_where(r, w);
    }

    if (rd_array(r, m, "buffers", TIRBC_MAX_BUFFERS, "buffers", &a) ||
        alloc_array(r, (void **)&f->buffers, a->size, sizeof *f->buffers))
        return -1;
    f->nbuffers = a->size;
    for (uint32_t i = 0; i < a->size; i++) {
        size_t w = push_where(r, "buffer %u", i);
        if (read_buffer(r, &a->ptr[i], &f->buffers[i]))
            return -1;
        pop_where(r, w);
    }

    if (rd_bin(r, m, "regs", TIRBC_REG_RECORD, TIRBC_MAX_REGS, "registers", &bin, &n) ||
        alloc_array(r, (void **)&f->regtypes, n, sizeof *f->regtypes))
        return -1;
    f->nregs = n;
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *p = bin + (size_t)i * TIRBC_REG_RECORD;
        if (p[1] != 0)
            return rerr(r, "'regs': register r%u: reserved byte is %u, expected 0", i, p[1]);
        f->regtypes[i].vtype = p[0];
        f->regtypes[i].lanes = tir_get_le16(p + 2);
    }

    if (rd_bin(r, m, "code", 4, TIRBC_MAX_CODE, "code words", &bin, &n) ||
        alloc_array(r, (void **)&f->code, n, sizeof *f->code))
        return -1;
    f->ncode = n;
    for (uint32_t i = 0; i < n; i++)
        f->code[i] = tir_get_le32(bin + (size_t)i * 4);

    if (rd_bin(r, m, "consts", 8, TIRBC_MAX_CONSTS, "constants", &bin, &n) ||
        alloc_array(r, (void **)&f->consts, n, sizeof *f->consts))
        return -1;
    f->nconsts = n;
    for (uint32_t i = 0; i < n; i++)
        f->consts[i] = tir_get_le64(bin + (size_t)i * 8);

    if (rd_array(r, m, "strings", TIRBC_MAX_STRINGS, "strings", &a))
        return -1;
    /* The limit is the module's, not each function's: every string is an
     * allocation of its own, so strings bound the reader's memory. */
    if (a->size > TIRBC_MAX_STRINGS - r->strings)
        return rerr(r, "'strings': the module's functions hold more than %u strings", TIRBC_MAX_STRINGS);
    r->strings += a->size;
    /* One block: the pointers, then every string's bytes, so that a module
     * of many short strings costs one allocation, not one a string. */
    size_t bytes = 0;
    for (uint32_t i = 0; i < a->size; i++) {
        const msgpack_object *e = &a->ptr[i];
        if (e->type != MSGPACK_OBJECT_STR)
            return rerr(r, "'strings' entry %u: expected a string, got %s", i, obj_kind(e));
        if (e->via.str.size > TIRBC_MAX_STRLEN)
            return rerr(r, "'strings' entry %u: string of %u bytes exceeds the limit of %u", i, e->via.str.size,
                        TIRBC_MAX_STRLEN);
        if (e->via.str.size && memchr(e->via.str.ptr, 0, e->via.str.size))
            return rerr(r, "'strings' entry %u: string contains a NUL byte", i);
        bytes += (size_t)e->via.str.size + 1; /* at most 2^20 strings of 2^20 bytes: no overflow */
    }
    size_t table = (size_t)a->size * sizeof *f->strings;
    f->strings = malloc(table + bytes ? table + bytes : 1);
    if (!f->strings)
        return rerr(r, "'strings': out of memory");
    f->strings_pooled = true;
    f->nstrings = a->size;
    char *at = (char *)f->strings + table;
    for (uint32_t i = 0; i < a->size; i++) {
        uint32_t len = a->ptr[i].via.str.size;
        if (len)
            memcpy(at, a->ptr[i].via.str.ptr, len);
        at[len] = 0;
        f->strings[i] = at;
        at += len + 1;
    }

    /* A line entry per code word at most: the table only marks changes. */
    if (rd_bin(r, m, "lines", TIRBC_LINE_RECORD, TIRBC_MAX_CODE, "line entries", &bin, &n))
        return -1;
    if (n > f->ncode)
        return rerr(r, "'lines': %u line entries but only %u code words", n, f->ncode);
    if (alloc_array(r, (void **)&f->lines, n, sizeof *f->lines))
        return -1;
    f->nlines = n;
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *p = bin + (size_t)i * TIRBC_LINE_RECORD;
        f->lines[i].pc = tir_get_le32(p);
        f->lines[i].line = tir_get_le32(p + 4);
        f->lines[i].col = tir_get_le32(p + 8);
    }

    if (rd_dtype(r, m, "ret", &f->ret_dtype))
        return -1;
    r->where[0] = 0;
    return 0;
}

/* The weight section (optional): 'weight_table' gives each weight's offset
 * and size in the 'weights' bin.  The bytes are copied once, into memory
 * aligned like the offsets, and shared by every call. */
static int read_weights(reader *r, const msgpack_object_map *m, tirbc_module *mod)
{
    const msgpack_object *table, *data;
    if (field(r, m, "weight_table", false, &table) || field(r, m, "weights", false, &data))
        return -1;
    if (!table && !data)
        return 0;
    size_t w = push_where(r, "module");
    const uint8_t *recs, *bytes;
    uint32_t n, size;
    if (rd_bin(r, m, "weight_table", TIRBC_WEIGHT_RECORD, TIRBC_MAX_WEIGHTS, "weights", &recs, &n) ||
        rd_bin(r, m, "weights", 1, UINT32_MAX, "bytes", &bytes, &size) ||
        alloc_array(r, (void **)&mod->weights, n, sizeof *mod->weights))
        return -1;
    mod->nweights = n;
    for (uint32_t i = 0; i < n; i++) {
        tirbc_weight *wt = &mod->weights[i];
        wt->offset = tir_get_le64(recs + (size_t)i * TIRBC_WEIGHT_RECORD);
        wt->nbytes = tir_get_le64(recs + (size_t)i * TIRBC_WEIGHT_RECORD + 8);
        if (wt->offset % TIRBC_WEIGHT_ALIGN)
            return rerr(r, "weight %u: offset %" PRIu64 " is not a multiple of %u", i, wt->offset, TIRBC_WEIGHT_ALIGN);
        if (wt->offset > size || wt->nbytes > size - wt->offset)
            return rerr(r, "weight %u: %" PRIu64 " bytes at offset %" PRIu64 " reach past the %u-byte section", i,
                        wt->nbytes, wt->offset, size);
    }
    if (size && r->weights_in_place && (uintptr_t)bytes % TIRBC_WEIGHT_ALIGN == 0) {
        mod->weight_data = (uint8_t *)bytes; /* borrowed: weight_owner stays NULL */
    } else if (size) {
        size_t rounded = ((size_t)size + TIRBC_WEIGHT_ALIGN - 1) / TIRBC_WEIGHT_ALIGN * TIRBC_WEIGHT_ALIGN;
        if (!(mod->weight_owner = aligned_alloc(TIRBC_WEIGHT_ALIGN, rounded)))
            return rerr(r, "out of memory for %u bytes of weights", size);
        mod->weight_data = mod->weight_owner;
        memcpy(mod->weight_data, bytes, size);
        memset(mod->weight_data + size, 0, rounded - size);
    }
    mod->weight_bytes = size;
    pop_where(r, w);
    return 0;
}

static int read_module(reader *r, const msgpack_object *o, tirbc_module *mod)
{
    const msgpack_object_map *m;
    const msgpack_object_array *a;
    size_t w = push_where(r, "module");
    if (want_map(r, o, &m) || rd_str(r, m, "source", true, &mod->source) ||
        rd_array(r, m, "funcs", TIRBC_MAX_FUNCS, "functions", &a) ||
        alloc_array(r, (void **)&mod->funcs, a->size, sizeof *mod->funcs))
        return -1;
    pop_where(r, w);
    mod->nfuncs = a->size;
    for (uint32_t i = 0; i < a->size; i++)
        if (read_function(r, &a->ptr[i], i, &mod->funcs[i]))
            return -1;
    return read_weights(r, m, mod);
}

int tirbc_read(const uint8_t *data, size_t len, tirbc_module **out, char *err, size_t err_len)
{
    return tirbc_read_in_place(data, len, false, out, err, err_len);
}

int tirbc_read_in_place(const uint8_t *data, size_t len, bool weights_in_place, tirbc_module **out, char *err,
                        size_t err_len)
{
    reader r = {.err = err, .err_len = err_len, .weights_in_place = weights_in_place};
    *out = NULL;
    if (!data)
        len = 0;

    size_t end = 0;
    int scan = scan_msgpack(data, len, &end);
    if (scan != SCAN_OK) {
        if (!magic_prefix_plausible(data, len))
            plain_err(&r, "not a .tirbc file (bad magic)");
        else if (scan == SCAN_TRUNCATED)
            plain_err(&r, "truncated .tirbc file");
        else if (scan == SCAN_TOO_BIG)
            rerr(&r, "more than %u msgpack objects", TIRBC_MAX_OBJECTS);
        else
            plain_err(&r, "invalid .tirbc file: malformed msgpack data");
        return -1;
    }

    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    size_t off = 0;
    msgpack_unpack_return urc = msgpack_unpack_next(&u, (const char *)data, len, &off);
    if (urc != MSGPACK_UNPACK_SUCCESS || off != end) {
        msgpack_unpacked_destroy(&u);
        plain_err(&r, "invalid .tirbc file: msgpack data could not be decoded (nested too deeply?)");
        return -1;
    }

    int rc = -1;
    tirbc_module *m = NULL;
    const msgpack_object *top = &u.data;
    if (top->type != MSGPACK_OBJECT_ARRAY || top->via.array.size < 2 ||
        !key_is(&top->via.array.ptr[0], "tirbc")) {
        plain_err(&r, "not a .tirbc file (bad magic)");
        goto done;
    }
    const msgpack_object *ver = &top->via.array.ptr[1];
    if (ver->type != MSGPACK_OBJECT_POSITIVE_INTEGER) {
        rerr(&r, "format version is %s, expected an unsigned integer", obj_kind(ver));
        goto done;
    }
    if (ver->via.u64 != TIRBC_FORMAT_VERSION) {
        if (err && err_len)
            snprintf(err, err_len, "unsupported .tirbc format version %" PRIu64 " (this build reads version %d)",
                     ver->via.u64, TIRBC_FORMAT_VERSION);
        goto done;
    }
    if (end != len) {
        rerr(&r, "%zu trailing bytes after the module", len - end);
        goto done;
    }
    if (top->via.array.size != 3) {
        rerr(&r, "top-level array has %u elements, expected 3", top->via.array.size);
        goto done;
    }

    m = calloc(1, sizeof *m);
    if (!m) {
        rerr(&r, "out of memory");
        goto done;
    }
    m->version = TIRBC_FORMAT_VERSION;
    if (read_module(&r, &top->via.array.ptr[2], m))
        goto done;
    *out = m;
    m = NULL;
    rc = 0;
done:
    tirbc_module_free(m);
    msgpack_unpacked_destroy(&u);
    return rc;
}
