/* gaexp/run.h — one evolutionary run: alloc, init, iterate, free (after GSL's solvers). */
#ifndef GA_RUN_H
#define GA_RUN_H

#include "gaexp/export.h"
#include <stdbool.h>
#include <stdint.h>
#include <gsl/gsl_rng.h>
#include "gaexp/diag.h"
#include "gaexp/op.h"
#include "gaexp/pack.h"
#include "gaexp/problem.h"
#include "gaexp/stats.h"

GAEXP_API_BEGIN

/* Island model topologies: where an island's migrants go. */
enum ga_topology {
    GA_TOPOLOGY_RING,     /* island i sends to island i + 1 (the last to the first) */
    GA_TOPOLOGY_COMPLETE, /* every island sends to every other */
};

/* Islands spread over several processes (MPI ranks, or anything that can
 * gather).  Process 'rank' of 'ranks' breeds islands [rank K / ranks,
 * (rank + 1) K / ranks) and 'gather' makes every process's population
 * whole again after each generation, so that elitism, migration,
 * statistics and stop rules, computed alike in every process, give each
 * the run one process would make.  gather(ctx, block, sizes, offsets) is
 * an in-place all-gather (MPI_Allgatherv with MPI_IN_PLACE): process p
 * owns bytes [offsets[p], offsets[p] + sizes[p]) of block, and on return
 * every process holds every part. */
struct ga_link {
    unsigned rank, ranks;
    void *ctx;
    void (*gather)(void *ctx, void *block, const size_t *sizes, const size_t *offsets);
};

/* Replacement schemes (ga.scheme.name): how the next population is made,
 * each a const type of the library's ('gaexp list' shows them).  A
 * generation is one pass of the scheme over every island. */
struct ga_scheme;
/* Scheme i of the library's table, the first (generational) the default;
 * NULL past the last. */
const struct ga_scheme *ga_scheme_at(size_t i);
/* The scheme named 'name' (ga.scheme.name), NULL when there is none. */
const struct ga_scheme *ga_scheme_find(const char *name);
const char *ga_scheme_name(const struct ga_scheme *s);
const char *ga_scheme_summary(const struct ga_scheme *s);
/* The most settings of a scheme's own (ga.scheme.NAME's group). */
#define GA_SCHEME_SETTINGS_MAX 4

/* How a run with constraints compares individuals (ga.constraints.name). */
enum ga_constraint_handling {
    /* Deb's feasibility rules (Deb 2000): feasible beats infeasible, of two
     * infeasible the smaller total violation wins, of two feasible the
     * better objective.  In a single-objective scheme an infeasible
     * individual's fitness is GA_INFEASIBLE (1 + its total violation),
     * above every feasible fitness, so every selection and replacement
     * keeps the rules; NSGA-II ranks by constrained domination. */
    GA_CONSTRAINTS_DEB,
    /* A static penalty: fitness f + weight * total violation (single
     * objective schemes only). */
    GA_CONSTRAINTS_PENALTY,
    /* Takahama and Sakai's epsilon level (2006): a total violation up to
     * epsilon counts as feasible; epsilon starts at the violation of the
     * theta-th individual of generation 0 (theta = share N) and falls as
     * epsilon0 (1 - t / T)^cp to 0 at generation T. */
    GA_CONSTRAINTS_EPSILON,
};
/* The fitness of an infeasible individual under Deb's rules is this
 * times 1 + its total violation: beyond any feasible fitness, ordered by
 * violation (violations closer than a relative 2^-52 of 1 + V tie);
 * a feasible fitness stays below it, about 2e90, and the population's
 * statistics (their squares) stay finite for a violation below 1e50. */
#define GA_INFEASIBLE 0x1p300

