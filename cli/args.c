#include "args.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
    ca->zero_filled = calloc(k, sizeof *ca->zero_filled);
    ca->m = m;
    ca->func = func;
    ca->func_name = tirvm_function_name(m, func);
    if (!ca->params || !ca->args || !ca->arrays || !ca->tensors || !ca->given || !ca->zero_filled)
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
    free(ca->zero_filled);
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

const char *cli_args_user_name(const cli_args *ca, int i)
{
    return ca->params[i].alias ? ca->params[i].alias : ca->params[i].name;
}

void cli_args_list(const cli_args *ca, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    if (!ca->nparams) {
        snprintf(buf, n, "none");
        return;
    }
    for (int i = 0; i < ca->nparams && len < n; i++) {
        const tirvm_param_info *p = &ca->params[i];
        int w = p->alias ? snprintf(buf + len, n - len, "%s%s (or %s)", i ? ", " : "", p->name, p->alias)
                         : snprintf(buf + len, n - len, "%s%s", i ? ", " : "", p->name);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

static const char *dtype_name(DLDataType t, char *buf, size_t n)
{
    if (t.code == KDLBOOL)
        return "bool";
    tir_dtype d = {t.code, t.bits, t.lanes};
    return tir_dtype_str(d, buf, n);
}

/* Whether s reads as a command-line number (as cli_args_set takes them). */
static bool is_number(const char *s)
{
    if (strcmp(s, "True") == 0 || strcmp(s, "true") == 0 || strcmp(s, "False") == 0 || strcmp(s, "false") == 0)
        return true;
    char *end;
    errno = 0;
    (void)strtod(s, &end);
    if (*s && !*end)
        return true;
    (void)strtoull(s, &end, 0);
    return *s && !*end;
}

/* "an" before int32 and int8, "a" before the other dtype names. */
static const char *article(const char *dtype) { return dtype[0] == 'i' ? "an" : "a"; }

static bool ends_with_npy(const char *s)
{
    size_t n = strlen(s);
    return n >= 4 && (strcmp(s + n - 4, ".npy") == 0 || strcmp(s + n - 4, ".NPY") == 0);
}

static void make_tensor(cli_args *ca, int i)
{
    npy_array *a = &ca->arrays[i];
    DLTensor *t = &ca->tensors[i];
    memset(t, 0, sizeof *t);
    t->data = a->data;
    t->device.device_type = kDLCPU;
    /* Vector elements (float32x4): the .npy's last dimension holds the lanes. */
    int lanes = ca->params[i].dtype.lanes > 1 ? ca->params[i].dtype.lanes : 1;
    t->ndim = a->ndim - (lanes > 1);
    t->dtype.code = a->dtype.code;
    t->dtype.bits = a->dtype.bits;
    t->dtype.lanes = (uint16_t)lanes;
    /* A bfloat16 parameter also takes its bits as uint16 (CLI contract). */
    if (ca->params[i].dtype.code == TIR_CODE_BFLOAT && a->dtype.code == TIR_CODE_UINT && a->dtype.bits == 16)
        t->dtype.code = TIR_CODE_BFLOAT;
    t->shape = a->shape;
    t->strides = NULL;
    t->byte_offset = 0;
    ca->args[i].kind = TIRVM_ARG_TENSOR;
    ca->args[i].tensor = t;
}

int cli_args_set_array(cli_args *ca, const char *name, const char *from, npy_array *arr, char *err, size_t err_len)
{
    int i = cli_args_find(ca, name, strlen(name));
    if (i < 0 || ca->params[i].kind != TIRVM_PARAM_BUFFER) {
        char names[600];
        cli_args_list(ca, names, sizeof names);
        snprintf(err, err_len, "%s: array '%s' names no buffer parameter of function '%s' (its parameters: %s)",
                 from, name, ca->func_name ? ca->func_name : "?", names);
        return CLI_USAGE;
    }
    if (ca->given[i]) {
        snprintf(err, err_len, "parameter '%s' is given twice (%s holds it too)", ca->params[i].name, from);
        return CLI_USAGE;
    }
    ca->given[i] = true;
    ca->arrays[i] = *arr;
    memset(arr, 0, sizeof *arr);
    make_tensor(ca, i);
    return CLI_OK;
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
        char names[600];
        cli_args_list(ca, names, sizeof names);
        snprintf(err, err_len, "function '%s' has no parameter named '%.*s' (its parameters: %s)",
                 ca->func_name ? ca->func_name : "?", (int)nl, spec, names);
        return CLI_USAGE;
    }
    if (ca->given[i]) {
        snprintf(err, err_len, "parameter '%s' is given twice", ca->params[i].name);
        return CLI_USAGE;
    }
    ca->given[i] = true;
    const tirvm_param_info *p = &ca->params[i];
    char dt[32];
    if (strcmp(value, "-") == 0) {
        snprintf(err, err_len, "%.*s=-: %s; give %.*s=%s", (int)nl, spec,
                 ca->module_from_stdin ? "standard input is already the module"
                                       : "arguments are not read from standard input",
                 (int)nl, spec, p->kind == TIRVM_PARAM_BUFFER ? "FILE.npy" : "NUMBER");
        return CLI_USAGE;
    }
    if (p->kind == TIRVM_PARAM_BUFFER) {
        struct stat st;
        if (is_number(value) && stat(value, &st) != 0) {
            snprintf(err, err_len, "parameter '%.*s' is a buffer (%s): give %.*s=FILE.npy, not a number", (int)nl,
                     spec, dtype_name(p->dtype, dt, sizeof dt), (int)nl, spec);
            return CLI_RUNTIME;
        }
        if (npy_read(value, &ca->arrays[i], err, err_len) != 0)
            return CLI_RUNTIME;
        const npy_array *a = &ca->arrays[i];
        if (p->dtype.lanes > 1 && (a->ndim < 1 || a->shape[a->ndim - 1] != p->dtype.lanes)) {
            tir_dtype elem = {p->dtype.code, p->dtype.bits, 1};
            char et[32];
            snprintf(err, err_len,
                     "parameter '%.*s' has %s elements: give a .npy of %s whose last dimension is its %u lanes "
                     "(%s has %d dimension%s%s)",
                     (int)nl, spec, dtype_name(p->dtype, dt, sizeof dt), tir_dtype_str(elem, et, sizeof et),
                     (unsigned)p->dtype.lanes, value, a->ndim, a->ndim == 1 ? "" : "s",
                     a->ndim ? ", the last not of that size" : "");
            return CLI_RUNTIME;
        }
        make_tensor(ca, i);
        return CLI_OK;
    }
    /* A scalar: an integer, a float, or True/False, of the parameter's type. */
    dtype_name(p->dtype, dt, sizeof dt);
    bool int_param = p->dtype.code == TIR_CODE_INT || p->dtype.code == TIR_CODE_UINT || p->dtype.code == KDLBOOL;
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
    if (*value && !*end && errno == ERANGE) {
        /* above INT64_MAX: a uint64 argument */
        errno = 0;
        unsigned long long uv = *value != '-' ? strtoull(value, &end, 0) : 0;
        if (*value != '-' && !*end && errno == 0) {
            ca->args[i].kind = TIRVM_ARG_UINT;
            ca->args[i].u = uv;
            return CLI_OK;
        }
        if (int_param) {
            snprintf(err, err_len, "argument '%.*s': %s does not fit in %s", (int)nl, spec, value, dt);
            return CLI_RUNTIME;
        }
    }
    errno = 0;
    double d = strtod(value, &end);
    if (*value && !*end && errno != EINVAL) {
        if (int_param) {
            snprintf(err, err_len, "argument '%.*s': %s is not %s %s", (int)nl, spec, value, article(dt), dt);
            return CLI_RUNTIME;
        }
        ca->args[i].kind = TIRVM_ARG_FLOAT;
        ca->args[i].f = d;
        return CLI_OK;
    }
    struct stat st;
    if (ends_with_npy(value) || (stat(value, &st) == 0 && S_ISREG(st.st_mode))) {
        snprintf(err, err_len, "parameter '%.*s' is a scalar (%s): give %.*s=NUMBER, not a file", (int)nl, spec, dt,
                 (int)nl, spec);
        return CLI_RUNTIME;
    }
    snprintf(err, err_len, "argument '%.*s': '%s' is not %s %s", (int)nl, spec, value, article(dt), dt);
    return CLI_RUNTIME;
}

/* A buffer parameter's type as a message shows it: float32[n, 256] (a
 * symbolic extent by its variable's name, ? when the module does not record
 * it). */
static void buffer_type(const tirvm_param_info *p, char *buf, size_t n)
{
    char dt[32];
    int w = snprintf(buf, n, "%s[", dtype_name(p->dtype, dt, sizeof dt));
    size_t len = w > 0 ? (size_t)w : 0;
    for (int k = 0; k < p->ndim && len < n; k++) {
        w = p->shape[k] >= 0 ? snprintf(buf + len, n - len, "%s%lld", k ? ", " : "", (long long)p->shape[k])
                             : snprintf(buf + len, n - len, "%s%s", k ? ", " : "",
                                        p->shape_name[k] ? p->shape_name[k] : "?");
        if (w < 0)
            break;
        len += (size_t)w;
    }
    if (len + 1 < n)
        snprintf(buf + len, n - len, "]");
}

/* Appends "; " and the formatted text to err, which holds len bytes. */
static void append_err(char *err, size_t err_len, size_t *len, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void append_err(char *err, size_t err_len, size_t *len, const char *fmt, ...)
{
    if (*len + 1 >= err_len)
        return;
    if (*len) {
        int w = snprintf(err + *len, err_len - *len, "; ");
        *len = w > 0 && (size_t)w < err_len - *len ? *len + (size_t)w : err_len - 1;
    }
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(err + *len, err_len - *len, fmt, ap);
    va_end(ap);
    *len = w > 0 && (size_t)w < err_len - *len ? *len + (size_t)w : err_len - 1;
}

int cli_args_finish(cli_args *ca, uint64_t max_memory, char *err, size_t err_len)
{
    ca->zero_bytes = 0;
    size_t len = 0;
    if (err_len)
        err[0] = 0;
    /* The inputs: every scalar, and every buffer the function never writes
     * (zero-filling it would run the function on zeros nobody asked for). */
    for (int i = 0; i < ca->nparams; i++) {
        if (ca->given[i])
            continue;
        const tirvm_param_info *p = &ca->params[i];
        const char *name = cli_args_user_name(ca, i);
        char type[400];
        if (p->kind == TIRVM_PARAM_SCALAR) {
            append_err(err, err_len, &len, "missing argument '%s' (%s): give %s=NUMBER", name,
                       dtype_name(p->dtype, type, sizeof type), name);
        } else if (!p->written) {
            buffer_type(p, type, sizeof type);
            append_err(err, err_len, &len, "missing input '%s' (%s): give %s=FILE.npy", name, type, name);
        }
    }
    if (len)
        return CLI_RUNTIME;
    /* The outputs not given: zero-filled, of the shape the arguments give them. */
    for (int i = 0; i < ca->nparams; i++) {
        if (ca->given[i])
            continue;
        const tirvm_param_info *p = &ca->params[i];
        const char *name = cli_args_user_name(ca, i);
        /* vector elements are a trailing dimension of lanes in the .npy */
        int lanes = p->dtype.lanes > 1 ? p->dtype.lanes : 1;
        if (p->ndim + (lanes > 1) > NPY_MAX_DIMS) {
            snprintf(err, err_len, "missing argument '%s': it has %d dimensions, more than a .npy file holds", name,
                     p->ndim);
            return CLI_RUNTIME;
        }
        int64_t shape[32];
        char why[600], type[400];
        if (tirvm_resolve_shape(ca->m, ca->func, ca->args, ca->nparams, i, shape, why, sizeof why) != TIRVM_OK) {
            /* The library names the dimension it could not determine. */
            unsigned k;
            const char *sym = NULL;
            if (sscanf(why, "dimension %u of", &k) == 1 && (int)k < p->ndim && p->shape[k] < 0)
                sym = p->shape_name[k];
            for (int j = 0; !sym && j < p->ndim; j++)
                if (p->shape[j] < 0)
                    sym = p->shape_name[j];
            buffer_type(p, type, sizeof type);
            if (strstr(why, "not determined"))
                snprintf(err, err_len,
                         "missing argument '%s': its shape %s depends on %s, which no given argument sets, so it "
                         "cannot be zero-filled; give %s=FILE.npy",
                         name, type, sym ? sym : "a symbolic variable", name);
            else
                snprintf(err, err_len, "missing argument '%s': it cannot be zero-filled (%s); give %s=FILE.npy",
                         name, why, name);
            return CLI_RUNTIME;
        }
        size_t count = (size_t)lanes;
        bool too_large = false;
        for (int k = 0; k < p->ndim; k++)
            too_large = too_large || shape[k] < 0 || __builtin_mul_overflow(count, (size_t)shape[k], &count);
        npy_array *a = &ca->arrays[i];
        memset(a, 0, sizeof *a);
        a->dtype = (tir_dtype){p->dtype.code == KDLBOOL ? TIR_CODE_UINT : p->dtype.code,
                               p->dtype.code == KDLBOOL ? 1 : p->dtype.bits, 1};
        a->ndim = p->ndim + (lanes > 1);
        for (int k = 0; k < p->ndim; k++)
            a->shape[k] = shape[k];
        if (lanes > 1)
            a->shape[p->ndim] = lanes;
        size_t es = tir_dtype_elem_size(a->dtype), bytes;
        if (too_large || __builtin_mul_overflow(count, es, &bytes)) {
            snprintf(err, err_len, "argument '%s' is too large", name);
            return CLI_RUNTIME;
        }
        /* The run's memory limit covers what is allocated on its behalf:
         * refused before the memory is allocated, let alone touched. */
        if (max_memory && (bytes > max_memory || ca->zero_bytes > max_memory - bytes)) {
            snprintf(err, err_len, "zero-filling '%s' (%zu bytes) for the run exceeds the memory limit of %llu bytes "
                     "(--max-memory)", name, bytes, (unsigned long long)max_memory);
            return CLI_RUNTIME;
        }
        ca->zero_bytes += bytes;
        a->nbytes = bytes;
        a->data = bytes ? calloc(1, bytes) : NULL;
        if (bytes && !a->data) {
            snprintf(err, err_len, "out of memory for argument '%s' (%zu bytes)", name, bytes);
            return CLI_RUNTIME;
        }
        make_tensor(ca, i);
        ca->given[i] = true;
        ca->zero_filled[i] = true;
    }
    return CLI_OK;
}
