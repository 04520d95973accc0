/* ga/schemes/random.c — scheme "random", random search: lambda new random individuals, then the best N of all. */
#include "ga/schemes/brood.h"

#include "ga/breed.h"
#include "ga/run_fault.h"

static bool random_read(struct ga_cfg *cfg, config_setting_t *v, struct ga_params *p)
{
    return brood_read_lambda(cfg, v, (long long)p->population, p);
}

static bool random_check(const struct ga_params *p, struct params_fault *f)
{
    return brood_check_lambda(p, "ga.scheme.random.lambda", f);
}

/* Island k's brood is lambda new random individuals, made and evaluated in
 * blocks as generation 0 is, each block from its own stream (the same at
 * any thread count).  Returns the evaluations. */
static unsigned long long random_brood(struct ga_run *run, size_t first, size_t last)
{
    const struct ga_params *p = &run->params;
    size_t lambda = p->lambda, island_blocks = (lambda + BREED_INIT_BLOCK - 1) / BREED_INIT_BLOCK;
    long from = (long)(first * island_blocks), to = (long)(last * island_blocks);
    unsigned long long evaluations = 0;
#pragma omp parallel for num_threads(p->threads) schedule(dynamic) if (p->threads > 1) reduction(+ : evaluations)
    for (long b = from; b < to; b++) {
        size_t k = (size_t)b / island_blocks, start = (size_t)b % island_blocks * BREED_INIT_BLOCK;
        size_t end = start + BREED_INIT_BLOCK < lambda ? start + BREED_INIT_BLOCK : lambda;
        gsl_rng *r = run_stream(run, run->generation + 1, (uint64_t)b);
        for (size_t j = start; j < end; j++) {
            size_t slot = k * lambda + j;
            ga_gene *g = run->brood + slot * run->stride;
            run->problem->init(&run->gen, r, g);
            if (p->check)
                run_fault_check(run, run_fault_key(slot, RUN_FAULT_MADE), RUN_HOOK_INIT, slot, g);
            run->brood_fitness[slot] = run->evaluate(&run->gen, g);
            evaluations += breed_trail_add(run, r, slot, 1, g, &run->brood_fitness[slot], slot, slot); /* trail_per is lambda */
        }
    }
    return evaluations;
}

static unsigned long long random_generation(struct ga_run *run, size_t first, size_t last)
{
    unsigned long long evaluations = random_brood(run, first, last);
    brood_scan(run, first, last);
    for (size_t k = first; k < last; k++)
        brood_survive(run, k, true, false);
    return evaluations;
}

const struct ga_scheme ga_scheme_random = {
    .name = "random",
    .summary = "random search: lambda new random individuals, then the best N of all, as plus",
    .alone = "random search",
    .read = random_read,
    .check = random_check,
    .children = brood_lambda,
    .brood = brood_lambda,
    .survivor_keys = true,
    .generation = random_generation,
};
