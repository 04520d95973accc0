/* tests/test_core.c — the evolutionary core: statistics, selection, elitism, rates, stops, determinism. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "gaexp/pack.h"
#include "gaexp/rng.h"
#include "ga/select.h"
#include "gaexp/stats.h"
#include "testlib.h"

static void test_stats_fitness(void **unused)
{
    (void)unused;
    const double f[] = {4, 2, 9, 2, 3};
    struct ga_stats s;
    ga_stats_fitness(f, 5, 1, &s);
    assert_true(s.best == 2 && s.worst == 9);
    assert_int_equal(s.best_index, 1); /* ties: the first in population order */
    assert_true(fabs(s.mean - 4.0) < 1e-12);
    /* sample variance: (0 + 4 + 25 + 4 + 1) / 4 = 8.5 */
    assert_true(fabs(s.sd - sqrt(8.5)) < 1e-12);
}

/* The best, worst and moments against plain scans ('<' and '>': the first
 * index on ties) of ga/stats.c's 64 blocks in order, a later block winning
 * only with a strictly better value: without NaN, the same as one plain
 * scan of the whole population.  Sizes around the block edges and one past
 * the parallel threshold; values with many ties, 0 beside -0 (the value
 * stored at the index is reported), infinities of both signs (a NaN sum)
 * and NaNs (a scan skips them, but one that starts on a NaN keeps it); one
 * thread and two give the same bits. */
static void test_stats_fitness_plain_scan(void **unused)
{
    (void)unused;
    enum { MAX = 20000 };
    static double f[MAX];
    const size_t sizes[] = {1, 2, 3, 4, 5, 63, 64, 65, 127, 128, 129, 1000, 1001, 4097, 16385, MAX};
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 11);
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
        for (int kind = 0; kind < 5; kind++) {
            size_t n = sizes[k], block = (n + 63) / 64;
            for (size_t i = 0; i < n; i++) {
                double x = (double)gsl_rng_uniform_int(r, kind == 0 || kind == 4 ? 1000000 : 5);
                f[i] = kind == 2 && x == 0 ? (i % 2 ? -0.0 : 0.0)
                       : kind == 3 && x == 4 ? INFINITY
                       : kind == 3 && x == 3 ? -INFINITY
                       : kind == 4 && x < 200000 ? NAN /* a fifth, beside distinct values */
                                                 : x;
            }
            size_t best = 0, worst = 0;
            double sum = 0.0;
            for (size_t start = 0; start < n; start += block) {
                size_t end = start + block < n ? start + block : n, low = start, high = start;
                for (size_t i = start; i < end; i++) {
                    low = f[i] < f[low] ? i : low;
                    high = f[i] > f[high] ? i : high;
                    sum += f[i];
                }
                best = f[low] < f[best] ? low : best;
                worst = f[high] > f[worst] ? high : worst;
            }
            struct ga_stats one, two;
            ga_stats_fitness(f, n, 1, &one);
            ga_stats_fitness(f, n, 2, &two);
            assert_int_equal(one.best_index, best);
            assert_memory_equal(&one.best, &f[best], sizeof one.best); /* the sign of a zero too */
            assert_memory_equal(&one.worst, &f[worst], sizeof one.worst);
            if (kind < 3)
                assert_true(fabs(one.mean - sum / (double)n) <= 1e-12 * fabs(sum / (double)n));
            assert_int_equal(two.best_index, one.best_index);
            assert_memory_equal(&two.mean, &one.mean, sizeof one.mean);
            assert_memory_equal(&two.sd, &one.sd, sizeof one.sd);
            assert_memory_equal(&two.worst, &one.worst, sizeof one.worst);
        }
    gsl_rng_free(r);
}

static void test_stats_diversity(void **unused)
{
    (void)unused;
    unsigned long counts[4 * 3];
    const ga_gene same[] = {1, 2, 0, 1, 1, 2, 0, 1, 1, 2, 0, 1};
    assert_true(ga_stats_diversity(same, 3, 4, 4, 3, 1, counts) == 0.0);
    const ga_gene apart[] = {0, 0, 0, 0, 1, 1, 1, 1};
    assert_true(ga_stats_diversity(apart, 2, 4, 4, 3, 1, counts) == 1.0);
    /* Three genomes of length 2: distances d(0,1)=1, d(0,2)=2, d(1,2)=1;
     * mean = 4/3 genes, as a fraction of 2: 2/3. */
    const ga_gene mixed[] = {0, 0, 0, 1, 1, 1};
    assert_true(fabs(ga_stats_diversity(mixed, 3, 2, 2, 3, 1, counts) - 2.0 / 3.0) < 1e-12);
    /* Two alleles take their own path (ones counted per locus): the same. */
    assert_true(ga_stats_diversity(apart, 2, 4, 4, 2, 1, counts) == 1.0);
    assert_true(fabs(ga_stats_diversity(mixed, 3, 2, 2, 2, 1, counts) - 2.0 / 3.0) < 1e-12);
}

/* Bits: the two-allele path gives the very double of the general count
 * (a third allele never present), on one thread and on two. */
