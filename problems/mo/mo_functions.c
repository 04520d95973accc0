/* problems/mo/mo_functions.c — ZDT, DTLZ and constrained test functions, their true fronts sampled and their exact hypervolumes. */
#include <math.h>
#include <string.h>

#include "problems/mo/mo_functions.h"

#define MO_PI 3.14159265358979323846
#define MO_SCAN_STEPS 131072 /* 2^17 cells to bracket the records' ends */
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

/* BNH's front: x1 = x2 = u in [0, 3] (f1 = 8u^2 <= 72), then x2 = 3, x1 = s in [3, 5];
 * value = 50 - f2.  bnh_f2_area is an antiderivative of f2 in f1, continuous at 72. */
#define BNH_BEND 72.0
static double bnh_f2(double f1)
{
    if (f1 <= BNH_BEND) {
        double u = sqrt(f1 / 8);
        return 2 * (5 - u) * (5 - u);
    }
    double s = sqrt((f1 - 36) / 4);
    return (s - 5) * (s - 5) + 4;
}
static double bnh_f2_area(double f1)
{
    double u = sqrt(fmin(f1, BNH_BEND) / 8); /* f1 = 8u^2, df1 = 16u du */
    double a = 32 * (12.5 * u * u - 10.0 / 3 * u * u * u + u * u * u * u / 4);
    if (f1 <= BNH_BEND)
        return a;
    double s = sqrt((f1 - 36) / 4), s3 = 3; /* f1 = 4s^2 + 36, df1 = 8s ds */
#define BNH_A2(s) (8 * ((s) * (s) * (s) * (s) / 4 - 10.0 / 3 * (s) * (s) * (s) + 14.5 * (s) * (s)))
    return a + BNH_A2(s) - BNH_A2(s3);
#undef BNH_A2
}
static double bnh_value(double f1) { return 50 - bnh_f2(f1); }
static double bnh_slope(double f1)
{
    if (f1 <= BNH_BEND) {
        double u = sqrt(f1 / 8);
        return (5 - u) / (4 * u);
    }
    double s = sqrt((f1 - 36) / 4);
    return (5 - s) / (4 * s);
}
static double bnh_area(double f1) { return 50 * f1 - bnh_f2_area(f1); }

#define MO_SQRT_CURVE(lo, hi) {lo, hi, {1, NAN}, mo_sqrt_value, mo_sqrt_slope, mo_sqrt_area}
#define MO_SQUARE_CURVE(lo, hi) {lo, hi, {1, NAN}, mo_square_value, mo_square_slope, mo_square_area}
#define MO_NO_CURVE {0, 0, {NAN, NAN}, NULL, NULL, NULL}
#define MO_ZDT_SOURCE "Zitzler, Deb and Thiele 2000, Evolutionary Computation 8(2)"
#define MO_DTLZ_SOURCE "Deb, Thiele, Laumanns and Zitzler 2002 (CEC) and 2005"

