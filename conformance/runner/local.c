/* Running a case on our own compiler and VM, linked in.  The module goes
 * through tirbc_write and tirvm_module_load, so the serializer, the reader
 * and the verifier are on the path of every case, as they are for users. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "classify.h"
#include "compile.h"
#include "run.h"
#include "tirbc.h"
#include "tirvm.h"
#include "util.h"

/* Bytes around every argument's storage: writes there are caught. */
#define GUARD_BYTES 64
#define GUARD_FILL 0xA5

typedef struct {
    uint8_t *storage; /* GUARD | byte_offset | span elements | GUARD */
    size_t storage_len;
    uint8_t *init;    /* the storage's bytes before the call */
    uint8_t *mask;    /* 1 where the view's elements are */
    DLTensor t;
} local_buffer;

static double now_ms(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec * 1e3 + tv.tv_usec / 1e3;
}

/* Offset in elements of logical element e (C order) of a's view. */
static uint64_t elem_offset(const conf_arg *a, uint64_t e)
{
    uint64_t off = 0, stride = 1;
    for (int k = a->ndim; k-- > 0;) {
        uint64_t ext = (uint64_t)a->shape[k];
        uint64_t idx = e % ext;
        e /= ext;
        off += idx * (a->has_strides ? (uint64_t)a->strides[k] : stride);
        stride *= ext;
    }
    return off;
}

static void setup_buffer(const conf_arg *a, local_buffer *b)
{
    size_t ls = cv_lane_size(a->dtype), es = ls * a->dtype.lanes;
    uint64_t span = a->count;
    if (a->has_strides && a->count) {
        span = 1;
        for (int k = 0; k < a->ndim; k++)
            span += (uint64_t)(a->shape[k] - 1) * (uint64_t)a->strides[k];
    }
    size_t body = (size_t)a->byte_offset + (size_t)span * es;
    b->storage_len = GUARD_BYTES + body + GUARD_BYTES;
    b->storage = xcalloc(1, b->storage_len);
    b->mask = xcalloc(1, b->storage_len);
    memset(b->storage, GUARD_FILL, GUARD_BYTES);
    memset(b->storage + GUARD_BYTES + body, GUARD_FILL, GUARD_BYTES);
    uint8_t *base = b->storage + GUARD_BYTES + a->byte_offset;
    char err[128];
    for (uint64_t e = 0; e < a->count; e++) {
        uint8_t *p = base + elem_offset(a, e) * es;
        memset(b->mask + (p - b->storage), 1, es);
        for (uint32_t l = 0; a->values && l < a->dtype.lanes; l++)
            cv_store(a->dtype, p + l * ls, a->values[e * a->dtype.lanes + l], err, sizeof err); /* checked at parse */
    }
    b->init = xmalloc(b->storage_len);
    memcpy(b->init, b->storage, b->storage_len);
    memset(&b->t, 0, sizeof b->t);
    b->t.data = b->storage + GUARD_BYTES;
    b->t.device.device_type = kDLCPU;
    b->t.ndim = a->ndim;
    b->t.dtype.code = a->dtype.code;
    b->t.dtype.bits = a->dtype.bits;
    b->t.dtype.lanes = a->dtype.lanes;
    b->t.shape = (int64_t *)a->shape;
    b->t.strides = a->has_strides ? (int64_t *)a->strides : NULL;
    b->t.byte_offset = a->byte_offset;
}

/* The view's elements in C order, compact; notes writes outside it. */
static uint8_t *gather(const conf_arg *a, const local_buffer *b, char *violation, size_t vlen)
{
    size_t ls = cv_lane_size(a->dtype), es = ls * a->dtype.lanes;
    uint8_t *out = xmalloc(a->count * es);
    const uint8_t *base = b->storage + GUARD_BYTES + a->byte_offset;
    for (uint64_t e = 0; e < a->count; e++)
        memcpy(out + e * es, base + elem_offset(a, e) * es, es);
    for (size_t i = 0; i < b->storage_len && !violation[0]; i++) {
        if (!b->mask[i] && b->storage[i] != b->init[i]) {
            long long rel = (long long)i - GUARD_BYTES;
            snprintf(violation, vlen, "argument '%s': byte %lld relative to its data pointer changed, outside the "
                     "elements its DLTensor describes", a->name, rel);
        }
    }
    return out;
}

/* The message without the "FILE:LINE: " prefix of vm_error_at, so a file
 * name cannot look like a class. */
