/* Statements: builds a function body suite by suite, one function per
 * Python statement kind, with the "rest of the suite" rule for statements
 * that open a scope (LetStmt, AssertStmt, Allocate, DeclBuffer, AttrStmt).
 * Statements that only configure a block are in script_blocks.c. */
#include <stdio.h>
#include <string.h>

#include "script_internal.h"

tir_stmt *sb_build_body(builder *b, const py_suite *s, tir_loc loc)
{
    binding *saved = b->scope;
    tir_stmt *st = sb_build_suite(b, s, 0, loc);
    b->scope = saved;
    return st;
}

static tir_stmt *noop(builder *b, tir_loc loc)
{
    tir_stmt *s = tir_stmt_new(b->a, TIR_S_EVALUATE, loc);
    s->value = tir_int(b->a, TIR_DT_I32, 0, loc);
    return s;
}

/* T.undef() may not index a buffer (TVM's RemoveStoreUndef refuses it). */
static bool undef_index(builder *b, tir_expr *const *idx, uint32_t n, const tir_expr *value)
{
    for (uint32_t i = 0; i < n; i++)
        if (tir_has_undef(idx[i])) {
            ERR(b, idx[i]->loc, "T.undef() may not be used in a buffer index");
            return true;
        }
    const tir_expr *in_load = tir_undef_load_index(value);
    if (in_load) {
        ERR(b, in_load->loc, "T.undef() may not be used in a buffer index");
        return true;
    }
    return false;
}

static tir_stmt *build_store(builder *b, const py_expr *target, const sval *value, tir_loc loc)
{
    sval base = sb_eval(b, target->value);
    if (base.kind != SV_BUFFER) {
        if (base.kind != SV_NONE)
            ERR(b, target->loc, "only buffer elements can be assigned with a subscript");
        return NULL;
    }
    if (base.buf->data && base.buf->data->is_const) {
        ERR(b, target->loc, "buffer '%s' views the constant data of T.allocate_const '%s', which is read-only",
            base.buf->name, base.buf->data->name);
        return NULL;
    }
    sval ld = sb_region_or_load(b, base.buf, target->index, false);
    if (ld.kind != SV_EXPR)
        return NULL;
    tir_expr *load = ld.e;
    tir_expr *v;
    tir_dtype want = tir_dt_with_lanes(base.buf->dtype, load->dtype.lanes);
    if (value->kind == SV_PYINT || value->kind == SV_PYFLOAT || value->kind == SV_PYBOOL) {
        if (value->kind == SV_PYFLOAT && tir_dt_is_int(want)) {
            v = sb_to_expr(b, value);
            if (v)
                v = sb_cast_folded(b, want, v);
        } else {
            v = sb_to_expr_as(b, value, want);
        }
    } else {
        v = sb_to_expr(b, value);
        /* The value is converted to the buffer's dtype (5.2). */
        if (v && v->dtype.lanes == want.lanes && !tir_dt_eq(v->dtype, want))
            v = sb_cast_folded(b, want, v);
    }
    if (!v)
        return NULL;
    if (undef_index(b, load->args, load->nargs, v))
        return NULL;
    if (tir_has_undef(v))
        return noop(b, loc); /* a store of T.undef() is dropped, as TVM's RemoveStoreUndef does */
    tir_stmt *s = tir_stmt_new(b->a, TIR_S_STORE, loc);
    s->buffer = base.buf;
    s->value = v;
    s->nindices = load->nargs;
    s->indices = load->args;
    return s;
}

static tir_stmt *build_for(builder *b, const py_stmt *st)
{
    sval it = sb_eval(b, st->iter);
    if (it.kind == SV_NONE)
        return NULL;
    if (it.kind != SV_LOOP) {
        ERR(b, st->iter->loc, "a for loop must iterate over range, T.serial, T.grid, T.parallel, T.vectorized, T.unroll or T.thread_binding");
        return NULL;
    }
    if (st->orelse.len) {
        ERR(b, st->loc, "for ... else is not supported in TIR");
        return NULL;
    }
    uint32_t ntargets = st->target->kind == PY_TUPLE ? st->target->nitems : 1;
    /* `for ij in T.grid(m, n)`: one name for all the loop variables, a tuple
     * of them (TVM binds the name to the list of its loop variables) */
    bool tuple_target = ntargets == 1 && it.nloops > 1 && st->target->kind == PY_NAME;
    if (tuple_target && it.step) {
        ERR(b, st->target->loc, "a stepped loop has one loop variable");
        return NULL;
    }
    if (ntargets != it.nloops && !tuple_target) {
        ERR(b, st->target->loc, "%u loop variable%s for %u loop%s", ntargets, ntargets == 1 ? "" : "s", it.nloops,
            it.nloops == 1 ? "" : "s");
        return NULL;
    }
    binding *saved = b->scope;
    tir_stmt *stepped = NULL; /* the binding of a stepped loop's name */
    tir_stmt **loops = tir_arena_alloc(b->a, it.nloops * sizeof *loops);
    tir_var **tuple_vars = tuple_target ? tir_arena_alloc(b->a, it.nloops * sizeof *tuple_vars) : NULL;
    for (uint32_t i = 0; i < it.nloops; i++) {
        const py_expr *t = st->target->kind == PY_TUPLE ? st->target->items[i] : st->target;
        if (t->kind != PY_NAME) {
            ERR(b, t->loc, "a loop variable must be a name");
            b->scope = saved;
            return NULL;
        }
        /* the element loop variables of a tuple target are named NAME_0, NAME_1, ... */
        const char *vname = t->name;
        if (tuple_target) {
            char *nm = tir_arena_alloc(b->a, strlen(t->name) + 12);
            sprintf(nm, "%s_%u", t->name, i);
            vname = nm;
        }
        tir_expr *mn = it.mins[i], *ext = it.extents[i];
        /* The loop variable has the wider bit width of min and extent (5.3). */
        tir_dtype dt = tir_dt_with_lanes(ext->dtype, 1);
        if (tir_dt_is_int(mn->dtype) && mn->dtype.bits > dt.bits && mn->kind != TIR_E_INT)
            dt = mn->dtype;
        if (!tir_dt_is_int(dt))
            dt = TIR_DT_I32;
        /* Literal bounds narrower than the loop variable take its type, as
         * TVM's For does (spec For rules 3-4): T.serial(0, n) with an int64
         * n has min T.int64(0). */
        if (mn->kind == TIR_E_INT && tir_dt_is_int(dt) && mn->dtype.bits < dt.bits)
            mn = tir_int(b->a, dt, mn->ival, mn->loc);
        if (ext->kind == TIR_E_INT && tir_dt_is_int(dt) && ext->dtype.bits < dt.bits)
            ext = tir_int(b->a, dt, ext->ival, ext->loc);
        tir_stmt *f = tir_stmt_new(b->a, TIR_S_FOR, st->loc);
        f->var = tir_var_new(b->a, vname, dt, t->loc);
        f->min = mn;
        f->extent = ext;
        f->for_kind = it.for_kind;
        f->thread_tag = it.thread_tag;
        loops[i] = f;
        bool weak = mn->kind == TIR_E_INT && ext->kind == TIR_E_INT; /* range(16): a literal's width */
        if (weak)
            sb_mark_weak(b, f->var);
        if (it.step) {
            /* range(start, stop, step): the loop counts iterations k from 0, and
             * the name is bound to start + k * step for the body */
            f->var->name = tir_arena_strdup(b->a, "k");
            f->min = tir_int(b->a, dt, 0, st->loc);
            stepped = tir_stmt_new(b->a, TIR_S_LET, st->loc);
            stepped->var = tir_var_new(b->a, t->name, dt, t->loc);
            tir_expr *k = tir_var_ref(b->a, f->var, t->loc);
            tir_expr *by = tir_int(b->a, dt, it.step->ival, st->loc);
            tir_expr *start = tir_dt_eq(mn->dtype, dt) ? mn : tir_cast(b->a, dt, mn, mn->loc);
            stepped->value = tir_binary(b->a, TIR_E_ADD, start, tir_binary(b->a, TIR_E_MUL, k, by, st->loc), st->loc);
            sb_bind(b, t->name, BIND_VAR, stepped->var, NULL);
            if (weak)
                sb_mark_weak(b, stepped->var);
            continue;
        }
        /* a tuple target's elements are bound under a name no source can
         * write, so T.axis.remap finds their loop ranges */
        sb_bind(b, tuple_target ? "(tuple element)" : t->name, BIND_VAR, f->var, NULL);
        b->scope->loop_min = mn;
        b->scope->loop_extent = ext;
        if (tuple_target)
            tuple_vars[i] = f->var;
    }
    if (tuple_target) {
        sb_bind(b, st->target->name, BIND_TUPLE, NULL, NULL);
        b->scope->ntuple = it.nloops;
        b->scope->tuple_vars = tuple_vars;
    }
    bool saved_top = b->in_func_top;
    b->in_func_top = false;
    tir_stmt *body = sb_build_suite(b, &st->body, 0, st->loc);
    b->in_func_top = saved_top;
    b->scope = saved;
    if (!body)
        return NULL;
    if (stepped) {
        stepped->body = body;
        body = stepped;
    }
    for (uint32_t i = it.nloops; i-- > 0;) {
        loops[i]->body = body;
        body = loops[i];
    }
    return body;
}

