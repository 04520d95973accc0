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
#include "cli/gnuplots.h"
#include "cli/publish.h"
#include "cli/report.h"
#include "cli/run_session.h"
#include "gaexp/compare.h"

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
};

struct report {
    size_t axes, count;
    char axis[REPORT_MAX_AXES][REPORT_TEXT];
    struct report_point *point;
    char *text;          /* the points' folders and values (report_point.text) */
    size_t text_used, text_cap;
    struct report_run *run; /* the rows of the summary.csv read last: a run folder's replicates */
    size_t run_cap;
    size_t *order;       /* points ranked, best first */
    size_t best;         /* index of the best point (order[0]) */
    bool by_evaluations; /* compared measure: evaluations to a solution (else final best) */
    bool tested;         /* the ranking checked significance (not past REPORT_MAX_TESTED points) */
    bool bad_input;      /* a file was refused: exit status 2 */
    bool run_folder;     /* DIR is one run's folder, not a sweep */
};

/* Pairwise tests grow as the square of the points; past this many the
 * ranking is the order of ERT, success rate and final best alone, and says so. */
#define REPORT_MAX_TESTED 300
#define REPORT_MAX_TESTED_TEXT "300" /* for the help text */
/* Resamples of the ERT's bootstrap interval, drawn from a fixed seed so that
 * sweep.csv is the same on every rerun. */
#define REPORT_RESAMPLES 2000

static void report_free(struct report *r)
{
    for (size_t i = 0; i < r->count; i++)
        free(r->point[i].evaluations);
    free(r->point);
    free(r->text);
    free(r->run);
    free(r->order);
}

/* Appends text and its NUL to r->text; false when out of memory. */
static bool report_text_add(struct report *r, const char *text)
{
    size_t len = strlen(text) + 1;
    if (r->text_used + len > r->text_cap) {
        size_t cap = r->text_cap ? 2 * r->text_cap : 4096;
        while (cap < r->text_used + len)
            cap *= 2;
        char *grown = realloc(r->text, cap);
        if (!grown)
            return false;
        r->text = grown;
        r->text_cap = cap;
    }
    memcpy(r->text + r->text_used, text, len);
    r->text_used += len;
    return true;
}

/* A point's folder ("p001"; "." for a run folder). */
static const char *report_dir(const struct report *r, const struct report_point *p)
{
    return r->text + p->text;
}

