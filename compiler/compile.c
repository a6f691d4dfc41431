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

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
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
    py_module *pm = py_parse(&arena, &d, src, len);
    if (pm && !d.nerrors)
        m = tir_script_build(&arena, &d, pm);
    if (m && !d.nerrors)
        tir_check_module(&arena, &d, m);
    if (m && !d.nerrors && !(opts && opts->check_only) && tir_lower_module(&arena, &d, m))
        out->module = tir_codegen_module(&arena, &d, m, base_name(file));
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
