/* ga/schemes/steady.c — scheme "steady": ceil(N/lambda) steps a generation, each lambda children replacing individuals in place. */
#include "ga/schemes/schemes.h"

#include <string.h>

#include "ga/breed.h"
#include "ga/run_fault.h"

/* Its settings: whom a child replaces, the reverse tournament's
 * contestants, and whether a child the island holds already is dropped. */
enum { STEADY_REPLACE, STEADY_TOURNAMENT, STEADY_UNIQUE };
enum {
    STEADY_REPLACE_WORST,      /* the worst (ties: the last in population order) */
    STEADY_REPLACE_RANDOM,     /* one drawn uniformly */
    STEADY_REPLACE_TOURNAMENT, /* the worst of 'tournament' drawn with replacement */
};

/* Refuses 'key' of group g when present: a setting the choice made does not read. */
static bool steady_unread(struct ga_cfg *cfg, config_setting_t *g, const char *key, const char *why)
{
    config_setting_t *s = config_setting_get_member(g, key);
    if (!s)
        return true;
    ga_cfg_lookup(cfg, g, key);
    ga_cfg_error(cfg, s, "%s", why);
    return false;
}

static bool steady_read(struct ga_cfg *cfg, config_setting_t *v, struct ga_params *p)
{
    static const char *const replaces[] = {"worst", "random", "tournament"};
    long long n = (long long)p->population, lambda = 2, k = 2;
    size_t replace = STEADY_REPLACE_WORST;
    bool ok = true, unique = false;
    if (v) {
        ok &= ga_cfg_int(cfg, v, "lambda", 2, 1, n, &lambda);
        ok &= ga_cfg_choice(cfg, v, "replace", replaces, 3, STEADY_REPLACE_WORST, &replace);
        if (ok && replace == STEADY_REPLACE_TOURNAMENT)
            ok &= ga_cfg_int(cfg, v, "tournament", 2, 2, n > 2 ? n : 2, &k);
        else
            ok &= steady_unread(cfg, v, "tournament", "only replace = \"tournament\" reads it");
        ok &= ga_cfg_bool(cfg, v, "unique", false, &unique);
    }
    p->lambda = (size_t)lambda;
    p->scheme_settings[STEADY_REPLACE] = (double)replace;
    p->scheme_settings[STEADY_TOURNAMENT] = (double)k;
    p->scheme_settings[STEADY_UNIQUE] = unique;
    return ok;
}

static bool steady_check(const struct ga_params *p, struct params_fault *f)
{
    if (p->lambda < 1)
        return params_broken(f, "ga.scheme.steady.lambda", "the scheme needs lambda >= 1 children");
    if (p->lambda > p->population)
        return params_broken(f, "ga.scheme.steady.lambda", "a steady-state step breeds at most N children");
    if (p->scheme_settings[STEADY_REPLACE] == STEADY_REPLACE_TOURNAMENT && p->scheme_settings[STEADY_TOURNAMENT] < 2)
        return params_broken(f, "ga.scheme.steady.tournament", "a reverse tournament needs at least 2 contestants");
    return true;
}

/* Steps of a steady-state generation: ceil(N / lambda), about N births. */
static size_t steady_steps(const struct ga_params *p)
{
    return (p->population + p->lambda - 1) / p->lambda;
}

static size_t steady_children(const struct ga_params *p)
{
    return steady_steps(p) * p->lambda;
}

static size_t steady_brood(const struct ga_params *p)
{
    return p->lambda;
}

/* The individual of island k (from 'base') a steady child replaces. */
static size_t steady_victim(const struct ga_run *run, gsl_rng *r, size_t base)
{
    const struct ga_params *p = &run->params;
    const double *f = run->fitness + base;
    size_t n = p->population, v = 0;
    double replace = p->scheme_settings[STEADY_REPLACE];
    if (replace == STEADY_REPLACE_RANDOM)
        return base + ga_rng_below(r, n);
    if (replace == STEADY_REPLACE_WORST) { /* ties: the last */
        for (size_t i = 1; i < n; i++)
            v = f[i] >= f[v] ? i : v;
        return base + v;
    }
    v = ga_rng_below(r, n); /* the loser of a reverse tournament: ties to the first drawn */
    for (unsigned j = 1; j < (unsigned)p->scheme_settings[STEADY_TOURNAMENT]; j++) {
        size_t o = ga_rng_below(r, n);
        v = f[o] > f[v] ? o : v;
    }
    return base + v;
}