static const char *strip_location(const char *msg, const char *relpath)
{
    const char *base = strrchr(relpath, '/');
    base = base ? base + 1 : relpath;
    size_t bl = strlen(base);
    if (strncmp(msg, base, bl) == 0 && msg[bl] == ':') {
        const char *p = strstr(msg + bl + 1, ": ");
        if (p)
            return p + 2;
    }
    return msg;
}

static void run_binary(const conf_case *c, conf_outcome *o)
{
    char err[1024];
    size_t len;
    char *bytes = conf_read_file(c->path, &len, err, sizeof err);
    if (!bytes) {
        o->kind = OUT_ERROR;
        conf_copy(o->cls, sizeof o->cls, "bad_case");
        conf_copy(o->msg, sizeof o->msg, err);
        return;
    }
    tirvm_module *m = NULL;
    err[0] = 0;
    if (tirvm_module_load(bytes, len, &m, err, sizeof err) == TIRVM_OK) {
        o->kind = OUT_LOADED;
    } else {
        o->kind = OUT_LOAD_FAILED;
        conf_copy(o->cls, sizeof o->cls, conf_classify(CLASS_MALFORMED, err));
        conf_copy(o->msg, sizeof o->msg, err);
    }
    tirvm_module_free(m);
    free(bytes);
}

static void error_outcome(conf_outcome *o, const char *cls, const char *msg)
{
    o->kind = OUT_ERROR;
    conf_copy(o->cls, sizeof o->cls, cls);
    conf_copy(o->msg, sizeof o->msg, msg);
}

