/* The TVM JSON reader's private interface, shared by its files:
 * tvm_json_nodes.c (the node graph: type keys, fields, strings, arrays, maps),
 * tvm_json_expr.c (variables, buffers, expressions), tvm_json_stmt.c
 * (statements and blocks) and tvm_json.c (functions, the module, the file).
 * Every object is built once per node and shared by each reference to it. */
#ifndef TIR_TVM_JSON_READER_H
#define TIR_TVM_JSON_READER_H

#include <stdbool.h>
#include <stdint.h>

#include "json.h"
#include "tir_ast.h"

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
    N_BUFVAR,     /* 0.26: an ir.Var whose type is a tirx.BufferType: the buffer itself */
    N_BUFFERTYPE, N_TYPE, N_LAYOUT,
    /* PrimExprs (with N_VAR) */
    N_INTIMM, N_FLOATIMM, N_STRINGIMM, N_CAST, N_SELECT, N_LOAD, N_RAMP, N_BROADCAST, N_LET, N_CALL,
    N_SHUFFLE, N_BINARY, N_NOT,
    /* Stmts */
    N_LETSTMT, N_ATTRSTMT, N_ASSERT, N_STORE, N_REALIZE, N_ALLOCATE, N_DECLBUFFER, N_SEQ, N_IF,
    N_EVALUATE, N_FOR, N_WHILE, N_BLOCKREALIZE,
    /* tirx (TVM >= 0.24): flat statements and structured control flow */
    N_BIND, N_ALLOCBUFFER, N_BREAK, N_CONTINUE, N_RETURN,
} node_kind;


static inline bool tj_is_expr_kind(node_kind k) { return k == N_VAR || (k >= N_INTIMM && k <= N_NOT); }
static inline bool tj_is_stmt_kind(node_kind k) { return k >= N_LETSTMT && k <= N_RETURN; }

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
    const char *version; /* the file's tvm_version, or NULL */
    bool future;         /* written by a TVM newer than the newest this reader knows */
    const tir_named_tensor *bind; /* tensors for a model's detached weights (tirc --params) */
    uint32_t nbind;
} reader;

/* Constructs built from a node point at it, so later checks can name it. */
static inline tir_loc node_loc(uint32_t ni) { return (tir_loc){.node = ni + 1}; }

/* Errors of the reader itself name the node in their message. */
static const tir_loc no_loc;

typedef void *(*build_fn)(reader *r, uint32_t ni);

typedef struct {
    uint32_t n;
    uint32_t *items;
} node_list;

typedef struct {
    uint32_t n;
    const char **names; /* legacy string-keyed maps: the inline keys; else NULL */
    uint32_t *keys;     /* key nodes when names is NULL */
    uint32_t *values;
} map_entries;

void *tj_node_error(reader *r, uint32_t ni, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same for a construct tirc does not support (the error class unsupported). */
void *tj_node_unsupported(reader *r, uint32_t ni, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void *tj_unsupported_node(reader *r, uint32_t ni);
bool tj_is_null(reader *r, uint32_t ni);
node_kind tj_kind_of(reader *r, uint32_t ni);
void *tj_wrong_kind(reader *r, uint32_t from, const char *fname, uint32_t ni, const char *expected);
const tir_json *tj_field(const reader *r, uint32_t ni, const char *name);
bool tj_json_int(const tir_json *v, int64_t *out);
const char *tj_json_label(const tir_json *v);
bool tj_ref_field(reader *r, uint32_t ni, const char *name, bool optional, uint32_t *out);
bool tj_int_field(reader *r, uint32_t ni, const char *name, bool optional, int64_t dflt, int64_t *out);
bool tj_dtype_field(reader *r, uint32_t ni, const char *name, tir_dtype *out);
bool tj_enter(reader *r, uint32_t ni);
void tj_leave(reader *r, uint32_t ni);
void *tj_build_shared(reader *r, uint32_t ni, build_fn fn);
void *tj_build_text(reader *r, uint32_t ni);
const char *tj_string_at(reader *r, uint32_t from, const char *fname, uint32_t ni);
const char *tj_string_field(reader *r, uint32_t ni, const char *name);
bool tj_list_field(reader *r, uint32_t ni, const char *name, bool optional, uint32_t **items, uint32_t *n);
bool tj_map_at(reader *r, uint32_t from, const char *fname, uint32_t ni, map_entries *m);
tir_var *tj_var_at(reader *r, uint32_t from, const char *fname, uint32_t ni);
tir_var *tj_var_field(reader *r, uint32_t ni, const char *name);
tir_expr *tj_expr_field(reader *r, uint32_t ni, const char *name);
bool tj_opt_expr_field(reader *r, uint32_t ni, const char *name, tir_expr **out);
bool tj_expr_list_field(reader *r, uint32_t ni, const char *name, bool optional, tir_expr ***out, uint32_t *n);
bool tj_scope_supported(reader *r, uint32_t ni, const char *scope);
tir_buffer *tj_buffer_at(reader *r, uint32_t from, const char *fname, uint32_t ni);
tir_buffer *tj_buffer_field(reader *r, uint32_t ni, const char *name);
bool tj_no_predicate(reader *r, uint32_t ni);
bool tj_expr_dtype(reader *r, uint32_t ni, tir_dtype *out);
bool tj_no_layout(reader *r, uint32_t ni);
tir_expr *tj_expr_at(reader *r, uint32_t from, const char *fname, uint32_t ni);
tir_stmt *tj_stmt_field(reader *r, uint32_t ni, const char *name);
/* Decodes base64 into arena memory (NUL-terminated, *out_len bytes); NULL if malformed. */
const uint8_t *tj_base64(reader *r, const char *s, size_t len, size_t *out_len);

#endif
