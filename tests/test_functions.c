/* tests/test_functions.c — problem 'functions': each function's optimum is fitness 0 within its standard bounds; the real genome's view and diversity. */
#include <math.h>
#include <stdlib.h>

#include "gaexp/pack.h"
#include "gaexp/stats.h"
#include "testlib.h"

static const struct {
    const char *name;
    double lower, upper, optimum;
} functions_expected[] = {
    {"sphere", -5.12, 5.12, 0},       {"rastrigin", -5.12, 5.12, 0}, {"rosenbrock", -5, 10, 1},
    {"ackley", -32.768, 32.768, 0},   {"griewank", -600, 600, 0},    {"schwefel", -500, 500, 420.9687462275036},
};

static void test_optima_and_bounds(void **unused)
{
    (void)unused;
    const size_t dims[] = {2, 7, 1000};
    for (size_t f = 0; f < 6; f++)
        for (size_t d = 0; d < 3; d++) {
            char text[256];
            snprintf(text, sizeof text, "problem = { name = \"functions\"; function = \"%s\"; dimension = %zu; };",
                     functions_expected[f].name, dims[d]);
            struct test_experiment *t = test_experiment_alloc(text);
            assert_non_null(t->e);
            struct ga_genome gen = ga_problem_genome(t->e->problem, t->e->state);
            assert_int_equal(gen.kind, GA_KIND_REAL);
            assert_int_equal(gen.reals, dims[d]);
            assert_int_equal(gen.len, GA_REAL_LEN(dims[d]));
            double *x = malloc((dims[d] + 1) * sizeof *x);
            for (size_t i = 0; i < dims[d]; i++) {
                assert_true(gen.lower[i] == functions_expected[f].lower && gen.upper[i] == functions_expected[f].upper);
                x[i] = functions_expected[f].optimum;
            }
            x[dims[d]] = 0.1;
            const ga_gene *g = (const ga_gene *)(const void *)x;
            assert_true(t->e->problem->valid(&gen, g));
            double at = t->e->problem->evaluate(&gen, g);
            if (!(at <= 1e-9))
                fail_msg("%s-%zu: f(x*) - f* = %g", functions_expected[f].name, dims[d], at);
            for (size_t i = 0; i < dims[d]; i++) /* a step away is worse */
                x[i] = functions_expected[f].optimum + 0.01 * (gen.upper[i] - gen.lower[i]);
            if (!(t->e->problem->evaluate(&gen, g) > 1e-6))
                fail_msg("%s-%zu: a step away is %g", functions_expected[f].name, dims[d], t->e->problem->evaluate(&gen, g));
            x[0] = gen.upper[0] * 2; /* out of bounds: invalid */
            assert_false(t->e->problem->valid(&gen, g));
            free(x);
            test_experiment_free(t);
        }
}

/* Diversity of a real population: 0 when every genome is the same, about
 * 1 when spread uniformly over the bounds. */
static void test_rosenbrock_needs_two(void **unused)
{
    (void)unused;
    test_expect_error("problem = { name = \"functions\"; function = \"rosenbrock\"; dimension = 1; };",
                      "problem.dimension: rosenbrock needs a dimension in [2, 1000], got 1");
    struct test_experiment *t = test_experiment_alloc("problem = { name = \"functions\"; function = \"sphere\"; dimension = 1; };");
    assert_non_null(t->e);
    test_experiment_free(t);
}

static void test_real_diversity(void **unused)
{
    (void)unused;
    struct test_experiment *t = test_experiment_alloc("problem = { name = \"functions\"; dimension = 5; };");
    struct ga_genome gen = ga_problem_genome(t->e->problem, t->e->state);
    size_t n = 4000, stride = ga_genome_stride(gen.len);
    ga_gene *block = aligned_alloc(64, n * stride * sizeof *block);
    gsl_rng *r = test_rng_alloc(5);
    for (size_t i = 0; i < n; i++)
        t->e->problem->init(&gen, r, block + i * stride);
    double spread = ga_stats_diversity_real(block, n, stride, &gen);
    assert_true(fabs(spread - 1) < 0.05);
    for (size_t i = 1; i < n; i++)
        memcpy(block + i * stride, block, gen.len * sizeof *block);
    assert_true(ga_stats_diversity_real(block, n, stride, &gen) == 0);
    gsl_rng_free(r);
    free(block);
    test_experiment_free(t);
}

