/* cli/figures/report_figures.c — a sweep's figures: their data files and gnuplot scripts, queued to the gnuplots. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_statistics_double.h>

#include "app/app.h"
#include "app/file.h"
#include "cli/figures/figures.h"
#include "cli/figures/gnuplots.h"
#include "cli/figures/report_figures.h"
#include "cli/stats/report_rank.h"
#include "cli/stats/report_read.h"
#include "cli/store/figure.h"
#include "gaexp/compare.h"

/* Box plots one figure draws; past this, those of the best points by the ranking, with a note. */
#define REPORT_MAX_BOXES 30
/* Values named on a heatmap's or a word-valued success figure's axis;
 * past this, every k-th, and the heatmap's cells go unlabelled. */
#define REPORT_MAX_TICS 20
/* A legend or tick label, in characters. */
#define REPORT_LABEL 160
/* The line under every script's first: who rewrites it, and where its look is. */
#define REPORT_REWRITTEN \
    "# gaexp plot rewrites this script; the look is in style.gp, which it never rewrites.\n"

/* What the figures of a sweep share.  Only the points drawn as curves keep
 * their traces (their generations.csv): memory does not grow with the points. */
struct report_fig {
    struct figures_setup setup;
    bool by_evaluations;     /* x axis: evaluations, else generations */
    size_t shown;            /* points drawn as curves: the first 'shown' of the ranking */
    size_t drawn[FIGURES_MAX_CURVES]; /* those points in point order: the blocks of budget.dat */
    struct figures_traces traces[FIGURES_MAX_CURVES]; /* per block */
    bool same[64];           /* per component of the swept values: alike at every point */
    bool use_same;           /* same[] covers every component, and there are several points */
    char names[200];         /* the names of what varies, for an axis under the tics */
    char note[200];          /* says when not every point is drawn */
    double x_low, x_high;    /* evaluations over every run */
    double y_high;           /* the highest best fitness at any run's start */
    struct gnuplots *plot; /* the gnuplots that draw them; NULL: none */
};

static void report_fig_free(struct report_fig *f)
{
    for (size_t b = 0; b < f->shown; b++)
        figures_traces_free(&f->traces[b]);
}

/* Whether a swept path changes what a generation costs: the population or the scheme. */
static bool report_costs_vary(const struct report *r)
{
    for (size_t a = 0; a < r->axes; a++)
        if (strstr(r->axis[a], "ga.population") || strstr(r->axis[a], "ga.evaluate_all") ||
            strstr(r->axis[a], "ga.islands"))
            return true;
    return false;
}

/* Which components of the swept values are alike at every point (legends
 * leave them out), and the names of the others. */
static void report_fig_same(const struct report *r, struct report_fig *f)
{
    size_t k = 0;
    for (size_t a = 0; a < r->axes; a++) {
        const char *path = r->axis[a];
        for (size_t c = 0; *path; c++) {
            size_t plen = strcspn(path, "+");
            if (k < 64) {
                f->same[k] = true;
                for (size_t i = 1; i < r->count; i++) { /* component c of every point's value */
                    const char *v0 = report_value(r, &r->point[0], a), *vi = report_value(r, &r->point[i], a);
                    for (size_t s = 0; s < c; s++) {
                        v0 += strcspn(v0, " ") + (v0[strcspn(v0, " ")] == ' ');
                        vi += strcspn(vi, " ") + (vi[strcspn(vi, " ")] == ' ');
                    }
                    size_t l0 = strcspn(v0, " "), li = strcspn(vi, " ");
                    f->same[k] &= l0 == li && strncmp(v0, vi, l0) == 0;
                }
            }
            k++;
            path += plen + (path[plen] == '+');
        }
    }
    f->use_same = k <= 64 && r->count > 1;
    const char *axis[NAMES_SWEEP_AXES], *none[NAMES_SWEEP_AXES];
    for (size_t a = 0; a < r->axes; a++)
        axis[a] = r->axis[a], none[a] = "";
    figures_label(axis, none, r->axes, f->use_same ? f->same : NULL, f->names, sizeof f->names);
}

/* Point i's legend, what varies ("mutation rate 0.2"), or with 'names'
 * false its values alone, for a tick ("0.2"); REPORT_LABEL characters. */
static void report_fig_text(const struct report *r, const struct report_fig *f, size_t i, bool names, char *buf)
{
    const char *axis[NAMES_SWEEP_AXES], *value[NAMES_SWEEP_AXES];
    for (size_t a = 0; a < r->axes; a++)
        axis[a] = r->axis[a], value[a] = report_value(r, &r->point[i], a);
    if (names && r->run_folder)
        snprintf(buf, REPORT_LABEL, "this run");
    else if (names)
        figures_label(axis, value, r->axes, f->use_same ? f->same : NULL, buf, REPORT_LABEL);
    else
        figures_values(axis, value, r->axes, f->use_same ? f->same : NULL, buf, REPORT_LABEL);
}

