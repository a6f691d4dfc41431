#include "tir_visit.h"

#include "oom.h"

#include <string.h>

/* ---- rewriting ------------------------------------------------------------ */

static void rewrite_list(tir_rewriter *r, tir_expr **xs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        xs[i] = tir_rewrite_expr(r, xs[i]);
}

tir_expr *tir_rewrite_expr(tir_rewriter *r, tir_expr *e)
{
    if (!e)
        return NULL;
    e->a = tir_rewrite_expr(r, e->a);
    e->b = tir_rewrite_expr(r, e->b);
    e->c = tir_rewrite_expr(r, e->c);
    rewrite_list(r, e->args, e->nargs);
    rewrite_list(r, e->args2, e->nargs2);
    return r->expr ? r->expr(r, e) : e;
}

static void rewrite_region(tir_rewriter *r, tir_region *rg)
{
    rewrite_list(r, rg->mins, rg->n);
    rewrite_list(r, rg->extents, rg->n);
}

static void rewrite_block(tir_rewriter *r, tir_block *b)
{
    for (uint32_t i = 0; i < b->niter_vars; i++) {
        b->iter_vars[i].dom_min = tir_rewrite_expr(r, b->iter_vars[i].dom_min);
        b->iter_vars[i].dom_extent = tir_rewrite_expr(r, b->iter_vars[i].dom_extent);
    }
    for (uint32_t i = 0; i < b->nreads; i++)
        rewrite_region(r, &b->reads[i]);
    for (uint32_t i = 0; i < b->nwrites; i++)
        rewrite_region(r, &b->writes[i]);
    for (uint32_t i = 0; i < b->nmatch; i++)
        rewrite_region(r, &b->match_buffers[i].source);
    b->init = tir_rewrite_stmt(r, b->init);
    b->body = tir_rewrite_stmt(r, b->body);
}

tir_stmt *tir_rewrite_stmt(tir_rewriter *r, tir_stmt *s)
{
    if (!s)
        return NULL;
    if (!r->enter || r->enter(r, s)) {
        s->value = tir_rewrite_expr(r, s->value);
        s->cond = tir_rewrite_expr(r, s->cond);
        s->message = tir_rewrite_expr(r, s->message);
        s->attr_node = tir_rewrite_expr(r, s->attr_node);
        s->min = tir_rewrite_expr(r, s->min);
        s->extent = tir_rewrite_expr(r, s->extent);
        s->predicate = tir_rewrite_expr(r, s->predicate);
        rewrite_list(r, s->indices, s->nindices);
        for (uint32_t i = 0; i < s->nseq; i++)
            s->seq[i] = tir_rewrite_stmt(r, s->seq[i]);
        if (s->block)
            rewrite_block(r, s->block);
        s->body = tir_rewrite_stmt(r, s->body);
        s->else_case = tir_rewrite_stmt(r, s->else_case);
    }
    return r->stmt ? r->stmt(r, s) : s;
}

/* ---- deep copies ------------------------------------------------------------ */

static tir_expr **copy_list(tir_arena *a, tir_expr *const *xs, uint32_t n)
{
    if (!xs)
        return NULL;
    tir_expr **out = tir_arena_alloc(a, (n ? n : 1) * sizeof *out);
    for (uint32_t i = 0; i < n; i++)
        out[i] = tir_copy_expr(a, xs[i]);
    return out;
}

tir_expr *tir_copy_expr(tir_arena *a, const tir_expr *e)
{
    if (!e)
        return NULL;
    tir_expr *n = tir_arena_alloc(a, sizeof *n);
    *n = *e;
    n->a = tir_copy_expr(a, e->a);
    n->b = tir_copy_expr(a, e->b);
    n->c = tir_copy_expr(a, e->c);
    n->args = copy_list(a, e->args, e->nargs);
    n->args2 = copy_list(a, e->args2, e->nargs2);
    return n;
}

