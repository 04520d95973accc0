/* problems/mo/mo_functions.c — ZDT, DTLZ and constrained test functions, their true fronts sampled and their exact hypervolumes. */
#include <math.h>
#include <string.h>
#include <gsl/gsl_integration.h>

#include "problems/mo/mo_functions.h"

#define MO_PI 3.14159265358979323846
#define MO_SCAN_STEPS 131072 /* 2^17 cells to bracket the records' ends */
#define MO_GL_POINTS 20      /* Gauss-Legendre points on each part of an arc */
#define MO_GL_PARTS 64
/* ZDT6's least f1 = 1 - exp(-4x) sin^6(6 pi x) at x = (pi/2 - atan(1/(9 pi))) / (6 pi),
 * where the derivative of -4x + 6 ln sin(6 pi x) vanishes (tests/test_mo_functions.c checks it) */
#define MO_ZDT6_F1_MIN 0.28077531881536966

/* ---- ZDT (Zitzler, Deb and Thiele 2000, Evolutionary Computation 8(2)): f1 = x1 (ZDT6: a
 * bumpy map of x1), f2 = g h(f1, g), the Pareto set g = 1, i.e. x2..xn = 0 */

static double zdt_g_linear(const double *x, size_t n)
{
    double s = 0;
    for (size_t i = 1; i < n; i++)
        s += x[i];
    return 1 + 9 * s / (double)(n - 1);
}

static void zdt1_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)m, (void)violation;
    double g = zdt_g_linear(x, n);
    f[0] = x[0];
    f[1] = g * (1 - sqrt(f[0] / g));
}

static void zdt2_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)m, (void)violation;
    double g = zdt_g_linear(x, n);
    f[0] = x[0];
    f[1] = g * (1 - (f[0] / g) * (f[0] / g));
}

static void zdt3_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)m, (void)violation;
    double g = zdt_g_linear(x, n);
    f[0] = x[0];
    f[1] = g * (1 - sqrt(f[0] / g) - f[0] / g * sin(10 * MO_PI * f[0]));
}

/* Rastrigin's g: 21^9 local fronts */
static void zdt4_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)m, (void)violation;
    double g = 1 + 10 * (double)(n - 1);
    for (size_t i = 1; i < n; i++)
        g += x[i] * x[i] - 10 * cos(4 * MO_PI * x[i]);
    f[0] = x[0];
    f[1] = g * (1 - sqrt(f[0] / g));
}

static void zdt6_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)m, (void)violation;
    double s = 0;
    for (size_t i = 1; i < n; i++)
        s += x[i];
    double g = 1 + 9 * pow(s / (double)(n - 1), 0.25);
    f[0] = 1 - exp(-4 * x[0]) * pow(sin(6 * MO_PI * x[0]), 6);
    f[1] = g * (1 - (f[0] / g) * (f[0] / g));
}

/* ---- DTLZ (Deb, Thiele, Laumanns and Zitzler 2002, CEC, p. 825; 2005, in Evolutionary
 * Multiobjective Optimization, Springer): the first m - 1 variables place the point on the
 * front, the last k = n - m + 1 set its distance g, 0 on the Pareto set */

/* DTLZ1 and DTLZ3's g: Rastrigin-like, 11^k - 1 local fronts; 0 where every x_i = 0.5 */
static double dtlz_g_rastrigin(const double *x, size_t n, size_t m)
{
    double s = 0;
    for (size_t i = m - 1; i < n; i++)
        s += (x[i] - 0.5) * (x[i] - 0.5) - cos(20 * MO_PI * (x[i] - 0.5));
    return 100 * ((double)(n - m + 1) + s);
}

static double dtlz_g_sphere(const double *x, size_t n, size_t m)
{
    double s = 0;
    for (size_t i = m - 1; i < n; i++)
        s += (x[i] - 0.5) * (x[i] - 0.5);
    return s;
}

/* The simplex sum f = (1 + g) / 2: f_i = (1 + g)/2 x_1 ... x_{m-1-i} (1 - x_{m-i}) (0-based i). */
static void dtlz_linear(size_t m, const double *x, double g, double *f)
{
    for (size_t i = 0; i < m; i++) {
        double p = 0.5 * (1 + g);
        for (size_t j = 0; j + 1 + i < m; j++)
            p *= x[j];
        f[i] = i ? p * (1 - x[m - 1 - i]) : p;
    }
}

/* The sphere |f| = 1 + g, angles x_j pi/2 (DTLZ4: x_j^100 pi/2, which crowds the points near the axes). */
static void dtlz_spherical(size_t m, const double *x, double alpha, double g, double *f)
{
    for (size_t i = 0; i < m; i++) {
        double p = 1 + g;
        for (size_t j = 0; j + 1 + i < m; j++)
            p *= cos(pow(x[j], alpha) * MO_PI / 2);
        f[i] = i ? p * sin(pow(x[m - 1 - i], alpha) * MO_PI / 2) : p;
    }
}

static void dtlz1_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)violation;
    dtlz_linear(m, x, dtlz_g_rastrigin(x, n, m), f);
}

