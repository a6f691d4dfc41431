/* Tests for the .tirbc writer, reader, verifier and disassembler. */
#include <msgpack.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "msgpack_util.h"
#include "opcodes.h"
#include "tirbc.h"

/* ---- building modules by hand ------------------------------------------ */
static char *xstrdup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (!p)
        abort();
    memcpy(p, s, n);
    return p;
}

static void *grow(void *p, uint32_t count, size_t size)
{
    void *q = realloc(p, (size_t)(count + 1) * size);
    if (!q)
        abort();
    memset((char *)q + (size_t)count * size, 0, size);
    return q;
}

static tirbc_module *mod_new(const char *source)
{
    tirbc_module *m = calloc(1, sizeof *m);
    if (!m)
        abort();
    m->version = TIRBC_FORMAT_VERSION;
    m->source = xstrdup(source);
    return m;
}

/* Returns the new function's index (pointers move as functions are added). */
static uint32_t fn_add(tirbc_module *m, const char *name)
{
    m->funcs = grow(m->funcs, m->nfuncs, sizeof *m->funcs);
    tirbc_function *f = &m->funcs[m->nfuncs];
    f->name = xstrdup(name);
    f->ret_dtype = TIR_DT_VOID;
    return m->nfuncs++;
}

static tirbc_function *fn_new(tirbc_module *m, const char *name)
{
    uint32_t i = fn_add(m, name);
    return &m->funcs[i];
}

static uint32_t reg_add(tirbc_function *f, tir_vtype vt)
{
    f->regtypes = grow(f->regtypes, f->nregs, sizeof *f->regtypes);
    f->regtypes[f->nregs].vtype = (uint8_t)vt;
    f->regtypes[f->nregs].lanes = 1;
    return f->nregs++;
}

static uint32_t const_add(tirbc_function *f, uint64_t bits)
{
    f->consts = grow(f->consts, f->nconsts, sizeof *f->consts);
    f->consts[f->nconsts] = bits;
    return f->nconsts++;
}

static uint32_t string_add(tirbc_function *f, const char *s)
{
    f->strings = grow(f->strings, f->nstrings, sizeof *f->strings);
    f->strings[f->nstrings] = xstrdup(s);
    return f->nstrings++;
}

static tirbc_dimref dc(int64_t v) { return (tirbc_dimref){TIRBC_DIM_CONST, v}; }
static tirbc_dimref dr(int64_t r) { return (tirbc_dimref){TIRBC_DIM_REG, r}; }

/* shape: ndim entries; strides: nstrides entries (may be 0). */
static uint32_t buf_add(tirbc_function *f, const char *name, tir_dtype dt, uint8_t kind, uint32_t ndim,
                        const tirbc_dimref *shape, uint32_t nstrides, const tirbc_dimref *strides)
{
    f->buffers = grow(f->buffers, f->nbuffers, sizeof *f->buffers);
    tirbc_buffer *b = &f->buffers[f->nbuffers];
    b->name = xstrdup(name);
    b->dtype = dt;
    b->kind = kind;
    b->ndim = ndim;
    if (ndim) {
        b->shape = malloc(ndim * sizeof *b->shape);
        memcpy(b->shape, shape, ndim * sizeof *b->shape);
    }
    b->nstrides = nstrides;
    if (nstrides) {
        b->strides = malloc(nstrides * sizeof *b->strides);
        memcpy(b->strides, strides, nstrides * sizeof *b->strides);
    }
    b->elem_offset = dc(0);
    return f->nbuffers++;
}

static void param_add(tirbc_function *f, const char *name, const char *alias, uint8_t kind, tir_dtype dt,
                      uint32_t index)
{
    f->params = grow(f->params, f->nparams, sizeof *f->params);
    tirbc_param *p = &f->params[f->nparams++];
    p->name = xstrdup(name);
    p->alias = xstrdup(alias);
    p->kind = kind;
    p->dtype = dt;
    p->index = index;
}

static void word(tirbc_function *f, uint32_t w)
{
    f->code = grow(f->code, f->ncode, sizeof *f->code);
    f->code[f->ncode++] = w;
}

/* Appends one instruction (operand count from the opcode table); returns its pc. */
static uint32_t emit(tirbc_function *f, int op, ...)
{
    uint32_t pc = f->ncode;
    va_list ap;
    va_start(ap, op);
    word(f, (uint32_t)op);
    for (unsigned i = 0; i < tirbc_ops[op].noperands; i++)
        word(f, va_arg(ap, uint32_t));
    va_end(ap);
    return pc;
}

static void line_add(tirbc_function *f, uint32_t pc, uint32_t line, uint32_t col)
{
    f->lines = grow(f->lines, f->nlines, sizeof *f->lines);
    f->lines[f->nlines++] = (tirbc_line){pc, line, col};
}

static uint64_t f32_bits(float x)
{
    uint32_t b;
    memcpy(&b, &x, 4);
    return b;
}
static uint64_t f64_bits(double x)
{
    uint64_t b;
    memcpy(&b, &x, 8);
    return b;
}

/* A module using every part of the format; it verifies. */
static tirbc_module *make_full(void)
{
    tirbc_module *m = mod_new("kernels/test.tir");
    tirbc_function *f = fn_new(m, "main");
    uint32_t n = reg_add(f, TIR_VT_I32);   /* r0 */
    uint32_t i = reg_add(f, TIR_VT_I64);   /* r1 */
    uint32_t e = reg_add(f, TIR_VT_I64);   /* r2 */
    uint32_t x = reg_add(f, TIR_VT_F32);   /* r3 */
    uint32_t c = reg_add(f, TIR_VT_BOOL);  /* r4 */
    uint32_t s = reg_add(f, TIR_VT_I32);   /* r5 */
    uint32_t d = reg_add(f, TIR_VT_F64);   /* r6 */
    uint32_t off = reg_add(f, TIR_VT_I64); /* r7 */
    tirbc_dimref a_shape[] = {dc(32), dr(n)}, a_strides[] = {dr(s), dc(1)}, b_shape[] = {dc(4)};
    uint32_t A = buf_add(f, "A", TIR_DT_F32, TIRBC_BUF_PARAM, 2, a_shape, 2, a_strides);
    f->buffers[A].elem_offset = dr(off);
    /* the symbolic extent's name; the constant one has none */
    f->buffers[A].shape_names = calloc(2, sizeof(char *));
    f->buffers[A].shape_names[1] = xstrdup("n");
    uint32_t T = buf_add(f, "tmp", TIR_DT_F32, TIRBC_BUF_ALLOC, 0, NULL, 0, NULL);
    uint32_t B = buf_add(f, "B", TIR_DT_I32, TIRBC_BUF_PARAM, 1, b_shape, 0, NULL);
    f->buffers[B].elem_offset = dc(-3);
    param_add(f, "A", "A_buf", TIRBC_PARAM_BUFFER, TIR_DT_HANDLE, A);
    param_add(f, "n", NULL, TIRBC_PARAM_SCALAR, TIR_DT_I32, n);
    param_add(f, "B", NULL, TIRBC_PARAM_BUFFER, TIR_DT_HANDLE, B);
    uint32_t k0 = const_add(f, 0);
    uint32_t k1 = const_add(f, f32_bits(1.5f));
    uint32_t k2 = const_add(f, f64_bits(-2.25));
    const_add(f, (uint64_t)-5);
    uint32_t s0 = string_add(f, "n must be positive");
    string_add(f, "");
    string_add(f, "tab\there \"quoted\"\n");

    line_add(f, emit(f, TIRBC_OP_LDK, i, k0), 5, 1);
    emit(f, TIRBC_OP_LDK, x, k1);
    line_add(f, emit(f, TIRBC_OP_LT_I64, c, i, e), 6, 3);
    uint32_t brz = emit(f, TIRBC_OP_BRZ, c, 0u);
    emit(f, TIRBC_OP_LD_F32, x, A, i);
    line_add(f, emit(f, TIRBC_OP_ADD_F32, x, x, x), 7, 2);
    emit(f, TIRBC_OP_ST_F32, A, i, x);
    emit(f, TIRBC_OP_ALLOC, T, i);
    emit(f, TIRBC_OP_FREE, T);
    emit(f, TIRBC_OP_CHKIDX, i, e, A, 1u);
    emit(f, TIRBC_OP_LDK, d, k2);
    emit(f, TIRBC_OP_RET);
    uint32_t trap = emit(f, TIRBC_OP_TRAP, s0);
    f->code[brz + 2] = trap;

    tirbc_function *g = fn_new(m, "helper");
    g->ret_dtype = TIR_DT_I32;
    reg_add(g, TIR_VT_I32);
    emit(g, TIRBC_OP_RET);
    return m;
}

/* ---- deep equality -------------------------------------------------------- */
static bool str_eq(const char *a, const char *b) { return (!a && !b) || (a && b && strcmp(a, b) == 0); }
static bool dim_eq(tirbc_dimref a, tirbc_dimref b) { return a.kind == b.kind && a.value == b.value; }

#define DIFF(...)                                         \
    do {                                                  \
        snprintf(why, why_len, __VA_ARGS__);              \
        return false;                                     \
    } while (0)