/*
 * The bounded SBX as it is defined: with share 0 the children are the
 * parents; every child lies within the bounds; far from the bounds each
 * crossed variable keeps the parents' sum (c1 + c2 = a + b, to 1e-6, for
 * children within 10 of each other: the two sides' truncations differ only
 * as the spread nears a bound); crossed with
 * probability share; and, far from the bounds, the spread beta = |c1 -
 * c2| / |a - b| follows SBX's law P(beta <= t) = t^(eta+1) / 2 for t <= 1
 * and 1 - t^-(eta+1) / 2 above (checked at five points within 0.01,
 * about 7 standard errors of 40,000 draws).  The operator's settings are
 * read from the genome's values.
 */
static void test_sbx_bounded(void **unused)
{
    (void)unused;
    struct test_experiment *t = test_experiment_alloc(
        "problem = { name = \"functions\"; function = \"schwefel\"; dimension = 4; };");
    struct ga_genome gen = ga_problem_genome(t->e->problem, t->e->state);
    size_t stride = ga_genome_stride(gen.len);
    ga_gene *g = calloc(4, stride * sizeof *g);
    double *a = ga_genome_reals(g), *b = ga_genome_reals(g + stride), *x = ga_genome_reals(g + 2 * stride),
           *y = ga_genome_reals(g + 3 * stride);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    const struct ga_crossover *sbx = ga_catalog_crossover(&test_catalog, t->e->problem, "sbx");
    assert_non_null(sbx);
    double settings[GA_OP_SETTINGS_MAX] = {2, 0};
    gen.crossover_settings = settings;
    for (size_t i = 0; i < 4; i++) {
        a[i] = -1.0 + 0.1 * (double)i;
        b[i] = 1.0;
    }
    a[4] = b[4] = 0.1; /* sigma */
    sbx->apply(&gen, r, g, g + stride, g + 2 * stride, g + 3 * stride);
    assert_memory_equal(x, a, 5 * sizeof *a); /* share 0: nothing crossed */
    assert_memory_equal(y, b, 5 * sizeof *b);

    const double eta = 2, t_at[] = {0.3, 0.7, 1.0, 1.5, 3.0};
    double below[5] = {0};
    size_t crossed = 0, draws = 40000;
    settings[1] = 0.5;
    for (size_t k = 0; k < draws; k++) {
        sbx->apply(&gen, r, g, g + stride, g + 2 * stride, g + 3 * stride);
        for (size_t i = 0; i < 4; i++) {
            assert_true(x[i] >= -500 && x[i] <= 500 && y[i] >= -500 && y[i] <= 500);
            if (x[i] == a[i] && y[i] == b[i])
                continue;
            crossed++;
            if (fabs(x[i] - y[i]) < 10) /* the two sides truncate alike unless the spread nears a bound */
                assert_true(fabs(x[i] + y[i] - (a[i] + b[i])) < 1e-6);
            double beta = fabs(x[i] - y[i]) / fabs(a[i] - b[i]);
            for (size_t q = 0; q < 5; q++)
                below[q] += beta <= t_at[q];
        }
    }
    double share = (double)crossed / (4.0 * (double)draws);
    assert_true(fabs(share - 0.5) < 0.01);
    for (size_t q = 0; q < 5; q++) {
        double law = t_at[q] <= 1 ? 0.5 * pow(t_at[q], eta + 1) : 1 - 0.5 * pow(t_at[q], -(eta + 1));
        if (fabs(below[q] / (double)crossed - law) > 0.01)
            fail_msg("P(beta <= %g) = %.4f, SBX's law gives %.4f", t_at[q], below[q] / (double)crossed, law);
    }
    /* near a bound every child stays inside it */
    for (size_t i = 0; i < 4; i++) {
        a[i] = 499.9;
        b[i] = 480.0;
    }
    for (size_t k = 0; k < 20000; k++) {
        sbx->apply(&gen, r, g, g + stride, g + 2 * stride, g + 3 * stride);
        for (size_t i = 0; i < 4; i++)
            assert_true(x[i] <= 500 && y[i] <= 500 && x[i] >= -500 && y[i] >= -500);
    }
    gsl_rng_free(r);
    free(g);
    test_experiment_free(t);
}

