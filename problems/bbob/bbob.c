/* problems/bbob/bbob.c — COCO's BBOB noiseless suite: the 24 functions of Hansen et al. (2009), with COCO's instances. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"
#include "problems/bbob/bbob.h"

#define BBOB_PI 3.14159265358979323846
#define BBOB_N GA_BBOB_MAX_DIMENSION
#define BBOB_SCHWEFEL_XOPT 4.2096874637     /* 2 |xopt| of f20, as COCO draws it */
#define BBOB_SCHWEFEL_BEST 4.2096874633     /* 2 |x*| of f20, as COCO records it */
#define BBOB_SCHWEFEL_MAX 418.9828872724339 /* max of z sin(sqrt|z|) near z = 420.97 */
#define BBOB_LUNACEK_MU0 2.5

/* ---- COCO's legacy generators (bbob2009): the instance data depend on them bit for bit */

/* A Park-Miller minimal standard generator (16807 mod 2^31 - 1, Schrage's
 * factorisation) behind a 32-entry Bays-Durham shuffle, 40 warm-up draws. */
void ga_bbob_unif(double *r, size_t n, long seed)
{
    int64_t s = seed < 0 ? -(int64_t)seed : seed, table[32], out;
    if (s < 1)
        s = 1;
    for (int i = 39; i >= 0; i--) {
        int64_t k = (int64_t)floor((double)s / 127773.0);
        s = 16807 * (s - k * 127773) - 2836 * k;
        if (s < 0)
            s += 2147483647;
        if (i < 32)
            table[i] = s;
    }
    out = table[0];
    for (size_t i = 0; i < n; i++) {
        int64_t k = (int64_t)floor((double)s / 127773.0);
        s = 16807 * (s - k * 127773) - 2836 * k;
        if (s < 0)
            s += 2147483647;
        size_t slot = (size_t)floor((double)out / 67108865.0);
        out = table[slot];
        table[slot] = s;
        r[i] = (double)out / 2.147483647e9;
        if (r[i] == 0)
            r[i] = 1e-99;
    }
}

/* Box-Muller over the first n and the last n of 2n uniform numbers;
 * scratch holds 2n doubles. */
void ga_bbob_gauss(double *g, size_t n, long seed, double *scratch)
{
    ga_bbob_unif(scratch, 2 * n, seed);
    for (size_t i = 0; i < n; i++) {
        g[i] = sqrt(-2 * log(scratch[i])) * cos(2 * BBOB_PI * scratch[n + i]);
        if (g[i] == 0)
            g[i] = 1e-99;
    }
}

/* The columns of a d x d Gaussian matrix (filled column by column),
 * orthonormalised left to right by modified Gram-Schmidt; scratch holds
 * 3 d^2 doubles. */
void ga_bbob_rotation(double *rot, size_t d, long seed, double *scratch)
{
    double *g = scratch + 2 * d * d;
    ga_bbob_gauss(g, d * d, seed, scratch);
    for (size_t row = 0; row < d; row++)
        for (size_t col = 0; col < d; col++)
            rot[row * d + col] = g[col * d + row];
    for (size_t i = 0; i < d; i++) {
        for (size_t j = 0; j < i; j++) {
            double dot = 0;
            for (size_t k = 0; k < d; k++)
                dot += rot[k * d + i] * rot[k * d + j];
            for (size_t k = 0; k < d; k++)
                rot[k * d + i] -= dot * rot[k * d + j];
        }
        double norm = 0;
        for (size_t k = 0; k < d; k++)
            norm += rot[k * d + i] * rot[k * d + i];
        for (size_t k = 0; k < d; k++)
            rot[k * d + i] /= sqrt(norm);
    }
}

/* Uniform on the grid of step 8e-4 in [-4, 4), 0 moved to -1e-5. */
void ga_bbob_xopt(double *xopt, size_t d, long seed)
{
    ga_bbob_unif(xopt, d, seed);
    for (size_t i = 0; i < d; i++) {
        xopt[i] = 8 * floor(1e4 * xopt[i]) / 1e4 - 4;
        if (xopt[i] == 0)
            xopt[i] = -1e-5;
    }
}

/* The ratio of two Gaussian numbers, rounded to 2 decimals, clipped to
 * [-1000, 1000]; the seed is the function's (3 for f4, 17 for f18). */
