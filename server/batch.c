/* Dynamic batching's data side: which models can batch (checked at load),
 * which decoded requests may share a call, the one call's arguments (each
 * input's rows concatenated in arrival order) and each request's rows of
 * its outputs.  A kernel whose rows are independent computes every row as
 * it would alone, so each answer is the one a call of its own would give.
 * The scheduling (when a batch runs) is sched.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"

#define ALIGN 64

int srv_version_check_batching(srv_version *v, char *err, size_t n)
{
    static const char pre[] = "config.json: \"dynamic_batching\"";
    const char *var = NULL;
    int first = -1;
    if (v->has_ret) {
        snprintf(err, n, "%s: function '%s' returns a value, one per call rather than per row, so its requests "
                 "cannot share a call", pre, v->entry);
        return -1;
    }
    for (int p = 0; p < v->nparams; p++) {
        const tirvm_param_info *pi = &v->params[p];
        if (v->role[p] == ROLE_WEIGHT || pi->kind != TIRVM_PARAM_BUFFER)
            continue;
        if (pi->ndim < 1 || pi->shape[0] >= 0 || !pi->shape_name[0]) {
            snprintf(err, n, "%s: tensor '%s' of function '%s' has no symbolic first dimension to batch along "
                     "(batching needs every input and output to share one, like x: T.Buffer((n, 784)))", pre,
                     v->pname[p], v->entry);
            return -1;
        }
        if (!var) {
            var = pi->shape_name[0];
            first = p;
        } else if (strcmp(var, pi->shape_name[0]) != 0) {
            snprintf(err, n, "%s: tensors '%s' and '%s' of function '%s' start with different dimensions ('%s' and "
                     "'%s'); batching needs one shared by every input and output", pre, v->pname[first], v->pname[p],
                     v->entry, var, pi->shape_name[0]);
            return -1;
        }
    }
    if (!var) {
        snprintf(err, n, "%s: function '%s' has no tensor inputs or outputs to batch", pre, v->entry);
        return -1;
    }
    for (int p = 0; p < v->nparams; p++) {
        const tirvm_param_info *pi = &v->params[p];
        if (v->role[p] == ROLE_WEIGHT)
            continue;
        if (pi->kind == TIRVM_PARAM_SCALAR) {
            /* the batch variable itself is filled in from the rows; any other
             * scalar could differ between requests */
            if (strcmp(pi->name, var) != 0) {
                snprintf(err, n, "%s: scalar parameter '%s' of function '%s' is not the batch dimension '%s'; "
                         "batching needs every input and output to be a tensor starting with it", pre, v->pname[p],
                         v->entry, var);
                return -1;
            }
            v->batch_param = p;
            continue;
        }
        for (int k = 1; k < pi->ndim; k++)
            if (pi->shape_name[k] && strcmp(pi->shape_name[k], var) == 0) {
                snprintf(err, n, "%s: tensor '%s' of function '%s' has the batch dimension '%s' again as its "
                         "dimension %d, so its rows could not be split between requests", pre, v->pname[p], v->entry,
                         var, k);
                return -1;
            }
    }
    return 0;
}

static bool batched_buffer(const srv_version *v, int p)
{
    return v->role[p] != ROLE_WEIGHT && v->params[p].kind == TIRVM_PARAM_BUFFER;
}

uint64_t oip_request_rows(const srv_version *v, const oip_request *r)
{
    uint64_t rows = 0;
    for (int p = 0; p < v->nparams; p++)
        if (batched_buffer(v, p) && r->given[p] && (uint64_t)r->shapes[p][0] > rows)
            rows = (uint64_t)r->shapes[p][0];
    return rows;
}

/* Every tensor of the request has the same first dimension (else its call
 * fails with the VM's message, and it runs alone to get it). */
static bool rows_agree(const srv_version *v, const oip_request *r)
{
    int64_t rows = -1;
    for (int p = 0; p < v->nparams; p++) {
        if (!batched_buffer(v, p))
            continue;
        if (rows >= 0 && r->shapes[p][0] != rows)
            return false;
        rows = r->shapes[p][0];
    }
    return true;
}