tir_stmt *tir_copy_stmt(tir_arena *a, const tir_stmt *s)
{
    if (!s)
        return NULL;
    if (s->block)
        return NULL;
    tir_stmt *n = tir_arena_alloc(a, sizeof *n);
    *n = *s;
    n->value = tir_copy_expr(a, s->value);
    n->cond = tir_copy_expr(a, s->cond);
    n->message = tir_copy_expr(a, s->message);
    n->attr_node = tir_copy_expr(a, s->attr_node);
    n->min = tir_copy_expr(a, s->min);
    n->extent = tir_copy_expr(a, s->extent);
    n->predicate = tir_copy_expr(a, s->predicate);
    n->indices = copy_list(a, s->indices, s->nindices);
    if (s->seq) {
        n->seq = tir_arena_alloc(a, (s->nseq ? s->nseq : 1) * sizeof *n->seq);
        for (uint32_t i = 0; i < s->nseq; i++)
            if (!(n->seq[i] = tir_copy_stmt(a, s->seq[i])))
                return NULL;
    }
    n->body = tir_copy_stmt(a, s->body);
    n->else_case = tir_copy_stmt(a, s->else_case);
    if ((s->body && !n->body) || (s->else_case && !n->else_case))
        return NULL;
    return n;
}

/* ---- read-only walks ------------------------------------------------------ */

static bool walk_list(tir_expr *const *xs, uint32_t n, tir_expr_fn fn, void *ctx)
{
    for (uint32_t i = 0; i < n; i++)
        if (!tir_walk_expr(xs[i], fn, ctx))
            return false;
    return true;
}

bool tir_walk_expr(const tir_expr *e, tir_expr_fn fn, void *ctx)
{
    if (!e)
        return true;
    return fn(e, ctx) && tir_walk_expr(e->a, fn, ctx) && tir_walk_expr(e->b, fn, ctx) &&
           tir_walk_expr(e->c, fn, ctx) && walk_list(e->args, e->nargs, fn, ctx) &&
           walk_list(e->args2, e->nargs2, fn, ctx);
}

static bool walk_region(const tir_region *rg, tir_expr_fn fn, void *ctx)
{
    return walk_list(rg->mins, rg->n, fn, ctx) && walk_list(rg->extents, rg->n, fn, ctx);
}

static bool walk_block(const tir_block *b, tir_expr_fn fn, void *ctx)
{
    for (uint32_t i = 0; i < b->niter_vars; i++)
        if (!tir_walk_expr(b->iter_vars[i].dom_min, fn, ctx) || !tir_walk_expr(b->iter_vars[i].dom_extent, fn, ctx))
            return false;
    for (uint32_t i = 0; i < b->nreads; i++)
        if (!walk_region(&b->reads[i], fn, ctx))
            return false;
    for (uint32_t i = 0; i < b->nwrites; i++)
        if (!walk_region(&b->writes[i], fn, ctx))
            return false;
    for (uint32_t i = 0; i < b->nmatch; i++)
        if (!walk_region(&b->match_buffers[i].source, fn, ctx))
            return false;
    return tir_walk_stmt_exprs(b->init, fn, ctx) && tir_walk_stmt_exprs(b->body, fn, ctx);
}

bool tir_walk_stmt_exprs(const tir_stmt *s, tir_expr_fn fn, void *ctx)
{
    if (!s)
        return true;
    if (!tir_walk_expr(s->value, fn, ctx) || !tir_walk_expr(s->cond, fn, ctx) || !tir_walk_expr(s->message, fn, ctx) ||
        !tir_walk_expr(s->attr_node, fn, ctx) || !tir_walk_expr(s->min, fn, ctx) ||
        !tir_walk_expr(s->extent, fn, ctx) || !tir_walk_expr(s->predicate, fn, ctx) ||
        !walk_list(s->indices, s->nindices, fn, ctx))
        return false;
    for (uint32_t i = 0; i < s->nseq; i++)
        if (!tir_walk_stmt_exprs(s->seq[i], fn, ctx))
            return false;
    if (s->block && !walk_block(s->block, fn, ctx))
        return false;
    return tir_walk_stmt_exprs(s->body, fn, ctx) && tir_walk_stmt_exprs(s->else_case, fn, ctx);
}

