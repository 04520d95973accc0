/* cli/runner/number.c — "%.10g" without printf: the CSV files hold a few numbers per
 * generation, and glibc's exact float formatting was most of a small run's
 * user time outside the loop (bench/RESULTS.md).  Values whose ten digits
 * are certain from one exact scaling take the fast path; the rest (ties,
 * exponent notation, infinities, NaN) go to snprintf. */
#include "config.h"

#include "cli/runner/number.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* 10^0 .. 10^13: every one exact in a double. */
static const double number_pow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6,
                                      1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13};

/* The ten significant digits of ax (1e-4 <= ax < 1e10) in *digits, and its
 * decimal exponent; false when the rounding is not certain. */
static bool number_digits(double ax, uint64_t *digits, int *exponent)
{
    int e = 9;
    while (e > 0 && ax < number_pow10[e])
        e--;
    while (e <= 0 && e > -4 && ax < 1.0 / number_pow10[-e]) /* below 1: 0.1 .. 0.0001, as close as a double gets */
        e--;
    /* ax * 10^(9-e) lies in [1e9, 1e10): one rounding, an error below 2e-6. */
    double scaled = ax * number_pow10[9 - e], whole = floor(scaled), frac = scaled - whole;
    if (fabs(frac - 0.5) < 1e-4)
        return false;
    uint64_t n = (uint64_t)whole + (frac > 0.5);
    if (n == 10000000000u) { /* 9.9999999996 -> 10.00000000 */
        n = 1000000000u;
        e++;
    }
    if (n < 1000000000u || n >= 10000000000u || e >= 10)
        return false;
    *digits = n;
    *exponent = e;
    return true;
}

size_t number_g10(char *buf, double x)
{
    double ax = fabs(x);
    uint64_t n;
    int e;
    if (!(ax >= 1e-4 && ax < 1e10) || !number_digits(ax, &n, &e)) {
        if (x == 0) /* "0" or "-0" */
            return (size_t)snprintf(buf, NUMBER_G10_MAX, "%s", signbit(x) ? "-0" : "0");
        int len = snprintf(buf, NUMBER_G10_MAX, "%.10g", x);
        return len > 0 ? (size_t)len : 0;
    }
    char d[10];
    for (int i = 9; i >= 0; i--, n /= 10)
        d[i] = (char)('0' + n % 10);
    int last = 9; /* %g drops the fraction's trailing zeros */
    while (last > 0 && last > e && d[last] == '0')
        last--;
    size_t len = 0;
    if (x < 0)
        buf[len++] = '-';
    if (e >= 0) {
        memcpy(buf + len, d, (size_t)e + 1);
        len += (size_t)e + 1;
        if (last > e) {
            buf[len++] = '.';
            memcpy(buf + len, d + e + 1, (size_t)(last - e));
            len += (size_t)(last - e);
        }
    } else {
        buf[len++] = '0';
        buf[len++] = '.';
        for (int i = -1; i > e; i--)
            buf[len++] = '0';
        memcpy(buf + len, d, (size_t)last + 1);
        len += (size_t)last + 1;
    }
    buf[len] = '\0';
    return len;
}

size_t number_u(char *buf, unsigned long long x)
{
    char digits[20];
    size_t len = 0;
    do { /* the last digit first */
        digits[len++] = (char)('0' + x % 10);
        x /= 10;
    } while (x);
    for (size_t i = 0; i < len; i++)
        buf[i] = digits[len - 1 - i];
    buf[len] = '\0';
    return len;
}

size_t number_f6(char *buf, double x)
{
    double ax = fabs(x);
    /* below 1000, ax * 10^6 carries an error below 1e-7: six decimals certain away from a tie */
    double scaled = ax * 1e6, whole = floor(scaled), frac = scaled - whole;
    if (!(ax < 1000) || fabs(frac - 0.5) < 1e-4) {
        int len = snprintf(buf, NUMBER_G10_MAX, "%.6f", x);
        return len > 0 && len < NUMBER_G10_MAX ? (size_t)len : 0;
    }
    uint64_t n = (uint64_t)whole + (frac > 0.5), fp = n % 1000000;
    size_t len = 0;
    if (signbit(x))
        buf[len++] = '-';
    len += number_u(buf + len, n / 1000000);
    buf[len++] = '.';
    for (int i = 5; i >= 0; i--, fp /= 10)
        buf[len + (size_t)i] = (char)('0' + fp % 10);
    len += 6;
    buf[len] = '\0';
    return len;
}

void number_put_g10(FILE *fp, double x)
{
    char buf[NUMBER_G10_MAX];
    fwrite(buf, 1, number_g10(buf, x), fp);
}

void number_put_f6(FILE *fp, double x)
{
    char buf[NUMBER_G10_MAX];
    size_t len = number_f6(buf, x);
    if (len)
        fwrite(buf, 1, len, fp);
    else
        fprintf(fp, "%.6f", x);
}

void number_put_g10_each(FILE *fp, const double *v, size_t n)
{
    char buf[NUMBER_G10_MAX * 8];
    for (size_t i = 0; i < n;) {
        size_t len = 0;
        for (; i < n && len + NUMBER_G10_MAX < sizeof buf; i++) {
            len += number_g10(buf + len, v[i]);
            buf[len++] = ',';
        }
        fwrite(buf, 1, len, fp);
    }
}
