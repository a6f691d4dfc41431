/* A host program that runs a whole model compiled by tirc (TVM JSON of a
 * Relax module, weights embedded or bound with --params): it loads the
 * .tirbc, gives `main` its input, allocates the output (its shape follows
 * from the input's: a symbolic batch works), calls it through the public
 * API, and writes the output.
 *
 *   model-host MODEL.tirbc X.npy OUT.npy [PARAMS.npz]
 *
 * PARAMS.npz gives detached weights (p_0, p_1, ...) when the model keeps
 * them as parameters.  Exit status 0 on success, 1 on any error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tirvm.h>

#include "npz.h"

static int fail(const char *what, const char *err)
{
    fprintf(stderr, "model-host: %s: %s\n", what, err);
    return 1;
}

static void tensor_of(DLTensor *t, npy_array *a)
{
    memset(t, 0, sizeof *t);
    t->data = a->data;
    t->device.device_type = kDLCPU;
    t->ndim = a->ndim;
    t->shape = a->shape;
    t->dtype.code = a->dtype.code;
    t->dtype.bits = a->dtype.bits;
    t->dtype.lanes = 1;
}

int main(int argc, char **argv)
{
    if (argc < 4 || argc > 5) {
        fprintf(stderr, "usage: model-host MODEL.tirbc X.npy OUT.npy [PARAMS.npz]\n");
        return 2;
    }
    char err[1024];
    tirvm_module *m;
    if (tirvm_module_load_file(argv[1], &m, err, sizeof err) != TIRVM_OK)
        return fail(argv[1], err);
    int func = tirvm_find_function(m, "main"), n = tirvm_param_count(m, func);
    tirvm_arg *args = calloc((size_t)(n > 0 ? n : 1), sizeof *args);
    DLTensor *tensors = calloc((size_t)(n > 0 ? n : 1), sizeof *tensors);
    npy_array x = {0}, out = {0};
    npz_file weights = {0};
    int status = 1, out_index = -1;
    if (func < 0 || !args || !tensors) {
        fail(argv[1], func < 0 ? "no function 'main'" : "out of memory");
        goto done;
    }
    if (npy_read(argv[2], &x, err, sizeof err) != 0) {
        fail(argv[2], err);
        goto done;
    }
    if (argc == 5 && npz_read(argv[4], 0, &weights, err, sizeof err) != 0) {
        fail(argv[4], err);
        goto done;
    }
    /* the model's parameters: x, the detached weights, then the output */
    for (int i = 0; i < n; i++) {
        tirvm_param_info p;
        tirvm_param(m, func, i, &p);
        args[i].kind = TIRVM_ARG_TENSOR;
        const npz_entry *w = npz_find(&weights, p.name);
        if (strcmp(p.name, "x") == 0) {
            tensor_of(&tensors[i], &x);
            args[i].tensor = &tensors[i];
        } else if (w) {
            tensor_of(&tensors[i], (npy_array *)&w->arr);
            args[i].tensor = &tensors[i];
        } else if (strcmp(p.name, "output") == 0) {
            out_index = i;
        } else {
            fprintf(stderr, "model-host: no value for parameter '%s'\n", p.name);
            goto done;
        }
    }
    if (out_index < 0) {
        fail(argv[1], "main has no parameter 'output'");
        goto done;
    }
    /* the output's shape follows from the arguments given */
    tirvm_param_info op;
    tirvm_param(m, func, out_index, &op);
    if (tirvm_resolve_shape(m, func, args, n, out_index, out.shape, err, sizeof err) != TIRVM_OK) {
        fail("output", err);
        goto done;
    }
    out.ndim = op.ndim;
    out.dtype = (tir_dtype){op.dtype.code, op.dtype.bits, 1};
    size_t count = 1;
    for (int k = 0; k < out.ndim; k++)
        count *= (size_t)out.shape[k];
    out.nbytes = count * ((op.dtype.bits + 7u) / 8u);
    out.data = calloc(count ? count : 1, (op.dtype.bits + 7u) / 8u);
    if (!out.data) {
        fail("output", "out of memory");
        goto done;
    }
    tensor_of(&tensors[out_index], &out);
    args[out_index].tensor = &tensors[out_index];
    if (tirvm_call(m, func, args, n, err, sizeof err) != TIRVM_OK) {
        fail("main", err);
        goto done;
    }
    if (npy_write(argv[3], &out, err, sizeof err) != 0) {
        fail(argv[3], err);
        goto done;
    }
    status = 0;
done:
    npy_free(&x);
    free(out.data);
    npz_free(&weights);
    free(args);
    free(tensors);
    tirvm_module_free(m);
    return status;
}