double ga_bbob_fopt(unsigned function, unsigned instance)
{
    long seed = function == 4 ? 3 : function == 18 ? 17 : (long)function;
    double g1, g2, scratch[2];
    seed += 10000L * (long)instance;
    ga_bbob_gauss(&g1, 1, seed, scratch);
    ga_bbob_gauss(&g2, 1, seed + 1, scratch);
    double v = floor(100.0 * 100.0 * g1 / g2 + 0.5) / 100.0;
    return v < -1000 ? -1000 : v > 1000 ? 1000 : v;
}

/* ---- the transformations of the definitions */

/* T_osz, one coordinate (also applied to f6's and the Gallagher's values). */
static double bbob_osz(double v)
{
    if (v > 0) {
        double h = log(v) / 0.1;
        return pow(exp(h + 0.49 * (sin(h) + sin(0.79 * h))), 0.1);
    }
    if (v < 0) {
        double h = log(-v) / 0.1;
        return -pow(exp(h + 0.49 * (sin(0.55 * h) + sin(0.31 * h))), 0.1);
    }
    return 0;
}

/* T_asy^beta, coordinate i of n. */
static double bbob_asy(double v, double beta, size_t i, size_t n)
{
    if (v <= 0)
        return v;
    return pow(v, 1.0 + beta * (double)i / ((double)n - 1.0) * sqrt(v));
}

/* f_pen: the squared distance outside [-5, 5]^n. */
static double bbob_pen(const double *x, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++) {
        double out = fabs(x[i]) - 5.0;
        if (out > 0)
            s += out * out;
    }
    return s;
}

/* out = m x, m row-major n x n (out and x distinct). */
static void bbob_mul(const double *m, const double *x, double *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        double s = 0;
        for (size_t j = 0; j < n; j++)
            s += x[j] * m[i * n + j];
        out[i] = s;
    }
}

static double bbob_rastrigin(const double *z, size_t n)
{
    double c = 0, s = 0;
    for (size_t i = 0; i < n; i++) {
        c += cos(2 * BBOB_PI * z[i]);
        s += z[i] * z[i];
    }
    return 10.0 * ((double)n - c) + s;
}

static double bbob_weighted_squares(const double *z, const double *w, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += w[i] * z[i] * z[i];
    return s;
}

static double bbob_rosenbrock(const double *z, size_t n)
{
    double s1 = 0, s2 = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        double a = z[i] * z[i] - z[i + 1], b = z[i] - 1.0;
        s1 += a * a;
        s2 += b * b;
    }
    return 100.0 * s1 + s2;
}

static double bbob_schaffers(const double *z, size_t n)
{
    double s = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        double t = z[i] * z[i] + z[i + 1] * z[i + 1], w = sin(50.0 * pow(t, 0.1));
        s += pow(t, 0.25) * (1.0 + w * w);
    }
    s /= (double)n - 1.0;
    return s * s;
}

/* The Weierstrass sums: a_k = 1/2^k, b_k = 3^k, k = 0..11. */
#define BBOB_WEIERSTRASS_TERMS 12
static double bbob_weierstrass(const double *z, size_t n)
{
    double s = 0, f0 = 0;
    for (int k = 0; k < BBOB_WEIERSTRASS_TERMS; k++)
        f0 += pow(0.5, k) * cos(2 * BBOB_PI * pow(3.0, k) * 0.5);
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < BBOB_WEIERSTRASS_TERMS; k++)
            s += cos(2 * BBOB_PI * (z[i] + 0.5) * pow(3.0, k)) * pow(0.5, k);
    double v = s / (double)n - f0;
    return 10.0 * v * v * v;
}

static double bbob_katsuura(const double *z, size_t n)
{
    double prod = 1.0, e = 10.0 / pow((double)n, 1.2);
    for (size_t i = 0; i < n; i++) {
        double s = 0;
        for (int j = 1; j <= 32; j++) {
            double p = ldexp(1.0, j);
            s += fabs(p * z[i] - floor(p * z[i] + 0.5)) / p;
        }
        prod *= pow(1.0 + (double)(i + 1) * s, e);
    }
    return 10.0 / ((double)n * (double)n) * (prod - 1.0);
}

/* ---- the 24 functions: f(x) with f_opt, evaluated on the stack */

