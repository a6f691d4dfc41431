/* TVMScript -> TIR AST: functions and modules.  Reads the imports and the
 * module's @T.prim_func definitions (alone or in an @I.ir_module class),
 * builds each function's parameters and body, and wraps a body with blocks
 * in the implicit root block.  See docs/tvmscript.md for the rules
 * the builder follows (section numbers in comments refer to it) and
 * script_internal.h for how its files divide the work. */
#include "script.h"

#include <stdio.h>
#include <string.h>

#include "script_internal.h"

static bool is_decorator(builder *b, const py_expr *d, bool ir, const char *name)
{
    const char *alias = ir ? b->i_alias : b->t_alias;
    if (d->kind == PY_CALL)
        d = d->func;
    if (d->kind != PY_ATTR || strcmp(d->name, name) != 0)
        return false;
    if (d->value->kind == PY_NAME)
        return (alias && strcmp(d->value->name, alias) == 0) || strcmp(d->value->name, "script") == 0 ||
               strcmp(d->value->name, "tvm") == 0; /* from tvm import script; @script.ir_module */
    /* tvm.script.ir_module / tvm.script.tir.prim_func */
    return d->value->kind == PY_ATTR;
}

static bool decorator_flag(const py_expr *d, const char *kw)
{
    if (d->kind != PY_CALL)
        return false;
    for (uint32_t i = 0; i < d->nkw; i++)
        if (strcmp(d->kwnames[i], kw) == 0 && d->kwvalues[i]->kind == PY_TRUE)
            return true;
    return false;
}

/* T.Buffer[(shape), "dtype"] (the subscript spelling older TVM and the MLC
 * course use) as the call T.Buffer((shape), "dtype"); any other annotation
 * as it is. */
static const py_expr *buffer_annotation_call(builder *b, const py_expr *ann)
{
    if (ann->kind != PY_SUBSCRIPT || ann->value->kind != PY_ATTR ||
        (strcmp(ann->value->name, "Buffer") != 0 && strcmp(ann->value->name, "buffer") != 0))
        return ann;
    py_expr *call = tir_arena_alloc(b->a, sizeof *call);
    call->kind = PY_CALL;
    call->loc = ann->loc;
    call->func = ann->value;
    const py_expr *idx = ann->index;
    if (idx->kind == PY_TUPLE) {
        call->items = idx->items;
        call->nitems = idx->nitems;
    } else {
        call->items = tir_arena_alloc(b->a, sizeof *call->items);
        call->items[0] = (py_expr *)idx;
        call->nitems = 1;
    }
    return call;
}

/* a: T.handle("float32"[, "global"]) (or T.ptr / T.Ptr): a typed pointer
 * parameter, viewed in the body through T.Buffer(..., data=a) or
 * T.decl_buffer(..., data=a).  It binds to a one-dimensional DLTensor of
 * that dtype, whose extent (the variable a_len) bounds every view's
 * accesses, so pointer code stays checked. */
static bool pointer_param(builder *b, tir_func *f, uint32_t i, const py_param *p, const py_expr *ann)
{
    call_args ca;
    if (!sb_eval_args(b, ann, &ca))
        return false;
    tir_dtype dt;
    const sval *dts = sb_arg(&ca, 0, "dtype");
    if (!dts || !sb_dtype_of(b, dts, &dt)) {
        if (!dts)
            UNSUPPORTED(b, ann->loc, "an untyped pointer parameter T.%s() (give its element dtype)",
                ann->func->name);
        return false;
    }
    const sval *scope = sb_arg(&ca, 1, "storage_scope");
    if (scope && scope->kind == SV_STR && scope->s[0] && strcmp(scope->s, "global") != 0) {
        UNSUPPORTED(b, scope->loc, "storage scope '%s' for a pointer parameter", scope->s);
        return false;
    }
    char *len_name = tir_arena_alloc(b->a, strlen(p->name) + 5);
    sprintf(len_name, "%s_len", p->name);
    tir_expr *len = tir_var_ref(b->a, tir_var_new(b->a, len_name, TIR_DT_I64, p->loc), p->loc);
    tir_buffer *buf = tir_flat_buffer(b->a, p->name, p->name, dt, len, "global", p->loc);
    f->params[i] = tir_var_new(b->a, p->name, TIR_DT_HANDLE, p->loc);
    f->param_buffers[i] = buf;
    sb_bind(b, p->name, BIND_VAR, buf->data, NULL);
    return true;
}

