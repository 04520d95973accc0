/* ga/schemes/brood.c — the schemes of a brood apart from the parents: lambda's setting and rule, the brood bred and checked, the survival of the best N. */
#include "ga/schemes/brood.h"

#include <string.h>

#include "ga/breed.h"
#include "ga/run_fault.h"
#include "ga/select.h"

bool brood_read_lambda(struct ga_cfg *cfg, config_setting_t *v, long long lambda, struct ga_params *p)
{
    bool ok = !v || ga_cfg_int(cfg, v, "lambda", lambda, 1, PARAMS_MAX_POPULATION, &lambda);
    p->lambda = (size_t)lambda;
    return ok;
}

bool brood_check_lambda(const struct ga_params *p, const char *setting, struct params_fault *f)
{
    if (p->lambda < 1)
        return params_broken(f, setting, "the scheme needs lambda >= 1 children");
    return true;
}

bool brood_check_domination(const struct ga_params *p, const char *title, size_t k, struct params_fault *f)
{
    if (k && p->constraints == GA_CONSTRAINTS_PENALTY)
        return params_broken(f, "ga.constraints.name", "%s ranks by constrained domination: \"deb\" or "
                                                       "\"epsilon\", not \"penalty\"", title);
    return true;
}

bool brood_check_front_population(const struct ga_params *p, const char *title, struct params_fault *f)
{
    if (p->population < BROOD_FRONT_POPULATION)
        return params_broken(f, "ga.population", "%s needs a population of at least %d (a front's crowding or "
                             "niching ranks its inner members, and each tournament draws two pairs), got %zu",
                             title, BROOD_FRONT_POPULATION, p->population);
    return true;
}

size_t brood_lambda(const struct ga_params *p)
{
    return p->lambda;
}

unsigned long long brood_breed(struct ga_run *run, size_t first, size_t last)
{
    size_t lambda = run->params.lambda;
    for (size_t k = first; k < last; k++)
        breed_prepare(run, k);
    struct breed_brood brood = {run->brood, run->brood_fitness, lambda, 0, 0, 0};
    return breed_islands(run, first, last, (lambda + 1) / 2, &brood);
}

void brood_scan(struct ga_run *run, size_t first, size_t last)
{
    size_t lambda = run->params.lambda;
    run_fault_scan(run, first * lambda, run->brood_fitness, first * lambda, last * lambda,
                   run->brood + first * lambda * run->stride);
}

/* A key's index orders the ties: with the child first the children take
 * indices 0 .. lambda - 1 and the parents come after. */
void brood_survive(struct ga_run *run, size_t k, bool parents, bool child_first)
{
    const struct ga_params *p = &run->params;
    size_t n = p->population, lambda = p->lambda, stride = run->stride, m = 0;
    struct ga_select_key *keys = run->survivor_keys + k * (n + lambda);
    size_t parent_at = child_first ? lambda : 0;
    size_t child_at = parent_at ? 0 : n;
    for (size_t i = 0; parents && i < n; i++)
        keys[m++] = (struct ga_select_key){run->fitness[k * n + i], parent_at + i};
    for (size_t j = 0; j < lambda; j++)
        keys[m++] = (struct ga_select_key){run->brood_fitness[k * lambda + j], child_at + j};
    ga_select_sort(keys, m);
    for (size_t s = 0; s < n; s++) {
        size_t i = keys[s].index;
        bool child = i - child_at < lambda; /* unsigned: an index below child_at wraps above lambda */
        const ga_gene *from = child ? run->brood + (k * lambda + i - child_at) * stride
                                    : run->genes + (k * n + i - parent_at) * stride;
        memcpy(run->next_genes + (k * n + s) * stride, from, run->copy * sizeof *from);
        run->next_fitness[k * n + s] = keys[s].fitness;
    }
}
