/* Prints vm/vm_kinds.h: the interpreter's per-kind traits and kind lists,
 * from the one table of value kinds (TIR_VTYPES in base/dtype.h), and the
 * operand facts of each instruction that its body needs (from opcodes.def
 * and operands.def), so no type list, per-type macro or operand position
 * of the interpreter is written by hand.
 *
 * For each kind K (ENUM of the table) the header defines:
 *   CT_K, AT_K     the lane's C type, and a may_alias typedef of it for
 *                  vector registers (which are arrays of register slots)
 *   UT_K           a may_alias typedef of byte alignment, for lanes read and
 *                  written in place in buffer memory (which may be unaligned)
 *   M_K            the vm_lanes member holding such lanes
 *   SIGNED_K, BITS_OF_K
 *   NORM_K(u)      integers: u (a uint64_t) normalized to a register value
 *   TO_K(u)        integers: an integer converted to K (to bool: != 0)
 *   SV_K(r)        integers: register r as a comparable value (exact)
 *   LO_K, HI_K     integers narrower than 64 bits: the range, for
 *                  saturating float conversions
 *   IW_K(v)        integers: a lane widened to an unsigned type that C's
 *                  promotions cannot overflow; NARROW_K(v) back to a lane
 *   SCALAR_K(r)    scalar register r as a lane
 *   LANE_TO_SCALAR_K(r, v)  lane v into scalar register r
 *   LOAD_FIXUP_K(lanes, n)  lanes loaded from memory made canonical (bool)
 *   CAST_TO_K(v)   a lane_val converted to K (C semantics, saturating)
 *   TOF_K, FROMD_K 16-bit floats: to float32, and rounded from double
 *   FLOOR_K        floats: the C floor function of the kind
 * and the lists VM_KINDS_<CLASS>(F) expanding F(K) for each kind of the
 * class (INT includes bool), plus VM_KINDS_NARROW_INT (integers of 8 to
 * 32 bits, bool excluded) and VM_KINDS_INT_NESTED (INT again, for use
 * inside a body that VM_KINDS_INT instantiates).
 *
 * For each instruction ID (opcodes.def) with such operands:
 *   TIRBC_LANES_AT_ID   the word (1 = the first operand) holding its lane
 *                       count (the LANES operand, `n`)
 *   TIRBC_WIDTH_AT_ID   the word holding a loop-level instruction's row
 *                       width (`z`)
 * and for each fused vector instruction (one whose operands name a buffer
 * range, or apply another instruction P):
 *   TIRBC_DST_IN_MEMORY_ID    1 when the result goes to a buffer range
 *   TIRBC_SRC<k>_IN_MEMORY_ID 1 when its k-th source is a buffer range
 *   TIRBC_SRC<k>_SCALAR_ID    1 when its k-th source is a scalar register
 *   TIRBC_APPLIES_OP_ID       1 when it applies the instruction in its P operand
 * so a body reads each by meaning, not by its position in the operand string. */
#include <stdio.h>
#include <string.h>

#include "dtype.h"
#include "opcodes.h"

typedef struct {
    const char *e, *ct;
    int sg, bits;
    const char *cls;
} kind;

static const kind kinds[] = {
#define X(e, n, s, ct, sg, bits, cls) {#e, #ct, sg, bits, #cls},
    TIR_VTYPES(X)
#undef X
};

static bool is(const kind *k, const char *cls) { return strcmp(k->cls, cls) == 0; }

static void list(const char *name, bool (*pick)(const kind *))
{
    printf("#define VM_KINDS_%s(F)", name);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (pick(&kinds[i]))
            printf(" F(%s)", kinds[i].e);
    printf("\n");
}
static bool pick_int(const kind *k) { return is(k, "INT") || is(k, "BOOL"); }
static bool pick_narrow_int(const kind *k) { return is(k, "INT") && k->bits < 64; }
static bool pick_half(const kind *k) { return is(k, "HALF"); }
static bool pick_float(const kind *k) { return is(k, "FLOAT"); }
static bool pick_value(const kind *k) { return !is(k, "HANDLE"); }

