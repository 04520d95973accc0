/* tests/test_local.c — local search (ga.local): counted evaluations, Lamarckian and Baldwinian learning, threads, TSP's 2-opt */
#include <math.h>
#include <stdlib.h>
#include "testlib.h"

/* OneMax counted as zeros on 40 bits with a local search of its own: one
 * zero bit set to 1 (the first from a random place), at a cost of 2
 * evaluations, so that every count is known. */
enum { LOCAL_COST = 2 };

static unsigned long local_one_bit(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, double *fitness,
                                   unsigned long budget)
{
    assert_true(budget >= LOCAL_COST);
    size_t from = ga_rng_below(r, gen->len);
    for (size_t k = 0; k < gen->len; k++)
        if (g[(from + k) % gen->len] == 0) {
            g[(from + k) % gen->len] = 1;
            *fitness -= 1;
            break;
        }
    return LOCAL_COST;
}

static bool local_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    (void)state, (void)cfg, (void)group;
    return true;
}

static const struct ga_local local_search = {"onebit", "one zero bit set (test)", GA_KIND_BITS, local_one_bit};
static const struct ga_local *const local_searches[] = {&local_search, NULL};
static const int local_state;

static const struct ga_problem_variation local_variation = {
    .defaults = {"uniform", 0.6, "flip", 0.01, GA_PER_GENE},
    .locals = local_searches,
};
static const struct ga_problem local_problem = {
    .name = "onemax",
    .summary = "OneMax with a local search (test)",
    .kind = GA_KIND_BITS,
    .configure = local_configure,
    .shape = test_bits_shape,
    .init = test_bits_init,
    .evaluate = test_bits_zeros,
    .valid = test_bits_valid,
    .print = test_bits_print,
    .variation = &local_variation,
};

static const struct ga_catalog local_catalog = {NULL, ga_crossovers, ga_mutations, ga_selections};

/* An experiment on local_problem: 'ga' is the group's body. */
static struct test_experiment *local_experiment(const char *ga)
{
    char text[1024];
    snprintf(text, sizeof text, "problem = { name = \"onemax\"; };\nga = { %s };\n", ga);
    const struct ga_problem *problems[] = {&local_problem, NULL};
    struct ga_catalog cat = local_catalog;
    cat.problems = problems;
    struct test_experiment *t = calloc(1, sizeof *t);
    assert_non_null(t);
    t->cfg = ga_cfg_alloc(&t->diag);
    assert_true(ga_cfg_load_string(t->cfg, "test.cfg", text));
    t->e = ga_experiment_alloc(t->cfg, &cat, 1, NULL);
    if (!t->e)
        fail_msg("%s", text);
    return t;
}

static struct ga_run *local_run(struct test_experiment *t)
{
    struct ga_run *run = ga_run_alloc(&local_problem, &local_state, &t->e->params, &t->diag);
    assert_non_null(run);
    return run;
}

/* Every evaluated child costs 1 + 2 evaluations with rate 1: generation 0
 * 30 x 3, each later one 29 x 3 (an elite of one, every child evaluated). */
static void test_counted(void **unused)
{
    (void)unused;
    struct test_experiment *t = local_experiment(
        "population = 30; evaluate_all = true; local = { name = \"onebit\"; };"
        "mutation = { name = \"flip\"; rate = 0.02; per = \"gene\"; }; stop = { generations = 10; fitness = -1.0; };");
    struct ga_run *run = local_run(t);
    ga_run_init(run, 3);
    assert_int_equal(ga_run_stats(run)->evaluations, 30 * (1 + LOCAL_COST));
    for (unsigned g = 1; ga_run_iterate(run) == GA_CONTINUE; g++)
        assert_int_equal(ga_run_stats(run)->evaluations, 30 * 3 + g * 29 * (1 + LOCAL_COST));
    ga_run_free(run);
    test_experiment_free(t);
}

/* Lamarckian: every individual's genome holds its fitness; Baldwinian:
 * the genome is the one before the search, one zero more than its
 * fitness says. */
static void test_learning(void **unused)
{
    (void)unused;
    for (int baldwin = 0; baldwin <= 1; baldwin++) {
        char ga[512];
        snprintf(ga, sizeof ga, "population = 50; local = { name = \"onebit\"; learning = \"%s\"; };"
                                "stop = { generations = 5; fitness = -1.0; };",
                 baldwin ? "baldwinian" : "lamarckian");
        struct test_experiment *t = local_experiment(ga);
        struct ga_run *run = local_run(t);
        ga_run_init(run, 5);
        for (size_t i = 0; i < 50; i++) {
            double zeros = test_bits_zeros(ga_run_genome(run), ga_run_individual(run, i));
            assert_true(zeros == ga_run_fitness(run, i) + (baldwin && zeros > 0));
        }
        ga_run_free(run);
        test_experiment_free(t);
    }
}

