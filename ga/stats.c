/* ga/stats.c — per-generation statistics: fitness moments and diversity, on every thread. */
#include "gaexp/stats.h"

#include <math.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* The fitness values are cut into STATS_BLOCKS blocks whose bounds depend on
 * n alone; sums are added block by block in order, so the moments are the
 * same bits for any number of threads. */
#define STATS_BLOCKS 64
#define STATS_PARALLEL_MIN 16384 /* below, waking threads costs more than it saves */

struct stats_block {
    double sum;
    size_t best, worst;
};

static size_t stats_block_start(size_t n, size_t b)
{
    size_t size = (n + STATS_BLOCKS - 1) / STATS_BLOCKS;
    return b * size < n ? b * size : n;
}

/* The best, the worst and the sum of block b. */
static struct stats_block stats_block_scan(const double *fitness, size_t n, size_t b)
{
    size_t start = stats_block_start(n, b), end = stats_block_start(n, b + 1);
    struct stats_block p = {0.0, start, start};
    for (size_t i = start; i < end; i++) {
        p.sum += fitness[i];
        if (fitness[i] < fitness[p.best])
            p.best = i;
        if (fitness[i] > fitness[p.worst])
            p.worst = i;
    }
    return p;
}

static double stats_block_squares(const double *fitness, size_t n, size_t b, double mean)
{
    double ss = 0.0;
    for (size_t i = stats_block_start(n, b); i < stats_block_start(n, b + 1); i++)
        ss += (fitness[i] - mean) * (fitness[i] - mean);
    return ss;
}

/* Adds up the blocks in order: the best and worst (first index on ties) and the mean. */
static void stats_combine(const double *fitness, size_t n, const struct stats_block *part,
                          struct ga_stats *s)
{
    size_t best = 0, worst = 0;
    double sum = 0.0;
    for (size_t b = 0; b < STATS_BLOCKS; b++) {
        if (stats_block_start(n, b) == stats_block_start(n, b + 1))
            continue; /* empty block */
        sum += part[b].sum;
        if (fitness[part[b].best] < fitness[best])
            best = part[b].best;
        if (fitness[part[b].worst] > fitness[worst])
            worst = part[b].worst;
    }
    s->best_index = best;
    s->best = fitness[best];
    s->worst = fitness[worst];
    s->mean = sum / (double)n;
}

void ga_stats_fitness(const double *fitness, size_t n, unsigned threads, struct ga_stats *s)
{
    struct stats_block part[STATS_BLOCKS];
    double squares[STATS_BLOCKS];
    if (n < STATS_PARALLEL_MIN || threads == 1) {
        /* The same blocks without OpenMP's constructs, which even for one
         * thread cost as much as the scan of a thousand values. */
        for (size_t b = 0; b < STATS_BLOCKS; b++)
            part[b] = stats_block_scan(fitness, n, b);
        stats_combine(fitness, n, part, s);
        for (size_t b = 0; b < STATS_BLOCKS; b++)
            squares[b] = stats_block_squares(fitness, n, b, s->mean);
    } else {
        /* One parallel region, two passes: the squared deviations need the mean. */
#pragma omp parallel num_threads(threads)
        {
#pragma omp for schedule(dynamic)
            for (long b = 0; b < STATS_BLOCKS; b++)
                part[b] = stats_block_scan(fitness, n, (size_t)b);
#pragma omp single
            stats_combine(fitness, n, part, s);
#pragma omp for schedule(dynamic)
            for (long b = 0; b < STATS_BLOCKS; b++)
                squares[b] = stats_block_squares(fitness, n, (size_t)b, s->mean);
        }
    }
    double ss = 0.0;
    for (size_t b = 0; b < STATS_BLOCKS; b++)
        ss += squares[b];
    s->sd = n > 1 ? sqrt(ss / (double)(n - 1)) : 0.0;
}

double ga_stats_diversity(const ga_gene *genes, size_t n, size_t len, size_t stride, unsigned alphabet,
                          unsigned threads, unsigned long *counts)
{
    if (n < 2 || len == 0)
        return 0.0;
    /* Pairs that differ at a locus = (n^2 - sum of squared allele counts) / 2,
     * so the mean pairwise distance needs only the counts: one pass over
     * the population in memory order, each thread counting its share into
     * its own table, then the tables added up (integers: any order). */
    size_t cells = len * alphabet;
    memset(counts, 0, threads * cells * sizeof *counts);
#pragma omp parallel num_threads(threads) if (n >= STATS_PARALLEL_MIN)
    {
        unsigned t = 0;
#ifdef _OPENMP
        t = (unsigned)omp_get_thread_num();
#endif
        unsigned long *mine = counts + t * cells;
#pragma omp for schedule(dynamic, 1024)
        for (long i = 0; i < (long)n; i++) {
            const ga_gene *g = genes + (size_t)i * stride;
            for (size_t locus = 0; locus < len; locus++)
                mine[locus * alphabet + g[locus]]++;
        }
    }
    for (unsigned t = 1; t < threads; t++)
        for (size_t c = 0; c < cells; c++)
            counts[c] += counts[t * cells + c];
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

double ga_stats_diversity_real(const ga_gene *genes, size_t n, size_t stride, const struct ga_genome *gen)
{
    double sum = 0;
    for (size_t k = 0; k < gen->reals; k++) {
        double mean = 0, m2 = 0; /* Welford, in population order: the same at any thread count */
        for (size_t i = 0; i < n; i++) {
            double x = ga_genome_creals(genes + i * stride)[k], d = x - mean;
            mean += d / (double)(i + 1);
            m2 += d * (x - mean);
        }
        sum += sqrt(m2 / (double)n) / (gen->upper[k] - gen->lower[k]);
    }
    return gen->reals ? sqrt(12.0) * sum / (double)gen->reals : 0;
}
