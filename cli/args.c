#include "args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KDLBOOL 6

int cli_args_init(cli_args *ca, const tirvm_module *m, int func)
{
    memset(ca, 0, sizeof *ca);
    int n = tirvm_param_count(m, func);
    if (n < 0)
        return CLI_USAGE;
    ca->nparams = n;
    size_t k = n ? (size_t)n : 1;
    ca->params = calloc(k, sizeof *ca->params);
    ca->args = calloc(k, sizeof *ca->args);
    ca->arrays = calloc(k, sizeof *ca->arrays);
    ca->tensors = calloc(k, sizeof *ca->tensors);
    ca->given = calloc(k, sizeof *ca->given);
    if (!ca->params || !ca->args || !ca->arrays || !ca->tensors || !ca->given)
        return CLI_RUNTIME;
    for (int i = 0; i < n; i++)
        tirvm_param(m, func, i, &ca->params[i]);
    return CLI_OK;
}

void cli_args_free(cli_args *ca)
{
    for (int i = 0; i < ca->nparams; i++)
        npy_free(&ca->arrays[i]);
    free(ca->params);
    free(ca->args);
    free(ca->arrays);
    free(ca->tensors);
    free(ca->given);
    memset(ca, 0, sizeof *ca);
}

static bool name_is(const char *s, const char *name, size_t len)
{
    return s && strlen(s) == len && strncmp(s, name, len) == 0;
}

int cli_args_find(const cli_args *ca, const char *name, size_t len)
{
    int found = -1;
    for (int i = 0; i < ca->nparams; i++) {
        if (!name_is(ca->params[i].name, name, len) && !name_is(ca->params[i].alias, name, len))
            continue;
        if (found >= 0 && found != i)
            return -2;
        found = i;
    }
    return found;
}

static void make_tensor(cli_args *ca, int i)
{
    npy_array *a = &ca->arrays[i];
    DLTensor *t = &ca->tensors[i];
    memset(t, 0, sizeof *t);
    t->data = a->data;
    t->device.device_type = kDLCPU;
    t->ndim = a->ndim;
    t->dtype.code = a->dtype.code;
    t->dtype.bits = a->dtype.bits;
    t->dtype.lanes = 1;
    /* A bfloat16 parameter also takes its bits as uint16 (CLI contract). */
    if (ca->params[i].dtype.code == TIR_CODE_BFLOAT && a->dtype.code == TIR_CODE_UINT && a->dtype.bits == 16)
        t->dtype.code = TIR_CODE_BFLOAT;
    t->shape = a->shape;
    t->strides = NULL;
    t->byte_offset = 0;
    ca->args[i].kind = TIRVM_ARG_TENSOR;
    ca->args[i].tensor = t;
}

int cli_args_set(cli_args *ca, const char *spec, char *err, size_t err_len)
{
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec) {
        snprintf(err, err_len, "argument '%s' is not NAME=FILE.npy or NAME=NUMBER", spec);
        return CLI_USAGE;
    }
    size_t nl = (size_t)(eq - spec);
    const char *value = eq + 1;
    int i = cli_args_find(ca, spec, nl);
    if (i == -2) {
        snprintf(err, err_len, "argument name '%.*s' matches two different parameters", (int)nl, spec);
        return CLI_USAGE;
    }
    if (i < 0) {
        snprintf(err, err_len, "the function has no parameter named '%.*s'", (int)nl, spec);
        return CLI_USAGE;
    }
    if (ca->given[i]) {
        snprintf(err, err_len, "parameter '%s' is given twice", ca->params[i].name);
        return CLI_USAGE;
    }
    ca->given[i] = true;
    const tirvm_param_info *p = &ca->params[i];
    if (p->kind == TIRVM_PARAM_BUFFER) {
        if (access(value, R_OK) != 0) {
            snprintf(err, err_len, "%s: %s", value, strerror(errno));
            return CLI_USAGE;
        }
        if (npy_read(value, &ca->arrays[i], err, err_len) != 0)
            return CLI_RUNTIME;
        make_tensor(ca, i);
        return CLI_OK;
    }
    /* A scalar: an integer, a float, or True/False. */
    char *end;
    errno = 0;
    if (strcmp(value, "True") == 0 || strcmp(value, "true") == 0) {
        ca->args[i].kind = TIRVM_ARG_INT;
        ca->args[i].i = 1;
        return CLI_OK;
    }
    if (strcmp(value, "False") == 0 || strcmp(value, "false") == 0) {
        ca->args[i].kind = TIRVM_ARG_INT;
        ca->args[i].i = 0;
        return CLI_OK;
    }
    long long v = strtoll(value, &end, 0);
    if (*value && !*end && errno == 0) {
        ca->args[i].kind = TIRVM_ARG_INT;
        ca->args[i].i = v;
        return CLI_OK;
    }
    if (*value != '-' && *end == '\0' && errno == ERANGE) {
        /* above INT64_MAX: a uint64 argument */
        errno = 0;
        unsigned long long uv = strtoull(value, &end, 0);
        if (!*end && errno == 0) {
            ca->args[i].kind = TIRVM_ARG_UINT;
            ca->args[i].u = uv;
            return CLI_OK;
        }
    }
    errno = 0;
    double d = strtod(value, &end);
    if (*value && !*end && errno != EINVAL) {
        ca->args[i].kind = TIRVM_ARG_FLOAT;
        ca->args[i].f = d;
        return CLI_OK;
    }
    snprintf(err, err_len, "argument '%s': '%s' is not a number", p->name, value);
    return CLI_USAGE;
}

int cli_args_finish(cli_args *ca, char *err, size_t err_len)
{
    for (int i = 0; i < ca->nparams; i++) {
        if (ca->given[i])
            continue;
        const tirvm_param_info *p = &ca->params[i];
        bool constant = p->kind == TIRVM_PARAM_BUFFER && p->ndim <= NPY_MAX_DIMS;
        size_t count = 1;
        for (int k = 0; constant && k < p->ndim; k++) {
            if (p->shape[k] < 0 || __builtin_mul_overflow(count, (size_t)p->shape[k], &count))
                constant = false;
        }
        if (!constant) {
            snprintf(err, err_len, "missing argument '%s'", p->name);
            return CLI_RUNTIME;
        }
        npy_array *a = &ca->arrays[i];
        memset(a, 0, sizeof *a);
        a->dtype = (tir_dtype){p->dtype.code == KDLBOOL ? TIR_CODE_UINT : p->dtype.code,
                               p->dtype.code == KDLBOOL ? 1 : p->dtype.bits, 1};
        a->ndim = p->ndim;
        for (int k = 0; k < p->ndim; k++)
            a->shape[k] = p->shape[k];
        size_t es = tir_dtype_elem_size(a->dtype), bytes;
        if (__builtin_mul_overflow(count, es, &bytes)) {
            snprintf(err, err_len, "argument '%s' is too large", p->name);
            return CLI_RUNTIME;
        }
        a->nbytes = bytes;
        a->data = bytes ? calloc(1, bytes) : NULL;
        if (bytes && !a->data) {
            snprintf(err, err_len, "out of memory for argument '%s'", p->name);
            return CLI_RUNTIME;
        }
        make_tensor(ca, i);
        ca->given[i] = true;
    }
    return CLI_OK;
}
