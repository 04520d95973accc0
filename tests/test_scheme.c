/* tests/test_scheme.c — replacement schemes: (mu + lambda) keeps its best, steady spends lambda a step, comma needs lambda >= mu. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

/* A run of 'text' with the overrides 'sets' (asserted valid). */
static struct ga_run *scheme_run(struct test_experiment **t, const char *text, const char *const *sets)
{
    *t = test_experiment_with(text, sets);
    return test_run_alloc(*t);
}

static const char scheme_onemax[] = "problem = { name = \"onemax\"; bits = 80; };\n"
                                    "ga = { population = 30; crossover = { rate = 0.9; };\n"
                                    "       mutation = { rate = 0.05; per = \"gene\"; };\n"
                                    "       stop = { generations = 30; fitness = -1.0; }; };\n";

/* (mu + lambda) never loses its best: over 60 seeds, every selection and
 * lambda below, at and above mu, the best never worsens and the best of
 * each generation is among the next one's individuals. */
static void test_plus_keeps_its_best(void **unused)
{
    (void)unused;
    const char *selections[] = {"ga.selection.name=tournament", "ga.selection.name=roulette",
                                "ga.selection.name=random"};
    const char *lambdas[] = {"ga.scheme.plus.lambda=7", "ga.scheme.plus.lambda=30", "ga.scheme.plus.lambda=90"};
    for (unsigned seed = 1; seed <= 60; seed++) {
        const char *sets[] = {"ga.scheme.name=plus", selections[seed % 3], lambdas[seed / 3 % 3], NULL};
        struct test_experiment *t;
        struct ga_run *run = scheme_run(&t, scheme_onemax, sets);
        size_t len = ga_run_genome(run)->len;
        ga_gene *best = malloc(len * sizeof *best);
        ga_run_init(run, seed);
        while (1) {
            double before = ga_run_stats(run)->best;
            memcpy(best, ga_run_best(run), len * sizeof *best);
            if (ga_run_iterate(run) != GA_CONTINUE)
                break;
            assert_true(ga_run_stats(run)->best <= before);
            bool kept = false;
            for (size_t i = 0; i < 30 && !kept; i++)
                kept = ga_run_fitness(run, i) == before && memcmp(ga_run_individual(run, i), best, len * sizeof *best) == 0;
            if (ga_run_stats(run)->best == before && !kept)
                fail_msg("seed %u: the best individual was lost", seed);
        }
        free(best);
        ga_run_free(run);
        test_experiment_free(t);
    }
}

/* Steady: a generation is ceil(N / lambda) steps of lambda children; with
 * every child evaluated it spends exactly that many evaluations. */
static void test_steady_spends_lambda_a_step(void **unused)
{
    (void)unused;
    const unsigned lambdas[] = {1, 2, 3, 7, 30};
    for (size_t l = 0; l < 5; l++) {
        char lambda[64], islands[64] = "ga.islands.count=2";
        snprintf(lambda, sizeof lambda, "ga.scheme.steady.lambda=%u", lambdas[l]);
        const char *replace[] = {"ga.scheme.steady.replace=worst", "ga.scheme.steady.replace=random", "ga.scheme.steady.replace=tournament"};
        const char *sets[] = {"ga.scheme.name=steady", lambda, "ga.evaluate_all=true", replace[l % 3],
                              l % 2 ? islands : "ga.islands.count=1", NULL};
        struct test_experiment *t;
        struct ga_run *run = scheme_run(&t, scheme_onemax, sets);
        unsigned long long steps = (30 + lambdas[l] - 1) / lambdas[l], per = steps * lambdas[l] * (l % 2 ? 2 : 1);
        ga_run_init(run, 3);
        unsigned long long before = ga_run_stats(run)->evaluations;
        assert_int_equal(before, l % 2 ? 60 : 30);
        for (int g = 0; g < 10; g++) {
            assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
            assert_int_equal(ga_run_stats(run)->evaluations - before, per);
            before = ga_run_stats(run)->evaluations;
        }
        ga_run_free(run);
        test_experiment_free(t);
    }
}

/* Steady with the worst replaced keeps its best too, and with 'unique' no
 * child that duplicates an individual gets in: a population of distinct
 * genomes stays distinct. */
static void test_steady_unique(void **unused)
{
    (void)unused;
    const char *sets[] = {"ga.scheme.name=steady", "ga.scheme.steady.unique=true", "ga.scheme.steady.lambda=4",
                          "ga.crossover.rate=0.2", NULL};
    struct test_experiment *t;
    struct ga_run *run = scheme_run(&t, scheme_onemax, sets);
    size_t len = ga_run_genome(run)->len;
    ga_run_init(run, 9);
    for (int g = 0; g < 30; g++) {
        double before = ga_run_stats(run)->best;
        assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
        assert_true(ga_run_stats(run)->best <= before);
        for (size_t i = 0; i < 30; i++)
            for (size_t j = i + 1; j < 30; j++)
                assert_true(memcmp(ga_run_individual(run, i), ga_run_individual(run, j), len * sizeof(ga_gene)) != 0);
    }
    ga_run_free(run);
    test_experiment_free(t);
}

