/* cli/runner/run_session.h — a run folder being written: the session behind 'gaexp run' and
 * 'gaexp resume', and behind the records of runs made elsewhere (cli/runner/record.c). */
#ifndef GA_CLI_RUNNER_RUN_SESSION_H
#define GA_CLI_RUNNER_RUN_SESSION_H

#include <stdbool.h>

#include "cli/runner/run_types.h"
#include "cli/store/output_settings.h"
#include "gaexp/cfg.h"
#include "gaexp/experiment.h"
#include "gaexp/pack.h"
#include "gaexp/run.h"

/* Runs every replicate of e and writes its output folder out->dir
 * (prepared by the caller): config.cfg, generations.csv, summary.csv,
 * times.csv, best.txt and the plot, with a checkpoint every
 * output.checkpoint seconds and on SIGINT/SIGTERM.  'quiet': no progress
 * and no report.  APP_OK, APP_FAILED (message printed) or APP_INTERRUPTED
 * (checkpoint written, message printed). */
int cli_run_experiment(struct ga_cfg *cfg, const struct ga_experiment *e, const struct output_settings *out,
                       struct ga_run *run, bool quiet);
/* The resolved configuration as text, with its NUL (config.cfg below its
 * comments), appended to out; false when out of memory. */
bool cli_config_text(struct ga_cfg *cfg, struct ga_pack *out);

/* A session writing e's folder; run is NULL when the replicates ran elsewhere (records).  False (said) when out of memory. */
bool run_session_init(struct run_session *s, struct ga_cfg *cfg, const struct ga_experiment *e,
                      const struct output_settings *out, struct ga_run *run, bool quiet);

/* Writes replicate r's summary and times rows and keeps its best; false (message printed) on failure. */
bool run_end_write(struct run_session *s, unsigned r, const struct run_end *end);

/* Runs the session's replicates from where it stands (the first, or a
 * checkpoint's) to the commit: an APP_ status (APP_INTERRUPTED after a checkpoint). */
int run_session_go(struct run_session *s, bool quiet);

/* Commits the folder when ok (the journaled commit), else abandons or keeps the files for resume; an APP_ status. */
int run_session_finish(struct run_session *s, bool ok, bool quiet);

/* Frees what the session holds (not the configuration or experiment). */
void run_session_free(struct run_session *s);

#endif
