/* Proves a module safe to interpret: the VM trusts everything checked here
 * and does no structural checks of its own. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msgpack_util.h"
#include "opcodes.h"
#include "tirbc.h"

/* What a call's arguments must match, per function: the value kind of each
 * scalar parameter's register and of each buffer parameter's elements, in
 * parameter order, so that a call's arguments are checked with two memcmp
 * (a callee of many parameters called from many sites stays cheap). */
typedef struct {
    uint32_t nscalar, nbuf;
    const uint8_t *scalar_vt, *buf_vt;
} call_sig;

typedef struct {
    char *err;
    size_t err_len;
    const tirbc_function *f; /* the function being checked, for messages */
    const tirbc_module *m;   /* for call targets */
    call_sig *sigs;          /* per function of m, once every header is proven */
    uint8_t *sig_bytes;
    /* The function being checked, as calls see it (made at its first
     * call): each register's kind if it is a scalar, and the element kind
     * of the buffer each constant names; VT_BAD where there is none. */
    const tirbc_function *sym_of;
    uint8_t *reg_sym, *const_sym;
} verifier;

#define VT_BAD 0xffu /* never a kind a parameter has */

typedef enum {
#define RULE(id, name, scope, what) R_##id,
#include "verify_rules.def"
#undef RULE
    R_NONE /* not a rule: the verifier itself failed (out of memory) */
} verify_rule;

static const char *const rule_names[] = {
#define RULE(id, name, scope, what) name,
#include "verify_rules.def"
#undef RULE
};
/* Each rule's text compiles here, so a limit it spells (TIRBC_SPELL) is
 * the one its check uses. */
#define RULE(id, name, scope, what) _Static_assert(sizeof(what) > 1, "rule " name " says what it proves");
#include "verify_rules.def"
#undef RULE

static int verr(verifier *v, verify_rule rule, const char *fmt, ...)
{
    if (!v->err || !v->err_len)
        return -1;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char tag[48] = "";
    if (rule != R_NONE)
        snprintf(tag, sizeof tag, " [%s]", rule_names[rule]);
    if (v->f)
        snprintf(v->err, v->err_len, "function '%.128s': %s%s", v->f->name ? v->f->name : "", msg, tag);
    else
        snprintf(v->err, v->err_len, "%s%s", msg, tag);
    tirbc_one_line(v->err);
    return -1;
}

/* An error about one instruction; operand is 1-based, 0 for none. */
static int ierr(verifier *v, verify_rule rule, uint32_t pc, uint32_t op, unsigned operand, const char *fmt, ...)
{
    char name[64], msg[384], where[32] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (operand)
        snprintf(where, sizeof where, "operand %u (%c): ", operand, tirbc_ops[op].operands[operand - 1]);
    return verr(v, rule, "instruction at %u (%s): %s%s", pc, tirbc_op_name((int)op, name, sizeof name), where, msg);
}

static const char *vt_name(unsigned vt)
{
    return vt < TIR_VT_COUNT ? tir_vtype_names[vt] : "unknown";
}

static const char *buf_name(const tirbc_buffer *b) { return b->name ? b->name : ""; }

static bool vt_is_int(unsigned vt)
{
    switch (vt) {
    case TIR_VT_BOOL: case TIR_VT_I8: case TIR_VT_I16: case TIR_VT_I32: case TIR_VT_I64:
    case TIR_VT_U8: case TIR_VT_U16: case TIR_VT_U32: case TIR_VT_U64:
        return true;
    default:
        return false;
    }
}

/* The value kind of a scalar numeric dtype, or TIR_VT_NONE. */
static unsigned scalar_numeric_vt(tir_dtype t)
{
    unsigned vt = tir_dtype_vtype(t);
    if (t.lanes != 1 || vt == TIR_VT_HANDLE)
        return TIR_VT_NONE;
    return vt;
}

/* Pointers the counts promise; modules built in memory could break this. */
static int check_arrays(verifier *v, const tirbc_function *f)
{
    const struct {
        const void *p;
        uint32_t n;
        const char *what;
    } arrs[] = {
        {f->params, f->nparams, "params"},    {f->buffers, f->nbuffers, "buffers"},
        {f->regtypes, f->nregs, "registers"}, {f->code, f->ncode, "code"},
        {f->consts, f->nconsts, "constants"}, {f->strings, f->nstrings, "strings"},
        {f->lines, f->nlines, "line table"},
    };
    for (size_t i = 0; i < sizeof arrs / sizeof arrs[0]; i++)
        if (arrs[i].n && !arrs[i].p)
            return verr(v, R_ARRAYS_PRESENT, "%s missing (count %u)", arrs[i].what, arrs[i].n);
    for (uint32_t i = 0; i < f->nbuffers; i++)
        if ((f->buffers[i].ndim && !f->buffers[i].shape) || (f->buffers[i].nstrides && !f->buffers[i].strides))
            return verr(v, R_ARRAYS_PRESENT, "buffer b%u: shape or strides missing", i);
    return 0;
}