double ga_bbob_value(const struct ga_bbob *b, const double *x)
{
    const size_t n = b->dimension;
    const double dn = (double)n;
    double z[BBOB_N], t[BBOB_N], v = 0;
    if (n < GA_BBOB_MIN_DIMENSION || n > BBOB_N)
        return NAN; /* configure never makes one */
    for (size_t i = 0; i < n; i++) /* the shift most functions start with */
        t[i] = x[i] - b->xopt[i];
    switch (b->function) {
    case 1: /* sphere */
        for (size_t i = 0; i < n; i++)
            v += t[i] * t[i];
        return v + b->fopt;
    case 2: /* separable ellipsoid, condition 1e6 (coef), on T_osz(x - xopt) */
        for (size_t i = 0; i < n; i++)
            z[i] = bbob_osz(t[i]);
        return bbob_weighted_squares(z, b->coef, n) + b->fopt;
    case 3: /* Rastrigin on Lambda^10 T_asy^0.2 T_osz(x - xopt) */
        for (size_t i = 0; i < n; i++)
            z[i] = b->coef[i] * bbob_asy(bbob_osz(t[i]), 0.2, i, n);
        return bbob_rastrigin(z, n) + b->fopt;
    case 4: /* Bueche-Rastrigin: s_i (coef, x10 for odd i counted from 1 where positive) T_osz(x - xopt) */
        for (size_t i = 0; i < n; i++) {
            double o = bbob_osz(t[i]);
            z[i] = (o > 0 && i % 2 == 0 ? b->coef[i] * 10.0 : b->coef[i]) * o;
        }
        return bbob_rastrigin(z, n) + b->fopt + 100.0 * bbob_pen(x, n);
    case 5: /* linear slope: slopes s_i (coef) towards the corner x* = 5 sign(xopt), flat beyond it */
        for (size_t i = 0; i < n; i++) {
            double at = b->best[i] * x[i] < 25.0 ? x[i] : b->best[i];
            v += 5.0 * fabs(b->coef[i]) - b->coef[i] * at;
        }
        return v + b->fopt;
    case 6: /* attractive sector: T_osz(sum (s_i z_i)^2)^0.9, z = Q Lambda^10 R (x - xopt) */
        bbob_mul(b->m, t, z, n);
        for (size_t i = 0; i < n; i++)
            v += (z[i] * b->xopt[i] > 0 ? 100.0 * 100.0 : 1.0) * z[i] * z[i];
        return pow(bbob_osz(v), 0.9) + b->fopt;
    case 7: { /* step ellipsoid: z_hat = Lambda^10 R (x - xopt) rounded, z = Q z_hat */
        bbob_mul(b->r, t, z, n);
        for (size_t i = 0; i < n; i++)
            z[i] *= b->coef[i];
        double first = z[0];
        for (size_t i = 0; i < n; i++)
            z[i] = fabs(z[i]) > 0.5 ? floor(z[i] + 0.5) : floor(10.0 * z[i] + 0.5) / 10.0;
        bbob_mul(b->q, z, t, n);
        v = bbob_weighted_squares(t, b->coef2, n);
        return 0.1 * fmax(fabs(first) * 1e-4, v) + bbob_pen(x, n) + b->fopt;
    }
    case 8: /* Rosenbrock: z = max(1, sqrt(D)/8) (x - xopt) + 1 */
        for (size_t i = 0; i < n; i++)
            z[i] = b->scale * t[i] + 1.0;
        return bbob_rosenbrock(z, n) + b->fopt;
    case 9: /* Rosenbrock rotated: z = max(1, sqrt(D)/8) R x + 1/2 (m = scale R) */
        bbob_mul(b->m, x, z, n);
        for (size_t i = 0; i < n; i++)
            z[i] += 0.5;
        return bbob_rosenbrock(z, n) + b->fopt;
    case 10: /* ellipsoid on T_osz(R (x - xopt)), R = q */
        bbob_mul(b->q, t, z, n);
        for (size_t i = 0; i < n; i++)
            z[i] = bbob_osz(z[i]);
        return bbob_weighted_squares(z, b->coef, n) + b->fopt;
    case 11: /* discus on T_osz(R (x - xopt)), R = q */
        bbob_mul(b->q, t, z, n);
        for (size_t i = 0; i < n; i++) {
            z[i] = bbob_osz(z[i]);
            v += (i == 0 ? 1e6 : 1.0) * z[i] * z[i];
        }
        return v + b->fopt;
    case 12: /* bent cigar on R T_asy^0.5 R (x - xopt), R = q */
        bbob_mul(b->q, t, z, n);
        for (size_t i = 0; i < n; i++)
            z[i] = bbob_asy(z[i], 0.5, i, n);
        bbob_mul(b->q, z, t, n);
        for (size_t i = 0; i < n; i++)
            v += (i == 0 ? 1.0 : 1e6) * t[i] * t[i];
        return v + b->fopt;
    case 13: /* sharp ridge on Q Lambda^10 R (x - xopt) */
        bbob_mul(b->m, t, z, n);
        for (size_t i = 1; i < n; i++)
            v += z[i] * z[i];
        return 100.0 * sqrt(v) + z[0] * z[0] + b->fopt;
    case 14: /* different powers on R (x - xopt), R = q, exponents 2 + 4 i/(D-1) (coef) */
        bbob_mul(b->q, t, z, n);
        for (size_t i = 0; i < n; i++)
            v += pow(fabs(z[i]), b->coef[i]);
        return sqrt(v) + b->fopt;
    case 15: /* Rastrigin on R Lambda^10 Q T_asy^0.2 T_osz(R (x - xopt)): m = Q Lambda R, first rotation q */
        bbob_mul(b->q, t, z, n);
        for (size_t i = 0; i < n; i++)
            z[i] = bbob_asy(bbob_osz(z[i]), 0.2, i, n);
        bbob_mul(b->m, z, t, n);
        return bbob_rastrigin(t, n) + b->fopt;
    case 16: /* Weierstrass on Q Lambda^(1/100) R T_osz(Q (x - xopt)) */
        bbob_mul(b->q, t, z, n);
        for (size_t i = 0; i < n; i++)
            z[i] = bbob_osz(z[i]);
        bbob_mul(b->m, z, t, n);
        return bbob_weierstrass(t, n) + b->fopt + 10.0 / dn * bbob_pen(x, n);
    case 17: /* Schaffers F7 on Lambda^10 R T_asy^0.5(Q (x - xopt)): m = Lambda R */
    case 18: /* the same with Lambda^1000 */
        bbob_mul(b->q, t, z, n);
        for (size_t i = 0; i < n; i++)
            z[i] = bbob_asy(z[i], 0.5, i, n);
        bbob_mul(b->m, z, t, n);
        return bbob_schaffers(t, n) + b->fopt + 10.0 * bbob_pen(x, n);
    case 19: { /* Griewank-Rosenbrock F8F2 on max(1, sqrt(D)/8) R x + 1/2 (m = scale R) */
        bbob_mul(b->m, x, z, n);
        for (size_t i = 0; i + 1 < n; i++) {
            double zi = z[i] + 0.5, zn = z[i + 1] + 0.5;
            double a = zi * zi - zn, c = 1.0 - zi, s = 100.0 * a * a + c * c;
            v += s / 4000.0 - cos(s);
        }
        return 10.0 + 10.0 * v / (dn - 1.0) + b->fopt;
    }
    case 20: { /* Schwefel x sin(x): z = 100 (Lambda^10 (z_hat - 2|xopt|) + 2|xopt|), z_hat from x_hat = 2 sign(xopt) x */
        double pen = 0, s = 0;
        for (size_t i = 0; i < n; i++)
            t[i] = 2.0 * (b->xopt[i] < 0 ? -x[i] : x[i]);
        for (size_t i = 0; i < n; i++) {
            double two = 2.0 * fabs(b->xopt[i]);
            double hat = i == 0 ? t[0] : t[i] + 0.25 * (t[i - 1] - 2.0 * fabs(b->xopt[i - 1]));
            z[i] = 100.0 * (b->coef[i] * (hat - two) + two);
        }
        for (size_t i = 0; i < n; i++) {
            double out = fabs(z[i]) - 500.0;
            if (out > 0)
                pen += out * out;
            s += z[i] * sin(sqrt(fabs(z[i])));
        }
        return 0.01 * (pen + BBOB_SCHWEFEL_MAX - s / dn) + b->fopt;
    }
    case 21: /* Gallagher, 101 peaks */
    case 22: { /* Gallagher, 21 peaks: T_osz(10 - max_i w_i exp(-(R x - R y_i)' C_i (R x - R y_i) / 2D))^2 */
        double best = 0;
        bbob_mul(b->r, x, z, n);
        for (size_t p = 0; p < b->peaks; p++) {
            const double *y = b->peak_y + p * n, *c = b->peak_scale + p * n;
            double s = 0;
            for (size_t i = 0; i < n; i++)
                s += c[i] * (z[i] - y[i]) * (z[i] - y[i]);
            s = b->peak_w[p] * exp(-0.5 / dn * s);
            if (s > best)
                best = s;
        }
        v = bbob_osz(10.0 - best);
        return v * v + bbob_pen(x, n) + b->fopt;
    }
    case 23: /* Katsuura on Q Lambda^100 R (x - xopt) */
        bbob_mul(b->m, t, z, n);
        return bbob_katsuura(z, n) + b->fopt + bbob_pen(x, n);
    case 24: { /* Lunacek bi-Rastrigin: x_hat = 2 sign(xopt) x, z = Q Lambda^100 R (x_hat - mu0) */
        double s = 1.0 - 0.5 / (sqrt(dn + 20.0) - 4.1);
        double mu1 = -sqrt((BBOB_LUNACEK_MU0 * BBOB_LUNACEK_MU0 - 1.0) / s), near = 0, far = 0;
        for (size_t i = 0; i < n; i++) {
            double h = 2.0 * x[i] * (b->xopt[i] < 0 ? -1.0 : 1.0);
            t[i] = h - BBOB_LUNACEK_MU0;
            near += t[i] * t[i];
            far += (h - mu1) * (h - mu1);
        }
        bbob_mul(b->m, t, z, n);
        double c = 0;
        for (size_t i = 0; i < n; i++)
            c += cos(2 * BBOB_PI * z[i]);
        return fmin(near, dn + s * far) + 10.0 * (dn - c) + 1e4 * bbob_pen(x, n) + b->fopt;
    }
    }
    return NAN;
}

