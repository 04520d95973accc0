/* cli/report.c — comparing the points of a sweep (or the replicates of a run): sweep.csv,
 * 'gaexp report' and 'gaexp plot'. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "cli/pool.h"
#include "cli/sweep.h"
#include "ga/compare.h"

#define REPORT_MAX_AXES 8
#define REPORT_TEXT 128

/* One point: its swept values and the outcome of each replicate. */
struct report_point {
    char dir[32];
    char value[REPORT_MAX_AXES][REPORT_TEXT];
    size_t replicates, solved;
    double *evaluations; /* per replicate: evaluations to a solution, INFINITY when unsolved */
    double *final_best;  /* per replicate: best fitness at the end */
    struct ga_interval success;
    double evals_mean, evals_median; /* over the solved replicates; NAN when none */
    double best_mean, best_half;     /* final best fitness: mean and 95% half-width */
    struct ga_ranksum against_best;  /* the compared measure against the best point's */
};

struct report {
    size_t axes, count;
    char axis[REPORT_MAX_AXES][REPORT_TEXT];
    struct report_point *point;
    size_t best;        /* index of the best point */
    bool by_evaluations; /* compared measure: evaluations to a solution (else final best) */
};

static void report_free(struct report *r)
{
    for (size_t i = 0; i < r->count; i++) {
        free(r->point[i].evaluations);
        free(r->point[i].final_best);
    }
    free(r->point);
}

/* A swept path without its group: "ga.mutation.rate" -> "mutation.rate". */
static const char *report_short(const char *path)
{
    const char *dot = strchr(path, '.');
    return dot ? dot + 1 : path;
}

/* Splits a CSV line (no quoting) in place; returns the number of fields. */
static size_t report_split(char *line, char **field, size_t max)
{
    line[strcspn(line, "\r\n")] = '\0';
    size_t n = 0;
    for (char *p = line; n < max;) {
        field[n++] = p;
        char *comma = strchr(p, ',');
        if (!comma)
            break;
        *comma = '\0';
        p = comma + 1;
    }
    return n;
}

static FILE *report_open(const char *dir, const char *sub, const char *name, bool must)
{
    char path[2200];
    snprintf(path, sizeof path, "%s/%s/%s", dir, sub, name);
    FILE *f = fopen(path, "r");
    if (!f && must)
        cli_error("cannot read %s: %s", path, strerror(errno));
    return f;
}

/* A point's replicates from its summary.csv:
 * replicate,seed,solved,best,generation_found,evaluations. */
static bool report_read_point(const char *root, struct report_point *p)
{
    FILE *f = report_open(root, p->dir, "summary.csv", true);
    if (!f)
        return false;
    char line[1024], *field[8];
    size_t cap = 0;
    bool ok = fgets(line, sizeof line, f) != NULL;
    while (ok && fgets(line, sizeof line, f)) {
        if (report_split(line, field, 8) < 6) {
            cli_error("%s/%s/summary.csv: malformed row", root, p->dir);
            ok = false;
            break;
        }
        if (p->replicates == cap) {
            cap = cap ? 2 * cap : 16;
            double *e = realloc(p->evaluations, cap * sizeof *e);
            if (e)
                p->evaluations = e;
            double *b = realloc(p->final_best, cap * sizeof *b);
            if (b)
                p->final_best = b;
            if (!e || !b) {
                cli_error("out of memory");
                ok = false;
                break;
            }
        }
        bool solved = strcmp(field[2], "1") == 0;
        p->solved += solved;
        p->evaluations[p->replicates] = solved ? strtod(field[5], NULL) : INFINITY;
        p->final_best[p->replicates++] = strtod(field[3], NULL);
    }
    fclose(f);
    if (ok && p->replicates == 0) {
        cli_error("%s/%s/summary.csv: no replicate finished", root, p->dir);
        ok = false;
    }
    return ok;
}

