#include "json.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    tir_arena *a;
    tir_diag *d;
    const char *s;
    size_t len, pos;
    uint32_t line;
    size_t line_start; /* offset of the first byte of the current line */
} jparser;

static tir_loc loc_at(const jparser *p, size_t pos)
{
    size_t col = pos - p->line_start + 1;
    tir_loc l = {p->line, col > UINT32_MAX ? UINT32_MAX : (uint32_t)col};
    return l;
}

static void *fail(jparser *p, size_t pos, const char *what)
{
    tir_diag_error(p->d, loc_at(p, pos), "invalid JSON: %s", what);
    return NULL;
}

/* Names the byte at pos for messages: 'x', or \xNN when not printable. */
static void *fail_char(jparser *p, size_t pos, const char *expected)
{
    if (pos >= p->len) {
        tir_diag_error(p->d, loc_at(p, pos), "invalid JSON: unexpected end of input, expected %s", expected);
        return NULL;
    }
    unsigned char c = (unsigned char)p->s[pos];
    if (c >= 0x20 && c < 0x7f)
        tir_diag_error(p->d, loc_at(p, pos), "invalid JSON: unexpected '%c', expected %s", c, expected);
    else
        tir_diag_error(p->d, loc_at(p, pos), "invalid JSON: unexpected byte \\x%02x, expected %s", c, expected);
    return NULL;
}

