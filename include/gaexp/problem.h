/* gaexp/problem.h — the problem plug-in: a const table of the GA hooks plus the size of its state, its optional tables by concern and their accessors. */
#ifndef GA_PROBLEM_H
#define GA_PROBLEM_H

#include "gaexp/export.h"
#include <stdbool.h>
#include <stdio.h>
#include <gsl/gsl_rng.h>
#include "gaexp/genome.h"
#include "gaexp/op.h"
#include "gaexp/stats.h"

GAEXP_API_BEGIN

struct ga_cfg;
struct config_setting_t;

/* THE FITNESS CONVENTION of the whole code base: fitness is a non-negative
 * number, lower is better, and 0 is the optimum (a run is solved at
 * ga.stop.fitness, 0 by default).  Problems that maximise (OneMax, Forty
 * Thieves) report the distance from their optimum. */
#define GA_FITNESS_SOLVED 0.0

/* The variation a problem uses when the experiment file does not say. */
struct ga_problem_defaults {
    const char *crossover;
    double crossover_rate;
    const char *mutation;
    double mutation_rate;
    enum ga_rate_unit mutation_unit;
};

/* One generation's population, as a problem's 'measure' hook sees it:
 * individual i (0 <= i < n) is genes + i * stride with fitness[i]; 'best'
 * is the first individual with the best fitness.  With islands it is all
 * of them, in island order. */
struct ga_population {
    const ga_gene *genes;
    size_t stride, n, best;
    const double *fitness;
};

/* A COMPOSITE GENOME (GA_KIND_COMPOSITE) is several parts, each of its
 * own kind (bits, ints, perm, distinct or real) with its own operators
 * chosen in the experiment file (ga.parts.NAME.crossover and .mutation).
 * A part as the problem declares it (struct ga_problem_genome's 'parts'):
 * 'len' genes of 'alphabet' symbols, or for a real part 'len' reals within
 * lower[i] .. upper[i] (arrays that live in the state), i.e.
 * GA_REAL_LEN(len) genes.  'defaults' is its variation when ga.parts does
 * not say (the unit individual or gene). */
struct ga_problem_part {
    const char *name; /* its group in ga.parts: a-z, 0-9 and '_', unique */
    enum ga_genome_kind kind;
    size_t len;
    unsigned alphabet;           /* not for a real part (its genes take every 16-bit value) */
    const double *lower, *upper; /* a real part only */
    struct ga_problem_defaults defaults;
};
/* The most parts a composite genome has. */
#define GA_PARTS_MAX 8
/* The layout of a composite genome: part i starts at offsets[i] (NULL: not
 * wanted), the first at 0 and each next one at the end of the one before
 * rounded up to a multiple of GA_GENES_PER_REAL genes (8 bytes, so that a
 * real part is a double view, as a whole real genome is).  Returns the
 * genome's length; *alphabet (NULL: not wanted) the largest part's
 * alphabet, 65536 with a real part. */
size_t ga_parts_layout(const struct ga_problem_part *parts, size_t n, size_t *offsets, unsigned *alphabet);

/* Statistics of a problem's own, written to generations.csv after the
 * standard columns (GA_STATS_COLUMNS) and kept in struct ga_stats's
 * 'problem' array.  'names' names them, NULL-terminated: 1 to
 * GA_STATS_PROBLEM_MAX names of 1 to 31 characters from a-z, 0-9 and '_',
 * none a standard column, none twice (ga_problem_columns_check; the
 * registry and ga_run_alloc refuse others).  'measure' (required) writes
 * one value per column for the current population: once per generation,
 * after the standard statistics, from one thread, reading the state only.
 * It must depend on the population alone (not on the thread count or the
 * time), so the columns are the same bits at any thread or rank count and
 * after resume.  NaN writes an empty cell. */
struct ga_problem_columns {
    const char *const *names;
    void (*measure)(const struct ga_genome *gen, const struct ga_population *pop, double *values);
};

/* SEVERAL OBJECTIVES AND CONSTRAINTS.  A problem with this table has
 * m >= 1 objectives, each minimised (as fitness is), and k >= 0
 * constraints; its 'evaluate' hook is not called (it may be NULL), and
 * the core keeps each individual's objective values and total violation
 * beside its genes.  Without the table a problem has one objective, its
 * fitness, and no constraint: today's contract, at today's cost.
 * A constraint's violation is <= 0 when it holds and the amount by which
 * it fails otherwise, each scaled by the problem so that the violations of
 * one genome may be added up: an individual's total violation is the sum
 * of max(v_j, 0).  Feasible beats infeasible, and of two infeasible the
 * smaller total violation wins (Deb's feasibility rules); how several
 * objectives are compared is the scheme's (ga.scheme.name). */