/* A point's value of swept setting a. */
static const char *report_value(const struct report *r, const struct report_point *p, size_t a)
{
    const char *text = r->text + p->text;
    for (size_t i = 0; i <= a; i++)
        text += strlen(text) + 1;
    return text;
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
        app_error("cannot read %s: %s", path, strerror(errno));
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
        app_error("%s:%zu: %s: expected an integer in [%llu, %llu], got '%s'", at.file, at.line,
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
        app_error("%s:%zu: %s: expected a finite number >= 0, got '%s'", at.file, at.line, column, text);
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
    app_error("%s:%zu: stop: expected generations, evaluations, seconds, target or stagnation, got '%s'", at.file,
              at.line, text);
    return false;
}

/* One row of summary.csv, checked field by field. */
static bool report_row(struct report_at at, char *line, struct report_run *run)
{
    char *field[8];
    size_t n = report_split(line, field, 8);
    if (n != 7) {
        app_error("%s:%zu: expected 7 fields (%s), got %zu", at.file, at.line, report_summary_header, n);
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

/* The per-replicate arrays the statistics take, in one block, from the rows in r->run. */
static bool report_arrays(const struct report *r, struct report_point *p)
{
    size_t n = p->replicates;
    double *block = malloc(n * (3 * sizeof(double) + sizeof(bool)));
    if (!block) {
        app_error("out of memory");
        return false;
    }
    p->evaluations = block;
    p->spent = block + n;
    p->final_best = block + 2 * n;
    p->solved_flag = (bool *)(block + 3 * n);
    p->solved = 0;
    for (size_t j = 0; j < n; j++) {
        const struct report_run *run = &r->run[j];
        p->solved += run->solved;
        p->solved_flag[j] = run->solved;
        p->spent[j] = (double)run->evaluations;
        p->evaluations[j] = run->solved ? (double)run->evaluations : INFINITY;
        p->final_best[j] = run->best;
    }
    return true;
}

/* A point's replicates from its summary.csv, their rows into r->run and
 * its arrays; bad content sets r->bad_input. */
static bool report_read_point(const char *root, struct report_point *p, struct report *r)
{
    char path[2200];
    snprintf(path, sizeof path, "%s/%s/summary.csv", root, report_dir(r, p));
    FILE *f = fopen(path, "r");
    if (!f) {
        app_error("cannot read %s: %s", path, strerror(errno));
        return false;
    }
    char line[1024];
    struct report_at at = {path, 1};
    bool ok = true;
    if (!fgets(line, sizeof line, f)) {
        app_error("%s: empty; expected the header '%s' and a row per replicate", path, report_summary_header);
        ok = false;
    } else if (line[strcspn(line, "\r\n")] = '\0', strcmp(line, report_summary_header) != 0) {
        app_error("%s:1: expected the header '%s'", path, report_summary_header);
        ok = false;
    }
    while (ok && fgets(line, sizeof line, f)) {
        at.line++;
        if (p->replicates == r->run_cap) {
            size_t cap = r->run_cap ? 2 * r->run_cap : 16;
            struct report_run *grown = realloc(r->run, cap * sizeof *grown);
            if (!grown) {
                app_error("out of memory");
                fclose(f);
                return false;
            }
            r->run = grown;
            r->run_cap = cap;
        }
        ok = report_row(at, line, &r->run[p->replicates]);
        if (ok && r->run[p->replicates].replicate != p->replicates + 1) { /* a row missing, or twice */
            app_error("%s:%zu: replicate: expected %zu (a row per replicate, 1 to R in order), got %llu", at.file,
                      at.line, p->replicates + 1, r->run[p->replicates].replicate);
            ok = false;
        }
        p->replicates += ok;
    }
    fclose(f);
    if (ok && p->replicates == 0) {
        app_error("%s: no replicate finished (a header and no rows)", path);
        ok = false;
    }
    r->bad_input |= !ok;
    return ok && report_arrays(r, p);
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
        return report_text_add(r, ".") && report_read_point(root, &r->point[0], r);
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
            app_error("%s/index.csv:%zu: expected %zu fields", root, lineno, 2 + r->axes);
            r->bad_input = true;
            ok = false;
            break;
        }
        if (r->count == cap) {
            cap = cap ? 2 * cap : 64;
            struct report_point *grown = realloc(r->point, cap * sizeof *grown);
            if (!grown) {
                app_error("out of memory");
                ok = false;
                break;
            }
            r->point = grown;
        }
        if (!cli_sweep_point_named(root, lineno, field[0], field[1], r->count + 1)) { /* no path out of the sweep */
            r->bad_input = true;
            ok = false;
            break;
        }
        struct report_point *p = &r->point[r->count++];
        *p = (struct report_point){.text = r->text_used};
        for (size_t i = 0; ok && i < 1 + r->axes; i++)
            ok = report_text_add(r, field[1 + i]);
        if (!ok)
            app_error("out of memory");
        ok = ok && report_read_point(root, p, r);
    }
    fclose(index);
    if (ok && r->count == 0) {
        app_error("%s/index.csv: no points", root);
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

/* report_before as a qsort order; ties keep point order (the points are one array). */
static int report_cmp(const void *a, const void *b)
{
    const struct report_point *p = *(const struct report_point *const *)a, *q = *(const struct report_point *const *)b;
    if (report_before(p, q))
        return -1;
    if (report_before(q, p))
        return 1;
    return (p > q) - (p < q);
}

/* better[i * n + j]: point i is significantly better than point j. */
static bool report_tests(const struct report *r, bool *better)
{
    size_t n = r->count;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            struct ga_ranksum t;
            const struct report_point *a = &r->point[i], *b = &r->point[j];
            if (!ga_compare_ranksum(report_measure(r, a), a->replicates, report_measure(r, b), b->replicates, &t))
                return false;
            better[i * n + j] = t.p_value < 0.05 && t.a12 < 0.5;
            better[j * n + i] = t.p_value < 0.05 && t.a12 > 0.5;
        }
    return true;
}

/* The ranking (ga_compare_rank): the order of report_before as keys,
 * significance by the two-sided rank-sum test at 5% on the measure, up to
 * REPORT_MAX_TESTED points; past them the keys alone (better NULL). */
static bool report_rank(struct report *r)
{
    size_t n = r->count;
    r->tested = n <= REPORT_MAX_TESTED;
    double *key = malloc(n * sizeof *key);
    const struct report_point **sorted = malloc(n * sizeof *sorted);
    bool *better = r->tested ? calloc(n * n, sizeof *better) : NULL;
    r->order = malloc(n * sizeof *r->order);
    bool ok = key && sorted && r->order && (better || !r->tested);
    for (size_t i = 0; ok && i < n; i++)
        sorted[i] = &r->point[i];
    if (ok)
        qsort(sorted, n, sizeof *sorted, report_cmp);
    for (size_t k = 0; ok && k < n; k++)
        key[sorted[k] - r->point] = (double)k;
    ok = ok && (!better || report_tests(r, better)) && ga_compare_rank(key, better, n, r->order);
    free(key);
    free(sorted);
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
                  "p_value,a12,rank\n");
    for (size_t i = 0; i < r->count; i++) {
        const struct report_point *p = &r->point[i];
        fprintf(f.fp, "%zu,%s", i + 1, report_dir(r, p));
        for (size_t a = 0; a < r->axes; a++)
            fprintf(f.fp, ",%s", report_value(r, p, a));
        fprintf(f.fp, ",%zu,%zu,%.6f,%.6f,%.6f,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%s%s,%.6g,%.6f,%zu\n",
                p->replicates, p->solved, (double)p->solved / (double)p->replicates, p->success.low,
                p->success.high, p->evals_mean, p->evals_median, p->ert, p->ert_ci.low, p->ert_ci.high,
                p->best_mean, p->best_half, r->by_evaluations ? "evaluations_to_solution" : "final_best",
                r->tested ? "" : "_untested", p->against_best.p_value, p->against_best.a12, rank[i]);
    }
    free(rank);
    return app_file_commit(&f);
}

/* The widths of the printed columns. */
struct report_columns {
    int rank, dir;              /* at least 4 and 5: "rank", "p001" */
    int value[REPORT_MAX_AXES]; /* as wide as the widest entry, at most 40 */
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

static const char report_rule_untested[] =
    "Ranked by ERT (expected running time: the evaluations of all runs, solved or not, per\n"
    "solved run; its 95%% bootstrap interval in brackets), then success rate, then final best\n"
    "fitness.  With more than %d points significance is not tested (the tests of every pair\n"
    "grow as the square of the points): that order alone ranks.\n";

static void report_print(const struct report *r, FILE *out)
{
    struct report_columns c = report_widths(r);
    fprintf(out, "%-*s %-*s", c.rank, "rank", c.dir, "point");
    for (size_t a = 0; a < r->axes; a++)
        fprintf(out, " %*.*s", c.value[a], c.value[a], report_short(r->axis[a]));
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
        fprintf(out, " %9s %15s %27s", solved, ci, ert);
        report_number(out, 10, " %*.0f", p->evals_median);
        fprintf(out, " %12.6g %9.3g %6.2f\n", p->best_mean, p->against_best.p_value, p->against_best.a12);
    }
    const char *measure = r->by_evaluations ? "evaluations to a solution, unsolved runs worst"
                                            : "final best fitness, as no point solves";
    fputc('\n', out);
    if (r->tested)
        fprintf(out, report_rule, measure);
    else
        fprintf(out, report_rule_untested, REPORT_MAX_TESTED);
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
        const struct report_run *run = &r->run[j];
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

/* Box plots one figure draws; past this, those of the best points by the ranking, with a note. */
#define REPORT_MAX_BOXES 30
/* Values named on a heatmap's or a word-valued success figure's axis;
 * past this, every k-th, and the heatmap's cells go unlabelled. */
#define REPORT_MAX_TICS 20
/* A legend or tick label, in characters. */
#define REPORT_LABEL 160

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
    const char *axis[REPORT_MAX_AXES], *none[REPORT_MAX_AXES];
    for (size_t a = 0; a < r->axes; a++)
        axis[a] = r->axis[a], none[a] = "";
    figures_label(axis, none, r->axes, f->use_same ? f->same : NULL, f->names, sizeof f->names);
}

/* Point i's legend, what varies ("mutation rate 0.2"), or with 'names'
 * false its values alone, for a tick ("0.2"); REPORT_LABEL characters. */
static void report_fig_text(const struct report *r, const struct report_fig *f, size_t i, bool names, char *buf)
{
    const char *axis[REPORT_MAX_AXES], *value[REPORT_MAX_AXES];
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
    const char *swept[REPORT_MAX_AXES];
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
                 "# gaexp plot rewrites this script; the look is in style.gp, which it never rewrites.\n",
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

/* curves: mean best fitness with its 95% band, against evaluations
 * (budget.dat) or generations (each point's curves.csv). */
static bool report_curves(const char *root, const struct report *r, const struct report_fig *f)
{
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    report_script_head(s.out, r, f, "curves", "mean best fitness per point with its 95% confidence band");
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
                    report_fig_block(f, i), k + 1, report_fig_block(f, i), k + 1);
        else
            fprintf(s.out, "  '%s/curves.csv' skip 1 using 1:($4 > 0 ? $4 + 1 : 1):($5 + 1) with filledcurves "
                           "lt %zu notitle, \\\n  '' skip 1 using 1:($3 + 1) with lines lt %zu title ",
                    report_dir(r, &r->point[i]), k + 1, k + 1);
        report_fig_legend(s.out, r, f, k);
    }
    return report_script_draw(&s, root, f, "curves");
}