/* The points of a sweep folder (index.csv), or a run folder as one point. */
static bool report_load(const char *root, struct report *r)
{
    *r = (struct report){0};
    FILE *index = report_open(root, ".", "index.csv", false);
    char line[4096], *field[2 + REPORT_MAX_AXES];
    size_t cap = 0;
    if (!index) { /* a run folder */
        r->point = calloc(1, sizeof *r->point);
        if (!r->point)
            return false;
        r->count = 1;
        snprintf(r->point[0].dir, sizeof r->point[0].dir, ".");
        return report_read_point(root, &r->point[0]);
    }
    bool ok = fgets(line, sizeof line, index) != NULL;
    size_t n = ok ? report_split(line, field, 2 + REPORT_MAX_AXES) : 0;
    r->axes = n >= 2 ? n - 2 : 0;
    for (size_t i = 0; i < r->axes; i++)
        snprintf(r->axis[i], REPORT_TEXT, "%s", field[2 + i]);
    while (ok && fgets(line, sizeof line, index)) {
        if (report_split(line, field, 2 + REPORT_MAX_AXES) != 2 + r->axes) {
            cli_error("%s/index.csv: malformed row", root);
            ok = false;
            break;
        }
        if (r->count == cap) {
            cap = cap ? 2 * cap : 64;
            struct report_point *grown = realloc(r->point, cap * sizeof *grown);
            if (!grown) {
                ok = false;
                break;
            }
            r->point = grown;
        }
        struct report_point *p = &r->point[r->count++];
        *p = (struct report_point){0};
        snprintf(p->dir, sizeof p->dir, "%s", field[1]);
        for (size_t i = 0; i < r->axes; i++)
            snprintf(p->value[i], REPORT_TEXT, "%s", field[2 + i]);
        ok = report_read_point(root, p);
    }
    fclose(index);
    if (ok && r->count == 0) {
        cli_error("%s/index.csv: no points", root);
        ok = false;
    }
    return ok;
}

/* Better: higher success rate, then fewer evaluations to a solution, then a
 * lower final best fitness. */
static bool report_better(const struct report_point *a, const struct report_point *b)
{
    double ra = (double)a->solved / (double)a->replicates, rb = (double)b->solved / (double)b->replicates;
    if (ra != rb)
        return ra > rb;
    if (a->solved && b->solved && a->evals_mean != b->evals_mean)
        return a->evals_mean < b->evals_mean;
    return a->best_mean < b->best_mean;
}

static bool report_compute(struct report *r)
{
    for (size_t i = 0; i < r->count; i++) {
        struct report_point *p = &r->point[i];
        p->success = ga_compare_wilson(p->solved, p->replicates, 0.95);
        double solved_evals[p->solved ? p->solved : 1];
        size_t k = 0;
        for (size_t j = 0; j < p->replicates; j++)
            if (isfinite(p->evaluations[j]))
                solved_evals[k++] = p->evaluations[j];
        double half;
        ga_compare_mean_ci(solved_evals, k, 0.95, &p->evals_mean, &half);
        if (!ga_compare_median(solved_evals, k, &p->evals_median))
            return false;
        ga_compare_mean_ci(p->final_best, p->replicates, 0.95, &p->best_mean, &p->best_half);
    }
    r->best = 0;
    for (size_t i = 1; i < r->count; i++)
        if (report_better(&r->point[i], &r->point[r->best]))
            r->best = i;
    /* Evaluations to a solution (unsolved = worse than any) say both how
     * often and how fast; when the best point never solves, final fitness. */
    const struct report_point *best = &r->point[r->best];
    r->by_evaluations = best->solved > 0;
    for (size_t i = 0; i < r->count; i++) {
        struct report_point *p = &r->point[i];
        const double *x = r->by_evaluations ? p->evaluations : p->final_best;
        const double *y = r->by_evaluations ? best->evaluations : best->final_best;
        if (!ga_compare_ranksum(x, p->replicates, y, best->replicates, &p->against_best))
            return false;
    }
    return true;
}

