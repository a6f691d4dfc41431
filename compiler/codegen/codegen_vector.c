/* Codegen: instruction selection for vector expressions: lane-wise
 * operations, strided and gathered accesses, shuffles, and the fused vector
 * instructions that read and write buffer ranges in place. */
#include "codegen_internal.h"

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
    vaccess ev = cg_gen_vaccess(c, &scalar_elements, idx, n, vb, k, loc);
    va.index = cg_new_vreg(c, TIR_VT_I64, lanes);
    uint32_t elem = cg_temp(c, TIR_VT_I64), step = cg_temp(c, TIR_VT_I64), lane = cg_temp(c, TIR_VT_I64);
    for (unsigned j = 0; j < k; j++) {
        if (ev.gather) {
            EMIT4(c, cg_typed(c, TIRBC_OP_VGET_BOOL, TIR_VT_I64, loc), elem, ev.index, k, j);
        } else {
            EMIT3(c, TIRBC_OP_IXMUL, step, ev.stride, cg_const_int(c, TIR_VT_I64, j));
            EMIT3(c, TIRBC_OP_IXADD, elem, ev.base, step);
        }
        EMIT3(c, TIRBC_OP_IXMUL, elem, elem, cg_const_int(c, TIR_VT_I64, m));
        for (unsigned t = 0; t < m; t++) {
            EMIT3(c, TIRBC_OP_IXADD, lane, elem, cg_const_int(c, TIR_VT_I64, t));
            EMIT4(c, cg_typed(c, TIRBC_OP_VSET_BOOL, TIR_VT_I64, loc), va.index, lane, lanes, j * m + t);
        }
    }
    return va;
}