#define GA_OBJECTIVES_MAX 8
#define GA_CONSTRAINTS_MAX 32
struct ga_problem_objectives {
    /* The configured instance's m (1 .. GA_OBJECTIVES_MAX) and k
     * (0 .. GA_CONSTRAINTS_MAX). */
    void (*count)(const void *state, size_t *m, size_t *k);
    /* Writes g's m objective values into f and, when k > 0, its k
     * violations into v.  Called as 'evaluate' is (several threads at
     * once on distinct genomes); every value finite (NaN or an infinity
     * stops the run as a fault). */
    void (*evaluate)(const struct ga_genome *gen, const ga_gene *g, double *f, double *v);
    /* Optional (NULL: "f1", "f2", ...): objective j's name for the column
     * headers of front.csv, of the same characters as a column's. */
    const char *(*name)(const void *state, size_t j);
    /* Optional: the reference point ref[0 .. m) of the hypervolume for the
     * configured instance; false (or NULL) when it has none, and then the
     * experiment file must give ga.mo.reference for the hypervolume. */
    bool (*reference)(const void *state, double *ref);
    /* Optional: the true Pareto front, sampled (rows of m values, in the
     * state), for IGD and IGD+ and for the figures, and *hv its exact
     * hypervolume for the reference point above (NAN: unknown); returns
     * the number of rows, 0 when the front is not known. */
    size_t (*front)(const void *state, const double **points, double *hv);
};

/* A problem is a const table; the core callocs 'state_size' bytes per
 * instance, hands them to 'configure' and never writes them afterwards.
 * Required hooks: configure, shape, init, evaluate (but with the
 * evaluation table's objectives), valid, print (the contract test,
 * tests/test_registry.c, checks every registered problem with them).
 * Optional (NULL allowed): release, and the three tables of optional
 * concerns below, any member of which may be NULL unless it says otherwise.
 * Hooks other than configure and release take the state read-only through
 * 'gen->state' and keep no pointers.  init, evaluate and valid are called
 * from several threads at once (ga.threads > 1), on distinct genomes of the
 * same state: they must not write the state or any static variable. */
struct ga_problem {
    const char *name;    /* 'problem.name' in experiment files */
    const char *summary; /* one line for 'gaexp list' */
    enum ga_genome_kind kind; /* picks the generic operators */
    size_t state_size;   /* bytes the core callocs per instance */

    /* Reads the 'problem' group through the validating reader; returns
     * false after adding diagnostics. */
    bool (*configure)(void *state, struct ga_cfg *cfg, struct config_setting_t *group);
    /* Genome length and alphabet of a configured instance. */
    void (*shape)(const void *state, size_t *len, unsigned *alphabet);
    void (*init)(const struct ga_genome *gen, gsl_rng *r, ga_gene *g);
    double (*evaluate)(const struct ga_genome *gen, const ga_gene *g);
    /* True when g is a valid genome (tests and checks; the run trusts operators). */
    bool (*valid)(const struct ga_genome *gen, const ga_gene *g);
    /* Writes g in the problem's own notation, ending with a newline. */
    void (*print)(const struct ga_genome *gen, const ga_gene *g, FILE *out);
    void (*release)(void *state);

    /* Optional tables by concern (below), NULL when the problem has none of it. */
    const struct ga_problem_variation *variation;   /* the experiment file's side: example, defaults, operators */
    const struct ga_problem_genome *genome;         /* a real genome's bounds, a composite's parts, packed twin */
    const struct ga_problem_evaluation *evaluation; /* objectives, statistics columns, function name, in bulk */
};

/* The experiment file's side of a problem: what a file may leave out, and
 * the operators and local searches it may choose besides the generic ones.
 * Without the table (or a default): no example, no defaults (an experiment
 * file must name the crossover and the mutation), no operators of its own. */
struct ga_problem_variation {
    /* The settings the 'problem' group needs besides its name, when some
     * have no default (e.g. "cards = [3, 3, 8, 8];"); NULL when none do.
     * 'gaexp list' shows it and the tests configure every problem with it. */
    const char *example;
    struct ga_problem_defaults defaults; /* what an experiment file may leave out */
    /* Operators of this problem only, NULL-terminated; NULL for none. */
    const struct ga_crossover *const *crossovers;
    const struct ga_mutation *const *mutations;
    /* Local searches of this problem (ga.local.name), NULL-terminated; NULL for none. */
    const struct ga_local *const *locals;
};

/* The hooks of struct ga_problem_genome, as its accessors return them. */
typedef void (*ga_problem_bounds_fn)(const void *state, size_t *reals, const double **lower, const double **upper);
typedef size_t (*ga_problem_parts_fn)(const void *state, const struct ga_problem_part **parts);
/* A genome kind's extras: each member serves one kind. */
struct ga_problem_genome {
    /* A real-valued problem's (GA_KIND_REAL, required there): its number
     * of real genes and their bounds, which live in the state.  Its shape
     * hook must then give len = GA_REAL_LEN(reals) and alphabet 65536
     * (every 16-bit pattern: the core's generic operators see a real
     * genome as 16-bit genes). */
    ga_problem_bounds_fn bounds;
    /* A composite problem's (GA_KIND_COMPOSITE, required there): points
     * *parts at the configured instance's parts, 1 to GA_PARTS_MAX of them
     * (in its state or static), and returns their count.  The genome is
     * their segments one after another, where ga_parts_layout says; the
     * genes between segments are 0 ('init' writes them so, the operators
     * keep them so).  The shape hook gives the length and alphabet
     * ga_parts_layout returns. */
    ga_problem_parts_fn parts;
    /* A bits problem's packed storage (gaexp/genome.h, GA_KIND_PACKED),
     * NULL when it has none: the table of the same problem on packed
     * genomes, which 'problem.packed = true;' runs instead of this one.  It
     * has the same name, state_size, configure (or one that also refuses
     * what packing cannot serve) and shape, whose len is then the number
     * of bits (the core makes gen->len GA_PACKED_LEN of it); its other
     * hooks and tables take packed genomes (ga_genome_packed_init and
     * ga_genome_packed_valid serve most).  Its own 'packed' is NULL. */
    const struct ga_problem *packed;
};

