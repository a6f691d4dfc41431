#include "tvm_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* Reference chains deeper than this are rejected: this reader and the passes
 * after it recurse along them. */
#define MAX_REF_DEPTH 1000
/* A node referenced twice is built once and shared, but later passes walk the
 * AST as a tree; this caps the size of the tree the sharing unfolds to. */
#define MAX_TREE_NODES ((uint64_t)1 << 24)
/* Stands for the node of an optional field that is missing. */
#define ABSENT UINT32_MAX

typedef enum {
    N_UNKNOWN, N_NULL, N_STRING, N_ARRAY, N_MAP, N_BOXED, N_OP, N_IRMODULE, N_GLOBALVAR, N_PRIMFUNC,
    N_DICTATTRS, N_PRIMTYPE, N_POINTERTYPE, N_TUPLETYPE, N_VAR, N_BUFFER, N_RANGE, N_ITERVAR,
    N_BUFFERREGION, N_MATCHBUFFERREGION, N_BLOCK,
    /* PrimExprs (with N_VAR) */
    N_INTIMM, N_FLOATIMM, N_STRINGIMM, N_CAST, N_SELECT, N_LOAD, N_RAMP, N_BROADCAST, N_LET, N_CALL,
    N_SHUFFLE, N_BINARY, N_NOT,
    /* Stmts */
    N_LETSTMT, N_ATTRSTMT, N_ASSERT, N_STORE, N_REALIZE, N_ALLOCATE, N_DECLBUFFER, N_SEQ, N_IF,
    N_EVALUATE, N_FOR, N_WHILE, N_BLOCKREALIZE,
} node_kind;

/* Type keys of both formats.  The "ir." prefix that v0.21+ puts on base types
 * (ir.IntImm, ir.Range, ...) is stripped before the lookup (section 1). */
static const struct {
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
};

static bool is_expr_kind(node_kind k) { return k == N_VAR || (k >= N_INTIMM && k <= N_NOT); }
static bool is_stmt_kind(node_kind k) { return k >= N_LETSTMT && k <= N_BLOCKREALIZE; }

typedef struct {
    const tir_json *j;      /* the node object */
    const tir_json *fields; /* its fields: "attrs" (legacy) or "data" (tvm-ffi), when an object */
    const char *type;       /* type key as written */
    node_kind kind;
    tir_expr_kind op;
    bool classified;
    bool visiting;          /* on the current reference path: reaching it again is a cycle */
    void *built;            /* the AST object made from it, shared by every reference */
    uint64_t tree_nodes;    /* size of the tree `built` unfolds to */
    uint32_t param_pos;     /* 1 + its position in the params of the function being read, or 0 */
} slot;

typedef struct {
    tir_arena *a;
    tir_diag *d;
    bool legacy;       /* {"root", "nodes", ...} rather than {"root_index", "nodes", ...} */
    bool inline_lanes; /* before v0.16 Ramp/Broadcast lanes were plain integers */
    uint32_t n;
    slot *nodes;
    int depth;
    uint64_t tree_nodes; /* accumulates the unfolded size of the node being built */
    bool failed;         /* the first error stops the build */
} reader;

/* ---- errors ----------------------------------------------------------------- */
/* Constructs built from a node point at it, so later checks can name it. */
static tir_loc node_loc(uint32_t ni) { return (tir_loc){.node = ni + 1}; }

/* Errors of the reader itself name the node in their message. */
static const tir_loc no_loc;

static const char *type_label(const reader *r, uint32_t ni)
{
    const char *t = r->nodes[ni].type;
    return t[0] && strcmp(t, "None") != 0 ? t : "null";
}

