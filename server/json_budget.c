/* The parse trees of requests' JSON count against the server's in-flight
 * budget: a tree is about 20 times the size of its text, so counting the
 * body alone would let one 8 MB request hold 200 MB outside the budget.
 *
 * jansson's allocator hooks are process-wide, so every block carries a small
 * header with its size and whether it was counted.  Which counter a new block
 * is charged to is per thread (the worker decoding a request), so requests
 * decoded on different workers never see each other's scope. */
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>

#include <jansson.h>

#include "json_budget.h"

typedef struct {
    alignas(max_align_t) size_t size; /* the caller's bytes plus this header */
    uint64_t *counter;                /* charged to this counter, or NULL */
} block_header;

static _Thread_local uint64_t *scope_counter;
static _Thread_local uint64_t scope_limit;
static _Thread_local bool scope_over;

static void *counted_malloc(size_t n)
{
    if (n > SIZE_MAX - sizeof(block_header))
        return NULL;
    size_t total = n + sizeof(block_header);
    uint64_t *counter = scope_counter;
    if (counter) {
        uint64_t now = __atomic_add_fetch(counter, total, __ATOMIC_RELAXED);
        if (now > scope_limit) {
            __atomic_sub_fetch(counter, total, __ATOMIC_RELAXED);
            scope_over = true;
            return NULL;
        }
    }
    block_header *h = malloc(total);
    if (!h) {
        if (counter)
            __atomic_sub_fetch(counter, total, __ATOMIC_RELAXED);
        return NULL;
    }
    h->size = total;
    h->counter = counter;
    return h + 1;
}

static void counted_free(void *p)
{
    if (!p)
        return;
    block_header *h = (block_header *)p - 1;
    if (h->counter)
        __atomic_sub_fetch(h->counter, h->size, __ATOMIC_RELAXED);
    free(h);
}

void json_budget_install(void) { json_set_alloc_funcs(counted_malloc, counted_free); }

void json_budget_begin(uint64_t *counter, uint64_t limit)
{
    scope_counter = counter;
    scope_limit = limit;
    scope_over = false;
}

bool json_budget_end(void)
{
    bool over = scope_over;
    scope_counter = NULL;
    scope_over = false;
    return over;
}