static bool not_var(const tir_expr *e, void *ctx)
{
    return !((e->kind == TIR_E_VAR || e->kind == TIR_E_LET) && e->var == ctx);
}

bool tir_expr_uses_var(const tir_expr *e, const tir_var *v)
{
    return !tir_walk_expr(e, not_var, (void *)v);
}

bool tir_stmt_uses_var(const tir_stmt *s, const tir_var *v)
{
    return !tir_walk_stmt_exprs(s, not_var, (void *)v);
}

/* Does a buffer's layout (shape, strides, offset) refer to v? */
static bool layout_uses(const tir_buffer *b, const tir_var *v)
{
    if (!b)
        return false;
    for (uint32_t d = 0; d < b->ndim; d++)
        if (tir_expr_uses_var(b->shape[d], v))
            return true;
    for (uint32_t d = 0; d < b->nstrides; d++)
        if (tir_expr_uses_var(b->strides[d], v))
            return true;
    return tir_expr_uses_var(b->elem_offset, v);
}

static bool load_layout_free(const tir_expr *e, void *v)
{
    return e->kind != TIR_E_LOAD || !layout_uses(e->buffer, v);
}

bool tir_stmt_layouts_use_var(const tir_stmt *s, const tir_var *v)
{
    if (!s)
        return false;
    if (layout_uses(s->buffer, v) || !tir_walk_expr(s->value, load_layout_free, (void *)v) ||
        !tir_walk_expr(s->cond, load_layout_free, (void *)v))
        return true;
    for (uint32_t i = 0; i < s->nindices; i++)
        if (!tir_walk_expr(s->indices[i], load_layout_free, (void *)v))
            return true;
    for (uint32_t i = 0; i < s->nseq; i++)
        if (tir_stmt_layouts_use_var(s->seq[i], v))
            return true;
    return tir_stmt_layouts_use_var(s->body, v) || tir_stmt_layouts_use_var(s->else_case, v);
}

static bool harmless_node(const tir_expr *e, void *unused)
{
    (void)unused;
    switch (e->kind) {
    case TIR_E_LOAD: case TIR_E_CALL: case TIR_E_LET: return false;
    case TIR_E_DIV: case TIR_E_MOD: case TIR_E_FLOORDIV: case TIR_E_FLOORMOD:
        return !tir_dt_is_int(e->dtype) || (e->b->kind == TIR_E_INT && e->b->ival != 0);
    default: return true;
    }
}

bool tir_expr_harmless(const tir_expr *e) { return tir_walk_expr(e, harmless_node, NULL); }

/* ---- substitution ----------------------------------------------------------- */

static tir_expr **substitute_list(tir_arena *a, tir_expr **xs, uint32_t n, const tir_var *from, tir_expr *to)
{
    tir_expr **out = xs;
    for (uint32_t i = 0; i < n; i++) {
        tir_expr *x = tir_substitute_expr(a, xs[i], from, to);
        if (x != xs[i] && out == xs) {
            out = tir_arena_alloc(a, n * sizeof *out);
            memcpy(out, xs, n * sizeof *out);
        }
        out[i] = x;
    }
    return out;
}

tir_expr *tir_substitute_expr(tir_arena *a, tir_expr *e, const tir_var *from, tir_expr *to)
{
    if (!e)
        return NULL;
    if (e->kind == TIR_E_VAR)
        return e->var == from ? to : e;
    tir_expr *x = tir_substitute_expr(a, e->a, from, to), *y = tir_substitute_expr(a, e->b, from, to),
             *z = tir_substitute_expr(a, e->c, from, to);
    tir_expr **args = substitute_list(a, e->args, e->nargs, from, to);
    tir_expr **args2 = substitute_list(a, e->args2, e->nargs2, from, to);
    if (x == e->a && y == e->b && z == e->c && args == e->args && args2 == e->args2)
        return e;
    tir_expr *n = tir_expr_new(a, e->kind, e->dtype, e->loc);
    *n = *e;
    n->a = x;
    n->b = y;
    n->c = z;
    n->args = args;
    n->args2 = args2;
    return n;
}

