/* Recursive-descent parser for the Python-syntax subset of TVMScript: turns
 * the token list from lex.c into the tree of py_ast.h.
 *
 * Error handling: every parse function returns NULL (or false) after
 * reporting a syntax error, and the failure travels up to the nearest
 * statement, which skips the rest of its logical line (and an indented block
 * that follows it) and lets parsing go on with the next statement.  Compound
 * statements recover from a broken header themselves so that their elif/else
 * clauses are not reported a second time.  A token carrying a lexical error
 * has its messages reported when the parser reaches it; a syntax error on a
 * PY_TOK_ERROR token is not reported, since its lexical error explains it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lex.h"
#include "py_ast.h"

/* Bounds the recursion of nested expressions (brackets are also limited by
 * the lexer, to 200 levels) so that no input can overflow the C stack. */
enum { MAX_EXPR_DEPTH = 250 };

typedef struct {
    tir_arena *a;
    tir_diag *d;
    const py_token *toks;
    size_t ntoks, pos;
    int depth;
} parser;

/* ---- tokens ---- */

static const py_token *cur(const parser *p) { return &p->toks[p->pos]; }
static py_tok_kind kind(const parser *p) { return p->toks[p->pos].kind; }
static tir_loc here(const parser *p) { return p->toks[p->pos].loc; }

static py_tok_kind peek_kind(const parser *p, size_t ahead)
{
    size_t i = p->pos + ahead;
    return i < p->ntoks ? p->toks[i].kind : PY_TOK_EOF;
}

static void report_lexical_errors(parser *p)
{
    for (const py_lex_error *e = cur(p)->errors; e; e = e->next)
        tir_diag_error(p->d, e->loc, "%s", e->msg);
}

/* Moves to the next token (never past EOF) and reports its lexical errors. */
static void advance(parser *p)
{
    if (p->pos + 1 < p->ntoks) {
        p->pos++;
        report_lexical_errors(p);
    }
}

static bool accept(parser *p, py_tok_kind k)
{
    if (kind(p) != k)
        return false;
    advance(p);
    return true;
}

static bool gave_up(const parser *p) { return p->d->nerrors >= TIR_DIAG_MAX_ERRORS; }

/* ---- errors ---- */

