/* tests/test_derful_count.c — the 31-derful game estimator validated against the exact counts at n = 3 and 4 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "gaexp/rng.h"
#include "problems/derful/derful_count.h"

/* Runs the estimator 'runs' times (seeds 1..runs, 'samples' each) and
 * checks it against the exact census: a sum without games is never hit,
 * and the 95% intervals cover the exact per-S counts in at least 'rate' of
 * the (run, S) pairs.  Returns the share covered. */
static double coverage(int n, int runs, unsigned long long samples, double rate)
{
    struct derful_census exact;
    assert_int_equal(derful_enum_count(n, n - 1, &exact, NULL, NULL, NULL), 0);
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    int pairs = 0, covered = 0, totals = 0;
    for (int run = 1; run <= runs; run++) {
        struct derful_estimate e = {.n = n, .suits = n - 1};
        gsl_rng_set(r, (unsigned long)run);
        assert_int_equal(derful_count_sample(&e, samples, r), 0);
        assert_true(e.samples == samples);
        for (int s = 0; s < DERFUL_ENUM_MAX_SUM; s++) {
            double half, games = derful_count_games(&e, s, &half);
            if (exact.games_by_sum[s] == 0) {
                assert_true(e.hits[s] == 0 && games == 0); /* never a game where there is none */
                continue;
            }
            pairs++;
            covered += fabs(games - (double)exact.games_by_sum[s]) <= half;
        }
        double half, total = derful_count_total(&e, &half);
        totals += fabs(total - (double)exact.total) <= half;
    }
    gsl_rng_free(r);
    double share = (double)covered / pairs;
    printf("n = %d: %d runs of %llu samples; the 95%% intervals cover the exact count in %d of %d (run, S) "
           "pairs (%.1f%%), the total in %d of %d runs\n",
           n, runs, samples, covered, pairs, 100 * share, totals, runs);
    assert_true(share >= rate);
    assert_true(totals >= runs * rate);
    return share;
}

/* Nominal 95%; the tolerance of 90% lies more than 4 binomial standard
 * deviations below it for the 380 (n = 3) and 480 (n = 4) pairs. */
static void test_covers_n3(void **unused)
{
    (void)unused;
    coverage(3, 20, 20000, 0.90);
}

static void test_covers_n4(void **unused)
{
    (void)unused;
    coverage(4, 20, 50000, 0.90);
}

static void test_bad_sizes(void **unused)
{
    (void)unused;
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    struct derful_estimate e = {.n = 7, .suits = 4};
    assert_int_equal(derful_count_sample(&e, 10, r), -1);
    e = (struct derful_estimate){.n = 5, .suits = 1}; /* 25 cells, a 13-card deck */
    assert_int_equal(derful_count_sample(&e, 10, r), -1);
    e = (struct derful_estimate){.n = 3, .suits = 0};
    assert_int_equal(derful_count_sample(&e, 10, r), -1);
    gsl_rng_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_covers_n3),
        cmocka_unit_test(test_covers_n4),
        cmocka_unit_test(test_bad_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
