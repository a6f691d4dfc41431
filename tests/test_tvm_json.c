/* Unit tests of the JSON reader (json.c) and the TVM JSON front end
 * (tvm_json.c): real files TVM wrote, the same programs through the
 * TVMScript front end, and hostile input. */
#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "compile.h"
#include "json.h"
#include "py_ast.h"
#include "script.h"
#include "tirbc.h"
#include "tvm_json.h"

#define CHECK_STR_EQ(actual, expected)                                                         \
    do {                                                                                       \
        const char *check_s_ = (actual), *check_e_ = (expected);                               \
        if (!check_s_ || strcmp(check_s_, check_e_) != 0) {                                    \
            printf("#   %s:%d: expected \"%s\", got \"%s\"\n", __FILE__, __LINE__, check_e_,  \
                   check_s_ ? check_s_ : "(null)");                                            \
            check_failures_in_case++;                                                          \
        }                                                                                      \
    } while (0)

/* ---- helpers ------------------------------------------------------------------ */

typedef struct {
    tir_arena a;
    tir_diag d;
    tir_module *m;
} built;

static void build_json_bytes(built *b, const char *src, size_t len)
{
    tir_arena_init(&b->a);
    tir_diag_init(&b->d, "t.json", src, len);
    b->m = tir_json_build(&b->a, &b->d, src, len, NULL, 0);
}

static void build_json(built *b, const char *src) { build_json_bytes(b, src, strlen(src)); }

static void build_script(built *b, const char *src, size_t len)
{
    tir_arena_init(&b->a);
    tir_diag_init(&b->d, "t.py", src, len);
    py_module *pm = py_parse(&b->a, &b->d, src, len);
    b->m = pm && !b->d.nerrors ? tir_script_build(&b->a, &b->d, pm) : NULL;
}

static void release(built *b)
{
    tir_diag_free(&b->d);
    tir_arena_free(&b->a);
}

/* Builds src, which must fail, and returns the diagnostics (owned by b). */
static const char *json_errors(built *b, const char *src)
{
    build_json(b, src);
    CHECK(b->m == NULL);
    CHECK(b->d.nerrors > 0);
    return b->d.text ? b->d.text : "";
}

static bool read_file(const char *path, char **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    *data = buf;
    *len = n;
    return buf != NULL;
}

/* ---- a structural fingerprint of a module --------------------------------------
 * Node kinds, dtypes, constants and the identity of variables and buffers
 * (numbered by first appearance), ignoring names and source locations. */
