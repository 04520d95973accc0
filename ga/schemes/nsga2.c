/* ga/schemes/nsga2.c — scheme "nsga2", NSGA-II: lambda children, then the best N of all by front and crowding distance under constrained domination. */
#include "ga/schemes/brood.h"

#include "ga/run_mo.h"
#include "ga/select.h"

static bool nsga2_read(struct ga_cfg *cfg, config_setting_t *v, struct ga_params *p)
{
    return brood_read_lambda(cfg, v, (long long)p->population, p);
}

static bool nsga2_check(const struct ga_params *p, struct params_fault *f)
{
    return brood_check_lambda(p, "ga.scheme", f) && brood_check_front_population(p, "NSGA-II", f);
}

static bool nsga2_check_objectives(const struct ga_params *p, const char *problem, size_t m, size_t k,
                                   struct params_fault *f)
{
    (void)problem, (void)m;
    return brood_check_domination(p, "NSGA-II", k, f);
}

/* Island k's next population: the best N of its parents and brood by
 * their keys (run_mo_keys), best first, ties to the earlier in the pool. */
static void nsga2_survive(struct ga_run *run, size_t k)
{
    struct run_mo *mo = run->mo;
    size_t n = run->params.population, pool = n + run->params.lambda;
    if (!run_mo_pool(run, k))
        return;
    struct ga_select_key *keys = run->survivor_keys + k * pool;
    run_mo_keys(mo, pool, mo->value);
    for (size_t i = 0; i < pool; i++)
        keys[i] = (struct ga_select_key){mo->value[i], i};
    ga_select_sort(keys, pool);
    for (size_t s = 0; s < n; s++)
        run_mo_keep(run, k, s, keys[s].index, keys[s].fitness);
}

static unsigned long long nsga2_generation(struct ga_run *run, size_t first, size_t last)
{
    unsigned long long evaluations = brood_breed(run, first, last);
    brood_scan(run, first, last);
    for (size_t k = first; k < last; k++)
        nsga2_survive(run, k);
    return evaluations;
}

const struct ga_scheme ga_scheme_nsga2 = {
    .name = "nsga2",
    .summary = "NSGA-II: lambda children (N by default), then the best N of all by front and crowding distance "
               "(constrained domination)",
    .flags = SCHEME_KEYED,
    .read = nsga2_read,
    .check = nsga2_check,
    .check_objectives = nsga2_check_objectives,
    .children = brood_lambda,
    .brood = brood_lambda,
    .survivor_keys = true,
    .generation = nsga2_generation,
};
