/* The public compiler API (include/tirc.h) over tir_compile. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "middle.h"
#include "tirbc.h"
#include "tirc.h"
#include "tirvm.h"

const char *tirc_version(void) { return TIRVM_VERSION; }

const char *tirc_status_name(tirc_status st)
{
    switch (st) {
    case TIRC_OK: return "ok";
    case TIRC_ERR_SYNTAX: return "syntax error";
    case TIRC_ERR_SCRIPT: return "script error";
    case TIRC_ERR_TYPE: return "type error";
    case TIRC_ERR_UNSUPPORTED: return "unsupported";
    case TIRC_ERR_VERIFY: return "verify error";
    case TIRC_ERR_USAGE: return "usage error";
    case TIRC_ERR_NOMEM: return "out of memory";
    }
    return "unknown status";
}

/* Appends "NAME: error: MESSAGE\n" to *diagnostics. */
static void add_diag(char **diagnostics, const char *name, const char *msg)
{
    if (!diagnostics)
        return;
    size_t old = *diagnostics ? strlen(*diagnostics) : 0;
    size_t n = old + strlen(name) + strlen(msg) + 12;
    char *d = realloc(*diagnostics, n);
    if (!d)
        return;
    snprintf(d + old, n - old, "%s: error: %s\n", name, msg);
    *diagnostics = d;
}

static tirc_status class_status(tir_error_class c)
{
    switch (c) {
    case TIR_ERR_SYNTAX: return TIRC_ERR_SYNTAX;
    case TIR_ERR_SCRIPT: return TIRC_ERR_SCRIPT;
    case TIR_ERR_TYPE: return TIRC_ERR_TYPE;
    case TIR_ERR_UNSUPPORTED: return TIRC_ERR_UNSUPPORTED;
    case TIR_ERR_OUT_OF_MEMORY: return TIRC_ERR_NOMEM;
    case TIR_ERR_INTERNAL: return TIRC_ERR_VERIFY;
    case TIR_ERR_NONE: break;
    }
    return TIRC_ERR_SCRIPT;
}

/* Compiles to an in-memory module (NULL with check_only). */
int tirc_pass_count(void) { return tir_pass_count(); }
const char *tirc_pass_name(int i) { return tir_pass_name(i); }
const char *tirc_pass_synopsis(int i) { return tir_pass_synopsis(i); }

/* "-name,-name": the passes to skip, as bits; false (with a diagnostic) for
 * an unknown or required pass or a malformed list. */
static bool parse_passes(const char *spec, uint32_t *skip, const char *name, char **diagnostics)
{
    char msg[200];
    for (const char *p = spec; *p;) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char pass[64];
        if (n < 2 || n >= sizeof pass || p[0] != '-') {
            snprintf(msg, sizeof msg, "--passes takes -NAME,-NAME (passes to skip) or list, got '%.*s'",
                     (int)(n < 64 ? n : 64), p);
            add_diag(diagnostics, name, msg);
            return false;
        }
        memcpy(pass, p + 1, n - 1);
        pass[n - 1] = 0;
        uint32_t bit = tir_pass_bit(pass);
        if (!bit) {
            snprintf(msg, sizeof msg, "no pass named '%s' can be skipped (tirc --passes=list lists them)", pass);
            add_diag(diagnostics, name, msg);
            return false;
        }
        *skip |= bit;
        p += n;
        if (*p == ',')
            p++;
    }
    return true;
}

/* tirc_options.params as the compiler's named tensors (compact CPU
 * tensors only: the weight section is a copy of their bytes). */
static tir_named_tensor *named_tensors(const tirc_options *opts, const char *name, char **diagnostics)
{
    if (!opts->params || !opts->param_names || opts->nparams > 65536) {
        add_diag(diagnostics, name, "tirc_options.params: no tensors, no names, or more than 65536");
        return NULL;
    }
    tir_named_tensor *out = calloc((size_t)opts->nparams, sizeof *out);
    if (!out) {
        add_diag(diagnostics, name, "out of memory");
        return NULL;
    }
    for (int i = 0; i < opts->nparams; i++) {
        const DLTensor *t = &opts->params[i];
        const char *pn = opts->param_names[i] ? opts->param_names[i] : "";
        uint64_t n = (t->dtype.bits * (uint64_t)t->dtype.lanes + 7) / 8;
        bool ok = t->device.device_type == kDLCPU && t->ndim >= 0 && t->ndim <= 32 && (t->shape || !t->ndim) &&
                  (t->data || !n) && t->dtype.lanes == 1;
        for (int k = 0; ok && k < t->ndim; k++) {
            ok = t->shape[k] >= 0 && (t->shape[k] == 0 || n <= UINT64_MAX / (uint64_t)t->shape[k]);
            n *= (uint64_t)t->shape[k];
        }
        if (ok && t->strides) { /* only the compact layout */
            int64_t expect = 1;
            for (int k = t->ndim; k-- > 0;) {
                if (t->shape[k] > 1 && t->strides[k] != expect)
                    ok = false;
                expect *= t->shape[k];
            }
        }
        if (!ok) {
            char msg[320];
            snprintf(msg, sizeof msg, "weight '%.200s' must be a compact CPU tensor of scalar elements", pn);
            add_diag(diagnostics, name, msg);
            free(out);
            return NULL;
        }
        out[i].name = pn;
        out[i].dtype = tir_dt(t->dtype.code, t->dtype.bits, t->dtype.lanes);
        if (t->dtype.code == TIR_CODE_DLBOOL)
            out[i].dtype = TIR_DT_BOOL;
        out[i].ndim = (uint32_t)t->ndim;
        out[i].shape = t->shape;
        out[i].data = (const uint8_t *)t->data + t->byte_offset;
        out[i].nbytes = n;
    }
    return out;
}