static void *node_error(reader *r, uint32_t ni, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void *node_error(reader *r, uint32_t ni, const char *fmt, ...)
{
    if (r->failed)
        return NULL;
    r->failed = true;
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tir_diag_error(r->d, no_loc, "node %u (%.80s): %s", ni, type_label(r, ni), msg);
    return NULL;
}

static void *unsupported_node(reader *r, uint32_t ni)
{
    if (r->failed)
        return NULL;
    r->failed = true;
    tir_diag_error(r->d, no_loc, "unsupported: TVM JSON node '%.80s' (node %u)", r->nodes[ni].type, ni);
    return NULL;
}

/* ---- nodes and their fields --------------------------------------------------- */
static node_kind kind_of(reader *r, uint32_t ni)
{
    slot *s = &r->nodes[ni];
    if (!s->classified) {
        const char *t = strncmp(s->type, "ir.", 3) == 0 ? s->type + 3 : s->type;
        s->kind = N_UNKNOWN;
        for (size_t i = 0; i < sizeof node_types / sizeof node_types[0]; i++)
            if (strcmp(node_types[i].name, t) == 0) {
                s->kind = node_types[i].kind;
                s->op = node_types[i].op;
                break;
            }
        s->classified = true;
    }
    return s->kind;
}

static bool is_null(reader *r, uint32_t ni) { return ni == ABSENT || kind_of(r, ni) == N_NULL; }

/* "field 'x': expected Y, got Z"; a node of an unknown type is reported as unsupported instead. */
static void *wrong_kind(reader *r, uint32_t from, const char *fname, uint32_t ni, const char *expected)
{
    if (ni != ABSENT && kind_of(r, ni) == N_UNKNOWN)
        return unsupported_node(r, ni);
    if (ni == ABSENT)
        return node_error(r, from, "field '%s' is missing: expected %s", fname, expected);
    return node_error(r, from, "field '%s': expected %s, got %.80s (node %u)", fname, expected, type_label(r, ni), ni);
}

static const tir_json *field(const reader *r, uint32_t ni, const char *name)
{
    return tir_json_get(r->nodes[ni].fields, name);
}

/* Integers are decimal strings in the legacy format and JSON numbers in the
 * tvm-ffi one; both are accepted everywhere. */
static bool json_int(const tir_json *v, int64_t *out)
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

static const char *json_label(const tir_json *v)
{
    return v ? tir_json_kind_name(v->kind) : "nothing";
}

/* A node index held by a JSON value (an array element or a field). */
static bool node_index(reader *r, uint32_t from, const char *what, const tir_json *v, uint32_t *out)
{
    int64_t k;
    if (!v || v->kind == TIR_JSON_TRUE || v->kind == TIR_JSON_FALSE || !json_int(v, &k)) {
        node_error(r, from, "%s: expected a node index, got %s", what, json_label(v));
        return false;
    }
    if (k < 0 || (uint64_t)k >= r->n) {
        node_error(r, from, "%s: node index %lld is out of range (the file has %u nodes)", what, (long long)k, r->n);
        return false;
    }
    *out = (uint32_t)k;
    return true;
}

/* The node a field refers to; ABSENT when an optional field is missing. */
static bool ref_field(reader *r, uint32_t ni, const char *name, bool optional, uint32_t *out)
{
    const tir_json *v = field(r, ni, name);
    if (!v) {
        if (optional) {
            *out = ABSENT;
            return true;
        }
        node_error(r, ni, "field '%s' is missing", name);
        return false;
    }
    char what[64];
    snprintf(what, sizeof what, "field '%s'", name);
    return node_index(r, ni, what, v, out);
}

static bool int_field(reader *r, uint32_t ni, const char *name, bool optional, int64_t dflt, int64_t *out)
{
    const tir_json *v = field(r, ni, name);
    if (!v && optional) {
        *out = dflt;
        return true;
    }
    if (!json_int(v, out)) {
        node_error(r, ni, "field '%s': expected an integer, got %s", name, json_label(v));
        return false;
    }
    return true;
}

static bool dtype_field(reader *r, uint32_t ni, const char *name, tir_dtype *out)
{
    const tir_json *v = field(r, ni, name);
    if (!v || v->kind != TIR_JSON_STRING) {
        node_error(r, ni, "field '%s': expected a dtype string, got %s", name, json_label(v));
        return false;
    }
    if (!tir_dtype_parse(v->str, v->len, out)) {
        node_error(r, ni, "unsupported dtype '%.40s'", v->str);
        return false;
    }
    return true;
}

static bool enter(reader *r, uint32_t ni)
{
    slot *s = &r->nodes[ni];
    if (s->visiting) {
        node_error(r, ni, "reference cycle: the node is reached again through its own fields");
        return false;
    }
    if (r->depth >= MAX_REF_DEPTH) {
        node_error(r, ni, "references nested deeper than %d levels", MAX_REF_DEPTH);
        return false;
    }
    s->visiting = true;
    r->depth++;
    return true;
}

static void leave(reader *r, uint32_t ni)
{
    r->nodes[ni].visiting = false;
    r->depth--;
}

typedef void *(*build_fn)(reader *r, uint32_t ni);

/* Builds node ni once, shares the result with every later reference, and
 * counts its unfolded size into the node being built. */
static void *build_shared(reader *r, uint32_t ni, build_fn fn)
{
    slot *s = &r->nodes[ni];
    if (!s->built) {
        if (r->failed || !enter(r, ni))
            return NULL;
        uint64_t outer = r->tree_nodes;
        r->tree_nodes = 1;
        void *obj = fn(r, ni);
        s->tree_nodes = r->tree_nodes;
        r->tree_nodes = outer;
        leave(r, ni);
        if (!obj || r->failed)
            return NULL;
        s->built = obj;
    }
    r->tree_nodes += s->tree_nodes;
    if (r->tree_nodes > MAX_TREE_NODES)
        return node_error(r, ni, "the program unfolds to more than %llu AST nodes (a shared node counts at every use)",
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

/* Decodes base64 (legacy "repr_b64") into a NUL-terminated string; NULL if malformed. */
static const char *base64_text(reader *r, const tir_json *v)
{
    char *out = tir_arena_alloc(r->a, v->len / 4 * 3 + 4);
    size_t n = 0;
    uint32_t acc = 0;
    int bits = 0;
    size_t i = 0;
    for (; i < v->len && v->str[i] != '='; i++) {
        int x = base64_value(v->str[i]);
        if (x < 0)
            return NULL;
        acc = (acc << 6) | (uint32_t)x;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (char)((acc >> bits) & 0xff);
        }
    }
    for (; i < v->len; i++)
        if (v->str[i] != '=')
            return NULL;
    out[n] = 0;
    return out;
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

static void *build_text(reader *r, uint32_t ni)
{
    const char *s = node_text(r, ni);
    if (!s)
        return node_error(r, ni, kind_of(r, ni) == N_OP ? "the Op has no valid name" : "the string has no valid text");
    return (void *)(uintptr_t)s;
}

static const char *string_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    if (ni == ABSENT || kind_of(r, ni) != N_STRING)
        return wrong_kind(r, from, fname, ni, "a string");
    return build_shared(r, ni, build_text);
}

static const char *string_field(reader *r, uint32_t ni, const char *name)
{
    uint32_t k;
    return ref_field(r, ni, name, false, &k) ? string_at(r, ni, name, k) : NULL;
}

typedef struct {
    uint32_t n;
    uint32_t *items;
} node_list;

static void *build_list(reader *r, uint32_t ni)
{
    node_list *l = tir_arena_alloc(r->a, sizeof *l);
    const tir_json *data = tir_json_get(r->nodes[ni].j, "data");
    if (!data)
        return l; /* the legacy writer omits "data" when empty */
    if (data->kind != TIR_JSON_ARRAY)
        return node_error(r, ni, "'data' must be an array of node indices, got %s", json_label(data));
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
    if (ni == ABSENT || kind_of(r, ni) != N_ARRAY) {
        wrong_kind(r, from, fname, ni, "an Array");
        return false;
    }
    const node_list *l = build_shared(r, ni, build_list);
    if (!l)
        return false;
    *items = l->items;
    *n = l->n;
    return true;
}

/* An Array field; a missing optional one reads as empty. */
static bool list_field(reader *r, uint32_t ni, const char *name, bool optional, uint32_t **items, uint32_t *n)
{
    uint32_t k;
    if (!ref_field(r, ni, name, optional, &k))
        return false;
    if (k == ABSENT) {
        *items = NULL;
        *n = 0;
        return true;
    }
    return list_at(r, ni, name, k, items, n);
}

typedef struct {
    uint32_t n;
    const char **names; /* legacy string-keyed maps: the inline keys; else NULL */
    uint32_t *keys;     /* key nodes when names is NULL */
    uint32_t *values;
} map_entries;

/* A Map node (section 2.2 and 3.2): inline string keys, or alternating key/value indices. */
static void *build_map(reader *r, uint32_t ni)
{
    map_entries *m = tir_arena_alloc(r->a, sizeof *m);
    const tir_json *keys = tir_json_get(r->nodes[ni].j, "keys");
    const tir_json *data = tir_json_get(r->nodes[ni].j, "data");
    if (!data && !keys)
        return m;
    if (!data || data->kind != TIR_JSON_ARRAY || (keys && keys->kind != TIR_JSON_ARRAY))
        return node_error(r, ni, "a Map needs a 'data' array (and 'keys', if present, must be an array)");
    if (keys) {
        if (keys->n != data->n)
            return node_error(r, ni, "a Map has %u keys but %u values", keys->n, data->n);
        m->n = keys->n;
        m->names = tir_arena_alloc(r->a, (m->n ? m->n : 1) * sizeof *m->names);
        for (uint32_t i = 0; i < m->n; i++) {
            if (keys->items[i]->kind != TIR_JSON_STRING)
                return node_error(r, ni, "Map key %u must be a string, got %s", i, json_label(keys->items[i]));
            m->names[i] = keys->items[i]->str;
        }
    } else {
        if (data->n % 2)
            return node_error(r, ni, "a Map's 'data' must alternate keys and values, got %u entries", data->n);
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

static bool map_at(reader *r, uint32_t from, const char *fname, uint32_t ni, map_entries *m)
{
    memset(m, 0, sizeof *m);
    if (ni == ABSENT || kind_of(r, ni) != N_MAP) {
        wrong_kind(r, from, fname, ni, "a Map");
        return false;
    }
    const map_entries *built = build_shared(r, ni, build_map);
    if (built)
        *m = *built;
    return built != NULL;
}

/* ---- variables, buffers and expressions ------------------------------------------ */
static tir_expr *expr_at(reader *r, uint32_t from, const char *fname, uint32_t ni);

static void *build_var(reader *r, uint32_t ni)
{
    const char *name = string_field(r, ni, field(r, ni, "name") || !field(r, ni, "name_hint") ? "name" : "name_hint");
    tir_dtype dt;
    if (!name || !dtype_field(r, ni, "dtype", &dt))
        return NULL;
    tir_var *v = tir_var_new(r->a, name, dt, node_loc(ni));
    uint32_t ta;
    if (!ref_field(r, ni, "type_annotation", true, &ta))
        return NULL;
    if (is_null(r, ta))
        return v;
    switch (kind_of(r, ta)) {
    case N_PRIMTYPE: return v;
    case N_TUPLETYPE: v->type_kind = TIR_TYPE_TUPLE; return v;
    case N_POINTERTYPE: {
        v->type_kind = TIR_TYPE_POINTER;
        v->scope = "global";
        uint32_t et, sc;
        if (!ref_field(r, ta, "element_type", true, &et) || !ref_field(r, ta, "storage_scope", true, &sc))
            return NULL;
        if (!is_null(r, et)) {
            if (kind_of(r, et) != N_PRIMTYPE)
                return wrong_kind(r, ta, "element_type", et, "a PrimType");
            if (!dtype_field(r, et, "dtype", &v->elem_dtype))
                return NULL;
        }
        if (!is_null(r, sc)) {
            const char *scope = string_at(r, ta, "storage_scope", sc);
            if (!scope)
                return NULL;
            if (scope[0]) /* "" means global (section 6.2) */
                v->scope = scope;
        }
        return v;
    }
    default: return wrong_kind(r, ni, "type_annotation", ta, "a type");
    }
}

static tir_var *var_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    if (ni == ABSENT || kind_of(r, ni) != N_VAR)
        return wrong_kind(r, from, fname, ni, "a Var");
    return build_shared(r, ni, build_var);
}

static tir_var *var_field(reader *r, uint32_t ni, const char *name)
{
    uint32_t k;
    return ref_field(r, ni, name, false, &k) ? var_at(r, ni, name, k) : NULL;
}

static tir_expr *expr_field(reader *r, uint32_t ni, const char *name)
{
    uint32_t k;
    return ref_field(r, ni, name, false, &k) ? expr_at(r, ni, name, k) : NULL;
}

/* An optional PrimExpr field: *out is NULL when the field is null or absent. */
static bool opt_expr_field(reader *r, uint32_t ni, const char *name, tir_expr **out)
{
    uint32_t k;
    *out = NULL;
    if (!ref_field(r, ni, name, true, &k))
        return false;
    if (is_null(r, k))
        return true;
    *out = expr_at(r, ni, name, k);
    return *out != NULL;
}

static bool expr_list_field(reader *r, uint32_t ni, const char *name, bool optional, tir_expr ***out, uint32_t *n)
{
    uint32_t *items;
    if (!list_field(r, ni, name, optional, &items, n))
        return false;
    *out = tir_arena_alloc(r->a, (*n ? *n : 1) * sizeof **out);
    for (uint32_t i = 0; i < *n; i++) {
        char where[64];
        snprintf(where, sizeof where, "%s[%u]", name, i);
        if (!((*out)[i] = expr_at(r, ni, where, items[i])))
            return false;
    }
    return true;
}

static bool scope_supported(reader *r, uint32_t ni, const char *scope)
{
    if (strcmp(scope, "global") == 0 || strcmp(scope, "local") == 0)
        return true;
    node_error(r, ni, "unsupported storage scope '%.40s' (outside the specified TIR subset)", scope);
    return false;
}

static void *build_buffer(reader *r, uint32_t ni)
{
    tir_buffer *b = tir_arena_alloc(r->a, sizeof *b);
    b->loc = node_loc(ni);
    b->name = string_field(r, ni, "name");
    if (!b->name || !(b->data = var_field(r, ni, "data")) || !dtype_field(r, ni, "dtype", &b->dtype))
        return NULL;
    if (!expr_list_field(r, ni, "shape", false, &b->shape, &b->ndim) ||
        !expr_list_field(r, ni, "strides", true, &b->strides, &b->nstrides) ||
        !opt_expr_field(r, ni, "elem_offset", &b->elem_offset))
        return NULL;
    uint32_t *seps, nseps;
    if (!list_field(r, ni, "axis_separators", true, &seps, &nseps))
        return NULL;
    if (nseps)
        return node_error(r, ni, "unsupported: axis_separators (outside the specified TIR subset)");
    int64_t align, factor, type;
    if (!int_field(r, ni, "data_alignment", true, 64, &align) || !int_field(r, ni, "offset_factor", true, 1, &factor) ||
        !int_field(r, ni, "buffer_type", true, 1, &type))
        return NULL;
    if (align < 0 || align > INT32_MAX || factor < 0 || factor > INT32_MAX)
        return node_error(r, ni, "data_alignment and offset_factor must be non-negative 32-bit integers");
    if (type != 1 && type != 2)
        return node_error(r, ni, "field 'buffer_type': expected 1 (default) or 2 (auto broadcast), got %lld",
                          (long long)type);
    b->data_alignment = (int)align;
    b->offset_factor = (int)factor;
    b->auto_broadcast = type == 2;
    b->scope = b->data->type_kind == TIR_TYPE_POINTER && b->data->scope ? b->data->scope : "global";
    return scope_supported(r, ni, b->scope) ? b : NULL;
}

static tir_buffer *buffer_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    if (ni == ABSENT || kind_of(r, ni) != N_BUFFER)
        return wrong_kind(r, from, fname, ni, "a Buffer");
    return build_shared(r, ni, build_buffer);
}

static tir_buffer *buffer_field(reader *r, uint32_t ni, const char *name)
{
    uint32_t k;
    return ref_field(r, ni, name, false, &k) ? buffer_at(r, ni, name, k) : NULL;
}

/* BufferLoad and BufferStore predicates have no place in the subset's AST. */
static bool no_predicate(reader *r, uint32_t ni)
{
    uint32_t k;
    if (!ref_field(r, ni, "predicate", true, &k))
        return false;
    if (is_null(r, k))
        return true;
    node_error(r, ni, "unsupported: a predicated buffer access (outside the specified TIR subset)");
    return false;
}

/* Ramp/Broadcast lanes: an IntImm node since v0.16, a plain integer before. */
static bool lanes_field(reader *r, uint32_t ni, int *out)
{
    int64_t lanes;
    if (r->inline_lanes) {
        if (!int_field(r, ni, "lanes", false, 0, &lanes))
            return false;
    } else {
        uint32_t k;
        if (!ref_field(r, ni, "lanes", false, &k))
            return false;
        if (kind_of(r, k) != N_INTIMM) {
            if (is_expr_kind(kind_of(r, k)))
                node_error(r, ni, "unsupported: scalable vector lanes (outside the specified TIR subset)");
            else
                wrong_kind(r, ni, "lanes", k, "an IntImm");
            return false;
        }
        if (!int_field(r, k, "value", false, 0, &lanes))
            return false;
    }
    if (lanes < 1 || lanes > UINT16_MAX) {
        node_error(r, ni, "lanes must be between 1 and %d, got %lld", UINT16_MAX, (long long)lanes);
        return false;
    }
    *out = (int)lanes;
    return true;
}

static bool int_value(reader *r, uint32_t ni, tir_dtype dt, int64_t *out)
{
    const tir_json *v = field(r, ni, "value");
    if (json_int(v, out) && v->kind != TIR_JSON_TRUE && v->kind != TIR_JSON_FALSE)
        return true;
    /* uint64 values above INT64_MAX (legacy decimal strings; tvm-ffi writes
     * their int64 bits) are kept as their bits, like the AST does. */
    uint64_t u;
    if (v && v->kind == TIR_JSON_STRING && dt.code == TIR_CODE_UINT &&
        tir_json_parse_uint64(v->str, v->len, &u)) {
        *out = (int64_t)u;
        return true;
    }
    node_error(r, ni, "field 'value': expected an integer that fits the dtype, got %s%s%.40s%s", json_label(v),
               v && v->kind == TIR_JSON_STRING ? " \"" : "", v && v->kind == TIR_JSON_STRING ? v->str : "",
               v && v->kind == TIR_JSON_STRING ? "\"" : "");
    return false;
}

/* FloatImm values: JSON numbers (NaN and +-Infinity included) or the legacy
 * C++ stream text ("0.5", "1e-05", "inf", "-inf", "nan"). */
static bool float_value(reader *r, uint32_t ni, double *out)
{
    const tir_json *v = field(r, ni, "value");
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
    node_error(r, ni, "field 'value': expected a float, got %s", json_label(v));
    return false;
}

static void *build_global_var(reader *r, uint32_t ni)
{
    return (void *)(uintptr_t)string_field(r, ni, "name_hint");
}

static void *build_expr(reader *r, uint32_t ni)
{
    tir_loc loc = node_loc(ni);
    node_kind kind = kind_of(r, ni);
    tir_dtype dt;
    if (!dtype_field(r, ni, "dtype", &dt))
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
        return (e->str = string_field(r, ni, "value")) ? e : NULL;
    case N_CAST:
        e = tir_expr_new(r->a, TIR_E_CAST, dt, loc);
        return (e->a = expr_field(r, ni, "value")) ? e : NULL;
    case N_SELECT:
        e = tir_expr_new(r->a, TIR_E_SELECT, dt, loc);
        if (!(e->a = expr_field(r, ni, "condition")) || !(e->b = expr_field(r, ni, "true_value")) ||
            !(e->c = expr_field(r, ni, "false_value")))
            return NULL;
        return e;
    case N_LOAD:
        e = tir_expr_new(r->a, TIR_E_LOAD, dt, loc);
        if (!(e->buffer = buffer_field(r, ni, "buffer")) ||
            !expr_list_field(r, ni, "indices", false, &e->args, &e->nargs) ||
            !no_predicate(r, ni))
            return NULL;
        return e;
    case N_RAMP:
        e = tir_expr_new(r->a, TIR_E_RAMP, dt, loc);
        if (!(e->a = expr_field(r, ni, "base")) || !(e->b = expr_field(r, ni, "stride")) ||
            !lanes_field(r, ni, &e->lanes))
            return NULL;
        return e;
    case N_BROADCAST:
        e = tir_expr_new(r->a, TIR_E_BROADCAST, dt, loc);
        if (!(e->a = expr_field(r, ni, "value")) || !lanes_field(r, ni, &e->lanes))
            return NULL;
        return e;
    case N_LET:
        e = tir_expr_new(r->a, TIR_E_LET, dt, loc);
        if (!(e->var = var_field(r, ni, "var")) || !(e->a = expr_field(r, ni, "value")) ||
            !(e->b = expr_field(r, ni, "body")))
            return NULL;
        return e;
    case N_CALL: {
        e = tir_expr_new(r->a, TIR_E_CALL, dt, loc);
        uint32_t op;
        if (!ref_field(r, ni, "op", false, &op))
            return NULL;
        if (kind_of(r, op) == N_OP) {
            if (!(e->op = build_shared(r, op, build_text)))
                return NULL;
        } else if (kind_of(r, op) == N_GLOBALVAR) {
            /* A call of another PrimFunc of the module, by its GlobalVar's name (section 6.1). */
            if (!(e->callee = build_shared(r, op, build_global_var)))
                return NULL;
        } else {
            return wrong_kind(r, ni, "op", op, "an Op or a GlobalVar");
        }
        return expr_list_field(r, ni, "args", false, &e->args, &e->nargs) ? e : NULL;
    }
    case N_SHUFFLE:
        e = tir_expr_new(r->a, TIR_E_SHUFFLE, dt, loc);
        if (!expr_list_field(r, ni, "vectors", false, &e->args, &e->nargs) ||
            !expr_list_field(r, ni, "indices", false, &e->args2, &e->nargs2))
            return NULL;
        return e;
    case N_BINARY:
        e = tir_expr_new(r->a, r->nodes[ni].op, dt, loc);
        if (!(e->a = expr_field(r, ni, "a")) || !(e->b = expr_field(r, ni, "b")))
            return NULL;
        return e;
    case N_NOT:
        e = tir_expr_new(r->a, TIR_E_NOT, dt, loc);
        return (e->a = expr_field(r, ni, "a")) ? e : NULL;
    default:
        return unsupported_node(r, ni);
    }
}

static tir_expr *expr_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    node_kind k = ni == ABSENT ? N_NULL : kind_of(r, ni);
    if (!is_expr_kind(k))
        return wrong_kind(r, from, fname, ni, "a PrimExpr");
    if (k == N_VAR) {
        /* Every use of a variable is its own Var expression of the one shared variable. */
        tir_var *v = build_shared(r, ni, build_var);
        return v ? tir_var_ref(r->a, v, node_loc(ni)) : NULL;
    }
    return build_shared(r, ni, build_expr);
}

