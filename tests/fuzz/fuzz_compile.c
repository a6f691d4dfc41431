/* libFuzzer target: bytes as TVMScript (or TVM JSON, when the text starts
 * with '{') through tir_compile.  What compiles must serialise and pass the
 * VM loader's verification (anything else is a compiler bug and aborts),
 * and is then run like fuzz_tirbc_run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "compile.h"
#include "fuzz_common.h"
#include "tirbc.h"
#include "tirvm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tir_compile_options opts = {false, false};
    tir_compile_result res;
    /* The source is exactly `size` bytes, not NUL-terminated, as the API allows. */
    bool ok = tir_compile("fuzz.py", (const char *)data, size, &opts, &res);
    if (ok && res.module) {
        char err[512];
        uint8_t *bytes = NULL;
        size_t nbytes = 0;
        if (tirbc_write(res.module, &bytes, &nbytes, err, sizeof err) != 0) {
            fprintf(stderr, "compiled module does not serialise: %s\n", err);
            abort();
        }
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
    return 0;
}
