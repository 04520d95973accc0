/* operators/vector.c — crossovers for genomes whose genes are independent (bits, integers, packed bits). */
#include <string.h>

#include "gaexp/rng.h"
#include "operators/registry.h"

/* Packed bits (GA_KIND_PACKED): the children are the parents with bits
 * [from, to) exchanged, a word at a time.  Each operator below draws the
 * same numbers on packed bits as on the same bits unpacked (its sites are
 * ga_genome_sites), so it makes the same children from them. */
static void vector_packed_exchange(const struct ga_genome *gen, const ga_gene *a, const ga_gene *b,
                                   ga_gene *child_a, ga_gene *child_b, size_t from, size_t to)
{
    const uint64_t *wa = ga_genome_cwords(a), *wb = ga_genome_cwords(b);
    uint64_t *ca = ga_genome_words(child_a), *cb = ga_genome_words(child_b);
    size_t words = GA_PACKED_WORDS(gen->bits), first = from / GA_PACKED_WORD_BITS;
    size_t last = to / GA_PACKED_WORD_BITS; /* the word holding bit 'to', which stays */
    if (from >= to)
        first = last = words; /* nothing to exchange */
    /* Straight runs of words, no test a word: each child its own parent's
     * words before the range and after it, the other's inside; the words
     * the range starts and ends in take the bits of [from, to). */
    size_t k = 0;
    for (; k < first; k++) {
        ca[k] = wa[k];
        cb[k] = wb[k];
    }
    if (k < words) {
        uint64_t m = ~UINT64_C(0) << (from % GA_PACKED_WORD_BITS);
        if (k == last)
            m &= (UINT64_C(1) << (to % GA_PACKED_WORD_BITS)) - 1;
        uint64_t differ = (wa[k] ^ wb[k]) & m;
        ca[k] = wa[k] ^ differ;
        cb[k] = wb[k] ^ differ;
        k++;
    }
    for (; k < last && k < words; k++) {
        ca[k] = wb[k];
        cb[k] = wa[k];
    }
    if (k == last && k < words) {
        uint64_t differ = (wa[k] ^ wb[k]) & ((UINT64_C(1) << (to % GA_PACKED_WORD_BITS)) - 1);
        ca[k] = wa[k] ^ differ;
        cb[k] = wb[k] ^ differ;
        k++;
    }
    for (; k < words; k++) {
        ca[k] = wa[k];
        cb[k] = wb[k];
    }
}

/* Cut uniform in [1, len-1]: child_a = a[:k] + b[k:], child_b = b[:k] + a[k:]. */
static void vector_onepoint(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a,
                            const ga_gene *b, ga_gene *child_a, ga_gene *child_b)
{
    size_t len = ga_genome_sites(gen);
    size_t cut = len > 1 ? 1 + ga_rng_below(r, len - 1) : len;
    if (gen->kind == GA_KIND_PACKED) {
        vector_packed_exchange(gen, a, b, child_a, child_b, cut, len);
        return;
    }
    memcpy(child_a, a, cut * sizeof *a);
    memcpy(child_a + cut, b + cut, (len - cut) * sizeof *a);
    memcpy(child_b, b, cut * sizeof *a);
    memcpy(child_b + cut, a + cut, (len - cut) * sizeof *a);
}

/* Two cuts i < j in [1, len-1]; the middle segment is exchanged. */
static void vector_twopoint(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a,
                            const ga_gene *b, ga_gene *child_a, ga_gene *child_b)
{
    size_t len = ga_genome_sites(gen);
    size_t i = len, j = len; /* no cut below 3 genes */
    if (len >= 3) {
        i = 1 + ga_rng_below(r, len - 1);
        j = 1 + ga_rng_below(r, len - 1);
    }
    if (i > j) {
        size_t t = i;
        i = j;
        j = t;
    }
    if (gen->kind == GA_KIND_PACKED) {
        vector_packed_exchange(gen, a, b, child_a, child_b, i, j);
        return;
    }
    memcpy(child_a, a, len * sizeof *a);
    memcpy(child_b, b, len * sizeof *b);
    memcpy(child_a + i, b + i, (j - i) * sizeof *a);
    memcpy(child_b + i, a + i, (j - i) * sizeof *a);
}

/* Packed: the bits set in the draws, lowest first, come from the other
 * parent (16 per draw, as below). */
static void vector_packed_uniform(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                                  ga_gene *child_a, ga_gene *child_b)
{
    const uint64_t *wa = ga_genome_cwords(a), *wb = ga_genome_cwords(b);
    uint64_t *ca = ga_genome_words(child_a), *cb = ga_genome_words(child_b);
    size_t left = gen->bits;
    for (size_t k = 0; k < GA_PACKED_WORDS(gen->bits); k++) {
        uint64_t swap = 0;
        for (unsigned part = 0; part < GA_PACKED_WORD_BITS && part < left; part += 16)
            swap |= (uint64_t)ga_rng_below(r, 1ul << 16) << part;
        uint64_t differ = (wa[k] ^ wb[k]) & swap; /* the padding bits are 0 in both */
        ca[k] = wa[k] ^ differ;
        cb[k] = wb[k] ^ differ;
        left -= left < GA_PACKED_WORD_BITS ? left : GA_PACKED_WORD_BITS;
    }
}

/* Each gene from either parent with probability 1/2, sixteen genes per draw
 * (16 bits from any GSL generator through ga_rng_below). */
static void vector_uniform(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a,
                           const ga_gene *b, ga_gene *child_a, ga_gene *child_b)
{
    if (gen->kind == GA_KIND_PACKED) {
        vector_packed_uniform(gen, r, a, b, child_a, child_b);
        return;
    }
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
    "onepoint", "one cut, tails exchanged", GA_KIND_BITS | GA_KIND_INTS | GA_KIND_PACKED, vector_onepoint, NULL, false,
};
const struct ga_crossover ga_crossover_twopoint = {
    "twopoint", "two cuts, middle segments exchanged", GA_KIND_BITS | GA_KIND_INTS | GA_KIND_PACKED,
    vector_twopoint, NULL, false,
};
const struct ga_crossover ga_crossover_uniform = {
    "uniform", "each gene from either parent with probability 1/2", GA_KIND_BITS | GA_KIND_INTS | GA_KIND_PACKED,
    vector_uniform, NULL, false,
};
