/* Views of a buffer: the same data, element type and layout, seen with
 * other dimensions.  The middle end reads a buffer through one where it
 * has proven that every index stays inside its dimension, so that the
 * view's row-major index names the same element (a transpose's gather,
 * a padding stage's one fill, a global pool's [1, C, 1, 1] as [1, C],
 * two dimensions merged into one). */
#ifndef TIR_BUFFER_VIEWS_H
#define TIR_BUFFER_VIEWS_H

#include "tir_ast.h"

/* b with ndim dimensions: the first min(ndim, b->ndim) extents are b's,
 * the caller sets the others. */
tir_buffer *tir_buffer_view(tir_arena *a, const tir_buffer *b, uint32_t ndim);

/* May b be read through its flat view: compact (no strides, offset 0) and
 * every extent a constant?  *elems (if elems is not NULL) gets the element
 * count (false when it overflows). */
bool tir_buffer_flattenable(const tir_buffer *b, int64_t *elems);

/* b as one dimension of all its elements, or NULL when it is not
 * flattenable. */
tir_buffer *tir_buffer_flat_view(tir_arena *a, const tir_buffer *b);

/* How many of an access's n indices remain once its trailing dimensions
 * of extent 1 indexed by the constant 0 are dropped (at least 1; n when
 * b has strides or is not indexed in every dimension): the access
 * b[i, c, 0, 0] of a [1, C, 1, 1] buffer keeps 2, the same element in the
 * view of b's first 2 dimensions. */
uint32_t tir_unit_tail_kept(const tir_buffer *b, tir_expr *const *idx, uint32_t n);

/* The flat elements an access b[idx] (n indices, b of constant extents
 * and no strides, each index linear in v, a Ramp's base for a vector
 * index) moves per step of v; false otherwise. */
bool tir_flat_coefficient(const tir_buffer *b, tir_expr *const *idx, uint32_t n, const tir_var *v, int64_t *out);

#endif