/* ---- configure: the instance data, drawn once */

static double *bbob_vector(size_t n, bool *ok)
{
    double *v = calloc(n, sizeof *v);
    *ok &= v != NULL;
    return v;
}

/* m = Q diag(lambda_k) R with lambda_k = base^(k/(D-1)), as COCO sums it. */
static void bbob_qlr(double *m, const double *q, const double *r, double base, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            double s = 0;
            for (size_t k = 0; k < n; k++)
                s += q[i * n + k] * pow(base, (double)k / ((double)n - 1.0)) * r[k * n + j];
            m[i * n + j] = s;
        }
}

/* Gallagher's peaks (f21: 101, f22: 21): heights, conditionings and
 * centres, drawn as COCO's f_gallagher does. */
struct bbob_rank {
    double value;
    size_t index;
};
static int bbob_rank_cmp(const void *a, const void *b)
{
    double d = ((const struct bbob_rank *)a)->value - ((const struct bbob_rank *)b)->value;
    return d > 0 ? 1 : d < 0 ? -1 : 0;
}

static bool bbob_gallagher(struct ga_bbob *b, double *u)
{
    const size_t n = b->dimension, peaks = b->peaks;
    const double spread = peaks == 101 ? 10.0 : 9.8, centre = peaks == 101 ? 5.0 : 4.9;
    const double first_condition = peaks == 101 ? sqrt(1000.0) : 1000.0;
    struct bbob_rank rank[GA_BBOB_GALLAGHER_PEAKS > BBOB_N ? GA_BBOB_GALLAGHER_PEAKS : BBOB_N];
    double condition[GA_BBOB_GALLAGHER_PEAKS];
    /* Peak 0 is the global one (height 10); the others' heights are
     * evenly spaced in [1.1, 9.1], their conditions 1000^(rank / (peaks - 2)). */
    ga_bbob_unif(u, peaks - 1, b->rseed);
    for (size_t i = 0; i + 1 < peaks; i++)
        rank[i] = (struct bbob_rank){u[i], i};
    qsort(rank, peaks - 1, sizeof *rank, bbob_rank_cmp);
    condition[0] = first_condition;
    b->peak_w[0] = 10;
    for (size_t i = 1; i < peaks; i++) {
        condition[i] = pow(1000.0, (double)rank[i - 1].index / (double)(peaks - 2));
        b->peak_w[i] = (double)(i - 1) / (double)(peaks - 2) * (9.1 - 1.1) + 1.1;
    }
    /* Each peak's diagonal: its condition spread over a random order of the axes. */
    for (size_t p = 0; p < peaks; p++) {
        ga_bbob_unif(u, n, b->rseed + (long)(1000 * p));
        for (size_t j = 0; j < n; j++)
            rank[j] = (struct bbob_rank){u[j], j};
        qsort(rank, n, sizeof *rank, bbob_rank_cmp);
        for (size_t j = 0; j < n; j++)
            b->peak_scale[p * n + j] = pow(condition[p], (double)rank[j].index / (double)(n - 1) - 0.5);
    }
    /* Centres uniform in [-c, spread - c]^D (peak 0 shrunk by 0.8), kept rotated. */
    ga_bbob_unif(u, n * peaks, b->rseed);
    for (size_t i = 0; i < n; i++) {
        b->best[i] = 0.8 * (spread * u[i] - centre);
        for (size_t p = 0; p < peaks; p++) {
            double s = 0;
            for (size_t k = 0; k < n; k++)
                s += b->r[i * n + k] * (spread * u[p * n + k] - centre);
            b->peak_y[p * n + i] = p == 0 ? 0.8 * s : s;
        }
    }
    return true;
}

