/* ga/select.c — tournament selection, the default scheme. */
#include "ga/select.h"

#include <stdbool.h>
#include <stdlib.h>

#include "gaexp/rng.h"

static int select_key_compare(const void *x, const void *y)
{
    const struct ga_select_key *a = x, *b = y;
    if (a->fitness != b->fitness)
        return a->fitness < b->fitness ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

void ga_select_rank(const double *fitness, size_t n, size_t offset, struct ga_select_key *keys)
{
    for (size_t i = 0; i < n; i++)
        keys[i] = (struct ga_select_key){fitness[i], offset + i};
    ga_select_sort(keys, n);
}

void ga_select_sort(struct ga_select_key *keys, size_t n)
{
    qsort(keys, n, sizeof *keys, select_key_compare);
}

size_t ga_select_tournament(const double *fitness, size_t n, unsigned k, gsl_rng *r)
{
    size_t best = ga_rng_below(r, n);
    for (unsigned i = 1; i < k; i++) {
        size_t other = ga_rng_below(r, n);
        if (fitness[other] < fitness[best])
            best = other;
    }
    return best;
}

/* The winner among k drawn contestants, without a branch on fitness: which
 * one wins is a coin toss the branch predictor cannot learn. */
static inline size_t select_winner(const double *fitness, const size_t *drawn, unsigned k)
{
    size_t best = drawn[0];
    double best_fitness = fitness[best];
    for (unsigned j = 1; j < k; j++) {
        double f = fitness[drawn[j]];
        bool better = f < best_fitness;
        best = better ? drawn[j] : best;
        best_fitness = better ? f : best_fitness;
    }
    return best;
}

/* count contestants from [0, n), their fitness fetched as they are drawn. */
static void select_draw(const double *fitness, size_t n, gsl_rng *r, size_t count, size_t *drawn)
{
    if (r->type == ga_rng_xoshiro256ss && n <= UINT32_MAX) { /* the state in registers */
        struct ga_rng_xoshiro_state *state = r->state, s = *state;
        for (size_t j = 0; j < count; j++) {
            drawn[j] = ga_rng_xoshiro_below(&s, (uint32_t)n);
            __builtin_prefetch(fitness + drawn[j]);
        }
        *state = s;
        return;
    }
    for (size_t j = 0; j < count; j++) {
        drawn[j] = ga_rng_below(r, n);
        __builtin_prefetch(fitness + drawn[j]);
    }
}

void ga_select_tournaments(const double *fitness, size_t n, unsigned k, gsl_rng *r, size_t count,
                           size_t *winners)
{
    enum { SELECT_DRAWN = 256 }; /* contestants drawn ahead */
    size_t drawn[SELECT_DRAWN];
    size_t per = k <= SELECT_DRAWN ? SELECT_DRAWN / k : 0;
    if (per == 0) { /* huge tournaments: one after the other */
        for (size_t i = 0; i < count; i++)
            winners[i] = ga_select_tournament(fitness, n, k, r);
        return;
    }
    for (size_t first = 0; first < count; first += per) {
        size_t m = count - first < per ? count - first : per;
        select_draw(fitness, n, r, m * k, drawn);
        if (k == 2) /* the usual binary tournament, unrolled */
            for (size_t i = 0; i < m; i++)
                winners[first + i] = select_winner(fitness, drawn + 2 * i, 2);
        else
            for (size_t i = 0; i < m; i++)
                winners[first + i] = select_winner(fitness, drawn + i * k, k);
    }
}

static void select_tournament_draw(const struct ga_selection_args *a, const double *fitness, size_t n,
                                   const void *work, gsl_rng *r, size_t count, size_t *winners)
{
    (void)work;
    ga_select_tournaments(fitness, n, a->tournament, r, count, winners);
}

/* In the core, not operators/: a run whose parameters name no selection uses it. */
const struct ga_selection ga_selection_tournament = {
    .name = "tournament",
    .summary = "k drawn with replacement, the fittest wins (ga.selection.tournament.size = k >= 2)",
    .uses = GA_SELECT_USES_TOURNAMENT,
    .draw = select_tournament_draw,
};
