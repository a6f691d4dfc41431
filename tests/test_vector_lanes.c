/* Vector instructions against scalar ones: for every dtype class, several
 * lane counts (powers of two and not) and each lane-wise operation, a
 * program computes V[0:L] = op(A[0:L], B[0:L]) with vector instructions and
 * S[i] = op(A[i], B[i]) lane by lane in an unrolled (so never vectorized)
 * loop; the two results must be bit-identical (spec Expr semantics 13: a
 * vector operation is the scalar one applied to each lane). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "compile.h"
#include "tirbc.h"
#include "tirvm.h"

static const char *const dtypes[] = {"int8", "uint8", "int16", "int32", "int64", "uint32",
                                     "uint64", "float16", "bfloat16", "float32", "float64"};
static const int lane_counts[] = {2, 3, 5, 8, 16, 64};

typedef struct {
    const char *name;
    const char *vec;    /* expression over a, b (vector slices) */
    const char *scalar; /* the same over a, b (elements) */
    bool float_only, int_only;
} op_case;

static const op_case ops[] = {
    {"add", "%s + %s", "%s + %s", false, false},
    {"sub", "%s - %s", "%s - %s", false, false},
    {"mul", "%s * %s", "%s * %s", false, false},
    {"min", "T.min(%s, %s)", "T.min(%s, %s)", false, false},
    {"max", "T.max(%s, %s)", "T.max(%s, %s)", false, false},
    {"select_lt", "T.Select(%s < %s, A[0:L], B[0:L])", "T.Select(%s < %s, A[i], B[i])", false, false},
    {"floordiv", "T.FloorDiv(%s, %s)", "T.FloorDiv(%s, %s)", false, true},
    {"floormod", "T.FloorMod(%s, %s)", "T.FloorMod(%s, %s)", false, true},
    {"div", "%s / %s", "%s / %s", true, false},
};

static size_t elem_size(const char *dt)
{
    tir_dtype t;
    tir_dtype_parse(dt, strlen(dt), &t);
    return tir_dtype_elem_size(t);
}

static bool is_float(const char *dt) { return strstr(dt, "float") != NULL; }

/* Inputs: mixed signs and magnitudes; divisors are never zero. */
static void fill(uint8_t *p, const char *dt, int n, uint32_t seed, bool nonzero)
{
    tir_dtype t;
    tir_dtype_parse(dt, strlen(dt), &t);
    uint32_t x = seed * 2654435761u + 12345;
    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345;
        int v = (int)((x >> 16) % 61) - 30;
        if (nonzero && v == 0)
            v = 7;
        double f = v * 0.75;
        switch (tir_dtype_vtype(t)) {
        case TIR_VT_I8: p[i] = (uint8_t)(int8_t)v; break;
        case TIR_VT_U8: p[i] = (uint8_t)(v + 100); break;
        case TIR_VT_I16: { int16_t w = (int16_t)(v * 1000); memcpy(p + 2 * i, &w, 2); break; }
        case TIR_VT_I32: { int32_t w = v * 70000; memcpy(p + 4 * i, &w, 4); break; }
        case TIR_VT_I64: { int64_t w = (int64_t)v * 5000000000; memcpy(p + 8 * i, &w, 8); break; }
        case TIR_VT_U32: { uint32_t w = (uint32_t)(v + 31) * 90000000u; memcpy(p + 4 * i, &w, 4); break; }
        case TIR_VT_U64: { uint64_t w = (uint64_t)(v + 31) * 600000000000000000ull; memcpy(p + 8 * i, &w, 8); break; }
        case TIR_VT_F16: { uint16_t w = (uint16_t)(0x3c00 + v * 37); memcpy(p + 2 * i, &w, 2); break; }
        case TIR_VT_BF16: { uint16_t w = (uint16_t)(0x3f80 + v * 11); memcpy(p + 2 * i, &w, 2); break; }
        case TIR_VT_F32: { float w = (float)f; memcpy(p + 4 * i, &w, 4); break; }
        case TIR_VT_F64: memcpy(p + 8 * i, &f, 8); break;
        default: break;
        }
    }
}

