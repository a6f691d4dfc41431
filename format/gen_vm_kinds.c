/* Prints vm/vm_kinds.h: the interpreter's per-kind traits and kind lists,
 * from the one table of value kinds (TIR_VTYPES in dtype.h), so no type
 * list or per-type macro of the interpreter is written by hand.
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
 * inside a body that VM_KINDS_INT instantiates). */
#include <stdio.h>
#include <string.h>

#include "dtype.h"

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

int main(void)
{
    printf("/* Generated by gen_vm_kinds from TIR_VTYPES (format/dtype.h); do not edit. */\n");
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
    printf("\n#endif\n");
    return 0;
}
