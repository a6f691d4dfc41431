/* Codegen: instruction selection for scalar expressions: interval analysis
 * of index ranges, flattened buffer indices with their checks, loads, small
 * local buffers kept in registers, guarded selects and calls. */
#include "codegen_internal.h"

/* ---- interval analysis (to skip provably redundant dimension checks) ---- */
static bool lookup_var_range(void *ctx, const tir_var *v, tir_interval *out)
{
    var_slot *s = cg_find_var(ctx, v);
    if (!s)
        return false;
    *out = s->range;
    return out->known;
}

interval cg_range_of(cg *c, const tir_expr *e) { return tir_range_of(e, lookup_var_range, c); }

/* ---- expressions --------------------------------------------------------- */

static uint32_t gen_cast(cg *c, const tir_expr *e)
{
    uint32_t src = cg_gen_expr(c, e->a);
    tir_vtype from = cg_vt_of(c, e->a->dtype, e->a->loc), to = cg_vt_of(c, e->dtype, e->loc);
    if (from == to)
        return src;
    uint32_t dst = cg_temp(c, to);
    bool from_int = from <= TIR_VT_U64, to_int = to <= TIR_VT_U64;
    int op;
    if (from_int && to_int)
        op = cg_typed(c, TIRBC_OP_EXT_BOOL, to, e->loc);
    else if (from_int)
        op = cg_typed(c, from == TIR_VT_U64 ? TIRBC_OP_UTOF_F32 : TIRBC_OP_SITOF_F32, to, e->loc);
    else if (from == TIR_VT_F32)
        op = cg_typed(c, TIRBC_OP_F32TO_BOOL, to, e->loc);
    else if (from == TIR_VT_F64)
        op = cg_typed(c, TIRBC_OP_F64TO_BOOL, to, e->loc);
    else if (from == TIR_VT_F16)
        op = cg_typed(c, TIRBC_OP_F16TO_BOOL, to, e->loc);
    else
        op = cg_typed(c, TIRBC_OP_BF16TO_BOOL, to, e->loc);
    EMIT2(c, op, dst, src);
    return dst;
}

static tirbc_opcode binary_family(tir_expr_kind k)
{
    switch (k) {
    case TIR_E_ADD: return TIRBC_OP_ADD_BOOL;
    case TIR_E_SUB: return TIRBC_OP_SUB_BOOL;
    case TIR_E_MUL: return TIRBC_OP_MUL_BOOL;
    case TIR_E_DIV: return TIRBC_OP_DIV_BOOL;
    case TIR_E_MOD: return TIRBC_OP_MOD_BOOL;
    case TIR_E_FLOORDIV: return TIRBC_OP_FLOORDIV_BOOL;
    case TIR_E_FLOORMOD: return TIRBC_OP_FLOORMOD_BOOL;
    case TIR_E_MIN: return TIRBC_OP_MIN_BOOL;
    case TIR_E_MAX: return TIRBC_OP_MAX_BOOL;
    case TIR_E_EQ: return TIRBC_OP_EQ_BOOL;
    case TIR_E_NE: return TIRBC_OP_NE_BOOL;
    case TIR_E_LT: return TIRBC_OP_LT_BOOL;
    case TIR_E_LE: return TIRBC_OP_LE_BOOL;
    case TIR_E_GT: return TIRBC_OP_GT_BOOL;
    default: return TIRBC_OP_GE_BOOL;
    }
}

/* The register holding a dimension's extent or stride (constant or variable). */
uint32_t cg_extent_reg(cg *c, const tir_expr *x)
{
    if (x->kind == TIR_E_INT)
        return cg_const_int(c, TIR_VT_I64, x->ival);
    return cg_gen_expr(c, x);
}


static bool int_const_is(const tir_expr *e, int64_t k) { return e->kind == TIR_E_INT && e->ival == k; }

