/* Unit tests of the TVMScript tokenizer and parser (lex.c, py_parse.c), and
 * of how many diagnostics the script builder gives for a mistake. */
#include <dirent.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "compile.h"
#include "lex.h"
#include "py_ast.h"

#define CHECK_STR_EQ(actual, expected)                                                         \
    do {                                                                                       \
        const char *check_s_ = (actual), *check_e_ = (expected);                               \
        if (!check_s_ || strcmp(check_s_, check_e_) != 0) {                                    \
            printf("#   %s:%d: expected \"%s\", got \"%s\"\n", __FILE__, __LINE__, check_e_,  \
                   check_s_ ? check_s_ : "(null)");                                            \
            check_failures_in_case++;                                                          \
        }                                                                                      \
    } while (0)

/* ---- helpers ---- */

typedef struct {
    tir_arena a;
    tir_diag d;
    py_module *m;
} parsed;

static void parse_bytes(parsed *r, const char *src, size_t len)
{
    tir_arena_init(&r->a);
    tir_diag_init(&r->d, "t.py", src, len);
    r->m = py_parse(&r->a, &r->d, src, len);
}

static void parse_text(parsed *r, const char *src) { parse_bytes(r, src, strlen(src)); }

static void release(parsed *r)
{
    tir_diag_free(&r->d);
    tir_arena_free(&r->a);
}

/* A small growable string for the tree dumps. */
typedef struct {
    char buf[8192];
    size_t len;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...)
{
    if (t->len >= sizeof t->buf - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, sizeof t->buf - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len = t->len + (size_t)n < sizeof t->buf ? t->len + (size_t)n : sizeof t->buf - 1;
}

static const char *const op_names[] = {
    [PY_OP_ADD] = "+", [PY_OP_SUB] = "-", [PY_OP_MUL] = "*", [PY_OP_DIV] = "/",
    [PY_OP_FLOORDIV] = "//", [PY_OP_MOD] = "%", [PY_OP_POW] = "**", [PY_OP_MATMUL] = "@",
    [PY_OP_LSHIFT] = "<<", [PY_OP_RSHIFT] = ">>", [PY_OP_BITAND] = "&", [PY_OP_BITOR] = "|",
    [PY_OP_BITXOR] = "^", [PY_OP_NEG] = "neg", [PY_OP_POS] = "pos", [PY_OP_INVERT] = "~",
    [PY_OP_NOT] = "not", [PY_OP_AND] = "and", [PY_OP_OR] = "or", [PY_OP_EQ] = "==",
    [PY_OP_NE] = "!=", [PY_OP_LT] = "<", [PY_OP_LE] = "<=", [PY_OP_GT] = ">", [PY_OP_GE] = ">=",
    [PY_OP_IS] = "is", [PY_OP_ISNOT] = "is not", [PY_OP_IN] = "in", [PY_OP_NOTIN] = "not in",
};

/* S-expression of a tree, e.g. "(+ a (* b c))"; "_" stands for NULL. */
static void dump(text *t, const py_expr *e)
{
    if (!e) {
        put(t, "_");
        return;
    }
    switch (e->kind) {
    case PY_NAME: put(t, "%s", e->name); break;
    case PY_INT:
        if (e->int_too_big)
            put(t, "BIGINT");
        else
            put(t, "%llu", (unsigned long long)e->ival);
        break;
    case PY_FLOAT: put(t, "%.17g", e->fval); break;
    case PY_STR: put(t, "'%.*s'", (int)e->str_len, e->str); break;
    case PY_TRUE: put(t, "True"); break;
    case PY_FALSE: put(t, "False"); break;
    case PY_NONE: put(t, "None"); break;
    case PY_ATTR:
        put(t, "(. ");
        dump(t, e->value);
        put(t, " %s)", e->name);
        break;
    case PY_CALL:
        put(t, "(call ");
        dump(t, e->func);
        for (uint32_t i = 0; i < e->nitems; i++) {
            put(t, " ");
            dump(t, e->items[i]);
        }
        for (uint32_t i = 0; i < e->nkw; i++) {
            put(t, " %s=", e->kwnames[i]);
            dump(t, e->kwvalues[i]);
        }
        put(t, ")");
        break;
    case PY_SUBSCRIPT:
        put(t, "([] ");
        dump(t, e->value);
        put(t, " ");
        dump(t, e->index);
        put(t, ")");
        break;
    case PY_SLICE:
        put(t, "(: ");
        dump(t, e->lo);
        put(t, " ");
        dump(t, e->hi);
        put(t, " ");
        dump(t, e->step);
        put(t, ")");
        break;
    case PY_TUPLE:
    case PY_LIST:
        put(t, "(%s", e->kind == PY_TUPLE ? "tuple" : "list");
        for (uint32_t i = 0; i < e->nitems; i++) {
            put(t, " ");
            dump(t, e->items[i]);
        }
        put(t, ")");
        break;
    case PY_DICT:
        put(t, "(dict");
        for (uint32_t i = 0; i < e->nitems; i++) {
            put(t, " ");
            dump(t, e->items[i]);
            put(t, ":");
            dump(t, e->values[i]);
        }
        put(t, ")");
        break;
    case PY_BINOP:
    case PY_BOOLOP:
    case PY_COMPARE:
        put(t, "(%s ", op_names[e->op]);
        dump(t, e->lhs);
        put(t, " ");
        dump(t, e->rhs);
        put(t, ")");
        break;
    case PY_UNARY:
        put(t, "(%s ", op_names[e->op]);
        dump(t, e->value);
        put(t, ")");
        break;
    case PY_IFEXP:
        put(t, "(if ");
        dump(t, e->test);
        put(t, " ");
        dump(t, e->body);
        put(t, " ");
        dump(t, e->orelse);
        put(t, ")");
        break;
    }
}

static const char *dump_expr(const py_expr *e)
{
    static text t;
    t.len = 0;
    t.buf[0] = 0;
    dump(&t, e);
    return t.buf;
}

/* Parses `src` as one expression statement and dumps the expression. */
static const char *expr_shape(const char *src)
{
    static char result[8192];
    parsed r;
    parse_text(&r, src);
    if (!r.m)
        snprintf(result, sizeof result, "ERROR: %s", r.d.text ? r.d.text : "?");
    else if (r.m->body.len != 1 || r.m->body.items[0]->kind != PY_S_EXPR)
        snprintf(result, sizeof result, "not one expression statement");
    else
        snprintf(result, sizeof result, "%s", dump_expr(r.m->body.items[0]->value));
    release(&r);
    return result;
}

/* The space-separated token kinds of a source, e.g. "name = number NEWLINE". */
static const char *token_kinds(const char *src)
{
    static text t;
    t.len = 0;
    t.buf[0] = 0;
    tir_arena a;
    tir_arena_init(&a);
    py_lex_result lexed;
    py_lex_tokenize(&a, src, strlen(src), &lexed);
    for (size_t i = 0; i < lexed.ntoks; i++)
        put(&t, "%s%s", i ? " " : "", lexed.toks[i].kind == PY_TOK_EOF ? "EOF" : py_tok_kind_name(lexed.toks[i].kind));
    tir_arena_free(&a);
    return t.buf;
}

/* Parses a source that must fail and returns the collected messages. */
static const char *errors_of(const char *src, int *nerrors)
{
    static char result[16384];
    parsed r;
    parse_text(&r, src);
    snprintf(result, sizeof result, "%s", r.d.text ? r.d.text : "");
    if (nerrors)
        *nerrors = r.d.nerrors;
    if (r.m)
        snprintf(result, sizeof result, "UNEXPECTEDLY PARSED");
    release(&r);
    return result;
}

static int count_occurrences(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *s = hay; (s = strstr(s, needle)) != NULL; s += strlen(needle))
        n++;
    return n;
}

/* Whether the diagnostics hold `needle`, looking past NUL bytes that a
 * quoted source line may contain. */
static bool text_has(const tir_diag *d, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; d->text && i + n <= d->len; i++)
        if (memcmp(d->text + i, needle, n) == 0)
            return true;
    return false;
}

/* ---- tokenizer ---- */

static void test_indentation_tokens(void)
{
    CHECK_STR_EQ(token_kinds("if a:\n    b\nc\n"),
                 "if name : NEWLINE INDENT name NEWLINE DEDENT name NEWLINE EOF");
    /* Two levels closed by one line, and at the end of the file. */
    CHECK_STR_EQ(token_kinds("if a:\n  if b:\n    c\nd\nif e:\n\tf"),
                 "if name : NEWLINE INDENT if name : NEWLINE INDENT name NEWLINE DEDENT DEDENT name NEWLINE "
                 "if name : NEWLINE INDENT name NEWLINE DEDENT EOF");
}

static void test_blank_and_comment_lines_do_not_indent(void)
{
    CHECK_STR_EQ(token_kinds("a\n\n      \n        # deep comment\n\t\nb\n"), "name NEWLINE name NEWLINE EOF");
    parsed r;
    parse_text(&r, "def f():\n    x = 1\n\n  # shallow comment\n    y = 2\n");
    CHECK(r.m != NULL);
    if (r.m)
        CHECK_EQ_INT(r.m->body.items[0]->body.len, 2);
    release(&r);
}

static void test_comments_collected(void)
{
    parsed r;
    parse_text(&r, "# from tvm.script import tir as T\n\nx = 1  # trailing\r\ny = [1,  # inside brackets\n  2]\n#");
    CHECK(r.m != NULL);
    if (r.m) {
        CHECK_EQ_INT(r.m->ncomments, 4);
        CHECK_STR_EQ(r.m->comments[0].text, " from tvm.script import tir as T");
        CHECK_EQ_INT(r.m->comments[0].line, 1);
        CHECK_STR_EQ(r.m->comments[1].text, " trailing");
        CHECK_EQ_INT(r.m->comments[1].line, 3);
        CHECK_STR_EQ(r.m->comments[2].text, " inside brackets");
        CHECK_EQ_INT(r.m->comments[2].line, 4);
        CHECK_STR_EQ(r.m->comments[3].text, "");
        CHECK_EQ_INT(r.m->comments[3].line, 6);
    }
    release(&r);
}

