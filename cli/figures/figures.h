/* cli/figures/figures.h — what every figure of gaexp shares: the terminal, the user's style file,
 * the palette, literal legends, and replicates' best-so-far traces over evaluations. */
#ifndef GA_CLI_FIGURES_FIGURES_H
#define GA_CLI_FIGURES_FIGURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Curves one figure draws; past this, the best points by the ranking, with a note. */
#define FIGURES_MAX_CURVES 12

/* How a folder's figures are drawn, from its resolved config.cfg. */
struct figures_setup {
    char format[4];       /* "png", "pdf" or "svg" */
    char xaxis[16];       /* "auto", "evaluations" or "generations" */
    char problem[200];    /* "queens (n 8)": the problem, without the swept settings */
    char budget[120];     /* "500 generations", "1e+06 evaluations" */
    unsigned long replicates;
};

/* Reads 'config' (a config.cfg gaexp wrote); settings whose dotted path
 * starts one of the 'swept' paths (a '+' joins several) are left out of the
 * title.  Defaults (png, auto) when the file lacks them; false when it cannot
 * be read (the caller draws with the defaults). */
bool figures_setup_read(const char *config, const char *const *swept, size_t nswept,
                        struct figures_setup *s);

/* Writes dir/style.gp, the palette and looks every script loads, unless it
 * exists: gaexp never rewrites it, so a user's restyling survives
 * 'gaexp plot'.  False (message printed) on a write error. */
bool figures_style(const char *dir);

/* The opening of a script drawing 'name' (without extension): the cairo
 * terminal of the format at about width x height pixels (PDF: the same in
 * points at 100 dpi), text taken literally (no enhanced-text markup), then
 * "load 'style.gp'" and the output file.  Appended to out. */
void figures_opening(FILE *out, const struct figures_setup *s, const char *name, int width, int height);

/* name.<format>, into buf. */
void figures_file(const struct figures_setup *s, const char *name, char *buf, size_t size);

/* 'text' as a gnuplot string expression: single-quoted (quotes doubled), a
 * line break joined in as "\n".  Written to out. */
void figures_quoted(FILE *out, const char *text);
/* "set title TEXT" (without the line's end), each line longer than the
 * figure broken after a "; ". */
void figures_title(FILE *out, const char *text);

/* A legend naming only what varies: for the swept paths 'axis' (a '+' joins
 * linked ones) and one point's values (linked values separated by spaces),
 * "mutation rate 0.2, crossover rate 0.6".  Components whose value is the
 * same at every point (same[k] over all components in order) are left out;
 * 'same' may be NULL. */
void figures_label(const char *const *axis, const char *const *value, size_t axes, const bool *same,
                   char *buf, size_t size);
/* The same with the values alone, "0.2, 0.6" (axis names: values ""): for
 * tick labels under an axis label of the names. */
void figures_values(const char *const *axis, const char *const *value, size_t axes, const bool *same,
                    char *buf, size_t size);

/* The best-so-far fitness of each replicate against evaluations, from a
 * generations.csv (replicate,generation,evaluations,best,...). */
struct figures_traces {
    size_t replicates;
    size_t *start;      /* replicate r's rows are start[r] .. start[r + 1] - 1 */
    double *evaluations; /* per row, ascending within a replicate */
    double *best;        /* per row: best so far (never rising) */
    size_t rows, cap;
};
/* False with a message when the file cannot be read or a row is malformed. */
bool figures_traces_read(const char *path, struct figures_traces *t);
void figures_traces_free(struct figures_traces *t);
/* Replicate r's best so far after 'evaluations' (its last value after its
 * end); NAN before its first generation was evaluated. */
double figures_traces_at(const struct figures_traces *t, size_t r, double evaluations);

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
/* What the figures of a run with objectives are drawn from: the paths of
 * its front.csv (the header names the objectives) and generations.csv
 * (its last row says whether the hypervolume share is known), and whether
 * the folder has true-front.csv. */
struct figures_front_input {
    const char *front, *generations;
    bool true_front;
};
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
/* A run folder's figures: figures_run_scripts, then each drawn; a notice
 * when gnuplot is missing.  False (message printed) when a figure could
 * not be written. */
bool figures_run(const char *dir, bool quiet);
/* Whether the front.csv at path has several objectives (m >= 2): a run
 * whose figures are front and hypervolume; false when it has one (its
 * fitness is the objective: the fitness figure) or cannot be read. */
bool figures_front_several(const char *front);
/* The names of a run's figures, with several objectives or not, in 'format'. */
void figures_run_names(bool objectives, const char *format, struct figures_run *fig);
/* front.gp and hypervolume.gp (figures_run_open's with objectives). */
bool figures_front_open(const char *dir, const struct figures_setup *s, const struct figures_front_input *in,
                        struct app_file *scripts);

#endif
