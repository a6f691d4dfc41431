/* The specification's typing rules ("Rules for Assigning Datatypes to
 * PrimExprs", "Typing Rules for Statements", "... Other Language
 * Constructs") and its scoping/SSA rules ("Variable Scoping").  Messages
 * name the node and the rule in the spec's terms. */
#include "check.h"

#include "builtins.h"
#include "fold.h"
#include "tirvm_ops.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct scope_entry scope_entry;
struct scope_entry {
    const tir_var *var;
    scope_entry *next;
};

typedef struct {
    tir_arena *a;
    tir_diag *d;
    scope_entry *scope;   /* variables in scope (innermost first) */
    tir_vec bound;        /* every variable bound so far (SSA: at most once) */
    const tir_func *func;
    const tir_module *mod;
    bool strict;
    int ret_count;
    bool ret_inferred;    /* the return type is the first tir.ret's (rule 6, spec-readings 21) */
    int vectorized_depth; /* enclosing vectorized For loops (rule 11.vi) */
    bool in_serial_loop;  /* break/continue may leave the innermost loop */
    int warned_mixed_indices;
} checker;

#define ERR(c, loc, ...) tir_diag_error((c)->d, (loc), __VA_ARGS__)
#define UNSUPPORTED(c, loc, ...) tir_diag_unsupported((c)->d, (loc), __VA_ARGS__)


static bool is_bool_scalar(tir_dtype t) { return tir_dt_is_bool(t) && t.lanes == 1; }

/* TVM's fixed-point multiply (pass legalize-intrinsics expands it): int32
 * scalars, and the per-axis form's two bool flags. */
static void check_q_multiply_shift(checker *c, const tir_expr *e)
{
    bool per_axis = e->intrin == TIR_I_Q_MULTIPLY_SHIFT_PER_AXIS;
    uint32_t nargs = per_axis ? 7 : 4, nints = per_axis ? 5 : 4;
    if (e->nargs != nargs) {
        ERR(c, e->loc, "%s takes %u arguments, got %u", e->op, nargs, e->nargs);
        return;
    }
    if (!tir_dt_eq(e->dtype, TIR_DT_I32))
        ERR(c, e->loc, "%s returns int32, not %s", e->op, tir_dtype_name(e->dtype));
    for (uint32_t i = 0; i < nargs; i++) {
        tir_dtype t = e->args[i]->dtype;
        if (i < nints ? !tir_dt_eq(t, TIR_DT_I32) : !is_bool_scalar(t))
            ERR(c, e->args[i]->loc, "%s takes %s, argument %u is %s", e->op,
                i < nints ? "int32 scalars" : "bool flags", i, tir_dtype_name(t));
    }
}

static bool is_loop_exit_call(const tir_expr *e)
{
    return tir_is_call_of(e, TIR_I_BREAK_LOOP) || tir_is_call_of(e, TIR_I_CONTINUE_LOOP);
}

static bool in_scope(checker *c, const tir_var *v)
{
    for (scope_entry *e = c->scope; e; e = e->next)
        if (e->var == v)
            return true;
    return false;
}

/* Binds v in the current scope; reports a second binding of the same Var (SSA). */
static void bind_var(checker *c, const tir_var *v, tir_loc loc)
{
    for (size_t i = 0; i < c->bound.len; i++)
        if (c->bound.items[i] == v) {
            ERR(c, loc, "variable '%s' is bound more than once (TIR is in SSA form)", v->name);
            return;
        }
    tir_vec_push(c->a, &c->bound, (void *)v);
    scope_entry *e = tir_arena_alloc(c->a, sizeof *e);
    e->var = v;
    e->next = c->scope;
    c->scope = e;
}

/* Variables that may be bound by a buffer's shape/strides/elem_offset. */
static void bind_buffer_vars(checker *c, const tir_buffer *b)
{
    for (uint32_t i = 0; i < b->ndim; i++)
        if (b->shape[i]->kind == TIR_E_VAR && !in_scope(c, b->shape[i]->var))
            bind_var(c, b->shape[i]->var, b->shape[i]->loc);
    for (uint32_t i = 0; i < b->nstrides; i++)
        if (b->strides[i]->kind == TIR_E_VAR && !in_scope(c, b->strides[i]->var))
            bind_var(c, b->strides[i]->var, b->strides[i]->loc);
    if (b->elem_offset && b->elem_offset->kind == TIR_E_VAR && !in_scope(c, b->elem_offset->var))
        bind_var(c, b->elem_offset->var, b->elem_offset->loc);
}

static void check_expr(checker *c, const tir_expr *e);

static bool is_int_scalar(tir_dtype t) { return tir_dt_is_int(t) && t.lanes == 1; }

static void check_indices(checker *c, const char *node, const tir_buffer *b, tir_expr **idx, uint32_t n, tir_loc loc)
{
    if (n != b->ndim)
        ERR(c, loc, "%s on buffer '%s' needs %u indices, got %u", node, b->name, b->ndim, n);
    bool mixed = false;
    for (uint32_t i = 0; i < n; i++) {
        check_expr(c, idx[i]);
        if (i + 1 < n && idx[i]->dtype.lanes != 1)
            ERR(c, idx[i]->loc, "%s: only the last index may be a vector, index %u is %s", node, i, tir_dtype_name(idx[i]->dtype));
        if (!tir_dt_is_int(idx[i]->dtype) || tir_dt_is_bool(idx[i]->dtype))
            ERR(c, idx[i]->loc, "%s: indices must be integers, index %u is %s", node, i, tir_dtype_name(idx[i]->dtype));
        else if (i > 0 && idx[i]->dtype.bits != idx[0]->dtype.bits && !mixed) {
            mixed = true;
            /* spec BufferLoad 7.ii / BufferStore 4.iii («all the same bitwidth»); reading 12: TVM accepts
             * mixed widths, so only --strict refuses them */
            if (c->strict)
                ERR(c, idx[i]->loc, "%s: all indices must have the same bit width, got %s and %s", node,
                    tir_dtype_name(idx[0]->dtype), tir_dtype_name(idx[i]->dtype));
            else if (!c->warned_mixed_indices++)
                tir_diag_warning(c->d, idx[i]->loc,
                                 "%s: indices of different bit widths (%s and %s) are widened to int64; the TIR "
                                 "specification wants all the same bit width (--strict makes this an error)",
                                 node, tir_dtype_name(idx[0]->dtype), tir_dtype_name(idx[i]->dtype));
        }
    }
    /* reading 12: a mixed access indexes with every index widened to int64 */
    for (uint32_t i = 0; mixed && !c->strict && i < n; i++)
        if (tir_dt_is_int(idx[i]->dtype) && idx[i]->dtype.bits < 64)
            idx[i] = tir_cast(c->a, tir_dt(TIR_CODE_INT, 64, idx[i]->dtype.lanes), idx[i], idx[i]->loc);
}

