/* cli/output.h — the output folder of a run: CSV files, best.txt, times, the fitness plot. */
#ifndef GA_CLI_OUTPUT_H
#define GA_CLI_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Makes 'dir' (and its parents).  An existing folder with files in it is
 * refused unless 'force'.  False with a message printed. */
bool output_prepare_dir(const char *dir, bool force);

/* A file written under a temporary name and renamed into place on commit,
 * so that an interrupted run never leaves a complete-looking file. */
struct output_file {
    FILE *fp;
    char final_path[1024];
    char part_path[1040];
};
bool output_open(struct output_file *f, const char *dir, const char *name);
/* Reopens the temporary file of an interrupted run cut back to 'length'
 * bytes (what a checkpoint recorded), to append to it; false (message
 * printed) when it is missing or shorter. */
bool output_reopen(struct output_file *f, const char *dir, const char *name, uint64_t length);
/* Flushes, syncs and renames; false (message printed) on any write error. */
bool output_commit(struct output_file *f);
/* The same for n files together: all are renamed into place only when all
 * were written whole, else every temporary file is removed. */
bool output_commit_all(struct output_file *const *files, size_t n);
/* Closes and removes the temporary file. */
void output_abandon(struct output_file *f);

/* Writes fitness.gp and, when gnuplot is installed, runs it to draw
 * fitness.png.  Prints a notice when gnuplot is missing. */
void output_plot(const char *dir, bool quiet);
/* Writes fitness.gp only (a sweep draws its points' figures together). */
bool output_plot_script(const char *dir);
/* The gnuplot to run: $GNUPLOT when set (empty: none), else the one found
 * at configure time, else the one on PATH; NULL when there is none. */
const char *output_gnuplot(void);

/* Writes a gnuplot script 'name' with 'text' into dir; false (message printed) on error. */
bool output_script(const char *dir, const char *name, const char *text);
/* Runs gnuplot on dir/script to draw dir/figure; a notice when gnuplot is missing. */
void output_draw(const char *dir, const char *script, const char *figure, bool quiet);

#endif
