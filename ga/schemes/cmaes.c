/* ga/schemes/cmaes.c — scheme "cmaes": the (mu/mu_w, lambda)-CMA-ES with optional IPOP restarts, written from Hansen's tutorial (arXiv:1604.00772), and its generation in the run. */
#include "ga/schemes/cmaes.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_randist.h>

#include "ga/breed.h"
#include "ga/run_fault.h"
#include "ga/schemes/schemes.h"
#include "ga/select.h"

#define CMAES_TRIES 100            /* draws of an offspring before it is projected into the box */
#define CMAES_TOLFUN 1e-12         /* the tutorial's and IPOP's stop criteria */
#define CMAES_TOLX 1e-12           /* times sigma0 */
#define CMAES_MAX_CONDITION 1e14

/* What a checkpoint holds besides the arrays. */
struct cmaes_counters {
    uint64_t lambda, generation, eigen_generation, restarts, history_count;
    double sigma;
};

struct cmaes {
    size_t n, lambda0, lambda_max, history_max;
    double sigma0;
    bool ipop;
    struct cmaes_counters k;
    /* the state (packed): mean, paths, C (n x n, row-major), its eigen
     * basis B (columns) and the square roots D of its eigenvalues, and the
     * best fitness of the last generations (a ring, for tolfun) */
    double *mean, *ps, *pc, *cov, *basis, *d, *history;
    /* derived from lambda (cmaes_constants) */
    size_t mu, history_len, eigen_every;
    double *weights, mueff, cs, ds, cc, c1, cmu, chin;
    /* per offspring: its normal draw z and its step y = B D z */
    double *zs, *ys;
    double *yw, *work;
    struct ga_select_key *keys;
    gsl_eigen_symmv_workspace *eigen;
    gsl_matrix *a, *evec;
    gsl_vector *eval;
};

size_t cmaes_lambda_default(size_t n)
{
    return 4 + (size_t)floor(3 * log((double)n));
}

size_t cmaes_lambda_max(size_t lambda0, bool ipop)
{
    size_t max = lambda0;
    for (int k = 0; ipop && k < CMAES_DOUBLINGS && 2 * max <= CMAES_IPOP_LAMBDA; k++)
        max *= 2;
    return max;
}

/* The strategy parameters of the tutorial's Table 1 for the current
 * lambda (the weights: positive for the mu best, summing to 1). */
static void cmaes_constants(struct cmaes *c)
{
    double n = (double)c->n, lambda = (double)c->k.lambda, sum = 0, squares = 0;
    c->mu = c->k.lambda / 2;
    for (size_t i = 0; i < c->mu; i++)
        sum += c->weights[i] = log((lambda + 1) / 2) - log((double)i + 1);
    for (size_t i = 0; i < c->mu; i++) {
        c->weights[i] /= sum;
        squares += c->weights[i] * c->weights[i];
    }
    double mueff = c->mueff = 1 / squares;
    c->cs = (mueff + 2) / (n + mueff + 5);
    c->ds = 1 + 2 * fmax(0, sqrt((mueff - 1) / (n + 1)) - 1) + c->cs;
    c->cc = (4 + mueff / n) / (n + 4 + 2 * mueff / n);
    c->c1 = 2 / ((n + 1.3) * (n + 1.3) + mueff);
    c->cmu = fmin(1 - c->c1, 2 * (mueff - 2 + 1 / mueff) / ((n + 2) * (n + 2) + mueff));
    c->chin = sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n));
    /* the decomposition every 1 / (10 n (c1 + cmu)) generations keeps its cost O(n^2) an offspring */
    double every = floor(1 / (10 * n * (c->c1 + c->cmu)));
    c->eigen_every = every > 1 ? (size_t)every : 1;
    c->history_len = 10 + (size_t)ceil(30 * n / lambda);
}