static bool fn_equal(const tirbc_function *a, const tirbc_function *b, char *why, size_t why_len)
{
    if (!str_eq(a->name, b->name))
        DIFF("name");
    if (a->nparams != b->nparams || a->nbuffers != b->nbuffers || a->nregs != b->nregs || a->ncode != b->ncode ||
        a->nconsts != b->nconsts || a->nstrings != b->nstrings || a->nlines != b->nlines)
        DIFF("%s: counts differ", a->name);
    if (!tir_dt_eq(a->ret_dtype, b->ret_dtype))
        DIFF("%s: ret dtype", a->name);
    for (uint32_t i = 0; i < a->nparams; i++) {
        const tirbc_param *p = &a->params[i], *q = &b->params[i];
        if (!str_eq(p->name, q->name) || !str_eq(p->alias, q->alias) || p->kind != q->kind ||
            !tir_dt_eq(p->dtype, q->dtype) || p->index != q->index)
            DIFF("%s: param %u", a->name, i);
    }
    for (uint32_t i = 0; i < a->nbuffers; i++) {
        const tirbc_buffer *p = &a->buffers[i], *q = &b->buffers[i];
        if (!str_eq(p->name, q->name) || !tir_dt_eq(p->dtype, q->dtype) || p->kind != q->kind ||
            p->ndim != q->ndim || p->nstrides != q->nstrides || !dim_eq(p->elem_offset, q->elem_offset))
            DIFF("%s: buffer %u", a->name, i);
        for (uint32_t d = 0; d < p->ndim; d++)
            if (!dim_eq(p->shape[d], q->shape[d]))
                DIFF("%s: buffer %u shape %u", a->name, i, d);
        for (uint32_t d = 0; d < p->ndim; d++)
            if (!str_eq(p->shape_names ? p->shape_names[d] : NULL, q->shape_names ? q->shape_names[d] : NULL))
                DIFF("%s: buffer %u shape name %u", a->name, i, d);
        for (uint32_t d = 0; d < p->nstrides; d++)
            if (!dim_eq(p->strides[d], q->strides[d]))
                DIFF("%s: buffer %u stride %u", a->name, i, d);
    }
    for (uint32_t i = 0; i < a->nregs; i++)
        if (a->regtypes[i].vtype != b->regtypes[i].vtype || a->regtypes[i].lanes != b->regtypes[i].lanes)
            DIFF("%s: register %u", a->name, i);
    for (uint32_t i = 0; i < a->ncode; i++)
        if (a->code[i] != b->code[i])
            DIFF("%s: code word %u", a->name, i);
    for (uint32_t i = 0; i < a->nconsts; i++)
        if (a->consts[i] != b->consts[i])
            DIFF("%s: constant %u", a->name, i);
    for (uint32_t i = 0; i < a->nstrings; i++)
        if (!str_eq(a->strings[i], b->strings[i]))
            DIFF("%s: string %u", a->name, i);
    for (uint32_t i = 0; i < a->nlines; i++)
        if (a->lines[i].pc != b->lines[i].pc || a->lines[i].line != b->lines[i].line ||
            a->lines[i].col != b->lines[i].col)
            DIFF("%s: line entry %u", a->name, i);
    return true;
}

static bool mod_equal(const tirbc_module *a, const tirbc_module *b, char *why, size_t why_len)
{
    if (a->version != b->version)
        DIFF("version");
    if (!str_eq(a->source, b->source))
        DIFF("source");
    if (a->nfuncs != b->nfuncs)
        DIFF("function count");
    for (uint32_t i = 0; i < a->nfuncs; i++)
        if (!fn_equal(&a->funcs[i], &b->funcs[i], why, why_len))
            return false;
    return true;
}

/* ---- helpers ---------------------------------------------------------------- */
static uint8_t *encode(const tirbc_module *m, size_t *len)
{
    uint8_t *out = NULL;
    char err[256] = "";
    if (tirbc_write(m, &out, len, err, sizeof err) != 0) {
        printf("# write failed: %s\n", err);
        return NULL;
    }
    return out;
}

/* Reads bytes that must be rejected; returns the message. */
static const char *read_fails(const uint8_t *data, size_t len)
{
    static char err[512];
    tirbc_module *m = (tirbc_module *)1;
    err[0] = 0;
    int rc = tirbc_read(data, len, &m, err, sizeof err);
    CHECK_EQ_INT(rc, -1);
    CHECK(m == NULL);
    CHECK(err[0] != 0);
    if (rc == 0)
        tirbc_module_free(m);
    return err;
}

static uint8_t *pack_done(msgpack_sbuffer *sb, size_t *len)
{
    *len = sb->size;
    return (uint8_t *)msgpack_sbuffer_release(sb);
}

static void pk_str(msgpack_packer *pk, const char *s)
{
    msgpack_pack_str_with_body(pk, s, strlen(s));
}

/* Decodes the full module's encoding, lets `fn` edit the msgpack tree,
 * re-encodes it and reads the result.  Returns the read status; the message
 * goes to err. */
typedef void (*mutator)(msgpack_object *root, msgpack_zone *z);

static msgpack_object *map_val(msgpack_object *map, const char *key)
{
    for (uint32_t i = 0; i < map->via.map.size; i++) {
        msgpack_object *k = &map->via.map.ptr[i].key;
        if (k->type == MSGPACK_OBJECT_STR && k->via.str.size == strlen(key) &&
            memcmp(k->via.str.ptr, key, k->via.str.size) == 0)
            return &map->via.map.ptr[i].val;
    }
    abort();
}

static msgpack_object *map_key(msgpack_object *map, const char *key)
{
    msgpack_object *v = map_val(map, key);
    return &((msgpack_object_kv *)((char *)v - offsetof(msgpack_object_kv, val)))->key;
}

static msgpack_object *func0(msgpack_object *root)
{
    return &map_val(&root->via.array.ptr[2], "funcs")->via.array.ptr[0];
}

static void set_str(msgpack_object *o, const char *s)
{
    o->type = MSGPACK_OBJECT_STR;
    o->via.str.ptr = s;
    o->via.str.size = (uint32_t)strlen(s);
}
static void set_uint(msgpack_object *o, uint64_t v)
{
    o->type = MSGPACK_OBJECT_POSITIVE_INTEGER;
    o->via.u64 = v;
}
static void set_bin(msgpack_object *o, const void *p, uint32_t n)
{
    o->type = MSGPACK_OBJECT_BIN;
    o->via.bin.ptr = p;
    o->via.bin.size = n;
}

static int read_mutated(mutator fn, char *err, size_t err_len)
{
    tirbc_module *m = make_full();
    size_t len;
    uint8_t *bytes = encode(m, &len);
    tirbc_module_free(m);
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    size_t off = 0;
    if (msgpack_unpack_next(&u, (const char *)bytes, len, &off) != MSGPACK_UNPACK_SUCCESS)
        abort();
    fn(&u.data, u.zone);
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    msgpack_packer pk;
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_object(&pk, u.data);
    err[0] = 0;
    tirbc_module *out = NULL;
    int rc = tirbc_read((const uint8_t *)sb.data, sb.size, &out, err, err_len);
    if (rc == 0) {
        CHECK(out != NULL);
        tirbc_module_free(out);
    } else {
        CHECK(out == NULL);
    }
    msgpack_sbuffer_destroy(&sb);
    msgpack_unpacked_destroy(&u);
    free(bytes);
    return rc;
}

static void expect_verify_fail(const tirbc_module *m, const char *needle)
{
    char err[512] = "";
    CHECK_EQ_INT(tirbc_verify(m, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, needle);
}

static void expect_verify_ok(const tirbc_module *m)
{
    char err[512] = "";
    int rc = tirbc_verify(m, err, sizeof err);
    if (rc != 0)
        printf("#   unexpected verifier error: %s\n", err);
    CHECK_EQ_INT(rc, 0);
}

/* ---- round trip ------------------------------------------------------------- */
static void test_roundtrip(void)
{
    tirbc_module *m = make_full();
    expect_verify_ok(m);
    size_t len, len2;
    uint8_t *bytes = encode(m, &len);
    CHECK(bytes != NULL);
    tirbc_module *back = NULL;
    char err[256] = "", why[128] = "";
    CHECK_EQ_INT(tirbc_read(bytes, len, &back, err, sizeof err), 0);
    CHECK(back != NULL);
    if (back) {
        bool eq = mod_equal(m, back, why, sizeof why);
        if (!eq)
            printf("#   modules differ: %s\n", why);
        CHECK(eq);
        expect_verify_ok(back);
        /* Encoding is deterministic: the copy encodes to the same bytes. */
        uint8_t *bytes2 = encode(back, &len2);
        CHECK(bytes2 && len2 == len && memcmp(bytes, bytes2, len) == 0);
        free(bytes2);
    }
    tirbc_module_free(back);
    free(bytes);
    tirbc_module_free(m);
}

static void test_roundtrip_minimal(void)
{
    /* NULL source, nameless buffer, no params, buffers, constants, strings or lines. */
    tirbc_module *m = mod_new(NULL);
    tirbc_function *f = fn_new(m, "f");
    buf_add(f, NULL, TIR_DT_F32, TIRBC_BUF_ALLOC, 0, NULL, 0, NULL);
    f->buffers[0].name = NULL;
    emit(f, TIRBC_OP_RET);
    size_t len;
    uint8_t *bytes = encode(m, &len);
    tirbc_module *back = NULL;
    char err[256] = "", why[128] = "";
    CHECK_EQ_INT(tirbc_read(bytes, len, &back, err, sizeof err), 0);
    CHECK(back && mod_equal(m, back, why, sizeof why));
    CHECK(back && back->source == NULL && back->funcs[0].buffers[0].name == NULL);
    tirbc_module_free(back);
    free(bytes);
    tirbc_module_free(m);

    /* Extreme values survive. */
    m = make_full();
    f = &m->funcs[0];
    f->consts[0] = UINT64_MAX;
    f->buffers[2].shape[0] = dc(INT64_MIN);
    f->buffers[2].elem_offset = dc(INT64_MAX);
    f->lines[0].line = UINT32_MAX;
    f->lines[0].col = UINT32_MAX;
    bytes = encode(m, &len);
    back = NULL;
    CHECK_EQ_INT(tirbc_read(bytes, len, &back, err, sizeof err), 0);
    CHECK(back && mod_equal(m, back, why, sizeof why));
    tirbc_module_free(back);
    free(bytes);
    tirbc_module_free(m);
}

/* Buffer shape entries may carry their symbolic variable's name: written
 * only when a buffer has one (so modules without names keep the bytes of
 * earlier versions), read back, listed, and checked against the shape. */
static void mut_shape_names_short(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    map_val(&map_val(func0(root), "buffers")->via.array.ptr[0], "shape_names")->via.array.size = 1;
}
static void mut_shape_name_int(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_uint(&map_val(&map_val(func0(root), "buffers")->via.array.ptr[0], "shape_names")->via.array.ptr[1], 7);
}
static void mut_shape_names_absent(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_str(map_key(&map_val(func0(root), "buffers")->via.array.ptr[0], "shape_names"), "some_later_key");
}

static bool has_bytes(const uint8_t *data, size_t len, const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i + n <= len; i++)
        if (memcmp(data + i, s, n) == 0)
            return true;
    return false;
}

