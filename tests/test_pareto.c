/* tests/test_pareto.c — non-dominated sorting, crowding distance, hypervolume, IGD and IGD+ against hand values and brute force. */
#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_sf_gamma.h>

#include "gaexp/indicator.h"
#include "gaexp/pareto.h"
#include "testlib.h"

#define assert_near(value, expect, tolerance)                                                \
    do {                                                                                     \
        double v_ = (value), e_ = (expect);                                                  \
        if (!(fabs(v_ - e_) <= (tolerance)))                                                 \
            fail_msg("%s = %.17g, expected %.17g within %g", #value, v_, e_, (double)(tolerance)); \
    } while (0)

/* ---- brute force, straight from the definitions */

static bool brute_dominates(const double *a, const double *b, size_t m)
{
    bool less = false;
    for (size_t j = 0; j < m; j++) {
        if (a[j] > b[j])
            return false;
        less |= a[j] < b[j];
    }
    return less;
}

/* Fronts by peeling: front r is what no point left after fronts 0..r-1 dominates. */
static size_t brute_rank(const double *f, size_t n, size_t m, size_t *rank)
{
    bool *placed = calloc(n ? n : 1, sizeof *placed), *now = calloc(n ? n : 1, sizeof *now);
    assert_true(placed && now);
    size_t done = 0, front = 0;
    for (; done < n; front++) {
        for (size_t b = 0; b < n; b++) {
            now[b] = false;
            if (placed[b])
                continue;
            bool dominated = false;
            for (size_t a = 0; a < n && !dominated; a++)
                dominated = !placed[a] && brute_dominates(f + a * m, f + b * m, m);
            now[b] = !dominated;
        }
        for (size_t b = 0; b < n; b++)
            if (now[b]) {
                placed[b] = true;
                rank[b] = front;
                done++;
            }
    }
    free(placed);
    free(now);
    return front;
}

/* Inclusion-exclusion over the subsets of n <= 12 points: the volume of
 * each intersection of boxes is that of the box at their componentwise max. */
static double brute_hv_subsets(const double *f, size_t n, size_t m, const double *ref)
{
    double total = 0.0;
    for (unsigned long set = 1; set < (1ul << n); set++) {
        double v = 1.0;
        for (size_t j = 0; j < m; j++) {
            double hi = -INFINITY;
            for (size_t i = 0; i < n; i++)
                if (set >> i & 1)
                    hi = fmax(hi, f[i * m + j]);
            v *= fmax(ref[j] - hi, 0.0);
        }
        total += __builtin_popcountl(set) % 2 ? v : -v;
    }
    return total;
}

/* Points with whole coordinates in [0, g], reference (g, ..., g): the union
 * counted cell by cell.  Over the grid of the first m - 1 coordinates, the
 * least last coordinate of a point at or below each cell (a prefix minimum
 * one axis at a time); the column above a cell is covered from there to g. */
static double brute_hv_grid(const double *f, size_t n, size_t m, long g)
{
    size_t cells = 1;
    for (size_t j = 0; j + 1 < m; j++)
        cells *= (size_t)g;
    double *low = malloc(cells * sizeof *low);
    assert_non_null(low);
    for (size_t c = 0; c < cells; c++)
        low[c] = (double)g;
    for (size_t i = 0; i < n; i++) {
        size_t c = 0;
        bool inside = true;
        for (size_t j = m - 1; j-- > 0;) {
            inside &= f[i * m + j] < (double)g;
            c = c * (size_t)g + (size_t)f[i * m + j];
        }
        if (inside)
            low[c] = fmin(low[c], f[i * m + m - 1]);
    }
    size_t stride = 1;
    for (size_t j = 0; j + 1 < m; j++, stride *= (size_t)g)
        for (size_t c = 0; c < cells; c++)
            if (c / stride % (size_t)g > 0)
                low[c] = fmin(low[c], low[c - stride]);
    double volume = 0.0;
    for (size_t c = 0; c < cells; c++)
        volume += (double)g - low[c];
    free(low);
    return volume;
}

static double brute_igd(const double *f, size_t n, const double *z, size_t nz, size_t m, bool plus)
{
    double sum = 0.0;
    for (size_t r = 0; r < nz; r++) {
        double best = INFINITY;
        for (size_t i = 0; i < n; i++) {
            double d = 0.0;
            for (size_t j = 0; j < m; j++) {
                double diff = f[i * m + j] - z[r * m + j];
                d += plus ? pow(fmax(diff, 0.0), 2) : diff * diff;
            }
            best = fmin(best, sqrt(d));
        }
        sum += best;
    }
    return sum / (double)nz;
}

/* n random points: whole numbers in [0, levels) when levels > 0, else uniform in [0, 1). */
static double *random_points(gsl_rng *r, size_t n, size_t m, unsigned long levels)
{
    double *f = malloc((n ? n : 1) * m * sizeof *f);
    assert_non_null(f);
    for (size_t i = 0; i < n * m; i++)
        f[i] = levels ? (double)gsl_rng_uniform_int(r, levels) : gsl_rng_uniform(r);
    return f;
}

static void shuffle(gsl_rng *r, size_t *v, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)gsl_rng_uniform_int(r, i), t = v[i - 1];
        v[i - 1] = v[j];
        v[j] = t;
    }
}

