/* libFuzzer target: modules that verify by construction, run under limits.
 *
 * Random bytes rarely make a module the verifier accepts, so the
 * interpreter's paths on valid but hostile modules get little coverage from
 * the byte-level targets.  This one reads the input as a stream of choices
 * and builds a module in memory that passes the verifier by construction:
 * several functions that call each other (recursion included, bounded by a
 * "fuel" parameter where a function has one), counted loops and
 * compare-and-branch loops, if/else, parallel regions (nested, one-iteration,
 * empty, re-entered from their body, left without parend), alloc and free of
 * buffers with sizes in registers, vector registers of up to the widest lane
 * count, and every other instruction of the table: the plain instructions
 * are picked from tirbc_ops (stem first, then value kind) and each operand
 * is chosen from its row of operands.def (register kinds, vector lanes,
 * buffers of the right element kind, lane functions, constants, strings),
 * so new instructions are generated without changes here.  Jumps that leave
 * the structure (to any instruction start) are mixed in.
 *
 * The module is written with tirbc_write and loaded through the public API
 * into one runtime with two threads (tirvm_runtime_load verifies it); then
 * every function is called, main first, with tensors allocated to its
 * declared shapes and scalars from the input, under a step limit, a memory
 * limit and a timeout.  Any status is fine: a crash, a sanitizer report, a
 * hang or running out of memory is a finding.
 *
 * Built with -DFUZZ_STANDALONE it runs a fixed number of deterministic
 * pseudo-random inputs and prints TAP (the test suite's fuzz-tirbc-gen),
 * runs given input files (libFuzzer's artifacts), or writes the module an
 * input generates:
 *   fuzz_tirbc_gen [COUNT]               COUNT deterministic inputs (default 1500, 1000 under TSan)
 *   fuzz_tirbc_gen --run FILE...         run each input file
 *   fuzz_tirbc_gen --emit FILE OUT.tirbc write the module FILE generates (listing on stdout)
 * FUZZ_GEN_VERBOSE=1 prints each call's status and time on stderr.  Under
 * ThreadSanitizer (or with FUZZ_GEN_RACE_FREE=1 in the environment; 0 turns
 * it off) the modules are race-free: inside a parallel region's body a
 * module writes only buffers the body allocated itself, and never jumps out
 * of the body, since two workers storing to one buffer is the module's data
 * race, not the VM's. */
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "halffloat.h"
#include "opcodes.h"
#include "tirbc.h"
#include "tirvm.h"

#if defined(__SANITIZE_THREAD__)
#define GEN_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define GEN_TSAN 1
#endif
#endif
#ifndef GEN_TSAN
#define GEN_TSAN 0
#endif

#define GEN_MAX_FUNCS 5
#define GEN_MAX_PARAMS 6
#define GEN_CODE_CAP 6000   /* words of one function before no new statement starts */
#define GEN_MAX_DEPTH 5     /* nesting of loops, ifs and regions */
#define GEN_MAX_VREG_SLOTS 24000
#define GEN_KINDS 13        /* the value kinds bool ... f64 (tir_vtype before handle) */

/* Each call's limits: libFuzzer's; the test suite's deterministic run uses
 * fewer steps and a shorter timeout, to fit sanitizer builds' time. */
static uint64_t run_max_steps = 100000, run_timeout_ns = 1000000000;
#define RUN_MAX_MEMORY (16u << 20)
#define RUN_MAX_ELEMS (1u << 16) /* scalars of one host tensor */

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "fuzz_tirbc_gen: out of memory\n");
        abort();
    }
    return q;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xrealloc(NULL, n), s, n);
}

/* Appends room for one more element to a growable array. */
#define GROW(ptr, n, cap)                                      \
    do {                                                       \
        if ((n) >= (cap)) {                                    \
            (cap) = (cap) ? (cap) * 2 : 16;                    \
            (ptr) = xrealloc((ptr), (size_t)(cap) * sizeof *(ptr)); \
        }                                                      \
    } while (0)

/* ---- the input as a stream of choices -------------------------------------
 * Past its end every byte reads as 0, which always means the plain choice
 * (no rare event, the first option), and no new statement starts. */
typedef struct {
    const uint8_t *d;
    size_t n, i;
} fz;

static unsigned fz_u8(fz *s) { return s->i < s->n ? s->d[s->i++] : 0; }
static bool fz_done(const fz *s) { return s->i >= s->n; }
static unsigned fz_below(fz *s, unsigned n)
{
    if (n <= 1)
        return 0;
    unsigned v = fz_u8(s);
    if (n > 256)
        v = v << 8 | fz_u8(s);
    return v % n;
}
/* True with about pct percent; false past the end of the input. */
static bool fz_chance(fz *s, unsigned pct) { return fz_u8(s) * 100u >= (100u - pct) * 256u; }
static uint64_t fz_u64(fz *s)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | fz_u8(s);
    return v;
}

typedef struct {
    uint32_t *v;
    uint32_t n, cap;
} u32vec;

static void push(u32vec *a, uint32_t x)
{
    GROW(a->v, a->n, a->cap);
    a->v[a->n++] = x;
}

/* ---- what the instruction table offers, collected once ------------------- */
typedef struct {
    uint32_t first, count; /* a stem's opcodes: consecutive in the table */
} stem_range;

static struct {
    bool ready;
    stem_range plain[TIRBC_OP_COUNT]; /* instructions without control flow or calls */
    unsigned nplain;
    u32vec hostile;                  /* every instruction with a jump target, and the terminators */
    u32vec math1[GEN_KINDS], math2[GEN_KINDS], fused[GEN_KINDS];
    u32vec cmpbr;                    /* compare-and-branch: "ssj" */
    u32vec cmp;                      /* comparisons into a bool: "css" */
    u32vec condbr;                   /* branch on a bool: "bj" */
} tab;

static bool op_has_kind(uint32_t op, unsigned kind)
{
    for (unsigned i = 0; i < tirbc_ops[op].noperands; i++)
        if (tirbc_op_operand(op, i)->kind == kind)
            return true;
    return false;
}

static void tables_init(void)
{
    if (tab.ready)
        return;
    for (uint32_t op = 0; op < TIRBC_OP_COUNT; op++) {
        const tirbc_opinfo *in = &tirbc_ops[op];
        bool jumps = op_has_kind(op, TIRBC_OPK_JUMP), calls = op_has_kind(op, TIRBC_OPK_FUNC);
        bool term = op == TIRBC_OP_RET || op == TIRBC_OP_RETV || op == TIRBC_OP_PAREND || op == TIRBC_OP_TRAP;
        if (jumps || term)
            push(&tab.hostile, op);
        else if (!calls) {
            if (tab.nplain && strcmp(tirbc_ops[tab.plain[tab.nplain - 1].first].stem, in->stem) == 0)
                tab.plain[tab.nplain - 1].count++;
            else
                tab.plain[tab.nplain++] = (stem_range){op, 1};
        }
        if (in->vtype < GEN_KINDS) {
            unsigned ar = tirbc_op_math_arity(op);
            if (ar == 1)
                push(&tab.math1[in->vtype], op);
            if (ar == 2)
                push(&tab.math2[in->vtype], op);
        }
        for (unsigned k = 0; k < GEN_KINDS; k++)
            if (tirbc_fused_lane_op_ok(op, k))
                push(&tab.fused[k], op);
        if (strcmp(in->operands, "ssj") == 0)
            push(&tab.cmpbr, op);
        if (strcmp(in->operands, "css") == 0)
            push(&tab.cmp, op);
        if (strcmp(in->operands, "bj") == 0)
            push(&tab.condbr, op);
    }
    tab.ready = true;
}

/* ---- value kinds ---------------------------------------------------------- */
static const uint8_t int_kinds[] = {TIR_VT_BOOL, TIR_VT_I8, TIR_VT_I16, TIR_VT_I32, TIR_VT_I64,
                                    TIR_VT_U8, TIR_VT_U16, TIR_VT_U32, TIR_VT_U64};

static bool kind_is_int(unsigned k)
{
    for (size_t i = 0; i < sizeof int_kinds; i++)
        if (int_kinds[i] == k)
            return true;
    return false;
}
static bool kind_is_signed(unsigned k)
{
    return k == TIR_VT_I8 || k == TIR_VT_I16 || k == TIR_VT_I32 || k == TIR_VT_I64;
}
static unsigned kind_bits(unsigned k) { return k == TIR_VT_BOOL ? 1 : 8u * tir_vtype_sizes[k]; }

static unsigned pick_kind(fz *in) { return fz_below(in, GEN_KINDS); }
static unsigned pick_int_kind(fz *in)
{
    /* the usual index kinds more often */
    unsigned c = fz_below(in, 16);
    return c < 4 ? TIR_VT_I32 : c < 7 ? TIR_VT_I64 : int_kinds[c % sizeof int_kinds];
}

/* A register image (what ldk loads) of kind k: integers normalized to 64
 * bits, floats as their bits. */
