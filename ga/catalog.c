/* ga/catalog.c — lookups over a catalogue: a problem, the operators a problem may use, a selection, by name. */
#include "gaexp/experiment.h"

#include <string.h>

/* The most operators a problem may choose among in one family. */
#define CATALOG_MAX_OPS 64

const struct ga_problem *ga_catalog_problem(const struct ga_catalog *cat, const char *name)
{
    for (const struct ga_problem *const *p = cat->problems; *p; p++)
        if (strcmp((*p)->name, name) == 0)
            return *p;
    return NULL;
}

/* Operators a problem may use: its own list, then generic ones serving its kind. */
size_t ga_catalog_crossovers(const struct ga_catalog *cat, const struct ga_problem *p,
                             const struct ga_crossover **out, size_t max)
{
    size_t n = 0;
    for (const struct ga_crossover *const *o = ga_problem_crossovers(p); o && *o; o++, n++)
        if (n < max)
            out[n] = *o;
    for (const struct ga_crossover *const *o = cat->crossovers; *o; o++)
        if (((*o)->kinds & p->kind) && n++ < max)
            out[n - 1] = *o;
    return n;
}

size_t ga_catalog_mutations(const struct ga_catalog *cat, const struct ga_problem *p,
                            const struct ga_mutation **out, size_t max)
{
    size_t n = 0;
    for (const struct ga_mutation *const *o = ga_problem_mutations(p); o && *o; o++, n++)
        if (n < max)
            out[n] = *o;
    for (const struct ga_mutation *const *o = cat->mutations; *o; o++)
        if (((*o)->kinds & p->kind) && n++ < max)
            out[n - 1] = *o;
    return n;
}

const struct ga_crossover *ga_catalog_crossover(const struct ga_catalog *cat,
                                                const struct ga_problem *p, const char *name)
{
    const struct ga_crossover *ops[CATALOG_MAX_OPS];
    const struct ga_crossover *const *all = cat->crossovers;
    size_t n = 0;
    if (p) {
        n = ga_catalog_crossovers(cat, p, ops, CATALOG_MAX_OPS);
        n = n < CATALOG_MAX_OPS ? n : CATALOG_MAX_OPS;
    }
    for (size_t i = 0; p ? i < n : all[i] != NULL; i++)
        if (strcmp((p ? ops[i] : all[i])->name, name) == 0)
            return p ? ops[i] : all[i];
    return NULL;
}

const struct ga_mutation *ga_catalog_mutation(const struct ga_catalog *cat,
                                              const struct ga_problem *p, const char *name)
{
    const struct ga_mutation *ops[CATALOG_MAX_OPS];
    const struct ga_mutation *const *all = cat->mutations;
    size_t n = 0;
    if (p) {
        n = ga_catalog_mutations(cat, p, ops, CATALOG_MAX_OPS);
        n = n < CATALOG_MAX_OPS ? n : CATALOG_MAX_OPS;
    }
    for (size_t i = 0; p ? i < n : all[i] != NULL; i++)
        if (strcmp((p ? ops[i] : all[i])->name, name) == 0)
            return p ? ops[i] : all[i];
    return NULL;
}

const struct ga_selection *ga_catalog_selection(const struct ga_catalog *cat, const char *name)
{
    for (const struct ga_selection *const *s = cat->selections; s && *s; s++)
        if (strcmp((*s)->name, name) == 0)
            return *s;
    return NULL;
}
