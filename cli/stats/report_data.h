/* cli/stats/report_data.h — struct report: a sweep or run folder as read and ranked, shared by the statistics and the figures. */
#ifndef GA_CLI_STATS_REPORT_DATA_H
#define GA_CLI_STATS_REPORT_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/store/names.h"
#include "gaexp/compare.h"

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

#endif
