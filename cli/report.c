/* cli/report.c — comparing the points of a sweep (or the replicates of a run): sweep.csv,
 * 'gaexp report' and 'gaexp plot'. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "cli/sweep.h"
#include "ga/compare.h"

#include <gsl/gsl_rng.h>
#include <stdint.h>

#define REPORT_MAX_AXES 8
#define REPORT_TEXT 128

/* One replicate, a row of summary.csv. */
struct report_run {
    unsigned long long replicate, seed, found, evaluations;
    bool solved;
    double best;
};

/* One point: its swept values and the outcome of each replicate. */
struct report_point {
    char dir[32];
    char value[REPORT_MAX_AXES][REPORT_TEXT];
    size_t replicates, solved;
    struct report_run *run;
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
};

struct report {
    size_t axes, count;
    char axis[REPORT_MAX_AXES][REPORT_TEXT];
    struct report_point *point;
    size_t *order;       /* points ranked, best first */
    size_t best;         /* index of the best point (order[0]) */
    bool by_evaluations; /* compared measure: evaluations to a solution (else final best) */
    bool tested;         /* the ranking checked significance (not past REPORT_MAX_TESTED points) */
    bool bad_input;      /* a file was refused: exit status 2 */
    bool run_folder;     /* DIR is one run's folder, not a sweep */
};

/* Pairwise tests grow as the square of the points; past this many the
 * ranking is by ERT alone, and says so. */
#define REPORT_MAX_TESTED 300
/* Resamples of the ERT's bootstrap interval, drawn from a fixed seed so that
 * sweep.csv is the same on every rerun. */
#define REPORT_RESAMPLES 2000

static void report_free(struct report *r)
{
    for (size_t i = 0; i < r->count; i++) {
        free(r->point[i].run);
        free(r->point[i].evaluations);
    }
    free(r->point);
    free(r->order);
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

/* Where a field comes from, for its message: file:line: column. */
struct report_at {
    const char *file;
    size_t line;
};

/* A whole number in [min, max] written in decimal digits only. */
static bool report_uint(struct report_at at, const char *column, const char *text,
                        unsigned long long min, unsigned long long max, unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || errno || *end || v < min || v > max) {
        cli_error("%s:%zu: %s: expected an integer in [%llu, %llu], got '%s'", at.file, at.line,
                  column, min, max, text);
        return false;
    }
    *out = v;
    return true;
}

/* A finite number >= 0 (fitness: lower is better, 0 is solved). */
static bool report_fitness(struct report_at at, const char *column, const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || !isfinite(v) || v < 0) {
        cli_error("%s:%zu: %s: expected a finite number >= 0, got '%s'", at.file, at.line, column, text);
        return false;
    }
    *out = v;
    return true;
}

static const char report_summary_header[] = "replicate,seed,solved,best,generation_found,evaluations";

/* One row of summary.csv, checked field by field. */
static bool report_row(struct report_at at, char *line, struct report_run *run)
{
    char *field[8];
    size_t n = report_split(line, field, 8);
    if (n != 6) {
        cli_error("%s:%zu: expected 6 fields (%s), got %zu", at.file, at.line, report_summary_header, n);
        return false;
    }
    unsigned long long solved;
    return report_uint(at, "replicate", field[0], 1, 1000000000ULL, &run->replicate) &&
           report_uint(at, "seed", field[1], 0, UINT64_MAX, &run->seed) &&
           report_uint(at, "solved", field[2], 0, 1, &solved) && (run->solved = solved, true) &&
           report_fitness(at, "best", field[3], &run->best) &&
           report_uint(at, "generation_found", field[4], 0, UINT64_MAX, &run->found) &&
           report_uint(at, "evaluations", field[5], 0, UINT64_MAX, &run->evaluations);
}