static void check_buffer_in_scope(checker *c, const tir_buffer *b, tir_loc loc)
{
    if (!in_scope(c, b->data))
        ERR(c, loc, "buffer '%s' is used outside the scope that declares it (or realizes it: a T.Buffer in a body "
            "has memory from data= or T.realize)", b->name);
}

/* The dtype the typing rules give a node from its operands, when they
 * determine it.  TVM JSON states every node's dtype itself, and the code
 * generator trusts it, so a node stating another one is an error. */
static bool derived_dtype(const tir_expr *e, tir_dtype *out)
{
    switch (e->kind) {
    case TIR_E_VAR: *out = e->var->dtype; return true;
    case TIR_E_SELECT: *out = e->b->dtype; return true;
    case TIR_E_LET: *out = e->b->dtype; return true;
    case TIR_E_LOAD: {
        unsigned idx_lanes = e->nargs ? e->args[e->nargs - 1]->dtype.lanes : 1;
        *out = tir_dt_with_lanes(e->buffer->dtype, (uint16_t)(e->buffer->dtype.lanes * idx_lanes));
        return true;
    }
    case TIR_E_RAMP: *out = tir_dt_with_lanes(e->a->dtype, (uint16_t)e->lanes); return e->lanes > 0;
    case TIR_E_BROADCAST: *out = tir_dt_with_lanes(e->a->dtype, (uint16_t)e->lanes); return e->lanes > 0;
    case TIR_E_SHUFFLE:
        if (!e->nargs)
            return false;
        *out = tir_dt_with_lanes(e->args[0]->dtype, (uint16_t)e->nargs2);
        return true;
    case TIR_E_AND: case TIR_E_OR: case TIR_E_NOT:
        *out = tir_dt_with_lanes(TIR_DT_BOOL, e->a->dtype.lanes);
        return true;
    default:
        if (tir_is_cmp(e->kind)) {
            *out = tir_dt_with_lanes(TIR_DT_BOOL, e->a->dtype.lanes);
            return true;
        }
        if (tir_is_binary(e->kind)) {
            *out = e->a->dtype;
            return true;
        }
        return false;
    }
}

static void check_expr_rules(checker *c, const tir_expr *e);

/* A buffer parameter of a called PrimFunc takes a pointer to the caller's
 * memory: A.data, a typed pointer parameter, an allocation's pointer, or
 * the Buffer A itself, which the front end passes as A.data (spec-readings
 * 20); the parameter's buffer views that memory. */
static void check_buffer_argument(checker *c, const tir_expr *e, const tir_func *callee, uint32_t i)
{
    const tir_expr *a = e->args[i];
    const tir_buffer *pb = callee->param_buffers[i];
    if (a->kind != TIR_E_VAR || a->var->type_kind != TIR_TYPE_POINTER || !tir_dt_is_handle(a->dtype)) {
        ERR(c, a->loc, "argument %u of '%s' is %s, but parameter '%s' is a buffer: pass a buffer or its data pointer "
            "(A.data)", i, e->callee, tir_dtype_name(a->dtype), callee->params[i]->name);
        return;
    }
    /* bool elements are stored as int8, which is what their pointers point to */
    tir_dtype want = tir_dt_with_lanes(pb->dtype, 1), have = a->var->elem_dtype;
    if (tir_dt_is_bool(want))
        want = tir_dt(TIR_CODE_INT, 8, 1);
    if (have.bits && !tir_dt_eq(tir_dt_with_lanes(have, 1), want))
        ERR(c, a->loc, "argument %u of '%s' points to %s elements, but parameter buffer '%s' holds %s", i, e->callee,
            tir_dtype_name(tir_dt_with_lanes(have, 1)), pb->name, tir_dtype_name(pb->dtype));
}

/* Called with pointers, a function learns its parameter buffers' layouts
 * only from its scalar parameters and constants, except the extent of a
 * one-dimensional buffer, which is the memory the caller passes (the
 * VM's rule, vm/bind.c); a variable that extent sets may appear after it. */
static void check_buffer_params_of_call(checker *c, const tir_func *callee, tir_loc loc)
{
    tir_vec from_memory = {0};
    for (uint32_t k = 0; k < callee->nparams; k++) {
        const tir_buffer *b = callee->param_buffers[k];
        if (!b)
            continue;
        uint32_t n = b->ndim + b->nstrides + 1;
        for (uint32_t q = 0; q < n; q++) {
            const tir_expr *x = q < b->ndim ? b->shape[q] : q < n - 1 ? b->strides[q - b->ndim] : b->elem_offset;
            if (!x || x->kind != TIR_E_VAR)
                continue;
            bool known = false;
            for (uint32_t j = 0; j < callee->nparams && !known; j++)
                known = !callee->param_buffers[j] && callee->params[j] == x->var;
            for (size_t j = 0; j < from_memory.len && !known; j++)
                known = from_memory.items[j] == x->var;
            if (known)
                continue;
            if (q == 0 && b->ndim == 1) {
                tir_vec_push(c->a, &from_memory, (void *)x->var);
                continue;
            }
            const char *what = q < b->ndim ? "shape" : q < n - 1 ? "strides" : "elem_offset";
            ERR(c, loc, "function '%s' takes buffer arguments, so the %s of its parameter buffer '%s' must be constants "
                "or scalar parameters ('%s' is neither)", callee->name, what, b->name, x->var->name);
            return;
        }
    }
}