static void test_shape_names(void)
{
    tirbc_module *m = make_full();
    size_t len;
    uint8_t *bytes = encode(m, &len);
    tirbc_module *back = NULL;
    char err[256] = "";
    CHECK_EQ_INT(tirbc_read(bytes, len, &back, err, sizeof err), 0);
    if (back) {
        const tirbc_buffer *a = &back->funcs[0].buffers[0], *b = &back->funcs[0].buffers[2];
        CHECK(a->shape_names != NULL);
        if (a->shape_names) {
            CHECK(a->shape_names[0] == NULL);
            CHECK(a->shape_names[1] && strcmp(a->shape_names[1], "n") == 0);
        }
        CHECK(b->shape_names == NULL);
    }
    tirbc_module_free(back);
    char *text = tirbc_disasm(m);
    CHECK_STR_CONTAINS(text, "buffer b0 \"A\" float32[32, r0 \"n\"] strides[r5, 1] offset r7 param");
    free(text);
    /* Without names the key is not written at all. */
    CHECK(has_bytes(bytes, len, "shape_names"));
    free(m->funcs[0].buffers[0].shape_names[1]);
    free(m->funcs[0].buffers[0].shape_names);
    m->funcs[0].buffers[0].shape_names = NULL;
    free(bytes);
    bytes = encode(m, &len);
    CHECK(!has_bytes(bytes, len, "shape_names"));
    free(bytes);
    tirbc_module_free(m);
    /* A module that does not have the key (as every older one) loads. */
    CHECK_EQ_INT(read_mutated(mut_shape_names_absent, err, sizeof err), 0);
    CHECK_EQ_INT(read_mutated(mut_shape_names_short, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "'shape_names': 1 names for 2 dimensions");
    CHECK_EQ_INT(read_mutated(mut_shape_name_int, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "'shape_names' entry 1: expected a string or nil, got");
}

static void test_writer_errors(void)
{
    char err[256] = "";
    uint8_t *out = (uint8_t *)1;
    size_t len = 1;
    tirbc_module *m = make_full();
    free(m->funcs[1].name);
    m->funcs[1].name = NULL;
    CHECK_EQ_INT(tirbc_write(m, &out, &len, err, sizeof err), -1);
    CHECK(out == NULL);
    CHECK_STR_CONTAINS(err, "function 1: it has no name");
    tirbc_module_free(m);

    m = make_full();
    free(m->funcs[0].strings[1]);
    m->funcs[0].strings[1] = NULL;
    CHECK_EQ_INT(tirbc_write(m, &out, &len, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "string s1 is NULL");
    tirbc_module_free(m);

    /* What the reader would refuse is refused here already. */
    m = make_full();
    char *big = malloc(TIRBC_MAX_STRLEN + 2);
    memset(big, 'x', TIRBC_MAX_STRLEN + 1);
    big[TIRBC_MAX_STRLEN + 1] = 0;
    free(m->funcs[0].strings[0]);
    m->funcs[0].strings[0] = big;
    CHECK_EQ_INT(tirbc_write(m, &out, &len, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "string s0 is longer than 1048576 bytes");
    big[TIRBC_MAX_STRLEN] = 0;
    CHECK_EQ_INT(tirbc_write(m, &out, &len, err, sizeof err), 0);
    free(out);
    tirbc_module_free(m);
}

/* ---- reader errors -------------------------------------------------------- */
static void test_bad_magic(void)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    size_t len;
    uint8_t *b;

    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 3);
    pk_str(&pk, "tirbx");
    msgpack_pack_uint32(&pk, 1);
    msgpack_pack_map(&pk, 0);
    b = pack_done(&sb, &len);
    CHECK_STR_CONTAINS(read_fails(b, len), "not a .tirbc file (bad magic)");
    free(b);

    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_map(&pk, 0);
    b = pack_done(&sb, &len);
    CHECK_STR_CONTAINS(read_fails(b, len), "bad magic");
    free(b);

    const char *text = "hello, world\n";
    CHECK_STR_CONTAINS(read_fails((const uint8_t *)text, strlen(text)), "bad magic");
    const uint8_t elf[] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
    CHECK_STR_CONTAINS(read_fails(elf, sizeof elf), "bad magic");
    /* Truncated, but clearly not ours. */
    const uint8_t other[] = {0x93, 0xa5, 't', 'i', 'r', 'x'};
    CHECK_STR_CONTAINS(read_fails(other, sizeof other), "bad magic");
    const uint8_t empty_array[] = {0x90};
    CHECK_STR_CONTAINS(read_fails(empty_array, sizeof empty_array), "bad magic");
}

static void test_version(void)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    size_t len;
    uint8_t *b;

    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 3);
    pk_str(&pk, "tirbc");
    msgpack_pack_uint32(&pk, 7);
    msgpack_pack_map(&pk, 0);
    b = pack_done(&sb, &len);
    const char *e = read_fails(b, len);
    CHECK(strcmp(e, "unsupported .tirbc format version 7 (this build reads version 1)") == 0);
    if (strcmp(e, "unsupported .tirbc format version 7 (this build reads version 1)") != 0)
        printf("#   got: %s\n", e);
    free(b);

    /* A future version may change everything after the version field. */
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 2);
    pk_str(&pk, "tirbc");
    msgpack_pack_uint64(&pk, UINT64_C(1) << 40);
    msgpack_pack_nil(&pk);
    b = pack_done(&sb, &len);
    CHECK_STR_CONTAINS(read_fails(b, len), "unsupported .tirbc format version 1099511627776");
    free(b);

    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 3);
    pk_str(&pk, "tirbc");
    pk_str(&pk, "1");
    msgpack_pack_map(&pk, 0);
    b = pack_done(&sb, &len);
    CHECK_STR_CONTAINS(read_fails(b, len), "format version is a string");
    free(b);

    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 4);
    pk_str(&pk, "tirbc");
    msgpack_pack_uint32(&pk, 1);
    msgpack_pack_map(&pk, 0);
    msgpack_pack_nil(&pk);
    b = pack_done(&sb, &len);
    CHECK_STR_CONTAINS(read_fails(b, len), "top-level array has 4 elements, expected 3");
    free(b);
}

