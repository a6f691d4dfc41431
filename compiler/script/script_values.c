/* Script values and TVM's type promotion: scopes (name bindings), Python
 * literals turned into PrimExprs, and the operators the parser applies to
 * them (BinaryOpMatchTypes, folding, comparisons). */
#include <stdio.h>
#include <string.h>

#include "fold.h"
#include "script_internal.h"

/* ---- scopes -------------------------------------------------------------- */
void sb_bind(builder *b, const char *name, bind_kind kind, tir_var *var, tir_buffer *buf)
{
    binding *x = tir_arena_alloc(b->a, sizeof *x);
    x->name = name;
    x->kind = kind;
    x->var = var;
    x->buf = buf;
    x->next = b->scope;
    b->scope = x;
}

binding *sb_lookup(builder *b, const char *name)
{
    for (binding *x = b->scope; x && x->kind != BIND_BARRIER; x = x->next)
        if (strcmp(x->name, name) == 0)
            return x;
    return NULL;
}

binding *sb_lookup_caller(builder *b, const char *name)
{
    binding *x = b->scope;
    while (x && x->kind != BIND_BARRIER)
        x = x->next;
    for (; x; x = x->next)
        if (x->kind != BIND_BARRIER && strcmp(x->name, name) == 0)
            return x;
    return NULL;
}

/* (by variable, through barriers: a macro's T.axis.remap of a loop variable
 * passed to it finds the caller's loop) */
binding *sb_lookup_var_binding(builder *b, tir_var *v)
{
    for (binding *x = b->scope; x; x = x->next)
        if (x->kind == BIND_VAR && x->var == v)
            return x;
    return NULL;
}


/* ---- literals and conversion to PrimExpr (6.1) --------------------------- */
tir_expr *sb_int_literal(builder *b, int64_t v, tir_loc loc)
{
    tir_dtype dt = (v >= INT32_MIN && v <= INT32_MAX) ? TIR_DT_I32 : TIR_DT_I64;
    return tir_int(b->a, dt, v, loc);
}

/* Converts a script value to a PrimExpr; reports and returns NULL if it is not one. */
tir_expr *sb_to_expr(builder *b, const sval *v)
{
    switch (v->kind) {
    case SV_EXPR: return v->e;
    case SV_PYINT:
        if (v->big) {
            ERR(b, v->loc, "integer literal too large for int64 (write it as T.uint64(...))");
            return NULL;
        }
        return sb_int_literal(b, v->i, v->loc);
    case SV_PYFLOAT: return tir_float(b->a, TIR_DT_F32, v->f, v->loc);
    case SV_PYBOOL: return tir_int(b->a, TIR_DT_BOOL, v->i, v->loc);
    case SV_STR: {
        tir_expr *e = tir_expr_new(b->a, TIR_E_STR, TIR_DT_HANDLE, v->loc);
        e->str = v->s;
        return e;
    }
    case SV_BUFFER: ERR(b, v->loc, "buffer '%s' used where a PrimExpr is expected", v->buf->name); return NULL;
    case SV_NONE:
        if (!v->poisoned)
            ERR(b, v->loc, "None used where a PrimExpr is expected");
        return NULL;
    default: ERR(b, v->loc, "expected a PrimExpr"); return NULL;
    }
}

/* A Python literal takes the dtype of the other operand (comparisons, stores, lets). */
tir_expr *sb_to_expr_as(builder *b, const sval *v, tir_dtype want)
{
    tir_dtype s = tir_dt_with_lanes(want, 1);
    if (v->kind == SV_PYINT || v->kind == SV_PYBOOL) {
        if (tir_dt_is_float(s))
            return tir_float(b->a, s, (double)v->i, v->loc);
        if (tir_dt_is_int(s)) {
            if (!tir_int_fits(s, v->i)) {
                ERR(b, v->loc, "integer %lld does not fit in %s", (long long)v->i, tir_dtype_name(s));
                return NULL;
            }
            return tir_int(b->a, s, v->i, v->loc);
        }
    }
    if (v->kind == SV_PYFLOAT && tir_dt_is_float(s))
        return tir_float(b->a, s, v->f, v->loc);
    return sb_to_expr(b, v);
}

