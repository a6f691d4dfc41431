/* The node graph of a TVM JSON file: type keys, fields, node references,
 * strings, arrays and maps, each built once and shared. */
#include "tvm_json_reader.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Type keys of every format.  The "ir." prefix that v0.21+ puts on base types
 * (ir.IntImm, ir.Range, ...) is stripped before the lookup (section 1); a
 * "tirx." key of TVM >= 0.24 not listed here reads as its "tir." namesake
 * (tvmscript-tirx.md section 2.2). */
static const struct node_type_row {
    const char *name;
    node_kind kind;
    tir_expr_kind op; /* N_BINARY */
} node_types[] = {
    {"", N_NULL, 0}, {"None", N_NULL, 0},
    {"runtime.String", N_STRING, 0}, {"ffi.String", N_STRING, 0},
    {"Array", N_ARRAY, 0}, {"ffi.Array", N_ARRAY, 0}, {"ffi.List", N_ARRAY, 0},
    {"Map", N_MAP, 0}, {"ffi.Map", N_MAP, 0}, {"ffi.Dict", N_MAP, 0},
    {"runtime.BoxBool", N_BOXED, 0}, {"runtime.BoxInt", N_BOXED, 0}, {"runtime.BoxFloat", N_BOXED, 0},
    {"bool", N_BOXED, 0}, {"int", N_BOXED, 0}, {"float", N_BOXED, 0}, {"DataType", N_BOXED, 0},
    {"Op", N_OP, 0}, {"IRModule", N_IRMODULE, 0}, {"GlobalVar", N_GLOBALVAR, 0},
    {"tir.PrimFunc", N_PRIMFUNC, 0}, {"DictAttrs", N_DICTATTRS, 0}, {"PrimType", N_PRIMTYPE, 0},
    {"PointerType", N_POINTERTYPE, 0}, {"TupleType", N_TUPLETYPE, 0},
    {"tir.Var", N_VAR, 0}, {"tir.SizeVar", N_VAR, 0}, {"tir.Buffer", N_BUFFER, 0}, {"Range", N_RANGE, 0},
    {"tir.IterVar", N_ITERVAR, 0}, {"tir.BufferRegion", N_BUFFERREGION, 0},
    {"tir.MatchBufferRegion", N_MATCHBUFFERREGION, 0}, {"tir.Block", N_BLOCK, 0},
    {"IntImm", N_INTIMM, 0}, {"FloatImm", N_FLOATIMM, 0}, {"tir.StringImm", N_STRINGIMM, 0},
    {"tir.Cast", N_CAST, 0}, {"tir.Select", N_SELECT, 0}, {"tir.BufferLoad", N_LOAD, 0},
    {"tir.Ramp", N_RAMP, 0}, {"tir.Broadcast", N_BROADCAST, 0}, {"tir.Let", N_LET, 0},
    {"tir.Call", N_CALL, 0}, {"tir.Shuffle", N_SHUFFLE, 0},
    {"tir.Add", N_BINARY, TIR_E_ADD}, {"tir.Sub", N_BINARY, TIR_E_SUB}, {"tir.Mul", N_BINARY, TIR_E_MUL},
    {"tir.Div", N_BINARY, TIR_E_DIV}, {"tir.Mod", N_BINARY, TIR_E_MOD},
    {"tir.FloorDiv", N_BINARY, TIR_E_FLOORDIV}, {"tir.FloorMod", N_BINARY, TIR_E_FLOORMOD},
    {"tir.Min", N_BINARY, TIR_E_MIN}, {"tir.Max", N_BINARY, TIR_E_MAX},
    {"tir.EQ", N_BINARY, TIR_E_EQ}, {"tir.NE", N_BINARY, TIR_E_NE}, {"tir.LT", N_BINARY, TIR_E_LT},
    {"tir.LE", N_BINARY, TIR_E_LE}, {"tir.GE", N_BINARY, TIR_E_GE}, {"tir.GT", N_BINARY, TIR_E_GT},
    {"tir.And", N_BINARY, TIR_E_AND}, {"tir.Or", N_BINARY, TIR_E_OR}, {"tir.Not", N_NOT, 0},
    {"tir.LetStmt", N_LETSTMT, 0}, {"tir.AttrStmt", N_ATTRSTMT, 0}, {"tir.AssertStmt", N_ASSERT, 0},
    {"tir.BufferStore", N_STORE, 0}, {"tir.BufferRealize", N_REALIZE, 0}, {"tir.Allocate", N_ALLOCATE, 0},
    {"tir.DeclBuffer", N_DECLBUFFER, 0}, {"tir.SeqStmt", N_SEQ, 0}, {"tir.IfThenElse", N_IF, 0},
    {"tir.Evaluate", N_EVALUATE, 0}, {"tir.For", N_FOR, 0}, {"tir.While", N_WHILE, 0},
    {"tir.BlockRealize", N_BLOCKREALIZE, 0},
    /* tirx: 0.24 renamed blocks and made Bind, AllocBuffer, DeclBuffer and
     * AssertStmt flat; 0.25 added Break and Continue, 0.26 Return, ir.Var
     * and ir.Call (ir.Var of a tirx.BufferType is a buffer). */
    {"tirx.SBlock", N_BLOCK, 0}, {"tirx.SBlockRealize", N_BLOCKREALIZE, 0},
    {"tirx.Bind", N_BIND, 0}, {"tirx.AllocBuffer", N_ALLOCBUFFER, 0},
    {"tirx.Break", N_BREAK, 0}, {"tirx.Continue", N_CONTINUE, 0}, {"tirx.Return", N_RETURN, 0},
    {"Var", N_VAR, 0}, {"Call", N_CALL, 0}, {"Type", N_TYPE, 0},
    {"tirx.BufferType", N_BUFFERTYPE, 0}, {"tirx.TileLayout", N_LAYOUT, 0},
};