static void test_truncated(void)
{
    tirbc_module *m = make_full();
    size_t len;
    uint8_t *bytes = encode(m, &len);
    tirbc_module_free(m);
    int bad = 0;
    for (size_t n = 0; n < len; n++) {
        /* A fresh allocation of exactly n bytes lets ASan catch overreads. */
        uint8_t *prefix = malloc(n ? n : 1);
        memcpy(prefix, bytes, n);
        const char *e = read_fails(prefix, n);
        if (!strstr(e, "truncated .tirbc file")) {
            if (bad++ < 3)
                printf("#   prefix %zu: %s\n", n, e);
        }
        free(prefix);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_STR_CONTAINS(read_fails(NULL, 0), "truncated .tirbc file");
    free(bytes);
}

static void test_trailing(void)
{
    tirbc_module *m = make_full();
    size_t len;
    uint8_t *bytes = encode(m, &len);
    tirbc_module_free(m);
    uint8_t *more = malloc(len + 2);
    memcpy(more, bytes, len);
    more[len] = 0xc0;
    more[len + 1] = 0x00;
    CHECK_STR_CONTAINS(read_fails(more, len + 2), "2 trailing bytes after the module");
    free(more);
    free(bytes);
}

static void test_malformed_msgpack(void)
{
    const uint8_t never_used[] = {0x93, 0xa5, 't', 'i', 'r', 'b', 'c', 0x01, 0xc1};
    CHECK_STR_CONTAINS(read_fails(never_used, sizeof never_used), "malformed msgpack");

    /* A header claiming 4 billion elements must not make msgpack-c allocate them. */
    const uint8_t huge[] = {0x93, 0xa5, 't', 'i', 'r', 'b', 'c', 0x01, 0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0};
    CHECK_STR_CONTAINS(read_fails(huge, sizeof huge), "truncated .tirbc file");
    const uint8_t huge_map[] = {0x93, 0xa5, 't', 'i', 'r', 'b', 'c', 0x01, 0xdf, 0x7f, 0xff, 0xff, 0xff};
    CHECK_STR_CONTAINS(read_fails(huge_map, sizeof huge_map), "truncated .tirbc file");
    const uint8_t huge_bin[] = {0x93, 0xa5, 't', 'i', 'r', 'b', 'c', 0x01, 0xc6, 0xff, 0xff, 0xff, 0xff, 0};
    CHECK_STR_CONTAINS(read_fails(huge_bin, sizeof huge_bin), "truncated .tirbc file");

    /* Deeper nesting than msgpack-c's parser stack. */
    uint8_t deep[300];
    size_t n = 0;
    deep[n++] = 0x93;
    deep[n++] = 0xa5;
    memcpy(deep + n, "tirbc", 5);
    n += 5;
    deep[n++] = 0x01;
    while (n < sizeof deep - 1)
        deep[n++] = 0x91;
    deep[n++] = 0xc0;
    CHECK_STR_CONTAINS(read_fails(deep, n), "invalid .tirbc file");

    /* Complete but with more objects than any module needs. */
    size_t many = (size_t)TIRBC_MAX_OBJECTS + 13;
    uint8_t *big = malloc(many);
    memcpy(big, "\x93\xa5tirbc\x01\xdd", 9); /* array32, big-endian count: */
    big[9] = (uint8_t)(TIRBC_MAX_OBJECTS >> 24);
    big[10] = (uint8_t)(TIRBC_MAX_OBJECTS >> 16);
    big[11] = (uint8_t)(TIRBC_MAX_OBJECTS >> 8);
    big[12] = (uint8_t)TIRBC_MAX_OBJECTS;
    memset(big + 13, 0xc0, many - 13);
    CHECK_STR_CONTAINS(read_fails(big, many), "more than 4194304 msgpack objects");
    free(big);
}

static void mut_name_int(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_uint(map_val(func0(root), "name"), 5);
}
static void mut_code_str(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_str(map_val(func0(root), "code"), "ret");
}
static void mut_source_int(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_uint(map_val(&root->via.array.ptr[2], "source"), 1);
}
static void mut_dtype_short(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    msgpack_object *b0 = &map_val(func0(root), "buffers")->via.array.ptr[0];
    map_val(b0, "dtype")->via.array.size = 2;
}
static void mut_dtype_bits_big(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    msgpack_object *b0 = &map_val(func0(root), "buffers")->via.array.ptr[0];
    set_uint(&map_val(b0, "dtype")->via.array.ptr[1], 300);
}
static void mut_dim_float(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    msgpack_object *b0 = &map_val(func0(root), "buffers")->via.array.ptr[0];
    msgpack_object *v = &map_val(b0, "shape")->via.array.ptr[1].via.array.ptr[1];
    v->type = MSGPACK_OBJECT_FLOAT64;
    v->via.f64 = 1.0;
}
static void mut_dim_too_big(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    msgpack_object *b0 = &map_val(func0(root), "buffers")->via.array.ptr[0];
    set_uint(&map_val(b0, "elem_offset")->via.array.ptr[1], UINT64_MAX);
}
static void mut_params_map(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    msgpack_object *p = map_val(func0(root), "params");
    p->type = MSGPACK_OBJECT_MAP;
    p->via.map.size = 0;
}
static void mut_param_nil_name(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    msgpack_object *p0 = &map_val(func0(root), "params")->via.array.ptr[0];
    map_val(p0, "name")->type = MSGPACK_OBJECT_NIL;
}
static void mut_func_not_map(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_uint(func0(root), 3);
}
static void mut_missing_code(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_str(map_key(func0(root), "code"), "codx");
}
static void mut_duplicate_key(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_str(map_key(func0(root), "consts"), "code");
}
static void mut_nonstr_key(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_uint(map_key(func0(root), "consts"), 9);
}
static void mut_unknown_key(msgpack_object *root, msgpack_zone *z)
{
    /* Adds "future": 42 to the function map and "x": nil to the module map. */
    msgpack_object *maps[] = {func0(root), &root->via.array.ptr[2]};
    for (int i = 0; i < 2; i++) {
        msgpack_object_map *m = &maps[i]->via.map;
        msgpack_object_kv *kv = msgpack_zone_malloc(z, (m->size + 1) * sizeof *kv);
        memcpy(kv, m->ptr, m->size * sizeof *kv);
        set_str(&kv[m->size].key, i ? "x" : "future");
        set_uint(&kv[m->size].val, 42);
        m->ptr = kv;
        m->size++;
    }
}
static void mut_regs_odd(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_bin(map_val(func0(root), "regs"), "\x03\x00\x01\x00\x03", 5);
}
static void mut_regs_reserved(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    set_bin(map_val(func0(root), "regs"), "\x03\x07\x01\x00", 4);
}
static void mut_code_odd(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    map_val(func0(root), "code")->via.bin.size -= 2;
}
static void mut_lines_many(msgpack_object *root, msgpack_zone *z)
{
    /* Two code words, three line entries. */
    static const uint8_t code[8] = {0};
    static const uint8_t lines[36] = {0};
    (void)z;
    set_bin(map_val(func0(root), "code"), code, sizeof code);
    set_bin(map_val(func0(root), "lines"), lines, sizeof lines);
}
static void mut_string_nul(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    msgpack_object *s = &map_val(func0(root), "strings")->via.array.ptr[0];
    s->via.str.ptr = "ab\0cd";
    s->via.str.size = 5;
}
static void mut_string_long(msgpack_object *root, msgpack_zone *z)
{
    msgpack_object *s = &map_val(func0(root), "strings")->via.array.ptr[0];
    uint32_t n = TIRBC_MAX_STRLEN + 1;
    char *big = msgpack_zone_malloc(z, n);
    memset(big, 'a', n);
    s->via.str.ptr = big;
    s->via.str.size = n;
}
static void mut_string_nil(msgpack_object *root, msgpack_zone *z)
{
    (void)z;
    map_val(func0(root), "strings")->via.array.ptr[1].type = MSGPACK_OBJECT_NIL;
}
/* Replaces an array with `n` nil elements (cheap on memory: the reader
 * must reject the count before looking at them). */
static void set_nil_array(msgpack_object *o, msgpack_zone *z, uint32_t n)
{
    msgpack_object *e = msgpack_zone_malloc(z, (size_t)n * sizeof *e);
    for (uint32_t i = 0; i < n; i++)
        e[i].type = MSGPACK_OBJECT_NIL;
    o->type = MSGPACK_OBJECT_ARRAY;
    o->via.array.ptr = e;
    o->via.array.size = n;
}
static void mut_many_funcs(msgpack_object *root, msgpack_zone *z)
{
    set_nil_array(map_val(&root->via.array.ptr[2], "funcs"), z, TIRBC_MAX_FUNCS + 1);
}
static void mut_many_params(msgpack_object *root, msgpack_zone *z)
{
    set_nil_array(map_val(func0(root), "params"), z, TIRBC_MAX_PARAMS + 1);
}
static void mut_many_dims(msgpack_object *root, msgpack_zone *z)
{
    msgpack_object *b0 = &map_val(func0(root), "buffers")->via.array.ptr[0];
    set_nil_array(map_val(b0, "shape"), z, TIRBC_MAX_NDIM + 1);
}
static void mut_many_regs(msgpack_object *root, msgpack_zone *z)
{
    size_t n = (size_t)(TIRBC_MAX_REGS + 1) * TIRBC_REG_RECORD;
    char *big = msgpack_zone_malloc(z, n);
    memset(big, 0, n);
    set_bin(map_val(func0(root), "regs"), big, (uint32_t)n);
}
static void mut_many_consts(msgpack_object *root, msgpack_zone *z)
{
    size_t n = (size_t)(TIRBC_MAX_CONSTS + 1) * 8;
    char *big = msgpack_zone_malloc(z, n);
    memset(big, 0, n);
    set_bin(map_val(func0(root), "consts"), big, (uint32_t)n);
}

static void test_field_errors(void)
{
    static const struct {
        mutator fn;
        const char *needle;
    } cases[] = {
        {mut_name_int, "function 0: 'name': expected a string, got an unsigned integer"},
        {mut_code_str, "function 0 'main': 'code': expected a bin, got a string"},
        {mut_source_int, "module: 'source': expected a string or nil"},
        {mut_dtype_short, "buffer 0: 'dtype': expected an array [code, bits, lanes]"},
        {mut_dtype_bits_big, "'dtype': value 300 out of range (at most 255)"},
        {mut_dim_float, "buffer 0: 'shape' entry 1: expected an integer, got a float"},
        {mut_dim_too_big, "does not fit in int64"},
        {mut_params_map, "'params': expected an array, got a map"},
        {mut_param_nil_name, "param 0: 'name': expected a string, got nil"},
        {mut_func_not_map, "function 0: expected a map, got an unsigned integer"},
        {mut_missing_code, "missing key 'code'"},
        {mut_duplicate_key, "duplicate key 'code'"},
        {mut_nonstr_key, "is an unsigned integer, expected a string"},
        {mut_regs_odd, "'regs': bin of 5 bytes is not a whole number of 4-byte records"},
        {mut_regs_reserved, "reserved byte is 7"},
        {mut_code_odd, "'code': bin of"},
        {mut_lines_many, "'lines': 3 line entries but only 2 code words"},
        {mut_string_nul, "'strings' entry 0: string contains a NUL byte"},
        {mut_string_long, "exceeds the limit of 1048576"},
        {mut_string_nil, "'strings' entry 1: expected a string, got nil"},
        {mut_many_funcs, "'funcs': 4097 functions exceeds the limit of 4096"},
        {mut_many_params, "'params': 1025 params exceeds the limit of 1024"},
        {mut_many_dims, "'shape': 33 dimensions exceeds the limit of 32"},
        {mut_many_regs, "'regs': 1048577 registers exceeds the limit of 1048576"},
        {mut_many_consts, "'consts': 1048577 constants exceeds the limit of 1048576"},
    };
    char err[512];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK_EQ_INT(read_mutated(cases[i].fn, err, sizeof err), -1);
        CHECK_STR_CONTAINS(err, cases[i].needle);
        CHECK_STR_CONTAINS(err, "invalid .tirbc file: ");
    }
    /* Unknown keys are skipped so the format can grow. */
    CHECK_EQ_INT(read_mutated(mut_unknown_key, err, sizeof err), 0);
}

