/* tirvm: run, list, verify and describe .tirbc modules (CLI contract). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "files.h"
#include "npy.h"
#include "tirbc.h"
#include "tirvm.h"

static const char usage[] =
    "usage: tirvm run MODULE.tirbc [--entry NAME] [--threads N] [--max-steps N] [--max-memory BYTES]\n"
    "                 [ARG ...] [--out NAME=FILE.npy ...]\n"
    "       tirvm dis [--unverified] MODULE.tirbc   readable listing of every function's\n"
    "                                   bytecode (--unverified: of a module that decodes but\n"
    "                                   may fail verification)\n"
    "       tirvm verify MODULE.tirbc   load and verify only; exit 0 if the module is valid\n"
    "       tirvm info MODULE.tirbc     functions, parameters with dtypes and shapes, sizes\n"
    "       tirvm asm FILE.tirasm [-o MODULE.tirbc]   assemble a listing (the text dis\n"
    "                                   prints) into a module, without verifying it\n"
    "       tirvm --help | --version\n"
    "\n"
    "ARG is NAME=FILE.npy for a buffer parameter or NAME=NUMBER for a scalar one;\n"
    "NAME is the parameter's name in the signature or the name of its buffer.\n"
    "A buffer parameter with a constant shape that is not given starts zero-filled.\n"
    "--out NAME=FILE.npy writes that buffer after a successful run.\n"
    "--threads N (default: $TIRVM_NUM_THREADS, else the online CPUs) sets the\n"
    "worker threads for parallel loops.\n"
    "--max-steps N bounds the loop iterations and calls of the run; --max-memory\n"
    "BYTES (suffix K, M or G) bounds the memory its allocations hold.  Both are\n"
    "for running untrusted modules; exceeding one is a runtime error.\n"
    "\n"
    "asm's default output is FILE with its extension replaced by .tirbc; FILE '-'\n"
    "reads standard input (then -o is required).\n"
    "\n"
    "Exit status: 0 success; 1 runtime error (failed assertion, integer division\n"
    "by zero, out-of-bounds access, missing or mismatched argument), or for asm a\n"
    "syntax error in the listing (FILE:LINE:COL: error: MESSAGE); 2 usage error;\n"
    "3 the module is not a valid .tirbc.\n";

static int usage_error(const char *msg)
{
    fprintf(stderr, "tirvm: %s\nTry 'tirvm --help' for more information.\n", msg);
    return CLI_USAGE;
}

static int load(const char *path, tirvm_module **m)
{
    char err[600];
    tirvm_status st = tirvm_module_load_file(path, m, err, sizeof err);
    if (st == TIRVM_OK)
        return CLI_OK;
    fprintf(stderr, "error: %s\n", err);
    return st == TIRVM_ERR_MODULE ? CLI_MODULE : st == TIRVM_ERR_USAGE ? CLI_USAGE : CLI_RUNTIME;
}

static const char *dtn(DLDataType t, char *buf, size_t n)
{
    if (t.code == 6)
        return "bool";
    tir_dtype d = {t.code, t.bits, t.lanes};
    return tir_dtype_str(d, buf, n);
}

static int cmd_info(const char *path)
{
    tirvm_module *m;
    int st = load(path, &m);
    if (st)
        return st;
    FILE *f = fopen(path, "rb");
    long size = -1;
    if (f && fseek(f, 0, SEEK_END) == 0)
        size = ftell(f);
    if (f)
        fclose(f);
    printf("module %s: %ld bytes, %d function%s\n", path, size, tirvm_function_count(m),
           tirvm_function_count(m) == 1 ? "" : "s");
    for (int fi = 0; fi < tirvm_function_count(m); fi++) {
        printf("function %s\n", tirvm_function_name(m, fi));
        for (int i = 0; i < tirvm_param_count(m, fi); i++) {
            tirvm_param_info p;
            char dt[32];
            tirvm_param(m, fi, i, &p);
            printf("  %s", p.name);
            if (p.alias)
                printf(" (buffer %s)", p.alias);
            if (p.kind == TIRVM_PARAM_SCALAR) {
                printf(": %s\n", dtn(p.dtype, dt, sizeof dt));
                continue;
            }
            printf(": buffer %s[", dtn(p.dtype, dt, sizeof dt));
            for (int k = 0; k < p.ndim; k++) {
                if (p.shape[k] >= 0)
                    printf("%s%lld", k ? ", " : "", (long long)p.shape[k]);
                else
                    printf("%s?", k ? ", " : "");
            }
            printf("]\n");
        }
    }
    tirvm_module_free(m);
    return CLI_OK;
}

static int cmd_dis(const char *path)
{
    tirvm_module *m;
    int st = load(path, &m);
    if (st)
        return st;
    char *text = tirvm_disassemble(m);
    if (text)
        fputs(text, stdout);
    free(text);
    tirvm_module_free(m);
    return text ? CLI_OK : CLI_RUNTIME;
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
    char err[600];
    tirbc_module *m = NULL;
    int status = CLI_OK;
    if (tirbc_read((const uint8_t *)bytes, len, &m, err, sizeof err) != 0) {
        fprintf(stderr, "error: %s: %s\n", path, err);
        status = CLI_MODULE;
    } else {
        char *text = tirbc_disasm(m);
        if (text)
            fputs(text, stdout);
        else
            status = CLI_RUNTIME;
        free(text);
    }
    tirbc_module_free(m);
    free(bytes);
    return status;
}

/* A positive count, with a K/M/G (binary) suffix when bytes are allowed. */
static bool parse_count(const char *s, bool bytes, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno || v == 0 || *s == '-')
        return false;
    int shift = 0;
    if (bytes && *end && !end[1]) {
        shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20 : *end == 'G' || *end == 'g' ? 30 : -1;
        if (shift < 0)
            return false;
        end++;
    }
    if (*end || (shift && v > (UINT64_MAX >> shift)))
        return false;
    *out = (uint64_t)v << shift;
    return true;
}

