#include "tir_ast.h"

#include <string.h>

const char *const tir_expr_kind_names[TIR_E_KIND_COUNT] = {
    "Var", "IntImm", "FloatImm", "StringImm", "Cast", "Select", "BufferLoad", "Ramp", "Broadcast",
    "Let", "Call", "Shuffle", "Add", "Sub", "Mul", "Div", "Mod", "FloorDiv", "FloorMod", "Min",
    "Max", "EQ", "NE", "LT", "LE", "GE", "GT", "And", "Or", "Not",
};

/* per thread, so compiles on several threads at once do not race on it */
static _Thread_local int next_id;

tir_var *tir_var_new(tir_arena *a, const char *name, tir_dtype dt, tir_loc loc)
{
    tir_var *v = tir_arena_alloc(a, sizeof *v);
    v->name = name;
    v->dtype = dt;
    v->type_kind = tir_dt_is_void(dt) ? TIR_TYPE_TUPLE : TIR_TYPE_PRIM;
    v->id = ++next_id;
    v->loc = loc;
    return v;
}

tir_expr *tir_expr_new(tir_arena *a, tir_expr_kind kind, tir_dtype dt, tir_loc loc)
{
    tir_expr *e = tir_arena_alloc(a, sizeof *e);
    e->kind = kind;
    e->dtype = dt;
    e->loc = loc;
    return e;
}

tir_expr *tir_int(tir_arena *a, tir_dtype dt, int64_t v, tir_loc loc)
{
    tir_expr *e = tir_expr_new(a, TIR_E_INT, dt, loc);
    e->ival = v;
    return e;
}

tir_expr *tir_float(tir_arena *a, tir_dtype dt, double v, tir_loc loc)
{
    tir_expr *e = tir_expr_new(a, TIR_E_FLOAT, dt, loc);
    e->fval = v;
    return e;
}

tir_expr *tir_var_ref(tir_arena *a, tir_var *v, tir_loc loc)
{
    tir_expr *e = tir_expr_new(a, TIR_E_VAR, v->dtype, loc);
    e->var = v;
    return e;
}

tir_expr *tir_binary(tir_arena *a, tir_expr_kind kind, tir_expr *x, tir_expr *y, tir_loc loc)
{
    tir_dtype dt = x->dtype;
    if (tir_is_cmp(kind))
        dt = tir_dt(TIR_CODE_UINT, 1, x->dtype.lanes);
    tir_expr *e = tir_expr_new(a, kind, dt, loc);
    e->a = x;
    e->b = y;
    return e;
}

tir_expr *tir_cast(tir_arena *a, tir_dtype dt, tir_expr *x, tir_loc loc)
{
    tir_expr *e = tir_expr_new(a, TIR_E_CAST, dt, loc);
    e->a = x;
    return e;
}

tir_stmt *tir_stmt_new(tir_arena *a, tir_stmt_kind kind, tir_loc loc)
{
    tir_stmt *s = tir_arena_alloc(a, sizeof *s);
    s->kind = kind;
    s->loc = loc;
    return s;
}

tir_stmt *tir_seq(tir_arena *a, tir_stmt **items, uint32_t n, tir_loc loc)
{
    if (n == 1)
        return items[0];
    tir_stmt *s = tir_stmt_new(a, TIR_S_SEQ, loc);
    s->nseq = n;
    s->seq = tir_arena_alloc(a, (n ? n : 1) * sizeof *s->seq);
    if (n)
        memcpy(s->seq, items, n * sizeof *items);
    return s;
}

bool tir_int_fits(tir_dtype dt, int64_t v)
{
    if (dt.code == TIR_CODE_UINT) {
        if (dt.bits == 64)
            return true; /* the bits of any uint64 */
        if (v < 0)
            return false;
        return dt.bits >= 63 || (uint64_t)v < ((uint64_t)1 << dt.bits);
    }
    if (dt.code == TIR_CODE_INT) {
        if (dt.bits >= 64)
            return true;
        if (dt.bits == 1)
            return v == 0 || v == 1;
        int64_t lim = (int64_t)1 << (dt.bits - 1);
        return v >= -lim && v < lim;
    }
    return false;
}

