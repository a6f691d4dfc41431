/* Module-level names: the constants a TVMScript file assigns around its
 * functions (M = N = K = 128, dtype = "float32", as TVM's tutorials write
 * them), those given on tirc's command line (-D NAME=VALUE), and @T.macro
 * functions, expanded where they are called.
 *
 * TVM's parser evaluates the names a function reads that the function does
 * not bind in the Python globals of the moment the function is decorated.
 * The builder reads the module in order, keeping the constants assigned so
 * far; a function sees those assigned before it, and its own bindings
 * (parameters, loop variables, lets) hide them.  A -D definition replaces
 * the module's assignments of its name, or defines it if there is none. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_internal.h"

/* Longest expression chain evaluated (a + a + ... at module level). */
#define MAX_CONST_DEPTH 2000

typedef enum { CE_OK, CE_NOT_CONST, CE_ERROR } const_status;

static bool is_number(const sval *v) { return v->kind == SV_PYINT || v->kind == SV_PYBOOL || v->kind == SV_PYFLOAT; }

static double as_double(const sval *v) { return v->kind == SV_PYFLOAT ? v->f : (double)v->i; }

static sval int_value(int64_t i, tir_loc loc)
{
    sval v = sv_none(loc);
    v.kind = SV_PYINT;
    v.i = i;
    return v;
}

static sval float_value(double f, tir_loc loc)
{
    sval v = sv_none(loc);
    v.kind = SV_PYFLOAT;
    v.f = f;
    return v;
}

/* Does the module define name as something other than a constant (an
 * import, a function, a class)?  Then reading it is Python, not a constant. */
static bool module_defines_other(builder *b, const char *name)
{
    if ((b->t_alias && strcmp(name, b->t_alias) == 0) || (b->i_alias && strcmp(name, b->i_alias) == 0))
        return true;
    for (uint32_t i = 0; i < b->pm->body.len; i++) {
        const py_stmt *s = b->pm->body.items[i];
        if ((s->kind == PY_S_FUNCDEF || s->kind == PY_S_CLASSDEF) && strcmp(s->name, name) == 0)
            return true;
        for (uint32_t k = 0; s->kind == PY_S_IMPORT && k < s->nnames; k++) {
            const char *alias = s->asnames[k] ? s->asnames[k] : s->names[k];
            size_t n = strlen(name); /* import a.b names a */
            if (strncmp(alias, name, n) == 0 && (alias[n] == 0 || alias[n] == '.'))
                return true;
        }
    }
    return false;
}

static const_status const_eval(builder *b, const py_expr *x, sval *out, int depth);

