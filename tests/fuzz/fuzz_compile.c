/* libFuzzer target: bytes as TVMScript (or TVM JSON, when the text starts
 * with '{') through tir_compile, checked and run by fuzz_compile_check.h. */
#include "fuzz_compile_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_compile_check("fuzz.py", data, size);
    return 0;
}
