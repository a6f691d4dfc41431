/* The Relax front end: a model's Relax function, as TVM's "zero" pipeline
 * leaves it (dataflow blocks of R.call_tir into PrimFuncs, tuples, weights
 * as constants), becomes one more PrimFunc of the module.  That function
 * takes the model's inputs and outputs as buffers, holds its weights as
 * weight buffers, plans the intermediate tensors into a few allocations
 * reused once a tensor is dead (as TVM's StaticPlanBlockMemory does), and
 * calls the kernels in order, passing each the memory of its tensors.
 *
 * The releases read are TVM 0.24, 0.25 and 0.26.  0.26 types every
 * expression with "ty" (relax.TensorType with an ir.PrimType dtype,
 * relax.ShapeType, ir.TupleType), names variables ir.Var{name}, calls
 * ir.Call{ty_args} and passes integers as bare IntImms.  0.24 and 0.25 (the
 * same Relax layout) use "struct_info_" (relax.TensorStructInfo with a
 * dtype string, relax.ShapeStructInfo, relax.TupleStructInfo; a MatchCast's
 * "struct_info"), relax.expr.Var{vid: relax.Id{name_hint}},
 * relax.expr.Call{sinfo_args}, relax.expr.PrimValue around integers and a
 * Function's "ret_struct_info".  Node types are matched by their last
 * component and fields by either name, so one reader serves all three. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "endian.h"
#include "relax.h"
#include "tvm_json_reader.h"

/* A tensor of the model: its type, and where its memory is once planned. */
typedef struct rx_tensor rx_tensor;
struct rx_tensor {
    tir_dtype dtype;
    uint32_t ndim;
    tir_expr **shape;
    tir_var *data;     /* its memory: a param's, a weight's or a storage's data */
    int output;        /* >= 0: the model's output number `output` */
    bool planned;      /* an intermediate: memory from the plan */
    uint32_t last_use; /* the last step reading it (steps count from 1) */
    int token;         /* planned: its storage */
    const char *size_key; /* planned: its element count, as text, for reuse */
    int64_t size;         /* planned: its element count when constant, else -1 */
    tir_expr *count;      /* planned: its element count */
    struct rx_storage *storage; /* after the build pipeline: the storage it views */
    rx_tensor *base;      /* a reshape: the tensor whose memory it views */
    bool constant;        /* a relax Constant: a weight, read-only */
};

typedef struct rx_storage rx_storage;

/* What a Relax variable holds: a tensor, or a tuple of them; after the
 * build pipeline also a storage, a shape, or nothing (a builtin's unit). */
enum { RV_TENSOR, RV_STORAGE, RV_SHAPE, RV_UNIT };
typedef struct {
    uint32_t n; /* RV_TENSOR: 0 for a tensor, else a tuple of n */
    rx_tensor *t;
    rx_tensor **items;
    int kind;
    rx_storage *storage;      /* RV_STORAGE */
    uint32_t ndim;            /* RV_SHAPE */
    tir_expr **dims;
} rx_value;

/* One kernel call, in order. */
typedef struct {
    const char *callee;
    tir_func *func;
    uint32_t nin, nout;
    rx_tensor **in, **out;
    uint32_t nscalar;  /* the values of the kernel's scalar parameters (tir_vars) */
    tir_expr **scalars;
    uint32_t node;
} rx_step;

/* A storage: one allocation, reused by tensors whose lives do not overlap. */
struct rx_storage {
    tir_dtype dtype;
    const char *size_key;
    int64_t size;     /* the largest constant element count of its tensors */
    tir_expr *count;  /* symbolic: the element count */
    bool busy;
    tir_buffer *buf;
    tir_expr *bytes;  /* after the build pipeline: its size in bytes, until a tensor gives it a dtype */
    bool typed;
};

/* The function's body in order: a statement, or a storage whose allocation
 * holds for the rest of the body. */
typedef struct {
    tir_stmt *stmt;
    rx_storage *storage;
    rx_step *step;
} rx_item;

typedef struct {
    reader *r;
    tir_vec *funcs;         /* the module's PrimFuncs */
    rx_value **vals;        /* per node: the value of a Relax variable */
    tir_vec steps, storages, params, param_bufs, param_weights, items;
    bool built;           /* a module after the build pipeline: memory is explicit */
    uint32_t result;      /* the node of the function's result */
    tir_buffer *heap;     /* the shape heap (symbolic shapes), once allocated */
    uint32_t nconsts;
    const tir_named_tensor *bind;
    uint32_t nbind;
    /* per PrimFunc (by index in funcs): the shape variables it was given as
     * scalar parameters, so every call passes their values */
    uint32_t *nextra;
    tir_var ***extra;
    /* the model's shape variables with a value: its inputs' (bound by their
     * buffers), and those R.match_cast defines (cast_vars[k] stands for
     * cast_vals[k] wherever a later type names it) */
    tir_vec known, cast_vars, cast_vals;
} rx_builder;

/* "MAJOR.MINOR..." as major * 1000 + minor; -1 when not a version. */
static long release_of(const char *v)
{
    char *end;
    long major = strtol(v, &end, 10);
    if (end == v || *end != '.')
        return -1;
    const char *m = end + 1;
    long minor = strtol(m, &end, 10);
    return end == m ? -1 : major * 1000 + minor;
}

#define RX_RELEASES "TVM 0.24, 0.25 and 0.26"