static void dtlz2_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)violation;
    dtlz_spherical(m, x, 1, dtlz_g_sphere(x, n, m), f);
}

static void dtlz3_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)violation;
    dtlz_spherical(m, x, 1, dtlz_g_rastrigin(x, n, m), f);
}

static void dtlz4_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)violation;
    dtlz_spherical(m, x, 100, dtlz_g_sphere(x, n, m), f);
}

/* f_i = x_i for i < m - 1, f_m = (1 + g) (m - sum_i f_i / (1 + g) (1 + sin(3 pi f_i))), g = 1 + 9 mean(x_M) */
static void dtlz7_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)violation;
    double s = 0, h = (double)m;
    for (size_t i = m - 1; i < n; i++)
        s += x[i];
    double g = 1 + 9 * s / (double)(n - m + 1);
    for (size_t i = 0; i + 1 < m; i++) {
        f[i] = x[i];
        h -= f[i] / (1 + g) * (1 + sin(3 * MO_PI * f[i]));
    }
    f[m - 1] = (1 + g) * h;
}

/* ---- constrained (Deb 2001, "Multi-Objective Optimization using Evolutionary Algorithms",
 * Wiley, section 14.1; Jain and Deb 2014, IEEE TEVC 18(4), for C1-DTLZ1) */

/* BNH (Binh and Korn 1997): the constraints do not cut the unconstrained front */
static void bnh_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)n, (void)m;
    f[0] = 4 * x[0] * x[0] + 4 * x[1] * x[1];
    f[1] = (x[0] - 5) * (x[0] - 5) + (x[1] - 5) * (x[1] - 5);
    violation[0] = ((x[0] - 5) * (x[0] - 5) + x[1] * x[1]) / 25 - 1;         /* <= 25 */
    violation[1] = 1 - ((x[0] - 8) * (x[0] - 8) + (x[1] + 3) * (x[1] + 3)) / 7.7; /* >= 7.7 */
}

/* SRN (Srinivas and Deb 1994) */
static void srn_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)n, (void)m;
    f[0] = 2 + (x[0] - 2) * (x[0] - 2) + (x[1] - 1) * (x[1] - 1);
    f[1] = 9 * x[0] - (x[1] - 1) * (x[1] - 1);
    violation[0] = (x[0] * x[0] + x[1] * x[1]) / 225 - 1; /* <= 225 */
    violation[1] = 1 - (3 * x[1] - x[0]) / 10;           /* x1 - 3 x2 + 10 <= 0: 3 x2 - x1 >= 10 */
}

/* OSY (Osyczka and Kundu 1995): six constraints, the front on five of their boundaries */
static void osy_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)n, (void)m;
    f[0] = -(25 * (x[0] - 2) * (x[0] - 2) + (x[1] - 2) * (x[1] - 2) + (x[2] - 1) * (x[2] - 1) +
             (x[3] - 4) * (x[3] - 4) + (x[4] - 1) * (x[4] - 1));
    f[1] = 0;
    for (size_t i = 0; i < 6; i++)
        f[1] += x[i] * x[i];
    violation[0] = 1 - (x[0] + x[1]) / 2;                    /* x1 + x2 >= 2 */
    violation[1] = (x[0] + x[1]) / 6 - 1;                    /* x1 + x2 <= 6 */
    violation[2] = (x[1] - x[0]) / 2 - 1;                    /* x2 - x1 <= 2 */
    violation[3] = (x[0] - 3 * x[1]) / 2 - 1;                /* x1 - 3 x2 <= 2 */
    violation[4] = ((x[2] - 3) * (x[2] - 3) + x[3]) / 4 - 1; /* (x3 - 3)^2 + x4 <= 4 */
    violation[5] = 1 - ((x[4] - 3) * (x[4] - 3) + x[5]) / 4; /* (x5 - 3)^2 + x6 >= 4 */
}

/* TNK (Tanaka, Watanabe, Furukawa and Tanino 1995): f = x, outside a wavy circle, its radius
 * squared 1 + 0.1 cos(16 theta) at the angle theta = atan(x1 / x2), and inside the disk about
 * (1/2, 1/2) through the origin.  atan2 is that angle in the box and also at x2 = 0. */
static void tnk_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    (void)n, (void)m;
    f[0] = x[0];
    f[1] = x[1];
    violation[0] = 1 - (x[0] * x[0] + x[1] * x[1] - 0.1 * cos(16 * atan2(x[0], x[1])));  /* >= 1 */
    violation[1] = ((x[0] - 0.5) * (x[0] - 0.5) + (x[1] - 0.5) * (x[1] - 0.5)) / 0.5 - 1; /* <= 0.5 */
}

/* C1-DTLZ1: DTLZ1 with 1 - f_m / 0.6 - sum_{i<m} f_i / 0.5 >= 0, which leaves the whole front
 * feasible and blocks the way to it from far */