vaccess cg_gen_vaccess(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vb, unsigned lanes,
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
        uint32_t flat = cg_gen_flat_index(c, b, idx, n, vb, loc);
        va.base = cg_temp(c, TIR_VT_I64);
        EMIT3(c, TIRBC_OP_IXMUL, va.base, flat, cg_const_int(c, TIR_VT_I64, lanes));
        va.stride = cg_const_int(c, TIR_VT_I64, 1);
        return va;
    }
    tir_expr *last = idx[n - 1];
    tir_expr **scalar_idx = tir_arena_alloc(c->a, n * sizeof *scalar_idx);
    memcpy(scalar_idx, idx, n * sizeof *scalar_idx);
    if (last->kind == TIR_E_RAMP) {
        /* Spec-readings 13: check the first and the last lane against the last dimension. */
        scalar_idx[n - 1] = last->a;
        va.base = cg_gen_flat_index(c, b, scalar_idx, n, vb, loc);
        tir_expr *span = tir_binary(c->a, TIR_E_MUL, last->b, tir_int(c->a, last->b->dtype, lanes - 1, loc), loc);
        tir_expr *last_lane = tir_binary(c->a, TIR_E_ADD, last->a, span, loc);
        interval r = cg_range_of(c, last_lane);
        const tir_expr *ext = b->shape[n - 1];
        if (!(r.known && r.lo >= 0 && ext->kind == TIR_E_INT && r.hi < ext->ival))
            EMIT4(c, TIRBC_OP_CHKIDX, cg_gen_expr(c, last_lane), cg_extent_reg(c, ext), vb, n - 1);
        va.stride = cg_gen_expr(c, last->b);
        if (b->nstrides) {
            uint32_t t = cg_temp(c, TIR_VT_I64);
            EMIT3(c, TIRBC_OP_IXMUL, t, va.stride, cg_extent_reg(c, b->strides[n - 1]));
            va.stride = t;
        }
        return va;
    }
    /* Gather/scatter: the flat offset of every lane as an i64 vector. */
    va.gather = true;
    uint32_t iv = cg_gen_expr(c, last);
    tir_vtype ivt = cg_elem_vt(c, last->dtype, loc);
    if (ivt != TIR_VT_I64) {
        uint32_t t = cg_new_vreg(c, TIR_VT_I64, lanes);
        EMIT4(c, TIRBC_OP_VCAST_I64, t, iv, lanes, ivt);
        iv = t;
    }
    if (b->nstrides) {
        uint32_t s = cg_new_vreg(c, TIR_VT_I64, lanes), t = cg_new_vreg(c, TIR_VT_I64, lanes);
        uint32_t sr = cg_extent_reg(c, b->strides[n - 1]);
        if (c->regtypes[sr].vtype != TIR_VT_I64) {
            uint32_t w = cg_temp(c, TIR_VT_I64);
            EMIT2(c, TIRBC_OP_EXT_I64, w, sr);
            sr = w;
        }
        EMIT3(c, TIRBC_OP_VBCAST_I64, s, sr, lanes);
        EMIT4(c, TIRBC_OP_VMUL_I64, t, iv, s, lanes);
        iv = t;
    }
    if (n > 1) {
        scalar_idx[n - 1] = tir_int(c->a, tir_dt_with_lanes(last->dtype, 1), 0, loc);
        uint32_t prefix = cg_gen_flat_index(c, b, scalar_idx, n, vb, loc);
        if (c->regtypes[prefix].vtype != TIR_VT_I64) {
            uint32_t w = cg_temp(c, TIR_VT_I64);
            EMIT2(c, TIRBC_OP_EXT_I64, w, prefix);
            prefix = w;
        }
        uint32_t s = cg_new_vreg(c, TIR_VT_I64, lanes), t = cg_new_vreg(c, TIR_VT_I64, lanes);
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
uint32_t cg_gen_shuffle(cg *c, const tir_expr *e)
{
    tir_vtype vt = cg_elem_vt(c, e->dtype, e->loc);
    unsigned lanes = e->dtype.lanes;
    uint32_t *src = tir_xmalloc((e->nargs ? e->nargs : 1) * sizeof *src);
    for (uint32_t k = 0; k < e->nargs; k++)
        src[k] = cg_gen_expr(c, e->args[k]);
    uint32_t dst = lanes > 1 ? cg_new_vreg(c, vt, lanes) : cg_temp(c, vt);
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
            lane = cg_temp(c, vt);
            EMIT4(c, cg_typed(c, TIRBC_OP_VGET_BOOL, vt, ix->loc), lane, src[k], kl, (uint32_t)(want - base));
        }
        if (lanes > 1)
            EMIT4(c, cg_typed(c, TIRBC_OP_VSET_BOOL, vt, ix->loc), dst, lane, lanes, i);
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
        s.reg = cg_gen_expr(c, e);
        return s;
    }
    tir_vtype vt = cg_elem_vt(c, e->dtype, e->loc);
    unsigned lanes = e->dtype.lanes;
    const struct promoted *p = cg_find_promoted(c, e->buffer->data);
    if (p) { /* constant indices: every lane reads the same element */
        s.reg = cg_new_vreg(c, vt, lanes);
        EMIT3(c, cg_typed(c, TIRBC_OP_VBCAST_BOOL, vt, e->loc), s.reg,
              cg_promoted_reg(c, p, e->buffer, e->args, e->nargs, e->loc), lanes);
        return s;
    }
    s.buf = (uint32_t)cg_vmbuf_of(c, e->buffer, e->loc);
    vaccess va = cg_gen_vaccess(c, e->buffer, e->args, e->nargs, s.buf, lanes, e->loc);
    if (va.gather) {
        s.reg = cg_new_vreg(c, vt, lanes);
        EMIT4(c, cg_typed(c, TIRBC_OP_VLDG_BOOL, vt, e->loc), s.reg, s.buf, va.index, lanes);
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
    uint32_t d = cg_new_vreg(c, vt, lanes);
    EMIT5(c, cg_typed(c, TIRBC_OP_VLD_BOOL, vt, loc), d, s.buf, s.base, s.stride, lanes);
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
    cg_emit_words(c, cg_typed(c, family, vt, loc), w, (int)n);
}

/* a op b into a new register: the register instruction, or a fused one
 * when a source is a buffer range. */
static uint32_t emit_binary_to_register(cg *c, int lane_op, tir_vtype vt, vsource a, vsource b, unsigned lanes,
                                        tir_loc loc)
{
    uint32_t d = cg_new_vreg(c, vt, lanes);
    if (a.in_memory || b.in_memory)
        emit_fused(c, lane_op, vt, -1, d, 0, 0, a, b, lanes, loc);
    else
        EMIT4(c, lane_op, d, a.reg, b.reg, lanes);
    return d;
}

