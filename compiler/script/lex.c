#include "lex.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Python's own limits (CPython's MAXINDENT and MAXLEVEL). */
enum { MAX_INDENT_LEVELS = 100, MAX_BRACKET_DEPTH = 200 };

typedef struct {
    tir_arena *a;
    const char *src;
    size_t len, pos;
    uint32_t line;
    size_t line_start; /* offset of the current line's first byte */
    tir_loc last_end;  /* just after the last token: where a NEWLINE is placed */
    bool at_line_start;

    /* Indentation stack.  A tab advances `col` to the next multiple of 8 and
     * `alt_col` by one; if comparing two lines gives different answers under
     * the two measures, tabs and spaces are mixed ambiguously (TabError). */
    int indent_col[MAX_INDENT_LEVELS + 1], indent_alt[MAX_INDENT_LEVELS + 1];
    int nindent; /* index of the innermost level; 0 is column 0 */

    /* Open brackets.  `depth` may exceed MAX_BRACKET_DEPTH after an error;
     * only the outer levels are recorded. */
    int depth;
    char bracket_char[MAX_BRACKET_DEPTH];
    tir_loc bracket_loc[MAX_BRACKET_DEPTH];
    size_t bracket_tok[MAX_BRACKET_DEPTH];

    py_token *toks;
    size_t ntoks, tok_cap;
    py_comment *comments;
    size_t ncomments, comment_cap;
    /* Errors not yet attached to a token: the next token pushed takes them. */
    py_lex_error *pending, *pending_tail;
} lexer;

static const char *const tok_spelling[PY_TOK_KIND_COUNT] = {
    [PY_TOK_EOF] = "end of file", [PY_TOK_ERROR] = "invalid token",
    [PY_TOK_NEWLINE] = "NEWLINE", [PY_TOK_INDENT] = "INDENT", [PY_TOK_DEDENT] = "DEDENT",
    [PY_TOK_NAME] = "name", [PY_TOK_INT] = "number", [PY_TOK_FLOAT] = "number",
    [PY_TOK_STRING] = "string literal",
    [PY_TOK_FALSE] = "False", [PY_TOK_NONE] = "None", [PY_TOK_TRUE] = "True",
    [PY_TOK_AND] = "and", [PY_TOK_AS] = "as", [PY_TOK_ASSERT] = "assert",
    [PY_TOK_ASYNC] = "async", [PY_TOK_AWAIT] = "await", [PY_TOK_BREAK] = "break",
    [PY_TOK_CLASS] = "class", [PY_TOK_CONTINUE] = "continue", [PY_TOK_DEF] = "def",
    [PY_TOK_DEL] = "del", [PY_TOK_ELIF] = "elif", [PY_TOK_ELSE] = "else",
    [PY_TOK_EXCEPT] = "except", [PY_TOK_FINALLY] = "finally", [PY_TOK_FOR] = "for",
    [PY_TOK_FROM] = "from", [PY_TOK_GLOBAL] = "global", [PY_TOK_IF] = "if",
    [PY_TOK_IMPORT] = "import", [PY_TOK_IN] = "in", [PY_TOK_IS] = "is",
    [PY_TOK_LAMBDA] = "lambda", [PY_TOK_NONLOCAL] = "nonlocal", [PY_TOK_NOT] = "not",
    [PY_TOK_OR] = "or", [PY_TOK_PASS] = "pass", [PY_TOK_RAISE] = "raise",
    [PY_TOK_RETURN] = "return", [PY_TOK_TRY] = "try", [PY_TOK_WHILE] = "while",
    [PY_TOK_WITH] = "with", [PY_TOK_YIELD] = "yield",
    [PY_TOK_LPAR] = "(", [PY_TOK_RPAR] = ")", [PY_TOK_LSQB] = "[", [PY_TOK_RSQB] = "]",
    [PY_TOK_LBRACE] = "{", [PY_TOK_RBRACE] = "}",
    [PY_TOK_COLON] = ":", [PY_TOK_COMMA] = ",", [PY_TOK_SEMI] = ";", [PY_TOK_DOT] = ".",
    [PY_TOK_ELLIPSIS] = "...", [PY_TOK_AT] = "@", [PY_TOK_ARROW] = "->",
    [PY_TOK_ASSIGN] = "=", [PY_TOK_COLONEQ] = ":=",
    [PY_TOK_PLUS] = "+", [PY_TOK_MINUS] = "-", [PY_TOK_STAR] = "*", [PY_TOK_DSTAR] = "**",
    [PY_TOK_SLASH] = "/", [PY_TOK_DSLASH] = "//", [PY_TOK_PERCENT] = "%",
    [PY_TOK_TILDE] = "~", [PY_TOK_AMP] = "&", [PY_TOK_VBAR] = "|", [PY_TOK_CARET] = "^",
    [PY_TOK_LSHIFT] = "<<", [PY_TOK_RSHIFT] = ">>", [PY_TOK_LT] = "<", [PY_TOK_LE] = "<=",
    [PY_TOK_GT] = ">", [PY_TOK_GE] = ">=", [PY_TOK_EQEQ] = "==", [PY_TOK_NE] = "!=",
    [PY_TOK_PLUSEQ] = "+=", [PY_TOK_MINUSEQ] = "-=", [PY_TOK_STAREQ] = "*=",
    [PY_TOK_DSTAREQ] = "**=", [PY_TOK_SLASHEQ] = "/=", [PY_TOK_DSLASHEQ] = "//=",
    [PY_TOK_PERCENTEQ] = "%=", [PY_TOK_ATEQ] = "@=", [PY_TOK_AMPEQ] = "&=",
    [PY_TOK_VBAREQ] = "|=", [PY_TOK_CARETEQ] = "^=", [PY_TOK_LSHIFTEQ] = "<<=",
    [PY_TOK_RSHIFTEQ] = ">>=",
};