/* Flattens buffer indices into one element offset (spec PrimFunc 2.iv). */
flat_index cg_gen_flat(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vmbuf, tir_loc loc)
{
    flat_index f = {false, 0, 0, 0, 0};
    if (n == 0) {
        f.reg = cg_const_int(c, TIR_VT_I64, 0);
        return f;
    }
    uint32_t *regs = tir_xmalloc(n * sizeof *regs);
    bool *zero = tir_xmalloc(n * sizeof *zero);
    for (uint32_t i = 0; i < n; i++) {
        tir_expr *ix = idx[i]; /* simplified by pass simplify-indices */
        zero[i] = int_const_is(ix, 0);
        regs[i] = cg_gen_expr(c, ix);
        interval r = cg_range_of(c, ix);
        const tir_expr *ext = b->shape[i];
        bool proven = r.known && r.lo >= 0 && ext->kind == TIR_E_INT && r.hi < ext->ival;
        if (!proven)
            EMIT4(c, TIRBC_OP_CHKIDX, regs[i], cg_extent_reg(c, ext), vmbuf, i);
    }
    /* Dimensions indexed by a constant 0 add nothing: no instruction for them. */
    uint32_t acc = regs[n - 1];
    bool acc_zero = zero[n - 1];
    if (b->nstrides && !acc_zero) {
        uint32_t t = cg_temp(c, TIR_VT_I64);
        EMIT3(c, TIRBC_OP_IXMUL, t, regs[n - 1], cg_extent_reg(c, b->strides[n - 1]));
        acc = t;
    }
    /* stride of dimension i = product of the extents after it (compact), or the declared stride */
    uint32_t stride = cg_const_int(c, TIR_VT_I64, 1);
    int64_t cstride = 1;
    bool stride_const = true;
    for (uint32_t i = n - 1; i-- > 0;) {
        uint32_t s;
        if (b->nstrides) {
            s = cg_extent_reg(c, b->strides[i]);
        } else {
            const tir_expr *ext = b->shape[i + 1];
            if (stride_const && ext->kind == TIR_E_INT && !__builtin_mul_overflow(cstride, ext->ival, &cstride)) {
                s = cg_const_int(c, TIR_VT_I64, cstride);
            } else {
                uint32_t t = cg_temp(c, TIR_VT_I64);
                EMIT3(c, TIRBC_OP_IXMUL, t, stride_const ? cg_const_int(c, TIR_VT_I64, cstride) : stride,
                      cg_extent_reg(c, ext));
                stride_const = false;
                s = t;
            }
            stride = s;
        }
        if (zero[i])
            continue;
        if (i == 0) {
            /* the last multiply-add is left to the access instruction */
            f.mad = true;
            f.a = regs[0];
            f.s = s;
            f.b = acc;
            free(regs);
            free(zero);
            return f;
        }
        uint32_t t = cg_temp(c, TIR_VT_I64);
        if (acc_zero)
            EMIT3(c, TIRBC_OP_IXMUL, t, regs[i], s);
        else
            EMIT4(c, TIRBC_OP_IXMAD, t, regs[i], s, acc);
        acc = t;
        acc_zero = false;
    }
    (void)loc;
    free(regs);
    free(zero);
    f.reg = acc;
    return f;
}

/* The flat element offset in one register. */
uint32_t cg_gen_flat_index(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vmbuf, tir_loc loc)
{
    flat_index f = cg_gen_flat(c, b, idx, n, vmbuf, loc);
    if (!f.mad)
        return f.reg;
    /* the same offset computed since the last label, its registers unwritten
     * (three accesses to one row of same-shaped buffers) */
    for (uint32_t i = 0; i < c->nflat_memo; i++) {
        const struct flat_memo *m = &c->flat_memo[i];
        if (m->a == f.a && m->s == f.s && m->b == f.b) {
            cg_retake_temp(c, m->dst); /* released with its statement: taken again for this one */
            return m->dst;
        }
    }
    uint32_t t = cg_temp(c, TIR_VT_I64);
    EMIT4(c, TIRBC_OP_IXMAD, t, f.a, f.s, f.b);
    if (c->nflat_memo < sizeof c->flat_memo / sizeof c->flat_memo[0])
        c->flat_memo[c->nflat_memo++] = (struct flat_memo){t, f.a, f.s, f.b};
    return t;
}

/* The storage a buffer accesses when it holds the buffer's element type
 * (the loop-level matchers use it; others get cg_vmbuf_of's error), or -1. */
int cg_storage_of(cg *c, const tir_buffer *b)
{
    int vb = cg_find_data(c, b->data);
    if (vb >= 0)
        cg_note_view(c, cg_find_data_slot(c, b->data), b);
    if (vb < 0 || c->bufs[vb].dtype.code != b->dtype.code || c->bufs[vb].dtype.bits != b->dtype.bits)
        return -1;
    return vb;
}

