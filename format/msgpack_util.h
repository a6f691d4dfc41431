/* Small helpers shared by the .tirbc writer, reader and tests: the reader's
 * sanity limits and little-endian word access for the bin fields. */
#ifndef TIRBC_MSGPACK_UTIL_H
#define TIRBC_MSGPACK_UTIL_H

#include <stdint.h>

#include "endian.h"

/* Limits the reader enforces before allocating anything (see README.md). */
#define TIRBC_MAX_FUNCS 4096u
#define TIRBC_MAX_REGS (1u << 20)
#define TIRBC_MAX_CODE (1u << 26) /* 32-bit words */
#define TIRBC_MAX_CONSTS (1u << 20)
#define TIRBC_MAX_STRINGS (1u << 20) /* in the whole module */
#define TIRBC_MAX_STRLEN (1u << 20) /* bytes, for every string in the file */
#define TIRBC_MAX_PARAMS 1024u
#define TIRBC_MAX_BUFFERS 65536u
#define TIRBC_MAX_NDIM 32 /* a plain decimal: texts spell it (module.h) */
#define TIRBC_MAX_WEIGHTS 65536u
#define TIRBC_WEIGHT_RECORD 16u /* offset u64, nbytes u64 */
/* msgpack objects in the whole file: msgpack-c spends about 24 bytes of
 * memory on each, so this bounds decoding memory (~100 MB) whatever the
 * file claims.  A compiled module holds a few hundred objects a function,
 * its code, constants and weights being bins (one object each). */
#define TIRBC_MAX_OBJECTS (1u << 22)

/* Byte sizes of the records in the bin fields. */
#define TIRBC_REG_RECORD 4u  /* vtype u8, reserved u8 (0), lanes u16 */
#define TIRBC_LINE_RECORD 12u /* pc u32, line u32, col u32 */

/* Messages are one line even when names from a file hold control bytes. */
static inline void tirbc_one_line(char *s)
{
    for (; s && *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            *s = '?';
}

#endif
