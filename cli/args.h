/* tirvm run's arguments: NAME=FILE.npy and NAME=NUMBER turned into the
 * call's tirvm_args, matched to parameters by name (CLI contract). */
#ifndef TIR_CLI_ARGS_H
#define TIR_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>

#include "npy.h"
#include "tirvm.h"

typedef struct {
    const tirvm_module *m; /* the module and function the arguments are for */
    int func;
    const char *func_name;
    bool module_from_stdin; /* the module came from standard input (tirvm run -) */
    int nparams;
    tirvm_param_info *params;
    tirvm_arg *args;
    npy_array *arrays; /* buffer parameters' data */
    DLTensor *tensors;
    bool *given;
    bool *zero_filled; /* buffer parameters not given, which cli_args_finish zero-filled */
    uint64_t zero_bytes; /* their bytes, which count against the run's memory limit */
} cli_args;

/* Exit statuses shared with tirvm. */
enum { CLI_OK = 0, CLI_RUNTIME = 1, CLI_USAGE = 2, CLI_MODULE = 3 };

int cli_args_init(cli_args *ca, const tirvm_module *m, int func);
void cli_args_free(cli_args *ca);
/* The parameter a NAME refers to: its signature name or its buffer's name.
 * Returns the index, -1 if none matches, -2 if two different parameters do. */
int cli_args_find(const cli_args *ca, const char *name, size_t len);
/* The parameters as a user names them, for messages: "A, B, n", a buffer
 * bound to a differently named handle as "a (or A)". */
void cli_args_list(const cli_args *ca, char *buf, size_t n);
/* The name a user gives a parameter on the command line: its buffer's name
 * when it has one, else its signature name. */
const char *cli_args_user_name(const cli_args *ca, int i);
/* Applies one NAME=VALUE argument; returns a CLI_* status, message in err:
 * CLI_USAGE for a NAME the function does not have (or given twice),
 * CLI_RUNTIME for bad input (a .npy that cannot be read or is corrupt, a
 * number for a buffer, a file for a scalar, a VALUE that is not of the
 * scalar's type: 'abc' or 1.5 for an int32). */
int cli_args_set(cli_args *ca, const char *spec, char *err, size_t err_len);
/* Gives buffer parameter NAME the array arr (taken over: *arr is emptied),
 * one of a .npz file's (`from`, for messages); CLI_USAGE if NAME is no
 * buffer parameter or is given twice. */
int cli_args_set_array(cli_args *ca, const char *name, const char *from, npy_array *arr, char *err, size_t err_len);
/* Checks that every parameter has a value.  Every scalar and every buffer
 * the function never writes (an input) must be given: one missing is
 * CLI_RUNTIME, with every missing input named in err.  A buffer the
 * function writes that was not given gets a zero-filled array, so a pure
 * output needs no input file: its shape is the constant one, or the one the
 * given arguments bind its variables to (tirvm_resolve_shape; an error when
 * they do not).  Those arrays together may not exceed max_memory (0: no
 * limit), which they count against (zero_bytes). */
int cli_args_finish(cli_args *ca, uint64_t max_memory, char *err, size_t err_len);

#endif
