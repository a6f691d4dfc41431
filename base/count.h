/* Counts as tirvm's options write them (--max-steps, --max-memory,
 * --max-body-bytes, ...): shared by tirvm run and tirvm serve. */
#ifndef TIR_COUNT_H
#define TIR_COUNT_H

#include <stdbool.h>
#include <stdint.h>

/* A decimal count (with `bytes`, a K/M/G binary suffix), at most max; zero
 * allowed.  False for anything else (a sign, an empty string, trailing
 * characters, overflow), leaving *out alone. */
bool tir_parse_count(const char *s, bool bytes, uint64_t max, uint64_t *out);

#endif