static size_t ranked(const double *f, size_t n, size_t m, size_t *rank)
{
    struct ga_pareto *p = ga_pareto_alloc(n, m);
    assert_non_null(p);
    size_t fronts = ga_pareto_rank(p, f, n, rank);
    ga_pareto_free(p);
    return fronts;
}

/* ---- non-dominated sorting */

static void test_rank_by_hand(void **unused)
{
    (void)unused;
    /* (1,2) twice: equal points share front 0; (2,2) under (1,2) and (2,1). */
    const double two[] = {1, 2, 2, 1, 1, 2, 2, 2, 3, 3, 0, 5, 3, 3};
    size_t rank[7];
    assert_int_equal(ranked(two, 7, 2, rank), 3);
    const size_t want2[] = {0, 0, 0, 1, 2, 0, 2};
    assert_memory_equal(rank, want2, sizeof want2);
    /* Three objectives: (0,0,1) and (0,1,0) and (1,0,0) are mutually
     * non-dominated; (0,0,1) again; (1,1,0) is under (0,1,0) and (1,0,0)
     * only, so front 1; (1,1,1) is under it too, front 2; (2,2,2) front 3. */
    const double three[] = {0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 2, 2, 2};
    assert_int_equal(ranked(three, 7, 3, rank), 4);
    const size_t want3[] = {0, 0, 0, 2, 0, 1, 3};
    assert_memory_equal(rank, want3, sizeof want3);
    /* One objective: the distinct values in order. */
    const double one[] = {3, 1, 3, 2, -0.0, 0.0};
    assert_int_equal(ranked(one, 6, 1, rank), 4);
    const size_t want1[] = {3, 1, 3, 2, 0, 0};
    assert_memory_equal(rank, want1, sizeof want1);
    /* A chain: point i on front i, listed backwards; and all equal points. */
    double chain[40 * 4];
    for (size_t i = 0; i < 40; i++)
        for (size_t j = 0; j < 4; j++)
            chain[i * 4 + j] = (double)(39 - i) + (j == 2 ? 0.5 : 0.0);
    size_t big[40];
    assert_int_equal(ranked(chain, 40, 4, big), 40);
    for (size_t i = 0; i < 40; i++)
        assert_int_equal(big[i], 39 - i);
    for (size_t i = 0; i < 40 * 4; i++)
        chain[i] = 7.0;
    assert_int_equal(ranked(chain, 40, 4, big), 1);
    for (size_t i = 0; i < 40; i++)
        assert_int_equal(big[i], 0);

    /* n = 0 and n > n_max: no fronts, rank untouched. */
    struct ga_pareto *p = ga_pareto_alloc(3, 2);
    assert_non_null(p);
    rank[0] = 99;
    assert_int_equal(ga_pareto_rank(p, two, 0, rank), 0);
    assert_int_equal(ga_pareto_rank(p, two, 4, rank), 0);
    assert_int_equal(rank[0], 99);
    ga_pareto_free(p);
    ga_pareto_free(NULL);
    assert_null(ga_pareto_alloc(10, 0));
}

/* Against peeling, m = 2..5, small and larger n, objectives from a few
 * values (many ties and equal points) or continuous. */
