/* ga/schemes/generational.c — scheme "generational": each island's elite, then N - elite children bred from it. */
#include "ga/schemes/schemes.h"

#include <stdlib.h>

#include "ga/breed.h"
#include "ga/select.h"

/* Its one setting: the elite, individuals copied unchanged, 0 <= elite < N. */
enum { GENERATIONAL_ELITE };

static size_t generational_elite(const struct ga_params *p)
{
    return (size_t)p->scheme_settings[GENERATIONAL_ELITE];
}

/* The elite in [0, N - 1], 1 by default (a population of 1 is refused at
 * the scheme: one message). */
static bool generational_read(struct ga_cfg *cfg, config_setting_t *v, struct ga_params *p)
{
    long long n = (long long)p->population, e = n > 1 ? 1 : 0;
    bool ok = !v || ga_cfg_int(cfg, v, "elite", e, 0, n > 1 ? n - 1 : PARAMS_MAX_POPULATION, &e);
    p->lambda = 0;
    p->scheme_settings[GENERATIONAL_ELITE] = (double)e;
    return ok;
}

static bool generational_check(const struct ga_params *p, struct params_fault *f)
{
    if (generational_elite(p) >= p->population)
        return params_broken(f, "ga.scheme.generational.elite", "the elite count must be below the population size, "
                                                                "and only the generational scheme keeps one");
    return true;
}

static size_t generational_children(const struct ga_params *p)
{
    return p->population - generational_elite(p);
}

/* An elite of more than one is ranked: the keys of every island. */
static bool generational_alloc(struct ga_run *run)
{
    if (generational_elite(&run->params) < 2)
        return true;
    return (run->scheme_state = malloc(run->total * sizeof(struct ga_select_key))) != NULL;
}

static void generational_release(struct ga_run *run)
{
    free(run->scheme_state);
}

/* Copies each island's elite (ties: first in population order) into its
 * first slots of the next population. */
static void generational_copy_elite(struct ga_run *run)
{
    size_t n = run->params.population, stride = run->stride, e = generational_elite(&run->params);
    if (e == 0)
        return;
    if (e == 1 && run->params.islands == 1) { /* the best is known */
        breed_copy_individual(run, run->next_genes, run->next_fitness, run->stats.best_index);
        return;
    }
    if (e == 1) { /* each island's first best: a scan, not a sort */
        for (size_t base = 0; base < run->total; base += n) {
            size_t best = base;
            for (size_t i = base + 1; i < base + n; i++)
                best = run->fitness[i] < run->fitness[best] ? i : best;
            breed_copy_individual(run, run->next_genes + base * stride, run->next_fitness + base, best);
        }
        return;
    }
    struct ga_select_key *keys = run->scheme_state;
    for (size_t base = 0; base < run->total; base += n) {
        ga_select_rank(run->fitness + base, n, base, keys + base);
        for (size_t k = 0; k < e; k++)
            breed_copy_individual(run, run->next_genes + (base + k) * stride, run->next_fitness + base + k,
                                  keys[base + k].index);
    }
}

static unsigned long long generational_generation(struct ga_run *run, size_t first, size_t last)
{
    size_t n = run->params.population, e = generational_elite(&run->params);
    for (size_t k = first; k < last; k++)
        breed_prepare(run, k);
    generational_copy_elite(run);
    struct breed_brood brood = {run->next_genes, run->next_fitness, n, e, 0, 0};
    return breed_islands(run, first, last, (n - e + 1) / 2, &brood);
}

static const struct scheme_moved generational_moved[] = {
    {"selection", "elite", "scheme = { name = \"generational\"; generational = { elite = 1; }; }"},
    {NULL, NULL, NULL},
};

const struct ga_scheme ga_scheme_generational = {
    .name = "generational",
    .summary = "the elite (ga.scheme.generational.elite in [0, N-1]), then N - elite children",
    .flags = SCHEME_NEEDS_TWO,
    .moved = generational_moved,
    .settings = {"elite"},
    .read = generational_read,
    .check = generational_check,
    .children = generational_children,
    .alloc = generational_alloc,
    .release = generational_release,
    .generation = generational_generation,
};
