/* tests/test_theory.c — the (1+1) EA and the (1+lambda) EA (population 1, scheme plus) against their exact expected runtimes */
#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_linalg.h>
#include "testlib.h"

/*
 * How runtime is counted here, as the theory counts it: T is the number of
 * offspring made until the first optimum, the initial individual not
 * included.  With ga.evaluate_all every offspring is evaluated, so a run
 * that stops at the target spent 1 + T evaluations.  Without it an
 * offspring that no bit flip changed keeps its parent's fitness unevaluated:
 * each offspring is such a copy with probability (1 - p)^n, independently,
 * and by Wald's identity the evaluations are 1 + E[T] (1 - (1 - p)^n) on
 * average.
 *
 * Each check compares the mean of R seeded runs with the exact value: the
 * mean must lie within 4 standard errors (the runs' own standard deviation
 * over sqrt(R)); a correct implementation fails that with probability
 * about 6e-5, and the seeds are fixed, so the verdict never changes.
 */
#define THEORY_Z 4.0

/* LeadingOnes, minimised as n - LO(x): a problem of this test's own. */
struct theory_lo {
    size_t bits;
};

static void theory_lo_shape(const void *state, size_t *len, unsigned *alphabet)
{
    *len = ((const struct theory_lo *)state)->bits;
    *alphabet = 2;
}

static void theory_lo_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        g[i] = (ga_gene)ga_rng_below(r, 2);
}

static double theory_lo_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    size_t lo = 0;
    while (lo < gen->len && g[lo])
        lo++;
    return (double)(gen->len - lo);
}

static bool theory_lo_valid(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (g[i] > 1)
            return false;
    return true;
}

static const struct ga_problem theory_leadingones = {
    .name = "leadingones",
    .summary = "LeadingOnes (test)",
    .kind = GA_KIND_BITS,
    .state_size = sizeof(struct theory_lo),
    .shape = theory_lo_shape,
    .init = theory_lo_init,
    .evaluate = theory_lo_evaluate,
    .valid = theory_lo_valid,
};

/* Needle: 0 at all ones, 1 elsewhere (a plateau with one hole). */
static double theory_needle_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (!g[i])
            return 1;
    return 0;
}

static const struct ga_problem theory_needle = {
    .name = "needle",
    .summary = "Needle (test)",
    .kind = GA_KIND_BITS,
    .state_size = sizeof(struct theory_lo),
    .shape = theory_lo_shape,
    .init = theory_lo_init,
    .evaluate = theory_needle_evaluate,
    .valid = theory_lo_valid,
};

/* The (1 + lambda) EA on onemax with n bits: standard bit mutation at rate p per bit, no crossover;
 * ga.scheme.plus.ties is 'ties'. */
static struct test_experiment *theory_experiment_tied(size_t n, double p, unsigned lambda, bool evaluate_all,
                                                      unsigned threads, const char *mutation_extra,
                                                      const char *ties)
{
    char text[1024];
    snprintf(text, sizeof text,
             "problem = { name = \"onemax\"; bits = %zu; };\n"
             "ga = { population = 1; threads = %u; evaluate_all = %s;\n"
             "       scheme = { name = \"plus\"; plus = { lambda = %u; ties = \"%s\"; }; };\n"
             "       crossover = { name = \"uniform\"; rate = 0.0; };\n"
             "       mutation = { name = \"flip\"; rate = %.17g; %s };\n"
             "       stop = { generations = 100000000; }; };\n",
             n, threads, evaluate_all ? "true" : "false", lambda, ties, p, mutation_extra);
    return test_experiment_with(text, NULL);
}

static struct test_experiment *theory_experiment_with(size_t n, double p, unsigned lambda, bool evaluate_all,
                                                      unsigned threads, const char *mutation_extra)
{
    return theory_experiment_tied(n, p, lambda, evaluate_all, threads, mutation_extra, "parent");
}

static struct test_experiment *theory_experiment(size_t n, double p, unsigned lambda, bool evaluate_all,
                                                 unsigned threads)
{
    return theory_experiment_with(n, p, lambda, evaluate_all, threads, "per = \"gene\";");
}

