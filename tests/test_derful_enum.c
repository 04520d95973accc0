/* tests/test_derful_enum.c — the exact 31-derful enumerator against published figures and brute force */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "problems/derful/derful_enum.h"

#define DERFUL_TEST_NMAX 5                /* derful_enum_count_sums goes up to 5×5 */
#define DERFUL_TEST_CELLS (DERFUL_TEST_NMAX * DERFUL_TEST_NMAX)
#define DERFUL_TEST_MAXPERMS 120          /* 5! */
#define DERFUL_TEST_PACKED_NMAX 4         /* derful_test_pack's uint64_t holds 16 cells */
#define DERFUL_TEST_PACKED_PERMS 24       /* 4! */
#define DERFUL_TEST_MAX_MULTISETS 256

/* Every game the enumerator reported, in the order it reported them. */
struct derful_test_games {
    size_t count, cap;
    int (*values)[DERFUL_TEST_CELLS];
    int *sums;
    int bad_n;                            /* set if a call passed the wrong n */
    int n;
};

struct derful_test_progress {
    int calls;
    double last;
    int went_back;                        /* set if a fraction fell or left [0,1] */
};

/* A labelled winning matrix seen by the naive enumerator, by its orbit. */
struct derful_test_orbit {
    uint64_t key;                         /* least packed image over the orbit */
    uint64_t multiset;
    int sum;
};

static void derful_test_collect(void *ctx, const int *values, int n, int sum)
{
    struct derful_test_games *g = ctx;

    if (n != g->n)
        g->bad_n = 1;
    if (g->count == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 256;
        g->values = realloc(g->values, g->cap * sizeof *g->values);
        g->sums = realloc(g->sums, g->cap * sizeof *g->sums);
        assert_non_null(g->values);
        assert_non_null(g->sums);
    }
    memcpy(g->values[g->count], values, (size_t)(n * n) * sizeof *values);
    g->sums[g->count++] = sum;
}

static void derful_test_games_free(struct derful_test_games *g)
{
    free(g->values);
    free(g->sums);
}

static void derful_test_progress_note(void *ctx, double fraction)
{
    struct derful_test_progress *p = ctx;

    if (fraction < p->last || fraction < 0.0 || fraction > 1.0)
        p->went_back = 1;
    p->last = fraction;
    p->calls++;
}

static int derful_test_cap(int value, int suits)
{
    return value == 10 ? 4 * suits : suits;
}

/* Every permutation of 0..n-1, built recursively (the enumerator steps through them instead). */
static void derful_test_perms_fill(int n, int *p, int k, int used, int perms[][DERFUL_TEST_NMAX], int *count)
{
    if (k == n) {
        memcpy(perms[(*count)++], p, DERFUL_TEST_NMAX * sizeof *p);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (used & 1 << i)
            continue;
        p[k] = i;
        derful_test_perms_fill(n, p, k + 1, used | 1 << i, perms, count);
    }
}

static int derful_test_perms(int n, int perms[][DERFUL_TEST_NMAX])
{
    int p[DERFUL_TEST_NMAX] = {0}, count = 0;

    derful_test_perms_fill(n, p, 0, 0, perms, &count);
    return count;
}

static uint64_t derful_test_pack(int n, const int *v)
{
    uint64_t key = 0;

    for (int i = 0; i < n * n; i++)
        key = key << 4 | (uint64_t)v[i];
    return key;
}

static int derful_test_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/*
 * Every image of v under row perms × column perms × transpose, brute force:
 * its least and largest packed forms and, unless size is NULL, how many
 * distinct images there are.
 */