/* A point's replicates from its summary.csv; bad content sets r->bad_input. */
static bool report_read_point(const char *root, struct report_point *p, struct report *r)
{
    char path[2200];
    snprintf(path, sizeof path, "%s/%s/summary.csv", root, p->dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        cli_error("cannot read %s: %s", path, strerror(errno));
        return false;
    }
    char line[1024];
    struct report_at at = {path, 1};
    size_t cap = 0;
    bool ok = true;
    if (!fgets(line, sizeof line, f)) {
        cli_error("%s: empty; expected the header '%s' and a row per replicate", path, report_summary_header);
        ok = false;
    } else if (line[strcspn(line, "\r\n")] = '\0', strcmp(line, report_summary_header) != 0) {
        cli_error("%s:1: expected the header '%s'", path, report_summary_header);
        ok = false;
    }
    while (ok && fgets(line, sizeof line, f)) {
        at.line++;
        if (p->replicates == cap) {
            cap = cap ? 2 * cap : 16;
            struct report_run *grown = realloc(p->run, cap * sizeof *grown);
            if (!grown) {
                cli_error("out of memory");
                fclose(f);
                return false;
            }
            p->run = grown;
        }
        ok = report_row(at, line, &p->run[p->replicates]);
        p->replicates += ok;
    }
    fclose(f);
    if (ok && p->replicates == 0) {
        cli_error("%s: no replicate finished (a header and no rows)", path);
        ok = false;
    }
    r->bad_input |= !ok;
    return ok;
}

/* The per-replicate arrays the statistics take, in one block. */
static bool report_arrays(struct report_point *p)
{
    size_t n = p->replicates;
    double *block = malloc(n * (3 * sizeof(double) + sizeof(bool)));
    if (!block)
        return false;
    p->evaluations = block;
    p->spent = block + n;
    p->final_best = block + 2 * n;
    p->solved_flag = (bool *)(block + 3 * n);
    p->solved = 0;
    for (size_t j = 0; j < n; j++) {
        const struct report_run *run = &p->run[j];
        p->solved += run->solved;
        p->solved_flag[j] = run->solved;
        p->spent[j] = (double)run->evaluations;
        p->evaluations[j] = run->solved ? (double)run->evaluations : INFINITY;
        p->final_best[j] = run->best;
    }
    return true;
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
        r->run_folder = true;
        snprintf(r->point[0].dir, sizeof r->point[0].dir, ".");
        return report_read_point(root, &r->point[0], r);
    }
    bool ok = fgets(line, sizeof line, index) != NULL;
    size_t n = ok ? report_split(line, field, 2 + REPORT_MAX_AXES) : 0;
    r->axes = n >= 2 ? n - 2 : 0;
    for (size_t i = 0; i < r->axes; i++)
        snprintf(r->axis[i], REPORT_TEXT, "%s", field[2 + i]);
    size_t lineno = 1;
    while (ok && fgets(line, sizeof line, index)) {
        lineno++;
        if (report_split(line, field, 2 + REPORT_MAX_AXES) != 2 + r->axes) {
            cli_error("%s/index.csv:%zu: expected %zu fields", root, lineno, 2 + r->axes);
            r->bad_input = true;
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
        ok = report_read_point(root, p, r);
    }
    fclose(index);
    if (ok && r->count == 0) {
        cli_error("%s/index.csv: no points", root);
        r->bad_input = true;
        ok = false;
    }
    return ok;
}

/* The order before significance: lower ERT, then a higher success rate,
 * then a lower mean final best fitness (what decides among points that
 * never solve). */
static bool report_before(const struct report_point *a, const struct report_point *b)
{
    if (a->ert != b->ert)
        return a->ert < b->ert;
    double ra = (double)a->solved / (double)a->replicates, rb = (double)b->solved / (double)b->replicates;
    if (ra != rb)
        return ra > rb;
    return a->best_mean < b->best_mean;
}

/* The compared measure of a point: evaluations to a solution (unsolved
 * counting worse than any) or, when nothing solves, final best fitness. */
static const double *report_measure(const struct report *r, const struct report_point *p)
{
    return r->by_evaluations ? p->evaluations : p->final_best;
}

/* The ranking (ga_compare_rank): the order of report_before as keys,
 * significance by the two-sided rank-sum test at 5% on the measure. */
