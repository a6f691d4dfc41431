/* Codegen: register allocation (typed registers, per-statement temporaries,
 * constants loaded by the prologue), instruction emission, and the tables of
 * variables and buffers a function refers to. */
#include "codegen_internal.h"

/* ---- registers ------------------------------------------------------------ */
uint32_t cg_new_reg(cg *c, tir_vtype vt)
{
    c->regtypes = tir_xgrow(c->regtypes, &c->capregs, c->nregs + 1, sizeof *c->regtypes);
    c->regtypes[c->nregs].vtype = (uint8_t)vt;
    c->regtypes[c->nregs].lanes = 1;
    return c->nregs++;
}

uint32_t cg_temp(cg *c, tir_vtype vt)
{
    uint32_t r;
    if (c->nfree[vt]) {
        r = c->free_regs[vt][--c->nfree[vt]];
        cg_flat_memo_forget(c, r); /* a new owner: its value is about to change */
    } else
        r = cg_new_reg(c, vt);
    c->taken = tir_xgrow(c->taken, &c->captaken, c->ntaken + 1, sizeof *c->taken);
    c->taken[c->ntaken++] = r;
    return r;
}

/* Takes temporary r again if it is back on its free list (its value still
 * there: nothing has written it), so nothing else is given it meanwhile. */
void cg_retake_temp(cg *c, uint32_t r)
{
    tir_vtype vt = c->regtypes[r].vtype;
    for (uint32_t i = 0; i < c->nfree[vt]; i++)
        if (c->free_regs[vt][i] == r) {
            c->free_regs[vt][i] = c->free_regs[vt][--c->nfree[vt]];
            c->taken = tir_xgrow(c->taken, &c->captaken, c->ntaken + 1, sizeof *c->taken);
            c->taken[c->ntaken++] = r;
            return;
        }
}

/* Returns the temporaries taken since `mark` to their free lists. */
void cg_release_temps(cg *c, uint32_t mark)
{
    while (c->ntaken > mark) {
        uint32_t r = c->taken[--c->ntaken];
        tir_vtype vt = c->regtypes[r].vtype;
        c->free_regs[vt] = tir_xgrow(c->free_regs[vt], &c->capfree[vt], c->nfree[vt] + 1, sizeof(uint32_t));
        c->free_regs[vt][c->nfree[vt]++] = r;
    }
}

/* The value kind of one lane of dt, if the VM computes with it. */
tir_vtype cg_elem_vt(cg *c, tir_dtype dt, tir_loc loc)
{
    tir_vtype vt = tir_dtype_vtype(dt);
    if (vt == TIR_VT_NONE || vt == TIR_VT_HANDLE) {
        UNSUPPORTED(c, loc, "values of type %s are not supported yet", tir_dtype_name(dt));
        return TIR_VT_I32;
    }
    if (dt.lanes > TIRBC_MAX_LANES) {
        UNSUPPORTED(c, loc, "%s has more than %u lanes", tir_dtype_name(dt), TIRBC_MAX_LANES);
        return TIR_VT_I32;
    }
    return vt;
}

/* The value kind of a scalar dtype. */
tir_vtype cg_vt_of(cg *c, tir_dtype dt, tir_loc loc)
{
    if (dt.lanes != 1) {
        ERR(c, loc, "internal error: a vector value (%s) where a scalar is expected", tir_dtype_name(dt));
        return TIR_VT_I32;
    }
    return cg_elem_vt(c, dt, loc);
}

/* A vector register: a head slot and its continuation slots (opcodes.def). */
uint32_t cg_new_vreg(cg *c, tir_vtype vt, unsigned lanes)
{
    if (lanes == 1)
        return cg_new_reg(c, vt);
    uint32_t slots = (uint32_t)((lanes * tir_vtype_sizes[vt] + 7) / 8);
    c->regtypes = tir_xgrow(c->regtypes, &c->capregs, c->nregs + slots, sizeof *c->regtypes);
    uint32_t r = c->nregs;
    for (uint32_t k = 0; k < slots; k++) {
        c->regtypes[r + k].vtype = (uint8_t)vt;
        c->regtypes[r + k].lanes = (uint16_t)(k == 0 ? lanes : 0);
    }
    c->nregs += slots;
    return r;
}