static void check_expr(checker *c, const tir_expr *e)
{
    if (c->d->nerrors > TIR_DIAG_MAX_ERRORS)
        return;
    int before = c->d->nerrors;
    check_expr_rules(c, e);
    tir_dtype want;
    if (c->d->nerrors == before && derived_dtype(e, &want) && !tir_dt_eq(want, e->dtype))
        ERR(c, e->loc, "%s is declared %s but its operands make it %s", tir_expr_kind_names[e->kind], tir_dtype_name(e->dtype),
            tir_dtype_name(want));
}

static void check_expr_rules(checker *c, const tir_expr *e)
{
    unsigned lanes = e->dtype.lanes;
    if (c->strict && lanes != 1 && lanes != 4 && lanes != 8 && lanes != 16 && lanes != 32 && lanes != 64)
        ERR(c, e->loc, "%u lanes (%s) are outside the specification's 4, 8, 16, 32 and 64 (refused by --strict)", lanes,
            tir_dtype_name(e->dtype));
    const char *kn = tir_expr_kind_names[e->kind];
    if ((e->kind == TIR_E_VAR && e->var->is_undef) || tir_is_call_of(e, TIR_I_UNDEF)) {
        /* the front ends drop the stores of T.undef(); what is left is a use TVM refuses too */
        ERR(c, e->loc, "T.undef() may only be stored (such stores are dropped); it cannot be used here");
        return;
    }
    switch (e->kind) {
    case TIR_E_VAR:
        if (!in_scope(c, e->var))
            ERR(c, e->loc, "variable '%s' is used outside its scope", e->var->name);
        return;
    case TIR_E_INT:
        if (e->dtype.lanes != 1)
            ERR(c, e->loc, "IntImm must be a scalar, got %s", tir_dtype_name(e->dtype));
        else if (!tir_dt_is_int(e->dtype))
            ERR(c, e->loc, "IntImm must have an Int or UInt dtype, got %s", tir_dtype_name(e->dtype));
        else if (e->out_of_range || !tir_int_fits(e->dtype, e->ival))
            ERR(c, e->loc, "IntImm value %s%llu is out of range for %s",
                e->ival < 0 && !(e->dtype.code == TIR_CODE_UINT && e->dtype.bits == 64 && !e->out_of_range) ? "-" : "",
                e->ival < 0 ? (unsigned long long)(0 - (uint64_t)e->ival) : (unsigned long long)e->ival, tir_dtype_name(e->dtype));
        return;
    case TIR_E_FLOAT: {
        if (!tir_dt_is_float(e->dtype) || e->dtype.lanes != 1) {
            ERR(c, e->loc, "FloatImm must have a scalar Float or BFloat dtype, got %s", tir_dtype_name(e->dtype));
            return;
        }
        /* FloatImm rule 3.i.b.  The spec rounds the limits for print
         * (3.402823466e38); the limit meant is the largest finite value,
         * which TVM prints as 3.4028234663852886e+38. */
        double lim = e->dtype.code == TIR_CODE_BFLOAT ? 3.3895313892515355e+38
                     : e->dtype.bits == 16           ? 65504.0
                     : e->dtype.bits == 32           ? (double)FLT_MAX
                                                     : INFINITY;
        double v = e->fval;
        if (!isnan(v) && !isinf(v) && (v > lim || v < -lim))
            ERR(c, e->loc, "FloatImm value %g is out of range for %s", v, tir_dtype_name(e->dtype));
        return;
    }
    case TIR_E_STR: return;
    case TIR_E_CAST:
        check_expr(c, e->a);
        if (e->a->dtype.lanes != e->dtype.lanes)
            ERR(c, e->loc, "Cast must keep the lane count: %s to %s", tir_dtype_name(e->a->dtype), tir_dtype_name(e->dtype));
        else if (tir_dt_is_handle(e->a->dtype) && !tir_dt_is_handle(e->dtype))
            ERR(c, e->loc, "Cast of a handle must be to a handle, got %s", tir_dtype_name(e->dtype));
        else if (tir_dt_is_handle(e->dtype) && !tir_dt_is_int(e->a->dtype) && !tir_dt_is_handle(e->a->dtype))
            ERR(c, e->loc, "Cast to a handle needs an Int, UInt or Handle value, got %s", tir_dtype_name(e->a->dtype));
        return;
    case TIR_E_SELECT:
        check_expr(c, e->a);
        check_expr(c, e->b);
        check_expr(c, e->c);
        if (!tir_dt_is_bool(e->a->dtype))
            ERR(c, e->a->loc, "Select condition must be bool, got %s", tir_dtype_name(e->a->dtype));
        else if (!tir_dt_eq(e->b->dtype, e->c->dtype))
            ERR(c, e->loc, "Select true and false values must have the same dtype, got %s and %s", tir_dtype_name(e->b->dtype),
                tir_dtype_name(e->c->dtype));
        else if (e->a->dtype.lanes != 1 && e->a->dtype.lanes != e->b->dtype.lanes)
            ERR(c, e->loc, "Select condition has %u lanes but the values have %u", e->a->dtype.lanes, e->b->dtype.lanes);
        return;
    case TIR_E_LOAD:
        check_buffer_in_scope(c, e->buffer, e->loc);
        check_indices(c, "BufferLoad", e->buffer, e->args, e->nargs, e->loc);
        return;
    case TIR_E_RAMP:
        check_expr(c, e->a);
        check_expr(c, e->b);
        if (e->lanes <= 1)
            ERR(c, e->loc, "Ramp lanes must be greater than 1, got %d", e->lanes);
        if (!tir_dt_eq(e->a->dtype, e->b->dtype) || e->a->dtype.lanes != 1)
            ERR(c, e->loc, "Ramp base and stride must be scalars of the same dtype, got %s and %s", tir_dtype_name(e->a->dtype),
                tir_dtype_name(e->b->dtype));
        else if (!tir_dt_is_int(e->a->dtype))
            ERR(c, e->loc, "Ramp base and stride must be Int or UInt, got %s", tir_dtype_name(e->a->dtype));
        return;
    case TIR_E_BROADCAST:
        check_expr(c, e->a);
        if (e->a->dtype.lanes != 1)
            ERR(c, e->loc, "Broadcast value must be a scalar, got %s", tir_dtype_name(e->a->dtype));
        if (e->lanes <= 1)
            ERR(c, e->loc, "Broadcast lanes must be greater than 1, got %d", e->lanes);
        return;
    case TIR_E_LET: {
        check_expr(c, e->a);
        if (!tir_dt_eq(e->var->dtype, e->a->dtype))
            ERR(c, e->loc, "Let variable '%s' is %s but its value is %s", e->var->name, tir_dtype_name(e->var->dtype),
                tir_dtype_name(e->a->dtype));
        scope_entry *saved = c->scope;
        bind_var(c, e->var, e->loc);
        check_expr(c, e->b);
        c->scope = saved;
        return;
    }
    case TIR_E_CALL:
        if (is_loop_exit_call(e))
            ERR(c, e->loc, "%s is a statement, not a value", e->op);
        /* the middle end's own operations (loop-level instructions, folds)
         * carry facts it proved; a program cannot assert them */
        if (e->op && strncmp(e->op, TIRVM_OP_PREFIX, strlen(TIRVM_OP_PREFIX)) == 0)
            ERR(c, e->loc, "%s is internal to tirc's middle end, not an operation a program can call", e->op);
        for (uint32_t i = 0; i < e->nargs; i++)
            check_expr(c, e->args[i]);
        if (e->intrin == TIR_I_Q_MULTIPLY_SHIFT || e->intrin == TIR_I_Q_MULTIPLY_SHIFT_PER_AXIS)
            check_q_multiply_shift(c, e);
        if (e->intrin == TIR_I_IF_THEN_ELSE && e->nargs == 3 && !is_bool_scalar(e->args[0]->dtype))
            ERR(c, e->args[0]->loc, "if_then_else condition must be a bool scalar, got %s", tir_dtype_name(e->args[0]->dtype));
        {
            const tir_builtin *bi = tir_builtin_find(e->op);
            if (bi && e->nargs != (uint32_t)bi->nargs)
                ERR(c, e->loc, "%s takes %d argument%s, got %u", e->op, bi->nargs, bi->nargs == 1 ? "" : "s", e->nargs);
            for (uint32_t i = 0; bi && i < e->nargs; i++) {
                tir_dtype t = e->args[i]->dtype;
                bool want_float = bi->args == BUILTIN_FLOAT || (bi->args == BUILTIN_FLOAT_INT && i == 0);
                bool bool_ok = e->intrin == TIR_I_BITWISE_AND || e->intrin == TIR_I_BITWISE_OR ||
                               e->intrin == TIR_I_BITWISE_XOR || e->intrin == TIR_I_BITWISE_NOT; /* & | ^ ~ take bools too (6.3) */
                bool good = want_float ? tir_dt_is_float(t) : tir_dt_is_int(t) && (bool_ok || !tir_dt_is_bool(t));
                if (!good) {
                    ERR(c, e->args[i]->loc, "%s expects %s arguments, got %s", e->op,
                        want_float ? "float" : "integer", tir_dtype_name(t));
                    break;
                }
                if (bi->args == BUILTIN_FLOAT_INT && i == 1) {
                    if (t.lanes != e->args[0]->dtype.lanes || (t.code == TIR_CODE_UINT && t.bits == 64))
                        ERR(c, e->args[i]->loc, "%s exponent must be a non-u64 integer with the lanes of the value, got %s",
                            e->op, tir_dtype_name(t));
                } else if (i && !tir_dt_eq(t, e->args[0]->dtype))
                    ERR(c, e->args[i]->loc, "%s arguments must have the same dtype, got %s and %s", e->op,
                        tir_dtype_name(e->args[0]->dtype), tir_dtype_name(t));
            }
        }
        if (e->callee) {
            /* a call to a PrimFunc of the module: scalar arguments of the parameters' dtypes */
            const tir_func *callee = NULL;
            for (uint32_t i = 0; i < c->mod->nfuncs; i++)
                if (strcmp(c->mod->funcs[i]->name, e->callee) == 0)
                    callee = c->mod->funcs[i];
            if (!callee) {
                ERR(c, e->loc, "call to '%s', which is not a PrimFunc of the module", e->callee);
            } else if (callee->nparams != e->nargs) {
                ERR(c, e->loc, "function '%s' takes %u arguments, got %u", e->callee, callee->nparams, e->nargs);
            } else {
                check_buffer_params_of_call(c, callee, e->loc);
                for (uint32_t i = 0; i < e->nargs; i++) {
                    if (callee->param_buffers[i]) {
                        check_buffer_argument(c, e, callee, i);
                        continue;
                    }
                    if (!tir_dt_eq(callee->params[i]->dtype, e->args[i]->dtype))
                        ERR(c, e->args[i]->loc, "argument %u of '%s' is %s, but parameter '%s' is %s", i, e->callee,
                            tir_dtype_name(e->args[i]->dtype), callee->params[i]->name, tir_dtype_name(callee->params[i]->dtype));
                }
            }
        }
        if (e->intrin == TIR_I_REINTERPRET && e->nargs == 1) {
            tir_dtype from = e->args[0]->dtype;
            if ((unsigned)from.bits * from.lanes != (unsigned)e->dtype.bits * e->dtype.lanes || tir_dt_is_bool(from) ||
                tir_dt_is_bool(e->dtype) || tir_dt_is_handle(from) || tir_dt_is_handle(e->dtype))
                ERR(c, e->loc, "reinterpret needs the same total number of bits, got %s to %s", tir_dtype_name(from), tir_dtype_name(e->dtype));
        }
        if (e->intrin == TIR_I_RET) {
            c->ret_count++;
            /* every return, not just the last, must give the declared (or first returned) type */
            if (e->nargs == 1 && c->func->has_ret_type && !tir_dt_eq(e->args[0]->dtype, c->func->ret_dtype))
                ERR(c, e->loc, "function '%s' returns %s here but %s %s", c->func->name,
                    tir_dtype_name(e->args[0]->dtype), c->ret_inferred ? "returns" : "declares",
                    tir_dtype_name(c->func->ret_dtype));
        }
        return;
    case TIR_E_SHUFFLE: {
        if (e->nargs == 0)
            ERR(c, e->loc, "Shuffle needs at least one vector");
        unsigned total = 0;
        for (uint32_t i = 0; i < e->nargs; i++) {
            check_expr(c, e->args[i]);
            total += e->args[i]->dtype.lanes;
            if (i && (e->args[i]->dtype.code != e->args[0]->dtype.code || e->args[i]->dtype.bits != e->args[0]->dtype.bits))
                ERR(c, e->args[i]->loc, "Shuffle vectors must share a dtype, got %s and %s", tir_dtype_name(e->args[0]->dtype),
                    tir_dtype_name(e->args[i]->dtype));
        }
        for (uint32_t i = 0; i < e->nargs2; i++) {
            check_expr(c, e->args2[i]);
            if (!is_int_scalar(e->args2[i]->dtype))
                ERR(c, e->args2[i]->loc, "Shuffle indices must be integer scalars, got %s", tir_dtype_name(e->args2[i]->dtype));
        }
        if (e->nargs && e->nargs2 != total)
            ERR(c, e->loc, "Shuffle has %u indices but its vectors have %u lanes", e->nargs2, total);
        return;
    }
    case TIR_E_AND:
    case TIR_E_OR:
        check_expr(c, e->a);
        check_expr(c, e->b);
        if (!tir_dt_is_bool(e->a->dtype) || !tir_dt_is_bool(e->b->dtype))
            ERR(c, e->loc, "%s operands must be bool, got %s and %s", kn, tir_dtype_name(e->a->dtype), tir_dtype_name(e->b->dtype));
        else if (e->a->dtype.lanes != e->b->dtype.lanes)
            ERR(c, e->loc, "%s operands must have the same lanes, got %s and %s", kn, tir_dtype_name(e->a->dtype), tir_dtype_name(e->b->dtype));
        return;
    case TIR_E_NOT:
        check_expr(c, e->a);
        if (!tir_dt_is_bool(e->a->dtype))
            ERR(c, e->loc, "Not operand must be bool, got %s", tir_dtype_name(e->a->dtype));
        return;
    default:
        break;
    }
    /* BinaryOp and CmpOp (rules 13 and 16) */
    check_expr(c, e->a);
    check_expr(c, e->b);
    if (!tir_dt_eq(e->a->dtype, e->b->dtype)) {
        ERR(c, e->loc, "%s operands must have the same dtype, got %s and %s", kn, tir_dtype_name(e->a->dtype), tir_dtype_name(e->b->dtype));
        return;
    }
    if (tir_dt_is_handle(e->a->dtype)) {
        ERR(c, e->loc, "%s is not defined on handles", kn);
        return;
    }
    if (e->kind == TIR_E_MOD && !tir_dt_is_int(e->a->dtype))
        ERR(c, e->loc, "Mod operands must be Int or UInt, got %s", tir_dtype_name(e->a->dtype));
}