static tir_func *build_func(builder *b, const py_stmt *def)
{
    tir_func *f = tir_arena_alloc(b->a, sizeof *f);
    f->name = def->name;
    f->loc = def->loc;
    f->nparams = def->nparams;
    f->params = tir_arena_alloc(b->a, (def->nparams ? def->nparams : 1) * sizeof *f->params);
    f->param_buffers = tir_arena_alloc(b->a, (def->nparams ? def->nparams : 1) * sizeof *f->param_buffers);
    const py_expr *dec = def->decorators[def->ndecorators - 1];
    f->is_private = decorator_flag(dec, "private");
    b->func = f;
    b->scope = NULL;
    b->saw_block = false;
    b->cur_block = NULL;
    b->root = tir_arena_alloc(b->a, sizeof *b->root);
    b->root->name = "root";
    b->root->loc = def->loc;
    int before = b->d->nerrors;
    if (decorator_flag(dec, "persistent"))
        UNSUPPORTED(b, dec->loc, "tirx GPU construct 'persistent=True' (a persistent GPU kernel)");
    for (uint32_t i = 0; i < def->ntype_params; i++) {
        /* def main[M](...) (TVM 0.27): an int64 signature variable */
        tir_var *v = tir_var_new(b->a, def->type_params[i].name, TIR_DT_I64, def->type_params[i].loc);
        sb_bind(b, v->name, BIND_VAR, v, NULL);
        tir_vec_push(b->a, &b->sig_vars, v);
    }
    for (uint32_t i = 0; i < b->ntypevars; i++) {
        /* M = TypeVar("M") at module level (TVM 0.27): the same, for every function */
        tir_var *v = tir_var_new(b->a, b->typevars[i], TIR_DT_I64, def->loc);
        sb_bind(b, v->name, BIND_VAR, v, NULL);
        tir_vec_push(b->a, &b->sig_vars, v);
    }
    for (uint32_t i = 0; i < def->nparams; i++) {
        const py_param *p = &def->params[i];
        if (!p->annotation) {
            ERR(b, p->loc, "parameter '%s' needs a type annotation", p->name);
            continue;
        }
        if (p->default_value)
            ERR(b, p->loc, "parameters cannot have default values in TIR");
        const py_expr *ann = buffer_annotation_call(b, p->annotation);
        if (ann->kind == PY_CALL && ann->func->kind == PY_ATTR &&
            (strcmp(ann->func->name, "Buffer") == 0 || strcmp(ann->func->name, "buffer") == 0)) {
            /* A: T.Buffer(shape, dtype): a handle parameter matched to a buffer (4.1) */
            call_args ca;
            if (!sb_eval_args(b, ann, &ca))
                continue;
            tir_buffer *buf = sb_make_buffer(b, p->name, &ca, 0, false, p->loc);
            if (!buf)
                continue;
            char *hn = tir_arena_alloc(b->a, strlen(p->name) + 8);
            sprintf(hn, "%s_handle", p->name);
            f->params[i] = tir_var_new(b->a, hn, TIR_DT_HANDLE, p->loc);
            f->param_buffers[i] = buf;
            sb_bind(b, p->name, BIND_BUFFER, NULL, buf);
            continue;
        }
        if (ann->kind == PY_CALL && ann->func->kind == PY_ATTR &&
            (strcmp(ann->func->name, "handle") == 0 || strcmp(ann->func->name, "ptr") == 0 ||
             strcmp(ann->func->name, "Ptr") == 0)) {
            if (pointer_param(b, f, i, p, ann))
                continue;
            continue;
        }
        tir_dtype dt;
        if (!sb_annotation_dtype(b, ann, &dt))
            continue;
        f->params[i] = tir_var_new(b->a, p->name, dt, p->loc);
        sb_bind(b, p->name, BIND_VAR, f->params[i], NULL);
    }
    if (def->returns && def->returns->kind != PY_NONE) {
        tir_dtype rt;
        if (sb_annotation_dtype(b, def->returns, &rt)) {
            f->has_ret_type = true;
            f->ret_dtype = rt;
        }
    }
    if (b->d->nerrors != before)
        return NULL;
    b->in_func_top = true;
    tir_stmt *body = sb_build_suite(b, &def->body, 0, def->loc);
    b->in_func_top = false;
    if (!body)
        return NULL;
    for (uint32_t i = 0; i < f->nparams; i++)
        if (!f->params[i])
            return NULL;
    if (b->saw_block || b->root->nalloc) {
        /* TVM wraps a body with blocks in the root block (5.4). */
        /* ... unless the body already is a single block with no iter vars (TVM's rule; the name does not matter) */
        if (!(body->kind == TIR_S_BLOCK_REALIZE && body->block->niter_vars == 0 && b->root->nalloc == 0)) {
            b->root->body = body;
            tir_stmt *r = tir_stmt_new(b->a, TIR_S_BLOCK_REALIZE, def->loc);
            r->block = b->root;
            r->predicate = tir_int(b->a, TIR_DT_BOOL, 1, def->loc);
            body = r;
        }
    }
    f->body = body;
    return f;
}