static int report_fig_cmp_index(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* The m best points by the ranking, in point order, into points[]. */
static void report_fig_best(const struct report *r, size_t m, size_t *points)
{
    memcpy(points, r->order, m * sizeof *points);
    qsort(points, m, sizeof *points, report_fig_cmp_index);
}

/* What a figure of the m best points says of them; "" when m is every point. */
static void report_fig_note(const struct report *r, size_t m, char *buf, size_t size)
{
    buf[0] = '\0';
    if (m < r->count)
        snprintf(buf, size, "the %zu best of %zu points by the ranking of gaexp report%s", m, r->count,
                 r->tested ? "" : ", significance not tested");
}

/* Point i's block in budget.dat (it is one of f->drawn). */
static size_t report_fig_block(const struct report_fig *f, size_t i)
{
    size_t b = 0;
    while (b + 1 < f->shown && f->drawn[b] != i)
        b++;
    return b;
}

/* The axes' ranges over every run, in one pass over the points'
 * generations.csv, keeping the traces of the points drawn as curves. */
static bool report_fig_prepare(const char *root, const struct report *r, struct gnuplots *plot,
                               struct report_fig *f)
{
    *f = (struct report_fig){.x_low = INFINITY, .x_high = 0, .y_high = 0, .plot = plot};
    const char *swept[NAMES_SWEEP_AXES];
    for (size_t a = 0; a < r->axes; a++)
        swept[a] = r->axis[a];
    char path[2200];
    snprintf(path, sizeof path, "%s/%s/config.cfg", root, report_dir(r, &r->point[0]));
    figures_setup_read(path, swept, r->axes, &f->setup);
    f->by_evaluations = strcmp(f->setup.xaxis, "evaluations") == 0 ||
                        (strcmp(f->setup.xaxis, "auto") == 0 && report_costs_vary(r));
    f->shown = r->count < FIGURES_MAX_CURVES ? r->count : FIGURES_MAX_CURVES;
    report_fig_note(r, f->shown, f->note, sizeof f->note);
    report_fig_best(r, f->shown, f->drawn);
    report_fig_same(r, f);
    for (size_t i = 0, b = 0; i < r->count; i++) {
        struct figures_traces t;
        snprintf(path, sizeof path, "%s/%s/generations.csv", root, report_dir(r, &r->point[i]));
        if (!figures_traces_read(path, &t))
            return false;
        for (size_t j = 0; j < t.replicates; j++) {
            f->x_low = fmin(f->x_low, t.evaluations[t.start[j]]);
            f->x_high = fmax(f->x_high, t.evaluations[t.start[j + 1] - 1]);
            f->y_high = fmax(f->y_high, t.best[t.start[j]]);
        }
        if (b < f->shown && f->drawn[b] == i)
            f->traces[b++] = t;
        else
            figures_traces_free(&t);
    }
    return true;
}

/* The x axis over evaluations: logarithmic when it spans two decades or more. */
static bool report_fig_logx(const struct report_fig *f)
{
    return f->x_low > 0 && f->x_high / f->x_low >= 100;
}

/* An x axis of evaluations over the runs' span. */
static void report_fig_evaluations_axis(FILE *out, const struct report_fig *f, const char *label)
{
    fprintf(out, "set xlabel '%s'\n", label);
    if (report_fig_logx(f))
        fprintf(out, "set logscale x\nset xrange [%.10g:%.10g]\n", f->x_low, f->x_high * 1.1);
    else
        fprintf(out, "set xrange [%.10g:%.10g]\n", f->x_low, f->x_high);
}

/* The y axis of best fitness: log(fitness + 1), ticks labelled with the
 * fitness itself, from a little below 0 (curves at 0 stay in sight) to the
 * highest start. */
static void report_fig_fitness_axis(FILE *out, double high, const char *label)
{
    fprintf(out, "set ylabel '%s (log scale of fitness + 1)'\nset logscale y\n", label);
    fprintf(out, "set yrange [0.85:%.6g]\nset ytics (", (high + 1) * 1.15);
    static const double steps[] = {1, 2, 5};
    fprintf(out, "'0' 1");
    for (double decade = 1; decade <= high * 10; decade *= 10)
        for (size_t s = 0; s < 3; s++)
            if (steps[s] * decade <= high * 1.15)
                fprintf(out, ", '%.0f' %.0f", steps[s] * decade, steps[s] * decade + 1);
    fprintf(out, ")\n");
}

/* The grid of budgets over which runs are compared: 100 points, log-spaced when the axis is. */
static double report_fig_budget(const struct report_fig *f, size_t k, size_t n)
{
    double q = (double)k / (double)(n - 1);
    if (report_fig_logx(f))
        return exp(log(f->x_low) + q * (log(f->x_high) - log(f->x_low)));
    return f->x_low + q * (f->x_high - f->x_low);
}

static int report_fig_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* budget.dat: per point drawn as a curve (one gnuplot index each, in point
 * order), at each budget t the best fitness after t evaluations over the
 * replicates: mean with its 95% t interval, median and quartiles.  Budgets
 * before a replicate's first generation was evaluated are left out. */
static bool report_fig_budget_data(const char *root, const struct report *r, const struct report_fig *f)
{
    struct app_file out;
    if (!app_file_open(&out, root, "budget.dat"))
        return false;
    fprintf(out.fp, "# best fitness after t evaluations over the replicates, one block per point\n"
                    "# evaluations mean mean_low mean_high median q1 q3\n");
    for (size_t b = 0; b < f->shown; b++) {
        const struct figures_traces *t = &f->traces[b];
        double v[t->replicates ? t->replicates : 1], quantile = ga_compare_t_quantile(t->replicates, 0.95);
        char label[REPORT_LABEL];
        report_fig_text(r, f, f->drawn[b], true, label);
        fprintf(out.fp, "%s# point %s: %s\n", b ? "\n\n" : "", report_dir(r, &r->point[f->drawn[b]]), label);
        for (size_t k = 0; k < 100; k++) {
            double budget = report_fig_budget(f, k, 100), mean, half, median, q1, q3;
            size_t n = 0;
            for (size_t j = 0; j < t->replicates; j++)
                v[n] = figures_traces_at(t, j, budget), n += !isnan(v[n]);
            if (n < t->replicates)
                continue;
            ga_compare_mean_ci_t(v, n, quantile, &mean, &half); /* n is t->replicates */
            qsort(v, n, sizeof *v, report_fig_cmp);
            median = gsl_stats_median_from_sorted_data(v, 1, n);
            q1 = gsl_stats_quantile_from_sorted_data(v, 1, n, 0.25);
            q3 = gsl_stats_quantile_from_sorted_data(v, 1, n, 0.75);
            fprintf(out.fp, "%.10g %.10g %.10g %.10g %.10g %.10g %.10g\n", budget, mean, mean - half,
                    mean + half, median, q1, q3);
        }
    }
    return app_file_commit(&out);
}

/* A title's text: what was measured (NULL: not said), on which problem,
 * with which budget, then 'note' in brackets ("": none). */
static void report_fig_about(const struct report_fig *f, const char *what, const char *note, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s; %lu replicate%s a point%s%s%s%s%s", what ? what : "", what ? "\n" : "",
             f->setup.problem, f->setup.replicates, f->setup.replicates == 1 ? "" : "s",
             f->setup.budget[0] ? "; " : "", f->setup.budget, note[0] ? "\n(" : "", note, note[0] ? ")" : "");
}