/* Python's arithmetic on two constants, in 64-bit integers or doubles. */
static const_status const_binop(builder *b, const py_expr *x, const sval *l, const sval *r, sval *out)
{
    tir_loc loc = x->loc;
    if (x->op == PY_OP_ADD && l->kind == SV_STR && r->kind == SV_STR) {
        size_t n1 = strlen(l->s), n2 = strlen(r->s);
        char *s = tir_arena_alloc(b->a, n1 + n2 + 1);
        memcpy(s, l->s, n1);
        memcpy(s + n1, r->s, n2 + 1);
        *out = sv_none(loc);
        out->kind = SV_STR;
        out->s = s;
        return CE_OK;
    }
    if (!is_number(l) || !is_number(r) || (l->kind == SV_PYINT && l->big) || (r->kind == SV_PYINT && r->big))
        return CE_NOT_CONST;
    if (l->kind == SV_PYFLOAT || r->kind == SV_PYFLOAT || x->op == PY_OP_DIV) {
        double p = as_double(l), q = as_double(r);
        switch (x->op) {
        case PY_OP_ADD: *out = float_value(p + q, loc); return CE_OK;
        case PY_OP_SUB: *out = float_value(p - q, loc); return CE_OK;
        case PY_OP_MUL: *out = float_value(p * q, loc); return CE_OK;
        case PY_OP_POW: *out = float_value(pow(p, q), loc); return CE_OK;
        case PY_OP_DIV:
        case PY_OP_FLOORDIV:
        case PY_OP_MOD:
            if (q == 0) {
                ERR(b, loc, "division by zero in a module-level constant");
                return CE_ERROR;
            }
            if (x->op == PY_OP_DIV)
                *out = float_value(p / q, loc);
            else if (x->op == PY_OP_FLOORDIV)
                *out = float_value(floor(p / q), loc);
            else {
                double m = fmod(p, q);
                *out = float_value(m != 0 && (m < 0) != (q < 0) ? m + q : m, loc);
            }
            return CE_OK;
        default: return CE_NOT_CONST;
        }
    }
    int64_t p = l->i, q = r->i, v = 0;
    bool overflow = false;
    switch (x->op) {
    case PY_OP_ADD: overflow = __builtin_add_overflow(p, q, &v); break;
    case PY_OP_SUB: overflow = __builtin_sub_overflow(p, q, &v); break;
    case PY_OP_MUL: overflow = __builtin_mul_overflow(p, q, &v); break;
    case PY_OP_FLOORDIV:
    case PY_OP_MOD:
        if (q == 0) {
            ERR(b, loc, "division by zero in a module-level constant");
            return CE_ERROR;
        }
        if (p == INT64_MIN && q == -1) {
            overflow = x->op == PY_OP_FLOORDIV;
            v = 0;
            break;
        }
        /* Python rounds toward minus infinity; the remainder has the divisor's sign */
        v = x->op == PY_OP_FLOORDIV ? p / q - ((p % q != 0) && ((p < 0) != (q < 0))) : p % q;
        if (x->op == PY_OP_MOD && v != 0 && (v < 0) != (q < 0))
            v += q;
        break;
    case PY_OP_POW:
        if (q < 0) {
            *out = float_value(pow((double)p, (double)q), loc);
            return CE_OK;
        }
        /* by squaring; a square that overflows is needed by the result */
        v = 1;
        for (int64_t base = p, e = q; e > 0 && !overflow;) {
            if (e & 1)
                overflow = __builtin_mul_overflow(v, base, &v);
            e >>= 1;
            if (e && !overflow)
                overflow = __builtin_mul_overflow(base, base, &base);
        }
        break;
    case PY_OP_LSHIFT:
    case PY_OP_RSHIFT:
        if (q < 0) {
            ERR(b, loc, "negative shift count in a module-level constant");
            return CE_ERROR;
        }
        if (x->op == PY_OP_RSHIFT) {
            v = q >= 63 ? (p < 0 ? -1 : 0) : p >> q; /* arithmetic, as Python's */
        } else if (q >= 63) {
            overflow = p != 0;
        } else {
            overflow = p > (INT64_MAX >> q) || p < (INT64_MIN >> q);
            v = overflow ? 0 : (int64_t)((uint64_t)p << q);
        }
        break;
    case PY_OP_BITAND: v = p & q; break;
    case PY_OP_BITOR: v = p | q; break;
    case PY_OP_BITXOR: v = p ^ q; break;
    default: return CE_NOT_CONST;
    }
    if (overflow) {
        ERR(b, loc, "a module-level constant out of the 64-bit range");
        return CE_ERROR;
    }
    *out = int_value(v, loc);
    return CE_OK;
}

