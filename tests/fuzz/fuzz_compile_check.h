/* Shared by the fuzz targets that compile (fuzz_compile, fuzz_relax): what
 * compiles must serialise and pass the VM loader's verification, read back
 * as the same module (writing it again gives the same bytes, and so does
 * assembling its listing), and is then run under limits like
 * fuzz_tirbc_run.  A broken promise is a bug and aborts. */
#ifndef TIRVM_FUZZ_COMPILE_CHECK_H
#define TIRVM_FUZZ_COMPILE_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "fuzz_common.h"
#include "tirbc.h"
#include "tirvm.h"

static void expect_bytes(const char *what, const tirbc_module *m, const uint8_t *bytes, size_t nbytes)
{
    char err[512];
    uint8_t *again = NULL;
    size_t n = 0;
    if (tirbc_write(m, &again, &n, err, sizeof err) != 0 || n != nbytes || memcmp(again, bytes, n) != 0) {
        fprintf(stderr, "%s does not give back the same bytes\n", what);
        abort();
    }
    free(again);
}

/* read then write, and disassemble then assemble, are the identity: so the
 * module that runs is the module that was compiled. */
static void expect_same_bytes_after_round_trips(const uint8_t *bytes, size_t nbytes)
{
    char err[600];
    tirbc_module *back = NULL, *assembled = NULL;
    if (tirbc_read(bytes, nbytes, &back, err, sizeof err) != 0) {
        fprintf(stderr, "compiled module does not read back: %s\n", err);
        abort();
    }
    expect_bytes("reading and writing", back, bytes, nbytes);
    char *text = tirbc_disasm(back);
    if (!text || tirbc_assemble(text, strlen(text), "listing", &assembled, err, sizeof err) != 0) {
        fprintf(stderr, "the listing does not assemble: %s\n", text ? err : "no listing");
        abort();
    }
    /* A listing shows each weight's size, never its bytes: assembled, the
     * weights are zeros, so compare with the module's weights zeroed. */
    uint8_t *zeroed = NULL;
    size_t nzeroed = 0;
    if (back->weight_bytes) {
        memset(back->weight_data, 0, (size_t)back->weight_bytes);
        if (tirbc_write(back, &zeroed, &nzeroed, err, sizeof err) != 0) {
            fprintf(stderr, "the module with zeroed weights does not serialise: %s\n", err);
            abort();
        }
    }
    expect_bytes("listing and assembling", assembled, zeroed ? zeroed : bytes, zeroed ? nzeroed : nbytes);
    free(zeroed);
    free(text);
    tirbc_module_free(assembled);
    tirbc_module_free(back);
}

/* Compiles `size` bytes (not NUL-terminated, as the API allows) named
 * `name`, and checks and runs what compiles. */
static void fuzz_compile_check(const char *name, const uint8_t *data, size_t size)
{
    tir_compile_options opts = {0};
    tir_compile_result res;
    bool ok = tir_compile(name, (const char *)data, size, &opts, &res);
    fuzz_accepted = ok && res.module;
    if (ok && res.module) {
        char err[512];
        uint8_t *bytes = NULL;
        size_t nbytes = 0;
        if (tirbc_write(res.module, &bytes, &nbytes, err, sizeof err) != 0) {
            fprintf(stderr, "compiled module does not serialise: %s\n", err);
            abort();
        }
        expect_same_bytes_after_round_trips(bytes, nbytes);
        tirvm_module *m = NULL;
        if (tirvm_module_load(bytes, nbytes, &m, err, sizeof err) != TIRVM_OK) {
            fprintf(stderr, "compiled module fails to load/verify: %s\n", err);
            abort();
        }
        fuzz_run_module(m);
        tirvm_module_free(m);
        free(bytes);
    }
    if (res.module)
        tirbc_module_free(res.module);
    free(res.diagnostics);
}

#endif
