/* Evaluating Python expressions: names, attributes, calls, subscripts and
 * operators become script values (sval), as TVM's parser turns them into
 * Python objects.  Also recognizes T.<name>(...) calls by their syntax, for
 * the statements they make.  The T.* functions themselves are in
 * script_calls.c. */
#include <string.h>

#include "fold.h"
#include "script_internal.h"

static bool is_dialect_name(builder *b, const char *name, bool *is_ir)
{
    if (b->t_alias && strcmp(name, b->t_alias) == 0) {
        *is_ir = false;
        return true;
    }
    if (b->i_alias && strcmp(name, b->i_alias) == 0) {
        *is_ir = true;
        return true;
    }
    return false;
}

static sval eval_name(builder *b, const py_expr *x)
{
    sval v = sv_none(x->loc);
    binding *bd = sb_lookup(b, x->name);
    if (bd) {
        if (bd->kind == BIND_FAILED) {
            v.poisoned = true; /* its definition's error was reported */
            return v;
        }
        if (bd->kind == BIND_BUFFER) {
            v.kind = SV_BUFFER;
            v.buf = bd->buf;
        } else if (bd->kind == BIND_SCALAR) {
            /* a mutable scalar reads as its one element */
            tir_expr *ld = tir_expr_new(b->a, TIR_E_LOAD, bd->buf->dtype, x->loc);
            ld->buffer = bd->buf;
            ld->nargs = 1;
            ld->args = tir_arena_alloc(b->a, sizeof *ld->args);
            ld->args[0] = tir_int(b->a, TIR_DT_I32, 0, x->loc);
            v = sv_expr(ld);
        } else if (bd->kind == BIND_VALUE) {
            /* a macro parameter: its argument's value; a variable gets a
             * reference of its own, other expressions are shared */
            v = *bd->value;
            v.loc = x->loc;
            if (v.kind == SV_EXPR && v.e->kind == TIR_E_VAR)
                v.e = tir_var_ref(b->a, v.e->var, x->loc);
        } else if (bd->kind == BIND_TUPLE) {
            v.kind = SV_TUPLE;
            v.n = bd->ntuple;
            v.items = tir_arena_alloc(b->a, bd->ntuple * sizeof *v.items);
            for (uint32_t i = 0; i < bd->ntuple; i++)
                v.items[i] = sv_expr(tir_var_ref(b->a, bd->tuple_vars[i], x->loc));
        } else {
            v = sv_expr(tir_var_ref(b->a, bd->var, x->loc));
        }
        return v;
    }
    bool is_ir;
    if (is_dialect_name(b, x->name, &is_ir)) {
        v.kind = SV_DIALECT;
        v.is_dialect_ir = is_ir;
        return v;
    }
    if (b->class_name && strcmp(x->name, b->class_name) == 0) {
        v.kind = SV_CLASS;
        return v;
    }
    /* a module-level constant (M = 128), tirc -D M=128, or a macro */
    module_global *g = sb_lookup_global(b, x->name);
    if (g && g->def) {
        v.kind = SV_MACRO;
        v.macro = g;
        return v;
    }
    if (g)
        return sb_global_value(b, g, x->loc);
    if (strcmp(x->name, "range") == 0) {
        v.kind = SV_RANGE;
        return v;
    }
    tir_loc later;
    if (b->cur_macro && b->cur_macro->hygienic && sb_lookup_caller(b, x->name))
        ERR(b, x->loc, "name '%s' is not defined in macro '%s': a hygienic macro reads the names of the module "
            "where it is defined, not those of its caller (pass '%s' as an argument, or use "
            "@T.macro(hygienic=False))", x->name, b->cur_macro->name, x->name);
    else if (sb_assigned_later(b, x->name, &later))
        ERR(b, x->loc, "name '%s' is not defined (the module assigns it at line %u, after this function: TVM reads "
            "a module-level name when the function is defined)", x->name, later.line);
    else
        ERR(b, x->loc, "name '%s' is not defined%s", x->name, sb_name_hint(b, x->name));
    v.kind = SV_NONE;
    v.poisoned = true;
    return v;
}

static bool module_has_func(builder *b, const char *name)
{
    if (!b->module_class)
        return false;
    for (uint32_t i = 0; i < b->module_class->body.len; i++) {
        const py_stmt *s = b->module_class->body.items[i];
        if (s->kind == PY_S_FUNCDEF && strcmp(s->name, name) == 0)
            return true;
    }
    return false;
}

