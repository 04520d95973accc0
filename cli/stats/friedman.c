/* cli/stats/friedman.c — Friedman's test, pairwise tests of average ranks, Holm, Nemenyi's critical difference. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_randist.h>

#include "cli/stats/friedman.h"

/* An index sorted by the value it points at (ties: by index, so the order is stable). */
struct friedman_item {
    double value;
    size_t index;
};

static int friedman_item_cmp(const void *a, const void *b)
{
    const struct friedman_item *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

void friedman_ranks(const double *value, size_t k, double *rank)
{
    /* O(k^2) and no allocation: k is the configurations of a sweep, a few hundred at most */
    for (size_t i = 0; i < k; i++) {
        size_t below = 0, equal = 0;
        for (size_t j = 0; j < k; j++) {
            below += value[j] < value[i];
            equal += value[j] == value[i];
        }
        rank[i] = (double)below + ((double)equal + 1) / 2; /* the average of below+1 .. below+equal */
    }
}

bool friedman_test(const double *rank, size_t n, size_t k, double *mean_rank, struct friedman *out)
{
    if (n < 2 || k < 2)
        return false;
    double ties = 0; /* sum over the blocks' groups of tied ranks of t^3 - t */
    for (size_t j = 0; j < k; j++)
        mean_rank[j] = 0;
    for (size_t b = 0; b < n; b++) {
        const double *row = rank + b * k;
        for (size_t j = 0; j < k; j++) {
            mean_rank[j] += row[j];
            size_t t = 0, first = j;
            for (size_t i = 0; i < k; i++)
                if (row[i] == row[j]) {
                    t++;
                    first = i < first ? i : first;
                }
            if (first == j) /* each group counted once, at its first member */
                ties += (double)t * (double)t * (double)t - (double)t;
        }
    }
    double expect = (double)n * (double)(k + 1) / 2, sum = 0;
    for (size_t j = 0; j < k; j++) {
        sum += (mean_rank[j] - expect) * (mean_rank[j] - expect);
        mean_rank[j] /= (double)n;
    }
    double denominator = (double)n * (double)k * (double)(k + 1) - ties / (double)(k - 1);
    if (!(denominator > 0))
        return false;
    out->statistic = 12 * sum / denominator;
    out->df = k - 1;
    out->p_value = gsl_cdf_chisq_Q(out->statistic, (double)out->df);
    return true;
}

double friedman_pair_p(double mean_i, double mean_j, size_t n, size_t k)
{
    double z = (mean_i - mean_j) / sqrt((double)k * (double)(k + 1) / (6.0 * (double)n));
    return fmin(1.0, 2 * gsl_cdf_ugaussian_Q(fabs(z)));
}

bool friedman_holm(double *p, size_t m)
{
    if (m == 0)
        return true;
    struct friedman_item *item = malloc(m * sizeof *item);
    if (!item)
        return false;
    for (size_t i = 0; i < m; i++)
        item[i] = (struct friedman_item){p[i], i};
    qsort(item, m, sizeof *item, friedman_item_cmp);
    double running = 0;
    for (size_t i = 0; i < m; i++) {
        double adjusted = fmin(1.0, (double)(m - i) * item[i].value);
        running = fmax(running, adjusted);
        p[item[i].index] = running;
    }
    free(item);
    return true;
}

/* The integrand of the range's distribution: phi(z) (Phi(z) - Phi(z - q))^(k-1). */
struct friedman_range {
    double q, k;
};

static double friedman_range_density(double z, void *params)
{
    const struct friedman_range *r = params;
    double inside = gsl_cdf_ugaussian_P(z) - gsl_cdf_ugaussian_P(z - r->q);
    return gsl_ran_ugaussian_pdf(z) * pow(inside > 0 ? inside : 0, r->k - 1);
}

/* P(range of k standard normals < q); NAN when the integration fails. */
static double friedman_range_cdf(double q, size_t k, gsl_integration_workspace *w)
{
    struct friedman_range r = {q, (double)k};
    gsl_function f = {friedman_range_density, &r};
    double result, error;
    /* the density is below 1e-40 outside [-14, 14 + q] */
    if (gsl_integration_qags(&f, -14, 14 + q, 1e-15, 1e-13, 1000, w, &result, &error) != 0)
        return NAN;
    return (double)k * result;
}

double friedman_q_alpha(size_t k, double alpha)
{
    if (k < 2 || !(alpha > 0 && alpha < 1))
        return NAN;
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    if (!w)
        return NAN;
    double low = 0, high = 20; /* the range's 1 - 1e-9 quantile is below 20 for any k up to 1e6 */
    while (high - low > 1e-12) {
        double mid = (low + high) / 2, p = friedman_range_cdf(mid, k, w);
        if (isnan(p)) {
            gsl_integration_workspace_free(w);
            return NAN;
        }
        if (p < 1 - alpha)
            low = mid;
        else
            high = mid;
    }
    gsl_integration_workspace_free(w);
    return (low + high) / 2 / sqrt(2.0);
}

double friedman_cd(size_t k, size_t n, double alpha)
{
    return friedman_q_alpha(k, alpha) * sqrt((double)k * (double)(k + 1) / (6.0 * (double)n));
}
