/* tirvm: run, list, verify and describe .tirbc modules (CLI contract). */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "count.h"
#include "files.h"
#include "npy.h"
#include "serve.h"
#include "npz.h"
#include "tirvm.h"

static const char usage[] =
    "usage: tirvm run MODULE.tirbc [--entry NAME] [--threads N] [--max-steps N] [--max-memory BYTES]\n"
    "                 [--timeout SECONDS] [--profile] [--params FILE.npz] [ARG ...]\n"
    "                 [--out NAME=FILE.npy ...]\n"
    "       tirvm dis [--unverified] MODULE.tirbc   readable listing of every function's\n"
    "                                   bytecode (--unverified: of a module that decodes but\n"
    "                                   may fail verification)\n"
    "       tirvm verify MODULE.tirbc   load and verify only; exit 0 if the module is valid\n"
    "       tirvm info MODULE.tirbc     functions, parameters with dtypes and shapes, sizes\n"
    "       tirvm asm FILE.tirasm [-o MODULE.tirbc]   assemble a listing (the text dis\n"
    "                                   prints) into a module, without verifying it\n"
    "       tirvm serve (--model-repository DIR | --model NAME=FILE.tirbc[:PARAMS.npz] ...)\n"
    "                   [OPTION ...]\n"
    "                                   serve modules over HTTP with the KServe Open Inference\n"
    "                                   Protocol (V2); tirvm serve --help lists its options\n"
    "       tirvm --help | --version\n"
    "\n"
    "MODULE.tirbc '-' reads the module from standard input.\n"
    "ARG is NAME=FILE.npy for a buffer parameter or NAME=NUMBER for a scalar one;\n"
    "NAME is the parameter's name in the signature or the name of its buffer.\n"
    "Every scalar and every buffer the function only reads must be given.  A\n"
    "buffer the function writes that is not given starts zero-filled, with its\n"
    "constant shape or the one the given arguments bind its variables to; if no\n"
    "--out names it, a note on stderr says how to keep what the run computed.\n"
    "--profile prints, after the run, each function it called (a model's kernels)\n"
    "with its total time (recursive runs counted once) and self time (less the\n"
    "functions it called), wall-clock on the calling thread with shares of the\n"
    "run, and the CPU time parallel loops' workers spent in it; then the time\n"
    "spent outside the calls.\n"
    "--params FILE.npz gives the buffers its arrays name (a model's detached\n"
    "weights p_0, p_1, ..., as np.savez saves TVM's params).\n"
    "--entry NAME picks the function to run (default: main, or the only one).\n"
    "--out NAME=FILE.npy writes that buffer after a successful run (its directory\n"
    "is checked before the run); FILE '-' writes the .npy to standard output.\n"
    "--threads N (default: $TIRVM_NUM_THREADS, else the online CPUs) sets the\n"
    "worker threads for parallel loops.\n"
    "--max-steps N bounds the loop iterations and calls of the run; --max-memory\n"
    "BYTES (suffix K, M or G) bounds the memory its allocations hold.  Both are\n"
    "for running untrusted modules; exceeding one is a runtime error.\n"
    "--timeout SECONDS (decimals allowed) cancels the run once it has run that\n"
    "long, a runtime error.\n"
    "\n"
    "asm's default output is FILE with its extension replaced by .tirbc; FILE '-'\n"
    "reads standard input (then -o is required); -o - writes standard output.\n"
    "\n"
    "Exit status: 0 success; 1 bad input or runtime error (a .npy file missing,\n"
    "unreadable or not matching its parameter, a missing input or scalar, a\n"
    "scalar value not of its parameter's type, a failed assertion, integer\n"
    "division by zero, an out-of-bounds access, a limit exceeded, the timeout\n"
    "passed), or for asm a syntax error in the listing (FILE:LINE:COL: error:\n"
    "MESSAGE); 2 usage error (unknown command, option or parameter name, bad\n"
    "option value, unreadable MODULE, an --out FILE that cannot be written);\n"
    "3 the module is not a valid .tirbc (TVMScript or TVM JSON given instead:\n"
    "compile it with tirc first).\n"
    "Errors are reported as tirvm: error: MESSAGE.\n";

