/* tests/test_select.c — every selection scheme draws with the probabilities its formula in gaexp/op.h states. */
#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_cdf.h>

#include "gaexp/registry.h"
#include "gaexp/status.h"
#include "testlib.h"

#define SELECT_N 10
#define SELECT_DRAWS 1000000
#define SELECT_BATCH 64 /* parents a breeding block of the core asks for at once */

/* Distinct values (no ties), unordered, with the optimum 0 among them. */
static const double select_fitness[SELECT_N] = {3.5, 0.5, 7, 2, 9, 1, 4.25, 6, 0, 5};

/* Rank of each individual, 0 = best. */
static void select_ranks(const double *f, size_t *rank)
{
    for (size_t i = 0; i < SELECT_N; i++) {
        rank[i] = 0;
        for (size_t j = 0; j < SELECT_N; j++)
            rank[i] += f[j] < f[i];
    }
}

/* Draws SELECT_DRAWS winners in batches, each from its own stream as the
 * core's blocks do, and returns the chi-squared p-value of the counts
 * against 'expected' (probabilities).  A cell expected never must stay empty. */
static double select_p_value(const char *name, const struct ga_selection_args *a, const double *f,
                             const double *expected)
{
    const struct ga_selection *sel = ga_catalog_selection(&test_catalog, name);
    assert_non_null(sel);
    void *work = sel->work_size ? malloc(sel->work_size(SELECT_N)) : NULL;
    if (sel->prepare)
        sel->prepare(a, f, SELECT_N, work);
    unsigned long counts[SELECT_N] = {0};
    size_t winners[SELECT_BATCH];
    gsl_rng *r = test_rng_alloc(1);
    for (unsigned long b = 0; b < SELECT_DRAWS / SELECT_BATCH + 1; b++) {
        gsl_rng_set(r, (unsigned long)ga_rng_stream_seed(20261124, 1, b));
        size_t left = SELECT_DRAWS - b * SELECT_BATCH, count = left < SELECT_BATCH ? left : SELECT_BATCH;
        sel->draw(a, f, SELECT_N, work, r, count, winners);
        for (size_t i = 0; i < count; i++) {
            assert_true(winners[i] < SELECT_N);
            counts[winners[i]]++;
        }
    }
    gsl_rng_free(r);
    free(work);
    double chi2 = 0, total = 0;
    unsigned cells = 0;
    for (size_t i = 0; i < SELECT_N; i++) {
        total += expected[i];
        if (expected[i] == 0) {
            assert_int_equal(counts[i], 0);
            continue;
        }
        double e = expected[i] * SELECT_DRAWS;
        chi2 += ((double)counts[i] - e) * ((double)counts[i] - e) / e;
        cells++;
    }
    assert_true(fabs(total - 1) < 1e-12);
    double p = gsl_cdf_chisq_Q(chi2, cells - 1);
    print_message("%-10s chi2 = %8.3f, %u cells, p = %.4f\n", name, chi2, cells, p);
    return p;
}

static void select_expect(const char *name, const struct ga_selection_args *a, const double *f,
                          const double *expected)
{
    double p = select_p_value(name, a, f, expected);
    if (!(p >= 0.001))
        fail_msg("%s: frequencies differ from the formula (p = %g < 0.001)", name, p);
}

static void test_tournament(void **unused)
{
    (void)unused;
    size_t rank[SELECT_N];
    double expected[SELECT_N], n = SELECT_N;
    select_ranks(select_fitness, rank);
    for (unsigned k = 2; k <= 5; k += 3) {
        struct ga_selection_args a = {.tournament = k};
        for (size_t i = 0; i < SELECT_N; i++)
            expected[i] = pow((n - (double)rank[i]) / n, k) - pow((n - (double)rank[i] - 1) / n, k);
        select_expect("tournament", &a, select_fitness, expected);
    }
}