/* ---- verifier -------------------------------------------------------------- */
enum { R_I32, R_I32B, R_F32, R_BOOL, R_I64, R_U64, R_F64, R_I8, R_NREGS };
enum { B_A, B_I, B_TMP };

/* main(A: float32[8] param b0, I: int32[8] param b1), tmp: alloc b2; no code. */
static tirbc_module *make_base(void)
{
    static const tir_vtype regs[R_NREGS] = {TIR_VT_I32, TIR_VT_I32, TIR_VT_F32, TIR_VT_BOOL,
                                            TIR_VT_I64, TIR_VT_U64, TIR_VT_F64, TIR_VT_I8};
    tirbc_module *m = mod_new("v.tir");
    tirbc_function *f = fn_new(m, "main");
    for (int i = 0; i < R_NREGS; i++)
        reg_add(f, regs[i]);
    tirbc_dimref shape[] = {dc(8)};
    buf_add(f, "A", TIR_DT_F32, TIRBC_BUF_PARAM, 1, shape, 0, NULL);
    buf_add(f, "I", TIR_DT_I32, TIRBC_BUF_PARAM, 1, shape, 0, NULL);
    buf_add(f, "tmp", TIR_DT_F32, TIRBC_BUF_ALLOC, 0, NULL, 0, NULL);
    param_add(f, "A", NULL, TIRBC_PARAM_BUFFER, TIR_DT_HANDLE, B_A);
    param_add(f, "I", NULL, TIRBC_PARAM_BUFFER, TIR_DT_HANDLE, B_I);
    const_add(f, 0);
    string_add(f, "boom");
    return m;
}

/* One instruction then ret; checks the verdict. */
static void one_insn(int op, const uint32_t *ops, const char *needle)
{
    tirbc_module *m = make_base();
    tirbc_function *f = &m->funcs[0];
    word(f, (uint32_t)op);
    for (unsigned i = 0; i < tirbc_ops[op].noperands; i++)
        word(f, ops[i]);
    emit(f, TIRBC_OP_RET);
    if (needle)
        expect_verify_fail(m, needle);
    else
        expect_verify_ok(m);
    tirbc_module_free(m);
}

#define OPS(...) ((const uint32_t[]){__VA_ARGS__})

static void test_verify_registers(void)
{
    one_insn(TIRBC_OP_ADD_I32, OPS(R_I32, R_I32B, 40),
             "function 'main': instruction at 0 (add.i32): operand 3 (s): register r40 out of range (function has 8)");
    one_insn(TIRBC_OP_ADD_I32, OPS(R_I32, R_I32B, R_I32), NULL);
    one_insn(TIRBC_OP_ADD_I32, OPS(R_I32, R_F32, R_I32), "operand 2 (s): register r2 has type f32, expected i32");
    one_insn(TIRBC_OP_ADD_F32, OPS(R_F32, R_F32, R_F32), NULL);
    /* d: the written register too. */
    one_insn(TIRBC_OP_ADD_I32, OPS(R_I64, R_I32, R_I32), "operand 1 (d): register r4 has type i64, expected i32");
    /* c / b: bool */
    one_insn(TIRBC_OP_LT_I32, OPS(R_I32, R_I32, R_I32), "operand 1 (c): register r0 has type i32, expected bool");
    one_insn(TIRBC_OP_LT_I32, OPS(R_BOOL, R_I32, R_I32B), NULL);
    one_insn(TIRBC_OP_NOT, OPS(R_BOOL, R_I8), "operand 2 (b): register r7 has type i8, expected bool");
    /* S must match X */
    one_insn(TIRBC_OP_MOV, OPS(R_I32, R_F32),
             "operand 2 (S): register r2 has type f32, expected i32 (the type of operand 1)");
    one_insn(TIRBC_OP_MOV, OPS(R_I32, R_I32B), NULL);
    one_insn(TIRBC_OP_MOV, OPS(R_F64, R_F64), NULL);
    /* x: integer but not u64; bool counts */
    one_insn(TIRBC_OP_SITOF_F32, OPS(R_F32, R_U64), "expected an integer type other than u64");
    one_insn(TIRBC_OP_SITOF_F32, OPS(R_F32, R_F64),
             "register r6 has type f64, expected an integer type other than u64");
    one_insn(TIRBC_OP_SITOF_F32, OPS(R_F32, R_BOOL), NULL);
    one_insn(TIRBC_OP_SITOF_F64, OPS(R_F64, R_I8), NULL);
    /* U: u64 */
    one_insn(TIRBC_OP_UTOF_F32, OPS(R_F32, R_I64), "register r4 has type i64, expected u64");
    one_insn(TIRBC_OP_UTOF_F32, OPS(R_F32, R_U64), NULL);
    /* p / q */
    one_insn(TIRBC_OP_F32TO_I32, OPS(R_I32, R_F64), "register r6 has type f64, expected f32");
    one_insn(TIRBC_OP_F32TO_I32, OPS(R_I32, R_F32), NULL);
    one_insn(TIRBC_OP_F64TO_F32, OPS(R_F32, R_F32), "register r2 has type f32, expected f64");
    one_insn(TIRBC_OP_F64TO_F32, OPS(R_F32, R_F64), NULL);
    /* l: any integer including bool and u64 */
    one_insn(TIRBC_OP_EXT_I64, OPS(R_I64, R_F32), "register r2 has type f32, expected an integer type");
    one_insn(TIRBC_OP_EXT_I64, OPS(R_I64, R_U64), NULL);
    one_insn(TIRBC_OP_IXADD, OPS(R_I64, R_BOOL, R_I8), NULL);
    /* L: i64 */
    one_insn(TIRBC_OP_IXADD, OPS(R_I32, R_I64, R_I64), "operand 1 (L): register r0 has type i32, expected i64");
}

static void test_verify_pools(void)
{
    one_insn(TIRBC_OP_LDK, OPS(R_I32, 1), "operand 2 (k): constant k1 out of range (function has 1)");
    one_insn(TIRBC_OP_LDK, OPS(R_I32, 0), NULL);
    one_insn(TIRBC_OP_LDK, OPS(99, 0), "operand 1 (X): register r99 out of range");
    one_insn(TIRBC_OP_TRAP, OPS(1), "instruction at 0 (trap): operand 1 (m): string s1 out of range (function has 1)");
    one_insn(TIRBC_OP_ASSERT, OPS(R_BOOL, 0), NULL);
    one_insn(TIRBC_OP_ASSERT, OPS(R_BOOL, 5), "operand 2 (m): string s5 out of range");
}

static void test_verify_buffers_ops(void)
{
    one_insn(TIRBC_OP_LD_F32, OPS(R_F32, B_I, R_I64), "operand 2 (f): buffer b1 'I' has element type i32, expected f32");
    one_insn(TIRBC_OP_LD_I32, OPS(R_I32, B_I, R_I64), NULL);
    one_insn(TIRBC_OP_LD_F32, OPS(R_F32, B_A, R_I64), NULL);
    one_insn(TIRBC_OP_ST_F32, OPS(B_TMP, R_I64, R_F32), NULL);
    one_insn(TIRBC_OP_ST_F32, OPS(7, R_I64, R_F32), "operand 1 (O): buffer b7 out of range (function has 3)");
    one_insn(TIRBC_OP_ALLOC, OPS(B_A, R_I64), "operand 1 (o): buffer b0 'A' is a param buffer, expected an alloc buffer");
    one_insn(TIRBC_OP_ALLOC, OPS(B_TMP, R_I64), NULL);
    one_insn(TIRBC_OP_FREE, OPS(B_I), "is a param buffer, expected an alloc buffer");
    one_insn(TIRBC_OP_FREE, OPS(B_TMP), NULL);
    one_insn(TIRBC_OP_CHKIDX, OPS(R_I64, R_I64, B_A, 32), "operand 4 (D): dimension 32 exceeds the limit of 32 dimensions");
    one_insn(TIRBC_OP_CHKIDX, OPS(R_I64, R_I64, B_A, 0), NULL);
    /* a view may index its storage with another rank */
    one_insn(TIRBC_OP_CHKIDX, OPS(R_I64, R_I64, B_TMP, 1), NULL);
}