static void *rx_err(rx_builder *b, uint32_t ni, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void *rx_err(rx_builder *b, uint32_t ni, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* a file newer than the releases read: say so, it may be the reason */
    if (b->r->version && release_of(b->r->version) > 26)
        return tj_node_unsupported(b->r, ni, "%s (the file was written by TVM %.40s; tirc reads the Relax of "
                                   RX_RELEASES ")", msg, b->r->version);
    return tj_node_unsupported(b->r, ni, "%s", msg);
}

/* Relax is read in the layouts of TVM 0.24 to 0.26; an earlier release (or
 * the legacy format of 0.21 and before) is refused, naming those. */
static bool release_supported(rx_builder *b, uint32_t fn)
{
    reader *r = b->r;
    if (r->legacy) {
        tj_node_unsupported(r, fn, "a Relax function in the JSON format of TVM 0.21 and earlier (\"root\", "
                            "\"b64ndarrays\"%s%.40s); tirc reads Relax modules saved by " RX_RELEASES,
                            r->version ? ", TVM " : "", r->version ? r->version : "");
        return false;
    }
    long release = r->version ? release_of(r->version) : -1;
    if (release >= 0 && release < 24) {
        tj_node_unsupported(r, fn, "a Relax function saved by TVM %.40s; tirc reads Relax modules saved by "
                            RX_RELEASES " (tvm.ir.save_json after relax.get_pipeline(\"zero\") or after the "
                            "build pipeline)", r->version);
        return false;
    }
    return true;
}

/* Type keys by their last component: relax.expr.Var and relax.Var,
 * relax.TensorType and relax.TensorStructInfo read the same. */
static bool is_type(const reader *r, uint32_t ni, const char *suffix)
{
    const char *t = r->nodes[ni].type;
    size_t n = strlen(t), k = strlen(suffix);
    return n >= k && strcmp(t + n - k, suffix) == 0 && (n == k || t[n - k - 1] == '.');
}

/* A field by its 0.26 name or its earlier one. */
static const char *field_name(const reader *r, uint32_t ni, const char *now, const char *before)
{
    return tj_field(r, ni, now) ? now : before;
}

/* The type of an expression: "ty" (0.26), "struct_info_" (0.24, 0.25). */
static bool ty_of(reader *r, uint32_t ni, uint32_t *out)
{
    return tj_ref_field(r, ni, field_name(r, ni, "ty", "struct_info_"), false, out);
}

static const char *var_name(reader *r, uint32_t ni)
{
    uint32_t s;
    if (tj_field(r, ni, "name"))
        return tj_ref_field(r, ni, "name", false, &s) ? tj_string_at(r, ni, "name", s) : NULL;
    /* before 0.26: vid.name_hint */
    if (!tj_ref_field(r, ni, "vid", false, &s))
        return NULL;
    return tj_string_field(r, s, "name_hint");
}

/* The dtype of a TensorType: a PrimType node (0.26) or a dtype string. */
static bool tensor_dtype(reader *r, uint32_t ty, tir_dtype *out)
{
    const tir_json *f = tj_field(r, ty, "dtype");
    int64_t ref;
    if (f && tj_json_int(f, &ref) && ref >= 0 && (uint64_t)ref < r->n && tj_kind_of(r, (uint32_t)ref) == N_PRIMTYPE)
        return tj_dtype_field(r, (uint32_t)ref, "dtype", out);
    return tj_dtype_field(r, ty, "dtype", out);
}

/* A tensor type: dtype and shape (constants and shape variables). */
static rx_tensor *tensor_of_type(rx_builder *b, uint32_t ty)
{
    reader *r = b->r;
    if (!is_type(r, ty, "TensorType") && !is_type(r, ty, "TensorStructInfo"))
        return rx_err(b, ty, "a %s where a tensor type was expected", r->nodes[ty].type);
    rx_tensor *t = tir_arena_alloc(r->a, sizeof *t);
    t->output = -1;
    t->token = -1;
    if (!tensor_dtype(r, ty, &t->dtype))
        return NULL;
    uint32_t shape;
    if (!tj_ref_field(r, ty, "shape", true, &shape))
        return NULL;
    if (tj_is_null(r, shape))
        return rx_err(b, ty, "a tensor of unknown rank or shape: tirc needs every tensor's shape");
    if (!is_type(r, shape, "ShapeExpr"))
        return rx_err(b, shape, "a tensor shape given by a %s (tirc reads shapes written as R.shape / ShapeExpr)",
                      r->nodes[shape].type);
    if (!tj_expr_list_field(r, shape, "values", false, &t->shape, &t->ndim))
        return NULL;
    for (uint32_t k = 0; k < t->ndim; k++) {
        tir_expr *e = t->shape[k];
        if (e->kind != TIR_E_INT && e->kind != TIR_E_VAR)
            return rx_err(b, shape, "dimension %u of a tensor is an expression; tirc supports constants and shape "
                          "variables", k);
        if (e->kind == TIR_E_INT && e->dtype.bits != 64)
            t->shape[k] = tir_int(r->a, TIR_DT_I64, e->ival, e->loc);
        for (size_t c = 0; e->kind == TIR_E_VAR && c < b->cast_vars.len; c++)
            if (b->cast_vars.items[c] == e->var)
                t->shape[k] = b->cast_vals.items[c];
    }
    return t;
}

static bool known_var(rx_builder *b, const tir_var *v)
{
    for (size_t k = 0; k < b->known.len; k++)
        if (b->known.items[k] == v)
            return true;
    return false;
}


/* A tensor type's buffer: compact, over its own data pointer. */
static tir_buffer *tensor_buffer(rx_builder *b, const char *name, rx_tensor *t, tir_loc loc)
{
    tir_arena *a = b->r->a;
    tir_buffer *buf = tir_flat_buffer(a, name, name, t->dtype, NULL, "global", loc);
    buf->ndim = t->ndim;
    buf->shape = t->shape;
    t->data = buf->data;
    return buf;
}

static void add_param(rx_builder *b, const char *name, const char *buffer_name, rx_tensor *t, tir_weight *w,
                      tir_loc loc)
{
    tir_arena *a = b->r->a;
    tir_buffer *buf = tensor_buffer(b, buffer_name, t, loc);
    tir_var *p = tir_var_new(a, name, TIR_DT_HANDLE, loc);
    tir_vec_push(a, &b->params, p);
    tir_vec_push(a, &b->param_bufs, buf);
    tir_vec_push(a, &b->param_weights, w);
}


/* The number of elements of a constant shape, or -1 if symbolic or too large. */
static int64_t const_count(const rx_tensor *t)
{
    int64_t n = 1;
    for (uint32_t k = 0; k < t->ndim; k++)
        if (t->shape[k]->kind != TIR_E_INT || t->shape[k]->ival < 0 ||
            __builtin_mul_overflow(n, t->shape[k]->ival, &n))
            return -1;
    return n;
}

/* The dtype of a serialized tensor's header (DLPack's code, bits, lanes):
 * booleans are DLPack's kDLBool of 8 bits (TVM 0.26) or uint1 (earlier),
 * one byte each; the rest are scalar ints, uints and floats.  NULL and the
 * reason when tirc holds no constant of that dtype. */
static const char *scalar_dtype(uint8_t code, uint8_t bits, uint16_t lanes, tir_dtype *out)
{
    enum { DL_BOOL = 6 };
    if (lanes != 1)
        return "a vector dtype (tirc holds constants of scalar dtypes)";
    if ((code == DL_BOOL && bits == 8) || (code == TIR_CODE_UINT && bits == 1)) {
        *out = tir_dt(TIR_CODE_UINT, 1, 1);
        return NULL;
    }
    bool sized = bits == 8 || bits == 16 || bits == 32 || bits == 64;
    if (!sized || (code != TIR_CODE_INT && code != TIR_CODE_UINT && code != TIR_CODE_FLOAT &&
                   !(code == TIR_CODE_BFLOAT && bits == 16)) || (code == TIR_CODE_FLOAT && bits == 8))
        return "not a numeric scalar dtype (tirc holds constants of bool, int, uint and float dtypes)";
    *out = tir_dt(code, bits, 1);
    return NULL;
}

/* A relax Constant: its tensor, whose bytes are TVM's serialization of a
 * tensor (base64): magic, reserved word, device, ndim, dtype, shape, byte
 * count, bytes; little-endian.  It becomes a weight of the module. */
static rx_tensor *constant(rx_builder *b, uint32_t ni)
{
    reader *r = b->r;
    if (b->vals[ni])
        return b->vals[ni]->t;
    uint32_t ty, data;
    if (!ty_of(r, ni, &ty) || !tj_ref_field(r, ni, "data", false, &data))
        return NULL;
    rx_tensor *t = tensor_of_type(b, ty);
    if (!t)
        return NULL;
    if (t->dtype.lanes != 1)
        return rx_err(b, ni, "a constant of vector dtype %s (tirc holds constants of scalar dtypes)",
                      tir_dtype_name(t->dtype));
    int64_t count = const_count(t);
    if (count < 0)
        return rx_err(b, ni, "a constant of symbolic shape or of more than 2^63 elements");
    uint64_t want, es = tir_dtype_elem_size(t->dtype);
    if (__builtin_mul_overflow((uint64_t)count, es, &want))
        return rx_err(b, ni, "a constant of %" PRId64 " elements of %" PRIu64 " bytes: its size overflows 64 bits",
                      count, es);
    const tir_json *text = tir_json_get(r->nodes[data].j, "data");
    if (!text || text->kind != TIR_JSON_STRING)
        return rx_err(b, data, "a constant whose data is not base64 text (%s); tirc reads TVM 0.24 and later's "
                      "JSON, which embeds each tensor", r->nodes[data].type);
    size_t n;
    const uint8_t *bytes = tj_base64(r, text->str, text->len, &n);
    if (!bytes)
        return tj_node_error(r, data, "the constant's data is not valid base64");
    /* header: magic 8, reserved 8, device 8, ndim 4, dtype 4 */
    if (n < 32 || tir_get_le64(bytes) != UINT64_C(0xDD5E40F096B4A13F))
        return tj_node_error(r, data, "the constant's data is not a serialized TVM tensor (bad magic)");
    uint32_t dev = (uint32_t)bytes[16] | (uint32_t)bytes[17] << 8, ndim = (uint32_t)bytes[24] | (uint32_t)bytes[25] << 8;
    if (dev != 1)
        return tj_node_error(r, data, "the constant lives on device type %u; tirc reads CPU tensors (type 1)", dev);
    tir_dtype dt;
    const char *why = scalar_dtype(bytes[28], bytes[29], (uint16_t)(bytes[30] | bytes[31] << 8), &dt);
    if (why)
        return tj_node_error(r, data, "the constant's data has dtype code %u, %u bits, %u lanes: %s", bytes[28],
                             bytes[29], (unsigned)(bytes[30] | bytes[31] << 8), why);
    if (!tir_dt_eq(dt, t->dtype) || ndim != t->ndim || n < 32 + 8 * (size_t)ndim + 8)
        return tj_node_error(r, data, "the constant's data (%u dimensions of %s) disagrees with its type (%u "
                             "dimensions of %s)", ndim, tir_dtype_name(dt), t->ndim, tir_dtype_name(t->dtype));
    for (uint32_t k = 0; k < ndim; k++)
        if ((int64_t)tir_get_le64(bytes + 32 + 8 * k) != t->shape[k]->ival)
            return tj_node_error(r, data, "dimension %u of the constant's data disagrees with its type", k);
    uint64_t nbytes = tir_get_le64(bytes + 32 + 8 * ndim);
    size_t at = 32 + 8 * (size_t)ndim + 8;
    if (nbytes != want || nbytes > n - at)
        return tj_node_error(r, data, "the constant holds %" PRIu64 " bytes of data, expected %" PRIu64, nbytes,
                             want);
    /* a boolean is one byte, 0 or 1: kernels read it as such */
    for (uint64_t k = 0; tir_dt_is_bool(dt) && k < nbytes; k++)
        if (bytes[at + k] > 1)
            return tj_node_error(r, data, "element %" PRIu64 " of the boolean constant is %u, not 0 or 1", k,
                                 bytes[at + k]);
    tir_weight *w = tir_arena_alloc(r->a, sizeof *w);
    w->data = bytes + at;
    w->nbytes = nbytes;
    char *name = tir_arena_alloc(r->a, 32);
    snprintf(name, 32, "const_%u", b->nconsts++);
    add_param(b, name, name, t, w, node_loc(ni));
    rx_value *v = tir_arena_alloc(r->a, sizeof *v);
    v->t = t;
    t->constant = true;
    b->vals[ni] = v;
    return t;
}

/* The value of an argument: a variable bound earlier, or a constant. */
static rx_value *value_of(rx_builder *b, uint32_t ni)
{
    reader *r = b->r;
    if (is_type(r, ni, "Constant")) {
        if (!constant(b, ni))
            return NULL;
        return b->vals[ni];
    }
    if (is_type(r, ni, "Var") || is_type(r, ni, "DataflowVar")) {
        if (!b->vals[ni])
            return rx_err(b, ni, "variable '%s' is used before it is bound", var_name(r, ni));
        return b->vals[ni];
    }
    return rx_err(b, ni, "a %s as an argument; tirc reads variables and constants there", r->nodes[ni].type);
}

/* The tensor a value holds, for every consumer that needs one: a tuple
 * (empty or not), a storage, a shape or a builtin's unit is refused. */
static rx_tensor *value_tensor(rx_builder *b, const rx_value *v, uint32_t ni, const char *use)
{
    static const char *const kinds[] = {"no tensor", "a storage", "a shape", "no value (a builtin's unit)"};
    if (v->items)
        return rx_err(b, ni, "%s: a tuple of %u values where a tensor is expected", use, v->n);
    if (v->kind != RV_TENSOR || !v->t)
        return rx_err(b, ni, "%s: a value holding %s where a tensor is expected", use, kinds[v->kind]);
    return v->t;
}

static rx_tensor *tensor_arg(rx_builder *b, uint32_t ni, uint32_t step)
{
    rx_value *v = value_of(b, ni);
    if (!v || !value_tensor(b, v, ni, "an argument"))
        return NULL;
    if (v->t->last_use < step)
        v->t->last_use = step;
    return v->t;
}

static int find_func(rx_builder *b, const char *name)
{
    for (size_t i = 0; i < b->funcs->len; i++)
        if (strcmp(((tir_func *)b->funcs->items[i])->name, name) == 0)
            return (int)i;
    return -1;
}

static bool var_in(tir_var *v, tir_var **vs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (vs[i] == v)
            return true;
    return false;
}

/* The shape variables of a kernel's buffer parameters that no scalar
 * parameter gives (a symbolic batch: `x: T.Buffer((n, 784))`) become
 * scalar parameters of the kernel, which each call passes: a call passes
 * the kernel memory, not shapes. */
static void give_shape_vars(rx_builder *b, int fi)
{
    tir_arena *a = b->r->a;
    tir_func *f = b->funcs->items[fi];
    if (b->extra[fi] || b->nextra[fi])
        return;
    tir_vec found = {0};
    for (uint32_t i = 0; i < f->nparams; i++) {
        const tir_buffer *buf = f->param_buffers[i];
        for (uint32_t k = 0; buf && k < buf->ndim; k++) {
            tir_expr *e = buf->shape[k];
            if (e->kind == TIR_E_VAR && !var_in(e->var, f->params, f->nparams) &&
                !var_in(e->var, (tir_var **)found.items, (uint32_t)found.len))
                tir_vec_push(a, &found, e->var);
        }
    }
    b->extra[fi] = tir_arena_alloc(a, (found.len ? found.len : 1) * sizeof **b->extra);
    b->nextra[fi] = (uint32_t)found.len;
    if (!found.len)
        return;
    uint32_t n = f->nparams + (uint32_t)found.len;
    tir_var **params = tir_arena_alloc(a, n * sizeof *params);
    tir_buffer **bufs = tir_arena_alloc(a, n * sizeof *bufs);
    memcpy(params, f->params, f->nparams * sizeof *params);
    memcpy(bufs, f->param_buffers, f->nparams * sizeof *bufs);
    for (size_t i = 0; i < found.len; i++) {
        params[f->nparams + i] = found.items[i];
        bufs[f->nparams + i] = NULL;
        b->extra[fi][i] = found.items[i];
    }
    if (f->param_weights) {
        tir_weight **w = tir_arena_alloc(a, n * sizeof *w);
        memcpy(w, f->param_weights, f->nparams * sizeof *w);
        f->param_weights = w;
    }
    f->params = params;
    f->param_buffers = bufs;
    f->nparams = n;
}

/* R.call_tir(kernel, (args...), out_sinfo): one step. */
static bool int_arg(rx_builder *b, uint32_t ni, int64_t *out);
static rx_value *shape_arg(rx_builder *b, uint32_t ni);
static rx_value *call_kernel(rx_builder *b, uint32_t call, uint32_t gv, uint32_t *args, uint32_t nargs, bool dyn);

/* A kernel takes its tensors as buffer parameters, then the shape values a
 * call passes (R.call_tir's tir_vars, the shape call_tir_dyn unpacks) as
 * scalar parameters, in TVM's order: buffers first.  Checks the call gives
 * as many of each as the kernel takes; the scalars become the step's. */
static bool kernel_arity(rx_builder *b, uint32_t call, rx_step *s, int fi, uint32_t ntensors, rx_value *shape)
{
    const tir_func *f = s->func;
    uint32_t own = f->nparams - b->nextra[fi], nbuf = 0, nscalar = shape ? shape->ndim : 0;
    bool buffers_first = true;
    for (uint32_t k = 0; k < own; k++) {
        if (f->param_buffers[k] && nbuf < k)
            buffers_first = false;
        nbuf += f->param_buffers[k] != NULL;
    }
    if (nbuf != ntensors || own - nbuf != nscalar) {
        rx_err(b, call, "a call passes '%s' %u tensors and %u shape values, but it takes %u buffers and %u scalars",
               s->callee, ntensors, nscalar, nbuf, own - nbuf);
        return false;
    }
    if (!buffers_first) {
        rx_err(b, call, "'%s' takes a scalar parameter before a buffer; tirc passes a kernel its buffers first, "
               "then its scalars, as TVM's call_tir does", s->callee);
        return false;
    }
    s->nscalar = nscalar;
    s->scalars = shape ? shape->dims : NULL;
    return true;
}

/* R.call_tir_inplace's inplace_indices: per output, the input it
 * overwrites, or -1 for a new tensor. */
static bool inplace_indices(rx_builder *b, uint32_t call, int64_t **out, uint32_t *n)
{
    reader *r = b->r;
    uint32_t attrs, *items;
    if (!tj_ref_field(r, call, "attrs", false, &attrs) || tj_is_null(r, attrs) ||
        !tj_list_field(r, attrs, "inplace_indices", false, &items, n)) {
        if (!r->failed)
            rx_err(b, call, "R.call_tir_inplace without inplace_indices");
        return false;
    }
    *out = tir_arena_alloc(r->a, (*n ? *n : 1) * sizeof **out);
    for (uint32_t k = 0; k < *n; k++)
        if (!int_arg(b, items[k], &(*out)[k]))
            return false;
    return true;
}

static rx_value *call_tir(rx_builder *b, uint32_t call, uint32_t *args, uint32_t nargs, uint32_t step, bool inplace)
{
    reader *r = b->r;
    tir_arena *a = r->a;
    if (nargs < 2 || nargs > 3)
        return rx_err(b, call, "R.call_tir with %u arguments", nargs);
    rx_value *tir_vars = NULL;
    if (nargs == 3 && !(tir_vars = shape_arg(b, args[2])))
        return NULL;
    if (tj_kind_of(r, args[0]) != N_GLOBALVAR)
        return rx_err(b, call, "R.call_tir of a %s; tirc calls PrimFuncs of the module", r->nodes[args[0]].type);
    const char *callee = tj_string_field(r, args[0], "name_hint");
    if (!callee)
        return NULL;
    int fi = find_func(b, callee);
    if (fi < 0)
        return rx_err(b, call, "R.call_tir of '%s', which is not a PrimFunc of the module", callee);
    rx_step *s = tir_arena_alloc(a, sizeof *s);
    s->callee = callee;
    s->func = b->funcs->items[fi];
    s->node = call;
    uint32_t *ins, nin;
    if (is_type(r, args[1], "Tuple")) {
        if (!tj_list_field(r, args[1], "fields", false, &ins, &nin))
            return NULL;
    } else {
        ins = &args[1];
        nin = 1;
    }
    s->nin = nin;
    s->in = tir_arena_alloc(a, (nin ? nin : 1) * sizeof *s->in);
    for (uint32_t i = 0; i < nin; i++)
        if (!(s->in[i] = tensor_arg(b, ins[i], step)))
            return NULL;
    /* the outputs: the call's own type (a tensor, or a tuple of them) */
    uint32_t ty;
    if (!ty_of(r, call, &ty))
        return NULL;
    rx_value *v = tir_arena_alloc(a, sizeof *v);
    if (is_type(r, ty, "TupleType") || is_type(r, ty, "TupleStructInfo")) {
        uint32_t *fields, n;
        if (!tj_list_field(r, ty, "fields", false, &fields, &n))
            return NULL;
        if (!n)
            return rx_err(b, call, "R.call_tir with no outputs");
        v->n = n;
        v->items = tir_arena_alloc(a, n * sizeof *v->items);
        for (uint32_t k = 0; k < n; k++)
            if (!(v->items[k] = tensor_of_type(b, fields[k])))
                return NULL;
        s->nout = n;
        s->out = v->items;
    } else {
        if (!(v->t = tensor_of_type(b, ty)))
            return NULL;
        s->nout = 1;
        s->out = &v->t;
    }
    if (inplace) {
        /* an output written over input i is that input's tensor, which
         * the kernel receives once, among the inputs */
        int64_t *idx;
        uint32_t nidx, nnew = 0;
        if (!inplace_indices(b, call, &idx, &nidx))
            return NULL;
        if (nidx != s->nout)
            return rx_err(b, call, "R.call_tir_inplace with %u inplace_indices for %u outputs", nidx, s->nout);
        rx_tensor **fresh = tir_arena_alloc(a, (s->nout ? s->nout : 1) * sizeof *fresh);
        rx_tensor **outs = v->items ? v->items : &v->t;
        for (uint32_t k = 0; k < s->nout; k++) {
            if (idx[k] < 0) {
                fresh[nnew++] = outs[k];
                continue;
            }
            if ((uint64_t)idx[k] >= nin)
                return rx_err(b, call, "R.call_tir_inplace: output %u overwrites input %" PRId64 " of %u", k, idx[k],
                              nin);
            if (s->in[idx[k]]->constant)
                return rx_err(b, call, "R.call_tir_inplace: output %u overwrites input %" PRId64 ", a constant; the "
                              "model's constants are read-only weights", k, idx[k]);
            outs[k] = s->in[idx[k]];
        }
        s->out = fresh;
        s->nout = nnew;
    }
    if (!kernel_arity(b, call, s, fi, nin + s->nout, tir_vars))
        return NULL;
    for (uint32_t k = 0; k < s->nout; k++) {
        s->out[k]->planned = true;
        s->out[k]->last_use = step;
    }
    give_shape_vars(b, fi);
    tir_vec_push(a, &b->steps, s);
    return v;
}

/* ---- after the build pipeline: explicit memory, builtins, the shape heap ---- */
static rx_value *unit(rx_builder *b)
{
    rx_value *v = tir_arena_alloc(b->r->a, sizeof *v);
    v->kind = RV_UNIT;
    return v;
}

static void push_item(rx_builder *b, tir_stmt *stmt, rx_storage *st, rx_step *step)
{
    rx_item *it = tir_arena_alloc(b->r->a, sizeof *it);
    it->stmt = stmt;
    it->storage = st;
    it->step = step;
    tir_vec_push(b->r->a, &b->items, it);
}

/* An integer argument: a PrimValue of an IntImm, or an IntImm. */
static bool int_arg(rx_builder *b, uint32_t ni, int64_t *out)
{
    reader *r = b->r;
    uint32_t v = ni;
    if (is_type(r, ni, "PrimValue") && !tj_ref_field(r, ni, "value", false, &v))
        return false;
    if (tj_kind_of(r, v) != N_INTIMM) {
        rx_err(b, ni, "a %s where an integer is expected", r->nodes[v].type);
        return false;
    }
    return tj_int_field(r, v, "value", false, 0, out);
}

static rx_storage *new_storage(rx_builder *b, const char *name, tir_dtype dt, tir_expr *count, tir_loc loc)
{
    tir_arena *a = b->r->a;
    rx_storage *st = tir_arena_alloc(a, sizeof *st);
    char *sn = tir_arena_alloc(a, 32);
    snprintf(sn, 32, "%s_%zu", name, b->storages.len);
    st->dtype = dt;
    st->buf = tir_flat_buffer(a, sn, sn, dt, count, "global", loc);
    tir_vec_push(a, &b->storages, st);
    return st;
}

static tir_expr *heap_load(rx_builder *b, uint32_t ni, int64_t k)
{
    tir_arena *a = b->r->a;
    if (!b->heap)
        return rx_err(b, ni, "a shape read from the shape heap before it is allocated");
    tir_expr *e = tir_expr_new(a, TIR_E_LOAD, TIR_DT_I64, node_loc(ni));
    e->buffer = b->heap;
    e->nargs = 1;
    e->args = tir_arena_alloc(a, sizeof *e->args);
    e->args[0] = tir_int(a, TIR_DT_I64, k, node_loc(ni));
    return e;
}

/* A shape: a ShapeExpr, or a variable bound to one (make_shape). */
static rx_value *shape_arg(rx_builder *b, uint32_t ni)
{
    reader *r = b->r;
    if (is_type(r, ni, "ShapeExpr")) {
        rx_value *v = tir_arena_alloc(r->a, sizeof *v);
        v->kind = RV_SHAPE;
        if (!tj_expr_list_field(r, ni, "values", false, &v->dims, &v->ndim))
            return NULL;
        for (uint32_t k = 0; k < v->ndim; k++)
            if (v->dims[k]->dtype.bits != 64)
                v->dims[k] = tir_cast(r->a, TIR_DT_I64, v->dims[k], v->dims[k]->loc);
        return v;
    }
    rx_value *v = is_type(r, ni, "Var") || is_type(r, ni, "DataflowVar") ? b->vals[ni] : NULL;
    if (!v || v->kind != RV_SHAPE)
        return rx_err(b, ni, "a %s where a shape is expected", r->nodes[ni].type);
    return v;
}

static rx_value *tensor_value(rx_builder *b, rx_tensor *t)
{
    rx_value *v = tir_arena_alloc(b->r->a, sizeof *v);
    v->t = t;
    return v;
}

/* vm.builtin.match_shape(t, heap, ndim, kind, value, ...): kind 1 stores
 * dimension k of t into the heap; the others check it (binding and each
 * kernel's view check the same). */
static rx_value *match_shape(rx_builder *b, uint32_t call, uint32_t *args, uint32_t nargs)
{
    reader *r = b->r;
    tir_arena *a = r->a;
    int64_t ndim;
    if (nargs < 3 || !int_arg(b, args[2], &ndim) || ndim < 0 || (uint64_t)nargs < 3 + 2 * (uint64_t)ndim)
        return r->failed ? NULL : rx_err(b, call, "vm.builtin.match_shape with %u arguments", nargs);
    rx_value *tv = value_of(b, args[0]);
    if (!tv)
        return NULL;
    if (!value_tensor(b, tv, args[0], "vm.builtin.match_shape"))
        return NULL;
    if (tv->t->ndim != (uint32_t)ndim)
        return rx_err(b, call, "vm.builtin.match_shape of a value that is not a tensor of %" PRId64 " dimensions",
                      ndim);
    for (int64_t k = 0; k < ndim; k++) {
        int64_t kind, val;
        if (!int_arg(b, args[3 + 2 * k], &kind) || !int_arg(b, args[4 + 2 * k], &val))
            return NULL;
        if (kind != 1)
            continue;
        if (!b->heap || val < 0 || val >= b->heap->shape[0]->ival)
            return rx_err(b, call, "vm.builtin.match_shape stores to slot %" PRId64 " of no shape heap", val);
        tir_stmt *st = tir_stmt_new(a, TIR_S_STORE, node_loc(call));
        st->buffer = b->heap;
        st->nindices = 1;
        st->indices = tir_arena_alloc(a, sizeof *st->indices);
        st->indices[0] = tir_int(a, TIR_DT_I64, val, node_loc(call));
        tir_expr *dim = tv->t->shape[k];
        st->value = dim->dtype.bits == 64 ? dim : tir_cast(a, TIR_DT_I64, dim, node_loc(call));
        push_item(b, st, NULL, NULL);
    }
    return unit(b);
}

/* vm.builtin.make_shape(heap, ndim, kind, value, ...): kind 0 a constant,
 * kind 1 a slot of the heap. */
static rx_value *make_shape(rx_builder *b, uint32_t call, uint32_t *args, uint32_t nargs)
{
    reader *r = b->r;
    int64_t ndim;
    if (nargs < 2 || !int_arg(b, args[1], &ndim) || ndim < 0 || (uint64_t)nargs < 2 + 2 * (uint64_t)ndim)
        return r->failed ? NULL : rx_err(b, call, "vm.builtin.make_shape with %u arguments", nargs);
    rx_value *v = tir_arena_alloc(r->a, sizeof *v);
    v->kind = RV_SHAPE;
    v->ndim = (uint32_t)ndim;
    v->dims = tir_arena_alloc(r->a, (ndim ? (size_t)ndim : 1) * sizeof *v->dims);
    for (int64_t k = 0; k < ndim; k++) {
        int64_t kind, val;
        if (!int_arg(b, args[2 + 2 * k], &kind) || !int_arg(b, args[3 + 2 * k], &val))
            return NULL;
        if (kind == 0)
            v->dims[k] = tir_int(r->a, TIR_DT_I64, val, node_loc(call));
        else if (kind == 1) {
            if (!(v->dims[k] = heap_load(b, call, val)))
                return NULL;
        } else
            return rx_err(b, call, "vm.builtin.make_shape with a dimension of kind %" PRId64, kind);
    }
    return v;
}

static const char *extern_name(rx_builder *b, uint32_t ni)
{
    uint32_t sym;
    if (!tj_ref_field(b->r, ni, "global_symbol", false, &sym))
        return NULL;
    return tj_string_at(b->r, ni, "global_symbol", sym);
}

/* A builtin of the VM after the build pipeline (by its name). */
static rx_value *builtin(rx_builder *b, uint32_t call, const char *name, uint32_t *args, uint32_t nargs)
{
    reader *r = b->r;
    tir_arena *a = r->a;
    tir_loc loc = node_loc(call);
    if (strcmp(name, "relax.null_value") == 0 || strcmp(name, "vm.builtin.check_tensor_info") == 0 ||
        strcmp(name, "relax.vm.kill_object") == 0)
        return unit(b);
    if (strcmp(name, "vm.builtin.match_shape") == 0)
        return match_shape(b, call, args, nargs);
    if (strcmp(name, "vm.builtin.make_shape") == 0)
        return make_shape(b, call, args, nargs);
    /* a kernel with scalar parameters: (kernel, tensors..., shape), or
     * before LowerRuntimeBuiltin (kernel, (tensors..., shape)) */
    if (strcmp(name, "vm.builtin.call_tir_dyn") == 0 && nargs >= 1)
        return call_kernel(b, call, args[0], args + 1, nargs - 1, true);
    if (strcmp(name, "relax.vm.call_tir_dyn") == 0 && nargs == 2 && is_type(r, args[1], "Tuple")) {
        uint32_t *fields, n;
        if (!tj_list_field(r, args[1], "fields", false, &fields, &n))
            return NULL;
        return call_kernel(b, call, args[0], fields, n, true);
    }
    if (strcmp(name, "relax.call_builtin_with_ctx") == 0 && nargs == 2 && is_type(r, args[0], "ExternFunc")) {
        const char *inner = extern_name(b, args[0]);
        uint32_t *targs, ntargs;
        if (!inner || !tj_list_field(r, args[1], "fields", false, &targs, &ntargs))
            return NULL;
        if (strcmp(inner, "vm.builtin.alloc_shape_heap") == 0) {
            int64_t n;
            if (ntargs != 1 || !int_arg(b, targs[0], &n) || n < 0 || n > (1 << 20))
                return r->failed ? NULL : rx_err(b, call, "vm.builtin.alloc_shape_heap of an unexpected size");
            if (b->heap)
                return rx_err(b, call, "a second shape heap");
            rx_storage *st = new_storage(b, "shape_heap", TIR_DT_I64, tir_int(a, TIR_DT_I64, n, loc), loc);
            st->typed = true;
            b->heap = st->buf;
            push_item(b, NULL, st, NULL);
            rx_tensor *t = tir_arena_alloc(a, sizeof *t);
            t->output = -1;
            t->dtype = TIR_DT_I64;
            t->ndim = 1;
            t->shape = st->buf->shape;
            t->storage = st;
            return tensor_value(b, t);
        }
        name = inner;
    }
    if (strcmp(name, "relax.vm.alloc_storage") == 0) {
        rx_value *shape = nargs >= 1 ? shape_arg(b, args[0]) : NULL;
        if (!shape)
            return NULL;
        if (shape->ndim != 1)
            return rx_err(b, call, "relax.vm.alloc_storage of a %u-dimensional size", shape->ndim);
        rx_storage *st = new_storage(b, "storage", tir_dt(TIR_CODE_UINT, 8, 1), shape->dims[0], loc);
        st->bytes = shape->dims[0];
        push_item(b, NULL, st, NULL);
        rx_value *v = tir_arena_alloc(a, sizeof *v);
        v->kind = RV_STORAGE;
        v->storage = st;
        return v;
    }
    if (strcmp(name, "relax.vm.alloc_tensor") == 0) {
        if (nargs < 4)
            return rx_err(b, call, "relax.vm.alloc_tensor with %u arguments", nargs);
        rx_value *sv = value_of(b, args[0]), *shape = shape_arg(b, args[2]);
        int64_t offset;
        if (!sv || !shape || !int_arg(b, args[1], &offset))
            return NULL;
        if (sv->kind != RV_STORAGE)
            return rx_err(b, call, "relax.vm.alloc_tensor in a value that is not a storage");
        if (offset != 0)
            return rx_err(b, call, "relax.vm.alloc_tensor at offset %" PRId64 " of its storage", offset);
        tir_dtype dt, scalar;
        if (!tj_dtype_field(r, args[3], "value", &dt))
            return NULL;
        const char *why = scalar_dtype(dt.code, dt.bits, dt.lanes, &scalar);
        if (why)
            return rx_err(b, call, "relax.vm.alloc_tensor of dtype %s: %s", tir_dtype_name(dt), why);
        rx_storage *st = sv->storage;
        if (st->typed && !tir_dt_eq(st->dtype, dt))
            return rx_err(b, call, "a storage holding tensors of two dtypes (%s and %s)", tir_dtype_name(st->dtype),
                          tir_dtype_name(dt));
        if (!st->typed) {
            /* the storage's elements are the tensor's: bytes / element size */
            st->typed = true;
            st->dtype = dt;
            st->buf->dtype = dt;
            st->buf->data->elem_dtype = tir_dt_is_bool(dt) ? tir_dt(TIR_CODE_INT, 8, 1) : dt;
            tir_expr *es = tir_int(a, TIR_DT_I64, (int64_t)tir_dtype_elem_size(dt), loc);
            st->buf->shape[0] = st->bytes->kind == TIR_E_INT
                                    ? tir_int(a, TIR_DT_I64, st->bytes->ival / es->ival, loc)
                                    : tir_binary(a, TIR_E_FLOORDIV, st->bytes, es, loc);
        }
        rx_tensor *t = tir_arena_alloc(a, sizeof *t);
        t->output = -1;
        t->dtype = dt;
        t->ndim = shape->ndim;
        t->shape = shape->dims;
        t->storage = st;
        t->planned = true;
        return tensor_value(b, t);
    }
    if (strcmp(name, "vm.builtin.reshape") == 0) {
        rx_value *tv = nargs == 2 ? value_of(b, args[0]) : NULL, *shape = nargs == 2 ? shape_arg(b, args[1]) : NULL;
        if (!tv || !shape)
            return r->failed ? NULL : rx_err(b, call, "vm.builtin.reshape with %u arguments", nargs);
        if (!value_tensor(b, tv, args[0], "vm.builtin.reshape"))
            return NULL;
        /* a view: the same memory, another shape */
        rx_tensor *t = tir_arena_alloc(a, sizeof *t);
        *t = *tv->t;
        t->output = -1;
        t->planned = false;
        t->base = tv->t;
        t->ndim = shape->ndim;
        t->shape = shape->dims;
        return tensor_value(b, t);
    }
    return rx_err(b, call, "%s: a builtin of TVM's VM that tirc does not support (it reads the allocation, shape "
                  "and reshape builtins of a CPU module; the LLM runtime's KV caches and sampling are out of "
                  "scope)", name);
}

/* A call of a PrimFunc after the build pipeline: destination passing, the
 * outputs among the arguments (or the shape heap of a shape function);
 * call_tir_dyn passes a shape last, whose values are the kernel's scalars. */
static rx_value *call_kernel(rx_builder *b, uint32_t call, uint32_t gv, uint32_t *args, uint32_t nargs, bool dyn)
{
    reader *r = b->r;
    if (tj_kind_of(r, gv) != N_GLOBALVAR)
        return rx_err(b, call, "call_tir_dyn of a %s; tirc calls PrimFuncs of the module", r->nodes[gv].type);
    const char *callee = tj_string_field(r, gv, "name_hint");
    if (!callee)
        return NULL;
    int fi = find_func(b, callee);
    if (fi < 0)
        return rx_err(b, call, "a call of '%s', which is not a PrimFunc of the module", callee);
    rx_value *shape = NULL;
    if (dyn) {
        if (!nargs)
            return rx_err(b, call, "call_tir_dyn of '%s' without its shape argument", callee);
        if (!(shape = shape_arg(b, args[--nargs])))
            return NULL;
    }
    rx_step *s = tir_arena_alloc(r->a, sizeof *s);
    s->callee = callee;
    s->func = b->funcs->items[fi];
    s->node = call;
    s->nin = nargs;
    s->in = tir_arena_alloc(r->a, (nargs ? nargs : 1) * sizeof *s->in);
    for (uint32_t i = 0; i < nargs; i++)
        if (!(s->in[i] = tensor_arg(b, args[i], UINT32_MAX)))
            return NULL;
    if (!kernel_arity(b, call, s, fi, nargs, shape))
        return NULL;
    give_shape_vars(b, fi);
    push_item(b, NULL, NULL, s);
    return unit(b);
}

/* R.match_cast(value, R.Tensor(shape, dtype)) binds var to the value's
 * tensor.  A shape variable the type names first takes the value's
 * dimension; any other dimension must equal the value's: refused here when
 * both are constants, else checked when the model runs (TVM's VM raises
 * the same mismatch). */
static bool match_cast(rx_builder *b, uint32_t bn, uint32_t var, uint32_t value)
{
    reader *r = b->r;
    tir_arena *a = r->a;
    uint32_t ty;
    if (!tj_ref_field(r, bn, tj_field(r, bn, "ty") ? "ty" : "struct_info", false, &ty))
        return false;
    rx_value *v = value_of(b, value);
    if (!v)
        return false;
    if (!value_tensor(b, v, value, "R.match_cast"))
        return false;
    if (!is_type(r, ty, "TensorType") && !is_type(r, ty, "TensorStructInfo")) {
        rx_err(b, bn, "R.match_cast to a %s; tirc reads casts of tensors to tensor types", r->nodes[ty].type);
        return false;
    }
    rx_tensor *want = tensor_of_type(b, ty), *t = v->t;
    if (!want)
        return false;
    if (want->ndim != t->ndim || !tir_dt_eq(want->dtype, t->dtype)) {
        rx_err(b, bn, "R.match_cast of a %u-dimensional %s tensor to a %u-dimensional %s one", t->ndim,
               tir_dtype_name(t->dtype), want->ndim, tir_dtype_name(want->dtype));
        return false;
    }
    for (uint32_t k = 0; k < t->ndim; k++) {
        tir_expr *p = want->shape[k], *have = t->shape[k];
        if (p->kind == TIR_E_VAR && !known_var(b, p->var)) {
            tir_vec_push(a, &b->cast_vars, p->var);
            tir_vec_push(a, &b->cast_vals, have);
            tir_vec_push(a, &b->known, p->var);
            continue;
        }
        if (p->kind == TIR_E_INT && have->kind == TIR_E_INT) {
            if (p->ival != have->ival) {
                rx_err(b, bn, "R.match_cast: dimension %u of the value is %" PRId64 ", but the type says %" PRId64,
                       k, have->ival, p->ival);
                return false;
            }
            continue;
        }
        if (p->kind == TIR_E_VAR && have->kind == TIR_E_VAR && p->var == have->var)
            continue;
        char *msg = tir_arena_alloc(a, 96);
        snprintf(msg, 96, "R.match_cast: dimension %u of the value differs from its type's", k);
        tir_stmt *check = tir_stmt_new(a, TIR_S_ASSERT, node_loc(bn));
        check->cond = tir_binary(a, TIR_E_EQ, have, p, node_loc(bn));
        check->message = tir_expr_new(a, TIR_E_STR, TIR_DT_I32, node_loc(bn));
        check->message->str = msg;
        check->is_runtime_check = true;
        push_item(b, check, NULL, NULL);
    }
    b->vals[var] = v;
    return true;
}

/* A binding's value. */
static rx_value *binding_value(rx_builder *b, uint32_t value, uint32_t step)
{
    reader *r = b->r;
    if (is_type(r, value, "TupleGetItem")) {
        uint32_t tuple;
        int64_t index;
        if (!tj_ref_field(r, value, "tuple_value", false, &tuple) || !tj_int_field(r, value, "index", false, 0, &index))
            return NULL;
        rx_value *t = value_of(b, tuple);
        if (!t)
            return NULL;
        if (!t->items || index < 0 || (uint64_t)index >= t->n)
            return rx_err(b, value, "tuple index %" PRId64 " out of range", index);
        rx_value *v = tir_arena_alloc(r->a, sizeof *v);
        v->t = t->items[index];
        return v;
    }
    if (is_type(r, value, "Var") || is_type(r, value, "DataflowVar") || is_type(r, value, "Constant"))
        return value_of(b, value);
    if (is_type(r, value, "Tuple")) {
        uint32_t *fields, n;
        if (!tj_list_field(r, value, "fields", false, &fields, &n))
            return NULL;
        rx_value *v = tir_arena_alloc(r->a, sizeof *v);
        v->n = n;
        v->items = tir_arena_alloc(r->a, (n ? n : 1) * sizeof *v->items);
        for (uint32_t k = 0; k < n; k++) {
            rx_value *x = value_of(b, fields[k]);
            if (!x || !(v->items[k] = value_tensor(b, x, fields[k], "a tuple's field")))
                return NULL;
        }
        return v;
    }
    if (tj_kind_of(r, value) != N_CALL && !is_type(r, value, "Call"))
        return rx_err(b, value, "a binding of a %s", r->nodes[value].type);
    uint32_t op, *args, nargs;
    if (!tj_ref_field(r, value, "op", false, &op) || !tj_list_field(r, value, "args", false, &args, &nargs))
        return NULL;
    if (tj_kind_of(r, op) == N_GLOBALVAR) {
        b->built = true;
        return call_kernel(b, value, op, args, nargs, false);
    }
    if (is_type(r, op, "ExternFunc")) {
        const char *ext = extern_name(b, op);
        b->built = true;
        return ext ? builtin(b, value, ext, args, nargs) : NULL;
    }
    const char *name = tj_kind_of(r, op) == N_OP ? tj_build_text(r, op) : NULL;
    if (!name)
        return rx_err(b, value, "a call of a %s", r->nodes[op].type);
    if (strcmp(name, "relax.call_tir") == 0 || strcmp(name, "relax.call_tir_inplace") == 0)
        return call_tir(b, value, args, nargs, step, name[14] == '_');
    if (strcmp(name, "relax.null_value") == 0 || strcmp(name, "relax.call_builtin_with_ctx") == 0 ||
        strncmp(name, "relax.vm.", 9) == 0) {
        b->built = true;
        return builtin(b, value, name, args, nargs);
    }
    if (strncmp(name, "relax.builtin.", 14) == 0 || strcmp(name, "relax.call_packed") == 0 ||
        strncmp(name, "relax.memory.", 13) == 0)
        return rx_err(b, value, "%s: a module between TVM's pipelines; tirc reads the module after "
                      "relax.get_pipeline(\"zero\"), or after the whole build pipeline", name);
    if (strcmp(name, "relax.call_dps_packed") == 0)
        return rx_err(b, value, "%s is not supported: tirc calls PrimFuncs of the module, not packed functions",
                      name);
    return rx_err(b, value, "operator %s: the module is not legalized; run relax.get_pipeline(\"zero\") (or "
                  "relax.transform.LegalizeOps) first, so that every operator is a call_tir of a PrimFunc", name);
}

/* The model's outputs: the body's variable, or each variable of its tuple. */
static bool mark_outputs(rx_builder *b, uint32_t body, rx_tensor ***outs, uint32_t *n)
{
    reader *r = b->r;
    rx_value *v = value_of(b, body);
    if (!v)
        return false;
    if (v->items && !v->n) {
        rx_err(b, body, "the model returns an empty tuple; tirc needs at least one output tensor");
        return false;
    }
    if (!v->items && !value_tensor(b, v, body, "the model's result"))
        return false;
    *n = v->items ? v->n : 1;
    *outs = v->items ? v->items : &v->t;
    for (uint32_t k = 0; k < *n; k++) {
        rx_tensor *t = (*outs)[k];
        if (!t->planned || t->output >= 0) {
            rx_err(b, body, "the model returns %s; tirc supports outputs that kernels compute, each once",
                   t->output >= 0 ? "one tensor twice" : "an input or a constant");
            return false;
        }
        t->output = (int)k;
        t->planned = false;
    }
    (void)r;
    return true;
}

/* Text naming an element count, so that equal symbolic sizes share storage. */
static const char *size_key(tir_arena *a, const rx_tensor *t)
{
    size_t len = 0;
    char buf[512];
    for (uint32_t k = 0; k < t->ndim && len < sizeof buf - 40; k++) {
        const tir_expr *e = t->shape[k];
        if (e->kind == TIR_E_INT)
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%" PRId64 "*", e->ival);
        else
            len += (size_t)snprintf(buf + len, sizeof buf - len, "v%d*", e->var->id);
    }
    buf[len] = 0;
    return tir_arena_strdup(a, buf);
}

static tir_expr *element_count(tir_arena *a, const rx_tensor *t, tir_loc loc)
{
    tir_expr *n = tir_int(a, TIR_DT_I64, 1, loc);
    for (uint32_t k = 0; k < t->ndim; k++)
        n = tir_binary(a, TIR_E_MUL, n, t->shape[k], loc);
    return n;
}

/* Gives each intermediate a storage, reusing one whose tensors are all dead
 * (same dtype; a constant size takes the largest free one, growing it). */
static void plan(rx_builder *b)
{
    tir_arena *a = b->r->a;
    for (size_t si = 0; si < b->steps.len; si++) {
        rx_step *s = b->steps.items[si];
        uint32_t step = (uint32_t)si + 1;
        /* free what no later step reads (a step's outputs never share its inputs' memory) */
        for (size_t k = 0; k < b->storages.len; k++)
            ((rx_storage *)b->storages.items[k])->busy = false;
        for (size_t sj = 0; sj < si; sj++) {
            rx_step *p = b->steps.items[sj];
            for (uint32_t o = 0; o < p->nout; o++)
                if (p->out[o]->planned && p->out[o]->last_use >= step)
                    ((rx_storage *)b->storages.items[p->out[o]->token])->busy = true;
        }
        for (uint32_t o = 0; o < s->nout; o++) {
            rx_tensor *t = s->out[o];
            if (!t->planned)
                continue;
            t->size = const_count(t);
            t->size_key = size_key(a, t);
            int best = -1;
            for (size_t k = 0; k < b->storages.len; k++) {
                rx_storage *st = b->storages.items[k];
                if (st->busy || !tir_dt_eq(st->dtype, t->dtype) || (st->size < 0) != (t->size < 0))
                    continue;
                if (t->size < 0 ? strcmp(st->size_key, t->size_key) == 0
                                : best < 0 || st->size > ((rx_storage *)b->storages.items[best])->size)
                    best = (int)k;
            }
            if (best < 0) {
                rx_storage *st = tir_arena_alloc(a, sizeof *st);
                st->dtype = t->dtype;
                st->size = t->size;
                st->size_key = t->size_key;
                st->count = t->size < 0 ? element_count(a, t, no_loc) : NULL;
                tir_vec_push(a, &b->storages, st);
                best = (int)b->storages.len - 1;
            }
            rx_storage *st = b->storages.items[best];
            if (t->size > st->size)
                st->size = t->size;
            st->busy = true;
            t->token = best;
        }
    }
}

/* The memory a tensor lives in: an output's or a param's own, a view's
 * base's, or (after the build pipeline) its storage's. */
static tir_var *data_of(const rx_tensor *t)
{
    if (t->output >= 0)
        return t->data;
    if (t->base)
        return data_of(t->base);
    if (t->storage)
        return t->storage->buf->data;
    return t->data;
}

/* Evaluate(kernel(in.data..., out.data..., shape variables...)). */
static tir_stmt *call_stmt(rx_builder *b, rx_step *s)
{
    tir_arena *a = b->r->a;
    tir_loc loc = node_loc(s->node);
    int fi = find_func(b, s->callee);
    uint32_t nextra = b->nextra[fi], n = s->nin + s->nout + s->nscalar + nextra;
    tir_expr *call = tir_expr_new(a, TIR_E_CALL, s->func->has_ret_type ? s->func->ret_dtype : TIR_DT_VOID, loc);
    call->callee = s->callee;
    call->nargs = n;
    call->args = tir_arena_alloc(a, n * sizeof *call->args);
    /* the kernel's buffers in order: inputs, then outputs (destination passing) */
    uint32_t k = 0;
    for (uint32_t i = 0; i < s->nin; i++)
        call->args[k++] = tir_var_ref(a, data_of(s->in[i]), loc);
    for (uint32_t i = 0; i < s->nout; i++)
        call->args[k++] = tir_var_ref(a, data_of(s->out[i]), loc);
    /* the shape values passed to its scalar parameters, in its order */
    for (uint32_t i = 0, p = 0; i < s->nscalar; i++, p++) {
        while (s->func->param_buffers[p])
            p++;
        tir_dtype dt = s->func->params[p]->dtype;
        tir_expr *val = s->scalars[i];
        call->args[k++] = tir_dt_eq(val->dtype, dt) ? val : tir_cast(a, dt, val, loc);
    }
    /* each shape variable the kernel was given: the extent of the first of
     * its buffers that has it as a dimension, in the tensor passed there */
    for (uint32_t e = 0; e < nextra; e++) {
        tir_var *v = b->extra[fi][e];
        tir_expr *val = NULL;
        for (uint32_t p = 0, bi = 0; p < s->func->nparams && !val; p++) {
            const tir_buffer *buf = s->func->param_buffers[p];
            if (!buf)
                continue;
            rx_tensor *t = bi < s->nin ? s->in[bi] : s->out[bi - s->nin];
            bi++;
            for (uint32_t d = 0; d < buf->ndim && d < t->ndim && !val; d++)
                if (buf->shape[d]->kind == TIR_E_VAR && buf->shape[d]->var == v)
                    val = t->shape[d];
        }
        if (!val)
            return rx_err(b, s->node, "'%s': no buffer gives shape variable '%s' a value", s->callee, v->name);
        call->args[k++] = val->dtype.bits == v->dtype.bits ? val : tir_cast(a, v->dtype, val, loc);
    }
    /* the callee's parameters in its order: buffers first as read, then the
     * shape variables appended last */
    tir_stmt *ev = tir_stmt_new(a, TIR_S_EVALUATE, loc);
    ev->value = call;
    return ev;
}

/* Binds the detached weights (the params after num_input) to the given
 * tensors: by the name p_K (K counting from the first weight, as TVM's
 * tutorial saves them) or by the parameter's own name. */
static const tir_named_tensor *bound_tensor(rx_builder *b, uint32_t k, const char *name)
{
    char pk[32];
    snprintf(pk, sizeof pk, "p_%u", k);
    for (uint32_t i = 0; i < b->nbind; i++)
        if (strcmp(b->bind[i].name, pk) == 0 || strcmp(b->bind[i].name, name) == 0)
            return &b->bind[i];
    return NULL;
}

static bool check_bound(rx_builder *b, uint32_t pi, const char *name, const rx_tensor *t, const tir_named_tensor *x)
{
    bool ok = tir_dt_eq(x->dtype, t->dtype) && x->ndim == t->ndim;
    for (uint32_t k = 0; ok && k < t->ndim; k++)
        ok = t->shape[k]->kind == TIR_E_INT && t->shape[k]->ival == x->shape[k];
    if (!ok)
        tj_node_error(b->r, pi, "parameter '%s' (bound to '%s') has another dtype or shape than the tensor given for "
                      "it (%s, %u dimensions)", name, x->name, tir_dtype_name(x->dtype), x->ndim);
    return ok;
}

/* Reads a Relax function into a PrimFunc named `name`. */
tir_func *tj_relax_function(reader *r, uint32_t fn, const char *name, tir_vec *funcs, const tir_named_tensor *bind,
                            uint32_t nbind)
{
    tir_arena *a = r->a;
    rx_builder b = {.r = r, .funcs = funcs, .bind = bind, .nbind = nbind};
    b.vals = tir_arena_alloc(a, r->n * sizeof *b.vals);
    memset(b.vals, 0, r->n * sizeof *b.vals);
    b.nextra = tir_arena_alloc(a, (funcs->len ? funcs->len : 1) * sizeof *b.nextra);
    b.extra = tir_arena_alloc(a, (funcs->len ? funcs->len : 1) * sizeof *b.extra);
    memset(b.nextra, 0, (funcs->len ? funcs->len : 1) * sizeof *b.nextra);
    memset(b.extra, 0, (funcs->len ? funcs->len : 1) * sizeof *b.extra);
    if (!release_supported(&b, fn))
        return NULL;

    /* num_input: the params after it are the model's weights (detached) */
    uint32_t *params, nparams;
    if (!tj_list_field(r, fn, "params", false, &params, &nparams))
        return NULL;
    int64_t num_input = nparams;
    uint32_t attrs, dict;
    map_entries m;
    if (tj_ref_field(r, fn, "attrs", true, &attrs) && !tj_is_null(r, attrs) &&
        tj_ref_field(r, attrs, "__dict__", true, &dict) && !tj_is_null(r, dict) &&
        tj_map_at(r, attrs, "__dict__", dict, &m))
        for (uint32_t i = 0; i < m.n; i++) {
            const char *key = m.names ? m.names[i] : tj_string_at(r, dict, "key", m.keys[i]);
            int64_t v;
            if (key && strcmp(key, "num_input") == 0) {
                const tir_json *j = r->nodes[m.values[i]].j;
                const tir_json *d = tir_json_get(j, "data");
                if ((d && tj_json_int(d, &v)) || tj_int_field(r, m.values[i], "value", true, -1, &v))
                    if (v >= 0 && v <= (int64_t)nparams)
                        num_input = v;
            }
        }
    if (r->failed)
        return NULL;
    uint32_t nbound = 0;
    for (uint32_t i = 0; i < nparams; i++) {
        uint32_t ty;
        const char *pname = var_name(r, params[i]);
        if (!pname || !ty_of(r, params[i], &ty))
            return NULL;
        rx_tensor *t = tensor_of_type(&b, ty);
        if (!t)
            return NULL;
        for (uint32_t k = 0; k < t->ndim; k++)
            if (t->shape[k]->kind == TIR_E_VAR && !known_var(&b, t->shape[k]->var))
                tir_vec_push(a, &b.known, t->shape[k]->var);
        tir_weight *w = NULL;
        const char *sig = pname;
        if ((int64_t)i >= num_input) {
            /* a detached weight: p_K, as TVM's tutorial names them */
            uint32_t k = i - (uint32_t)num_input;
            char *pk = tir_arena_alloc(a, 32);
            snprintf(pk, 32, "p_%u", k);
            sig = pk;
            const tir_named_tensor *x = nbind ? bound_tensor(&b, k, pname) : NULL;
            if (nbind && !x)
                return tj_node_error(r, params[i], "no tensor given for weight '%s' (p_%u)", pname, k);
            if (x) {
                if (!check_bound(&b, params[i], pname, t, x))
                    return NULL;
                w = tir_arena_alloc(a, sizeof *w);
                w->data = x->data;
                w->nbytes = x->nbytes;
                nbound++;
            }
        }
        add_param(&b, sig, pname, t, w, node_loc(params[i]));
        rx_value *v = tir_arena_alloc(a, sizeof *v);
        v->t = t;
        b.vals[params[i]] = v;
    }
    if (nbind && nbound != nbind)
        return tj_node_error(r, fn, "%u tensors given for the model's %u detached weights", nbind, nbound);

    /* the bindings, in order */
    uint32_t body, *blocks, nblocks, result;
    if (!tj_ref_field(r, fn, "body", false, &body))
        return NULL;
    if (!is_type(r, body, "SeqExpr"))
        return rx_err(&b, body, "a function body that is a %s (expected a SeqExpr)", r->nodes[body].type);
    if (!tj_list_field(r, body, "blocks", false, &blocks, &nblocks) || !tj_ref_field(r, body, "body", false, &result))
        return NULL;
    uint32_t step = 0;
    for (uint32_t bi = 0; bi < nblocks; bi++) {
        uint32_t *bindings, nbindings;
        if (!tj_list_field(r, blocks[bi], "bindings", false, &bindings, &nbindings))
            return NULL;
        for (uint32_t k = 0; k < nbindings; k++) {
            uint32_t bn = bindings[k], var, value;
            if (!is_type(r, bn, "VarBinding") && !is_type(r, bn, "MatchCast"))
                return rx_err(&b, bn, "a binding of kind %s", r->nodes[bn].type);
            if (!tj_ref_field(r, bn, "var", false, &var) || !tj_ref_field(r, bn, "value", false, &value))
                return NULL;
            if (is_type(r, bn, "MatchCast")) {
                if (!match_cast(&b, bn, var, value))
                    return NULL;
                continue;
            }
            rx_value *v = binding_value(&b, value, ++step);
            if (!v)
                return NULL;
            b.vals[var] = v;
        }
    }
    rx_tensor **outs;
    uint32_t nouts;
    if (!mark_outputs(&b, result, &outs, &nouts))
        return NULL;
    /* each output's declared type (the function's return type) gives its
     * parameter's shape, in the model's shape variables (after the build
     * pipeline the computed shape reads the shape heap) */
    uint32_t ret, *ret_fields = NULL, nret = 0;
    if (!tj_ref_field(r, fn, field_name(r, fn, "ret_ty", "ret_struct_info"), true, &ret))
        return NULL;
    if (!tj_is_null(r, ret) && (is_type(r, ret, "TupleType") || is_type(r, ret, "TupleStructInfo"))) {
        if (!tj_list_field(r, ret, "fields", false, &ret_fields, &nret))
            return NULL;
    } else if (!tj_is_null(r, ret)) {
        ret_fields = &ret;
        nret = 1;
    }
    for (uint32_t k = 0; k < nouts; k++) {
        char *on = tir_arena_alloc(a, 32);
        if (nouts == 1)
            snprintf(on, 32, "output");
        else
            snprintf(on, 32, "output_%u", k);
        rx_tensor *declared = nret == nouts ? tensor_of_type(&b, ret_fields[k]) : NULL;
        if (nret == nouts && !declared)
            return NULL;
        add_param(&b, on, on, declared ? declared : outs[k], NULL, node_loc(result));
        if (declared)
            outs[k]->data = declared->data;
    }
    if (b.built && b.steps.len)
        return rx_err(&b, fn, "a function mixing R.call_tir with the build pipeline's explicit memory");
    if (!b.built) {
        if (!b.steps.len)
            return rx_err(&b, fn, "a Relax function that calls no kernel");
        /* the zero stage: plan the intermediates, allocate every storage first */
        plan(&b);
        for (size_t k = 0; k < b.storages.len; k++) {
            rx_storage *st = b.storages.items[k];
            char *sn = tir_arena_alloc(a, 32);
            snprintf(sn, 32, "storage_%zu", k);
            tir_expr *count = st->count ? st->count : tir_int(a, TIR_DT_I64, st->size, no_loc);
            st->buf = tir_flat_buffer(a, sn, sn, st->dtype, count, "global", node_loc(fn));
            st->typed = true;
            push_item(&b, NULL, st, NULL);
        }
        for (size_t si = 0; si < b.steps.len; si++) {
            rx_step *s = b.steps.items[si];
            for (uint32_t o = 0; o < s->nout; o++)
                if (s->out[o]->planned)
                    s->out[o]->data = ((rx_storage *)b.storages.items[s->out[o]->token])->buf->data;
            push_item(&b, NULL, NULL, s);
        }
    }

    /* the body, in order: each storage's allocation holds for the rest of
     * it (a storage no tensor uses, such as one an output replaced, is left out) */
    tir_stmt **run = tir_arena_alloc(a, (b.items.len + 1) * sizeof *run); /* in reverse order */
    uint32_t nrun = 0, ncalls = 0;
    tir_stmt *inner = NULL;
    for (size_t k = b.items.len; k-- > 0;) {
        rx_item *it = b.items.items[k];
        tir_stmt *st = it->stmt;
        ncalls += it->step != NULL;
        if (it->step && !(st = call_stmt(&b, it->step)))
            return NULL;
        if (!it->storage) {
            run[nrun++] = st;
            continue;
        }
        if (!it->storage->typed)
            continue;
        for (uint32_t i = 0; i < nrun / 2; i++) {
            tir_stmt *t = run[i];
            run[i] = run[nrun - 1 - i];
            run[nrun - 1 - i] = t;
        }
        tir_stmt *al = tir_alloc_decl(a, it->storage->buf, node_loc(fn));
        al->body->body = nrun == 1 ? run[0] : tir_seq(a, run, nrun, node_loc(fn));
        run = tir_arena_alloc(a, (b.items.len + 1) * sizeof *run);
        run[0] = al;
        nrun = 1;
    }
    for (uint32_t i = 0; i < nrun / 2; i++) {
        tir_stmt *t = run[i];
        run[i] = run[nrun - 1 - i];
        run[nrun - 1 - i] = t;
    }
    if (ncalls)
        inner = nrun == 1 ? run[0] : tir_seq(a, run, nrun, node_loc(fn));
    if (!inner)
        return rx_err(&b, fn, "a Relax function that calls no kernel");

    tir_func *f = tir_arena_alloc(a, sizeof *f);
    f->name = name;
    f->loc = node_loc(fn);
    f->nparams = (uint32_t)b.params.len;
    f->params = (tir_var **)b.params.items;
    f->param_buffers = (tir_buffer **)b.param_bufs.items;
    f->param_weights = (tir_weight **)b.param_weights.items;
    f->body = inner;
    return f;
}