/* Roulette's and sus's weights under both transforms. */
static void select_wheel(const char *name)
{
    double w[SELECT_N], expected[SELECT_N], sum = 0, worst = 9;
    for (size_t i = 0; i < SELECT_N; i++)
        sum += w[i] = 1 / (1 + select_fitness[i]);
    for (size_t i = 0; i < SELECT_N; i++)
        expected[i] = w[i] / sum;
    struct ga_selection_args a = {.transform = GA_TRANSFORM_INVERSE};
    select_expect(name, &a, select_fitness, expected);
    sum = 0;
    for (size_t i = 0; i < SELECT_N; i++)
        sum += w[i] = worst - select_fitness[i];
    for (size_t i = 0; i < SELECT_N; i++)
        expected[i] = w[i] / sum; /* the worst (9) is never drawn */
    a.transform = GA_TRANSFORM_WINDOW;
    select_expect(name, &a, select_fitness, expected);
    /* Negative fitness: inverse shifts by the minimum, 1/(1 + f - f_min). */
    double shifted[SELECT_N];
    sum = 0;
    for (size_t i = 0; i < SELECT_N; i++) {
        shifted[i] = select_fitness[i] - 4;
        sum += w[i] = 1 / (1 + select_fitness[i]);
    }
    for (size_t i = 0; i < SELECT_N; i++)
        expected[i] = w[i] / sum;
    a.transform = GA_TRANSFORM_INVERSE;
    select_expect(name, &a, shifted, expected);
}

static void test_roulette(void **unused)
{
    (void)unused;
    select_wheel("roulette");
}

static void test_sus(void **unused)
{
    (void)unused;
    select_wheel("sus");
}

/* What sets sus apart: in every batch of c draws, individual i is drawn
 * floor(c P_i) or ceil(c P_i) times, never more or fewer. */
static void test_sus_spread(void **unused)
{
    (void)unused;
    const struct ga_selection *sel = ga_catalog_selection(&test_catalog, "sus");
    struct ga_selection_args a = {.transform = GA_TRANSFORM_INVERSE};
    double *work = malloc(sel->work_size(SELECT_N)), sum = 0, w[SELECT_N];
    sel->prepare(&a, select_fitness, SELECT_N, work);
    for (size_t i = 0; i < SELECT_N; i++)
        sum += w[i] = 1 / (1 + select_fitness[i]);
    gsl_rng *r = test_rng_alloc(7);
    size_t winners[SELECT_BATCH];
    for (unsigned b = 0; b < 1000; b++) {
        sel->draw(&a, select_fitness, SELECT_N, work, r, SELECT_BATCH, winners);
        unsigned counts[SELECT_N] = {0};
        for (size_t k = 0; k < SELECT_BATCH; k++)
            counts[winners[k]]++;
        for (size_t i = 0; i < SELECT_N; i++) {
            double e = SELECT_BATCH * w[i] / sum;
            assert_true(counts[i] >= floor(e) && counts[i] <= ceil(e));
        }
    }
    gsl_rng_free(r);
    free(work);
}

static void test_rank(void **unused)
{
    (void)unused;
    size_t rank[SELECT_N];
    double expected[SELECT_N], n = SELECT_N;
    select_ranks(select_fitness, rank);
    const double pressures[] = {1, 1.7, 2};
    for (size_t k = 0; k < 3; k++) {
        double s = pressures[k];
        struct ga_selection_args a = {.pressure = s};
        for (size_t i = 0; i < SELECT_N; i++)
            expected[i] = (2 - s) / n + 2 * (s - 1) * (n - 1 - (double)rank[i]) / (n * (n - 1));
        select_expect("rank", &a, select_fitness, expected);
    }
}

static void test_truncation(void **unused)
{
    (void)unused;
    size_t rank[SELECT_N];
    double expected[SELECT_N];
    select_ranks(select_fitness, rank);
    const double shares[] = {0.3, 0.01, 1};
    const double kept[] = {3, 1, 10}; /* round(tau n), at least 1 */
    for (size_t k = 0; k < 3; k++) {
        struct ga_selection_args a = {.truncation = shares[k]};
        for (size_t i = 0; i < SELECT_N; i++)
            expected[i] = (double)rank[i] < kept[k] ? 1 / kept[k] : 0;
        select_expect("truncation", &a, select_fitness, expected);
    }
}