static const_status const_eval(builder *b, const py_expr *x, sval *out, int depth)
{
    *out = sv_none(x->loc);
    if (depth > MAX_CONST_DEPTH) {
        ERR(b, x->loc, "expression nested more than %d levels deep", MAX_CONST_DEPTH);
        return CE_ERROR;
    }
    switch (x->kind) {
    case PY_INT:
        if (x->int_too_big) {
            ERR(b, x->loc, "integer literal too large (more than 64 bits)");
            return CE_ERROR;
        }
        out->kind = SV_PYINT;
        out->i = (int64_t)x->ival;
        out->big = x->ival > (uint64_t)INT64_MAX;
        return CE_OK;
    case PY_FLOAT: *out = float_value(x->fval, x->loc); return CE_OK;
    case PY_TRUE:
    case PY_FALSE:
        out->kind = SV_PYBOOL;
        out->i = x->kind == PY_TRUE;
        return CE_OK;
    case PY_STR:
        if (x->fstring)
            return CE_NOT_CONST;
        out->kind = SV_STR;
        out->s = x->str;
        return CE_OK;
    case PY_TUPLE:
    case PY_LIST:
        out->kind = SV_TUPLE;
        out->n = x->nitems;
        out->items = tir_arena_alloc(b->a, (x->nitems ? x->nitems : 1) * sizeof *out->items);
        for (uint32_t i = 0; i < x->nitems; i++) {
            const_status st = const_eval(b, x->items[i], &out->items[i], depth + 1);
            if (st != CE_OK)
                return st;
        }
        return CE_OK;
    case PY_NAME: {
        const module_global *g = sb_lookup_global(b, x->name);
        if (g && g->def)
            return CE_NOT_CONST; /* a macro */
        if (g) {
            *out = sb_global_value(b, g, x->loc);
            return CE_OK;
        }
        if (module_defines_other(b, x->name))
            return CE_NOT_CONST;
        tir_loc later;
        if (sb_assigned_later(b, x->name, &later))
            ERR(b, x->loc, "name '%s' is not defined (it is assigned at line %u, after this line)", x->name,
                later.line);
        else
            ERR(b, x->loc, "name '%s' is not defined", x->name);
        return CE_ERROR;
    }
    case PY_ATTR:
        /* dtype = T.float32: the dtype, as T.Buffer(..., dtype) reads it */
        if (x->value->kind == PY_NAME && b->t_alias && strcmp(x->value->name, b->t_alias) == 0) {
            tir_dtype dt;
            if (!sb_dtype_name(x->name, &dt))
                return CE_NOT_CONST;
            out->kind = SV_TFUNC;
            out->s = x->name;
            return CE_OK;
        }
        return CE_NOT_CONST;
    case PY_UNARY: {
        sval v;
        const_status st = const_eval(b, x->value, &v, depth + 1);
        if (st != CE_OK)
            return st;
        if (x->op == PY_OP_NOT && (is_number(&v) || v.kind == SV_STR)) {
            out->kind = SV_PYBOOL;
            out->i = v.kind == SV_STR ? !v.s[0] : v.kind == SV_PYFLOAT ? v.f == 0 : v.i == 0;
            return CE_OK;
        }
        if (!is_number(&v))
            return CE_NOT_CONST;
        if (v.kind == SV_PYFLOAT) {
            if (x->op == PY_OP_INVERT)
                return CE_NOT_CONST;
            *out = float_value(x->op == PY_OP_NEG ? -v.f : v.f, x->loc);
            return CE_OK;
        }
        if (x->op == PY_OP_POS) {
            *out = int_value(v.i, x->loc);
            out->big = v.big;
            return CE_OK;
        }
        if (x->op == PY_OP_INVERT && !v.big) {
            *out = int_value(~v.i, x->loc);
            return CE_OK;
        }
        /* -x; -2**63 is the one value written with a too-big literal */
        if (v.big && (uint64_t)v.i != (uint64_t)1 << 63) {
            ERR(b, x->loc, "a module-level constant out of the 64-bit range");
            return CE_ERROR;
        }
        if (!v.big && v.i == INT64_MIN) {
            ERR(b, x->loc, "a module-level constant out of the 64-bit range");
            return CE_ERROR;
        }
        *out = int_value((int64_t)(0 - (uint64_t)v.i), x->loc);
        return CE_OK;
    }
    case PY_BINOP: {
        sval l, r;
        const_status st = const_eval(b, x->lhs, &l, depth + 1);
        if (st != CE_OK)
            return st;
        if ((st = const_eval(b, x->rhs, &r, depth + 1)) != CE_OK)
            return st;
        return const_binop(b, x, &l, &r, out);
    }
    default: return CE_NOT_CONST;
    }
}