static void test_rank_brute(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(20240601);
    const size_t sizes[] = {1, 2, 3, 5, 9, 17, 33, 64, 120, 200};
    const unsigned long levels[] = {2, 3, 5, 10, 0};
    size_t cases = 0, max_fronts = 0;
    for (size_t m = 2; m <= 5; m++)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            for (size_t l = 0; l < sizeof levels / sizeof *levels; l++)
                for (int rep = 0; rep < 3; rep++) {
                    size_t n = sizes[s];
                    double *f = random_points(r, n, m, levels[l]);
                    size_t *got = malloc(n * sizeof *got), *want = malloc(n * sizeof *want);
                    assert_true(got && want);
                    size_t fronts = ranked(f, n, m, got);
                    assert_int_equal(fronts, brute_rank(f, n, m, want));
                    for (size_t i = 0; i < n; i++)
                        if (got[i] != want[i])
                            fail_msg("m = %zu, n = %zu, levels %lu: point %zu on front %zu, expected %zu", m, n,
                                     levels[l], i, got[i], want[i]);
                    max_fronts = fronts > max_fronts ? fronts : max_fronts;
                    cases++;
                    free(f);
                    free(got);
                    free(want);
                }
    assert_int_equal(cases, 4 * 10 * 5 * 3);
    assert_true(max_fronts >= 20);
    gsl_rng_free(r);
}

/* Larger sets, where the divide and conquer recurses deeply: a point's front
 * is one more than its dominators' greatest, and a dominator has a smaller
 * sum, so in order of sums each front follows from earlier ones (O(n^2)). */
static void test_rank_larger(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(77);
    const size_t n = 1500;
    size_t *got = malloc(n * sizeof *got), *want = malloc(n * sizeof *want), *by_sum = malloc(n * sizeof *by_sum);
    double *sum = malloc(n * sizeof *sum);
    assert_true(got && want && by_sum && sum);
    for (size_t m = 2; m <= 6; m++)
        for (unsigned long levels = 0; levels <= 40; levels += 20) {
            double *f = random_points(r, n, m, levels);
            for (size_t i = 0; i < n; i++) {
                sum[i] = 0.0;
                for (size_t j = 0; j < m; j++)
                    sum[i] += f[i * m + j];
                by_sum[i] = i;
            }
            for (size_t i = 1; i < n; i++) /* insertion sort by sum: n is small */
                for (size_t k = i; k > 0 && sum[by_sum[k]] < sum[by_sum[k - 1]]; k--) {
                    size_t t = by_sum[k];
                    by_sum[k] = by_sum[k - 1];
                    by_sum[k - 1] = t;
                }
            size_t fronts = 0;
            for (size_t t = 0; t < n; t++) {
                size_t b = by_sum[t];
                want[b] = 0;
                for (size_t u = 0; u < t; u++)
                    if (brute_dominates(f + by_sum[u] * m, f + b * m, m) && want[by_sum[u]] + 1 > want[b])
                        want[b] = want[by_sum[u]] + 1;
                fronts = want[b] + 1 > fronts ? want[b] + 1 : fronts;
            }
            assert_int_equal(ranked(f, n, m, got), fronts);
            assert_memory_equal(got, want, n * sizeof *got);
            free(f);
        }
    free(got);
    free(want);
    free(by_sum);
    free(sum);
    gsl_rng_free(r);
}

/* ---- crowding distance */

