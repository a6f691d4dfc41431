/* TVM JSON variables, buffers and PrimExprs, node for node: no type
 * promotion and no folding. */
#include "tvm_json_reader.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- types ---------------------------------------------------------------------- */
/* A PointerType's element type and storage scope, onto v. */
static bool pointer_type(reader *r, uint32_t ta, tir_var *v)
{
    v->type_kind = TIR_TYPE_POINTER;
    v->scope = "global";
    uint32_t et, sc;
    if (!tj_ref_field(r, ta, "element_type", true, &et) || !tj_ref_field(r, ta, "storage_scope", true, &sc))
        return false;
    if (!tj_is_null(r, et)) {
        if (tj_kind_of(r, et) != N_PRIMTYPE)
            return tj_wrong_kind(r, ta, "element_type", et, "a PrimType");
        if (!tj_dtype_field(r, et, "dtype", &v->elem_dtype))
            return false;
    }
    if (!tj_is_null(r, sc)) {
        const char *scope = tj_string_at(r, ta, "storage_scope", sc);
        if (!scope)
            return false;
        if (scope[0]) /* "" means global (section 6.2) */
            v->scope = scope;
    }
    return true;
}

/* The dtype of an expression node: its "dtype" string (up to 0.25) or its
 * "ty" type node (0.26: a PrimType, or a PointerType for handles). */
bool tj_expr_dtype(reader *r, uint32_t ni, tir_dtype *out)
{
    if (tj_field(r, ni, "dtype") || !tj_field(r, ni, "ty"))
        return tj_dtype_field(r, ni, "dtype", out);
    uint32_t ty;
    if (!tj_ref_field(r, ni, "ty", false, &ty))
        return false;
    switch (tj_kind_of(r, ty)) {
    case N_PRIMTYPE: return tj_dtype_field(r, ty, "dtype", out);
    case N_POINTERTYPE: *out = TIR_DT_HANDLE; return true;
    default: tj_wrong_kind(r, ni, "ty", ty, "a PrimType or PointerType"); return false;
    }
}

/* ---- variables ------------------------------------------------------------------- */
static void *build_var(reader *r, uint32_t ni)
{
    const char *name = tj_string_field(r, ni, tj_field(r, ni, "name") || !tj_field(r, ni, "name_hint") ? "name" : "name_hint");
    tir_dtype dt;
    if (!name || !tj_expr_dtype(r, ni, &dt))
        return NULL;
    tir_var *v = tir_var_new(r->a, name, dt, node_loc(ni));
    uint32_t ta;
    /* 0.26 keeps the whole type in "ty"; earlier versions add "type_annotation" */
    if (!tj_ref_field(r, ni, tj_field(r, ni, "dtype") ? "type_annotation" : "ty", true, &ta))
        return NULL;
    if (tj_is_null(r, ta))
        return v;
    switch (tj_kind_of(r, ta)) {
    case N_PRIMTYPE: return v;
    case N_TUPLETYPE: v->type_kind = TIR_TYPE_TUPLE; return v;
    case N_POINTERTYPE: return pointer_type(r, ta, v) ? v : NULL;
    default: return tj_wrong_kind(r, ni, "type_annotation", ta, "a type");
    }
}

tir_var *tj_var_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    if (ni == ABSENT || tj_kind_of(r, ni) != N_VAR)
        return tj_wrong_kind(r, from, fname, ni, "a Var");
    return tj_build_shared(r, ni, build_var);
}

tir_var *tj_var_field(reader *r, uint32_t ni, const char *name)
{
    uint32_t k;
    return tj_ref_field(r, ni, name, false, &k) ? tj_var_at(r, ni, name, k) : NULL;
}

tir_expr *tj_expr_field(reader *r, uint32_t ni, const char *name)
{
    uint32_t k;
    return tj_ref_field(r, ni, name, false, &k) ? tj_expr_at(r, ni, name, k) : NULL;
}

/* An optional PrimExpr field: *out is NULL when the field is null or absent. */
bool tj_opt_expr_field(reader *r, uint32_t ni, const char *name, tir_expr **out)
{
    uint32_t k;
    *out = NULL;
    if (!tj_ref_field(r, ni, name, true, &k))
        return false;
    if (tj_is_null(r, k))
        return true;
    *out = tj_expr_at(r, ni, name, k);
    return *out != NULL;
}