static uint64_t normalize(unsigned k, uint64_t u)
{
    switch (k) {
    case TIR_VT_BOOL: return u & 1;
    case TIR_VT_I8: return (uint64_t)(((int64_t)(u & 0xff) ^ 0x80) - 0x80);
    case TIR_VT_I16: return (uint64_t)(((int64_t)(u & 0xffff) ^ 0x8000) - 0x8000);
    case TIR_VT_I32: return (uint64_t)(((int64_t)(u & 0xffffffffu) ^ 0x80000000) - 0x80000000);
    case TIR_VT_U8: return u & 0xff;
    case TIR_VT_U16: case TIR_VT_F16: case TIR_VT_BF16: return u & 0xffff;
    case TIR_VT_U32: case TIR_VT_F32: return u & 0xffffffffu;
    default: return u;
    }
}

static uint64_t image_of(unsigned k, double d)
{
    switch (k) {
    case TIR_VT_F32: {
        /* out of float's range the conversion is undefined: saturate to infinity */
        float f = d > FLT_MAX ? INFINITY : d < -FLT_MAX ? -INFINITY : (float)d;
        uint32_t b;
        memcpy(&b, &f, 4);
        return b;
    }
    case TIR_VT_F64: {
        uint64_t b;
        memcpy(&b, &d, 8);
        return b;
    }
    case TIR_VT_F16: return tir_f16_from_f64(d);
    case TIR_VT_BF16: return tir_bf16_from_f64(d);
    default:
        if (!(d >= -9.2e18 && d <= 9.2e18))
            d = 0;
        return normalize(k, (uint64_t)(int64_t)d);
    }
}

/* The least or greatest value of integer kind k, as its image. */
static uint64_t int_limit(unsigned k, bool max)
{
    unsigned b = kind_bits(k);
    if (kind_is_signed(k))
        return max ? ((uint64_t)1 << (b - 1)) - 1 : normalize(k, (uint64_t)1 << (b - 1));
    return max ? (b == 64 ? UINT64_MAX : ((uint64_t)1 << b) - 1) : 0;
}

/* A value of kind k: mostly small, sometimes a limit or a special float,
 * sometimes random bits, rarely an unnormalized image (a hostile module may
 * load any 64 bits into any register). */
static uint64_t pick_value(fz *in, unsigned k)
{
    static const double specials[] = {0.0, -0.0, 0.5, -1.5, 1e-40, 65504.0, 1e30, 3.4e38, 1e300, -7.25};
    unsigned c = fz_below(in, 32);
    if (c < 20)
        return image_of(k, (double)c - 2); /* -2 .. 17 */
    if (c < 25) {
        if (!kind_is_int(k)) {
            unsigned s = fz_below(in, 13);
            return s < 10 ? image_of(k, specials[s]) : image_of(k, s == 10 ? INFINITY : s == 11 ? -INFINITY : NAN);
        }
        return int_limit(k, c & 1);
    }
    if (c < 31)
        return normalize(k, fz_u64(in));
    return fz_u64(in);
}

/* ---- building one function --------------------------------------------- */
typedef struct {
    uint8_t kind;
    uint16_t lanes;
    uint32_t reg;
} vreg_info;

typedef struct {
    uint32_t at;    /* code word to patch */
    int32_t label;  /* -1: any instruction start, pick % count */
    uint32_t pick;
} fixup;

typedef struct gen gen;

typedef struct {
    gen *G;
    fz *in;                  /* the signature's choices come from the module's input, the body's from a slice */
    fz body_in;
    uint32_t fi;
    tirbc_function *f;
    uint32_t cap_params, cap_bufs, cap_regs, cap_code, cap_consts, cap_strings, cap_lines;
    u32vec wregs[GEN_KINDS]; /* scalar registers the body may overwrite, by kind */
    u32vec rregs[GEN_KINDS]; /* further registers it only reads (counters, fuel, small constants) */
    u32vec idx;              /* registers holding small constants, for indices, extents and strides */
    u32vec ivs;              /* induction variables of the loops and regions in scope */
    vreg_info *vregs;
    uint32_t nvregs, cap_vregs, vslots;
    uint16_t lanes[3];
    unsigned nlanes;
    u32vec starts;           /* instruction starts, for jumps anywhere */
    uint32_t *labels;
    uint32_t nlabels, cap_labels;
    fixup *fix;
    uint32_t nfix, cap_fix;
    uint32_t argblock[GEN_MAX_FUNCS]; /* first argument register for each callee, or UINT32_MAX */
    uint32_t size_reg;       /* i64: the size of prologue and prelude allocations */
    uint32_t zero32, one32;  /* i32 registers holding 0 and 1 */
    bool fuel;               /* parameter 0 is an i32 bound on the depth of calls */
    uint32_t fuel_reg;
    int depth;
    int region_depth;        /* parallel-region bodies around the code being generated */
    int32_t region_label;    /* the innermost region's par instruction, or -1 */
    u32vec priv;             /* race-free: buffers the enclosing bodies allocated, innermost last */
    uint32_t priv_floor;     /* where the innermost body's own buffers start in priv */
    uint32_t line;
} fgen;

struct gen {
    tirbc_module *m;
    bool race_free;
    unsigned nfuncs;
    fgen fg[GEN_MAX_FUNCS];
    uint8_t used[TIRBC_OP_COUNT]; /* opcodes emitted */
};

static uint32_t new_reg(fgen *F, unsigned kind)
{
    tirbc_function *f = F->f;
    GROW(f->regtypes, f->nregs, F->cap_regs);
    f->regtypes[f->nregs] = (tirbc_regtype){(uint8_t)kind, 1};
    return f->nregs++;
}

static uint32_t new_vreg(fgen *F, unsigned kind, unsigned lanes)
{
    tirbc_function *f = F->f;
    uint32_t slots = (uint32_t)((lanes * tir_vtype_sizes[kind] + 7) / 8), head = f->nregs;
    for (uint32_t s = 0; s < slots; s++) {
        GROW(f->regtypes, f->nregs, F->cap_regs);
        f->regtypes[f->nregs++] = (tirbc_regtype){(uint8_t)kind, (uint16_t)(s ? 0 : lanes)};
    }
    F->vslots += slots;
    GROW(F->vregs, F->nvregs, F->cap_vregs);
    F->vregs[F->nvregs++] = (vreg_info){(uint8_t)kind, (uint16_t)lanes, head};
    return head;
}

static uint32_t add_const(fgen *F, uint64_t v)
{
    tirbc_function *f = F->f;
    GROW(f->consts, f->nconsts, F->cap_consts);
    f->consts[f->nconsts] = v;
    return f->nconsts++;
}

static uint32_t add_string(fgen *F, const char *s)
{
    tirbc_function *f = F->f;
    GROW(f->strings, f->nstrings, F->cap_strings);
    f->strings[f->nstrings] = xstrdup(s);
    return f->nstrings++;
}

static uint32_t new_buffer(fgen *F, unsigned kind, uint8_t bkind)
{
    tirbc_function *f = F->f;
    GROW(f->buffers, f->nbuffers, F->cap_bufs);
    tirbc_buffer *b = &f->buffers[f->nbuffers];
    memset(b, 0, sizeof *b);
    char name[32];
    snprintf(name, sizeof name, "%s%u", bkind == TIRBC_BUF_ALLOC ? "t" : "B", f->nbuffers);
    b->name = xstrdup(name);
    b->dtype = tir_vtype_dtype((tir_vtype)kind);
    b->kind = bkind;
    b->elem_offset = (tirbc_dimref){TIRBC_DIM_CONST, 0};
    return f->nbuffers++;
}

/* ---- emission ----------------------------------------------------------- */
static void emit_word(fgen *F, uint32_t w)
{
    tirbc_function *f = F->f;
    GROW(f->code, f->ncode, F->cap_code);
    f->code[f->ncode++] = w;
}

static void emit_op(fgen *F, uint32_t op)
{
    push(&F->starts, F->f->ncode);
    F->G->used[op] = 1;
    emit_word(F, op);
}

static void emit(fgen *F, uint32_t op, const uint32_t *w)
{
    emit_op(F, op);
    for (unsigned i = 0; i < tirbc_ops[op].noperands; i++)
        emit_word(F, w[i]);
}

static void emit2(fgen *F, uint32_t op, uint32_t a, uint32_t b)
{
    uint32_t w[2] = {a, b};
    emit(F, op, w);
}

static int32_t new_label(fgen *F)
{
    GROW(F->labels, F->nlabels, F->cap_labels);
    F->labels[F->nlabels] = UINT32_MAX;
    return (int32_t)F->nlabels++;
}

static void bind_label(fgen *F, int32_t l) { F->labels[l] = F->f->ncode; }

/* Operand word `at` jumps to label l (-1: any instruction start). */
static void jump_to(fgen *F, uint32_t at, int32_t l)
{
    GROW(F->fix, F->nfix, F->cap_fix);
    F->fix[F->nfix++] = (fixup){at, l, l < 0 ? (uint32_t)fz_below(F->in, 65536) : 0};
}

static void emit_ldk(fgen *F, uint32_t reg, uint64_t v) { emit2(F, TIRBC_OP_LDK, reg, add_const(F, v)); }

/* ---- choosing operands ---------------------------------------------------- */
static fz *IN(fgen *F) { return F->in; }