/* Everything that defines a run besides the problem and the seed. */
struct ga_params {
    size_t population;               /* N >= 1 per island; 1 only with a scheme that serves it (no selection then) */
    unsigned long generations;       /* stop after this many generations after generation 0 */
    unsigned long long evaluations;  /* stop once this many were spent; 0 = no limit */
    double seconds;                  /* wall-time limit; 0 = none (makes a run irreproducible) */
    double stop_fitness;             /* the target: a run succeeds once its best <= this */
    bool stop_at_target;             /* reaching the target ends the run */
    unsigned long stagnation;        /* stop after this many generations without a new best; 0 = never */
    unsigned long long stagnation_evaluations; /* ... or this many evaluations; 0 = never */
    const struct ga_selection *selection; /* parent selection; NULL = tournament */
    struct ga_selection_args select;      /* its settings (select.tournament >= 2 for tournament) */
    /* The replacement scheme (NULL: the first, generational), its
     * children per generation (per step for steady) and island, and the
     * values of its own settings, in the order its type reads them from
     * ga.scheme.NAME.  ga_experiment_alloc fills them; a program that fills
     * the parameters itself takes the defaults from ga_scheme_defaults. */
    const struct ga_scheme *scheme;
    size_t lambda;
    double scheme_settings[GA_SCHEME_SETTINGS_MAX];
    double crossover_rate;           /* probability that a pair of parents is crossed */
    double mutation_rate;            /* probability per individual or per gene, see unit */
    enum ga_rate_unit mutation_unit;
    /* Per gene or fast: a child the walk over its genes leaves without a
     * single mutation is drawn again, until at least one (the "resampling"
     * of runtime theory: the number of mutations conditioned on >= 1). */
    bool mutation_resample;
    double mutation_beta;            /* GA_PER_FAST: the power law's exponent, > 1 */
    const struct ga_crossover *crossover;
    const struct ga_mutation *mutation;
    /* The values of the operators' own settings, in their lists' order. */
    double crossover_settings[GA_OP_SETTINGS_MAX];
    double mutation_settings[GA_OP_SETTINGS_MAX];
    /* A composite problem: the variation of each of its parts, in the
     * problem's order (crossover and mutation above are then those of the
     * whole genome, "parts" by default, which apply these). */
    struct ga_variation parts[GA_PARTS_MAX];
    bool evaluate_all;               /* evaluate unchanged children too (the benchmark GA) */
    /* Local search (ga.local): applied with probability local_rate to each
     * evaluated child and initial individual, at most local_budget
     * evaluations each; Lamarckian (the improved genome replaces the
     * child) or Baldwinian (only its fitness does).  NULL: none. */
    const struct ga_local *local;
    double local_rate;
    unsigned long local_budget;
    bool local_baldwinian;
    bool diversity;                  /* compute the diversity statistic */
    /* Checks the hooks as the run goes (slower; for a new plug-in): every
     * genome init, a crossover or a mutation makes must be valid (genes in
     * the alphabet, and the problem's 'valid'), and after each generation
     * every individual is evaluated again, in another order on at least two
     * threads, and must get the same fitness bits (a data race or hidden
     * state in 'evaluate' shows so).  The first failure stops the run with
     * GA_STOP_FAULT.  The run is otherwise the same, bit for bit. */
    bool check;
    unsigned threads;                /* OpenMP threads; results do not depend on it */
    const gsl_rng_type *rng_type;
    /* The island model: 'islands' populations of N, each bred on its own
     * (selection and elitism within the island); every migration_interval
     * generations each island sends copies of its migration_size best to
     * its neighbours in the topology, where they replace the worst.  One
     * island (0 counts as 1) is the plain panmictic GA. */
    unsigned islands;
    unsigned long migration_interval;
    size_t migration_size;
    enum ga_topology topology;
    const struct ga_link *link; /* NULL: every island in this process; borrowed, outlives the run */
    /* Several objectives (ga.mo.reference): the hypervolume's reference
     * point, mo_reference_count = m values; 0: the problem's own, if any. */
    double mo_reference[GA_OBJECTIVES_MAX];
    size_t mo_reference_count;
    /* Constraints (ga.constraints): the handling, the penalty's weight,
     * and the epsilon level's share theta, generations T and exponent cp. */
    enum ga_constraint_handling constraints;
    double penalty_weight;
    double epsilon_share;
    unsigned long epsilon_generations;
    double epsilon_exponent;
};

