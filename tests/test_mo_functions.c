/* tests/test_mo_functions.c — the multi-objective test functions against DEAP and hand values, their fronts and exact hypervolumes. */
#include <math.h>
#include <stdlib.h>

#include "gaexp/indicator.h"
#include "gaexp/pareto.h"
#include "problems/mo/mo_functions.h"
#include "testlib.h"

#define TEST_PI 3.14159265358979323846

#define assert_close(value, expect, tolerance)                                                       \
    do {                                                                                             \
        double v_ = (value), e_ = (expect);                                                          \
        if (!(fabs(v_ - e_) <= (tolerance) * fmax(1, fabs(e_))))                                     \
            fail_msg("%s = %.17g, expected %.17g within %g", #value, v_, e_, (double)(tolerance));   \
    } while (0)

static const struct ga_mo_function *fn_named(const char *name)
{
    const struct ga_mo_function *fn = ga_mo_find(name);
    assert_non_null(fn);
    return fn;
}

/* x_i = frac((seed + i) phi), as build-aux/mo-reference.py draws it */
static void golden_point(double *x, size_t n, int seed)
{
    for (size_t i = 0; i < n; i++)
        x[i] = fmod((double)(seed + (int)i) * ((sqrt(5.0) - 1) / 2), 1.0);
}

/* ---- values against DEAP 1.3 (deap.benchmarks), generated once by build-aux/mo-reference.py */

static const struct {
    const char *name;
    size_t m, n;
    int seed;
    double f[3];
} deap_values[] = {
    {"zdt1", 2, 30, 1, {0.6180339887498949, 3.7255366473695353}},
    {"zdt1", 2, 30, 2, {0.23606797749978981, 4.4136221861025255}},
    {"zdt2", 2, 30, 1, {0.6180339887498949, 5.5146866101476162}},
    {"zdt2", 2, 30, 2, {0.23606797749978981, 5.5491757990953605}},
    {"zdt3", 2, 30, 1, {0.6180339887498949, 3.3938204681309259}},
    {"zdt3", 2, 30, 2, {0.23606797749978981, 4.1998073282280783}},
    {"zdt4", 2, 10, 1, {0.6180339887498949, 158.81945358262374}},
    {"zdt4", 2, 10, 2, {0.23606797749978981, 153.26137696367476}},
    {"zdt6", 2, 10, 1, {0.97891481489731969, 8.40190829952836}},
    {"zdt6", 2, 10, 2, {0.68449809659382688, 8.6915542054109238}},
    {"dtlz1", 2, 6, 1, {170.53065654904771, 105.3937418711463}},
    {"dtlz1", 2, 6, 2, {58.025679468616133, 187.77504320105558}},
    {"dtlz1", 3, 7, 1, {35.861842131911715, 116.05135893723221, 93.887521600527791}},
    {"dtlz1", 3, 7, 2, {49.972667102840909, 8.5363506462554586, 189.33915873281748}},
    {"dtlz2", 2, 11, 1, {1.0331670208835244, 1.5102058367800231}},
    {"dtlz2", 2, 11, 2, {1.6470170304752125, 0.64036142963491582}},
    {"dtlz2", 3, 12, 1, {0.92996327393014266, 0.36157040308809085, 1.4584796920051051}},
    {"dtlz2", 3, 12, 2, {0.39350475941462476, 1.6868746184623984, 0.67346661714663736}},
    {"dtlz3", 2, 11, 1, {640.65844466463591, 936.46632437759558}},
    {"dtlz3", 2, 11, 2, {944.05773615237945, 367.05034033923317}},
    {"dtlz3", 3, 12, 1, {533.04793262400847, 207.24942722696611, 835.98955613791463}},
    {"dtlz3", 3, 12, 2, {207.76395511199277, 890.64168634489022, 355.57915035748698}},
    {"dtlz4", 2, 11, 1, {1.8297966451181908, 3.6287636210462253e-21}},
    {"dtlz4", 2, 11, 2, {1.7671241776512085, 5.5859220499002266e-63}},
    {"dtlz4", 3, 12, 1, {1.7671241776512085, 5.5859220499002266e-63, 3.504474634839948e-21}},
    {"dtlz4", 3, 12, 2, {1.8584803626902782, 4.1328535910160093e-07, 5.874701149217991e-63}},
    {"dtlz7", 2, 21, 1, {0.6180339887498949, 12.788463788109507}},
    {"dtlz7", 2, 21, 2, {0.23606797749978981, 13.03423576692682}},
    {"dtlz7", 3, 22, 1, {0.6180339887498949, 0.23606797749978981, 19.418487618171259}},
    {"dtlz7", 3, 22, 2, {0.23606797749978981, 0.85410196624968471, 17.208083143570207}},
};

static void test_deap_values(void **state)
{
    (void)state;
    for (size_t c = 0; c < sizeof deap_values / sizeof *deap_values; c++) {
        const struct ga_mo_function *fn = fn_named(deap_values[c].name);
        size_t n = deap_values[c].n, m = deap_values[c].m;
        double x[GA_MO_MAX_VARIABLES], f[3];
        assert_true(ga_mo_shape_allowed(fn, n, m));
        assert_int_equal(ga_mo_n_default(fn, m), n); /* DEAP's runs use the usual sizes */
        golden_point(x, n, deap_values[c].seed);
        if (strcmp(fn->name, "zdt4") == 0)
            for (size_t i = 1; i < n; i++)
                x[i] = 10 * x[i] - 5;
        ga_mo_evaluate(fn, n, m, x, f, NULL);
        for (size_t j = 0; j < m; j++)
            assert_close(f[j], deap_values[c].f[j], 1e-13);
    }
}

/* ---- values that follow from the definitions by hand */

static void expect_values(const char *name, size_t n, size_t m, const double *x, const double *expect)
{
    const struct ga_mo_function *fn = fn_named(name);
    double f[3], violation[GA_MO_MAX_CONSTRAINTS];
    ga_mo_evaluate(fn, n, m, x, f, violation);
    for (size_t j = 0; j < m; j++)
        assert_close(f[j], expect[j], 1e-14);
}

static void test_hand_values(void **state)
{
    (void)state;
    double x[30] = {0.25}; /* g = 1: the distance variables at 0 */
    expect_values("zdt1", 30, 2, x, (double[]){0.25, 0.5});
    expect_values("zdt4", 10, 2, x, (double[]){0.25, 0.5}); /* 1 + 10 * 9 + 9 * (0 - 10) = 1 */
    x[0] = 0.5;
    expect_values("zdt2", 30, 2, x, (double[]){0.5, 0.75});
    expect_values("zdt3", 30, 2, x, (double[]){0.5, 1 - sqrt(0.5)}); /* sin(5 pi) = 0 */
    x[0] = 0;
    expect_values("zdt6", 10, 2, x, (double[]){1, 0});
    x[0] = 1.0 / 12; /* sin(pi / 2) = 1 */
    expect_values("zdt6", 10, 2, x, (double[]){1 - exp(-1.0 / 3), 1 - pow(1 - exp(-1.0 / 3), 2)});
    for (size_t i = 0; i < 30; i++)
        x[i] = 0.5;
    expect_values("dtlz1", 6, 2, x, (double[]){0.25, 0.25});
    expect_values("dtlz1", 7, 3, x, (double[]){0.125, 0.125, 0.25});
    expect_values("dtlz2", 11, 2, x, (double[]){sqrt(0.5), sqrt(0.5)});
    expect_values("dtlz3", 12, 3, x, (double[]){0.5, 0.5, sqrt(0.5)});
    x[0] = 1; /* DTLZ4: 1^100 = 1, the f_m axis */
    expect_values("dtlz4", 11, 2, x, (double[]){cos(TEST_PI / 2), 1});
    x[2] = 0.75; /* g = 0.0625 */
    expect_values("dtlz2", 11, 2, x, (double[]){1.0625 * cos(TEST_PI / 2), 1.0625});
    for (size_t i = 0; i < 30; i++)
        x[i] = 0;
    expect_values("dtlz7", 21, 2, x, (double[]){0, 4});
    expect_values("dtlz7", 22, 3, x, (double[]){0, 0, 6});
    expect_values("bnh", 2, 2, (double[]){0, 0}, (double[]){0, 50});
    expect_values("bnh", 2, 2, (double[]){5, 3}, (double[]){136, 4});
    expect_values("bnh", 2, 2, (double[]){3, 3}, (double[]){72, 8});
}

/* ---- the analytic front, written here from the papers, apart from the library's description */

/* The Pareto sets of the constrained two-objective functions as arcs x(t), t from a to b, in
 * increasing f1 (Deb 2001, section 14.1; SRN completed along its constraints, and the ends
 * computed by build-aux/mo-reference.py). */
#define SRN_U_END 4.8409773708746727673 /* df2/du = 0 on the circle */
#define OSY_X1_CROSS 4.0565430124312839652
#define OSY_X3_CROSS 3.7316847560574749165
/* TNK: t is the angle atan(x1 / x2) on c1's boundary; the pieces' ends by mpmath's findroot */
#define TNK_DISK 0.040099955671146932967  /* where the boundary enters c2's disk */
#define TNK_LOW1 0.21166109077144593365   /* a least x2 */
#define TNK_BACK1 0.44837804079402737366  /* x2 back at that least */
#define TNK_LOW2 0.671797267032959534     /* the next least x2 */
#define TNK_BACK2 0.67606709312416498055  /* x2 back at it */
#define TNK_FLIP(t) (TEST_PI / 2 - (t))  /* swaps x1 and x2 */
struct pareto_arc {
    const char *name;
    int arc;
    double a, b;
};
static const struct pareto_arc pareto_arcs[] = {
    {"bnh", 0, 0, 3}, {"bnh", 1, 3, 5},
    {"srn", 0, 3.7, 2.5}, {"srn", 1, 2.5, 14.790199457749040}, {"srn", 2, 2.5, SRN_U_END},
    {"osy", 0, 5, 1}, {"osy", 1, 5, 1}, {"osy", 2, 5, OSY_X1_CROSS}, {"osy", 3, OSY_X3_CROSS, 1}, {"osy", 4, 0, 1},
    {"tnk", 0, TNK_DISK, TNK_LOW1}, {"tnk", 0, TNK_BACK1, TNK_LOW2}, {"tnk", 0, TNK_BACK2, TNK_FLIP(TNK_BACK2)},
    {"tnk", 0, TNK_FLIP(TNK_LOW2), TNK_FLIP(TNK_BACK1)}, {"tnk", 0, TNK_FLIP(TNK_LOW1), TNK_FLIP(TNK_DISK)},
};
#define PARETO_ARCS (sizeof pareto_arcs / sizeof *pareto_arcs)

static void pareto_arc_x(const struct pareto_arc *p, double t, double *x)
{
    double osy[5][6] = {{5, 1, t, 0, 5, 0}, {5, 1, t, 0, 1, 0}, {t, (t - 2) / 3, 1, 0, 1, 0},
                        {0, 2, t, 0, 1, 0}, {t, 2 - t, 1, 0, 1, 0}};
    double srn[3][2] = {{3 * t - 10, t}, {-2.5, t}, {-t, sqrt(225 - t * t)}};
    double bnh[2][2] = {{t, t}, {t, 3}}, rho = sqrt(1 + 0.1 * cos(16 * t));
    if (!strcmp(p->name, "tnk")) {
        x[0] = rho * sin(t);
        x[1] = rho * cos(t);
    } else if (!strcmp(p->name, "osy"))
        memcpy(x, osy[p->arc], sizeof osy[0]);
    else if (!strcmp(p->name, "srn"))
        memcpy(x, srn[p->arc], sizeof srn[0]);
    else
        memcpy(x, bnh[p->arc], sizeof bnh[0]);
}

static void pareto_arc_f(const struct pareto_arc *p, double t, double *f)
{
    double x[6], violation[GA_MO_MAX_CONSTRAINTS];
    const struct ga_mo_function *fn = ga_mo_find(p->name);
    pareto_arc_x(p, t, x);
    ga_mo_evaluate(fn, fn->n_at_min, 2, x, f, violation);
}

/* f2 - the front's f2 at f[0]: the arc whose f1 spans it, bisected there */
static double path_residual(const char *name, const double *f)
{
    for (size_t j = 0; j < PARETO_ARCS; j++) {
        const struct pareto_arc *p = &pareto_arcs[j];
        double fa[2], fb[2], a = p->a, b = p->b, fm[2];
        if (strcmp(p->name, name))
            continue;
        pareto_arc_f(p, a, fa);
        pareto_arc_f(p, b, fb);
        if (f[0] < fa[0] - 1e-14 * fabs(fa[0]) || f[0] > fb[0] + 1e-14 * fabs(fb[0]))
            continue;
        if (f[0] == fa[0] || f[0] == fb[0]) /* an end: where f1 may be flat in t */
            return f[1] - (f[0] == fa[0] ? fa[1] : fb[1]);
        for (int i = 0; i < 100; i++) {
            double mid = (a + b) / 2;
            pareto_arc_f(p, mid, fm);
            if (fm[0] < f[0])
                a = mid;
            else
                b = mid;
        }
        pareto_arc_f(p, (a + b) / 2, fm);
        return f[1] - fm[1];
    }
    return INFINITY;
}

/* TNK's pieces are open where the other side of a gap dominates them: at their start past a
 * flat gap (the last end lies level and before), at their end before a vertical one (the next
 * start lies below) */
static bool tnk_on_piece(const struct pareto_arc *p, double t)
{
    bool open_start = p->a == TNK_BACK1 || p->a == TNK_BACK2;
    bool open_end = p->b == TNK_FLIP(TNK_BACK2) || p->b == TNK_FLIP(TNK_BACK1);
    return (open_start ? t > p->a + 1e-12 : t >= p->a - 1e-15) && (open_end ? t < p->b - 1e-12 : t <= p->b + 1e-15);
}

/* TNK: c1's boundary, x1^2 + x2^2 - 1 - 0.1 cos(16 atan(x1 / x2)) = 0, at an angle on one of the
 * pieces, inside c2's disk */
static double tnk_residual(const double *f)
{
    double t = atan(f[0] / f[1]);
    bool on_piece = false;
    for (size_t j = 0; j < PARETO_ARCS; j++)
        on_piece |= !strcmp(pareto_arcs[j].name, "tnk") && tnk_on_piece(&pareto_arcs[j], t);
    if (!on_piece || (f[0] - 0.5) * (f[0] - 0.5) + (f[1] - 0.5) * (f[1] - 0.5) > 0.5 + 1e-15)
        return INFINITY;
    return f[0] * f[0] + f[1] * f[1] - 1 - 0.1 * cos(16 * t);
}

static double front_residual(const char *name, size_t m, const double *f)
{
    double s = 0;
    if (!strcmp(name, "zdt1") || !strcmp(name, "zdt4"))
        return f[1] - (1 - sqrt(f[0]));
    if (!strcmp(name, "zdt2") || !strcmp(name, "zdt6"))
        return f[1] - (1 - f[0] * f[0]);
    if (!strcmp(name, "zdt3"))
        return f[1] - (1 - sqrt(f[0]) - f[0] * sin(10 * TEST_PI * f[0]));
    if (!strcmp(name, "dtlz1") || !strcmp(name, "c1dtlz1")) {
        for (size_t j = 0; j < m; j++)
            s += f[j];
        return s - 0.5;
    }
    if (!strncmp(name, "dtlz", 4) && name[4] >= '2' && name[4] <= '4') {
        for (size_t j = 0; j < m; j++)
            s += f[j] * f[j];
        return s - 1;
    }
    if (!strcmp(name, "dtlz7")) {
        for (size_t j = 0; j + 1 < m; j++)
            s += f[j] * (1 + sin(3 * TEST_PI * f[j]));
        return f[m - 1] - (2 * (double)m - s);
    }
    if (!strcmp(name, "tnk"))
        return tnk_residual(f);
    if (!strcmp(name, "bnh") || !strcmp(name, "srn") || !strcmp(name, "osy"))
        return path_residual(name, f) / (1 + fabs(f[1]));
    fail_msg("no front written for %s", name);
    return NAN;
}

/* A Pareto-optimal x: the position variables from r, the others at the distance optimum
 * (BNH: its Pareto set, (u, u) or (s, 3)). */
static void optimal_point(const struct ga_mo_function *fn, size_t n, size_t m, gsl_rng *r, double *x)
{
    for (size_t i = 0; i < n; i++)
        x[i] = i + 1 < m ? gsl_rng_uniform(r) : fn->distance_optimum;
    if (fn->shape == GA_MO_FRONT_PATH) {
        size_t j;
        do
            j = (size_t)gsl_rng_uniform_int(r, PARETO_ARCS);
        while (strcmp(pareto_arcs[j].name, fn->name));
        const struct pareto_arc *p = &pareto_arcs[j];
        pareto_arc_x(p, p->a + (p->b - p->a) * gsl_rng_uniform(r), x);
    }
}

static void test_optima_on_front(void **state)
{
    (void)state;
    gsl_rng *r = test_rng_alloc(30);
    for (size_t k = 0; k < ga_mo_function_count; k++) {
        const struct ga_mo_function *fn = &ga_mo_functions[k];
        for (size_t m = fn->m_min; m <= fn->m_max; m++)
            for (int trial = 0; trial < 200; trial++) {
                size_t n = ga_mo_n_default(fn, m);
                double x[GA_MO_MAX_VARIABLES], f[3], violation[GA_MO_MAX_CONSTRAINTS];
                optimal_point(fn, n, m, r, x);
                ga_mo_evaluate(fn, n, m, x, f, violation);
                assert_close(front_residual(fn->name, m, f), 0, 1e-12);
                for (size_t c = 0; c < fn->constraints; c++)
                    assert_true(violation[c] <= 1e-14);
            }
    }
    gsl_rng_free(r);
}

/* ---- the sampled fronts */

#define SAMPLE_MAX 40000

static void test_front_samples(void **state)
{
    (void)state;
    double *f = malloc(SAMPLE_MAX * 3 * sizeof *f);
    size_t *rank = malloc(SAMPLE_MAX * sizeof *rank);
    assert_true(f && rank);
    for (size_t k = 0; k < ga_mo_function_count; k++) {
        const struct ga_mo_function *fn = &ga_mo_functions[k];
        for (size_t m = fn->m_min; m <= fn->m_max; m++) {
            size_t count = ga_mo_front_sample(fn, m, 2000, f);
            assert_true(count <= 2000 && count >= 1000);
            for (size_t i = 0; i < count; i++)
                if (!(fabs(front_residual(fn->name, m, f + i * m)) <= 1e-12))
                    fail_msg("%s, m = %zu: point %zu (%.17g, %.17g) off the front by %g", fn->name, m, i, f[i * m],
                             f[i * m + 1], front_residual(fn->name, m, f + i * m));
            struct ga_pareto *pm = ga_pareto_alloc(count, m);
            size_t fronts = ga_pareto_rank(pm, f, count, rank);
            if (fronts != 1)
                fail_msg("%s, m = %zu: %zu fronts", fn->name, m, fronts);
            ga_pareto_free(pm);
        }
    }
    free(rank);
    free(f);
}

/* The sample reaches the front's ideal and nadir points, as the papers give them
 * (ZDT3 and DTLZ7: at their last piece's end, test_pieces), every objective's least and
 * greatest value over the front. */
static void test_sample_extremes(void **state)
{
    (void)state;
    double e3 = 0.851832865436414, e7 = 0.859400856644724, a6 = 0.2807753188153697;
    double v7 = e7 * (1 + sin(3 * TEST_PI * e7));
    double srn_end[2]; /* the circle's end: the least f2 */
    ga_mo_evaluate(fn_named("srn"), 2, 2, (double[]){-SRN_U_END, sqrt(225 - SRN_U_END * SRN_U_END)}, srn_end,
                   (double[2]){0});
    static const char *const names[] = {"zdt1", "zdt2", "zdt3", "zdt4", "zdt6", "dtlz1", "dtlz2", "dtlz3",
                                        "dtlz4", "dtlz7", "bnh", "c1dtlz1", "srn", "osy", "tnk"};
    double tnk_least = 0.041664126903726856, tnk_most = 1.0384498374343491; /* at TNK_DISK, by mpmath */
    const double ideal[][2][3] = {
        {{0, 0}}, {{0, 0}}, {{0, 1 - sqrt(e3) - e3 * sin(10 * TEST_PI * e3)}}, {{0, 0}}, {{a6, 0}},
        {{0, 0}, {0, 0, 0}}, {{0, 0}, {0, 0, 0}}, {{0, 0}, {0, 0, 0}}, {{0, 0}, {0, 0, 0}},
        {{0, 4 - v7}, {0, 0, 6 - 2 * v7}}, {{0, 4}}, {{0, 0}, {0, 0, 0}},
        {{10.1, srn_end[1]}}, /* SRN's least f1: (2, 1)'s distance to x1 - 3 x2 + 10 = 0 is 9 / sqrt(10) */
        {{-274, 4}}, {{tnk_least, tnk_least}}};
    const double nadir[][2][3] = {
        {{1, 1}}, {{1, 1}}, {{e3, 1}}, {{1, 1}}, {{1, 1 - a6 * a6}},
        {{0.5, 0.5}, {0.5, 0.5, 0.5}}, {{1, 1}, {1, 1, 1}}, {{1, 1}, {1, 1, 1}}, {{1, 1}, {1, 1, 1}},
        {{e7, 4}, {e7, e7, 6}}, {{136, 50}}, {{0.5, 0.5}, {0.5, 0.5, 0.5}},
        {{srn_end[0], 9 * 1.1 - 2.7 * 2.7}}, /* at the foot, (1.1, 3.7) */
        {{-42, 76}}, {{tnk_most, tnk_most}}};
    double *f = malloc(2000 * 3 * sizeof *f);
    assert_non_null(f);
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        const struct ga_mo_function *fn = fn_named(names[k]);
        for (size_t m = fn->m_min; m <= fn->m_max; m++) {
            size_t count = ga_mo_front_sample(fn, m, 2000, f);
            for (size_t j = 0; j < m; j++) {
                double least = INFINITY, greatest = -INFINITY;
                for (size_t i = 0; i < count; i++) {
                    least = fmin(least, f[i * m + j]);
                    greatest = fmax(greatest, f[i * m + j]);
                }
                assert_close(least, ideal[k][m - 2][j], 1e-13);
                assert_close(greatest, nadir[k][m - 2][j], 1e-13);
            }
        }
    }
    free(f);
}