static tirc_status compile_module(const char *name, const char *src, size_t len, const tirc_options *opts,
                                  tirbc_module **mod, char **tir_text, char **diagnostics)
{
    *mod = NULL;
    if (tir_text)
        *tir_text = NULL;
    if (diagnostics)
        *diagnostics = NULL;
    if (!name || (!src && len)) {
        add_diag(diagnostics, name ? name : "<source>", "no source given");
        return TIRC_ERR_USAGE;
    }
    tir_compile_options o = {opts && opts->check_only, opts && opts->strict, opts ? opts->tvm_minor : 0,
                             opts && opts->emit_tir, 0, NULL, 0};
    if (opts && opts->passes && !parse_passes(opts->passes, &o.skip_passes, name, diagnostics))
        return TIRC_ERR_USAGE;
    tir_named_tensor *params = NULL;
    if (opts && opts->nparams > 0) {
        if (!(params = named_tensors(opts, name, diagnostics)))
            return TIRC_ERR_USAGE;
        o.params = params;
        o.nparams = (uint32_t)opts->nparams;
    }
    tir_compile_result res;
    bool ok = tir_compile(name, src ? src : "", len, &o, &res);
    free(params);
    if (diagnostics)
        *diagnostics = res.diagnostics;
    else
        free(res.diagnostics);
    if (!ok) {
        tirbc_module_free(res.module);
        return class_status(res.error_class);
    }
    *mod = res.module;
    if (tir_text)
        *tir_text = res.tir_text;
    else
        free(res.tir_text);
    return TIRC_OK;
}

tirc_status tirc_compile(const char *name, const char *src, size_t len, const tirc_options *opts, void **out,
                         size_t *out_len, char **diagnostics)
{
    *out = NULL;
    *out_len = 0;
    tirbc_module *mod;
    char *tir_text;
    tirc_status st = compile_module(name, src, len, opts, &mod, &tir_text, diagnostics);
    if (st == TIRC_OK && tir_text) {
        *out = tir_text;
        *out_len = strlen(tir_text);
        return st;
    }
    if (st != TIRC_OK || !mod)
        return st;
    if (opts && opts->emit_asm) {
        char *text = tirbc_disasm(mod);
        tirbc_module_free(mod);
        if (!text) {
            add_diag(diagnostics, name, "out of memory");
            return TIRC_ERR_NOMEM;
        }
        *out = text;
        *out_len = strlen(text);
        return TIRC_OK;
    }
    uint8_t *bytes = NULL;
    char err[256];
    int rc = tirbc_write(mod, &bytes, out_len, err, sizeof err);
    tirbc_module_free(mod);
    if (rc != 0) {
        add_diag(diagnostics, name, err);
        return TIRC_ERR_VERIFY;
    }
    /* tirc never writes a module that tirvm refuses: the loader's own
     * checks (a weight passed where its kernel may store, ...) run here, so
     * the refusal comes when the model is compiled, with the reason */
    tirvm_module *loaded = NULL;
    char why[512];
    if (tirvm_module_load(bytes, *out_len, &loaded, why, sizeof why) != TIRVM_OK) {
        char msg[600];
        snprintf(msg, sizeof msg, "the module would not load: %s", why);
        add_diag(diagnostics, name, msg);
        tirvm_free(bytes);
        *out_len = 0;
        return TIRC_ERR_VERIFY;
    }
    tirvm_module_free(loaded);
    *out = bytes;
    return TIRC_OK;
}

/* The whole file, NUL-terminated (malloc'ed), or NULL with a diagnostic. */
static char *read_file(const char *path, size_t *len, tirc_status *st, char **diagnostics)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        add_diag(diagnostics, path, strerror(errno));
        *st = TIRC_ERR_USAGE;
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
        if (n == cap) {
            char *nb = cap < ((size_t)1 << 30) ? realloc(buf, cap * 2 + 1) : NULL;
            if (!nb)
                free(buf);
            buf = nb;
            cap *= 2;
        }
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        add_diag(diagnostics, path, buf ? "read error" : "out of memory (or larger than 1 GiB)");
        *st = buf ? TIRC_ERR_USAGE : TIRC_ERR_NOMEM;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

tirc_status tirc_compile_file(const char *path, const tirc_options *opts, void **out, size_t *out_len,
                              char **diagnostics)
{
    *out = NULL;
    *out_len = 0;
    if (diagnostics)
        *diagnostics = NULL;
    size_t len = 0;
    tirc_status st = TIRC_OK;
    char *src = read_file(path, &len, &st, diagnostics);
    if (!src)
        return st;
    st = tirc_compile(path, src, len, opts, out, out_len, diagnostics);
    free(src);
    return st;
}

tirc_status tirc_compile_load(tirvm_runtime *rt, const char *name, const char *src, size_t len,
                              const tirc_options *opts, tirvm_module **out, char **diagnostics)
{
    *out = NULL;
    tirc_options o = {0};
    if (opts)
        o = *opts;
    o.emit_asm = 0;
    o.emit_tir = 0;
    void *bytes = NULL;
    size_t nbytes = 0;
    tirc_status st = tirc_compile(name, src, len, &o, &bytes, &nbytes, diagnostics);
    if (st != TIRC_OK || !bytes)
        return st;
    char err[512];
    tirvm_status vs = tirvm_runtime_load(rt, bytes, nbytes, out, err, sizeof err);
    free(bytes);
    if (vs != TIRVM_OK) {
        add_diag(diagnostics, name, err);
        return vs == TIRVM_ERR_NOMEM ? TIRC_ERR_NOMEM : TIRC_ERR_VERIFY;
    }
    return TIRC_OK;
}
