/* bench/pareto.c — CPU seconds of ga_pareto_rank, ga_indicator_hv (gaexp/pareto.h, indicator.h) and nsga3_select (ga/nsga3.h): `make bench-pareto`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <gsl/gsl_rng.h>

#include "ga/nsga3.h"
#include "gaexp/indicator.h"
#include "gaexp/pareto.h"

enum shape { RANDOM, FRONT };

/* n points in [0, 1)^m: uniform, or on the unit sphere's positive part (all
 * mutually non-dominated, the hard case for every algorithm here). */
static double *points(size_t n, size_t m, enum shape shape, unsigned long seed)
{
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    double *f = malloc(n * m * sizeof *f);
    if (!r || !f) {
        fprintf(stderr, "bench/pareto: out of memory\n");
        exit(1);
    }
    gsl_rng_set(r, seed);
    for (size_t i = 0; i < n; i++) {
        double norm = 0.0;
        for (size_t j = 0; j < m; j++) {
            f[i * m + j] = gsl_rng_uniform_pos(r);
            norm += f[i * m + j] * f[i * m + j];
        }
        for (size_t j = 0; shape == FRONT && j < m; j++)
            f[i * m + j] /= sqrt(norm);
    }
    gsl_rng_free(r);
    return f;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *x, int n)
{
    qsort(x, (size_t)n, sizeof *x, by_value);
    return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2.0;
}

static const char *shape_name(enum shape s)
{
    return s == RANDOM ? "random in the cube" : "one front (sphere)";
}

static void rank_row(size_t n, size_t m, enum shape shape, int reps)
{
    double *f = points(n, m, shape, 1000 + n + m);
    size_t *rank = malloc(n * sizeof *rank), fronts = 0;
    struct ga_pareto *p = ga_pareto_alloc(n, m);
    double t[64];
    if (!rank || !p) {
        fprintf(stderr, "bench/pareto: out of memory\n");
        exit(1);
    }
    for (int k = 0; k < reps; k++) {
        double start = cpu_seconds();
        fronts = ga_pareto_rank(p, f, n, rank);
        t[k] = cpu_seconds() - start;
    }
    printf("| ga_pareto_rank | %zu | %zu | %s | %zu fronts | %d | %.4f |\n", m, n, shape_name(shape), fronts, reps,
           median(t, reps));
    fflush(stdout);
    ga_pareto_free(p);
    free(rank);
    free(f);
}

static void hv_row(size_t n, size_t m, enum shape shape, int reps)
{
    double *f = points(n, m, shape, 2000 + n + m), ref[16], t[64], hv = 0.0;
    for (size_t j = 0; j < m; j++)
        ref[j] = 1.1;
    for (int k = 0; k < reps; k++) {
        double start = cpu_seconds();
        hv = ga_indicator_hv(f, n, m, ref);
        t[k] = cpu_seconds() - start;
    }
    printf("| ga_indicator_hv | %zu | %zu | %s | hv %.6f | %d | %.4f |\n", m, n, shape_name(shape), hv, reps,
           median(t, reps));
    fflush(stdout);
    free(f);
}

/* nsga3_select keeping half of n points, their ranks computed ahead (not
 * timed), with the directions of H divisions; r seeded afresh each call. */
static void nsga3_row(size_t n, size_t m, enum shape shape, size_t h, int reps)
{
    double *f = points(n, m, shape, 3000 + n + m);
    size_t ndirs = nsga3_directions_count(m, h, 0), fronts, keep = n / 2;
    size_t *rank = malloc(n * sizeof *rank), *chosen = malloc(keep * sizeof *chosen);
    double *dirs = malloc(ndirs * m * sizeof *dirs), t[64];
    struct ga_pareto *p = ga_pareto_alloc(n, m);
    struct nsga3 *s = nsga3_alloc(n, m, ndirs);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    if (!rank || !chosen || !dirs || !p || !s || !r) {
        fprintf(stderr, "bench/pareto: out of memory\n");
        exit(1);
    }
    nsga3_directions(m, h, 0, dirs);
    fronts = ga_pareto_rank(p, f, n, rank);
    for (int k = 0; k < reps; k++) {
        gsl_rng_set(r, 1);
        double start = cpu_seconds();
        nsga3_select(s, f, n, rank, keep, dirs, ndirs, r, chosen);
        t[k] = cpu_seconds() - start;
    }
    printf("| nsga3_select | %zu | %zu | %s | keep %zu of %zu fronts, H = %zu: %zu directions | %d | %.4f |\n", m, n,
           shape_name(shape), keep, fronts, h, ndirs, reps, median(t, reps));
    fflush(stdout);
    gsl_rng_free(r);
    nsga3_free(s);
    ga_pareto_free(p);
    free(dirs);
    free(chosen);
    free(rank);
    free(f);
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 7;
    if (reps < 1 || reps > 64) {
        fprintf(stderr, "usage: bench/pareto [REPS]   (1 to 64 timed calls per row; default 7)\n");
        return 2;
    }
    printf("| function | m | n | points | result | calls | CPU s (median) |\n|---|---:|---:|---|---|---:|---:|\n");
    for (size_t m = 2; m <= 3; m++)
        for (size_t n = 10000; n <= 100000; n *= 10)
            for (int s = RANDOM; s <= FRONT; s++)
                rank_row(n, m, (enum shape)s, reps);
    rank_row(10000, 5, RANDOM, reps);
    rank_row(10000, 5, FRONT, reps);
    for (size_t n = 10000; n <= 1000000; n *= 10)
        hv_row(n, 2, FRONT, reps);
    for (size_t n = 1000; n <= 100000; n *= 10)
        hv_row(n, 3, FRONT, reps);
    hv_row(100000, 3, RANDOM, reps);
    const size_t four[] = {100, 1000, 3000}, five[] = {100, 300, 1000}, six[] = {50, 100, 300};
    for (size_t i = 0; i < 3; i++)
        hv_row(four[i], 4, FRONT, reps);
    hv_row(10000, 4, RANDOM, reps);
    for (size_t i = 0; i < 3; i++)
        hv_row(five[i], 5, FRONT, reps);
    for (size_t i = 0; i < 3; i++)
        hv_row(six[i], 6, FRONT, reps);
    /* NSGA-III: 91 directions (m = 3, H = 12, Deb and Jain's setting), then
     * about as many directions as points kept (association costs n x directions). */
    for (size_t n = 1000; n <= 100000; n *= 10)
        for (int s = RANDOM; s <= FRONT; s++)
            nsga3_row(n, 3, (enum shape)s, 12, reps);
    const size_t half[] = {30, 99, 315}; /* C(H + 2, 2) = 496, 5050, 50086 */
    for (size_t i = 0, n = 1000; i < 3; i++, n *= 10)
        nsga3_row(n, 3, FRONT, half[i], n < 100000 ? reps : 1);
    return 0;
}
