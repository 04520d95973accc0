/* operators/perm.c — mutations that move genes around: valid for permutations,
 * sets of distinct values and independent genes alike. */
#include "gaexp/rng.h"
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
    perm_swap, NULL, NULL,
};

/* Order crossover (Davis' OX): the child keeps a random slice of one parent
 * in place and takes the other genes in the order the other parent holds
 * them, starting after the slice.  Children of permutations are permutations. */
static void perm_ox_child(size_t len, size_t from, size_t to, const ga_gene *keep, const ga_gene *order,
                          ga_gene *child)
{
    uint64_t taken[(GA_GENE_MAX + 1) / 64] = {0}; /* 8 KiB: any gene value */
    for (size_t i = from; i < to; i++) {
        child[i] = keep[i];
        taken[keep[i] / 64] |= 1ull << (keep[i] % 64);
    }
    size_t out = to % len;
    for (size_t k = 0; k < len; k++) {
        ga_gene v = order[(to + k) % len];
        if (taken[v / 64] >> (v % 64) & 1)
            continue;
        child[out] = v;
        out = (out + 1) % len;
    }
}

static void perm_ox(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                    ga_gene *child_a, ga_gene *child_b)
{
    size_t i = ga_rng_below(r, gen->len), j = ga_rng_below(r, gen->len);
    size_t from = i < j ? i : j, to = (i < j ? j : i) + 1;
    perm_ox_child(gen->len, from, to, a, b, child_a);
    perm_ox_child(gen->len, from, to, b, a, child_b);
}

const struct ga_crossover ga_crossover_ox = {
    "ox", "order crossover: a slice of one parent, the rest in the other's order", GA_KIND_PERM,
    perm_ox, NULL,
};
