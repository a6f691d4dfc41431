/* The TIR AST: the specification's nodes one to one, each with its source
 * location.  The front ends build it, check.c types it, the middle end's
 * passes rewrite it and codegen (codegen*.c) consumes it.  All memory lives in the compile's arena. */
#ifndef TIR_AST_H
#define TIR_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "diag.h"
#include "dtype.h"

typedef struct tir_expr tir_expr;
typedef struct tir_stmt tir_stmt;
typedef struct tir_buffer tir_buffer;
typedef struct tir_func tir_func;

/* Var.type_annotation kinds (spec "Finer-Grained Types"). */
enum { TIR_TYPE_PRIM = 0, TIR_TYPE_POINTER = 1, TIR_TYPE_TUPLE = 2 };

typedef struct {
    const char *name;
    tir_dtype dtype;
    uint8_t type_kind;
    tir_dtype elem_dtype; /* TIR_TYPE_POINTER: the pointee's dtype */
    const char *scope;    /* TIR_TYPE_POINTER: storage scope */
    bool is_const;        /* TIR_TYPE_POINTER: T.allocate_const's data, read-only */
    bool is_undef;        /* a name bound to a value holding T.undef(), with no LetStmt */
    int id;               /* unique within the compile */
    tir_loc loc;
} tir_var;

struct tir_buffer {
    const char *name;
    tir_var *data;
    tir_dtype dtype;
    uint32_t ndim;
    tir_expr **shape;
    uint32_t nstrides;
    tir_expr **strides;
    tir_expr *elem_offset;
    int data_alignment, offset_factor;
    bool auto_broadcast;
    const char *scope;
    int id;
    tir_loc loc;
};

typedef enum {
    TIR_E_VAR, TIR_E_INT, TIR_E_FLOAT, TIR_E_STR, TIR_E_CAST, TIR_E_SELECT, TIR_E_LOAD,
    TIR_E_RAMP, TIR_E_BROADCAST, TIR_E_LET, TIR_E_CALL, TIR_E_SHUFFLE,
    /* BinaryOp */
    TIR_E_ADD, TIR_E_SUB, TIR_E_MUL, TIR_E_DIV, TIR_E_MOD, TIR_E_FLOORDIV, TIR_E_FLOORMOD,
    TIR_E_MIN, TIR_E_MAX,
    /* CmpOp */
    TIR_E_EQ, TIR_E_NE, TIR_E_LT, TIR_E_LE, TIR_E_GE, TIR_E_GT,
    /* LogicalOp */
    TIR_E_AND, TIR_E_OR, TIR_E_NOT,
    TIR_E_KIND_COUNT
} tir_expr_kind;

extern const char *const tir_expr_kind_names[TIR_E_KIND_COUNT];

/* A call's op resolved once (intrinsics.def), so no stage compares names. */
typedef enum {
    TIR_I_OTHER, /* not a call, a PrimFunc call, or a builtin no stage treats specially */
#define INTRINSIC(ID, NAME) TIR_I_##ID,
#include "intrinsics.def"
#undef INTRINSIC
    TIR_I_COUNT
} tir_intrinsic;

static inline bool tir_is_binary(tir_expr_kind k) { return k >= TIR_E_ADD && k <= TIR_E_MAX; }
static inline bool tir_is_cmp(tir_expr_kind k) { return k >= TIR_E_EQ && k <= TIR_E_GT; }

struct tir_expr {
    tir_expr_kind kind;
    tir_dtype dtype;
    tir_loc loc;
    tir_var *var;        /* VAR; LET: the bound var */
    int64_t ival;        /* INT (uint64 values are stored as their bits) */
    bool out_of_range;   /* INT: the written literal does not fit the dtype (the checker reports it) */
    double fval;         /* FLOAT */
    const char *str;     /* STR */
    tir_expr *a, *b, *c; /* operands: binary/cmp/logical a,b; NOT a; CAST a; SELECT a?b:c;
                            RAMP base a, stride b; BROADCAST a; LET value a, body b */
    int lanes;           /* RAMP, BROADCAST */
    tir_buffer *buffer;  /* LOAD */
    uint32_t nargs;
    tir_expr **args;     /* LOAD indices, CALL args, SHUFFLE vectors */
    uint32_t nargs2;
    tir_expr **args2;    /* SHUFFLE indices */
    const char *op;      /* CALL: builtin op name ("tir.if_then_else"), or NULL for a PrimFunc call;
                            set with tir_call_set_op, which keeps intrin in step */
    tir_intrinsic intrin; /* CALL: op resolved (TIR_I_OTHER when no stage treats it specially) */
    const char *callee;  /* CALL of a PrimFunc (GlobalVar name) */
};

