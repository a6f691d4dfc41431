/* Running one case: against the linked compiler and VM (local.c) or through
 * an adapter command (adapter.c).  Both describe what happened as an
 * outcome; judge.c compares it with what the case expects. */
#ifndef CONF_RUN_H
#define CONF_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "case.h"

/* What one run produced.  Fixed-size, so a forked child can send it whole. */
typedef struct {
    bool passed;
    char cls[64];   /* failure class ("wrong_value", "trap:out_of_bounds", ...); "" if passed */
    char msg[3072]; /* failure message, its first line a summary; or a note on a pass */
    double ms;      /* wall time of the run */
} conf_result;

typedef enum {
    OUT_RAN,         /* the function returned (or, for assert_invalid, the program compiled) */
    OUT_REJECTED,    /* the compiler rejected the program; cls is its class */
    OUT_LOAD_FAILED, /* the module did not load; cls is the malformed class */
    OUT_TRAPPED,     /* the call failed at run time; cls is the trap class */
    OUT_LOADED,      /* a binary case loaded */
    OUT_ERROR,       /* no verdict: cls is the failure class (bad_case, adapter, ...) */
} conf_outcome_kind;

typedef struct {
    conf_outcome_kind kind;
    char cls[48];
    char msg[2048];
    /* OUT_RAN: per case argument, the buffer's elements after the call in
     * C order, compact (NULL: not available) */
    uint8_t **outputs;
    bool has_ret;
    tir_dtype ret_dtype;
    uint8_t ret[8];
    char violation[256]; /* a write outside an argument's view, if any */
} conf_outcome;

/* Sets r from what c expects and what o says happened. */
void conf_judge(const conf_case *c, const conf_outcome *o, conf_result *r);

void conf_run_local(const conf_case *c, int default_threads, conf_result *r);
/* tmpdir exists and is empty; the caller removes it. */
void conf_run_adapter(const conf_case *c, const char *command_template, int default_threads, const char *tmpdir,
                      conf_result *r);

#endif