bool tj_expr_list_field(reader *r, uint32_t ni, const char *name, bool optional, tir_expr ***out, uint32_t *n)
{
    uint32_t *items;
    if (!tj_list_field(r, ni, name, optional, &items, n))
        return false;
    *out = tir_arena_alloc(r->a, (*n ? *n : 1) * sizeof **out);
    for (uint32_t i = 0; i < *n; i++) {
        char where[64];
        snprintf(where, sizeof where, "%s[%u]", name, i);
        if (!((*out)[i] = tj_expr_at(r, ni, where, items[i])))
            return false;
    }
    return true;
}

bool tj_scope_supported(reader *r, uint32_t ni, const char *scope)
{
    if (strcmp(scope, "global") == 0 || strcmp(scope, "local") == 0)
        return true;
    tj_node_unsupported(r, ni, "storage scope '%.40s' (outside the specified TIR subset)", scope);
    return false;
}

/* A buffer's layout (0.25+) must be none or the default row-major TileLayout,
 * which TVM gives every buffer of a function without s_tir=True; any other
 * layout, or a fixed allocated address, maps elements onto GPU lanes or
 * pooled memory (tvmscript-tirx.md section 2.6). */
bool tj_no_layout(reader *r, uint32_t ni)
{
    uint32_t lay, *addr, naddr;
    if (!tj_ref_field(r, ni, "layout", true, &lay) || !tj_list_field(r, ni, "allocated_addr", true, &addr, &naddr))
        return false;
    if (naddr) {
        tj_node_unsupported(r, ni, "a buffer at a fixed allocated address (a tirx GPU construct)");
        return false;
    }
    if (tj_is_null(r, lay))
        return true;
    if (tj_kind_of(r, lay) != N_LAYOUT)
        return tj_unsupported_node(r, lay) != NULL;
    uint32_t sh, rep, off, *iters, niters, *reps, nreps;
    if (!tj_ref_field(r, lay, "shard", false, &sh) || !tj_ref_field(r, lay, "replica", true, &rep) ||
        !tj_ref_field(r, lay, "offset", true, &off) || !tj_list_field(r, lay, "shard", false, &iters, &niters) ||
        !tj_list_field(r, lay, "replica", true, &reps, &nreps))
        return false;
    bool plain = nreps == 0;
    if (plain && !tj_is_null(r, off)) {
        map_entries m;
        if (!tj_map_at(r, lay, "offset", off, &m))
            return false;
        plain = m.n == 0;
    }
    /* shard: one Iter per dimension, strides row-major, all on axis "m" */
    int64_t stride = 1;
    for (uint32_t i = niters; plain && i-- > 0;) {
        uint32_t ext, st, ax;
        int64_t e, s;
        if (!tj_ref_field(r, iters[i], "extent", false, &ext) || !tj_ref_field(r, iters[i], "stride", false, &st) ||
            !tj_ref_field(r, iters[i], "axis", false, &ax))
            return false;
        const tir_json *axis = tir_json_get(r->nodes[ax].j, "data"); /* tirx.Axis: its name */
        plain = tj_kind_of(r, ext) == N_INTIMM && tj_kind_of(r, st) == N_INTIMM &&
                tj_int_field(r, ext, "value", false, 0, &e) && tj_int_field(r, st, "value", false, 0, &s) &&
                s == stride && axis && axis->kind == TIR_JSON_STRING && strcmp(axis->str, "m") == 0 && e >= 0 &&
                (e == 0 || stride <= INT64_MAX / e);
        if (plain)
            stride *= e;
    }
    if (!plain && !r->failed)
        tj_node_unsupported(r, ni, "a buffer layout other than row-major (a tirx GPU construct)");
    return plain;
}