static bool bbob_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct ga_bbob *b = state;
    long long function = 0, dimension, instance;
    bool ok = true;
    if (!config_setting_get_member(group, "function")) {
        ga_cfg_error_at(cfg, group, "function", "missing: a BBOB function number in [1, %d]", GA_BBOB_FUNCTIONS);
        ok = false;
    } else {
        ok &= ga_cfg_int(cfg, group, "function", 1, 1, GA_BBOB_FUNCTIONS, &function);
    }
    ok &= ga_cfg_int(cfg, group, "dimension", 10, GA_BBOB_MIN_DIMENSION, GA_BBOB_MAX_DIMENSION, &dimension);
    ok &= ga_cfg_int(cfg, group, "instance", 1, 1, GA_BBOB_MAX_INSTANCE, &instance);
    ok &= ga_cfg_double(cfg, group, "sigma", 0.1, 1e-12, 1, &b->sigma);
    if (!ok)
        return false;
    const size_t n = (size_t)dimension;
    b->function = (unsigned)function;
    b->instance = (unsigned)instance;
    b->dimension = n;
    b->rseed = (b->function == 4 ? 3 : b->function == 18 ? 17 : (long)b->function) + 10000L * (long)instance;
    b->fopt = ga_bbob_fopt(b->function, b->instance);
    b->scale = fmax(1.0, sqrt((double)n) / 8.0);

    size_t scratch_len = 3 * n * n > n * GA_BBOB_GALLAGHER_PEAKS ? 3 * n * n : n * GA_BBOB_GALLAGHER_PEAKS;
    double *scratch = bbob_vector(scratch_len, &ok);
    b->xopt = bbob_vector(n, &ok);
    b->r = bbob_vector(n * n, &ok);
    b->q = bbob_vector(n * n, &ok);
    b->m = bbob_vector(n * n, &ok);
    b->coef = bbob_vector(n, &ok);
    b->coef2 = bbob_vector(n, &ok);
    b->best = bbob_vector(n, &ok);
    b->lower = bbob_vector(2 * n, &ok);
    if (b->function == 21 || b->function == 22) {
        b->peaks = b->function == 21 ? 101 : 21;
        b->peak_y = bbob_vector(b->peaks * n, &ok);
        b->peak_scale = bbob_vector(b->peaks * n, &ok);
        b->peak_w = bbob_vector(b->peaks, &ok);
    }
    if (!ok) {
        free(scratch);
        ga_cfg_error(cfg, group, "out of memory");
        return false;
    }
    b->upper = b->lower + n;
    for (size_t i = 0; i < n; i++) {
        b->lower[i] = GA_BBOB_LOWER;
        b->upper[i] = GA_BBOB_UPPER;
    }

    /* The draws every function makes (some are then redone or unused):
     * xopt from rseed (f12: rseed + 1e6), R from rseed, Q from rseed + 1e6. */
    const long seed = b->rseed;
    const double dn1 = (double)n - 1.0;
    ga_bbob_xopt(b->xopt, n, b->function == 12 ? seed + 1000000 : seed);
    ga_bbob_rotation(b->r, n, seed, scratch);
    ga_bbob_rotation(b->q, n, seed + 1000000, scratch);
    memcpy(b->best, b->xopt, n * sizeof *b->best);
    switch (b->function) {
    case 2:
    case 10:
        for (size_t i = 0; i < n; i++)
            b->coef[i] = pow(1e6, (double)i / dn1);
        break;
    case 3:
        for (size_t i = 0; i < n; i++)
            b->coef[i] = pow(10.0, 0.5 * (double)i / dn1);
        break;
    case 4: /* the legacy code's xopt: every other coordinate positive */
        for (size_t i = 0; i < n; i += 2)
            b->xopt[i] = b->best[i] = fabs(b->xopt[i]);
        for (size_t i = 0; i < n; i++)
            b->coef[i] = pow(sqrt(10.0), (double)i / dn1);
        break;
    case 5:
        for (size_t i = 0; i < n; i++) {
            double slope = pow(sqrt(100.0), (double)i / dn1);
            b->best[i] = b->xopt[i] < 0 ? GA_BBOB_LOWER : GA_BBOB_UPPER;
            b->coef[i] = b->best[i] > 0 ? slope : -slope;
        }
        break;
    case 6:
    case 13:
        bbob_qlr(b->m, b->q, b->r, sqrt(10.0), n);
        break;
    case 7:
        for (size_t i = 0; i < n; i++) {
            b->coef[i] = sqrt(pow(10.0, (double)i / dn1));
            b->coef2[i] = pow(100.0, (double)i / dn1);
        }
        break;
    case 8:
        for (size_t i = 0; i < n; i++)
            b->xopt[i] = b->best[i] = 0.75 * b->xopt[i];
        break;
    case 9:
    case 19: /* z = scale R x + 1/2 is 1 at x* = R' 1 / (2 scale) */
        for (size_t i = 0; i < n * n; i++)
            b->m[i] = b->scale * b->r[i];
        for (size_t j = 0; j < n; j++) {
            double s = 0;
            for (size_t i = 0; i < n; i++)
                s += b->r[i * n + j];
            b->best[j] = s / (2.0 * b->scale);
        }
        break;
    case 14:
        for (size_t i = 0; i < n; i++)
            b->coef[i] = 2.0 + 4.0 * (double)i / dn1;
        break;
    case 15:
        bbob_qlr(b->m, b->q, b->r, sqrt(10.0), n);
        break;
    case 16:
        bbob_qlr(b->m, b->q, b->r, 1.0 / sqrt(100.0), n);
        break;
    case 17:
    case 18:
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++)
                b->m[i * n + j] = b->r[i * n + j] * pow(sqrt(b->function == 17 ? 10.0 : 1000.0), (double)i / dn1);
        break;
    case 20: /* xopt = +-4.2096874637 / 2, its signs from a uniform draw */
        ga_bbob_unif(scratch, n, seed);
        for (size_t i = 0; i < n; i++) {
            double sign = scratch[i] - 0.5 < 0 ? -1.0 : 1.0;
            b->xopt[i] = sign * 0.5 * BBOB_SCHWEFEL_XOPT;
            b->best[i] = sign * 0.5 * BBOB_SCHWEFEL_BEST;
            b->coef[i] = pow(sqrt(10.0), (double)i / dn1);
        }
        break;
    case 21:
    case 22:
        bbob_gallagher(b, scratch);
        break;
    case 23:
        bbob_qlr(b->m, b->q, b->r, sqrt(100.0), n);
        break;
    case 24: /* x* = +-mu0 / 2, its signs from a Gaussian draw */
        ga_bbob_gauss(b->coef, n, seed, scratch);
        for (size_t i = 0; i < n; i++)
            b->xopt[i] = b->best[i] = (b->coef[i] < 0 ? -0.5 : 0.5) * BBOB_LUNACEK_MU0;
        bbob_qlr(b->m, b->q, b->r, sqrt(100.0), n);
        break;
    }
    free(scratch);
    return true;
}

