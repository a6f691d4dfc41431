/* Codegen: instruction selection for statements: stores, branches, serial
 * and parallel loops, break and continue, allocations. */
#include "codegen_internal.h"

/* The scalar conditions `a and b and ...` branches on one by one. */
static uint32_t and_leaves(const tir_expr *e)
{
    return e->kind == TIR_E_AND && e->dtype.lanes == 1 ? and_leaves(e->a) + and_leaves(e->b) : 1;
}

void cg_patch_false_jumps(cg *c, const false_jumps *fj, uint32_t target)
{
    for (uint32_t i = 0; i < fj->n; i++)
        cg_patch(c, fj->holes[i], target);
}

/* Jumps out when cond is false: a comparison of integers becomes one
 * compare-and-branch, and `a and b` the jumps of a then those of b (b is
 * evaluated only when a holds, as And's short circuit requires), so a
 * guard like `1 <= h and h < 57` never materializes its booleans. */
void cg_gen_branch_if_false(cg *c, const tir_expr *cond, false_jumps *fj)
{
    if (cond->kind == TIR_E_AND && cond->dtype.lanes == 1 && fj->n + and_leaves(cond) <= 16) {
        cg_gen_branch_if_false(c, cond->a, fj);
        cg_gen_branch_if_false(c, cond->b, fj);
        return;
    }
    if (tir_is_cmp(cond->kind) && cond->dtype.lanes == 1 && tir_dt_is_int(cond->a->dtype) &&
        cond->a->dtype.lanes == 1) {
        static const tirbc_opcode opposite[] = {
            [TIR_E_EQ] = TIRBC_OP_BRNE_BOOL, [TIR_E_NE] = TIRBC_OP_BREQ_BOOL, [TIR_E_LT] = TIRBC_OP_BRGE_BOOL,
            [TIR_E_LE] = TIRBC_OP_BRGT_BOOL, [TIR_E_GE] = TIRBC_OP_BRLT_BOOL, [TIR_E_GT] = TIRBC_OP_BRLE_BOOL,
        };
        uint32_t a = cg_gen_expr(c, cond->a), b = cg_gen_expr(c, cond->b);
        EMIT3(c, cg_typed(c, opposite[cond->kind], cg_vt_of(c, cond->a->dtype, cond->loc), cond->loc), a, b, 0);
        fj->holes[fj->n++] = cg_last_word(c);
        return;
    }
    uint32_t r = cg_gen_expr(c, cond);
    EMIT2(c, TIRBC_OP_BRZ, r, 0);
    fj->holes[fj->n++] = cg_last_word(c);
}

/* A loop bound in the loop variable's type: integer literals narrower than
 * the loop variable are promoted to it (the checker's rule for For bounds). */
static uint32_t gen_loop_bound(cg *c, const tir_expr *e, tir_vtype vt)
{
    if (e->kind == TIR_E_INT && cg_vt_of(c, e->dtype, e->loc) != vt)
        return cg_const_int(c, vt, e->ival);
    return cg_gen_expr(c, e);
}

/* A parallel region: PAR iv, min, end, @exit; body; PAREND (opcodes.def). */
static void gen_parallel(cg *c, const tir_var *var, const tir_expr *min, const tir_expr *extent, const tir_stmt *body,
                         tir_loc loc)
{
    tir_vtype vt = cg_vt_of(c, var->dtype, loc);
    uint32_t mark = c->ntaken;
    uint32_t mn = gen_loop_bound(c, min, vt), ext = gen_loop_bound(c, extent, vt);
    interval range = tir_range_loop(cg_range_of(c, min), cg_range_of(c, extent));
    uint32_t end = cg_new_reg(c, vt);
    EMIT3(c, cg_typed(c, TIRBC_OP_ADD_BOOL, vt, loc), end, mn, ext);
    uint32_t iv = cg_bind_var(c, var, range);
    EMIT4(c, cg_typed(c, TIRBC_OP_PAR_BOOL, vt, loc), iv, mn, end, 0);
    uint32_t to_exit = cg_last_word(c);
    cg_release_temps(c, mark);
    c->parallel_depth++;
    cg_gen_stmt(c, body);
    c->parallel_depth--;
    EMIT0(c, TIRBC_OP_PAREND);
    cg_patch(c, to_exit, c->ncode);
}

/* ---- break and continue ----------------------------------------------------- */
/* tir.break_loop() / tir.continue_loop() as a statement (what TVMScript's
 * break and continue build); the checker allows them only in serial loops. */