struct cmaes *cmaes_alloc(size_t n, size_t lambda0, double sigma0, bool ipop)
{
    struct cmaes *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->n = n;
    c->lambda0 = lambda0;
    c->lambda_max = cmaes_lambda_max(lambda0, ipop);
    c->history_max = 10 + (size_t)ceil(30.0 * (double)n / (double)lambda0);
    c->sigma0 = sigma0;
    c->ipop = ipop;
    size_t lm = c->lambda_max;
    bool ok = (c->mean = malloc(n * sizeof *c->mean)) && (c->ps = malloc(n * sizeof *c->ps)) &&
              (c->pc = malloc(n * sizeof *c->pc)) && (c->cov = malloc(n * n * sizeof *c->cov)) &&
              (c->basis = malloc(n * n * sizeof *c->basis)) && (c->d = malloc(n * sizeof *c->d)) &&
              (c->history = calloc(c->history_max, sizeof *c->history)) &&
              (c->weights = malloc(lm / 2 * sizeof *c->weights)) && (c->zs = malloc(lm * n * sizeof *c->zs)) &&
              (c->ys = malloc(lm * n * sizeof *c->ys)) && (c->yw = malloc(n * sizeof *c->yw)) &&
              (c->work = malloc(n * sizeof *c->work)) && (c->keys = malloc(lm * sizeof *c->keys)) &&
              (c->eigen = gsl_eigen_symmv_alloc(n)) && (c->a = gsl_matrix_alloc(n, n)) &&
              (c->evec = gsl_matrix_alloc(n, n)) && (c->eval = gsl_vector_alloc(n));
    if (!ok) {
        cmaes_free(c);
        return NULL;
    }
    return c;
}

void cmaes_free(struct cmaes *c)
{
    if (!c)
        return;
    free(c->mean);
    free(c->ps);
    free(c->pc);
    free(c->cov);
    free(c->basis);
    free(c->d);
    free(c->history);
    free(c->weights);
    free(c->zs);
    free(c->ys);
    free(c->yw);
    free(c->work);
    free(c->keys);
    if (c->eigen)
        gsl_eigen_symmv_free(c->eigen);
    if (c->a)
        gsl_matrix_free(c->a);
    if (c->evec)
        gsl_matrix_free(c->evec);
    if (c->eval)
        gsl_vector_free(c->eval);
    free(c);
}

size_t cmaes_lambda(const struct cmaes *c)
{
    return (size_t)c->k.lambda;
}

unsigned long cmaes_restarts(const struct cmaes *c)
{
    return (unsigned long)c->k.restarts;
}

/* The distribution reset around g with the current lambda. */
static void cmaes_reset(struct cmaes *c, const struct ga_genome *gen, const ga_gene *g)
{
    size_t n = c->n;
    const double *x = ga_genome_creals(g);
    for (size_t i = 0; i < n; i++) {
        c->mean[i] = (x[i] - gen->lower[i]) / (gen->upper[i] - gen->lower[i]);
        c->ps[i] = c->pc[i] = 0;
        c->d[i] = 1;
        for (size_t j = 0; j < n; j++)
            c->cov[i * n + j] = c->basis[i * n + j] = i == j;
    }
    c->k.sigma = c->sigma0;
    c->k.generation = c->k.eigen_generation = c->k.history_count = 0;
    cmaes_constants(c);
}

void cmaes_start(struct cmaes *c, const struct ga_genome *gen, const ga_gene *g)
{
    c->k.lambda = c->lambda0;
    c->k.restarts = 0;
    cmaes_reset(c, gen, g);
}

void cmaes_restart(struct cmaes *c, const struct ga_genome *gen, const ga_gene *g)
{
    if (c->ipop && 2 * c->k.lambda <= c->lambda_max)
        c->k.lambda *= 2;
    c->k.restarts++;
    cmaes_reset(c, gen, g);
}

/* y = B D z; whether m + sigma y lies in the unit box. */
static bool cmaes_step(const struct cmaes *c, const double *z, double *y)
{
    size_t n = c->n;
    bool inside = true;
    for (size_t i = 0; i < n; i++) {
        double s = 0;
        for (size_t j = 0; j < n; j++)
            s += c->basis[i * n + j] * c->d[j] * z[j];
        y[i] = s;
        double u = c->mean[i] + c->k.sigma * s;
        inside &= u >= 0 && u <= 1;
    }
    return inside;
}

/* Bounds: an offspring outside the box is drawn again, up to CMAES_TRIES
 * times, then projected onto the box; the step y the update learns from
 * is the one taken, (u - m) / sigma. */
