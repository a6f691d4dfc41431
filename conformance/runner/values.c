#include "values.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "halffloat.h"
#include "npy.h"
#include "util.h"

#define MAX_LIST_DEPTH 32

static bool is_delim(char c) { return c == 0 || c == ' ' || c == '\t' || c == ',' || c == ']' || c == '\n' || c == '\r'; }

/* The token at s: up to the next delimiter. */
static size_t token_len(const char *s)
{
    size_t n = 0;
    while (!is_delim(s[n]))
        n++;
    return n;
}

static bool word_is(const char *s, size_t n, const char *w) { return strlen(w) == n && strncmp(s, w, n) == 0; }

/* Digits of an unsigned magnitude in base 10 or 16, with overflow check. */
static bool parse_magnitude(const char *s, size_t n, int base, uint64_t *out)
{
    if (!n)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        int d;
        char c = s[i];
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (base == 16 && c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (base == 16 && c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else if (c == '_' && i > 0 && i + 1 < n)
            continue; /* Python-style digit separators */
        else
            return false;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            return false;
        v = v * (uint64_t)base + (uint64_t)d;
    }
    *out = v;
    return true;
}

bool cv_parse(const char **p, cval *out)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = token_len(s);
    if (!n)
        return false;
    const char *end = s + n;
    if (word_is(s, n, "true") || word_is(s, n, "True")) {
        *out = (cval){.kind = CV_INT, .i = 1};
        *p = end;
        return true;
    }
    if (word_is(s, n, "false") || word_is(s, n, "False")) {
        *out = (cval){.kind = CV_INT, .i = 0};
        *p = end;
        return true;
    }
    bool neg = s[0] == '-';
    const char *m = (s[0] == '-' || s[0] == '+') ? s + 1 : s;
    size_t mn = (size_t)(end - m);
    if (word_is(m, mn, "nan") || word_is(m, mn, "inf") || word_is(m, mn, "infinity")) {
        double v = m[0] == 'n' ? NAN : INFINITY;
        *out = (cval){.kind = CV_FLOAT, .f = neg ? -v : v};
        *p = end;
        return true;
    }
    bool hex = mn > 2 && m[0] == '0' && (m[1] == 'x' || m[1] == 'X');
    bool floaty = false;
    for (const char *c = m; c < end; c++)
        if (*c == '.' || (!hex && (*c == 'e' || *c == 'E')) || (hex && (*c == 'p' || *c == 'P')))
            floaty = true;
    if (!floaty) {
        uint64_t mag;
        if (!(hex ? parse_magnitude(m + 2, mn - 2, 16, &mag) : parse_magnitude(m, mn, 10, &mag)))
            return false;
        if (neg) {
            if (mag > (uint64_t)INT64_MAX + 1)
                return false;
            /* -2^63 is representable; compute it without overflowing */
            *out = (cval){.kind = CV_INT, .i = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag};
        } else if (mag > (uint64_t)INT64_MAX) {
            *out = (cval){.kind = CV_UINT, .u = mag};
        } else {
            *out = (cval){.kind = CV_INT, .i = (int64_t)mag};
        }
        *p = end;
        return true;
    }
    char buf[128];
    if (n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    char *e;
    errno = 0;
    double v = strtod(buf, &e);
    if (*e || e == buf || (errno == ERANGE && isinf(v)))
        return false;
    *out = (cval){.kind = CV_FLOAT, .f = v};
    *p = end;
    return true;
}

static bool parse_list_rec(const char **p, int depth, cval **out, size_t *n, size_t *cap, char *err, size_t err_len)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s != '[') {
        snprintf(err, err_len, "expected '[' at '%.20s'", s);
        return false;
    }
    if (depth >= MAX_LIST_DEPTH) {
        snprintf(err, err_len, "value lists nested deeper than %d", MAX_LIST_DEPTH);
        return false;
    }
    s++;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == ']') {
            *p = s + 1;
            return true;
        }
        if (*s == '[') {
            if (!parse_list_rec(&s, depth + 1, out, n, cap, err, err_len))
                return false;
        } else {
            cval v;
            if (!cv_parse(&s, &v)) {
                size_t tl = token_len(s);
                if (tl)
                    snprintf(err, err_len, "'%.*s' is not a value (or out of range)", (int)(tl > 40 ? 40 : tl), s);
                else
                    snprintf(err, err_len, "expected a value or ']' at '%.20s'", s);
                return false;
            }
            xgrow(out, cap, *n + 1, sizeof **out);
            (*out)[(*n)++] = v;
        }
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == ',') {
            s++;
        } else if (*s != ']') {
            snprintf(err, err_len, "expected ',' or ']' at '%.20s'", s);
            return false;
        }
    }
}

