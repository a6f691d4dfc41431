#include "tir_print.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oom.h"

/* A growing text (allocation failure unwinds like every compiler allocation). */
typedef struct {
    char *s;
    size_t n, cap;
} text;

static void put(text *t, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0)
        k = 0;
    if (t->n + (size_t)k + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->n + (size_t)k + 1)
            cap *= 2;
        t->s = tir_xrealloc(t->s, cap);
        t->cap = cap;
    }
    vsnprintf(t->s + t->n, (size_t)k + 1, fmt, ap2);
    va_end(ap2);
    t->n += (size_t)k;
}

static void indent(text *t, int depth) { put(t, "%*s", depth * 4, ""); }

static const char *dt(tir_dtype d) { return tir_dtype_name(d); }

/* ---- expressions ---------------------------------------------------------- */

static void expr(text *t, const tir_expr *e);

static const char *infix(tir_expr_kind k, tir_dtype d)
{
    switch (k) {
    case TIR_E_ADD: return "+";
    case TIR_E_SUB: return "-";
    case TIR_E_MUL: return "*";
    case TIR_E_DIV: return tir_dt_is_float(d) ? "/" : NULL;
    case TIR_E_FLOORDIV: return "//";
    case TIR_E_FLOORMOD: return "%";
    case TIR_E_EQ: return "==";
    case TIR_E_NE: return "!=";
    case TIR_E_LT: return "<";
    case TIR_E_LE: return "<=";
    case TIR_E_GT: return ">";
    case TIR_E_GE: return ">=";
    case TIR_E_AND: return "and";
    case TIR_E_OR: return "or";
    default: return NULL;
    }
}

static const char *call_name(tir_expr_kind k)
{
    switch (k) {
    case TIR_E_DIV: return "T.truncdiv";
    case TIR_E_MOD: return "T.truncmod";
    case TIR_E_MIN: return "T.min";
    case TIR_E_MAX: return "T.max";
    default: return "?";
    }
}

static void expr_list(text *t, tir_expr *const *xs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            put(t, ", ");
        expr(t, xs[i]);
    }
}

/* An operand of an infix operator: parenthesized unless it is a leaf. */
static void operand(text *t, const tir_expr *e)
{
    bool leaf = e->kind == TIR_E_VAR || e->kind == TIR_E_INT || e->kind == TIR_E_FLOAT || e->kind == TIR_E_LOAD ||
                e->kind == TIR_E_CALL || e->kind == TIR_E_CAST || e->kind == TIR_E_RAMP ||
                e->kind == TIR_E_BROADCAST || !infix(e->kind, e->dtype);
    if (!leaf)
        put(t, "(");
    expr(t, e);
    if (!leaf)
        put(t, ")");
}