/* Sets p's scheme to s (NULL: the default) with the defaults of its
 * settings and lambda for p->population, as an experiment file that names
 * s and says nothing more of it would. */
void ga_scheme_defaults(const struct ga_scheme *s, struct ga_params *p);
/* The value of p's scheme's setting 'name' (as ga.scheme.NAME names it,
 * e.g. "elite"; a choice is the index of its word), or set it; false when
 * the scheme has no such setting.  ga_run_alloc checks the values. */
bool ga_scheme_setting(const struct ga_params *p, const char *name, double *value);
bool ga_scheme_set(struct ga_params *p, const char *name, double value);

/* Why iterate stopped, or GA_CONTINUE: the word summary.csv's 'stop'
 * column holds, and the text of messages. */
#define GA_STOP_LIST(X)                                                  \
    X(GA_CONTINUE, "running", "running")                                 \
    X(GA_STOP_GENERATIONS, "generations", "generation limit")            \
    X(GA_STOP_EVALUATIONS, "evaluations", "evaluation budget")           \
    X(GA_STOP_SECONDS, "seconds", "time limit")                          \
    X(GA_STOP_FITNESS, "target", "target fitness reached")               \
    X(GA_STOP_STAGNATION, "stagnation", "no improvement (stagnation)")        \
    X(GA_STOP_FAULT, "fault", "a hook broke its contract (ga_run_fault)")

enum ga_stop {
#define GA_STOP_ENUM(code, word, text) code,
    GA_STOP_LIST(GA_STOP_ENUM)
#undef GA_STOP_ENUM
};
/* The text of a stop reason, e.g. "target fitness reached". */
const char *ga_stop_text(enum ga_stop s);
/* Its word, e.g. "target"; ga_stop_parse reads back the word of a run
 * that ended (false when unknown, and for "running" and "fault"). */
const char *ga_stop_word(enum ga_stop s);
bool ga_stop_parse(const char *word, enum ga_stop *out);

/* The islands each island receives migrants from: its one neighbour on a
 * ring, every other island when complete. */
size_t ga_params_migration_sources(const struct ga_params *p);

struct ga_run;

/* Copies what it needs from params; the problem instance 'state' (from
 * ga_problem_configure) is borrowed and must outlive the run.  NULL with
 * a diagnostic when the parameters do not fit together. */
struct ga_run *ga_run_alloc(const struct ga_problem *problem, const void *state,
                            const struct ga_params *params, struct ga_diag *diag);
/* Frees the run (not the problem instance); NULL does nothing. */
void ga_run_free(struct ga_run *run);

/* Builds and evaluates generation 0 from 'seed'; statistics become valid.
 * GA_CONTINUE, or GA_STOP_FAULT when a hook broke its contract (below). */
enum ga_stop ga_run_init(struct ga_run *run, uint64_t seed);
/* Breeds one generation, or says why the run is over (then nothing changes). */
enum ga_stop ga_run_iterate(struct ga_run *run);

/* THE FITNESS CHECK.  Every fitness 'evaluate' returns is checked as it is
 * produced: NaN, an infinity or a value below GA_FITNESS_SOLVED breaks the
 * fitness convention (gaexp/problem.h).  The run then stops with
 * GA_STOP_FAULT (from ga_run_init, or from this and every later
 * ga_run_iterate) and ga_run_fault says what happened: the first fault in
 * the generation's own order, so the same one at any thread count.  With
 * params.check more faults are looked for (see struct ga_params). */