int cg_vmbuf_of(cg *c, const tir_buffer *b, tir_loc loc)
{
    int vb = cg_find_data(c, b->data);
    if (vb < 0) {
        ERR(c, loc, "buffer '%s' has no storage in scope", b->name);
        return 0;
    }
    cg_note_view(c, cg_find_data_slot(c, b->data), b);
    /* A view may reshape its storage but not reinterpret its elements. */
    tir_dtype st = c->bufs[vb].dtype;
    if (st.code != b->dtype.code || st.bits != b->dtype.bits) {
        char have[32], want[32];
        UNSUPPORTED(c, loc, "buffer '%s' views storage of %s elements as %s", b->name,
            tir_dtype_str(tir_dt_with_lanes(st, 1), have, sizeof have),
            tir_dtype_str(tir_dt_with_lanes(b->dtype, 1), want, sizeof want));
    }
    return vb;
}

/* Does operand i of op write a register (operands.def's access column)? */
static bool writes_operand(uint32_t op, unsigned i)
{
    return tirbc_op_operand(op, i)->access == TIRBC_OPA_WRITE;
}

/* Is operand i of op a register (so a register number in it names one)? */
static bool is_register_operand(uint32_t op, unsigned i)
{
    uint8_t kind = tirbc_op_operand(op, i)->kind;
    return kind == TIRBC_OPK_REG || kind == TIRBC_OPK_VREG || kind == TIRBC_OPK_ARGS;
}

/* When v is the statement's own (`owned`: nothing else reads it after)
 * and is written by the last instruction of v's code (which starts at
 * `start`) alone, as its first operand of kind dst_kind, that instruction
 * writes r instead and the copy of v into r is not needed: true then. */
static bool retarget_last(cg *c, uint32_t r, uint32_t v, uint32_t start, bool owned, uint8_t dst_kind)
{
    uint32_t last = c->last_insn;
    bool ok = owned && r != v && c->ncode > start && last >= start && c->code[last] < TIRBC_OP_COUNT;
    if (ok) {
        uint32_t lop = c->code[last];
        const tirbc_opinfo *li = &tirbc_ops[lop];
        /* a result written by its first operand, and v read by no other */
        ok = li->noperands > 0 && writes_operand(lop, 0) && tirbc_op_operand(lop, 0)->kind == dst_kind &&
             c->code[last + 1] == v;
        for (uint32_t k = 1; ok && k < li->noperands; k++)
            ok = c->code[last + 1 + k] != v || !is_register_operand(lop, k);
        /* no other instruction of v's code writes v */
        for (uint32_t pc = start; ok && pc < last;) {
            uint32_t pop = c->code[pc];
            for (uint32_t k = 0; k < tirbc_ops[pop].noperands; k++)
                if (writes_operand(pop, k) && c->code[pc + 1 + k] == v)
                    ok = false;
            pc += 1 + tirbc_ops[pop].noperands;
        }
    }
    if (ok) {
        c->code[last + 1] = r; /* v is not written after all: r is */
        cg_flat_memo_forget(c, v);
        cg_flat_memo_forget(c, r);
    }
    return ok;
}

/* Copies scalar v into r after v's code, which starts at `start` (no copy,
 * and no copy of a 4-byte result as 8 bytes stalling on the store before
 * it, when the last instruction can write r itself). */
void cg_move_into(cg *c, uint32_t r, uint32_t v, uint32_t start, uint32_t mark)
{
    bool temp_of_stmt = false; /* a temporary taken since `mark` */
    for (uint32_t i = mark; i < c->ntaken && !temp_of_stmt; i++)
        temp_of_stmt = c->taken[i] == v;
    if (!retarget_last(c, r, v, start, temp_of_stmt, TIRBC_OPK_REG) && r != v)
        EMIT2(c, TIRBC_OP_MOV, r, v);
}

/* The same for a vector of `lanes` lanes of element type vt (a let's
 * vector: a hoisted broadcast, a value computed once for a store).  Vector
 * registers are never reused, and constant vectors are written by the
 * prologue, so one made since register `first_new` is the value's own. */
void cg_move_vector_into(cg *c, uint32_t r, uint32_t v, tir_vtype vt, unsigned lanes, uint32_t start,
                         uint32_t first_new, tir_loc loc)
{
    if (!retarget_last(c, r, v, start, v >= first_new, TIRBC_OPK_VREG) && r != v)
        EMIT3(c, cg_typed(c, TIRBC_OP_VMOV_BOOL, vt, loc), r, v, lanes);
}