static bool is_loop_exit(const tir_expr *e, bool *is_break)
{
    if (e->kind != TIR_E_CALL)
        return false;
    *is_break = e->intrin == TIR_I_BREAK_LOOP;
    return *is_break || e->intrin == TIR_I_CONTINUE_LOOP;
}

static bool has_loop_exit(const tir_stmt *s)
{
    if (!s)
        return false;
    bool brk;
    switch (s->kind) {
    case TIR_S_EVALUATE: return is_loop_exit(s->value, &brk);
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            if (has_loop_exit(s->seq[i]))
                return true;
        return false;
    case TIR_S_IF: return has_loop_exit(s->body) || has_loop_exit(s->else_case);
    default: return has_loop_exit(s->body);
    }
}

static void gen_loop_exit(cg *c, bool is_break, tir_loc loc)
{
    if (!c->loop_depth) {
        ERR(c, loc, "internal error: %s outside a loop", is_break ? "break" : "continue");
        return;
    }
    EMIT1(c, TIRBC_OP_JMP, 0);
    c->loop_jumps = tir_xgrow(c->loop_jumps, &c->caploop_jumps, c->nloop_jumps + 1, sizeof *c->loop_jumps);
    c->loop_jumps[c->nloop_jumps++] = (struct loop_jump){c->loop_depth, is_break, cg_last_word(c)};
}

/* Patches the innermost loop's jumps of one kind to target. */
static void patch_loop_jumps(cg *c, bool breaks, uint32_t target)
{
    for (uint32_t i = c->nloop_jumps; i-- > 0 && c->loop_jumps[i].loop == c->loop_depth;)
        if (c->loop_jumps[i].is_break == breaks)
            cg_patch(c, c->loop_jumps[i].word, target);
}

/* Leaves the innermost loop's scope: its jumps are all patched. */
static void end_loop_scope(cg *c)
{
    while (c->nloop_jumps && c->loop_jumps[c->nloop_jumps - 1].loop == c->loop_depth)
        c->nloop_jumps--;
    c->loop_depth--;
}

static void gen_for(cg *c, const tir_stmt *s)
{
    /* Parallel and thread-binding loops become parallel regions; vectorized
     * and unrolled loops run serially, which their semantics allow. */
    if (s->for_kind == TIR_FOR_PARALLEL || s->for_kind == TIR_FOR_THREAD_BINDING) {
        gen_parallel(c, s->var, s->min, s->extent, s->body, s->loc);
        return;
    }
    /* the loop-level forms run every iteration: none of them can stop early */
    bool exits = has_loop_exit(s->body);
    tir_vtype vt = cg_vt_of(c, s->var->dtype, s->loc);
    uint32_t mark = c->ntaken;
    uint32_t mn = gen_loop_bound(c, s->min, vt), ext = gen_loop_bound(c, s->extent, vt);
    interval range = tir_range_loop(cg_range_of(c, s->min), cg_range_of(c, s->extent));
    uint32_t iv = cg_bind_var(c, s->var, range);
    if (!exits && range.known && range.lo == range.hi) {
        /* one iteration (a border that guard splitting leaves): the body
         * once, without the loop's test and increment */
        EMIT2(c, TIRBC_OP_MOV, iv, mn);
        cg_release_temps(c, mark);
        cg_gen_stmt(c, s->body);
        return;
    }
    uint32_t end = cg_new_reg(c, vt);
    /* The extent is evaluated once, as range(min, min + extent) (spec-readings 2). */
    EMIT3(c, cg_typed(c, TIRBC_OP_ADD_BOOL, vt, s->loc), end, mn, ext);
    EMIT2(c, TIRBC_OP_MOV, iv, mn);
    EMIT3(c, cg_typed(c, TIRBC_OP_BRGE_BOOL, vt, s->loc), iv, end, 0);
    uint32_t to_exit = cg_last_word(c);
    cg_release_temps(c, mark);
    uint32_t top = c->ncode;
    cg_flat_memo_forget(c, UINT32_MAX); /* the loop jumps back here */
    c->loop_depth++;
    cg_gen_stmt(c, s->body);
    patch_loop_jumps(c, false, c->ncode); /* continue: to the increment */
    EMIT3(c, cg_typed(c, TIRBC_OP_LOOP_BOOL, vt, s->loc), iv, end, top);
    cg_patch(c, to_exit, c->ncode);
    patch_loop_jumps(c, true, c->ncode);
    end_loop_scope(c);
}