static int cmd_run(int argc, char **argv)
{
    const char *path = NULL, *entry = NULL;
    const char **outs = calloc((size_t)argc + 1, sizeof *outs);
    const char **specs = calloc((size_t)argc + 1, sizeof *specs);
    int nouts = 0, nspecs = 0, status = CLI_OK;
    long threads = 0;
    uint64_t max_steps = 0, max_memory = 0;
    tirvm_module *m = NULL;
    cli_args ca;
    memset(&ca, 0, sizeof ca);
    char err[700];
    if (!outs || !specs) {
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
                if (!*v || *end || errno || threads < 1 || threads > 1024) {
                    snprintf(err, sizeof err, "--threads needs a number from 1 to 1024, got '%s'", v);
                    status = usage_error(err);
                    goto done;
                }
            }
        } else if (a[0] == '-' && a[1] == '-') {
            snprintf(err, sizeof err, "unknown option '%s'", a);
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
    if ((status = load(path, &m)))
        goto done;
    int func;
    if (entry) {
        func = tirvm_find_function(m, entry);
        if (func < 0) {
            snprintf(err, sizeof err, "the module has no function '%s'", entry);
            status = usage_error(err);
            goto done;
        }
    } else {
        func = tirvm_find_function(m, "main");
        if (func < 0 && tirvm_function_count(m) == 1)
            func = 0;
        if (func < 0) {
            status = usage_error("the module has several functions and none is 'main': pick one with --entry");
            goto done;
        }
    }
    if ((status = cli_args_init(&ca, m, func)))
        goto done;
    for (int i = 0; i < nspecs; i++) {
        if ((status = cli_args_set(&ca, specs[i], err, sizeof err))) {
            if (status == CLI_USAGE)
                usage_error(err);
            else
                fprintf(stderr, "error: %s\n", err);
            goto done;
        }
    }
    /* Check every --out before running, so a typo costs no run. */
    for (int i = 0; i < nouts; i++) {
        const char *eq = strchr(outs[i], '=');
        int p = eq ? cli_args_find(&ca, outs[i], (size_t)(eq - outs[i])) : -1;
        if (!eq || !eq[1] || p < 0 || ca.params[p].kind != TIRVM_PARAM_BUFFER) {
            snprintf(err, sizeof err, "--out '%s' does not name a buffer parameter as NAME=FILE.npy", outs[i]);
            status = usage_error(err);
            goto done;
        }
    }
    if ((status = cli_args_finish(&ca, err, sizeof err))) {
        fprintf(stderr, "error: %s\n", err);
        goto done;
    }
    tirvm_module_set_limits(m, max_steps, max_memory);
    if (threads && tirvm_module_set_threads(m, (int)threads) != TIRVM_OK) {
        status = usage_error("--threads is out of range");
        goto done;
    }
    tirvm_value ret;
    if (tirvm_call_ret(m, func, ca.args, ca.nparams, &ret, err, sizeof err) != TIRVM_OK) {
        fprintf(stderr, "error: %s\n", err);
        status = CLI_RUNTIME;
        goto done;
    }
    if (ret.has_value) {
        /* enough digits to round-trip (CLI contract) */
        if (ret.dtype.code == TIR_CODE_FLOAT && ret.dtype.bits == 64)
            printf("%.17g\n", ret.f);
        else if (ret.dtype.code == TIR_CODE_FLOAT || ret.dtype.code == TIR_CODE_BFLOAT)
            printf("%.9g\n", ret.f);
        else if (ret.dtype.code == TIR_CODE_UINT && ret.dtype.bits == 64)
            printf("%llu\n", (unsigned long long)(uint64_t)ret.i);
        else
            printf("%lld\n", (long long)ret.i);
    }
    for (int i = 0; i < nouts; i++) {
        const char *eq = strchr(outs[i], '=');
        int p = cli_args_find(&ca, outs[i], (size_t)(eq - outs[i]));
        if (npy_write(eq + 1, &ca.arrays[p], err, sizeof err) != 0) {
            fprintf(stderr, "error: %s\n", err);
            status = CLI_USAGE;
            goto done;
        }
    }
done:
    cli_args_free(&ca);
    tirvm_module_free(m);
    free(outs);
    free(specs);
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
    tirbc_module *m = NULL;
    int status = CLI_OK;
    if (tirbc_assemble(text, len, from_stdin ? "<stdin>" : input, &m, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        status = CLI_RUNTIME;
    } else {
        uint8_t *bytes = NULL;
        size_t nbytes = 0;
        char *out = output ? strdup(output) : cli_default_output(input, ".tirbc");
        if (tirbc_write(m, &bytes, &nbytes, err, sizeof err) != 0) {
            fprintf(stderr, "tirvm: %s\n", err);
            status = CLI_RUNTIME;
        } else if (!out || cli_write_atomically("tirvm", out, bytes, nbytes) != 0) {
            status = CLI_USAGE;
        }
        free(out);
        free(bytes);
    }
    tirbc_module_free(m);
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
        printf("tirvm %s\n", tirvm_version());
        return 0;
    }
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 2, argv + 2);
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
        tirvm_module *m;
        int st = load(argv[2], &m);
        if (st)
            return st;
        printf("%s: valid .tirbc module\n", argv[2]);
        tirvm_module_free(m);
        return CLI_OK;
    }
    char msg[300];
    snprintf(msg, sizeof msg, "unknown command '%s'", cmd);
    return usage_error(msg);
}
