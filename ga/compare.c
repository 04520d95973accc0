/* ga/compare.c — comparing outcomes across replicates: Wilson and t intervals, median, Mann-Whitney U. */
#include "gaexp/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_statistics_double.h>

static bool compare_confidence_ok(double confidence)
{
    return confidence > 0.0 && confidence < 1.0;
}

struct ga_interval ga_compare_wilson(unsigned long k, unsigned long n, double confidence)
{
    if (k > n || !compare_confidence_ok(confidence))
        return (struct ga_interval){NAN, NAN};
    if (n == 0)
        return (struct ga_interval){0.0, 1.0};
    double z = gsl_cdf_ugaussian_Qinv((1.0 - confidence) / 2.0), z2 = z * z;
    double trials = (double)n, p = (double)k / trials;
    double centre = (p + z2 / (2.0 * trials)) / (1.0 + z2 / trials);
    double half = z / (1.0 + z2 / trials) * sqrt(p * (1.0 - p) / trials + z2 / (4.0 * trials * trials));
    /* At k = 0 and k = n the bound is exact in theory; rounding must not move it. */
    return (struct ga_interval){k == 0 ? 0.0 : fmax(0.0, centre - half),
                                k == n ? 1.0 : fmin(1.0, centre + half)};
}

double ga_compare_t_quantile(size_t n, double confidence)
{
    if (n == 0 || !compare_confidence_ok(confidence))
        return NAN;
    return n == 1 ? 0.0 : gsl_cdf_tdist_Qinv((1.0 - confidence) / 2.0, (double)(n - 1));
}

void ga_compare_mean_ci_t(const double *x, size_t n, double t, double *mean, double *half_width)
{
    *mean = n ? gsl_stats_mean(x, 1, n) : NAN;
    if (n == 0 || isnan(t))
        *half_width = NAN;
    else if (n == 1)
        *half_width = 0.0;
    else
        *half_width = t * gsl_stats_sd_m(x, 1, n, *mean) / sqrt((double)n);
}

void ga_compare_mean_ci(const double *x, size_t n, double confidence, double *mean,
                        double *half_width)
{
    ga_compare_mean_ci_t(x, n, ga_compare_t_quantile(n, confidence), mean, half_width);
}

/* dst = src sorted ascending. */
static void compare_copy_sorted(double *dst, const double *src, size_t n)
{
    memcpy(dst, src, n * sizeof *dst);
    gsl_sort(dst, 1, n);
}

bool ga_compare_median(const double *x, size_t n, double *median)
{
    *median = NAN;
    if (n == 0)
        return true;
    double *sorted = malloc(n * sizeof *sorted);
    if (!sorted)
        return false;
    compare_copy_sorted(sorted, x, n);
    *median = gsl_stats_median_from_sorted_data(sorted, 1, n);
    free(sorted);
    return true;
}

/* P(U <= c) when no hypothesis separates samples of m and n distinct values.
 * Each of the C(m + n, m) orders of the pooled sample is then equally likely.
 * An order is the multiset of m counts, one per x value, of the y values
 * below it (each in 0..n), and U is their sum; ways[j][s] counts the
 * multisets of j counts summing to s, allowing the counts 0, 1, ..., v in
 * turn.  Sums above c never come back down, so they are not kept. */
static bool compare_exact_lower_tail(size_t m, size_t n, size_t c, double *tail)
{
    size_t width = c + 1;
    double *ways = calloc((m + 1) * width, sizeof *ways);
    if (!ways)
        return false;
    for (size_t j = 0; j <= m; j++)
        ways[j * width] = 1.0; /* all j counts 0 */
    for (size_t v = 1; v <= n && v <= c; v++)
        for (size_t j = 1; j <= m; j++) /* rows below j already allow v: v may repeat */
            for (size_t s = v; s <= c; s++)
                ways[j * width + s] += ways[(j - 1) * width + s - v];
    double count = 0.0;
    for (size_t s = 0; s <= c; s++)
        count += ways[m * width + s];
    free(ways);
    *tail = count / gsl_sf_choose((unsigned)(m + n), (unsigned)m);
    return true;
}

static bool compare_has_nan(const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (isnan(x[i]))
            return true;
    return false;
}

bool ga_compare_ranksum(const double *x, size_t nx, const double *y, size_t ny,
                        struct ga_ranksum *out)
{
    *out = (struct ga_ranksum){NAN, NAN, NAN, false};
    if (nx == 0 || ny == 0 || compare_has_nan(x, nx) || compare_has_nan(y, ny))
        return false;
    double *sx = malloc((nx + ny) * sizeof *sx), *sy = sx + nx;
    if (!sx)
        return false;
    compare_copy_sorted(sx, x, nx);
    compare_copy_sorted(sy, y, ny);
    /* Merge the sorted samples one group of equal values at a time: a x
     * values and b y values equal to v, j - b y values below v.  'ties' is the
     * sum of t^3 - t over the groups of t equal values (R's NTIES term). */
    double u = 0.0, ties = 0.0;
    size_t i = 0, j = 0;
    while (i < nx || j < ny) {
        double v = i == nx ? sy[j] : j == ny ? sx[i] : fmin(sx[i], sy[j]);
        size_t a = 0, b = 0;
        for (; i < nx && sx[i] == v; i++)
            a++;
        for (; j < ny && sy[j] == v; j++)
            b++;
        u += (double)a * (double)(j - b) + 0.5 * (double)a * (double)b;
        double t = (double)(a + b);
        ties += t * t * t - t;
    }
    free(sx);

