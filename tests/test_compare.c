/* tests/test_compare.c — comparing outcomes: Wilson and t intervals, median, Mann-Whitney U against R and brute force. */
#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_randist.h>

#include "gaexp/compare.h"
#include "gaexp/rng.h"
#include "testlib.h"

#define assert_near(value, expect, tolerance)                                                \
    do {                                                                                     \
        double v_ = (value), e_ = (expect);                                                  \
        if (!(fabs(v_ - e_) <= (tolerance)))                                                 \
            fail_msg("%s = %.17g, expected %.17g within %g", #value, v_, e_, (double)(tolerance)); \
    } while (0)

static void test_wilson(void **unused)
{
    (void)unused;
    /* By hand, z = 1.959964 at 95%: centre (p + z^2/2n) / (1 + z^2/n),
     * half-width z / (1 + z^2/n) sqrt(p(1-p)/n + z^2/4n^2). */
    struct ga_interval w = ga_compare_wilson(0, 10, 0.95);
    assert_true(w.low == 0.0);
    assert_near(w.high, 0.2775, 5e-5);
    w = ga_compare_wilson(10, 10, 0.95);
    assert_near(w.low, 0.7225, 5e-5);
    assert_true(w.high == 1.0);
    w = ga_compare_wilson(5, 10, 0.95);
    assert_near(w.low, 0.2366, 5e-5);
    assert_near(w.high, 0.7634, 5e-5);
    /* R 4.2: prop.test(3, 17, correct = FALSE)$conf.int, and at k = n = 1. */
    w = ga_compare_wilson(3, 17, 0.95);
    assert_near(w.low, 0.061911266376210, 1e-12);
    assert_near(w.high, 0.410294585688341, 1e-12);
    w = ga_compare_wilson(1, 1, 0.95);
    assert_near(w.low, 0.206549314377238, 1e-12);
    assert_true(w.high == 1.0);
    /* A wider confidence widens the interval. */
    struct ga_interval w99 = ga_compare_wilson(3, 17, 0.99);
    assert_true(w99.low < 0.061911266376210 && w99.high > 0.410294585688341);
    w = ga_compare_wilson(0, 0, 0.95);
    assert_true(w.low == 0.0 && w.high == 1.0);
    w = ga_compare_wilson(11, 10, 0.95);
    assert_true(isnan(w.low) && isnan(w.high));
    w = ga_compare_wilson(5, 10, 1.0);
    assert_true(isnan(w.low) && isnan(w.high));
}

static void test_mean_ci(void **unused)
{
    (void)unused;
    /* mean 4.8, squared deviations 7.84 + 0.64 + 0.64 + 0.04 + 17.64 = 26.8,
     * sd = sqrt(26.8 / 4) = 2.588436, se = sd / sqrt(5) = 1.157584,
     * t(0.975, 4) = 2.776445: half-width 3.213968 (R: t.test gives
     * [1.58603242926801, 8.01396757073199]; at 90% [2.33220892997452, ...]). */
    const double x[] = {2, 4, 4, 5, 9};
    double mean, half;
    ga_compare_mean_ci(x, 5, 0.95, &mean, &half);
    assert_near(mean, 4.8, 1e-12);
    assert_near(half, 3.213968, 5e-7);
    assert_near(half, 8.01396757073199 - 4.8, 1e-12);
    ga_compare_mean_ci(x, 5, 0.90, &mean, &half);
    assert_near(half, 4.8 - 2.33220892997452, 1e-12);
    ga_compare_mean_ci(x, 1, 0.95, &mean, &half);
    assert_true(mean == 2.0 && half == 0.0);
    ga_compare_mean_ci(x, 0, 0.95, &mean, &half);
    assert_true(isnan(mean) && isnan(half));
    ga_compare_mean_ci(x, 5, 0.0, &mean, &half);
    assert_true(mean == 4.8 && isnan(half));
}

static void test_median(void **unused)
{
    (void)unused;
    double x[] = {9, 1, 5, 3, 7}, median;
    assert_true(ga_compare_median(x, 5, &median));
    assert_true(median == 5.0);
    assert_true(x[0] == 9 && x[1] == 1 && x[4] == 7); /* not reordered */
    assert_true(ga_compare_median(x, 4, &median));    /* 1 3 5 9 */
    assert_true(median == 4.0);
    assert_true(ga_compare_median(x, 1, &median) && median == 9.0);
    assert_true(ga_compare_median(x, 0, &median) && isnan(median));
}

/* R 4.2, wilcox.test(x, y): W = 58, p-value = 0.132919458185319, "with
 * continuity correction" — y holds 1.06 and 1.29 twice, so the normal
 * approximation with the tie correction. */
static void test_ranksum_ties_as_r(void **unused)
{
    (void)unused;
    const double x[] = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
    const double y[] = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
    struct ga_ranksum r;
    assert_true(ga_compare_ranksum(x, 9, y, 9, &r));
    assert_true(r.u == 58.0 && !r.exact);
    assert_near(r.p_value, 0.132919458185319, 1e-12);
    assert_near(r.a12, 58.0 / 81.0, 1e-15);
}

/* R 4.2 on its own example (Hollander and Wolfe 1973, p. 69), no ties:
 * wilcox.test(x, y) gives W = 35, p-value = 0.254412254412254, "exact";
 * alternative = "greater" 0.127206127206127, half of it. */
static void test_ranksum_exact_as_r(void **unused)
{
    (void)unused;
    const double x[] = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
    const double y[] = {1.15, 0.88, 0.90, 0.74, 1.21};
    struct ga_ranksum r;
    assert_true(ga_compare_ranksum(x, 10, y, 5, &r));
    assert_true(r.u == 35.0 && r.exact);
    assert_near(r.p_value, 0.254412254412254, 1e-12);
    assert_near(r.a12, 0.7, 1e-15);
}

/* The exact bound, as R draws it: x = 2, 4, ..., 2 nx and y = 7, 9, ..., 2 ny + 5.
 * R 4.2: nx = ny = 49 gives W = 1081, exact p = 0.399488605571232;
 * nx = 50, ny = 49 gives W = 1128, p = 0.499447507590766 (normal). */
static void test_ranksum_exact_bound(void **unused)
{
    (void)unused;
    double x[50], y[49];
    for (int i = 0; i < 50; i++)
        x[i] = 2.0 * (i + 1);
    for (int i = 0; i < 49; i++)
        y[i] = 2.0 * (i + 1) + 5.0;
    struct ga_ranksum r;
    assert_true(ga_compare_ranksum(x, 49, y, 49, &r));
    assert_true(r.u == 1081.0 && r.exact);
    assert_near(r.p_value, 0.399488605571232, 1e-12);
    assert_true(ga_compare_ranksum(x, 50, y, 49, &r));
    assert_true(r.u == 1128.0 && !r.exact);
    assert_near(r.p_value, 0.499447507590766, 1e-12);
}

static void test_ranksum_degenerate(void **unused)
{
    (void)unused;
    const double x[] = {3, 1, 2, 2}, same[] = {5, 5, 5}, one = 1, two = 2;
    struct ga_ranksum r;
    /* Identical samples: U at its mean, p = 1 (R: W = 8, p-value = 1). */
    assert_true(ga_compare_ranksum(x, 4, x, 4, &r));
    assert_true(r.u == 8.0 && r.p_value == 1.0 && r.a12 == 0.5 && !r.exact);
    /* Every value equal: no spread, still p = 1, not 0/0. */
    assert_true(ga_compare_ranksum(same, 3, same, 2, &r));
    assert_true(r.u == 3.0 && r.p_value == 1.0 && r.a12 == 0.5);
    /* One value each: U is 0 or 1 with equal chance (R: p-value = 1). */
    assert_true(ga_compare_ranksum(&one, 1, &two, 1, &r));
    assert_true(r.u == 0.0 && r.p_value == 1.0 && r.a12 == 0.0 && r.exact);
    /* Fully separated, no ties, 3 and 3: p = 2 / C(6, 3) = 0.1. */
    const double low[] = {1, 2, 3}, high[] = {4, 5, 6};
    assert_true(ga_compare_ranksum(high, 3, low, 3, &r));
    assert_true(r.u == 9.0 && r.a12 == 1.0 && r.exact);
    assert_near(r.p_value, 0.1, 1e-15);
    /* Refused: empty samples and NaN, with a NAN result. */
    const double bad[] = {1, NAN};
    assert_false(ga_compare_ranksum(x, 0, x, 4, &r));
    assert_true(isnan(r.u) && isnan(r.p_value) && isnan(r.a12));
    assert_false(ga_compare_ranksum(x, 4, x, 0, &r));
    assert_false(ga_compare_ranksum(x, 4, bad, 2, &r));
    assert_true(isnan(r.p_value));
}

/* U of x against y by counting pairs. */
static double brute_u(const double *x, size_t nx, const double *y, size_t ny)
{
    double u = 0.0;
    for (size_t i = 0; i < nx; i++)
        for (size_t j = 0; j < ny; j++)
            u += x[i] > y[j] ? 1.0 : x[i] == y[j] ? 0.5 : 0.0;
    return u;
}

/* The exact two-sided p-value by permutation, for distinct values: over all
 * C(nx + ny, nx) ways to choose which ranks of the pooled sample belong to
 * x, the share whose U is at least as far from nx ny / 2 as the observed u. */
static double brute_exact_p(double u, size_t nx, size_t ny)
{
    size_t n = nx + ny;
    double centre = (double)(nx * ny) / 2.0, far = fabs(u - centre);
    unsigned long total = 0, extreme = 0;
    for (unsigned long mask = 0; mask < 1UL << n; mask++) {
        unsigned long below = 0, perm_u = 0; /* rank r is in x when bit r is set */
        size_t in_x = 0;
        for (size_t rank = 0; rank < n; rank++) {
            if (mask >> rank & 1) {
                perm_u += below;
                in_x++;
            } else {
                below++;
            }
        }
        if (in_x != nx)
            continue;
        total++;
        extreme += fabs((double)perm_u - centre) >= far;
    }
    return (double)extreme / (double)total;
}

/* For every nx, ny in 1..7, random samples of distinct values: the exact
 * path agrees with the permutation count. */
static void test_ranksum_exact_is_permutation(void **unused)
{
    (void)unused;
    gsl_rng *rng = test_rng_alloc(2024);
    double pooled[14];
    int cases = 0, small_p = 0;
    for (size_t nx = 1; nx <= 7; nx++)
        for (size_t ny = 1; ny <= 7; ny++)
            for (int rep = 0; rep < 8; rep++) {
                /* Distinct values: x odd, y even, from a shuffled 0..n-1;
                 * later repetitions push x up, so that small p-values occur. */
                for (size_t i = 0; i < nx + ny; i++)
                    pooled[i] = (double)i;
                gsl_ran_shuffle(rng, pooled, nx + ny, sizeof *pooled);
                for (size_t i = 0; i < nx + ny; i++)
                    pooled[i] = i < nx ? 2.0 * (pooled[i] + rep) + 1.0 : 2.0 * pooled[i];
                const double *x = pooled, *y = pooled + nx;
                struct ga_ranksum r;
                assert_true(ga_compare_ranksum(x, nx, y, ny, &r));
                double u = brute_u(x, nx, y, ny);
                assert_true(r.exact && r.u == u);
                assert_near(r.p_value, brute_exact_p(u, nx, ny), 1e-12);
                cases++;
                small_p += r.p_value < 0.05;
            }
    assert_int_equal(cases, 7 * 7 * 8);
    assert_true(small_p > 40); /* the tails were reached, not only p near 1 */
    gsl_rng_free(rng);
}

/* Random samples of small whole numbers, so with many ties, sizes 1..30:
 * u and a12 as pair counting gives them; swapping x and y keeps p and
 * gives 1 - a12. */
static void test_ranksum_a12_and_symmetry(void **unused)
{
    (void)unused;
    gsl_rng *rng = test_rng_alloc(7);
    double x[30], y[30];
    int tied = 0, exact = 0;
    for (int rep = 0; rep < 400; rep++) {
        size_t nx = 1 + ga_rng_below(rng, 30), ny = 1 + ga_rng_below(rng, 30);
        /* Half the samples draw from a wide range, so some have no tie. */
        unsigned long range = rep % 2 ? 5 : 1000000;
        for (size_t i = 0; i < nx; i++)
            x[i] = (double)ga_rng_below(rng, range);
        for (size_t i = 0; i < ny; i++)
            y[i] = (double)ga_rng_below(rng, range) + (rep % 4 == 1);
        struct ga_ranksum r, s;
        assert_true(ga_compare_ranksum(x, nx, y, ny, &r));
        assert_true(ga_compare_ranksum(y, ny, x, nx, &s));
        double greater = 0.0, equal = 0.0;
        for (size_t i = 0; i < nx; i++)
            for (size_t j = 0; j < ny; j++) {
                greater += x[i] > y[j];
                equal += x[i] == y[j];
            }
        double pairs = (double)nx * (double)ny;
        assert_true(r.u == greater + 0.5 * equal);
        assert_near(r.a12, greater / pairs + 0.5 * equal / pairs, 1e-12);
        assert_near(s.a12, 1.0 - r.a12, 1e-12);
        assert_near(s.p_value, r.p_value, 1e-12);
        assert_true(r.exact == s.exact);
        assert_true(r.p_value > 0.0 && r.p_value <= 1.0);
        tied += equal > 0;
        exact += r.exact;
    }
    assert_true(tied > 150 && exact > 150); /* both paths were tried */
    gsl_rng_free(rng);
}

static void test_ert_by_hand(void **unused)
{
    (void)unused;
    /* Two of four runs solved: (100 + 300 + 200 + 500) / 2 = 550. */
    const double evals[] = {100, 300, 200, 500};
    const bool solved[] = {true, false, true, false};
    assert_true(ga_compare_ert(evals, solved, 4) == 550.0);
    const bool all[] = {true, true, true, true};
    assert_true(ga_compare_ert(evals, all, 4) == 275.0); /* the mean when all solve */
    const bool none[] = {false, false, false, false};
    assert_true(isinf(ga_compare_ert(evals, none, 4)));
    assert_true(isnan(ga_compare_ert(evals, solved, 0)));
}

static void test_ert_bootstrap(void **unused)
{
    (void)unused;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 1);
    /* Identical runs: every resample has the same ERT. */
    const double same[] = {700, 700, 700};
    const bool yes[] = {true, true, true};
    struct ga_interval ci = ga_compare_ert_bootstrap(same, yes, 3, 500, 0.95, rng);
    assert_true(ci.low == 700.0 && ci.high == 700.0);
    /* A spread sample: the interval holds the ERT and is not a point. */
    const double evals[] = {100, 300, 200, 500, 150, 250, 400, 120};
    const bool solved[] = {true, false, true, false, true, true, true, true};
    double ert = ga_compare_ert(evals, solved, 8);
    assert_near(ert, 2020.0 / 6.0, 1e-12);
    ci = ga_compare_ert_bootstrap(evals, solved, 8, 2000, 0.95, rng);
    assert_true(ci.low < ert && ert < ci.high && isfinite(ci.high));
    /* One success in twenty: over a third of the resamples have none, so the high bound is infinite. */
    double rare[20];
    bool once[20] = {true};
    for (size_t i = 0; i < 20; i++)
        rare[i] = 1000;
    ci = ga_compare_ert_bootstrap(rare, once, 20, 2000, 0.95, rng);
    assert_true(isinf(ci.high) && ci.low >= 5000.0); /* 20,000 / 4 */
    ci = ga_compare_ert_bootstrap(evals, solved, 0, 100, 0.95, rng);
    assert_true(isnan(ci.low) && isnan(ci.high));
    gsl_rng_free(rng);
}