/* The budget is never exceeded, whatever a generation costs. */
static void test_budget_per_scheme(void **unused)
{
    (void)unused;
    const char *schemes[] = {"ga.scheme.name=steady", "ga.scheme.name=plus", "ga.scheme.name=comma",
                             "ga.scheme.name=generational"};
    for (size_t s = 0; s < 4; s++) {
        const char *sets[] = {schemes[s], "ga.stop.evaluations=1000", "ga.stop.generations=100000",
                              "ga.evaluate_all=true", s == 3 ? "ga.scheme.generational.elite=0" : "ga.seed=2", NULL};
        struct test_experiment *t;
        struct ga_run *run = scheme_run(&t, scheme_onemax, sets);
        ga_run_init(run, 4);
        enum ga_stop stop;
        while ((stop = ga_run_iterate(run)) == GA_CONTINUE)
            assert_true(ga_run_stats(run)->evaluations <= 1000);
        assert_int_equal(stop, GA_STOP_EVALUATIONS);
        assert_true(ga_run_stats(run)->evaluations > 1000 - 60); /* comma: 60 a generation */
        ga_run_free(run);
        test_experiment_free(t);
    }
}

/* Stagnation: the run stops exactly K generations after its last new best
 * (or once E evaluations passed without one), with that reason. */
static void test_stagnation(void **unused)
{
    (void)unused;
    const char *sets[] = {"ga.stop.stagnation=4", "ga.stop.generations=100000", "ga.mutation.rate=0.002", NULL};
    struct test_experiment *t;
    struct ga_run *run = scheme_run(&t, scheme_onemax, sets);
    ga_run_init(run, 6);
    unsigned long last_new = 0;
    double best = ga_run_stats(run)->best;
    enum ga_stop stop;
    while ((stop = ga_run_iterate(run)) == GA_CONTINUE)
        if (ga_run_stats(run)->best < best) {
            best = ga_run_stats(run)->best;
            last_new = ga_run_stats(run)->generation;
        }
    assert_int_equal(stop, GA_STOP_STAGNATION);
    assert_int_equal(ga_run_stats(run)->generation, last_new + 4);
    assert_int_equal(ga_run_generation_found(run), last_new);
    ga_run_free(run);
    test_experiment_free(t);

    const char *by_evaluations[] = {"ga.stop.stagnation_evaluations=500", "ga.stop.generations=100000",
                                    "ga.evaluate_all=true", "ga.mutation.rate=0.002", NULL};
    run = scheme_run(&t, scheme_onemax, by_evaluations);
    ga_run_init(run, 6);
    unsigned long long found = ga_run_evaluations_found(run);
    best = ga_run_stats(run)->best;
    /* The rules are checked before a generation is bred; the evaluations
     * count from the one that found the best (an exact hitting time). */
    for (unsigned long long gap = 0; (stop = ga_run_iterate(run)) == GA_CONTINUE;) {
        assert_true(gap < 500);
        if (ga_run_stats(run)->best < best) {
            best = ga_run_stats(run)->best;
            found = ga_run_evaluations_found(run);
            /* in the generation just bred: 29 children evaluated (an elite of one) */
            assert_true(found + 29 > ga_run_stats(run)->evaluations && found <= ga_run_stats(run)->evaluations);
        }
        gap = ga_run_stats(run)->evaluations - found;
    }
    assert_int_equal(stop, GA_STOP_STAGNATION);
    assert_true(ga_run_stats(run)->evaluations - found >= 500);
    ga_run_free(run);
    test_experiment_free(t);
}

/* Success is best <= ga.stop.fitness, whatever the target; with at_target
 * false the run goes on past it and still counts it.  Without an elite a
 * success is kept even when the population loses its best. */
static void test_target(void **unused)
{
    (void)unused;
    const char *stop_at[] = {"ga.stop.fitness=20", "ga.stop.generations=1000", NULL};
    struct test_experiment *t;
    struct ga_run *run = scheme_run(&t, scheme_onemax, stop_at);
    ga_run_init(run, 2);
    enum ga_stop stop;
    for (double before = ga_run_stats(run)->best; (stop = ga_run_iterate(run)) == GA_CONTINUE;
         before = ga_run_stats(run)->best)
        assert_true(before > 20); /* checked before a generation is bred */
    assert_int_equal(stop, GA_STOP_FITNESS);
    assert_true(ga_run_succeeded(run) && ga_run_best_ever(run) <= 20);
    unsigned long reached = ga_run_stats(run)->generation;
    ga_run_free(run);
    test_experiment_free(t);

    const char *go_on[] = {"ga.stop.fitness=20", "ga.stop.at_target=false", "ga.stop.generations=60",
                           "ga.scheme.name=comma", NULL};
    run = scheme_run(&t, scheme_onemax, go_on);
    ga_run_init(run, 2);
    bool seen = false;
    while ((stop = ga_run_iterate(run)) == GA_CONTINUE) {
        seen |= ga_run_stats(run)->best <= 20;
        assert_true(ga_run_succeeded(run) == (ga_run_best_ever(run) <= 20));
    }
    assert_int_equal(stop, GA_STOP_GENERATIONS);
    assert_int_equal(ga_run_stats(run)->generation, 60);
    assert_true(seen && ga_run_succeeded(run));
    assert_true(reached < 60);
    ga_run_free(run);
    test_experiment_free(t);
}