/* ---- statements --------------------------------------------------------------- */
static tir_stmt *stmt_at(reader *r, uint32_t from, const char *fname, uint32_t ni);

static tir_stmt *stmt_field(reader *r, uint32_t ni, const char *name)
{
    uint32_t k;
    return ref_field(r, ni, name, false, &k) ? stmt_at(r, ni, name, k) : NULL;
}

static bool opt_stmt_field(reader *r, uint32_t ni, const char *name, tir_stmt **out)
{
    uint32_t k;
    *out = NULL;
    if (!ref_field(r, ni, name, true, &k))
        return false;
    if (is_null(r, k))
        return true;
    *out = stmt_at(r, ni, name, k);
    return *out != NULL;
}

typedef struct {
    tir_expr *min, *extent;
} range;

static void *build_range(reader *r, uint32_t ni)
{
    range *rg = tir_arena_alloc(r->a, sizeof *rg);
    return (rg->min = expr_field(r, ni, "min")) && (rg->extent = expr_field(r, ni, "extent")) ? rg : NULL;
}

static bool range_at(reader *r, uint32_t from, const char *fname, uint32_t ni, tir_expr **min, tir_expr **extent)
{
    if (ni == ABSENT || kind_of(r, ni) != N_RANGE) {
        wrong_kind(r, from, fname, ni, "a Range");
        return false;
    }
    const range *rg = build_shared(r, ni, build_range);
    if (!rg)
        return false;
    *min = rg->min;
    *extent = rg->extent;
    return true;
}

