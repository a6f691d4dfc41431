#include "compile.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "check.h"
#include "codegen.h"
#include "diag.h"
#include "lower.h"
#include "py_ast.h"
#include "script.h"
#include "tvm_json.h"

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* A .json file name, or text that starts with '{', is TVM JSON. */
static bool is_json(const char *file, const char *src, size_t len)
{
    size_t fl = strlen(file);
    if (fl > 5 && strcmp(file + fl - 5, ".json") == 0)
        return true;
    size_t i = 0;
    while (i < len && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r'))
        i++;
    return i < len && src[i] == '{';
}

bool tir_compile(const char *file, const char *src, size_t len, const tir_compile_options *opts,
                 tir_compile_result *out)
{
    memset(out, 0, sizeof *out);
    tir_arena arena;
    tir_arena_init(&arena);
    tir_diag d;
    tir_diag_init(&d, file, src, len);
    tir_module *m = NULL;
    tir_error_class phase = TIR_ERR_SYNTAX;
    if (is_json(file, src, len)) {
        /* TVM's JSON serialization: syntax and structure are checked together */
        m = tir_json_build(&arena, &d, src, len);
        phase = TIR_ERR_SCRIPT;
    } else {
        py_module *pm = py_parse(&arena, &d, src, len);
        if (pm && !d.nerrors) {
            phase = TIR_ERR_SCRIPT;
            m = tir_script_build_for(&arena, &d, pm, opts ? opts->tvm_minor : 0);
        }
    }
    if (m && !d.nerrors) {
        phase = TIR_ERR_TYPE;
        tir_check_module_strict(&arena, &d, m, opts && opts->strict);
    }
    if (m && !d.nerrors && !(opts && opts->check_only)) {
        phase = TIR_ERR_UNSUPPORTED;
        if (tir_lower_module(&arena, &d, m))
            out->module = tir_codegen_module(&arena, &d, m, base_name(file));
    }
    if (d.nerrors) {
        /* "unsupported" errors are their own class whichever phase found them */
        const char *first = d.text ? strstr(d.text, ": error: ") : NULL;
        out->error_class = first && strncmp(first + 9, "unsupported", 11) == 0 ? TIR_ERR_UNSUPPORTED : phase;
    }
    if (d.nerrors && out->module) {
        tirbc_module_free(out->module);
        out->module = NULL;
    }
    out->nerrors = d.nerrors;
    out->diagnostics = d.text;
    d.text = NULL;
    tir_diag_free(&d);
    tir_arena_free(&arena);
    return out->nerrors == 0;
}

const char *tir_error_class_name(tir_error_class c)
{
    switch (c) {
    case TIR_ERR_NONE: return "none";
    case TIR_ERR_SYNTAX: return "syntax";
    case TIR_ERR_SCRIPT: return "script";
    case TIR_ERR_TYPE: return "type";
    case TIR_ERR_UNSUPPORTED: return "unsupported";
    }
    return "?";
}
