/* ga/run_private.h — what gaexp's own code needs of a run besides the public API: the MPI link, checkpoints. */
#ifndef GA_RUN_PRIVATE_H
#define GA_RUN_PRIVATE_H

#include "gaexp/run.h"

/* Islands spread over several processes (MPI ranks).  Process 'rank' of
 * 'ranks' breeds islands [rank K / ranks, (rank + 1) K / ranks) and 'gather'
 * makes every process's population whole again after each generation, so
 * that elitism, migration, statistics and stop rules, computed alike in
 * every process, give each the run one process would make.  gather(ctx,
 * block, sizes, offsets) is an in-place all-gather (MPI_Allgatherv with
 * MPI_IN_PLACE): process p owns bytes [offsets[p], offsets[p] + sizes[p])
 * of block, and on return every process holds every part. */
struct ga_link {
    unsigned rank, ranks;
    void *ctx;
    void (*gather)(void *ctx, void *block, const size_t *sizes, const size_t *offsets);
};

struct ga_pack;
struct ga_unpack;
/* The whole state between two generations — seed, counters, statistics,
 * population and fitness, and the seconds run so far — appended to p.
 * Nothing else is needed to go on: every generation's random streams
 * derive from (seed, generation, block). */
void ga_run_pack(const struct ga_run *run, struct ga_pack *p);
/* Restores what ga_run_pack wrote into a run of the same experiment
 * (replacing ga_run_init); false when the data is short or was written for
 * another population or genome (the run is then as before). */
bool ga_run_unpack(struct ga_run *run, struct ga_unpack *u);

#endif
