/* The text listing shown by `tirvm dis` and `tirc --emit=asm`.  It must not
 * trust the module: it is also used on modules that failed verification. */
#include <ctype.h>
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

/* Names print bare when they are identifiers, quoted otherwise, so the
 * assembler reads back any name the file holds. */
static void sb_name(strbuf *sb, const char *s)
{
    bool plain = s && (isalpha((unsigned char)s[0]) || s[0] == '_');
    for (const char *c = s; plain && *c; c++)
        plain = isalnum((unsigned char)*c) || *c == '_' || *c == '.';
    if (plain) {
        sb_printf(sb, "%s", s);
        return;
    }
    sb_printf(sb, "\"");
    sb_escaped(sb, s);
    sb_printf(sb, "\"");
}

/* A dtype by its name when the name reads back as the same dtype, else as
 * its three numbers. */
static void sb_dtype(strbuf *sb, tir_dtype t)
{
    char dt[32];
    tir_dtype back;
    tir_dtype_str(t, dt, sizeof dt);
    if (tir_dtype_parse(dt, strlen(dt), &back) && tir_dt_eq(back, t))
        sb_printf(sb, "%s", dt);
    else
        sb_printf(sb, "dtype(%u, %u, %u)", t.code, t.bits, t.lanes);
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

/* [d0, d1, ...]; an entry with a name (a symbolic variable's) is followed
 * by the name in quotes: [r0 "n", 256]. */
static void sb_dims(strbuf *sb, uint32_t n, const tirbc_dimref *d, char *const *names)
{
    sb_printf(sb, "[");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_printf(sb, ", ");
        sb_dimref(sb, &d[i]);
        if (names && names[i]) {
            sb_printf(sb, " \"");
            sb_escaped(sb, names[i]);
            sb_printf(sb, "\"");
        }
    }
    sb_printf(sb, "]");
}

static void sb_vtype(strbuf *sb, unsigned vt)
{
    if (vt < TIR_VT_COUNT)
        sb_printf(sb, "%s", tir_vtype_names[vt]);
    else
        sb_printf(sb, "?%u", vt);
}

static void header(strbuf *sb, const tirbc_function *f)
{
    sb_printf(sb, "function ");
    sb_name(sb, f->name);
    sb_printf(sb, "(");
    for (uint32_t i = 0; i < f->nparams; i++) {
        const tirbc_param *p = &f->params[i];
        if (i)
            sb_printf(sb, ", ");
        sb_name(sb, p->name);
        if (p->kind == TIRBC_PARAM_BUFFER) {
            sb_printf(sb, ": buffer b%u", p->index);
            if (!tir_dt_eq(p->dtype, TIR_DT_HANDLE)) {
                sb_printf(sb, " dtype ");
                sb_dtype(sb, p->dtype);
            }
        } else if (p->kind == TIRBC_PARAM_SCALAR) {
            sb_printf(sb, ": ");
            sb_dtype(sb, p->dtype);
            sb_printf(sb, " r%u", p->index);
        } else {
            sb_printf(sb, ": <kind %u> ", p->kind);
            sb_dtype(sb, p->dtype);
            sb_printf(sb, " %u", p->index);
        }
        if (p->alias) {
            sb_printf(sb, " alias ");
            sb_name(sb, p->alias);
        }
    }
    sb_printf(sb, ") -> ");
    sb_dtype(sb, f->ret_dtype);
    sb_printf(sb, "\n");
}

static void registers(strbuf *sb, const tirbc_function *f)
{
    sb_printf(sb, "  registers %u:", f->nregs);
    for (uint32_t i = 0; i < f->nregs; i++) {
        if (i && i % 16 == 0)
            sb_printf(sb, "\n   ");
        sb_printf(sb, " r%u:", i);
        sb_vtype(sb, f->regtypes[i].vtype);
        if (f->regtypes[i].lanes != 1)
            sb_printf(sb, "x%u", f->regtypes[i].lanes);
    }
    sb_printf(sb, "\n");
}

