/* The Open Inference Protocol's request and response bodies: a JSON header
 * (jansson), and with Triton's binary tensor extension the tensors' bytes
 * after it, in the order the tensors appear in the JSON.  Decoding binds
 * the request to the model's entry function (tirvm_resolve_shape sizes
 * the outputs); encoding writes the outputs as JSON numbers or binary. */
#include <float.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "json_budget.h"
#include "serve.h"

#define ALIGN 64

static void *alloc_zeroed(size_t n)
{
    size_t sz = (n + ALIGN - 1) / ALIGN * ALIGN;
    if (sz == 0)
        sz = ALIGN;
    void *p = aligned_alloc(ALIGN, sz);
    if (p)
        memset(p, 0, sz);
    return p;
}

/* An aligned copy of n bytes of src, its padding zeroed (no byte of it
 * uninitialised, without zeroing what the copy overwrites). */
static void *alloc_copy(const void *src, size_t n)
{
    size_t sz = (n + ALIGN - 1) / ALIGN * ALIGN;
    if (sz == 0)
        sz = ALIGN;
    unsigned char *p = aligned_alloc(ALIGN, sz);
    if (p) {
        if (n)
            memcpy(p, src, n);
        memset(p + n, 0, sz - n);
    }
    return p;
}

void oip_request_free(oip_request *r)
{
    for (int i = 0; i < r->nparams; i++) {
        if (r->data && !(r->borrowed && r->borrowed[i]))
            free(r->data[i]);
        if (r->sent)
            free(r->sent[i]);
    }
    free(r->sent);
    free(r->args);
    free(r->tensors);
    free(r->shapes);
    free(r->data);
    free(r->borrowed);
    free(r->nbytes);
    free(r->given);
    free(r->want);
    free(r->binary);
    free(r->order);
    free(r->id);
    memset(r, 0, sizeof *r);
}

/* ---- half and bfloat16 ---------------------------------------------------- */
static double half_to_double(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m | 0x400, e - 25);
    return (h & 0x8000) ? -v : v;
}

