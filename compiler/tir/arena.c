#include "arena.h"

#include <stdlib.h>
#include <string.h>

#include "oom.h"

struct tir_arena_block {
    tir_arena_block *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

void tir_arena_init(tir_arena *a) { a->head = NULL; }

void tir_arena_free(tir_arena *a)
{
    tir_arena_block *b = a->head;
    while (b) {
        tir_arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
}

void *tir_arena_alloc(tir_arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    tir_arena_block *b = a->head;
    if (!b || b->size - b->used < size) {
        size_t cap = size > 65536 ? size : 65536;
        b = tir_xmalloc(sizeof *b + cap);
        b->next = a->head;
        b->used = 0;
        b->size = cap;
        a->head = b;
    }
    void *p = b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

char *tir_arena_strndup(tir_arena *a, const char *s, size_t n)
{
    char *p = tir_arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *tir_arena_strdup(tir_arena *a, const char *s) { return tir_arena_strndup(a, s, strlen(s)); }

void tir_vec_push(tir_arena *a, tir_vec *v, void *item)
{
    if (v->len == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 4;
        void **items = tir_arena_alloc(a, cap * sizeof *items);
        if (v->len)
            memcpy(items, v->items, v->len * sizeof *items);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->len++] = item;
}
