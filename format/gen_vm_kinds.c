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
 * 32 bits, bool excluded).
 *
 * For each instruction ID (opcodes.def), TIRBC_OPERANDS_ID(F) expands
 * F(ROLE, WORD) for each operand: the word holding it (1 = the first
 * operand) under the name of its role, from its letter's row of
 * operands.def:
 *   DST                 the register (or vector register) written
 *   SRC0, SRC1, ...     the registers (or vector registers) read, in order
 *   BUF0, BUF1, ...     the buffers, in order (read, written or alloc)
 *   CONST0, CONST1, ... the constant pool indexes
 *   TARGET, FUNC, ARGS, STR, LANES, VTYPE, LANEFN  the operand of that KIND
 *                       (jump target, function, first argument register,
 *                       string, lane count, value kind, lane function)
 *   NARGS, LANE, WIDTH, DIM  the IMM operand of that CHECK (argument
 *                       count, lane index, row width, dimension)
 * A role without a number occurs at most once per instruction; the
 * generator fails on a table where it does not.  The interpreter's
 * VM_OP(ID) turns the list into its body's VM_AT_<ROLE> constants
 * (vm/dispatch.h), so a body reads OPND(SRC0), never ip[2].
 * For each fused vector instruction (one whose operands name a buffer
 * range, or apply another instruction P) the list also has VEC_DST,
 * VEC_SRC0, VEC_SRC1, ...: the first word of the destination and of each
 * source, a register or a range (TIRBC_RANGE_BUF, _BASE, _STRIDE: its
 * words), and
 *   TIRBC_DST_IN_MEMORY_ID    1 when the result goes to a buffer range
 *   TIRBC_SRC<k>_IN_MEMORY_ID 1 when its k-th source is a buffer range
 *   TIRBC_SRC<k>_SCALAR_ID    1 when its k-th source is a scalar register
 *   TIRBC_APPLIES_OP_ID       1 when it applies the instruction in its P operand
 *
 * For each typed family NAME (the rows ID NAME_<KIND> of opcodes.def),
 * VM_FAMILY_NAME(F) expands F(NAME, K) for each of its kinds K, in table
 * order, so a family's bodies are instantiated over the kinds it has. */
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

/* The operand letters' rows (operands.def), by letter. */
typedef struct {
    const char *kind, *access, *check;
} letter_row;
static letter_row letters[128];

static void operand_rows(void)
{
#define OPERAND(letter, kind, access, type, check, prefix, meaning) \
    letters[(unsigned char)(letter)] = (letter_row){#kind, #access, #check};
#include "operands.def"
#undef OPERAND
}

static bool kind_is(char letter, const char *kind)
{
    const char *k = letters[(unsigned char)letter].kind;
    return k && strcmp(k, kind) == 0;
}

/* What an operand letter is to a body (see the top of this file): its
 * role's name, and whether an instruction may have several of the role
 * (then they are numbered from 0 in operand order). */
static const char *role(char c, bool *counted)
{
    const letter_row *r = &letters[(unsigned char)c];
    static const struct {
        const char *kind, *check, *role;
        bool counted;
    } roles[] = {
        {"BUF", NULL, "BUF", true},           {"CONST", NULL, "CONST", true},
        {"STR", NULL, "STR", false},          {"JUMP", NULL, "TARGET", false},
        {"FUNC", NULL, "FUNC", false},        {"ARGS", NULL, "ARGS", false},
        {"LANES", NULL, "LANES", false},      {"VTYPE", NULL, "VTYPE", false},
        {"LANEFN", NULL, "LANEFN", false},    {"IMM", "ARG_COUNT", "NARGS", false},
        {"IMM", "LANE_INDEX", "LANE", false}, {"IMM", "WIDTH", "WIDTH", false},
        {"IMM", "DIM", "DIM", false},         {"IMM", NULL, "IMM", true},
    };
    if (kind_is(c, "REG") || kind_is(c, "VREG")) {
        bool write = strcmp(r->access, "WRITE") == 0;
        *counted = !write;
        return write ? "DST" : "SRC";
    }
    for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++)
        if (kind_is(c, roles[i].kind) && (!roles[i].check || strcmp(r->check, roles[i].check) == 0)) {
            *counted = roles[i].counted;
            return roles[i].role;
        }
    return NULL;
}

/* A buffer range: a buffer, then two index registers, its base and
 * stride (printed as TIRBC_RANGE_*, the words a fused body reads). */
enum { RANGE_BUF, RANGE_BASE, RANGE_STRIDE, RANGE_WORDS };
static bool range_at(const char *ops, size_t i)
{
    return kind_is(ops[i + RANGE_BUF], "BUF") && ops[i + RANGE_BASE] == 'l' && ops[i + RANGE_STRIDE] == 'l';
}

