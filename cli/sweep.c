/* cli/sweep.c — 'gaexp sweep': the Cartesian product of setting values, each point a run folder. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/figures/figures_run.h"
#include "cli/figures/gnuplots.h"
#include "cli/options.h"
#include "cli/report.h"
#include "cli/runner/guard.h"
#include "cli/runner/mpi.h"
#include "cli/runner/plugin.h"
#include "cli/runner/pool.h"
#include "cli/runner/run_resume.h"
#include "cli/runner/run_session.h"
#include "cli/store/names.h"
#include "cli/store/output.h"
#include "cli/store/publish.h"
#include "cli/store/replicates.h"
#include "gaexp/run.h"

static const char sweep_usage[] =
    "Usage: gaexp sweep FILE.cfg [OPTION]...\n"
    "Runs the experiment of FILE.cfg at every point of the grid its 'sweep' list\n"
    "describes, each point with all its replicates, and compares the points:\n"
    "\n"
    "  sweep = (\n"
    "    { set = \"ga.mutation.rate\";  values = [0.005, 0.01, 0.02, 0.05]; },\n"
    "    { set = \"ga.crossover.rate\"; from = 0.4; to = 0.8; step = 0.2; },\n"
    "    { set = [\"ga.crossover.name\", \"ga.mutation.name\"];   # swept together\n"
    "      values = ([\"lineswap\", \"mix\"], [\"common\", \"checkcontain\"]); }\n"
    "  );\n"
    "\n"
    "Any setting path can be swept; a list-valued setting takes a list of lists\n"
    "(values = ([3, 3, 8, 8], [1, 5, 5, 5])).  Every point is checked before the\n"
    "first run starts.  All points share the base seed (common random numbers).\n"
    "The output folder holds p001/, p002/, ... (ordinary run folders, each with\n"
    "its config.cfg), index.csv (point, folder, swept values), sweep.csv (the\n"
    "comparison, see 'gaexp report'), curves.png and, for two swept settings,\n"
    "heatmap.png (with their .gp scripts).  All figures are drawn by --jobs\n"
    "gnuplots; with runs side by side each point's fitness.png is drawn as soon\n"
    "as the point ends.  output.plot = \"end\" leaves the points' figures to\n"
    "'gaexp plot DIR', and so does a sweep whose points are too small to be worth\n"
    "their figure (under 20 million genes evaluated a point, replicates x\n"
    "evaluations x genome length) unless output.plot = true is set;\n"
    "output.plot = false draws no figure at all (the sweep's scripts are written).\n"
    "\n"
    "Under mpirun, a gaexp built with MPI (configure --with-mpi) spreads the\n"
    "runs (points x replicates) over the ranks: rank 0 hands them out one at a\n"
    "time and writes every file, the same files as on one process; 'mpirun -np P\n"
    "gaexp sweep FILE.cfg' keeps P-1 ranks running.  When a rank dies, rank 0\n"
    "lists the runs that were lost and 'gaexp resume DIR' goes on.\n"
    "\n"
    "Options:\n"
    "  --replicates R   replicates per point (ga.replicates)\n"
    "  --seed N         base seed (ga.seed)\n"
    "  --set PATH=VAL   override a setting of every point (repeatable)\n"
    "  --out DIR        output folder (default: output.dir, else results/<file name>)\n"
    "  --jobs N         threads: runs side by side, or threads inside each run\n"
    "                   (ga.threads); the results do not depend on it\n"
    "  --parallel HOW   how --jobs is spent: 'runs' side by side (one thread\n"
    "                   each), 'threads' inside each run, or 'auto' (default):\n"
    "                   runs when every run has at most 20000 individuals\n"
    "                   (population x islands) and there are at least N runs\n"
    "  --check          check the hooks as the runs go (ga.check; see 'gaexp run --help')\n"
    "  --force          replace the sweep the output folder holds: the new one is\n"
    "                   built beside it and replaces it whole once complete (a\n"
    "                   kill leaves the old one, or 'gaexp resume DIR' goes on);\n"
    "                   the folder's other files are kept\n"
    "  --quiet          no progress line\n"
    "  -h, --help       show this help\n";

#define SWEEP_MAX_POINTS 100000
#define SWEEP_MAX_VALUES 10000

#define SWEEP_MAX_LINKED 8
#define SWEEP_SCRIPT_WRITTEN 4 /* a bit of sweep.plot[p] */
#define SWEEP_FIGURE_GENES 2e7   /* sweep_note_point */

/* One axis of the grid: the setting it sweeps (or several settings swept
 * together, each value then a list with one item per setting) and its
 * values (settings of the base file, or numbers made from a range). */
struct sweep_axis {
    const char *path[SWEEP_MAX_LINKED];
    size_t paths;
    char label[512]; /* the paths joined by '+': index.csv's column */
    const config_setting_t *values; /* NULL for a range */
    double from, step;
    size_t count;
    bool integer; /* range of integers */
};

