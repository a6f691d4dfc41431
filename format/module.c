#include "module.h"

#include <stdlib.h>
#include <string.h>

void tirbc_function_free(tirbc_function *f)
{
    if (!f)
        return;
    free(f->name);
    for (uint32_t i = 0; i < f->nparams; i++) {
        free(f->params[i].name);
        free(f->params[i].alias);
    }
    free(f->params);
    for (uint32_t i = 0; i < f->nbuffers; i++) {
        free(f->buffers[i].name);
        free(f->buffers[i].shape);
        for (uint32_t k = 0; f->buffers[i].shape_names && k < f->buffers[i].ndim; k++)
            free(f->buffers[i].shape_names[k]);
        free(f->buffers[i].shape_names);
        free(f->buffers[i].strides);
    }
    free(f->buffers);
    free(f->regtypes);
    free(f->code);
    free(f->consts);
    for (uint32_t i = 0; i < f->nstrings && !f->strings_pooled; i++)
        free(f->strings[i]);
    free(f->strings);
    free(f->lines);
    memset(f, 0, sizeof *f);
}

void tirbc_module_free(tirbc_module *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        tirbc_function_free(&m->funcs[i]);
    free(m->funcs);
    free(m->source);
    free(m->weights);
    free(m->weight_owner);
    free(m);
}

int tirbc_module_find(const tirbc_module *m, const char *name)
{
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].name && strcmp(m->funcs[i].name, name) == 0)
            return (int)i;
    return -1;
}

uint32_t tirbc_function_line(const tirbc_function *f, uint32_t pc)
{
    uint32_t line = 0;
    for (uint32_t i = 0; i < f->nlines && f->lines[i].pc <= pc; i++)
        line = f->lines[i].line;
    return line;
}
