/* cli/runner/run_resume.h — a run folder gone on with from its checkpoint ('gaexp resume', a sweep's point). */
#ifndef GA_CLI_RUNNER_RUN_RESUME_H
#define GA_CLI_RUNNER_RUN_RESUME_H

#include <stdbool.h>

#include "gaexp/cfg.h"

/* Loads the resolved configuration 'text' a run kept (named 'name' in
 * messages) to go on with it in folder dir: output.dir names dir (the text
 * kept as it is when it already does) and ga.threads is 'jobs' when above
 * 0.  False after adding diagnostics. */
bool cli_config_resumed(struct ga_cfg *cfg, const char *name, const char *text, const char *dir, long long jobs);

/* Goes on with the run in DIR from its checkpoint; *replicates (may be
 * NULL) receives the run's replicate count.  'named' is the folder its
 * config.cfg names (a sweep's point written in the sweep's stage is named
 * as it will be published), NULL for DIR itself.  An APP_ status. */
int cli_resume_dir(const char *dir, const char *named, long long jobs, bool quiet, unsigned *replicates);

/* For the fuzz harness and tests: loads and checks DIR's checkpoint and
 * .part files as a resume does, then frees everything without running;
 * *replicate and *replicates (may be NULL) receive where the run stood. */
bool cli_resume_probe(const char *dir, unsigned *replicate, unsigned *replicates);

#endif