static void expr(text *t, const tir_expr *e)
{
    if (!e) {
        put(t, "None");
        return;
    }
    const char *op = infix(e->kind, e->dtype);
    if (op) {
        operand(t, e->a);
        put(t, " %s ", op);
        operand(t, e->b);
        return;
    }
    switch (e->kind) {
    case TIR_E_VAR: put(t, "%s", e->var->name); return;
    case TIR_E_INT:
        if (e->dtype.code == TIR_CODE_INT && e->dtype.bits == 32 && e->dtype.lanes == 1)
            put(t, "%" PRId64, e->ival);
        else if (e->dtype.code == TIR_CODE_UINT && e->dtype.bits == 64)
            put(t, "T.%s(%" PRIu64 ")", dt(e->dtype), (uint64_t)e->ival);
        else if (e->dtype.code == TIR_CODE_UINT && e->dtype.bits == 1)
            put(t, "%s", e->ival ? "True" : "False");
        else
            put(t, "T.%s(%" PRId64 ")", dt(e->dtype), e->ival);
        return;
    case TIR_E_FLOAT: put(t, "T.%s(%.17g)", dt(e->dtype), e->fval); return;
    case TIR_E_STR: put(t, "\"%s\"", e->str); return;
    case TIR_E_CAST: put(t, "T.Cast(\"%s\", ", dt(e->dtype)); expr(t, e->a); put(t, ")"); return;
    case TIR_E_SELECT:
        put(t, "T.Select(");
        expr(t, e->a);
        put(t, ", ");
        expr(t, e->b);
        put(t, ", ");
        expr(t, e->c);
        put(t, ")");
        return;
    case TIR_E_LOAD:
        put(t, "%s[", e->buffer->name);
        expr_list(t, e->args, e->nargs);
        put(t, "]");
        return;
    case TIR_E_RAMP:
        put(t, "T.Ramp(");
        expr(t, e->a);
        put(t, ", ");
        expr(t, e->b);
        put(t, ", %d)", e->lanes);
        return;
    case TIR_E_BROADCAST: put(t, "T.Broadcast("); expr(t, e->a); put(t, ", %d)", e->lanes); return;
    case TIR_E_LET:
        put(t, "T.Let(");
        expr(t, e->b);
        put(t, ", where={%s: ", e->var->name);
        expr(t, e->a);
        put(t, "})");
        return;
    case TIR_E_CALL:
        if (e->callee)
            put(t, "%s(", e->callee);
        else if (e->op && strncmp(e->op, "tir.", 4) == 0)
            put(t, "T.%s(", e->op + 4);
        else
            put(t, "T.call_intrin(\"%s\", \"%s\", ", dt(e->dtype), e->op ? e->op : "?");
        expr_list(t, e->args, e->nargs);
        put(t, ")");
        return;
    case TIR_E_SHUFFLE:
        put(t, "T.Shuffle([");
        expr_list(t, e->args, e->nargs);
        put(t, "], [");
        expr_list(t, e->args2, e->nargs2);
        put(t, "])");
        return;
    case TIR_E_NOT: put(t, "not "); operand(t, e->a); return;
    case TIR_E_DIV: case TIR_E_MOD: case TIR_E_MIN: case TIR_E_MAX:
        put(t, "%s(", call_name(e->kind));
        expr(t, e->a);
        put(t, ", ");
        expr(t, e->b);
        put(t, ")");
        return;
    default: put(t, "<%s>", tir_expr_kind_names[e->kind]); return;
    }
}

/* ---- statements ----------------------------------------------------------- */

static void stmt(text *t, const tir_stmt *s, int depth);

static const char *for_kind(tir_for_kind k)
{
    switch (k) {
    case TIR_FOR_SERIAL: return "T.serial";
    case TIR_FOR_PARALLEL: return "T.parallel";
    case TIR_FOR_VECTORIZED: return "T.vectorized";
    case TIR_FOR_UNROLLED: return "T.unroll";
    case TIR_FOR_THREAD_BINDING: return "T.thread_binding";
    }
    return "T.serial";
}

static void block(text *t, const tir_stmt *s, int depth)
{
    const tir_block *b = s->block;
    indent(t, depth);
    put(t, "with T.block(\"%s\"):\n", b->name ? b->name : "");
    for (uint32_t i = 0; i < b->niter_vars && i < s->nindices; i++) {
        indent(t, depth + 1);
        put(t, "%s = T.axis.%s(", b->iter_vars[i].var->name,
            b->iter_vars[i].iter_type == TIR_ITER_COMM_REDUCE ? "reduce" : "spatial");
        expr(t, b->iter_vars[i].dom_extent);
        put(t, ", ");
        expr(t, s->indices[i]);
        put(t, ")\n");
    }
    if (s->predicate) {
        indent(t, depth + 1);
        put(t, "T.where(");
        expr(t, s->predicate);
        put(t, ")\n");
    }
    if (b->init) {
        indent(t, depth + 1);
        put(t, "with T.init():\n");
        stmt(t, b->init, depth + 2);
    }
    stmt(t, b->body, depth + 1);
}

