/* cli/compare.c — 'gaexp compare DIR...': a sweep's configurations ranked across several
 * sweeps (one a problem or instance): Friedman's test, Holm-corrected pairwise tests of
 * average ranks, and a critical-difference diagram. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app/file.h"
#include "cli/cli.h"
#include "cli/figures/figures.h"
#include "cli/stats/friedman.h"
#include "cli/stats/report_rank.h"
#include "cli/stats/report_read.h"
#include "cli/store/figure.h"
#include "cli/store/output_settings.h"
#include "cli/store/publish.h"

/* The significance level of the tests and of the critical difference. */
#define COMPARE_ALPHA 0.05
/* The folder written when no --out is given. */
#define COMPARE_DEFAULT_OUT "results/compare"

static const char compare_usage[] =
    "Usage: gaexp compare [--out DIR] [--force] SWEEP SWEEP...\n"
    "Ranks the configurations of sweeps across them: each SWEEP (a folder 'gaexp sweep'\n"
    "wrote, say one a problem) is a block, a configuration is a point's swept values.\n"
    "The configurations in every SWEEP are compared (the others are named and dropped).\n"
    "Within each SWEEP they are ranked as 'gaexp report' orders its points before its\n"
    "tests: by ERT (the runs' evaluations to the target, or all they spent, per solved run), then success\n"
    "rate, then mean final best fitness; ties share their average rank.  Then:\n"
    "Friedman's rank sum test (tie-corrected, as R's friedman.test), the average ranks,\n"
    "each pair's z = (Ri - Rj) / sqrt(k(k+1)/(6N)) with two-sided normal p-values\n"
    "corrected by Holm's method over all pairs, and Nemenyi's critical difference\n"
    "q_0.05 sqrt(k(k+1)/(6N)) (q from the studentized range at infinite df over sqrt(2)).\n"
    "Beside each rank: the block's value (ERT, or mean final best fitness in a sweep\n"
    "where no point solves) and the median and quartiles of the runs' measure\n"
    "(evaluations to a solution, unsolved runs infinite; or final best fitness).\n"
    "\n"
    "Options:\n"
    "  --out DIR   write ranking.csv, pairwise.csv, blocks.csv, friedman.csv and the\n"
    "              diagram cd.png (its script cd.gp) into DIR (default " COMPARE_DEFAULT_OUT ")\n"
    "  --force     replace an earlier comparison in DIR\n"
    "\n"
    "Fewer than two SWEEPs, a folder that is not a sweep, or fewer than two\n"
    "configurations in every SWEEP is refused (exit status 2), nothing written.\n";

/* One sweep: its points read and computed as 'gaexp report' does. */
struct compare_block {
    const char *dir;     /* as named */
    struct report r;
    char **key;          /* per point: its swept values by setting, settings sorted */
    size_t *point;       /* per configuration: its point in r */
};

struct compare {
    size_t n, k;             /* blocks, configurations compared */
    struct compare_block *block;
    double *rank;            /* rank[b * k + j]: configuration j's rank in block b */
    double *stat;            /* stat[(b * k + j) * 4 + 0..3]: value, median, q1, q3 */
    double *mean_rank;
    size_t *order;           /* configurations by average rank, best first */
    double *p, *holm;        /* per pair i < j (compare_pair), two-sided and Holm-corrected */
    struct friedman f;
    double q_alpha, cd;
};

static void compare_free(struct compare *c)
{
    for (size_t b = 0; b < c->n; b++) {
        struct compare_block *bl = &c->block[b];
        for (size_t i = 0; bl->key && i < bl->r.count; i++)
            free(bl->key[i]);
        free(bl->key);
        free(bl->point);
        report_free(&bl->r);
    }
    free(c->block);
    free(c->rank);
    free(c->stat);
    free(c->mean_rank);
    free(c->order);
    free(c->p);
    free(c->holm);
}

/* The index of pair (i, j), i != j, among the k (k - 1) / 2 in the order (0,1), (0,2), ..., (1,2), ... */
static size_t compare_pair(size_t i, size_t j, size_t k)
{
    if (i > j) {
        size_t t = i;
        i = j;
        j = t;
    }
    return i * k - i * (i + 1) / 2 + (j - i - 1);
}

