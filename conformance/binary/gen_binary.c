/* Writes the binary conformance cases: small valid modules built by hand
 * with the format library, and copies of them corrupted one way each, with
 * a NAME.case sidecar saying what a loader must do with NAME.tirbc.
 *
 *   gen_binary OUTDIR
 *
 * Built by meson but not run by the tests: its outputs are committed in
 * conformance/binary/.  It checks its own work with tirbc_read and
 * tirbc_verify and fails if a "valid" file does not load or a malformed one
 * does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "opcodes.h"
#include "tirbc.h"

#define OP(x) TIRBC_OP_##x

static void *dup_mem(const void *p, size_t n)
{
    if (!n)
        return NULL;
    void *d = malloc(n);
    if (!d) {
        fputs("gen_binary: out of memory\n", stderr);
        exit(1);
    }
    memcpy(d, p, n);
    return d;
}

static char *dup_str(const char *s) { return dup_mem(s, strlen(s) + 1); }

static tirbc_regtype reg(tir_vtype vt, uint16_t lanes) { return (tirbc_regtype){(uint8_t)vt, lanes}; }

static void set_code(tirbc_function *f, const uint32_t *code, uint32_t n)
{
    free(f->code);
    f->code = dup_mem(code, n * sizeof *code);
    f->ncode = n;
}

static tirbc_buffer param_buffer(const char *name, tir_dtype dt, int64_t extent)
{
    tirbc_buffer b;
    memset(&b, 0, sizeof b);
    b.name = dup_str(name);
    b.dtype = dt;
    b.kind = TIRBC_BUF_PARAM;
    b.ndim = 1;
    b.shape = malloc(sizeof *b.shape);
    b.shape[0] = (tirbc_dimref){TIRBC_DIM_CONST, extent};
    b.elem_offset = (tirbc_dimref){TIRBC_DIM_CONST, 0};
    return b;
}

static tirbc_param buffer_param(const char *name, uint32_t index)
{
    return (tirbc_param){dup_str(name), NULL, TIRBC_PARAM_BUFFER, TIR_DT_HANDLE, index};
}

static tirbc_module *new_module(uint32_t nfuncs)
{
    tirbc_module *m = calloc(1, sizeof *m);
    m->version = TIRBC_FORMAT_VERSION;
    m->source = dup_str("gen_binary.c");
    m->nfuncs = nfuncs;
    m->funcs = calloc(nfuncs, sizeof *m->funcs);
    return m;
}

/* main(A: float32[4], B: float32[4]): for i in range(4): B[i] = A[i] + A[i] */
static tirbc_module *elementwise(void)
{
    tirbc_module *m = new_module(1);
    tirbc_function *f = &m->funcs[0];
    f->name = dup_str("main");
    tirbc_buffer bufs[2] = {param_buffer("A", TIR_DT_F32, 4), param_buffer("B", TIR_DT_F32, 4)};
    f->buffers = dup_mem(bufs, sizeof bufs);
    f->nbuffers = 2;
    tirbc_param params[2] = {buffer_param("A", 0), buffer_param("B", 1)};
    f->params = dup_mem(params, sizeof params);
    f->nparams = 2;
    tirbc_regtype regs[4] = {reg(TIR_VT_I64, 1), reg(TIR_VT_I64, 1), reg(TIR_VT_F32, 1), reg(TIR_VT_F32, 1)};
    f->regtypes = dup_mem(regs, sizeof regs);
    f->nregs = 4;
    uint64_t consts[2] = {0, 4};
    f->consts = dup_mem(consts, sizeof consts);
    f->nconsts = 2;
    const uint32_t code[] = {
        OP(LDK), 0, 0,             /*  0: r0 = 0 */
        OP(LDK), 1, 1,             /*  3: r1 = 4 */
        OP(LD_F32), 2, 0, 0,       /*  6: r2 = A[r0] */
        OP(ADD_F32), 3, 2, 2,      /* 10: r3 = r2 + r2 */
        OP(ST_F32), 1, 0, 3,       /* 14: B[r0] = r3 */
        OP(LOOP_I64), 0, 1, 6,     /* 18: r0 += 1; if r0 < r1 goto 6 */
        OP(RET),                   /* 22 */
    };
    set_code(f, code, sizeof code / sizeof code[0]);
    tirbc_line line = {0, 3, 5};
    f->lines = dup_mem(&line, sizeof line);
    f->nlines = 1;
    f->ret_dtype = TIR_DT_VOID;
    return m;
}

