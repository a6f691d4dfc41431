/* TVM JSON statements, ranges, iteration variables, regions and blocks. */
#include "tvm_json_reader.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- statements --------------------------------------------------------------- */
static tir_stmt *stmt_at(reader *r, uint32_t from, const char *fname, uint32_t ni);

tir_stmt *tj_stmt_field(reader *r, uint32_t ni, const char *name)
{
    uint32_t k;
    return tj_ref_field(r, ni, name, false, &k) ? stmt_at(r, ni, name, k) : NULL;
}

static bool opt_stmt_field(reader *r, uint32_t ni, const char *name, tir_stmt **out)
{
    uint32_t k;
    *out = NULL;
    if (!tj_ref_field(r, ni, name, true, &k))
        return false;
    if (tj_is_null(r, k))
        return true;
    *out = stmt_at(r, ni, name, k);
    return *out != NULL;
}

typedef struct {
    tir_expr *min, *extent;
} range;

static void *build_range(reader *r, uint32_t ni)
{
    range *rg = tir_arena_alloc(r->a, sizeof *rg);
    return (rg->min = tj_expr_field(r, ni, "min")) && (rg->extent = tj_expr_field(r, ni, "extent")) ? rg : NULL;
}

static bool range_at(reader *r, uint32_t from, const char *fname, uint32_t ni, tir_expr **min, tir_expr **extent)
{
    if (ni == ABSENT || tj_kind_of(r, ni) != N_RANGE) {
        tj_wrong_kind(r, from, fname, ni, "a Range");
        return false;
    }
    const range *rg = tj_build_shared(r, ni, build_range);
    if (!rg)
        return false;
    *min = rg->min;
    *extent = rg->extent;
    return true;
}

static void *build_iter_var(reader *r, uint32_t ni)
{
    tir_iter_var *iv = tir_arena_alloc(r->a, sizeof *iv);
    uint32_t dom, tag;
    int64_t type;
    if (!(iv->var = tj_var_field(r, ni, "var")) || !tj_ref_field(r, ni, "dom", true, &dom) ||
        !tj_int_field(r, ni, "iter_type", false, 0, &type) || !tj_ref_field(r, ni, "thread_tag", true, &tag))
        return NULL;
    if (!tj_is_null(r, dom) && !range_at(r, ni, "dom", dom, &iv->dom_min, &iv->dom_extent))
        return NULL;
    if (type < 0 || type > 8)
        return tj_node_error(r, ni, "field 'iter_type': unknown IterVarType %lld", (long long)type);
    iv->iter_type = (int)type;
    if (!tj_is_null(r, tag)) {
        const char *t = tj_string_at(r, ni, "thread_tag", tag);
        if (!t)
            return NULL;
        iv->thread_tag = t[0] ? t : NULL; /* block vars carry "" */
    }
    return iv;
}

static bool iter_var_at(reader *r, uint32_t from, const char *fname, uint32_t ni, tir_iter_var *out)
{
    if (ni == ABSENT || tj_kind_of(r, ni) != N_ITERVAR) {
        tj_wrong_kind(r, from, fname, ni, "an IterVar");
        return false;
    }
    const tir_iter_var *iv = tj_build_shared(r, ni, build_iter_var);
    if (iv)
        *out = *iv;
    return iv != NULL;
}

static void *build_region(reader *r, uint32_t ni)
{
    tir_region *rg = tir_arena_alloc(r->a, sizeof *rg);
    uint32_t *ranges;
    rg->loc = node_loc(ni);
    if (!(rg->buffer = tj_buffer_field(r, ni, "buffer")) || !tj_list_field(r, ni, "region", false, &ranges, &rg->n))
        return NULL;
    rg->mins = tir_arena_alloc(r->a, (rg->n ? rg->n : 1) * sizeof *rg->mins);
    rg->extents = tir_arena_alloc(r->a, (rg->n ? rg->n : 1) * sizeof *rg->extents);
    for (uint32_t i = 0; i < rg->n; i++) {
        char where[48];
        snprintf(where, sizeof where, "region[%u]", i);
        if (!range_at(r, ni, where, ranges[i], &rg->mins[i], &rg->extents[i]))
            return NULL;
    }
    return rg;
}