struct sweep {
    struct ga_cfg *base; /* the sweep file, read once, with the command line's options applied */
    struct ga_cfg *kept; /* the same, its inputs named absolutely: ROOT/sweep.cfg (sweep_write_resume) */
    struct sweep_axis axis[NAMES_SWEEP_AXES];
    size_t axes, points;
    config_t ranges; /* the values of ranges, made into settings */
    unsigned char *plot; /* point p's figure still to do: 0 none, 1 drawn, 2 only its script (plot = "end"),
                          * | SWEEP_SCRIPT_WRITTEN when the script went with the point's folder */
    const char **format; /* point p's figure format (output.format: a static word of the reader) */
    size_t runs, largest; /* runs in all, and the most individuals of one */
    size_t deferred;      /* points whose figure is left to 'gaexp plot' for their size (sweep_note_point) */
    bool draw;            /* some figure is drawn: output.plot is not false everywhere */
    struct gnuplots *gnuplots; /* draw the figures (NULL: none, or gnuplot is missing) */
    bool gnuplots_started;
    const char *named; /* the sweep's folder, as its points' config.cfg name it */
    bool staged;       /* written in the stage of a --force (cli/store/publish.h), not in 'named' itself */
};

/* Reads 'from', 'to', 'step' of a range axis. */
static bool sweep_range(struct sweep *w, config_setting_t *g, struct sweep_axis *a)
{
    double from, to, step;
    bool ok = ga_cfg_double(w->base, g, "from", 0, -1e18, 1e18, &from);
    ok &= ga_cfg_double(w->base, g, "to", 0, -1e18, 1e18, &to);
    ok &= ga_cfg_double(w->base, g, "step", 1, 1e-12, 1e18, &step);
    if (!ok)
        return false;
    if (to < from) {
        ga_cfg_error_at(w->base, g, "to", "must not be below 'from' (%g)", from);
        return false;
    }
    double n = floor((to - from) / step + 1e-9) + 1;
    if (n > SWEEP_MAX_VALUES) {
        ga_cfg_error_at(w->base, g, "step", "%.0f values; at most %d per setting", n, SWEEP_MAX_VALUES);
        return false;
    }
    const config_setting_t *f = config_setting_get_member(g, "from");
    const config_setting_t *s = config_setting_get_member(g, "step");
    a->integer = config_setting_type(f) != CONFIG_TYPE_FLOAT && config_setting_type(s) != CONFIG_TYPE_FLOAT;
    a->from = from, a->step = step, a->count = (size_t)n;
    return true;
}

/* 'set': one path, or a list of paths swept together. */
static bool sweep_paths(struct sweep *w, config_setting_t *g, struct sweep_axis *a)
{
    config_setting_t *set = ga_cfg_lookup(w->base, g, "set");
    if (!set) {
        ga_cfg_error_at(w->base, g, "set", "missing: the setting path, e.g. \"ga.mutation.rate\"");
        return false;
    }
    bool list = config_setting_is_aggregate(set);
    a->paths = list ? (size_t)config_setting_length(set) : 1;
    if (a->paths == 0 || a->paths > SWEEP_MAX_LINKED) {
        ga_cfg_error(w->base, set, "expected 1 to %d setting paths", SWEEP_MAX_LINKED);
        return false;
    }
    size_t used = 0;
    for (size_t j = 0; j < a->paths; j++) {
        const config_setting_t *p = list ? config_setting_get_elem(set, (unsigned)j) : set;
        const char *path = config_setting_get_string(p);
        if (!path || !path[0]) {
            ga_cfg_error(w->base, p, "expected a setting path like \"ga.mutation.rate\"");
            return false;
        }
        a->path[j] = path;
        used += (size_t)snprintf(a->label + used, sizeof a->label - used, "%s%s", j ? "+" : "", path);
        if (used >= sizeof a->label)
            used = sizeof a->label - 1;
    }
    return true;
}

static bool sweep_axis_read(struct sweep *w, config_setting_t *g, struct sweep_axis *a)
{
    if (config_setting_type(g) != CONFIG_TYPE_GROUP) {
        ga_cfg_error(w->base, g, "expected a group { set = \"PATH\"; values = [...]; }");
        return false;
    }
    if (!sweep_paths(w, g, a))
        return false;
    if (a->paths == 1)
        snprintf(a->label, sizeof a->label, "%s", a->path[0]);
    config_setting_t *values = ga_cfg_lookup(w->base, g, "values");
    if (!values && a->paths > 1) {
        ga_cfg_error_at(w->base, g, "values", "missing: settings swept together need a list of values");
        return false;
    }
    if (!values)
        return sweep_range(w, g, a);
    int type = config_setting_type(values);
    if (type != CONFIG_TYPE_ARRAY && type != CONFIG_TYPE_LIST) {
        ga_cfg_error(w->base, values, "expected a list of values like [0.01, 0.02]");
        return false;
    }
    a->values = values;
    a->count = (size_t)config_setting_length(values);
    if (a->count == 0 || a->count > SWEEP_MAX_VALUES) {
        ga_cfg_error(w->base, values, "expected 1 to %d values, got %zu", SWEEP_MAX_VALUES, a->count);
        return false;
    }
    for (size_t k = 0; a->paths > 1 && k < a->count; k++) {
        const config_setting_t *v = config_setting_get_elem(values, (unsigned)k);
        if (!config_setting_is_aggregate(v) || (size_t)config_setting_length(v) != a->paths) {
            ga_cfg_error(w->base, v, "expected a list of %zu values, one for each of %s", a->paths,
                         a->label);
            return false;
        }
    }
    return true;
}