/* twice(n: int32) -> int32 { return n * 2 }  main(n: int32) -> int32 { return twice(n) + 1 } */
static tirbc_module *calls(void)
{
    tirbc_module *m = new_module(2);
    tirbc_function *f = &m->funcs[0];
    f->name = dup_str("twice");
    tirbc_param p = {dup_str("n"), NULL, TIRBC_PARAM_SCALAR, TIR_DT_I32, 0};
    f->params = dup_mem(&p, sizeof p);
    f->nparams = 1;
    tirbc_regtype regs[3] = {reg(TIR_VT_I32, 1), reg(TIR_VT_I32, 1), reg(TIR_VT_I32, 1)};
    f->regtypes = dup_mem(regs, 2 * sizeof *regs);
    f->nregs = 2;
    uint64_t two = 2;
    f->consts = dup_mem(&two, sizeof two);
    f->nconsts = 1;
    const uint32_t code_twice[] = {OP(LDK), 1, 0, OP(MUL_I32), 1, 0, 1, OP(RETV), 1};
    set_code(f, code_twice, sizeof code_twice / sizeof code_twice[0]);
    f->ret_dtype = TIR_DT_I32;

    f = &m->funcs[1];
    f->name = dup_str("main");
    p.name = dup_str("n");
    f->params = dup_mem(&p, sizeof p);
    f->nparams = 1;
    f->regtypes = dup_mem(regs, sizeof regs);
    f->nregs = 3;
    uint64_t one = 1;
    f->consts = dup_mem(&one, sizeof one);
    f->nconsts = 1;
    const uint32_t code_main[] = {
        OP(CALLV), 1, 0, 0, 1, /* r1 = twice(r0) */
        OP(LDK), 2, 0,         /* r2 = 1 */
        OP(ADD_I32), 1, 1, 2,  /* r1 = r1 + r2 */
        OP(RETV), 1,
    };
    set_code(f, code_main, sizeof code_main / sizeof code_main[0]);
    f->ret_dtype = TIR_DT_I32;
    return m;
}

/* main(A: float32[8], B: float32[8]): B[0:8] = A[0:8] + A[0:8], as 8-lane vectors */
static tirbc_module *vector(void)
{
    tirbc_module *m = new_module(1);
    tirbc_function *f = &m->funcs[0];
    f->name = dup_str("main");
    tirbc_buffer bufs[2] = {param_buffer("A", TIR_DT_F32, 8), param_buffer("B", TIR_DT_F32, 8)};
    f->buffers = dup_mem(bufs, sizeof bufs);
    f->nbuffers = 2;
    tirbc_param params[2] = {buffer_param("A", 0), buffer_param("B", 1)};
    f->params = dup_mem(params, sizeof params);
    f->nparams = 2;
    /* r0 base, r1 stride; r2..r5 and r6..r9: two float32x8 registers (4 slots each) */
    tirbc_regtype regs[10] = {reg(TIR_VT_I64, 1), reg(TIR_VT_I64, 1), reg(TIR_VT_F32, 8), reg(TIR_VT_F32, 0),
                              reg(TIR_VT_F32, 0), reg(TIR_VT_F32, 0), reg(TIR_VT_F32, 8), reg(TIR_VT_F32, 0),
                              reg(TIR_VT_F32, 0), reg(TIR_VT_F32, 0)};
    f->regtypes = dup_mem(regs, sizeof regs);
    f->nregs = 10;
    uint64_t consts[2] = {0, 1};
    f->consts = dup_mem(consts, sizeof consts);
    f->nconsts = 2;
    const uint32_t code[] = {
        OP(LDK), 0, 0,                /*  0: r0 = 0 */
        OP(LDK), 1, 1,                /*  3: r1 = 1 */
        OP(VLD_F32), 2, 0, 0, 1, 8,   /*  6: v2 = A[r0 + i*r1] */
        OP(VADD_F32), 6, 2, 2, 8,     /* 12: v6 = v2 + v2 */
        OP(VST_F32), 1, 0, 1, 6, 8,   /* 17: B[r0 + i*r1] = v6 */
        OP(RET),                      /* 23 */
    };
    set_code(f, code, sizeof code / sizeof code[0]);
    f->ret_dtype = TIR_DT_VOID;
    return m;
}