typedef struct {
    char *buf;
    size_t len, cap;
    const void **seen; /* variables and buffers in order of first appearance */
    size_t nseen, seen_cap;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if (t->len + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 4096;
        while (cap < t->len + (size_t)n + 1)
            cap *= 2;
        char *nb = realloc(t->buf, cap);
        if (!nb)
            return;
        t->buf = nb;
        t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

/* The number of an object in order of first appearance. */
static size_t ident(text *t, const void *p)
{
    for (size_t i = 0; i < t->nseen; i++)
        if (t->seen[i] == p)
            return i;
    if (t->nseen == t->seen_cap) {
        size_t cap = t->seen_cap ? t->seen_cap * 2 : 64;
        const void **grown = realloc(t->seen, cap * sizeof *grown);
        if (!grown)
            abort();
        t->seen = grown;
        t->seen_cap = cap;
    }
    t->seen[t->nseen++] = p;
    return t->nseen - 1;
}

static void put_dtype(text *t, tir_dtype dt)
{
    char tmp[32];
    put(t, "%s", tir_dtype_str(dt, tmp, sizeof tmp));
}

static void fp_var(text *t, const tir_var *v)
{
    put(t, "v%zu:", ident(t, v));
    put_dtype(t, v->dtype);
    if (v->type_kind == TIR_TYPE_POINTER) {
        put(t, "*");
        put_dtype(t, v->elem_dtype);
        put(t, "@%s", v->scope ? v->scope : "?");
    }
}

static void fp_expr(text *t, const tir_expr *e);

static void fp_exprs(text *t, tir_expr *const *es, uint32_t n)
{
    put(t, "[");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            put(t, " ");
        fp_expr(t, es[i]);
    }
    put(t, "]");
}

static void fp_buffer_ref(text *t, const tir_buffer *b)
{
    size_t before = t->nseen;
    size_t id = ident(t, b);
    put(t, "b%zu", id);
    if (t->nseen == before)
        return;
    /* first appearance: the declaration */
    put(t, "{");
    put_dtype(t, b->dtype);
    put(t, " data=");
    fp_var(t, b->data);
    put(t, " shape=");
    fp_exprs(t, b->shape, b->ndim);
    put(t, " strides=");
    fp_exprs(t, b->strides, b->nstrides);
    put(t, " off=");
    if (b->elem_offset)
        fp_expr(t, b->elem_offset);
    put(t, " %s %d %d%s}", b->scope ? b->scope : "?", b->data_alignment, b->offset_factor,
        b->auto_broadcast ? " auto" : "");
}

static void fp_expr(text *t, const tir_expr *e)
{
    if (!e) {
        put(t, "_");
        return;
    }
    put(t, "(%s:", tir_expr_kind_names[e->kind]);
    put_dtype(t, e->dtype);
    switch (e->kind) {
    case TIR_E_VAR: put(t, " "); fp_var(t, e->var); break;
    case TIR_E_INT: put(t, " %lld", (long long)e->ival); break;
    case TIR_E_FLOAT: put(t, " %.17g", e->fval); break;
    case TIR_E_STR: put(t, " '%s'", e->str); break;
    case TIR_E_LOAD:
        put(t, " ");
        fp_buffer_ref(t, e->buffer);
        fp_exprs(t, e->args, e->nargs);
        break;
    case TIR_E_RAMP:
    case TIR_E_BROADCAST: put(t, " lanes=%d", e->lanes); break;
    case TIR_E_LET: put(t, " "); fp_var(t, e->var); break;
    case TIR_E_CALL:
        if (e->op)
            put(t, " %s", e->op);
        if (e->callee)
            put(t, " @%s", e->callee);
        fp_exprs(t, e->args, e->nargs);
        break;
    case TIR_E_SHUFFLE:
        fp_exprs(t, e->args, e->nargs);
        fp_exprs(t, e->args2, e->nargs2);
        break;
    default: break;
    }
    if (e->a) {
        put(t, " ");
        fp_expr(t, e->a);
    }
    if (e->b) {
        put(t, " ");
        fp_expr(t, e->b);
    }
    if (e->c) {
        put(t, " ");
        fp_expr(t, e->c);
    }
    put(t, ")");
}

static void fp_region(text *t, const tir_region *r)
{
    fp_buffer_ref(t, r->buffer);
    put(t, "[");
    for (uint32_t i = 0; i < r->n; i++) {
        fp_expr(t, r->mins[i]);
        put(t, ":");
        fp_expr(t, r->extents[i]);
        put(t, " ");
    }
    put(t, "]");
}

static const char *const stmt_names[] = {
    "LetStmt", "AttrStmt", "AssertStmt", "BufferStore", "BufferRealize", "Allocate", "DeclBuffer",
    "SeqStmt", "IfThenElse", "Evaluate", "For", "While", "BlockRealize",
};

static void fp_stmt(text *t, const tir_stmt *s, int indent)
{
    if (!s) {
        put(t, "%*s_\n", indent, "");
        return;
    }
    put(t, "%*s%s", indent, "", stmt_names[s->kind]);
    switch (s->kind) {
    case TIR_S_LET:
        put(t, " ");
        fp_var(t, s->var);
        put(t, " = ");
        fp_expr(t, s->value);
        break;
    case TIR_S_ATTR:
        put(t, " %s ", s->attr_key);
        if (s->var)
            fp_var(t, s->var);
        fp_expr(t, s->attr_node);
        fp_expr(t, s->value);
        break;
    case TIR_S_ASSERT:
        fp_expr(t, s->cond);
        fp_expr(t, s->message);
        break;
    case TIR_S_STORE:
        put(t, " ");
        fp_buffer_ref(t, s->buffer);
        fp_exprs(t, s->indices, s->nindices);
        put(t, " = ");
        fp_expr(t, s->value);
        break;
    case TIR_S_REALIZE:
        put(t, " ");
        fp_buffer_ref(t, s->buffer);
        fp_expr(t, s->cond);
        break;
    case TIR_S_ALLOCATE:
        put(t, " ");
        fp_var(t, s->var);
        put(t, " ");
        put_dtype(t, s->dtype);
        fp_exprs(t, s->indices, s->nindices);
        fp_expr(t, s->cond);
        break;
    case TIR_S_DECL_BUFFER:
        put(t, " ");
        fp_buffer_ref(t, s->buffer);
        break;
    case TIR_S_SEQ:
        put(t, "\n");
        for (uint32_t i = 0; i < s->nseq; i++)
            fp_stmt(t, s->seq[i], indent + 1);
        return;
    case TIR_S_IF:
        fp_expr(t, s->cond);
        put(t, "\n");
        fp_stmt(t, s->body, indent + 1);
        if (s->else_case)
            fp_stmt(t, s->else_case, indent + 1);
        return;
    case TIR_S_EVALUATE: fp_expr(t, s->value); break;
    case TIR_S_FOR:
        put(t, " kind=%d ", (int)s->for_kind);
        fp_var(t, s->var);
        fp_expr(t, s->min);
        fp_expr(t, s->extent);
        if (s->thread_tag)
            put(t, " %s", s->thread_tag);
        break;
    case TIR_S_WHILE: fp_expr(t, s->cond); break;
    case TIR_S_BLOCK_REALIZE: {
        const tir_block *b = s->block;
        fp_exprs(t, s->indices, s->nindices);
        fp_expr(t, s->predicate);
        put(t, " iters=");
        for (uint32_t i = 0; i < b->niter_vars; i++) {
            const tir_iter_var *iv = &b->iter_vars[i];
            put(t, "<%d ", iv->iter_type);
            fp_var(t, iv->var);
            fp_expr(t, iv->dom_min);
            fp_expr(t, iv->dom_extent);
            put(t, "%s>", iv->thread_tag ? iv->thread_tag : "");
        }
        put(t, " alloc=");
        for (uint32_t i = 0; i < b->nalloc; i++)
            fp_buffer_ref(t, b->alloc_buffers[i]);
        put(t, " match=");
        for (uint32_t i = 0; i < b->nmatch; i++) {
            fp_buffer_ref(t, b->match_buffers[i].buffer);
            fp_region(t, &b->match_buffers[i].source);
        }
        put(t, " reads=");
        for (uint32_t i = 0; i < b->nreads; i++)
            fp_region(t, &b->reads[i]);
        put(t, " writes=");
        for (uint32_t i = 0; i < b->nwrites; i++)
            fp_region(t, &b->writes[i]);
        put(t, "\n");
        if (b->init) {
            put(t, "%*sinit\n", indent + 1, "");
            fp_stmt(t, b->init, indent + 2);
        }
        fp_stmt(t, b->body, indent + 1);
        return;
    }
    }
    put(t, "\n");
    if (s->body)
        fp_stmt(t, s->body, indent + 1);
}

/* The fingerprint of a module (malloc'ed). */
static char *fingerprint(const tir_module *m)
{
    text t;
    memset(&t, 0, sizeof t);
    for (uint32_t i = 0; m && i < m->nfuncs; i++) {
        const tir_func *f = m->funcs[i];
        put(&t, "func %s%s ret=", f->name, f->is_private ? " private" : "");
        if (f->has_ret_type)
            put_dtype(&t, f->ret_dtype);
        /* attribute maps have no order */
        put(&t, " attrs=");
        const char *prev = "";
        for (uint32_t n = 0; n < f->nattrs; n++) {
            const char *next = NULL;
            for (uint32_t k = 0; k < f->nattrs; k++)
                if (strcmp(f->attr_keys[k], prev) > 0 && (!next || strcmp(f->attr_keys[k], next) < 0))
                    next = f->attr_keys[k];
            if (!next)
                break;
            put(&t, "%s,", next);
            prev = next;
        }
        put(&t, "\n");
        for (uint32_t k = 0; k < f->nparams; k++) {
            put(&t, " param ");
            fp_var(&t, f->params[k]);
            if (f->param_buffers[k]) {
                put(&t, " -> ");
                fp_buffer_ref(&t, f->param_buffers[k]);
            }
            put(&t, "\n");
        }
        fp_stmt(&t, f->body, 1);
    }
    free(t.seen);
    if (!t.buf)
        return calloc(1, 1);
    return t.buf;
}

/* Prints the first line where two fingerprints differ. */
static void show_first_difference(const char *a, const char *b)
{
    int line = 1;
    const char *la = a, *lb = b;
    while (*a && *a == *b) {
        if (*a == '\n') {
            line++;
            la = a + 1;
            lb = b + 1;
        }
        a++;
        b++;
    }
    int na = (int)strcspn(la, "\n"), nb = (int)strcspn(lb, "\n");
    printf("#   fingerprints differ at line %d:\n#     json:   %.*s\n#     script: %.*s\n", line, na < 400 ? na : 400, la,
           nb < 400 ? nb : 400, lb);
}

/* ---- the TVM sample corpus -------------------------------------------------------- */
static const char *samples_root(void)
{
    /* set by meson to the corpus beside the source tree */
    const char *env = getenv("TVM_SAMPLES_DIR");
    return env && *env ? env : NULL;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static void test_builds_every_tvm_sample_and_matches_tvmscript(void)
{
    static const char *const stages[] = {"te", "scheduled", "lowered"};
    int json_ok = 0, json_total = 0, compared = 0, matched = 0;
    if (!samples_root())
        SKIP("TVM_SAMPLES_DIR is not set");
    for (size_t s = 0; s < sizeof stages / sizeof stages[0]; s++) {
        char dir_path[1024];
        snprintf(dir_path, sizeof dir_path, "%s/%s", samples_root(), stages[s]);
        DIR *dir = opendir(dir_path);
        if (!dir)
            continue;
        struct dirent *ent;
        while ((ent = readdir(dir)) != NULL) {
            if (!ends_with(ent->d_name, ".json") || ends_with(ent->d_name, ".case.json"))
                continue;
            char path[2048];
            snprintf(path, sizeof path, "%s/%s", dir_path, ent->d_name);
            char *data;
            size_t len;
            json_total++;
            if (!read_file(path, &data, &len)) {
                printf("#   cannot read %s\n", path);
                CHECK(false);
                continue;
            }
            built j;
            build_json_bytes(&j, data, len);
            if (!j.m)
                printf("#   %s failed:\n%s", path, j.d.text ? j.d.text : "");
            CHECK(j.m != NULL);
            if (j.m)
                json_ok++;
            /* The same module printed as TVMScript, when the script front end takes it. */
            char py_path[2048];
            snprintf(py_path, sizeof py_path, "%.*s.py", (int)(strlen(path) - 5), path);
            char *py;
            size_t py_len;
            if (j.m && read_file(py_path, &py, &py_len)) {
                built p;
                build_script(&p, py, py_len);
                if (p.m) {
                    compared++;
                    char *fj = fingerprint(j.m), *fs = fingerprint(p.m);
                    if (strcmp(fj, fs) == 0) {
                        matched++;
                    } else {
                        printf("#   %s: the JSON and TVMScript front ends disagree\n", path);
                        show_first_difference(fj, fs);
                        CHECK(false);
                    }
                    free(fj);
                    free(fs);
                }
                release(&p);
                free(py);
            }
            release(&j);
            free(data);
        }
        closedir(dir);
    }
    printf("# built %d of %d TVM sample JSON files; %d of %d compared with TVMScript match\n", json_ok, json_total,
           matched, compared);
    if (!json_total)
        SKIP("no TVM sample JSON files in TVM_SAMPLES_DIR (the corpus is optional)");
}

/* ---- the examples of tvm-json.md (sections 2.4 and 3.3) ---------------------------------- */
static const char add_one_py[] =
    "from tvm.script import tir as T\n"
    "\n"
    "@T.prim_func\n"
    "def main(A: T.Buffer((4,), \"float32\")):\n"
    "    for i in range(4):\n"
    "        A[i] = A[i] + T.float32(1)\n";

/* add_one_py as TVM v0.18 saves it (legacy format) */
static const char add_one_legacy[] =
    "{\"root\": 1, \"b64ndarrays\": [], \"attrs\": {\"tvm_version\": \"0.18.0\"}, \"nodes\": [\n"
    "{\"type_key\": \"\"},\n"
    "{\"type_key\": \"tir.PrimFunc\", \"attrs\": {\"_checked_type_\": \"0\", \"attrs\": \"34\", \"body\": \"6\",\n"
    "    \"buffer_map\": \"33\", \"params\": \"2\", \"ret_type\": \"31\", \"span\": \"0\"}},\n"
    "{\"type_key\": \"Array\", \"data\": [3]},\n"
    "{\"type_key\": \"tir.Var\", \"attrs\": {\"dtype\": \"handle\", \"name\": \"4\", \"span\": \"0\", \"type_annotation\": \"5\"}},\n"
    "{\"type_key\": \"runtime.String\", \"repr_str\": \"A_handle\"},\n"
    "{\"type_key\": \"PrimType\", \"attrs\": {\"dtype\": \"handle\"}},\n"
    "{\"type_key\": \"tir.For\", \"attrs\": {\"annotations\": \"30\", \"body\": \"12\", \"extent\": \"11\", \"kind\": \"0\",\n"
    "    \"loop_var\": \"7\", \"min\": \"10\", \"span\": \"0\", \"thread_binding\": \"0\"}},\n"
    "{\"type_key\": \"tir.Var\", \"attrs\": {\"dtype\": \"int32\", \"name\": \"8\", \"span\": \"0\", \"type_annotation\": \"9\"}},\n"
    "{\"type_key\": \"runtime.String\", \"repr_str\": \"i\"},\n"
    "{\"type_key\": \"PrimType\", \"attrs\": {\"dtype\": \"int32\"}},\n"
    "{\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"int32\", \"span\": \"0\", \"value\": \"0\"}},\n"
    "{\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"int32\", \"span\": \"0\", \"value\": \"4\"}},\n"
    "{\"type_key\": \"tir.BufferStore\", \"attrs\": {\"buffer\": \"13\", \"indices\": \"29\", \"predicate\": \"0\",\n"
    "    \"span\": \"0\", \"value\": \"25\"}},\n"
    "{\"type_key\": \"tir.Buffer\", \"attrs\": {\"axis_separators\": \"22\", \"buffer_type\": \"1\", \"data\": \"14\",\n"
    "    \"data_alignment\": \"64\", \"dtype\": \"float32\", \"elem_offset\": \"23\", \"name\": \"24\",\n"
    "    \"offset_factor\": \"1\", \"shape\": \"19\", \"span\": \"0\", \"strides\": \"21\"}},\n"
    "{\"type_key\": \"tir.Var\", \"attrs\": {\"dtype\": \"handle\", \"name\": \"15\", \"span\": \"0\", \"type_annotation\": \"16\"}},\n"
    "{\"type_key\": \"runtime.String\", \"repr_str\": \"A\"},\n"
    "{\"type_key\": \"PointerType\", \"attrs\": {\"element_type\": \"17\", \"storage_scope\": \"18\"}},\n"
    "{\"type_key\": \"PrimType\", \"attrs\": {\"dtype\": \"float32\"}},\n"
    "{\"type_key\": \"runtime.String\", \"repr_str\": \"global\"},\n"
    "{\"type_key\": \"Array\", \"data\": [20]},\n"
    "{\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"int32\", \"span\": \"0\", \"value\": \"4\"}},\n"
    "{\"type_key\": \"Array\"},\n"
    "{\"type_key\": \"Array\"},\n"
    "{\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"int32\", \"span\": \"0\", \"value\": \"0\"}},\n"
    "{\"type_key\": \"runtime.String\", \"repr_str\": \"A\"},\n"
    "{\"type_key\": \"tir.Add\", \"attrs\": {\"a\": \"26\", \"b\": \"28\", \"dtype\": \"float32\", \"span\": \"0\"}},\n"
    "{\"type_key\": \"tir.BufferLoad\", \"attrs\": {\"buffer\": \"13\", \"dtype\": \"float32\", \"indices\": \"27\",\n"
    "    \"predicate\": \"0\", \"span\": \"0\"}},\n"
    "{\"type_key\": \"Array\", \"data\": [7]},\n"
    "{\"type_key\": \"FloatImm\", \"attrs\": {\"dtype\": \"float32\", \"span\": \"0\", \"value\": \"1\"}},\n"
    "{\"type_key\": \"Array\", \"data\": [7]},\n"
    "{\"type_key\": \"Map\"},\n"
    "{\"type_key\": \"TupleType\", \"attrs\": {\"fields\": \"32\", \"span\": \"0\"}},\n"
    "{\"type_key\": \"Array\"},\n"
    "{\"type_key\": \"Map\", \"data\": [3, 13]},\n"
    "{\"type_key\": \"DictAttrs\", \"attrs\": {\"__dict__\": \"35\"}},\n"
    "{\"type_key\": \"Map\", \"keys\": [\"global_symbol\"], \"data\": [36]},\n"
    "{\"type_key\": \"runtime.String\", \"repr_str\": \"main\"}\n"
    "]}\n";

/* the same function as TVM v0.23 saves it (tvm-ffi graph format) */
static const char add_one_ffi[] =
    "{\"root_index\": 36, \"metadata\": {\"tvm_version\": \"0.23.0\"}, \"nodes\": [\n"
    "  {\"type\": \"None\"},\n"
    "  {\"type\": \"ffi.String\", \"data\": \"global_symbol\"},\n"
    "  {\"type\": \"ffi.String\", \"data\": \"main\"},\n"
    "  {\"type\": \"ffi.Map\", \"data\": [1, 2]},\n"
    "  {\"type\": \"ir.DictAttrs\", \"data\": {\"__dict__\": 3}},\n"
    "  {\"type\": \"ffi.String\", \"data\": \"A_handle\"},\n"
    "  {\"type\": \"ir.PrimType\", \"data\": {\"span\": 0, \"dtype\": \"handle\"}},\n"
    "  {\"type\": \"tir.Var\", \"data\": {\"span\": 0, \"dtype\": \"handle\", \"name\": 5, \"type_annotation\": 6}},\n"
    "  {\"type\": \"ffi.Array\", \"data\": [7]},\n"
    "  {\"type\": \"ffi.Array\", \"data\": []},\n"
    "  {\"type\": \"ir.TupleType\", \"data\": {\"span\": 0, \"fields\": 9}},\n"
    "  {\"type\": \"ffi.String\", \"data\": \"A\"},\n"
    "  {\"type\": \"ir.PrimType\", \"data\": {\"span\": 0, \"dtype\": \"float32\"}},\n"
    "  {\"type\": \"ffi.String\", \"data\": \"global\"},\n"
    "  {\"type\": \"ir.PointerType\", \"data\": {\"span\": 0, \"element_type\": 12, \"storage_scope\": 13}},\n"
    "  {\"type\": \"tir.Var\", \"data\": {\"span\": 0, \"dtype\": \"handle\", \"name\": 11, \"type_annotation\": 14}},\n"
    "  {\"type\": \"ir.IntImm\", \"data\": {\"span\": 0, \"dtype\": \"int32\", \"value\": 4}},\n"
    "  {\"type\": \"ffi.Array\", \"data\": [16]},\n"
    "  {\"type\": \"ffi.Array\", \"data\": []},\n"
    "  {\"type\": \"ffi.Array\", \"data\": []},\n"
    "  {\"type\": \"ir.IntImm\", \"data\": {\"span\": 0, \"dtype\": \"int32\", \"value\": 0}},\n"
    "  {\"type\": \"tir.Buffer\", \"data\": {\"data\": 15, \"dtype\": \"float32\", \"shape\": 17, \"strides\": 18,\n"
    "      \"axis_separators\": 19, \"elem_offset\": 20, \"name\": 11, \"data_alignment\": 64,\n"
    "      \"offset_factor\": 1, \"buffer_type\": 1, \"span\": 0}},\n"
    "  {\"type\": \"ffi.Map\", \"data\": [7, 21]},\n"
    "  {\"type\": \"ffi.String\", \"data\": \"i\"},\n"
    "  {\"type\": \"ir.PrimType\", \"data\": {\"span\": 0, \"dtype\": \"int32\"}},\n"
    "  {\"type\": \"tir.Var\", \"data\": {\"span\": 0, \"dtype\": \"int32\", \"name\": 23, \"type_annotation\": 24}},\n"
    "  {\"type\": \"ir.IntImm\", \"data\": {\"span\": 0, \"dtype\": \"int32\", \"value\": 0}},\n"
    "  {\"type\": \"ir.IntImm\", \"data\": {\"span\": 0, \"dtype\": \"int32\", \"value\": 4}},\n"
    "  {\"type\": \"ffi.Array\", \"data\": [25]},\n"
    "  {\"type\": \"tir.BufferLoad\", \"data\": {\"span\": 0, \"dtype\": \"float32\", \"buffer\": 21, \"indices\": 28, \"predicate\": 0}},\n"
    "  {\"type\": \"ir.FloatImm\", \"data\": {\"span\": 0, \"dtype\": \"float32\", \"value\": 1.0}},\n"
    "  {\"type\": \"tir.Add\", \"data\": {\"span\": 0, \"dtype\": \"float32\", \"a\": 29, \"b\": 30}},\n"
    "  {\"type\": \"ffi.Array\", \"data\": [25]},\n"
    "  {\"type\": \"tir.BufferStore\", \"data\": {\"span\": 0, \"buffer\": 21, \"value\": 31, \"indices\": 32, \"predicate\": 0}},\n"
    "  {\"type\": \"ffi.Map\", \"data\": []},\n"
    "  {\"type\": \"tir.For\", \"data\": {\"span\": 0, \"loop_var\": 25, \"min\": 26, \"extent\": 27, \"kind\": 0,\n"
    "      \"body\": 33, \"thread_binding\": 0, \"annotations\": 34, \"step\": 0}},\n"
    "  {\"type\": \"tir.PrimFunc\", \"data\": {\"span\": 0, \"struct_info_\": 0, \"attrs\": 4, \"params\": 8,\n"
    "      \"ret_type\": 10, \"buffer_map\": 22, \"body\": 35}}\n"
    "]}\n";

static void test_both_formats_build_what_tvmscript_builds(void)
{
    built p, legacy, ffi;
    build_script(&p, add_one_py, strlen(add_one_py));
    build_json(&legacy, add_one_legacy);
    build_json(&ffi, add_one_ffi);
    CHECK(p.m && legacy.m && ffi.m);
    if (legacy.d.text)
        printf("# %s", legacy.d.text);
    if (ffi.d.text)
        printf("# %s", ffi.d.text);
    if (p.m && legacy.m && ffi.m) {
        char *fp = fingerprint(p.m), *fl = fingerprint(legacy.m), *ff = fingerprint(ffi.m);
        if (strcmp(fl, fp) != 0)
            show_first_difference(fl, fp);
        if (strcmp(ff, fp) != 0)
            show_first_difference(ff, fp);
        CHECK_STR_EQ(fl, fp);
        CHECK_STR_EQ(ff, fp);
        free(fp);
        free(fl);
        free(ff);
    }
    release(&p);
    release(&legacy);
    release(&ffi);
}

/* The same node index is the same variable and the same buffer (section 1). */
static void test_shared_nodes_are_one_variable_and_one_buffer(void)
{
    built b;
    build_json(&b, add_one_legacy);
    CHECK(b.m != NULL);
    if (b.m) {
        const tir_func *f = b.m->funcs[0];
        CHECK_STR_EQ(f->name, "main");
        CHECK(!f->is_private);
        CHECK_EQ_INT(f->nattrs, 0); /* global_symbol equal to the name, as TVMScript shows it */
        CHECK_EQ_INT(f->nparams, 1);
        CHECK_STR_EQ(f->params[0]->name, "A_handle");
        CHECK(f->param_buffers[0] != NULL);
        const tir_stmt *loop = f->body;
        CHECK_EQ_INT(loop->kind, TIR_S_FOR);
        const tir_stmt *store = loop->body;
        CHECK_EQ_INT(store->kind, TIR_S_STORE);
        const tir_expr *load = store->value->a;
        CHECK_EQ_INT(load->kind, TIR_E_LOAD);
        CHECK(store->buffer == f->param_buffers[0]);
        CHECK(load->buffer == store->buffer);
        CHECK_STR_EQ(store->buffer->name, "A");
        CHECK_STR_EQ(store->buffer->data->name, "A");
        CHECK_EQ_INT(store->buffer->data->type_kind, TIR_TYPE_POINTER);
        CHECK_STR_EQ(store->buffer->data->scope, "global");
        CHECK(store->indices[0]->var == loop->var);
        CHECK(load->args[0]->var == loop->var);
        CHECK_STR_EQ(loop->var->name, "i");
    }
    release(&b);
}

/* AST nodes carry the index of their JSON node, so later errors can name it. */
static void test_nodes_carry_the_index_of_their_json_node(void)
{
    built b;
    build_json(&b, add_one_legacy);
    CHECK(b.m != NULL);
    if (b.m) {
        const tir_func *f = b.m->funcs[0];
        CHECK_EQ_INT(f->loc.node, 1 + 1);
        CHECK_EQ_INT(f->loc.line, 0);
        CHECK_EQ_INT(f->body->loc.node, 6 + 1); /* the For */
        CHECK_EQ_INT(f->body->body->loc.node, 12 + 1); /* the BufferStore */
        CHECK_EQ_INT(f->body->var->loc.node, 7 + 1); /* the loop variable */
    }
    release(&b);
    build_json(&b, add_one_ffi);
    CHECK(b.m != NULL);
    if (b.m)
        CHECK_EQ_INT(b.m->funcs[0]->body->loc.node, 35 + 1); /* the For */
    release(&b);
}

/* ---- a small writer of tvm-ffi node tables, for the tests below ------------------------ */
typedef struct {
    text t;
    int n;
} jgen;

/* Appends {"type": TYPE, "data": DATA} and returns its index; data NULL omits it. */
static int emit(jgen *g, const char *type, const char *data_fmt, ...) __attribute__((format(printf, 3, 4)));
static int emit(jgen *g, const char *type, const char *data_fmt, ...)
{
    if (g->n == 0)
        put(&g->t, "{\"nodes\": [\n");
    else
        put(&g->t, ",\n");
    put(&g->t, "{\"type\": \"%s\"", type);
    if (data_fmt) {
        char data[2048];
        va_list ap;
        va_start(ap, data_fmt);
        vsnprintf(data, sizeof data, data_fmt, ap);
        va_end(ap);
        put(&g->t, ", \"data\": %s", data);
    }
    put(&g->t, "}");
    return g->n++;
}

static void gen_init(jgen *g)
{
    memset(g, 0, sizeof *g);
    emit(g, "None", NULL); /* node 0, shared by every null field */
}

/* Finishes the file with root; the text is owned by g. */
static const char *gen_finish(jgen *g, int root)
{
    put(&g->t, "\n], \"root_index\": %d, \"metadata\": {\"tvm_version\": \"0.23.0\"}}\n", root);
    return g->t.buf;
}

static int g_str(jgen *g, const char *s) { return emit(g, "ffi.String", "\"%s\"", s); }
static int g_int(jgen *g, const char *dt, long long v)
{
    return emit(g, "ir.IntImm", "{\"dtype\": \"%s\", \"value\": %lld}", dt, v);
}
static int g_float(jgen *g, const char *dt, double v)
{
    return emit(g, "ir.FloatImm", "{\"dtype\": \"%s\", \"value\": %.17g}", dt, v);
}
static int g_var(jgen *g, const char *name, const char *dt)
{
    int ty = emit(g, "ir.PrimType", "{\"dtype\": \"%s\"}", dt);
    return emit(g, "tir.Var", "{\"dtype\": \"%s\", \"name\": %d, \"type_annotation\": %d}", dt, g_str(g, name), ty);
}
static int g_ptr(jgen *g, const char *name, const char *elem, const char *scope)
{
    int et = emit(g, "ir.PrimType", "{\"dtype\": \"%s\"}", elem);
    int pt = emit(g, "ir.PointerType", "{\"element_type\": %d, \"storage_scope\": %d}", et, g_str(g, scope));
    return emit(g, "tir.Var", "{\"dtype\": \"handle\", \"name\": %d, \"type_annotation\": %d}", g_str(g, name), pt);
}
/* An Array of node indices; the list ends with -1. */
static int g_arr(jgen *g, ...)
{
    char items[1024] = "";
    size_t len = 0;
    va_list ap;
    va_start(ap, g);
    for (int x; (x = va_arg(ap, int)) >= 0;)
        len += (size_t)snprintf(items + len, sizeof items - len, "%s%d", len ? ", " : "", x);
    va_end(ap);
    return emit(g, "ffi.Array", "[%s]", items);
}
static int g_bin(jgen *g, const char *type, const char *dt, int a, int b)
{
    return emit(g, type, "{\"dtype\": \"%s\", \"a\": %d, \"b\": %d}", dt, a, b);
}
static int g_buffer_on(jgen *g, const char *name, const char *dt, int data, int shape)
{
    return emit(g, "tir.Buffer",
                "{\"data\": %d, \"dtype\": \"%s\", \"shape\": %d, \"strides\": %d, \"axis_separators\": %d, "
                "\"elem_offset\": %d, \"name\": %d, \"data_alignment\": 64, \"offset_factor\": 1, \"buffer_type\": 1}",
                data, dt, shape, g_arr(g, -1), g_arr(g, -1), g_int(g, "int32", 0), g_str(g, name));
}
static int g_buffer(jgen *g, const char *name, const char *dt, int shape)
{
    return g_buffer_on(g, name, dt, g_ptr(g, name, dt, "global"), shape);
}
static int g_eval(jgen *g, int value) { return emit(g, "tir.Evaluate", "{\"value\": %d}", value); }
static int g_func(jgen *g, int params, int buffer_map, int body, int attrs)
{
    return emit(g, "tir.PrimFunc",
                "{\"attrs\": %d, \"params\": %d, \"ret_type\": %d, \"buffer_map\": %d, \"body\": %d}", attrs,
                params, emit(g, "ir.TupleType", "{\"fields\": %d}", g_arr(g, -1)), buffer_map, body);
}
static int g_attrs(jgen *g, const char *symbol)
{
    int map = symbol ? emit(g, "ffi.Map", "[%d, %d]", g_str(g, "global_symbol"), g_str(g, symbol))
                     : emit(g, "ffi.Map", "[]");
    return emit(g, "ir.DictAttrs", "{\"__dict__\": %d}", map);
}
/* A module of one function `name` (with global_symbol) whose body is body. */
static const char *g_module(jgen *g, int body)
{
    int fn = g_func(g, g_arr(g, -1), emit(g, "ffi.Map", "[]"), body, g_attrs(g, "main"));
    int gv = emit(g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(g, "main"));
    int mod = emit(g, "ir.IRModule", "{\"functions\": %d}", emit(g, "ffi.Map", "[%d, %d]", gv, fn));
    return gen_finish(g, mod);
}

/* ---- every node type of the specification ------------------------------------------------ */
static void test_every_node_type_builds(void)
{
    jgen g;
    gen_init(&g);
    int n = g_var(&g, "n", "int32");
    int A_h = g_var(&g, "A_handle", "handle");
    int A = g_buffer(&g, "A", "float32", g_arr(&g, g_int(&g, "int32", 8), -1));
    int B = g_buffer(&g, "B", "float32", g_arr(&g, g_int(&g, "int32", 8), -1));
    int C = g_buffer(&g, "C", "float32", g_arr(&g, g_int(&g, "int32", 1), -1));
    int zero = g_int(&g, "int32", 0), one = g_int(&g, "int32", 1), eight = g_int(&g, "int32", 8);
    int t = g_int(&g, "bool", 1);
    /* block "b": vi = T.axis.spatial(8, i); reads A[vi], writes B[vi]; init B[vi] = 0;
       C = T.match_buffer(A[vi:vi+1]); B[vi] = B[vi] + A[vi] * 2 */
    int i = g_var(&g, "i", "int32"), vi = g_var(&g, "vi", "int32");
    int rng8 = emit(&g, "ir.Range", "{\"min\": %d, \"extent\": %d}", zero, eight);
    int iv = emit(&g, "tir.IterVar", "{\"dom\": %d, \"var\": %d, \"iter_type\": 0, \"thread_tag\": %d}", rng8, vi,
                  g_str(&g, ""));
    int vi_idx = g_arr(&g, vi, -1);
    int rvi = emit(&g, "ir.Range", "{\"min\": %d, \"extent\": %d}", vi, one);
    int readA = emit(&g, "tir.BufferRegion", "{\"buffer\": %d, \"region\": %d}", A, g_arr(&g, rvi, -1));
    int writeB = emit(&g, "tir.BufferRegion", "{\"buffer\": %d, \"region\": %d}", B, g_arr(&g, rvi, -1));
    int match = emit(&g, "tir.MatchBufferRegion", "{\"buffer\": %d, \"source\": %d}", C, readA);
    int loadA = emit(&g, "tir.BufferLoad", "{\"dtype\": \"float32\", \"buffer\": %d, \"indices\": %d, \"predicate\": 0}",
                     A, vi_idx);
    int loadB = emit(&g, "tir.BufferLoad", "{\"dtype\": \"float32\", \"buffer\": %d, \"indices\": %d, \"predicate\": 0}",
                     B, vi_idx);
    int sum = g_bin(&g, "tir.Add", "float32", loadB,
                    g_bin(&g, "tir.Mul", "float32", loadA, g_float(&g, "float32", 2.0)));
    int store = emit(&g, "tir.BufferStore", "{\"buffer\": %d, \"value\": %d, \"indices\": %d, \"predicate\": 0}", B,
                     sum, vi_idx);
    int init = emit(&g, "tir.BufferStore", "{\"buffer\": %d, \"value\": %d, \"indices\": %d}", B,
                    g_float(&g, "float32", 0.0), vi_idx);
    int block = emit(&g, "tir.Block",
                     "{\"iter_vars\": %d, \"reads\": %d, \"writes\": %d, \"name_hint\": %d, \"alloc_buffers\": %d, "
                     "\"match_buffers\": %d, \"annotations\": %d, \"init\": %d, \"body\": %d}",
                     g_arr(&g, iv, -1), g_arr(&g, readA, -1), g_arr(&g, writeB, -1), g_str(&g, "b"), g_arr(&g, -1),
                     g_arr(&g, match, -1), emit(&g, "ffi.Map", "[]"), init, store);
    int realize = emit(&g, "tir.BlockRealize", "{\"iter_values\": %d, \"predicate\": %d, \"block\": %d}",
                       g_arr(&g, i, -1), t, block);
    int loop = emit(&g, "tir.For",
                    "{\"loop_var\": %d, \"min\": %d, \"extent\": %d, \"kind\": 1, \"body\": %d, \"thread_binding\": 0, "
                    "\"annotations\": %d, \"step\": 0}",
                    i, zero, eight, realize, emit(&g, "ffi.Map", "[]"));
    /* x = Select((n < 4 and not n == 1) or n >= 7, Cast(int32, 1.5), Let(y, n, y + 1)) */
    int x = g_var(&g, "x", "int32"), y = g_var(&g, "y", "int32");
    int cond = g_bin(&g, "tir.Or", "bool",
                     g_bin(&g, "tir.And", "bool", g_bin(&g, "tir.LT", "bool", n, g_int(&g, "int32", 4)),
                           emit(&g, "tir.Not", "{\"dtype\": \"bool\", \"a\": %d}", g_bin(&g, "tir.EQ", "bool", n, one))),
                     g_bin(&g, "tir.GE", "bool", n, g_int(&g, "int32", 7)));
    int cast = emit(&g, "tir.Cast", "{\"dtype\": \"int32\", \"value\": %d}", g_float(&g, "float32", 1.5));
    int let = emit(&g, "tir.Let", "{\"dtype\": \"int32\", \"var\": %d, \"value\": %d, \"body\": %d}", y, n,
                   g_bin(&g, "tir.Add", "int32", y, one));
    int sel = emit(&g, "tir.Select", "{\"dtype\": \"int32\", \"condition\": %d, \"true_value\": %d, \"false_value\": %d}",
                   cond, cast, let);
    /* vector and call expressions */
    int p = g_ptr(&g, "p", "float32", "local");
    int D = g_buffer_on(&g, "D", "float32", p, g_arr(&g, g_int(&g, "int32", 4), -1));
    int ramp = emit(&g, "tir.Ramp", "{\"dtype\": \"int32x4\", \"base\": %d, \"stride\": %d, \"lanes\": %d}", zero, one,
                    g_int(&g, "int32", 4));
    int exp = emit(&g, "tir.Call", "{\"dtype\": \"float32\", \"op\": %d, \"args\": %d}",
                   emit(&g, "ir.Op", "\"tir.exp\""), g_arr(&g, g_float(&g, "float32", 1.0), -1));
    int bcast = emit(&g, "tir.Broadcast", "{\"dtype\": \"float32x4\", \"value\": %d, \"lanes\": %d}", exp,
                     g_int(&g, "int32", 4));
    int shuffle = emit(&g, "tir.Shuffle", "{\"dtype\": \"float32x4\", \"vectors\": %d, \"indices\": %d}",
                       g_arr(&g, bcast, -1), g_arr(&g, g_int(&g, "int32", 3), g_int(&g, "int32", 2), one, zero, -1));
    int storeD = emit(&g, "tir.BufferStore", "{\"buffer\": %d, \"value\": %d, \"indices\": %d, \"predicate\": 0}", D,
                      shuffle, g_arr(&g, ramp, -1));
    int decl = emit(&g, "tir.DeclBuffer", "{\"buffer\": %d, \"body\": %d}", D, storeD);
    int alloc = emit(&g, "tir.Allocate",
                     "{\"buffer_var\": %d, \"dtype\": \"float32\", \"extents\": %d, \"condition\": %d, \"body\": %d, "
                     "\"annotations\": %d}",
                     p, g_arr(&g, g_int(&g, "int32", 4), -1), t, decl, emit(&g, "ffi.Map", "[]"));
    int helper = emit(&g, "tir.Call", "{\"dtype\": \"int32\", \"op\": %d, \"args\": %d}",
                      emit(&g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(&g, "helper")), g_arr(&g, n, -1));
    int assert_ = emit(&g, "tir.AssertStmt", "{\"condition\": %d, \"message\": %d, \"body\": %d}",
                       g_bin(&g, "tir.GT", "bool", n, zero),
                       emit(&g, "tir.StringImm", "{\"dtype\": \"handle\", \"value\": %d}", g_str(&g, "n must be positive")),
                       alloc);
    int tx = g_var(&g, "threadIdx.x", "int32");
    int thread = emit(&g, "tir.IterVar", "{\"dom\": %d, \"var\": %d, \"iter_type\": 1, \"thread_tag\": %d}",
                      emit(&g, "ir.Range", "{\"min\": %d, \"extent\": %d}", zero, g_int(&g, "int32", 4)), tx,
                      g_str(&g, "threadIdx.x"));
    int attr = emit(&g, "tir.AttrStmt", "{\"node\": %d, \"attr_key\": %d, \"value\": %d, \"body\": %d}", thread,
                    g_str(&g, "thread_extent"), g_int(&g, "int32", 4), g_eval(&g, helper));
    int j = g_var(&g, "j", "int32"), tx2 = g_var(&g, "tx", "int32");
    int bind = emit(&g, "tir.IterVar", "{\"dom\": 0, \"var\": %d, \"iter_type\": 1, \"thread_tag\": %d}", tx2,
                    g_str(&g, "threadIdx.y"));
    int bound_loop = emit(&g, "tir.For",
                          "{\"loop_var\": %d, \"min\": %d, \"extent\": %d, \"kind\": 4, \"body\": %d, "
                          "\"thread_binding\": %d, \"annotations\": %d}",
                          j, zero, g_int(&g, "int32", 2), g_eval(&g, j), bind, emit(&g, "ffi.Map", "[]"));
    int whl = emit(&g, "tir.While", "{\"condition\": %d, \"body\": %d}", g_bin(&g, "tir.LT", "bool", n, zero),
                   g_eval(&g, zero));
    int ite = emit(&g, "tir.IfThenElse", "{\"condition\": %d, \"then_case\": %d, \"else_case\": %d}",
                   g_bin(&g, "tir.EQ", "bool", x, zero), g_eval(&g, zero), g_eval(&g, one));
    int realize_b = emit(&g, "tir.BufferRealize", "{\"buffer\": %d, \"bounds\": %d, \"condition\": %d, \"body\": %d}", B,
                         g_arr(&g, rng8, -1), t, g_eval(&g, zero));
    int size_n = emit(&g, "tir.SizeVar", "{\"dtype\": \"int32\", \"name\": %d, \"type_annotation\": 0}", g_str(&g, "m"));
    int let_m = emit(&g, "tir.LetStmt", "{\"var\": %d, \"value\": %d, \"body\": %d}", size_n, n, g_eval(&g, size_n));
    int seq = emit(&g, "tir.SeqStmt", "{\"seq\": %d}",
                   g_arr(&g, loop, assert_, attr, bound_loop, whl, ite, realize_b, let_m, -1));
    int let_x = emit(&g, "tir.LetStmt", "{\"var\": %d, \"value\": %d, \"body\": %d}", x, sel, seq);
    int root_block = emit(&g, "tir.Block",
                          "{\"iter_vars\": %d, \"reads\": %d, \"writes\": %d, \"name_hint\": %d, \"alloc_buffers\": %d, "
                          "\"match_buffers\": %d, \"annotations\": %d, \"init\": 0, \"body\": %d}",
                          g_arr(&g, -1), g_arr(&g, -1), g_arr(&g, -1), g_str(&g, "root"), g_arr(&g, B, -1),
                          g_arr(&g, -1), emit(&g, "ffi.Map", "[]"), let_x);
    int body = emit(&g, "tir.BlockRealize", "{\"iter_values\": %d, \"predicate\": %d, \"block\": %d}", g_arr(&g, -1), t,
                    root_block);
    int main_fn = g_func(&g, g_arr(&g, A_h, n, -1), emit(&g, "ffi.Map", "[%d, %d]", A_h, A), body, g_attrs(&g, "main"));
    /* helper(k: int32) -> int32, private: no global_symbol */
    int k = g_var(&g, "k", "int32");
    int ret = emit(&g, "tir.Call", "{\"dtype\": \"int32\", \"op\": %d, \"args\": %d}", emit(&g, "ir.Op", "\"tir.ret\""),
                   g_arr(&g, k, -1));
    int helper_fn = emit(&g, "tir.PrimFunc",
                         "{\"attrs\": %d, \"params\": %d, \"ret_type\": %d, \"buffer_map\": %d, \"body\": %d}",
                         g_attrs(&g, NULL), g_arr(&g, k, -1), emit(&g, "ir.PrimType", "{\"dtype\": \"int32\"}"),
                         emit(&g, "ffi.Map", "[]"), g_eval(&g, ret));
    int gv_main = emit(&g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(&g, "main"));
    int gv_helper = emit(&g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(&g, "helper"));
    int funcs = emit(&g, "ffi.Map", "[%d, %d, %d, %d]", gv_main, main_fn, gv_helper, helper_fn);
    const char *src = gen_finish(&g, emit(&g, "ir.IRModule", "{\"functions\": %d}", funcs));

    built b;
    build_json(&b, src);
    if (!b.m)
        printf("# %s", b.d.text ? b.d.text : "");
    CHECK(b.m != NULL);
    if (b.m) {
        CHECK_EQ_INT(b.m->nfuncs, 2);
        char *fp = fingerprint(b.m);
        static const char *const expected[] = {
            "func main ret= attrs=\n",
            " param v0:handle -> b1{float32 data=v2:handle*float32@global shape=[(IntImm:int32 8)] strides=[] "
            "off=(IntImm:int32 0) global 64 1}\n param v3:int32\n",
            "BlockRealize[](IntImm:bool 1) iters= alloc=b",
            "LetStmt v",
            "(Select:int32 (Or:bool (And:bool (LT:bool (Var:int32 v3:int32) (IntImm:int32 4)) (Not:bool (EQ:bool (Var:int32 "
            "v3:int32) (IntImm:int32 1)))) (GE:bool (Var:int32 v3:int32) (IntImm:int32 7))) (Cast:int32 (FloatImm:float32 "
            "1.5)) (Let:int32 ",
            "For kind=1 ",
            "iters=<0 ",
            " match=b",
            "init\n",
            "(Add:float32 (BufferLoad:float32 ",
            "AssertStmt(GT:bool (Var:int32 v3:int32) (IntImm:int32 0))(StringImm:handle 'n must be positive')\n",
            "Allocate v",
            ":handle*float32@local float32[(IntImm:int32 4)](IntImm:bool 1)\n",
            "DeclBuffer b",
            "(Shuffle:float32x4[(Broadcast:float32x4 lanes=4 (Call:float32 tir.exp[(FloatImm:float32 1)]))][(IntImm:int32 3) "
            "(IntImm:int32 2) (IntImm:int32 1) (IntImm:int32 0)])",
            "[(Ramp:int32x4 lanes=4 (IntImm:int32 0) (IntImm:int32 1))]",
            "AttrStmt thread_extent v",
            "(Call:int32 @helper[(Var:int32 v3:int32)])",
            "For kind=4 ",
            " threadIdx.y\n",
            "While(LT:bool",
            "IfThenElse(EQ:bool",
            "BufferRealize b",
            "func helper private ret=int32 attrs=\n param v",
            "Evaluate(Call:int32 tir.ret[(Var:int32 v",
        };
        for (size_t e = 0; e < sizeof expected / sizeof expected[0]; e++)
            CHECK_STR_CONTAINS(fp, expected[e]);
        const tir_func *f = b.m->funcs[0];
        const tir_stmt *root = f->body;
        CHECK_EQ_INT(root->kind, TIR_S_BLOCK_REALIZE);
        CHECK_STR_EQ(root->block->name, "root");
        CHECK_EQ_INT(root->block->nalloc, 1);
        const tir_stmt *seq_s = root->block->body->body;
        CHECK_EQ_INT(seq_s->kind, TIR_S_SEQ);
        CHECK_EQ_INT(seq_s->nseq, 8);
        if (seq_s->nseq == 8) {
            const tir_block *blk = seq_s->seq[0]->body->block;
            CHECK_STR_EQ(blk->name, "b");
            CHECK(blk->iter_vars[0].thread_tag == NULL);
            CHECK(blk->init != NULL);
            CHECK_EQ_INT(blk->nmatch, 1);
            CHECK(blk->match_buffers[0].source.buffer == f->param_buffers[0]);
            const tir_stmt *attr_s = seq_s->seq[2];
            CHECK_STR_EQ(attr_s->attr_key, "thread_extent");
            CHECK_STR_EQ(attr_s->var->name, "threadIdx.x");
            CHECK_STR_EQ(seq_s->seq[3]->thread_tag, "threadIdx.y");
            CHECK_EQ_INT(seq_s->seq[3]->for_kind, TIR_FOR_THREAD_BINDING);
            CHECK(seq_s->seq[5]->else_case != NULL);
            CHECK_STR_EQ(seq_s->seq[7]->var->name, "m");
        }
        CHECK(b.m->funcs[1]->has_ret_type);
        free(fp);
    }
    release(&b);
    free(g.t.buf);
}

/* A Relax function is read from the layouts of TVM 0.24 to 0.26; one saved
 * by an earlier release is refused, and the error names those releases. */
static void test_relax_before_0_24_is_refused(void)
{
    jgen g;
    gen_init(&g);
    int relax = emit(&g, "relax.expr.Function", "{}");
    int gv = emit(&g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(&g, "main"));
    const char *src = gen_finish(&g, emit(&g, "ir.IRModule", "{\"functions\": %d}",
                                          emit(&g, "ffi.Map", "[%d, %d]", gv, relax)));
    built b;
    build_json(&b, src);
    CHECK(b.m == NULL);
    CHECK_STR_CONTAINS(b.d.text, "a Relax function saved by TVM 0.23.0; tirc reads Relax modules "
                       "saved by TVM 0.24, 0.25 and 0.26");
    release(&b);
    free(g.t.buf);
}

/* ---- the JSON reader ------------------------------------------------------------------ */
static tir_json *parse_json(built *b, const char *src, size_t len)
{
    tir_arena_init(&b->a);
    tir_diag_init(&b->d, "t.json", src, len);
    b->m = NULL;
    return tir_json_parse(&b->a, &b->d, src, len);
}

static void test_json_reads_every_value_kind(void)
{
    static const char src[] = "{\"a\": [1, -2.5e3, \"x\\u00e9\\ud83d\\ude00\\n\\\"\\/\", true, false, null, 2.0],\n"
                              "  \"b\": {}, \"c\": 7, \"c\": 8}";
    built b;
    tir_json *v = parse_json(&b, src, strlen(src));
    CHECK(v != NULL);
    if (v) {
        CHECK_EQ_INT(v->kind, TIR_JSON_OBJECT);
        CHECK_EQ_INT(v->n, 3);
        int64_t i;
        CHECK(tir_json_int64(tir_json_get(v, "c"), &i) && i == 8); /* the last of repeated keys */
        const tir_json *arr = tir_json_get(v, "a");
        CHECK(arr && arr->kind == TIR_JSON_ARRAY && arr->n == 7);
        if (arr && arr->n == 7) {
            CHECK(tir_json_int64(arr->items[0], &i) && i == 1);
            CHECK(arr->items[1]->num == -2500.0);
            CHECK(!tir_json_int64(arr->items[1], &i));
            CHECK_STR_EQ(arr->items[2]->str, "x\xc3\xa9\xf0\x9f\x98\x80\n\"/");
            CHECK_EQ_INT(arr->items[2]->len, 10);
            CHECK_EQ_INT(arr->items[3]->kind, TIR_JSON_TRUE);
            CHECK_EQ_INT(arr->items[4]->kind, TIR_JSON_FALSE);
            CHECK_EQ_INT(arr->items[5]->kind, TIR_JSON_NULL);
            /* a float written with a fraction is not an integer, even when integral */
            CHECK(arr->items[6]->num == 2.0 && !tir_json_int64(arr->items[6], &i));
        }
        const tir_json *obj = tir_json_get(v, "b");
        CHECK(obj && obj->kind == TIR_JSON_OBJECT && obj->n == 0);
        CHECK(tir_json_get(v, "d") == NULL);
        CHECK(arr && tir_json_get(arr, "a") == NULL);
    }
    release(&b);
}

/* TVM's writer emits the bare tokens NaN, Infinity and -Infinity (section 3.1);
 * the same words inside strings stay strings. */
static void test_json_reads_non_finite_floats(void)
{
    static const char src[] = "[NaN, Infinity, -Infinity, -0.0, 0.10000000000000001, \"NaN\", \"a\\\" NaN\",\n"
                              " {\"NaN\": -Infinity}, \"\\\\\", NaN]";
    built b;
    tir_json *v = parse_json(&b, src, strlen(src));
    CHECK(v && v->n == 10);
    if (v && v->n == 10) {
        CHECK(v->items[0]->kind == TIR_JSON_NUMBER && isnan(v->items[0]->num));
        CHECK(isinf(v->items[1]->num) && v->items[1]->num > 0);
        CHECK(isinf(v->items[2]->num) && v->items[2]->num < 0);
        CHECK(v->items[3]->num == 0 && signbit(v->items[3]->num));
        CHECK(v->items[4]->num == 0.1);
        CHECK(v->items[5]->kind == TIR_JSON_STRING);
        CHECK_STR_EQ(v->items[5]->str, "NaN");
        CHECK_STR_EQ(v->items[6]->str, "a\" NaN");
        const tir_json *inf = tir_json_get(v->items[7], "NaN");
        CHECK(inf && inf->kind == TIR_JSON_NUMBER && isinf(inf->num) && inf->num < 0);
        CHECK_STR_EQ(v->items[8]->str, "\\");
        CHECK(isnan(v->items[9]->num));
    }
    release(&b);
    /* words that only contain the tokens are not rewritten (and stay invalid) */
    static const char *const not_tokens[] = {"[NaNa]", "[xNaN]", "[1NaN]", "[Infinityy]", "[--Infinity]", "[nan]"};
    for (size_t k = 0; k < sizeof not_tokens / sizeof not_tokens[0]; k++) {
        CHECK(parse_json(&b, not_tokens[k], strlen(not_tokens[k])) == NULL);
        CHECK_STR_CONTAINS(b.d.text, "error: invalid JSON");
        release(&b);
    }
}

static void test_json_integers_are_exact(void)
{
    int64_t i;
    uint64_t u;
    CHECK(tir_json_parse_int64("-9223372036854775808", 20, &i) && i == INT64_MIN);
    CHECK(tir_json_parse_int64("9223372036854775807", 19, &i) && i == INT64_MAX);
    CHECK(!tir_json_parse_int64("9223372036854775808", 19, &i));
    CHECK(!tir_json_parse_int64("-9223372036854775809", 20, &i));
    CHECK(tir_json_parse_uint64("18446744073709551615", 20, &u) && u == UINT64_MAX);
    CHECK(!tir_json_parse_uint64("18446744073709551616", 20, &u));
    CHECK(!tir_json_parse_int64("", 0, &i));
    CHECK(!tir_json_parse_int64("-", 1, &i));
    CHECK(!tir_json_parse_int64("+1", 2, &i));
    CHECK(!tir_json_parse_int64("1 ", 2, &i));
    CHECK(!tir_json_parse_uint64("-1", 2, &u));
}

static void test_json_errors_point_at_line_and_column(void)
{
    static const char src[] = "{\n  \"a\": [1, 2,, 3]\n}";
    built b;
    CHECK(parse_json(&b, src, strlen(src)) == NULL);
    CHECK_STR_CONTAINS(b.d.text, "t.json:2:14: error: invalid JSON: unexpected token near ','\n"
                                 "      \"a\": [1, 2,, 3]\n"
                                 "                 ^\n");
    release(&b);
    /* columns count from the original text, before NaN and Infinity were rewritten */
    static const char nonfinite[] = "[NaN, -Infinity, Infinity, tru, NaN]";
    CHECK(parse_json(&b, nonfinite, strlen(nonfinite)) == NULL);
    CHECK_STR_CONTAINS(b.d.text, "t.json:1:28: error: invalid JSON: invalid token near 'tru'");
    release(&b);
    /* and from the start of the file when it begins with a byte order mark */
    static const char bom[] = "\xef\xbb\xbf[1,\n ]";
    CHECK(parse_json(&b, bom, strlen(bom)) == NULL);
    CHECK_STR_CONTAINS(b.d.text, "t.json:2:2: error: invalid JSON: unexpected token near ']'");
    release(&b);
    CHECK(parse_json(&b, "\xef\xbb\xbf[1]", 6) != NULL);
    release(&b);
}

/* Each malformed text gives one error at the offending token (the position
 * follows from the text; the wording is jansson's). */
static void test_json_rejects_malformed_text(void)
{
    static const struct {
        const char *src;
        const char *error;
    } cases[] = {
        {"", "t.json:1:1: error: invalid JSON: unexpected token near end of file"},
        {"  \n ", "t.json:2:2: error: invalid JSON: unexpected token near end of file"},
        {"{", "t.json:1:2: error: invalid JSON: string or '}' expected near end of file"},
        {"[1 2]", "t.json:1:4: error: invalid JSON: ']' expected near '2'"},
        {"{\"a\" 1}", "t.json:1:6: error: invalid JSON: ':' expected near '1'"},
        {"{a: 1}", "t.json:1:2: error: invalid JSON: string or '}' expected near 'a'"},
        {"{\"a\": 1,}", "t.json:1:9: error: invalid JSON"},
        {"[1,]", "t.json:1:4: error: invalid JSON: unexpected token near ']'"},
        {"\"abc", "t.json:1:1: error: invalid JSON: premature end of input"},
        {"\"\\x\"", "t.json:1:1: error: invalid JSON: invalid escape"},
        {"\"\\u12\"", "invalid escape"},
        {"\"\\ud800\"", "invalid Unicode"},
        {"\"\\ud800\\u0041\"", "invalid Unicode"},
        {"\"\\udc00\"", "invalid Unicode"},
        {"\"a\x01\"", "control character 0x1"},
        {"\"a\nb\"", "t.json:1:1: error: invalid JSON: unexpected newline"},
        {"01", "t.json:1:1: error: invalid JSON"},
        {"1.", "invalid token"},
        {"1.e5", "invalid token"},
        {"1e", "invalid token"},
        {"-", "invalid token"},
        {"+1", "t.json:1:1: error: invalid JSON: invalid token near '+'"},
        {"tru", "t.json:1:1: error: invalid JSON: invalid token near 'tru'"},
        {"nul", "invalid token"},
        {"Inf", "invalid token"},
        {"nan", "invalid token"},
        {"{} x", "t.json:1:4: error: invalid JSON: end of file expected near 'x'"},
        {"\xff", "t.json:1:1: error: invalid JSON: unable to decode byte 0xff"},
        {"[1, \"\xc3\xa9\", \xff]", "t.json:1:11: error: invalid JSON: unable to decode byte 0xff"},
        {"[1,\n2,\n", "t.json:3:1: error: invalid JSON"},
        {"'a'", "t.json:1:1: error: invalid JSON"},
        {"[1e400]", "t.json:1:2: error: invalid JSON: real number overflow near '1e400'"},
        {"[99999999999999999999]", "t.json:1:2: error: invalid JSON: too big integer"},
        {"[\"a\\u0000b\"]", "t.json: error: invalid JSON: a string holds the character \\u0000"},
        {"{\"a\\u0000\": 1}", "t.json:1:2: error: invalid JSON: NUL byte in object key not supported"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        built b;
        tir_json *v = parse_json(&b, cases[i].src, strlen(cases[i].src));
        CHECK(v == NULL);
        CHECK_EQ_INT(b.d.nerrors, 1);
        CHECK_STR_CONTAINS(b.d.text, cases[i].error);
        release(&b);
    }
    /* an embedded NUL byte ends the text for jansson; the error points at it */
    built b;
    CHECK(parse_json(&b, "[1,\0]", 5) == NULL);
    CHECK_STR_CONTAINS(b.d.text, "t.json:1:4: error: invalid JSON");
    release(&b);
}

/* Nesting is bounded by jansson (2048 levels), so a hostile file cannot
 * exhaust the stack, in the parser or in the conversion after it. */
static void test_json_caps_nesting_depth(void)
{
    size_t n = 100000;
    char *src = malloc(2 * n + 1);
    memset(src, '[', 1000);
    memset(src + 1000, ']', 1000);
    built b;
    CHECK(parse_json(&b, src, 2000) != NULL);
    release(&b);
    memset(src, '[', n);
    memset(src + n, '{', n);
    CHECK(parse_json(&b, src, 2 * n) == NULL);
    CHECK_STR_CONTAINS(b.d.text, "error: invalid JSON: maximum parsing depth reached");
    release(&b);
    free(src);
}

/* ---- TVM JSON errors ----------------------------------------------------------------- */
static void test_rejects_what_is_not_tvm_json(void)
{
    static const struct {
        const char *src;
        const char *error;
    } cases[] = {
        {"[1, 2]", "t.json: error: not a TVM JSON file: expected an object with \"root\""},
        {"{\"nodes\": []}", "not a TVM JSON file"},
        {"{\"root\": 1}", "not a TVM JSON file"},
        {"{\"root\": 1, \"nodes\": {}}", "t.json: error: \"nodes\" must be an array, got an object"},
        {"{\"root\": 5, \"nodes\": [{\"type_key\": \"\"}]}", "\"root\" must be the index of a node (the file has 1 nodes)"},
        {"{\"root\": \"x\", \"nodes\": [{\"type_key\": \"\"}]}", "\"root\" must be the index of a node"},
        {"{\"root_index\": -1, \"nodes\": [{\"type\": \"None\"}]}", "\"root_index\" must be the index of a node"},
        {"{\"root\": 1, \"nodes\": [{\"type_key\": \"\"}, {\"attrs\": {}}]}",
         "node 1: expected an object with a \"type_key\" string"},
        {"{\"root\": 1, \"nodes\": [{\"type_key\": \"\"}, 7]}", "node 1: expected an object with a \"type_key\" string"},
        {"{\"root_index\": 0, \"nodes\": [{\"type_key\": \"\"}]}", "node 0: expected an object with a \"type\" string"},
        {"{\"root\": 1, \"nodes\": [{\"type_key\": \"\"}, {\"type_key\": \"runtime.String\", \"repr_str\": \"x\"}]}",
         "node 1 (runtime.String): field 'root': expected an IRModule or a tir.PrimFunc, got runtime.String (node 1)"},
        {"{\"root\": 1, \"nodes\": [{\"type_key\": \"\"}, {\"type_key\": \"IRModule\", \"attrs\": {\"functions\": \"2\"}},"
         " {\"type_key\": \"Map\"}]}",
         "node 1 (IRModule): the module has no PrimFunc"},
        {"{\"root\": 1, \"nodes\": [{\"type_key\": \"\"}, {\"type_key\": \"IRModule\", \"attrs\": {}}]}",
         "node 1 (IRModule): field 'functions' is missing"},
        {"{\"root\": 1, \"nodes\": [", "t.json:1:23: error: invalid JSON: ']' expected near end of file"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        built b;
        CHECK_STR_CONTAINS(json_errors(&b, cases[i].src), cases[i].error);
        release(&b);
    }
}

/* Builds a one-function module whose body is `body` and checks the error. */
static void check_module_error(jgen *g, int body, const char *error)
{
    built b;
    CHECK_STR_CONTAINS(json_errors(&b, g_module(g, body)), error);
    release(&b);
    free(g->t.buf);
}

static void test_reports_missing_and_mistyped_fields(void)
{
    char want[256];
    jgen g;
    gen_init(&g);
    int i = g_var(&g, "i", "int32"), zero = g_int(&g, "int32", 0);
    int loop = emit(&g, "tir.For", "{\"loop_var\": %d, \"min\": %d, \"kind\": 0, \"body\": %d}", i, zero, g_eval(&g, zero));
    snprintf(want, sizeof want, "node %d (tir.For): field 'extent' is missing", loop);
    check_module_error(&g, loop, want);

    gen_init(&g);
    i = g_var(&g, "i", "int32");
    zero = g_int(&g, "int32", 0);
    int name = g_str(&g, "four");
    loop = emit(&g, "tir.For", "{\"loop_var\": %d, \"min\": %d, \"extent\": %d, \"kind\": 0, \"body\": %d}", i, zero, name,
                g_eval(&g, zero));
    snprintf(want, sizeof want, "node %d (tir.For): field 'extent': expected a PrimExpr, got ffi.String (node %d)", loop,
             name);
    check_module_error(&g, loop, want);

    gen_init(&g);
    loop = emit(&g, "tir.Evaluate", "{\"value\": 999}");
    snprintf(want, sizeof want, "node %d (tir.Evaluate): field 'value': node index 999 is out of range", loop);
    check_module_error(&g, loop, want);

    gen_init(&g);
    check_module_error(&g, emit(&g, "tir.Evaluate", "{\"value\": [1]}"), "field 'value': expected a node index, got an array");
    gen_init(&g);
    check_module_error(&g, emit(&g, "tir.Evaluate", "{\"value\": 0}"), "field 'value': expected a PrimExpr, got null (node 0)");
    gen_init(&g);
    check_module_error(&g, g_eval(&g, emit(&g, "ir.IntImm", "{\"dtype\": 32, \"value\": 1}")),
                       "(ir.IntImm): field 'dtype': expected a dtype string, got a number");
    gen_init(&g);
    check_module_error(&g, g_eval(&g, g_int(&g, "float8_e4m3fn", 1)), "(ir.IntImm): unsupported: dtype 'float8_e4m3fn'");
    gen_init(&g);
    check_module_error(&g, g_eval(&g, emit(&g, "ir.IntImm", "{\"dtype\": \"int32\", \"value\": 1.5}")),
                       "field 'value': expected an integer that fits the dtype, got a number");
    gen_init(&g);
    i = g_var(&g, "i", "int32");
    zero = g_int(&g, "int32", 0);
    check_module_error(&g,
                       emit(&g, "tir.For", "{\"loop_var\": %d, \"min\": %d, \"extent\": %d, \"kind\": 9, \"body\": %d}", i,
                            zero, zero, g_eval(&g, zero)),
                       "(tir.For): field 'kind': unknown ForKind 9");
    gen_init(&g);
    zero = g_int(&g, "int32", 0);
    check_module_error(&g, emit(&g, "tir.SeqStmt", "{\"seq\": %d}", g_arr(&g, g_eval(&g, zero), zero, -1)),
                       "(tir.SeqStmt): field 'seq[1]': expected a Stmt, got ir.IntImm");
    gen_init(&g);
    check_module_error(&g, emit(&g, "tir.SeqStmt", "{\"seq\": %d}", emit(&g, "ffi.Array", "[1, \"x\"]")),
                       "(ffi.Array): element 1: expected a node index, got a string");
    gen_init(&g);
    int store = emit(&g, "tir.BufferStore", "{\"buffer\": %d, \"value\": %d, \"indices\": %d}", g_var(&g, "A", "handle"),
                     g_int(&g, "int32", 0), g_arr(&g, -1));
    check_module_error(&g, store, "(tir.BufferStore): field 'buffer': expected a Buffer, got tir.Var");
    gen_init(&g);
    check_module_error(&g, g_eval(&g, emit(&g, "tir.Call", "{\"dtype\": \"int32\", \"op\": %d, \"args\": %d}",
                                           g_str(&g, "tir.exp"), g_arr(&g, -1))),
                       "field 'op': expected an Op or a GlobalVar, got ffi.String");
    gen_init(&g);
    check_module_error(&g, g_eval(&g, emit(&g, "ffi.Map", "[1, 2, 3]")), "expected a PrimExpr, got ffi.Map");
}

static void test_rejects_reference_cycles(void)
{
    char want[128];
    jgen g;
    /* an expression that is its own operand */
    gen_init(&g);
    int self = g.n;
    emit(&g, "tir.Add", "{\"dtype\": \"int32\", \"a\": %d, \"b\": %d}", self, self);
    snprintf(want, sizeof want, "node %d (tir.Add): reference cycle", self);
    check_module_error(&g, g_eval(&g, self), want);

    /* a SeqStmt that contains itself */
    gen_init(&g);
    int seq = g.n + 1;
    emit(&g, "tir.SeqStmt", "{\"seq\": %d}", g_arr(&g, seq, -1));
    check_module_error(&g, seq, "(tir.SeqStmt): reference cycle");

    /* a loop through two statements: LetStmt -> SeqStmt -> LetStmt */
    gen_init(&g);
    int x = g_var(&g, "x", "int32");
    int one = g_int(&g, "int32", 1);
    int let = g.n;
    emit(&g, "tir.LetStmt", "{\"var\": %d, \"value\": %d, \"body\": %d}", x, one, let + 2);
    CHECK_EQ_INT(g_arr(&g, let, -1), let + 1);
    emit(&g, "tir.SeqStmt", "{\"seq\": %d}", let + 1);
    check_module_error(&g, let, "reference cycle");

    /* a buffer whose shape loads from the buffer itself */
    gen_init(&g);
    int data = g_ptr(&g, "A", "int32", "global");
    int none = g_arr(&g, -1), off = g_int(&g, "int32", 0), name = g_str(&g, "A");
    int shape = g.n, load = g.n + 1, buf = g.n + 2;
    emit(&g, "ffi.Array", "[%d]", load);
    emit(&g, "tir.BufferLoad", "{\"dtype\": \"int32\", \"buffer\": %d, \"indices\": %d}", buf, none);
    emit(&g, "tir.Buffer", "{\"data\": %d, \"dtype\": \"int32\", \"shape\": %d, \"strides\": %d, \"elem_offset\": %d, "
         "\"name\": %d}", data, shape, none, off, name);
    check_module_error(&g, g_eval(&g, load), "reference cycle");

    /* a block whose body realizes the block itself */
    gen_init(&g);
    int empty = g_arr(&g, -1), bname = g_str(&g, "b"), t = g_int(&g, "bool", 1);
    int blk = g.n;
    emit(&g, "tir.Block",
         "{\"iter_vars\": %d, \"reads\": %d, \"writes\": %d, \"name_hint\": %d, \"alloc_buffers\": %d, "
         "\"match_buffers\": %d, \"init\": 0, \"body\": %d}",
         empty, empty, empty, bname, empty, empty, blk + 1);
    emit(&g, "tir.BlockRealize", "{\"iter_values\": %d, \"predicate\": %d, \"block\": %d}", empty, t, blk);
    check_module_error(&g, blk + 1, "reference cycle");

    /* a legacy file whose function is its own body */
    built b;
    CHECK_STR_CONTAINS(json_errors(&b, "{\"root\": 1, \"nodes\": [{\"type_key\": \"\"}, {\"type_key\": \"tir.PrimFunc\", "
                                       "\"attrs\": {\"params\": \"2\", \"body\": \"1\"}}, {\"type_key\": \"Array\"}]}"),
                       "node 1 (tir.PrimFunc): field 'body': expected a Stmt, got tir.PrimFunc (node 1)");
    release(&b);
}

static void test_rejects_deep_and_exploding_graphs(void)
{
    /* A chain of references deeper than the cap is an error, not a stack overflow. */
    for (int len = 900; len <= 5000; len += 4100) {
        jgen g;
        gen_init(&g);
        int one = g_int(&g, "int32", 1), e = one;
        for (int k = 0; k < len; k++)
            e = g_bin(&g, "tir.Add", "int32", e, one);
        built b;
        build_json(&b, g_module(&g, g_eval(&g, e)));
        if (len == 900) {
            CHECK(b.m != NULL);
        } else {
            CHECK(b.m == NULL);
            CHECK_STR_CONTAINS(b.d.text, "(tir.Add): references nested deeper than 1000 levels");
        }
        release(&b);
        free(g.t.buf);
    }
    /* Sharing keeps the AST small, but 40 doublings unfold to 2^40 nodes for the passes that walk it. */
    jgen g;
    gen_init(&g);
    int e = g_var(&g, "n", "int32");
    for (int k = 0; k < 40; k++)
        e = g_bin(&g, "tir.Add", "int32", e, e);
    check_module_error(&g, g_eval(&g, e), "the program unfolds to more than 16777216 AST nodes");
}

static void test_rejects_nodes_outside_the_subset(void)
{
    char want[128];
    jgen g;
    gen_init(&g);
    int pf = emit(&g, "tir.Prefetch", "{\"buffer\": 0, \"bounds\": 0}");
    snprintf(want, sizeof want, "unsupported: TVM JSON node 'tir.Prefetch' (node %d)", pf);
    check_module_error(&g, pf, want);

    gen_init(&g);
    int red = emit(&g, "tir.Reduce", "{\"dtype\": \"int32\"}");
    snprintf(want, sizeof want, "unsupported: TVM JSON node 'tir.Reduce' (node %d)", red);
    check_module_error(&g, g_eval(&g, red), want);

    /* tirx nodes that only mean something on a GPU are refused by name */
    gen_init(&g);
    int tile = emit(&g, "tirx.TilePrimitiveCall", "{\"op\": 0}");
    snprintf(want, sizeof want, "unsupported: tirx GPU construct 'tirx.TilePrimitiveCall' (node %d)", tile);
    check_module_error(&g, g_eval(&g, tile), want);

    gen_init(&g);
    int A = g_buffer(&g, "A", "int32", g_arr(&g, g_int(&g, "int32", 4), -1));
    check_module_error(&g,
                       g_eval(&g, emit(&g, "tir.BufferLoad",
                                       "{\"dtype\": \"int32\", \"buffer\": %d, \"indices\": %d, \"predicate\": %d}", A,
                                       g_arr(&g, g_int(&g, "int32", 0), -1), g_int(&g, "bool", 1))),
                       "unsupported: a predicated buffer access");

    gen_init(&g);
    int i = g_var(&g, "i", "int32"), zero = g_int(&g, "int32", 0);
    check_module_error(&g,
                       emit(&g, "tir.For",
                            "{\"loop_var\": %d, \"min\": %d, \"extent\": %d, \"kind\": 0, \"body\": %d, \"step\": %d}", i,
                            zero, zero, g_eval(&g, zero), g_var(&g, "s", "int32")),
                       "unsupported: a loop step that is not a positive constant");

    gen_init(&g);
    int data = g_ptr(&g, "S", "float32", "shared");
    int S = g_buffer_on(&g, "S", "float32", data, g_arr(&g, g_int(&g, "int32", 4), -1));
    check_module_error(&g, emit(&g, "tir.DeclBuffer", "{\"buffer\": %d, \"body\": %d}", S, g_eval(&g, g_int(&g, "int32", 0))),
                       "unsupported: storage scope 'shared'");

    /* axis_separators are read (row-major physical dimensions change no
     * element), but must follow TVM's rule: non-decreasing, at most the rank */
    gen_init(&g);
    int one = g_int(&g, "int32", 1), three = g_int(&g, "int32", 3);
    int sep = emit(&g, "tir.Buffer",
                   "{\"data\": %d, \"dtype\": \"int32\", \"shape\": %d, \"strides\": %d, \"axis_separators\": %d, "
                   "\"elem_offset\": %d, \"name\": %d}",
                   g_ptr(&g, "A", "int32", "global"), g_arr(&g, one, one, -1), g_arr(&g, -1), g_arr(&g, three, -1),
                   g_int(&g, "int32", 0), g_str(&g, "A"));
    check_module_error(&g, emit(&g, "tir.DeclBuffer", "{\"buffer\": %d, \"body\": %d}", sep, g_eval(&g, one)),
                       "axis_separators must be non-decreasing and within 0..2");

    gen_init(&g);
    int lanes = g_bin(&g, "tir.Mul", "int32", g_int(&g, "int32", 4), g_var(&g, "vscale", "int32"));
    check_module_error(&g,
                       g_eval(&g, emit(&g, "tir.Broadcast", "{\"dtype\": \"int32x4\", \"value\": %d, \"lanes\": %d}",
                                       g_int(&g, "int32", 0), lanes)),
                       "unsupported: scalable vector lanes");
}

/* A legacy file whose function body is Evaluate(node 4), nodes 4 and 5 given as JSON. */
static const tir_expr *legacy_value(built *b, const char *version, const char *node4, const char *node5)
{
    char src[2048];
    snprintf(src, sizeof src,
             "{\"root\": 1, \"attrs\": {\"tvm_version\": \"%s\"}, \"nodes\": [{\"type_key\": \"\"},\n"
             "{\"type_key\": \"tir.PrimFunc\", \"attrs\": {\"params\": \"2\", \"body\": \"3\", \"buffer_map\": \"0\", "
             "\"attrs\": \"0\", \"ret_type\": \"0\"}},\n"
             "{\"type_key\": \"Array\"}, {\"type_key\": \"tir.Evaluate\", \"attrs\": {\"value\": \"4\"}},\n%s,\n%s]}",
             version, node4, node5 ? node5 : "{\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"int32\", \"value\": \"1\"}}");
    build_json(b, src);
    if (!b->m)
        return NULL;
    CHECK_STR_EQ(b->m->funcs[0]->name, "main");
    return b->m->funcs[0]->body->value;
}

static void test_reads_integer_and_float_encodings(void)
{
    static const struct {
        const char *dtype, *value;
        int64_t expect;
    } ints[] = {
        {"uint64", "\"18446744073709551615\"", -1}, /* the bits of UINT64_MAX */
        {"int64", "\"-9223372036854775808\"", INT64_MIN},
        {"int64", "\"9223372036854775807\"", INT64_MAX},
        {"int64", "9223372036854775807", INT64_MAX},
        {"uint64", "-1", -1}, /* tvm-ffi writes the int64 the value is held in */
        {"int32", "\"-7\"", -7},
        {"bool", "\"1\"", 1},
    };
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++) {
        char node[256];
        snprintf(node, sizeof node, "{\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"%s\", \"value\": %s}}",
                 ints[k].dtype, ints[k].value);
        built b;
        const tir_expr *e = legacy_value(&b, "0.18.0", node, NULL);
        CHECK(e && e->kind == TIR_E_INT && e->ival == ints[k].expect);
        release(&b);
    }
    built b;
    CHECK(legacy_value(&b, "0.18.0", "{\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"int64\", \"value\": "
                                     "\"9223372036854775808\"}}", NULL) == NULL);
    CHECK_STR_CONTAINS(b.d.text, "node 4 (IntImm): field 'value': expected an integer that fits the dtype, got a string "
                                 "\"9223372036854775808\"");
    release(&b);

    static const struct {
        const char *value;
        double expect; /* NAN for NaN */
    } floats[] = {
        {"\"inf\"", INFINITY}, {"\"-inf\"", -INFINITY}, {"\"nan\"", NAN}, {"\"0.10000000000000001\"", 0.1},
        {"\"1.0000000000000001e-05\"", 1e-05}, {"\"-3.4028234663852886e+38\"", -3.4028234663852886e+38},
        {"\"1\"", 1.0}, {"2.5", 2.5}, {"NaN", NAN}, {"-Infinity", -INFINITY},
    };
    for (size_t k = 0; k < sizeof floats / sizeof floats[0]; k++) {
        char node[256];
        snprintf(node, sizeof node, "{\"type_key\": \"FloatImm\", \"attrs\": {\"dtype\": \"float32\", \"value\": %s}}",
                 floats[k].value);
        const tir_expr *e = legacy_value(&b, "0.18.0", node, NULL);
        CHECK(e && e->kind == TIR_E_FLOAT);
        if (e && isnan(floats[k].expect))
            CHECK(isnan(e->fval));
        else if (e)
            CHECK(e->fval == floats[k].expect);
        release(&b);
    }
    CHECK(legacy_value(&b, "0.18.0", "{\"type_key\": \"FloatImm\", \"attrs\": {\"dtype\": \"float32\", \"value\": \"1.5x\"}}",
                       NULL) == NULL);
    CHECK_STR_CONTAINS(b.d.text, "field 'value': expected a float, got a string");
    release(&b);

    /* Ramp lanes: an IntImm node since v0.16, a plain integer before */
    static const char ramp[] = "{\"type_key\": \"tir.Ramp\", \"attrs\": {\"dtype\": \"int32x4\", \"base\": \"5\", "
                               "\"stride\": \"5\", \"lanes\": \"%s\"}}";
    char node[256];
    snprintf(node, sizeof node, ramp, "6");
    const tir_expr *e = legacy_value(&b, "0.18.0", node,
                                     "{\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"int32\", \"value\": \"1\"}},\n"
                                     "{\"type_key\": \"IntImm\", \"attrs\": {\"dtype\": \"int32\", \"value\": \"4\"}}");
    CHECK(e && e->kind == TIR_E_RAMP && e->lanes == 4);
    release(&b);
    snprintf(node, sizeof node, ramp, "8");
    e = legacy_value(&b, "0.15.0", node, NULL);
    CHECK(e && e->kind == TIR_E_RAMP && e->lanes == 8);
    release(&b);

    /* base64 strings (legacy repr_b64) and empty ones (no text at all) */
    e = legacy_value(&b, "0.18.0", "{\"type_key\": \"tir.StringImm\", \"attrs\": {\"dtype\": \"handle\", \"value\": \"5\"}}",
                     "{\"type_key\": \"runtime.String\", \"repr_b64\": \"bGluZQpicmVhaw==\"}");
    CHECK(e && e->kind == TIR_E_STR && strcmp(e->str, "line\nbreak") == 0);
    release(&b);
    e = legacy_value(&b, "0.18.0", "{\"type_key\": \"tir.StringImm\", \"attrs\": {\"dtype\": \"handle\", \"value\": \"5\"}}",
                     "{\"type_key\": \"runtime.String\"}");
    CHECK(e && e->kind == TIR_E_STR && strcmp(e->str, "") == 0);
    release(&b);
    e = legacy_value(&b, "0.18.0", "{\"type_key\": \"tir.StringImm\", \"attrs\": {\"dtype\": \"handle\", \"value\": \"5\"}}",
                     "{\"type_key\": \"runtime.String\", \"repr_b64\": \"b?==\"}");
    CHECK(e == NULL);
    CHECK_STR_CONTAINS(b.d.text, "node 5 (runtime.String): the string has no valid text");
    release(&b);
}

/* A function without global_symbol in a module is private; function names come from GlobalVars. */
static void test_function_names_and_visibility(void)
{
    jgen g;
    gen_init(&g);
    int body = g_eval(&g, g_int(&g, "int32", 0));
    int f1 = g_func(&g, g_arr(&g, -1), 0, body, g_attrs(&g, "exported_name"));
    int f2 = g_func(&g, g_arr(&g, -1), 0, body, 0);
    int gv1 = emit(&g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(&g, "f"));
    int gv2 = emit(&g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(&g, "g"));
    const char *src = gen_finish(&g, emit(&g, "ir.IRModule", "{\"functions\": %d}",
                                          emit(&g, "ffi.Map", "[%d, %d, %d, %d]", gv1, f1, gv2, f2)));
    built b;
    build_json(&b, src);
    CHECK(b.m && b.m->nfuncs == 2);
    if (b.m && b.m->nfuncs == 2) {
        CHECK_STR_EQ(b.m->funcs[0]->name, "f");
        CHECK(!b.m->funcs[0]->is_private);
        CHECK_EQ_INT(b.m->funcs[0]->nattrs, 1); /* global_symbol differs from the name: kept */
        CHECK_STR_EQ(b.m->funcs[0]->attr_keys[0], "global_symbol");
        CHECK_STR_EQ(b.m->funcs[1]->name, "g");
        CHECK(b.m->funcs[1]->is_private);
    }
    release(&b);
    free(g.t.buf);

    /* the same GlobalVar name twice */
    gen_init(&g);
    body = g_eval(&g, g_int(&g, "int32", 0));
    f1 = g_func(&g, g_arr(&g, -1), 0, body, 0);
    f2 = g_func(&g, g_arr(&g, -1), 0, body, 0);
    gv1 = emit(&g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(&g, "f"));
    src = gen_finish(&g, emit(&g, "ir.IRModule", "{\"functions\": %d}",
                              emit(&g, "ffi.Map", "[%d, %d, %d, %d]", gv1, f1, gv1, f2)));
    CHECK_STR_CONTAINS(json_errors(&b, src), "duplicate function name 'f'");
    release(&b);
    free(g.t.buf);

    /* buffer_map keys must be parameters */
    gen_init(&g);
    int h = g_var(&g, "A_handle", "handle"), other = g_var(&g, "B_handle", "handle");
    int A = g_buffer(&g, "A", "float32", g_arr(&g, g_int(&g, "int32", 4), -1));
    int fn = g_func(&g, g_arr(&g, h, -1), emit(&g, "ffi.Map", "[%d, %d]", other, A), g_eval(&g, g_int(&g, "int32", 0)), 0);
    char want[128];
    snprintf(want, sizeof want, "buffer_map key node %d is not a parameter of the function", other);
    CHECK_STR_CONTAINS(json_errors(&b, gen_finish(&g, fn)), want);
    release(&b);
    free(g.t.buf);
}

/* A call passing A.data to a typed pointer parameter (TVM's idiom for a
 * subroutine taking a buffer): the pointer parameter becomes the memory of a
 * one-dimensional buffer, as the TVMScript front end reads the same module,
 * and the module compiles. */
static const char pointer_call_py[] =
    "from tvm.script import ir as I\n"
    "from tvm.script import tir as T\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def main(A: T.Buffer((4,), \"float32\")):\n"
    "        Module.sub(A.data)\n"
    "    @T.prim_func(private=True)\n"
    "    def sub(p: T.handle(\"float32\")):\n"
    "        X = T.decl_buffer((4,), \"float32\", data=p)\n"
    "        X[1] = T.float32(2)\n";

static void test_pointer_parameters_take_buffer_arguments(void)
{
    jgen g;
    gen_init(&g);
    int h = g_var(&g, "A_handle", "handle"), A_data = g_ptr(&g, "A_data", "float32", "global");
    int A = g_buffer_on(&g, "A", "float32", A_data, g_arr(&g, g_int(&g, "int32", 4), -1));
    int call = emit(&g, "tir.Call", "{\"dtype\": \"void\", \"op\": %d, \"args\": %d}",
                    emit(&g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(&g, "sub")), g_arr(&g, A_data, -1));
    int main_fn = g_func(&g, g_arr(&g, h, -1), emit(&g, "ffi.Map", "[%d, %d]", h, A), g_eval(&g, call), g_attrs(&g, "main"));
    int p = g_ptr(&g, "p", "float32", "global");
    int X = g_buffer_on(&g, "X", "float32", p, g_arr(&g, g_int(&g, "int32", 4), -1));
    int store = emit(&g, "tir.BufferStore", "{\"buffer\": %d, \"value\": %d, \"indices\": %d, \"predicate\": 0}", X,
                     g_float(&g, "float32", 2), g_arr(&g, g_int(&g, "int32", 1), -1));
    int decl = emit(&g, "tir.DeclBuffer", "{\"buffer\": %d, \"body\": %d}", X, store);
    int sub_fn = g_func(&g, g_arr(&g, p, -1), emit(&g, "ffi.Map", "[]"), decl, g_attrs(&g, NULL));
    int gv_main = emit(&g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(&g, "main"));
    int gv_sub = emit(&g, "ir.GlobalVar", "{\"name_hint\": %d}", g_str(&g, "sub"));
    const char *src = gen_finish(&g, emit(&g, "ir.IRModule", "{\"functions\": %d}",
                                          emit(&g, "ffi.Map", "[%d, %d, %d, %d]", gv_main, main_fn, gv_sub, sub_fn)));
    built j, py;
    build_json(&j, src);
    build_script(&py, pointer_call_py, strlen(pointer_call_py));
    if (!j.m && j.d.text)
        printf("# %s", j.d.text);
    CHECK(j.m && py.m);
    if (j.m && py.m) {
        CHECK(j.m->funcs[1]->param_buffers[0] != NULL);
        char *fj = fingerprint(j.m), *fs = fingerprint(py.m);
        if (strcmp(fj, fs) != 0)
            show_first_difference(fj, fs);
        CHECK_STR_EQ(fj, fs);
        free(fj);
        free(fs);
    }
    tir_compile_result res;
    bool ok = tir_compile("pointer_call.json", src, strlen(src), NULL, &res);
    if (!ok)
        printf("#   %s", res.diagnostics ? res.diagnostics : "?");
    CHECK(ok);
    if (ok)
        tirbc_module_free(res.module);
    free(res.diagnostics);
    release(&j);
    release(&py);
    free(g.t.buf);
}

/* Every prefix and many corrupted copies of real files give a module or
 * errors, never a crash (run under the sanitizers). */
static void fuzz_one(const char *orig, uint32_t seed, int *inconsistent)
{
    size_t len = strlen(orig);
    char *copy = malloc(len + 1);
    for (size_t cut = 0; cut <= len; cut += 1 + len / 2000) {
        memcpy(copy, orig, cut);
        built b;
        build_json_bytes(&b, copy, cut);
        if ((b.m != NULL) == (b.d.nerrors > 0))
            (*inconsistent)++;
        release(&b);
    }
    static const char junk[] = "{}[]:,\"\\0123456789-eE.ntf \n";
    for (int round = 0; round < 3000; round++) {
        memcpy(copy, orig, len + 1);
        for (int k = 0; k < 1 + round % 4; k++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % len;
            seed = seed * 1103515245u + 12345u;
            if (round % 2 == 0) {
                /* rewire references: replace a digit by another digit */
                while (at < len && (copy[at] < '0' || copy[at] > '9'))
                    at++;
                if (at < len)
                    copy[at] = (char)('0' + (seed >> 16) % 10);
            } else {
                copy[at] = round % 5 == 1 ? (char)(seed >> 16) : junk[(seed >> 16) % (sizeof junk - 1)];
            }
        }
        built b;
        build_json_bytes(&b, copy, len);
        if ((b.m != NULL) == (b.d.nerrors > 0))
            (*inconsistent)++;
        release(&b);
    }
    free(copy);
}

static void test_survives_corrupted_files(void)
{
    int inconsistent = 0;
    fuzz_one(add_one_legacy, 12345, &inconsistent);
    fuzz_one(add_one_ffi, 777, &inconsistent);
    char path[1024];
    snprintf(path, sizeof path, "%s/scheduled/softmax.json", samples_root());
    char *data;
    size_t len;
    if (read_file(path, &data, &len)) {
        char *contents = realloc(data, len + 1);
        if (contents) {
            contents[len] = 0;
            fuzz_one(contents, 4242, &inconsistent);
            data = contents;
        }
        free(data);
    }
    CHECK_EQ_INT(inconsistent, 0);
}

int main(void)
{
    RUN(test_json_reads_every_value_kind);
    RUN(test_json_reads_non_finite_floats);
    RUN(test_json_integers_are_exact);
    RUN(test_json_errors_point_at_line_and_column);
    RUN(test_json_rejects_malformed_text);
    RUN(test_json_caps_nesting_depth);
    RUN(test_builds_every_tvm_sample_and_matches_tvmscript);
    RUN(test_both_formats_build_what_tvmscript_builds);
    RUN(test_shared_nodes_are_one_variable_and_one_buffer);
    RUN(test_nodes_carry_the_index_of_their_json_node);
    RUN(test_every_node_type_builds);
    RUN(test_relax_before_0_24_is_refused);
    RUN(test_function_names_and_visibility);
    RUN(test_pointer_parameters_take_buffer_arguments);
    RUN(test_reads_integer_and_float_encodings);
    RUN(test_rejects_what_is_not_tvm_json);
    RUN(test_reports_missing_and_mistyped_fields);
    RUN(test_rejects_reference_cycles);
    RUN(test_rejects_deep_and_exploding_graphs);
    RUN(test_rejects_nodes_outside_the_subset);
    RUN(test_survives_corrupted_files);
    CHECK_DONE();
}
