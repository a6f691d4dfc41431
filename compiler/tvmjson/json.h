/* JSON text as a tree in the compile's arena, parsed by jansson: strict
 * RFC 8259 syntax, plus the bare tokens NaN, Infinity and -Infinity that
 * TVM's JSON writer emits for non-finite floats.  Syntax errors point at
 * their line and column; values carry no location (TVM JSON errors name the
 * node index instead). */
#ifndef TIR_JSON_H
#define TIR_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "diag.h"

typedef enum {
    TIR_JSON_NULL,
    TIR_JSON_FALSE,
    TIR_JSON_TRUE,
    TIR_JSON_NUMBER,
    TIR_JSON_STRING,
    TIR_JSON_ARRAY,
    TIR_JSON_OBJECT
} tir_json_kind;

typedef struct tir_json tir_json;
struct tir_json {
    tir_json_kind kind;
    bool integer;         /* NUMBER written without fraction or exponent */
    const char *str;      /* STRING: decoded UTF-8, NUL-terminated; NUMBER: the integer in decimal, or "" */
    size_t len;           /* length of str */
    double num;           /* NUMBER */
    uint32_t n;           /* ARRAY: items; OBJECT: members */
    tir_json **items;     /* ARRAY items; OBJECT member values */
    const char **keys;    /* OBJECT member names (decoded) */
};

/* Parses a whole JSON text; NULL after reporting the first error through d. */
tir_json *tir_json_parse(tir_arena *a, tir_diag *d, const char *src, size_t len);

/* The value of member `key` of an object (the last one if repeated), or NULL. */
const tir_json *tir_json_get(const tir_json *obj, const char *key);

/* A NUMBER written as an integer (no fraction or exponent) that fits. */
bool tir_json_int64(const tir_json *v, int64_t *out);

/* Strict decimal integers ("-12", "42"; no sign for uint64, no spaces)
 * that fit the type; false otherwise.  Also used for numbers kept in strings. */
bool tir_json_parse_int64(const char *s, size_t len, int64_t *out);
bool tir_json_parse_uint64(const char *s, size_t len, uint64_t *out);

/* "null", "number", "string", ... for messages. */
const char *tir_json_kind_name(tir_json_kind k);

#endif