static void bbob_release(void *state)
{
    struct ga_bbob *b = state;
    free(b->xopt);
    free(b->r);
    free(b->q);
    free(b->m);
    free(b->coef);
    free(b->coef2);
    free(b->best);
    free(b->lower);
    free(b->peak_y);
    free(b->peak_scale);
    free(b->peak_w);
}

static void bbob_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct ga_bbob *b = state;
    *len = GA_REAL_LEN(b->dimension);
    *alphabet = GA_GENE_MAX + 1u;
}

static void bbob_bounds(const void *state, size_t *reals, const double **lower, const double **upper)
{
    const struct ga_bbob *b = state;
    *reals = b->dimension;
    *lower = b->lower;
    *upper = b->upper;
}

static void bbob_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    const struct ga_bbob *b = gen->state;
    ga_genome_real_random(gen, r, g, b->sigma);
}

/* f(x) - f_opt, never below 0 (the rounding of f20's and the Gallagher's
 * constants can put a point a hair below f_opt). */
static double bbob_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct ga_bbob *b = gen->state;
    double v = ga_bbob_value(b, ga_genome_creals(g)) - b->fopt;
    return v > 0 ? v : 0;
}

static bool bbob_valid(const struct ga_genome *gen, const ga_gene *g)
{
    return ga_genome_real_valid(gen, g);
}