static void skip_space(jparser *p)
{
    while (p->pos < p->len) {
        char c = p->s[p->pos];
        if (c == '\n') {
            p->line++;
            p->line_start = p->pos + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        p->pos++;
    }
}

static bool looking_at(const jparser *p, const char *word)
{
    size_t n = strlen(word);
    return p->len - p->pos >= n && memcmp(p->s + p->pos, word, n) == 0;
}

static tir_json *new_value(jparser *p, tir_json_kind kind, size_t pos)
{
    tir_json *v = tir_arena_alloc(p->a, sizeof *v);
    v->kind = kind;
    v->loc = loc_at(p, pos);
    return v;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Four hex digits at pos; -1 if they are not there. */
static long hex4(const jparser *p, size_t pos)
{
    if (p->len - pos < 4)
        return -1;
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hex_digit(p->s[pos + (size_t)i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

static size_t put_utf8(char *out, unsigned long cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* A string literal starting at the opening quote; the decoded text goes to
 * *out (escapes only shrink the text, so the literal's length bounds it). */
static bool parse_string_text(jparser *p, const char **out, size_t *out_len)
{
    size_t open = p->pos++;
    size_t end = p->pos;
    while (end < p->len && p->s[end] != '"') {
        if (p->s[end] == '\\')
            end++;
        end++;
    }
    if (end >= p->len) {
        fail(p, open, "unterminated string");
        return false;
    }
    char *buf = tir_arena_alloc(p->a, end - p->pos + 1);
    size_t n = 0;
    while (p->pos < end) {
        unsigned char c = (unsigned char)p->s[p->pos];
        if (c < 0x20) {
            fail(p, p->pos, "control character in a string (write it as a \\u escape)");
            return false;
        }
        if (c != '\\') {
            buf[n++] = (char)c;
            p->pos++;
            continue;
        }
        size_t esc = p->pos;
        char e = p->s[p->pos + 1];
        p->pos += 2;
        switch (e) {
        case '"': buf[n++] = '"'; break;
        case '\\': buf[n++] = '\\'; break;
        case '/': buf[n++] = '/'; break;
        case 'b': buf[n++] = '\b'; break;
        case 'f': buf[n++] = '\f'; break;
        case 'n': buf[n++] = '\n'; break;
        case 'r': buf[n++] = '\r'; break;
        case 't': buf[n++] = '\t'; break;
        case 'u': {
            long cp = hex4(p, p->pos);
            if (cp < 0) {
                fail(p, esc, "\\u must be followed by four hex digits");
                return false;
            }
            p->pos += 4;
            if (cp >= 0xdc00 && cp <= 0xdfff) {
                fail(p, esc, "unpaired surrogate in a \\u escape");
                return false;
            }
            if (cp >= 0xd800 && cp <= 0xdbff) {
                long lo = (p->len - p->pos >= 2 && p->s[p->pos] == '\\' && p->s[p->pos + 1] == 'u')
                              ? hex4(p, p->pos + 2)
                              : -1;
                if (lo < 0xdc00 || lo > 0xdfff) {
                    fail(p, esc, "unpaired surrogate in a \\u escape");
                    return false;
                }
                p->pos += 6;
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            }
            n += put_utf8(buf + n, (unsigned long)cp);
            break;
        }
        default:
            fail(p, esc, "invalid escape in a string");
            return false;
        }
    }
    p->pos = end + 1;
    buf[n] = 0;
    *out = buf;
    *out_len = n;
    return true;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static tir_json *parse_number(jparser *p)
{
    size_t start = p->pos;
    if (p->s[p->pos] == '-')
        p->pos++;
    if (looking_at(p, "Infinity")) {
        p->pos += 8;
    } else {
        if (p->pos >= p->len || !is_digit(p->s[p->pos]))
            return fail_char(p, p->pos, "a digit");
        if (p->s[p->pos] == '0')
            p->pos++;
        else
            while (p->pos < p->len && is_digit(p->s[p->pos]))
                p->pos++;
        if (p->pos < p->len && p->s[p->pos] == '.') {
            p->pos++;
            if (p->pos >= p->len || !is_digit(p->s[p->pos]))
                return fail_char(p, p->pos, "a digit after '.'");
            while (p->pos < p->len && is_digit(p->s[p->pos]))
                p->pos++;
        }
        if (p->pos < p->len && (p->s[p->pos] == 'e' || p->s[p->pos] == 'E')) {
            p->pos++;
            if (p->pos < p->len && (p->s[p->pos] == '+' || p->s[p->pos] == '-'))
                p->pos++;
            if (p->pos >= p->len || !is_digit(p->s[p->pos]))
                return fail_char(p, p->pos, "a digit in the exponent");
            while (p->pos < p->len && is_digit(p->s[p->pos]))
                p->pos++;
        }
    }
    tir_json *v = new_value(p, TIR_JSON_NUMBER, start);
    v->len = p->pos - start;
    v->str = tir_arena_strndup(p->a, p->s + start, v->len);
    /* strtod reads "Infinity" and "-Infinity" too; the grammar above was checked first. */
    v->num = strtod(v->str, NULL);
    return v;
}

static tir_json *parse_value(jparser *p, int depth);

static tir_json *parse_array(jparser *p, int depth)
{
    tir_json *v = new_value(p, TIR_JSON_ARRAY, p->pos);
    if (depth >= TIR_JSON_MAX_DEPTH) {
        tir_diag_error(p->d, v->loc, "invalid JSON: nested deeper than %d levels", TIR_JSON_MAX_DEPTH);
        return NULL;
    }
    p->pos++;
    tir_vec items = {0};
    skip_space(p);
    if (p->pos < p->len && p->s[p->pos] == ']') {
        p->pos++;
        return v;
    }
    for (;;) {
        tir_json *item = parse_value(p, depth + 1);
        if (!item)
            return NULL;
        if (items.len >= UINT32_MAX)
            return fail(p, p->pos, "too many array items");
        tir_vec_push(p->a, &items, item);
        skip_space(p);
        if (p->pos < p->len && p->s[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->pos < p->len && p->s[p->pos] == ']') {
            p->pos++;
            break;
        }
        return fail_char(p, p->pos, "',' or ']'");
    }
    v->n = (uint32_t)items.len;
    v->items = (tir_json **)items.items;
    return v;
}

static tir_json *parse_object(jparser *p, int depth)
{
    tir_json *v = new_value(p, TIR_JSON_OBJECT, p->pos);
    if (depth >= TIR_JSON_MAX_DEPTH) {
        tir_diag_error(p->d, v->loc, "invalid JSON: nested deeper than %d levels", TIR_JSON_MAX_DEPTH);
        return NULL;
    }
    p->pos++;
    tir_vec keys = {0}, values = {0};
    skip_space(p);
    if (p->pos < p->len && p->s[p->pos] == '}') {
        p->pos++;
        return v;
    }
    for (;;) {
        skip_space(p);
        if (p->pos >= p->len || p->s[p->pos] != '"')
            return fail_char(p, p->pos, "a member name in double quotes");
        const char *key;
        size_t key_len;
        if (!parse_string_text(p, &key, &key_len))
            return NULL;
        skip_space(p);
        if (p->pos >= p->len || p->s[p->pos] != ':')
            return fail_char(p, p->pos, "':' after the member name");
        p->pos++;
        tir_json *item = parse_value(p, depth + 1);
        if (!item)
            return NULL;
        if (values.len >= UINT32_MAX)
            return fail(p, p->pos, "too many object members");
        tir_vec_push(p->a, &keys, (void *)(uintptr_t)key);
        tir_vec_push(p->a, &values, item);
        skip_space(p);
        if (p->pos < p->len && p->s[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->pos < p->len && p->s[p->pos] == '}') {
            p->pos++;
            break;
        }
        return fail_char(p, p->pos, "',' or '}'");
    }
    v->n = (uint32_t)values.len;
    v->items = (tir_json **)values.items;
    v->keys = (const char **)keys.items;
    return v;
}

static tir_json *parse_value(jparser *p, int depth)
{
    skip_space(p);
    if (p->pos >= p->len)
        return fail_char(p, p->pos, "a value");
    size_t start = p->pos;
    char c = p->s[p->pos];
    switch (c) {
    case '{': return parse_object(p, depth);
    case '[': return parse_array(p, depth);
    case '"': {
        tir_json *v = new_value(p, TIR_JSON_STRING, start);
        return parse_string_text(p, &v->str, &v->len) ? v : NULL;
    }
    default: break;
    }
    if (c == '-' || is_digit(c) || looking_at(p, "Infinity"))
        return parse_number(p);
    if (looking_at(p, "NaN")) {
        tir_json *v = new_value(p, TIR_JSON_NUMBER, start);
        p->pos += 3;
        v->str = "NaN";
        v->len = 3;
        v->num = strtod("NaN", NULL);
        return v;
    }
    static const struct {
        const char *word;
        tir_json_kind kind;
    } words[] = {{"true", TIR_JSON_TRUE}, {"false", TIR_JSON_FALSE}, {"null", TIR_JSON_NULL}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (looking_at(p, words[i].word)) {
            p->pos += strlen(words[i].word);
            return new_value(p, words[i].kind, start);
        }
    return fail_char(p, p->pos, "a value");
}

tir_json *tir_json_parse(tir_arena *a, tir_diag *d, const char *src, size_t len)
{
    jparser p = {a, d, src, len, 0, 1, 0};
    if (len >= 3 && memcmp(src, "\xef\xbb\xbf", 3) == 0)
        p.pos = p.line_start = 3; /* a UTF-8 byte order mark */
    tir_json *v = parse_value(&p, 0);
    if (!v)
        return NULL;
    skip_space(&p);
    if (p.pos < p.len)
        return fail_char(&p, p.pos, "the end of the input after the JSON value");
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
        if (!is_digit(s[i]))
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
    return v && v->kind == TIR_JSON_NUMBER && tir_json_parse_int64(v->str, v->len, out);
}

bool tir_json_uint64(const tir_json *v, uint64_t *out)
{
    return v && v->kind == TIR_JSON_NUMBER && tir_json_parse_uint64(v->str, v->len, out);
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