/* ---- small local buffers in registers -------------------------------------
 * An Allocate of at most TIR_REGISTER_BUFFER_MAX scalar elements that is only read
 * and written at constant, in-bounds indices (softmax's running max and sum,
 * layernorm's row sums) lives in registers: each access is a register read
 * or move instead of a load or store. */

const struct promoted *cg_find_promoted(const cg *c, const tir_var *data)
{
    for (uint32_t i = c->npromoted; i-- > 0;)
        if (c->promoted[i].data == data)
            return &c->promoted[i];
    return NULL;
}

/* Registers for an Allocate's elements when it qualifies (see above). */
bool cg_try_promote(cg *c, const tir_stmt *s, const tir_buffer *b, int64_t nelem)
{
    tir_vtype vt = tir_dtype_vtype(b->dtype);
    if (!tir_buffer_fits_registers(b, nelem, s->body))
        return false;
    c->promoted = tir_xgrow(c->promoted, &c->cappromoted, c->npromoted + 1, sizeof *c->promoted);
    struct promoted *p = &c->promoted[c->npromoted];
    p->data = b->data;
    p->nelem = (uint32_t)nelem;
    /* a fresh allocation reads as zeros, as the VM's alloc gives */
    uint32_t zero = cg_const_reg(c, vt, 0);
    for (uint32_t i = 0; i < p->nelem; i++) {
        p->regs[i] = cg_new_reg(c, vt);
        EMIT2(c, TIRBC_OP_MOV, p->regs[i], zero);
    }
    c->npromoted++;
    return true;
}

/* The register of a promoted element, for an access the scan accepted. */
uint32_t cg_promoted_reg(cg *c, const struct promoted *p, const tir_buffer *b, tir_expr *const *idx, uint32_t n,
                         tir_loc loc)
{
    int64_t flat;
    if (!tir_const_flat_index(b, idx, n, &flat) || flat < 0 || (uint64_t)flat >= p->nelem) {
        ERR(c, loc, "internal error: access to register buffer '%s' not at a constant index", b->name);
        return p->regs[0];
    }
    return p->regs[flat];
}

uint32_t cg_gen_load(cg *c, const tir_expr *e)
{
    const struct promoted *p = cg_find_promoted(c, e->buffer->data);
    if (p)
        return cg_promoted_reg(c, p, e->buffer, e->args, e->nargs, e->loc);
    tir_vtype vt = cg_vt_of(c, e->dtype, e->loc);
    uint32_t vb = (uint32_t)cg_vmbuf_of(c, e->buffer, e->loc);
    flat_index f = cg_gen_flat(c, e->buffer, e->args, e->nargs, vb, e->loc);
    uint32_t dst = cg_temp(c, vt);
    if (f.mad)
        EMIT5(c, cg_typed(c, TIRBC_OP_LDX_BOOL, vt, e->loc), dst, vb, f.a, f.s, f.b);
    else
        EMIT3(c, cg_typed(c, TIRBC_OP_LD_BOOL, vt, e->loc), dst, vb, f.reg);
    return dst;
}


/* if_then_else and the scalar And/Or evaluate their second part only when needed. */
uint32_t cg_gen_branchy(cg *c, const tir_expr *e)
{
    if (e->kind == TIR_E_AND || e->kind == TIR_E_OR) {
        uint32_t r = cg_temp(c, TIR_VT_BOOL);
        uint32_t a = cg_gen_expr(c, e->a);
        EMIT2(c, TIRBC_OP_MOV, r, a);
        EMIT2(c, e->kind == TIR_E_AND ? TIRBC_OP_BRZ : TIRBC_OP_BRNZ, r, 0);
        uint32_t hole = cg_last_word(c);
        uint32_t b = cg_gen_expr(c, e->b);
        EMIT2(c, TIRBC_OP_MOV, r, b);
        cg_patch(c, hole, c->ncode);
        return r;
    }
    /* tir.if_then_else(cond, t, f) */
    tir_vtype vt = cg_elem_vt(c, e->dtype, e->loc);
    unsigned lanes = e->dtype.lanes;
    uint32_t r = lanes > 1 ? cg_new_vreg(c, vt, lanes) : cg_temp(c, vt);
    if (e->args[0]->dtype.lanes != 1) {
        UNSUPPORTED(c, e->loc, "if_then_else with a vector condition");
        return r;
    }
    false_jumps to_else = {.n = 0};
    cg_gen_branch_if_false(c, e->args[0], &to_else);
    uint32_t mark = c->ntaken, start = c->ncode;
    uint32_t t = cg_gen_expr(c, e->args[1]);
    if (lanes > 1)
        EMIT3(c, cg_typed(c, TIRBC_OP_VMOV_BOOL, vt, e->loc), r, t, lanes);
    else
        cg_move_into(c, r, t, start, mark);
    EMIT1(c, TIRBC_OP_JMP, 0);
    uint32_t to_end = cg_last_word(c);
    cg_patch_false_jumps(c, &to_else, c->ncode);
    mark = c->ntaken;
    start = c->ncode;
    uint32_t f = cg_gen_expr(c, e->args[2]);
    if (lanes > 1)
        EMIT3(c, cg_typed(c, TIRBC_OP_VMOV_BOOL, vt, e->loc), r, f, lanes);
    else
        cg_move_into(c, r, f, start, mark);
    cg_patch(c, to_end, c->ncode);
    return r;
}

