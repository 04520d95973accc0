/* ga/schemes/plus.c — scheme "plus", the (mu + lambda) EA: lambda children, then the best N of parents and children. */
#include "ga/schemes/brood.h"

/* Its one setting: who wins a tie of fitness between a parent and a
 * child.  The (1+1) EA of runtime theory takes the child (it accepts
 * f(y) <= f(x)), which lets it drift on a plateau. */
enum { PLUS_TIES };
enum { PLUS_TIES_PARENT, PLUS_TIES_CHILD };

static bool plus_read(struct ga_cfg *cfg, config_setting_t *v, struct ga_params *p)
{
    static const char *const ties[] = {"parent", "child"};
    size_t tie = PLUS_TIES_PARENT;
    bool ok = brood_read_lambda(cfg, v, (long long)p->population, p);
    if (v)
        ok &= ga_cfg_choice(cfg, v, "ties", ties, 2, PLUS_TIES_PARENT, &tie);
    p->scheme_settings[PLUS_TIES] = (double)tie;
    return ok;
}

static bool plus_check(const struct ga_params *p, struct params_fault *f)
{
    return brood_check_lambda(p, "ga.scheme.plus.lambda", f);
}

static unsigned long long plus_generation(struct ga_run *run, size_t first, size_t last)
{
    unsigned long long evaluations = brood_breed(run, first, last);
    brood_scan(run, first, last);
    bool child_first = run->params.scheme_settings[PLUS_TIES] == PLUS_TIES_CHILD;
    for (size_t k = first; k < last; k++)
        brood_survive(run, k, true, child_first);
    return evaluations;
}

const struct ga_scheme ga_scheme_plus = {
    .name = "plus",
    .summary = "(mu+lambda): the best N of the parents and lambda children; the best is never lost",
    .alone = "the (1 + lambda) EA",
    .settings = {"ties"},
    .read = plus_read,
    .check = plus_check,
    .children = brood_lambda,
    .brood = brood_lambda,
    .survivor_keys = true,
    .generation = plus_generation,
};
