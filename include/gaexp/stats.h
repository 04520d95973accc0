/* gaexp/stats.h — the statistics of one generation. */
#ifndef GA_STATS_H
#define GA_STATS_H

#include "gaexp/export.h"
#include <stddef.h>
#include "gaexp/genome.h"

GAEXP_API_BEGIN

/* The standard columns of generations.csv, in order; a problem's own
 * columns (struct ga_problem_evaluation's 'columns') follow them. */
#define GA_STATS_COLUMNS "replicate,generation,evaluations,best,mean,std,worst,diversity,evaluations_found"
/* With several objectives or constraints (struct ga_problem_evaluation's
 * objectives) these follow the standard columns, before the problem's own. */
#define GA_STATS_MO_COLUMNS "feasible,violation,hv,hv_share,igd,igd_plus"
/* The most columns of its own a problem may declare. */
#define GA_STATS_PROBLEM_MAX 4

struct ga_stats {
    unsigned long generation;
    unsigned long long evaluations; /* since the run began */
    double best, mean, sd, worst;   /* sd: sample standard deviation (n - 1) */
    size_t best_index;              /* first individual with the best fitness */
    double diversity;               /* mean pairwise Hamming distance / len, in [0, 1]; -1 when off */
    double problem[GA_STATS_PROBLEM_MAX]; /* the problem's own columns, in its order; the rest 0 */
    unsigned long long found;       /* the evaluation that first reached the best so far (ga_run_evaluations_found) */
    /* With several objectives or constraints: the share of feasible
     * individuals and the least total violation (NaN without
     * constraints); with m >= 2, of the feasible non-dominated
     * individuals the hypervolume (NaN without a reference point), its
     * share of the true front's (with the problem's own reference point
     * and a known front), and the IGD and IGD+ to the problem's true front
     * (NaN when unknown). */
    double feasible, violation, hv, hv_share, igd, igd_plus;
};

/* best, mean, sd, worst and best_index of n fitness values (n >= 1), on
 * 'threads' threads; the same bits for any thread count. */
void ga_stats_fitness(const double *fitness, size_t n, unsigned threads, struct ga_stats *s);

/* Mean pairwise Hamming distance between the n genomes of 'genes' (one
 * every 'stride' genes), as a fraction of len, from per-locus allele counts:
 * O(n len), on 'threads' threads.  'counts' is scratch of threads * len *
 * alphabet entries. */
double ga_stats_diversity(const ga_gene *genes, size_t n, size_t len, size_t stride, unsigned alphabet,
                          unsigned threads, unsigned long *counts);

/* The same for packed bits genomes (GA_KIND_PACKED) of 'bits' bits, as a
 * fraction of bits: the value ga_stats_diversity gives the same bits
 * unpacked.  'counts' is scratch of threads * bits entries. */
double ga_stats_diversity_packed(const ga_gene *genes, size_t n, size_t bits, size_t stride, unsigned threads,
                                 unsigned long *counts);

/* The diversity of a real-valued population (GA_KIND_REAL): the mean over
 * the real genes of the population's standard deviation (n) divided by the
 * width of the gene's bounds, times sqrt(12), so that a population spread
 * uniformly over the bounds has about 1 and a converged one 0. */
double ga_stats_diversity_real(const ga_gene *genes, size_t n, size_t stride, const struct ga_genome *gen);

GAEXP_API_END

#endif