/* Binds target (a name, or a tuple of targets) to v. */
static void assign_target(builder *b, const py_expr *t, const sval *v)
{
    if (t->kind == PY_NAME) {
        module_global *g = tir_arena_alloc(b->a, sizeof *g);
        g->name = t->name;
        g->loc = t->loc;
        g->value = *v;
        tir_vec_push(b->a, &b->globals, g);
        b->nvisible = (uint32_t)b->globals.len;
        return;
    }
    if (v->kind != SV_TUPLE || v->n != t->nitems) {
        if (v->kind == SV_TUPLE)
            ERR(b, t->loc, "cannot unpack %u value%s into %u names", v->n, v->n == 1 ? "" : "s", t->nitems);
        else
            ERR(b, t->loc, "cannot unpack a single value into %u names", t->nitems);
        return;
    }
    for (uint32_t i = 0; i < t->nitems; i++)
        assign_target(b, t->items[i], &v->items[i]);
}

static bool names_only(const py_expr *t)
{
    if (t->kind == PY_NAME)
        return true;
    if (t->kind != PY_TUPLE && t->kind != PY_LIST)
        return false;
    for (uint32_t i = 0; i < t->nitems; i++)
        if (!names_only(t->items[i]))
            return false;
    return true;
}

bool sb_module_assign(builder *b, const py_stmt *s)
{
    if (!s->value || !names_only(s->target))
        return false;
    for (uint32_t i = 0; i < s->nchain; i++)
        if (!names_only(s->chain[i]))
            return false;
    sval v;
    const_status st = const_eval(b, s->value, &v, 0);
    if (st == CE_NOT_CONST)
        return false;
    if (st == CE_ERROR)
        return true;
    /* a = b = value assigns left to right */
    assign_target(b, s->target, &v);
    for (uint32_t i = 0; i < s->nchain; i++)
        assign_target(b, s->chain[i], &v);
    return true;
}

module_global *sb_lookup_global(builder *b, const char *name)
{
    for (uint32_t i = b->ndefines; i-- > 0;)
        if (strcmp(b->defines[i].name, name) == 0)
            return &b->defines[i];
    for (uint32_t i = b->nvisible < b->globals.len ? b->nvisible : (uint32_t)b->globals.len; i-- > 0;) {
        module_global *g = b->globals.items[i];
        if (strcmp(g->name, name) == 0)
            return g;
    }
    return NULL;
}

static sval copy_at(builder *b, const sval *v, tir_loc loc)
{
    sval c = *v;
    c.loc = loc;
    if (v->kind == SV_TUPLE) {
        c.items = tir_arena_alloc(b->a, (v->n ? v->n : 1) * sizeof *c.items);
        for (uint32_t i = 0; i < v->n; i++)
            c.items[i] = copy_at(b, &v->items[i], loc);
    }
    return c;
}

sval sb_global_value(builder *b, const module_global *g, tir_loc loc) { return copy_at(b, &g->value, loc); }

static bool target_names(const py_expr *t, const char *name)
{
    if (t->kind == PY_NAME)
        return strcmp(t->name, name) == 0;
    for (uint32_t i = 0; (t->kind == PY_TUPLE || t->kind == PY_LIST) && i < t->nitems; i++)
        if (target_names(t->items[i], name))
            return true;
    return false;
}

bool sb_assigned_later(builder *b, const char *name, tir_loc *where)
{
    for (uint32_t i = b->module_pos + 1; b->pm && i < b->pm->body.len; i++) {
        const py_stmt *s = b->pm->body.items[i];
        bool hit = (s->kind == PY_S_ASSIGN || s->kind == PY_S_ANNASSIGN) && target_names(s->target, name);
        for (uint32_t k = 0; s->kind == PY_S_ASSIGN && !hit && k < s->nchain; k++)
            hit = target_names(s->chain[k], name);
        if (hit) {
            *where = s->loc;
            return true;
        }
    }
    return false;
}

/* ---- tirc -D NAME=VALUE ------------------------------------------------- */

static bool is_name(const char *s, size_t n)
{
    if (n == 0 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
        return false;
    for (size_t i = 1; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
              s[i] == '_'))
            return false;
    return true;
}