static sval eval_attr(builder *b, const py_expr *x)
{
    sval base = sb_eval(b, x->value);
    sval v = sv_none(x->loc);
    switch (base.kind) {
    case SV_DIALECT:
        v.kind = SV_TFUNC;
        v.s = x->name;
        v.is_dialect_ir = base.is_dialect_ir;
        return v;
    case SV_TFUNC: {
        /* T.axis.remap: keep the dotted path */
        size_t l1 = strlen(base.s), l2 = strlen(x->name);
        char *s = tir_arena_alloc(b->a, l1 + l2 + 2);
        memcpy(s, base.s, l1);
        s[l1] = '.';
        memcpy(s + l1 + 1, x->name, l2 + 1);
        v.kind = SV_TFUNC;
        v.s = s;
        v.is_dialect_ir = base.is_dialect_ir;
        return v;
    }
    case SV_CLASS:
        if (!module_has_func(b, x->name)) {
            ERR(b, x->loc, "module '%s' has no function '%s'", b->class_name, x->name);
            return v;
        }
        v.kind = SV_GFUNC;
        v.s = x->name;
        return v;
    case SV_BUFFER: {
        tir_buffer *buf = base.buf;
        if (strcmp(x->name, "data") == 0)
            return sv_expr(tir_var_ref(b->a, buf->data, x->loc));
        if (strcmp(x->name, "shape") == 0 || strcmp(x->name, "strides") == 0) {
            bool sh = x->name[1] == 'h';
            uint32_t n = sh ? buf->ndim : buf->nstrides;
            v.kind = SV_TUPLE;
            v.n = n;
            v.items = tir_arena_alloc(b->a, (n ? n : 1) * sizeof(sval));
            for (uint32_t i = 0; i < n; i++)
                v.items[i] = sv_expr(sh ? buf->shape[i] : buf->strides[i]);
            return v;
        }
        if (strcmp(x->name, "elem_offset") == 0 && buf->elem_offset)
            return sv_expr(buf->elem_offset);
        if (strcmp(x->name, "dtype") == 0) {
            char tmp[32];
            v.kind = SV_STR;
            v.s = tir_arena_strdup(b->a, tir_dtype_str(buf->dtype, tmp, sizeof tmp));
            return v;
        }
        if (strcmp(x->name, "vload") == 0 || strcmp(x->name, "vstore") == 0) {
            /* what TVM prints for predicated accesses (tvmscript.md 6.6); script_vaccess.c */
            v.kind = SV_METHOD;
            v.buf = buf;
            v.s = x->name;
            return v;
        }
        if (strcmp(x->name, "access_ptr") == 0) {
            UNSUPPORTED(b, x->loc, "%s.access_ptr, a raw pointer into a buffer (outside the specified TIR subset)",
                buf->name);
            return v;
        }
        static const char *const attrs[] = {"data", "shape", "strides", "elem_offset", "dtype", "vload", "vstore", NULL};
        ERR(b, x->loc, "buffer '%s' has no attribute '%s'%s", buf->name, x->name, sb_kwarg_hint(b, x->name, attrs));
        return v;
    }
    case SV_EXPR:
        if (strcmp(x->name, "astype") == 0) {
            v.kind = SV_METHOD;
            v.e = base.e;
            v.s = x->name;
            return v;
        }
        if (strcmp(x->name, "dtype") == 0) {
            char tmp[32];
            v.kind = SV_STR;
            v.s = tir_arena_strdup(b->a, tir_dtype_str(base.e->dtype, tmp, sizeof tmp));
            return v;
        }
        break;
    default:
        break;
    }
    if (!base.poisoned)
        UNSUPPORTED(b, x->loc, "attribute '%s'", x->name);
    return v;
}


bool sb_eval_args(builder *b, const py_expr *x, call_args *ca)
{
    memset(ca, 0, sizeof *ca);
    ca->loc = x->loc;
    ca->n = x->nitems;
    ca->nkw = x->nkw;
    ca->pos = tir_arena_alloc(b->a, (x->nitems ? x->nitems : 1) * sizeof(sval));
    ca->kw = tir_arena_alloc(b->a, (x->nkw ? x->nkw : 1) * sizeof(sval));
    ca->kwnames = x->kwnames;
    int before = b->d->nerrors;
    for (uint32_t i = 0; i < x->nitems; i++)
        ca->pos[i] = sb_eval(b, x->items[i]);
    for (uint32_t i = 0; i < x->nkw; i++)
        ca->kw[i] = sb_eval(b, x->kwvalues[i]);
    return b->d->nerrors == before;
}

