/* Tokenizer for the Python-syntax subset of TVMScript.
 *
 * The whole source is tokenized up front, Python style: NEWLINE ends a
 * logical line, INDENT/DEDENT follow leading whitespace, newlines inside
 * brackets and after a trailing backslash join lines, and comments are
 * collected rather than turned into tokens.
 *
 * Tokenizing never fails.  A lexical error becomes a message attached to a
 * token (usually a PY_TOK_ERROR token standing where the bad text was); the
 * parser reports a token's messages when it reaches that token, so every
 * diagnostic comes out in source order and a parse error is never reported
 * on top of the lexical error that caused it. */
#ifndef TIR_LEX_H
#define TIR_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "diag.h"
#include "py_ast.h"

typedef enum {
    PY_TOK_EOF,
    PY_TOK_ERROR, /* malformed text; its message is in `errors` */
    PY_TOK_NEWLINE,
    PY_TOK_INDENT,
    PY_TOK_DEDENT,
    PY_TOK_NAME,
    PY_TOK_INT,
    PY_TOK_FLOAT,
    PY_TOK_STRING,

    /* Every Python keyword is reserved, even those TVMScript does not
     * support, so that their use gets a message naming the construct. */
    PY_TOK_FALSE, PY_TOK_NONE, PY_TOK_TRUE, PY_TOK_AND, PY_TOK_AS, PY_TOK_ASSERT,
    PY_TOK_ASYNC, PY_TOK_AWAIT, PY_TOK_BREAK, PY_TOK_CLASS, PY_TOK_CONTINUE, PY_TOK_DEF,
    PY_TOK_DEL, PY_TOK_ELIF, PY_TOK_ELSE, PY_TOK_EXCEPT, PY_TOK_FINALLY, PY_TOK_FOR,
    PY_TOK_FROM, PY_TOK_GLOBAL, PY_TOK_IF, PY_TOK_IMPORT, PY_TOK_IN, PY_TOK_IS,
    PY_TOK_LAMBDA, PY_TOK_NONLOCAL, PY_TOK_NOT, PY_TOK_OR, PY_TOK_PASS, PY_TOK_RAISE,
    PY_TOK_RETURN, PY_TOK_TRY, PY_TOK_WHILE, PY_TOK_WITH, PY_TOK_YIELD,

    /* Brackets. */
    PY_TOK_LPAR, PY_TOK_RPAR, PY_TOK_LSQB, PY_TOK_RSQB, PY_TOK_LBRACE, PY_TOK_RBRACE,

    /* Punctuation. */
    PY_TOK_COLON, PY_TOK_COMMA, PY_TOK_SEMI, PY_TOK_DOT, PY_TOK_ELLIPSIS, PY_TOK_AT,
    PY_TOK_ARROW, PY_TOK_ASSIGN, PY_TOK_COLONEQ,

    /* Operators. */
    PY_TOK_PLUS, PY_TOK_MINUS, PY_TOK_STAR, PY_TOK_DSTAR, PY_TOK_SLASH, PY_TOK_DSLASH,
    PY_TOK_PERCENT, PY_TOK_TILDE, PY_TOK_AMP, PY_TOK_VBAR, PY_TOK_CARET, PY_TOK_LSHIFT,
    PY_TOK_RSHIFT, PY_TOK_LT, PY_TOK_LE, PY_TOK_GT, PY_TOK_GE, PY_TOK_EQEQ, PY_TOK_NE,

    /* Augmented assignment. */
    PY_TOK_PLUSEQ, PY_TOK_MINUSEQ, PY_TOK_STAREQ, PY_TOK_DSTAREQ, PY_TOK_SLASHEQ,
    PY_TOK_DSLASHEQ, PY_TOK_PERCENTEQ, PY_TOK_ATEQ, PY_TOK_AMPEQ, PY_TOK_VBAREQ,
    PY_TOK_CARETEQ, PY_TOK_LSHIFTEQ, PY_TOK_RSHIFTEQ,

    PY_TOK_KIND_COUNT
} py_tok_kind;

/* A lexical error waiting to be reported (a token may carry several). */
typedef struct py_lex_error py_lex_error;
struct py_lex_error {
    tir_loc loc;
    const char *msg;
    py_lex_error *next;
};

typedef struct {
    py_tok_kind kind;
    tir_loc loc;          /* first character */
    const char *text;     /* the token's source text (not NUL-terminated) */
    size_t len;
    const char *name;     /* PY_TOK_NAME: NUL-terminated copy */
    uint64_t ival;        /* PY_TOK_INT */
    bool int_too_big;     /* PY_TOK_INT does not fit in 64 bits */
    double fval;          /* PY_TOK_FLOAT */
    const char *str;      /* PY_TOK_STRING: decoded, NUL-terminated */
    uint32_t str_len;
    bool fstring;         /* PY_TOK_STRING: an f-string (str is its text, braces and all) */
    py_lex_error *errors; /* reported when the parser reaches this token */
} py_token;

typedef struct {
    py_token *toks; /* always ends with one PY_TOK_EOF */
    size_t ntoks;
    py_comment *comments;
    uint32_t ncomments;
} py_lex_result;

/* Tokenizes src[0..len) (which may contain any bytes); everything it
 * returns lives in the arena. */
void py_lex_tokenize(tir_arena *a, const char *src, size_t len, py_lex_result *out);

/* The spelling of a keyword or operator ("def", "**="), or a word for the
 * other kinds ("name", "NEWLINE", "end of file"). */
const char *py_tok_kind_name(py_tok_kind kind);

/* Describes a token for messages such as "got ...": "name 'x'",
 * "number 12", "string literal", "NEWLINE", "'+'", "keyword 'def'". */
void py_tok_describe(const py_token *t, char *buf, size_t size);

#endif
