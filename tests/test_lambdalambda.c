/* tests/test_lambdalambda.c — scheme "lambdalambda": runtime on OneMax, threads, checkpoints, settings */
#include <math.h>
#include <stdlib.h>
#include "testlib.h"
#include "ga/schemes/lambdalambda.h"
#include "ga/run_types.h"

/* The self-adjusting (1+(lambda,lambda)) GA on OneMax of n bits, with extra settings in its group. */
static struct test_experiment *ll_experiment(size_t n, unsigned threads, const char *group, const char *extra)
{
    char text[1024];
    snprintf(text, sizeof text,
             "problem = { name = \"onemax\"; bits = %zu; };\n"
             "ga = { population = 1; threads = %u; %s\n"
             "       scheme = { name = \"lambdalambda\"; lambdalambda = { %s }; };\n"
             "       stop = { generations = 100000000; }; };\n",
             n, threads, extra, group);
    struct test_experiment *t = test_experiment_with(text, NULL);
    if (!t->e) {
        char msg[1024];
        fail_msg("refused: %s", test_first_diag(t, msg, sizeof msg));
    }
    return t;
}

/* The evaluations to the optimum, seeds 1 .. runs: their mean, and each run's. */
static double ll_mean(size_t n, unsigned runs, const char *extra)
{
    struct test_experiment *t = ll_experiment(n, 1, "", extra);
    double sum = 0;
    for (unsigned s = 0; s < runs; s++) {
        struct ga_run *run = test_run_alloc(t);
        ga_run_init(run, s + 1);
        enum ga_stop stop;
        while ((stop = ga_run_iterate(run)) == GA_CONTINUE)
            ;
        assert_int_equal(stop, GA_STOP_FITNESS);
        sum += (double)ga_run_evaluations_to_target(run);
        ga_run_free(run);
    }
    test_experiment_free(t);
    return sum / runs;
}

/*
 * The runtime on OneMax.  The self-adjusting (1+(lambda,lambda)) GA
 * optimises OneMax in expected linear time (Doerr and Doerr, Algorithmica
 * 2018).  The constant: the brief of this work quotes about 6.5 n to 7 n
 * evaluations for the variant that does not evaluate an offspring equal
 * to its parent (Buzdalov and Doerr's experiments); the stored pages the
 * search tool reaches hold those papers' abstracts, not their tables, so
 * the figure was not read there.  The test therefore checks both that
 * figure (the mean of 30 runs within [6.2 n, 7.5 n] at n = 100, 200 and
 * 500: 6.62 n, 6.70 n and 7.14 n measured) and linearity on its own: the
 * mean per bit grows by less than 1.2 from n = 100 to 500, where n ln n
 * grows by 1.35 (measured 1.08; 7.41 n at n = 2000).  Every child
 * evaluated (evaluate_all) costs about 1.45 times as much (9.8 n to
 * 10.2 n measured), which the test keeps apart from the practical count.
 */
static void test_onemax(void **unused)
{
    (void)unused;
    static const size_t sizes[] = {100, 200, 500};
    double per[3];
    for (size_t k = 0; k < 3; k++) {
        double practical = ll_mean(sizes[k], 30, ""), all = ll_mean(sizes[k], 30, "evaluate_all = true;");
        per[k] = practical / (double)sizes[k];
        print_message("# n = %zu: %.0f evaluations (%.2f n); every child evaluated: %.0f (%.2f n)\n", sizes[k],
                      practical, per[k], all, all / (double)sizes[k]);
        if (per[k] < 6.2 || per[k] > 7.5)
            fail_msg("n = %zu: %.2f n evaluations, not within [6.2 n, 7.5 n]", sizes[k], per[k]);
        assert_true(all > 1.3 * practical && all < 1.7 * practical);
    }
    print_message("# per bit, n = 500 against n = 100: %.3f (n ln n: 1.35)\n", per[2] / per[0]);
    assert_true(per[2] / per[0] < 1.2);
}

/* Two runs give the same generation: statistics, hitting times, lambda and x. */
static void ll_same(struct ga_run *a, struct ga_run *b)
{
    const struct ga_stats *x = ga_run_stats(a), *y = ga_run_stats(b);
    assert_memory_equal(&x->best, &y->best, sizeof x->best);
    assert_int_equal(x->evaluations, y->evaluations);
    assert_int_equal(ga_run_evaluations_found(a), ga_run_evaluations_found(b));
    double la = ll_lambda(ll_of_run(a)), lb = ll_lambda(ll_of_run(b));
    assert_memory_equal(&la, &lb, sizeof la);
    assert_memory_equal(ga_run_best(a), ga_run_best(b), ga_run_genome(a)->len * sizeof(ga_gene));
}

/* n = 3000 from lambda = 40, F = 1.02 (phases of up to 40 children, many a
 * thread): the same run at 1, 2 and 4 threads, generation by generation. */
static void test_threads(void **unused)
{
    (void)unused;
    const unsigned threads[3] = {1, 2, 4};
    struct test_experiment *t[3];
    struct ga_run *runs[3];
    for (int k = 0; k < 3; k++) {
        t[k] = ll_experiment(3000, threads[k], "lambda = 40.0; F = 1.02;", "");
        runs[k] = test_run_alloc(t[k]);
        ga_run_init(runs[k], 7);
    }
    double most = 0;
    for (int g = 0; g < 300; g++) {
        for (int k = 0; k < 3; k++)
            assert_int_equal(ga_run_iterate(runs[k]), GA_CONTINUE);
        for (int k = 1; k < 3; k++)
            ll_same(runs[0], runs[k]);
        most = fmax(most, ll_lambda(ll_of_run(runs[0])));
    }
    print_message("# n = 3000: %llu evaluations in 300 generations, lambda at most %.2f\n",
                  (unsigned long long)ga_run_stats(runs[0])->evaluations, most);
    assert_true(most >= 30 && ga_run_stats(runs[0])->evaluations > 3000);
    for (int k = 0; k < 3; k++) {
        ga_run_free(runs[k]);
        test_experiment_free(t[k]);
    }
}