/* Mean and standard deviation of the evaluations, after the first, of 'runs' runs to the optimum. */
static void theory_measure(struct test_experiment *t, const struct ga_problem *problem, const void *state,
                           unsigned runs, double *mean, double *sd)
{
    double sum = 0, squares = 0;
    for (unsigned seed = 1; seed <= runs; seed++) {
        struct ga_run *run = problem ? ga_run_alloc(problem, state, &t->e->params, &t->diag) : test_run_alloc(t);
        assert_non_null(run);
        ga_run_init(run, seed);
        enum ga_stop stop;
        while ((stop = ga_run_iterate(run)) == GA_CONTINUE)
            ;
        assert_int_equal(stop, GA_STOP_FITNESS);
        double spent = (double)ga_run_stats(run)->evaluations - 1;
        sum += spent;
        squares += spent * spent;
        ga_run_free(run);
    }
    *mean = sum / runs;
    *sd = sqrt((squares - sum * sum / runs) / (runs - 1));
}

static void theory_expect(const char *what, double mean, double sd, unsigned runs, double exact)
{
    double se = sd / sqrt(runs);
    print_message("# %s: mean %.1f (se %.1f) over %u runs, exact %.1f\n", what, mean, se, runs, exact);
    if (fabs(mean - exact) > THEORY_Z * se)
        fail_msg("%s: mean %.2f is %.1f standard errors from the exact %.2f", what, mean, (mean - exact) / se, exact);
}

/* Böttcher, Doerr, Neumann (PPSN 2010): E[T] = ((1-p)^(1-n) - (1-p)) / (2 p^2). */
static double theory_leadingones_exact(size_t n, double p)
{
    return (pow(1 - p, 1.0 - (double)n) - (1 - p)) / (2 * p * p);
}

static double theory_binomial(size_t n, size_t k, double p)
{
    return exp(lgamma((double)n + 1) - lgamma((double)k + 1) - lgamma((double)(n - k) + 1) + (double)k * log(p) +
               (double)(n - k) * log1p(-p));
}

/*
 * The (1 + lambda) EA on OneMax as a Markov chain on the number of zeros z:
 * one offspring has z - a + b zeros (a of the z zeros and b of the n - z
 * ones flipped, each bit with probability p); the generation moves to the
 * fewest zeros of its lambda offspring when that is below z.  Returns the
 * expected evaluations (lambda per generation) from a uniform random start.
 */
static double theory_onemax_mixture(size_t n, const double *rates, const double *weights, size_t count,
                                    unsigned lambda);

static double theory_onemax_exact(size_t n, double p, unsigned lambda)
{
    double one = 1;
    return theory_onemax_mixture(n, &p, &one, 1, lambda);
}

/* The same chain when each offspring's rate is rates[k] with probability
 * weights[k] (the fast mutation: a mixture of standard bit mutations). */
static double theory_onemax_mixture(size_t n, const double *rates, const double *weights, size_t count,
                                    unsigned lambda)
{
    double *e = calloc(n + 1, sizeof *e), *single = calloc(n + 1, sizeof *single);
    double expected = 0;
    assert_non_null(e);
    assert_non_null(single);
    for (size_t z = 1; z <= n; z++) {
        /* single[k]: one offspring has exactly k < z zeros */
        for (size_t k = 0; k < z; k++)
            single[k] = 0;
        for (size_t m = 0; m < count; m++)
            for (size_t a = 1; a <= z; a++)
                for (size_t b = 0; b < a && b <= n - z; b++)
                    single[z - a + b] +=
                        weights[m] * theory_binomial(z, a, rates[m]) * theory_binomial(n - z, b, rates[m]);
        /* the best of lambda: P(min = k) = P(all > k - 1 ... ) by the tails */
        double tail = 0, moves = 0, sum = 0; /* tail: P(one offspring has < k zeros) */
        for (size_t k = 0; k < z; k++) {
            double below = tail, upto = tail + single[k];
            double pmin = pow(1 - below, lambda) - pow(1 - upto, lambda);
            moves += pmin;
            sum += pmin * e[k];
            tail = upto;
        }
        e[z] = (1 + sum) / moves;
        expected += theory_binomial(n, z, 0.5) * e[z];
    }
    free(e);
    free(single);
    return lambda * expected;
}

static void test_oneplusone_leadingones(void **unused)
{
    (void)unused;
    static const struct {
        size_t n;
        unsigned runs;
    } cases[] = {{50, 400}, {100, 200}};
    for (size_t c = 0; c < 2; c++) {
        size_t n = cases[c].n;
        double p = 1.0 / (double)n, mean, sd;
        struct theory_lo state = {n};
        struct test_experiment *t = theory_experiment(n, p, 1, true, 1);
        theory_measure(t, &theory_leadingones, &state, cases[c].runs, &mean, &sd);
        char what[64];
        snprintf(what, sizeof what, "(1+1) EA, LeadingOnes n = %zu", n);
        theory_expect(what, mean, sd, cases[c].runs, theory_leadingones_exact(n, p));
        test_experiment_free(t);
    }
}

