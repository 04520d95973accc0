/* ga/run_private.h — a run's state, shared by the loop (ga/run.c) and what holds it (ga/run_state.c); private to the library. */
#ifndef GA_RUN_PRIVATE_H
#define GA_RUN_PRIVATE_H

#include <stdint.h>
#include <time.h>
#include <gsl/gsl_rng.h>

#include "gaexp/run.h"
#include "ga/select.h"

#include <math.h>

/* A per-gene mutation's walk from hit to hit (ga/run.c, run_gene_gap):
 * log_keep = log(1 - p); 'ends', a log below which a gap surely passes the
 * len sites (len log_keep, with a margin of 1e-9 over any rounding); and
 * 'u_ends', a draw whose log surely lies below 'ends' when it is below it
 * (0: not known).  Most walks end in one gap, which then needs no division
 * and, below u_ends, no log either: the same gaps, drawn faster. */
struct run_walk {
    double log_keep, ends, u_ends;
};

static inline struct run_walk run_walk(double log_keep, size_t len, bool with_u)
{
    double ends = (double)len * log_keep * (1 + 1e-9);
    return (struct run_walk){log_keep, ends, with_u ? exp(ends) * (1 - 1e-9) : 0};
}

struct ga_run {
    const struct ga_problem *problem;
    struct ga_genome gen; /* every hook's: run_mo_evaluate finds the run from it */
    /* The evaluation the loop calls: the problem's, or with several
     * objectives or constraints run_mo_evaluate, which fills the record. */
    double (*evaluate)(const struct ga_genome *gen, const ga_gene *g);
    /* Genes of a slot that copies carry: len, or with an objectives table
     * up to the record's end (ga/run_mo.c). */
    size_t copy;
    struct run_mo *mo; /* NULL: one objective (the fitness) and no constraint */
    struct ga_params params;
    struct ga_genome_part parts[GA_PARTS_MAX]; /* a composite genome's: gen.parts */
    uint64_t seed;
    unsigned long generation;

    ga_gene *genes, *next_genes; /* population blocks: 'total' slots of 'stride' genes, line-aligned */
    size_t stride;                /* ga_genome_stride(len) */
    size_t total;                 /* individuals of all islands: N * islands */
    double *fitness, *next_fitness;

    gsl_rng **rngs;       /* one per thread, reseeded per block */
    ga_gene *spare;       /* per thread: a place for a discarded second child */
    struct ga_select_key *elite_keys; /* 'total', only when elite > 1 or with islands */
    ga_gene *migrants;                /* islands * migration_size genomes, only with islands */
    double *migrant_fitness;
    unsigned long *allele_counts;     /* len * alphabet, only with diversity */
    unsigned char *select_work;       /* per island, select_stride bytes: the selection's tables */
    size_t select_stride;
    ga_gene *brood;                   /* islands * lambda children (all but generational) */
    double *brood_fitness;
    struct ga_select_key *survivor_keys; /* islands * (N + lambda) (plus, comma) */
    /* The generation's children in the order they count (run_trail_scan):
     * island k's at k * trail_per, each child's fitness, or NaN when it was
     * not evaluated (a copy; a NaN fitness stops the run as a fault before
     * the trail is read). */
    double *trail;
    size_t trail_per; /* run_generation_children */
    /* With a local search: the evaluations each trail entry (and each
     * individual of generation 0) cost, 1 + the local search's; NULL
     * without one (each costs 1).  max(total, islands * trail_per). */
    unsigned long *trail_cost;
    ga_gene *local_spare; /* per thread: the copy a Baldwinian local search improves */
    struct cmaes *cmaes; /* scheme cmaes: the distribution (ga/cmaes.h) */
    /* Scheme lambdalambda (ga/lambdalambda.h): lambda and l, the genome of
     * x' (the best mutant), and the fitness of each child in trail order,
     * mutants then offspring (evaluated or inherited), trail_per of them. */
    struct ll *ll;
    ga_gene *ll_best;
    double *ll_fitness;

    struct run_walk walk; /* the per-gene mutation's gaps at its rate */
    /* GA_PER_FAST: for alpha = 1 .. fast_max, P(alpha' <= alpha) of the
     * power law and log(1 - alpha/len); index 0 unused. */
    double *fast_cdf, *fast_log_keep;
    size_t fast_max;
    size_t *link_sizes;                  /* with a link: scratch for its gathers, 2 * ranks */
    unsigned long long *link_counts;     /* with a link: each process's evaluations or stop */
    struct ga_stats stats;
    unsigned long generation_found;          /* of best_ever */
    double best_ever;
    unsigned long long evaluations_found;    /* the evaluation that first reached best_ever (from 1) */
    unsigned long long evaluations_target;   /* the evaluation that first reached the target; 0: not yet */
    struct timespec started;

    struct ga_fault fault;            /* what stopped the run (fault.hook NULL: nothing) */
    struct run_fault_note *notes;     /* per thread: the first fault it saw in this generation */
    ga_gene *fault_genes;             /* per thread a genome slot, then the reported genome */
    unsigned fault_threads;           /* notes: max(threads, 2), the check's second pass runs on two */
};