static uint32_t pick_from(fgen *F, const u32vec *a) { return a->v[fz_below(IN(F), a->n)]; }

/* A scalar register of kind k to read. */
static uint32_t reg_read(fgen *F, unsigned k)
{
    const u32vec *w = &F->wregs[k], *r = &F->rregs[k];
    unsigned i = fz_below(IN(F), w->n + r->n);
    return i < w->n ? w->v[i] : r->v[i - w->n];
}

/* A scalar register of kind k to write: rarely one the structure relies on
 * (a loop counter, the fuel), as a hostile module would. */
static uint32_t reg_write(fgen *F, unsigned k)
{
    if (F->rregs[k].n && fz_chance(IN(F), 2))
        return pick_from(F, &F->rregs[k]);
    return pick_from(F, &F->wregs[k]);
}

/* An integer register read as an index, extent, stride or size: mostly a
 * small constant or an induction variable, so accesses often land inside
 * their buffer.  exact: not u64. */
static uint32_t reg_index(fgen *F, bool exact)
{
    unsigned c = fz_below(IN(F), 8);
    uint32_t r;
    if (c < 2)
        r = F->idx.v[fz_below(IN(F), 2)]; /* 0 or 1: strides that stay inside */
    else if (c < 4)
        r = pick_from(F, &F->idx);
    else if (c < 6 && F->ivs.n)
        r = F->ivs.v[F->ivs.n - 1 - fz_below(IN(F), F->ivs.n < 3 ? F->ivs.n : 3)];
    else
        r = reg_read(F, pick_int_kind(IN(F)));
    if (exact && F->f->regtypes[r].vtype == TIR_VT_U64)
        r = F->idx.v[0];
    return r;
}

static uint16_t pick_lanes(fgen *F) { return F->lanes[fz_below(IN(F), F->nlanes)]; }

static void emit_vinit(fgen *F, uint32_t vr, unsigned kind, unsigned lanes)
{
    int op = tirbc_op_typed(TIRBC_OP_VBCAST_BOOL, (tir_vtype)kind);
    if (op < 0)
        return;
    uint32_t w[3] = {vr, reg_read(F, kind), lanes};
    emit(F, (uint32_t)op, w);
}

/* A vector register of kind k and `lanes` lanes: one of the (at most two)
 * the function has, or a new one, usually filled from a scalar first. */
static uint32_t vreg_pick(fgen *F, unsigned kind, unsigned lanes)
{
    uint32_t have[2];
    unsigned n = 0;
    for (uint32_t i = 0; i < F->nvregs && n < 2; i++)
        if (F->vregs[i].kind == kind && F->vregs[i].lanes == lanes)
            have[n++] = F->vregs[i].reg;
    if (n && (n == 2 || F->vslots > GEN_MAX_VREG_SLOTS || !fz_chance(IN(F), 25)))
        return have[fz_below(IN(F), n)];
    uint32_t r = new_vreg(F, kind, lanes);
    if (!fz_chance(IN(F), 20))
        emit_vinit(F, r, kind, lanes);
    return r;
}

static int64_t pick_alloc_size(fz *in)
{
    unsigned c = fz_below(in, 64);
    if (c < 3)
        return c; /* 0 to 2 elements */
    if (c < 50)
        return 3 + (int64_t)fz_below(in, 126);
    if (c < 61)
        return 128 + (int64_t)fz_below(in, 4096);
    if (c < 63)
        return (int64_t)1 << (16 + fz_below(in, 10)); /* up to 2^25 elements: past the memory limit */
    return -1 - (int64_t)fz_below(in, 3);
}

/* alloc b with a size from the input (prologues and preludes). */
static void emit_alloc(fgen *F, uint32_t b)
{
    emit_ldk(F, F->size_reg, (uint64_t)pick_alloc_size(IN(F)));
    emit2(F, TIRBC_OP_ALLOC, b, F->size_reg);
}

static bool buf_ok(const tirbc_buffer *b, unsigned kind, bool alloc_only)
{
    return (kind == TIR_VT_NONE || tir_dtype_vtype(b->dtype) == kind) && (!alloc_only || b->kind == TIRBC_BUF_ALLOC);
}

/* A buffer of element kind `kind` (TIR_VT_NONE: any).  Race-free inside a
 * region's body, a buffer written (or allocated) is one the body allocated
 * itself on the way here; otherwise any buffer of the function, or a new
 * alloc buffer, allocated right here. */
static uint32_t buf_pick(fgen *F, unsigned kind, bool write, bool alloc_only)
{
    tirbc_function *f = F->f;
    if (kind == TIR_VT_NONE && (f->nbuffers == 0 || fz_chance(IN(F), 10)))
        kind = pick_kind(IN(F));
    if (F->G->race_free && F->region_depth > 0 && (write || alloc_only)) {
        uint32_t cand[16], n = 0;
        for (uint32_t i = F->priv_floor; i < F->priv.n && n < 16; i++)
            if (buf_ok(&f->buffers[F->priv.v[i]], kind, false))
                cand[n++] = F->priv.v[i];
        if (n && !fz_chance(IN(F), 15))
            return cand[fz_below(IN(F), n)];
        uint32_t b = new_buffer(F, kind == TIR_VT_NONE ? pick_kind(IN(F)) : kind, TIRBC_BUF_ALLOC);
        emit_alloc(F, b);
        push(&F->priv, b);
        return b;
    }
    uint32_t cand[64], n = 0;
    for (uint32_t i = 0; i < f->nbuffers && n < 64; i++)
        if (buf_ok(&f->buffers[i], kind, alloc_only))
            cand[n++] = i;
    if (n && !fz_chance(IN(F), 8))
        return cand[fz_below(IN(F), n)];
    uint32_t b = new_buffer(F, kind == TIR_VT_NONE ? pick_kind(IN(F)) : kind, TIRBC_BUF_ALLOC);
    if (!fz_chance(IN(F), 10))
        emit_alloc(F, b);
    return b;
}

/* The register kind an operand's TYPE rule asks for. */
static unsigned operand_kind(fgen *F, const tirbc_operand_info *o, unsigned T, unsigned kimm, unsigned xkind)
{
    switch (o->type) {
    case TIRBC_OPT_T: return T;
    case TIRBC_OPT_ANY: return pick_kind(IN(F));
    case TIRBC_OPT_SAME_AS_X: return xkind;
    case TIRBC_OPT_INT: return pick_int_kind(IN(F));
    case TIRBC_OPT_INT_EXACT: {
        unsigned k = pick_int_kind(IN(F));
        return k == TIR_VT_U64 ? TIR_VT_I64 : k;
    }
    case TIRBC_OPT_RET: return tir_dtype_vtype(F->f->ret_dtype);
    case TIRBC_OPT_SAME_SIZE: {
        unsigned cand[GEN_KINDS], n = 0;
        for (unsigned k = 0; k < GEN_KINDS; k++)
            if (k != TIR_VT_BOOL && tir_vtype_sizes[k] == tir_vtype_sizes[T])
                cand[n++] = k;
        return cand[fz_below(IN(F), n)];
    }
    case TIRBC_OPT_KIND_IMM: return kimm;
    default: return tirbc_operand_fixed_vtype(o);
    }
}

/* Chooses the operand words of `op` from operands.def, emitting what an
 * operand needs first (a buffer's allocation, a vector's contents, gather
 * indices).  Jump operands are left to the caller (*jumps marks them);
 * returns false for an instruction this cannot fill (calls; retv in a
 * function without a result). */
