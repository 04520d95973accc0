/* cli/export.c — 'gaexp export': a run or sweep folder in IOHprofiler's format (doc/iohprofiler.md). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/file.h"
#include "cli/cli.h"
#include "cli/figures/figures.h"
#include "cli/runner/plugin.h"
#include "cli/store/names.h"
#include "cli/store/output.h"
#include "cli/store/output_settings.h"
#include "cli/store/publish.h"
#include "gaexp/cfg.h"
#include "gaexp/experiment.h"

#define EXPORT_MAX_AXES 8
#define EXPORT_MAX_COLUMNS 32
/* The version of IOHexperimenter's JSON meta file the export follows:
 * IOHanalyzer reads the columns a file names from this version on. */
#define EXPORT_IOH_VERSION "0.3.3"
/* A readable name is cut (with "...") past this many characters; its digest keeps it apart. */
#define EXPORT_NAME_TEXT 160

static const char export_usage[] =
    "Usage: gaexp export --format iohprofiler|iohprofiler-legacy DIR OUT [--force]\n"
    "Writes the run or sweep folder DIR for IOHanalyzer into OUT, in the format of\n"
    "IOHexperimenter's analyzer logger: per algorithm a folder (OUT itself for a run\n"
    "folder, OUT/pNNN named after its first point for a sweep) with\n"
    "IOHprofiler_f<id>_<function>.json and data_f<id>_<function>/IOHprofiler_f<id>_DIM<d>.dat.\n"
    "An algorithm is a configuration: its name is output.algorithm, else the\n"
    "settings that differ from the defaults and a digest of them all, so that a\n"
    "sweep of the problem's size is one algorithm over several dimensions; the\n"
    "function id is the problem's own (problem.function) or a digest of its\n"
    "settings; the replicates are runs of the problem's instance.  Evaluations are\n"
    "counted at the end of each generation.  'iohprofiler-legacy' writes the older\n"
    ".info layout, a folder per sweep point.  The mapping is in doc/iohprofiler.md.\n"
    "An OUT that holds files is refused unless --force; with --force an earlier\n"
    "export in OUT is replaced whole (the new one is written beside it and put in\n"
    "its place once complete; OUT's other files are kept), and an OUT holding a\n"
    "run, a sweep or a tuning is refused.\n";

/* FNV-1a, 64 bits: the digests of names and function ids. */
static uint64_t export_hash(uint64_t h, const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        h = (h ^ *c) * 0x100000001b3u;
    return h;
}
#define EXPORT_HASH_START 0xcbf29ce484222325u

/* A growing text (the canonical settings). */
struct export_text {
    char *s;
    size_t len, cap;
    bool oom;
};
static void export_text_add(struct export_text *t, const char *a, const char *b, const char *c)
{
    const char *part[3] = {a, b, c};
    for (size_t i = 0; i < 3; i++) {
        size_t n = strlen(part[i]);
        if (t->len + n + 1 > t->cap) {
            size_t cap = (t->len + n + 1) * 2;
            char *grown = t->oom ? NULL : realloc(t->s, cap);
            if (!grown) {
                t->oom = true;
                return;
            }
            t->s = grown;
            t->cap = cap;
        }
        memcpy(t->s + t->len, part[i], n + 1);
        t->len += n;
    }
}

/* One run folder or sweep point, as the export names it (doc/iohprofiler.md). */
struct export_source {
    char dir[APP_PATH_MAX];
    char point[32];           /* "p003"; "" for a run folder */
    char name[EXPORT_NAME_TEXT + 128]; /* the algorithm */
    char digest[17];          /* of the algorithm's settings, hexadecimal */
    char *settings;           /* the algorithm's settings, "path = value\n" each (malloc'd) */
    char *problem;            /* the problem's settings but its size and instance (malloc'd) */
    char problem_name[64], function[96], suite[64];
    long long fid, instance;
    size_t dim;
    size_t group;             /* its algorithm and function: the first source of them */
};

