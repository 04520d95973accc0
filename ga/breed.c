/* ga/breed.c — making individuals: generation 0 and children in blocks of their own streams, the hot breeding loop with its per-child fault checks, the local search. */
#include "ga/breed.h"

#include <math.h>
#include <string.h>

#include "gaexp/rng.h"
#include "ga/run_fault.h"

/* Population bytes that the caches hold: no prefetching below. */
#define BREED_CACHED (512u << 10)

unsigned long breed_local(struct ga_run *run, gsl_rng *r, ga_gene *g, double *fitness, uint64_t place,
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
static bool breed_batch(const struct ga_run *run)
{
    return ga_problem_evaluate_batch(run->problem) && !run->params.local && !run->mo; /* records: one genome a call */
}

unsigned long long breed_initial(struct ga_run *run)
{
    const struct ga_problem *p = run->problem;
    size_t n = run->total;
    long blocks = (long)((n + BREED_INIT_BLOCK - 1) / BREED_INIT_BLOCK);
    bool check = run->params.check;
    /* With one thread, no parallel region at all: the first one a process
     * enters sets up OpenMP's team (40 us of a 7 ms run). */
    unsigned long long evaluations = n;
    bool batch = breed_batch(run);
#pragma omp parallel for num_threads(run->params.threads) schedule(dynamic) if (run->params.threads > 1) \
    reduction(+ : evaluations)
    for (long b = 0; b < blocks; b++) {
        gsl_rng *r = run_stream(run, 0, (uint64_t)b);
        size_t start = (size_t)b * BREED_INIT_BLOCK, end = start + BREED_INIT_BLOCK < n ? start + BREED_INIT_BLOCK : n;
        for (size_t i = start; i < end; i++) {
            ga_gene *g = run->genes + i * run->stride;
            p->init(&run->gen, r, g);
            if (check)
                run_fault_check(run, run_fault_key(i, RUN_FAULT_MADE), RUN_HOOK_INIT, i, g);
            if (batch) /* the block at once, below */
                continue;
            run->fitness[i] = run->evaluate(&run->gen, g);
            if (run->params.local) {
                unsigned long spent = breed_local(run, r, g, &run->fitness[i], i, i);
                run->trail_cost[i] = 1 + spent;
                evaluations += spent;
            }
        }
        if (batch)
            ga_problem_evaluate_batch(p)(&run->gen, run->genes + start * run->stride, run->stride, end - start,
                                         run->fitness + start);
    }
    return evaluations;
}

/* Genes skipped before the next per-gene hit: geometric with success
 * probability p, floor(log(u) / log(1 - p)), capped at len (which ends the
 * walk). */
static inline size_t breed_gene_gap(struct run_walk w, gsl_rng *r, size_t len)
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
static size_t breed_fast_alpha(const struct ga_run *run, gsl_rng *r)
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
struct breed_rate {
    double p;
    uint64_t below;
};

static struct breed_rate breed_rate(double p)
{
    return (struct breed_rate){p, (uint64_t)ceil(p * 0x1.0p53)};
}

/* What breeding reads for every child, copied out of the run into a local:
 * stores of fitness through a double pointer may alias the run's fields,
 * and the loop would load each of them again for every child. */
struct breed_ctx {
    const struct ga_genome *gen;
    const struct ga_mutation *mutation;
    double (*evaluate)(const struct ga_genome *gen, const ga_gene *g);
    struct breed_rate crossover, mutate;
    size_t len; /* the mutation's sites (ga_genome_sites) */
    bool per_individual, evaluate_all;
    bool batch; /* run_batch: children are evaluated with their block (breed_settle_batch) */
    bool fast, resample; /* GA_PER_FAST; ga_params.mutation_resample */
    bool xoshiro; /* the stream is xoshiro256**: its draws inline */
};

static inline struct breed_ctx breed_ctx(const struct ga_run *run, gsl_rng *r)
{
    const struct ga_params *p = &run->params;
    return (struct breed_ctx){&run->gen,
                                p->mutation,
                                run->evaluate,
                                breed_rate(p->crossover_rate),
                                breed_rate(p->mutation_rate),
                                ga_genome_sites(&run->gen),
                                p->mutation_unit == GA_PER_INDIVIDUAL,
                                p->evaluate_all,
                                breed_batch(run),
                                p->mutation_unit == GA_PER_FAST,
                                p->mutation_resample,
                                r->type == ga_rng_xoshiro256ss};
}

/* Whether a draw of ga_rng_uniform falls below the rate. */
static inline __attribute__((always_inline)) bool breed_chance(const struct breed_ctx *br, gsl_rng *r,
                                                               struct breed_rate rate)
{
    if (br->xoshiro)
        return ga_rng_xoshiro_next(r->state) >> 11 < rate.below;
    return gsl_rng_uniform(r) < rate.p;
}

/* Inline: called for every child, and GCC keeps it out of line on its own. */
static inline __attribute__((always_inline)) bool breed_mutate(const struct ga_run *run,
                                                               const struct breed_ctx *br, gsl_rng *r,
                                                               ga_gene *g)
{
    const struct ga_mutation *m = br->mutation;
    double rate = br->mutate.p;
    size_t len = br->len;
    if (br->per_individual) {
        if (rate <= 0 || !breed_chance(br, r, br->mutate))
            return false;
        return m->once ? m->once(br->gen, r, g) : m->at(br->gen, r, g, ga_rng_below(r, len));
    }
    struct run_walk walk = run->walk;
    if (br->fast) /* a rate alpha/len of its own for each child */
        walk = run_walk(run->fast_log_keep[breed_fast_alpha(run, r)], len, false);
    else if (rate <= 0)
        return false;
    /* Per gene: jump from hit to hit with geometric gaps instead of one
     * draw per gene (the same distribution, far fewer draws); with
     * resampling a walk that hit nothing is drawn again. */
    bool changed = false, hit = false;
    do {
        for (size_t pos = breed_gene_gap(walk, r, len); pos < len; pos += 1 + breed_gene_gap(walk, r, len)) {
            changed |= m->at(br->gen, r, g, pos);
            hit = true;
        }
    } while (br->resample && !hit);
    return changed;
}

/* Fills one child slot's fitness: evaluated when it changed (or always,
 * as the benchmark GA demands), inherited otherwise.  Returns evaluations.
 * With a batch evaluator the evaluation waits for the block's end: the
 * slot holds 0 until then, and its trail entry (not NaN) marks it. */
static inline unsigned breed_settle(const struct breed_ctx *br, const ga_gene *child, bool changed,
                                  double inherited, double *fitness)
{
    if (changed || br->evaluate_all) {
        *fitness = br->batch ? 0 : br->evaluate(br->gen, child);
        return 1;
    }
    *fitness = inherited;
    return 0;
}

/* The children of slots [from, to) that breed_settle left to the batch
 * evaluator (their trail entries at at + slot not NaN), evaluated in runs
 * of neighbouring slots, their trail entries then their fitness. */
static void breed_settle_batch(struct ga_run *run, ga_gene *genes, double *fitness, size_t from, size_t to,
                             size_t at)
{
    double *trail = run->trail;
    for (size_t s = from; s < to;) {
        size_t e = s;
        while (e < to && !isnan(trail[at + e]))
            e++;
        if (e > s) {
            ga_problem_evaluate_batch(run->problem)(&run->gen, genes + s * run->stride, run->stride, e - s,
                                                    fitness + s);
            memcpy(trail + at + s, fitness + s, (e - s) * sizeof *fitness);
        }
        s = e + 1;
    }
}

/* Asks for a parent's genes ahead of their use. */
static inline void breed_prefetch(const ga_gene *genes, size_t len)
{
    __builtin_prefetch(genes);
    if (len * sizeof *genes > GA_GENOME_LINE)
        __builtin_prefetch(genes + len - 1); /* a longer genome's last line */
}

/* One child of a one-child crossover into 'child' (slot 'slot', place
 * 'place', trail entry 'at'): parents a and b crossed with the crossover
 * rate, else a copied; then mutated and settled.  Returns the evaluations. */
static inline __attribute__((always_inline)) unsigned long
breed_one(struct ga_run *run, const struct breed_ctx *br, gsl_rng *r, const ga_gene *a, const ga_gene *b,
              double inherited, ga_gene *child, double *fitness, size_t slot, uint64_t place, size_t at, bool check)
{
    bool crossed = br->crossover.p > 0 && breed_chance(br, r, br->crossover);
    if (crossed) {
        run->params.crossover->apply(br->gen, r, a, b, child, NULL);
        if (check)
            run_fault_check(run, run_fault_key(place, RUN_FAULT_MADE), RUN_HOOK_CROSSOVER, slot, child);
    } else {
        breed_copy_slot(run, child, a);
    }
    bool mutated = breed_mutate(run, br, r, child);
    if (check && mutated)
        run_fault_check(run, run_fault_key(place, RUN_FAULT_MUTATED), RUN_HOOK_MUTATION, slot, child);
    unsigned evaluated = breed_settle(br, child, mutated || crossed, inherited, fitness);
    return breed_trail_add(run, r, at, evaluated, child, fitness, place, slot);
}

/* Breeds pairs [first, end) of island 'island' into the brood, from the
 * stream of 'block' (unique within the generation): a pair of slots takes
 * two parents, or four with a one-child crossover (a pair for each child). */
static inline __attribute__((always_inline)) unsigned long long
breed_block_with(struct ga_run *run, size_t island, uint64_t block, size_t first, size_t end,
                     const struct breed_brood *brood, bool check)
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
     * larger than the caches, and their genes are fetched BREED_AHEAD
     * parents ahead of the crossover that needs them.  Asking for all 64
     * at once, as gaexp did, filled the core's miss buffers and stalled
     * (100000 x 20: 160 ms, against 105 ms fetched eight ahead). */
    size_t parent[4 * BREED_PAIRS_BLOCK];
    const void *work = run->select_work ? run->select_work + island * run->select_stride : NULL;
    enum { BREED_AHEAD = 8 }; /* parents fetched ahead: about the misses a core keeps in flight */
    bool one_child = pp->crossover->one_child;
    size_t per = one_child ? 4 : 2, count = per * (end - first);
    if (n > 1) /* a selection chooses among two or more; the (1 + lambda) EA's one parent is every parent */
        pp->selection->draw(&pp->select, run->fitness + base, n, work, r, count, parent);
    else
        memset(parent, 0, count * sizeof *parent);
    for (size_t k = 0; k < count; k++)
        parent[k] += base;
    /* A population that the caches hold (BREED_CACHED) needs no fetching ahead. */
    bool fetch = run->total * stride * sizeof(ga_gene) > BREED_CACHED;
    for (size_t k = 0; fetch && k < count && k < BREED_AHEAD; k++)
        breed_prefetch(run->genes + parent[k] * stride, len);
    const struct breed_ctx br = breed_ctx(run, r);
    const double *fitness = run->fitness;
    const ga_gene *genes = run->genes;
    void (*cross)(const struct ga_genome *, gsl_rng *, const ga_gene *, const ga_gene *, ga_gene *, ga_gene *) =
        pp->crossover->apply;
    for (size_t pair = first; pair < end; pair++) {
        size_t slot = to + 2 * pair;
        bool second = slot + 1 < to_end; /* else the second child is discarded */
        size_t k = per * (pair - first), pa = parent[k], pb = parent[k + 1];
        for (size_t j = k + BREED_AHEAD; fetch && j < k + BREED_AHEAD + per && j < count; j++)
            breed_prefetch(genes + parent[j] * stride, len);
        const ga_gene *a = genes + pa * stride, *b = genes + pb * stride;
        ga_gene *ca = to_genes + slot * stride;
        ga_gene *cb = second ? ca + stride : spare;
        uint64_t place = slot + brood->key_offset; /* the first child's place in the generation */
        if (one_child) {
            evaluations += breed_one(run, &br, r, a, b, fitness[pa], ca, &to_fitness[slot], slot, place,
                                         at + slot, check);
            if (second)
                evaluations += breed_one(run, &br, r, genes + parent[k + 2] * stride,
                                             genes + parent[k + 3] * stride, fitness[parent[k + 2]], cb,
                                             &to_fitness[slot + 1], slot + 1, place + 1, at + slot + 1, check);
            continue;
        }

        bool crossed = br.crossover.p > 0 && breed_chance(&br, r, br.crossover);
        if (crossed) {
            cross(br.gen, r, a, b, ca, cb);
            if (check) {
                run_fault_check(run, run_fault_key(place, RUN_FAULT_MADE), RUN_HOOK_CROSSOVER, slot, ca);
                if (second) /* a second child discarded (spare) is no individual */
                    run_fault_check(run, run_fault_key(place + 1, RUN_FAULT_MADE), RUN_HOOK_CROSSOVER, slot + 1, cb);
            }
        } else {
            breed_copy_slot(run, ca, a);
            breed_copy_slot(run, cb, b);
        }
        bool mutated_a = breed_mutate(run, &br, r, ca);
        if (check && mutated_a)
            run_fault_check(run, run_fault_key(place, RUN_FAULT_MUTATED), RUN_HOOK_MUTATION, slot, ca);
        unsigned evaluated = breed_settle(&br, ca, mutated_a || crossed, fitness[pa], &to_fitness[slot]);
        evaluations += breed_trail_add(run, r, at + slot, evaluated, ca, &to_fitness[slot], place, slot);
        if (second) {
            bool mutated_b = breed_mutate(run, &br, r, cb);
            if (check && mutated_b)
                run_fault_check(run, run_fault_key(place + 1, RUN_FAULT_MUTATED), RUN_HOOK_MUTATION, slot + 1, cb);
            evaluated = breed_settle(&br, cb, mutated_b || crossed, fitness[pb], &to_fitness[slot + 1]);
            evaluations += breed_trail_add(run, r, at + slot + 1, evaluated, cb, &to_fitness[slot + 1], place + 1,
                                         slot + 1);
        }
    }
    if (br.batch) {
        size_t last = to + 2 * end < to_end ? to + 2 * end : to_end;
        breed_settle_batch(run, to_genes, to_fitness, to + 2 * first, last, at);
    }
    return evaluations;
}