static bool fill_operands(fgen *F, uint32_t op, uint32_t *w, uint32_t *jumps)
{
    const tirbc_opinfo *in = &tirbc_ops[op];
    unsigned T = in->vtype, lanes = 0, kimm = TIR_VT_NONE, xkind = TIR_VT_NONE;
    *jumps = 0;
    /* the lane count and value-kind immediates govern the other operands */
    for (unsigned i = 0; i < in->noperands; i++) {
        const tirbc_operand_info *o = tirbc_op_operand(op, i);
        if (o->kind == TIRBC_OPK_LANES)
            w[i] = lanes = pick_lanes(F);
        else if (o->kind == TIRBC_OPK_VTYPE) {
            if (o->check == TIRBC_OPC_INT_KIND)
                kimm = int_kinds[1 + fz_below(IN(F), sizeof int_kinds - 1)];
            else
                kimm = pick_kind(IN(F));
            w[i] = kimm;
        }
    }
    for (unsigned i = 0; i < in->noperands; i++) {
        const tirbc_operand_info *o = tirbc_op_operand(op, i);
        switch (o->kind) {
        case TIRBC_OPK_REG: {
            if (o->type == TIRBC_OPT_RET && tir_dt_is_void(F->f->ret_dtype))
                return false;
            unsigned k = operand_kind(F, o, T, kimm, xkind);
            if (o->type == TIRBC_OPT_ANY)
                xkind = k;
            if (o->access == TIRBC_OPA_WRITE)
                w[i] = reg_write(F, k);
            else if ((o->type == TIRBC_OPT_INT || o->type == TIRBC_OPT_INT_EXACT) && fz_chance(IN(F), 70))
                w[i] = reg_index(F, o->type == TIRBC_OPT_INT_EXACT);
            else
                w[i] = reg_read(F, k);
            break;
        }
        case TIRBC_OPK_VREG: {
            unsigned k = operand_kind(F, o, T, kimm, xkind);
            w[i] = vreg_pick(F, k, lanes);
            if (k == TIR_VT_I64 && o->type != TIRBC_OPT_T && fz_chance(IN(F), 70)) {
                /* gather/scatter indices: a ramp from a small start */
                int ramp = tirbc_op_typed(TIRBC_OP_VRAMP_BOOL, TIR_VT_I64);
                uint32_t rw[4] = {w[i], reg_index(F, false), reg_index(F, false), lanes};
                if (ramp >= 0 && F->f->regtypes[rw[1]].vtype == TIR_VT_I64 && F->f->regtypes[rw[2]].vtype == TIR_VT_I64)
                    emit(F, (uint32_t)ramp, rw);
            }
            break;
        }
        case TIRBC_OPK_BUF: {
            unsigned k = o->type == TIRBC_OPT_KIND_IMM ? kimm : o->type == TIRBC_OPT_T ? T : TIR_VT_NONE;
            w[i] = buf_pick(F, k, o->access == TIRBC_OPA_WRITE, o->check == TIRBC_OPC_ALLOC_BUFFER);
            break;
        }
        case TIRBC_OPK_CONST:
            if (o->check == TIRBC_OPC_BUF_ARGS)
                return false;
            w[i] = add_const(F, pick_value(IN(F), xkind == TIR_VT_NONE ? pick_kind(IN(F)) : xkind));
            break;
        case TIRBC_OPK_STR: {
            char msg[48];
            snprintf(msg, sizeof msg, "message %u of %s", F->f->nstrings, F->f->name);
            w[i] = add_string(F, msg);
            break;
        }
        case TIRBC_OPK_JUMP:
            w[i] = 0;
            *jumps |= 1u << i;
            break;
        case TIRBC_OPK_FUNC:
        case TIRBC_OPK_ARGS:
            return false;
        case TIRBC_OPK_LANES:
        case TIRBC_OPK_VTYPE:
            break;
        case TIRBC_OPK_LANEFN: {
            if (T >= GEN_KINDS)
                return false;
            const u32vec *fns = o->check == TIRBC_OPC_ARITY1   ? &tab.math1[T]
                                : o->check == TIRBC_OPC_ARITY2 ? &tab.math2[T]
                                                               : &tab.fused[T];
            if (!fns->n)
                return false;
            w[i] = pick_from(F, fns);
            break;
        }
        case TIRBC_OPK_IMM:
            switch (o->check) {
            case TIRBC_OPC_LANE_INDEX: w[i] = fz_chance(IN(F), 10) ? lanes - 1 : fz_below(IN(F), lanes); break;
            case TIRBC_OPC_WIDTH: w[i] = 1 + fz_below(IN(F), 64); break;
            case TIRBC_OPC_DIM: w[i] = fz_below(IN(F), 32); break;
            default: return false; /* a call's argument count */
            }
            break;
        default:
            return false;
        }
    }
    return true;
}

/* ---- statements ----------------------------------------------------------- */
static void gen_block(fgen *F, unsigned max_stmts);

static bool room(fgen *F) { return !fz_done(IN(F)) && F->f->ncode < GEN_CODE_CAP; }

/* A block in its own scope: race-free, buffers allocated inside it are not
 * known to be allocated after it. */
static void gen_scoped_block(fgen *F, unsigned max_stmts)
{
    uint32_t mark = F->priv.n;
    F->depth++;
    gen_block(F, max_stmts);
    F->depth--;
    F->priv.n = mark;
}

/* One instruction of the table that neither jumps nor calls. */
static void gen_plain(fgen *F)
{
    const stem_range *s = &tab.plain[fz_below(IN(F), tab.nplain)];
    uint32_t op = s->first + fz_below(IN(F), s->count), w[TIRBC_MAX_OPERANDS], jumps;
    if (fill_operands(F, op, w, &jumps))
        emit(F, op, w);
}

/* An instruction that jumps to any instruction start, or ends the body or
 * the function.  Race-free inside a region's body only the terminators: a
 * worker must not run code outside its body. */
static void gen_hostile(fgen *F)
{
    bool body = F->G->race_free && F->region_depth > 0;
    for (int tries = 0; tries < 4; tries++) {
        uint32_t op = pick_from(F, &tab.hostile), w[TIRBC_MAX_OPERANDS], jumps;
        bool jumping = op_has_kind(op, TIRBC_OPK_JUMP);
        /* race-free, a par whose body is whatever follows is never safe */
        if ((body && jumping) || (F->G->race_free && jumping && strcmp(tirbc_ops[op].stem, "par") == 0))
            continue;
        if (!fill_operands(F, op, w, &jumps))
            continue;
        uint32_t at = F->f->ncode + 1;
        emit(F, op, w);
        for (unsigned i = 0; i < tirbc_ops[op].noperands; i++)
            if (jumps & (1u << i))
                jump_to(F, at + i, -1);
        return;
    }
}

/* Three fresh registers of integer kind k, read-only to the body: a counter
 * and its bounds. */
static uint32_t counter_reg(fgen *F, unsigned k)
{
    uint32_t r = new_reg(F, k);
    push(&F->rregs[k], r);
    return r;
}

/* An iteration count: mostly a few, sometimes many. */
static uint64_t pick_count(fz *in)
{
    unsigned c = fz_below(in, 16);
    return c < 11 ? c % 6 : c < 14 ? 6 + fz_below(in, 60) : c < 15 ? 1000 : 1000000;
}

/* for iv in [start, end): body, with loop.T at the bottom (the body runs at
 * least once, as codegen's loops do after their guard). */
static void gen_loop(fgen *F)
{
    unsigned k = pick_int_kind(IN(F));
    int op = tirbc_op_typed(TIRBC_OP_LOOP_BOOL, (tir_vtype)k);
    uint32_t iv = counter_reg(F, k), end = counter_reg(F, k);
    uint64_t start = fz_chance(IN(F), 10) ? pick_value(IN(F), k) : 0;
    emit_ldk(F, iv, normalize(k, start));
    emit_ldk(F, end, fz_chance(IN(F), 5) ? pick_value(IN(F), k) : normalize(k, start + pick_count(IN(F))));
    int32_t top = new_label(F);
    bind_label(F, top);
    push(&F->ivs, iv);
    gen_scoped_block(F, 6);
    F->ivs.n--;
    uint32_t at = F->f->ncode + 3;
    uint32_t w[3] = {iv, end, 0};
    emit(F, (uint32_t)op, w);
    jump_to(F, at, top);
}

/* c = start; do body; c += step while c <cmp> n: a compare-and-branch back. */
static void gen_while(fgen *F)
{
    unsigned k = pick_int_kind(IN(F));
    uint32_t c = counter_reg(F, k), n = counter_reg(F, k), step = counter_reg(F, k);
    emit_ldk(F, c, 0);
    emit_ldk(F, n, normalize(k, pick_count(IN(F))));
    emit_ldk(F, step, fz_chance(IN(F), 10) ? pick_value(IN(F), k) : 1);
    int32_t top = new_label(F);
    bind_label(F, top);
    push(&F->ivs, c);
    gen_scoped_block(F, 5);
    F->ivs.n--;
    int add = tirbc_op_typed(TIRBC_OP_ADD_BOOL, (tir_vtype)k);
    uint32_t aw[3] = {c, c, step};
    emit(F, (uint32_t)add, aw);
    /* brlt mostly; any comparison of the table rarely (it may never end) */
    int br = tirbc_op_typed(TIRBC_OP_BRLT_BOOL, (tir_vtype)k);
    if (fz_chance(IN(F), 15)) {
        uint32_t cand = pick_from(F, &tab.cmpbr);
        if (tirbc_ops[cand].vtype == k)
            br = (int)cand;
    }
    uint32_t at = F->f->ncode + 3;
    uint32_t bw[3] = {c, n, 0};
    emit(F, (uint32_t)br, bw);
    jump_to(F, at, top);
}

/* if (cond) then-block [else else-block]: a compare-and-branch of integers,
 * or a comparison of any kind into a bool and brz/brnz. */
static void gen_if(fgen *F)
{
    int32_t other = new_label(F);
    if (fz_chance(IN(F), 50)) {
        uint32_t op = pick_from(F, &tab.cmpbr);
        unsigned k = tirbc_ops[op].vtype;
        uint32_t w[3] = {reg_read(F, k), reg_read(F, k), 0};
        uint32_t at = F->f->ncode + 3;
        emit(F, op, w);
        jump_to(F, at, other);
    } else {
        uint32_t cmp = pick_from(F, &tab.cmp);
        unsigned k = tirbc_ops[cmp].vtype;
        uint32_t cond = reg_write(F, TIR_VT_BOOL);
        uint32_t cw[3] = {cond, reg_read(F, k), reg_read(F, k)};
        emit(F, cmp, cw);
        uint32_t br = pick_from(F, &tab.condbr);
        uint32_t at = F->f->ncode + 2;
        emit2(F, br, cond, 0);
        jump_to(F, at, other);
    }
    gen_scoped_block(F, 5);
    if (fz_chance(IN(F), 50)) {
        int32_t end = new_label(F);
        uint32_t at = F->f->ncode + 1;
        uint32_t w[1] = {0};
        emit(F, TIRBC_OP_JMP, w);
        jump_to(F, at, end);
        bind_label(F, other);
        gen_scoped_block(F, 5);
        bind_label(F, end);
    } else {
        bind_label(F, other);
    }
}