static bool region_at(reader *r, uint32_t from, const char *fname, uint32_t ni, tir_region *out)
{
    if (ni == ABSENT || tj_kind_of(r, ni) != N_BUFFERREGION) {
        tj_wrong_kind(r, from, fname, ni, "a BufferRegion");
        return false;
    }
    const tir_region *rg = tj_build_shared(r, ni, build_region);
    if (rg)
        *out = *rg;
    return rg != NULL;
}

static bool region_list_field(reader *r, uint32_t ni, const char *name, tir_region **out, uint32_t *n)
{
    uint32_t *items;
    if (!tj_list_field(r, ni, name, false, &items, n))
        return false;
    *out = tir_arena_alloc(r->a, (*n ? *n : 1) * sizeof **out);
    for (uint32_t i = 0; i < *n; i++) {
        char where[64];
        snprintf(where, sizeof where, "%s[%u]", name, i);
        if (!region_at(r, ni, where, items[i], &(*out)[i]))
            return false;
    }
    return true;
}

static void *build_match_buffer(reader *r, uint32_t ni)
{
    tir_match_buffer *mb = tir_arena_alloc(r->a, sizeof *mb);
    uint32_t src;
    if (!(mb->buffer = tj_buffer_field(r, ni, "buffer")) || !tj_ref_field(r, ni, "source", false, &src) ||
        !region_at(r, ni, "source", src, &mb->source))
        return NULL;
    return mb;
}

static bool match_buffer_at(reader *r, uint32_t from, const char *fname, uint32_t ni, tir_match_buffer *out)
{
    if (ni == ABSENT || tj_kind_of(r, ni) != N_MATCHBUFFERREGION) {
        tj_wrong_kind(r, from, fname, ni, "a MatchBufferRegion");
        return false;
    }
    const tir_match_buffer *mb = tj_build_shared(r, ni, build_match_buffer);
    if (mb)
        *out = *mb;
    return mb != NULL;
}

static void *build_block(reader *r, uint32_t ni)
{
    tir_block *blk = tir_arena_alloc(r->a, sizeof *blk);
    blk->loc = node_loc(ni);
    uint32_t *items, n;
    if (!(blk->name = tj_string_field(r, ni, "name_hint")) || !tj_list_field(r, ni, "iter_vars", false, &items, &n))
        return NULL;
    blk->niter_vars = n;
    blk->iter_vars = tir_arena_alloc(r->a, (n ? n : 1) * sizeof *blk->iter_vars);
    for (uint32_t i = 0; i < n; i++) {
        char where[48];
        snprintf(where, sizeof where, "iter_vars[%u]", i);
        if (!iter_var_at(r, ni, where, items[i], &blk->iter_vars[i]))
            return NULL;
    }
    if (!tj_list_field(r, ni, "alloc_buffers", false, &items, &n))
        return NULL;
    blk->nalloc = n;
    blk->alloc_buffers = tir_arena_alloc(r->a, (n ? n : 1) * sizeof *blk->alloc_buffers);
    for (uint32_t i = 0; i < n; i++) {
        char where[48];
        snprintf(where, sizeof where, "alloc_buffers[%u]", i);
        if (!(blk->alloc_buffers[i] = tj_buffer_at(r, ni, where, items[i])))
            return NULL;
    }
    if (!tj_list_field(r, ni, "match_buffers", false, &items, &n))
        return NULL;
    blk->nmatch = n;
    blk->match_buffers = tir_arena_alloc(r->a, (n ? n : 1) * sizeof *blk->match_buffers);
    for (uint32_t i = 0; i < n; i++) {
        char where[48];
        snprintf(where, sizeof where, "match_buffers[%u]", i);
        if (!match_buffer_at(r, ni, where, items[i], &blk->match_buffers[i]))
            return NULL;
    }
    if (!region_list_field(r, ni, "reads", &blk->reads, &blk->nreads) ||
        !region_list_field(r, ni, "writes", &blk->writes, &blk->nwrites) ||
        !opt_stmt_field(r, ni, "init", &blk->init) ||
        !(blk->body = tj_stmt_field(r, ni, "body")))
        return NULL;
    return blk;
}