static void check_stmt(checker *c, const tir_stmt *s);

static void check_region(checker *c, const tir_region *r)
{
    if (r->n != r->buffer->ndim)
        ERR(c, r->loc, "BufferRegion of '%s' has %u ranges but the buffer has %u dimensions", r->buffer->name, r->n,
            r->buffer->ndim);
    for (uint32_t i = 0; i < r->n; i++) {
        check_expr(c, r->mins[i]);
        check_expr(c, r->extents[i]);
    }
}

static void check_buffer_decl(checker *c, const tir_buffer *b)
{
    for (uint32_t i = 0; i < b->ndim; i++)
        if (!is_int_scalar(b->shape[i]->dtype))
            ERR(c, b->shape[i]->loc, "Buffer '%s' shape entries must be Int or UInt scalars, got %s", b->name,
                tir_dtype_name(b->shape[i]->dtype));
    for (uint32_t i = 0; i < b->nstrides; i++)
        if (!is_int_scalar(b->strides[i]->dtype) || !tir_dt_eq(b->strides[i]->dtype, b->strides[0]->dtype))
            ERR(c, b->strides[i]->loc, "Buffer '%s' strides must be integer scalars of one dtype", b->name);
        else if (c->strict && b->strides[i]->kind != TIR_E_VAR)
            /* Buffer rule 3.ii: «users do not specify strides, all are fresh Vars»; TVM accepts any */
            ERR(c, b->strides[i]->loc,
                "Buffer '%s' has a stride that is not a variable; the specification wants fresh stride Vars "
                "(refused by --strict)", b->name);
    if (b->elem_offset && !is_int_scalar(b->elem_offset->dtype))
        ERR(c, b->elem_offset->loc, "Buffer '%s' elem_offset must be an integer scalar", b->name);
}