static void gen_allocate(cg *c, const tir_stmt *s)
{
    /* Spec-readings 9: a false condition skips the body. */
    uint32_t mark = c->ntaken;
    uint32_t skip = 0;
    bool cond_true = s->cond->kind == TIR_E_INT && s->cond->ival == 1;
    if (!cond_true) {
        uint32_t cr = cg_gen_expr(c, s->cond);
        EMIT2(c, TIRBC_OP_BRZ, cr, 0);
        skip = cg_last_word(c);
    }
    tir_buffer tmp;
    const tir_buffer *b = s->buffer;
    if (!b) {
        memset(&tmp, 0, sizeof tmp);
        tmp.name = s->var->name;
        tmp.data = s->var;
        tmp.dtype = s->dtype;
        b = &tmp;
    }
    cg_elem_vt(c, b->dtype, s->loc);
    uint32_t n = cg_const_int(c, TIR_VT_I64, b->dtype.lanes);
    int64_t cn = b->dtype.lanes;
    bool cconst = true;
    uint32_t lowest = 0, nvar = 0; /* the smallest extent computed at run time, and how many there are */
    for (uint32_t i = 0; i < s->nindices; i++) {
        const tir_expr *x = s->indices[i];
        if (cconst && x->kind == TIR_E_INT && x->ival >= 0 && !__builtin_mul_overflow(cn, x->ival, &cn)) {
            n = cg_const_int(c, TIR_VT_I64, cn);
            continue;
        }
        uint32_t t = cg_temp(c, TIR_VT_I64), xv = cg_gen_expr(c, x);
        EMIT3(c, TIRBC_OP_IXMUL, t, cconst ? cg_const_int(c, TIR_VT_I64, cn) : n, xv);
        cconst = false;
        n = t;
        uint32_t w = xv;
        if (c->regtypes[xv].vtype != TIR_VT_I64) {
            w = cg_temp(c, TIR_VT_I64);
            EMIT2(c, TIRBC_OP_EXT_I64, w, xv);
        }
        if (nvar++) {
            uint32_t m = cg_temp(c, TIR_VT_I64);
            EMIT3(c, TIRBC_OP_MIN_I64, m, lowest, w);
            w = m;
        }
        lowest = w;
    }
    /* Two negative extents multiply into a positive size: the allocation
     * gets the negative extent instead, which it reports as a negative size. */
    if (nvar >= 2) {
        uint32_t neg = cg_temp(c, TIR_VT_BOOL), size = cg_temp(c, TIR_VT_I64);
        EMIT3(c, TIRBC_OP_LT_I64, neg, lowest, cg_const_int(c, TIR_VT_I64, 0));
        EMIT4(c, TIRBC_OP_SEL_I64, size, neg, lowest, n);
        n = size;
    }
    if (cond_true && cconst && b->data == s->var && cg_try_promote(c, s, b, cn / b->dtype.lanes)) {
        cg_release_temps(c, mark);
        cg_gen_stmt(c, s->body);
        c->npromoted--;
        return;
    }
    uint32_t vb = cg_add_vmbuf(c, b, TIRBC_BUF_ALLOC);
    c->datas[c->ndatas - 1].bare = b == &tmp;
    EMIT2(c, TIRBC_OP_ALLOC, vb, n);
    cg_release_temps(c, mark);
    cg_gen_stmt(c, s->body);
    EMIT1(c, TIRBC_OP_FREE, vb);
    if (!cond_true)
        cg_patch(c, skip, c->ncode);
}

/* Where a condition holds, a bound it puts on a variable (variables never
 * change in scope) narrows the variable's known range; the old range is
 * saved on c->assumed for forget. */
static void assume_bound(void *ctx, const tir_var *v, tir_expr_kind kind, int64_t k)
{
    cg *c = ctx;
    var_slot *slot = cg_find_var(c, v);
    if (!slot)
        return;
    interval r = slot->range;
    if (!tir_range_narrow(&r, kind, k))
        return;
    c->assumed = tir_xgrow(c->assumed, &c->capassumed, c->nassumed + 1, sizeof *c->assumed);
    c->assumed[c->nassumed].slot = (uint32_t)(slot - c->vars);
    c->assumed[c->nassumed].range = slot->range;
    c->nassumed++;
    slot->range = r;
}

/* Narrows the ranges cond bounds (its then branch); returns how many. */
static uint32_t assume(cg *c, const tir_expr *cond)
{
    uint32_t before = c->nassumed;
    tir_range_for_each_bound(cond, assume_bound, c);
    return c->nassumed - before;
}

