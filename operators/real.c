/* operators/real.c — variation of real-valued genomes (GA_KIND_REAL): SBX, BLX-alpha, arithmetic; Gaussian, self-adaptive, polynomial. */
#include <math.h>
#include <string.h>
#include <gsl/gsl_randist.h>

#include "gaexp/rng.h"
#include "operators/registry.h"

#define REAL_SIGMA_MIN 1e-12     /* the self-adaptive step never reaches 0 */
#define REAL_SBX_SAME 1e-14      /* parents' values nearer than this are not crossed (Deb's code) */

/* The operators' settings (ga.crossover.NAME.KEY, ga.mutation.NAME.KEY), in
 * the order the operators read them. */
static const struct ga_op_setting real_sbx_settings[] = {
    {"eta", 15, 0, 1000, "distribution index (Deb and Agrawal 1995): larger keeps children nearer the parents"},
    {"share", 0.5, 0, 1, "the probability that a variable is crossed"},
    {NULL, 0, 0, 0, NULL},
};
static const struct ga_op_setting real_eta_settings[] = {
    {"eta", 15, 0, 1000, "distribution index: larger keeps children nearer the parents"},
    {NULL, 0, 0, 0, NULL},
};
static const struct ga_op_setting real_blx_settings[] = {
    {"alpha", 0.5, 0, 10, "the parents' interval widened by alpha times its width on each side"},
    {NULL, 0, 0, 0, NULL},
};
static const struct ga_op_setting real_polynomial_settings[] = {
    {"eta", 20, 0, 1000, "distribution index (Deb and Goyal 1996): larger makes smaller steps"},
    {NULL, 0, 0, 0, NULL},
};

static double real_clamp(const struct ga_genome *gen, size_t i, double x)
{
    return x < gen->lower[i] ? gen->lower[i] : x > gen->upper[i] ? gen->upper[i] : x;
}

/* The draws of one SBX or polynomial mutation: on xoshiro256** (fast)
 * through a copy of its state that the loop keeps in registers, stored
 * back at the end; on any other generator through the gsl_rng.  The
 * numbers and their order are ga_rng_uniform's either way. */
struct real_draws {
    gsl_rng *r;
    struct ga_rng_xoshiro_state st;
};

/* u < p for u = k 2^-53 (ga_rng_xoshiro_uniform) is k < ceil(p 2^53), both
 * sides exact: a comparison of integers, no conversion a draw.  The
 * ceiling without libm's ceil (a call here): the floor, plus one when
 * p 2^53 (exact, below 2^53) has a fraction. */
static uint64_t real_threshold(double p)
{
    if (!(p > 0))
        return 0;
    if (p >= 1)
        return UINT64_C(1) << 53;
    double scaled = p * 0x1p53;
    uint64_t t = (uint64_t)scaled;
    return t + ((double)t < scaled);
}

#define REAL_INLINE static inline __attribute__((always_inline))

REAL_INLINE double real_uniform(struct real_draws *d, bool fast)
{
    return fast ? ga_rng_xoshiro_uniform(&d->st) : gsl_rng_uniform(d->r);
}

/* Whether the next uniform draw is below p, t = real_threshold(p). */
REAL_INLINE bool real_below(struct real_draws *d, bool fast, double p, uint64_t t)
{
    return fast ? ga_rng_xoshiro_next(&d->st) >> 11 < t : gsl_rng_uniform(d->r) < p;
}

/* The first index in [i, n) whose draw is below p, or n: ga_rng_first_below. */
REAL_INLINE size_t real_first_below(struct real_draws *d, bool fast, double p, uint64_t t, size_t i, size_t n)
{
    while (i < n && !real_below(d, fast, p, t))
        i++;
    return i;
}