/* "tvm.script", "tvm.script.parser", "tvm.script.ir_builder": the modules
 * TVM's own code imports the dialects from. */
static bool is_script_module(const char *m)
{
    return strcmp(m, "tvm.script") == 0 || strcmp(m, "tvm.script.parser") == 0 ||
           strcmp(m, "tvm.script.ir_builder") == 0;
}

/* Does the source text (len bytes, not NUL-terminated) contain s? */
static bool text_has(const tir_diag *d, const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; d->src && n <= d->src_len && i <= d->src_len - n; i++)
        if (d->src[i] == s[0] && memcmp(d->src + i, s, n) == 0)
            return true;
    return false;
}

/* Text that only TVM >= 0.25 prints or parses (tvmscript-tirx.md 0, 1.5). */
static bool has_tirx_0_25_marks(const tir_diag *d)
{
    return text_has(d, "T.let[") || text_has(d, "s_tir=") || text_has(d, "tvm.tirx.layout") ||
           text_has(d, "import tile as Tx");
}

/* The dialect (tvmscript-tirx.md 1.1): classic `tir` or `tirx`, from the
 * imports, else the commented header mod.script() prints, else the body
 * constructs that exist only in tirx.  For tirx, which release's meaning
 * applies: 0.25's marks (T.let[...], s_tir=, the Axis import) mean 0.25 or
 * later; a printed header without them is 0.24's; a program written by hand
 * against an import gets today's meaning. */
static void scan_imports(builder *b, const py_module *m, int tvm_minor)
{
    bool tirx_import = false, tirx_header = false, classic = false;
    tir_loc import_loc = {1, 1, 0};
    for (uint32_t i = 0; i < m->body.len; i++) {
        const py_stmt *s = m->body.items[i];
        if (s->kind != PY_S_IMPORT || !s->from_module)
            continue;
        for (uint32_t k = 0; k < s->nnames; k++) {
            const char *alias = s->asnames[k] ? s->asnames[k] : s->names[k];
            if (!is_script_module(s->from_module))
                continue;
            if (strcmp(s->names[k], "tir") == 0) {
                b->t_alias = alias;
                classic = true;
                import_loc = s->loc;
                char *why = tir_arena_alloc(b->a, strlen(s->from_module) + strlen(alias) + 80);
                sprintf(why, "this file imports the classic `tir` (from %s import tir%s%s)", s->from_module,
                        s->asnames[k] ? " as " : "", s->asnames[k] ? alias : "");
                b->dialect_reason = why;
            } else if (strcmp(s->names[k], "tirx") == 0) {
                b->t_alias = alias;
                tirx_import = true;
                import_loc = s->loc;
            } else if (strcmp(s->names[k], "ir") == 0) {
                b->i_alias = alias;
            }
        }
    }
    for (uint32_t i = 0; i < m->ncomments; i++) {
        const char *t = m->comments[i].text;
        while (*t == ' ')
            t++;
        if (strncmp(t, "from tvm.script import tirx as ", 31) == 0)
            tirx_header = true;
    }
    bool marks = has_tirx_0_25_marks(b->d);
    if (classic)
        b->tirx = 0;
    else if (tirx_import)
        b->tirx = 26;
    else if (tirx_header)
        b->tirx = marks ? 26 : 24;
    else if (marks || text_has(b->d, "T.sblock(") || text_has(b->d, "T.sblock_alloc_buffer("))
        b->tirx = marks ? 26 : 24;
    if (!tvm_minor)
        return;
    /* tirc --tvm-version 0.MINOR: that release's meaning instead of the guess */
    if (classic && tvm_minor >= 24)
        ERR(b, import_loc,
            "the classic tir dialect (from tvm.script import tir) is TVM 0.23's and earlier; TVM 0.%d prints tirx",
            tvm_minor);
    else if (b->tirx && tvm_minor < 24 && (tirx_import || tirx_header))
        ERR(b, import_loc, "the tirx dialect is TVM 0.24's and later; TVM 0.%d prints the classic tir dialect", tvm_minor);
    else
        b->tirx = tvm_minor >= 24 ? tvm_minor : 0;
    if (!b->tirx && !classic) {
        char *why = tir_arena_alloc(b->a, 96);
        sprintf(why, "this file is read as TVM 0.%d's (--tvm-version 0.%d), whose dialect is the classic `tir`",
                tvm_minor, tvm_minor);
        b->dialect_reason = why;
    }
}

