/* ga/stats.c — per-generation statistics: fitness moments and diversity, on every thread. */
#include "gaexp/stats.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

/* The fitness values are cut into STATS_BLOCKS blocks whose bounds depend on
 * n alone; sums are added block by block in order, so the moments are the
 * same bits for any number of threads. */
#define STATS_BLOCKS 64
#define STATS_PARALLEL_MIN 16384 /* below, waking threads costs more than it saves */

/* A block's sum and its least and greatest values; their first indices
 * only where a NaN sum made the block take the plain scan: the combined
 * best and worst need an index in one block alone. */
struct stats_block {
    double sum, least, most;
    size_t best, worst;
};

/* Whether the block's indices were set by the plain scan (a NaN sum). */
static bool stats_block_indexed(const struct stats_block *p)
{
    return p->sum != p->sum;
}

static size_t stats_block_start(size_t n, size_t b)
{
    size_t size = (n + STATS_BLOCKS - 1) / STATS_BLOCKS;
    return b * size < n ? b * size : n;
}

/* Sums go into four accumulators, element start + i into i mod 4, added
 * up as (s0 + s1) + (s2 + s3): one chain of additions waits four cycles an
 * element, four chains overlap.  The order is fixed all the same.  The
 * four are two vectors of two (GCC's vector extension: SSE2 on x86-64),
 * {s0, s1} and {s2, s3}, so the same sums cost half the instructions. */
typedef double stats_pair __attribute__((vector_size(2 * sizeof(double))));

struct stats_lanes {
    stats_pair low, high; /* {s0, s1}, {s2, s3} */
};

static inline stats_pair stats_load(const double *x)
{
    stats_pair v;
    memcpy(&v, x, sizeof v);
    return v;
}

/* Lane by lane the lesser and the greater; their choice between equal
 * values or with a NaN does not matter (see stats_block_scan). */
static inline stats_pair stats_min(stats_pair a, stats_pair b)
{
#ifdef __SSE2__
    return _mm_min_pd(a, b);
#else
    return (stats_pair){a[0] < b[0] ? a[0] : b[0], a[1] < b[1] ? a[1] : b[1]};
#endif
}

static inline stats_pair stats_max(stats_pair a, stats_pair b)
{
#ifdef __SSE2__
    return _mm_max_pd(a, b);
#else
    return (stats_pair){a[0] > b[0] ? a[0] : b[0], a[1] > b[1] ? a[1] : b[1]};
#endif
}

static inline void stats_lanes_add(struct stats_lanes *l, size_t i, double x)
{
    switch (i % 4) {
    case 0: l->low[0] += x; break;
    case 1: l->low[1] += x; break;
    case 2: l->high[0] += x; break;
    default: l->high[1] += x; break;
    }
}

static inline double stats_lanes_sum(const struct stats_lanes *l)
{
    return (l->low[0] + l->low[1]) + (l->high[0] + l->high[1]);
}

/* The first index in [start, end) holding x. */
static size_t stats_find(const double *fitness, size_t start, size_t end, double x)
{
    size_t i = start;
    while (i + 1 < end && fitness[i] != x)
        i++;
    return i;
}

/* The sum and the least and greatest values of block b, two lanes at a
 * time.  Where a NaN is (the sum is NaN then), the plain scan comparing
 * with '<' and '>' does the block again and keeps the indices it finds. */