/* The constants of one SBX call: -(eta + 1), 1 / (eta + 1), and 'flat',
 * a spread beta from which on beta^-(eta + 1) < 2^-53, so that
 * alpha = 2 - beta^-(eta + 1) rounds to 2 exactly: 2^(53 / (eta + 1)),
 * raised by a margin far beyond the rounding of exp2 and of pow (which
 * it keeps away from the boundary by a relative (eta + 1) 1e-9). */
struct real_sbx_law {
    double minus_e1, inv_e1, flat;
};

static struct real_sbx_law real_sbx_law(double eta)
{
    return (struct real_sbx_law){-(eta + 1), 1 / (eta + 1), exp2(53 / (eta + 1)) * (1 + 1e-9)};
}

/* The spread factor of bounded SBX on one side: beta from the distance of
 * the nearer parent to its bound, u uniform; the SBX law truncated so that
 * the child stays within the bound (Deb's NSGA-II code, realcross).  Once
 * the parents lie closer together than to the bound (beta >= flat, most
 * pairs of a converging population) alpha is 2 without its pow, and the
 * same bits follow: 1 / 2 and u 2 are exact. */
REAL_INLINE double real_sbx_betaq(double beta, double u, const struct real_sbx_law *law)
{
    double alpha = beta >= law->flat ? 2 : 2 - pow(beta, law->minus_e1);
    return u <= 1 / alpha ? pow(u * alpha, law->inv_e1) : pow(1 / (2 - u * alpha), law->inv_e1);
}

/* real_sbx's variables, its draws made through d. */
REAL_INLINE void real_sbx_genes(const struct ga_genome *gen, struct real_draws *d, bool fast, const double *a,
                                const double *b, double *x, double *y)
{
    double eta = ga_crossover_setting(gen, &ga_crossover_sbx, 0), share = ga_crossover_setting(gen, &ga_crossover_sbx, 1);
    struct real_sbx_law law = real_sbx_law(eta);
    uint64_t t = real_threshold(share);
    for (size_t i = 0; (i = real_first_below(d, fast, share, t, i, gen->reals)) < gen->reals; i++) {
        if (fabs(a[i] - b[i]) <= REAL_SBX_SAME)
            continue;
        double y1 = a[i] < b[i] ? a[i] : b[i], y2 = a[i] < b[i] ? b[i] : a[i], dy = y2 - y1, u = real_uniform(d, fast);
        double low = real_clamp(gen, i, 0.5 * (y1 + y2 - real_sbx_betaq(1 + 2 * (y1 - gen->lower[i]) / dy, u, &law) * dy));
        double up = real_clamp(gen, i, 0.5 * (y1 + y2 + real_sbx_betaq(1 + 2 * (gen->upper[i] - y2) / dy, u, &law) * dy));
        /* u < 1/2 is the draw's top bit clear */
        bool swap = fast ? !(ga_rng_xoshiro_next(&d->st) >> 63) : gsl_rng_uniform(d->r) < 0.5;
        x[i] = swap ? up : low;
        y[i] = swap ? low : up;
    }
}

/* Simulated binary crossover as the field defines it (Deb and Agrawal
 * 1995, bounded; DEAP's cxSimulatedBinaryBounded): each variable with
 * probability 'share', the lower child by the spread its lower bound
 * allows and the upper child by its upper bound's, the two children's
 * values swapped with probability 1/2; each child keeps its parent's sigma. */
static void real_sbx(const struct ga_genome *gen, gsl_rng *r, const ga_gene *pa, const ga_gene *pb,
                     ga_gene *ca, ga_gene *cb)
{
    const double *a = ga_genome_creals(pa), *b = ga_genome_creals(pb);
    double *x = ga_genome_reals(ca), *y = ga_genome_reals(cb);
    memcpy(x, a, (gen->reals + 1) * sizeof *x); /* sigma too */
    memcpy(y, b, (gen->reals + 1) * sizeof *y);
    struct real_draws d = {.r = r};
    if (r->type != ga_rng_xoshiro256ss) {
        real_sbx_genes(gen, &d, false, a, b, x, y);
        return;
    }
    d.st = *(struct ga_rng_xoshiro_state *)r->state;
    real_sbx_genes(gen, &d, true, a, b, x, y);
    *(struct ga_rng_xoshiro_state *)r->state = d.st;
}

