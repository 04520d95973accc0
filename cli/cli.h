/* cli/cli.h — the subcommands of gaexp, as cli/gaexp.c dispatches them, and the sweep 'gaexp resume' goes on with. */
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

/* 'gaexp resume DIR': goes on with the run a checkpoint left, or a sweep. */
int cli_resume(int argc, char **argv);
/* Goes on with the sweep in ROOT (its sweep.cfg and sweep.args), or with
 * the one a killed 'sweep --force' was building in ROOT's stage, which is
 * then published (cli/store/publish.h), *status its APP_ status; false when
 * there is neither to go on with. */
bool cli_resume_sweep(const char *root, long long jobs, bool quiet, int *status);

#endif
