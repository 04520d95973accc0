/* cli/stats/friedman.h — ranking k configurations over N blocks: Friedman's test with R's tie
 * correction, the pairwise z tests of average ranks with Holm's correction, Nemenyi's
 * critical difference ('gaexp compare'). */
#ifndef GA_CLI_STATS_FRIEDMAN_H
#define GA_CLI_STATS_FRIEDMAN_H

#include <stdbool.h>
#include <stddef.h>

/* Ranks 1..k of the k values (lower is better, rank 1); tied values share
 * the average of the ranks they span, as R's rank() does.  NaN is refused
 * by the caller; infinities rank last, tied among themselves. */
void friedman_ranks(const double *value, size_t k, double *rank);

/* Friedman's rank sum test over n blocks of k ranks each (rank[b * k + j]:
 * configuration j's rank in block b, as friedman_ranks gives them).  The
 * statistic is R's friedman.test's, tie-corrected:
 *   12 sum_j (R_j - n (k + 1) / 2)^2 / (n k (k + 1) - sum_ties (t^3 - t) / (k - 1))
 * with R_j the rank sums and t the size of each group of tied ranks within a
 * block; p from chi-squared with k - 1 degrees of freedom.  mean_rank[j]
 * gets R_j / n.  False when n < 2 or k < 2, or when every block is one tie
 * (the statistic is then 0/0). */
struct friedman {
    double statistic, p_value;
    size_t df;
};
bool friedman_test(const double *rank, size_t n, size_t k, double *mean_rank, struct friedman *out);

/* The two-sided p-value of the difference of two average ranks over n
 * blocks of k: z = (Ri - Rj) / sqrt(k (k + 1) / (6 n)) against the normal. */
double friedman_pair_p(double mean_i, double mean_j, size_t n, size_t k);

/* Holm's step-down correction of m p-values in place, as R's
 * p.adjust(p, "holm"): the i-th smallest times (m - i + 1), made
 * non-decreasing in that order, at most 1. */
bool friedman_holm(double *p, size_t m);

/* The studentized range's upper alpha quantile for k means and infinite
 * degrees of freedom, divided by sqrt(2) (Nemenyi's q_alpha: 1.960 for
 * k = 2, 3.164 for k = 10 at alpha 0.05), computed: the range's
 * distribution k * integral phi(z) (Phi(z) - Phi(z - q))^(k-1) dz solved
 * for 1 - alpha by bisection to 1e-12.  NAN when k < 2 or the integral
 * fails. */
double friedman_q_alpha(size_t k, double alpha);

/* Nemenyi's critical difference of average ranks: q_alpha sqrt(k (k + 1) / (6 n)). */
double friedman_cd(size_t k, size_t n, double alpha);

#endif