static void *build_iter_var(reader *r, uint32_t ni)
{
    tir_iter_var *iv = tir_arena_alloc(r->a, sizeof *iv);
    uint32_t dom, tag;
    int64_t type;
    if (!(iv->var = var_field(r, ni, "var")) || !ref_field(r, ni, "dom", true, &dom) ||
        !int_field(r, ni, "iter_type", false, 0, &type) || !ref_field(r, ni, "thread_tag", true, &tag))
        return NULL;
    if (!is_null(r, dom) && !range_at(r, ni, "dom", dom, &iv->dom_min, &iv->dom_extent))
        return NULL;
    if (type < 0 || type > 8)
        return node_error(r, ni, "field 'iter_type': unknown IterVarType %lld", (long long)type);
    iv->iter_type = (int)type;
    if (!is_null(r, tag)) {
        const char *t = string_at(r, ni, "thread_tag", tag);
        if (!t)
            return NULL;
        iv->thread_tag = t[0] ? t : NULL; /* block vars carry "" */
    }
    return iv;
}

static bool iter_var_at(reader *r, uint32_t from, const char *fname, uint32_t ni, tir_iter_var *out)
{
    if (ni == ABSENT || kind_of(r, ni) != N_ITERVAR) {
        wrong_kind(r, from, fname, ni, "an IterVar");
        return false;
    }
    const tir_iter_var *iv = build_shared(r, ni, build_iter_var);
    if (iv)
        *out = *iv;
    return iv != NULL;
}

