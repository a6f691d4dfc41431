/* Bump allocator: compiler data structures live until the compile ends. */
#ifndef TIR_ARENA_H
#define TIR_ARENA_H

#include <stddef.h>

typedef struct tir_arena_block tir_arena_block;
typedef struct {
    tir_arena_block *head;
} tir_arena;

void tir_arena_init(tir_arena *a);
void tir_arena_free(tir_arena *a);
/* Zeroed memory; out of memory unwinds the compile (oom.h). */
void *tir_arena_alloc(tir_arena *a, size_t size);
char *tir_arena_strndup(tir_arena *a, const char *s, size_t n);
char *tir_arena_strdup(tir_arena *a, const char *s);
/* Growable arrays of pointers built in the arena. */
typedef struct {
    void **items;
    size_t len, cap;
} tir_vec;
void tir_vec_push(tir_arena *a, tir_vec *v, void *item);

#endif