static tir_block *block_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    if (ni == ABSENT || tj_kind_of(r, ni) != N_BLOCK)
        return tj_wrong_kind(r, from, fname, ni, "a Block");
    return tj_build_shared(r, ni, build_block);
}

static tir_stmt *stmt_at(reader *r, uint32_t from, const char *fname, uint32_t ni);

/* Evaluate(op(arg)) for the tirx statements that classic TIR spells as calls. */
static tir_stmt *call_stmt(reader *r, uint32_t ni, const char *op, tir_expr *arg)
{
    tir_expr *call = tir_expr_new(r->a, TIR_E_CALL, arg ? arg->dtype : TIR_DT_I32, node_loc(ni));
    tir_call_set_op(call, op);
    if (arg) {
        call->args = tir_arena_alloc(r->a, sizeof *call->args);
        call->args[0] = arg;
        call->nargs = 1;
    }
    tir_stmt *s = tir_stmt_new(r->a, TIR_S_EVALUATE, node_loc(ni));
    s->value = call;
    return s;
}

/* tirx (0.24+) made Bind, AllocBuffer, DeclBuffer and AssertStmt flat: no
 * body, their scope is the rest of the enclosing SeqStmt.  Classic
 * DeclBuffer and AssertStmt nodes carry a "body". */
static bool is_flat(reader *r, uint32_t ni)
{
    switch (tj_kind_of(r, ni)) {
    case N_BIND:
    case N_ALLOCBUFFER: return true;
    case N_DECLBUFFER:
    case N_ASSERT: return !tj_field(r, ni, "body");
    default: return false;
    }
}

/* The message of a tirx assert: its parts joined, after the error kind
 * unless that is the default RuntimeError (tvmscript-tirx.md section 1.8). */
static tir_expr *assert_message(reader *r, uint32_t ni)
{
    uint32_t kind_node, *parts, nparts;
    if (!tj_ref_field(r, ni, "error_kind", true, &kind_node) ||
        !tj_list_field(r, ni, "message_parts", false, &parts, &nparts))
        return NULL;
    const char *kind = NULL;
    if (!tj_is_null(r, kind_node)) {
        tir_expr *k = tj_expr_at(r, ni, "error_kind", kind_node);
        if (!k)
            return NULL;
        if (k->kind != TIR_E_STR)
            return tj_node_error(r, ni, "field 'error_kind': expected a StringImm");
        kind = k->str;
    }
    const char **texts = tir_arena_alloc(r->a, (nparts ? nparts : 1) * sizeof *texts);
    for (uint32_t i = 0; i < nparts; i++) {
        tir_expr *p = tj_expr_at(r, ni, "message_parts", parts[i]);
        if (!p)
            return NULL;
        if (p->kind != TIR_E_STR)
            return tj_node_error(r, ni, "message_parts[%u]: expected a StringImm", i);
        texts[i] = p->str;
    }
    tir_expr *m = tir_expr_new(r->a, TIR_E_STR, TIR_DT_HANDLE, node_loc(ni));
    m->str = tir_assert_text(r->a, kind, texts, nparts);
    return m;
}

/* The head of a flat statement, built anew at each place it appears (its
 * body, the rest of the list, differs): returns the outermost statement and
 * sets *holder to the one whose body the rest becomes. */
