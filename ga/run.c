/* ga/run.c — the generational loop: elitism, selection, variation, evaluation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdint.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "gaexp/pack.h"
#include "gaexp/experiment.h"
#include "gaexp/rng.h"
#include "ga/cmaes.h"
#include "ga/lambdalambda.h"
#include "ga/run_private.h"

/* Work is cut into blocks, each drawing from its own stream seeded by
 * (seed, generation, block).  The sizes are fixed, never derived from the
 * thread count, so any number of threads gives the same run.  Threads take
 * blocks as they finish (dynamic schedule): on a machine shared with other
 * programs a slowed thread then holds back no one. */
#define RUN_INIT_BLOCK 64  /* individuals per block in generation 0 */
#define RUN_BREED_BLOCK 32 /* pairs per block in later generations */
#define RUN_CACHED (512u << 10) /* population bytes that the caches hold: no prefetching below */

#define RUN_NO_FAULT UINT64_MAX
enum { RUN_HOOK_EVALUATE, RUN_HOOK_INIT, RUN_HOOK_CROSSOVER, RUN_HOOK_MUTATION, RUN_HOOK_LOCAL, RUN_HOOKS };
/* A fault crosses the processes of a link as one word: its key, then its
 * kind (2 bits) and its hook (3 bits). */
enum { RUN_FAULT_HOOK_BITS = 3, RUN_FAULT_KIND_BITS = 2 };
_Static_assert(RUN_HOOKS <= 1 << RUN_FAULT_HOOK_BITS, "a hook fits its bits");
_Static_assert(GA_FAULT_REPEAT < 1 << RUN_FAULT_KIND_BITS, "a fault kind fits its bits");
static const char *const run_hooks[] = {"evaluate", "init", "crossover", "mutation", "local"};

static unsigned run_thread(void)
{
#ifdef _OPENMP
    return (unsigned)omp_get_thread_num();
#else
    return 0;
#endif
}

static gsl_rng *run_stream(struct ga_run *run, uint64_t generation, uint64_t block)
{
    gsl_rng *r = run->rngs[run_thread()];
    gsl_rng_set(r, (unsigned long)ga_rng_stream_seed(run->seed, generation, block));
    return r;
}

/* ---- faults: hooks that break their contract ------------------------------ */

static void run_link_share(struct ga_run *run, unsigned long long mine);

/* The order in which faults come first, the same at any thread count:
 * by the individual's place in the generation (each individual made,
 * then mutated, then evaluated, then improved by the local search), then
 * by that phase. */
enum { RUN_FAULT_MADE, RUN_FAULT_MUTATED, RUN_FAULT_EVALUATED, RUN_FAULT_IMPROVED };
/* Places past every individual: the second evaluations of params.check, after all else. */
#define RUN_FAULT_REPEATS ((uint64_t)1 << 55)

static inline uint64_t run_fault_key(uint64_t place, unsigned phase)
{
    return place << 2 | phase;
}

/* A fitness that breaks the convention: NaN, an infinity, below 0. */
static inline bool run_fitness_bad(const struct ga_run *run, double f)
{
    if (run->mo) /* a penalty or the epsilon level may put an infeasible one below 0: finite is sound */
        return !isfinite(f);
    return !(f >= GA_FITNESS_SOLVED) || f == INFINITY;
}

/* A genome the problem accepts: every gene in the alphabet, and 'valid'. */
static bool run_genome_ok(const struct ga_run *run, const ga_gene *g)
{
    for (size_t i = 0; i < run->gen.len; i++)
        if (g[i] >= run->gen.alphabet)
            return false;
    return run->problem->valid(&run->gen, g);
}

static void run_fault_clear(struct ga_run *run)
{
    for (unsigned t = 0; t < run->fault_threads; t++)
        run->notes[t].key = RUN_NO_FAULT;
}

/* Notes a fault seen by this thread, kept when it comes first by key. */
static void run_fault_note(struct ga_run *run, uint64_t key, enum ga_fault_kind kind, unsigned hook,
                           size_t individual, const ga_gene *g, double value, double again)
{
    unsigned t = run_thread();
    struct run_fault_note *n = &run->notes[t];
    if (key >= n->key)
        return;
    *n = (struct run_fault_note){key, kind, hook, individual, value, again};
    memcpy(run->fault_genes + t * run->stride, g, run->gen.len * sizeof *g);
}

/* Notes every bad fitness among fitness[from, to): individual i at place
 * place + i - from in the generation, its genes at genes + (i - from)
 * stride.  One pass without branches first: faults are rare. */
static void run_fault_scan(struct ga_run *run, uint64_t place, const double *fitness, size_t from, size_t to,
                           const ga_gene *genes)
{
    bool bad = false;
    for (size_t i = from; i < to; i++)
        bad |= run_fitness_bad(run, fitness[i]);
    for (size_t i = from; bad && i < to; i++)
        if (run_fitness_bad(run, fitness[i]))
            run_fault_note(run, run_fault_key(place + (i - from), RUN_FAULT_EVALUATED), GA_FAULT_FITNESS, RUN_HOOK_EVALUATE, i,
                           genes + (i - from) * run->stride, fitness[i], NAN);
}

/* Checks a genome a hook made (params.check). */
static void run_fault_check(struct ga_run *run, uint64_t key, unsigned hook, size_t individual, const ga_gene *g)
{
    if (!run_genome_ok(run, g))
        run_fault_note(run, key, GA_FAULT_INVALID, hook, individual, g, NAN, NAN);
}

/* The name a fault's hook belongs to: the operator's, else the problem's. */
static const char *run_fault_name(const struct ga_run *run, unsigned hook)
{
    return hook == RUN_HOOK_CROSSOVER ? run->params.crossover->name
           : hook == RUN_HOOK_MUTATION ? run->params.mutation->name
           : hook == RUN_HOOK_LOCAL    ? run->params.local->name
                                       : run->problem->name;
}

/* Gives every process of the link the individual and the values that
 * process 'finder' noted in its *n (the others' are replaced). */
static void run_fault_share(struct ga_run *run, unsigned finder, struct run_fault_note *n)
{
    double *values[] = {&n->value, &n->again};
    run_link_share(run, n->individual);
    n->individual = (size_t)run->link_counts[finder];
    for (size_t v = 0; v < 2; v++) {
        unsigned long long bits;
        memcpy(&bits, values[v], sizeof bits);
        run_link_share(run, bits);
        memcpy(values[v], &run->link_counts[finder], sizeof bits);
    }
}

/* After a generation's threads have joined: the first fault any of them
 * noted (every process of a link agrees on it) becomes the run's; true
 * when there was one. */
static bool run_fault_settle(struct ga_run *run)
{
    unsigned first = 0;
    for (unsigned t = 1; t < run->fault_threads; t++)
        first = run->notes[t].key < run->notes[first].key ? t : first;
    struct run_fault_note n = run->notes[first];
    unsigned rank = 0;
    const struct ga_link *link = run->params.link;
    if (link) { /* key, kind and hook in one word; the lowest wins everywhere */
        enum { KIND = RUN_FAULT_HOOK_BITS, KEY = RUN_FAULT_HOOK_BITS + RUN_FAULT_KIND_BITS };
        uint64_t mine = n.key == RUN_NO_FAULT ? RUN_NO_FAULT : n.key << KEY | (uint64_t)n.kind << KIND | n.hook;
        run_link_share(run, mine);
        uint64_t low = RUN_NO_FAULT;
        for (unsigned p = 0; p < link->ranks; p++)
            if (run->link_counts[p] < low)
                low = run->link_counts[p], rank = p;
        if (low != RUN_NO_FAULT && low != mine) /* another process's: its genome stays there */
            n = (struct run_fault_note){low >> KEY, (enum ga_fault_kind)(low >> KIND & ((1u << RUN_FAULT_KIND_BITS) - 1)),
                                        low & ((1u << RUN_FAULT_HOOK_BITS) - 1), 0, NAN, NAN};
        if (low != RUN_NO_FAULT) /* every process here alike: the finder's individual and values */
            run_fault_share(run, rank, &n);
    }
    if (n.key == RUN_NO_FAULT)
        return false;
    ga_gene *genes = run->fault_genes + run->fault_threads * run->stride;
    if (rank == (link ? link->rank : 0u))
        memcpy(genes, run->fault_genes + first * run->stride, run->gen.len * sizeof *genes);
    else
        memset(genes, 0, run->gen.len * sizeof *genes);
    run->fault = (struct ga_fault){n.kind, run_hooks[n.hook], run_fault_name(run, n.hook), run->generation,
                                   n.individual, n.value, n.again, genes, rank};
    return true;
}

