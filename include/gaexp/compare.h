/* gaexp/compare.h — comparing experiment outcomes across replicates: intervals, medians,
 * rank-sum test, ERT, a ranking of many algorithms. */
#ifndef GA_COMPARE_H
#define GA_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <gsl/gsl_rng.h>
#include "gaexp/export.h"

GAEXP_API_BEGIN

/* Pure computation: nothing is printed, nothing kept between calls.  Values
 * must not be NaN (ga_compare_ranksum checks).  'confidence' is two-sided, in
 * (0, 1), e.g. 0.95; outside it the interval is NAN. */

struct ga_interval {
    double low, high;
};

/* Wilson score interval for k successes in n trials (a success rate, e.g.
 * runs solved).  Inside [0, 1]; low is exactly 0 when k = 0 and high exactly 1
 * when k = n.  n = 0 gives [0, 1]; k > n gives [NAN, NAN]. */
struct ga_interval ga_compare_wilson(unsigned long k, unsigned long n, double confidence);

/* Mean of n values and the half-width of its two-sided Student-t confidence
 * interval (n - 1 degrees of freedom, sample standard deviation).  n = 1 gives
 * half-width 0: one replicate has no spread to estimate, so a plot draws the
 * point with no bar; that is not a claim of certainty, so report n beside it.
 * n = 0 gives mean and half-width NAN. */
void ga_compare_mean_ci(const double *x, size_t n, double confidence, double *mean,
                        double *half_width);
/* The Student-t quantile ga_compare_mean_ci multiplies the standard error
 * by (0 for n = 1, NAN for n = 0 or a confidence outside (0, 1)), and the
 * interval with it given: the quantile is an iterative inverse, worth
 * computing once for many means of n values. */
double ga_compare_t_quantile(size_t n, double confidence);
void ga_compare_mean_ci_t(const double *x, size_t n, double t, double *mean, double *half_width);

/* Median of n values (the mean of the middle two when n is even); x is copied,
 * not reordered.  n = 0 gives NAN.  False when out of memory. */
bool ga_compare_median(const double *x, size_t n, double *median);

/* Samples of fewer values than this, with no tie anywhere in the two, get
 * the exact p-value; the bound is R's (wilcox.test), so the two agree. */
#define GA_COMPARE_EXACT_BELOW 50

/* The Mann-Whitney U (Wilcoxon rank-sum) test of x against y.
 * u:       U of x = pairs with x_i > y_j, plus half the pairs with x_i = y_j
 *          (R's W).  Ranges over [0, nx ny].
 * p_value: two-sided.  Exact (exact = true) when nx and ny are both below
 *          GA_COMPARE_EXACT_BELOW and no two of the nx + ny values are equal:
 *          twice the smaller tail of the null distribution of U, at most 1.
 *          Otherwise the normal approximation with tie and continuity
 *          corrections, as R's wilcox.test(x, y) (correct = TRUE).  When U is
 *          at its null mean (e.g. identical samples) p = 1.
 * a12:     the Vargha-Delaney effect size u / (nx ny) = P(X > Y) + P(X = Y) / 2
 *          for X drawn from x and Y from y; 0.5 means no difference.  gaexp's
 *          fitness and evaluation counts are better when lower, so there
 *          a12 < 0.5 favours x: 1 - a12 is the chance x beats y (ties count
 *          half).  Vargha and Delaney call |a12 - 0.5| below 0.06 negligible,
 *          below 0.14 small, below 0.21 medium, and larger large.
 * Swapping x and y keeps p_value and turns a12 into 1 - a12.
 * False, with u, p_value and a12 NAN, when a sample is empty, a value is NaN
 * or memory runs out. */
struct ga_ranksum {
    double u, p_value, a12;
    bool exact;
};
bool ga_compare_ranksum(const double *x, size_t nx, const double *y, size_t ny,
                        struct ga_ranksum *out);

/* Expected running time: the evaluations spent by all n runs (until their
 * success, or until they ended unsolved) over the number of successful
 * runs.  evaluations[i] is what run i spent; solved[i] whether it reached
 * the target.  INFINITY when no run succeeded, NAN when n = 0. */
double ga_compare_ert(const double *evaluations, const bool *solved, size_t n);

/* A percentile bootstrap interval of the ERT: 'resamples' samples of n runs
 * drawn with replacement with r, the ERT of each (INFINITY when a sample has
 * no success), and their (1 - confidence)/2 and (1 + confidence)/2
 * quantiles (type 7, as R's default).  The high bound is INFINITY when more
 * than that share of the samples had no success.  NAN bounds when n = 0,
 * resamples < 2 or memory runs out. */
struct ga_interval ga_compare_ert_bootstrap(const double *evaluations, const bool *solved, size_t n,
                                            size_t resamples, double confidence, gsl_rng *r);
/* The same in two steps, for many intervals over the same draws: the
 * resamples x n indices r gives (sample b at draws + b * n; malloc'd, NULL
 * when out of memory or n or resamples is 0), and the interval over them. */
size_t *ga_compare_bootstrap_draws(size_t n, size_t resamples, gsl_rng *r);
struct ga_interval ga_compare_ert_bootstrap_drawn(const double *evaluations, const bool *solved, size_t n,
                                                  size_t resamples, const size_t *draws, double confidence);

/* The ranking rule (one rule for every table and figure).  Points go in
 * order of 'key' (lower first; ties keep point order), except that a point
 * is never placed above one that is significantly better on the measure
 * the keys estimate: better[i * n + j] is true when point i is
 * significantly better than point j (a test the caller chose, e.g. a
 * rank-sum p < 0.05 with the effect in i's favour).  At each place the
 * point taken is the one of lowest key among those no remaining point is
 * significantly better than; when significance runs in a cycle (it is not
 * transitive) no point is free, and the one of lowest key among those with
 * the fewest remaining betters is taken.  order[] receives the n point
 * indices best first.  False when out of memory.
 * better == NULL means no significance was tested: the order of 'key' alone,
 * in O(n log n) (with 'better' the rule takes O(n^3) and n * n flags). */
bool ga_compare_rank(const double *key, const bool *better, size_t n, size_t *order);

GAEXP_API_END

#endif