/* A vector load that gen_vsource reads in place: a Ramp into a buffer of
 * scalar elements that is not kept in registers. */
static bool loads_range(cg *c, const tir_expr *e)
{
    return e->kind == TIR_E_LOAD && e->buffer->dtype.lanes == 1 && e->nargs > 0 &&
           e->args[e->nargs - 1]->kind == TIR_E_RAMP && !cg_find_promoted(c, e->buffer->data);
}

/* The parts of a multiply-add x*y + z (or z + x*y) that one vmadd* can
 * compute: x and z ranges, y a range or the broadcast of a scalar, of a
 * kind with multiply-add forms.  Multiplication commutes, so x is the range
 * factor whichever side it is on. */
typedef struct {
    const tir_expr *x, *y, *z;
    bool y_scalar;
    bool z_first, x_first; /* z is the add's first operand; x the product's */
} madd_parts;

static bool match_madd(cg *c, const tir_expr *e, tir_vtype vt, madd_parts *mp)
{
    if (e->kind != TIR_E_ADD || e->dtype.lanes > TIRBC_MAX_LANES || tirbc_op_typed(TIRBC_OP_VMADD_I32, vt) < 0)
        return false;
    mp->z_first = e->a->kind != TIR_E_MUL;
    const tir_expr *m = mp->z_first ? e->b : e->a;
    mp->z = mp->z_first ? e->a : e->b;
    if (m->kind != TIR_E_MUL || !loads_range(c, mp->z))
        return false;
    mp->x_first = loads_range(c, m->a);
    mp->x = mp->x_first ? m->a : m->b;
    mp->y = mp->x_first ? m->b : m->a;
    if (!loads_range(c, mp->x))
        return false;
    mp->y_scalar = !loads_range(c, mp->y);
    return !mp->y_scalar || cg_broadcast_of(c, mp->y);
}

/* The sources of the multiply-add mp, their indices computed in the
 * expression's order (the instruction then checks the ranges: x, y, z, and
 * the destination). */
typedef struct {
    vsource x, y, z;
    uint32_t scalar; /* y's scalar when y_scalar */
} madd_sources;

static madd_sources gen_madd_sources(cg *c, const madd_parts *mp)
{
    madd_sources ms = {{0}, {0}, {0}, 0};
    if (mp->z_first)
        ms.z = gen_vsource(c, mp->z);
    for (int k = 0; k < 2; k++) {
        if ((k == 0) == mp->x_first)
            ms.x = gen_vsource(c, mp->x);
        else if (mp->y_scalar)
            ms.scalar = cg_gen_expr(c, cg_broadcast_of(c, mp->y)->a);
        else
            ms.y = gen_vsource(c, mp->y);
    }
    if (!mp->z_first)
        ms.z = gen_vsource(c, mp->z);
    return ms;
}

/* An epilogue (x*y + z) op s of a multiply-add stored to memory: op a
 * fused lane operation (lane_op < 0: none), s a scalar register. */
typedef struct {
    int lane_op;
    uint32_t scalar;
} madd_epilogue;

static const madd_epilogue no_epilogue = {-1, 0};

/* Emits x*y + z into a new register (dst_buf < 0, returned) or into the
 * range dst_buf[base + i*stride], then (into memory) the epilogue ep. */
