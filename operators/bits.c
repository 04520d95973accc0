/* operators/bits.c — mutations of bit strings. */
#include "operators/registry.h"

static bool bits_flip(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    (void)gen;
    (void)r;
    g[pos] ^= 1;
    return true;
}

const struct ga_mutation ga_mutation_flip = {
    "flip", "flip one bit (per gene: each bit with probability rate)", GA_KIND_BITS, bits_flip,
    NULL,
};