typedef enum {
    TIR_S_LET, TIR_S_ATTR, TIR_S_ASSERT, TIR_S_STORE, TIR_S_REALIZE, TIR_S_ALLOCATE,
    TIR_S_DECL_BUFFER, TIR_S_SEQ, TIR_S_IF, TIR_S_EVALUATE, TIR_S_FOR, TIR_S_WHILE,
    TIR_S_BLOCK_REALIZE
} tir_stmt_kind;

typedef enum { TIR_FOR_SERIAL, TIR_FOR_PARALLEL, TIR_FOR_VECTORIZED, TIR_FOR_UNROLLED, TIR_FOR_THREAD_BINDING } tir_for_kind;

/* IterVarType */
enum { TIR_ITER_DATA_PAR, TIR_ITER_THREAD_INDEX, TIR_ITER_COMM_REDUCE, TIR_ITER_ORDERED, TIR_ITER_OPAQUE };

typedef struct {
    tir_var *var;
    tir_expr *dom_min, *dom_extent; /* may be NULL */
    int iter_type;
    const char *thread_tag;
} tir_iter_var;

typedef struct {
    tir_buffer *buffer;
    uint32_t n;
    tir_expr **mins, **extents;
    tir_loc loc;
} tir_region;

typedef struct {
    tir_buffer *buffer;
    tir_region source;
    /* Set by the checker: shape_bound[k] when shape[k] is a Var already in
     * scope, which the region's extent must then equal at run time (lowering
     * asserts it) instead of binding it. NULL before checking. */
    bool *shape_bound;
} tir_match_buffer;

typedef struct {
    const char *name;
    uint32_t niter_vars;
    tir_iter_var *iter_vars;
    uint32_t nreads, nwrites;
    tir_region *reads, *writes;
    tir_stmt *body;
    tir_stmt *init; /* may be NULL */
    uint32_t nalloc;
    tir_buffer **alloc_buffers;
    uint32_t nmatch;
    tir_match_buffer *match_buffers;
    tir_loc loc;
} tir_block;

struct tir_stmt {
    tir_stmt_kind kind;
    tir_loc loc;
    tir_var *var;        /* LET, ALLOCATE (buffer_var), FOR (loop_var), ATTR (node when a Var) */
    tir_expr *value;     /* LET, STORE, EVALUATE, ATTR */
    tir_expr *cond;      /* ASSERT, IF, WHILE, ALLOCATE, REALIZE */
    tir_expr *message;   /* ASSERT */
    bool is_runtime_check; /* ASSERT made by lowering: fails as a trap, not a user assertion */
    tir_stmt *body;      /* LET, ATTR, ASSERT, ALLOCATE, DECL_BUFFER, FOR, WHILE, REALIZE; IF: then */
    tir_stmt *else_case; /* IF (may be NULL) */
    tir_buffer *buffer;  /* STORE, DECL_BUFFER, REALIZE */
    uint32_t nindices;
    tir_expr **indices;  /* STORE indices; ALLOCATE extents; BLOCK_REALIZE iter values */
    tir_dtype dtype;     /* ALLOCATE */
    const char *attr_key;
    tir_expr *attr_node; /* ATTR node when not a Var */
    tir_expr *min, *extent;
    tir_for_kind for_kind;
    const char *thread_tag;
    uint32_t nseq;
    tir_stmt **seq;
    tir_expr *predicate; /* BLOCK_REALIZE */
    tir_block *block;    /* BLOCK_REALIZE */
};

/* A model's constant (a weight): its bytes, in the buffer's layout
 * (compact row-major, little-endian elements).  Codegen puts it in the
 * module's weight section; index is its place there. */
typedef struct {
    const uint8_t *data;
    uint64_t nbytes;
    uint32_t index;
} tir_weight;

/* A tensor given by name (a model's detached weight, tirc --params). */
typedef struct {
    const char *name;
    tir_dtype dtype;
    uint32_t ndim;
    const int64_t *shape;
    const uint8_t *data; /* compact row-major, little-endian */
    uint64_t nbytes;
} tir_named_tensor;