/* The pieces of ZDT3 and DTLZ7 as published (ZDT3: e.g. Deb 2001, section 8.4; DTLZ7:
 * the pymoo and jMetal fronts) and as mpmath finds them (build-aux/mo-reference.py). */
static void test_pieces(void **state)
{
    (void)state;
    static const double zdt3[] = {0, 0.0830015349269116, 0.1822287280294, 0.25776236338783,
                                  0.409313674808657, 0.45388210408883, 0.618396794439266,
                                  0.652511703804663, 0.823331798326633, 0.851832865436414};
    static const double dtlz7[] = {0, 0.251411836088917, 0.631626530700061, 0.859400856644724};
    double ends[32];
    assert_int_equal(ga_mo_curve_pieces(&fn_named("zdt3")->curve, ends, 16), 5);
    for (size_t i = 0; i < 10; i++)
        assert_close(ends[i], zdt3[i], 1e-13);
    assert_int_equal(ga_mo_curve_pieces(&fn_named("dtlz7")->curve, ends, 16), 2);
    for (size_t i = 0; i < 4; i++)
        assert_close(ends[i], dtlz7[i], 1e-13);
    assert_int_equal(ga_mo_curve_pieces(&fn_named("zdt1")->curve, ends, 16), 1);
    /* ZDT6's least f1, where the derivative of -4x + 6 ln sin(6 pi x) vanishes */
    double x6 = (TEST_PI / 2 - atan(1 / (9 * TEST_PI))) / (6 * TEST_PI);
    assert_close(fn_named("zdt6")->curve.lower, 1 - exp(-4 * x6) * pow(sin(6 * TEST_PI * x6), 6), 1e-16);
    for (double x = 0; x <= 1; x += 1e-5) /* and no f1 below it */
        assert_true(1 - exp(-4 * x) * pow(sin(6 * TEST_PI * x), 6) >= fn_named("zdt6")->curve.lower - 1e-16);
}