static void stmt(text *t, const tir_stmt *s, int depth)
{
    if (!s)
        return;
    switch (s->kind) {
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            stmt(t, s->seq[i], depth);
        if (!s->nseq) {
            indent(t, depth);
            put(t, "T.evaluate(0)\n");
        }
        return;
    case TIR_S_LET:
        indent(t, depth);
        put(t, "%s: T.%s = ", s->var->name, dt(s->var->dtype));
        expr(t, s->value);
        put(t, "\n");
        stmt(t, s->body, depth);
        return;
    case TIR_S_ATTR:
        indent(t, depth);
        put(t, "with T.attr(%s, \"%s\", ", s->var ? s->var->name : "None", s->attr_key ? s->attr_key : "");
        expr(t, s->value);
        put(t, "):\n");
        stmt(t, s->body, depth + 1);
        return;
    case TIR_S_ASSERT:
        indent(t, depth);
        put(t, "assert ");
        expr(t, s->cond);
        put(t, ", ");
        expr(t, s->message);
        put(t, "\n");
        stmt(t, s->body, depth);
        return;
    case TIR_S_STORE:
        indent(t, depth);
        put(t, "%s[", s->buffer->name);
        expr_list(t, s->indices, s->nindices);
        put(t, "] = ");
        expr(t, s->value);
        put(t, "\n");
        return;
    case TIR_S_ALLOCATE:
        indent(t, depth);
        put(t, "%s = T.allocate([", s->var->name);
        expr_list(t, s->indices, s->nindices);
        put(t, "], \"%s\", \"%s\")\n", dt(s->dtype),
            s->buffer && s->buffer->scope && *s->buffer->scope ? s->buffer->scope : "global");
        stmt(t, s->body, depth);
        return;
    case TIR_S_DECL_BUFFER:
        indent(t, depth);
        put(t, "%s = T.decl_buffer((", s->buffer->name);
        expr_list(t, s->buffer->shape, s->buffer->ndim);
        put(t, "%s), \"%s\", data=%s)\n", s->buffer->ndim == 1 ? "," : "", dt(s->buffer->dtype),
            s->buffer->data->name);
        stmt(t, s->body, depth);
        return;
    case TIR_S_IF:
        indent(t, depth);
        put(t, "if ");
        expr(t, s->cond);
        put(t, ":\n");
        stmt(t, s->body, depth + 1);
        if (s->else_case) {
            indent(t, depth);
            put(t, "else:\n");
            stmt(t, s->else_case, depth + 1);
        }
        return;
    case TIR_S_EVALUATE:
        indent(t, depth);
        put(t, "T.evaluate(");
        expr(t, s->value);
        put(t, ")\n");
        return;
    case TIR_S_FOR:
        indent(t, depth);
        put(t, "for %s in %s(", s->var->name, for_kind(s->for_kind));
        if (!(s->min->kind == TIR_E_INT && s->min->ival == 0)) {
            expr(t, s->min);
            put(t, ", ");
            operand(t, s->min);
            put(t, " + ");
        }
        operand(t, s->extent);
        if (s->for_kind == TIR_FOR_THREAD_BINDING && s->thread_tag)
            put(t, ", thread=\"%s\"", s->thread_tag);
        put(t, "):\n");
        stmt(t, s->body, depth + 1);
        return;
    case TIR_S_WHILE:
        indent(t, depth);
        put(t, "while ");
        expr(t, s->cond);
        put(t, ":\n");
        stmt(t, s->body, depth + 1);
        return;
    case TIR_S_REALIZE:
        indent(t, depth);
        put(t, "with T.realize(%s):\n", s->buffer->name);
        stmt(t, s->body, depth + 1);
        return;
    case TIR_S_BLOCK_REALIZE: block(t, s, depth); return;
    }
}

static void func(text *t, const tir_func *f)
{
    put(t, "@T.prim_func%s\ndef %s(", f->is_private ? "(private=True)" : "", f->name);
    for (uint32_t i = 0; i < f->nparams; i++) {
        const tir_buffer *b = f->param_buffers ? f->param_buffers[i] : NULL;
        if (i)
            put(t, ", ");
        if (b) {
            put(t, "%s: T.Buffer((", b->name);
            expr_list(t, b->shape, b->ndim);
            put(t, "%s), \"%s\")", b->ndim == 1 ? "," : "", dt(b->dtype));
        } else {
            put(t, "%s: T.%s", f->params[i]->name, dt(f->params[i]->dtype));
        }
    }
    put(t, ")");
    if (f->has_ret_type)
        put(t, " -> T.%s", dt(f->ret_dtype));
    put(t, ":\n");
    stmt(t, f->body, 1);
}

char *tir_print_module(const tir_module *m, const char *header)
{
    text t = {0};
    if (header)
        put(&t, "%s", header);
    bool module = m->nfuncs > 1;
    if (module)
        put(&t, "@I.ir_module\nclass Module:\n");
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        text f = {0};
        func(&f, m->funcs[i]);
        if (!module) {
            put(&t, "%s", f.s ? f.s : "");
        } else {
            /* one more level of indentation inside the class */
            for (char *line = f.s; line && *line;) {
                char *nl = strchr(line, '\n');
                size_t len = nl ? (size_t)(nl - line) : strlen(line);
                put(&t, "    %.*s\n", (int)len, line);
                line = nl ? nl + 1 : line + len;
            }
        }
        free(f.s);
        if (i + 1 < m->nfuncs)
            put(&t, "\n");
    }
    return t.s;
}