void cmaes_sample(struct cmaes *c, gsl_rng *r, size_t k, const struct ga_genome *gen, ga_gene *g)
{
    size_t n = c->n;
    double *z = c->zs + k * n, *y = c->ys + k * n, *x = ga_genome_reals(g);
    bool inside = false;
    for (unsigned t = 0; t < CMAES_TRIES && !inside; t++) {
        for (size_t i = 0; i < n; i++)
            z[i] = gsl_ran_gaussian_ziggurat(r, 1.0);
        inside = cmaes_step(c, z, y);
    }
    for (size_t i = 0; i < n; i++) {
        double u = c->mean[i] + c->k.sigma * y[i], width = gen->upper[i] - gen->lower[i];
        if (!inside) {
            u = fmin(1, fmax(0, u));
            y[i] = (u - c->mean[i]) / c->k.sigma;
        }
        x[i] = fmin(gen->upper[i], fmax(gen->lower[i], gen->lower[i] + width * u));
    }
    x[n] = fmax(c->k.sigma, DBL_MIN); /* the genome's step: sigma, a share of each width */
}

/* B and D from C (its lower triangle); false when C is no longer positive
 * definite or its condition exceeds CMAES_MAX_CONDITION. */
static bool cmaes_decompose(struct cmaes *c)
{
    size_t n = c->n;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j <= i; j++) {
            gsl_matrix_set(c->a, i, j, c->cov[i * n + j]);
            gsl_matrix_set(c->a, j, i, c->cov[i * n + j]);
        }
    gsl_eigen_symmv(c->a, c->eval, c->evec, c->eigen);
    gsl_eigen_symmv_sort(c->eval, c->evec, GSL_EIGEN_SORT_VAL_ASC);
    double low = gsl_vector_get(c->eval, 0), high = gsl_vector_get(c->eval, n - 1);
    if (!(low > 0) || !isfinite(high))
        return false;
    for (size_t i = 0; i < n; i++) {
        c->d[i] = sqrt(gsl_vector_get(c->eval, i));
        for (size_t j = 0; j < n; j++)
            c->basis[i * n + j] = gsl_matrix_get(c->evec, i, j);
    }
    c->k.eigen_generation = c->k.generation;
    return high / low <= CMAES_MAX_CONDITION;
}

/* The mean moves to the weighted mean of the mu best; yw is its step. */
static void cmaes_move_mean(struct cmaes *c)
{
    size_t n = c->n;
    memset(c->yw, 0, n * sizeof *c->yw);
    for (size_t r = 0; r < c->mu; r++) {
        const double *y = c->ys + c->keys[r].index * n;
        for (size_t i = 0; i < n; i++)
            c->yw[i] += c->weights[r] * y[i];
    }
    for (size_t i = 0; i < n; i++)
        c->mean[i] += c->k.sigma * c->yw[i];
}

/* The evolution paths; returns h_sigma (the stall of p_c when p_sigma is long). */
static bool cmaes_paths(struct cmaes *c)
{
    size_t n = c->n;
    double *t = c->work, norm = 0;
    for (size_t j = 0; j < n; j++) { /* t = D^-1 B^T yw */
        double s = 0;
        for (size_t i = 0; i < n; i++)
            s += c->basis[i * n + j] * c->yw[i];
        t[j] = s / c->d[j];
    }
    double gs = sqrt(c->cs * (2 - c->cs) * c->mueff);
    for (size_t i = 0; i < n; i++) { /* p_sigma += B t = C^-1/2 yw */
        double s = 0;
        for (size_t j = 0; j < n; j++)
            s += c->basis[i * n + j] * t[j];
        c->ps[i] = (1 - c->cs) * c->ps[i] + gs * s;
        norm += c->ps[i] * c->ps[i];
    }
    norm = sqrt(norm);
    double gens = (double)c->k.generation + 1;
    bool hsig = norm / sqrt(1 - pow(1 - c->cs, 2 * gens)) / c->chin < 1.4 + 2 / ((double)n + 1);
    double gc = hsig ? sqrt(c->cc * (2 - c->cc) * c->mueff) : 0;
    for (size_t i = 0; i < n; i++)
        c->pc[i] = (1 - c->cc) * c->pc[i] + gc * c->yw[i];
    c->k.sigma *= exp(c->cs / c->ds * (norm / c->chin - 1));
    return hsig;
}