static void test_crowding_by_hand(void **unused)
{
    (void)unused;
    /* Members listed out of order; objective 0 ranges 0..10, objective 1 ranges 0..5.
     *   point  f0  f1   objective 0 term      objective 1 term
     *   a       0   5   boundary              boundary
     *   b       2   4   (5 - 0) / 10 = 0.5    (5 - 2) / 5 = 0.6
     *   c       5   2   (10 - 2) / 10 = 0.8   (4 - 0) / 5 = 0.8
     *   d      10   0   boundary              boundary
     * and e = (2, 4) again, listed after b: order 0 is a b e c d, so
     * b gets (2 - 0) / 10, e (5 - 2) / 10; order 1 is d c b e a: b (4 - 2) / 5, e (5 - 4) / 5. */
    const double f[] = {9, 9, 5, 2, 0, 5, 10, 0, 2, 4, 2, 4};
    const size_t members[] = {1, 4, 2, 3, 5}; /* c, b, a, d, e */
    struct ga_pareto *p = ga_pareto_alloc(5, 2);
    assert_non_null(p);
    double d[5];
    assert_true(ga_pareto_crowding(p, f, members, 5, d));
    assert_near(d[0], 0.8 + 0.8, 1e-15);
    assert_near(d[1], 0.2 + 0.4, 1e-15);
    assert_true(isinf(d[2]) && d[2] > 0);
    assert_true(isinf(d[3]) && d[3] > 0);
    assert_near(d[4], 0.3 + 0.2, 1e-15);
    /* Without the twin e: b is 0.5 + 0.6, c 0.8 + 0.8. */
    assert_true(ga_pareto_crowding(p, f, members, 4, d));
    assert_near(d[0], 1.6, 1e-15);
    assert_near(d[1], 1.1, 1e-15);
    assert_true(isinf(d[2]) && isinf(d[3]));
    /* Equal points at an end: the one listed first is the boundary.
     * (0,0) twice, (1,1), (2,2): range 2 in each objective; the second twin
     * gets (1 - 0) / 2 from each, (1,1) gets (2 - 0) / 2 from each. */
    const double twins[] = {0, 0, 0, 0, 1, 1, 2, 2};
    const size_t listed[] = {0, 1, 2, 3}, swapped[] = {1, 0, 2, 3};
    assert_true(ga_pareto_crowding(p, twins, listed, 4, d));
    assert_true(isinf(d[0]) && d[1] == 1.0 && d[2] == 2.0 && isinf(d[3]));
    assert_true(ga_pareto_crowding(p, twins, swapped, 4, d));
    assert_true(isinf(d[0]) && d[1] == 1.0 && d[2] == 2.0 && isinf(d[3]));
    /* Two points, an objective with no spread, too many members. */
    assert_true(ga_pareto_crowding(p, f, members, 2, d));
    assert_true(isinf(d[0]) && isinf(d[1]));
    const double flat[] = {1, 3, 2, 3, 3, 3};
    const size_t three[] = {0, 1, 2};
    assert_true(ga_pareto_crowding(p, flat, three, 3, d));
    assert_true(isinf(d[0]) && isinf(d[2]) && d[1] == 1.0);
    const size_t six[] = {0, 1, 2, 3, 4, 5};
    d[0] = 42.0;
    assert_false(ga_pareto_crowding(p, f, six, 6, d));
    assert_true(d[0] == 42.0);
    ga_pareto_free(p);
}

/* The rule depends on the listing, not on how the sort is done: listing a
 * front in any order gives each point the distance it had when points with
 * equal values keep their relative places. */
static void test_crowding_listing(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(5);
    const size_t n = 300, m = 3;
    double *f = random_points(r, n, m, 0);
    size_t members[300], shuffled[300];
    double d[300], e[300];
    for (size_t i = 0; i < n; i++)
        members[i] = shuffled[i] = i;
    shuffle(r, shuffled, n);
    struct ga_pareto *p = ga_pareto_alloc(n, m);
    assert_non_null(p);
    assert_true(ga_pareto_crowding(p, f, members, n, d));
    assert_true(ga_pareto_crowding(p, f, shuffled, n, e));
    size_t infinite = 0;
    for (size_t i = 0; i < n; i++) {
        assert_true(e[i] == d[shuffled[i]]); /* continuous values: no ties, the same sums */
        infinite += isinf(d[i]) != 0;
    }
    assert_true(infinite >= 2 && infinite <= 2 * m);
    ga_pareto_free(p);
    free(f);
    gsl_rng_free(r);
}

/* ---- hypervolume */