const char *py_tok_kind_name(py_tok_kind kind)
{
    if ((unsigned)kind < PY_TOK_KIND_COUNT && tok_spelling[kind])
        return tok_spelling[kind];
    return "token";
}

static bool is_keyword(py_tok_kind k) { return k >= PY_TOK_FALSE && k <= PY_TOK_YIELD; }

void py_tok_describe(const py_token *t, char *buf, size_t size)
{
    if (!size)
        return;
    /* Long literals are cut short: the caret shows the rest. */
    int shown = t->len > 24 ? 24 : (int)t->len;
    const char *more = t->len > 24 ? "..." : "";
    switch (t->kind) {
    case PY_TOK_NAME:
        snprintf(buf, size, "name '%.*s%s'", shown, t->text, more);
        break;
    case PY_TOK_INT:
    case PY_TOK_FLOAT:
        snprintf(buf, size, "number %.*s%s", shown, t->text, more);
        break;
    case PY_TOK_EOF:
    case PY_TOK_ERROR:
    case PY_TOK_NEWLINE:
    case PY_TOK_INDENT:
    case PY_TOK_DEDENT:
    case PY_TOK_STRING:
        snprintf(buf, size, "%s", py_tok_kind_name(t->kind));
        break;
    default:
        snprintf(buf, size, "%s'%s'", is_keyword(t->kind) ? "keyword " : "",
                 py_tok_kind_name(t->kind));
        break;
    }
}

/* ---- character classes (ASCII only, independent of the C locale) ---- */

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_hex_digit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static bool is_octal_digit(int c) { return c >= '0' && c <= '7'; }
static bool is_binary_digit(int c) { return c == '0' || c == '1'; }
static bool is_ident_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_ident_char(int c) { return is_ident_start(c) || is_digit(c); }

static int hex_value(int c)
{
    if (is_digit(c))
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return c - 'A' + 10;
}

/* ---- positions, tokens and errors ---- */

/* The byte at offset i, or 0 past the end (NUL bytes inside the source are
 * caught where they appear, so 0 never stands for "end" by accident). */
static int byte_at(const lexer *lx, size_t i) { return i < lx->len ? (unsigned char)lx->src[i] : 0; }
static bool at_end(const lexer *lx) { return lx->pos >= lx->len; }

/* Location of offset `pos`, which must be on the current line. */
static tir_loc loc_at(const lexer *lx, size_t pos)
{
    size_t col = pos - lx->line_start + 1;
    return (tir_loc){.line = lx->line, .col = col > UINT32_MAX ? UINT32_MAX : (uint32_t)col};
}

/* Length of the line break at offset i: 1 for "\n", 2 for "\r\n", else 0. */
static size_t newline_len(const lexer *lx, size_t i)
{
    if (byte_at(lx, i) == '\n' && i < lx->len)
        return 1;
    if (byte_at(lx, i) == '\r' && byte_at(lx, i + 1) == '\n' && i + 1 < lx->len)
        return 2;
    return 0;
}

/* Records that a line break ends just before offset `next_line_start`. */
static void start_new_line(lexer *lx, size_t next_line_start)
{
    lx->line++;
    lx->line_start = next_line_start;
}