/* params.check: every individual evaluated again, in reverse order of
 * blocks of an odd size, on at least two threads: evaluations that share
 * state (a data race, a static buffer, a counter) give other bits. */
static void run_check_repeat(struct ga_run *run)
{
    enum { RUN_REPEAT_BLOCK = 7 };
    long n = (long)run->total, blocks = (n + RUN_REPEAT_BLOCK - 1) / RUN_REPEAT_BLOCK;
#pragma omp parallel for num_threads(run->fault_threads) schedule(dynamic, 1)
    for (long b = blocks - 1; b >= 0; b--)
        for (long i = (b + 1) * RUN_REPEAT_BLOCK < n ? (b + 1) * RUN_REPEAT_BLOCK - 1 : n - 1;
             i >= b * RUN_REPEAT_BLOCK; i--) {
            const ga_gene *g = run->genes + (size_t)i * run->stride;
            double first = run->fitness[i], again;
            bool differs;
            if (run->mo) { /* the record again (the fitness may be a key), then as it was */
                double *record = run_mo_record(run->mo, g), kept[GA_OBJECTIVES_MAX + 1];
                size_t bytes = (run->mo->m + 1) * sizeof *record;
                memcpy(kept, record, bytes);
                first = kept[0];
                (void)run->evaluate(&run->gen, g); /* refills the record */
                again = record[0];
                differs = memcmp(kept, record, bytes) != 0;
                memcpy(record, kept, bytes);
            } else {
                again = run->evaluate(&run->gen, g);
                differs = memcmp(&again, &first, sizeof again) != 0;
            }
            if (differs)
                run_fault_note(run, run_fault_key(RUN_FAULT_REPEATS + (uint64_t)i, RUN_FAULT_EVALUATED), GA_FAULT_REPEAT, RUN_HOOK_EVALUATE,
                               (size_t)i, g, first, again);
        }
}

/* After a generation's statistics: with params.check, the second
 * evaluation of every individual.  GA_STOP_FAULT when it found one. */
static enum ga_stop run_check_settle(struct ga_run *run)
{
    if (!run->params.check)
        return GA_CONTINUE;
    run_check_repeat(run);
    return run_fault_settle(run) ? GA_STOP_FAULT : GA_CONTINUE;
}

const struct ga_fault *ga_run_fault(const struct ga_run *run)
{
    return run->fault.hook ? &run->fault : NULL;
}

/* The population's fitness statistics.  They show at no cost whether a
 * fitness breaks the convention (a NaN makes the sum NaN, an infinity or
 * a negative value the worst or the best): only then is the population
 * searched, and the first such individual noted. */
static void run_fitness_stats(struct ga_run *run)
{
    const struct ga_stats *s = &run->stats;
    ga_stats_fitness(run->fitness, run->total, run->params.threads, &run->stats);
    if (run->mo)
        run_mo_best(run);
    if (!(s->best >= GA_FITNESS_SOLVED) || s->worst == INFINITY || isnan(s->mean))
        run_fault_scan(run, 0, run->fitness, 0, run->total, run->genes);
}

/* The evaluation, counted on from 'before', of the first evaluated entry
 * of trail[0 .. n) (NaN: not evaluated) at or below 'level'; 0: none.  An
 * entry costs cost[i] evaluations (its local search's last: the search's
 * own steps are the problem's), or 1 without costs. */
static unsigned long long run_trail_first(const double *trail, const unsigned long *cost, size_t n,
                                          unsigned long long before, double level)
{
    unsigned long long count = before;
    for (size_t i = 0; i < n; i++)
        if (!isnan(trail[i]) && (count += cost ? cost[i] : 1, trail[i] <= level))
            return count;
    return 0;
}

/* Gathers the other processes' islands of the trail (every process
 * calls it in the same generations: their statistics are the same). */
static void run_link_gather(struct ga_run *run, void *block, size_t per);

/* The exact hitting times of a generation that reached a better best or
 * the target: read from its trail (generation 0: the population, all of
 * it evaluated in order), 'before' evaluations spent before it.  The
 * population's best was evaluated in this generation: a copy's fitness
 * is a parent's, never better than the best so far. */
static void run_hitting_times(struct ga_run *run, unsigned long long before, bool improved, bool hit)
{
    const double *trail = run->generation > 0 ? NULL : run->mo ? run_mo_trail_all(run) : run->fitness;
    size_t n = run->total;
    if (run->generation > 0) {
        if (run->params.link) {
            run_link_gather(run, run->trail, run->trail_per * sizeof *run->trail);
            if (run->trail_cost)
                run_link_gather(run, run->trail_cost, run->trail_per * sizeof *run->trail_cost);
        }
        trail = run->trail;
        n = run->params.islands * run->trail_per;
    }
    if (improved)
        run->evaluations_found = run_trail_first(trail, run->trail_cost, n, before, run->stats.best);
    if (hit)
        run->evaluations_target = run_trail_first(trail, run->trail_cost, n, before, run->params.stop_fitness);
}

/* The rest of the generation's statistics, once its fitness is sound. */
static void run_update_stats(struct ga_run *run, unsigned long long evaluations)
{
    unsigned long long before = run->stats.evaluations;
    size_t n = run->total;
    unsigned threads = run->params.threads;
    run->stats.generation = run->generation;
    run->stats.evaluations += evaluations;
    if (!run->params.diversity)
        run->stats.diversity = -1.0;
    else if (run->gen.kind == GA_KIND_PACKED)
        run->stats.diversity = ga_stats_diversity_packed(run->genes, n, run->gen.bits, run->stride, threads,
                                                         run->allele_counts);
    else if (run->gen.kind == GA_KIND_REAL)
        run->stats.diversity = ga_stats_diversity_real(run->genes, n, run->stride, &run->gen);
    else
        run->stats.diversity = ga_stats_diversity(run->genes, n, run->gen.len, run->stride, run->gen.alphabet,
                                                  threads, run->allele_counts);
    if (run->mo)
        run_mo_measure(run);
    if (run->problem->columns) {
        struct ga_population pop = {run->genes, run->stride, n, run->stats.best_index, run->fitness};
        run->problem->columns->measure(&run->gen, &pop, run->stats.problem);
    }
    bool improved = run->generation == 0 || run->stats.best < run->best_ever;
    bool hit = !run->evaluations_target && run->stats.best <= run->params.stop_fitness;
    if (improved || hit)
        run_hitting_times(run, before, improved, hit);
    if (improved) {
        run->best_ever = run->stats.best;
        run->generation_found = run->generation;
    }
    run->stats.found = run->evaluations_found;
}

/* The local search on an evaluated individual g (fitness *fitness, its
 * place in the generation 'place', individual 'individual' for a fault),
 * with probability local_rate: the evaluations it spent, 0 when it did not
 * run.  Baldwinian: it improves a copy, and only the fitness is kept. */