/* The swept settings of a block, sorted by name, as indices into r.axis. */
static void compare_axes_sorted(const struct report *r, size_t *axis)
{
    for (size_t a = 0; a < r->axes; a++)
        axis[a] = a;
    for (size_t a = 1; a < r->axes; a++) /* insertion sort of at most NAMES_SWEEP_AXES */
        for (size_t b = a; b > 0 && strcmp(r->axis[axis[b - 1]], r->axis[axis[b]]) > 0; b--) {
            size_t t = axis[b];
            axis[b] = axis[b - 1];
            axis[b - 1] = t;
        }
}

/* Each point's key: "setting=value" joined by '\n', the settings sorted, so
 * that a configuration is found whatever order a sweep lists its settings in. */
static bool compare_keys(struct compare_block *bl)
{
    const struct report *r = &bl->r;
    size_t axis[NAMES_SWEEP_AXES];
    compare_axes_sorted(r, axis);
    bl->key = calloc(r->count, sizeof *bl->key);
    if (!bl->key)
        return false;
    for (size_t i = 0; i < r->count; i++) {
        size_t len = 1;
        for (size_t a = 0; a < r->axes; a++)
            len += strlen(r->axis[a]) + strlen(report_value(r, &r->point[i], a)) + 2;
        if (!(bl->key[i] = malloc(len)))
            return false;
        char *at = bl->key[i];
        *at = '\0';
        for (size_t a = 0; a < r->axes; a++)
            at += sprintf(at, "%s=%s\n", r->axis[axis[a]], report_value(r, &r->point[i], axis[a]));
    }
    return true;
}

/* The point of block bl whose key is 'key', or SIZE_MAX. */
static size_t compare_find(const struct compare_block *bl, const char *key)
{
    for (size_t i = 0; i < bl->r.count; i++)
        if (strcmp(bl->key[i], key) == 0)
            return i;
    return SIZE_MAX;
}

/* A configuration's values, "tournament, steady", from block 0; an empty
 * value (ga.local.name = "", no local search) shows as "". */
static void compare_label(const struct compare *c, size_t j, char *buf, size_t size)
{
    const struct report *r = &c->block[0].r;
    const struct report_point *p = &r->point[c->block[0].point[j]];
    size_t used = 0;
    buf[0] = '\0';
    for (size_t a = 0; a < r->axes && used < size; a++) {
        const char *v = report_value(r, p, a);
        used += (size_t)snprintf(buf + used, size - used, "%s%s", a ? ", " : "", *v ? v : "\"\"");
    }
}

/* The swept settings of a block, "ga.selection.name, ga.scheme.name", for messages. */
static void compare_axes_text(const struct report *r, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t a = 0; a < r->axes && used < size; a++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", a ? ", " : "", r->axis[a]);
}

/* Reads each folder as 'gaexp report' does: APP_OK, else the status after a message. */
static int compare_read(struct compare *c, char **dirs)
{
    for (size_t b = 0; b < c->n; b++) {
        struct compare_block *bl = &c->block[b];
        bl->dir = dirs[b];
        int settled = publish_finish(bl->dir, NULL); /* a publication a kill cut short: finished first */
        if (settled != APP_OK)
            return settled;
        FILE *index = report_open(bl->dir, ".", "index.csv");
        if (!index) {
            app_error("compare: %s is not a sweep folder of gaexp (no index.csv: 'gaexp sweep' writes one)",
                      bl->dir);
            return APP_USAGE;
        }
        fclose(index);
        if (!report_load(bl->dir, &bl->r) || !report_compute(&bl->r))
            return bl->r.bad_input ? APP_USAGE : APP_FAILED;
        if (!compare_keys(bl)) {
            app_error("out of memory");
            return APP_FAILED;
        }
        for (size_t i = 0; i < bl->r.count; i++) {
            size_t first = compare_find(bl, bl->key[i]);
            if (first != i) {
                app_error("compare: %s: points %s and %s have the same swept values; "
                          "a configuration must be one point", bl->dir,
                          report_dir(&bl->r, &bl->r.point[first]), report_dir(&bl->r, &bl->r.point[i]));
                return APP_USAGE;
            }
        }
    }
    return APP_OK;
}

/* Two names of one folder: the same sweep would count twice. */
static int compare_distinct(const struct compare *c)
{
    for (size_t b = 0; b < c->n; b++) {
        char *real = realpath(c->block[b].dir, NULL);
        for (size_t e = 0; real && e < b; e++) {
            char *other = realpath(c->block[e].dir, NULL);
            bool same = other && strcmp(real, other) == 0;
            free(other);
            if (same) {
                app_error("compare: %s and %s are the same folder; each sweep may be named once",
                          c->block[e].dir, c->block[b].dir);
                free(real);
                return APP_USAGE;
            }
        }
        free(real);
    }
    return APP_OK;
}