static void lex_error(lexer *lx, tir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void lex_error(lexer *lx, tir_loc loc, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    py_lex_error *e = tir_arena_alloc(lx->a, sizeof *e);
    e->loc = loc;
    e->msg = tir_arena_strdup(lx->a, msg);
    if (lx->pending_tail)
        lx->pending_tail->next = e;
    else
        lx->pending = e;
    lx->pending_tail = e;
}

/* Doubles an arena array when it is full. */
static void *grow_array(tir_arena *a, void *items, size_t len, size_t *cap, size_t elem_size)
{
    if (len < *cap)
        return items;
    size_t new_cap = *cap ? *cap * 2 : 256;
    void *bigger = tir_arena_alloc(a, new_cap * elem_size);
    if (len)
        memcpy(bigger, items, len * elem_size);
    *cap = new_cap;
    return bigger;
}

/* Appends a token spanning src[start..lx->pos); pending errors go with it. */
static py_token *push_token(lexer *lx, py_tok_kind kind, tir_loc loc, size_t start)
{
    lx->toks = grow_array(lx->a, lx->toks, lx->ntoks, &lx->tok_cap, sizeof *lx->toks);
    py_token *t = &lx->toks[lx->ntoks++];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->loc = loc;
    t->text = lx->src + start;
    t->len = lx->pos > start ? lx->pos - start : 0;
    t->errors = lx->pending;
    lx->pending = lx->pending_tail = NULL;
    if (kind != PY_TOK_NEWLINE && kind != PY_TOK_INDENT && kind != PY_TOK_DEDENT)
        lx->last_end = loc_at(lx, lx->pos);
    return t;
}

/* ---- comments and indentation ---- */

/* Collects a comment from '#' to the end of the line (the break excluded). */
static void lex_comment(lexer *lx)
{
    tir_loc loc = loc_at(lx, lx->pos);
    size_t start = ++lx->pos;
    while (!at_end(lx) && newline_len(lx, lx->pos) == 0)
        lx->pos++;
    size_t end = lx->pos;
    if (memchr(lx->src + start, 0, end - start))
        lex_error(lx, loc, "source code cannot contain null bytes");
    if (end > start && lx->src[end - 1] == '\r')
        end--;
    lx->comments = grow_array(lx->a, lx->comments, lx->ncomments, &lx->comment_cap, sizeof *lx->comments);
    lx->comments[lx->ncomments++] = (py_comment){tir_arena_strndup(lx->a, lx->src + start, end - start), loc.line};
}

/* Compares the new line's indentation with the stack and emits INDENT or
 * DEDENTs; an unmatched dedent is reported and treated as the nearest outer
 * level, so the line still parses. */
static void set_indentation(lexer *lx, int col, int alt_col, tir_loc loc)
{
    int top = lx->nindent;
    if (col == lx->indent_col[top]) {
        if (alt_col != lx->indent_alt[top])
            lex_error(lx, loc, "inconsistent use of tabs and spaces in indentation");
    } else if (col > lx->indent_col[top]) {
        if (top == MAX_INDENT_LEVELS) {
            lex_error(lx, loc, "too many levels of indentation (the limit is %d)", MAX_INDENT_LEVELS);
            return;
        }
        if (alt_col <= lx->indent_alt[top])
            lex_error(lx, loc, "inconsistent use of tabs and spaces in indentation");
        lx->nindent++;
        lx->indent_col[lx->nindent] = col;
        lx->indent_alt[lx->nindent] = alt_col;
        push_token(lx, PY_TOK_INDENT, loc, lx->pos);
    } else {
        while (lx->nindent > 0 && col < lx->indent_col[lx->nindent]) {
            lx->nindent--;
            push_token(lx, PY_TOK_DEDENT, loc, lx->pos);
        }
        if (col != lx->indent_col[lx->nindent])
            lex_error(lx, loc, "unindent does not match any outer indentation level");
        else if (alt_col != lx->indent_alt[lx->nindent])
            lex_error(lx, loc, "inconsistent use of tabs and spaces in indentation");
    }
}

/* At the start of a logical line: skips blank and comment-only lines (they
 * do not count for indentation), then measures the indentation of the first
 * line with content. */
static void begin_logical_line(lexer *lx)
{
    for (;;) {
        int col = 0, alt_col = 0;
        while (!at_end(lx)) {
            char c = lx->src[lx->pos];
            if (c == ' ') {
                col++;
                alt_col++;
            } else if (c == '\t') {
                col = (col / 8 + 1) * 8;
                alt_col++;
            } else if (c == '\f') {
                col = alt_col = 0; /* Python resets the count at a form feed */
            } else if (c == '\r' && newline_len(lx, lx->pos) == 0) {
                /* a stray carriage return is whitespace */
            } else {
                break;
            }
            if (col > 1000000)
                col = alt_col = 1000000; /* absurdly long indentation must not overflow */
            lx->pos++;
        }
        if (at_end(lx))
            return;
        size_t nl = newline_len(lx, lx->pos);
        if (nl) {
            lx->pos += nl;
            start_new_line(lx, lx->pos);
            continue;
        }
        if (lx->src[lx->pos] == '#') {
            lex_comment(lx);
            continue;
        }
        lx->at_line_start = false;
        set_indentation(lx, col, alt_col, loc_at(lx, lx->pos));
        return;
    }
}

/* ---- numbers ---- */

/* Scans digits with single '_' separators between them (Python's
 * "digitpart"); returns how many digits were consumed. */
static size_t scan_digits(lexer *lx, bool (*is_valid)(int))
{
    size_t n = 0;
    for (;;) {
        int c = byte_at(lx, lx->pos);
        if (!at_end(lx) && is_valid(c)) {
            lx->pos++;
            n++;
        } else if (c == '_' && n > 0 && lx->pos + 1 < lx->len && is_valid(byte_at(lx, lx->pos + 1))) {
            lx->pos++;
        } else {
            return n;
        }
    }
}

/* Value of the digits in src[start..end) (underscores skipped). */
static uint64_t integer_value(const char *s, size_t start, size_t end, unsigned base, bool *too_big)
{
    uint64_t v = 0;
    *too_big = false;
    for (size_t i = start; i < end; i++) {
        if (s[i] == '_')
            continue;
        unsigned d = (unsigned)hex_value((unsigned char)s[i]);
        if (v > (UINT64_MAX - d) / base)
            *too_big = true;
        v = v * base + d;
    }
    return *too_big ? 0 : v;
}

/* True if a decimal integer has a leading zero followed by another digit
 * ("012" is an error in Python 3; "000" is zero). */
static bool has_leading_zero(const char *s, size_t start, size_t end)
{
    if (s[start] != '0')
        return false;
    for (size_t i = start; i < end; i++)
        if (s[i] != '0' && s[i] != '_')
            return true;
    return false;
}

/* Python still accepts a keyword glued to a number ("1if x else 2"), as long
 * as the text after the number starts like one of these keywords. */
static bool keyword_glued_at(const lexer *lx, size_t pos)
{
    static const char *const glued[] = {"and", "else", "for", "if", "in", "is", "not", "or"};
    for (size_t i = 0; i < sizeof glued / sizeof glued[0]; i++) {
        size_t n = strlen(glued[i]);
        if (n <= lx->len - pos && memcmp(lx->src + pos, glued[i], n) == 0)
            return true;
    }
    return false;
}

static void lex_number(lexer *lx)
{
    size_t start = lx->pos;
    tir_loc loc = loc_at(lx, start);
    const char *what = "decimal";
    bool well_formed = true, is_float = false;
    unsigned base = 10;
    size_t digits_start = start;

    int prefix = byte_at(lx, start + 1) | 0x20;
    if (byte_at(lx, start) == '0' && start + 1 < lx->len && (prefix == 'x' || prefix == 'o' || prefix == 'b')) {
        bool (*is_valid)(int) = prefix == 'x' ? is_hex_digit : prefix == 'o' ? is_octal_digit : is_binary_digit;
        what = prefix == 'x' ? "hexadecimal" : prefix == 'o' ? "octal" : "binary";
        base = prefix == 'x' ? 16 : prefix == 'o' ? 8 : 2;
        lx->pos += 2;
        if (byte_at(lx, lx->pos) == '_' && !at_end(lx))
            lx->pos++; /* Python allows 0x_ff */
        digits_start = lx->pos;
        well_formed = scan_digits(lx, is_valid) > 0;
    } else {
        size_t int_digits = scan_digits(lx, is_digit);
        if (byte_at(lx, lx->pos) == '.' && !at_end(lx)) {
            lx->pos++;
            is_float = true;
            if (scan_digits(lx, is_digit) == 0 && int_digits == 0)
                well_formed = false;
        }
        if ((byte_at(lx, lx->pos) | 0x20) == 'e' && !at_end(lx)) {
            size_t after = lx->pos + 1;
            if (byte_at(lx, after) == '+' || byte_at(lx, after) == '-')
                after++;
            if (after < lx->len && is_digit(byte_at(lx, after))) {
                lx->pos = after;
                scan_digits(lx, is_digit);
                is_float = true;
            }
        }
    }

    const char *bad = NULL;
    if (well_formed && (byte_at(lx, lx->pos) | 0x20) == 'j' && !at_end(lx)) {
        lx->pos++;
        bad = "complex literals are not supported in TVMScript";
    } else if (!well_formed ||
               (!at_end(lx) && is_ident_char(byte_at(lx, lx->pos)) && !keyword_glued_at(lx, lx->pos))) {
        while (!at_end(lx) && is_ident_char(byte_at(lx, lx->pos)))
            lx->pos++;
        bad = what; /* formatted below */
    } else if (!is_float && base == 10 && has_leading_zero(lx->src, start, lx->pos)) {
        bad = "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers";
    }
    if (bad) {
        if (bad == what)
            lex_error(lx, loc, "invalid %s literal", what);
        else
            lex_error(lx, loc, "%s", bad);
        push_token(lx, PY_TOK_ERROR, loc, start);
        return;
    }

    if (is_float) {
        /* strtod needs a NUL-terminated copy without the '_' separators. */
        char *copy = tir_arena_alloc(lx->a, lx->pos - start + 1);
        size_t n = 0;
        for (size_t i = start; i < lx->pos; i++)
            if (lx->src[i] != '_')
                copy[n++] = lx->src[i];
        copy[n] = 0;
        py_token *t = push_token(lx, PY_TOK_FLOAT, loc, start);
        t->fval = strtod(copy, NULL);
    } else {
        bool too_big;
        uint64_t v = integer_value(lx->src, digits_start, lx->pos, base, &too_big);
        py_token *t = push_token(lx, PY_TOK_INT, loc, start);
        t->ival = v;
        t->int_too_big = too_big;
    }
}

/* ---- strings ---- */

enum { PREFIX_RAW = 1, PREFIX_BYTES = 2, PREFIX_FORMAT = 4 };

/* Whether s[0..n) is a string prefix (r, u, b, f, br, rb, fr, rf in any
 * case); sets the PREFIX_* flags. */
static bool string_prefix(const char *s, size_t n, int *flags)
{
    static const struct {
        const char *text;
        int flags;
    } prefixes[] = {
        {"r", PREFIX_RAW}, {"u", 0}, {"b", PREFIX_BYTES}, {"f", PREFIX_FORMAT},
        {"br", PREFIX_BYTES | PREFIX_RAW}, {"rb", PREFIX_BYTES | PREFIX_RAW},
        {"fr", PREFIX_FORMAT | PREFIX_RAW}, {"rf", PREFIX_FORMAT | PREFIX_RAW},
    };
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        if (strlen(prefixes[i].text) != n)
            continue;
        size_t k = 0;
        while (k < n && (s[k] | 0x20) == prefixes[i].text[k])
            k++;
        if (k == n) {
            *flags = prefixes[i].flags;
            return true;
        }
    }
    return false;
}