static int usage_error(const char *msg)
{
    cli_message("tirvm", "error", "%s", msg);
    fprintf(stderr, "Try 'tirvm --help' for more information.\n");
    return CLI_USAGE;
}

/* The module's name in messages: standard input shows as <stdin>. */
static const char *display_name(const char *path) { return strcmp(path, "-") == 0 ? "<stdin>" : path; }

/* Does the line at s (up to end) start with prefix? */
static bool line_starts(const char *s, const char *end, const char *prefix)
{
    size_t n = strlen(prefix);
    return (size_t)(end - s) >= n && memcmp(s, prefix, n) == 0;
}

/* What a file that is not a .tirbc module is, when it is a source tirc
 * compiles: "TVMScript" or "TVM JSON" from how its first bytes (head, n)
 * start or, failing that, from its name; else NULL. */
static const char *source_kind(const char *path, const char *head, size_t n)
{
    const char *s = head, *end = head + n;
    if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
        s += 3;
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
        s++;
    if (s < end && *s == '{')
        return "TVM JSON";
    static const char *const starts[] = {"from tvm", "import tvm", "@T.prim_func", "@I.ir_module", "@tvm.script",
                                         "# from tvm", "#from tvm", "# import tvm"};
    for (const char *line = s; line < end;) {
        const char *eol = memchr(line, '\n', (size_t)(end - line));
        if (!eol)
            eol = end;
        const char *t = line;
        while (t < eol && (*t == ' ' || *t == '\t'))
            t++;
        for (size_t k = 0; k < sizeof starts / sizeof *starts; k++)
            if (line_starts(t, eol, starts[k]))
                return "TVMScript";
        line = eol + 1;
    }
    size_t len = strlen(path);
    if (len > 3 && strcmp(path + len - 3, ".py") == 0)
        return "TVMScript";
    if (len > 5 && strcmp(path + len - 5, ".json") == 0)
        return "TVM JSON";
    return NULL;
}

/* When the file at path (whose first bytes are head, n) is TVMScript or TVM
 * JSON rather than a module, says so with the tirc command that compiles
 * it, and returns true. */
static bool report_source(const char *path, const char *head, size_t n)
{
    const char *kind = source_kind(path, head, n);
    if (!kind)
        return false;
    char *out = strcmp(path, "-") == 0 ? NULL : cli_default_output(path, ".tirbc");
    if (out && strcmp(out, path) == 0) { /* never suggest writing over the source */
        free(out);
        out = NULL;
    }
    cli_message("tirvm", "error", "%s is %s, not a .tirbc module: compile it with tirc first (tirc %s -o %s)",
                display_name(path), kind, path, out ? out : "MODULE.tirbc");
    free(out);
    return true;
}

/* The first bytes of the file at path, for source_kind; 0 when unreadable. */
static size_t read_head(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t got = fread(buf, 1, n, f);
    fclose(f);
    return got;
}

/* Loads and verifies the module at path ("-": standard input); *size gets
 * its size in bytes when size is not NULL.  TVMScript or TVM JSON given in
 * place of a module is named as such, with the tirc command that compiles
 * it. */