/* ---- emission ------------------------------------------------------------ */
/* Appends instruction `op` with its n operand words; n must be the table's
 * operand count (a mismatch is a compiler bug, reported as an error). */
void cg_emit_words(cg *c, int op, const uint32_t *words, int n)
{
    if (op < 0) {
        c->failed = true;
        return;
    }
    if (op >= TIRBC_OP_COUNT || n != tirbc_ops[op].noperands) {
        char name[64];
        tir_diag_error(c->d, (tir_loc){0, 0, 0}, "internal error: %s emitted with %d operands, the table has %u",
                       tirbc_op_name(op, name, sizeof name), n, op < TIRBC_OP_COUNT ? tirbc_ops[op].noperands : 0u);
        c->failed = true;
        return;
    }
    /* what this instruction writes, or where it jumps, ends what the
     * remembered flat offsets may be reused for */
    for (int i = 0; i < n && c->nflat_memo; i++) {
        const tirbc_operand_info *o = tirbc_op_operand((uint32_t)op, (unsigned)i);
        if (o->kind == TIRBC_OPK_JUMP || o->kind == TIRBC_OPK_ARGS || o->kind == TIRBC_OPK_FUNC)
            cg_flat_memo_forget(c, UINT32_MAX);
        else if (o->access == TIRBC_OPA_WRITE && (o->kind == TIRBC_OPK_REG || o->kind == TIRBC_OPK_VREG))
            cg_flat_memo_forget(c, words[i]);
    }
    c->code = tir_xgrow(c->code, &c->capcode, c->ncode + 1 + (uint32_t)n, sizeof *c->code);
    c->last_insn = c->ncode;
    c->code[c->ncode++] = (uint32_t)op;
    for (int i = 0; i < n; i++)
        c->code[c->ncode++] = words[i];
}
void cg_emit(cg *c, int op, int n, ...)
{
    uint32_t words[TIRBC_MAX_OPERANDS];
    if (n < 0 || n > TIRBC_MAX_OPERANDS)
        n = TIRBC_MAX_OPERANDS + 1; /* reported as a mismatch with the table */
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n && i < TIRBC_MAX_OPERANDS; i++)
        words[i] = va_arg(ap, uint32_t);
    va_end(ap);
    cg_emit_words(c, op, words, n);
}

/* The word index of the last emitted operand (to patch jump targets). */
uint32_t cg_last_word(cg *c) { return c->ncode - 1; }
void cg_patch(cg *c, uint32_t word, uint32_t target)
{
    c->code[word] = target;
    cg_flat_memo_forget(c, UINT32_MAX); /* a label: the code after it is reached from elsewhere too */
}

void cg_flat_memo_forget(cg *c, uint32_t r)
{
    uint32_t kept = 0;
    for (uint32_t i = 0; i < c->nflat_memo; i++) {
        const struct flat_memo *m = &c->flat_memo[i];
        if (r != UINT32_MAX && m->dst != r && m->a != r && m->s != r && m->b != r)
            c->flat_memo[kept++] = *m;
    }
    c->nflat_memo = kept;
}

void cg_mark_line(cg *c, tir_loc loc)
{
    if (!loc.line || loc.line == c->last_line)
        return;
    c->lines = tir_xgrow(c->lines, &c->caplines, c->nlines + 1, sizeof *c->lines);
    if (c->nlines && c->lines[c->nlines - 1].pc == c->ncode)
        c->nlines--; /* nothing emitted for the previous entry */
    c->lines[c->nlines].pc = c->ncode;
    c->lines[c->nlines].line = loc.line;
    c->lines[c->nlines].col = loc.col;
    c->nlines++;
    c->last_line = loc.line;
}