/* The title line of a script: report_fig_about's text. */
static void report_fig_title(FILE *out, const struct report_fig *f, const char *what, const char *note)
{
    char title[800];
    report_fig_about(f, what, note, title, sizeof title);
    figures_title(out, title);
    fprintf(out, "\n");
}

/* "set xlabel 'mutation rate'": the axis 'which' named for one swept setting. */
static void report_fig_axis_label(FILE *out, const char *which, const char *path)
{
    const char *axis[1] = {path}, *value[1] = {""};
    char words[160];
    figures_label(axis, value, 1, NULL, words, sizeof words);
    fprintf(out, "set %s ", which);
    figures_quoted(out, words);
    fprintf(out, "\n");
}

/* A script's text built in memory, then written whole. */
struct report_script {
    char *text;
    size_t size;
    FILE *out;
};

static bool report_script_open(struct report_script *s)
{
    *s = (struct report_script){0};
    s->out = open_memstream(&s->text, &s->size);
    if (!s->out)
        app_error("out of memory");
    return s->out != NULL;
}

/* Writes the script and queues its figure. */
static bool report_script_draw(struct report_script *s, const char *root, const struct report_fig *f,
                               const char *name)
{
    bool ok = fclose(s->out) == 0;
    char script[64], figure[64];
    snprintf(script, sizeof script, "%s.gp", name);
    figures_file(&f->setup, name, figure, sizeof figure);
    ok = ok && output_script(root, script, s->text);
    free(s->text);
    if (ok)
        gnuplots_add(f->plot, root, script, figure);
    return ok;
}

