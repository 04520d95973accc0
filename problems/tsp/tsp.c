/* problems/tsp/tsp.c — the symmetric Travelling Salesman Problem by GA: a tour is a permutation of the cities. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"
#include "problems/tsp/tsp_solve.h"

/* Instances of at most this many cities without a known optimum get
 * theirs from Held-Karp when configured (milliseconds, 4 MB at 16). */
#define TSP_GA_EXACT_MAX 16

/*
 * THE FITNESS of a tour is its length minus 'optimum' (problem.optimum):
 * 0 when the tour is optimal, so that a run stops as solved there and the
 * report counts it, as everywhere in gaexp.  The optimum defaults to the
 * instance's known one (the file's OPTIMUM line, TSPLIB's published
 * optimum of a shipped or listed instance, or Held-Karp's at up to
 * TSP_GA_EXACT_MAX cities), and to 0 when none is known: the fitness is
 * then the tour length itself.  The shift is the same for every tour, so
 * tournaments, ranks and truncation select as on the plain length.  A tour
 * shorter than a wrong optimum given by hand gets fitness 0 (print says so).
 */
struct tsp_ga {
    struct tsp_instance *inst;
    int64_t optimum;
    const char *source; /* where the optimum comes from, for print */
};

/* The instance: 'file' (a TSPLIB file), or 'cities' and 'seed' (random). */
static bool tsp_ga_instance(struct tsp_ga *s, struct ga_cfg *cfg, config_setting_t *group)
{
    if (ga_cfg_lookup(cfg, group, "file")) {
        bool both = false;
        for (int k = 0; k < 2; k++)
            if (ga_cfg_lookup(cfg, group, k ? "seed" : "cities")) {
                ga_cfg_error_at(cfg, group, k ? "seed" : "cities",
                                "give either 'file' (a TSPLIB file) or 'cities' and 'seed' (a random instance), not both");
                both = true;
            }
        const char *path;
        if (!ga_cfg_file(cfg, group, "file", "", &path) || both)
            return false;
        if (!path[0]) {
            ga_cfg_error_at(cfg, group, "file", "expected the path of a TSPLIB file");
            return false;
        }
        FILE *in = ga_cfg_input(cfg, path); /* as read once: every point of a sweep sees the same */
        s->inst = in ? tsp_instance_read(path, in, ga_cfg_diag(cfg), NULL) : NULL;
        if (in)
            fclose(in);
        return s->inst != NULL; /* the file reported its own error, with its line */
    }
    if (!ga_cfg_lookup(cfg, group, "cities")) {
        ga_cfg_lookup(cfg, group, "seed"); /* known, whatever it says */
        ga_cfg_error_at(cfg, group, "file", "expected 'file' (a TSPLIB file) or 'cities' (a random instance)");
        return false;
    }
    long long n, seed;
    bool ok = ga_cfg_int(cfg, group, "cities", 0, TSP_MIN_CITIES, TSP_MAX_CITIES, &n);
    ok &= ga_cfg_int(cfg, group, "seed", 1, 0, 0x7fffffffffffffffLL, &seed);
    if (!ok)
        return false;
    int status;
    s->inst = tsp_instance_random((size_t)n, (uint64_t)seed, &status);
    if (!s->inst)
        ga_cfg_error_at(cfg, group, status == GA_ENOMEM ? "cities" : "seed", "cannot make the instance: %s",
                        ga_strerror(status));
    return s->inst != NULL;
}

/* The optimum the instance is known to have, or 0 when none is, into
 * *optimum; *source says whence.  GA_OK or GA_ENOMEM (from Held-Karp). */
static int tsp_ga_known_optimum(const struct tsp_instance *t, int64_t *optimum, const char **source)
{
    long long published = tsp_published_optimum(t->name, t->n);
    *optimum = 0;
    *source = "none known";
    if (t->optimum >= 0) {
        *source = "the file's OPTIMUM line";
        *optimum = t->optimum;
    } else if (published >= 0) {
        *source = "TSPLIB's published optimum";
        *optimum = published;
    } else if (t->n <= TSP_GA_EXACT_MAX) {
        *source = "Held-Karp's";
        return tsp_held_karp(t, optimum, NULL);
    }
    return GA_OK;
}

