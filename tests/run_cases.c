/* End-to-end case runner: each case is a TVMScript file whose header states
 * the arguments and the expected outcome, derived by hand from the
 * specification:
 *
 *   # case: floordiv rounds toward minus infinity
 *   # in A int32[6] = -7 7 -8 8 -1 0     buffer argument (values in C order)
 *   # in B int32[2, 3]                    zero-filled buffer argument
 *   # in n = 5                            scalar argument
 *   # out B = -4 3 -4 4 -1 0              expected buffer contents, exact
 *   # out C ~1e-6 = 0.5 nan inf           with |got-want| <= t + t*|want|
 *   # error compile: must have the same dtype
 *   # error run: division by zero
 *   # entry: name
 *   # threads: 4                          worker threads for parallel regions
 *   # return: 120                         the entry function's return value
 *
 * A case compiles the source, serialises and reloads the module (so the
 * writer, reader and verifier are on the path), calls the entry function and
 * checks the outcome.  A TVM JSON case, NAME.json, has no comments: its
 * header lines are in NAME.case beside it.
 * Usage: run_cases FILE-OR-DIR...; TAP output. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "halffloat.h"
#include "tirbc.h"
#include "tirvm.h"

#define MAX_ARGS 32
#define MAX_VALUES 4096

typedef struct {
    char name[64];
    bool is_buffer;
    tir_dtype dtype;
    int ndim;
    int64_t shape[8];
    double values[MAX_VALUES];
    int nvalues;
    double scalar;
} case_arg;

typedef struct {
    char name[64];
    double tol;
    double values[MAX_VALUES];
    int nvalues;
} case_out;

typedef struct {
    char title[256];
    char entry[64];
    case_arg in[MAX_ARGS];
    int nin;
    case_out out[MAX_ARGS];
    int nout;
    bool has_ret;
    double ret; /* "# return: V": the entry function's return value */
    char compile_error[256];
    char run_error[256];
    bool has_compile_error, has_run_error;
    int threads; /* 0: the default */
} test_case;

static int parse_values(const char *s, double *out, int max)
{
    int n = 0;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == ',')
            s++;
        if (!*s || *s == '\n')
            break;
        char *end;
        double v;
        if (strncmp(s, "nan", 3) == 0) {
            v = NAN;
            end = (char *)s + 3;
        } else if (strncmp(s, "-nan", 4) == 0) {
            v = -NAN;
            end = (char *)s + 4;
        } else if (strncmp(s, "inf", 3) == 0) {
            v = INFINITY;
            end = (char *)s + 3;
        } else if (strncmp(s, "-inf", 4) == 0) {
            v = -INFINITY;
            end = (char *)s + 4;
        } else {
            v = strtod(s, &end);
            if (end == s)
                return -1;
        }
        if (n >= max)
            return -1;
        out[n++] = v;
        s = end;
    }
    return n;
}

/* Copies src into dst (size n), truncating: header fields are short. */
static void copy_str(char *dst, size_t n, const char *src)
{
    size_t l = strlen(src);
    if (l >= n)
        l = n - 1;
    memcpy(dst, src, l);
    dst[l] = 0;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
        s[--n] = 0;
}

