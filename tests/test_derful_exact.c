/* tests/test_derful_exact.c — the exact 31-derful count against the enumerator, brute-force Burnside and itself */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <omp.h>
#include <string.h>

#include "problems/derful/derful_enum.h"
#include "problems/derful/derful_exact.h"

/* The exact count equals the enumerator's for every S, and in total. */
static void exact_equals_enumeration(int n, int suits)
{
    struct derful_census census;
    struct derful_exact exact;

    assert_int_equal(derful_enum_count(n, suits, &census, NULL, NULL, NULL), GA_OK);
    assert_int_equal(derful_exact_count(n, suits, 0, DERFUL_ENUM_MAX_SUM - 1, &exact, NULL, NULL), GA_OK);
    for (int s = 0; s < DERFUL_ENUM_MAX_SUM; s++)
        assert_int_equal(exact.games_by_sum[s], census.games_by_sum[s]);
    assert_int_equal(exact.total, census.total);
    assert_int_equal(exact.sum_min, census.sum_min);
    assert_int_equal(exact.sum_max, census.sum_max);
}

static void test_published_figures(void **state)
{
    (void)state;
    struct derful_exact e;
    assert_int_equal(derful_exact_count(2, 1, 0, 100, &e, NULL, NULL), GA_OK);
    assert_int_equal(e.total, 1);
    assert_int_equal(e.games_by_sum[20], 1);
    assert_int_equal(derful_exact_count(3, 2, 0, 100, &e, NULL, NULL), GA_OK);
    assert_int_equal(e.total, 358);
    assert_int_equal(e.sum_min, 12);
    assert_int_equal(e.sum_max, 30);
    assert_int_equal(derful_exact_count(4, 3, 0, 100, &e, NULL, NULL), GA_OK);
    assert_int_equal(e.total, 251212);
}

static void test_equals_enumeration(void **state)
{
    (void)state;
    for (int suits = 1; suits <= 4; suits++) {
        exact_equals_enumeration(2, suits);
        exact_equals_enumeration(3, suits);
    }
    exact_equals_enumeration(4, 2);
    exact_equals_enumeration(4, 3);
}