/* Fields common to tirx.Buffer and 0.26's tirx.BufferType, from node ni. */
static bool buffer_fields(reader *r, uint32_t ni, tir_buffer *b)
{
    if (!tj_expr_list_field(r, ni, "shape", false, &b->shape, &b->ndim) ||
        !tj_expr_list_field(r, ni, "strides", true, &b->strides, &b->nstrides) ||
        !tj_opt_expr_field(r, ni, "elem_offset", &b->elem_offset))
        return false;
    uint32_t *seps, nseps;
    if (!tj_list_field(r, ni, "axis_separators", true, &seps, &nseps))
        return false;
    /* axis_separators: physical dimensions, row-major like tirvm's flat
     * layout, so they change no index's element (see sb_make_buffer) */
    int64_t prev = 0;
    for (uint32_t i = 0; i < nseps; i++) {
        tir_expr *x = tj_expr_at(r, ni, "axis_separators", seps[i]);
        if (!x)
            return false;
        if (x->kind != TIR_E_INT)
            return tj_node_error(r, ni, "axis_separators must be integer constants");
        int64_t v = x->ival;
        if (v < prev || v > (int64_t)b->ndim)
            return tj_node_error(r, ni, "axis_separators must be non-decreasing and within 0..%u (the buffer's rank)",
                                 b->ndim);
        prev = v;
    }
    int64_t align, factor, type;
    if (!tj_int_field(r, ni, "data_alignment", true, 64, &align) || !tj_int_field(r, ni, "offset_factor", true, 1, &factor) ||
        !tj_int_field(r, ni, "buffer_type", true, 1, &type) || !tj_no_layout(r, ni))
        return false;
    if (align < 0 || align > INT32_MAX || factor < 0 || factor > INT32_MAX)
        return tj_node_error(r, ni, "data_alignment and offset_factor must be non-negative 32-bit integers");
    if (type != 1 && type != 2)
        return tj_node_error(r, ni, "field 'buffer_type': expected 1 (default) or 2 (auto broadcast), got %lld",
                          (long long)type);
    b->data_alignment = (int)align;
    b->offset_factor = (int)factor;
    b->auto_broadcast = type == 2;
    return true;
}

static void *build_buffer(reader *r, uint32_t ni)
{
    tir_buffer *b = tir_arena_alloc(r->a, sizeof *b);
    b->loc = node_loc(ni);
    b->name = tj_string_field(r, ni, "name");
    if (!b->name || !(b->data = tj_var_field(r, ni, "data")) || !tj_dtype_field(r, ni, "dtype", &b->dtype) ||
        !buffer_fields(r, ni, b))
        return NULL;
    b->scope = b->data->type_kind == TIR_TYPE_POINTER && b->data->scope ? b->data->scope : "global";
    return tj_scope_supported(r, ni, b->scope) ? b : NULL;
}

/* 0.26: a buffer is an ir.Var of type tirx.BufferType, with no data Var of
 * its own; it gets a fresh one (which a DeclBuffer may replace by the
 * pointer it re-views), and tirx.buffer_data(A) reads it. */
static void *build_buffer_var(reader *r, uint32_t ni)
{
    tir_buffer *b = tir_arena_alloc(r->a, sizeof *b);
    b->loc = node_loc(ni);
    uint32_t ty, dt, sc;
    if (!(b->name = tj_string_field(r, ni, "name")) || !tj_ref_field(r, ni, "ty", false, &ty) ||
        !tj_ref_field(r, ty, "dtype", false, &dt) || !tj_ref_field(r, ty, "storage_scope", true, &sc))
        return NULL;
    if (tj_kind_of(r, dt) != N_PRIMTYPE)
        return tj_wrong_kind(r, ty, "dtype", dt, "a PrimType");
    if (!tj_dtype_field(r, dt, "dtype", &b->dtype) || !buffer_fields(r, ty, b))
        return NULL;
    b->scope = "global";
    if (!tj_is_null(r, sc)) {
        const char *scope = tj_string_at(r, ty, "storage_scope", sc);
        if (!scope)
            return NULL;
        if (scope[0])
            b->scope = scope;
    }
    if (!tj_scope_supported(r, ty, b->scope))
        return NULL;
    b->data = tir_var_new(r->a, b->name, TIR_DT_HANDLE, node_loc(ni));
    b->data->type_kind = TIR_TYPE_POINTER;
    b->data->scope = b->scope;
    b->data->elem_dtype = b->dtype;
    return b;
}

tir_buffer *tj_buffer_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    node_kind k = ni == ABSENT ? N_NULL : tj_kind_of(r, ni);
    if (k == N_BUFVAR)
        return tj_build_shared(r, ni, build_buffer_var);
    if (k != N_BUFFER)
        return tj_wrong_kind(r, from, fname, ni, "a Buffer");
    return tj_build_shared(r, ni, build_buffer);
}

tir_buffer *tj_buffer_field(reader *r, uint32_t ni, const char *name)
{
    uint32_t k;
    return tj_ref_field(r, ni, name, false, &k) ? tj_buffer_at(r, ni, name, k) : NULL;
}

/* BufferLoad and BufferStore predicates have no place in the subset's AST. */
bool tj_no_predicate(reader *r, uint32_t ni)
{
    uint32_t k;
    if (!tj_ref_field(r, ni, "predicate", true, &k))
        return false;
    if (tj_is_null(r, k))
        return true;
    tj_node_unsupported(r, ni, "a predicated buffer access (outside the specified TIR subset)");
    return false;
}

