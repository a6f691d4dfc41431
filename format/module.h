/* The in-memory form of a compiled module: what the compiler builds, the
 * writer serialises, the reader rebuilds, the verifier checks and the VM
 * runs.  Every pointer is owned by the module (tirbc_module_free). */
#ifndef TIRBC_MODULE_H
#define TIRBC_MODULE_H

#include <stdint.h>

#include "dtype.h"

#define TIRBC_FORMAT_VERSION 1

/* A shape, stride or elem_offset entry of a buffer: a constant, or a
 * register holding a symbolic variable (bound on first sight, checked after). */
enum { TIRBC_DIM_CONST = 0, TIRBC_DIM_REG = 1 };
typedef struct {
    uint8_t kind;
    int64_t value; /* the constant, or the register index */
} tirbc_dimref;

/* A weight buffer (TIRBC_BUF_WEIGHT) is read-only memory of the module's
 * weight section: a model's constants, shared by every call. */
enum { TIRBC_BUF_PARAM = 0, TIRBC_BUF_ALLOC = 1, TIRBC_BUF_WEIGHT = 2 };
typedef struct {
    char *name;
    tir_dtype dtype;          /* element dtype (lanes > 1 for vector elements) */
    uint8_t kind;             /* TIRBC_BUF_PARAM, TIRBC_BUF_ALLOC or TIRBC_BUF_WEIGHT */
    uint32_t weight;          /* TIRBC_BUF_WEIGHT: the index of its weight in the module */
    uint32_t ndim;
    tirbc_dimref *shape;      /* ndim entries (PARAM: bound/checked against the DLTensor) */
    uint32_t nstrides;        /* 0: no declared strides (compact row-major) */
    tirbc_dimref *strides;
    tirbc_dimref elem_offset; /* PARAM: byte_offset / element size must match or bind */
    char **shape_names;       /* NULL, or ndim entries: the name of each shape entry's symbolic
                                 variable (NULL where there is none), for messages and tirvm info */
} tirbc_buffer;

enum { TIRBC_PARAM_SCALAR = 0, TIRBC_PARAM_BUFFER = 1 };
typedef struct {
    char *name;      /* the parameter's name in the signature */
    char *alias;     /* the bound buffer's name, or NULL */
    uint8_t kind;    /* TIRBC_PARAM_SCALAR or TIRBC_PARAM_BUFFER */
    tir_dtype dtype; /* scalar parameters: their dtype; buffers: handle */
    uint32_t index;  /* scalar: destination register; buffer: buffer index */
} tirbc_param;

/* Each limit of the format is one plain decimal here, so a text can spell
 * it (TIRBC_SPELL: operands.def, verify_rules.def) and never disagree. */
#define TIRBC_SPELL(limit) TIRBC_SPELL_(limit)
#define TIRBC_SPELL_(limit) #limit

/* The widest vector register and vector instruction.  TIR's own vectors
 * have at most 64 lanes; the compiler strip-mines long loops into chunks of
 * up to this many (4 KB of float32: three operands stay in L1), so one
 * dispatch covers more elements. */
#define TIRBC_MAX_LANES 1024
/* The widest accumulator row of a loop-level instruction (mac, maci,
 * mac2, mac2s, rsum2, rmax2, rmin2: the `z` operand), and the most lanes a buffer's vector element
 * may have (a T.Buffer of float32x4 elements). */
#define TIRBC_MAX_WIDTH 64
#define TIRBC_MAX_ELEMENT_LANES 64

/* Register types: one value kind and a lane count (1 for a scalar; 0 for
 * the continuation slots after a vector register). */
typedef struct {
    uint8_t vtype;
    uint16_t lanes;
} tirbc_regtype;

/* Line table entry: code from word `pc` on came from this source position. */
typedef struct {
    uint32_t pc, line, col;
} tirbc_line;

typedef struct {
    char *name;
    uint32_t nparams;
    tirbc_param *params;
    uint32_t nbuffers;
    tirbc_buffer *buffers;
    uint32_t nregs;
    tirbc_regtype *regtypes;
    uint32_t ncode; /* in 32-bit words */
    uint32_t *code;
    uint32_t nconsts;
    uint64_t *consts; /* register images: integers normalized to int64, f32/f64 bits */
    uint32_t nstrings;
    char **strings;
    bool strings_pooled; /* the reader's: the strings live in the strings array's own block */
    uint32_t nlines; /* sorted by pc */
    tirbc_line *lines;
    tir_dtype ret_dtype; /* void (handle, 0 bits) when the function returns nothing */
} tirbc_function;

/* Weights start at multiples of this in the weight section (and in the
 * file), so that vector loads of them are aligned. */
#define TIRBC_WEIGHT_ALIGN 64u
typedef struct {
    uint64_t offset; /* in the weight section, a multiple of TIRBC_WEIGHT_ALIGN */
    uint64_t nbytes;
} tirbc_weight;

typedef struct {
    uint32_t version;
    char *source; /* source file name, for messages; may be NULL */
    uint32_t nfuncs;
    tirbc_function *funcs;
    uint32_t nweights;
    tirbc_weight *weights;
    uint64_t weight_bytes;  /* the section's size */
    uint8_t *weight_data;   /* the section, TIRBC_WEIGHT_ALIGN-aligned; NULL when empty */
    void *weight_owner;     /* what to free for it (NULL: the section is borrowed, see tirbc_read_in_place) */
} tirbc_module;

void tirbc_module_free(tirbc_module *m);
void tirbc_function_free(tirbc_function *f);
/* Index of the function called `name`, or -1. */
int tirbc_module_find(const tirbc_module *m, const char *name);
/* Source line for a code offset, 0 if unknown. */
uint32_t tirbc_function_line(const tirbc_function *f, uint32_t pc);

#endif