static tir_stmt *build_if(builder *b, const py_stmt *st)
{
    sval c = sb_eval(b, st->test);
    if (c.kind == SV_NONE)
        return NULL;
    bool saved_top = b->in_func_top;
    b->in_func_top = false;
    tir_stmt *res = NULL;
    if (c.kind == SV_PYBOOL || c.kind == SV_PYINT) {
        /* A Python-bool condition picks the branch at parse time (5.11). */
        const py_suite *s = c.i ? &st->body : &st->orelse;
        res = s->len ? sb_build_body(b, s, st->loc) : noop(b, st->loc);
    } else {
        tir_expr *cond = sb_to_expr(b, &c);
        if (cond) {
            tir_stmt *then = sb_build_body(b, &st->body, st->loc);
            tir_stmt *els = st->orelse.len ? sb_build_body(b, &st->orelse, st->loc) : NULL;
            if (then && (els || !st->orelse.len)) {
                res = tir_stmt_new(b->a, TIR_S_IF, st->loc);
                res->cond = cond;
                res->body = then;
                res->else_case = els;
            }
        }
    }
    b->in_func_top = saved_top;
    return res;
}

static tir_stmt *build_while(builder *b, const py_stmt *st)
{
    if (st->orelse.len) {
        ERR(b, st->loc, "while ... else is not supported in TIR");
        return NULL;
    }
    sval c = sb_eval(b, st->test);
    tir_expr *cond = c.kind == SV_NONE ? NULL : sb_to_bool_expr(b, &c);
    if (!cond)
        return NULL;
    bool saved_top = b->in_func_top;
    b->in_func_top = false;
    tir_stmt *body = sb_build_body(b, &st->body, st->loc);
    b->in_func_top = saved_top;
    if (!body)
        return NULL;
    tir_stmt *s = tir_stmt_new(b->a, TIR_S_WHILE, st->loc);
    s->cond = cond;
    s->body = body;
    return s;
}

static tir_stmt *make_assert(builder *b, const sval *cond, const sval *msg, tir_loc loc, tir_stmt *body)
{
    tir_expr *c = sb_to_bool_expr(b, cond);
    if (!c || !msg)
        return NULL;
    tir_expr *m = sb_to_expr(b, msg);
    if (!m)
        return NULL;
    tir_stmt *s = tir_stmt_new(b->a, TIR_S_ASSERT, loc);
    s->cond = c;
    s->message = m;
    s->body = body;
    return s;
}


/* A = T.decl_buffer(shape, dtype[, data=p]): Allocate + DeclBuffer, or a
 * DeclBuffer view over p (5.5).  The returned statement's innermost body is
 * left for the caller (the rest of the suite, or a with-suite). */
static tir_stmt *make_decl_buffer(builder *b, const py_expr *call, const char *name, tir_loc loc)
{
    call_args ca;
    if (!sb_eval_args(b, call, &ca))
        return NULL;
    tir_buffer *buf = sb_make_buffer(b, name, &ca, 0, true, loc);
    if (!buf)
        return NULL;
    /* data is also decl_buffer's third positional argument */
    const sval *data = sb_arg(&ca, 2, "data");
    if (data && data->kind != SV_NONE) {
        tir_stmt *decl = tir_stmt_new(b->a, TIR_S_DECL_BUFFER, loc);
        decl->buffer = buf;
        return decl;
    }
    return tir_alloc_decl(b->a, buf, loc);
}

/* T.attr(node, key, value): an AttrStmt.  Only thread_extent and
 * virtual_thread change the meaning (spec Stmt semantics 3); every other
 * key just runs its body. */
static tir_stmt *make_attr(builder *b, const py_expr *call, tir_loc loc)
{
    call_args ca;
    if (!sb_eval_args(b, call, &ca))
        return NULL;
    if (ca.n == 1 && ca.pos[0].kind == SV_DICT) {
        /* T.attr({"key": value, ...}) (tirx 0.25): attributes of node 0, which only annotate */
        tir_stmt *st = tir_stmt_new(b->a, TIR_S_ATTR, loc);
        st->attr_key = "pragma_attrs";
        return st;
    }
    if (ca.n != 3 || ca.pos[1].kind != SV_STR) {
        ERR(b, loc, "T.attr takes a node, a key string and a value");
        return NULL;
    }
    tir_stmt *st = tir_stmt_new(b->a, TIR_S_ATTR, loc);
    st->attr_key = ca.pos[1].s;
    if (ca.pos[0].kind == SV_EXPR && ca.pos[0].e->kind == TIR_E_VAR)
        st->var = ca.pos[0].e->var;
    bool threads = strcmp(st->attr_key, "thread_extent") == 0 || strcmp(st->attr_key, "virtual_thread") == 0;
    if (threads && !st->var) {
        ERR(b, loc, "a %s attribute needs a thread variable as its node", st->attr_key);
        return NULL;
    }
    if (ca.pos[2].kind == SV_STR || ca.pos[2].kind == SV_EXPR || ca.pos[2].kind == SV_PYINT ||
        ca.pos[2].kind == SV_PYBOOL || ca.pos[2].kind == SV_PYFLOAT)
        st->value = threads && st->var ? sb_to_expr_as(b, &ca.pos[2], st->var->dtype) : sb_to_expr(b, &ca.pos[2]);
    if (threads && !st->value)
        return NULL;
    return st;
}

/* T.realize(A[region], scope, condition=True) (5.14): BufferRealize(A,
 * bounds, condition, rest of the suite).  The bounds and the scope only
 * inform code generation (spec Stmt semantics 6.v), so the AST keeps the
 * buffer and the condition, as the JSON front end does. */
static tir_stmt *make_realize(builder *b, const py_expr *call, tir_loc loc)
{
    if (call->nitems < 1 || call->nitems > 3 || call->items[0]->kind != PY_SUBSCRIPT) {
        ERR(b, loc, "T.realize takes a buffer region, a storage scope and a condition");
        return NULL;
    }
    sval region = sb_eval_subscript(b, call->items[0], true);
    if (region.kind == SV_NONE)
        return NULL;
    if (region.kind != SV_REGION) {
        ERR(b, call->items[0]->loc, "T.realize takes a buffer region such as A[0:16, 0:16]");
        return NULL;
    }
    py_expr rest = *call;
    rest.items = call->items + 1;
    rest.nitems = call->nitems - 1;
    call_args ca;
    if (!sb_eval_args(b, &rest, &ca))
        return NULL;
    const sval *scope = sb_arg(&ca, 0, "scope"), *cond = sb_arg(&ca, 1, "condition");
    if (scope && (scope->kind != SV_STR || (scope->s[0] && strcmp(scope->s, "global") != 0))) {
        if (scope->kind == SV_STR)
            UNSUPPORTED(b, scope->loc, "storage scope '%s' (outside the specified TIR subset)", scope->s);
        else
            ERR(b, scope->loc, "T.realize's scope must be a string");
        return NULL;
    }
    tir_stmt *st = tir_stmt_new(b->a, TIR_S_REALIZE, loc);
    st->buffer = region.region.buffer;
    st->cond = cond ? sb_to_bool_expr(b, cond) : tir_int(b->a, TIR_DT_BOOL, 1, loc);
    return st->cond ? st : NULL;
}

/* The statement whose body the rest of the suite becomes. */
static tir_stmt *innermost(tir_stmt *s)
{
    while (s->kind == TIR_S_ALLOCATE && s->body)
        s = s->body;
    return s;
}