/* ---- the corruptions ---------------------------------------------- */

typedef struct {
    uint8_t *p;
    size_t n;
} bytes;

static void b_truncate_half(bytes *b) { b->n /= 2; }
static void b_drop_last(bytes *b) { b->n -= 1; }
static void b_empty(bytes *b) { b->n = 0; }
static void b_text(bytes *b)
{
    static const char text[] = "# not a module\n";
    memcpy(b->p, text, sizeof text - 1);
    b->n = sizeof text - 1;
}
/* [ "tirbc", version, ... ]: fixarray(3), fixstr(5) "tirbc", then the version */
static void b_bad_magic(bytes *b) { b->p[6] = 'x'; }
static void b_version_2(bytes *b) { b->p[7] = 0x02; }
static void b_version_0(bytes *b) { b->p[7] = 0x00; }
static void b_trailing(bytes *b) { b->p[b->n++] = 0xc0; }
/* renames the function key "code" (unknown keys are ignored, so "code" is then missing) */
static void b_no_code_key(bytes *b)
{
    for (size_t i = 0; i + 5 <= b->n; i++)
        if (memcmp(b->p + i, "\xa4" "code", 5) == 0) {
            b->p[i + 4] = 'x';
            return;
        }
}
/* the array header claims 4 billion functions */
static void b_huge_count(bytes *b)
{
    for (size_t i = 0; i + 6 <= b->n; i++)
        if (memcmp(b->p + i, "\xa5" "funcs", 6) == 0) {
            static const uint8_t huge[] = {0xdd, 0xff, 0xff, 0xff, 0xff};
            memmove(b->p + i + 6 + 5, b->p + i + 6 + 1, b->n - (i + 7));
            memcpy(b->p + i + 6, huge, sizeof huge);
            b->n += 4;
            return;
        }
}

static void m_reg_out_of_range(tirbc_module *m) { m->funcs[0].code[13] = 40; }  /* add.f32 r3, r2, r40 */
static void m_jump_mid_instruction(tirbc_module *m) { m->funcs[0].code[21] = 7; }
static void m_jump_past_end(tirbc_module *m) { m->funcs[0].code[21] = 1000; }
static void m_wrong_operand_type(tirbc_module *m) { m->funcs[0].code[12] = 0; } /* add.f32 r3, r0 (i64), r2 */
static void m_no_terminator(tirbc_module *m) { m->funcs[0].ncode = 22; }         /* ends with loop */
static void m_cut_operands(tirbc_module *m) { m->funcs[0].ncode = 20; }          /* loop without its operands */
static void m_buffer_out_of_range(tirbc_module *m) { m->funcs[0].code[8] = 7; }  /* ld.f32 r2, b7, r0 */
static void m_const_out_of_range(tirbc_module *m) { m->funcs[0].code[5] = 9; }   /* ldk r1, k9 */
static void m_unknown_opcode(tirbc_module *m) { m->funcs[0].code[10] = 0xfffff; }
static void m_empty_code(tirbc_module *m)
{
    m->funcs[0].ncode = 0;
    m->funcs[0].nlines = 0;
}
static void m_no_functions(tirbc_module *m)
{
    tirbc_function_free(&m->funcs[0]);
    m->nfuncs = 0;
}
static void m_retv_in_void(tirbc_module *m) { m->funcs[0].code[22] = OP(RETV); }  /* retv with no operand room */
static void m_unbound_buffer(tirbc_module *m) { m->funcs[0].nparams = 1; }        /* buffer B bound by no param */
static void m_param_register_type(tirbc_module *m) { m->funcs[0].regtypes[0] = reg(TIR_VT_F32, 1); }
static void m_duplicate_names(tirbc_module *m)
{
    free(m->funcs[0].name);
    m->funcs[0].name = dup_str("main");
}
static void m_call_missing_function(tirbc_module *m) { m->funcs[1].code[2] = 5; }
static void m_lane_count_1(tirbc_module *m) { m->funcs[0].code[16] = 1; }  /* vadd.f32 ... n=1 */
static void m_lane_count_mismatch(tirbc_module *m) { m->funcs[0].code[16] = 4; } /* 8-lane registers, n=4 */
static void m_lanes_65(tirbc_module *m) { m->funcs[0].regtypes[2].lanes = 65; }
static void m_handle_vector(tirbc_module *m)
{
    for (int k = 6; k < 10; k++)
        m->funcs[0].regtypes[k].vtype = TIR_VT_HANDLE;
}
static void m_unknown_vtype(tirbc_module *m) { m->funcs[0].regtypes[3].vtype = 14; }

