/* cli/runner/front.h — a replicate's final front (several objectives or constraints): front.csv's rows. */
#ifndef GA_CLI_RUNNER_FRONT_H
#define GA_CLI_RUNNER_FRONT_H

#include <stdbool.h>
#include <stdio.h>

#include "gaexp/experiment.h"
#include "gaexp/pack.h"
#include "gaexp/run.h"

/* The population's feasible non-dominated points at a replicate's end,
 * each a row of 'width' values: its m objectives, then its total
 * violation (0), and its genome of 'len' genes (best.txt prints them).
 * Room for the whole population. */
struct run_front {
    size_t width, cap, count, len;
    double *rows;
    ga_gene *genes;
    size_t *members;
};

/* m + 1 for a problem with objectives (front.csv is written), else 0. */
size_t front_width(const struct ga_experiment *e);
/* Whether f is a front of several objectives (m >= 2), trade-offs that
 * best.txt lists; with one objective and constraints the best individual
 * says what was found, as without them. */
bool front_several(const struct run_front *f);
/* Sets f up for e (nothing to hold without objectives); false when out of memory. */
bool front_alloc(struct run_front *f, const struct ga_experiment *e);
void front_free(struct run_front *f);
/* The run's current front into f. */
void front_take(struct run_front *f, struct ga_run *run);
/* front.csv's header: replicate, the objectives' names, violation. */
void front_write_header(FILE *fp, const struct ga_experiment *e);
/* The problem's true front, sampled, as true-front.csv (a header of the
 * objectives' names, then a row a point), opened into f under its
 * temporary name for the run's commit; *written false (nothing opened)
 * when the problem knows none.  False (message printed) on a write error. */
struct app_file;
bool front_write_true(const struct ga_experiment *e, const char *dir, struct app_file *f, bool *written);
/* Point i's objectives as front.csv has them (comma-separated, every digit). */
void front_write_objectives(FILE *fp, const struct run_front *f, size_t i);
/* Replicate r's rows. */
void front_write_rows(FILE *fp, unsigned r, const struct run_front *f);
/* Copies src's points and genomes into dst, set up for the same experiment. */
void front_copy(struct run_front *dst, const struct run_front *src);
/* A record's or checkpoint's copy of the front: its row count, the rows, the genomes. */
void front_pack(const struct run_front *f, struct ga_pack *p);
/* Reads what front_pack wrote back into f; false when it does not fit or
 * a genome is not one of the problem's (best.txt prints them). */
bool front_unpack(struct run_front *f, struct ga_unpack *u, const struct ga_genome *gen,
                  const struct ga_problem *problem);

#endif
