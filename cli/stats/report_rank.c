/* cli/stats/report_rank.c — each point's statistics (success, ERT, final best) and the ranking of the points. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_rng.h>

#include "cli/stats/report_rank.h"
#include "gaexp/compare.h"

/* Resamples of the ERT's bootstrap interval, drawn from a fixed seed so that
 * sweep.csv is the same on every rerun. */
#define REPORT_RESAMPLES 2000

double report_share(const struct report_point *p)
{
    return (double)p->solved / (double)p->replicates;
}

/* Among points that never solve, a higher mean final hypervolume (with
 * objectives), then a lower mean final best fitness decides. */
bool report_before(const struct report_point *a, const struct report_point *b)
{
    if (a->ert != b->ert)
        return a->ert < b->ert;
    double ra = report_share(a), rb = report_share(b);
    if (ra != rb)
        return ra > rb;
    if (a->final_hv && b->final_hv && a->hv_mean != b->hv_mean)
        return a->hv_mean > b->hv_mean;
    return a->best_mean < b->best_mean;
}

const double *report_measure(const struct report *r, const struct report_point *p)
{
    return r->by_evaluations ? p->evaluations : r->by_hv ? p->hv_loss : p->final_best;
}

const char *report_measure_name(const struct report *r)
{
    return r->by_evaluations ? "evaluations_to_solution" : r->by_hv ? "final_hv" : "final_best";
}

/* report_before as a qsort order; ties keep point order (the points are one array). */
static int report_cmp(const void *a, const void *b)
{
    const struct report_point *p = *(const struct report_point *const *)a, *q = *(const struct report_point *const *)b;
    if (report_before(p, q))
        return -1;
    if (report_before(q, p))
        return 1;
    return (p > q) - (p < q);
}

/* better[i * n + j]: point i is significantly better than point j. */
static bool report_tests(const struct report *r, bool *better)
{
    size_t n = r->count;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            struct ga_ranksum t;
            const struct report_point *a = &r->point[i], *b = &r->point[j];
            if (!ga_compare_ranksum(report_measure(r, a), a->replicates, report_measure(r, b), b->replicates, &t))
                return false;
            better[i * n + j] = t.p_value < 0.05 && t.a12 < 0.5;
            better[j * n + i] = t.p_value < 0.05 && t.a12 > 0.5;
        }
    return true;
}

/* The ranking (ga_compare_rank): the order of report_before as keys,
 * significance by the two-sided rank-sum test at 5% on the measure, up to
 * REPORT_MAX_TESTED points; past them the keys alone (better NULL). */
static bool report_rank(struct report *r)
{
    size_t n = r->count;
    r->tested = n <= REPORT_MAX_TESTED;
    double *key = malloc(n * sizeof *key);
    const struct report_point **sorted = malloc(n * sizeof *sorted);
    bool *better = r->tested ? calloc(n * n, sizeof *better) : NULL;
    r->order = malloc(n * sizeof *r->order);
    bool ok = key && sorted && r->order && (better || !r->tested);
    for (size_t i = 0; ok && i < n; i++)
        sorted[i] = &r->point[i];
    if (ok)
        qsort(sorted, n, sizeof *sorted, report_cmp);
    for (size_t k = 0; ok && k < n; k++)
        key[sorted[k] - r->point] = (double)k;
    ok = ok && (!better || report_tests(r, better)) && ga_compare_rank(key, better, n, r->order);
    free(key);
    free(sorted);
    free(better);
    return ok;
}

/* The bootstrap's resamples of n runs: each point draws them from the
 * same seed, so points of n replicates share one set (drawn again only
 * when n changes). */
struct report_draws {
    gsl_rng *rng;
    size_t n, *draws;
};

static const size_t *report_draws_for(struct report_draws *d, size_t n)
{
    if (!d->draws || d->n != n) {
        free(d->draws);
        gsl_rng_set(d->rng, 1); /* each point its own fixed draws, whatever the order */
        d->draws = ga_compare_bootstrap_draws(n, REPORT_RESAMPLES, d->rng);
        d->n = n;
    }
    return d->draws;
}

bool report_compute(struct report *r)
{
    struct report_draws draws = {.rng = gsl_rng_alloc(gsl_rng_mt19937)};
    if (!draws.rng)
        return false;
    bool any_solved = false, every_hv = true, ok = true;
    for (size_t i = 0; ok && i < r->count; i++) {
        struct report_point *p = &r->point[i];
        any_solved |= p->solved > 0;
        p->success = ga_compare_wilson(p->solved, p->replicates, 0.95);
        double solved_evals[p->solved ? p->solved : 1];
        size_t k = 0;
        for (size_t j = 0; j < p->replicates; j++)
            if (isfinite(p->evaluations[j]))
                solved_evals[k++] = p->evaluations[j];
        double half;
        ga_compare_mean_ci(solved_evals, k, 0.95, &p->evals_mean, &half);
        if (!(ok = ga_compare_median(solved_evals, k, &p->evals_median)))
            break;
        ga_compare_mean_ci(p->final_best, p->replicates, 0.95, &p->best_mean, &p->best_half);
        if (p->final_hv) {
            ga_compare_mean_ci(p->final_hv, p->replicates, 0.95, &p->hv_mean, &p->hv_half);
            ga_compare_mean_ci(p->final_igd, p->replicates, 0.95, &p->igd_mean, &p->igd_half);
        }
        every_hv &= p->final_hv != NULL;
        p->ert = ga_compare_ert(p->spent, p->solved_flag, p->replicates);
        p->ert_ci = ga_compare_ert_bootstrap_drawn(p->spent, p->solved_flag, p->replicates, REPORT_RESAMPLES,
                                                   report_draws_for(&draws, p->replicates), 0.95);
    }
    gsl_rng_free(draws.rng);
    free(draws.draws);
    if (!ok)
        return false;
    /* Evaluations to a solution (unsolved = worse than any) say both how
     * often and how fast; when no point solves, final fitness. */
    r->by_evaluations = any_solved;
    r->by_hv = !any_solved && every_hv; /* several objectives: no target, the final front's hypervolume */
    if (!report_rank(r))
        return false;
    r->best = r->order[0];
    const struct report_point *best = &r->point[r->best];
    for (size_t i = 0; i < r->count; i++) {
        struct report_point *p = &r->point[i];
        if (!ga_compare_ranksum(report_measure(r, p), p->replicates, report_measure(r, best),
                                best->replicates, &p->against_best))
            return false;
    }
    return true;
}