/* Reference points: 1.1 times an upper bound of the front's nadir (doc/mo-problems.md). */
const struct ga_mo_function ga_mo_functions[] = {
    {"zdt1", MO_ZDT_SOURCE, 2, 2, 30, 2, GA_MO_MAX_VARIABLES, 0, 1, {0}, {1}, 0, zdt1_evaluate,
     GA_MO_FRONT_CURVE, 0, MO_SQRT_CURVE(0, 1), {{1.1, 1.1}}},
    {"zdt2", MO_ZDT_SOURCE, 2, 2, 30, 2, GA_MO_MAX_VARIABLES, 0, 1, {0}, {1}, 0, zdt2_evaluate,
     GA_MO_FRONT_CURVE, 0, MO_SQUARE_CURVE(0, 1), {{1.1, 1.1}}},
    {"zdt3", MO_ZDT_SOURCE, 2, 2, 30, 2, GA_MO_MAX_VARIABLES, 0, 1, {0}, {1}, 0, zdt3_evaluate,
     GA_MO_FRONT_CURVE, 0, {0, 1, {1, NAN}, zdt3_value, zdt3_slope, zdt3_area}, {{1.1, 1.1}}},
    {"zdt4", MO_ZDT_SOURCE, 2, 2, 10, 2, GA_MO_MAX_VARIABLES, 0, 2, {0, -5}, {1, 5}, 0, zdt4_evaluate,
     GA_MO_FRONT_CURVE, 0, MO_SQRT_CURVE(0, 1), {{1.1, 1.1}}},
    {"zdt6", MO_ZDT_SOURCE, 2, 2, 10, 2, GA_MO_MAX_VARIABLES, 0, 1, {0}, {1}, 0, zdt6_evaluate,
     GA_MO_FRONT_CURVE, 0, MO_SQUARE_CURVE(MO_ZDT6_F1_MIN, 1), {{1.1, 1.1}}},
    {"dtlz1", MO_DTLZ_SOURCE, 2, 3, 6, 2, GA_MO_MAX_VARIABLES, 0, 1, {0}, {1}, 0.5, dtlz1_evaluate,
     GA_MO_FRONT_SIMPLEX, 0.5, MO_NO_CURVE, {{0.55, 0.55}, {0.55, 0.55, 0.55}}},
    {"dtlz2", MO_DTLZ_SOURCE, 2, 3, 11, 2, GA_MO_MAX_VARIABLES, 0, 1, {0}, {1}, 0.5, dtlz2_evaluate,
     GA_MO_FRONT_SPHERE, 1, MO_NO_CURVE, {{1.1, 1.1}, {1.1, 1.1, 1.1}}},
    {"dtlz3", MO_DTLZ_SOURCE, 2, 3, 11, 2, GA_MO_MAX_VARIABLES, 0, 1, {0}, {1}, 0.5, dtlz3_evaluate,
     GA_MO_FRONT_SPHERE, 1, MO_NO_CURVE, {{1.1, 1.1}, {1.1, 1.1, 1.1}}},
    {"dtlz4", MO_DTLZ_SOURCE, 2, 3, 11, 2, GA_MO_MAX_VARIABLES, 0, 1, {0}, {1}, 0.5, dtlz4_evaluate,
     GA_MO_FRONT_SPHERE, 1, MO_NO_CURVE, {{1.1, 1.1}, {1.1, 1.1, 1.1}}},
    {"dtlz7", MO_DTLZ_SOURCE, 2, 3, 21, 2, GA_MO_MAX_VARIABLES, 0, 1, {0}, {1}, 0, dtlz7_evaluate,
     GA_MO_FRONT_CURVE, 0, {0, 1, {4, 6}, dtlz7_value, dtlz7_slope, dtlz7_area},
     {{1.1, 4.4}, {1.1, 1.1, 6.6}}},
    {"bnh", "Binh and Korn 1997, as in Deb 2001, section 14.1.1", 2, 2, 2, 2, 2, 2, 2, {0, 0}, {5, 3}, NAN,
     bnh_evaluate, GA_MO_FRONT_CURVE, 0, {0, 136, {50, NAN}, bnh_value, bnh_slope, bnh_area},
     {{149.6, 55}}},
    {"c1dtlz1", "Jain and Deb 2014, IEEE TEVC 18(4), section V.A", 2, 3, 6, 2, GA_MO_MAX_VARIABLES, 1, 1, {0},
     {1}, 0.5, c1dtlz1_evaluate, GA_MO_FRONT_SIMPLEX, 0.5, MO_NO_CURVE, {{0.55, 0.55}, {0.55, 0.55, 0.55}}},
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

size_t ga_mo_front_sample(const struct ga_mo_function *fn, size_t m, size_t count, double *out)
{
    if (fn->shape != GA_MO_FRONT_CURVE && m == 2)
        return mo_pair_sample(fn->shape, fn->radius, count, out);
    switch (fn->shape) {
    case GA_MO_FRONT_CURVE:
        return mo_curve_sample(&fn->curve, m, count, out);
    case GA_MO_FRONT_SIMPLEX:
        return mo_simplex_sample(fn->radius, count, out);
    case GA_MO_FRONT_SPHERE:
        return mo_sphere_sample(fn->radius, count, out);
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
