/* cli/runner/number.h — numbers written into the output files, as printf writes them but faster. */
#ifndef GA_CLI_RUNNER_NUMBER_H
#define GA_CLI_RUNNER_NUMBER_H

#include <stddef.h>
#include <stdio.h>

/* The longest text number_g10 writes, with its NUL. */
#define NUMBER_G10_MAX 32

/* Writes x into buf exactly as snprintf(buf, NUMBER_G10_MAX, "%.10g", x)
 * does (round to nearest, the default mode); returns its length. */
size_t number_g10(char *buf, double x);

/* Writes x into buf exactly as snprintf(buf, NUMBER_G10_MAX, "%.6f", x)
 * does for |x| < 1e9 (diversities and shares: in [0, 1]); returns its
 * length, 0 for a number too large for buf. */
size_t number_f6(char *buf, double x);

/* The longest text number_u writes, with its NUL. */
#define NUMBER_U_MAX 21

/* Writes x into buf exactly as snprintf(buf, NUMBER_U_MAX, "%llu", x)
 * does; returns its length. */
size_t number_u(char *buf, unsigned long long x);

/* fputs of number_g10's text. */
void number_put_g10(FILE *fp, double x);

/* fputs of number_f6's text. */
void number_put_f6(FILE *fp, double x);

/* The n values of v, each followed by a comma: part of a CSV row. */
void number_put_g10_each(FILE *fp, const double *v, size_t n);

#endif
