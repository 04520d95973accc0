/* cli/report.c — 'gaexp report' and 'gaexp plot', and the report a sweep writes when its runs are done. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/figures/figures_run.h"
#include "cli/figures/gnuplots.h"
#include "cli/figures/report_figures.h"
#include "cli/report.h"
#include "cli/stats/report_rank.h"
#include "cli/stats/report_read.h"
#include "cli/stats/report_table.h"
#include "cli/store/journal.h"
#include "cli/store/output.h"
#include "cli/store/publish.h"

/* A number macro's digits as a string literal, for the help text: "300". */
#define REPORT_QUOTE(x) #x
#define REPORT_DIGITS(x) REPORT_QUOTE(x)

bool report_sweep(const char *root, struct gnuplots *plot, bool quiet)
{
    struct report r;
    bool ok = report_load(root, &r) && report_compute(&r) && report_write_csv(root, &r) &&
              report_figures(root, &r, plot);
    if (ok && !quiet)
        report_print(&r, stdout);
    report_free(&r);
    return ok;
}

/* 'gaexp plot ROOT': the figures of every point that has their scripts
 * (output.plot true or "end"), rewritten and their drawing queued. */
static bool report_draw_points(const char *root, const struct report *r, struct gnuplots *plot)
{
    char dir[1100], path[1200];
    for (size_t i = 0; i < r->count; i++) {
        snprintf(dir, sizeof dir, "%s/%s", root, report_dir(r, &r->point[i]));
        snprintf(path, sizeof path, "%s/fitness.gp", dir);
        bool scripted = access(path, F_OK) == 0;
        snprintf(path, sizeof path, "%s/front.gp", dir);
        if (!scripted && access(path, F_OK) != 0)
            continue;
        struct figures_run fig;
        if (!figures_run_scripts(dir, &fig)) /* said */
            return false;
        for (size_t k = 0; k < fig.count; k++) {
            snprintf(path, sizeof path, "%s.gp", fig.stem[k]);
            gnuplots_add(plot, dir, path, fig.figure[k]);
        }
    }
    return true;
}

static int report_command(int argc, char **argv, const char *usage, bool plot)
{
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        return APP_OK;
    }
    if (argc != 2) {
        app_error("%s: expected one folder (see 'gaexp %s --help')", argv[0], argv[0]);
        return APP_USAGE;
    }
    const char *dir = argv[1];
    /* a publication a kill cut short is finished first (a result still being written is read as it stands) */
    int settled = publish_finish(dir, NULL);
    if (settled != APP_OK)
        return settled;
    FILE *probe = report_open(dir, ".", "summary.csv");
    FILE *index = report_open(dir, ".", "index.csv");
    if (!probe && !index) {
        app_error("%s: %s is not a run or sweep folder of gaexp (no summary.csv or index.csv)",
                  argv[0], dir);
        return APP_USAGE;
    }
    if (probe)
        fclose(probe);
    if (index)
        fclose(index);
    /* a --force under way or stopped: what is read is the earlier sweep */
    enum publish_stage stage = publish_stage_state(dir, NAMES_SWEEP);
    if (stage == PUBLISH_STAGE_UNSTARTED)
        fprintf(stderr, "gaexp: notice: %s: " PUBLISH_NEVER_STARTED "\n", dir);
    else if (stage == PUBLISH_STAGE_STARTED)
        fprintf(stderr, "gaexp: notice: %s: a replacing sweep (sweep --force) has not finished: this is the "
                        "earlier sweep ('gaexp resume %s' finishes the new one)\n", dir, dir);
    /* plot writes: one writer per folder (a sweep or run under way refuses it, and it them) */
    int status = APP_OK, lock = plot ? output_lock_settled(dir, false, &status) : -1;
    if (plot && lock < 0)
        return status;
    if (plot && !index) { /* a planted link or FIFO among the data is bad input */
        status = !figures_run_data_sound(dir) ? APP_USAGE : figures_run(dir, false) ? APP_OK : APP_FAILED;
        output_unlock(lock);
        return status;
    }
    struct report r;
    bool ok = report_load(dir, &r) && report_compute(&r);
    for (size_t i = 0; ok && plot && i < r.count; i++) { /* the points' data, which the sweep's figures read too */
        char point[1100];
        snprintf(point, sizeof point, "%s/%s", dir, report_dir(&r, &r.point[i]));
        r.bad_input = !(ok = figures_run_data_sound(point));
    }
    if (ok && plot) { /* in one gnuplot per core */
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        struct gnuplots *gnuplots = gnuplots_start(cores > 0 ? (unsigned)cores : 1, false);
        ok = report_draw_points(dir, &r, gnuplots) && report_figures(dir, &r, gnuplots);
        ok &= gnuplots_end(gnuplots, NULL);
    } else if (ok && r.run_folder)
        report_print_run(&r, stdout);
    else if (ok)
        report_print(&r, stdout);
    report_free(&r);
    output_unlock(lock);
    return ok ? APP_OK : r.bad_input ? APP_USAGE : APP_FAILED;
}

int cli_report(int argc, char **argv)
{
    static const char usage[] =
        "Usage: gaexp report DIR\n"
        "Prints the points of a sweep folder ranked by ERT (expected running time:\n"
        "the evaluations of all runs per solved run, with a 95% bootstrap interval),\n"
        "then success rate, then final best fitness, except that no point stands above\n"
        "one significantly better than it (Mann-Whitney rank-sum test, p < 0.05, on\n"
        "evaluations to a solution with unsolved runs worst).  Also the success rate's\n"
        "95% Wilson interval, the median evaluations to a solution, and the test and\n"
        "A12 effect size against the first point.\n"
        "Past " REPORT_DIGITS(REPORT_MAX_TESTED) " points significance is not tested (the tests of every pair grow as\n"
        "the square of the points): the order of ERT, success rate and final best\n"
        "fitness alone ranks, the report says so, and sweep.csv's column 'compared'\n"
        "(the measure of p_value and a12, the test against the first point) ends in\n"
        "'_untested': evaluations_to_solution_untested or final_best_untested.\n"
        "For a run folder: its replicates one per line, then their success rate, ERT\n"
        "and final fitness.\n"
        "With several objectives (summary.csv ending with hv,hv_share,igd,igd_plus)\n"
        "nothing is solved: the mean final hypervolume ranks, higher first, tested\n"
        "alike on the final hypervolume ('compared' is final_hv); the mean final IGD\n"
        "is shown beside it, and boxes.png draws both.\n"
        "A summary.csv with a value out of range is refused (exit status 2).\n";
    return report_command(argc, argv, usage, false);
}

int cli_plot(int argc, char **argv)
{
    static const char usage[] =
        "Usage: gaexp plot DIR\n"
        "Redraws the figures of a run folder (fitness.png) or a sweep folder\n"
        "(curves.png, heatmap.png or success.png, and each point's fitness.png,\n"
        "also those output.plot = \"end\" left undrawn), rewriting their gnuplot\n"
        "scripts.\n";
    return report_command(argc, argv, usage, true);
}
