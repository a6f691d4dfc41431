/* "Did you mean" suggestions for misspelled names: a variable or buffer, a
 * T.* function, a keyword argument, a buffer attribute.  The nearest known
 * name by edit distance is suggested when it is close enough to be a
 * likely misspelling, by CPython's rule (Python/suggestions.c, 3.12): an
 * insertion, deletion or substitution costs 2, a change of case only 1,
 * and a candidate qualifies when its distance is at most
 * (len(name) + len(candidate) + 3) * 2 / 6. */
#include <stdio.h>
#include <string.h>

#include "script_internal.h"

enum { MOVE_COST = 2, CASE_COST = 1, MAX_NAME = 40 };

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

static size_t substitution_cost(char a, char b)
{
    if (a == b)
        return 0;
    return lower(a) == lower(b) ? CASE_COST : MOVE_COST;
}

/* Levenshtein distance with those costs; more than max_cost when it is
 * known to exceed it. */
static size_t distance(const char *a, size_t na, const char *b, size_t nb, size_t max_cost)
{
    while (na && nb && a[0] == b[0]) /* the common prefix and suffix cost nothing */
        a++, b++, na--, nb--;
    while (na && nb && a[na - 1] == b[nb - 1])
        na--, nb--;
    if (na == 0 || nb == 0)
        return (na + nb) * MOVE_COST;
    if (na > MAX_NAME || nb > MAX_NAME)
        return max_cost + 1;
    size_t row[MAX_NAME + 1];
    for (size_t j = 0; j <= nb; j++)
        row[j] = j * MOVE_COST;
    for (size_t i = 1; i <= na; i++) {
        size_t diag = row[0], best = row[0] = i * MOVE_COST;
        for (size_t j = 1; j <= nb; j++) {
            size_t sub = diag + substitution_cost(a[i - 1], b[j - 1]);
            size_t del = row[j] + MOVE_COST, ins = row[j - 1] + MOVE_COST;
            diag = row[j];
            row[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
            if (row[j] < best)
                best = row[j];
        }
        if (best > max_cost)
            return max_cost + 1;
    }
    return row[nb];
}

const char *sb_nearest(const char *name, const char *const *candidates, size_t n)
{
    const char *best = NULL;
    size_t best_cost = (size_t)-1, nl = strlen(name);
    for (size_t i = 0; i < n; i++) {
        const char *c = candidates[i];
        if (!c || strcmp(c, name) == 0)
            continue;
        size_t cl = strlen(c);
        size_t max_cost = (nl + cl + 3) * MOVE_COST / 6;
        if (best && best_cost - 1 < max_cost)
            max_cost = best_cost - 1; /* only a closer one can win */
        size_t d = distance(name, nl, c, cl, max_cost);
        if (d <= max_cost) {
            best = c;
            best_cost = d;
        }
    }
    return best;
}

/* "; did you mean 'PREFIXbest'?" or "" */
static const char *hint_text(builder *b, const char *prefix, const char *best)
{
    if (!best)
        return "";
    char *s = tir_arena_alloc(b->a, strlen(prefix) + strlen(best) + 24);
    sprintf(s, "; did you mean '%s%s'?", prefix, best);
    return s;
}

const char *sb_name_hint(builder *b, const char *name)
{
    tir_vec names = {0};
    /* the names the code sees: its bindings (up to a hygienic macro's
     * start), the module's globals and -D constants, the dialect aliases */
    for (binding *x = b->scope; x && x->kind != BIND_BARRIER; x = x->next)
        if (x->name[0] != '(')
            tir_vec_push(b->a, &names, (void *)x->name);
    for (uint32_t i = 0; i < b->nvisible && i < b->globals.len; i++)
        tir_vec_push(b->a, &names, (void *)((module_global *)b->globals.items[i])->name);
    for (uint32_t i = 0; i < b->ndefines; i++)
        tir_vec_push(b->a, &names, (void *)b->defines[i].name);
    const char *fixed[] = {b->t_alias, b->i_alias, b->class_name, "range"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (fixed[i])
            tir_vec_push(b->a, &names, (void *)fixed[i]);
    return hint_text(b, "", sb_nearest(name, (const char *const *)names.items, names.len));
}

const char *sb_kwarg_hint(builder *b, const char *kw, const char *const *accepted)
{
    size_t n = 0;
    while (accepted[n])
        n++;
    return hint_text(b, "", sb_nearest(kw, accepted, n));
}

const char *sb_t_hint(builder *b, const char *name, const char *const *candidates, size_t n)
{
    const char *alias = b->t_alias ? b->t_alias : "T";
    char *prefix = tir_arena_alloc(b->a, strlen(alias) + 2);
    sprintf(prefix, "%s.", alias);
    return hint_text(b, prefix, sb_nearest(name, candidates, n));
}