/* Restores the last n ranges assume narrowed. */
static void forget(cg *c, uint32_t n)
{
    while (n-- > 0) {
        c->nassumed--;
        c->vars[c->assumed[c->nassumed].slot].range = c->assumed[c->nassumed].range;
    }
}

void cg_gen_stmt(cg *c, const tir_stmt *s)
{
    if (c->failed || !s)
        return;
    cg_mark_line(c, s->loc);
    uint32_t mark = c->ntaken;
    switch (s->kind) {
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            cg_gen_stmt(c, s->seq[i]);
        break;
    case TIR_S_LET: {
        uint32_t value_start = c->ncode, regs_start = c->nregs;
        uint32_t v = cg_gen_expr(c, s->value);
        if ((s->value->kind == TIR_E_VAR || s->value->kind == TIR_E_INT || s->value->kind == TIR_E_FLOAT) &&
            tir_dt_eq(s->var->dtype, s->value->dtype)) {
            /* Variables never change while in scope, so a let of a variable or a
             * constant can share its register instead of copying it. */
            c->vars = tir_xgrow(c->vars, &c->capvars, c->nvars + 1, sizeof *c->vars);
            c->vars[c->nvars].var = s->var;
            c->vars[c->nvars].reg = v;
            c->vars[c->nvars].range = cg_range_of(c, s->value);
            c->vars[c->nvars].value = NULL;
            c->nvars++;
            cg_release_temps(c, mark);
            cg_gen_stmt(c, s->body);
            break;
        }
        uint32_t r = cg_bind_var(c, s->var, cg_range_of(c, s->value));
        c->vars[c->nvars - 1].value = s->value;
        if (s->value->dtype.lanes > 1)
            cg_move_vector_into(c, r, v, cg_elem_vt(c, s->value->dtype, s->loc), s->value->dtype.lanes, value_start,
                                regs_start, s->loc);
        else
            cg_move_into(c, r, v, value_start, mark);
        cg_release_temps(c, mark);
        cg_gen_stmt(c, s->body);
        break;
    }
    case TIR_S_STORE: {
        /* The value is evaluated before the indices (spec Stmt semantics 5). */
        uint32_t value_start = c->ncode;
        if (s->value->dtype.lanes > 1 && cg_gen_fused_store(c, s))
            break;
        uint32_t v = cg_gen_expr(c, s->value);
        unsigned lanes = s->value->dtype.lanes;
        if (lanes > 1) {
            tir_vtype vt = cg_elem_vt(c, s->value->dtype, s->value->loc);
            uint32_t vb = (uint32_t)cg_vmbuf_of(c, s->buffer, s->loc);
            vaccess va = cg_gen_vaccess(c, s->buffer, s->indices, s->nindices, vb, lanes, s->loc);
            if (va.gather)
                EMIT4(c, cg_typed(c, TIRBC_OP_VSTG_BOOL, vt, s->loc), vb, va.index, v, lanes);
            else
                EMIT5(c, cg_typed(c, TIRBC_OP_VST_BOOL, vt, s->loc), vb, va.base, va.stride, v, lanes);
            break;
        }
        tir_vtype vt = cg_vt_of(c, s->value->dtype, s->value->loc);
        const struct promoted *p = cg_find_promoted(c, s->buffer->data);
        if (p) {
            cg_move_into(c, cg_promoted_reg(c, p, s->buffer, s->indices, s->nindices, s->loc), v, value_start, mark);
            break;
        }
        uint32_t vb = (uint32_t)cg_vmbuf_of(c, s->buffer, s->loc);
        flat_index f = cg_gen_flat(c, s->buffer, s->indices, s->nindices, vb, s->loc);
        if (f.mad)
            EMIT5(c, cg_typed(c, TIRBC_OP_STX_BOOL, vt, s->loc), vb, f.a, f.s, f.b, v);
        else
            EMIT3(c, cg_typed(c, TIRBC_OP_ST_BOOL, vt, s->loc), vb, f.reg, v);
        break;
    }
    case TIR_S_IF: {
        false_jumps to_else = {.n = 0};
        cg_gen_branch_if_false(c, s->cond, &to_else);
        cg_release_temps(c, mark);
        uint32_t nassumed = assume(c, s->cond);
        cg_gen_stmt(c, s->body);
        forget(c, nassumed);
        if (s->else_case) {
            EMIT1(c, TIRBC_OP_JMP, 0);
            uint32_t to_end = cg_last_word(c);
            cg_patch_false_jumps(c, &to_else, c->ncode);
            cg_gen_stmt(c, s->else_case);
            cg_patch(c, to_end, c->ncode);
        } else {
            cg_patch_false_jumps(c, &to_else, c->ncode);
        }
        break;
    }
    case TIR_S_EVALUATE: {
        bool is_break;
        if (s->value->kind == TIR_E_INT || s->value->kind == TIR_E_STR ||
            (s->value->kind == TIR_E_VAR && tir_dt_is_handle(s->value->dtype)))
            break; /* T.evaluate(0), T.evaluate(A_data): no-ops */
        if (is_loop_exit(s->value, &is_break)) {
            gen_loop_exit(c, is_break, s->loc);
            break;
        }
        if (cg_gen_loop_instruction(c, s->value))
            break;
        cg_gen_expr(c, s->value);
        break;
    }
    case TIR_S_ASSERT: {
        const char *msg = s->message->kind == TIR_E_STR ? s->message->str : "assertion failed";
        if (s->is_runtime_check) {
            EMIT2(c, TIRBC_OP_BRNZ, cg_gen_expr(c, s->cond), 0);
            uint32_t to_ok = cg_last_word(c);
            EMIT1(c, TIRBC_OP_TRAP, cg_add_string(c, msg));
            cg_patch(c, to_ok, c->ncode);
        } else {
            uint32_t cond = cg_gen_expr(c, s->cond);
            EMIT2(c, TIRBC_OP_ASSERT, cond, cg_add_string(c, msg));
        }
        cg_release_temps(c, mark);
        if (s->body)
            cg_gen_stmt(c, s->body);
        break;
    }
    case TIR_S_FOR: gen_for(c, s); break;
    case TIR_S_WHILE: {
        uint32_t top = c->ncode;
        cg_flat_memo_forget(c, UINT32_MAX); /* the loop jumps back here */
        false_jumps to_exit = {.n = 0};
        if (tir_dt_is_bool(s->cond->dtype)) {
            cg_gen_branch_if_false(c, s->cond, &to_exit);
        } else {
            /* an integer condition: loop while it is nonzero */
            uint32_t cond = cg_gen_expr(c, s->cond);
            tir_vtype vt = cg_vt_of(c, s->cond->dtype, s->cond->loc);
            EMIT3(c, cg_typed(c, TIRBC_OP_BREQ_BOOL, vt, s->loc), cond, cg_const_int(c, vt, 0), 0);
            to_exit.holes[to_exit.n++] = cg_last_word(c);
        }
        cg_release_temps(c, mark);
        c->loop_depth++;
        cg_gen_stmt(c, s->body);
        EMIT1(c, TIRBC_OP_JMP, top);
        cg_patch_false_jumps(c, &to_exit, c->ncode);
        patch_loop_jumps(c, false, top);
        patch_loop_jumps(c, true, c->ncode);
        end_loop_scope(c);
        break;
    }
    case TIR_S_ALLOCATE: gen_allocate(c, s); break;
    case TIR_S_REALIZE:
        if (cg_find_data(c, s->buffer->data) < 0 && !cg_find_promoted(c, s->buffer->data)) {
            /* spec Stmt semantics 6.ii: a buffer of the buffer's shape for the body */
            tir_stmt *al = tir_alloc_decl(c->a, s->buffer, s->loc);
            al->body->body = s->body;
            cg_gen_stmt(c, al);
            break;
        }
        cg_gen_stmt(c, s->body); /* memory it has already: bounds only inform code generation */
        break;
    case TIR_S_DECL_BUFFER:
        cg_gen_stmt(c, s->body);
        break;
    case TIR_S_ATTR:
        if (s->attr_key && (strcmp(s->attr_key, "thread_extent") == 0 || strcmp(s->attr_key, "virtual_thread") == 0)) {
            /* Spec Stmt semantics 3.i: run the body for node = 0 .. value-1, in parallel. */
            if (!s->var || !s->value) {
                ERR(c, s->loc, "a %s attribute needs a variable and an extent", s->attr_key);
                break;
            }
            tir_expr *zero = tir_int(c->a, s->var->dtype, 0, s->loc);
            tir_expr *extent = s->value;
            if (!tir_dt_eq(extent->dtype, s->var->dtype)) /* an int64 extent of an int32 variable */
                extent = tir_cast(c->a, s->var->dtype, extent, s->loc);
            gen_parallel(c, s->var, zero, extent, s->body, s->loc);
            break;
        }
        cg_gen_stmt(c, s->body);
        break;
    case TIR_S_BLOCK_REALIZE:
        ERR(c, s->loc, "internal error: a block survived lowering");
        break;
    }
    cg_release_temps(c, mark);
}
