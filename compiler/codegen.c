/* Codegen: lowered TIR → typed register bytecode (format/opcodes.def).
 *
 * Every TIR variable gets its own register.  Constants live in registers
 * loaded once by a prologue, so loop bodies never reload them.  Temporaries
 * are recycled per statement through per-type free lists (registers are
 * typed, so a register is only reused for the same value kind).  Buffer
 * indices are flattened with the buffer's strides; each dimension is
 * checked against its extent unless a simple interval analysis proves the
 * index in range (spec-readings 13), and every load/store checks the
 * flattened index against the buffer's size, which is what keeps memory
 * safe whatever the module. */
#include "codegen.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "fold.h"
#include "halffloat.h"
#include "passes.h"
#include "tir_visit.h"
#include "oom.h"
#include "opcodes.h"

typedef struct {
    bool known;
    int64_t lo, hi;
} interval;

typedef struct {
    const tir_var *var;
    uint32_t reg;
    interval range;
} var_slot;

typedef struct {
    const tir_var *data; /* buffer data pointer var */
    uint32_t vmbuf;      /* index into the function's buffer table */
    /* Storage allocated without a buffer of its own (T.allocate) is named
     * after its data variable; when the code indexes it through one view
     * only, messages name that view instead (view_name), see name_storage. */
    bool bare, views_differ;
    const char *view_name;
} data_slot;

typedef struct {
    uint64_t bits;
    uint8_t vt;
    uint32_t reg;
    uint32_t lanes; /* 1, or a vector of the constant in every lane (vbcast of the scalar's register) */
    uint32_t scalar;
} const_slot;

typedef struct {
    tir_arena *a;
    tir_diag *d;
    const tir_module *mod;
    const tir_func *func;
    /* the function being built */
    uint32_t *code;
    uint32_t ncode, capcode;
    tirbc_regtype *regtypes;
    uint32_t nregs, capregs;
    tirbc_buffer *bufs;
    uint32_t nbufs, capbufs;
    char **strings;
    uint32_t nstrings, capstrings;
    tirbc_line *lines;
    uint32_t nlines, caplines;
    uint32_t last_line;
    var_slot *vars;
    uint32_t nvars, capvars;
    data_slot *datas;
    uint32_t ndatas, capdatas;
    const_slot *consts;
    uint32_t nconsts, capconsts;
    /* temporaries: free lists per value kind, and those taken in this statement */
    uint32_t *free_regs[TIR_VT_COUNT];
    uint32_t nfree[TIR_VT_COUNT], capfree[TIR_VT_COUNT];
    uint32_t *taken;
    uint32_t ntaken, captaken;
    int parallel_depth; /* inside a parallel region's body */
    /* loop-invariant expressions computed before the loops that use them */
    struct hoisted {
        const tir_expr *e;
        uint32_t reg;
    } *hoist;
    uint32_t nhoist, caphoist;
    /* small local buffers kept in registers (see gen_allocate) */
    struct promoted {
        const tir_var *data;
        uint32_t nelem;
        uint32_t regs[8];
    } *promoted;
    uint32_t npromoted, cappromoted;
    uint32_t last_insn; /* code offset of the last instruction emitted */
    /* break and continue jumps waiting for their loop's exit or next
     * iteration; those of the innermost loop are always the last ones */
    struct loop_jump {
        uint32_t loop;  /* loop_depth of the loop they leave */
        bool is_break;
        uint32_t word;  /* the jump's target word */
    } *loop_jumps;
    uint32_t nloop_jumps, caploop_jumps;
    uint32_t loop_depth; /* enclosing serial loops */
    /* the buffer arguments of callb/callbv: constants after the register
     * ones (finish places them and relocates the B operands) */
    uint64_t *bufargs;
    uint32_t nbufargs, capbufargs;
    bool failed;
} cg;

#define PROMOTE_MAX_ELEMS 8

#define ERR(c, loc, ...) (tir_diag_error((c)->d, (loc), __VA_ARGS__), (c)->failed = true)
#define UNSUPPORTED(c, loc, ...) (tir_diag_unsupported((c)->d, (loc), __VA_ARGS__), (c)->failed = true)



/* ---- registers ------------------------------------------------------------ */
static uint32_t new_reg(cg *c, tir_vtype vt)
{
    c->regtypes = tir_xgrow(c->regtypes, &c->capregs, c->nregs + 1, sizeof *c->regtypes);
    c->regtypes[c->nregs].vtype = (uint8_t)vt;
    c->regtypes[c->nregs].lanes = 1;
    return c->nregs++;
}

static uint32_t temp(cg *c, tir_vtype vt)
{
    uint32_t r;
    if (c->nfree[vt])
        r = c->free_regs[vt][--c->nfree[vt]];
    else
        r = new_reg(c, vt);
    c->taken = tir_xgrow(c->taken, &c->captaken, c->ntaken + 1, sizeof *c->taken);
    c->taken[c->ntaken++] = r;
    return r;
}

/* Returns the temporaries taken since `mark` to their free lists. */
static void release_temps(cg *c, uint32_t mark)
{
    while (c->ntaken > mark) {
        uint32_t r = c->taken[--c->ntaken];
        tir_vtype vt = c->regtypes[r].vtype;
        c->free_regs[vt] = tir_xgrow(c->free_regs[vt], &c->capfree[vt], c->nfree[vt] + 1, sizeof(uint32_t));
        c->free_regs[vt][c->nfree[vt]++] = r;
    }
}

/* The value kind of one lane of dt, if the VM computes with it. */
static tir_vtype elem_vt(cg *c, tir_dtype dt, tir_loc loc)
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
static tir_vtype vt_of(cg *c, tir_dtype dt, tir_loc loc)
{
    if (dt.lanes != 1) {
        ERR(c, loc, "internal error: a vector value (%s) where a scalar is expected", tir_dtype_name(dt));
        return TIR_VT_I32;
    }
    return elem_vt(c, dt, loc);
}

/* A vector register: a head slot and its continuation slots (opcodes.def). */
static uint32_t new_vreg(cg *c, tir_vtype vt, unsigned lanes)
{
    if (lanes == 1)
        return new_reg(c, vt);
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
static void emit_words(cg *c, int op, const uint32_t *words, int n)
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
    c->code = tir_xgrow(c->code, &c->capcode, c->ncode + 1 + (uint32_t)n, sizeof *c->code);
    c->last_insn = c->ncode;
    c->code[c->ncode++] = (uint32_t)op;
    for (int i = 0; i < n; i++)
        c->code[c->ncode++] = words[i];
}
static void emit(cg *c, int op, int n, ...)
{
    uint32_t words[TIRBC_MAX_OPERANDS];
    if (n < 0 || n > TIRBC_MAX_OPERANDS)
        n = TIRBC_MAX_OPERANDS + 1; /* reported as a mismatch with the table */
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n && i < TIRBC_MAX_OPERANDS; i++)
        words[i] = va_arg(ap, uint32_t);
    va_end(ap);
    emit_words(c, op, words, n);
}
#define EMIT0(c, op) emit(c, op, 0)
#define EMIT1(c, op, a) emit(c, op, 1, (uint32_t)(a))
#define EMIT2(c, op, a, b) emit(c, op, 2, (uint32_t)(a), (uint32_t)(b))
#define EMIT3(c, op, a, b, d) emit(c, op, 3, (uint32_t)(a), (uint32_t)(b), (uint32_t)(d))
#define EMIT4(c, op, a, b, d, e) emit(c, op, 4, (uint32_t)(a), (uint32_t)(b), (uint32_t)(d), (uint32_t)(e))
#define EMIT5(c, op, a, b, d, e, f) \
    emit(c, op, 5, (uint32_t)(a), (uint32_t)(b), (uint32_t)(d), (uint32_t)(e), (uint32_t)(f))

/* The word index of the last emitted operand (to patch jump targets). */
static uint32_t last_word(cg *c) { return c->ncode - 1; }
static void patch(cg *c, uint32_t word, uint32_t target) { c->code[word] = target; }

static void mark_line(cg *c, tir_loc loc)
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

static uint32_t add_string(cg *c, const char *s)
{
    for (uint32_t i = 0; i < c->nstrings; i++)
        if (strcmp(c->strings[i], s) == 0)
            return i;
    c->strings = tir_xgrow(c->strings, &c->capstrings, c->nstrings + 1, sizeof *c->strings);
    c->strings[c->nstrings] = tir_xstrdup(s);
    return c->nstrings++;
}

static int typed(cg *c, tirbc_opcode family, tir_vtype vt, tir_loc loc)
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
static uint32_t const_reg(cg *c, tir_vtype vt, uint64_t bits)
{
    for (uint32_t i = 0; i < c->nconsts; i++)
        if (c->consts[i].vt == vt && c->consts[i].bits == bits && c->consts[i].lanes == 1)
            return c->consts[i].reg;
    c->consts = tir_xgrow(c->consts, &c->capconsts, c->nconsts + 1, sizeof *c->consts);
    c->consts[c->nconsts].vt = (uint8_t)vt;
    c->consts[c->nconsts].bits = bits;
    c->consts[c->nconsts].reg = new_reg(c, vt);
    c->consts[c->nconsts].lanes = 1;
    return c->consts[c->nconsts++].reg;
}

static uint32_t const_int(cg *c, tir_vtype vt, int64_t v) { return const_reg(c, vt, (uint64_t)v); }

/* A vector of a constant in every lane, broadcast once by the prologue:
 * loops of any depth then use it without a vbcast per iteration.  At most
 * MAX_CONST_VECTORS per function (each holds a register of its lanes);
 * returns UINT32_MAX past that. */
#define MAX_CONST_VECTORS 16
static uint32_t const_vector(cg *c, tir_vtype vt, uint32_t scalar, unsigned lanes)
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
    c->consts[c->nconsts] = (const_slot){0, (uint8_t)vt, new_vreg(c, vt, lanes), lanes, scalar};
    return c->consts[c->nconsts++].reg;
}

static uint32_t const_float(cg *c, tir_vtype vt, double v)
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
    return const_reg(c, vt, bits);
}

/* ---- variables and buffers ----------------------------------------------- */
static var_slot *find_var(cg *c, const tir_var *v)
{
    for (uint32_t i = c->nvars; i-- > 0;)
        if (c->vars[i].var == v)
            return &c->vars[i];
    return NULL;
}

/* Whether a scalar variable can hold one value only here (a loop of extent
 * 1, a loop-level instruction's variables while its start is computed, a
 * guard that pins it), and which. */
static bool single_value(const var_slot *s, const tir_expr *ref, int64_t *k)
{
    if (!s || !s->range.known || s->range.lo != s->range.hi || ref->dtype.lanes != 1)
        return false;
    *k = s->range.lo;
    return true;
}

static uint32_t bind_var(cg *c, const tir_var *v, interval range)
{
    c->vars = tir_xgrow(c->vars, &c->capvars, c->nvars + 1, sizeof *c->vars);
    c->vars[c->nvars].var = v;
    c->vars[c->nvars].reg = new_vreg(c, elem_vt(c, v->dtype, v->loc), v->dtype.lanes);
    c->vars[c->nvars].range = range;
    return c->vars[c->nvars++].reg;
}

/* Notes that buffer b accesses the storage of data slot i (see data_slot). */
static void note_view(cg *c, uint32_t i, const tir_buffer *b)
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
static void name_storage(cg *c)
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

static uint32_t find_data_slot(cg *c, const tir_var *data)
{
    uint32_t i = 0;
    while (i < c->ndatas && c->datas[i].data != data)
        i++;
    return i;
}

static int find_data(cg *c, const tir_var *data)
{
    for (uint32_t i = 0; i < c->ndatas; i++)
        if (c->datas[i].data == data)
            return (int)c->datas[i].vmbuf;
    return -1;
}