/* The children a generation of one island makes (ga/run.c). */
size_t run_generation_children(const struct ga_params *p);

/* A fault a thread saw: the first by 'key', the place in the generation's
 * own order (block and slot, or individual), so that the one reported is
 * the same at any thread count. */
struct run_fault_note {
    uint64_t key; /* RUN_NO_FAULT: none */
    enum ga_fault_kind kind;
    unsigned hook; /* index into run_hooks */
    size_t individual;
    double value, again;
};

/* SEVERAL OBJECTIVES AND CONSTRAINTS (ga/run_mo.c).  Each individual's
 * slot holds, after its genes (from gene 'at', a multiple of
 * GA_GENES_PER_REAL), its record: m objective values, then its total
 * violation, the sum of max(v_j, 0) over the k constraints.  Copies of
 * slots carry it, so the loop's breeding is unchanged. */
struct run_mo {
    size_t m, k, at;
    bool keyed; /* NSGA-II and NSGA-III: the fitness is the key; else the objective, as the handling has it */
    bool niched; /* NSGA-III: survival by niching on 'directions', the key the front alone */
    struct nsga3 *nsga3;
    double *directions; /* ndirs rows of m */
    size_t ndirs;
    enum ga_constraint_handling handling;
    double weight;             /* GA_CONSTRAINTS_PENALTY */
    double level, level0;      /* the epsilon level now and at generation 0; 0 for Deb's rules */
    double reference[GA_OBJECTIVES_MAX];
    bool has_reference;
    const double *front; /* the true front, 'front_n' rows; NULL: not known */
    size_t front_n;
    double front_hv; /* its exact hypervolume for 'reference'; NaN: not known */
    /* Scratch for ranking up to 'cap' individuals (an island and its brood,
     * or the whole population for the statistics). */
    size_t cap;
    struct ga_pareto *pareto;
    double *points, *packed, *violation, *crowd, *value;
    size_t *rank, *members, *order;
};

/* The record of the individual in slot g. */
static inline double *run_mo_record(const struct run_mo *mo, const ga_gene *g)
{
    return (double *)(void *)(g + mo->at);
}
/* Sets up run->mo, run->copy and run->evaluate for the problem (false
 * with a diagnostic when its declaration or ga.mo do not fit); the stride
 * is ga_genome_stride(run->copy) after it. */
bool run_mo_setup(struct ga_run *run, struct ga_diag *d);
void run_mo_free(struct run_mo *mo);
/* The epsilon level: its start from generation 0 (run_mo_level_start)
 * and its value for the generation about to be made, each time with the
 * population's fitness made anew (single-objective schemes). */
void run_mo_level_start(struct ga_run *run);
void run_mo_level_step(struct ga_run *run);
/* The epsilon level's start in a checkpoint. */
void run_mo_pack(const struct run_mo *mo, struct ga_pack *p);
bool run_mo_unpack(struct run_mo *mo, struct ga_unpack *u);
/* The evaluation with records: fills g's record and returns 0 (NaN when
 * a value is not finite: the fitness check's fault); the fitness is the
 * key run_mo_key or run_mo_survive gives. */
double run_mo_evaluate(const struct ga_genome *gen, const ga_gene *g);
/* Gives the n individuals of genes (one every stride) their NSGA-II keys
 * in fitness[]: the front rank under constrained domination plus
 * 0.5 / (1 + crowding distance), lower better.  False (fitness untouched)
 * when a record is not finite. */
bool run_mo_key(struct ga_run *run, const ga_gene *genes, size_t n, double *fitness);
/* NSGA-II's survival of island k: the best N of its parents and brood by
 * those keys, into next_genes and next_fitness; NSGA-III's: by front and
 * niching (nsga3_select, its draws from r; NULL for NSGA-II), the survivors in their order
 * in the pool, each keyed by its front. */
void run_mo_survive(struct ga_run *run, size_t k, gsl_rng *r);
/* With constraints in a single-objective scheme: stats.best becomes the
 * best feasible fitness (while none is feasible, GA_INFEASIBLE (1 + the
 * least violation), as Deb's rules have it), and
 * a child's trail entry (hitting times) is at least GA_INFEASIBLE while it
 * is infeasible, so that no infeasible one reaches a target.
 * run_mo_trail_all gives generation 0's trail so (scratch of the run). */
void run_mo_best(struct ga_run *run);
static inline double run_mo_trail(const struct run_mo *mo, const ga_gene *g, double fitness)
{
    return mo->k && !mo->keyed && run_mo_record(mo, g)[mo->m] > 0 && fitness < GA_INFEASIBLE ? GA_INFEASIBLE
                                                                                            : fitness;
}
const double *run_mo_trail_all(struct ga_run *run);
/* The statistics of several objectives and constraints of the population. */
void run_mo_measure(struct ga_run *run);

/* Seconds since the run began (ga.stop.seconds, and what a checkpoint records). */
double run_elapsed(const struct ga_run *run);

#endif