static int load_into(tirvm_runtime *rt, const char *path, tirvm_module **m, long *size)
{
    char err[700];
    char head[4096];
    size_t nhead = 0;
    tirvm_status st;
    bool from_stdin = strcmp(path, "-") == 0;
    if (from_stdin) {
        size_t len = 0;
        char *bytes = cli_read_input("tirvm", path, &len);
        if (!bytes)
            return CLI_USAGE;
        char inner[600];
        st = tirvm_runtime_load(rt, bytes, len, m, inner, sizeof inner);
        nhead = len < sizeof head ? len : sizeof head;
        memcpy(head, bytes, nhead);
        free(bytes);
        if (st != TIRVM_OK)
            snprintf(err, sizeof err, "<stdin>: %s", inner);
        if (size)
            *size = (long)len;
    } else {
        st = tirvm_runtime_load_file(rt, path, m, err, sizeof err);
        struct stat sb;
        if (size)
            *size = stat(path, &sb) == 0 ? (long)sb.st_size : -1;
        if (st == TIRVM_ERR_MODULE)
            nhead = read_head(path, head, sizeof head);
    }
    if (st == TIRVM_OK)
        return CLI_OK;
    if (st == TIRVM_ERR_MODULE && strstr(err, "bad magic") && report_source(path, head, nhead))
        return CLI_MODULE;
    cli_message("tirvm", "error", "%s", err);
    return st == TIRVM_ERR_MODULE ? CLI_MODULE : st == TIRVM_ERR_USAGE ? CLI_USAGE : CLI_RUNTIME;
}

static int load(const char *path, tirvm_module **m, long *size) { return load_into(NULL, path, m, size); }

static const char *dtn(DLDataType t, char *buf, size_t n) { return tirvm_dtype_name(t, buf, n); }

/* A buffer's dtype and shape: float32[n, 256] (a symbolic extent by its
 * variable's name, ? when the module does not carry the name). */
static void put_buffer_type(FILE *f, const tirvm_param_info *p)
{
    char dt[32];
    fprintf(f, "%s[", dtn(p->dtype, dt, sizeof dt));
    for (int k = 0; k < p->ndim; k++) {
        if (k)
            fputs(", ", f);
        if (p->shape[k] >= 0)
            fprintf(f, "%lld", (long long)p->shape[k]);
        else if (p->shape_name[k])
            cli_put_name(f, p->shape_name[k]);
        else
            fputc('?', f);
    }
    fputc(']', f);
}

static int cmd_info(const char *path)
{
    tirvm_module *m;
    long size = -1;
    int st = load(path, &m, &size);
    if (st)
        return st;
    fputs("module ", stdout);
    cli_put_escaped(stdout, display_name(path), false);
    printf(": %ld bytes, %d function%s\n", size, tirvm_function_count(m), tirvm_function_count(m) == 1 ? "" : "s");
    for (int fi = 0; fi < tirvm_function_count(m); fi++) {
        fputs("function ", stdout);
        cli_put_name(stdout, tirvm_function_name(m, fi));
        DLDataType rtype;
        char rt[32];
        if (tirvm_function_return_type(m, fi, &rtype) == TIRVM_OK && rtype.bits != 0)
            printf(" -> %s", dtn(rtype, rt, sizeof rt));
        fputc('\n', stdout);
        for (int i = 0; i < tirvm_param_count(m, fi); i++) {
            tirvm_param_info p;
            char dt[32];
            tirvm_param(m, fi, i, &p);
            fputs("  ", stdout);
            cli_put_name(stdout, p.name);
            if (p.alias) {
                fputs(" (buffer ", stdout);
                cli_put_name(stdout, p.alias);
                fputc(')', stdout);
            }
            if (p.kind == TIRVM_PARAM_SCALAR) {
                printf(": %s\n", dtn(p.dtype, dt, sizeof dt));
                continue;
            }
            fputs(": buffer ", stdout);
            put_buffer_type(stdout, &p);
            fputc('\n', stdout);
        }
    }
    tirvm_module_free(m);
    return CLI_OK;
}

static int cmd_dis(const char *path)
{
    tirvm_module *m;
    int st = load(path, &m, NULL);
    if (st)
        return st;
    char *text = tirvm_disassemble(m);
    if (text)
        fputs(text, stdout);
    else
        cli_message("tirvm", "error", "out of memory");
    free(text);
    tirvm_module_free(m);
    return text ? CLI_OK : CLI_RUNTIME;
}

static int cmd_verify(const char *path)
{
    tirvm_module *m;
    int st = load(path, &m, NULL);
    if (st)
        return st;
    cli_put_escaped(stdout, display_name(path), false);
    printf(": valid .tirbc module\n");
    tirvm_module_free(m);
    return CLI_OK;
}

