/* cli/runner/run_checkpoint.h — a run's checkpoint: its payload written (cli/runner/run_resume.h reads it back). */
#ifndef GA_CLI_RUNNER_RUN_CHECKPOINT_H
#define GA_CLI_RUNNER_RUN_CHECKPOINT_H

#include <stdbool.h>

#include "cli/runner/run_types.h"
#include "gaexp/cfg.h"

/* The input files the configuration read, with the hashes of what it read. */
bool run_inputs_hash(struct run_inputs *in, const struct ga_cfg *cfg);
/* The payload: config text, where the run is, the streamed files' lengths,
 * the best so far, the curves and the run's own state. */
bool run_checkpoint(struct run_session *s);
/* After each generation: a checkpoint when output.checkpoint seconds have
 * passed (0: every generation). */
bool run_maybe_checkpoint(struct run_session *s);
/* Whether the folder still holds the checkpoint this run wrote: a folder
 * removed (or emptied) while the run went on keeps nothing to resume,
 * which is said, and s->checkpointed is cleared. */
bool run_checkpoint_kept(struct run_session *s);

#endif
