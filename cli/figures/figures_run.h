/* cli/figures/figures_run.h — a run folder's figures: fitness.gp, or front.gp and hypervolume.gp
 * with several objectives, their scripts written and drawn. */
#ifndef GA_CLI_FIGURES_FIGURES_RUN_H
#define GA_CLI_FIGURES_FIGURES_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/figures/figures_front.h"

/* The script of a run folder's figure, for the folder whose resolved
 * configuration is the file 'config' (its format, problem and budget):
 * malloc'd text, NULL when out of memory; the figure's file name
 * (fitness.<format>) into figure. */
char *figures_fitness_text(const char *config, char *figure, size_t size);
/* A run folder's figures, by their scripts' names: "fitness" (fitness.gp
 * draws fitness.<format>) for one objective; "front" and "hypervolume" for
 * a run with several objectives or constraints, whose fitness is only the
 * scheme's ranking key (NSGA-II's front and crowding), not a result. */
#define FIGURES_RUN_MAX 2
struct figures_run {
    size_t count;
    char stem[FIGURES_RUN_MAX][16];   /* "front": the script front.gp */
    char figure[FIGURES_RUN_MAX][24]; /* "front.png" */
};
/* The names of a run's figures, with several objectives or not, in 'format'. */
void figures_run_names(bool objectives, const char *format, struct figures_run *fig);
/* Opens the run folder's scripts under their temporary names (cli/store/output.h)
 * into scripts[0 .. fig->count), from its resolved configuration 'config'
 * and, with objectives, 'several' (NULL, or a front of one objective: fitness.gp); style.gp
 * too, into 'style' for the same commit (a folder written whole), or, with
 * 'style' NULL, written now when absent.  False (message printed) on a
 * write error, nothing left open. */
struct app_file;
bool figures_run_open(const char *dir, const char *config, const struct figures_front_input *several,
                      struct app_file *style, struct app_file *scripts, struct figures_run *fig);
/* figures_run_open for the finished folder dir (objectives when it has a
 * front.csv of several), the scripts committed at once and style.gp written when
 * absent.  False (message printed) on a write error. */
bool figures_run_scripts(const char *dir, struct figures_run *fig);
/* Whether the data files a run folder's figures read (curves.csv,
 * front.csv, generations.csv, true-front.csv) are, where present, regular
 * files reached without a symbolic link (gnuplot would follow one
 * anywhere); false after a message naming the first that is not. */
bool figures_run_data_sound(const char *dir);
/* A run folder's figures: figures_run_scripts, then each drawn; a notice
 * when gnuplot is missing.  False (message printed) when a figure could
 * not be written. */
bool figures_run(const char *dir, bool quiet);

#endif
