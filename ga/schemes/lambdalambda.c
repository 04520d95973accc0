/* ga/schemes/lambdalambda.c — scheme "lambdalambda": the self-adjusting (1+(lambda,lambda)) GA's operators and its one-fifth rule (Doerr, Doerr and Ebel, TCS 2015), and its generation in the run. */
#include "ga/schemes/lambdalambda.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_randist.h>

#include "gaexp/rng.h"
#include "ga/breed.h"
#include "ga/run_fault.h"
#include "ga/schemes/schemes.h"

struct ll {
    size_t n;
    double lambda0, factor, lambda;
    size_t flips;     /* this generation's l */
    size_t *position; /* the bits x' flipped, l of them */
};

struct ll *ll_alloc(size_t n, double lambda0, double factor)
{
    struct ll *s = calloc(1, sizeof *s);
    if (!s || !(s->position = malloc(n * sizeof *s->position))) {
        free(s);
        return NULL;
    }
    s->n = n;
    s->lambda0 = s->lambda = lambda0;
    s->factor = factor;
    return s;
}

void ll_free(struct ll *s)
{
    if (!s)
        return;
    free(s->position);
    free(s);
}

void ll_start(struct ll *s)
{
    s->lambda = s->lambda0;
}

double ll_lambda(const struct ll *s)
{
    return s->lambda;
}

/* The paper's population size is lambda rounded to the nearest integer
 * (Doerr and Doerr 2018 write it [lambda], the nearest integer; recalled,
 * not read again here), halves rounded up; lambda >= 1 keeps it >= 1. */
size_t ll_population(const struct ll *s)
{
    return (size_t)floor(s->lambda + 0.5);
}

size_t ll_draw_flips(struct ll *s, gsl_rng *r)
{
    s->flips = gsl_ran_binomial(r, s->lambda / (double)s->n, (unsigned)s->n);
    return s->flips;
}

size_t ll_flips(const struct ll *s)
{
    return s->flips;
}

void ll_mutant(struct ll *s, gsl_rng *r, const ga_gene *x, ga_gene *g, bool keep)
{
    size_t n = s->n, k = 0;
    for (size_t j = n - s->flips; j < n; j++) {
        size_t t = ga_rng_below(r, j + 1);
        if (g[t] != x[t]) /* drawn before: Floyd takes j, never drawn yet */
            t = j;
        g[t] ^= 1;
        if (keep)
            s->position[k++] = t;
    }
}

size_t ll_offspring(const struct ll *s, gsl_rng *r, const ga_gene *xprime, ga_gene *g)
{
    double c = 1 / s->lambda;
    size_t taken = 0;
    for (size_t k = 0; k < s->flips; k++)
        if (ga_rng_uniform(r) < c) {
            g[s->position[k]] = xprime[s->position[k]];
            taken++;
        }
    return taken;
}

void ll_update(struct ll *s, bool improved)
{
    double n = (double)s->n;
    if (improved)
        s->lambda = fmax(s->lambda / s->factor, 1);
    else
        s->lambda = fmin(s->lambda * pow(s->factor, 0.25), n);
}

void ll_pack(const struct ll *s, struct ga_pack *p)
{
    ga_pack_put(p, &s->lambda, sizeof s->lambda);
}

bool ll_unpack(struct ll *s, struct ga_unpack *u)
{
    double lambda;
    if (!ga_unpack_get(u, &lambda, sizeof lambda) || !(lambda >= 1 && lambda <= (double)s->n))
        return false;
    s->lambda = lambda;
    return true;
}

/* ---- the scheme: its settings, rules and generation in the run -------------- */

/* Its settings: the initial lambda in [1, n] and the one-fifth rule's factor F > 1. */
enum { LL_LAMBDA, LL_FACTOR };
#define LL_MAX_FACTOR 100
/* Its streams: mutant j draws from block j, offspring j from
 * LL_OFFSPRING_STREAM + j (j < n), l from LL_FLIPS_STREAM. */
#define LL_OFFSPRING_STREAM ((uint64_t)1 << 40)
#define LL_FLIPS_STREAM UINT32_MAX

/* Its state in the run: lambda and l, the genome of x' (the best mutant),
 * and the fitness of each child in trail order, mutants then offspring
 * (evaluated or inherited), trail_per of them. */
struct ll_run {
    struct ll *ll;
    ga_gene *best;
    double *fitness;
};

/* The initial lambda >= 1 (at most n: ll_check_genome, which knows n) and
 * the one-fifth rule's factor F in (1, 100]; lambda 0: the run sets n. */