/* tirvm dis --unverified: the listing of a module that decodes but may fail
 * verification (the listing never trusts the module), e.g. to edit a
 * rejected file with tirvm asm. */
static int cmd_dis_unverified(const char *path)
{
    size_t len = 0;
    char *bytes = cli_read_input("tirvm", path, &len);
    if (!bytes)
        return CLI_USAGE;
    char err[600] = "";
    int status = CLI_OK;
    char *text = tirvm_disassemble_bytes(bytes, len, err, sizeof err);
    if (text) {
        fputs(text, stdout);
    } else if (strcmp(err, "out of memory") == 0) {
        cli_message("tirvm", "error", "out of memory");
        status = CLI_RUNTIME;
    } else {
        if (!strstr(err, "bad magic") || !report_source(path, bytes, len < 4096 ? len : 4096))
            cli_message("tirvm", "error", "%s: %s", display_name(path), err);
        status = CLI_MODULE;
    }
    tirvm_free(text);
    free(bytes);
    return status;
}

/* A positive count, with a K/M/G (binary) suffix when bytes are allowed. */
static bool parse_count(const char *s, bool bytes, uint64_t *out)
{
    return tir_parse_count(s, bytes, UINT64_MAX, out) && *out != 0;
}

/* A positive number of seconds, decimals allowed ("2", "0.5", "1e-3"), as
 * nanoseconds (at least 1; past what uint64 holds, the most it holds). */
static bool parse_seconds(const char *s, uint64_t *ns)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !isfinite(v) || !(v > 0))
        return false;
    double t = v * 1e9;
    *ns = t >= 18446744073709551615.0 ? UINT64_MAX : t < 1 ? 1 : (uint64_t)t;
    return true;
}

/* The module's functions, for a message: "main, f, g" (the first 32). */
static void list_functions(const tirvm_module *m, char *buf, size_t n)
{
    size_t len = 0;
    int count = tirvm_function_count(m);
    buf[0] = 0;
    for (int i = 0; i < count && len < n; i++) {
        int w = i == 32 ? snprintf(buf + len, n - len, ", ... (%d in all)", count)
                        : snprintf(buf + len, n - len, "%s%s", i ? ", " : "", tirvm_function_name(m, i));
        if (w < 0 || i == 32)
            break;
        len += (size_t)w;
    }
}

/* A returned float: %.*g, with NaN as nan and infinities as inf / -inf
 * whatever the C library would print (-nan for a NaN with its sign set). */
static void print_float(double v, int digits)
{
    if (isnan(v))
        printf("nan\n");
    else if (isinf(v))
        printf("%s\n", v > 0 ? "inf" : "-inf");
    else
        printf("%.*g\n", digits, v);
}

/* TIRVM_NUM_THREADS, when set and not empty: a count from 1 to
 * TIRVM_MAX_THREADS, else a usage error (the library would ignore it). */
static int threads_from_env(long *threads)
{
    const char *env = getenv("TIRVM_NUM_THREADS");
    if (!env || !*env)
        return CLI_OK;
    char *end;
    errno = 0;
    long n = strtol(env, &end, 10);
    if (*end || errno || n < 1 || n > TIRVM_MAX_THREADS) {
        char msg[200];
        snprintf(msg, sizeof msg, "TIRVM_NUM_THREADS must be a number from 1 to %d, got '%.64s'", TIRVM_MAX_THREADS,
                 env);
        return usage_error(msg);
    }
    *threads = n;
    return CLI_OK;
}

static int by_time(const void *x, const void *y)
{
    const tirvm_profile_entry *const *a = x, *const *b = y;
    if ((*a)->total_ns != (*b)->total_ns)
        return ((*a)->total_ns < (*b)->total_ns) - ((*a)->total_ns > (*b)->total_ns);
    return ((*a)->self_ns < (*b)->self_ns) - ((*a)->self_ns > (*b)->self_ns);
}

