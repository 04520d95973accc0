/* ga/breed.h — making individuals (ga/breed.c): generation 0 and children in blocks of their own streams, the hot breeding loop, the local search; private to the library. */
#ifndef GA_BREED_H
#define GA_BREED_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ga/run_mo.h"
#include "ga/run_types.h"

/* Work is cut into blocks, each drawing from its own stream seeded by
 * (seed, generation, block).  The sizes are fixed, never derived from the
 * thread count, so any number of threads gives the same run.  Threads take
 * blocks as they finish (dynamic schedule): on a machine shared with other
 * programs a slowed thread then holds back no one. */
#define BREED_INIT_BLOCK 64  /* individuals per block in generation 0 (and of new random ones) */
#define BREED_PAIRS_BLOCK 32 /* pairs per block in later generations */

/* Where children go: island k's slots [k per + offset, k per + per) of
 * genes and fitness (the next population after the elite, or the brood of
 * the other schemes), and in the trail from k trail_per + trail_offset. */
struct breed_brood {
    ga_gene *genes;
    double *fitness;
    size_t per, offset;
    uint64_t key_offset; /* a child's place in the generation: its slot + key_offset (run_fault_key) */
    size_t trail_offset; /* the first place in its island's trail (of a step, when a generation has several) */
};

/* Makes and evaluates generation 0 (with the local search, if any), in
 * blocks of BREED_INIT_BLOCK; returns the evaluations. */
unsigned long long breed_initial(struct ga_run *run);

/* The selection's tables of island k, from its current fitness. */
void breed_prepare(struct ga_run *run, size_t k);
/* Breeds 'pairs' pairs of each island [first_island, last_island) into
 * the brood, cut into blocks of BREED_PAIRS_BLOCK pairs; block b of island
 * k draws from stream k B + b (B blocks an island), spread over the
 * threads.  Returns the evaluations. */
unsigned long long breed_islands(struct ga_run *run, size_t first_island, size_t last_island, size_t pairs,
                                 const struct breed_brood *brood);
/* Breeds pairs [first, end) of island 'island' into the brood, from the
 * stream of 'block' (unique within the generation).  Returns the evaluations. */
unsigned long long breed_block(struct ga_run *run, size_t island, uint64_t block, size_t first, size_t end,
                               const struct breed_brood *brood);

/* The local search on an evaluated individual g (fitness *fitness, its
 * place in the generation 'place', individual 'individual' for a fault),
 * with probability local_rate: the evaluations it spent, 0 when it did not
 * run.  Baldwinian: it improves a copy, and only the fitness is kept. */
unsigned long breed_local(struct ga_run *run, gsl_rng *r, ga_gene *g, double *fitness, uint64_t place,
                          size_t individual);

/* A child settled (evaluated or not): the local search on an evaluated
 * one, and its entry k in the trail.  Returns the evaluations it cost. */
static inline unsigned long breed_trail_add(struct ga_run *run, gsl_rng *r, size_t k, unsigned evaluated,
                                            ga_gene *g, double *fitness, uint64_t place, size_t individual)
{
    unsigned long cost = evaluated;
    if (evaluated && run->params.local) {
        cost += breed_local(run, r, g, fitness, place, individual);
        run->trail_cost[k] = cost;
    }
    run->trail[k] = !evaluated ? NAN : run->mo ? run_mo_trail(run->mo, g, *fitness) : *fitness;
    return cost;
}

/* Copies a parent's slot to a child's.  The padding of every population
 * block is zero, so whole cache lines can go: a constant-size copy is a few
 * moves inline, where a copy of len genes calls libc for every child. */
static inline void breed_copy_slot(const struct ga_run *run, ga_gene *to, const ga_gene *from)
{
    enum { BREED_LINE_GENES = GA_GENOME_LINE / sizeof(ga_gene) };
    if (run->stride < BREED_LINE_GENES) {
        memcpy(to, from, run->copy * sizeof *to);
        return;
    }
    for (size_t k = 0; k < run->stride; k += BREED_LINE_GENES) /* strides of a line or more are whole lines */
        memcpy(to + k, from + k, GA_GENOME_LINE);
}

/* Copies individual 'from' of the population, genes and fitness. */
static inline void breed_copy_individual(struct ga_run *run, ga_gene *to_genes, double *to_fitness, size_t from)
{
    memcpy(to_genes, run->genes + from * run->stride, run->copy * sizeof *to_genes);
    *to_fitness = run->fitness[from];
}

/* The individuals of the island starting at 'base' in elite_keys[base ..],
 * best first (ties: first in population order). */
static inline void breed_rank_island(struct ga_run *run, size_t base)
{
    ga_select_rank(run->fitness + base, run->params.population, base, run->elite_keys + base);
}

#endif