static void test_hv_by_hand(void **unused)
{
    (void)unused;
    const double ref2[] = {2, 2}, two[] = {1, 0, 0, 1};
    assert_true(ga_indicator_hv(two, 2, 2, ref2) == 3.0);
    assert_true(ga_indicator_hv(two, 1, 2, ref2) == 2.0);   /* one point: its box */
    assert_true(ga_indicator_hv(two, 0, 2, ref2) == 0.0);
    /* Outside the box or on its border: nothing; a duplicate and a dominated point: nothing. */
    const double more[] = {1, 0, 0, 1, 2, -5, -5, 2, 3, 3, 1, 0, 1.5, 1.5, 0.5, 2};
    assert_true(ga_indicator_hv(more, 8, 2, ref2) == 3.0);
    assert_true(ga_indicator_hv(more + 4, 3, 2, ref2) == 0.0);
    /* Three objectives, the unit points below (2,2,2): 3 * 4 - 3 * 2 + 1. */
    const double ref3[] = {2, 2, 2}, three[] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    assert_true(ga_indicator_hv(three, 3, 3, ref3) == 7.0);
    const double out3[] = {3, 0, 0, 1, 1, 2};
    assert_true(ga_indicator_hv(out3, 2, 3, ref3) == 0.0); /* beyond, and on the border */
    /* Four, five and six objectives: the same pattern, sum over the inclusion-exclusion
     * of the unit points, C(m, k) (-1)^(k+1) 2^(m-k). */
    for (size_t m = 4; m <= 6; m++) {
        double unit[36], ref[6], want = 0.0;
        for (size_t i = 0; i < m; i++) {
            ref[i] = 2.0;
            for (size_t j = 0; j < m; j++)
                unit[i * m + j] = i == j;
        }
        for (size_t k = 1; k <= m; k++)
            want += (k % 2 ? 1.0 : -1.0) * gsl_sf_choose((unsigned)m, (unsigned)k) * pow(2.0, (double)(m - k));
        assert_true(ga_indicator_hv(unit, m, m, ref) == want);
        assert_true(ga_indicator_hv(unit, 1, m, ref) == pow(2.0, (double)m - 1.0));
    }
    /* One objective: the distance from the best to the reference. */
    const double one[] = {3, 1, 7, 2}, ref1[] = {5};
    assert_true(ga_indicator_hv(one, 4, 1, ref1) == 4.0);
    assert_true(isnan(ga_indicator_hv(one, 4, 0, ref1)));
}

/* Whole coordinates, many ties, equal points and points on the reference's
 * border: the grid count, exactly (every sum is a whole number). */
static void test_hv_grid(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(31337);
    const long grid[] = {0, 0, 60, 30, 12, 7, 5};
    const size_t sizes[] = {1, 2, 5, 10, 40, 150, 600};
    size_t cases = 0;
    for (size_t m = 2; m <= 6; m++) {
        double ref[6];
        for (size_t j = 0; j < m; j++)
            ref[j] = (double)grid[m];
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            if (m >= 5 && sizes[s] > 150)
                continue;
            for (int rep = 0; rep < 4; rep++) {
                double *f = random_points(r, sizes[s], m, (unsigned long)grid[m] + 1);
                double got = ga_indicator_hv(f, sizes[s], m, ref), want = brute_hv_grid(f, sizes[s], m, grid[m]);
                if (got != want)
                    fail_msg("m = %zu, n = %zu: hv %.17g, grid %.17g", m, sizes[s], got, want);
                cases++;
                free(f);
            }
        }
    }
    /* m = 3 and 4 at larger sizes. */
    for (size_t m = 3; m <= 4; m++) {
        double ref[4];
        for (size_t j = 0; j < m; j++)
            ref[j] = (double)grid[m];
        size_t n = m == 3 ? 5000 : 1000;
        double *f = random_points(r, n, m, (unsigned long)grid[m] + 1);
        assert_true(ga_indicator_hv(f, n, m, ref) == brute_hv_grid(f, n, m, grid[m]));
        free(f);
    }
    assert_int_equal(cases, 3 * 7 * 4 + 2 * 6 * 4);
    gsl_rng_free(r);
}

/* Continuous coordinates against inclusion-exclusion, n <= 10, m = 2..6. */
static void test_hv_subsets(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(4242);
    for (size_t m = 2; m <= 6; m++)
        for (size_t n = 1; n <= 10; n++)
            for (int rep = 0; rep < 10; rep++) {
                double *f = random_points(r, n, m, 0), ref[6];
                for (size_t j = 0; j < m; j++)
                    ref[j] = 0.8 + 0.4 * gsl_rng_uniform(r); /* some points fall outside */
                double want = brute_hv_subsets(f, n, m, ref);
                assert_near(ga_indicator_hv(f, n, m, ref), want, 1e-13 * fmax(1.0, want));
                free(f);
            }
    gsl_rng_free(r);
}

