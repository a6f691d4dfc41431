/* Classes of failures, recognised from an implementation's messages.
 * The tables in classify.c are the one place that knows our VM's and
 * loader's message texts; adapters for our command-line tools reuse them
 * through `tir-conformance --classify`. */
#ifndef CONF_CLASSIFY_H
#define CONF_CLASSIFY_H

#include <stdbool.h>

typedef enum {
    CLASS_TRAP,      /* runtime errors: division_by_zero, out_of_bounds, ... */
    CLASS_INVALID,   /* compile-time rejections: syntax, script, type, unsupported */
    CLASS_MALFORMED, /* .tirbc rejections: truncated, bad_magic, version, malformed, verify */
} conf_class_kind;

/* The class a message belongs to.  For CLASS_INVALID only "unsupported" can
 * be told from the text; anything else is "unknown". */
const char *conf_classify(conf_class_kind kind, const char *message);
/* Is `cls` one of the class names of this kind (not counting "unknown")? */
bool conf_class_valid(conf_class_kind kind, const char *cls);
/* The valid names, separated by '|', for messages. */
const char *conf_class_names(conf_class_kind kind);
/* "trap", "invalid", "malformed" -> kind; false if none. */
bool conf_class_kind_parse(const char *s, conf_class_kind *out);

#endif