static unsigned long run_local(struct ga_run *run, gsl_rng *r, ga_gene *g, double *fitness, uint64_t place,
                               size_t individual)
{
    const struct ga_params *p = &run->params;
    if (p->local_rate < 1 && !(ga_rng_uniform(r) < p->local_rate))
        return 0;
    ga_gene *work = g;
    if (p->local_baldwinian) {
        work = run->local_spare + run_thread() * run->stride;
        memcpy(work, g, run->gen.len * sizeof *g);
    }
    unsigned long spent = p->local->improve(&run->gen, r, work, fitness, p->local_budget);
    if (p->check)
        run_fault_check(run, run_fault_key(place, RUN_FAULT_IMPROVED), RUN_HOOK_LOCAL, individual, work);
    return spent;
}

/* Whether the run evaluates blocks with the problem's evaluate_batch: not
 * with a local search, whose draws follow each evaluation in the stream. */
static bool run_batch(const struct ga_run *run)
{
    return run->problem->evaluate_batch && !run->params.local && !run->mo; /* records: one genome a call */
}

/* The stream of island k's survival (NSGA-III's niching): past every
 * breeding block of the generation. */
#define RUN_SURVIVAL_STREAM ((uint64_t)1 << 48)

/* With NSGA-II and NSGA-III, each island's fitness is its keys
 * (run_mo_key), set anew when the population was made otherwise than by
 * survival. */
static void run_key(struct ga_run *run)
{
    size_t n = run->params.population;
    if (!run->mo || !run->mo->keyed)
        return;
    for (size_t base = 0; base < run->total; base += n)
        run_mo_key(run, run->genes + base * run->stride, n, run->fitness + base);
}

enum ga_stop ga_run_init(struct ga_run *run, uint64_t seed)
{
    const struct ga_problem *p = run->problem;
    size_t n = run->total;
    long blocks = (long)((n + RUN_INIT_BLOCK - 1) / RUN_INIT_BLOCK);
    bool check = run->params.check;
    run->seed = seed;
    run->generation = 0;
    run->evaluations_found = run->evaluations_target = 0;
    run->fault = (struct ga_fault){0};
    run_fault_clear(run);
    memset(&run->stats, 0, sizeof run->stats);
    clock_gettime(CLOCK_MONOTONIC, &run->started);

    /* With one thread, no parallel region at all: the first one a process
     * enters sets up OpenMP's team (40 us of a 7 ms run). */
    unsigned long long evaluations = n;
    bool batch = run_batch(run);
#pragma omp parallel for num_threads(run->params.threads) schedule(dynamic) if (run->params.threads > 1) \
    reduction(+ : evaluations)
    for (long b = 0; b < blocks; b++) {
        gsl_rng *r = run_stream(run, 0, (uint64_t)b);
        size_t start = (size_t)b * RUN_INIT_BLOCK, end = start + RUN_INIT_BLOCK < n ? start + RUN_INIT_BLOCK : n;
        for (size_t i = start; i < end; i++) {
            ga_gene *g = run->genes + i * run->stride;
            p->init(&run->gen, r, g);
            if (check)
                run_fault_check(run, run_fault_key(i, RUN_FAULT_MADE), RUN_HOOK_INIT, i, g);
            if (batch) /* the block at once, below */
                continue;
            run->fitness[i] = run->evaluate(&run->gen, g);
            if (run->params.local) {
                unsigned long spent = run_local(run, r, g, &run->fitness[i], i, i);
                run->trail_cost[i] = 1 + spent;
                evaluations += spent;
            }
        }
        if (batch)
            p->evaluate_batch(&run->gen, run->genes + start * run->stride, run->stride, end - start,
                              run->fitness + start);
    }
    run_mo_level_start(run);
    run_key(run);
    run_fitness_stats(run);
    if (run_fault_settle(run))
        return GA_STOP_FAULT;
    if (run->cmaes) /* the first mean: the problem's initial point */
        cmaes_start(run->cmaes, &run->gen, run->genes);
    if (run->ll)
        ll_start(run->ll);
    run_update_stats(run, evaluations);
    return run_check_settle(run);
}

/* Genes skipped before the next per-gene hit: geometric with success
 * probability p, floor(log(u) / log(1 - p)), capped at len (which ends the
 * walk). */
static inline size_t run_gene_gap(struct run_walk w, gsl_rng *r, size_t len)
{
    if (w.log_keep == -INFINITY)
        return 0;
    double u; /* gsl_rng_uniform_pos, drawn inline (ga_rng_uniform) */
    do
        u = ga_rng_uniform(r);
    while (u == 0);
    if (u < w.u_ends)
        return len;
    double x = log(u);
    if (x < w.ends)
        return len;
    double gap = x / w.log_keep; /* > 0: its floor is its truncation */
    return gap < (double)len ? (size_t)gap : len;
}

/* The fast mutation's alpha for one child: the first whose cumulative
 * probability exceeds a uniform draw (binary search). */