/* T.launch_thread(var_or_tag, extent): an AttrStmt "thread_extent" (or
 * "virtual_thread" for the tag "vthread") whose node is the thread Var (5.6).
 * `name` names a new Var when the first argument is a tag. */
static tir_stmt *make_launch(builder *b, const py_expr *call, const char *name, tir_loc loc)
{
    call_args ca;
    if (!sb_eval_args(b, call, &ca))
        return NULL;
    if (ca.n != 2) {
        ERR(b, loc, "T.launch_thread takes a thread variable or tag and an extent");
        return NULL;
    }
    tir_var *v;
    const char *tag;
    if (ca.pos[0].kind == SV_STR) {
        /* TVM gives the new thread variable the extent's type (int64 for
         * an int64 extent), int32 for a literal */
        tag = ca.pos[0].s;
        tir_dtype vt = ca.pos[1].kind == SV_EXPR && tir_dt_is_int(ca.pos[1].e->dtype) && ca.pos[1].e->dtype.lanes == 1
                           ? ca.pos[1].e->dtype
                           : TIR_DT_I32;
        v = tir_var_new(b->a, name ? name : tag, vt, loc);
    } else if (ca.pos[0].kind == SV_EXPR && ca.pos[0].e->kind == TIR_E_VAR) {
        v = ca.pos[0].e->var;
        tag = v->name;
    } else {
        ERR(b, ca.pos[0].loc, "T.launch_thread needs a variable from T.env_thread or a thread tag");
        return NULL;
    }
    tir_expr *ext = sb_to_expr_as(b, &ca.pos[1], v->dtype);
    if (!ext)
        return NULL;
    tir_stmt *st = tir_stmt_new(b->a, TIR_S_ATTR, loc);
    st->var = v;
    st->value = ext;
    st->thread_tag = tag;
    st->attr_key = strcmp(tag, "vthread") == 0 ? "virtual_thread" : "thread_extent";
    return st;
}

/* T.LetStmt(e, var=x) or the deprecated T.let(x, e): a LetStmt binding a
 * Var declared earlier (e.g. x = T.int32()) rather than a new one (5.7). */
static tir_stmt *make_let_existing(builder *b, const py_expr *call, tir_loc loc)
{
    call_args ca;
    if (!sb_eval_args(b, call, &ca))
        return NULL;
    const sval *value, *var;
    if (sb_kwarg(&ca, "var")) {
        value = ca.n == 1 ? &ca.pos[0] : NULL;
        var = sb_kwarg(&ca, "var");
    } else {
        value = ca.n == 2 ? &ca.pos[1] : NULL;
        var = ca.n == 2 ? &ca.pos[0] : NULL;
    }
    if (!value || !var || var->kind != SV_EXPR || var->e->kind != TIR_E_VAR) {
        ERR(b, loc, "T.LetStmt(value, var=x) needs a value and a declared variable x");
        return NULL;
    }
    tir_expr *v = sb_to_expr_as(b, value, var->e->var->dtype);
    if (!v)
        return NULL;
    tir_stmt *let = tir_stmt_new(b->a, TIR_S_LET, loc);
    let->var = var->e->var;
    let->value = v;
    return let;
}

/* p = T.allocate(extents, dtype, scope, condition): Allocate over the rest (5.5);
 * sb_build_suite binds p to its pointer Var for the rest. */
static tir_stmt *make_allocate(builder *b, const py_stmt *st)
{
    const py_expr *t = st->target;
    tir_loc sloc = st->loc;
    call_args ca;
    if (!sb_eval_args(b, st->value, &ca))
        return NULL;
    const sval *ext = sb_arg(&ca, 0, "extents"), *dts = sb_arg(&ca, 1, "dtype");
    const sval *scope = sb_arg(&ca, 2, "scope"), *cond = sb_arg(&ca, 3, "condition");
    tir_dtype dt;
    uint32_t n;
    tir_expr **extents;
    if (!ext || !dts || !sb_dtype_of(b, dts, &dt) || !sb_shape_of(b, ext, &n, &extents)) {
        if (!ext || !dts)
            ERR(b, sloc, "T.allocate takes extents and a dtype");
        return NULL;
    }
    if (scope && scope->kind == SV_STR && scope->s[0] && strcmp(scope->s, "global") != 0 &&
        strcmp(scope->s, "local") != 0) { /* scope "" is global, as in TVM */
        UNSUPPORTED(b, scope->loc, "storage scope '%s' (outside the specified TIR subset)", scope->s);
        return NULL;
    }
    tir_expr *c = cond && cond->kind != SV_NONE ? sb_to_bool_expr(b, cond) : tir_int(b->a, TIR_DT_BOOL, 1, sloc);
    if (!c)
        return NULL;
    tir_stmt *al = tir_stmt_new(b->a, TIR_S_ALLOCATE, sloc);
    al->var = tir_var_new(b->a, t->name, TIR_DT_HANDLE, t->loc);
    al->var->type_kind = TIR_TYPE_POINTER;
    al->var->elem_dtype = tir_dt_is_bool(dt) ? tir_dt(TIR_CODE_INT, 8, 1) : dt;
    al->var->scope = scope && scope->kind == SV_STR && scope->s[0] ? scope->s : "global";
    al->dtype = dt;
    al->nindices = n;
    al->indices = extents;
    al->cond = c;
    return al;
}

/* The values of T.allocate_const's data list, nested lists flattened in
 * row-major order (numpy's asarray), each converted to dt. */
static bool const_values(builder *b, const sval *v, tir_dtype dt, tir_vec *out)
{
    if (v->kind == SV_TUPLE) {
        for (uint32_t i = 0; i < v->n; i++)
            if (!const_values(b, &v->items[i], dt, out))
                return false;
        return true;
    }
    tir_expr *e = NULL;
    if (v->kind == SV_PYINT || v->kind == SV_PYBOOL || (v->kind == SV_EXPR && v->e->kind == TIR_E_INT))
        e = tir_dt_is_float(dt) ? sb_cast_folded(b, dt, sb_to_expr(b, v)) : sb_to_expr_as(b, v, dt);
    else if (v->kind == SV_PYFLOAT || (v->kind == SV_EXPR && v->e->kind == TIR_E_FLOAT))
        /* numpy converts a float to an integer dtype by truncation, as a cast does */
        e = tir_dt_is_float(dt) ? sb_to_expr_as(b, v, dt) : sb_cast_folded(b, dt, sb_to_expr(b, v));
    else if (v->kind != SV_NONE)
        ERR(b, v->loc, "T.allocate_const's data must be a list of numbers");
    if (!e)
        return false;
    tir_vec_push(b->a, out, e);
    return true;
}

/* P = T.allocate_const(data, dtype, extents): AllocateConst, constant data
 * that P points to for the rest of the suite.  It becomes an allocation of
 * the extents' size filled with the values in row-major order before the
 * rest runs; P's data is read-only (stores through a view are refused). */
