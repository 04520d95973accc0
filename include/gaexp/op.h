/* gaexp/op.h — variation operators as plug-ins: a const table each, chosen by name in a .cfg. */
#ifndef GA_OP_H
#define GA_OP_H

#include "gaexp/export.h"
#include <stdbool.h>
#include <gsl/gsl_rng.h>
#include "gaexp/genome.h"

GAEXP_API_BEGIN

/* A number an operator reads from its own group of the experiment file
 * (ga.crossover.sbx.eta, ga.mutation.polynomial.eta): its name there, its
 * default and its range (both ends included), checked by the reader.  An
 * operator lists up to GA_OP_SETTINGS_MAX of them, the list ended by a
 * NULL name, and reads their values in a run through ga_crossover_setting
 * and ga_mutation_setting, in the list's order.  'gaexp list' and the
 * man page show them; sweeps and tune vary them like any setting. */
struct ga_op_setting {
    const char *name;
    double value;        /* the default */
    double min, max;
    const char *summary; /* one line, e.g. "distribution index: larger keeps children nearer" */
};
#define GA_OP_SETTINGS_MAX 4

/* A crossover makes two children from two parents, or one child when it
 * says so ('one_child': apply then writes child_a only and child_b is
 * NULL; edge recombination builds one tour, and a second would be a second
 * construction).  Parents and children never alias.  Given valid parents
 * it must return valid children: the operator repairs what it breaks.  It
 * draws only from 'r'.
 * How the run breeds with each: a two-child crossover crosses a pair of
 * parents with probability ga.crossover.rate and its two children fill two
 * slots (the second dropped when only one slot is left; not crossed, they
 * are copies of the parents).  A one-child crossover gives every child its
 * own pair of parents, drawn by the selection as two-child pairs are, and
 * crosses each pair with probability ga.crossover.rate (not crossed, the
 * child is a copy of the pair's first parent).  Either way a crossed child
 * is evaluated, one evaluation of the budget; a copy that no mutation
 * changed keeps its parent's fitness and costs none. */
struct ga_crossover {
    const char *name;    /* 'ga.crossover.name' in experiment files */
    const char *summary; /* one line for 'gaexp list' */
    unsigned kinds;      /* genome kinds it serves; 0 = only the problem that lists it */
    void (*apply)(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                  ga_gene *child_a, ga_gene *child_b);
    const struct ga_op_setting *settings; /* NULL: none */
    bool one_child; /* true: apply makes child_a alone (child_b NULL) */
};

/* A mutation changes one genome in place, one event at a time, and says
 * whether the genome changed (an unchanged child keeps its fitness).
 * 'at' mutates around gene 'pos' and serves both rate units: per gene it is
 * called for each gene drawn, per individual at one uniform position.
 * 'once' (may be NULL) replaces 'at' for the per-individual unit when the
 * operator chooses its own site, e.g. a node of a tree. */
struct ga_mutation {
    const char *name;
    const char *summary;
    unsigned kinds;
    bool (*at)(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos);
    bool (*once)(const struct ga_genome *gen, gsl_rng *r, ga_gene *g);
    const struct ga_op_setting *settings; /* NULL: none */
};

/* Setting i (in its list's order) of the crossover or mutation 'op' as the
 * run set it, or its default when gen carries no values (a genome made
 * outside a run, as tests make them). */
/* A local search (memetic algorithms: ga.local): improves the evaluated
 * genome g, of fitness *fitness, in place, spending at most 'budget'
 * evaluations, and returns those it spent; *fitness is then g's fitness.
 * An evaluation is a full one or its equivalent (a 2-opt move on a tour of
 * n cities, evaluated by its 4 changed edges, is 4/n of one): the run
 * counts them in its budget and its statistics.  Draws from r only;
 * called on several threads at once. */
struct ga_local {
    const char *name;
    const char *summary;
    unsigned kinds; /* the genome kinds it works on (GA_KIND_...) */
    unsigned long (*improve)(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, double *fitness,
                             unsigned long budget);
};

static inline double ga_crossover_setting(const struct ga_genome *gen, const struct ga_crossover *op, size_t i)
{
    return gen->crossover_settings ? gen->crossover_settings[i] : op->settings[i].value;
}

static inline double ga_mutation_setting(const struct ga_genome *gen, const struct ga_mutation *op, size_t i)
{
    return gen->mutation_settings ? gen->mutation_settings[i] : op->settings[i].value;
}

/* How roulette and sus turn a minimised fitness f (lower is better) into
 * the weight w that a draw is proportional to. */