static void test_stats_diversity_bits(void **unused)
{
    (void)unused;
    enum { N = 37, LEN = 53, STRIDE = 64 };
    static ga_gene genes[N * STRIDE];
    static unsigned long counts[2 * LEN * 3];
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 7);
    for (size_t i = 0; i < N; i++)
        for (size_t locus = 0; locus < LEN; locus++) /* loci more and less mixed */
            genes[i * STRIDE + locus] = gsl_rng_uniform(r) < (double)locus / LEN ? 1 : 0;
    double general = ga_stats_diversity(genes, N, LEN, STRIDE, 3, 1, counts);
    assert_true(general > 0.1 && general < 0.5);
    assert_true(ga_stats_diversity(genes, N, LEN, STRIDE, 2, 1, counts) == general);
    assert_true(ga_stats_diversity(genes, N, LEN, STRIDE, 2, 2, counts) == general);
    gsl_rng_free(r);
}

static void test_tournament_picks_the_fitter(void **unused)
{
    (void)unused;
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 42);
    /* Binary tournament over {worse, better} drawn with replacement: the
     * better one wins 3 of the 4 equally likely pairs. */
    const double f[] = {1.0, 0.0};
    int wins = 0, trials = 100000;
    for (int i = 0; i < trials; i++)
        wins += ga_select_tournament(f, 2, 2, r) == 1;
    assert_true(fabs((double)wins / trials - 0.75) < 0.01);
    /* Ties go to the first drawn, so equal fitness picks uniformly. */
    const double tie[] = {5.0, 5.0};
    wins = 0;
    for (int i = 0; i < trials; i++)
        wins += ga_select_tournament(tie, 2, 2, r) == 1;
    assert_true(fabs((double)wins / trials - 0.5) < 0.01);
    /* With k contestants over fitness = index, P(winner >= m) = ((n-m)/n)^k. */
    double ranked[10];
    for (int i = 0; i < 10; i++)
        ranked[i] = i;
    int high = 0;
    for (int i = 0; i < trials; i++)
        high += ga_select_tournament(ranked, 10, 3, r) >= 5;
    assert_true(fabs((double)high / trials - 0.125) < 0.01);
    gsl_rng_free(r);
}

/* The batched tournaments draw exactly what one-at-a-time tournaments draw,
 * with ties, across the look-ahead's chunks, and for tournaments too large
 * to draw ahead; the generator ends in the same state. */
static void test_tournaments_match_one_at_a_time(void **unused)
{
    (void)unused;
    enum { N = 1000, COUNT = 700 };
    double fitness[N];
    for (int i = 0; i < N; i++)
        fitness[i] = (double)((i * 7919) % 37); /* many ties */
    const unsigned sizes[] = {2, 3, 7, 256, 257, 900};
    gsl_rng *one = gsl_rng_alloc(ga_rng_xoshiro256ss), *batch = gsl_rng_alloc(ga_rng_xoshiro256ss);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        gsl_rng_set(one, 1000 + s);
        gsl_rng_set(batch, 1000 + s);
        size_t winners[COUNT];
        ga_select_tournaments(fitness, N, sizes[s], batch, COUNT, winners);
        for (size_t i = 0; i < COUNT; i++)
            assert_int_equal(winners[i], ga_select_tournament(fitness, N, sizes[s], one));
        assert_int_equal(gsl_rng_get(one), gsl_rng_get(batch));
    }
    gsl_rng_free(one);
    gsl_rng_free(batch);
}

/* Population slots: a genome of up to a line never straddles two, a longer
 * one starts a line; a 5x5 grid's individuals start on line boundaries. */
static void test_genome_stride(void **unused)
{
    (void)unused;
    const size_t len[] = {1, 2, 3, 9, 25, 32, 33, 1000}, stride[] = {1, 2, 4, 16, 32, 32, 64, 1024};
    for (size_t i = 0; i < sizeof len / sizeof len[0]; i++)
        assert_int_equal(ga_genome_stride(len[i]), stride[i]);
    struct test_experiment *t = test_experiment_alloc("problem = { name = \"derful\"; n = 5; };"
                                                      "ga = { population = 10; };");
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, 1);
    for (size_t i = 0; i < 10; i++)
        assert_int_equal((uintptr_t)ga_run_individual(run, i) % GA_GENOME_LINE, 0);
    ga_run_free(run);
    test_experiment_free(t);
}

/* ga_rng_first_below makes exactly the draws of the loop it replaces, on
 * xoshiro256** (through its local copy of the state) and on a GSL generator. */
static void test_rng_first_below_is_the_loop(void **unused)
{
    (void)unused;
    const gsl_rng_type *types[] = {ga_rng_xoshiro256ss, gsl_rng_mt19937};
    const double shares[] = {0.0, 1.0 / 30, 0.5, 1.0};
    for (size_t t = 0; t < 2; t++)
        for (size_t s = 0; s < sizeof shares / sizeof shares[0]; s++) {
            gsl_rng *loop = gsl_rng_alloc(types[t]), *skip = gsl_rng_alloc(types[t]);
            gsl_rng_set(loop, 11 + s);
            gsl_rng_set(skip, 11 + s);
            size_t hits = 0;
            for (size_t i = 0, k = 0; i < 1000; i++, k++) {
                while (k < 1000 && ga_rng_uniform(loop) >= shares[s])
                    k++;
                i = ga_rng_first_below(skip, shares[s], i, 1000);
                assert_int_equal(i, k);
                hits += i < 1000;
            }
            assert_int_equal(gsl_rng_get(loop), gsl_rng_get(skip));
            assert_true(shares[s] == 0.0 ? hits == 0 : hits > 0);
            gsl_rng_free(loop);
            gsl_rng_free(skip);
        }
}

