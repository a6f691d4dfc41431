/* The text listing shown by `tirvm dis` and `tirc --emit=asm`.  It must not
 * trust the module: it is also used on modules that failed verification. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opcodes.h"
#include "tirbc.h"

typedef struct {
    char *p;
    size_t len, cap;
    bool oom;
} strbuf;

static void sb_vprintf(strbuf *sb, const char *fmt, va_list ap)
{
    if (sb->oom)
        return;
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(sb->p ? sb->p + sb->len : NULL, sb->p ? sb->cap - sb->len : 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) {
        sb->oom = true;
        return;
    }
    if ((size_t)n >= sb->cap - sb->len || !sb->p) {
        size_t cap = sb->cap ? sb->cap : 4096;
        while (cap - sb->len <= (size_t)n)
            cap *= 2;
        char *q = realloc(sb->p, cap);
        if (!q) {
            sb->oom = true;
            return;
        }
        sb->p = q;
        sb->cap = cap;
        vsnprintf(sb->p + sb->len, sb->cap - sb->len, fmt, ap);
    }
    sb->len += (size_t)n;
}

static void sb_printf(strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
}

/* Text from the file may hold anything; keep the listing one item a line. */
static void sb_escaped(strbuf *sb, const char *s)
{
    if (!s)
        return;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        switch (*c) {
        case '"': sb_printf(sb, "\\\""); break;
        case '\\': sb_printf(sb, "\\\\"); break;
        case '\n': sb_printf(sb, "\\n"); break;
        case '\t': sb_printf(sb, "\\t"); break;
        case '\r': sb_printf(sb, "\\r"); break;
        default:
            if (*c < 0x20 || *c == 0x7f)
                sb_printf(sb, "\\x%02x", *c);
            else
                sb_printf(sb, "%c", *c);
        }
    }
}

static void sb_dimref(strbuf *sb, const tirbc_dimref *d)
{
    if (d->kind == TIRBC_DIM_CONST)
        sb_printf(sb, "%" PRId64, d->value);
    else if (d->kind == TIRBC_DIM_REG)
        sb_printf(sb, "r%" PRId64, d->value);
    else
        sb_printf(sb, "<kind %u: %" PRId64 ">", d->kind, d->value);
}

static void sb_dims(strbuf *sb, uint32_t n, const tirbc_dimref *d)
{
    sb_printf(sb, "[");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_printf(sb, ", ");
        sb_dimref(sb, &d[i]);
    }
    sb_printf(sb, "]");
}

static const char *vt_name(unsigned vt) { return vt < TIR_VT_COUNT ? tir_vtype_names[vt] : "?"; }

static void header(strbuf *sb, const tirbc_function *f)
{
    char dt[32];
    sb_printf(sb, "function ");
    sb_escaped(sb, f->name);
    sb_printf(sb, "(");
    for (uint32_t i = 0; i < f->nparams; i++) {
        const tirbc_param *p = &f->params[i];
        if (i)
            sb_printf(sb, ", ");
        sb_escaped(sb, p->name);
        if (p->kind == TIRBC_PARAM_BUFFER) {
            sb_printf(sb, ": buffer b%u", p->index);
        } else if (p->kind == TIRBC_PARAM_SCALAR) {
            unsigned vt = tir_dtype_vtype(p->dtype);
            if (vt < TIR_VT_COUNT && p->dtype.lanes == 1)
                sb_printf(sb, ": %s r%u", tir_vtype_names[vt], p->index);
            else
                sb_printf(sb, ": %s r%u", tir_dtype_str(p->dtype, dt, sizeof dt), p->index);
        } else {
            sb_printf(sb, ": <kind %u> %u", p->kind, p->index);
        }
    }
    sb_printf(sb, ") -> %s\n", tir_dtype_str(f->ret_dtype, dt, sizeof dt));
}

static void registers(strbuf *sb, const tirbc_function *f)
{
    sb_printf(sb, "  registers %u:", f->nregs);
    for (uint32_t i = 0; i < f->nregs; i++) {
        if (i && i % 16 == 0)
            sb_printf(sb, "\n   ");
        sb_printf(sb, " r%u:%s", i, vt_name(f->regtypes[i].vtype));
        if (f->regtypes[i].lanes != 1)
            sb_printf(sb, "x%u", f->regtypes[i].lanes);
    }
    sb_printf(sb, "\n");
}

static void buffers(strbuf *sb, const tirbc_function *f)
{
    char dt[32];
    for (uint32_t i = 0; i < f->nbuffers; i++) {
        const tirbc_buffer *b = &f->buffers[i];
        sb_printf(sb, "  buffer b%u '", i);
        sb_escaped(sb, b->name);
        sb_printf(sb, "' %s", tir_dtype_str(b->dtype, dt, sizeof dt));
        if (b->kind != TIRBC_BUF_ALLOC || b->ndim)
            sb_dims(sb, b->ndim, b->shape);
        if (b->nstrides) {
            sb_printf(sb, " strides");
            sb_dims(sb, b->nstrides, b->strides);
        }
        if (b->elem_offset.kind != TIRBC_DIM_CONST || b->elem_offset.value != 0) {
            sb_printf(sb, " offset ");
            sb_dimref(sb, &b->elem_offset);
        }
        if (b->kind == TIRBC_BUF_PARAM)
            sb_printf(sb, " param\n");
        else if (b->kind == TIRBC_BUF_ALLOC)
            sb_printf(sb, " alloc\n");
        else
            sb_printf(sb, " <kind %u>\n", b->kind);
    }
}