static tir_stmt *make_allocate_const(builder *b, const py_stmt *st, tir_stmt **fill)
{
    const py_expr *t = st->target;
    tir_loc sloc = st->loc;
    call_args ca;
    if (!sb_eval_args(b, st->value, &ca))
        return NULL;
    const sval *data = sb_arg(&ca, 0, "data"), *dts = sb_arg(&ca, 1, "dtype"), *ext = sb_arg(&ca, 2, "extents");
    if (!data || !dts || !ext) {
        ERR(b, sloc, "T.allocate_const takes data, a dtype and extents");
        return NULL;
    }
    tir_dtype dt;
    uint32_t n;
    tir_expr **extents;
    if (!sb_dtype_of(b, dts, &dt) || !sb_shape_of(b, ext, &n, &extents))
        return NULL;
    if (dt.lanes != 1 || tir_dt_is_handle(dt)) {
        ERR(b, dts->loc, "T.allocate_const needs a scalar numeric dtype, got %s", tir_dtype_name(dt));
        return NULL;
    }
    int64_t count = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (extents[i]->kind != TIR_E_INT || extents[i]->ival < 0 ||
            __builtin_mul_overflow(count, extents[i]->ival, &count)) {
            ERR(b, extents[i]->loc, "T.allocate_const's extents must be non-negative constants");
            return NULL;
        }
    }
    tir_vec vals = {0};
    if (data->kind != SV_TUPLE) {
        ERR(b, data->loc, "T.allocate_const's data must be a list of numbers");
        return NULL;
    }
    if (!const_values(b, data, dt, &vals))
        return NULL;
    if ((int64_t)vals.len != count) {
        ERR(b, data->loc, "T.allocate_const has %zu values for extents holding %lld", vals.len, (long long)count);
        return NULL;
    }
    char *bn = tir_arena_alloc(b->a, strlen(t->name) + 8);
    sprintf(bn, "%s_const", t->name);
    tir_buffer *buf = tir_flat_buffer(b->a, bn, t->name, dt, tir_int(b->a, TIR_DT_I64, count, sloc), "global", t->loc);
    buf->elem_offset = tir_int(b->a, TIR_DT_I64, 0, sloc);
    buf->data->is_const = true;
    tir_stmt **stores = tir_arena_alloc(b->a, (count ? count : 1) * sizeof *stores);
    for (int64_t k = 0; k < count; k++) {
        tir_stmt *s = tir_stmt_new(b->a, TIR_S_STORE, sloc);
        s->buffer = buf;
        s->value = vals.items[k];
        s->nindices = 1;
        s->indices = tir_arena_alloc(b->a, sizeof *s->indices);
        s->indices[0] = tir_int(b->a, TIR_DT_I64, k, sloc);
        stores[k] = s;
    }
    *fill = count ? tir_seq(b->a, stores, (uint32_t)count, sloc) : noop(b, sloc);
    return tir_alloc_decl(b->a, buf, sloc);
}

/* ---- one statement of a suite -----------------------------------------------
 * Each statement contributes nothing (a docstring, a binding), a statement
 * at its position, or a statement that opens a scope over the rest of the
 * suite (5.1); or it fails, after reporting why. */
typedef struct {
    tir_stmt *stmt;   /* a statement at this position */
    tir_stmt *opener; /* a statement whose innermost body is the rest of the suite */
    bool failed;
    tir_stmt *first;  /* with opener: runs before the rest (a mutable scalar's first store) */
    bool scalar;      /* the opener declares a mutable scalar, not a buffer */
    tir_var *names;   /* with opener: the target names this variable, not the declared buffer */
} stmt_result;

static stmt_result nothing(void)
{
    stmt_result r = {NULL, NULL, false, NULL, false, NULL};
    return r;
}

static stmt_result failure(void)
{
    stmt_result r = {NULL, NULL, true, NULL, false, NULL};
    return r;
}

/* s, or a failure if s is NULL */
static stmt_result emit(tir_stmt *s)
{
    stmt_result r = {s, NULL, s == NULL, NULL, false, NULL};
    return r;
}

/* s opening a scope over the rest of the suite, or a failure if s is NULL */
static stmt_result opens_rest(tir_stmt *s)
{
    stmt_result r = {NULL, s, s == NULL, NULL, false, NULL};
    return r;
}

/* An expression statement: T.Assert, T.attr, T.LetStmt, T.launch_thread and
 * T.evaluate calls, or an expression evaluated for its effect. */
static stmt_result build_expr_stmt(builder *b, const py_stmt *st)
{
    const py_expr *e = st->value;
    tir_loc sloc = st->loc;
    if (e->kind == PY_STR || e->kind == PY_NONE)
        return nothing(); /* docstring */
    module_global *macro = sb_called_macro(b, e);
    if (macro) {
        /* a @T.macro call: the macro's body, here */
        bool empty;
        tir_stmt *body = sb_expand_macro(b, macro, e, &empty);
        return !body ? failure() : empty ? nothing() : emit(body);
    }
    if (e->kind == PY_CALL && e->func->kind == PY_ATTR && strcmp(e->func->name, "vstore") == 0) {
        /* A.vstore(indices, value, predicate=...): a BufferStore */
        sval f = sb_eval(b, e->func);
        if (f.kind == SV_METHOD && f.buf) {
            call_args ca;
            if (!sb_eval_args(b, e, &ca))
                return failure();
            return emit(sb_vstore(b, f.buf, &ca));
        }
    }
    if (sb_is_t_call(b, e, "Assert")) {
        call_args ca;
        if (!sb_eval_args(b, e, &ca) || ca.n != 2) {
            if (ca.n != 2)
                ERR(b, st->loc, "T.Assert takes a condition and a message");
            return failure();
        }
        return opens_rest(make_assert(b, &ca.pos[0], &ca.pos[1], sloc, NULL));
    }
    if (sb_is_t_call(b, e, "attr"))
        return opens_rest(make_attr(b, e, sloc));
    if (sb_is_t_call(b, e, "realize"))
        return opens_rest(make_realize(b, e, sloc));
    if (sb_is_t_call(b, e, "hint"))
        return nothing(); /* T.hint("...", **kv) (tirx 0.25): an annotation with no meaning when run */
    if (sb_is_t_call(b, e, "LetStmt") || sb_is_t_call(b, e, "let") || sb_is_t_call(b, e, "bind"))
        return opens_rest(make_let_existing(b, e, sloc)); /* T.bind(e, var=x): tirx's spelling */
    if (sb_is_t_call(b, e, "launch_thread"))
        return opens_rest(make_launch(b, e, NULL, sloc));
    if (sb_is_t_call(b, e, "evaluate")) {
        call_args ca;
        if (!sb_eval_args(b, e, &ca) || ca.n != 1) {
            if (ca.n != 1)
                ERR(b, st->loc, "T.evaluate takes one argument");
            return failure();
        }
        tir_expr *v = ca.pos[0].kind == SV_PYBOOL ? sb_to_bool_expr(b, &ca.pos[0]) : sb_to_expr(b, &ca.pos[0]);
        if (!v)
            return failure();
        tir_stmt *res = tir_stmt_new(b->a, TIR_S_EVALUATE, sloc);
        res->value = v;
        return emit(res);
    }
    sval v = sb_eval(b, e);
    if (v.kind == SV_NONE)
        return failure();
    if (v.kind == SV_PYINT || v.kind == SV_PYBOOL || v.kind == SV_EXPR) {
        tir_stmt *res = tir_stmt_new(b->a, TIR_S_EVALUATE, sloc);
        res->value = sb_to_expr(b, &v);
        return emit(res);
    }
    ERR(b, sloc, "this expression statement has no meaning in TIR");
    return failure();
}

/* tirx's assert message ("Kind", ["part", ...]) (tvmscript-tirx.md 1.8) as
 * one string: the parts joined, after "Kind: " unless the kind is the
 * default RuntimeError.  Replaces *m. */
static bool assert_parts(builder *b, sval *m)
{
    if (m->n != 2 || m->items[0].kind != SV_STR || m->items[1].kind != SV_TUPLE) {
        ERR(b, m->loc, "an assert message tuple is (\"ErrorKind\", [\"part\", ...])");
        return false;
    }
    const sval *parts = &m->items[1];
    const char **texts = tir_arena_alloc(b->a, (parts->n ? parts->n : 1) * sizeof *texts);
    for (uint32_t i = 0; i < parts->n; i++) {
        if (parts->items[i].kind != SV_STR) {
            ERR(b, parts->items[i].loc, "assert message parts must be strings");
            return false;
        }
        texts[i] = parts->items[i].s;
    }
    char *text = tir_assert_text(b->a, m->items[0].s, texts, parts->n);
    tir_loc loc = m->loc;
    *m = sv_none(loc);
    m->kind = SV_STR;
    m->s = text;
    return true;
}

/* assert cond, "message": an AssertStmt over the rest of the suite */
static tir_stmt *build_assert(builder *b, const py_stmt *st)
{
    tir_loc sloc = st->loc;
    sval c = sb_eval(b, st->test);
    if (!st->msg) {
        ERR(b, sloc, "assert needs a message: assert cond, \"message\"");
        return NULL;
    }
    sval m = sb_eval(b, st->msg);
    if (c.kind == SV_NONE || m.kind == SV_NONE)
        return NULL;
    if (m.kind == SV_TUPLE && !assert_parts(b, &m))
        return NULL;
    if (m.kind != SV_STR) {
        ERR(b, st->msg->loc, "the assert message must be a string literal");
        return NULL;
    }
    return make_assert(b, &c, &m, sloc, NULL);
}

/* A = T.match_buffer(param, shape, dtype) at the top of the function body:
 * the buffer behind a T.handle parameter. */