/*
 * Ties to the child.  On LeadingOnes the exact runtime is the same for
 * both tie rules: an offspring of equal fitness differs from its parent
 * only in the bits after the first zero, and those "free" bits are
 * uniformly distributed whether the parent or the child is kept (Böttcher,
 * Doerr, Neumann 2010, whose (1+1) EA accepts ties; their Lemma on the
 * free bits).  So the mean must match the same formula.
 */
static void test_ties_child_leadingones(void **unused)
{
    (void)unused;
    size_t n = 50;
    double p = 1.0 / (double)n, mean, sd;
    struct theory_lo state = {n};
    struct test_experiment *t = theory_experiment_tied(n, p, 1, true, 1, "per = \"gene\";", "child");
    theory_measure(t, &theory_leadingones, &state, 400, &mean, &sd);
    theory_expect("(1+1) EA ties to the child, LeadingOnes n = 50", mean, sd, 400, theory_leadingones_exact(n, p));
    test_experiment_free(t);
}

/*
 * Where the rule matters: Needle.  With ties to the child every offspring
 * is accepted until the needle, so the number of zeros z walks as a Markov
 * chain (z -> z - a + b, a of the z zeros and b of the n - z ones flipped);
 * the expected steps e solve (I - Q) e = 1 over the states z = 1 .. n.
 * With ties to the parent the start is kept until a direct jump: from z
 * zeros 1 / (p^z (1-p)^(n-z)) steps, 65 times more for n = 8 on average.
 */
static double theory_needle_exact(size_t n, double p)
{
    gsl_matrix *a = gsl_matrix_alloc(n, n);
    gsl_vector *e = gsl_vector_alloc(n), *one = gsl_vector_alloc(n);
    gsl_permutation *perm = gsl_permutation_alloc(n);
    assert_true(a && e && one && perm);
    gsl_matrix_set_identity(a);
    gsl_vector_set_all(one, 1);
    for (size_t z = 1; z <= n; z++)
        for (size_t x = 0; x <= z; x++)
            for (size_t y = 0; y <= n - z; y++) {
                size_t to = z - x + y;
                if (to > 0)
                    *gsl_matrix_ptr(a, z - 1, to - 1) -= theory_binomial(z, x, p) * theory_binomial(n - z, y, p);
            }
    int sign;
    gsl_linalg_LU_decomp(a, perm, &sign);
    gsl_linalg_LU_solve(a, perm, one, e);
    double expected = 0;
    for (size_t z = 1; z <= n; z++)
        expected += theory_binomial(n, z, 0.5) * gsl_vector_get(e, z - 1);
    gsl_matrix_free(a);
    gsl_vector_free(e);
    gsl_vector_free(one);
    gsl_permutation_free(perm);
    return expected;
}

static void test_ties_child_needle(void **unused)
{
    (void)unused;
    size_t n = 8;
    double p = 1.0 / (double)n, mean, sd;
    struct theory_lo state = {n};
    struct test_experiment *t = theory_experiment_tied(n, p, 1, true, 1, "per = \"gene\";", "child");
    theory_measure(t, &theory_needle, &state, 1000, &mean, &sd);
    theory_expect("(1+1) EA ties to the child, Needle n = 8", mean, sd, 1000, theory_needle_exact(n, p));
    test_experiment_free(t);
}

/* On a plateau the parent rule never moves and the child rule moves at
 * every offspring that differs (and is evaluated as such). */
static void test_ties_plateau(void **unused)
{
    (void)unused;
    struct theory_lo state = {40};
    for (int child = 0; child < 2; child++) {
        struct test_experiment *t = theory_experiment_tied(40, 0.05, 1, false, 1, "per = \"gene\";",
                                                           child ? "child" : "parent");
        struct ga_run *run = ga_run_alloc(&theory_needle, &state, &t->e->params, &t->diag);
        assert_non_null(run);
        ga_run_init(run, 3);
        ga_gene start[40];
        memcpy(start, ga_run_individual(run, 0), sizeof start);
        size_t moves = 0;
        for (int g = 0; g < 200; g++) {
            ga_gene before[40];
            memcpy(before, ga_run_individual(run, 0), sizeof before);
            assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
            moves += memcmp(before, ga_run_individual(run, 0), sizeof before) != 0;
        }
        if (child)
            assert_true(moves > 100); /* 1 - 0.95^40 = 87% of the offspring differ */
        else
            assert_memory_equal(start, ga_run_individual(run, 0), sizeof start);
        ga_run_free(run);
        test_experiment_free(t);
    }
}