static bool parse_header(const char *src, test_case *tc, char *why, size_t why_len)
{
    memset(tc, 0, sizeof *tc);
    const char *p = src;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[8192];
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, p, len);
        line[len] = 0;
        trim(line);
        p = eol ? eol + 1 : p + len;
        if (strncmp(line, "# case: ", 8) == 0) {
            copy_str(tc->title, sizeof tc->title, line + 8);
        } else if (strncmp(line, "# return: ", 10) == 0) {
            tc->has_ret = parse_values(line + 10, &tc->ret, 1) == 1;
        } else if (strncmp(line, "# threads: ", 11) == 0) {
            tc->threads = atoi(line + 11);
        } else if (strncmp(line, "# entry: ", 9) == 0) {
            copy_str(tc->entry, sizeof tc->entry, line + 9);
        } else if (strncmp(line, "# error compile: ", 17) == 0) {
            tc->has_compile_error = true;
            copy_str(tc->compile_error, sizeof tc->compile_error, line + 17);
        } else if (strncmp(line, "# error run: ", 13) == 0) {
            tc->has_run_error = true;
            copy_str(tc->run_error, sizeof tc->run_error, line + 13);
        } else if (strncmp(line, "# in ", 5) == 0) {
            case_arg *a = &tc->in[tc->nin++];
            char *rest = line + 5, *eq = strchr(rest, '=');
            char head[256];
            size_t hl = eq ? (size_t)(eq - rest) : strlen(rest);
            if (hl >= sizeof head)
                hl = sizeof head - 1;
            memcpy(head, rest, hl);
            head[hl] = 0;
            trim(head);
            char *sp = strchr(head, ' ');
            if (!sp) {
                /* scalar: "# in n = 5" */
                copy_str(a->name, sizeof a->name, head);
                if (!eq || parse_values(eq + 1, &a->scalar, 1) != 1) {
                    snprintf(why, why_len, "bad scalar argument line: %s", line);
                    return false;
                }
                continue;
            }
            *sp = 0;
            copy_str(a->name, sizeof a->name, head);
            a->is_buffer = true;
            char *br = strchr(sp + 1, '[');
            if (!br || !tir_dtype_parse(sp + 1, (size_t)(br - (sp + 1)), &a->dtype)) {
                snprintf(why, why_len, "bad buffer argument line: %s", line);
                return false;
            }
            char *q = br + 1;
            while (*q && *q != ']') {
                if (a->ndim >= 8) {
                    snprintf(why, why_len, "too many dimensions: %s", line);
                    return false;
                }
                a->shape[a->ndim++] = strtoll(q, &q, 10);
                while (*q == ',' || *q == ' ')
                    q++;
            }
            if (eq && (a->nvalues = parse_values(eq + 1, a->values, MAX_VALUES)) < 0) {
                snprintf(why, why_len, "bad values: %s", line);
                return false;
            }
        } else if (strncmp(line, "# out ", 6) == 0) {
            case_out *o = &tc->out[tc->nout++];
            char *rest = line + 6, *eq = strchr(rest, '=');
            if (!eq) {
                snprintf(why, why_len, "bad output line: %s", line);
                return false;
            }
            char *sp = strpbrk(rest, " =");
            snprintf(o->name, sizeof o->name, "%.*s", (int)(sp - rest), rest);
            char *tilde = strchr(rest, '~');
            if (tilde && tilde < eq)
                o->tol = strtod(tilde + 1, NULL);
            if ((o->nvalues = parse_values(eq + 1, o->values, MAX_VALUES)) < 0) {
                snprintf(why, why_len, "bad values: %s", line);
                return false;
            }
        }
    }
    if (tc->nin > MAX_ARGS || tc->nout > MAX_ARGS) {
        snprintf(why, why_len, "too many arguments");
        return false;
    }
    return true;
}

static void store_value(void *data, tir_dtype dt, int64_t i, double v)
{
    uint8_t *p = (uint8_t *)data + i * (int64_t)tir_dtype_elem_size(dt);
    switch (tir_dtype_vtype(dt)) {
    case TIR_VT_BOOL: *p = v != 0; break;
    case TIR_VT_I8: { int8_t x = (int8_t)v; memcpy(p, &x, 1); break; }
    case TIR_VT_I16: { int16_t x = (int16_t)v; memcpy(p, &x, 2); break; }
    case TIR_VT_I32: { int32_t x = (int32_t)v; memcpy(p, &x, 4); break; }
    case TIR_VT_I64: { int64_t x = (int64_t)v; memcpy(p, &x, 8); break; }
    case TIR_VT_U8: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); break; }
    case TIR_VT_U16: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case TIR_VT_U32: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    case TIR_VT_U64: { uint64_t x = (uint64_t)v; memcpy(p, &x, 8); break; }
    case TIR_VT_F32: { float x = (float)v; memcpy(p, &x, 4); break; }
    case TIR_VT_F64: memcpy(p, &v, 8); break;
    case TIR_VT_F16: { uint16_t x = tir_f16_from_f64(v); memcpy(p, &x, 2); break; }
    case TIR_VT_BF16: { uint16_t x = tir_bf16_from_f64(v); memcpy(p, &x, 2); break; }
    default: break;
    }
}

static double load_value(const void *data, tir_dtype dt, int64_t i)
{
    const uint8_t *p = (const uint8_t *)data + i * (int64_t)tir_dtype_elem_size(dt);
    switch (tir_dtype_vtype(dt)) {
    case TIR_VT_BOOL: return *p != 0;
    case TIR_VT_I8: { int8_t x; memcpy(&x, p, 1); return x; }
    case TIR_VT_I16: { int16_t x; memcpy(&x, p, 2); return x; }
    case TIR_VT_I32: { int32_t x; memcpy(&x, p, 4); return x; }
    case TIR_VT_I64: { int64_t x; memcpy(&x, p, 8); return (double)x; }
    case TIR_VT_U8: return *p;
    case TIR_VT_U16: { uint16_t x; memcpy(&x, p, 2); return x; }
    case TIR_VT_U32: { uint32_t x; memcpy(&x, p, 4); return x; }
    case TIR_VT_U64: { uint64_t x; memcpy(&x, p, 8); return (double)x; }
    case TIR_VT_F32: { float x; memcpy(&x, p, 4); return x; }
    case TIR_VT_F64: { double x; memcpy(&x, p, 8); return x; }
    case TIR_VT_F16: { uint16_t x; memcpy(&x, p, 2); return tir_f16_to_f32(x); }
    case TIR_VT_BF16: { uint16_t x; memcpy(&x, p, 2); return tir_bf16_to_f32(x); }
    default: return NAN;
    }
}

