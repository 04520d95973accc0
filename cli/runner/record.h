/* cli/runner/record.h — a replicate run apart from its folder (runs side by side, MPI workers) into
 * a record, and a run folder written from the records. */
#ifndef GA_CLI_RUNNER_RECORD_H
#define GA_CLI_RUNNER_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/store/output.h"
#include "cli/store/output_settings.h"
#include "gaexp/cfg.h"
#include "gaexp/experiment.h"
#include "gaexp/pack.h"
#include "gaexp/run.h"

/* One replicate run apart from its folder (runs side by side, MPI
 * workers), a generation at a time, into the record its folder is written
 * from (cli/runner/record.c): resumable from a state it packs. */
struct replicate_run {
    const struct ga_experiment *e;
    struct ga_run *run;
    unsigned r;
    uint64_t seed;
    struct ga_pack gens;    /* every generation's statistics so far */
    double before, started; /* seconds spent before a restore; app_now() since */
    enum ga_stop why;       /* GA_CONTINUE while it runs */
};
/* Begins replicate r of e on run (generation 0); returns x->why. */
enum ga_stop replicate_start(struct replicate_run *x, const struct ga_experiment *e, struct ga_run *run,
                             unsigned r);
/* One more generation; returns x->why (GA_CONTINUE while it runs). */
enum ga_stop replicate_step(struct replicate_run *x);
/* Appends the state to go on from: the statistics so far and the run's. */
void replicate_state(const struct replicate_run *x, struct ga_pack *out);
/* Goes on from a state replicate_state packed for replicate r of e; false
 * (x freed) when it does not fit the experiment. */
bool replicate_restore(struct replicate_run *x, const struct ga_experiment *e, struct ga_run *run, unsigned r,
                       const struct ga_pack *state);
/* Appends the record of the ended replicate (cli_run_write writes folders from them). */
void replicate_record(struct replicate_run *x, struct ga_pack *p);
void replicate_free(struct replicate_run *x);

/* A replicate run apart from its output folder, on an MPI worker: runs
 * replicate r of e on 'run' and appends its record to p (check p->oom):
 * every generation's statistics, how it ended and its best individual,
 * or, when a hook broke its contract (GA_STOP_FAULT, returned), the fault
 * for the writer to say.  Returns why the run ended. */
enum ga_stop cli_run_replicate(const struct ga_experiment *e, struct ga_run *run, unsigned r, struct ga_pack *p);
/* The seconds a record's replicate ran. */
double cli_record_seconds(const struct ga_pack *record);
/* Writes e's output folder (out->dir) from the records of replicates
 * 1..e->replicates, records[0] first, through the writer
 * cli_run_experiment uses: the same files, byte for byte (times.csv
 * aside).  A folder prepared by the caller is written in place under its
 * lock and journal; one that does not exist yet appears whole (written
 * under a hidden name, cli/store/output.h), with fitness.gp and style.gp when
 * out->plot but no figure drawn; with 'left' not NULL, that hidden folder is
 * left there for the caller to close (output_stage_close: its sync and
 * rename, away from the thread that wrote it), left->fd -1 when there is
 * none.  APP_OK, or APP_FAILED (message printed; a record that does not
 * fit e is refused and nothing is written). */
int cli_run_write(struct ga_cfg *cfg, const struct ga_experiment *e, const struct output_settings *out,
                  const struct ga_pack *records, struct output_stage *left);

#endif
