/* Blocks: with T.block(...) and the statements that configure the
 * enclosing block rather than run (T.axis.*, T.reads/T.writes, T.where,
 * T.init, T.block_attr, T.alloc_buffer, T.match_buffer of a region), plus
 * T.func_attr, which configures the function the same way. */
#include <stdio.h>
#include <string.h>

#include "script_internal.h"

static tir_iter_var *block_add_iter(builder *b, tir_block *blk)
{
    tir_iter_var *iv = tir_arena_alloc(b->a, (blk->niter_vars + 1) * sizeof *iv);
    if (blk->niter_vars)
        memcpy(iv, blk->iter_vars, blk->niter_vars * sizeof *iv);
    blk->iter_vars = iv;
    return &iv[blk->niter_vars++];
}

/* Block iter var bindings are kept on the realize; see sb_build_block. */
typedef struct {
    tir_vec values;
    tir_expr *predicate;
    bool has_init;
    /* a loop longer than the axis bound to it: an error unless T.where guards the block */
    bool overshoot;
    tir_loc overshoot_loc;
    char overshoot_msg[256];
} realize_info;
/* the block realize being built, per thread (compiles may run on several) */
static _Thread_local realize_info *cur_realize;

static bool axis_iter(builder *b, const py_expr *target, const py_expr *call, tir_block *blk)
{
    const char *which = call->func->name;
    call_args ca;
    if (!sb_eval_args(b, call, &ca))
        return false;
    int type;
    if (strcmp(which, "spatial") == 0 || strcmp(which, "S") == 0)
        type = TIR_ITER_DATA_PAR;
    else if (strcmp(which, "reduce") == 0 || strcmp(which, "R") == 0)
        type = TIR_ITER_COMM_REDUCE;
    else if (strcmp(which, "scan") == 0)
        type = TIR_ITER_ORDERED;
    else if (strcmp(which, "opaque") == 0)
        type = TIR_ITER_OPAQUE;
    else if (strcmp(which, "remap") == 0) {
        if (ca.n != 2 || ca.pos[0].kind != SV_STR || ca.pos[1].kind != SV_TUPLE) {
            ERR(b, call->loc, "T.axis.remap takes a kind string and a list of loop variables");
            return false;
        }
        const char *kinds = ca.pos[0].s;
        const sval *vars = &ca.pos[1];
        uint32_t ntargets = target->kind == PY_TUPLE ? target->nitems : 1;
        if (strlen(kinds) != vars->n || vars->n != ntargets) {
            ERR(b, call->loc, "T.axis.remap: %zu kinds, %u loop variables and %u targets do not match",
                strlen(kinds), vars->n, ntargets);
            return false;
        }
        for (uint32_t i = 0; i < vars->n; i++) {
            const py_expr *t = target->kind == PY_TUPLE ? target->items[i] : target;
            if (t->kind != PY_NAME) {
                ERR(b, t->loc, "expected a name");
                return false;
            }
            char k = kinds[i];
            if (k != 'S' && k != 'R') {
                ERR(b, call->loc, "T.axis.remap kind must be 'S' or 'R', got '%c'", k);
                return false;
            }
            const sval *lv = &vars->items[i];
            binding *lb = (lv->kind == SV_EXPR && lv->e->kind == TIR_E_VAR) ? sb_lookup_var_binding(b, lv->e->var) : NULL;
            if (!lb || !lb->loop_extent) {
                ERR(b, lv->loc, "T.axis.remap binds loop variables of enclosing loops only");
                return false;
            }
            tir_iter_var *iv = block_add_iter(b, blk);
            iv->var = tir_var_new(b->a, t->name, lb->var->dtype, t->loc);
            iv->dom_min = lb->loop_min;
            iv->dom_extent = lb->loop_extent;
            if (sb_weak_index(b, lv->e))
                sb_mark_weak(b, iv->var); /* the axis of a loop over range(16) */
            iv->iter_type = k == 'S' ? TIR_ITER_DATA_PAR : TIR_ITER_COMM_REDUCE;
            tir_vec_push(b->a, &cur_realize->values, lv->e);
            sb_bind(b, t->name, BIND_VAR, iv->var, NULL);
        }
        return true;
    } else {
        static const char *const kinds[] = {"spatial", "reduce", "scan", "opaque", "remap", "S", "R"};
        const char *best = sb_nearest(which, kinds, sizeof kinds / sizeof kinds[0]);
        ERR(b, call->loc, "unknown block axis kind 'T.axis.%s'%s%s%s", which, best ? "; did you mean 'T.axis." : "",
            best ? best : "", best ? "'?" : "");
        return false;
    }
    static const char *const keywords[] = {"dom", "binding", "dtype", NULL};
    char what[64];
    snprintf(what, sizeof what, "T.axis.%s()", which);
    if (!sb_check_kwargs(b, &ca, what, keywords))
        return false;
    if (target->kind != PY_NAME) {
        ERR(b, target->loc, "expected a name for the block variable");
        return false;
    }
    const sval *dom = sb_arg(&ca, 0, "dom"), *value = sb_arg(&ca, 1, "binding");
    if (!dom || !value) {
        ERR(b, call->loc, "T.axis.%s takes a domain and a binding", which);
        return false;
    }
    tir_expr *lo, *ext;
    if (dom->kind == SV_TUPLE && dom->n == 2) {
        lo = sb_to_expr(b, &dom->items[0]);
        tir_expr *hi = sb_to_expr(b, &dom->items[1]);
        if (!lo || !hi)
            return false;
        sval sl = sv_expr(lo), sh = sv_expr(hi);
        ext = sb_arith(b, TIR_E_SUB, &sh, &sl, dom->loc);
    } else {
        ext = sb_to_expr(b, dom);
        lo = ext ? tir_int(b->a, tir_dt_is_int(ext->dtype) ? ext->dtype : TIR_DT_I32, 0, dom->loc) : NULL;
    }
    tir_expr *val = sb_to_expr(b, value);
    if (!lo || !ext || !val)
        return false;
    tir_dtype dt = tir_dt_with_lanes(ext->dtype, 1);
    if (lo->dtype.bits > dt.bits)
        dt = lo->dtype;
    const sval *dts = sb_kwarg(&ca, "dtype");
    tir_dtype given;
    if (dts) {
        if (!sb_dtype_of(b, dts, &given))
            return false;
        /* a non-integer dtype is kept so the checker can reject it (rule 13) */
        if (given.bits > dt.bits || !tir_dt_is_int(given))
            dt = given;
    }
    if (val->dtype.bits > dt.bits && tir_dt_is_int(val->dtype))
        dt = val->dtype;
    /* Python-int domains adapt to the iter var's dtype (For rule 3-4 analogue). */
    if (lo->kind == TIR_E_INT && !tir_dt_eq(lo->dtype, dt) && tir_dt_is_int(dt))
        lo = tir_int(b->a, dt, lo->ival, lo->loc);
    if (ext->kind == TIR_E_INT && !tir_dt_eq(ext->dtype, dt) && tir_dt_is_int(dt))
        ext = tir_int(b->a, dt, ext->ival, ext->loc);
    if (val->kind == TIR_E_INT && !tir_dt_eq(val->dtype, dt) && tir_dt_is_int(dt))
        val = tir_int(b->a, dt, val->ival, val->loc);
    if (val->kind == TIR_E_VAR && ext->kind == TIR_E_INT && lo->kind == TIR_E_INT && lo->ival == 0) {
        /* the binding is a loop variable: compare the loop's range with the axis (TVM's docs' "wrong program") */
        binding *lb = sb_lookup_var_binding(b, val->var);
        if (lb && lb->loop_extent && lb->loop_extent->kind == TIR_E_INT && lb->loop_min &&
            lb->loop_min->kind == TIR_E_INT && lb->loop_min->ival == 0) {
            int64_t n = lb->loop_extent->ival;
            if (n > ext->ival && !cur_realize->overshoot) {
                /* an error unless the block turns out to have a T.where (a split loop's guard) */
                cur_realize->overshoot = true;
                cur_realize->overshoot_loc = value->loc;
                snprintf(cur_realize->overshoot_msg, sizeof cur_realize->overshoot_msg,
                         "loop '%s' runs %lld iterations but block axis '%s' has extent %lld, and no T.where "
                         "guards the block",
                         val->var->name, (long long)n, target->name, (long long)ext->ival);
            }
            if (n < ext->ival)
                tir_diag_warning(b->d, value->loc,
                                 "loop '%s' runs %lld iterations, fewer than the extent %lld of block axis '%s': "
                                 "the block never runs for the rest",
                                 val->var->name, (long long)n, (long long)ext->ival, target->name);
        }
    }
    tir_iter_var *iv = block_add_iter(b, blk);
    iv->var = tir_var_new(b->a, target->name, dt, target->loc);
    iv->dom_min = lo;
    iv->dom_extent = ext;
    iv->iter_type = type;
    if (lo->kind == TIR_E_INT && ext->kind == TIR_E_INT && sb_weak_index(b, val))
        sb_mark_weak(b, iv->var); /* T.axis.spatial(16, i) of a loop over range(16) */
    tir_vec_push(b->a, &cur_realize->values, val);
    sb_bind(b, target->name, BIND_VAR, iv->var, NULL);
    return true;
}