/* The table: every scheme found by its name, and ga_scheme_defaults gives
 * the parameters an experiment file that names the scheme and nothing
 * more of it gives (each on a problem it serves); a setting is read and
 * written by its name, and a name the scheme lacks is refused. */
static void test_scheme_table(void **unused)
{
    (void)unused;
    static const char *const problems[] = {
        "problem = { name = \"onemax\"; bits = 40; };",
        "problem = { name = \"functions\"; function = \"sphere\"; dimension = 4; };",
        "problem = { name = \"mo\"; function = \"zdt1\"; };",
    };
    size_t count = 0;
    for (const struct ga_scheme *s; (s = ga_scheme_at(count)); count++) {
        const char *name = ga_scheme_name(s);
        assert_ptr_equal(ga_scheme_find(name), s);
        assert_true(strlen(ga_scheme_summary(s)) > 10);
        bool loaded = false;
        for (size_t k = 0; k < 3 && !loaded; k++)
            for (int population = 1; population <= 20 && !loaded; population += 19) {
                char text[400];
                snprintf(text, sizeof text, "%s\nga = { population = %d; scheme = { name = \"%s\"; }; };",
                         problems[k], population, name);
                struct test_experiment *t = test_experiment_alloc(text);
                if (t->e) {
                    struct ga_params p = {.population = (size_t)population};
                    ga_scheme_defaults(s, &p);
                    assert_ptr_equal(t->e->params.scheme, s);
                    assert_int_equal(t->e->params.lambda, p.lambda);
                    assert_memory_equal(t->e->params.scheme_settings, p.scheme_settings, sizeof p.scheme_settings);
                    loaded = true;
                }
                test_experiment_free(t);
            }
        if (!loaded)
            fail_msg("no test problem serves scheme %s", name);
    }
    assert_int_equal(count, 9);
    assert_null(ga_scheme_at(count));
    assert_null(ga_scheme_find("nothere"));
    struct ga_params p = {.population = 10};
    double v = 0;
    ga_scheme_defaults(ga_scheme_find("steady"), &p);
    assert_true(ga_scheme_setting(&p, "tournament", &v) && v == 2);
    assert_true(ga_scheme_set(&p, "tournament", 3) && ga_scheme_setting(&p, "tournament", &v) && v == 3);
    assert_false(ga_scheme_set(&p, "elite", 1));
    ga_scheme_defaults(NULL, &p);
    assert_true(ga_scheme_setting(&p, "elite", &v) && v == 1);
}

static void test_refusals(void **unused)
{
    (void)unused;
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = 50; scheme = { name = \"comma\"; comma = { lambda = 30; }; }; };",
                      "ga.scheme.comma.lambda: (mu, lambda) needs lambda >= mu = 50 (the population), got 30");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = 1; };",
                      "ga.population: a population of 1 needs scheme \"plus\", \"comma\", \"random\", \"cmaes\" or "
                      "\"lambdalambda\" (the (1 + lambda) EA, the (1, lambda) EA, random search, the CMA-ES, "
                      "the (1+(lambda,lambda)) GA)");
    test_expect_error("problem = { name = \"mo\"; function = \"zdt1\"; };\nga = { scheme = { name = \"plus\"; }; };",
                      "'mo' has 2 objectives: it needs scheme \"nsga2\" or \"nsga3\"");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { scheme = { name = \"plus\"; }; selection = { elite = 2; }; };",
                      "ga.selection.elite: a variant's settings now live in its own group");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { scheme = { name = \"plus\"; plus = { unique = true; }; }; };",
                      "ga.scheme.plus.unique: unknown setting");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = 20; scheme = { name = \"steady\"; steady = { lambda = 21; }; }; };",
                      "ga.scheme.steady.lambda: expected an integer in [1, 20], got 21");
    /* a variant not chosen: its settings are checked, not used */
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = 20; scheme = { name = \"plus\"; steady = { lambda = 21; }; }; };",
                      "ga.scheme.steady.lambda: expected an integer in [1, 20], got 21");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plus_keeps_its_best), cmocka_unit_test(test_steady_spends_lambda_a_step),
        cmocka_unit_test(test_steady_unique),       cmocka_unit_test(test_budget_per_scheme),
        cmocka_unit_test(test_stagnation),          cmocka_unit_test(test_target),
        cmocka_unit_test(test_scheme_table),        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