static tir_expr *as_i64(tir_arena *a, tir_expr *x)
{
    if (x->kind == TIR_E_INT)
        return tir_int(a, TIR_DT_I64, x->ival, x->loc);
    return tir_dt_eq(x->dtype, TIR_DT_I64) ? x : tir_cast(a, TIR_DT_I64, x, x->loc);
}

/* A buffer with explicit strides flattens to one extent (TVM's
 * Buffer::GetFlattenedBuffer: strides[0] * shape[0]); the allocation also
 * covers every element the strides reach, 1 + sum((shape[k] - 1) * strides[k]),
 * so no access inside the shape falls outside it whatever the strides' order. */
static tir_expr *strided_extent(tir_arena *a, const tir_buffer *buf, tir_loc loc)
{
    bool cst = true;
    for (uint32_t k = 0; k < buf->ndim; k++)
        cst = cst && buf->shape[k]->kind == TIR_E_INT && buf->strides[k]->kind == TIR_E_INT;
    if (cst) {
        int64_t flat, reach = 1, t;
        bool ok = !__builtin_mul_overflow(buf->strides[0]->ival, buf->shape[0]->ival, &flat);
        bool empty = false;
        for (uint32_t k = 0; ok && k < buf->ndim; k++) {
            empty = empty || buf->shape[k]->ival == 0;
            ok = !__builtin_mul_overflow(buf->shape[k]->ival - 1, buf->strides[k]->ival, &t) &&
                 !__builtin_add_overflow(reach, t, &reach);
        }
        if (ok)
            return tir_int(a, TIR_DT_I64, empty || flat > reach ? flat : reach, loc);
    }
    tir_expr *flat = tir_binary(a, TIR_E_MUL, as_i64(a, buf->strides[0]), as_i64(a, buf->shape[0]), loc);
    tir_expr *reach = tir_int(a, TIR_DT_I64, 1, loc);
    for (uint32_t k = 0; k < buf->ndim; k++) {
        tir_expr *last = tir_binary(a, TIR_E_SUB, as_i64(a, buf->shape[k]), tir_int(a, TIR_DT_I64, 1, loc), loc);
        reach = tir_binary(a, TIR_E_ADD, reach, tir_binary(a, TIR_E_MUL, last, as_i64(a, buf->strides[k]), loc), loc);
    }
    return tir_binary(a, TIR_E_MAX, flat, reach, loc);
}

void tir_alloc_extents(tir_arena *a, const tir_buffer *buf, uint32_t *n, tir_expr ***ext)
{
    if (!buf->nstrides || buf->nstrides != buf->ndim || !buf->ndim) {
        *n = buf->ndim;
        *ext = buf->shape;
        return;
    }
    *n = 1;
    *ext = tir_arena_alloc(a, sizeof **ext);
    (*ext)[0] = strided_extent(a, buf, buf->loc);
}

tir_stmt *tir_alloc_decl(tir_arena *a, tir_buffer *buf, tir_loc loc)
{
    tir_stmt *decl = tir_stmt_new(a, TIR_S_DECL_BUFFER, loc);
    decl->buffer = buf;
    tir_stmt *al = tir_stmt_new(a, TIR_S_ALLOCATE, loc);
    al->var = buf->data;
    al->buffer = buf;
    al->dtype = buf->dtype;
    tir_alloc_extents(a, buf, &al->nindices, &al->indices);
    al->cond = tir_int(a, TIR_DT_BOOL, 1, loc);
    al->body = decl;
    return al;
}

tir_stmt *tir_extent_check(tir_arena *a, tir_var *v, tir_expr *value, const char *message, tir_stmt *body,
                           tir_loc loc)
{
    tir_stmt *check = tir_stmt_new(a, TIR_S_ASSERT, loc);
    check->cond = tir_binary(a, TIR_E_EQ, tir_var_ref(a, v, loc), value, loc);
    check->message = tir_expr_new(a, TIR_E_STR, TIR_DT_I32, loc);
    check->message->str = message;
    check->is_runtime_check = true;
    check->body = body;
    return check;
}