/* Constants carry no type; show each as the type of the first register an
 * ldk loads it into. */
static void constants(strbuf *sb, const tirbc_function *f)
{
    if (!f->nconsts)
        return;
    uint8_t *kt = malloc(f->nconsts);
    if (kt) {
        memset(kt, TIR_VT_NONE, f->nconsts);
        for (uint32_t pc = 0; pc < f->ncode;) {
            uint32_t op = f->code[pc];
            if (op >= TIRBC_OP_COUNT)
                break;
            uint32_t n = tirbc_ops[op].noperands;
            if (n > f->ncode - pc - 1)
                break;
            if (op == TIRBC_OP_LDK) {
                uint32_t r = f->code[pc + 1], k = f->code[pc + 2];
                if (r < f->nregs && k < f->nconsts && kt[k] == TIR_VT_NONE)
                    kt[k] = f->regtypes[r].vtype;
            }
            pc += 1 + n;
        }
    }
    for (uint32_t i = 0; i < f->nconsts; i++) {
        uint64_t bits = f->consts[i];
        unsigned vt = kt ? kt[i] : TIR_VT_NONE;
        sb_printf(sb, "  constant k%u = ", i);
        if (vt == TIR_VT_F32) {
            uint32_t b32 = (uint32_t)bits;
            float x;
            memcpy(&x, &b32, sizeof x);
            sb_printf(sb, "%.9g", (double)x);
        } else if (vt == TIR_VT_F64) {
            double x;
            memcpy(&x, &bits, sizeof x);
            sb_printf(sb, "%.17g", x);
        } else if (vt == TIR_VT_U64) {
            sb_printf(sb, "%" PRIu64, bits);
        } else {
            sb_printf(sb, "%" PRId64, (int64_t)bits);
        }
        sb_printf(sb, " (0x%" PRIx64 ")\n", bits);
    }
    free(kt);
}

static void strings(strbuf *sb, const tirbc_function *f)
{
    for (uint32_t i = 0; i < f->nstrings; i++) {
        sb_printf(sb, "  string s%u = \"", i);
        sb_escaped(sb, f->strings[i]);
        sb_printf(sb, "\"\n");
    }
}

#define TEXT_COLUMN 28

static void code(strbuf *sb, const tirbc_function *f)
{
    char name[64], text[256];
    uint32_t li = 0, cur_line = 0, shown_line = 0;
    for (uint32_t pc = 0; pc < f->ncode;) {
        uint32_t op = f->code[pc], n = 0;
        size_t len;
        while (li < f->nlines && f->lines[li].pc <= pc)
            cur_line = f->lines[li++].line;

        if (op >= TIRBC_OP_COUNT || tirbc_ops[op].noperands > f->ncode - pc - 1) {
            /* Not decodable: show the raw word and resync on the next one. */
            len = (size_t)snprintf(text, sizeof text, ".word 0x%08" PRIx32, op);
        } else {
            const tirbc_opinfo *info = &tirbc_ops[op];
            n = info->noperands;
            len = (size_t)snprintf(text, sizeof text, "%s", tirbc_op_name((int)op, name, sizeof name));
            for (uint32_t i = 0; i < n && len < sizeof text; i++) {
                uint32_t w = f->code[pc + 1 + i];
                const char *prefix;
                switch (info->operands[i]) {
                case 'k': prefix = "k"; break;
                case 'j': prefix = "@"; break;
                case 'f': prefix = "b"; break;
                case 'm': prefix = "s"; break;
                case 'u': prefix = ""; break;
                case 'n': prefix = "x"; break;
                case 't':
                    len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", i ? ", " : " ",
                                            w < TIR_VT_COUNT ? tir_vtype_names[w] : "?");
                    continue;
                default: prefix = "r"; break;
                }
                if (info->operands[i] == 'u' && (op == TIRBC_OP_VMATH1_F32 || op == TIRBC_OP_VMATH1_F64 ||
                                                 op == TIRBC_OP_VMATH2_F32 || op == TIRBC_OP_VMATH2_F64)) {
                    /* the scalar math instruction applied to every lane */
                    len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", i ? ", " : " ",
                                            tirbc_op_name((int)w, name, sizeof name));
                    continue;
                }
                len += (size_t)snprintf(text + len, sizeof text - len, "%s%s%" PRIu32, i ? ", " : " ", prefix, w);
            }
            if (len >= sizeof text)
                len = sizeof text - 1;
        }
        sb_printf(sb, "  %5" PRIu32 "  %s", pc, text);
        if (cur_line && cur_line != shown_line) {
            sb_printf(sb, "%*s; line %" PRIu32, len < TEXT_COLUMN ? (int)(TEXT_COLUMN - len) : 1, "", cur_line);
            shown_line = cur_line;
        }
        sb_printf(sb, "\n");
        pc += 1 + n;
    }
}

char *tirbc_disasm(const tirbc_module *m)
{
    strbuf sb = {0};
    sb_printf(&sb, "%s", "");
    for (uint32_t i = 0; m && i < m->nfuncs; i++) {
        const tirbc_function *f = &m->funcs[i];
        if (i)
            sb_printf(&sb, "\n");
        header(&sb, f);
        registers(&sb, f);
        buffers(&sb, f);
        constants(&sb, f);
        strings(&sb, f);
        code(&sb, f);
    }
    if (sb.oom) {
        free(sb.p);
        return NULL;
    }
    return sb.p;
}