bool cv_parse_list(const char **p, cval **out, size_t *n, char *err, size_t err_len)
{
    size_t cap = 0;
    *out = NULL;
    *n = 0;
    if (!parse_list_rec(p, 0, out, n, &cap, err, err_len)) {
        free(*out);
        *out = NULL;
        *n = 0;
        return false;
    }
    return true;
}

bool cv_dtype_supported(tir_dtype dt)
{
    tir_vtype vt = tir_dtype_vtype(tir_dt_with_lanes(dt, 1));
    return vt != TIR_VT_NONE && vt != TIR_VT_HANDLE && vt < TIR_VT_COUNT;
}

size_t cv_lane_size(tir_dtype dt)
{
    tir_vtype vt = tir_dtype_vtype(tir_dt_with_lanes(dt, 1));
    return vt < TIR_VT_COUNT ? tir_vtype_sizes[vt] : 0;
}

bool cv_read_npy(const char *path, cval **out, size_t *n, int *ndim, int64_t *shape, char *err, size_t err_len)
{
    npy_array a;
    if (npy_read(path, &a, err, err_len) != 0)
        return false;
    size_t count = 1;
    bool overflow = false;
    for (int k = 0; k < a.ndim; k++) {
        shape[k] = a.shape[k];
        overflow |= a.shape[k] < 0 || __builtin_mul_overflow(count, (size_t)a.shape[k], &count);
    }
    *ndim = a.ndim;
    size_t es = cv_lane_size(a.dtype);
    if (overflow || !es || (count && (!a.data || count > a.nbytes / es))) {
        snprintf(err, err_len, "%s: unexpected dtype or size", path);
        npy_free(&a);
        return false;
    }
    *out = xcalloc(count ? count : 1, sizeof **out);
    for (size_t i = 0; i < count; i++)
        (*out)[i] = cv_load(a.dtype, (const uint8_t *)a.data + i * es);
    *n = count;
    npy_free(&a);
    return true;
}

/* The value of an integer literal as (negative?, magnitude). */
static void int_parts(cval v, bool *neg, uint64_t *mag)
{
    if (v.kind == CV_UINT) {
        *neg = false;
        *mag = v.u;
    } else {
        *neg = v.i < 0;
        *mag = v.i < 0 ? (uint64_t)0 - (uint64_t)v.i : (uint64_t)v.i;
    }
}

static double cv_double(cval v)
{
    switch (v.kind) {
    case CV_INT: return (double)v.i;
    case CV_UINT: return (double)v.u;
    default: return v.f;
    }
}

/* double to float32 with IEEE rounding, without relying on the C
 * conversion for values outside float's range (undefined in ISO C). */
static float to_f32(double d)
{
    if (isfinite(d) && fabs(d) > FLT_MAX) {
        /* ties go to inf: FLT_MAX has an odd significand */
        double half_ulp_above = (double)FLT_MAX + ldexp(1.0, 103);
        float big = fabs(d) >= half_ulp_above ? INFINITY : FLT_MAX;
        return d < 0 ? -big : big;
    }
    return (float)d;
}

