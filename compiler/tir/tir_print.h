/* TIR as TVMScript-like text: what `tirc --emit=tir` prints after the
 * middle end, so anyone can see what each pass did.  The text is for
 * reading; it is not meant to be parsed back. */
#ifndef TIR_PRINT_H
#define TIR_PRINT_H

#include "tir_ast.h"

/* The module's functions, after `header` (may be NULL); malloc'd. */
char *tir_print_module(const tir_module *m, const char *header);

#endif