static bool ll_read(struct ga_cfg *cfg, config_setting_t *v, struct ga_params *p)
{
    double lambda = 1, factor = 1.5;
    bool ok = true;
    /* F = 1 (no adaptation) passes here and is refused by ll_check at its line */
    if (v) {
        ok = ga_cfg_double(cfg, v, "lambda", 1, 1, (double)GA_GENOME_MAX_LEN, &lambda);
        ok &= ga_cfg_double(cfg, v, "F", 1.5, 1, LL_MAX_FACTOR, &factor);
    }
    p->lambda = 0;
    p->scheme_settings[LL_LAMBDA] = lambda;
    p->scheme_settings[LL_FACTOR] = factor;
    return ok;
}

/* One individual, x; lambda0 >= 1 and F > 1 (lambda0 <= n: ll_check_genome). */
static bool ll_check(const struct ga_params *p, struct params_fault *f)
{
    double lambda = p->scheme_settings[LL_LAMBDA], factor = p->scheme_settings[LL_FACTOR];
    if (p->population != 1)
        return params_broken(f, "ga.population", "scheme \"lambdalambda\" keeps one individual, its parent x: "
                                                 "it needs a population of 1, got %zu", p->population);
    if (!(lambda >= 1))
        return params_broken(f, "ga.scheme.lambdalambda.lambda", "expected an initial lambda of at least 1, got %g",
                             lambda);
    if (!(factor > 1 && factor <= LL_MAX_FACTOR))
        return params_broken(f, "ga.scheme.lambdalambda.F", "expected a factor in (1, 100], got %g", factor);
    if (p->local)
        return params_broken(f, "ga.local.name", "scheme \"lambdalambda\" makes its own offspring: no local search");
    return true;
}

static bool ll_check_genome(const struct ga_params *p, const struct ga_genome *gen, struct params_fault *f)
{
    if (gen->alphabet != 2)
        return params_broken(f, "ga.scheme.name", "scheme \"lambdalambda\" needs a bits problem, not a %s genome",
                             ga_genome_kind_name(gen->kind));
    if (p->scheme_settings[LL_LAMBDA] > (double)gen->len)
        return params_broken(f, "ga.scheme.lambdalambda.lambda", "expected an initial lambda in [1, n = %zu], got %g",
                             gen->len, p->scheme_settings[LL_LAMBDA]);
    return true;
}

/* lambda is n, the most of either phase. */
static void ll_resolve(struct ga_params *p, const struct ga_genome *gen)
{
    p->lambda = gen->len;
}

/* lambda mutants and lambda offspring, lambda <= n. */
static size_t ll_children(const struct ga_params *p)
{
    return 2 * p->lambda;
}

const struct ll *ll_of_run(const struct ga_run *run)
{
    const struct ll_run *s = run->scheme_state;
    return s->ll;
}

/* One genome slot, zeroed padding included, on whole cache lines. */
static size_t ll_slot_bytes(const struct ga_run *run)
{
    return (run->stride * sizeof(ga_gene) + GA_GENOME_LINE - 1) / GA_GENOME_LINE * GA_GENOME_LINE;
}

static bool ll_scheme_alloc(struct ga_run *run)
{
    struct ll_run *s = calloc(1, sizeof *s);
    size_t bytes = ll_slot_bytes(run);
    if (!(run->scheme_state = s) ||
        !(s->ll = ll_alloc(run->gen.len, run->params.scheme_settings[LL_LAMBDA], run->params.scheme_settings[LL_FACTOR])) ||
        !(s->best = aligned_alloc(GA_GENOME_LINE, bytes)) || !(s->fitness = malloc(run->trail_per * sizeof *s->fitness)))
        return false;
    memset(s->best, 0, bytes);
    return true;
}

static void ll_scheme_release(struct ga_run *run)
{
    struct ll_run *s = run->scheme_state;
    if (!s)
        return;
    ll_free(s->ll);
    free(s->best);
    free(s->fitness);
    free(s);
}

static void ll_scheme_pack(const struct ga_run *run, struct ga_pack *p)
{
    const struct ll_run *s = run->scheme_state;
    ll_pack(s->ll, p);
}

static bool ll_scheme_unpack(struct ga_run *run, struct ga_unpack *u)
{
    struct ll_run *s = run->scheme_state;
    return ll_unpack(s->ll, u);
}

static void ll_scheme_start(struct ga_run *run)
{
    struct ll_run *s = run->scheme_state;
    ll_start(s->ll);
}

/* lambda mutants and lambda offspring, as the one-fifth rule left lambda. */
static unsigned long long ll_next_children(const struct ga_run *run)
{
    const struct ll_run *s = run->scheme_state;
    return 2 * ll_population(s->ll);
}

/* Child j of a phase (0: mutants, 1: offspring) made into g from its own
 * stream; for an offspring, how many bits it took from x' (a mutant: l).
 * With 'keep', a mutant's flips become x'. */
