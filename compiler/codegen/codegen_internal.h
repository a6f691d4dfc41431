/* Codegen's shared state and the functions its files call across each
 * other (compiler/codegen/codegen*.c).  Private to codegen: codegen.h is
 * its API. */
#ifndef TIRC_CODEGEN_INTERNAL_H
#define TIRC_CODEGEN_INTERNAL_H

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
#include "register_buffers.h"
#include "tir_range.h"
#include "tir_visit.h"
#include "tirvm_ops.h"
#include "oom.h"
#include "opcodes.h"

typedef tir_interval interval;

typedef struct {
    const tir_var *var;
    uint32_t reg;
    interval range;
    const tir_expr *value; /* a let's value (NULL for loop variables and parameters) */
} var_slot;

typedef struct {
    const tir_var *data; /* buffer data pointer var */
    uint32_t vmbuf;      /* index into the function's buffer table */
    /* Storage allocated without a buffer of its own (T.allocate) is named
     * after its data variable; when the code indexes it through one view
     * only, messages name that view instead (view_name), see cg_name_storage. */
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
    /* flat offsets computed in the straight-line code since the last label
     * or jump (ixmad r, a, s, b), for accesses to reuse while none of the
     * four registers has been written since (cg_flat_memo_*) */
    struct flat_memo {
        uint32_t dst, a, s, b;
    } flat_memo[16];
    uint32_t nflat_memo;
    /* ranges an enclosing `if` narrowed, as they were before (to restore) */
    struct assumed_range {
        uint32_t slot; /* in vars */
        interval range;
    } *assumed;
    uint32_t nassumed, capassumed;
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

#define ERR(c, loc, ...) (tir_diag_error((c)->d, (loc), __VA_ARGS__), (c)->failed = true)
#define UNSUPPORTED(c, loc, ...) (tir_diag_unsupported((c)->d, (loc), __VA_ARGS__), (c)->failed = true)



#define EMIT0(c, op) cg_emit(c, op, 0)
#define EMIT1(c, op, a) cg_emit(c, op, 1, (uint32_t)(a))
#define EMIT2(c, op, a, b) cg_emit(c, op, 2, (uint32_t)(a), (uint32_t)(b))
#define EMIT3(c, op, a, b, d) cg_emit(c, op, 3, (uint32_t)(a), (uint32_t)(b), (uint32_t)(d))
#define EMIT4(c, op, a, b, d, e) cg_emit(c, op, 4, (uint32_t)(a), (uint32_t)(b), (uint32_t)(d), (uint32_t)(e))
#define EMIT5(c, op, a, b, d, e, f) \
    cg_emit(c, op, 5, (uint32_t)(a), (uint32_t)(b), (uint32_t)(d), (uint32_t)(e), (uint32_t)(f))
/* A flattened element offset: a register, or r[a] * r[s] + r[b] not yet
 * computed so a load or store can fuse it (LDX/STX). */
typedef struct {
    bool mad;
    uint32_t reg, a, s, b;
} flat_index;
/* The jumps taken when a condition is false, to patch with its target. */
typedef struct {
    uint32_t holes[16];
    uint32_t n;
} false_jumps;
/* Where a vector access goes: base + i*stride (strided), or an index per lane (gather). */
typedef struct {
    bool gather;
    uint32_t base, stride; /* strided: scalar registers (flat element offsets) */
    uint32_t index;        /* gather: an i64 vector of flat element offsets */
} vaccess;

/* codegen_regs.c */
uint32_t cg_new_reg(cg *c, tir_vtype vt);
uint32_t cg_temp(cg *c, tir_vtype vt);
void cg_retake_temp(cg *c, uint32_t r);
void cg_release_temps(cg *c, uint32_t mark);
tir_vtype cg_elem_vt(cg *c, tir_dtype dt, tir_loc loc);
tir_vtype cg_vt_of(cg *c, tir_dtype dt, tir_loc loc);
uint32_t cg_new_vreg(cg *c, tir_vtype vt, unsigned lanes);
void cg_emit_words(cg *c, int op, const uint32_t *words, int n);
void cg_emit(cg *c, int op, int n, ...);
uint32_t cg_last_word(cg *c);
/* Forgets the remembered flat offsets that register r takes part in (every
 * one when r is UINT32_MAX): r is written, or code can be reached from
 * elsewhere. */
void cg_flat_memo_forget(cg *c, uint32_t r);
void cg_patch(cg *c, uint32_t word, uint32_t target);
void cg_mark_line(cg *c, tir_loc loc);
uint32_t cg_add_string(cg *c, const char *s);
int cg_typed(cg *c, tirbc_opcode family, tir_vtype vt, tir_loc loc);
uint32_t cg_const_reg(cg *c, tir_vtype vt, uint64_t bits);
uint32_t cg_const_int(cg *c, tir_vtype vt, int64_t v);
uint32_t cg_const_vector(cg *c, tir_vtype vt, uint32_t scalar, unsigned lanes);
uint32_t cg_const_float(cg *c, tir_vtype vt, double v);
var_slot *cg_find_var(cg *c, const tir_var *v);
/* e if it is a broadcast, or the broadcast a let bound e's variable to
 * (pass hoist-invariants computes a loop's broadcasts before it); NULL
 * otherwise.  Instructions that take a scalar operand look through it. */
const tir_expr *cg_broadcast_of(cg *c, const tir_expr *e);
bool cg_single_value(const var_slot *s, const tir_expr *ref, int64_t *k);
uint32_t cg_bind_var(cg *c, const tir_var *v, interval range);
void cg_note_view(cg *c, uint32_t i, const tir_buffer *b);
void cg_name_storage(cg *c);
uint32_t cg_find_data_slot(cg *c, const tir_var *data);
int cg_find_data(cg *c, const tir_var *data);
uint32_t cg_add_vmbuf(cg *c, const tir_buffer *b, uint8_t kind);

/* codegen_expr.c */
interval cg_range_of(cg *c, const tir_expr *e);
uint32_t cg_extent_reg(cg *c, const tir_expr *x);
flat_index cg_gen_flat(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vmbuf, tir_loc loc);
uint32_t cg_gen_flat_index(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vmbuf, tir_loc loc);
int cg_storage_of(cg *c, const tir_buffer *b);
int cg_vmbuf_of(cg *c, const tir_buffer *b, tir_loc loc);
void cg_move_into(cg *c, uint32_t r, uint32_t v, uint32_t start, uint32_t mark);
void cg_move_vector_into(cg *c, uint32_t r, uint32_t v, tir_vtype vt, unsigned lanes, uint32_t start,
                         uint32_t first_new, tir_loc loc);
const struct promoted *cg_find_promoted(const cg *c, const tir_var *data);
bool cg_try_promote(cg *c, const tir_stmt *s, const tir_buffer *b, int64_t nelem);
uint32_t cg_promoted_reg(cg *c, const struct promoted *p, const tir_buffer *b, tir_expr *const *idx, uint32_t n,
                         tir_loc loc);
uint32_t cg_gen_load(cg *c, const tir_expr *e);
uint32_t cg_gen_branchy(cg *c, const tir_expr *e);
uint32_t cg_var_reg(cg *c, const tir_expr *e);
uint32_t cg_gen_expr(cg *c, const tir_expr *e);
bool cg_pure_expr(const tir_expr *e);

/* codegen_vector.c */
vaccess cg_gen_vaccess(cg *c, const tir_buffer *b, tir_expr **idx, uint32_t n, uint32_t vb, unsigned lanes,
                       tir_loc loc);
uint32_t cg_gen_shuffle(cg *c, const tir_expr *e);
bool cg_gen_fused_store(cg *c, const tir_stmt *s);
uint32_t cg_gen_vector(cg *c, const tir_expr *e);

/* codegen_stmt.c */
void cg_patch_false_jumps(cg *c, const false_jumps *fj, uint32_t target);
void cg_gen_branch_if_false(cg *c, const tir_expr *cond, false_jumps *fj);
void cg_gen_stmt(cg *c, const tir_stmt *s);


/* codegen_mac.c */
/* Emits a loop-level operation of pass loop-instructions (TIRVM_REDUCE,
 * TIRVM_MAC, TIRVM_MAC2) as its instruction; false for any other call. */
bool cg_gen_loop_instruction(cg *c, const tir_expr *call);

#endif