static void report_script_head(FILE *out, const struct report *r, const struct report_fig *f, const char *name,
                               const char *about)
{
    fprintf(out, "# %s.gp — written by gaexp: %s.\n"
                 REPORT_REWRITTEN,
            name, about);
    size_t longest = 0;
    for (size_t k = 0; k < f->shown; k++) {
        char label[REPORT_LABEL];
        report_fig_text(r, f, r->order[k], true, label);
        longest = strlen(label) > longest ? strlen(label) : longest;
    }
    /* long legends go below, where they take height, not the plot's width */
    figures_opening(out, &f->setup, name, 1100, longest > 32 ? 760 : 650);
    fprintf(out, "set key %s\n", longest > 32 ? "below maxrows 4" : "outside right top");
}

/* The legend of the k-th curve, ending its plot clause (a comma but after the last). */
static void report_fig_legend(FILE *out, const struct report *r, const struct report_fig *f, size_t k)
{
    char label[REPORT_LABEL];
    report_fig_text(r, f, r->order[k], true, label);
    figures_quoted(out, label);
    fprintf(out, "%s\n", k + 1 < f->shown ? ", \\" : "");
}

/* A figure of best fitness, one curve a point drawn: its script opened,
 * with its head, its title (what it shows) and its y axis. */
static bool report_fitness_open(struct report_script *s, const struct report *r, const struct report_fig *f,
                                const char *name, const char *about, const char *what)
{
    if (!report_script_open(s))
        return false;
    report_script_head(s->out, r, f, name, about);
    report_fig_title(s->out, f, what, f->note);
    report_fig_fitness_axis(s->out, f->y_high, "best fitness");
    return true;
}

/* The k-th curve of the ranking: a band between the columns 'band' ("($6 +
 * 1):($7 + 1)") and a line of the column 'line', against column 1 of the
 * rows 'rows' ("index 2", "skip 1") of 'data', then its legend. */
static void report_fig_band(FILE *out, const struct report *r, const struct report_fig *f, size_t k,
                            const char *data, const char *rows, const char *band, const char *line)
{
    fprintf(out, "  '%s' %s using 1:%s with filledcurves lt %zu notitle, \\\n"
                 "  '' %s using 1:%s with lines lt %zu title ",
            data, rows, band, k + 1, rows, line, k + 1);
    report_fig_legend(out, r, f, k);
}

/* curves: mean best fitness with its 95% band, against evaluations
 * (budget.dat) or generations (each point's curves.csv). */
static bool report_curves(const char *root, const struct report *r, const struct report_fig *f)
{
    struct report_script s;
    if (!report_fitness_open(&s, r, f, "curves", "mean best fitness per point with its 95% confidence band",
                             "Best fitness so far, mean over the replicates with its 95% interval"))
        return false;
    if (f->by_evaluations) {
        report_fig_evaluations_axis(s.out, f, "evaluations");
    } else {
        fprintf(s.out, "set xlabel 'generation'\nset datafile separator ','\n");
    }
    fprintf(s.out, "plot \\\n");
    for (size_t k = 0; k < f->shown; k++) {
        char data[64], rows[32];
        if (f->by_evaluations) {
            snprintf(rows, sizeof rows, "index %zu", report_fig_block(f, r->order[k]));
            report_fig_band(s.out, r, f, k, "budget.dat", rows, "($3 > 0 ? $3 + 1 : 1):($4 + 1)", "($2 + 1)");
        } else {
            snprintf(data, sizeof data, "%s/curves.csv", report_dir(r, &r->point[r->order[k]]));
            report_fig_band(s.out, r, f, k, data, "skip 1", "($4 > 0 ? $4 + 1 : 1):($5 + 1)", "($3 + 1)");
        }
    }
    return report_script_draw(&s, root, f, "curves");
}

/* fixed-budget: the median best fitness after t evaluations and its quartiles. */
static bool report_fixed_budget(const char *root, const struct report *r, const struct report_fig *f)
{
    struct report_script s;
    if (!report_fitness_open(&s, r, f, "fixed-budget", "best fitness after t evaluations, median and quartiles",
                             "Fixed budget: best fitness after t evaluations, median and quartiles"))
        return false;
    report_fig_evaluations_axis(s.out, f, "evaluations (budget t)");
    fprintf(s.out, "plot \\\n");
    for (size_t k = 0; k < f->shown; k++) {
        char rows[32];
        snprintf(rows, sizeof rows, "index %zu", report_fig_block(f, r->order[k]));
        report_fig_band(s.out, r, f, k, "budget.dat", rows, "($6 + 1):($7 + 1)", "($5 + 1)");
    }
    return report_script_draw(&s, root, f, "fixed-budget");
}

