/* The public API: loading, introspection and calls. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uv.h>

#include "halffloat.h"
#include "pool.h"
#include "tirbc.h"
#include "vm_internal.h"

#define TIRVM_MAX_FILE_BYTES ((size_t)1 << 30)

const char *tirvm_version(void) { return TIRVM_VERSION; }

/* TIRVM_NUM_THREADS if it is a valid count, else the CPUs available to us. */
static int default_threads(void)
{
    const char *env = getenv("TIRVM_NUM_THREADS");
    if (env && *env) {
        char *end;
        long n = strtol(env, &end, 10);
        if (!*end && n >= 1 && n <= TIRVM_MAX_THREADS)
            return (int)n;
    }
    unsigned n = uv_available_parallelism();
    return n < 1 ? 1 : n > TIRVM_MAX_THREADS ? TIRVM_MAX_THREADS : (int)n;
}

tirvm_status tirvm_module_set_threads(tirvm_module *m, int threads)
{
    if (threads < 1 || threads > TIRVM_MAX_THREADS)
        return TIRVM_ERR_USAGE;
    if (m->pool && vm_pool_size(m->pool) != threads) {
        vm_pool_free(m->pool);
        m->pool = NULL;
    }
    m->threads = threads;
    return TIRVM_OK;
}

int tirvm_module_threads(const tirvm_module *m) { return m->threads; }

tirvm_status tirvm_module_set_limits(tirvm_module *m, uint64_t max_steps, uint64_t max_memory)
{
    m->max_steps = max_steps;
    m->max_memory = max_memory;
    return TIRVM_OK;
}

tirvm_status tirvm_module_load(const void *data, size_t len, tirvm_module **out, char *err, size_t err_len)
{
    *out = NULL;
    tirbc_module *mod = NULL;
    if (tirbc_read(data, len, &mod, err, err_len) != 0)
        return TIRVM_ERR_MODULE;
    if (tirbc_verify(mod, err, err_len) != 0) {
        tirbc_module_free(mod);
        return TIRVM_ERR_MODULE;
    }
    tirvm_module *m = calloc(1, sizeof *m);
    if (!m) {
        tirbc_module_free(mod);
        vm_set_err(err, err_len, "out of memory");
        return TIRVM_ERR_RUNTIME;
    }
    m->mod = mod;
    m->threads = default_threads();
    *out = m;
    return TIRVM_OK;
}

tirvm_status tirvm_module_load_file(const char *path, tirvm_module **out, char *err, size_t err_len)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        vm_set_err(err, err_len, "%s: %s", path, strerror(errno));
        return TIRVM_ERR_USAGE;
    }
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            vm_set_err(err, err_len, "%s: out of memory", path);
            return TIRVM_ERR_RUNTIME;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
        if (len == cap) {
            if (cap >= TIRVM_MAX_FILE_BYTES) {
                free(buf);
                fclose(f);
                vm_set_err(err, err_len, "%s: file is larger than 1 GiB", path);
                return TIRVM_ERR_MODULE;
            }
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb)
                free(buf);
            buf = nb;
            cap *= 2;
        }
    }
    bool read_error = ferror(f);
    fclose(f);
    if (read_error) {
        free(buf);
        vm_set_err(err, err_len, "%s: read error", path);
        return TIRVM_ERR_USAGE;
    }
    char inner[512];
    tirvm_status st = tirvm_module_load(buf, len, out, inner, sizeof inner);
    free(buf);
    if (st != TIRVM_OK)
        vm_set_err(err, err_len, "%s: %s", path, inner);
    return st;
}

void tirvm_module_free(tirvm_module *m)
{
    if (!m)
        return;
    vm_pool_free(m->pool);
    tirbc_module_free(m->mod);
    free(m);
}

int tirvm_function_count(const tirvm_module *m) { return (int)m->mod->nfuncs; }

const char *tirvm_function_name(const tirvm_module *m, int func)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs)
        return NULL;
    return m->mod->funcs[func].name;
}

int tirvm_find_function(const tirvm_module *m, const char *name) { return tirbc_module_find(m->mod, name); }

int tirvm_param_count(const tirvm_module *m, int func)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs)
        return -1;
    return (int)m->mod->funcs[func].nparams;
}