static void bbob_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct ga_bbob *b = gen->state;
    const double *x = ga_genome_creals(g);
    for (size_t i = 0; i < gen->reals; i++)
        fprintf(out, "x%zu = %.17g\n", i + 1, x[i]);
    fprintf(out, "sigma = %.6g\nbbob f%u instance %u in %zuD: f(x) = %.17g, f_opt = %.2f, f(x) - f_opt = %.10g\n",
            x[gen->reals], b->function, b->instance, b->dimension, ga_bbob_value(b, x), b->fopt,
            bbob_evaluate(gen, g));
}

/* The problem's own column: the raw f(x) of the generation's best, as COCO reports it. */
static const char *const bbob_column_names[] = {"best_f", NULL};

static void bbob_measure(const struct ga_genome *gen, const struct ga_population *pop, double *values)
{
    values[0] = ga_bbob_value(gen->state, ga_genome_creals(pop->genes + pop->best * pop->stride));
}

/* IOHexperimenter's names of the functions, f1 to f24. */
static const char *const bbob_names[GA_BBOB_FUNCTIONS] = {
    "Sphere",           "Ellipsoid",          "Rastrigin",       "BuecheRastrigin", "LinearSlope",
    "AttractiveSector", "StepEllipsoid",      "Rosenbrock",      "RosenbrockRotated", "EllipsoidRotated",
    "Discus",           "BentCigar",          "SharpRidge",      "DifferentPowers", "RastriginRotated",
    "Weierstrass",      "Schaffers10",        "Schaffers1000",   "GriewankRosenBrock", "Schwefel",
    "Gallagher101",     "Gallagher21",        "Katsuura",        "LunacekBiRastrigin",
};