static size_t run_fast_alpha(const struct ga_run *run, gsl_rng *r)
{
    double u = gsl_rng_uniform(r);
    size_t lo = 1, hi = run->fast_max;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (run->fast_cdf[mid] > u)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* A probability as breeding tests it: p itself for any generator, and for
 * xoshiro256** the bound ceil(p 2^53).  Its draw u (the top 53 bits)
 * becomes the double u 2^-53 exactly, so u 2^-53 < p just when u < the
 * bound: the same decision as the double's, as one integer compare. */
struct run_rate {
    double p;
    uint64_t below;
};

static struct run_rate run_rate(double p)
{
    return (struct run_rate){p, (uint64_t)ceil(p * 0x1.0p53)};
}

/* What breeding reads for every child, copied out of the run into a local:
 * stores of fitness through a double pointer may alias the run's fields,
 * and the loop would load each of them again for every child. */
struct run_breeder {
    const struct ga_genome *gen;
    const struct ga_mutation *mutation;
    double (*evaluate)(const struct ga_genome *gen, const ga_gene *g);
    struct run_rate crossover, mutate;
    size_t len; /* the mutation's sites (ga_genome_sites) */
    bool per_individual, evaluate_all;
    bool batch; /* run_batch: children are evaluated with their block (run_settle_batch) */
    bool fast, resample; /* GA_PER_FAST; ga_params.mutation_resample */
    bool xoshiro; /* the stream is xoshiro256**: its draws inline */
};

static inline struct run_breeder run_breeder(const struct ga_run *run, gsl_rng *r)
{
    const struct ga_params *p = &run->params;
    return (struct run_breeder){&run->gen,
                                p->mutation,
                                run->evaluate,
                                run_rate(p->crossover_rate),
                                run_rate(p->mutation_rate),
                                ga_genome_sites(&run->gen),
                                p->mutation_unit == GA_PER_INDIVIDUAL,
                                p->evaluate_all,
                                run_batch(run),
                                p->mutation_unit == GA_PER_FAST,
                                p->mutation_resample,
                                r->type == ga_rng_xoshiro256ss};
}

/* Whether a draw of ga_rng_uniform falls below the rate. */
static inline __attribute__((always_inline)) bool run_chance(const struct run_breeder *br, gsl_rng *r,
                                                             struct run_rate rate)
{
    if (br->xoshiro)
        return ga_rng_xoshiro_next(r->state) >> 11 < rate.below;
    return gsl_rng_uniform(r) < rate.p;
}

/* Inline: called for every child, and GCC keeps it out of line on its own. */
static inline __attribute__((always_inline)) bool run_mutate(const struct ga_run *run,
                                                             const struct run_breeder *br, gsl_rng *r,
                                                             ga_gene *g)
{
    const struct ga_mutation *m = br->mutation;
    double rate = br->mutate.p;
    size_t len = br->len;
    if (br->per_individual) {
        if (rate <= 0 || !run_chance(br, r, br->mutate))
            return false;
        return m->once ? m->once(br->gen, r, g) : m->at(br->gen, r, g, ga_rng_below(r, len));
    }
    struct run_walk walk = run->walk;
    if (br->fast) /* a rate alpha/len of its own for each child */
        walk = run_walk(run->fast_log_keep[run_fast_alpha(run, r)], len, false);
    else if (rate <= 0)
        return false;
    /* Per gene: jump from hit to hit with geometric gaps instead of one
     * draw per gene (the same distribution, far fewer draws); with
     * resampling a walk that hit nothing is drawn again. */
    bool changed = false, hit = false;
    do {
        for (size_t pos = run_gene_gap(walk, r, len); pos < len; pos += 1 + run_gene_gap(walk, r, len)) {
            changed |= m->at(br->gen, r, g, pos);
            hit = true;
        }
    } while (br->resample && !hit);
    return changed;
}

/* Copies a parent's slot to a child's.  The padding of every population
 * block is zero, so whole cache lines can go: a constant-size copy is a few
 * moves inline, where a copy of len genes calls libc for every child. */
static inline void run_copy_slot(const struct ga_run *run, ga_gene *to, const ga_gene *from)
{
    enum { RUN_LINE_GENES = GA_GENOME_LINE / sizeof(ga_gene) };
    if (run->stride < RUN_LINE_GENES) {
        memcpy(to, from, run->copy * sizeof *to);
        return;
    }
    for (size_t k = 0; k < run->stride; k += RUN_LINE_GENES) /* strides of a line or more are whole lines */
        memcpy(to + k, from + k, GA_GENOME_LINE);
}

/* Fills one child slot's fitness: evaluated when it changed (or always,
 * as the benchmark GA demands), inherited otherwise.  Returns evaluations.
 * With a batch evaluator the evaluation waits for the block's end: the
 * slot holds 0 until then, and its trail entry (not NaN) marks it. */
static inline unsigned run_settle(const struct run_breeder *br, const ga_gene *child, bool changed,
                                  double inherited, double *fitness)
{
    if (changed || br->evaluate_all) {
        *fitness = br->batch ? 0 : br->evaluate(br->gen, child);
        return 1;
    }
    *fitness = inherited;
    return 0;
}

/* A child settled (evaluated or not): the local search on an evaluated
 * one, and its entry k in the trail.  Returns the evaluations it cost. */
static inline unsigned long run_trail_add(struct ga_run *run, gsl_rng *r, size_t k, unsigned evaluated, ga_gene *g,
                                          double *fitness, uint64_t place, size_t individual)
{
    unsigned long cost = evaluated;
    if (evaluated && run->params.local) {
        cost += run_local(run, r, g, fitness, place, individual);
        run->trail_cost[k] = cost;
    }
    run->trail[k] = !evaluated ? NAN : run->mo ? run_mo_trail(run->mo, g, *fitness) : *fitness;
    return cost;
}

/* The children of slots [from, to) that run_settle left to the batch
 * evaluator (their trail entries at at + slot not NaN), evaluated in runs
 * of neighbouring slots, their trail entries then their fitness. */
static void run_settle_batch(struct ga_run *run, ga_gene *genes, double *fitness, size_t from, size_t to,
                             size_t at)
{
    double *trail = run->trail;
    for (size_t s = from; s < to;) {
        size_t e = s;
        while (e < to && !isnan(trail[at + e]))
            e++;
        if (e > s) {
            run->problem->evaluate_batch(&run->gen, genes + s * run->stride, run->stride, e - s, fitness + s);
            memcpy(trail + at + s, fitness + s, (e - s) * sizeof *fitness);
        }
        s = e + 1;
    }
}

/* Where children go: island k's slots [k per + offset, k per + per) of
 * genes and fitness (the next population after the elite, or the brood of
 * the other schemes), and in the trail from k trail_per + trail_offset. */
struct run_brood {
    ga_gene *genes;
    double *fitness;
    size_t per, offset;
    uint64_t key_offset; /* a child's place in the generation: its slot + key_offset (run_fault_key) */
    size_t trail_offset; /* a steady-state step's first place in its island's trail */
};

/* Asks for a parent's genes ahead of their use. */
static inline void run_prefetch(const ga_gene *genes, size_t len)
{
    __builtin_prefetch(genes);
    if (len * sizeof *genes > GA_GENOME_LINE)
        __builtin_prefetch(genes + len - 1); /* a longer genome's last line */
}

/* One child of a one-child crossover into 'child' (slot 'slot', place
 * 'place', trail entry 'at'): parents a and b crossed with the crossover
 * rate, else a copied; then mutated and settled.  Returns the evaluations. */
static inline __attribute__((always_inline)) unsigned long
run_breed_one(struct ga_run *run, const struct run_breeder *br, gsl_rng *r, const ga_gene *a, const ga_gene *b,
              double inherited, ga_gene *child, double *fitness, size_t slot, uint64_t place, size_t at, bool check)
{
    bool crossed = br->crossover.p > 0 && run_chance(br, r, br->crossover);
    if (crossed) {
        run->params.crossover->apply(br->gen, r, a, b, child, NULL);
        if (check)
            run_fault_check(run, run_fault_key(place, RUN_FAULT_MADE), RUN_HOOK_CROSSOVER, slot, child);
    } else {
        run_copy_slot(run, child, a);
    }
    bool mutated = run_mutate(run, br, r, child);
    if (check && mutated)
        run_fault_check(run, run_fault_key(place, RUN_FAULT_MUTATED), RUN_HOOK_MUTATION, slot, child);
    unsigned evaluated = run_settle(br, child, mutated || crossed, inherited, fitness);
    return run_trail_add(run, r, at, evaluated, child, fitness, place, slot);
}

/* Breeds pairs [first, end) of island 'island' into the brood, from the
 * stream of 'block' (unique within the generation): a pair of slots takes
 * two parents, or four with a one-child crossover (a pair for each child). */
static inline __attribute__((always_inline)) unsigned long long
run_breed_block_with(struct ga_run *run, size_t island, uint64_t block, size_t first, size_t end,
                     const struct run_brood *brood, bool check)
{
    const struct ga_params *pp = &run->params;
    size_t n = pp->population, len = run->gen.len, stride = run->stride;
    size_t base = island * n; /* the island's first individual */
    /* The brood's fields in locals: stores through the fitness pointer could
     * alias them, and the loop would reload them for every pair. */
    ga_gene *to_genes = brood->genes;
    double *to_fitness = brood->fitness;
    size_t to = island * brood->per + brood->offset, to_end = (island + 1) * brood->per;
    size_t at = island * run->trail_per + brood->trail_offset - to; /* child 'slot' at trail[at + slot] */
    gsl_rng *r = run_stream(run, run->generation + 1, block);
    ga_gene *spare = run->spare + run_thread() * stride;
    unsigned long long evaluations = 0;
    /* All the block's parents first: parents lie anywhere in a population
     * larger than the caches, and their genes are fetched RUN_AHEAD
     * parents ahead of the crossover that needs them.  Asking for all 64
     * at once, as gaexp did, filled the core's miss buffers and stalled
     * (100000 x 20: 160 ms, against 105 ms fetched eight ahead). */
    size_t parent[4 * RUN_BREED_BLOCK];
    const void *work = run->select_work ? run->select_work + island * run->select_stride : NULL;
    enum { RUN_AHEAD = 8 }; /* parents fetched ahead: about the misses a core keeps in flight */
    bool one_child = pp->crossover->one_child;
    size_t per = one_child ? 4 : 2, count = per * (end - first);
    if (n > 1) /* a selection chooses among two or more; the (1 + lambda) EA's one parent is every parent */
        pp->selection->draw(&pp->select, run->fitness + base, n, work, r, count, parent);
    else
        memset(parent, 0, count * sizeof *parent);
    for (size_t k = 0; k < count; k++)
        parent[k] += base;
    /* A population that the caches hold (RUN_CACHED) needs no fetching ahead. */
    bool fetch = run->total * stride * sizeof(ga_gene) > RUN_CACHED;
    for (size_t k = 0; fetch && k < count && k < RUN_AHEAD; k++)
        run_prefetch(run->genes + parent[k] * stride, len);
    const struct run_breeder br = run_breeder(run, r);
    const double *fitness = run->fitness;
    const ga_gene *genes = run->genes;
    void (*cross)(const struct ga_genome *, gsl_rng *, const ga_gene *, const ga_gene *, ga_gene *, ga_gene *) =
        pp->crossover->apply;
    for (size_t pair = first; pair < end; pair++) {
        size_t slot = to + 2 * pair;
        bool second = slot + 1 < to_end; /* else the second child is discarded */
        size_t k = per * (pair - first), pa = parent[k], pb = parent[k + 1];
        for (size_t j = k + RUN_AHEAD; fetch && j < k + RUN_AHEAD + per && j < count; j++)
            run_prefetch(genes + parent[j] * stride, len);
        const ga_gene *a = genes + pa * stride, *b = genes + pb * stride;
        ga_gene *ca = to_genes + slot * stride;
        ga_gene *cb = second ? ca + stride : spare;
        uint64_t place = slot + brood->key_offset; /* the first child's place in the generation */
        if (one_child) {
            evaluations += run_breed_one(run, &br, r, a, b, fitness[pa], ca, &to_fitness[slot], slot, place,
                                         at + slot, check);
            if (second)
                evaluations += run_breed_one(run, &br, r, genes + parent[k + 2] * stride,
                                             genes + parent[k + 3] * stride, fitness[parent[k + 2]], cb,
                                             &to_fitness[slot + 1], slot + 1, place + 1, at + slot + 1, check);
            continue;
        }

        bool crossed = br.crossover.p > 0 && run_chance(&br, r, br.crossover);
        if (crossed) {
            cross(br.gen, r, a, b, ca, cb);
            if (check) {
                run_fault_check(run, run_fault_key(place, RUN_FAULT_MADE), RUN_HOOK_CROSSOVER, slot, ca);
                if (second) /* a second child discarded (spare) is no individual */
                    run_fault_check(run, run_fault_key(place + 1, RUN_FAULT_MADE), RUN_HOOK_CROSSOVER, slot + 1, cb);
            }
        } else {
            run_copy_slot(run, ca, a);
            run_copy_slot(run, cb, b);
        }
        bool mutated_a = run_mutate(run, &br, r, ca);
        if (check && mutated_a)
            run_fault_check(run, run_fault_key(place, RUN_FAULT_MUTATED), RUN_HOOK_MUTATION, slot, ca);
        unsigned evaluated = run_settle(&br, ca, mutated_a || crossed, fitness[pa], &to_fitness[slot]);
        evaluations += run_trail_add(run, r, at + slot, evaluated, ca, &to_fitness[slot], place, slot);
        if (second) {
            bool mutated_b = run_mutate(run, &br, r, cb);
            if (check && mutated_b)
                run_fault_check(run, run_fault_key(place + 1, RUN_FAULT_MUTATED), RUN_HOOK_MUTATION, slot + 1, cb);
            evaluated = run_settle(&br, cb, mutated_b || crossed, fitness[pb], &to_fitness[slot + 1]);
            evaluations += run_trail_add(run, r, at + slot + 1, evaluated, cb, &to_fitness[slot + 1], place + 1,
                                         slot + 1);
        }
    }
    if (br.batch) {
        size_t last = to + 2 * end < to_end ? to + 2 * end : to_end;
        run_settle_batch(run, to_genes, to_fitness, to + 2 * first, last, at);
    }
    return evaluations;
}

/* run_breed_block_with, made twice: without params.check the hot loop
 * carries none of its tests. */
static __attribute__((noinline)) unsigned long long run_breed_block_plain(struct ga_run *run, size_t island,
                                                                         uint64_t block, size_t first, size_t end,
                                                                         const struct run_brood *brood)
{
    return run_breed_block_with(run, island, block, first, end, brood, false);
}

static __attribute__((noinline)) unsigned long long run_breed_block_checked(struct ga_run *run, size_t island,
                                                                           uint64_t block, size_t first, size_t end,
                                                                           const struct run_brood *brood)
{
    return run_breed_block_with(run, island, block, first, end, brood, true);
}

static inline unsigned long long run_breed_block(struct ga_run *run, size_t island, uint64_t block, size_t first,
                                                 size_t end, const struct run_brood *brood)
{
    return run->params.check ? run_breed_block_checked(run, island, block, first, end, brood)
                             : run_breed_block_plain(run, island, block, first, end, brood);
}

/* The individuals of the island starting at 'base' in elite_keys[base ..],
 * best first (ties: first in population order). */
static void run_rank_island(struct ga_run *run, size_t base)
{
    size_t n = run->params.population;
    ga_select_rank(run->fitness + base, n, base, run->elite_keys + base);
}

static void run_copy_individual(struct ga_run *run, ga_gene *to_genes, double *to_fitness, size_t from)
{
    memcpy(to_genes, run->genes + from * run->stride, run->copy * sizeof *to_genes);
    *to_fitness = run->fitness[from];
}

/* Copies each island's elite (ties: first in population order) into its
 * first slots of the next population. */
static void run_copy_elite(struct ga_run *run)
{
    size_t n = run->params.population, stride = run->stride, e = run->params.elite;
    if (e == 0)
        return;
    if (e == 1 && run->params.islands == 1) { /* the best is known */
        run_copy_individual(run, run->next_genes, run->next_fitness, run->stats.best_index);
        return;
    }
    if (e == 1) { /* each island's first best: a scan, not a sort */
        for (size_t base = 0; base < run->total; base += n) {
            size_t best = base;
            for (size_t i = base + 1; i < base + n; i++)
                best = run->fitness[i] < run->fitness[best] ? i : best;
            run_copy_individual(run, run->next_genes + base * stride, run->next_fitness + base, best);
        }
        return;
    }
    for (size_t base = 0; base < run->total; base += n) {
        run_rank_island(run, base);
        for (size_t k = 0; k < e; k++)
            run_copy_individual(run, run->next_genes + (base + k) * stride, run->next_fitness + base + k,
                                run->elite_keys[base + k].index);
    }
}

/* Migration, all at once: every island's migration_size best are copied
 * out first, then each island's worst (ties: the later individual first)
 * are replaced by the migrants of its sources, in island order. */
static void run_migrate(struct ga_run *run)
{
    const struct ga_params *p = &run->params;
    size_t n = p->population, size = p->migration_size, stride = run->stride;
    for (unsigned k = 0; k < p->islands; k++) {
        run_rank_island(run, k * n);
        for (size_t m = 0; m < size; m++)
            run_copy_individual(run, run->migrants + (k * size + m) * stride, run->migrant_fitness + k * size + m,
                                run->elite_keys[k * n + m].index);
    }
    for (unsigned k = 0; k < p->islands; k++) {
        const struct ga_select_key *worst = run->elite_keys + k * n + n - 1; /* walks down */
        for (unsigned from = 0; from < p->islands; from++) {
            bool source = p->topology == GA_TOPOLOGY_COMPLETE ? from != k : (from + 1) % p->islands == k;
            for (size_t m = 0; source && m < size; m++, worst--) {
                memcpy(run->genes + worst->index * stride, run->migrants + (from * size + m) * stride,
                       run->copy * sizeof *run->genes);
                run->fitness[worst->index] = run->migrant_fitness[from * size + m];
            }
        }
    }
}

double run_elapsed(const struct ga_run *run)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - run->started.tv_sec) +
           1e-9 * (double)(now.tv_nsec - run->started.tv_nsec);
}