bool cv_store(tir_dtype dt, void *dst, cval v, char *err, size_t err_len)
{
    char tn[32];
    tir_vtype vt = tir_dtype_vtype(tir_dt_with_lanes(dt, 1));
    uint8_t *p = dst;
    if (vt == TIR_VT_F32 || vt == TIR_VT_F64 || vt == TIR_VT_F16 || vt == TIR_VT_BF16) {
        double d = cv_double(v);
        if (vt == TIR_VT_F64) {
            memcpy(p, &d, 8);
        } else if (vt == TIR_VT_F32) {
            float f = to_f32(d);
            memcpy(p, &f, 4);
        } else {
            uint16_t h = vt == TIR_VT_F16 ? tir_f16_from_f64(d) : tir_bf16_from_f64(d);
            memcpy(p, &h, 2);
        }
        return true;
    }
    if (v.kind == CV_FLOAT) {
        snprintf(err, err_len, "%.17g is not an integer (dtype %s)", v.f,
                 tir_dtype_str(tir_dt_with_lanes(dt, 1), tn, sizeof tn));
        return false;
    }
    bool neg;
    uint64_t mag;
    int_parts(v, &neg, &mag);
    unsigned bits = tir_vtype_sizes[vt] * 8;
    bool is_signed = vt == TIR_VT_I8 || vt == TIR_VT_I16 || vt == TIR_VT_I32 || vt == TIR_VT_I64;
    bool fits;
    if (vt == TIR_VT_BOOL)
        fits = !neg && mag <= 1;
    else if (is_signed)
        fits = neg ? mag <= ((uint64_t)1 << (bits - 1)) : mag <= ((uint64_t)1 << (bits - 1)) - 1;
    else
        fits = !neg && (bits == 64 || mag <= ((uint64_t)1 << bits) - 1);
    if (!fits) {
        char vb[32];
        cv_format(v, vb, sizeof vb);
        snprintf(err, err_len, "%s does not fit in %s", vb, tir_dtype_str(tir_dt_with_lanes(dt, 1), tn, sizeof tn));
        return false;
    }
    uint64_t bitsval = neg ? (uint64_t)0 - mag : mag; /* two's complement image */
    switch (bits) {
    case 8: { uint8_t x = (uint8_t)bitsval; memcpy(p, &x, 1); break; }
    case 16: { uint16_t x = (uint16_t)bitsval; memcpy(p, &x, 2); break; }
    case 32: { uint32_t x = (uint32_t)bitsval; memcpy(p, &x, 4); break; }
    default: memcpy(p, &bitsval, 8); break;
    }
    return true;
}

cval cv_load(tir_dtype dt, const void *src)
{
    const uint8_t *p = src;
    cval v = {.kind = CV_INT, .i = 0};
    switch (tir_dtype_vtype(tir_dt_with_lanes(dt, 1))) {
    case TIR_VT_BOOL: v.i = *p != 0; break;
    case TIR_VT_I8: { int8_t x; memcpy(&x, p, 1); v.i = x; break; }
    case TIR_VT_I16: { int16_t x; memcpy(&x, p, 2); v.i = x; break; }
    case TIR_VT_I32: { int32_t x; memcpy(&x, p, 4); v.i = x; break; }
    case TIR_VT_I64: { int64_t x; memcpy(&x, p, 8); v.i = x; break; }
    case TIR_VT_U8: v.i = *p; break;
    case TIR_VT_U16: { uint16_t x; memcpy(&x, p, 2); v.i = x; break; }
    case TIR_VT_U32: { uint32_t x; memcpy(&x, p, 4); v.i = x; break; }
    case TIR_VT_U64: {
        uint64_t x;
        memcpy(&x, p, 8);
        if (x > (uint64_t)INT64_MAX)
            v = (cval){.kind = CV_UINT, .u = x};
        else
            v.i = (int64_t)x;
        break;
    }
    case TIR_VT_F16: { uint16_t x; memcpy(&x, p, 2); v = (cval){.kind = CV_FLOAT, .f = tir_f16_to_f32(x)}; break; }
    case TIR_VT_BF16: { uint16_t x; memcpy(&x, p, 2); v = (cval){.kind = CV_FLOAT, .f = tir_bf16_to_f32(x)}; break; }
    case TIR_VT_F32: { float x; memcpy(&x, p, 4); v = (cval){.kind = CV_FLOAT, .f = x}; break; }
    case TIR_VT_F64: { double x; memcpy(&x, p, 8); v = (cval){.kind = CV_FLOAT, .f = x}; break; }
    default: break;
    }
    return v;
}