/* The operand facts of one instruction (see the top of this file); false
 * when its operands do not fit the naming scheme. */
static bool operand_facts(const char *id, const char *ops)
{
    size_t n = strlen(ops);
    printf("#define TIRBC_OPERANDS_%s(F)", id);
    for (size_t i = 0; i < n; i++) {
        bool counted;
        const char *name = role(ops[i], &counted);
        unsigned same = 0; /* earlier operands of the same role */
        for (size_t j = 0; name && j < i; j++) {
            bool c;
            same += role(ops[j], &c) == name;
        }
        if (!name || (!counted && same)) {
            fprintf(stderr, "gen_vm_kinds: operand %zu ('%c') of %s has no role name of its own\n", i + 1, ops[i], id);
            return false;
        }
        if (counted)
            printf(" F(%s%u, %zu)", name, same, i + 1);
        else
            printf(" F(%s, %zu)", name, i + 1);
    }
    bool fused = strchr(ops, 'P') != NULL;
    for (size_t i = 0; i + RANGE_WORDS <= n; i++)
        fused = fused || (range_at(ops, i) && strchr(ops, 'n'));
    if (!fused) {
        printf("\n");
        return true;
    }
    /* groups in order: the destination, then the sources; P and n are no group */
    char facts[1024] = "";
    size_t used = 0;
    int group = 0;
    for (size_t i = 0; i < n;) {
        char c = ops[i];
        if (c == 'P' || kind_is(c, "LANES")) {
            i++;
            continue;
        }
        bool memory = i + RANGE_WORDS <= n && range_at(ops, i);
        bool scalar = kind_is(c, "REG");
        if (group == 0) {
            printf(" F(VEC_DST, %zu)", i + 1);
            used += (size_t)snprintf(facts + used, sizeof facts - used, "#define TIRBC_DST_IN_MEMORY_%s %d\n", id, memory);
        } else {
            printf(" F(VEC_SRC%d, %zu)", group - 1, i + 1);
            used += (size_t)snprintf(facts + used, sizeof facts - used,
                                     "#define TIRBC_SRC%d_IN_MEMORY_%s %d\n#define TIRBC_SRC%d_SCALAR_%s %d\n", group - 1,
                                     id, memory, group - 1, id, scalar);
        }
        group++;
        i += memory ? RANGE_WORDS : 1;
    }
    printf("\n%s#define TIRBC_APPLIES_OP_%s %d\n", facts, id, strchr(ops, 'P') != NULL);
    return true;
}

/* The typed families (opcodes.def), each with the kinds of its rows in
 * table order: VM_FAMILY_<NAME>(F) expands F(NAME, K) for each kind K. */
static struct {
    char name[32];
    char kinds[512];
} families[512];
static size_t nfamilies;

static void family_row(const char *id, const char *vt)
{
    size_t n = strlen(id), k = strlen(vt);
    if (strcmp(vt, "NONE") == 0 || n <= k + 1 || id[n - k - 1] != '_' || strcmp(id + n - k, vt) != 0)
        return;
    size_t f = 0;
    while (f < nfamilies && !(strlen(families[f].name) == n - k - 1 && strncmp(families[f].name, id, n - k - 1) == 0))
        f++;
    if (f == sizeof families / sizeof families[0])
        return; /* main() reports a table that outgrew this list */
    if (f == nfamilies)
        snprintf(families[nfamilies++].name, sizeof families[0].name, "%.*s", (int)(n - k - 1), id);
    size_t used = strlen(families[f].kinds);
    snprintf(families[f].kinds + used, sizeof families[f].kinds - used, " F(%.*s, %s)", (int)(n - k - 1), id, vt);
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
    list("NARROW_INT", pick_narrow_int);
    list("HALF", pick_half);
    list("FLOAT", pick_float);
    list("VALUE", pick_value);
    printf("\n/* Operand facts of each instruction, from opcodes.def and operands.def */\n");
    printf("enum { TIRBC_RANGE_BUF = %d, TIRBC_RANGE_BASE = %d, TIRBC_RANGE_STRIDE = %d };\n", RANGE_BUF, RANGE_BASE,
           RANGE_STRIDE);
    operand_rows();
    bool ok = true;
#define OP(id, mn, ops, vt, syn) ok = ok && operand_facts(#id, ops);
#include "opcodes.def"
#undef OP
    if (!ok)
        return 1;
    printf("\n/* The kinds of each typed family, from opcodes.def */\n");
#define OP(id, mn, ops, vt, syn) family_row(#id, #vt);
#include "opcodes.def"
#undef OP
    for (size_t f = 0; f < nfamilies; f++)
        printf("#define VM_FAMILY_%s(F)%s\n", families[f].name, families[f].kinds);
    printf("\n#endif\n");
    return 0;
}
