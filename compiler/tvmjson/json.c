/* JSON text to a tir_json tree, with jansson doing the parsing.
 *
 * TVM's writer emits the bare tokens NaN, Infinity and -Infinity for
 * non-finite floats, which strict JSON (and jansson) rejects.  Before
 * parsing they are rewritten, outside string literals only, into marker
 * strings that begin with a NUL character ("\u0000NaN", ...).  A real string
 * can never look like a marker: strings holding NUL are rejected when the
 * tree is converted.  Error positions are mapped back through the rewrite so
 * they point into the text the user gave. */
#include "json.h"

#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *token; /* as TVM writes it */
    const char *marker; /* JSON string literal it becomes */
    size_t marker_len; /* the marker once decoded ("\0NaN" is 4 bytes) */
    double value;
} nonfinite_token;

static const nonfinite_token nonfinite_tokens[] = {
    {"-Infinity", "\"\\u0000-Infinity\"", 10, -INFINITY},
    {"Infinity", "\"\\u0000Infinity\"", 9, INFINITY},
    {"NaN", "\"\\u0000NaN\"", 4, NAN},
};
#define N_NONFINITE (sizeof nonfinite_tokens / sizeof nonfinite_tokens[0])

/* One rewritten token: where it was in the original text, where its marker
 * lies in the rewritten text, and how much longer the rewritten text is
 * from the marker's end on. */
typedef struct {
    size_t at, new_at, new_end, shift;
} rewrite;

typedef struct {
    char *text; /* NULL when nothing needed rewriting */
    size_t len;
    rewrite *rewrites;
    size_t n;
} rewritten;

static bool is_word_byte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == '+' || c == '-';
}

/* The non-finite token starting at src[i] as a whole word, or NULL. */
static const nonfinite_token *nonfinite_at(const char *src, size_t len, size_t i)
{
    if (i > 0 && is_word_byte(src[i - 1]))
        return NULL;
    for (size_t t = 0; t < N_NONFINITE; t++) {
        size_t n = strlen(nonfinite_tokens[t].token);
        if (len - i >= n && memcmp(src + i, nonfinite_tokens[t].token, n) == 0 &&
            (i + n == len || !is_word_byte(src[i + n])))
            return &nonfinite_tokens[t];
    }
    return NULL;
}

static bool append(rewritten *rw, size_t *cap, const char *s, size_t n)
{
    if (rw->len + n > *cap) {
        size_t want = (rw->len + n) * 2;
        char *grown = realloc(rw->text, want);
        if (!grown)
            return false;
        rw->text = grown;
        *cap = want;
    }
    memcpy(rw->text + rw->len, s, n);
    rw->len += n;
    return true;
}

/* Rewrites the non-finite tokens outside strings; false on out-of-memory. */
static bool rewrite_nonfinite(const char *src, size_t len, rewritten *rw)
{
    memset(rw, 0, sizeof *rw);
    size_t text_cap = 0, rewrites_cap = 0;
    size_t copied = 0; /* src bytes already in rw->text */
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        char c = src[i];
        if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"')
            in_string = true;
        const nonfinite_token *t = c == 'N' || c == 'I' || c == '-' ? nonfinite_at(src, len, i) : NULL;
        if (!t)
            continue;
        if (rw->n == rewrites_cap) {
            rewrites_cap = rewrites_cap ? rewrites_cap * 2 : 16;
            rewrite *grown = realloc(rw->rewrites, rewrites_cap * sizeof *grown);
            if (!grown)
                return false;
            rw->rewrites = grown;
        }
        size_t token_len = strlen(t->token), marker_len = strlen(t->marker);
        if (!append(rw, &text_cap, src + copied, i - copied))
            return false;
        size_t new_at = rw->len;
        if (!append(rw, &text_cap, t->marker, marker_len))
            return false;
        copied = i + token_len;
        rw->rewrites[rw->n++] = (rewrite){i, new_at, rw->len, rw->len - copied};
        i = copied - 1;
    }
    return !rw->text || append(rw, &text_cap, src + copied, len - copied);
}

/* An offset in the rewritten text as an offset in the original one; inside
 * a marker it is where the token began. */
static size_t original_offset(const rewritten *rw, size_t pos)
{
    size_t shift = 0;
    for (size_t k = 0; k < rw->n && rw->rewrites[k].new_at <= pos; k++) {
        if (pos < rw->rewrites[k].new_end)
            return rw->rewrites[k].at;
        shift = rw->rewrites[k].shift;
    }
    return pos - shift;
}