/* A float element's bits mapped to an integer line on which neighbouring
 * floats differ by one (negative values below positive ones). */
static int64_t ordered_key(tir_vtype vt, const uint8_t *p)
{
    uint64_t b = 0;
    unsigned bits = tir_vtype_sizes[vt] * 8;
    memcpy(&b, p, bits / 8); /* little-endian host */
    uint64_t sign = (uint64_t)1 << (bits - 1);
    int64_t mag = (int64_t)(b & (sign - 1));
    return (b & sign) ? -mag : mag;
}

bool cv_check(tir_dtype dt, const void *got, cval want, const conf_tol *tol, char *why, size_t why_len)
{
    char gb[48], wb[48];
    tir_vtype vt = tir_dtype_vtype(tir_dt_with_lanes(dt, 1));
    cval g = cv_load(dt, got);
    bool is_float = g.kind == CV_FLOAT;
    bool ok;
    if (!is_float) {
        if (tol->has_atol) {
            ok = fabs(cv_double(g) - cv_double(want)) <= tol->atol;
        } else if (want.kind == CV_FLOAT) {
            ok = false;
        } else {
            bool gn, wn;
            uint64_t gm, wm;
            int_parts(g, &gn, &gm);
            int_parts(want, &wn, &wm);
            ok = (gm == 0 && wm == 0) || (gn == wn && gm == wm);
        }
    } else {
        double gd = g.f, wd = cv_double(want);
        uint8_t rounded[8];
        char serr[64];
        cv_store(dt, rounded, want, serr, sizeof serr); /* floats never fail */
        double wr = cv_load(dt, rounded).f;
        if (isnan(wd) || isnan(gd)) {
            ok = isnan(wd) && isnan(gd);
        } else if (tol->has_ulps) {
            int64_t a = ordered_key(vt, got), b = ordered_key(vt, rounded);
            uint64_t dist = a >= b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a;
            ok = dist <= tol->ulps;
        } else if (tol->has_rtol || tol->has_atol) {
            if (isinf(wd))
                ok = gd == wd;
            else
                ok = fabs(gd - wd) <= (tol->has_atol ? tol->atol : 0) + (tol->has_rtol ? tol->rtol : 0) * fabs(wd);
        } else {
            ok = gd == wr && (!tol->bits || signbit(gd) == signbit(wr));
        }
    }
    if (!ok) {
        cv_format_elem(dt, got, gb, sizeof gb);
        cv_format(want, wb, sizeof wb);
        snprintf(why, why_len, "got %s, want %s", gb, wb);
    }
    return ok;
}

static void format_double(double d, int digits, char *buf, size_t n)
{
    if (isnan(d))
        snprintf(buf, n, "%snan", signbit(d) ? "-" : "");
    else if (isinf(d))
        snprintf(buf, n, "%sinf", d < 0 ? "-" : "");
    else {
        snprintf(buf, n, "%.*g", digits, d);
        /* keep it a float literal, so it reads back as one */
        if (!strpbrk(buf, ".eEn") && strlen(buf) + 3 < n)
            strcat(buf, ".0");
    }
}

void cv_format(cval v, char *buf, size_t n)
{
    switch (v.kind) {
    case CV_INT: snprintf(buf, n, "%lld", (long long)v.i); break;
    case CV_UINT: snprintf(buf, n, "%llu", (unsigned long long)v.u); break;
    default: format_double(v.f, 17, buf, n); break;
    }
}

void cv_format_elem(tir_dtype dt, const void *src, char *buf, size_t n)
{
    cval v = cv_load(dt, src);
    tir_vtype vt = tir_dtype_vtype(tir_dt_with_lanes(dt, 1));
    if (v.kind == CV_FLOAT)
        format_double(v.f, vt == TIR_VT_F64 ? 17 : 9, buf, n);
    else
        cv_format(v, buf, n);
}
