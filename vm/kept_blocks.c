/* A call frame's kept buffer blocks (kept_blocks.h). */
#include <stdlib.h>
#include <uv.h>

#include "kept_blocks.h"

struct vm_kept_blocks {
    uv_mutex_t lock;
    void *p[VM_KEPT_BLOCKS];
    uint64_t bytes[VM_KEPT_BLOCKS];
    uint32_t n;
    uint64_t total;
};

vm_kept_blocks *vm_kept_new(void)
{
    vm_kept_blocks *k = calloc(1, sizeof *k);
    if (k && uv_mutex_init(&k->lock) != 0) {
        free(k);
        k = NULL;
    }
    return k;
}

void vm_kept_free(vm_kept_blocks *k)
{
    if (!k)
        return;
    vm_kept_release(k, NULL);
    uv_mutex_destroy(&k->lock);
    free(k);
}

void *vm_kept_take(vm_kept_blocks *k, uint64_t bytes)
{
    void *p = NULL;
    uv_mutex_lock(&k->lock);
    for (uint32_t i = 0; i < k->n; i++)
        if (k->bytes[i] == bytes) {
            p = k->p[i];
            k->total -= bytes;
            k->p[i] = k->p[k->n - 1];
            k->bytes[i] = k->bytes[k->n - 1];
            k->n--;
            break;
        }
    uv_mutex_unlock(&k->lock);
    return p;
}

bool vm_kept_put(vm_kept_blocks *k, void *p, uint64_t bytes)
{
    uv_mutex_lock(&k->lock);
    bool room = k->n < VM_KEPT_BLOCKS && bytes <= VM_KEEP_MAX_BYTES - k->total;
    if (room) {
        k->p[k->n] = p;
        k->bytes[k->n++] = bytes;
        k->total += bytes;
    }
    uv_mutex_unlock(&k->lock);
    return room;
}

uint64_t vm_kept_release(vm_kept_blocks *k, atomic_uint_fast64_t *used)
{
    void *p[VM_KEPT_BLOCKS];
    uv_mutex_lock(&k->lock);
    uint32_t n = k->n;
    uint64_t total = k->total;
    for (uint32_t i = 0; i < n; i++)
        p[i] = k->p[i];
    k->n = 0;
    k->total = 0;
    if (used)
        atomic_fetch_sub(used, total);
    uv_mutex_unlock(&k->lock);
    for (uint32_t i = 0; i < n; i++) /* outside the lock: freeing large blocks takes a while */
        free(p[i]);
    return total;
}

uint64_t vm_kept_bytes(vm_kept_blocks *k)
{
    uv_mutex_lock(&k->lock);
    uint64_t total = k->total;
    uv_mutex_unlock(&k->lock);
    return total;
}
