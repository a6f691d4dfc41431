/* The assembler: reads the text `tirvm dis` prints back into a module.
 *
 * It checks syntax only, never the rules the verifier enforces, so tests can
 * build deliberately invalid modules (an out-of-range register, a jump into
 * the middle of an instruction, a wrongly typed operand) without the
 * compiler.  The grammar, one item a line (`;` starts a comment):
 *
 *   source "NAME"
 *   function NAME(PARAM, ...) -> DTYPE
 *     PARAM:  NAME: buffer bI [dtype DTYPE] [alias NAME]
 *           | NAME: DTYPE rI [alias NAME]
 *           | NAME: <kind K> DTYPE I [alias NAME]
 *   registers N: r0:KIND r1:KINDxLANES ...       (may continue on more lines)
 *   buffer bI ["NAME"] DTYPE [[DIM, ...]] [strides [DIM, ...]] [offset DIM] param|alloc|<kind K>
 *   constant kI = VALUE [(0xBITS)]               (the bits in parentheses win)
 *   string sI = "TEXT"
 *   [PC] MNEMONIC OPERAND, ...  [; line L:C ...]  (a leading PC is ignored)
 *     OPERAND: rN register, kN constant, bN buffer, sN string, fN function,
 *     @N jump target, xN lane count, a number, a value kind (i32, ?N) or,
 *     for vmath, the lane function's mnemonic
 *   [PC] .word 0xWORD                              (any word)
 *   [PC] .op MNEMONIC                              (an opcode word alone)
 *   .line PC L:C
 *
 * Names are identifiers or quoted strings; DTYPE is a TIR dtype name or
 * dtype(CODE, BITS, LANES); DIM is a number, rN or <kind K: V>. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msgpack_util.h"
#include "opcodes.h"
#include "tirbc.h"

typedef struct {
    const char *file;
    const char *line; /* start of the current line */
    const char *p;    /* cursor within it */
    const char *end;  /* end of the current line */
    uint32_t lineno;
    char *err;
    size_t err_len;
    bool failed;
    tirbc_module *m;
    tirbc_function *f; /* the function being assembled */
    /* allocated capacities of f's growing arrays */
    uint32_t cap_params, cap_buffers, cap_regs, cap_code, cap_consts, cap_strings, cap_lines;
    uint32_t cap_funcs;
} assembler;

static int aerr(assembler *a, const char *fmt, ...)
{
    if (a->failed)
        return -1;
    a->failed = true;
    if (!a->err || !a->err_len)
        return -1;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(a->err, a->err_len, "%s:%" PRIu32 ":%u: error: %s", a->file ? a->file : "<input>", a->lineno,
             (unsigned)(a->p - a->line) + 1, msg);
    tirbc_one_line(a->err);
    return -1;
}

/* ---- growing arrays ------------------------------------------------------ */

static int grow(assembler *a, void **arr, uint32_t *cap, uint32_t n, size_t elem, uint32_t limit, const char *what)
{
    if (n >= limit)
        return aerr(a, "more than %u %s", limit, what);
    if (n < *cap)
        return 0;
    uint32_t nc = *cap ? *cap * 2 : 8;
    if (nc > limit)
        nc = limit;
    void *q = realloc(*arr, (size_t)nc * elem);
    if (!q)
        return aerr(a, "out of memory");
    memset((char *)q + (size_t)*cap * elem, 0, (size_t)(nc - *cap) * elem);
    *arr = q;
    *cap = nc;
    return 0;
}

#define GROW(a, arr, cap, n, limit, what) grow(a, (void **)&(arr), &(cap), n, sizeof *(arr), limit, what)

/* ---- lexical level ------------------------------------------------------- */

static void skip_ws(assembler *a)
{
    while (a->p < a->end && (*a->p == ' ' || *a->p == '\t' || *a->p == '\r'))
        a->p++;
}

/* At the end of the line's content (a comment counts as the end). */
static bool at_eol(assembler *a)
{
    skip_ws(a);
    return a->p == a->end || *a->p == ';';
}

static bool accept(assembler *a, char c)
{
    skip_ws(a);
    if (a->p < a->end && *a->p == c) {
        a->p++;
        return true;
    }
    return false;
}

static int expect(assembler *a, char c)
{
    if (accept(a, c))
        return 0;
    return aerr(a, "expected '%c'", c);
}

