/* The Python-syntax tree of a TVMScript source: the lexer and parser build
 * it (syntax only, no TIR meaning); script.c gives it TIR meaning.  Every
 * node carries the source position of its first character. */
#ifndef TIR_PY_AST_H
#define TIR_PY_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "diag.h"

typedef struct py_expr py_expr;
typedef struct py_stmt py_stmt;

typedef enum {
    PY_NAME,      /* name */
    PY_INT,       /* ival (magnitude; literals are never negative) */
    PY_FLOAT,     /* fval */
    PY_STR,       /* str, str_len (escapes decoded; adjacent literals joined) */
    PY_TRUE,
    PY_FALSE,
    PY_NONE,
    PY_ATTR,      /* value.name */
    PY_CALL,      /* func(args..., kwnames[i]=kwvalues[i]...) */
    PY_SUBSCRIPT, /* value[index]; `a[i, j]` has a PY_TUPLE index, `a[()]` an empty one */
    PY_SLICE,     /* lo:hi:step inside a subscript; each part may be NULL */
    PY_TUPLE,     /* items */
    PY_LIST,      /* items */
    PY_DICT,      /* keys[i]: values[i] */
    PY_BINOP,     /* lhs op rhs */
    PY_UNARY,     /* op operand:  - + ~ not */
    PY_BOOLOP,    /* lhs and/or rhs (left-associative chain of binary nodes) */
    PY_COMPARE,   /* lhs op rhs; a chain a < b < c is PY_BOOLOP and of two compares sharing b */
    PY_IFEXP,     /* body if test else orelse */
} py_expr_kind;

typedef enum {
    PY_OP_ADD, PY_OP_SUB, PY_OP_MUL, PY_OP_DIV, PY_OP_FLOORDIV, PY_OP_MOD, PY_OP_POW, PY_OP_MATMUL,
    PY_OP_LSHIFT, PY_OP_RSHIFT, PY_OP_BITAND, PY_OP_BITOR, PY_OP_BITXOR,
    PY_OP_NEG, PY_OP_POS, PY_OP_INVERT, PY_OP_NOT,       /* unary */
    PY_OP_AND, PY_OP_OR,                                  /* boolean */
    PY_OP_EQ, PY_OP_NE, PY_OP_LT, PY_OP_LE, PY_OP_GT, PY_OP_GE, PY_OP_IS, PY_OP_ISNOT, PY_OP_IN,
    PY_OP_NOTIN                                            /* comparisons */
} py_op;

struct py_expr {
    py_expr_kind kind;
    tir_loc loc;
    py_op op;
    const char *name;     /* PY_NAME, PY_ATTR */
    uint64_t ival;        /* PY_INT */
    bool int_too_big;     /* PY_INT literal does not fit in 64 bits */
    double fval;          /* PY_FLOAT */
    const char *str;      /* PY_STR */
    uint32_t str_len;
    bool fstring;         /* PY_STR: an f-string, which TVMScript cannot evaluate */
    py_expr *value;       /* PY_ATTR, PY_SUBSCRIPT: the object; PY_UNARY: the operand */
    py_expr *lhs, *rhs;   /* PY_BINOP, PY_BOOLOP, PY_COMPARE */
    py_expr *func;        /* PY_CALL */
    py_expr *index;       /* PY_SUBSCRIPT */
    py_expr *lo, *hi, *step;        /* PY_SLICE */
    py_expr *test, *body, *orelse;  /* PY_IFEXP */
    uint32_t nitems;      /* PY_CALL positional args, PY_TUPLE/PY_LIST items, PY_DICT entries */
    py_expr **items;      /* PY_CALL args, PY_TUPLE/LIST items, PY_DICT keys */
    py_expr **values;     /* PY_DICT values */
    uint32_t nkw;         /* PY_CALL keyword arguments */
    const char **kwnames;
    py_expr **kwvalues;
};

typedef enum {
    PY_S_EXPR,      /* value */
    PY_S_ASSIGN,    /* target = value (target: name, tuple of names, subscript, attribute);
                       a = b = value also assigns chain[0..nchain) */
    PY_S_ANNASSIGN, /* target: annotation = value (value may be NULL) */
    PY_S_AUGASSIGN, /* target op= value */
    PY_S_FOR,       /* for target in iter: body */
    PY_S_WHILE,     /* while test: body */
    PY_S_IF,        /* if test: body else: orelse (elif is an if nested in orelse) */
    PY_S_WITH,      /* with items[i] as targets[i] (target may be NULL), ...: body */
    PY_S_ASSERT,    /* assert test, msg (msg may be NULL) */
    PY_S_RETURN,    /* return value (may be NULL) */
    PY_S_PASS,
    PY_S_BREAK,
    PY_S_CONTINUE,
    PY_S_FUNCDEF,   /* decorators; def name(params): body; returns may be NULL */
    PY_S_CLASSDEF,  /* decorators; class name(bases): body */
    PY_S_IMPORT,    /* import module [as asname]  /  from module import names[i] [as asnames[i]] */
} py_stmt_kind;

typedef struct {
    const char *name;
    tir_loc loc;
    py_expr *annotation; /* may be NULL */
    py_expr *default_value; /* may be NULL */
} py_param;

typedef struct {
    py_stmt **items;
    uint32_t len;
} py_suite;

struct py_stmt {
    py_stmt_kind kind;
    tir_loc loc;
    py_expr *target, *value, *annotation, *test, *iter, *msg;
    py_op op;                /* PY_S_AUGASSIGN */
    /* PY_S_ASSIGN: the targets after the first of a chained assignment
       `a = b = c = value` ({b, c}), assigned left to right after target */
    uint32_t nchain;
    py_expr **chain;
    py_suite body, orelse;
    /* PY_S_WITH */
    uint32_t nitems;
    py_expr **items;
    py_expr **targets;
    /* PY_S_FUNCDEF / PY_S_CLASSDEF */
    const char *name;
    uint32_t ndecorators;
    py_expr **decorators;
    uint32_t nparams;
    py_param *params;
    uint32_t ntype_params; /* PEP 695: def f[M, N](...) */
    py_param *type_params;
    py_expr *returns;
    uint32_t nbases;
    py_expr **bases;
    /* PY_S_IMPORT: `import a.b as c` has from_module NULL, one name "a.b", asname "c";
       `from a.b import c as d, e` has from_module "a.b" and names {c, e}, asnames {d, NULL} */
    const char *from_module;
    uint32_t nnames;
    const char **names;
    const char **asnames;
};

typedef struct {
    const char *text; /* comment text after '#', without the newline */
    uint32_t line;
} py_comment;

typedef struct {
    py_suite body;
    uint32_t ncomments;
    py_comment *comments;
    /* module constants set from the command line (tirc -D), each
       "NAME=VALUE" as given, in order (see PY_DEFINES_MARKER) */
    uint32_t ndefines;
    const char **defines;
} py_module;

/* Module constants from tirc's command line travel with the source text,
 * after it: the marker (a NUL byte, "tirc-defines", a NUL byte), then each
 * "NAME=VALUE" followed by a NUL byte.  py_parse reads the text before the
 * marker as the program (and shortens the diagnostics' view of the source
 * to it) and the definitions after it into py_module.defines.  A TVMScript
 * program cannot hold a NUL byte, so no program is read as a trailer. */
#define PY_DEFINES_MARKER "\0tirc-defines\0"
#define PY_DEFINES_MARKER_LEN 14

/* Parses a whole file.  Returns NULL if there was a syntax error; every
 * error is reported through d (several may be reported in one run). */
py_module *py_parse(tir_arena *a, tir_diag *d, const char *src, size_t len);

#endif