/* One variable of bounded SBX as SPEC'd (Deb's realcross), with its pow
 * always computed: the lower (side 0) or upper child's value. */
static double sbx_reference_side(double y1, double y2, double lo, double up, double u, double eta, int side)
{
    double dy = y2 - y1, beta = side ? 1 + 2 * (up - y2) / dy : 1 + 2 * (y1 - lo) / dy;
    double alpha = 2 - pow(beta, -(eta + 1));
    double bq = u <= 1 / alpha ? pow(u * alpha, 1 / (eta + 1)) : pow(1 / (2 - u * alpha), 1 / (eta + 1));
    double c = side ? 0.5 * (y1 + y2 + bq * dy) : 0.5 * (y1 + y2 - bq * dy);
    return c < lo ? lo : c > up ? up : c;
}

/*
 * SBX skips the power beta^-(eta+1) once it cannot move alpha off 2
 * (operators/real.c, real_sbx_law): its children are bit for bit those of
 * the formula with every pow, on xoshiro256** (the inline draws) and on
 * mt19937, for distribution indices from 0 to 1000 and spreads beta drawn
 * log-uniformly on both sides of the shortcut's threshold 2^(53/(eta+1)),
 * among them within 1e-9 of it.  A threshold a factor 2^(1/(eta+1)) too
 * low, or the shortcut's alpha off by an ulp, fails here.
 */