/* breed_block_with, made twice: without params.check the hot loop
 * carries none of its tests. */
static __attribute__((noinline)) unsigned long long breed_block_plain(struct ga_run *run, size_t island,
                                                                      uint64_t block, size_t first, size_t end,
                                                                      const struct breed_brood *brood)
{
    return breed_block_with(run, island, block, first, end, brood, false);
}

static __attribute__((noinline)) unsigned long long breed_block_checked(struct ga_run *run, size_t island,
                                                                        uint64_t block, size_t first, size_t end,
                                                                        const struct breed_brood *brood)
{
    return breed_block_with(run, island, block, first, end, brood, true);
}

unsigned long long breed_block(struct ga_run *run, size_t island, uint64_t block, size_t first, size_t end,
                               const struct breed_brood *brood)
{
    return run->params.check ? breed_block_checked(run, island, block, first, end, brood)
                             : breed_block_plain(run, island, block, first, end, brood);
}

void breed_prepare(struct ga_run *run, size_t k)
{
    const struct ga_params *p = &run->params;
    if (p->selection->prepare && p->population > 1) /* one parent: nothing to choose (breed_block_with) */
        p->selection->prepare(&p->select, run->fitness + k * p->population, p->population,
                              run->select_work ? run->select_work + k * run->select_stride : NULL);
}