static void *build_region(reader *r, uint32_t ni)
{
    tir_region *rg = tir_arena_alloc(r->a, sizeof *rg);
    uint32_t *ranges;
    rg->loc = node_loc(ni);
    if (!(rg->buffer = buffer_field(r, ni, "buffer")) || !list_field(r, ni, "region", false, &ranges, &rg->n))
        return NULL;
    rg->mins = tir_arena_alloc(r->a, (rg->n ? rg->n : 1) * sizeof *rg->mins);
    rg->extents = tir_arena_alloc(r->a, (rg->n ? rg->n : 1) * sizeof *rg->extents);
    for (uint32_t i = 0; i < rg->n; i++) {
        char where[48];
        snprintf(where, sizeof where, "region[%u]", i);
        if (!range_at(r, ni, where, ranges[i], &rg->mins[i], &rg->extents[i]))
            return NULL;
    }
    return rg;
}

static bool region_at(reader *r, uint32_t from, const char *fname, uint32_t ni, tir_region *out)
{
    if (ni == ABSENT || kind_of(r, ni) != N_BUFFERREGION) {
        wrong_kind(r, from, fname, ni, "a BufferRegion");
        return false;
    }
    const tir_region *rg = build_shared(r, ni, build_region);
    if (rg)
        *out = *rg;
    return rg != NULL;
}

