/* tests/test_packed.c — packed bits (GA_KIND_PACKED): the operators make the children the unpacked ones make from
 * the same draws, the mutation flips each bit with its probability (chi-squared), problems give the same values. */
#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>

#include "gaexp/stats.h"
#include "problems/pbo/pbo.h"
#include "testlib.h"

/* The significance of every chi-squared test below: a sound mutation fails
 * one with probability 0.001 (the seeds are fixed, so the test is too). */
#define PACKED_ALPHA 0.001

static struct ga_genome packed_shape(size_t bits)
{
    return (struct ga_genome){.len = GA_PACKED_LEN(bits), .alphabet = GA_GENE_MAX + 1u, .kind = GA_KIND_PACKED,
                              .bits = bits};
}

static void packed_from_genes(size_t bits, const ga_gene *g, ga_gene *packed)
{
    memset(packed, 0, GA_PACKED_LEN(bits) * sizeof *packed);
    for (size_t i = 0; i < bits; i++)
        ga_genome_words(packed)[i / 64] |= (uint64_t)g[i] << (i % 64);
}

static void random_bits(gsl_rng *r, size_t bits, ga_gene *g)
{
    for (size_t i = 0; i < bits; i++)
        g[i] = (ga_gene)ga_rng_below(r, 2);
}

/* Lengths around the word's edges, and a long one. */
static const size_t packed_lengths[] = {1, 2, 3, 15, 16, 17, 63, 64, 65, 127, 128, 129, 200, 1000};

/* Every crossover that serves packed bits, on random parents: the same
 * children (bit for bit, padding 0) and the same draws as unpacked. */
static void test_crossovers_as_unpacked(void **unused)
{
    (void)unused;
    const struct ga_crossover *ops[] = {&ga_crossover_onepoint, &ga_crossover_twopoint, &ga_crossover_uniform};
    gsl_rng *parents = test_rng_alloc(1), *r = test_rng_alloc(2), *rp = test_rng_alloc(2);
    ga_gene a[1000], b[1000], ca[1000], cb[1000], pa[64], pb[64], pca[64], pcb[64], want[64];
    unsigned changed = 0;
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {
        assert_true(ops[o]->kinds & GA_KIND_PACKED);
        for (size_t l = 0; l < sizeof packed_lengths / sizeof *packed_lengths; l++) {
            size_t bits = packed_lengths[l];
            struct ga_genome flat = {.len = bits, .alphabet = 2, .kind = GA_KIND_BITS};
            struct ga_genome packed = packed_shape(bits);
            for (int trial = 0; trial < 200; trial++) {
                random_bits(parents, bits, a);
                random_bits(parents, bits, b);
                packed_from_genes(bits, a, pa);
                packed_from_genes(bits, b, pb);
                ops[o]->apply(&flat, r, a, b, ca, cb);
                ops[o]->apply(&packed, rp, pa, pb, pca, pcb);
                packed_from_genes(bits, ca, want);
                assert_memory_equal(want, pca, GA_PACKED_LEN(bits) * sizeof *want);
                packed_from_genes(bits, cb, want);
                assert_memory_equal(want, pcb, GA_PACKED_LEN(bits) * sizeof *want);
                assert_true(ga_genome_packed_valid(&packed, pca) && ga_genome_packed_valid(&packed, pcb));
                changed += memcmp(pca, pa, GA_PACKED_LEN(bits) * sizeof *pa) != 0;
                assert_true(gsl_rng_get(r) == gsl_rng_get(rp)); /* as many draws */
            }
        }
    }
    assert_true(changed > 3 * 14 * 200 / 2); /* the children are not the parents */
    gsl_rng_free(parents);
    gsl_rng_free(r);
    gsl_rng_free(rp);
}

/* A packed test problem whose genomes start at 0: after one generation
 * without crossover each child holds exactly the bits mutation flipped. */
#define ZEROS_BITS 1000
static void zeros_shape(const void *state, size_t *len, unsigned *alphabet)
{
    (void)state;
    *len = ZEROS_BITS;
    *alphabet = 2;
}

static void zeros_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    (void)r;
    memset(g, 0, gen->len * sizeof *g);
}

