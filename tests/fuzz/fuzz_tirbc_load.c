/* libFuzzer target: untrusted bytes through the .tirbc reader, the
 * verifier, the listing and the VM loader.  A module that reads and
 * verifies must also survive a write/read round trip and verify again. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tirbc.h"
#include "tirvm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];

    /* The format library directly. */
    tirbc_module *mod = NULL;
    if (tirbc_read(data, size, &mod, err, sizeof err) == 0) {
        if (tirbc_verify(mod, err, sizeof err) == 0) {
            free(tirbc_disasm(mod));
            uint8_t *out = NULL;
            size_t out_len = 0;
            if (tirbc_write(mod, &out, &out_len, err, sizeof err) != 0) {
                fprintf(stderr, "verified module does not serialise: %s\n", err);
                abort();
            }
            tirbc_module *again = NULL;
            if (tirbc_read(out, out_len, &again, err, sizeof err) != 0 ||
                tirbc_verify(again, err, sizeof err) != 0) {
                fprintf(stderr, "re-serialised verified module no longer loads: %s\n", err);
                abort();
            }
            tirbc_module_free(again);
            free(out);
        }
        tirbc_module_free(mod);
    }

    /* The VM's public loader (read + verify + its own preparation). */
    tirvm_module *m = NULL;
    if (tirvm_module_load(data, size, &m, err, sizeof err) == TIRVM_OK) {
        free(tirvm_disassemble(m));
        tirvm_module_free(m);
    }
    return 0;
}