/* ---- exact hypervolumes: textbook closed forms and mpmath's values */

static void test_front_hv_exact(void **state)
{
    (void)state;
    double r = 1.1, x6 = (TEST_PI / 2 - atan(1 / (9 * TEST_PI))) / (6 * TEST_PI);
    double a = 1 - exp(-4 * x6) * pow(sin(6 * TEST_PI * x6), 6);
    assert_close(ga_mo_front_hv(fn_named("zdt1"), 2), r * r - 1.0 / 3, 1e-14);
    assert_close(ga_mo_front_hv(fn_named("zdt4"), 2), r * r - 1.0 / 3, 1e-14);
    assert_close(ga_mo_front_hv(fn_named("zdt2"), 2), r * r - 2.0 / 3, 1e-14);
    /* ZDT6: the box from f1 = a, less the area under 1 - f1^2 on [a, 1] */
    assert_close(ga_mo_front_hv(fn_named("zdt6"), 2), (r - a) * r - ((1 - a) - (1 - a * a * a) / 3), 1e-14);
    const char *simplex[] = {"dtlz1", "c1dtlz1"}, *sphere[] = {"dtlz2", "dtlz3", "dtlz4"};
    for (size_t i = 0; i < 2; i++) {
        assert_close(ga_mo_front_hv(fn_named(simplex[i]), 2), 0.55 * 0.55 - 0.25 / 2, 1e-14);
        assert_close(ga_mo_front_hv(fn_named(simplex[i]), 3), 0.55 * 0.55 * 0.55 - 0.125 / 6, 1e-14);
    }
    for (size_t i = 0; i < 3; i++) {
        assert_close(ga_mo_front_hv(fn_named(sphere[i]), 2), r * r - TEST_PI / 4, 1e-14);
        assert_close(ga_mo_front_hv(fn_named(sphere[i]), 3), r * r * r - TEST_PI / 6, 1e-14);
    }
    /* mpmath 1.2.1 at 30 digits, by quadrature of the envelope (build-aux/mo-reference.py) */
    assert_close(ga_mo_front_hv(fn_named("zdt3"), 2), 1.331762908657020121882402, 1e-14);
    assert_close(ga_mo_front_hv(fn_named("dtlz7"), 2), 1.338134155979261160009285, 1e-14);
    assert_close(ga_mo_front_hv(fn_named("dtlz7"), 3), 2.701895143154374552020427, 1e-14);
    assert_close(ga_mo_front_hv(fn_named("bnh"), 2), 6474.933333333333333333333, 1e-14);
    assert_close(ga_mo_front_hv(fn_named("srn"), 2), 35478.56545028488623567584, 1e-14);
    assert_close(ga_mo_front_hv(fn_named("osy"), 2), 16452.05114921067918088529, 1e-14);
    /* TNK's also by brute force in numpy, no pieces known: the non-dominated points of 1e7 angles
     * along c1's boundary inside the disk bracket it in [0.65506173020, 0.65506202046] */
    assert_close(ga_mo_front_hv(fn_named("tnk"), 2), 0.6550618057047515871655257, 1e-14);
}