/* ecdf.dat and ecdf: the share of runs that reached the target within t
 * evaluations; an unsolved run is censored at its budget (the curve stays
 * flat to the last evaluation of the point's runs, below 1). */
static bool report_ecdf(const char *root, const struct report *r, const struct report_fig *f)
{
    struct app_file out;
    if (!app_file_open(&out, root, "ecdf.dat"))
        return false;
    fprintf(out.fp, "# evaluations share_of_runs_solved, one block per point\n");
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        double solved[p->solved ? p->solved : 1], last = 0;
        size_t n = 0;
        for (size_t j = 0; j < p->replicates; j++) {
            last = fmax(last, p->spent[j]);
            if (p->solved_flag[j])
                solved[n++] = p->spent[j];
        }
        qsort(solved, n, sizeof *solved, report_fig_cmp);
        char label[REPORT_LABEL];
        report_fig_text(r, f, i, true, label);
        fprintf(out.fp, "%s# point %s: %s\n%.10g 0\n", i ? "\n\n" : "", report_dir(r, p), label, f->x_low);
        for (size_t k = 0; k < n; k++)
            fprintf(out.fp, "%.10g %.10g\n", solved[k], (double)(k + 1) / (double)p->replicates);
        fprintf(out.fp, "%.10g %.10g\n", fmax(last, f->x_low), (double)n / (double)p->replicates);
    }
    if (!app_file_commit(&out))
        return false;
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    report_script_head(s.out, r, f, "ecdf", "share of runs solved within t evaluations (fixed target)");
    report_fig_title(s.out, f, "Fixed target: share of runs solved within t evaluations (unsolved runs censored at their budget)", f->note);
    report_fig_evaluations_axis(s.out, f, "evaluations");
    fprintf(s.out, "set ylabel 'share of runs solved'\nset yrange [0:1.02]\n");
    fprintf(s.out, "plot \\\n");
    for (size_t k = 0; k < f->shown; k++) {
        size_t i = r->order[k];
        fprintf(s.out, "  'ecdf.dat' index %zu using 1:2 with steps lt %zu title ", i, k + 1);
        report_fig_legend(s.out, r, f, k);
    }
    return report_script_draw(&s, root, f, "ecdf");
}

/* The highest final best fitness of any run of the m points[]. */
static double report_fig_highest(const struct report *r, const size_t *points, size_t m)
{
    double high = 0;
    for (size_t b = 0; b < m; b++)
        for (size_t j = 0; j < r->point[points[b]].replicates; j++)
            high = fmax(high, r->point[points[b]].final_best[j]);
    return high;
}

/* runs.dat: a block per point boxed, its runs' final best fitness and evaluations to a solution. */
static bool report_runs_data(const char *root, const struct report *r, const struct report_fig *f,
                             const size_t *boxed, size_t m)
{
    struct app_file out;
    if (!app_file_open(&out, root, "runs.dat"))
        return false;
    fprintf(out.fp, r->by_hv ? "# final_hv final_igd (-1: unknown), one block per point\n"
                             : "# final_best evaluations_to_solution (-1: unsolved), one block per point\n");
    for (size_t b = 0; b < m; b++) {
        const struct report_point *p = &r->point[boxed[b]];
        char label[REPORT_LABEL];
        report_fig_text(r, f, boxed[b], true, label);
        fprintf(out.fp, "%s# point %s: %s\n", b ? "\n\n" : "", report_dir(r, p), label);
        for (size_t j = 0; j < p->replicates; j++)
            if (r->by_hv)
                fprintf(out.fp, "%.10g %.10g\n", p->final_hv[j], isnan(p->final_igd[j]) ? -1.0 : p->final_igd[j]);
            else
                fprintf(out.fp, "%.10g %.10g\n", p->final_best[j], p->solved_flag[j] ? p->spent[j] : -1.0);
    }
    return app_file_commit(&out);
}

/* The boxes' x tics: each point's values and its runs solved, at 1, 2, ... */
static void report_box_tics(FILE *out, const struct report *r, const struct report_fig *f, const size_t *boxed,
                            size_t m)
{
    for (size_t b = 0; b < m; b++) {
        const struct report_point *p = &r->point[boxed[b]];
        char values[REPORT_LABEL], tic[200];
        report_fig_text(r, f, boxed[b], false, values);
        snprintf(tic, sizeof tic, "%s (%zu/%zu)", values, p->solved, p->replicates);
        fprintf(out, "%s", b ? ", " : "");
        figures_quoted(out, tic);
        fprintf(out, " %zu", b + 1);
    }
}