/* @R.function / @relax.function: a Relax function printed in the same
 * IRModule as the PrimFuncs (what Relax pipelines such as mlc-llm print). */
static bool is_relax_function(const py_stmt *s)
{
    for (uint32_t i = 0; i < s->ndecorators; i++) {
        const py_expr *d = s->decorators[i];
        if (d->kind == PY_CALL)
            d = d->func;
        if (d->kind == PY_ATTR && d->value->kind == PY_NAME &&
            (strcmp(d->value->name, "R") == 0 || strcmp(d->value->name, "relax") == 0))
            return true;
    }
    return false;
}

/* @I.pyfunc: a Python method of a module that derives from TVM's
 * BasePyModule (TVM 0.24 on); it runs in Python beside the PrimFuncs. */
static bool is_python_function(builder *b, const py_stmt *s)
{
    for (uint32_t i = 0; i < s->ndecorators; i++)
        if (is_decorator(b, s->decorators[i], true, "pyfunc"))
            return true;
    return false;
}

/* M = TypeVar("M"), TVM 0.27's module-level signature variable */
static bool is_typevar(const py_stmt *s)
{
    const py_expr *v = s->value;
    if (s->target->kind != PY_NAME || v->kind != PY_CALL || v->nitems != 1 || v->items[0]->kind != PY_STR ||
        v->items[0]->fstring)
        return false;
    const py_expr *f = v->func;
    bool named = (f->kind == PY_NAME && strcmp(f->name, "TypeVar") == 0) ||
                 (f->kind == PY_ATTR && strcmp(f->name, "TypeVar") == 0);
    return named && strcmp(v->items[0]->str, s->target->name) == 0;
}

static void build_def(builder *b, const py_stmt *s)
{
    if (s->ndecorators && sb_is_macro_decorator(b, s->decorators[s->ndecorators - 1])) {
        if (b->module_class)
            ERR(b, s->loc, "macro '%s' must be defined at module level, outside the IR module class", s->name);
        else
            sb_define_macro(b, s);
        return;
    }
    if (s->ndecorators == 0 || !is_decorator(b, s->decorators[s->ndecorators - 1], false, "prim_func")) {
        ERR(b, s->loc, "function '%s' is not a @T.prim_func", s->name);
        return;
    }
    tir_func *f = build_func(b, s);
    if (f)
        tir_vec_push(b->a, &b->funcs, f);
}

tir_module *tir_script_build(tir_arena *a, tir_diag *d, const py_module *m)
{
    return tir_script_build_for(a, d, m, 0);
}

