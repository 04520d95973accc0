/* cli/export.c — 'gaexp export': a run or sweep folder in IOHprofiler's v1 layout (doc/iohprofiler.md). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/figures.h"
#include "cli/output.h"
#include "cli/output_settings.h"
#include "cli/publish.h"
#include "gaexp/cfg.h"
#include "gaexp/experiment.h"

#define EXPORT_MAX_AXES 8

static const char export_usage[] =
    "Usage: gaexp export --format iohprofiler DIR OUT [--force]\n"
    "Writes the run or sweep folder DIR in IOHprofiler's v1 layout into OUT, for\n"
    "IOHanalyzer: per sweep point a folder OUT/pNNN (OUT itself for a run folder)\n"
    "with IOHprofiler_f<id>_<problem>.info and data_f<id>_<problem>/IOHprofiler_f<id>_DIM<d>.dat.\n"
    "One algorithm id per point (what its settings vary), one instance per replicate;\n"
    "a line per improvement of the best fitness, at the evaluations counted at the end of\n"
    "the generation that found it, and each run's last evaluation.  The mapping is in\n"
    "doc/iohprofiler.md.  An OUT that holds files is refused unless --force; with\n"
    "--force an earlier export in OUT is replaced whole (the new one is written\n"
    "beside it and put in its place once complete; OUT's other files are kept),\n"
    "and an OUT holding a run, a sweep or a tuning is refused.\n";

/* What a point's files are named after: the problem, its registry number, the genome length. */
struct export_function {
    char name[64];
    unsigned id;
    size_t dim;
};

/* Reads the point's config.cfg through the experiment reader, as a run would. */
static bool export_function_read(const char *dir, struct export_function *fn)
{
    char path[2200];
    snprintf(path, sizeof path, "%s/config.cfg", dir);
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    struct ga_experiment *e = NULL;
    struct output_settings out;
    bool ok = cfg && ga_cfg_load(cfg, path) && (e = cli_experiment_alloc(cfg, 0, &out)) != NULL;
    if (ok) {
        snprintf(fn->name, sizeof fn->name, "%s", e->problem->name);
        fn->id = 1; /* the problem's place in 'gaexp list', from 1 */
        for (const struct ga_problem *const *p = cli_catalog()->problems; *p && *p != e->problem; p++)
            fn->id++;
        fn->dim = ga_problem_genome(e->problem, e->state).len;
    }
    app_print_diag(&diag);
    if (!cfg)
        app_error("out of memory");
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    return ok;
}

static const char export_header[] =
    "\"function evaluation\" \"current f(x)\" \"best-so-far f(x)\" \"current af(x)+b\" \"best af(x)+b\"\n";

/* One line of a .dat file; gaexp's fitness is f(x), with a = 1 and b = 0. */
static void export_line(FILE *fp, double evaluations, double current, double so_far)
{
    fprintf(fp, "%.0f %.10g %.10g %.10g %.10g\n", evaluations, current, so_far, current, so_far);
}

/* The .dat file of one point: every replicate a run (an instance). */
static bool export_dat(const struct figures_traces *t, const char *dir, const char *name)
{
    struct app_file f;
    if (!app_file_open(&f, dir, name))
        return false;
    for (size_t r = 0; r < t->replicates; r++) {
        size_t first = t->start[r], end = t->start[r + 1];
        fputs(export_header, f.fp);
        /* The first generation, then every improvement of the best so far
         * (without an elite a generation's best may be worse than it). */
        double so_far = t->best[first];
        bool last_written = true;
        for (size_t i = first; i < end; i++) {
            last_written = i == first || t->best[i] < so_far;
            so_far = t->best[i] < so_far ? t->best[i] : so_far;
            if (last_written)
                export_line(f.fp, t->evaluations[i], t->best[i], so_far);
        }
        if (!last_written) /* the run's last evaluation */
            export_line(f.fp, t->evaluations[end - 1], t->best[end - 1], so_far);
    }
    return app_file_commit(&f);
}

/* "a; b": IOHanalyzer splits an .info line at commas, so values hold none. */
static void export_no_commas(char *text)
{
    for (char *c = text; *c; c++)
        if (*c == ',' || *c == '"')
            *c = *c == ',' ? ';' : '\'';
}