static bool match_param_buffer(builder *b, const py_stmt *st)
{
    const py_expr *t = st->target;
    tir_loc sloc = st->loc;
    if (!b->in_func_top || b->cur_block) {
        ERR(b, sloc, "T.match_buffer outside a block must be at the top of the function body");
        return false;
    }
    call_args ca;
    if (!sb_eval_args(b, st->value, &ca))
        return false;
    const sval *h = sb_arg(&ca, 0, "param");
    uint32_t pi = b->func->nparams;
    /* A typed pointer parameter p: T.handle("float32") is bound to the data
     * of a flat buffer of its own (script.c, pointer_param), which has the
     * parameter's name: p names that data, not the parameter. */
    tir_var *pointer = NULL;
    if (h && h->kind == SV_EXPR && h->e->kind == TIR_E_VAR)
        for (pi = 0; pi < b->func->nparams && b->func->params[pi] != h->e->var; pi++)
            if (b->func->param_buffers[pi] && b->func->param_buffers[pi]->data == h->e->var) {
                if (b->func->param_buffers[pi]->name == h->e->var->name) /* still the flat buffer */
                    pointer = h->e->var;
                break;
            }
    if (pi < b->func->nparams && !pointer && b->func->params[pi] != h->e->var) {
        ERR(b, h->loc, "parameter '%s' is already matched to buffer '%s'", b->func->params[pi]->name,
            b->func->param_buffers[pi]->name);
        return false;
    }
    if (pi == b->func->nparams || !tir_dt_is_handle(b->func->params[pi]->dtype)) {
        ERR(b, h ? h->loc : sloc, "T.match_buffer expects a T.handle parameter of the function");
        return false;
    }
    if (pointer) {
        /* The buffer behind the pointer: it replaces the flat buffer the
         * parameter had (script.c, pointer_param), over the same memory. */
        tir_buffer *buf = sb_make_buffer(b, t->name, &ca, 1, false, sloc);
        if (!buf)
            return false;
        tir_dtype pe = pointer->elem_dtype, be = tir_dt_is_bool(buf->dtype) ? tir_dt(TIR_CODE_INT, 8, 1) : buf->dtype;
        if (pe.bits && !tir_dt_eq(tir_dt_with_lanes(pe, 1), tir_dt_with_lanes(be, 1))) {
            ERR(b, sloc, "T.match_buffer: buffer '%s' holds %s but parameter '%s' points to %s", t->name,
                tir_dtype_name(buf->dtype), pointer->name, tir_dtype_name(pe));
            return false;
        }
        buf->data = pointer;
        b->func->param_buffers[pi] = buf;
        sb_bind(b, t->name, BIND_BUFFER, NULL, buf);
        return true;
    }
    if (b->func->param_buffers[pi]) {
        ERR(b, h->loc, "parameter '%s' is already matched to buffer '%s'", b->func->params[pi]->name,
            b->func->param_buffers[pi]->name);
        return false;
    }
    tir_buffer *buf = sb_make_buffer(b, t->name, &ca, 1, false, sloc);
    if (!buf)
        return false;
    b->func->param_buffers[pi] = buf;
    sb_bind(b, t->name, BIND_BUFFER, NULL, buf);
    return true;
}

/* A = T.Buffer(shape, dtype, data=p) in a body: a buffer over p, bound to
 * the name.  Without data= the buffer has a data pointer of its own, which
 * only a T.realize of it binds (spec scoping: BufferRealize). */
static bool bind_buffer_view(builder *b, const py_stmt *st)
{
    const py_expr *t = st->target;
    tir_loc sloc = st->loc;
    call_args ca;
    if (!sb_eval_args(b, st->value, &ca))
        return false;
    tir_buffer *buf = sb_make_buffer(b, t->name, &ca, 0, true, sloc);
    if (!buf)
        return false;
    sb_bind(b, t->name, BIND_BUFFER, NULL, buf);
    return true;
}

/* ---- tirx forms (tvmscript-tirx.md 1.5, 1.7) ------------------------------------ */
/* A = T.alloc_buffer(shape, dtype, scope=...) (or T.alloc_local(shape,
 * dtype), scope "local"): tirx's flat allocation over the rest of the suite. */
static tir_stmt *make_flat_alloc(builder *b, const py_expr *call, const char *name, bool local, tir_loc loc)
{
    call_args ca;
    if (!sb_eval_args(b, call, &ca))
        return NULL;
    if (local && !sb_kwarg(&ca, "scope")) {
        const char **kwn = tir_arena_alloc(b->a, (ca.nkw + 1) * sizeof *kwn);
        sval *kw = tir_arena_alloc(b->a, (ca.nkw + 1) * sizeof *kw);
        if (ca.nkw) {
            memcpy(kwn, ca.kwnames, ca.nkw * sizeof *kwn);
            memcpy(kw, ca.kw, ca.nkw * sizeof *kw);
        }
        kwn[ca.nkw] = "scope";
        kw[ca.nkw] = sv_none(loc);
        kw[ca.nkw].kind = SV_STR;
        kw[ca.nkw].s = "local";
        ca.kwnames = kwn;
        ca.kw = kw;
        ca.nkw++;
    }
    tir_buffer *buf = sb_make_buffer(b, name, &ca, 0, false, loc);
    return buf ? tir_alloc_decl(b->a, buf, loc) : NULL;
}

/* B = A.view(d0, d1, ...): a DeclBuffer over A's memory with another shape
 * (TVM >= 0.25 prints lowered parameters this way); a view with another
 * dtype reinterprets the storage and is refused. */
static tir_stmt *make_view(builder *b, const py_stmt *st)
{
    const py_expr *call = st->value;
    binding *src = sb_lookup(b, call->func->value->name);
    call_args ca;
    if (!sb_eval_args(b, call, &ca))
        return NULL;
    if (ca.nkw || (ca.n == 1 && ca.pos[0].kind == SV_STR)) {
        UNSUPPORTED(b, st->loc, "a buffer view with another dtype or a layout (outside the specified TIR subset)");
        return NULL;
    }
    tir_buffer *from = src->buf;
    tir_buffer *buf = tir_arena_alloc(b->a, sizeof *buf);
    *buf = *from;
    buf->name = st->target->name;
    buf->loc = st->loc;
    sval shape = sv_none(st->loc);
    shape.kind = SV_TUPLE;
    shape.n = ca.n;
    shape.items = ca.pos;
    if (ca.n == 1 && ca.pos[0].kind == SV_TUPLE)
        shape = ca.pos[0];
    if (!sb_shape_of(b, &shape, &buf->ndim, &buf->shape))
        return NULL;
    buf->strides = NULL;
    buf->nstrides = 0;
    if (from->nstrides) {
        UNSUPPORTED(b, st->loc, "a view of a strided buffer");
        return NULL;
    }
    tir_stmt *decl = tir_stmt_new(b->a, TIR_S_DECL_BUFFER, st->loc);
    decl->buffer = buf;
    return decl;
}

static bool is_buffer_method(builder *b, const py_expr *e, const char *method)
{
    if (!e || e->kind != PY_CALL || e->func->kind != PY_ATTR || strcmp(e->func->name, method) != 0 ||
        e->func->value->kind != PY_NAME)
        return false;
    binding *bd = sb_lookup(b, e->func->value->name);
    return bd && bd->kind == BIND_BUFFER;
}

/* x = e where x is a mutable scalar: a store of e (cast to its dtype) into its element */
static tir_stmt *store_scalar(builder *b, tir_buffer *buf, const sval *value, tir_loc loc)
{
    tir_expr *e = sb_to_expr_as(b, value, buf->dtype);
    if (!e)
        return NULL;
    if (undef_index(b, NULL, 0, e))
        return NULL;
    if (tir_has_undef(e))
        return noop(b, loc); /* dropped, as TVM's RemoveStoreUndef does */
    tir_stmt *store = tir_stmt_new(b->a, TIR_S_STORE, loc);
    store->buffer = buf;
    store->value = e;
    store->nindices = 1;
    store->indices = tir_arena_alloc(b->a, sizeof *store->indices);
    store->indices[0] = tir_int(b->a, TIR_DT_I32, 0, loc);
    return store;
}

/* p = q (or p: T.let[T.handle("float32")] = q) for a pointer variable q:
 * an immutable binding of a pointer names the same memory, so p is bound to
 * q itself (pointers have no run-time value of their own in tirvm). */