uint32_t cg_add_string(cg *c, const char *s)
{
    for (uint32_t i = 0; i < c->nstrings; i++)
        if (strcmp(c->strings[i], s) == 0)
            return i;
    c->strings = tir_xgrow(c->strings, &c->capstrings, c->nstrings + 1, sizeof *c->strings);
    c->strings[c->nstrings] = tir_xstrdup(s);
    return c->nstrings++;
}

int cg_typed(cg *c, tirbc_opcode family, tir_vtype vt, tir_loc loc)
{
    int op = tirbc_op_typed(family, vt);
    if (op < 0) {
        char name[32];
        UNSUPPORTED(c, loc, "no %s instruction for %s", tirbc_op_name((int)family, name, sizeof name),
            tir_vtype_names[vt]);
    }
    return op;
}

/* ---- constants ----------------------------------------------------------- */
uint32_t cg_const_reg(cg *c, tir_vtype vt, uint64_t bits)
{
    for (uint32_t i = 0; i < c->nconsts; i++)
        if (c->consts[i].vt == vt && c->consts[i].bits == bits && c->consts[i].lanes == 1)
            return c->consts[i].reg;
    c->consts = tir_xgrow(c->consts, &c->capconsts, c->nconsts + 1, sizeof *c->consts);
    c->consts[c->nconsts].vt = (uint8_t)vt;
    c->consts[c->nconsts].bits = bits;
    c->consts[c->nconsts].reg = cg_new_reg(c, vt);
    c->consts[c->nconsts].lanes = 1;
    return c->consts[c->nconsts++].reg;
}

uint32_t cg_const_int(cg *c, tir_vtype vt, int64_t v) { return cg_const_reg(c, vt, (uint64_t)v); }

/* A vector of a constant in every lane, broadcast once by the prologue:
 * loops of any depth then use it without a vbcast per iteration.  At most
 * MAX_CONST_VECTORS per function (each holds a register of its lanes);
 * returns UINT32_MAX past that. */
#define MAX_CONST_VECTORS 16
uint32_t cg_const_vector(cg *c, tir_vtype vt, uint32_t scalar, unsigned lanes)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < c->nconsts; i++) {
        if (c->consts[i].lanes == 1)
            continue;
        if (c->consts[i].vt == vt && c->consts[i].scalar == scalar && c->consts[i].lanes == lanes)
            return c->consts[i].reg;
        n++;
    }
    if (n >= MAX_CONST_VECTORS)
        return UINT32_MAX;
    c->consts = tir_xgrow(c->consts, &c->capconsts, c->nconsts + 1, sizeof *c->consts);
    c->consts[c->nconsts] = (const_slot){0, (uint8_t)vt, cg_new_vreg(c, vt, lanes), lanes, scalar};
    return c->consts[c->nconsts++].reg;
}

uint32_t cg_const_float(cg *c, tir_vtype vt, double v)
{
    uint64_t bits = 0;
    if (vt == TIR_VT_F16) {
        bits = tir_f16_from_f64(v);
    } else if (vt == TIR_VT_BF16) {
        bits = tir_bf16_from_f64(v);
    } else if (vt == TIR_VT_F32) {
        float f = (float)v;
        uint32_t b32;
        memcpy(&b32, &f, 4);
        bits = b32;
    } else {
        memcpy(&bits, &v, 8);
    }
    return cg_const_reg(c, vt, bits);
}

/* ---- variables and buffers ----------------------------------------------- */
var_slot *cg_find_var(cg *c, const tir_var *v)
{
    for (uint32_t i = c->nvars; i-- > 0;)
        if (c->vars[i].var == v)
            return &c->vars[i];
    return NULL;
}

/* Whether a scalar variable can hold one value only here (a loop of extent
 * 1, a loop-level instruction's variables while its start is computed, a
 * guard that pins it), and which. */