    double pairs = (double)nx * (double)ny, from_mean = u - pairs / 2.0;
    bool exact = ties == 0.0 && nx < GA_COMPARE_EXACT_BELOW && ny < GA_COMPARE_EXACT_BELOW;
    double p;
    if (exact) {
        /* No ties: u is a whole number; the null distribution is symmetric. */
        double tail;
        if (!compare_exact_lower_tail(nx, ny, (size_t)fmin(u, pairs - u), &tail))
            return false;
        p = fmin(1.0, 2.0 * tail);
    } else {
        double n = (double)(nx + ny);
        double sd = sqrt(pairs / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0))));
        double z = from_mean == 0.0 ? 0.0 : from_mean - copysign(0.5, from_mean);
        /* z = 0 also covers sd = 0, when every value is the same. */
        p = z == 0.0 ? 1.0 : fmin(1.0, 2.0 * gsl_cdf_ugaussian_Q(fabs(z) / sd));
    }
    *out = (struct ga_ranksum){u, p, u / pairs, exact};
    return true;
}

double ga_compare_ert(const double *evaluations, const bool *solved, size_t n)
{
    if (n == 0)
        return NAN;
    double spent = 0.0;
    size_t successes = 0;
    for (size_t i = 0; i < n; i++) {
        spent += evaluations[i];
        successes += solved[i];
    }
    return successes ? spent / (double)successes : INFINITY;
}

/* The type-7 quantile of sorted[0..n-1] at q in [0, 1] (infinite values sort last). */
static double compare_quantile(const double *sorted, size_t n, double q)
{
    double h = (double)(n - 1) * q, lo = floor(h);
    size_t i = (size_t)lo;
    if (i + 1 >= n || h == lo)
        return sorted[i];
    if (isinf(sorted[i + 1]))
        return INFINITY;
    return sorted[i] + (h - lo) * (sorted[i + 1] - sorted[i]);
}

size_t *ga_compare_bootstrap_draws(size_t n, size_t resamples, gsl_rng *r)
{
    size_t *draws = n && resamples ? malloc(resamples * n * sizeof *draws) : NULL;
    for (size_t k = 0; draws && k < resamples * n; k++)
        draws[k] = (size_t)gsl_rng_uniform_int(r, n);
    return draws;
}

struct ga_interval ga_compare_ert_bootstrap_drawn(const double *evaluations, const bool *solved, size_t n,
                                                  size_t resamples, const size_t *draws, double confidence)
{
    struct ga_interval none = {NAN, NAN};
    if (n == 0 || resamples < 2 || !draws || !compare_confidence_ok(confidence))
        return none;
    double *ert = malloc(resamples * sizeof *ert);
    if (!ert)
        return none;
    for (size_t b = 0; b < resamples; b++) {
        const size_t *sample = draws + b * n;
        double spent = 0.0;
        size_t successes = 0;
        for (size_t k = 0; k < n; k++) {
            spent += evaluations[sample[k]];
            successes += solved[sample[k]];
        }
        ert[b] = successes ? spent / (double)successes : INFINITY;
    }
    gsl_sort(ert, 1, resamples);
    struct ga_interval ci = {compare_quantile(ert, resamples, (1.0 - confidence) / 2.0),
                             compare_quantile(ert, resamples, (1.0 + confidence) / 2.0)};
    free(ert);
    return ci;
}

struct ga_interval ga_compare_ert_bootstrap(const double *evaluations, const bool *solved, size_t n,
                                            size_t resamples, double confidence, gsl_rng *r)
{
    if (n == 0 || resamples < 2 || !compare_confidence_ok(confidence))
        return (struct ga_interval){NAN, NAN};
    size_t *draws = ga_compare_bootstrap_draws(n, resamples, r);
    struct ga_interval ci = ga_compare_ert_bootstrap_drawn(evaluations, solved, n, resamples, draws, confidence);
    free(draws);
    return ci;
}

/* How many of the points not yet placed are significantly better than j. */
static size_t compare_betters(const bool *better, const bool *placed, size_t n, size_t j)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        count += !placed[i] && i != j && better[i * n + j];
    return count;
}

/* A key and its point: sorted by key, then point, it is a stable order by key. */
struct compare_keyed {
    double key;
    size_t point;
};

static int compare_keyed_cmp(const void *a, const void *b)
{
    const struct compare_keyed *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->point > y->point) - (x->point < y->point);
}

/* The order of the keys alone (ties keep point order). */
static bool compare_rank_keys(const double *key, size_t n, size_t *order)
{
    struct compare_keyed *keyed = malloc((n ? n : 1) * sizeof *keyed);
    if (!keyed)
        return false;
    for (size_t i = 0; i < n; i++)
        keyed[i] = (struct compare_keyed){key[i], i};
    qsort(keyed, n, sizeof *keyed, compare_keyed_cmp);
    for (size_t k = 0; k < n; k++)
        order[k] = keyed[k].point;
    free(keyed);
    return true;
}

bool ga_compare_rank(const double *key, const bool *better, size_t n, size_t *order)
{
    if (!better)
        return compare_rank_keys(key, n, order);
    bool *placed = calloc(n ? n : 1, sizeof *placed);
    if (!placed)
        return false;
    for (size_t k = 0; k < n; k++) {
        size_t pick = n, fewest = n;
        for (size_t j = 0; j < n; j++) {
            if (placed[j])
                continue;
            size_t b = compare_betters(better, placed, n, j);
            /* Fewer betters wins; among equals the lower key, then the earlier point. */
            if (b < fewest || (b == fewest && key[j] < key[pick])) {
                pick = j;
                fewest = b;
            }
        }
        placed[pick] = true;
        order[k] = pick;
    }
    free(placed);
    return true;
}