static void test_sbx_flat_is_exact(void **unused)
{
    (void)unused;
    struct test_experiment *t = test_experiment_alloc(
        "problem = { name = \"functions\"; function = \"schwefel\"; dimension = 8; };");
    struct ga_genome gen = ga_problem_genome(t->e->problem, t->e->state);
    size_t stride = ga_genome_stride(gen.len), n = gen.reals;
    ga_gene *g = calloc(4, stride * sizeof *g);
    double *a = ga_genome_reals(g), *b = ga_genome_reals(g + stride), *x = ga_genome_reals(g + 2 * stride),
           *y = ga_genome_reals(g + 3 * stride);
    const struct ga_crossover *sbx = ga_catalog_crossover(&test_catalog, t->e->problem, "sbx");
    double settings[GA_OP_SETTINGS_MAX] = {0, 1}; /* share 1: every variable crossed */
    gen.crossover_settings = settings;
    const double etas[] = {0, 0.5, 2, 15, 20, 100, 1000};
    const gsl_rng_type *types[] = {ga_rng_xoshiro256ss, gsl_rng_mt19937};
    gsl_rng *pick = gsl_rng_alloc(gsl_rng_mt19937);
    size_t flat = 0, near = 0;
    for (size_t ty = 0; ty < 2; ty++)
        for (size_t e = 0; e < sizeof etas / sizeof *etas; e++) {
            settings[0] = etas[e];
            double edge = exp2(53 / (etas[e] + 1));
            gsl_rng *r = ga_rng_alloc(types[ty]), *mirror = ga_rng_alloc(types[ty]);
            gsl_rng_set(r, 7 + e);
            for (size_t k = 0; k < 2000; k++) {
                for (size_t i = 0; i < n; i++) { /* the lower side's beta: log-uniform up to edge^1.2, or edge (1 +- 1e-9 ..) */
                    double beta = i % 2 ? pow(edge, 1.2 * gsl_rng_uniform(pick))
                                        : edge * (1 + (gsl_rng_uniform(pick) - 0.5) * 4e-9);
                    double s = 0.01 + 10 * gsl_rng_uniform(pick); /* the lower parent's distance to -500 */
                    a[i] = -500 + s;
                    b[i] = a[i] + 2 * s / (beta - 1);
                    if (!(b[i] <= 500) || b[i] - a[i] <= 1e-14)
                        b[i] = a[i] + 1e-3;
                    double made = 1 + 2 * (a[i] + 500) / (b[i] - a[i]); /* as the operator computes it */
                    flat += made >= edge;
                    near += fabs(made / edge - 1) < 1e-8;
                }
                memcpy(mirror->state, r->state, gsl_rng_size(r)); /* the operator's draws, mirrored */
                sbx->apply(&gen, r, g, g + stride, g + 2 * stride, g + 3 * stride);
                for (size_t i = 0; i < n; i++) {
                    assert_true(gsl_rng_uniform(mirror) < 1); /* the share draw: share 1 crosses every variable */
                    double u = gsl_rng_uniform(mirror);
                    double low = sbx_reference_side(a[i], b[i], -500, 500, u, etas[e], 0);
                    double high = sbx_reference_side(a[i], b[i], -500, 500, u, etas[e], 1);
                    bool swap = gsl_rng_uniform(mirror) < 0.5;
                    if (x[i] != (swap ? high : low) || y[i] != (swap ? low : high))
                        fail_msg("eta %g, %s, beta %.17g: children %.17g %.17g, the formula's %.17g %.17g", etas[e],
                                 types[ty]->name, 1 + 2 * (a[i] + 500) / (b[i] - a[i]), x[i], y[i],
                                 swap ? high : low, swap ? low : high);
                }
            }
            ga_rng_free(r);
            ga_rng_free(mirror);
        }
    if (!(flat > 20000 && flat < 200000 && near > 20000)) /* both sides of the threshold, and at it, were crossed */
        fail_msg("%zu spreads at or beyond the threshold, %zu within 1e-8 of it", flat, near);
    gsl_rng_free(pick);
    free(g);
    test_experiment_free(t);
}

/* Children the batch evaluator was handed (atomically: threads call it at once). */
static _Atomic unsigned long functions_batched;

static void functions_counted_batch(const struct ga_genome *gen, const ga_gene *genes, size_t stride, size_t n,
                                    double *fitness)
{
    functions_batched += n;
    ga_problem_evaluate_batch(test_catalog_problem("functions"))(gen, genes, stride, n, fitness);
}

/* A digest of a whole run: every generation's statistics and the best genome. */
static uint64_t functions_run_digest(const struct ga_problem *p, struct test_experiment *t)
{
    struct ga_run *run = ga_run_alloc(p, t->e->state, &t->e->params, &t->diag);
    assert_non_null(run);
    uint64_t h = GA_PACK_HASH_START;
    for (enum ga_stop stop = ga_run_init(run, 11); ; stop = ga_run_iterate(run)) {
        const struct ga_stats *s = ga_run_stats(run);
        double v[] = {s->best, s->mean, s->sd, s->worst, (double)s->evaluations, (double)s->found};
        h = ga_pack_hash_more(h, v, sizeof v);
        if (stop != GA_CONTINUE)
            break;
    }
    struct ga_genome gen = ga_problem_genome(p, t->e->state);
    h = ga_pack_hash_more(h, ga_run_best(run), gen.len * sizeof(ga_gene));
    ga_run_free(run);
    return h;
}

/* The same run whether the core evaluates one genome a call or in blocks
 * (evaluate_batch), in each scheme that breeds, with islands, with a
 * mutation that leaves some children unchanged (not evaluated) and with
 * evaluate_all, at 1 and 4 threads; and the core did hand blocks over. */