/* The panels of boxes.gp with objectives: the final hypervolume and the final IGD. */
static bool report_boxes_hv(struct report_script *s, const char *root, const struct report_fig *f, size_t m)
{
    fprintf(s->out, "set title 'Final hypervolume (higher is better)'\nset ylabel 'final hypervolume'\n"
                    "plot for [i=0:%zu] 'runs.dat' index i using (i + 1):1 lt (i %% 12 + 1) dt 1\n"
                    "set title 'Final IGD to the true front (lower is better)'\nset ylabel 'final IGD'\n"
                    "plot for [i=0:%zu] 'runs.dat' index i using (i + 1):($2 < 0 ? 1/0 : $2) lt (i %% 12 + 1) dt 1\n"
                    "unset multiplot\n",
            m - 1, m - 1);
    return report_script_draw(s, root, f, "boxes");
}

/* runs.dat and boxes: per point, box plots of the final best fitness and of
 * the evaluations to a solution (solved runs only; how many under each box);
 * past REPORT_MAX_BOXES points those of the best by the ranking, as gnuplot
 * reads runs.dat again for each box. */
static bool report_boxes(const char *root, const struct report *r, const struct report_fig *f)
{
    size_t boxed[REPORT_MAX_BOXES], m = r->count < REPORT_MAX_BOXES ? r->count : REPORT_MAX_BOXES;
    report_fig_best(r, m, boxed);
    struct report_script s;
    if (!report_runs_data(root, r, f, boxed, m) || !report_script_open(&s))
        return false;
    if (m < r->count)
        fprintf(s.out, "# boxes.gp — written by gaexp: for the %zu best of %zu points by the ranking of gaexp\n"
                       "# report, box plots of the final best fitness and of the evaluations to a solution\n"
                       "# (runs.dat holds those points only; every point's runs are in its summary.csv).\n",
                m, r->count);
    else
        fprintf(s.out, "# boxes.gp — written by gaexp: per point, box plots of the final best fitness and of\n"
                       "# the evaluations to a solution (runs.dat).\n");
    fputs(REPORT_REWRITTEN, s.out);
    figures_opening(s.out, &f->setup, "boxes", m > 12 ? 1300 : 1000, 1000);
    char title[800], note[200];
    report_fig_note(r, m, note, sizeof note);
    report_fig_about(f, NULL, note, title, sizeof title);
    fprintf(s.out, "set multiplot layout 2,1 title ");
    figures_quoted(s.out, title);
    fprintf(s.out, "\nset style data boxplot\nset style boxplot outliers pointtype 7\n"
                   "set style fill solid 0.3 border\nunset key\nset pointsize 0.6\n"
                   "set xtics (");
    report_box_tics(s.out, r, f, boxed, m);
    fprintf(s.out, ") rotate by -30 left\nset xrange [0.3:%zu.7]\n", m);
    fprintf(s.out, "set xlabel ");
    figures_quoted(s.out, f->names);
    fprintf(s.out, "\n");
    if (r->by_hv) /* several objectives: the final fronts' indicators */
        return report_boxes_hv(&s, root, f, m);
    double high = report_fig_highest(r, boxed, m);
    fprintf(s.out, "set title 'Final best fitness (lower is better; under each box: runs solved)'\n"
                   "set ylabel 'final best fitness'\nset yrange [0:%.6g]\n"
                   "plot for [i=0:%zu] 'runs.dat' index i using (i + 1):1 lt (i %% 12 + 1) dt 1\n"
                   "set title 'Evaluations to a solution (solved runs only)'\n"
                   "set ylabel 'evaluations (log scale)'\nset yrange [*:*]\nset logscale y\n",
            high > 0 ? high * 1.08 : 1.0, m - 1);
    /* gnuplot refuses a box of no value: points that never solved are left out */
    bool first = true;
    for (size_t b = 0; b < m; b++)
        if (r->point[boxed[b]].solved) {
            fprintf(s.out, "%s'runs.dat' index %zu using (%zu):($2 < 0 ? 1/0 : $2) lt %zu dt 1", first ? "plot " : ", \\\n     ",
                    b, b + 1, b % 12 + 1);
            first = false;
        }
    if (first)
        fprintf(s.out, "unset logscale y\nset label 'no run solved' at graph 0.5, 0.5 center\nset yrange [0:1]\nplot 1/0 notitle");
    fprintf(s.out, "\nunset multiplot\n");
    return report_script_draw(&s, root, f, "boxes");
}