static sval eval_call(builder *b, const py_expr *x)
{
    sval none = sv_none(x->loc);
    sval f = sb_eval(b, x->func);
    if (f.kind == SV_NONE)
        return none;
    call_args ca;
    if (!sb_eval_args(b, x, &ca))
        return none;
    switch (f.kind) {
    case SV_TFUNC:
        if (f.is_dialect_ir) {
            ERR(b, x->loc, "I.%s is not an expression", f.s);
            return none;
        }
        return sb_call_t(b, f.s, &ca);
    case SV_RANGE:
        if (ca.nkw == 1 && strcmp(ca.kwnames[0], "annotations") == 0)
            ca.nkw = 0; /* range(n, annotations={...}): loop annotations carry no meaning */
        if (ca.n < 1 || ca.n > 3 || ca.nkw) {
            ERR(b, x->loc, "range takes 1 or 2 arguments");
            return none;
        }
        return sb_make_loop(b, TIR_FOR_SERIAL, &ca, "range");
    case SV_METHOD: {
        if (f.buf && strcmp(f.s, "vload") == 0)
            return sb_vload(b, f.buf, &ca);
        if (f.buf) {
            ERR(b, x->loc, "%s.%s(...) is a statement, not a value", f.buf->name, f.s);
            return none;
        }
        tir_dtype dt;
        if (ca.n != 1 || !sb_dtype_of(b, &ca.pos[0], &dt))
            return none;
        return sv_expr(sb_cast_folded(b, dt, f.e));
    }
    case SV_MACRO:
        /* TVM's T.macro returns None: its statements go where it is called */
        ERR(b, x->loc, "macro '%s' makes statements, not a value: call it as a statement of its own",
            f.macro->name);
        return none;
    case SV_GFUNC: {
        /* Module.f(args): Call(dtype, GlobalVar f, args), dtype the callee's return type (2.3) */
        if (ca.nkw) {
            ERR(b, x->loc, "calls to PrimFuncs take positional arguments only");
            return none;
        }
        tir_dtype rt = TIR_DT_VOID;
        const py_stmt *def = NULL;
        for (uint32_t i = 0; b->module_class && i < b->module_class->body.len; i++)
            if (b->module_class->body.items[i]->kind == PY_S_FUNCDEF &&
                strcmp(b->module_class->body.items[i]->name, f.s) == 0)
                def = b->module_class->body.items[i];
        if (def && def->returns && def->returns->kind != PY_NONE && !sb_annotation_dtype(b, def->returns, &rt))
            return none;
        tir_expr **args = tir_arena_alloc(b->a, (ca.n ? ca.n : 1) * sizeof *args);
        for (uint32_t i = 0; i < ca.n; i++) {
            const py_expr *pe = def && i < def->nparams ? def->params[i].annotation : NULL;
            tir_dtype pdt;
            /* Python literals take the parameter's declared type. */
            if (pe && (ca.pos[i].kind == SV_PYINT || ca.pos[i].kind == SV_PYFLOAT || ca.pos[i].kind == SV_PYBOOL) &&
                sb_annotation_dtype(b, pe, &pdt))
                args[i] = sb_to_expr_as(b, &ca.pos[i], pdt);
            else if (ca.pos[i].kind == SV_BUFFER)
                /* a Buffer passes its memory, as A.data does (tirc's extension: TVM
                 * builds such calls only from PrimExprs; spec-readings 20) */
                args[i] = tir_var_ref(b->a, ca.pos[i].buf->data, ca.pos[i].loc);
            else
                args[i] = sb_to_expr(b, &ca.pos[i]);
            if (!args[i])
                return none;
        }
        tir_expr *e = sb_call_node(b, rt, NULL, args, ca.n, x->loc);
        e->callee = f.s;
        return sv_expr(e);
    }
    default:
        ERR(b, x->loc, "this expression is not callable");
        return none;
    }
}

/* An access whose indices have different widths only because some take the
 * width of Python literals (A[i, 0], or B[j, i] with i a loop over
 * range(16) and j one over an int64 n) did not choose two widths: those
 * indices are widened to int64 here, as the checker widens mixed indices
 * (spec-readings 12), so that only programs that really mix widths (two
 * variables of different widths, or literals of both) get its warning, and
 * under --strict its error.  TVM's parser builds these accesses mixed,
 * since a literal is int32 whatever it indexes with. */
static void widen_literal_indices(builder *b, tir_expr **ix, uint32_t n)
{
    bool chosen64 = false, narrow = false;
    for (uint32_t i = 0; i < n; i++) {
        if (!tir_dt_is_int(ix[i]->dtype) || tir_dt_is_bool(ix[i]->dtype))
            return;
        if (ix[i]->dtype.bits == 64)
            chosen64 |= !sb_weak_index(b, ix[i]);
        else if (!sb_weak_index(b, ix[i]))
            return; /* a narrower width the program chose */
        else
            narrow = true;
    }
    for (uint32_t i = 0; chosen64 && narrow && i < n; i++)
        if (ix[i]->dtype.bits < 64)
            ix[i] = tir_cast(b->a, tir_dt(TIR_CODE_INT, 64, ix[i]->dtype.lanes), ix[i], ix[i]->loc);
}