/* tirx nodes that exist for GPUs and accelerators only (tvmscript-tirx.md
 * section 3): named in the refusal rather than reported as unknown. */
static const char *const gpu_node_types[] = {
    "tirx.ScopeIdDefStmt", "tirx.ScopeIdDef", "tirx.TilePrimitiveCall", "tirx.ExecScope", "tirx.ComposeLayout",
    "tirx.SwizzleLayout", "tirx.Pipeline", "tirx.CopyPipeline", "tirx.Predicate", "tirx.LambdaExpr",
};

/* ---- errors ----------------------------------------------------------------- */

static const char *type_label(const reader *r, uint32_t ni)
{
    const char *t = r->nodes[ni].type;
    return t[0] && strcmp(t, "None") != 0 ? t : "null";
}

/* "node N (TYPE): [unsupported: ]MESSAGE", once per reader. */
static void *node_error_v(reader *r, uint32_t ni, tir_diag_class cls, const char *fmt, va_list ap)
{
    if (r->failed)
        return NULL;
    r->failed = true;
    char msg[768];
    vsnprintf(msg, sizeof msg, fmt, ap);
    tir_diag_class_error(r->d, cls, no_loc, "node %u (%.80s): %s%s", ni, type_label(r, ni),
                         cls == TIR_DIAG_UNSUPPORTED ? "unsupported: " : "", msg);
    return NULL;
}

void *tj_node_error(reader *r, uint32_t ni, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    node_error_v(r, ni, TIR_DIAG_ERROR, fmt, ap);
    va_end(ap);
    return NULL;
}

void *tj_node_unsupported(reader *r, uint32_t ni, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    node_error_v(r, ni, TIR_DIAG_UNSUPPORTED, fmt, ap);
    va_end(ap);
    return NULL;
}

void *tj_unsupported_node(reader *r, uint32_t ni)
{
    if (r->failed)
        return NULL;
    r->failed = true;
    const char *t = r->nodes[ni].type;
    for (size_t i = 0; i < sizeof gpu_node_types / sizeof gpu_node_types[0]; i++)
        if (strcmp(t, gpu_node_types[i]) == 0) {
            tir_diag_unsupported(r->d, no_loc,
                           "tirx GPU construct '%s' (node %u): it only has a meaning on a GPU or "
                           "accelerator, and tirvm runs TIR on CPUs",
                           t, ni);
            return NULL;
        }
    if (r->future)
        tir_diag_unsupported(r->d, no_loc,
                       "TVM JSON node '%.80s' (node %u); the file was written by TVM %.40s, newer than "
                       "the releases this tirc reads (up to 0.27)",
                       t, ni, r->version);
    else
        tir_diag_unsupported(r->d, no_loc, "TVM JSON node '%.80s' (node %u)", t, ni);
    return NULL;
}

/* ---- nodes and their fields --------------------------------------------------- */
static const struct node_type_row *lookup_type(const char *t)
{
    for (size_t i = 0; i < sizeof node_types / sizeof node_types[0]; i++)
        if (strcmp(node_types[i].name, t) == 0)
            return &node_types[i];
    return NULL;
}

