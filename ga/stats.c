/* ga/stats.c — per-generation statistics: fitness moments (GSL) and diversity. */
#include "ga/stats.h"

#include <string.h>
#include <gsl/gsl_statistics_double.h>

void ga_stats_fitness(const double *fitness, size_t n, struct ga_stats *s)
{
    size_t best = 0, worst = 0;
    for (size_t i = 1; i < n; i++) {
        if (fitness[i] < fitness[best])
            best = i;
        if (fitness[i] > fitness[worst])
            worst = i;
    }
    s->best_index = best;
    s->best = fitness[best];
    s->worst = fitness[worst];
    s->mean = gsl_stats_mean(fitness, 1, n);
    s->sd = n > 1 ? gsl_stats_sd_m(fitness, 1, n, s->mean) : 0.0;
}

double ga_stats_diversity(const ga_gene *genes, size_t n, size_t len, unsigned alphabet,
                          unsigned long *counts)
{
    if (n < 2 || len == 0)
        return 0.0;
    /* Pairs that differ at a locus = (n^2 - sum of squared allele counts) / 2,
     * so the mean pairwise distance needs only the counts: one pass over
     * the population in memory order. */
    memset(counts, 0, len * alphabet * sizeof *counts);
    for (size_t i = 0; i < n; i++) {
        const ga_gene *g = genes + i * len;
        for (size_t locus = 0; locus < len; locus++)
            counts[locus * alphabet + g[locus]]++;
    }
    double total = 0.0;
    for (size_t locus = 0; locus < len; locus++) {
        unsigned long long same = 0;
        for (unsigned a = 0; a < alphabet; a++) {
            unsigned long long k = counts[locus * alphabet + a];
            same += k * k;
        }
        total += (double)((unsigned long long)n * n - same) / ((double)n * (double)(n - 1));
    }
    return total / (double)len;
}
