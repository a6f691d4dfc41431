/* Pass bind-params: a parameter buffer whose shape, strides or elem_offset
 * is an expression of other variables,
 *     bitmask = T.match_buffer(b, (batch, (vocab + 31) // 32), "int32")
 * (mlc-llm's logit processor), gets a variable of its own in that place,
 * which the call binds from the tensor as it binds any symbolic extent, and
 * the function starts by asserting that the variable equals the expression:
 *     bitmask_shape_1 = <from the tensor>
 *     assert bitmask_shape_1 == (vocab + 31) // 32
 * TVM's argument binding checks such extents the same way.  Every access
 * then uses the variable, whose value the assertion has fixed.  Codegen
 * reads a parameter's extents only as constants or variables, so this pass
 * always runs. */
#include "passes.h"

#include <stdio.h>

static bool is_bindable(const tir_expr *x) { return x->kind == TIR_E_INT || x->kind == TIR_E_VAR; }

/* Replaces *slot by a fresh variable and returns the assertion, wrapping body. */
static tir_stmt *bind_expr(tir_pass_ctx *p, const tir_buffer *b, tir_expr **slot, const char *what, uint32_t k,
                           bool indexed, tir_stmt *body)
{
    tir_expr *x = *slot;
    char name[160];
    if (indexed)
        snprintf(name, sizeof name, "%s_%s_%u", b->name, what, k);
    else
        snprintf(name, sizeof name, "%s_%s", b->name, what);
    tir_var *v = tir_var_new(p->a, tir_arena_strdup(p->a, name), x->dtype, x->loc);
    *slot = tir_var_ref(p->a, v, x->loc);
    char msg[300];
    if (indexed)
        snprintf(msg, sizeof msg, "buffer parameter '%s': the tensor's %s[%u] differs from the declared expression",
                 b->name, what, k);
    else
        snprintf(msg, sizeof msg, "buffer parameter '%s': the tensor's %s differs from the declared expression",
                 b->name, what);
    tir_stmt *check = tir_stmt_new(p->a, TIR_S_ASSERT, x->loc);
    check->cond = tir_binary(p->a, TIR_E_EQ, tir_var_ref(p->a, v, x->loc), x, x->loc);
    check->message = tir_expr_new(p->a, TIR_E_STR, TIR_DT_I32, x->loc);
    check->message->str = tir_arena_strdup(p->a, msg);
    check->is_runtime_check = true;
    check->body = body;
    return check;
}

bool tir_pass_bind_params(tir_pass_ctx *p, tir_func *f)
{
    /* built inside out, so the checks run in parameter and dimension order */
    for (uint32_t i = f->nparams; i-- > 0;) {
        tir_buffer *b = f->param_buffers[i];
        if (!b)
            continue;
        if (b->elem_offset && !is_bindable(b->elem_offset))
            f->body = bind_expr(p, b, &b->elem_offset, "elem_offset", 0, false, f->body);
        for (uint32_t k = b->nstrides; k-- > 0;)
            if (!is_bindable(b->strides[k]))
                f->body = bind_expr(p, b, &b->strides[k], "stride", k, true, f->body);
        for (uint32_t k = b->ndim; k-- > 0;)
            if (!is_bindable(b->shape[k]))
                f->body = bind_expr(p, b, &b->shape[k], "shape", k, true, f->body);
    }
    return true;
}
