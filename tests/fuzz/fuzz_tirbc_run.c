/* libFuzzer target: untrusted bytes through the VM loader (read + verify),
 * then every callable function run on small synthetic tensors under a step
 * and memory budget (see fuzz_common.h). */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "tirvm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_load_and_run(data, size);
    return 0;
}