static bool regions_of(builder *b, const py_expr *call, tir_region **out, uint32_t *n)
{
    /* T.reads(A[...], B[...]) or T.reads([A[...], ...]) */
    py_expr *const *items = call->items;
    uint32_t cnt = call->nitems;
    if (cnt == 1 && (items[0]->kind == PY_LIST || items[0]->kind == PY_TUPLE)) {
        cnt = items[0]->nitems;
        items = items[0]->items;
    }
    *out = tir_arena_alloc(b->a, (cnt ? cnt : 1) * sizeof **out);
    *n = 0;
    for (uint32_t i = 0; i < cnt; i++) {
        const py_expr *it = items[i];
        sval r;
        if (it->kind == PY_SUBSCRIPT)
            r = sb_eval_subscript(b, it, true);
        else {
            r = sb_eval(b, it);
            if (r.kind == SV_BUFFER) {
                /* a whole buffer */
                tir_buffer *buf = r.buf;
                r.kind = SV_REGION;
                r.region.buffer = buf;
                r.region.n = buf->ndim;
                r.region.mins = tir_arena_alloc(b->a, (buf->ndim ? buf->ndim : 1) * sizeof(tir_expr *));
                r.region.extents = buf->shape;
                for (uint32_t k = 0; k < buf->ndim; k++)
                    r.region.mins[k] = tir_int(b->a, tir_dt_with_lanes(buf->shape[k]->dtype, 1), 0, it->loc);
            }
        }
        if (r.kind != SV_REGION) {
            if (r.kind != SV_NONE)
                ERR(b, it->loc, "expected a buffer region such as A[i, 0:16]");
            return false;
        }
        (*out)[(*n)++] = r.region;
    }
    return true;
}