/* A buffer declared in the body (a view by DeclBuffer, or an allocation):
 * tirvm adds no elem_offset to its accesses, so only 0 keeps its meaning.
 * (A parameter's elem_offset is bound from the tensor's byte_offset, which
 * the VM applies to the data pointer; a block match_buffer's is lowered.) */
static void check_body_buffer_decl(checker *c, const tir_buffer *b)
{
    check_buffer_decl(c, b);
    if (b->elem_offset && !(b->elem_offset->kind == TIR_E_INT && b->elem_offset->ival == 0))
        UNSUPPORTED(c, b->elem_offset->loc,
            "elem_offset on buffer '%s' declared in the body (an offset into other memory)", b->name);
    if (!b->data || b->data->type_kind != TIR_TYPE_POINTER)
        ERR(c, b->loc, "Buffer '%s' data must be a pointer variable", b->name);
    tir_vtype vt = tir_dtype_vtype(b->dtype);
    if (vt == TIR_VT_NONE || vt == TIR_VT_HANDLE)
        UNSUPPORTED(c, b->loc, "dtype for buffer '%s': %s", b->name, tir_dtype_name(b->dtype));
}

static void check_block(checker *c, const tir_stmt *realize)
{
    const tir_block *blk = realize->block;
    if (realize->nindices != blk->niter_vars)
        ERR(c, realize->loc, "BlockRealize has %u iter values but block '%s' has %u iter vars", realize->nindices,
            blk->name, blk->niter_vars);
    for (uint32_t i = 0; i < realize->nindices; i++)
        check_expr(c, realize->indices[i]);
    check_expr(c, realize->predicate);
    if (!tir_dt_is_bool(realize->predicate->dtype))
        ERR(c, realize->predicate->loc, "BlockRealize predicate must be bool, got %s", tir_dtype_name(realize->predicate->dtype));
    scope_entry *saved = c->scope;
    for (uint32_t i = 0; i < blk->niter_vars; i++) {
        const tir_iter_var *iv = &blk->iter_vars[i];
        if (!is_int_scalar(iv->var->dtype))
            ERR(c, iv->var->loc, "block iter var '%s' must be an Int or UInt scalar, got %s", iv->var->name,
                tir_dtype_name(iv->var->dtype));
        if (iv->dom_min)
            check_expr(c, iv->dom_min);
        if (iv->dom_extent) {
            check_expr(c, iv->dom_extent);
            /* IterVar rule 1 */
            if (iv->dom_extent->dtype.code != TIR_CODE_INT || !tir_dt_eq(iv->dom_extent->dtype, iv->var->dtype))
                ERR(c, iv->dom_extent->loc, "IterVar '%s' domain extent must be %s, got %s", iv->var->name,
                    tir_dtype_name(iv->var->dtype), tir_dtype_name(iv->dom_extent->dtype));
        }
        if (i < realize->nindices && !tir_dt_eq(realize->indices[i]->dtype, iv->var->dtype))
            ERR(c, realize->indices[i]->loc, "block iter var '%s' is %s but is bound to a %s value", iv->var->name,
                tir_dtype_name(iv->var->dtype), tir_dtype_name(realize->indices[i]->dtype));
        bind_var(c, iv->var, iv->var->loc);
    }
    for (uint32_t i = 0; i < blk->nalloc; i++) {
        check_body_buffer_decl(c, blk->alloc_buffers[i]);
        for (uint32_t k = 0; k < blk->alloc_buffers[i]->ndim; k++)
            check_expr(c, blk->alloc_buffers[i]->shape[k]);
        bind_var(c, blk->alloc_buffers[i]->data, blk->alloc_buffers[i]->loc);
    }
    for (uint32_t i = 0; i < blk->nmatch; i++) {
        /* Typing Rules for Other Language Constructs 5 (MatchBufferRegion) */
        const tir_match_buffer *mb = &blk->match_buffers[i];
        const tir_buffer *buf = mb->buffer, *src = mb->source.buffer;
        check_region(c, &mb->source);
        check_buffer_decl(c, buf);
        if (!tir_dt_eq(buf->dtype, src->dtype))
            ERR(c, buf->loc, "match_buffer '%s' is %s but its source '%s' is %s", buf->name, tir_dtype_name(buf->dtype), src->name,
                tir_dtype_name(src->dtype));
        int64_t offset = (int64_t)mb->source.n - (int64_t)buf->ndim;
        if (offset < 0)
            ERR(c, buf->loc, "match_buffer '%s' has %u dimensions, more than its region's %u", buf->name, buf->ndim,
                mb->source.n);
        for (int64_t k = 0; k < offset; k++) {
            const tir_expr *ext = mb->source.extents[k];
            if (ext->kind != TIR_E_INT || ext->ival != 1)
                ERR(c, ext->loc, "match_buffer '%s': region extent %lld must be provably 1", buf->name, (long long)k);
        }
        for (uint32_t k = 0; offset >= 0 && k < buf->ndim; k++) {
            const tir_expr *sh = buf->shape[k], *ext = mb->source.extents[k + offset];
            if (sh->kind == TIR_E_VAR)
                continue;
            int64_t diff;
            if (!tir_const_difference(sh, ext, &diff) || diff != 0)
                ERR(c, sh->loc, "match_buffer '%s': shape[%u] must equal the region's extent", buf->name, k);
        }
        /* the checker's one annotation of the tree: which shape vars lowering
         * must compare with the region instead of binding */
        bool *bound = tir_arena_alloc(c->a, (buf->ndim ? buf->ndim : 1) * sizeof *bound);
        for (uint32_t k = 0; k < buf->ndim; k++) {
            bound[k] = buf->shape[k]->kind == TIR_E_VAR && in_scope(c, buf->shape[k]->var);
            if (buf->shape[k]->kind == TIR_E_VAR && !in_scope(c, buf->shape[k]->var))
                bind_var(c, buf->shape[k]->var, buf->shape[k]->loc);
        }
        ((tir_match_buffer *)mb)->shape_bound = bound;
        bind_buffer_vars(c, buf);
        bind_var(c, buf->data, buf->loc);
    }
    for (uint32_t i = 0; i < blk->nreads; i++)
        check_region(c, &blk->reads[i]);
    for (uint32_t i = 0; i < blk->nwrites; i++)
        check_region(c, &blk->writes[i]);
    if (blk->init)
        check_stmt(c, blk->init);
    check_stmt(c, blk->body);
    c->scope = saved;
}