/* Packed mid-run and unpacked into a new run, the run goes on exactly as
 * the one never stopped, lambda and all, to the same end. */
static void test_pack_unpack(void **unused)
{
    (void)unused;
    struct test_experiment *t = ll_experiment(400, 1, "F = 1.3; lambda = 2.5;", "");
    struct ga_run *whole = test_run_alloc(t), *first = test_run_alloc(t), *second = test_run_alloc(t);
    ga_run_init(whole, 9);
    ga_run_init(first, 9);
    for (int g = 0; g < 400; g++) {
        assert_int_equal(ga_run_iterate(whole), GA_CONTINUE);
        assert_int_equal(ga_run_iterate(first), GA_CONTINUE);
    }
    assert_true(ll_lambda(ll_of_run(first)) != 2.5); /* lambda moved: the checkpoint must carry it */
    struct ga_pack p = {0};
    ga_run_pack(first, &p);
    assert_false(p.oom);
    struct ga_unpack u = {p.data, p.len, false};
    assert_true(ga_run_unpack(second, &u));
    assert_int_equal(u.left, 0);
    struct ga_run *third = test_run_alloc(t); /* a short payload is refused */
    struct ga_unpack cut = {p.data, p.len - 4, false};
    assert_false(ga_run_unpack(third, &cut));
    ga_run_free(third);
    ga_pack_free(&p);
    ga_run_free(first);
    enum ga_stop a, b;
    do {
        a = ga_run_iterate(whole);
        b = ga_run_iterate(second);
        assert_int_equal(a, b);
        ll_same(whole, second);
    } while (a == GA_CONTINUE);
    assert_int_equal(a, GA_STOP_FITNESS);
    assert_int_equal(ga_run_evaluations_to_target(whole), ga_run_evaluations_to_target(second));
    ga_run_free(whole);
    ga_run_free(second);
    test_experiment_free(t);
}

/* The budget is never passed: a generation spends at most 2 [lambda]. */
static void test_budget(void **unused)
{
    (void)unused;
    struct test_experiment *t = ll_experiment(2000, 1, "lambda = 30.0;", "evaluate_all = true;");
    t->e->params.evaluations = 5000;
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, 3);
    enum ga_stop stop;
    while ((stop = ga_run_iterate(run)) == GA_CONTINUE)
        ;
    assert_int_equal(stop, GA_STOP_EVALUATIONS);
    assert_true(ga_run_stats(run)->evaluations <= 5000);
    assert_true(ga_run_stats(run)->evaluations + 2 * ll_population(ll_of_run(run)) > 5000);
    ga_run_free(run);
    test_experiment_free(t);
}

/* Bad settings: refused at their line, with the range. */
static void test_settings(void **unused)
{
    (void)unused;
    const char *head = "problem = { name = \"onemax\"; bits = 50; };\n";
    static const struct test_bad bad[] = {
        {"ga = { population = 1;\n scheme = { name = \"lambdalambda\"; lambdalambda = { F = 1.0; }; }; };\n",
         "test.cfg:3: ga.scheme.lambdalambda.F: expected a factor in (1, 100], got 1"},
        {"ga = { population = 1;\n scheme = { name = \"lambdalambda\"; lambdalambda = { F = 150.0; }; }; };\n",
         "test.cfg:3: ga.scheme.lambdalambda.F"},
        {"ga = { population = 1;\n scheme = { name = \"lambdalambda\"; lambdalambda = { lambda = 0.5; }; }; };\n",
         "test.cfg:3: ga.scheme.lambdalambda.lambda"},
        {"ga = { population = 1;\n scheme = { name = \"lambdalambda\"; lambdalambda = { lambda = 51.0; }; }; };\n",
         "test.cfg:3: ga.scheme.lambdalambda.lambda: expected an initial lambda in [1, n = 50], got 51"},
        {"ga = { population = 1;\n scheme = { name = \"lambdalambda\"; lambdalambda = { mu = 2; }; }; };\n",
         "ga.scheme.lambdalambda.mu"},
        {"ga = { population = 4;\n scheme = { name = \"lambdalambda\"; }; };\n", "ga.population"},
        {"ga = { population = 1; scheme = { name = \"lambdalambda\"; };\n islands = { count = 2; migration = { interval = 1; size = 1; }; }; };\n",
         "scheme \"lambdalambda\" runs one island"},
    };
    test_expect_errors(head, bad, sizeof bad / sizeof *bad);
    test_expect_error("problem = { name = \"functions\"; function = \"sphere\"; dimension = 3; };\n"
                      "ga = { population = 1; scheme = { name = \"lambdalambda\"; }; };\n",
                      "test.cfg:2: ga.scheme.name: scheme \"lambdalambda\" needs a bits problem");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_onemax),   cmocka_unit_test(test_threads),  cmocka_unit_test(test_pack_unpack),
        cmocka_unit_test(test_budget),   cmocka_unit_test(test_settings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
