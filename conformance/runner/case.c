#include "case.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "util.h"

/* ---- features.txt --------------------------------------------------- */

static bool tag_char(char c) { return islower((unsigned char)c) || isdigit((unsigned char)c) || c == '_' || c == '.'; }

int conf_features_load(const char *path, conf_features *ft, char *err, size_t err_len)
{
    memset(ft, 0, sizeof *ft);
    size_t len, cap = 0;
    char *text = conf_read_file(path, &len, err, err_len);
    if (!text)
        return -1;
    int lineno = 0;
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        char *s = conf_trim(line);
        if (!*s || *s == '#')
            continue;
        size_t n = 0;
        while (tag_char(s[n]))
            n++;
        if (!n || (s[n] && s[n] != ' ' && s[n] != '\t')) {
            snprintf(err, err_len, "%s:%d: a line is a tag ([a-z0-9_.]) and its description", path, lineno);
            goto fail;
        }
        char *tag = xstrndup(s, n);
        if (conf_features_has(ft, tag)) {
            snprintf(err, err_len, "%s:%d: tag '%s' listed twice", path, lineno, tag);
            free(tag);
            goto fail;
        }
        xgrow(&ft->tags, &cap, ft->n + 1, sizeof *ft->tags);
        ft->tags[ft->n++] = tag;
    }
    free(text);
    return 0;
fail:
    free(text);
    conf_features_free(ft);
    return -1;
}

bool conf_features_has(const conf_features *ft, const char *tag)
{
    for (size_t i = 0; i < ft->n; i++)
        if (strcmp(ft->tags[i], tag) == 0)
            return true;
    return false;
}

void conf_features_free(conf_features *ft)
{
    for (size_t i = 0; i < ft->n; i++)
        free(ft->tags[i]);
    free(ft->tags);
    memset(ft, 0, sizeof *ft);
}

/* ---- front matter --------------------------------------------------- */

typedef struct {
    char *key;   /* "spec", "arg", "assert_return", ... */
    char *name;  /* for "arg NAME" and "assert_return NAME" */
    char *value; /* continuation lines joined with a space */
    int line;
} fm_entry;

typedef struct {
    conf_case *c;
    fm_entry *e;
    size_t n, cap;
} parser;

