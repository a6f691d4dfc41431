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
#include "codegen_internal.h"

/* ---- parameters ------------------------------------------------------------ */
static bool dimref(cg *c, const tir_expr *x, tirbc_dimref *out, const char *what, const tir_buffer *b)
{
    if (x->kind == TIR_E_INT) {
        out->kind = TIRBC_DIM_CONST;
        out->value = x->ival;
        return true;
    }
    if (x->kind == TIR_E_VAR) {
        var_slot *s = cg_find_var(c, x->var);
        uint32_t r = s ? s->reg : cg_bind_var(c, x->var, tir_range_unknown());
        out->kind = TIRBC_DIM_REG;
        out->value = r;
        return true;
    }
    UNSUPPORTED(c, x->loc, "the %s of parameter buffer '%s' must be a constant or a variable", what, b->name);
    return false;
}

static bool is_weight(const tir_func *f, uint32_t i) { return f->param_weights && f->param_weights[i]; }

/* A param bound to a weight: a weight buffer, of constant shape. */
static void gen_weight(cg *c, const tir_buffer *b, const tir_weight *w)
{
    uint32_t vb = cg_add_vmbuf(c, b, TIRBC_BUF_WEIGHT);
    tirbc_buffer *vbuf = &c->bufs[vb];
    vbuf->weight = w->index;
    vbuf->ndim = b->ndim;
    vbuf->shape = tir_xcalloc(b->ndim ? b->ndim : 1, sizeof *vbuf->shape);
    for (uint32_t k = 0; k < b->ndim; k++) {
        if (b->shape[k]->kind != TIR_E_INT) {
            UNSUPPORTED(c, b->shape[k]->loc, "weight '%s' has a symbolic shape", b->name);
            return;
        }
        vbuf->shape[k] = (tirbc_dimref){TIRBC_DIM_CONST, b->shape[k]->ival};
    }
}

static void gen_params(cg *c, tirbc_function *fn)
{
    const tir_func *f = c->func;
    fn->params = tir_xcalloc(f->nparams ? f->nparams : 1, sizeof *fn->params);
    /* Scalar parameters first: a buffer shape may name one (spec PrimFunc 1.i). */
    for (uint32_t i = 0; i < f->nparams; i++) {
        if (is_weight(f, i))
            continue;
        tirbc_param *p = &fn->params[fn->nparams++];
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
        p->index = cg_bind_var(c, f->params[i], tir_range_unknown());
    }
    for (uint32_t i = 0, np = 0; i < f->nparams; i++) {
        const tir_buffer *b = f->param_buffers[i];
        if (is_weight(f, i)) {
            gen_weight(c, b, f->param_weights[i]);
            continue;
        }
        tirbc_param *p = &fn->params[np++];
        if (!b)
            continue;
        p->kind = TIRBC_PARAM_BUFFER;
        /* A buffer of vector elements (float32x4) says so in the param's
         * dtype; its storage is lanes consecutive scalars per element. */
        p->dtype = b->dtype.lanes != 1 ? b->dtype : TIR_DT_HANDLE;
        uint32_t vb = cg_add_vmbuf(c, b, TIRBC_BUF_PARAM);
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
    cg_name_storage(c);
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
    free(c->assumed);
    free(c->datas);
    free(c->consts);
    for (int i = 0; i < TIR_VT_COUNT; i++)
        free(c->free_regs[i]);
    free(c->taken);
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
        cg_vt_of(&c, f->ret_dtype, f->loc);
    gen_params(&c, fn);
    cg_gen_stmt(&c, f->body);
    EMIT0(&c, TIRBC_OP_RET);
    if (!c.failed)
        finish(&c, fn);
    cg_free(&c);
    return !c.failed;
}

/* Every weight a function's params are bound to, once each, in the order
 * first met, at offsets aligned for vector loads. */
static void gen_weight_section(const tir_module *m, tirbc_module *out)
{
    uint32_t n = 0;
    uint64_t bytes = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < m->nfuncs; i++) {
            const tir_func *f = m->funcs[i];
            for (uint32_t k = 0; k < f->nparams; k++) {
                tir_weight *w = is_weight(f, k) ? f->param_weights[k] : NULL;
                if (!w)
                    continue;
                if (pass == 0) {
                    w->index = UINT32_MAX;
                    continue;
                }
                if (w->index != UINT32_MAX)
                    continue;
                w->index = n;
                out->weights = tir_xrealloc(out->weights, ((size_t)n + 1) * sizeof *out->weights);
                bytes = (bytes + TIRBC_WEIGHT_ALIGN - 1) / TIRBC_WEIGHT_ALIGN * TIRBC_WEIGHT_ALIGN;
                out->weights[n++] = (tirbc_weight){bytes, w->nbytes};
                bytes += w->nbytes;
            }
        }
    }
    out->nweights = n;
    out->weight_bytes = bytes;
    if (!n)
        return;
    size_t rounded = (size_t)((bytes + TIRBC_WEIGHT_ALIGN - 1) / TIRBC_WEIGHT_ALIGN * TIRBC_WEIGHT_ALIGN);
    out->weight_owner = out->weight_data = tir_xaligned(TIRBC_WEIGHT_ALIGN, rounded ? rounded : TIRBC_WEIGHT_ALIGN);
    memset(out->weight_data, 0, rounded);
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        const tir_func *f = m->funcs[i];
        for (uint32_t k = 0; k < f->nparams; k++)
            if (is_weight(f, k) && f->param_weights[k]->nbytes)
                memcpy(out->weight_data + out->weights[f->param_weights[k]->index].offset, f->param_weights[k]->data,
                       (size_t)f->param_weights[k]->nbytes);
    }
}

tirbc_module *tir_codegen_module(tir_arena *a, tir_diag *d, const tir_module *m, const char *source_name)
{
    tirbc_module *out = tir_xcalloc(1, sizeof *out);
    out->version = TIRBC_FORMAT_VERSION;
    out->source = source_name ? tir_xstrdup(source_name) : NULL;
    out->funcs = tir_xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *out->funcs);
    gen_weight_section(m, out);
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

