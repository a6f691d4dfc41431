/* NumPy .npz archives (np.savez: a ZIP of stored NAME.npy members), such as
 * a model's detached weights p_0, p_1, ... */
#ifndef TIR_NPZ_H
#define TIR_NPZ_H

#include "npy.h"

typedef struct {
    char *name; /* the member's name without ".npy" */
    npy_array arr;
} npz_entry;

typedef struct {
    int n;
    npz_entry *entries; /* in the archive's order */
} npz_file;

/* Reads every member of `path`, whose arrays together may hold at most
 * max_bytes (0: no limit but the file's size, which bounds them anyway:
 * members may not overlap).  Returns 0, or -1 with a message in err naming
 * the file (and the member) and what is wrong: not a ZIP, compressed
 * members (np.savez_compressed), a damaged directory, overlapping or
 * duplicate members, a local header that disagrees with the directory,
 * a bad .npy, arrays over max_bytes. */
int npz_read(const char *path, size_t max_bytes, npz_file *out, char *err, size_t err_len);
/* The same for an archive held in memory (len bytes at data, kept by the
 * caller); path names it in messages. */
int npz_read_mem(const void *data, size_t len, const char *path, size_t max_bytes, npz_file *out, char *err,
                 size_t err_len);
const npz_entry *npz_find(const npz_file *z, const char *name);
void npz_free(npz_file *z);

#endif