static size_t ll_child(struct ga_run *run, unsigned phase, size_t j, ga_gene *g, bool keep)
{
    struct ll_run *s = run->scheme_state;
    gsl_rng *r = run_stream(run, run->generation + 1, phase ? LL_OFFSPRING_STREAM + j : j);
    breed_copy_slot(run, g, run->genes);
    if (phase)
        return ll_offspring(s->ll, r, s->best, g);
    ll_mutant(s->ll, r, run->genes, g, keep);
    return ll_flips(s->ll);
}

/* One phase: its 'count' children made and settled in parallel, each from
 * its own stream, into the state's fitness and the trail from 'at'.  A
 * child that is x or x' (an offspring that took none or all of x''s l
 * bits; every mutant when l = 0) is not evaluated: it inherits the known
 * fitness, unless evaluate_all.  Returns the index of the first best child
 * and adds the evaluations to *spent. */
static size_t ll_phase(struct ga_run *run, unsigned phase, size_t at, size_t count, double best_fitness,
                       unsigned long long *spent)
{
    const struct ga_params *p = &run->params;
    struct ll_run *s = run->scheme_state;
    size_t flips = ll_flips(s->ll);
    double *fitness = s->fitness + at;
    unsigned long long evaluations = 0;
#pragma omp parallel for num_threads(p->threads) schedule(dynamic, 4) if (p->threads > 1) reduction(+ : evaluations)
    for (size_t j = 0; j < count; j++) {
        ga_gene *g = run->spare + run_thread() * run->stride;
        size_t taken = ll_child(run, phase, j, g, false);
        bool copy = taken == 0 || (phase && taken == flips); /* x, or x' (with l = 0 both) */
        if (copy && !p->evaluate_all) {
            fitness[j] = taken == 0 ? run->fitness[0] : best_fitness;
            run->trail[at + j] = NAN;
            continue;
        }
        fitness[j] = run->evaluate(&run->gen, g);
        run->trail[at + j] = fitness[j];
        evaluations++;
        if (run_fault_fitness_bad(run, fitness[j]))
            run_fault_note(run, run_fault_key(at + j, RUN_FAULT_EVALUATED), GA_FAULT_FITNESS, RUN_HOOK_EVALUATE,
                           at + j, g, fitness[j], NAN);
    }
    *spent += evaluations;
    size_t best = 0; /* ties: the first */
    for (size_t j = 1; j < count; j++)
        best = fitness[j] < fitness[best] ? j : best;
    return best;
}

/* A generation on the one individual x: l drawn, the mutation phase gives
 * x' (made again from its stream, its flips kept), the crossover phase y;
 * x <- y when f(y) <= f(x) (ties to y, which lets x drift on a plateau),
 * and the one-fifth rule moves lambda on f(y) < f(x). */
static unsigned long long ll_generation(struct ga_run *run, size_t first, size_t last)
{
    (void)first, (void)last; /* one island */
    struct ll_run *s = run->scheme_state;
    size_t count = ll_population(s->ll);
    unsigned long long spent = 0;
    double fx = run->fitness[0];
    ll_draw_flips(s->ll, run_stream(run, run->generation + 1, LL_FLIPS_STREAM));
    size_t m = ll_phase(run, 0, 0, count, fx, &spent);
    double fxprime = s->fitness[m];
    ll_child(run, 0, m, s->best, true);
    size_t c = ll_phase(run, 1, count, count, fxprime, &spent);
    double fy = s->fitness[count + c];
    for (size_t j = 2 * count; j < run->trail_per; j++)
        run->trail[j] = NAN; /* below the largest lambda */
    if (fy <= fx)
        ll_child(run, 1, c, run->next_genes, false);
    else
        breed_copy_slot(run, run->next_genes, run->genes);
    run->next_fitness[0] = fy <= fx ? fy : fx;
    ll_update(s->ll, fy < fx);
    return spent;
}

const struct ga_scheme ga_scheme_lambdalambda = {
    .name = "lambdalambda",
    .summary = "the self-adjusting (1+(lambda,lambda)) GA on bits: lambda mutants, lambda crossovers, one-fifth rule; population 1",
    .flags = SCHEME_ALONE | SCHEME_NO_RECORDS,
    .kinds = GA_KIND_BITS,
    .kinds_word = "bits",
    .no_local = "the (1+(lambda,lambda)) GA makes its own offspring",
    .alone = "the (1+(lambda,lambda)) GA",
    .settings = {"lambda", "F"},
    .read = ll_read,
    .check = ll_check,
    .check_genome = ll_check_genome,
    .resolve = ll_resolve,
    .children = ll_children,
    .alloc = ll_scheme_alloc,
    .release = ll_scheme_release,
    .pack = ll_scheme_pack,
    .unpack = ll_scheme_unpack,
    .start = ll_scheme_start,
    .next_children = ll_next_children,
    .generation = ll_generation,
};
