/* cli/cli.h — the subcommands of gaexp and what they share. */
#ifndef GA_CLI_H
#define GA_CLI_H

#include <stdbool.h>
#include <stdio.h>
#include "gaexp/diag.h"
#include "gaexp/experiment.h"
#include "app/app.h"

/* The whole command, as main() runs it (cli/main.c); the fuzz harnesses link
 * everything but main(). */
int cli_main(int argc, char **argv);
int cli_run(int argc, char **argv);
int cli_solve(int argc, char **argv);
int cli_list(int argc, char **argv);
int cli_design(int argc, char **argv);
int cli_sweep(int argc, char **argv);
int cli_report(int argc, char **argv);
int cli_plot(int argc, char **argv);
int cli_export(int argc, char **argv);
int cli_compare(int argc, char **argv);
int cli_tune(int argc, char **argv);
int cli_deal(int argc, char **argv);
/* 'gaexp evaluate FILE.cfg': the fitness of the genomes on standard input (cli/evaluate.c). */
int cli_evaluate(int argc, char **argv);

struct ga_cfg;
struct ga_run;
struct output_settings;
/* Runs every replicate of e and writes its output folder out->dir
 * (prepared by the caller): config.cfg, generations.csv, summary.csv,
 * times.csv, best.txt and the plot, with a checkpoint every
 * output.checkpoint seconds and on SIGINT/SIGTERM.  'quiet': no progress
 * and no report.  APP_OK, APP_FAILED (message printed) or APP_INTERRUPTED
 * (checkpoint written, message printed). */
int cli_run_experiment(struct ga_cfg *cfg, const struct ga_experiment *e, const struct output_settings *out,
                       struct ga_run *run, bool quiet);
/* A replicate run apart from its output folder, on an MPI worker: runs
 * replicate r of e on 'run' and appends its record to p (check p->oom):
 * every generation's statistics, how it ended and its best individual,
 * or, when a hook broke its contract (GA_STOP_FAULT, returned), the fault
 * for the writer to say.  Returns why the run ended. */
struct ga_pack;
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
struct output_stage;
int cli_run_write(struct ga_cfg *cfg, const struct ga_experiment *e, const struct output_settings *out,
                  const struct ga_pack *records, struct output_stage *left);
/* The resolved configuration as text, with its NUL (config.cfg below its
 * comments), appended to out; false when out of memory. */
bool cli_config_text(struct ga_cfg *cfg, struct ga_pack *out);
/* 'gaexp resume DIR': goes on with the run a checkpoint left, or a sweep. */
/* Loads the resolved configuration 'text' a run kept (named 'name' in
 * messages) to go on with it in folder dir: output.dir names dir (the text
 * kept as it is when it already does) and ga.threads is 'jobs' when above
 * 0.  False after adding diagnostics. */
bool cli_config_resumed(struct ga_cfg *cfg, const char *name, const char *text, const char *dir, long long jobs);
int cli_resume(int argc, char **argv);
/* Goes on with the run in DIR from its checkpoint; *replicates (may be
 * NULL) receives the run's replicate count.  'named' is the folder its
 * config.cfg names (a sweep's point written in the sweep's stage is named
 * as it will be published), NULL for DIR itself.  An APP_ status. */
int cli_resume_dir(const char *dir, const char *named, long long jobs, bool quiet, unsigned *replicates);
/* For the fuzz harness and tests: loads and checks DIR's checkpoint and
 * .part files as a resume does, then frees everything without running;
 * *replicate and *replicates (may be NULL) receive where the run stood. */
bool cli_resume_probe(const char *dir, unsigned *replicate, unsigned *replicates);
/* Goes on with the sweep in ROOT (its sweep.cfg and sweep.args), or with
 * the one a killed 'sweep --force' was building in ROOT's stage, which is
 * then published (cli/store/publish.h), *status its APP_ status; false when
 * there is neither to go on with. */
bool cli_resume_sweep(const char *root, long long jobs, bool quiet, int *status);

/* The catalogue of gaexp's registry: the built-in problems and generic
 * operators, and those of the plug-ins loaded so far (cli/runner/plugin.c). */
const struct ga_catalog *cli_catalog(void);
/* The catalogue for experiment cfg: loads the plug-in its problem.plugin
 * names (a path relative to the file that holds it), records the resolved
 * path and the plug-in's hash in the tree (problem.plugin_hash) and refuses
 * a plug-in whose hash differs from a recorded one.  NULL after adding
 * diagnostics at problem.plugin. */
const struct ga_catalog *cli_catalog_for(struct ga_cfg *cfg);
/* ga_experiment_alloc over cli_catalog_for(cfg), the 'output' group read
 * into *out (cli/store/output_settings.h). */
struct ga_experiment *cli_experiment_alloc(struct ga_cfg *cfg, uint64_t default_seed, struct output_settings *out);
/* While resuming DIR (NULL: not), whether a plug-in that changed since
 * the run was configured is taken (--accept-changed-plugin) or refused
 * with a message naming that option. */
void cli_plugin_resuming(const char *dir, bool accept_changed);
/* Loads a plug-in named on the command line (--plugin FILE); false after a message. */
bool cli_plugin_option(const char *path);
/* Frees the registry (at exit, for leak checkers). */
void cli_registry_free(void);

#endif
