#include "compile.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "check.h"
#include "codegen.h"
#include "diag.h"
#include "middle.h"
#include "oom.h"
#include "py_ast.h"
#include "tirbc.h"
#include "script.h"
#include "tir_print.h"
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

/* What a compile owns; on the heap, so it keeps its value across an
 * out-of-memory unwind (a longjmp). */
typedef struct {
    tir_arena arena;
    tir_diag d;
    tir_error_class phase;
} compile_state;

static void compile_phases(compile_state *st, const char *file, const char *src, size_t len,
                           const tir_compile_options *opts, tir_compile_result *out)
{
    tir_diag *d = &st->d;
    tir_module *m = NULL;
    st->phase = TIR_ERR_SYNTAX;
    if (is_json(file, src, len)) {
        /* TVM's JSON serialization: syntax and structure are checked together */
        m = tir_json_build(&st->arena, d, src, len, opts ? opts->params : NULL, opts ? opts->nparams : 0);
        st->phase = TIR_ERR_SCRIPT;
    } else {
        py_module *pm = py_parse(&st->arena, d, src, len);
        if (pm && !d->nerrors) {
            st->phase = TIR_ERR_SCRIPT;
            m = tir_script_build_for(&st->arena, d, pm, opts ? opts->tvm_minor : 0);
        }
    }
    if (m && !d->nerrors) {
        st->phase = TIR_ERR_TYPE;
        tir_check_module_strict(&st->arena, d, m, opts && opts->strict);
    }
    /* A check compiles as far as a compile does (what codegen refuses is
     * refused by the check too) and keeps nothing. */
    if (m && !d->nerrors) {
        st->phase = TIR_ERR_UNSUPPORTED;
        if (tir_middle_end(&st->arena, d, m, opts ? opts->skip_passes : 0)) {
            if (opts && opts->emit_tir && !opts->check_only)
                out->tir_text = tir_print_module(m, NULL);
            else
                out->module = tir_codegen_module(&st->arena, d, m, base_name(file));
        }
        /* What tirc writes is what the loader accepts: a module the verifier
         * refuses is a compiler bug, reported instead of written. */
        char err[400];
        if (out->module && tirbc_verify(out->module, err, sizeof err) != 0) {
            tir_diag_error(d, (tir_loc){0, 0, 0}, "internal error: the compiled bytecode does not verify (%s); "
                           "this is a tirc bug, please report it with the source", err);
            tirbc_module_free(out->module);
            out->module = NULL;
            st->phase = TIR_ERR_INTERNAL;
        }
        if (opts && opts->check_only) {
            tirbc_module_free(out->module);
            out->module = NULL;
        }
    }
}

bool tir_compile(const char *file, const char *src, size_t len, const tir_compile_options *opts,
                 tir_compile_result *out)
{
    memset(out, 0, sizeof *out);
    compile_state *st = malloc(sizeof *st);
    if (!st) {
        out->nerrors = 1;
        out->error_class = TIR_ERR_OUT_OF_MEMORY;
        return false;
    }
    tir_arena_init(&st->arena);
    tir_diag_init(&st->d, file, src, len);
    jmp_buf on_oom, *outer = tir_oom_handler;
    if (setjmp(on_oom) == 0) {
        tir_oom_handler = &on_oom;
        compile_phases(st, file, src, len, opts, out);
    } else {
        /* an allocation failed: whatever was built is dropped */
        tirbc_module_free(out->module);
        out->module = NULL;
        free(out->tir_text);
        out->tir_text = NULL;
        if (!st->d.nerrors)
            st->d.nerrors = 1;
        tir_diag_error(&st->d, (tir_loc){0, 0, 0}, "out of memory");
        st->phase = TIR_ERR_OUT_OF_MEMORY;
    }
    tir_oom_handler = outer;
    tir_diag *d = &st->d;
    if (d->nerrors) {
        /* "unsupported" errors are their own class whichever phase found them */
        out->error_class = st->phase != TIR_ERR_OUT_OF_MEMORY && d->first_class == TIR_DIAG_UNSUPPORTED
                               ? TIR_ERR_UNSUPPORTED
                               : st->phase;
    }
    if (d->nerrors && out->module) {
        tirbc_module_free(out->module);
        out->module = NULL;
    }
    if (d->nerrors) {
        free(out->tir_text);
        out->tir_text = NULL;
    }
    out->nerrors = d->nerrors;
    out->diagnostics = d->text;
    d->text = NULL;
    tir_diag_free(d);
    tir_arena_free(&st->arena);
    free(st);
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
    case TIR_ERR_OUT_OF_MEMORY: return "out of memory";
    case TIR_ERR_INTERNAL: return "internal";
    }
    return "?";
}