static bool same(double got, double want, double tol)
{
    if (isnan(want))
        return isnan(got);
    if (isinf(want))
        return got == want;
    return fabs(got - want) <= tol + tol * fabs(want);
}

/* Runs one case; returns true if it passed, with the reason in why otherwise. */
static bool run_case(const char *path, const char *header, const char *src, size_t len, char *why, size_t why_len)
{
    test_case *tc = calloc(1, sizeof *tc);
    bool ok = false;
    tirvm_module *vm = NULL;
    uint8_t *bytes = NULL;
    void *data[MAX_ARGS] = {0};
    DLTensor tensors[MAX_ARGS];
    tir_compile_result res = {0};
    if (!tc || !parse_header(header, tc, why, why_len))
        goto done;
    tir_compile(path, src, len, NULL, &res);
    if (tc->has_compile_error) {
        if (!res.diagnostics || !strstr(res.diagnostics, tc->compile_error))
            snprintf(why, why_len, "expected compile error containing \"%s\", got: %s", tc->compile_error,
                     res.diagnostics ? res.diagnostics : "(compiled fine)");
        else
            ok = true;
        goto done;
    }
    if (!res.module) {
        snprintf(why, why_len, "compile failed: %s", res.diagnostics ? res.diagnostics : "?");
        goto done;
    }
    size_t nbytes;
    char err[1024];
    if (tirbc_write(res.module, &bytes, &nbytes, err, sizeof err) != 0) {
        snprintf(why, why_len, "write failed: %s", err);
        goto done;
    }
    if (tirvm_module_load(bytes, nbytes, &vm, err, sizeof err) != TIRVM_OK) {
        snprintf(why, why_len, "reload failed: %s", err);
        goto done;
    }
    if (tc->threads && tirvm_module_set_threads(vm, tc->threads) != TIRVM_OK) {
        snprintf(why, why_len, "bad thread count %d", tc->threads);
        goto done;
    }
    int func = tirvm_find_function(vm, tc->entry[0] ? tc->entry : "main");
    if (func < 0 && !tc->entry[0] && tirvm_function_count(vm) == 1)
        func = 0;
    if (func < 0) {
        snprintf(why, why_len, "no entry function");
        goto done;
    }
    int np = tirvm_param_count(vm, func);
    tirvm_arg args[MAX_ARGS];
    int arg_of_param[MAX_ARGS];
    if (np > MAX_ARGS) {
        snprintf(why, why_len, "too many parameters");
        goto done;
    }
    for (int i = 0; i < np; i++) {
        tirvm_param_info p;
        tirvm_param(vm, func, i, &p);
        int k;
        for (k = 0; k < tc->nin; k++)
            if (strcmp(tc->in[k].name, p.name) == 0 || (p.alias && strcmp(tc->in[k].name, p.alias) == 0))
                break;
        if (k == tc->nin) {
            snprintf(why, why_len, "no '# in' line for parameter '%s'", p.name);
            goto done;
        }
        arg_of_param[i] = k;
        case_arg *a = &tc->in[k];
        if (!a->is_buffer) {
            bool is_float = p.dtype.code == TIR_CODE_FLOAT;
            args[i].kind = is_float ? TIRVM_ARG_FLOAT : TIRVM_ARG_INT;
            args[i].f = a->scalar;
            args[i].i = (int64_t)a->scalar;
            continue;
        }
        int64_t count = 1;
        for (int d = 0; d < a->ndim; d++)
            count *= a->shape[d];
        if (a->nvalues && a->nvalues != count) {
            snprintf(why, why_len, "argument '%s' has %d values for %lld elements", a->name, a->nvalues, (long long)count);
            goto done;
        }
        data[k] = calloc((size_t)(count ? count : 1), tir_dtype_elem_size(a->dtype));
        for (int64_t e = 0; e < a->nvalues; e++)
            store_value(data[k], a->dtype, e, a->values[e]);
        DLTensor *t = &tensors[k];
        memset(t, 0, sizeof *t);
        t->data = data[k];
        t->device.device_type = kDLCPU;
        t->ndim = a->ndim;
        t->dtype.code = a->dtype.code;
        t->dtype.bits = a->dtype.bits;
        t->dtype.lanes = 1;
        t->shape = a->shape;
        args[i].kind = TIRVM_ARG_TENSOR;
        args[i].tensor = t;
    }
    (void)arg_of_param;
    tirvm_value rv;
    tirvm_status st = tirvm_call_ret(vm, func, args, np, &rv, err, sizeof err);
    if (tc->has_run_error) {
        if (st == TIRVM_OK)
            snprintf(why, why_len, "expected runtime error containing \"%s\", but the call succeeded", tc->run_error);
        else if (!strstr(err, tc->run_error))
            snprintf(why, why_len, "expected runtime error containing \"%s\", got: %s", tc->run_error, err);
        else
            ok = true;
        goto done;
    }
    if (st != TIRVM_OK) {
        snprintf(why, why_len, "runtime error: %s", err);
        goto done;
    }
    if (tc->has_ret) {
        double got = rv.dtype.code == TIR_CODE_FLOAT || rv.dtype.code == TIR_CODE_BFLOAT ? rv.f : (double)rv.i;
        if (!rv.has_value || !same(got, tc->ret, 0)) {
            snprintf(why, why_len, "returned %.17g (has value: %d), expected %.17g", got, rv.has_value, tc->ret);
            goto done;
        }
    }
    for (int o = 0; o < tc->nout; o++) {
        case_out *out = &tc->out[o];
        int k;
        for (k = 0; k < tc->nin; k++)
            if (strcmp(tc->in[k].name, out->name) == 0)
                break;
        if (k == tc->nin || !tc->in[k].is_buffer) {
            snprintf(why, why_len, "'# out %s' names no buffer argument", out->name);
            goto done;
        }
        case_arg *a = &tc->in[k];
        int64_t count = 1;
        for (int d = 0; d < a->ndim; d++)
            count *= a->shape[d];
        if (out->nvalues != count) {
            snprintf(why, why_len, "'# out %s' has %d values for %lld elements", out->name, out->nvalues, (long long)count);
            goto done;
        }
        for (int64_t e = 0; e < count; e++) {
            double got = load_value(data[k], a->dtype, e);
            if (!same(got, out->values[e], out->tol)) {
                snprintf(why, why_len, "%s[%lld] is %.17g, expected %.17g", out->name, (long long)e, got, out->values[e]);
                goto done;
            }
        }
    }
    ok = true;
done:
    for (int k = 0; k < MAX_ARGS; k++)
        free(data[k]);
    free(bytes);
    tirvm_module_free(vm);
    tirbc_module_free(res.module);
    free(res.diagnostics);
    free(tc);
    return ok;
}

