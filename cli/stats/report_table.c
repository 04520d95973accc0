/* cli/stats/report_table.c — the ranking as tables: sweep.csv, and what 'gaexp report' prints. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app/file.h"
#include "cli/stats/report_rank.h"
#include "cli/stats/report_read.h"
#include "cli/stats/report_table.h"

bool report_write_csv(const char *root, const struct report *r)
{
    struct app_file f;
    if (!app_file_open(&f, root, "sweep.csv"))
        return false;
    size_t *rank = malloc(r->count * sizeof *rank);
    if (!rank) {
        app_file_abandon(&f);
        return false;
    }
    for (size_t k = 0; k < r->count; k++)
        rank[r->order[k]] = k + 1;
    fprintf(f.fp, "point,dir");
    for (size_t i = 0; i < r->axes; i++)
        fprintf(f.fp, ",%s", r->axis[i]);
    fprintf(f.fp, ",replicates,solved,success_rate,success_low,success_high,evaluations_mean,"
                  "evaluations_median,ert,ert_low,ert_high,final_best_mean,final_best_ci95,compared,"
                  "p_value,a12,rank%s\n", r->by_hv ? ",hv_mean,hv_ci95,igd_mean,igd_ci95" : "");
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        fprintf(f.fp, "%zu,%s", i + 1, report_dir(r, p));
        for (size_t a = 0; a < r->axes; a++)
            fprintf(f.fp, ",%s", report_value(r, p, a));
        fprintf(f.fp, ",%zu,%zu,%.6f,%.6f,%.6f,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%s%s,%.6g,%.6f,%zu",
                p->replicates, p->solved, report_share(p), p->success.low,
                p->success.high, p->evals_mean, p->evals_median, p->ert, p->ert_ci.low, p->ert_ci.high,
                p->best_mean, p->best_half, report_measure_name(r), r->tested ? "" : "_untested",
                p->against_best.p_value, p->against_best.a12, rank[i]);
        if (r->by_hv)
            fprintf(f.fp, ",%.10g,%.10g,%.10g,%.10g", p->hv_mean, p->hv_half, p->igd_mean, p->igd_half);
        fputc('\n', f.fp);
    }
    free(rank);
    return app_file_commit(&f);
}

/* A swept path without its group: "ga.mutation.rate" -> "mutation.rate". */
static const char *report_short(const char *path)
{
    const char *dot = strchr(path, '.');
    return dot ? dot + 1 : path;
}

/* The widths of the printed columns. */
struct report_columns {
    int rank, dir;              /* at least 4 and 5: "rank", "p001" */
    int value[NAMES_SWEEP_AXES]; /* as wide as the widest entry, at most 40 */
};

static struct report_columns report_widths(const struct report *r)
{
    struct report_columns c = {.rank = snprintf(NULL, 0, "%zu", r->count), .dir = 5};
    c.rank = c.rank > 4 ? c.rank : 4;
    for (size_t i = 0; i < r->count; i++)
        if ((int)strlen(report_dir(r, &r->point[i])) > c.dir)
            c.dir = (int)strlen(report_dir(r, &r->point[i]));
    for (size_t a = 0; a < r->axes; a++) {
        size_t w = strlen(report_short(r->axis[a]));
        for (size_t i = 0; i < r->count; i++)
            if (strlen(report_value(r, &r->point[i], a)) > w)
                w = strlen(report_value(r, &r->point[i], a));
        c.value[a] = (int)(w < 40 ? w : 40);
    }
    return c;
}

/* A number, or '-' when undefined (no replicate solved). */
static void report_number(FILE *out, int width, const char *fmt, double v)
{
    if (isnan(v))
        fprintf(out, " %*s", width, "-");
    else
        fprintf(out, fmt, width, v);
}

/* "12,345 [10,000, 15,000]": an ERT and its interval, '-' when infinite. */
static void report_ert_text(const struct report_point *p, char *buf, size_t size)
{
    if (isinf(p->ert)) {
        snprintf(buf, size, "-");
        return;
    }
    char high[32];
    if (isinf(p->ert_ci.high))
        snprintf(high, sizeof high, "inf");
    else
        snprintf(high, sizeof high, "%.0f", p->ert_ci.high);
    snprintf(buf, size, "%.0f [%.0f, %s]", p->ert, p->ert_ci.low, high);
}

static const char report_rule[] =
    "Ranked by ERT (expected running time: the evaluations of all runs, solved or not, per\n"
    "solved run; its 95%% bootstrap interval in brackets), then success rate, then final best\n"
    "fitness, except that a point never stands above one significantly better than it\n"
    "(two-sided Mann-Whitney rank-sum test, p < 0.05, on %s).\n";

