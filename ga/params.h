/* ga/params.h — the rules a run's parameters keep, private to the library: one
 * place for each, read by the experiment reader (which says them at the
 * setting) and by ga_run_alloc (which refuses parameters that break them). */
#ifndef GA_PARAMS_H
#define GA_PARAMS_H

#include <stdbool.h>
#include "gaexp/genome.h"
#include "gaexp/run.h"

/* A rule broken: the experiment file's setting at fault and why, with the values. */
struct params_fault {
    const char *setting; /* "ga.scheme.lambda" */
    char why[200];
};
/* Records the broken rule in f; false, for 'return params_broken(...)'. */
__attribute__((format(printf, 3, 4))) bool params_broken(struct params_fault *f, const char *setting,
                                                         const char *fmt, ...);

/* The largest population (and lambda) an experiment file may ask for. */
#define PARAMS_MAX_POPULATION 100000000LL

/* The rules the reader checks as it reads (true when kept, else *f says
 * which and why): the mutation's unit, the islands' migration (the
 * scheme's: scheme_check, ga/schemes/schemes.h). */
bool params_check_mutation(const struct ga_params *p, struct params_fault *f);
bool params_check_islands(const struct ga_params *p, struct params_fault *f);
/* The rules of one part's variation (a composite genome): operators that
 * serve its kind, the unit individual or gene, and a per-gene form for
 * per gene.  'setting' names the part's group (ga.parts.NAME) in *f. */
bool params_check_part(const struct ga_variation *v, enum ga_genome_kind kind, const char *setting,
                       struct params_fault *f);
/* The rules of several objectives and constraints: the scheme, no local
 * search, ga.mo.reference (m values, beyond the true front's nadir), and
 * the problem's own declaration (1 to GA_OBJECTIVES_MAX objectives). */
bool params_check_objectives(const struct ga_params *p, const struct ga_problem *problem, const void *state,
                             struct params_fault *f);
/* Every rule, those of the genome gen included: what ga_run_alloc checks. */
bool params_check(const struct ga_params *p, const struct ga_genome *gen, struct params_fault *f);

#endif