/* A share of the children, drawn from the blocks' streams: the same run
 * at 1, 2 and 4 threads, and about that share searched. */
static void test_threads(void **unused)
{
    (void)unused;
    unsigned long long found[3], spent[3];
    double best[3];
    for (unsigned k = 0; k < 3; k++) {
        char ga[512];
        snprintf(ga, sizeof ga, "population = 200; threads = %u; local = { name = \"onebit\"; rate = 0.25; };"
                                "islands = { count = 2; migration = { interval = 3; size = 2; }; };"
                                "stop = { generations = 20; fitness = -1.0; };",
                 1u << k);
        struct test_experiment *t = local_experiment(ga);
        struct ga_run *run = local_run(t);
        ga_run_init(run, 7);
        /* generation 0: 400 evaluated, about a quarter searched at 2 each */
        unsigned long long extra = ga_run_stats(run)->evaluations - 400;
        assert_true(extra % LOCAL_COST == 0 && extra / LOCAL_COST > 60 && extra / LOCAL_COST < 140);
        while (ga_run_iterate(run) == GA_CONTINUE)
            ;
        found[k] = ga_run_evaluations_found(run);
        spent[k] = ga_run_stats(run)->evaluations;
        best[k] = ga_run_best_ever(run);
        ga_run_free(run);
        test_experiment_free(t);
    }
    for (unsigned k = 1; k < 3; k++) {
        assert_int_equal(found[k], found[0]);
        assert_int_equal(spent[k], spent[0]);
        assert_true(best[k] == best[0]);
    }
}

/* An unknown local search is one error naming the problem's. */
static void test_refused(void **unused)
{
    (void)unused;
    struct test_experiment *t = calloc(1, sizeof *t);
    assert_non_null(t);
    t->cfg = ga_cfg_alloc(&t->diag);
    const struct ga_problem *problems[] = {&local_problem, NULL};
    struct ga_catalog cat = local_catalog;
    cat.problems = problems;
    assert_true(ga_cfg_load_string(t->cfg, "test.cfg", "problem = { name = \"onemax\"; };\n"
                                                       "ga = { local = { name = \"2opt\"; }; };\n"));
    assert_null(ga_experiment_alloc(t->cfg, &cat, 1, NULL));
    assert_int_equal(t->diag.count, 1);
    assert_non_null(strstr(t->diag.entries[0].message, "has no local search '2opt' (onebit)"));
    test_experiment_free(t);
}

/* TSP's 2-opt with a budget large enough ends at a 2-opt local optimum:
 * no pair of edges shortens the tour (checked over every pair), its
 * fitness is its length less the optimum, and it spent within budget. */
static void test_tsp_2opt(void **unused)
{
    (void)unused;
    const char *const sets[] = {"problem.name=\"tsp\"", "problem.cities=60", "problem.seed=3", NULL};
    struct test_experiment *t = test_experiment_with("problem = { name = \"tsp\"; };\n", sets);
    assert_non_null(t->e);
    const struct ga_problem *p = t->e->problem;
    const struct ga_local *const *locals = ga_problem_locals(p), *two = locals ? locals[0] : NULL;
    assert_non_null(two);
    assert_string_equal(two->name, "2opt");
    struct ga_genome gen = ga_problem_genome(p, t->e->state);
    gsl_rng *r = test_rng_alloc(4);
    ga_gene g[60], h[60];
    for (int trial = 0; trial < 20; trial++) {
        p->init(&gen, r, g);
        double f = p->evaluate(&gen, g), before = f;
        unsigned long spent = two->improve(&gen, r, g, &f, 1000000);
        assert_true(p->valid(&gen, g));
        assert_true(f == p->evaluate(&gen, g) && f <= before && spent >= 1 && spent <= 1000000);
        for (size_t i = 0; i < 60; i++) /* every reversal of a slice: none shortens it */
            for (size_t j = i + 1; j < 60; j++) {
                memcpy(h, g, sizeof g);
                for (size_t lo = i, hi = j; lo < hi; lo++, hi--) {
                    ga_gene x = h[lo];
                    h[lo] = h[hi];
                    h[hi] = x;
                }
                assert_true(p->evaluate(&gen, h) >= f);
            }
        /* a budget of 3: at most 3 evaluations' worth, the tour still valid */
        p->init(&gen, r, g);
        f = p->evaluate(&gen, g);
        spent = two->improve(&gen, r, g, &f, 3);
        assert_true(spent <= 3 && p->valid(&gen, g) && f == p->evaluate(&gen, g));
    }
    gsl_rng_free(r);
    test_experiment_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counted),
        cmocka_unit_test(test_learning),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_tsp_2opt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
