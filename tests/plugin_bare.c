/* tests/plugin_bare.c — a plug-in with the GA hooks alone: no optional table (no default
 * variation), from gaexp/registry.h alone, its registration function named 'reg'. */
#include "gaexp/cfg.h"
#include "gaexp/registry.h"

static bool bare_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    (void)state, (void)cfg, (void)group;
    return true;
}

static void bare_shape(const void *state, size_t *len, unsigned *alphabet)
{
    (void)state;
    *len = 8;
    *alphabet = 2;
}

static void bare_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        g[i] = (ga_gene)(gsl_rng_get(r) & 1);
}

/* The zero bits. */
static double bare_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    double zeros = 0;
    for (size_t i = 0; i < gen->len; i++)
        zeros += g[i] == 0;
    return zeros;
}

static bool bare_valid(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (g[i] > 1)
            return false;
    return true;
}

static void bare_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    for (size_t i = 0; i < gen->len; i++)
        fputc('0' + g[i], out);
    fputc('\n', out);
}

static const struct ga_problem bare = {
    .name = "bare", .summary = "eight bits, the GA hooks alone", .kind = GA_KIND_BITS,
    .configure = bare_configure, .shape = bare_shape, .init = bare_init, .evaluate = bare_evaluate,
    .valid = bare_valid, .print = bare_print,
};

static int reg(struct ga_registry *r)
{
    return ga_registry_add_problem(r, &bare);
}
GAEXP_PLUGIN(reg)
