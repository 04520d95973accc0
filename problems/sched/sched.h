/* problems/sched/sched.h — jobs on unrelated machines: the instance, the objective and its exact baseline. */
#ifndef GA_PROBLEMS_SCHED_H
#define GA_PROBLEMS_SCHED_H

#include <stddef.h>
#include <stdint.h>

#define SCHED_MAX_JOBS 64
#define SCHED_MAX_MACHINES 8
#define SCHED_MAX_TIME 20   /* processing times are 1 .. SCHED_MAX_TIME */
#define SCHED_MAX_WEIGHT 10 /* weights are 1 .. SCHED_MAX_WEIGHT */

/* n jobs, m unrelated machines: job j takes time[j][i] on machine i and
 * weighs weight[j].  Drawn from the instance number, the same on every
 * machine (a hash of (instance, job, machine), not a generator's stream). */
struct sched_instance {
    size_t jobs, machines;
    unsigned time[SCHED_MAX_JOBS][SCHED_MAX_MACHINES];
    unsigned weight[SCHED_MAX_JOBS];
};

void sched_instance_make(struct sched_instance *s, size_t jobs, size_t machines, uint64_t instance);

/* The total weighted completion time of the schedule that runs each job j
 * on machine[j], each machine taking its jobs in the order 'order' (a
 * permutation of the jobs) lists them. */
uint64_t sched_cost(const struct sched_instance *s, const uint16_t *order, const uint16_t *machine);

/* The most assignments (machines^jobs) sched_optimum enumerates. */
#define SCHED_OPTIMUM_MAX_ASSIGNMENTS ((uint64_t)1 << 24)

/* The optimal total weighted completion time (R || sum w_j C_j), exactly:
 * every assignment of jobs to machines, each machine's jobs in Smith's
 * order (shortest weighted processing time first, optimal for one machine,
 * Smith 1956).  Writes an optimal schedule into order and machine (jobs
 * each, may be NULL).  False when machines^jobs exceeds
 * SCHED_OPTIMUM_MAX_ASSIGNMENTS (nothing written). */
bool sched_optimum(const struct sched_instance *s, uint64_t *cost, uint16_t *order, uint16_t *machine);

#endif
