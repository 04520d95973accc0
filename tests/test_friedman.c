/* tests/test_friedman.c — cli/stats/friedman.c against R: friedman.test with ties, the pairwise
 * z tests of average ranks, p.adjust(, "holm"), and qtukey(0.95, k, Inf) / sqrt(2). */
#include "tests/testlib.h"

#include <math.h>

#include "cli/stats/friedman.h"

#define assert_near(value, expect, tolerance)                                                   \
    do {                                                                                        \
        double v_ = (value), e_ = (expect);                                                     \
        if (!(fabs(v_ - e_) <= (tolerance) * fmax(1.0, fabs(e_))))                              \
            fail_msg("%s = %.17g, expected %.17g within %g", #value, v_, e_, (double)(tolerance)); \
    } while (0)

/* Ranks each of the n rows of k values into rank and tests them. */
static bool test_friedman_of(const double *m, size_t n, size_t k, double *rank, double *mean, struct friedman *f)
{
    for (size_t b = 0; b < n; b++)
        friedman_ranks(m + b * k, k, rank + b * k);
    return friedman_test(rank, n, k, mean, f);
}

static void test_ranks(void **unused)
{
    (void)unused;
    /* R: rank(c(3, 1, 3, INF, 2, 3)) is 4 1 4 6 2 4 */
    double v[] = {3, 1, 3, INFINITY, 2, 3}, r[6], expect[] = {4, 1, 4, 6, 2, 4};
    friedman_ranks(v, 6, r);
    for (size_t i = 0; i < 6; i++)
        assert_true(r[i] == expect[i]);
}

/* Five blocks of four with ties in two of them; every number from R 4.2:
 * friedman.test(m), the pairs' 2 * pnorm(-|Ri - Rj| / sqrt(k (k + 1) / (6 n)))
 * in the order (1,2), (1,3), (1,4), (2,3), (2,4), (3,4), and their p.adjust(, "holm"). */
static void test_friedman_ties(void **unused)
{
    (void)unused;
    const double m[5][4] = {{1, 2, 3, 4}, {2, 1, 3, 4}, {1, 3, 2, 4}, {2, 2, 1, 3}, {3, 1, 2, 2}};
    double rank[20], mean[4];
    struct friedman f;
    assert_true(test_friedman_of(&m[0][0], 5, 4, rank, mean, &f));
    assert_near(f.statistic, 6.25, 1e-12);
    assert_near(f.p_value, 0.10006083311939501, 1e-12);
    assert_int_equal(f.df, 3);
    const double mean_r[] = {2.1, 1.9, 2.3, 3.7};
    for (size_t j = 0; j < 4; j++)
        assert_near(mean[j], mean_r[j], 1e-12);
    const double p_r[] = {0.80649594050733997, 0.8064959405073403, 0.050043521248705078,
                          0.62420611476640597, 0.027486336111510315, 0.086410732973699944};
    const double holm_r[] = {1, 1, 0.2502176062435254, 1, 0.16491801666906189, 0.34564293189479978};
    double p[6];
    size_t m_pairs = 0;
    for (size_t i = 0; i < 4; i++)
        for (size_t j = i + 1; j < 4; j++)
            p[m_pairs++] = friedman_pair_p(mean[i], mean[j], 5, 4);
    for (size_t i = 0; i < 6; i++)
        assert_near(p[i], p_r[i], 1e-12);
    assert_true(friedman_holm(p, 6));
    for (size_t i = 0; i < 6; i++)
        assert_near(p[i], holm_r[i], 1e-12);
}

/* A block all tied: R gives 2 and 0.36787944117144233; every block tied is 0/0, refused. */
static void test_friedman_block_tied(void **unused)
{
    (void)unused;
    const double m[4][3] = {{5, 5, 5}, {1, 2, 3}, {3, 1, 2}, {1, 2, 3}};
    double rank[12], mean[3];
    struct friedman f;
    assert_true(test_friedman_of(&m[0][0], 4, 3, rank, mean, &f));
    assert_near(f.statistic, 2, 1e-12);
    assert_near(f.p_value, 0.36787944117144233, 1e-12);
    const double tied[6] = {2, 2, 2, 2, 2, 2};
    assert_false(friedman_test(tied, 2, 3, mean, &f));
    assert_false(friedman_test(rank, 1, 3, mean, &f));
    assert_false(friedman_test(rank, 4, 1, mean, &f));
}

/* R: p.adjust(c(0.01, 0.04, 0.03, 0.005, 0.5, 0.04), "holm"). */
static void test_holm(void **unused)
{
    (void)unused;
    double p[] = {0.01, 0.04, 0.03, 0.005, 0.5, 0.04};
    const double r[] = {0.05, 0.12, 0.12, 0.03, 0.5, 0.12};
    assert_true(friedman_holm(p, 6));
    for (size_t i = 0; i < 6; i++)
        assert_near(p[i], r[i], 1e-15);
}

/* R: qtukey(0.95, k, Inf) / sqrt(2), which stops its secant search early
 * (measured: within 6e-8 relative of ours up to k = 50, while R's ptukey at
 * ours is 0.95 within 1e-9); Demsar's table (2006) has 1.960 2.343 2.569
 * 2.728 ... 3.164 for k = 2, 3, 4, 5, ..., 10. */
static void test_q_alpha(void **unused)
{
    (void)unused;
    const size_t k[] = {2, 3, 5, 10, 24, 50};
    const double r[] = {1.95996398477, 2.3437005879, 2.72777438252, 3.1636837535, 3.63725233398, 3.99234339987};
    for (size_t i = 0; i < 6; i++)
        assert_near(friedman_q_alpha(k[i], 0.05), r[i], 1e-6);
    /* for two means the range is |X - Y| ~ sqrt(2) |N(0, 1)|: exactly 1.959963984540054 */
    assert_near(friedman_q_alpha(2, 0.05), 1.959963984540054, 1e-10);
    assert_true(isnan(friedman_q_alpha(1, 0.05)));
    assert_near(friedman_cd(4, 5, 0.05), 2.569031777 * sqrt(20.0 / 30.0), 1e-4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ranks),
        cmocka_unit_test(test_friedman_ties),
        cmocka_unit_test(test_friedman_block_tied),
        cmocka_unit_test(test_holm),
        cmocka_unit_test(test_q_alpha),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