static bool pointer_alias(builder *b, const py_expr *t, const tir_expr *e)
{
    if (e->kind != TIR_E_VAR || e->var->type_kind != TIR_TYPE_POINTER || !tir_dt_is_handle(e->dtype))
        return false;
    sb_bind(b, t->name, BIND_VAR, e->var, NULL);
    return true;
}

/* x = <a value holding T.undef()>: no LetStmt; x names an undefined value,
 * so a store of it is dropped and any other use refused (RemoveStoreUndef
 * removes the binding along with the stores). */
static stmt_result undef_binding(builder *b, const py_expr *t, const tir_expr *e, tir_dtype dt)
{
    if (undef_index(b, NULL, 0, e))
        return failure();
    tir_var *v = tir_var_new(b->a, t->name, dt, t->loc);
    v->is_undef = true;
    sb_bind(b, t->name, BIND_VAR, v, NULL);
    return nothing();
}

/* x = e (tirx >= 0.25): a one-element local buffer holding e, as TVM's
 * local_scalar; later assignments store into it.  value NULL: no first store. */
static stmt_result make_scalar(builder *b, const py_expr *target, tir_dtype dt, const sval *value, tir_loc loc)
{
    tir_buffer *buf = tir_flat_buffer(b->a, target->name, target->name, dt, tir_int(b->a, TIR_DT_I32, 1, loc), "local",
                                      target->loc);
    stmt_result r = opens_rest(tir_alloc_decl(b->a, buf, loc));
    r.scalar = true;
    if (value && !(r.first = store_scalar(b, buf, value, loc)))
        return failure();
    return r;
}

/* Does x = <value> make a mutable scalar (TVM >= 0.25), rather than bind? */
static bool makes_scalar(const builder *b, const sval *v)
{
    return b->tirx >= 25 && v->kind != SV_STR &&
           (v->kind != SV_EXPR || !tir_dt_is_handle(v->e->dtype));
}

/* target = value: a store, a buffer declaration, a Var declaration, or a
 * LetStmt over the rest of the suite. */
static stmt_result build_assign(builder *b, const py_stmt *st)
{
    const py_expr *t = st->target;
    tir_loc sloc = st->loc;
    if (t->kind == PY_SUBSCRIPT) {
        sval v = sb_eval(b, st->value);
        if (v.kind == SV_NONE)
            return failure();
        return emit(build_store(b, t, &v, sloc));
    }
    if (t->kind == PY_NAME && sb_is_t_call(b, st->value, "match_buffer") && b->cur_block &&
        b->cur_block != b->root)
        return sb_block_match_buffer(b, st) ? nothing() : failure();
    if (t->kind == PY_NAME && sb_is_t_call(b, st->value, "match_buffer"))
        return match_param_buffer(b, st) ? nothing() : failure();
    if (t->kind == PY_NAME && (sb_is_t_call(b, st->value, "decl_buffer") || sb_is_t_call(b, st->value, "buffer_decl")))
        return opens_rest(make_decl_buffer(b, st->value, t->name, sloc));
    if (t->kind == PY_NAME && sb_is_t_call(b, st->value, "launch_thread"))
        return opens_rest(make_launch(b, st->value, t->name, sloc));
    if (t->kind == PY_NAME && sb_is_t_call(b, st->value, "allocate"))
        return opens_rest(make_allocate(b, st));
    if (t->kind == PY_NAME && sb_is_t_call(b, st->value, "allocate_const")) {
        tir_stmt *fill = NULL;
        stmt_result r = opens_rest(make_allocate_const(b, st, &fill));
        r.first = fill;
        r.names = r.opener ? r.opener->var : NULL;
        return r;
    }
    if (t->kind == PY_NAME && sb_is_t_call(b, st->value, "Buffer"))
        return bind_buffer_view(b, st) ? nothing() : failure();
    if (t->kind == PY_NAME && (sb_is_t_call(b, st->value, "tirx_alloc_buffer") ||
                               sb_is_t_call(b, st->value, "tirx_alloc_local")))
        return opens_rest(make_flat_alloc(b, st->value, t->name, sb_is_t_call(b, st->value, "tirx_alloc_local"), sloc));
    if (t->kind == PY_NAME && is_buffer_method(b, st->value, "view"))
        return opens_rest(make_view(b, st));
    binding *scalar = t->kind == PY_NAME ? sb_lookup(b, t->name) : NULL;
    if (scalar && scalar->kind != BIND_SCALAR)
        scalar = NULL;
    bool bind = sb_is_t_call(b, st->value, "bind");
    sval v = bind ? sv_none(sloc) : sb_eval(b, st->value);
    if (bind) {
        /* x = T.bind(e): an immutable binding (tirx) */
        call_args ca;
        if (!sb_eval_args(b, st->value, &ca) || ca.n != 1) {
            if (ca.n != 1)
                ERR(b, sloc, "T.bind takes one value");
            return failure();
        }
        v = ca.pos[0];
    }
    if (v.kind == SV_NONE)
        return failure();
    if (t->kind == PY_TUPLE && v.kind == SV_TUPLE && v.n == t->nitems) {
        /* n, m = T.int64(), T.int64(): several shape variables at once */
        for (uint32_t k = 0; k < v.n; k++) {
            if (t->items[k]->kind != PY_NAME || v.items[k].kind != SV_EXPR || v.items[k].e->kind != TIR_E_VAR ||
                sb_lookup_var_binding(b, v.items[k].e->var)) {
                ERR(b, t->loc, "tuple assignment is only supported for T.axis.remap and new variables (n, m = T.int32(), T.int32())");
                return failure();
            }
        }
        for (uint32_t k = 0; k < v.n; k++) {
            v.items[k].e->var->name = t->items[k]->name;
            sb_bind(b, t->items[k]->name, BIND_VAR, v.items[k].e->var, NULL);
        }
        return nothing();
    }
    if (t->kind == PY_TUPLE) {
        ERR(b, t->loc, "tuple assignment is only supported for T.axis.remap and new variables (n, m = T.int32(), T.int32())");
        return failure();
    }
    if (t->kind != PY_NAME) {
        ERR(b, t->loc, "cannot assign to this target");
        return failure();
    }
    if (v.kind == SV_BUFFER) {
        sb_bind(b, t->name, BIND_BUFFER, NULL, v.buf);
        return nothing();
    }
    /* `n = T.int32()` declares a Var; it is bound elsewhere (4.4). */
    if (v.kind == SV_EXPR && v.e->kind == TIR_E_VAR && !sb_lookup_var_binding(b, v.e->var)) {
        binding *sig = sb_lookup(b, t->name);
        for (size_t k = 0; sig && sig->kind == BIND_VAR && k < b->sig_vars.len; k++)
            if (b->sig_vars.items[k] == sig->var) {
                /* the signature already declared it (a quoted shape, def main[n]) */
                return nothing();
            }
        v.e->var->name = t->name;
        sb_bind(b, t->name, BIND_VAR, v.e->var, NULL);
        return nothing();
    }
    if (scalar && !bind)
        return emit(store_scalar(b, scalar->buf, &v, sloc));
    if (!bind && makes_scalar(b, &v)) {
        tir_expr *x = sb_to_expr(b, &v);
        return x ? make_scalar(b, t, x->dtype, &v, sloc) : failure();
    }
    tir_expr *e = sb_to_expr(b, &v);
    if (!e)
        return failure();
    if (tir_has_undef(e))
        return undef_binding(b, t, e, e->dtype);
    if (pointer_alias(b, t, e))
        return nothing();
    tir_stmt *let = tir_stmt_new(b->a, TIR_S_LET, sloc);
    let->var = tir_var_new(b->a, t->name, e->dtype, t->loc);
    let->value = e;
    return opens_rest(let);
}

/* Is the annotation T.let[...] or T.let (tirx's immutable binding)?  *inner
 * is the dtype annotation inside the brackets, or NULL. */
static bool let_annotation(builder *b, const py_expr *ann, const py_expr **inner)
{
    *inner = NULL;
    if (ann->kind == PY_SUBSCRIPT) {
        *inner = ann->index;
        ann = ann->value;
    }
    return ann->kind == PY_ATTR && ann->value->kind == PY_NAME && b->t_alias &&
           strcmp(ann->value->name, b->t_alias) == 0 && strcmp(ann->name, "let") == 0;
}

/* name: annotation = value: a LetStmt of the annotated dtype over the rest;
 * in tirx >= 0.25 a mutable scalar, unless the annotation is T.let[...]. */