static void test_implicit_line_joining(void)
{
    parsed r;
    parse_text(&r, "x = f(1,\n      2)\ny = [\n  3,\n    4,\n]\nz = {\n'a': 1}\n");
    CHECK(r.m != NULL);
    if (r.m) {
        CHECK_EQ_INT(r.m->body.len, 3);
        CHECK_STR_EQ(dump_expr(r.m->body.items[0]->value), "(call f 1 2)");
        CHECK_STR_EQ(dump_expr(r.m->body.items[1]->value), "(list 3 4)");
        CHECK_EQ_INT(r.m->body.items[1]->loc.line, 3);
        CHECK_STR_EQ(dump_expr(r.m->body.items[2]->value), "(dict 'a':1)");
        CHECK_EQ_INT(r.m->body.items[2]->loc.line, 7);
    }
    release(&r);
}

static void test_explicit_line_joining(void)
{
    parsed r;
    parse_text(&r, "if a:\n    x = 1 + \\\n2\n    y = 3\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_stmt *s = r.m->body.items[0];
        CHECK_EQ_INT(s->body.len, 2);
        CHECK_STR_EQ(dump_expr(s->body.items[0]->value), "(+ 1 2)");
        CHECK_EQ_INT(s->body.items[1]->loc.line, 4);
    }
    release(&r);
}

static void test_crlf_and_missing_final_newline(void)
{
    parsed r;
    parse_text(&r, "if a:\r\n    b = 1\r\n\r\n    c = '''x\r\ny'''\r\nd = 2");
    CHECK(r.m != NULL);
    if (r.m) {
        CHECK_EQ_INT(r.m->body.len, 2);
        CHECK_EQ_INT(r.m->body.items[0]->body.len, 2);
        CHECK_STR_EQ(dump_expr(r.m->body.items[0]->body.items[1]->value), "'x\ny'");
        CHECK_EQ_INT(r.m->body.items[1]->loc.line, 6);
        CHECK_EQ_INT(r.m->body.items[1]->loc.col, 1);
    }
    release(&r);
    CHECK_STR_EQ(expr_shape("a + b"), "(+ a b)");
    CHECK_STR_EQ(token_kinds(""), "EOF");
    CHECK_STR_EQ(token_kinds("\n\n# only a comment"), "EOF");
}

/* A UTF-8 byte-order mark may start a file, as in Python; anywhere else it
 * is not a token. */
static void test_byte_order_mark(void)
{
    parsed r;
    parse_text(&r, "\xef\xbb\xbf" "a = 1\nb = 2\n");
    CHECK(r.m != NULL);
    if (r.m) {
        CHECK_EQ_INT(r.m->body.len, 2);
        CHECK_EQ_INT(r.m->body.items[0]->loc.line, 1);
        CHECK_EQ_INT(r.m->body.items[0]->loc.col, 1);
    }
    release(&r);
    parse_text(&r, "a = 1\n\xef\xbb\xbf" "b = 2\n");
    CHECK(r.m == NULL);
    release(&r);
}

static void test_number_forms(void)
{
    CHECK_STR_EQ(expr_shape("(0x1F, 0XfF, 0o17, 0b101, 0x_ff, 1_000_000, 0, 00, 0_0)"),
                 "(tuple 31 255 15 5 255 1000000 0 0 0)");
    CHECK_STR_EQ(expr_shape("(1e-05, 1., .5, 1.5, 1_0.2_5, 2E3, 1.e2)"),
                 "(tuple 1.0000000000000001e-05 1 0.5 1.5 10.25 2000 100)");
    CHECK_STR_EQ(expr_shape("1.0000000000000001e-05"), "1.0000000000000001e-05");
    CHECK_STR_EQ(expr_shape("3.4028234663852886e+38"), "3.4028234663852886e+38");
    CHECK_STR_EQ(expr_shape("-340282346638528859811704183484516925440.0"), "(neg 3.4028234663852886e+38)");
    CHECK_STR_EQ(expr_shape("18446744073709551615"), "18446744073709551615");
    CHECK_STR_EQ(expr_shape("18446744073709551616"), "BIGINT");
    CHECK_STR_EQ(expr_shape("0x1_0000_0000_0000_0000"), "BIGINT");
    /* A minus sign is never part of a literal. */
    CHECK_STR_EQ(expr_shape("-1"), "(neg 1)");
    CHECK_STR_EQ(expr_shape("x-1"), "(- x 1)");
    CHECK_STR_EQ(expr_shape("1e5 .real"), "(. 100000 real)");
    /* Python still accepts a keyword glued to a number. */
    CHECK_STR_EQ(expr_shape("1if x else 2.5or 3"), "(if x 1 (or 2.5 3))");
}

static void test_string_escapes(void)
{
    parsed r;
    parse_text(&r, "'a\\nb\\tc\\\\d\\'e\\\"f\\x41\\0g\\q\\u00e9\\101'\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_expr *e = r.m->body.items[0]->value;
        const char want[] = "a\nb\tc\\d'e\"fA\0g\\q\xc3\xa9"
                            "A";
        CHECK_EQ_INT(e->kind, PY_STR);
        CHECK_EQ_INT(e->str_len, sizeof want - 1);
        CHECK(e->str_len == sizeof want - 1 && memcmp(e->str, want, sizeof want - 1) == 0);
    }
    release(&r);
    CHECK_STR_EQ(expr_shape("r'\\n\\d'"), "'\\n\\d'");
    CHECK_STR_EQ(expr_shape("u\"x\""), "'x'");
    CHECK_STR_EQ(expr_shape("'''one\n\"two\"\nthree'''"), "'one\n\"two\"\nthree'");
    CHECK_STR_EQ(expr_shape("\"\"\"doc \\\nstring\"\"\""), "'doc string'");
    CHECK_STR_EQ(expr_shape("'\\\n'"), "''");
    CHECK_STR_EQ(expr_shape("''"), "''");
}

static void test_string_concatenation(void)
{
    CHECK_STR_EQ(expr_shape("'ab' \"cd\" '''ef'''"), "'abcdef'");
    CHECK_STR_EQ(expr_shape("f('a'\n  'b', 'c')"), "(call f 'ab' 'c')");
    parsed r;
    parse_text(&r, "x = ('a\\0'\n     'b')\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_expr *e = r.m->body.items[0]->value;
        CHECK_EQ_INT(e->str_len, 3);
        CHECK(memcmp(e->str, "a\0b", 3) == 0);
        CHECK_EQ_INT(e->loc.line, 1);
        CHECK_EQ_INT(e->loc.col, 6);
    }
    release(&r);
}

/* ---- expressions ---- */

static void test_operator_precedence(void)
{
    CHECK_STR_EQ(expr_shape("a + b * c"), "(+ a (* b c))");
    CHECK_STR_EQ(expr_shape("a * b + c"), "(+ (* a b) c)");
    CHECK_STR_EQ(expr_shape("a - b - c"), "(- (- a b) c)");
    CHECK_STR_EQ(expr_shape("(a + b) * c"), "(* (+ a b) c)");
    CHECK_STR_EQ(expr_shape("a // b % c / d @ e"), "(@ (/ (% (// a b) c) d) e)");
    CHECK_STR_EQ(expr_shape("a | b ^ c & d << e + f"), "(| a (^ b (& c (<< d (+ e f)))))");
    CHECK_STR_EQ(expr_shape("a >> b << c"), "(<< (>> a b) c)");
    CHECK_STR_EQ(expr_shape("a < b | c"), "(< a (| b c))");
    CHECK_STR_EQ(expr_shape("a == b and c != d or e"), "(or (and (== a b) (!= c d)) e)");
    CHECK_STR_EQ(expr_shape("a or b or c"), "(or (or a b) c)");
    CHECK_STR_EQ(expr_shape("a and b and c"), "(and (and a b) c)");
}

static void test_power_and_unary(void)
{
    CHECK_STR_EQ(expr_shape("-2**2"), "(neg (** 2 2))");
    CHECK_STR_EQ(expr_shape("2**-1"), "(** 2 (neg 1))");
    CHECK_STR_EQ(expr_shape("a**b**c"), "(** a (** b c))");
    CHECK_STR_EQ(expr_shape("-a * b"), "(* (neg a) b)");
    CHECK_STR_EQ(expr_shape("~+-x"), "(~ (pos (neg x)))");
    CHECK_STR_EQ(expr_shape("x.y**2"), "(** (. x y) 2)");
    CHECK_STR_EQ(expr_shape("- - 1"), "(neg (neg 1))");
}

static void test_boolean_and_conditional(void)
{
    CHECK_STR_EQ(expr_shape("not a and b"), "(and (not a) b)");
    CHECK_STR_EQ(expr_shape("not a == b"), "(not (== a b))");
    CHECK_STR_EQ(expr_shape("not not a"), "(not (not a))");
    CHECK_STR_EQ(expr_shape("a if c else b or d"), "(if c a (or b d))");
    CHECK_STR_EQ(expr_shape("a if b else c if d else e"), "(if b a (if d c e))");
    CHECK_STR_EQ(expr_shape("(a if b else c) + 1"), "(+ (if b a c) 1)");
    CHECK_STR_EQ(expr_shape("a or b if c and d else e"), "(if (and c d) (or a b) e)");
}