/* Reads the 'sweep' list of the base file. */
static bool sweep_read(struct sweep *w)
{
    config_setting_t *list = ga_cfg_lookup(w->base, ga_cfg_root(w->base), "sweep");
    if (!list) {
        ga_diag_add(ga_cfg_diag(w->base), ga_cfg_name(w->base), 0, "sweep",
                    "missing: a list of swept settings (see 'gaexp sweep --help')");
        return false;
    }
    size_t n = (size_t)config_setting_length(list);
    if (config_setting_type(list) != CONFIG_TYPE_LIST || n == 0 || n > NAMES_SWEEP_AXES) {
        ga_cfg_error(w->base, list, "expected a list ( {...}, ... ) of 1 to %d swept settings",
                     NAMES_SWEEP_AXES);
        return false;
    }
    bool ok = true;
    w->points = 1;
    for (size_t i = 0; i < n; i++) {
        config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
        if (!sweep_axis_read(w, g, &w->axis[i])) {
            ok = false;
            continue;
        }
        for (size_t j = 0; j <= i; j++)
            for (size_t x = 0; x < w->axis[j].paths; x++)
                for (size_t y = 0; y < w->axis[i].paths; y++)
                    if ((j < i || x < y) && strcmp(w->axis[j].path[x], w->axis[i].path[y]) == 0) {
                        ga_cfg_error_at(w->base, g, "set", "'%s' is swept twice", w->axis[i].path[y]);
                        ok = false;
                    }
        w->points *= w->axis[i].count;
        if (w->points > SWEEP_MAX_POINTS) {
            ga_cfg_error(w->base, list, "more than %d points", SWEEP_MAX_POINTS);
            return false;
        }
    }
    w->axes = n;
    for (size_t i = 0; ok && i < n; i++) /* every setting of a swept group is known */
        for (int k = 0; k < config_setting_length(config_setting_get_elem(list, (unsigned)i)); k++)
            ga_cfg_lookup(w->base, config_setting_get_elem(list, (unsigned)i),
                          config_setting_name(config_setting_get_elem(
                              config_setting_get_elem(list, (unsigned)i), (unsigned)k)));
    return ok;
}

/* The index of point p's value on axis i (the last axis varies fastest). */
static size_t sweep_coordinate(const struct sweep *w, size_t p, size_t i)
{
    for (size_t j = w->axes; j-- > i + 1;)
        p /= w->axis[j].count;
    return p % w->axis[i].count;
}

/* Value k of a range axis as a setting of w->ranges (located at the axis). */
static const config_setting_t *sweep_range_value(struct sweep *w, size_t i, size_t k)
{
    const struct sweep_axis *a = &w->axis[i];
    char name[32];
    snprintf(name, sizeof name, "a%zu_%zu", i, k);
    config_setting_t *s = config_setting_get_member(config_root_setting(&w->ranges), name);
    if (s)
        return s;
    double v = a->from + (double)k * a->step;
    s = config_setting_add(config_root_setting(&w->ranges), name,
                           a->integer ? CONFIG_TYPE_INT64 : CONFIG_TYPE_FLOAT);
    if (!s)
        return NULL;
    if (a->integer)
        config_setting_set_int64(s, (long long)llround(v));
    else
        config_setting_set_float(s, round(v / a->step * 1e9) / 1e9 * a->step); /* 0.1 * 3 = 0.3 */
    return s;
}

static const config_setting_t *sweep_value(struct sweep *w, size_t i, size_t k)
{
    if (w->axis[i].values)
        return config_setting_get_elem(w->axis[i].values, (unsigned)k);
    return sweep_range_value(w, i, k);
}

/* A point's configuration: a copy of the base (the sweep file as read
 * once, the command line's options applied; its input files shared, so
 * every point reads what the first read), the point's values, and its
 * output folder; NULL after printing what is wrong. */
static struct ga_cfg *sweep_point_cfg(struct sweep *w, size_t p, const char *dir, struct ga_diag *diag)
{
    struct ga_cfg *c = ga_cfg_alloc(diag);
    bool ok = c && ga_cfg_copy(c, w->base, "sweep");
    for (size_t i = 0; ok && i < w->axes; i++) {
        const config_setting_t *v = sweep_value(w, i, sweep_coordinate(w, p, i));
        for (size_t j = 0; ok && j < w->axis[i].paths; j++) {
            const config_setting_t *item = w->axis[i].paths > 1 ? config_setting_get_elem(v, (unsigned)j) : v;
            ok = item && ga_cfg_override_value(c, w->axis[i].path[j], item);
        }
    }
    if (ok)
        ok = ga_cfg_override_string(c, "output.dir", dir);
    if (!ok) {
        if (c && ga_cfg_oom(c))
            ga_diag_add(diag, ga_cfg_name(w->base), 0, "sweep", "out of memory");
        ga_cfg_free(c);
        return NULL;
    }
    return c;
}


/* The most genes a point's runs evaluate: replicates x the evaluations
 * budget x genome length, what its runs cost about (1 to 2 ns a gene on
 * the shipped problems, where a point's figure costs some 15 ms). */
static double sweep_point_genes(const struct ga_experiment *e)
{
    size_t len = 0;
    unsigned alphabet = 0;
    e->problem->shape(e->state, &len, &alphabet);
    double individuals = (double)e->params.population * e->params.islands;
    double evaluations = individuals * ((double)e->params.generations + 1);
    if (e->params.evaluations > 0 && (double)e->params.evaluations < evaluations)
        evaluations = (double)e->params.evaluations;
    return (double)e->replicates * evaluations * (double)len;
}