static bool region_list_field(reader *r, uint32_t ni, const char *name, tir_region **out, uint32_t *n)
{
    uint32_t *items;
    if (!list_field(r, ni, name, false, &items, n))
        return false;
    *out = tir_arena_alloc(r->a, (*n ? *n : 1) * sizeof **out);
    for (uint32_t i = 0; i < *n; i++) {
        char where[64];
        snprintf(where, sizeof where, "%s[%u]", name, i);
        if (!region_at(r, ni, where, items[i], &(*out)[i]))
            return false;
    }
    return true;
}

static void *build_match_buffer(reader *r, uint32_t ni)
{
    tir_match_buffer *mb = tir_arena_alloc(r->a, sizeof *mb);
    uint32_t src;
    if (!(mb->buffer = buffer_field(r, ni, "buffer")) || !ref_field(r, ni, "source", false, &src) ||
        !region_at(r, ni, "source", src, &mb->source))
        return NULL;
    return mb;
}

static bool match_buffer_at(reader *r, uint32_t from, const char *fname, uint32_t ni, tir_match_buffer *out)
{
    if (ni == ABSENT || kind_of(r, ni) != N_MATCHBUFFERREGION) {
        wrong_kind(r, from, fname, ni, "a MatchBufferRegion");
        return false;
    }
    const tir_match_buffer *mb = build_shared(r, ni, build_match_buffer);
    if (mb)
        *out = *mb;
    return mb != NULL;
}

static void *build_block(reader *r, uint32_t ni)
{
    tir_block *blk = tir_arena_alloc(r->a, sizeof *blk);
    blk->loc = node_loc(ni);
    uint32_t *items, n;
    if (!(blk->name = string_field(r, ni, "name_hint")) || !list_field(r, ni, "iter_vars", false, &items, &n))
        return NULL;
    blk->niter_vars = n;
    blk->iter_vars = tir_arena_alloc(r->a, (n ? n : 1) * sizeof *blk->iter_vars);
    for (uint32_t i = 0; i < n; i++) {
        char where[48];
        snprintf(where, sizeof where, "iter_vars[%u]", i);
        if (!iter_var_at(r, ni, where, items[i], &blk->iter_vars[i]))
            return NULL;
    }
    if (!list_field(r, ni, "alloc_buffers", false, &items, &n))
        return NULL;
    blk->nalloc = n;
    blk->alloc_buffers = tir_arena_alloc(r->a, (n ? n : 1) * sizeof *blk->alloc_buffers);
    for (uint32_t i = 0; i < n; i++) {
        char where[48];
        snprintf(where, sizeof where, "alloc_buffers[%u]", i);
        if (!(blk->alloc_buffers[i] = buffer_at(r, ni, where, items[i])))
            return NULL;
    }
    if (!list_field(r, ni, "match_buffers", false, &items, &n))
        return NULL;
    blk->nmatch = n;
    blk->match_buffers = tir_arena_alloc(r->a, (n ? n : 1) * sizeof *blk->match_buffers);
    for (uint32_t i = 0; i < n; i++) {
        char where[48];
        snprintf(where, sizeof where, "match_buffers[%u]", i);
        if (!match_buffer_at(r, ni, where, items[i], &blk->match_buffers[i]))
            return NULL;
    }
    if (!region_list_field(r, ni, "reads", &blk->reads, &blk->nreads) ||
        !region_list_field(r, ni, "writes", &blk->writes, &blk->nwrites) ||
        !opt_stmt_field(r, ni, "init", &blk->init) ||
        !(blk->body = stmt_field(r, ni, "body")))
        return NULL;
    return blk;
}

static tir_block *block_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    if (ni == ABSENT || kind_of(r, ni) != N_BLOCK)
        return wrong_kind(r, from, fname, ni, "a Block");
    return build_shared(r, ni, build_block);
}

