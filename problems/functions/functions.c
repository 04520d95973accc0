/* problems/functions/functions.c — real-valued benchmark functions: sphere, rastrigin, rosenbrock, ackley, griewank, schwefel. */
#include <math.h>
#include <stdlib.h>

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"

#define FUNCTIONS_MAX_DIMENSION 1000
#define FUNCTIONS_PI 3.14159265358979323846
#define FUNCTIONS_E 2.71828182845904523536
#define FUNCTIONS_SCHWEFEL_X 420.9687462275036 /* the optimum's coordinate */

enum functions_id { FN_SPHERE, FN_RASTRIGIN, FN_ROSENBROCK, FN_ACKLEY, FN_GRIEWANK, FN_SCHWEFEL };

/* Each function with its standard bounds (the same for every gene) and
 * the coordinate of its optimum (the same for every gene). */
static const struct functions_def {
    const char *name;
    double lower, upper, optimum;
} functions_defs[] = {
    {"sphere", -5.12, 5.12, 0},
    {"rastrigin", -5.12, 5.12, 0},
    {"rosenbrock", -5, 10, 1},
    {"ackley", -32.768, 32.768, 0},
    {"griewank", -600, 600, 0},
    {"schwefel", -500, 500, FUNCTIONS_SCHWEFEL_X},
};
#define FUNCTIONS_COUNT (sizeof functions_defs / sizeof *functions_defs)

struct functions {
    enum functions_id id;
    size_t dimension;
    double sigma;  /* the initial mutation step, a share of the width */
    double offset; /* f at the optimum, subtracted: fitness 0 is the optimum */
    double *lower, *upper;
};

static double functions_raw(enum functions_id id, const double *x, size_t n)
{
    double s = 0, t = 0, p = 1;
    switch (id) { /* each case returns */
    case FN_SPHERE:
        for (size_t i = 0; i < n; i++)
            s += x[i] * x[i];
        return s;
    case FN_RASTRIGIN: /* sums, then returns */
        for (size_t i = 0; i < n; i++)
            s += x[i] * x[i] - 10 * cos(2 * FUNCTIONS_PI * x[i]);
        return 10 * (double)n + s;
    case FN_ROSENBROCK:
        for (size_t i = 0; i + 1 < n; i++)
            s += 100 * (x[i + 1] - x[i] * x[i]) * (x[i + 1] - x[i] * x[i]) + (1 - x[i]) * (1 - x[i]);
        return s;
    case FN_ACKLEY:
        for (size_t i = 0; i < n; i++) {
            s += x[i] * x[i];
            t += cos(2 * FUNCTIONS_PI * x[i]);
        }
        return -20 * exp(-0.2 * sqrt(s / (double)n)) - exp(t / (double)n) + 20 + FUNCTIONS_E;
    case FN_GRIEWANK:
        for (size_t i = 0; i < n; i++) {
            s += x[i] * x[i] / 4000;
            p *= cos(x[i] / sqrt((double)(i + 1)));
        }
        return s - p + 1;
    case FN_SCHWEFEL:
        for (size_t i = 0; i < n; i++)
            s += x[i] * sin(sqrt(fabs(x[i])));
        return 418.9828872724339 * (double)n - s;
    }
    return NAN;
}

static bool functions_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct functions *f = state;
    const char *names[FUNCTIONS_COUNT];
    for (size_t i = 0; i < FUNCTIONS_COUNT; i++)
        names[i] = functions_defs[i].name;
    size_t which;
    long long dimension;
    bool ok = ga_cfg_choice(cfg, group, "function", names, FUNCTIONS_COUNT, FN_RASTRIGIN, &which);
    ok &= ga_cfg_int(cfg, group, "dimension", 10, 1, FUNCTIONS_MAX_DIMENSION, &dimension);
    ok &= ga_cfg_double(cfg, group, "sigma", 0.1, 1e-12, 1, &f->sigma);
    if (!ok)
        return false;
    if (which == FN_ROSENBROCK && dimension < 2) { /* its sum runs over pairs of neighbours */
        ga_cfg_error_at(cfg, group, "dimension", "rosenbrock needs a dimension in [2, %d], got 1",
                        FUNCTIONS_MAX_DIMENSION);
        return false;
    }
    f->id = (enum functions_id)which;
    f->dimension = (size_t)dimension;
    f->lower = malloc(2 * f->dimension * sizeof *f->lower);
    if (!f->lower) {
        ga_cfg_error(cfg, group, "out of memory");
        return false;
    }
    f->upper = f->lower + f->dimension;
    for (size_t i = 0; i < f->dimension; i++) {
        f->lower[i] = functions_defs[which].lower;
        f->upper[i] = functions_defs[which].upper;
    }
    /* The optimum's own value (0 but for the rounding of schwefel's
     * constants): subtracted, so that fitness 0 is the optimum (fitness is
     * clamped at 0 for points the rounding puts below it). */
    double *opt = malloc(f->dimension * sizeof *opt);
    if (!opt) {
        ga_cfg_error(cfg, group, "out of memory");
        return false;
    }
    for (size_t i = 0; i < f->dimension; i++)
        opt[i] = functions_defs[which].optimum;
    f->offset = functions_raw(f->id, opt, f->dimension);
    free(opt);
    return true;
}

static void functions_release(void *state)
{
    struct functions *f = state;
    free(f->lower);
}

