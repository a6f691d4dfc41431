#include "tvm_json.h"
#include "relax.h"
#include "tvm_json_reader.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- functions and the module ------------------------------------------------------- */
/* PrimFunc.attrs: the keys are kept; "global_symbol" is returned through *symbol. */
static bool func_attrs(reader *r, uint32_t ni, tir_func *f, const char **symbol)
{
    uint32_t attrs, dict;
    *symbol = NULL;
    if (!tj_ref_field(r, ni, "attrs", true, &attrs))
        return false;
    if (tj_is_null(r, attrs))
        return true;
    if (tj_kind_of(r, attrs) != N_DICTATTRS) {
        tj_wrong_kind(r, ni, "attrs", attrs, "DictAttrs");
        return false;
    }
    if (!tj_ref_field(r, attrs, "__dict__", true, &dict))
        return false;
    if (tj_is_null(r, dict))
        return true;
    map_entries m;
    if (!tj_map_at(r, attrs, "__dict__", dict, &m))
        return false;
    f->attr_keys = tir_arena_alloc(r->a, (m.n ? m.n : 1) * sizeof *f->attr_keys);
    for (uint32_t i = 0; i < m.n; i++) {
        const char *key = m.names ? m.names[i] : tj_string_at(r, dict, "key", m.keys[i]);
        if (!key)
            return false;
        if (strcmp(key, "global_symbol") == 0 && tj_kind_of(r, m.values[i]) == N_STRING &&
            !(*symbol = tj_string_at(r, dict, key, m.values[i])))
            return false;
        f->attr_keys[f->nattrs++] = key;
    }
    return true;
}

/* TVMScript shows global_symbol only when it differs from the function name;
 * the AST keeps the attribute keys the script would show. */
static void drop_default_symbol(tir_func *f, const char *symbol)
{
    if (!symbol || strcmp(symbol, f->name) != 0)
        return;
    uint32_t k = 0;
    for (uint32_t i = 0; i < f->nattrs; i++)
        if (strcmp(f->attr_keys[i], "global_symbol") != 0)
            f->attr_keys[k++] = f->attr_keys[i];
    f->nattrs = k;
}

static bool func_signature(reader *r, uint32_t ni, tir_func *f)
{
    uint32_t *params, bmap, ret;
    if (!tj_list_field(r, ni, "params", false, &params, &f->nparams))
        return false;
    f->params = tir_arena_alloc(r->a, (f->nparams ? f->nparams : 1) * sizeof *f->params);
    f->param_buffers = tir_arena_alloc(r->a, (f->nparams ? f->nparams : 1) * sizeof *f->param_buffers);
    for (uint32_t i = 0; i < f->nparams; i++) {
        char where[48];
        snprintf(where, sizeof where, "params[%u]", i);
        if (tj_kind_of(r, params[i]) == N_BUFVAR) {
            /* 0.26: the buffer itself is the parameter (no buffer_map) */
            if (!(f->param_buffers[i] = tj_buffer_at(r, ni, where, params[i])))
                return false;
            f->params[i] = tir_var_new(r->a, f->param_buffers[i]->name, TIR_DT_HANDLE, node_loc(params[i]));
            continue;
        }
        if (!(f->params[i] = tj_var_at(r, ni, where, params[i])))
            return false;
        r->nodes[params[i]].param_pos = i + 1;
    }
    if (!tj_ref_field(r, ni, "buffer_map", true, &bmap))
        return false;
    if (!tj_is_null(r, bmap)) {
        map_entries m;
        if (!tj_map_at(r, ni, "buffer_map", bmap, &m))
            return false;
        if (m.names) {
            tj_node_error(r, bmap, "buffer_map keys must be parameter Vars, not strings");
            return false;
        }
        for (uint32_t i = 0; i < m.n; i++) {
            uint32_t p = r->nodes[m.keys[i]].param_pos - 1;
            if (!r->nodes[m.keys[i]].param_pos) {
                tj_node_error(r, bmap, "buffer_map key node %u is not a parameter of the function", m.keys[i]);
                return false;
            }
            if (f->param_buffers[p]) {
                tj_node_error(r, bmap, "parameter '%s' appears twice in buffer_map", f->params[p]->name);
                return false;
            }
            if (!(f->param_buffers[p] = tj_buffer_at(r, bmap, "buffer_map value", m.values[i])))
                return false;
        }
    }
    for (uint32_t i = 0; i < f->nparams; i++) {
        r->nodes[params[i]].param_pos = 0;
        tir_var *p = f->params[i];
        if (f->param_buffers[i] || p->type_kind != TIR_TYPE_POINTER || !p->elem_dtype.bits)
            continue;
        /* A typed pointer parameter with no buffer: as the TVMScript front end
         * reads p: T.handle("float32") (script.c, pointer_param), the memory
         * of a one-dimensional buffer of extent p_len, which views in the body
         * index and a call's pointer argument provides. */
        if (!tj_scope_supported(r, params[i], p->scope))
            return false;
        char *len_name = tir_arena_alloc(r->a, strlen(p->name) + 5);
        sprintf(len_name, "%s_len", p->name);
        tir_expr *len = tir_var_ref(r->a, tir_var_new(r->a, len_name, TIR_DT_I64, p->loc), p->loc);
        tir_buffer *buf = tir_flat_buffer(r->a, p->name, p->name, p->elem_dtype, len, "global", p->loc);
        buf->data = p;
        f->param_buffers[i] = buf;
        f->params[i] = tir_var_new(r->a, p->name, TIR_DT_HANDLE, p->loc);
    }
    if (!tj_ref_field(r, ni, "ret_type", true, &ret))
        return false;
    switch (tj_is_null(r, ret) ? N_NULL : tj_kind_of(r, ret)) {
    case N_NULL: return true;
    case N_PRIMTYPE:
        f->has_ret_type = true;
        return tj_dtype_field(r, ret, "dtype", &f->ret_dtype);
    case N_TUPLETYPE: {
        /* TupleType([]) is void */
        uint32_t *fields, n;
        if (!tj_list_field(r, ret, "fields", true, &fields, &n))
            return false;
        if (n) {
            tj_node_unsupported(r, ret, "a tuple return type (outside the specified TIR subset)");
            return false;
        }
        return true;
    }
    default: tj_wrong_kind(r, ni, "ret_type", ret, "a PrimType or TupleType"); return false;
    }
}