/* Whether island k already holds genome g. */
static bool steady_holds(const struct ga_run *run, size_t k, const ga_gene *g)
{
    size_t n = run->params.population;
    for (size_t i = k * n; i < (k + 1) * n; i++)
        if (memcmp(run->genes + i * run->stride, g, run->gen.len * sizeof *g) == 0)
            return true;
    return false;
}

/* A steady-state generation of island k, in place: each step breeds lambda
 * children from the island as it is (its selection tables rebuilt) and puts
 * them in one after the other, each over the individual the replacement
 * rule picks (refused when 'unique' and the island holds it already).  The
 * step's blocks and its replacements draw from their own streams. */
static unsigned long long steady_island(struct ga_run *run, size_t k)
{
    const struct ga_params *p = &run->params;
    size_t lambda = p->lambda, pairs = (lambda + 1) / 2, stride = run->stride, steps = steady_steps(p);
    size_t blocks = (pairs + BREED_PAIRS_BLOCK - 1) / BREED_PAIRS_BLOCK + 1; /* the last: replacements */
    bool unique = p->scheme_settings[STEADY_UNIQUE] != 0;
    struct breed_brood brood = {run->brood, run->brood_fitness, lambda, 0, 0, 0};
    unsigned long long evaluations = 0;
    for (size_t step = 0; step < steps; step++) {
        uint64_t id = (uint64_t)(k * steps + step) * blocks;
        /* the children of step s of island k come after those of its earlier steps */
        brood.key_offset = (uint64_t)(k * steps + step) * lambda - (uint64_t)k * lambda;
        brood.trail_offset = step * lambda;
        breed_prepare(run, k);
        for (size_t b = 0; b + 1 < blocks; b++) {
            size_t first = b * BREED_PAIRS_BLOCK;
            size_t end = first + BREED_PAIRS_BLOCK < pairs ? first + BREED_PAIRS_BLOCK : pairs;
            evaluations += breed_block(run, k, id + b, first, end, &brood);
        }
        /* The children checked before any replaces an individual (or is dropped as a duplicate). */
        run_fault_scan(run, (k * steps + step) * lambda, run->brood_fitness, k * lambda, (k + 1) * lambda,
                       run->brood + k * lambda * stride);
        gsl_rng *r = run_stream(run, run->generation + 1, id + blocks - 1);
        for (size_t c = k * lambda; c < (k + 1) * lambda; c++) {
            const ga_gene *child = run->brood + c * stride;
            if (unique && steady_holds(run, k, child))
                continue;
            size_t v = steady_victim(run, r, k * p->population);
            memcpy(run->genes + v * stride, child, run->copy * sizeof *child);
            run->fitness[v] = run->brood_fitness[c];
        }
    }
    memcpy(run->next_genes + k * p->population * stride, run->genes + k * p->population * stride,
           p->population * stride * sizeof *run->genes);
    memcpy(run->next_fitness + k * p->population, run->fitness + k * p->population,
           p->population * sizeof *run->fitness);
    return evaluations;
}

/* Islands in parallel, the steps of each in order. */
static unsigned long long steady_generation(struct ga_run *run, size_t first, size_t last)
{
    unsigned long long evaluations = 0;
#pragma omp parallel for num_threads(run->params.threads) schedule(dynamic) reduction(+ : evaluations) \
    if (run->params.threads > 1)
    for (long k = (long)first; k < (long)last; k++)
        evaluations += steady_island(run, (size_t)k);
    return evaluations;
}

/* The settings of the schemes with children apart from the parents, as
 * files wrote them before each scheme had a group: refused here, once. */
static const struct scheme_moved steady_moved[] = {
    {"scheme", "lambda", "lambda in the scheme's group, e.g. scheme = { name = \"plus\"; plus = { lambda = 100; }; }"},
    {"scheme", "replace", "scheme = { name = \"steady\"; steady = { replace = \"worst\"; }; }"},
    {"scheme", "tournament", "scheme = { name = \"steady\"; steady = { replace = \"tournament\"; tournament = 2; }; }"},
    {"scheme", "unique", "scheme = { name = \"steady\"; steady = { unique = true; }; }"},
    {NULL, NULL, NULL},
};

const struct ga_scheme ga_scheme_steady = {
    .name = "steady",
    .summary = "ceil(N/lambda) steps, each lambda children replacing the worst, a random one or a reverse-tournament loser",
    .flags = SCHEME_NEEDS_TWO,
    .moved = steady_moved,
    .settings = {"replace", "tournament", "unique"},
    .read = steady_read,
    .check = steady_check,
    .children = steady_children,
    .brood = steady_brood,
    .generation = steady_generation,
};
