/* ga/schemes/comma.c — scheme "comma", the (mu, lambda) EA: the best N of lambda >= N children alone. */
#include "ga/schemes/brood.h"

static bool comma_read(struct ga_cfg *cfg, config_setting_t *v, struct ga_params *p)
{
    return brood_read_lambda(cfg, v, 2 * (long long)p->population, p);
}

static bool comma_check(const struct ga_params *p, struct params_fault *f)
{
    if (!brood_check_lambda(p, "ga.scheme.comma.lambda", f))
        return false;
    if (p->lambda < p->population)
        return params_broken(f, "ga.scheme.comma.lambda", "(mu, lambda) needs lambda >= mu = %zu (the population), got %zu",
                             p->population, p->lambda);
    return true;
}

static unsigned long long comma_generation(struct ga_run *run, size_t first, size_t last)
{
    unsigned long long evaluations = brood_breed(run, first, last);
    brood_scan(run, first, last);
    for (size_t k = first; k < last; k++)
        brood_survive(run, k, false, false);
    return evaluations;
}

const struct ga_scheme ga_scheme_comma = {
    .name = "comma",
    .summary = "(mu,lambda): the best N of lambda >= N children alone",
    .alone = "the (1, lambda) EA",
    .read = comma_read,
    .check = comma_check,
    .children = brood_lambda,
    .brood = brood_lambda,
    .survivor_keys = true,
    .generation = comma_generation,
};