tir_stmt *tir_substitute_stmt(tir_arena *a, tir_stmt *s, const tir_var *from, tir_expr *to)
{
    if (!s || !tir_stmt_uses_var(s, from))
        return s;
    tir_stmt *n = tir_stmt_new(a, s->kind, s->loc);
    *n = *s;
    n->value = tir_substitute_expr(a, s->value, from, to);
    n->cond = tir_substitute_expr(a, s->cond, from, to);
    n->message = tir_substitute_expr(a, s->message, from, to);
    n->attr_node = tir_substitute_expr(a, s->attr_node, from, to);
    n->min = tir_substitute_expr(a, s->min, from, to);
    n->extent = tir_substitute_expr(a, s->extent, from, to);
    n->predicate = tir_substitute_expr(a, s->predicate, from, to);
    n->indices = substitute_list(a, s->indices, s->nindices, from, to);
    if (s->nseq) {
        n->seq = tir_arena_alloc(a, s->nseq * sizeof *n->seq);
        for (uint32_t i = 0; i < s->nseq; i++)
            n->seq[i] = tir_substitute_stmt(a, s->seq[i], from, to);
    }
    if (s->block) {
        /* blocks are lowered before any pass substitutes; copy the parts a
         * substitution reaches */
        tir_block *b = tir_arena_alloc(a, sizeof *b);
        *b = *s->block;
        b->init = tir_substitute_stmt(a, b->init, from, to);
        b->body = tir_substitute_stmt(a, b->body, from, to);
        n->block = b;
    }
    n->body = tir_substitute_stmt(a, s->body, from, to);
    n->else_case = tir_substitute_stmt(a, s->else_case, from, to);
    return n;
}

/* ---- shapes the passes match ------------------------------------------------ */

tir_stmt *tir_under_binding_lets(tir_arena *a, tir_stmt *s)
{
    const tir_stmt *lets[16];
    uint32_t n = 0;
    while (s->kind == TIR_S_LET && (s->value->kind == TIR_E_VAR || s->value->kind == TIR_E_INT) &&
           tir_dt_eq(s->var->dtype, s->value->dtype)) {
        if (n == 16)
            return NULL;
        lets[n++] = s;
        s = s->body;
    }
    while (n-- > 0)
        s = tir_substitute_stmt(a, s, lets[n]->var, lets[n]->value);
    return s;
}

bool tir_and_terms(tir_expr *e, tir_expr **out, uint32_t max, uint32_t *n)
{
    if (e->kind == TIR_E_AND && e->dtype.lanes == 1)
        return tir_and_terms(e->a, out, max, n) && tir_and_terms(e->b, out, max, n);
    if (*n >= max)
        return false;
    out[(*n)++] = e;
    return true;
}

/* ---- variable lists ---------------------------------------------------------- */

void tir_var_list_add(tir_var_list *l, const tir_var *v)
{
    if (!v)
        return;
    l->vars = tir_xgrow(l->vars, &l->cap, l->n + 1, sizeof *l->vars);
    l->vars[l->n++] = v;
}

bool tir_var_list_has(const tir_var_list *l, const tir_var *v)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->vars[i] == v)
            return true;
    return false;
}

static bool note_let_binding(const tir_expr *e, void *ctx)
{
    if (e->kind == TIR_E_LET)
        tir_var_list_add(ctx, e->var);
    return true;
}

void tir_vars_bound_inside(const tir_stmt *s, tir_var_list *l)
{
    if (!s)
        return;
    if (s->kind == TIR_S_LET || s->kind == TIR_S_FOR || s->kind == TIR_S_ALLOCATE || s->kind == TIR_S_ATTR)
        tir_var_list_add(l, s->var);
    tir_walk_expr(s->value, note_let_binding, l);
    tir_walk_expr(s->cond, note_let_binding, l);
    for (uint32_t i = 0; i < s->nindices; i++)
        tir_walk_expr(s->indices[i], note_let_binding, l);
    for (uint32_t i = 0; i < s->nseq; i++)
        tir_vars_bound_inside(s->seq[i], l);
    tir_vars_bound_inside(s->body, l);
    tir_vars_bound_inside(s->else_case, l);
}
