/* operators/vector.c — crossovers for genomes whose genes are independent (bits, integers). */
#include <string.h>

#include "gaexp/rng.h"
#include "operators/registry.h"

/* Cut uniform in [1, len-1]: child_a = a[:k] + b[k:], child_b = b[:k] + a[k:]. */
static void vector_onepoint(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a,
                            const ga_gene *b, ga_gene *child_a, ga_gene *child_b)
{
    size_t len = gen->len;
    size_t cut = len > 1 ? 1 + ga_rng_below(r, len - 1) : len;
    memcpy(child_a, a, cut * sizeof *a);
    memcpy(child_a + cut, b + cut, (len - cut) * sizeof *a);
    memcpy(child_b, b, cut * sizeof *a);
    memcpy(child_b + cut, a + cut, (len - cut) * sizeof *a);
}

/* Two cuts i < j in [1, len-1]; the middle segment is exchanged. */
static void vector_twopoint(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a,
                            const ga_gene *b, ga_gene *child_a, ga_gene *child_b)
{
    size_t len = gen->len;
    memcpy(child_a, a, len * sizeof *a);
    memcpy(child_b, b, len * sizeof *b);
    if (len < 3)
        return;
    size_t i = 1 + ga_rng_below(r, len - 1), j = 1 + ga_rng_below(r, len - 1);
    if (i > j) {
        size_t t = i;
        i = j;
        j = t;
    }
    memcpy(child_a + i, b + i, (j - i) * sizeof *a);
    memcpy(child_b + i, a + i, (j - i) * sizeof *a);
}

/* Each gene from either parent with probability 1/2, sixteen genes per draw
 * (16 bits from any GSL generator through ga_rng_below). */
static void vector_uniform(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a,
                           const ga_gene *b, ga_gene *child_a, ga_gene *child_b)
{
    unsigned long bits = 0;
    for (size_t i = 0; i < gen->len; i++) {
        if (i % 16 == 0)
            bits = ga_rng_below(r, 1ul << 16);
        bool swap = bits & 1;
        bits >>= 1;
        child_a[i] = swap ? b[i] : a[i];
        child_b[i] = swap ? a[i] : b[i];
    }
}

const struct ga_crossover ga_crossover_onepoint = {
    "onepoint", "one cut, tails exchanged", GA_KIND_BITS | GA_KIND_INTS, vector_onepoint, NULL, false,
};
const struct ga_crossover ga_crossover_twopoint = {
    "twopoint", "two cuts, middle segments exchanged", GA_KIND_BITS | GA_KIND_INTS,
    vector_twopoint, NULL, false,
};
const struct ga_crossover ga_crossover_uniform = {
    "uniform", "each gene from either parent with probability 1/2", GA_KIND_BITS | GA_KIND_INTS,
    vector_uniform, NULL, false,
};