/* par.T iv, lo, hi, @after; body; parend; after:  Nested regions, empty and
 * one-iteration ones, a body that runs on past its end (no parend: the
 * worker runs the rest of the function) and wide regions are all made. */
static void gen_par(fgen *F)
{
    unsigned k = pick_int_kind(IN(F));
    int op = tirbc_op_typed(TIRBC_OP_PAR_BOOL, (tir_vtype)k);
    uint32_t iv = counter_reg(F, k), lo = counter_reg(F, k), hi = counter_reg(F, k);
    uint64_t start = fz_chance(IN(F), 10) ? pick_value(IN(F), k) : fz_below(IN(F), 3);
    emit_ldk(F, lo, normalize(k, start));
    emit_ldk(F, hi, fz_chance(IN(F), 5) ? pick_value(IN(F), k) : normalize(k, start + pick_count(IN(F))));
    int32_t after = new_label(F), self = new_label(F);
    bind_label(F, self);
    uint32_t at = F->f->ncode + 4;
    uint32_t w[4] = {iv, lo, hi, 0};
    emit(F, (uint32_t)op, w);
    jump_to(F, at, after);

    int32_t saved_label = F->region_label;
    uint32_t saved_floor = F->priv_floor, mark = F->priv.n;
    F->region_label = self;
    F->priv_floor = F->priv.n;
    F->region_depth++;
    push(&F->ivs, iv);
    gen_scoped_block(F, 6);
    F->ivs.n--;
    F->region_depth--;
    F->priv.n = mark;
    F->priv_floor = saved_floor;
    F->region_label = saved_label;
    /* without parend the body runs on into the code after the region */
    if (F->G->race_free || !fz_chance(IN(F), 4))
        emit_op(F, TIRBC_OP_PAREND);
    bind_label(F, after);
}

/* Jumps from a region's body back to the region's own par instruction, so
 * the region starts again inside itself (nesting by re-entry). */
static void gen_reenter(fgen *F)
{
    if (F->region_label < 0 || F->G->race_free)
        return;
    uint32_t at = F->f->ncode + 1;
    uint32_t w[1] = {0};
    if (fz_chance(IN(F), 50)) {
        emit(F, TIRBC_OP_JMP, w);
        jump_to(F, at, F->region_label);
        return;
    }
    /* conditionally: once the induction variable reaches a bound */
    uint32_t op = pick_from(F, &tab.cmpbr);
    unsigned k = tirbc_ops[op].vtype;
    uint32_t bw[3] = {reg_read(F, k), reg_read(F, k), 0};
    at = F->f->ncode + 3;
    emit(F, op, bw);
    jump_to(F, at, F->region_label);
}

/* call / callv / callb / callbv of any function of the module, itself
 * included.  The arguments are copied into a block of registers kept for
 * the callee; a fuel parameter gets this function's fuel minus one (or a
 * small count), so recursion mostly ends before the depth limit. */
static void gen_call(fgen *F)
{
    gen *G = F->G;
    /* main has no fuel: calling it is rarer, so recursion through it is too */
    uint32_t ci = G->nfuncs > 1 && !fz_chance(IN(F), 10) ? 1 + fz_below(IN(F), G->nfuncs - 1) : fz_below(IN(F), G->nfuncs);
    const tirbc_function *cf = &G->m->funcs[ci];
    const fgen *C = &G->fg[ci];
    uint32_t nscalar = 0, nbuf = 0;
    for (uint32_t k = 0; k < cf->nparams; k++) {
        if (cf->params[k].kind == TIRBC_PARAM_SCALAR)
            nscalar++;
        else
            nbuf++;
    }
    bool result = !tir_dt_is_void(cf->ret_dtype) && fz_chance(IN(F), 70);
    bool buffers = nbuf > 0 || fz_chance(IN(F), 10);
    if (F->argblock[ci] == UINT32_MAX) {
        F->argblock[ci] = F->f->nregs;
        for (uint32_t k = 0; k < cf->nparams; k++)
            if (cf->params[k].kind == TIRBC_PARAM_SCALAR)
                new_reg(F, cf->regtypes[cf->params[k].index].vtype);
    }
    uint32_t base = F->argblock[ci], a = base;
    for (uint32_t k = 0; k < cf->nparams; k++) {
        if (cf->params[k].kind != TIRBC_PARAM_SCALAR)
            continue;
        unsigned kind = cf->regtypes[cf->params[k].index].vtype;
        if (C->fuel && k == 0) {
            if (F->fuel && !fz_chance(IN(F), 2)) {
                uint32_t w[3] = {a, F->fuel_reg, F->one32};
                emit(F, TIRBC_OP_SUB_I32, w);
            } else {
                /* mostly a few calls deep; sometimes hundreds (the nesting and stack limits) */
                emit_ldk(F, a, fz_chance(IN(F), 15) ? pick_count(IN(F)) : fz_below(IN(F), 4));
            }
        } else if (fz_chance(IN(F), 30)) {
            emit_ldk(F, a, pick_value(IN(F), kind));
        } else {
            emit2(F, TIRBC_OP_MOV, a, kind_is_int(kind) && fz_chance(IN(F), 50) && F->f->regtypes[F->idx.v[0]].vtype == kind
                                          ? F->idx.v[fz_below(IN(F), 2)] : reg_read(F, kind));
        }
        a++;
    }
    /* the buffers first (a prelude may add constants), then their constants in a row */
    uint32_t bufs[GEN_MAX_PARAMS], nb = 0;
    if (buffers)
        for (uint32_t k = 0; k < cf->nparams; k++)
            if (cf->params[k].kind == TIRBC_PARAM_BUFFER)
                bufs[nb++] = buf_pick(F, tir_dtype_vtype(cf->buffers[cf->params[k].index].dtype), true, false);
    uint32_t first = F->f->nconsts;
    for (uint32_t k = 0; k < nb; k++)
        add_const(F, bufs[k]);
    uint32_t w[5], n = 0;
    uint32_t op = buffers ? (result ? TIRBC_OP_CALLBV : TIRBC_OP_CALLB) : (result ? TIRBC_OP_CALLV : TIRBC_OP_CALL);
    if (result)
        w[n++] = reg_write(F, tir_dtype_vtype(cf->ret_dtype));
    w[n++] = ci;
    w[n++] = base;
    w[n++] = nscalar;
    if (buffers)
        w[n++] = first;
    emit(F, op, w);
}

/* alloc (a size from the input, a small register or any integer) or free. */
static void gen_alloc_free(fgen *F)
{
    uint32_t b = buf_pick(F, TIR_VT_NONE, true, true);
    if (fz_chance(IN(F), 25)) {
        uint32_t w[1] = {b};
        emit(F, TIRBC_OP_FREE, w);
    } else if (fz_chance(IN(F), 60)) {
        emit_alloc(F, b);
    } else {
        emit2(F, TIRBC_OP_ALLOC, b, reg_index(F, false));
    }
}

static void gen_stmt(fgen *F)
{
    if (fz_chance(IN(F), 30)) {
        /* a line table entry for the next instruction */
        tirbc_function *f = F->f;
        GROW(f->lines, f->nlines, F->cap_lines);
        f->lines[f->nlines++] = (tirbc_line){f->ncode, ++F->line, 1 + fz_below(IN(F), 80)};
    }
    unsigned c = fz_u8(IN(F));
    bool nest = F->depth < GEN_MAX_DEPTH;
    if (c < 110)
        gen_plain(F);
    else if (c < 126 && nest)
        gen_loop(F);
    else if (c < 134 && nest)
        gen_while(F);
    else if (c < 152 && nest)
        gen_if(F);
    else if (c < 172 && nest)
        gen_par(F);
    else if (c < 196)
        gen_call(F);
    else if (c < 210)
        gen_alloc_free(F);
    else if (c < 219)
        gen_hostile(F);
    else if (c < 221)
        gen_reenter(F);
    else if (c < 230) {
        unsigned k = pick_kind(IN(F));
        emit_ldk(F, reg_write(F, k), pick_value(IN(F), k));
    } else
        gen_plain(F);
}

static void gen_block(fgen *F, unsigned max_stmts)
{
    unsigned n = 1 + fz_below(IN(F), max_stmts);
    for (unsigned i = 0; i < n && room(F); i++)
        gen_stmt(F);
}

/* ---- signatures, prologue, epilogue -------------------------------------- */
static uint32_t dim_reg(fgen *F, u32vec *dims)
{
    if (dims->n && fz_chance(IN(F), 40))
        return pick_from(F, dims); /* one variable in several places */
    uint32_t r = new_reg(F, pick_int_kind(IN(F)));
    push(dims, r);
    return r;
}

