/* gaexp/experiment.h — an experiment file read into a problem instance and run parameters. */
#ifndef GA_EXPERIMENT_H
#define GA_EXPERIMENT_H

#include "gaexp/export.h"
#include <stdbool.h>
#include <stdint.h>
#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/run.h"

GAEXP_API_BEGIN

/* What the reader may choose from: NULL-terminated tables of problems and of
 * generic operators (problem-specific ones come with their problem).  The
 * core knows no problem: the caller hands the catalogue in. */
struct ga_catalog {
    const struct ga_problem *const *problems;
    const struct ga_crossover *const *crossovers;
    const struct ga_mutation *const *mutations;
    const struct ga_selection *const *selections; /* NULL: tournament alone */
};

struct ga_experiment {
    const struct ga_problem *problem;
    void *state; /* owned: the configured problem instance */
    struct ga_params params;
    uint64_t seed;       /* of replicate 1; see ga_rng_replicate_seed */
    unsigned replicates; /* independent runs, ga.replicates */
};

/* The groups of an experiment file that are the caller's, not the
 * library's (gaexp's 'output': where and how results are written). */
struct ga_experiment_reader {
    /* Reads and validates them through cfg's reader (which marks their keys
     * known), and may set what they say of e (e->params.diversity, true
     * unless told); false after adding diagnostics. */
    bool (*read)(void *ctx, struct ga_cfg *cfg, struct ga_experiment *e);
    void *ctx;
};

/* Reads and validates the groups 'problem' and 'ga', then the caller's
 * ('more', NULL for none), and rejects unknown keys: a group no one read
 * is one.  'default_seed' fills ga.seed when the file has none; the tree
 * then holds the fully resolved configuration.  NULL after adding
 * diagnostics. */
struct ga_experiment *ga_experiment_alloc(struct ga_cfg *cfg, const struct ga_catalog *cat,
                                          uint64_t default_seed, const struct ga_experiment_reader *more);
/* Releases the problem instance; NULL does nothing. */
void ga_experiment_free(struct ga_experiment *e);

/* Lookups by name over a catalogue (NULL when absent). */
const struct ga_problem *ga_catalog_problem(const struct ga_catalog *cat, const char *name);
/* The operators a problem may use: its own first, then the generic ones
 * that serve its genome kind.  Writes at most max, returns how many exist. */
size_t ga_catalog_crossovers(const struct ga_catalog *cat, const struct ga_problem *p,
                             const struct ga_crossover **out, size_t max);
size_t ga_catalog_mutations(const struct ga_catalog *cat, const struct ga_problem *p,
                            const struct ga_mutation **out, size_t max);

/* Operator 'name' that problem p may use; with p NULL, the generic operator
 * of that name whatever genome it serves.  NULL when there is none. */
const struct ga_crossover *ga_catalog_crossover(const struct ga_catalog *cat,
                                                const struct ga_problem *p, const char *name);
const struct ga_mutation *ga_catalog_mutation(const struct ga_catalog *cat,
                                              const struct ga_problem *p, const char *name);

/* Selection scheme 'name' (NULL when absent). */
const struct ga_selection *ga_catalog_selection(const struct ga_catalog *cat, const char *name);

/* Allocates and configures a problem instance from a 'problem' group. */
void *ga_problem_configure(const struct ga_problem *p, struct ga_cfg *cfg,
                           config_setting_t *group);
/* Calls p->release and frees the state; a NULL state does nothing. */
void ga_problem_release(const struct ga_problem *p, void *state);
/* The genome shape of a configured instance. */
struct ga_genome ga_problem_genome(const struct ga_problem *p, const void *state);

GAEXP_API_END

#endif
