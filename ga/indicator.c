/* ga/indicator.c — hypervolume (sweeps for m <= 3, WFG above), IGD and IGD+. */
#include "gaexp/indicator.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ga/order.h"

/* Levels of the 64-ary bit tree: 64^11 covers any size_t. */
#define HV_LEVELS_MAX 11

/* A set of whole numbers below n in a 64-ary tree of bit words (level 0:
 * one bit a number; above, one bit a non-empty word below), so that
 * insert, erase and the nearest member either side take O(log_64 n). */
struct hv_bits {
    size_t levels;
    uint64_t *word[HV_LEVELS_MAX];
    size_t len[HV_LEVELS_MAX];
};

#define HV_NONE SIZE_MAX

struct hv_work {
    size_t m;
    size_t *idx, *tmp;  /* sorting */
    size_t *rank, *at;  /* m = 3: each point's place in (x, y) order, and the point at each place */
    struct hv_bits bits;
    double **sorted;    /* sorted[d], d >= 4: WFG's points of d objectives, in slicing order */
    double **limit;     /* limit[d], d >= 3: a limit set of d objectives */
};

/* ---- the bit tree */

static size_t hv_bits_words(size_t n)
{
    size_t words = 0;
    do {
        n = (n + 63) / 64;
        words += n;
    } while (n > 1);
    return words;
}

static void hv_bits_init(struct hv_bits *b, uint64_t *block, size_t n)
{
    b->levels = 0;
    do {
        n = (n + 63) / 64;
        b->word[b->levels] = block;
        b->len[b->levels++] = n;
        block += n;
    } while (n > 1);
}

static void hv_bits_clear(struct hv_bits *b)
{
    for (size_t h = 0; h < b->levels; h++)
        memset(b->word[h], 0, b->len[h] * sizeof *b->word[h]);
}

static void hv_bits_insert(struct hv_bits *b, size_t i)
{
    for (size_t h = 0; h < b->levels; h++, i /= 64)
        b->word[h][i / 64] |= UINT64_C(1) << (i % 64);
}

static void hv_bits_erase(struct hv_bits *b, size_t i)
{
    for (size_t h = 0; h < b->levels; h++, i /= 64) {
        b->word[h][i / 64] &= ~(UINT64_C(1) << (i % 64));
        if (b->word[h][i / 64])
            break; /* the word is still non-empty: the levels above keep their bit */
    }
}

/* The least member >= i, or HV_NONE. */
static size_t hv_bits_next(const struct hv_bits *b, size_t i)
{
    for (size_t h = 0; h < b->levels; h++, i = i / 64 + 1) {
        if (i / 64 >= b->len[h])
            return HV_NONE;
        uint64_t w = b->word[h][i / 64] & (~UINT64_C(0) << (i % 64));
        if (w) {
            i = (i & ~(size_t)63) | (size_t)__builtin_ctzll(w);
            while (h-- > 0)
                i = i * 64 + (size_t)__builtin_ctzll(b->word[h][i]);
            return i;
        }
    }
    return HV_NONE;
}

/* The greatest member <= i, or HV_NONE. */
static size_t hv_bits_prev(const struct hv_bits *b, size_t i)
{
    for (size_t h = 0; h < b->levels; h++) {
        uint64_t w = b->word[h][i / 64] & (~UINT64_C(0) >> (63 - i % 64));
        if (w) {
            i = (i & ~(size_t)63) | (size_t)(63 - __builtin_clzll(w));
            while (h-- > 0)
                i = i * 64 + (size_t)(63 - __builtin_clzll(b->word[h][i]));
            return i;
        }
        if (i / 64 == 0)
            return HV_NONE;
        i = i / 64 - 1;
    }
    return HV_NONE;
}

/* ---- m = 1, 2, 3 */

static double hv_box(const double *p, const double *ref, size_t m)
{
    double v = 1.0;
    for (size_t j = 0; j < m; j++)
        v *= ref[j] - p[j];
    return v;
}

/* In x order each point that lowers the least y so far adds the strip
 * between the two y values, from its x to the reference. */
static double hv_2d(struct hv_work *w, const double *f, size_t n, const double *ref)
{
    struct ga_order_rows rows = {f, 2, 0};
    ga_order_all(w->idx, n, w->tmp, ga_order_lex, &rows);
    double area = 0.0, low = ref[1];
    for (size_t t = 0; t < n; t++) {
        const double *p = f + 2 * w->idx[t];
        if (p[1] < low) {
            area += (ref[0] - p[0]) * (low - p[1]);
            low = p[1];
        }
    }
    return area;
}