static void test_rng_below_is_uniform(void **unused)
{
    (void)unused;
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 7);
    int counts[7] = {0};
    for (int i = 0; i < 70000; i++)
        counts[ga_rng_below(r, 7)]++;
    for (int i = 0; i < 7; i++)
        assert_true(abs(counts[i] - 10000) < 500);
    /* Streams for neighbouring (generation, block) keys differ. */
    assert_true(ga_rng_stream_seed(1, 0, 0) != ga_rng_stream_seed(1, 0, 1));
    assert_true(ga_rng_stream_seed(1, 1, 0) != ga_rng_stream_seed(1, 0, 1));
    assert_true(ga_rng_stream_seed(1, 0, 0) != ga_rng_stream_seed(2, 0, 0));
    gsl_rng_free(r);
}

static const char onemax_text[] =
    "problem = { name = \"onemax\"; bits = 200; };\n"
    "ga = { population = 60; crossover = { rate = 0.9; };\n"
    "       mutation = { rate = 0.05; per = \"gene\"; };\n"
    "       stop = { generations = 40; fitness = -1.0; }; };\n";

static void test_elite_survives(void **unused)
{
    (void)unused;
    struct test_experiment *t = test_experiment_alloc(onemax_text);
    struct ga_run *run = test_run_alloc(t);
    size_t len = ga_run_genome(run)->len;
    ga_gene *previous = malloc(len * sizeof *previous);
    ga_run_init(run, 5);
    for (int g = 0; g < 40; g++) {
        double best = ga_run_stats(run)->best;
        memcpy(previous, ga_run_best(run), len * sizeof *previous);
        assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
        /* Slot 0 holds the previous best, unchanged, with its fitness. */
        assert_memory_equal(ga_run_individual(run, 0), previous, len * sizeof *previous);
        assert_true(ga_run_fitness(run, 0) == best);
        assert_true(ga_run_stats(run)->best <= best);
    }
    assert_int_equal(ga_run_iterate(run), GA_STOP_GENERATIONS);
    free(previous);
    ga_run_free(run);
    test_experiment_free(t);
}

static int compare_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* With elite e, slots 0..e-1 hold the e best of the previous generation. */
static void test_several_elites(void **unused)
{
    (void)unused;
    const char *sets[] = {"ga.scheme.generational.elite=5", "ga.selection.tournament.size=3", NULL};
    struct test_experiment *t = test_experiment_with(onemax_text, sets);
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, 9);
    for (int g = 0; g < 10; g++) {
        double sorted[60];
        for (size_t i = 0; i < 60; i++)
            sorted[i] = ga_run_fitness(run, i);
        qsort(sorted, 60, sizeof *sorted, compare_double);
        ga_run_iterate(run);
        for (size_t k = 0; k < 5; k++)
            assert_true(ga_run_fitness(run, k) == sorted[k]);
    }
    ga_run_free(run);
    test_experiment_free(t);
}

/* The stats reported for a generation agree with the population itself. */
static void test_stats_match_population(void **unused)
{
    (void)unused;
    struct test_experiment *t = test_experiment_alloc(onemax_text);
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, 3);
    for (int g = 0; g < 5; g++)
        ga_run_iterate(run);
    const struct ga_genome *gen = ga_run_genome(run);
    double sum = 0, best = INFINITY;
    for (size_t i = 0; i < 60; i++) {
        double f = t->e->problem->evaluate(gen, ga_run_individual(run, i));
        assert_true(f == ga_run_fitness(run, i)); /* cached fitness is the true fitness */
        sum += f;
        best = f < best ? f : best;
    }
    assert_true(fabs(ga_run_stats(run)->mean - sum / 60) < 1e-9);
    assert_true(ga_run_stats(run)->best == best);
    ga_run_free(run);
    test_experiment_free(t);
}

/* A test problem: genes start at 0; fitness counts the genes that are 1,
 * so a child's fitness tells how many genes mutation touched. */
static void zeros_shape(const void *state, size_t *len, unsigned *alphabet)
{
    (void)state;
    *len = 1000;
    *alphabet = 2;
}
static void zeros_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    (void)r;
    memset(g, 0, gen->len * sizeof *g);
}
static double zeros_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    double ones = 0;
    for (size_t i = 0; i < gen->len; i++)
        ones += g[i];
    return ones;
}

static const struct ga_problem zeros_problem = {
    .name = "zeros", .kind = GA_KIND_BITS, .shape = zeros_shape, .init = zeros_init,
    .evaluate = zeros_evaluate,
};