static tir_stmt *flat_head(reader *r, uint32_t ni, tir_stmt **holder)
{
    tir_stmt *s = NULL;
    if (!tj_enter(r, ni))
        return NULL;
    tir_loc loc = node_loc(ni);
    switch (tj_kind_of(r, ni)) {
    case N_BIND:
        s = tir_stmt_new(r->a, TIR_S_LET, loc);
        if (!(s->var = tj_var_field(r, ni, "var")) || !(s->value = tj_expr_field(r, ni, "value")))
            s = NULL;
        *holder = s;
        break;
    case N_ALLOCBUFFER: {
        /* AllocBuffer(A) = Allocate(A.data, shape) + DeclBuffer(A), as T.decl_buffer without data= */
        tir_buffer *b = tj_buffer_field(r, ni, "buffer");
        if (!b)
            break;
        s = tir_alloc_decl(r->a, b, loc);
        *holder = s->body;
        break;
    }
    case N_DECLBUFFER: {
        uint32_t data;
        tir_buffer *b = tj_buffer_field(r, ni, "buffer");
        if (!b || !tj_ref_field(r, ni, "data", true, &data))
            break;
        if (!tj_is_null(r, data)) {
            /* 0.26: the pointer the buffer re-views */
            tir_expr *p = tj_expr_at(r, ni, "data", data);
            if (!p)
                break;
            if (p->kind != TIR_E_VAR) {
                tj_node_unsupported(r, ni, "a DeclBuffer over a computed pointer (outside the specified TIR subset)");
                break;
            }
            b->data = p->var;
        }
        s = tir_stmt_new(r->a, TIR_S_DECL_BUFFER, loc);
        s->buffer = b;
        *holder = s;
        break;
    }
    case N_ASSERT:
        s = tir_stmt_new(r->a, TIR_S_ASSERT, loc);
        if (!(s->cond = tj_expr_field(r, ni, "condition")) || !(s->message = assert_message(r, ni)))
            s = NULL;
        *holder = s;
        break;
    default: break;
    }
    tj_leave(r, ni);
    return r->failed ? NULL : s;
}

static tir_stmt *noop(reader *r, uint32_t ni)
{
    tir_stmt *s = tir_stmt_new(r->a, TIR_S_EVALUATE, node_loc(ni));
    s->value = tir_int(r->a, TIR_DT_I32, 0, node_loc(ni));
    return s;
}

/* The statements items[from..n) of SeqStmt ni, a flat statement taking the
 * rest of them as its body. */
static tir_stmt *seq_from(reader *r, uint32_t ni, const uint32_t *items, uint32_t n, uint32_t from)
{
    tir_stmt **seq = tir_arena_alloc(r->a, (n - from ? n - from : 1) * sizeof *seq);
    uint32_t len = 0;
    for (uint32_t i = from; i < n; i++) {
        char where[48];
        snprintf(where, sizeof where, "seq[%u]", i);
        if (tj_kind_of(r, items[i]) != N_UNKNOWN && is_flat(r, items[i])) {
            tir_stmt *holder, *head = flat_head(r, items[i], &holder);
            if (!head)
                return NULL;
            if (!tj_enter(r, items[i]))
                return NULL;
            holder->body = i + 1 < n ? seq_from(r, ni, items, n, i + 1) : noop(r, items[i]);
            tj_leave(r, items[i]);
            if (!holder->body)
                return NULL;
            seq[len++] = head;
            break;
        }
        if (!(seq[len++] = stmt_at(r, ni, where, items[i])))
            return NULL;
    }
    return len == 1 ? seq[0] : tir_seq(r->a, seq, len, node_loc(ni));
}

/* A For with a step (TVM >= 0.23: i = min, min + step, ... below min +
 * extent) as a loop over the iteration count k, its variable bound to
 * min + k * step for the body.  Only a positive constant step is read. */
static tir_stmt *stepped_for(reader *r, uint32_t ni, tir_stmt *s, uint32_t step_node)
{
    tir_expr *step = tj_expr_at(r, ni, "step", step_node);
    if (!step)
        return NULL;
    if (step->kind != TIR_E_INT || step->ival < 1 || !tir_dt_eq(step->dtype, s->var->dtype) ||
        !tir_dt_eq(s->extent->dtype, s->var->dtype))
        return tj_node_unsupported(r, ni, "a loop step that is not a positive constant of the loop's dtype");
    tir_loc loc = s->loc;
    tir_stmt *let = tir_stmt_new(r->a, TIR_S_LET, loc);
    let->var = s->var;
    tir_var *k = tir_var_new(r->a, "k", s->var->dtype, loc);
    let->value = tir_binary(r->a, TIR_E_ADD, s->min,
                            tir_binary(r->a, TIR_E_MUL, tir_var_ref(r->a, k, loc), step, loc), loc);
    if (!(let->body = tj_stmt_field(r, ni, "body")))
        return NULL;
    tir_expr *bump = tir_int(r->a, step->dtype, step->ival - 1, loc);
    s->extent = tir_binary(r->a, TIR_E_FLOORDIV, tir_binary(r->a, TIR_E_ADD, s->extent, bump, loc), step, loc);
    s->min = tir_int(r->a, s->var->dtype, 0, loc);
    s->var = k;
    s->body = let;
    return s;
}