static void set_error(conf_case *c, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_error(conf_case *c, int line, const char *fmt, ...)
{
    if (c->error)
        return; /* the first problem is the one to fix first */
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sbuf b = {0};
    if (line > 0)
        sb_printf(&b, "%s:%d: %s", c->relpath ? c->relpath : "?", line, msg);
    else
        sb_printf(&b, "%s: %s", c->relpath ? c->relpath : "?", msg);
    c->error = b.s;
}

static bool is_ident(const char *s)
{
    if (!*s || !(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return false;
    return true;
}

static bool is_id(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '.' || *s == '-'))
            return false;
    return true;
}

static void skip_blanks(const char **p)
{
    while (**p == ' ' || **p == '\t')
        (*p)++;
}

/* Splits the block between the two "# ---" lines into entries. */
static bool collect(parser *ps, const char *text, size_t len)
{
    conf_case *c = ps->c;
    size_t pos = 0;
    int lineno = 0;
    bool opened = false, closed = false;
    fm_entry *last = NULL;
    while (pos < len && !closed) {
        size_t eol = pos;
        while (eol < len && text[eol] != '\n')
            eol++;
        char *line = xstrndup(text + pos, eol - pos);
        pos = eol + 1;
        lineno++;
        char *t = conf_trim(line);
        if (!opened) {
            if (!*t) {
                free(line);
                continue;
            }
            if (strcmp(t, "# ---") != 0) {
                set_error(c, lineno, "a case begins with a front-matter block: a line '# ---'");
                free(line);
                return false;
            }
            opened = true;
            free(line);
            continue;
        }
        if (strcmp(t, "# ---") == 0) {
            closed = true;
            free(line);
            break;
        }
        if (*t != '#') {
            set_error(c, lineno, "front-matter lines begin with '#' (is the closing '# ---' missing?)");
            free(line);
            return false;
        }
        /* after '#': one space then "key: value"; more indentation continues */
        const char *body = t + 1;
        size_t indent = strspn(body, " \t");
        const char *content = body + indent;
        if (!*content) {
            free(line);
            continue;
        }
        if (indent > 1) {
            if (!last) {
                set_error(c, lineno, "a continuation line with nothing before it");
                free(line);
                return false;
            }
            size_t ol = strlen(last->value), cl = strlen(content);
            last->value = xrealloc(last->value, ol + cl + 2);
            if (ol)
                last->value[ol++] = ' ';
            memcpy(last->value + ol, content, cl + 1);
            free(line);
            continue;
        }
        const char *colon = strchr(content, ':');
        if (!colon) {
            set_error(c, lineno, "expected 'key: value', got '%.60s'", content);
            free(line);
            return false;
        }
        char *headbuf = xstrndup(content, (size_t)(colon - content));
        char *head = conf_trim(headbuf);
        fm_entry e = {0};
        e.line = lineno;
        char *sp = strpbrk(head, " \t");
        if (sp) {
            *sp = 0;
            char *nm = conf_trim(sp + 1);
            e.name = xstrdup(nm);
        }
        e.key = xstrdup(head);
        free(headbuf);
        char *val = xstrdup(colon + 1);
        e.value = xstrdup(conf_trim(val));
        free(val);
        xgrow(&ps->e, &ps->cap, ps->n + 1, sizeof *ps->e);
        ps->e[ps->n++] = e;
        last = &ps->e[ps->n - 1];
        free(line);
    }
    if (!opened) {
        set_error(c, 0, "empty file: a case begins with a front-matter block '# ---'");
        return false;
    }
    if (!closed) {
        set_error(c, 0, "the front-matter block is not closed by a line '# ---'");
        return false;
    }
    return true;
}

/* Parses "[tag, tag, ...]". */
static void parse_features(parser *ps, const fm_entry *e, const conf_features *ft)
{
    conf_case *c = ps->c;
    const char *s = e->value;
    size_t cap = 0;
    skip_blanks(&s);
    if (*s != '[') {
        set_error(c, e->line, "features: expected a list '[tag, tag, ...]'");
        return;
    }
    s++;
    for (;;) {
        skip_blanks(&s);
        if (*s == ']')
            break;
        size_t n = 0;
        while (s[n] && s[n] != ',' && s[n] != ']' && s[n] != ' ' && s[n] != '\t')
            n++;
        if (!n) {
            set_error(c, e->line, "features: expected a tag at '%.20s'", s);
            return;
        }
        char *tag = xstrndup(s, n);
        s += n;
        if (ft && !conf_features_has(ft, tag)) {
            set_error(c, e->line, "feature '%s' is not listed in features.txt", tag);
            free(tag);
            return;
        }
        xgrow(&c->features, &cap, c->nfeatures + 1, sizeof *c->features);
        c->features[c->nfeatures++] = tag;
        skip_blanks(&s);
        if (*s == ',')
            s++;
        else if (*s != ']') {
            set_error(c, e->line, "features: expected ',' or ']' at '%.20s'", s);
            return;
        }
    }
    s++;
    skip_blanks(&s);
    if (*s)
        set_error(c, e->line, "features: unexpected text after the list: '%.20s'", s);
    else if (!c->nfeatures)
        set_error(c, e->line, "features: list at least one tag");
}

/* "[2, 3]" of non-negative integers (strides allow any count check later). */
static bool parse_int_list(const char **p, int64_t *out, int max, int *n)
{
    const char *s = *p;
    skip_blanks(&s);
    if (*s != '[')
        return false;
    s++;
    *n = 0;
    for (;;) {
        skip_blanks(&s);
        if (*s == ']')
            break;
        cval v;
        if (*n >= max || !cv_parse(&s, &v) || v.kind != CV_INT || v.i < 0)
            return false;
        out[(*n)++] = v.i;
        skip_blanks(&s);
        if (*s == ',')
            s++;
        else if (*s != ']')
            return false;
    }
    *p = s + 1;
    return true;
}

static char *resolve_npy(const conf_case *c, const char *rel)
{
    char *dir = conf_dirname(c->path);
    char *p = conf_path_join(dir, rel);
    free(dir);
    return p;
}

/* Values after '=' (or after "NAME:" for checks): a list, npy:PATH, or, if
 * allow_scalar, one literal. */
static bool parse_values(parser *ps, const fm_entry *e, const char **p, bool allow_scalar, cval **vals, size_t *n)
{
    conf_case *c = ps->c;
    char err[256];
    const char *s = *p;
    skip_blanks(&s);
    if (strncmp(s, "npy:", 4) == 0) {
        s += 4;
        size_t pl = strcspn(s, " \t");
        if (!pl) {
            set_error(c, e->line, "npy: needs a path");
            return false;
        }
        char *rel = xstrndup(s, pl);
        s += pl;
        if (rel[0] == '/') {
            set_error(c, e->line, "npy: paths are relative to the case file ('%s')", rel);
            free(rel);
            return false;
        }
        char *path = resolve_npy(c, rel);
        int ndim;
        int64_t shape[32];
        bool ok = cv_read_npy(path, vals, n, &ndim, shape, err, sizeof err);
        if (!ok)
            set_error(c, e->line, "%s", err);
        free(path);
        free(rel);
        *p = s;
        return ok;
    }
    if (*s == '[') {
        if (!cv_parse_list(&s, vals, n, err, sizeof err)) {
            set_error(c, e->line, "%s", err);
            return false;
        }
        *p = s;
        return true;
    }
    cval v;
    if (allow_scalar && cv_parse(&s, &v)) {
        *vals = xmalloc(sizeof v);
        (*vals)[0] = v;
        *n = 1;
        *p = s;
        return true;
    }
    set_error(c, e->line, allow_scalar ? "expected a value, a list '[...]' or npy:PATH at '%.30s'"
                                       : "expected a list '[...]' or npy:PATH at '%.30s'", s);
    return false;
}

/* Every value must be storable in dt (integers in range, no fractions). */
static bool check_storable(parser *ps, const fm_entry *e, tir_dtype dt, const cval *v, size_t n, const char *what)
{
    uint8_t scratch[8];
    char err[128];
    for (size_t i = 0; i < n; i++) {
        if (!cv_store(dt, scratch, v[i], err, sizeof err)) {
            set_error(ps->c, e->line, "%s, value %zu: %s", what, i, err);
            return false;
        }
    }
    return true;
}

static conf_arg *find_arg(conf_case *c, const char *name)
{
    for (size_t i = 0; i < c->nargs; i++)
        if (strcmp(c->args[i].name, name) == 0)
            return &c->args[i];
    return NULL;
}

/* arg NAME: DTYPE = VALUE | DTYPE[SHAPE] [strides=[..]] [byte_offset=N] [= VALUES] */
static void parse_arg(parser *ps, const fm_entry *e, size_t *cap)
{
    conf_case *c = ps->c;
    if (!e->name || !is_ident(e->name)) {
        set_error(c, e->line, "arg: expected 'arg NAME: ...' with NAME an identifier");
        return;
    }
    if (strcmp(e->name, "ret") == 0) {
        set_error(c, e->line, "'ret' is reserved for the return value");
        return;
    }
    if (find_arg(c, e->name)) {
        set_error(c, e->line, "arg '%s' given twice", e->name);
        return;
    }
    conf_arg a = {0};
    a.name = xstrdup(e->name);
    const char *s = e->value;
    skip_blanks(&s);
    size_t dl = strcspn(s, "[ \t=");
    char tn[32];
    if (!dl || !tir_dtype_parse(s, dl, &a.dtype) || !cv_dtype_supported(a.dtype)) {
        set_error(c, e->line, "arg '%s': '%.*s' is not a TIR scalar or vector dtype", a.name, (int)(dl > 30 ? 30 : dl), s);
        goto fail;
    }
    s += dl;
    skip_blanks(&s);
    if (*s == '[') {
        a.is_buffer = true;
        if (!parse_int_list(&s, a.shape, CONF_MAX_DIMS, &a.ndim)) {
            set_error(c, e->line, "arg '%s': the shape is a list of at most %d non-negative integers", a.name,
                      CONF_MAX_DIMS);
            goto fail;
        }
        a.count = 1;
        for (int k = 0; k < a.ndim; k++) {
            if (a.shape[k] > (int64_t)CONF_MAX_ELEMS || a.count * (uint64_t)a.shape[k] > CONF_MAX_ELEMS) {
                set_error(c, e->line, "arg '%s' has more than %llu elements", a.name, (unsigned long long)CONF_MAX_ELEMS);
                goto fail;
            }
            a.count *= (uint64_t)a.shape[k];
        }
        for (;;) {
            skip_blanks(&s);
            if (strncmp(s, "strides=", 8) == 0) {
                s += 8;
                int ns;
                if (a.has_strides || !parse_int_list(&s, a.strides, CONF_MAX_DIMS, &ns) || ns != a.ndim) {
                    set_error(c, e->line, "arg '%s': strides=[...] needs one non-negative stride per dimension", a.name);
                    goto fail;
                }
                a.has_strides = true;
            } else if (strncmp(s, "byte_offset=", 12) == 0) {
                s += 12;
                cval v;
                if (!cv_parse(&s, &v) || v.kind != CV_INT || v.i < 0 || (uint64_t)v.i > CONF_MAX_ELEMS * 8) {
                    set_error(c, e->line, "arg '%s': byte_offset= needs a small non-negative integer", a.name);
                    goto fail;
                }
                a.byte_offset = (uint64_t)v.i;
            } else {
                break;
            }
        }
        /* the view's span must stay within the allocation bound too */
        if (a.has_strides && a.count) {
            uint64_t span = 1;
            for (int k = 0; k < a.ndim; k++) {
                if ((uint64_t)a.strides[k] > CONF_MAX_ELEMS || (uint64_t)(a.shape[k] - 1) * (uint64_t)a.strides[k] > CONF_MAX_ELEMS)
                    span = CONF_MAX_ELEMS + 1;
                else
                    span += (uint64_t)(a.shape[k] - 1) * (uint64_t)a.strides[k];
                if (span > CONF_MAX_ELEMS)
                    break;
            }
            if (span > CONF_MAX_ELEMS) {
                set_error(c, e->line, "arg '%s': the strided view spans more than %llu elements", a.name,
                          (unsigned long long)CONF_MAX_ELEMS);
                goto fail;
            }
        }
        skip_blanks(&s);
        if (*s == '=') {
            s++;
            if (!parse_values(ps, e, &s, false, &a.values, &a.nvalues))
                goto fail;
            uint64_t want = a.count * a.dtype.lanes;
            if (a.nvalues != want) {
                set_error(c, e->line, "arg '%s': %zu values for %llu %s", a.name, a.nvalues, (unsigned long long)want,
                          a.dtype.lanes > 1 ? "lanes" : "elements");
                goto fail;
            }
            if (!check_storable(ps, e, a.dtype, a.values, a.nvalues, a.name))
                goto fail;
        }
    } else {
        if (a.dtype.lanes != 1) {
            set_error(c, e->line, "arg '%s': scalar arguments have one lane (%s)", a.name,
                      tir_dtype_str(a.dtype, tn, sizeof tn));
            goto fail;
        }
        if (*s != '=') {
            set_error(c, e->line, "arg '%s': a scalar needs '= VALUE'; a buffer needs a shape '[...]'", a.name);
            goto fail;
        }
        s++;
        skip_blanks(&s);
        cval v;
        if (!cv_parse(&s, &v)) {
            set_error(c, e->line, "arg '%s': expected a value at '%.30s'", a.name, s);
            goto fail;
        }
        a.values = xmalloc(sizeof v);
        a.values[0] = v;
        a.nvalues = 1;
        if (!check_storable(ps, e, a.dtype, a.values, 1, a.name))
            goto fail;
    }
    skip_blanks(&s);
    if (*s) {
        set_error(c, e->line, "arg '%s': unexpected text '%.30s'", a.name, s);
        goto fail;
    }
    xgrow(&c->args, cap, c->nargs + 1, sizeof *c->args);
    c->args[c->nargs++] = a;
    return;
fail:
    free(a.name);
    free(a.values);
}

static bool parse_tol_number(const char **s, size_t skip, double *out)
{
    *s += skip;
    char *end;
    errno = 0;
    double d = strtod(*s, &end);
    if (end == *s || errno || !isfinite(d) || d < 0 || !(*end == 0 || *end == ' ' || *end == '\t'))
        return false;
    *out = d;
    *s = end;
    return true;
}

/* assert_return NAME: VALUES [rtol=X] [atol=X] [ulps=N] [bits] */
static void parse_check(parser *ps, const fm_entry *e, size_t *cap)
{
    conf_case *c = ps->c;
    if (!e->name || !is_ident(e->name)) {
        set_error(c, e->line, "assert_return: expected 'assert_return NAME: VALUES'");
        return;
    }
    for (size_t i = 0; i < c->nchecks; i++) {
        if (strcmp(c->checks[i].name, e->name) == 0) {
            set_error(c, e->line, "assert_return %s given twice", e->name);
            return;
        }
    }
    conf_check k = {0};
    k.name = xstrdup(e->name);
    bool is_ret = strcmp(k.name, "ret") == 0;
    conf_arg *a = NULL;
    k.arg = -1;
    if (!is_ret) {
        a = find_arg(c, k.name);
        if (!a || !a->is_buffer) {
            set_error(c, e->line, "assert_return %s: no buffer argument '%s' (use 'ret' for the return value)", k.name,
                      k.name);
            goto fail;
        }
        k.arg = (int)(a - c->args);
    }
    const char *s = e->value;
    if (!parse_values(ps, e, &s, is_ret, &k.values, &k.nvalues))
        goto fail;
    for (;;) {
        skip_blanks(&s);
        if (!*s)
            break;
        if (strncmp(s, "rtol=", 5) == 0 && !k.tol.has_rtol) {
            k.tol.has_rtol = parse_tol_number(&s, 5, &k.tol.rtol);
            if (!k.tol.has_rtol)
                break;
        } else if (strncmp(s, "atol=", 5) == 0 && !k.tol.has_atol) {
            k.tol.has_atol = parse_tol_number(&s, 5, &k.tol.atol);
            if (!k.tol.has_atol)
                break;
        } else if (strncmp(s, "ulps=", 5) == 0 && !k.tol.has_ulps) {
            s += 5;
            cval v;
            if (!cv_parse(&s, &v) || v.kind != CV_INT || v.i < 0)
                break;
            k.tol.ulps = (uint64_t)v.i;
            k.tol.has_ulps = true;
        } else if (strncmp(s, "bits", 4) == 0 && (s[4] == 0 || s[4] == ' ' || s[4] == '\t') && !k.tol.bits) {
            k.tol.bits = true;
            s += 4;
        } else {
            break;
        }
    }
    skip_blanks(&s);
    if (*s) {
        set_error(c, e->line, "assert_return %s: unexpected '%.30s' (options: rtol=X atol=X ulps=N bits)", k.name, s);
        goto fail;
    }
    if ((k.tol.has_ulps && (k.tol.has_rtol || k.tol.has_atol)) || (k.tol.bits && (k.tol.has_ulps || k.tol.has_rtol || k.tol.has_atol))) {
        set_error(c, e->line, "assert_return %s: 'bits', 'ulps=' and 'rtol='/'atol=' exclude each other", k.name);
        goto fail;
    }
    if (is_ret) {
        if (k.nvalues != 1) {
            set_error(c, e->line, "assert_return ret: one value");
            goto fail;
        }
    } else {
        uint64_t want = a->count * a->dtype.lanes;
        if (k.nvalues != want) {
            set_error(c, e->line, "assert_return %s: %zu values for %llu %s", k.name, k.nvalues,
                      (unsigned long long)want, a->dtype.lanes > 1 ? "lanes" : "elements");
            goto fail;
        }
        bool is_int = !tir_dt_is_float(a->dtype);
        if (is_int && (k.tol.has_rtol || k.tol.has_ulps || k.tol.bits)) {
            set_error(c, e->line, "assert_return %s: integers compare exactly (only atol= applies)", k.name);
            goto fail;
        }
        if (!k.tol.has_atol && !check_storable(ps, e, a->dtype, k.values, k.nvalues, k.name))
            goto fail;
    }
    xgrow(&c->checks, cap, c->nchecks + 1, sizeof *c->checks);
    c->checks[c->nchecks++] = k;
    return;
fail:
    free(k.name);
    free(k.values);
}

static void set_once(parser *ps, const fm_entry *e, char **field)
{
    if (*field) {
        set_error(ps->c, e->line, "'%s' given twice", e->key);
        return;
    }
    if (e->name) {
        set_error(ps->c, e->line, "'%s %s': unknown key", e->key, e->name);
        return;
    }
    *field = xstrdup(e->value);
}

static void set_expect(parser *ps, const fm_entry *e, conf_expect ex, conf_class_kind kind, bool has_class)
{
    conf_case *c = ps->c;
    if (c->expect != EXPECT_NONE && !(c->expect == EXPECT_RETURN && ex == EXPECT_RETURN)) {
        set_error(c, e->line, "a case has assert_return lines, or one assert_trap, or one assert_invalid (binary "
                              "cases: one assert_malformed or assert_valid)");
        return;
    }
    c->expect = ex;
    if (!has_class)
        return;
    if (!conf_class_valid(kind, e->value)) {
        set_error(c, e->line, "%s: '%s' is not a class (%s)", e->key, e->value, conf_class_names(kind));
        return;
    }
    c->expect_class = xstrdup(e->value);
}

static char *default_id(const char *relpath)
{
    /* relpath is "cases/SECTION/.../NAME.py" or "binary/NAME.tirbc" */
    const char *s = relpath;
    if (strncmp(s, "cases/", 6) == 0)
        s += 6;
    char *id = xstrdup(s);
    char *dot = strrchr(id, '.');
    char *slash = strrchr(id, '/');
    if (dot && (!slash || dot > slash))
        *dot = 0;
    for (char *p = id; *p; p++)
        if (*p == '/')
            *p = '.';
    return id;
}

void conf_case_parse(conf_case *c, const char *text, size_t len, const conf_features *ft)
{
    parser ps = {c, NULL, 0, 0};
    size_t arg_cap = 0, check_cap = 0;
    bool binary = c->type == CASE_BINARY;
    if (collect(&ps, text, len)) {
        char *threads = NULL;
        /* arguments first: checks refer to them wherever they are written */
        for (size_t i = 0; i < ps.n && !c->error; i++)
            if (strcmp(ps.e[i].key, "arg") == 0 && !binary)
                parse_arg(&ps, &ps.e[i], &arg_cap);
        for (size_t i = 0; i < ps.n && !c->error; i++) {
            fm_entry *e = &ps.e[i];
            const char *k = e->key;
            if (strcmp(k, "arg") == 0 && !binary) {
                continue;
            } else if (strcmp(k, "id") == 0) {
                set_once(&ps, e, &c->id);
                if (c->id && !is_id(c->id))
                    set_error(c, e->line, "id: letters, digits, '_', '.', '-' only");
            } else if (strcmp(k, "spec") == 0) {
                set_once(&ps, e, &c->spec);
            } else if (strcmp(k, "description") == 0) {
                set_once(&ps, e, &c->description);
            } else if (strcmp(k, "guillemets") == 0 && !binary) {
                set_once(&ps, e, &c->guillemets);
            } else if (strcmp(k, "entry") == 0 && !binary) {
                set_once(&ps, e, &c->entry);
                if (c->entry && !is_ident(c->entry))
                    set_error(c, e->line, "entry: a function name");
            } else if (strcmp(k, "threads") == 0 && !binary) {
                set_once(&ps, e, &threads);
                if (threads) {
                    char *end;
                    long t = strtol(threads, &end, 10);
                    if (*end || end == threads || t < 1 || t > 1024)
                        set_error(c, e->line, "threads: an integer from 1 to 1024");
                    else
                        c->threads = (int)t;
                }
            } else if (strcmp(k, "features") == 0 && !e->name) {
                if (c->nfeatures)
                    set_error(c, e->line, "'features' given twice");
                else
                    parse_features(&ps, e, ft);
            } else if (strcmp(k, "assert_return") == 0 && !binary) {
                set_expect(&ps, e, EXPECT_RETURN, CLASS_TRAP, false);
                if (!c->error)
                    parse_check(&ps, e, &check_cap);
            } else if (strcmp(k, "assert_trap") == 0 && !binary && !e->name) {
                set_expect(&ps, e, EXPECT_TRAP, CLASS_TRAP, true);
            } else if (strcmp(k, "assert_invalid") == 0 && !binary && !e->name) {
                set_expect(&ps, e, EXPECT_INVALID, CLASS_INVALID, true);
            } else if (strcmp(k, "assert_malformed") == 0 && binary && !e->name) {
                set_expect(&ps, e, EXPECT_MALFORMED, CLASS_MALFORMED, true);
            } else if (strcmp(k, "assert_valid") == 0 && binary && !e->name) {
                if (*e->value && strcmp(e->value, "true") != 0)
                    set_error(c, e->line, "assert_valid: takes no value (or 'true')");
                set_expect(&ps, e, EXPECT_VALID, CLASS_MALFORMED, false);
            } else {
                set_error(c, e->line, "unknown key '%s%s%s'%s", k, e->name ? " " : "", e->name ? e->name : "",
                          binary ? " in a binary case" : "");
            }
        }
        free(threads);
        if (!c->error) {
            if (!c->description || !*c->description)
                set_error(c, 0, "missing 'description'");
            else if (!binary && (!c->spec || !*c->spec))
                set_error(c, 0, "missing 'spec' (the rule: section and item)");
            else if (!binary && !c->nfeatures)
                set_error(c, 0, "missing 'features'");
            else if (c->expect == EXPECT_NONE)
                set_error(c, 0, binary ? "missing 'assert_malformed' or 'assert_valid'"
                                       : "missing an assertion (assert_return, assert_trap or assert_invalid)");
        }
    }
    for (size_t i = 0; i < ps.n; i++) {
        free(ps.e[i].key);
        free(ps.e[i].name);
        free(ps.e[i].value);
    }
    free(ps.e);
    if (!c->id)
        c->id = default_id(c->relpath);
}

void conf_case_free(conf_case *c)
{
    free(c->path);
    free(c->relpath);
    free(c->id);
    free(c->section);
    free(c->spec);
    free(c->description);
    free(c->guillemets);
    free(c->entry);
    for (size_t i = 0; i < c->nfeatures; i++)
        free(c->features[i]);
    free(c->features);
    free(c->expect_class);
    for (size_t i = 0; i < c->nargs; i++) {
        free(c->args[i].name);
        free(c->args[i].values);
    }
    free(c->args);
    for (size_t i = 0; i < c->nchecks; i++) {
        free(c->checks[i].name);
        free(c->checks[i].values);
    }
    free(c->checks);
    free(c->error);
    memset(c, 0, sizeof *c);
}

const char *conf_expect_name(conf_expect e)
{
    switch (e) {
    case EXPECT_NONE: return "none";
    case EXPECT_RETURN: return "assert_return";
    case EXPECT_TRAP: return "assert_trap";
    case EXPECT_INVALID: return "assert_invalid";
    case EXPECT_MALFORMED: return "assert_malformed";
    case EXPECT_VALID: return "assert_valid";
    }
    return "?";
}
