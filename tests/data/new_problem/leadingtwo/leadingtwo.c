/* problems/leadingtwo/leadingtwo.c (tests/new_problem.sh's new problem) — LeadingOnes: a bit string, fitness = bits after the leading ones (0 = all ones). */
#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"

struct leadingtwo {
    size_t bits;
};

static bool leadingtwo_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct leadingtwo *lt = state;
    long long bits;
    if (!ga_cfg_int(cfg, group, "bits", 100, 1, 1000000, &bits))
        return false;
    lt->bits = (size_t)bits;
    return true;
}

static void leadingtwo_shape(const void *state, size_t *len, unsigned *alphabet)
{
    *len = ((const struct leadingtwo *)state)->bits;
    *alphabet = 2;
}

static void leadingtwo_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        g[i] = (ga_gene)ga_rng_below(r, 2);
}

static double leadingtwo_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    size_t lead = 0;
    while (lead < gen->len && g[lead] == 1)
        lead++;
    return (double)(gen->len - lead);
}

static bool leadingtwo_valid(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (g[i] > 1)
            return false;
    return true;
}

static void leadingtwo_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    for (size_t i = 0; i < gen->len; i++)
        fputc('0' + g[i], out);
    fprintf(out, "\nleading ones: %g of %zu\n", (double)gen->len - leadingtwo_evaluate(gen, g), gen->len);
}

static const struct ga_problem_variation leadingtwo_variation = {
    .defaults = {"onepoint", 0.6, "flip", 0.01, GA_PER_GENE},
};
const struct ga_problem ga_problem_leadingtwo = {
    .name = "leadingtwo",
    .summary = "LeadingOnes: maximise the leading ones of a bit string (fitness = bits after them)",
    .kind = GA_KIND_BITS,
    .state_size = sizeof(struct leadingtwo),
    .configure = leadingtwo_configure,
    .shape = leadingtwo_shape,
    .init = leadingtwo_init,
    .evaluate = leadingtwo_evaluate,
    .valid = leadingtwo_valid,
    .print = leadingtwo_print,
    .variation = &leadingtwo_variation,
};