static void run_source(const conf_case *c, int default_threads, conf_outcome *o)
{
    char err[2048];
    size_t len;
    char *src = conf_read_file(c->path, &len, err, sizeof err);
    if (!src) {
        error_outcome(o, "bad_case", err);
        return;
    }
    tir_compile_result res;
    tir_compile_options opts = {.strict = conf_case_strict(c)};
    bool compiled = tir_compile(c->relpath, src, len, &opts, &res);
    free(src);
    uint8_t *bytes = NULL;
    size_t nbytes = 0;
    tirvm_module *m = NULL;
    local_buffer *bufs = NULL;
    tirvm_arg *args = NULL;
    if (!compiled) {
        o->kind = OUT_REJECTED;
        conf_copy(o->cls, sizeof o->cls, tir_error_class_name(res.error_class));
        conf_copy(o->msg, sizeof o->msg, res.diagnostics ? res.diagnostics : "(no message)");
        goto done;
    }
    if (c->expect == EXPECT_INVALID) {
        o->kind = OUT_RAN;
        goto done;
    }
    if (tirbc_write(res.module, &bytes, &nbytes, err, sizeof err) != 0) {
        o->kind = OUT_LOAD_FAILED;
        conf_copy(o->cls, sizeof o->cls, "write");
        conf_copy(o->msg, sizeof o->msg, err);
        goto done;
    }
    if (tirvm_module_load(bytes, nbytes, &m, err, sizeof err) != TIRVM_OK) {
        o->kind = OUT_LOAD_FAILED;
        conf_copy(o->cls, sizeof o->cls, conf_classify(CLASS_MALFORMED, err));
        conf_copy(o->msg, sizeof o->msg, err);
        goto done;
    }
    int threads = c->threads ? c->threads : default_threads;
    if (tirvm_module_set_threads(m, threads) != TIRVM_OK) {
        snprintf(err, sizeof err, "cannot use %d threads", threads);
        error_outcome(o, "internal", err);
        goto done;
    }
    int func = tirvm_find_function(m, c->entry ? c->entry : "main");
    if (func < 0 && !c->entry && tirvm_function_count(m) == 1)
        func = 0;
    if (func < 0) {
        snprintf(err, sizeof err, "the module has no function '%s'%s", c->entry ? c->entry : "main",
                 c->entry ? "" : " (and more than one function: name the entry with 'entry:')");
        error_outcome(o, "no_entry", err);
        goto done;
    }
    int np = tirvm_param_count(m, func);
    args = xcalloc((size_t)np, sizeof *args);
    bufs = xcalloc(c->nargs, sizeof *bufs);
    bool *used = xcalloc(c->nargs, sizeof *used);
    for (int i = 0; i < np; i++) {
        tirvm_param_info p;
        tirvm_param(m, func, i, &p);
        size_t k;
        for (k = 0; k < c->nargs; k++)
            if (!used[k] && (strcmp(c->args[k].name, p.name) == 0 || (p.alias && strcmp(c->args[k].name, p.alias) == 0)))
                break;
        if (k == c->nargs) {
            snprintf(err, sizeof err, "no 'arg' line for parameter '%s'%s%s%s of '%s'", p.name, p.alias ? " (buffer '" : "",
                     p.alias ? p.alias : "", p.alias ? "')" : "", tirvm_function_name(m, func));
            error_outcome(o, "bad_case", err);
            free(used);
            goto done;
        }
        used[k] = true;
        const conf_arg *a = &c->args[k];
        if (a->is_buffer) {
            setup_buffer(a, &bufs[k]);
            args[i].kind = TIRVM_ARG_TENSOR;
            args[i].tensor = &bufs[k].t;
        } else if (tir_dt_is_float(a->dtype)) {
            cval v = a->values[0];
            args[i].kind = TIRVM_ARG_FLOAT;
            args[i].f = v.kind == CV_FLOAT ? v.f : v.kind == CV_UINT ? (double)v.u : (double)v.i;
        } else {
            cval v = a->values[0];
            args[i].kind = v.kind == CV_UINT ? TIRVM_ARG_UINT : TIRVM_ARG_INT;
            if (v.kind == CV_UINT)
                args[i].u = v.u;
            else
                args[i].i = v.i;
        }
    }
    for (size_t k = 0; k < c->nargs; k++) {
        if (!used[k]) {
            snprintf(err, sizeof err, "arg '%s' names no parameter of '%s'", c->args[k].name, tirvm_function_name(m, func));
            error_outcome(o, "bad_case", err);
            free(used);
            goto done;
        }
    }
    free(used);
    tirvm_value rv;
    memset(&rv, 0, sizeof rv);
    err[0] = 0;
    if (tirvm_call_ret(m, func, args, np, &rv, err, sizeof err) != TIRVM_OK) {
        o->kind = OUT_TRAPPED;
        conf_copy(o->cls, sizeof o->cls, conf_classify(CLASS_TRAP, strip_location(err, c->relpath)));
        conf_copy(o->msg, sizeof o->msg, err);
        goto done;
    }
    o->kind = OUT_RAN;
    o->outputs = xcalloc(c->nargs, sizeof *o->outputs);
    for (size_t k = 0; k < c->nargs; k++)
        if (c->args[k].is_buffer)
            o->outputs[k] = gather(&c->args[k], &bufs[k], o->violation, sizeof o->violation);
    if (rv.has_value) {
        o->has_ret = true;
        o->ret_dtype = tir_dt(rv.dtype.code, rv.dtype.bits, 1);
        cval v;
        if (tir_dt_is_float(o->ret_dtype))
            v = (cval){.kind = CV_FLOAT, .f = rv.f};
        else if (o->ret_dtype.code == TIR_CODE_UINT && o->ret_dtype.bits == 64)
            v = (cval){.kind = CV_UINT, .u = (uint64_t)rv.i};
        else
            v = (cval){.kind = CV_INT, .i = rv.i};
        if (v.kind == CV_UINT && v.u <= (uint64_t)INT64_MAX)
            v = (cval){.kind = CV_INT, .i = (int64_t)v.u};
        if (!cv_dtype_supported(o->ret_dtype) || !cv_store(o->ret_dtype, o->ret, v, err, sizeof err)) {
            char tn[32];
            snprintf(o->violation, sizeof o->violation, "the return value does not fit its dtype %s: %.120s",
                     tir_dtype_str(o->ret_dtype, tn, sizeof tn), err);
        }
    }
done:
    if (bufs)
        for (size_t k = 0; k < c->nargs; k++) {
            free(bufs[k].storage);
            free(bufs[k].init);
            free(bufs[k].mask);
        }
    free(bufs);
    free(args);
    tirvm_module_free(m);
    free(bytes);
    tirbc_module_free(res.module);
    free(res.diagnostics);
}

void conf_run_local(const conf_case *c, int default_threads, conf_result *r)
{
    double t0 = now_ms();
    conf_outcome o;
    memset(&o, 0, sizeof o);
    if (c->type == CASE_BINARY)
        run_binary(c, &o);
    else
        run_source(c, default_threads, &o);
    conf_judge(c, &o, r);
    if (o.outputs)
        for (size_t k = 0; k < c->nargs; k++)
            free(o.outputs[k]);
    free(o.outputs);
    r->ms = now_ms() - t0;
}