static struct ga_params zeros_params(double rate, enum ga_rate_unit unit)
{
    struct ga_params p = {
        .population = 2001, .generations = 1, .stop_fitness = -1, .select.tournament = 2,
        .crossover_rate = 0, .mutation_rate = rate, .mutation_unit = unit,
        .crossover = &ga_crossover_onepoint, .mutation = &ga_mutation_flip, .threads = 1,
    };
    ga_scheme_defaults(NULL, &p); /* generational, an elite of 1 */
    return p;
}

/* Mean ones per bred child after one generation, and the share of children changed. */
static void zeros_one_generation(const struct ga_params *p, double *mean_ones, double *changed)
{
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_run *run = ga_run_alloc(&zeros_problem, NULL, p, &diag);
    assert_non_null(run);
    ga_run_init(run, 11);
    ga_run_iterate(run);
    double ones = 0, touched = 0;
    for (size_t i = 1; i < p->population; i++) {
        ones += ga_run_fitness(run, i);
        touched += ga_run_fitness(run, i) > 0;
    }
    *mean_ones = ones / (double)(p->population - 1);
    *changed = touched / (double)(p->population - 1);
    /* Unchanged children were not evaluated: the count says how many changed. */
    assert_int_equal(ga_run_stats(run)->evaluations, p->population + (unsigned long long)touched);
    ga_run_free(run);
}

static void test_mutation_rate_units(void **unused)
{
    (void)unused;
    double ones, changed;
    struct ga_params per_gene = zeros_params(0.02, GA_PER_GENE);
    zeros_one_generation(&per_gene, &ones, &changed);
    assert_true(fabs(ones - 20.0) < 0.5); /* 1000 genes x 0.02 */
    struct ga_params per_individual = zeros_params(0.3, GA_PER_INDIVIDUAL);
    zeros_one_generation(&per_individual, &ones, &changed);
    assert_true(fabs(changed - 0.3) < 0.03); /* 30% of children, one gene each */
    assert_true(fabs(ones - 0.3) < 0.03);
    struct ga_params all = zeros_params(1.0, GA_PER_GENE);
    zeros_one_generation(&all, &ones, &changed);
    assert_true(ones == 1000.0);
}

static void test_evaluate_all_counts(void **unused)
{
    (void)unused;
    const char *sets[] = {"ga.evaluate_all=true", NULL};
    struct test_experiment *t = test_experiment_with(onemax_text, sets);
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, 1);
    while (ga_run_iterate(run) == GA_CONTINUE)
        ;
    /* N + G (N - 1), the benchmark GA's cost. */
    assert_int_equal(ga_run_stats(run)->evaluations, 60 + 40 * 59);
    ga_run_free(run);
    test_experiment_free(t);
}

static void test_stop_rules(void **unused)
{
    (void)unused;
    /* The evaluation budget is never exceeded. */
    struct test_experiment *t = test_experiment_alloc(
        "problem = { name = \"onemax\"; bits = 50; };"
        "ga = { population = 100; evaluate_all = true; stop = { generations = 1000; evaluations = 1000; fitness = -1.0; }; };");
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, 1);
    enum ga_stop why;
    while ((why = ga_run_iterate(run)) == GA_CONTINUE)
        ;
    assert_int_equal(why, GA_STOP_EVALUATIONS);
    assert_true(ga_run_stats(run)->evaluations <= 1000);
    assert_true(ga_run_stats(run)->evaluations > 1000 - 99);
    ga_run_free(run);
    test_experiment_free(t);

    /* A reachable target stops the run as soon as the best reaches it. */
    t = test_experiment_alloc("problem = { name = \"onemax\"; bits = 20; };"
                              "ga = { population = 50; stop = { generations = 1000; fitness = 3.0; }; };");
    run = test_run_alloc(t);
    ga_run_init(run, 2);
    while (ga_run_stats(run)->best > 3.0)
        assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
    assert_int_equal(ga_run_iterate(run), GA_STOP_FITNESS);
    assert_true(ga_run_stats(run)->generation > 0);
    ga_run_free(run);
    test_experiment_free(t);
}

/* Runs an experiment to the end and returns a digest of every generation. */
/* A hash of every generation's statistics and best individual, and of the
 * final population's first 'individuals', as the run goes from seed to its end. */
static uint64_t digest_run(struct ga_run *run, uint64_t seed, size_t individuals)
{
    ga_run_init(run, seed);
    uint64_t h = 1469598103934665603ULL;
    size_t len = ga_run_genome(run)->len;
    do {
        const struct ga_stats *s = ga_run_stats(run);
        double row[] = {s->best, s->mean, s->sd, s->worst, s->diversity, (double)s->evaluations};
        const unsigned char *bytes = (const unsigned char *)row;
        for (size_t i = 0; i < sizeof row; i++)
            h = (h ^ bytes[i]) * 1099511628211ULL;
        const unsigned char *best = (const unsigned char *)ga_run_best(run);
        for (size_t i = 0; i < len * sizeof(ga_gene); i++)
            h = (h ^ best[i]) * 1099511628211ULL;
    } while (ga_run_iterate(run) == GA_CONTINUE);
    for (size_t i = 0; i < individuals; i++) {
        const unsigned char *g = (const unsigned char *)ga_run_individual(run, i);
        for (size_t k = 0; k < len * sizeof(ga_gene); k++)
            h = (h ^ g[k]) * 1099511628211ULL;
    }
    return h;
}