static bool tsp_ga_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct tsp_ga *s = state;
    bool ok = tsp_ga_instance(s, cfg, group);
    bool given = ga_cfg_lookup(cfg, group, "optimum") != NULL;
    int64_t known = 0;
    int status = ok ? tsp_ga_known_optimum(s->inst, &known, &s->source) : GA_OK;
    if (status != GA_OK) {
        ga_cfg_error_at(cfg, group, "optimum", "cannot compute the optimum by Held-Karp: %s", ga_strerror(status));
        ok = false;
    }
    long long optimum;
    ok &= ga_cfg_int(cfg, group, "optimum", known, 0, 1LL << 52, &optimum);
    if (!ok)
        return false;
    s->optimum = optimum;
    /* config.cfg writes the known optimum back: read again (a resume, a
     * rerun of config.cfg) it keeps its source, so best.txt is the same. */
    if (given && optimum != known)
        s->source = optimum ? "problem.optimum" : "none (problem.optimum = 0)";
    return true;
}

static void tsp_ga_release(void *state)
{
    struct tsp_ga *s = state;
    tsp_instance_free(s->inst);
    s->inst = NULL;
}

static void tsp_ga_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct tsp_ga *s = state;
    *len = s->inst->n;
    *alphabet = (unsigned)s->inst->n;
}

/* A uniform random tour (Fisher-Yates). */
static void tsp_ga_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        g[i] = (ga_gene)i;
    ga_rng_shuffle(r, g, gen->len);
}

static int64_t tsp_ga_length(const struct tsp_instance *t, const ga_gene *g)
{
    size_t n = t->n;
    const int32_t *d = t->dist, *row = d + (size_t)g[n - 1] * n;
    int64_t sum = 0;
#pragma GCC unroll 4 /* a quarter of the loop's own instructions: 8.6 a city down to ~6.5 */
    for (size_t i = 0; i < n; i++) { /* the row of the previous city: one multiply per city */
        sum += row[g[i]];
        row = d + (size_t)g[i] * n;
    }
    return sum;
}

static double tsp_ga_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct tsp_ga *s = gen->state;
    int64_t excess = tsp_ga_length(s->inst, g) - s->optimum;
    return excess > 0 ? (double)excess : 0.0;
}

static bool tsp_ga_valid(const struct ga_genome *gen, const ga_gene *g)
{
    uint64_t seen[(TSP_MAX_CITIES + 63) / 64] = {0};
    for (size_t i = 0; i < gen->len; i++) {
        if (g[i] >= gen->len || (seen[g[i] / 64] >> (g[i] % 64) & 1))
            return false;
        seen[g[i] / 64] |= 1ull << (g[i] % 64);
    }
    return true;
}

/* The tour from city 1, as TSPLIB numbers the cities, 20 a line, then its length. */
static void tsp_ga_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct tsp_ga *s = gen->state;
    size_t n = gen->len, start = 0;
    while (start < n && g[start] != 0)
        start++;
    for (size_t k = 0; k < n; k++)
        fprintf(out, "%u%s", g[(start + k) % n] + 1u, k + 1 == n || k % 20 == 19 ? "\n" : " ");
    int64_t length = tsp_ga_length(s->inst, g);
    fprintf(out, "%s: %zu cities, length %lld", s->inst->name, n, (long long)length);
    if (s->optimum > 0 && length < s->optimum)
        fprintf(out, ", shorter than the optimum %lld (%s): it is wrong for this instance\n",
                (long long)s->optimum, s->source);
    else if (s->optimum > 0)
        fprintf(out, ", optimum %lld (%s), gap %.2f%%\n", (long long)s->optimum, s->source,
                100.0 * (double)(length - s->optimum) / (double)s->optimum);
    else
        fprintf(out, ", optimum %s\n", s->source);
}

/* Reverses the genes between gene pos and another drawn one: a 2-opt move
 * on the closed tour (the two edges at the ends of the slice replaced). */
static bool tsp_ga_invert(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    size_t other = ga_rng_below(r, gen->len);
    size_t lo = pos < other ? pos : other, hi = pos < other ? other : pos;
    if (lo == hi)
        return false;
    for (; lo < hi; lo++, hi--) {
        ga_gene t = g[lo];
        g[lo] = g[hi];
        g[hi] = t;
    }
    return true;
}

