/* gaexp/op.h — variation operators as plug-ins: a const table each, chosen by name in a .cfg. */
#ifndef GA_OP_H
#define GA_OP_H

#include "gaexp/export.h"
#include <stdbool.h>
#include <gsl/gsl_rng.h>
#include "gaexp/genome.h"

GAEXP_API_BEGIN

/* A crossover makes two children from two parents.  Parents and children
 * never alias.  Given valid parents it must return valid children: the
 * operator repairs what it breaks.  It draws only from 'r'. */
struct ga_crossover {
    const char *name;    /* 'ga.crossover.name' in experiment files */
    const char *summary; /* one line for 'gaexp list' */
    unsigned kinds;      /* genome kinds it serves; 0 = only the problem that lists it */
    void (*apply)(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                  ga_gene *child_a, ga_gene *child_b);
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
};

/* How a mutation rate is read. */
enum ga_rate_unit {
    GA_PER_INDIVIDUAL, /* each child is mutated once with probability rate (the published GA, the DEA) */
    GA_PER_GENE,       /* each gene of each child is mutated with probability rate */
};

GAEXP_API_END

#endif
