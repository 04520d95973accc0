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
/* style.gp with its text opened into f under its temporary name, for a
 * folder written whole (style.gp in the same commit); with f NULL,
 * figures_style.  False (message printed) on a write error. */
struct app_file;
bool figures_style_into(const char *dir, struct app_file *f);

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

#endif