static int ncases, nfailed;

/* The whole file as a NUL-terminated string, or NULL. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *src = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (src = malloc((size_t)n + 1))) {
            *len = fread(src, 1, (size_t)n, f);
            src[*len] = 0;
        }
    }
    fclose(f);
    return src;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static void run_file(const char *path)
{
    char why[4096] = "";
    bool ok = false;
    size_t len = 0, hlen = 0;
    char *src = slurp(path, &len), *header = src;
    if (src && ends_with(path, ".json")) {
        char side[4096];
        snprintf(side, sizeof side, "%.*s.case", (int)(strlen(path) - 5), path);
        header = slurp(side, &hlen);
        if (!header)
            snprintf(why, sizeof why, "cannot open %.1000s (the JSON case's header)", side);
    }
    if (!src)
        snprintf(why, sizeof why, "cannot open");
    else if (header)
        ok = run_case(path, header, src, len, why, sizeof why);
    if (header != src)
        free(header);
    free(src);
    ncases++;
    const char *base = strrchr(path, '/');
    if (ok) {
        printf("ok %d - %s\n", ncases, base ? base + 1 : path);
    } else {
        nfailed++;
        printf("not ok %d - %s\n", ncases, base ? base + 1 : path);
        for (char *line = strtok(why, "\n"); line; line = strtok(NULL, "\n"))
            printf("#   %s\n", line);
    }
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        DIR *d = opendir(argv[i]);
        if (!d) {
            run_file(argv[i]);
            continue;
        }
        char **names = NULL;
        size_t n = 0;
        struct dirent *e;
        while ((e = readdir(d))) {
            if (ends_with(e->d_name, ".py") || ends_with(e->d_name, ".json")) {
                names = realloc(names, (n + 1) * sizeof *names);
                size_t pl = strlen(argv[i]) + strlen(e->d_name) + 2;
                names[n] = malloc(pl);
                snprintf(names[n], pl, "%s/%s", argv[i], e->d_name);
                n++;
            }
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmp_str);
        for (size_t k = 0; k < n; k++) {
            run_file(names[k]);
            free(names[k]);
        }
        free(names);
    }
    /* Finding no case is an error: a wrong path must not pass as "all passed". */
    if (!ncases) {
        printf("not ok 1 - no cases found in the paths given\n1..1\n");
        return 1;
    }
    printf("1..%d\n", ncases);
    return nfailed ? 1 : 0;
}