static double zeros_ones(const struct ga_genome *gen, const ga_gene *g)
{
    double ones = 0;
    for (size_t k = 0; k < GA_PACKED_WORDS(gen->bits); k++)
        ones += __builtin_popcountll(ga_genome_cwords(g)[k]);
    return ones;
}

static const struct ga_problem zeros_packed = {
    .name = "zeros", .kind = GA_KIND_PACKED, .shape = zeros_shape, .init = zeros_init,
    .evaluate = zeros_ones, .valid = ga_genome_packed_valid,
};

/* The chi-squared statistic's upper tail probability of observed counts
 * against expected ones (cells with expectations below 5 pooled, from the
 * top), with 'fitted' parameters estimated from the data. */
static double chi_squared_q(const double *observed, const double *expected, size_t cells)
{
    double stat = 0, o = 0, e = 0;
    size_t used = 0;
    for (size_t c = 0; c < cells; c++) {
        o += observed[c];
        e += expected[c];
        if (e >= 5 || c + 1 == cells) {
            stat += (o - e) * (o - e) / e;
            used++;
            o = e = 0;
        }
    }
    return gsl_cdf_chisq_Q(stat, (double)(used - 1));
}

/* Whether a chi-squared test's upper tail probability q passes, two-sided
 * at PACKED_ALPHA (too regular a count fails too). */
static bool chi_squared_passes(double q)
{
    return q > PACKED_ALPHA / 2 && q < 1 - PACKED_ALPHA / 2;
}

/* One generation of 'children' children of zero genomes at rate p per bit:
 * the number of flips of a child against Binomial(bits, p), and the flips
 * at each bit against Binomial(children, p) (sum of (O - np)^2 / np(1-p)
 * over the bits: chi-squared with 'bits' degrees of freedom), each a
 * chi-squared test at PACKED_ALPHA. */
static void mutation_is_a_coin_per_bit(double p, size_t children, unsigned long seed)
{
    struct ga_params params = {
        .population = children + 1, .generations = 1, .stop_fitness = -1, .select.tournament = 2,
        .crossover_rate = 0, .mutation_rate = p, .mutation_unit = GA_PER_GENE,
        .crossover = &ga_crossover_onepoint, .mutation = &ga_mutation_flip, .threads = 1,
    };
    ga_scheme_defaults(NULL, &params); /* generational, an elite of 1 */
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_run *run = ga_run_alloc(&zeros_packed, NULL, &params, &diag);
    assert_non_null(run);
    ga_run_init(run, seed);
    ga_run_iterate(run);
    static double per_child[ZEROS_BITS + 1], expected[ZEROS_BITS + 1], at_bit[ZEROS_BITS];
    memset(per_child, 0, sizeof per_child);
    memset(at_bit, 0, sizeof at_bit);
    const struct ga_genome *gen = ga_run_genome(run);
    for (size_t i = 1; i <= children; i++) {
        const ga_gene *g = ga_run_individual(run, i);
        assert_true(ga_genome_packed_valid(gen, g));
        per_child[(size_t)zeros_ones(gen, g)]++;
        for (size_t b = 0; b < ZEROS_BITS; b++)
            at_bit[b] += ga_genome_packed_bit(g, b);
    }
    ga_run_free(run);
    for (size_t k = 0; k <= ZEROS_BITS; k++)
        expected[k] = (double)children * gsl_ran_binomial_pdf((unsigned)k, p, ZEROS_BITS);
    double mean = (double)children * p, spread = 0;
    for (size_t b = 0; b < ZEROS_BITS; b++)
        spread += (at_bit[b] - mean) * (at_bit[b] - mean) / (mean * (1 - p));
    double q_count = chi_squared_q(per_child, expected, ZEROS_BITS + 1);
    double q_spread = gsl_cdf_chisq_Q(spread, ZEROS_BITS);
    print_message("rate %g: flips per child P = %.3g, flips per bit P = %.3g\n", p, q_count, q_spread);
    assert_true(chi_squared_passes(q_count));
    assert_true(chi_squared_passes(q_spread));
}

