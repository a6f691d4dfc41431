/* libFuzzer target: text through the assembler (tirvm asm).  What
 * assembles is serialised, loaded, verified and run like fuzz_tirbc_run. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "tirbc.h"
#include "tirvm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[600];
    tirbc_module *mod = NULL;
    if (tirbc_assemble((const char *)data, size, "fuzz.tirasm", &mod, err, sizeof err) != 0)
        return 0;
    uint8_t *bytes = NULL;
    size_t n = 0;
    if (tirbc_write(mod, &bytes, &n, err, sizeof err) == 0)
        fuzz_load_and_run(bytes, n);
    free(bytes);
    tirbc_module_free(mod);
    return 0;
}
