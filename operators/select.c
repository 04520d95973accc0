/* operators/select.c — the selection schemes besides tournament: roulette, sus, rank, truncation, random. */
#include <math.h>
#include <stdlib.h>

#include "ga/select.h"
#include "gaexp/rng.h"
#include "operators/registry.h"

/* Running sums of w into cum; a weight that is negative or not finite, or
 * a zero total, makes the wheel uniform. */
static void select_cumulate(const double *w, size_t n, double *cum)
{
    double total = 0;
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        ok &= isfinite(w[i]) && w[i] >= 0;
        total += w[i];
        cum[i] = total;
    }
    if (!ok || !(total > 0) || !isfinite(total))
        for (size_t i = 0; i < n; i++)
            cum[i] = (double)(i + 1);
}

/* The first i with cum[i] > x (the last when x reaches the total). */
static size_t select_find(const double *cum, size_t n, double x)
{
    size_t lo = 0, hi = n - 1;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cum[mid] > x)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

static size_t select_doubles(size_t n)
{
    return n * sizeof(double);
}

/* The weights of the wheel (see enum ga_fitness_transform), summed. */
static void select_wheel_prepare(const struct ga_selection_args *a, const double *fitness, size_t n,
                                 void *work)
{
    double *cum = work, lo = fitness[0], hi = fitness[0];
    for (size_t i = 1; i < n; i++) {
        lo = fitness[i] < lo ? fitness[i] : lo;
        hi = fitness[i] > hi ? fitness[i] : hi;
    }
    double shift = lo < 0 ? lo : 0;
    for (size_t i = 0; i < n; i++) /* weights into cum, summed in place below */
        cum[i] = a->transform == GA_TRANSFORM_WINDOW ? hi - fitness[i] : 1 / (1 + fitness[i] - shift);
    select_cumulate(cum, n, cum);
}

static void select_roulette_draw(const struct ga_selection_args *a, const double *fitness, size_t n,
                                 const void *work, gsl_rng *r, size_t count, size_t *winners)
{
    (void)a, (void)fitness;
    const double *cum = work;
    for (size_t i = 0; i < count; i++)
        winners[i] = select_find(cum, n, ga_rng_uniform(r) * cum[n - 1]);
}

/* One spin, count pointers 1/count of the wheel apart, then a shuffle so
 * that consecutive winners are not neighbours on the wheel. */
static void select_sus_draw(const struct ga_selection_args *a, const double *fitness, size_t n,
                            const void *work, gsl_rng *r, size_t count, size_t *winners)
{
    (void)a, (void)fitness;
    const double *cum = work;
    double step = cum[n - 1] / (double)count, start = ga_rng_uniform(r) * step;
    size_t i = 0;
    for (size_t k = 0; k < count; k++) {
        double x = start + (double)k * step;
        while (i < n - 1 && cum[i] <= x)
            i++;
        winners[k] = i;
    }
    for (size_t k = count; k > 1; k--) {
        size_t j = ga_rng_below(r, k), t = winners[k - 1];
        winners[k - 1] = winners[j];
        winners[j] = t;
    }
}

/* The ranking, then (rank only) the running sums of its probabilities. */
static size_t select_rank_size(size_t n)
{
    return n * (sizeof(struct ga_select_key) + sizeof(double));
}

static void select_rank_prepare(const struct ga_selection_args *a, const double *fitness, size_t n,
                                void *work)
{
    struct ga_select_key *keys = work;
    double *cum = (double *)(keys + n), s = a->pressure;
    ga_select_rank(fitness, n, 0, keys);
    for (size_t j = 0; j < n; j++)
        cum[j] = (s - (2 * s - 2) * (double)j / (double)(n - 1)) / (double)n;
    select_cumulate(cum, n, cum);
}

static void select_rank_draw(const struct ga_selection_args *a, const double *fitness, size_t n,
                             const void *work, gsl_rng *r, size_t count, size_t *winners)
{
    (void)a, (void)fitness;
    const struct ga_select_key *keys = work;
    const double *cum = (const double *)(keys + n);
    for (size_t i = 0; i < count; i++)
        winners[i] = keys[select_find(cum, n, ga_rng_uniform(r) * cum[n - 1])].index;
}

static size_t select_keys_size(size_t n)
{
    return n * sizeof(struct ga_select_key);
}

static void select_truncation_prepare(const struct ga_selection_args *a, const double *fitness, size_t n,
                                      void *work)
{
    (void)a;
    ga_select_rank(fitness, n, 0, work);
}

/* m = max(1, round(tau n)): round, not ceil, so that 0.3 * 10 is 3. */
static size_t select_truncation_count(const struct ga_selection_args *a, size_t n)
{
    double m = round(a->truncation * (double)n);
    return m < 1 ? 1 : m > (double)n ? n : (size_t)m;
}

static void select_truncation_draw(const struct ga_selection_args *a, const double *fitness, size_t n,
                                   const void *work, gsl_rng *r, size_t count, size_t *winners)
{
    (void)fitness;
    const struct ga_select_key *keys = work;
    size_t m = select_truncation_count(a, n);
    for (size_t i = 0; i < count; i++)
        winners[i] = keys[ga_rng_below(r, m)].index;
}

static void select_random_draw(const struct ga_selection_args *a, const double *fitness, size_t n,
                               const void *work, gsl_rng *r, size_t count, size_t *winners)
{
    (void)a, (void)fitness, (void)work;
    for (size_t i = 0; i < count; i++)
        winners[i] = ga_rng_below(r, n);
}

const struct ga_selection ga_selection_roulette = {
    .name = "roulette",
    .summary = "fitness-proportionate: P = w/sum w, w from ga.selection.roulette.transform or .sus.transform (inverse 1/(1+f) or window)",
    .uses = GA_SELECT_USES_TRANSFORM,
    .work_size = select_doubles,
    .prepare = select_wheel_prepare,
    .draw = select_roulette_draw,
};

const struct ga_selection ga_selection_sus = {
    .name = "sus",
    .summary = "stochastic universal sampling: roulette's wheel, equally spaced pointers from one spin",
    .uses = GA_SELECT_USES_TRANSFORM,
    .work_size = select_doubles,
    .prepare = select_wheel_prepare,
    .draw = select_sus_draw,
};

const struct ga_selection ga_selection_rank = {
    .name = "rank",
    .summary = "linear ranking: best s/n, worst (2-s)/n (ga.selection.rank.pressure = s in [1, 2])",
    .uses = GA_SELECT_USES_PRESSURE,
    .work_size = select_rank_size,
    .prepare = select_rank_prepare,
    .draw = select_rank_draw,
};

const struct ga_selection ga_selection_truncation = {
    .name = "truncation",
    .summary = "uniform among the best share tau (ga.selection.truncation.share = tau in (0, 1])",
    .uses = GA_SELECT_USES_TRUNCATION,
    .work_size = select_keys_size,
    .prepare = select_truncation_prepare,
    .draw = select_truncation_draw,
};

const struct ga_selection ga_selection_random = {
    .name = "random",
    .summary = "uniform, fitness ignored (drift: the baseline without selection pressure)",
    .draw = select_random_draw,
};