/* In z order, the area of the (x, y) front so far times the height to the
 * next z.  The front is a staircase in (x, y) order, y falling; a new point
 * that is not under its predecessor's step takes the area between its own
 * corner and the next step that stays, removing the steps it covers. */
static double hv_3d(struct hv_work *w, const double *f, size_t n, const double *ref)
{
    size_t *zord = w->idx;
    struct ga_order_rows rows = {f, 3, 0};
    ga_order_all(w->at, n, w->tmp, ga_order_lex, &rows); /* (x, y, z) order: the places */
    for (size_t r = 0; r < n; r++)
        w->rank[w->at[r]] = r;
    rows.j = 2;
    ga_order_all(zord, n, w->tmp, ga_order_column_up, &rows);
    hv_bits_init(&w->bits, w->bits.word[0], n);
    hv_bits_clear(&w->bits);

    double area = 0.0, volume = 0.0;
    for (size_t t = 0; t < n; t++) {
        const double *p = f + 3 * zord[t];
        size_t r = w->rank[zord[t]], before = r ? hv_bits_prev(&w->bits, r - 1) : HV_NONE;
        double height = before == HV_NONE ? 0.0 : ref[1] - f[3 * w->at[before] + 1];
        if (before == HV_NONE || f[3 * w->at[before] + 1] > p[1]) {
            double covered = 0.0, x = p[0];
            size_t after = hv_bits_next(&w->bits, r);
            while (after != HV_NONE && f[3 * w->at[after] + 1] >= p[1]) {
                const double *q = f + 3 * w->at[after];
                covered += (q[0] - x) * height;
                x = q[0];
                height = ref[1] - q[1];
                hv_bits_erase(&w->bits, after);
                after = hv_bits_next(&w->bits, after);
            }
            double end = after == HV_NONE ? ref[0] : f[3 * w->at[after]];
            covered += (end - x) * height;
            area += (end - p[0]) * (ref[1] - p[1]) - covered;
            hv_bits_insert(&w->bits, r);
        }
        double next = t + 1 < n ? f[3 * zord[t + 1] + 2] : ref[2];
        volume += area * (next - p[2]);
    }
    return volume;
}

/* ---- m >= 4: WFG */

/* The points of f (n rows of d) that no other weakly dominates, one of each
 * group of equal points: their row numbers into w->idx[0 .. return).  In
 * lexicographic order a point's dominators come first, and a point dominated
 * by a dropped one is dominated by the kept one that dropped it. */
static size_t hv_nondominated(struct hv_work *w, const double *f, size_t n, size_t d)
{
    struct ga_order_rows rows = {f, d, 0};
    ga_order_all(w->idx, n, w->tmp, ga_order_lex, &rows);
    size_t kept = 0;
    for (size_t t = 0; t < n; t++) {
        const double *p = f + d * w->idx[t];
        bool dominated = false;
        for (size_t k = 0; k < kept && !dominated; k++) {
            const double *q = f + d * w->idx[k];
            size_t j = 0;
            while (j < d && q[j] <= p[j])
                j++;
            dominated = j == d;
        }
        if (!dominated)
            w->idx[kept++] = w->idx[t];
    }
    return kept;
}

static double hv_wfg(struct hv_work *w, const double *f, size_t n, size_t d, const double *ref);

static double hv_any(struct hv_work *w, const double *f, size_t n, size_t d, const double *ref)
{
    if (n == 0)
        return 0.0;
    if (n == 1)
        return hv_box(f, ref, d);
    if (d == 2)
        return hv_2d(w, f, n, ref);
    if (d == 3)
        return hv_3d(w, f, n, ref);
    return hv_wfg(w, f, n, d, ref);
}

/* hv(S) is the sum over k of the part of point k's box that the points
 * after it leave out: its box less the hypervolume of the limit set, those
 * points each raised to point k's values where worse.  With the points
 * sorted by the last objective falling, every limit set's last objective is
 * point k's, so the sum is over slices of d - 1 objectives. */
static double hv_wfg(struct hv_work *w, const double *f, size_t n, size_t d, const double *ref)
{
    size_t kept = hv_nondominated(w, f, n, d);
    struct ga_order_rows rows = {f, d, d - 1};
    ga_order_sort(w->idx, kept, w->tmp, ga_order_column_down, &rows);
    double *s = w->sorted[d], *limit = w->limit[d - 1];
    for (size_t i = 0; i < kept; i++)
        memcpy(s + i * d, f + w->idx[i] * d, d * sizeof *s);

    double volume = 0.0;
    for (size_t k = 0; k < kept; k++) {
        const double *p = s + k * d;
        size_t count = 0;
        for (size_t i = k + 1; i < kept; i++, count++)
            for (size_t j = 0; j + 1 < d; j++)
                limit[count * (d - 1) + j] = fmax(p[j], s[i * d + j]);
        double exclusive = hv_box(p, ref, d - 1) - hv_any(w, limit, count, d - 1, ref);
        volume += (ref[d - 1] - p[d - 1]) * exclusive;
    }
    return volume;
}