static bool report_write_csv(const char *root, const struct report *r)
{
    struct output_file f;
    if (!output_open(&f, root, "sweep.csv"))
        return false;
    fprintf(f.fp, "point,dir");
    for (size_t i = 0; i < r->axes; i++)
        fprintf(f.fp, ",%s", r->axis[i]);
    fprintf(f.fp, ",replicates,solved,success_rate,success_low,success_high,evaluations_mean,"
                  "evaluations_median,final_best_mean,final_best_ci95,compared,p_value,a12\n");
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        fprintf(f.fp, "%zu,%s", i + 1, p->dir);
        for (size_t a = 0; a < r->axes; a++)
            fprintf(f.fp, ",%s", p->value[a]);
        fprintf(f.fp, ",%zu,%zu,%.6f,%.6f,%.6f,%.10g,%.10g,%.10g,%.10g,%s,%.6g,%.6f\n", p->replicates,
                p->solved, (double)p->solved / (double)p->replicates, p->success.low, p->success.high,
                p->evals_mean, p->evals_median, p->best_mean, p->best_half,
                r->by_evaluations ? "evaluations_to_solution" : "final_best", p->against_best.p_value,
                p->against_best.a12);
    }
    return output_commit(&f);
}

/* Points ranked best first (stable: ties keep point order). */
static void report_rank(const struct report *r, size_t *order)
{
    for (size_t i = 0; i < r->count; i++)
        order[i] = i;
    for (size_t i = 1; i < r->count; i++) /* insertion sort: stable, small n */
        for (size_t j = i; j > 0 && report_better(&r->point[order[j]], &r->point[order[j - 1]]); j--) {
            size_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

/* Columns as wide as their widest entry (at most 40). */
static int report_width(const struct report *r, size_t a)
{
    size_t w = strlen(report_short(r->axis[a]));
    for (size_t i = 0; i < r->count; i++)
        if (strlen(r->point[i].value[a]) > w)
            w = strlen(r->point[i].value[a]);
    return (int)(w < 40 ? w : 40);
}

/* A number, or '-' when undefined (no replicate solved). */
static void report_number(FILE *out, int width, const char *fmt, double v)
{
    if (isnan(v))
        fprintf(out, " %*s", width, "-");
    else
        fprintf(out, fmt, width, v);
}

static void report_print(const struct report *r, FILE *out)
{
    size_t *order = malloc(r->count * sizeof *order);
    if (!order)
        return;
    report_rank(r, order);
    fprintf(out, "%-4s %-5s", "rank", "point");
    for (size_t a = 0; a < r->axes; a++)
        fprintf(out, " %*.*s", report_width(r, a), report_width(r, a), report_short(r->axis[a]));
    fprintf(out, " %9s %15s %10s %10s %12s %9s %6s\n", "solved", "success 95% CI", "evals mean",
            "evals med", "final best", "p vs best", "A12");
    for (size_t k = 0; k < r->count; k++) {
        const struct report_point *p = &r->point[order[k]];
        char solved[32], ci[32];
        snprintf(solved, sizeof solved, "%zu/%zu", p->solved, p->replicates);
        snprintf(ci, sizeof ci, "%3.0f%% [%3.0f,%3.0f]", 100.0 * (double)p->solved / (double)p->replicates,
                 100 * p->success.low, 100 * p->success.high);
        fprintf(out, "%-4zu %-5s", k + 1, p->dir);
        for (size_t a = 0; a < r->axes; a++)
            fprintf(out, " %*.*s", report_width(r, a), report_width(r, a), p->value[a]);
        fprintf(out, " %9s %15s", solved, ci);
        report_number(out, 10, " %*.0f", p->evals_mean);
        report_number(out, 10, " %*.0f", p->evals_median);
        fprintf(out, " %12.6g %9.3g %6.2f\n", p->best_mean, p->against_best.p_value, p->against_best.a12);
    }
    fprintf(out, "\nRanked by success rate, then mean evaluations to a solution, then final best fitness.\n"
                 "p vs best: two-sided Mann-Whitney rank-sum test of %s against the best point;\n"
                 "A12: Vargha-Delaney effect size (0.5 = no difference, above 0.5 = worse than the best).\n",
            r->by_evaluations ? "evaluations to a solution (unsolved = worst)" : "final best fitness");
    free(order);
}

/* ---- figures ----------------------------------------------------------------- */

/* "path=value path=value": a point's title in the figures. */
static void report_title(const struct report *r, const struct report_point *p, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t a = 0; a < r->axes && used < size; a++) {
        used += (size_t)snprintf(buf + used, size - used, "%s%s=%s", a ? " " : "",
                                 report_short(r->axis[a]), p->value[a]);
    }
    if (!r->axes)
        snprintf(buf, size, "run");
}

/* curves.gp: the mean best fitness of every point per generation, with the
 * 95% band when few points share the figure. */
static bool report_curves_script(const char *root, const struct report *r)
{
    size_t size = 4096 + r->count * 512;
    char *text = malloc(size);
    if (!text)
        return false;
    size_t n = (size_t)snprintf(text, size,
        "# curves.gp — written by gaexp: best fitness per generation of every sweep point,\n"
        "# mean over the replicates (curves.csv of each point folder).  Restyle freely.\n"
        "set terminal pngcairo size 1100,620 enhanced font 'Sans,10'\n"
        "set output 'curves.png'\n"
        "set datafile separator ','\n"
        "set title 'Best fitness per generation, mean over replicates%s'\n"
        "set xlabel 'generation'\n"
        "set ylabel 'best fitness + 1 (log scale)'\n"
        "set logscale y\n"
        "set grid\n"
        "set key outside right font ',8'\n"
        "set style fill transparent solid 0.15 noborder\n"
        "plot \\\n",
        r->count <= 6 ? " (bands: 95% confidence)" : "");
    for (size_t i = 0; i < r->count && n < size; i++) {
        const struct report_point *p = &r->point[i];
        char title[512];
        report_title(r, p, title, sizeof title);
        if (r->count <= 6)
            n += (size_t)snprintf(text + n, size - n,
                                  "  '%s/curves.csv' skip 1 using 1:(($4 > 0 ? $4 : 0)+1):($5+1) "
                                  "with filledcurves lc %zu notitle, \\\n",
                                  p->dir, i % 8 + 1);
        n += (size_t)snprintf(text + n, size - n,
                              "  '%s/curves.csv' skip 1 using 1:($3+1) with lines lw 2 lc %zu dt %zu "
                              "title '%s'%s\n",
                              p->dir, i % 8 + 1, i / 8 % 5 + 1, title, i + 1 < r->count ? ", \\" : "");
    }
    bool ok = output_script(root, "curves.gp", text);
    free(text);
    return ok;
}

/* heatmap.gp and heatmap.dat: success rate (or mean final best fitness when
 * no point solves) over the two swept settings. */
static bool report_heatmap(const char *root, const struct report *r)
{
    size_t ny = 1; /* values of the second setting: the period of the first */
    while (ny < r->count && strcmp(r->point[ny].value[0], r->point[0].value[0]) == 0)
        ny++;
    size_t nx = r->count / ny;
    bool success = false;
    for (size_t i = 0; i < r->count; i++)
        success |= r->point[i].solved > 0;
    struct output_file f;
    if (!output_open(&f, root, "heatmap.dat"))
        return false;
    fprintf(f.fp, "# x y value label: %s over %s (x) and %s (y)\n",
            success ? "success rate" : "mean final best fitness", r->axis[0], r->axis[1]);
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        double v = success ? (double)p->solved / (double)p->replicates : p->best_mean;
        fprintf(f.fp, "%zu %zu %.10g \"", i / ny, i % ny, v);
        fprintf(f.fp, success ? "%.0f%%\"\n" : "%.3g\"\n", success ? 100 * v : v);
    }
    if (!output_commit(&f))
        return false;
    char xtics[4096] = "", ytics[4096] = "";
    size_t xu = 0, yu = 0;
    for (size_t x = 0; x < nx && xu < sizeof xtics; x++)
        xu += (size_t)snprintf(xtics + xu, sizeof xtics - xu, "%s\"%s\" %zu", x ? ", " : "",
                               r->point[x * ny].value[0], x);
    for (size_t y = 0; y < ny && yu < sizeof ytics; y++)
        yu += (size_t)snprintf(ytics + yu, sizeof ytics - yu, "%s\"%s\" %zu", y ? ", " : "",
                               r->point[y].value[1], y);
    char text[12288];
    snprintf(text, sizeof text,
             "# heatmap.gp — written by gaexp: %s of every sweep point (heatmap.dat).\n"
             "# Restyle freely and redraw with: gnuplot heatmap.gp\n"
             "set terminal pngcairo size 900,620 enhanced font 'Sans,11'\n"
             "set output 'heatmap.png'\n"
             "set title '%s'\n"
             "set xlabel '%s'\n"
             "set ylabel '%s'\n"
             "set xtics (%s)\n"
             "set ytics (%s)\n"
             "set xrange [-0.5:%zu.5]\n"
             "set yrange [-0.5:%zu.5]\n"
             "set palette defined (0 '%s', 0.5 '#fee08b', 1 '%s')\n"
             "%s"
             "set cblabel '%s'\n"
             "plot 'heatmap.dat' using 1:2:3 with image notitle, \\\n"
             "     '' using 1:2:4 with labels font ',11' notitle\n",
             success ? "success rate" : "mean final best fitness",
             success ? "Share of replicates solved" : "Mean final best fitness (lower is better)",
             r->axis[0], r->axis[1], xtics, ytics, nx - 1, ny - 1, success ? "#d73027" : "#1a9850",
             success ? "#1a9850" : "#d73027", success ? "set cbrange [0:1]\n" : "",
             success ? "solved" : "final best");
    return output_script(root, "heatmap.gp", text);
}

