/* cli/cli.h — the subcommands of gaexp and what they share. */
#ifndef GA_CLI_H
#define GA_CLI_H

#include <stdbool.h>
#include <stdio.h>
#include "ga/diag.h"
#include "ga/experiment.h"

/* The exit statuses, one table: the enum below and 'gaexp --help' are made
 * from it (doc/data-safety.md says which failure maps onto which). */
#define CLI_EXIT_STATUSES(X)                                                                   \
    X(CLI_OK, 0, "done")                                                                       \
    X(CLI_FAILED, 1, "the machine failed us: an I/O error, a full disk, out of memory, no threads") \
    X(CLI_USAGE, 2, "the input is wrong: usage, a bad setting or file, a folder in use,\n\t"      \
                    "a checkpoint that does not match its folder")                             \
    X(CLI_INTERRUPTED, 130, "interrupted (Ctrl-C, SIGTERM) after writing a checkpoint")
#define CLI_EXIT_ENUM(name, value, text) name = value,
enum { CLI_EXIT_STATUSES(CLI_EXIT_ENUM) };
#undef CLI_EXIT_ENUM

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
int cli_deal(int argc, char **argv);
void cli_solve_help(FILE *out);

/* The exact baselines behind 'gaexp solve', one file each: cli/solve_<name>.c. */
int cli_solve_derful(int argc, char **argv);
extern const char cli_solve_derful_usage[];
int cli_solve_t24(int argc, char **argv);
extern const char cli_solve_t24_usage[];
int cli_solve_animals(int argc, char **argv);
extern const char cli_solve_animals_usage[];

struct ga_cfg;
struct ga_run;
/* Runs every replicate of e and writes its output folder e->out_dir
 * (prepared by the caller): config.cfg, generations.csv, summary.csv,
 * times.csv, best.txt and the plot, with a checkpoint every
 * output.checkpoint seconds and on SIGINT/SIGTERM.  'quiet': no progress
 * and no report.  CLI_OK, CLI_FAILED (message printed) or CLI_INTERRUPTED
 * (checkpoint written, message printed). */
int cli_run_experiment(struct ga_cfg *cfg, const struct ga_experiment *e, struct ga_run *run, bool quiet);
/* A replicate run apart from its output folder, on an MPI worker: runs
 * replicate r of e on 'run' and appends its record to p (check p->oom):
 * every generation's statistics, how it ended and its best individual. */
struct ga_pack;
void cli_run_replicate(const struct ga_experiment *e, struct ga_run *run, unsigned r, struct ga_pack *p);
/* Writes e's output folder (prepared by the caller) from the records of
 * replicates 1..e->replicates, records[0] first, through the writer
 * cli_run_experiment uses: the same files, byte for byte (times.csv
 * aside).  CLI_OK, or CLI_FAILED (message printed; a record that does not
 * fit e is refused and nothing is written). */
int cli_run_write(struct ga_cfg *cfg, const struct ga_experiment *e, const struct ga_pack *records);
/* The resolved configuration as text, with its NUL (config.cfg below its
 * comments), appended to out; false when out of memory. */
bool cli_config_text(struct ga_cfg *cfg, struct ga_pack *out);
/* 'gaexp resume DIR': goes on with the run a checkpoint left, or a sweep. */
int cli_resume(int argc, char **argv);
/* Goes on with the run in DIR from its checkpoint; *replicates (may be
 * NULL) receives the run's replicate count.  A CLI_ status. */
int cli_resume_dir(const char *dir, long long jobs, bool quiet, unsigned *replicates);
/* For the fuzz harness and tests: loads and checks DIR's checkpoint and
 * .part files as a resume does, then frees everything without running;
 * *replicate and *replicates (may be NULL) receive where the run stood. */
bool cli_resume_probe(const char *dir, unsigned *replicate, unsigned *replicates);
/* Goes on with the sweep in ROOT (its sweep.cfg and sweep.args). */
int cli_resume_sweep(const char *root, long long jobs, bool quiet);
int cli_solve_fortythieves(int argc, char **argv);
extern const char cli_solve_fortythieves_usage[];

/* Prints every diagnostic as "gaexp: file:line: path: message". */
void cli_print_diag(const struct ga_diag *d);
/* Prints "gaexp: message" to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The catalogue of registered problems and generic operators. */
const struct ga_catalog *cli_catalog(void);
/* Strict number parsing for options: whole string, range checked. */
bool cli_parse_long(const char *option, const char *text, long long min, long long max,
                    long long *out);
/* The same for a finite number in [min, max]. */
bool cli_parse_double(const char *option, const char *text, double min, double max, double *out);
/* Wall-clock seconds since an arbitrary start. */
double cli_now(void);

#endif