static void check_stmt(checker *c, const tir_stmt *s)
{
    if (c->d->nerrors > TIR_DIAG_MAX_ERRORS)
        return;
    scope_entry *saved = c->scope;
    switch (s->kind) {
    case TIR_S_LET:
        check_expr(c, s->value);
        if (s->var->type_kind == TIR_TYPE_POINTER) {
            if (!tir_dt_is_handle(s->value->dtype) || s->value->dtype.bits == 0)
                ERR(c, s->loc, "LetStmt pointer variable '%s' needs a handle value, got %s", s->var->name,
                    tir_dtype_name(s->value->dtype));
        } else if (!tir_dt_eq(s->var->dtype, s->value->dtype)) {
            ERR(c, s->value->loc, "LetStmt variable '%s' is %s but its value is %s", s->var->name, tir_dtype_name(s->var->dtype),
                tir_dtype_name(s->value->dtype));
        }
        bind_var(c, s->var, s->loc);
        check_stmt(c, s->body);
        break;
    case TIR_S_ATTR:
        if (s->value)
            check_expr(c, s->value);
        if (s->var && s->attr_key &&
            (strcmp(s->attr_key, "thread_extent") == 0 || strcmp(s->attr_key, "virtual_thread") == 0)) {
            /* A thread variable may be launched by several regions that do not nest. */
            if (in_scope(c, s->var)) {
                ERR(c, s->loc, "thread variable '%s' is launched again inside its own region", s->var->name);
            } else {
                scope_entry *e = tir_arena_alloc(c->a, sizeof *e);
                e->var = s->var;
                e->next = c->scope;
                c->scope = e;
            }
            if (s->value && !is_int_scalar(s->value->dtype))
                ERR(c, s->value->loc, "a %s extent must be an integer scalar, got %s", s->attr_key, tir_dtype_name(s->value->dtype));
            bool outer = c->in_serial_loop;
            c->in_serial_loop = false; /* a thread region's iterations run at once */
            check_stmt(c, s->body);
            c->in_serial_loop = outer;
            break;
        }
        check_stmt(c, s->body);
        break;
    case TIR_S_ASSERT:
        check_expr(c, s->cond);
        check_expr(c, s->message);
        if (!is_bool_scalar(s->cond->dtype))
            ERR(c, s->cond->loc, "AssertStmt condition must be a bool scalar, got %s", tir_dtype_name(s->cond->dtype));
        if (s->message->kind != TIR_E_STR && !tir_dt_eq(s->message->dtype, TIR_DT_I32))
            ERR(c, s->message->loc, "AssertStmt message must be a string or an int32, got %s", tir_dtype_name(s->message->dtype));
        if (s->body)
            check_stmt(c, s->body);
        break;
    case TIR_S_STORE: {
        check_buffer_in_scope(c, s->buffer, s->loc);
        check_expr(c, s->value);
        check_indices(c, "BufferStore", s->buffer, s->indices, s->nindices, s->loc);
        unsigned idx_lanes = s->nindices ? s->indices[s->nindices - 1]->dtype.lanes : 1;
        if (s->value->dtype.lanes != idx_lanes * s->buffer->dtype.lanes)
            ERR(c, s->value->loc, "BufferStore value has %u lanes but buffer '%s' (%s) indexed with %u lanes needs %u",
                s->value->dtype.lanes, s->buffer->name, tir_dtype_name(s->buffer->dtype), idx_lanes, idx_lanes * s->buffer->dtype.lanes);
        else if (s->value->dtype.code != s->buffer->dtype.code || s->value->dtype.bits != s->buffer->dtype.bits)
            ERR(c, s->value->loc, "BufferStore value is %s but buffer '%s' holds %s", tir_dtype_name(s->value->dtype),
                s->buffer->name, tir_dtype_name(s->buffer->dtype));
        break;
    }
    case TIR_S_ALLOCATE:
        check_expr(c, s->cond);
        for (uint32_t i = 0; i < s->nindices; i++) {
            check_expr(c, s->indices[i]);
            if (!is_int_scalar(s->indices[i]->dtype))
                ERR(c, s->indices[i]->loc, "Allocate extents must be integer scalars, got %s", tir_dtype_name(s->indices[i]->dtype));
            else if (i > 0 && is_int_scalar(s->indices[0]->dtype) && !tir_dt_eq(s->indices[0]->dtype, s->indices[i]->dtype))
                ERR(c, s->indices[i]->loc, "Allocate extents must all have the same dtype, got %s and %s",
                    tir_dtype_name(s->indices[0]->dtype), tir_dtype_name(s->indices[i]->dtype));
        }
        if (!is_bool_scalar(s->cond->dtype))
            ERR(c, s->cond->loc, "Allocate condition must be a bool scalar, got %s", tir_dtype_name(s->cond->dtype));
        bind_var(c, s->var, s->loc);
        check_stmt(c, s->body);
        break;
    case TIR_S_DECL_BUFFER:
        check_body_buffer_decl(c, s->buffer);
        check_stmt(c, s->body);
        break;
    case TIR_S_REALIZE:
        /* rule 5.i: the condition is a bool scalar */
        check_expr(c, s->cond);
        if (s->cond && !is_bool_scalar(s->cond->dtype))
            ERR(c, s->cond->loc, "BufferRealize condition must be a bool scalar, got %s", tir_dtype_name(s->cond->dtype));
        /* A buffer without memory in scope is allocated here, which binds its
         * data (Variable Scoping: BufferRealize); one with memory (a
         * parameter's) is only annotated, as TVM treats it. */
        if (!in_scope(c, s->buffer->data)) {
            check_body_buffer_decl(c, s->buffer);
            bind_var(c, s->buffer->data, s->loc);
        }
        check_stmt(c, s->body);
        break;
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            check_stmt(c, s->seq[i]);
        break;
    case TIR_S_IF:
        check_expr(c, s->cond);
        if (!is_bool_scalar(s->cond->dtype))
            ERR(c, s->cond->loc, "IfThenElse condition must be a bool scalar, got %s", tir_dtype_name(s->cond->dtype));
        check_stmt(c, s->body);
        c->scope = saved;
        if (s->else_case)
            check_stmt(c, s->else_case);
        break;
    case TIR_S_EVALUATE:
        if (is_loop_exit_call(s->value)) {
            /* break / continue (TVM >= 0.25): leave or restart the innermost serial loop */
            if (s->value->nargs)
                ERR(c, s->loc, "%s takes no arguments", s->value->op);
            else if (!c->in_serial_loop)
                ERR(c, s->loc, "%s must be inside a serial for or while loop, with no parallel, vectorized, thread "
                               "or block boundary in between",
                    s->value->intrin == TIR_I_BREAK_LOOP ? "break" : "continue");
            break;
        }
        check_expr(c, s->value);
        break;
    case TIR_S_FOR: {
        check_expr(c, s->min);
        check_expr(c, s->extent);
        tir_dtype lv = s->var->dtype, mn = s->min->dtype, ex = s->extent->dtype;
        if (!is_int_scalar(lv) || !is_int_scalar(mn) || !is_int_scalar(ex)) {
            ERR(c, s->loc, "For loop variable, min and extent must be Int or UInt scalars, got %s, %s and %s", tir_dtype_name(lv),
                tir_dtype_name(mn), tir_dtype_name(ex));
        } else {
            /* For rules 2-5: IntImm bounds narrower than the loop var are promoted. */
            if (mn.bits > lv.bits || ex.bits > lv.bits)
                ERR(c, s->loc, "For min and extent may not be wider than the loop variable '%s' (%s), got %s and %s",
                    s->var->name, tir_dtype_name(lv), tir_dtype_name(mn), tir_dtype_name(ex));
            if (s->min->kind == TIR_E_INT && mn.bits < lv.bits)
                mn = lv;
            if (s->extent->kind == TIR_E_INT && ex.bits < lv.bits)
                ex = lv;
            if (!tir_dt_eq(lv, mn) || !tir_dt_eq(lv, ex))
                ERR(c, s->loc, "For loop variable '%s', min and extent must have the same dtype, got %s, %s and %s",
                    s->var->name, tir_dtype_name(lv), tir_dtype_name(s->min->dtype), tir_dtype_name(s->extent->dtype));
        }
        if (s->for_kind == TIR_FOR_VECTORIZED &&
            (s->min->kind != TIR_E_INT || s->min->ival != 0 || s->extent->kind != TIR_E_INT || s->extent->ival < 1))
            ERR(c, s->loc, "a vectorized For needs min 0 and a constant extent of at least 1");
        bind_var(c, s->var, s->loc);
        c->vectorized_depth += s->for_kind == TIR_FOR_VECTORIZED;
        bool outer = c->in_serial_loop;
        /* a parallel, vectorized or thread loop runs its iterations all at once: none can stop the others */
        c->in_serial_loop = s->for_kind == TIR_FOR_SERIAL || s->for_kind == TIR_FOR_UNROLLED;
        check_stmt(c, s->body);
        c->in_serial_loop = outer;
        c->vectorized_depth -= s->for_kind == TIR_FOR_VECTORIZED;
        break;
    }
    case TIR_S_WHILE:
        if (c->vectorized_depth > 0)
            ERR(c, s->loc, "a While loop may not be inside a vectorized For loop");
        check_expr(c, s->cond);
        if (!is_int_scalar(s->cond->dtype))
            ERR(c, s->cond->loc, "While condition must be an Int or UInt scalar, got %s", tir_dtype_name(s->cond->dtype));
        else if (s->cond->kind == TIR_E_INT)
            ERR(c, s->cond->loc, "While condition must not be a constant");
        {
            bool outer = c->in_serial_loop;
            c->in_serial_loop = true;
            check_stmt(c, s->body);
            c->in_serial_loop = outer;
        }
        break;
    case TIR_S_BLOCK_REALIZE: {
        bool outer = c->in_serial_loop;
        c->in_serial_loop = false;
        check_block(c, s);
        c->in_serial_loop = outer;
        break;
    }
    }
    c->scope = saved;
}