static uint32_t emit_madd(cg *c, const madd_parts *mp, const madd_sources *ms, madd_epilogue ep, tir_vtype vt,
                          unsigned lanes, int64_t dst_buf, uint32_t base, uint32_t stride, tir_loc loc)
{
    uint32_t w[TIRBC_MAX_OPERANDS], n = 0, d = 0;
    if (dst_buf < 0) {
        d = cg_new_vreg(c, vt, lanes);
        w[n++] = d;
    } else {
        w[n++] = (uint32_t)dst_buf;
        w[n++] = base;
        w[n++] = stride;
    }
    n = put_vsource(w, n, ms->x);
    if (mp->y_scalar)
        w[n++] = ms->scalar;
    else
        n = put_vsource(w, n, ms->y);
    n = put_vsource(w, n, ms->z);
    bool epilogue = dst_buf >= 0 && ep.lane_op >= 0;
    if (epilogue) {
        w[n++] = (uint32_t)ep.lane_op;
        w[n++] = ep.scalar;
    }
    w[n++] = lanes;
    static const tirbc_opcode forms[3][2] = {{TIRBC_OP_VMADD_I32, TIRBC_OP_VMADDS_I32},
                                             {TIRBC_OP_VMADDST_I32, TIRBC_OP_VMADDSST_I32},
                                             {TIRBC_OP_VMADDOPST_I32, TIRBC_OP_VMADDSOPST_I32}};
    cg_emit_words(c, cg_typed(c, forms[epilogue ? 2 : dst_buf >= 0][mp->y_scalar], vt, loc), w, (int)n);
    return d;
}

/* (x*y + z) op s, with x*y + z a multiply-add, op a fused lane operation
 * and s the broadcast of a scalar that cannot trap (so computing it before
 * the instruction checks the ranges changes nothing): a bias and an
 * activation, max(A*B + bias, 0). */
static bool match_madd_epilogue(cg *c, const tir_expr *v, tir_vtype vt, madd_parts *mp, int *lane_op)
{
    const tir_expr *bcast = tir_is_binary(v->kind) ? cg_broadcast_of(c, v->b) : NULL;
    if (!bcast || !tir_expr_harmless(bcast->a))
        return false;
    *lane_op = fused_lane_op(v->kind, vt);
    return *lane_op >= 0 && tirbc_op_typed(TIRBC_OP_VMADDOPST_I32, vt) >= 0 && match_madd(c, v->a, vt, mp);
}

/* A binary vector expression: a register instruction, or a fused one when
 * an operand is a buffer range. */
static uint32_t gen_vector_binary(cg *c, const tir_expr *e)
{
    unsigned lanes = e->dtype.lanes;
    tir_vtype ot = cg_elem_vt(c, e->a->dtype, e->loc);
    madd_parts mp;
    if (match_madd(c, e, ot, &mp)) {
        madd_sources ms = gen_madd_sources(c, &mp);
        return emit_madd(c, &mp, &ms, no_epilogue, ot, lanes, -1, 0, 0, e->loc);
    }
    int lane_op = tir_is_binary(e->kind) ? fused_lane_op(e->kind, ot) : -1;
    if (lane_op >= 0) {
        vsource a = gen_vsource(c, e->a), b = gen_vsource(c, e->b);
        return emit_binary_to_register(c, lane_op, ot, a, b, lanes, e->loc);
    }
    uint32_t a = cg_gen_expr(c, e->a), b = cg_gen_expr(c, e->b);
    uint32_t d = cg_new_vreg(c, tir_is_cmp(e->kind) ? TIR_VT_BOOL : ot, lanes);
    EMIT4(c, cg_typed(c, vector_family(e->kind), ot, e->loc), d, a, b, lanes);
    return d;
}

/* A vector store of a binary expression (or a multiply-add) straight from
 * its sources, when a fused instruction can apply it and computing the
 * destination's indices cannot fail (so checking the sources after them
 * changes nothing); a gathered destination takes the result from a register. */