/* C <- (1 - c1 - cmu + c1 delta(h)) C + c1 pc pc^T + cmu sum w_r y_r y_r^T (lower triangle, then mirrored). */
static void cmaes_adapt(struct cmaes *c, bool hsig)
{
    size_t n = c->n;
    double delta = hsig ? 0 : c->cc * (2 - c->cc);
    double keep = 1 - c->c1 - c->cmu + c->c1 * delta;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j <= i; j++) {
            double rank_mu = 0;
            for (size_t r = 0; r < c->mu; r++) {
                const double *y = c->ys + c->keys[r].index * n;
                rank_mu += c->weights[r] * y[i] * y[j];
            }
            double v = keep * c->cov[i * n + j] + c->c1 * c->pc[i] * c->pc[j] + c->cmu * rank_mu;
            c->cov[i * n + j] = c->cov[j * n + i] = v;
        }
}

/* tolfun: the best fitness of the last history_len generations and this
 * generation's all lie within CMAES_TOLFUN. */
static bool cmaes_flat(struct cmaes *c)
{
    size_t len = c->history_len;
    double best = c->keys[0].fitness;
    c->history[c->k.history_count % len] = best;
    c->k.history_count++;
    double low = best, high = c->keys[c->k.lambda - 1].fitness;
    if (c->k.history_count < len)
        return false;
    for (size_t i = 0; i < len; i++) {
        low = fmin(low, c->history[i]);
        high = fmax(high, c->history[i]);
    }
    return high - low < CMAES_TOLFUN;
}

/* tolx, no effect of an axis, no effect of a coordinate. */
static bool cmaes_stalled(const struct cmaes *c)
{
    size_t n = c->n, axis = (size_t)(c->k.generation % n);
    double sigma = c->k.sigma;
    bool small = true, axis_moves = false;
    for (size_t i = 0; i < n; i++) {
        double sd = sqrt(c->cov[i * n + i]);
        small &= sigma * fmax(fabs(c->pc[i]), sd) < CMAES_TOLX * c->sigma0;
        if (c->mean[i] + 0.2 * sigma * sd == c->mean[i])
            return true;
        axis_moves |= c->mean[i] + 0.1 * sigma * c->d[axis] * c->basis[i * n + axis] != c->mean[i];
    }
    return small || !axis_moves;
}

bool cmaes_update(struct cmaes *c, const double *fitness)
{
    size_t lambda = (size_t)c->k.lambda;
    for (size_t k = 0; k < lambda; k++)
        c->keys[k] = (struct ga_select_key){fitness[k], k};
    ga_select_sort(c->keys, lambda); /* ties: the earlier offspring */
    cmaes_move_mean(c);
    bool hsig = cmaes_paths(c);
    cmaes_adapt(c, hsig);
    c->k.generation++;
    bool sound = true;
    if (c->k.generation - c->k.eigen_generation >= c->eigen_every)
        sound = cmaes_decompose(c);
    bool flat = cmaes_flat(c);
    return !sound || !isfinite(c->k.sigma) || flat || cmaes_stalled(c);
}

/* The arrays a checkpoint holds, in order, and their lengths. */
enum { CMAES_PACKED = 7 };
static void cmaes_packed(const struct cmaes *c, double **arrays, size_t *counts)
{
    size_t n = c->n;
    double *a[CMAES_PACKED] = {c->mean, c->ps, c->pc, c->cov, c->basis, c->d, c->history};
    size_t k[CMAES_PACKED] = {n, n, n, n * n, n * n, n, c->history_max};
    memcpy(arrays, a, sizeof a);
    memcpy(counts, k, sizeof k);
}

void cmaes_pack(const struct cmaes *c, struct ga_pack *p)
{
    double *arrays[CMAES_PACKED];
    size_t counts[CMAES_PACKED];
    cmaes_packed(c, arrays, counts);
    ga_pack_put(p, &c->k, sizeof c->k);
    for (size_t i = 0; i < CMAES_PACKED; i++)
        ga_pack_put(p, arrays[i], counts[i] * sizeof(double));
}