/* The configurations in every block (in block 0's order), each block's
 * point for each; those missing somewhere are printed as dropped.
 * APP_OK, or APP_USAGE when fewer than two remain. */
static int compare_match(struct compare *c, FILE *out)
{
    const struct compare_block *first = &c->block[0];
    for (size_t b = 1; b < c->n; b++) {
        bool same = c->block[b].r.axes == first->r.axes;
        for (size_t a = 0; same && a < first->r.axes; a++) {
            same = false;
            for (size_t e = 0; e < first->r.axes; e++)
                same |= strcmp(c->block[b].r.axis[e], first->r.axis[a]) == 0;
        }
        if (!same) {
            char mine[1200], theirs[1200];
            compare_axes_text(&first->r, mine, sizeof mine);
            compare_axes_text(&c->block[b].r, theirs, sizeof theirs);
            app_error("compare: %s sweeps %s but %s sweeps %s: no configuration is in both", first->dir, mine,
                      c->block[b].dir, theirs);
            return APP_USAGE;
        }
    }
    for (size_t b = 0; b < c->n; b++)
        if (!(c->block[b].point = malloc(first->r.count * sizeof(size_t)))) {
            app_error("out of memory");
            return APP_FAILED;
        }
    size_t dropped = 0;
    for (size_t b = 0; b < c->n; b++) {
        const struct compare_block *bl = &c->block[b];
        for (size_t i = 0; i < bl->r.count; i++) {
            bool seen = false, everywhere = true;
            for (size_t e = 0; e < b; e++)
                seen |= compare_find(&c->block[e], bl->key[i]) != SIZE_MAX;
            if (seen) /* printed or kept at its first block */
                continue;
            for (size_t e = b + 1; e < c->n; e++)
                everywhere &= compare_find(&c->block[e], bl->key[i]) != SIZE_MAX;
            if (everywhere && b == 0) {
                for (size_t e = 0; e < c->n; e++)
                    c->block[e].point[c->k] = compare_find(&c->block[e], bl->key[i]);
                c->k++;
                continue;
            }
            if (dropped++ == 0)
                fprintf(out, "Dropped, as not in every folder:\n");
            const struct report_point *p = &bl->r.point[i];
            fprintf(out, "  ");
            for (size_t a = 0; a < bl->r.axes; a++)
                fprintf(out, "%s%s = %s", a ? ", " : "", bl->r.axis[a], report_value(&bl->r, p, a));
            fprintf(out, " (not in");
            for (size_t e = 0; e < c->n; e++)
                if (compare_find(&c->block[e], bl->key[i]) == SIZE_MAX)
                    fprintf(out, " %s", c->block[e].dir);
            fprintf(out, ")\n");
        }
    }
    if (c->k < 2) {
        fflush(out);
        app_error("compare: %s configuration is in every folder; comparing needs at least 2",
                  c->k ? "only 1" : "no");
        return APP_USAGE;
    }
    if (dropped)
        fprintf(out, "(%zu dropped; %zu compared)\n\n", dropped, c->k);
    return APP_OK;
}

/* The p-quantile of n sorted values, as R's quantile() type 7; an
 * infinity in reach gives infinity (never inf - inf). */
static double compare_quantile(const double *sorted, size_t n, double p)
{
    double at = p * (double)(n - 1), low = floor(at), delta = at - low;
    size_t i = (size_t)low;
    if (delta == 0 || i + 1 >= n || sorted[i] == sorted[i + 1])
        return sorted[i];
    return sorted[i] + delta * (sorted[i + 1] - sorted[i]);
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Block b's ranks (report's order, ties averaged) and each configuration's
 * value, median and quartiles there. */