/* Scratch for up to n points of m objectives; false when memory runs out,
 * and hv_work_free frees what was made either way. */
static bool hv_work_alloc(struct hv_work *w, size_t n, size_t m)
{
    *w = (struct hv_work){.m = m};
    w->idx = malloc(4 * n * sizeof *w->idx);
    w->bits.word[0] = calloc(hv_bits_words(n), sizeof *w->bits.word[0]);
    w->sorted = calloc(2 * (m + 1), sizeof *w->sorted);
    if (!w->idx || !w->bits.word[0] || !w->sorted)
        return false;
    w->tmp = w->idx + n;
    w->rank = w->idx + 2 * n;
    w->at = w->idx + 3 * n;
    hv_bits_init(&w->bits, w->bits.word[0], n);
    w->limit = w->sorted + m + 1;
    for (size_t d = 3; d <= m; d++) {
        if (d >= 4 && !(w->sorted[d] = malloc(n * d * sizeof **w->sorted)))
            return false;
        if (d < m && !(w->limit[d] = malloc(n * d * sizeof **w->limit)))
            return false;
    }
    return true;
}

static void hv_work_free(struct hv_work *w)
{
    for (size_t d = 0; w->sorted && d <= w->m; d++) {
        free(w->sorted[d]);
        free(w->limit[d]);
    }
    free(w->sorted);
    free(w->bits.word[0]);
    free(w->idx);
}

double ga_indicator_hv(const double *f, size_t n, size_t m, const double *ref)
{
    if (m == 0 || (n && m > SIZE_MAX / sizeof(double) / 4 / m / n))
        return NAN;
    double *in = malloc((n ? n : 1) * m * sizeof *in);
    if (!in)
        return NAN;
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        const double *p = f + i * m;
        size_t j = 0;
        while (j < m && p[j] < ref[j])
            j++;
        if (j == m)
            memcpy(in + count++ * m, p, m * sizeof *p);
    }
    double volume;
    struct hv_work w;
    if (count == 0) {
        volume = 0.0;
    } else if (m == 1) {
        double least = in[0];
        for (size_t i = 1; i < count; i++)
            least = fmin(least, in[i]);
        volume = ref[0] - least;
    } else {
        volume = hv_work_alloc(&w, count, m) ? hv_any(&w, in, count, m, ref) : NAN;
        hv_work_free(&w);
    }
    free(in);
    return volume;
}

/* The squared distance from reference point ref to a (IGD+: only where a
 * is worse). */
static inline double hv_igd_distance2(const double *a, const double *ref, size_t m, bool plus)
{
    double d2 = 0.0;
    for (size_t j = 0; j < m; j++) {
        double diff = a[j] - ref[j];
        if (plus && diff < 0.0)
            diff = 0.0;
        d2 += diff * diff;
    }
    return d2;
}

static double hv_igd_any(const double *f, size_t n, const double *z, size_t nz, size_t m, bool plus)
{
    if (nz == 0)
        return NAN;
    if (n == 0)
        return INFINITY;
    double sum = 0.0;
    for (size_t r = 0; r < nz; r++) {
        const double *ref = z + r * m;
        double nearest = INFINITY;
        if (m == 2) /* the common case, unrolled by the compiler */
            for (size_t i = 0; i < n; i++) {
                double d2 = hv_igd_distance2(f + i * 2, ref, 2, plus);
                nearest = d2 < nearest ? d2 : nearest;
            }
        else
            for (size_t i = 0; i < n; i++) {
                double d2 = hv_igd_distance2(f + i * m, ref, m, plus);
                nearest = d2 < nearest ? d2 : nearest;
            }
        sum += sqrt(nearest);
    }
    return sum / (double)nz;
}

double ga_indicator_igd(const double *f, size_t n, const double *z, size_t nz, size_t m)
{
    return hv_igd_any(f, n, z, nz, m, false);
}

double ga_indicator_igd_plus(const double *f, size_t n, const double *z, size_t nz, size_t m)
{
    return hv_igd_any(f, n, z, nz, m, true);
}