static const char *bbob_function_name(const void *state)
{
    return bbob_names[((const struct ga_bbob *)state)->function - 1];
}

static const struct ga_problem_columns bbob_columns = {bbob_column_names, bbob_measure};

static const struct ga_problem_variation bbob_variation = {
    .example = "function = 1;",
    .defaults = {"sbx", 0.9, "polynomial", 1.0, GA_PER_INDIVIDUAL},
};
static const struct ga_problem_genome bbob_genome = {.bounds = bbob_bounds};
static const struct ga_problem_evaluation bbob_evaluation = {
    .columns = &bbob_columns,
    .function_name = bbob_function_name,
};
const struct ga_problem ga_problem_bbob = {
    .name = "bbob",
    .summary = "COCO's BBOB noiseless suite: function 1-24, dimension 2-40 (10), instance 1-1000 (1), "
               "x in [-5, 5]^D (fitness f(x) - f_opt)",
    .kind = GA_KIND_REAL,
    .state_size = sizeof(struct ga_bbob),
    .configure = bbob_configure,
    .shape = bbob_shape,
    .init = bbob_init,
    .evaluate = bbob_evaluate,
    .valid = bbob_valid,
    .print = bbob_print,
    .release = bbob_release,
    .variation = &bbob_variation,
    .genome = &bbob_genome,
    .evaluation = &bbob_evaluation,
};