static void test_chained_comparison(void)
{
    parsed r;
    parse_text(&r, "a < b <= c\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_expr *e = r.m->body.items[0]->value;
        CHECK_STR_EQ(dump_expr(e), "(and (< a b) (<= b c))");
        CHECK_EQ_INT(e->kind, PY_BOOLOP);
        CHECK(e->lhs->rhs == e->rhs->lhs); /* b is evaluated once */
        CHECK_EQ_INT(e->rhs->loc.col, 5);  /* the second compare starts at b */
    }
    release(&r);
    CHECK_STR_EQ(expr_shape("a < b < c < d"), "(and (and (< a b) (< b c)) (< c d))");
    CHECK_STR_EQ(expr_shape("a is not b"), "(is not a b)");
    CHECK_STR_EQ(expr_shape("a not in b"), "(not in a b)");
    CHECK_STR_EQ(expr_shape("a is b"), "(is a b)");
    CHECK_STR_EQ(expr_shape("a in b"), "(in a b)");
    CHECK_STR_EQ(expr_shape("a >= b > c"), "(and (>= a b) (> b c))");
}

static void test_subscripts_and_slices(void)
{
    CHECK_STR_EQ(expr_shape("a[i]"), "([] a i)");
    CHECK_STR_EQ(expr_shape("a[i, j]"), "([] a (tuple i j))");
    CHECK_STR_EQ(expr_shape("a[i,]"), "([] a (tuple i))");
    CHECK_STR_EQ(expr_shape("a[()]"), "([] a (tuple))");
    CHECK_STR_EQ(expr_shape("a[lo:hi]"), "([] a (: lo hi _))");
    CHECK_STR_EQ(expr_shape("a[lo:hi:step]"), "([] a (: lo hi step))");
    CHECK_STR_EQ(expr_shape("a[:, j]"), "([] a (tuple (: _ _ _) j))");
    CHECK_STR_EQ(expr_shape("a[i, 0:16]"), "([] a (tuple i (: 0 16 _)))");
    CHECK_STR_EQ(expr_shape("a[::2]"), "([] a (: _ _ 2))");
    CHECK_STR_EQ(expr_shape("a[i:]"), "([] a (: i _ _))");
    CHECK_STR_EQ(expr_shape("a[i * 32 + c:i * 32 + c + 8]"), "([] a (: (+ (* i 32) c) (+ (+ (* i 32) c) 8) _))");
    CHECK_STR_EQ(expr_shape("a[b[i]][j]"), "([] ([] a ([] b i)) j)");
    parsed r;
    parse_text(&r, "A[v_i0, v_k]\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_expr *e = r.m->body.items[0]->value;
        CHECK_EQ_INT(e->index->kind, PY_TUPLE);
        CHECK_EQ_INT(e->index->loc.col, 3);
    }
    release(&r);
}

static void test_calls_and_attributes(void)
{
    CHECK_STR_EQ(expr_shape("f()"), "(call f)");
    CHECK_STR_EQ(expr_shape("f(a, b, k=v)"), "(call f a b k=v)");
    CHECK_STR_EQ(expr_shape("f(a, k=1, m=2,)"), "(call f a k=1 m=2)");
    CHECK_STR_EQ(expr_shape("f(\n    a,\n    b,\n)"), "(call f a b)");
    CHECK_STR_EQ(expr_shape("T.Buffer((1,), data=x.data)"), "(call (. T Buffer) (tuple 1) data=(. x data))");
    CHECK_STR_EQ(expr_shape("f(a)(b).c[d]"), "([] (. (call (call f a) b) c) d)");
    CHECK_STR_EQ(expr_shape("f(a == b)"), "(call f (== a b))");
    parsed r;
    parse_text(&r, "x = T.grid(32, 24)\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_expr *call = r.m->body.items[0]->value;
        CHECK_EQ_INT(call->kind, PY_CALL);
        CHECK_EQ_INT(call->loc.col, 5); /* the callee's start */
        CHECK_EQ_INT(call->func->kind, PY_ATTR);
        CHECK_EQ_INT(call->items[1]->loc.col, 16);
    }
    release(&r);
}

static void test_atoms(void)
{
    CHECK_STR_EQ(expr_shape("(a, b)"), "(tuple a b)");
    CHECK_STR_EQ(expr_shape("(a,)"), "(tuple a)");
    CHECK_STR_EQ(expr_shape("()"), "(tuple)");
    CHECK_STR_EQ(expr_shape("(a)"), "a");
    CHECK_STR_EQ(expr_shape("[a, [b], []]"), "(list a (list b) (list))");
    CHECK_STR_EQ(expr_shape("{}"), "(dict)");
    CHECK_STR_EQ(expr_shape("{'k': v, 1: [2],}"), "(dict 'k':v 1:(list 2))");
    CHECK_STR_EQ(expr_shape("(True, False, None)"), "(tuple True False None)");
    CHECK_STR_EQ(expr_shape("a, b"), "(tuple a b)");
}

static void test_expression_locations(void)
{
    parsed r;
    parse_text(&r, "x = (a + b) * c\ny =  p.q(1)[2] - -r\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_expr *mul = r.m->body.items[0]->value;
        CHECK_EQ_INT(mul->loc.line, 1);
        CHECK_EQ_INT(mul->loc.col, 5); /* the '(' of the left operand */
        CHECK_EQ_INT(mul->lhs->loc.col, 6);
        CHECK_EQ_INT(mul->rhs->loc.col, 15);
        const py_expr *sub = r.m->body.items[1]->value;
        CHECK_EQ_INT(sub->loc.line, 2);
        CHECK_EQ_INT(sub->loc.col, 6);
        CHECK_EQ_INT(sub->lhs->loc.col, 6);        /* subscript starts at p */
        CHECK_EQ_INT(sub->lhs->value->loc.col, 6); /* so does the call */
        CHECK_EQ_INT(sub->rhs->loc.col, 18);
        CHECK_EQ_INT(r.m->body.items[1]->loc.col, 1);
    }
    release(&r);
}

/* ---- statements ---- */

static void test_decorators_and_return_annotation(void)
{
    parsed r;
    parse_text(&r, "@I.ir_module\nclass Module:\n    @T.prim_func(private=True)\n    @other\n"
                   "    def main(a: T.handle, n: T.int32) -> T.int32:\n        return n\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_stmt *cls = r.m->body.items[0];
        CHECK_EQ_INT(cls->kind, PY_S_CLASSDEF);
        CHECK_STR_EQ(cls->name, "Module");
        CHECK_EQ_INT(cls->ndecorators, 1);
        CHECK_STR_EQ(dump_expr(cls->decorators[0]), "(. I ir_module)");
        CHECK_EQ_INT(cls->nbases, 0);
        const py_stmt *fn = cls->body.items[0];
        CHECK_EQ_INT(fn->kind, PY_S_FUNCDEF);
        CHECK_STR_EQ(fn->name, "main");
        CHECK_EQ_INT(fn->loc.line, 3); /* the first decorator */
        CHECK_EQ_INT(fn->loc.col, 5);
        CHECK_EQ_INT(fn->ndecorators, 2);
        CHECK_STR_EQ(dump_expr(fn->decorators[0]), "(call (. T prim_func) private=True)");
        CHECK_EQ_INT(fn->nparams, 2);
        CHECK_STR_EQ(fn->params[0].name, "a");
        CHECK_STR_EQ(dump_expr(fn->params[0].annotation), "(. T handle)");
        CHECK_EQ_INT(fn->params[1].loc.line, 5);
        CHECK_EQ_INT(fn->params[1].loc.col, 27);
        CHECK_STR_EQ(dump_expr(fn->returns), "(. T int32)");
        CHECK_EQ_INT(fn->body.len, 1);
        CHECK_EQ_INT(fn->body.items[0]->kind, PY_S_RETURN);
    }
    release(&r);
    parse_text(&r, "class C(Base, other.Mixin,):\n    pass\n");
    CHECK(r.m != NULL);
    if (r.m) {
        CHECK_EQ_INT(r.m->body.items[0]->nbases, 2);
        CHECK_STR_EQ(dump_expr(r.m->body.items[0]->bases[1]), "(. other Mixin)");
    }
    release(&r);
}

static void test_multiline_parameter_list(void)
{
    parsed r;
    parse_text(&r, "def f(\n    a: T.Buffer((4, 4), \"float32\"),\n    b,\n    c: int = 3,\n    d=None,\n):\n    pass\n"
                   "def g(): pass\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_stmt *fn = r.m->body.items[0];
        CHECK_EQ_INT(fn->nparams, 4);
        CHECK_STR_EQ(dump_expr(fn->params[0].annotation), "(call (. T Buffer) (tuple 4 4) 'float32')");
        CHECK(fn->params[1].annotation == NULL && fn->params[1].default_value == NULL);
        CHECK_STR_EQ(dump_expr(fn->params[2].default_value), "3");
        CHECK_EQ_INT(fn->params[3].default_value->kind, PY_NONE);
        CHECK(fn->returns == NULL);
        const py_stmt *g = r.m->body.items[1];
        CHECK_EQ_INT(g->nparams, 0);
        CHECK_EQ_INT(g->body.len, 1);
        CHECK_EQ_INT(g->body.items[0]->kind, PY_S_PASS);
    }
    release(&r);
}