/* Is node ni's "ty" field a tirx.BufferType node (a 0.26 buffer Var)? */
static bool typed_as_buffer(const reader *r, uint32_t ni)
{
    int64_t k;
    const tir_json *ty = tj_field(r, ni, "ty");
    return ty && ty->kind == TIR_JSON_NUMBER && tj_json_int(ty, &k) && k >= 0 && (uint64_t)k < r->n &&
           strcmp(r->nodes[k].type, "tirx.BufferType") == 0;
}

node_kind tj_kind_of(reader *r, uint32_t ni)
{
    slot *s = &r->nodes[ni];
    if (!s->classified) {
        const char *t = strncmp(s->type, "ir.", 3) == 0 ? s->type + 3 : s->type;
        const struct node_type_row *row = lookup_type(t);
        if (!row && strncmp(t, "tirx.", 5) == 0 && strlen(t) < 80) {
            char classic[96];
            snprintf(classic, sizeof classic, "tir.%s", t + 5);
            row = lookup_type(classic);
        }
        s->kind = row ? row->kind : N_UNKNOWN;
        s->op = row ? row->op : 0;
        if (s->kind == N_VAR && typed_as_buffer(r, ni))
            s->kind = N_BUFVAR;
        s->classified = true;
    }
    return s->kind;
}

bool tj_is_null(reader *r, uint32_t ni) { return ni == ABSENT || tj_kind_of(r, ni) == N_NULL; }

/* "field 'x': expected Y, got Z"; a node of an unknown type is reported as unsupported instead. */
void *tj_wrong_kind(reader *r, uint32_t from, const char *fname, uint32_t ni, const char *expected)
{
    if (ni != ABSENT && tj_kind_of(r, ni) == N_UNKNOWN)
        return tj_unsupported_node(r, ni);
    if (ni == ABSENT)
        return tj_node_error(r, from, "field '%s' is missing: expected %s", fname, expected);
    return tj_node_error(r, from, "field '%s': expected %s, got %.80s (node %u)", fname, expected, type_label(r, ni), ni);
}

const tir_json *tj_field(const reader *r, uint32_t ni, const char *name)
{
    return tir_json_get(r->nodes[ni].fields, name);
}

/* Integers are decimal strings in the legacy format and JSON numbers in the
 * tvm-ffi one; both are accepted everywhere. */
bool tj_json_int(const tir_json *v, int64_t *out)
{
    if (!v)
        return false;
    switch (v->kind) {
    case TIR_JSON_NUMBER: return tir_json_int64(v, out);
    case TIR_JSON_STRING: return tir_json_parse_int64(v->str, v->len, out);
    case TIR_JSON_TRUE: *out = 1; return true;
    case TIR_JSON_FALSE: *out = 0; return true;
    default: return false;
    }
}

const char *tj_json_label(const tir_json *v)
{
    return v ? tir_json_kind_name(v->kind) : "nothing";
}

/* A node index held by a JSON value (an array element or a tj_field). */
static bool node_index(reader *r, uint32_t from, const char *what, const tir_json *v, uint32_t *out)
{
    int64_t k;
    if (!v || v->kind == TIR_JSON_TRUE || v->kind == TIR_JSON_FALSE || !tj_json_int(v, &k)) {
        tj_node_error(r, from, "%s: expected a node index, got %s", what, tj_json_label(v));
        return false;
    }
    if (k < 0 || (uint64_t)k >= r->n) {
        tj_node_error(r, from, "%s: node index %lld is out of range (the file has %u nodes)", what, (long long)k, r->n);
        return false;
    }
    *out = (uint32_t)k;
    return true;
}

/* The node a field refers to; ABSENT when an optional field is missing. */
bool tj_ref_field(reader *r, uint32_t ni, const char *name, bool optional, uint32_t *out)
{
    const tir_json *v = tj_field(r, ni, name);
    if (!v) {
        if (optional) {
            *out = ABSENT;
            return true;
        }
        tj_node_error(r, ni, "field '%s' is missing", name);
        return false;
    }
    char what[64];
    snprintf(what, sizeof what, "field '%s'", name);
    return node_index(r, ni, what, v, out);
}

bool tj_int_field(reader *r, uint32_t ni, const char *name, bool optional, int64_t dflt, int64_t *out)
{
    const tir_json *v = tj_field(r, ni, name);
    if (!v && optional) {
        *out = dflt;
        return true;
    }
    if (!tj_json_int(v, out)) {
        tj_node_error(r, ni, "field '%s': expected an integer, got %s", name, tj_json_label(v));
        return false;
    }
    return true;
}

