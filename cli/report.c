/* cli/report.c — comparing the points of a sweep (or the replicates of a run): sweep.csv,
 * 'gaexp report' and 'gaexp plot'. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/figures.h"
#include "cli/output.h"
#include "cli/pool.h"
#include "cli/publish.h"
#include "cli/report.h"
#include "ga/compare.h"

#include <gsl/gsl_rng.h>
#include <gsl/gsl_statistics_double.h>
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

static const char report_summary_header[] = "replicate,seed,solved,best,generation_found,evaluations,stop";

/* A stop reason: one of the words of GA_STOP_LIST. */
static bool report_stop(struct report_at at, const char *text)
{
    enum ga_stop stop;
    if (ga_stop_parse(text, &stop))
        return true;
    cli_error("%s:%zu: stop: expected generations, evaluations, seconds, target or stagnation, got '%s'", at.file,
              at.line, text);
    return false;
}

/* One row of summary.csv, checked field by field. */
static bool report_row(struct report_at at, char *line, struct report_run *run)
{
    char *field[8];
    size_t n = report_split(line, field, 8);
    if (n != 7) {
        cli_error("%s:%zu: expected 7 fields (%s), got %zu", at.file, at.line, report_summary_header, n);
        return false;
    }
    unsigned long long solved;
    return report_uint(at, "replicate", field[0], 1, 1000000000ULL, &run->replicate) &&
           report_uint(at, "seed", field[1], 0, UINT64_MAX, &run->seed) &&
           report_uint(at, "solved", field[2], 0, 1, &solved) && (run->solved = solved, true) &&
           report_fitness(at, "best", field[3], &run->best) &&
           report_uint(at, "generation_found", field[4], 0, UINT64_MAX, &run->found) &&
           report_uint(at, "evaluations", field[5], 0, UINT64_MAX, &run->evaluations) && report_stop(at, field[6]);
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

/* The bootstrap's resamples of n runs: each point draws them from the
 * same seed, so points of n replicates share one set (drawn again only
 * when n changes). */
struct report_draws {
    gsl_rng *rng;
    size_t n, *draws;
};

static const size_t *report_draws_for(struct report_draws *d, size_t n)
{
    if (!d->draws || d->n != n) {
        free(d->draws);
        gsl_rng_set(d->rng, 1); /* each point its own fixed draws, whatever the order */
        d->draws = ga_compare_bootstrap_draws(n, REPORT_RESAMPLES, d->rng);
        d->n = n;
    }
    return d->draws;
}

static bool report_compute(struct report *r)
{
    struct report_draws draws = {.rng = gsl_rng_alloc(gsl_rng_mt19937)};
    if (!draws.rng)
        return false;
    bool any_solved = false, ok = true;
    for (size_t i = 0; ok && i < r->count; i++) {
        struct report_point *p = &r->point[i];
        if (!(ok = report_arrays(p)))
            break;
        any_solved |= p->solved > 0;
        p->success = ga_compare_wilson(p->solved, p->replicates, 0.95);
        double solved_evals[p->solved ? p->solved : 1];
        size_t k = 0;
        for (size_t j = 0; j < p->replicates; j++)
            if (isfinite(p->evaluations[j]))
                solved_evals[k++] = p->evaluations[j];
        double half;
        ga_compare_mean_ci(solved_evals, k, 0.95, &p->evals_mean, &half);
        if (!(ok = ga_compare_median(solved_evals, k, &p->evals_median)))
            break;
        ga_compare_mean_ci(p->final_best, p->replicates, 0.95, &p->best_mean, &p->best_half);
        p->ert = ga_compare_ert(p->spent, p->solved_flag, p->replicates);
        p->ert_ci = ga_compare_ert_bootstrap_drawn(p->spent, p->solved_flag, p->replicates, REPORT_RESAMPLES,
                                                   report_draws_for(&draws, p->replicates), 0.95);
    }
    gsl_rng_free(draws.rng);
    free(draws.draws);
    if (!ok)
        return false;
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

/* What the figures of a sweep share. */
struct report_fig {
    struct figures_setup setup;
    bool by_evaluations;     /* x axis: evaluations, else generations */
    size_t shown;            /* points drawn as curves: the first 'shown' of the ranking */
    char (*label)[160];      /* per point: what varies */
    char (*tic)[160];        /* per point: the values alone */
    char names[200];         /* the names of what varies, for an axis under the tics */
    char note[200];          /* says when not every point is drawn */
    struct figures_traces *traces; /* per point */
    double x_low, x_high;    /* evaluations over every run */
    double y_high;           /* the highest best fitness at any run's start */
    struct cli_pool_plot *plot; /* the gnuplots that draw them; NULL: none */
};

static void report_fig_free(struct report_fig *f, size_t count)
{
    for (size_t i = 0; f->traces && i < count; i++)
        figures_traces_free(&f->traces[i]);
    free(f->traces);
    free(f->label);
    free(f->tic);
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

/* Legends: each point's values, leaving out linked components that never change. */
static void report_fig_labels(const struct report *r, struct report_fig *f)
{
    bool same[64];
    size_t k = 0;
    for (size_t a = 0; a < r->axes; a++) {
        const char *path = r->axis[a];
        for (size_t c = 0; *path; c++) {
            size_t plen = strcspn(path, "+");
            if (k < 64) {
                same[k] = true;
                for (size_t i = 1; i < r->count; i++) { /* component c of every point's value */
                    const char *v0 = r->point[0].value[a], *vi = r->point[i].value[a];
                    for (size_t s = 0; s < c; s++) {
                        v0 += strcspn(v0, " ") + (v0[strcspn(v0, " ")] == ' ');
                        vi += strcspn(vi, " ") + (vi[strcspn(vi, " ")] == ' ');
                    }
                    size_t l0 = strcspn(v0, " "), li = strcspn(vi, " ");
                    same[k] &= l0 == li && strncmp(v0, vi, l0) == 0;
                }
            }
            k++;
            path += plen + (path[plen] == '+');
        }
    }
    const char *axis[REPORT_MAX_AXES], *value[REPORT_MAX_AXES];
    for (size_t a = 0; a < r->axes; a++)
        axis[a] = r->axis[a];
    for (size_t i = 0; i < r->count; i++) {
        for (size_t a = 0; a < r->axes; a++)
            value[a] = r->point[i].value[a];
        figures_label(axis, value, r->axes, k <= 64 && r->count > 1 ? same : NULL, f->label[i],
                      sizeof f->label[i]);
        figures_values(axis, value, r->axes, k <= 64 && r->count > 1 ? same : NULL, f->tic[i],
                       sizeof f->tic[i]);
    }
    const char *none[REPORT_MAX_AXES] = {""};
    for (size_t a = 0; a < r->axes; a++)
        none[a] = "";
    figures_label(axis, none, r->axes, k <= 64 && r->count > 1 ? same : NULL, f->names, sizeof f->names);
    if (r->run_folder)
        snprintf(f->label[0], sizeof f->label[0], "this run");
}

static bool report_fig_prepare(const char *root, const struct report *r, struct cli_pool_plot *plot,
                               struct report_fig *f)
{
    *f = (struct report_fig){.x_low = INFINITY, .x_high = 0, .y_high = 0, .plot = plot};
    f->label = calloc(r->count, sizeof *f->label);
    f->tic = calloc(r->count, sizeof *f->tic);
    f->traces = calloc(r->count, sizeof *f->traces);
    if (!f->label || !f->tic || !f->traces) {
        cli_error("out of memory");
        return false;
    }
    const char *swept[REPORT_MAX_AXES];
    for (size_t a = 0; a < r->axes; a++)
        swept[a] = r->axis[a];
    char path[2200];
    snprintf(path, sizeof path, "%s/%s/config.cfg", root, r->point[0].dir);
    figures_setup_read(path, swept, r->axes, &f->setup);
    f->by_evaluations = strcmp(f->setup.xaxis, "evaluations") == 0 ||
                        (strcmp(f->setup.xaxis, "auto") == 0 && report_costs_vary(r));
    f->shown = r->count < FIGURES_MAX_CURVES ? r->count : FIGURES_MAX_CURVES;
    if (f->shown < r->count)
        snprintf(f->note, sizeof f->note, "the %zu best of %zu points by the ranking of gaexp report", f->shown,
                 r->count);
    report_fig_labels(r, f);
    for (size_t i = 0; i < r->count; i++) {
        struct figures_traces *t = &f->traces[i];
        snprintf(path, sizeof path, "%s/%s/generations.csv", root, r->point[i].dir);
        if (!figures_traces_read(path, t))
            return false;
        for (size_t j = 0; j < t->replicates; j++) {
            f->x_low = fmin(f->x_low, t->evaluations[t->start[j]]);
            f->x_high = fmax(f->x_high, t->evaluations[t->start[j + 1] - 1]);
            f->y_high = fmax(f->y_high, t->best[t->start[j]]);
        }
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

/* budget.dat: per point (one gnuplot index each), at each budget t the best
 * fitness after t evaluations over the replicates: mean with its 95% t
 * interval, median and quartiles.  Budgets before a replicate's first
 * generation was evaluated are left out. */
static bool report_fig_budget_data(const char *root, const struct report *r, const struct report_fig *f)
{
    struct output_file out;
    if (!output_open(&out, root, "budget.dat"))
        return false;
    fprintf(out.fp, "# best fitness after t evaluations over the replicates, one block per point\n"
                    "# evaluations mean mean_low mean_high median q1 q3\n");
    for (size_t i = 0; i < r->count; i++) {
        const struct figures_traces *t = &f->traces[i];
        double v[t->replicates ? t->replicates : 1], quantile = ga_compare_t_quantile(t->replicates, 0.95);
        fprintf(out.fp, "%s# point %s: %s\n", i ? "\n\n" : "", r->point[i].dir, f->label[i]);
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
    return output_commit(&out);
}

/* The title: what was measured, on which problem, with which budget. */
static void report_fig_title(FILE *out, const struct report_fig *f, const char *what)
{
    char title[800];
    snprintf(title, sizeof title, "%s\n%s; %lu replicate%s a point%s%s%s%s%s", what, f->setup.problem,
             f->setup.replicates, f->setup.replicates == 1 ? "" : "s", f->setup.budget[0] ? "; " : "",
             f->setup.budget, f->note[0] ? "\n(" : "", f->note, f->note[0] ? ")" : "");
    figures_title(out, title);
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
        cli_error("out of memory");
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
        cli_pool_plot_add(f->plot, root, script, figure);
    return ok;
}

static void report_script_head(FILE *out, const struct report_fig *f, const char *name, const char *about)
{
    fprintf(out, "# %s.gp — written by gaexp: %s.\n"
                 "# gaexp plot rewrites this script; the look is in style.gp, which it never rewrites.\n",
            name, about);
    size_t longest = 0;
    for (size_t i = 0; i < f->shown; i++)
        longest = strlen(f->label[i]) > longest ? strlen(f->label[i]) : longest;
    /* long legends go below, where they take height, not the plot's width */
    figures_opening(out, &f->setup, name, 1100, longest > 32 ? 760 : 650);
    fprintf(out, "set key %s\n", longest > 32 ? "below maxrows 4" : "outside right top");
}

/* curves: mean best fitness with its 95% band, against evaluations
 * (budget.dat) or generations (each point's curves.csv). */
static bool report_curves(const char *root, const struct report *r, const struct report_fig *f)
{
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    report_script_head(s.out, f, "curves", "mean best fitness per point with its 95% confidence band");
    report_fig_title(s.out, f, "Best fitness so far, mean over the replicates with its 95% interval");
    report_fig_fitness_axis(s.out, f->y_high, "best fitness");
    if (f->by_evaluations) {
        report_fig_evaluations_axis(s.out, f, "evaluations");
    } else {
        fprintf(s.out, "set xlabel 'generation'\nset datafile separator ','\n");
    }
    fprintf(s.out, "plot \\\n");
    for (size_t k = 0; k < f->shown; k++) {
        size_t i = r->order[k];
        if (f->by_evaluations)
            fprintf(s.out, "  'budget.dat' index %zu using 1:($3 > 0 ? $3 + 1 : 1):($4 + 1) with filledcurves "
                           "lt %zu notitle, \\\n  '' index %zu using 1:($2 + 1) with lines lt %zu title ",
                    i, k + 1, i, k + 1);
        else
            fprintf(s.out, "  '%s/curves.csv' skip 1 using 1:($4 > 0 ? $4 + 1 : 1):($5 + 1) with filledcurves "
                           "lt %zu notitle, \\\n  '' skip 1 using 1:($3 + 1) with lines lt %zu title ",
                    r->point[i].dir, k + 1, k + 1);
        figures_quoted(s.out, f->label[i]);
        fprintf(s.out, "%s\n", k + 1 < f->shown ? ", \\" : "");
    }
    return report_script_draw(&s, root, f, "curves");
}

/* fixed-budget: the median best fitness after t evaluations and its quartiles. */
static bool report_fixed_budget(const char *root, const struct report *r, const struct report_fig *f)
{
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    report_script_head(s.out, f, "fixed-budget", "best fitness after t evaluations, median and quartiles");
    report_fig_title(s.out, f, "Fixed budget: best fitness after t evaluations, median and quartiles");
    report_fig_fitness_axis(s.out, f->y_high, "best fitness");
    report_fig_evaluations_axis(s.out, f, "evaluations (budget t)");
    fprintf(s.out, "plot \\\n");
    for (size_t k = 0; k < f->shown; k++) {
        size_t i = r->order[k];
        fprintf(s.out, "  'budget.dat' index %zu using 1:($6 + 1):($7 + 1) with filledcurves lt %zu notitle, \\\n"
                       "  '' index %zu using 1:($5 + 1) with lines lt %zu title ",
                i, k + 1, i, k + 1);
        figures_quoted(s.out, f->label[i]);
        fprintf(s.out, "%s\n", k + 1 < f->shown ? ", \\" : "");
    }
    return report_script_draw(&s, root, f, "fixed-budget");
}

/* ecdf.dat and ecdf: the share of runs that reached the target within t
 * evaluations; an unsolved run is censored at its budget (the curve stays
 * flat to the last evaluation of the point's runs, below 1). */
static bool report_ecdf(const char *root, const struct report *r, const struct report_fig *f)
{
    struct output_file out;
    if (!output_open(&out, root, "ecdf.dat"))
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
        fprintf(out.fp, "%s# point %s: %s\n%.10g 0\n", i ? "\n\n" : "", p->dir, f->label[i], f->x_low);
        for (size_t k = 0; k < n; k++)
            fprintf(out.fp, "%.10g %.10g\n", solved[k], (double)(k + 1) / (double)p->replicates);
        fprintf(out.fp, "%.10g %.10g\n", fmax(last, f->x_low), (double)n / (double)p->replicates);
    }
    if (!output_commit(&out))
        return false;
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    report_script_head(s.out, f, "ecdf", "share of runs solved within t evaluations (fixed target)");
    report_fig_title(s.out, f, "Fixed target: share of runs solved within t evaluations (unsolved runs censored at their budget)");
    report_fig_evaluations_axis(s.out, f, "evaluations");
    fprintf(s.out, "set ylabel 'share of runs solved'\nset yrange [0:1.02]\n");
    fprintf(s.out, "plot \\\n");
    for (size_t k = 0; k < f->shown; k++) {
        size_t i = r->order[k];
        fprintf(s.out, "  'ecdf.dat' index %zu using 1:2 with steps lt %zu title ", i, k + 1);
        figures_quoted(s.out, f->label[i]);
        fprintf(s.out, "%s\n", k + 1 < f->shown ? ", \\" : "");
    }
    return report_script_draw(&s, root, f, "ecdf");
}

/* The highest final best fitness of any run. */
static double report_fig_highest(const struct report *r)
{
    double high = 0;
    for (size_t i = 0; i < r->count; i++)
        for (size_t j = 0; j < r->point[i].replicates; j++)
            high = fmax(high, r->point[i].final_best[j]);
    return high;
}

/* runs.dat and boxes: per point, box plots of the final best fitness and of
 * the evaluations to a solution (solved runs only; how many under each box). */
static bool report_boxes(const char *root, const struct report *r, const struct report_fig *f)
{
    struct output_file out;
    if (!output_open(&out, root, "runs.dat"))
        return false;
    fprintf(out.fp, "# final_best evaluations_to_solution (-1: unsolved), one block per point\n");
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        fprintf(out.fp, "%s# point %s: %s\n", i ? "\n\n" : "", p->dir, f->label[i]);
        for (size_t j = 0; j < p->replicates; j++)
            fprintf(out.fp, "%.10g %.10g\n", p->final_best[j], p->solved_flag[j] ? p->spent[j] : -1.0);
    }
    if (!output_commit(&out))
        return false;
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    fprintf(s.out, "# boxes.gp — written by gaexp: per point, box plots of the final best fitness and of\n"
                   "# the evaluations to a solution (runs.dat).\n"
                   "# gaexp plot rewrites this script; the look is in style.gp, which it never rewrites.\n");
    figures_opening(s.out, &f->setup, "boxes", r->count > 12 ? 1300 : 1000, 1000);
    char tics[16384];
    size_t used = 0;
    for (size_t i = 0; i < r->count && used < sizeof tics; i++) {
        char tic[200];
        snprintf(tic, sizeof tic, "%s (%zu/%zu)", f->tic[i], r->point[i].solved, r->point[i].replicates);
        FILE *m = fmemopen(tics + used, sizeof tics - used, "w");
        if (!m)
            break;
        fprintf(m, "%s", i ? ", " : "");
        figures_quoted(m, tic);
        fprintf(m, " %zu", i + 1);
        used += (size_t)ftell(m);
        fclose(m);
    }
    char title[600];
    snprintf(title, sizeof title, "%s; %lu replicate%s a point%s%s", f->setup.problem, f->setup.replicates,
             f->setup.replicates == 1 ? "" : "s", f->setup.budget[0] ? "; " : "", f->setup.budget);
    fprintf(s.out, "set multiplot layout 2,1 title ");
    figures_quoted(s.out, title);
    fprintf(s.out, "\nset style data boxplot\nset style boxplot outliers pointtype 7\n"
                   "set style fill solid 0.3 border\nunset key\nset pointsize 0.6\n"
                   "set xtics (%s) rotate by -30 left\nset xrange [0.3:%zu.7]\n",
            tics, r->count);
    fprintf(s.out, "set xlabel ");
    figures_quoted(s.out, f->names);
    fprintf(s.out, "\n");
    fprintf(s.out, "set title 'Final best fitness (lower is better; under each box: runs solved)'\n"
                   "set ylabel 'final best fitness'\nset yrange [0:%.6g]\n"
                   "plot for [i=0:%zu] 'runs.dat' index i using (i + 1):1 lt (i %% 12 + 1) dt 1\n"
                   "set title 'Evaluations to a solution (solved runs only)'\n"
                   "set ylabel 'evaluations (log scale)'\nset yrange [*:*]\nset logscale y\n",
            report_fig_highest(r) > 0 ? report_fig_highest(r) * 1.08 : 1.0, r->count - 1);
    /* gnuplot refuses a box of no value: points that never solved are left out */
    bool first = true;
    for (size_t i = 0; i < r->count; i++)
        if (r->point[i].solved) {
            fprintf(s.out, "%s'runs.dat' index %zu using (%zu):($2 < 0 ? 1/0 : $2) lt %zu dt 1", first ? "plot " : ", \\\n     ",
                    i, i + 1, i % 12 + 1);
            first = false;
        }
    if (first)
        fprintf(s.out, "unset logscale y\nset label 'no run solved' at graph 0.5, 0.5 center\nset yrange [0:1]\nplot 1/0 notitle");
    fprintf(s.out, "\nunset multiplot\n");
    return report_script_draw(&s, root, f, "boxes");
}

/* heatmap.dat and heatmap: success rate (or mean final best fitness when
 * no point solves) over the two swept settings. */
static bool report_heatmap(const char *root, const struct report *r, const struct report_fig *f)
{
    size_t ny = 1; /* values of the second setting: the period of the first */
    while (ny < r->count && strcmp(r->point[ny].value[0], r->point[0].value[0]) == 0)
        ny++;
    size_t nx = r->count / ny;
    bool success = false;
    for (size_t i = 0; i < r->count; i++)
        success |= r->point[i].solved > 0;
    struct output_file out;
    if (!output_open(&out, root, "heatmap.dat"))
        return false;
    fprintf(out.fp, "# x y value label: %s over %s (x) and %s (y)\n",
            success ? "success rate" : "mean final best fitness", r->axis[0], r->axis[1]);
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        double v = success ? (double)p->solved / (double)p->replicates : p->best_mean;
        fprintf(out.fp, "%zu %zu %.10g \"", i / ny, i % ny, v);
        fprintf(out.fp, success ? "%.0f%%\"\n" : "%.3g\"\n", success ? 100 * v : v);
    }
    if (!output_commit(&out))
        return false;
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    fprintf(s.out, "# heatmap.gp — written by gaexp: %s of every sweep point (heatmap.dat).\n"
                   "# gaexp plot rewrites this script; the look is in style.gp, which it never rewrites.\n",
            success ? "success rate" : "mean final best fitness");
    figures_opening(s.out, &f->setup, "heatmap", 900, 650);
    char title[600], words[2][160];
    snprintf(title, sizeof title, "%s\n%s; %lu replicate%s a point%s%s",
             success ? "Share of replicates solved" : "Mean final best fitness (lower is better)",
             f->setup.problem, f->setup.replicates, f->setup.replicates == 1 ? "" : "s",
             f->setup.budget[0] ? "; " : "", f->setup.budget);
    for (size_t a = 0; a < 2; a++) {
        const char *axis[1] = {r->axis[a]}, *value[1] = {""};
        figures_label(axis, value, 1, NULL, words[a], sizeof words[a]);
    }
    figures_title(s.out, title);
    fprintf(s.out, "\nset xlabel ");
    figures_quoted(s.out, words[0]);
    fprintf(s.out, "\nset ylabel ");
    figures_quoted(s.out, words[1]);
    fprintf(s.out, "\nset xtics (");
    for (size_t x = 0; x < nx; x++) {
        fprintf(s.out, "%s", x ? ", " : "");
        figures_quoted(s.out, r->point[x * ny].value[0]);
        fprintf(s.out, " %zu", x);
    }
    fprintf(s.out, ")\nset ytics (");
    for (size_t y = 0; y < ny; y++) {
        fprintf(s.out, "%s", y ? ", " : "");
        figures_quoted(s.out, r->point[y].value[1]);
        fprintf(s.out, " %zu", y);
    }
    fprintf(s.out, ")\nset xrange [-0.5:%zu.5]\nset yrange [-0.5:%zu.5]\nunset grid\n"
                   "set palette defined (0 '%s', 0.5 '#fee08b', 1 '%s')\n%sset cblabel '%s'\n"
                   "set style fill solid 1 noborder\nunset key\n"
                   "plot 'heatmap.dat' using 1:2:3 with image notitle, \\\n"
                   "     '' using 1:2:4 with labels notitle\n",
            nx - 1, ny - 1, success ? "#d73027" : "#1a9850", success ? "#1a9850" : "#d73027",
            success ? "set cbrange [0:1]\n" : "", success ? "share solved" : "final best");
    return report_script_draw(&s, root, f, "heatmap");
}

/* Whether every point's value of the one swept setting is a number. */
static bool report_numeric(const struct report *r)
{
    for (size_t i = 0; i < r->count; i++) {
        char *end;
        strtod(r->point[i].value[0], &end);
        if (end == r->point[i].value[0] || *end)
            return false;
    }
    return true;
}

/* success.dat and success: for one swept setting, the share solved with its
 * 95% Wilson interval and the ERT; a numeric setting on a numeric axis. */
static bool report_profile(const char *root, const struct report *r, const struct report_fig *f)
{
    struct output_file out;
    if (!output_open(&out, root, "success.dat"))
        return false;
    bool numeric = report_numeric(r), any_solved = false;
    fprintf(out.fp, "# x \"value\" solved_share low high ert final_best_mean\n");
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        any_solved |= p->solved > 0;
        char x[32];
        snprintf(x, sizeof x, "%zu", i); /* a category's place when the values are words */
        fprintf(out.fp, "%s \"%s\" %.6f %.6f %.6f %.10g %.10g\n", numeric ? p->value[0] : x, f->tic[i],
                (double)p->solved / (double)p->replicates, p->success.low, p->success.high,
                isinf(p->ert) ? -1.0 : p->ert, p->best_mean);
    }
    if (!output_commit(&out))
        return false;
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    fprintf(s.out, "# success.gp — written by gaexp: share of replicates solved at each value of %s\n"
                   "# (95%% Wilson interval) and the ERT (success.dat).\n"
                   "# gaexp plot rewrites this script; the look is in style.gp, which it never rewrites.\n",
            r->axis[0]);
    figures_opening(s.out, &f->setup, "success", 1000, 600);
    char title[600], words[160];
    snprintf(title, sizeof title, "Share of replicates solved, and ERT\n%s; %lu replicate%s a point%s%s",
             f->setup.problem, f->setup.replicates, f->setup.replicates == 1 ? "" : "s",
             f->setup.budget[0] ? "; " : "", f->setup.budget);
    const char *axis[1] = {r->axis[0]}, *value[1] = {""};
    figures_label(axis, value, 1, NULL, words, sizeof words);
    figures_title(s.out, title);
    fprintf(s.out, "\nset xlabel ");
    figures_quoted(s.out, words);
    fprintf(s.out, "\nset ylabel 'share of replicates solved'\nset yrange [0:1.05]\n"
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
    fprintf(s.out, "plot 'success.dat' using 1:3:4:5%s with yerrorlines lt 3 dt 1 title 'share solved (95%% Wilson interval)'",
            numeric ? "" : ":xtic(2)");
    if (any_solved)
        fprintf(s.out, ", \\\n     '' using 1:($6 < 0 ? 1/0 : $6) axes x1y2 with linespoints lt 1 dt 1 "
                       "title 'ERT (right axis)'");
    fprintf(s.out, "\n");
    return report_script_draw(&s, root, f, "success");
}

/* The sweep's figures: their scripts written, their drawing queued to 'plot'.
 * Those that do not read budget.dat go first, the longest (every run's
 * box) at their head, so that the gnuplots draw while budget.dat is
 * computed. */
static bool report_figures(const char *root, const struct report *r, struct cli_pool_plot *plot)
{
    struct report_fig f = {0};
    bool ok = figures_style(root) && report_fig_prepare(root, r, plot, &f) && report_boxes(root, r, &f) &&
              report_ecdf(root, r, &f);
    if (ok && r->axes == 1 && r->count >= 2)
        ok = report_profile(root, r, &f);
    if (ok && r->axes == 2 && r->count >= 2)
        ok = report_heatmap(root, r, &f);
    ok = ok && report_fig_budget_data(root, r, &f) && report_curves(root, r, &f) && report_fixed_budget(root, r, &f);
    report_fig_free(&f, r->count);
    return ok;
}

bool report_sweep(const char *root, struct cli_pool_plot *plot, bool quiet)
{
    struct report r;
    bool ok = report_load(root, &r) && report_compute(&r) && report_write_csv(root, &r) &&
              report_figures(root, &r, plot);
    if (ok && !quiet)
        report_print(&r, stdout);
    report_free(&r);
    return ok;
}

/* ---- commands ----------------------------------------------------------------------- */

/* 'gaexp plot ROOT': the figure of every point that has its fitness.gp
 * (output.plot true or "end"), its script rewritten and its drawing queued. */
static bool report_draw_points(const char *root, const struct report *r, struct cli_pool_plot *plot)
{
    char path[1200], figure[64];
    for (size_t i = 0; i < r->count; i++) {
        snprintf(path, sizeof path, "%s/%s/fitness.gp", root, r->point[i].dir);
        if (access(path, F_OK) != 0)
            continue;
        path[strlen(path) - strlen("/fitness.gp")] = '\0';
        if (!figures_fitness_script(path, figure, sizeof figure)) /* said */
            return false;
        cli_pool_plot_add(plot, path, "fitness.gp", figure);
    }
    return true;
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
    int settled = publish_finish(dir, NULL); /* a new result half put in place: finished, never read mixed */
    if (settled != CLI_OK)
        return settled;
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
    if (plot && !index)
        return figures_fitness(dir, false) ? CLI_OK : CLI_FAILED;
    struct report r;
    bool ok = report_load(dir, &r) && report_compute(&r);
    if (ok && plot) { /* in one gnuplot per core */
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        struct cli_pool_plot *gnuplots = cli_pool_plot_start(cores > 0 ? (unsigned)cores : 1, false);
        ok = report_draw_points(dir, &r, gnuplots) && report_figures(dir, &r, gnuplots);
        ok &= cli_pool_plot_end(gnuplots, NULL);
    } else if (ok && r.run_folder)
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
        "(curves.png, heatmap.png or success.png, and each point's fitness.png,\n"
        "also those output.plot = \"end\" left undrawn), rewriting their gnuplot\n"
        "scripts.\n";
    return report_command(argc, argv, usage, true);
}