/* Subscript on a buffer: a load, or a region where one is expected (6.6). */
sval sb_region_or_load(builder *b, tir_buffer *buf, const py_expr *index, bool want_region)
{
    sval none = sv_none(index->loc);
    uint32_t n = 1;
    py_expr *const *idx = (py_expr *const *)&index;
    if (index->kind == PY_TUPLE) {
        n = index->nitems;
        idx = index->items;
    }
    if (n != buf->ndim) {
        ERR(b, index->loc, "buffer '%s' has %u dimension%s but is indexed with %u", buf->name, buf->ndim,
            buf->ndim == 1 ? "" : "s", n);
        return none;
    }
    tir_expr **ix = tir_arena_alloc(b->a, (n ? n : 1) * sizeof *ix);
    tir_expr **ext = tir_arena_alloc(b->a, (n ? n : 1) * sizeof *ext);
    bool any_slice = false;
    for (uint32_t i = 0; i < n; i++) {
        const py_expr *p = idx[i];
        if (p->kind == PY_SLICE && !want_region) {
            /* A[lo:hi:step] in an expression is a Ramp over the last index (5.2, 6.6). */
            if (i + 1 != n || !p->lo || !p->hi) {
                ERR(b, p->loc, "a vector slice needs both bounds and must be the last index");
                return none;
            }
            sval slo = sb_eval(b, p->lo), shi = sb_eval(b, p->hi);
            tir_expr *elo = sb_to_expr(b, &slo), *ehi = elo ? sb_to_expr_as(b, &shi, elo->dtype) : NULL;
            if (!elo || !ehi)
                return none;
            int64_t step = 1, span;
            if (p->step) {
                sval sst = sb_eval(b, p->step);
                if (!sb_py_int_of(b, &sst, &step, "a slice step"))
                    return none;
                if (step <= 0) {
                    ERR(b, p->step->loc, "a slice step must be positive");
                    return none;
                }
            }
            if (!tir_const_difference(ehi, elo, &span) || span <= 0) {
                ERR(b, p->loc, "the length of a vector slice must be a positive constant");
                return none;
            }
            int64_t lanes = (span + step - 1) / step;
            if (lanes > 64) {
                ERR(b, p->loc, "a vector slice has %lld lanes; at most 64 are allowed", (long long)lanes);
                return none;
            }
            if (lanes == 1) {
                ix[i] = elo;
            } else {
                tir_expr *r = tir_expr_new(b->a, TIR_E_RAMP, tir_dt_with_lanes(elo->dtype, (uint16_t)lanes), p->loc);
                r->a = elo;
                r->b = tir_int(b->a, tir_dt_with_lanes(elo->dtype, 1), step, p->loc);
                r->lanes = (int)lanes;
                ix[i] = r;
            }
            ext[i] = NULL;
            continue;
        }
        if (p->kind == PY_SLICE) {
            any_slice = true;
            if (p->step) {
                ERR(b, p->loc, "a region cannot have a step");
                return none;
            }
            sval lo = p->lo ? sb_eval(b, p->lo) : sv_none(p->loc);
            sval hi = p->hi ? sb_eval(b, p->hi) : sv_none(p->loc);
            if (!p->lo) {
                lo.kind = SV_PYINT;
                lo.i = 0;
            }
            tir_expr *elo = sb_to_expr(b, &lo);
            tir_expr *ehi = p->hi ? sb_to_expr(b, &hi) : buf->shape[i];
            if (!elo || !ehi)
                return none;
            sval s_lo = sv_expr(elo), s_hi = sv_expr(ehi);
            ix[i] = elo;
            ext[i] = sb_arith(b, TIR_E_SUB, &s_hi, &s_lo, p->loc);
            if (!ext[i])
                return none;
        } else {
            sval v = sb_eval(b, p);
            ix[i] = sb_to_expr(b, &v);
            if (!ix[i])
                return none;
            ext[i] = tir_int(b->a, tir_dt_with_lanes(ix[i]->dtype, 1), 1, p->loc);
        }
    }
    if (want_region) {
        sval r = none;
        r.kind = SV_REGION;
        r.region.buffer = buf;
        r.region.n = n;
        r.region.mins = ix;
        r.region.extents = ext;
        r.region.loc = index->loc;
        return r;
    }
    (void)any_slice;
    widen_literal_indices(b, ix, n);
    tir_expr *e = tir_expr_new(b->a, TIR_E_LOAD, buf->dtype, index->loc);
    e->buffer = buf;
    e->nargs = n;
    e->args = ix;
    if (n > 0 && ix[n - 1]->dtype.lanes > 1)
        e->dtype.lanes = (uint16_t)(buf->dtype.lanes * ix[n - 1]->dtype.lanes);
    return sv_expr(e);
}

sval sb_eval_subscript(builder *b, const py_expr *x, bool want_region)
{
    sval base = sb_eval(b, x->value);
    if (base.kind == SV_BUFFER) {
        sval r = sb_region_or_load(b, base.buf, x->index, want_region);
        if (r.kind != SV_NONE)
            r.loc = x->loc;
        if (r.kind == SV_EXPR)
            r.e->loc = x->loc;
        return r;
    }
    if (base.kind == SV_TUPLE) {
        sval i = sb_eval(b, x->index);
        if (i.kind == SV_PYINT && i.i >= 0 && (uint64_t)i.i < base.n)
            return base.items[i.i];
        ERR(b, x->index->loc, "tuple index out of range");
        return sv_none(x->loc);
    }
    if (base.kind != SV_NONE)
        ERR(b, x->loc, "only buffers can be subscripted");
    return sv_none(x->loc);
}