/* The hooks of struct ga_problem_evaluation, as its accessors return them. */
typedef const char *(*ga_problem_function_name_fn)(const void *state);
typedef void (*ga_problem_evaluate_batch_fn)(const struct ga_genome *gen, const ga_gene *genes, size_t stride,
                                             size_t n, double *fitness);
/* What evaluating gives besides one fitness, and evaluating in bulk. */
struct ga_problem_evaluation {
    /* Several objectives or constraints (above), NULL for one objective
     * (the fitness 'evaluate' returns) and none. */
    const struct ga_problem_objectives *objectives;
    const struct ga_problem_columns *columns; /* statistics of its own (above) */
    /* The configured instance's function as its benchmark suite names it
     * (IOHexperimenter's "LeadingOnes"), for exports; NULL: the problem's name. */
    ga_problem_function_name_fn function_name;
    /* Optional (NULL: evaluate, one genome a call): the fitness of n
     * genomes at once, genome i at genes + i * stride (stride >= len genes,
     * the padding zero) into fitness[i], each the same bits evaluate gives
     * it (the contract test checks; ga.check compares every individual
     * with evaluate again), so a run is the same file whichever the core
     * calls.  Called from several threads at once on distinct blocks, as
     * evaluate is.  The core hands it the children of a breeding block
     * that need evaluating (those that neither crossover nor mutation
     * changed keep their parent's fitness, and are not in it) in runs of
     * neighbouring slots, and generation 0's blocks of 64; with a local
     * search (ga.local), whose draws follow each evaluation, and in the
     * random, CMA-ES and (1+(lambda,lambda)) schemes it calls evaluate. */
    ga_problem_evaluate_batch_fn evaluate_batch;
};

/* ACCESSORS of the optional tables: ga_problem_X(p) is p's member X, or
 * NULL when p has not the table that holds it (ga_problem_defaults: zero
 * defaults), so that a caller tests the member alone. */
static inline const char *ga_problem_example(const struct ga_problem *p)
{
    return p->variation ? p->variation->example : NULL;
}
static inline struct ga_problem_defaults ga_problem_defaults(const struct ga_problem *p)
{
    return p->variation ? p->variation->defaults : (struct ga_problem_defaults){0};
}
static inline const struct ga_crossover *const *ga_problem_crossovers(const struct ga_problem *p)
{
    return p->variation ? p->variation->crossovers : NULL;
}
static inline const struct ga_mutation *const *ga_problem_mutations(const struct ga_problem *p)
{
    return p->variation ? p->variation->mutations : NULL;
}
static inline const struct ga_local *const *ga_problem_locals(const struct ga_problem *p)
{
    return p->variation ? p->variation->locals : NULL;
}
static inline ga_problem_bounds_fn ga_problem_bounds(const struct ga_problem *p)
{
    return p->genome ? p->genome->bounds : NULL;
}
static inline ga_problem_parts_fn ga_problem_parts(const struct ga_problem *p)
{
    return p->genome ? p->genome->parts : NULL;
}
static inline const struct ga_problem *ga_problem_packed(const struct ga_problem *p)
{
    return p->genome ? p->genome->packed : NULL;
}
static inline const struct ga_problem_objectives *ga_problem_objectives(const struct ga_problem *p)
{
    return p->evaluation ? p->evaluation->objectives : NULL;
}
static inline const struct ga_problem_columns *ga_problem_columns(const struct ga_problem *p)
{
    return p->evaluation ? p->evaluation->columns : NULL;
}
static inline ga_problem_function_name_fn ga_problem_function_name(const struct ga_problem *p)
{
    return p->evaluation ? p->evaluation->function_name : NULL;
}
static inline ga_problem_evaluate_batch_fn ga_problem_evaluate_batch(const struct ga_problem *p)
{
    return p->evaluation ? p->evaluation->evaluate_batch : NULL;
}

/* The number of columns p declares (0 when none). */
size_t ga_problem_column_count(const struct ga_problem *p);
/* NULL when p's columns are well declared; otherwise why not ("clashes
 * with a standard column of generations.csv", ...), with *bad the index of
 * the offending column (or the count, when the hooks do not match). */
const char *ga_problem_columns_check(const struct ga_problem *p, size_t *bad);

GAEXP_API_END

#endif