static void profile_row(const char *name, const tirvm_profile_entry *e, double whole)
{
    fprintf(stderr, "  %-40.40s %7llu %10.3f %6.1f%% %10.3f %6.1f%% %10.3f\n", name, (unsigned long long)e->calls,
            (double)e->total_ns / 1e6, 100.0 * (double)e->total_ns / whole, (double)e->self_ns / 1e6,
            100.0 * (double)e->self_ns / whole, (double)e->worker_ns / 1e6);
}

/* tirvm run --profile: each function the run ran (a model's kernels), its
 * runs, total and self time and their shares of the run, slowest first, as
 * TVM's vm.profile() and perf report; then the entry function's own time
 * (a model's orchestration).  Total and self are wall-clock time on the
 * calling thread, so no share passes 100%; pool workers' CPU time is a
 * column apart (tirvm_profile_entry). */
static void print_profile(const tirvm_module *m, int func, tirvm_profile_entry *prof)
{
    int n = tirvm_function_count(m);
    const tirvm_profile_entry **rows = calloc((size_t)n, sizeof *rows);
    if (!rows)
        return;
    int nrows = 0;
    uint64_t calls = 0, workers = 0;
    for (int i = 0; i < n; i++) {
        workers += prof[i].worker_ns;
        if (i != func && prof[i].calls) {
            rows[nrows++] = &prof[i];
            calls += prof[i].calls;
        }
    }
    qsort(rows, (size_t)nrows, sizeof *rows, by_time);
    uint64_t total = prof[func].total_ns;
    double whole = total ? (double)total : 1.0;
    fprintf(stderr, "profile of %s: %.3f ms wall-clock", tirvm_function_name(m, func), (double)total / 1e6);
    if (workers)
        fprintf(stderr, ", and %.3f ms CPU time on the pool's workers", (double)workers / 1e6);
    fprintf(stderr, "\n  total: wall-clock time on the calling thread while the function ran, its recursive runs counted once;\n"
                    "  self: that time less the functions it called; shares are of the run's wall-clock time;\n"
                    "  workers: CPU time the pool's other threads spent in the function's own code (parallel loops)\n");
    fprintf(stderr, "  %-40s %7s %10s %7s %10s %7s %10s\n", "function", "calls", "total ms", "share", "self ms", "share",
            "workers ms");
    for (int k = 0; k < nrows; k++)
        profile_row(tirvm_function_name(m, (int)(rows[k] - prof)), rows[k], whole);
    if (nrows) {
        /* the entry function's self time: its own code, around the calls */
        tirvm_profile_entry outside = prof[func];
        outside.calls = calls;
        outside.total_ns = outside.self_ns;
        profile_row("(outside the calls)", &outside, whole);
        fprintf(stderr, "  %.2f us per call outside the calls\n", calls ? (double)outside.self_ns / 1e3 / (double)calls : 0.0);
    }
    free(rows);
}