/* gaexp 0.4's "sbx": every variable crossed with the unbounded spread, then
 * clamped to the bounds; kept under its own name for the studies made with it. */
static void real_sbxclamp(const struct ga_genome *gen, gsl_rng *r, const ga_gene *pa, const ga_gene *pb,
                          ga_gene *ca, ga_gene *cb)
{
    const double *a = ga_genome_creals(pa), *b = ga_genome_creals(pb);
    double *x = ga_genome_reals(ca), *y = ga_genome_reals(cb);
    double e = ga_crossover_setting(gen, &ga_crossover_sbxclamp, 0) + 1;
    for (size_t i = 0; i < gen->reals; i++) {
        double u = ga_rng_uniform(r);
        double beta = u <= 0.5 ? pow(2 * u, 1 / e) : pow(1 / (2 * (1 - u)), 1 / e);
        x[i] = real_clamp(gen, i, 0.5 * ((1 + beta) * a[i] + (1 - beta) * b[i]));
        y[i] = real_clamp(gen, i, 0.5 * ((1 - beta) * a[i] + (1 + beta) * b[i]));
    }
    x[gen->reals] = a[gen->reals];
    y[gen->reals] = b[gen->reals];
}

/* BLX-alpha: each child gene uniform in [min - alpha d, max + alpha d], d = |a - b|. */
static void real_blx(const struct ga_genome *gen, gsl_rng *r, const ga_gene *pa, const ga_gene *pb,
                     ga_gene *ca, ga_gene *cb)
{
    const double *a = ga_genome_creals(pa), *b = ga_genome_creals(pb);
    double *x = ga_genome_reals(ca), *y = ga_genome_reals(cb), alpha = ga_crossover_setting(gen, &ga_crossover_blx, 0);
    for (size_t i = 0; i < gen->reals; i++) {
        double lo = a[i] < b[i] ? a[i] : b[i], d = fabs(a[i] - b[i]);
        lo -= alpha * d;
        d *= 1 + 2 * alpha;
        x[i] = real_clamp(gen, i, lo + ga_rng_uniform(r) * d);
        y[i] = real_clamp(gen, i, lo + ga_rng_uniform(r) * d);
    }
    x[gen->reals] = a[gen->reals];
    y[gen->reals] = b[gen->reals];
}

/* Whole arithmetic (intermediate) crossover: lambda uniform per pair,
 * child_a = lambda a + (1 - lambda) b, child_b the mirror; sigma likewise. */
static void real_arithmetic(const struct ga_genome *gen, gsl_rng *r, const ga_gene *pa, const ga_gene *pb,
                            ga_gene *ca, ga_gene *cb)
{
    const double *a = ga_genome_creals(pa), *b = ga_genome_creals(pb);
    double *x = ga_genome_reals(ca), *y = ga_genome_reals(cb), l = ga_rng_uniform(r);
    for (size_t i = 0; i <= gen->reals; i++) { /* within the bounds: a convex combination */
        x[i] = l * a[i] + (1 - l) * b[i];
        y[i] = (1 - l) * a[i] + l * b[i];
    }
}

/* Every gene moves by sigma (the genome's, as a share of the gene's width)
 * times a standard normal draw. */
static void real_perturb(const struct ga_genome *gen, gsl_rng *r, double *x, double sigma)
{
    for (size_t i = 0; i < gen->reals; i++)
        x[i] = real_clamp(gen, i, x[i] + sigma * (gen->upper[i] - gen->lower[i]) * gsl_ran_gaussian_ziggurat(r, 1));
}

static bool real_gaussian(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    double *x = ga_genome_reals(g);
    real_perturb(gen, r, x, x[gen->reals]);
    return true;
}

/* One step size for all genes, itself mutated first (log-normal, tau =
 * 1/sqrt(n)): steps that make good children spread with them. */
