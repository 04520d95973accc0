/* problems/mo/mo.c — the problem "mo": the multi-objective test functions of mo_functions.c, with their true fronts. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"
#include "problems/mo/mo_functions.h"

/* Rows of the true front sampled for IGD and IGD+ (each generation, at a
 * cost of rows x front members) and the figures: a 2-D front of length
 * about 1.5 at 1000 points has a spacing of 1.5e-3, below the IGD of
 * good runs (about 4e-3 for NSGA-II on ZDT1 with 100 individuals). */
#define MO_FRONT_ROWS 1000
#define MO_FRONT_ROWS_3D 1035 /* the 44th triangular grid; the sphere's p = 31 takes 993 */

struct mo {
    const struct ga_mo_function *fn;
    size_t n, m;
    double sigma;
    double *lower, *upper; /* n each */
    double *front;         /* front_n rows of m */
    size_t front_n;
    double front_hv;
};

static bool mo_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct mo *s = state;
    const char *names[32];
    size_t count = ga_mo_function_count < 32 ? ga_mo_function_count : 32, which;
    for (size_t i = 0; i < count; i++)
        names[i] = ga_mo_functions[i].name;
    if (!ga_cfg_choice(cfg, group, "function", names, count, 0, &which))
        return false;
    const struct ga_mo_function *fn = &ga_mo_functions[which];
    long long m, n;
    bool ok = ga_cfg_int(cfg, group, "objectives", (long long)fn->m_min, (long long)fn->m_min, (long long)fn->m_max,
                         &m);
    ok &= ga_cfg_double(cfg, group, "sigma", 0.1, 1e-12, 1, &s->sigma);
    if (!ok)
        return false;
    size_t n_default = ga_mo_n_default(fn, (size_t)m);
    if (!ga_cfg_int(cfg, group, "variables", (long long)n_default, 1, GA_MO_MAX_VARIABLES, &n))
        return false;
    if (!ga_mo_shape_allowed(fn, (size_t)n, (size_t)m)) {
        size_t lo = fn->n_min + ((size_t)m - fn->m_min);
        ga_cfg_error_at(cfg, group, "variables", "%s with %lld objectives takes %zu to %zu variables, got %lld",
                        fn->name, m, lo, fn->n_max, n);
        return false;
    }
    s->fn = fn;
    s->m = (size_t)m;
    s->n = (size_t)n;
    size_t rows = s->m == 2 ? MO_FRONT_ROWS : MO_FRONT_ROWS_3D;
    s->lower = malloc(2 * s->n * sizeof *s->lower);
    s->front = malloc(rows * s->m * sizeof *s->front);
    if (!s->lower || !s->front) {
        ga_cfg_error(cfg, group, "out of memory");
        return false;
    }
    s->upper = s->lower + s->n;
    ga_mo_bounds(fn, s->n, s->lower, s->upper);
    s->front_n = ga_mo_front_sample(fn, s->m, rows, s->front);
    s->front_hv = ga_mo_front_hv(fn, s->m);
    return true;
}

static void mo_release(void *state)
{
    struct mo *s = state;
    free(s->lower);
    free(s->front);
}

static void mo_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct mo *s = state;
    *len = GA_REAL_LEN(s->n);
    *alphabet = GA_GENE_MAX + 1u;
}

static void mo_bounds(const void *state, size_t *reals, const double **lower, const double **upper)
{
    const struct mo *s = state;
    *reals = s->n;
    *lower = s->lower;
    *upper = s->upper;
}

static void mo_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    const struct mo *s = gen->state;
    ga_genome_real_random(gen, r, g, s->sigma);
}

static void mo_count(const void *state, size_t *m, size_t *k)
{
    const struct mo *s = state;
    *m = s->m;
    *k = s->fn->constraints;
}

static void mo_evaluate(const struct ga_genome *gen, const ga_gene *g, double *f, double *v)
{
    const struct mo *s = gen->state;
    ga_mo_evaluate(s->fn, s->n, s->m, ga_genome_creals(g), f, v);
}

static bool mo_reference(const void *state, double *ref)
{
    const struct mo *s = state;
    memcpy(ref, s->fn->reference[s->m - 2], s->m * sizeof *ref);
    return true;
}

static size_t mo_front(const void *state, const double **points, double *hv)
{
    const struct mo *s = state;
    *points = s->front;
    *hv = s->front_hv;
    return s->front_n;
}

static bool mo_valid(const struct ga_genome *gen, const ga_gene *g)
{
    return ga_genome_real_valid(gen, g);
}

/* The variables, then the objectives and the violations. */
static void mo_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct mo *s = gen->state;
    const double *x = ga_genome_creals(g);
    double f[GA_MO_MAX_OBJECTIVES], v[GA_MO_MAX_CONSTRAINTS];
    ga_mo_evaluate(s->fn, s->n, s->m, x, f, v);
    fprintf(out, "%s x =", s->fn->name);
    for (size_t i = 0; i < s->n; i++)
        fprintf(out, " %.17g", x[i]);
    fputs("\n  f =", out);
    for (size_t j = 0; j < s->m; j++)
        fprintf(out, " %.17g", f[j]);
    if (s->fn->constraints) {
        fputs("  violations =", out);
        for (size_t j = 0; j < s->fn->constraints; j++)
            fprintf(out, " %.6g", v[j] > 0 ? v[j] : 0);
    }
    fputc('\n', out);
}

static const struct ga_problem_objectives mo_objectives = {
    .count = mo_count,
    .evaluate = mo_evaluate,
    .reference = mo_reference,
    .front = mo_front,
};

static const struct ga_problem_variation mo_variation = {
    .defaults = {"sbx", 0.9, "polynomial", 1.0, GA_PER_INDIVIDUAL},
};
static const struct ga_problem_genome mo_genome = {.bounds = mo_bounds};
static const struct ga_problem_evaluation mo_evaluation = {.objectives = &mo_objectives};
const struct ga_problem ga_problem_mo = {
    .name = "mo",
    .summary = "multi-objective test functions with exact fronts: ZDT1-4/6, DTLZ1-4/7, BNH, SRN, TNK, OSY, C1-DTLZ1",
    .kind = GA_KIND_REAL,
    .state_size = sizeof(struct mo),
    .configure = mo_configure,
    .shape = mo_shape,
    .init = mo_init,
    .valid = mo_valid,
    .print = mo_print,
    .release = mo_release,
    .variation = &mo_variation,
    .genome = &mo_genome,
    .evaluation = &mo_evaluation,
};