static int cmd_run(int argc, char **argv)
{
    const char *path = NULL, *entry = NULL, *params_path = NULL;
    const char **outs = calloc((size_t)argc + 1, sizeof *outs);
    const char **specs = calloc((size_t)argc + 1, sizeof *specs);
    int *out_param = calloc((size_t)argc + 1, sizeof *out_param);
    int nouts = 0, nspecs = 0, status = CLI_OK;
    long threads = 0;
    bool profile = false;
    uint64_t max_steps = 0, max_memory = 0, timeout_ns = 0;
    tirvm_module *m = NULL;
    tirvm_runtime *rt = NULL;
    cli_args ca;
    memset(&ca, 0, sizeof ca);
    char err[1400];
    if (!outs || !specs || !out_param) {
        cli_message("tirvm", "error", "out of memory");
        status = CLI_RUNTIME;
        goto done;
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--max-steps") == 0 || strcmp(a, "--max-memory") == 0) {
            if (i + 1 >= argc || !parse_count(argv[i + 1], a[6] == 'm', a[6] == 's' ? &max_steps : &max_memory)) {
                snprintf(err, sizeof err, "%s needs a positive number%s", a, a[6] == 'm' ? " of bytes (K, M, G allowed)" : "");
                status = usage_error(err);
                goto done;
            }
            i++;
            continue;
        }
        if (strcmp(a, "--timeout") == 0) {
            if (i + 1 >= argc || !parse_seconds(argv[i + 1], &timeout_ns)) {
                if (i + 1 < argc)
                    snprintf(err, sizeof err, "--timeout needs a positive number of seconds (decimals allowed), "
                                              "got '%.64s'", argv[i + 1]);
                else
                    snprintf(err, sizeof err, "--timeout needs a positive number of seconds (decimals allowed)");
                status = usage_error(err);
                goto done;
            }
            i++;
            continue;
        }
        if (strcmp(a, "--profile") == 0) {
            profile = true;
            continue;
        }
        if (strcmp(a, "--params") == 0) {
            if (i + 1 >= argc || params_path) {
                status = usage_error(params_path ? "--params given twice" : "--params needs a .npz file");
                goto done;
            }
            params_path = argv[++i];
            continue;
        }
        if (strcmp(a, "--entry") == 0 || strcmp(a, "--threads") == 0 || strcmp(a, "--out") == 0) {
            if (i + 1 >= argc) {
                snprintf(err, sizeof err, "%s needs a value", a);
                status = usage_error(err);
                goto done;
            }
            const char *v = argv[++i];
            if (a[2] == 'e')
                entry = v;
            else if (a[2] == 'o')
                outs[nouts++] = v;
            else {
                char *end;
                errno = 0;
                threads = strtol(v, &end, 10);
                if (!*v || *end || errno || threads < 1 || threads > TIRVM_MAX_THREADS) {
                    snprintf(err, sizeof err, "--threads needs a number from 1 to %d, got '%.64s'", TIRVM_MAX_THREADS, v);
                    status = usage_error(err);
                    goto done;
                }
            }
        } else if (a[0] == '-' && a[1] == '-') {
            snprintf(err, sizeof err, "unknown option '%.200s'", a);
            status = usage_error(err);
            goto done;
        } else if (!path) {
            path = a;
        } else {
            specs[nspecs++] = a;
        }
    }
    if (!path) {
        status = usage_error("run needs a MODULE.tirbc");
        goto done;
    }
    if (!threads && (status = threads_from_env(&threads)))
        goto done;
    tirvm_runtime_options ro = {(int)threads, 0, 0};
    if (tirvm_runtime_new(&ro, &rt, err, sizeof err) != TIRVM_OK) {
        cli_message("tirvm", "error", "%s", err);
        status = CLI_RUNTIME;
        goto done;
    }
    if ((status = load_into(rt, path, &m, NULL)))
        goto done;
    int func;
    char names[800];
    if (entry) {
        func = tirvm_find_function(m, entry);
        if (func < 0) {
            list_functions(m, names, sizeof names);
            snprintf(err, sizeof err, "the module has no function '%.200s' (its functions: %s)", entry, names);
            status = usage_error(err);
            goto done;
        }
    } else {
        func = tirvm_find_function(m, "main");
        if (func < 0 && tirvm_function_count(m) == 1)
            func = 0;
        if (func < 0) {
            list_functions(m, names, sizeof names);
            snprintf(err, sizeof err, "the module has several functions and none is 'main': pick one with --entry "
                                      "(its functions: %s)", names);
            status = usage_error(err);
            goto done;
        }
    }
    if ((status = cli_args_init(&ca, m, func))) {
        cli_message("tirvm", "error", "out of memory");
        goto done;
    }
    ca.module_from_stdin = strcmp(path, "-") == 0;
    for (int i = 0; i < nspecs; i++) {
        if ((status = cli_args_set(&ca, specs[i], err, sizeof err))) {
            if (status == CLI_USAGE)
                usage_error(err);
            else
                cli_message("tirvm", "error", "%s", err);
            goto done;
        }
    }
    if (params_path) {
        npz_file z;
        /* The weights are held for the run: they count against its memory limit. */
        size_t params_max = max_memory > SIZE_MAX ? SIZE_MAX : (size_t)max_memory;
        if (npz_read(params_path, params_max, &z, err, sizeof err) != 0) {
            cli_message("tirvm", "error", "%s", err);
            status = CLI_RUNTIME;
            goto done;
        }
        for (int k = 0; k < z.n && !status; k++)
            status = cli_args_set_array(&ca, z.entries[k].name, params_path, &z.entries[k].arr, err, sizeof err);
        npz_free(&z);
        if (status) {
            usage_error(err);
            goto done;
        }
    }
    /* Check every --out before running, so a typo costs no run. */
    int to_stdout = -1;
    for (int i = 0; i < nouts; i++) {
        const char *eq = strchr(outs[i], '=');
        int p = eq ? cli_args_find(&ca, outs[i], (size_t)(eq - outs[i])) : -1;
        if (!eq || !eq[1] || p < 0 || ca.params[p].kind != TIRVM_PARAM_BUFFER) {
            char plist[600];
            cli_args_list(&ca, plist, sizeof plist);
            snprintf(err, sizeof err, "--out '%.200s' does not name a buffer parameter as NAME=FILE.npy "
                                      "(the parameters: %s)", outs[i], plist);
            status = usage_error(err);
            goto done;
        }
        out_param[i] = p;
        if (strcmp(eq + 1, "-") == 0) {
            if (to_stdout >= 0) {
                status = usage_error("only one --out can write to standard output");
                goto done;
            }
            to_stdout = i;
        }
    }
    /* ... and that every --out can be written, so a long run is not lost. */
    for (int i = 0; i < nouts; i++) {
        if (cli_check_writable(strchr(outs[i], '=') + 1, err, sizeof err) != 0) {
            cli_message("tirvm", "error", "%s (--out %s)", err, cli_args_user_name(&ca, out_param[i]));
            status = CLI_USAGE;
            goto done;
        }
    }
    if (to_stdout >= 0) {
        DLDataType rtype;
        if (tirvm_function_return_type(m, func, &rtype) == TIRVM_OK && rtype.bits != 0) {
            status = usage_error("--out NAME=- writes the .npy to standard output, where the function's return value "
                                 "goes too: write the .npy to a file");
            goto done;
        }
    }
    if ((status = cli_args_finish(&ca, max_memory, err, sizeof err))) {
        cli_message("tirvm", "error", "%s", err);
        goto done;
    }
    tirvm_call_options co = {
        .max_steps = max_steps, .max_memory = max_memory, .timeout_ns = timeout_ns, .caller_bytes = ca.zero_bytes};
    if (profile && !(co.profile = calloc((size_t)tirvm_function_count(m), sizeof *co.profile))) {
        cli_message("tirvm", "error", "out of memory");
        status = CLI_RUNTIME;
        goto done;
    }
    tirvm_value ret;
    tirvm_status cs = tirvm_call_ex(m, func, ca.args, ca.nparams, &co, &ret, err, sizeof err);
    if (co.profile) {
        if (cs == TIRVM_OK)
            print_profile(m, func, co.profile);
        free(co.profile);
    }
    if (cs != TIRVM_OK) {
        cli_message("tirvm", "error", "%s", err);
        status = CLI_RUNTIME;
        goto done;
    }
    if (ret.has_value) {
        /* enough digits to round-trip (CLI contract) */
        if (ret.dtype.code == kDLFloat && ret.dtype.bits == 64)
            print_float(ret.f, 17);
        else if (ret.dtype.code == kDLFloat || ret.dtype.code == kDLBfloat)
            print_float(ret.f, 9);
        else if (ret.dtype.code == kDLUInt && ret.dtype.bits == 64)
            printf("%llu\n", (unsigned long long)(uint64_t)ret.i);
        else
            printf("%lld\n", (long long)ret.i);
    }
    fflush(stdout);
    for (int i = 0; i < nouts; i++) {
        const char *eq = strchr(outs[i], '=');
        if (npy_write(eq + 1, &ca.arrays[out_param[i]], err, sizeof err) != 0) {
            cli_message("tirvm", "error", "%s", err);
            status = CLI_USAGE;
            goto done;
        }
    }
    /* A zero-filled buffer that no --out keeps: the run may have computed
     * it (an output the user forgot), so say how to keep it. */
    for (int p = 0; p < ca.nparams; p++) {
        bool kept = false;
        for (int i = 0; i < nouts; i++)
            kept = kept || out_param[i] == p;
        if (ca.zero_filled[p] && !kept)
            cli_message("tirvm", "note", "%s was computed; add --out %s=FILE.npy to keep it", cli_args_user_name(&ca, p),
                        cli_args_user_name(&ca, p));
    }
