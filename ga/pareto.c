/* ga/pareto.c — non-dominated sorting (a sweep for two objectives, divide and conquer above) and crowding distance. */
#include "gaexp/pareto.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ga/order.h"

/* Below these sizes the divide and conquer compares every pair instead:
 * fewer steps than the medians, splits and merges would take. */
#define PARETO_SMALL_A 16
#define PARETO_SMALL_B 8

struct ga_pareto {
    size_t n_max, m;
    size_t u;       /* distinct points of the current call */
    size_t *order;  /* point indices, lexicographic order of their rows */
    size_t *tmp;    /* scratch: the merge sort, splits and merges */
    size_t *upos;   /* upos[i]: the distinct point order[i] is */
    size_t *set;    /* the divide and conquer's sets, as ascending positions */
    size_t *urank;  /* the front of each distinct point */
    size_t *key1;   /* each distinct point's objective 1 as a dense rank */
    size_t *fen;    /* a Fenwick tree of prefix maxima of front + 1 over key1; all 0 between sweeps */
    double *vals;   /* scratch: medians; the fronts' last objective 1 for m = 2 */
    double *pts;    /* the distinct points, lexicographic order */
};

struct ga_pareto *ga_pareto_alloc(size_t n_max, size_t m)
{
    if (m == 0 || n_max >= SIZE_MAX / sizeof(double) / m)
        return NULL;
    struct ga_pareto *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    size_t n = n_max ? n_max : 1;
    p->n_max = n_max;
    p->m = m;
    p->order = malloc(n * sizeof *p->order);
    p->tmp = malloc(n * sizeof *p->tmp);
    p->upos = malloc(n * sizeof *p->upos);
    p->set = malloc(n * sizeof *p->set);
    p->urank = malloc(n * sizeof *p->urank);
    p->key1 = malloc(n * sizeof *p->key1);
    p->fen = calloc(n + 1, sizeof *p->fen);
    p->vals = malloc(n * sizeof *p->vals);
    p->pts = malloc(n * m * sizeof *p->pts);
    if (!p->order || !p->tmp || !p->upos || !p->set || !p->urank || !p->key1 || !p->fen || !p->vals || !p->pts) {
        ga_pareto_free(p);
        return NULL;
    }
    return p;
}

void ga_pareto_free(struct ga_pareto *p)
{
    if (!p)
        return;
    free(p->order);
    free(p->tmp);
    free(p->upos);
    free(p->set);
    free(p->urank);
    free(p->key1);
    free(p->fen);
    free(p->vals);
    free(p->pts);
    free(p);
}

/* ---- the divide and conquer, on the distinct points in lexicographic order
 *
 * Once equal points are merged, a dominates b exactly when a != b and a <= b
 * in every objective, and then a comes first lexicographically.  A set is an
 * array of positions, ascending (lexicographic) on entry and on exit.
 * pareto_a(S, k) raises the fronts within S, whose points are equal in the
 * objectives above k, so only 0..k decide; pareto_b(L, H, k) raises H's
 * fronts by L's, which are final, where every a in L is <= every b in H
 * above k.  Each halves on the median of objective k or drops to k - 1. */

static inline double pareto_obj(const struct ga_pareto *p, size_t pos, size_t k)
{
    return p->pts[pos * p->m + k];
}

static bool pareto_leq(const struct ga_pareto *p, size_t a, size_t b, size_t k)
{
    const double *x = p->pts + a * p->m, *y = p->pts + b * p->m;
    for (size_t j = 0; j <= k; j++)
        if (x[j] > y[j])
            return false;
    return true;
}

static inline void pareto_raise(struct ga_pareto *p, size_t b, size_t front)
{
    if (p->urank[b] < front)
        p->urank[b] = front;
}

static void pareto_fen_raise(struct ga_pareto *p, size_t i, size_t v)
{
    for (i++; i <= p->u; i += i & (~i + 1))
        if (p->fen[i] < v)
            p->fen[i] = v;
}