static const struct ga_mutation tsp_ga_mutation_invert = {
    "invert", "reverse the cities between two positions (a 2-opt move)", 0, tsp_ga_invert, NULL, NULL,
};
static const struct ga_mutation *const tsp_ga_mutations[] = {&tsp_ga_mutation_invert, NULL};

/* 2-opt local search (first improvement): scans the pairs of tour edges
 * (g[i], g[i+1]) and (g[j], g[j+1]) from a random i, and reverses the
 * slice between them as soon as that shortens the tour, until a whole
 * scan finds no such pair (a 2-opt local optimum) or the budget is spent.
 * A move is weighed by its 4 changed edges: n/4 moves cost one
 * evaluation, plus the one that measures the final tour. */
static unsigned long tsp_ga_2opt(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, double *fitness,
                                 unsigned long budget)
{
    const struct tsp_ga *s = gen->state;
    size_t n = gen->len;
    const int32_t *d = s->inst->dist;
    unsigned long long moves = 0, most = (unsigned long long)(budget - 1) * n / 4;
    size_t first = ga_rng_below(r, n), quiet = 0; /* pairs since the last improvement */
    for (size_t k = 0; quiet < n && moves < most; k++) {
        size_t i = (first + k) % n, i1 = (i + 1) % n;
        bool improved = false;
        for (size_t step = 2; step + 1 < n && moves < most; step++) {
            size_t j = (i + step) % n, j1 = (j + 1) % n;
            moves++;
            int64_t delta = (int64_t)d[(size_t)g[i] * n + g[j]] + d[(size_t)g[i1] * n + g[j1]] -
                            d[(size_t)g[i] * n + g[i1]] - d[(size_t)g[j] * n + g[j1]];
            if (delta >= 0)
                continue;
            for (size_t lo = i1, hi = j, m = step / 2; m > 0; m--, lo = (lo + 1) % n, hi = (hi + n - 1) % n) {
                ga_gene t = g[lo]; /* the slice i+1 .. j, around the end of the genome if need be */
                g[lo] = g[hi];
                g[hi] = t;
            }
            improved = true;
            break;
        }
        quiet = improved ? 0 : quiet + 1;
    }
    *fitness = tsp_ga_evaluate(gen, g);
    return 1 + (unsigned long)((4 * moves + n - 1) / n);
}

static const struct ga_local tsp_ga_local_2opt = {
    "2opt", "first-improvement 2-opt to a local optimum (n/4 moves an evaluation)", GA_KIND_PERM, tsp_ga_2opt,
};
static const struct ga_local *const tsp_ga_locals[] = {&tsp_ga_local_2opt, NULL};

/* The problem's own columns: the generation's best tour length, and its
 * gap to the optimum in percent (empty when no optimum is known). */
static const char *const tsp_ga_column_names[] = {"best_length", "gap_percent", NULL};

static void tsp_ga_measure(const struct ga_genome *gen, const struct ga_population *pop, double *values)
{
    const struct tsp_ga *s = gen->state;
    double excess = pop->fitness[pop->best];
    values[0] = excess + (double)s->optimum;
    values[1] = s->optimum > 0 ? 100.0 * excess / (double)s->optimum : NAN;
}

static const struct ga_problem_columns tsp_ga_columns = {tsp_ga_column_names, tsp_ga_measure};

static const struct ga_problem_variation tsp_ga_variation = {
    .example = "cities = 12; seed = 1;",
    .defaults = {"ox", 0.9, "invert", 0.2, GA_PER_INDIVIDUAL},
    .mutations = tsp_ga_mutations,
    .locals = tsp_ga_locals,
};
static const struct ga_problem_evaluation tsp_ga_evaluation = {.columns = &tsp_ga_columns};
const struct ga_problem ga_problem_tsp = {
    .name = "tsp",
    .summary = "symmetric travelling salesman, a TSPLIB file or random cities (fitness = tour length - optimum)",
    .kind = GA_KIND_PERM,
    .state_size = sizeof(struct tsp_ga),
    .configure = tsp_ga_configure,
    .shape = tsp_ga_shape,
    .init = tsp_ga_init,
    .evaluate = tsp_ga_evaluate,
    .valid = tsp_ga_valid,
    .print = tsp_ga_print,
    .release = tsp_ga_release,
    .variation = &tsp_ga_variation,
    .evaluation = &tsp_ga_evaluation,
};