static void c1dtlz1_evaluate(size_t n, size_t m, const double *x, double *f, double *violation)
{
    dtlz1_evaluate(n, m, x, f, NULL);
    double c = f[m - 1] / 0.6;
    for (size_t i = 0; i + 1 < m; i++)
        c += f[i] / 0.5;
    violation[0] = c - 1;
}

/* ---- the curves of the fronts: f_m = constant - sum value(f_i) */

static double mo_sqrt_value(double t) { return sqrt(t); }
static double mo_sqrt_slope(double t) { return 0.5 / sqrt(t); }
static double mo_sqrt_area(double t) { return 2.0 / 3 * t * sqrt(t); }
static double mo_square_value(double t) { return t * t; }
static double mo_square_slope(double t) { return 2 * t; }
static double mo_square_area(double t) { return t * t * t / 3; }

/* An antiderivative of t sin(w t), by parts */
static double mo_t_sine_area(double t, double w) { return sin(w * t) / (w * w) - t * cos(w * t) / w; }

/* ZDT3: sqrt t + t sin(10 pi t) */
static double zdt3_value(double t) { return sqrt(t) + t * sin(10 * MO_PI * t); }
static double zdt3_slope(double t)
{
    return 0.5 / sqrt(t) + sin(10 * MO_PI * t) + 10 * MO_PI * t * cos(10 * MO_PI * t);
}
static double zdt3_area(double t) { return 2.0 / 3 * t * sqrt(t) + mo_t_sine_area(t, 10 * MO_PI); }

/* DTLZ7: t (1 + sin(3 pi t)) */
static double dtlz7_value(double t) { return t * (1 + sin(3 * MO_PI * t)); }
static double dtlz7_slope(double t) { return 1 + sin(3 * MO_PI * t) + 3 * MO_PI * t * cos(3 * MO_PI * t); }
static double dtlz7_area(double t) { return t * t / 2 + mo_t_sine_area(t, 3 * MO_PI); }

/* ---- the arcs of the two-objective paths: points and df1/dt */

/* BNH's Pareto set: x1 = x2 = u in [0, 3] (the segment between the objectives'
 * minima), then x2 = 3 (the box), x1 = s in [3, 5] */
static void bnh_diagonal(const double *k, double u, double *f, double *f1_slope)
{
    (void)k;
    f[0] = 8 * u * u;
    f[1] = 2 * (5 - u) * (5 - u);
    *f1_slope = 16 * u;
}
static void bnh_edge(const double *k, double s, double *f, double *f1_slope)
{
    (void)k;
    f[0] = 4 * s * s + 36;
    f[1] = (s - 5) * (s - 5) + 4;
    *f1_slope = 8 * s;
}
static const struct ga_mo_path bnh_path = {.arcs = 2, .arc = {{bnh_diagonal, {0}, 0, 3}, {bnh_edge, {0}, 3, 5}}};

/* SRN's: f1 + f2 = x1^2 + 5 x1 + 6 is least at x1 = -2.5, the line where trading f1 for f2
 * through x2 costs as much as through x1; the constraints end it, and beyond its ends the
 * front goes on along their boundaries (the literature stops at the line: doc/mo-problems.md).
 * From the least f1, at the foot of (2, 1) on x1 = 3 x2 - 10: along that line, x2 = t from
 * 3.7 to 2.5 */
static void srn_cut(const double *k, double t, double *f, double *f1_slope)
{
    (void)k;
    f[0] = 2 + (3 * t - 12) * (3 * t - 12) + (t - 1) * (t - 1);
    f[1] = 9 * (3 * t - 10) - (t - 1) * (t - 1);
    *f1_slope = 20 * t - 74;
}
/* then x1 = -2.5, x2 = s from 2.5 to sqrt(225 - 2.5^2) */
static void srn_line(const double *k, double s, double *f, double *f1_slope)
{
    (void)k;
    f[0] = 22.25 + (s - 1) * (s - 1);
    f[1] = -22.5 - (s - 1) * (s - 1);
    *f1_slope = 2 * (s - 1);
}
/* then the circle x1 = -u, x2 = sqrt(225 - u^2), u from 2.5 to where f2 is least */
static void srn_circle(const double *k, double u, double *f, double *f1_slope)
{
    (void)k;
    double w = sqrt(225 - u * u);
    f[0] = 2 + (u + 2) * (u + 2) + (w - 1) * (w - 1);
    f[1] = -9 * u - (w - 1) * (w - 1);
    *f1_slope = 2 * (u + 2) - 2 * (w - 1) * u / w;
}
#define SRN_LINE_END 14.790199457749040   /* sqrt(218.75) */
#define SRN_CIRCLE_END 4.8409773708746728 /* the root of df2/du = -9 + 2u (w - 1) / w */
static const struct ga_mo_path srn_path = {
    .arcs = 3,
    .arc = {{srn_cut, {0}, 3.7, 2.5}, {srn_line, {0}, 2.5, SRN_LINE_END}, {srn_circle, {0}, 2.5, SRN_CIRCLE_END}}};