enum ga_fault_kind {
    GA_FAULT_FITNESS,    /* evaluate returned 'value', not a finite number >= 0 */
    GA_FAULT_INVALID,    /* the hook 'hook' made a genome that is not valid */
    GA_FAULT_REPEAT,     /* evaluate gave 'value', then 'again' for the same genome */
};
struct ga_fault {
    enum ga_fault_kind kind;
    const char *hook;         /* "evaluate", "init", "crossover", "mutation" or "local" */
    const char *name;         /* the problem's or the operator's name */
    unsigned long generation; /* the generation being made */
    size_t individual;        /* its place in the population or the children */
    double value, again;
    const ga_gene *genes;     /* the genome at fault (len genes), valid while the run lives */
    unsigned rank;            /* with a link: the process that found it (its genes only there) */
};
/* What stopped the run with GA_STOP_FAULT; NULL when nothing did. */
const struct ga_fault *ga_run_fault(const struct ga_run *run);

/* The statistics of the current generation (valid until the next iterate). */
const struct ga_stats *ga_run_stats(const struct ga_run *run);
/* The genome shape every hook of the run receives. */
const struct ga_genome *ga_run_genome(const struct ga_run *run);
/* The best individual of the current population (the best ever with an
 * elite, plus or steady replacing the worst). */
const ga_gene *ga_run_best(const struct ga_run *run);
/* Individual i of the current population and its fitness; with islands the
 * population is all of them, island k holding individuals k N .. k N + N - 1,
 * and the statistics are over all of them. */
const ga_gene *ga_run_individual(const struct ga_run *run, size_t i);
double ga_run_fitness(const struct ga_run *run, size_t i);
/* SEVERAL OBJECTIVES AND CONSTRAINTS (struct ga_problem_evaluation's objectives).
 * Then an individual's fitness is its NSGA-II key, the front rank under
 * constrained domination plus 0.5 / (1 + crowding distance) (so every
 * selection scheme compares by front, then by crowding), there is no
 * target fitness, and each individual has a record: its m objective
 * values, then its total violation (0: feasible).
 * The number of objectives m (0 when the problem has no objectives
 * table) and of constraints in *constraints (NULL: not wanted). */
size_t ga_run_objectives(const struct ga_run *run, size_t *constraints);
/* Individual i's record (m + 1 values), NULL without an objectives table. */
const double *ga_run_record(const struct ga_run *run, size_t i);
/* The current population's feasible non-dominated individuals, each
 * distinct point once (its first individual), in population order, into
 * members[] (room for the population); returns their count (0 when none
 * is feasible or without an objectives table). */
size_t ga_run_front(struct ga_run *run, size_t *members);
/* The generation in which the best fitness so far was first reached (the
 * current best with an elite; without one the population may have lost it). */
unsigned long ga_run_generation_found(const struct ga_run *run);
/* Exact hitting times.  The evaluations of a generation count in a fixed
 * order, the same at any thread or process count: island by island, each
 * island's children in the order they are bred (a steady-state island's
 * step by step); a child that is a copy is not evaluated and not counted.
 * The evaluation (counted from 1 at the run's first) that first reached
 * the best fitness so far, and the one that first reached the target
 * (params.stop_fitness; 0 while not reached), the run stopping there or
 * not: the first in the generation whose population reached it (a
 * steady-state child replaced again within its generation is no hit). */
unsigned long long ga_run_evaluations_found(const struct ga_run *run);
unsigned long long ga_run_evaluations_to_target(const struct ga_run *run);
/* The best fitness so far, over every generation of the run. */
double ga_run_best_ever(const struct ga_run *run);
/* Whether the run reached its target: best so far <= params.stop_fitness. */
bool ga_run_succeeded(const struct ga_run *run);

/* CHECKPOINTS.  The whole state between two generations (seed, counters,
 * statistics, population and fitness, the seconds run so far) appended to
 * p; nothing else is needed to go on, since every generation's random
 * streams derive from (seed, generation, block).  The bytes are those of
 * this machine (gaexp/pack.h): read them back on the same build. */
void ga_run_pack(const struct ga_run *run, struct ga_pack *p);
/* Restores what ga_run_pack wrote into a run of the same experiment
 * (instead of ga_run_init); false when the data is short or was written
 * for another population or genome (the run is then as before). */
bool ga_run_unpack(struct ga_run *run, struct ga_unpack *u);

GAEXP_API_END

#endif