static tir_buffer *alloc_buffer_call(builder *b, const char *name, const py_expr *call)
{
    call_args ca;
    if (!sb_eval_args(b, call, &ca))
        return NULL;
    return sb_make_buffer(b, name, &ca, 0, false, call->loc);
}

static void block_push_alloc(builder *b, tir_block *blk, tir_buffer *buf)
{
    tir_buffer **bs = tir_arena_alloc(b->a, (blk->nalloc + 1) * sizeof *bs);
    if (blk->nalloc)
        memcpy(bs, blk->alloc_buffers, blk->nalloc * sizeof *bs);
    bs[blk->nalloc++] = buf;
    blk->alloc_buffers = bs;
}

tir_stmt *sb_build_block(builder *b, const py_stmt *st, const py_expr *call)
{
    call_args ca;
    if (!sb_eval_args(b, call, &ca))
        return NULL;
    static const char *const keywords[] = {"name_hint", "no_realize", "exec_scope", NULL};
    if (!sb_check_kwargs(b, &ca, "T.block()", keywords))
        return NULL;
    const sval *nm = sb_arg(&ca, 0, "name_hint");
    if (sb_kwarg(&ca, "no_realize")) {
        UNSUPPORTED(b, call->loc, "T.block(no_realize=True) (outside the specified TIR subset)");
        return NULL;
    }
    tir_block *blk = tir_arena_alloc(b->a, sizeof *blk);
    blk->name = nm && nm->kind == SV_STR ? nm->s : "";
    if (b->block_suffix && blk->name[0]) {
        /* a macro's second and later expansions (TVM >= 0.23) */
        char *n = tir_arena_alloc(b->a, strlen(blk->name) + strlen(b->block_suffix) + 1);
        sprintf(n, "%s%s", blk->name, b->block_suffix);
        blk->name = n;
    }
    blk->loc = st->loc;
    realize_info ri;
    memset(&ri, 0, sizeof ri);
    realize_info *saved_ri = cur_realize;
    tir_block *saved_block = b->cur_block;
    binding *saved_scope = b->scope;
    bool saved_top = b->in_func_top;
    cur_realize = &ri;
    b->cur_block = blk;
    b->in_func_top = false;
    b->saw_block = true;
    tir_stmt *body = sb_build_suite(b, &st->body, 0, st->loc);
    b->scope = saved_scope;
    b->cur_block = saved_block;
    cur_realize = saved_ri;
    b->in_func_top = saved_top;
    if (ri.overshoot && !ri.predicate) {
        ERR(b, ri.overshoot_loc, "%s", ri.overshoot_msg);
        return NULL;
    }
    if (!body)
        return NULL;
    blk->body = body;
    tir_stmt *s = tir_stmt_new(b->a, TIR_S_BLOCK_REALIZE, st->loc);
    s->block = blk;
    s->nindices = (uint32_t)ri.values.len;
    s->indices = (tir_expr **)ri.values.items;
    s->predicate = ri.predicate ? ri.predicate : tir_int(b->a, TIR_DT_BOOL, 1, st->loc);
    return s;
}