static size_t encode_utf8(char *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Reads exactly `count` hex digits at s[*i+1..]; false if there are fewer. */
static bool read_hex(const char *s, size_t end, size_t *i, int count, uint32_t *value)
{
    uint32_t v = 0;
    for (int k = 1; k <= count; k++) {
        if (*i + (size_t)k >= end || !is_hex_digit((unsigned char)s[*i + (size_t)k]))
            return false;
        v = v * 16 + (uint32_t)hex_value((unsigned char)s[*i + (size_t)k]);
    }
    *i += (size_t)count;
    *value = v;
    return true;
}

/* Decodes a string body src[start..end) into out (which has room for
 * end - start bytes: no escape decodes to more bytes than it is spelled
 * with); returns NULL on success or a message for a bad escape. */
static const char *decode_string(const char *s, size_t start, size_t end, bool raw, char *out, size_t *out_len)
{
    size_t n = 0;
    for (size_t i = start; i < end; i++) {
        char c = s[i];
        if (c == '\r' && i + 1 < end && s[i + 1] == '\n')
            continue; /* CRLF in a triple-quoted string reads as "\n" */
        if (c != '\\' || raw || i + 1 >= end) {
            out[n++] = c;
            continue;
        }
        char e = s[++i];
        uint32_t cp;
        switch (e) {
        case '\n': break; /* backslash-newline continues the string */
        case '\r':
            if (i + 1 < end && s[i + 1] == '\n')
                i++;
            break;
        case '\\': out[n++] = '\\'; break;
        case '\'': out[n++] = '\''; break;
        case '"': out[n++] = '"'; break;
        case 'a': out[n++] = '\a'; break;
        case 'b': out[n++] = '\b'; break;
        case 'f': out[n++] = '\f'; break;
        case 'n': out[n++] = '\n'; break;
        case 'r': out[n++] = '\r'; break;
        case 't': out[n++] = '\t'; break;
        case 'v': out[n++] = '\v'; break;
        case 'x':
            if (!read_hex(s, end, &i, 2, &cp))
                return "invalid \\x escape in string literal: \\xXX needs two hex digits";
            n += encode_utf8(out + n, cp);
            break;
        case 'u':
        case 'U':
            if (!read_hex(s, end, &i, e == 'u' ? 4 : 8, &cp))
                return e == 'u' ? "invalid \\u escape in string literal: \\uXXXX needs four hex digits"
                                : "invalid \\U escape in string literal: \\UXXXXXXXX needs eight hex digits";
            if (cp > 0x10FFFF)
                return "illegal Unicode character in \\U escape";
            n += encode_utf8(out + n, cp);
            break;
        case 'N':
            return "\\N{...} escapes are not supported in TVMScript";
        default:
            if (is_octal_digit((unsigned char)e)) {
                cp = (uint32_t)(e - '0');
                for (int k = 0; k < 2 && i + 1 < end && is_octal_digit((unsigned char)s[i + 1]); k++)
                    cp = cp * 8 + (uint32_t)(s[++i] - '0');
                n += encode_utf8(out + n, cp);
            } else {
                /* Python keeps an unknown escape as written. */
                out[n++] = '\\';
                out[n++] = e;
            }
            break;
        }
    }
    out[n] = 0;
    *out_len = n;
    return NULL;
}

/* Whether `count` copies of `quote` start at offset i. */
static bool quotes_at(const lexer *lx, size_t i, char quote, int count)
{
    for (int k = 0; k < count; k++)
        if (i + (size_t)k >= lx->len || lx->src[i + (size_t)k] != quote)
            return false;
    return true;
}

/* Lexes a string literal whose prefix (if any) starts at `start` and whose
 * opening quote is at lx->pos. */
static void lex_string(lexer *lx, size_t start, int prefix)
{
    tir_loc loc = loc_at(lx, start);
    char quote = lx->src[lx->pos];
    int nquotes = quotes_at(lx, lx->pos, quote, 3) ? 3 : 1;
    bool triple = nquotes == 3;
    lx->pos += (size_t)nquotes;
    size_t body_start = lx->pos, body_end = 0;
    bool terminated = false;

    /* Find the closing quote, keeping line numbers up to date.  A backslash
     * always takes the next character (or line break) with it. */
    while (!at_end(lx)) {
        size_t nl = newline_len(lx, lx->pos);
        if (lx->src[lx->pos] == '\\' && lx->pos + 1 < lx->len) {
            size_t escaped_nl = newline_len(lx, lx->pos + 1);
            lx->pos += 1 + (escaped_nl ? escaped_nl : 1);
            if (escaped_nl)
                start_new_line(lx, lx->pos);
        } else if (nl) {
            if (!triple)
                break;
            lx->pos += nl;
            start_new_line(lx, lx->pos);
        } else if (quotes_at(lx, lx->pos, quote, nquotes)) {
            body_end = lx->pos;
            lx->pos += (size_t)nquotes;
            terminated = true;
            break;
        } else {
            lx->pos++;
        }
    }

    if (!terminated) {
        if (triple)
            lex_error(lx, loc, "unterminated triple-quoted string literal (detected at line %u)", lx->line);
        else
            lex_error(lx, loc, "unterminated string literal (detected at line %u)", lx->line);
        push_token(lx, PY_TOK_ERROR, loc, start);
        return;
    }
    if (prefix & PREFIX_BYTES) {
        lex_error(lx, loc, "bytes literals are not supported in TVMScript");
        push_token(lx, PY_TOK_ERROR, loc, start);
        return;
    }
    if (memchr(lx->src + body_start, 0, body_end - body_start)) {
        lex_error(lx, loc, "source code cannot contain null bytes");
        push_token(lx, PY_TOK_ERROR, loc, start);
        return;
    }
    char *text = tir_arena_alloc(lx->a, body_end - body_start + 1);
    size_t text_len = 0;
    const char *bad = decode_string(lx->src, body_start, body_end, prefix & PREFIX_RAW, text, &text_len);
    if (!bad && text_len > UINT32_MAX)
        bad = "string literal is too long";
    if (bad) {
        lex_error(lx, loc, "%s", bad);
        push_token(lx, PY_TOK_ERROR, loc, start);
        return;
    }
    py_token *t = push_token(lx, PY_TOK_STRING, loc, start);
    t->str = text;
    t->str_len = (uint32_t)text_len;
    /* an f-string is a token, so that Python around the TIR (an @I.pyfunc's
     * print(f"...")) parses; evaluating one is an error */
    t->fstring = (prefix & PREFIX_FORMAT) != 0;
}

/* ---- names, keywords, operators ---- */

static py_tok_kind keyword_kind(const char *s, size_t n)
{
    for (int k = PY_TOK_FALSE; k <= PY_TOK_YIELD; k++) {
        const char *kw = tok_spelling[k];
        if (strlen(kw) == n && memcmp(kw, s, n) == 0)
            return (py_tok_kind)k;
    }
    return PY_TOK_NAME;
}

static void lex_name_or_prefixed_string(lexer *lx)
{
    size_t start = lx->pos;
    while (!at_end(lx) && is_ident_char(byte_at(lx, lx->pos)))
        lx->pos++;
    size_t n = lx->pos - start;
    int q = byte_at(lx, lx->pos);
    int prefix;
    if (!at_end(lx) && (q == '\'' || q == '"') && string_prefix(lx->src + start, n, &prefix)) {
        lex_string(lx, start, prefix);
        return;
    }
    py_tok_kind kind = keyword_kind(lx->src + start, n);
    py_token *t = push_token(lx, kind, loc_at(lx, start), start);
    if (kind == PY_TOK_NAME)
        t->name = tir_arena_strndup(lx->a, lx->src + start, n);
}

/* Operators and punctuation, longest first so that "**=" wins over "**". */
static const struct {
    const char *text;
    py_tok_kind kind;
} operators[] = {
    {"**=", PY_TOK_DSTAREQ}, {"//=", PY_TOK_DSLASHEQ}, {"<<=", PY_TOK_LSHIFTEQ},
    {">>=", PY_TOK_RSHIFTEQ}, {"...", PY_TOK_ELLIPSIS},
    {"**", PY_TOK_DSTAR}, {"//", PY_TOK_DSLASH}, {"<<", PY_TOK_LSHIFT}, {">>", PY_TOK_RSHIFT},
    {"<=", PY_TOK_LE}, {">=", PY_TOK_GE}, {"==", PY_TOK_EQEQ}, {"!=", PY_TOK_NE},
    {"->", PY_TOK_ARROW}, {":=", PY_TOK_COLONEQ}, {"+=", PY_TOK_PLUSEQ}, {"-=", PY_TOK_MINUSEQ},
    {"*=", PY_TOK_STAREQ}, {"/=", PY_TOK_SLASHEQ}, {"%=", PY_TOK_PERCENTEQ}, {"@=", PY_TOK_ATEQ},
    {"&=", PY_TOK_AMPEQ}, {"|=", PY_TOK_VBAREQ}, {"^=", PY_TOK_CARETEQ},
    {"(", PY_TOK_LPAR}, {")", PY_TOK_RPAR}, {"[", PY_TOK_LSQB}, {"]", PY_TOK_RSQB},
    {"{", PY_TOK_LBRACE}, {"}", PY_TOK_RBRACE}, {":", PY_TOK_COLON}, {",", PY_TOK_COMMA},
    {";", PY_TOK_SEMI}, {".", PY_TOK_DOT}, {"@", PY_TOK_AT}, {"=", PY_TOK_ASSIGN},
    {"+", PY_TOK_PLUS}, {"-", PY_TOK_MINUS}, {"*", PY_TOK_STAR}, {"/", PY_TOK_SLASH},
    {"%", PY_TOK_PERCENT}, {"~", PY_TOK_TILDE}, {"&", PY_TOK_AMP}, {"|", PY_TOK_VBAR},
    {"^", PY_TOK_CARET}, {"<", PY_TOK_LT}, {">", PY_TOK_GT},
};

static char closing_for(char open) { return open == '(' ? ')' : open == '[' ? ']' : '}'; }

/* Tracks bracket nesting for implicit line joining and reports unbalanced
 * brackets; returns the kind to push (PY_TOK_ERROR for a bad bracket). */
static py_tok_kind track_bracket(lexer *lx, py_tok_kind kind, tir_loc loc)
{
    char c = lx->src[lx->pos - 1];
    if (kind == PY_TOK_LPAR || kind == PY_TOK_LSQB || kind == PY_TOK_LBRACE) {
        lx->depth++;
        if (lx->depth > MAX_BRACKET_DEPTH) {
            if (lx->depth == MAX_BRACKET_DEPTH + 1)
                lex_error(lx, loc, "too many nested parentheses (the limit is %d)", MAX_BRACKET_DEPTH);
            return lx->depth == MAX_BRACKET_DEPTH + 1 ? PY_TOK_ERROR : kind;
        }
        lx->bracket_char[lx->depth - 1] = c;
        lx->bracket_loc[lx->depth - 1] = loc;
        lx->bracket_tok[lx->depth - 1] = lx->ntoks;
        return kind;
    }
    if (kind != PY_TOK_RPAR && kind != PY_TOK_RSQB && kind != PY_TOK_RBRACE)
        return kind;
    if (lx->depth == 0) {
        lex_error(lx, loc, "unmatched '%c'", c);
        return PY_TOK_ERROR;
    }
    lx->depth--;
    if (lx->depth >= MAX_BRACKET_DEPTH)
        return kind;
    char open = lx->bracket_char[lx->depth];
    if (closing_for(open) == c)
        return kind;
    uint32_t open_line = lx->bracket_loc[lx->depth].line;
    if (open_line != loc.line)
        lex_error(lx, loc, "closing parenthesis '%c' does not match opening parenthesis '%c' on line %u", c, open,
                  open_line);
    else
        lex_error(lx, loc, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, open);
    return PY_TOK_ERROR;
}

static void lex_operator_or_junk(lexer *lx)
{
    size_t start = lx->pos;
    tir_loc loc = loc_at(lx, start);
    size_t left = lx->len - start;
    for (size_t i = 0; i < sizeof operators / sizeof operators[0]; i++) {
        size_t n = strlen(operators[i].text);
        if (n <= left && memcmp(lx->src + start, operators[i].text, n) == 0) {
            lx->pos += n;
            push_token(lx, track_bracket(lx, operators[i].kind, loc), loc, start);
            return;
        }
    }
    unsigned char c = (unsigned char)lx->src[start];
    lx->pos++;
    if (c == 0) {
        while (!at_end(lx) && lx->src[lx->pos] == 0)
            lx->pos++;
        lex_error(lx, loc, "source code cannot contain null bytes");
    } else if (c >= 0x80) {
        /* One message for a whole run of non-ASCII bytes (a UTF-8 character
         * or binary junk). */
        while (!at_end(lx) && (unsigned char)lx->src[lx->pos] >= 0x80)
            lx->pos++;
        lex_error(lx, loc, "invalid non-ASCII character (only ASCII is allowed outside strings and comments)");
    } else if (c >= 0x21 && c < 0x7F) {
        lex_error(lx, loc, "invalid character '%c'", c);
    } else {
        lex_error(lx, loc, "invalid character '\\x%02x'", c);
    }
    push_token(lx, PY_TOK_ERROR, loc, start);
}

/* ---- end of input ---- */

/* A bracket left open makes the rest of the file one logical line that
 * cannot be parsed; like Python, report the bracket and drop that line's
 * tokens (keeping their messages). */
static void close_open_brackets(lexer *lx)
{
    int innermost = (lx->depth < MAX_BRACKET_DEPTH ? lx->depth : MAX_BRACKET_DEPTH) - 1;
    size_t first_dropped = lx->bracket_tok[0];

    py_lex_error *carried = NULL, **tail = &carried;
    for (size_t i = first_dropped; i < lx->ntoks; i++) {
        *tail = lx->toks[i].errors;
        while (*tail)
            tail = &(*tail)->next;
    }
    *tail = lx->pending;
    lx->pending = carried;
    lx->pending_tail = NULL;
    for (py_lex_error *e = carried; e; e = e->next)
        lx->pending_tail = e;

    lex_error(lx, lx->bracket_loc[innermost], "'%c' was never closed", lx->bracket_char[innermost]);
    lx->ntoks = first_dropped;
    push_token(lx, PY_TOK_ERROR, lx->bracket_loc[0], lx->pos);
    lx->last_end = lx->bracket_loc[0];
    lx->depth = 0;
}

void py_lex_tokenize(tir_arena *a, const char *src, size_t len, py_lex_result *out)
{
    lexer lx;
    memset(&lx, 0, sizeof lx);
    lx.a = a;
    lx.src = src ? src : "";
    lx.len = src ? len : 0;
    lx.line = 1;
    lx.at_line_start = true;
    lx.last_end = (tir_loc){.line = 1, .col = 1};
    /* A UTF-8 byte-order mark starts the file as Python allows: skipped, and
     * columns count from after it. */
    if (lx.len >= 3 && memcmp(lx.src, "\xef\xbb\xbf", 3) == 0) {
        lx.pos = 3;
        lx.line_start = 3;
    }

    for (;;) {
        if (lx.at_line_start && lx.depth == 0)
            begin_logical_line(&lx);
        while (!at_end(&lx)) {
            char c = lx.src[lx.pos];
            if (c == ' ' || c == '\t' || c == '\f' || (c == '\r' && newline_len(&lx, lx.pos) == 0))
                lx.pos++;
            else
                break;
        }
        if (at_end(&lx))
            break;
        char c = lx.src[lx.pos];
        size_t nl = newline_len(&lx, lx.pos);
        if (nl) {
            if (lx.depth == 0 && !lx.at_line_start) {
                push_token(&lx, PY_TOK_NEWLINE, lx.last_end, lx.pos);
                lx.at_line_start = true;
            }
            lx.pos += nl;
            start_new_line(&lx, lx.pos);
        } else if (c == '#') {
            lex_comment(&lx);
        } else if (c == '\\') {
            tir_loc loc = loc_at(&lx, lx.pos);
            size_t after = newline_len(&lx, lx.pos + 1);
            if (after && lx.pos + 1 + after < lx.len) {
                lx.pos += 1 + after;
                start_new_line(&lx, lx.pos);
            } else if (lx.pos + 1 + after >= lx.len) {
                /* nothing left for the continued line */
                lx.pos++;
                lex_error(&lx, loc, "unexpected end of file after line continuation character");
                push_token(&lx, PY_TOK_ERROR, loc, lx.pos - 1);
            } else {
                lx.pos++;
                lex_error(&lx, loc, "unexpected character after line continuation character");
                push_token(&lx, PY_TOK_ERROR, loc, lx.pos - 1);
            }
        } else if (is_ident_start((unsigned char)c)) {
            lex_name_or_prefixed_string(&lx);
        } else if (is_digit((unsigned char)c) || (c == '.' && is_digit(byte_at(&lx, lx.pos + 1)) && lx.pos + 1 < lx.len)) {
            lex_number(&lx);
        } else if (c == '\'' || c == '"') {
            lex_string(&lx, lx.pos, 0);
        } else {
            lex_operator_or_junk(&lx);
        }
    }

    if (lx.depth > 0) {
        close_open_brackets(&lx);
        lx.at_line_start = false;
    }
    tir_loc eof_loc = loc_at(&lx, lx.pos);
    if (!lx.at_line_start)
        push_token(&lx, PY_TOK_NEWLINE, lx.last_end, lx.pos);
    while (lx.nindent > 0) {
        lx.nindent--;
        push_token(&lx, PY_TOK_DEDENT, eof_loc, lx.pos);
    }
    push_token(&lx, PY_TOK_EOF, eof_loc, lx.pos);

    out->toks = lx.toks;
    out->ntoks = lx.ntoks;
    out->comments = lx.comments;
    out->ncomments = (uint32_t)lx.ncomments;
}
