/* operators/perm.c — mutations that move genes around (swap: valid for
 * permutations, sets of distinct values and independent genes alike;
 * inversion, insertion, scramble: for permutations and distinct values) and
 * the order crossover.  The other permutation crossovers: perm_cross.c. */
#include <math.h>
#include <string.h>

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

/* The longest segment inversion and scramble touch: span·n genes, at least 2. */
static const struct ga_op_setting perm_span_settings[] = {
    {"span", 1, 0, 1, "the longest segment as a share of the genome (at least 2 genes; 1 = any length)"},
    {NULL, 0, 0, 0, NULL},
};

/* The other end of a segment that begins or ends at pos: uniform over the
 * positions within span·n - 1 of pos (pos itself included: no change). */
static size_t perm_segment_end(const struct ga_genome *gen, gsl_rng *r, size_t pos, double span)
{
    size_t longest = (size_t)ceil(span * (double)gen->len);
    if (longest < 2)
        longest = 2;
    size_t lo = pos >= longest - 1 ? pos - (longest - 1) : 0;
    size_t hi = pos + (longest - 1) < gen->len ? pos + (longest - 1) : gen->len - 1;
    return lo + ga_rng_below(r, hi - lo + 1);
}

/* Inversion (the 2-opt move on a tour): reverses the segment between pos
 * and another end drawn near it.  Per individual, pos is uniform, so the
 * two ends are two uniform positions. */
static bool perm_inversion(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    size_t end = perm_segment_end(gen, r, pos, ga_mutation_setting(gen, &ga_mutation_inversion, 0));
    size_t from = pos < end ? pos : end, to = pos < end ? end : pos;
    bool changed = false;
    for (; from < to; from++, to--) {
        ga_gene t = g[from];
        changed |= t != g[to];
        g[from] = g[to];
        g[to] = t;
    }
    return changed;
}

const struct ga_mutation ga_mutation_inversion = {
    "inversion", "reverse a random segment (the 2-opt move); per gene, one with an end at the gene",
    GA_KIND_PERM | GA_KIND_DISTINCT, perm_inversion, NULL, perm_span_settings,
};

/* Insertion: takes gene pos out and puts it back at a uniform position,
 * the genes between shifting by one. */
static bool perm_insertion(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    size_t to = ga_rng_below(r, gen->len);
    ga_gene v = g[pos];
    bool changed = false;
    if (to > pos) {
        for (size_t i = pos; i < to; i++) {
            changed |= g[i + 1] != v;
            g[i] = g[i + 1];
        }
    } else {
        for (size_t i = pos; i > to; i--) {
            changed |= g[i - 1] != v;
            g[i] = g[i - 1];
        }
    }
    g[to] = v;
    return changed;
}

const struct ga_mutation ga_mutation_insertion = {
    "insertion", "move one gene to a uniform position, the genes between shifting by one",
    GA_KIND_PERM | GA_KIND_DISTINCT, perm_insertion, NULL, NULL,
};

/* Scramble: shuffles the segment between pos and another end drawn near it
 * uniformly (Fisher-Yates).  Of distinct genes, the shuffle leaves them in
 * place only when every draw is its own position. */
static bool perm_scramble(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    size_t end = perm_segment_end(gen, r, pos, ga_mutation_setting(gen, &ga_mutation_scramble, 0));
    size_t from = pos < end ? pos : end, to = pos < end ? end : pos;
    return ga_rng_shuffle(r, g + from, to - from + 1);
}

const struct ga_mutation ga_mutation_scramble = {
    "scramble", "shuffle a random segment uniformly; per gene, one with an end at the gene",
    GA_KIND_PERM | GA_KIND_DISTINCT, perm_scramble, NULL, perm_span_settings,
};

/* Order crossover (Davis' OX): the child keeps a random slice of one parent
 * in place and takes the other genes in the order the other parent holds
 * them, starting after the slice.  Children of permutations are permutations. */
/* Appends to rest[k..] the genes order[lo..hi) that are not taken, without
 * a branch on taken[v], which no predictor guesses: each is written, and
 * the count moves on only when it was not taken (rest has one more slot
 * for the last gene written in vain); the new count. */
static inline size_t perm_gather(const ga_gene *order, size_t lo, size_t hi, const uint8_t *taken, ga_gene *rest,
                                 size_t k)
{
#pragma GCC unroll 4
    for (size_t in = lo; in < hi; in++) {
        rest[k] = order[in];
        k += !taken[order[in]];
    }
    return k;
}

static void perm_ox_child(size_t len, size_t from, size_t to, const ga_gene *keep, const ga_gene *order,
                          ga_gene *child)
{
    /* A flag per gene value: a permutation's values lie in [0, len). */
    uint8_t taken[len];
    memset(taken, 0, len);
#pragma GCC unroll 4
    for (size_t i = from; i < to; i++) {
        child[i] = keep[i];
        taken[keep[i]] = 1;
    }
    /* The other genes in order's order from position 'to' on (wrapping)
     * fill the places after the slice, then those before it. */
    ga_gene rest[len + 1];
    size_t k = perm_gather(order, to, len, taken, rest, 0);
    perm_gather(order, 0, to, taken, rest, k);
    memcpy(child + to, rest, (len - to) * sizeof *child);
    memcpy(child, rest + (len - to), from * sizeof *child);
}

static void perm_ox(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                    ga_gene *child_a, ga_gene *child_b)
{
    size_t i = ga_rng_below(r, gen->len), j = ga_rng_below(r, gen->len);
    size_t from = i < j ? i : j, to = (i < j ? j : i) + 1;
    /* Of two equal permutations OX makes the parents themselves (the slice
     * in place, the rest in the same order after it): copied, the same
     * children from the same draws.  A converging population crosses
     * equal parents most of the time (TSP berlin52, 200 x 500: three
     * crossings in four). */
    if (memcmp(a, b, gen->len * sizeof *a) == 0) {
        memcpy(child_a, a, gen->len * sizeof *a);
        memcpy(child_b, b, gen->len * sizeof *b);
        return;
    }
    perm_ox_child(gen->len, from, to, a, b, child_a);
    perm_ox_child(gen->len, from, to, b, a, child_b);
}

const struct ga_crossover ga_crossover_ox = {
    "ox", "order crossover: a slice of one parent, the rest in the other's order", GA_KIND_PERM,
    perm_ox, NULL, false,
};