static void test_batch_same_run(void **unused)
{
    (void)unused;
    static const char *const schemes[] = {
        "",
        "scheme = { name = \"steady\"; steady = { lambda = 5; }; };",
        "scheme = { name = \"plus\"; plus = { lambda = 31; }; }; islands = { count = 3; };",
        "scheme = { name = \"comma\"; }; mutation = { rate = 0.3; }; crossover = { rate = 0.5; };",
        "evaluate_all = true; mutation = { rate = 0.2; }; crossover = { rate = 0.4; };",
    };
    struct ga_problem plain = *test_catalog_problem("functions"), counted = plain;
    struct ga_problem_evaluation single = *plain.evaluation, counting = single;
    single.evaluate_batch = NULL;
    counting.evaluate_batch = functions_counted_batch;
    plain.evaluation = &single;
    counted.evaluation = &counting;
    static const char *const functions[] = {"sphere", "rastrigin"}; /* four lanes at once; one at a time */
    for (size_t k = 0; k < 2 * sizeof schemes / sizeof *schemes; k++)
        for (unsigned threads = 1; threads <= 4; threads += 3) {
            char text[512];
            snprintf(text, sizeof text,
                     "problem = { name = \"functions\"; function = \"%s\"; dimension = 6; };\n"
                     "ga = { population = 41; threads = %u; stop = { generations = 12; fitness = -1.0; }; %s };",
                     functions[k % 2], threads, schemes[k / 2]);
            struct test_experiment *t = test_experiment_alloc(text);
            if (!t->e) {
                char msg[512];
                fail_msg("%s: refused: %s", schemes[k / 2], test_first_diag(t, msg, sizeof msg));
            }
            functions_batched = 0;
            uint64_t batched = functions_run_digest(&counted, t);
            assert_true(functions_batched > 41); /* generation 0 and children */
            if (batched != functions_run_digest(&plain, t))
                fail_msg("%s, scheme %zu at %u threads: another run with evaluate_batch", functions[k % 2], k / 2,
                         threads);
            test_experiment_free(t);
        }
}

/* A batch evaluator whose last genome of a block is off by one ulp. */
static void functions_lying_batch(const struct ga_genome *gen, const ga_gene *genes, size_t stride, size_t n,
                                  double *fitness)
{
    ga_problem_evaluate_batch(test_catalog_problem("functions"))(gen, genes, stride, n, fitness);
    fitness[n - 1] = nextafter(fitness[n - 1], INFINITY);
}

/* ga.check evaluates every individual again with evaluate: a batch
 * evaluator that gives other bits stops the run in generation 0. */
static void test_batch_checked(void **unused)
{
    (void)unused;
    struct ga_problem lying = *test_catalog_problem("functions");
    struct ga_problem_evaluation evaluation = *lying.evaluation;
    evaluation.evaluate_batch = functions_lying_batch;
    lying.evaluation = &evaluation;
    struct test_experiment *t = test_experiment_alloc(
        "problem = { name = \"functions\"; function = \"sphere\"; dimension = 4; };\n"
        "ga = { population = 20; check = true; stop = { generations = 5; }; };");
    assert_non_null(t->e);
    struct ga_run *run = ga_run_alloc(&lying, t->e->state, &t->e->params, &t->diag);
    assert_non_null(run);
    assert_int_equal(ga_run_init(run, 3), GA_STOP_FAULT);
    const struct ga_fault *f = ga_run_fault(run);
    assert_non_null(f);
    assert_int_equal(f->kind, GA_FAULT_REPEAT);
    assert_string_equal(f->hook, "evaluate");
    assert_int_equal(f->individual, 19); /* the last of generation 0's one block */
    ga_run_free(run);
    test_experiment_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sbx_bounded),
        cmocka_unit_test(test_sbx_flat_is_exact),
        cmocka_unit_test(test_optima_and_bounds),
        cmocka_unit_test(test_rosenbrock_needs_two),
        cmocka_unit_test(test_real_diversity),
        cmocka_unit_test(test_batch_same_run),
        cmocka_unit_test(test_batch_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