static void *build_stmt(reader *r, uint32_t ni)
{
    node_kind kind = kind_of(r, ni);
    tir_stmt_kind sk;
    switch (kind) {
    case N_LETSTMT: sk = TIR_S_LET; break;
    case N_ATTRSTMT: sk = TIR_S_ATTR; break;
    case N_ASSERT: sk = TIR_S_ASSERT; break;
    case N_STORE: sk = TIR_S_STORE; break;
    case N_REALIZE: sk = TIR_S_REALIZE; break;
    case N_ALLOCATE: sk = TIR_S_ALLOCATE; break;
    case N_DECLBUFFER: sk = TIR_S_DECL_BUFFER; break;
    case N_IF: sk = TIR_S_IF; break;
    case N_EVALUATE: sk = TIR_S_EVALUATE; break;
    case N_FOR: sk = TIR_S_FOR; break;
    case N_WHILE: sk = TIR_S_WHILE; break;
    case N_BLOCKREALIZE: sk = TIR_S_BLOCK_REALIZE; break;
    case N_SEQ: {
        tir_stmt **seq;
        uint32_t *items, n;
        if (!list_field(r, ni, "seq", false, &items, &n))
            return NULL;
        seq = tir_arena_alloc(r->a, (n ? n : 1) * sizeof *seq);
        for (uint32_t i = 0; i < n; i++) {
            char where[48];
            snprintf(where, sizeof where, "seq[%u]", i);
            if (!(seq[i] = stmt_at(r, ni, where, items[i])))
                return NULL;
        }
        return tir_seq(r->a, seq, n, node_loc(ni));
    }
    default: return unsupported_node(r, ni);
    }
    tir_stmt *s = tir_stmt_new(r->a, sk, node_loc(ni));
    switch (kind) {
    case N_LETSTMT:
        if (!(s->var = var_field(r, ni, "var")) || !(s->value = expr_field(r, ni, "value")))
            return NULL;
        break;
    case N_ATTRSTMT: {
        uint32_t node;
        if (!(s->attr_key = string_field(r, ni, "attr_key")) || !ref_field(r, ni, "node", false, &node) ||
            !(s->value = expr_field(r, ni, "value")))
            return NULL;
        /* The node is a Var, an IterVar (thread_extent), a PrimExpr or any other
         * object; only the first three mean something to the AST. */
        node_kind nk = kind_of(r, node);
        if (nk == N_VAR) {
            if (!(s->var = var_at(r, ni, "node", node)))
                return NULL;
        } else if (nk == N_ITERVAR) {
            tir_iter_var iv;
            if (!iter_var_at(r, ni, "node", node, &iv))
                return NULL;
            s->var = iv.var;
            s->thread_tag = iv.thread_tag;
        } else if (is_expr_kind(nk)) {
            if (!(s->attr_node = expr_at(r, ni, "node", node)))
                return NULL;
        }
        break;
    }
    case N_ASSERT:
        if (!(s->cond = expr_field(r, ni, "condition")) || !(s->message = expr_field(r, ni, "message")))
            return NULL;
        break;
    case N_STORE:
        if (!(s->buffer = buffer_field(r, ni, "buffer")) || !(s->value = expr_field(r, ni, "value")) ||
            !expr_list_field(r, ni, "indices", false, &s->indices, &s->nindices) || !no_predicate(r, ni))
            return NULL;
        return s;
    case N_REALIZE:
        /* bounds only inform code generation; the AST keeps buffer, condition and body */
        if (!(s->buffer = buffer_field(r, ni, "buffer")) || !(s->cond = expr_field(r, ni, "condition")))
            return NULL;
        break;
    case N_ALLOCATE:
        if (!(s->var = var_field(r, ni, "buffer_var")) || !dtype_field(r, ni, "dtype", &s->dtype) ||
            !expr_list_field(r, ni, "extents", false, &s->indices, &s->nindices) ||
            !(s->cond = expr_field(r, ni, "condition")))
            return NULL;
        if (s->var->type_kind == TIR_TYPE_POINTER && s->var->scope && !scope_supported(r, ni, s->var->scope))
            return NULL;
        break;
    case N_DECLBUFFER:
        if (!(s->buffer = buffer_field(r, ni, "buffer")))
            return NULL;
        break;
    case N_IF:
        if (!(s->cond = expr_field(r, ni, "condition")) || !(s->body = stmt_field(r, ni, "then_case")) ||
            !opt_stmt_field(r, ni, "else_case", &s->else_case))
            return NULL;
        return s;
    case N_EVALUATE:
        return (s->value = expr_field(r, ni, "value")) ? s : NULL;
    case N_FOR: {
        int64_t fk;
        uint32_t binding, step;
        if (!(s->var = var_field(r, ni, "loop_var")) || !(s->min = expr_field(r, ni, "min")) ||
            !(s->extent = expr_field(r, ni, "extent")) || !int_field(r, ni, "kind", false, 0, &fk) ||
            !ref_field(r, ni, "thread_binding", true, &binding) || !ref_field(r, ni, "step", true, &step))
            return NULL;
        if (fk < TIR_FOR_SERIAL || fk > TIR_FOR_THREAD_BINDING)
            return node_error(r, ni, "field 'kind': unknown ForKind %lld", (long long)fk);
        s->for_kind = (tir_for_kind)fk;
        if (!is_null(r, step))
            return node_error(r, ni, "unsupported: loop step (outside the specified TIR subset)");
        if (!is_null(r, binding)) {
            tir_iter_var iv;
            if (!iter_var_at(r, ni, "thread_binding", binding, &iv))
                return NULL;
            s->thread_tag = iv.thread_tag;
        }
        break;
    }
    case N_WHILE:
        if (!(s->cond = expr_field(r, ni, "condition")))
            return NULL;
        break;
    case N_BLOCKREALIZE: {
        uint32_t blk;
        if (!expr_list_field(r, ni, "iter_values", false, &s->indices, &s->nindices) ||
            !opt_expr_field(r, ni, "predicate", &s->predicate) || !ref_field(r, ni, "block", false, &blk) ||
            !(s->block = block_at(r, ni, "block", blk)))
            return NULL;
        if (!s->predicate)
            s->predicate = tir_int(r->a, TIR_DT_BOOL, 1, s->loc);
        return s;
    }
    default: break;
    }
    return (s->body = stmt_field(r, ni, "body")) ? s : NULL;
}

static tir_stmt *stmt_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    node_kind k = ni == ABSENT ? N_NULL : kind_of(r, ni);
    if (!is_stmt_kind(k))
        return wrong_kind(r, from, fname, ni, "a Stmt");
    return build_shared(r, ni, build_stmt);
}