static void buffers(strbuf *sb, const tirbc_function *f)
{
    for (uint32_t i = 0; i < f->nbuffers; i++) {
        const tirbc_buffer *b = &f->buffers[i];
        sb_printf(sb, "  buffer b%u ", i);
        if (b->name) {
            sb_printf(sb, "\"");
            sb_escaped(sb, b->name);
            sb_printf(sb, "\" ");
        }
        sb_dtype(sb, b->dtype);
        if (b->kind != TIRBC_BUF_ALLOC || b->ndim)
            sb_dims(sb, b->ndim, b->shape, b->shape_names);
        if (b->nstrides) {
            sb_printf(sb, " strides");
            sb_dims(sb, b->nstrides, b->strides, NULL);
        }
        if (b->elem_offset.kind != TIRBC_DIM_CONST || b->elem_offset.value != 0) {
            sb_printf(sb, " offset ");
            sb_dimref(sb, &b->elem_offset);
        }
        if (b->kind == TIRBC_BUF_PARAM)
            sb_printf(sb, " param\n");
        else if (b->kind == TIRBC_BUF_ALLOC)
            sb_printf(sb, " alloc\n");
        else if (b->kind == TIRBC_BUF_WEIGHT)
            sb_printf(sb, " weight w%u\n", b->weight);
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

/* Whether every line entry sits on an instruction start, in order: then
 * the listing shows each entry beside its instruction; otherwise the table
 * is listed as it is, as .line directives after the code. */
static bool lines_annotatable(const tirbc_function *f)
{
    uint32_t li = 0, prev = 0;
    for (uint32_t pc = 0; pc < f->ncode;) {
        uint32_t op = f->code[pc];
        uint32_t n = op < TIRBC_OP_COUNT && tirbc_ops[op].noperands <= f->ncode - pc - 1 ? tirbc_ops[op].noperands : 0;
        for (; li < f->nlines && f->lines[li].pc <= pc + n; li++) {
            if (f->lines[li].pc != pc || f->lines[li].pc < prev)
                return false;
            prev = f->lines[li].pc;
        }
        pc += 1 + n;
    }
    return li == f->nlines;
}

static void instruction_text(const tirbc_function *f, uint32_t pc, char *text, size_t size, size_t *lenp,
                             uint32_t *nops)
{
    char name[64];
    uint32_t op = f->code[pc], n = 0;
    size_t len;
    if (op >= TIRBC_OP_COUNT || tirbc_ops[op].noperands > f->ncode - pc - 1) {
        /* Not decodable: show the raw word and resync on the next one. */
        len = (size_t)snprintf(text, size, ".word 0x%08" PRIx32, op);
    } else {
        const tirbc_opinfo *info = &tirbc_ops[op];
        n = info->noperands;
        len = (size_t)snprintf(text, size, "%s", tirbc_op_name((int)op, name, sizeof name));
        for (uint32_t i = 0; i < n && len < size; i++) {
            uint32_t w = f->code[pc + 1 + i];
            const char *sep = i ? ", " : " ";
            const tirbc_operand_info *o = tirbc_op_operand(op, i);
            if (o && o->kind == TIRBC_OPK_VTYPE && w < TIR_VT_COUNT)
                len += (size_t)snprintf(text + len, size - len, "%s%s", sep, tir_vtype_names[w]);
            else if (o && o->kind == TIRBC_OPK_VTYPE)
                len += (size_t)snprintf(text + len, size - len, "%s?%" PRIu32, sep, w);
            else if (o && o->kind == TIRBC_OPK_LANEFN && w < TIRBC_OP_COUNT)
                /* the scalar math instruction applied to every lane */
                len += (size_t)snprintf(text + len, size - len, "%s%s", sep, tirbc_op_name((int)w, name, sizeof name));
            else
                len += (size_t)snprintf(text + len, size - len, "%s%s%" PRIu32, sep, o ? o->prefix : "?", w);
        }
    }
    *lenp = len < size ? len : size - 1;
    *nops = n;
}

static void code(strbuf *sb, const tirbc_function *f)
{
    char text[256];
    bool annotate = lines_annotatable(f);
    uint32_t li = 0;
    for (uint32_t pc = 0; pc < f->ncode;) {
        uint32_t n;
        size_t len;
        instruction_text(f, pc, text, sizeof text, &len, &n);
        sb_printf(sb, "  %5" PRIu32 "  %s", pc, text);
        for (bool first = true; annotate && li < f->nlines && f->lines[li].pc == pc; li++, first = false) {
            if (first)
                sb_printf(sb, "%*s;", len < TEXT_COLUMN ? (int)(TEXT_COLUMN - len) : 1, "");
            sb_printf(sb, " line %" PRIu32 ":%" PRIu32, f->lines[li].line, f->lines[li].col);
        }
        sb_printf(sb, "\n");
        pc += 1 + n;
    }
    for (uint32_t i = 0; !annotate && i < f->nlines; i++)
        sb_printf(sb, "  .line %" PRIu32 " %" PRIu32 ":%" PRIu32 "\n", f->lines[i].pc, f->lines[i].line,
                  f->lines[i].col);
}

char *tirbc_disasm(const tirbc_module *m)
{
    strbuf sb = {0};
    sb_printf(&sb, "%s", "");
    if (m && m->source) {
        sb_printf(&sb, "source \"");
        sb_escaped(&sb, m->source);
        sb_printf(&sb, "\"\n\n");
    }
    for (uint32_t i = 0; m && i < m->nweights; i++)
        sb_printf(&sb, "weight w%u %llu bytes%s", i, (unsigned long long)m->weights[i].nbytes,
                  i + 1 == m->nweights ? "\n\n" : "\n");
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
