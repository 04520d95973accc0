/* problems/bbob/bbob.h — the BBOB problem's instance data and raw value, for its module and its tests. */
#ifndef GA_PROBLEMS_BBOB_H
#define GA_PROBLEMS_BBOB_H

#include <stddef.h>

#define GA_BBOB_FUNCTIONS 24
#define GA_BBOB_MIN_DIMENSION 2
#define GA_BBOB_MAX_DIMENSION 40 /* COCO's bbob2009 code stops there */
#define GA_BBOB_MAX_INSTANCE 1000
#define GA_BBOB_LOWER (-5.0) /* the search box, every coordinate */
#define GA_BBOB_UPPER 5.0
#define GA_BBOB_GALLAGHER_PEAKS 101 /* f21; f22 has 21 */

/* One configured instance: everything that does not depend on x, drawn
 * once by configure with COCO's legacy generators (rseed = function +
 * 10000 instance, or 3 + ... for f4 and 17 + ... for f18).  Which arrays
 * a function uses, and what they hold, is said in bbob.c beside its
 * evaluation; the others stay NULL.  Read-only after configure. */
struct ga_bbob {
    unsigned function, instance;
    size_t dimension;
    long rseed;
    double sigma; /* the initial mutation step of a genome */
    double fopt;  /* the instance's f_opt: fitness = f(x) - fopt */
    double *xopt; /* the shift (or, for f20 and f24, its signs) */
    double *r;    /* a rotation from seed rseed (row-major D x D) */
    double *q;    /* a rotation from seed rseed + 1000000 */
    double *m;    /* a product of rotations and a conditioning */
    double *coef; /* per-coordinate factors (conditionings, slopes) */
    double *coef2; /* f7: the second ellipsoid's */
    double scale; /* f8, f9, f19: max(1, sqrt(D) / 8) */
    double *best; /* the minimiser x* */
    double *lower, *upper;
    size_t peaks;       /* f21, f22: the Gallagher peaks */
    double *peak_y;     /* peaks x D: each peak's centre, rotated by r */
    double *peak_scale; /* peaks x D: each peak's diagonal conditioning */
    double *peak_w;     /* peaks: each peak's height */
};

/* f(x) as COCO's bbob suite defines it (f_opt included), for any finite
 * x (outside the box the functions with a penalty add it). */
double ga_bbob_value(const struct ga_bbob *b, const double *x);

/* COCO's legacy (bbob2009) generators: n uniform numbers in (0, 1] from
 * 'seed', n Gaussian numbers (Box-Muller over 2n uniform ones), the D x D
 * rotation (Gram-Schmidt over D*D Gaussian numbers, row-major), xopt and
 * f_opt. */
void ga_bbob_unif(double *r, size_t n, long seed);
void ga_bbob_gauss(double *g, size_t n, long seed, double *scratch);
void ga_bbob_rotation(double *rot, size_t d, long seed, double *scratch);
void ga_bbob_xopt(double *xopt, size_t d, long seed);
double ga_bbob_fopt(unsigned function, unsigned instance);

#endif