static bool compare_block_ranks(struct compare *c, size_t b)
{
    const struct compare_block *bl = &c->block[b];
    const struct report *r = &bl->r;
    size_t k = c->k, most = 1;
    double *level = malloc(k * sizeof *level);
    for (size_t j = 0; j < k; j++)
        most = r->point[bl->point[j]].replicates > most ? r->point[bl->point[j]].replicates : most;
    double *sorted = malloc(most * sizeof *sorted);
    if (!level || !sorted) {
        free(level);
        free(sorted);
        app_error("out of memory");
        return false;
    }
    for (size_t j = 0; j < k; j++) { /* the points before it: equal levels tie */
        const struct report_point *p = &r->point[bl->point[j]];
        level[j] = 0;
        for (size_t i = 0; i < k; i++)
            level[j] += report_before(&r->point[bl->point[i]], p);
        double *s = c->stat + (b * k + j) * 4;
        memcpy(sorted, r->by_evaluations ? p->evaluations : r->by_hv ? p->final_hv : p->final_best,
               p->replicates * sizeof *sorted);
        qsort(sorted, p->replicates, sizeof *sorted, compare_double);
        s[0] = r->by_evaluations ? p->ert : r->by_hv ? p->hv_mean : p->best_mean;
        s[1] = compare_quantile(sorted, p->replicates, 0.5);
        s[2] = compare_quantile(sorted, p->replicates, 0.25);
        s[3] = compare_quantile(sorted, p->replicates, 0.75);
    }
    friedman_ranks(level, k, c->rank + b * k);
    free(level);
    free(sorted);
    return true;
}

/* The ranks, Friedman's test, the pairs' p-values and the critical difference. */
static int compare_compute(struct compare *c)
{
    size_t k = c->k, n = c->n, pairs = k * (k - 1) / 2;
    c->rank = malloc(n * k * sizeof *c->rank);
    c->stat = malloc(n * k * 4 * sizeof *c->stat);
    c->mean_rank = malloc(k * sizeof *c->mean_rank);
    c->order = malloc(k * sizeof *c->order);
    c->p = malloc(pairs * sizeof *c->p);
    c->holm = malloc(pairs * sizeof *c->holm);
    if (!c->rank || !c->stat || !c->mean_rank || !c->order || !c->p || !c->holm) {
        app_error("out of memory");
        return APP_FAILED;
    }
    for (size_t b = 0; b < n; b++)
        if (!compare_block_ranks(c, b))
            return APP_FAILED;
    if (!friedman_test(c->rank, n, k, c->mean_rank, &c->f)) {
        app_error("compare: every folder ranks all %zu configurations equal: nothing to test", k);
        return APP_USAGE;
    }
    for (size_t i = 0; i < k; i++) { /* by average rank, ties in block 0's order: an insertion sort */
        size_t at = i;
        for (; at > 0 && c->mean_rank[c->order[at - 1]] > c->mean_rank[i]; at--)
            c->order[at] = c->order[at - 1];
        c->order[at] = i;
        for (size_t j = i + 1; j < k; j++)
            c->p[compare_pair(i, j, k)] = friedman_pair_p(c->mean_rank[i], c->mean_rank[j], n, k);
    }
    memcpy(c->holm, c->p, pairs * sizeof *c->holm);
    c->q_alpha = friedman_q_alpha(k, COMPARE_ALPHA);
    c->cd = friedman_cd(k, n, COMPARE_ALPHA);
    if (!friedman_holm(c->holm, pairs) || isnan(c->cd)) {
        app_error(isnan(c->cd) ? "compare: the studentized range's quantile could not be computed" : "out of memory");
        return APP_FAILED;
    }
    return APP_OK;
}

/* What a block's value is. */
static const char *compare_value_name(const struct compare_block *bl)
{
    return bl->r.by_evaluations ? "ERT" : bl->r.by_hv ? "final hv" : "final best";
}

/* A block's cell: "12345 (12000 [9000, 15000])", the value and the median
 * and quartiles of the runs' measure (evaluations: whole numbers), or, for
 * a configuration that never solved where others did, "unsolved, best 2.98"
 * (the mean final best fitness that ranks it). */
static void compare_cell(const struct compare *c, size_t b, size_t j, char *buf, size_t size)
{
    const struct compare_block *bl = &c->block[b];
    const struct report_point *p = &bl->r.point[bl->point[j]];
    const double *s = c->stat + (b * c->k + j) * 4;
    if (bl->r.by_evaluations && p->solved == 0)
        snprintf(buf, size, "unsolved, best %.4g", p->best_mean);
    else if (bl->r.by_evaluations)
        snprintf(buf, size, "%.0f (%.0f [%.0f, %.0f])", s[0], s[1], s[2], s[3]);
    else
        snprintf(buf, size, "%.4g (%.4g [%.4g, %.4g])", s[0], s[1], s[2], s[3]);
}