/* fixed-budget: the median best fitness after t evaluations and its quartiles. */
static bool report_fixed_budget(const char *root, const struct report *r, const struct report_fig *f)
{
    struct report_script s;
    if (!report_script_open(&s))
        return false;
    report_script_head(s.out, r, f, "fixed-budget", "best fitness after t evaluations, median and quartiles");
    report_fig_title(s.out, f, "Fixed budget: best fitness after t evaluations, median and quartiles");
    report_fig_fitness_axis(s.out, f->y_high, "best fitness");
    report_fig_evaluations_axis(s.out, f, "evaluations (budget t)");
    fprintf(s.out, "plot \\\n");
    for (size_t k = 0; k < f->shown; k++) {
        size_t i = r->order[k];
        fprintf(s.out, "  'budget.dat' index %zu using 1:($6 + 1):($7 + 1) with filledcurves lt %zu notitle, \\\n"
                       "  '' index %zu using 1:($5 + 1) with lines lt %zu title ",
                report_fig_block(f, i), k + 1, report_fig_block(f, i), k + 1);
        report_fig_legend(s.out, r, f, k);
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
    report_fig_title(s.out, f, "Fixed target: share of runs solved within t evaluations (unsolved runs censored at their budget)");
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
    fprintf(out.fp, "# final_best evaluations_to_solution (-1: unsolved), one block per point\n");
    for (size_t b = 0; b < m; b++) {
        const struct report_point *p = &r->point[boxed[b]];
        char label[REPORT_LABEL];
        report_fig_text(r, f, boxed[b], true, label);
        fprintf(out.fp, "%s# point %s: %s\n", b ? "\n\n" : "", report_dir(r, p), label);
        for (size_t j = 0; j < p->replicates; j++)
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
    fprintf(s.out, "# gaexp plot rewrites this script; the look is in style.gp, which it never rewrites.\n");
    figures_opening(s.out, &f->setup, "boxes", m > 12 ? 1300 : 1000, 1000);
    char title[800], note[200];
    report_fig_note(r, m, note, sizeof note);
    snprintf(title, sizeof title, "%s; %lu replicate%s a point%s%s%s%s%s", f->setup.problem, f->setup.replicates,
             f->setup.replicates == 1 ? "" : "s", f->setup.budget[0] ? "; " : "", f->setup.budget,
             note[0] ? "\n(" : "", note, note[0] ? ")" : "");
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
        double v = success ? (double)p->solved / (double)p->replicates : p->best_mean;
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
                   "# gaexp plot rewrites this script; the look is in style.gp, which it never rewrites.\n",
            success ? "success rate" : "mean final best fitness");
    figures_opening(s.out, &f->setup, "heatmap", 900, 650);
    bool labelled = nx <= REPORT_MAX_TICS && ny <= REPORT_MAX_TICS;
    char title[800], words[2][160], note[100] = "";
    if (!labelled)
        snprintf(note, sizeof note, "\n(%zu x %zu points: the colour alone gives each value)", nx, ny);
    snprintf(title, sizeof title, "%s\n%s; %lu replicate%s a point%s%s%s",
             success ? "Share of replicates solved" : "Mean final best fitness (lower is better)",
             f->setup.problem, f->setup.replicates, f->setup.replicates == 1 ? "" : "s",
             f->setup.budget[0] ? "; " : "", f->setup.budget, note);
    for (size_t a = 0; a < 2; a++) {
        const char *axis[1] = {r->axis[a]}, *value[1] = {""};
        figures_label(axis, value, 1, NULL, words[a], sizeof words[a]);
    }
    figures_title(s.out, title);
    fprintf(s.out, "\nset xlabel ");
    figures_quoted(s.out, words[0]);
    fprintf(s.out, "\nset ylabel ");
    figures_quoted(s.out, words[1]);
    fprintf(s.out, "\n");
    report_heat_tics(s.out, r, "xtics", nx, ny, 0);
    report_heat_tics(s.out, r, "ytics", ny, 1, 1);
    fprintf(s.out, "set xrange [-0.5:%zu.5]\nset yrange [-0.5:%zu.5]\nunset grid\n"
                   "set palette defined (0 '%s', 0.5 '#fee08b', 1 '%s')\n%sset cblabel '%s'\n"
                   "set style fill solid 1 noborder\nunset key\n"
                   "plot 'heatmap.dat' using 1:2:3 with image notitle%s\n",
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
                (double)p->solved / (double)p->replicates, p->success.low, p->success.high,
                isinf(p->ert) ? -1.0 : p->ert, p->best_mean);
    }
    if (!app_file_commit(&out))
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

/* The sweep's figures: their scripts written, their drawing queued to 'plot'.
 * Those that do not read budget.dat go first, the longest (the runs'
 * boxes) at their head, so that the gnuplots draw while budget.dat is
 * computed. */
static bool report_figures(const char *root, const struct report *r, struct gnuplots *plot)
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

/* ---- commands ----------------------------------------------------------------------- */

/* 'gaexp plot ROOT': the figure of every point that has its fitness.gp
 * (output.plot true or "end"), its script rewritten and its drawing queued. */
static bool report_draw_points(const char *root, const struct report *r, struct gnuplots *plot)
{
    char path[1200], figure[64];
    for (size_t i = 0; i < r->count; i++) {
        snprintf(path, sizeof path, "%s/%s/fitness.gp", root, report_dir(r, &r->point[i]));
        if (access(path, F_OK) != 0)
            continue;
        path[strlen(path) - strlen("/fitness.gp")] = '\0';
        if (!figures_fitness_script(path, figure, sizeof figure)) /* said */
            return false;
        gnuplots_add(plot, path, "fitness.gp", figure);
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
    FILE *probe = report_open(dir, ".", "summary.csv", false);
    FILE *index = report_open(dir, ".", "index.csv", false);
    if (!probe && !index) {
        app_error("%s: %s is not a run or sweep folder of gaexp (no summary.csv or index.csv)",
                  argv[0], dir);
        return APP_USAGE;
    }
    if (probe)
        fclose(probe);
    if (index)
        fclose(index);
    /* plot writes: one writer per folder (a sweep or run under way refuses it, and it them) */
    int status = APP_OK, lock = plot ? run_lock(dir, false, &status) : -1;
    if (plot && lock < 0)
        return status;
    if (plot && !index) {
        status = figures_fitness(dir, false) ? APP_OK : APP_FAILED;
        output_unlock(lock);
        return status;
    }
    struct report r;
    bool ok = report_load(dir, &r) && report_compute(&r);
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
        "Past " REPORT_MAX_TESTED_TEXT " points significance is not tested (the tests of every pair grow as\n"
        "the square of the points): the order of ERT, success rate and final best\n"
        "fitness alone ranks, the report says so, and sweep.csv's column 'compared'\n"
        "(the measure of p_value and a12, the test against the first point) ends in\n"
        "'_untested': evaluations_to_solution_untested or final_best_untested.\n"
        "For a run folder: its replicates one per line, then their success rate, ERT\n"
        "and final fitness.\n"
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