typedef struct {
    const char *name;
    const char *description;
    const char *expect;  /* a malformed class, or NULL for a valid module */
    const char *feature;
    tirbc_module *(*base)(void);
    void (*mod)(tirbc_module *);
    void (*bytes)(bytes *);
} variant;

static const variant variants[] = {
    {"valid_elementwise", "an elementwise loop over two float32 buffers: loads, adds, stores, loops", NULL,
     "binary.valid", elementwise, NULL, NULL},
    {"valid_calls", "two functions, one calling the other with callv and returning a value", NULL, "binary.valid",
     calls, NULL, NULL},
    {"valid_vector", "8-lane vector registers across several slots: vld, vadd, vst", NULL, "binary.valid", vector,
     NULL, NULL},
    {"truncated_half", "the valid elementwise module cut to half its length", "truncated", "binary.truncated",
     elementwise, NULL, b_truncate_half},
    {"truncated_last_byte", "the valid elementwise module without its last byte", "truncated", "binary.truncated",
     elementwise, NULL, b_drop_last},
    {"truncated_empty", "an empty file", "truncated", "binary.truncated", elementwise, NULL, b_empty},
    {"truncated_huge_count", "an array header that claims 4294967295 functions in a small file", "truncated",
     "binary.truncated", elementwise, NULL, b_huge_count},
    {"bad_magic", "the magic string is \"tirbx\" instead of \"tirbc\"", "bad_magic", "binary.bad_magic", elementwise,
     NULL, b_bad_magic},
    {"bad_magic_text", "a text file, not msgpack data", "bad_magic", "binary.bad_magic", elementwise, NULL, b_text},
    {"version_future", "format version 2, which this reader does not know", "version", "binary.version", elementwise,
     NULL, b_version_2},
    {"version_zero", "format version 0", "version", "binary.version", elementwise, NULL, b_version_0},
    {"malformed_trailing_bytes", "a byte after the top-level value", "malformed", "binary.malformed", elementwise,
     NULL, b_trailing},
    {"malformed_missing_code", "a function map without its required \"code\" key", "malformed", "binary.malformed",
     elementwise, NULL, b_no_code_key},
    {"verify_register_out_of_range", "add.f32 names register r40 in a function of 4 registers", "verify",
     "binary.verify", elementwise, m_reg_out_of_range, NULL},
    {"verify_jump_mid_instruction", "a loop jumps to offset 7, an operand of the ld.f32 at 6", "verify",
     "binary.verify", elementwise, m_jump_mid_instruction, NULL},
    {"verify_jump_past_end", "a loop jumps to offset 1000, past the end of the code", "verify", "binary.verify",
     elementwise, m_jump_past_end, NULL},
    {"verify_wrong_operand_type", "add.f32 reads an i64 register", "verify", "binary.verify", elementwise,
     m_wrong_operand_type, NULL},
    {"verify_missing_terminator", "the code ends with a loop instruction instead of ret, jmp or trap", "verify",
     "binary.verify", elementwise, m_no_terminator, NULL},
    {"verify_operands_cut_off", "the last instruction's operands run past the end of the code", "verify",
     "binary.verify", elementwise, m_cut_operands, NULL},
    {"verify_buffer_out_of_range", "ld.f32 reads buffer b7 in a function of 2 buffers", "verify", "binary.verify",
     elementwise, m_buffer_out_of_range, NULL},
    {"verify_constant_out_of_range", "ldk loads constant k9 in a function of 2 constants", "verify", "binary.verify",
     elementwise, m_const_out_of_range, NULL},
    {"verify_unknown_opcode", "an opcode word that names no instruction", "verify", "binary.verify", elementwise,
     m_unknown_opcode, NULL},
    {"verify_empty_code", "a function with no code at all", "verify", "binary.verify", elementwise, m_empty_code,
     NULL},
    {"verify_no_functions", "a module with no functions", "verify", "binary.verify", elementwise, m_no_functions,
     NULL},
    {"verify_retv_without_operand", "a void function ends with retv, whose operand is missing", "verify",
     "binary.verify", elementwise, m_retv_in_void, NULL},
    {"verify_unbound_buffer", "buffer parameter B is bound by no parameter", "verify", "binary.verify", elementwise,
     m_unbound_buffer, NULL},
    {"verify_param_register_type", "scalar parameter n (int32) is stored into a float32 register", "verify",
     "binary.verify", calls, m_param_register_type, NULL},
    {"verify_duplicate_function_names", "two functions named main", "verify", "binary.verify", calls,
     m_duplicate_names, NULL},
    {"verify_call_missing_function", "callv calls function 5 in a module of 2", "verify", "binary.verify", calls,
     m_call_missing_function, NULL},
    {"verify_lane_count_1", "vadd.f32 with a lane count of 1", "verify", "binary.verify", vector, m_lane_count_1,
     NULL},
    {"verify_lane_count_mismatch", "vadd.f32 with 4 lanes on 8-lane registers", "verify", "binary.verify", vector,
     m_lane_count_mismatch, NULL},
    {"verify_register_lanes_65", "a register declared with 65 lanes (the limit is 64)", "verify", "binary.verify",
     vector, m_lanes_65, NULL},
    {"verify_handle_vector", "a vector register of handles", "verify", "binary.verify", vector, m_handle_vector, NULL},
    {"verify_unknown_value_type", "a register of value type 14, which does not exist", "verify", "binary.verify",
     vector, m_unknown_vtype, NULL},
};