static void test_verify_control(void)
{
    tirbc_module *m;
    tirbc_function *f;

    /* jump into the middle of an instruction */
    m = make_base();
    f = &m->funcs[0];
    emit(f, TIRBC_OP_ADD_I32, R_I32, R_I32, R_I32);
    emit(f, TIRBC_OP_JMP, 2u);
    expect_verify_fail(m, "instruction at 4 (jmp): operand 1 (j): jump target @2 is not the start of an instruction");
    f->code[5] = 0;
    expect_verify_ok(m);
    f->code[5] = 4;
    expect_verify_ok(m);
    f->code[5] = 6;
    expect_verify_fail(m, "jump target @6 is past the end of the code (6 words)");
    f->code[5] = UINT32_MAX;
    expect_verify_fail(m, "jump target @4294967295 is past the end");
    tirbc_module_free(m);

    /* conditional branch and loop targets */
    m = make_base();
    f = &m->funcs[0];
    emit(f, TIRBC_OP_LOOP_I64, R_I64, R_I64, 1u);
    emit(f, TIRBC_OP_BRNZ, R_BOOL, 0u);
    emit(f, TIRBC_OP_RET);
    expect_verify_fail(m, "instruction at 0 (loop.i64): operand 3 (j): jump target @1");
    f->code[3] = 4;
    expect_verify_ok(m);
    tirbc_module_free(m);

    /* unknown opcode */
    m = make_base();
    f = &m->funcs[0];
    word(f, TIRBC_OP_COUNT);
    emit(f, TIRBC_OP_RET);
    expect_verify_fail(m, "instruction at 0: unknown opcode");
    f->code[0] = TIRBC_OP_NOP;
    expect_verify_ok(m);
    f->code[0] = UINT32_MAX;
    expect_verify_fail(m, "unknown opcode 4294967295");
    tirbc_module_free(m);

    /* operands cut off by the end of the code */
    m = make_base();
    f = &m->funcs[0];
    emit(f, TIRBC_OP_RET);
    word(f, TIRBC_OP_ADD_I32);
    word(f, R_I32);
    expect_verify_fail(m, "instruction at 1 (add.i32): needs 3 operand words but the code ends after 1");
    tirbc_module_free(m);

    /* no terminator */
    m = make_base();
    f = &m->funcs[0];
    emit(f, TIRBC_OP_ADD_I32, R_I32, R_I32, R_I32);
    expect_verify_fail(m, "code does not end with ret, jmp or trap (last instruction at 0 is add.i32)");
    emit(f, TIRBC_OP_BRZ, R_BOOL, 0u);
    expect_verify_fail(m, "last instruction at 4 is brz");
    emit(f, TIRBC_OP_TRAP, 0u);
    expect_verify_ok(m);
    emit(f, TIRBC_OP_JMP, 0u);
    expect_verify_ok(m);
    tirbc_module_free(m);

    /* no code at all */
    m = make_base();
    expect_verify_fail(m, "function 'main': function has no code");
    tirbc_module_free(m);
}

static tirbc_module *base_ret(void)
{
    tirbc_module *m = make_base();
    emit(&m->funcs[0], TIRBC_OP_RET);
    return m;
}

static void test_verify_module(void)
{
    tirbc_module *m = base_ret();
    expect_verify_ok(m);
    uint32_t g = fn_add(m, "main");
    emit(&m->funcs[g], TIRBC_OP_RET);
    expect_verify_fail(m, "duplicate function name 'main' (functions 0 and 1)");
    free(m->funcs[g].name);
    m->funcs[g].name = xstrdup("other");
    expect_verify_ok(m);
    m->funcs[g].name[0] = 0;
    expect_verify_fail(m, "function 1 has no name");
    free(m->funcs[g].name);
    m->funcs[g].name = xstrdup("two\nlines");
    m->funcs[g].regtypes = grow(NULL, 0, sizeof(tirbc_regtype));
    m->funcs[g].regtypes[0].vtype = 77;
    m->funcs[g].nregs = 1;
    expect_verify_fail(m, "function 'two?lines': register r0: unknown value type 77");
    tirbc_module_free(m);

    m = mod_new(NULL);
    expect_verify_fail(m, "module has no functions");
    tirbc_module_free(m);
}

static void test_verify_regtypes(void)
{
    tirbc_module *m = base_ret();
    tirbc_function *f = &m->funcs[0];
    f->regtypes[3].vtype = TIR_VT_COUNT;
    expect_verify_fail(m, "register r3: unknown value type 14");
    f->regtypes[3].vtype = TIR_VT_HANDLE;
    expect_verify_ok(m);
    f->regtypes[3].lanes = 4;
    expect_verify_fail(m, "register r3: handle vectors are not allowed");
    f->regtypes[3].vtype = TIR_VT_F32;
    f->regtypes[3].lanes = 0;
    expect_verify_fail(m, "register r3: continuation slot without a vector register before it");
    f->regtypes[3].lanes = TIRBC_MAX_LANES + 1;
    expect_verify_fail(m, "register r3: 1025 lanes exceeds the limit of 1024");
    tirbc_module_free(m);
}

static void test_verify_params(void)
{
    tirbc_module *m = base_ret();
    tirbc_function *f = &m->funcs[0];
    param_add(f, "n", NULL, TIRBC_PARAM_SCALAR, TIR_DT_I32, R_F32);
    expect_verify_fail(m, "param 'n': register r2 has type f32, expected i32 (the param's dtype int32)");
    f->params[2].index = R_I32;
    expect_verify_ok(m);
    f->params[2].index = 99;
    expect_verify_fail(m, "param 'n': register r99 out of range (function has 8)");
    f->params[2].index = R_I32;
    f->params[2].dtype = TIR_DT_HANDLE;
    expect_verify_fail(m, "param 'n': dtype handle is not a scalar numeric type");
    f->params[2].dtype = tir_dt(TIR_CODE_INT, 32, 4);
    expect_verify_fail(m, "dtype int32x4 is not a scalar numeric type");
    f->params[2].dtype = TIR_DT_I32;
    f->params[2].kind = 7;
    expect_verify_fail(m, "param 'n': unknown kind 7");
    f->params[2].kind = TIRBC_PARAM_SCALAR;
    f->params[2].name[0] = 0;
    expect_verify_fail(m, "param 2 has no name");
    strcpy(f->params[2].name, "A");
    expect_verify_fail(m, "duplicate param name 'A' (params 0 and 2)");
    strcpy(f->params[2].name, "n");
    expect_verify_ok(m);

    /* buffer params */
    f->params[1].index = B_TMP;
    expect_verify_fail(m, "param 'I': buffer b2 'tmp' is an alloc buffer, expected a param buffer");
    f->params[1].index = 9;
    expect_verify_fail(m, "param 'I': buffer b9 out of range (function has 3)");
    f->params[1].index = B_A;
    expect_verify_fail(m, "buffer b0 'A' is bound by 2 params, expected exactly 1");
    f->params[1].index = B_I;
    expect_verify_ok(m);
    /* drop the param that binds I */
    free(f->params[1].name);
    f->params[1] = f->params[2];
    f->nparams = 2;
    expect_verify_fail(m, "buffer b1 'I' is a param buffer but no param binds it");
    tirbc_module_free(m);
}

static void test_verify_buffer_decls(void)
{
    tirbc_module *m = base_ret();
    tirbc_function *f = &m->funcs[0];
    tirbc_buffer *a = &f->buffers[B_A];

    a->dtype = TIR_DT_HANDLE;
    expect_verify_fail(m, "buffer b0 'A': element type handle is not a supported value type");
    a->dtype = tir_dt(TIR_CODE_FLOAT, 32, 4);
    expect_verify_fail(m, "buffer b0 'A': element type float32x4 has 4 lanes");
    a->dtype = tir_dt(TIR_CODE_FLOAT, 24, 1);
    expect_verify_fail(m, "element type float24 is not a supported value type");
    a->dtype = TIR_DT_F32;
    a->kind = 5;
    expect_verify_fail(m, "buffer b0 'A': unknown kind 5");
    a->kind = TIRBC_BUF_PARAM;
    expect_verify_ok(m);

    a->shape[0] = dr(R_I64);
    expect_verify_ok(m);
    a->shape[0] = dr(R_BOOL);
    expect_verify_ok(m);
    a->shape[0] = dr(R_F32);
    expect_verify_fail(m, "buffer b0 'A': shape[0]: register r2 has type f32, expected an integer type");
    a->shape[0] = dr(8);
    expect_verify_fail(m, "shape[0]: register r8 out of range (function has 8)");
    a->shape[0] = dr(-1);
    expect_verify_fail(m, "shape[0]: register r-1 out of range");
    a->shape[0] = (tirbc_dimref){9, 0};
    expect_verify_fail(m, "shape[0]: unknown dimension kind 9");
    a->shape[0] = dc(8);
    a->elem_offset = dr(R_F64);
    expect_verify_fail(m, "elem_offset: register r6 has type f64, expected an integer type");
    a->elem_offset = dr(R_I32);
    expect_verify_ok(m);

    a->strides = malloc(2 * sizeof *a->strides);
    a->strides[0] = dc(1);
    a->strides[1] = dc(1);
    a->nstrides = 2;
    expect_verify_fail(m, "buffer b0 'A': 2 strides for 1 dimensions (expected 0 or 1)");
    a->nstrides = 1;
    expect_verify_ok(m);
    a->strides[0] = dr(R_U64);
    expect_verify_ok(m);
    a->strides[0] = dr(R_F32);
    expect_verify_fail(m, "strides[0]: register r2 has type f32");
    a->nstrides = 0;

    a->ndim = 33;
    expect_verify_fail(m, "buffer b0 'A': 33 dimensions exceeds the limit of 32");
    a->ndim = 1;

    /* An alloc buffer's shape is not used, so it is not checked. */
    tirbc_buffer *t = &f->buffers[B_TMP];
    t->elem_offset = dr(1000);
    expect_verify_ok(m);
    t->dtype = TIR_DT_VOID;
    expect_verify_fail(m, "buffer b2 'tmp': element type void is not a supported value type");
    tirbc_module_free(m);
}