static int check_regtypes(verifier *v, const tirbc_function *f)
{
    for (uint32_t i = 0; i < f->nregs; i++) {
        if (f->regtypes[i].vtype >= TIR_VT_COUNT)
            return verr(v, R_REGISTER_KIND, "register r%u: unknown value type %u", i, f->regtypes[i].vtype);
    }
    /* Each vector register is a head slot (its lane count) followed by the
     * continuation slots (lanes 0) that hold the rest of its lanes. */
    for (uint32_t i = 0; i < f->nregs;) {
        unsigned lanes = f->regtypes[i].lanes, vt = f->regtypes[i].vtype;
        if (lanes == 1) {
            i++;
            continue;
        }
        if (lanes == 0)
            return verr(v, R_REGISTER_CONTINUATION, "register r%u: continuation slot without a vector register before it", i);
        if (lanes > TIRBC_MAX_LANES)
            return verr(v, R_REGISTER_LANES, "register r%u: %u lanes exceeds the limit of %u", i, lanes, TIRBC_MAX_LANES);
        if (vt == TIR_VT_HANDLE)
            return verr(v, R_REGISTER_HANDLE_VECTOR, "register r%u: handle vectors are not allowed", i);
        uint32_t slots = (uint32_t)((lanes * tir_vtype_sizes[vt] + 7) / 8);
        if (slots > f->nregs - i)
            return verr(v, R_REGISTER_VECTOR_END, "register r%u: %u lanes of %s need %u slots, past the end of the register file", i, lanes,
                        vt_name(vt), slots);
        for (uint32_t k = 1; k < slots; k++)
            if (f->regtypes[i + k].lanes != 0 || f->regtypes[i + k].vtype != vt)
                return verr(v, R_REGISTER_VECTOR_SLOTS, "register r%u: slot r%u must continue the %u-lane vector", i, i + k, lanes);
        i += slots;
    }
    return 0;
}

static int check_dimref(verifier *v, const tirbc_function *f, uint32_t bi, const char *what, uint32_t idx,
                        const tirbc_dimref *d)
{
    char at[32];
    if (idx == UINT32_MAX)
        snprintf(at, sizeof at, "%s", what);
    else
        snprintf(at, sizeof at, "%s[%u]", what, idx);
    const char *bn = buf_name(&f->buffers[bi]);
    if (d->kind == TIRBC_DIM_CONST)
        return 0;
    if (d->kind != TIRBC_DIM_REG)
        return verr(v, R_DIM_KIND, "buffer b%u '%s': %s: unknown dimension kind %u (expected 0 const or 1 reg)", bi, bn, at,
                    d->kind);
    if (d->value < 0 || (uint64_t)d->value >= f->nregs)
        return verr(v, R_DIM_REGISTER_RANGE, "buffer b%u '%s': %s: register r%lld out of range (function has %u)", bi, bn, at,
                    (long long)d->value, f->nregs);
    unsigned vt = f->regtypes[d->value].vtype;
    if (!vt_is_int(vt))
        return verr(v, R_DIM_REGISTER_TYPE, "buffer b%u '%s': %s: register r%lld has type %s, expected an integer type", bi, bn, at,
                    (long long)d->value, vt_name(vt));
    return 0;
}

/* A weight buffer is the whole of one weight of the module: constant shape,
 * compact, no offset, exactly as many bytes as its elements. */
static int check_weight(verifier *v, uint32_t i, const tirbc_buffer *b)
{
    const tirbc_module *m = v->m;
    if (b->weight >= m->nweights)
        return verr(v, R_WEIGHT_RANGE, "buffer b%u '%s': weight %u out of range (the module has %u)", i, buf_name(b),
                    b->weight, m->nweights);
    uint64_t n = tir_dtype_elem_size(b->dtype);
    for (uint32_t d = 0; d < b->ndim; d++) {
        const tirbc_dimref *x = &b->shape[d];
        if (x->kind != TIRBC_DIM_CONST || x->value < 0 || (x->value && n > UINT64_MAX / (uint64_t)x->value))
            return verr(v, R_WEIGHT_SHAPE, "buffer b%u '%s': a weight buffer's shape must be non-negative constants "
                        "(dimension %u)", i, buf_name(b), d);
        n *= (uint64_t)x->value;
    }
    if (b->nstrides || b->elem_offset.kind != TIRBC_DIM_CONST || b->elem_offset.value != 0)
        return verr(v, R_WEIGHT_SHAPE, "buffer b%u '%s': a weight buffer has no strides and no offset", i, buf_name(b));
    if (n != m->weights[b->weight].nbytes)
        return verr(v, R_WEIGHT_SIZE, "buffer b%u '%s': %llu bytes of elements, but weight %u holds %llu", i,
                    buf_name(b), (unsigned long long)n, b->weight, (unsigned long long)m->weights[b->weight].nbytes);
    return 0;
}