static void derful_test_orbit(int n, const int *v, uint64_t *least, uint64_t *largest, int *size)
{
    int perms[DERFUL_TEST_PACKED_PERMS][DERFUL_TEST_NMAX];
    assert_true(n <= DERFUL_TEST_PACKED_NMAX);
    int np = derful_test_perms(n, perms), count = 0;
    uint64_t images[2 * DERFUL_TEST_PACKED_PERMS * DERFUL_TEST_PACKED_PERMS];

    *least = UINT64_MAX;
    *largest = 0;
    for (int t = 0; t < 2; t++)
        for (int a = 0; a < np; a++)
            for (int b = 0; b < np; b++) {
                int m[DERFUL_TEST_CELLS];
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++) {
                        int r = perms[a][i], c = perms[b][j];
                        m[i * n + j] = t ? v[c * n + r] : v[r * n + c];
                    }
                uint64_t key = derful_test_pack(n, m);
                images[count++] = key;
                if (key < *least)
                    *least = key;
                if (key > *largest)
                    *largest = key;
            }
    if (!size)
        return;
    qsort(images, (size_t)count, sizeof *images, derful_test_cmp_u64);
    *size = 1;
    for (int k = 1; k < count; k++)
        *size += images[k] != images[k - 1];
}

static uint64_t derful_test_multiset(int n, const int *v)
{
    int count[12] = {0};
    uint64_t key = 0;

    for (int i = 0; i < n * n; i++)
        count[v[i]]++;
    for (int value = 2; value <= 11; value++)
        key = key * 32 + (uint64_t)count[value];
    return key;
}

/* Whether v is a winning game with line sum 'sum' that the deck of 'suits' suits can deal. */
static int derful_test_is_winning(int n, int suits, const int *v, int sum)
{
    int count[12] = {0};

    for (int i = 0; i < n * n; i++) {
        if (v[i] < 2 || v[i] > 11)
            return 0;
        count[v[i]]++;
    }
    for (int value = 2; value <= 11; value++)
        if (count[value] > derful_test_cap(value, suits))
            return 0;
    for (int i = 0; i < n; i++) {
        int row = 0, col = 0;
        for (int j = 0; j < n; j++) {
            row += v[i * n + j];
            col += v[j * n + i];
        }
        if (row != sum || col != sum)
            return 0;
    }
    return 1;
}

static int derful_test_cmp_orbit(const void *a, const void *b)
{
    return derful_test_cmp_u64(&((const struct derful_test_orbit *)a)->key,
                               &((const struct derful_test_orbit *)b)->key);
}

/*
 * The census worked out the slow way: every matrix whose top-left
 * (n-1)×(n-1) block is free and whose last column and row are forced by S,
 * for every S; then the distinct orbits.  Also counts the labelled matrices.
 */
static void derful_test_naive(int n, int suits, struct derful_census *c, unsigned long long *labelled)
{
    int free_cells = (n - 1) * (n - 1);
    size_t cap = 1024, count = 0;
    struct derful_test_orbit *found = malloc(cap * sizeof *found);

    assert_non_null(found);
    memset(c, 0, sizeof *c);
    *labelled = 0;
    for (int sum = 2 * n; sum <= 11 * n; sum++) {
        int block[DERFUL_TEST_CELLS];
        for (int i = 0; i < free_cells; i++)
            block[i] = 2;
        for (;;) {
            int v[DERFUL_TEST_CELLS];
            for (int i = 0; i < n - 1; i++) {
                int row = 0;
                for (int j = 0; j < n - 1; j++)
                    row += v[i * n + j] = block[i * (n - 1) + j];
                v[i * n + n - 1] = sum - row;
            }
            for (int j = 0; j < n; j++) {
                int col = 0;
                for (int i = 0; i < n - 1; i++)
                    col += v[i * n + j];
                v[(n - 1) * n + j] = sum - col;
            }
            if (derful_test_is_winning(n, suits, v, sum)) {
                uint64_t least, largest;
                int size;
                derful_test_orbit(n, v, &least, &largest, &size);
                if (count == cap) {
                    cap *= 2;
                    found = realloc(found, cap * sizeof *found);
                    assert_non_null(found);
                }
                found[count++] = (struct derful_test_orbit){least, derful_test_multiset(n, v), sum};
                ++*labelled;
            }
            int k = 0;
            while (k < free_cells && block[k] == 11)
                block[k++] = 2;
            if (k == free_cells)
                break;
            block[k]++;
        }
    }

    qsort(found, count, sizeof *found, derful_test_cmp_orbit);
    uint64_t *multisets = malloc((count ? count : 1) * sizeof *multisets);
    assert_non_null(multisets);
    size_t distinct = 0;
    for (size_t i = 0; i < count; i++) {
        if (i > 0 && found[i].key == found[i - 1].key)
            continue;
        multisets[distinct++] = found[i].multiset;
        c->games_by_sum[found[i].sum]++;
        c->total++;
        if (!c->sum_min)
            c->sum_min = found[i].sum;
        if (found[i].sum < c->sum_min)
            c->sum_min = found[i].sum;
        if (found[i].sum > c->sum_max)
            c->sum_max = found[i].sum;
    }
    qsort(multisets, distinct, sizeof *multisets, derful_test_cmp_u64);
    for (size_t i = 0, run = 0; i < distinct; i++) {
        run = (i > 0 && multisets[i] == multisets[i - 1]) ? run + 1 : 1;
        if (run == 1)
            c->multisets++;
        if (run > c->max_games_per_multiset)
            c->max_games_per_multiset = run;
    }
    free(multisets);
    free(found);
}

