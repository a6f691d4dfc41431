/* Which local buffers live in registers: an Allocate of at most
 * TIR_REGISTER_BUFFER_MAX scalar elements, only read and written at
 * constant, in-bounds indices (softmax's running max and sum, layernorm's
 * row sums).  Codegen keeps such a buffer in registers; the passes that
 * turn loops into vector statements ask the same question, since a vector
 * cannot be stored into registers. */
#ifndef TIR_REGISTER_BUFFERS_H
#define TIR_REGISTER_BUFFERS_H

#include "tir_ast.h"

#define TIR_REGISTER_BUFFER_MAX 8

/* The row-major element number of a constant access (each index an integer
 * or a Broadcast of one) to a compact buffer, if it is inside the shape. */
bool tir_const_flat_index(const tir_buffer *b, tir_expr *const *idx, uint32_t n, int64_t *out);

/* May buffer b, of nelem elements, allocated around body, live in registers? */
bool tir_buffer_fits_registers(const tir_buffer *b, int64_t nelem, const tir_stmt *body);

/* Is Allocate s (unconditional, constant size, its own buffer) one whose
 * buffer lives in registers? */
bool tir_alloc_in_registers(const tir_stmt *s);

#endif
