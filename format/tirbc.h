/* .tirbc files: serialisation with msgpack-c, loading, verification and the
 * text listing.  Functions return 0 on success; on failure they return -1
 * and write a one-line message into err (never print, never exit). */
#ifndef TIRBC_H
#define TIRBC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "module.h"

/* The largest .tirbc file, weights included, that tirc writes, the loader
 * reads and tirvm serve loads: one cap, named in each message that enforces
 * it (SECURITY.md). */
#define TIRBC_MAX_MODULE_BYTES ((uint64_t)1 << 30)
#define TIRBC_MAX_MODULE_TEXT "1 GiB (TIRBC_MAX_MODULE_BYTES, the .tirbc size limit)"

/* Encodes m; *out is malloc'ed (caller frees). */
int tirbc_write(const tirbc_module *m, uint8_t **out, size_t *out_len, char *err, size_t err_len);
/* Decodes an untrusted byte string into a new module (structure only; run
 * tirbc_verify before executing it). */
int tirbc_read(const uint8_t *data, size_t len, tirbc_module **out, char *err, size_t err_len);
/* The same; with weights_in_place, a weight section that lies at an
 * address aligned to TIRBC_WEIGHT_ALIGN is used where it is, not copied
 * (the module's weight_owner is then NULL), and the caller keeps data alive
 * as long as the module. */
int tirbc_read_in_place(const uint8_t *data, size_t len, bool weights_in_place, tirbc_module **out, char *err,
                        size_t err_len);
/* Proves every instruction well-formed: opcodes, operand registers, types,
 * buffers, constants, strings and jump targets; parameters and buffers
 * consistent.  The interpreter relies on this and does no structural checks. */
int tirbc_verify(const tirbc_module *m, char *err, size_t err_len);
/* The readable listing of every function (malloc'ed, NUL-terminated). */
char *tirbc_disasm(const tirbc_module *m);
/* Reads a listing (the text tirbc_disasm prints, or one written by hand)
 * into a new module.  Checks syntax only, never the verifier's rules, so
 * deliberately invalid modules can be built; errors are reported as
 * "FILE:LINE:COL: error: MESSAGE". */
int tirbc_assemble(const char *text, size_t len, const char *filename, tirbc_module **out, char *err,
                   size_t err_len);

#endif
