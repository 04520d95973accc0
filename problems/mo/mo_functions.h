/* problems/mo/mo_functions.h — multi-objective test functions whose Pareto fronts are known exactly: ZDT, DTLZ, constrained ones. */
#ifndef GA_PROBLEMS_MO_FUNCTIONS_H
#define GA_PROBLEMS_MO_FUNCTIONS_H

#include <stdbool.h>
#include <stddef.h>

#define GA_MO_MAX_OBJECTIVES 3
#define GA_MO_MAX_CONSTRAINTS 6
#define GA_MO_MAX_BOUNDS 6       /* bounds listed per function; the last repeats */
#define GA_MO_MAX_VARIABLES 1000 /* as problems/functions caps its dimension */

/* How the true front is described, sampled and measured. */
enum ga_mo_front_shape {
    GA_MO_FRONT_CURVE,   /* f_m = constant - sum_{i<m} value(f_i), see struct ga_mo_curve */
    GA_MO_FRONT_SIMPLEX, /* f >= 0, sum_i f_i = radius */
    GA_MO_FRONT_SPHERE,  /* f >= 0, sum_i f_i^2 = radius^2 */
    GA_MO_FRONT_PATH,    /* two objectives: a chain of arcs, see struct ga_mo_path */
};

/* A front made of one curve per leading objective: every f_i (i < m) ranges
 * over the records of 'value' on [lower, upper] (the t where value(t)
 * exceeds value on all of [lower, t): elsewhere a smaller f_i reaches a
 * smaller f_m, so the front is disconnected where 'value' falls back), and
 * f_m = constant[m - 2] - sum_{i<m} value(f_i).  'slope' is value' (it
 * locates the records' ends), 'area' an antiderivative of value (it gives
 * the hypervolume in closed form). */
struct ga_mo_curve {
    double lower, upper;
    double constant[2]; /* for m = 2 and m = 3 */
    double (*value)(double t);
    double (*slope)(double t);
    double (*area)(double t);
};

/* One arc of a two-objective front: the points point(k, t) for t from 'from'
 * to 'to' (either way round), f1 increasing and f2 decreasing along it;
 * point also gives df1/dt, for the hypervolume's integral of f2 df1. */
struct ga_mo_arc {
    void (*point)(const double *k, double t, double *f, double *f1_slope);
    double k[2]; /* the arc's constants */
    double from, to;
};

/* A front made of arcs, in increasing f1, each starting where the last ended
 * or past a gap: a flat one (the next arc starts at the last end's f2, that
 * start then dominated by the end, as the curves' pieces) or a vertical one
 * (the next arc starts at the last end's f1 and below it: end_dominated[j]
 * says arc j's end is not on the front). */
#define GA_MO_MAX_ARCS 5
struct ga_mo_path {
    size_t arcs;
    struct ga_mo_arc arc[GA_MO_MAX_ARCS];
    bool end_dominated[GA_MO_MAX_ARCS];
};

/* One test function.  x has n variables, n = n_at_min + (m - m_min) for the
 * default and in [n_min + (m - m_min), n_max]: each objective beyond m_min
 * adds a position variable (DTLZ: n = m + k - 1).  Variable i lies in
 * [lower[i], upper[i]], i < bounds; the variables after take the last
 * bounds listed.  evaluate writes the m objectives (minimised) to f and the
 * 'constraints' violations to 'violation' (nothing when there are none):
 * each is <= 0 where its constraint holds, and is the constraint written as
 * lhs / b - 1 <= 0 for the literature's lhs <= b (Deb 2000's normalisation:
 * dimensionless, so that the violations of one point can be added up for
 * Deb's feasibility rules).  reference[m - 2] is the reference point the
 * exact hypervolume is given for (doc/mo-problems.md says how it was chosen). */
struct ga_mo_function {
    const char *name;   /* "zdt1", ..., "c1dtlz1" */
    const char *source; /* the paper the definition follows */
    size_t m_min, m_max;
    size_t n_at_min, n_min, n_max; /* variables at m = m_min: default, range */
    size_t constraints;
    size_t bounds;
    double lower[GA_MO_MAX_BOUNDS], upper[GA_MO_MAX_BOUNDS];
    double distance_optimum; /* each variable after the first m - 1 on the Pareto set; NAN: no such rule */
    void (*evaluate)(size_t n, size_t m, const double *x, double *f, double *violation);
    enum ga_mo_front_shape shape;
    double radius;           /* GA_MO_FRONT_SIMPLEX and _SPHERE */
    struct ga_mo_curve curve; /* GA_MO_FRONT_CURVE */
    const struct ga_mo_path *path; /* GA_MO_FRONT_PATH */
    double reference[2][GA_MO_MAX_OBJECTIVES];
};

extern const struct ga_mo_function ga_mo_functions[];
extern const size_t ga_mo_function_count;

/* The function called 'name', or NULL. */
const struct ga_mo_function *ga_mo_find(const char *name);

/* The default number of variables for m objectives, and whether (n, m) is
 * allowed. */
size_t ga_mo_n_default(const struct ga_mo_function *fn, size_t m);
bool ga_mo_shape_allowed(const struct ga_mo_function *fn, size_t n, size_t m);

/* The box of the n variables. */
void ga_mo_bounds(const struct ga_mo_function *fn, size_t n, double *lower, double *upper);

/* The m objectives and the fn->constraints violations of x (n variables,
 * in the box, (n, m) allowed). */
void ga_mo_evaluate(const struct ga_mo_function *fn, size_t n, size_t m, const double *x, double *f,
                    double *violation);

/* The pieces of a curve front: writes the ends of at most 'max' pieces,
 * piece j being [ends[2j], ends[2j + 1]] of each leading objective (open
 * at its start but for j = 0: see ga_mo_front_sample), and
 * returns how many there are (which may exceed max).  The records' ends
 * are located by a scan of 2^17 steps and bisection to the last bit. */
size_t ga_mo_curve_pieces(const struct ga_mo_curve *c, double *ends, size_t max);

/* Points of the true front for m objectives, rows of m, as dense as fit in
 * 'count' rows; returns how many were written (0 when count is too small
 * to hold two points per piece).  Curves: each piece sampled evenly in its
 * leading objective, its end included and its start too for the first
 * piece (each later piece is half-open: its start ties in f_m with the
 * previous piece's end, which dominates it), and for m = 3 the product of
 * two such samples of floor(sqrt(count)) points each.  Simplex: for m = 3
 * the p-th triangular grid, the largest p with (p + 1)(p + 2) / 2 <= count.
 * Sphere: evenly spaced angles, for m = 3 p + 1 azimuths on each of the p
 * latitudes below the pole and the pole, the largest p with p (p + 1) + 1
 * <= count.  Paths: each arc evenly in its parameter, its end included
 * unless dominated, its start only for the first arc and after a vertical
 * gap.  Mutually non-dominated. */
size_t ga_mo_front_sample(const struct ga_mo_function *fn, size_t m, size_t count, double *out);

/* The hypervolume of the whole true front for m objectives with respect to
 * fn->reference[m - 2], in closed form (the records' ends aside, which are
 * exact to the last bit), but for paths: there the integral of f2 df1 along
 * each arc by Gauss-Legendre quadrature, 20 points on each of 64 equal
 * parts (exact for polynomial arcs; for SRN's circle and TNK's waves within
 * 1e-15, relative, of mpmath's value), and the boxes across flat gaps.  NAN
 * when memory runs out. */
double ga_mo_front_hv(const struct ga_mo_function *fn, size_t m);

#endif