/* Every how many values an axis of n values names one: at most REPORT_MAX_TICS named. */
static size_t report_tic_step(size_t n)
{
    return (n + REPORT_MAX_TICS - 1) / REPORT_MAX_TICS;
}

/* "set Xtics (...)": a heatmap axis of n values of setting a, the point of
 * value k at k * stride; every report_tic_step(n)-th named. */
static void report_heat_tics(FILE *out, const struct report *r, const char *which, size_t n, size_t stride,
                             size_t a)
{
    fprintf(out, "set %s (", which);
    for (size_t k = 0; k < n; k += report_tic_step(n)) {
        fprintf(out, "%s", k ? ", " : "");
        figures_quoted(out, report_value(r, &r->point[k * stride], a));
        fprintf(out, " %zu", k);
    }
    fprintf(out, ")\n");
}

/* heatmap.dat and heatmap: success rate (or mean final best fitness when
 * no point solves) over the two swept settings; each cell's value written
 * in it while each axis has at most REPORT_MAX_TICS values. */
static bool report_heatmap(const char *root, const struct report *r, const struct report_fig *f)
{
    size_t ny = 1; /* values of the second setting: the period of the first */
    while (ny < r->count && strcmp(report_value(r, &r->point[ny], 0), report_value(r, &r->point[0], 0)) == 0)
        ny++;
    size_t nx = r->count / ny;
    bool success = false;
    for (size_t i = 0; i < r->count; i++)
        success |= r->point[i].solved > 0;
    struct app_file out;
    if (!app_file_open(&out, root, "heatmap.dat"))
        return false;
    fprintf(out.fp, "# x y value label: %s over %s (x) and %s (y)\n",
            success ? "success rate" : "mean final best fitness", r->axis[0], r->axis[1]);
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        double v = success ? report_share(p) : p->best_mean;
        fprintf(out.fp, "%zu %zu %.10g \"", i / ny, i % ny, v);
        fprintf(out.fp, success ? "%.0f%%\"\n" : "%.3g\"\n", success ? 100 * v : v);
    }
    if (!app_file_commit(&out))
        return false;
    /* A colour range gnuplot cannot make alone: every point of one value (it would warn, "empty cb range"). */
    char range[96] = "";
    double low = INFINITY, high = -INFINITY;
    for (size_t i = 0; !success && i < r->count; i++)
        low = fmin(low, r->point[i].best_mean), high = fmax(high, r->point[i].best_mean);
    if (success)
        snprintf(range, sizeof range, "set cbrange [0:1]\n");
    else if (low == high) /* a unit around it, never below 0 (no fitness is) */
        snprintf(range, sizeof range, "set cbrange [%.10g:%.10g]\n", low > 0.5 ? low - 0.5 : 0,
                 low > 0.5 ? low + 0.5 : 1);
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    fprintf(s.out, "# heatmap.gp — written by gaexp: %s of every sweep point (heatmap.dat).\n"
                   REPORT_REWRITTEN,
            success ? "success rate" : "mean final best fitness");
    figures_opening(s.out, &f->setup, "heatmap", 900, 650);
    bool labelled = nx <= REPORT_MAX_TICS && ny <= REPORT_MAX_TICS;
    char note[100] = "";
    if (!labelled)
        snprintf(note, sizeof note, "%zu x %zu points: the colour alone gives each value", nx, ny);
    report_fig_title(s.out, f, success ? "Share of replicates solved" : "Mean final best fitness (lower is better)",
                     note);
    report_fig_axis_label(s.out, "xlabel", r->axis[0]);
    report_fig_axis_label(s.out, "ylabel", r->axis[1]);
    report_heat_tics(s.out, r, "xtics", nx, ny, 0);
    report_heat_tics(s.out, r, "ytics", ny, 1, 1);
    fprintf(s.out, "set xrange [-0.5:%zu.5]\nset yrange [-0.5:%zu.5]\nunset grid\n"
                   "set palette defined (0 '%s', 0.5 '#fee08b', 1 '%s')\n%sset cblabel '%s'\n"
                   "set style fill solid 1 noborder\nunset key\n"
                   /* a box a cell, not 'with image', which needs a grid of 2 x 2 at least */
                   "plot 'heatmap.dat' using 1:2:(0.5):(0.5):3 with boxxyerror fc palette notitle%s\n",
            nx - 1, ny - 1, success ? "#d73027" : "#1a9850", success ? "#1a9850" : "#d73027", range,
            success ? "share solved" : "final best",
            labelled ? ", \\\n     '' using 1:2:4 with labels notitle" : "");
    return report_script_draw(&s, root, f, "heatmap");
}