/* ---- functions and the module ------------------------------------------------------- */
/* PrimFunc.attrs: the keys are kept; "global_symbol" is returned through *symbol. */
static bool func_attrs(reader *r, uint32_t ni, tir_func *f, const char **symbol)
{
    uint32_t attrs, dict;
    *symbol = NULL;
    if (!ref_field(r, ni, "attrs", true, &attrs))
        return false;
    if (is_null(r, attrs))
        return true;
    if (kind_of(r, attrs) != N_DICTATTRS) {
        wrong_kind(r, ni, "attrs", attrs, "DictAttrs");
        return false;
    }
    if (!ref_field(r, attrs, "__dict__", true, &dict))
        return false;
    if (is_null(r, dict))
        return true;
    map_entries m;
    if (!map_at(r, attrs, "__dict__", dict, &m))
        return false;
    f->attr_keys = tir_arena_alloc(r->a, (m.n ? m.n : 1) * sizeof *f->attr_keys);
    for (uint32_t i = 0; i < m.n; i++) {
        const char *key = m.names ? m.names[i] : string_at(r, dict, "key", m.keys[i]);
        if (!key)
            return false;
        if (strcmp(key, "global_symbol") == 0 && kind_of(r, m.values[i]) == N_STRING &&
            !(*symbol = string_at(r, dict, key, m.values[i])))
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
    if (!list_field(r, ni, "params", false, &params, &f->nparams))
        return false;
    f->params = tir_arena_alloc(r->a, (f->nparams ? f->nparams : 1) * sizeof *f->params);
    f->param_buffers = tir_arena_alloc(r->a, (f->nparams ? f->nparams : 1) * sizeof *f->param_buffers);
    for (uint32_t i = 0; i < f->nparams; i++) {
        char where[48];
        snprintf(where, sizeof where, "params[%u]", i);
        if (!(f->params[i] = var_at(r, ni, where, params[i])))
            return false;
        r->nodes[params[i]].param_pos = i + 1;
    }
    if (!ref_field(r, ni, "buffer_map", true, &bmap))
        return false;
    if (!is_null(r, bmap)) {
        map_entries m;
        if (!map_at(r, ni, "buffer_map", bmap, &m))
            return false;
        if (m.names) {
            node_error(r, bmap, "buffer_map keys must be parameter Vars, not strings");
            return false;
        }
        for (uint32_t i = 0; i < m.n; i++) {
            uint32_t p = r->nodes[m.keys[i]].param_pos - 1;
            if (!r->nodes[m.keys[i]].param_pos) {
                node_error(r, bmap, "buffer_map key node %u is not a parameter of the function", m.keys[i]);
                return false;
            }
            if (f->param_buffers[p]) {
                node_error(r, bmap, "parameter '%s' appears twice in buffer_map", f->params[p]->name);
                return false;
            }
            if (!(f->param_buffers[p] = buffer_at(r, bmap, "buffer_map value", m.values[i])))
                return false;
        }
    }
    for (uint32_t i = 0; i < f->nparams; i++)
        r->nodes[params[i]].param_pos = 0;
    if (!ref_field(r, ni, "ret_type", true, &ret))
        return false;
    switch (is_null(r, ret) ? N_NULL : kind_of(r, ret)) {
    case N_NULL: return true;
    case N_PRIMTYPE:
        f->has_ret_type = true;
        return dtype_field(r, ret, "dtype", &f->ret_dtype);
    case N_TUPLETYPE: {
        /* TupleType([]) is void */
        uint32_t *fields, n;
        if (!list_field(r, ret, "fields", true, &fields, &n))
            return false;
        if (n) {
            node_error(r, ret, "unsupported: a tuple return type (outside the specified TIR subset)");
            return false;
        }
        return true;
    }
    default: wrong_kind(r, ni, "ret_type", ret, "a PrimType or TupleType"); return false;
    }
}

/* name is the GlobalVar's name inside an IRModule, NULL for a PrimFunc saved alone. */
static tir_func *build_func(reader *r, uint32_t ni, const char *name)
{
    if (r->nodes[ni].built)
        return node_error(r, ni, "the same PrimFunc appears twice in the module");
    if (!enter(r, ni))
        return NULL;
    tir_func *f = tir_arena_alloc(r->a, sizeof *f);
    f->loc = node_loc(ni);
    const char *symbol;
    bool ok = false;
    if (!func_attrs(r, ni, f, &symbol) || !func_signature(r, ni, f))
        goto done;
    f->name = name ? name : symbol ? symbol : "main";
    /* In a module, a function without global_symbol is private (section 6.1). */
    f->is_private = name && !symbol;
    drop_default_symbol(f, symbol);
    r->tree_nodes = 0;
    if (!(f->body = stmt_field(r, ni, "body")))
        goto done;
    r->nodes[ni].built = f;
    ok = true;
done:
    leave(r, ni);
    return ok ? f : NULL;
}

static int compare_func_names(const void *x, const void *y)
{
    const tir_func *const *a = x, *const *b = y;
    return strcmp((*a)->name, (*b)->name);
}

static tir_module *build_module(reader *r, uint32_t root)
{
    tir_vec funcs = {0};
    node_kind rk = kind_of(r, root);
    if (rk == N_PRIMFUNC) {
        tir_func *f = build_func(r, root, NULL);
        if (!f)
            return NULL;
        tir_vec_push(r->a, &funcs, f);
    } else if (rk == N_IRMODULE) {
        uint32_t fm;
        map_entries m;
        if (!ref_field(r, root, "functions", false, &fm) || !map_at(r, root, "functions", fm, &m))
            return NULL;
        if (m.names)
            return node_error(r, fm, "IRModule.functions keys must be GlobalVars, not strings");
        for (uint32_t i = 0; i < m.n; i++) {
            uint32_t gv = m.keys[i], fn = m.values[i];
            if (kind_of(r, gv) != N_GLOBALVAR)
                return wrong_kind(r, fm, "key", gv, "a GlobalVar");
            const char *name = string_field(r, gv, "name_hint");
            if (!name)
                return NULL;
            if (kind_of(r, fn) != N_PRIMFUNC) {
                /* Relax functions may share the module; they are not TIR (section 6.1). */
                if (strncmp(r->nodes[fn].type, "relax.", 6) == 0)
                    continue;
                return wrong_kind(r, fm, name, fn, "a tir.PrimFunc");
            }
            tir_func *f = build_func(r, fn, name);
            if (!f)
                return NULL;
            tir_vec_push(r->a, &funcs, f);
        }
    } else {
        return wrong_kind(r, root, "root", root, "an IRModule or a tir.PrimFunc");
    }
    if (funcs.len == 0)
        return node_error(r, root, "the module has no PrimFunc");
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

tir_module *tir_json_build(tir_arena *a, tir_diag *d, const char *src, size_t len)
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
    r->legacy = root != NULL;
    r->inline_lanes = r->legacy && version_before_0_16(tir_json_get(tir_json_get(doc, "attrs"), "tvm_version"));
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
        if (strncmp(s->type, "tirx.", 5) == 0) {
            tir_diag_error(d, no_loc, "unsupported: tirx IR (TVM >= 0.24); save the module with TVM <= 0.23");
            return NULL;
        }
        const tir_json *f = tir_json_get(s->j, r->legacy ? "attrs" : "data");
        s->fields = f && f->kind == TIR_JSON_OBJECT ? f : NULL;
    }
    const tir_json *rv = r->legacy ? root : root_index;
    int64_t ri;
    if (!json_int(rv, &ri) || rv->kind == TIR_JSON_TRUE || rv->kind == TIR_JSON_FALSE || ri < 0 ||
        (uint64_t)ri >= r->n) {
        tir_diag_error(d, no_loc, "\"%s\" must be the index of a node (the file has %u nodes)",
                       r->legacy ? "root" : "root_index", r->n);
        return NULL;
    }
    tir_module *m = build_module(r, (uint32_t)ri);
    return r->failed || d->nerrors ? NULL : m;
}