/* What the runs of point p need: its figure, its runs, its individuals.
 * Unless output.plot is set ('plot_set'), a point whose runs would cost
 * less than about two of its figures leaves its figure to 'gaexp plot': in
 * a sweep of many small points the figures would take most of the time. */
static void sweep_note_point(struct sweep *w, size_t p, const struct ga_experiment *e,
                             const struct output_settings *out, bool plot_set)
{
    size_t individuals = e->params.population * e->params.islands;
    w->plot[p] = !out->plot ? 0 : out->plot_end ? 2 : 1;
    w->format[p] = out->format;
    w->draw |= out->plot;
    if (w->plot[p] == 1 && !plot_set && sweep_point_genes(e) < SWEEP_FIGURE_GENES) {
        w->plot[p] = 2;
        w->deferred++;
    }
    w->runs += e->replicates;
    w->largest = individuals > w->largest ? individuals : w->largest;
}

/* Drops the messages from 'from' on that an earlier point already gave: a
 * mistake in the base file is said once, not once per point. */
static void sweep_diag_unique(struct ga_diag *diag, size_t from)
{
    size_t kept = from;
    for (size_t i = from; i < diag->count; i++) {
        const struct ga_diag_entry *e = &diag->entries[i];
        bool seen = false;
        for (size_t j = 0; j < from && !seen; j++) {
            const struct ga_diag_entry *d = &diag->entries[j];
            seen = d->line == e->line && strcmp(d->file, e->file) == 0 && strcmp(d->path, e->path) == 0 &&
                   strcmp(d->message, e->message) == 0;
        }
        if (!seen)
            diag->entries[kept++] = *e;
    }
    diag->count = kept;
}

/* The kept copy names the plug-in as the points resolved it, with its
 * hash, when the sweep file names one (not swept). */
static void sweep_keep_plugin(struct sweep *w, struct ga_cfg *point)
{
    static const char *const keys[] = {"problem.plugin", "problem.plugin_hash"};
    const char *kept;
    if (config_lookup_string(ga_cfg_config(w->kept), "problem.plugin", &kept) != CONFIG_TRUE)
        return;
    for (size_t k = 0; k < 2; k++) { /* in place: the order of the settings is config.cfg's */
        const char *value;
        config_setting_t *s = config_lookup(ga_cfg_config(w->kept), keys[k]);
        if (config_lookup_string(ga_cfg_config(point), keys[k], &value) != CONFIG_TRUE)
            continue;
        if (s && config_setting_type(s) == CONFIG_TYPE_STRING)
            config_setting_set_string(s, value);
        else if (!s)
            ga_cfg_override_string(w->kept, keys[k], value);
    }
}

/* Every point's experiment, checked before anything runs.  The base
 * configuration's output.dir (or --out) names the sweep folder. */
static bool sweep_check_points(struct sweep *w, const struct cli_options *o, const char *root,
                               struct ga_diag *diag)
{
    bool ok = true;
    for (size_t p = 0; p < w->points && diag->count < GA_DIAG_MAX; p++) {
        char dir[1100];
        names_point_dir(root, p, dir, sizeof dir);
        size_t before = diag->count;
        struct ga_cfg *c = sweep_point_cfg(w, p, dir, diag);
        bool plot_set = c && config_lookup(ga_cfg_config(c), "output.plot") != NULL; /* before the defaults fill it */
        struct output_settings out;
        struct ga_experiment *e = c ? cli_experiment_alloc(c, 1, &out) : NULL;
        if (!e) {
            ok = false;
            sweep_diag_unique(diag, before);
            if (diag->count > before) /* say which point, once */
                ga_diag_add(diag, o->file, 0, "sweep", "point %zu of %zu refused", p + 1, w->points);
        } else {
            sweep_note_point(w, p, e, &out, plot_set);
            ga_cfg_absolute_inputs(w->kept, c); /* the kept copy names the inputs this point read */
            sweep_keep_plugin(w, c);
        }
        ga_experiment_free(e);
        ga_cfg_free(c);
    }
    return ok;
}

/* The sweep folder: --out, else output.dir, else results/<file name>. */
static void sweep_root(struct ga_cfg *base, const struct cli_options *o, char *buf, size_t size)
{
    const char *dir = NULL;
    if (!o->out && !config_lookup_string(ga_cfg_config(base), "output.dir", &dir))
        dir = NULL;
    if (o->out || dir)
        snprintf(buf, size, "%s", o->out ? o->out : dir);
    else
        output_settings_default_dir(o->file, "", buf, size);
}

static bool sweep_write_index(struct sweep *w, const char *root)
{
    struct app_file f;
    if (!app_file_open(&f, root, "index.csv"))
        return false;
    fprintf(f.fp, "point,dir");
    for (size_t i = 0; i < w->axes; i++)
        fprintf(f.fp, ",%s", w->axis[i].label);
    fputc('\n', f.fp);
    for (size_t p = 0; p < w->points; p++) {
        fprintf(f.fp, "%zu," NAMES_POINT, p + 1, p + 1);
        for (size_t i = 0; i < w->axes; i++) {
            char text[256];
            ga_cfg_value_text(sweep_value(w, i, sweep_coordinate(w, p, i)), text, sizeof text);
            fprintf(f.fp, ",%s", text);
        }
        fputc('\n', f.fp);
    }
    return app_file_commit(&f);
}