/* derful-rates (mutation 0.2 / 0.05 at crossover 0.3, 10 replicates): the
 * first has the lower mean (19,529 against 20,471, one slow run of 76,006)
 * but the second is significantly faster by the rank-sum test (p = 0.005,
 * A12 = 0.14).  The rule puts the second first. */
static void test_rank_rates(void **unused)
{
    (void)unused;
    const double p004[] = {16957, 19568, 19582, 22924, 22511, 20785, 18787, 16555, 20040, 17581};
    const double p001[] = {14234, 17273, 15382, 76006, 13250, 11817, 12899, 16253, 17372, 10223};
    const bool solved[10] = {true, true, true, true, true, true, true, true, true, true};
    double key[3] = {ga_compare_ert(p004, solved, 10), ga_compare_ert(p001, solved, 10), 50000};
    assert_true(key[0] < key[1]);
    struct ga_ranksum t;
    assert_true(ga_compare_ranksum(p001, 10, p004, 10, &t));
    assert_true(t.p_value < 0.05 && t.a12 < 0.5);
    bool better[9] = {false};
    better[1 * 3 + 0] = true; /* p001 over p004 */
    better[0 * 3 + 2] = better[1 * 3 + 2] = true;
    size_t order[3];
    assert_true(ga_compare_rank(key, better, 3, order));
    assert_true(order[0] == 1 && order[1] == 0 && order[2] == 2);
    /* With no significant difference the keys decide. */
    bool none[9] = {false};
    assert_true(ga_compare_rank(key, none, 3, order));
    assert_true(order[0] == 0 && order[1] == 1 && order[2] == 2);
}