/* NAME_1, NAME_2, ...: the first that no parameter or its buffer has. */
static char *fresh_param_name(reader *r, const tir_func *f, const char *name)
{
    size_t len = strlen(name) + 16;
    char *fresh = tir_arena_alloc(r->a, len);
    for (unsigned n = 1;; n++) {
        snprintf(fresh, len, "%s_%u", name, n);
        bool taken = false;
        for (uint32_t j = 0; j < f->nparams && !taken; j++)
            taken = strcmp(f->params[j]->name, fresh) == 0 ||
                    (f->param_buffers[j] && strcmp(f->param_buffers[j]->name, fresh) == 0);
        if (!taken)
            return fresh;
    }
}

/* TVM tells parameters apart by identity, not name: LegalizeOps names each
 * output of split 'T_split'.  Later repeats get the suffixes TVMScript
 * prints them with (T_split_1, T_split_2), skipping names already taken. */
static void rename_repeated_params(reader *r, tir_func *f)
{
    for (uint32_t k = 1; k < f->nparams; k++) {
        const char *name = f->param_buffers[k] ? f->param_buffers[k]->name : f->params[k]->name;
        bool repeated = false;
        for (uint32_t j = 0; j < k && !repeated; j++)
            repeated = strcmp(f->param_buffers[j] ? f->param_buffers[j]->name : f->params[j]->name, name) == 0 ||
                       strcmp(f->params[j]->name, name) == 0;
        if (!repeated)
            continue;
        char *fresh = fresh_param_name(r, f, name);
        if (f->param_buffers[k]) {
            bool same = strcmp(f->params[k]->name, f->param_buffers[k]->name) == 0;
            f->param_buffers[k]->name = fresh;
            if (same)
                f->params[k]->name = fresh;
        } else {
            f->params[k]->name = fresh;
        }
    }
    /* Up to 0.25 a buffer parameter is a handle in buffer_map, and the
     * handles repeat too (var_T_split for each output of split): a repeated
     * handle gets a suffix the same way. */
    for (uint32_t k = 1; k < f->nparams; k++) {
        bool repeated = false;
        for (uint32_t j = 0; j < k && !repeated; j++)
            repeated = strcmp(f->params[j]->name, f->params[k]->name) == 0;
        if (repeated && f->param_buffers[k])
            f->params[k]->name = fresh_param_name(r, f, f->params[k]->name);
    }
}

