/* operators/perm.c — mutations that move genes around: valid for permutations,
 * sets of distinct values and independent genes alike. */
#include "ga/rng.h"
#include "operators/registry.h"

/* Swaps gene pos with another gene drawn uniformly (the same gene means no change). */
static bool perm_swap(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    size_t other = ga_rng_below(r, gen->len);
    if (g[other] == g[pos])
        return false;
    ga_gene t = g[pos];
    g[pos] = g[other];
    g[other] = t;
    return true;
}

const struct ga_mutation ga_mutation_swap = {
    "swap", "exchange two genes", GA_KIND_BITS | GA_KIND_INTS | GA_KIND_PERM | GA_KIND_DISTINCT,
    perm_swap, NULL,
};
