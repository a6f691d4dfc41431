/* Shared by the fuzz targets that run modules: call every function of a
 * loaded module with small synthetic arguments under a step and memory
 * budget, so a fuzzed module can neither hang nor exhaust memory. */
#ifndef TIRVM_FUZZ_COMMON_H
#define TIRVM_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tirvm.h"

#define FUZZ_MAX_STEPS 100000u              /* loop iterations, back jumps and calls per call */
#define FUZZ_MAX_MEMORY (64u << 20)         /* bytes the module's allocations may hold */
#define FUZZ_MAX_ELEMS (1u << 16)           /* elements of one synthetic tensor */
#define FUZZ_DIM 4                          /* extent for symbolic dimensions */
#define FUZZ_SCALAR 3                       /* value of every scalar argument */

/* Set by a target to whether its last input got past the checks it fuzzes
 * (compiled, read, loaded): the standalone replay counts them. */
static int fuzz_accepted __attribute__((unused));

/* Fills n lanes of `bytes`-sized elements with the small values 0..3 (so
 * index buffers stay in range of FUZZ_DIM extents). */
static void fuzz_fill(void *data, DLDataType dt, size_t n, size_t bytes)
{
    static const uint16_t f16[4] = {0x0000, 0x3C00, 0x4000, 0x4200};
    static const uint16_t bf16[4] = {0x0000, 0x3F80, 0x4000, 0x4040};
    for (size_t i = 0; i < n; i++) {
        unsigned v = (unsigned)(i % 4);
        unsigned char *p = (unsigned char *)data + i * bytes;
        if (dt.code == kDLFloat && dt.bits == 32) {
            float f = (float)v;
            memcpy(p, &f, 4);
        } else if (dt.code == kDLFloat && dt.bits == 64) {
            double d = (double)v;
            memcpy(p, &d, 8);
        } else if (dt.code == kDLFloat && dt.bits == 16) {
            memcpy(p, &f16[v], 2);
        } else if (dt.code == kDLBfloat && dt.bits == 16) {
            memcpy(p, &bf16[v], 2);
        } else if (dt.bits == 1) {
            p[0] = (unsigned char)(v & 1);
        } else {
            uint64_t u = v; /* little-endian host: the low bytes carry the value */
            memcpy(p, &u, bytes < 8 ? bytes : 8);
        }
    }
}

/* Calls every function whose parameters are all buffers with a static or
 * symbolic shape and non-handle scalars.  Errors are expected; only
 * crashes, sanitizer reports and hangs are findings. */
static void fuzz_run_module(tirvm_module *m)
{
    tirvm_module_set_threads(m, 1);
    tirvm_module_set_limits(m, FUZZ_MAX_STEPS, FUZZ_MAX_MEMORY);
    int nf = tirvm_function_count(m);
    for (int f = 0; f < nf; f++) {
        int np = tirvm_param_count(m, f);
        if (np < 0 || np > 64)
            continue;
        tirvm_arg *args = calloc((size_t)np + 1, sizeof *args);
        DLTensor *tensors = calloc((size_t)np + 1, sizeof *tensors);
        int64_t(*shapes)[32] = calloc((size_t)np + 1, sizeof *shapes);
        int ok = args && tensors && shapes;
        for (int p = 0; ok && p < np; p++) {
            tirvm_param_info info;
            if (tirvm_param(m, f, p, &info) != TIRVM_OK) {
                ok = 0;
                break;
            }
            if (info.kind == TIRVM_PARAM_SCALAR) {
                if (info.dtype.code == kDLFloat || info.dtype.code == kDLBfloat) {
                    args[p].kind = TIRVM_ARG_FLOAT;
                    args[p].f = FUZZ_SCALAR;
                } else if (info.dtype.code == kDLUInt) {
                    args[p].kind = TIRVM_ARG_UINT;
                    args[p].u = info.dtype.bits == 1 ? 1 : FUZZ_SCALAR;
                } else if (info.dtype.code == kDLInt) {
                    args[p].kind = TIRVM_ARG_INT;
                    args[p].i = FUZZ_SCALAR;
                } else {
                    ok = 0; /* handles and other scalars: no synthetic value */
                }
                continue;
            }
            if (info.ndim < 0 || info.ndim > 32) {
                ok = 0;
                break;
            }
            uint64_t elems = 1;
            for (int d = 0; d < info.ndim; d++) {
                int64_t e = info.shape[d] < 0 ? FUZZ_DIM : info.shape[d];
                shapes[p][d] = e;
                elems *= (uint64_t)e;
                if (elems > FUZZ_MAX_ELEMS)
                    break;
            }
            size_t lanes = info.dtype.lanes ? info.dtype.lanes : 1;
            size_t bytes = info.dtype.bits <= 8 ? 1 : (size_t)(info.dtype.bits + 7) / 8;
            if (elems > FUZZ_MAX_ELEMS || elems * lanes > FUZZ_MAX_ELEMS) {
                ok = 0;
                break;
            }
            size_t nbytes = (size_t)elems * lanes * bytes;
            size_t alloc = (nbytes + 63) / 64 * 64;
            void *data = aligned_alloc(64, alloc ? alloc : 64);
            if (!data) {
                ok = 0;
                break;
            }
            fuzz_fill(data, info.dtype, (size_t)elems * lanes, bytes);
            DLTensor *t = &tensors[p];
            t->data = data;
            t->device.device_type = kDLCPU;
            t->device.device_id = 0;
            t->ndim = info.ndim;
            t->dtype = info.dtype;
            t->shape = shapes[p];
            t->strides = NULL;
            t->byte_offset = 0;
            args[p].kind = TIRVM_ARG_TENSOR;
            args[p].tensor = t;
        }
        if (ok) {
            char err[512];
            tirvm_value ret;
            tirvm_call_ret(m, f, args, np, &ret, err, sizeof err);
        }
        if (tensors)
            for (int p = 0; p < np; p++)
                free(tensors[p].data);
        free(args);
        free(tensors);
        free(shapes);
    }
}

/* Untrusted bytes through the VM loader (read + verify), then run. */
static inline void fuzz_load_and_run(const uint8_t *data, size_t size)
{
    char err[512];
    tirvm_module *m = NULL;
    fuzz_accepted = tirvm_module_load(data, size, &m, err, sizeof err) == TIRVM_OK;
    if (!fuzz_accepted)
        return;
    fuzz_run_module(m);
    tirvm_module_free(m);
}

#endif