/* The first tir.ret call of e or s, in the order of the source, or NULL. */
static const tir_expr *first_ret(const tir_expr *e)
{
    if (!e)
        return NULL;
    if (tir_is_call_of(e, TIR_I_RET))
        return e;
    const tir_expr *r = NULL;
    for (uint32_t i = 0; !r && i < e->nargs; i++)
        r = first_ret(e->args[i]);
    for (uint32_t i = 0; !r && i < e->nargs2; i++)
        r = first_ret(e->args2[i]);
    if (!r)
        r = first_ret(e->a);
    if (!r)
        r = first_ret(e->b);
    return r ? r : first_ret(e->c);
}

static const tir_expr *first_ret_stmt(const tir_stmt *s)
{
    if (!s)
        return NULL;
    const tir_expr *r = first_ret(s->value);
    if (!r)
        r = first_ret(s->cond);
    for (uint32_t i = 0; !r && i < s->nseq; i++)
        r = first_ret_stmt(s->seq[i]);
    if (!r && s->block) {
        r = first_ret_stmt(s->block->init);
        if (!r)
            r = first_ret_stmt(s->block->body);
    }
    if (!r)
        r = first_ret_stmt(s->body);
    return r ? r : first_ret_stmt(s->else_case);
}

bool tir_check_module(tir_arena *a, tir_diag *d, const tir_module *m)
{
    return tir_check_module_strict(a, d, m, false);
}

