/* gaexp/indicator.h — quality indicators of a set of points in objective space: hypervolume, IGD, IGD+. */
#ifndef GA_INDICATOR_H
#define GA_INDICATOR_H

#include <stddef.h>
#include "gaexp/export.h"

GAEXP_API_BEGIN

/* As in gaexp/pareto.h: points are rows of m objective values, row-major,
 * every objective minimised, finite, no NaN.  Nothing is printed, nothing
 * kept between calls. */

/* The hypervolume of the n points f with respect to the reference point
 * ref[0 .. m): the volume of the union of the boxes [f_i, ref], exactly (up
 * to rounding).  Points that do not strictly dominate ref (f_ij >= ref_j in
 * some j) add nothing and are left out; dominated and repeated points change
 * nothing.  0 when no point is left.  m = 2: a sort and a sweep, O(n log n);
 * m = 3: a sweep in the third objective over the two-dimensional front (Beume
 * et al. 2009), O(n log n); m >= 4: WFG (While, Bradstreet and Barone 2012),
 * which slices the last objective down to m = 3: exponential in m at worst,
 * practical to m = 6 and a few thousand points.  NAN when m = 0 or memory
 * runs out. */
double ga_indicator_hv(const double *f, size_t n, size_t m, const double *ref);

/* Inverted generational distance of the approximation f (n points) to the
 * reference front z (nz points): the mean over z of the Euclidean distance
 * to the nearest point of f.  Lower is better.  INFINITY when n = 0 < nz;
 * NAN when nz = 0.  O(n nz m). */
double ga_indicator_igd(const double *f, size_t n, const double *z, size_t nz, size_t m);

/* IGD+ (Ishibuchi et al. 2015): as IGD, but the distance from a reference
 * point z to a point a counts only where a is worse, sqrt(sum_j max(a_j -
 * z_j, 0)^2), which makes it weakly Pareto-compliant.  INFINITY when n = 0 <
 * nz; NAN when nz = 0. */
double ga_indicator_igd_plus(const double *f, size_t n, const double *z, size_t nz, size_t m);

GAEXP_API_END

#endif
