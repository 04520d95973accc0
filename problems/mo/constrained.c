/* problems/mo/constrained.c — the problem "constrained": single-objective test functions with constraints and known optima (CEC 2006's g06 and g24). */
#include <math.h>
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"

#define CONSTRAINED_VARIABLES 2
#define CONSTRAINED_COUNT 2 /* constraints of each function */

/* A function: f(x) and its constraints g_j(x) <= 0, its box, and the
 * optimum the literature gives (Liang et al., CEC 2006 technical report,
 * "Problem definitions and evaluation criteria for the CEC 2006 special
 * session on constrained real-parameter optimization"). */
struct constrained_function {
    const char *name;
    double lower[CONSTRAINED_VARIABLES], upper[CONSTRAINED_VARIABLES];
    double optimum;                       /* f(x*) */
    double at[CONSTRAINED_VARIABLES];     /* x* */
    double (*f)(const double *x);
    void (*g)(const double *x, double *g);
};

static double g06_f(const double *x)
{
    return pow(x[0] - 10, 3) + pow(x[1] - 20, 3);
}
static void g06_g(const double *x, double *g)
{
    g[0] = -(x[0] - 5) * (x[0] - 5) - (x[1] - 5) * (x[1] - 5) + 100;
    g[1] = (x[0] - 6) * (x[0] - 6) + (x[1] - 5) * (x[1] - 5) - 82.81;
}
static double g24_f(const double *x)
{
    return -x[0] - x[1];
}
static void g24_g(const double *x, double *g)
{
    double a = x[0], a2 = a * a, a3 = a2 * a, a4 = a3 * a;
    g[0] = -2 * a4 + 8 * a3 - 8 * a2 + x[1] - 2;
    g[1] = -4 * a4 + 32 * a3 - 88 * a2 + 96 * a + x[1] - 36;
}

static const struct constrained_function constrained_functions[] = {
    {"g06", {13, 0}, {100, 100}, -6961.81387558015, {14.09500000000000064, 0.8429607892154795668}, g06_f, g06_g},
    {"g24", {0, 0}, {3, 4}, -5.50801327159536, {2.329520197477623, 3.17849307411774}, g24_f, g24_g},
};
#define CONSTRAINED_FUNCTIONS (sizeof constrained_functions / sizeof *constrained_functions)

struct constrained {
    const struct constrained_function *fn;
    double sigma;
    double lower[CONSTRAINED_VARIABLES], upper[CONSTRAINED_VARIABLES];
};

static bool constrained_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct constrained *s = state;
    const char *names[CONSTRAINED_FUNCTIONS];
    for (size_t i = 0; i < CONSTRAINED_FUNCTIONS; i++)
        names[i] = constrained_functions[i].name;
    size_t which;
    bool ok = ga_cfg_choice(cfg, group, "function", names, CONSTRAINED_FUNCTIONS, 0, &which);
    ok &= ga_cfg_double(cfg, group, "sigma", 0.1, 1e-12, 1, &s->sigma);
    if (!ok)
        return false;
    s->fn = &constrained_functions[which];
    memcpy(s->lower, s->fn->lower, sizeof s->lower);
    memcpy(s->upper, s->fn->upper, sizeof s->upper);
    return true;
}

static void constrained_shape(const void *state, size_t *len, unsigned *alphabet)
{
    (void)state;
    *len = GA_REAL_LEN(CONSTRAINED_VARIABLES);
    *alphabet = GA_GENE_MAX + 1u;
}

static void constrained_bounds(const void *state, size_t *reals, const double **lower, const double **upper)
{
    const struct constrained *s = state;
    *reals = CONSTRAINED_VARIABLES;
    *lower = s->lower;
    *upper = s->upper;
}

static void constrained_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    const struct constrained *s = gen->state;
    ga_genome_real_random(gen, r, g, s->sigma);
}

static void constrained_count(const void *state, size_t *m, size_t *k)
{
    (void)state;
    *m = 1;
    *k = CONSTRAINED_COUNT;
}

/* The objective is f(x) - f(x*), the fitness convention's distance from
 * the optimum: 0 there, and never below 0 at a feasible point (but for the
 * rounding of the published optimum, which is clamped).  An infeasible
 * point may lie below it; the constraint handling keeps it from winning. */
static void constrained_evaluate(const struct ga_genome *gen, const ga_gene *g, double *f, double *v)
{
    const struct constrained *s = gen->state;
    const double *x = ga_genome_creals(g);
    s->fn->g(x, v);
    f[0] = s->fn->f(x) - s->fn->optimum;
    if (f[0] < 0 && v[0] <= 0 && v[1] <= 0)
        f[0] = 0;
}

static const char *constrained_name(const void *state, size_t j)
{
    (void)state, (void)j;
    return "gap";
}

static bool constrained_valid(const struct ga_genome *gen, const ga_gene *g)
{
    return ga_genome_real_valid(gen, g);
}

static void constrained_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct constrained *s = gen->state;
    const double *x = ga_genome_creals(g);
    double gv[CONSTRAINED_COUNT];
    s->fn->g(x, gv);
    fprintf(out, "%s x = %.17g %.17g\n  f(x) = %.17g (optimum %.17g), g = %.6g %.6g (<= 0 feasible)\n", s->fn->name,
            x[0], x[1], s->fn->f(x), s->fn->optimum, gv[0], gv[1]);
}

static const struct ga_problem_objectives constrained_objectives = {
    .count = constrained_count,
    .evaluate = constrained_evaluate,
    .name = constrained_name,
};

static const struct ga_problem_variation constrained_variation = {
    .defaults = {"sbx", 0.9, "polynomial", 1.0, GA_PER_INDIVIDUAL},
};
static const struct ga_problem_genome constrained_genome = {.bounds = constrained_bounds};
static const struct ga_problem_evaluation constrained_evaluation = {.objectives = &constrained_objectives};
const struct ga_problem ga_problem_constrained = {
    .name = "constrained",
    .summary = "constrained single-objective test functions with known optima: CEC 2006 g06, g24 (fitness f - f*)",
    .kind = GA_KIND_REAL,
    .state_size = sizeof(struct constrained),
    .configure = constrained_configure,
    .shape = constrained_shape,
    .init = constrained_init,
    .valid = constrained_valid,
    .print = constrained_print,
    .variation = &constrained_variation,
    .genome = &constrained_genome,
    .evaluation = &constrained_evaluation,
};