static sval eval_seq(builder *b, const py_expr *x)
{
    sval v = sv_none(x->loc);
    v.kind = SV_TUPLE;
    v.n = x->nitems;
    v.items = tir_arena_alloc(b->a, (x->nitems ? x->nitems : 1) * sizeof(sval));
    for (uint32_t i = 0; i < x->nitems; i++)
        v.items[i] = sb_eval(b, x->items[i]);
    return v;
}

sval sb_eval_binop(builder *b, const py_expr *x)
{
    sval l = sb_eval(b, x->lhs), r = sb_eval(b, x->rhs);
    if (l.kind == SV_NONE || r.kind == SV_NONE)
        return sv_none(x->loc);
    tir_expr_kind k;
    switch (x->op) {
    case PY_OP_ADD: k = TIR_E_ADD; break;
    case PY_OP_SUB: k = TIR_E_SUB; break;
    case PY_OP_MUL: k = TIR_E_MUL; break;
    case PY_OP_FLOORDIV: k = TIR_E_FLOORDIV; break;
    case PY_OP_MOD: k = TIR_E_FLOORMOD; break;
    case PY_OP_DIV: {
        /* `/` on two signed (or Python) integers is ambiguous in TVM (6.3). */
        tir_expr *ex = sb_to_expr(b, &l), *ey = sb_to_expr(b, &r);
        if (!ex || !ey)
            return sv_none(x->loc);
        if (ex->dtype.code == TIR_CODE_INT && ey->dtype.code == TIR_CODE_INT) {
            ERR(b, x->loc, "'/' on integers is ambiguous: use T.truncdiv, T.floordiv (//) or a float operand");
            return sv_none(x->loc);
        }
        k = TIR_E_DIV;
        break;
    }
    case PY_OP_LSHIFT: case PY_OP_RSHIFT: case PY_OP_BITAND: case PY_OP_BITOR: case PY_OP_BITXOR: {
        static const char *const names[] = {"shift_left", "shift_right", "bitwise_and", "bitwise_or", "bitwise_xor"};
        const char *nm = names[x->op == PY_OP_LSHIFT ? 0 : x->op == PY_OP_RSHIFT ? 1 : x->op == PY_OP_BITAND ? 2 : x->op == PY_OP_BITOR ? 3 : 4];
        tir_expr *ex = sb_to_expr(b, &l), *ey = sb_to_expr(b, &r);
        if (!ex || !ey || !sb_match_types(b, &ex, &ey, x->loc, nm))
            return sv_none(x->loc);
        if (!tir_dt_is_int(ex->dtype)) {
            ERR(b, x->loc, "%s expects integer operands, got %s", nm, tir_dtype_name(ex->dtype));
            return sv_none(x->loc);
        }
        tir_expr *args[2] = {ex, ey};
        return sv_expr(sb_call_node(b, ex->dtype, sb_op_name(b, nm), args, 2, x->loc));
    }
    default:
        ERR(b, x->loc, "operator not supported in TIR (use T.pow for powers)");
        return sv_none(x->loc);
    }
    if ((k == TIR_E_FLOORDIV || k == TIR_E_FLOORMOD) && l.kind != SV_PYFLOAT && r.kind != SV_PYFLOAT) {
        tir_expr *ex = sb_to_expr(b, &l), *ey = sb_to_expr(b, &r);
        if (ex && ey && (tir_dt_is_float(ex->dtype) || tir_dt_is_float(ey->dtype))) {
            ERR(b, x->loc, "'%s' is not defined on floats in TVMScript", k == TIR_E_FLOORDIV ? "//" : "%");
            return sv_none(x->loc);
        }
    }
    /* Python-int arithmetic stays a Python int, as in Python itself. */
    if (l.kind == SV_PYINT && r.kind == SV_PYINT && k != TIR_E_DIV) {
        sval v = l;
        uint64_t a = (uint64_t)l.i, c = (uint64_t)r.i;
        switch (k) {
        case TIR_E_ADD: v.i = (int64_t)(a + c); return v;
        case TIR_E_SUB: v.i = (int64_t)(a - c); return v;
        case TIR_E_MUL: v.i = (int64_t)(a * c); return v;
        default: break;
        }
    }
    tir_expr *e = sb_arith(b, k, &l, &r, x->loc);
    return e ? sv_expr(e) : sv_none(x->loc);
}