static void test_mutation_chi_squared(void **unused)
{
    (void)unused;
    mutation_is_a_coin_per_bit(0.001, 20000, 3); /* the benchmark's rate: mostly 0 to 3 flips */
    mutation_is_a_coin_per_bit(0.01, 5000, 4);
    mutation_is_a_coin_per_bit(0.3, 2000, 5); /* several flips in every word */
}

/* The packed init draws the bits a bits problem's init draws. */
static void test_init_as_unpacked(void **unused)
{
    (void)unused;
    const struct ga_problem *onemax = ga_catalog_problem(&test_catalog, "onemax");
    ga_gene g[1000], packed[64], want[64];
    for (size_t l = 0; l < sizeof packed_lengths / sizeof *packed_lengths; l++) {
        size_t bits = packed_lengths[l];
        struct ga_genome flat = {.len = bits, .alphabet = 2, .kind = GA_KIND_BITS};
        struct ga_genome pg = packed_shape(bits);
        gsl_rng *r = test_rng_alloc(bits), *rp = test_rng_alloc(bits);
        onemax->init(&flat, r, g);
        ga_genome_packed_init(&pg, rp, packed);
        packed_from_genes(bits, g, want);
        assert_memory_equal(want, packed, GA_PACKED_LEN(bits) * sizeof *want);
        assert_true(gsl_rng_get(r) == gsl_rng_get(rp));
        gsl_rng_free(r);
        gsl_rng_free(rp);
    }
}

/* ga_genome_packed_valid refuses a bit beyond 'bits', accepts any other. */
static void test_valid(void **unused)
{
    (void)unused;
    ga_gene g[GA_PACKED_LEN(130)] = {0};
    struct ga_genome gen = packed_shape(130);
    ga_genome_words(g)[0] = ~UINT64_C(0);
    ga_genome_words(g)[2] = 3; /* bits 128 and 129 */
    assert_true(ga_genome_packed_valid(&gen, g));
    ga_genome_words(g)[2] = 4; /* bit 130 */
    assert_false(ga_genome_packed_valid(&gen, g));
    struct ga_genome full = packed_shape(128);
    ga_genome_words(g)[1] = ~UINT64_C(0);
    assert_true(ga_genome_packed_valid(&full, g));
}

/* The diversity of packed genomes is that of the same bits unpacked. */
static void test_diversity_as_unpacked(void **unused)
{
    (void)unused;
    enum { N = 37, BITS = 131 };
    static ga_gene flat[N * BITS], packed[N * GA_PACKED_LEN(BITS)];
    static unsigned long counts[4 * BITS];
    gsl_rng *r = test_rng_alloc(9);
    for (size_t i = 0; i < N; i++) {
        for (size_t b = 0; b < BITS; b++) /* mostly ones: far from 1/2 */
            flat[i * BITS + b] = ga_rng_below(r, 5) != 0;
        packed_from_genes(BITS, flat + i * BITS, packed + i * GA_PACKED_LEN(BITS));
    }
    double want = ga_stats_diversity(flat, N, BITS, BITS, 2, 1, counts);
    assert_true(want > 0.2 && want < 0.45);
    assert_true(ga_stats_diversity_packed(packed, N, BITS, GA_PACKED_LEN(BITS), 1, counts) == want);
    gsl_rng_free(r);
}

/* A problem configured with and without 'packed = true;' gives the same
 * fitness, columns and text for the same bits. */
