/* Counts as tirvm's options write them (count.h). */
#include "count.h"

#include <errno.h>
#include <stdlib.h>

bool tir_parse_count(const char *s, bool bytes, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!*s || *s == '-')
        return false;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno)
        return false;
    int shift = 0;
    if (bytes && *end && !end[1]) {
        shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20 : *end == 'G' || *end == 'g' ? 30 : -1;
        if (shift < 0)
            return false;
        end++;
    }
    if (*end || (shift && v > (UINT64_MAX >> shift)) || ((uint64_t)v << shift) > max)
        return false;
    *out = (uint64_t)v << shift;
    return true;
}