static void compare_print(const struct compare *c, FILE *out)
{
    size_t k = c->k, n = c->n, width = 13;
    char label[1024], cell[160];
    for (size_t j = 0; j < k; j++) {
        compare_label(c, j, label, sizeof label);
        width = strlen(label) > width ? strlen(label) : width;
    }
    width = width < 48 ? width : 48;
    char axes[1200];
    compare_axes_text(&c->block[0].r, axes, sizeof axes);
    fprintf(out, "%zu configurations (%s) ranked in %zu folders:\n", k, axes, n);
    for (size_t b = 0; b < n; b++)
        fprintf(out, "  [%zu] %s: %s (median [quartiles] of %s)\n", b + 1, c->block[b].dir,
                compare_value_name(&c->block[b]),
                c->block[b].r.by_evaluations ? "evaluations to a solution, unsolved inf"
                : c->block[b].r.by_hv        ? "final hypervolume, higher is better"
                                             : "final best fitness");
    fprintf(out, "\n%-4s %-*s %8s %10s", "rank", (int)width, "configuration", "avg rank", "Holm p");
    for (size_t b = 0; b < n; b++) { /* over each folder's ranks: its number */
        char number[24], head[64];
        snprintf(number, sizeof number, "[%zu]", b + 1);
        snprintf(head, sizeof head, "%s (median [q1, q3])", compare_value_name(&c->block[b]));
        fprintf(out, "   %4s %-34s", number, head);
    }
    fputc('\n', out);
    for (size_t pos = 0; pos < k; pos++) {
        size_t j = c->order[pos];
        compare_label(c, j, label, sizeof label);
        fprintf(out, "%-4zu %-*.*s %8.3f", pos + 1, (int)width, (int)width, label, c->mean_rank[j]);
        if (pos == 0)
            fprintf(out, " %10s", "-");
        else
            fprintf(out, " %10.3g", c->holm[compare_pair(c->order[0], j, k)]);
        for (size_t b = 0; b < n; b++) {
            compare_cell(c, b, j, cell, sizeof cell);
            fprintf(out, "   %4.1f %-34s", c->rank[b * k + j], cell);
        }
        fputc('\n', out);
    }
    size_t pairs = k * (k - 1) / 2, significant = 0;
    for (size_t i = 0; i < pairs; i++)
        significant += c->holm[i] < COMPARE_ALPHA;
    fprintf(out,
            "\n[N]: the rank in folder N.  Each folder ranks the configurations as 'gaexp report' orders its\n"
            "points before its tests (ERT, then success rate, then mean final hypervolume with several\n"
            "objectives, then mean final best fitness); ties share their average rank.\n"
            "Friedman chi-squared = %.6g, df = %zu, p-value = %.4g (ties corrected as R's friedman.test)\n"
            "Holm p: the pair with the first, z = (Ri - Rj) / sqrt(k(k+1)/(6N)), two-sided normal p,\n"
            "Holm-corrected over all %zu pairs; %zu pair%s differ at %.2g (all in pairwise.csv).\n"
            "Nemenyi critical difference at %.2g: CD = %.4g (q = %.4f, the studentized range's quantile for\n"
            "%zu means at infinite df over sqrt(2), computed; N = %zu).\n",
            c->f.statistic, c->f.df, c->f.p_value, pairs, significant, significant == 1 ? "" : "s", COMPARE_ALPHA,
            COMPARE_ALPHA, c->cd, c->q_alpha, k, n);
}

/* A CSV field, quoted when it holds a comma, a quote or a line break. */
static void compare_csv_field(FILE *out, const char *text)
{
    if (!strpbrk(text, ",\"\n\r")) {
        fputs(text, out);
        return;
    }
    fputc('"', out);
    for (const char *t = text; *t; t++) {
        if (*t == '"')
            fputc('"', out);
        fputc(*t, out);
    }
    fputc('"', out);
}