static sval eval_unary(builder *b, const py_expr *x)
{
    sval v = sb_eval(b, x->value);
    if (v.kind == SV_NONE)
        return v;
    switch (x->op) {
    case PY_OP_POS: return v;
    case PY_OP_NEG:
        if (v.kind == SV_PYINT) {
            if (v.big && (uint64_t)v.i != (uint64_t)1 << 63) {
                ERR(b, x->loc, "integer literal too large");
                return sv_none(x->loc);
            }
            v.i = (int64_t)(0 - (uint64_t)v.i); /* -2^63 is exactly INT64_MIN */
            v.big = false;
            v.loc = x->loc;
            return v;
        }
        if (v.kind == SV_PYFLOAT) {
            v.f = -v.f;
            v.loc = x->loc;
            return v;
        }
        if (v.kind == SV_EXPR) {
            tir_expr *e = v.e;
            if (e->kind == TIR_E_INT && tir_dt_is_int(e->dtype)) {
                tir_expr *c = tir_fold_neg(b->a, e);
                return sv_expr(c);
            }
            if (e->kind == TIR_E_FLOAT)
                return sv_expr(tir_float(b->a, e->dtype, -e->fval, x->loc));
            tir_expr *m1 = tir_dt_is_float(e->dtype) ? tir_float(b->a, tir_dt_with_lanes(e->dtype, 1), -1.0, x->loc)
                                                     : tir_int(b->a, tir_dt_with_lanes(e->dtype, 1), -1, x->loc);
            if (e->dtype.lanes > 1)
                m1 = sb_broadcast(b, m1, e->dtype.lanes);
            return sv_expr(tir_binary(b->a, TIR_E_MUL, e, m1, x->loc));
        }
        break;
    case PY_OP_NOT: {
        if (v.kind == SV_PYBOOL) {
            v.i = !v.i;
            return v;
        }
        tir_expr *e = sb_to_bool_expr(b, &v);
        if (!e)
            return sv_none(x->loc);
        tir_expr *n = tir_expr_new(b->a, TIR_E_NOT, tir_dt(TIR_CODE_UINT, 1, e->dtype.lanes), x->loc);
        n->a = e;
        return sv_expr(n);
    }
    case PY_OP_INVERT: {
        tir_expr *e = sb_to_expr(b, &v);
        if (!e)
            return sv_none(x->loc);
        if (!tir_dt_is_int(e->dtype)) {
            ERR(b, x->loc, "~ expects an integer operand, got %s", tir_dtype_name(e->dtype));
            return sv_none(x->loc);
        }
        tir_expr *args[1] = {e};
        return sv_expr(sb_call_node(b, e->dtype, "tir.bitwise_not", args, 1, x->loc));
    }
    default: break;
    }
    UNSUPPORTED(b, x->loc, "unary operator");
    return sv_none(x->loc);
}

static sval eval_boolop(builder *b, const py_expr *x)
{
    sval l = sb_eval(b, x->lhs), r = sb_eval(b, x->rhs);
    if (l.kind == SV_NONE || r.kind == SV_NONE)
        return sv_none(x->loc);
    if (l.kind == SV_PYBOOL && r.kind == SV_PYBOOL) {
        l.i = x->op == PY_OP_AND ? (l.i && r.i) : (l.i || r.i);
        return l;
    }
    tir_expr *ea = sb_to_bool_expr(b, &l), *eb = sb_to_bool_expr(b, &r);
    if (!ea || !eb)
        return sv_none(x->loc);
    if (ea->dtype.lanes > 1 || eb->dtype.lanes > 1) {
        /* a vector and a scalar: the scalar is broadcast, as TVM does */
        if (ea->dtype.lanes == 1)
            ea = sb_broadcast(b, ea, eb->dtype.lanes);
        else if (eb->dtype.lanes == 1)
            eb = sb_broadcast(b, eb, ea->dtype.lanes);
        tir_expr *args[2] = {ea, eb};
        return sv_expr(sb_call_node(b, ea->dtype, x->op == PY_OP_AND ? "tir.bitwise_and" : "tir.bitwise_or", args, 2, x->loc));
    }
    tir_expr *e = tir_expr_new(b->a, x->op == PY_OP_AND ? TIR_E_AND : TIR_E_OR, ea->dtype, x->loc);
    e->a = ea;
    e->b = eb;
    return sv_expr(e);
}