/* One live line: points and runs done, ETA. */
static void sweep_progress(bool on, size_t done, size_t points, unsigned long runs, double started)
{
    if (!on)
        return;
    double elapsed = app_now() - started;
    fprintf(stderr, "\r\033[Ksweep: %zu/%zu points, %lu runs done", done, points, runs);
    if (done > 0 && done < points)
        fprintf(stderr, ", ETA %.0f s", elapsed / (double)done * (double)(points - done));
    if (done == points)
        fputs("\r\033[K", stderr);
    fflush(stderr);
}

/* The replicates of a finished point: the rows of its summary.csv; 0 when
 * it has not finished (a checkpoint left, or no curves.csv: the last file
 * a run renames into place, so a kill between two renames leaves the point
 * to run again). */
static unsigned long sweep_point_done(const char *dir)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/checkpoint", dir);
    if (access(path, F_OK) == 0)
        return 0;
    snprintf(path, sizeof path, "%s/curves.csv", dir);
    if (access(path, F_OK) != 0)
        return 0;
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    FILE *f = fopen(path, "r");
    unsigned long lines = 0;
    for (int c; f && (c = fgetc(f)) != EOF;)
        lines += c == '\n';
    if (f)
        fclose(f);
    return lines > 1 ? lines - 1 : 0;
}

/* Going on with a sweep, a finished point is kept (its replicates
 * counted) and an interrupted one resumed from its checkpoint, here: true
 * when point p's folder dir was one of those, *status saying how it went. */
static bool sweep_point_continued(const struct sweep *w, const struct cli_options *o, size_t p, const char *dir,
                                  unsigned long *runs, int *status)
{
    char checkpoint[1200], journal[1200];
    snprintf(journal, sizeof journal, "%s/commit", dir);
    bool committing = access(journal, F_OK) == 0; /* a commit a kill interrupted */
    unsigned long done = o->resume && !committing ? sweep_point_done(dir) : 0;
    *status = APP_OK;
    *runs += done;
    if (done) {
        replicates_drop_beside(dir); /* left by a kill between the point's rename and their removal */
        return true;
    }
    snprintf(checkpoint, sizeof checkpoint, "%s/checkpoint", dir);
    if (!o->resume || (access(checkpoint, F_OK) != 0 && !committing))
        return false;
    unsigned replicates = 0;
    char named[1100];
    names_point_dir(w->named, p, named, sizeof named);
    *status = cli_resume_dir(dir, named, o->jobs, true, &replicates);
    *runs += *status != APP_OK ? 0 : committing ? sweep_point_done(dir) : replicates;
    return true;
}

/* Frees what sweep_point_open gave: the experiment, the folder it writes
 * (when the sweep is staged) and the configuration. */
static void sweep_point_free(const struct sweep *w, struct ga_cfg *cfg, struct ga_experiment *e,
                             struct output_settings *out)
{
    if (w->staged && e)
        free((char *)out->dir);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
}

/* Point p's configuration and experiment, its folder dir prepared for a
 * fresh run; false (messages in diag or printed) when any fails, with
 * nothing left to free.  With 'whole' (its runs go side by side, and
 * cli_run_write writes the folder at once), a folder not there yet is left
 * for cli_run_write to make whole, the figure's script with it.  In a
 * staged sweep, config.cfg names the folder the point will be published
 * as and out->dir (a copy the sweep owns) the one it is written in. */
static bool sweep_point_open(struct sweep *w, const struct cli_options *o, size_t p, const char *dir, bool whole,
                             struct ga_diag *diag, struct ga_cfg **cfg, struct ga_experiment **e,
                             struct output_settings *out)
{
    char named[1100];
    names_point_dir(w->named, p, named, sizeof named);
    *cfg = sweep_point_cfg(w, p, named, diag);
    *e = *cfg ? cli_experiment_alloc(*cfg, 1, out) : NULL;
    out->sweep_point = true;
    if (*e && w->staged && !(out->dir = strdup(dir))) {
        ga_diag_add(diag, o->file, 0, "sweep", "out of memory");
        ga_experiment_free(*e);
        *e = NULL;
    }
    if (!*e) {
        ga_cfg_free(*cfg);
        return false;
    }
    struct stat st;
    if (whole && lstat(dir, &st) != 0 && errno == ENOENT) {
        out->plot = w->plot[p] != 0; /* the script; the figure is drawn by the sweep's gnuplots */
        w->plot[p] |= w->plot[p] ? SWEEP_SCRIPT_WRITTEN : 0;
        return true;
    }
    out->plot = false; /* the figures of all points are drawn together (sweep_figures) */
    if (output_prepare_dir(dir) == APP_OK)
        return true;
    sweep_point_free(w, *cfg, *e, out);
    return false;
}

/* Runs point p into root/pNNN: APP_OK, or the failure (message printed).
 * Going on with a sweep, a finished point is kept and an interrupted one
 * resumed from its checkpoint. */