static bool report_rank(struct report *r)
{
    size_t n = r->count;
    double *key = malloc(n * sizeof *key);
    size_t *pre = malloc(n * sizeof *pre);
    r->tested = n <= REPORT_MAX_TESTED;
    bool *better = calloc(r->tested ? n * n : 1, sizeof *better);
    r->order = malloc(n * sizeof *r->order);
    bool ok = key && pre && better && r->order;
    for (size_t i = 0; ok && i < n; i++) { /* insertion sort: stable */
        size_t j = i;
        for (; j > 0 && report_before(&r->point[i], &r->point[pre[j - 1]]); j--)
            pre[j] = pre[j - 1];
        pre[j] = i;
    }
    for (size_t k = 0; ok && k < n; k++)
        key[pre[k]] = (double)k;
    for (size_t i = 0; ok && r->tested && i < n; i++)
        for (size_t j = i + 1; ok && j < n; j++) {
            struct ga_ranksum t;
            const struct report_point *a = &r->point[i], *b = &r->point[j];
            ok = ga_compare_ranksum(report_measure(r, a), a->replicates, report_measure(r, b),
                                    b->replicates, &t);
            better[i * n + j] = ok && t.p_value < 0.05 && t.a12 < 0.5;
            better[j * n + i] = ok && t.p_value < 0.05 && t.a12 > 0.5;
        }
    ok = ok && ga_compare_rank(key, better, n, r->order);
    free(key);
    free(pre);
    free(better);
    return ok;
}

static bool report_compute(struct report *r)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    if (!rng)
        return false;
    bool any_solved = false;
    for (size_t i = 0; i < r->count; i++) {
        struct report_point *p = &r->point[i];
        if (!report_arrays(p)) {
            gsl_rng_free(rng);
            return false;
        }
        any_solved |= p->solved > 0;
        p->success = ga_compare_wilson(p->solved, p->replicates, 0.95);
        double solved_evals[p->solved ? p->solved : 1];
        size_t k = 0;
        for (size_t j = 0; j < p->replicates; j++)
            if (isfinite(p->evaluations[j]))
                solved_evals[k++] = p->evaluations[j];
        double half;
        ga_compare_mean_ci(solved_evals, k, 0.95, &p->evals_mean, &half);
        if (!ga_compare_median(solved_evals, k, &p->evals_median)) {
            gsl_rng_free(rng);
            return false;
        }
        ga_compare_mean_ci(p->final_best, p->replicates, 0.95, &p->best_mean, &p->best_half);
        p->ert = ga_compare_ert(p->spent, p->solved_flag, p->replicates);
        gsl_rng_set(rng, 1); /* each point its own fixed draws, whatever the order */
        p->ert_ci = ga_compare_ert_bootstrap(p->spent, p->solved_flag, p->replicates, REPORT_RESAMPLES,
                                             0.95, rng);
    }
    gsl_rng_free(rng);
    /* Evaluations to a solution (unsolved = worse than any) say both how
     * often and how fast; when no point solves, final fitness. */
    r->by_evaluations = any_solved;
    if (!report_rank(r))
        return false;
    r->best = r->order[0];
    const struct report_point *best = &r->point[r->best];
    for (size_t i = 0; i < r->count; i++) {
        struct report_point *p = &r->point[i];
        if (!ga_compare_ranksum(report_measure(r, p), p->replicates, report_measure(r, best),
                                best->replicates, &p->against_best))
            return false;
    }
    return true;
}

static bool report_write_csv(const char *root, const struct report *r)
{
    struct output_file f;
    if (!output_open(&f, root, "sweep.csv"))
        return false;
    size_t *rank = malloc(r->count * sizeof *rank);
    if (!rank) {
        output_abandon(&f);
        return false;
    }
    for (size_t k = 0; k < r->count; k++)
        rank[r->order[k]] = k + 1;
    fprintf(f.fp, "point,dir");
    for (size_t i = 0; i < r->axes; i++)
        fprintf(f.fp, ",%s", r->axis[i]);
    fprintf(f.fp, ",replicates,solved,success_rate,success_low,success_high,evaluations_mean,"
                  "evaluations_median,ert,ert_low,ert_high,final_best_mean,final_best_ci95,compared,"
                  "p_value,a12,rank\n");
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        fprintf(f.fp, "%zu,%s", i + 1, p->dir);
        for (size_t a = 0; a < r->axes; a++)
            fprintf(f.fp, ",%s", p->value[a]);
        fprintf(f.fp, ",%zu,%zu,%.6f,%.6f,%.6f,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%s,%.6g,%.6f,%zu\n",
                p->replicates, p->solved, (double)p->solved / (double)p->replicates, p->success.low,
                p->success.high, p->evals_mean, p->evals_median, p->ert, p->ert_ci.low, p->ert_ci.high,
                p->best_mean, p->best_half,
                r->by_evaluations ? "evaluations_to_solution" : "final_best", p->against_best.p_value,
                p->against_best.a12, rank[i]);
    }
    free(rank);
    return output_commit(&f);
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