/* Ramp/Broadcast lanes: an IntImm node since v0.16, a plain integer before. */
static bool lanes_field(reader *r, uint32_t ni, int *out)
{
    int64_t lanes;
    if (r->inline_lanes) {
        if (!tj_int_field(r, ni, "lanes", false, 0, &lanes))
            return false;
    } else {
        uint32_t k;
        if (!tj_ref_field(r, ni, "lanes", false, &k))
            return false;
        if (tj_kind_of(r, k) != N_INTIMM) {
            if (tj_is_expr_kind(tj_kind_of(r, k)))
                tj_node_unsupported(r, ni, "scalable vector lanes (outside the specified TIR subset)");
            else
                tj_wrong_kind(r, ni, "lanes", k, "an IntImm");
            return false;
        }
        if (!tj_int_field(r, k, "value", false, 0, &lanes))
            return false;
    }
    if (lanes < 1 || lanes > UINT16_MAX) {
        tj_node_error(r, ni, "lanes must be between 1 and %d, got %lld", UINT16_MAX, (long long)lanes);
        return false;
    }
    *out = (int)lanes;
    return true;
}

static bool int_value(reader *r, uint32_t ni, tir_dtype dt, int64_t *out)
{
    const tir_json *v = tj_field(r, ni, "value");
    if (tj_json_int(v, out) && v->kind != TIR_JSON_TRUE && v->kind != TIR_JSON_FALSE)
        return true;
    /* uint64 values above INT64_MAX (legacy decimal strings; tvm-ffi writes
     * their int64 bits) are kept as their bits, like the AST does. */
    uint64_t u;
    if (v && v->kind == TIR_JSON_STRING && dt.code == TIR_CODE_UINT &&
        tir_json_parse_uint64(v->str, v->len, &u)) {
        *out = (int64_t)u;
        return true;
    }
    tj_node_error(r, ni, "field 'value': expected an integer that fits the dtype, got %s%s%.40s%s", tj_json_label(v),
               v && v->kind == TIR_JSON_STRING ? " \"" : "", v && v->kind == TIR_JSON_STRING ? v->str : "",
               v && v->kind == TIR_JSON_STRING ? "\"" : "");
    return false;
}

/* FloatImm values: JSON numbers (NaN and +-Infinity included) or the legacy
 * C++ stream text ("0.5", "1e-05", "inf", "-inf", "nan"). */
static bool float_value(reader *r, uint32_t ni, double *out)
{
    const tir_json *v = tj_field(r, ni, "value");
    if (v && v->kind == TIR_JSON_NUMBER) {
        *out = v->num;
        return true;
    }
    if (v && v->kind == TIR_JSON_STRING && v->len > 0 && (unsigned char)v->str[0] > ' ') {
        char *end;
        double x = strtod(v->str, &end);
        if (end == v->str + v->len) {
            *out = x;
            return true;
        }
    }
    tj_node_error(r, ni, "field 'value': expected a float, got %s", tj_json_label(v));
    return false;
}

static void *build_global_var(reader *r, uint32_t ni)
{
    return (void *)(uintptr_t)tj_string_field(r, ni, "name_hint");
}

/* tirx.buffer_data(A) (0.26): the pointer of buffer Var A. */
static tir_expr *buffer_data(reader *r, uint32_t ni)
{
    uint32_t *args, n;
    if (!tj_list_field(r, ni, "args", false, &args, &n))
        return NULL;
    if (n != 1)
        return tj_node_error(r, ni, "tirx.buffer_data takes one buffer, got %u arguments", n);
    tir_buffer *b = tj_buffer_at(r, ni, "args[0]", args[0]);
    return b ? tir_var_ref(r->a, b->data, node_loc(ni)) : NULL;
}