static int sweep_run_point(struct sweep *w, const struct cli_options *o, size_t p, const char *root,
                           unsigned long *runs)
{
    char dir[1100];
    names_point_dir(root, p, dir, sizeof dir);
    int status;
    if (sweep_point_continued(w, o, p, dir, runs, &status))
        return status;
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *c;
    struct ga_experiment *e;
    struct output_settings out;
    status = APP_FAILED;
    if (sweep_point_open(w, o, p, dir, false, &diag, &c, &e, &out)) {
        struct ga_run *run = ga_run_alloc(e->problem, e->state, &e->params, &diag);
        status = run ? cli_run_experiment(c, e, &out, run, true) : APP_FAILED;
        if (status == APP_OK)
            *runs += e->replicates;
        if (status == APP_OK) /* replicates kept by runs side by side are not needed any more */
            replicates_drop_beside(dir);
        ga_run_free(run);
        sweep_point_free(w, c, e, &out);
    }
    app_print_diag(&diag);
    return status;
}

/* The live line of a sweep: points and runs done. */
struct sweep_live {
    bool on;
    size_t done, points;
    unsigned long runs;
    double started;
};

/* Every point in turn, on this process. */
static int sweep_run_here(struct sweep *w, const struct cli_options *o, const char *root,
                          struct sweep_live *live)
{
    int status = APP_OK;
    for (size_t p = 0; status == APP_OK && p < w->points; p++) {
        sweep_progress(live->on, p, w->points, live->runs, live->started);
        status = sweep_run_point(w, o, p, root, &live->runs);
        if (status != APP_OK) /* the point said why (a hook's fault: how to go on once mended) */
            fprintf(stderr, "gaexp: the sweep stopped at point %zu of %zu; 'gaexp resume %s' goes on with the whole "
                            "sweep\n", p + 1, w->points, w->named);
    }
    return status;
}

/* Point p's figures' scripts, and their figures queued, unless
 * output.plot = "end" leaves that to 'gaexp plot'; false when a script
 * could not be written (said; the figures stay to do). */
static bool sweep_point_figure(struct sweep *w, const char *root, size_t p)
{
    char dir[1100], script[1200];
    names_point_dir(root, p, dir, sizeof dir);
    struct figures_run fig;
    snprintf(script, sizeof script, "%s/front.csv", dir);
    figures_run_names(figures_front_several(script), w->format[p], &fig);
    if (w->plot[p] && !(w->plot[p] & SWEEP_SCRIPT_WRITTEN) && !figures_run_scripts(dir, &fig))
        return false;
    for (size_t k = 0; (w->plot[p] & ~SWEEP_SCRIPT_WRITTEN) == 1 && k < fig.count; k++) {
        snprintf(script, sizeof script, "%s.gp", fig.stem[k]);
        gnuplots_add(w->gnuplots, dir, script, fig.figure[k]);
    }
    w->plot[p] = 0;
    return true;
}

/* Starts the --jobs gnuplots that draw the sweep's figures, once. */
static void sweep_gnuplots(struct sweep *w, const struct cli_options *o)
{
    if (!w->gnuplots_started && w->draw)
        w->gnuplots = gnuplots_start(o->jobs > 1 ? (unsigned)o->jobs : 1, o->quiet);
    w->gnuplots_started = true;
}

/* A sweep spread over MPI ranks: the points still to run, handed out
 * replicate by replicate (cli/runner/mpi.c), each opened when its first
 * replicate goes out. */
struct sweep_spread {
    struct sweep *w;
    const struct cli_options *o;
    const char *root;
    size_t *todo; /* point indices */
    struct sweep_live *live;
    struct ga_diag diag;
};

static bool sweep_spread_open(void *ctx, size_t i, struct ga_cfg **cfg, struct ga_experiment **e,
                              struct output_settings *out)
{
    struct sweep_spread *s = ctx;
    char dir[1100];
    names_point_dir(s->root, s->todo[i], dir, sizeof dir);
    ga_diag_clear(&s->diag);
    bool ok = sweep_point_open(s->w, s->o, s->todo[i], dir, true, &s->diag, cfg, e, out);
    app_print_diag(&s->diag);
    return ok;
}

static void sweep_spread_close(void *ctx, size_t i, struct ga_cfg *cfg, struct ga_experiment *e,
                               struct output_settings *out, int status)
{
    struct sweep_spread *s = ctx;
    if (status == APP_OK && s->w->gnuplots_started) /* drawn while the other runs go on */
        sweep_point_figure(s->w, s->root, s->todo[i]);
    if (status == APP_OK) {
        s->live->runs += e->replicates;
        sweep_progress(s->live->on, ++s->live->done, s->live->points, s->live->runs, s->live->started);
    }
    sweep_point_free(s->w, cfg, e, out);
}

/* Every point on the MPI workers; finished and interrupted points are
 * kept or resumed here first, as on one process. */
static int sweep_run_spread(struct sweep *w, const struct cli_options *o, const char *root,
                            struct sweep_live *live)
{
    struct sweep_spread s = {.w = w, .o = o, .root = root, .live = live};
    if (!(s.todo = malloc(w->points * sizeof *s.todo))) {
        app_error("out of memory");
        return APP_FAILED;
    }
    int status = APP_OK;
    size_t count = 0;
    for (size_t p = 0; status == APP_OK && p < w->points; p++) {
        char dir[1100];
        names_point_dir(root, p, dir, sizeof dir);
        if (sweep_point_continued(w, o, p, dir, &live->runs, &status))
            sweep_progress(live->on, ++live->done, w->points, live->runs, live->started);
        else
            s.todo[count++] = p;
    }
    const struct cli_mpi_jobs jobs = {count, &s, sweep_spread_open, sweep_spread_close};
    if (status == APP_OK && cli_mpi_workers() > 0)
        status = cli_mpi_run(&jobs);
    else if (status == APP_OK) { /* the gnuplots start before the threads: they are fed as points end */
        sweep_gnuplots(w, o);
        status = cli_pool_run(&jobs, (unsigned)o->jobs, NULL);
    }
    if (status == APP_INTERRUPTED)
        fprintf(stderr, "gaexp: the sweep stopped with %zu of %zu points done; 'gaexp resume %s' goes on "
                        "with the whole sweep\n",
                live->done, w->points, w->named);
    free(s.todo);
    return status;
}