/* Handles statements that only configure the enclosing block; returns true if st was one. */
bool sb_block_statement(builder *b, const py_stmt *st, bool *ok)
{
    *ok = true;
    const py_expr *e = st->kind == PY_S_EXPR ? st->value : NULL;
    if (sb_is_t_call(b, e, "func_attr")) {
        if (!b->func) {
            ERR(b, st->loc, "T.func_attr outside a function");
            *ok = false;
            return true;
        }
        if (e->nitems != 1 || e->nkw || e->items[0]->kind != PY_DICT) {
            ERR(b, st->loc, "T.func_attr takes one dict argument");
            *ok = false;
            return true;
        }
        /* The keys are kept; the values carry no meaning for running the
         * function, but are evaluated so mistakes in them are reported, except
         * TVM's own Python objects (tvm.target.Target(...)), which a C front
         * end cannot build. */
        const py_expr *d = e->items[0];
        sval dv = sv_none(d->loc);
        dv.kind = SV_DICT;
        dv.n = d->nitems;
        dv.items = tir_arena_alloc(b->a, (d->nitems ? d->nitems : 1) * sizeof(sval));
        for (uint32_t i = 0; i < d->nitems; i++) {
            dv.items[i] = sb_eval(b, d->items[i]);
            const py_expr *val = d->values[i], *root = val->kind == PY_CALL ? val->func : NULL;
            while (root && root->kind == PY_ATTR)
                root = root->value;
            bool tvm_object = root && root->kind == PY_NAME && strcmp(root->name, "tvm") == 0 && !sb_lookup(b, "tvm");
            if (!tvm_object && sb_eval(b, val).kind == SV_NONE && val->kind != PY_NONE) {
                *ok = false;
                return true;
            }
        }
        const sval *dict = &dv;
        const char **keys = tir_arena_alloc(b->a, (b->func->nattrs + dict->n + 1) * sizeof *keys);
        if (b->func->nattrs)
            memcpy(keys, b->func->attr_keys, b->func->nattrs * sizeof *keys);
        for (uint32_t i = 0; i < dict->n; i++) {
            if (dict->items[i].kind != SV_STR) {
                ERR(b, dict->items[i].loc, "T.func_attr keys must be strings");
                *ok = false;
                return true;
            }
            for (uint32_t k = 0; k < b->func->nattrs; k++)
                if (strcmp(keys[k], dict->items[i].s) == 0) {
                    ERR(b, dict->items[i].loc, "duplicate function attribute '%s'", dict->items[i].s);
                    *ok = false;
                    return true;
                }
            keys[b->func->nattrs++] = dict->items[i].s;
        }
        b->func->attr_keys = keys;
        return true;
    }
    if (sb_is_t_call(b, e, "reads") || sb_is_t_call(b, e, "writes")) {
        if (!b->cur_block || b->cur_block == b->root) {
            ERR(b, st->loc, "T.%s outside a block", e->func->name);
            *ok = false;
            return true;
        }
        tir_region *r;
        uint32_t n;
        if (!regions_of(b, e, &r, &n)) {
            *ok = false;
            return true;
        }
        if (e->func->name[0] == 'r') {
            b->cur_block->reads = r;
            b->cur_block->nreads = n;
        } else {
            b->cur_block->writes = r;
            b->cur_block->nwrites = n;
        }
        return true;
    }
    if (sb_is_t_call(b, e, "where")) {
        if (!cur_realize) {
            ERR(b, st->loc, "T.where outside a block");
            *ok = false;
            return true;
        }
        sval v = e->nitems == 1 ? sb_eval(b, e->items[0]) : sv_none(st->loc);
        tir_expr *c = v.kind != SV_NONE ? sb_to_bool_expr(b, &v) : NULL;
        if (!c) {
            if (e->nitems != 1)
                ERR(b, st->loc, "T.where takes one condition");
            *ok = false;
            return true;
        }
        cur_realize->predicate = c;
        return true;
    }
    if (sb_is_t_call(b, e, "block_attr")) {
        if (!b->cur_block || b->cur_block == b->root) {
            ERR(b, st->loc, "T.block_attr outside a block");
            *ok = false;
        }
        return true;
    }
    if (st->kind == PY_S_WITH && st->nitems == 1 && sb_is_t_call(b, st->items[0], "init")) {
        if (!b->cur_block || b->cur_block == b->root || !cur_realize) {
            ERR(b, st->loc, "T.init() outside a block");
            *ok = false;
            return true;
        }
        if (cur_realize->has_init) {
            ERR(b, st->loc, "a block has at most one T.init()");
            *ok = false;
            return true;
        }
        cur_realize->has_init = true;
        tir_stmt *init = sb_build_body(b, &st->body, st->loc);
        if (!init)
            *ok = false;
        b->cur_block->init = init;
        return true;
    }
    if ((st->kind == PY_S_ASSIGN) && st->value && sb_is_t_call_prefix(b, st->value, "axis")) {
        if (!b->cur_block || b->cur_block == b->root || !cur_realize) {
            ERR(b, st->loc, "block axes are only allowed directly inside a block");
            *ok = false;
            return true;
        }
        *ok = axis_iter(b, st->target, st->value, b->cur_block);
        return true;
    }
    if (st->kind == PY_S_ASSIGN && st->target->kind == PY_NAME && sb_is_t_call(b, st->value, "alloc_buffer")) {
        tir_block *blk = b->cur_block;
        if (!blk) {
            if (!b->in_func_top) {
                ERR(b, st->loc, "T.alloc_buffer outside a block is only allowed at the top of the function body");
                *ok = false;
                return true;
            }
            blk = b->root;
        }
        tir_buffer *buf = alloc_buffer_call(b, st->target->name, st->value);
        if (!buf) {
            *ok = false;
            return true;
        }
        block_push_alloc(b, blk, buf);
        sb_bind(b, st->target->name, BIND_BUFFER, NULL, buf);
        return true;
    }
    return false;
}