static int check_buffers(verifier *v, const tirbc_function *f)
{
    char dt[32];
    for (uint32_t i = 0; i < f->nbuffers; i++) {
        const tirbc_buffer *b = &f->buffers[i];
        unsigned vt = tir_dtype_vtype(b->dtype);
        if (vt == TIR_VT_NONE || vt == TIR_VT_HANDLE)
            return verr(v, R_BUFFER_ELEMENT_TYPE, "buffer b%u '%s': element type %s is not a supported value type", i, buf_name(b),
                        tir_dtype_str(b->dtype, dt, sizeof dt));
        if (b->dtype.lanes != 1)
            return verr(v, R_BUFFER_VECTOR_ELEMENTS, "buffer b%u '%s': element type %s has %u lanes, but only scalar elements are supported",
                        i, buf_name(b), tir_dtype_str(b->dtype, dt, sizeof dt), b->dtype.lanes);
        if (b->kind != TIRBC_BUF_PARAM && b->kind != TIRBC_BUF_ALLOC && b->kind != TIRBC_BUF_WEIGHT)
            return verr(v, R_BUFFER_KIND, "buffer b%u '%s': unknown kind %u (expected 0 param, 1 alloc or 2 weight)", i,
                        buf_name(b), b->kind);
        if (b->ndim > TIRBC_MAX_NDIM)
            return verr(v, R_BUFFER_NDIM, "buffer b%u '%s': %u dimensions exceeds the limit of %u", i, buf_name(b), b->ndim,
                        TIRBC_MAX_NDIM);
        if (b->kind == TIRBC_BUF_ALLOC)
            continue; /* the VM ignores an alloc buffer's shape, strides and offset */
        if (b->kind == TIRBC_BUF_WEIGHT) {
            if (check_weight(v, i, b))
                return -1;
            continue;
        }
        if (b->nstrides != 0 && b->nstrides != b->ndim)
            return verr(v, R_BUFFER_STRIDES, "buffer b%u '%s': %u strides for %u dimensions (expected 0 or %u)", i, buf_name(b),
                        b->nstrides, b->ndim, b->ndim);
        for (uint32_t d = 0; d < b->ndim; d++)
            if (check_dimref(v, f, i, "shape", d, &b->shape[d]))
                return -1;
        for (uint32_t d = 0; d < b->nstrides; d++)
            if (check_dimref(v, f, i, "strides", d, &b->strides[d]))
                return -1;
        if (check_dimref(v, f, i, "elem_offset", UINT32_MAX, &b->elem_offset))
            return -1;
    }
    return 0;
}

/* A name and where it stands, for finding repeated names by sorting: a
 * comparison of every pair costs the square of their number times their
 * length. */
typedef struct {
    const char *name;
    uint32_t index;
} named;