/* ROOT/sweep.cfg, the sweep as it runs: the sweep file with its @includes
 * expanded, the command line's options applied, its inputs named
 * absolutely and recorded with their content hashes (which a resume or a
 * rerun of this copy expects); and ROOT/sweep.args, the options that shape
 * how it runs but not its results (one argument a line).  What 'gaexp
 * resume ROOT' needs to go on, and 'gaexp sweep ROOT/sweep.cfg' to run it
 * again, whatever happens to the files it came from. */
static bool sweep_write_resume(struct sweep *w, const struct cli_options *o, const char *root)
{
    struct app_file copy, args;
    if (!app_file_open(&copy, root, "sweep.cfg"))
        return false;
    fprintf(copy.fp, "# The sweep as gaexp ran it: the sweep file with its @includes expanded, the\n"
                     "# command line's options applied (but --jobs) and its input files named absolutely.\n"
                     "# 'gaexp resume DIR' goes on with it in its folder DIR; 'gaexp sweep DIR/sweep.cfg\n"
                     "# --out DIR --force' runs it again.  The files it was read from, and its input\n"
                     "# files as the points read them (a rerun or resume refuses another content):\n");
    const char *path;
    uint64_t hash;
    enum ga_cfg_kind kind;
    static const char *const kinds[] = {GA_CFG_EXPERIMENT_LINE, GA_CFG_INCLUDE_LINE, GA_CFG_INPUT_LINE};
    for (size_t i = 0; ga_cfg_read_file(w->kept, i, &path, &hash, &kind); i++)
        fprintf(copy.fp, "%s %016llx %s\n", kinds[kind], (unsigned long long)hash, path);
    ga_cfg_write(w->kept, copy.fp);
    if (!app_file_open(&args, root, "sweep.args")) {
        app_file_abandon(&copy);
        return false;
    }
    if (o->jobs > 0)
        fprintf(args.fp, "--jobs\n%lld\n", o->jobs);
    struct app_file *const both[] = {&copy, &args};
    return app_file_commit_all(both, 2);
}

/* The figures of the points not drawn yet (all, unless runs side by side
 * drew them as they ended), then the sweep's own, in the same gnuplots. */
static bool sweep_figures(struct sweep *w, const struct cli_options *o, const char *root)
{
    sweep_gnuplots(w, o);
    bool ok = true;
    for (size_t p = 0; ok && p < w->points; p++)
        ok = sweep_point_figure(w, root, p);
    return ok && report_sweep(root, w->gnuplots, o->quiet);
}

static void sweep_free(struct sweep *w)
{
    config_destroy(&w->ranges);
    ga_cfg_free(w->kept);
    ga_cfg_free(w->base);
    free(w->plot);
    free(w->format);
}

/* The sweep of o into its folder: its points checked, the folder opened
 * (a --force over an old sweep builds the new one in a stage, published
 * whole at the end: cli/store/publish.h), the points run or gone on with, the
 * comparison and figures written. */
