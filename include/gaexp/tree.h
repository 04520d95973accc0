/* gaexp/tree.h — prefix-order expression trees in a flat genome, for genetic programming:
 * a problem of its own (built in or a plug-in) brings its primitive set in a struct
 * ga_tree_spec and gets the tree operators (subtree crossover, subtree and point mutation). */
#ifndef GA_TREE_H
#define GA_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <gsl/gsl_rng.h>
#include "gaexp/export.h"
#include "gaexp/genome.h"

GAEXP_API_BEGIN

/* A tree genome (GA_KIND_TREE) is stored as DEAP stores its primitive trees:
 * the nodes in prefix order, from gene 0, in a genome of fixed maximum
 * length.  Genes after the tree are 0, so equal trees are equal genomes.
 * Symbols [0, terminals) are leaves; symbols [terminals, terminals +
 * functions) are functions whose arity[] is given.
 *
 * THE CONTRACT: the state of a problem with a tree genome starts with a
 * struct ga_tree_spec, from which the generic tree operators read the
 * primitive set and the limits.  The problem fills it in 'configure' (with
 * ga_tree_spec_check) and keeps shape()'s length equal to max_len. */

#define GA_TREE_MAX_SYMBOLS 64
#define GA_TREE_MAX_ARITY 4
#define GA_TREE_MAX_LEN 1024

/* How leaves may be used. */
enum ga_tree_leaves {
    GA_TREE_LEAVES_FREE,      /* any terminal anywhere, any number of times */
    GA_TREE_LEAVES_EACH_ONCE, /* every terminal exactly once (the 24 game's cards) */
};

/* How random trees are grown (Koza's methods, as DEAP's genGrow/genFull/genHalfAndHalf). */
enum ga_tree_init {
    GA_TREE_INIT_RAMPED, /* depth ramped over [init_depth_min, init_depth_max], half grow, half full */
    GA_TREE_INIT_GROW,   /* any symbol until the depth limit */
    GA_TREE_INIT_FULL,   /* functions until the depth limit, leaves there */
};

struct ga_tree_spec {
    unsigned terminals;
    unsigned functions;
    unsigned char arity[GA_TREE_MAX_SYMBOLS]; /* of each symbol; 0 for terminals */
    enum ga_tree_leaves leaves;
    enum ga_tree_init init;
    unsigned init_depth_min, init_depth_max; /* free leaves: depth of random trees (root = 0) */
    unsigned max_depth;                      /* free leaves: the bloat limit on depth */
    size_t max_len;                          /* the genome length: the bloat limit on size */
};

/* Checks a filled spec; NULL when sound, else why not (a constant string).
 * With each-once leaves every function needs an arity of 2 or more (the
 * leaf count then fixes the size) and max_len must hold the largest tree. */
const char *ga_tree_spec_check(const struct ga_tree_spec *spec);

/* The spec of a tree genome: the first member of its problem's state. */
static inline const struct ga_tree_spec *ga_tree_spec_of(const struct ga_genome *gen)
{
    return (const struct ga_tree_spec *)gen->state;
}

/* One past the last node of the subtree rooted at 'start'. */
size_t ga_tree_subtree_end(const struct ga_tree_spec *spec, const ga_gene *g, size_t start);
/* Nodes in the tree (the whole genome from gene 0). */
size_t ga_tree_size(const struct ga_tree_spec *spec, const ga_gene *g);
/* Depth of the tree: 0 for a single leaf. */
unsigned ga_tree_depth(const struct ga_tree_spec *spec, const ga_gene *g);
/* True when g holds one well-formed tree within the limits, padded with 0,
 * using every terminal exactly once when the spec demands it. */
bool ga_tree_valid(const struct ga_tree_spec *spec, const ga_gene *g, size_t len);
/* A random tree by the spec's method (each-once: a random shape over a
 * random order of all terminals). */
void ga_tree_random(const struct ga_tree_spec *spec, gsl_rng *r, ga_gene *g);

/* The problem's init hook for tree genomes. */
void ga_tree_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g);

GAEXP_API_END

#endif