static int named_cmp(const void *a, const void *b)
{
    const named *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* The first repeated name of a[0..n) in index order: *second is the least
 * index whose name an earlier entry has, *first the least index with that
 * name (the pair a comparison with every earlier name finds first).  Sorts
 * a; false if no name repeats. */
static bool first_repeat(named *a, uint32_t n, uint32_t *first, uint32_t *second)
{
    bool found = false;
    if (n < 2)
        return false;
    qsort(a, n, sizeof *a, named_cmp);
    for (uint32_t g = 0, e; g < n; g = e) {
        /* a[g..e) share a name, in index order */
        for (e = g + 1; e < n && strcmp(a[g].name, a[e].name) == 0; e++)
            ;
        if (e - g > 1 && (!found || a[g + 1].index < *second)) {
            *first = a[g].index;
            *second = a[g + 1].index;
            found = true;
        }
    }
    return found;
}

static int check_params(verifier *v, const tirbc_function *f)
{
    char dt[32];
    uint32_t *bound = NULL;
    named *names = NULL;
    uint32_t nnamed = 0, dup_first = 0, dup_second = UINT32_MAX;
    int rc = -1;
    if ((f->nbuffers && !(bound = calloc(f->nbuffers, sizeof *bound))) ||
        (f->nparams && !(names = malloc((size_t)f->nparams * sizeof *names)))) {
        verr(v, R_NONE, "out of memory");
        goto out;
    }
    /* a param without a name is reported where the loop below meets it */
    for (uint32_t i = 0; i < f->nparams; i++)
        if (f->params[i].name)
            names[nnamed++] = (named){f->params[i].name, i};
    if (!first_repeat(names, nnamed, &dup_first, &dup_second))
        dup_second = UINT32_MAX;
    for (uint32_t i = 0; i < f->nparams; i++) {
        const tirbc_param *p = &f->params[i];
        if (!p->name || !p->name[0]) {
            verr(v, R_PARAM_NAME, "param %u has no name", i);
            goto out;
        }
        if (i == dup_second) {
            verr(v, R_PARAM_DUPLICATE, "duplicate param name '%s' (params %u and %u)", p->name, dup_first, i);
            goto out;
        }
        if (p->kind == TIRBC_PARAM_SCALAR) {
            unsigned vt = scalar_numeric_vt(p->dtype);
            if (vt == TIR_VT_NONE) {
                verr(v, R_PARAM_DTYPE, "param '%s': dtype %s is not a scalar numeric type", p->name,
                     tir_dtype_str(p->dtype, dt, sizeof dt));
                goto out;
            }
            if (p->index >= f->nregs) {
                verr(v, R_PARAM_REGISTER_RANGE, "param '%s': register r%u out of range (function has %u)", p->name, p->index, f->nregs);
                goto out;
            }
            if (f->regtypes[p->index].vtype != vt) {
                verr(v, R_PARAM_REGISTER_TYPE, "param '%s': register r%u has type %s, expected %s (the param's dtype %s)", p->name,
                     p->index, vt_name(f->regtypes[p->index].vtype), vt_name(vt),
                     tir_dtype_str(p->dtype, dt, sizeof dt));
                goto out;
            }
        } else if (p->kind == TIRBC_PARAM_BUFFER) {
            if (p->index >= f->nbuffers) {
                verr(v, R_PARAM_BUFFER_RANGE, "param '%s': buffer b%u out of range (function has %u)", p->name, p->index, f->nbuffers);
                goto out;
            }
            const tirbc_buffer *b = &f->buffers[p->index];
            if (b->kind != TIRBC_BUF_PARAM) {
                verr(v, R_PARAM_BUFFER_KIND, "param '%s': buffer b%u '%s' is %s buffer, expected a param buffer", p->name,
                     p->index, buf_name(b), b->kind == TIRBC_BUF_WEIGHT ? "a weight" : "an alloc");
                goto out;
            }
            /* handle, or the vector element type of a buffer of vector
             * elements, which the buffer stores as lanes consecutive scalars */
            bool vector_elements = p->dtype.code == b->dtype.code && p->dtype.bits == b->dtype.bits &&
                                   b->dtype.lanes == 1 && p->dtype.lanes >= 2 && p->dtype.lanes <= TIRBC_MAX_ELEMENT_LANES;
            if (!tir_dt_eq(p->dtype, TIR_DT_HANDLE) && !vector_elements) {
                char bt[32];
                verr(v, R_PARAM_BUFFER_DTYPE, "param '%s': dtype %s is neither handle nor a vector of the element type %s of "
                     "buffer b%u", p->name, tir_dtype_str(p->dtype, dt, sizeof dt),
                     tir_dtype_str(b->dtype, bt, sizeof bt), p->index);
                goto out;
            }
            bound[p->index]++;
        } else {
            verr(v, R_PARAM_KIND, "param '%s': unknown kind %u (expected 0 scalar or 1 buffer)", p->name, p->kind);
            goto out;
        }
    }
    for (uint32_t i = 0; i < f->nbuffers; i++) {
        if (f->buffers[i].kind != TIRBC_BUF_PARAM || bound[i] == 1)
            continue;
        if (bound[i] == 0)
            verr(v, R_BUFFER_UNBOUND, "buffer b%u '%s' is a param buffer but no param binds it", i, buf_name(&f->buffers[i]));
        else
            verr(v, R_BUFFER_BOUND_TWICE, "buffer b%u '%s' is bound by %u params, expected exactly 1", i, buf_name(&f->buffers[i]),
                 bound[i]);
        goto out;
    }
    rc = 0;
out:
    free(bound);
    free(names);
    return rc;
}

static int check_lines(verifier *v, const tirbc_function *f)
{
    for (uint32_t i = 0; i < f->nlines; i++) {
        uint32_t pc = f->lines[i].pc;
        if (pc >= f->ncode)
            return verr(v, R_LINE_PAST_END, "line table entry %u: pc %u is past the end of the code (%u words)", i, pc, f->ncode);
        if (i > 0 && pc < f->lines[i - 1].pc)
            return verr(v, R_LINE_ORDER, "line table entry %u: pc %u is before the previous entry's pc %u", i, pc,
                        f->lines[i - 1].pc);
    }
    return 0;
}

/* Checks register operand `n` (1-based) is in range; *vt gets its type. */
static int reg_in_range(verifier *v, const tirbc_function *f, uint32_t pc, uint32_t op, unsigned n, uint32_t r,
                        unsigned *vt)
{
    if (r >= f->nregs)
        return ierr(v, R_OPERAND_REGISTER_RANGE, pc, op, n, "register r%u out of range (function has %u)", r, f->nregs);
    if (f->regtypes[r].lanes != 1)
        return ierr(v, R_OPERAND_SCALAR, pc, op, n, "register r%u is not a scalar register", r);
    *vt = f->regtypes[r].vtype;
    return 0;
}

/* The kind a register operand must have, for the TYPE rules that name one
 * kind; TIR_VT_NONE for the rules checked another way. */
static unsigned wanted_vtype(const tirbc_operand_info *o, unsigned T, unsigned kind_imm)
{
    switch (o->type) {
    case TIRBC_OPT_T: return T;
    case TIRBC_OPT_KIND_IMM: return kind_imm;
    default: return tirbc_operand_fixed_vtype(o);
    }
}

/* A register operand against its TYPE rule (operands.def). */
static int check_register_type(verifier *v, const tirbc_function *f, uint32_t pc, uint32_t op, unsigned n, uint32_t w,
                               const tirbc_operand_info *o, unsigned T, unsigned vt, const unsigned *x_vt,
                               unsigned x_operand)
{
    switch (o->type) {
    case TIRBC_OPT_ANY:
        return 0;
    case TIRBC_OPT_SAME_SIZE:
        if (vt == TIR_VT_HANDLE || vt == TIR_VT_BOOL || tir_vtype_sizes[vt] != tir_vtype_sizes[T])
            return ierr(v, R_OPERAND_TYPE, pc, op, n, "register r%u has type %s, expected a type of %u bytes", w, vt_name(vt),
                        (unsigned)tir_vtype_sizes[T]);
        return 0;
    case TIRBC_OPT_INT_EXACT:
        if (!vt_is_int(vt) || vt == TIR_VT_U64)
            return ierr(v, R_OPERAND_TYPE, pc, op, n, "register r%u has type %s, expected an integer type other than u64", w,
                        vt_name(vt));
        return 0;
    case TIRBC_OPT_INT:
        if (!vt_is_int(vt))
            return ierr(v, R_OPERAND_TYPE, pc, op, n, "register r%u has type %s, expected an integer type", w, vt_name(vt));
        return 0;
    case TIRBC_OPT_SAME_AS_X:
        if (x_operand == 0)
            return ierr(v, R_TABLE_CONSISTENT, pc, op, n, "no preceding X operand (instruction table error)");
        if (vt != *x_vt)
            return ierr(v, R_OPERAND_TYPE, pc, op, n, "register r%u has type %s, expected %s (the type of operand %u)", w,
                        vt_name(vt), vt_name(*x_vt), x_operand);
        return 0;
    case TIRBC_OPT_RET: {
        unsigned rvt = tir_dtype_vtype(f->ret_dtype);
        if (vt != rvt)
            return ierr(v, R_OPERAND_TYPE, pc, op, n, "register r%u has type %s, but the function returns %s", w, vt_name(vt),
                        vt_name(rvt));
        return 0;
    }
    default: {
        unsigned want = wanted_vtype(o, T, TIR_VT_NONE);
        if (vt != want)
            return ierr(v, R_OPERAND_TYPE, pc, op, n, "register r%u has type %s, expected %s", w, vt_name(vt), vt_name(want));
        return 0;
    }
    }
}

/* The call signatures of every function (their headers proven). */
static int make_call_sigs(verifier *v)
{
    const tirbc_module *m = v->m;
    size_t total = 0;
    for (uint32_t fi = 0; fi < m->nfuncs; fi++)
        total += m->funcs[fi].nparams;
    v->sigs = calloc(m->nfuncs, sizeof *v->sigs);
    v->sig_bytes = malloc(total ? total : 1);
    if (!v->sigs || !v->sig_bytes)
        return verr(v, R_NONE, "out of memory");
    uint8_t *at = v->sig_bytes;
    for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
        const tirbc_function *g = &m->funcs[fi];
        call_sig *s = &v->sigs[fi];
        for (uint32_t k = 0; k < g->nparams; k++)
            if (g->params[k].kind == TIRBC_PARAM_SCALAR)
                s->nscalar++;
        s->nbuf = g->nparams - s->nscalar; /* proven: the other params are buffers */
        uint8_t *scalar = at, *buf = at + s->nscalar;
        s->scalar_vt = scalar;
        s->buf_vt = buf;
        at += g->nparams;
        for (uint32_t k = 0; k < g->nparams; k++) {
            const tirbc_param *p = &g->params[k];
            if (p->kind == TIRBC_PARAM_SCALAR)
                *scalar++ = g->regtypes[p->index].vtype;
            else
                *buf++ = (uint8_t)tir_dtype_vtype(g->buffers[p->index].dtype);
        }
    }
    return 0;
}