static uint32_t add_vmbuf(cg *c, const tir_buffer *b, uint8_t kind)
{
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

/* ---- interval analysis (to skip provably redundant dimension checks) ---- */
static interval unknown(void)
{
    interval r = {false, 0, 0};
    return r;
}

static bool mul_ok(int64_t a, int64_t b, int64_t *r) { return !__builtin_mul_overflow(a, b, r); }

static interval range_of(cg *c, const tir_expr *e)
{
    interval r = unknown(), x, y;
    if (e->dtype.lanes != 1 || !tir_dt_is_int(e->dtype) || (e->dtype.code == TIR_CODE_UINT && e->dtype.bits == 64))
        return r;
    switch (e->kind) {
    case TIR_E_INT:
        r.known = true;
        r.lo = r.hi = e->ival;
        return r;
    case TIR_E_VAR: {
        var_slot *s = find_var(c, e->var);
        return s ? s->range : r;
    }
    case TIR_E_ADD:
    case TIR_E_SUB:
        x = range_of(c, e->a);
        y = range_of(c, e->b);
        if (!x.known || !y.known)
            return r;
        if (e->kind == TIR_E_ADD) {
            if (__builtin_add_overflow(x.lo, y.lo, &r.lo) || __builtin_add_overflow(x.hi, y.hi, &r.hi))
                return unknown();
        } else if (__builtin_sub_overflow(x.lo, y.hi, &r.lo) || __builtin_sub_overflow(x.hi, y.lo, &r.hi)) {
            return unknown();
        }
        break;
    case TIR_E_MUL: {
        x = range_of(c, e->a);
        y = range_of(c, e->b);
        if (!x.known || !y.known)
            return r;
        int64_t p[4];
        if (!mul_ok(x.lo, y.lo, &p[0]) || !mul_ok(x.lo, y.hi, &p[1]) || !mul_ok(x.hi, y.lo, &p[2]) ||
            !mul_ok(x.hi, y.hi, &p[3]))
            return r;
        r.lo = r.hi = p[0];
        for (int i = 1; i < 4; i++) {
            r.lo = p[i] < r.lo ? p[i] : r.lo;
            r.hi = p[i] > r.hi ? p[i] : r.hi;
        }
        break;
    }
    case TIR_E_FLOORDIV:
    case TIR_E_FLOORMOD:
        x = range_of(c, e->a);
        if (e->b->kind != TIR_E_INT || e->b->ival <= 0 || !x.known)
            return r;
        if (e->kind == TIR_E_FLOORMOD) {
            r.lo = 0;
            r.hi = e->b->ival - 1;
            if (x.lo >= 0 && x.hi < e->b->ival) {
                r.lo = x.lo;
                r.hi = x.hi;
            }
        } else {
            /* floor division is monotonic */
            int64_t d = e->b->ival;
            r.lo = x.lo >= 0 ? x.lo / d : -((-x.lo + d - 1) / d);
            r.hi = x.hi >= 0 ? x.hi / d : -((-x.hi + d - 1) / d);
        }
        break;
    case TIR_E_MIN:
    case TIR_E_MAX:
        x = range_of(c, e->a);
        y = range_of(c, e->b);
        if (!x.known || !y.known)
            return r;
        if (e->kind == TIR_E_MIN) {
            r.lo = x.lo < y.lo ? x.lo : y.lo;
            r.hi = x.hi < y.hi ? x.hi : y.hi;
        } else {
            r.lo = x.lo > y.lo ? x.lo : y.lo;
            r.hi = x.hi > y.hi ? x.hi : y.hi;
        }
        break;
    default:
        return r;
    }
    /* The result must also be representable in the expression's dtype, or it wrapped. */
    if (!tir_int_fits(e->dtype, r.lo) || !tir_int_fits(e->dtype, r.hi))
        return unknown();
    r.known = true;
    return r;
}

/* ---- expressions --------------------------------------------------------- */
static uint32_t gen_expr(cg *c, const tir_expr *e);

static uint32_t gen_cast(cg *c, const tir_expr *e)
{
    uint32_t src = gen_expr(c, e->a);
    tir_vtype from = vt_of(c, e->a->dtype, e->a->loc), to = vt_of(c, e->dtype, e->loc);
    if (from == to)
        return src;
    uint32_t dst = temp(c, to);
    bool from_int = from <= TIR_VT_U64, to_int = to <= TIR_VT_U64;
    int op;
    if (from_int && to_int)
        op = typed(c, TIRBC_OP_EXT_BOOL, to, e->loc);
    else if (from_int)
        op = typed(c, from == TIR_VT_U64 ? TIRBC_OP_UTOF_F32 : TIRBC_OP_SITOF_F32, to, e->loc);
    else if (from == TIR_VT_F32)
        op = typed(c, TIRBC_OP_F32TO_BOOL, to, e->loc);
    else if (from == TIR_VT_F64)
        op = typed(c, TIRBC_OP_F64TO_BOOL, to, e->loc);
    else if (from == TIR_VT_F16)
        op = typed(c, TIRBC_OP_F16TO_BOOL, to, e->loc);
    else
        op = typed(c, TIRBC_OP_BF16TO_BOOL, to, e->loc);
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
static uint32_t extent_reg(cg *c, const tir_expr *x)
{
    if (x->kind == TIR_E_INT)
        return const_int(c, TIR_VT_I64, x->ival);
    return gen_expr(c, x);
}

/* A flattened element offset: a register, or r[a] * r[s] + r[b] not yet
 * computed so a load or store can fuse it (LDX/STX). */
typedef struct {
    bool mad;
    uint32_t reg, a, s, b;
} flat_index;

static bool int_const_is(const tir_expr *e, int64_t k) { return e->kind == TIR_E_INT && e->ival == k; }
static bool pure_expr(const tir_expr *e);

/* An index expression with its single-valued variables as constants and
 * the identities x+0, x-0, x*1 and x*0 applied, so no instruction computes
 * them (integer scalars only; x*0 only when x has no effects). */
static tir_expr *simplify_index(cg *c, tir_expr *e)
{
    if (e->dtype.lanes != 1 || !tir_dt_is_int(e->dtype))
        return e;
    if (e->kind == TIR_E_VAR) {
        int64_t k;
        return single_value(find_var(c, e->var), e, &k) ? tir_int(c->a, e->dtype, k, e->loc) : e;
    }
    if (e->kind != TIR_E_ADD && e->kind != TIR_E_SUB && e->kind != TIR_E_MUL)
        return e;
    tir_expr *x = simplify_index(c, e->a), *y = simplify_index(c, e->b);
    const char *err;
    tir_expr *folded = tir_fold_binary(c->a, e->kind, x, y, e->loc, &err);
    if (folded)
        return folded;
    /* (x' + k1) + k2, (x' - k1) + k2, (x' + k1) - k2 ...: one constant
     * (wrapping arithmetic is associative, so the value is the same) */
    if ((e->kind == TIR_E_ADD || e->kind == TIR_E_SUB) && y->kind == TIR_E_INT &&
        (x->kind == TIR_E_ADD || x->kind == TIR_E_SUB) && x->b->kind == TIR_E_INT) {
        tir_expr *k = tir_fold_binary(c->a, x->kind == e->kind ? TIR_E_ADD : TIR_E_SUB, x->b, y, e->loc, &err);
        if (k) {
            if (int_const_is(k, 0))
                return x->a;
            tir_expr *n = tir_arena_alloc(c->a, sizeof *n);
            *n = *x;
            n->b = k;
            return n;
        }
    }
    if (e->kind == TIR_E_ADD && int_const_is(x, 0))
        return y;
    if ((e->kind == TIR_E_ADD || e->kind == TIR_E_SUB) && int_const_is(y, 0))
        return x;
    if (e->kind == TIR_E_MUL && int_const_is(x, 1))
        return y;
    if (e->kind == TIR_E_MUL && int_const_is(y, 1))
        return x;
    if (e->kind == TIR_E_MUL && ((int_const_is(x, 0) && pure_expr(y)) || (int_const_is(y, 0) && pure_expr(x))))
        return tir_int(c->a, e->dtype, 0, e->loc);
    if (x == e->a && y == e->b)
        return e;
    tir_expr *n = tir_arena_alloc(c->a, sizeof *n);
    *n = *e;
    n->a = x;
    n->b = y;
    return n;
}

/* Flattens buffer indices into one element offset (spec PrimFunc 2.iv). */
static flat_index gen_flat(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vmbuf, tir_loc loc)
{
    flat_index f = {false, 0, 0, 0, 0};
    if (n == 0) {
        f.reg = const_int(c, TIR_VT_I64, 0);
        return f;
    }
    uint32_t *regs = tir_xmalloc(n * sizeof *regs);
    bool *zero = tir_xmalloc(n * sizeof *zero);
    for (uint32_t i = 0; i < n; i++) {
        tir_expr *ix = simplify_index(c, idx[i]);
        zero[i] = int_const_is(ix, 0);
        regs[i] = gen_expr(c, ix);
        interval r = range_of(c, ix);
        const tir_expr *ext = b->shape[i];
        bool proven = r.known && r.lo >= 0 && ext->kind == TIR_E_INT && r.hi < ext->ival;
        if (!proven)
            EMIT4(c, TIRBC_OP_CHKIDX, regs[i], extent_reg(c, ext), vmbuf, i);
    }
    /* Dimensions indexed by a constant 0 add nothing: no instruction for them. */
    uint32_t acc = regs[n - 1];
    bool acc_zero = zero[n - 1];
    if (b->nstrides && !acc_zero) {
        uint32_t t = temp(c, TIR_VT_I64);
        EMIT3(c, TIRBC_OP_IXMUL, t, regs[n - 1], extent_reg(c, b->strides[n - 1]));
        acc = t;
    }
    /* stride of dimension i = product of the extents after it (compact), or the declared stride */
    uint32_t stride = const_int(c, TIR_VT_I64, 1);
    int64_t cstride = 1;
    bool stride_const = true;
    for (uint32_t i = n - 1; i-- > 0;) {
        uint32_t s;
        if (b->nstrides) {
            s = extent_reg(c, b->strides[i]);
        } else {
            const tir_expr *ext = b->shape[i + 1];
            if (stride_const && ext->kind == TIR_E_INT && !__builtin_mul_overflow(cstride, ext->ival, &cstride)) {
                s = const_int(c, TIR_VT_I64, cstride);
            } else {
                uint32_t t = temp(c, TIR_VT_I64);
                EMIT3(c, TIRBC_OP_IXMUL, t, stride_const ? const_int(c, TIR_VT_I64, cstride) : stride, extent_reg(c, ext));
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
        uint32_t t = temp(c, TIR_VT_I64);
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
static uint32_t gen_flat_index(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vmbuf, tir_loc loc)
{
    flat_index f = gen_flat(c, b, idx, n, vmbuf, loc);
    if (!f.mad)
        return f.reg;
    uint32_t t = temp(c, TIR_VT_I64);
    EMIT4(c, TIRBC_OP_IXMAD, t, f.a, f.s, f.b);
    return t;
}

/* The storage a buffer accesses when it holds the buffer's element type
 * (the loop-level matchers use it; others get vmbuf_of's error), or -1. */
static int storage_of(cg *c, const tir_buffer *b)
{
    int vb = find_data(c, b->data);
    if (vb >= 0)
        note_view(c, find_data_slot(c, b->data), b);
    if (vb < 0 || c->bufs[vb].dtype.code != b->dtype.code || c->bufs[vb].dtype.bits != b->dtype.bits)
        return -1;
    return vb;
}

static int vmbuf_of(cg *c, const tir_buffer *b, tir_loc loc)
{
    int vb = find_data(c, b->data);
    if (vb < 0) {
        ERR(c, loc, "buffer '%s' has no storage in scope", b->name);
        return 0;
    }
    note_view(c, find_data_slot(c, b->data), b);
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

/* Copies v into r after v's code, which starts at `start`.  When v is a
 * temporary of this statement (taken since `mark`) written by the last
 * instruction alone, that instruction writes r instead: no copy, and no
 * copy of a 4-byte result as 8 bytes stalling on the store before it. */
static void move_into(cg *c, uint32_t r, uint32_t v, uint32_t start, uint32_t mark)
{
    bool temp_of_stmt = false;
    for (uint32_t i = mark; i < c->ntaken && !temp_of_stmt; i++)
        temp_of_stmt = c->taken[i] == v;
    uint32_t last = c->last_insn;
    bool ok = temp_of_stmt && r != v && c->ncode > start && last >= start && c->code[last] < TIRBC_OP_COUNT;
    if (ok) {
        uint32_t lop = c->code[last];
        const tirbc_opinfo *li = &tirbc_ops[lop];
        /* a scalar result written by its first operand, and v read by no other */
        ok = li->noperands > 0 && writes_operand(lop, 0) && tirbc_op_operand(lop, 0)->kind == TIRBC_OPK_REG &&
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
    if (ok)
        c->code[last + 1] = r;
    else if (r != v)
        EMIT2(c, TIRBC_OP_MOV, r, v);
}

/* ---- small local buffers in registers -------------------------------------
 * An Allocate of at most PROMOTE_MAX_ELEMS scalar elements that is only read
 * and written at constant, in-bounds indices (softmax's running max and sum,
 * layernorm's row sums) lives in registers: each access is a register read
 * or move instead of a load or store. */

static const struct promoted *find_promoted(const cg *c, const tir_var *data)
{
    for (uint32_t i = c->npromoted; i-- > 0;)
        if (c->promoted[i].data == data)
            return &c->promoted[i];
    return NULL;
}

/* The constant value of an index (a Broadcast of one in vector code). */
static bool const_index(const tir_expr *e, int64_t *v)
{
    if (e->kind == TIR_E_BROADCAST)
        e = e->a;
    if (e->kind != TIR_E_INT)
        return false;
    *v = e->ival;
    return true;
}

/* The row-major element number of a constant access to a compact buffer. */
static bool const_flat_index(const tir_buffer *b, tir_expr *const *idx, uint32_t n, int64_t *out)
{
    if (b->nstrides || (b->elem_offset && !(b->elem_offset->kind == TIR_E_INT && b->elem_offset->ival == 0)) ||
        b->dtype.lanes != 1 || n != b->ndim)
        return false;
    int64_t flat = 0;
    for (uint32_t d = 0; d < n; d++) {
        int64_t i;
        if (b->shape[d]->kind != TIR_E_INT || !const_index(idx[d], &i) || i < 0 || i >= b->shape[d]->ival ||
            __builtin_mul_overflow(flat, b->shape[d]->ival, &flat) || __builtin_add_overflow(flat, i, &flat))
            return false;
    }
    *out = flat;
    return true;
}

typedef struct {
    const tir_var *data;
    tir_dtype dtype;
    int64_t nelem;
    bool ok;
} promote_scan;

static void scan_access(promote_scan *ps, const tir_buffer *b, tir_expr *const *idx, uint32_t n)
{
    int64_t flat;
    if (b->data == ps->data && (!tir_dt_eq(b->dtype, ps->dtype) || !const_flat_index(b, idx, n, &flat) ||
                                flat >= ps->nelem))
        ps->ok = false;
}

static void scan_expr(promote_scan *ps, const tir_expr *e)
{
    if (!e || !ps->ok)
        return;
    if (e->kind == TIR_E_VAR && e->var == ps->data)
        ps->ok = false; /* the handle itself escapes (a call argument, a view) */
    if (e->kind == TIR_E_LOAD)
        scan_access(ps, e->buffer, e->args, e->nargs);
    scan_expr(ps, e->a);
    scan_expr(ps, e->b);
    scan_expr(ps, e->c);
    for (uint32_t i = 0; i < e->nargs; i++)
        scan_expr(ps, e->args[i]);
    for (uint32_t i = 0; i < e->nargs2; i++)
        scan_expr(ps, e->args2[i]);
}

static void scan_stmt(promote_scan *ps, const tir_stmt *s)
{
    if (!s || !ps->ok)
        return;
    switch (s->kind) {
    case TIR_S_STORE:
        if (s->value->dtype.lanes != 1 && s->buffer->data == ps->data)
            ps->ok = false;
        scan_access(ps, s->buffer, s->indices, s->nindices);
        break;
    case TIR_S_FOR:
        /* workers of a parallel region each have their own registers */
        if (s->for_kind == TIR_FOR_PARALLEL || s->for_kind == TIR_FOR_THREAD_BINDING)
            ps->ok = false;
        break;
    case TIR_S_ATTR:
        if (s->attr_key && (strcmp(s->attr_key, "thread_extent") == 0 || strcmp(s->attr_key, "virtual_thread") == 0))
            ps->ok = false;
        scan_expr(ps, s->attr_node);
        break;
    case TIR_S_DECL_BUFFER:
    case TIR_S_REALIZE:
        if (s->buffer && s->buffer->data == ps->data &&
            (s->kind == TIR_S_REALIZE || s->buffer->nstrides || !tir_dt_eq(s->buffer->dtype, ps->dtype)))
            ps->ok = false;
        break;
    case TIR_S_BLOCK_REALIZE:
        ps->ok = false; /* lowered before codegen; never promote around one */
        break;
    default:
        break;
    }
    scan_expr(ps, s->value);
    scan_expr(ps, s->cond);
    scan_expr(ps, s->message);
    scan_expr(ps, s->min);
    scan_expr(ps, s->extent);
    for (uint32_t i = 0; i < s->nindices; i++)
        scan_expr(ps, s->indices[i]);
    for (uint32_t i = 0; i < s->nseq; i++)
        scan_stmt(ps, s->seq[i]);
    scan_stmt(ps, s->body);
    scan_stmt(ps, s->else_case);
}

/* Registers for an Allocate's elements when it qualifies (see above). */
static bool try_promote(cg *c, const tir_stmt *s, const tir_buffer *b, int64_t nelem)
{
    tir_vtype vt = tir_dtype_vtype(b->dtype);
    if (nelem < 1 || nelem > PROMOTE_MAX_ELEMS || b->dtype.lanes != 1 || vt == TIR_VT_NONE || vt == TIR_VT_HANDLE)
        return false;
    promote_scan ps = {b->data, b->dtype, nelem, true};
    scan_stmt(&ps, s->body);
    if (!ps.ok)
        return false;
    c->promoted = tir_xgrow(c->promoted, &c->cappromoted, c->npromoted + 1, sizeof *c->promoted);
    struct promoted *p = &c->promoted[c->npromoted];
    p->data = b->data;
    p->nelem = (uint32_t)nelem;
    /* a fresh allocation reads as zeros, as the VM's alloc gives */
    uint32_t zero = const_reg(c, vt, 0);
    for (uint32_t i = 0; i < p->nelem; i++) {
        p->regs[i] = new_reg(c, vt);
        EMIT2(c, TIRBC_OP_MOV, p->regs[i], zero);
    }
    c->npromoted++;
    return true;
}

/* The register of a promoted element, for an access the scan accepted. */
static uint32_t promoted_reg(cg *c, const struct promoted *p, const tir_buffer *b, tir_expr *const *idx, uint32_t n,
                             tir_loc loc)
{
    int64_t flat;
    if (!const_flat_index(b, idx, n, &flat) || flat < 0 || (uint64_t)flat >= p->nelem) {
        ERR(c, loc, "internal error: access to register buffer '%s' not at a constant index", b->name);
        return p->regs[0];
    }
    return p->regs[flat];
}

static uint32_t gen_load(cg *c, const tir_expr *e)
{
    const struct promoted *p = find_promoted(c, e->buffer->data);
    if (p)
        return promoted_reg(c, p, e->buffer, e->args, e->nargs, e->loc);
    tir_vtype vt = vt_of(c, e->dtype, e->loc);
    uint32_t vb = (uint32_t)vmbuf_of(c, e->buffer, e->loc);
    flat_index f = gen_flat(c, e->buffer, e->args, e->nargs, vb, e->loc);
    uint32_t dst = temp(c, vt);
    if (f.mad)
        EMIT5(c, typed(c, TIRBC_OP_LDX_BOOL, vt, e->loc), dst, vb, f.a, f.s, f.b);
    else
        EMIT3(c, typed(c, TIRBC_OP_LD_BOOL, vt, e->loc), dst, vb, f.reg);
    return dst;
}

/* The jumps taken when a condition is false, to patch with its target. */
typedef struct {
    uint32_t holes[16];
    uint32_t n;
} false_jumps;
static void move_into(cg *c, uint32_t r, uint32_t v, uint32_t start, uint32_t mark);
static void gen_branch_if_false(cg *c, const tir_expr *cond, false_jumps *fj);
static void patch_false_jumps(cg *c, const false_jumps *fj, uint32_t target);

/* if_then_else and the scalar And/Or evaluate their second part only when needed. */
/* spec-readings 15: a Select with a scalar condition whose arms read a
 * buffer or call a function evaluates only the chosen arm, as TVM's
 * RewriteUnsafeSelect makes it before code generation; any other Select
 * evaluates both (spec Expr semantics 6.ii). */
static bool reads_or_calls(const tir_expr *e)
{
    if (!e)
        return false;
    if (e->kind == TIR_E_LOAD || (e->kind == TIR_E_CALL && e->callee))
        return true;
    if (reads_or_calls(e->a) || reads_or_calls(e->b) || reads_or_calls(e->c))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (reads_or_calls(e->args[i]))
            return true;
    for (uint32_t i = 0; i < e->nargs2; i++)
        if (reads_or_calls(e->args2[i]))
            return true;
    return false;
}

static const tir_expr *guarded_select(cg *c, const tir_expr *e)
{
    if (e->a->dtype.lanes != 1 || !(reads_or_calls(e->b) || reads_or_calls(e->c)))
        return NULL;
    tir_expr *call = tir_expr_new(c->a, TIR_E_CALL, e->dtype, e->loc);
    call->op = "tir.if_then_else";
    call->nargs = 3;
    call->args = tir_arena_alloc(c->a, 3 * sizeof *call->args);
    call->args[0] = e->a;
    call->args[1] = e->b;
    call->args[2] = e->c;
    return call;
}

static uint32_t gen_branchy(cg *c, const tir_expr *e)
{
    if (e->kind == TIR_E_AND || e->kind == TIR_E_OR) {
        uint32_t r = temp(c, TIR_VT_BOOL);
        uint32_t a = gen_expr(c, e->a);
        EMIT2(c, TIRBC_OP_MOV, r, a);
        EMIT2(c, e->kind == TIR_E_AND ? TIRBC_OP_BRZ : TIRBC_OP_BRNZ, r, 0);
        uint32_t hole = last_word(c);
        uint32_t b = gen_expr(c, e->b);
        EMIT2(c, TIRBC_OP_MOV, r, b);
        patch(c, hole, c->ncode);
        return r;
    }
    /* tir.if_then_else(cond, t, f) */
    tir_vtype vt = elem_vt(c, e->dtype, e->loc);
    unsigned lanes = e->dtype.lanes;
    uint32_t r = lanes > 1 ? new_vreg(c, vt, lanes) : temp(c, vt);
    if (e->args[0]->dtype.lanes != 1) {
        UNSUPPORTED(c, e->loc, "if_then_else with a vector condition");
        return r;
    }
    false_jumps to_else = {.n = 0};
    gen_branch_if_false(c, e->args[0], &to_else);
    uint32_t mark = c->ntaken, start = c->ncode;
    uint32_t t = gen_expr(c, e->args[1]);
    if (lanes > 1)
        EMIT3(c, typed(c, TIRBC_OP_VMOV_BOOL, vt, e->loc), r, t, lanes);
    else
        move_into(c, r, t, start, mark);
    EMIT1(c, TIRBC_OP_JMP, 0);
    uint32_t to_end = last_word(c);
    patch_false_jumps(c, &to_else, c->ncode);
    mark = c->ntaken;
    start = c->ncode;
    uint32_t f = gen_expr(c, e->args[2]);
    if (lanes > 1)
        EMIT3(c, typed(c, TIRBC_OP_VMOV_BOOL, vt, e->loc), r, f, lanes);
    else
        move_into(c, r, f, start, mark);
    patch(c, to_end, c->ncode);
    return r;
}

static uint32_t gen_vector(cg *c, const tir_expr *e);
static uint32_t gen_shuffle(cg *c, const tir_expr *e);
static uint32_t gen_fold(cg *c, const tir_expr *e);

/* The register of a variable in scope; a constant's when the variable can
 * hold one value only, which lets index arithmetic fold. */
static uint32_t var_reg(cg *c, const tir_expr *e)
{
    var_slot *s = find_var(c, e->var);
    if (!s) {
        UNSUPPORTED(c, e->loc, "variable '%s' has no value here", e->var->name);
        return 0;
    }
    int64_t k;
    if (single_value(s, e, &k))
        return const_int(c, vt_of(c, e->dtype, e->loc), k);
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
            int vb = a->kind == TIR_E_VAR ? find_data(c, a->var) : -1;
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
        vals[nscalar++] = gen_expr(c, e->args[i]);
    }
    uint32_t base = c->nregs;
    for (uint32_t i = 0; i < nscalar; i++)
        new_reg(c, vt_of(c, sargs[i]->dtype, sargs[i]->loc));
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
    uint32_t dst = temp(c, vt_of(c, e->dtype, e->loc));
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
    tir_vtype vt = vt_of(c, e->dtype, e->loc);
    bool f32 = vt == TIR_VT_F32;
    tirbc_opcode op = strcmp(e->op, "tirvm.fold_add") == 0   ? (f32 ? TIRBC_OP_VRSUM_F32 : TIRBC_OP_VRSUM_F64)
                      : strcmp(e->op, "tirvm.fold_max") == 0 ? (f32 ? TIRBC_OP_VRMAX_F32 : TIRBC_OP_VRMAX_F64)
                                                             : (f32 ? TIRBC_OP_VRMIN_F32 : TIRBC_OP_VRMIN_F64);
    uint32_t acc = gen_expr(c, e->args[0]), terms = gen_expr(c, e->args[1]), t = temp(c, vt);
    EMIT2(c, TIRBC_OP_MOV, t, acc);
    EMIT3(c, op, t, terms, e->args[1]->dtype.lanes);
    return t;
}

static uint32_t gen_expr(cg *c, const tir_expr *e)
{
    if (c->failed)
        return 0;
    for (uint32_t i = c->nhoist; i-- > 0;)
        if (tir_expr_equal(c->hoist[i].e, e))
            return c->hoist[i].reg;
    if (e->dtype.lanes > 1)
        return gen_vector(c, e);
    switch (e->kind) {
    case TIR_E_VAR: return var_reg(c, e);
    case TIR_E_INT: return const_int(c, vt_of(c, e->dtype, e->loc), e->ival);
    case TIR_E_FLOAT: return const_float(c, vt_of(c, e->dtype, e->loc), e->fval);
    case TIR_E_CAST: return gen_cast(c, e);
    case TIR_E_LOAD: return gen_load(c, e);
    case TIR_E_SELECT: {
        const tir_expr *guarded = guarded_select(c, e);
        if (guarded)
            return gen_branchy(c, guarded);
        /* Select evaluates both values (spec Expr semantics 6.ii). */
        tir_vtype vt = vt_of(c, e->dtype, e->loc);
        uint32_t cond = gen_expr(c, e->a), t = gen_expr(c, e->b), f = gen_expr(c, e->c);
        uint32_t dst = temp(c, vt);
        EMIT4(c, typed(c, TIRBC_OP_SEL_BOOL, vt, e->loc), dst, cond, t, f);
        return dst;
    }
    case TIR_E_AND:
    case TIR_E_OR:
        if (e->dtype.lanes != 1)
            break;
        return gen_branchy(c, e);
    case TIR_E_NOT: {
        uint32_t a = gen_expr(c, e->a), dst = temp(c, TIR_VT_BOOL);
        EMIT2(c, TIRBC_OP_NOT, dst, a);
        return dst;
    }
    case TIR_E_LET: {
        uint32_t v = gen_expr(c, e->a);
        uint32_t r = bind_var(c, e->var, range_of(c, e->a));
        EMIT2(c, TIRBC_OP_MOV, r, v);
        return gen_expr(c, e->b);
    }
    case TIR_E_CALL:
        if (e->callee)
            return gen_call(c, e);
        if (e->op && strcmp(e->op, "tir.ret") == 0 && e->nargs == 1) {
            if (c->parallel_depth) {
                UNSUPPORTED(c, e->loc, "return inside a parallel region");
                return 0;
            }
            EMIT1(c, TIRBC_OP_RETV, gen_expr(c, e->args[0]));
            return 0;
        }
        if (e->op && strncmp(e->op, "tirvm.fold_", 11) == 0 && e->nargs == 2)
            return gen_fold(c, e);
        if (e->op && strcmp(e->op, "tir.if_then_else") == 0 && e->nargs == 3)
            return gen_branchy(c, e);
        if (e->op && (strcmp(e->op, "tir.likely") == 0 || strcmp(e->op, "tir.tvm_thread_invariant") == 0) && e->nargs == 1)
            return gen_expr(c, e->args[0]);
        if (e->op && strcmp(e->op, "tir.assume") == 0 && e->nargs == 1)
            return const_int(c, TIR_VT_BOOL, 1); /* an optimizer hint: nothing to run */
        if (e->op && strcmp(e->op, "tir.reinterpret") == 0 && e->nargs == 1) {
            uint32_t src = gen_expr(c, e->args[0]);
            tir_vtype to = vt_of(c, e->dtype, e->loc);
            if (c->regtypes[src].vtype == to)
                return src;
            uint32_t dst = temp(c, to);
            EMIT2(c, typed(c, TIRBC_OP_BITCAST_BOOL, to, e->loc), dst, src);
            return dst;
        }
        const tir_builtin *bi = tir_builtin_find(e->op);
        if (bi && e->nargs == (uint32_t)bi->nargs) {
            uint32_t r[2] = {0, 0};
            for (uint32_t i = 0; i < e->nargs; i++)
                r[i] = gen_expr(c, e->args[i]);
            tir_vtype vt = vt_of(c, e->args[0]->dtype, e->loc);
            uint32_t dst = temp(c, vt_of(c, e->dtype, e->loc));
            int op = typed(c, bi->family, vt, e->loc);
            if (bi->nargs == 1)
                EMIT2(c, op, dst, r[0]);
            else
                EMIT3(c, op, dst, r[0], r[1]);
            return dst;
        }
        UNSUPPORTED(c, e->loc, "call to %s is not supported yet", e->op ? e->op : e->callee);
        return 0;
    case TIR_E_SHUFFLE:
        return gen_shuffle(c, e);
    case TIR_E_STR:
        UNSUPPORTED(c, e->loc, "a string is only allowed as an assert message");
        return 0;
    default:
        break;
    }
    if (tir_is_binary(e->kind) || tir_is_cmp(e->kind)) {
        uint32_t a = gen_expr(c, e->a), b = gen_expr(c, e->b);
        tir_vtype vt = vt_of(c, e->a->dtype, e->loc);
        uint32_t dst = temp(c, tir_is_cmp(e->kind) ? TIR_VT_BOOL : vt);
        EMIT3(c, typed(c, binary_family(e->kind), vt, e->loc), dst, a, b);
        return dst;
    }
    UNSUPPORTED(c, e->loc, "%s is not supported yet", tir_expr_kind_names[e->kind]);
    return 0;
}

/* ---- vectors ------------------------------------------------------------- */
/* The lane-wise family of a scalar integer bit operation, or TIRBC_OP_COUNT. */
static tirbc_opcode vector_bit_family(tirbc_opcode scalar)
{
    switch (scalar) {
    case TIRBC_OP_BITAND_I32: return TIRBC_OP_VBITAND_BOOL;
    case TIRBC_OP_BITOR_I32: return TIRBC_OP_VBITOR_BOOL;
    case TIRBC_OP_BITXOR_I32: return TIRBC_OP_VBITXOR_BOOL;
    case TIRBC_OP_BITNOT_I32: return TIRBC_OP_VBITNOT_BOOL;
    case TIRBC_OP_SHL_I32: return TIRBC_OP_VSHL_BOOL;
    case TIRBC_OP_SHR_I32: return TIRBC_OP_VSHR_BOOL;
    default: return TIRBC_OP_COUNT;
    }
}

static tirbc_opcode vector_family(tir_expr_kind k)
{
    switch (k) {
    case TIR_E_ADD: return TIRBC_OP_VADD_BOOL;
    case TIR_E_SUB: return TIRBC_OP_VSUB_BOOL;
    case TIR_E_MUL: return TIRBC_OP_VMUL_BOOL;
    case TIR_E_DIV: return TIRBC_OP_VDIV_BOOL;
    case TIR_E_MOD: return TIRBC_OP_VMOD_BOOL;
    case TIR_E_FLOORDIV: return TIRBC_OP_VFLOORDIV_BOOL;
    case TIR_E_FLOORMOD: return TIRBC_OP_VFLOORMOD_BOOL;
    case TIR_E_MIN: return TIRBC_OP_VMIN_BOOL;
    case TIR_E_MAX: return TIRBC_OP_VMAX_BOOL;
    case TIR_E_EQ: return TIRBC_OP_VEQ_BOOL;
    case TIR_E_NE: return TIRBC_OP_VNE_BOOL;
    case TIR_E_LT: return TIRBC_OP_VLT_BOOL;
    case TIR_E_LE: return TIRBC_OP_VLE_BOOL;
    case TIR_E_GT: return TIRBC_OP_VGT_BOOL;
    default: return TIRBC_OP_VGE_BOOL;
    }
}

/* Where a vector access goes: base + i*stride (strided), or an index per lane (gather). */
typedef struct {
    bool gather;
    uint32_t base, stride; /* strided: scalar registers (flat element offsets) */
    uint32_t index;        /* gather: an i64 vector of flat element offsets */
} vaccess;

static vaccess gen_vaccess(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vb, unsigned lanes,
                           tir_loc loc);

/* A k-lane index into a buffer of m-lane elements reaches k*m scalars, the
 * elements one after another (spec typing 7.v): a gather whose lane j*m + t
 * is element j's offset times m, plus t.  Rare, so built lane by lane. */
static vaccess gen_vaccess_vector_elements(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vb,
                                           unsigned lanes, tir_loc loc)
{
    vaccess va = {true, 0, 0, 0};
    unsigned m = b->dtype.lanes, k = idx[n - 1]->dtype.lanes;
    for (uint32_t d = 0; d + 1 < n; d++)
        if (idx[d]->dtype.lanes != 1)
            k = 0;
    if (k * m != lanes) {
        UNSUPPORTED(c, loc, "this vector index into a buffer with vector elements");
        return va;
    }
    /* the element offsets, as for a buffer of scalar elements of the same shape */
    tir_buffer scalar_elements = *b;
    scalar_elements.dtype.lanes = 1;
    vaccess ev = gen_vaccess(c, &scalar_elements, idx, n, vb, k, loc);
    va.index = new_vreg(c, TIR_VT_I64, lanes);
    uint32_t elem = temp(c, TIR_VT_I64), step = temp(c, TIR_VT_I64), lane = temp(c, TIR_VT_I64);
    for (unsigned j = 0; j < k; j++) {
        if (ev.gather) {
            EMIT4(c, typed(c, TIRBC_OP_VGET_BOOL, TIR_VT_I64, loc), elem, ev.index, k, j);
        } else {
            EMIT3(c, TIRBC_OP_IXMUL, step, ev.stride, const_int(c, TIR_VT_I64, j));
            EMIT3(c, TIRBC_OP_IXADD, elem, ev.base, step);
        }
        EMIT3(c, TIRBC_OP_IXMUL, elem, elem, const_int(c, TIR_VT_I64, m));
        for (unsigned t = 0; t < m; t++) {
            EMIT3(c, TIRBC_OP_IXADD, lane, elem, const_int(c, TIR_VT_I64, t));
            EMIT4(c, typed(c, TIRBC_OP_VSET_BOOL, TIR_VT_I64, loc), va.index, lane, lanes, j * m + t);
        }
    }
    return va;
}

static vaccess gen_vaccess(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vb, unsigned lanes,
                           tir_loc loc)
{
    vaccess va = {false, 0, 0, 0};
    if (b->dtype.lanes != 1 && n && idx[n - 1]->dtype.lanes != 1)
        return gen_vaccess_vector_elements(c, b, idx, n, vb, lanes, loc);
    if (b->dtype.lanes != 1) {
        /* One element of a vector-element buffer: its lanes are consecutive scalars. */
        if (b->dtype.lanes != lanes || (n && idx[n - 1]->dtype.lanes != 1)) {
            UNSUPPORTED(c, loc, "vector indices into a buffer with vector elements");
            return va;
        }
        uint32_t flat = gen_flat_index(c, b, idx, n, vb, loc);
        va.base = temp(c, TIR_VT_I64);
        EMIT3(c, TIRBC_OP_IXMUL, va.base, flat, const_int(c, TIR_VT_I64, lanes));
        va.stride = const_int(c, TIR_VT_I64, 1);
        return va;
    }
    tir_expr *last = idx[n - 1];
    tir_expr **scalar_idx = tir_arena_alloc(c->a, n * sizeof *scalar_idx);
    memcpy(scalar_idx, idx, n * sizeof *scalar_idx);
    if (last->kind == TIR_E_RAMP) {
        /* Spec-readings 13: check the first and the last lane against the last dimension. */
        scalar_idx[n - 1] = last->a;
        va.base = gen_flat_index(c, b, scalar_idx, n, vb, loc);
        tir_expr *span = tir_binary(c->a, TIR_E_MUL, last->b, tir_int(c->a, last->b->dtype, lanes - 1, loc), loc);
        tir_expr *last_lane = tir_binary(c->a, TIR_E_ADD, last->a, span, loc);
        interval r = range_of(c, last_lane);
        const tir_expr *ext = b->shape[n - 1];
        if (!(r.known && r.lo >= 0 && ext->kind == TIR_E_INT && r.hi < ext->ival))
            EMIT4(c, TIRBC_OP_CHKIDX, gen_expr(c, last_lane), extent_reg(c, ext), vb, n - 1);
        va.stride = gen_expr(c, last->b);
        if (b->nstrides) {
            uint32_t t = temp(c, TIR_VT_I64);
            EMIT3(c, TIRBC_OP_IXMUL, t, va.stride, extent_reg(c, b->strides[n - 1]));
            va.stride = t;
        }
        return va;
    }
    /* Gather/scatter: the flat offset of every lane as an i64 vector. */
    va.gather = true;
    uint32_t iv = gen_expr(c, last);
    tir_vtype ivt = elem_vt(c, last->dtype, loc);
    if (ivt != TIR_VT_I64) {
        uint32_t t = new_vreg(c, TIR_VT_I64, lanes);
        EMIT4(c, TIRBC_OP_VCAST_I64, t, iv, lanes, ivt);
        iv = t;
    }
    if (b->nstrides) {
        uint32_t s = new_vreg(c, TIR_VT_I64, lanes), t = new_vreg(c, TIR_VT_I64, lanes);
        uint32_t sr = extent_reg(c, b->strides[n - 1]);
        if (c->regtypes[sr].vtype != TIR_VT_I64) {
            uint32_t w = temp(c, TIR_VT_I64);
            EMIT2(c, TIRBC_OP_EXT_I64, w, sr);
            sr = w;
        }
        EMIT3(c, TIRBC_OP_VBCAST_I64, s, sr, lanes);
        EMIT4(c, TIRBC_OP_VMUL_I64, t, iv, s, lanes);
        iv = t;
    }
    if (n > 1) {
        scalar_idx[n - 1] = tir_int(c->a, tir_dt_with_lanes(last->dtype, 1), 0, loc);
        uint32_t prefix = gen_flat_index(c, b, scalar_idx, n, vb, loc);
        if (c->regtypes[prefix].vtype != TIR_VT_I64) {
            uint32_t w = temp(c, TIR_VT_I64);
            EMIT2(c, TIRBC_OP_EXT_I64, w, prefix);
            prefix = w;
        }
        uint32_t s = new_vreg(c, TIR_VT_I64, lanes), t = new_vreg(c, TIR_VT_I64, lanes);
        EMIT3(c, TIRBC_OP_VBCAST_I64, s, prefix, lanes);
        EMIT4(c, TIRBC_OP_VADD_I64, t, iv, s, lanes);
        iv = t;
    }
    va.index = iv;
    return va;
}

/* Shuffle (spec Expr semantics 12, spec-readings 4): lane i of the result is
 * lane indices[i] of the concatenated vectors.  The vectors are evaluated in
 * order; each lane is copied with VGET/VSET.  Indices must be constants. */
static uint32_t gen_shuffle(cg *c, const tir_expr *e)
{
    tir_vtype vt = elem_vt(c, e->dtype, e->loc);
    unsigned lanes = e->dtype.lanes;
    uint32_t *src = tir_xmalloc((e->nargs ? e->nargs : 1) * sizeof *src);
    for (uint32_t k = 0; k < e->nargs; k++)
        src[k] = gen_expr(c, e->args[k]);
    uint32_t dst = lanes > 1 ? new_vreg(c, vt, lanes) : temp(c, vt);
    for (uint32_t i = 0; i < e->nargs2 && !c->failed; i++) {
        const tir_expr *ix = e->args2[i];
        if (ix->kind != TIR_E_INT) {
            UNSUPPORTED(c, ix->loc, "Shuffle with a computed index");
            break;
        }
        int64_t want = ix->ival, base = 0;
        uint32_t k = 0;
        while (k < e->nargs && want >= base + e->args[k]->dtype.lanes)
            base += e->args[k++]->dtype.lanes;
        if (want < 0 || k == e->nargs) {
            ERR(c, ix->loc, "Shuffle index %lld is out of range", (long long)want);
            break;
        }
        unsigned kl = e->args[k]->dtype.lanes;
        uint32_t lane = src[k];
        if (kl > 1) {
            lane = temp(c, vt);
            EMIT4(c, typed(c, TIRBC_OP_VGET_BOOL, vt, ix->loc), lane, src[k], kl, (uint32_t)(want - base));
        }
        if (lanes > 1)
            EMIT4(c, typed(c, TIRBC_OP_VSET_BOOL, vt, ix->loc), dst, lane, lanes, i);
        else
            EMIT2(c, TIRBC_OP_MOV, dst, lane);
    }
    free(src);
    return dst;
}

/* A vector operand: a register, or a strided buffer range that a fused
 * vector instruction (opcodes.def, voprm ... vopstmm) reads in place. */
typedef struct {
    bool in_memory;
    uint32_t reg;               /* a register */
    uint32_t buf, base, stride; /* a range: buf[base + i*stride] */
} vsource;

/* A vector load as a range when it is one; a register otherwise (a
 * promoted buffer's broadcast, or a gather). */
static vsource gen_vsource(cg *c, const tir_expr *e)
{
    vsource s = {false, 0, 0, 0, 0};
    if (e->kind != TIR_E_LOAD) {
        s.reg = gen_expr(c, e);
        return s;
    }
    tir_vtype vt = elem_vt(c, e->dtype, e->loc);
    unsigned lanes = e->dtype.lanes;
    const struct promoted *p = find_promoted(c, e->buffer->data);
    if (p) { /* constant indices: every lane reads the same element */
        s.reg = new_vreg(c, vt, lanes);
        EMIT3(c, typed(c, TIRBC_OP_VBCAST_BOOL, vt, e->loc), s.reg,
              promoted_reg(c, p, e->buffer, e->args, e->nargs, e->loc), lanes);
        return s;
    }
    s.buf = (uint32_t)vmbuf_of(c, e->buffer, e->loc);
    vaccess va = gen_vaccess(c, e->buffer, e->args, e->nargs, s.buf, lanes, e->loc);
    if (va.gather) {
        s.reg = new_vreg(c, vt, lanes);
        EMIT4(c, typed(c, TIRBC_OP_VLDG_BOOL, vt, e->loc), s.reg, s.buf, va.index, lanes);
        return s;
    }
    s.in_memory = true;
    s.base = va.base;
    s.stride = va.stride;
    return s;
}

/* A source in a register, loading a range with vld. */
static uint32_t vsource_reg(cg *c, vsource s, tir_vtype vt, unsigned lanes, tir_loc loc)
{
    if (!s.in_memory)
        return s.reg;
    uint32_t d = new_vreg(c, vt, lanes);
    EMIT5(c, typed(c, TIRBC_OP_VLD_BOOL, vt, loc), d, s.buf, s.base, s.stride, lanes);
    return d;
}

/* The register instruction whose lane operation a fused vector instruction
 * of kind vt would apply for a binary expression of kind k, or -1 when the
 * instruction table has no fused form for it. */
static int fused_lane_op(tir_expr_kind k, tir_vtype vt)
{
    int lane_op = tirbc_op_typed(vector_family(k), vt);
    if (lane_op < 0 || tirbc_op_typed(TIRBC_OP_VOPRM_I32, vt) < 0 || !tirbc_fused_lane_op_ok((uint32_t)lane_op, vt))
        return -1;
    return lane_op;
}

/* Appends a source's operand words (one register, or buffer, base, stride). */
static uint32_t put_vsource(uint32_t *w, uint32_t n, vsource s)
{
    if (!s.in_memory) {
        w[n++] = s.reg;
        return n;
    }
    w[n++] = s.buf;
    w[n++] = s.base;
    w[n++] = s.stride;
    return n;
}

/* dst = a op b through a fused instruction: into a register (dst_buf < 0)
 * or into the range dst_buf[base + i*stride]. */
static void emit_fused(cg *c, int lane_op, tir_vtype vt, int64_t dst_buf, uint32_t dst, uint32_t base,
                       uint32_t stride, vsource a, vsource b, unsigned lanes, tir_loc loc)
{
    static const tirbc_opcode to_register[2][2] = {{TIRBC_OP_COUNT, TIRBC_OP_VOPRM_I32},
                                                   {TIRBC_OP_VOPMR_I32, TIRBC_OP_VOPMM_I32}};
    static const tirbc_opcode to_memory[2][2] = {{TIRBC_OP_VOPST_I32, TIRBC_OP_VOPSTRM_I32},
                                                 {TIRBC_OP_VOPSTMR_I32, TIRBC_OP_VOPSTMM_I32}};
    uint32_t w[TIRBC_MAX_OPERANDS], n = 0;
    tirbc_opcode family = (dst_buf < 0 ? to_register : to_memory)[a.in_memory][b.in_memory];
    if (dst_buf < 0) {
        w[n++] = dst;
    } else {
        w[n++] = (uint32_t)dst_buf;
        w[n++] = base;
        w[n++] = stride;
    }
    w[n++] = (uint32_t)lane_op;
    n = put_vsource(w, n, a);
    n = put_vsource(w, n, b);
    w[n++] = lanes;
    emit_words(c, typed(c, family, vt, loc), w, (int)n);
}

/* a op b into a new register: the register instruction, or a fused one
 * when a source is a buffer range. */
static uint32_t emit_binary_to_register(cg *c, int lane_op, tir_vtype vt, vsource a, vsource b, unsigned lanes,
                                        tir_loc loc)
{
    uint32_t d = new_vreg(c, vt, lanes);
    if (a.in_memory || b.in_memory)
        emit_fused(c, lane_op, vt, -1, d, 0, 0, a, b, lanes, loc);
    else
        EMIT4(c, lane_op, d, a.reg, b.reg, lanes);
    return d;
}

/* A binary vector expression: a register instruction, or a fused one when
 * an operand is a buffer range. */
static uint32_t gen_vector_binary(cg *c, const tir_expr *e)
{
    unsigned lanes = e->dtype.lanes;
    tir_vtype ot = elem_vt(c, e->a->dtype, e->loc);
    int lane_op = tir_is_binary(e->kind) ? fused_lane_op(e->kind, ot) : -1;
    if (lane_op >= 0) {
        vsource a = gen_vsource(c, e->a), b = gen_vsource(c, e->b);
        return emit_binary_to_register(c, lane_op, ot, a, b, lanes, e->loc);
    }
    uint32_t a = gen_expr(c, e->a), b = gen_expr(c, e->b);
    uint32_t d = new_vreg(c, tir_is_cmp(e->kind) ? TIR_VT_BOOL : ot, lanes);
    EMIT4(c, typed(c, vector_family(e->kind), ot, e->loc), d, a, b, lanes);
    return d;
}

/* A vector store of a binary expression straight from its sources, when
 * a fused instruction can apply it and computing the destination's indices
 * cannot fail (so checking the sources after them changes nothing). */
static bool gen_fused_store(cg *c, const tir_stmt *s)
{
    const tir_expr *v = s->value;
    if (!tir_is_binary(v->kind) || s->buffer->dtype.lanes != 1 || find_promoted(c, s->buffer->data))
        return false;
    for (uint32_t i = 0; i < s->nindices; i++)
        if (!tir_expr_harmless(s->indices[i]))
            return false;
    tir_vtype vt = elem_vt(c, v->dtype, v->loc);
    int lane_op = fused_lane_op(v->kind, vt);
    if (lane_op < 0)
        return false;
    unsigned lanes = v->dtype.lanes;
    vsource a = gen_vsource(c, v->a), b = gen_vsource(c, v->b);
    uint32_t vb = (uint32_t)vmbuf_of(c, s->buffer, s->loc);
    vaccess va = gen_vaccess(c, s->buffer, s->indices, s->nindices, vb, lanes, s->loc);
    if (va.gather) {
        uint32_t d = emit_binary_to_register(c, lane_op, vt, a, b, lanes, v->loc);
        EMIT4(c, typed(c, TIRBC_OP_VSTG_BOOL, vt, s->loc), vb, va.index, d, lanes);
        return true;
    }
    emit_fused(c, lane_op, vt, vb, 0, va.base, va.stride, a, b, lanes, s->loc);
    return true;
}

static uint32_t gen_vector(cg *c, const tir_expr *e)
{
    tir_vtype vt = elem_vt(c, e->dtype, e->loc);
    unsigned lanes = e->dtype.lanes;
    if (c->failed)
        return 0;
    switch (e->kind) {
    case TIR_E_VAR: return var_reg(c, e);
    case TIR_E_BROADCAST: {
        uint32_t v = gen_expr(c, e->a);
        if (e->a->kind == TIR_E_INT || e->a->kind == TIR_E_FLOAT) {
            uint32_t k = const_vector(c, vt, v, lanes);
            if (k != UINT32_MAX)
                return k;
        }
        uint32_t d = new_vreg(c, vt, lanes);
        EMIT3(c, typed(c, TIRBC_OP_VBCAST_BOOL, vt, e->loc), d, v, lanes);
        return d;
    }
    case TIR_E_RAMP: {
        uint32_t base = gen_expr(c, e->a), stride = gen_expr(c, e->b), d = new_vreg(c, vt, lanes);
        EMIT4(c, typed(c, TIRBC_OP_VRAMP_BOOL, vt, e->loc), d, base, stride, lanes);
        return d;
    }
    case TIR_E_CAST: {
        uint32_t src = gen_expr(c, e->a);
        tir_vtype from = elem_vt(c, e->a->dtype, e->a->loc);
        if (from == vt)
            return src;
        uint32_t d = new_vreg(c, vt, lanes);
        EMIT4(c, typed(c, TIRBC_OP_VCAST_BOOL, vt, e->loc), d, src, lanes, from);
        return d;
    }
    case TIR_E_SELECT: {
        const tir_expr *guarded = guarded_select(c, e);
        if (guarded)
            return gen_branchy(c, guarded);
        uint32_t cond = gen_expr(c, e->a);
        if (e->a->dtype.lanes == 1) {
            uint32_t cv = new_vreg(c, TIR_VT_BOOL, lanes);
            EMIT3(c, TIRBC_OP_VBCAST_BOOL, cv, cond, lanes);
            cond = cv;
        }
        uint32_t t = gen_expr(c, e->b), f = gen_expr(c, e->c), d = new_vreg(c, vt, lanes);
        EMIT5(c, typed(c, TIRBC_OP_VSEL_BOOL, vt, e->loc), d, cond, t, f, lanes);
        return d;
    }
    case TIR_E_AND:
    case TIR_E_OR: {
        uint32_t a = gen_expr(c, e->a), b = gen_expr(c, e->b), d = new_vreg(c, TIR_VT_BOOL, lanes);
        EMIT4(c, e->kind == TIR_E_AND ? TIRBC_OP_VAND : TIRBC_OP_VOR, d, a, b, lanes);
        return d;
    }
    case TIR_E_NOT: {
        uint32_t a = gen_expr(c, e->a), d = new_vreg(c, TIR_VT_BOOL, lanes);
        EMIT3(c, TIRBC_OP_VNOT, d, a, lanes);
        return d;
    }
    case TIR_E_LET: {
        uint32_t v = gen_expr(c, e->a);
        uint32_t r = bind_var(c, e->var, unknown());
        EMIT3(c, typed(c, TIRBC_OP_VMOV_BOOL, elem_vt(c, e->a->dtype, e->loc), e->loc), r, v, e->a->dtype.lanes);
        return gen_expr(c, e->b);
    }
    case TIR_E_LOAD:
        return vsource_reg(c, gen_vsource(c, e), vt, lanes, e->loc);
    case TIR_E_SHUFFLE:
        return gen_shuffle(c, e);
    case TIR_E_CALL: {
        if (e->op && strcmp(e->op, "tir.if_then_else") == 0 && e->nargs == 3)
            return gen_branchy(c, e);
        if (e->op && strcmp(e->op, "tir.likely") == 0 && e->nargs == 1)
            return gen_expr(c, e->args[0]);
        if (e->op && vt == TIR_VT_BOOL &&
            (strcmp(e->op, "tir.bitwise_and") == 0 || strcmp(e->op, "tir.bitwise_or") == 0) && e->nargs == 2) {
            /* bool lanes: and/or are lane-wise logic */
            uint32_t a = gen_expr(c, e->args[0]), b = gen_expr(c, e->args[1]), d = new_vreg(c, TIR_VT_BOOL, lanes);
            EMIT4(c, e->op[12] == 'a' ? TIRBC_OP_VAND : TIRBC_OP_VOR, d, a, b, lanes);
            return d;
        }
        if (e->op && vt == TIR_VT_BOOL && strcmp(e->op, "tir.bitwise_not") == 0 && e->nargs == 1) {
            uint32_t a = gen_expr(c, e->args[0]), d = new_vreg(c, TIR_VT_BOOL, lanes);
            EMIT3(c, TIRBC_OP_VNOT, d, a, lanes);
            return d;
        }
        const tir_builtin *bi = tir_builtin_find(e->op);
        tirbc_opcode vbit = bi ? vector_bit_family(bi->family) : TIRBC_OP_COUNT;
        if (vbit != TIRBC_OP_COUNT && e->nargs == (uint32_t)bi->nargs) {
            uint32_t a = gen_expr(c, e->args[0]);
            uint32_t b = bi->nargs == 2 ? gen_expr(c, e->args[1]) : 0;
            uint32_t d = new_vreg(c, vt, lanes);
            if (bi->nargs == 1)
                EMIT3(c, typed(c, vbit, vt, e->loc), d, a, lanes);
            else
                EMIT4(c, typed(c, vbit, vt, e->loc), d, a, b, lanes);
            return d;
        }
        if (bi && bi->args == BUILTIN_FLOAT && !bi->returns_bool && e->nargs == (uint32_t)bi->nargs) {
            uint32_t a = gen_expr(c, e->args[0]);
            uint32_t b = bi->nargs == 2 ? gen_expr(c, e->args[1]) : 0;
            int fn = typed(c, bi->family, vt, e->loc);
            uint32_t d = new_vreg(c, vt, lanes);
            if (bi->nargs == 1)
                EMIT4(c, typed(c, TIRBC_OP_VMATH1_F32, vt, e->loc), d, a, lanes, fn);
            else
                EMIT5(c, typed(c, TIRBC_OP_VMATH2_F32, vt, e->loc), d, a, b, lanes, fn);
            return d;
        }
        UNSUPPORTED(c, e->loc, "vector call to %s is not supported yet", e->op ? e->op : e->callee);
        return 0;
    }
    default:
        break;
    }
    if (tir_is_binary(e->kind) || tir_is_cmp(e->kind))
        return gen_vector_binary(c, e);
    UNSUPPORTED(c, e->loc, "vector %s is not supported yet", tir_expr_kind_names[e->kind]);
    return 0;
}

/* ---- statements ---------------------------------------------------------- */
static void gen_stmt(cg *c, const tir_stmt *s);

/* Emits a branch taken when the scalar bool `cond` is false; returns the word
 * holding its target, to patch.  An integer comparison becomes one
 * compare-and-branch with the opposite condition. */
static uint32_t and_leaves(const tir_expr *e)
{
    return e->kind == TIR_E_AND && e->dtype.lanes == 1 ? and_leaves(e->a) + and_leaves(e->b) : 1;
}


static void patch_false_jumps(cg *c, const false_jumps *fj, uint32_t target)
{
    for (uint32_t i = 0; i < fj->n; i++)
        patch(c, fj->holes[i], target);
}

/* Jumps out when cond is false: a comparison of integers becomes one
 * compare-and-branch, and `a and b` the jumps of a then those of b (b is
 * evaluated only when a holds, as And's short circuit requires), so a
 * guard like `1 <= h and h < 57` never materializes its booleans. */
static void gen_branch_if_false(cg *c, const tir_expr *cond, false_jumps *fj)
{
    if (cond->kind == TIR_E_AND && cond->dtype.lanes == 1 && fj->n + and_leaves(cond) <= 16) {
        gen_branch_if_false(c, cond->a, fj);
        gen_branch_if_false(c, cond->b, fj);
        return;
    }
    if (tir_is_cmp(cond->kind) && cond->dtype.lanes == 1 && tir_dt_is_int(cond->a->dtype) &&
        cond->a->dtype.lanes == 1) {
        static const tirbc_opcode opposite[] = {
            [TIR_E_EQ] = TIRBC_OP_BRNE_BOOL, [TIR_E_NE] = TIRBC_OP_BREQ_BOOL, [TIR_E_LT] = TIRBC_OP_BRGE_BOOL,
            [TIR_E_LE] = TIRBC_OP_BRGT_BOOL, [TIR_E_GE] = TIRBC_OP_BRLT_BOOL, [TIR_E_GT] = TIRBC_OP_BRLE_BOOL,
        };
        uint32_t a = gen_expr(c, cond->a), b = gen_expr(c, cond->b);
        EMIT3(c, typed(c, opposite[cond->kind], vt_of(c, cond->a->dtype, cond->loc), cond->loc), a, b, 0);
        fj->holes[fj->n++] = last_word(c);
        return;
    }
    uint32_t r = gen_expr(c, cond);
    EMIT2(c, TIRBC_OP_BRZ, r, 0);
    fj->holes[fj->n++] = last_word(c);
}

/* A parallel region: PAR iv, min, end, @exit; body; PAREND (opcodes.def). */
/* A loop bound in the loop variable's type: integer literals narrower than
 * the loop variable are promoted to it (the checker's rule for For bounds). */
static uint32_t gen_loop_bound(cg *c, const tir_expr *e, tir_vtype vt)
{
    if (e->kind == TIR_E_INT && vt_of(c, e->dtype, e->loc) != vt)
        return const_int(c, vt, e->ival);
    return gen_expr(c, e);
}

static void gen_parallel(cg *c, const tir_var *var, const tir_expr *min, const tir_expr *extent, const tir_stmt *body,
                         tir_loc loc)
{
    tir_vtype vt = vt_of(c, var->dtype, loc);
    uint32_t mark = c->ntaken;
    uint32_t mn = gen_loop_bound(c, min, vt), ext = gen_loop_bound(c, extent, vt);
    interval range = unknown();
    interval rm = range_of(c, min), re = range_of(c, extent);
    if (rm.known && re.known && rm.lo == rm.hi && re.lo == re.hi && re.lo > 0 &&
        !__builtin_add_overflow(rm.lo, re.lo - 1, &range.hi)) {
        range.known = true;
        range.lo = rm.lo;
    }
    uint32_t end = new_reg(c, vt);
    EMIT3(c, typed(c, TIRBC_OP_ADD_BOOL, vt, loc), end, mn, ext);
    uint32_t iv = bind_var(c, var, range);
    EMIT4(c, typed(c, TIRBC_OP_PAR_BOOL, vt, loc), iv, mn, end, 0);
    uint32_t to_exit = last_word(c);
    release_temps(c, mark);
    c->parallel_depth++;
    gen_stmt(c, body);
    c->parallel_depth--;
    EMIT0(c, TIRBC_OP_PAREND);
    patch(c, to_exit, c->ncode);
}

/* ---- loop-invariant hoisting ------------------------------------------------ */
typedef struct {
    const tir_var **vars;
    uint32_t n, cap;
} var_set;

static void var_set_add(var_set *vs, const tir_var *v)
{
    if (!v)
        return;
    if (vs->n == vs->cap) {
        vs->cap = vs->cap ? vs->cap * 2 : 16;
        vs->vars = tir_xrealloc(vs->vars, vs->cap * sizeof *vs->vars);
    }
    vs->vars[vs->n++] = v;
}

static bool var_set_has(const var_set *vs, const tir_var *v)
{
    for (uint32_t i = 0; i < vs->n; i++)
        if (vs->vars[i] == v)
            return true;
    return false;
}

static void defined_in_expr(const tir_expr *e, var_set *vs)
{
    if (!e)
        return;
    if (e->kind == TIR_E_LET)
        var_set_add(vs, e->var);
    defined_in_expr(e->a, vs);
    defined_in_expr(e->b, vs);
    defined_in_expr(e->c, vs);
    for (uint32_t i = 0; i < e->nargs; i++)
        defined_in_expr(e->args[i], vs);
}

/* Every variable bound inside a statement: these vary from one iteration to the next. */
static void defined_in_stmt(const tir_stmt *s, var_set *vs)
{
    if (!s)
        return;
    if (s->kind == TIR_S_LET || s->kind == TIR_S_FOR || s->kind == TIR_S_ALLOCATE || s->kind == TIR_S_ATTR)
        var_set_add(vs, s->var);
    defined_in_expr(s->value, vs);
    defined_in_expr(s->cond, vs);
    for (uint32_t i = 0; i < s->nindices; i++)
        defined_in_expr(s->indices[i], vs);
    for (uint32_t i = 0; i < s->nseq; i++)
        defined_in_stmt(s->seq[i], vs);
    defined_in_stmt(s->body, vs);
    defined_in_stmt(s->else_case, vs);
}

/* Pure integer index arithmetic over variables fixed during the loop: it
 * cannot trap (division only by a nonzero constant) and does not read memory. */
static bool invariant(const tir_expr *e, const var_set *inner)
{
    /* a broadcast of a constant or of a variable fixed during the loop (a
     * vectorized body's scalar operand): one vbcast before the loop */
    if (e->kind == TIR_E_BROADCAST && e->a->dtype.lanes == 1)
        return e->a->kind == TIR_E_INT || e->a->kind == TIR_E_FLOAT ||
               (e->a->kind == TIR_E_VAR && !var_set_has(inner, e->a->var)) || invariant(e->a, inner);
    if (e->dtype.lanes != 1 || !tir_dt_is_int(e->dtype))
        return false;
    switch (e->kind) {
    case TIR_E_INT: return true;
    case TIR_E_VAR: return !var_set_has(inner, e->var);
    case TIR_E_CAST: return tir_dt_is_int(e->a->dtype) && invariant(e->a, inner);
    case TIR_E_ADD: case TIR_E_SUB: case TIR_E_MUL: case TIR_E_MIN: case TIR_E_MAX:
        return invariant(e->a, inner) && invariant(e->b, inner);
    case TIR_E_DIV: case TIR_E_MOD: case TIR_E_FLOORDIV: case TIR_E_FLOORMOD:
        return e->b->kind == TIR_E_INT && e->b->ival != 0 && invariant(e->a, inner);
    default: return false;
    }
}

static void collect_invariant(cg *c, const tir_expr *e, const var_set *inner)
{
    if (!e)
        return;
    if (e->kind != TIR_E_VAR && e->kind != TIR_E_INT && invariant(e, inner)) {
        for (uint32_t i = 0; i < c->nhoist; i++)
            if (tir_expr_equal(c->hoist[i].e, e))
                return;
        c->hoist = tir_xgrow(c->hoist, &c->caphoist, c->nhoist + 1, sizeof *c->hoist);
        c->hoist[c->nhoist].e = e;
        c->hoist[c->nhoist].reg = UINT32_MAX; /* computed by hoist_invariants */
        c->nhoist++;
        return;
    }
    collect_invariant(c, e->a, inner);
    collect_invariant(c, e->b, inner);
    collect_invariant(c, e->c, inner);
    for (uint32_t i = 0; i < e->nargs; i++)
        collect_invariant(c, e->args[i], inner);
}

static void collect_in_stmt(cg *c, const tir_stmt *s, const var_set *inner)
{
    if (!s)
        return;
    collect_invariant(c, s->value, inner);
    collect_invariant(c, s->cond, inner);
    collect_invariant(c, s->min, inner);
    collect_invariant(c, s->extent, inner);
    for (uint32_t i = 0; i < s->nindices; i++)
        collect_invariant(c, s->indices[i], inner);
    for (uint32_t i = 0; i < s->nseq; i++)
        collect_in_stmt(c, s->seq[i], inner);
    collect_in_stmt(c, s->body, inner);
    collect_in_stmt(c, s->else_case, inner);
}

/* Computes, before a loop, the index arithmetic of its body that does not
 * change between iterations; gen_expr then reuses the registers.  Returns the
 * hoist table's previous size, to restore after the loop. */
static uint32_t hoist_invariants(cg *c, const tir_var *loop_var, const tir_stmt *body)
{
    uint32_t before = c->nhoist;
    var_set inner = {NULL, 0, 0};
    var_set_add(&inner, loop_var);
    defined_in_stmt(body, &inner);
    collect_in_stmt(c, body, &inner);
    free(inner.vars);
    for (uint32_t i = before; i < c->nhoist; i++) {
        /* hide this entry while computing it, so gen_expr does not find itself */
        uint32_t n = c->nhoist;
        c->nhoist = i;
        uint32_t r = gen_expr(c, c->hoist[i].e);
        c->nhoist = n;
        c->hoist[i].reg = r;
    }
    return before;
}

/* ---- loop-level instructions ---------------------------------------------
 * A serial loop whose body is exactly  X[fixed] = X[fixed] + Y[affine] * Z[affine]
 * (Y scalar, broadcast when X and Z are vectors of L lanes with stride 1)
 * becomes one MAC instruction.  Selected only when the three accesses are
 * provably inside every dimension for the whole loop (so the per-dimension
 * checks it skips could never fail), X does not share storage with Y or Z,
 * and the buffers have constant shapes and no declared strides. */
typedef struct {
    const tir_buffer *buf;
    tir_expr **idx;   /* the indices with the loop variable at its start */
    uint32_t n;
    int64_t stride;   /* flat elements per loop step */
} mac_access;

static bool const_shape(const tir_buffer *b)
{
    if (b->nstrides || b->dtype.lanes != 1)
        return false;
    for (uint32_t i = 0; i < b->ndim; i++)
        if (b->shape[i]->kind != TIR_E_INT)
            return false;
    return true;
}

/* Is index idx (affine in the loop variable) inside [0, extent) for the whole loop, and the
 * last one with `lanes` consecutive lanes? */
static bool mac_access_of(cg *c, const tir_expr *load, const tir_var *k, unsigned lanes, mac_access *out)
{
    if (load->kind != TIR_E_LOAD || !const_shape(load->buffer) || load->nargs == 0)
        return false;
    const tir_buffer *b = load->buffer;
    out->buf = b;
    out->n = load->nargs;
    out->idx = tir_arena_alloc(c->a, load->nargs * sizeof *out->idx);
    int64_t stride = 0, dim_stride = 1;
    for (uint32_t d = load->nargs; d-- > 0;) {
        const tir_expr *ix = load->args[d];
        int64_t width = 1;
        if (d + 1 == load->nargs && lanes > 1) {
            if (ix->kind != TIR_E_RAMP || ix->b->kind != TIR_E_INT || ix->b->ival != 1 || (unsigned)ix->lanes != lanes)
                return false;
            ix = ix->a;
            width = lanes;
        }
        int64_t coef, term;
        if (ix->dtype.lanes != 1 || !tir_linear_coefficient(ix, k, &coef) || __builtin_mul_overflow(coef, dim_stride, &term) ||
            __builtin_add_overflow(stride, term, &stride))
            return false;
        interval r = range_of(c, ix);
        if (!r.known || r.lo < 0 || r.hi + width - 1 >= b->shape[d]->ival)
            return false;
        out->idx[d] = (tir_expr *)ix;
        if (__builtin_mul_overflow(dim_stride, b->shape[d]->ival, &dim_stride))
            return false;
    }
    out->stride = stride;
    return true;
}

/* Lowered blocks bind their iter vars with lets of loop variables; the
 * matcher sees through them by substituting (a copy: the tree is shared). */
typedef struct subst {
    const tir_var *var;
    tir_expr *value;
    const struct subst *next;
} subst;

static tir_expr *substitute(cg *c, tir_expr *e, const subst *sb)
{
    if (!e || !sb)
        return e;
    if (e->kind == TIR_E_VAR) {
        for (const subst *p = sb; p; p = p->next)
            if (p->var == e->var)
                return p->value;
        return e;
    }
    tir_expr *n = tir_arena_alloc(c->a, sizeof *n);
    *n = *e;
    n->a = substitute(c, e->a, sb);
    n->b = substitute(c, e->b, sb);
    n->c = substitute(c, e->c, sb);
    if (e->nargs) {
        n->args = tir_arena_alloc(c->a, e->nargs * sizeof *n->args);
        for (uint32_t i = 0; i < e->nargs; i++)
            n->args[i] = substitute(c, e->args[i], sb);
    }
    return n;
}

static tir_stmt *substitute_store(cg *c, const tir_stmt *st, const subst *sb)
{
    tir_stmt *n = tir_arena_alloc(c->a, sizeof *n);
    *n = *st;
    n->value = substitute(c, st->value, sb);
    n->indices = tir_arena_alloc(c->a, (st->nindices ? st->nindices : 1) * sizeof *n->indices);
    for (uint32_t i = 0; i < st->nindices; i++)
        n->indices[i] = substitute(c, st->indices[i], sb);
    return n;
}

/* Skips lets of a variable or a constant (a lowered block's iter var
 * bindings), recording them in *sb for substitute. */
static const tir_stmt *skip_lets(cg *c, const tir_stmt *st, subst **sb)
{
    while (st->kind == TIR_S_LET && (st->value->kind == TIR_E_VAR || st->value->kind == TIR_E_INT) &&
           tir_dt_eq(st->var->dtype, st->value->dtype)) {
        subst *p = tir_arena_alloc(c->a, sizeof *p);
        p->var = st->var;
        p->value = substitute(c, st->value, *sb);
        p->next = *sb;
        *sb = p;
        st = st->body;
    }
    return st;
}

static bool try_gen_mac_store(cg *c, const tir_stmt *loop, const tir_stmt *st, const tir_stmt *init,
                              tir_expr *init_cond);
static bool and_terms(tir_expr *e, tir_expr **out, uint32_t max, uint32_t *n);

/* Is init a store of a constant to the element st accumulates into (the
 * reduction block's init, `lanes` wide)? */
static bool init_sets_accumulator(const tir_stmt *init, const tir_stmt *st, unsigned lanes)
{
    const tir_expr *iv = init->value;
    if (iv->kind == TIR_E_BROADCAST)
        iv = iv->a;
    bool same = (iv->kind == TIR_E_FLOAT || iv->kind == TIR_E_INT) && init->buffer == st->buffer &&
                init->nindices == st->nindices && init->value->dtype.lanes == lanes;
    for (uint32_t i = 0; same && i < st->nindices; i++)
        same = tir_expr_equal(init->indices[i], st->indices[i]);
    return same;
}

/* The init of a loop-level reduction, once before it, under the part of
 * its guard that does not name the reduction loops.  With at_xr, an init
 * that init_sets_accumulator matched is stored at the accumulator's flat
 * offset xr (in storage xb), which the instruction computes anyway; without,
 * it runs as the statement it is. */
static void gen_guarded_init(cg *c, const tir_stmt *init, tir_expr *init_cond, bool at_xr, uint32_t xb, uint32_t xr)
{
    if (!init)
        return;
    false_jumps skip = {.n = 0};
    if (init_cond)
        gen_branch_if_false(c, init_cond, &skip);
    if (!at_xr) {
        gen_stmt(c, init);
    } else {
        tir_vtype vt = elem_vt(c, init->buffer->dtype, init->loc);
        uint32_t v = gen_expr(c, init->value), lanes = init->value->dtype.lanes;
        if (lanes > 1)
            EMIT5(c, typed(c, TIRBC_OP_VST_BOOL, vt, init->loc), xb, xr, const_int(c, TIR_VT_I64, 1), v, lanes);
        else
            EMIT3(c, typed(c, TIRBC_OP_ST_BOOL, vt, init->loc), xb, xr, v);
    }
    patch_false_jumps(c, &skip, c->ncode);
}

/* A loop-level instruction's start offsets (and its init) are computed for
 * the first iteration: the loop variables bound since `first_var` hold their
 * first value there, so var_reg reads them as constants, the offsets fold,
 * and no instruction sets their registers. */
static void pin_to_first_iteration(cg *c, uint32_t first_var)
{
    for (uint32_t i = first_var; i < c->nvars; i++)
        c->vars[i].range.hi = c->vars[i].range.lo;
}

/* A reduction body's init guard (lower.c): `if g: X = c` then the update,
 * where g is "k == min" for every reduction loop in `loops` and possibly
 * terms of outer loops, which must not name those loops.  On a match,
 * *init is the init store, *init_cond the outer terms (or NULL) and
 * *update the statement after the guard; a body without a guard matches
 * with *init NULL.  sb substitutes the lowered block's lets. */
static bool split_init_guard(cg *c, const tir_stmt *st, const subst *sb, const tir_stmt *const *loops,
                             uint32_t nloops, const tir_stmt **init, tir_expr **init_cond, const tir_stmt **update)
{
    *init = NULL;
    *init_cond = NULL;
    *update = st;
    if (!(st->kind == TIR_S_SEQ && st->nseq == 2 && st->seq[0]->kind == TIR_S_IF && !st->seq[0]->else_case &&
          st->seq[0]->body->kind == TIR_S_STORE))
        return true;
    tir_expr *g = substitute(c, st->seq[0]->cond, sb);
    tir_expr *terms[8];
    uint32_t nterms = 0;
    bool found[2] = {false, false};
    if (nloops > 2 || !and_terms(g, terms, 8, &nterms))
        return false;
    for (uint32_t i = 0; i < nterms; i++) {
        tir_expr *t = terms[i];
        bool first = false;
        for (uint32_t l = 0; l < nloops && !first; l++)
            if (!found[l] && t->kind == TIR_E_EQ && t->a->kind == TIR_E_VAR && t->a->var == loops[l]->var &&
                t->b->kind == TIR_E_INT && loops[l]->min->kind == TIR_E_INT && t->b->ival == loops[l]->min->ival)
                found[l] = first = true;
        if (first)
            continue;
        for (uint32_t l = 0; l < nloops; l++)
            if (tir_expr_uses_var(t, loops[l]->var))
                return false;
        *init_cond = *init_cond ? tir_binary(c->a, TIR_E_AND, *init_cond, t, t->loc) : t;
    }
    for (uint32_t l = 0; l < nloops; l++)
        if (!found[l])
            return false;
    *init = substitute_store(c, st->seq[0]->body, sb);
    *update = st->seq[1];
    return true;
}

/* The body forms that are one accumulation: [lets of variables] [if k == min: X = init] X += Y * Z. */
static bool try_gen_mac(cg *c, const tir_stmt *loop)
{
    subst *sb = NULL;
    const tir_stmt *st = skip_lets(c, loop->body, &sb);
    const tir_stmt *init;
    tir_expr *init_cond;
    const tir_stmt *loops[1] = {loop};
    if (!split_init_guard(c, st, sb, loops, 1, &init, &init_cond, &st))
        return false;
    if (st->kind != TIR_S_STORE)
        return false;
    return try_gen_mac_store(c, loop, substitute_store(c, st, sb), init, init_cond);
}

/* The conjuncts of a scalar And tree, at most max of them. */
static bool and_terms(tir_expr *e, tir_expr **out, uint32_t max, uint32_t *n)
{
    if (e->kind == TIR_E_AND && e->dtype.lanes == 1)
        return and_terms(e->a, out, max, n) && and_terms(e->b, out, max, n);
    if (*n >= max)
        return false;
    out[(*n)++] = e;
    return true;
}


/* Is x a load of the element st stores, at indices that do not change with k? */
static bool is_accumulator(const tir_expr *x, const tir_stmt *st, const tir_var *k)
{
    if (x->kind != TIR_E_LOAD || x->buffer->data != st->buffer->data || x->nargs != st->nindices ||
        x->dtype.lanes != 1)
        return false;
    for (uint32_t i = 0; i < st->nindices; i++) {
        int64_t coef;
        if (!tir_expr_equal(x->args[i], st->indices[i]) || !tir_linear_coefficient(st->indices[i], k, &coef) ||
            coef != 0)
            return false;
    }
    return true;
}

/* `for k: X = X + Y[affine in k]` (or max(X, Y), min(X, Y)) over float32 or
 * float64: one rsum/rmax/rmin, accumulating in a register (the promoted
 * element itself, or X loaded before and stored after). */
static bool try_gen_reduce(cg *c, const tir_stmt *loop, const tir_stmt *st, const tir_stmt *init,
                           tir_expr *init_cond)
{
    const tir_var *k = loop->var;
    const tir_expr *v = st->value;
    tir_vtype vt = tir_dtype_vtype(v->dtype);
    if (v->dtype.lanes != 1 || (vt != TIR_VT_F32 && vt != TIR_VT_F64) ||
        (v->kind != TIR_E_ADD && v->kind != TIR_E_MAX && v->kind != TIR_E_MIN))
        return false;
    const tir_expr *x = v->a, *y = v->b;
    if (v->kind == TIR_E_ADD && !is_accumulator(x, st, k)) { /* addition commutes exactly */
        x = v->b;
        y = v->a;
    }
    /* max and min keep the loop's operand order: the accumulator first */
    if (!is_accumulator(x, st, k) || y->kind != TIR_E_LOAD || y->dtype.lanes != 1 || tir_expr_uses_var(x, k))
        return false;
    const struct promoted *px = find_promoted(c, st->buffer->data);
    int xb = px ? -1 : storage_of(c, st->buffer), yb = storage_of(c, y->buffer);
    if ((!px && xb < 0) || yb < 0 || yb == xb)
        return false;
    if (init && !init_sets_accumulator(init, st, 1))
        return false;
    interval kr = {true, loop->min->ival, 0};
    if (__builtin_add_overflow(loop->min->ival, loop->extent->ival - 1, &kr.hi))
        return false;
    uint32_t mark = c->ntaken;
    bind_var(c, k, kr);
    mac_access Y;
    if (!mac_access_of(c, y, k, 1, &Y)) {
        c->nvars--; /* forget the trial binding of k */
        return false;
    }
    pin_to_first_iteration(c, c->nvars - 1);
    gen_guarded_init(c, init, init_cond, false, 0, 0);
    uint32_t accr = px ? promoted_reg(c, px, st->buffer, st->indices, st->nindices, st->loc) : gen_load(c, x);
    uint32_t yr = gen_flat_index(c, Y.buf, Y.idx, Y.n, (uint32_t)yb, st->loc);
    tirbc_opcode op = v->kind == TIR_E_ADD   ? (vt == TIR_VT_F32 ? TIRBC_OP_RSUM_F32 : TIRBC_OP_RSUM_F64)
                      : v->kind == TIR_E_MAX ? (vt == TIR_VT_F32 ? TIRBC_OP_RMAX_F32 : TIRBC_OP_RMAX_F64)
                                             : (vt == TIR_VT_F32 ? TIRBC_OP_RMIN_F32 : TIRBC_OP_RMIN_F64);
    EMIT5(c, op, accr, (uint32_t)yb, yr, const_int(c, TIR_VT_I64, Y.stride),
          const_int(c, TIR_VT_I64, loop->extent->ival));
    if (!px) {
        flat_index f = gen_flat(c, st->buffer, st->indices, st->nindices, (uint32_t)xb, st->loc);
        if (f.mad)
            EMIT5(c, typed(c, TIRBC_OP_STX_BOOL, vt, st->loc), (uint32_t)xb, f.a, f.s, f.b, accr);
        else
            EMIT3(c, typed(c, TIRBC_OP_ST_BOOL, vt, st->loc), (uint32_t)xb, f.reg, accr);
    }
    release_temps(c, mark);
    return true;
}

static bool try_gen_mac_store(cg *c, const tir_stmt *loop, const tir_stmt *st, const tir_stmt *init,
                              tir_expr *init_cond)
{
    const tir_var *k = loop->var;
    bool is_int = tir_dt_is_int(st->value->dtype) && !tir_dt_is_bool(st->value->dtype);
    if (st->kind != TIR_S_STORE || st->nindices == 0 || !(tir_dt_is_float(st->value->dtype) || is_int) ||
        loop->min->kind != TIR_E_INT || loop->extent->kind != TIR_E_INT || loop->extent->ival < 1)
        return false;
    unsigned lanes = st->value->dtype.lanes;
    const tir_expr *v = st->value;
    if (try_gen_reduce(c, loop, st, init, init_cond))
        return true;
    if (v->kind != TIR_E_ADD)
        return false;
    const tir_expr *acc = v->a, *prod = v->b;
    if (prod->kind != TIR_E_MUL) {
        acc = v->b;
        prod = v->a;
    }
    /* the accumulator is the stored element itself, fixed during the loop */
    if (acc->kind != TIR_E_LOAD || acc->buffer != st->buffer || prod->kind != TIR_E_MUL || acc->nargs != st->nindices)
        return false;
    for (uint32_t i = 0; i < st->nindices; i++) {
        int64_t coef;
        if (!tir_expr_equal(acc->args[i], st->indices[i]) || !tir_linear_coefficient(st->indices[i], k, &coef) ||
            coef != 0)
            return false;
    }
    const tir_expr *terms[2] = {prod->a, prod->b};
    for (int order = 0; order < 2; order++) {
        const tir_expr *y = terms[order], *z = terms[1 - order];
        if (lanes > 1) {
            if (y->kind != TIR_E_BROADCAST)
                continue;
            y = y->a;
        }
        /* integer products may widen their sources first: (T)Y * (T)Z, both of one kind */
        tir_vtype src_kind = TIR_VT_NONE;
        if (is_int) {
            if (y->kind == TIR_E_CAST && tir_dt_is_int(y->a->dtype) && !tir_dt_is_bool(y->a->dtype))
                y = y->a;
            if (z->kind == TIR_E_CAST && tir_dt_is_int(z->a->dtype) && !tir_dt_is_bool(z->a->dtype))
                z = z->a;
            src_kind = tir_dtype_vtype(y->dtype);
            if (src_kind != tir_dtype_vtype(z->dtype))
                continue;
        }
        if (y->kind != TIR_E_LOAD || y->dtype.lanes != 1 || z->kind != TIR_E_LOAD || z->dtype.lanes != lanes)
            continue;
        /* the loop variable's range, for the bounds proofs */
        interval kr = {true, loop->min->ival, 0};
        if (__builtin_add_overflow(loop->min->ival, loop->extent->ival - 1, &kr.hi))
            return false;
        uint32_t mark = c->ntaken;
        bind_var(c, k, kr);
        mac_access X, Y, Z;
        int xb = storage_of(c, st->buffer), yb = storage_of(c, y->buffer), zb = storage_of(c, z->buffer);
        tir_expr xload = *acc; /* the stored element, as an access */
        xload.nargs = st->nindices;
        xload.args = st->indices;
        xload.dtype = st->value->dtype;
        if (xb < 0 || yb < 0 || zb < 0 || xb == yb || xb == zb || !mac_access_of(c, &xload, k, lanes, &X) ||
            !mac_access_of(c, y, k, 1, &Y) || !mac_access_of(c, z, k, lanes, &Z)) {
            c->nvars--; /* forget the trial binding of k */
            return false;
        }
        /* the init store writes the accumulator itself, at the first iteration */
        if (init && !init_sets_accumulator(init, st, lanes)) {
            c->nvars--;
            return false;
        }
        tir_vtype vt = elem_vt(c, st->buffer->dtype, st->loc);
        pin_to_first_iteration(c, c->nvars - 1);
        uint32_t xr = gen_flat_index(c, X.buf, X.idx, X.n, (uint32_t)xb, st->loc);
        /* the loop runs at least once (extent >= 1), so the guard holds once, first */
        gen_guarded_init(c, init, init_cond, true, (uint32_t)xb, xr);
        uint32_t yr = gen_flat_index(c, Y.buf, Y.idx, Y.n, (uint32_t)yb, st->loc);
        uint32_t zr = gen_flat_index(c, Z.buf, Z.idx, Z.n, (uint32_t)zb, st->loc);
        if (is_int)
            emit(c, typed(c, TIRBC_OP_MACI_I32, vt, st->loc), 11, (uint32_t)xb, xr, (uint32_t)yb, yr,
                 const_int(c, TIR_VT_I64, Y.stride), (uint32_t)zb, zr, const_int(c, TIR_VT_I64, Z.stride),
                 const_int(c, TIR_VT_I64, loop->extent->ival), lanes, (uint32_t)src_kind);
        else
            emit(c, typed(c, TIRBC_OP_MAC_F32, vt, st->loc), 10, (uint32_t)xb, xr, (uint32_t)yb, yr,
                 const_int(c, TIR_VT_I64, Y.stride), (uint32_t)zb, zr, const_int(c, TIR_VT_I64, Z.stride),
                 const_int(c, TIR_VT_I64, loop->extent->ival), lanes);
        release_temps(c, mark);
        return true;
    }
    return false;
}

/* ---- strip-mining serial loops into vectors --------------------------------
 * A serial loop over [0, E) whose body is stores of lane-wise expressions runs
 * as E / L vector iterations of L lanes, then the remaining iterations
 * serially, when nothing observable can change: no integer division (nothing
 * can trap), every access provably inside every dimension for the whole loop,
 * each stored buffer written once per iteration at a unit-stride index and
 * its storage not read in the body, so no iteration sees another's store. */
#define STRIP_LANES 16
/* Long loops take wider vectors (TIR_STRIP_LANES_LONG, then the format's
 * widest, TIRBC_MAX_LANES): fewer instructions to dispatch per element.  A
 * width is taken when the loop has two strips of it, or exactly one or more
 * strips and nothing left over. */
static int strip_width(int64_t E)
{
    static const int widths[] = {TIRBC_MAX_LANES, TIR_STRIP_LANES_LONG, STRIP_LANES};
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++)
        if (E >= 2 * widths[i] || (E >= widths[i] && E % widths[i] == 0))
            return widths[i];
    return STRIP_LANES;
}

static bool has_int_division(const tir_expr *e)
{
    if (!e)
        return false;
    if ((e->kind == TIR_E_DIV || e->kind == TIR_E_MOD || e->kind == TIR_E_FLOORDIV || e->kind == TIR_E_FLOORMOD) &&
        tir_dt_is_int(e->dtype))
        return true;
    if (has_int_division(e->a) || has_int_division(e->b) || has_int_division(e->c))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (has_int_division(e->args[i]))
            return true;
    return false;
}

/* Storage a strip-mined loop writes: a whole buffer, or (an accumulation
 * into a register-held element) one element. */
typedef struct {
    const tir_var *data;
    int64_t elem; /* -1: any element */
} written_storage;

/* Loads in e: every one provably in bounds; none from the storage `written`,
 * except the very element the iteration stores (`self`). */
static bool loads_safe_except(cg *c, const tir_expr *e, const written_storage *written, uint32_t nwritten,
                              const tir_stmt *self)
{
    if (!e)
        return true;
    if (e->kind == TIR_E_LOAD) {
        bool own = self && e->buffer == self->buffer && e->nargs == self->nindices;
        for (uint32_t d = 0; own && d < e->nargs; d++)
            own = tir_expr_equal(e->args[d], self->indices[d]);
        for (uint32_t w = 0; w < nwritten && !own; w++) {
            int64_t flat;
            if (e->buffer->data != written[w].data)
                continue;
            if (written[w].elem < 0 || !const_flat_index(e->buffer, e->args, e->nargs, &flat) ||
                flat == written[w].elem)
                return false;
        }
        if (e->buffer->dtype.lanes != 1)
            return false;
        for (uint32_t d = 0; d < e->nargs; d++) {
            interval r = range_of(c, e->args[d]);
            if (!r.known || r.lo < 0 || e->buffer->shape[d]->kind != TIR_E_INT || r.hi >= e->buffer->shape[d]->ival)
                return false;
        }
    }
    if (!loads_safe_except(c, e->a, written, nwritten, self) || !loads_safe_except(c, e->b, written, nwritten, self) ||
        !loads_safe_except(c, e->c, written, nwritten, self))
        return false;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!loads_safe_except(c, e->args[i], written, nwritten, self))
            return false;
    return true;
}

static bool loads_safe(cg *c, const tir_expr *e, const written_storage *written, uint32_t nwritten)
{
    return loads_safe_except(c, e, written, nwritten, NULL);
}

static bool try_strip_mine(cg *c, const tir_stmt *loop)
{
    const tir_var *v = loop->var;
    if (loop->min->kind != TIR_E_INT || loop->min->ival != 0 || loop->extent->kind != TIR_E_INT ||
        loop->extent->ival < 2 * STRIP_LANES || !tir_dt_is_int(v->dtype))
        return false;
    /* the body: lets, then one store or a sequence of stores; each store
     * writes element v of its last dimension, or accumulates into one
     * element (its terms folded in lane order) */
    const tir_stmt *body = loop->body;
    const tir_stmt *lets[8];
    uint32_t nlets = 0;
    while (body->kind == TIR_S_LET) {
        if (nlets == 8 || body->value->dtype.lanes != 1 || has_int_division(body->value))
            return false;
        lets[nlets++] = body;
        body = body->body;
    }
    const tir_stmt *const *stores = (const tir_stmt *const *)&body;
    uint32_t n = 1;
    if (body->kind == TIR_S_SEQ) {
        stores = (const tir_stmt *const *)body->seq;
        n = body->nseq;
    }
    if (n > 8)
        return false;
    written_storage written[8];
    const tir_expr *terms[8];
    for (uint32_t i = 0; i < n; i++) {
        const tir_stmt *st = stores[i];
        if (st->kind != TIR_S_STORE || st->nindices == 0 || st->value->dtype.lanes != 1 ||
            st->buffer->dtype.lanes != 1 || has_int_division(st->value))
            return false;
        for (uint32_t w = 0; w < i; w++)
            if (written[w].data == st->buffer->data)
                return false;
        written[i].data = st->buffer->data;
        written[i].elem = -1;
        terms[i] = NULL;
        const tir_expr *acc;
        int64_t coef;
        if (tir_linear_coefficient(st->indices[st->nindices - 1], v, &coef) && coef == 1) {
            if (find_promoted(c, st->buffer->data))
                return false; /* a register, not memory a vector can store to */
            continue;
        }
        for (uint32_t d = 0; d < st->nindices; d++)
            if (tir_expr_uses_var(st->indices[d], v))
                return false;
        for (uint32_t l = 0; l < nlets; l++)
            for (uint32_t d = 0; d < st->nindices; d++)
                if (tir_expr_uses_var(st->indices[d], lets[l]->var))
                    return false;
        if (!tir_accumulation(st, &acc, &terms[i]))
            return false;
        int64_t flat;
        if (find_promoted(c, st->buffer->data) && const_flat_index(st->buffer, st->indices, st->nindices, &flat))
            written[i].elem = flat;
    }
    interval vr = {true, 0, loop->extent->ival - 1};
    uint32_t nvars_before = c->nvars;
    bind_var(c, v, vr);
    bool ok = true;
    /* the lets' values are computed for all lanes before any store */
    for (uint32_t l = 0; ok && l < nlets; l++)
        ok = loads_safe(c, lets[l]->value, written, n);
    for (uint32_t i = 0; ok && i < n; i++) {
        const tir_stmt *st = stores[i];
        for (uint32_t d = 0; ok && d < st->nindices; d++) {
            interval r = range_of(c, st->indices[d]);
            ok = r.known && r.lo >= 0 && st->buffer->shape[d]->kind == TIR_E_INT && r.hi < st->buffer->shape[d]->ival &&
                 !has_int_division(st->indices[d]) && loads_safe(c, st->indices[d], written, n);
        }
        /* an accumulation's terms must not read what the loop writes; with
         * one store, the value may read the element it replaces */
        if (terms[i])
            ok = ok && loads_safe(c, terms[i], written, n);
        else
            ok = ok && loads_safe_except(c, st->value, written, n, n == 1 ? st : NULL);
    }
    c->nvars = nvars_before;
    if (!ok)
        return false;
    /* for io in [0, E / L): body with v = Ramp(io * L, 1, L); then v in [E / L * L, E) serially */
    int64_t E = loop->extent->ival;
    int width = strip_width(E);
    int64_t full = E / width;
    /* the strip's first element, computed once per strip for every access */
    tir_var *io = tir_var_new(c->a, "vec", v->dtype, loop->loc);
    tir_var *start = tir_var_new(c->a, "strip", v->dtype, loop->loc);
    tir_stmt *vbody = tir_vectorize_body(c->a, loop->body, v, width, tir_var_ref(c->a, start, loop->loc));
    if (!vbody)
        return false;
    tir_stmt *let = tir_stmt_new(c->a, TIR_S_LET, loop->loc);
    let->var = start;
    let->value = tir_binary(c->a, TIR_E_MUL, tir_var_ref(c->a, io, loop->loc),
                            tir_int(c->a, v->dtype, width, loop->loc), loop->loc);
    let->body = vbody;
    tir_stmt *vloop = tir_stmt_new(c->a, TIR_S_FOR, loop->loc);
    vloop->var = io;
    vloop->min = tir_int(c->a, v->dtype, 0, loop->loc);
    vloop->extent = tir_int(c->a, v->dtype, full, loop->loc);
    vloop->for_kind = TIR_FOR_SERIAL;
    vloop->body = let;
    gen_stmt(c, vloop);
    /* what is left: one vector of 8 lanes, then of 4, when that many remain
     * (the conditions above hold for any grouping of the iterations) */
    int64_t done = full * width;
    for (int lanes = width / 2; lanes >= 4; lanes /= 2) {
        if (E - done < lanes)
            continue;
        tir_stmt *tail = tir_vectorize_body(c->a, loop->body, v, lanes, tir_int(c->a, v->dtype, done, loop->loc));
        if (!tail)
            break;
        gen_stmt(c, tail);
        done += lanes;
    }
    if (done < E) {
        tir_stmt *rest = tir_stmt_new(c->a, TIR_S_FOR, loop->loc);
        *rest = *loop;
        rest->min = tir_int(c->a, v->dtype, done, loop->loc);
        rest->extent = tir_int(c->a, v->dtype, E - done, loop->loc);
        rest->for_kind = TIR_FOR_UNROLLED; /* the remainder: serial, and not strip-mined again */
        gen_stmt(c, rest);
    }
    return true;
}

/* Two nested reduction loops over one float multiply-accumulate (a
 * convolution's 3x3 window): for a: for b: [lets] [if a == min and b == min
 * (and terms of outer loops): X = c] X += Y * Z, with X fixed and Y and Z
 * affine in a and b, becomes one mac2. */
static bool try_gen_mac2(cg *c, const tir_stmt *outer)
{
    subst *sb = NULL;
    const tir_stmt *inner = skip_lets(c, outer->body, &sb);
    if (inner->kind != TIR_S_FOR || (inner->for_kind != TIR_FOR_SERIAL && inner->for_kind != TIR_FOR_UNROLLED))
        return false;
    const tir_stmt *loops[2] = {outer, inner};
    for (int i = 0; i < 2; i++)
        if (loops[i]->min->kind != TIR_E_INT || loops[i]->extent->kind != TIR_E_INT || loops[i]->extent->ival < 1 ||
            !tir_dt_is_int(loops[i]->var->dtype))
            return false;
    const tir_var *va = outer->var, *vb = inner->var;
    const tir_stmt *st = skip_lets(c, inner->body, &sb);
    const tir_stmt *init;
    tir_expr *init_cond;
    if (!split_init_guard(c, st, sb, loops, 2, &init, &init_cond, &st))
        return false;
    if (st->kind != TIR_S_STORE)
        return false;
    st = substitute_store(c, st, sb);
    const tir_expr *v = st->value;
    tir_vtype vt = tir_dtype_vtype(v->dtype);
    unsigned lanes = v->dtype.lanes;
    if (st->nindices == 0 || (vt != TIR_VT_F32 && vt != TIR_VT_F64) || v->kind != TIR_E_ADD)
        return false;
    const tir_expr *x = v->a, *prod = v->b;
    if (prod->kind != TIR_E_MUL) {
        x = v->b;
        prod = v->a;
    }
    if (prod->kind != TIR_E_MUL || x->kind != TIR_E_LOAD || x->buffer != st->buffer || x->nargs != st->nindices)
        return false;
    for (uint32_t i = 0; i < st->nindices; i++) {
        int64_t ca, cb;
        if (!tir_expr_equal(x->args[i], st->indices[i]) || !tir_linear_coefficient(st->indices[i], va, &ca) ||
            !tir_linear_coefficient(st->indices[i], vb, &cb) || ca != 0 || cb != 0)
            return false;
    }
    const tir_expr *terms[2] = {prod->a, prod->b};
    for (int order = 0; order < 2; order++) {
        const tir_expr *y = terms[order], *z = terms[1 - order];
        if (lanes > 1) {
            if (y->kind != TIR_E_BROADCAST)
                continue;
            y = y->a;
        }
        if (y->kind != TIR_E_LOAD || y->dtype.lanes != 1 || z->kind != TIR_E_LOAD || z->dtype.lanes != lanes)
            continue;
        int xb = storage_of(c, st->buffer), yb = storage_of(c, y->buffer), zb = storage_of(c, z->buffer);
        if (xb < 0 || yb < 0 || zb < 0 || xb == yb || xb == zb)
            return false;
        if (init && !init_sets_accumulator(init, st, lanes))
            return false;
        interval ra = {true, outer->min->ival, 0}, rb = {true, inner->min->ival, 0};
        if (__builtin_add_overflow(outer->min->ival, outer->extent->ival - 1, &ra.hi) ||
            __builtin_add_overflow(inner->min->ival, inner->extent->ival - 1, &rb.hi))
            return false;
        uint32_t mark = c->ntaken;
        bind_var(c, va, ra);
        bind_var(c, vb, rb);
        mac_access X, Ya, Yb, Za, Zb;
        tir_expr xload = *x; /* the stored element, as an access */
        xload.nargs = st->nindices;
        xload.args = st->indices;
        xload.dtype = st->value->dtype;
        if (!mac_access_of(c, &xload, va, lanes, &X) || !mac_access_of(c, y, va, 1, &Ya) ||
            !mac_access_of(c, y, vb, 1, &Yb) || !mac_access_of(c, z, va, lanes, &Za) ||
            !mac_access_of(c, z, vb, lanes, &Zb)) {
            c->nvars -= 2; /* forget the trial bindings */
            return false;
        }
        pin_to_first_iteration(c, c->nvars - 2);
        uint32_t xr = gen_flat_index(c, X.buf, X.idx, X.n, (uint32_t)xb, st->loc);
        gen_guarded_init(c, init, init_cond, true, (uint32_t)xb, xr);
        uint32_t yr = gen_flat_index(c, Ya.buf, Ya.idx, Ya.n, (uint32_t)yb, st->loc);
        uint32_t zr = gen_flat_index(c, Za.buf, Za.idx, Za.n, (uint32_t)zb, st->loc);
        emit(c, vt == TIR_VT_F32 ? TIRBC_OP_MAC2_F32 : TIRBC_OP_MAC2_F64, 13, (uint32_t)xb, xr, (uint32_t)yb, yr,
             const_int(c, TIR_VT_I64, Ya.stride), const_int(c, TIR_VT_I64, Yb.stride), (uint32_t)zb, zr,
             const_int(c, TIR_VT_I64, Za.stride), const_int(c, TIR_VT_I64, Zb.stride),
             const_int(c, TIR_VT_I64, outer->extent->ival), const_int(c, TIR_VT_I64, inner->extent->ival), lanes);
        release_temps(c, mark);
        return true;
    }
    return false;
}

/* Free of loads, calls and integer division: evaluating it cannot fail and
 * has no effect, so how often it is evaluated cannot be observed. */
static bool pure_expr(const tir_expr *e)
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
        if (!pure_expr(e->args[i]))
            return false;
    return pure_expr(e->a) && pure_expr(e->b) && pure_expr(e->c);
}

typedef struct {
    uint32_t idx;   /* in c->vars */
    interval range; /* before narrowing */
} narrowed;

/* Where a condition `var OP k` (or `k OP var`) holds, var's known range
 * shrinks to match; the old range goes to saved for restoring. */
static void narrow_range(cg *c, const tir_expr *t, narrowed *saved, uint32_t *nsaved)
{
    const tir_var *v;
    tir_expr_kind kind;
    int64_t k;
    if (*nsaved >= 8 || !tir_cmp_var_const(t, &v, &kind, &k))
        return;
    uint32_t idx = c->nvars;
    for (uint32_t i = c->nvars; i-- > 0;)
        if (c->vars[i].var == v) {
            idx = i;
            break;
        }
    if (idx == c->nvars || !c->vars[idx].range.known)
        return;
    interval r = c->vars[idx].range;
    switch (kind) {
    case TIR_E_GE: if (k > r.lo) r.lo = k; break;
    case TIR_E_GT: if (k < INT64_MAX && k + 1 > r.lo) r.lo = k + 1; break;
    case TIR_E_LT: if (k > INT64_MIN && k - 1 < r.hi) r.hi = k - 1; break;
    case TIR_E_LE: if (k < r.hi) r.hi = k; break;
    case TIR_E_EQ: if (k >= r.lo && k <= r.hi) r.lo = r.hi = k; break;
    default: return;
    }
    if (r.lo > r.hi)
        return; /* the branch never runs; keep what is known */
    saved[*nsaved].idx = idx;
    saved[*nsaved].range = c->vars[idx].range;
    (*nsaved)++;
    c->vars[idx].range = r;
}

/* for w' in [0, to - from): st with w = w' + from; NULL when empty. */
static tir_stmt *range_loop(cg *c, const tir_stmt *loop, const tir_stmt *st, int64_t from, int64_t to)
{
    if (to <= from)
        return NULL;
    const tir_var *w = loop->var;
    tir_var *nw = tir_var_new(c->a, w->name, w->dtype, loop->loc);
    tir_expr *at = tir_var_ref(c->a, nw, loop->loc);
    if (from != 0)
        at = tir_binary(c->a, TIR_E_ADD, at, tir_int(c->a, w->dtype, from, loop->loc), loop->loc);
    subst sb = {w, at, NULL};
    tir_stmt *n = tir_stmt_new(c->a, TIR_S_FOR, loop->loc);
    n->var = nw;
    n->min = tir_int(c->a, w->dtype, 0, loop->loc);
    n->extent = tir_int(c->a, w->dtype, to - from, loop->loc);
    n->for_kind = TIR_FOR_SERIAL;
    n->body = substitute_store(c, st, &sb);
    return n;
}

/* A guarded copy, as a pad stage writes it:
 *   for w: X[..] = if_then_else(inv and lo <= w and w < hi, T, F)
 * with F a constant, inv free of w, and lo, hi constants, runs as
 *   if inv: (for w in [min, lo): X = F) (for w in [lo, hi): X = T) (for w in [hi, end): X = F)
 *   else:   for w in [min, end): X = F
 * The stores happen in the same order and T is evaluated exactly where the
 * guard held; each range is an ordinary loop the strip-miner vectorizes. */
static bool try_split_guarded(cg *c, const tir_stmt *loop)
{
    const tir_var *w = loop->var;
    if (loop->min->kind != TIR_E_INT || loop->extent->kind != TIR_E_INT || loop->extent->ival < 1 ||
        !tir_dt_is_int(w->dtype) || tir_dt_is_bool(w->dtype))
        return false;
    subst *sb = NULL;
    const tir_stmt *st = skip_lets(c, loop->body, &sb);
    if (st->kind != TIR_S_STORE || st->value->dtype.lanes != 1)
        return false;
    st = substitute_store(c, st, sb);
    const tir_expr *v = st->value;
    if (v->kind != TIR_E_CALL || !v->op || strcmp(v->op, "tir.if_then_else") != 0 || v->nargs != 3 ||
        (v->args[2]->kind != TIR_E_INT && v->args[2]->kind != TIR_E_FLOAT))
        return false;
    int64_t min = loop->min->ival, end, lo, hi;
    if (__builtin_add_overflow(min, loop->extent->ival, &end))
        return false;
    lo = min;
    hi = end;
    tir_expr *terms[8], *inv = NULL;
    uint32_t nterms = 0;
    bool bounded = false;
    if (!and_terms(v->args[0], terms, 8, &nterms))
        return false;
    for (uint32_t i = 0; i < nterms; i++) {
        tir_expr *t = terms[i];
        if (!tir_expr_uses_var(t, w)) {
            if (!pure_expr(t) || t->dtype.lanes != 1)
                return false;
            inv = inv ? tir_binary(c->a, TIR_E_AND, inv, t, t->loc) : t;
            continue;
        }
        const tir_var *tv;
        tir_expr_kind kind;
        int64_t k, k1;
        if (!tir_cmp_var_const(t, &tv, &kind, &k) || tv != w || __builtin_add_overflow(k, 1, &k1))
            return false;
        /* as a bound on w: w >= k, w > k, w < k, w <= k */
        switch (kind) {
        case TIR_E_GE: lo = lo > k ? lo : k; break;
        case TIR_E_GT: lo = lo > k1 ? lo : k1; break;
        case TIR_E_LT: hi = hi < k ? hi : k; break;
        case TIR_E_LE: hi = hi < k1 ? hi : k1; break;
        default: return false;
        }
        bounded = true;
    }
    if (!bounded)
        return false;
    lo = lo < min ? min : lo > end ? end : lo;
    hi = hi < lo ? lo : hi > end ? end : hi;
    tir_stmt *st_t = tir_arena_alloc(c->a, sizeof *st_t), *st_f = tir_arena_alloc(c->a, sizeof *st_f);
    *st_t = *st;
    st_t->value = v->args[1];
    *st_f = *st;
    st_f->value = v->args[2];
    tir_stmt *parts[3], *p;
    uint32_t n = 0;
    if ((p = range_loop(c, loop, st_f, min, lo)))
        parts[n++] = p;
    if ((p = range_loop(c, loop, st_t, lo, hi)))
        parts[n++] = p;
    if ((p = range_loop(c, loop, st_f, hi, end)))
        parts[n++] = p;
    tir_stmt *split = n == 1 ? parts[0] : tir_seq(c->a, parts, n, loop->loc);
    if (!inv) {
        gen_stmt(c, split);
        return true;
    }
    /* if inv: the split ranges, knowing inv's bounds on other variables
     * (so a pad stage's row index h - 1 is known in range); else all F */
    false_jumps to_else = {.n = 0};
    gen_branch_if_false(c, inv, &to_else);
    narrowed saved[8];
    uint32_t nsaved = 0;
    for (uint32_t i = 0; i < nterms; i++)
        if (!tir_expr_uses_var(terms[i], w))
            narrow_range(c, terms[i], saved, &nsaved);
    gen_stmt(c, split);
    while (nsaved-- > 0)
        c->vars[saved[nsaved].idx].range = saved[nsaved].range;
    EMIT1(c, TIRBC_OP_JMP, 0);
    uint32_t to_end = last_word(c);
    patch_false_jumps(c, &to_else, c->ncode);
    gen_stmt(c, range_loop(c, loop, st_f, min, end));
    patch(c, to_end, c->ncode);
    return true;
}

/* ---- break and continue ----------------------------------------------------- */
/* tir.break_loop() / tir.continue_loop() as a statement (what TVMScript's
 * break and continue build); the checker allows them only in serial loops. */
static bool is_loop_exit(const tir_expr *e, bool *is_break)
{
    if (e->kind != TIR_E_CALL || !e->op)
        return false;
    *is_break = strcmp(e->op, "tir.break_loop") == 0;
    return *is_break || strcmp(e->op, "tir.continue_loop") == 0;
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
    c->loop_jumps[c->nloop_jumps++] = (struct loop_jump){c->loop_depth, is_break, last_word(c)};
}

/* Patches the innermost loop's jumps of one kind to target. */
static void patch_loop_jumps(cg *c, bool breaks, uint32_t target)
{
    for (uint32_t i = c->nloop_jumps; i-- > 0 && c->loop_jumps[i].loop == c->loop_depth;)
        if (c->loop_jumps[i].is_break == breaks)
            patch(c, c->loop_jumps[i].word, target);
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
    if (!exits && (s->for_kind == TIR_FOR_SERIAL || s->for_kind == TIR_FOR_UNROLLED) &&
        (try_gen_mac2(c, s) || try_gen_mac(c, s)))
        return;
    if (!exits && s->for_kind == TIR_FOR_SERIAL && (try_split_guarded(c, s) || try_strip_mine(c, s)))
        return;
    tir_vtype vt = vt_of(c, s->var->dtype, s->loc);
    uint32_t mark = c->ntaken;
    uint32_t mn = gen_loop_bound(c, s->min, vt), ext = gen_loop_bound(c, s->extent, vt);
    interval range = unknown();
    interval rm = range_of(c, s->min), re = range_of(c, s->extent);
    if (rm.known && re.known && rm.lo == rm.hi && re.lo == re.hi && re.lo > 0 &&
        !__builtin_add_overflow(rm.lo, re.lo - 1, &range.hi)) {
        range.known = true;
        range.lo = rm.lo;
    }
    uint32_t iv = bind_var(c, s->var, range);
    uint32_t end = new_reg(c, vt);
    /* The extent is evaluated once, as range(min, min + extent) (spec-readings 2). */
    EMIT3(c, typed(c, TIRBC_OP_ADD_BOOL, vt, s->loc), end, mn, ext);
    EMIT2(c, TIRBC_OP_MOV, iv, mn);
    EMIT3(c, typed(c, TIRBC_OP_BRGE_BOOL, vt, s->loc), iv, end, 0);
    uint32_t to_exit = last_word(c);
    release_temps(c, mark);
    /* hoisted values stay taken (not recycled) until the loop is done */
    uint32_t hmark = c->ntaken;
    uint32_t hoist_before = hoist_invariants(c, s->var, s->body);
    uint32_t top = c->ncode;
    c->loop_depth++;
    gen_stmt(c, s->body);
    patch_loop_jumps(c, false, c->ncode); /* continue: to the increment */
    EMIT3(c, typed(c, TIRBC_OP_LOOP_BOOL, vt, s->loc), iv, end, top);
    patch(c, to_exit, c->ncode);
    patch_loop_jumps(c, true, c->ncode);
    end_loop_scope(c);
    c->nhoist = hoist_before;
    release_temps(c, hmark);
}

static void gen_allocate(cg *c, const tir_stmt *s)
{
    /* Spec-readings 9: a false condition skips the body. */
    uint32_t mark = c->ntaken;
    uint32_t skip = 0;
    bool cond_true = s->cond->kind == TIR_E_INT && s->cond->ival == 1;
    if (!cond_true) {
        uint32_t cr = gen_expr(c, s->cond);
        EMIT2(c, TIRBC_OP_BRZ, cr, 0);
        skip = last_word(c);
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
    elem_vt(c, b->dtype, s->loc);
    uint32_t n = const_int(c, TIR_VT_I64, b->dtype.lanes);
    int64_t cn = b->dtype.lanes;
    bool cconst = true;
    uint32_t lowest = 0, nvar = 0; /* the smallest extent computed at run time, and how many there are */
    for (uint32_t i = 0; i < s->nindices; i++) {
        const tir_expr *x = s->indices[i];
        if (cconst && x->kind == TIR_E_INT && x->ival >= 0 && !__builtin_mul_overflow(cn, x->ival, &cn)) {
            n = const_int(c, TIR_VT_I64, cn);
            continue;
        }
        uint32_t t = temp(c, TIR_VT_I64), xv = gen_expr(c, x);
        EMIT3(c, TIRBC_OP_IXMUL, t, cconst ? const_int(c, TIR_VT_I64, cn) : n, xv);
        cconst = false;
        n = t;
        uint32_t w = xv;
        if (c->regtypes[xv].vtype != TIR_VT_I64) {
            w = temp(c, TIR_VT_I64);
            EMIT2(c, TIRBC_OP_EXT_I64, w, xv);
        }
        if (nvar++) {
            uint32_t m = temp(c, TIR_VT_I64);
            EMIT3(c, TIRBC_OP_MIN_I64, m, lowest, w);
            w = m;
        }
        lowest = w;
    }
    /* Two negative extents multiply into a positive size: the allocation
     * gets the negative extent instead, which it reports as a negative size. */
    if (nvar >= 2) {
        uint32_t neg = temp(c, TIR_VT_BOOL), size = temp(c, TIR_VT_I64);
        EMIT3(c, TIRBC_OP_LT_I64, neg, lowest, const_int(c, TIR_VT_I64, 0));
        EMIT4(c, TIRBC_OP_SEL_I64, size, neg, lowest, n);
        n = size;
    }
    if (cond_true && cconst && b->data == s->var && try_promote(c, s, b, cn / b->dtype.lanes)) {
        release_temps(c, mark);
        gen_stmt(c, s->body);
        c->npromoted--;
        return;
    }
    uint32_t vb = add_vmbuf(c, b, TIRBC_BUF_ALLOC);
    c->datas[c->ndatas - 1].bare = b == &tmp;
    EMIT2(c, TIRBC_OP_ALLOC, vb, n);
    release_temps(c, mark);
    gen_stmt(c, s->body);
    EMIT1(c, TIRBC_OP_FREE, vb);
    if (!cond_true)
        patch(c, skip, c->ncode);
}

static void gen_stmt(cg *c, const tir_stmt *s)
{
    if (c->failed || !s)
        return;
    mark_line(c, s->loc);
    uint32_t mark = c->ntaken;
    switch (s->kind) {
    case TIR_S_SEQ:
        for (uint32_t i = 0; i < s->nseq; i++)
            gen_stmt(c, s->seq[i]);
        break;
    case TIR_S_LET: {
        uint32_t value_start = c->ncode;
        uint32_t v = gen_expr(c, s->value);
        if ((s->value->kind == TIR_E_VAR || s->value->kind == TIR_E_INT || s->value->kind == TIR_E_FLOAT) &&
            tir_dt_eq(s->var->dtype, s->value->dtype)) {
            /* Variables never change while in scope, so a let of a variable or a
             * constant can share its register instead of copying it. */
            c->vars = tir_xgrow(c->vars, &c->capvars, c->nvars + 1, sizeof *c->vars);
            c->vars[c->nvars].var = s->var;
            c->vars[c->nvars].reg = v;
            c->vars[c->nvars].range = range_of(c, s->value);
            c->nvars++;
            release_temps(c, mark);
            gen_stmt(c, s->body);
            break;
        }
        uint32_t r = bind_var(c, s->var, range_of(c, s->value));
        if (s->value->dtype.lanes > 1)
            EMIT3(c, typed(c, TIRBC_OP_VMOV_BOOL, elem_vt(c, s->value->dtype, s->loc), s->loc), r, v,
                  s->value->dtype.lanes);
        else
            move_into(c, r, v, value_start, mark);
        release_temps(c, mark);
        gen_stmt(c, s->body);
        break;
    }
    case TIR_S_STORE: {
        /* The value is evaluated before the indices (spec Stmt semantics 5). */
        uint32_t value_start = c->ncode;
        if (s->value->dtype.lanes > 1 && gen_fused_store(c, s))
            break;
        uint32_t v = gen_expr(c, s->value);
        unsigned lanes = s->value->dtype.lanes;
        if (lanes > 1) {
            tir_vtype vt = elem_vt(c, s->value->dtype, s->value->loc);
            uint32_t vb = (uint32_t)vmbuf_of(c, s->buffer, s->loc);
            vaccess va = gen_vaccess(c, s->buffer, s->indices, s->nindices, vb, lanes, s->loc);
            if (va.gather)
                EMIT4(c, typed(c, TIRBC_OP_VSTG_BOOL, vt, s->loc), vb, va.index, v, lanes);
            else
                EMIT5(c, typed(c, TIRBC_OP_VST_BOOL, vt, s->loc), vb, va.base, va.stride, v, lanes);
            break;
        }
        tir_vtype vt = vt_of(c, s->value->dtype, s->value->loc);
        const struct promoted *p = find_promoted(c, s->buffer->data);
        if (p) {
            move_into(c, promoted_reg(c, p, s->buffer, s->indices, s->nindices, s->loc), v, value_start, mark);
            break;
        }
        uint32_t vb = (uint32_t)vmbuf_of(c, s->buffer, s->loc);
        flat_index f = gen_flat(c, s->buffer, s->indices, s->nindices, vb, s->loc);
        if (f.mad)
            EMIT5(c, typed(c, TIRBC_OP_STX_BOOL, vt, s->loc), vb, f.a, f.s, f.b, v);
        else
            EMIT3(c, typed(c, TIRBC_OP_ST_BOOL, vt, s->loc), vb, f.reg, v);
        break;
    }
    case TIR_S_IF: {
        false_jumps to_else = {.n = 0};
        gen_branch_if_false(c, s->cond, &to_else);
        release_temps(c, mark);
        gen_stmt(c, s->body);
        if (s->else_case) {
            EMIT1(c, TIRBC_OP_JMP, 0);
            uint32_t to_end = last_word(c);
            patch_false_jumps(c, &to_else, c->ncode);
            gen_stmt(c, s->else_case);
            patch(c, to_end, c->ncode);
        } else {
            patch_false_jumps(c, &to_else, c->ncode);
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
        gen_expr(c, s->value);
        break;
    }
    case TIR_S_ASSERT: {
        const char *msg = s->message->kind == TIR_E_STR ? s->message->str : "assertion failed";
        if (s->is_runtime_check) {
            EMIT2(c, TIRBC_OP_BRNZ, gen_expr(c, s->cond), 0);
            uint32_t to_ok = last_word(c);
            EMIT1(c, TIRBC_OP_TRAP, add_string(c, msg));
            patch(c, to_ok, c->ncode);
        } else {
            uint32_t cond = gen_expr(c, s->cond);
            EMIT2(c, TIRBC_OP_ASSERT, cond, add_string(c, msg));
        }
        release_temps(c, mark);
        if (s->body)
            gen_stmt(c, s->body);
        break;
    }
    case TIR_S_FOR: gen_for(c, s); break;
    case TIR_S_WHILE: {
        uint32_t top = c->ncode;
        false_jumps to_exit = {.n = 0};
        if (tir_dt_is_bool(s->cond->dtype)) {
            gen_branch_if_false(c, s->cond, &to_exit);
        } else {
            /* an integer condition: loop while it is nonzero */
            uint32_t cond = gen_expr(c, s->cond);
            tir_vtype vt = vt_of(c, s->cond->dtype, s->cond->loc);
            EMIT3(c, typed(c, TIRBC_OP_BREQ_BOOL, vt, s->loc), cond, const_int(c, vt, 0), 0);
            to_exit.holes[to_exit.n++] = last_word(c);
        }
        release_temps(c, mark);
        c->loop_depth++;
        gen_stmt(c, s->body);
        EMIT1(c, TIRBC_OP_JMP, top);
        patch_false_jumps(c, &to_exit, c->ncode);
        patch_loop_jumps(c, false, top);
        patch_loop_jumps(c, true, c->ncode);
        end_loop_scope(c);
        break;
    }
    case TIR_S_ALLOCATE: gen_allocate(c, s); break;
    case TIR_S_REALIZE:
        if (find_data(c, s->buffer->data) < 0 && !find_promoted(c, s->buffer->data)) {
            /* spec Stmt semantics 6.ii: a buffer of the buffer's shape for the body */
            tir_stmt *al = tir_alloc_decl(c->a, s->buffer, s->loc);
            al->body->body = s->body;
            gen_stmt(c, al);
            break;
        }
        gen_stmt(c, s->body); /* memory it has already: bounds only inform code generation */
        break;
    case TIR_S_DECL_BUFFER:
        gen_stmt(c, s->body);
        break;
    case TIR_S_ATTR:
        if (s->attr_key && (strcmp(s->attr_key, "thread_extent") == 0 || strcmp(s->attr_key, "virtual_thread") == 0)) {
            /* Spec Stmt semantics 3.i: run the body for node = 0 .. value-1, in parallel. */
            if (!s->var || !s->value) {
                ERR(c, s->loc, "a %s attribute needs a variable and an extent", s->attr_key);
                break;
            }
            tir_expr *zero = tir_int(c->a, s->var->dtype, 0, s->loc);
            gen_parallel(c, s->var, zero, s->value, s->body, s->loc);
            break;
        }
        gen_stmt(c, s->body);
        break;
    case TIR_S_BLOCK_REALIZE:
        ERR(c, s->loc, "internal error: a block survived lowering");
        break;
    }
    release_temps(c, mark);
}

/* ---- parameters ------------------------------------------------------------ */
static bool dimref(cg *c, const tir_expr *x, tirbc_dimref *out, const char *what, const tir_buffer *b)
{
    if (x->kind == TIR_E_INT) {
        out->kind = TIRBC_DIM_CONST;
        out->value = x->ival;
        return true;
    }
    if (x->kind == TIR_E_VAR) {
        var_slot *s = find_var(c, x->var);
        uint32_t r = s ? s->reg : bind_var(c, x->var, unknown());
        out->kind = TIRBC_DIM_REG;
        out->value = r;
        return true;
    }
    UNSUPPORTED(c, x->loc, "the %s of parameter buffer '%s' must be a constant or a variable", what, b->name);
    return false;
}

static void gen_params(cg *c, tirbc_function *fn)
{
    const tir_func *f = c->func;
    fn->nparams = f->nparams;
    fn->params = tir_xcalloc(f->nparams ? f->nparams : 1, sizeof *fn->params);
    /* Scalar parameters first: a buffer shape may name one (spec PrimFunc 1.i). */
    for (uint32_t i = 0; i < f->nparams; i++) {
        tirbc_param *p = &fn->params[i];
        const tir_buffer *b = f->param_buffers[i];
        p->name = tir_xstrdup(b ? b->name : f->params[i]->name);
        if (b) {
            /* The signature name is the buffer's for `A: T.Buffer(...)`, else the handle's. */
            bool sugar = strlen(f->params[i]->name) == strlen(b->name) + 7 &&
                         strncmp(f->params[i]->name, b->name, strlen(b->name)) == 0 &&
                         strcmp(f->params[i]->name + strlen(b->name), "_handle") == 0;
            if (!sugar) {
                free(p->name);
                p->name = tir_xstrdup(f->params[i]->name);
                p->alias = tir_xstrdup(b->name);
            }
            continue;
        }
        p->kind = TIRBC_PARAM_SCALAR;
        p->dtype = f->params[i]->dtype;
        p->index = bind_var(c, f->params[i], unknown());
    }
    for (uint32_t i = 0; i < f->nparams; i++) {
        const tir_buffer *b = f->param_buffers[i];
        if (!b)
            continue;
        tirbc_param *p = &fn->params[i];
        p->kind = TIRBC_PARAM_BUFFER;
        /* A buffer of vector elements (float32x4) says so in the param's
         * dtype; its storage is lanes consecutive scalars per element. */
        p->dtype = b->dtype.lanes != 1 ? b->dtype : TIR_DT_HANDLE;
        uint32_t vb = add_vmbuf(c, b, TIRBC_BUF_PARAM);
        p->index = vb;
        tirbc_buffer *vbuf = &c->bufs[vb];
        vbuf->ndim = b->ndim;
        vbuf->shape = tir_xcalloc(b->ndim ? b->ndim : 1, sizeof *vbuf->shape);
        for (uint32_t k = 0; k < b->ndim; k++) {
            dimref(c, b->shape[k], &c->bufs[vb].shape[k], "shape", b);
            /* A symbolic extent keeps its variable's name, for tirvm info and messages. */
            if (b->shape[k]->kind == TIR_E_VAR && b->shape[k]->var->name) {
                if (!c->bufs[vb].shape_names)
                    c->bufs[vb].shape_names = tir_xcalloc(b->ndim, sizeof *c->bufs[vb].shape_names);
                if (c->bufs[vb].shape_names)
                    c->bufs[vb].shape_names[k] = tir_xstrdup(b->shape[k]->var->name);
            }
        }
        if (b->nstrides) {
            c->bufs[vb].nstrides = b->nstrides;
            c->bufs[vb].strides = tir_xcalloc(b->nstrides, sizeof(tirbc_dimref));
            for (uint32_t k = 0; k < b->nstrides; k++)
                dimref(c, b->strides[k], &c->bufs[vb].strides[k], "strides", b);
        }
        if (b->elem_offset)
            dimref(c, b->elem_offset, &c->bufs[vb].elem_offset, "elem_offset", b);
    }
}

/* ---- assembling the function ---------------------------------------------- */
/* Prepends the constant-loading prologue (scalar constants, then the
 * constant vectors broadcast from them) and shifts jump targets, lines and
 * buffer-argument constants. */
static void finish(cg *c, tirbc_function *fn)
{
    uint32_t nscalar = 0, plen = 0;
    for (uint32_t i = 0; i < c->nconsts; i++) {
        nscalar += c->consts[i].lanes == 1;
        plen += c->consts[i].lanes == 1 ? 3 : 4;
    }
    uint32_t total = plen + c->ncode;
    uint32_t *code = tir_xmalloc((total ? total : 1) * sizeof *code);
    fn->consts = tir_xcalloc(nscalar + c->nbufargs ? nscalar + c->nbufargs : 1, sizeof *fn->consts);
    for (uint32_t i = 0; i < c->nbufargs; i++)
        fn->consts[nscalar + i] = c->bufargs[i];
    uint32_t at = 0, pool = 0;
    for (uint32_t i = 0; i < c->nconsts; i++) {
        if (c->consts[i].lanes != 1)
            continue;
        fn->consts[pool] = c->consts[i].bits;
        code[at++] = TIRBC_OP_LDK;
        code[at++] = c->consts[i].reg;
        code[at++] = pool++;
    }
    for (uint32_t i = 0; i < c->nconsts; i++) {
        if (c->consts[i].lanes == 1)
            continue;
        code[at++] = (uint32_t)tirbc_op_typed(TIRBC_OP_VBCAST_BOOL, c->consts[i].vt);
        code[at++] = c->consts[i].reg;
        code[at++] = c->consts[i].scalar;
        code[at++] = c->consts[i].lanes;
    }
    for (uint32_t pc = 0; pc < c->ncode;) {
        uint32_t op = c->code[pc];
        const tirbc_opinfo *info = &tirbc_ops[op];
        code[plen + pc] = op;
        for (uint32_t k = 0; k < info->noperands; k++) {
            uint32_t w = c->code[pc + 1 + k];
            const tirbc_operand_info *o = tirbc_op_operand(op, k);
            code[plen + pc + 1 + k] = o->kind == TIRBC_OPK_JUMP ? w + plen : o->check == TIRBC_OPC_BUF_ARGS ? w + nscalar : w;
        }
        pc += 1 + info->noperands;
    }
    for (uint32_t i = 0; i < c->nlines; i++)
        c->lines[i].pc += plen;
    fn->nconsts = nscalar + c->nbufargs;
    fn->code = code;
    fn->ncode = total;
    fn->nregs = c->nregs;
    fn->regtypes = c->regtypes;
    name_storage(c);
    fn->nbuffers = c->nbufs;
    fn->buffers = c->bufs;
    fn->nstrings = c->nstrings;
    fn->strings = c->strings;
    fn->nlines = c->nlines;
    fn->lines = c->lines;
    c->regtypes = NULL;
    c->bufs = NULL;
    c->nbufs = 0;
    c->strings = NULL;
    c->nstrings = 0;
    c->lines = NULL;
}

static void cg_free(cg *c)
{
    free(c->code);
    free(c->regtypes);
    for (uint32_t i = 0; i < c->nbufs; i++) {
        free(c->bufs[i].name);
        free(c->bufs[i].shape);
        free(c->bufs[i].strides);
        for (uint32_t k = 0; c->bufs[i].shape_names && k < c->bufs[i].ndim; k++)
            free(c->bufs[i].shape_names[k]);
        free(c->bufs[i].shape_names);
    }
    free(c->bufs);
    for (uint32_t i = 0; i < c->nstrings; i++)
        free(c->strings[i]);
    free(c->strings);
    free(c->lines);
    free(c->vars);
    free(c->datas);
    free(c->consts);
    for (int i = 0; i < TIR_VT_COUNT; i++)
        free(c->free_regs[i]);
    free(c->taken);
    free(c->hoist);
    free(c->promoted);
    free(c->loop_jumps);
    free(c->bufargs);
}

static bool gen_function(tir_arena *a, tir_diag *d, const tir_module *m, const tir_func *f, tirbc_function *fn)
{
    cg c;
    memset(&c, 0, sizeof c);
    c.a = a;
    c.d = d;
    c.mod = m;
    c.func = f;
    memset(fn, 0, sizeof *fn);
    fn->name = tir_xstrdup(f->name);
    fn->ret_dtype = f->has_ret_type ? f->ret_dtype : TIR_DT_VOID;
    if (f->has_ret_type && !tir_dt_is_void(f->ret_dtype))
        vt_of(&c, f->ret_dtype, f->loc);
    gen_params(&c, fn);
    gen_stmt(&c, f->body);
    EMIT0(&c, TIRBC_OP_RET);
    if (!c.failed)
        finish(&c, fn);
    cg_free(&c);
    return !c.failed;
}

tirbc_module *tir_codegen_module(tir_arena *a, tir_diag *d, const tir_module *m, const char *source_name)
{
    tirbc_module *out = tir_xcalloc(1, sizeof *out);
    out->version = TIRBC_FORMAT_VERSION;
    out->source = source_name ? tir_xstrdup(source_name) : NULL;
    out->funcs = tir_xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *out->funcs);
    bool ok = true;
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        ok &= gen_function(a, d, m, m->funcs[i], &out->funcs[i]);
        out->nfuncs = i + 1;
    }
    if (!ok) {
        tirbc_module_free(out);
        return NULL;
    }
    return out;
}
