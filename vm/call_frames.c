/* Per-module reuse of the memory of top-level calls (call_frames.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "call_frames.h"

/* Frames a module keeps: one per thread calling it at once, up to this many. */
#define KEPT_FRAMES 4

struct vm_frames {
    uv_mutex_t lock;
    uint32_t params, regs, bufs; /* the most of any function of the module */
    size_t bytes;                /* of one frame */
    vm_call_frame *kept;
    int nkept;
};

static size_t align16(size_t n) { return (n + 15) & ~(size_t)15; }

static size_t frame_layout(const struct vm_frames *fs, uint8_t *block, vm_call_frame **out);
static void frame_free(vm_call_frame *fr);

bool vm_frames_init(tirvm_module *m)
{
    struct vm_frames *fs = calloc(1, sizeof *fs);
    if (!fs)
        return false;
    if (uv_mutex_init(&fs->lock) != 0) {
        free(fs);
        return false;
    }
    fs->params = fs->regs = fs->bufs = 1;
    for (uint32_t i = 0; i < m->mod->nfuncs; i++) {
        const tirbc_function *f = &m->mod->funcs[i];
        fs->params = f->nparams > fs->params ? f->nparams : fs->params;
        fs->regs = f->nregs > fs->regs ? f->nregs : fs->regs;
        fs->bufs = f->nbuffers > fs->bufs ? f->nbuffers : fs->bufs;
    }
    fs->bytes = frame_layout(fs, NULL, NULL);
    m->frames = fs;
    return true;
}

void vm_frames_free(tirvm_module *m)
{
    struct vm_frames *fs = m->frames;
    if (!fs)
        return;
    for (vm_call_frame *fr = fs->kept, *next; fr; fr = next) {
        next = fr->next;
        frame_free(fr);
    }
    uv_mutex_destroy(&fs->lock);
    free(fs);
    m->frames = NULL;
}

/* One block: the frame, then each array at a 16-byte boundary.  Returns
 * the block's size; with block not NULL, also lays the frame out in it. */
static size_t frame_layout(const struct vm_frames *fs, uint8_t *block, vm_call_frame **out)
{
    size_t at_ctx = align16(sizeof(vm_call_frame));
    size_t at_plain = at_ctx + align16(sizeof(vm_ctx));
    size_t at_regs = at_plain + align16((size_t)fs->params * sizeof(tirvm_arg));
    size_t at_bufs = at_regs + align16((size_t)fs->regs * sizeof(vm_slot));
    size_t at_bound = at_bufs + align16((size_t)fs->bufs * sizeof(vm_buf));
    size_t at_scratch = at_bound + align16((size_t)fs->regs * sizeof(bool));
    size_t size = at_scratch + VM_SCRATCH_BYTES;
    if (block) {
        vm_call_frame *fr = (vm_call_frame *)block;
        fr->next = NULL;
        fr->ctx = (vm_ctx *)(block + at_ctx);
        fr->plain = (tirvm_arg *)(block + at_plain);
        fr->regs = (vm_slot *)(block + at_regs);
        fr->bufs = (vm_buf *)(block + at_bufs);
        fr->bound = (bool *)(block + at_bound);
        fr->scratch = (vm_lanes *)(block + at_scratch);
        fr->kept = NULL;
        *out = fr;
    }
    return size;
}

static void frame_free(vm_call_frame *fr)
{
    if (fr)
        vm_kept_free(fr->kept);
    free(fr);
}

static vm_call_frame *frame_new(const struct vm_frames *fs)
{
    uint8_t *block = aligned_alloc(16, fs->bytes);
    vm_call_frame *fr = NULL;
    if (block)
        frame_layout(fs, block, &fr);
    if (fr && !(fr->kept = vm_kept_new())) {
        free(fr);
        fr = NULL;
    }
    return fr;
}

size_t vm_frame_bytes(const tirvm_module *m) { return m->frames->bytes; }

vm_call_frame *vm_frame_take(tirvm_module *m, const tirbc_function *f)
{
    struct vm_frames *fs = m->frames;
    uv_mutex_lock(&fs->lock);
    vm_call_frame *fr = fs->kept;
    if (fr) {
        fs->kept = fr->next;
        fs->nkept--;
    }
    uv_mutex_unlock(&fs->lock);
    if (!fr && !(fr = frame_new(fs)))
        return NULL;
    memset(fr->regs, 0, (f->nregs ? f->nregs : 1) * sizeof *fr->regs);
    memset(fr->bufs, 0, (f->nbuffers ? f->nbuffers : 1) * sizeof *fr->bufs);
    memset(fr->bound, 0, (f->nregs ? f->nregs : 1) * sizeof *fr->bound);
    return fr;
}

void vm_frame_give(tirvm_module *m, vm_call_frame *fr)
{
    struct vm_frames *fs = m->frames;
    uv_mutex_lock(&fs->lock);
    if (fs->nkept < KEPT_FRAMES) {
        fr->next = fs->kept;
        fs->kept = fr;
        fs->nkept++;
        fr = NULL;
    }
    uv_mutex_unlock(&fs->lock);
    frame_free(fr);
}