static uint64_t run_digest(const char *text, uint64_t seed, unsigned threads)
{
    char threads_set[32];
    snprintf(threads_set, sizeof threads_set, "ga.threads=%u", threads);
    const char *sets[] = {threads_set, NULL};
    struct test_experiment *t = test_experiment_with(text, sets);
    struct ga_run *run = test_run_alloc(t);
    uint64_t h = digest_run(run, seed, 0);
    ga_run_free(run);
    test_experiment_free(t);
    return h;
}

static void test_same_seed_same_run_any_threads(void **unused)
{
    (void)unused;
    const char *derful = "problem = { name = \"derful\"; n = 4; };"
                         "ga = { population = 700; stop = { generations = 30; fitness = -1.0; }; };";
    uint64_t one = run_digest(derful, 77, 1);
    assert_true(one == run_digest(derful, 77, 1));
    assert_true(one == run_digest(derful, 77, 2));
    assert_true(one == run_digest(derful, 77, 4));
    assert_true(one != run_digest(derful, 78, 1));
    uint64_t om = run_digest(onemax_text, 3, 1);
    assert_true(om == run_digest(onemax_text, 3, 3));
}

/* Islands: the same run at any thread count, with either topology; and
 * the islands are really apart (a run of 2 islands differs from the same
 * seed's single population of twice the size). */
static void test_islands_any_threads(void **unused)
{
    (void)unused;
    const char *ring = "problem = { name = \"derful\"; n = 4; };"
                       "ga = { population = 300; islands = { count = 3; migration = { interval = 3; size = 2; }; };"
                       "  stop = { generations = 25; fitness = -1.0; }; };";
    const char *complete = "problem = { name = \"derful\"; n = 4; };"
                           "ga = { population = 300; islands = { count = 3; migration = { interval = 2;"
                           "  topology = \"complete\"; }; }; scheme = { generational = { elite = 3; }; };"
                           "  stop = { generations = 25; fitness = -1.0; }; };";
    const char *single = "problem = { name = \"derful\"; n = 4; };"
                         "ga = { population = 900; stop = { generations = 25; fitness = -1.0; }; };";
    uint64_t one = run_digest(ring, 5, 1);
    assert_true(one == run_digest(ring, 5, 2));
    assert_true(one == run_digest(ring, 5, 4));
    uint64_t all = run_digest(complete, 5, 1);
    assert_true(all == run_digest(complete, 5, 3));
    assert_true(one != all && one != run_digest(single, 5, 1));
}

/* The individuals of island k, genome by genome, as one byte string each. */
static bool island_holds(struct ga_run *run, size_t n, size_t k, const ga_gene *genes, size_t len)
{
    for (size_t i = k * n; i < (k + 1) * n; i++)
        if (memcmp(ga_run_individual(run, i), genes, len * sizeof *genes) == 0)
            return true;
    return false;
}

/* Migration moves genomes: with no variation (rates 0) nothing new is ever
 * made, so an island can only hold another island's genome by migration.
 * After generation 1 (interval 1, size 1, ring) island k holds island
 * k - 1's best of generation 0 (kept by elitism), and island k - 2's does
 * not reach it yet; evaluations count every island. */
static void test_islands_migrate_on_the_ring(void **unused)
{
    (void)unused;
    enum { N = 40, ISLANDS = 3, LEN = 16 };
    struct test_experiment *t = test_experiment_alloc(
        "problem = { name = \"derful\"; n = 4; };"
        "ga = { population = 40; evaluate_all = true; crossover = { rate = 0.0; }; mutation = { rate = 0.0; };"
        "  islands = { count = 3; migration = { interval = 1; size = 1; topology = \"ring\"; }; }; };");
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, 11);
    assert_int_equal(ga_run_stats(run)->evaluations, N * ISLANDS);
    ga_gene best[ISLANDS][LEN];
    for (size_t k = 0; k < ISLANDS; k++) {
        size_t b = k * N;
        for (size_t i = k * N; i < (k + 1) * N; i++)
            if (ga_run_fitness(run, i) < ga_run_fitness(run, b))
                b = i;
        memcpy(best[k], ga_run_individual(run, b), sizeof best[k]);
        assert_false(island_holds(run, N, (k + 1) % ISLANDS, best[k], LEN));
    }
    assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
    assert_int_equal(ga_run_stats(run)->evaluations, N * ISLANDS + (N - 1) * ISLANDS);
    for (size_t k = 0; k < ISLANDS; k++) {
        assert_true(island_holds(run, N, k, best[k], LEN));
        assert_true(island_holds(run, N, (k + 1) % ISLANDS, best[k], LEN));
        assert_false(island_holds(run, N, (k + 2) % ISLANDS, best[k], LEN));
    }
    ga_run_free(run);
    test_experiment_free(t);
}

/* Islands over processes (struct ga_link), simulated by threads: each
 * breeds its share of the islands and an all-gather through shared memory
 * makes every population whole again. */