/* name is the GlobalVar's name inside an IRModule, NULL for a PrimFunc saved alone. */
static tir_func *build_func(reader *r, uint32_t ni, const char *name)
{
    if (r->nodes[ni].built)
        return tj_node_error(r, ni, "the same PrimFunc appears twice in the module");
    if (!tj_enter(r, ni))
        return NULL;
    tir_func *f = tir_arena_alloc(r->a, sizeof *f);
    f->loc = node_loc(ni);
    const char *symbol;
    bool ok = false;
    if (!func_attrs(r, ni, f, &symbol) || !func_signature(r, ni, f))
        goto done;
    rename_repeated_params(r, f);
    f->name = name ? name : symbol ? symbol : "main";
    /* In a module, a function without global_symbol is private (section 6.1). */
    f->is_private = name && !symbol;
    drop_default_symbol(f, symbol);
    r->tree_nodes = 0;
    if (!(f->body = tj_stmt_field(r, ni, "body")))
        goto done;
    r->nodes[ni].built = f;
    ok = true;
done:
    tj_leave(r, ni);
    return ok ? f : NULL;
}

static int compare_func_names(const void *x, const void *y)
{
    const tir_func *const *a = x, *const *b = y;
    return strcmp((*a)->name, (*b)->name);
}

static tir_module *build_module(reader *r, uint32_t root)
{
    tir_vec funcs = {0}, relax_fns = {0};
    node_kind rk = tj_kind_of(r, root);
    if (rk == N_PRIMFUNC) {
        tir_func *f = build_func(r, root, NULL);
        if (!f)
            return NULL;
        tir_vec_push(r->a, &funcs, f);
    } else if (rk == N_IRMODULE) {
        uint32_t fm;
        map_entries m;
        if (!tj_ref_field(r, root, "functions", false, &fm) || !tj_map_at(r, root, "functions", fm, &m))
            return NULL;
        if (m.names)
            return tj_node_error(r, fm, "IRModule.functions keys must be GlobalVars, not strings");
        for (uint32_t i = 0; i < m.n; i++) {
            uint32_t gv = m.keys[i], fn = m.values[i];
            if (tj_kind_of(r, gv) != N_GLOBALVAR)
                return tj_wrong_kind(r, fm, "key", gv, "a GlobalVar");
            const char *name = tj_string_field(r, gv, "name_hint");
            if (!name)
                return NULL;
            if (tj_kind_of(r, fn) != N_PRIMFUNC) {
                /* a model's Relax function: read once the PrimFuncs it calls are */
                if (strncmp(r->nodes[fn].type, "relax.", 6) == 0 && strstr(r->nodes[fn].type, "Function")) {
                    tir_vec_push(r->a, &relax_fns, (void *)(uintptr_t)i);
                    continue;
                }
                if (strncmp(r->nodes[fn].type, "relax.", 6) == 0) {
                    tir_diag_note(r->d, node_loc(fn), "skipping Relax function '%s' (only PrimFuncs are TIR)", name);
                    continue;
                }
                return tj_wrong_kind(r, fm, name, fn, "a tir.PrimFunc");
            }
            tir_func *f = build_func(r, fn, name);
            if (!f)
                return NULL;
            tir_vec_push(r->a, &funcs, f);
        }
        size_t nkernels = funcs.len;
        for (size_t k = 0; k < relax_fns.len; k++) {
            uint32_t i = (uint32_t)(uintptr_t)relax_fns.items[k];
            const char *name = tj_string_field(r, m.keys[i], "name_hint");
            tir_vec kernels = {funcs.items, nkernels, nkernels};
            tir_func *f = name ? tj_relax_function(r, m.values[i], name, &kernels, r->bind, r->nbind) : NULL;
            if (!f)
                return NULL;
            tir_vec_push(r->a, &funcs, f);
        }
        if (r->nbind && !relax_fns.len)
            return tj_node_error(r, root, "weights are given (--params), but the module has no Relax function");
    } else {
        return tj_wrong_kind(r, root, "root", root, "an IRModule or a tir.PrimFunc");
    }
    if (funcs.len == 0)
        return tj_node_error(r, root, "the module has no PrimFunc");
    tir_func **sorted = tir_arena_alloc(r->a, funcs.len * sizeof *sorted);
    memcpy(sorted, funcs.items, funcs.len * sizeof *sorted);
    qsort(sorted, funcs.len, sizeof *sorted, compare_func_names);
    for (size_t i = 1; i < funcs.len; i++)
        if (strcmp(sorted[i]->name, sorted[i - 1]->name) == 0) {
            tir_diag_error(r->d, sorted[i]->loc, "duplicate function name '%s'", sorted[i]->name);
            r->failed = true;
            return NULL;
        }
    tir_module *mod = tir_arena_alloc(r->a, sizeof *mod);
    mod->nfuncs = (uint32_t)funcs.len;
    mod->funcs = (tir_func **)funcs.items;
    return mod;
}