static void test_import_statements(void)
{
    parsed r;
    parse_text(&r, "from tvm.script import tir as T\nimport tvm.script as s, numpy\n"
                   "from a import (b, c as d,)\nfrom x.y import z, w\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_stmt *s = r.m->body.items[0];
        CHECK_EQ_INT(s->kind, PY_S_IMPORT);
        CHECK_STR_EQ(s->from_module, "tvm.script");
        CHECK_EQ_INT(s->nnames, 1);
        CHECK_STR_EQ(s->names[0], "tir");
        CHECK_STR_EQ(s->asnames[0], "T");
        s = r.m->body.items[1];
        CHECK(s->from_module == NULL);
        CHECK_EQ_INT(s->nnames, 2);
        CHECK_STR_EQ(s->names[0], "tvm.script");
        CHECK_STR_EQ(s->asnames[0], "s");
        CHECK_STR_EQ(s->names[1], "numpy");
        CHECK(s->asnames[1] == NULL);
        s = r.m->body.items[2];
        CHECK_EQ_INT(s->nnames, 2);
        CHECK_STR_EQ(s->asnames[1], "d");
        s = r.m->body.items[3];
        CHECK_STR_EQ(s->from_module, "x.y");
        CHECK(s->asnames[0] == NULL && s->asnames[1] == NULL);
    }
    release(&r);
}

static void test_if_elif_else_nesting(void)
{
    parsed r;
    parse_text(&r, "if a:\n    x = 1\nelif b:\n    x = 2\nelif c: x = 3\nelse:\n    x = 4\n    y = 5\n");
    CHECK(r.m != NULL);
    if (r.m) {
        CHECK_EQ_INT(r.m->body.len, 1);
        const py_stmt *s = r.m->body.items[0];
        CHECK_EQ_INT(s->kind, PY_S_IF);
        CHECK_STR_EQ(dump_expr(s->test), "a");
        CHECK_EQ_INT(s->orelse.len, 1);
        const py_stmt *elif1 = s->orelse.items[0];
        CHECK_EQ_INT(elif1->kind, PY_S_IF);
        CHECK_EQ_INT(elif1->loc.line, 3);
        CHECK_STR_EQ(dump_expr(elif1->test), "b");
        const py_stmt *elif2 = elif1->orelse.items[0];
        CHECK_STR_EQ(dump_expr(elif2->test), "c");
        CHECK_EQ_INT(elif2->body.len, 1);
        CHECK_EQ_INT(elif2->orelse.len, 2);
        CHECK_EQ_INT(elif2->orelse.items[1]->loc.line, 8);
    }
    release(&r);
    parse_text(&r, "if a:\n    pass\nx = 1\n");
    CHECK(r.m && r.m->body.len == 2 && r.m->body.items[0]->orelse.len == 0);
    release(&r);
}

static void test_with_statements(void)
{
    parsed r;
    parse_text(&r, "with T.block(\"x\"):\n    pass\nwith a as b, c as d:\n    pass\nwith e, f as (g, h): pass\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_stmt *s = r.m->body.items[0];
        CHECK_EQ_INT(s->kind, PY_S_WITH);
        CHECK_EQ_INT(s->nitems, 1);
        CHECK_STR_EQ(dump_expr(s->items[0]), "(call (. T block) 'x')");
        CHECK(s->targets[0] == NULL);
        s = r.m->body.items[1];
        CHECK_EQ_INT(s->nitems, 2);
        CHECK_STR_EQ(dump_expr(s->targets[0]), "b");
        CHECK_STR_EQ(dump_expr(s->items[1]), "c");
        CHECK_STR_EQ(dump_expr(s->targets[1]), "d");
        s = r.m->body.items[2];
        CHECK(s->targets[0] == NULL);
        CHECK_STR_EQ(dump_expr(s->targets[1]), "(tuple g h)");
    }
    release(&r);
}

static void test_assignments(void)
{
    parsed r;
    parse_text(&r, "a = 1\nv_i0, v_i1, v_k = T.axis.remap(\"SSR\", [i0, i1, k])\nA[i, j] = b\nx.y = 1, 2\n"
                   "(p, q) = r\n[s, t] = u\nc: T.int32 = n * 8\nd: T.int32\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_stmt *const *s = (const py_stmt *const *)r.m->body.items;
        CHECK_EQ_INT(r.m->body.len, 8);
        CHECK_EQ_INT(s[0]->kind, PY_S_ASSIGN);
        CHECK_STR_EQ(dump_expr(s[1]->target), "(tuple v_i0 v_i1 v_k)");
        CHECK_STR_EQ(dump_expr(s[1]->value), "(call (. (. T axis) remap) 'SSR' (list i0 i1 k))");
        CHECK_STR_EQ(dump_expr(s[2]->target), "([] A (tuple i j))");
        CHECK_STR_EQ(dump_expr(s[3]->target), "(. x y)");
        CHECK_STR_EQ(dump_expr(s[3]->value), "(tuple 1 2)");
        CHECK_STR_EQ(dump_expr(s[4]->target), "(tuple p q)");
        CHECK_STR_EQ(dump_expr(s[5]->target), "(list s t)");
        CHECK_EQ_INT(s[6]->kind, PY_S_ANNASSIGN);
        CHECK_STR_EQ(dump_expr(s[6]->annotation), "(. T int32)");
        CHECK_STR_EQ(dump_expr(s[6]->value), "(* n 8)");
        CHECK_EQ_INT(s[7]->kind, PY_S_ANNASSIGN);
        CHECK(s[7]->value == NULL);
    }
    release(&r);
}

/* a = b = value (module-level constants: M = N = K = 128): the first
 * target, then the chain, in source order */
static void test_chained_assignment(void)
{
    parsed r;
    parse_text(&r, "M = N = K = 128\na, b = c = 1, 2\nx = 1\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_stmt *const *s = (const py_stmt *const *)r.m->body.items;
        CHECK_EQ_INT(s[0]->kind, PY_S_ASSIGN);
        CHECK_STR_EQ(dump_expr(s[0]->target), "M");
        CHECK_EQ_INT(s[0]->nchain, 2);
        if (s[0]->nchain == 2) {
            CHECK_STR_EQ(dump_expr(s[0]->chain[0]), "N");
            CHECK_STR_EQ(dump_expr(s[0]->chain[1]), "K");
        }
        CHECK_STR_EQ(dump_expr(s[0]->value), "128");
        CHECK_STR_EQ(dump_expr(s[1]->target), "(tuple a b)");
        CHECK_EQ_INT(s[1]->nchain, 1);
        CHECK_STR_EQ(dump_expr(s[1]->value), "(tuple 1 2)");
        CHECK_EQ_INT(s[2]->nchain, 0);
    }
    release(&r);
}

/* tirc -D definitions travel after the program, behind PY_DEFINES_MARKER:
 * the program is parsed without them and messages never quote them. */
static void test_defines_trailer(void)
{
    static const char src[] = "x = (\0tirc-defines\0M=4\0bad\0dtype=float16\0";
    parsed r;
    parse_bytes(&r, src, sizeof src - 1);
    CHECK(r.m == NULL);
    CHECK_EQ_INT(r.d.nerrors, 1);
    CHECK(text_has(&r.d, "t.py:1:5: error: '(' was never closed"));
    CHECK(!text_has(&r.d, "tirc-defines"));
    release(&r);
    static const char ok[] = "x = 1\n\0tirc-defines\0M=4\0bad\0dtype=float16\0";
    parse_bytes(&r, ok, sizeof ok - 1);
    CHECK(r.m != NULL);
    if (r.m) {
        CHECK_EQ_INT(r.m->body.len, 1);
        CHECK_EQ_INT(r.m->ndefines, 2); /* "bad" has no '=' */
        if (r.m->ndefines == 2) {
            CHECK_STR_EQ(r.m->defines[0], "M=4");
            CHECK_STR_EQ(r.m->defines[1], "dtype=float16");
        }
    }
    release(&r);
    /* a NUL byte alone is still an error of the program */
    static const char nul[] = "x = 1\n\0y = 2\n";
    parse_bytes(&r, nul, sizeof nul - 1);
    CHECK(r.m == NULL);
    release(&r);
}

static void test_augmented_assignment(void)
{
    static const struct {
        const char *op;
        py_op expected;
    } cases[] = {
        {"+=", PY_OP_ADD}, {"-=", PY_OP_SUB}, {"*=", PY_OP_MUL}, {"/=", PY_OP_DIV},
        {"//=", PY_OP_FLOORDIV}, {"%=", PY_OP_MOD}, {"&=", PY_OP_BITAND}, {"|=", PY_OP_BITOR},
        {"^=", PY_OP_BITXOR}, {"<<=", PY_OP_LSHIFT}, {">>=", PY_OP_RSHIFT}, {"**=", PY_OP_POW},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char src[64];
        snprintf(src, sizeof src, "A[i] %s b + 1\n", cases[i].op);
        parsed r;
        parse_text(&r, src);
        CHECK(r.m != NULL);
        if (r.m) {
            const py_stmt *s = r.m->body.items[0];
            CHECK_EQ_INT(s->kind, PY_S_AUGASSIGN);
            CHECK_EQ_INT(s->op, cases[i].expected);
            CHECK_STR_EQ(dump_expr(s->target), "([] A i)");
            CHECK_STR_EQ(dump_expr(s->value), "(+ b 1)");
        }
        release(&r);
    }
}

static void test_loops(void)
{
    parsed r;
    parse_text(&r, "for i0, i1, k in T.grid(32, 24, 48):\n    pass\nfor (a, b) in c:\n    pass\n"
                   "for x in range(4): break\nwhile i < n:\n    i += 1\n    continue\nfor q in 1, 2: pass\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_stmt *s = r.m->body.items[0];
        CHECK_EQ_INT(s->kind, PY_S_FOR);
        CHECK_STR_EQ(dump_expr(s->target), "(tuple i0 i1 k)");
        CHECK_STR_EQ(dump_expr(s->iter), "(call (. T grid) 32 24 48)");
        CHECK_STR_EQ(dump_expr(r.m->body.items[1]->target), "(tuple a b)");
        CHECK_EQ_INT(r.m->body.items[2]->body.items[0]->kind, PY_S_BREAK);
        s = r.m->body.items[3];
        CHECK_EQ_INT(s->kind, PY_S_WHILE);
        CHECK_STR_EQ(dump_expr(s->test), "(< i n)");
        CHECK_EQ_INT(s->body.len, 2);
        CHECK_EQ_INT(s->body.items[1]->kind, PY_S_CONTINUE);
        CHECK_STR_EQ(dump_expr(r.m->body.items[4]->iter), "(tuple 1 2)");
    }
    release(&r);
}

