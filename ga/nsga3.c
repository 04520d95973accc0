/* ga/nsga3.c — NSGA-III: Das and Dennis's reference directions, normalisation, association and niching. */
#include "ga/nsga3.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ga/order.h"

/* The achievement scalarising function's weight off the axis (Deb and Jain 2014, §IV.C). */
#define NSGA3_ASF_OFF_AXIS 1e-6
/* How far past the worst value of S an intercept may lie before the hyperplane is refused. */
#define NSGA3_INTERCEPT_SLACK 1e-9

/* ---- reference directions */

/* C(h + m - 1, m - 1), or 0 when it or m times it overflows: each step is
 * C(h + i, i), a whole number, so the division is exact. */
static size_t nsga3_simplex_count(size_t m, size_t h)
{
    size_t c = 1;
    for (size_t i = 1; i < m; i++) {
        if (c > SIZE_MAX / (h + i))
            return 0;
        c = c * (h + i) / i;
    }
    return c <= SIZE_MAX / sizeof(double) / m ? c : 0;
}

size_t nsga3_directions_count(size_t m, size_t outer, size_t inner)
{
    if (m == 0 || outer == 0 || outer > SIZE_MAX / 2 || inner > SIZE_MAX / 2)
        return 0;
    size_t a = nsga3_simplex_count(m, outer), b = inner ? nsga3_simplex_count(m, inner) : 0;
    if (a == 0 || (inner && b == 0) || a > SIZE_MAX / sizeof(double) / m - b)
        return 0;
    return a + b;
}

/* The simplex grid of h divisions in ascending lexicographic order (m >= 2),
 * each point then shrunk to p * shrink + (1 - shrink) / m.  The whole parts
 * k_j are built in place, each row from the one before: the rightmost k_j
 * with something after it rises by one, and what came after it, less one,
 * moves to the last place. */
static size_t nsga3_layer(size_t m, size_t h, double shrink, double *out)
{
    size_t count = nsga3_simplex_count(m, h);
    for (size_t j = 0; j + 1 < m; j++)
        out[j] = 0.0;
    out[m - 1] = (double)h;
    for (size_t p = 1; p < count; p++) {
        double *row = out + p * m;
        memcpy(row, row - m, m * sizeof *row);
        size_t j = m - 2;
        double tail = row[m - 1];
        while (tail == 0.0) /* ends: only the last row, which 'count' leaves out, has nothing after k_0 */
            tail += row[j--];
        row[j] += 1.0;
        for (size_t k = j + 1; k < m; k++)
            row[k] = 0.0;
        row[m - 1] = tail - 1.0;
    }
    for (size_t i = 0; i < count * m; i++)
        out[i] = out[i] / (double)h * shrink + (1.0 - shrink) / (double)m;
    return count;
}

size_t nsga3_directions(size_t m, size_t outer, size_t inner, double *out)
{
    size_t count = nsga3_directions_count(m, outer, inner);
    if (count == 0)
        return 0;
    if (m == 1) {
        for (size_t i = 0; i < count; i++)
            out[i] = 1.0;
        return count;
    }
    size_t a = nsga3_layer(m, outer, 1.0, out);
    if (inner)
        nsga3_layer(m, inner, 0.5, out + a * m);
    return count;
}

/* ---- selection */

/* A point's state in the last call. */
enum nsga3_mark { NSGA3_OUT, NSGA3_CANDIDATE, NSGA3_CHOSEN };

struct nsga3 {
    size_t n_max, m, dirs_max;
    size_t n;               /* the last call's points */
    enum nsga3_scale scale; /* the last call's normalisation */
    size_t *order;          /* the points by rank, then index: S is a prefix */
    size_t *tmp;            /* scratch of the sort */
    unsigned char *mark;    /* enum nsga3_mark of each point */
    size_t *niche;          /* each point of S: its direction */
    double *dist;           /* each point of S: its distance to that direction */
    size_t *members;        /* the last front's candidates, grouped by direction */
    size_t *count;          /* each direction's niche count */
    size_t *first, *left;   /* each direction's group in members: start, candidates left */
    size_t *sorted;         /* directions with candidates, by niche count */
    size_t *pool, *raised;  /* directions at the least count; those just raised past it */
    double *norm2;          /* each direction's squared length */
    double *ideal, *worst, *nadir, *intercept, *point; /* m each */
    double *plane;          /* m x m: the extreme points, then their elimination */
    double *rhs;            /* m */
    size_t *extreme;        /* m: the extreme point of each axis */
};