bool oip_requests_compatible(const srv_version *v, const oip_request *a, const oip_request *b)
{
    if (!rows_agree(v, a) || !rows_agree(v, b))
        return false;
    for (int p = 0; p < v->nparams; p++) {
        if (v->role[p] == ROLE_WEIGHT)
            continue;
        if (a->given[p] != b->given[p])
            return false;
        if (v->params[p].kind != TIRVM_PARAM_BUFFER)
            continue;
        if (a->tensors[p].ndim != b->tensors[p].ndim)
            return false;
        for (int k = 1; k < a->tensors[p].ndim; k++)
            if (a->shapes[p][k] != b->shapes[p][k])
                return false;
    }
    return true;
}

int oip_merge(const srv_version *v, oip_request *const *rs, int n, oip_request *merged)
{
    int np = v->nparams;
    memset(merged, 0, sizeof *merged);
    merged->nparams = np;
    merged->args = calloc((size_t)np + 1, sizeof *merged->args);
    merged->tensors = calloc((size_t)np + 1, sizeof *merged->tensors);
    merged->shapes = calloc((size_t)np + 1, sizeof *merged->shapes);
    merged->data = calloc((size_t)np + 1, sizeof *merged->data);
    merged->nbytes = calloc((size_t)np + 1, sizeof *merged->nbytes);
    merged->given = calloc((size_t)np + 1, sizeof *merged->given);
    if (!merged->args || !merged->tensors || !merged->shapes || !merged->data || !merged->nbytes || !merged->given)
        return 500;
    const oip_request *r0 = rs[0];
    uint64_t rows = 0;
    for (int i = 0; i < n; i++)
        rows += oip_request_rows(v, rs[i]);
    for (int p = 0; p < np; p++) {
        merged->args[p] = r0->args[p];
        merged->given[p] = r0->given[p];
        memcpy(merged->shapes[p], r0->shapes[p], sizeof merged->shapes[p]);
        if (p == v->batch_param) {
            if (merged->args[p].kind == TIRVM_ARG_UINT)
                merged->args[p].u = rows;
            else
                merged->args[p].i = (int64_t)rows;
        }
        if (!batched_buffer(v, p))
            continue; /* weights: the version's read-only arrays, as in each request */
        size_t total = 0;
        for (int i = 0; i < n; i++)
            total += rs[i]->nbytes[p];
        size_t sz = (total + ALIGN - 1) / ALIGN * ALIGN;
        unsigned char *buf = aligned_alloc(ALIGN, sz ? sz : ALIGN);
        if (!buf)
            return 500;
        merged->data[p] = buf;
        merged->nbytes[p] = total;
        if (r0->given[p]) {
            size_t off = 0;
            for (int i = 0; i < n; i++) {
                if (rs[i]->nbytes[p])
                    memcpy(buf + off, rs[i]->data[p], rs[i]->nbytes[p]);
                off += rs[i]->nbytes[p];
            }
        } else {
            memset(buf, 0, sz ? sz : ALIGN);
        }
        merged->shapes[p][0] = (int64_t)rows;
        merged->tensors[p] = r0->tensors[p];
        merged->tensors[p].data = merged->data[p];
        merged->tensors[p].shape = merged->shapes[p];
        merged->args[p].tensor = &merged->tensors[p];
    }
    return 200;
}

void oip_split(const srv_version *v, const oip_request *merged, oip_request *const *rs, int n)
{
    for (int p = 0; p < v->nparams; p++) {
        if (!batched_buffer(v, p) || (merged->given[p] && !v->params[p].written))
            continue;
        const unsigned char *src = merged->data[p];
        for (int i = 0; i < n; i++) {
            if (rs[i]->nbytes[p])
                memcpy(rs[i]->data[p], src, rs[i]->nbytes[p]);
            src += rs[i]->nbytes[p];
        }
    }
}
