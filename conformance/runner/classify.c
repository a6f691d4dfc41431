#include "classify.h"

#include <string.h>

typedef struct {
    const char *text; /* a fragment of the message */
    const char *cls;
} conf_pattern;

/* Runtime errors of vm/interp.c, vm/bind.c and vm/vm.c.  The class is that
 * of the fragment found earliest in the message, so text a program chose
 * (an assert message, which follows "assertion failed:") cannot change it. */
static const conf_pattern trap_patterns[] = {
    {"integer division by zero", "division_by_zero"},
    {"integer modulo by zero", "division_by_zero"},
    {"out-of-bounds", "out_of_bounds"},
    {"is out of bounds for dimension", "out_of_bounds"},
    {"assertion failed:", "assertion_failed"},
    {"call depth exceeds", "call_depth"},
    {"argument '", "argument_mismatch"},
    {"arguments '", "argument_mismatch"},
    {" arguments, got ", "argument_mismatch"},
};

/* Loader messages of format/reader.c; whatever else stops a load is the
 * verifier's. */
static const conf_pattern malformed_patterns[] = {
    {"truncated .tirbc file", "truncated"},
    {"(bad magic)", "bad_magic"},
    {"unsupported .tirbc format version", "version"},
    {"invalid .tirbc file", "malformed"},
};

static const char *const trap_classes[] = {"division_by_zero", "out_of_bounds", "assertion_failed",
                                           "call_depth", "argument_mismatch", "other", NULL};
static const char *const invalid_classes[] = {"syntax", "script", "type", "unsupported", NULL};
static const char *const malformed_classes[] = {"truncated", "bad_magic", "version", "malformed", "verify", NULL};

static const char *earliest(const conf_pattern *pats, size_t n, const char *msg, const char *fallback)
{
    const char *best = NULL, *cls = fallback;
    for (size_t i = 0; i < n; i++) {
        const char *at = strstr(msg, pats[i].text);
        if (at && (!best || at < best)) {
            best = at;
            cls = pats[i].cls;
        }
    }
    return cls;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

const char *conf_classify(conf_class_kind kind, const char *message)
{
    const char *msg = message ? message : "";
    switch (kind) {
    case CLASS_TRAP: return earliest(trap_patterns, N(trap_patterns), msg, "other");
    case CLASS_MALFORMED: return earliest(malformed_patterns, N(malformed_patterns), msg, "verify");
    case CLASS_INVALID: {
        /* tirc's diagnostics show only "unsupported" (compile.h's error_class
         * is exact, but needs the library); the first error decides, as there */
        const char *e = strstr(msg, ": error: ");
        return e && strncmp(e + 9, "unsupported", 11) == 0 ? "unsupported" : "unknown";
    }
    }
    return "unknown";
}

static const char *const *names_of(conf_class_kind kind)
{
    switch (kind) {
    case CLASS_TRAP: return trap_classes;
    case CLASS_INVALID: return invalid_classes;
    case CLASS_MALFORMED: return malformed_classes;
    }
    return invalid_classes;
}

bool conf_class_valid(conf_class_kind kind, const char *cls)
{
    for (const char *const *p = names_of(kind); *p; p++)
        if (strcmp(*p, cls) == 0)
            return true;
    return false;
}

const char *conf_class_names(conf_class_kind kind)
{
    switch (kind) {
    case CLASS_TRAP: return "division_by_zero|out_of_bounds|assertion_failed|call_depth|argument_mismatch|other";
    case CLASS_INVALID: return "syntax|script|type|unsupported";
    case CLASS_MALFORMED: return "truncated|bad_magic|version|malformed|verify";
    }
    return "";
}

bool conf_class_kind_parse(const char *s, conf_class_kind *out)
{
    if (strcmp(s, "trap") == 0)
        *out = CLASS_TRAP;
    else if (strcmp(s, "invalid") == 0)
        *out = CLASS_INVALID;
    else if (strcmp(s, "malformed") == 0)
        *out = CLASS_MALFORMED;
    else
        return false;
    return true;
}