static void report_print(const struct report *r, FILE *out)
{
    fprintf(out, "%-4s %-5s", "rank", "point");
    for (size_t a = 0; a < r->axes; a++)
        fprintf(out, " %*.*s", report_width(r, a), report_width(r, a), report_short(r->axis[a]));
    fprintf(out, " %9s %15s %27s %10s %12s %9s %6s\n", "solved", "success 95% CI", "ERT [95% CI]",
            "evals med", "final best", "p vs best", "A12");
    for (size_t k = 0; k < r->count; k++) {
        const struct report_point *p = &r->point[r->order[k]];
        char solved[32], ci[32], ert[64];
        snprintf(solved, sizeof solved, "%zu/%zu", p->solved, p->replicates);
        snprintf(ci, sizeof ci, "%3.0f%% [%3.0f,%3.0f]", 100.0 * (double)p->solved / (double)p->replicates,
                 100 * p->success.low, 100 * p->success.high);
        report_ert_text(p, ert, sizeof ert);
        fprintf(out, "%-4zu %-5s", k + 1, p->dir);
        for (size_t a = 0; a < r->axes; a++)
            fprintf(out, " %*.*s", report_width(r, a), report_width(r, a), p->value[a]);
        fprintf(out, " %9s %15s %27s", solved, ci, ert);
        report_number(out, 10, " %*.0f", p->evals_median);
        fprintf(out, " %12.6g %9.3g %6.2f\n", p->best_mean, p->against_best.p_value, p->against_best.a12);
    }
    const char *measure = r->by_evaluations ? "evaluations to a solution, unsolved runs worst"
                                            : "final best fitness, as no point solves";
    fputc('\n', out);
    fprintf(out, report_rule, measure);
    if (!r->tested)
        fprintf(out, "With more than %d points the significance check is skipped: ERT alone ranks.\n",
                REPORT_MAX_TESTED);
    fprintf(out, "p vs best, A12: that test against the point ranked first, and the Vargha-Delaney\n"
                 "effect size (0.5 = no difference, above 0.5 = worse than the first).\n");
}

/* A run folder: its replicates one per line, then what they add up to. */
static void report_print_run(const struct report *r, FILE *out)
{
    const struct report_point *p = &r->point[0];
    fprintf(out, "%9s %20s %6s %12s %10s %12s\n", "replicate", "seed", "solved", "best", "found in",
            "evaluations");
    for (size_t j = 0; j < p->replicates; j++) {
        const struct report_run *run = &p->run[j];
        fprintf(out, "%9llu %20llu %6s %12.6g %10llu %12llu\n", run->replicate, run->seed,
                run->solved ? "yes" : "no", run->best, run->found, run->evaluations);
    }
    char ert[64];
    report_ert_text(p, ert, sizeof ert);
    fprintf(out, "\nsolved %zu/%zu (%.0f%%, 95%% Wilson interval [%.0f%%, %.0f%%])\n", p->solved,
            p->replicates, 100.0 * (double)p->solved / (double)p->replicates, 100 * p->success.low,
            100 * p->success.high);
    fprintf(out, "ERT %s evaluations (all runs' evaluations per solved run, 95%% bootstrap interval)\n", ert);
    if (p->solved)
        fprintf(out, "evaluations to a solution: mean %.0f, median %.0f (over the %zu solved)\n",
                p->evals_mean, p->evals_median, p->solved);
    fprintf(out, "final best fitness: mean %.6g, 95%% interval +- %.3g\n", p->best_mean, p->best_half);
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
        ok = report_figures(dir, &r, false);
    else if (ok && r.run_folder)
        report_print_run(&r, stdout);
    else if (ok)
        report_print(&r, stdout);
    report_free(&r);
    return ok ? CLI_OK : r.bad_input ? CLI_USAGE : CLI_FAILED;
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
        "A12 effect size against the first point.  For a run folder: its replicates\n"
        "one per line, then their success rate, ERT and final fitness.\n"
        "A summary.csv with a value out of range is refused (exit status 2).\n";
    return report_command(argc, argv, usage, false);
}

int cli_plot(int argc, char **argv)
{
    static const char usage[] =
        "Usage: gaexp plot DIR\n"
        "Redraws the figures of a run folder (fitness.png) or a sweep folder\n"
        "(curves.png, heatmap.png), rewriting their gnuplot scripts.\n";
    return report_command(argc, argv, usage, true);
}