/* Whether a call's arguments are all right, checked fast (a false answer
 * may also mean out of memory: the caller then looks for the error). */
static bool call_args_match(verifier *v, const tirbc_function *f, uint32_t callee, bool buffers, uint32_t base,
                            uint32_t count, uint32_t first)
{
    const call_sig *s = &v->sigs[callee];
    if (count != s->nscalar || (s->nbuf && !buffers) || base > f->nregs || count > f->nregs - base)
        return false;
    if (buffers && (first > f->nconsts || s->nbuf > f->nconsts - first))
        return false;
    if (v->sym_of != f) {
        free(v->reg_sym);
        free(v->const_sym);
        v->sym_of = NULL;
        v->reg_sym = malloc(f->nregs ? f->nregs : 1);
        v->const_sym = malloc(f->nconsts ? f->nconsts : 1);
        if (!v->reg_sym || !v->const_sym)
            return false;
        for (uint32_t r = 0; r < f->nregs; r++)
            v->reg_sym[r] = f->regtypes[r].lanes == 1 ? f->regtypes[r].vtype : VT_BAD;
        for (uint32_t k = 0; k < f->nconsts; k++)
            v->const_sym[k] = f->consts[k] < f->nbuffers ? (uint8_t)tir_dtype_vtype(f->buffers[f->consts[k]].dtype)
                                                         : VT_BAD;
        v->sym_of = f;
    }
    return (!count || memcmp(v->reg_sym + base, s->scalar_vt, count) == 0) &&
           (!buffers || !s->nbuf || memcmp(v->const_sym + first, s->buf_vt, s->nbuf) == 0);
}

/* A call's F operand with the argument block (a, N) after it, and for a
 * call that passes buffers (callb, callbv) the buffer arguments (B) last:
 * then the block holds the callee's scalar parameters only. */