bool tj_dtype_field(reader *r, uint32_t ni, const char *name, tir_dtype *out)
{
    const tir_json *v = tj_field(r, ni, name);
    if (!v || v->kind != TIR_JSON_STRING) {
        tj_node_error(r, ni, "field '%s': expected a dtype string, got %s", name, tj_json_label(v));
        return false;
    }
    if (!tir_dtype_parse(v->str, v->len, out)) {
        tj_node_unsupported(r, ni, "dtype '%.40s'", v->str);
        return false;
    }
    return true;
}

bool tj_enter(reader *r, uint32_t ni)
{
    slot *s = &r->nodes[ni];
    if (s->visiting) {
        tj_node_error(r, ni, "reference cycle: the node is reached again through its own fields");
        return false;
    }
    if (r->depth >= MAX_REF_DEPTH) {
        tj_node_error(r, ni, "references nested deeper than %d levels", MAX_REF_DEPTH);
        return false;
    }
    s->visiting = true;
    r->depth++;
    return true;
}

void tj_leave(reader *r, uint32_t ni)
{
    r->nodes[ni].visiting = false;
    r->depth--;
}


/* Builds node ni once, shares the result with every later reference, and
 * counts its unfolded size into the node being built. */
void *tj_build_shared(reader *r, uint32_t ni, build_fn fn)
{
    slot *s = &r->nodes[ni];
    if (!s->built) {
        if (r->failed || !tj_enter(r, ni))
            return NULL;
        uint64_t outer = r->tree_nodes;
        r->tree_nodes = 1;
        void *obj = fn(r, ni);
        s->tree_nodes = r->tree_nodes;
        r->tree_nodes = outer;
        tj_leave(r, ni);
        if (!obj || r->failed)
            return NULL;
        s->built = obj;
    }
    r->tree_nodes += s->tree_nodes;
    if (r->tree_nodes > MAX_TREE_NODES)
        return tj_node_error(r, ni, "the program unfolds to more than %llu AST nodes (a shared node counts at every use)",
                          (unsigned long long)MAX_TREE_NODES);
    return s->built;
}

/* ---- strings, arrays and maps ---------------------------------------------------- */
static int base64_value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

const uint8_t *tj_base64(reader *r, const char *s, size_t len, size_t *out_len)
{
    uint8_t *out = tir_arena_alloc(r->a, len / 4 * 3 + 4);
    size_t n = 0;
    uint32_t acc = 0;
    int bits = 0;
    size_t i = 0;
    for (; i < len && s[i] != '='; i++) {
        int x = base64_value(s[i]);
        if (x < 0)
            return NULL;
        acc = (acc << 6) | (uint32_t)x;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (uint8_t)((acc >> bits) & 0xff);
        }
    }
    for (; i < len; i++)
        if (s[i] != '=')
            return NULL;
    out[n] = 0;
    *out_len = n;
    return out;
}

/* Decodes base64 (legacy "repr_b64") into a NUL-terminated string; NULL if malformed. */
static const char *base64_text(reader *r, const tir_json *v)
{
    size_t n;
    return (const char *)tj_base64(r, v->str, v->len, &n);
}

/* The text of a string or Op node: "repr_str"/"repr_b64" (legacy) or "data"
 * (tvm-ffi).  The legacy writer leaves the text out when it is empty. */
static const char *node_text(reader *r, uint32_t ni)
{
    const tir_json *j = r->nodes[ni].j;
    const tir_json *str = tir_json_get(j, "repr_str"), *b64 = tir_json_get(j, "repr_b64");
    const tir_json *data = tir_json_get(j, "data");
    if (str)
        return str->kind == TIR_JSON_STRING ? str->str : NULL;
    if (b64)
        return b64->kind == TIR_JSON_STRING ? base64_text(r, b64) : NULL;
    if (data)
        return data->kind == TIR_JSON_STRING ? data->str : NULL;
    return "";
}

void *tj_build_text(reader *r, uint32_t ni)
{
    const char *s = node_text(r, ni);
    if (!s)
        return tj_node_error(r, ni, tj_kind_of(r, ni) == N_OP ? "the Op has no valid name" : "the string has no valid text");
    return (void *)(uintptr_t)s;
}

const char *tj_string_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    if (ni == ABSENT || tj_kind_of(r, ni) != N_STRING)
        return tj_wrong_kind(r, from, fname, ni, "a string");
    return tj_build_shared(r, ni, tj_build_text);
}

const char *tj_string_field(reader *r, uint32_t ni, const char *name)
{
    uint32_t k;
    return tj_ref_field(r, ni, name, false, &k) ? tj_string_at(r, ni, name, k) : NULL;
}


