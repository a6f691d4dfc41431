/* Detached weights of a served model: a version folder's params.npz (or
 * --model NAME=FILE.tirbc:PARAMS.npz), read once at load and bound to every
 * call of the model, whichever instance runs it.  The arrays are matched to
 * parameters as tirvm run --params matches them (cli/args.c), so a wrong,
 * missing or extra array fails the load with the command's messages; they
 * are passed read-only, so concurrent calls can share them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "npz.h"
#include "serve.h"

/* tirc names a detached weight (a Relax param after num_input) p_K. */
static bool is_weight_name(const char *s)
{
    if (s[0] != 'p' || s[1] != '_' || !s[2])
        return false;
    return strspn(s + 2, "0123456789") == strlen(s + 2);
}

void srv_version_free_weights(srv_version *v)
{
    if (v->weights) {
        cli_args_free(v->weights);
        free(v->weights);
    }
    free(v->bound);
    v->weights = NULL;
    v->bound = NULL;
}

int srv_version_bind_weights(srv_version *v, const char *path, char *err, size_t err_len)
{
    cli_args *ca = calloc(1, sizeof *ca);
    tirvm_module *m = v->inst[0].m;
    if (!ca || cli_args_init(ca, m, v->func) != CLI_OK) {
        if (ca)
            cli_args_free(ca);
        free(ca);
        snprintf(err, err_len, "out of memory");
        return -1;
    }
    v->weights = ca;
    npz_file z;
    /* the weights are held for the model's lifetime, outside any call's memory limit */
    if (npz_read(path, (size_t)TIRVM_MAX_MODULE_BYTES, &z, err, err_len) != 0)
        return -1;
    int st = CLI_OK;
    for (int k = 0; k < z.n && st == CLI_OK; k++)
        st = cli_args_set_array(ca, z.entries[k].name, path, &z.entries[k].arr, err, err_len);
    npz_free(&z);
    if (st != CLI_OK)
        return -1;
    /* A detached weight the file lacks: tirvm run's "missing input"
     * message, from cli_args_finish asked about the weights alone. */
    bool *was = calloc((size_t)ca->nparams + 1, sizeof *was);
    if (!was) {
        snprintf(err, err_len, "out of memory");
        return -1;
    }
    for (int p = 0; p < ca->nparams; p++) {
        was[p] = ca->given[p];
        if (!(ca->params[p].kind == TIRVM_PARAM_BUFFER && !ca->params[p].written && is_weight_name(ca->params[p].name)))
            ca->given[p] = true;
    }
    char e[900];
    st = cli_args_finish(ca, 0, e, sizeof e);
    memcpy(ca->given, was, (size_t)ca->nparams * sizeof *was);
    free(was);
    if (st != CLI_OK) {
        snprintf(err, err_len, "%s: %s", path, e);
        return -1;
    }
    v->bound = calloc((size_t)v->nparams + 1, sizeof *v->bound);
    if (!v->bound) {
        snprintf(err, err_len, "out of memory");
        return -1;
    }
    for (int p = 0; p < v->nparams; p++) {
        if (!ca->given[p])
            continue;
        if (v->role[p] != ROLE_AUTO) {
            snprintf(err, err_len, "%s: array '%s' binds parameter '%s', which config.json names as an %s", path,
                     v->pname[p], v->pname[p], v->role[p] == ROLE_INPUT ? "input" : "output");
            return -1;
        }
        /* read-only: the VM refuses it for a buffer the function writes */
        tirvm_arg a = {.kind = TIRVM_ARG_TENSOR_READ_ONLY, .tensor = &ca->tensors[p]};
        if (tirvm_check_arg(m, v->func, p, &a, e, sizeof e) != TIRVM_OK) {
            snprintf(err, err_len, "%s: %s", path, e);
            return -1;
        }
        v->bound[p] = ca->tensors[p];
        v->role[p] = ROLE_WEIGHT;
    }
    return 0;
}