struct link_world {
    pthread_barrier_t barrier;
    unsigned char *shared;
};

struct link_process {
    struct link_world *world;
    struct ga_link link;
    const struct test_experiment *t;
    uint64_t digest;
};

static void link_gather(void *ctx, void *block, const size_t *sizes, const size_t *offsets)
{
    struct link_process *me = ctx;
    unsigned ranks = me->link.ranks, rank = me->link.rank;
    size_t whole = offsets[ranks - 1] + sizes[ranks - 1];
    memcpy(me->world->shared + offsets[rank], (unsigned char *)block + offsets[rank], sizes[rank]);
    pthread_barrier_wait(&me->world->barrier);
    memcpy(block, me->world->shared, whole);
    pthread_barrier_wait(&me->world->barrier);
}

static void *link_process_main(void *arg)
{
    struct link_process *me = arg;
    struct ga_params params = me->t->e->params;
    params.link = &me->link;
    struct ga_diag diag = {0};
    struct ga_run *run = ga_run_alloc(me->t->e->problem, me->t->e->state, &params, &diag);
    me->digest = run ? digest_run(run, 9, 5 * 60) : 0;
    ga_run_free(run);
    return NULL;
}

/* The same run as one process, with 5 islands over 2 (3, 2 islands) and 3
 * processes, a time limit (shared stop) or not; and every process
 * ends with the same population. */
static void test_islands_over_processes(void **unused)
{
    (void)unused;
    const char *texts[] = {
        "problem = { name = \"derful\"; n = 4; }; ga = { population = 60; islands = { count = 5;"
        "  migration = { interval = 3; size = 2; }; }; stop = { generations = 30; fitness = -1.0; }; };",
        "problem = { name = \"derful\"; n = 4; }; ga = { population = 60; islands = { count = 5;"
        "  migration = { interval = 2; topology = \"complete\"; }; }; scheme = { generational = { elite = 2; }; };"
        "  stop = { generations = 30; fitness = -1.0; seconds = 1e6; }; };",
    };
    for (size_t k = 0; k < 2; k++) {
        struct test_experiment *t = test_experiment_alloc(texts[k]);
        struct ga_run *alone = test_run_alloc(t);
        uint64_t expected = digest_run(alone, 9, 5 * 60);
        ga_run_free(alone);
        for (unsigned ranks = 2; ranks <= 3; ranks++) {
            struct link_world world = {.shared = malloc(1 << 20)};
            assert_non_null(world.shared);
            pthread_barrier_init(&world.barrier, NULL, ranks);
            struct link_process procs[3];
            pthread_t threads[3];
            for (unsigned r = 0; r < ranks; r++) {
                procs[r] = (struct link_process){&world, {r, ranks, &procs[r], link_gather}, t, 0};
                assert_int_equal(pthread_create(&threads[r], NULL, link_process_main, &procs[r]), 0);
            }
            for (unsigned r = 0; r < ranks; r++) {
                pthread_join(threads[r], NULL);
                assert_true(procs[r].digest == expected);
            }
            pthread_barrier_destroy(&world.barrier);
            free(world.shared);
        }
        test_experiment_free(t);
    }
}

/* A packed run unpacks; one whose elapsed time is not a sane number of
 * seconds (ga_run_pack writes it after five 64-bit fields) is refused: it
 * would overflow the clock (found by tests/fuzz/fuzz_checkpoint). */
static void test_unpack_refuses_bad_seconds(void **unused)
{
    (void)unused;
    struct test_experiment *t = test_experiment_alloc(onemax_text);
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, 9);
    struct ga_pack p = {0};
    ga_run_pack(run, &p);
    assert_false(p.oom);
    const double bad[] = {1e300, -1.0, NAN, INFINITY};
    struct ga_unpack u = {p.data, p.len, false};
    assert_true(ga_run_unpack(run, &u) && u.left == 0);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memcpy(p.data + 5 * sizeof(uint64_t), &bad[i], sizeof bad[i]);
        u = (struct ga_unpack){p.data, p.len, false};
        assert_false(ga_run_unpack(run, &u));
    }
    ga_pack_free(&p);
    ga_run_free(run);
    test_experiment_free(t);
}

/* ---- faults: hooks that break their contract (ga_run_fault) ---------------------------------- */

/* OneMax whose evaluate lies once a genome has 'lie_at' ones (the count of
 * zeros is the fitness): it returns 'lie' instead, some generations in. */
struct fault_state {
    unsigned lie_at;
    double lie;
};

static double fault_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct fault_state *s = gen->state;
    unsigned ones = 0;
    for (size_t i = 0; i < gen->len; i++)
        ones += g[i];
    return ones >= s->lie_at ? s->lie : (double)(gen->len - ones);
}

/* The same, but a hidden counter moves every answer: not repeatable. */
static double fault_drifting(const struct ga_genome *gen, const ga_gene *g)
{
    static _Atomic unsigned long calls;
    return fault_evaluate(gen, g) + (double)(calls++ % 3);
}