static double bf16_to_double(uint16_t b)
{
    uint32_t u = (uint32_t)b << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint16_t float_to_bf16(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    if ((u & 0x7fffffff) > 0x7f800000)
        return (uint16_t)((u >> 16) | 0x40);
    u += 0x7fff + ((u >> 16) & 1);
    return (uint16_t)(u >> 16);
}

static uint16_t float_to_half(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
    float a = fabsf(f);
    if (isnan(f))
        return sign | 0x7e00;
    if (a >= 65520.0f)
        return sign | 0x7c00;
    if (a < 6.103515625e-05f) /* subnormal: multiples of 2^-24, rounded to nearest even */
        return sign | (uint16_t)lrintf(a * 16777216.0f);
    int e;
    float m = frexpf(a, &e); /* a = m * 2^e, m in [0.5, 1) */
    long mant = lrintf(m * 2048.0f); /* 11 significant bits */
    if (mant == 2048) {
        mant = 1024;
        e++;
    }
    return sign | (uint16_t)(((e + 14) << 10) | (mant & 0x3ff));
}

/* ---- decoding ---------------------------------------------------------------- */
typedef struct {
    DLDataType dt;
    unsigned char *out;
    size_t esz, idx, nelem;
    const char *name;
    char *err;
    size_t err_len;
} filler;

static bool put_elem(filler *f, json_t *x)
{
    if (f->idx >= f->nelem) {
        snprintf(f->err, f->err_len, "input '%.100s': data has more elements than its shape", f->name);
        return false;
    }
    unsigned char *p = f->out + f->idx * f->esz;
    DLDataType dt = f->dt;
    if (dt.bits == 1 || dt.code == TIRVM_KDLBOOL) {
        if (json_is_boolean(x))
            p[0] = json_is_true(x);
        else if (json_is_integer(x) && (json_integer_value(x) == 0 || json_integer_value(x) == 1))
            p[0] = (unsigned char)json_integer_value(x);
        else
            goto bad;
    } else if (dt.code == kDLInt || dt.code == kDLUInt) {
        if (!json_is_integer(x))
            goto bad;
        json_int_t v = json_integer_value(x);
        if (dt.code == kDLInt) {
            int64_t lo = dt.bits == 64 ? INT64_MIN : -((int64_t)1 << (dt.bits - 1));
            int64_t hi = dt.bits == 64 ? INT64_MAX : ((int64_t)1 << (dt.bits - 1)) - 1;
            if (v < lo || v > hi)
                goto range;
        } else if (v < 0 || (dt.bits < 64 && (uint64_t)v > (((uint64_t)1 << dt.bits) - 1))) {
            goto range;
        }
        uint64_t u = (uint64_t)v;
        switch (dt.bits) {
        case 8: p[0] = (unsigned char)u; break;
        case 16: { uint16_t w = (uint16_t)u; memcpy(p, &w, 2); break; }
        case 32: { uint32_t w = (uint32_t)u; memcpy(p, &w, 4); break; }
        default: memcpy(p, &u, 8); break;
        }
    } else if (dt.code == kDLFloat && (dt.bits == 32 || dt.bits == 64)) {
        if (!json_is_number(x))
            goto bad;
        double d = json_number_value(x);
        if (dt.bits == 64) {
            memcpy(p, &d, 8);
        } else {
            if (fabs(d) > FLT_MAX)
                goto range;
            float fl = (float)d;
            memcpy(p, &fl, 4);
        }
    } else {
        snprintf(f->err, f->err_len, "input '%.100s': %s data travels only as binary data (binary_data_size)",
                 f->name, oip_dtype_name(dt));
        return false;
    }
    f->idx++;
    return true;
bad:
    snprintf(f->err, f->err_len, "input '%.100s': element %zu is not a %s value", f->name, f->idx,
             oip_dtype_name(dt));
    return false;
range:
    snprintf(f->err, f->err_len, "input '%.100s': element %zu is out of range for %s", f->name, f->idx,
             oip_dtype_name(dt));
    return false;
}

/* Nested or flat data, in row-major order. */
static bool fill(filler *f, json_t *x)
{
    if (!json_is_array(x))
        return put_elem(f, x);
    size_t i;
    json_t *e;
    json_array_foreach(x, i, e) {
        if (!fill(f, e))
            return false;
    }
    return true;
}

static bool dt_is_bool(DLDataType t) { return (t.code == kDLUInt && t.bits == 1) || t.code == TIRVM_KDLBOOL; }

/* A scalar argument from one element's bytes. */
static void scalar_arg(tirvm_arg *a, DLDataType dt, const unsigned char *p)
{
    memset(a, 0, sizeof *a);
    if (dt_is_bool(dt)) {
        a->kind = TIRVM_ARG_INT;
        a->i = p[0] != 0;
    } else if (dt.code == kDLInt || dt.code == kDLUInt) {
        uint64_t u = 0;
        int64_t s = 0;
        switch (dt.bits) {
        case 8: u = p[0]; s = (int8_t)p[0]; break;
        case 16: { uint16_t w; memcpy(&w, p, 2); u = w; s = (int16_t)w; break; }
        case 32: { uint32_t w; memcpy(&w, p, 4); u = w; s = (int32_t)w; break; }
        default: memcpy(&u, p, 8); memcpy(&s, p, 8); break;
        }
        if (dt.code == kDLUInt) {
            a->kind = TIRVM_ARG_UINT;
            a->u = u;
        } else {
            a->kind = TIRVM_ARG_INT;
            a->i = s;
        }
    } else {
        a->kind = TIRVM_ARG_FLOAT;
        if (dt.code == kDLFloat && dt.bits == 64)
            memcpy(&a->f, p, 8);
        else if (dt.code == kDLFloat && dt.bits == 32) {
            float fl;
            memcpy(&fl, p, 4);
            a->f = fl;
        } else {
            uint16_t w;
            memcpy(&w, p, 2);
            a->f = dt.code == kDLBfloat ? bf16_to_double(w) : half_to_double(w);
        }
    }
}

/* Argument p is the tensor over data with the request's shape p (bool
 * buffers take DLPack's kDLBool bytes). */
static void bind_tensor(oip_request *r, int p, void *data, int ndim, DLDataType dt)
{
    DLTensor *t = &r->tensors[p];
    t->data = data;
    t->device.device_type = kDLCPU;
    t->ndim = ndim;
    t->shape = r->shapes[p];
    t->dtype = dt;
    if (dt_is_bool(dt)) {
        t->dtype.code = TIRVM_KDLBOOL;
        t->dtype.bits = 8;
    }
    r->args[p].kind = TIRVM_ARG_TENSOR;
    r->args[p].tensor = t;
}

static bool get_bool_param(json_t *params, const char *key, bool *out, char *err, size_t n)
{
    json_t *x = params ? json_object_get(params, key) : NULL;
    if (!x)
        return true;
    if (!json_is_boolean(x)) {
        snprintf(err, n, "parameter \"%s\" must be true or false", key);
        return false;
    }
    *out = json_is_true(x);
    return true;
}

static int bad(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int bad(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return 400;
}

/* Whether a parameter the request did not supply is computed (an output). */
static bool is_output_param(const srv_version *v, int p)
{
    if (v->params[p].kind != TIRVM_PARAM_BUFFER)
        return false;
    if (v->role[p] != ROLE_AUTO)
        return v->role[p] == ROLE_OUTPUT;
    return v->params[p].written;
}

static int decode_inputs(const srv_version *v, json_t *inputs, size_t json_len, unsigned char *bin, size_t binlen,
                         bool in_place, oip_request *r, char *err, size_t n)
{
    size_t off = 0, i;
    json_t *in;
    if (!json_is_array(inputs))
        return bad(err, n, "the request needs \"inputs\": an array of tensors");
    json_array_foreach(inputs, i, in) {
        if (!json_is_object(in))
            return bad(err, n, "inputs[%zu] is not an object", i);
        json_t *jn = json_object_get(in, "name"), *js = json_object_get(in, "shape"),
               *jd = json_object_get(in, "datatype"), *jp = json_object_get(in, "parameters"),
               *data = json_object_get(in, "data");
        if (!json_is_string(jn) || !json_is_array(js) || !json_is_string(jd))
            return bad(err, n, "inputs[%zu] needs \"name\", \"shape\" and \"datatype\"", i);
        const char *name = json_string_value(jn);
        int p = srv_find_param(v, name);
        if (p < 0)
            return bad(err, n, "model '%s' has no input '%.100s'", v->model, name);
        if (v->role[p] == ROLE_OUTPUT)
            return bad(err, n, "'%.100s' is an output of model '%s', not an input", name, v->model);
        if (v->role[p] == ROLE_WEIGHT)
            return bad(err, n, "'%.100s' is a weight of model '%s', bound from its params.npz, not an input", name,
                       v->model);
        if (r->given[p])
            return bad(err, n, "input '%.100s' is given twice", name);
        const tirvm_param_info *pi = &v->params[p];
        const char *want = oip_dtype_name(pi->dtype);
        if (strcmp(json_string_value(jd), want) != 0)
            return bad(err, n, "input '%.100s': datatype %.20s, expected %s", name, json_string_value(jd), want);
        size_t ndim = json_array_size(js);
        if (ndim > 32)
            return bad(err, n, "input '%.100s': %zu dimensions is too many", name, ndim);
        uint64_t nelem = 1;
        for (size_t k = 0; k < ndim; k++) {
            json_t *d = json_array_get(js, k);
            if (!json_is_integer(d) || json_integer_value(d) < 0)
                return bad(err, n, "input '%.100s': shape[%zu] is not a non-negative integer", name, k);
            r->shapes[p][k] = json_integer_value(d);
            if (__builtin_mul_overflow(nelem, (uint64_t)r->shapes[p][k], &nelem))
                return bad(err, n, "input '%.100s': the shape is too large", name);
        }
        if (pi->kind == TIRVM_PARAM_SCALAR) {
            if (nelem != 1 || ndim > 1)
                return bad(err, n, "input '%.100s' is a scalar: its shape is [] or [1]", name);
        } else {
            if ((int)ndim != pi->ndim)
                return bad(err, n, "input '%.100s': %zu dimensions, expected %d", name, ndim, pi->ndim);
            for (int k = 0; k < pi->ndim; k++)
                if (pi->shape[k] >= 0 && pi->shape[k] != r->shapes[p][k])
                    return bad(err, n, "input '%.100s': shape[%d] is %lld, expected %lld", name, k,
                               (long long)r->shapes[p][k], (long long)pi->shape[k]);
        }
        size_t esz = oip_elem_size(pi->dtype);
        uint64_t nbytes;
        if (__builtin_mul_overflow(nelem, (uint64_t)esz, &nbytes) || nbytes > SIZE_MAX / 2)
            return bad(err, n, "input '%.100s': the shape is too large", name);
        json_t *jbds = jp ? json_object_get(jp, "binary_data_size") : NULL;
        if (jp && !json_is_object(jp))
            return bad(err, n, "input '%.100s': \"parameters\" must be an object", name);
        unsigned char *buf;
        if (jbds) {
            if (!json_is_integer(jbds) || json_integer_value(jbds) < 0)
                return bad(err, n, "input '%.100s': binary_data_size must be a non-negative integer", name);
            uint64_t bds = (uint64_t)json_integer_value(jbds);
            if (data)
                return bad(err, n, "input '%.100s' has both \"data\" and binary_data_size", name);
            if (bds != nbytes)
                return bad(err, n, "input '%.100s': binary_data_size is %llu, but shape and datatype make %llu bytes",
                           name, (unsigned long long)bds, (unsigned long long)nbytes);
            if (bds > binlen - off)
                return bad(err, n, "input '%.100s': binary_data_size %llu runs past the end of the body (%zu binary "
                           "bytes left)", name, (unsigned long long)bds, binlen - off);
            /* bound where it lies when aligned as a copy would be and the
             * call does not write it (a call stopped on the loop thread is
             * decoded again from the same bytes); else copied */
            if (in_place && !pi->written && (uintptr_t)(bin + off) % ALIGN == 0) {
                buf = r->data[p] = bin + off;
                r->borrowed[p] = true;
            } else if (!(buf = r->data[p] = alloc_copy(bin + off, (size_t)nbytes))) {
                return 500;
            }
            off += (size_t)nbytes;
            if (dt_is_bool(pi->dtype))
                for (size_t e = 0; e < nbytes; e++)
                    buf[e] = buf[e] != 0;
        } else {
            if (!data)
                return bad(err, n, "input '%.100s' needs \"data\" or a binary_data_size parameter", name);
            /* JSON data cannot hold more elements than the header has bytes */
            if (nelem > json_len)
                return bad(err, n, "input '%.100s': data has fewer elements than its shape", name);
            buf = r->data[p] = alloc_zeroed((size_t)nbytes);
            if (!buf)
                return 500;
            filler f = {pi->dtype, buf, esz, 0, (size_t)nelem, name, err, n};
            if (!fill(&f, data))
                return 400;
            if (f.idx != nelem)
                return bad(err, n, "input '%.100s': data has %zu elements, its shape %llu", name, f.idx,
                           (unsigned long long)nelem);
        }
        r->nbytes[p] = (size_t)nbytes;
        r->given[p] = true;
        if (!(r->sent[p] = strdup(name)))
            return 500;
        if (pi->kind == TIRVM_PARAM_SCALAR) {
            scalar_arg(&r->args[p], pi->dtype, buf);
        } else {
            bind_tensor(r, p, buf, (int)ndim, pi->dtype);
        }
    }
    if (off != binlen)
        return bad(err, n, "the body has %zu bytes of binary data after the inputs' binary_data_size", binlen - off);
    return 200;
}

static int decode_outputs(const srv_version *v, json_t *root, oip_request *r, const oip_limits *lim, char *err,
                          size_t n)
{
    bool bin_default = false;
    json_t *params = json_object_get(root, "parameters");
    if (params && !json_is_object(params))
        return bad(err, n, "\"parameters\" must be an object");
    if (!get_bool_param(params, "binary_data_output", &bin_default, err, n))
        return 400;
    /* a scalar parameter that is a shape variable of a given buffer
     * (n in def f(a: T.handle, n: T.int32) with A = T.match_buffer(a, (n,)))
     * takes its value from that buffer's shape when the request omits it */
    for (int p = 0; p < v->nparams; p++) {
        if (r->given[p] || v->params[p].kind != TIRVM_PARAM_SCALAR || v->role[p] == ROLE_OUTPUT)
            continue;
        for (int q = 0; q < v->nparams && !r->given[p]; q++) {
            if (!r->given[q] || v->params[q].kind != TIRVM_PARAM_BUFFER)
                continue;
            for (int k = 0; k < v->params[q].ndim; k++) {
                const char *var = v->params[q].shape_name[k];
                if (var && strcmp(var, v->params[p].name) == 0) {
                    DLDataType dt = v->params[p].dtype;
                    memset(&r->args[p], 0, sizeof r->args[p]);
                    if (dt.code == kDLUInt && dt.bits > 1) {
                        r->args[p].kind = TIRVM_ARG_UINT;
                        r->args[p].u = (uint64_t)r->shapes[q][k];
                    } else if (dt.code == kDLInt) {
                        r->args[p].kind = TIRVM_ARG_INT;
                        r->args[p].i = r->shapes[q][k];
                    } else {
                        continue;
                    }
                    r->given[p] = true;
                    break;
                }
            }
        }
    }
    /* allocate the outputs: the buffers the request does not supply */
    tirvm_module *m = v->inst[0].m;
    for (int p = 0; p < v->nparams; p++) {
        if (r->given[p])
            continue;
        const tirvm_param_info *pi = &v->params[p];
        if (!is_output_param(v, p))
            return bad(err, n, "model '%s' needs input '%s'", v->model, v->pname[p]);
        char e[600];
        if (tirvm_resolve_shape(m, v->func, r->args, v->nparams, p, r->shapes[p], e, sizeof e) != TIRVM_OK)
            return bad(err, n, "output '%s': %s", v->pname[p], e);
        uint64_t nelem = 1, nbytes;
        for (int k = 0; k < pi->ndim; k++)
            if (r->shapes[p][k] < 0 || __builtin_mul_overflow(nelem, (uint64_t)r->shapes[p][k], &nelem))
                return bad(err, n, "output '%s': its shape is too large", v->pname[p]);
        if (__builtin_mul_overflow(nelem, (uint64_t)oip_elem_size(pi->dtype), &nbytes) ||
            __builtin_add_overflow(r->out_bytes, nbytes, &r->out_bytes) || r->out_bytes > lim->max_output_bytes)
            return bad(err, n, "the outputs would take more than %llu bytes (the server's output limit)",
                       (unsigned long long)lim->max_output_bytes);
        r->data[p] = alloc_zeroed((size_t)nbytes);
        if (!r->data[p])
            return 500;
        r->nbytes[p] = (size_t)nbytes;
        bind_tensor(r, p, r->data[p], pi->ndim, pi->dtype);
    }
    /* which outputs to return, and how */
    json_t *outs = json_object_get(root, "outputs");
    r->norder = 0;
    if (outs) {
        if (!json_is_array(outs))
            return bad(err, n, "\"outputs\" must be an array");
        size_t i;
        json_t *o;
        json_array_foreach(outs, i, o) {
            json_t *jn = json_is_object(o) ? json_object_get(o, "name") : NULL;
            if (!json_is_string(jn))
                return bad(err, n, "outputs[%zu] needs a \"name\"", i);
            const char *name = json_string_value(jn);
            json_t *op = json_object_get(o, "parameters");
            if (op && !json_is_object(op))
                return bad(err, n, "output '%.100s': \"parameters\" must be an object", name);
            bool b = bin_default;
            if (!get_bool_param(op, "binary_data", &b, err, n))
                return 400;
            int p = srv_find_param(v, name);
            if (p < 0 && v->has_ret && strcmp(name, v->ret_name) == 0) {
                if (r->want_ret)
                    return bad(err, n, "output '%.100s' is requested twice", name);
                r->want_ret = true;
                r->ret_binary = b;
                r->order[r->norder++] = -1;
                continue;
            }
            if (p < 0 || v->params[p].kind != TIRVM_PARAM_BUFFER)
                return bad(err, n, "model '%s' has no output '%.100s'", v->model, name);
            if (r->want[p])
                return bad(err, n, "output '%.100s' is requested twice", name);
            r->want[p] = true;
            r->binary[p] = b;
            r->order[r->norder++] = p;
        }
    } else {
        for (int p = 0; p < v->nparams; p++)
            if (!r->given[p]) {
                r->want[p] = true;
                r->binary[p] = bin_default;
                r->order[r->norder++] = p;
            }
        if (v->has_ret) {
            r->want_ret = true;
            r->ret_binary = bin_default;
            r->order[r->norder++] = -1;
        }
    }
    /* FP16 and BF16 have no JSON form: always binary */
    for (int p = 0; p < v->nparams; p++)
        if (r->want[p] && (v->params[p].dtype.code == kDLBfloat ||
                           (v->params[p].dtype.code == kDLFloat && v->params[p].dtype.bits == 16)))
            r->binary[p] = true;
    if (v->has_ret && (v->ret_type.code == kDLBfloat || (v->ret_type.code == kDLFloat && v->ret_type.bits == 16)))
        r->ret_binary = true;
    return 200;
}

int oip_decode(const srv_version *v, char *body, size_t len, long long header_len, const oip_limits *lim,
               oip_request *r, char *err, size_t err_len)
{
    memset(r, 0, sizeof *r);
    int np = v->nparams;
    r->nparams = np;
    r->args = calloc((size_t)np + 1, sizeof *r->args);
    r->tensors = calloc((size_t)np + 1, sizeof *r->tensors);
    r->shapes = calloc((size_t)np + 1, sizeof *r->shapes);
    r->data = calloc((size_t)np + 1, sizeof *r->data);
    r->borrowed = calloc((size_t)np + 1, sizeof *r->borrowed);
    r->nbytes = calloc((size_t)np + 1, sizeof *r->nbytes);
    r->given = calloc((size_t)np + 1, sizeof *r->given);
    r->want = calloc((size_t)np + 1, sizeof *r->want);
    r->binary = calloc((size_t)np + 1, sizeof *r->binary);
    r->order = calloc((size_t)np + 2, sizeof *r->order);
    r->sent = calloc((size_t)np + 1, sizeof *r->sent);
    if (!r->args || !r->tensors || !r->shapes || !r->data || !r->borrowed || !r->nbytes || !r->given || !r->want ||
        !r->binary || !r->order || !r->sent) {
        snprintf(err, err_len, "out of memory");
        return 500;
    }
    size_t hlen = len;
    if (header_len >= 0) {
        if ((unsigned long long)header_len > len)
            return bad(err, err_len, "Inference-Header-Content-Length %lld is larger than the body (%zu bytes)",
                       header_len, len);
        hlen = (size_t)header_len;
    }
    if (hlen > lim->max_json_bytes) {
        snprintf(err, err_len, "the JSON header has %zu bytes, more than the limit of %llu: send large tensors as "
                 "binary data", hlen, (unsigned long long)lim->max_json_bytes);
        return 413;
    }
    json_error_t je;
    if (lim->inflight)
        json_budget_begin(lim->inflight, lim->max_inflight);
    json_t *root = json_loadb(body, hlen, JSON_REJECT_DUPLICATES, &je);
    if (json_budget_end()) {
        snprintf(err, err_len, "the server holds too many bytes in flight to parse this request's JSON (%zu bytes "
                 "of text, about 20 times that parsed; --max-inflight-bytes %llu): retry later, or send large "
                 "tensors as binary data", hlen, (unsigned long long)lim->max_inflight);
        json_decref(root);
        return 503;
    }
    if (!root)
        return bad(err, err_len, "the request is not valid JSON: %s (at byte %d)", je.text, je.position);
    int st = 400;
    if (!json_is_object(root)) {
        snprintf(err, err_len, "the request must be a JSON object");
        goto done;
    }
    json_t *id = json_object_get(root, "id");
    if (id) {
        if (!json_is_string(id)) {
            snprintf(err, err_len, "\"id\" must be a string");
            goto done;
        }
        r->id_len = json_string_length(id);
        r->id = malloc(r->id_len + 1);
        if (!r->id) {
            st = 500;
            goto done;
        }
        memcpy(r->id, json_string_value(id), r->id_len + 1);
    }
    /* the weights from params.npz: the version's arrays, read-only, in every call */
    for (int p = 0; p < np; p++) {
        if (v->role[p] != ROLE_WEIGHT)
            continue;
        r->args[p].kind = TIRVM_ARG_TENSOR_READ_ONLY;
        r->args[p].tensor = &v->bound[p];
        r->given[p] = true;
        for (int k = 0; k < v->bound[p].ndim && k < 32; k++)
            r->shapes[p][k] = v->bound[p].shape[k];
    }
    st = decode_inputs(v, json_object_get(root, "inputs"), hlen, (unsigned char *)body + hlen, len - hlen,
                       lim->bind_in_place, r, err, err_len);
    if (st == 200)
        st = decode_outputs(v, root, r, lim, err, err_len);
done:
    if (st == 500)
        snprintf(err, err_len, "out of memory");
    json_decref(root);
    return st;
}

void oip_name_argument(const srv_version *v, const oip_request *r, char *err, size_t err_len)
{
    /* binding messages start "argument 'NAME': " (a callee's arguments,
     * "argument 'x' of function 'f': ", are not the request's) */
    static const char prefix[] = "argument '";
    size_t plen = sizeof prefix - 1;
    if (strncmp(err, prefix, plen) != 0)
        return;
    const char *name = err + plen, *end = strchr(name, '\'');
    if (!end || end[1] != ':')
        return;
    size_t len = (size_t)(end - name);
    for (int p = 0; p < v->nparams && p < r->nparams; p++) {
        if (strlen(v->params[p].name) != len || memcmp(v->params[p].name, name, len) != 0)
            continue;
        const char *sent = r->sent ? r->sent[p] : NULL;
        const char *what = sent || v->params[p].kind != TIRVM_PARAM_BUFFER ? "input" : "output";
        char *rest = strdup(end + 1);
        if (rest)
            snprintf(err, err_len, "%s '%.100s'%s", what, sent ? sent : v->pname[p], rest);
        free(rest);
        return;
    }
}

/* ---- encoding ------------------------------------------------------------------ */
static bool put_json_data(sbuf *b, DLDataType dt, const unsigned char *p, size_t nelem)
{
    size_t esz = oip_elem_size(dt);
    sb_puts(b, "[");
    for (size_t i = 0; i < nelem && !b->failed; i++, p += esz) {
        if (i)
            sb_put(b, ",", 1);
        if (dt_is_bool(dt)) {
            sb_puts(b, p[0] ? "true" : "false");
        } else if (dt.code == kDLFloat) {
            double d;
            if (dt.bits == 32) {
                float f;
                memcpy(&f, p, 4);
                d = f;
            } else {
                memcpy(&d, p, 8);
            }
            if (!isfinite(d))
                return false;
            sb_printf(b, dt.bits == 32 ? "%.9g" : "%.17g", d);
        } else {
            tirvm_arg a;
            scalar_arg(&a, dt, p);
            if (a.kind == TIRVM_ARG_UINT)
                sb_printf(b, "%llu", (unsigned long long)a.u);
            else
                sb_printf(b, "%lld", (long long)a.i);
        }
    }
    sb_puts(b, "]");
    return true;
}

/* The return value as one element's bytes. */
static void ret_bytes(const tirvm_value *ret, DLDataType dt, unsigned char out[8])
{
    memset(out, 0, 8);
    if (dt_is_bool(dt)) {
        out[0] = ret->i != 0;
    } else if (dt.code == kDLFloat && dt.bits == 64) {
        memcpy(out, &ret->f, 8);
    } else if (dt.code == kDLFloat && dt.bits == 32) {
        float f = (float)ret->f;
        memcpy(out, &f, 4);
    } else if (dt.code == kDLFloat || dt.code == kDLBfloat) {
        uint16_t h = dt.code == kDLBfloat ? float_to_bf16((float)ret->f) : float_to_half((float)ret->f);
        memcpy(out, &h, 2);
    } else {
        uint64_t u = (uint64_t)ret->i;
        size_t sz = oip_elem_size(dt);
        for (size_t k = 0; k < sz; k++)
            out[k] = (unsigned char)(u >> (8 * k)); /* little-endian */
    }
}

int oip_encode(const srv_version *v, const oip_request *r, const tirvm_value *ret, const oip_limits *lim,
               char **out, size_t *out_len, long long *header_len, char *err, size_t err_len)
{
    sbuf b;
    sb_init(&b, lim->max_output_bytes);
    unsigned char rb[8];
    if (r->want_ret)
        ret_bytes(ret, v->ret_type, rb);
    sb_puts(&b, "{\"model_name\":");
    sb_json_string(&b, v->model, strlen(v->model));
    sb_puts(&b, ",\"model_version\":");
    sb_json_string(&b, v->version, strlen(v->version));
    if (r->id) {
        sb_puts(&b, ",\"id\":");
        sb_json_string(&b, r->id, r->id_len);
    }
    sb_puts(&b, ",\"outputs\":[");
    size_t binary_total = 0;
    for (int i = 0; i < r->norder; i++) {
        int p = r->order[i];
        const char *name = p < 0 ? v->ret_name : v->pname[p];
        DLDataType dt = p < 0 ? v->ret_type : v->params[p].dtype;
        bool binary = p < 0 ? r->ret_binary : r->binary[p];
        size_t nbytes = p < 0 ? oip_elem_size(dt) : r->nbytes[p];
        const unsigned char *data = p < 0 ? rb : (const unsigned char *)r->data[p];
        int ndim = p < 0 ? 1 : v->params[p].ndim;
        static const int64_t one[1] = {1};
        const int64_t *shape = p < 0 ? one : r->shapes[p];
        if (i)
            sb_puts(&b, ",");
        sb_puts(&b, "{\"name\":");
        sb_json_string(&b, name, strlen(name));
        sb_printf(&b, ",\"datatype\":\"%s\",\"shape\":[", oip_dtype_name(dt));
        for (int k = 0; k < ndim; k++)
            sb_printf(&b, "%s%lld", k ? "," : "", (long long)shape[k]);
        sb_puts(&b, "]");
        if (binary) {
            sb_printf(&b, ",\"parameters\":{\"binary_data_size\":%zu}}", nbytes);
            binary_total += nbytes;
        } else {
            sb_puts(&b, ",\"data\":");
            if (!put_json_data(&b, dt, data, nbytes / oip_elem_size(dt))) {
                sb_free(&b);
                snprintf(err, err_len, "output '%s' holds NaN or infinity, which JSON cannot carry: ask for it as "
                         "binary data (\"binary_data\": true)", name);
                return 400;
            }
            sb_puts(&b, "}");
        }
    }
    sb_puts(&b, "]}");
    *header_len = -1;
    if (binary_total) {
        *header_len = (long long)b.len;
        for (int i = 0; i < r->norder; i++) {
            int p = r->order[i];
            if (p < 0 ? r->ret_binary : r->binary[p])
                sb_put(&b, p < 0 ? rb : r->data[p], p < 0 ? oip_elem_size(v->ret_type) : r->nbytes[p]);
        }
    }
    if (b.failed) {
        bool over = b.over;
        sb_free(&b);
        if (!over) {
            snprintf(err, err_len, "out of memory");
            return 500;
        }
        snprintf(err, err_len, "the response would take more than %llu bytes (the server's output limit): ask for "
                 "binary outputs", (unsigned long long)lim->max_output_bytes);
        return 400;
    }
    *out = b.data;
    *out_len = b.len;
    return 200;
}