static size_t pareto_fen_max(const struct ga_pareto *p, size_t i)
{
    size_t v = 0;
    for (i++; i > 0; i -= i & (~i + 1))
        if (v < p->fen[i])
            v = p->fen[i];
    return v;
}

/* Clears what pareto_fen_raise(i) set: every point a sweep inserts is cleared after it. */
static void pareto_fen_clear(struct ga_pareto *p, size_t i)
{
    for (i++; i <= p->u; i += i & (~i + 1))
        p->fen[i] = 0;
}

/* k = 1: in lexicographic order, each point's dominators are the earlier
 * points with objective 1 no larger: a prefix maximum over key1. */
static void pareto_sweep_a(struct ga_pareto *p, const size_t *s, size_t n)
{
    for (size_t t = 0; t < n; t++) {
        size_t b = s[t];
        pareto_raise(p, b, pareto_fen_max(p, p->key1[b]));
        pareto_fen_raise(p, p->key1[b], p->urank[b] + 1);
    }
    for (size_t t = 0; t < n; t++)
        pareto_fen_clear(p, p->key1[s[t]]);
}

static void pareto_sweep_b(struct ga_pareto *p, const size_t *l, size_t nl, const size_t *h, size_t nh)
{
    size_t i = 0;
    for (size_t t = 0; t < nh; t++) {
        size_t b = h[t];
        /* L's points with objective 0 up to b's, equal ones included. */
        for (; i < nl && pareto_obj(p, l[i], 0) <= pareto_obj(p, b, 0); i++)
            pareto_fen_raise(p, p->key1[l[i]], p->urank[l[i]] + 1);
        pareto_raise(p, b, pareto_fen_max(p, p->key1[b]));
    }
    for (size_t t = 0; t < i; t++)
        pareto_fen_clear(p, p->key1[l[t]]);
}

/* The value of rank 'want' (0-based) of v[0 .. n), n >= 1; v is reordered. */
static double pareto_select(double *v, size_t n, size_t want)
{
    ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, k = (ptrdiff_t)want;
    while (lo < hi) {
        double a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi];
        double pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
        ptrdiff_t i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot)
                i++;
            while (v[j] > pivot)
                j--;
            if (i <= j) {
                double t = v[i];
                v[i++] = v[j];
                v[j--] = t;
            }
        }
        /* Now v[lo .. j] <= pivot <= v[i .. hi], and between them pivot. */
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return v[k];
    }
    return v[k];
}

/* Splits s[0 .. n) stably into objective k below, equal to and above 'med'. */
static void pareto_split(struct ga_pareto *p, size_t *s, size_t n, size_t k, double med, size_t *below,
                         size_t *equal)
{
    size_t a = 0, b = 0;
    for (size_t i = 0; i < n; i++) {
        double v = pareto_obj(p, s[i], k);
        a += v < med;
        b += v == med;
    }
    size_t x = 0, y = a, z = a + b;
    for (size_t i = 0; i < n; i++) {
        double v = pareto_obj(p, s[i], k);
        p->tmp[v < med ? x++ : v == med ? y++ : z++] = s[i];
    }
    memcpy(s, p->tmp, n * sizeof *s);
    *below = a;
    *equal = b;
}

/* Merges the ascending runs s[0 .. a) and s[a .. a + b) into one. */
static void pareto_merge(struct ga_pareto *p, size_t *s, size_t a, size_t b)
{
    if (a == 0 || b == 0 || s[a - 1] < s[a])
        return;
    size_t i = 0, j = a, k = 0;
    while (i < a && j < a + b)
        p->tmp[k++] = s[j] < s[i] ? s[j++] : s[i++];
    while (i < a)
        p->tmp[k++] = s[i++];
    while (j < a + b)
        p->tmp[k++] = s[j++];
    memcpy(s, p->tmp, (a + b) * sizeof *s);
}