static void integer(const kind *k)
{
    const char *e = k->e;
    int w = k->bits < 8 ? 8 : k->bits; /* storage bits */
    bool is_bool = is(k, "BOOL");
    if (is_bool)
        printf("#define NORM_%s(u) ((int64_t)((uint64_t)(u) & 1))\n", e);
    else if (k->sg)
        printf("#define NORM_%s(u) ((int64_t)(%s)(uint%d_t)(u))\n", e, k->ct, w);
    else
        printf("#define NORM_%s(u) ((int64_t)(%s)(u))\n", e, k->ct);
    if (is_bool)
        printf("#define TO_%s(u) ((int64_t)((uint64_t)(u) != 0))\n", e);
    else
        printf("#define TO_%s(u) NORM_%s(u)\n", e, e);
    printf("#define SV_%s(r) R(r).%s\n", e, !k->sg && k->bits == 64 ? "u" : "i");
    if (!is_bool && k->bits < 64)
        printf("#define LO_%s %s\n#define HI_%s %s\n", e, k->sg ? (w == 8 ? "INT8_MIN" : w == 16 ? "INT16_MIN" : "INT32_MIN") : "0",
               e,
               k->sg ? (w == 8 ? "INT8_MAX" : w == 16 ? "INT16_MAX" : "INT32_MAX")
                     : (w == 8 ? "UINT8_MAX" : w == 16 ? "UINT16_MAX" : "UINT32_MAX"));
    printf("#define IW_%s(v) ((uint%d_t)(uint%d_t)(v))\n", e, w == 64 ? 64 : 32, w);
    if (is_bool)
        printf("#define NARROW_%s(v) ((uint8_t)((v) & 1))\n", e);
    else
        printf("#define NARROW_%s(v) ((%s)(uint%d_t)(v))\n", e, k->ct, w);
    if (is_bool)
        printf("#define SCALAR_%s(r) ((uint8_t)(R(r).i != 0))\n", e);
    else
        printf("#define SCALAR_%s(r) NARROW_%s(R(r).u)\n", e, e);
    if (is_bool)
        printf("#define LANE_TO_SCALAR_%s(r, v) (R(r).i = (v) != 0)\n", e);
    else
        printf("#define LANE_TO_SCALAR_%s(r, v) (R(r).%s = (v))\n", e, !k->sg && k->bits == 64 ? "u" : "i");
    if (is_bool)
        printf("#define LOAD_FIXUP_%s(l, n)                  \\\n    do {                                     \\\n"
               "        for (uint32_t i_ = 0; i_ < (n); i_++) \\\n            (l)[i_] = (l)[i_] != 0;          \\\n"
               "    } while (0)\n",
               e);
    else
        printf("#define LOAD_FIXUP_%s(l, n)\n", e);
    if (is_bool)
        printf("#define CAST_TO_%s(v) ((uint8_t)((v).cls == 2 ? (v).f != 0 : lane_bits(v) != 0))\n", e);
    else if (k->bits == 64)
        printf("#define CAST_TO_%s(v) ((v).cls == 2 ? %s((v).f) : (%s)lane_bits(v))\n", e,
               k->sg ? "f2i64_sat" : "f2u64_sat", k->ct);
    else
        printf("#define CAST_TO_%s(v) CAST_INT(%s, LO_%s, HI_%s, v)\n", e, e, e, e);
}

/* The operand letters' kinds (operands.def), by letter. */
static const char *letter_kind[128];

static void operand_kinds(void)
{
#define OPERAND(letter, kind, access, type, check, prefix, meaning) letter_kind[(unsigned char)(letter)] = #kind;
#include "operands.def"
#undef OPERAND
}

static bool kind_is(char letter, const char *kind)
{
    const char *k = letter_kind[(unsigned char)letter];
    return k && strcmp(k, kind) == 0;
}