done:
    cli_args_free(&ca);
    tirvm_module_free(m);
    tirvm_runtime_free(rt);
    free(outs);
    free(specs);
    free(out_param);
    return status;
}

/* tirvm asm FILE.tirasm [-o MODULE.tirbc] */
static int cmd_asm(int argc, char **argv)
{
    const char *input = NULL, *output = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0) {
            if (i + 1 >= argc)
                return usage_error("-o needs a file name");
            output = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            char msg[300];
            snprintf(msg, sizeof msg, "unknown option '%.200s'", argv[i]);
            return usage_error(msg);
        } else if (input) {
            return usage_error("asm takes one FILE.tirasm");
        } else {
            input = argv[i];
        }
    }
    if (!input)
        return usage_error("asm needs a FILE.tirasm");
    bool from_stdin = strcmp(input, "-") == 0;
    if (from_stdin && !output)
        return usage_error("reading from standard input needs -o MODULE.tirbc");
    size_t len = 0;
    char *text = cli_read_input("tirvm", input, &len);
    if (!text)
        return CLI_USAGE;
    char err[600];
    int status = CLI_OK;
    void *bytes = NULL;
    size_t nbytes = 0;
    if (tirvm_assemble(text, len, from_stdin ? "<stdin>" : input, &bytes, &nbytes, err, sizeof err) != TIRVM_OK) {
        cli_put_escaped(stderr, err, false);
        fputc('\n', stderr);
        status = CLI_RUNTIME;
    } else {
        char *out = output ? strdup(output) : cli_default_output(input, ".tirbc");
        if (!out || cli_write_atomically("tirvm", out, bytes, nbytes) != 0)
            status = CLI_USAGE;
        free(out);
    }
    tirvm_free(bytes);
    free(text);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("no command given");
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("tirvm %s (kernels: %s)\n", tirvm_version(), tirvm_kernel_isa());
        return 0;
    }
    /* `tirvm COMMAND --help`: every command but serve (which has its own)
     * is described by the one usage text */
    bool asks_help = argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0);
    if (asks_help && strcmp(cmd, "serve") != 0) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 2, argv + 2);
    if (strcmp(cmd, "serve") == 0)
        return serve_main(argc - 2, argv + 2);
    if (strcmp(cmd, "asm") == 0)
        return cmd_asm(argc - 2, argv + 2);
    if (strcmp(cmd, "dis") == 0 && argc == 4 && strcmp(argv[2], "--unverified") == 0)
        return cmd_dis_unverified(argv[3]);
    if (strcmp(cmd, "dis") == 0 || strcmp(cmd, "verify") == 0 || strcmp(cmd, "info") == 0) {
        if (argc != 3)
            return usage_error("this command takes exactly one MODULE.tirbc");
        if (cmd[0] == 'd')
            return cmd_dis(argv[2]);
        if (cmd[0] == 'i')
            return cmd_info(argv[2]);
        return cmd_verify(argv[2]);
    }
    char msg[300];
    snprintf(msg, sizeof msg, "unknown command '%s'", cmd);
    return usage_error(msg);
}