/* Compiles and runs the vector-versus-scalar program; true if V and S agree bit for bit. */
static bool run_one(const char *dt, int lanes, const op_case *op, char *why, size_t why_len)
{
    char vexpr[256], sexpr[256], src[2048];
    snprintf(vexpr, sizeof vexpr, op->vec, "A[0:L]", "B[0:L]");
    snprintf(sexpr, sizeof sexpr, op->scalar, "A[i]", "B[i]");
    /* L is a literal in the program text */
    char lstr[8];
    snprintf(lstr, sizeof lstr, "%d", lanes);
    char vexpr2[512] = "", *o = vexpr2;
    for (const char *p = vexpr; *p && o < vexpr2 + sizeof vexpr2 - 8; p++) {
        if (*p == 'L' && (p[1] == ']' || p[1] == ',' || p[1] == ')')) {
            o += sprintf(o, "%s", lstr);
        } else {
            *o++ = *p;
        }
    }
    *o = 0;
    snprintf(src, sizeof src,
             "@T.prim_func\n"
             "def main(A: T.Buffer((%d,), \"%s\"), B: T.Buffer((%d,), \"%s\"), V: T.Buffer((%d,), \"%s\"), "
             "S: T.Buffer((%d,), \"%s\")):\n"
             "    V[0:%d] = %s\n"
             "    for i in T.unroll(%d):\n"
             "        S[i] = %s\n",
             lanes, dt, lanes, dt, lanes, dt, lanes, dt, lanes, vexpr2, lanes, sexpr);
    tir_compile_result res;
    if (!tir_compile("lanes.py", src, strlen(src), NULL, &res)) {
        snprintf(why, why_len, "compile failed: %.300s\n%s", res.diagnostics ? res.diagnostics : "?", src);
        free(res.diagnostics);
        return false;
    }
    free(res.diagnostics);
    uint8_t *bytes = NULL;
    size_t nbytes = 0;
    char err[512];
    tirvm_module *m = NULL;
    bool ok = false;
    if (tirbc_write(res.module, &bytes, &nbytes, err, sizeof err) != 0 ||
        tirvm_module_load(bytes, nbytes, &m, err, sizeof err) != TIRVM_OK) {
        snprintf(why, why_len, "load failed: %s", err);
        goto out;
    }
    size_t es = elem_size(dt), n = (size_t)lanes * es;
    uint8_t *buf[4];
    DLTensor t[4];
    tirvm_arg args[4];
    int64_t shape[1] = {lanes};
    tir_dtype tdt;
    tir_dtype_parse(dt, strlen(dt), &tdt);
    for (int i = 0; i < 4; i++) {
        buf[i] = calloc(1, n);
        memset(&t[i], 0, sizeof t[i]);
        t[i].data = buf[i];
        t[i].device.device_type = kDLCPU;
        t[i].ndim = 1;
        t[i].dtype.code = tdt.code;
        t[i].dtype.bits = tdt.bits;
        t[i].dtype.lanes = 1;
        t[i].shape = shape;
        args[i].kind = TIRVM_ARG_TENSOR;
        args[i].tensor = &t[i];
    }
    fill(buf[0], dt, lanes, 1, false);
    fill(buf[1], dt, lanes, 2, true);
    if (tirvm_call(m, 0, args, 4, err, sizeof err) != TIRVM_OK) {
        snprintf(why, why_len, "run failed: %s", err);
    } else if (memcmp(buf[2], buf[3], n) != 0) {
        size_t at = 0;
        while (at < n && buf[2][at] == buf[3][at])
            at++;
        snprintf(why, why_len, "vector and scalar results differ at lane %zu", at / es);
    } else {
        ok = true;
    }
    for (int i = 0; i < 4; i++)
        free(buf[i]);
out:
    free(bytes);
    tirvm_module_free(m);
    tirbc_module_free(res.module);
    return ok;
}

int main(void)
{
    char why[4096];
    (void)check_failures_in_case; /* cases here are counted by hand */
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        for (size_t d = 0; d < sizeof dtypes / sizeof dtypes[0]; d++) {
            const char *dt = dtypes[d];
            if ((ops[o].float_only && !is_float(dt)) || (ops[o].int_only && is_float(dt)))
                continue;
            int failed_lanes = 0;
            why[0] = 0;
            for (size_t l = 0; l < sizeof lane_counts / sizeof lane_counts[0]; l++)
                if (!run_one(dt, lane_counts[l], &ops[o], why, sizeof why))
                    failed_lanes = lane_counts[l];
            check_cases_run++;
            if (failed_lanes) {
                check_cases_failed++;
                printf("not ok %d - %s %s\n#   %d lanes: %s\n", check_cases_run, ops[o].name, dt, failed_lanes, why);
            } else {
                printf("ok %d - %s %s (lanes 2, 3, 5, 8, 16, 64)\n", check_cases_run, ops[o].name, dt);
            }
        }
    }
    CHECK_DONE();
}