static void *build_stmt(reader *r, uint32_t ni)
{
    node_kind kind = tj_kind_of(r, ni);
    tir_stmt_kind sk;
    switch (kind) {
    case N_LETSTMT: sk = TIR_S_LET; break;
    case N_ATTRSTMT: sk = TIR_S_ATTR; break;
    case N_ASSERT: sk = TIR_S_ASSERT; break;
    case N_STORE: sk = TIR_S_STORE; break;
    case N_REALIZE: sk = TIR_S_REALIZE; break;
    case N_ALLOCATE: sk = TIR_S_ALLOCATE; break;
    case N_DECLBUFFER: sk = TIR_S_DECL_BUFFER; break;
    case N_IF: sk = TIR_S_IF; break;
    case N_EVALUATE: sk = TIR_S_EVALUATE; break;
    case N_FOR: sk = TIR_S_FOR; break;
    case N_WHILE: sk = TIR_S_WHILE; break;
    case N_BLOCKREALIZE: sk = TIR_S_BLOCK_REALIZE; break;
    case N_SEQ: {
        uint32_t *items, n;
        if (!tj_list_field(r, ni, "seq", false, &items, &n))
            return NULL;
        return seq_from(r, ni, items, n, 0);
    }
    case N_BREAK:
    case N_CONTINUE:
        /* what TVMScript's break/continue build: Evaluate(tir.break_loop()) */
        return call_stmt(r, ni, kind == N_BREAK ? "tir.break_loop" : "tir.continue_loop", NULL);
    case N_RETURN: {
        tir_expr *v = tj_expr_field(r, ni, "value");
        return v ? call_stmt(r, ni, "tir.ret", v) : NULL;
    }
    default: return tj_unsupported_node(r, ni);
    }
    tir_stmt *s = tir_stmt_new(r->a, sk, node_loc(ni));
    switch (kind) {
    case N_LETSTMT:
        if (!(s->var = tj_var_field(r, ni, "var")) || !(s->value = tj_expr_field(r, ni, "value")))
            return NULL;
        break;
    case N_ATTRSTMT: {
        uint32_t node;
        if (!(s->attr_key = tj_string_field(r, ni, "attr_key")) || !tj_ref_field(r, ni, "node", false, &node) ||
            !(s->value = tj_expr_field(r, ni, "value")))
            return NULL;
        /* The node is a Var, an IterVar (thread_extent), a PrimExpr or any other
         * object; only the first three mean something to the AST. */
        node_kind nk = tj_kind_of(r, node);
        if (nk == N_VAR) {
            if (!(s->var = tj_var_at(r, ni, "node", node)))
                return NULL;
        } else if (nk == N_ITERVAR) {
            tir_iter_var iv;
            if (!iter_var_at(r, ni, "node", node, &iv))
                return NULL;
            s->var = iv.var;
            s->thread_tag = iv.thread_tag;
        } else if (tj_is_expr_kind(nk)) {
            if (!(s->attr_node = tj_expr_at(r, ni, "node", node)))
                return NULL;
        }
        break;
    }
    case N_ASSERT:
        if (!(s->cond = tj_expr_field(r, ni, "condition")) || !(s->message = tj_expr_field(r, ni, "message")))
            return NULL;
        break;
    case N_STORE:
        if (!(s->buffer = tj_buffer_field(r, ni, "buffer")) || !(s->value = tj_expr_field(r, ni, "value")) ||
            !tj_expr_list_field(r, ni, "indices", false, &s->indices, &s->nindices) || !tj_no_predicate(r, ni))
            return NULL;
        return s;
    case N_REALIZE:
        /* bounds only inform code generation; the AST keeps buffer, condition and body */
        if (!(s->buffer = tj_buffer_field(r, ni, "buffer")) || !(s->cond = tj_expr_field(r, ni, "condition")))
            return NULL;
        break;
    case N_ALLOCATE:
        if (!(s->var = tj_var_field(r, ni, "buffer_var")) || !tj_dtype_field(r, ni, "dtype", &s->dtype) ||
            !tj_expr_list_field(r, ni, "extents", false, &s->indices, &s->nindices) ||
            !(s->cond = tj_expr_field(r, ni, "condition")))
            return NULL;
        if (s->var->type_kind == TIR_TYPE_POINTER && s->var->scope && !tj_scope_supported(r, ni, s->var->scope))
            return NULL;
        break;
    case N_DECLBUFFER:
        if (!(s->buffer = tj_buffer_field(r, ni, "buffer")))
            return NULL;
        break;
    case N_IF:
        if (!(s->cond = tj_expr_field(r, ni, "condition")) || !(s->body = tj_stmt_field(r, ni, "then_case")) ||
            !opt_stmt_field(r, ni, "else_case", &s->else_case))
            return NULL;
        return s;
    case N_EVALUATE:
        return (s->value = tj_expr_field(r, ni, "value")) ? s : NULL;
    case N_FOR: {
        int64_t fk;
        uint32_t binding, step;
        if (!(s->var = tj_var_field(r, ni, "loop_var")) || !(s->min = tj_expr_field(r, ni, "min")) ||
            !(s->extent = tj_expr_field(r, ni, "extent")) || !tj_int_field(r, ni, "kind", false, 0, &fk) ||
            !tj_ref_field(r, ni, "thread_binding", true, &binding) || !tj_ref_field(r, ni, "step", true, &step))
            return NULL;
        if (fk < TIR_FOR_SERIAL || fk > TIR_FOR_THREAD_BINDING)
            return tj_node_error(r, ni, "field 'kind': unknown ForKind %lld", (long long)fk);
        s->for_kind = (tir_for_kind)fk;
        if (!tj_is_null(r, binding)) {
            tir_iter_var iv;
            if (!iter_var_at(r, ni, "thread_binding", binding, &iv))
                return NULL;
            s->thread_tag = iv.thread_tag;
        }
        if (!tj_is_null(r, step))
            return stepped_for(r, ni, s, step);
        break;
    }
    case N_WHILE:
        if (!(s->cond = tj_expr_field(r, ni, "condition")))
            return NULL;
        break;
    case N_BLOCKREALIZE: {
        uint32_t blk;
        if (!tj_expr_list_field(r, ni, "iter_values", false, &s->indices, &s->nindices) ||
            !tj_opt_expr_field(r, ni, "predicate", &s->predicate) || !tj_ref_field(r, ni, "block", false, &blk) ||
            !(s->block = block_at(r, ni, "block", blk)))
            return NULL;
        if (!s->predicate)
            s->predicate = tir_int(r->a, TIR_DT_BOOL, 1, s->loc);
        return s;
    }
    default: break;
    }
    return (s->body = tj_stmt_field(r, ni, "body")) ? s : NULL;
}

static tir_stmt *stmt_at(reader *r, uint32_t from, const char *fname, uint32_t ni)
{
    node_kind k = ni == ABSENT ? N_NULL : tj_kind_of(r, ni);
    if (!tj_is_stmt_kind(k))
        return tj_wrong_kind(r, from, fname, ni, "a Stmt");
    if (is_flat(r, ni)) {
        /* a flat statement alone in a body: nothing follows it */
        tir_stmt *holder, *head = flat_head(r, ni, &holder);
        if (head)
            holder->body = noop(r, ni);
        return head;
    }
    return tj_build_shared(r, ni, build_stmt);
}