bool cmaes_unpack(struct cmaes *c, struct ga_unpack *u)
{
    double *arrays[CMAES_PACKED];
    size_t counts[CMAES_PACKED], total = 0;
    cmaes_packed(c, arrays, counts);
    for (size_t i = 0; i < CMAES_PACKED; i++)
        total += counts[i];
    struct cmaes_counters k;
    if (!ga_unpack_get(u, &k, sizeof k) || k.lambda < c->lambda0 || k.lambda > c->lambda_max ||
        !(k.sigma > 0 && isfinite(k.sigma)) || u->left < total * sizeof(double))
        return false;
    c->k = k;
    for (size_t i = 0; i < CMAES_PACKED; i++)
        ga_unpack_get(u, arrays[i], counts[i] * sizeof(double));
    cmaes_constants(c);
    return true;
}

/* ---- the scheme: its settings, rules and generation in the run -------------- */

/* Its settings: the initial step as a share of each gene's width, in
 * (0, 1], and IPOP restarts (lambda doubled at each). */
enum { CMAES_SIGMA, CMAES_IPOP };
/* The largest lambda an experiment file may ask for. */
#define CMAES_MAX_LAMBDA 100000
/* The stream of a restart's mean: past every block of offspring. */
#define CMAES_RESTART_STREAM UINT32_MAX

struct cmaes *cmaes_of_run(const struct ga_run *run)
{
    return run->scheme_state;
}

/* lambda (0: the default of the dimension, else >= 2), sigma in (0, 1], ipop. */
static bool cmaes_read(struct ga_cfg *cfg, config_setting_t *v, struct ga_params *p)
{
    double sigma = 0.3;
    bool ipop = false, ok = true;
    long long lambda = 0;
    if (v) {
        ok = ga_cfg_int(cfg, v, "lambda", 0, 0, CMAES_MAX_LAMBDA, &lambda);
        if (ok && lambda == 1) {
            ga_cfg_error_at(cfg, v, "lambda", "expected 0 (4 + floor(3 ln n)) or an integer in [2, %d], got 1",
                            CMAES_MAX_LAMBDA);
            ok = false;
        }
        bool sigma_ok = ga_cfg_double(cfg, v, "sigma", 0.3, 0, 1, &sigma);
        if (sigma_ok && sigma <= 0) {
            ga_cfg_error_at(cfg, v, "sigma", "expected a share of the width in (0, 1], got 0");
            sigma_ok = false;
        }
        ok &= sigma_ok;
        ok &= ga_cfg_bool(cfg, v, "ipop", false, &ipop);
    }
    p->lambda = (size_t)lambda;
    p->scheme_settings[CMAES_SIGMA] = sigma;
    p->scheme_settings[CMAES_IPOP] = ipop;
    return ok;
}

/* One individual (the best so far), one island, one process. */
static bool cmaes_check(const struct ga_params *p, struct params_fault *f)
{
    double sigma = p->scheme_settings[CMAES_SIGMA];
    if (p->population != 1)
        return params_broken(f, "ga.population", "scheme \"cmaes\" keeps the best so far as its population: "
                                                 "it needs a population of 1, got %zu", p->population);
    if (p->lambda == 1)
        return params_broken(f, "ga.scheme.cmaes.lambda", "expected 0 (4 + floor(3 ln n)) or at least 2 offspring, "
                                                          "got 1");
    if (!(sigma > 0 && sigma <= 1))
        return params_broken(f, "ga.scheme.cmaes.sigma", "expected a share of the width in (0, 1], got %g", sigma);
    return true;
}

static void cmaes_resolve(struct ga_params *p, const struct ga_genome *gen)
{
    if (p->lambda == 0)
        p->lambda = cmaes_lambda_default(gen->reals);
}

/* The most offspring: with IPOP lambda grows. */
static size_t cmaes_children(const struct ga_params *p)
{
    return cmaes_lambda_max(p->lambda, p->scheme_settings[CMAES_IPOP] != 0);
}

static bool cmaes_scheme_alloc(struct ga_run *run)
{
    const struct ga_params *p = &run->params;
    run->scheme_state = cmaes_alloc(run->gen.reals, p->lambda, p->scheme_settings[CMAES_SIGMA],
                                    p->scheme_settings[CMAES_IPOP] != 0);
    return run->scheme_state != NULL;
}