/*
 * Runs the enumerator and checks every reported game: winning, dealable,
 * the largest member of its orbit, in no other reported game's orbit, in
 * the documented order, and agreeing with the census.  With 'sizes' it returns the summed orbit sizes
 * (the number of labelled winning matrices, if nothing is missing), else 0.
 */
static unsigned long long derful_test_run_checked(int n, int suits, struct derful_census *c, int sizes)
{
    struct derful_test_games g = {.n = n};
    unsigned long long orbit_total = 0;
    unsigned long long by_sum[DERFUL_ENUM_MAX_SUM] = {0};

    assert_int_equal(derful_enum_count(n, suits, c, derful_test_collect, NULL, &g), 0);
    assert_false(g.bad_n);
    assert_int_equal(c->n, n);
    assert_int_equal(c->suits, suits);
    assert_int_equal(g.count, c->total);

    uint64_t *least = malloc((g.count ? g.count : 1) * sizeof *least);
    assert_non_null(least);
    for (size_t i = 0; i < g.count; i++) {
        uint64_t largest;
        int size = 0;
        assert_true(derful_test_is_winning(n, suits, g.values[i], g.sums[i]));
        derful_test_orbit(n, g.values[i], &least[i], &largest, sizes ? &size : NULL);
        assert_true(largest == derful_test_pack(n, g.values[i]));
        if (sizes)
            orbit_total += (unsigned long long)size;
        by_sum[g.sums[i]]++;
        if (i > 0)                        /* the promised order: S up, then representative down */
            assert_true(g.sums[i] > g.sums[i - 1]
                        || (g.sums[i] == g.sums[i - 1]
                            && derful_test_pack(n, g.values[i]) < derful_test_pack(n, g.values[i - 1])));
    }
    qsort(least, g.count, sizeof *least, derful_test_cmp_u64);
    for (size_t i = 1; i < g.count; i++)
        assert_true(least[i] != least[i - 1]);
    for (int s = 0; s < DERFUL_ENUM_MAX_SUM; s++)
        assert_true(by_sum[s] == c->games_by_sum[s]);
    free(least);
    derful_test_games_free(&g);
    return orbit_total;
}