static size_t run_steady_steps(const struct ga_params *p);

size_t run_generation_children(const struct ga_params *p)
{
    switch (p->scheme) {
    case GA_SCHEME_GENERATIONAL:
        return p->population - p->elite;
    case GA_SCHEME_STEADY:
        return run_steady_steps(p) * p->lambda;
    case GA_SCHEME_CMAES: /* the most: with IPOP lambda grows */
        return (size_t)cmaes_lambda_max(p->lambda, p->cmaes_ipop);
    case GA_SCHEME_LAMBDALAMBDA: /* lambda mutants and lambda offspring, lambda <= n (set by the run) */
        return 2 * p->lambda;
    case GA_SCHEME_PLUS:
    case GA_SCHEME_COMMA:
    case GA_SCHEME_RANDOM:
    case GA_SCHEME_NSGA2:
    case GA_SCHEME_NSGA3:
        break;
    }
    return p->lambda;
}

/* The children the next generation of one island makes (the CMA-ES's
 * lambda grows with its IPOP restarts, the (1+(lambda,lambda)) GA's
 * follows its one-fifth rule). */
static unsigned long long run_next_children(const struct ga_run *run)
{
    if (run->ll)
        return 2 * ll_population(run->ll);
    return run->cmaes ? cmaes_lambda(run->cmaes) : run_generation_children(&run->params);
}