static void cmaes_scheme_release(struct ga_run *run)
{
    cmaes_free(run->scheme_state);
}

static void cmaes_scheme_pack(const struct ga_run *run, struct ga_pack *p)
{
    cmaes_pack(run->scheme_state, p);
}

static bool cmaes_scheme_unpack(struct ga_run *run, struct ga_unpack *u)
{
    return cmaes_unpack(run->scheme_state, u);
}

/* The first mean: the problem's initial point. */
static void cmaes_scheme_start(struct ga_run *run)
{
    cmaes_start(run->scheme_state, &run->gen, run->genes);
}

static unsigned long long cmaes_next_children(const struct ga_run *run)
{
    return cmaes_lambda(run->scheme_state);
}

/* A CMA-ES generation: lambda offspring sampled and evaluated in blocks
 * (each from its own stream, as generation 0), the distribution updated,
 * the best so far kept as the population (ties: the one kept), and on a
 * stop criterion a restart around a new initial point of the problem. */
static unsigned long long cmaes_generation(struct ga_run *run, size_t first, size_t last)
{
    (void)first, (void)last; /* one island */
    const struct ga_params *p = &run->params;
    struct cmaes *c = run->scheme_state;
    size_t lambda = cmaes_lambda(c), stride = run->stride;
    long blocks = (long)((lambda + BREED_INIT_BLOCK - 1) / BREED_INIT_BLOCK);
#pragma omp parallel for num_threads(p->threads) schedule(dynamic) if (p->threads > 1)
    for (long b = 0; b < blocks; b++) {
        gsl_rng *r = run_stream(run, run->generation + 1, (uint64_t)b);
        size_t start = (size_t)b * BREED_INIT_BLOCK;
        size_t end = start + BREED_INIT_BLOCK < lambda ? start + BREED_INIT_BLOCK : lambda;
        for (size_t j = start; j < end; j++) {
            ga_gene *g = run->brood + j * stride;
            cmaes_sample(c, r, j, &run->gen, g);
            run->brood_fitness[j] = run->evaluate(&run->gen, g);
            run->trail[j] = run->brood_fitness[j];
        }
    }
    for (size_t j = lambda; j < run->trail_per; j++)
        run->trail[j] = NAN; /* below IPOP's largest lambda */
    run_fault_scan(run, 0, run->brood_fitness, 0, lambda, run->brood);
    size_t best = SIZE_MAX;
    for (size_t j = 0; j < lambda; j++)
        if (run->brood_fitness[j] < (best == SIZE_MAX ? run->fitness[0] : run->brood_fitness[best]))
            best = j;
    breed_copy_slot(run, run->next_genes, best == SIZE_MAX ? run->genes : run->brood + best * stride);
    run->next_fitness[0] = best == SIZE_MAX ? run->fitness[0] : run->brood_fitness[best];
    if (cmaes_update(c, run->brood_fitness)) {
        ga_gene *start = run->spare;
        run->problem->init(&run->gen, run_stream(run, run->generation + 1, CMAES_RESTART_STREAM), start);
        cmaes_restart(c, &run->gen, start);
    }
    return lambda;
}

const struct ga_scheme ga_scheme_cmaes = {
    .name = "cmaes",
    .summary = "(mu/mu_w, lambda)-CMA-ES on real genomes, optional IPOP restarts; the population (1) is the best so far",
    .flags = SCHEME_ALONE | SCHEME_NO_RECORDS,
    .kinds = GA_KIND_REAL,
    .kinds_word = "real-valued",
    .no_local = "the CMA-ES samples its offspring from its distribution",
    .alone = "the CMA-ES",
    .settings = {"sigma", "ipop"},
    .read = cmaes_read,
    .check = cmaes_check,
    .resolve = cmaes_resolve,
    .children = cmaes_children,
    .brood = cmaes_children,
    .alloc = cmaes_scheme_alloc,
    .release = cmaes_scheme_release,
    .pack = cmaes_scheme_pack,
    .unpack = cmaes_scheme_unpack,
    .start = cmaes_scheme_start,
    .next_children = cmaes_next_children,
    .generation = cmaes_generation,
};