struct nsga3 *nsga3_alloc(size_t n_max, size_t m, size_t dirs_max)
{
    if (m == 0 || m > SIZE_MAX / sizeof(double) / m)
        return NULL;
    struct nsga3 *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    size_t n = n_max ? n_max : 1, d = dirs_max ? dirs_max : 1;
    s->n_max = n_max;
    s->m = m;
    s->dirs_max = dirs_max;
    s->order = calloc(n, sizeof *s->order);
    s->tmp = calloc(n > d ? n : d, sizeof *s->tmp);
    s->mark = calloc(n, sizeof *s->mark);
    s->niche = calloc(n, sizeof *s->niche);
    s->dist = calloc(n, sizeof *s->dist);
    s->members = calloc(n, sizeof *s->members);
    s->count = calloc(d, sizeof *s->count);
    s->first = calloc(d, sizeof *s->first);
    s->left = calloc(d, sizeof *s->left);
    s->sorted = calloc(d, sizeof *s->sorted);
    s->pool = calloc(d, sizeof *s->pool);
    s->raised = calloc(d, sizeof *s->raised);
    s->norm2 = calloc(d, sizeof *s->norm2);
    s->ideal = calloc(5 * m, sizeof *s->ideal);
    s->plane = calloc(m * m + m, sizeof *s->plane);
    s->extreme = calloc(m, sizeof *s->extreme);
    if (!s->order || !s->tmp || !s->mark || !s->niche || !s->dist || !s->members || !s->count || !s->first ||
        !s->left || !s->sorted || !s->pool || !s->raised || !s->norm2 || !s->ideal || !s->plane || !s->extreme) {
        nsga3_free(s);
        return NULL;
    }
    s->worst = s->ideal + m;
    s->nadir = s->worst + m;
    s->intercept = s->nadir + m;
    s->point = s->intercept + m;
    s->rhs = s->plane + m * m;
    return s;
}

void nsga3_free(struct nsga3 *s)
{
    if (!s)
        return;
    free(s->order);
    free(s->tmp);
    free(s->mark);
    free(s->niche);
    free(s->dist);
    free(s->members);
    free(s->count);
    free(s->first);
    free(s->left);
    free(s->sorted);
    free(s->pool);
    free(s->raised);
    free(s->norm2);
    free(s->ideal);
    free(s->plane);
    free(s->extreme);
    free(s);
}

static bool nsga3_rank_before(const void *rank, size_t a, size_t b)
{
    return ((const size_t *)rank)[a] < ((const size_t *)rank)[b];
}

/* ---- normalisation (Deb and Jain 2014, Algorithm 2), over S = order[0 .. ns) */

/* Ideal point, worst of S, nadir of S's best front (order[0 .. best)). */
static void nsga3_bounds(struct nsga3 *s, const double *f, size_t ns, size_t best)
{
    size_t m = s->m;
    for (size_t k = 0; k < m; k++) {
        s->ideal[k] = s->nadir[k] = s->worst[k] = f[s->order[0] * m + k];
        for (size_t t = 1; t < ns; t++) {
            double v = f[s->order[t] * m + k];
            s->ideal[k] = fmin(s->ideal[k], v);
            s->worst[k] = fmax(s->worst[k], v);
            if (t < best)
                s->nadir[k] = fmax(s->nadir[k], v);
        }
    }
}

/* The point of S least in the achievement scalarising function of axis j. */
static size_t nsga3_extreme(const struct nsga3 *s, const double *f, size_t ns, size_t j)
{
    size_t m = s->m, best = s->order[0];
    double best_asf = INFINITY;
    for (size_t t = 0; t < ns; t++) {
        const double *x = f + s->order[t] * m;
        double asf = -INFINITY;
        for (size_t k = 0; k < m; k++)
            asf = fmax(asf, (x[k] - s->ideal[k]) / (k == j ? 1.0 : NSGA3_ASF_OFF_AXIS));
        if (asf < best_asf) {
            best_asf = asf;
            best = s->order[t];
        }
    }
    return best;
}

/* Solves plane x = rhs in place (m x m, row-major) by Gaussian elimination
 * with partial pivoting; false when a pivot is 0 (a singular system).  Not
 * GSL's LU: its gsl_linalg_LU_decomp allocates, and a failed allocation
 * there calls GSL's error handler, which aborts by default. */
static bool nsga3_solve(double *plane, double *rhs, size_t m)
{
    for (size_t c = 0; c < m; c++) {
        size_t p = c;
        for (size_t i = c + 1; i < m; i++)
            if (fabs(plane[i * m + c]) > fabs(plane[p * m + c]))
                p = i;
        if (plane[p * m + c] == 0.0)
            return false;
        for (size_t k = c; k < m && p != c; k++) {
            double t = plane[c * m + k];
            plane[c * m + k] = plane[p * m + k];
            plane[p * m + k] = t;
        }
        double t = rhs[c];
        rhs[c] = rhs[p];
        rhs[p] = t;
        for (size_t i = c + 1; i < m; i++) {
            double q = plane[i * m + c] / plane[c * m + c];
            for (size_t k = c; k < m; k++)
                plane[i * m + k] -= q * plane[c * m + k];
            rhs[i] -= q * rhs[c];
        }
    }
    for (size_t c = m; c-- > 0;) {
        for (size_t k = c + 1; k < m; k++)
            rhs[c] -= plane[c * m + k] * rhs[k];
        rhs[c] /= plane[c * m + c];
    }
    return true;
}

