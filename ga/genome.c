/* ga/genome.c — names of genome kinds, and the stride of a genome in a population block. */
#include "gaexp/genome.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"

#include <math.h>

static const struct genome_kind_text {
    enum ga_genome_kind kind;
    const char *name, *summary;
} genome_kinds[] = {
    {GA_KIND_BITS, "bits", "every gene 0 or 1, independent"},
    {GA_KIND_INTS, "integers", "every gene any value in [0, alphabet), independent"},
    {GA_KIND_PERM, "permutation", "a permutation of 0 .. len-1"},
    {GA_KIND_DISTINCT, "distinct values", "len distinct values from [0, alphabet)"},
    {GA_KIND_TREE, "tree", "a tree in prefix order, of a fixed maximum length"},
    {GA_KIND_REAL, "real", "doubles within per-gene bounds, and a step size sigma (ga_genome_reals)"},
    {GA_KIND_COMPOSITE, "composite", "parts of the kinds above one after another, each with its own operators"},
    {GA_KIND_PACKED, "packed bits", "bits, 64 to a 64-bit word (ga_genome_words)"},
};

static const struct genome_kind_text *genome_kind_find(enum ga_genome_kind kind)
{
    for (size_t i = 0; i < sizeof genome_kinds / sizeof *genome_kinds; i++)
        if (genome_kinds[i].kind == kind)
            return &genome_kinds[i];
    return NULL;
}

const char *ga_genome_kind_name(enum ga_genome_kind kind)
{
    const struct genome_kind_text *k = genome_kind_find(kind);
    return k ? k->name : "mixed";
}

const char *ga_genome_kind_summary(enum ga_genome_kind kind)
{
    const struct genome_kind_text *k = genome_kind_find(kind);
    return k ? k->summary : "genes of several kinds";
}

bool ga_genome_real_valid(const struct ga_genome *gen, const ga_gene *g)
{
    const double *x = ga_genome_creals(g);
    for (size_t i = 0; i < gen->reals; i++)
        if (!(x[i] >= gen->lower[i] && x[i] <= gen->upper[i]))
            return false;
    return isfinite(x[gen->reals]) && x[gen->reals] > 0;
}

void ga_genome_real_random(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, double sigma)
{
    double *x = ga_genome_reals(g);
    for (size_t i = 0; i < gen->reals; i++)
        x[i] = gen->lower[i] + ga_rng_uniform(r) * (gen->upper[i] - gen->lower[i]);
    x[gen->reals] = sigma;
}

/* x86-64 processors without POPCNT (before 2008) count in software: the
 * count is compiled twice and the loader picks one (an ifunc).  Written
 * out rather than as target_clones, which clang before 16 exports under
 * another name (ga_genome_ones.ifunc) that no program links with; and the
 * body stamped by a macro, as clang inlines nothing into a function of
 * another target. */
#if defined(__x86_64__) && defined(__ELF__) && defined(__has_attribute)
#if __has_attribute(ifunc) && __has_attribute(target)
#define GENOME_ONES_IFUNC 1
#endif
#endif

/* Four counts under way, not one sum waiting on the last add (OneMax-1000's
 * 16 words: 104 instructions a call, now 88, and no chain of adds). */
#define GENOME_ONES(specifiers, name)                                         \
    specifiers size_t name(const struct ga_genome *gen, const ga_gene *g)     \
    {                                                                         \
        const uint64_t *w = ga_genome_cwords(g);                              \
        size_t words = GA_PACKED_WORDS(gen->bits), k = 0;                     \
        size_t a = 0, b = 0, c = 0, d = 0;                                    \
        for (; k + 4 <= words; k += 4) {                                      \
            a += (size_t)__builtin_popcountll(w[k]);                          \
            b += (size_t)__builtin_popcountll(w[k + 1]);                      \
            c += (size_t)__builtin_popcountll(w[k + 2]);                      \
            d += (size_t)__builtin_popcountll(w[k + 3]);                      \
        }                                                                     \
        for (; k < words; k++)                                                \
            a += (size_t)__builtin_popcountll(w[k]);                          \
        return a + b + c + d;                                                 \
    }

#ifdef GENOME_ONES_IFUNC
GENOME_ONES(__attribute__((target("popcnt"))) static, genome_ones_popcnt)
GENOME_ONES(static, genome_ones_software)

typedef size_t genome_ones_fn(const struct ga_genome *gen, const ga_gene *g);

/* Run by the loader, before any constructor (a sanitizer's too, so none
 * may instrument it): the CPU model first.  (Used by the ifunc alone,
 * which clang does not see.) */
#if __has_attribute(no_sanitize)
#define GENOME_UNINSTRUMENTED __attribute__((no_sanitize("address", "undefined")))
#else
#define GENOME_UNINSTRUMENTED
#endif
__attribute__((used)) GENOME_UNINSTRUMENTED static genome_ones_fn *genome_ones_pick(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") ? genome_ones_popcnt : genome_ones_software;
}

size_t ga_genome_ones(const struct ga_genome *gen, const ga_gene *g) __attribute__((ifunc("genome_ones_pick")));
#else
GENOME_ONES(, ga_genome_ones)
#endif

bool ga_genome_packed_valid(const struct ga_genome *gen, const ga_gene *g)
{
    size_t words = GA_PACKED_WORDS(gen->bits);
    return words && !(ga_genome_cwords(g)[words - 1] & ~ga_genome_last_mask(gen->bits));
}

void ga_genome_packed_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    uint64_t *w = ga_genome_words(g);
    size_t words = GA_PACKED_WORDS(gen->bits), left = gen->bits;
    for (size_t k = 0; k < words; k++) {
        uint64_t word = 0;
        for (unsigned part = 0; part < GA_PACKED_WORD_BITS && part < left; part += 16)
            word |= (uint64_t)ga_rng_below(r, 1ul << 16) << part;
        w[k] = word;
        left -= left < GA_PACKED_WORD_BITS ? left : GA_PACKED_WORD_BITS;
    }
    w[words - 1] &= ga_genome_last_mask(gen->bits);
}

size_t ga_genome_stride(size_t len)
{
    size_t bytes = len * sizeof(ga_gene), slot = sizeof(ga_gene);
    if (bytes > GA_GENOME_LINE)
        return (bytes + GA_GENOME_LINE - 1) / GA_GENOME_LINE * GA_GENOME_LINE / sizeof(ga_gene);
    while (slot < bytes)
        slot *= 2;
    return slot / sizeof(ga_gene);
}

/* A part's genes: a real part's reals and sigma as 16-bit genes. */
static size_t genome_part_len(const struct ga_problem_part *p)
{
    return p->kind == GA_KIND_REAL ? GA_REAL_LEN(p->len) : p->len;
}

size_t ga_parts_layout(const struct ga_problem_part *parts, size_t n, size_t *offsets, unsigned *alphabet)
{
    size_t at = 0;
    unsigned most = 0;
    for (size_t i = 0; i < n; i++) {
        at = (at + GA_GENES_PER_REAL - 1) / GA_GENES_PER_REAL * GA_GENES_PER_REAL;
        if (offsets)
            offsets[i] = at;
        at += genome_part_len(&parts[i]);
        unsigned a = parts[i].kind == GA_KIND_REAL ? GA_GENE_MAX + 1u : parts[i].alphabet;
        most = a > most ? a : most;
    }
    if (alphabet)
        *alphabet = most;
    return at;
}
