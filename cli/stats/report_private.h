/* cli/stats/report_private.h — struct report and what the files cli/report*.c share (other files: cli/report.h). */
#ifndef GA_CLI_STATS_REPORT_PRIVATE_H
#define GA_CLI_STATS_REPORT_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/store/names.h"
#include "gaexp/compare.h"

struct gnuplots;

/* A swept setting's path, in characters. */
#define REPORT_TEXT 128

/* One replicate, a row of summary.csv. */
struct report_run {
    unsigned long long replicate, seed, found, evaluations;
    unsigned long long to_target; /* the evaluation that reached the target (solved runs) */
    bool solved;
    double best;
    double hv, igd; /* with objectives (summary.csv's last columns): final hypervolume and IGD, NaN when none */
};

/* One point: its swept values and the outcome of each replicate.
 * Memory: a point costs this struct (160 bytes on 64-bit), its folder and
 * values in report.text (some 20 bytes), its per-replicate block (25 bytes
 * a replicate and malloc's 16) and 32 bytes of ranking: about 230 + 25 x
 * replicates bytes.  The rows of summary.csv are read into one buffer the
 * next point reuses, and the figures keep only the traces of the points
 * they draw (report_fig).  Measured peak resident size of 'gaexp report'
 * and 'gaexp plot' (gnuplot aside), 3 replicates a point: 4 MB at 1,000
 * points, 10 MB at 20,000, 35 MB at 100,000: some 320 bytes a point. */
struct report_point {
    size_t text;         /* at report.text + text: its folder, then each swept value, NUL-terminated */
    size_t replicates, solved;
    double *evaluations; /* per replicate: evaluations to a solution, INFINITY when unsolved */
    double *spent;       /* per replicate: evaluations until success or the end */
    bool *solved_flag;
    double *final_best;  /* per replicate: best fitness at the end */
    struct ga_interval success;
    double evals_mean, evals_median; /* over the solved replicates; NAN when none */
    double ert;                      /* expected running time; INFINITY when none solved */
    struct ga_interval ert_ci;       /* its bootstrap 95% interval */
    double best_mean, best_half;     /* final best fitness: mean and 95% half-width */
    struct ga_ranksum against_best;  /* the compared measure against the best point's */
    /* With objectives (NULL without): per replicate the final hypervolume
     * (higher is better), its negation (the compared measure, lower is
     * better as every other) and the final IGD; their means and 95% half-widths. */
    double *final_hv, *hv_loss, *final_igd;
    double hv_mean, hv_half, igd_mean, igd_half;
};

struct report {
    size_t axes, count;
    char axis[NAMES_SWEEP_AXES][REPORT_TEXT];
    struct report_point *point;
    char *text;          /* the points' folders and values (report_point.text) */
    size_t text_used, text_cap;
    struct report_run *run; /* the rows of the summary.csv read last: a run folder's replicates */
    size_t run_cap;
    size_t *order;       /* points ranked, best first */
    size_t best;         /* index of the best point (order[0]) */
    bool by_evaluations; /* compared measure: evaluations to a solution (else final best) */
    bool by_hv;          /* else, every point having objectives: the final hypervolume */
    bool tested;         /* the ranking checked significance (not past REPORT_MAX_TESTED points) */
    bool bad_input;      /* a file was refused: exit status 2 */
    bool run_folder;     /* DIR is one run's folder, not a sweep */
};

/* Pairwise tests grow as the square of the points; past this many the
 * ranking is the order of ERT, success rate and final best alone, and says so. */
#define REPORT_MAX_TESTED 300

/* ---- reading: cli/stats/report_read.c ---- */

/* The points of a sweep folder (index.csv), or a run folder as one point,
 * with every point's replicates from its summary.csv; false after a
 * message, bad content setting r->bad_input.  report_free frees it, also
 * after false. */
bool report_load(const char *root, struct report *r);

/* Frees what report_load and report_compute allocated (not r itself). */
void report_free(struct report *r);

/* A point's folder ("p001"; "." for a run folder). */
const char *report_dir(const struct report *r, const struct report_point *p);

/* A point's value of swept setting a. */
const char *report_value(const struct report *r, const struct report_point *p, size_t a);

/* dir/sub/name opened for reading; NULL when it cannot be. */
FILE *report_open(const char *dir, const char *sub, const char *name);

/* ---- statistics and ranking: cli/stats/report_rank.c ---- */

/* Each point's success rate, evaluations to a solution, ERT with its
 * bootstrap interval and final best fitness, then the ranking (r->order,
 * r->best) and each point's test against the best; false on failure. */
bool report_compute(struct report *r);

/* The order of the ranking before significance: a lower ERT, then a
 * higher success rate, then (with objectives) a higher mean final
 * hypervolume, then a lower mean final best fitness.  Points
 * neither before the other tie. */
bool report_before(const struct report_point *a, const struct report_point *b);

/* The compared measure of a point's replicates, lower is better:
 * evaluations to a solution (unsolved counting worse than any), else the
 * final hypervolume negated (by_hv), else the final best fitness. */
const double *report_measure(const struct report *r, const struct report_point *p);
/* Its name in sweep.csv's column 'compared'. */
const char *report_measure_name(const struct report *r);

/* The share of a point's replicates that solved. */
double report_share(const struct report_point *p);

/* ---- tables: cli/stats/report_table.c ---- */

/* Writes root/sweep.csv: a row per point, its statistics and its rank. */
bool report_write_csv(const char *root, const struct report *r);

/* The points ranked, best first, one per line, then the rule that ranked them. */
void report_print(const struct report *r, FILE *out);

/* A run folder: its replicates one per line, then what they add up to. */
void report_print_run(const struct report *r, FILE *out);

/* ---- figures: cli/figures/report_figures.c ---- */

/* The sweep's figures: their scripts written, their drawing queued to 'plot'.
 * Those that do not read budget.dat go first, the longest (the runs'
 * boxes) at their head, so that the gnuplots draw while budget.dat is
 * computed. */
bool report_figures(const char *root, const struct report *r, struct gnuplots *plot);

#endif
