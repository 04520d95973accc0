/* problems/pbo/pbo.c — IOHprofiler's PBO suite as a bit-string problem: fitness = y* - y, column 'value' = IOH's y. */
#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"
#include "problems/pbo/pbo.h"

static bool pbo_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct pbo *p = state;
    long long function, dimension, instance;
    bool ok = ga_cfg_int(cfg, group, "function", 1, 1, PBO_FUNCTIONS, &function);
    ok &= ga_cfg_int(cfg, group, "dimension", 100, 2, PBO_MAX_DIMENSION, &dimension);
    ok &= ga_cfg_int(cfg, group, "instance", 1, 1, PBO_INSTANCES, &instance);
    if (!ok)
        return false;
    const char *rule = pbo_dimension_rule((int)function, (size_t)dimension);
    if (rule) {
        ga_cfg_error_at(cfg, group, "dimension", "%s (F%lld) needs %s, got %lld", pbo_names[function - 1],
                        function, rule, dimension);
        return false;
    }
    const char *why = pbo_build(p, (int)function, (size_t)dimension, (int)instance);
    if (why) {
        ga_cfg_error(cfg, group, "%s", why);
        return false;
    }
    return true;
}

static void pbo_release_state(void *state)
{
    pbo_release(state);
}

static void pbo_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct pbo *p = state;
    *len = p->n;
    *alphabet = 2;
}

static void pbo_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    unsigned long word = 0;
    for (size_t i = 0; i < gen->len; i++) {
        if (i % 16 == 0)
            word = ga_rng_below(r, 1ul << 16);
        g[i] = word & 1;
        word >>= 1;
    }
}

static double pbo_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    return pbo_fitness(gen->state, g);
}

static bool pbo_valid(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (g[i] > 1)
            return false;
    return true;
}

/* Serves both tables: the same text for the same bits, packed or not. */
static void pbo_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct pbo *p = gen->state;
    for (size_t i = 0; i < p->n; i++) {
        fputc('0' + (int)ga_genome_bit(gen, g, i), out);
        if (i % 64 == 63 || i + 1 == p->n)
            fputc('\n', out);
    }
    fprintf(out, "F%d %s, n = %zu, instance %d: y = %.10g, y* = %.10g%s\n", p->function,
            pbo_names[p->function - 1], p->n, p->instance, pbo_value(p, g), pbo_best_value(p),
            p->best_exact ? "" : " (a bound: the optimum is not known)");
}

/* The problem's own column: IOH's y of the generation's best. */
static const char *const pbo_column_names[] = {"value", NULL};

static void pbo_measure(const struct ga_genome *gen, const struct ga_population *pop, double *values)
{
    values[0] = pbo_value(gen->state, pop->genes + pop->best * pop->stride);
}

static const struct ga_problem_columns pbo_columns = {pbo_column_names, pbo_measure};

static const char *pbo_function_name(const void *state)
{
    return pbo_names[((const struct pbo *)state)->function - 1];
}

/* Packed (problem.packed): the same instance, reading words (pbo_pack). */
static bool pbo_configure_packed(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    if (!pbo_configure(state, cfg, group))
        return false;
    const char *why = pbo_pack(state);
    if (why)
        ga_cfg_error(cfg, group, "%s", why);
    return !why;
}

/* The packed and the unpacked table share their variation and their evaluation extras. */
static const struct ga_problem_variation pbo_variation = {
    .example = "function = 1; dimension = 100; instance = 1;",
    .defaults = {"uniform", 0.6, "flip", 0.01, GA_PER_GENE},
};
static const struct ga_problem_evaluation pbo_evaluation = {
    .columns = &pbo_columns,
    .function_name = pbo_function_name,
};
static const struct ga_problem pbo_packed = {
    .name = "pbo",
    .summary = "IOHprofiler's PBO suite on packed bits, 64 to a word (problem.packed = true)",
    .kind = GA_KIND_PACKED,
    .state_size = sizeof(struct pbo),
    .configure = pbo_configure_packed,
    .shape = pbo_shape,
    .init = ga_genome_packed_init,
    .evaluate = pbo_evaluate,
    .valid = ga_genome_packed_valid,
    .print = pbo_print,
    .release = pbo_release_state,
    .variation = &pbo_variation,
    .evaluation = &pbo_evaluation,
};

static const struct ga_problem_genome pbo_genome = {.packed = &pbo_packed};
const struct ga_problem ga_problem_pbo = {
    .name = "pbo",
    .summary = "IOHprofiler's PBO suite F1..F25, instances 1..100 (fitness = y* - y; column 'value' = y)",
    .kind = GA_KIND_BITS,
    .state_size = sizeof(struct pbo),
    .configure = pbo_configure,
    .shape = pbo_shape,
    .init = pbo_init,
    .evaluate = pbo_evaluate,
    .valid = pbo_valid,
    .print = pbo_print,
    .release = pbo_release_state,
    .variation = &pbo_variation,
    .genome = &pbo_genome,
    .evaluation = &pbo_evaluation,
};