tir_module *tir_script_build_for(tir_arena *a, tir_diag *d, const py_module *m, int tvm_minor)
{
    builder bb;
    memset(&bb, 0, sizeof bb);
    builder *b = &bb;
    b->a = a;
    b->d = d;
    b->t_alias = "T";
    b->i_alias = "I";
    b->pm = m;
    b->tvm_minor = tvm_minor;
    scan_imports(b, m, tvm_minor);
    if (d->nerrors)
        return NULL;
    sb_read_defines(b, m);
    for (uint32_t i = 0; i < m->body.len; i++) {
        const py_stmt *s = m->body.items[i];
        b->module_pos = i;
        switch (s->kind) {
        case PY_S_IMPORT: break;
        case PY_S_EXPR:
            if (s->value->kind == PY_STR)
                break; /* module docstring */
            ERR(b, s->loc, "tirc reads the TVMScript module only; remove the surrounding Python");
            break;
        case PY_S_FUNCDEF: build_def(b, s); break;
        case PY_S_ASSIGN:
            if (s->nchain == 0 && is_typevar(s) && b->ntypevars < MAX_TYPEVARS) {
                b->typevars[b->ntypevars++] = s->target->name;
                break;
            }
            /* fall through */
        case PY_S_ANNASSIGN:
            /* M = N = K = 128, dtype = "float32": constants the functions read */
            if (!sb_module_assign(b, s))
                ERR(b, s->loc, "tirc reads the TVMScript module only; remove the surrounding Python "
                    "(module-level names may hold constants: numbers, strings, dtypes, tuples of them)");
            break;
        case PY_S_CLASSDEF:
            if (s->ndecorators == 0 || !is_decorator(b, s->decorators[s->ndecorators - 1], true, "ir_module")) {
                ERR(b, s->loc, "class '%s' is not an @I.ir_module", s->name);
                break;
            }
            b->class_name = s->name;
            b->module_class = s;
            for (uint32_t k = 0; k < s->body.len; k++) {
                const py_stmt *fs = s->body.items[k];
                if (fs->kind == PY_S_FUNCDEF && is_relax_function(fs))
                    tir_diag_note(b->d, fs->loc, "skipping Relax function '%s' (only PrimFuncs are TIR)", fs->name);
                else if (fs->kind == PY_S_FUNCDEF && is_python_function(b, fs))
                    tir_diag_note(b->d, fs->loc, "skipping Python function '%s' (an @I.pyfunc runs in Python, not TIR)",
                                  fs->name);
                else if (fs->kind == PY_S_FUNCDEF)
                    build_def(b, fs);
                else if (fs->kind == PY_S_ASSIGN && fs->value->kind == PY_CALL && fs->value->func->kind == PY_ATTR &&
                         fs->value->func->value->kind == PY_NAME &&
                         (strcmp(fs->value->func->value->name, "R") == 0 ||
                          strcmp(fs->value->func->value->name, "relax") == 0))
                    ; /* a Relax global such as R.ExternFunc(...) */
                else if (fs->kind == PY_S_EXPR && (fs->value->kind == PY_STR || (fs->value->kind == PY_CALL &&
                                                                                     fs->value->func->kind == PY_ATTR &&
                                                                                     fs->value->func->value->kind == PY_NAME &&
                                                                                     b->i_alias && strcmp(fs->value->func->value->name, b->i_alias) == 0)))
                    ; /* docstring, I.module_attrs(...) */
                else if (fs->kind != PY_S_PASS)
                    ERR(b, fs->loc, "only @T.prim_func functions may appear in an IR module");
            }
            b->class_name = NULL;
            b->module_class = NULL;
            break;
        default:
            ERR(b, s->loc, "tirc reads the TVMScript module only; remove the surrounding Python");
            break;
        }
    }
    if (d->nerrors)
        return NULL;
    if (b->funcs.len == 0) {
        tir_loc loc = {0};
        ERR(b, loc, "no @T.prim_func function found");
        return NULL;
    }
    for (size_t i = 0; i < b->funcs.len; i++)
        for (size_t k = 0; k < i; k++)
            if (strcmp(((tir_func *)b->funcs.items[i])->name, ((tir_func *)b->funcs.items[k])->name) == 0) {
                ERR(b, ((tir_func *)b->funcs.items[i])->loc, "duplicate function name '%s'",
                    ((tir_func *)b->funcs.items[i])->name);
                return NULL;
            }
    tir_module *mod = tir_arena_alloc(a, sizeof *mod);
    mod->nfuncs = (uint32_t)b->funcs.len;
    mod->funcs = (tir_func **)b->funcs.items;
    return mod;
}