/* VALUE as a Python int (decimal digits, an optional sign), a float
 * (digits with a point or an exponent), else as the string it is. */
static bool define_value(builder *b, const char *name, const char *text, sval *v)
{
    tir_loc none = {0, 0, 0};
    *v = sv_none(none);
    const char *p = text + (text[0] == '-' || text[0] == '+');
    size_t digits = strspn(p, "0123456789");
    if (digits && !p[digits]) {
        char *end;
        errno = 0;
        long long i = strtoll(text, &end, 10);
        if (errno || *end) {
            ERR(b, none, "tirc -D %s=%s: the integer does not fit in 64 bits", name, text);
            return false;
        }
        *v = int_value(i, none);
        return true;
    }
    bool numeric = strspn(p, "0123456789.eE+-") == strlen(p) && strpbrk(p, "0123456789") && strpbrk(p, ".eE");
    if (numeric) {
        char *end;
        double f = strtod(text, &end);
        if (!*end) {
            *v = float_value(f, none);
            return true;
        }
    }
    v->kind = SV_STR;
    v->s = text;
    return true;
}

void sb_read_defines(builder *b, const py_module *m)
{
    b->defines = tir_arena_alloc(b->a, (m->ndefines ? m->ndefines : 1) * sizeof *b->defines);
    for (uint32_t i = 0; i < m->ndefines; i++) {
        const char *def = m->defines[i], *eq = strchr(def, '=');
        size_t n = (size_t)(eq - def);
        if (!is_name(def, n)) {
            tir_loc none = {0, 0, 0};
            ERR(b, none, "tirc -D %s: '%.*s' is not a name", def, (int)n, def);
            continue;
        }
        module_global *g = &b->defines[b->ndefines];
        g->name = tir_arena_strndup(b->a, def, n);
        if (define_value(b, g->name, eq + 1, &g->value))
            b->ndefines++;
    }
}

/* ---- @T.macro ------------------------------------------------------------
 * TVM (python/tvm/script/parser/tir/entry.py, core/parser.py ScriptMacro):
 * a call of a macro binds its arguments to its parameters as Python does
 * (positional, keyword, defaults) and parses the macro's body where the
 * call stands, with the current builder, so its statements become the
 * caller's.  A hygienic macro (the default) resolves its other names in the
 * Python globals captured when it was defined: the caller's variables are
 * not visible, the module's constants and macros defined before it are.
 * A non-hygienic one resolves them where it is used: the caller's
 * variables, then the caller's globals.  Its own names (lets, loop
 * variables) never leak to the caller.  A macro returns nothing: it is
 * called as a statement.  From TVM 0.23 on, the names of the blocks of a
 * macro's second and later expansions get the suffix "_1", "_2", ... so
 * that they stay distinct. */

/* Deepest nesting of macro expansions (a macro calling itself through a
 * non-hygienic name never ends). */
#define MAX_MACRO_DEPTH 64

bool sb_is_macro_decorator(builder *b, const py_expr *d)
{
    if (d->kind == PY_CALL)
        d = d->func;
    return d->kind == PY_ATTR && strcmp(d->name, "macro") == 0 && d->value->kind == PY_NAME && b->t_alias &&
           strcmp(d->value->name, b->t_alias) == 0;
}