static int by_first(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Two objectives: the sample's hypervolume lies below the exact one by at most the boxes
 * between consecutive points, sum |df1 df2| (the front is monotone between them, and
 * flat across the gaps, where df2 = 0). */
static void test_sample_hv_2d(void **state)
{
    (void)state;
    double *f = malloc(20000 * 2 * sizeof *f);
    assert_non_null(f);
    for (size_t k = 0; k < ga_mo_function_count; k++) {
        const struct ga_mo_function *fn = &ga_mo_functions[k];
        size_t count = ga_mo_front_sample(fn, 2, 20000, f);
        double exact = ga_mo_front_hv(fn, 2), hv = ga_indicator_hv(f, count, 2, fn->reference[0]), bound = 0;
        qsort(f, count, 2 * sizeof *f, by_first);
        for (size_t i = 0; i + 1 < count; i++)
            bound += fabs((f[2 * i + 2] - f[2 * i]) * (f[2 * i + 3] - f[2 * i + 1]));
        assert_true(hv <= exact + 1e-12 * exact);
        if (!(exact - hv <= bound + 1e-12 * exact) || bound > 1e-3 * exact)
            fail_msg("%s: exact %.15g, sample %.15g, bound %.3g", fn->name, exact, hv, bound);
    }
    free(f);
}

/* Three objectives: when every front point z has a sample point s <= z + delta, the
 * sample's hypervolume is below the exact one by at most delta (r1 r2 + r1 r3 + r2 r3)
 * (the front lies in [0, r]).  delta: the triangular grid of step h = radius / p moves
 * f1, f2 by h and f3 by 2h to a corner of the cell; the angle grid of step pi / (2p)
 * moves each coordinate by at most twice that; DTLZ7's product grid of step h moves
 * f1, f2 by h and f3 by 2 h max |value'| <= 2 h (2 + 3 pi). */
static void test_sample_hv_3d(void **state)
{
    (void)state;
    double *f = malloc(SAMPLE_MAX * 3 * sizeof *f);
    assert_non_null(f);
    for (size_t k = 0; k < ga_mo_function_count; k++) {
        const struct ga_mo_function *fn = &ga_mo_functions[k];
        if (fn->m_max < 3)
            continue;
        const double *r = fn->reference[1];
        double previous = 0;
        for (size_t count = 2500; count <= SAMPLE_MAX; count *= 4) {
            size_t written = ga_mo_front_sample(fn, 3, count, f), p = 0;
            double delta, exact = ga_mo_front_hv(fn, 3), hv = ga_indicator_hv(f, written, 3, r);
            if (fn->shape == GA_MO_FRONT_SIMPLEX) {
                while ((p + 1) * (p + 2) / 2 < written)
                    p++;
                delta = 2 * fn->radius / (double)p;
            } else if (fn->shape == GA_MO_FRONT_SPHERE) {
                while (p * (p + 1) + 1 < written)
                    p++;
                delta = 2 * fn->radius * TEST_PI / 2 / (double)p;
            } else { /* the widest step of the 1-D grid, within a piece */
                double ends[32], h = 0;
                size_t pieces = ga_mo_curve_pieces(&fn->curve, ends, 16), q = (size_t)sqrt((double)written);
                for (size_t i = 0; i + 1 < q; i++) {
                    double t = f[3 * (i * q)], u = f[3 * (i + 1) * q];
                    bool gap = false;
                    for (size_t j = 0; j + 1 < pieces; j++)
                        gap |= t == ends[2 * j + 1]; /* from a piece's end across the gap */
                    h = gap ? h : fmax(h, u - t);
                }
                delta = 2 * h * (2 + 3 * TEST_PI);
            }
            double bound = delta * (r[0] * r[1] + r[0] * r[2] + r[1] * r[2]);
            if (!(hv <= exact + 1e-12 && exact - hv <= bound && hv > previous))
                fail_msg("%s: %zu points, exact %.15g, sample %.15g, bound %.3g", fn->name, written, exact, hv,
                         bound);
            previous = hv;
        }
        assert_true(ga_mo_front_hv(fn, 3) - previous < 0.01 * ga_mo_front_hv(fn, 3));
    }
    free(f);
}

/* A Pareto-optimal x moved by up to 'scale' of the box's width in every variable (clipped to
 * the box), and its f; true when it is feasible. */
static bool moved_point(const struct ga_mo_function *fn, size_t n, size_t m, gsl_rng *r, double scale, double *f)
{
    double lower[GA_MO_MAX_VARIABLES], upper[GA_MO_MAX_VARIABLES], x[GA_MO_MAX_VARIABLES];
    double violation[GA_MO_MAX_CONSTRAINTS];
    bool ok = true;
    ga_mo_bounds(fn, n, lower, upper);
    optimal_point(fn, n, m, r, x);
    for (size_t i = 0; i < n; i++)
        x[i] = fmin(fmax(x[i] + (upper[i] - lower[i]) * scale * (2 * gsl_rng_uniform(r) - 1), lower[i]), upper[i]);
    ga_mo_evaluate(fn, n, m, x, f, violation);
    for (size_t c = 0; c < fn->constraints; c++)
        ok &= violation[c] <= 0;
    return ok;
}

/* Feasible points near the Pareto set (position variables anywhere, the others moved from
 * their optimum by up to 10^-6 .. 10^-2 of the box's width) never dominate a point of the
 * sampled front. */
static void test_nothing_dominates_front(void **state)
{
    (void)state;
    double *front = malloc(2000 * 3 * sizeof *front);
    gsl_rng *r = test_rng_alloc(7);
    assert_non_null(front);
    for (size_t k = 0; k < ga_mo_function_count; k++) {
        const struct ga_mo_function *fn = &ga_mo_functions[k];
        for (size_t m = fn->m_min; m <= fn->m_max; m++) {
            size_t n = ga_mo_n_default(fn, m), count = ga_mo_front_sample(fn, m, 2000, front), feasible = 0;
            for (int trial = 0; trial < 2000; trial++) {
                double f[3];
                bool ok = moved_point(fn, n, m, r, pow(10, -2 - 4 * gsl_rng_uniform(r)), f);
                feasible += ok;
                for (size_t i = 0; ok && i < count; i++) {
                    bool dominates = true;
                    for (size_t j = 0; j < m; j++)
                        dominates &= f[j] < front[i * m + j] - 1e-12 * fmax(1, fabs(front[i * m + j]));
                    if (dominates)
                        fail_msg("%s, m = %zu: a feasible point dominates front point %zu", fn->name, m, i);
                }
            }
            assert_true(feasible >= 100);
        }
    }
    gsl_rng_free(r);
    free(front);
}

/* Two objectives: no feasible point lies below the front.  The front's f2 at f1 is at least
 * that of the first sample point past f1 (the front falls along a piece and is flat across a
 * gap), and no feasible f1 comes before the front's first.  Points drawn uniformly in the box
 * and near the Pareto set.  (This is what finds a missing piece, as SRN's two ends.) */
static void test_nothing_below_front(void **state)
{
    (void)state;
    double *front = malloc(20000 * 2 * sizeof *front);
    gsl_rng *r = test_rng_alloc(11);
    assert_non_null(front);
    for (size_t k = 0; k < ga_mo_function_count; k++) {
        const struct ga_mo_function *fn = &ga_mo_functions[k];
        size_t n = ga_mo_n_default(fn, 2), count = ga_mo_front_sample(fn, 2, 20000, front), feasible = 0;
        qsort(front, count, 2 * sizeof *front, by_first);
        for (int trial = 0; trial < 20000; trial++) {
            double f[2], scale = trial % 2 ? 1 : pow(10, -1 - 5 * gsl_rng_uniform(r)); /* odd: anywhere */
            if (!moved_point(fn, n, 2, r, scale, f))
                continue;
            feasible++;
            size_t i = 0;
            while (i + 1 < count && front[2 * i] <= f[0])
                i++;
            double tolerance = 1e-12 * fmax(1, fabs(front[2 * i + 1]));
            if (f[0] < front[0] - 1e-12 * fmax(1, fabs(front[0])) || f[1] < front[2 * i + 1] - tolerance)
                fail_msg("%s: the feasible point (%.17g, %.17g) lies below the front", fn->name, f[0], f[1]);
        }
        assert_true(feasible >= 1000);
    }
    gsl_rng_free(r);
    free(front);
}

/* ---- constraints: points known feasible and infeasible */

static void expect_violations(const char *name, size_t n, size_t m, const double *x, const double *expect)
{
    const struct ga_mo_function *fn = fn_named(name);
    double f[3], violation[GA_MO_MAX_CONSTRAINTS];
    ga_mo_evaluate(fn, n, m, x, f, violation);
    for (size_t c = 0; c < fn->constraints; c++)
        assert_close(violation[c], expect[c], 1e-14);
}

static void test_constraints(void **state)
{
    (void)state;
    /* BNH: (x1 - 5)^2 + x2^2 <= 25 and (x1 - 8)^2 + (x2 + 3)^2 >= 7.7 */
    expect_violations("bnh", 2, 2, (double[]){1, 1}, (double[]){17.0 / 25 - 1, 1 - 65 / 7.7});
    expect_violations("bnh", 2, 2, (double[]){0, 3}, (double[]){34.0 / 25 - 1, 1 - 100 / 7.7});
    expect_violations("bnh", 2, 2, (double[]){8, -3}, (double[]){18.0 / 25 - 1, 1}); /* outside the box */
    /* SRN: x1^2 + x2^2 <= 225 and 3 x2 - x1 >= 10 */
    expect_violations("srn", 2, 2, (double[]){-2.5, 2.5}, (double[]){12.5 / 225 - 1, 0});
    expect_violations("srn", 2, 2, (double[]){0, 0}, (double[]){-1, 1});
    expect_violations("srn", 2, 2, (double[]){-15, 15}, (double[]){1, 1 - 60.0 / 10});
    /* OSY: point C of its front, (5, 1, 1, 0, 1, 0), lies on four boundaries at once */
    expect_violations("osy", 6, 2, (double[]){5, 1, 1, 0, 1, 0}, (double[]){-2, 0, -3, 0, 0, 0});
    expect_violations("osy", 6, 2, (double[]){0, 0, 3, 5, 4, 0}, (double[]){1, -1, -1, -1, 0.25, 0.75});
    /* TNK: x1^2 + x2^2 - 0.1 cos(16 atan(x1 / x2)) >= 1 and (x1 - 1/2)^2 + (x2 - 1/2)^2 <= 1/2; the
     * box's corner and edge x2 = 0, where x1 / x2 is 0 / 0 or infinite, are evaluated too */
    expect_violations("tnk", 2, 2, (double[]){1, 1}, (double[]){1 - (2 - 0.1), 0}); /* cos(4 pi) */
    expect_violations("tnk", 2, 2, (double[]){0.5, 0.5}, (double[]){1 - (0.5 - 0.1), -1});
    expect_violations("tnk", 2, 2, (double[]){0, 0}, (double[]){1 - (0 - 0.1), 0});
    expect_violations("tnk", 2, 2, (double[]){1, 0}, (double[]){1 - (1 - 0.1), 0}); /* cos(8 pi) */
    expect_violations("tnk", 2, 2, (double[]){0, 1.5}, (double[]){1 - (2.25 - 0.1), (0.25 + 1) / 0.5 - 1});
    /* C1-DTLZ1, m = 2: x1 = 0 gives f = (0, (1 + g)/2), feasible iff g <= 0.2; x1 = 1 gives
     * ((1 + g)/2, 0), feasible iff g = 0 */
    double x[6] = {0, 0.5, 0.5, 0.5, 0.5, 0.5};
    expect_violations("c1dtlz1", 6, 2, x, (double[]){0.5 / 0.6 - 1});
    x[1] = 0.5 + 0.05; /* g = 100 (k + sum): the four at 0.5 add -1 each, this one 0.05^2 - cos(pi) */
    double g = 100 * (5 - 4 + 0.05 * 0.05 - cos(TEST_PI));
    expect_violations("c1dtlz1", 6, 2, x, (double[]){0.5 * (1 + g) / 0.6 - 1});
    x[0] = 1;
    x[1] = 0.5;
    expect_violations("c1dtlz1", 6, 2, x, (double[]){0});
    x[1] = 0.5 + 1e-3; /* g = 100 (1 + 1e-6 - cos(0.02 pi)) > 0: infeasible */
    g = 100 * (5 - 4 + 1e-6 - cos(20 * TEST_PI * 1e-3));
    expect_violations("c1dtlz1", 6, 2, x, (double[]){g});
    assert_true(g > 0);
}

/* ---- TNK's pieces */

static double tnk_x2(double t) { return sqrt(1 + 0.1 * cos(16 * t)) * cos(t); }
static double tnk_x2_slope(double t)
{
    double rho = sqrt(1 + 0.1 * cos(16 * t));
    return -0.8 * sin(16 * t) / rho * cos(t) - rho * sin(t);
}

/* The ends solve what defines them, the library's arcs end there, and ga_mo_evaluate gives
 * each sampled point back (f = x), feasible. */
static void test_tnk_front(void **state)
{
    (void)state;
    double x[2], f[2], violation[2], *front = malloc(2000 * 2 * sizeof *front);
    const struct ga_mo_function *fn = fn_named("tnk");
    assert_non_null(front);
    pareto_arc_x(&(struct pareto_arc){"tnk", 0, 0, 0}, TNK_DISK, x);
    assert_close((x[0] - 0.5) * (x[0] - 0.5) + (x[1] - 0.5) * (x[1] - 0.5), 0.5, 1e-15);
    assert_close(tnk_x2_slope(TNK_LOW1), 0, 1e-14);
    assert_close(tnk_x2_slope(TNK_LOW2), 0, 1e-14);
    assert_close(tnk_x2(TNK_BACK1), tnk_x2(TNK_LOW1), 1e-15);
    assert_close(tnk_x2(TNK_BACK2), tnk_x2(TNK_LOW2), 1e-15);
    assert_true(fn->shape == GA_MO_FRONT_PATH);
    ga_mo_bounds(fn, 2, x, f); /* Deb's [0, pi]^2 (pymoo's starts x2 at 1e-30, for its atan(x1 / x2)) */
    assert_true(x[0] == 0 && x[1] == 0 && f[0] == TEST_PI && f[1] == TEST_PI);
    size_t arc = 0;
    for (size_t j = 0; j < PARETO_ARCS; j++)
        if (!strcmp(pareto_arcs[j].name, "tnk")) {
            assert_true(arc < fn->path->arcs);
            assert_close(fn->path->arc[arc].from, pareto_arcs[j].a, 1e-15);
            assert_close(fn->path->arc[arc].to, pareto_arcs[j].b, 1e-15);
            arc++;
        }
    assert_int_equal(arc, fn->path->arcs);
    size_t count = ga_mo_front_sample(fn, 2, 2000, front);
    for (size_t i = 0; i < count; i++) {
        ga_mo_evaluate(fn, 2, 2, front + 2 * i, f, violation);
        assert_true(f[0] == front[2 * i] && f[1] == front[2 * i + 1]);
        assert_true(violation[0] <= 1e-15 && violation[1] <= 1e-15); /* on c1's boundary, and c2's at the ends */
    }
    free(front);
}

/* ---- the table */

static void test_table(void **state)
{
    (void)state;
    static const char *const names[] = {"zdt1", "zdt2", "zdt3", "zdt4", "zdt6", "dtlz1", "dtlz2", "dtlz3",
                                        "dtlz4", "dtlz7", "bnh", "srn", "osy", "tnk", "c1dtlz1"};
    static const size_t n2[] = {30, 30, 30, 10, 10, 6, 11, 11, 11, 21, 2, 2, 6, 2, 6};
    assert_int_equal(ga_mo_function_count, sizeof names / sizeof *names);
    for (size_t i = 0; i < ga_mo_function_count; i++) {
        const struct ga_mo_function *fn = fn_named(names[i]);
        assert_int_equal(ga_mo_n_default(fn, 2), n2[i]);
        assert_true(ga_mo_shape_allowed(fn, n2[i], 2));
        assert_false(ga_mo_shape_allowed(fn, n2[i], 4));
        assert_false(ga_mo_shape_allowed(fn, 1, 2));
        assert_int_equal(ga_mo_shape_allowed(fn, n2[i] + 1, 3), fn->m_max == 3);
        assert_int_equal(ga_mo_front_sample(fn, 2, 1, NULL), 0); /* too few for both ends */
    }
    assert_null(ga_mo_find("zdt5"));
    double lower[10], upper[10];
    ga_mo_bounds(fn_named("zdt4"), 10, lower, upper);
    assert_true(lower[0] == 0 && upper[0] == 1 && lower[9] == -5 && upper[9] == 5);
    ga_mo_bounds(fn_named("bnh"), 2, lower, upper);
    assert_true(lower[1] == 0 && upper[0] == 5 && upper[1] == 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_deap_values),
        cmocka_unit_test(test_hand_values),
        cmocka_unit_test(test_optima_on_front),
        cmocka_unit_test(test_pieces),
        cmocka_unit_test(test_front_samples),
        cmocka_unit_test(test_sample_extremes),
        cmocka_unit_test(test_front_hv_exact),
        cmocka_unit_test(test_sample_hv_2d),
        cmocka_unit_test(test_sample_hv_3d),
        cmocka_unit_test(test_nothing_dominates_front),
        cmocka_unit_test(test_nothing_below_front),
        cmocka_unit_test(test_constraints),
        cmocka_unit_test(test_tnk_front),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