enum ga_fitness_transform {
    GA_TRANSFORM_INVERSE, /* w = 1 / (1 + f - min(0, f_min)): 1/(1+f) when no fitness is negative */
    GA_TRANSFORM_WINDOW,  /* w = f_max - f: windowing by the worst, who gets weight 0 */
};

/* The settings of the ga.selection group every scheme may read. */
struct ga_selection_args {
    unsigned tournament;                 /* k >= 2 contestants ('tournament') */
    double pressure;                     /* s in [1, 2] ('rank') */
    double truncation;                   /* tau in (0, 1] ('truncation') */
    enum ga_fitness_transform transform; /* ('roulette', 'sus') */
};

/* Which of those settings a scheme reads: the others are refused in its group. */
enum {
    GA_SELECT_USES_TOURNAMENT = 1u << 0,
    GA_SELECT_USES_PRESSURE = 1u << 1,
    GA_SELECT_USES_TRUNCATION = 1u << 2,
    GA_SELECT_USES_TRANSFORM = 1u << 3,
};

/* A selection scheme picks parents from one island's fitness vector
 * (n >= 2 values, lower is better) as indices in [0, n).
 * 'prepare' (may be NULL) runs once per island and generation before any
 * draw and may fill 'work' (work_size(n) bytes, aligned for any type; NULL
 * work_size means none) with what the draws need, e.g. a cumulative table;
 * it draws no random numbers.  'draw' writes 'count' winners, reads 'work'
 * only (threads call it at once on the same work) and draws only from 'r':
 * the core seeds r per block, so a scheme gives the same run at any number
 * of threads or processes.  Non-finite weights or a zero total fall back to
 * a uniform draw.  With P_i the probability that individual i is drawn and
 * r_i its rank (0 = best; ties in population order):
 *   tournament  k drawn with replacement, the fittest wins (ties: the first drawn):
 *               P_i = ((n - r_i)/n)^k - ((n - r_i - 1)/n)^k for distinct fitness
 *   roulette    P_i = w_i / sum w (fitness-proportionate, one spin per parent)
 *   sus         stochastic universal sampling: 'count' equally spaced pointers
 *               on the same wheel from one spin, then shuffled; E[draws of i]
 *               = count P_i as roulette, with the least spread
 *   rank        linear ranking: P_i = (s - (2s - 2) r_i/(n - 1)) / n
 *   truncation  uniform among the m = max(1, round(tau n)) best: P_i = 1/m if r_i < m
 *   random      P_i = 1/n */
struct ga_selection {
    const char *name;    /* 'ga.selection.name' in experiment files */
    const char *summary; /* one line for 'gaexp list' */
    unsigned uses;       /* GA_SELECT_USES_* */
    size_t (*work_size)(size_t n);
    void (*prepare)(const struct ga_selection_args *a, const double *fitness, size_t n, void *work);
    void (*draw)(const struct ga_selection_args *a, const double *fitness, size_t n, const void *work,
                 gsl_rng *r, size_t count, size_t *winners);
};

/* How a mutation rate is read. */
enum ga_rate_unit {
    GA_PER_INDIVIDUAL, /* each child is mutated once with probability rate (the published GA, the DEA) */
    GA_PER_GENE,       /* each gene of each child is mutated with probability rate */
    /* The "fast" mutation (Doerr, Le, Makhmara, Nguyen, GECCO 2017): for
     * each child alpha is drawn from {1, ..., len/2} with probability
     * proportional to alpha^-beta (ga_params.mutation_beta > 1), then each
     * gene is mutated with probability alpha/len; the rate is not read. */
    GA_PER_FAST,
};

/* The variation of one part of a composite genome (GA_KIND_COMPOSITE),
 * read from its group of ga.parts: its crossover, applied with probability
 * crossover_rate when the pair is crossed (else the part is copied), and
 * its mutation, at mutation_rate per individual or per gene (not fast),
 * each with its settings' values in their lists' order. */
struct ga_variation {
    const struct ga_crossover *crossover;
    double crossover_rate;
    double crossover_settings[GA_OP_SETTINGS_MAX];
    const struct ga_mutation *mutation;
    double mutation_rate;
    enum ga_rate_unit mutation_unit;
    double mutation_settings[GA_OP_SETTINGS_MAX];
};

/* A part of a composite genome as its operators see it in a run: 'gen' is
 * the part alone (its len, alphabet, kind, reals and bounds, and its
 * variation's settings), its genes start at gene 'offset' of the whole. */
struct ga_genome_part {
    const char *name;
    size_t offset;
    struct ga_genome gen;
    const struct ga_variation *variation;
};

GAEXP_API_END

#endif
