/* cli/runner/run_files.h — the files of a run folder: streamed as the replicates go, the closing files, and all committed together. */
#ifndef GA_CLI_RUNNER_RUN_FILES_H
#define GA_CLI_RUNNER_RUN_FILES_H

#include <stdbool.h>
#include <stdint.h>

#include "app/file.h"
#include "cli/runner/curves.h"
#include "cli/runner/run_types.h"
#include "cli/store/journal.h"
#include "cli/store/output_settings.h"
#include "gaexp/experiment.h"
#include "gaexp/pack.h"
#include "gaexp/run.h"
#include "gaexp/stats.h"

/* Opens the streamed files in dir under their temporary names and writes
 * their headers, config.cfg naming folder 'shown' (dir, or the folder a
 * hidden one becomes); false (said) on failure. */
bool run_files_open(struct run_files *f, const struct ga_pack *config, const char *dir, const char *shown,
                    const struct ga_experiment *e);

/* Writes config.cfg under its temporary name, for run_files_commit: the
 * text cli_config_text made (written once, not formatted again). */
bool run_write_config(const struct ga_pack *config, const char *dir, const char *shown,
                      struct app_file *f);

/* Writes one generation's row of replicate r and adds it to the curves; false (said) when out of memory. */
bool run_record(struct run_files *f, struct curves *curves, unsigned replicate,
                const struct ga_stats *s);

/* How a replicate ended, from its run: seed, success, why, best, evaluations. */
struct run_end run_end_of(const struct ga_run *run, uint64_t seed, double seconds, enum ga_stop why);

/* Counts a replicate's end, and takes its best as the best so far when it is
 * better (the first replicate's always; ties keep the earlier); with
 * objectives, its front when its final hypervolume is larger. */
void run_best_update(struct run_best *b, unsigned replicate, const struct run_end *end, size_t len);
/* What a run prints when it ends (unless quiet): how it ended, its best, its folder dir. */
void run_report(const struct ga_experiment *e, const char *dir, const struct ga_run *run,
                const struct run_best *b, enum ga_stop why, double seconds);
/* The closing files: best.txt, curves.csv and fitness.gp, then all
 * committed together, as output_publish says.  Unpublished (message
 * printed): the closing files are removed and the streamed ones left to
 * the caller; kept: everything is kept for the journal. */
enum output_published run_files_finish(struct run_files *f, const struct ga_experiment *e,
                                       const struct output_settings *out, const struct ga_genome *genome,
                                       const struct run_best *b, const struct curves *curves, bool quiet);
/* The bytes written so far to each streamed file, synced to disk, and
 * the hash of each file's content. */
bool run_files_mark(struct run_files *f, uint64_t lengths[RUN_STREAMED], uint64_t hashes[RUN_STREAMED]);
/* Closes the streamed files and removes them (a run that failed with no checkpoint to go on from). */
void run_files_abandon(struct run_files *f);
/* Closes the files and keeps them: a resume that could not start leaves
 * the folder as it found it, and a run that failed after a checkpoint
 * leaves the files that checkpoint matches. */
void run_files_close(struct run_files *f);

#endif