bool cg_gen_fused_store(cg *c, const tir_stmt *s)
{
    const tir_expr *v = s->value;
    if (!tir_is_binary(v->kind) || s->buffer->dtype.lanes != 1 || cg_find_promoted(c, s->buffer->data))
        return false;
    for (uint32_t i = 0; i < s->nindices; i++)
        if (!tir_expr_harmless(s->indices[i]))
            return false;
    tir_vtype vt = cg_elem_vt(c, v->dtype, v->loc);
    unsigned lanes = v->dtype.lanes;
    madd_parts mp;
    madd_epilogue ep = no_epilogue;
    bool madd = match_madd_epilogue(c, v, vt, &mp, &ep.lane_op) || match_madd(c, v, vt, &mp);
    int lane_op = madd ? -1 : fused_lane_op(v->kind, vt);
    if (!madd && lane_op < 0)
        return false;
    madd_sources ms = {{0}, {0}, {0}, 0};
    vsource a = {0}, b = {0};
    if (madd) {
        ms = gen_madd_sources(c, &mp);
        if (ep.lane_op >= 0)
            ep.scalar = cg_gen_expr(c, cg_broadcast_of(c, v->b)->a);
    } else {
        a = gen_vsource(c, v->a);
        b = gen_vsource(c, v->b);
    }
    uint32_t vb = (uint32_t)cg_vmbuf_of(c, s->buffer, s->loc);
    vaccess va = cg_gen_vaccess(c, s->buffer, s->indices, s->nindices, vb, lanes, s->loc);
    if (va.gather) {
        uint32_t d = madd ? emit_madd(c, &mp, &ms, no_epilogue, vt, lanes, -1, 0, 0, v->loc)
                          : emit_binary_to_register(c, lane_op, vt, a, b, lanes, v->loc);
        if (ep.lane_op >= 0) { /* the epilogue as its own instruction */
            uint32_t e = cg_new_vreg(c, vt, lanes), r = cg_new_vreg(c, vt, lanes);
            EMIT3(c, cg_typed(c, TIRBC_OP_VBCAST_BOOL, vt, v->loc), e, ep.scalar, lanes);
            EMIT4(c, ep.lane_op, r, d, e, lanes);
            d = r;
        }
        EMIT4(c, cg_typed(c, TIRBC_OP_VSTG_BOOL, vt, s->loc), vb, va.index, d, lanes);
    } else if (madd) {
        emit_madd(c, &mp, &ms, ep, vt, lanes, vb, va.base, va.stride, s->loc);
    } else {
        emit_fused(c, lane_op, vt, vb, 0, va.base, va.stride, a, b, lanes, s->loc);
    }
    return true;
}

