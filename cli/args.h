/* tirvm run's arguments: NAME=FILE.npy and NAME=NUMBER turned into the
 * call's tirvm_args, matched to parameters by name (CLI contract). */
#ifndef TIR_CLI_ARGS_H
#define TIR_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>

#include "npy.h"
#include "tirvm.h"

typedef struct {
    int nparams;
    tirvm_param_info *params;
    tirvm_arg *args;
    npy_array *arrays; /* buffer parameters' data */
    DLTensor *tensors;
    bool *given;
} cli_args;

/* Exit statuses shared with tirvm. */
enum { CLI_OK = 0, CLI_RUNTIME = 1, CLI_USAGE = 2, CLI_MODULE = 3 };

int cli_args_init(cli_args *ca, const tirvm_module *m, int func);
void cli_args_free(cli_args *ca);
/* The parameter a NAME refers to: its signature name or its buffer's name.
 * Returns the index, -1 if none matches, -2 if two different parameters do. */
int cli_args_find(const cli_args *ca, const char *name, size_t len);
/* Applies one NAME=VALUE argument; returns a CLI_* status, message in err. */
int cli_args_set(cli_args *ca, const char *spec, char *err, size_t err_len);
/* Checks that every parameter has a value.  A buffer parameter with a fully
 * constant shape that was not given gets a zero-filled array, so a pure
 * output needs no input file. */
int cli_args_finish(cli_args *ca, char *err, size_t err_len);

#endif