static tirbc_dimref pick_dim(fgen *F, u32vec *dims)
{
    if (fz_chance(IN(F), 35))
        return (tirbc_dimref){TIRBC_DIM_REG, dim_reg(F, dims)};
    return (tirbc_dimref){TIRBC_DIM_CONST, fz_chance(IN(F), 8) ? 0 : 1 + (int64_t)fz_below(IN(F), 6)};
}

/* The parameters, the buffers they bind, the registers of both, and the
 * return type: what callers need before any body exists. */
static void gen_signature(gen *G, uint32_t fi)
{
    fgen *F = &G->fg[fi];
    tirbc_function *f = &G->m->funcs[fi];
    char name[32];
    if (fi == 0)
        snprintf(name, sizeof name, "main");
    else
        snprintf(name, sizeof name, "f%u", fi);
    f->name = xstrdup(name);
    f->ret_dtype = fz_chance(IN(F), 50) ? tir_vtype_dtype((tir_vtype)pick_kind(IN(F))) : TIR_DT_VOID;
    u32vec dims = {0};
    unsigned np = fz_below(IN(F), GEN_MAX_PARAMS + 1);
    F->fuel = fi > 0 && !fz_chance(IN(F), 15);
    if (F->fuel && np == 0)
        np = 1;
    for (unsigned k = 0; k < np; k++) {
        GROW(f->params, f->nparams, F->cap_params);
        tirbc_param *p = &f->params[f->nparams];
        memset(p, 0, sizeof *p);
        if (k == 0 && F->fuel)
            snprintf(name, sizeof name, "fuel");
        else
            snprintf(name, sizeof name, "p%u", k);
        p->name = xstrdup(name);
        if ((k == 0 && F->fuel) || fz_chance(IN(F), 40)) {
            unsigned kind = k == 0 && F->fuel ? TIR_VT_I32 : pick_kind(IN(F));
            p->kind = TIRBC_PARAM_SCALAR;
            p->dtype = tir_vtype_dtype((tir_vtype)kind);
            /* rarely the variable of a shape too */
            if (kind_is_int(kind) && dims.n && !(k == 0 && F->fuel) && fz_chance(IN(F), 10)) {
                p->index = pick_from(F, &dims);
                p->dtype = tir_vtype_dtype((tir_vtype)f->regtypes[p->index].vtype);
            } else {
                p->index = new_reg(F, kind);
            }
            if (k == 0 && F->fuel)
                F->fuel_reg = p->index;
            f->nparams++;
            continue;
        }
        unsigned kind = pick_kind(IN(F));
        uint32_t bi = new_buffer(F, kind, TIRBC_BUF_PARAM);
        tirbc_buffer *b = &f->buffers[bi];
        p->kind = TIRBC_PARAM_BUFFER;
        p->index = bi;
        p->dtype = TIR_DT_HANDLE;
        if (fz_chance(IN(F), 8)) /* a buffer of vector elements */
            p->dtype = tir_dt_with_lanes(b->dtype, (uint16_t)(2 + fz_below(IN(F), 3)));
        if (fi > 0 && fz_chance(IN(F), 50)) {
            /* a pointer parameter: one dimension whose extent the caller's buffer gives */
            b->ndim = 1;
            b->shape = xrealloc(NULL, sizeof *b->shape);
            b->shape[0] = (tirbc_dimref){TIRBC_DIM_REG, new_reg(F, fz_chance(IN(F), 50) ? TIR_VT_I64 : TIR_VT_I32)};
        } else {
            b->ndim = fz_below(IN(F), 4);
            b->shape = xrealloc(NULL, (b->ndim ? b->ndim : 1) * sizeof *b->shape);
            for (uint32_t d = 0; d < b->ndim; d++)
                b->shape[d] = pick_dim(F, &dims);
            if (b->ndim && fz_chance(IN(F), 10)) {
                b->nstrides = b->ndim;
                b->strides = xrealloc(NULL, b->ndim * sizeof *b->strides);
                int64_t acc = 1;
                for (uint32_t d = b->ndim; d-- > 0;) {
                    /* a constant where the compact stride is one, else a variable */
                    if (acc < 0 || fz_chance(IN(F), 40))
                        b->strides[d] = (tirbc_dimref){TIRBC_DIM_REG, fz_chance(IN(F), 10) ? dim_reg(F, &dims) : new_reg(F, pick_int_kind(IN(F)))};
                    else
                        b->strides[d] = (tirbc_dimref){TIRBC_DIM_CONST, fz_chance(IN(F), 10) ? (int64_t)fz_below(IN(F), 8) : acc};
                    acc = acc < 0 || b->shape[d].kind != TIRBC_DIM_CONST ? -1 : acc * b->shape[d].value;
                }
            }
        }
        if (fz_chance(IN(F), 10))
            b->elem_offset = (tirbc_dimref){TIRBC_DIM_REG, fz_chance(IN(F), 10) ? dim_reg(F, &dims) : new_reg(F, pick_int_kind(IN(F)))};
        else if (fz_chance(IN(F), 5))
            b->elem_offset = (tirbc_dimref){TIRBC_DIM_CONST, 1 + (int64_t)fz_below(IN(F), 3)};
        f->nparams++;
    }
    /* the parameters' registers are the body's to use (the fuel only to read) */
    for (uint32_t r = 0; r < f->nregs; r++)
        push(r == F->fuel_reg && F->fuel ? &F->rregs[f->regtypes[r].vtype] : &F->wregs[f->regtypes[r].vtype], r);
    free(dims.v);
}

/* Registers of every kind with small nonzero values (so divisions and
 * vector lanes are not all zero), the small constants, the allocation
 * buffers, the lane counts and the fuel check. */
static void gen_prologue(fgen *F)
{
    for (unsigned k = 0; k < GEN_KINDS; k++)
        for (unsigned j = 0; j < 3; j++) {
            uint32_t r = new_reg(F, k);
            push(&F->wregs[k], r);
            emit_ldk(F, r, image_of(k, k == TIR_VT_BOOL ? (j & 1) ^ 1 : (double)(j + 1)));
        }
    for (unsigned i = 0, n = fz_below(IN(F), 6); i < n; i++) {
        unsigned k = pick_kind(IN(F));
        emit_ldk(F, reg_write(F, k), pick_value(IN(F), k));
    }
    static const int64_t small[] = {0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 31, 64, -1, 1000, INT32_MAX, INT64_MIN};
    static const uint8_t idx_kinds[] = {TIR_VT_I64, TIR_VT_I64, TIR_VT_I32, TIR_VT_I32, TIR_VT_I64,
                                        TIR_VT_I32, TIR_VT_U8, TIR_VT_U32, TIR_VT_I64, TIR_VT_I16};
    for (unsigned i = 0; i < 7; i++) {
        unsigned k = i < 4 ? idx_kinds[i] : idx_kinds[4 + fz_below(IN(F), 6)];
        int64_t v = i < 4 ? (int64_t)(i & 1) : small[fz_chance(IN(F), 20) ? fz_below(IN(F), 16) : fz_below(IN(F), 10)];
        uint32_t r = new_reg(F, k);
        push(&F->idx, r);
        push(&F->rregs[k], r);
        emit_ldk(F, r, normalize(k, (uint64_t)v));
    }
    F->zero32 = F->idx.v[2];
    F->one32 = F->idx.v[3];
    F->size_reg = counter_reg(F, TIR_VT_I64);

    static const uint16_t wide[] = {128, 255, 256, 257, 511, 512, 1000, 1023, TIRBC_MAX_LANES};
    F->nlanes = 1 + fz_below(IN(F), 3);
    for (unsigned i = 0; i < F->nlanes; i++) {
        unsigned c = fz_below(IN(F), 16);
        F->lanes[i] = (uint16_t)(c < 12 ? 2 + fz_below(IN(F), c < 8 ? 7 : 63)
                                 : c < 15 ? (uint16_t)(4u << fz_below(IN(F), 4))
                                          : wide[fz_below(IN(F), sizeof wide / sizeof wide[0])]);
    }
    for (unsigned i = 0, n = fz_below(IN(F), 4); i < n; i++)
        emit_alloc(F, new_buffer(F, pick_kind(IN(F)), TIRBC_BUF_ALLOC));

    if (F->fuel) {
        /* if (fuel <= 0) return */
        int32_t go = new_label(F);
        uint32_t at = F->f->ncode + 3;
        uint32_t w[3] = {F->fuel_reg, F->zero32, 0};
        emit(F, TIRBC_OP_BRGT_I32, w);
        jump_to(F, at, go);
        if (tir_dt_is_void(F->f->ret_dtype)) {
            emit_op(F, TIRBC_OP_RET);
        } else {
            uint32_t rw[1] = {reg_read(F, tir_dtype_vtype(F->f->ret_dtype))};
            emit(F, TIRBC_OP_RETV, rw);
        }
        bind_label(F, go);
    }
}