static uint32_t gen_fold(cg *c, const tir_expr *e);

/* The register of a variable in scope; a constant's when the variable can
 * hold one value only, which lets index arithmetic fold. */
uint32_t cg_var_reg(cg *c, const tir_expr *e)
{
    var_slot *s = cg_find_var(c, e->var);
    if (!s) {
        UNSUPPORTED(c, e->loc, "variable '%s' has no value here", e->var->name);
        return 0;
    }
    int64_t k;
    if (cg_single_value(s, e, &k))
        return cg_const_int(c, cg_vt_of(c, e->dtype, e->loc), k);
    return s->reg;
}

/* A call to a PrimFunc: its scalar arguments go to consecutive registers
 * typed like the callee's scalar parameters (opcodes.def, CALL).  A callee
 * with buffer parameters gets, for each, the caller's buffer that holds the
 * memory its pointer argument points to, named by a constant (CALLB). */
static uint32_t gen_call(cg *c, const tir_expr *e)
{
    int fidx = -1;
    for (uint32_t i = 0; i < c->mod->nfuncs; i++)
        if (strcmp(c->mod->funcs[i]->name, e->callee) == 0)
            fidx = (int)i;
    if (fidx < 0) {
        ERR(c, e->loc, "call to unknown function '%s'", e->callee);
        return 0;
    }
    const tir_func *callee = c->mod->funcs[fidx];
    uint32_t *vals = tir_xmalloc((e->nargs ? e->nargs : 1) * sizeof *vals);
    const tir_expr **sargs = tir_xmalloc((e->nargs ? e->nargs : 1) * sizeof *sargs);
    uint32_t nscalar = 0, nbuf = 0, first_buf = c->nbufargs;
    for (uint32_t i = 0; i < e->nargs; i++) {
        if (i < callee->nparams && callee->param_buffers[i]) {
            const tir_expr *a = e->args[i];
            int vb = a->kind == TIR_E_VAR ? cg_find_data(c, a->var) : -1;
            if (vb < 0) {
                UNSUPPORTED(c, a->loc, "argument %u of '%s': pointer '%s' has no buffer memory here", i, e->callee,
                    a->kind == TIR_E_VAR ? a->var->name : "?");
                break;
            }
            const tirbc_buffer *st = &c->bufs[vb];
            if (st->elem_offset.kind != TIRBC_DIM_CONST || st->elem_offset.value != 0) {
                UNSUPPORTED(c, a->loc, "argument %u of '%s': buffer '%s' has an elem_offset, and its pointer would "
                    "point before its first element", i, e->callee, st->name);
                break;
            }
            c->bufargs = tir_xgrow(c->bufargs, &c->capbufargs, c->nbufargs + 1, sizeof *c->bufargs);
            c->bufargs[c->nbufargs++] = (uint64_t)vb;
            nbuf++;
            continue;
        }
        sargs[nscalar] = e->args[i];
        vals[nscalar++] = cg_gen_expr(c, e->args[i]);
    }
    uint32_t base = c->nregs;
    for (uint32_t i = 0; i < nscalar; i++)
        cg_new_reg(c, cg_vt_of(c, sargs[i]->dtype, sargs[i]->loc));
    for (uint32_t i = 0; i < nscalar; i++)
        EMIT2(c, TIRBC_OP_MOV, base + i, vals[i]);
    free(vals);
    free(sargs);
    if (c->failed)
        return 0;
    /* calls that pass the same buffers share their constants */
    for (uint32_t j = 0; nbuf && j < first_buf; j++)
        if (j + nbuf <= first_buf && memcmp(&c->bufargs[j], &c->bufargs[first_buf], nbuf * sizeof *c->bufargs) == 0) {
            c->nbufargs = first_buf;
            first_buf = j;
            break;
        }
    if (tir_dt_is_void(e->dtype)) {
        if (nbuf)
            EMIT4(c, TIRBC_OP_CALLB, fidx, base, nscalar, first_buf);
        else
            EMIT3(c, TIRBC_OP_CALL, fidx, base, nscalar);
        return 0;
    }
    uint32_t dst = cg_temp(c, cg_vt_of(c, e->dtype, e->loc));
    if (nbuf)
        EMIT5(c, TIRBC_OP_CALLBV, dst, fidx, base, nscalar, first_buf);
    else
        EMIT4(c, TIRBC_OP_CALLV, dst, fidx, base, nscalar);
    return dst;
}

