/* ga/run.c — the loop: ga_run_init and ga_run_iterate, the scheme's generation over the islands, migration, the stop rules and the statistics. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ga/breed.h"
#include "ga/run_fault.h"
#include "ga/run_link.h"
#include "ga/run_mo.h"
#include "ga/schemes/schemes.h"

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
        if (run->params.link) { /* every process calls it in the same generations: their statistics are the same */
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
    const struct ga_problem_columns *columns = ga_problem_columns(run->problem);
    if (columns) {
        struct ga_population pop = {run->genes, run->stride, n, run->stats.best_index, run->fitness};
        columns->measure(&run->gen, &pop, run->stats.problem);
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

enum ga_stop ga_run_init(struct ga_run *run, uint64_t seed)
{
    run->seed = seed;
    run->generation = 0;
    run->evaluations_found = run->evaluations_target = 0;
    run->fault = (struct ga_fault){0};
    run_fault_clear(run);
    memset(&run->stats, 0, sizeof run->stats);
    clock_gettime(CLOCK_MONOTONIC, &run->started);

    unsigned long long evaluations = breed_initial(run);
    run_mo_level_start(run);
    run_mo_key_islands(run);
    run_fitness_stats(run);
    if (run_fault_settle(run))
        return GA_STOP_FAULT;
    if (run->scheme->start)
        run->scheme->start(run);
    run_update_stats(run, evaluations);
    return run_fault_check_repeats(run);
}

/* Migration, all at once: every island's migration_size best are copied
 * out first, then each island's worst (ties: the later individual first)
 * are replaced by the migrants of its sources, in island order. */
static void run_migrate(struct ga_run *run)
{
    const struct ga_params *p = &run->params;
    size_t n = p->population, size = p->migration_size, stride = run->stride;
    for (unsigned k = 0; k < p->islands; k++) {
        breed_rank_island(run, k * n);
        for (size_t m = 0; m < size; m++)
            breed_copy_individual(run, run->migrants + (k * size + m) * stride, run->migrant_fitness + k * size + m,
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

/* The children the next generation of one island makes (a scheme's may
 * vary from generation to generation). */
static unsigned long long run_next_children(const struct ga_run *run)
{
    if (run->scheme->next_children)
        return run->scheme->next_children(run);
    return run->trail_per;
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
    unsigned long long evaluations = run->scheme->generation(run, first, last);
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
        run_mo_key_islands(run); /* the migrants' keys were their own island's */
    }
    run_fitness_stats(run);
    if (run_fault_settle(run))
        return GA_STOP_FAULT;
    run_update_stats(run, evaluations);
    return run_fault_check_repeats(run);
}