static void error_at(parser *p, tir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void error_at(parser *p, tir_loc loc, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tir_diag_error(p->d, loc, "%s", msg);
}

/* Reports an error at the current token, unless that token is already a
 * reported lexical error. */
static void error_here(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void error_here(parser *p, const char *fmt, ...)
{
    if (kind(p) == PY_TOK_ERROR)
        return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tir_diag_error(p->d, here(p), "%s", msg);
}

/* "expected WHAT[ CONTEXT], got TOKEN" at the current token. */
static void error_expected(parser *p, const char *what, const char *context)
{
    char got[80];
    py_tok_describe(cur(p), got, sizeof got);
    error_here(p, "expected %s%s%s, got %s", what, context ? " " : "", context ? context : "", got);
}

static bool expect(parser *p, py_tok_kind k, const char *context)
{
    if (accept(p, k))
        return true;
    char what[16];
    snprintf(what, sizeof what, "'%s'", py_tok_kind_name(k));
    error_expected(p, what, context);
    return false;
}

static bool enter_nesting(parser *p)
{
    if (p->depth >= MAX_EXPR_DEPTH) {
        error_here(p, "expression is too deeply nested (the limit is %d levels)", MAX_EXPR_DEPTH);
        return false;
    }
    p->depth++;
    return true;
}

static void leave_nesting(parser *p) { p->depth--; }

/* ---- tree construction ---- */

static py_expr *new_expr(parser *p, py_expr_kind k, tir_loc loc)
{
    py_expr *e = tir_arena_alloc(p->a, sizeof *e);
    e->kind = k;
    e->loc = loc;
    return e;
}

static py_expr *new_binary(parser *p, py_expr_kind k, tir_loc loc, py_op op, py_expr *lhs, py_expr *rhs)
{
    py_expr *e = new_expr(p, k, loc);
    e->op = op;
    e->lhs = lhs;
    e->rhs = rhs;
    return e;
}

static py_stmt *new_stmt(parser *p, py_stmt_kind k, tir_loc loc)
{
    py_stmt *s = tir_arena_alloc(p->a, sizeof *s);
    s->kind = k;
    s->loc = loc;
    return s;
}

/* tir_vec holds void pointers; the tree wants typed arrays. */
static py_expr **expr_array(parser *p, const tir_vec *v)
{
    if (!v->len)
        return NULL;
    py_expr **items = tir_arena_alloc(p->a, v->len * sizeof *items);
    for (size_t i = 0; i < v->len; i++)
        items[i] = v->items[i];
    return items;
}

static const char **name_array(parser *p, const tir_vec *v)
{
    if (!v->len)
        return NULL;
    const char **names = tir_arena_alloc(p->a, v->len * sizeof *names);
    for (size_t i = 0; i < v->len; i++)
        names[i] = v->items[i];
    return names;
}

static py_suite suite_of(parser *p, const tir_vec *v)
{
    py_suite s = {NULL, (uint32_t)v->len};
    if (v->len) {
        s.items = tir_arena_alloc(p->a, v->len * sizeof *s.items);
        for (size_t i = 0; i < v->len; i++)
            s.items[i] = v->items[i];
    }
    return s;
}

static py_expr *new_sequence(parser *p, py_expr_kind k, tir_loc loc, const tir_vec *items)
{
    py_expr *e = new_expr(p, k, loc);
    e->nitems = (uint32_t)items->len;
    e->items = expr_array(p, items);
    return e;
}

/* ---- expressions ---- */

static py_expr *parse_test(parser *p);
static py_expr *parse_factor(parser *p);
static py_expr *parse_bitor(parser *p);

static bool can_start_expression(py_tok_kind k)
{
    switch (k) {
    case PY_TOK_NAME: case PY_TOK_INT: case PY_TOK_FLOAT: case PY_TOK_STRING:
    case PY_TOK_TRUE: case PY_TOK_FALSE: case PY_TOK_NONE: case PY_TOK_LPAR:
    case PY_TOK_LSQB: case PY_TOK_LBRACE: case PY_TOK_MINUS: case PY_TOK_PLUS:
    case PY_TOK_TILDE: case PY_TOK_NOT: case PY_TOK_LAMBDA: case PY_TOK_AWAIT:
    case PY_TOK_YIELD: case PY_TOK_ELLIPSIS: case PY_TOK_STAR: case PY_TOK_ERROR:
        return true;
    default:
        return false;
    }
}

/* Adjacent string literals are one string. */
static py_expr *parse_strings(parser *p)
{
    py_expr *e = new_expr(p, PY_STR, here(p));
    size_t first = p->pos, total = 0;
    for (size_t i = first; i < p->ntoks && p->toks[i].kind == PY_TOK_STRING; i++)
        total += p->toks[i].str_len;
    if (total > UINT32_MAX) {
        error_here(p, "string literal is too long");
        return NULL;
    }
    for (size_t i = first; i < p->ntoks && p->toks[i].kind == PY_TOK_STRING; i++)
        e->fstring |= p->toks[i].fstring;
    if (peek_kind(p, 1) != PY_TOK_STRING) {
        e->str = cur(p)->str;
        e->str_len = cur(p)->str_len;
        advance(p);
        return e;
    }
    char *joined = tir_arena_alloc(p->a, total + 1);
    size_t n = 0;
    while (kind(p) == PY_TOK_STRING) {
        memcpy(joined + n, cur(p)->str, cur(p)->str_len);
        n += cur(p)->str_len;
        advance(p);
    }
    e->str = joined;
    e->str_len = (uint32_t)n;
    return e;
}

static void error_comprehension(parser *p) { error_here(p, "comprehensions are not supported in TVMScript"); }

/* After '(' : (), (x), (x,), (x, y, ...). */
static py_expr *parse_parenthesized(parser *p)
{
    tir_loc loc = here(p);
    advance(p);
    tir_vec items = {0};
    if (accept(p, PY_TOK_RPAR))
        return new_sequence(p, PY_TUPLE, loc, &items);
    py_expr *first = parse_test(p);
    if (!first)
        return NULL;
    if (kind(p) == PY_TOK_FOR) {
        error_comprehension(p);
        return NULL;
    }
    if (accept(p, PY_TOK_RPAR))
        return first;
    tir_vec_push(p->a, &items, first);
    while (accept(p, PY_TOK_COMMA) && kind(p) != PY_TOK_RPAR) {
        py_expr *e = parse_test(p);
        if (!e)
            return NULL;
        tir_vec_push(p->a, &items, e);
    }
    if (!expect(p, PY_TOK_RPAR, "or ',' in parenthesized expression"))
        return NULL;
    return new_sequence(p, PY_TUPLE, loc, &items);
}

static py_expr *parse_list(parser *p)
{
    tir_loc loc = here(p);
    advance(p);
    tir_vec items = {0};
    while (kind(p) != PY_TOK_RSQB) {
        py_expr *e = parse_test(p);
        if (!e)
            return NULL;
        if (kind(p) == PY_TOK_FOR) {
            error_comprehension(p);
            return NULL;
        }
        tir_vec_push(p->a, &items, e);
        if (!accept(p, PY_TOK_COMMA))
            break;
    }
    if (!expect(p, PY_TOK_RSQB, "or ',' in list"))
        return NULL;
    return new_sequence(p, PY_LIST, loc, &items);
}

static py_expr *parse_dict(parser *p)
{
    tir_loc loc = here(p);
    advance(p);
    tir_vec keys = {0}, values = {0};
    while (kind(p) != PY_TOK_RBRACE) {
        if (kind(p) == PY_TOK_DSTAR) {
            error_here(p, "'**' unpacking in a dict is not supported in TVMScript");
            return NULL;
        }
        py_expr *k = parse_test(p);
        if (!k)
            return NULL;
        if (kind(p) != PY_TOK_COLON) {
            if (kind(p) == PY_TOK_COMMA || kind(p) == PY_TOK_RBRACE)
                error_at(p, loc, "set literals are not supported in TVMScript");
            else if (kind(p) == PY_TOK_FOR)
                error_comprehension(p);
            else
                error_expected(p, "':'", "after dict key");
            return NULL;
        }
        advance(p);
        py_expr *v = parse_test(p);
        if (!v)
            return NULL;
        if (kind(p) == PY_TOK_FOR) {
            error_comprehension(p);
            return NULL;
        }
        tir_vec_push(p->a, &keys, k);
        tir_vec_push(p->a, &values, v);
        if (!accept(p, PY_TOK_COMMA))
            break;
    }
    if (!expect(p, PY_TOK_RBRACE, "or ',' in dict"))
        return NULL;
    py_expr *e = new_sequence(p, PY_DICT, loc, &keys);
    e->values = expr_array(p, &values);
    return e;
}

static py_expr *parse_atom(parser *p)
{
    const py_token *t = cur(p);
    py_expr *e;
    switch (t->kind) {
    case PY_TOK_NAME:
        e = new_expr(p, PY_NAME, t->loc);
        e->name = t->name;
        advance(p);
        return e;
    case PY_TOK_INT:
        e = new_expr(p, PY_INT, t->loc);
        e->ival = t->ival;
        e->int_too_big = t->int_too_big;
        advance(p);
        return e;
    case PY_TOK_FLOAT:
        e = new_expr(p, PY_FLOAT, t->loc);
        e->fval = t->fval;
        advance(p);
        return e;
    case PY_TOK_STRING:
        return parse_strings(p);
    case PY_TOK_TRUE:
    case PY_TOK_FALSE:
    case PY_TOK_NONE:
        e = new_expr(p, t->kind == PY_TOK_TRUE ? PY_TRUE : t->kind == PY_TOK_FALSE ? PY_FALSE : PY_NONE, t->loc);
        advance(p);
        return e;
    case PY_TOK_LPAR:
        return parse_parenthesized(p);
    case PY_TOK_LSQB:
        return parse_list(p);
    case PY_TOK_LBRACE:
        return parse_dict(p);
    case PY_TOK_LAMBDA:
        error_here(p, "lambda is not supported in TVMScript");
        return NULL;
    case PY_TOK_YIELD:
    case PY_TOK_AWAIT:
        error_here(p, "'%s' is not supported in TVMScript", py_tok_kind_name(t->kind));
        return NULL;
    case PY_TOK_ELLIPSIS:
        error_here(p, "'...' (Ellipsis) is not supported in TVMScript");
        return NULL;
    case PY_TOK_STAR:
    case PY_TOK_DSTAR:
        error_here(p, "'%s' unpacking is not supported in TVMScript", py_tok_kind_name(t->kind));
        return NULL;
    default:
        error_expected(p, "an expression", NULL);
        return NULL;
    }
}

/* After '(' of a call: positional arguments, then keyword arguments. */
static py_expr *parse_call(parser *p, py_expr *func, tir_loc loc)
{
    advance(p);
    tir_vec args = {0}, kwnames = {0}, kwvalues = {0};
    while (kind(p) != PY_TOK_RPAR) {
        if (kind(p) == PY_TOK_STAR || kind(p) == PY_TOK_DSTAR) {
            error_here(p, "argument unpacking with '%s' is not supported in TVMScript",
                       py_tok_kind_name(kind(p)));
            return NULL;
        }
        if (kind(p) == PY_TOK_NAME && peek_kind(p, 1) == PY_TOK_ASSIGN) {
            const py_token *name = cur(p);
            for (size_t i = 0; i < kwnames.len; i++) {
                if (strcmp(kwnames.items[i], name->name) == 0) {
                    error_here(p, "keyword argument repeated: '%s'", name->name);
                    return NULL;
                }
            }
            advance(p);
            advance(p);
            py_expr *v = parse_test(p);
            if (!v)
                return NULL;
            tir_vec_push(p->a, &kwnames, (void *)name->name);
            tir_vec_push(p->a, &kwvalues, v);
        } else {
            tir_loc arg_loc = here(p);
            py_expr *v = parse_test(p);
            if (!v)
                return NULL;
            if (kind(p) == PY_TOK_ASSIGN) {
                error_at(p, arg_loc, "expression cannot contain assignment, perhaps you meant \"==\"?");
                return NULL;
            }
            if (kind(p) == PY_TOK_FOR) {
                error_comprehension(p);
                return NULL;
            }
            if (kwnames.len) {
                error_at(p, arg_loc, "positional argument follows keyword argument");
                return NULL;
            }
            tir_vec_push(p->a, &args, v);
        }
        if (!accept(p, PY_TOK_COMMA))
            break;
    }
    if (!expect(p, PY_TOK_RPAR, "or ',' in call arguments"))
        return NULL;
    py_expr *e = new_sequence(p, PY_CALL, loc, &args);
    e->func = func;
    e->nkw = (uint32_t)kwnames.len;
    e->kwnames = name_array(p, &kwnames);
    e->kwvalues = expr_array(p, &kwvalues);
    return e;
}

/* One index of a subscript: an expression or a slice lo:hi:step. */
static py_expr *parse_slice_item(parser *p)
{
    tir_loc loc = here(p);
    py_expr *lo = NULL;
    if (kind(p) != PY_TOK_COLON) {
        lo = parse_test(p);
        if (!lo || kind(p) != PY_TOK_COLON)
            return lo;
    }
    advance(p);
    py_expr *e = new_expr(p, PY_SLICE, loc);
    e->lo = lo;
    if (kind(p) != PY_TOK_COLON && kind(p) != PY_TOK_COMMA && kind(p) != PY_TOK_RSQB) {
        if (!(e->hi = parse_test(p)))
            return NULL;
    }
    if (accept(p, PY_TOK_COLON) && kind(p) != PY_TOK_COMMA && kind(p) != PY_TOK_RSQB) {
        if (!(e->step = parse_test(p)))
            return NULL;
    }
    return e;
}

/* After '[' of a subscript: a[i], a[i, j] (a tuple index), a[lo:hi]. */
static py_expr *parse_subscript(parser *p, py_expr *value, tir_loc loc)
{
    advance(p);
    if (kind(p) == PY_TOK_RSQB) {
        error_here(p, "expected an index inside '[]'");
        return NULL;
    }
    tir_loc index_loc = here(p);
    py_expr *index = parse_slice_item(p);
    if (!index)
        return NULL;
    if (kind(p) == PY_TOK_COMMA) {
        tir_vec items = {0};
        tir_vec_push(p->a, &items, index);
        while (accept(p, PY_TOK_COMMA) && kind(p) != PY_TOK_RSQB) {
            py_expr *e = parse_slice_item(p);
            if (!e)
                return NULL;
            tir_vec_push(p->a, &items, e);
        }
        index = new_sequence(p, PY_TUPLE, index_loc, &items);
    }
    if (!expect(p, PY_TOK_RSQB, "or ',' in subscript"))
        return NULL;
    py_expr *e = new_expr(p, PY_SUBSCRIPT, loc);
    e->value = value;
    e->index = index;
    return e;
}

/* atom followed by calls, subscripts and attribute accesses. */
static py_expr *parse_primary(parser *p)
{
    tir_loc loc = here(p);
    py_expr *e = parse_atom(p);
    while (e) {
        if (kind(p) == PY_TOK_DOT) {
            advance(p);
            if (kind(p) != PY_TOK_NAME) {
                error_expected(p, "an attribute name", "after '.'");
                return NULL;
            }
            py_expr *attr = new_expr(p, PY_ATTR, loc);
            attr->value = e;
            attr->name = cur(p)->name;
            advance(p);
            e = attr;
        } else if (kind(p) == PY_TOK_LPAR) {
            e = parse_call(p, e, loc);
        } else if (kind(p) == PY_TOK_LSQB) {
            e = parse_subscript(p, e, loc);
        } else {
            break;
        }
    }
    return e;
}

/* primary ['**' factor]: right-associative, and binds tighter than a unary
 * operator on its left (-2**2 is -(2**2)) but not on its right. */
static py_expr *parse_power(parser *p)
{
    tir_loc loc = here(p);
    py_expr *base = parse_primary(p);
    if (!base || kind(p) != PY_TOK_DSTAR)
        return base;
    advance(p);
    if (!enter_nesting(p))
        return NULL;
    py_expr *exponent = parse_factor(p);
    leave_nesting(p);
    return exponent ? new_binary(p, PY_BINOP, loc, PY_OP_POW, base, exponent) : NULL;
}

/* Unary - + ~ */
static py_expr *parse_factor(parser *p)
{
    py_op op;
    switch (kind(p)) {
    case PY_TOK_MINUS: op = PY_OP_NEG; break;
    case PY_TOK_PLUS: op = PY_OP_POS; break;
    case PY_TOK_TILDE: op = PY_OP_INVERT; break;
    default: return parse_power(p);
    }
    tir_loc loc = here(p);
    advance(p);
    if (!enter_nesting(p))
        return NULL;
    py_expr *operand = parse_factor(p);
    leave_nesting(p);
    if (!operand)
        return NULL;
    py_expr *e = new_expr(p, PY_UNARY, loc);
    e->op = op;
    e->value = operand;
    return e;
}

/* The left-associative binary operator levels, loosest first. */
typedef struct {
    py_tok_kind tok;
    py_op op;
} binary_op;

static const binary_op bitor_ops[] = {{PY_TOK_VBAR, PY_OP_BITOR}};
static const binary_op bitxor_ops[] = {{PY_TOK_CARET, PY_OP_BITXOR}};
static const binary_op bitand_ops[] = {{PY_TOK_AMP, PY_OP_BITAND}};
static const binary_op shift_ops[] = {{PY_TOK_LSHIFT, PY_OP_LSHIFT}, {PY_TOK_RSHIFT, PY_OP_RSHIFT}};
static const binary_op arith_ops[] = {{PY_TOK_PLUS, PY_OP_ADD}, {PY_TOK_MINUS, PY_OP_SUB}};
static const binary_op term_ops[] = {
    {PY_TOK_STAR, PY_OP_MUL}, {PY_TOK_SLASH, PY_OP_DIV}, {PY_TOK_DSLASH, PY_OP_FLOORDIV},
    {PY_TOK_PERCENT, PY_OP_MOD}, {PY_TOK_AT, PY_OP_MATMUL},
};

#define LEVEL(ops) {ops, sizeof ops / sizeof ops[0]}
static const struct {
    const binary_op *ops;
    size_t n;
} binary_levels[] = {
    LEVEL(bitor_ops), LEVEL(bitxor_ops), LEVEL(bitand_ops), LEVEL(shift_ops), LEVEL(arith_ops), LEVEL(term_ops),
};
#undef LEVEL
enum { BINARY_LEVEL_COUNT = sizeof binary_levels / sizeof binary_levels[0] };

static py_expr *parse_binary_level(parser *p, int level)
{
    if (level == BINARY_LEVEL_COUNT)
        return parse_factor(p);
    tir_loc loc = here(p);
    py_expr *lhs = parse_binary_level(p, level + 1);
    while (lhs) {
        const binary_op *match = NULL;
        for (size_t i = 0; i < binary_levels[level].n; i++)
            if (binary_levels[level].ops[i].tok == kind(p))
                match = &binary_levels[level].ops[i];
        if (!match)
            break;
        advance(p);
        py_expr *rhs = parse_binary_level(p, level + 1);
        if (!rhs)
            return NULL;
        lhs = new_binary(p, PY_BINOP, loc, match->op, lhs, rhs);
    }
    return lhs;
}

static py_expr *parse_bitor(parser *p) { return parse_binary_level(p, 0); }

/* Consumes a comparison operator if one comes next (two tokens for
 * "not in" and "is not"). */
static bool accept_comparison_op(parser *p, py_op *op)
{
    switch (kind(p)) {
    case PY_TOK_LT: *op = PY_OP_LT; break;
    case PY_TOK_LE: *op = PY_OP_LE; break;
    case PY_TOK_GT: *op = PY_OP_GT; break;
    case PY_TOK_GE: *op = PY_OP_GE; break;
    case PY_TOK_EQEQ: *op = PY_OP_EQ; break;
    case PY_TOK_NE: *op = PY_OP_NE; break;
    case PY_TOK_IN: *op = PY_OP_IN; break;
    case PY_TOK_IS:
        advance(p);
        *op = accept(p, PY_TOK_NOT) ? PY_OP_ISNOT : PY_OP_IS;
        return true;
    case PY_TOK_NOT:
        if (peek_kind(p, 1) != PY_TOK_IN)
            return false;
        advance(p);
        *op = PY_OP_NOTIN;
        break;
    default:
        return false;
    }
    advance(p);
    return true;
}

/* a < b < c is (a < b) and (b < c), the two compares sharing b. */
static py_expr *parse_comparison(parser *p)
{
    tir_loc loc = here(p), lhs_loc = loc;
    py_expr *lhs = parse_bitor(p);
    py_expr *chain = NULL;
    py_op op;
    while (lhs && accept_comparison_op(p, &op)) {
        tir_loc rhs_loc = here(p);
        py_expr *rhs = parse_bitor(p);
        if (!rhs)
            return NULL;
        py_expr *cmp = new_binary(p, PY_COMPARE, lhs_loc, op, lhs, rhs);
        chain = chain ? new_binary(p, PY_BOOLOP, loc, PY_OP_AND, chain, cmp) : cmp;
        lhs = rhs;
        lhs_loc = rhs_loc;
    }
    return chain ? chain : lhs;
}

static py_expr *parse_not_test(parser *p)
{
    if (kind(p) != PY_TOK_NOT)
        return parse_comparison(p);
    tir_loc loc = here(p);
    advance(p);
    if (!enter_nesting(p))
        return NULL;
    py_expr *operand = parse_not_test(p);
    leave_nesting(p);
    if (!operand)
        return NULL;
    py_expr *e = new_expr(p, PY_UNARY, loc);
    e->op = PY_OP_NOT;
    e->value = operand;
    return e;
}

static py_expr *parse_and_test(parser *p)
{
    tir_loc loc = here(p);
    py_expr *lhs = parse_not_test(p);
    while (lhs && accept(p, PY_TOK_AND)) {
        py_expr *rhs = parse_not_test(p);
        lhs = rhs ? new_binary(p, PY_BOOLOP, loc, PY_OP_AND, lhs, rhs) : NULL;
    }
    return lhs;
}

static py_expr *parse_or_test(parser *p)
{
    tir_loc loc = here(p);
    py_expr *lhs = parse_and_test(p);
    while (lhs && accept(p, PY_TOK_OR)) {
        py_expr *rhs = parse_and_test(p);
        lhs = rhs ? new_binary(p, PY_BOOLOP, loc, PY_OP_OR, lhs, rhs) : NULL;
    }
    return lhs;
}

/* A full expression: or_test ['if' or_test 'else' test]. */
static py_expr *parse_test(parser *p)
{
    if (kind(p) == PY_TOK_LAMBDA) {
        error_here(p, "lambda is not supported in TVMScript");
        return NULL;
    }
    if (!enter_nesting(p))
        return NULL;
    tir_loc loc = here(p);
    py_expr *e = parse_or_test(p);
    if (e && kind(p) == PY_TOK_COLONEQ) {
        error_here(p, "assignment expressions (':=') are not supported in TVMScript");
        e = NULL;
    }
    if (e && accept(p, PY_TOK_IF)) {
        py_expr *ifexp = new_expr(p, PY_IFEXP, loc);
        ifexp->body = e;
        e = NULL;
        if ((ifexp->test = parse_or_test(p)) && expect(p, PY_TOK_ELSE, "in conditional expression") &&
            (ifexp->orelse = parse_test(p)))
            e = ifexp;
    }
    leave_nesting(p);
    return e;
}

/* Expressions separated by commas; more than one (or a trailing comma)
 * makes a tuple without parentheses. */
static py_expr *parse_list_of(parser *p, py_expr *(*parse_item)(parser *))
{
    tir_loc loc = here(p);
    py_expr *first = parse_item(p);
    if (!first || kind(p) != PY_TOK_COMMA)
        return first;
    tir_vec items = {0};
    tir_vec_push(p->a, &items, first);
    while (accept(p, PY_TOK_COMMA) && can_start_expression(kind(p))) {
        py_expr *e = parse_item(p);
        if (!e)
            return NULL;
        tir_vec_push(p->a, &items, e);
    }
    return new_sequence(p, PY_TUPLE, loc, &items);
}

static py_expr *parse_testlist(parser *p) { return parse_list_of(p, parse_test); }

/* ---- assignment targets ---- */

static const char *expr_description(const py_expr *e)
{
    switch (e->kind) {
    case PY_CALL: return "function call";
    case PY_INT: case PY_FLOAT: case PY_STR: return "literal";
    case PY_TRUE: return "True";
    case PY_FALSE: return "False";
    case PY_NONE: return "None";
    case PY_COMPARE: return "comparison";
    case PY_IFEXP: return "conditional expression";
    case PY_DICT: return "dict literal";
    case PY_TUPLE: return "tuple";
    case PY_LIST: return "list";
    case PY_SLICE: return "slice";
    default: return "expression";
    }
}

/* Names, attributes and subscripts can be assigned to, and (except in an
 * augmented or annotated assignment) tuples and lists of targets. */
static bool check_target(parser *p, const py_expr *e, bool allow_sequence)
{
    switch (e->kind) {
    case PY_NAME:
    case PY_ATTR:
    case PY_SUBSCRIPT:
        return true;
    case PY_TUPLE:
    case PY_LIST:
        if (allow_sequence) {
            for (uint32_t i = 0; i < e->nitems; i++)
                if (!check_target(p, e->items[i], true))
                    return false;
            return true;
        }
        break;
    default:
        break;
    }
    error_at(p, e->loc, "cannot assign to %s", expr_description(e));
    return false;
}

/* ---- statements ---- */

static bool parse_statement(parser *p, tir_vec *out);
static bool parse_simple_line(parser *p, tir_vec *out);

/* Statements of an indented block, after its INDENT, through its DEDENT. */
static void parse_block_body(parser *p, tir_vec *body);

/* Skips the rest of a broken logical line and, if an indented block follows,
 * that block too (it belongs to the broken line), so parsing resumes at the
 * next statement of the same level.  Errors inside the block are still
 * reported. */
static void skip_clause(parser *p)
{
    while (kind(p) != PY_TOK_NEWLINE && kind(p) != PY_TOK_EOF && kind(p) != PY_TOK_INDENT &&
           kind(p) != PY_TOK_DEDENT)
        advance(p);
    accept(p, PY_TOK_NEWLINE);
    if (accept(p, PY_TOK_INDENT)) {
        tir_vec discarded = {0};
        parse_block_body(p, &discarded);
    }
}

static void recover(parser *p, size_t start)
{
    skip_clause(p);
    if (p->pos == start && kind(p) != PY_TOK_EOF && kind(p) != PY_TOK_DEDENT)
        advance(p); /* always make progress */
}

static void statement_or_recover(parser *p, tir_vec *out)
{
    size_t start = p->pos;
    if (!parse_statement(p, out))
        recover(p, start);
}

static void parse_block_body(parser *p, tir_vec *body)
{
    while (kind(p) != PY_TOK_DEDENT && kind(p) != PY_TOK_EOF && !gave_up(p))
        statement_or_recover(p, body);
    accept(p, PY_TOK_DEDENT);
}

/* The body after a header's ':' : simple statements on the same line, or
 * NEWLINE and an indented block.  `header` names the statement for the
 * "expected an indented block" message. */
static py_suite parse_suite(parser *p, const char *header, uint32_t header_line)
{
    tir_vec body = {0};
    if (kind(p) != PY_TOK_NEWLINE) {
        size_t start = p->pos;
        if (!parse_simple_line(p, &body))
            recover(p, start);
    } else {
        advance(p);
        if (accept(p, PY_TOK_INDENT))
            parse_block_body(p, &body);
        else
            error_here(p, "expected an indented block after %s on line %u", header, header_line);
    }
    return suite_of(p, &body);
}

/* Parses "':' suite" after a compound statement header; on a missing colon
 * the rest of the clause is skipped. */
static py_suite parse_colon_suite(parser *p, const char *context, const char *header, uint32_t header_line)
{
    if (!expect(p, PY_TOK_COLON, context)) {
        skip_clause(p);
        return (py_suite){NULL, 0};
    }
    return parse_suite(p, header, header_line);
}

/* Rejects an `else` clause on a loop, skipping it. */
static void reject_loop_else(parser *p, const char *loop)
{
    if (kind(p) != PY_TOK_ELSE)
        return;
    error_here(p, "'%s ... else' is not supported in TVMScript", loop);
    skip_clause(p);
}

/* if / elif / else: each elif is an If that is the only statement of the
 * previous orelse.  Built iteratively, so long elif chains cost no stack. */
static py_stmt *parse_if(parser *p)
{
    py_stmt *top = NULL, *tail = NULL;
    do {
        bool is_elif = kind(p) == PY_TOK_ELIF;
        py_stmt *s = new_stmt(p, PY_S_IF, here(p));
        advance(p);
        s->test = parse_test(p);
        if (s->test)
            s->body = parse_colon_suite(p, is_elif ? "after elif condition" : "after if condition",
                                        is_elif ? "'elif' statement" : "'if' statement", s->loc.line);
        else
            skip_clause(p);
        if (tail) {
            tail->orelse.items = tir_arena_alloc(p->a, sizeof *tail->orelse.items);
            tail->orelse.items[0] = s;
            tail->orelse.len = 1;
        } else {
            top = s;
        }
        tail = s;
    } while (kind(p) == PY_TOK_ELIF && !gave_up(p));
    if (kind(p) == PY_TOK_ELSE) {
        uint32_t line = here(p).line;
        advance(p);
        tail->orelse = parse_colon_suite(p, "after 'else'", "'else' statement", line);
    }
    return top;
}

/* A for-loop target: comma-separated targets without the `in` operator. */
static py_expr *parse_for_target(parser *p) { return parse_list_of(p, parse_bitor); }

static py_stmt *parse_for(parser *p)
{
    py_stmt *s = new_stmt(p, PY_S_FOR, here(p));
    advance(p);
    if (!(s->target = parse_for_target(p)) || !check_target(p, s->target, true) ||
        !expect(p, PY_TOK_IN, "after for-loop target") || !(s->iter = parse_testlist(p))) {
        skip_clause(p);
    } else {
        s->body = parse_colon_suite(p, "after for-loop header", "'for' statement", s->loc.line);
    }
    reject_loop_else(p, "for");
    return s;
}

static py_stmt *parse_while(parser *p)
{
    py_stmt *s = new_stmt(p, PY_S_WHILE, here(p));
    advance(p);
    if ((s->test = parse_test(p)))
        s->body = parse_colon_suite(p, "after while condition", "'while' statement", s->loc.line);
    else
        skip_clause(p);
    reject_loop_else(p, "while");
    return s;
}

/* with item [as target], item [as target], ... : */
static bool parse_with_items(parser *p, py_stmt *s)
{
    tir_vec items = {0}, targets = {0};
    do {
        py_expr *item = parse_test(p);
        if (!item)
            return false;
        py_expr *target = NULL;
        if (accept(p, PY_TOK_AS)) {
            if (!(target = parse_bitor(p)) || !check_target(p, target, true))
                return false;
        }
        tir_vec_push(p->a, &items, item);
        tir_vec_push(p->a, &targets, target);
    } while (accept(p, PY_TOK_COMMA));
    s->nitems = (uint32_t)items.len;
    s->items = expr_array(p, &items);
    s->targets = expr_array(p, &targets);
    return true;
}

static py_stmt *parse_with(parser *p)
{
    py_stmt *s = new_stmt(p, PY_S_WITH, here(p));
    advance(p);
    if (parse_with_items(p, s))
        s->body = parse_colon_suite(p, "after 'with' items", "'with' statement", s->loc.line);
    else
        skip_clause(p);
    return s;
}

/* def name(param: annotation = default, ...) -> returns: */
static bool parse_def_signature(parser *p, py_stmt *s)
{
    if (kind(p) != PY_TOK_NAME) {
        error_expected(p, "a function name", "after 'def'");
        return false;
    }
    s->name = cur(p)->name;
    advance(p);
    if (accept(p, PY_TOK_LSQB)) {
        /* PEP 695 type parameters, def main[M, N](...): TVM >= 0.27's signature variables */
        tir_vec tps = {0};
        do {
            if (kind(p) != PY_TOK_NAME) {
                error_expected(p, "a type parameter name", NULL);
                return false;
            }
            py_param *tp = tir_arena_alloc(p->a, sizeof *tp);
            tp->name = cur(p)->name;
            tp->loc = here(p);
            advance(p);
            if (accept(p, PY_TOK_COLON) && !(tp->annotation = parse_test(p)))
                return false;
            tir_vec_push(p->a, &tps, tp);
        } while (accept(p, PY_TOK_COMMA) && kind(p) != PY_TOK_RSQB);
        if (!expect(p, PY_TOK_RSQB, "after type parameters"))
            return false;
        s->ntype_params = (uint32_t)tps.len;
        s->type_params = tir_arena_alloc(p->a, (tps.len ? tps.len : 1) * sizeof *s->type_params);
        for (size_t i = 0; i < tps.len; i++)
            s->type_params[i] = *(py_param *)tps.items[i];
    }
    if (!expect(p, PY_TOK_LPAR, "after function name"))
        return false;
    tir_vec params = {0};
    bool seen_default = false;
    while (kind(p) != PY_TOK_RPAR) {
        if (kind(p) == PY_TOK_STAR || kind(p) == PY_TOK_DSTAR || kind(p) == PY_TOK_SLASH) {
            error_here(p, "'*', '**' and '/' in parameter lists are not supported in TVMScript");
            return false;
        }
        if (kind(p) != PY_TOK_NAME) {
            error_expected(p, "a parameter name", NULL);
            return false;
        }
        py_param *param = tir_arena_alloc(p->a, sizeof *param);
        param->name = cur(p)->name;
        param->loc = here(p);
        advance(p);
        if (accept(p, PY_TOK_COLON) && !(param->annotation = parse_test(p)))
            return false;
        if (accept(p, PY_TOK_ASSIGN)) {
            if (!(param->default_value = parse_test(p)))
                return false;
            seen_default = true;
        } else if (seen_default) {
            error_at(p, param->loc, "parameter without a default follows parameter with a default");
            return false;
        }
        tir_vec_push(p->a, &params, param);
        if (!accept(p, PY_TOK_COMMA))
            break;
    }
    if (!expect(p, PY_TOK_RPAR, "or ',' in parameter list"))
        return false;
    s->nparams = (uint32_t)params.len;
    if (params.len) {
        s->params = tir_arena_alloc(p->a, params.len * sizeof *s->params);
        for (size_t i = 0; i < params.len; i++)
            s->params[i] = *(py_param *)params.items[i];
    }
    if (accept(p, PY_TOK_ARROW) && !(s->returns = parse_test(p)))
        return false;
    return true;
}

/* class Name[(bases)]: */
static bool parse_class_header(parser *p, py_stmt *s)
{
    if (kind(p) != PY_TOK_NAME) {
        error_expected(p, "a class name", "after 'class'");
        return false;
    }
    s->name = cur(p)->name;
    advance(p);
    if (!accept(p, PY_TOK_LPAR))
        return true;
    tir_vec bases = {0};
    while (kind(p) != PY_TOK_RPAR) {
        if (kind(p) == PY_TOK_NAME && peek_kind(p, 1) == PY_TOK_ASSIGN) {
            error_here(p, "keyword arguments in class bases are not supported in TVMScript");
            return false;
        }
        py_expr *base = parse_test(p);
        if (!base)
            return false;
        tir_vec_push(p->a, &bases, base);
        if (!accept(p, PY_TOK_COMMA))
            break;
    }
    if (!expect(p, PY_TOK_RPAR, "or ',' in class bases"))
        return false;
    s->nbases = (uint32_t)bases.len;
    s->bases = expr_array(p, &bases);
    return true;
}

/* Decorators (each `@expr` on its own line) and the def or class they
 * decorate.  Returns NULL (after reporting) if the statement is not a def or
 * class; a broken header is skipped and the statement still returned. */
static py_stmt *parse_decorated(parser *p)
{
    tir_loc loc = here(p);
    tir_vec decorators = {0};
    while (kind(p) == PY_TOK_AT) {
        advance(p);
        py_expr *e = parse_test(p);
        if (!e)
            return NULL;
        if (kind(p) != PY_TOK_NEWLINE) {
            error_expected(p, "NEWLINE", "after decorator");
            return NULL;
        }
        advance(p);
        tir_vec_push(p->a, &decorators, e);
    }
    py_stmt *s;
    uint32_t line = here(p).line;
    if (kind(p) == PY_TOK_DEF) {
        s = new_stmt(p, PY_S_FUNCDEF, loc);
        advance(p);
        if (parse_def_signature(p, s))
            s->body = parse_colon_suite(p, "after function signature", "function definition", line);
        else
            skip_clause(p);
    } else if (kind(p) == PY_TOK_CLASS) {
        s = new_stmt(p, PY_S_CLASSDEF, loc);
        advance(p);
        if (parse_class_header(p, s))
            s->body = parse_colon_suite(p, "after class header", "class definition", line);
        else
            skip_clause(p);
    } else if (kind(p) == PY_TOK_INDENT) {
        error_here(p, "unexpected indent");
        return NULL;
    } else {
        char got[80];
        py_tok_describe(cur(p), got, sizeof got);
        error_here(p, "decorators are only supported on 'def' and 'class' statements, got %s", got);
        return NULL;
    }
    s->ndecorators = (uint32_t)decorators.len;
    s->decorators = expr_array(p, &decorators);
    return s;
}

/* A dotted module name a.b.c, as one string. */
static const char *parse_dotted_name(parser *p)
{
    if (kind(p) != PY_TOK_NAME) {
        error_expected(p, "a module name", NULL);
        return NULL;
    }
    size_t start = p->pos, len = 0;
    for (;;) {
        len += strlen(cur(p)->name);
        advance(p);
        if (kind(p) != PY_TOK_DOT || peek_kind(p, 1) != PY_TOK_NAME)
            break;
        advance(p);
        len++;
    }
    char *name = tir_arena_alloc(p->a, len + 1);
    size_t n = 0;
    for (size_t i = start; i < p->pos; i++) {
        const char *piece = p->toks[i].kind == PY_TOK_NAME ? p->toks[i].name : ".";
        size_t k = strlen(piece);
        memcpy(name + n, piece, k);
        n += k;
    }
    if (kind(p) == PY_TOK_DOT) {
        advance(p);
        error_expected(p, "a name", "after '.' in module name");
        return NULL;
    }
    return name;
}

/* Reads `as NAME` if present; false after an error. */
static bool parse_optional_as(parser *p, const char **asname)
{
    *asname = NULL;
    if (!accept(p, PY_TOK_AS))
        return true;
    if (kind(p) != PY_TOK_NAME) {
        error_expected(p, "a name", "after 'as'");
        return false;
    }
    *asname = cur(p)->name;
    advance(p);
    return true;
}

/* import a.b [as c], d */
static py_stmt *parse_import(parser *p)
{
    py_stmt *s = new_stmt(p, PY_S_IMPORT, here(p));
    advance(p);
    tir_vec names = {0}, asnames = {0};
    do {
        const char *name = parse_dotted_name(p), *asname;
        if (!name || !parse_optional_as(p, &asname))
            return NULL;
        tir_vec_push(p->a, &names, (void *)name);
        tir_vec_push(p->a, &asnames, (void *)asname);
    } while (accept(p, PY_TOK_COMMA));
    s->nnames = (uint32_t)names.len;
    s->names = name_array(p, &names);
    s->asnames = name_array(p, &asnames);
    return s;
}

/* from a.b import c [as d], e   (the list may be parenthesized) */
static py_stmt *parse_from_import(parser *p)
{
    py_stmt *s = new_stmt(p, PY_S_IMPORT, here(p));
    advance(p);
    if (kind(p) == PY_TOK_DOT || kind(p) == PY_TOK_ELLIPSIS) {
        error_here(p, "relative imports are not supported in TVMScript");
        return NULL;
    }
    if (!(s->from_module = parse_dotted_name(p)) || !expect(p, PY_TOK_IMPORT, "after module name"))
        return NULL;
    if (kind(p) == PY_TOK_STAR) {
        error_here(p, "'from ... import *' is not supported in TVMScript");
        return NULL;
    }
    bool parenthesized = accept(p, PY_TOK_LPAR);
    tir_vec names = {0}, asnames = {0};
    for (;;) {
        if (kind(p) != PY_TOK_NAME) {
            error_expected(p, "a name", "to import");
            return NULL;
        }
        const char *name = cur(p)->name, *asname;
        advance(p);
        if (!parse_optional_as(p, &asname))
            return NULL;
        tir_vec_push(p->a, &names, (void *)name);
        tir_vec_push(p->a, &asnames, (void *)asname);
        if (!accept(p, PY_TOK_COMMA))
            break;
        if (parenthesized && kind(p) == PY_TOK_RPAR)
            break;
        if (!parenthesized && kind(p) != PY_TOK_NAME) {
            error_here(p, "trailing comma not allowed without surrounding parentheses");
            return NULL;
        }
    }
    if (parenthesized && !expect(p, PY_TOK_RPAR, "or ',' in import list"))
        return NULL;
    s->nnames = (uint32_t)names.len;
    s->names = name_array(p, &names);
    s->asnames = name_array(p, &asnames);
    return s;
}

static bool augmented_op(py_tok_kind k, py_op *op)
{
    static const binary_op table[] = {
        {PY_TOK_PLUSEQ, PY_OP_ADD}, {PY_TOK_MINUSEQ, PY_OP_SUB}, {PY_TOK_STAREQ, PY_OP_MUL},
        {PY_TOK_SLASHEQ, PY_OP_DIV}, {PY_TOK_DSLASHEQ, PY_OP_FLOORDIV}, {PY_TOK_PERCENTEQ, PY_OP_MOD},
        {PY_TOK_DSTAREQ, PY_OP_POW}, {PY_TOK_ATEQ, PY_OP_MATMUL}, {PY_TOK_AMPEQ, PY_OP_BITAND},
        {PY_TOK_VBAREQ, PY_OP_BITOR}, {PY_TOK_CARETEQ, PY_OP_BITXOR}, {PY_TOK_LSHIFTEQ, PY_OP_LSHIFT},
        {PY_TOK_RSHIFTEQ, PY_OP_RSHIFT},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (table[i].tok == k) {
            *op = table[i].op;
            return true;
        }
    }
    return false;
}

/* An expression statement or an (annotated, augmented) assignment. */
static py_stmt *parse_expression_statement(parser *p)
{
    tir_loc loc = here(p);
    py_expr *lhs = parse_testlist(p);
    if (!lhs)
        return NULL;
    py_stmt *s;
    py_op op;
    if (kind(p) == PY_TOK_ASSIGN) {
        if (!check_target(p, lhs, true))
            return NULL;
        advance(p);
        s = new_stmt(p, PY_S_ASSIGN, loc);
        s->target = lhs;
        if (!(s->value = parse_testlist(p)))
            return NULL;
        /* a = b = value: every expression but the last is a target (the
         * builder accepts the chain at module level, as TVM does) */
        tir_vec chain = {0};
        while (kind(p) == PY_TOK_ASSIGN) {
            if (!check_target(p, s->value, true))
                return NULL;
            advance(p);
            tir_vec_push(p->a, &chain, s->value);
            if (!(s->value = parse_testlist(p)))
                return NULL;
        }
        s->nchain = (uint32_t)chain.len;
        s->chain = expr_array(p, &chain);
    } else if (kind(p) == PY_TOK_COLON) {
        if (lhs->kind == PY_TUPLE || lhs->kind == PY_LIST) {
            error_at(p, lhs->loc, "only single target (not %s) can be annotated", expr_description(lhs));
            return NULL;
        }
        if (!check_target(p, lhs, false))
            return NULL;
        advance(p);
        s = new_stmt(p, PY_S_ANNASSIGN, loc);
        s->target = lhs;
        if (!(s->annotation = parse_test(p)))
            return NULL;
        if (accept(p, PY_TOK_ASSIGN) && !(s->value = parse_testlist(p)))
            return NULL;
    } else if (augmented_op(kind(p), &op)) {
        if (lhs->kind == PY_TUPLE || lhs->kind == PY_LIST) {
            error_at(p, lhs->loc, "'%s' is an illegal expression for augmented assignment", expr_description(lhs));
            return NULL;
        }
        if (!check_target(p, lhs, false))
            return NULL;
        advance(p);
        s = new_stmt(p, PY_S_AUGASSIGN, loc);
        s->target = lhs;
        s->op = op;
        if (!(s->value = parse_testlist(p)))
            return NULL;
    } else {
        s = new_stmt(p, PY_S_EXPR, loc);
        s->value = lhs;
    }
    return s;
}

static py_stmt *parse_simple_statement(parser *p)
{
    tir_loc loc = here(p);
    py_stmt *s;
    switch (kind(p)) {
    case PY_TOK_PASS:
    case PY_TOK_BREAK:
    case PY_TOK_CONTINUE:
        s = new_stmt(p, kind(p) == PY_TOK_PASS ? PY_S_PASS : kind(p) == PY_TOK_BREAK ? PY_S_BREAK : PY_S_CONTINUE, loc);
        advance(p);
        return s;
    case PY_TOK_RETURN:
        s = new_stmt(p, PY_S_RETURN, loc);
        advance(p);
        if (can_start_expression(kind(p)) && !(s->value = parse_testlist(p)))
            return NULL;
        return s;
    case PY_TOK_ASSERT:
        s = new_stmt(p, PY_S_ASSERT, loc);
        advance(p);
        if (!(s->test = parse_test(p)))
            return NULL;
        if (accept(p, PY_TOK_COMMA) && !(s->msg = parse_test(p)))
            return NULL;
        return s;
    case PY_TOK_IMPORT:
        return parse_import(p);
    case PY_TOK_FROM:
        return parse_from_import(p);
    case PY_TOK_DEL:
    case PY_TOK_GLOBAL:
    case PY_TOK_NONLOCAL:
    case PY_TOK_RAISE:
        error_here(p, "'%s' statements are not supported in TVMScript", py_tok_kind_name(kind(p)));
        return NULL;
    default:
        return parse_expression_statement(p);
    }
}

/* simple_stmt (';' simple_stmt)* [';'] NEWLINE */
static bool parse_simple_line(parser *p, tir_vec *out)
{
    for (;;) {
        py_stmt *s = parse_simple_statement(p);
        if (!s)
            return false;
        tir_vec_push(p->a, out, s);
        if (!accept(p, PY_TOK_SEMI) || kind(p) == PY_TOK_NEWLINE)
            break;
    }
    if (accept(p, PY_TOK_NEWLINE) || kind(p) == PY_TOK_EOF)
        return true;
    char got[80];
    py_tok_describe(cur(p), got, sizeof got);
    error_here(p, "invalid syntax: unexpected %s", got);
    return false;
}

/* Reports a construct TVMScript does not support and skips it with all its
 * clauses (try/except/else/finally). */
static void skip_unsupported_compound(parser *p, const char *what)
{
    error_here(p, "%s not supported in TVMScript", what);
    skip_clause(p);
    while (kind(p) == PY_TOK_EXCEPT || kind(p) == PY_TOK_FINALLY || kind(p) == PY_TOK_ELSE)
        skip_clause(p);
}

/* Parses one statement (or one line of simple statements) into out.
 * Returns false after a syntax error that the caller must recover from. */
static bool parse_statement(parser *p, tir_vec *out)
{
    py_stmt *s;
    switch (kind(p)) {
    case PY_TOK_AT:
    case PY_TOK_DEF:
    case PY_TOK_CLASS:
        s = parse_decorated(p);
        break;
    case PY_TOK_IF:
        s = parse_if(p);
        break;
    case PY_TOK_FOR:
        s = parse_for(p);
        break;
    case PY_TOK_WHILE:
        s = parse_while(p);
        break;
    case PY_TOK_WITH:
        s = parse_with(p);
        break;
    case PY_TOK_TRY:
        skip_unsupported_compound(p, "'try' statements are");
        return true;
    case PY_TOK_ASYNC:
        skip_unsupported_compound(p, "'async' is");
        return true;
    case PY_TOK_ELIF:
    case PY_TOK_ELSE:
        error_here(p, "invalid syntax: '%s' without a matching 'if' (or with the wrong indentation)",
                   py_tok_kind_name(kind(p)));
        return false;
    case PY_TOK_EXCEPT:
    case PY_TOK_FINALLY:
        error_here(p, "invalid syntax: '%s' without a matching 'try'", py_tok_kind_name(kind(p)));
        return false;
    case PY_TOK_INDENT: {
        error_here(p, "unexpected indent");
        advance(p);
        tir_vec discarded = {0};
        parse_block_body(p, &discarded);
        return true;
    }
    default:
        return parse_simple_line(p, out);
    }
    if (!s)
        return false;
    tir_vec_push(p->a, out, s);
    return true;
}

/* The definitions after PY_DEFINES_MARKER: each NUL-terminated entry that
 * holds an '='; *len is cut to the program before the marker. */
static const char **split_defines(tir_arena *a, const char *src, size_t *len, uint32_t *n)
{
    *n = 0;
    size_t at = 0, end = *len;
    while (at < end && !(src[at] == 0 && end - at >= PY_DEFINES_MARKER_LEN &&
                         memcmp(src + at, PY_DEFINES_MARKER, PY_DEFINES_MARKER_LEN) == 0))
        at++;
    if (at == end)
        return NULL;
    *len = at;
    tir_vec defs = {0};
    for (size_t i = at + PY_DEFINES_MARKER_LEN; i < end;) {
        const char *e = memchr(src + i, 0, end - i);
        size_t l = e ? (size_t)(e - (src + i)) : end - i;
        if (memchr(src + i, '=', l)) {
            char *def = tir_arena_alloc(a, l + 1);
            memcpy(def, src + i, l);
            def[l] = 0;
            tir_vec_push(a, &defs, def);
        }
        i += l + 1;
    }
    *n = (uint32_t)defs.len;
    const char **out = tir_arena_alloc(a, (defs.len ? defs.len : 1) * sizeof *out);
    for (size_t k = 0; k < defs.len; k++)
        out[k] = defs.items[k];
    return out;
}

py_module *py_parse(tir_arena *a, tir_diag *d, const char *src, size_t len)
{
    int errors_before = d->nerrors;
    uint32_t ndefines;
    const char **defines = split_defines(a, src, &len, &ndefines);
    if (defines && d->src == src)
        d->src_len = len; /* messages quote the program, never the definitions */
    py_lex_result lexed;
    py_lex_tokenize(a, src, len, &lexed);

    parser p = {.a = a, .d = d, .toks = lexed.toks, .ntoks = lexed.ntoks};
    report_lexical_errors(&p);
    tir_vec body = {0};
    while (kind(&p) != PY_TOK_EOF && !gave_up(&p)) {
        if (kind(&p) == PY_TOK_DEDENT || kind(&p) == PY_TOK_NEWLINE)
            advance(&p); /* cannot happen at the top level, but must not loop */
        else
            statement_or_recover(&p, &body);
    }
    if (d->nerrors > errors_before)
        return NULL;

    py_module *m = tir_arena_alloc(a, sizeof *m);
    m->body = suite_of(&p, &body);
    m->ncomments = lexed.ncomments;
    m->comments = lexed.comments;
    m->ndefines = ndefines;
    m->defines = defines;
    return m;
}