/* A strip-mined accumulation's fold (lower.c): the element's value, then
 * the vector of terms added (or maxed, or mined) in lane order. */
static uint32_t gen_fold(cg *c, const tir_expr *e)
{
    tir_vtype vt = cg_vt_of(c, e->dtype, e->loc);
    bool f32 = vt == TIR_VT_F32;
    tirbc_opcode op = e->intrin == TIR_I_TIRVM_FOLD_ADD   ? (f32 ? TIRBC_OP_VRSUM_F32 : TIRBC_OP_VRSUM_F64)
                      : e->intrin == TIR_I_TIRVM_FOLD_MAX ? (f32 ? TIRBC_OP_VRMAX_F32 : TIRBC_OP_VRMAX_F64)
                                                             : (f32 ? TIRBC_OP_VRMIN_F32 : TIRBC_OP_VRMIN_F64);
    uint32_t acc = cg_gen_expr(c, e->args[0]), terms = cg_gen_expr(c, e->args[1]), t = cg_temp(c, vt);
    EMIT2(c, TIRBC_OP_MOV, t, acc);
    EMIT3(c, op, t, terms, e->args[1]->dtype.lanes);
    return t;
}

uint32_t cg_gen_expr(cg *c, const tir_expr *e)
{
    if (c->failed)
        return 0;
    if (e->dtype.lanes > 1)
        return cg_gen_vector(c, e);
    switch (e->kind) {
    case TIR_E_VAR: return cg_var_reg(c, e);
    case TIR_E_INT: return cg_const_int(c, cg_vt_of(c, e->dtype, e->loc), e->ival);
    case TIR_E_FLOAT: return cg_const_float(c, cg_vt_of(c, e->dtype, e->loc), e->fval);
    case TIR_E_CAST: return gen_cast(c, e);
    case TIR_E_LOAD: return cg_gen_load(c, e);
    case TIR_E_SELECT: {
        /* Select evaluates both values (spec Expr semantics 6.ii); one
         * that must not became if_then_else (pass unsafe-select). */
        tir_vtype vt = cg_vt_of(c, e->dtype, e->loc);
        uint32_t cond = cg_gen_expr(c, e->a), t = cg_gen_expr(c, e->b), f = cg_gen_expr(c, e->c);
        uint32_t dst = cg_temp(c, vt);
        EMIT4(c, cg_typed(c, TIRBC_OP_SEL_BOOL, vt, e->loc), dst, cond, t, f);
        return dst;
    }
    case TIR_E_AND:
    case TIR_E_OR:
        if (e->dtype.lanes != 1)
            break;
        return cg_gen_branchy(c, e);
    case TIR_E_NOT: {
        uint32_t a = cg_gen_expr(c, e->a), dst = cg_temp(c, TIR_VT_BOOL);
        EMIT2(c, TIRBC_OP_NOT, dst, a);
        return dst;
    }
    case TIR_E_LET: {
        uint32_t v = cg_gen_expr(c, e->a);
        uint32_t r = cg_bind_var(c, e->var, cg_range_of(c, e->a));
        EMIT2(c, TIRBC_OP_MOV, r, v);
        return cg_gen_expr(c, e->b);
    }
    case TIR_E_CALL:
        if (e->callee)
            return gen_call(c, e);
        if (e->intrin == TIR_I_RET && e->nargs == 1) {
            if (c->parallel_depth) {
                UNSUPPORTED(c, e->loc, "return inside a parallel region");
                return 0;
            }
            EMIT1(c, TIRBC_OP_RETV, cg_gen_expr(c, e->args[0]));
            return 0;
        }
        if ((e->intrin == TIR_I_TIRVM_FOLD_ADD || e->intrin == TIR_I_TIRVM_FOLD_MAX || e->intrin == TIR_I_TIRVM_FOLD_MIN) &&
            e->nargs == 2)
            return gen_fold(c, e);
        if (e->intrin == TIR_I_IF_THEN_ELSE && e->nargs == 3)
            return cg_gen_branchy(c, e);
        if ((e->intrin == TIR_I_LIKELY || e->intrin == TIR_I_THREAD_INVARIANT) && e->nargs == 1)
            return cg_gen_expr(c, e->args[0]);
        if (e->intrin == TIR_I_ASSUME && e->nargs == 1)
            return cg_const_int(c, TIR_VT_BOOL, 1); /* an optimizer hint: nothing to run */
        if (e->intrin == TIR_I_REINTERPRET && e->nargs == 1) {
            if (e->args[0]->dtype.lanes != e->dtype.lanes) {
                char from[32], to[32];
                UNSUPPORTED(c, e->loc, "T.reinterpret from %s to %s (it keeps the lanes: a vector's bytes as one scalar "
                            "are not supported)", tir_dtype_str(e->args[0]->dtype, from, sizeof from),
                            tir_dtype_str(e->dtype, to, sizeof to));
                return 0;
            }
            uint32_t src = cg_gen_expr(c, e->args[0]);
            tir_vtype to = cg_vt_of(c, e->dtype, e->loc);
            if (c->regtypes[src].vtype == to)
                return src;
            uint32_t dst = cg_temp(c, to);
            EMIT2(c, cg_typed(c, TIRBC_OP_BITCAST_BOOL, to, e->loc), dst, src);
            return dst;
        }
        const tir_builtin *bi = tir_builtin_find(e->op);
        if (bi && e->nargs == (uint32_t)bi->nargs) {
            uint32_t r[2] = {0, 0};
            for (uint32_t i = 0; i < e->nargs; i++)
                r[i] = cg_gen_expr(c, e->args[i]);
            tir_vtype vt = cg_vt_of(c, e->args[0]->dtype, e->loc);
            uint32_t dst = cg_temp(c, cg_vt_of(c, e->dtype, e->loc));
            int op = cg_typed(c, bi->family, vt, e->loc);
            if (bi->nargs == 1)
                EMIT2(c, op, dst, r[0]);
            else
                EMIT3(c, op, dst, r[0], r[1]);
            return dst;
        }
        UNSUPPORTED(c, e->loc, "call to %s is not supported yet", e->op ? e->op : e->callee);
        return 0;
    case TIR_E_SHUFFLE:
        return cg_gen_shuffle(c, e);
    case TIR_E_STR:
        UNSUPPORTED(c, e->loc, "a string is only allowed as an assert message");
        return 0;
    default:
        break;
    }
    if (tir_is_binary(e->kind) || tir_is_cmp(e->kind)) {
        uint32_t a = cg_gen_expr(c, e->a), b = cg_gen_expr(c, e->b);
        tir_vtype vt = cg_vt_of(c, e->a->dtype, e->loc);
        uint32_t dst = cg_temp(c, tir_is_cmp(e->kind) ? TIR_VT_BOOL : vt);
        EMIT3(c, cg_typed(c, binary_family(e->kind), vt, e->loc), dst, a, b);
        return dst;
    }
    UNSUPPORTED(c, e->loc, "%s is not supported yet", tir_expr_kind_names[e->kind]);
    return 0;
}

bool cg_pure_expr(const tir_expr *e)
{
    if (!e)
        return true;
    switch (e->kind) {
    case TIR_E_LOAD: case TIR_E_CALL: case TIR_E_LET: case TIR_E_SHUFFLE:
        return false;
    case TIR_E_DIV: case TIR_E_MOD: case TIR_E_FLOORDIV: case TIR_E_FLOORMOD:
        if (tir_dt_is_int(e->dtype))
            return false;
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!cg_pure_expr(e->args[i]))
            return false;
    return cg_pure_expr(e->a) && cg_pure_expr(e->b) && cg_pure_expr(e->c);
}