static void test_simple_statements(void)
{
    parsed r;
    parse_text(&r, "def f():\n    \"\"\"Docstring.\"\"\"\n    assert a > 0, \"a must be positive\"\n    assert b\n"
                   "    x = 1; y = 2;\n    if x: pass\n    return a, b\n    return\n");
    CHECK(r.m != NULL);
    if (r.m) {
        const py_suite *body = &r.m->body.items[0]->body;
        CHECK_EQ_INT(body->len, 8);
        CHECK_STR_EQ(dump_expr(body->items[0]->value), "'Docstring.'");
        CHECK_EQ_INT(body->items[1]->kind, PY_S_ASSERT);
        CHECK_STR_EQ(dump_expr(body->items[1]->test), "(> a 0)");
        CHECK_STR_EQ(dump_expr(body->items[1]->msg), "'a must be positive'");
        CHECK(body->items[2]->msg == NULL);
        CHECK_EQ_INT(body->items[3]->kind, PY_S_ASSIGN);
        CHECK_EQ_INT(body->items[4]->kind, PY_S_ASSIGN);
        CHECK_EQ_INT(body->items[4]->loc.col, 12);
        CHECK_EQ_INT(body->items[5]->body.items[0]->kind, PY_S_PASS);
        CHECK_STR_EQ(dump_expr(body->items[6]->value), "(tuple a b)");
        CHECK(body->items[7]->value == NULL);
    }
    release(&r);
}

static void test_tab_indentation(void)
{
    parsed r;
    parse_text(&r, "if a:\n\tif b:\n\t\tc = 1\n\td = 2\n");
    CHECK(r.m != NULL);
    release(&r);
    int n;
    CHECK_STR_CONTAINS(errors_of("if a:\n\tb = 1\n        c = 2\n", &n),
                       "t.py:3:9: error: inconsistent use of tabs and spaces in indentation");
    CHECK_EQ_INT(n, 1);
}

/* ---- errors ---- */

static void test_error_bad_dedent(void)
{
    int n;
    const char *msg = errors_of("if a:\n    b = 1\n  c = 2\nd = 3\n", &n);
    CHECK_STR_CONTAINS(msg, "t.py:3:3: error: unindent does not match any outer indentation level");
    CHECK_STR_CONTAINS(msg, "      c = 2\n      ^\n");
    CHECK_EQ_INT(n, 1);
}

static void test_error_unexpected_indent(void)
{
    int n;
    CHECK_STR_CONTAINS(errors_of("a = 1\n    b = 2\nc = 3\n", &n), "t.py:2:5: error: unexpected indent");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("  a = 1\n", &n), "t.py:1:3: error: unexpected indent");
    CHECK_STR_CONTAINS(errors_of("@T.prim_func\n    def f():\n        pass\nx = 1\n", &n),
                       "t.py:2:5: error: unexpected indent");
    CHECK_EQ_INT(n, 1);
}

static void test_error_expected_indented_block(void)
{
    int n;
    CHECK_STR_CONTAINS(errors_of("for i in x:\ny = 1\n", &n),
                       "t.py:2:1: error: expected an indented block after 'for' statement on line 1");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("@T.prim_func\ndef f():\n# nothing\n", &n),
                       "t.py:4:1: error: expected an indented block after function definition on line 2");
}

static void test_error_unterminated_string(void)
{
    int n;
    CHECK_STR_CONTAINS(errors_of("x = 'abc\ny = 1\n", &n),
                       "t.py:1:5: error: unterminated string literal (detected at line 1)");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("x = 1\ny = \"\"\"abc\n\ndef\n", &n),
                       "t.py:2:5: error: unterminated triple-quoted string literal (detected at line 5)");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("x = 'abc\\", &n), "t.py:1:5: error: unterminated string literal");
    CHECK_STR_CONTAINS(errors_of("x = '\\x4'\n", &n), "t.py:1:5: error: invalid \\x escape");
}

static void test_error_missing_colon(void)
{
    int n;
    const char *msg = errors_of("if x\n    pass\nelse:\n    pass\n", &n);
    CHECK_STR_CONTAINS(msg, "t.py:1:5: error: expected ':' after if condition, got NEWLINE");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("def f(a) -> int\n    pass\n", &n),
                       "t.py:1:16: error: expected ':' after function signature, got NEWLINE");
    CHECK_STR_CONTAINS(errors_of("for i in range(3) pass\n", &n),
                       "t.py:1:19: error: expected ':' after for-loop header, got keyword 'pass'");
    CHECK_STR_CONTAINS(errors_of("with a b:\n    pass\n", &n), "t.py:1:8: error: expected ':' after 'with' items, got name 'b'");
}

static void test_error_unbalanced_brackets(void)
{
    int n;
    CHECK_STR_CONTAINS(errors_of("a = 1\nx = (1,\ny = [2\nz = 3\n", &n), "t.py:3:5: error: '[' was never closed");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("x = 1)\ny = 2\n", &n), "t.py:1:6: error: unmatched ')'");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("x = (1]\n", &n),
                       "t.py:1:7: error: closing parenthesis ']' does not match opening parenthesis '('");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("x = (1,\n 2]\n", &n),
                       "t.py:2:3: error: closing parenthesis ']' does not match opening parenthesis '(' on line 1");
    CHECK_STR_CONTAINS(errors_of("x = f(a b)\n", &n), "t.py:1:9: error: expected ')' or ',' in call arguments, got name 'b'");
    /* An error on an earlier line is still reported before the unclosed bracket. */
    CHECK_STR_CONTAINS(errors_of("x = = 1\ny = (\n", &n), "t.py:2:5: error: '(' was never closed");
    CHECK_EQ_INT(n, 2);
}

static void test_error_garbage_bytes(void)
{
    int n;
    CHECK_STR_CONTAINS(errors_of("x = 1 $ 2\n", &n), "t.py:1:7: error: invalid character '$'");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("x = \x01\n", &n), "t.py:1:5: error: invalid character '\\x01'");
    CHECK_STR_CONTAINS(errors_of("x = caf\xc3\xa9\n", &n), "t.py:1:8: error: invalid non-ASCII character");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("x = 1 ? 2\ny = 3 ! 4\n", &n), "t.py:2:7: error: invalid character '!'");
    CHECK_EQ_INT(n, 2);

    parsed r;
    const char with_nul[] = "x = 1\ny = 2\0\nz = '\0'\n# \0\n";
    parse_bytes(&r, with_nul, sizeof with_nul - 1);
    CHECK(r.m == NULL);
    /* The quoted source lines hold the NUL bytes too, so search the whole text. */
    CHECK(text_has(&r.d, "t.py:2:6: error: source code cannot contain null bytes"));
    CHECK(text_has(&r.d, "t.py:3:5: error: source code cannot contain null bytes"));
    CHECK(text_has(&r.d, "t.py:4:1: error: source code cannot contain null bytes"));
    CHECK_EQ_INT(r.d.nerrors, 3);
    release(&r);

    /* Comments and strings may hold any other bytes. */
    parse_text(&r, "# caf\xc3\xa9 \x01\nx = 'caf\xc3\xa9'\n");
    CHECK(r.m != NULL);
    release(&r);

    CHECK_STR_CONTAINS(errors_of("x = 1 \\ y\n", &n), "t.py:1:7: error: unexpected character after line continuation character");
    CHECK_STR_CONTAINS(errors_of("x = 1 \\", &n), "t.py:1:7: error: unexpected end of file after line continuation");
    CHECK_STR_CONTAINS(errors_of("x = 1 \\\n", &n), "t.py:1:7: error: unexpected end of file after line continuation");
    CHECK_EQ_INT(n, 1);
}

static void test_error_fstring_lambda_and_bytes(void)
{
    int n;
    /* f-strings parse (Python around the TIR may hold them), marked as such;
     * the TVMScript builder refuses to evaluate one */
    parsed r;
    parse_text(&r, "x = f\"{a}\" 'b'\ny = T.f(rf'{a}')\nz = 'c'\n");
    CHECK(r.m != NULL && r.d.nerrors == 0);
    if (r.m) {
        const py_expr *x = r.m->body.items[0]->value, *y = r.m->body.items[1]->value, *z = r.m->body.items[2]->value;
        CHECK(x->kind == PY_STR && x->fstring && strcmp(x->str, "{a}b") == 0);
        CHECK(y->kind == PY_CALL && y->nitems == 1 && y->items[0]->kind == PY_STR && y->items[0]->fstring);
        CHECK(z->kind == PY_STR && !z->fstring);
    }
    release(&r);
    CHECK_STR_CONTAINS(errors_of("f = lambda x: x\n", &n), "t.py:1:5: error: lambda is not supported");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("x = b'abc'\n", &n), "t.py:1:5: error: bytes literals are not supported in TVMScript");
}

