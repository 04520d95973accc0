/* ga/nsga3.h — NSGA-III's reference directions and environmental selection (library-internal, not installed). */
#ifndef GA_NSGA3_H
#define GA_NSGA3_H

#include <stdbool.h>
#include <stddef.h>
#include <gsl/gsl_rng.h>

/* ---- reference directions (Das and Dennis 1998; Deb and Jain 2014, §IV.B)
 *
 * One layer ('inner' = 0): every point (k_1, ..., k_m) / H of the unit
 * simplex with whole k_j >= 0 summing to H = 'outer', C(H + m - 1, m - 1) of
 * them, in ascending lexicographic order of (k_1, ..., k_m): the first is
 * (0, ..., 0, 1), the last (1, 0, ..., 0).  Two layers ('inner' >= 1, meant
 * for m >= 6, where one layer needs H < m and so has no inside points): the
 * outer layer as above, then the layer of H = 'inner' shrunk half way
 * towards the centre, each point p becoming p / 2 + 1 / (2m).  Rows of m
 * values, row-major. */

/* The number of directions: C(outer + m - 1, m - 1), plus C(inner + m - 1,
 * m - 1) when inner >= 1.  0 when m = 0, outer = 0, or the count (times m
 * doubles) would not fit in a size_t. */
size_t nsga3_directions_count(size_t m, size_t outer, size_t inner);
/* Writes the nsga3_directions_count(m, outer, inner) directions to out
 * (that many rows of m doubles) and returns their count (0: nothing written). */
size_t nsga3_directions(size_t m, size_t outer, size_t inner, double *out);

/* ---- environmental selection (Deb and Jain 2014, §IV, Algorithms 1-4)
 *
 * Scratch for choosing among up to n_max points of m >= 1 objectives with up
 * to dirs_max reference directions, allocated once: nsga3_select calls no
 * malloc.  It also keeps the last call's normalisation and association,
 * which nsga3_scaling and nsga3_niche report.  One per thread.  NULL when
 * memory runs out or m = 0. */
struct nsga3 *nsga3_alloc(size_t n_max, size_t m, size_t dirs_max);
/* Frees s; NULL does nothing. */
void nsga3_free(struct nsga3 *s);

/* Chooses 'keep' of the n points f (rows of m finite objective values,
 * minimised), given each point's front rank[i] (a lower rank is better; from
 * ga_pareto_rank, with infeasible points as further fronts of the caller's
 * making), and writes their indices to chosen[0 .. keep) in ascending order.
 * Returns keep; 0 with chosen untouched when keep > n, n > n_max,
 * ndirs > dirs_max, or niching is needed and a direction is not a finite,
 * non-negative, non-zero row (dirs: ndirs rows of m values).
 *
 * Whole fronts, best first, while they fit.  When a front F_l overflows,
 * S = the fronts up to and including F_l is normalised, every point of S is
 * associated with its nearest direction and the rest of keep is filled from
 * F_l by niching (how, exactly, is in doc/nsga3.md):
 *  - ideal z = the least value of each objective over S;
 *  - extreme point of axis j = the point of S with the least
 *    max_k (f_k - z_k) / w_k, w_j = 1 and the other w_k = 1e-6 (the first such
 *    in the order rank, then index);
 *  - intercepts a: of the hyperplane through the m extreme points, in the
 *    coordinates f - z, when that system is not singular and every a_k is
 *    finite, > 0 and at most the worst value of S on axis k (minus z_k) by a
 *    relative 1e-9 (DEAP's check; pymoo clamps such an a_k instead; the paper
 *    says nothing); otherwise, for every k, the worst value of S's best front
 *    on axis k minus z_k (the nadir of that front), where that is 0 the worst
 *    of S, where that is 0 too, 1;
 *  - a point's direction: the one whose line through 0 is nearest (the
 *    perpendicular distance, in (f - z) / a), the lowest index on ties;
 *  - niche count: how many of the chosen whole fronts each direction holds;
 *  - niching, one point at a time: a direction drawn uniformly from r among
 *    those with the least niche count that still have an unchosen point of
 *    F_l; if its count is 0 the nearest of those points (the lowest index on
 *    ties), else one drawn uniformly from r; its count grows by 1.  r is drawn
 *    from only when there is a choice (more than one direction or point), by
 *    gsl_rng_uniform_int, the direction first: the result depends only on
 *    the inputs and r's state. */
size_t nsga3_select(struct nsga3 *s, const double *f, size_t n, const size_t *rank, size_t keep,
                    const double *dirs, size_t ndirs, gsl_rng *r, size_t *chosen);

/* How the last nsga3_select normalised. */
enum nsga3_scale {
    NSGA3_NONE,       /* whole fronts sufficed: no normalisation, no niching */
    NSGA3_HYPERPLANE, /* the intercepts of the extreme points' hyperplane */
    NSGA3_NADIR       /* the fallback: the best front's nadir (or the worst of S, or 1) */
};
/* The last call's normalisation; unless NSGA3_NONE, writes the ideal point
 * and the intercepts (m values each; a point's normalised objective k is
 * (f_k - ideal_k) / intercept_k). */
enum nsga3_scale nsga3_scaling(const struct nsga3 *s, double *ideal, double *intercepts);

/* NSGA-III's mating selection (Deb and Jain 2014, §IV.E) is uniformly
 * random among the chosen: it needs no key from here.  A caller that runs
 * tournaments can key them on the front rank it already has (with the
 * infeasible points as later fronts, that is Deb's feasibility rule; ties at
 * random).  For reports the last call's association is kept: true when
 * point i was in S and niching took place, writing the index of its
 * direction and its perpendicular distance to that direction's line in
 * normalised objectives; false otherwise (nothing written). */
bool nsga3_niche(const struct nsga3 *s, size_t i, size_t *direction, double *distance);

#endif