void sb_define_macro(builder *b, const py_stmt *def)
{
    const py_expr *d = def->decorators[def->ndecorators - 1];
    bool hygienic = true;
    if (d->kind == PY_CALL) {
        if (d->nitems) {
            ERR(b, d->loc, "invalid use of T.macro: write @T.macro, @T.macro() or @T.macro(hygienic=True|False)");
            return;
        }
        for (uint32_t i = 0; i < d->nkw; i++) {
            sval v;
            if (strcmp(d->kwnames[i], "hygienic") != 0) {
                static const char *const kws[] = {"hygienic", NULL};
                ERR(b, d->kwvalues[i]->loc, "T.macro() got an unexpected keyword argument '%s'%s", d->kwnames[i],
                    sb_kwarg_hint(b, d->kwnames[i], kws));
                return;
            }
            const_status st = const_eval(b, d->kwvalues[i], &v, 0);
            if (st == CE_ERROR)
                return;
            if (st != CE_OK || (v.kind != SV_PYBOOL && v.kind != SV_PYINT)) {
                ERR(b, d->kwvalues[i]->loc, "T.macro's hygienic= takes True or False");
                return;
            }
            hygienic = v.i != 0;
        }
    }
    module_global *g = tir_arena_alloc(b->a, sizeof *g);
    g->name = def->name;
    g->loc = def->loc;
    g->def = def;
    g->hygienic = hygienic;
    g->visible = b->nvisible;
    /* Python evaluates default values when the function is defined */
    g->defaults = tir_arena_alloc(b->a, (def->nparams ? def->nparams : 1) * sizeof *g->defaults);
    for (uint32_t i = 0; i < def->nparams; i++) {
        const py_param *p = &def->params[i];
        g->defaults[i] = sv_none(p->loc);
        if (!p->default_value)
            continue;
        const_status st = const_eval(b, p->default_value, &g->defaults[i], 0);
        if (st == CE_ERROR)
            return;
        if (st != CE_OK) {
            ERR(b, p->default_value->loc,
                "the default value of macro parameter '%s' must be a constant (a number, string, dtype or tuple)",
                p->name);
            return;
        }
    }
    tir_vec_push(b->a, &b->globals, g);
    b->nvisible = (uint32_t)b->globals.len;
}

module_global *sb_called_macro(builder *b, const py_expr *call)
{
    if (!call || call->kind != PY_CALL || call->func->kind != PY_NAME)
        return NULL;
    binding *bd = sb_lookup(b, call->func->name);
    if (bd)
        /* a macro passed to a macro as an argument */
        return bd->kind == BIND_VALUE && bd->value->kind == SV_MACRO ? bd->value->macro : NULL;
    if ((b->t_alias && strcmp(call->func->name, b->t_alias) == 0) || (b->class_name && strcmp(call->func->name, b->class_name) == 0))
        return NULL;
    module_global *g = sb_lookup_global(b, call->func->name);
    return g && g->def ? g : NULL;
}

/* "'a'", "'a' and 'b'", "'a', 'b' and 'c'", as Python lists missing arguments */
static void list_names(char *buf, size_t size, const char **names, uint32_t n)
{
    size_t at = 0;
    buf[0] = 0;
    for (uint32_t i = 0; i < n && at < size; i++) {
        const char *sep = i == 0 ? "" : i + 1 == n ? (n > 2 ? ", and " : " and ") : ", ";
        int w = snprintf(buf + at, size - at, "%s'%s'", sep, names[i]);
        if (w < 0)
            break;
        at += (size_t)w;
    }
}

/* The call's arguments bound to the macro's parameters, as Python binds
 * them; NULL after reporting a mismatch. */
static sval *bind_arguments(builder *b, const module_global *g, const call_args *ca)
{
    const py_stmt *def = g->def;
    uint32_t np = def->nparams;
    sval *vals = tir_arena_alloc(b->a, (np ? np : 1) * sizeof *vals);
    bool *given = tir_arena_alloc(b->a, (np ? np : 1) * sizeof *given);
    if (ca->n > np) {
        ERR(b, ca->loc, "%s() takes %u positional argument%s but %u %s given", g->name, np, np == 1 ? "" : "s",
            ca->n, ca->n == 1 ? "was" : "were");
        return NULL;
    }
    for (uint32_t i = 0; i < ca->n; i++) {
        vals[i] = ca->pos[i];
        given[i] = true;
    }
    for (uint32_t k = 0; k < ca->nkw; k++) {
        uint32_t i = 0;
        while (i < np && strcmp(def->params[i].name, ca->kwnames[k]) != 0)
            i++;
        if (i == np) {
            const char **names = tir_arena_alloc(b->a, (np + 1) * sizeof *names);
            for (uint32_t j = 0; j < np; j++)
                names[j] = def->params[j].name;
            ERR(b, ca->kw[k].loc, "%s() got an unexpected keyword argument '%s'%s", g->name, ca->kwnames[k],
                sb_kwarg_hint(b, ca->kwnames[k], names));
            return NULL;
        }
        if (given[i]) {
            ERR(b, ca->kw[k].loc, "%s() got multiple values for argument '%s'", g->name, ca->kwnames[k]);
            return NULL;
        }
        vals[i] = ca->kw[k];
        given[i] = true;
    }
    const char **missing = tir_arena_alloc(b->a, (np ? np : 1) * sizeof *missing);
    uint32_t nmissing = 0;
    for (uint32_t i = 0; i < np; i++) {
        if (given[i])
            continue;
        if (def->params[i].default_value)
            vals[i] = copy_at(b, &g->defaults[i], ca->loc);
        else
            missing[nmissing++] = def->params[i].name;
    }
    if (nmissing) {
        char names[512];
        list_names(names, sizeof names, missing, nmissing);
        ERR(b, ca->loc, "%s() missing %u required positional argument%s: %s", g->name, nmissing,
            nmissing == 1 ? "" : "s", names);
        return NULL;
    }
    return vals;
}