static void fault_shape(const void *state, size_t *len, unsigned *alphabet)
{
    (void)state;
    *len = 40;
    *alphabet = 2;
}

static void fault_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        g[i] = (ga_gene)ga_rng_below(r, 2);
}

static bool fault_valid(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (g[i] > 1)
            return false;
    return true;
}

/* A mutation that writes a 2 into a bit: an invalid genome. */
static bool fault_bad_at(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    (void)gen, (void)r;
    g[pos] = 2;
    return true;
}

static const struct ga_mutation fault_bad_mutation = {.name = "breaks", .summary = "", .at = fault_bad_at};

static struct ga_problem fault_problem(double (*evaluate)(const struct ga_genome *, const ga_gene *))
{
    return (struct ga_problem){.name = "lying", .kind = GA_KIND_BITS, .shape = fault_shape, .init = fault_init,
                               .evaluate = evaluate, .valid = fault_valid};
}

/* Runs a lying problem under the parameters of 'sets' until it stops;
 * the stop and a copy of the fault. */
static enum ga_stop fault_run(const struct ga_problem *p, const struct fault_state *state, const char *const *sets,
                              unsigned threads, const struct ga_mutation *mutation, struct ga_fault *fault)
{
    struct test_experiment *t = test_experiment_with(onemax_text, sets);
    assert_non_null(t->e);
    struct ga_params params = t->e->params;
    params.threads = threads;
    if (mutation)
        params.mutation = mutation;
    struct ga_run *run = ga_run_alloc(p, state, &params, &t->diag);
    assert_non_null(run);
    enum ga_stop why = ga_run_init(run, 3);
    while (why == GA_CONTINUE)
        why = ga_run_iterate(run);
    *fault = ga_run_fault(run) ? *ga_run_fault(run) : (struct ga_fault){0};
    if (why == GA_STOP_FAULT) {
        assert_int_equal(ga_run_iterate(run), GA_STOP_FAULT); /* it stays stopped */
        for (size_t i = 0; i < 40; i++) /* the genome at fault is the one that lied */
            assert_true(fault->genes[i] <= 2);
    }
    ga_run_free(run);
    test_experiment_free(t);
    return why;
}

/* NaN, infinities and negative values stop the run in every scheme, the
 * same fault at 1, 2 and 4 threads, some generations in. */
static void test_fault_fitness(void **unused)
{
    (void)unused;
    const struct ga_problem p = fault_problem(fault_evaluate);
    const double lies[] = {NAN, INFINITY, -INFINITY, -1.0, -1e-300};
    const char *const schemes[][3] = {
        {"ga.scheme.generational.elite=1", NULL, NULL},
        {"ga.scheme.name=\"steady\"", NULL, NULL},
        {"ga.scheme.name=\"plus\"", NULL, NULL},
        {"ga.scheme.name=\"comma\"", "ga.scheme.comma.lambda=120", NULL},
    };
    for (size_t l = 0; l < sizeof lies / sizeof *lies; l++)
        for (size_t k = 0; k < sizeof schemes / sizeof *schemes; k++) {
            struct fault_state state = {31, lies[l]};
            struct ga_fault first, other;
            assert_int_equal(fault_run(&p, &state, schemes[k], 1, NULL, &first), GA_STOP_FAULT);
            assert_int_equal(first.kind, GA_FAULT_FITNESS);
            assert_string_equal(first.hook, "evaluate");
            assert_string_equal(first.name, "lying");
            assert_true(first.generation > 0);
            assert_memory_equal(&first.value, &lies[l], sizeof first.value);
            for (unsigned threads = 2; threads <= 4; threads *= 2) {
                assert_int_equal(fault_run(&p, &state, schemes[k], threads, NULL, &other), GA_STOP_FAULT);
                assert_int_equal(other.generation, first.generation);
                assert_int_equal(other.individual, first.individual);
            }
        }
    struct fault_state honest = {1000, NAN}; /* never lies */
    struct ga_fault none;
    assert_int_equal(fault_run(&p, &honest, NULL, 2, NULL, &none), GA_STOP_GENERATIONS);
    assert_null(none.hook);
}

/* ga.check: a mutation that breaks genomes, and an evaluate that is not
 * repeatable, are found at once; an honest run is the same with it. */
