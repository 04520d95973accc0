/* tests/test_number.c — number_g10 and number_f6 write every double as
 * printf's "%.10g" and "%.6f" do (number_u as "%llu"): fitness values (integers, means of
 * integers), values around each power of ten and each rounding tie, signs,
 * zeros, infinities, NaN, and random doubles over the magnitudes the files hold. */
#include "tests/testlib.h"

#include <math.h>
#include <stdlib.h>

#include "cli/runner/number.h"

static unsigned long number_mismatches;

/* Counts (and shows the first ten of) the values where the fast writer
 * 'name' differs from printf. */
static void number_compare(double x, const char *name, const char *fast, size_t len, const char *slow)
{
    if ((strcmp(fast, slow) != 0 || len != strlen(slow)) && number_mismatches++ < 10)
        print_error("%.17g: %s wrote '%s', printf '%s'\n", x, name, fast, slow);
}

static void number_check(double x)
{
    char fast[NUMBER_G10_MAX], slow[NUMBER_G10_MAX];
    size_t len = number_g10(fast, x);
    snprintf(slow, sizeof slow, "%.10g", x);
    number_compare(x, "number_g10", fast, len, slow);
}

static void number_check_f6(double x)
{
    char fast[NUMBER_G10_MAX], slow[NUMBER_G10_MAX];
    size_t len = number_f6(fast, x);
    snprintf(slow, sizeof slow, "%.6f", x);
    number_compare(x, "number_f6", fast, len, slow);
}

static void number_check_both(double x)
{
    number_check(x);
    number_check(-x);
    if (fabs(x) < 1e9) {
        number_check_f6(x);
        number_check_f6(-x);
    }
}

/* number_u against "%llu": 0, every power of ten and its neighbours, the
 * largest value, and random values of every length. */
static void test_unsigned(void **state)
{
    (void)state;
    unsigned long long cases[64 + 200];
    size_t count = 0;
    cases[count++] = 0;
    cases[count++] = ~0ULL;
    for (unsigned long long p = 1; p <= 10000000000000000000ULL; p *= 10) {
        cases[count++] = p - 1;
        cases[count++] = p;
        cases[count++] = p + 1;
        if (p == 10000000000000000000ULL)
            break;
    }
    unsigned long long x = 88172645463325252ULL;
    for (int i = 0; i < 200; i++) { /* xorshift64, shifted right by 0..63 for every length */
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        cases[count++] = x >> (i % 64);
    }
    for (size_t i = 0; i < count; i++) {
        char fast[NUMBER_U_MAX], slow[NUMBER_U_MAX];
        size_t len = number_u(fast, cases[i]);
        snprintf(slow, sizeof slow, "%llu", cases[i]);
        assert_int_equal(len, strlen(slow));
        assert_string_equal(fast, slow);
    }
}

static void test_special_values(void **state)
{
    (void)state;
    number_mismatches = 0;
    const double values[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, 36.0, 0.5, 0.25, 1e-4, 1e-5, 9.99e-5,
                             1e10, 9999999999.0, 9999999999.4, 9999999999.5, 9999999999.6, 1234567890.5,
                             123456789.05, 0.1, 0.2, 0.3, 1.0 / 3.0, 2.0 / 3.0, 1e15, 1e-300, 5e-324,
                             1.7976931348623157e308, 4.35, 0.000123456789012345};
    for (size_t i = 0; i < sizeof values / sizeof *values; i++)
        number_check_both(values[i]);
    assert_int_equal(number_mismatches, 0);
}

/* Integers and means of integers: what best, worst and mean are for the puzzles. */
static void test_fitness_values(void **state)
{
    (void)state;
    number_mismatches = 0;
    for (long i = 0; i < 100000; i++)
        number_check_both((double)i);
    for (long k = 0; k < 100000; k++) {
        number_check_both((double)k / 1000.0);
        number_check_both((double)k / 7.0);
        number_check_both((double)k / 100000.0);
    }
    assert_int_equal(number_mismatches, 0);
}

/* Around every power of ten and every decimal tie at the tenth digit. */
static void test_edges(void **state)
{
    (void)state;
    number_mismatches = 0;
    for (int e = -6; e <= 11; e++) {
        double p = pow(10.0, e), x = p;
        for (int k = 0; k < 64; k++, x = nextafter(x, 0))
            number_check_both(x);
        x = p;
        for (int k = 0; k < 64; k++, x = nextafter(x, INFINITY))
            number_check_both(x);
        /* d.ddddddddd5 * 10^e: a tie in decimal, near one in binary. */
        for (long m = 1000000000; m < 1000000000 + 2000; m++) {
            double tie = ((double)m + 0.5) * pow(10.0, e - 9);
            number_check_both(tie);
            number_check_both(nextafter(tie, 0));
            number_check_both(nextafter(tie, INFINITY));
        }
    }
    /* x.xxxxxx5: the ties of "%.6f" */
    for (long m = 0; m < 2000000; m += 11) {
        double tie = ((double)m + 0.5) / 1e6;
        number_check_both(tie);
        number_check_both(nextafter(tie, 0));
        number_check_both(nextafter(tie, INFINITY));
    }
    assert_int_equal(number_mismatches, 0);
}

static void test_random_doubles(void **state)
{
    (void)state;
    number_mismatches = 0;
    gsl_rng *r = test_rng_alloc(17);
    for (long i = 0; i < 300000; i++) {
        double mantissa = gsl_rng_uniform(r), exponent = -7.0 + 19.0 * gsl_rng_uniform(r);
        number_check_both(mantissa * pow(10.0, exponent));
    }
    gsl_rng_free(r);
    assert_int_equal(number_mismatches, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unsigned),
        cmocka_unit_test(test_special_values),
        cmocka_unit_test(test_fitness_values),
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_random_doubles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