static void *build_expr(reader *r, uint32_t ni)
{
    tir_loc loc = node_loc(ni);
    node_kind kind = tj_kind_of(r, ni);
    tir_dtype dt;
    if (!tj_expr_dtype(r, ni, &dt))
        return NULL;
    tir_expr *e;
    switch (kind) {
    case N_INTIMM: {
        int64_t v;
        return int_value(r, ni, dt, &v) ? tir_int(r->a, dt, v, loc) : NULL;
    }
    case N_FLOATIMM: {
        double v;
        return float_value(r, ni, &v) ? tir_float(r->a, dt, v, loc) : NULL;
    }
    case N_STRINGIMM:
        e = tir_expr_new(r->a, TIR_E_STR, dt, loc);
        return (e->str = tj_string_field(r, ni, "value")) ? e : NULL;
    case N_CAST:
        e = tir_expr_new(r->a, TIR_E_CAST, dt, loc);
        return (e->a = tj_expr_field(r, ni, "value")) ? e : NULL;
    case N_SELECT:
        e = tir_expr_new(r->a, TIR_E_SELECT, dt, loc);
        if (!(e->a = tj_expr_field(r, ni, "condition")) || !(e->b = tj_expr_field(r, ni, "true_value")) ||
            !(e->c = tj_expr_field(r, ni, "false_value")))
            return NULL;
        return e;
    case N_LOAD:
        e = tir_expr_new(r->a, TIR_E_LOAD, dt, loc);
        if (!(e->buffer = tj_buffer_field(r, ni, "buffer")) ||
            !tj_expr_list_field(r, ni, "indices", false, &e->args, &e->nargs) ||
            !tj_no_predicate(r, ni))
            return NULL;
        return e;
    case N_RAMP:
        e = tir_expr_new(r->a, TIR_E_RAMP, dt, loc);
        if (!(e->a = tj_expr_field(r, ni, "base")) || !(e->b = tj_expr_field(r, ni, "stride")) ||
            !lanes_field(r, ni, &e->lanes))
            return NULL;
        return e;
    case N_BROADCAST:
        e = tir_expr_new(r->a, TIR_E_BROADCAST, dt, loc);
        if (!(e->a = tj_expr_field(r, ni, "value")) || !lanes_field(r, ni, &e->lanes))
            return NULL;
        return e;
    case N_LET:
        e = tir_expr_new(r->a, TIR_E_LET, dt, loc);
        if (!(e->var = tj_var_field(r, ni, "var")) || !(e->a = tj_expr_field(r, ni, "value")) ||
            !(e->b = tj_expr_field(r, ni, "body")))
            return NULL;
        return e;
    case N_CALL: {
        e = tir_expr_new(r->a, TIR_E_CALL, dt, loc);
        uint32_t op;
        if (!tj_ref_field(r, ni, "op", false, &op))
            return NULL;
        if (tj_kind_of(r, op) == N_OP) {
            if (!(e->op = tj_build_shared(r, op, tj_build_text)))
                return NULL;
            if (strncmp(e->op, "tirx.", 5) == 0) {
                /* tirx op names are the classic ones under a new prefix */
                char *classic = tir_arena_alloc(r->a, strlen(e->op));
                sprintf(classic, "tir.%s", e->op + 5);
                e->op = classic;
            }
            if (strcmp(e->op, "tir.buffer_data") == 0)
                return buffer_data(r, ni);
            tir_call_set_op(e, e->op);
        } else if (tj_kind_of(r, op) == N_GLOBALVAR) {
            /* A call of another PrimFunc of the module, by its GlobalVar's name (section 6.1). */
            if (!(e->callee = tj_build_shared(r, op, build_global_var)))
                return NULL;
        } else {
            return tj_wrong_kind(r, ni, "op", op, "an Op or a GlobalVar");
        }
        return tj_expr_list_field(r, ni, "args", false, &e->args, &e->nargs) ? e : NULL;
    }
    case N_SHUFFLE:
        e = tir_expr_new(r->a, TIR_E_SHUFFLE, dt, loc);
        if (!tj_expr_list_field(r, ni, "vectors", false, &e->args, &e->nargs) ||
            !tj_expr_list_field(r, ni, "indices", false, &e->args2, &e->nargs2))
            return NULL;
        return e;
    case N_BINARY:
        e = tir_expr_new(r->a, r->nodes[ni].op, dt, loc);
        if (!(e->a = tj_expr_field(r, ni, "a")) || !(e->b = tj_expr_field(r, ni, "b")))
            return NULL;
        return e;
    case N_NOT:
        e = tir_expr_new(r->a, TIR_E_NOT, dt, loc);
        return (e->a = tj_expr_field(r, ni, "a")) ? e : NULL;
    default:
        return tj_unsupported_node(r, ni);
    }
}

tir_expr *tj_expr_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    node_kind k = ni == ABSENT ? N_NULL : tj_kind_of(r, ni);
    if (!tj_is_expr_kind(k))
        return tj_wrong_kind(r, from, fname, ni, "a PrimExpr");
    if (k == N_VAR) {
        /* Every use of a variable is its own Var expression of the one shared variable. */
        tir_var *v = tj_build_shared(r, ni, build_var);
        return v ? tir_var_ref(r->a, v, node_loc(ni)) : NULL;
    }
    return tj_build_shared(r, ni, build_expr);
}