static void functions_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct functions *f = state;
    *len = GA_REAL_LEN(f->dimension);
    *alphabet = GA_GENE_MAX + 1u;
}

static void functions_bounds(const void *state, size_t *reals, const double **lower, const double **upper)
{
    const struct functions *f = state;
    *reals = f->dimension;
    *lower = f->lower;
    *upper = f->upper;
}

static void functions_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    const struct functions *f = gen->state;
    ga_genome_real_random(gen, r, g, f->sigma);
}

/* f(x) - f(x*), never below 0, from f(x). */
static inline double functions_above(const struct functions *f, double raw)
{
    double v = raw - f->offset;
    return v > 0 ? v : 0;
}

static inline double functions_gap(const struct functions *f, enum functions_id id, const double *x, size_t n)
{
    return functions_above(f, functions_raw(id, x, n));
}

static double functions_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct functions *f = gen->state;
    return functions_gap(f, f->id, ga_genome_creals(g), gen->reals);
}

/* Two doubles a vector (an SSE2 register on x86-64). */
typedef double functions_v2 __attribute__((vector_size(16)));

/* The sphere of genomes [0, n - n % 4) of a block, four at once in two
 * vectors, a genome a lane: each lane adds the same squares in the same
 * order as functions_raw (the build keeps a * b + c two roundings,
 * -std=c11), so the same bits, with four sums under way instead of one
 * waiting for the last.  Returns the genomes done. */
static size_t functions_sphere4(const struct ga_genome *gen, const ga_gene *genes, size_t stride, size_t n,
                                double *fitness)
{
    const struct functions *f = gen->state;
    size_t done = 0;
    for (; done + 4 <= n; done += 4) {
        const double *x[4];
        for (size_t j = 0; j < 4; j++)
            x[j] = ga_genome_creals(genes + (done + j) * stride);
        functions_v2 low = {0, 0}, high = {0, 0};
        for (size_t i = 0; i < gen->reals; i++) {
            functions_v2 a = {x[0][i], x[1][i]}, b = {x[2][i], x[3][i]};
            low += a * a;
            high += b * b;
        }
        fitness[done] = functions_above(f, low[0]);
        fitness[done + 1] = functions_above(f, low[1]);
        fitness[done + 2] = functions_above(f, high[0]);
        fitness[done + 3] = functions_above(f, high[1]);
    }
    return done;
}

/* A block at once: the sphere four genomes at a time, the others with the
 * function chosen once for the block; each the bits functions_evaluate gives. */
static void functions_evaluate_batch(const struct ga_genome *gen, const ga_gene *genes, size_t stride, size_t n,
                                     double *fitness)
{
    const struct functions *f = gen->state;
    enum functions_id id = f->id;
    size_t i = id == FN_SPHERE ? functions_sphere4(gen, genes, stride, n, fitness) : 0;
    for (; i < n; i++)
        fitness[i] = functions_gap(f, id, ga_genome_creals(genes + i * stride), gen->reals);
}

static bool functions_valid(const struct ga_genome *gen, const ga_gene *g)
{
    return ga_genome_real_valid(gen, g);
}

/* The Euclidean distance from g's point to the optimum. */
static double functions_distance(const struct ga_genome *gen, const ga_gene *g)
{
    const struct functions *f = gen->state;
    const double *x = ga_genome_creals(g);
    double sum = 0;
    for (size_t i = 0; i < gen->reals; i++)
        sum += (x[i] - functions_defs[f->id].optimum) * (x[i] - functions_defs[f->id].optimum);
    return sqrt(sum);
}

static void functions_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct functions *f = gen->state;
    const double *x = ga_genome_creals(g);
    for (size_t i = 0; i < gen->reals; i++)
        fprintf(out, "x%zu = %.17g\n", i + 1, x[i]);
    fprintf(out, "sigma = %.6g\n%s: f(x) - f(x*) = %.10g, distance to the optimum %.10g\n", x[gen->reals],
            functions_defs[f->id].name, functions_evaluate(gen, g), functions_distance(gen, g));
}

/* The problem's own column: how far the generation's best lies from the optimum. */
static const char *const functions_column_names[] = {"best_distance", NULL};

static void functions_measure(const struct ga_genome *gen, const struct ga_population *pop, double *values)
{
    values[0] = functions_distance(gen, pop->genes + pop->best * pop->stride);
}

static const struct ga_problem_columns functions_columns = {functions_column_names, functions_measure};

static const struct ga_problem_variation functions_variation = {
    .defaults = {"sbx", 0.9, "polynomial", 1.0, GA_PER_INDIVIDUAL},
};
static const struct ga_problem_genome functions_genome = {.bounds = functions_bounds};
static const struct ga_problem_evaluation functions_evaluation = {
    .columns = &functions_columns,
    .evaluate_batch = functions_evaluate_batch,
};
const struct ga_problem ga_problem_functions = {
    .name = "functions",
    .summary = "real-valued benchmarks: sphere, rastrigin, rosenbrock, ackley, griewank, schwefel (fitness f(x) - f*)",
    .kind = GA_KIND_REAL,
    .state_size = sizeof(struct functions),
    .configure = functions_configure,
    .shape = functions_shape,
    .init = functions_init,
    .evaluate = functions_evaluate,
    .valid = functions_valid,
    .print = functions_print,
    .release = functions_release,
    .variation = &functions_variation,
    .genome = &functions_genome,
    .evaluation = &functions_evaluation,
};