tir_buffer *tir_flat_buffer(tir_arena *a, const char *name, const char *data_name, tir_dtype dt, tir_expr *extent,
                            const char *scope, tir_loc loc)
{
    tir_buffer *buf = tir_arena_alloc(a, sizeof *buf);
    buf->name = name;
    buf->loc = loc;
    buf->dtype = dt;
    buf->ndim = 1;
    buf->shape = tir_arena_alloc(a, sizeof *buf->shape);
    buf->shape[0] = extent;
    buf->scope = scope;
    buf->data_alignment = 64;
    buf->offset_factor = 1;
    buf->data = tir_var_new(a, data_name, TIR_DT_HANDLE, loc);
    buf->data->type_kind = TIR_TYPE_POINTER;
    buf->data->elem_dtype = tir_dt_is_bool(dt) ? tir_dt(TIR_CODE_INT, 8, 1) : dt;
    buf->data->scope = scope;
    return buf;
}

tir_expr *tir_select(tir_arena *a, tir_expr *cond, tir_expr *t, tir_expr *f, tir_loc loc)
{
    tir_expr *e = tir_expr_new(a, TIR_E_SELECT, t->dtype, loc);
    e->a = cond;
    e->b = t;
    e->c = f;
    return e;
}

char *tir_assert_text(tir_arena *a, const char *kind, const char *const *parts, uint32_t n)
{
    if (kind && strcmp(kind, "RuntimeError") == 0)
        kind = NULL;
    size_t len = kind ? strlen(kind) + 2 : 0;
    for (uint32_t i = 0; i < n; i++)
        len += strlen(parts[i]);
    char *text = tir_arena_alloc(a, len + 1), *w = text;
    if (kind) {
        memcpy(w, kind, strlen(kind));
        w += strlen(kind);
        memcpy(w, ": ", 2);
        w += 2;
    }
    for (uint32_t i = 0; i < n; i++) {
        memcpy(w, parts[i], strlen(parts[i]));
        w += strlen(parts[i]);
    }
    *w = 0;
    return text;
}

tir_intrinsic tir_intrinsic_of(const char *op)
{
    static const char *const names[TIR_I_COUNT] = {
#define INTRINSIC(ID, NAME) [TIR_I_##ID] = NAME,
#include "intrinsics.def"
#undef INTRINSIC
    };
    for (int i = TIR_I_OTHER + 1; op && i < TIR_I_COUNT; i++)
        if (strcmp(names[i], op) == 0)
            return (tir_intrinsic)i;
    return TIR_I_OTHER;
}

tir_expr *tir_call(tir_arena *a, tir_dtype dt, const char *op, tir_expr **args, uint32_t n, tir_loc loc)
{
    tir_expr *e = tir_expr_new(a, TIR_E_CALL, dt, loc);
    tir_call_set_op(e, op);
    e->nargs = n;
    e->args = tir_arena_alloc(a, (n ? n : 1) * sizeof *args);
    if (n)
        memcpy(e->args, args, n * sizeof *args);
    return e;
}

void tir_call_set_op(tir_expr *e, const char *op)
{
    e->op = op;
    e->intrin = tir_intrinsic_of(op);
}

bool tir_has_undef(const tir_expr *e)
{
    if (!e)
        return false;
    if (e->kind == TIR_E_VAR)
        return e->var->is_undef;
    if (tir_is_call_of(e, TIR_I_UNDEF))
        return true;
    if (tir_has_undef(e->a) || tir_has_undef(e->b) || tir_has_undef(e->c))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (tir_has_undef(e->args[i]))
            return true;
    for (uint32_t i = 0; i < e->nargs2; i++)
        if (tir_has_undef(e->args2[i]))
            return true;
    return false;
}

const tir_expr *tir_undef_load_index(const tir_expr *e)
{
    if (!e)
        return NULL;
    const tir_expr *r;
    if (e->kind == TIR_E_LOAD)
        for (uint32_t i = 0; i < e->nargs; i++)
            if (tir_has_undef(e->args[i]))
                return e->args[i];
    if ((r = tir_undef_load_index(e->a)) || (r = tir_undef_load_index(e->b)) || (r = tir_undef_load_index(e->c)))
        return r;
    for (uint32_t i = 0; i < e->nargs; i++)
        if ((r = tir_undef_load_index(e->args[i])))
            return r;
    for (uint32_t i = 0; i < e->nargs2; i++)
        if ((r = tir_undef_load_index(e->args2[i])))
            return r;
    return NULL;
}