static int check_call(verifier *v, const tirbc_function *f, uint32_t pc, uint32_t op, unsigned i, unsigned x_vt)
{
    unsigned n = i + 1;
    uint32_t w = f->code[pc + 1 + i];
    if (w >= v->m->nfuncs)
        return ierr(v, R_CALL_TARGET, pc, op, n, "function %u out of range (module has %u)", w, v->m->nfuncs);
    const tirbc_function *callee = &v->m->funcs[w];
    if (i + 2 >= tirbc_ops[op].noperands || tirbc_op_operand(op, i + 1)->kind != TIRBC_OPK_ARGS ||
        tirbc_op_operand(op, i + 2)->check != TIRBC_OPC_ARG_COUNT)
        return ierr(v, R_TABLE_CONSISTENT, pc, op, n, "F is not followed by a and N (instruction table error)");
    bool buffers = i + 3 < tirbc_ops[op].noperands && tirbc_op_operand(op, i + 3)->check == TIRBC_OPC_BUF_ARGS;
    uint32_t base = f->code[pc + 1 + i + 1], count = f->code[pc + 1 + i + 2], nscalar = 0, nbuf = 0;
    if (call_args_match(v, f, w, buffers, base, count, buffers ? f->code[pc + 1 + i + 3] : 0))
        goto result;
    /* Some argument is wrong: find the first, in parameter order. */
    for (uint32_t k = 0; k < callee->nparams; k++) {
        if (callee->params[k].kind == TIRBC_PARAM_SCALAR)
            nscalar++;
        else if (!buffers)
            return ierr(v, R_CALL_BUFFER_PARAM, pc, op, n,
                        "function '%s' parameter %u is a buffer; %s passes scalars only (callb and callbv pass buffers)",
                        callee->name, k, tirbc_ops[op].stem);
        else
            nbuf++;
    }
    if (count != nscalar)
        return ierr(v, R_CALL_ARITY, pc, op, n, "function '%s' takes %u %sarguments, the call passes %u", callee->name,
                    nscalar, buffers ? "scalar " : "", count);
    if (base > f->nregs || count > f->nregs - base)
        return ierr(v, R_CALL_ARGS_END, pc, op, n, "argument registers r%u.. past the end of the register file", base);
    uint32_t r = base;
    for (uint32_t k = 0; k < callee->nparams; k++) {
        const tirbc_param *prm = &callee->params[k];
        if (prm->kind != TIRBC_PARAM_SCALAR)
            continue;
        if (f->regtypes[r].lanes != 1 || f->regtypes[r].vtype != callee->regtypes[prm->index].vtype)
            return ierr(v, R_CALL_ARG_TYPE, pc, op, n, "argument register r%u does not match the type of parameter '%s'",
                        r, prm->name);
        r++;
    }
    if (buffers) {
        /* each buffer parameter views a caller's buffer of its element type */
        unsigned bn = n + 3;
        uint32_t first = f->code[pc + 1 + i + 3];
        if (first > f->nconsts || nbuf > f->nconsts - first)
            return ierr(v, R_CALL_BUFFER_ARGS_END, pc, op, bn,
                        "buffer arguments k%u.. past the end of the constant pool (function '%s' takes %u buffer%s, "
                        "the pool has %u constant%s)", first, callee->name, nbuf, nbuf == 1 ? "" : "s", f->nconsts,
                        f->nconsts == 1 ? "" : "s");
        uint32_t j = first;
        for (uint32_t k = 0; k < callee->nparams; k++) {
            const tirbc_param *prm = &callee->params[k];
            if (prm->kind != TIRBC_PARAM_BUFFER)
                continue;
            uint64_t b = f->consts[j];
            if (b >= f->nbuffers)
                return ierr(v, R_CALL_BUFFER_ARG_RANGE, pc, op, bn,
                            "buffer argument k%u for parameter '%s' is %llu, not a buffer (function has %u)", j, prm->name,
                            (unsigned long long)b, f->nbuffers);
            const tirbc_buffer *have = &f->buffers[b], *want = &callee->buffers[prm->index];
            if (tir_dtype_vtype(have->dtype) != tir_dtype_vtype(want->dtype))
                return ierr(v, R_CALL_BUFFER_ARG_TYPE, pc, op, bn,
                            "buffer b%llu '%s' (k%u) has element type %s, but parameter '%s' of '%s' holds %s",
                            (unsigned long long)b, buf_name(have), j, vt_name(tir_dtype_vtype(have->dtype)), prm->name,
                            callee->name, vt_name(tir_dtype_vtype(want->dtype)));
            j++;
        }
    }
result:
    /* a call with a result writes it to its X operand */
    if (x_vt != TIR_VT_NONE) {
        if (tir_dt_is_void(callee->ret_dtype))
            return ierr(v, R_CALLV_VOID, pc, op, n, "function '%s' returns no value", callee->name);
        if (x_vt != tir_dtype_vtype(callee->ret_dtype))
            return ierr(v, R_CALLV_RESULT_TYPE, pc, op, n, "the result register has type %s, function '%s' returns %s",
                        vt_name(x_vt), callee->name, vt_name(tir_dtype_vtype(callee->ret_dtype)));
    }
    return 0;
}

/* An immediate against its CHECK rule (operands.def). */
static int check_immediate(verifier *v, uint32_t pc, uint32_t op, unsigned n, uint32_t w, const tirbc_operand_info *o,
                           unsigned T, uint32_t lanes)
{
    switch (o->check) {
    case TIRBC_OPC_LANE_COUNT:
        if (w < 2 || w > TIRBC_MAX_LANES)
            return ierr(v, R_LANE_COUNT, pc, op, n, "lane count %u is not between 2 and %u", w, TIRBC_MAX_LANES);
        return 0;
    case TIRBC_OPC_LANE_INDEX:
        if (w >= lanes)
            return ierr(v, R_LANE_INDEX, pc, op, n, "lane %u out of range (the vector has %u lanes)", w, lanes);
        return 0;
    case TIRBC_OPC_WIDTH:
        if (w < 1 || w > TIRBC_MAX_WIDTH)
            return ierr(v, R_MAC_LANES, pc, op, n, "lane count %u is not between 1 and %u", w, TIRBC_MAX_WIDTH);
        return 0;
    case TIRBC_OPC_DIM:
        /* A view (T.Buffer(..., data=X.data)) may index storage with another
         * rank, so the dimension is only bounded by the rank limit; it is
         * used for messages, never to address memory. */
        if (w >= TIRBC_MAX_NDIM)
            return ierr(v, R_CHKIDX_DIM, pc, op, n, "dimension %u exceeds the limit of %u dimensions", w, TIRBC_MAX_NDIM);
        return 0;
    case TIRBC_OPC_ARITY1:
    case TIRBC_OPC_ARITY2: {
        /* the lane function: a math.def instruction of the same kind and arity */
        unsigned arity = o->check == TIRBC_OPC_ARITY1 ? 1 : 2;
        if (tirbc_op_math_arity(w) != arity || tirbc_ops[w].vtype != T)
            return ierr(v, R_VMATH_FUNCTION, pc, op, n, "%u is not a %s math instruction with %u operands", w, vt_name(T),
                        arity + 1);
        return 0;
    }
    case TIRBC_OPC_FUSED_OP:
        if (!tirbc_fused_lane_op_ok(w, T))
            return ierr(v, R_FUSED_OP, pc, op, n, "%u is not vadd, vsub, vmul, vmin, vmax or vdiv of %s", w, vt_name(T));
        return 0;
    case TIRBC_OPC_ANY_KIND:
    case TIRBC_OPC_INT_KIND:
        if (w >= TIR_VT_COUNT || w == TIR_VT_HANDLE)
            return ierr(v, R_VALUE_KIND, pc, op, n, "unknown value kind %u", w);
        if (o->check == TIRBC_OPC_INT_KIND && (!vt_is_int(w) || w == TIR_VT_BOOL))
            return ierr(v, R_MACI_KIND, pc, op, n, "source kind %s is not an integer type", vt_name(w));
        return 0;
    default:
        return 0; /* ARG_COUNT is checked with its F operand */
    }
}

