#include "middle.h"

#include <string.h>

#include "passes.h"

typedef struct {
    const char *name, *synopsis;
    bool (*run)(tir_pass_ctx *p, tir_func *f);
} pass_row;

static const pass_row passes[] = {
#define TIR_PASS(ID, NAME, SYN) {NAME, SYN, tir_pass_##ID},
#include "passes.def"
#undef TIR_PASS
};

#define NPASSES ((int)(sizeof passes / sizeof passes[0]))

int tir_pass_count(void) { return NPASSES; }
const char *tir_pass_name(int i) { return i >= 0 && i < NPASSES ? passes[i].name : NULL; }
const char *tir_pass_synopsis(int i) { return i >= 0 && i < NPASSES ? passes[i].synopsis : NULL; }

/* Codegen has no blocks, no instruction for the intrinsics
 * legalize-intrinsics expands, and takes a parameter's extents as constants
 * or variables; unsafe-select gives a Select its meaning: those passes
 * always run. */
bool tir_pass_required(int i)
{
    return i >= 0 && i < NPASSES && (passes[i].run == tir_pass_lower_blocks || passes[i].run == tir_pass_bind_params ||
                                     passes[i].run == tir_pass_legalize_intrinsics || passes[i].run == tir_pass_unsafe_select);
}

uint32_t tir_pass_bit(const char *name)
{
    for (int i = 0; i < NPASSES; i++)
        if (strcmp(passes[i].name, name) == 0)
            return tir_pass_required(i) ? 0 : 1u << i;
    return 0;
}

bool tir_middle_end(tir_arena *a, tir_diag *d, tir_module *m, uint32_t skip)
{
    tir_pass_ctx p = {a, d, m};
    int before = d->nerrors;
    for (int i = 0; i < NPASSES; i++) {
        if (skip & (1u << i))
            continue;
        for (uint32_t k = 0; k < m->nfuncs; k++)
            if (!passes[i].run(&p, m->funcs[k]))
                return false;
    }
    return d->nerrors == before;
}