/* OSY's five arcs (Deb 2001, section 14.1): x4 = x6 = 0 throughout; three of them move x3
 * with f1 = -(k0 + (x3 - 1)^2), f2 = k1 + x3^2 ((x1, x2, x5) = (5, 1, 5), (5, 1, 1), (0, 2, 1)) */
static void osy_x3(const double *k, double t, double *f, double *f1_slope)
{
    f[0] = -(k[0] + (t - 1) * (t - 1));
    f[1] = k[1] + t * t;
    *f1_slope = -2 * (t - 1);
}
/* x2 = (x1 - 2) / 3 (the fourth constraint binds), x3 = x5 = 1 */
static void osy_cd(const double *k, double t, double *f, double *f1_slope)
{
    (void)k;
    double x2 = (t - 2) / 3;
    f[0] = -(25 * (t - 2) * (t - 2) + (x2 - 2) * (x2 - 2) + 16);
    f[1] = t * t + x2 * x2 + 2;
    *f1_slope = -(50 * (t - 2) + 2.0 / 3 * (x2 - 2));
}
/* x2 = 2 - x1 (the first constraint binds), x3 = x5 = 1 */
static void osy_ef(const double *k, double t, double *f, double *f1_slope)
{
    (void)k;
    f[0] = -(25 * (t - 2) * (t - 2) + t * t + 16);
    f[1] = t * t + (2 - t) * (2 - t) + 2;
    *f1_slope = -(50 * (t - 2) + 2 * t);
}
/* Where arcs CD and DE cross in objective space (Deb's table rounds them to 4.056 and 3.732) */
#define OSY_CD_END 4.0565430124312840
#define OSY_DE_START 3.7316847560574749
static const struct ga_mo_path osy_path = {.arcs = 5,
                                           .arc = {{osy_x3, {258, 51}, 5, 1},
                                                   {osy_x3, {242, 27}, 5, 1},
                                                   {osy_cd, {0}, 5, OSY_CD_END},
                                                   {osy_x3, {116, 5}, OSY_DE_START, 1},
                                                   {osy_ef, {0}, 0, 1}}};

/* TNK's front: five pieces of the wavy circle x = rho(t) (sin t, cos t), rho^2 = 1 + 0.1 cos 16t,
 * t = theta in increasing f1.  The first starts where the circle enters the disk; a piece ends at
 * a least f2 (df2/dt = 0) and the next starts where f2 falls back to it (a flat gap); the front is
 * symmetric about f1 = f2 (t -> pi/2 - t), so past the middle the gaps are vertical.  The ends by
 * mpmath (build-aux/mo-reference.py). */
static void tnk_wave(const double *k, double t, double *f, double *f1_slope)
{
    (void)k;
    double rho = sqrt(1 + 0.1 * cos(16 * t)), rho_slope = -0.8 * sin(16 * t) / rho;
    f[0] = rho * sin(t);
    f[1] = rho * cos(t);
    *f1_slope = rho_slope * sin(t) + rho * cos(t);
}
#define TNK_DISK 0.040099955671146933  /* (x1 - 1/2)^2 + (x2 - 1/2)^2 = 1/2 */
#define TNK_LOW1 0.21166109077144593   /* df2/dt = 0 */
#define TNK_BACK1 0.44837804079402737  /* f2 = f2(TNK_LOW1) */
#define TNK_LOW2 0.67179726703295953   /* df2/dt = 0 */
#define TNK_BACK2 0.67606709312416498  /* f2 = f2(TNK_LOW2) */
#define TNK_MIRROR(t) (MO_PI / 2 - (t)) /* (f1, f2) -> (f2, f1) */
static const struct ga_mo_path tnk_path = {.arcs = 5,
                                           .arc = {{tnk_wave, {0}, TNK_DISK, TNK_LOW1},
                                                   {tnk_wave, {0}, TNK_BACK1, TNK_LOW2},
                                                   {tnk_wave, {0}, TNK_BACK2, TNK_MIRROR(TNK_BACK2)},
                                                   {tnk_wave, {0}, TNK_MIRROR(TNK_LOW2), TNK_MIRROR(TNK_BACK1)},
                                                   {tnk_wave, {0}, TNK_MIRROR(TNK_LOW1), TNK_MIRROR(TNK_DISK)}},
                                           .end_dominated = {[2] = true, [3] = true}};

/* A curve front from the functions id_value, id_slope and id_area */
#define MO_CURVE(lo, hi, constant2, constant3, id) {lo, hi, {constant2, constant3}, id##_value, id##_slope, id##_area}
#define MO_SQRT_CURVE(lo, hi) MO_CURVE(lo, hi, 1, NAN, mo_sqrt)
#define MO_SQUARE_CURVE(lo, hi) MO_CURVE(lo, hi, 1, NAN, mo_square)
#define MO_ZDT_SOURCE "Zitzler, Deb and Thiele 2000, Evolutionary Computation 8(2)"
#define MO_DTLZ_SOURCE "Deb, Thiele, Laumanns and Zitzler 2002 (CEC) and 2005"