/* Every operand of the instruction at pc against its row of operands.def. */
static int check_operands(verifier *v, const tirbc_function *f, const uint8_t *is_start, uint32_t pc)
{
    uint32_t op = f->code[pc];
    const tirbc_opinfo *info = &tirbc_ops[op];
    unsigned T = info->vtype, x_vt = TIR_VT_NONE, x_operand = 0;
    for (unsigned i = 0; i < info->noperands; i++)
        if (!tirbc_op_operand(op, i))
            return ierr(v, R_TABLE_CONSISTENT, pc, op, i + 1, "unknown operand letter '%c' (instruction table error)",
                        info->operands[i]);
    /* The lane count and value-kind operands govern the other operands, so
     * they are checked first: a bad one would otherwise show as mismatches. */
    uint32_t lanes = 0, kind_imm = TIR_VT_NONE;
    for (unsigned i = 0; i < info->noperands; i++) {
        const tirbc_operand_info *o = tirbc_op_operand(op, i);
        uint32_t w = f->code[pc + 1 + i];
        if (o->kind == TIRBC_OPK_LANES || o->kind == TIRBC_OPK_VTYPE) {
            if (check_immediate(v, pc, op, i + 1, w, o, T, 0))
                return -1;
            if (o->kind == TIRBC_OPK_LANES)
                lanes = w;
            else
                kind_imm = w;
        }
    }

    for (unsigned i = 0; i < info->noperands; i++) {
        const tirbc_operand_info *o = tirbc_op_operand(op, i);
        unsigned n = i + 1, vt = 0;
        uint32_t w = f->code[pc + 1 + i];
        switch (o->kind) {
        case TIRBC_OPK_REG:
            if (o->type == TIRBC_OPT_RET && tir_dt_is_void(f->ret_dtype))
                return ierr(v, R_RETURN_VOID, pc, op, n, "the function returns no value");
            if (reg_in_range(v, f, pc, op, n, w, &vt) ||
                check_register_type(v, f, pc, op, n, w, o, T, vt, &x_vt, x_operand))
                return -1;
            if (o->type == TIRBC_OPT_ANY) {
                x_vt = vt;
                x_operand = n;
            }
            break;
        case TIRBC_OPK_VREG: {
            unsigned vwant = wanted_vtype(o, T, kind_imm);
            if (w >= f->nregs)
                return ierr(v, R_OPERAND_REGISTER_RANGE, pc, op, n, "register r%u out of range (function has %u)", w, f->nregs);
            if (f->regtypes[w].lanes != lanes || lanes < 2)
                return ierr(v, R_VECTOR_LANES, pc, op, n, "register r%u has %u lanes, expected a %u-lane vector", w,
                            f->regtypes[w].lanes, lanes);
            if (f->regtypes[w].vtype != vwant)
                return ierr(v, R_OPERAND_TYPE, pc, op, n, "register r%u has type %s, expected %s", w, vt_name(f->regtypes[w].vtype),
                            vt_name(vwant));
            break;
        }
        case TIRBC_OPK_FUNC:
            if (check_call(v, f, pc, op, i, x_vt))
                return -1;
            break;
        case TIRBC_OPK_ARGS:
            break; /* checked with its F operand */
        case TIRBC_OPK_CONST:
            if (o->check == TIRBC_OPC_BUF_ARGS)
                break; /* checked with its F operand */
            if (w >= f->nconsts)
                return ierr(v, R_CONSTANT_RANGE, pc, op, n, "constant k%u out of range (function has %u)", w, f->nconsts);
            break;
        case TIRBC_OPK_JUMP:
            if (w >= f->ncode)
                return ierr(v, R_JUMP_PAST_END, pc, op, n, "jump target @%u is past the end of the code (%u words)", w, f->ncode);
            if (!is_start[w])
                return ierr(v, R_JUMP_MID_INSTRUCTION, pc, op, n, "jump target @%u is not the start of an instruction", w);
            break;
        case TIRBC_OPK_BUF: {
            if (w >= f->nbuffers)
                return ierr(v, R_BUFFER_RANGE, pc, op, n, "buffer b%u out of range (function has %u)", w, f->nbuffers);
            const tirbc_buffer *b = &f->buffers[w];
            unsigned bvt = tir_dtype_vtype(b->dtype), want = wanted_vtype(o, T, kind_imm);
            if (o->type == TIRBC_OPT_KIND_IMM && bvt != want)
                return ierr(v, R_MACI_SOURCE, pc, op, n, "buffer does not hold %s elements", vt_name(want));
            if (o->type == TIRBC_OPT_T && want != TIR_VT_NONE && bvt != want)
                return ierr(v, R_BUFFER_ELEMENT_MISMATCH, pc, op, n, "buffer b%u '%s' has element type %s, expected %s", w, buf_name(b),
                            vt_name(bvt), vt_name(want));
            if (o->check == TIRBC_OPC_ALLOC_BUFFER && b->kind != TIRBC_BUF_ALLOC)
                return ierr(v, R_ALLOC_BUFFER_EXPECTED, pc, op, n, "buffer b%u '%s' is a %s buffer, expected an alloc buffer", w,
                            buf_name(b), b->kind == TIRBC_BUF_WEIGHT ? "weight" : "param");
            if (o->access == TIRBC_OPA_WRITE && b->kind == TIRBC_BUF_WEIGHT)
                return ierr(v, R_WEIGHT_READ_ONLY, pc, op, n, "buffer b%u '%s' is a weight buffer, which is read-only", w,
                            buf_name(b));
            break;
        }
        case TIRBC_OPK_STR:
            if (w >= f->nstrings)
                return ierr(v, R_STRING_RANGE, pc, op, n, "string s%u out of range (function has %u)", w, f->nstrings);
            break;
        case TIRBC_OPK_LANES:
        case TIRBC_OPK_VTYPE:
            break; /* checked first, above */
        default:
            if (check_immediate(v, pc, op, n, w, o, T, lanes))
                return -1;
            break;
        }
    }
    return 0;
}