/* The hyperplane's intercepts, when it exists and they are usable (see
 * nsga3_select in the header): solves E a = 1, E's rows the extreme points
 * less the ideal, and sets intercept_k = 1 / a_k. */
static bool nsga3_hyperplane(struct nsga3 *s, const double *f)
{
    size_t m = s->m;
    for (size_t j = 0; j < m; j++) {
        for (size_t k = 0; k < m; k++)
            s->plane[j * m + k] = f[s->extreme[j] * m + k] - s->ideal[k];
        s->rhs[j] = 1.0;
    }
    if (!nsga3_solve(s->plane, s->rhs, m))
        return false;
    for (size_t k = 0; k < m; k++) {
        double a = 1.0 / s->rhs[k], range = s->worst[k] - s->ideal[k];
        if (!isfinite(a) || a <= 0.0 || a > range * (1.0 + NSGA3_INTERCEPT_SLACK))
            return false;
        s->intercept[k] = a;
    }
    return true;
}

static void nsga3_normalise(struct nsga3 *s, const double *f, size_t ns, size_t best)
{
    nsga3_bounds(s, f, ns, best);
    for (size_t j = 0; j < s->m; j++)
        s->extreme[j] = nsga3_extreme(s, f, ns, j);
    if (nsga3_hyperplane(s, f)) {
        s->scale = NSGA3_HYPERPLANE;
        return;
    }
    s->scale = NSGA3_NADIR;
    for (size_t k = 0; k < s->m; k++) {
        double a = s->nadir[k] - s->ideal[k];
        if (a <= 0.0)
            a = s->worst[k] - s->ideal[k];
        s->intercept[k] = a > 0.0 ? a : 1.0;
    }
}

/* ---- association (Algorithm 3) */

static bool nsga3_check_directions(struct nsga3 *s, const double *dirs, size_t ndirs)
{
    size_t m = s->m;
    for (size_t d = 0; d < ndirs; d++) {
        double n2 = 0.0;
        for (size_t k = 0; k < m; k++) {
            double w = dirs[d * m + k];
            if (!(w >= 0.0) || !isfinite(w))
                return false;
            n2 += w * w;
        }
        if (!(n2 > 0.0) || !isfinite(n2))
            return false;
        s->norm2[d] = n2;
    }
    return true;
}

/* Point i's nearest direction and its distance: the residual of the
 * projection on each line, squared, compared; the lowest index on ties. */
static void nsga3_associate(struct nsga3 *s, const double *f, size_t i, const double *dirs, size_t ndirs)
{
    size_t m = s->m, best = 0;
    double *x = s->point, best_d2 = INFINITY;
    for (size_t k = 0; k < m; k++)
        x[k] = (f[i * m + k] - s->ideal[k]) / s->intercept[k];
    for (size_t d = 0; d < ndirs; d++) {
        const double *w = dirs + d * m;
        double dot = 0.0, d2 = 0.0;
        for (size_t k = 0; k < m; k++)
            dot += x[k] * w[k];
        double t = dot / s->norm2[d];
        for (size_t k = 0; k < m; k++) {
            double e = x[k] - t * w[k];
            d2 += e * e;
        }
        if (d2 < best_d2) {
            best_d2 = d2;
            best = d;
        }
    }
    s->niche[i] = best;
    s->dist[i] = sqrt(best_d2);
}

/* ---- niching (Algorithm 4) */

/* Groups the last front's candidates (order[from .. ns), ascending index) by
 * direction, ascending index within each group, and counts the niches of
 * the chosen (order[0 .. from)). */
static void nsga3_group(struct nsga3 *s, size_t from, size_t ns, size_t ndirs)
{
    memset(s->count, 0, ndirs * sizeof *s->count);
    memset(s->left, 0, ndirs * sizeof *s->left);
    for (size_t t = 0; t < from; t++)
        s->count[s->niche[s->order[t]]]++;
    for (size_t t = from; t < ns; t++)
        s->left[s->niche[s->order[t]]]++;
    for (size_t d = 0, at = 0; d < ndirs; d++) {
        s->first[d] = at;
        at += s->left[d];
        s->left[d] = 0;
    }
    for (size_t t = from; t < ns; t++) {
        size_t i = s->order[t], d = s->niche[i];
        s->members[s->first[d] + s->left[d]++] = i;
    }
}