uint32_t cg_gen_vector(cg *c, const tir_expr *e)
{
    tir_vtype vt = cg_elem_vt(c, e->dtype, e->loc);
    unsigned lanes = e->dtype.lanes;
    if (c->failed)
        return 0;
    switch (e->kind) {
    case TIR_E_VAR: return cg_var_reg(c, e);
    case TIR_E_BROADCAST: {
        uint32_t v = cg_gen_expr(c, e->a);
        if (e->a->kind == TIR_E_INT || e->a->kind == TIR_E_FLOAT) {
            uint32_t k = cg_const_vector(c, vt, v, lanes);
            if (k != UINT32_MAX)
                return k;
        }
        uint32_t d = cg_new_vreg(c, vt, lanes);
        EMIT3(c, cg_typed(c, TIRBC_OP_VBCAST_BOOL, vt, e->loc), d, v, lanes);
        return d;
    }
    case TIR_E_RAMP: {
        uint32_t base = cg_gen_expr(c, e->a), stride = cg_gen_expr(c, e->b), d = cg_new_vreg(c, vt, lanes);
        EMIT4(c, cg_typed(c, TIRBC_OP_VRAMP_BOOL, vt, e->loc), d, base, stride, lanes);
        return d;
    }
    case TIR_E_CAST: {
        uint32_t src = cg_gen_expr(c, e->a);
        tir_vtype from = cg_elem_vt(c, e->a->dtype, e->a->loc);
        if (from == vt)
            return src;
        uint32_t d = cg_new_vreg(c, vt, lanes);
        EMIT4(c, cg_typed(c, TIRBC_OP_VCAST_BOOL, vt, e->loc), d, src, lanes, from);
        return d;
    }
    case TIR_E_SELECT: {
        uint32_t cond = cg_gen_expr(c, e->a);
        if (e->a->dtype.lanes == 1) {
            uint32_t cv = cg_new_vreg(c, TIR_VT_BOOL, lanes);
            EMIT3(c, TIRBC_OP_VBCAST_BOOL, cv, cond, lanes);
            cond = cv;
        }
        uint32_t t = cg_gen_expr(c, e->b), f = cg_gen_expr(c, e->c), d = cg_new_vreg(c, vt, lanes);
        EMIT5(c, cg_typed(c, TIRBC_OP_VSEL_BOOL, vt, e->loc), d, cond, t, f, lanes);
        return d;
    }
    case TIR_E_AND:
    case TIR_E_OR: {
        uint32_t a = cg_gen_expr(c, e->a), b = cg_gen_expr(c, e->b), d = cg_new_vreg(c, TIR_VT_BOOL, lanes);
        EMIT4(c, e->kind == TIR_E_AND ? TIRBC_OP_VAND : TIRBC_OP_VOR, d, a, b, lanes);
        return d;
    }
    case TIR_E_NOT: {
        uint32_t a = cg_gen_expr(c, e->a), d = cg_new_vreg(c, TIR_VT_BOOL, lanes);
        EMIT3(c, TIRBC_OP_VNOT, d, a, lanes);
        return d;
    }
    case TIR_E_LET: {
        uint32_t v = cg_gen_expr(c, e->a);
        uint32_t r = cg_bind_var(c, e->var, tir_range_unknown());
        EMIT3(c, cg_typed(c, TIRBC_OP_VMOV_BOOL, cg_elem_vt(c, e->a->dtype, e->loc), e->loc), r, v, e->a->dtype.lanes);
        return cg_gen_expr(c, e->b);
    }
    case TIR_E_LOAD:
        return vsource_reg(c, gen_vsource(c, e), vt, lanes, e->loc);
    case TIR_E_SHUFFLE:
        return cg_gen_shuffle(c, e);
    case TIR_E_CALL: {
        if (e->intrin == TIR_I_IF_THEN_ELSE && e->nargs == 3)
            return cg_gen_branchy(c, e);
        if (e->intrin == TIR_I_LIKELY && e->nargs == 1)
            return cg_gen_expr(c, e->args[0]);
        if (vt == TIR_VT_BOOL && (e->intrin == TIR_I_BITWISE_AND || e->intrin == TIR_I_BITWISE_OR) && e->nargs == 2) {
            /* bool lanes: and/or are lane-wise logic */
            uint32_t a = cg_gen_expr(c, e->args[0]), b = cg_gen_expr(c, e->args[1]);
            uint32_t d = cg_new_vreg(c, TIR_VT_BOOL, lanes);
            EMIT4(c, e->intrin == TIR_I_BITWISE_AND ? TIRBC_OP_VAND : TIRBC_OP_VOR, d, a, b, lanes);
            return d;
        }
        if (vt == TIR_VT_BOOL && e->intrin == TIR_I_BITWISE_NOT && e->nargs == 1) {
            uint32_t a = cg_gen_expr(c, e->args[0]), d = cg_new_vreg(c, TIR_VT_BOOL, lanes);
            EMIT3(c, TIRBC_OP_VNOT, d, a, lanes);
            return d;
        }
        const tir_builtin *bi = tir_builtin_find(e->op);
        tirbc_opcode vbit = bi ? vector_bit_family(bi->family) : TIRBC_OP_COUNT;
        if (vbit != TIRBC_OP_COUNT && e->nargs == (uint32_t)bi->nargs) {
            uint32_t a = cg_gen_expr(c, e->args[0]);
            uint32_t b = bi->nargs == 2 ? cg_gen_expr(c, e->args[1]) : 0;
            uint32_t d = cg_new_vreg(c, vt, lanes);
            if (bi->nargs == 1)
                EMIT3(c, cg_typed(c, vbit, vt, e->loc), d, a, lanes);
            else
                EMIT4(c, cg_typed(c, vbit, vt, e->loc), d, a, b, lanes);
            return d;
        }
        if (bi && bi->args == BUILTIN_FLOAT && !bi->returns_bool && e->nargs == (uint32_t)bi->nargs) {
            uint32_t a = cg_gen_expr(c, e->args[0]);
            uint32_t b = bi->nargs == 2 ? cg_gen_expr(c, e->args[1]) : 0;
            int fn = cg_typed(c, bi->family, vt, e->loc);
            uint32_t d = cg_new_vreg(c, vt, lanes);
            if (bi->nargs == 1)
                EMIT4(c, cg_typed(c, TIRBC_OP_VMATH1_F32, vt, e->loc), d, a, lanes, fn);
            else
                EMIT5(c, cg_typed(c, TIRBC_OP_VMATH2_F32, vt, e->loc), d, a, b, lanes, fn);
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