static void test_error_too_deep_nesting(void)
{
    enum { DEEP = 1000 };
    static char src[4 * DEEP + 64];
    int n;

    memset(src, '(', DEEP);
    strcpy(src + DEEP, "1");
    memset(src + DEEP + 1, ')', DEEP);
    src[2 * DEEP + 1] = 0;
    CHECK_STR_CONTAINS(errors_of(src, &n), "t.py:1:201: error: too many nested parentheses");
    CHECK_EQ_INT(n, 1);

    /* 199 levels are fine. */
    memset(src, '[', 199);
    strcpy(src + 199, "1");
    memset(src + 200, ']', 199);
    src[399] = 0;
    parsed r;
    parse_text(&r, src);
    CHECK(r.m != NULL);
    release(&r);

    memset(src, '-', 4 * DEEP);
    strcpy(src + 4 * DEEP, "1\n");
    CHECK_STR_CONTAINS(errors_of(src, &n), "error: expression is too deeply nested");
    CHECK_EQ_INT(n, 1);

    src[0] = 0;
    for (int i = 0; i < DEEP; i++)
        strcat(src, "not ");
    strcat(src, "x\n");
    CHECK_STR_CONTAINS(errors_of(src, &n), "error: expression is too deeply nested");

    src[0] = 0;
    for (int i = 0; i < DEEP; i++)
        strcat(src, "a**");
    strcat(src, "b\n");
    CHECK_STR_CONTAINS(errors_of(src, &n), "error: expression is too deeply nested");

    src[0] = 0;
    for (int i = 0; i < 300; i++)
        strcat(src, "x if c else ");
    strcat(src, "y\n");
    CHECK_STR_CONTAINS(errors_of(src, &n), "error: expression is too deeply nested");

    /* Indentation deeper than Python's limit of 100 levels. */
    static char deep_blocks[120 * 130];
    deep_blocks[0] = 0;
    for (int i = 0; i < 120; i++) {
        size_t len = strlen(deep_blocks);
        memset(deep_blocks + len, ' ', (size_t)i);
        strcpy(deep_blocks + len + i, "if a:\n");
    }
    strcat(deep_blocks, "pass\n");
    CHECK_STR_CONTAINS(errors_of(deep_blocks, &n), "error: too many levels of indentation");
}