static void packed_same_values(const char *problem, size_t bits, gsl_rng *r)
{
    char text[512];
    snprintf(text, sizeof text, "problem = { %s };", problem);
    struct test_experiment *t = test_experiment_alloc(text);
    snprintf(text, sizeof text, "problem = { %s packed = true; };", problem);
    struct test_experiment *tp = test_experiment_alloc(text);
    assert_non_null(t->e);
    assert_non_null(tp->e);
    const struct ga_problem *p = t->e->problem, *pp = tp->e->problem;
    assert_true(pp == ga_problem_packed(p) && pp->kind == GA_KIND_PACKED && strcmp(pp->name, p->name) == 0);
    struct ga_genome gen = ga_problem_genome(p, t->e->state), pgen = ga_problem_genome(pp, tp->e->state);
    assert_true(pgen.bits == bits && pgen.len == GA_PACKED_LEN(bits) && gen.len == bits);
    ga_gene *g = calloc(bits, sizeof *g), *packed = calloc(GA_PACKED_LEN(bits), sizeof *packed);
    char *text_a = NULL, *text_b = NULL;
    size_t size_a, size_b;
    for (int trial = 0; trial < 40; trial++) {
        for (size_t i = 0; i < bits; i++) /* a run of leading ones, then random bits */
            g[i] = i < (size_t)trial * bits / 40 ? 1 : (ga_gene)ga_rng_below(r, 2);
        packed_from_genes(bits, g, packed);
        assert_true(pp->valid(&pgen, packed));
        double f = p->evaluate(&gen, g), fp = pp->evaluate(&pgen, packed);
        if (f != fp)
            fail_msg("%s: fitness %.17g unpacked, %.17g packed", problem, f, fp);
        double v[GA_STATS_PROBLEM_MAX] = {0}, vp[GA_STATS_PROBLEM_MAX] = {0};
        if (ga_problem_columns(p)) {
            struct ga_population one = {g, bits, 1, 0, &f}, onep = {packed, GA_PACKED_LEN(bits), 1, 0, &fp};
            ga_problem_columns(p)->measure(&gen, &one, v);
            ga_problem_columns(pp)->measure(&pgen, &onep, vp);
            assert_memory_equal(v, vp, sizeof v);
        }
        FILE *a = open_memstream(&text_a, &size_a), *b = open_memstream(&text_b, &size_b);
        p->print(&gen, g, a);
        pp->print(&pgen, packed, b);
        fclose(a);
        fclose(b);
        assert_string_equal(text_a, text_b);
        free(text_a);
        free(text_b);
    }
    free(g);
    free(packed);
    test_experiment_free(t);
    test_experiment_free(tp);
}

static void test_problems_as_unpacked(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(12);
    packed_same_values("name = \"onemax\"; bits = 1000;", 1000, r);
    packed_same_values("name = \"onemax\"; bits = 64;", 64, r);
    packed_same_values("name = \"onemax\"; bits = 1;", 1, r);
    packed_same_values("name = \"onemax\"; bits = 300;", 300, r); /* 5 words: the count's four lanes and one after */
    packed_same_values("name = \"onemax\"; bits = 450;", 450, r); /* 8 words, the last one partly */
    /* Every PBO function, on instance 1 (as it is), 7 (bits flipped) and
     * 60 (bits reordered), with a dimension that ends inside a word and,
     * for F1 and F2 (read as words), one that fills its words. */
    for (int f = 1; f <= PBO_FUNCTIONS; f++) {
        int instances[] = {1, 7, 60};
        for (size_t k = 0; k < 3; k++) {
            char text[128];
            snprintf(text, sizeof text, "name = \"pbo\"; function = %d; dimension = 100; instance = %d;", f,
                     instances[k]);
            packed_same_values(text, 100, r);
            if (f <= 2) {
                snprintf(text, sizeof text, "name = \"pbo\"; function = %d; dimension = 128; instance = %d;", f,
                         instances[k]);
                packed_same_values(text, 128, r);
            }
        }
    }
    gsl_rng_free(r);
}

/* A problem without packed storage, a value that is no boolean, a scheme that cannot serve packed bits: refused. */
static void test_refused(void **unused)
{
    (void)unused;
    test_expect_error("problem = { name = \"tsp\"; packed = true; };", "has no packed storage");
    test_expect_error("problem = { name = \"onemax\"; packed = 1; };", "expected true or false");
    /* The (1+(lambda,lambda)) GA works on unpacked bits only: said, not run. */
    test_expect_error("problem = { name = \"onemax\"; packed = true; };"
                      "ga = { population = 1; scheme = { name = \"lambdalambda\"; }; };",
                      "scheme \"lambdalambda\" needs a bits problem; 'onemax' has a packed bits genome");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_crossovers_as_unpacked), cmocka_unit_test(test_mutation_chi_squared),
        cmocka_unit_test(test_init_as_unpacked),       cmocka_unit_test(test_valid),
        cmocka_unit_test(test_diversity_as_unpacked),  cmocka_unit_test(test_problems_as_unpacked),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