static void gen_epilogue(fgen *F)
{
    unsigned c = fz_below(IN(F), 64);
    if (c == 1) {
        uint32_t w[1] = {add_string(F, "the end")};
        emit(F, TIRBC_OP_TRAP, w);
    } else if (c == 2) {
        uint32_t at = F->f->ncode + 1, w[1] = {0};
        emit(F, TIRBC_OP_JMP, w);
        jump_to(F, at, -1);
    } else if (tir_dt_is_void(F->f->ret_dtype)) {
        emit_op(F, TIRBC_OP_RET);
    } else {
        uint32_t w[1] = {reg_read(F, tir_dtype_vtype(F->f->ret_dtype))};
        emit(F, TIRBC_OP_RETV, w);
    }
    for (uint32_t i = 0; i < F->nfix; i++) {
        const fixup *x = &F->fix[i];
        F->f->code[x->at] = x->label < 0 ? F->starts.v[x->pick % F->starts.n] : F->labels[x->label];
    }
}

static void fgen_free(fgen *F)
{
    for (unsigned k = 0; k < GEN_KINDS; k++) {
        free(F->wregs[k].v);
        free(F->rregs[k].v);
    }
    free(F->idx.v);
    free(F->ivs.v);
    free(F->vregs);
    free(F->starts.v);
    free(F->labels);
    free(F->fix);
    free(F->priv.v);
}

/* The module the input describes; verifies by construction. */
static tirbc_module *gen_module(gen *G, fz *in, bool race_free)
{
    tables_init();
    memset(G, 0, sizeof *G);
    G->race_free = race_free;
    G->nfuncs = 1 + fz_below(in, GEN_MAX_FUNCS);
    tirbc_module *m = xrealloc(NULL, sizeof *m);
    memset(m, 0, sizeof *m);
    m->version = TIRBC_FORMAT_VERSION;
    m->source = xstrdup("generated.tir");
    m->nfuncs = G->nfuncs;
    m->funcs = xrealloc(NULL, G->nfuncs * sizeof *m->funcs);
    memset(m->funcs, 0, G->nfuncs * sizeof *m->funcs);
    G->m = m;
    for (uint32_t i = 0; i < G->nfuncs; i++) {
        fgen *F = &G->fg[i];
        F->G = G;
        F->in = in;
        F->fi = i;
        F->f = &m->funcs[i];
        F->region_label = -1;
        for (unsigned c = 0; c < GEN_MAX_FUNCS; c++)
            F->argblock[c] = UINT32_MAX;
        gen_signature(G, i);
    }
    /* each body reads its own slice of the rest, so every function gets code
     * and a change to the input changes one function */
    size_t rest = in->n - (in->i < in->n ? in->i : in->n), at = in->n - rest;
    for (uint32_t i = 0; i < G->nfuncs; i++) {
        fgen *F = &G->fg[i];
        size_t len = i + 1 < G->nfuncs ? rest / G->nfuncs : rest - (G->nfuncs - 1) * (rest / G->nfuncs);
        F->body_in = (fz){in->d + at, len, 0};
        F->in = &F->body_in;
        at += len;
        gen_prologue(F);
        gen_block(F, 40);
        gen_epilogue(F);
    }
    for (uint32_t i = 0; i < G->nfuncs; i++)
        fgen_free(&G->fg[i]);
    return m;
}

/* ---- running ---------------------------------------------------------------- */
typedef struct {
    unsigned inputs, verified, rejected, calls, by_status[8];
    bool verbose; /* each call's status on stderr (FUZZ_GEN_VERBOSE) */
    char first_reject[600];
} run_stats;

static tirvm_runtime *runtime;