/* All permutations of 0..n-1. */
static int exact_test_perms(int n, int perms[][DERFUL_EXACT_MAX_N])
{
    int p[DERFUL_EXACT_MAX_N], count = 0;
    for (int i = 0; i < n; i++)
        p[i] = i;
    for (;;) {
        memcpy(perms[count++], p, sizeof p);
        int i = n - 2;
        while (i >= 0 && p[i] >= p[i + 1])
            i--;
        if (i < 0)
            return count;
        int j = n - 1;
        while (p[j] <= p[i])
            j--;
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
        for (int a = i + 1, b = n - 1; a < b; a++, b--) {
            t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
    }
}

/*
 * Burnside by brute force over the group: every one of the 2(n!)^2
 * symmetries counted orbit by orbit (no classes, no halves), summed and
 * divided by |G|, gives the count the classes give; and for every symmetry
 * without transposition the two methods of counting its fixed grids agree.
 */
static void exact_brute_burnside(int n, int suits, int sum)
{
    static int perms[120][DERFUL_EXACT_MAX_N];
    int np = exact_test_perms(n, perms);
    long long all = 0;

    for (int t = 0; t < 2; t++)
        for (int a = 0; a < np; a++)
            for (int b = 0; b < np; b++) {
                long long by_cells = derful_exact_fixed(n, suits, sum, perms[a], perms[b], t, 1);
                assert_true(by_cells >= 0);
                if (!t)
                    assert_int_equal(derful_exact_fixed(n, suits, sum, perms[a], perms[b], t, 0), by_cells);
                all += by_cells;
            }
    struct derful_exact e;
    assert_int_equal(derful_exact_count(n, suits, sum, sum, &e, NULL, NULL), GA_OK);
    assert_int_equal(all % (2LL * np * np), 0);
    assert_int_equal(all / (2LL * np * np), e.games_by_sum[sum]);
    assert_int_equal(derful_exact_fixed(n, suits, sum, perms[0], perms[0], 0, 0), e.labelled_by_sum[sum]);
}

static void test_brute_burnside(void **state)
{
    (void)state;
    for (int s = 12; s <= 30; s++)
        exact_brute_burnside(3, 2, s);
    exact_brute_burnside(4, 3, 24);
    exact_brute_burnside(4, 3, 31);
    exact_brute_burnside(4, 3, 38);
}

/*
 * At n = 5 the two methods agree on one symmetry of every pair of cycle
 * types but the identity (whose orbit-by-orbit table is too large), at a
 * sum with many grids (the next largest, one swap, at a smaller S).
 */
static void test_methods_agree_at_5(void **state)
{
    (void)state;
    static const int types[7][5] = {
        {0, 1, 2, 3, 4}, {1, 0, 2, 3, 4}, {1, 0, 3, 2, 4}, {1, 2, 0, 3, 4},
        {1, 2, 0, 4, 3}, {1, 2, 3, 0, 4}, {1, 2, 3, 4, 0},
    };
    for (int a = 0; a < 7; a++)
        for (int b = a; b < 7; b++) {
            if (a == 0 && b == 0)
                continue;                 /* the identity: too large orbit by orbit */
            int sum = a == 0 && b == 1 ? 44 : 40;
            long long by_rows = derful_exact_fixed(5, 4, sum, types[a], types[b], 0, 0);
            long long by_cells = derful_exact_fixed(5, 4, sum, types[a], types[b], 0, 1);
            assert_true(by_rows >= 0);
            assert_int_equal(by_rows, by_cells);
        }
}

/* The top sums of 5×5, against counts a direct enumeration of canonical grids gives. */
static void test_top_sums_at_5(void **state)
{
    (void)state;
    struct derful_exact e;
    assert_int_equal(derful_exact_count(5, 4, 45, 49, &e, NULL, NULL), GA_OK);
    struct derful_census census;
    assert_int_equal(derful_enum_count_sums(5, 4, 45, 49, &census, NULL, NULL, NULL), GA_OK);
    for (int s = 45; s <= 49; s++)
        assert_int_equal(e.games_by_sum[s], census.games_by_sum[s]);
    assert_int_equal(e.total, census.total);
    assert_int_equal(e.games_by_sum[49], 16);
}

/* The same counts with one thread and with four. */
static void test_threads(void **state)
{
    (void)state;
    struct derful_exact one, four;
    omp_set_num_threads(1);
    assert_int_equal(derful_exact_count(4, 3, 0, 100, &one, NULL, NULL), GA_OK);
    omp_set_num_threads(4);
    assert_int_equal(derful_exact_count(4, 3, 0, 100, &four, NULL, NULL), GA_OK);
    assert_memory_equal(one.games_by_sum, four.games_by_sum, sizeof one.games_by_sum);
    assert_memory_equal(one.labelled_by_sum, four.labelled_by_sum, sizeof one.labelled_by_sum);
}

struct exact_test_progress {
    int calls, went_back;
    double last;
};

static void exact_test_progress(void *ctx, double fraction)
{
    struct exact_test_progress *p = ctx;
    if (fraction < p->last || fraction > 1)
        p->went_back = 1;
    p->last = fraction;
    p->calls++;
}

static void test_progress_and_arguments(void **state)
{
    (void)state;
    struct derful_exact e;
    struct exact_test_progress p = {0};
    assert_int_equal(derful_exact_count(3, 2, 0, 100, &e, exact_test_progress, &p), GA_OK);
    assert_true(p.calls > 1);
    assert_false(p.went_back);
    assert_true(p.last == 1.0);

    assert_int_equal(derful_exact_count(6, 4, 0, 100, &e, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_exact_count(1, 1, 0, 100, &e, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_exact_count(3, 5, 0, 100, &e, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_exact_count(3, 2, 40, 50, &e, NULL, NULL), GA_ERANGE);   /* above 11n */
    assert_int_equal(derful_exact_count(3, 2, 20, 10, &e, NULL, NULL), GA_ERANGE);
    assert_int_equal(derful_exact_count(3, 2, 0, 100, NULL, NULL, NULL), GA_ERANGE);
    /* a range without games is a valid answer: none */
    assert_int_equal(derful_exact_count(3, 2, 31, 33, &e, NULL, NULL), GA_OK);
    assert_int_equal(e.total, 0);
    assert_int_equal(e.sum_min, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_figures),
        cmocka_unit_test(test_equals_enumeration),
        cmocka_unit_test(test_brute_burnside),
        cmocka_unit_test(test_methods_agree_at_5),
        cmocka_unit_test(test_top_sums_at_5),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_progress_and_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
