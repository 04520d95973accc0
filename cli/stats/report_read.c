/* cli/stats/report_read.c — a sweep or run folder read into struct report: index.csv and each summary.csv, checked. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/file.h"
#include "cli/stats/report_read.h"
#include "cli/store/names.h"
#include "gaexp/run.h"

void report_free(struct report *r)
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

const char *report_dir(const struct report *r, const struct report_point *p)
{
    return r->text + p->text;
}

const char *report_value(const struct report *r, const struct report_point *p, size_t a)
{
    const char *text = r->text + p->text;
    for (size_t i = 0; i <= a; i++)
        text += strlen(text) + 1;
    return text;
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

FILE *report_open(const char *dir, const char *sub, const char *name)
{
    char path[2200];
    snprintf(path, sizeof path, "%s/%s/%s", dir, sub, name);
    const char *why;
    FILE *f = app_result_open(path, &why);
    if (!f && errno != ENOENT) /* absent is the caller's to say; anything else is said here */
        app_error("cannot read %s: %s", path, why);
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

/* The hitting time of the target: the evaluation in 1 .. spent of a
 * solved run, an empty field for another. */
static bool report_to_target(struct report_at at, const char *text, struct report_run *run)
{
    if (!run->solved && !*text)
        return true;
    if (!run->solved || !*text) {
        app_error("%s:%zu: evaluations_to_target: expected %s for a run with solved = %d, got '%s'", at.file, at.line,
                  run->solved ? "the evaluation that reached the target" : "an empty field", run->solved, text);
        return false;
    }
    return report_uint(at, "evaluations_to_target", text, 1, run->evaluations, &run->to_target);
}

/* A final indicator of summary.csv: a finite number >= 0, or empty (NaN: unknown). */
static bool report_indicator(struct report_at at, const char *name, const char *text, double *value)
{
    char *end;
    *value = *text ? strtod(text, &end) : NAN;
    if (!*text || (*end == '\0' && isfinite(*value) && *value >= 0))
        return true;
    app_error("%s:%zu: %s: expected a finite number >= 0 or nothing, got '%s'", at.file, at.line, name, text);
    return false;
}

/* One row of summary.csv, checked field by field; 'v0_5': a row of gaexp
 * 0.5's (without the exact hitting times: the run's spent evaluations
 * stand for them, as that version's report took them). */
static bool report_row(struct report_at at, char *line, struct report_run *run, bool v0_5, bool objectives)
{
    char *field[14];
    size_t n = report_split(line, field, 14), want = v0_5 ? 7 : objectives ? 13 : 9;
    if (n != want) {
        app_error("%s:%zu: expected %zu fields (%s%s), got %zu", at.file, at.line, want,
                  v0_5 ? NAMES_SUMMARY_COLUMNS_0_5 : NAMES_SUMMARY_COLUMNS, objectives ? "," NAMES_SUMMARY_MO_COLUMNS : "",
                  n);
        return false;
    }
    run->hv = run->igd = NAN;
    if (objectives && !(report_indicator(at, "hv", field[9], &run->hv) &&
                        report_indicator(at, "igd", field[11], &run->igd)))
        return false;
    unsigned long long solved, found;
    bool ok = report_uint(at, "replicate", field[0], 1, 1000000000ULL, &run->replicate) &&
              report_uint(at, "seed", field[1], 0, UINT64_MAX, &run->seed) &&
              report_uint(at, "solved", field[2], 0, 1, &solved) && (run->solved = solved, true) &&
              report_fitness(at, "best", field[3], &run->best) &&
              report_uint(at, "generation_found", field[4], 0, UINT64_MAX, &run->found) &&
              report_uint(at, "evaluations", field[5], 0, UINT64_MAX, &run->evaluations) && report_stop(at, field[6]);
    run->to_target = run->evaluations;
    return ok && (v0_5 || (report_uint(at, "evaluations_found", field[7], 1, run->evaluations, &found) &&
                           report_to_target(at, field[8], run)));
}