/* success.gp and success.dat: for one swept setting, the share solved
 * with its 95% Wilson interval and the mean evaluations to a solution. */
static bool report_profile(const char *root, const struct report *r)
{
    struct output_file f;
    if (!output_open(&f, root, "success.dat"))
        return false;
    fprintf(f.fp, "# index \"value\" solved_share low high evaluations_mean final_best_mean\n");
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        fprintf(f.fp, "%zu \"%s\" %.6f %.6f %.6f %.10g %.10g\n", i, p->value[0],
                (double)p->solved / (double)p->replicates, p->success.low, p->success.high,
                isnan(p->evals_mean) ? 0.0 : p->evals_mean, p->best_mean);
    }
    if (!output_commit(&f))
        return false;
    bool any_solved = false;
    for (size_t i = 0; i < r->count; i++)
        any_solved |= r->point[i].solved > 0;
    char text[4096];
    snprintf(text, sizeof text,
             "# success.gp — written by gaexp: share of replicates solved at each value of %s\n"
             "# (95%% Wilson interval) and mean evaluations to a solution (success.dat).\n"
             "set terminal pngcairo size 1000,560 enhanced font 'Sans,11'\n"
             "set output 'success.png'\n"
             "set title 'Share of replicates solved, and evaluations to a solution'\n"
             "set xlabel '%s'\n"
             "set ylabel 'solved (share of replicates)'\n"
             "set yrange [0:1.05]\n"
             "%s"
             "set xrange [-0.5:%zu.5]\n"
             "set xtics rotate by -45\n"
             "set grid\n"
             "set key below\n"
             "plot 'success.dat' using 1:3:4:5:xtic(2) with yerrorlines lw 2 pt 7 lc rgb '#1a9850' \\\n"
             "       title 'solved (95%% Wilson interval)'%s\n",
             r->axis[0], r->axis[0],
             any_solved ? "set y2label 'mean evaluations to a solution'\nset y2range [0:*]\n"
                          "set ytics nomirror\nset y2tics\n"
                        : "",
             r->count - 1,
             /* with no point solved there are no evaluations to draw */
             any_solved ? ", \\\n     '' using 1:($3 > 0 ? $6 : 1/0) axes x1y2 with linespoints lw 1 pt 6 "
                          "lc rgb '#1f77b4' \\\n       title 'mean evaluations to a solution'"
                        : "");
    return output_script(root, "success.gp", text);
}