static void test_verify_misc(void)
{
    tirbc_module *m = base_ret();
    tirbc_function *f = &m->funcs[0];

    f->ret_dtype = TIR_DT_F32;
    expect_verify_ok(m);
    f->ret_dtype = tir_dt(TIR_CODE_FLOAT, 32, 4);
    expect_verify_fail(m, "return type float32x4 is neither void nor a scalar numeric type");
    f->ret_dtype = TIR_DT_HANDLE;
    expect_verify_fail(m, "return type handle");
    f->ret_dtype = TIR_DT_VOID;

    free(f->strings[0]);
    f->strings[0] = NULL;
    expect_verify_fail(m, "string s0 is NULL");
    f->strings[0] = xstrdup("ok");
    expect_verify_ok(m);

    emit(f, TIRBC_OP_NOP);
    emit(f, TIRBC_OP_RET);
    line_add(f, 1, 3, 1);
    line_add(f, 0, 4, 1);
    expect_verify_fail(m, "line table entry 1: pc 0 is before the previous entry's pc 1");
    f->lines[1].pc = 1;
    expect_verify_ok(m);
    f->lines[1].pc = 3;
    expect_verify_fail(m, "line table entry 1: pc 3 is past the end of the code (3 words)");
    f->lines[1].pc = 2;
    expect_verify_ok(m);
    tirbc_module_free(m);
}

/* ---- assembler ---------------------------------------------------------- */

/* The listing of m assembles back to a module equal to m. */
static void expect_asm_round_trip(tirbc_module *m, const char *what)
{
    char *text = tirbc_disasm(m), err[600] = "", why[256] = "";
    tirbc_module *back = NULL;
    CHECK(text != NULL);
    if (!text)
        return;
    int rc = tirbc_assemble(text, strlen(text), "listing", &back, err, sizeof err);
    CHECK_EQ_INT(rc, 0);
    if (rc == 0 && !mod_equal(m, back, why, sizeof why)) {
        printf("# %s: assembled module differs: %s\n# listing:\n%s", what, why, text);
        CHECK(false);
    } else if (rc != 0) {
        printf("# %s: %s\n", what, err);
    }
    tirbc_module_free(back);
    free(text);
}

static void expect_asm_error(const char *text, const char *message)
{
    char err[600] = "";
    tirbc_module *m = (tirbc_module *)1;
    CHECK_EQ_INT(tirbc_assemble(text, strlen(text), "t.tirasm", &m, err, sizeof err), -1);
    CHECK(m == NULL);
    CHECK_STR_CONTAINS(err, message);
}

static void test_asm(void)
{
    tirbc_module *m = make_full();
    expect_asm_round_trip(m, "full module");

    /* What only a corrupted file holds still reads back exactly. */
    tirbc_function *f = &m->funcs[0];
    f->regtypes[5].vtype = 200;
    f->regtypes[6].lanes = 0;
    f->buffers[0].shape[0] = (tirbc_dimref){7, -9};
    f->buffers[1].kind = 9;
    free(f->buffers[2].name);
    f->buffers[2].name = NULL;
    f->buffers[2].dtype = tir_dt(11, 7, 3);
    f->params[1].kind = 5;
    f->params[0].dtype = TIR_DT_I64;
    free(f->params[2].name);
    f->params[2].name = xstrdup("odd name \"q\"\n");
    free(f->name);
    f->name = xstrdup("");
    f->lines[1].pc = 2; /* inside an instruction: the table is listed as .line */
    f->ret_dtype = tir_dt(TIR_CODE_HANDLE, 64, 4);
    tirbc_function *g = &m->funcs[1];
    word(g, 9999);
    word(g, TIRBC_OP_ADD_I32);
    word(g, 1);
    expect_asm_round_trip(m, "corrupted module");
    tirbc_module_free(m);

    /* Written by hand: no offsets, decimal and float constants, comments. */
    const char *hand = "; doubles its argument\n"
                       "function twice(x: float64 r0) -> float64\n"
                       "  registers 3: r0:f64\n"
                       "    r1:f64 r2:i32x2   ; a vector register on the next line\n"
                       "  constant k0 = 2.0\n"
                       "  constant k1 = -7\n"
                       "  constant k2 = 18446744073709551615\n"
                       "  ldk r1, k0\n"
                       "  mul.f64 r1, r1, r0    ; line 3:9\n"
                       "  retv r1\n";
    char err[600] = "";
    m = NULL;
    CHECK_EQ_INT(tirbc_assemble(hand, strlen(hand), "hand.tirasm", &m, err, sizeof err), 0);
    if (m) {
        f = &m->funcs[0];
        CHECK_EQ_INT(f->nregs, 3);
        CHECK_EQ_INT(f->regtypes[2].lanes, 2);
        CHECK_EQ_INT(f->ncode, 9);
        CHECK(f->consts[0] == f64_bits(2.0));
        CHECK(f->consts[1] == (uint64_t)-7);
        CHECK(f->consts[2] == UINT64_MAX);
        CHECK_EQ_INT(f->nlines, 1);
        CHECK(f->nlines == 1 && f->lines[0].pc == 3 && f->lines[0].line == 3 && f->lines[0].col == 9);
        CHECK_EQ_INT(tirbc_verify(m, err, sizeof err), 0);
    }
    tirbc_module_free(m);

    /* Syntax errors name the line and column. */
    expect_asm_error("function f() -> void\n  registers 0:\n  frob r1\n", "t.tirasm:3:3: error: unknown instruction 'frob'");
    expect_asm_error("function f() -> void\n  ret r1\n", "t.tirasm:2:7: error: ret takes 0 operands");
    expect_asm_error("function f() -> void\n  registers 2: r0:i32\n  add.i32 r0, r0\n",
                     "t.tirasm:3:3: error: 1 more register entries expected");
    expect_asm_error("function f() -> void\n  registers 1: r0:i32\n  add.i32 r0, r0\n",
                     "t.tirasm:3:17: error: add.i32 takes 3 operands (dss), 2 given");
    expect_asm_error("function f() -> void\n  registers 1: r0:i32\n  add.i32 r0, k0, r0\n",
                     "t.tirasm:3:15: error: expected r followed by a number");
    expect_asm_error("function f() -> void\n  registers 2: r1:i32 r0:i32\n", "t.tirasm:2:16: error: expected register r0 next");
    expect_asm_error("function f() -> void\n  string s0 = \"open\n", "t.tirasm:2:20: error: unterminated string");
    expect_asm_error("  ret\n", "t.tirasm:1:3: error: an instruction outside a function");
    expect_asm_error("function f() -> int33\n", "t.tirasm:1:17: error: expected a dtype");
    expect_asm_error("function f() -> void\n  constant k0 = 1..5\n", "'1..5' is not a number");
    expect_asm_error("function f() -> void\n  jmp @99999999999\n", "number too large");
    expect_asm_error("function f() -> void\n  buffer b0 \"A\" float32[1] mine\n", "expected param, alloc, weight wN or <kind K>");
}

