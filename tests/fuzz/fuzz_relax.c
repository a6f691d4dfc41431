/* libFuzzer target: the Relax front end (compiler/relax/relax_json.c).
 * Its input is TVM JSON of a whole model, an IRModule with a Relax main
 * (the public models' zero, built and params stages), compiled, checked
 * and run like fuzz_compile (fuzz_compile_check.h).  Its mutator edits the
 * parsed node graph (fuzz_json_mutate.h), so mutations stay JSON; one in
 * eight is a byte mutation, which keeps the parser's errors covered.
 * Built with -DFUZZ_STANDALONE it replays the seeds named on its command
 * line and deterministic mutations of them (fuzz_standalone.h). */
#include "fuzz_compile_check.h"
#include "fuzz_json_mutate.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_compile_check("fuzz.json", data, size);
    return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    size_t n = seed % 8 ? fuzz_json_mutate(data, size, max_size, seed) : 0;
    return n ? n : LLVMFuzzerMutate(data, size, max_size);
}

#ifdef FUZZ_STANDALONE
#define FUZZ_SEEDS_MUST_BE_ACCEPTED
static int fuzz_standalone_init(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return 0;
}
#include "fuzz_standalone.h"
#endif