static bool report_figures(const char *root, const struct report *r, bool quiet)
{
    if (!report_curves_script(root, r))
        return false;
    output_draw(root, "curves.gp", "curves.png", quiet);
    if (r->axes == 1 && r->count >= 2) {
        if (!report_profile(root, r))
            return false;
        output_draw(root, "success.gp", "success.png", true);
    }
    if (r->axes == 2 && r->count >= 2) {
        if (!report_heatmap(root, r))
            return false;
        output_draw(root, "heatmap.gp", "heatmap.png", true);
    }
    return true;
}

bool sweep_finish(const char *root, bool quiet)
{
    struct report r;
    bool ok = report_load(root, &r) && report_compute(&r) && report_write_csv(root, &r) &&
              report_figures(root, &r, quiet);
    if (ok && !quiet)
        report_print(&r, stdout);
    report_free(&r);
    return ok;
}

/* ---- commands ----------------------------------------------------------------------- */

/* 'gaexp plot ROOT': the figure of every point that has its fitness.gp
 * (output.plot true or "end"), in one gnuplot per core. */
static bool report_draw_points(const char *root, const struct report *r)
{
    char **dirs = calloc(r->count, sizeof *dirs), path[1200];
    size_t n = 0;
    bool ok = dirs != NULL, written = true;
    for (size_t i = 0; ok && written && i < r->count; i++) {
        snprintf(path, sizeof path, "%s/%s/fitness.gp", root, r->point[i].dir);
        if (access(path, F_OK) != 0)
            continue;
        path[strlen(path) - strlen("/fitness.gp")] = '\0';
        if ((written = output_plot_script(path))) /* false: said */
            ok = (dirs[n++] = strdup(path)) != NULL;
    }
    if (!ok)
        cli_error("out of memory");
    ok = ok && written;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (ok)
        cli_pool_draw(dirs, n, "fitness.gp", "fitness.png", cores > 0 ? (unsigned)cores : 1, false);
    for (size_t i = 0; i < n; i++)
        free(dirs[i]);
    free(dirs);
    return ok;
}

