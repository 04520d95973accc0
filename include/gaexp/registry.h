/* gaexp/registry.h — the problems and operators a program may choose from, and plug-ins that add to them. */
#ifndef GA_REGISTRY_H
#define GA_REGISTRY_H

#include <stddef.h>
#include "gaexp/experiment.h"
#include "gaexp/export.h"
#include "gaexp/op.h"
#include "gaexp/problem.h"
#include "gaexp/status.h" /* GAEXP_PLUGIN returns GA_EABI */

GAEXP_API_BEGIN

/* The plug-in ABI: raised whenever a public struct or the entry point
 * changes, so that gaexp refuses a plug-in built against other headers. */
#define GAEXP_PLUGIN_ABI 10u /* 3: struct ga_problem's columns and measure, struct ga_stats's problem;
                               4: struct ga_problem split by concern, no command tools;
                               5: operators' settings (struct ga_op_setting), struct ga_genome's values;
                               6: struct ga_problem's function_name, struct ga_stats's found;
                               7: local searches (struct ga_local, struct ga_problem's locals);
                               8: composite genomes (GA_KIND_COMPOSITE, struct ga_problem's parts,
                                  struct ga_genome's parts, struct ga_params's parts), one-child
                                  crossovers (struct ga_crossover's one_child), batch evaluation
                                  (struct ga_problem's evaluate_batch), packed bits (GA_KIND_PACKED,
                                  struct ga_genome's bits, struct ga_problem's packed);
                               9: several objectives and constraints (struct ga_problem's objectives);
                               10: struct ga_problem back to its GA hooks, the optional tables variation,
                                   genome and evaluation; struct ga_params's scheme, lambda and scheme
                                   settings (ga_scheme_*) */

/* A registry owns copies of nothing: it points at const tables that must
 * outlive it (a plug-in's tables live until the registry that loaded it is
 * freed).  It is owned by its caller; the library keeps none. */
struct ga_registry;

struct ga_registry *ga_registry_alloc(void);
/* Frees the registry and closes the plug-ins it loaded; NULL is a no-op. */
void ga_registry_free(struct ga_registry *reg);

/* Add one table.  GA_OK, GA_ECOLUMN for a problem whose statistics columns
 * ga_problem_columns_check refuses, GA_ECLASH when the registry already holds a
 * problem (or generic operator of that family) of the same name, or
 * GA_ENOMEM.  The name of the clash is what the caller passed. */
int ga_registry_add_problem(struct ga_registry *reg, const struct ga_problem *p);
int ga_registry_add_crossover(struct ga_registry *reg, const struct ga_crossover *op);
int ga_registry_add_mutation(struct ga_registry *reg, const struct ga_mutation *op);
int ga_registry_add_selection(struct ga_registry *reg, const struct ga_selection *op);
/* Adds every problem, operator and selection scheme of a catalogue (stops at the first failure). */
int ga_registry_add_catalog(struct ga_registry *reg, const struct ga_catalog *cat);

/* The registry as a catalogue for ga_experiment_alloc; valid until the next
 * add or the free. */
const struct ga_catalog *ga_registry_catalog(const struct ga_registry *reg);

/* gaexp's built-in problems, generic operators and selection schemes (const tables). */
const struct ga_catalog *ga_builtins(void);

/* Loads the plug-in at 'path' (a shared object) and lets it register its
 * problems and operators.  GA_OK; GA_ENOENT (unreadable file),
 * GA_ENOTPLUGIN (not a shared object), GA_ENOENTRY (no entry point),
 * GA_EABI (built for another ABI), GA_ECLASH (a name already registered),
 * GA_ECOLUMN (a problem whose columns ga_problem_columns_check refuses)
 * or GA_ENOMEM.  On failure 'detail' (size bytes) says more: the loader's
 * message, the plug-in's ABI number or the clashing name; the registry is
 * then as before. */
int ga_registry_load(struct ga_registry *reg, const char *path, char *detail, size_t size);

/* A plug-in defines its entry point with GAEXP_PLUGIN(fn), fn being
 * 'int fn(struct ga_registry *reg)' that calls ga_registry_add_* and
 * returns GA_OK or the first failure.  The macro also records the ABI the
 * plug-in was built for (gaexp_plugin_abi), which the loader checks first. */
#define GAEXP_PLUGIN(fn)                                                        \
    __attribute__((visibility("default"))) const unsigned gaexp_plugin_abi =    \
        GAEXP_PLUGIN_ABI;                                                       \
    int gaexp_plugin_register(struct ga_registry *gaexp_registry_, unsigned abi); \
    __attribute__((visibility("default"))) int gaexp_plugin_register(           \
        struct ga_registry *gaexp_registry_, unsigned abi)                      \
    {                                                                           \
        return abi == GAEXP_PLUGIN_ABI ? fn(gaexp_registry_) : GA_EABI;         \
    }

GAEXP_API_END

#endif
