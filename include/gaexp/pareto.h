/* gaexp/pareto.h — non-dominated sorting and crowding distance, the core of NSGA-II and NSGA-III. */
#ifndef GA_PARETO_H
#define GA_PARETO_H

#include <stdbool.h>
#include <stddef.h>
#include "gaexp/export.h"

GAEXP_API_BEGIN

/* Points are rows of m objective values, row-major (point i is f[i * m ..
 * i * m + m)), every objective minimised, no NaN.  a dominates b when a <= b
 * in every objective and a < b in one; equal points dominate neither other
 * and so always share a front.  Nothing is printed, nothing kept between
 * calls: a struct ga_pareto is scratch, one per thread. */

/* Scratch for ranking and crowding up to n_max points of m >= 1 objectives,
 * allocated once so that a generation loop need not call malloc.  NULL when
 * memory runs out or m = 0. */
struct ga_pareto *ga_pareto_alloc(size_t n_max, size_t m);
/* Frees p; NULL does nothing. */
void ga_pareto_free(struct ga_pareto *p);

/* rank[i] = the front of point i: 0 for the points no other dominates, then
 * 1 for those only front 0 dominates, and so on.  Returns the number of
 * fronts (0 when n = 0, and when n > n_max, which leaves rank untouched).
 * O(n log n) for m <= 2 (a sweep, Jensen 2003); O(n log^(m-1) n) for m >= 3
 * (Jensen's divide and conquer as generalised by Fortin et al. 2013, with
 * equal points merged first, as Buzdalov and Shalyto 2014 do). */
size_t ga_pareto_rank(struct ga_pareto *p, const double *f, size_t n, size_t *rank);

/* NSGA-II's crowding distance (Deb et al. 2002) of the k points
 * members[0 .. k) of one front: distance[i] is that of point members[i].
 * For each objective in turn the members are ordered by its value, equal
 * values by their place in 'members'; the first and the last of that order
 * get +infinity, each other member adds (next - previous) / (last - first)
 * of that objective (nothing when last = first).  So among equal points at an
 * end of the front, the one listed first is the boundary.  k <= 2 gives
 * +infinity to all.  Values must be finite.  False when k > n_max (distance
 * untouched). */
bool ga_pareto_crowding(struct ga_pareto *p, const double *f, const size_t *members, size_t k,
                        double *distance);

GAEXP_API_END

#endif
