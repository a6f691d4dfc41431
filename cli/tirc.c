/* tirc: compile TVMScript to .tirbc (docs/cli.md is its manual). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "npz.h"
#include "tirc.h"

enum { EXIT_INVALID = 1, EXIT_USAGE = 2 };

static const char usage[] =
    "usage: tirc SOURCE [-o OUTPUT.tirbc]      compile TVMScript to bytecode\n"
    "       tirc --check SOURCE                compile as far as writing, write nothing\n"
    "       tirc --emit=asm SOURCE [-o FILE]   print the bytecode listing (as tirvm dis)\n"
    "       tirc --emit=tir SOURCE [-o FILE]   print the TIR after the middle end's passes\n"
    "       tirc --passes=list                 list the middle end's passes, in their order\n"
    "       tirc --help | --version\n"
    "Options: --strict makes every rule of the TIR specification that TVM does not\n"
    "follow an error: indices of different bit widths in one access (accepted\n"
    "by default with a warning, each widened to int64, as TVM accepts them),\n"
    "vector lane counts other than 4, 8, 16, 32, 64, and buffer strides that\n"
    "are not variables (strides=[17, 1]).\n"
    "--tvm-version X.Y (0.18 to 0.27) reads a TVMScript SOURCE as that TVM\n"
    "release prints it, instead of guessing the release from its imports,\n"
    "header and body: the dialect (classic tir up to 0.23, tirx from 0.24) and\n"
    "what x = e means in tirx (a binding in 0.24, a mutable scalar from 0.25).\n"
    "A JSON SOURCE names its release in its metadata.\n"
    "--passes=-NAME[,-NAME...] skips middle-end passes (to bisect a wrong\n"
    "answer); --passes=list prints them.\n"
    "--params FILE.npz binds a model's detached weights (TVM JSON of a Relax\n"
    "module imported with keep_params_in_input and detach_params) into the\n"
    "module: the arrays p_0, p_1, ... (as np.savez saves TVM's params), or\n"
    "named as the weights are; without it they stay inputs of main.\n"
    "-D NAME=VALUE (repeatable) sets a module-level constant that a TVMScript\n"
    "SOURCE reads, as M in T.Buffer((M, K), dtype) after M = 128, or replaces\n"
    "the value the SOURCE assigns it: VALUE is an int, else a float, else a\n"
    "string (-D M=256 -D dtype=float16).\n"
    "\n"
    "SOURCE is a TVMScript file (.py) as TVM prints it or as users write it, or\n"
    "TVM's JSON serialization (.json, from tvm.ir.save_json); '-' reads from\n"
    "standard input (then -o is required when compiling).\n"
    "The default OUTPUT is SOURCE with its extension replaced by .tirbc;\n"
    "-o - writes to standard output.  A failed compile writes nothing and\n"
    "leaves an existing OUTPUT as it was (the error says it was not updated).\n"
    "\n"
    "Exit status: 0 success; 1 the program is not valid TIR (errors are\n"
    "reported as FILE:LINE:COL: error: MESSAGE); 2 usage error (unknown option,\n"
    "missing or unreadable SOURCE, OUTPUT not writable).  Other errors are\n"
    "reported as tirc: error: MESSAGE.\n";

/* -D NAME=VALUE: NAME must be a Python name */
static bool define_ok(const char *d)
{
    const char *eq = strchr(d, '=');
    if (!eq || eq == d || (d[0] >= '0' && d[0] <= '9'))
        return false;
    for (const char *p = d; p < eq; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return false;
    return true;
}

/* A JSON SOURCE (named .json or starting with '{'), which has no module constants */
static bool json_source(const char *name, const char *src, size_t len)
{
    size_t n = strlen(name), i = 0;
    if (n > 5 && strcmp(name + n - 5, ".json") == 0)
        return true;
    while (i < len && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r'))
        i++;
    return i < len && src[i] == '{';
}

/* The source followed by the -D definitions, as the library reads them
 * (PY_DEFINES_MARKER in compiler/script/py_ast.h): a NUL byte,
 * "tirc-defines", a NUL byte, then each NAME=VALUE and a NUL byte.  Frees
 * src. */
static char *append_defines(char *src, size_t *len, const char **defines, int ndefines)
{
    static const char marker[] = "\0tirc-defines\0";
    size_t total = *len + sizeof marker - 1;
    for (int i = 0; i < ndefines; i++)
        total += strlen(defines[i]) + 1;
    char *out = realloc(src, total);
    if (!out) {
        free(src);
        return NULL;
    }
    size_t at = *len;
    memcpy(out + at, marker, sizeof marker - 1);
    at += sizeof marker - 1;
    for (int i = 0; i < ndefines; i++) {
        size_t n = strlen(defines[i]) + 1;
        memcpy(out + at, defines[i], n);
        at += n;
    }
    *len = total;
    return out;
}

static int usage_error(const char *fmt, const char *arg)
{
    char msg[1024];
    snprintf(msg, sizeof msg, fmt, arg);
    cli_message("tirc", "error", "%s", msg);
    fprintf(stderr, "Try 'tirc --help' for more information.\n");
    return EXIT_USAGE;
}

/* After a failed compile: an OUTPUT that already exists still holds an
 * earlier compile, which the user must not take for this one. */
static void report_not_updated(const char *output)
{
    struct stat st;
    if (output && strcmp(output, "-") != 0 && stat(output, &st) == 0 && S_ISREG(st.st_mode))
        cli_message("tirc", "error", "%s was not updated (it still holds an earlier compile)", output);
}

/* defines: room for the -D definitions (one per argument at most) */
static int run(int argc, char **argv, const char **defines)
{
    const char *source = NULL, *output = NULL;
    bool check = false, emit_asm = false, emit_tir = false, strict = false;
    const char *passes = NULL;
    const char *params_path = NULL;
    int tvm_minor = 0;
    int ndefines = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("tirc %s (bytecode format %d)\n", tirc_version(), tirvm_format_version());
            return 0;
        } else if (strcmp(a, "--check") == 0) {
            check = true;
        } else if (strcmp(a, "--strict") == 0) {
            strict = true;
        } else if (strcmp(a, "--tvm-version") == 0 || strncmp(a, "--tvm-version=", 14) == 0) {
            const char *v = a[13] == '=' ? a + 14 : NULL;
            if (!v) {
                if (i + 1 >= argc)
                    return usage_error("%s needs a TVM release such as 0.25", a);
                v = argv[++i];
            }
            /* 0.MINOR, optionally .PATCH or a suffix such as .dev0 */
            char *end;
            long minor = strncmp(v, "0.", 2) == 0 ? strtol(v + 2, &end, 10) : -1;
            if (minor < 18 || minor > 27 || end == v + 2 || (*end && *end != '.'))
                return usage_error("--tvm-version takes a TVM release from 0.18 to 0.27, got '%s'", v);
            tvm_minor = (int)minor;
        } else if (strcmp(a, "--emit=asm") == 0) {
            emit_asm = true;
        } else if (strcmp(a, "--emit=tir") == 0) {
            emit_tir = true;
        } else if (strncmp(a, "--emit=", 7) == 0) {
            return usage_error("unknown --emit kind '%s' (asm or tir)", a + 7);
        } else if (strcmp(a, "--passes=list") == 0) {
            for (int k = 0; k < tirc_pass_count(); k++)
                printf("%-16s %s\n", tirc_pass_name(k), tirc_pass_synopsis(k));
            return 0;
        } else if (strncmp(a, "--passes=", 9) == 0) {
            passes = a + 9;
        } else if (strcmp(a, "--params") == 0 || strncmp(a, "--params=", 9) == 0) {
            if (params_path)
                return usage_error("%s", "--params given twice");
            params_path = a[8] == '=' ? a + 9 : NULL;
            if (!params_path) {
                if (i + 1 >= argc)
                    return usage_error("%s needs a .npz file", a);
                params_path = argv[++i];
            }
        } else if (strncmp(a, "-D", 2) == 0) {
            const char *d = a[2] ? a + 2 : NULL;
            if (!d) {
                if (i + 1 >= argc)
                    return usage_error("%s needs NAME=VALUE", a);
                d = argv[++i];
            }
            if (!define_ok(d))
                return usage_error("-D takes NAME=VALUE with NAME a Python name, got '%s'", d);
            defines[ndefines++] = d;
        } else if (strcmp(a, "-o") == 0) {
            if (i + 1 >= argc)
                return usage_error("%s needs a file name", a);
            output = argv[++i];
        } else if (strncmp(a, "-o", 2) == 0 && a[2]) {
            output = a + 2;
        } else if (a[0] == '-' && a[1] != 0) {
            return usage_error("unknown option '%s'", a);
        } else if (source) {
            return usage_error("more than one SOURCE given ('%s')", a);
        } else {
            source = a;
        }
    }
    if (!source)
        return usage_error("%s", "no SOURCE given");
    if (check && (emit_asm || emit_tir || output))
        return usage_error("%s", "--check writes nothing: it takes no -o or --emit");
    if (emit_asm && emit_tir)
        return usage_error("%s", "--emit=asm and --emit=tir: give one");
    emit_asm = emit_asm || emit_tir; /* both print text, to stdout unless -o */
    bool from_stdin = strcmp(source, "-") == 0;
    if (from_stdin && !output && !check && !emit_asm)
        return usage_error("%s", "reading from standard input needs -o OUTPUT");
    size_t len = 0;
    char *src = cli_read_input("tirc", source, &len);
    if (!src)
        return EXIT_USAGE;
    const char *name = from_stdin ? "<stdin>" : source;
    if (ndefines && json_source(name, src, len)) {
        free(src);
        return usage_error("-D sets constants of a TVMScript SOURCE; '%s' is TVM JSON", name);
    }
    if (ndefines && !(src = append_defines(src, &len, defines, ndefines))) {
        cli_message("tirc", "error", "out of memory");
        return EXIT_USAGE;
    }
    tirc_options opts = {.check_only = check, .strict = strict, .emit_asm = emit_asm && !emit_tir,
                         .tvm_minor = tvm_minor, .emit_tir = emit_tir, .passes = passes};
    npz_file weights = {0};
    DLTensor *tensors = NULL;
    const char **names = NULL;
    if (params_path) {
        char err[768];
        if (!json_source(name, src, len)) {
            free(src);
            return usage_error("--params binds the weights of a model in TVM JSON; '%s' is TVMScript", name);
        }
        if (npz_read(params_path, 0, &weights, err, sizeof err) != 0) {
            free(src);
            cli_message("tirc", "error", "%s", err);
            return EXIT_USAGE;
        }
        tensors = calloc(weights.n ? (size_t)weights.n : 1, sizeof *tensors);
        names = calloc(weights.n ? (size_t)weights.n : 1, sizeof *names);
        if (!tensors || !names) {
            free(src);
            free(tensors);
            free(names);
            npz_free(&weights);
            cli_message("tirc", "error", "out of memory");
            return EXIT_USAGE;
        }
        for (int k = 0; k < weights.n; k++) {
            npy_array *arr = &weights.entries[k].arr;
            names[k] = weights.entries[k].name;
            tensors[k].data = arr->data;
            tensors[k].device.device_type = kDLCPU;
            tensors[k].ndim = arr->ndim;
            tensors[k].shape = arr->shape;
            tensors[k].dtype.code = arr->dtype.code;
            tensors[k].dtype.bits = arr->dtype.bits;
            tensors[k].dtype.lanes = 1;
        }
        opts.params = tensors;
        opts.param_names = names;
        opts.nparams = weights.n;
        if (!weights.n) {
            opts.params = NULL;
            opts.param_names = NULL;
        }
    }
    void *bytes = NULL;
    size_t nbytes = 0;
    char *diagnostics = NULL;
    tirc_status st = tirc_compile(name, src, len, &opts, &bytes, &nbytes, &diagnostics);
    free(src);
    free(tensors);
    free(names);
    npz_free(&weights);
    if (diagnostics)
        fputs(diagnostics, stderr);
    tirvm_free(diagnostics);
    char *out = check || (emit_asm && !output) ? NULL : output ? strdup(output) : cli_default_output(source, ".tirbc");
    int status = 0;
    if (st == TIRC_ERR_USAGE) {
        status = EXIT_USAGE;
    } else if (st != TIRC_OK) {
        report_not_updated(out);
        status = EXIT_INVALID;
    } else if (check) {
        status = 0;
    } else if (emit_asm && !out) {
        fwrite(bytes, 1, nbytes, stdout);
    } else if (!out || cli_write_atomically("tirc", out, bytes, nbytes) != 0) {
        if (!emit_asm)
            report_not_updated(out);
        status = EXIT_USAGE;
    }
    tirvm_free(bytes);
    free(out);
    return status;
}

int main(int argc, char **argv)
{
    const char **defines = calloc(argc > 0 ? (size_t)argc : 1, sizeof *defines);
    if (!defines) {
        cli_message("tirc", "error", "out of memory");
        return EXIT_USAGE;
    }
    int status = run(argc, argv, defines);
    free(defines);
    return status;
}