/* One point (or run folder) 'in' into the folder 'out'. */
static bool export_point(const char *in, const char *out, const char *alg_id, const char *alg_info)
{
    struct export_function fn;
    struct figures_traces t;
    char path[2200], data[256], dat[256];
    if (!export_function_read(in, &fn))
        return false;
    snprintf(path, sizeof path, "%s/generations.csv", in);
    if (!figures_traces_read(path, &t))
        return false;
    snprintf(data, sizeof data, "data_f%u_%s", fn.id, fn.name);
    snprintf(dat, sizeof dat, "IOHprofiler_f%u_DIM%zu.dat", fn.id, fn.dim);
    snprintf(path, sizeof path, "%s/%s", out, data);
    bool ok = output_prepare_dir(path) == APP_OK && export_dat(&t, path, dat);
    char info_name[256];
    snprintf(info_name, sizeof info_name, "IOHprofiler_f%u_%s.info", fn.id, fn.name);
    struct app_file info;
    if (ok && (ok = app_file_open(&info, out, info_name))) {
        fprintf(info.fp, "suite = \"gaexp\", funcId = %u, funcName = \"%s\", DIM = %zu, maximization = \"F\", "
                         "algId = \"%s\", algInfo = \"%s\"\n",
                fn.id, fn.name, fn.dim, alg_id, alg_info);
        fprintf(info.fp, "%% gaexp: fitness is minimised, 0 = solved; evaluations counted at the end of each "
                         "generation\n%s/%s",
                data, dat);
        for (size_t r = 0; r < t.replicates; r++) {
            size_t last = t.start[r + 1] - 1;
            fprintf(info.fp, ", %zu:%.0f|%.10g", r + 1, t.evaluations[last], t.best[last]);
        }
        fputc('\n', info.fp);
        ok = app_file_commit(&info);
    }
    figures_traces_free(&t);
    return ok;
}

/* A sweep's point to export: its folder and its algorithm id. */
struct export_point {
    char dir[32], alg_id[200];
};

/* Reads index.csv whole, every row checked before anything is written:
 * its points, in order (*count of them in *points, to free); false after
 * a message (*bad_input: index.csv is wrong, else out of memory). */
static bool export_read_index(const char *root, FILE *index, struct export_point **points, size_t *count,
                              bool *bad_input)
{
    char line[4096], *field[2 + EXPORT_MAX_AXES], axes_text[4096];
    *count = 0;
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
    *points = NULL;
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
        if (!cli_sweep_point_named(root, lineno, field[0], field[1], *count + 1)) { /* never a path out of OUT */
            failed = *bad_input = true;
            break;
        }
        if (*count == cap) {
            struct export_point *grown = realloc(*points, (cap ? 2 * cap : 64) * sizeof *grown);
            if (!grown) {
                app_error("out of memory");
                failed = true;
                break;
            }
            *points = grown;
            cap = cap ? 2 * cap : 64;
        }
        struct export_point *e = &(*points)[(*count)++];
        const char *value[EXPORT_MAX_AXES];
        for (size_t a = 0; a < naxes; a++)
            value[a] = field[2 + a];
        figures_label(axis, value, naxes, NULL, e->alg_id, sizeof e->alg_id);
        export_no_commas(e->alg_id);
        snprintf(e->dir, sizeof e->dir, "%s", field[1]);
    }
    if (failed) {
        free(*points);
        *points = NULL;
    }
    return !failed;
}

/* A sweep: each point its own algorithm, written into OUT/pNNN. */
static bool export_sweep(const char *root, const char *out, const struct export_point *points, size_t count)
{
    bool ok = true;
    for (size_t i = 0; ok && i < count; i++) {
        char in[2200], to[2200], alg_info[400];
        snprintf(alg_info, sizeof alg_info, "gaexp sweep point %s", points[i].dir);
        snprintf(in, sizeof in, "%s/%s", root, points[i].dir);
        snprintf(to, sizeof to, "%s/%s", out, points[i].dir);
        ok = output_prepare_dir(to) == APP_OK && export_point(in, to, points[i].alg_id, alg_info);
    }
    return ok;
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
    if (!format || strcmp(format, "iohprofiler") != 0) {
        app_error("export: --format: expected 'iohprofiler'%s%s%s", format ? ", got '" : "",
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
    char path[2200];
    snprintf(path, sizeof path, "%s/index.csv", dirs[0]);
    FILE *index = fopen(path, "r");
    snprintf(path, sizeof path, "%s/summary.csv", dirs[0]);
    if (!index && access(path, R_OK) != 0) {
        app_error("export: %s is not a run or sweep folder of gaexp (no summary.csv or index.csv)", dirs[0]);
        return APP_USAGE;
    }
    /* A sweep's index.csv read whole first: a row refused leaves OUT as it was. */
    size_t count = 0;
    bool bad_input = false;
    struct export_point *points = NULL;
    bool read = !index || export_read_index(dirs[0], index, &points, &count, &bad_input);
    if (index)
        fclose(index);
    if (!read)
        return bad_input ? APP_USAGE : APP_FAILED;
    /* An older export is replaced whole: the new one is written beside it, then published. */
    struct publish folder;
    status = publish_open(&folder, dirs[1], NAMES_EXPORT, force ? PUBLISH_FORCE : PUBLISH_NEW);
    bool ok = status == APP_OK;
    if (ok && index)
        ok = export_sweep(dirs[0], folder.where, points, count);
    else if (ok)
        ok = export_point(dirs[0], folder.where, "gaexp", "gaexp run");
    free(points);
    if (status != APP_OK)
        return status;
    return publish_close(&folder, ok) && ok ? APP_OK : APP_FAILED;
}
