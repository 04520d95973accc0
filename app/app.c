/* app/app.c — messages, option numbers and the clock of the program. */
#include "app/app.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void app_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gaexp: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void app_print_diag(const struct ga_diag *d)
{
    char line[2048];
    for (size_t i = 0; i < d->count; i++) {
        ga_diag_format(&d->entries[i], line, sizeof line);
        fprintf(stderr, "gaexp: %s\n", line);
    }
    if (d->dropped)
        fprintf(stderr, "gaexp: ... and %zu more\n", d->dropped);
}

bool app_parse_long(const char *option, const char *text, long long min, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end || v < min || v > max) {
        app_error("%s: expected an integer in [%lld, %lld], got '%s'", option, min, max, text);
        return false;
    }
    *out = v;
    return true;
}

bool app_parse_double(const char *option, const char *text, double min, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !(v >= min && v <= max)) {
        app_error("%s: expected a number in [%g, %g], got '%s'", option, min, max, text);
        return false;
    }
    *out = v;
    return true;
}

bool app_parse_range(const char *option, const char *text, long long min, long long max, long long *low,
                     long long *high)
{
    const char *dots = strstr(text, "..");
    char first[32];
    if (!dots || (size_t)(dots - text) >= sizeof first) {
        app_error("%s: expected LOW..HIGH with integers in [%lld, %lld], got '%s'", option, min, max, text);
        return false;
    }
    snprintf(first, sizeof first, "%.*s", (int)(dots - text), text);
    if (!app_parse_long(option, first, min, max, low) || !app_parse_long(option, dots + 2, min, max, high))
        return false;
    if (*low > *high) {
        app_error("%s: LOW must not exceed HIGH, got '%s'", option, text);
        return false;
    }
    return true;
}

double app_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

bool app_is_stdout(const char *path)
{
    return strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0;
}