static inline __attribute__((always_inline)) struct stats_block stats_block_scan(const double *fitness, size_t n, size_t b)
{
    size_t start = stats_block_start(n, b), end = stats_block_start(n, b + 1);
    struct stats_block p = {0.0, 0.0, 0.0, start, start};
    if (start == end)
        return p;
    struct stats_lanes sum = {{0.0, 0.0}, {0.0, 0.0}};
    stats_pair least = {fitness[start], fitness[start]}, most = least;
    size_t i = start;
    for (; i + 4 <= end; i += 4) {
        stats_pair low = stats_load(fitness + i), high = stats_load(fitness + i + 2);
        sum.low += low;
        sum.high += high;
        least = stats_min(stats_min(low, high), least);
        most = stats_max(stats_max(low, high), most);
    }
    double best = least[0] < least[1] ? least[0] : least[1], worst = most[0] > most[1] ? most[0] : most[1];
    for (; i < end; i++) {
        stats_lanes_add(&sum, i - start, fitness[i]);
        best = fitness[i] < best ? fitness[i] : best;
        worst = fitness[i] > worst ? fitness[i] : worst;
    }
    p.sum = stats_lanes_sum(&sum);
    if (!stats_block_indexed(&p)) { /* no NaN: the index is searched later, in one block */
        p.least = best;
        p.most = worst;
        return p;
    }
    best = worst = fitness[start];
    for (i = start; i < end; i++) { /* a NaN: the plain scan */
        if (fitness[i] < best) {
            best = fitness[i];
            p.best = i;
        }
        if (fitness[i] > worst) {
            worst = fitness[i];
            p.worst = i;
        }
    }
    p.least = fitness[p.best];
    p.most = fitness[p.worst];
    return p;
}

static inline __attribute__((always_inline)) double stats_block_squares(const double *fitness, size_t n, size_t b, double mean)
{
    size_t start = stats_block_start(n, b), end = stats_block_start(n, b + 1), i = start;
    struct stats_lanes ss = {{0.0, 0.0}, {0.0, 0.0}};
    stats_pair m = {mean, mean};
    for (; i + 4 <= end; i += 4) {
        stats_pair low = stats_load(fitness + i) - m, high = stats_load(fitness + i + 2) - m;
        ss.low += low * low;
        ss.high += high * high;
    }
    for (; i < end; i++)
        stats_lanes_add(&ss, i - start, (fitness[i] - mean) * (fitness[i] - mean));
    return stats_lanes_sum(&ss);
}

/* The first index of block b's least (or greatest) value; with b =
 * STATS_BLOCKS, of no block: the first individual's. */
static size_t stats_index(const double *fitness, size_t n, const struct stats_block *part, size_t b, bool least)
{
    if (b == STATS_BLOCKS)
        return 0;
    if (stats_block_indexed(&part[b]))
        return least ? part[b].best : part[b].worst;
    return stats_find(fitness, stats_block_start(n, b), stats_block_start(n, b + 1),
                      least ? part[b].least : part[b].most);
}

/* Adds up the blocks in order: the best and worst (first index on ties)
 * and the mean.  A later block wins only with a strictly better value, so
 * the first index of the winning value is searched in its block alone. */