static void test_rejects_bad_arguments(void **state)
{
    struct derful_census c;
    (void)state;

    assert_int_equal(derful_enum_count(1, 1, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count(5, 4, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count(0, 1, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count(3, 0, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count(3, 5, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count(-3, -1, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count(3, 2, NULL, NULL, NULL, NULL), GA_ERANGE);
}

/* Published: the only 2×2 game with one suit is K Q / J 10, all worth 10. */
static void test_two_by_two_one_suit(void **state)
{
    struct derful_census c;
    struct derful_test_games g = {.n = 2};
    (void)state;

    assert_int_equal(derful_enum_count(2, 1, &c, derful_test_collect, NULL, &g), 0);
    assert_true(c.total == 1);
    assert_true(c.games_by_sum[20] == 1);
    assert_int_equal(c.sum_min, 20);
    assert_int_equal(c.sum_max, 20);
    assert_true(c.multisets == 1);
    assert_true(c.max_games_per_multiset == 1);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.sums[0], 20);
    for (int i = 0; i < 4; i++)
        assert_int_equal(g.values[0][i], 10);
    derful_test_games_free(&g);
}

/* Published: 358 games on 3×3 with two suits, S from 12 to 30, one game per multiset. */
static void test_three_by_three_two_suits(void **state)
{
    struct derful_census c;
    unsigned long long sum = 0;
    (void)state;

    unsigned long long orbit_total = derful_test_run_checked(3, 2, &c, 1);
    assert_true(c.total == 358);
    assert_int_equal(c.sum_min, 12);
    assert_int_equal(c.sum_max, 30);
    assert_true(c.multisets == 358);
    assert_true(c.max_games_per_multiset == 1);
    for (int s = 0; s < DERFUL_ENUM_MAX_SUM; s++) {
        assert_true((s >= 12 && s <= 30) == (c.games_by_sum[s] > 0));
        sum += c.games_by_sum[s];
    }
    assert_true(sum == 358);

    struct derful_census naive;
    unsigned long long labelled;
    derful_test_naive(3, 2, &naive, &labelled);
    assert_true(orbit_total == labelled);
}

static void derful_test_against_naive(int n, int suits)
{
    struct derful_census c, naive;
    unsigned long long labelled;

    unsigned long long orbit_total = derful_test_run_checked(n, suits, &c, 1);
    derful_test_naive(n, suits, &naive, &labelled);
    assert_true(orbit_total == labelled);
    assert_true(c.total == naive.total);
    assert_int_equal(c.sum_min, naive.sum_min);
    assert_int_equal(c.sum_max, naive.sum_max);
    assert_true(c.multisets == naive.multisets);
    assert_true(c.max_games_per_multiset == naive.max_games_per_multiset);
    assert_memory_equal(c.games_by_sum, naive.games_by_sum, sizeof c.games_by_sum);
}

static void test_small_cases_match_brute_force(void **state)
{
    (void)state;
    for (int suits = 1; suits <= 4; suits++) {
        derful_test_against_naive(2, suits);
        derful_test_against_naive(3, suits);
    }
}

/* 2×2 games are a b / b a, so a and b each appear twice: easy to count by hand. */
static void test_two_by_two_by_hand(void **state)
{
    struct derful_census c;
    (void)state;

    assert_int_equal(derful_enum_count(2, 2, &c, NULL, NULL, NULL), 0);
    assert_true(c.total == 45 + 1);       /* any two distinct values, or four tens */
    assert_int_equal(derful_enum_count(2, 4, &c, NULL, NULL, NULL), 0);
    assert_true(c.total == 45 + 10);      /* now any value may fill all four cells */
}

/* One suit has only 13 cards, too few for 16 cells. */
static void test_four_by_four_one_suit_is_empty(void **state)
{
    struct derful_census c;
    (void)state;

    assert_int_equal(derful_enum_count(4, 1, &c, NULL, NULL, NULL), 0);
    assert_true(c.total == 0);
    assert_int_equal(c.sum_min, 0);
    assert_int_equal(c.sum_max, 0);
    assert_true(c.multisets == 0);
    assert_true(c.max_games_per_multiset == 0);
}

/* Too big for the naive enumerator, but every game is still checked against its brute-force orbit. */
static void test_four_by_four_two_suits(void **state)
{
    struct derful_census c;
    (void)state;

    derful_test_run_checked(4, 2, &c, 0);
    assert_true(c.total > 0);
    assert_true(c.max_games_per_multiset > 1);   /* published: 4×4 multisets can hold several games */
}

/*
 * Regression figures for the 4×4 default (three suits), checked once
 * outside this suite: the orbit sizes of these games add up to the number of
 * labelled winning matrices found by a plain cell-by-cell search.
 */
static void test_four_by_four_three_suits(void **state)
{
    struct derful_census c;
    struct derful_test_progress p = {0};
    (void)state;

    assert_int_equal(derful_enum_count(4, 3, &c, NULL, derful_test_progress_note, &p), 0);
    assert_true(c.total == 251212);
    assert_int_equal(c.sum_min, 17);
    assert_int_equal(c.sum_max, 40);
    assert_true(c.games_by_sum[26] == 36250);
    assert_true(c.multisets == 29999);
    assert_true(c.max_games_per_multiset == 178);
    assert_true(p.calls > 1);
    assert_false(p.went_back);
    assert_true(p.last == 1.0);
}

/*
 * A run's games and its progress fractions folded into two FNV-1a hashes,
 * to compare whole runs without storing them; games with S outside
 * [lo, hi] are left out.
 */
struct derful_test_trace {
    int lo, hi;
    uint64_t games_hash, progress_hash;
    unsigned long long games, progress_calls;
};

static uint64_t derful_test_mix(uint64_t hash, uint64_t x)
{
    for (int k = 0; k < 8; k++, x >>= 8)
        hash = (hash ^ (x & 0xff)) * 0x100000001b3u;
    return hash;
}

static void derful_test_trace_game(void *ctx, const int *values, int n, int sum)
{
    struct derful_test_trace *t = ctx;

    if (sum < t->lo || sum > t->hi)
        return;
    t->games++;
    t->games_hash = derful_test_mix(t->games_hash, (uint64_t)sum << 8 | (uint64_t)n);
    for (int i = 0; i < n * n; i++)
        t->games_hash = derful_test_mix(t->games_hash, (uint64_t)values[i]);
}

static void derful_test_trace_progress(void *ctx, double fraction)
{
    struct derful_test_trace *t = ctx;
    uint64_t bits;

    memcpy(&bits, &fraction, sizeof bits);
    t->progress_calls++;
    t->progress_hash = derful_test_mix(t->progress_hash, bits);
}

static struct derful_test_trace derful_test_trace_new(int lo, int hi)
{
    return (struct derful_test_trace){.lo = lo, .hi = hi, .games_hash = 0xcbf29ce484222325u,
                                      .progress_hash = 0xcbf29ce484222325u};
}

static void test_count_sums_rejects_bad_arguments(void **state)
{
    struct derful_census c;
    (void)state;

    assert_int_equal(derful_enum_count_sums(3, 2, 20, 19, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count_sums(5, 4, 49, 45, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count_sums(1, 2, 2, 22, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count_sums(6, 4, 60, 66, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count_sums(5, 0, 45, 49, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count_sums(5, 5, 45, 49, &c, NULL, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_enum_count_sums(5, 4, 45, 49, NULL, NULL, NULL, NULL), GA_ERANGE);
    /* derful_enum_count keeps its n <= 4: the whole 5×5 range would not end */
    assert_int_equal(derful_enum_count(5, 4, &c, NULL, NULL, NULL), GA_ERANGE);
}

/* A range that misses 2n..11n, or sums no deck reaches, is empty rather than an error. */
static void test_count_sums_empty_ranges(void **state)
{
    struct derful_census c;
    struct derful_test_progress p = {0};
    (void)state;

    assert_int_equal(derful_enum_count_sums(4, 3, 50, 60, &c, NULL, derful_test_progress_note, &p), GA_OK);
    assert_int_equal(c.n, 4);
    assert_int_equal(c.suits, 3);
    assert_true(c.total == 0 && c.multisets == 0 && c.max_games_per_multiset == 0);
    assert_int_equal(c.sum_min, 0);
    assert_int_equal(c.sum_max, 0);
    assert_true(p.last == 1.0);
    assert_false(p.went_back);
    assert_int_equal(derful_enum_count_sums(3, 2, INT_MIN, 5, &c, NULL, NULL, NULL), GA_OK);
    assert_true(c.total == 0);
    /* 25 cards of 4 suits add up to at most 4*11 + 16*10 + 4*9 + 8 = 248 < 5*50 */
    assert_int_equal(derful_enum_count_sums(5, 4, 50, INT_MAX, &c, NULL, NULL, NULL), GA_OK);
    assert_true(c.total == 0);
    assert_int_equal(c.sum_max, 0);
    /* 13 cards of one suit cannot fill 25 cells */
    assert_int_equal(derful_enum_count_sums(5, 1, 45, 55, &c, NULL, NULL, NULL), GA_OK);
    assert_true(c.total == 0);
}

/* The full range (or more, clamped) is derful_enum_count itself: census, games, order and progress. */
static void derful_test_full_range_same(int n, int suits, int sum_lo, int sum_hi, unsigned long long total)
{
    struct derful_census whole, ranged;
    struct derful_test_trace a = derful_test_trace_new(INT_MIN, INT_MAX);
    struct derful_test_trace b = derful_test_trace_new(INT_MIN, INT_MAX);

    assert_int_equal(derful_enum_count(n, suits, &whole, derful_test_trace_game,
                                       derful_test_trace_progress, &a), GA_OK);
    assert_int_equal(derful_enum_count_sums(n, suits, sum_lo, sum_hi, &ranged, derful_test_trace_game,
                                            derful_test_trace_progress, &b), GA_OK);
    assert_true(whole.total == total);
    assert_memory_equal(&whole, &ranged, sizeof whole);
    assert_true(a.games == total && b.games == total);
    assert_true(a.games_hash == b.games_hash);
    assert_true(a.progress_calls == b.progress_calls);
    assert_true(a.progress_hash == b.progress_hash);
}

static void test_count_sums_full_range_is_count(void **state)
{
    (void)state;
    derful_test_full_range_same(3, 2, 6, 33, 358);
    derful_test_full_range_same(3, 2, INT_MIN, INT_MAX, 358);
    derful_test_full_range_same(4, 3, 8, 44, 251212);
}

/*
 * Sub-ranges at 4×4, three suits: one band gives the full run's games for
 * its sums (same games, same order) and nothing else; single sums, one run
 * each, add up to the full census.  Different sums never share a multiset
 * (its cards add up to n*S), so the multisets add up too.
 */
static void test_count_sums_sub_ranges(void **state)
{
    struct derful_census whole, band, one;
    struct derful_test_trace a = derful_test_trace_new(24, 30);
    struct derful_test_trace b = derful_test_trace_new(INT_MIN, INT_MAX);
    (void)state;

    assert_int_equal(derful_enum_count(4, 3, &whole, derful_test_trace_game, NULL, &a), GA_OK);
    assert_int_equal(derful_enum_count_sums(4, 3, 24, 30, &band, derful_test_trace_game, NULL, &b), GA_OK);
    unsigned long long band_total = 0;
    for (int s = 0; s < DERFUL_ENUM_MAX_SUM; s++) {
        if (s >= 24 && s <= 30) {
            assert_true(whole.games_by_sum[s] > 0);
            assert_true(band.games_by_sum[s] == whole.games_by_sum[s]);
            band_total += whole.games_by_sum[s];
        } else {
            assert_true(band.games_by_sum[s] == 0);
        }
    }
    assert_true(band.total == band_total);
    assert_true(band.total < whole.total);
    assert_int_equal(band.sum_min, 24);
    assert_int_equal(band.sum_max, 30);
    assert_true(band.multisets > 0 && band.multisets < whole.multisets);
    assert_true(a.games == band_total && b.games == band_total);
    assert_true(a.games_hash == b.games_hash);

    unsigned long long total = 0, multisets = 0, most = 0;
    for (int s = 8; s <= 44; s++) {
        assert_int_equal(derful_enum_count_sums(4, 3, s, s, &one, NULL, NULL, NULL), GA_OK);
        for (int t = 0; t < DERFUL_ENUM_MAX_SUM; t++)
            assert_true(one.games_by_sum[t] == (t == s ? whole.games_by_sum[s] : 0));
        assert_int_equal(one.sum_min, one.total ? s : 0);
        assert_int_equal(one.sum_max, one.total ? s : 0);
        total += one.total;
        multisets += one.multisets;
        if (one.max_games_per_multiset > most)
            most = one.max_games_per_multiset;
    }
    assert_true(total == whole.total);
    assert_true(multisets == whole.multisets);
    assert_true(most == whole.max_games_per_multiset);
}

/*
 * Brute force over all 2(n!)^2 images of v (row order a, column order b,
 * transposed or not), each compared with v cell by cell in row-major
 * order: returns how many images equal v (the stabiliser, so the orbit
 * holds 2(n!)^2 / stabiliser matrices) and sets *beaten if one is larger.
 */
static int derful_test_stabiliser(int n, const int *v, int *beaten)
{
    static int perms[DERFUL_TEST_MAXPERMS][DERFUL_TEST_NMAX];
    static int perms_n;
    int stab = 0;

    if (perms_n != n) {
        derful_test_perms(n, perms);
        perms_n = n;
    }
    int np = 1;
    for (int k = 2; k <= n; k++)
        np *= k;
    *beaten = 0;
    for (int t = 0; t < 2; t++)
        for (int a = 0; a < np; a++)
            for (int b = 0; b < np; b++) {
                int diff = 0;
                for (int cell = 0; cell < n * n && !diff; cell++) {
                    int r = perms[a][cell / n], c = perms[b][cell % n];
                    diff = (t ? v[c * n + r] : v[r * n + c]) - v[cell];
                }
                stab += diff == 0;
                *beaten |= diff > 0;
            }
    return stab;
}

static int derful_test_cmp_cells(int n, const int *x, const int *y)
{
    for (int i = 0; i < n * n; i++)
        if (x[i] != y[i])
            return x[i] > y[i] ? 1 : -1;
    return 0;
}

/* Labelled matrices per value multiset, for the orbit-size sums. */
struct derful_test_multisets {
    size_t count;
    uint64_t key[DERFUL_TEST_MAX_MULTISETS];
    unsigned long long matrices[DERFUL_TEST_MAX_MULTISETS];
    unsigned long long games[DERFUL_TEST_MAX_MULTISETS];
};

static size_t derful_test_multiset_slot(struct derful_test_multisets *m, uint64_t key)
{
    for (size_t i = 0; i < m->count; i++)
        if (m->key[i] == key)
            return i;
    assert_true(m->count < DERFUL_TEST_MAX_MULTISETS);
    m->key[m->count] = key;
    m->matrices[m->count] = m->games[m->count] = 0;
    return m->count++;
}

/*
 * Every labelled winning matrix with line sum 'sum', cell by cell in
 * row-major order (each line kept able to reach its sum, no value beyond
 * the deck): nothing of the enumerator's rows, sorting or orbit test.
 */
struct derful_test_labelled {
    int n, suits, sum;
    int v[DERFUL_TEST_CELLS], row[DERFUL_TEST_NMAX], col[DERFUL_TEST_NMAX], used[12];
    struct derful_test_multisets *sets;
};

static void derful_test_labelled_fill(struct derful_test_labelled *l, int cell)
{
    int n = l->n;

    if (cell == n * n) {
        l->sets->matrices[derful_test_multiset_slot(l->sets, derful_test_multiset(n, l->v))]++;
        return;
    }
    int i = cell / n, j = cell % n, row_left = n - 1 - j, col_left = n - 1 - i;
    /* the values that leave both lines able to reach the sum with their other cells */
    int row_gap = l->sum - l->row[i], col_gap = l->sum - l->col[j];
    int lo = row_gap - 11 * row_left, hi = row_gap - 2 * row_left;
    if (col_gap - 11 * col_left > lo)
        lo = col_gap - 11 * col_left;
    if (col_gap - 2 * col_left < hi)
        hi = col_gap - 2 * col_left;
    if (lo < 2)
        lo = 2;
    if (hi > 11)
        hi = 11;
    for (int v = lo; v <= hi; v++) {
        if (l->used[v] == derful_test_cap(v, l->suits))
            continue;
        l->v[cell] = v;
        l->row[i] += v;
        l->col[j] += v;
        l->used[v]++;
        derful_test_labelled_fill(l, cell + 1);
        l->row[i] -= v;
        l->col[j] -= v;
        l->used[v]--;
    }
}

/*
 * One top sum at 5×5 with four suits: every game reported wins, fits the
 * deck and is, by brute force over its 28,800 images, the largest member
 * of its orbit; they come in strictly decreasing order, so no two are
 * equal, and as each is its orbit's largest member no two share an orbit.
 * The census agrees with the games.  With 'labelled', the orbit sizes of
 * the games of each multiset add up to the labelled matrices the plain
 * search finds for it: no game is missing.
 */
static void derful_test_five_by_five(int sum, unsigned long long expected, int labelled)
{
    struct derful_census c;
    struct derful_test_games g = {.n = 5};
    struct derful_test_multisets *sets = calloc(1, sizeof *sets);
    unsigned long long orbit_total = 0;

    assert_non_null(sets);
    assert_int_equal(derful_enum_count_sums(5, 4, sum, sum, &c, derful_test_collect, NULL, &g), GA_OK);
    assert_false(g.bad_n);
    assert_int_equal(c.n, 5);
    assert_int_equal(c.suits, 4);
    assert_true(c.total == expected);
    assert_true(g.count == c.total);
    for (int s = 0; s < DERFUL_ENUM_MAX_SUM; s++)
        assert_true(c.games_by_sum[s] == (s == sum ? expected : 0));
    assert_int_equal(c.sum_min, sum);
    assert_int_equal(c.sum_max, sum);
    for (size_t k = 0; k < g.count; k++) {
        int beaten;
        assert_int_equal(g.sums[k], sum);
        assert_true(derful_test_is_winning(5, 4, g.values[k], sum));
        int stab = derful_test_stabiliser(5, g.values[k], &beaten);
        assert_false(beaten);
        assert_true(stab >= 1 && 28800 % stab == 0);
        if (k > 0)
            assert_true(derful_test_cmp_cells(5, g.values[k], g.values[k - 1]) < 0);
        size_t slot = derful_test_multiset_slot(sets, derful_test_multiset(5, g.values[k]));
        sets->games[slot]++;
        sets->matrices[slot] += (unsigned long long)(28800 / stab);
        orbit_total += (unsigned long long)(28800 / stab);
    }
    unsigned long long most = 0;
    for (size_t k = 0; k < sets->count; k++)
        if (sets->games[k] > most)
            most = sets->games[k];
    assert_true(c.multisets == sets->count);
    assert_true(c.max_games_per_multiset == most);

    if (labelled) {
        struct derful_test_multisets *plain = calloc(1, sizeof *plain);
        struct derful_test_labelled l = {.n = 5, .suits = 4, .sum = sum, .sets = plain};
        assert_non_null(plain);
        derful_test_labelled_fill(&l, 0);
        unsigned long long plain_total = 0;
        assert_true(plain->count == sets->count);
        for (size_t k = 0; k < plain->count; k++) {
            size_t slot = derful_test_multiset_slot(sets, plain->key[k]);
            assert_true(slot < plain->count);        /* a multiset the enumerator missed is a failure */
            assert_true(sets->matrices[slot] == plain->matrices[k]);
            plain_total += plain->matrices[k];
        }
        assert_true(plain_total == orbit_total);
        free(plain);
    }
    free(sets);
    derful_test_games_free(&g);
}

/*
 * The 5×5 top sums with four suits, the band an exact counting method is
 * checked against.  S = 49 needs 245 of the 248 that the 25 dearest cards
 * make.  The plain labelled search confirms S = 49 (162,000 labelled
 * matrices, 5 multisets) and S = 48 (2,950,800, 21 multisets; a few
 * seconds); S = 47 gets every check but that one.
 */
static void test_five_by_five_top_sums(void **state)
{
    (void)state;
    derful_test_five_by_five(49, 16, 1);
    derful_test_five_by_five(48, 159, 1);
    derful_test_five_by_five(47, 1385, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rejects_bad_arguments),
        cmocka_unit_test(test_two_by_two_one_suit),
        cmocka_unit_test(test_three_by_three_two_suits),
        cmocka_unit_test(test_small_cases_match_brute_force),
        cmocka_unit_test(test_two_by_two_by_hand),
        cmocka_unit_test(test_four_by_four_one_suit_is_empty),
        cmocka_unit_test(test_four_by_four_two_suits),
        cmocka_unit_test(test_four_by_four_three_suits),
        cmocka_unit_test(test_count_sums_rejects_bad_arguments),
        cmocka_unit_test(test_count_sums_empty_ranges),
        cmocka_unit_test(test_count_sums_full_range_is_count),
        cmocka_unit_test(test_count_sums_sub_ranges),
        cmocka_unit_test(test_five_by_five_top_sums),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