static bool is_ident_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '?'; }

/* The next identifier-like word (letters, digits, _ . ?), without consuming
 * it; its length in *len. */
static const char *peek_word(assembler *a, size_t *len)
{
    skip_ws(a);
    const char *q = a->p;
    while (q < a->end && is_ident_char(*q))
        q++;
    *len = (size_t)(q - a->p);
    return a->p;
}

static bool accept_word(assembler *a, const char *w)
{
    size_t len;
    const char *s = peek_word(a, &len);
    if (len == strlen(w) && memcmp(s, w, len) == 0) {
        a->p += len;
        return true;
    }
    return false;
}

static int expect_word(assembler *a, const char *w)
{
    if (accept_word(a, w))
        return 0;
    return aerr(a, "expected '%s'", w);
}

/* An unsigned decimal or 0x-hex number up to max. */
static int parse_uint(assembler *a, uint64_t max, uint64_t *out)
{
    skip_ws(a);
    const char *s = a->p;
    int base = 10;
    if (a->end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    uint64_t v = 0;
    const char *q = s;
    for (; q < a->end; q++) {
        int d;
        if (*q >= '0' && *q <= '9')
            d = *q - '0';
        else if (base == 16 && isxdigit((unsigned char)*q))
            d = tolower((unsigned char)*q) - 'a' + 10;
        else
            break;
        if (v > (max - (uint64_t)d) / (uint64_t)base)
            return aerr(a, "number too large (the limit is %" PRIu64 ")", max);
        v = v * (uint64_t)base + (uint64_t)d;
    }
    if (q == s)
        return aerr(a, "expected a number");
    if (q < a->end && is_ident_char(*q))
        return aerr(a, "unexpected character '%c' in a number", *q);
    a->p = q;
    *out = v;
    return 0;
}

static int parse_u32(assembler *a, uint32_t *out)
{
    uint64_t v;
    if (parse_uint(a, UINT32_MAX, &v))
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static int parse_i64(assembler *a, int64_t *out)
{
    bool neg = accept(a, '-');
    uint64_t v;
    if (parse_uint(a, neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX, &v))
        return -1;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 0;
}

/* `prefix` immediately followed by a number: r12, k3, b0, s1, x8, @40. */
static int parse_prefixed(assembler *a, char prefix, uint32_t *out)
{
    skip_ws(a);
    if (a->p >= a->end || *a->p != prefix)
        return aerr(a, "expected %c followed by a number", prefix);
    a->p++;
    if (a->p >= a->end || !isdigit((unsigned char)*a->p))
        return aerr(a, "expected %c followed by a number", prefix);
    return parse_u32(a, out);
}

/* The next table entry's name, prefix then its index, which must be `next`
 * (entries are listed in order). */
static int expect_next_index(assembler *a, char prefix, uint32_t next, const char *what)
{
    uint32_t i;
    skip_ws(a);
    const char *start = a->p;
    if (parse_prefixed(a, prefix, &i))
        return -1;
    if (i != next) {
        a->p = start;
        return aerr(a, "expected %s %c%u next", what, prefix, next);
    }
    return 0;
}

/* A quoted string with the listing's escapes; malloc'ed. */
static int parse_string(assembler *a, char **out)
{
    skip_ws(a);
    if (a->p >= a->end || *a->p != '"')
        return aerr(a, "expected a quoted string");
    a->p++;
    size_t cap = (size_t)(a->end - a->p) + 1;
    char *s = malloc(cap), *o = s;
    if (!s)
        return aerr(a, "out of memory");
    while (a->p < a->end && *a->p != '"') {
        char c = *a->p++;
        if (c == '\\') {
            if (a->p >= a->end)
                break;
            char e = *a->p++;
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case '"': case '\\': c = e; break;
            case 'x':
                if (a->end - a->p >= 2 && isxdigit((unsigned char)a->p[0]) && isxdigit((unsigned char)a->p[1])) {
                    char hex[3] = {a->p[0], a->p[1], 0};
                    c = (char)strtoul(hex, NULL, 16);
                    a->p += 2;
                    break;
                }
                /* fall through */
            default:
                a->p--;
                free(s);
                return aerr(a, "unknown escape '\\%c' in a string", e);
            }
            if (c == 0) {
                free(s);
                return aerr(a, "strings cannot hold a NUL byte");
            }
        }
        *o++ = c;
    }
    if (a->p >= a->end) {
        free(s);
        return aerr(a, "unterminated string");
    }
    a->p++;
    *o = 0;
    *out = s;
    return 0;
}

/* An identifier or a quoted string; malloc'ed. */
static int parse_name(assembler *a, char **out)
{
    size_t len;
    const char *w = peek_word(a, &len);
    if (a->p < a->end && *a->p == '"')
        return parse_string(a, out);
    if (len == 0 || !(isalpha((unsigned char)w[0]) || w[0] == '_'))
        return aerr(a, "expected a name");
    char *s = malloc(len + 1);
    if (!s)
        return aerr(a, "out of memory");
    memcpy(s, w, len);
    s[len] = 0;
    a->p += len;
    *out = s;
    return 0;
}

/* A dtype name (int32, float16x8, void, ...) or dtype(CODE, BITS, LANES). */
static int parse_dtype(assembler *a, tir_dtype *out)
{
    size_t len;
    const char *w = peek_word(a, &len);
    if (len == 5 && memcmp(w, "dtype", 5) == 0) {
        uint64_t code, bits, lanes;
        a->p += len;
        if (expect(a, '(') || parse_uint(a, UINT8_MAX, &code) || expect(a, ',') || parse_uint(a, UINT8_MAX, &bits) ||
            expect(a, ',') || parse_uint(a, UINT16_MAX, &lanes) || expect(a, ')'))
            return -1;
        *out = tir_dt((uint8_t)code, (uint8_t)bits, (uint16_t)lanes);
        return 0;
    }
    if (len == 0 || !tir_dtype_parse(w, len, out))
        return aerr(a, "expected a dtype (int32, float32x4, ... or dtype(CODE, BITS, LANES))");
    a->p += len;
    return 0;
}

/* A value kind: its short name (i32, f32, ...) or ?N for a raw number. */
static int parse_vtype(assembler *a, uint32_t *out)
{
    size_t len;
    const char *w = peek_word(a, &len);
    if (len > 1 && w[0] == '?') {
        a->p++;
        return parse_u32(a, out);
    }
    for (uint32_t vt = 0; vt < TIR_VT_COUNT; vt++)
        if (strlen(tir_vtype_names[vt]) == len && memcmp(tir_vtype_names[vt], w, len) == 0) {
            a->p += len;
            *out = vt;
            return 0;
        }
    return aerr(a, "expected a value kind (i32, f32, bool, ...)");
}

/* <kind K> as the listing prints an out-of-range kind. */
static bool accept_raw_kind(assembler *a, uint8_t *kind)
{
    skip_ws(a);
    const char *save = a->p;
    uint64_t k;
    if (accept(a, '<') && accept_word(a, "kind") && !parse_uint(a, UINT8_MAX, &k) && accept(a, '>')) {
        *kind = (uint8_t)k;
        return true;
    }
    a->p = save;
    return false;
}

/* A buffer dimension: a number, rN, or <kind K: V>. */
static int parse_dimref(assembler *a, tirbc_dimref *d)
{
    skip_ws(a);
    uint64_t k;
    if (accept(a, '<')) {
        if (expect_word(a, "kind") || parse_uint(a, UINT8_MAX, &k) || expect(a, ':') || parse_i64(a, &d->value) ||
            expect(a, '>'))
            return -1;
        d->kind = (uint8_t)k;
        return 0;
    }
    if (a->p < a->end && *a->p == 'r') {
        uint32_t r;
        if (parse_prefixed(a, 'r', &r))
            return -1;
        d->kind = TIRBC_DIM_REG;
        d->value = r;
        return 0;
    }
    d->kind = TIRBC_DIM_CONST;
    return parse_i64(a, &d->value);
}

/* [d0, d1, ...]; with `names` (a buffer's shape) each entry may be
 * followed by a quoted name, and *names is allocated when one is. */
static int parse_dims(assembler *a, uint32_t *n, tirbc_dimref **out, char ***names)
{
    uint32_t cap = 0;
    if (expect(a, '['))
        return -1;
    if (accept(a, ']'))
        return 0;
    do {
        if (GROW(a, *out, cap, *n, TIRBC_MAX_NDIM + 1, "dimensions") || parse_dimref(a, &(*out)[*n]))
            return -1;
        skip_ws(a);
        if (names && a->p < a->end && *a->p == '"') {
            if (!*names && !(*names = calloc(TIRBC_MAX_NDIM + 1, sizeof **names)))
                return aerr(a, "out of memory");
            if (parse_string(a, &(*names)[*n]))
                return -1;
        }
        (*n)++;
    } while (accept(a, ','));
    return expect(a, ']');
}

/* ---- items ---------------------------------------------------------------- */

static int need_function(assembler *a, const char *what)
{
    return a->f ? 0 : aerr(a, "%s outside a function", what);
}

static int parse_param(assembler *a, tirbc_param *p)
{
    uint32_t idx;
    if (parse_name(a, &p->name) || expect(a, ':'))
        return -1;
    if (accept_word(a, "buffer")) {
        p->kind = TIRBC_PARAM_BUFFER;
        p->dtype = TIR_DT_HANDLE;
        if (parse_prefixed(a, 'b', &p->index) || (accept_word(a, "dtype") && parse_dtype(a, &p->dtype)))
            return -1;
    } else if (accept_raw_kind(a, &p->kind)) {
        if (parse_dtype(a, &p->dtype) || parse_u32(a, &idx))
            return -1;
        p->index = idx;
    } else {
        p->kind = TIRBC_PARAM_SCALAR;
        if (parse_dtype(a, &p->dtype) || parse_prefixed(a, 'r', &p->index))
            return -1;
    }
    if (accept_word(a, "alias") && parse_name(a, &p->alias))
        return -1;
    return 0;
}

static int item_function(assembler *a)
{
    tirbc_module *m = a->m;
    if (GROW(a, m->funcs, a->cap_funcs, m->nfuncs, TIRBC_MAX_FUNCS, "functions"))
        return -1;
    tirbc_function *f = &m->funcs[m->nfuncs++];
    a->f = f;
    a->cap_params = a->cap_buffers = a->cap_regs = a->cap_code = a->cap_consts = a->cap_strings = a->cap_lines = 0;
    if (parse_name(a, &f->name) || expect(a, '('))
        return -1;
    if (!accept(a, ')')) {
        do {
            if (GROW(a, f->params, a->cap_params, f->nparams, TIRBC_MAX_PARAMS, "params"))
                return -1;
            f->nparams++;
            if (parse_param(a, &f->params[f->nparams - 1]))
                return -1;
        } while (accept(a, ','));
        if (expect(a, ')'))
            return -1;
    }
    if (expect(a, '-') || expect(a, '>'))
        return -1;
    return parse_dtype(a, &f->ret_dtype);
}

/* `registers N:` then N entries rI:KIND[xLANES], here and on the lines that
 * follow; *pending counts the entries still expected. */
static int register_entries(assembler *a, uint32_t *pending)
{
    tirbc_function *f = a->f;
    while (*pending && !at_eol(a)) {
        uint32_t vt, lanes = 1;
        if (expect_next_index(a, 'r', f->nregs, "register"))
            return -1;
        if (expect(a, ':'))
            return -1;
        /* f32x4: the kind's name runs into the lane suffix */
        size_t len;
        const char *w = peek_word(a, &len);
        const char *x = memchr(w, 'x', len);
        const char *saved_end = a->end;
        if (x && x > w)
            a->end = x;
        int rc = parse_vtype(a, &vt);
        a->end = saved_end;
        if (rc)
            return -1;
        if (a->p < a->end && *a->p == 'x') {
            uint64_t l;
            a->p++;
            if (parse_uint(a, UINT16_MAX, &l))
                return -1;
            lanes = (uint32_t)l;
        }
        if (vt > UINT8_MAX)
            return aerr(a, "value kind %u does not fit the format", vt);
        if (GROW(a, f->regtypes, a->cap_regs, f->nregs, TIRBC_MAX_REGS, "registers"))
            return -1;
        f->regtypes[f->nregs].vtype = (uint8_t)vt;
        f->regtypes[f->nregs].lanes = (uint16_t)lanes;
        f->nregs++;
        (*pending)--;
    }
    return 0;
}

static int item_buffer(assembler *a)
{
    tirbc_function *f = a->f;
    if (expect_next_index(a, 'b', f->nbuffers, "buffer"))
        return -1;
    if (GROW(a, f->buffers, a->cap_buffers, f->nbuffers, TIRBC_MAX_BUFFERS, "buffers"))
        return -1;
    tirbc_buffer *b = &f->buffers[f->nbuffers++];
    skip_ws(a);
    if (a->p < a->end && *a->p == '"' && parse_string(a, &b->name))
        return -1;
    if (parse_dtype(a, &b->dtype))
        return -1;
    skip_ws(a);
    if (a->p < a->end && *a->p == '[' && parse_dims(a, &b->ndim, &b->shape, &b->shape_names))
        return -1;
    if (accept_word(a, "strides") && parse_dims(a, &b->nstrides, &b->strides, NULL))
        return -1;
    if (accept_word(a, "offset") && parse_dimref(a, &b->elem_offset))
        return -1;
    if (accept_word(a, "param"))
        b->kind = TIRBC_BUF_PARAM;
    else if (accept_word(a, "alloc"))
        b->kind = TIRBC_BUF_ALLOC;
    else if (accept_word(a, "weight")) {
        b->kind = TIRBC_BUF_WEIGHT;
        return parse_prefixed(a, 'w', &b->weight);
    } else if (!accept_raw_kind(a, &b->kind))
        return aerr(a, "expected param, alloc, weight wN or <kind K>");
    return 0;
}

/* weight wI BYTES: a weight of the module, of BYTES bytes, zero-filled
 * (listings show a weight's size, never its bytes). */
static int item_weight(assembler *a)
{
    tirbc_module *m = a->m;
    uint64_t nbytes;
    if (expect_next_index(a, 'w', m->nweights, "weight") || parse_uint(a, UINT32_MAX, &nbytes))
        return -1;
    accept_word(a, "bytes");
    uint64_t at = (m->weight_bytes + TIRBC_WEIGHT_ALIGN - 1) / TIRBC_WEIGHT_ALIGN * TIRBC_WEIGHT_ALIGN;
    if (at + nbytes > UINT32_MAX)
        return aerr(a, "the weights exceed 4 GiB");
    uint32_t cap = m->nweights;
    if (grow(a, (void **)&m->weights, &cap, m->nweights + 1, sizeof *m->weights, TIRBC_MAX_WEIGHTS, "weights"))
        return -1;
    size_t rounded = (size_t)((at + nbytes + TIRBC_WEIGHT_ALIGN - 1) / TIRBC_WEIGHT_ALIGN * TIRBC_WEIGHT_ALIGN);
    uint8_t *data = rounded ? aligned_alloc(TIRBC_WEIGHT_ALIGN, rounded) : NULL;
    if (rounded && !data)
        return aerr(a, "out of memory");
    if (rounded) {
        memset(data, 0, rounded);
        if (m->weight_bytes)
            memcpy(data, m->weight_data, (size_t)m->weight_bytes);
    }
    free(m->weight_owner);
    m->weight_owner = m->weight_data = data;
    m->weights[m->nweights++] = (tirbc_weight){at, nbytes};
    m->weight_bytes = at + nbytes;
    return 0;
}

/* constant kI = VALUE [(0xBITS)]: VALUE is an integer or, without the bits,
 * a float64 literal. */
static int item_constant(assembler *a)
{
    tirbc_function *f = a->f;
    if (expect_next_index(a, 'k', f->nconsts, "constant"))
        return -1;
    if (expect(a, '='))
        return -1;
    skip_ws(a);
    const char *v = a->p;
    while (a->p < a->end && *a->p != ' ' && *a->p != '\t' && *a->p != '(' && *a->p != ';')
        a->p++;
    size_t vlen = (size_t)(a->p - v);
    uint64_t bits;
    if (accept(a, '(')) {
        if (parse_uint(a, UINT64_MAX, &bits) || expect(a, ')'))
            return -1;
    } else {
        char buf[64], *endp;
        if (vlen == 0 || vlen >= sizeof buf) {
            a->p = v;
            return aerr(a, "expected a constant value");
        }
        memcpy(buf, v, vlen);
        buf[vlen] = 0;
        errno = 0;
        long long iv = strtoll(buf, &endp, 0);
        if (*endp == 0 && errno == 0) {
            bits = (uint64_t)iv;
        } else {
            errno = 0;
            unsigned long long uv = strtoull(buf, &endp, 0);
            if (*endp == 0 && errno == 0 && buf[0] != '-') {
                bits = uv;
            } else {
                double d = strtod(buf, &endp);
                if (*endp != 0) {
                    a->p = v;
                    return aerr(a, "'%s' is not a number", buf);
                }
                memcpy(&bits, &d, sizeof bits);
            }
        }
    }
    if (GROW(a, f->consts, a->cap_consts, f->nconsts, TIRBC_MAX_CONSTS, "constants"))
        return -1;
    f->consts[f->nconsts++] = bits;
    return 0;
}

static int item_string(assembler *a)
{
    tirbc_function *f = a->f;
    if (expect_next_index(a, 's', f->nstrings, "string"))
        return -1;
    if (expect(a, '=') || GROW(a, f->strings, a->cap_strings, f->nstrings, TIRBC_MAX_STRINGS, "strings"))
        return -1;
    if (parse_string(a, &f->strings[f->nstrings]))
        return -1;
    f->nstrings++;
    return 0;
}

static int emit(assembler *a, uint32_t w)
{
    tirbc_function *f = a->f;
    if (GROW(a, f->code, a->cap_code, f->ncode, TIRBC_MAX_CODE, "code words"))
        return -1;
    f->code[f->ncode++] = w;
    return 0;
}

static int add_line(assembler *a, uint32_t pc)
{
    tirbc_function *f = a->f;
    uint32_t line, col;
    if (parse_u32(a, &line) || expect(a, ':') || parse_u32(a, &col))
        return -1;
    if (GROW(a, f->lines, a->cap_lines, f->nlines, TIRBC_MAX_CODE, "line entries"))
        return -1;
    f->lines[f->nlines++] = (tirbc_line){pc, line, col};
    return 0;
}

/* One operand word, written as the listing writes its letter (operands.def). */
static int parse_operand(assembler *a, char letter, uint32_t *w)
{
    const tirbc_operand_info *o = tirbc_operand(letter);
    if (!o)
        return aerr(a, "unknown operand letter '%c' (instruction table error)", letter);
    switch (o->kind) {
    case TIRBC_OPK_VTYPE: return parse_vtype(a, w);
    case TIRBC_OPK_JUMP: return expect(a, '@') || parse_u32(a, w);
    case TIRBC_OPK_LANEFN: {
        size_t len;
        const char *s = peek_word(a, &len);
        if (len && isalpha((unsigned char)s[0])) {
            char name[64];
            if (len >= sizeof name)
                return aerr(a, "unknown instruction name");
            memcpy(name, s, len);
            name[len] = 0;
            int lane_op = tirbc_op_lookup(name);
            if (lane_op < 0)
                return aerr(a, "unknown instruction '%s'", name);
            a->p += len;
            *w = (uint32_t)lane_op;
            return 0;
        }
        return parse_u32(a, w);
    }
    default:
        return o->prefix[0] ? parse_prefixed(a, o->prefix[0], w) : parse_u32(a, w);
    }
}

/* [PC] MNEMONIC OPERANDS [; line L:C ...] or [PC] .word 0xWORD */
static int item_instruction(assembler *a)
{
    tirbc_function *f = a->f;
    uint32_t pc = f->ncode, ignored;
    skip_ws(a);
    if (a->p < a->end && isdigit((unsigned char)*a->p) && parse_u32(a, &ignored))
        return -1;
    size_t len;
    const char *w = peek_word(a, &len);
    if (len == 5 && memcmp(w, ".word", 5) == 0) {
        uint32_t word;
        a->p += len;
        if (parse_u32(a, &word) || emit(a, word))
            return -1;
    } else if (len == 3 && memcmp(w, ".op", 3) == 0) {
        /* an opcode without its operands, for truncated code */
        char name[64];
        a->p += len;
        w = peek_word(a, &len);
        if (len == 0 || len >= sizeof name)
            return aerr(a, "expected an instruction name");
        memcpy(name, w, len);
        name[len] = 0;
        int op = tirbc_op_lookup(name);
        if (op < 0)
            return aerr(a, "unknown instruction '%s'", name);
        a->p += len;
        if (emit(a, (uint32_t)op))
            return -1;
    } else {
        char name[64];
        if (len == 0 || len >= sizeof name)
            return aerr(a, "expected an instruction");
        memcpy(name, w, len);
        name[len] = 0;
        int op = tirbc_op_lookup(name);
        if (op < 0)
            return aerr(a, "unknown instruction '%s'", name);
        a->p += len;
        if (emit(a, (uint32_t)op))
            return -1;
        const tirbc_opinfo *info = &tirbc_ops[op];
        for (unsigned i = 0; i < info->noperands; i++) {
            uint32_t word;
            if (at_eol(a))
                return aerr(a, "%s takes %u operands (%s), %u given", name, info->noperands, info->operands, i);
            if (i && expect(a, ','))
                return -1;
            if (parse_operand(a, info->operands[i], &word) || emit(a, word))
                return -1;
        }
        if (!at_eol(a))
            return aerr(a, "%s takes %u operands (%s); unexpected text after them", name, info->noperands,
                        info->operands);
    }
    /* `; line L:C line L:C` beside an instruction: its line table entries */
    if (accept(a, ';') && accept_word(a, "line")) {
        do {
            if (add_line(a, pc))
                return -1;
        } while (accept_word(a, "line"));
    }
    return 0;
}

static int parse_line(assembler *a, uint32_t *pending_regs)
{
    if (at_eol(a))
        return 0;
    if (*pending_regs) {
        skip_ws(a);
        if (a->p < a->end && *a->p == 'r' && a->p + 1 < a->end && isdigit((unsigned char)a->p[1]))
            return register_entries(a, pending_regs);
        return aerr(a, "%u more register entries expected", *pending_regs);
    }
    int rc;
    if (accept_word(a, "source")) {
        if (a->m->nfuncs)
            return aerr(a, "source must come before the first function");
        if (a->m->source)
            return aerr(a, "source given twice");
        rc = parse_string(a, &a->m->source);
    } else if (accept_word(a, "weight")) {
        if (a->m->nfuncs)
            return aerr(a, "weights must come before the first function");
        rc = item_weight(a);
    } else if (accept_word(a, "function")) {
        rc = item_function(a);
    } else if (accept_word(a, "registers")) {
        uint32_t n;
        if (need_function(a, "registers"))
            return -1;
        if (a->f->nregs)
            return aerr(a, "registers given twice");
        if (parse_u32(a, &n) || expect(a, ':'))
            return -1;
        *pending_regs = n;
        rc = register_entries(a, pending_regs);
    } else if (accept_word(a, "buffer")) {
        rc = need_function(a, "buffer") || item_buffer(a);
    } else if (accept_word(a, "constant")) {
        rc = need_function(a, "constant") || item_constant(a);
    } else if (accept_word(a, "string")) {
        rc = need_function(a, "string") || item_string(a);
    } else if (accept_word(a, ".line")) {
        uint32_t pc;
        rc = need_function(a, ".line") || parse_u32(a, &pc) || add_line(a, pc);
    } else {
        rc = need_function(a, "an instruction") || item_instruction(a);
        return rc ? -1 : 0; /* consumed its own trailing comment */
    }
    if (rc)
        return -1;
    if (!at_eol(a))
        return aerr(a, "unexpected text");
    return 0;
}

int tirbc_assemble(const char *text, size_t len, const char *filename, tirbc_module **out, char *err,
                   size_t err_len)
{
    assembler a = {.file = filename, .err = err, .err_len = err_len};
    *out = NULL;
    if (!(a.m = calloc(1, sizeof *a.m))) {
        if (err && err_len)
            snprintf(err, err_len, "out of memory");
        return -1;
    }
    a.m->version = TIRBC_FORMAT_VERSION;
    uint32_t pending_regs = 0;
    const char *p = text, *end = text + len;
    while (p < end && !a.failed) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        a.line = a.p = p;
        a.end = eol;
        a.lineno++;
        if (memchr(p, 0, (size_t)(eol - p))) {
            aerr(&a, "NUL byte in the text");
            break;
        }
        if (parse_line(&a, &pending_regs))
            break;
        p = nl ? nl + 1 : end;
    }
    if (!a.failed && pending_regs) {
        a.p = a.line;
        aerr(&a, "%u more register entries expected", pending_regs);
    }
    if (a.failed) {
        tirbc_module_free(a.m);
        return -1;
    }
    *out = a.m;
    return 0;
}
