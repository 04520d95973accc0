/* tests/plugin_bad.c — plug-ins gaexp must refuse, one per -D: no entry point, another ABI or an older one, a clashing name,
 * a statistics column named as a standard one. */
#include "gaexp/gaexp.h"

static const struct ga_problem plugin_bad_problem __attribute__((unused)) = {.name = "derful", .summary = "clashes with the built-in"};

#if defined PLUGIN_BAD_NOENTRY
/* A shared object with no gaexp_plugin_register. */
int plugin_bad_unused(void);
int plugin_bad_unused(void)
{
    return plugin_bad_problem.name[0];
}
#elif defined PLUGIN_BAD_ABI || defined PLUGIN_BAD_OLD_ABI
/* What a plug-in built against another (an older) gaexp's headers records. */
#ifdef PLUGIN_BAD_OLD_ABI
__attribute__((visibility("default"))) const unsigned gaexp_plugin_abi = GAEXP_PLUGIN_ABI - 1;
#else
__attribute__((visibility("default"))) const unsigned gaexp_plugin_abi = GAEXP_PLUGIN_ABI + 98;
#endif
int gaexp_plugin_register(struct ga_registry *reg, unsigned abi);
__attribute__((visibility("default"))) int gaexp_plugin_register(struct ga_registry *reg, unsigned abi)
{
    (void)abi;
    return ga_registry_add_problem(reg, &plugin_bad_problem);
}
#elif defined PLUGIN_BAD_COLUMN
/* A column of its own named like a standard column of generations.csv. */
static const char *const plugin_bad_columns[] = {"spread", "best", NULL};

static void plugin_bad_measure(const struct ga_genome *gen, const struct ga_population *pop, double *values)
{
    (void)gen;
    values[0] = values[1] = pop->fitness[pop->best];
}

static const struct ga_problem_columns plugin_bad_column_table = {plugin_bad_columns, plugin_bad_measure};

static const struct ga_problem_evaluation plugin_bad_evaluation = {.columns = &plugin_bad_column_table};

static const struct ga_problem plugin_bad_columned = {
    .name = "columned", .summary = "declares a column 'best'", .evaluation = &plugin_bad_evaluation};

static int plugin_bad_register(struct ga_registry *reg)
{
    return ga_registry_add_problem(reg, &plugin_bad_columned);
}
GAEXP_PLUGIN(plugin_bad_register)
#else
static int plugin_bad_register(struct ga_registry *reg)
{
    return ga_registry_add_problem(reg, &plugin_bad_problem);
}
GAEXP_PLUGIN(plugin_bad_register)
#endif