static stmt_result build_annassign(builder *b, const py_stmt *st)
{
    const py_expr *t = st->target;
    tir_loc sloc = st->loc;
    tir_dtype dt;
    if (t->kind != PY_NAME) {
        ERR(b, t->loc, "an annotated assignment needs a name");
        return failure();
    }
    const py_expr *inner;
    bool is_let = let_annotation(b, st->annotation, &inner);
    bool has_dtype = !is_let || inner;
    if (has_dtype && !sb_annotation_dtype(b, is_let ? inner : st->annotation, &dt))
        return failure();
    if (!is_let && b->tirx >= 25) {
        sval v = st->value ? sb_eval(b, st->value) : sv_none(sloc);
        if (st->value && v.kind == SV_NONE)
            return failure();
        return make_scalar(b, t, dt, st->value ? &v : NULL, sloc);
    }
    if (!st->value) {
        if (!b->tirx && !is_let)
            ERR(b, sloc, "%s: T.%s without a value is tirx's mutable scalar (TVM >= 0.25), but %s: give it a value, "
                "or %s", t->name, tir_dtype_name(dt),
                b->dialect_reason ? b->dialect_reason : "this file is read as the classic `tir` dialect",
                b->tvm_minor ? "read it with --tvm-version 0.25 or later" : "import tirx");
        else
            ERR(b, sloc, "an annotated name needs a value");
        return failure();
    }
    sval v = sb_eval(b, st->value);
    tir_expr *e = v.kind == SV_NONE ? NULL : has_dtype ? sb_to_expr_as(b, &v, dt) : sb_to_expr(b, &v);
    if (!e)
        return failure();
    if (tir_has_undef(e))
        return undef_binding(b, t, e, has_dtype ? dt : e->dtype);
    if (pointer_alias(b, t, e))
        return nothing();
    tir_stmt *let = tir_stmt_new(b->a, TIR_S_LET, sloc);
    let->var = tir_var_new(b->a, t->name, has_dtype ? dt : e->dtype, t->loc);
    let->value = e;
    return opens_rest(let);
}

/* A[i] op= value: the store of A[i] op value */
static tir_stmt *build_augassign(builder *b, const py_stmt *st)
{
    tir_loc sloc = st->loc;
    binding *scalar = st->target->kind == PY_NAME ? sb_lookup(b, st->target->name) : NULL;
    if (scalar && scalar->kind != BIND_SCALAR)
        scalar = NULL;
    if (!scalar && st->target->kind != PY_SUBSCRIPT) {
        ERR(b, sloc, "augmented assignment is only supported on buffer elements and mutable scalars");
        return NULL;
    }
    /* A[i] op= e (or x op= e on a mutable scalar) stores A[i] op e */
    py_expr bin;
    memset(&bin, 0, sizeof bin);
    bin.kind = PY_BINOP;
    bin.op = st->op;
    bin.loc = st->target->loc;
    bin.lhs = st->target;
    bin.rhs = st->value;
    sval v = sb_eval_binop(b, &bin);
    if (v.kind == SV_NONE)
        return NULL;
    return scalar ? store_scalar(b, scalar->buf, &v, sloc) : build_store(b, st->target, &v, sloc);
}

/* with T.Assert(cond, message): body */
static tir_stmt *with_assert(builder *b, const py_stmt *st)
{
    call_args ca;
    if (!sb_eval_args(b, st->items[0], &ca) || ca.n != 2)
        return NULL;
    tir_stmt *body = sb_build_body(b, &st->body, st->loc);
    return body ? make_assert(b, &ca.pos[0], &ca.pos[1], st->loc, body) : NULL;
}

/* with T.decl_buffer(...) as A: body, or with T.attr(node, key, value): body */
static tir_stmt *with_decl_buffer_or_attr(builder *b, const py_stmt *st)
{
    tir_loc sloc = st->loc;
    const py_expr *tgt = st->targets[0];
    tir_stmt *head;
    binding *saved = b->scope;
    if (sb_is_t_call(b, st->items[0], "attr")) {
        head = make_attr(b, st->items[0], sloc);
    } else {
        if (!tgt || tgt->kind != PY_NAME) {
            ERR(b, sloc, "with T.decl_buffer(...) needs 'as NAME'");
            return NULL;
        }
        head = make_decl_buffer(b, st->items[0], tgt->name, sloc);
        if (head)
            sb_bind(b, tgt->name, BIND_BUFFER, NULL, innermost(head)->buffer);
    }
    if (!head) {
        b->scope = saved;
        return NULL;
    }
    tir_stmt *holder = innermost(head);
    holder->body = sb_build_suite(b, &st->body, 0, sloc);
    b->scope = saved;
    return holder->body ? head : NULL;
}

/* with T.launch_thread(var_or_tag, extent) [as v]: body */
static tir_stmt *with_launch(builder *b, const py_stmt *st)
{
    tir_loc sloc = st->loc;
    const py_expr *tgt = st->targets[0];
    tir_stmt *at = make_launch(b, st->items[0], tgt && tgt->kind == PY_NAME ? tgt->name : NULL, sloc);
    if (!at)
        return NULL;
    binding *saved = b->scope;
    if (tgt && tgt->kind == PY_NAME)
        sb_bind(b, tgt->name, BIND_VAR, at->var, NULL);
    at->body = sb_build_suite(b, &st->body, 0, sloc);
    b->scope = saved;
    return at->body ? at : NULL;
}

/* with T.LetStmt(value[, annotation]) as x: body (5.7) */
static tir_stmt *with_let(builder *b, const py_stmt *st)
{
    tir_loc sloc = st->loc;
    if (!st->targets[0]) {
        /* with T.LetStmt(value, var=x): */
        tir_stmt *let = make_let_existing(b, st->items[0], sloc);
        if (!let)
            return NULL;
        let->body = sb_build_suite(b, &st->body, 0, sloc);
        return let->body ? let : NULL;
    }
    call_args ca;
    if (!sb_eval_args(b, st->items[0], &ca) || ca.n < 1 || sb_kwarg(&ca, "var")) {
        if (ca.n < 1 || sb_kwarg(&ca, "var"))
            UNSUPPORTED(b, sloc, "T.LetStmt needs a value and an 'as' name");
        return NULL;
    }
    if (!st->targets[0] || st->targets[0]->kind != PY_NAME) {
        ERR(b, sloc, "T.LetStmt needs 'as NAME'");
        return NULL;
    }
    tir_expr *v = sb_to_expr(b, &ca.pos[0]);
    if (!v)
        return NULL;
    tir_dtype dt = v->dtype;
    if (ca.n >= 2 && !sb_dtype_of(b, &ca.pos[1], &dt))
        return NULL;
    tir_stmt *let = tir_stmt_new(b->a, TIR_S_LET, sloc);
    let->var = tir_var_new(b->a, st->targets[0]->name, dt, st->targets[0]->loc);
    let->value = v;
    binding *saved = b->scope;
    sb_bind(b, st->targets[0]->name, BIND_VAR, let->var, NULL);
    let->body = sb_build_suite(b, &st->body, 0, sloc);
    b->scope = saved;
    return let->body ? let : NULL;
}

/* A with-statement: its body is its own suite.  (with T.init() is a block
 * statement, see script_blocks.c.) */
/* with T.allocate(extents, dtype, scope) as p: body -- the Allocate of
 * p = T.allocate(...) with the with-suite as its body */
static tir_stmt *with_allocate(builder *b, const py_stmt *st)
{
    const py_expr *tgt = st->targets[0];
    if (!tgt || tgt->kind != PY_NAME) {
        ERR(b, st->loc, "with T.allocate(...) needs 'as NAME'");
        return NULL;
    }
    py_stmt as_assign = *st;
    as_assign.kind = PY_S_ASSIGN;
    as_assign.target = (py_expr *)tgt;
    as_assign.value = st->items[0];
    tir_stmt *al = make_allocate(b, &as_assign);
    if (!al)
        return NULL;
    binding *saved = b->scope;
    sb_bind(b, tgt->name, BIND_VAR, al->var, NULL);
    al->body = sb_build_suite(b, &st->body, 0, st->loc);
    b->scope = saved;
    return al->body ? al : NULL;
}