/* ---- type promotion and folding for Python operators (6.3) --------------- */
tir_expr *sb_cast_folded(builder *b, tir_dtype to, tir_expr *x)
{
    if (tir_dt_eq(to, x->dtype))
        return x;
    tir_expr *f = tir_fold_cast(b->a, to, x);
    return f ? f : tir_cast(b->a, to, x, x->loc);
}

tir_expr *sb_broadcast(builder *b, tir_expr *x, int lanes)
{
    tir_expr *e = tir_expr_new(b->a, TIR_E_BROADCAST, tir_dt_with_lanes(x->dtype, (uint16_t)lanes), x->loc);
    e->a = x;
    e->lanes = lanes;
    return e;
}

/* TVM's BinaryOpMatchTypes: makes both operands one dtype or reports why not. */
bool sb_match_types(builder *b, tir_expr **px, tir_expr **py, tir_loc loc, const char *what)
{
    tir_expr *x = *px, *y = *py;
    if (x->dtype.lanes != y->dtype.lanes) {
        if (x->dtype.lanes == 1)
            x = sb_broadcast(b, x, y->dtype.lanes);
        else if (y->dtype.lanes == 1)
            y = sb_broadcast(b, y, x->dtype.lanes);
        else {
            ERR(b, loc, "%s operands have different lane counts: %s and %s", what, tir_dtype_name(x->dtype),
                tir_dtype_name(y->dtype));
            return false;
        }
    }
    tir_dtype tx = x->dtype, ty = y->dtype;
    if (!tir_dt_eq(tx, ty)) {
        if (tir_dt_is_handle(tx) || tir_dt_is_handle(ty)) {
            ERR(b, loc, "%s is not defined on handles (%s and %s)", what, tir_dtype_name(tx), tir_dtype_name(ty));
            return false;
        }
        bool fx = tx.code == TIR_CODE_FLOAT, fy = ty.code == TIR_CODE_FLOAT;
        if (fx && fy) {
            if (tx.bits < ty.bits)
                x = sb_cast_folded(b, ty, x);
            else
                y = sb_cast_folded(b, tx, y);
        } else if (fx) {
            y = sb_cast_folded(b, tx, y);
        } else if (fy) {
            x = sb_cast_folded(b, ty, x);
        } else if (tx.code == TIR_CODE_BFLOAT) {
            y = sb_cast_folded(b, tx, y);
        } else if (ty.code == TIR_CODE_BFLOAT) {
            x = sb_cast_folded(b, ty, x);
        } else if (tir_dt_is_bool(tx)) {
            x = sb_cast_folded(b, ty, x);
        } else if (tir_dt_is_bool(ty)) {
            y = sb_cast_folded(b, tx, y);
        } else if (tx.code == ty.code) {
            if (tx.bits < ty.bits)
                x = sb_cast_folded(b, ty, x);
            else
                y = sb_cast_folded(b, tx, y);
        } else {
            /* int vs uint: the narrower becomes the wider; at equal width, uint wins */
            if (tx.bits < ty.bits)
                x = sb_cast_folded(b, ty, x);
            else if (ty.bits < tx.bits)
                y = sb_cast_folded(b, tx, y);
            else if (tx.code == TIR_CODE_INT)
                x = sb_cast_folded(b, ty, x);
            else
                y = sb_cast_folded(b, tx, y);
        }
    }
    *px = x;
    *py = y;
    return true;
}

static const char *binop_name(tir_expr_kind k) { return tir_expr_kind_names[k]; }

