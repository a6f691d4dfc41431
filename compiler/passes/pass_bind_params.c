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

/* Replaces *slot by a fresh variable named after the buffer and `what`
 * ("shape_1"), and returns the check that it equals the expression, around
 * body; `label` names the extent in the message ("shape[1]"). */
static tir_stmt *bind_expr(tir_pass_ctx *p, const tir_buffer *b, tir_expr **slot, const char *what, const char *label,
                           tir_stmt *body)
{
    tir_expr *x = *slot;
    char name[160], msg[300];
    snprintf(name, sizeof name, "%s_%s", b->name, what);
    snprintf(msg, sizeof msg, "buffer parameter '%s': the tensor's %s differs from the declared expression", b->name,
             label);
    tir_var *v = tir_var_new(p->a, tir_arena_strdup(p->a, name), x->dtype, x->loc);
    *slot = tir_var_ref(p->a, v, x->loc);
    return tir_extent_check(p->a, v, x, tir_arena_strdup(p->a, msg), body, x->loc);
}

/* bind_expr for dimension k of a shape or strides list */
static tir_stmt *bind_dim(tir_pass_ctx *p, const tir_buffer *b, tir_expr **slot, const char *list, uint32_t k,
                          tir_stmt *body)
{
    char what[32], label[32];
    snprintf(what, sizeof what, "%s_%u", list, k);
    snprintf(label, sizeof label, "%s[%u]", list, k);
    return bind_expr(p, b, slot, what, label, body);
}

bool tir_pass_bind_params(tir_pass_ctx *p, tir_func *f)
{
    /* built inside out, so the checks run in parameter and dimension order */
    for (uint32_t i = f->nparams; i-- > 0;) {
        tir_buffer *b = f->param_buffers[i];
        if (!b)
            continue;
        if (b->elem_offset && !is_bindable(b->elem_offset))
            f->body = bind_expr(p, b, &b->elem_offset, "elem_offset", "elem_offset", f->body);
        for (uint32_t k = b->nstrides; k-- > 0;)
            if (!is_bindable(b->strides[k]))
                f->body = bind_dim(p, b, &b->strides[k], "stride", k, f->body);
        for (uint32_t k = b->ndim; k-- > 0;)
            if (!is_bindable(b->shape[k]))
                f->body = bind_dim(p, b, &b->shape[k], "shape", k, f->body);
    }
    return true;
}