static void stats_combine(const double *fitness, size_t n, const struct stats_block *part,
                          struct ga_stats *s)
{
    size_t best_block = STATS_BLOCKS, worst_block = STATS_BLOCKS;
    double best = fitness[0], worst = fitness[0], sum = 0.0;
    for (size_t b = 0; b < STATS_BLOCKS; b++) {
        if (stats_block_start(n, b) == stats_block_start(n, b + 1))
            continue; /* empty block */
        sum += part[b].sum;
        if (part[b].least < best) {
            best = part[b].least;
            best_block = b;
        }
        if (part[b].most > worst) {
            worst = part[b].most;
            worst_block = b;
        }
    }
    /* The values as stored there: of 0 and -0, the one at that index. */
    s->best_index = stats_index(fitness, n, part, best_block, true);
    s->best = fitness[s->best_index];
    s->worst = fitness[stats_index(fitness, n, part, worst_block, false)];
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

/* GCC's -O2 vectorizes only loops that need no remainder; this one asks for more. */
#if defined(__GNUC__) && !defined(__clang__)
#define STATS_VECTORIZE __attribute__((optimize("tree-vectorize")))
#else
#define STATS_VECTORIZE
#endif

/* sums[locus] += g[locus] for every locus: no dependence between loci, so
 * it goes several loci at a time. */
STATS_VECTORIZE static void stats_add_genes(unsigned long *restrict sums, const ga_gene *restrict g, size_t len)
{
    for (size_t locus = 0; locus < len; locus++)
        sums[locus] += g[locus];
}

/* sums[b] += bit b of the packed genome g, for its 'bits' bits. */
STATS_VECTORIZE static void stats_add_bits(unsigned long *restrict sums, const ga_gene *restrict g, size_t bits)
{
    const uint64_t *w = ga_genome_cwords(g);
    for (size_t k = 0; k < bits / GA_PACKED_WORD_BITS; k++, sums += GA_PACKED_WORD_BITS)
        for (unsigned b = 0; b < GA_PACKED_WORD_BITS; b++)
            sums[b] += w[k] >> b & 1;
    for (size_t b = 0; b < bits % GA_PACKED_WORD_BITS; b++)
        sums[b] += w[bits / GA_PACKED_WORD_BITS] >> b & 1;
}

/* Adds individuals from..to-1 to one table of counts: the ones at each locus
 * of a two-allele genome (of each bit, STATS_PACKED: len counts bits),
 * otherwise each allele's count at each locus. */
#define STATS_PACKED 0u
static void stats_count_genes(unsigned long *counts, const ga_gene *genes, long from, long to, size_t len,
                              size_t stride, unsigned alphabet)
{
    for (long i = from; i < to; i++) {
        const ga_gene *g = genes + (size_t)i * stride;
        if (alphabet == STATS_PACKED)
            stats_add_bits(counts, g, len);
        else if (alphabet == 2)
            stats_add_genes(counts, g, len);
        else
            for (size_t locus = 0; locus < len; locus++)
                counts[locus * alphabet + g[locus]]++;
    }
}

/* alphabet STATS_PACKED: len bits, counted as two alleles. */
static double stats_diversity(const ga_gene *genes, size_t n, size_t len, size_t stride, unsigned alphabet,
                              unsigned threads, unsigned long *counts)
{
    if (n < 2 || len == 0)
        return 0.0;
    /* Pairs that differ at a locus = (n^2 - sum of squared allele counts) / 2,
     * so the mean pairwise distance needs only the counts: one pass over
     * the population in memory order, each thread counting its share into
     * its own table, then the tables added up (integers: any order).  With
     * two alleles (bits) the count of ones at each locus is all it takes:
     * a sum of the genes, which the compiler does eight loci at a time,
     * where counting by allele is one scattered increment a gene. */
    bool binary = alphabet == 2 || alphabet == STATS_PACKED;
    size_t cells = binary ? len : len * alphabet;
    memset(counts, 0, threads * cells * sizeof *counts);
    if (n < STATS_PARALLEL_MIN || threads == 1) {
        /* No OpenMP construct: even a team of one that its 'if' turns down
         * costs a tiny run more than this count (a futex call each time). */
        stats_count_genes(counts, genes, 0, (long)n, len, stride, alphabet);
    } else {
#pragma omp parallel num_threads(threads)
        {
            unsigned t = 0;
#ifdef _OPENMP
            t = (unsigned)omp_get_thread_num();
#endif
            unsigned long *mine = counts + t * cells;
#pragma omp for schedule(dynamic, 1024)
            for (long i = 0; i < (long)n; i++)
                stats_count_genes(mine, genes, i, i + 1, len, stride, alphabet);
        }
    }
    for (unsigned t = 1; t < threads; t++)
        for (size_t c = 0; c < cells; c++)
            counts[c] += counts[t * cells + c];
    double total = 0.0;
    for (size_t locus = 0; locus < len; locus++) {
        unsigned long long same = 0;
        if (binary) {
            unsigned long long ones = counts[locus], zeros = n - ones;
            same = zeros * zeros + ones * ones;
        } else {
            for (unsigned a = 0; a < alphabet; a++) {
                unsigned long long k = counts[locus * alphabet + a];
                same += k * k;
            }
        }
        total += (double)((unsigned long long)n * n - same) / ((double)n * (double)(n - 1));
    }
    return total / (double)len;
}

double ga_stats_diversity(const ga_gene *genes, size_t n, size_t len, size_t stride, unsigned alphabet,
                          unsigned threads, unsigned long *counts)
{
    return stats_diversity(genes, n, len, stride, alphabet, threads, counts);
}

double ga_stats_diversity_packed(const ga_gene *genes, size_t n, size_t bits, size_t stride, unsigned threads,
                                 unsigned long *counts)
{
    return stats_diversity(genes, n, bits, stride, STATS_PACKED, threads, counts);
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