/* Builds an arithmetic node the way TVM's operator functions do. */
tir_expr *sb_arith(builder *b, tir_expr_kind kind, const sval *sa, const sval *sb, tir_loc loc)
{
    tir_expr *x = sb_to_expr(b, sa), *y = sb_to_expr(b, sb);
    if (!x || !y)
        return NULL;
    if (!sb_match_types(b, &x, &y, loc, binop_name(kind)))
        return NULL;
    const char *err = NULL;
    tir_expr *f = tir_fold_binary(b->a, kind, x, y, loc, &err);
    if (err) {
        ERR(b, loc, "%s", err);
        return NULL;
    }
    return f ? f : tir_binary(b->a, kind, x, y, loc);
}

/* Comparisons build nodes directly: literals take the other side's dtype,
 * scalars broadcast against vectors, nothing else is promoted (6.3). */
tir_expr *sb_compare(builder *b, tir_expr_kind kind, const sval *sa, const sval *sb, tir_loc loc)
{
    tir_expr *x, *y;
    bool la = sa->kind == SV_PYINT || sa->kind == SV_PYFLOAT || sa->kind == SV_PYBOOL;
    bool lb = sb->kind == SV_PYINT || sb->kind == SV_PYFLOAT || sb->kind == SV_PYBOOL;
    if (la && !lb) {
        y = sb_to_expr(b, sb);
        x = y ? sb_to_expr_as(b, sa, y->dtype) : NULL;
    } else if (lb && !la) {
        x = sb_to_expr(b, sa);
        y = x ? sb_to_expr_as(b, sb, x->dtype) : NULL;
    } else {
        x = sb_to_expr(b, sa);
        y = sb_to_expr(b, sb);
    }
    if (!x || !y)
        return NULL;
    if (x->dtype.lanes == 1 && y->dtype.lanes > 1)
        x = sb_broadcast(b, x, y->dtype.lanes);
    else if (y->dtype.lanes == 1 && x->dtype.lanes > 1)
        y = sb_broadcast(b, y, x->dtype.lanes);
    return tir_binary(b->a, kind, x, y, loc);
}

tir_expr *sb_to_bool_expr(builder *b, const sval *v)
{
    if (v->kind == SV_PYBOOL || v->kind == SV_PYINT) {
        if (v->kind == SV_PYINT && v->i != 0 && v->i != 1) {
            ERR(b, v->loc, "expected a bool, got the integer %lld", (long long)v->i);
            return NULL;
        }
        return tir_int(b->a, TIR_DT_BOOL, v->i, v->loc);
    }
    return sb_to_expr(b, v);
}

tir_expr *sb_call_node(builder *b, tir_dtype dt, const char *op, tir_expr **args, uint32_t n, tir_loc loc)
{
    return tir_call(b->a, dt, op, args, n, loc);
}

void sb_mark_weak(builder *b, tir_var *v) { tir_vec_push(b->a, &b->weak_vars, v); }

bool sb_weak_index(builder *b, const tir_expr *e)
{
    for (int depth = 0; depth < 64; depth++) {
        switch (e->kind) {
        case TIR_E_INT: return true;
        case TIR_E_VAR:
            for (size_t i = b->weak_vars.len; i-- > 0;)
                if (b->weak_vars.items[i] == e->var)
                    return true;
            return false;
        case TIR_E_ADD: case TIR_E_SUB: case TIR_E_MUL: case TIR_E_FLOORDIV: case TIR_E_FLOORMOD:
        case TIR_E_MIN: case TIR_E_MAX: case TIR_E_RAMP:
            if (!sb_weak_index(b, e->a))
                return false;
            e = e->b;
            continue;
        case TIR_E_BROADCAST: e = e->a; continue;
        default: return false;
        }
    }
    return false;
}

char *sb_op_name(builder *b, const char *name)
{
    char *s = tir_arena_alloc(b->a, strlen(name) + 5);
    sprintf(s, "tir.%s", name);
    return s;
}