static int report_command(int argc, char **argv, const char *usage, bool plot)
{
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        return CLI_OK;
    }
    if (argc != 2) {
        cli_error("%s: expected one folder (see 'gaexp %s --help')", argv[0], argv[0]);
        return CLI_USAGE;
    }
    const char *dir = argv[1];
    FILE *probe = report_open(dir, ".", "summary.csv", false);
    FILE *index = report_open(dir, ".", "index.csv", false);
    if (!probe && !index) {
        cli_error("%s: %s is not a run or sweep folder of gaexp (no summary.csv or index.csv)",
                  argv[0], dir);
        return CLI_USAGE;
    }
    if (probe)
        fclose(probe);
    if (index)
        fclose(index);
    if (plot && !index) {
        output_plot(dir, false);
        return CLI_OK;
    }
    struct report r;
    bool ok = report_load(dir, &r) && report_compute(&r);
    if (ok && plot)
        ok = report_draw_points(dir, &r) && report_figures(dir, &r, false);
    else if (ok)
        report_print(&r, stdout);
    report_free(&r);
    return ok ? CLI_OK : CLI_FAILED;
}

int cli_report(int argc, char **argv)
{
    static const char usage[] =
        "Usage: gaexp report DIR\n"
        "Prints the points of a sweep folder ranked by success rate, then mean\n"
        "evaluations to a solution, then final best fitness, with the success rate's\n"
        "95% Wilson interval, evaluations (mean, median, over solved replicates), and\n"
        "a rank-sum test and effect size against the best point.  For a run folder:\n"
        "its replicates summed up the same way.\n";
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