static void test_oneplusone_onemax(void **unused)
{
    (void)unused;
    for (size_t n = 50; n <= 100; n += 50) {
        double p = 1.0 / (double)n, mean, sd, exact = theory_onemax_exact(n, p, 1);
        char what[96];
        struct test_experiment *t = theory_experiment(n, p, 1, true, 1);
        theory_measure(t, NULL, NULL, 400, &mean, &sd);
        snprintf(what, sizeof what, "(1+1) EA, OneMax n = %zu, every offspring evaluated", n);
        theory_expect(what, mean, sd, 400, exact);
        test_experiment_free(t);
        /* unchanged offspring not evaluated: Wald's identity */
        t = theory_experiment(n, p, 1, false, 1);
        theory_measure(t, NULL, NULL, 400, &mean, &sd);
        snprintf(what, sizeof what, "(1+1) EA, OneMax n = %zu, copies not evaluated", n);
        theory_expect(what, mean, sd, 400, exact * (1 - pow(1 - p, (double)n)));
        test_experiment_free(t);
    }
    /* a rate of 2/n: the exact value moves, and so must the mean */
    double mean, sd;
    struct test_experiment *t = theory_experiment(50, 2.0 / 50, 1, true, 1);
    theory_measure(t, NULL, NULL, 400, &mean, &sd);
    theory_expect("(1+1) EA, OneMax n = 50, p = 2/n", mean, sd, 400, theory_onemax_exact(50, 2.0 / 50, 1));
    test_experiment_free(t);
}

static void test_oneplus_lambda_onemax(void **unused)
{
    (void)unused;
    static const unsigned lambdas[] = {2, 8};
    for (size_t l = 0; l < 2; l++) {
        double p = 1.0 / 60, mean, sd;
        struct test_experiment *t = theory_experiment(60, p, lambdas[l], true, 2);
        theory_measure(t, NULL, NULL, 300, &mean, &sd);
        char what[64];
        snprintf(what, sizeof what, "(1+%u) EA, OneMax n = 60", lambdas[l]);
        theory_expect(what, mean, sd, 300, theory_onemax_exact(60, p, lambdas[l]));
        test_experiment_free(t);
    }
}

/*
 * Resampling (an offspring that no bit flip changed is drawn again) removes
 * exactly the iterations that change nothing, so with every offspring
 * evaluated E[T] becomes E[T] (1 - (1 - p)^n) (Wald), on both problems.
 */
static void test_resampling(void **unused)
{
    (void)unused;
    double p = 1.0 / 50, mean, sd, keep = 1 - pow(1 - p, 50);
    struct test_experiment *t = theory_experiment_with(50, p, 1, true, 1, "per = \"gene\"; resample = true;");
    theory_measure(t, NULL, NULL, 400, &mean, &sd);
    theory_expect("(1+1) EA with resampling, OneMax n = 50", mean, sd, 400, theory_onemax_exact(50, p, 1) * keep);
    struct theory_lo state = {50};
    theory_measure(t, &theory_leadingones, &state, 400, &mean, &sd);
    theory_expect("(1+1) EA with resampling, LeadingOnes n = 50", mean, sd, 400,
                  theory_leadingones_exact(50, p) * keep);
    test_experiment_free(t);
}

/* The fast (1+1) EA: each offspring's rate alpha/n, alpha in 1..n/2 with
 * probability proportional to alpha^-beta: the OneMax chain of that mixture. */
static void test_fast_mutation(void **unused)
{
    (void)unused;
    enum { N = 60 };
    const double betas[] = {1.5, 3.0};
    for (size_t b = 0; b < 2; b++) {
        double rates[N / 2], weights[N / 2], total = 0, mean, sd;
        for (size_t a = 1; a <= N / 2; a++) {
            rates[a - 1] = (double)a / N;
            total += weights[a - 1] = pow((double)a, -betas[b]);
        }
        for (size_t a = 0; a < N / 2; a++)
            weights[a] /= total;
        char extra[96], what[64];
        snprintf(extra, sizeof extra, "per = \"fast\"; beta = %g;", betas[b]);
        struct test_experiment *t = theory_experiment_with(N, 0.5, 1, true, 1, extra);
        theory_measure(t, NULL, NULL, 400, &mean, &sd);
        snprintf(what, sizeof what, "fast (1+1) EA, beta %g, OneMax n = %d", betas[b], N);
        theory_expect(what, mean, sd, 400, theory_onemax_mixture(N, rates, weights, N / 2, 1));
        test_experiment_free(t);
    }
}