static sval eval_compare(builder *b, const py_expr *x)
{
    sval l = sb_eval(b, x->lhs), r = sb_eval(b, x->rhs);
    if (l.kind == SV_NONE || r.kind == SV_NONE)
        return sv_none(x->loc);
    tir_expr_kind k;
    switch (x->op) {
    case PY_OP_EQ: k = TIR_E_EQ; break;
    case PY_OP_NE: k = TIR_E_NE; break;
    case PY_OP_LT: k = TIR_E_LT; break;
    case PY_OP_LE: k = TIR_E_LE; break;
    case PY_OP_GT: k = TIR_E_GT; break;
    case PY_OP_GE: k = TIR_E_GE; break;
    default:
        ERR(b, x->loc, "'is' and 'in' are not supported in TIR");
        return sv_none(x->loc);
    }
    /* Two Python numbers compare at parse time, as in Python. */
    if ((l.kind == SV_PYINT || l.kind == SV_PYBOOL) && (r.kind == SV_PYINT || r.kind == SV_PYBOOL)) {
        sval v = l;
        v.kind = SV_PYBOOL;
        switch (k) {
        case TIR_E_EQ: v.i = l.i == r.i; break;
        case TIR_E_NE: v.i = l.i != r.i; break;
        case TIR_E_LT: v.i = l.i < r.i; break;
        case TIR_E_LE: v.i = l.i <= r.i; break;
        case TIR_E_GT: v.i = l.i > r.i; break;
        default: v.i = l.i >= r.i; break;
        }
        return v;
    }
    tir_expr *e = sb_compare(b, k, &l, &r, x->loc);
    return e ? sv_expr(e) : sv_none(x->loc);
}

static sval eval_inner(builder *b, const py_expr *x)
{
    sval v = sv_none(x->loc);
    switch (x->kind) {
    case PY_NAME: return eval_name(b, x);
    case PY_INT:
        if (x->int_too_big) {
            ERR(b, x->loc, "integer literal too large (more than 64 bits)");
            return v;
        }
        v.kind = SV_PYINT;
        v.i = (int64_t)x->ival;
        v.big = x->ival > (uint64_t)INT64_MAX; /* only a uint64 constant, or -2^63, can use it */
        return v;
    case PY_FLOAT: v.kind = SV_PYFLOAT; v.f = x->fval; return v;
    case PY_TRUE: v.kind = SV_PYBOOL; v.i = 1; return v;
    case PY_FALSE: v.kind = SV_PYBOOL; v.i = 0; return v;
    case PY_NONE: return v;
    case PY_STR:
        if (x->fstring) {
            ERR(b, x->loc, "f-strings are not supported in TVMScript");
            return v;
        }
        v.kind = SV_STR;
        v.s = x->str;
        return v;
    case PY_ATTR: return eval_attr(b, x);
    case PY_CALL: return eval_call(b, x);
    case PY_SUBSCRIPT: return sb_eval_subscript(b, x, false);
    case PY_TUPLE: case PY_LIST: return eval_seq(b, x);
    case PY_DICT:
        v.kind = SV_DICT;
        v.n = x->nitems;
        v.items = tir_arena_alloc(b->a, (x->nitems ? x->nitems : 1) * sizeof(sval));
        v.values = tir_arena_alloc(b->a, (x->nitems ? x->nitems : 1) * sizeof(sval));
        for (uint32_t i = 0; i < x->nitems; i++) {
            v.items[i] = sb_eval(b, x->items[i]);
            v.values[i] = sb_eval(b, x->values[i]);
        }
        return v;
    case PY_BINOP: return sb_eval_binop(b, x);
    case PY_UNARY: return eval_unary(b, x);
    case PY_BOOLOP: return eval_boolop(b, x);
    case PY_COMPARE: return eval_compare(b, x);
    case PY_IFEXP: {
        sval c = sb_eval(b, x->test);
        if (c.kind == SV_PYBOOL || c.kind == SV_PYINT)
            return sb_eval(b, c.i ? x->body : x->orelse);
        sval t = sb_eval(b, x->body), f = sb_eval(b, x->orelse);
        tir_expr *ec = sb_to_bool_expr(b, &c), *et = sb_to_expr(b, &t), *ef = sb_to_expr(b, &f);
        if (!ec || !et || !ef || !sb_match_types(b, &et, &ef, x->loc, "if_then_else"))
            return v;
        tir_expr *args[3] = {ec, et, ef};
        return sv_expr(sb_call_node(b, et->dtype, "tir.if_then_else", args, 3, x->loc));
    }
    case PY_SLICE:
        ERR(b, x->loc, "a slice is only allowed inside a subscript");
        return v;
    }
    return v;
}

/* Deepest expression the builder walks: deeper trees (a + a + ... with
 * thousands of terms) are refused before any recursive pass could exhaust
 * the C stack. */
#define MAX_EXPR_DEPTH 2000

sval sb_eval(builder *b, const py_expr *x)
{
    if (b->depth >= MAX_EXPR_DEPTH) {
        if (b->depth == MAX_EXPR_DEPTH) {
            ERR(b, x->loc, "expression nested more than %d levels deep", MAX_EXPR_DEPTH);
            b->depth++;
        }
        return sv_none(x->loc);
    }
    b->depth++;
    int errors = b->d->nerrors;
    sval v = eval_inner(b, x);
    b->depth--;
    if (v.kind == SV_NONE && b->d->nerrors > errors)
        v.poisoned = true; /* what uses it stays quiet about it */
    return v;
}