static int sweep_go(struct cli_options *o)
{
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct sweep w = {.base = ga_cfg_alloc(&diag)};
    config_init(&w.ranges);
    if (!w.base) {
        app_error("out of memory");
        return APP_FAILED;
    }
    char root[1024];
    /* The sweep file is read once; every point is a copy of it. */
    bool ok = ga_cfg_load(w.base, o->file) && cli_options_apply(o, w.base);
    /* The copy kept in ROOT holds what shapes the results, not --jobs or where it was written. */
    if (ok && (!(w.kept = ga_cfg_alloc(&diag)) || !ga_cfg_copy(w.kept, w.base, NULL)))
        ok = (ga_diag_add(&diag, o->file, 0, "sweep", "out of memory"), false);
    config_setting_t *output = ok ? config_setting_get_member(ga_cfg_root(w.kept), "output") : NULL;
    if (output && config_setting_is_group(output))
        config_setting_remove(output, "dir");
    ok = ok && cli_options_jobs(o, w.base) && sweep_read(&w);
    if (ok)
        sweep_root(w.base, o, root, sizeof root);
    if (ok && (!(w.plot = calloc(w.points, sizeof *w.plot)) || !(w.format = calloc(w.points, sizeof *w.format))))
        ok = (ga_diag_add(&diag, o->file, 0, "sweep", "out of memory"), false);
    ok = ok && sweep_check_points(&w, o, root, &diag);
    if (!ok) {
        app_print_diag(&diag);
        sweep_free(&w);
        return cli_options_failed(&diag);
    }
    /* One sweep per folder, locked until the sweep ends. */
    struct publish folder = {.lock = -1};
    enum publish_mode mode = o->staged ? PUBLISH_STAGED : o->resume ? PUBLISH_RESUME
                             : o->force ? PUBLISH_FORCE : PUBLISH_NEW;
    /* the longest path: the replicates kept beside the last point, in the stage a --force may use */
    char stage[1100], last[1200], deepest[1300];
    publish_stage_path(root, NAMES_SWEEP, stage, sizeof stage); /* fits: root has at most 1023 bytes */
    names_point_dir(mode == PUBLISH_FORCE || mode == PUBLISH_STAGED ? stage : root, w.points - 1, last, sizeof last);
    replicates_beside(last, deepest, sizeof deepest);
    int status = output_path_fits(deepest) ? publish_open(&folder, root, NAMES_SWEEP, mode) : APP_USAGE;
    const char *where = folder.where;
    w.named = root;
    w.staged = status == APP_OK && folder.staged;
    if (status == APP_OK) /* what a plug-in's crash leaves */
        cli_guard_keep_fixed(root, "%s keeps the points finished and the checkpoint of the one under way", where);
    if (status == APP_OK && (!sweep_write_index(&w, where) || (!o->resume && !sweep_write_resume(&w, o, where))))
        status = APP_FAILED;
    struct sweep_live live = {.on = !o->quiet && isatty(STDERR_FILENO), .points = w.points,
                              .started = app_now()};
    if (status == APP_OK)
        status = cli_mpi_workers() > 0 || cli_pool_chosen(o->parallel, o->jobs, w.runs, w.largest)
                     ? sweep_run_spread(&w, o, where, &live)
                     : sweep_run_here(&w, o, where, &live);
    if (status == APP_OK && !app_sync_dir(where)) { /* the points renamed into place (cli_run_write) */
        app_error("cannot write %s: %s", where, strerror(errno));
        status = APP_FAILED;
    }
    if (status == APP_OK) {
        sweep_progress(live.on, w.points, w.points, live.runs, live.started);
        status = sweep_figures(&w, o, where) ? APP_OK : APP_FAILED;
        /* every figure drawn before the sweep says it is done */
        char remedy[1200];
        snprintf(remedy, sizeof remedy, "the results are complete, 'gaexp resume %s' draws the figures again", root);
        if (!gnuplots_end(w.gnuplots, status == APP_OK ? remedy : NULL))
            status = APP_FAILED;
        w.gnuplots = NULL;
    }
    gnuplots_end(w.gnuplots, NULL);
    /* a --force's new sweep replaces the old one only now, whole */
    if (folder.lock >= 0 && !publish_close(&folder, status == APP_OK) && status == APP_OK)
        status = APP_FAILED;
    if (status == APP_OK && !o->quiet)
        printf("sweep: %zu points x %lu runs in %.1f s: %s/\n", w.points, live.runs / w.points,
               app_now() - live.started, root);
    if (status == APP_OK && !o->quiet && w.deferred)
        printf("sweep: the points' fitness figures are not drawn (runs this small cost less than their "
               "figures): 'gaexp plot %s' draws them, output.plot = true draws them in the sweep\n",
               root);
    sweep_free(&w);
    return status;
}

bool cli_resume_sweep(const char *root, long long jobs, bool quiet, int *status)
{
    /* A --force a kill interrupted goes on in its stage once its sweep.args is there. */
    char stage[1100], path[1200], *lines[520], *text = NULL;
    enum publish_stage state = publish_stage_state(root, NAMES_SWEEP);
    if (state == PUBLISH_STAGE_UNSTARTED) {
        app_error("%s: " PUBLISH_NEVER_STARTED "; run that sweep --force again", root);
        *status = APP_FAILED;
        return true;
    }
    bool staged = state == PUBLISH_STAGE_STARTED && publish_stage_path(root, NAMES_SWEEP, stage, sizeof stage);
    const char *from = staged ? stage : root;
    size_t count = 0, cap = 0;
    snprintf(path, sizeof path, "%s/sweep.args", from);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char *argv[540];
    size_t argc = 0;
    argv[argc++] = "sweep";
    snprintf(path, sizeof path, "%s/sweep.cfg", from);
    argv[argc++] = path;
    ssize_t len;
    while (count < 512 && (len = getline(&text, &cap, f)) > 0) {
        text[len - 1] = text[len - 1] == '\n' ? '\0' : text[len - 1];
        if (!(lines[count] = strdup(text)))
            break;
        argv[argc++] = lines[count++];
    }
    free(text);
    fclose(f);
    char jobs_text[32];
    snprintf(jobs_text, sizeof jobs_text, "%lld", jobs);
    argv[argc++] = "--out";
    argv[argc++] = (char *)root;
    argv[argc++] = "--resume";
    if (quiet)
        argv[argc++] = "--quiet";
    if (jobs > 0) {
        argv[argc++] = "--jobs";
        argv[argc++] = jobs_text;
    }
    argv[argc] = NULL;
    struct cli_options o;
    *status = cli_options_parse((int)argc, argv, "sweep", sweep_usage, true, &o);
    o.staged = staged;
    if (*status == APP_OK)
        *status = sweep_go(&o);
    for (size_t i = 0; i < count; i++)
        free(lines[i]);
    *status = *status < 0 ? APP_OK : *status;
    return true;
}

int cli_sweep(int argc, char **argv)
{
    struct cli_options o;
    int status = cli_options_parse(argc, argv, "sweep", sweep_usage, false, &o);
    if (status != APP_OK)
        return status < 0 ? APP_OK : status;
    return sweep_go(&o);
}