/* Was --tvm-version a release before 0.23, whose macros keep block names? */
static bool keeps_block_names(const builder *b) { return b->tvm_minor >= 18 && b->tvm_minor <= 22; }

tir_stmt *sb_expand_macro(builder *b, module_global *g, const py_expr *call, bool *empty)
{
    *empty = false;
    if (b->macro_depth >= MAX_MACRO_DEPTH) {
        ERR(b, call->loc, "macro expansion nested more than %d levels deep (does macro '%s' call itself?)",
            MAX_MACRO_DEPTH, g->name);
        return NULL;
    }
    call_args ca;
    if (!sb_eval_args(b, call, &ca))
        return NULL;
    sval *vals = bind_arguments(b, g, &ca);
    if (!vals)
        return NULL;
    binding *saved_scope = b->scope;
    uint32_t saved_visible = b->nvisible;
    const module_global *saved_macro = b->cur_macro;
    const char *saved_suffix = b->block_suffix;
    if (g->hygienic) {
        sb_bind(b, "(macro)", BIND_BARRIER, NULL, NULL);
        b->nvisible = g->visible;
    }
    for (uint32_t i = 0; i < g->def->nparams; i++) {
        const char *pn = g->def->params[i].name;
        if (vals[i].kind == SV_BUFFER) {
            sb_bind(b, pn, BIND_BUFFER, NULL, vals[i].buf);
        } else {
            sb_bind(b, pn, BIND_VALUE, NULL, NULL);
            b->scope->value = &vals[i];
        }
    }
    if (!keeps_block_names(b)) {
        char *suffix = NULL;
        if (g->expansions) {
            suffix = tir_arena_alloc(b->a, 16);
            snprintf(suffix, 16, "_%u", g->expansions);
        }
        b->block_suffix = suffix;
    }
    g->expansions++;
    b->cur_macro = g;
    b->macro_depth++;
    int errors = b->d->nerrors;
    tir_stmt *body = sb_build_suite(b, &g->def->body, 0, call->loc);
    b->macro_depth--;
    b->cur_macro = saved_macro;
    b->block_suffix = saved_suffix;
    b->scope = saved_scope;
    b->nvisible = saved_visible;
    /* where the failed expansion was asked for; a macro that calls itself
     * gets one note for all its levels */
    bool same_call = b->macro_note.line == call->loc.line && b->macro_note.col == call->loc.col;
    if (b->d->nerrors > errors && !same_call) {
        tir_diag_note(b->d, call->loc, "in macro '%s', expanded here", g->name);
        b->macro_note = call->loc;
    }
    /* a body of block statements only (T.reads, T.where, ...) is the empty
     * suite's no-op, placed at the call */
    if (body && body->kind == TIR_S_EVALUATE && body->loc.line == call->loc.line && body->loc.col == call->loc.col &&
        body->value->kind == TIR_E_INT)
        *empty = true;
    return body;
}