bool tir_check_module_strict(tir_arena *a, tir_diag *d, const tir_module *m, bool strict)
{
    int before = d->nerrors;
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        checker c;
        memset(&c, 0, sizeof c);
        c.a = a;
        c.d = d;
        const tir_func *f = m->funcs[i];
        c.func = f;
        c.mod = m;
        c.strict = strict;
        /* Names identify functions and parameters to callers (TVM JSON
         * can hold empty or repeated ones; TVMScript cannot). */
        if (!f->name || !f->name[0])
            ERR(&c, f->loc, "function %u has no name", i);
        for (uint32_t k = 0; k < i && f->name && f->name[0]; k++)
            if (m->funcs[k]->name && strcmp(m->funcs[k]->name, f->name) == 0)
                ERR(&c, f->loc, "two functions are named '%s'", f->name);
        for (uint32_t k = 0; k < f->nparams; k++) {
            const char *pn = f->params[k]->name;
            if (!pn || !pn[0])
                ERR(&c, f->params[k]->loc, "parameter %u of function '%s' has no name", k, f->name);
            for (uint32_t j = 0; j < k && pn && pn[0]; j++)
                if (f->params[j]->name && strcmp(f->params[j]->name, pn) == 0)
                    ERR(&c, f->params[k]->loc, "parameters %u and %u of function '%s' are both named '%s'", j, k,
                        f->name, pn);
        }
        for (uint32_t k = 0; k < f->nparams; k++)
            bind_var(&c, f->params[k], f->params[k]->loc);
        /* PrimFunc rule 1.ii: buffer_map shape/stride/offset vars are bound by the arguments */
        for (uint32_t k = 0; k < f->nparams; k++) {
            const tir_buffer *b = f->param_buffers[k];
            if (!b)
                continue;
            check_buffer_decl(&c, b);
            bind_buffer_vars(&c, b);
            bind_var(&c, b->data, b->loc);
        }
        /* PrimFunc rule 6: an undefined ret_type is the type the tir.ret
         * calls return (spec-readings 21), void when there are none */
        const tir_expr *ret = f->has_ret_type ? NULL : first_ret_stmt(f->body);
        if (ret && ret->nargs == 1) {
            m->funcs[i]->has_ret_type = true;
            m->funcs[i]->ret_dtype = ret->args[0]->dtype;
            c.ret_inferred = true;
        }
        check_stmt(&c, f->body);
        if (!c.ret_count && f->has_ret_type && !tir_dt_is_void(f->ret_dtype))
            ERR(&c, f->loc, "function '%s' declares return type %s but never calls tir.ret", f->name, tir_dtype_name(f->ret_dtype));
    }
    return d->nerrors == before;
}