static enum ga_stop run_should_stop(const struct ga_run *run)
{
    const struct ga_params *p = &run->params;
    if (p->stop_at_target && run->best_ever <= p->stop_fitness)
        return GA_STOP_FITNESS;
    if ((p->stagnation && run->generation - run->generation_found >= p->stagnation) ||
        (p->stagnation_evaluations && run->stats.evaluations - run->evaluations_found >= p->stagnation_evaluations))
        return GA_STOP_STAGNATION;
    if (run->generation >= p->generations)
        return GA_STOP_GENERATIONS;
    /* The budget is never exceeded: a generation evaluates at most its
     * children.  A local search's evaluations come on top (bounding them
     * by its budget would stop a memetic run generations early): with
     * one the count may pass the budget within the last generation. */
    if (p->evaluations && run->stats.evaluations + p->islands * run_next_children(run) > p->evaluations)
        return GA_STOP_EVALUATIONS;
    if (p->seconds > 0 && run_elapsed(run) >= p->seconds)
        return GA_STOP_SECONDS;
    return GA_CONTINUE;
}

/* The first island process p of the link breeds (the last p gives K). */
static size_t run_link_first(const struct ga_run *run, unsigned p)
{
    return (size_t)p * run->params.islands / run->params.link->ranks;
}

/* Gathers, in every process, the islands' parts of an array of 'per'
 * bytes an island. */
static void run_link_gather(struct ga_run *run, void *block, size_t per)
{
    const struct ga_link *link = run->params.link;
    size_t *sizes = run->link_sizes, *offsets = run->link_sizes + link->ranks;
    for (unsigned p = 0; p < link->ranks; p++) {
        offsets[p] = run_link_first(run, p) * per;
        sizes[p] = run_link_first(run, p + 1) * per - offsets[p];
    }
    link->gather(link->ctx, block, sizes, offsets);
}

/* Every process's value, in process order, in link_counts. */
static void run_link_share(struct ga_run *run, unsigned long long mine)
{
    const struct ga_link *link = run->params.link;
    size_t *sizes = run->link_sizes, *offsets = run->link_sizes + link->ranks;
    for (unsigned p = 0; p < link->ranks; p++) {
        sizes[p] = sizeof *run->link_counts;
        offsets[p] = p * sizeof *run->link_counts;
    }
    run->link_counts[link->rank] = mine;
    link->gather(link->ctx, run->link_counts, sizes, offsets);
}

/* Whether to stop, agreed by every process of a link: only a time limit
 * can differ between them, and then the first process's reason holds. */
static enum ga_stop run_agreed_stop(struct ga_run *run)
{
    enum ga_stop stop = run_should_stop(run);
    if (!run->params.link || run->params.seconds <= 0)
        return stop;
    run_link_share(run, (unsigned long long)stop);
    for (unsigned p = 0; p < run->params.link->ranks; p++)
        if (run->link_counts[p] != GA_CONTINUE)
            return (enum ga_stop)run->link_counts[p];
    return GA_CONTINUE;
}

/* The selection's tables of island k, from its current fitness. */
static void run_select_prepare(struct ga_run *run, size_t k)
{
    const struct ga_params *p = &run->params;
    if (p->selection->prepare && p->population > 1) /* one parent: nothing to choose (run_breed_block_with) */
        p->selection->prepare(&p->select, run->fitness + k * p->population, p->population,
                              run->select_work ? run->select_work + k * run->select_stride : NULL);
}

/* Block b of run_breed. */
static unsigned long long run_breed_part(struct ga_run *run, long b, size_t island_blocks, size_t pairs,
                                         const struct run_brood *brood)
{
    size_t first = (size_t)b % island_blocks * RUN_BREED_BLOCK;
    size_t end = first + RUN_BREED_BLOCK < pairs ? first + RUN_BREED_BLOCK : pairs;
    return run_breed_block(run, (size_t)b / island_blocks, (uint64_t)b, first, end, brood);
}

/* Breeds an island's 'pairs' pairs into the brood, cut into blocks of
 * RUN_BREED_BLOCK pairs; block b of island k draws from stream k B + b
 * (B blocks an island), spread over the threads. */
static unsigned long long run_breed(struct ga_run *run, size_t first_island, size_t last_island, size_t pairs,
                                    const struct run_brood *brood)
{
    size_t island_blocks = (pairs + RUN_BREED_BLOCK - 1) / RUN_BREED_BLOCK;
    long from = (long)(first_island * island_blocks), to = (long)(last_island * island_blocks);
    unsigned long long evaluations = 0;
    if (run->params.threads == 1) { /* without OpenMP's constructs: they cost a little every generation */
        for (long b = from; b < to; b++)
            evaluations += run_breed_part(run, b, island_blocks, pairs, brood);
        return evaluations;
    }
#pragma omp parallel for num_threads(run->params.threads) schedule(dynamic) reduction(+ : evaluations)
    for (long b = from; b < to; b++)
        evaluations += run_breed_part(run, b, island_blocks, pairs, brood);
    return evaluations;
}

/* (mu + lambda) and (mu, lambda): island k's next population is the best N
 * of its parents and brood (plus) or of its brood alone (comma), best
 * first; ties go to the parent (to the child with ties = child), then to
 * the earlier one.  A key's index orders the ties: with ties to the child
 * the children take indices 0 .. lambda - 1 and the parents come after. */