bool cg_single_value(const var_slot *s, const tir_expr *ref, int64_t *k)
{
    if (!s || !s->range.known || s->range.lo != s->range.hi || ref->dtype.lanes != 1)
        return false;
    *k = s->range.lo;
    return true;
}

const tir_expr *cg_broadcast_of(cg *c, const tir_expr *e)
{
    if (e->kind == TIR_E_VAR) {
        const var_slot *s = cg_find_var(c, e->var);
        e = s && s->value ? s->value : e;
    }
    return e->kind == TIR_E_BROADCAST ? e : NULL;
}

uint32_t cg_bind_var(cg *c, const tir_var *v, interval range)
{
    c->vars = tir_xgrow(c->vars, &c->capvars, c->nvars + 1, sizeof *c->vars);
    c->vars[c->nvars].var = v;
    c->vars[c->nvars].value = NULL;
    c->vars[c->nvars].reg = cg_new_vreg(c, cg_elem_vt(c, v->dtype, v->loc), v->dtype.lanes);
    c->vars[c->nvars].range = range;
    return c->vars[c->nvars++].reg;
}

/* Notes that buffer b accesses the storage of data slot i (see data_slot). */
void cg_note_view(cg *c, uint32_t i, const tir_buffer *b)
{
    if (i >= c->ndatas)
        return;
    data_slot *d = &c->datas[i];
    if (!d->bare || !b->name)
        return;
    if (!d->view_name)
        d->view_name = b->name;
    else if (strcmp(d->view_name, b->name) != 0)
        d->views_differ = true;
}

/* Storage indexed through one view only takes the view's name. */
void cg_name_storage(cg *c)
{
    for (uint32_t i = 0; i < c->ndatas; i++) {
        const data_slot *d = &c->datas[i];
        if (!d->bare || !d->view_name || d->views_differ)
            continue;
        char *name = tir_xstrdup(d->view_name);
        if (!name)
            continue;
        free(c->bufs[d->vmbuf].name);
        c->bufs[d->vmbuf].name = name;
    }
}

uint32_t cg_find_data_slot(cg *c, const tir_var *data)
{
    uint32_t i = 0;
    while (i < c->ndatas && c->datas[i].data != data)
        i++;
    return i;
}

int cg_find_data(cg *c, const tir_var *data)
{
    for (uint32_t i = 0; i < c->ndatas; i++)
        if (c->datas[i].data == data)
            return (int)c->datas[i].vmbuf;
    return -1;
}

uint32_t cg_add_vmbuf(cg *c, const tir_buffer *b, uint8_t kind)
{
    /* memory holds values of a type (a void* parameter has none); the module
     * would not verify */
    tir_vtype vt = tir_dtype_vtype(b->dtype);
    if (vt == TIR_VT_NONE || vt == TIR_VT_HANDLE) {
        char dt[32];
        UNSUPPORTED(c, b->loc, "buffer '%s' of %s elements (the elements of a buffer are numbers or bools)", b->name,
                    tir_dtype_str(b->dtype, dt, sizeof dt));
    }
    c->bufs = tir_xgrow(c->bufs, &c->capbufs, c->nbufs + 1, sizeof *c->bufs);
    tirbc_buffer *vb = &c->bufs[c->nbufs];
    memset(vb, 0, sizeof *vb);
    vb->name = tir_xstrdup(b->name);
    /* Vector-element buffers (float32x8) are stored as lanes consecutive scalars. */
    vb->dtype = tir_dt_with_lanes(b->dtype, 1);
    vb->kind = kind;
    c->datas = tir_xgrow(c->datas, &c->capdatas, c->ndatas + 1, sizeof *c->datas);
    memset(&c->datas[c->ndatas], 0, sizeof c->datas[c->ndatas]);
    c->datas[c->ndatas].data = b->data;
    c->datas[c->ndatas].vmbuf = c->nbufs;
    c->ndatas++;
    return c->nbufs++;
}