/* ---- disassembler ------------------------------------------------------- */
static void test_disasm(void)
{
    tirbc_module *m = make_full();
    char *text = tirbc_disasm(m);
    CHECK(text != NULL);
    CHECK_STR_CONTAINS(text, "source \"kernels/test.tir\"\n\nfunction main(A: buffer b0 alias A_buf, n: int32 r0, B: buffer b2) -> void\n");
    CHECK_STR_CONTAINS(text, "  registers 8: r0:i32 r1:i64 r2:i64 r3:f32 r4:bool r5:i32 r6:f64 r7:i64\n");
    CHECK_STR_CONTAINS(text, "  buffer b0 \"A\" float32[32, r0 \"n\"] strides[r5, 1] offset r7 param\n");
    CHECK_STR_CONTAINS(text, "  buffer b1 \"tmp\" float32 alloc\n");
    CHECK_STR_CONTAINS(text, "  buffer b2 \"B\" int32[4] offset -3 param\n");
    CHECK_STR_CONTAINS(text, "  constant k0 = 0 (0x0)\n");
    CHECK_STR_CONTAINS(text, "  constant k1 = 1.5 (0x3fc00000)\n");
    CHECK_STR_CONTAINS(text, "  constant k2 = -2.25 (0xc002000000000000)\n");
    CHECK_STR_CONTAINS(text, "  constant k3 = -5 (0xfffffffffffffffb)\n");
    CHECK_STR_CONTAINS(text, "  string s0 = \"n must be positive\"\n  string s1 = \"\"\n");
    CHECK_STR_CONTAINS(text, "  string s2 = \"tab\\there \\\"quoted\\\"\\n\"\n");
    CHECK_STR_CONTAINS(text, "      0  ldk r1, k0                  ; line 5:1\n"
                             "      3  ldk r3, k1\n"
                             "      6  lt.i64 r4, r1, r2           ; line 6:3\n"
                             "     10  brz r4, @39\n"
                             "     13  ld.f32 r3, b0, r1\n"
                             "     17  add.f32 r3, r3, r3          ; line 7:2\n"
                             "     21  st.f32 b0, r1, r3\n"
                             "     25  alloc b1, r1\n"
                             "     28  free b1\n"
                             "     30  chkidx r1, r2, b0, 1\n"
                             "     35  ldk r6, k2\n"
                             "     38  ret\n"
                             "     39  trap s0\n");
    CHECK_STR_CONTAINS(text, "\nfunction helper() -> int32\n  registers 1: r0:i32\n      0  ret\n");
    if (check_failures_in_case)
        printf("# listing:\n%s", text ? text : "(null)");

    /* Deterministic, and the same after a round trip. */
    size_t len;
    uint8_t *bytes = encode(m, &len);
    tirbc_module *back = NULL;
    char err[256];
    CHECK_EQ_INT(tirbc_read(bytes, len, &back, err, sizeof err), 0);
    char *text2 = back ? tirbc_disasm(back) : NULL;
    CHECK(text && text2 && strcmp(text, text2) == 0);
    free(text2);
    tirbc_module_free(back);
    free(bytes);
    free(text);

    /* Undecodable code is shown, not trusted. */
    tirbc_function *f = &m->funcs[1];
    word(f, 9999);
    word(f, TIRBC_OP_ADD_I32);
    word(f, 1);
    text = tirbc_disasm(m);
    CHECK_STR_CONTAINS(text, "      1  .word 0x0000270f\n      2  .word 0x");
    free(text);
    tirbc_module_free(m);

    /* Many registers wrap onto continuation lines. */
    m = mod_new(NULL);
    f = fn_new(m, "wide");
    for (int i = 0; i < 20; i++)
        reg_add(f, TIR_VT_U8);
    emit(f, TIRBC_OP_RET);
    text = tirbc_disasm(m);
    CHECK_STR_CONTAINS(text, " r15:u8\n    r16:u8 r17:u8");
    free(text);
    tirbc_module_free(m);
}

/* ---- robustness ------------------------------------------------------------ */
static int try_bytes(const uint8_t *data, size_t len)
{
    tirbc_module *m = NULL;
    char err[512];
    err[0] = 0;
    if (tirbc_read(data, len, &m, err, sizeof err) != 0) {
        if (!err[0] || m)
            return -2; /* failure must report and leave no module */
        return -1;
    }
    int rc = tirbc_verify(m, err, sizeof err);
    char *text = tirbc_disasm(m);
    free(text);
    tirbc_module_free(m);
    return rc == 0 ? 1 : 0;
}

static uint32_t rng_state = 12345;
static uint32_t rng(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return rng_state >> 8;
}

static void test_fuzz_bytes(void)
{
    tirbc_module *m = make_full();
    size_t len;
    uint8_t *bytes = encode(m, &len);
    tirbc_module_free(m);
    uint8_t *copy = malloc(len);
    static const uint8_t masks[] = {0x01, 0x02, 0x10, 0x80, 0xff, 0x7f};
    int verified = 0, bad = 0;
    for (size_t i = 0; i < len; i++) {
        for (size_t k = 0; k < sizeof masks; k++) {
            memcpy(copy, bytes, len);
            copy[i] ^= masks[k];
            int rc = try_bytes(copy, len);
            bad += rc == -2;
            verified += rc == 1;
        }
    }
    for (int iter = 0; iter < 20000; iter++) {
        size_t n = len - (iter % 4 == 0 ? rng() % len : 0);
        memcpy(copy, bytes, len);
        int flips = 1 + (int)(rng() % 8);
        for (int j = 0; j < flips; j++)
            copy[rng() % len] = (uint8_t)rng();
        int rc = try_bytes(copy, n);
        bad += rc == -2;
        verified += rc == 1;
    }
    CHECK_EQ_INT(bad, 0);
    printf("# fuzz: %d mutated files still verified\n", verified);
    free(copy);
    free(bytes);
}

/* Random code words over a valid frame: the verifier and the listing must
 * cope with anything. */
static void test_fuzz_code(void)
{
    int accepted = 0;
    for (int iter = 0; iter < 20000; iter++) {
        tirbc_module *m = make_base();
        tirbc_function *f = &m->funcs[0];
        uint32_t n = 1 + rng() % 12;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t r = rng();
            word(f, r % 4 == 0 ? r : r % 16 == 1 ? TIRBC_OP_RET : (r >> 4) % (TIRBC_OP_COUNT + 2));
            if (r % 5 == 0)
                f->code[f->ncode - 1] = rng() % 10;
        }
        char err[512];
        if (tirbc_verify(m, err, sizeof err) == 0)
            accepted++;
        else
            CHECK(err[0] != 0);
        char *text = tirbc_disasm(m);
        CHECK(text != NULL);
        free(text);
        tirbc_module_free(m);
    }
    printf("# code fuzz: %d random programs verified\n", accepted);
}

/* Every opcode's generated size (TIRBC_SIZE_<ID>) is what the assembler
 * emits for it, what survives writing and reading, and where the listing
 * finds the next instruction. */
static void test_instruction_sizes(void)
{
    static const unsigned sizes[TIRBC_OP_COUNT] = {
#define OP(id, mn, ops, vt, syn) [TIRBC_OP_##id] = TIRBC_SIZE_##id,
#include "opcodes.def"
#undef OP
    };
    int bad = 0;
    for (int op = 0; op < TIRBC_OP_COUNT && bad < 5; op++) {
        char text[512], name[64], err[256];
        int len = snprintf(text, sizeof text, "function main() -> void\n  registers 1: r0:i32\n  %s",
                           tirbc_op_name(op, name, sizeof name));
        for (unsigned i = 0; i < tirbc_ops[op].noperands; i++) {
            const tirbc_operand_info *o = tirbc_op_operand((uint32_t)op, i);
            const char *word = o->kind == TIRBC_OPK_VTYPE    ? "i32"
                               : o->kind == TIRBC_OPK_LANEFN ? "exp.f32"
                               : o->kind == TIRBC_OPK_JUMP   ? "@0"
                               : o->kind == TIRBC_OPK_LANES  ? "x2"
                                                             : NULL;
            if (word)
                len += snprintf(text + len, sizeof text - (size_t)len, "%s%s", i ? ", " : " ", word);
            else
                len += snprintf(text + len, sizeof text - (size_t)len, "%s%s0", i ? ", " : " ", o->prefix);
        }
        len += snprintf(text + len, sizeof text - (size_t)len, "\n  ret\n");
        tirbc_module *m = NULL, *back = NULL;
        uint8_t *bytes = NULL;
        size_t nbytes = 0;
        unsigned size = sizes[op];
        bool ok = tirbc_assemble(text, (size_t)len, "sizes.tirasm", &m, err, sizeof err) == 0 &&
                  m->funcs[0].ncode == size + 1 && m->funcs[0].code[size] == TIRBC_OP_RET &&
                  tirbc_write(m, &bytes, &nbytes, err, sizeof err) == 0 &&
                  tirbc_read(bytes, nbytes, &back, err, sizeof err) == 0 && back->funcs[0].ncode == size + 1 &&
                  back->funcs[0].code[size] == TIRBC_OP_RET;
        if (ok) {
            char *listing = tirbc_disasm(back), at[32];
            snprintf(at, sizeof at, " %u  ret", size);
            ok = listing && strstr(listing, at) != NULL;
            free(listing);
        }
        if (!ok) {
            printf("#   %s: size %u not what the assembler, reader and listing agree on (%s)\n", name, size, err);
            bad++;
        }
        tirbc_module_free(m);
        tirbc_module_free(back);
        free(bytes);
    }
    CHECK_EQ_INT(bad, 0);
}

int main(void)
{
    RUN(test_instruction_sizes);
    RUN(test_roundtrip);
    RUN(test_roundtrip_minimal);
    RUN(test_shape_names);
    RUN(test_writer_errors);
    RUN(test_bad_magic);
    RUN(test_version);
    RUN(test_truncated);
    RUN(test_trailing);
    RUN(test_malformed_msgpack);
    RUN(test_field_errors);
    RUN(test_verify_registers);
    RUN(test_verify_pools);
    RUN(test_verify_buffers_ops);
    RUN(test_verify_control);
    RUN(test_verify_module);
    RUN(test_verify_regtypes);
    RUN(test_verify_params);
    RUN(test_verify_buffer_decls);
    RUN(test_verify_misc);
    RUN(test_disasm);
    RUN(test_asm);
    RUN(test_fuzz_bytes);
    RUN(test_fuzz_code);
    CHECK_DONE();
}