/* Permuting the points, adding dominated ones and copies changes nothing. */
static void test_hv_invariance(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(99);
    for (size_t m = 2; m <= 6; m++) {
        size_t n = m <= 4 ? 400 : 60, extra = n / 2;
        /* On the sphere: most points non-dominated, the hard case for WFG. */
        double *f = random_points(r, n + extra, m, 0), ref[6];
        for (size_t i = 0; i < n; i++) {
            double norm = 0.0;
            for (size_t j = 0; j < m; j++)
                norm += f[i * m + j] * f[i * m + j];
            for (size_t j = 0; j < m; j++)
                f[i * m + j] /= sqrt(norm);
        }
        for (size_t j = 0; j < m; j++)
            ref[j] = 1.1;
        double base = ga_indicator_hv(f, n, m, ref);
        assert_true(base > 0.0 && base < pow(1.1, (double)m));
        for (size_t i = n; i < n + extra; i++) { /* a copy of a point, or one it dominates */
            size_t of = gsl_rng_uniform_int(r, n);
            bool copy = i % 2;
            for (size_t j = 0; j < m; j++)
                f[i * m + j] = f[of * m + j] + (copy ? 0.0 : 0.1 * gsl_rng_uniform(r));
        }
        assert_near(ga_indicator_hv(f, n + extra, m, ref), base, 1e-12 * base);
        size_t *order = malloc((n + extra) * sizeof *order);
        double *g = malloc((n + extra) * m * sizeof *g);
        assert_true(order && g);
        for (size_t i = 0; i < n + extra; i++)
            order[i] = i;
        shuffle(r, order, n + extra);
        for (size_t i = 0; i < n + extra; i++)
            memcpy(g + i * m, f + order[i] * m, m * sizeof *g);
        assert_near(ga_indicator_hv(g, n + extra, m, ref), base, 1e-12 * base);
        free(order);
        free(g);
        free(f);
    }
    gsl_rng_free(r);
}

/* ---- IGD and IGD+ */

static void test_igd(void **unused)
{
    (void)unused;
    /* The approximation dominates the reference front: IGD counts the
     * distance, IGD+ nothing. */
    const double origin[] = {0, 0}, front[] = {1, 0, 0, 1};
    assert_near(ga_indicator_igd(origin, 1, front, 2, 2), 1.0, 1e-15);
    assert_true(ga_indicator_igd_plus(origin, 1, front, 2, 2) == 0.0);
    /* Worse in both: the same; worse in one only: IGD+ counts that one. */
    const double worse[] = {1, 1}, aside[] = {2, 0}, mid[] = {1, 1};
    assert_near(ga_indicator_igd(worse, 1, origin, 1, 2), sqrt(2.0), 1e-15);
    assert_near(ga_indicator_igd_plus(worse, 1, origin, 1, 2), sqrt(2.0), 1e-15);
    assert_near(ga_indicator_igd(aside, 1, mid, 1, 2), sqrt(2.0), 1e-15);
    assert_near(ga_indicator_igd_plus(aside, 1, mid, 1, 2), 1.0, 1e-15);
    /* Each reference point takes its nearest: (0,1) from (0,1), (1,0) from (1,1) at distance 1. */
    const double set[] = {0, 1, 1, 1, 5, 5};
    assert_near(ga_indicator_igd(set, 3, front, 2, 2), 0.5, 1e-15);
    assert_near(ga_indicator_igd_plus(set, 3, front, 2, 2), 0.5, 1e-15);
    assert_true(isinf(ga_indicator_igd(set, 0, front, 2, 2)));
    assert_true(isinf(ga_indicator_igd_plus(set, 0, front, 2, 2)));
    assert_true(isnan(ga_indicator_igd(set, 3, front, 0, 2)));
    assert_true(isnan(ga_indicator_igd_plus(set, 3, front, 0, 2)));

    gsl_rng *r = test_rng_alloc(8);
    for (size_t m = 1; m <= 5; m++) {
        double *a = random_points(r, 37, m, 0), *z = random_points(r, 53, m, 0);
        assert_near(ga_indicator_igd(a, 37, z, 53, m), brute_igd(a, 37, z, 53, m, false), 1e-14);
        assert_near(ga_indicator_igd_plus(a, 37, z, 53, m), brute_igd(a, 37, z, 53, m, true), 1e-14);
        /* IGD+ never exceeds IGD: a point's d+ is at most its distance. */
        assert_true(ga_indicator_igd_plus(a, 37, z, 53, m) <= ga_indicator_igd(a, 37, z, 53, m));
        free(a);
        free(z);
    }
    gsl_rng_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_by_hand),
        cmocka_unit_test(test_rank_brute),
        cmocka_unit_test(test_rank_larger),
        cmocka_unit_test(test_crowding_by_hand),
        cmocka_unit_test(test_crowding_listing),
        cmocka_unit_test(test_hv_by_hand),
        cmocka_unit_test(test_hv_grid),
        cmocka_unit_test(test_hv_subsets),
        cmocka_unit_test(test_hv_invariance),
        cmocka_unit_test(test_igd),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
