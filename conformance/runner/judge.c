/* The verdict: a case's expectation against what the implementation did. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "run.h"
#include "util.h"

#define MAX_REPORTED_MISMATCHES 5

static void fail(conf_result *r, const char *cls, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(conf_result *r, const char *cls, const char *fmt, ...)
{
    r->passed = false;
    conf_copy(r->cls, sizeof r->cls, cls);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
}

static void pass(conf_result *r, const char *note)
{
    r->passed = true;
    r->cls[0] = 0;
    conf_copy(r->msg, sizeof r->msg, note ? note : "");
}

/* "B[1, 2]" (and ".lane" for vector elements) for flat lane index i. */
static void index_name(const conf_arg *a, uint64_t i, char *buf, size_t n)
{
    uint64_t lanes = a->dtype.lanes, e = i / lanes;
    int64_t idx[CONF_MAX_DIMS];
    for (int k = a->ndim; k-- > 0;) {
        idx[k] = a->shape[k] ? (int64_t)(e % (uint64_t)a->shape[k]) : 0;
        e = a->shape[k] ? e / (uint64_t)a->shape[k] : 0;
    }
    sbuf b = {0};
    sb_printf(&b, "%s[", a->name);
    for (int k = 0; k < a->ndim; k++)
        sb_printf(&b, "%s%lld", k ? ", " : "", (long long)idx[k]);
    sb_puts(&b, "]");
    if (lanes > 1)
        sb_printf(&b, ".%llu", (unsigned long long)(i % lanes));
    conf_copy(buf, n, b.s);
    sb_free(&b);
}

static void judge_values(const conf_case *c, const conf_outcome *o, conf_result *r)
{
    sbuf msg = {0};
    size_t failures = 0;
    char why[160], where[128];
    for (size_t k = 0; k < c->nchecks; k++) {
        const conf_check *ck = &c->checks[k];
        if (ck->arg < 0) {
            if (!o->has_ret) {
                if (!failures++)
                    sb_puts(&msg, "the function returned no value");
                else
                    sb_puts(&msg, "\nret: the function returned no value");
                continue;
            }
            if (!cv_check(o->ret_dtype, o->ret, ck->values[0], &ck->tol, why, sizeof why)) {
                char tn[32];
                sb_printf(&msg, "%sret (%s): %s", failures++ ? "\n" : "", tir_dtype_str(o->ret_dtype, tn, sizeof tn), why);
            }
            continue;
        }
        const conf_arg *a = &c->args[ck->arg];
        const uint8_t *got = o->outputs ? o->outputs[ck->arg] : NULL;
        if (!got) {
            sb_printf(&msg, "%s%s: no output was produced for it", failures++ ? "\n" : "", a->name);
            continue;
        }
        size_t ls = cv_lane_size(a->dtype);
        size_t bad = 0;
        for (size_t i = 0; i < ck->nvalues; i++) {
            if (cv_check(a->dtype, got + i * ls, ck->values[i], &ck->tol, why, sizeof why))
                continue;
            if (bad++ < MAX_REPORTED_MISMATCHES) {
                index_name(a, i, where, sizeof where);
                sb_printf(&msg, "%s%s: %s", failures ? "\n" : "", where, why);
                failures++;
            }
        }
        if (bad > MAX_REPORTED_MISMATCHES)
            sb_printf(&msg, "\n%s: %zu of %zu values differ", a->name, bad, ck->nvalues);
    }
    if (failures) {
        fail(r, "wrong_value", "%s", msg.s);
    } else if (o->violation[0]) {
        fail(r, "wrote_outside", "%s", o->violation);
    } else {
        pass(r, NULL);
    }
    sb_free(&msg);
}

/* An implementation that cannot tell classes apart says "unknown": that
 * satisfies any expected class of the kind, and the pass says so. */
static bool class_matches(const char *want, const char *got, conf_result *r)
{
    if (strcmp(want, got) == 0) {
        pass(r, NULL);
        return true;
    }
    if (strcmp(got, "unknown") == 0) {
        pass(r, "class not checked: the implementation reported 'unknown'");
        return true;
    }
    return false;
}

void conf_judge(const conf_case *c, const conf_outcome *o, conf_result *r)
{
    char cls[64];
    const char *m = o->msg;
    if (o->kind == OUT_ERROR) {
        fail(r, o->cls, "%s", m);
        return;
    }
    switch (c->expect) {
    case EXPECT_RETURN:
    case EXPECT_TRAP:
        if (o->kind == OUT_REJECTED) {
            snprintf(cls, sizeof cls, "rejected:%s", o->cls);
            fail(r, cls, "the program was rejected (%s): %s", o->cls, m);
        } else if (o->kind == OUT_LOAD_FAILED) {
            snprintf(cls, sizeof cls, "load:%s", o->cls);
            fail(r, cls, "the compiled module did not load (%s): %s", o->cls, m);
        } else if (o->kind == OUT_TRAPPED) {
            if (c->expect == EXPECT_TRAP && class_matches(c->expect_class, o->cls, r))
                return;
            snprintf(cls, sizeof cls, "trap:%s", o->cls);
            if (c->expect == EXPECT_TRAP)
                fail(r, cls, "expected a trap of class %s, got %s: %s", c->expect_class, o->cls, m);
            else
                fail(r, cls, "runtime error (%s): %s", o->cls, m);
        } else if (o->kind == OUT_RAN) {
            if (c->expect == EXPECT_TRAP)
                fail(r, "no_trap", "expected a trap of class %s, but the call returned normally", c->expect_class);
            else
                judge_values(c, o, r);
        } else {
            fail(r, "internal", "unexpected outcome for a source case");
        }
        return;
    case EXPECT_INVALID:
        if (o->kind == OUT_REJECTED) {
            if (class_matches(c->expect_class, o->cls, r))
                return;
            snprintf(cls, sizeof cls, "rejected:%s", o->cls);
            fail(r, cls, "expected a compile error of class %s, got %s: %s", c->expect_class, o->cls, m);
        } else {
            fail(r, "accepted", "expected a compile error of class %s, but the program compiled", c->expect_class);
        }
        return;
    case EXPECT_MALFORMED:
        if (o->kind == OUT_LOAD_FAILED) {
            if (class_matches(c->expect_class, o->cls, r))
                return;
            snprintf(cls, sizeof cls, "malformed:%s", o->cls);
            fail(r, cls, "expected a load error of class %s, got %s: %s", c->expect_class, o->cls, m);
        } else {
            fail(r, "loaded", "expected a load error of class %s, but the module loaded", c->expect_class);
        }
        return;
    case EXPECT_VALID:
        if (o->kind == OUT_LOADED) {
            pass(r, NULL);
        } else {
            snprintf(cls, sizeof cls, "load:%s", o->kind == OUT_LOAD_FAILED ? o->cls : "?");
            fail(r, cls, "the module did not load: %s", m);
        }
        return;
    case EXPECT_NONE:
        break;
    }
    fail(r, "bad_case", "the case states no expectation");
}