static void test_random(void **unused)
{
    (void)unused;
    double expected[SELECT_N];
    for (size_t i = 0; i < SELECT_N; i++)
        expected[i] = 1.0 / SELECT_N;
    struct ga_selection_args a = {0};
    select_expect("random", &a, select_fitness, expected);
    /* A wheel without a usable weight falls back to the uniform draw. */
    double flat[SELECT_N], unusable[SELECT_N];
    for (size_t i = 0; i < SELECT_N; i++) {
        flat[i] = 2;
        unusable[i] = i == 3 ? -INFINITY : 1;
    }
    a.transform = GA_TRANSFORM_WINDOW;
    select_expect("roulette", &a, flat, expected);
    a.transform = GA_TRANSFORM_INVERSE;
    select_expect("sus", &a, unusable, expected);
}

/* Ranks break ties in population order, as the elite does: with all
 * fitness equal, truncation keeps the first m individuals. */
static void test_ties_in_population_order(void **unused)
{
    (void)unused;
    double flat[SELECT_N], expected[SELECT_N];
    for (size_t i = 0; i < SELECT_N; i++) {
        flat[i] = 1;
        expected[i] = i < 5 ? 0.2 : 0;
    }
    struct ga_selection_args a = {.truncation = 0.5};
    select_expect("truncation", &a, flat, expected);
}

/* A scheme of one's own: always the first individual. */
static void select_first_draw(const struct ga_selection_args *a, const double *fitness, size_t n,
                              const void *work, gsl_rng *r, size_t count, size_t *winners)
{
    (void)a, (void)fitness, (void)n, (void)work, (void)r;
    for (size_t i = 0; i < count; i++)
        winners[i] = 0;
}

static const struct ga_selection select_first = {
    .name = "first", .summary = "always individual 0", .draw = select_first_draw};

/* A registry takes a selection as it takes operators (what a plug-in does),
 * refuses a second of the same name, and an experiment then names it;
 * a run draws its parents from it: with the first individual as the only
 * parent and no variation, the population is its copies after one step. */
static void test_registered_selection_runs(void **unused)
{
    (void)unused;
    struct ga_registry *reg = ga_registry_alloc();
    assert_int_equal(ga_registry_add_catalog(reg, ga_builtins()), GA_OK);
    assert_int_equal(ga_registry_add_selection(reg, &select_first), GA_OK);
    assert_int_equal(ga_registry_add_selection(reg, &select_first), GA_ECLASH);
    assert_int_equal(ga_registry_add_selection(reg, &ga_selection_rank), GA_ECLASH);
    struct ga_diag diag = {0};
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    assert_true(ga_cfg_load_string(cfg, "test.cfg",
                                   "problem = { name = \"onemax\"; bits = 64; };\n"
                                   "ga = { population = 40; selection = { name = \"first\"; };\n"
                                   "  crossover = { rate = 0.0; }; mutation = { rate = 0.0; }; };"));
    struct ga_experiment *e = ga_experiment_alloc(cfg, ga_registry_catalog(reg), 3, NULL);
    assert_non_null(e);
    assert_ptr_equal(e->params.selection, &select_first);
    struct ga_run *run = ga_run_alloc(e->problem, e->state, &e->params, &diag);
    assert_non_null(run);
    ga_run_init(run, 3);
    const ga_gene *first = ga_run_individual(run, 0);
    ga_gene copy[64];
    memcpy(copy, first, sizeof copy);
    assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
    for (size_t i = 1; i < 40; i++) /* slot 0 holds the elite */
        assert_memory_equal(ga_run_individual(run, i), copy, sizeof copy);
    ga_run_free(run);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    ga_diag_clear(&diag);
    ga_registry_free(reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tournament),  cmocka_unit_test(test_roulette),
        cmocka_unit_test(test_sus),         cmocka_unit_test(test_sus_spread),
        cmocka_unit_test(test_rank),
        cmocka_unit_test(test_truncation),  cmocka_unit_test(test_random),
        cmocka_unit_test(test_ties_in_population_order),
        cmocka_unit_test(test_registered_selection_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