static void test_fault_check(void **unused)
{
    (void)unused;
    const char *const check[] = {"ga.check=true", NULL};
    struct fault_state honest = {1000, NAN};
    const struct ga_problem p = fault_problem(fault_evaluate), drifting = fault_problem(fault_drifting);
    struct ga_fault f;
    assert_int_equal(fault_run(&p, &honest, check, 2, &fault_bad_mutation, &f), GA_STOP_FAULT);
    assert_int_equal(f.kind, GA_FAULT_INVALID);
    assert_string_equal(f.hook, "mutation");
    assert_string_equal(f.name, "breaks");
    assert_int_equal(f.generation, 1);
    assert_int_equal(fault_run(&p, &honest, NULL, 2, &fault_bad_mutation, &f), GA_STOP_GENERATIONS);
    assert_int_equal(fault_run(&drifting, &honest, check, 1, NULL, &f), GA_STOP_FAULT);
    assert_int_equal(f.kind, GA_FAULT_REPEAT);
    assert_int_equal(f.generation, 0);
    assert_true(f.value != f.again);
    /* The same run with and without the checks: the same statistics, bit for bit. */
    struct test_experiment *a = test_experiment_alloc(onemax_text), *b = test_experiment_with(onemax_text, check);
    struct ga_run *ra = test_run_alloc(a), *rb = test_run_alloc(b);
    assert_int_equal(ga_run_init(ra, 4), GA_CONTINUE);
    assert_int_equal(ga_run_init(rb, 4), GA_CONTINUE);
    enum ga_stop wa, wb;
    do {
        assert_memory_equal(ga_run_stats(ra), ga_run_stats(rb), sizeof(struct ga_stats));
        wa = ga_run_iterate(ra), wb = ga_run_iterate(rb);
        assert_int_equal(wa, wb);
    } while (wa == GA_CONTINUE);
    ga_run_free(ra);
    ga_run_free(rb);
    test_experiment_free(a);
    test_experiment_free(b);
}

/* An evaluate that also fails on what the breaking mutation made: NaN
 * for a genome holding a 2. */
static double fault_evaluate_broken(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (g[i] > 1)
            return NAN;
    return fault_evaluate(gen, g);
}

/* A child that is made invalid and then evaluated to NaN is one fault, the
 * mutation's (made before it was evaluated), at every thread count and in
 * every scheme: faults come first by the child's place, then by phase. */
static void test_fault_order(void **unused)
{
    (void)unused;
    const struct ga_problem p = fault_problem(fault_evaluate_broken);
    struct fault_state honest = {1000, NAN};
    const char *const schemes[][4] = {
        {"ga.check=true", "ga.scheme.generational.elite=1", NULL, NULL},
        {"ga.check=true", "ga.scheme.name=\"steady\"", "ga.scheme.steady.lambda=4", NULL},
        {"ga.check=true", "ga.scheme.name=\"plus\"", NULL, NULL},
        {"ga.check=true", "ga.scheme.name=\"comma\"", "ga.scheme.comma.lambda=120", NULL},
    };
    for (size_t k = 0; k < sizeof schemes / sizeof *schemes; k++) {
        struct ga_fault first, other;
        assert_int_equal(fault_run(&p, &honest, schemes[k], 1, &fault_bad_mutation, &first), GA_STOP_FAULT);
        assert_int_equal(first.kind, GA_FAULT_INVALID);
        assert_string_equal(first.hook, "mutation");
        for (unsigned threads = 2; threads <= 4; threads *= 2) {
            assert_int_equal(fault_run(&p, &honest, schemes[k], threads, &fault_bad_mutation, &other), GA_STOP_FAULT);
            assert_int_equal(other.kind, GA_FAULT_INVALID);
            assert_string_equal(other.hook, "mutation");
            assert_int_equal(other.generation, first.generation);
            assert_int_equal(other.individual, first.individual);
        }
    }
}

/* A problem that declares a genome past what memory can hold is refused
 * by the run (ga_experiment refuses it when configured), not divided by
 * a stride of 0. */
static void huge_shape(const void *state, size_t *len, unsigned *alphabet)
{
    (void)state;
    *len = (size_t)0x7fffffffffffffffULL;
    *alphabet = 2;
}

static void test_fault_huge_genome(void **unused)
{
    (void)unused;
    struct ga_problem p = fault_problem(fault_evaluate);
    p.shape = huge_shape;
    struct test_experiment *t = test_experiment_alloc(onemax_text);
    assert_null(ga_run_alloc(&p, NULL, &t->e->params, &t->diag));
    char msg[1024];
    assert_non_null(strstr(test_first_diag(t, msg, sizeof msg), "GA_GENOME_MAX_LEN"));
    test_experiment_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stats_fitness),
        cmocka_unit_test(test_stats_fitness_plain_scan),
        cmocka_unit_test(test_stats_diversity),
        cmocka_unit_test(test_stats_diversity_bits),
        cmocka_unit_test(test_tournament_picks_the_fitter),
        cmocka_unit_test(test_tournaments_match_one_at_a_time),
        cmocka_unit_test(test_genome_stride),
        cmocka_unit_test(test_rng_below_is_uniform),
        cmocka_unit_test(test_rng_first_below_is_the_loop),
        cmocka_unit_test(test_elite_survives),
        cmocka_unit_test(test_several_elites),
        cmocka_unit_test(test_stats_match_population),
        cmocka_unit_test(test_mutation_rate_units),
        cmocka_unit_test(test_evaluate_all_counts),
        cmocka_unit_test(test_stop_rules),
        cmocka_unit_test(test_same_seed_same_run_any_threads),
        cmocka_unit_test(test_unpack_refuses_bad_seconds),
        cmocka_unit_test(test_islands_any_threads),
        cmocka_unit_test(test_islands_migrate_on_the_ring),
        cmocka_unit_test(test_islands_over_processes),
        cmocka_unit_test(test_fault_fitness),
        cmocka_unit_test(test_fault_order),
        cmocka_unit_test(test_fault_check),
        cmocka_unit_test(test_fault_huge_genome),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
