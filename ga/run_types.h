/* ga/run_types.h — struct ga_run: what the loop, breeding, the faults, the link, the schemes and the state share; private to the library. */
#ifndef GA_RUN_TYPES_H
#define GA_RUN_TYPES_H

#include <math.h>
#include <stdint.h>
#include <time.h>
#include <gsl/gsl_rng.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "gaexp/rng.h"
#include "gaexp/run.h"
#include "ga/select.h"

/* A per-gene mutation's walk from hit to hit (ga/breed.c, breed_gene_gap):
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
    const struct ga_scheme *scheme; /* params.scheme, resolved: never NULL */
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
    ga_gene *brood;                   /* islands * the scheme's brood: children apart from the population */
    double *brood_fitness;
    size_t brood_per;                 /* the scheme's brood an island (0: none) */
    struct ga_select_key *survivor_keys; /* islands * (N + brood_per), when the scheme ranks its survivors */
    /* The generation's children in the order they count (run_trail_scan):
     * island k's at k * trail_per, each child's fitness, or NaN when it was
     * not evaluated (a copy; a NaN fitness stops the run as a fault before
     * the trail is read). */
    double *trail;
    size_t trail_per; /* the scheme's children: the most a generation of one island makes */
    /* With a local search: the evaluations each trail entry (and each
     * individual of generation 0) cost, 1 + the local search's; NULL
     * without one (each costs 1).  max(total, islands * trail_per). */
    unsigned long *trail_cost;
    ga_gene *local_spare; /* per thread: the copy a Baldwinian local search improves */
    void *scheme_state;   /* the scheme's own (its alloc and release), NULL when it has none */

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

/* The thread running this code (0 without OpenMP). */
static inline unsigned run_thread(void)
{
#ifdef _OPENMP
    return (unsigned)omp_get_thread_num();
#else
    return 0;
#endif
}

/* This thread's generator, seeded for block 'block' of generation
 * 'generation': every block of work draws from a stream of its own. */
static inline gsl_rng *run_stream(struct ga_run *run, uint64_t generation, uint64_t block)
{
    gsl_rng *r = run->rngs[run_thread()];
    gsl_rng_set(r, (unsigned long)ga_rng_stream_seed(run->seed, generation, block));
    return r;
}

/* Seconds since the run began (ga.stop.seconds, and what a checkpoint records). */
double run_elapsed(const struct ga_run *run);

#endif