static int write_bytes(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || (n && fwrite(p, 1, n, f) != n) || fclose(f) != 0) {
        fprintf(stderr, "gen_binary: cannot write %s\n", path);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: gen_binary OUTDIR\n", stderr);
        return 2;
    }
    int status = 0;
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        const variant *v = &variants[i];
        tirbc_module *m = v->base();
        if (v->mod)
            v->mod(m);
        uint8_t *enc = NULL;
        size_t n = 0;
        char err[512];
        if (tirbc_write(m, &enc, &n, err, sizeof err) != 0) {
            fprintf(stderr, "gen_binary: %s: %s\n", v->name, err);
            return 1;
        }
        /* room for the byte edits that grow the file */
        bytes b = {malloc(n + 64), n};
        memcpy(b.p, enc, n);
        free(enc);
        if (v->bytes)
            v->bytes(&b);
        /* the verdict of our own reader and verifier, as a check */
        tirbc_module *back = NULL;
        err[0] = 0;
        bool loads = tirbc_read(b.p, b.n, &back, err, sizeof err) == 0 && tirbc_verify(back, err, sizeof err) == 0;
        tirbc_module_free(back);
        if (loads != (v->expect == NULL)) {
            fprintf(stderr, "gen_binary: %s: expected %s, %s%s\n", v->name, v->expect ? v->expect : "a valid module",
                    loads ? "but it loads" : "but: ", loads ? "" : err);
            status = 1;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.tirbc", argv[1], v->name);
        if (write_bytes(path, b.p, b.n) != 0)
            return 1;
        char text[1024];
        int tl = snprintf(text, sizeof text,
                          "# ---\n# description: %s\n# features: [%s]\n# %s%s\n# ---\n"
                          "# Written by conformance/binary/gen_binary.c; change that and rerun it, not this file.\n",
                          v->description, v->feature, v->expect ? "assert_malformed: " : "assert_valid: true",
                          v->expect ? v->expect : "");
        snprintf(path, sizeof path, "%s/%s.case", argv[1], v->name);
        if (write_bytes(path, text, (size_t)tl) != 0)
            return 1;
        printf("%-34s %-10s %s\n", v->name, v->expect ? v->expect : "valid", loads ? "" : err);
        free(b.p);
        tirbc_module_free(m);
    }
    return status;
}