static uint64_t mix(uint64_t *s)
{
    /* splitmix64 */
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A value of the integer kind k that fits it (binding refuses others). */
static int64_t arg_int(uint64_t *s, unsigned k)
{
    uint64_t r = mix(s);
    if (k == TIR_VT_BOOL)
        return (int64_t)(r & 1);
    if (r % 8 < 6)
        return (int64_t)(r % 6);
    uint64_t v = normalize(k, r >> 8);
    return k == TIR_VT_U64 ? (int64_t)(v >> 1) : (int64_t)v;
}

/* Calls function fi with tensors of its declared shapes (each symbolic
 * extent one small value per variable) and scalars from the input. */
static void run_function(tirvm_module *vm, const tirbc_function *f, int fi, uint64_t *seed, run_stats *st)
{
    uint32_t np = f->nparams;
    tirvm_arg args[GEN_MAX_PARAMS];
    DLTensor tensors[GEN_MAX_PARAMS];
    int64_t shapes[GEN_MAX_PARAMS][32];
    void *datas[GEN_MAX_PARAMS] = {0};
    int64_t *vars = calloc(f->nregs ? f->nregs : 1, sizeof *vars);
    bool *set = calloc(f->nregs ? f->nregs : 1, sizeof *set);
    bool ok = vars && set && np <= GEN_MAX_PARAMS;
    memset(args, 0, sizeof args);
    /* the value of every shape variable */
    for (uint32_t p = 0; ok && p < np; p++) {
        const tirbc_param *prm = &f->params[p];
        if (prm->kind != TIRBC_PARAM_BUFFER)
            continue;
        const tirbc_buffer *b = &f->buffers[prm->index];
        for (uint32_t d = 0; d < b->ndim; d++)
            if (b->shape[d].kind == TIRBC_DIM_REG && !set[b->shape[d].value]) {
                unsigned k = f->regtypes[b->shape[d].value].vtype;
                uint64_t r = mix(seed);
                vars[b->shape[d].value] = k == TIR_VT_BOOL ? (int64_t)(r & 1) : r % 16 == 0 ? 0 : 1 + (int64_t)(r % 5);
                set[b->shape[d].value] = true;
            }
    }
    for (uint32_t p = 0; ok && p < np; p++) {
        const tirbc_param *prm = &f->params[p];
        if (prm->kind == TIRBC_PARAM_SCALAR) {
            unsigned k = f->regtypes[prm->index].vtype;
            if (!kind_is_int(k)) {
                static const double fv[] = {0, 1, 2, -1.5, 0.25, 1e30, INFINITY, NAN};
                args[p].kind = TIRVM_ARG_FLOAT;
                args[p].f = fv[mix(seed) % 8];
            } else if (k == TIR_VT_U64) {
                args[p].kind = TIRVM_ARG_UINT;
                args[p].u = set[prm->index] ? (uint64_t)vars[prm->index] : mix(seed) % 4 ? mix(seed) % 6 : mix(seed);
            } else {
                args[p].kind = TIRVM_ARG_INT;
                args[p].i = set[prm->index] ? vars[prm->index] : arg_int(seed, k);
                if (p == 0 && strcmp(prm->name, "fuel") == 0)
                    args[p].i = mix(seed) % 16 ? (int64_t)(mix(seed) % 5) : 300;
            }
            continue;
        }
        const tirbc_buffer *b = &f->buffers[prm->index];
        uint16_t lanes = tir_dt_eq(prm->dtype, TIR_DT_HANDLE) ? 1 : prm->dtype.lanes;
        uint64_t elems = 1;
        for (uint32_t d = 0; d < b->ndim; d++) {
            int64_t e = b->shape[d].kind == TIRBC_DIM_CONST ? b->shape[d].value : vars[b->shape[d].value];
            shapes[p][d] = e;
            elems *= (uint64_t)(e < 0 ? 0 : e);
        }
        size_t esize = tir_dtype_elem_size(b->dtype);
        uint64_t off;
        if (b->elem_offset.kind == TIRBC_DIM_CONST) {
            off = (uint64_t)b->elem_offset.value;
        } else if (set[b->elem_offset.value]) {
            off = (uint64_t)vars[b->elem_offset.value]; /* a variable bound before: agree with it */
        } else {
            off = mix(seed) % 3;
            vars[b->elem_offset.value] = (int64_t)off;
            set[b->elem_offset.value] = true;
        }
        if (elems * lanes > RUN_MAX_ELEMS || off > 16) {
            ok = false;
            break;
        }
        size_t bytes = (size_t)(elems + off) * lanes * esize;
        uint8_t *data = malloc(bytes ? bytes : 1);
        if (!data) {
            ok = false;
            break;
        }
        datas[p] = data;
        /* small values (indices stay near their buffers), the bytes of floats as 0..3 */
        for (size_t i = 0; i < bytes; i++)
            data[i] = (uint8_t)(mix(seed) % 4);
        if (tir_dtype_vtype(b->dtype) == TIR_VT_F32)
            for (size_t i = 0; i + 4 <= bytes; i += 4) {
                float x = (float)(i / 4 % 5);
                memcpy(data + i, &x, 4);
            }
        if (tir_dtype_vtype(b->dtype) == TIR_VT_F64)
            for (size_t i = 0; i + 8 <= bytes; i += 8) {
                double x = (double)(i / 8 % 5);
                memcpy(data + i, &x, 8);
            }
        DLTensor *t = &tensors[p];
        memset(t, 0, sizeof *t);
        t->data = data;
        t->device.device_type = kDLCPU;
        t->ndim = (int)b->ndim;
        t->dtype.code = b->dtype.code;
        t->dtype.bits = b->dtype.bits;
        t->dtype.lanes = lanes;
        if (tir_dt_is_bool(b->dtype) && mix(seed) % 2) {
            t->dtype.code = TIRVM_KDLBOOL;
            t->dtype.bits = 8;
        }
        t->shape = shapes[p];
        t->byte_offset = off * lanes * esize;
        tirvm_param_info info;
        bool ro = tirvm_param(vm, fi, (int)p, &info) == TIRVM_OK && !info.written && mix(seed) % 2;
        args[p].kind = ro ? TIRVM_ARG_TENSOR_READ_ONLY : TIRVM_ARG_TENSOR;
        args[p].tensor = t;
    }
    if (ok) {
        tirvm_call_options opts;
        memset(&opts, 0, sizeof opts);
        opts.max_steps = run_max_steps;
        opts.max_memory = RUN_MAX_MEMORY;
        opts.timeout_ns = run_timeout_ns;
        tirvm_value ret;
        char err[1024];
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        tirvm_status s = tirvm_call_ex(vm, fi, args, (int)np, &opts, &ret, err, sizeof err);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        st->calls++;
        st->by_status[(unsigned)s < 8 ? (unsigned)s : 7]++;
        if (st->verbose)
            fprintf(stderr, "%s (%.1f ms): %s%s%s\n", f->name,
                    (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6,
                    tirvm_status_name(s), s ? ": " : "", s ? err : "");
    }
    for (uint32_t p = 0; p < GEN_MAX_PARAMS; p++)
        free(datas[p]);
    free(vars);
    free(set);
}

/* FUZZ_GEN_RACE_FREE=1 or 0 in the environment, else race-free under ThreadSanitizer only. */
static bool env_race_free(void)
{
    const char *e = getenv("FUZZ_GEN_RACE_FREE");
    return e && *e ? strcmp(e, "0") != 0 : GEN_TSAN;
}

/* Generates the module of one input, loads it (verification) and calls
 * each of its functions.  used, if not NULL, collects the opcodes of the
 * modules that verified. */
static void run_input(const uint8_t *data, size_t size, run_stats *st, uint8_t *used)
{
    char err[600];
    if (!runtime) {
        tirvm_runtime_options ro = {2, run_max_steps, RUN_MAX_MEMORY};
        if (tirvm_runtime_new(&ro, &runtime, err, sizeof err) != TIRVM_OK) {
            fprintf(stderr, "fuzz_tirbc_gen: %s\n", err);
            abort();
        }
    }
    st->inputs++;
    const char *v = getenv("FUZZ_GEN_VERBOSE");
    st->verbose = v && *v && strcmp(v, "0") != 0;
    fz in = {data, size, 0};
    static gen G; /* large: not on the stack */
    tirbc_module *m = gen_module(&G, &in, env_race_free());
    uint8_t *bytes = NULL;
    size_t len = 0;
    if (tirbc_write(m, &bytes, &len, err, sizeof err) != 0) {
        st->rejected++;
        if (!st->first_reject[0])
            snprintf(st->first_reject, sizeof st->first_reject, "write: %.500s", err);
        tirbc_module_free(m);
        return;
    }
    tirvm_module *vm = NULL;
    if (tirvm_runtime_load(runtime, bytes, len, &vm, err, sizeof err) != TIRVM_OK) {
        st->rejected++;
        if (!st->first_reject[0])
            snprintf(st->first_reject, sizeof st->first_reject, "%s", err);
    } else {
        st->verified++;
        if (used)
            for (unsigned op = 0; op < TIRBC_OP_COUNT; op++)
                used[op] |= G.used[op];
        uint64_t seed = 0x243f6a8885a308d3u;
        for (size_t i = 0; i < size; i++)
            seed = (seed ^ data[i]) * 0x100000001b3u;
        for (uint32_t fi = 0; fi < m->nfuncs; fi++)
            run_function(vm, &m->funcs[fi], (int)fi, &seed, st);
        tirvm_module_free(vm);
    }
    free(bytes);
    tirbc_module_free(m);
}

#ifndef FUZZ_STANDALONE
/* Every call between functions allocates and frees its frame (tens of KiB
 * with the scratch lanes), up to the step limit's worth per input.  With
 * AddressSanitizer's default quarantine (256 MB, spread over many size
 * classes) the process held about 2 GB after replaying a corpus of a few
 * thousand inputs, and LeakSanitizer's check at exit added half a gigabyte
 * more, past libFuzzer's -rss_limit_mb of 2048; a build without the
 * sanitizer stays near 20 MB on the same inputs.  A 64 MB quarantine (still
 * a couple of thousand frames of use-after-free history) with freed memory
 * returned to the system keeps it well below.  ASAN_OPTIONS overrides these. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "quarantine_size_mb=64:allocator_release_to_os_interval_ms=500"; }
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    run_stats st;
    memset(&st, 0, sizeof st);
    run_input(data, size, &st, NULL);
    return 0;
}

#ifdef FUZZ_STANDALONE
static uint64_t rng = 0x5eed5eed5eedu;

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    uint8_t *buf = NULL;
    size_t n = 0, cap = 0;
    int c;
    while ((c = fgetc(fp)) != EOF) {
        GROW(buf, n, cap);
        buf[n++] = (uint8_t)c;
    }
    fclose(fp);
    *len = n;
    return buf ? buf : xrealloc(NULL, 1);
}

static int emit_module(const char *path, const char *out)
{
    size_t len;
    uint8_t *data = read_file(path, &len);
    if (!data) {
        perror(path);
        return 2;
    }
    fz in = {data, len, 0};
    static gen G;
    tirbc_module *m = gen_module(&G, &in, env_race_free());
    char err[600];
    uint8_t *bytes = NULL;
    size_t n = 0;
    int rc = 0;
    if (tirbc_write(m, &bytes, &n, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_tirbc_gen: %s\n", err);
        rc = 1;
    } else {
        FILE *fp = fopen(out, "wb");
        if (!fp || fwrite(bytes, 1, n, fp) != n) {
            perror(out);
            rc = 2;
        }
        if (fp)
            fclose(fp);
        char *text = tirbc_disasm(m);
        if (text)
            fputs(text, stdout);
        free(text);
        if (tirbc_verify(m, err, sizeof err) != 0)
            fprintf(stderr, "fuzz_tirbc_gen: the module does not verify: %s\n", err);
    }
    free(bytes);
    tirbc_module_free(m);
    free(data);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--emit") == 0) {
        if (argc != 4) {
            fprintf(stderr, "usage: fuzz_tirbc_gen --emit INPUT OUT.tirbc\n");
            return 2;
        }
        return emit_module(argv[2], argv[3]);
    }
    run_stats st;
    memset(&st, 0, sizeof st);
    static uint8_t used[TIRBC_OP_COUNT];
    if (argc > 1 && strcmp(argv[1], "--run") == 0) {
        for (int i = 2; i < argc; i++) {
            size_t len;
            uint8_t *data = read_file(argv[i], &len);
            if (!data) {
                perror(argv[i]);
                return 2;
            }
            run_input(data, len, &st, used);
            free(data);
            printf("%s: %s\n", argv[i], st.verified == (unsigned)(i - 1) ? "ran" : "did not verify");
        }
        tirvm_runtime_free(runtime);
        return 0;
    }
    int count = argc > 1 ? atoi(argv[1]) : GEN_TSAN ? 1000 : 1500;
    run_max_steps = 10000;
    run_timeout_ns = 250000000;
    static uint8_t buf[4096];
    for (int i = 0; i < count; i++) {
        size_t len = 1 + (size_t)(mix(&rng) % (i % 4 == 0 ? sizeof buf : 600));
        for (size_t k = 0; k < len; k++)
            buf[k] = (uint8_t)mix(&rng);
        run_input(buf, len, &st, used);
    }
    unsigned nused = 0;
    for (unsigned op = 0; op < TIRBC_OP_COUNT; op++)
        nused += used[op];
    int n = 0;
    bool enough = st.verified * 100u >= st.inputs * 95u;
    printf("%s %d - %u generated modules, %u verified (%.1f%%)%s%s\n", enough ? "ok" : "not ok", ++n, st.inputs,
           st.verified, st.inputs ? 100.0 * st.verified / st.inputs : 0.0, st.first_reject[0] ? "; first rejected: " : "",
           st.first_reject);
    printf("ok %d - %u calls without a crash: %u ok, %u runtime errors, %u usage errors, %u limits, %u cancelled, %u other\n",
           ++n, st.calls, st.by_status[TIRVM_OK], st.by_status[TIRVM_ERR_RUNTIME], st.by_status[TIRVM_ERR_USAGE],
           st.by_status[TIRVM_ERR_LIMIT], st.by_status[TIRVM_ERR_CANCELLED],
           st.calls - st.by_status[TIRVM_OK] - st.by_status[TIRVM_ERR_RUNTIME] - st.by_status[TIRVM_ERR_USAGE] -
               st.by_status[TIRVM_ERR_LIMIT] - st.by_status[TIRVM_ERR_CANCELLED]);
    bool most = nused * 10u >= TIRBC_OP_COUNT * 9u || count < 1000;
    printf("%s %d - %u of the %d opcodes emitted in verified modules%s\n", most ? "ok" : "not ok", ++n, nused,
           TIRBC_OP_COUNT, GEN_TSAN ? " (race-free modules)" : "");
    printf("1..%d\n", n);
    tirvm_runtime_free(runtime);
    return enough && most ? 0 : 1;
}
#endif
