/* gaexp/genome.h — the gene type and what operators know about a genome. */
#ifndef GA_GENOME_H
#define GA_GENOME_H

#include "gaexp/export.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gsl/gsl_rng.h>

GAEXP_API_BEGIN

/* A gene is a small unsigned symbol: a bit, a card code, a permutation index,
 * a tree node.  Every genome is a flat array of these, so a population is one
 * block and copying an individual is memcpy. */
typedef uint16_t ga_gene;
#define GA_GENE_MAX UINT16_MAX
/* The longest genome gaexp takes: 2^28 genes (512 MiB an individual); a
 * problem that declares more (or an empty genome, or an alphabet beyond
 * GA_GENE_MAX + 1 symbols) is refused when it is configured. */
#define GA_GENOME_MAX_LEN ((size_t)1 << 28)

/* Genome kinds: they say which generic operators keep a genome valid.
 * Operators declare a bit mask of the kinds they serve. */
enum ga_genome_kind {
    GA_KIND_BITS = 1u << 0,     /* every gene 0 or 1, independent */
    GA_KIND_INTS = 1u << 1,     /* every gene any value in [0, alphabet), independent */
    GA_KIND_PERM = 1u << 2,     /* a permutation of 0..len-1 */
    GA_KIND_DISTINCT = 1u << 3, /* len distinct values from [0, alphabet) */
    GA_KIND_TREE = 1u << 4,     /* prefix-order tree, fixed maximum length */
    GA_KIND_REAL = 1u << 5,     /* doubles within per-gene bounds: see ga_genome_reals */
    GA_KIND_COMPOSITE = 1u << 6, /* parts of the kinds above, one after another: see ga_parts_layout */
    GA_KIND_PACKED = 1u << 7,   /* bits, 64 to a word: see ga_genome_words */
};
#define GA_KIND_ANY 0xffffu

struct ga_genome_part;

/* The shape of one problem instance's genomes, handed to every hook.
 * 'state' is the problem's configured state (read-only for hooks). */
struct ga_genome {
    const void *state;
    size_t len;        /* genes per individual */
    unsigned alphabet; /* every gene lies in [0, alphabet) */
    enum ga_genome_kind kind;
    /* GA_KIND_REAL only (else 0 and NULL): the real genes and their bounds,
     * from the problem's 'bounds' hook; see ga_genome_reals. */
    size_t reals;
    const double *lower, *upper; /* 'reals' each, lower[i] < upper[i] */
    /* GA_KIND_PACKED only (else 0): the bits, stored as GA_PACKED_LEN(bits)
     * genes; see ga_genome_words. */
    size_t bits;
    /* In a run, the values of the crossover's and the mutation's settings
     * (gaexp/op.h: read them with ga_crossover_setting and
     * ga_mutation_setting); NULL outside a run. */
    const double *crossover_settings, *mutation_settings;
    /* GA_KIND_COMPOSITE in a run (else NULL and 0): its parts, each with
     * its shape and the variation the experiment file chose for it
     * (gaexp/op.h); the operators "parts" apply them one by one. */
    const struct ga_genome_part *parts;
    size_t part_count;
};

/* A real-valued genome (GA_KIND_REAL) is 'reals' doubles x[0 .. reals),
 * each within [lower[i], upper[i]], then one more, sigma > 0: the mutation
 * step as a share of each gene's width, carried in the genome so that the
 * self-adaptive mutation can evolve it (the evolution strategies' way).
 * It lives in the same flat, line-aligned population block as every other
 * genome: len = GA_REAL_LEN(reals) genes of 16 bits, so the core's copies,
 * checkpoints and MPI transfers stay byte copies and carry the doubles
 * exactly.  Operators and problems read and write it only through these
 * views (every genome starts at a multiple of 8 bytes). */
#define GA_GENES_PER_REAL (sizeof(double) / sizeof(ga_gene))
#define GA_REAL_LEN(reals) (((reals) + 1) * GA_GENES_PER_REAL)
static inline double *ga_genome_reals(ga_gene *g)
{
    return (double *)(void *)g;
}
static inline const double *ga_genome_creals(const ga_gene *g)
{
    return (const double *)(const void *)g;
}