static void run_survive(struct ga_run *run, size_t k)
{
    const struct ga_params *p = &run->params;
    size_t n = p->population, lambda = p->lambda, stride = run->stride, m = 0;
    struct ga_select_key *keys = run->survivor_keys + k * (n + lambda);
    bool parents = p->scheme != GA_SCHEME_COMMA; /* plus and random */
    size_t parent_at = p->scheme == GA_SCHEME_PLUS && p->ties == GA_TIES_CHILD ? lambda : 0;
    size_t child_at = parent_at ? 0 : n;
    for (size_t i = 0; parents && i < n; i++)
        keys[m++] = (struct ga_select_key){run->fitness[k * n + i], parent_at + i};
    for (size_t j = 0; j < lambda; j++)
        keys[m++] = (struct ga_select_key){run->brood_fitness[k * lambda + j], child_at + j};
    ga_select_sort(keys, m);
    for (size_t s = 0; s < n; s++) {
        size_t i = keys[s].index;
        bool child = i - child_at < lambda; /* unsigned: an index below child_at wraps above lambda */
        const ga_gene *from = child ? run->brood + (k * lambda + i - child_at) * stride
                                    : run->genes + (k * n + i - parent_at) * stride;
        memcpy(run->next_genes + (k * n + s) * stride, from, run->copy * sizeof *from);
        run->next_fitness[k * n + s] = keys[s].fitness;
    }
}

/* Steps of a steady-state generation: ceil(N / lambda), about N births. */
static size_t run_steady_steps(const struct ga_params *p)
{
    return (p->population + p->lambda - 1) / p->lambda;
}

/* The individual of island k (from 'base') a steady child replaces. */
static size_t run_steady_victim(const struct ga_run *run, gsl_rng *r, size_t base)
{
    const struct ga_params *p = &run->params;
    const double *f = run->fitness + base;
    size_t n = p->population, v = 0;
    if (p->replace == GA_REPLACE_RANDOM)
        return base + ga_rng_below(r, n);
    if (p->replace == GA_REPLACE_WORST) { /* ties: the last */
        for (size_t i = 1; i < n; i++)
            v = f[i] >= f[v] ? i : v;
        return base + v;
    }
    v = ga_rng_below(r, n); /* the loser of a reverse tournament: ties to the first drawn */
    for (unsigned j = 1; j < p->replace_tournament; j++) {
        size_t o = ga_rng_below(r, n);
        v = f[o] > f[v] ? o : v;
    }
    return base + v;
}