tirvm_status tirvm_param(const tirvm_module *m, int func, int index, tirvm_param_info *out)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs)
        return TIRVM_ERR_USAGE;
    const tirbc_function *f = &m->mod->funcs[func];
    if (index < 0 || (uint32_t)index >= f->nparams)
        return TIRVM_ERR_USAGE;
    const tirbc_param *p = &f->params[index];
    memset(out, 0, sizeof *out);
    out->name = p->name;
    out->alias = p->alias;
    out->kind = p->kind == TIRBC_PARAM_BUFFER ? TIRVM_PARAM_BUFFER : TIRVM_PARAM_SCALAR;
    tir_dtype dt = p->kind == TIRBC_PARAM_BUFFER ? f->buffers[p->index].dtype : p->dtype;
    /* a buffer of vector elements: the element type is the param's (float32x4) */
    if (p->kind == TIRBC_PARAM_BUFFER && !tir_dt_eq(p->dtype, TIR_DT_HANDLE))
        dt = tir_dt_with_lanes(dt, p->dtype.lanes);
    out->dtype.code = dt.code;
    out->dtype.bits = dt.bits;
    out->dtype.lanes = dt.lanes;
    out->ndim = p->kind == TIRBC_PARAM_BUFFER ? (int)f->buffers[p->index].ndim : 0;
    for (int k = 0; k < out->ndim && k < 32; k++) {
        const tirbc_dimref *d = &f->buffers[p->index].shape[k];
        out->shape[k] = d->kind == TIRBC_DIM_CONST ? d->value : -1;
        char *const *names = f->buffers[p->index].shape_names;
        out->shape_name[k] = d->kind != TIRBC_DIM_CONST && names ? names[k] : NULL;
    }
    return TIRVM_OK;
}

tirvm_status tirvm_function_return_type(const tirvm_module *m, int func, DLDataType *out)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs)
        return TIRVM_ERR_USAGE;
    tir_dtype t = m->mod->funcs[func].ret_dtype;
    out->code = t.code;
    out->bits = t.bits;
    out->lanes = t.lanes;
    return TIRVM_OK;
}

char *tirvm_disassemble(const tirvm_module *m) { return tirbc_disasm(m->mod); }

tirvm_status tirvm_call(tirvm_module *m, int func, const tirvm_arg *args, int nargs, char *err, size_t err_len)
{
    return tirvm_call_ret(m, func, args, nargs, NULL, err, err_len);
}

tirvm_status tirvm_call_ret(tirvm_module *m, int func, const tirvm_arg *args, int nargs, tirvm_value *result,
                            char *err, size_t err_len)
{
    if (func < 0 || (uint32_t)func >= m->mod->nfuncs) {
        vm_set_err(err, err_len, "no function with index %d", func);
        return TIRVM_ERR_USAGE;
    }
    const tirbc_function *f = &m->mod->funcs[func];
    if (nargs != (int)f->nparams) {
        vm_set_err(err, err_len, "function '%s' takes %u arguments, got %d", f->name, f->nparams, nargs);
        return TIRVM_ERR_RUNTIME;
    }
    vm_ctx *ctxp = malloc(sizeof *ctxp);
    if (!ctxp) {
        vm_set_err(err, err_len, "out of memory");
        return TIRVM_ERR_RUNTIME;
    }
    memset(ctxp, 0, sizeof *ctxp);
    atomic_uint_fast64_t mem_used;
    atomic_init(&mem_used, 0);
    ctxp->mem_used = &mem_used;
    ctxp->steps_left = m->max_steps ? m->max_steps : UINT64_MAX;
    ctxp->mod = m->mod;
    ctxp->fn = f;
    ctxp->err = err;
    ctxp->err_len = err_len;
    ctxp->m = m;
    ctxp->stack_floor = vm_stack_floor();
    vm_slot *regs = calloc(f->nregs ? f->nregs : 1, sizeof *regs);
    vm_buf *bufs = calloc(f->nbuffers ? f->nbuffers : 1, sizeof *bufs);
    if (!regs || !bufs) {
        free(regs);
        free(bufs);
        free(ctxp);
        vm_set_err(err, err_len, "out of memory");
        return TIRVM_ERR_RUNTIME;
    }
    bool ok = vm_bind_args(ctxp, args, nargs, regs, bufs) && vm_interpret(ctxp, regs, bufs, 0);
    for (uint32_t i = 0; i < f->nbuffers; i++)
        vm_buf_release(ctxp, &bufs[i], fn_elem_size(f, i));
    if (result) {
        memset(result, 0, sizeof *result);
        tir_vtype rvt = tir_dtype_vtype(f->ret_dtype);
        result->has_value = ok && !tir_dt_is_void(f->ret_dtype);
        result->dtype.code = f->ret_dtype.code;
        result->dtype.bits = f->ret_dtype.bits;
        result->dtype.lanes = f->ret_dtype.lanes;
        vm_slot r = ctxp->ret;
        if (rvt == TIR_VT_F32)
            result->f = r.f32;
        else if (rvt == TIR_VT_F64)
            result->f = r.f64;
        else if (rvt == TIR_VT_F16)
            result->f = tir_f16_to_f32((uint16_t)r.u);
        else if (rvt == TIR_VT_BF16)
            result->f = tir_bf16_to_f32((uint16_t)r.u);
        else
            result->i = r.i; /* u64 results keep their bits */
    }
    free(ctxp);
    free(regs);
    free(bufs);
    return ok ? TIRVM_OK : TIRVM_ERR_RUNTIME;
}