struct tir_func {
    const char *name;
    tir_loc loc;
    uint32_t nparams;
    tir_var **params;
    tir_buffer **param_buffers; /* buffer_map: param_buffers[i] is NULL for scalar params */
    /* NULL, or per param: the weight a buffer param is bound to (NULL for
     * an argument).  A bound param is no argument of the compiled function:
     * its buffer reads the module's weight section. */
    tir_weight **param_weights;
    tir_stmt *body;
    bool has_ret_type;
    tir_dtype ret_dtype;
    bool is_private;
    uint32_t nattrs;
    const char **attr_keys; /* T.func_attr keys, kept (values carry no semantics) */
};

typedef struct {
    uint32_t nfuncs;
    tir_func **funcs;
} tir_module;

/* Constructors (arena-allocated; loc and dtype as given). */
tir_var *tir_var_new(tir_arena *a, const char *name, tir_dtype dt, tir_loc loc);
tir_expr *tir_expr_new(tir_arena *a, tir_expr_kind kind, tir_dtype dt, tir_loc loc);
tir_expr *tir_int(tir_arena *a, tir_dtype dt, int64_t v, tir_loc loc);
tir_expr *tir_float(tir_arena *a, tir_dtype dt, double v, tir_loc loc);
tir_expr *tir_var_ref(tir_arena *a, tir_var *v, tir_loc loc);
tir_expr *tir_binary(tir_arena *a, tir_expr_kind kind, tir_expr *x, tir_expr *y, tir_loc loc);
tir_expr *tir_cast(tir_arena *a, tir_dtype dt, tir_expr *x, tir_loc loc);
tir_stmt *tir_stmt_new(tir_arena *a, tir_stmt_kind kind, tir_loc loc);
tir_stmt *tir_seq(tir_arena *a, tir_stmt **items, uint32_t n, tir_loc loc);
/* Allocate(buf.data, buf.shape) whose body is DeclBuffer(buf): a buffer that
 * owns its memory (T.decl_buffer without data=, tirx's AllocBuffer).  The
 * DeclBuffer's body (al->body->body) is left for the caller. */
tir_stmt *tir_alloc_decl(tir_arena *a, tir_buffer *buf, tir_loc loc);
/* assert v == value, message: an extent check lowering adds (it fails as a
 * trap, not as a user assertion), around body. */
tir_stmt *tir_extent_check(tir_arena *a, tir_var *v, tir_expr *value, const char *message, tir_stmt *body,
                           tir_loc loc);
/* A one-dimensional buffer of `extent` elements over a pointer of its own
 * named data_name, in `scope`, with TVM's defaults (64-byte alignment,
 * offset factor 1; bool elements stored as int8). */
tir_buffer *tir_flat_buffer(tir_arena *a, const char *name, const char *data_name, tir_dtype dt, tir_expr *extent,
                            const char *scope, tir_loc loc);
/* The extents of the Allocate of a buffer that owns its memory: its shape,
 * or for a buffer with explicit strides one extent covering every element
 * they reach (and at least TVM's flattened extent strides[0] * shape[0]). */
void tir_alloc_extents(tir_arena *a, const tir_buffer *buf, uint32_t *n, tir_expr ***ext);
/* Select(cond, t, f), of t's dtype. */
tir_expr *tir_select(tir_arena *a, tir_expr *cond, tir_expr *t, tir_expr *f, tir_loc loc);
/* A tirx assert's message (tvmscript-tirx.md 1.8): the parts joined, after
 * "Kind: " unless the kind is NULL or the default RuntimeError. */
char *tir_assert_text(tir_arena *a, const char *kind, const char *const *parts, uint32_t n);

/* Does e hold T.undef() (the call tir.undef, or a name bound to one)? */
bool tir_has_undef(const tir_expr *e);
/* Names call e's builtin op and resolves it into e->intrin. */
void tir_call_set_op(tir_expr *e, const char *op);
/* A call of builtin op with n arguments (copied from args). */
tir_expr *tir_call(tir_arena *a, tir_dtype dt, const char *op, tir_expr **args, uint32_t n, tir_loc loc);
tir_intrinsic tir_intrinsic_of(const char *op);
/* e is a call of intrinsic i */
static inline bool tir_is_call_of(const tir_expr *e, tir_intrinsic i)
{
    return e->kind == TIR_E_CALL && e->intrin == i && i != TIR_I_OTHER;
}
/* The first buffer index inside e that holds T.undef(), or NULL. */
const tir_expr *tir_undef_load_index(const tir_expr *e);

/* Does the dtype admit this integer value (IntImm typing rule 2)? */
bool tir_int_fits(tir_dtype dt, int64_t v);

#endif