/* ---- the file ------------------------------------------------------------------------- */
/* "0.15.0" -> true; unknown versions read as recent. */
static bool version_before_0_16(const tir_json *v)
{
    if (!v || v->kind != TIR_JSON_STRING)
        return false;
    char *end;
    long major = strtol(v->str, &end, 10);
    if (*end != '.')
        return false;
    long minor = strtol(end + 1, NULL, 10);
    return major == 0 && minor < 16;
}

/* Is the version "MAJOR.MINOR..." newer than major.minor? */
static bool version_after(const tir_json *v, long major, long minor)
{
    char *end;
    long ma = strtol(v->str, &end, 10);
    if (*end != '.')
        return false;
    long mi = strtol(end + 1, NULL, 10);
    return ma > major || (ma == major && mi > minor);
}

tir_module *tir_json_build(tir_arena *a, tir_diag *d, const char *src, size_t len, const tir_named_tensor *bind,
                           uint32_t nbind)
{
    tir_json *doc = tir_json_parse(a, d, src, len);
    if (!doc)
        return NULL;
    const tir_json *nodes = tir_json_get(doc, "nodes");
    const tir_json *root = tir_json_get(doc, "root");
    const tir_json *root_index = tir_json_get(doc, "root_index");
    if (doc->kind != TIR_JSON_OBJECT || !nodes || (!root && !root_index)) {
        tir_diag_error(d, no_loc, "not a TVM JSON file: expected an object with \"root\" (or \"root_index\") and "
                                    "\"nodes\", as tvm.ir.save_json writes");
        return NULL;
    }
    if (nodes->kind != TIR_JSON_ARRAY) {
        tir_diag_error(d, no_loc, "\"nodes\" must be an array, got %s", tir_json_kind_name(nodes->kind));
        return NULL;
    }
    reader rd;
    memset(&rd, 0, sizeof rd);
    reader *r = &rd;
    r->a = a;
    r->d = d;
    r->bind = bind;
    r->nbind = nbind;
    r->legacy = root != NULL;
    const tir_json *version = tir_json_get(tir_json_get(doc, r->legacy ? "attrs" : "metadata"), "tvm_version");
    r->inline_lanes = r->legacy && version_before_0_16(version);
    if (version && version->kind == TIR_JSON_STRING) {
        r->version = version->str;
        r->future = version_after(version, 0, 27);
    }
    r->n = nodes->n;
    r->nodes = tir_arena_alloc(a, (r->n ? r->n : 1) * sizeof *r->nodes);
    const char *type_key = r->legacy ? "type_key" : "type";
    for (uint32_t i = 0; i < r->n; i++) {
        slot *s = &r->nodes[i];
        s->j = nodes->items[i];
        const tir_json *t = tir_json_get(s->j, type_key);
        if (!t || t->kind != TIR_JSON_STRING) {
            tir_diag_error(d, no_loc, "node %u: expected an object with a \"%s\" string", i, type_key);
            return NULL;
        }
        s->type = t->str;
        const tir_json *f = tir_json_get(s->j, r->legacy ? "attrs" : "data");
        s->fields = f && f->kind == TIR_JSON_OBJECT ? f : NULL;
    }
    const tir_json *rv = r->legacy ? root : root_index;
    int64_t ri;
    if (!tj_json_int(rv, &ri) || rv->kind == TIR_JSON_TRUE || rv->kind == TIR_JSON_FALSE || ri < 0 ||
        (uint64_t)ri >= r->n) {
        tir_diag_error(d, no_loc, "\"%s\" must be the index of a node (the file has %u nodes)",
                       r->legacy ? "root" : "root_index", r->n);
        return NULL;
    }
    tir_module *m = build_module(r, (uint32_t)ri);
    return r->failed || d->nerrors ? NULL : m;
}