/* S = T.match_buffer(A[lo:hi, j], shape?, dtype?) inside a block: a buffer
 * aliasing a region of A (5.4); the caller checked the form and that a
 * block encloses it. */
bool sb_block_match_buffer(builder *b, const py_stmt *st)
{
    const py_expr *t = st->target;
    tir_loc sloc = st->loc;
    const py_expr *src = st->value->nitems ? st->value->items[0] : NULL;
    sval r = src && src->kind == PY_SUBSCRIPT ? sb_eval_subscript(b, src, true) : sv_none(sloc);
    if (r.kind != SV_REGION) {
        if (r.kind == SV_NONE && !(src && src->kind == PY_SUBSCRIPT))
            ERR(b, sloc, "T.match_buffer in a block needs a buffer region such as A[i, 0:16]");
        return false;
    }
    /* the arguments after the region: shape and dtype */
    py_expr rest = *st->value;
    rest.items = st->value->items + 1;
    rest.nitems = st->value->nitems - 1;
    call_args ca;
    if (!sb_eval_args(b, &rest, &ca))
        return false;
    char tmp[32];
    sval dflt_dtype = sv_none(sloc);
    dflt_dtype.kind = SV_STR;
    dflt_dtype.s = tir_arena_strdup(b->a, tir_dtype_str(r.region.buffer->dtype, tmp, sizeof tmp));
    call_args cb = ca;
    cb.pos = tir_arena_alloc(b->a, 2 * sizeof(sval));
    cb.n = 2;
    if (sb_arg(&ca, 0, "shape")) {
        cb.pos[0] = *sb_arg(&ca, 0, "shape");
    } else {
        /* shape = the region's extents */
        cb.pos[0] = sv_none(sloc);
        cb.pos[0].kind = SV_TUPLE;
        cb.pos[0].n = r.region.n;
        cb.pos[0].items = tir_arena_alloc(b->a, (r.region.n ? r.region.n : 1) * sizeof(sval));
        for (uint32_t k = 0; k < r.region.n; k++)
            cb.pos[0].items[k] = sv_expr(r.region.extents[k]);
    }
    cb.pos[1] = sb_arg(&ca, 1, "dtype") ? *sb_arg(&ca, 1, "dtype") : dflt_dtype;
    tir_buffer *buf = sb_make_buffer(b, t->name, &cb, 0, false, sloc);
    if (!buf)
        return false;
    tir_block *blk = b->cur_block;
    tir_match_buffer *mb = tir_arena_alloc(b->a, (blk->nmatch + 1) * sizeof *mb);
    if (blk->nmatch)
        memcpy(mb, blk->match_buffers, blk->nmatch * sizeof *mb);
    mb[blk->nmatch].buffer = buf;
    mb[blk->nmatch].source = r.region;
    blk->match_buffers = mb;
    blk->nmatch++;
    sb_bind(b, t->name, BIND_BUFFER, NULL, buf);
    return true;
}