/* With several objectives nothing is solved: the final hypervolume ranks. */
static const char report_rule_hv[] =
    "Ranked by the mean final hypervolume of the replicates' final fronts (higher is better),\n"
    "except that a point never stands above one significantly better than it (two-sided\n"
    "Mann-Whitney rank-sum test, p < 0.05, on the final hypervolume).  IGD: the mean final\n"
    "inverted generational distance to the true front (lower is better; - when unknown).\n";

static const char report_rule_untested[] =
    "Ranked by ERT (expected running time: the evaluations of all runs, solved or not, per\n"
    "solved run; its 95%% bootstrap interval in brackets), then success rate, then final best\n"
    "fitness.  With more than %d points significance is not tested (the tests of every pair\n"
    "grow as the square of the points): that order alone ranks.\n";

void report_print(const struct report *r, FILE *out)
{
    struct report_columns c = report_widths(r);
    fprintf(out, "%-*s %-*s", c.rank, "rank", c.dir, "point");
    for (size_t a = 0; a < r->axes; a++)
        fprintf(out, " %*.*s", c.value[a], c.value[a], report_short(r->axis[a]));
    if (r->by_hv)
        fprintf(out, " %12s %12s %9s %6s\n", "final hv", "igd", "p vs best", "A12");
    else
        fprintf(out, " %9s %15s %27s %10s %12s %9s %6s\n", "solved", "success 95% CI", "ERT [95% CI]",
                "evals med", "final best", "p vs best", "A12");
    for (size_t k = 0; k < r->count; k++) {
        const struct report_point *p = &r->point[r->order[k]];
        char solved[32], ci[32], ert[64];
        snprintf(solved, sizeof solved, "%zu/%zu", p->solved, p->replicates);
        snprintf(ci, sizeof ci, "%3.0f%% [%3.0f,%3.0f]", 100.0 * (double)p->solved / (double)p->replicates,
                 100 * p->success.low, 100 * p->success.high);
        report_ert_text(p, ert, sizeof ert);
        fprintf(out, "%-*zu %-*s", c.rank, k + 1, c.dir, report_dir(r, p));
        for (size_t a = 0; a < r->axes; a++)
            fprintf(out, " %*.*s", c.value[a], c.value[a], report_value(r, p, a));
        if (r->by_hv) {
            fprintf(out, " %12.6g", p->hv_mean);
            report_number(out, 12, " %*.6g", p->igd_mean);
            fprintf(out, " %9.3g %6.2f\n", p->against_best.p_value, p->against_best.a12);
            continue;
        }
        fprintf(out, " %9s %15s %27s", solved, ci, ert);
        report_number(out, 10, " %*.0f", p->evals_median);
        fprintf(out, " %12.6g %9.3g %6.2f\n", p->best_mean, p->against_best.p_value, p->against_best.a12);
    }
    const char *measure = r->by_evaluations ? "evaluations to a solution, unsolved runs worst"
                                            : "final best fitness, as no point solves";
    fputc('\n', out);
    if (r->by_hv && r->tested)
        fputs(report_rule_hv, out);
    else if (r->tested)
        fprintf(out, report_rule, measure);
    else
        fprintf(out, report_rule_untested, REPORT_MAX_TESTED);
    fprintf(out, "p vs best, A12: that test against the point ranked first, and the Vargha-Delaney\n"
                 "effect size (0.5 = no difference, above 0.5 = worse than the first).\n");
}

void report_print_run(const struct report *r, FILE *out)
{
    const struct report_point *p = &r->point[0];
    fprintf(out, "%9s %20s %6s %12s %10s %12s\n", "replicate", "seed", "solved", "best", "found in",
            "evaluations");
    for (size_t j = 0; j < p->replicates; j++) {
        const struct report_run *run = &r->run[j];
        fprintf(out, "%9llu %20llu %6s %12.6g %10llu %12llu\n", run->replicate, run->seed,
                run->solved ? "yes" : "no", run->best, run->found, run->evaluations);
    }
    char ert[64];
    report_ert_text(p, ert, sizeof ert);
    fprintf(out, "\nsolved %zu/%zu (%.0f%%, 95%% Wilson interval [%.0f%%, %.0f%%])\n", p->solved,
            p->replicates, 100.0 * (double)p->solved / (double)p->replicates, 100 * p->success.low,
            100 * p->success.high);
    fprintf(out, "ERT %s evaluations (the runs' evaluations to the target, or all they spent, per solved run; 95%% bootstrap interval)\n", ert);
    if (p->solved)
        fprintf(out, "evaluations to a solution: mean %.0f, median %.0f (over the %zu solved)\n",
                p->evals_mean, p->evals_median, p->solved);
    fprintf(out, "final best fitness: mean %.6g, 95%% interval +- %.3g\n", p->best_mean, p->best_half);
    if (p->final_hv)
        fprintf(out, "final hypervolume: mean %.6g, 95%% interval +- %.3g; final IGD: mean %.6g, +- %.3g\n",
                p->hv_mean, p->hv_half, p->igd_mean, p->igd_half);
}