static int export_compare_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The lines of t in the order of their text (a setting's path first):
 * the order a file writes its settings in changes no name or digest. */
static void export_text_sort(struct export_text *t)
{
    size_t n = 0;
    for (size_t i = 0; i < t->len; i++)
        n += t->s[i] == '\n';
    char **line = n ? malloc(n * sizeof *line) : NULL, *copy = n ? malloc(t->len + 1) : NULL;
    if (n && (!line || !copy)) {
        t->oom = true;
    } else if (n) {
        memcpy(copy, t->s, t->len + 1);
        size_t k = 0;
        for (char *c = copy; k < n; c = strchr(c, '\0') + 1) {
            line[k++] = c;
            *strchr(c, '\n') = '\0';
        }
        qsort(line, n, sizeof *line, export_compare_lines);
        t->len = 0;
        for (size_t i = 0; i < n; i++)
            export_text_add(t, line[i], "\n", "");
    }
    free(line);
    free(copy);
}

/* The settings that are no part of an algorithm: the problem (the
 * function), the output group, the seed, the number of replicates, and
 * what never changes a result (threads, --check). */
static bool export_not_algorithm(const char *path)
{
    static const char *const skip[] = {"ga.seed", "ga.replicates", "ga.threads", "ga.check"};
    if (strncmp(path, "problem", 7) == 0 && (!path[7] || path[7] == '.'))
        return true;
    if (strncmp(path, "output", 6) == 0 && (!path[6] || path[6] == '.'))
        return true;
    for (size_t i = 0; i < sizeof skip / sizeof *skip; i++)
        if (strcmp(path, skip[i]) == 0)
            return true;
    return false;
}

/* The keys of the problem group that give the size and the instance. */
static bool export_size_key(const char *name)
{
    return strcmp(name, "dimension") == 0 || strcmp(name, "bits") == 0;
}

/* Every leaf setting under s, as "path = value\n", into t: those of the
 * algorithm (algorithm) or those of the problem but its size and instance. */
static void export_leaves(const config_setting_t *s, bool algorithm, struct export_text *t)
{
    char path[512], value[1024];
    if (config_setting_is_group(s)) {
        for (int i = 0; i < config_setting_length(s); i++)
            export_leaves(config_setting_get_elem(s, (unsigned)i), algorithm, t);
        return;
    }
    ga_cfg_path(s, path, sizeof path);
    if (algorithm == export_not_algorithm(path))
        return;
    const char *key = config_setting_name(s);
    if (!algorithm && key && strncmp(path, "problem.", 8) == 0 && !strchr(path + 8, '.') &&
        (export_size_key(key) || strcmp(key, "instance") == 0 || strcmp(key, "function") == 0))
        return;
    ga_cfg_value_text(s, value, sizeof value);
    export_text_add(t, path, " = ", value);
    export_text_add(t, "\n", "", "");
}

/* The settings of the 'ga' group that differ from what a file naming only
 * the problem resolves to, as a legend writes them ("population 40, mutation
 * rate 0.1"), into buf; false when out of memory. */
static bool export_differences(struct ga_cfg *cfg, char *buf, size_t size)
{
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *base = ga_cfg_alloc(&diag);
    struct output_settings out;
    struct ga_experiment *e = NULL;
    bool ok = base && ga_cfg_copy(base, cfg, "ga") && (e = cli_experiment_alloc(base, 0, &out)) != NULL;
    buf[0] = '\0';
    const char *axis[64], *value[64];
    size_t n = 0;
    if (ok) {
        /* The leaves of cfg's ga group in the file's order, compared one by one. */
        struct export_text all = {0};
        const config_setting_t *ga = config_lookup(ga_cfg_config(cfg), "ga");
        if (ga)
            export_leaves(ga, true, &all);
        export_text_sort(&all);
        for (char *line = all.s; !all.oom && line && *line && n < 64;) {
            char *end = strchr(line, '\n'), *eq = strstr(line, " = ");
            *end = '\0';
            *eq = '\0';
            const config_setting_t *d = config_lookup(ga_cfg_config(base), line);
            char text[1024] = "";
            if (d)
                ga_cfg_value_text(d, text, sizeof text);
            if (!d || strcmp(text, eq + 3) != 0) {
                axis[n] = line;
                value[n++] = eq + 3;
            }
            line = end + 1;
        }
        if (!all.oom)
            figures_label(axis, value, n, NULL, buf, size);
        ok = !all.oom;
        free(all.s);
    }
    ga_experiment_free(e);
    ga_cfg_free(base);
    if (!ok && diag.count)
        app_print_diag(&diag);
    return ok;
}

/* "a; b": IOHanalyzer's .info reader splits a line at commas, and a name
 * is quoted: neither stays in a name. */
static void export_no_commas(char *text)
{
    for (char *c = text; *c; c++)
        if (*c == ',' || *c == '"')
            *c = *c == ',' ? ';' : '\'';
}

/* An integer setting of the problem group, or 'def'. */
static long long export_problem_int(struct ga_cfg *cfg, const char *key, long long def)
{
    char path[64];
    snprintf(path, sizeof path, "problem.%s", key);
    const config_setting_t *s = config_lookup(ga_cfg_config(cfg), path);
    return s && config_setting_type(s) == CONFIG_TYPE_INT ? config_setting_get_int(s)
           : s && config_setting_type(s) == CONFIG_TYPE_INT64 ? config_setting_get_int64(s)
                                                              : def;
}

/* Reads the source's config.cfg through the experiment reader, as a run
 * would, and names it: its algorithm, function, dimension and instance.
 * 'swept' is what a sweep point's own settings but the problem's are
 * ("mutation rate 0.1"), "" for a run folder.  False after a message. */
static bool export_source_read(struct export_source *src, const char *swept)
{
    char path[APP_PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/config.cfg", src->dir);
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    struct ga_experiment *e = NULL;
    struct output_settings out;
    bool ok = cfg && ga_cfg_load(cfg, path) && (e = cli_experiment_alloc(cfg, 0, &out)) != NULL;
    app_print_diag(&diag);
    if (!ok) {
        if (!cfg)
            app_error("out of memory");
        ga_cfg_free(cfg);
        return false;
    }
    struct export_text settings = {0}, problem = {0};
    export_leaves(config_root_setting(ga_cfg_config(cfg)), true, &settings);
    export_leaves(config_lookup(ga_cfg_config(cfg), "problem"), false, &problem);
    export_text_sort(&settings);
    export_text_sort(&problem);
    char differ[2048];
    ok = !settings.oom && !problem.oom && export_differences(cfg, differ, sizeof differ);
    if (ok) {
        src->settings = settings.s ? settings.s : strdup("");
        src->problem = problem.s ? problem.s : strdup("");
        ok = src->settings && src->problem;
    } else {
        free(settings.s);
        free(problem.s);
    }
    if (ok) {
        snprintf(src->digest, sizeof src->digest, "%016" PRIx64, export_hash(EXPORT_HASH_START, src->settings));
        if (out.algorithm[0] && swept[0])
            snprintf(src->name, sizeof src->name, "%s, %s", out.algorithm, swept);
        else if (out.algorithm[0])
            snprintf(src->name, sizeof src->name, "%s", out.algorithm);
        else {
            if (strlen(differ) > EXPORT_NAME_TEXT)
                strcpy(differ + EXPORT_NAME_TEXT - 3, "...");
            snprintf(src->name, sizeof src->name, "%s (%.8s)", differ[0] ? differ : "defaults", src->digest);
        }
        export_no_commas(src->name);
        snprintf(src->problem_name, sizeof src->problem_name, "%s", e->problem->name);
        long long function = export_problem_int(cfg, "function", 0);
        if (function > 0) {
            src->fid = function;
            ga_problem_function_name_fn function_name = ga_problem_function_name(e->problem);
            if (function_name)
                snprintf(src->function, sizeof src->function, "%s", function_name(e->state));
            else
                snprintf(src->function, sizeof src->function, "%s_f%lld", e->problem->name, function);
        } else {
            char text[128];
            snprintf(text, sizeof text, "%s\n", e->problem->name);
            uint64_t h = export_hash(export_hash(EXPORT_HASH_START, text), src->problem);
            src->fid = 1000 + (long long)(h % (UINT64_C(2147483647) - 1000));
            snprintf(src->function, sizeof src->function, "%s", e->problem->name);
        }
        size_t i = 0;
        for (const char *c = e->problem->name; *c && i + 1 < sizeof src->suite; c++)
            src->suite[i++] = (char)toupper((unsigned char)*c);
        src->suite[i] = '\0';
        long long dim = export_problem_int(cfg, "dimension", export_problem_int(cfg, "bits", 0));
        src->dim = dim > 0 ? (size_t)dim : ga_problem_genome(e->problem, e->state).len;
        src->instance = export_problem_int(cfg, "instance", 1);
    }
    if (!ok)
        app_error("out of memory");
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    return ok;
}

/* A generations.csv, whole: its header and rows split into cells. */
struct export_table {
    char *text;
    const char *column[EXPORT_MAX_COLUMNS];
    size_t columns, rows;
    char **cell;        /* rows x columns */
    size_t *start;      /* replicate r's rows: start[r] .. start[r + 1] - 1 */
    size_t replicates;
    size_t evaluations, best, y; /* column indexes; y: 'value' when the problem has it, else 'best' */
    size_t found; /* 'evaluations_found': the exact evaluation of each improvement (gaexp 0.5's files: 'evaluations') */
    bool maximise;
    size_t extra[EXPORT_MAX_COLUMNS], extras; /* the columns exported besides */
    char seed[64][32];  /* per replicate (the first 64), from summary.csv */
};

static void export_table_free(struct export_table *t)
{
    free(t->text);
    free(t->cell);
    free(t->start);
}

static size_t export_column(const struct export_table *t, const char *name)
{
    for (size_t i = 0; i < t->columns; i++)
        if (strcmp(t->column[i], name) == 0)
            return i;
    return t->columns;
}

/* Reads dir/generations.csv (and the seeds of dir/summary.csv); false after a message. */
static bool export_table_read(const char *dir, struct export_table *t)
{
    *t = (struct export_table){0};
    char path[APP_PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/generations.csv", dir);
    const char *why;
    FILE *fp = app_result_open(path, &why);
    if (!fp) {
        app_error("%s: %s", path, why);
        return false;
    }
    size_t cap = 0, len = 0, n;
    char chunk[65536];
    bool ok = true;
    while (ok && (n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        if (len + n + 1 > cap) {
            char *grown = realloc(t->text, cap = 2 * (len + n + 1));
            ok = grown != NULL;
            t->text = grown ? grown : t->text;
        }
        if (ok) {
            memcpy(t->text + len, chunk, n);
            len += n;
        }
    }
    ok = ok && !ferror(fp) && t->text;
    fclose(fp);
    if (!ok) {
        app_error("%s: %s", path, t->text ? "out of memory or unreadable" : "empty");
        return false;
    }
    t->text[len] = '\0';
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += t->text[i] == '\n';
    char *line = t->text, *next = strchr(line, '\n');
    if (next)
        *next = '\0';
    for (char *c = line; c && t->columns < EXPORT_MAX_COLUMNS;) {
        t->column[t->columns++] = c;
        c = strchr(c, ',');
        if (c)
            *c++ = '\0';
    }
    t->evaluations = export_column(t, "evaluations");
    t->best = export_column(t, "best");
    t->found = export_column(t, "evaluations_found");
    if (t->found == t->columns)
        t->found = t->evaluations;
    if (strcmp(t->column[0], "replicate") != 0 || t->evaluations == t->columns || t->best == t->columns) {
        app_error("%s:1: not a generations.csv of gaexp (replicate,...,evaluations,best,...)", path);
        return false;
    }
    t->cell = malloc((lines + 1) * t->columns * sizeof *t->cell);
    t->start = malloc((lines + 2) * sizeof *t->start);
    if (!t->cell || !t->start) {
        app_error("out of memory");
        return false;
    }
    long prev = 0;
    for (size_t lineno = 2; next && next[1]; lineno++) {
        line = next + 1;
        next = strchr(line, '\n');
        if (next)
            *next = '\0';
        char **row = t->cell + t->rows * t->columns;
        size_t c = 0;
        for (char *f = line; f;) {
            if (c < t->columns)
                row[c] = f;
            c++;
            f = strchr(f, ',');
            if (f)
                *f++ = '\0';
        }
        char *end;
        long r = strtol(row[0], &end, 10);
        if (c != t->columns || *end || (r != prev && r != prev + 1) || r < 1 ||
            !isfinite(strtod(row[t->evaluations], NULL)) || !*row[t->best]) {
            app_error("%s:%zu: a malformed row", path, lineno);
            return false;
        }
        if (r != prev)
            t->start[t->replicates++] = t->rows;
        prev = r;
        t->rows++;
    }
    if (!t->rows) {
        app_error("%s: no generation", path);
        return false;
    }
    t->start[t->replicates] = t->rows;
    /* IOH's y: the problem's column 'value' (its own value, maximised) when it has one. */
    t->y = export_column(t, "value");
    t->maximise = t->y < t->columns;
    if (!t->maximise)
        t->y = t->best;
    static const char *const standard[] = {"mean", "std", "diversity"};
    for (size_t i = 0; i < 3; i++)
        if ((n = export_column(t, standard[i])) < t->columns && *t->cell[n])
            t->extra[t->extras++] = n;
    if (t->maximise)
        t->extra[t->extras++] = t->best;
    for (size_t i = export_column(t, "diversity") + 1; i < t->columns; i++)
        if (i != t->y && i != t->found)
            t->extra[t->extras++] = i;
    /* The seeds, as summary.csv has them. */
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if ((fp = app_result_open(path, &why)) != NULL) {
        char row[512];
        while (fgets(row, sizeof row, fp)) {
            char *end, *comma = strchr(row, ',');
            long r = strtol(row, &end, 10);
            if (end != comma || r < 1 || r > 64)
                continue;
            size_t k = strspn(comma + 1, "0123456789");
            if (k && k < sizeof t->seed[0])
                snprintf(t->seed[r - 1], sizeof t->seed[0], "%.*s", (int)k, comma + 1);
        }
        fclose(fp);
    }
    return true;
}

static const char *export_cell(const struct export_table *t, size_t row, size_t col)
{
    return t->cell[row * t->columns + col];
}
static double export_value(const struct export_table *t, size_t row, size_t col)
{
    return strtod(export_cell(t, row, col), NULL);
}

/* Whether y improves on so_far in the problem's direction. */
static bool export_better(const struct export_table *t, double y, double so_far)
{
    return t->maximise ? y > so_far : y < so_far;
}

/* A run in the JSON file. */
struct export_run {
    size_t scenario;
    long long instance;
    char evals[32], best_evals[32], best_y[40], seed[32];
    size_t replicate;
};

/* Writes one line: row i's y (and its statistics) at evaluation e. */
static void export_line(FILE *fp, const struct export_table *t, size_t i, const char *e, bool legacy, size_t best_row)
{
    const char *yt = export_cell(t, i, t->y);
    if (legacy) {
        const char *st = export_cell(t, best_row, t->y);
        fprintf(fp, "%s %s %s %s %s\n", e, yt, st, yt, st);
        return;
    }
    fprintf(fp, "%s %s", e, yt);
    for (size_t x = 0; x < t->extras; x++) {
        const char *v = export_cell(t, i, t->extra[x]);
        fprintf(fp, " %s", *v ? v : "NA");
    }
    fputc('\n', fp);
}

/* Writes replicate r's rows: the first generation and each improvement of
 * the best so far, dated by the evaluation that made it, and the last
 * generation at the evaluations spent; its summary into *run. */
static void export_rows(FILE *fp, const struct export_table *t, size_t r, bool legacy, struct export_run *run)
{
    size_t first = t->start[r], end = t->start[r + 1];
    double so_far = export_value(t, first, t->y);
    size_t best_row = first;
    for (size_t i = first; i < end; i++) {
        double y = export_value(t, i, t->y);
        bool improves = i == first || export_better(t, y, so_far);
        if (improves && i != first) {
            so_far = y;
            best_row = i;
        }
        const char *found = export_cell(t, i, t->found), *spent = export_cell(t, i, t->evaluations);
        if (improves)
            export_line(fp, t, i, found, legacy, best_row);
        if (i + 1 == end && (!improves || strcmp(found, spent) != 0))
            export_line(fp, t, i, spent, legacy, best_row);
    }
    snprintf(run->evals, sizeof run->evals, "%s", export_cell(t, end - 1, t->evaluations));
    snprintf(run->best_evals, sizeof run->best_evals, "%s", export_cell(t, best_row, t->found));
    snprintf(run->best_y, sizeof run->best_y, "%s", export_cell(t, best_row, t->y));
    snprintf(run->seed, sizeof run->seed, "%s", r < 64 && t->seed[r][0] ? t->seed[r] : "null");
    run->replicate = r + 1;
}

/* A JSON string. */
static void export_json_string(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(fp, "\\%c", *c);
        else if (*c == '\n')
            fputs("\\n", fp);
        else if (*c < 0x20)
            fprintf(fp, "\\u%04x", *c);
        else
            fputc(*c, fp);
    }
    fputc('"', fp);
}

/* The folder an algorithm's files go to: OUT, or OUT/<its first point>. */
static bool export_folder(const char *out, const struct export_source *first, char *buf, size_t size)
{
    return app_path_join(buf, size, out, first->point[0] ? first->point : ".");
}

/* One algorithm on one function (the sources s[i] of group g): a .dat per
 * dimension, then the JSON meta file. */
static bool export_group(const char *out, struct export_source *s, size_t count, size_t g)
{
    char folder[APP_PATH_MAX], data[256], data_dir[APP_PATH_MAX + 256], name[256];
    if (!export_folder(out, &s[g], folder, sizeof folder))
        return false;
    snprintf(data, sizeof data, "data_f%lld_%s", s[g].fid, s[g].function);
    snprintf(data_dir, sizeof data_dir, "%s/%s", folder, data);
    if (s[g].point[0] && output_prepare_dir(folder) != APP_OK)
        return false;
    if (output_prepare_dir(data_dir) != APP_OK)
        return false;
    struct export_run *runs = NULL;
    size_t nruns = 0, cap = 0, dims[256], ndims = 0;
    struct export_table t = {0};
    bool ok = true, maximise = false;
    char columns[2048] = "";
    for (size_t i = g; ok && i < count; i++) {
        if (s[i].group != g)
            continue;
        size_t d = 0;
        while (d < ndims && dims[d] != s[i].dim)
            d++;
        if (d < ndims)
            continue; /* written with its dimension's first source */
        if (ndims == sizeof dims / sizeof *dims) {
            app_error("export: more than %zu dimensions of one algorithm", ndims);
            ok = false;
            break;
        }
        dims[ndims++] = s[i].dim;
        snprintf(name, sizeof name, "IOHprofiler_f%lld_DIM%zu.dat", s[i].fid, s[i].dim);
        struct app_file f;
        if (!(ok = app_file_open(&f, data_dir, name)))
            break;
        for (size_t j = i; ok && j < count; j++) {
            if (s[j].group != g || s[j].dim != s[i].dim)
                continue;
            if (!(ok = export_table_read(s[j].dir, &t)))
                break;
            char header[2048];
            int at = snprintf(header, sizeof header, "evaluations raw_y");
            for (size_t x = 0; x < t.extras && at < (int)sizeof header; x++)
                at += snprintf(header + at, sizeof header - (size_t)at, " %s",
                               t.extra[x] == t.best && t.maximise ? "fitness" : t.column[t.extra[x]]);
            if (columns[0] && strcmp(columns, header) != 0) {
                app_error("export: %s and %s have other columns in generations.csv: not one algorithm", s[g].dir,
                          s[j].dir);
                ok = false;
            }
            snprintf(columns, sizeof columns, "%s", header);
            maximise = t.maximise;
            for (size_t r = 0; ok && r < t.replicates; r++) {
                if (nruns == cap) {
                    struct export_run *grown = realloc(runs, (cap = cap ? 2 * cap : 64) * sizeof *grown);
                    if (!grown) {
                        app_error("out of memory");
                        ok = false;
                        break;
                    }
                    runs = grown;
                }
                fprintf(f.fp, "%s\n", header);
                export_rows(f.fp, &t, r, false, &runs[nruns]);
                runs[nruns].scenario = ndims - 1;
                runs[nruns++].instance = s[j].instance;
            }
            export_table_free(&t);
            t = (struct export_table){0};
        }
        if (ok)
            ok = app_file_commit(&f);
        else
            app_file_abandon(&f);
    }
    export_table_free(&t);
    /* The meta file, as IOHexperimenter's analyzer logger writes it. */
    snprintf(name, sizeof name, "IOHprofiler_f%lld_%s.json", s[g].fid, s[g].function);
    struct app_file f;
    if (ok && (ok = app_file_open(&f, folder, name))) {
        FILE *fp = f.fp;
        fprintf(fp, "{\n  \"version\": \"%s\",\n  \"suite\": ", EXPORT_IOH_VERSION);
        export_json_string(fp, s[g].suite);
        fprintf(fp, ",\n  \"function_id\": %lld,\n  \"function_name\": ", s[g].fid);
        export_json_string(fp, s[g].function);
        fprintf(fp, ",\n  \"maximization\": %s,\n  \"algorithm\": {\"name\": ", maximise ? "true" : "false");
        export_json_string(fp, s[g].name);
        char info[APP_PATH_MAX + 64];
        snprintf(info, sizeof info, "gaexp %s, configuration %s", PACKAGE_VERSION, s[g].digest);
        fputs(", \"info\": ", fp);
        export_json_string(fp, info);
        fputs("},\n  \"attributes\": [", fp);
        for (char *c = columns, *sp; c; c = sp ? sp + 1 : NULL) {
            sp = strchr(c, ' ');
            fprintf(fp, "%s\"%.*s\"", c == columns ? "" : ", ", (int)(sp ? (size_t)(sp - c) : strlen(c)), c);
        }
        fputs("],\n  \"experiment_attributes\": [{\"gaexp\": ", fp);
        export_json_string(fp, PACKAGE_VERSION);
        fputs("}, {\"configuration\": ", fp);
        export_json_string(fp, s[g].digest);
        fputs("}, {\"settings\": ", fp);
        export_json_string(fp, s[g].settings);
        fputs("}, {\"problem\": ", fp);
        export_json_string(fp, s[g].problem);
        fputs("}, {\"source\": ", fp);
        export_json_string(fp, s[g].dir);
        fputs("}],\n  \"run_attributes\": [\"replicate\", \"seed\"],\n  \"scenarios\": [", fp);
        for (size_t d = 0; d < ndims; d++) {
            fprintf(fp, "%s\n    {\"dimension\": %zu, \"path\": \"%s/IOHprofiler_f%lld_DIM%zu.dat\", \"runs\": [",
                    d ? "," : "", dims[d], data, s[g].fid, dims[d]);
            bool first = true;
            for (size_t r = 0; r < nruns; r++) {
                if (runs[r].scenario != d)
                    continue;
                fprintf(fp,
                        "%s\n      {\"instance\": %lld, \"evals\": %s, \"best\": {\"evals\": %s, \"y\": %s, \"x\": []}, "
                        "\"replicate\": %zu, \"seed\": %s}",
                        first ? "" : ",", runs[r].instance, runs[r].evals, runs[r].best_evals, runs[r].best_y,
                        runs[r].replicate, runs[r].seed);
                first = false;
            }
            fputs("\n    ]}", fp);
        }
        fputs("\n  ]\n}\n", fp);
        ok = app_file_commit(&f);
    }
    free(runs);
    return ok;
}

/* The older layout: a folder per source, an .info file of three lines. */
static bool export_legacy(const char *out, const struct export_source *src)
{
    char folder[APP_PATH_MAX], data[256], data_dir[APP_PATH_MAX + 256], dat[256], info_name[256];
    if (!export_folder(out, src, folder, sizeof folder))
        return false;
    snprintf(data, sizeof data, "data_f%lld_%s", src->fid, src->function);
    snprintf(dat, sizeof dat, "IOHprofiler_f%lld_DIM%zu.dat", src->fid, src->dim);
    snprintf(data_dir, sizeof data_dir, "%s/%s", folder, data);
    struct export_table t;
    if ((src->point[0] && output_prepare_dir(folder) != APP_OK) || output_prepare_dir(data_dir) != APP_OK)
        return false;
    if (!export_table_read(src->dir, &t)) {
        export_table_free(&t);
        return false;
    }
    struct export_run *runs = calloc(t.replicates, sizeof *runs);
    struct app_file f;
    bool ok = runs && app_file_open(&f, data_dir, dat);
    if (!runs)
        app_error("out of memory");
    if (ok) {
        for (size_t r = 0; r < t.replicates; r++) {
            fputs("\"function evaluation\" \"current f(x)\" \"best-so-far f(x)\" \"current af(x)+b\" \"best af(x)+b\"\n",
                  f.fp);
            export_rows(f.fp, &t, r, true, &runs[r]);
        }
        ok = app_file_commit(&f);
    }
    snprintf(info_name, sizeof info_name, "IOHprofiler_f%lld_%s.info", src->fid, src->function);
    if (ok && (ok = app_file_open(&f, folder, info_name))) {
        fprintf(f.fp, "suite = \"%s\", funcId = %lld, funcName = \"%s\", DIM = %zu, maximization = \"%s\", "
                      "algId = \"%s\", algInfo = \"gaexp %s configuration %s\"\n",
                src->suite, src->fid, src->function, src->dim, t.maximise ? "T" : "F", src->name, PACKAGE_VERSION,
                src->digest);
        fprintf(f.fp, "%% gaexp: %s; evaluations counted at the end of each generation\n%s/%s",
                t.maximise ? "y is the problem's value, maximised" : "y is the fitness, minimised, 0 = solved", data,
                dat);
        for (size_t r = 0; r < t.replicates; r++)
            fprintf(f.fp, ", %lld:%s|%s", src->instance, runs[r].evals, runs[r].best_y);
        fputc('\n', f.fp);
        ok = app_file_commit(&f);
    }
    free(runs);
    export_table_free(&t);
    return ok;
}

/* Reads index.csv whole, every row checked before anything is written:
 * the sweep's points as sources (*count of them in *points, to free, each
 * named); false after a message (*bad_input: the input is wrong). */
static bool export_read_index(const char *root, FILE *index, struct export_source **points, size_t *count,
                              bool *bad_input)
{
    char line[4096], *field[2 + EXPORT_MAX_AXES], axes_text[4096];
    *count = 0;
    *points = NULL;
    if (!fgets(axes_text, sizeof axes_text, index)) {
        app_error("%s/index.csv: empty", root);
        *bad_input = true;
        return false;
    }
    size_t naxes = 0;
    const char *axis[EXPORT_MAX_AXES];
    char *p = axes_text;
    axes_text[strcspn(axes_text, "\r\n")] = '\0';
    for (size_t n = 0; p && n < 2 + EXPORT_MAX_AXES; n++) { /* point,dir,axis... */
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (n >= 2)
            axis[naxes++] = p;
        p = comma ? comma + 1 : NULL;
    }
    size_t cap = 0;
    bool failed = false;
    for (size_t lineno = 2; !failed && fgets(line, sizeof line, index); lineno++) {
        line[strcspn(line, "\r\n")] = '\0';
        size_t n = 0;
        for (char *q = line; q && n < 2 + EXPORT_MAX_AXES;) {
            field[n++] = q;
            char *comma = strchr(q, ',');
            if (comma)
                *comma = '\0';
            q = comma ? comma + 1 : NULL;
        }
        if (n != 2 + naxes) {
            app_error("%s/index.csv:%zu: a row of %zu fields, expected %zu", root, lineno, n, 2 + naxes);
            failed = *bad_input = true;
            break;
        }
        if (!names_point_named(root, lineno, field[0], field[1], *count + 1)) { /* never a path out of OUT */
            failed = *bad_input = true;
            break;
        }
        if (*count == cap) {
            struct export_source *grown = realloc(*points, (cap ? 2 * cap : 16) * sizeof *grown);
            if (!grown) {
                app_error("out of memory");
                failed = true;
                break;
            }
            *points = grown;
            cap = cap ? 2 * cap : 16;
        }
        struct export_source *e = &(*points)[(*count)++];
        *e = (struct export_source){0};
        /* What the point sweeps but the problem's settings (which make the function). */
        const char *a[EXPORT_MAX_AXES], *value[EXPORT_MAX_AXES];
        size_t k = 0;
        for (size_t x = 0; x < naxes; x++)
            if (strncmp(axis[x], "problem.", 8) != 0) {
                a[k] = axis[x];
                value[k++] = field[2 + x];
            }
        char swept[400] = ""; /* none: not the legends' "all settings alike" */
        if (k)
            figures_label(a, value, k, NULL, swept, sizeof swept);
        snprintf(e->point, sizeof e->point, "%s", field[1]);
        snprintf(e->dir, sizeof e->dir, "%s/%s", root, field[1]);
        if (!export_source_read(e, swept)) {
            failed = *bad_input = true;
            break;
        }
    }
    if (!failed && *count == 0) {
        app_error("%s/index.csv: no point", root);
        failed = *bad_input = true;
    }
    return !failed;
}

static void export_sources_free(struct export_source *s, size_t count)
{
    for (size_t i = 0; s && i < count; i++) {
        free(s[i].settings);
        free(s[i].problem);
    }
    free(s);
}

/* Each source's group: the first source of its algorithm and function. */
static void export_groups(struct export_source *s, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        s[i].group = i;
        for (size_t j = 0; j < i; j++)
            if (s[j].group == j && s[j].fid == s[i].fid && strcmp(s[j].name, s[i].name) == 0 &&
                strcmp(s[j].function, s[i].function) == 0) {
                s[i].group = j;
                break;
            }
    }
}

int cli_export(int argc, char **argv)
{
    const char *format = NULL, *dirs[2] = {NULL, NULL};
    bool force = false;
    size_t ndirs = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(export_usage, stdout);
            return APP_OK;
        } else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
            format = argv[++i];
        } else if (strcmp(argv[i], "--force") == 0) {
            force = true;
        } else if (argv[i][0] != '-' && ndirs < 2) {
            dirs[ndirs++] = argv[i];
        } else {
            app_error("export: unexpected '%s' (see 'gaexp export --help')", argv[i]);
            return APP_USAGE;
        }
    }
    bool legacy = format && strcmp(format, "iohprofiler-legacy") == 0;
    if (!format || (!legacy && strcmp(format, "iohprofiler") != 0)) {
        app_error("export: --format: expected 'iohprofiler' or 'iohprofiler-legacy'%s%s%s", format ? ", got '" : "",
                  format ? format : "", format ? "'" : "");
        return APP_USAGE;
    }
    if (ndirs != 2) {
        app_error("export: expected a folder DIR and an output folder OUT (see 'gaexp export --help')");
        return APP_USAGE;
    }
    int status = publish_finish(dirs[0], NULL); /* a new result of DIR half put in place: finished first */
    if (status != APP_OK)
        return status;
    char path[APP_PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/index.csv", dirs[0]);
    const char *why;
    FILE *index = app_result_open(path, &why);
    if (!index && errno != ENOENT) {
        app_error("export: cannot read %s: %s", path, why);
        return APP_USAGE;
    }
    snprintf(path, sizeof path, "%s/summary.csv", dirs[0]);
    if (!index && access(path, R_OK) != 0) {
        app_error("export: %s is not a run or sweep folder of gaexp (no summary.csv or index.csv)", dirs[0]);
        return APP_USAGE;
    }
    /* Every source read and named first: a refused one leaves OUT as it was. */
    size_t count = 0;
    bool bad_input = false, read;
    struct export_source *sources = NULL;
    if (index) {
        read = export_read_index(dirs[0], index, &sources, &count, &bad_input);
        fclose(index);
    } else {
        sources = calloc(1, sizeof *sources);
        count = sources ? 1 : 0;
        read = sources != NULL;
        if (!read)
            app_error("out of memory");
        if (read) {
            snprintf(sources->dir, sizeof sources->dir, "%s", dirs[0]);
            read = bad_input = !export_source_read(sources, "");
            read = !read;
        }
    }
    if (!read) {
        export_sources_free(sources, count);
        return bad_input ? APP_USAGE : APP_FAILED;
    }
    export_groups(sources, count);
    /* An older export is replaced whole: the new one is written beside it, then published. */
    struct publish folder;
    status = publish_open(&folder, dirs[1], NAMES_EXPORT, force ? PUBLISH_FORCE : PUBLISH_NEW);
    bool ok = status == APP_OK;
    for (size_t i = 0; ok && i < count; i++)
        if (legacy)
            ok = export_legacy(folder.where, &sources[i]);
        else if (sources[i].group == i)
            ok = export_group(folder.where, sources, count, i);
    export_sources_free(sources, count);
    if (status != APP_OK)
        return status;
    return publish_close(&folder, ok) && ok ? APP_OK : APP_FAILED;
}