/* Whether every point's value of the one swept setting is a number. */
static bool report_numeric(const struct report *r)
{
    for (size_t i = 0; i < r->count; i++) {
        char *end;
        strtod(report_value(r, &r->point[i], 0), &end);
        if (end == report_value(r, &r->point[i], 0) || *end)
            return false;
    }
    return true;
}

/* success.dat and success: for one swept setting, the share solved with its
 * 95% Wilson interval and the ERT; a numeric setting on a numeric axis,
 * words one a place (every report_tic_step-th named). */
static bool report_profile(const char *root, const struct report *r, const struct report_fig *f)
{
    struct app_file out;
    if (!app_file_open(&out, root, "success.dat"))
        return false;
    bool numeric = report_numeric(r), any_solved = false;
    fprintf(out.fp, "# x \"value\" solved_share low high ert final_best_mean\n");
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        any_solved |= p->solved > 0;
        char x[32], tic[REPORT_LABEL];
        snprintf(x, sizeof x, "%zu", i); /* a category's place when the values are words */
        report_fig_text(r, f, i, false, tic);
        fprintf(out.fp, "%s \"%s\" %.6f %.6f %.6f %.10g %.10g\n", numeric ? report_value(r, p, 0) : x, tic,
                report_share(p), p->success.low, p->success.high,
                isinf(p->ert) ? -1.0 : p->ert, p->best_mean);
    }
    if (!app_file_commit(&out))
        return false;
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    fprintf(s.out, "# success.gp — written by gaexp: share of replicates solved at each value of %s\n"
                   "# (95%% Wilson interval) and the ERT (success.dat).\n"
                   REPORT_REWRITTEN,
            r->axis[0]);
    figures_opening(s.out, &f->setup, "success", 1000, 600);
    report_fig_title(s.out, f, "Share of replicates solved, and ERT", "");
    report_fig_axis_label(s.out, "xlabel", r->axis[0]);
    fprintf(s.out, "set ylabel 'share of replicates solved'\nset yrange [0:1.05]\n"
                   "set key outside top center horizontal\n");
    double ert_low = INFINITY, ert_high = 0;
    for (size_t i = 0; i < r->count; i++)
        if (isfinite(r->point[i].ert)) {
            ert_low = fmin(ert_low, r->point[i].ert);
            ert_high = fmax(ert_high, r->point[i].ert);
        }
    if (any_solved) /* ERTs two decades apart or more share a log axis */
        fprintf(s.out, "set y2label 'ERT (evaluations per solved run%s)'\n%s\nset ytics nomirror\nset y2tics\n",
                ert_high >= 100 * ert_low ? ", log scale" : "",
                ert_high >= 100 * ert_low ? "set logscale y2\nset y2range [*:*]" : "set y2range [0:*]");
    if (!numeric)
        fprintf(s.out, "set xrange [-0.5:%zu.5]\nset xtics rotate by -30 left\n", r->count - 1);
    char xtic[80];
    if (r->count > REPORT_MAX_TICS)
        snprintf(xtic, sizeof xtic, ":xtic(int($1) %% %zu == 0 ? strcol(2) : '')", report_tic_step(r->count));
    else
        snprintf(xtic, sizeof xtic, ":xtic(2)");
    fprintf(s.out, "plot 'success.dat' using 1:3:4:5%s with yerrorlines lt 3 dt 1 title 'share solved (95%% Wilson interval)'",
            numeric ? "" : xtic);
    if (any_solved)
        fprintf(s.out, ", \\\n     '' using 1:($6 < 0 ? 1/0 : $6) axes x1y2 with linespoints lt 1 dt 1 "
                       "title 'ERT (right axis)'");
    fprintf(s.out, "\n");
    return report_script_draw(&s, root, f, "success");
}

bool report_figures(const char *root, const struct report *r, struct gnuplots *plot)
{
    struct report_fig f = {0};
    bool ok = figures_style(root) && report_fig_prepare(root, r, plot, &f) && report_boxes(root, r, &f) &&
              report_ecdf(root, r, &f);
    if (ok && r->axes == 1 && r->count >= 2)
        ok = report_profile(root, r, &f);
    if (ok && r->axes == 2 && r->count >= 2)
        ok = report_heatmap(root, r, &f);
    ok = ok && report_fig_budget_data(root, r, &f) && report_curves(root, r, &f) && report_fixed_budget(root, r, &f);
    report_fig_free(&f);
    return ok;
}
