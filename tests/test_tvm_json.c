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

#include "check.h"
#include "json.h"
#include "py_ast.h"
#include "script.h"
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
    b->m = tir_json_build(&b->a, &b->d, src, len);
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
    const void *seen[4096];
    size_t nseen;
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
    if (t->nseen < sizeof t->seen / sizeof t->seen[0])
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
        put(t, " %s", e->op ? e->op : "");
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
    const char *env = getenv("TVM_SAMPLES_DIR");
    return env && *env ? env : "/work/shared/tvm-samples";
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
                    }
                    CHECK(strcmp(fj, fs) == 0);
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
}

int main(void)
{
    RUN(test_builds_every_tvm_sample_and_matches_tvmscript);
    CHECK_DONE();
}