static double pareto_median(struct ga_pareto *p, const size_t *x, size_t nx, const size_t *y, size_t ny,
                            size_t k)
{
    for (size_t i = 0; i < nx; i++)
        p->vals[i] = pareto_obj(p, x[i], k);
    for (size_t i = 0; i < ny; i++)
        p->vals[nx + i] = pareto_obj(p, y[i], k);
    return pareto_select(p->vals, nx + ny, (nx + ny - 1) / 2);
}

static void pareto_b(struct ga_pareto *p, size_t *l, size_t nl, size_t *h, size_t nh, size_t k)
{
    if (nl == 0 || nh == 0)
        return;
    if (nl <= PARETO_SMALL_B || nh <= PARETO_SMALL_B) {
        for (size_t t = 0; t < nh; t++)
            for (size_t i = 0; i < nl; i++)
                if (pareto_leq(p, l[i], h[t], k))
                    pareto_raise(p, h[t], p->urank[l[i]] + 1);
        return;
    }
    if (k == 1) {
        pareto_sweep_b(p, l, nl, h, nh);
        return;
    }
    double l_min = INFINITY, l_max = -INFINITY, h_min = INFINITY, h_max = -INFINITY;
    for (size_t i = 0; i < nl; i++) {
        double v = pareto_obj(p, l[i], k);
        l_min = fmin(l_min, v);
        l_max = fmax(l_max, v);
    }
    for (size_t i = 0; i < nh; i++) {
        double v = pareto_obj(p, h[i], k);
        h_min = fmin(h_min, v);
        h_max = fmax(h_max, v);
    }
    if (l_max <= h_min) {
        pareto_b(p, l, nl, h, nh, k - 1);
        return;
    }
    if (l_min > h_max)
        return;
    double med = pareto_median(p, l, nl, h, nh, k);
    size_t l1, l2, h1, h2;
    pareto_split(p, l, nl, k, med, &l1, &l2);
    pareto_split(p, h, nh, k, med, &h1, &h2);
    size_t l3 = nl - l1 - l2, h3 = nh - h1 - h2;
    pareto_b(p, l, l1, h, h1, k);
    pareto_b(p, l + l1 + l2, l3, h + h1 + h2, h3, k);
    /* L's below and at the median are <= H's at and above it in objective k. */
    pareto_merge(p, l, l1, l2);
    pareto_merge(p, h + h1, h2, h3);
    pareto_b(p, l, l1 + l2, h + h1, h2 + h3, k - 1);
    pareto_merge(p, l, l1 + l2, l3);
    pareto_merge(p, h, h1, h2 + h3);
}

static void pareto_a(struct ga_pareto *p, size_t *s, size_t n, size_t k)
{
    if (n < 2)
        return;
    if (n <= PARETO_SMALL_A) {
        /* Ascending order: a point's dominators come before it and are final. */
        for (size_t j = 1; j < n; j++)
            for (size_t i = 0; i < j; i++)
                if (pareto_leq(p, s[i], s[j], k))
                    pareto_raise(p, s[j], p->urank[s[i]] + 1);
        return;
    }
    if (k == 1) {
        pareto_sweep_a(p, s, n);
        return;
    }
    double med = pareto_median(p, s, n, NULL, 0, k);
    size_t nl, nm;
    pareto_split(p, s, n, k, med, &nl, &nm);
    size_t nh = n - nl - nm;
    if (nm == n) {
        pareto_a(p, s, n, k - 1);
        return;
    }
    size_t *l = s, *mid = s + nl, *h = s + nl + nm;
    pareto_a(p, l, nl, k);
    pareto_b(p, l, nl, mid, nm, k - 1);
    pareto_a(p, mid, nm, k - 1);
    pareto_merge(p, s, nl, nm);
    pareto_b(p, s, nl + nm, h, nh, k - 1);
    pareto_a(p, h, nh, k);
    pareto_merge(p, s, nl + nm, nh);
}

/* m = 2, Jensen's sweep: in lexicographic order a point joins the first
 * front whose last point (the least objective 1 so far) does not dominate
 * it; those last values never decrease with the front, so a binary search. */