static int check_code(verifier *v, const tirbc_function *f)
{
    char name[64];
    if (f->ncode == 0)
        return verr(v, R_CODE_EMPTY, "function has no code");
    uint8_t *is_start = calloc(f->ncode, 1);
    if (!is_start)
        return verr(v, R_NONE, "out of memory");
    int rc = -1;

    /* Pass 1: instruction boundaries, so jump targets can be checked. */
    uint32_t pc = 0, last = 0;
    while (pc < f->ncode) {
        uint32_t op = f->code[pc];
        if (op >= TIRBC_OP_COUNT) {
            verr(v, R_OPCODE_UNKNOWN, "instruction at %u: unknown opcode %u (the instruction set has %d opcodes)", pc, op,
                 TIRBC_OP_COUNT);
            goto out;
        }
        uint32_t n = tirbc_ops[op].noperands, avail = f->ncode - pc - 1;
        if (n > avail) {
            ierr(v, R_CODE_TRUNCATED, pc, op, 0, "needs %u operand words but the code ends after %u", n, avail);
            goto out;
        }
        is_start[pc] = 1;
        last = pc;
        pc += 1 + n;
    }

    /* Pass 2: every operand against its letter. */
    for (pc = 0; pc < f->ncode; pc++)
        if (is_start[pc] && check_operands(v, f, is_start, pc))
            goto out;

    /* Execution must never run off the end of the code. */
    uint32_t lop = f->code[last];
    if (lop != TIRBC_OP_RET && lop != TIRBC_OP_RETV && lop != TIRBC_OP_JMP && lop != TIRBC_OP_TRAP) {
        verr(v, R_CODE_FALLTHROUGH, "code does not end with ret, jmp or trap (last instruction at %u is %s)", last,
             tirbc_op_name((int)lop, name, sizeof name));
        goto out;
    }
    rc = 0;
out:
    free(is_start);
    return rc;
}

/* Everything but the code: calls check arguments against their callee's
 * params and registers, so every function's header is proven first. */
static int verify_header(verifier *v, const tirbc_function *f)
{
    char dt[32];
    if (check_arrays(v, f) || check_regtypes(v, f) || check_buffers(v, f) || check_params(v, f))
        return -1;
    if (!tir_dt_is_void(f->ret_dtype) && scalar_numeric_vt(f->ret_dtype) == TIR_VT_NONE)
        return verr(v, R_RETURN_TYPE, "return type %s is neither void nor a scalar numeric type",
                    tir_dtype_str(f->ret_dtype, dt, sizeof dt));
    for (uint32_t i = 0; i < f->nstrings; i++)
        if (!f->strings[i])
            return verr(v, R_STRING_PRESENT, "string s%u is NULL", i);
    return check_lines(v, f);
}

int tirbc_verify(const tirbc_module *m, char *err, size_t err_len)
{
    verifier v = {.err = err, .err_len = err_len, .m = m};
    if (!m || m->nfuncs == 0)
        return verr(&v, R_MODULE_EMPTY, "module has no functions");
    if (!m->funcs)
        return verr(&v, R_ARRAYS_PRESENT, "module functions missing (count %u)", m->nfuncs);
    named *names = malloc((size_t)m->nfuncs * sizeof *names);
    if (!names)
        return verr(&v, R_NONE, "out of memory");
    uint32_t nnamed = 0, first = 0, second = UINT32_MAX;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].name)
            names[nnamed++] = (named){m->funcs[i].name, i};
    if (!first_repeat(names, nnamed, &first, &second))
        second = UINT32_MAX;
    free(names);
    /* the first function without a name or repeating an earlier one's */
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        const char *name = m->funcs[i].name;
        if (!name || !name[0])
            return verr(&v, R_FUNCTION_NAME, "function %u has no name", i);
        if (i == second)
            return verr(&v, R_FUNCTION_DUPLICATE, "duplicate function name '%s' (functions %u and %u)", name, first, i);
    }
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        v.f = &m->funcs[i];
        if (verify_header(&v, v.f))
            return -1;
    }
    v.f = NULL;
    int rc = make_call_sigs(&v);
    for (uint32_t i = 0; i < m->nfuncs && rc == 0; i++) {
        v.f = &m->funcs[i];
        rc = check_code(&v, v.f);
    }
    free(v.sigs);
    free(v.sig_bytes);
    free(v.reg_sym);
    free(v.const_sym);
    return rc;
}