/* The per-replicate arrays the statistics take, in one block, from the rows in r->run. */
static bool report_arrays(const struct report *r, struct report_point *p)
{
    size_t n = p->replicates;
    bool objectives = n > 0 && !isnan(r->run[0].hv);
    size_t arrays = objectives ? 6 : 3;
    double *block = malloc(n * (arrays * sizeof(double) + sizeof(bool)));
    if (!block) {
        app_error("out of memory");
        return false;
    }
    p->evaluations = block;
    p->spent = block + n;
    p->final_best = block + 2 * n;
    p->final_hv = objectives ? block + 3 * n : NULL;
    p->hv_loss = objectives ? block + 4 * n : NULL;
    p->final_igd = objectives ? block + 5 * n : NULL;
    p->solved_flag = (bool *)(block + arrays * n);
    p->solved = 0;
    for (size_t j = 0; j < n; j++) {
        const struct report_run *run = &r->run[j];
        p->solved += run->solved;
        p->solved_flag[j] = run->solved;
        p->spent[j] = (double)(run->solved ? run->to_target : run->evaluations); /* to the target, or all */
        p->evaluations[j] = run->solved ? (double)run->to_target : INFINITY;
        p->final_best[j] = run->best;
        if (objectives) {
            p->final_hv[j] = run->hv;
            p->hv_loss[j] = -run->hv;
            p->final_igd[j] = run->igd;
        }
    }
    return true;
}

/* A point's replicates from its summary.csv, their rows into r->run and
 * its arrays; bad content sets r->bad_input. */
static bool report_read_point(const char *root, struct report_point *p, struct report *r)
{
    char path[2200];
    snprintf(path, sizeof path, "%s/%s/summary.csv", root, report_dir(r, p));
    const char *why;
    FILE *f = app_result_open(path, &why);
    if (!f) {
        app_error("cannot read %s: %s", path, why);
        r->bad_input = errno != ENOENT; /* a link or FIFO planted in its place */
        return false;
    }
    char line[1024];
    struct report_at at = {path, 1};
    bool ok = true;
    if (!fgets(line, sizeof line, f)) {
        app_error("%s: empty; expected the header '%s' and a row per replicate", path, NAMES_SUMMARY_COLUMNS);
        ok = false;
    } else if (line[strcspn(line, "\r\n")] = '\0', strcmp(line, NAMES_SUMMARY_COLUMNS) != 0 &&
                                                     strcmp(line, NAMES_SUMMARY_COLUMNS_0_5) != 0 &&
                                                     strcmp(line, NAMES_SUMMARY_COLUMNS "," NAMES_SUMMARY_MO_COLUMNS) != 0) {
        app_error("%s:1: expected the header '%s' (with objectives: then ',%s')", path, NAMES_SUMMARY_COLUMNS,
                  NAMES_SUMMARY_MO_COLUMNS);
        ok = false;
    }
    bool v0_5 = ok && strcmp(line, NAMES_SUMMARY_COLUMNS_0_5) == 0;
    bool objectives = ok && strcmp(line, NAMES_SUMMARY_COLUMNS "," NAMES_SUMMARY_MO_COLUMNS) == 0;
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
        ok = report_row(at, line, &r->run[p->replicates], v0_5, objectives);
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

bool report_load(const char *root, struct report *r)
{
    *r = (struct report){0};
    FILE *index = report_open(root, ".", "index.csv");
    char line[4096], *field[2 + NAMES_SWEEP_AXES];
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
    size_t n = ok ? report_split(line, field, 2 + NAMES_SWEEP_AXES) : 0;
    r->axes = n >= 2 ? n - 2 : 0;
    for (size_t i = 0; i < r->axes; i++)
        snprintf(r->axis[i], REPORT_TEXT, "%s", field[2 + i]);
    size_t lineno = 1;
    while (ok && fgets(line, sizeof line, index)) {
        lineno++;
        if (report_split(line, field, 2 + NAMES_SWEEP_AXES) != 2 + r->axes) {
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
        if (!names_point_named(root, lineno, field[0], field[1], r->count + 1)) { /* no path out of the sweep */
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
