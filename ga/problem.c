/* ga/problem.c — a problem instance: configured and released, its genome's shape, its statistics columns counted and checked. */
#include "gaexp/experiment.h"

#include <stdlib.h>
#include <string.h>

void *ga_problem_configure(const struct ga_problem *p, struct ga_cfg *cfg,
                           config_setting_t *group)
{
    void *state = calloc(1, p->state_size ? p->state_size : 1);
    if (!state) {
        ga_cfg_error(cfg, group, "out of memory");
        return NULL;
    }
    if (!p->configure(state, cfg, group)) {
        ga_problem_release(p, state);
        return NULL;
    }
    return state;
}

void ga_problem_release(const struct ga_problem *p, void *state)
{
    if (state && p->release)
        p->release(state);
    free(state);
}

struct ga_genome ga_problem_genome(const struct ga_problem *p, const void *state)
{
    struct ga_genome gen = {.state = state, .kind = p->kind};
    p->shape(state, &gen.len, &gen.alphabet);
    if (p->kind == GA_KIND_PACKED) { /* the shape counts bits; every 16-bit pattern is a gene */
        gen.bits = gen.len;
        gen.len = GA_PACKED_LEN(gen.bits);
        gen.alphabet = GA_GENE_MAX + 1u;
    }
    ga_problem_bounds_fn bounds = ga_problem_bounds(p);
    if (p->kind == GA_KIND_REAL && bounds)
        bounds(state, &gen.reals, &gen.lower, &gen.upper);
    return gen;
}

size_t ga_problem_column_count(const struct ga_problem *p)
{
    const struct ga_problem_columns *c = ga_problem_columns(p);
    size_t n = 0;
    while (c && c->names && c->names[n])
        n++;
    return n;
}

#define PROBLEM_QUOTE(x) #x
#define PROBLEM_TEXT(x) PROBLEM_QUOTE(x) /* a macro's value as a string literal */

/* True when name is one of GA_STATS_COLUMNS. */
static bool problem_standard_column(const char *name)
{
    size_t len = strlen(name);
    for (const char *c = GA_STATS_COLUMNS; *c; c += strcspn(c, ","), c += *c == ',')
        if (strncmp(c, name, len) == 0 && (c[len] == ',' || c[len] == '\0'))
            return true;
    return false;
}

const char *ga_problem_columns_check(const struct ga_problem *p, size_t *bad)
{
    const struct ga_problem_columns *c = ga_problem_columns(p);
    size_t n = ga_problem_column_count(p);
    *bad = n;
    if (c && !n)
        return "a measure hook without columns";
    if (c && !c->measure)
        return "columns without a measure hook";
    for (size_t i = 0; i < n; i++) {
        const char *name = c->names[i];
        *bad = i;
        if (i >= GA_STATS_PROBLEM_MAX)
            return "one column too many (at most " PROBLEM_TEXT(GA_STATS_PROBLEM_MAX) ")";
        size_t len = strlen(name);
        if (len < 1 || len > 31 || strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") != len)
            return "not 1 to 31 characters from a-z, 0-9 and '_'";
        if (problem_standard_column(name))
            return "clashes with a standard column of generations.csv";
        for (size_t j = 0; j < i; j++)
            if (strcmp(c->names[j], name) == 0)
                return "declared twice";
    }
    return NULL;
}