/* Random search (scheme random, population 1, lambda 3): every string
 * drawn uniformly.  The initial one is the optimum with probability 1/2^n;
 * otherwise generations of 3 follow until one holds it, each with
 * probability 1 - q^3 (q = 1 - 2^-n): E[evaluations after the first] =
 * 3 q / (1 - q^3). */
static void test_random_search(void **unused)
{
    (void)unused;
    double mean, sd, q = 1 - 1.0 / 256;
    struct test_experiment *t = test_experiment_with(
        "problem = { name = \"onemax\"; bits = 8; };\n"
        "ga = { population = 1; scheme = { name = \"random\"; random = { lambda = 3; }; };\n"
        "       stop = { generations = 100000000; }; };\n",
        NULL);
    theory_measure(t, NULL, NULL, 1000, &mean, &sd);
    theory_expect("random search, OneMax n = 8, lambda 3", mean, sd, 1000, 3 * q / (1 - q * q * q));
    test_experiment_free(t);
}

/* The (1 + lambda) EA (plain, resampled, fast) and random search are the
 * same run at 1, 2 and 4 threads, generation by generation. */
static void theory_threads(const char *scheme, const char *per)
{
    struct ga_run *runs[3];
    struct test_experiment *t[3];
    const unsigned threads[3] = {1, 2, 4};
    for (int k = 0; k < 3; k++) {
        char text[512];
        snprintf(text, sizeof text,
                 "problem = { name = \"onemax\"; bits = 300; };\n"
                 "ga = { population = 1; threads = %u; crossover = { rate = 0.0; };\n"
                 "       mutation = { name = \"flip\"; rate = 0.0033; %s };\n"
                 "       scheme = { name = \"%s\"; plus = { lambda = 200; }; random = { lambda = 200; }; }; };\n",
                 threads[k], per, scheme);
        t[k] = test_experiment_with(text, NULL);
        runs[k] = test_run_alloc(t[k]);
        ga_run_init(runs[k], 11);
    }
    size_t len = ga_run_genome(runs[0])->len;
    for (int g = 0; g < 60; g++) {
        for (int k = 0; k < 3; k++)
            assert_int_equal(ga_run_iterate(runs[k]), GA_CONTINUE);
        for (int k = 1; k < 3; k++) {
            assert_true(ga_run_stats(runs[k])->best == ga_run_stats(runs[0])->best);
            assert_int_equal(ga_run_stats(runs[k])->evaluations, ga_run_stats(runs[0])->evaluations);
            assert_memory_equal(ga_run_individual(runs[k], 0), ga_run_individual(runs[0], 0), len * sizeof(ga_gene));
        }
    }
    for (int k = 0; k < 3; k++) {
        ga_run_free(runs[k]);
        test_experiment_free(t[k]);
    }
}

static void test_oneplus_lambda_threads(void **unused)
{
    (void)unused;
    theory_threads("plus", "per = \"gene\";");
    theory_threads("plus", "per = \"gene\"; resample = true;");
    theory_threads("plus", "per = \"fast\"; beta = 1.5; resample = true;");
    theory_threads("random", "per = \"gene\";");
}

/* A population of 1 is only for plus and comma: one message, at ga.population. */
static void test_population_one_needs_plus_or_comma(void **unused)
{
    (void)unused;
    struct test_experiment *t = test_experiment_with("problem = { name = \"onemax\"; bits = 20; };\n"
                                                     "ga = { population = 1; };\n",
                                                     NULL);
    assert_null(t->e);
    assert_int_equal(t->diag.count, 1);
    char msg[1024];
    assert_non_null(strstr(test_first_diag(t, msg, sizeof msg), "ga.population"));
    assert_non_null(strstr(msg, "plus"));
    test_experiment_free(t);
    const char *sets[] = {"ga.scheme.name=comma", "ga.scheme.comma.lambda=5", NULL};
    t = test_experiment_with("problem = { name = \"onemax\"; bits = 20; };\n"
                             "ga = { population = 1; selection = { name = \"rank\"; }; };\n",
                             sets);
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, 1);
    for (int g = 0; g < 20; g++)
        assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
    ga_run_free(run);
    test_experiment_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_oneplusone_leadingones),   cmocka_unit_test(test_oneplusone_onemax),
        cmocka_unit_test(test_oneplus_lambda_onemax),    cmocka_unit_test(test_oneplus_lambda_threads),
        cmocka_unit_test(test_resampling),               cmocka_unit_test(test_fast_mutation),
        cmocka_unit_test(test_random_search),
        cmocka_unit_test(test_ties_child_leadingones),   cmocka_unit_test(test_ties_child_needle),
        cmocka_unit_test(test_ties_plateau),
        cmocka_unit_test(test_population_one_needs_plus_or_comma),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