static tir_stmt *build_with(builder *b, const py_stmt *st)
{
    if (st->nitems > 1) {
        /* with a, b: body  means  with a: with b: body */
        py_stmt *inner = tir_arena_alloc(b->a, sizeof *inner);
        *inner = *st;
        inner->loc = st->items[1]->loc;
        inner->nitems = st->nitems - 1;
        inner->items = st->items + 1;
        inner->targets = st->targets + 1;
        py_stmt outer = *st;
        outer.nitems = 1;
        outer.body.items = tir_arena_alloc(b->a, sizeof *outer.body.items);
        outer.body.items[0] = inner;
        outer.body.len = 1;
        return build_with(b, &outer);
    }
    if (st->nitems == 1 && sb_is_t_call(b, st->items[0], "block"))
        return sb_build_block(b, st, st->items[0]);
    if (st->nitems == 1 && sb_is_t_call(b, st->items[0], "Assert"))
        return with_assert(b, st);
    if (st->nitems == 1 && (sb_is_t_call(b, st->items[0], "decl_buffer") || sb_is_t_call(b, st->items[0], "attr")))
        return with_decl_buffer_or_attr(b, st);
    if (st->nitems == 1 && sb_is_t_call(b, st->items[0], "launch_thread"))
        return with_launch(b, st);
    if (st->nitems == 1 && sb_is_t_call(b, st->items[0], "LetStmt"))
        return with_let(b, st);
    if (st->nitems == 1 && sb_is_t_call(b, st->items[0], "allocate"))
        return with_allocate(b, st);
    if (st->nitems == 1 && sb_is_t_call(b, st->items[0], "sblock") && sb_tirx_spelling(b, "sblock", st->items[0]->loc))
        return NULL;
    static const char *const withs[] = {"sblock", "block", "init", "Assert", "LetStmt", "allocate", "decl_buffer",
                                        "attr", "launch_thread"};
    const py_expr *w = st->items[0];
    const char *hint = w->kind == PY_CALL && w->func->kind == PY_ATTR && w->func->value->kind == PY_NAME &&
                               b->t_alias && strcmp(w->func->value->name, b->t_alias) == 0
                           ? sb_t_hint(b, w->func->name, withs + !b->tirx, sizeof withs / sizeof withs[0] - !b->tirx)
                           : "";
    UNSUPPORTED(b, st->loc,
                "with-statement (expected T.block or T.sblock, T.init, T.Assert, T.LetStmt, T.allocate, "
                "T.decl_buffer, T.attr or T.launch_thread)%s", hint);
    return NULL;
}

/* return e  ->  Evaluate(tir.ret(e)) (5.10) */
static tir_stmt *build_return(builder *b, const py_stmt *st)
{
    tir_loc sloc = st->loc;
    if (!st->value) {
        ERR(b, sloc, "return needs a value in TIR (a function without one just ends)");
        return NULL;
    }
    sval v = sb_eval(b, st->value);
    tir_expr *e = v.kind == SV_NONE ? NULL
                  : b->func->has_ret_type ? sb_to_expr_as(b, &v, b->func->ret_dtype)
                                          : sb_to_expr(b, &v);
    if (!e)
        return NULL;
    if (!b->func->has_ret_type) {
        /* no -> annotation: the first return gives the type, as TVM infers it */
        b->func->has_ret_type = true;
        b->func->ret_dtype = e->dtype;
    }
    tir_stmt *res = tir_stmt_new(b->a, TIR_S_EVALUATE, sloc);
    res->value = sb_call_node(b, e->dtype, "tir.ret", &e, 1, sloc);
    return res;
}

static stmt_result build_stmt(builder *b, const py_stmt *st)
{
    switch (st->kind) {
    case PY_S_PASS: return nothing();
    case PY_S_EXPR: return build_expr_stmt(b, st);
    case PY_S_ASSERT: return opens_rest(build_assert(b, st));
    case PY_S_ASSIGN: return build_assign(b, st);
    case PY_S_ANNASSIGN: return build_annassign(b, st);
    case PY_S_AUGASSIGN: return emit(build_augassign(b, st));
    case PY_S_FOR: return emit(build_for(b, st));
    case PY_S_WHILE: return emit(build_while(b, st));
    case PY_S_IF: return emit(build_if(b, st));
    case PY_S_WITH: return emit(build_with(b, st));
    case PY_S_RETURN: return emit(build_return(b, st));
    case PY_S_BREAK:
    case PY_S_CONTINUE: {
        /* what TVM's parser builds: T.evaluate(T.break_loop()) / T.evaluate(T.continue_loop()) */
        tir_stmt *ev = tir_stmt_new(b->a, TIR_S_EVALUATE, st->loc);
        ev->value = sb_call_node(b, TIR_DT_I32, st->kind == PY_S_BREAK ? "tir.break_loop" : "tir.continue_loop",
                                 NULL, 0, st->loc);
        return emit(ev);
    }
    case PY_S_FUNCDEF:
    case PY_S_CLASSDEF:
    case PY_S_IMPORT:
        ERR(b, st->loc, "nested definitions and imports are not allowed in a TIR function");
        return failure();
    }
    return failure();
}

/* The names a failed definition would have bound (x = ..., vi, vj = ...)
 * fail quietly where they are used: the definition's error is the one to
 * report, not an undefined name at each use. */
static void mark_failed_target(builder *b, const py_expr *t)
{
    if (t->kind == PY_NAME && !sb_lookup(b, t->name))
        sb_bind(b, t->name, BIND_FAILED, NULL, NULL);
    for (uint32_t i = 0; (t->kind == PY_TUPLE || t->kind == PY_LIST) && i < t->nitems; i++)
        mark_failed_target(b, t->items[i]);
}

static void mark_failed_names(builder *b, const py_stmt *st)
{
    if (st->kind == PY_S_ASSIGN || st->kind == PY_S_ANNASSIGN)
        mark_failed_target(b, st->target);
}

/* Builds suite items [from, len): scope-opening statements take the rest of
 * the suite as their body (5.1). */
tir_stmt *sb_build_suite(builder *b, const py_suite *s, uint32_t from, tir_loc loc)
{
    tir_vec out = {0};
    bool failed = false;
    for (uint32_t i = from; i < s->len; i++) {
        const py_stmt *st = s->items[i];
        if (b->d->nerrors > TIR_DIAG_MAX_ERRORS)
            return NULL;
        bool ok;
        if (st->kind == PY_S_ASSIGN && st->nchain) {
            /* TVM's parser refuses a = b = c inside functions */
            ERR(b, st->chain[0]->loc, "chained assignment ('a = b = c') is not supported in a TIR function");
            failed = true;
            continue;
        }
        if (sb_block_statement(b, st, &ok)) {
            if (!ok) {
                failed = true;
                mark_failed_names(b, st); /* vi, vj = T.axis.remap(...) that failed */
            }
            continue;
        }
        stmt_result r = build_stmt(b, st);
        if (r.failed) {
            failed = true;
            mark_failed_names(b, st);
            continue;
        }
        if (r.opener) {
            binding *saved = b->scope;
            tir_stmt *holder = innermost(r.opener);
            if (r.names)
                sb_bind(b, st->target->name, BIND_VAR, r.names, NULL);
            else if (holder->kind == TIR_S_DECL_BUFFER)
                sb_bind(b, st->target->name, r.scalar ? BIND_SCALAR : BIND_BUFFER, NULL, holder->buffer);
            else if (st->kind != PY_S_EXPR && (r.opener->kind == TIR_S_LET || r.opener->kind == TIR_S_ALLOCATE ||
                                               (r.opener->kind == TIR_S_ATTR && st->kind == PY_S_ASSIGN)))
                sb_bind(b, st->target->name, BIND_VAR, r.opener->var, NULL);
            tir_stmt *body = sb_build_suite(b, s, i + 1, st->loc);
            b->scope = saved;
            if (!body)
                return NULL;
            if (r.first) {
                tir_stmt *both[2] = {r.first, body};
                tir_stmt **items = tir_arena_alloc(b->a, sizeof both);
                memcpy(items, both, sizeof both);
                body = tir_seq(b->a, items, 2, st->loc);
            }
            holder->body = body;
            tir_vec_push(b->a, &out, r.opener);
            break;
        }
        if (r.stmt)
            tir_vec_push(b->a, &out, r.stmt);
    }
    if (failed)
        return NULL;
    if (out.len == 0)
        return noop(b, loc);
    return tir_seq(b->a, (tir_stmt **)out.items, (uint32_t)out.len, loc);
}