/* Significance in a cycle (0 over 1, 1 over 2, 2 over 0): no point is free,
 * each has one better; the keys decide, and every point is placed once. */
static void test_rank_cycle(void **unused)
{
    (void)unused;
    const double key[4] = {3, 1, 2, 0};
    bool better[16] = {false};
    better[0 * 4 + 1] = better[1 * 4 + 2] = better[2 * 4 + 0] = true;
    better[3 * 4 + 0] = true; /* point 3 over 0 too: 0 now has two betters */
    size_t order[4];
    assert_true(ga_compare_rank(key, better, 4, order));
    /* 3 is free (key 0); then 0 has 1 better (2), 1 has 1 (0), 2 has 1 (1): key 1 wins. */
    assert_true(order[0] == 3 && order[1] == 1);
    /* With 1 placed, 2 is free. */
    assert_true(order[2] == 2 && order[3] == 0);
}

/* No significance (better NULL): a stable order by key, in O(n log n).
 * 100,000 keys of 1,000 values, many ties (and INFINITY, as an ERT of no
 * solved run), against a counting sort, which is stable by construction;
 * on 60 keys of 7 values, the same order as the rule with no significant pair. */
static void test_rank_keys_alone(void **unused)
{
    (void)unused;
    enum { N = 100000, VALUES = 1000 };
    double *key = malloc(N * sizeof *key);
    size_t *order = malloc(N * sizeof *order), *expect = malloc(N * sizeof *expect);
    size_t *start = calloc(VALUES + 1, sizeof *start);
    assert_non_null(key && order && expect && start);
    for (size_t i = 0; i < N; i++) {
        size_t v = i * 7919 % VALUES;
        key[i] = v == VALUES - 1 ? INFINITY : (double)v;
        start[v + 1]++;
    }
    for (size_t v = 0; v < VALUES; v++)
        start[v + 1] += start[v];
    for (size_t i = 0; i < N; i++)
        expect[start[i * 7919 % VALUES]++] = i;
    assert_true(ga_compare_rank(key, NULL, N, order));
    for (size_t k = 0; k < N; k++)
        if (order[k] != expect[k])
            fail_msg("order[%zu] = %zu, expected %zu", k, order[k], expect[k]);
    bool none[60 * 60] = {false};
    size_t small[60];
    for (size_t i = 0; i < 60; i++)
        key[i] = (double)(i % 7);
    assert_true(ga_compare_rank(key, none, 60, small));
    assert_true(ga_compare_rank(key, NULL, 60, order));
    for (size_t k = 0; k < 60; k++)
        assert_true(small[k] == order[k]);
    assert_true(ga_compare_rank(key, NULL, 0, order));
    free(key);
    free(order);
    free(expect);
    free(start);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson),
        cmocka_unit_test(test_mean_ci),
        cmocka_unit_test(test_median),
        cmocka_unit_test(test_ranksum_ties_as_r),
        cmocka_unit_test(test_ranksum_exact_as_r),
        cmocka_unit_test(test_ranksum_exact_bound),
        cmocka_unit_test(test_ranksum_degenerate),
        cmocka_unit_test(test_ranksum_exact_is_permutation),
        cmocka_unit_test(test_ranksum_a12_and_symmetry),
        cmocka_unit_test(test_ert_by_hand),
        cmocka_unit_test(test_ert_bootstrap),
        cmocka_unit_test(test_rank_rates),
        cmocka_unit_test(test_rank_cycle),
        cmocka_unit_test(test_rank_keys_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