/* Where in the parsed text a jansson error points: the start of the token
 * its message quotes ("... near 'tru'"), since jansson's position is just
 * past it; the position itself at the end of the input or at an undecodable
 * byte.  (jansson's own line and column count characters, not bytes.) */
static size_t error_offset(const json_error_t *e, const char *text, size_t len)
{
    size_t pos = e->position > 0 && (size_t)e->position <= len ? (size_t)e->position : 0;
    if (strncmp(e->text, "unable to decode byte", 21) == 0)
        return pos;
    const char *near = strstr(e->text, " near ");
    if (!near || strcmp(near, " near end of file") == 0)
        return pos > 0 && text[pos - 1] == 0 ? pos - 1 : pos; /* a NUL byte ends jansson's input */
    const char *token = near + 6;
    size_t n = strlen(token);
    if (n >= 2 && token[0] == '\'' && token[n - 1] == '\'' && n - 2 <= pos)
        return pos - (n - 2);
    return pos > 0 ? pos - 1 : 0; /* a quoted token cut short by jansson's message buffer */
}

static tir_loc loc_of_offset(const char *src, size_t len, size_t pos)
{
    if (pos > len)
        pos = len;
    uint32_t line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < pos; i++)
        if (src[i] == '\n' && line < UINT32_MAX) {
            line++;
            line_start = i + 1;
        }
    size_t col = pos - line_start + 1;
    return (tir_loc){.line = line, .col = col > UINT32_MAX ? UINT32_MAX : (uint32_t)col};
}

/* ---- jansson's tree to ours -------------------------------------------------- */
typedef struct {
    tir_arena *a;
    tir_diag *d;
    bool failed;
} converter;

static tir_json *convert(converter *c, json_t *j);

static tir_json *new_value(converter *c, tir_json_kind kind)
{
    tir_json *v = tir_arena_alloc(c->a, sizeof *v);
    v->kind = kind;
    return v;
}

static tir_json *convert_string(converter *c, json_t *j)
{
    const char *s = json_string_value(j);
    size_t n = json_string_length(j);
    if (memchr(s, 0, n)) {
        for (size_t t = 0; t < N_NONFINITE; t++)
            if (n == nonfinite_tokens[t].marker_len && s[0] == 0 &&
                memcmp(s + 1, nonfinite_tokens[t].token, n - 1) == 0) {
                tir_json *v = new_value(c, TIR_JSON_NUMBER);
                v->num = nonfinite_tokens[t].value;
                v->str = "";
                return v;
            }
        if (!c->failed)
            tir_diag_error(c->d, (tir_loc){0}, "invalid JSON: a string holds the character \\u0000");
        c->failed = true;
        return NULL;
    }
    tir_json *v = new_value(c, TIR_JSON_STRING);
    v->str = tir_arena_strndup(c->a, s, n);
    v->len = n;
    return v;
}

static tir_json *convert_number(converter *c, json_t *j)
{
    tir_json *v = new_value(c, TIR_JSON_NUMBER);
    if (json_is_integer(j)) {
        json_int_t i = json_integer_value(j);
        char buf[32];
        int n = snprintf(buf, sizeof buf, "%" PRId64, (int64_t)i);
        v->integer = true;
        v->num = (double)i;
        v->str = tir_arena_strndup(c->a, buf, (size_t)n);
        v->len = (size_t)n;
    } else {
        v->num = json_real_value(j);
        v->str = "";
    }
    return v;
}

static tir_json *convert_array(converter *c, json_t *j)
{
    tir_json *v = new_value(c, TIR_JSON_ARRAY);
    size_t n = json_array_size(j);
    if (n > UINT32_MAX) {
        tir_diag_error(c->d, (tir_loc){0}, "invalid JSON: an array with %zu items", n);
        c->failed = true;
        return NULL;
    }
    v->n = (uint32_t)n;
    v->items = tir_arena_alloc(c->a, (n ? n : 1) * sizeof *v->items);
    for (size_t i = 0; i < n; i++)
        if (!(v->items[i] = convert(c, json_array_get(j, i))))
            return NULL;
    return v;
}