/* Is this statement a call of T.<name>? */
bool sb_is_t_call(builder *b, const py_expr *e, const char *name)
{
    if (!e || e->kind != PY_CALL || e->func->kind != PY_ATTR)
        return false;
    const py_expr *f = e->func;
    size_t nl = strlen(name);
    const char *dot = strchr(name, '.');
    if (dot) {
        /* T.axis.remap style: func is Attr(Attr(Name T, axis), remap) */
        if (f->value->kind != PY_ATTR || f->value->value->kind != PY_NAME)
            return false;
        size_t l1 = (size_t)(dot - name);
        return b->t_alias && strcmp(f->value->value->name, b->t_alias) == 0 && strlen(f->value->name) == l1 &&
               strncmp(f->value->name, name, l1) == 0 && strcmp(f->name, dot + 1) == 0;
    }
    (void)nl;
    return f->value->kind == PY_NAME && b->t_alias && strcmp(f->value->name, b->t_alias) == 0 &&
           strcmp(sb_canonical_t_name(b, f->name), name) == 0;
}

bool sb_dtype_name(const char *name, tir_dtype *out)
{
    /* TVM 0.25's short aliases: T.f32 is T.float32, T.i8 is T.int8, ... */
    static const struct {
        const char *alias, *dtype;
    } aliases[] = {{"f16", "float16"}, {"f32", "float32"}, {"f64", "float64"}, {"bf16", "bfloat16"},
                   {"i8", "int8"},     {"i16", "int16"},   {"i32", "int32"},   {"i64", "int64"},
                   {"u8", "uint8"},    {"u16", "uint16"},  {"u32", "uint32"},  {"u64", "uint64"},
                   {"boolean", "bool"}, {"int1", "bool"}, {"uint1", "bool"}};
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(name, aliases[i].alias) == 0)
            name = aliases[i].dtype;
    return tir_dtype_parse(name, strlen(name), out);
}

const char *sb_canonical_t_name(const builder *b, const char *name)
{
    static const struct {
        const char *tirx, *classic;
    } renames[] = {
        /* 0.24 renamed the block forms (tvmscript-tirx.md 1.6) */
        {"sblock", "block"},
        {"sblock_attr", "block_attr"},
        {"sblock_alloc_buffer", "alloc_buffer"},
        /* and made T.alloc_buffer a flat allocation anywhere (1.7) */
        {"alloc_buffer", "tirx_alloc_buffer"},
        {"alloc_local", "tirx_alloc_local"},
        {"Bind", "bind"},
    };
    if (!b->tirx)
        return name;
    for (size_t i = 0; i < sizeof renames / sizeof renames[0]; i++)
        if (strcmp(name, renames[i].tirx) == 0)
            return renames[i].classic;
    return name;
}

bool sb_is_t_call_prefix(builder *b, const py_expr *e, const char *prefix)
{
    if (!e || e->kind != PY_CALL || e->func->kind != PY_ATTR)
        return false;
    const py_expr *f = e->func;
    return f->value->kind == PY_ATTR && f->value->value->kind == PY_NAME && b->t_alias &&
           strcmp(f->value->value->name, b->t_alias) == 0 && strcmp(f->value->name, prefix) == 0;
}

/* The dtype a Python annotation (T.int32, T.handle, ...) names. */
bool sb_annotation_dtype(builder *b, const py_expr *ann, tir_dtype *out)
{
    /* T.handle("float32") / T.ptr(...): a pointer, the handle dtype (the
     * binding takes the pointee from its value) */
    if (ann->kind == PY_CALL && ann->func->kind == PY_ATTR && ann->func->value->kind == PY_NAME && b->t_alias &&
        strcmp(ann->func->value->name, b->t_alias) == 0 &&
        (strcmp(ann->func->name, "handle") == 0 || strcmp(ann->func->name, "ptr") == 0 ||
         strcmp(ann->func->name, "Ptr") == 0)) {
        *out = TIR_DT_HANDLE;
        return true;
    }
    sval v = sb_eval(b, ann);
    if (v.kind == SV_TFUNC && !v.is_dialect_ir) {
        if (strcmp(v.s, "handle") == 0) {
            *out = TIR_DT_HANDLE;
            return true;
        }
        if (sb_dtype_name(v.s, out))
            return true;
    }
    if (v.kind == SV_STR && tir_dtype_parse(v.s, strlen(v.s), out))
        return true;
    if (v.kind == SV_TFUNC && !v.is_dialect_ir) {
        static const char *const types[] = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                                            "uint64", "float16", "float32", "float64", "bfloat16", "bool",
                                            "handle", "Buffer"};
        ERR(b, ann->loc, "expected a type annotation such as T.int32, got T.%s%s", v.s,
            sb_t_hint(b, v.s, types, sizeof types / sizeof types[0]));
    } else if (!v.poisoned) {
        ERR(b, ann->loc, "expected a type annotation such as T.int32");
    }
    return false;
}