static void test_error_unsupported_constructs(void)
{
    static const struct {
        const char *src, *message;
    } cases[] = {
        {"try:\n    pass\nexcept E:\n    pass\nfinally:\n    pass\n", "t.py:1:1: error: 'try' statements are not supported"},
        {"del x\n", "t.py:1:1: error: 'del' statements are not supported"},
        {"global x\n", "t.py:1:1: error: 'global' statements are not supported"},
        {"raise E\n", "t.py:1:1: error: 'raise' statements are not supported"},
        {"x = yield y\n", "t.py:1:5: error: 'yield' is not supported"},
        {"x = await y\n", "t.py:1:5: error: 'await' is not supported"},
        {"async def f():\n    pass\n", "t.py:1:1: error: 'async' is not supported"},
        {"for i in x:\n    pass\nelse:\n    pass\n", "t.py:3:1: error: 'for ... else' is not supported"},
        {"while x:\n    pass\nelse:\n    pass\n", "t.py:3:1: error: 'while ... else' is not supported"},
        {"@dec\nx = 1\n", "t.py:2:1: error: decorators are only supported on 'def' and 'class' statements"},
        {"f(*args)\n", "t.py:1:3: error: argument unpacking with '*' is not supported"},
        {"f(**kw)\n", "t.py:1:3: error: argument unpacking with '**' is not supported"},
        {"def f(*args):\n    pass\n", "t.py:1:7: error: '*', '**' and '/' in parameter lists are not supported"},
        {"f(k=1, 2)\n", "t.py:1:8: error: positional argument follows keyword argument"},
        {"f(k=1, k=2)\n", "t.py:1:8: error: keyword argument repeated: 'k'"},
        {"f(a.b=1)\n", "t.py:1:3: error: expression cannot contain assignment"},
        {"a = b = 1 = c\n", "t.py:1:9: error: cannot assign to literal"},
        {"if (n := 10) > 5:\n    pass\n", "t.py:1:7: error: assignment expressions (':=') are not supported"},
        {"x = {1, 2}\n", "t.py:1:5: error: set literals are not supported"},
        {"x = [i for i in y]\n", "t.py:1:8: error: comprehensions are not supported"},
        {"from . import x\n", "t.py:1:6: error: relative imports are not supported"},
        {"from a import *\n", "t.py:1:15: error: 'from ... import *' is not supported"},
        {"from a import b,\n", "t.py:1:17: error: trailing comma not allowed without surrounding parentheses"},
        {"x = ...\n", "t.py:1:5: error: '...' (Ellipsis) is not supported"},
        {"x = 1j\n", "t.py:1:5: error: complex literals are not supported"},
        {"x = 012\n", "t.py:1:5: error: leading zeros in decimal integer literals are not permitted"},
        {"x = 0b102\n", "t.py:1:5: error: invalid binary literal"},
        {"x = 1_\n", "t.py:1:5: error: invalid decimal literal"},
        {"x = 1abc\n", "t.py:1:5: error: invalid decimal literal"},
        {"else:\n    pass\n", "t.py:1:1: error: invalid syntax: 'else' without a matching 'if'"},
        {"x y\n", "t.py:1:3: error: invalid syntax: unexpected name 'y'"},
        {"x = \n", "t.py:1:4: error: expected an expression, got NEWLINE"},
        {"x = )\n", "t.py:1:5: error: unmatched ')'"},
        {"def f(a=1, b):\n    pass\n", "t.py:1:12: error: parameter without a default follows parameter with a default"},
        {"x = a[]\n", "t.py:1:7: error: expected an index inside '[]'"},
        {"x = a if b\n", "t.py:1:11: error: expected 'else' in conditional expression, got NEWLINE"},
        {"x = a.(b)\n", "t.py:1:7: error: expected an attribute name after '.', got '('"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int n;
        const char *msg = errors_of(cases[i].src, &n);
        if (!strstr(msg, cases[i].message))
            printf("#   case %zu: %s", i, cases[i].src);
        CHECK_STR_CONTAINS(msg, cases[i].message);
        CHECK_EQ_INT(n, 1);
    }
}

static void test_error_invalid_targets(void)
{
    int n;
    CHECK_STR_CONTAINS(errors_of("f() = 1\n", &n), "t.py:1:1: error: cannot assign to function call");
    CHECK_STR_CONTAINS(errors_of("x, 1 = y\n", &n), "t.py:1:4: error: cannot assign to literal");
    CHECK_STR_CONTAINS(errors_of("a + 1 += 2\n", &n), "t.py:1:1: error: cannot assign to expression");
    CHECK_STR_CONTAINS(errors_of("a, b += 2\n", &n), "t.py:1:1: error: 'tuple' is an illegal expression for augmented assignment");
    CHECK_STR_CONTAINS(errors_of("a, b: int\n", &n), "t.py:1:1: error: only single target (not tuple) can be annotated");
    CHECK_STR_CONTAINS(errors_of("for f() in x:\n    pass\n", &n), "t.py:1:5: error: cannot assign to function call");
    CHECK_EQ_INT(n, 1);
    CHECK_STR_CONTAINS(errors_of("with a as 1:\n    pass\n", &n), "t.py:1:11: error: cannot assign to literal");
    CHECK_EQ_INT(n, 1);
}

static void test_several_errors_reported(void)
{
    int n;
    const char *msg = errors_of("def f():\n"
                                "    x = = 1\n"       /* line 2 */
                                "    if y\n"          /* line 3: missing colon */
                                "        z = 1\n"
                                "    w = 'open\n"     /* line 5 */
                                "    ok = 1\n"
                                "    v = [1, 2)\n"    /* line 7 */
                                "    return ok\n",
                                &n);
    CHECK_EQ_INT(n, 4);
    CHECK_STR_CONTAINS(msg, "t.py:2:9: error: expected an expression, got '='");
    CHECK_STR_CONTAINS(msg, "t.py:3:9: error: expected ':' after if condition, got NEWLINE");
    CHECK_STR_CONTAINS(msg, "t.py:5:9: error: unterminated string literal");
    CHECK_STR_CONTAINS(msg, "t.py:7:14: error: closing parenthesis ')' does not match opening parenthesis '['");
    /* In source order. */
    const char *l2 = strstr(msg, "t.py:2:"), *l3 = strstr(msg, "t.py:3:"), *l5 = strstr(msg, "t.py:5:"),
               *l7 = strstr(msg, "t.py:7:");
    CHECK(l2 && l3 && l5 && l7 && l2 < l3 && l3 < l5 && l5 < l7);
}

static void test_error_limit(void)
{
    static char src[4096];
    src[0] = 0;
    for (int i = 0; i < 60; i++)
        strcat(src, "x = = 1\n");
    int n;
    const char *msg = errors_of(src, &n);
    CHECK(n >= TIR_DIAG_MAX_ERRORS);
    CHECK_EQ_INT(count_occurrences(msg, ": error: "), TIR_DIAG_MAX_ERRORS);
}

/* ---- the script builder's diagnostics ---- */

typedef struct {
    char text[8192];
    int nerrors, nwarnings;
} diagnosed;

/* Compiles src (as far as --check) and keeps its diagnostics. */
static const diagnosed *diagnose(const char *src)
{
    static diagnosed r;
    tir_compile_options opts = {.check_only = true};
    tir_compile_result res;
    tir_compile("t.py", src, strlen(src), &opts, &res);
    snprintf(r.text, sizeof r.text, "%s", res.diagnostics ? res.diagnostics : "");
    r.nerrors = res.nerrors;
    r.nwarnings = count_occurrences(r.text, ": warning: ");
    free(res.diagnostics);
    return &r;
}

/* One mistake, one error: the names a failed statement would have bound, and
 * the values that an error produced, fail quietly where they are used. */
static void test_one_typo_one_error(void)
{
    const diagnosed *d = diagnose("from tvm.script import tir as T\n"
                                  "@T.prim_func\n"
                                  "def main(A: T.Buffer((8, 8), \"float32\"), C: T.Buffer((8, 8), \"float32\")):\n"
                                  "    for i, j, k in T.grid(8, 8, 8):\n"
                                  "        with T.block(\"C\"):\n"
                                  "            vi, vj, vk = T.axis.remapp(\"SSR\", [i, j, k])\n"
                                  "            T.reads(A[vi, vk])\n"
                                  "            T.writes(C[vi, vj])\n"
                                  "            with T.init():\n"
                                  "                C[vi, vj] = T.float32(0)\n"
                                  "            C[vi, vj] = C[vi, vj] + A[vi, vk] * A[vk, vj]\n");
    CHECK_EQ_INT(d->nerrors, 1);
    CHECK_STR_CONTAINS(d->text, "t.py:6:26: error: unknown block axis kind 'T.axis.remapp'; did you mean 'T.axis.remap'?");
    CHECK(!strstr(d->text, "not defined") && !strstr(d->text, "None used"));
    /* an undefined name is reported once, not again as a None PrimExpr */
    d = diagnose("from tvm.script import tir as T\n"
                 "@T.prim_func\n"
                 "def main(A: T.Buffer((4, 4), \"int32\")):\n"
                 "    for idx in range(4):\n"
                 "        A[idx, idxx] = A[idxx, idx] + T.int32(idxx)\n");
    CHECK_EQ_INT(d->nerrors, 2); /* the two reads; a failed value leaves the store unbuilt */
    CHECK_EQ_INT(count_occurrences(d->text, "name 'idxx' is not defined; did you mean 'idx'?"), 2);
    CHECK(!strstr(d->text, "None used"));
}

/* The nearest known name is suggested for a misspelled T.* function,
 * keyword argument, buffer attribute or variable (CPython's rule). */
static void test_did_you_mean(void)
{
    static const struct {
        const char *body, *message;
    } cases[] = {
        {"    A[0] = T.exq(A[1])\n", "unknown or unsupported function 'T.exq'; did you mean 'T.exp'?"},
        {"    T.redas(A[0:4])\n", "unknown or unsupported function 'T.redas'; did you mean 'T.reads'?"},
        {"    for i in T.serial(4, anotations={}):\n        A[i] = T.float32(0)\n",
         "T.serial() got an unexpected keyword argument 'anotations'; did you mean 'annotations'?"},
        {"    A[0] = T.float32(A.shpe[0])\n", "buffer 'A' has no attribute 'shpe'; did you mean 'shape'?"},
        {"    with T.blok(\"b\"):\n        A[0] = T.float32(0)\n", "did you mean 'T.block'?"},
        {"    Buf = T.alloc_buffer((4,), \"float32\")\n    A[0] = buf[0]\n",
         "name 'buf' is not defined; did you mean 'Buf'?"},
        /* too far from every name: no suggestion */
        {"    A[0] = T.float32(zzzzzz)\n", "name 'zzzzzz' is not defined\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char src[1024];
        snprintf(src, sizeof src, "from tvm.script import tir as T\n@T.prim_func\ndef main(A: T.Buffer((4,), \"float32\")):\n%s",
                 cases[i].body);
        const diagnosed *d = diagnose(src);
        CHECK_EQ_INT(d->nerrors, 1);
        CHECK_STR_CONTAINS(d->text, cases[i].message);
    }
}

/* An index whose width is that of Python literals (a literal, a loop over
 * range(16), a block axis bound to one) takes the int64 of a shape variable
 * it indexes with: natural int64 code does not warn about mixed widths;
 * two widths the program chose still do. */
static void test_literal_index_widths(void)
{
    static const char head[] = "from tvm.script import tir as T\n"
                               "@T.prim_func\n"
                               "def main(a: T.handle, b: T.handle, m: T.int32):\n"
                               "    n = T.int64()\n"
                               "    A = T.match_buffer(a, (n, 16), \"float32\")\n"
                               "    B = T.match_buffer(b, (n, 16), \"float32\")\n";
    static const struct {
        const char *body;
        int warnings;
    } cases[] = {
        {"    for j in range(n):\n        for i in T.vectorized(16):\n            B[j, i] = A[j, i]\n", 0},
        {"    for j in T.serial(0, n):\n        for i in T.serial(16):\n            B[j, i] = A[j, i]\n", 0},
        {"    for j, i in T.grid(n, 16):\n        B[j, i] = A[j, 0] + A[j, i + 1 - 1]\n", 0},
        {"    for j, i in T.grid(n, 16):\n        with T.block(\"b\"):\n"
         "            vj, vi = T.axis.remap(\"SS\", [j, i])\n            B[vj, vi] = A[vj, vi]\n", 0},
        {"    for j in range(n):\n        for i in range(16):\n            with T.block(\"b\"):\n"
         "                vi = T.axis.spatial(16, i)\n                B[j, vi] = A[j, vi]\n", 0},
        /* an int32 parameter and an int64 shape variable: really mixed */
        {"    for j in range(n):\n        for i in range(m):\n            B[j, i] = A[j, i]\n", 1},
        /* literals of both widths: nothing says which is meant */
        {"    for i in range(16):\n        B[T.int64(0), i] = A[T.int64(0), i]\n", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char src[2048];
        snprintf(src, sizeof src, "%s%s", head, cases[i].body);
        const diagnosed *d = diagnose(src);
        CHECK_EQ_INT(d->nerrors, 0);
        CHECK_EQ_INT(d->nwarnings, cases[i].warnings);
        if (d->nwarnings != cases[i].warnings || d->nerrors)
            printf("#   case %zu: %s", i, d->text);
    }
}

/* ---- real TVMScript ---- */

static const char matmul_py[] =
    "# from tvm.script import ir as I\n"
    "# from tvm.script import tir as T\n"
    "\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def main(A: T.Buffer((32, 48), \"float32\"), B: T.Buffer((48, 24), \"float32\"), T_matmul_NN: T.Buffer((32, 24), \"float32\")):\n"
    "        T.func_attr({\"layout_free_buffers\": [1], \"tir.noalias\": T.bool(True)})\n"
    "        # with T.block(\"root\"):\n"
    "        for i0, i1, k in T.grid(32, 24, 48):\n"
    "            with T.block(\"T_matmul_NN\"):\n"
    "                v_i0, v_i1, v_k = T.axis.remap(\"SSR\", [i0, i1, k])\n"
    "                T.reads(A[v_i0, v_k], B[v_k, v_i1])\n"
    "                T.writes(T_matmul_NN[v_i0, v_i1])\n"
    "                with T.init():\n"
    "                    T_matmul_NN[v_i0, v_i1] = T.float32(0.0)\n"
    "                T_matmul_NN[v_i0, v_i1] = T_matmul_NN[v_i0, v_i1] + A[v_i0, v_k] * B[v_k, v_i1]\n";

static const char softmax_py[] =
    "# from tvm.script import ir as I\n"
    "# from tvm.script import tir as T\n"
    "\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def main(x: T.Buffer((8, 32), \"float32\"), T_softmax_norm: T.Buffer((8, 32), \"float32\")):\n"
    "        T.func_attr({\"target\": T.target({\"host\": {\"keys\": [\"cpu\"], \"kind\": \"llvm\", \"mtriple\": \"x86_64-pc-linux-gnu\", \"tag\": \"\"}, \"keys\": [\"cpu\"], \"kind\": \"llvm\", \"mtriple\": \"x86_64-pc-linux-gnu\", \"tag\": \"\"}), \"tir.is_entry_func\": T.bool(True), \"tir.noalias\": T.bool(True)})\n"
    "        for i0 in T.parallel(8):\n"
    "            T_softmax_maxelem = T.allocate([1], \"float32\", \"global\")\n"
    "            T_softmax_exp = T.allocate([32], \"float32\", \"global\")\n"
    "            T_softmax_expsum = T.allocate([1], \"float32\", \"global\")\n"
    "            T_softmax_maxelem_1 = T.Buffer((1,), data=T_softmax_maxelem)\n"
    "            x_1 = T.Buffer((256,), data=x.data)\n"
    "            for ax0 in range(32):\n"
    "                if ax0 == 0:\n"
    "                    T_softmax_maxelem_1[0] = T.float32(-340282346638528859811704183484516925440.0)\n"
    "                T_softmax_maxelem_1[0] = T.max(T_softmax_maxelem_1[0], x_1[i0 * 32 + ax0])\n"
    "            T_softmax_exp_1 = T.Buffer((32,), data=T_softmax_exp)\n"
    "            for ax0_0 in range(4):\n"
    "                cse_var_1: T.int32 = ax0_0 * 8\n"
    "                T_softmax_exp_1[cse_var_1:cse_var_1 + 8] = T.exp(x_1[i0 * 32 + cse_var_1:i0 * 32 + cse_var_1 + 8] - T.Broadcast(T_softmax_maxelem_1[0], 8))\n"
    "            T_softmax_expsum_1 = T.Buffer((1,), data=T_softmax_expsum)\n"
    "            for ax0 in range(32):\n"
    "                if ax0 == 0:\n"
    "                    T_softmax_expsum_1[0] = T.float32(0.0)\n"
    "                T_softmax_expsum_1[0] = T_softmax_expsum_1[0] + T_softmax_exp_1[ax0]\n"
    "            for i1_0 in range(4):\n"
    "                cse_var_2: T.int32 = i1_0 * 8\n"
    "                T_softmax_norm_1 = T.Buffer((256,), data=T_softmax_norm.data)\n"
    "                T_softmax_norm_1[i0 * 32 + cse_var_2:i0 * 32 + cse_var_2 + 8] = T_softmax_exp_1[cse_var_2:cse_var_2 + 8] / T.Broadcast(T_softmax_expsum_1[0], 8)\n";

static void test_parse_matmul_sample(void)
{
    parsed r;
    parse_text(&r, matmul_py);
    CHECK(r.m != NULL);
    if (!r.m) {
        printf("# %s", r.d.text);
        release(&r);
        return;
    }
    CHECK_EQ_INT(r.m->ncomments, 3);
    CHECK_STR_EQ(r.m->comments[1].text, " from tvm.script import tir as T");
    CHECK_EQ_INT(r.m->comments[2].line, 9);
    CHECK_EQ_INT(r.m->body.len, 1);
    const py_stmt *cls = r.m->body.items[0];
    CHECK_EQ_INT(cls->kind, PY_S_CLASSDEF);
    CHECK_STR_EQ(dump_expr(cls->decorators[0]), "(. I ir_module)");
    const py_stmt *fn = cls->body.items[0];
    CHECK_EQ_INT(fn->kind, PY_S_FUNCDEF);
    CHECK_STR_EQ(fn->name, "main");
    CHECK_EQ_INT(fn->nparams, 3);
    CHECK_STR_EQ(fn->params[2].name, "T_matmul_NN");
    CHECK_STR_EQ(dump_expr(fn->params[0].annotation), "(call (. T Buffer) (tuple 32 48) 'float32')");
    CHECK_EQ_INT(fn->body.len, 2);
    CHECK_STR_EQ(dump_expr(fn->body.items[0]->value),
                 "(call (. T func_attr) (dict 'layout_free_buffers':(list 1) 'tir.noalias':(call (. T bool) True)))");
    const py_stmt *loop = fn->body.items[1];
    CHECK_EQ_INT(loop->kind, PY_S_FOR);
    CHECK_EQ_INT(loop->loc.line, 10);
    CHECK_EQ_INT(loop->loc.col, 9);
    CHECK_STR_EQ(dump_expr(loop->target), "(tuple i0 i1 k)");
    const py_stmt *block = loop->body.items[0];
    CHECK_EQ_INT(block->kind, PY_S_WITH);
    CHECK_STR_EQ(dump_expr(block->items[0]), "(call (. T block) 'T_matmul_NN')");
    CHECK_EQ_INT(block->body.len, 5);
    CHECK_EQ_INT(block->body.items[3]->kind, PY_S_WITH);
    const py_stmt *update = block->body.items[4];
    CHECK_EQ_INT(update->kind, PY_S_ASSIGN);
    CHECK_STR_EQ(dump_expr(update->value),
                 "(+ ([] T_matmul_NN (tuple v_i0 v_i1)) (* ([] A (tuple v_i0 v_k)) ([] B (tuple v_k v_i1))))");
    release(&r);
}

static void test_parse_softmax_sample(void)
{
    parsed r;
    parse_text(&r, softmax_py);
    CHECK(r.m != NULL);
    if (!r.m) {
        printf("# %s", r.d.text);
        release(&r);
        return;
    }
    const py_stmt *fn = r.m->body.items[0]->body.items[0];
    CHECK_STR_EQ(fn->name, "main");
    CHECK_EQ_INT(fn->body.len, 2);
    const py_stmt *outer = fn->body.items[1];
    CHECK_STR_EQ(dump_expr(outer->iter), "(call (. T parallel) 8)");
    CHECK_EQ_INT(outer->body.len, 11);
    const py_stmt *first_loop = outer->body.items[5];
    CHECK_EQ_INT(first_loop->kind, PY_S_FOR);
    const py_stmt *guard = first_loop->body.items[0];
    CHECK_EQ_INT(guard->kind, PY_S_IF);
    CHECK_STR_EQ(dump_expr(guard->test), "(== ax0 0)");
    CHECK_STR_EQ(dump_expr(guard->body.items[0]->value), "(call (. T float32) (neg 3.4028234663852886e+38))");
    const py_stmt *vector_loop = outer->body.items[7];
    CHECK_EQ_INT(vector_loop->body.items[0]->kind, PY_S_ANNASSIGN);
    CHECK_STR_EQ(dump_expr(vector_loop->body.items[1]->target),
                 "([] T_softmax_exp_1 (: cse_var_1 (+ cse_var_1 8) _))");
    release(&r);
}

static bool read_file(const char *path, char **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
            }
            buf = bigger;
        }
    }
    fclose(f);
    *data = buf;
    *len = n;
    return buf != NULL;
}