/* The operand facts of one instruction (see the top of this file). */
static void operand_facts(const char *id, const char *ops)
{
    size_t n = strlen(ops);
    for (size_t i = 0; i < n; i++) {
        if (kind_is(ops[i], "LANES"))
            printf("#define TIRBC_LANES_AT_%s %zu\n", id, i + 1);
        if (ops[i] == 'z')
            printf("#define TIRBC_WIDTH_AT_%s %zu\n", id, i + 1);
    }
    bool fused = strchr(ops, 'P') != NULL;
    /* a buffer range is a buffer and two index registers (base, stride) */
    for (size_t i = 0; i + 2 < n; i++)
        fused = fused || (kind_is(ops[i], "BUF") && ops[i + 1] == 'l' && ops[i + 2] == 'l' && strchr(ops, 'n'));
    if (!fused)
        return;
    /* groups in order: the destination, then the sources; P and n are no group */
    int group = 0;
    for (size_t i = 0; i < n;) {
        char c = ops[i];
        if (c == 'P' || kind_is(c, "LANES")) {
            i++;
            continue;
        }
        bool memory = kind_is(c, "BUF") && i + 2 < n && ops[i + 1] == 'l' && ops[i + 2] == 'l';
        bool scalar = kind_is(c, "REG");
        if (group == 0)
            printf("#define TIRBC_DST_IN_MEMORY_%s %d\n", id, memory);
        else
            printf("#define TIRBC_SRC%d_IN_MEMORY_%s %d\n#define TIRBC_SRC%d_SCALAR_%s %d\n", group - 1, id, memory,
                   group - 1, id, scalar);
        group++;
        i += memory ? 3 : 1;
    }
    printf("#define TIRBC_APPLIES_OP_%s %d\n", id, strchr(ops, 'P') != NULL);
}

int main(void)
{
    printf("/* Generated by gen_vm_kinds from TIR_VTYPES (base/dtype.h), opcodes.def and operands.def; do not "
           "edit. */\n");
    printf("#ifndef TIRVM_VM_KINDS_H\n#define TIRVM_VM_KINDS_H\n\n");
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        const kind *k = &kinds[i];
        if (is(k, "HANDLE"))
            continue;
        const char *e = k->e;
        printf("/* %s */\n", e);
        printf("#define CT_%s %s\ntypedef %s __attribute__((may_alias)) AT_%s;\n", e, k->ct, k->ct, e);
        printf("typedef %s __attribute__((may_alias, aligned(1))) UT_%s;\n", k->ct, e);
        if (is(k, "FLOAT"))
            printf("#define M_%s f%d\n", e, k->bits);
        else
            printf("#define M_%s %c%d\n", e, k->sg && !is(k, "HALF") ? 'i' : 'u', k->bits < 8 ? 8 : k->bits);
        printf("#define SIGNED_%s %d\n#define BITS_OF_%s %d\n", e, k->sg, e, k->bits);
        if (pick_int(k)) {
            integer(k);
        } else if (is(k, "HALF")) {
            char lower[16];
            size_t n = strlen(e);
            for (size_t j = 0; j <= n; j++)
                lower[j] = (char)(e[j] >= 'A' && e[j] <= 'Z' ? e[j] + 32 : e[j]);
            printf("#define TOF_%s tir_%s_to_f32\n#define FROMD_%s tir_%s_from_f64\n", e, lower, e, lower);
            printf("#define SCALAR_%s(r) ((uint16_t)R(r).u)\n", e);
            printf("#define LANE_TO_SCALAR_%s(r, v) (R(r).u = (v))\n", e);
            printf("#define LOAD_FIXUP_%s(l, n)\n", e);
            printf("#define CAST_TO_%s(v) FROMD_%s(CAST_TO_F64(v))\n", e, e);
        } else {
            printf("#define FLOOR_%s %s\n", e, k->bits == 32 ? "floorf" : "floor");
            printf("#define SCALAR_%s(r) R(r).f%d\n", e, k->bits);
            printf("#define LANE_TO_SCALAR_%s(r, v) (R(r).f%d = (v))\n", e, k->bits);
            printf("#define LOAD_FIXUP_%s(l, n)\n", e);
            printf("#define CAST_TO_%s(v) ((v).cls == 2 ? (%s)(v).f : (v).cls == 1 ? (%s)(v).u : (%s)(v).i)\n", e,
                   k->ct, k->ct, k->ct);
        }
        printf("\n");
    }
    list("INT", pick_int);
    /* the same list again, for use inside a body VM_KINDS_INT instantiates
     * (a macro does not expand inside its own expansion) */
    list("INT_NESTED", pick_int);
    list("NARROW_INT", pick_narrow_int);
    list("HALF", pick_half);
    list("FLOAT", pick_float);
    list("VALUE", pick_value);
    printf("\n/* Operand facts of each instruction, from opcodes.def and operands.def */\n");
    operand_kinds();
#define OP(id, mn, ops, vt, syn) operand_facts(#id, ops);
#include "opcodes.def"
#undef OP
    printf("\n#endif\n");
    return 0;
}