/* Reference points: 1.1 times an upper bound of the front's nadir, or for SRN and OSY the nadir
 * plus a tenth of the front's range, rounded up (doc/mo-problems.md). */
#define MO_ZDT(id, n, front, ...)                                                                      \
    {.name = #id, .source = MO_ZDT_SOURCE, .m_min = 2, .m_max = 2, .n_at_min = n, .n_min = 2,          \
     .n_max = GA_MO_MAX_VARIABLES, __VA_ARGS__, .distance_optimum = 0, .evaluate = id##_evaluate,      \
     .shape = GA_MO_FRONT_CURVE, .curve = front, .reference = {{1.1, 1.1}}}
#define MO_UNIT_BOX .bounds = 1, .lower = {0}, .upper = {1}
#define MO_DTLZ(id, k, front, ...)                                                                     \
    {.name = #id, .source = MO_DTLZ_SOURCE, .m_min = 2, .m_max = 3, .n_at_min = k + 1, .n_min = 2,     \
     .n_max = GA_MO_MAX_VARIABLES, MO_UNIT_BOX, .evaluate = id##_evaluate, .shape = front, __VA_ARGS__}
#define MO_DEB_SOURCE(who) who ", as in Deb 2001, section 14.1"
#define MO_PATH(id, who, n, k, ...)                                                                    \
    {.name = #id, .source = MO_DEB_SOURCE(who), .m_min = 2, .m_max = 2, .n_at_min = n, .n_min = n,     \
     .n_max = n, .constraints = k, .distance_optimum = NAN, .evaluate = id##_evaluate,                 \
     .shape = GA_MO_FRONT_PATH, .path = &id##_path, __VA_ARGS__}

const struct ga_mo_function ga_mo_functions[] = {
    MO_ZDT(zdt1, 30, MO_SQRT_CURVE(0, 1), MO_UNIT_BOX),
    MO_ZDT(zdt2, 30, MO_SQUARE_CURVE(0, 1), MO_UNIT_BOX),
    MO_ZDT(zdt3, 30, MO_CURVE(0, 1, 1, NAN, zdt3), MO_UNIT_BOX),
    MO_ZDT(zdt4, 10, MO_SQRT_CURVE(0, 1), .bounds = 2, .lower = {0, -5}, .upper = {1, 5}),
    MO_ZDT(zdt6, 10, MO_SQUARE_CURVE(MO_ZDT6_F1_MIN, 1), MO_UNIT_BOX),
    MO_DTLZ(dtlz1, 5, GA_MO_FRONT_SIMPLEX, .radius = 0.5, .distance_optimum = 0.5,
            .reference = {{0.55, 0.55}, {0.55, 0.55, 0.55}}),
    MO_DTLZ(dtlz2, 10, GA_MO_FRONT_SPHERE, .radius = 1, .distance_optimum = 0.5,
            .reference = {{1.1, 1.1}, {1.1, 1.1, 1.1}}),
    MO_DTLZ(dtlz3, 10, GA_MO_FRONT_SPHERE, .radius = 1, .distance_optimum = 0.5,
            .reference = {{1.1, 1.1}, {1.1, 1.1, 1.1}}),
    MO_DTLZ(dtlz4, 10, GA_MO_FRONT_SPHERE, .radius = 1, .distance_optimum = 0.5,
            .reference = {{1.1, 1.1}, {1.1, 1.1, 1.1}}),
    MO_DTLZ(dtlz7, 20, GA_MO_FRONT_CURVE, .curve = MO_CURVE(0, 1, 4, 6, dtlz7), .distance_optimum = 0,
            .reference = {{1.1, 4.4}, {1.1, 1.1, 6.6}}),
    MO_PATH(bnh, "Binh and Korn 1997", 2, 2, .bounds = 2, .lower = {0, 0}, .upper = {5, 3},
            .reference = {{149.6, 55}}),
    MO_PATH(srn, "Srinivas and Deb 1994", 2, 2, .bounds = 1, .lower = {-20}, .upper = {20},
            .reference = {{245, 25}}),
    MO_PATH(osy, "Osyczka and Kundu 1995", 6, 6, .bounds = 6, .lower = {0, 0, 1, 0, 1, 0},
            .upper = {10, 10, 5, 6, 5, 10}, .reference = {{-18, 84}}),
    MO_PATH(tnk, "Tanaka, Watanabe, Furukawa and Tanino 1995", 2, 2, .bounds = 1, .lower = {0},
            .upper = {MO_PI}, .reference = {{1.2, 1.2}}),
    {.name = "c1dtlz1", .source = "Jain and Deb 2014, IEEE TEVC 18(4), section V.A", .m_min = 2, .m_max = 3,
     .n_at_min = 6, .n_min = 2, .n_max = GA_MO_MAX_VARIABLES, .constraints = 1, MO_UNIT_BOX,
     .distance_optimum = 0.5, .evaluate = c1dtlz1_evaluate, .shape = GA_MO_FRONT_SIMPLEX, .radius = 0.5,
     .reference = {{0.55, 0.55}, {0.55, 0.55, 0.55}}},
};
const size_t ga_mo_function_count = sizeof ga_mo_functions / sizeof *ga_mo_functions;

const struct ga_mo_function *ga_mo_find(const char *name)
{
    for (size_t i = 0; i < ga_mo_function_count; i++)
        if (strcmp(ga_mo_functions[i].name, name) == 0)
            return &ga_mo_functions[i];
    return NULL;
}

size_t ga_mo_n_default(const struct ga_mo_function *fn, size_t m)
{
    return fn->n_at_min + (m - fn->m_min);
}

bool ga_mo_shape_allowed(const struct ga_mo_function *fn, size_t n, size_t m)
{
    return m >= fn->m_min && m <= fn->m_max && n >= fn->n_min + (m - fn->m_min) && n <= fn->n_max;
}

void ga_mo_bounds(const struct ga_mo_function *fn, size_t n, double *lower, double *upper)
{
    for (size_t i = 0; i < n; i++) {
        size_t b = i < fn->bounds ? i : fn->bounds - 1;
        lower[i] = fn->lower[b];
        upper[i] = fn->upper[b];
    }
}

void ga_mo_evaluate(const struct ga_mo_function *fn, size_t n, size_t m, const double *x, double *f,
                    double *violation)
{
    fn->evaluate(n, m, x, f, violation);
}

/* ---- the records of a curve */

/* The t in [lo, hi] where f(t) crosses level, to the last bit: f(lo) and f(hi) lie on
 * either side of it. */
static double mo_crossing(double (*f)(double), double level, double lo, double hi)
{
    bool lo_above = f(lo) > level;
    for (;;) {
        double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi)
            return (f(hi) > level) == lo_above ? lo : hi;
        if ((f(mid) > level) == lo_above)
            lo = mid;
        else
            hi = mid;
    }
}

size_t ga_mo_curve_pieces(const struct ga_mo_curve *c, double *ends, size_t max)
{
    size_t count = 0;
    double start = c->lower, level = -INFINITY, step = (c->upper - c->lower) / MO_SCAN_STEPS;
    bool rising = true; /* inside a record piece */
    for (size_t i = 1; i <= MO_SCAN_STEPS; i++) {
        double u = c->lower + (double)(i - 1) * step, v = i == MO_SCAN_STEPS ? c->upper : u + step;
        if (!rising && c->value(v) > level) { /* the curve regains its last maximum */
            start = mo_crossing(c->value, level, u, v);
            rising = true;
        }
        if (rising && c->slope(v) <= 0) { /* a local maximum ends the piece */
            double end = c->slope(fmax(u, start)) > 0 ? mo_crossing(c->slope, 0, fmax(u, start), v) : start;
            if (count < max) {
                ends[2 * count] = start;
                ends[2 * count + 1] = end;
            }
            count++;
            level = c->value(end);
            rising = false;
        }
    }
    if (rising) {
        if (count < max) {
            ends[2 * count] = start;
            ends[2 * count + 1] = c->upper;
        }
        count++;
    }
    return count;
}

/* ---- the fronts, sampled */

#define MO_MAX_PIECES 16

/* A grid of q values of a leading objective spread evenly over the curve's pieces,
 * size[j] values on piece j: both ends of the first, the end but not the start of the
 * others (value(start) equals the previous end's value, so the start is dominated). */
struct mo_grid {
    double ends[2 * MO_MAX_PIECES];
    size_t size[MO_MAX_PIECES], pieces, count;
};

/* False when q < 2 per piece. */
static bool mo_grid_init(struct mo_grid *grid, const struct ga_mo_curve *c, size_t q)
{
    double total = 0;
    grid->pieces = ga_mo_curve_pieces(c, grid->ends, MO_MAX_PIECES);
    grid->count = 0;
    if (grid->pieces > MO_MAX_PIECES || q < 2 * grid->pieces)
        return false;
    for (size_t j = 0; j < grid->pieces; j++)
        total += grid->ends[2 * j + 1] - grid->ends[2 * j];
    for (size_t j = 0; j < grid->pieces; j++) {
        double share = total > 0 ? (grid->ends[2 * j + 1] - grid->ends[2 * j]) / total : 0;
        grid->size[j] = 2 + (size_t)floor((double)(q - 2 * grid->pieces) * share);
        grid->count += grid->size[j];
    }
    return true;
}

static double mo_grid_value(const struct mo_grid *grid, size_t index)
{
    size_t j = 0;
    for (; index >= grid->size[j]; j++)
        index -= grid->size[j];
    double a = grid->ends[2 * j], b = grid->ends[2 * j + 1];
    if (index + 1 == grid->size[j])
        return b;
    if (j == 0)
        return a + (b - a) * (double)index / (double)(grid->size[j] - 1);
    return a + (b - a) * (double)(index + 1) / (double)grid->size[j]; /* a ties with the last end */
}

static size_t mo_curve_sample(const struct ga_mo_curve *c, size_t m, size_t count, double *out)
{
    struct mo_grid grid;
    if (!mo_grid_init(&grid, c, m == 2 ? count : (size_t)floor(sqrt((double)count))))
        return 0;
    double constant = c->constant[m - 2];
    size_t written = 0;
    if (m == 2)
        for (size_t i = 0; i < grid.count; i++, written++) {
            out[2 * i] = mo_grid_value(&grid, i);
            out[2 * i + 1] = constant - c->value(out[2 * i]);
        }
    else
        for (size_t i = 0; i < grid.count; i++)
            for (size_t j = 0; j < grid.count; j++, written++) {
                double *p = out + 3 * written;
                p[0] = mo_grid_value(&grid, i);
                p[1] = mo_grid_value(&grid, j);
                p[2] = constant - c->value(p[0]) - c->value(p[1]);
            }
    return written;
}

/* Two objectives: count points evenly spaced along the segment or the quarter circle. */
static size_t mo_pair_sample(enum ga_mo_front_shape shape, double radius, size_t count, double *out)
{
    if (count < 2)
        return 0;
    for (size_t i = 0; i < count; i++) {
        double s = (double)i / (double)(count - 1), a = MO_PI / 2 * s;
        out[2 * i] = radius * (shape == GA_MO_FRONT_SIMPLEX ? s : cos(a));
        out[2 * i + 1] = radius * (shape == GA_MO_FRONT_SIMPLEX ? 1 - s : sin(a));
    }
    return count;
}

static size_t mo_simplex_sample(double radius, size_t count, double *out)
{
    size_t p = 0, written = 0;
    while ((p + 2) * (p + 3) / 2 <= count)
        p++;
    for (size_t i = 0; i <= p && p > 0; i++)
        for (size_t j = 0; i + j <= p; j++, written++) {
            double *z = out + 3 * written;
            z[0] = radius * (double)i / (double)p;
            z[1] = radius * (double)j / (double)p;
            z[2] = radius * (double)(p - i - j) / (double)p;
        }
    return written;
}

static size_t mo_sphere_sample(double radius, size_t count, double *out)
{
    size_t p = 0, written = 0;
    while ((p + 1) * (p + 2) + 1 <= count)
        p++;
    if (p == 0)
        return 0;
    for (size_t i = 0; i < p; i++) /* latitude i pi/(2p), azimuth j pi/(2p) */
        for (size_t j = 0; j <= p; j++, written++) {
            double lat = MO_PI / 2 * (double)i / (double)p, az = MO_PI / 2 * (double)j / (double)p;
            double *z = out + 3 * written;
            z[0] = radius * cos(lat) * cos(az);
            z[1] = radius * cos(lat) * sin(az);
            z[2] = radius * sin(lat);
        }
    out[3 * written] = out[3 * written + 1] = 0;
    out[3 * written + 2] = radius;
    return written + 1;
}

static void mo_arc_at(const struct ga_mo_arc *arc, double t, double *f)
{
    double slope;
    arc->point(arc->k, t, f, &slope);
}

/* Each arc's points, as many as its share of the path's extent (in each objective,
 * relative to the whole path's), evenly in its parameter: its start only where it is on
 * the front (the first arc, or past a vertical gap), its end unless dominated.  Arc j
 * writes k_j points, 1 + k_j with the first arc's start, k_j - 1 with neither end. */
static size_t mo_path_sample(const struct ga_mo_path *path, size_t count, double *out)
{
    double first[2], last[2], a[2], b[2], extent[GA_MO_MAX_ARCS], total = 0;
    if (count < path->arcs + 1)
        return 0;
    mo_arc_at(&path->arc[0], path->arc[0].from, first);
    mo_arc_at(&path->arc[path->arcs - 1], path->arc[path->arcs - 1].to, last);
    for (size_t j = 0; j < path->arcs; j++) {
        mo_arc_at(&path->arc[j], path->arc[j].from, a);
        mo_arc_at(&path->arc[j], path->arc[j].to, b);
        extent[j] = fabs(b[0] - a[0]) / fabs(last[0] - first[0]) + fabs(b[1] - a[1]) / fabs(last[1] - first[1]);
        total += extent[j];
    }
    size_t written = 0;
    for (size_t j = 0; j < path->arcs; j++) {
        const struct ga_mo_arc *arc = &path->arc[j];
        size_t k = 1 + (size_t)floor((double)(count - 1 - path->arcs) * extent[j] / total);
        size_t start = j == 0 || path->end_dominated[j - 1], end = !path->end_dominated[j];
        for (size_t i = 1 - start; i < k + end; i++, written++) /* at i / k of the way */
            mo_arc_at(arc, i == k ? arc->to : arc->from + (arc->to - arc->from) * (double)i / (double)k,
                      out + 2 * written);
    }
    return written;
}

size_t ga_mo_front_sample(const struct ga_mo_function *fn, size_t m, size_t count, double *out)
{
    if ((fn->shape == GA_MO_FRONT_SIMPLEX || fn->shape == GA_MO_FRONT_SPHERE) && m == 2)
        return mo_pair_sample(fn->shape, fn->radius, count, out);
    switch (fn->shape) {
    case GA_MO_FRONT_CURVE:
        return mo_curve_sample(&fn->curve, m, count, out);
    case GA_MO_FRONT_SIMPLEX:
        return mo_simplex_sample(fn->radius, count, out);
    case GA_MO_FRONT_SPHERE:
        return mo_sphere_sample(fn->radius, count, out);
    case GA_MO_FRONT_PATH:
        return mo_path_sample(fn->path, count, out);
    }
    return 0;
}

/* ---- the exact hypervolume */

/* The integral over [lower, r] of the record envelope V(t) = max value on [lower, t]:
 * value's own area on the pieces, flat across the gaps and past the last piece
 * (r >= upper). */
static double mo_envelope_area(const struct ga_mo_curve *c, double r)
{
    double ends[2 * MO_MAX_PIECES], sum = 0;
    size_t pieces = ga_mo_curve_pieces(c, ends, MO_MAX_PIECES);
    if (pieces > MO_MAX_PIECES)
        return NAN;
    for (size_t j = 0; j < pieces; j++) {
        double a = ends[2 * j], b = ends[2 * j + 1], next = j + 1 < pieces ? ends[2 * j + 2] : r;
        sum += c->area(b) - c->area(a) + c->value(b) * (next - b);
    }
    return sum;
}

/* The dominated region below r is {f_i in [lower, r_i] for i < m, f_m in [constant - sum
 * V(f_i), r_m]}: its volume is prod (r_i - lower) (r_m - constant) plus, for each i, the
 * integral of V over f_i times the other leading sides. */
static double mo_curve_hv(const struct ga_mo_curve *c, size_t m, const double *r)
{
    double base = r[m - 1] - c->constant[m - 2], sides = 1;
    for (size_t i = 0; i + 1 < m; i++)
        sides *= r[i] - c->lower;
    double hv = sides * base;
    for (size_t i = 0; i + 1 < m; i++)
        hv += mo_envelope_area(c, r[i]) * sides / (r[i] - c->lower);
    return hv;
}

struct mo_arc_height {
    const struct ga_mo_arc *arc;
    double top; /* r2 */
};

/* (r2 - f2) df1/dt at t */
static double mo_arc_height(double t, void *params)
{
    const struct mo_arc_height *h = params;
    double f[2], slope;
    h->arc->point(h->arc->k, t, f, &slope);
    return (h->top - f[1]) * slope;
}

/* The area under r2 and above the path, from its least f1 to r1: along the arcs by
 * quadrature, the boxes from each arc's end to the next arc's start (a flat gap's; none
 * where the arcs meet or the gap is vertical), then the box past the last end. */
static double mo_path_hv(const struct ga_mo_path *path, const double *r)
{
    gsl_integration_glfixed_table *gl = gsl_integration_glfixed_table_alloc(MO_GL_POINTS);
    if (!gl)
        return NAN;
    double hv = 0, end[2], next[2];
    for (size_t j = 0; j < path->arcs; j++) {
        if (j > 0) {
            mo_arc_at(&path->arc[j - 1], path->arc[j - 1].to, end);
            mo_arc_at(&path->arc[j], path->arc[j].from, next);
            hv += (next[0] - end[0]) * (r[1] - end[1]);
        }
        struct mo_arc_height h = {&path->arc[j], r[1]};
        gsl_function height = {mo_arc_height, &h};
        double from = h.arc->from, step = (h.arc->to - from) / MO_GL_PARTS;
        for (size_t i = 0; i < MO_GL_PARTS; i++)
            hv += gsl_integration_glfixed(&height, from + step * (double)i,
                                          i + 1 == MO_GL_PARTS ? h.arc->to : from + step * (double)(i + 1), gl);
    }
    gsl_integration_glfixed_table_free(gl);
    mo_arc_at(&path->arc[path->arcs - 1], path->arc[path->arcs - 1].to, end);
    return hv + (r[0] - end[0]) * (r[1] - end[1]);
}

/* The box [0, r] less the region under the front: the corner simplex radius^m / m!, the
 * orthant of the ball pi^(m/2) / Gamma(m/2 + 1) / 2^m radius^m (m = 2: pi/4, m = 3: pi/6). */
double ga_mo_front_hv(const struct ga_mo_function *fn, size_t m)
{
    const double *r = fn->reference[m - 2];
    double box = 1, under = 1;
    for (size_t i = 0; i < m; i++)
        box *= r[i];
    switch (fn->shape) {
    case GA_MO_FRONT_CURVE:
        return mo_curve_hv(&fn->curve, m, r);
    case GA_MO_FRONT_PATH:
        return mo_path_hv(fn->path, r);
    case GA_MO_FRONT_SIMPLEX:
        for (size_t i = 1; i <= m; i++)
            under *= fn->radius / (double)i;
        return box - under;
    case GA_MO_FRONT_SPHERE:
        under = (m == 2 ? MO_PI / 4 : MO_PI / 6) * pow(fn->radius, (double)m);
        return box - under;
    }
    return NAN;
}