static bool compare_write_ranking(const struct compare *c, const char *where)
{
    struct app_file f;
    if (!app_file_open(&f, where, "ranking.csv"))
        return false;
    const struct report *r0 = &c->block[0].r;
    size_t k = c->k;
    fprintf(f.fp, "rank");
    for (size_t a = 0; a < r0->axes; a++)
        fprintf(f.fp, ",%s", r0->axis[a]);
    fprintf(f.fp, ",mean_rank,p_vs_first,p_holm_vs_first");
    for (size_t b = 0; b < c->n; b++)
        fprintf(f.fp, ",rank_%zu,value_%zu,median_%zu,q1_%zu,q3_%zu,success_%zu,final_best_%zu", b + 1, b + 1, b + 1,
                b + 1, b + 1, b + 1, b + 1);
    fputc('\n', f.fp);
    for (size_t pos = 0; pos < k; pos++) {
        size_t j = c->order[pos], best = c->order[0];
        fprintf(f.fp, "%zu", pos + 1);
        for (size_t a = 0; a < r0->axes; a++) {
            fputc(',', f.fp);
            compare_csv_field(f.fp, report_value(r0, &r0->point[c->block[0].point[j]], a));
        }
        fprintf(f.fp, ",%.17g,%.17g,%.17g", c->mean_rank[j], pos ? c->p[compare_pair(best, j, k)] : 1.0,
                pos ? c->holm[compare_pair(best, j, k)] : 1.0);
        for (size_t b = 0; b < c->n; b++) {
            const double *s = c->stat + (b * k + j) * 4;
            const struct report_point *p = &c->block[b].r.point[c->block[b].point[j]];
            fprintf(f.fp, ",%.17g,%.10g,%.10g,%.10g,%.10g,%.6f,%.10g", c->rank[b * k + j], s[0], s[1], s[2], s[3],
                    report_share(p), p->best_mean);
        }
        fputc('\n', f.fp);
    }
    return app_file_commit(&f);
}

static bool compare_write_pairwise(const struct compare *c, const char *where)
{
    struct app_file f;
    if (!app_file_open(&f, where, "pairwise.csv"))
        return false;
    size_t k = c->k;
    double scale = sqrt((double)k * (double)(k + 1) / (6.0 * (double)c->n));
    char label[1024];
    fprintf(f.fp, "rank_a,a,rank_b,b,mean_rank_a,mean_rank_b,z,p_value,p_holm,beyond_cd\n");
    for (size_t x = 0; x < k; x++)
        for (size_t y = x + 1; y < k; y++) {
            size_t i = c->order[x], j = c->order[y], pair = compare_pair(i, j, k);
            fprintf(f.fp, "%zu,", x + 1);
            compare_label(c, i, label, sizeof label);
            compare_csv_field(f.fp, label);
            fprintf(f.fp, ",%zu,", y + 1);
            compare_label(c, j, label, sizeof label);
            compare_csv_field(f.fp, label);
            double diff = c->mean_rank[i] - c->mean_rank[j];
            fprintf(f.fp, ",%.17g,%.17g,%.17g,%.17g,%.17g,%d\n", c->mean_rank[i], c->mean_rank[j], diff / scale,
                    c->p[pair], c->holm[pair], fabs(diff) >= c->cd);
        }
    return app_file_commit(&f);
}

static bool compare_write_blocks(const struct compare *c, const char *where)
{
    struct app_file f;
    if (!app_file_open(&f, where, "blocks.csv"))
        return false;
    fprintf(f.fp, "block,dir,value,measure,points,compared\n");
    for (size_t b = 0; b < c->n; b++) {
        const struct compare_block *bl = &c->block[b];
        fprintf(f.fp, "%zu,", b + 1);
        compare_csv_field(f.fp, bl->dir);
        fprintf(f.fp, ",%s,%s,%zu,%zu\n", bl->r.by_evaluations ? "ert" : bl->r.by_hv ? "hv_mean" : "final_best_mean",
                report_measure_name(&bl->r), bl->r.count, c->k);
    }
    return app_file_commit(&f);
}

static bool compare_write_friedman(const struct compare *c, const char *where)
{
    struct app_file f;
    if (!app_file_open(&f, where, "friedman.csv"))
        return false;
    fprintf(f.fp, "configurations,blocks,statistic,df,p_value,alpha,q_alpha,cd\n"
                  "%zu,%zu,%.17g,%zu,%.17g,%g,%.17g,%.17g\n",
            c->k, c->n, c->f.statistic, c->f.df, c->f.p_value, COMPARE_ALPHA, c->q_alpha, c->cd);
    return app_file_commit(&f);
}

/* cd.gp: Demsar's critical-difference diagram.  An axis of average ranks,
 * 1 (best) at the left; the better half of the configurations named on
 * the left, the rest on the right, each joined to its average rank; a
 * thick bar under the axis joins each largest run of configurations whose
 * average ranks differ by less than the CD (no significant difference). */