static const char *samples_root(void)
{
    /* set by meson to the corpus beside the source tree */
    const char *env = getenv("TVM_SAMPLES_DIR");
    return env && *env ? env : NULL;
}

static void test_parse_all_tvm_samples(void)
{
    static const char *const stages[] = {"te", "scheduled", "lowered"};
    int parsed_ok = 0, files = 0;
    if (!samples_root())
        SKIP("TVM_SAMPLES_DIR is not set");
    for (size_t s = 0; s < sizeof stages / sizeof stages[0]; s++) {
        char dir_path[1024];
        snprintf(dir_path, sizeof dir_path, "%s/%s", samples_root(), stages[s]);
        DIR *dir = opendir(dir_path);
        if (!dir)
            continue;
        struct dirent *ent;
        while ((ent = readdir(dir)) != NULL) {
            size_t nlen = strlen(ent->d_name);
            if (nlen < 4 || strcmp(ent->d_name + nlen - 3, ".py") != 0)
                continue;
            char path[2048];
            snprintf(path, sizeof path, "%s/%s", dir_path, ent->d_name);
            char *data;
            size_t len;
            files++;
            if (!read_file(path, &data, &len)) {
                printf("#   cannot read %s\n", path);
                CHECK(false);
                continue;
            }
            parsed r;
            parse_bytes(&r, data, len);
            if (!r.m)
                printf("#   %s failed:\n%s", path, r.d.text ? r.d.text : "");
            CHECK(r.m != NULL);
            if (r.m) {
                parsed_ok++;
                CHECK(r.m->body.len == 1 && r.m->body.items[0]->kind == PY_S_CLASSDEF);
            }
            release(&r);
            free(data);
        }
        closedir(dir);
    }
    printf("# parsed %d of %d TVM sample files\n", parsed_ok, files);
    if (!files)
        SKIP("no TVM sample programs in TVM_SAMPLES_DIR (the corpus is optional)");
}

/* Every prefix and many corrupted copies of a real file must produce either
 * a tree or errors, never a crash (run under the sanitizers). */
static void test_robust_on_broken_input(void)
{
    size_t len = strlen(softmax_py);
    char *copy = malloc(len + 1);
    int inconsistent = 0;
    for (size_t cut = 0; cut <= len; cut++) {
        memcpy(copy, softmax_py, cut);
        parsed r;
        parse_bytes(&r, copy, cut);
        if ((r.m != NULL) == (r.d.nerrors > 0))
            inconsistent++;
        release(&r);
    }
    uint32_t seed = 12345;
    static const char junk[] = "()[]{}:,;.@=+-*/\\'\"#\n\t \0xz019eE_";
    for (int round = 0; round < 3000; round++) {
        memcpy(copy, softmax_py, len);
        for (int k = 0; k < 1 + round % 5; k++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % len;
            seed = seed * 1103515245u + 12345u;
            copy[at] = round % 3 == 0 ? (char)(seed >> 16) : junk[(seed >> 16) % (sizeof junk - 1)];
        }
        parsed r;
        parse_bytes(&r, copy, len);
        if ((r.m != NULL) == (r.d.nerrors > 0))
            inconsistent++;
        release(&r);
    }
    for (int round = 0; round < 300; round++) {
        for (size_t i = 0; i < 512; i++) {
            seed = seed * 1103515245u + 12345u;
            copy[i] = (char)(seed >> 16);
        }
        parsed r;
        parse_bytes(&r, copy, 512);
        if ((r.m != NULL) == (r.d.nerrors > 0))
            inconsistent++;
        release(&r);
    }
    free(copy);
    CHECK_EQ_INT(inconsistent, 0);
}

int main(void)
{
    RUN(test_indentation_tokens);
    RUN(test_blank_and_comment_lines_do_not_indent);
    RUN(test_comments_collected);
    RUN(test_implicit_line_joining);
    RUN(test_explicit_line_joining);
    RUN(test_crlf_and_missing_final_newline);
    RUN(test_byte_order_mark);
    RUN(test_number_forms);
    RUN(test_string_escapes);
    RUN(test_string_concatenation);
    RUN(test_operator_precedence);
    RUN(test_power_and_unary);
    RUN(test_boolean_and_conditional);
    RUN(test_chained_comparison);
    RUN(test_subscripts_and_slices);
    RUN(test_calls_and_attributes);
    RUN(test_atoms);
    RUN(test_expression_locations);
    RUN(test_decorators_and_return_annotation);
    RUN(test_multiline_parameter_list);
    RUN(test_import_statements);
    RUN(test_if_elif_else_nesting);
    RUN(test_with_statements);
    RUN(test_assignments);
    RUN(test_chained_assignment);
    RUN(test_defines_trailer);
    RUN(test_augmented_assignment);
    RUN(test_loops);
    RUN(test_simple_statements);
    RUN(test_tab_indentation);
    RUN(test_error_bad_dedent);
    RUN(test_error_unexpected_indent);
    RUN(test_error_expected_indented_block);
    RUN(test_error_unterminated_string);
    RUN(test_error_missing_colon);
    RUN(test_error_unbalanced_brackets);
    RUN(test_error_garbage_bytes);
    RUN(test_error_fstring_lambda_and_bytes);
    RUN(test_error_too_deep_nesting);
    RUN(test_error_unsupported_constructs);
    RUN(test_error_invalid_targets);
    RUN(test_several_errors_reported);
    RUN(test_error_limit);
    RUN(test_one_typo_one_error);
    RUN(test_did_you_mean);
    RUN(test_literal_index_widths);
    RUN(test_parse_matmul_sample);
    RUN(test_parse_softmax_sample);
    RUN(test_parse_all_tvm_samples);
    RUN(test_robust_on_broken_input);
    CHECK_DONE();
}