/* A packed bits genome (GA_KIND_PACKED) holds 'bits' bits in
 * ceil(bits / 64) words of 64: bit i is bit i % 64 of word i / 64, and the
 * bits of the last word beyond 'bits' are 0.  It lives in the population
 * block as len = GA_PACKED_LEN(bits) genes of 16 bits (every genome starts
 * at a multiple of 8 bytes), so copies, checkpoints and MPI transfers stay
 * byte copies.  Operators and problems read and write it through these
 * views: a problem evaluates words (popcount for OneMax), the mutation
 * costs the flips it makes, crossovers move whole words.  A bits problem
 * offers it through struct ga_problem_genome's 'packed' table and the
 * experiment file chooses it ('problem.packed = true;'). */
#define GA_PACKED_WORD_BITS 64
#define GA_PACKED_WORDS(bits) (((bits) + GA_PACKED_WORD_BITS - 1) / GA_PACKED_WORD_BITS)
#define GA_PACKED_LEN(bits) (GA_PACKED_WORDS(bits) * (sizeof(uint64_t) / sizeof(ga_gene)))
static inline uint64_t *ga_genome_words(ga_gene *g)
{
    return (uint64_t *)(void *)g;
}
static inline const uint64_t *ga_genome_cwords(const ga_gene *g)
{
    return (const uint64_t *)(const void *)g;
}
/* Bit i of a packed genome, 0 or 1. */
static inline unsigned ga_genome_packed_bit(const ga_gene *g, size_t i)
{
    return (unsigned)(ga_genome_cwords(g)[i / GA_PACKED_WORD_BITS] >> (i % GA_PACKED_WORD_BITS) & 1);
}
/* Bit i of a bits genome, packed (GA_KIND_PACKED) or not (GA_KIND_BITS):
 * for hooks that serve both, as a problem's print may. */
static inline unsigned ga_genome_bit(const struct ga_genome *gen, const ga_gene *g, size_t i)
{
    return gen->kind == GA_KIND_PACKED ? ga_genome_packed_bit(g, i) : g[i] & 1u;
}
/* The mask of the bits of a packed genome's last word that are in use. */
static inline uint64_t ga_genome_last_mask(size_t bits)
{
    return bits % GA_PACKED_WORD_BITS ? (UINT64_C(1) << (bits % GA_PACKED_WORD_BITS)) - 1 : ~UINT64_C(0);
}
/* The places a mutation chooses among: the bits of a packed genome, else
 * its genes ('len'). */
static inline size_t ga_genome_sites(const struct ga_genome *gen)
{
    return gen->kind == GA_KIND_PACKED ? gen->bits : gen->len;
}
/* GA_KIND_PACKED: the number of ones among the genome's bits (a popcount
 * a word, with the processor's instruction where it has one). */
size_t ga_genome_ones(const struct ga_genome *gen, const ga_gene *g);
/* GA_KIND_PACKED: true when the bits beyond 'bits' are 0 (any bits are a
 * valid genome otherwise); for a problem's 'valid' hook. */
bool ga_genome_packed_valid(const struct ga_genome *gen, const ga_gene *g);
/* GA_KIND_PACKED: uniform random bits, drawn 16 at a time from
 * ga_rng_below(r, 2^16), lowest bit first: the same draws and bits as a
 * bits problem's init that takes them so (OneMax, PBO), so that a packed
 * run starts from the same population as the unpacked one. */
void ga_genome_packed_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g);

/* The name of a kind for messages and 'gaexp list' ("bits", "permutation", ...). */
const char *ga_genome_kind_name(enum ga_genome_kind kind);
/* One line on what a valid genome of that kind is, for 'gaexp list'. */
const char *ga_genome_kind_summary(enum ga_genome_kind kind);
/* GA_KIND_REAL: true when x lies within the bounds (finite) and sigma is
 * finite and > 0; for a problem's 'valid' hook. */
bool ga_genome_real_valid(const struct ga_genome *gen, const ga_gene *g);
/* GA_KIND_REAL: each x[i] uniform in [lower[i], upper[i]) (one draw of r
 * each, in order) and the mutation step sigma; for a problem's 'init'. */
void ga_genome_real_random(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, double sigma);

/* Genes between the starts of two individuals in a population block: len
 * rounded up so that, in a block aligned to GA_GENOME_LINE bytes, a genome
 * of up to a cache line never straddles two lines and a longer one starts a
 * line (a 25-gene 5x5 grid: 50 bytes padded to 64).  At most twice len. */
#define GA_GENOME_LINE 64
size_t ga_genome_stride(size_t len);

GAEXP_API_END

#endif
