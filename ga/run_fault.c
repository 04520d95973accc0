/* ga/run_fault.c — hooks that break their contract: each thread's first fault, the generation's settled (and shared over a link), the repeat check. */
#include "ga/run_fault.h"

#include <string.h>

#include "ga/run_link.h"
#include "ga/run_mo.h"

/* A fault crosses the processes of a link as one word: its key, then its
 * kind (2 bits) and its hook (3 bits). */
enum { RUN_FAULT_HOOK_BITS = 3, RUN_FAULT_KIND_BITS = 2 };
_Static_assert(RUN_HOOKS <= 1 << RUN_FAULT_HOOK_BITS, "a hook fits its bits");
_Static_assert(GA_FAULT_REPEAT < 1 << RUN_FAULT_KIND_BITS, "a fault kind fits its bits");
static const char *const run_fault_hooks[] = {"evaluate", "init", "crossover", "mutation", "local"};
/* Places past every individual: the second evaluations of params.check, after all else. */
#define RUN_FAULT_REPEATS ((uint64_t)1 << 55)

/* A genome the problem accepts: every gene in the alphabet, and 'valid'. */
static bool run_fault_genome_ok(const struct ga_run *run, const ga_gene *g)
{
    for (size_t i = 0; i < run->gen.len; i++)
        if (g[i] >= run->gen.alphabet)
            return false;
    return run->problem->valid(&run->gen, g);
}

void run_fault_clear(struct ga_run *run)
{
    for (unsigned t = 0; t < run->fault_threads; t++)
        run->notes[t].key = RUN_NO_FAULT;
}

/* Notes a fault seen by this thread, kept when it comes first by key. */
void run_fault_note(struct ga_run *run, uint64_t key, enum ga_fault_kind kind, unsigned hook, size_t individual,
                    const ga_gene *g, double value, double again)
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
void run_fault_scan(struct ga_run *run, uint64_t place, const double *fitness, size_t from, size_t to,
                    const ga_gene *genes)
{
    bool bad = false;
    for (size_t i = from; i < to; i++)
        bad |= run_fault_fitness_bad(run, fitness[i]);
    for (size_t i = from; bad && i < to; i++)
        if (run_fault_fitness_bad(run, fitness[i]))
            run_fault_note(run, run_fault_key(place + (i - from), RUN_FAULT_EVALUATED), GA_FAULT_FITNESS, RUN_HOOK_EVALUATE, i,
                           genes + (i - from) * run->stride, fitness[i], NAN);
}

/* Checks a genome a hook made (params.check). */
void run_fault_check(struct ga_run *run, uint64_t key, unsigned hook, size_t individual, const ga_gene *g)
{
    if (!run_fault_genome_ok(run, g))
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
bool run_fault_settle(struct ga_run *run)
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
    run->fault = (struct ga_fault){n.kind, run_fault_hooks[n.hook], run_fault_name(run, n.hook), run->generation,
                                   n.individual, n.value, n.again, genes, rank};
    return true;
}

/* params.check: every individual evaluated again, in reverse order of
 * blocks of an odd size, on at least two threads: evaluations that share
 * state (a data race, a static buffer, a counter) give other bits. */
static void run_fault_repeat(struct ga_run *run)
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
enum ga_stop run_fault_check_repeats(struct ga_run *run)
{
    if (!run->params.check)
        return GA_CONTINUE;
    run_fault_repeat(run);
    return run_fault_settle(run) ? GA_STOP_FAULT : GA_CONTINUE;
}

const struct ga_fault *ga_run_fault(const struct ga_run *run)
{
    return run->fault.hook ? &run->fault : NULL;
}