static tir_json *convert_object(converter *c, json_t *j)
{
    tir_json *v = new_value(c, TIR_JSON_OBJECT);
    size_t n = json_object_size(j), i = 0;
    v->items = tir_arena_alloc(c->a, (n ? n : 1) * sizeof *v->items);
    v->keys = tir_arena_alloc(c->a, (n ? n : 1) * sizeof *v->keys);
    const char *key;
    size_t key_len;
    json_t *member;
    json_object_keylen_foreach(j, key, key_len, member)
    {
        v->keys[i] = tir_arena_strndup(c->a, key, key_len);
        if (!(v->items[i] = convert(c, member)))
            return NULL;
        i++;
    }
    v->n = (uint32_t)i;
    return v;
}

static tir_json *convert(converter *c, json_t *j)
{
    switch (json_typeof(j)) {
    case JSON_NULL: return new_value(c, TIR_JSON_NULL);
    case JSON_FALSE: return new_value(c, TIR_JSON_FALSE);
    case JSON_TRUE: return new_value(c, TIR_JSON_TRUE);
    case JSON_INTEGER:
    case JSON_REAL: return convert_number(c, j);
    case JSON_STRING: return convert_string(c, j);
    case JSON_ARRAY: return convert_array(c, j);
    case JSON_OBJECT: return convert_object(c, j);
    }
    return NULL;
}

tir_json *tir_json_parse(tir_arena *a, tir_diag *d, const char *src, size_t len)
{
    size_t bom = len >= 3 && memcmp(src, "\xef\xbb\xbf", 3) == 0 ? 3 : 0; /* a UTF-8 byte order mark */
    const char *text = src + bom;
    size_t text_len = len - bom;
    rewritten rw;
    if (!rewrite_nonfinite(text, text_len, &rw)) {
        free(rw.text);
        free(rw.rewrites);
        tir_diag_error(d, (tir_loc){0}, "out of memory reading the JSON text");
        return NULL;
    }
    json_error_t err;
    /* Any top-level value (callers say what they expected); \u0000 is let
     * through so the markers survive, and refused again when converting. */
    const char *parsed = rw.text ? rw.text : text;
    size_t parsed_len = rw.text ? rw.len : text_len;
    json_t *root = json_loadb(parsed, parsed_len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &err);
    tir_json *v = NULL;
    if (!root) {
        size_t at = bom + original_offset(&rw, error_offset(&err, parsed, parsed_len));
        tir_diag_error(d, loc_of_offset(src, len, at), "invalid JSON: %s", err.text);
    } else {
        converter c = {a, d, false};
        v = convert(&c, root);
        json_decref(root);
    }
    free(rw.text);
    free(rw.rewrites);
    return v;
}

const tir_json *tir_json_get(const tir_json *obj, const char *key)
{
    if (!obj || obj->kind != TIR_JSON_OBJECT)
        return NULL;
    for (uint32_t i = obj->n; i-- > 0;)
        if (strcmp(obj->keys[i], key) == 0)
            return obj->items[i];
    return NULL;
}

bool tir_json_parse_uint64(const char *s, size_t len, uint64_t *out)
{
    if (len == 0)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        unsigned dgt = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - dgt) / 10)
            return false;
        v = v * 10 + dgt;
    }
    *out = v;
    return true;
}

bool tir_json_parse_int64(const char *s, size_t len, int64_t *out)
{
    bool neg = len > 0 && s[0] == '-';
    uint64_t mag;
    if (!tir_json_parse_uint64(s + neg, len - neg, &mag))
        return false;
    if (neg) {
        if (mag > (uint64_t)INT64_MAX + 1)
            return false;
        *out = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
    } else {
        if (mag > (uint64_t)INT64_MAX)
            return false;
        *out = (int64_t)mag;
    }
    return true;
}

bool tir_json_int64(const tir_json *v, int64_t *out)
{
    return v && v->kind == TIR_JSON_NUMBER && v->integer && tir_json_parse_int64(v->str, v->len, out);
}

const char *tir_json_kind_name(tir_json_kind k)
{
    switch (k) {
    case TIR_JSON_NULL: return "null";
    case TIR_JSON_FALSE: case TIR_JSON_TRUE: return "a boolean";
    case TIR_JSON_NUMBER: return "a number";
    case TIR_JSON_STRING: return "a string";
    case TIR_JSON_ARRAY: return "an array";
    case TIR_JSON_OBJECT: return "an object";
    }
    return "a value";
}