static bool compare_cd_script(const struct compare *c, const char *where, const struct figures_setup *setup)
{
    size_t k = c->k, left = (k + 1) / 2, label_max = 0;
    char label[1024];
    for (size_t j = 0; j < k; j++) {
        compare_label(c, j, label, sizeof label);
        label_max = strlen(label) > label_max ? strlen(label) : label_max;
    }
    label_max = label_max < 48 ? label_max : 48;
    /* the runs not significantly different: maximal, none inside another */
    size_t cliques = 0, *clique = malloc(2 * k * sizeof *clique);
    char *text = NULL;
    size_t size = 0;
    FILE *out = clique ? open_memstream(&text, &size) : NULL;
    if (!out) {
        free(clique);
        app_error("out of memory");
        return false;
    }
    size_t reach = 0;
    for (size_t x = 0; x < k; x++) {
        size_t y = x;
        while (y + 1 < k && c->mean_rank[c->order[y + 1]] - c->mean_rank[c->order[x]] < c->cd)
            y++;
        if (y > x && y > reach) {
            clique[2 * cliques] = x;
            clique[2 * cliques++ + 1] = y;
            reach = y;
        }
        if (y == k - 1)
            break;
    }
    double xmax = fmax((double)k, 1 + c->cd), bar = 0.45, row = 1.0;
    double first_row = -(1.0 + (double)cliques * bar), bottom = first_row - (double)left * row;
    int width = 560 + 16 * (int)label_max, height = 150 + 24 * (int)left + 12 * (int)cliques;
    fprintf(out, "# cd.gp — written by gaexp compare: the average ranks of %zu configurations over %zu\n"
                 "# folders and Nemenyi's critical difference (alpha %.2g); 'gnuplot cd.gp' redraws it.\n",
            k, c->n, COMPARE_ALPHA);
    figures_opening(out, setup, "cd", width, height);
    char title[400];
    snprintf(title, sizeof title,
             "Average ranks over %zu folders (1 = best); Friedman p = %.3g; "
             "a bar joins configurations less than CD = %.3g apart (Nemenyi, alpha %.2g)",
             c->n, c->f.p_value, c->cd, COMPARE_ALPHA);
    figures_title(out, title);
    fprintf(out, "\nunset key\nunset border\nunset xtics\nunset ytics\nunset grid\n"
                 "set lmargin %zu\nset rmargin %zu\nset tmargin 4\nset bmargin 1\n"
                 "set xrange [1:%.6g]\nset yrange [%.6g:2.2]\n",
            label_max + 12, label_max + 12, xmax, bottom - 0.2);
    fprintf(out, "set arrow from 1,0 to %zu,0 nohead lw 1.5 lc rgb '#000000'\n", k);
    size_t step = (k + 11) / 12; /* at most a dozen numbers on the axis, k always among them */
    for (size_t t = 1; t <= k; t++) {
        bool named = (t - 1) % step == 0 || t == k;
        fprintf(out, "set arrow from %zu,0 to %zu,%s nohead lw 1 lc rgb '#000000'\n", t, t, named ? "0.25" : "0.15");
        if (named && (t == k || t + step / 2 < k || step == 1)) /* k's number never crowded by its neighbour */
            fprintf(out, "set label '%zu' at %zu,0.55 center\n", t, t);
    }
    fprintf(out, "set arrow from 1,1.6 to %.6g,1.6 nohead lw 2 lc rgb '#D55E00'\n"
                 "set arrow from 1,1.45 to 1,1.75 nohead lw 2 lc rgb '#D55E00'\n"
                 "set arrow from %.6g,1.45 to %.6g,1.75 nohead lw 2 lc rgb '#D55E00'\n"
                 "set label 'CD = %.3g' at %.6g,2.0 center tc rgb '#D55E00'\n",
            1 + c->cd, 1 + c->cd, 1 + c->cd, c->cd, 1 + c->cd / 2);
    for (size_t q = 0; q < cliques; q++) {
        double y = -0.5 - (double)q * bar;
        fprintf(out, "set arrow from %.6g,%.6g to %.6g,%.6g nohead lw 5 lc rgb '#0072B2'\n",
                c->mean_rank[c->order[clique[2 * q]]] - 0.05, y, c->mean_rank[c->order[clique[2 * q + 1]]] + 0.05, y);
    }
    for (size_t x = 0; x < k; x++) {
        size_t j = c->order[x];
        bool at_left = x < left;
        double y = first_row - (double)(at_left ? x : k - 1 - x) * row, r = c->mean_rank[j];
        double end = at_left ? 1 - 0.02 * xmax : xmax * 1.02;
        compare_label(c, j, label, sizeof label);
        fprintf(out, "set arrow from %.6g,0 to %.6g,%.6g nohead lw 1 lc rgb '#444444'\n"
                     "set arrow from %.6g,%.6g to %.6g,%.6g nohead lw 1 lc rgb '#444444'\n"
                     "set label ",
                r, r, y, r, y, end, y);
        char text_label[1100];
        snprintf(text_label, sizeof text_label, "%.*s (%.2f)", (int)label_max, label, r);
        figures_quoted(out, text_label);
        fprintf(out, " at %.6g,%.6g %s offset %d,0\n", end, y, at_left ? "right" : "left", at_left ? -1 : 1);
    }
    fprintf(out, "plot NaN notitle\n");
    free(clique);
    bool ok = fclose(out) == 0 && output_script(where, "cd.gp", text);
    free(text);
    return ok;
}

