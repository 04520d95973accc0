/* ga/run_fault.h — hooks that break their contract: a generation's faults noted, settled and shared (ga/run_fault.c); private to the library. */
#ifndef GA_RUN_FAULT_H
#define GA_RUN_FAULT_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "ga/run_types.h"

#define RUN_NO_FAULT UINT64_MAX
/* The hooks a fault names (run_fault_hooks). */
enum { RUN_HOOK_EVALUATE, RUN_HOOK_INIT, RUN_HOOK_CROSSOVER, RUN_HOOK_MUTATION, RUN_HOOK_LOCAL, RUN_HOOKS };

/* A fault a thread saw: the first by 'key', the place in the generation's
 * own order (block and slot, or individual), so that the one reported is
 * the same at any thread count. */
struct run_fault_note {
    uint64_t key; /* RUN_NO_FAULT: none */
    enum ga_fault_kind kind;
    unsigned hook; /* RUN_HOOK_* */
    size_t individual;
    double value, again;
};

/* The order in which faults come first, the same at any thread count:
 * by the individual's place in the generation (each individual made,
 * then mutated, then evaluated, then improved by the local search), then
 * by that phase. */
enum { RUN_FAULT_MADE, RUN_FAULT_MUTATED, RUN_FAULT_EVALUATED, RUN_FAULT_IMPROVED };

static inline uint64_t run_fault_key(uint64_t place, unsigned phase)
{
    return place << 2 | phase;
}

/* A fitness that breaks the convention: NaN, an infinity, below 0. */
static inline bool run_fault_fitness_bad(const struct ga_run *run, double f)
{
    if (run->mo) /* a penalty or the epsilon level may put an infeasible one below 0: finite is sound */
        return !isfinite(f);
    return !(f >= GA_FITNESS_SOLVED) || f == INFINITY;
}

/* Forgets the notes of the generation before. */
void run_fault_clear(struct ga_run *run);
/* Notes a fault seen by this thread, kept when it comes first by key. */
void run_fault_note(struct ga_run *run, uint64_t key, enum ga_fault_kind kind, unsigned hook, size_t individual,
                    const ga_gene *g, double value, double again);
/* Notes every bad fitness among fitness[from, to): individual i at place
 * place + i - from in the generation, its genes at genes + (i - from)
 * stride. */
void run_fault_scan(struct ga_run *run, uint64_t place, const double *fitness, size_t from, size_t to,
                    const ga_gene *genes);
/* Checks a genome a hook made (params.check): genes in the alphabet, and 'valid'. */
void run_fault_check(struct ga_run *run, uint64_t key, unsigned hook, size_t individual, const ga_gene *g);
/* After a generation's threads have joined: the first fault any of them
 * noted (every process of a link agrees on it) becomes the run's; true
 * when there was one. */
bool run_fault_settle(struct ga_run *run);
/* After a generation's statistics: with params.check, the second
 * evaluation of every individual.  GA_STOP_FAULT when it found a fault. */
enum ga_stop run_fault_check_repeats(struct ga_run *run);

#endif