static void *build_list(reader *r, uint32_t ni)
{
    node_list *l = tir_arena_alloc(r->a, sizeof *l);
    const tir_json *data = tir_json_get(r->nodes[ni].j, "data");
    if (!data && r->legacy)
        return l; /* the legacy writer omits "data" when empty */
    if (!data) /* tvm-ffi writes it for every Array, "data": [] when empty */
        return tj_node_error(r, ni, "array node %u has no 'data' field", ni);
    if (data->kind != TIR_JSON_ARRAY)
        return tj_node_error(r, ni, "'data' must be an array of node indices, got %s", tj_json_label(data));
    l->items = tir_arena_alloc(r->a, (data->n ? data->n : 1) * sizeof *l->items);
    for (uint32_t i = 0; i < data->n; i++) {
        char what[48];
        snprintf(what, sizeof what, "element %u", i);
        if (!node_index(r, ni, what, data->items[i], &l->items[i]))
            return NULL;
    }
    l->n = data->n;
    return l;
}

/* The element indices of an Array node. */
static bool list_at(reader *r, uint32_t from, const char *fname, uint32_t ni, uint32_t **items, uint32_t *n)
{
    if (ni == ABSENT || tj_kind_of(r, ni) != N_ARRAY) {
        tj_wrong_kind(r, from, fname, ni, "an Array");
        return false;
    }
    const node_list *l = tj_build_shared(r, ni, build_list);
    if (!l)
        return false;
    *items = l->items;
    *n = l->n;
    return true;
}

/* An Array field; a missing optional one reads as empty. */
bool tj_list_field(reader *r, uint32_t ni, const char *name, bool optional, uint32_t **items, uint32_t *n)
{
    uint32_t k;
    if (!tj_ref_field(r, ni, name, optional, &k))
        return false;
    if (k == ABSENT) {
        *items = NULL;
        *n = 0;
        return true;
    }
    return list_at(r, ni, name, k, items, n);
}


/* A Map node (section 2.2 and 3.2): inline string keys, or alternating key/value indices. */
static void *build_map(reader *r, uint32_t ni)
{
    map_entries *m = tir_arena_alloc(r->a, sizeof *m);
    const tir_json *keys = tir_json_get(r->nodes[ni].j, "keys");
    const tir_json *data = tir_json_get(r->nodes[ni].j, "data");
    if (!data && !keys)
        return m;
    if (!data || data->kind != TIR_JSON_ARRAY || (keys && keys->kind != TIR_JSON_ARRAY))
        return tj_node_error(r, ni, "a Map needs a 'data' array (and 'keys', if present, must be an array)");
    if (keys) {
        if (keys->n != data->n)
            return tj_node_error(r, ni, "a Map has %u keys but %u values", keys->n, data->n);
        m->n = keys->n;
        m->names = tir_arena_alloc(r->a, (m->n ? m->n : 1) * sizeof *m->names);
        for (uint32_t i = 0; i < m->n; i++) {
            if (keys->items[i]->kind != TIR_JSON_STRING)
                return tj_node_error(r, ni, "Map key %u must be a string, got %s", i, tj_json_label(keys->items[i]));
            m->names[i] = keys->items[i]->str;
        }
    } else {
        if (data->n % 2)
            return tj_node_error(r, ni, "a Map's 'data' must alternate keys and values, got %u entries", data->n);
        m->n = data->n / 2;
        m->keys = tir_arena_alloc(r->a, (m->n ? m->n : 1) * sizeof *m->keys);
    }
    m->values = tir_arena_alloc(r->a, (m->n ? m->n : 1) * sizeof *m->values);
    for (uint32_t i = 0; i < m->n; i++) {
        char what[48];
        snprintf(what, sizeof what, "Map entry %u", i);
        if (keys) {
            if (!node_index(r, ni, what, data->items[i], &m->values[i]))
                return NULL;
        } else if (!node_index(r, ni, what, data->items[2 * i], &m->keys[i]) ||
                   !node_index(r, ni, what, data->items[2 * i + 1], &m->values[i])) {
            return NULL;
        }
    }
    return m;
}

bool tj_map_at(reader *r, uint32_t from, const char *fname, uint32_t ni, map_entries *m)
{
    memset(m, 0, sizeof *m);
    if (ni == ABSENT || tj_kind_of(r, ni) != N_MAP) {
        tj_wrong_kind(r, from, fname, ni, "a Map");
        return false;
    }
    const map_entries *built = tj_build_shared(r, ni, build_map);
    if (built)
        *m = *built;
    return built != NULL;
}
