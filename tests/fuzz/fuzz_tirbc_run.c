/* libFuzzer target: untrusted bytes through the VM loader (read + verify),
 * then every callable function run on small synthetic tensors under a step
 * and memory budget (see fuzz_common.h). */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "tirvm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    tirvm_module *m = NULL;
    if (tirvm_module_load(data, size, &m, err, sizeof err) != TIRVM_OK)
        return 0;
    fuzz_run_module(m);
    tirvm_module_free(m);
    return 0;
}