/* Whether island k already holds genome g. */
static bool run_island_holds(const struct ga_run *run, size_t k, const ga_gene *g)
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
static unsigned long long run_steady_island(struct ga_run *run, size_t k)
{
    const struct ga_params *p = &run->params;
    size_t lambda = p->lambda, pairs = (lambda + 1) / 2, stride = run->stride, steps = run_steady_steps(p);
    size_t blocks = (pairs + RUN_BREED_BLOCK - 1) / RUN_BREED_BLOCK + 1; /* the last: replacements */
    struct run_brood brood = {run->brood, run->brood_fitness, lambda, 0, 0, 0};
    unsigned long long evaluations = 0;
    for (size_t step = 0; step < steps; step++) {
        uint64_t id = (uint64_t)(k * steps + step) * blocks;
        /* the children of step s of island k come after those of its earlier steps */
        brood.key_offset = (uint64_t)(k * steps + step) * lambda - (uint64_t)k * lambda;
        brood.trail_offset = step * lambda;
        run_select_prepare(run, k);
        for (size_t b = 0; b + 1 < blocks; b++) {
            size_t first = b * RUN_BREED_BLOCK, end = first + RUN_BREED_BLOCK < pairs ? first + RUN_BREED_BLOCK : pairs;
            evaluations += run_breed_block(run, k, id + b, first, end, &brood);
        }
        /* The children checked before any replaces an individual (or is dropped as a duplicate). */
        run_fault_scan(run, (k * steps + step) * lambda, run->brood_fitness, k * lambda, (k + 1) * lambda,
                       run->brood + k * lambda * stride);
        gsl_rng *r = run_stream(run, run->generation + 1, id + blocks - 1);
        for (size_t c = k * lambda; c < (k + 1) * lambda; c++) {
            const ga_gene *child = run->brood + c * stride;
            if (p->unique && run_island_holds(run, k, child))
                continue;
            size_t v = run_steady_victim(run, r, k * p->population);
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

/* Random search: island k's brood is lambda new random individuals, made
 * and evaluated in blocks as generation 0 is, each block from its own
 * stream (the same at any thread count).  Returns the evaluations. */
static unsigned long long run_random_brood(struct ga_run *run, size_t first, size_t last)
{
    const struct ga_params *p = &run->params;
    size_t lambda = p->lambda, island_blocks = (lambda + RUN_INIT_BLOCK - 1) / RUN_INIT_BLOCK;
    long from = (long)(first * island_blocks), to = (long)(last * island_blocks);
    unsigned long long evaluations = 0;
#pragma omp parallel for num_threads(p->threads) schedule(dynamic) if (p->threads > 1) reduction(+ : evaluations)
    for (long b = from; b < to; b++) {
        size_t k = (size_t)b / island_blocks, start = (size_t)b % island_blocks * RUN_INIT_BLOCK;
        size_t end = start + RUN_INIT_BLOCK < lambda ? start + RUN_INIT_BLOCK : lambda;
        gsl_rng *r = run_stream(run, run->generation + 1, (uint64_t)b);
        for (size_t j = start; j < end; j++) {
            size_t slot = k * lambda + j;
            ga_gene *g = run->brood + slot * run->stride;
            run->problem->init(&run->gen, r, g);
            if (p->check)
                run_fault_check(run, run_fault_key(slot, RUN_FAULT_MADE), RUN_HOOK_INIT, slot, g);
            run->brood_fitness[slot] = run->evaluate(&run->gen, g);
            evaluations += run_trail_add(run, r, slot, 1, g, &run->brood_fitness[slot], slot, slot); /* trail_per is lambda */
        }
    }
    return evaluations;
}

/* The CMA-ES's stream for a restart's mean: past every block of offspring. */
#define RUN_CMAES_RESTART UINT32_MAX

/* A CMA-ES generation: lambda offspring sampled and evaluated in blocks
 * (each from its own stream, as generation 0), the distribution updated,
 * the best so far kept as the population (ties: the one kept), and on a
 * stop criterion a restart around a new initial point of the problem. */
static unsigned long long run_cmaes_generation(struct ga_run *run)
{
    const struct ga_params *p = &run->params;
    size_t lambda = cmaes_lambda(run->cmaes), stride = run->stride;
    long blocks = (long)((lambda + RUN_INIT_BLOCK - 1) / RUN_INIT_BLOCK);
#pragma omp parallel for num_threads(p->threads) schedule(dynamic) if (p->threads > 1)
    for (long b = 0; b < blocks; b++) {
        gsl_rng *r = run_stream(run, run->generation + 1, (uint64_t)b);
        size_t start = (size_t)b * RUN_INIT_BLOCK, end = start + RUN_INIT_BLOCK < lambda ? start + RUN_INIT_BLOCK : lambda;
        for (size_t j = start; j < end; j++) {
            ga_gene *g = run->brood + j * stride;
            cmaes_sample(run->cmaes, r, j, &run->gen, g);
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
    run_copy_slot(run, run->next_genes, best == SIZE_MAX ? run->genes : run->brood + best * stride);
    run->next_fitness[0] = best == SIZE_MAX ? run->fitness[0] : run->brood_fitness[best];
    if (cmaes_update(run->cmaes, run->brood_fitness)) {
        ga_gene *start = run->spare;
        run->problem->init(&run->gen, run_stream(run, run->generation + 1, RUN_CMAES_RESTART), start);
        cmaes_restart(run->cmaes, &run->gen, start);
    }
    return lambda;
}

/* The (1+(lambda,lambda)) GA's streams: mutant j draws from block j,
 * offspring j from RUN_LL_OFFSPRING + j (j < n), l from RUN_LL_FLIPS. */
#define RUN_LL_OFFSPRING ((uint64_t)1 << 40)
#define RUN_LL_FLIPS UINT32_MAX

/* Child j of a phase of the (1+(lambda,lambda)) GA (0: mutants, 1:
 * offspring) made into g from its own stream; for an offspring, how many
 * bits it took from x' (a mutant: l).  With 'keep', a mutant's flips
 * become x'. */
static size_t run_ll_child(struct ga_run *run, unsigned phase, size_t j, ga_gene *g, bool keep)
{
    gsl_rng *r = run_stream(run, run->generation + 1, phase ? RUN_LL_OFFSPRING + j : j);
    run_copy_slot(run, g, run->genes);
    if (phase)
        return ll_offspring(run->ll, r, run->ll_best, g);
    ll_mutant(run->ll, r, run->genes, g, keep);
    return ll_flips(run->ll);
}

/* One phase of the (1+(lambda,lambda)) GA: its 'count' children made and
 * settled in parallel, each from its own stream, into ll_fitness and the
 * trail from 'at'.  A child that is x or x' (an offspring that took none
 * or all of x''s l bits; every mutant when l = 0) is not evaluated: it
 * inherits the known fitness, unless evaluate_all.  Returns the index of
 * the first best child and adds the evaluations to *spent. */
static size_t run_ll_phase(struct ga_run *run, unsigned phase, size_t at, size_t count, double best_fitness,
                           unsigned long long *spent)
{
    const struct ga_params *p = &run->params;
    size_t flips = ll_flips(run->ll);
    double *fitness = run->ll_fitness + at;
    unsigned long long evaluations = 0;
#pragma omp parallel for num_threads(p->threads) schedule(dynamic, 4) if (p->threads > 1) reduction(+ : evaluations)
    for (size_t j = 0; j < count; j++) {
        ga_gene *g = run->spare + run_thread() * run->stride;
        size_t taken = run_ll_child(run, phase, j, g, false);
        bool copy = taken == 0 || (phase && taken == flips); /* x, or x' (with l = 0 both) */
        if (copy && !p->evaluate_all) {
            fitness[j] = taken == 0 ? run->fitness[0] : best_fitness;
            run->trail[at + j] = NAN;
            continue;
        }
        fitness[j] = run->evaluate(&run->gen, g);
        run->trail[at + j] = fitness[j];
        evaluations++;
        if (run_fitness_bad(run, fitness[j]))
            run_fault_note(run, run_fault_key(at + j, RUN_FAULT_EVALUATED), GA_FAULT_FITNESS, RUN_HOOK_EVALUATE,
                           at + j, g, fitness[j], NAN);
    }
    *spent += evaluations;
    size_t best = 0; /* ties: the first */
    for (size_t j = 1; j < count; j++)
        best = fitness[j] < fitness[best] ? j : best;
    return best;
}

/* A generation of the self-adjusting (1+(lambda,lambda)) GA on the one
 * individual x: l drawn, the mutation phase gives x' (made again from its
 * stream, its flips kept), the crossover phase y; x <- y when f(y) <=
 * f(x) (ties to y, which lets x drift on a plateau), and the one-fifth
 * rule moves lambda on f(y) < f(x). */
static unsigned long long run_ll_generation(struct ga_run *run)
{
    size_t count = ll_population(run->ll);
    unsigned long long spent = 0;
    double fx = run->fitness[0];
    ll_draw_flips(run->ll, run_stream(run, run->generation + 1, RUN_LL_FLIPS));
    size_t m = run_ll_phase(run, 0, 0, count, fx, &spent);
    double fxprime = run->ll_fitness[m];
    run_ll_child(run, 0, m, run->ll_best, true);
    size_t c = run_ll_phase(run, 1, count, count, fxprime, &spent);
    double fy = run->ll_fitness[count + c];
    for (size_t j = 2 * count; j < run->trail_per; j++)
        run->trail[j] = NAN; /* below the largest lambda */
    if (fy <= fx)
        run_ll_child(run, 1, c, run->next_genes, false);
    else
        run_copy_slot(run, run->next_genes, run->genes);
    run->next_fitness[0] = fy <= fx ? fy : fx;
    ll_update(run->ll, fy < fx);
    return spent;
}

/* Breeds this process's islands [first, last) into next_genes. */
static unsigned long long run_generation(struct ga_run *run, size_t first, size_t last)
{
    const struct ga_params *p = &run->params;
    unsigned long long evaluations = 0;
    if (p->scheme == GA_SCHEME_CMAES) /* one island */
        return run_cmaes_generation(run);
    if (p->scheme == GA_SCHEME_LAMBDALAMBDA)
        return run_ll_generation(run);
    if (p->scheme == GA_SCHEME_STEADY) { /* islands in parallel, the steps of each in order */
#pragma omp parallel for num_threads(p->threads) schedule(dynamic) reduction(+ : evaluations) if (p->threads > 1)
        for (long k = (long)first; k < (long)last; k++)
            evaluations += run_steady_island(run, (size_t)k);
        return evaluations;
    }
    for (size_t k = first; k < last; k++)
        run_select_prepare(run, k);
    if (p->scheme == GA_SCHEME_GENERATIONAL) {
        run_copy_elite(run);
        struct run_brood brood = {run->next_genes, run->next_fitness, p->population, p->elite, 0, 0};
        return run_breed(run, first, last, (p->population - p->elite + 1) / 2, &brood);
    }
    if (p->scheme == GA_SCHEME_RANDOM) {
        evaluations = run_random_brood(run, first, last);
    } else {
        struct run_brood brood = {run->brood, run->brood_fitness, p->lambda, 0, 0, 0};
        evaluations = run_breed(run, first, last, (p->lambda + 1) / 2, &brood);
    }
    /* The children checked before survival ranks them (or drops them); a child's place is its slot. */
    run_fault_scan(run, first * p->lambda, run->brood_fitness, first * p->lambda, last * p->lambda,
                   run->brood + first * p->lambda * run->stride);
    for (size_t k = first; k < last; k++)
        if (p->scheme == GA_SCHEME_NSGA2 || p->scheme == GA_SCHEME_NSGA3) /* NSGA-III's niching draws */
            run_mo_survive(run, k, run->mo->niched ? run_stream(run, run->generation + 1, RUN_SURVIVAL_STREAM + k) : NULL);
        else
            run_survive(run, k);
    return evaluations;
}

enum ga_stop ga_run_iterate(struct ga_run *run)
{
    if (run->fault.hook)
        return GA_STOP_FAULT;
    enum ga_stop stop = run_agreed_stop(run);
    if (stop != GA_CONTINUE)
        return stop;
    run_fault_clear(run);
    run_mo_level_step(run);

    const struct ga_link *link = run->params.link;
    size_t first = link ? run_link_first(run, link->rank) : 0;
    size_t last = link ? run_link_first(run, link->rank + 1) : run->params.islands;
    unsigned long long evaluations = run_generation(run, first, last);
    if (link) { /* the other processes' islands, and their evaluations */
        run_link_gather(run, run->next_genes, run->params.population * run->stride * sizeof *run->genes);
        run_link_gather(run, run->next_fitness, run->params.population * sizeof *run->fitness);
        run_link_share(run, evaluations);
        evaluations = 0;
        for (unsigned p = 0; p < link->ranks; p++)
            evaluations += run->link_counts[p];
    }

    ga_gene *g = run->genes;
    run->genes = run->next_genes;
    run->next_genes = g;
    double *f = run->fitness;
    run->fitness = run->next_fitness;
    run->next_fitness = f;
    run->generation++;
    if (run->params.islands > 1 && run->generation % run->params.migration_interval == 0) {
        run_migrate(run);
        run_key(run); /* the migrants' keys were their own island's */
    }
    run_fitness_stats(run);
    if (run_fault_settle(run))
        return GA_STOP_FAULT;
    run_update_stats(run, evaluations);
    return run_check_settle(run);
}
