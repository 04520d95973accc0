/* bench/batch.c — nanoseconds per evaluation, one genome a call (evaluate) against a block
 * (evaluate_batch), for the problems that have both: `make bench-batch`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gaexp/gaexp.h"

/* examples/batch/ones.c, built into this program: its entry point registers 'ones'. */
int gaexp_plugin_register(struct ga_registry *reg, unsigned abi);

enum { BENCH_BLOCK = 64, BENCH_REPS = 7 }; /* the core's blocks: 64 in generation 0, up to 64 children later */

static double bench_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int bench_by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void bench_fail(const char *what)
{
    fprintf(stderr, "bench/batch: %s\n", what);
    exit(1);
}

/* Median over BENCH_REPS of the ns per evaluation of 'rounds' passes over the block. */
static double bench_time(const struct ga_problem *p, const struct ga_genome *gen, const ga_gene *block,
                         size_t stride, double *fitness, unsigned long rounds, bool batch)
{
    double t[BENCH_REPS];
    for (int k = 0; k < BENCH_REPS; k++) {
        double start = bench_seconds();
        for (unsigned long round = 0; round < rounds; round++) {
            if (batch)
                ga_problem_evaluate_batch(p)(gen, block, stride, BENCH_BLOCK, fitness);
            else
                for (size_t i = 0; i < BENCH_BLOCK; i++)
                    fitness[i] = p->evaluate(gen, block + i * stride);
            __asm__ volatile("" : : "r"(fitness) : "memory"); /* the results are used */
        }
        t[k] = (bench_seconds() - start) * 1e9 / ((double)rounds * BENCH_BLOCK);
    }
    qsort(t, BENCH_REPS, sizeof *t, bench_by_value);
    return t[BENCH_REPS / 2];
}

static void bench_row(const struct ga_catalog *cat, const char *label, const char *text)
{
    struct ga_diag diag = {0};
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    struct ga_experiment *e = cfg && ga_cfg_load_string(cfg, "bench", text) ? ga_experiment_alloc(cfg, cat, 1, NULL)
                                                                            : NULL;
    if (!e || !ga_problem_evaluate_batch(e->problem))
        bench_fail(text);
    const struct ga_problem *p = e->problem;
    struct ga_genome gen = ga_problem_genome(p, e->state);
    size_t stride = ga_genome_stride(gen.len);
    ga_gene *block = aligned_alloc(GA_GENOME_LINE, BENCH_BLOCK * stride * sizeof *block);
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    if (!block || !r)
        bench_fail("out of memory");
    memset(block, 0, BENCH_BLOCK * stride * sizeof *block); /* the padding is zero, as in a run */
    gsl_rng_set(r, 1);
    for (size_t i = 0; i < BENCH_BLOCK; i++)
        p->init(&gen, r, block + i * stride);
    double one[BENCH_BLOCK], many[BENCH_BLOCK];
    unsigned long rounds = 1;
    for (double spent = 0; spent < 0.05; rounds *= 2) /* about 0.05 s a repetition */
        spent = bench_time(p, &gen, block, stride, one, rounds, false) * 1e-9 * (double)rounds * BENCH_BLOCK;
    double single = bench_time(p, &gen, block, stride, one, rounds, false);
    double batch = bench_time(p, &gen, block, stride, many, rounds, true);
    if (memcmp(one, many, sizeof one) != 0)
        bench_fail("evaluate_batch gave other bits than evaluate");
    printf("| %s | %zu | %.1f | %.1f | %.2f |\n", label, gen.len, single, batch, single / batch);
    fflush(stdout);
    gsl_rng_free(r);
    free(block);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    ga_diag_clear(&diag);
}

int main(void)
{
    struct ga_registry *reg = ga_registry_alloc();
    if (!reg || ga_registry_add_catalog(reg, ga_builtins()) != GA_OK ||
        gaexp_plugin_register(reg, GAEXP_PLUGIN_ABI) != GA_OK)
        bench_fail("cannot build the registry");
    const struct ga_catalog *cat = ga_registry_catalog(reg);
    printf("| problem | genes | evaluate: ns / evaluation | evaluate_batch (%d a block) | ratio |\n"
           "|---|---:|---:|---:|---:|\n", BENCH_BLOCK);
    bench_row(cat, "functions: sphere, 10 dimensions", "problem = { name = \"functions\"; function = \"sphere\"; dimension = 10; };");
    bench_row(cat, "functions: sphere, 100 dimensions", "problem = { name = \"functions\"; function = \"sphere\"; dimension = 100; };");
    bench_row(cat, "functions: rastrigin, 10 dimensions", "problem = { name = \"functions\"; function = \"rastrigin\"; dimension = 10; };");
    bench_row(cat, "functions: rastrigin, 100 dimensions", "problem = { name = \"functions\"; function = \"rastrigin\"; dimension = 100; };");
    bench_row(cat, "examples/batch ones (SIMD), 100 bits", "problem = { name = \"ones\"; bits = 100; };");
    bench_row(cat, "examples/batch ones (SIMD), 1000 bits", "problem = { name = \"ones\"; bits = 1000; };");
    ga_registry_free(reg);
    return 0;
}