static bool nsga3_count_before(const void *count, size_t a, size_t b)
{
    return ((const size_t *)count)[a] < ((const size_t *)count)[b];
}

/* Takes one candidate of direction d out of its group and returns it: the
 * nearest while the niche is empty, else one drawn at random. */
static size_t nsga3_take(struct nsga3 *s, size_t d, gsl_rng *r)
{
    size_t *g = s->members + s->first[d], n = s->left[d], pick = 0;
    if (s->count[d] == 0) {
        for (size_t t = 1; t < n; t++)
            if (s->dist[g[t]] < s->dist[g[pick]])
                pick = t;
    } else if (n > 1) {
        pick = gsl_rng_uniform_int(r, n);
    }
    size_t i = g[pick];
    g[pick] = g[n - 1];
    s->left[d] = n - 1;
    return i;
}

/* Chooses 'want' of the last front's candidates.  Directions are taken level
 * by level of niche count: 'pool' holds those at the least count c with
 * candidates left, 'raised' those just raised to c + 1, and 'sorted' the
 * others by their count, which a level reaches in turn. */
static void nsga3_niching(struct nsga3 *s, size_t want, size_t ndirs, gsl_rng *r)
{
    size_t nd = 0;
    for (size_t d = 0; d < ndirs; d++)
        if (s->left[d] > 0)
            s->sorted[nd++] = d;
    ga_order_sort(s->sorted, nd, s->tmp, nsga3_count_before, s->count);
    size_t next = 0, pooled = 0, raised = 0, level = 0;
    for (size_t taken = 0; taken < want; taken++) {
        if (pooled == 0) {
            size_t *t = s->pool;
            s->pool = s->raised;
            s->raised = t;
            pooled = raised;
            raised = 0;
            level = pooled > 0 ? level + 1 : s->count[s->sorted[next]];
            while (next < nd && s->count[s->sorted[next]] == level)
                s->pool[pooled++] = s->sorted[next++];
        }
        size_t at = pooled > 1 ? gsl_rng_uniform_int(r, pooled) : 0, d = s->pool[at];
        s->pool[at] = s->pool[--pooled];
        s->mark[nsga3_take(s, d, r)] = NSGA3_CHOSEN;
        s->count[d]++;
        if (s->left[d] > 0)
            s->raised[raised++] = d;
    }
}

size_t nsga3_select(struct nsga3 *s, const double *f, size_t n, const size_t *rank, size_t keep,
                    const double *dirs, size_t ndirs, gsl_rng *r, size_t *chosen)
{
    if (keep > n || n > s->n_max || ndirs > s->dirs_max)
        return 0;
    ga_order_all(s->order, n, s->tmp, nsga3_rank_before, rank);
    /* Whole fronts while they fit: order[0 .. from); F_l = order[from .. ns). */
    size_t from = 0, ns = 0;
    while (ns < n && ns < keep) {
        from = ns;
        while (++ns < n && rank[s->order[ns]] == rank[s->order[from]])
            ;
    }
    if (ns <= keep)
        from = ns;
    bool niching = from < keep;
    if (niching && !nsga3_check_directions(s, dirs, ndirs))
        return 0;
    s->n = n;
    s->scale = NSGA3_NONE;
    memset(s->mark, NSGA3_OUT, n * sizeof *s->mark);
    for (size_t t = 0; t < from; t++)
        s->mark[s->order[t]] = NSGA3_CHOSEN;
    if (niching) {
        size_t best = 1;
        while (best < ns && rank[s->order[best]] == rank[s->order[0]])
            best++;
        nsga3_normalise(s, f, ns, best);
        for (size_t t = 0; t < ns; t++)
            nsga3_associate(s, f, s->order[t], dirs, ndirs);
        for (size_t t = from; t < ns; t++)
            s->mark[s->order[t]] = NSGA3_CANDIDATE;
        nsga3_group(s, from, ns, ndirs);
        nsga3_niching(s, keep - from, ndirs, r);
    }
    for (size_t i = 0, k = 0; i < n; i++)
        if (s->mark[i] == NSGA3_CHOSEN)
            chosen[k++] = i;
    return keep;
}

enum nsga3_scale nsga3_scaling(const struct nsga3 *s, double *ideal, double *intercepts)
{
    if (s->scale != NSGA3_NONE) {
        memcpy(ideal, s->ideal, s->m * sizeof *ideal);
        memcpy(intercepts, s->intercept, s->m * sizeof *intercepts);
    }
    return s->scale;
}

bool nsga3_niche(const struct nsga3 *s, size_t i, size_t *direction, double *distance)
{
    if (s->scale == NSGA3_NONE || i >= s->n || (s->mark[i] == NSGA3_OUT))
        return false;
    *direction = s->niche[i];
    *distance = s->dist[i];
    return true;
}