/* The files of the comparison into 'where'; the figure drawn (*drawn) unless gnuplot is missing. */
static bool compare_write(const struct compare *c, const char *where, bool *drawn)
{
    struct figures_setup setup = {.xaxis = OUTPUT_XAXIS_DEFAULT};
    snprintf(setup.format, sizeof setup.format, "%s", OUTPUT_FORMAT_DEFAULT);
    if (!compare_write_ranking(c, where) || !compare_write_pairwise(c, where) || !compare_write_blocks(c, where) ||
        !compare_write_friedman(c, where) ||
        !figures_style(where) || !compare_cd_script(c, where, &setup))
        return false;
    char figure[64];
    figures_file(&setup, "cd", figure, sizeof figure);
    const char *failure = NULL;
    enum output_drawn how = output_draw(where, "cd.gp", figure, false, &failure);
    *drawn = how == OUTPUT_DRAWN;
    if (how == OUTPUT_NOT_DRAWN) {
        app_error("%s/%s could not be drawn: %s", where, figure, failure);
        return false;
    }
    return true;
}

int cli_compare(int argc, char **argv)
{
    const char *out_dir = COMPARE_DEFAULT_OUT;
    bool force = false;
    char **dirs = calloc((size_t)argc + 1, sizeof *dirs);
    size_t ndirs = 0;
    if (!dirs) {
        app_error("out of memory");
        return APP_FAILED;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(compare_usage, stdout);
            free(dirs);
            return APP_OK;
        } else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out_dir = argv[++i];
        } else if (strcmp(argv[i], "--force") == 0) {
            force = true;
        } else if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0) {
            dirs[ndirs++] = argv[i];
        } else {
            app_error("compare: unexpected '%s' (see 'gaexp compare --help')", argv[i]);
            free(dirs);
            return APP_USAGE;
        }
    }
    if (ndirs < 2) {
        app_error("compare: expected at least two sweep folders, got %zu (see 'gaexp compare --help')", ndirs);
        free(dirs);
        return APP_USAGE;
    }
    struct compare c = {.n = ndirs, .block = calloc(ndirs, sizeof *c.block)};
    int status = c.block ? APP_OK : APP_FAILED;
    if (!c.block)
        app_error("out of memory");
    if (status == APP_OK)
        status = compare_read(&c, dirs);
    if (status == APP_OK)
        status = compare_distinct(&c);
    /* all read and checked before OUT is touched: a refusal writes nothing */
    if (status == APP_OK)
        status = compare_match(&c, stdout);
    if (status == APP_OK)
        status = compare_compute(&c);
    struct publish folder;
    if (status == APP_OK)
        status = publish_open(&folder, out_dir, NAMES_COMPARE, force ? PUBLISH_FORCE : PUBLISH_NEW);
    if (status == APP_OK) {
        bool drawn = false, ok = compare_write(&c, folder.where, &drawn);
        ok = publish_close(&folder, ok) && ok;
        if (ok) {
            compare_print(&c, stdout);
            printf("Written: %s/ranking.csv, pairwise.csv, blocks.csv, friedman.csv, cd.gp%s\n", out_dir,
                   drawn ? ", cd.png" : " (cd.png not drawn: no gnuplot)");
        }
        status = ok ? APP_OK : APP_FAILED;
    }
    compare_free(&c);
    free(dirs);
    return status;
}
