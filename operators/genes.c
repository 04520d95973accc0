/* operators/genes.c — mutations of independent genes (bits, packed bits and integers): flip a bit, reset a gene. */
#include "gaexp/rng.h"
#include "operators/registry.h"

static bool genes_flip(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    (void)r;
    if (gen->kind == GA_KIND_PACKED)
        ga_genome_words(g)[pos / GA_PACKED_WORD_BITS] ^= UINT64_C(1) << (pos % GA_PACKED_WORD_BITS);
    else
        g[pos] ^= 1;
    return true;
}

const struct ga_mutation ga_mutation_flip = {
    "flip", "flip one bit (per gene: each bit with probability rate)", GA_KIND_BITS | GA_KIND_PACKED, genes_flip,
    NULL, NULL,
};

/* Gives gene pos a new value drawn uniformly from the rest of the alphabet. */
static bool genes_reset(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    if (gen->alphabet < 2)
        return false;
    ga_gene v = (ga_gene)ga_rng_below(r, gen->alphabet - 1);
    g[pos] = v >= g[pos] ? (ga_gene)(v + 1) : v;
    return true;
}

const struct ga_mutation ga_mutation_reset = {
    "reset", "give one gene another value of the alphabet", GA_KIND_BITS | GA_KIND_INTS, genes_reset, NULL, NULL,
};