static bool real_selfadaptive(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    double *x = ga_genome_reals(g);
    double sigma = x[gen->reals] * exp(gsl_ran_gaussian_ziggurat(r, 1) / sqrt((double)gen->reals));
    x[gen->reals] = sigma > REAL_SIGMA_MIN ? (sigma < 1 ? sigma : 1) : REAL_SIGMA_MIN;
    real_perturb(gen, r, x, x[gen->reals]);
    return true;
}

/* Polynomial mutation (bounded form): each gene with probability 1/n
 * moves by a polynomially distributed share of its width, never leaving
 * the bounds. */
REAL_INLINE bool real_polynomial_genes(const struct ga_genome *gen, struct real_draws *d, bool fast, double *x)
{
    double p = 1 / (double)gen->reals, e = ga_mutation_setting(gen, &ga_mutation_polynomial, 0) + 1, inv_e = 1 / e;
    uint64_t t = real_threshold(p);
    bool changed = false;
    for (size_t i = 0; (i = real_first_below(d, fast, p, t, i, gen->reals)) < gen->reals; i++) {
        double lo = gen->lower[i], w = gen->upper[i] - lo, u = real_uniform(d, fast), dq;
        if (u < 0.5)
            dq = pow(2 * u + (1 - 2 * u) * pow(1 - (x[i] - lo) / w, e), inv_e) - 1;
        else
            dq = 1 - pow(2 * (1 - u) + 2 * (u - 0.5) * pow(1 - (gen->upper[i] - x[i]) / w, e), inv_e);
        x[i] = real_clamp(gen, i, x[i] + dq * w);
        changed = true;
    }
    return changed;
}

static bool real_polynomial(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    struct real_draws d = {.r = r};
    if (r->type != ga_rng_xoshiro256ss)
        return real_polynomial_genes(gen, &d, false, ga_genome_reals(g));
    d.st = *(struct ga_rng_xoshiro_state *)r->state;
    bool changed = real_polynomial_genes(gen, &d, true, ga_genome_reals(g));
    *(struct ga_rng_xoshiro_state *)r->state = d.st;
    return changed;
}

const struct ga_crossover ga_crossover_sbx = {
    "sbx", "simulated binary crossover, bounded (Deb and Agrawal 1995): each variable with probability share",
    GA_KIND_REAL, real_sbx, real_sbx_settings, false,
};
const struct ga_crossover ga_crossover_sbxclamp = {
    "sbxclamp", "gaexp 0.4's sbx: every variable, the unbounded spread, clamped to the bounds", GA_KIND_REAL,
    real_sbxclamp, real_eta_settings, false,
};
const struct ga_crossover ga_crossover_blx = {
    "blx", "BLX-alpha: each gene uniform in the parents' interval widened by alpha each side", GA_KIND_REAL,
    real_blx, real_blx_settings, false,
};
const struct ga_crossover ga_crossover_arithmetic = {
    "arithmetic", "whole arithmetic: l a + (1-l) b and the mirror, l uniform per pair", GA_KIND_REAL,
    real_arithmetic, NULL, false,
};
const struct ga_mutation ga_mutation_gaussian = {
    "gaussian", "every gene + N(0, sigma^2) x its width, sigma fixed (the genome's, problem.sigma)", GA_KIND_REAL,
    NULL, real_gaussian, NULL,
};
const struct ga_mutation ga_mutation_selfadaptive = {
    "selfadaptive", "sigma *= exp(N(0,1)/sqrt(n)), then every gene + N(0, sigma^2) x its width (an ES's step)",
    GA_KIND_REAL, NULL, real_selfadaptive, NULL,
};
const struct ga_mutation ga_mutation_polynomial = {
    "polynomial", "each gene with probability 1/n, a bounded polynomial step (Deb and Goyal 1996)", GA_KIND_REAL,
    NULL, real_polynomial, real_polynomial_settings,
};
