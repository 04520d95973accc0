/* cli/runner/curves.h — fitness curves across replicates: mean best with a 95% confidence band. */
#ifndef GA_CLI_RUNNER_CURVES_H
#define GA_CLI_RUNNER_CURVES_H

#include <stdbool.h>
#include <stdio.h>

/* Replicates end at different generations (a solved run stops); a
 * replicate that ended keeps its last values in later generations, so
 * every generation averages all replicates ("best so far" curves). */
struct curves;

struct curves *curves_alloc(void);
void curves_free(struct curves *c);
/* One generation of the replicate being run; false when out of memory. */
bool curves_add(struct curves *c, unsigned long generation, double best, double mean);
/* The replicate being run ended with these values. */
bool curves_end_replicate(struct curves *c, double best, double mean, bool solved,
                          unsigned long generation_found);
/* curves.csv: generation, replicates, best_mean, best_low, best_high
 * (a Student-t 95% interval of the mean best), mean_mean, solved_share.
 * Under constraints a best or mean that holds infeasible individuals'
 * fitness (GA_INFEASIBLE and above) is no value: the means over the
 * replicates are then "nan" for that generation. */
bool curves_write(const struct curves *c, FILE *fp);

struct ga_pack;
struct ga_unpack;
/* Everything added so far, for a checkpoint, and back into an empty c
 * (false: short or inconsistent data, or out of memory). */
void curves_pack(const struct curves *c, struct ga_pack *p);
bool curves_unpack(struct curves *c, struct ga_unpack *u);

#endif
