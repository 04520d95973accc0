/* ga/select.h — parent selection: the tournament, the default scheme of the core. */
#ifndef GA_SELECT_H
#define GA_SELECT_H

#include <stddef.h>
#include <gsl/gsl_rng.h>

#include "gaexp/op.h"

/* k contestants drawn uniformly with replacement from n; the lowest
 * fitness wins, and on a tie the contestant drawn first. */
size_t ga_select_tournament(const double *fitness, size_t n, unsigned k, gsl_rng *r);

/* The winners of count such tournaments, exactly as count calls of
 * ga_select_tournament draw them; the contestants are drawn ahead and their
 * fitness fetched together, so that in a population larger than the caches
 * the misses overlap instead of following one another. */
void ga_select_tournaments(const double *fitness, size_t n, unsigned k, gsl_rng *r, size_t count,
                           size_t *winners);

/* An individual's place in a ranking: by fitness, ties in population order
 * (the order of the elite, of migrants and of rank-based selection). */
struct ga_select_key {
    double fitness;
    size_t index;
};
/* keys[0 .. n) = the n individuals of fitness[], best first, each index
 * plus 'offset'. */
void ga_select_rank(const double *fitness, size_t n, size_t offset, struct ga_select_key *keys);
/* Sorts keys best first, ties by index. */
void ga_select_sort(struct ga_select_key *keys, size_t n);

/* The default scheme: ga_select_tournaments with k = args->tournament. */
extern const struct ga_selection ga_selection_tournament;

#endif