static size_t pareto_sweep2(struct ga_pareto *p)
{
    double *last = p->vals;
    size_t fronts = 0;
    for (size_t i = 0; i < p->u; i++) {
        double y = p->pts[2 * i + 1];
        size_t lo = 0, hi = fronts;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (last[mid] > y)
                hi = mid;
            else
                lo = mid + 1;
        }
        p->urank[i] = lo;
        last[lo] = y;
        fronts += lo == fronts;
    }
    return fronts;
}

size_t ga_pareto_rank(struct ga_pareto *p, const double *f, size_t n, size_t *rank)
{
    if (n == 0 || n > p->n_max)
        return 0;
    size_t m = p->m;
    struct ga_order_rows rows = {f, m, 0};
    ga_order_all(p->order, n, p->tmp, ga_order_lex, &rows);
    size_t u = 0;
    for (size_t i = 0; i < n; i++) {
        const double *x = f + p->order[i] * m;
        /* Values, not bits, decide equality: -0.0 == 0.0, as in the sort. */
        bool same = u > 0;
        for (size_t j = 0; same && j < m; j++)
            same = x[j] == p->pts[(u - 1) * m + j];
        if (!same)
            memcpy(p->pts + u++ * m, x, m * sizeof *x);
        p->upos[i] = u - 1;
    }
    p->u = u;

    size_t fronts;
    if (m == 1) {
        for (size_t i = 0; i < u; i++)
            p->urank[i] = i;
        fronts = u;
    } else if (m == 2) {
        fronts = pareto_sweep2(p);
    } else {
        struct ga_order_rows distinct = {p->pts, m, 1};
        ga_order_all(p->set, u, p->tmp, ga_order_column_up, &distinct);
        for (size_t i = 0, key = 0; i < u; i++) {
            if (i > 0 && pareto_obj(p, p->set[i], 1) != pareto_obj(p, p->set[i - 1], 1))
                key++;
            p->key1[p->set[i]] = key;
        }
        for (size_t i = 0; i < u; i++) {
            p->set[i] = i;
            p->urank[i] = 0;
        }
        pareto_a(p, p->set, u, m - 1);
        fronts = 0;
        for (size_t i = 0; i < u; i++)
            if (fronts < p->urank[i] + 1)
                fronts = p->urank[i] + 1;
    }
    for (size_t i = 0; i < n; i++)
        rank[p->order[i]] = p->urank[p->upos[i]];
    return fronts;
}

/* ---- crowding distance */

struct pareto_members {
    const double *f;
    const size_t *members;
    size_t m, j;
};

static double pareto_member_value(const struct pareto_members *c, size_t i)
{
    return c->f[c->members[i] * c->m + c->j];
}

static bool pareto_member_before(const void *ctx, size_t a, size_t b)
{
    return pareto_member_value(ctx, a) < pareto_member_value(ctx, b);
}

bool ga_pareto_crowding(struct ga_pareto *p, const double *f, const size_t *members, size_t k,
                        double *distance)
{
    if (k > p->n_max)
        return false;
    if (k <= 2) {
        for (size_t i = 0; i < k; i++)
            distance[i] = INFINITY;
        return true;
    }
    for (size_t i = 0; i < k; i++)
        distance[i] = 0.0;
    struct pareto_members c = {f, members, p->m, 0};
    size_t *s = p->set;
    for (c.j = 0; c.j < p->m; c.j++) {
        ga_order_all(s, k, p->tmp, pareto_member_before, &c);
        double range = pareto_member_value(&c, s[k - 1]) - pareto_member_value(&c, s[0]);
        distance[s[0]] = distance[s[k - 1]] = INFINITY;
        if (range > 0.0)
            for (size_t t = 1; t + 1 < k; t++)
                distance[s[t]] += (pareto_member_value(&c, s[t + 1]) - pareto_member_value(&c, s[t - 1])) / range;
    }
    return true;
}