/* Block b of breed_islands. */
static unsigned long long breed_part(struct ga_run *run, long b, size_t island_blocks, size_t pairs,
                                     const struct breed_brood *brood)
{
    size_t first = (size_t)b % island_blocks * BREED_PAIRS_BLOCK;
    size_t end = first + BREED_PAIRS_BLOCK < pairs ? first + BREED_PAIRS_BLOCK : pairs;
    return breed_block(run, (size_t)b / island_blocks, (uint64_t)b, first, end, brood);
}

unsigned long long breed_islands(struct ga_run *run, size_t first_island, size_t last_island, size_t pairs,
                                 const struct breed_brood *brood)
{
    size_t island_blocks = (pairs + BREED_PAIRS_BLOCK - 1) / BREED_PAIRS_BLOCK;
    long from = (long)(first_island * island_blocks), to = (long)(last_island * island_blocks);
    unsigned long long evaluations = 0;
    if (run->params.threads == 1) { /* without OpenMP's constructs: they cost a little every generation */
        for (long b = from; b < to; b++)
            evaluations += breed_part(run, b, island_blocks, pairs, brood);
        return evaluations;
    }
#pragma omp parallel for num_threads(run->params.threads) schedule(dynamic) reduction(+ : evaluations)
    for (long b = from; b < to; b++)
        evaluations += breed_part(run, b, island_blocks, pairs, brood);
    return evaluations;
}
