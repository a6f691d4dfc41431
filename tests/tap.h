/* A minimal unit-test harness: each test program runs its cases, prints one
 * "ok"/"not ok" line per case (TAP) and exits non-zero if any case failed. */
#ifndef TIR_TEST_TAP_H
#define TIR_TEST_TAP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures_in_case;
static int check_cases_run, check_cases_failed;
static const char *check_skip_reason __attribute__((unused));

/* Ends the case as skipped (TAP "# SKIP"): for optional input that is not
 * there, so that a missing corpus shows as skipped rather than as passed. */
#define SKIP(reason)                                                                   \
    do {                                                                               \
        check_skip_reason = (reason);                                                  \
        return;                                                                        \
    } while (0)

#define CHECK(cond)                                                                    \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            printf("#   %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);        \
            check_failures_in_case++;                                                  \
        }                                                                              \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                             \
    do {                                                                               \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);               \
        if (check_a_ != check_b_) {                                                    \
            printf("#   %s:%d: %s == %s failed: %lld != %lld\n", __FILE__, __LINE__,    \
                   #a, #b, check_a_, check_b_);                                        \
            check_failures_in_case++;                                                  \
        }                                                                              \
    } while (0)

#define CHECK_STR_CONTAINS(hay, needle)                                                \
    do {                                                                               \
        const char *check_h_ = (hay);                                                  \
        if (!check_h_ || !strstr(check_h_, (needle))) {                                \
            printf("#   %s:%d: expected \"%s\" in: %s\n", __FILE__, __LINE__, (needle), \
                   check_h_ ? check_h_ : "(null)");                                    \
            check_failures_in_case++;                                                  \
        }                                                                              \
    } while (0)

#define RUN(test_fn)                                                                   \
    do {                                                                               \
        check_failures_in_case = 0;                                                    \
        check_skip_reason = NULL;                                                      \
        test_fn();                                                                     \
        check_cases_run++;                                                             \
        if (check_failures_in_case) {                                                  \
            check_cases_failed++;                                                      \
            printf("not ok %d - %s\n", check_cases_run, #test_fn);                     \
        } else if (check_skip_reason) {                                                \
            printf("ok %d - %s # SKIP %s\n", check_cases_run, #test_fn, check_skip_reason); \
        } else {                                                                       \
            printf("ok %d - %s\n", check_cases_run, #test_fn);                         \
        }                                                                              \
    } while (0)

#define CHECK_DONE()                                                                   \
    do {                                                                               \
        printf("1..%d\n", check_cases_run);                                            \
        return check_cases_failed ? 1 : 0;                                             \
    } while (0)

#endif
