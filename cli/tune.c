/* cli/tune.c — 'gaexp tune': irace tunes the settings an experiment file lists, gaexp its target runner. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/runner/plugin.h"
#include "cli/store/output.h"
#include "cli/store/output_settings.h"
#include "cli/store/publish.h"
#include "gaexp/cfg.h"
#include "gaexp/experiment.h"

#define TUNE_MAX_SETTINGS 16
#define TUNE_MAX_CHOICES 32
/* What a missing irace is told (also by run.sh, in single quotes: no '). */
#define TUNE_IRACE_MISSING                                                                      \
    "irace (the R package) is not installed, and gaexp installs nothing: on Debian, as root, " \
    "apt-get install r-cran-irace; elsewhere, in R, install.packages(\"irace\")"

static const char tune_usage[] =
    "Usage: gaexp tune FILE.cfg [--runs N] [--seed N] [--out DIR] [--force] [--quiet]\n"
    "Runs irace (R's iterated racing; Debian r-cran-irace: gaexp installs nothing)\n"
    "over the settings FILE.cfg lists in its 'tune' group, with gaexp as irace's\n"
    "target runner: one 'gaexp run' of one replicate per call, seeded by irace.\n"
    "\n"
    "  tune = {\n"
    "    runs = 500;                 # irace's budget: gaexp runs in all (--runs)\n"
    "    cost = \"evaluations\";       # or \"fitness\": the final best fitness\n"
    "    settings = (\n"
    "      { set = \"ga.mutation.rate\";  range = [0.0, 1.0]; },\n"
    "      { set = \"ga.population\";     range = [50, 2000]; },   # whole numbers\n"
    "      { set = \"ga.crossover.name\"; values = [\"lineswap\", \"common\"]; }\n"
    "    );\n"
    "  };\n"
    "\n"
    "Cost 'evaluations': the evaluations to a solution; a run that does not solve\n"
    "costs 10 times the evaluations it spent (irace minimises the mean cost).\n"
    "DIR (default results/<file name>-tune) receives elite-1.cfg, elite-2.cfg, ...\n"
    "(the elite configurations, best first, ready for 'gaexp run' or 'gaexp sweep'),\n"
    "tune.csv (their settings, mean cost and runs) and irace/ (irace's scenario,\n"
    "log and irace.Rdata).  --force replaces an earlier tuning in DIR whole: the\n"
    "new one is made beside it (DIR/.tune.new) and put in its place once complete;\n"
    "DIR's other files are kept.\n";

/* One tuned setting: a range of numbers or a list of choices. */
struct tune_setting {
    const char *path;
    bool integer, categorical;
    double low, high;
    const char *choice[TUNE_MAX_CHOICES];
    size_t choices;
    char name[64]; /* irace's parameter name: the path with '_' */
};

struct tune {
    struct tune_setting setting[TUNE_MAX_SETTINGS];
    size_t count;
    long long runs;
    const char *cost;
};

/* irace's name for a path: "ga.mutation.rate" -> "mutation_rate". */
static void tune_name(const char *path, char *buf, size_t size)
{
    if (strncmp(path, "ga.", 3) == 0)
        path += 3;
    snprintf(buf, size, "%s", path);
    for (char *c = buf; *c; c++)
        if (*c == '.')
            *c = '_';
}

/* Unknown keys of a group: a typo must not become a default silently. */
static bool tune_known(struct ga_cfg *cfg, config_setting_t *g, const char *const *keys, size_t n)
{
    bool ok = true;
    for (int i = 0; i < config_setting_length(g); i++) {
        config_setting_t *m = config_setting_get_elem(g, (unsigned)i);
        size_t k = 0;
        while (k < n && strcmp(config_setting_name(m), keys[k]) != 0)
            k++;
        if (k == n) {
            const char *hint = ga_diag_closest(config_setting_name(m), keys, n);
            ga_cfg_error(cfg, m, "unknown setting%s%s%s", hint ? " (did you mean '" : "", hint ? hint : "",
                         hint ? "'?)" : "");
            ok = false;
        }
    }
    return ok;
}

static bool tune_setting_read(struct ga_cfg *cfg, config_setting_t *g, struct tune_setting *s)
{
    static const char *const keys[] = {"set", "range", "values"};
    if (!config_setting_is_group(g)) {
        ga_cfg_error(cfg, g, "expected a group { set = \"PATH\"; range = [low, high]; } or { set; values }");
        return false;
    }
    if (!tune_known(cfg, g, keys, 3))
        return false;
    if (!ga_cfg_string(cfg, g, "set", "", &s->path))
        return false;
    if (!s->path[0]) {
        ga_cfg_error_at(cfg, g, "set", "missing: the dotted path of a setting, e.g. \"ga.mutation.rate\"");
        return false;
    }
    tune_name(s->path, s->name, sizeof s->name);
    config_setting_t *range = ga_cfg_lookup(cfg, g, "range"), *values = ga_cfg_lookup(cfg, g, "values");
    if (!range == !values) {
        ga_cfg_error(cfg, g, "expected either range = [low, high] or values = [...]");
        return false;
    }
    if (range) {
        int t0 = config_setting_type(config_setting_get_elem(range, 0));
        if (config_setting_length(range) != 2 || !config_setting_get_elem(range, 1) ||
            !(t0 == CONFIG_TYPE_INT || t0 == CONFIG_TYPE_INT64 || t0 == CONFIG_TYPE_FLOAT)) {
            ga_cfg_error(cfg, range, "expected [low, high], two numbers");
            return false;
        }
        s->integer = t0 != CONFIG_TYPE_FLOAT;
        s->low = config_setting_get_float_elem(range, 0);
        s->high = config_setting_get_float_elem(range, 1);
        if (s->integer) {
            s->low = (double)config_setting_get_int64_elem(range, 0);
            s->high = (double)config_setting_get_int64_elem(range, 1);
        }
        if (!(s->low < s->high)) {
            ga_cfg_error(cfg, range, "expected low < high");
            return false;
        }
        return true;
    }
    s->categorical = true;
    s->choices = (size_t)config_setting_length(values);
    if (s->choices < 2 || s->choices > TUNE_MAX_CHOICES) {
        ga_cfg_error(cfg, values, "expected 2 to %d values", TUNE_MAX_CHOICES);
        return false;
    }
    for (size_t i = 0; i < s->choices; i++) {
        s->choice[i] = config_setting_get_string_elem(values, (unsigned)i);
        if (!s->choice[i]) {
            ga_cfg_error(cfg, values, "expected strings (names); tune numbers with range = [low, high]");
            return false;
        }
    }
    return true;
}

/* The 'tune' group: read, then taken out of the configuration. */
static bool tune_read(struct ga_cfg *cfg, struct tune *t)
{
    config_setting_t *g = ga_cfg_lookup(cfg, ga_cfg_root(cfg), "tune");
    if (!g || !config_setting_is_group(g)) {
        ga_diag_add(ga_cfg_diag(cfg), ga_cfg_name(cfg), g ? (int)config_setting_source_line(g) : 0, "tune",
                    "missing: a group tune = { runs = N; settings = ( ... ); } (see 'gaexp tune --help')");
        return false;
    }
    static const char *const costs[] = {"evaluations", "fitness"}, *const keys[] = {"runs", "cost", "settings"};
    size_t cost = 0;
    bool ok = tune_known(cfg, g, keys, 3);
    ok &= ga_cfg_int(cfg, g, "runs", 500, 20, 100000000, &t->runs);
    ok &= ga_cfg_choice(cfg, g, "cost", costs, 2, 0, &cost);
    t->cost = costs[cost];
    config_setting_t *list = ga_cfg_lookup(cfg, g, "settings");
    if (!list || !config_setting_is_list(list) || config_setting_length(list) < 1 ||
        config_setting_length(list) > TUNE_MAX_SETTINGS) {
        ga_cfg_error_at(cfg, g, "settings", "expected a list ( {...}, ... ) of 1 to %d settings", TUNE_MAX_SETTINGS);
        return false;
    }
    t->count = (size_t)config_setting_length(list);
    for (size_t i = 0; i < t->count; i++)
        ok &= tune_setting_read(cfg, config_setting_get_elem(list, (unsigned)i), &t->setting[i]);
    return ok;
}

/* The experiment of c over the built-in catalogue, its output group read as a run reads it. */
static struct ga_experiment *tune_experiment(struct ga_cfg *c)
{
    struct output_settings settings;
    struct ga_experiment_reader output = output_settings_reader(&settings);
    return ga_experiment_alloc(c, cli_catalog(), 1, &output);
}

/* Loads FILE.cfg without its tune group, applies 'assignment' (may be NULL)
 * and reads it as an experiment: what every target run will do. */
static struct ga_cfg *tune_base(const char *file, const char *assignment, struct ga_diag *diag,
                                struct ga_experiment **e)
{
    struct ga_cfg *c = ga_cfg_alloc(diag);
    *e = NULL;
    if (!c || !ga_cfg_load(c, file)) {
        ga_cfg_free(c);
        return NULL;
    }
    config_setting_remove(ga_cfg_root(c), "tune");
    if ((assignment && !ga_cfg_override(c, assignment)) || !(*e = tune_experiment(c))) {
        ga_cfg_free(c);
        return NULL;
    }
    return c;
}

/* "ga.mutation.rate=0.25": a value of a setting as --set takes it. */
static void tune_assignment(const struct tune_setting *s, double v, const char *choice, char *buf, size_t size)
{
    if (choice)
        snprintf(buf, size, "%s=%s", s->path, choice);
    else if (s->integer)
        snprintf(buf, size, "%s=%.0f", s->path, v);
    else
        snprintf(buf, size, "%s=%.17g", s->path, v);
}

/* Every end of every range and every choice, each alone over the base: an
 * impossible value is refused now, with the file's line, not in irace's log. */
static bool tune_check(const char *file, const struct tune *t)
{
    bool ok = true;
    for (size_t i = 0; i < t->count; i++) {
        const struct tune_setting *s = &t->setting[i];
        size_t n = s->categorical ? s->choices : 2;
        for (size_t k = 0; k < n; k++) {
            char text[512];
            tune_assignment(s, k ? s->high : s->low, s->categorical ? s->choice[k] : NULL, text, sizeof text);
            struct ga_diag diag;
            ga_diag_clear(&diag);
            struct ga_experiment *e;
            struct ga_cfg *c = tune_base(file, text, &diag, &e);
            if (!c) {
                app_print_diag(&diag);
                app_error("%s: tune.settings[%zu]: %s is refused", file, i, text);
                ok = false;
            }
            ga_experiment_free(e);
            ga_cfg_free(c);
        }
    }
    return ok;
}

/* irace's files: the parameters, the instances (gaexp ignores them: runs
 * differ by irace's seed), the scenario and the target runner. */
static bool tune_write_irace(const char *dir, const struct tune *t, long long seed)
{
    struct app_file f;
    if (!app_file_open(&f, dir, "parameters.txt"))
        return false;
    fprintf(f.fp, "# parameters.txt — written by gaexp tune: name, --set switch, type, range or choices\n");
    for (size_t i = 0; i < t->count; i++) {
        const struct tune_setting *s = &t->setting[i];
        fprintf(f.fp, "%-24s \"--set %s=\" %s (", s->name, s->path, s->categorical ? "c" : s->integer ? "i" : "r");
        if (s->categorical)
            for (size_t k = 0; k < s->choices; k++)
                fprintf(f.fp, "%s\"%s\"", k ? ", " : "", s->choice[k]);
        else if (s->integer)
            fprintf(f.fp, "%.0f, %.0f", s->low, s->high);
        else
            fprintf(f.fp, "%.6g, %.6g", s->low, s->high);
        fprintf(f.fp, ")\n");
    }
    if (!app_file_commit(&f) || !app_file_open(&f, dir, "instances.txt"))
        return false;
    for (int i = 1; i <= 100; i++) /* irace pairs each with its own seed */
        fprintf(f.fp, "replicate-%03d\n", i);
    if (!app_file_commit(&f) || !app_file_open(&f, dir, "scenario.txt"))
        return false;
    fprintf(f.fp, "# scenario.txt — written by gaexp tune\n"
                  "parameterFile = \"parameters.txt\"\n"
                  "trainInstancesFile = \"instances.txt\"\n"
                  "targetRunner = \"./target-runner\"\n"
                  "execDir = \".\"\n"
                  "logFile = \"irace.Rdata\"\n"
                  "maxExperiments = %lld\n"
                  "seed = %lld\n"
                  "digits = 3\n"
                  "deterministic = 0\n"
                  "parallel = 0\n",
            t->runs, seed);
    if (!app_file_commit(&f) || !app_file_open(&f, dir, "target-runner"))
        return false;
    fprintf(f.fp,
            "#!/bin/sh\n"
            "# target-runner — written by gaexp tune: irace calls it with\n"
            "# CONFIGURATION INSTANCE_ID SEED INSTANCE [--set PATH=VALUE]...; it runs one replicate\n"
            "# of base.cfg with those settings and prints the cost: %s.\n"
            "seed=$3; shift 4\n"
            "dir=$(mktemp -d \"${TMPDIR:-/tmp}/gaexp-tune.XXXXXX\") || exit 1\n"
            "if ! \"$GAEXP\" run base.cfg --seed \"$seed\" --replicates 1 --quiet --force --out \"$dir\" \\\n"
            "     --set output.plot=false \"$@\" >\"$dir/log\" 2>&1; then\n"
            "  cat \"$dir/log\" >&2; rm -rf \"$dir\"; exit 1\n"
            "fi\n"
            "awk -F, 'NR == 2 { %s }' \"$dir/summary.csv\"\n"
            "rm -rf \"$dir\"\n",
            strcmp(t->cost, "fitness") == 0 ? "the final best fitness"
                                            : "evaluations to a solution, 10 times those spent when unsolved",
            strcmp(t->cost, "fitness") == 0 ? "print $4" : "print ($3 == 1 ? $6 : 10 * $6)");
    if (!app_file_commit(&f))
        return false;
    char path[2200];
    snprintf(path, sizeof path, "%s/target-runner", dir);
    if (chmod(path, 0755) != 0) {
        app_error("cannot make %s executable: %s", path, strerror(errno));
        return false;
    }
    if (!app_file_open(&f, dir, "run.sh"))
        return false;
    fprintf(f.fp,
            "#!/bin/sh\n"
            "# run.sh — written by gaexp tune: runs irace on scenario.txt, and writes its\n"
            "# final elites to elites.csv in irace's ranking.\n"
            "set -eu\n"
            "cd \"$(dirname \"$0\")\"\n"
            "Rscript -e 'library(irace)' >/dev/null 2>&1 || { echo 'gaexp: tune: " TUNE_IRACE_MISSING "' >&2; exit 1; }\n"
            "home=$(Rscript -e 'cat(system.file(package = \"irace\"))')\n"
            "\"$home/bin/irace\" --scenario scenario.txt > irace.log 2>&1 || { tail -20 irace.log >&2; exit 1; }\n"
            "Rscript -e 'suppressMessages(library(irace)); load(\"irace.Rdata\"); r <- iraceResults;\n"
            "  ids <- r$allElites[[length(r$allElites)]]; # the ranking, best first (getFinalElites sorts by id)\n"
            "  e <- r$allConfigurations[match(ids, r$allConfigurations$.ID.), , drop = FALSE];\n"
            "  x <- r$experiments[, as.character(e$.ID.), drop = FALSE];\n"
            "  e$mean_cost <- colMeans(x, na.rm = TRUE); e$runs <- colSums(!is.na(x)); e$.PARENT. <- NULL;\n"
            "  e$runs_total <- r$state$experimentsUsedSoFar;\n"
            "  write.csv(e, \"elites.csv\", row.names = FALSE, quote = FALSE)'\n");
    return app_file_commit(&f);
}

/* Whether R loads irace (Rscript on the PATH, the package installed). */
static bool tune_irace_found(void)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
        }
        execlp("Rscript", "Rscript", "-e", "library(irace)", (char *)NULL);
        _exit(127);
    }
    int status = 0;
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Runs run.sh in dir with GAEXP set; true when it succeeded. */
static bool tune_run_irace(const char *dir, const char *gaexp)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        setenv("GAEXP", gaexp, 1);
        if (chdir(dir) == 0)
            execlp("sh", "sh", "run.sh", (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        app_error("irace failed (see %s/irace.log)", dir);
        return false;
    }
    return true;
}

/* The elites of elites.csv (.ID.,<names>...,mean_cost,runs,runs_total) as
 * elite-K.cfg, resolved like config.cfg, and tune.csv; the table on stdout. */
static bool tune_elites(const char *out, const char *file, const struct tune *t, bool quiet)
{
    char path[2200], line[4096];
    snprintf(path, sizeof path, "%s/irace/elites.csv", out);
    FILE *in = fopen(path, "r");
    if (!in) {
        app_error("cannot read %s: %s", path, strerror(errno));
        return false;
    }
    struct app_file table;
    bool ok = fgets(line, sizeof line, in) != NULL && app_file_open(&table, out, "tune.csv");
    if (!ok) {
        fclose(in);
        return false;
    }
    fprintf(table.fp, "elite,irace_id");
    for (size_t i = 0; i < t->count; i++)
        fprintf(table.fp, ",%s", t->setting[i].path);
    fprintf(table.fp, ",mean_cost,runs,irace_runs\n");
    if (!quiet)
        printf("irace's elites (cost: %s%s), best first:\n", t->cost,
               strcmp(t->cost, "evaluations") == 0 ? " to a solution, 10 x spent when unsolved" : "");
    size_t k = 0;
    while (ok && fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *field[TUNE_MAX_SETTINGS + 4], *p = line;
        size_t n = 0;
        for (; p && n < t->count + 4; n++) {
            field[n] = p;
            p = strchr(p, ',');
            if (p)
                *p++ = '\0';
        }
        if (n != t->count + 4) {
            app_error("%s: a row of %zu fields, expected %zu", path, n, t->count + 4);
            ok = false;
            break;
        }
        struct ga_diag diag;
        ga_diag_clear(&diag);
        struct ga_experiment *e;
        struct ga_cfg *c = tune_base(file, NULL, &diag, &e);
        ga_experiment_free(e);
        for (size_t i = 0; c && i < t->count; i++) {
            char text[512];
            snprintf(text, sizeof text, "%s=%s", t->setting[i].path, field[1 + i]);
            if (!ga_cfg_override(c, text)) {
                ga_cfg_free(c);
                c = NULL;
            }
        }
        e = c ? tune_experiment(c) : NULL;
        app_print_diag(&diag);
        char name[64];
        snprintf(name, sizeof name, "elite-%zu.cfg", ++k);
        struct app_file cfg;
        ok = e && app_file_open(&cfg, out, name);
        if (ok) {
            fprintf(cfg.fp, "# %s — written by gaexp tune: irace's elite %zu (configuration %s) for %s,\n"
                            "# mean cost %s over %s runs.\n",
                    name, k, field[0], file, field[1 + t->count], field[2 + t->count]);
            ok = ga_cfg_write(c, cfg.fp) && app_file_commit(&cfg);
        }
        ga_experiment_free(e);
        ga_cfg_free(c);
        fprintf(table.fp, "%zu,%s", k, field[0]);
        if (!quiet)
            printf("  %s:", name);
        for (size_t i = 0; i <= t->count + 2; i++)
            fprintf(table.fp, ",%s", field[1 + i]);
        for (size_t i = 0; !quiet && i < t->count; i++)
            printf(" %s = %s", t->setting[i].path, field[1 + i]);
        if (!quiet)
            printf("; mean cost %s over %s runs\n", field[1 + t->count], field[2 + t->count]);
        fputc('\n', table.fp);
    }
    fclose(in);
    if (ok && k == 0) {
        app_error("%s: irace returned no elite", path);
        ok = false;
    }
    if (!ok) {
        app_file_abandon(&table);
        return false;
    }
    return app_file_commit(&table);
}

/* The gaexp that irace is to call: this very program. */
static void tune_self(const char *argv0, char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n > 0) {
        buf[n] = '\0';
        return;
    }
    snprintf(buf, size, "%s", argv0);
}

int cli_tune(int argc, char **argv)
{
    const char *file = NULL, *out = NULL;
    long long runs = 0, seed = 1;
    bool force = false, quiet = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(tune_usage, stdout);
            return APP_OK;
        } else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            if (!app_parse_long("--runs", argv[++i], 20, 100000000, &runs))
                return APP_USAGE;
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (!app_parse_long("--seed", argv[++i], 0, 2147483647, &seed))
                return APP_USAGE;
        } else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (strcmp(argv[i], "--force") == 0) {
            force = true;
        } else if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
        } else if (argv[i][0] != '-' && !file) {
            file = argv[i];
        } else {
            app_error("tune: unexpected '%s' (see 'gaexp tune --help')", argv[i]);
            return APP_USAGE;
        }
    }
    if (!file) {
        app_error("tune: expected one FILE.cfg (see 'gaexp tune --help')");
        return APP_USAGE;
    }
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    struct tune t = {0};
    bool ok = cfg && ga_cfg_load(cfg, file) && tune_read(cfg, &t);
    app_print_diag(&diag);
    if (ok && runs)
        t.runs = runs;
    ok = ok && tune_check(file, &t);
    struct ga_experiment *e = NULL;
    struct ga_cfg *base = ok ? tune_base(file, NULL, &diag, &e) : NULL;
    if (ok && !base)
        app_print_diag(&diag);
    if (base && !tune_irace_found()) { /* before any folder is made */
        app_error("tune: %s", TUNE_IRACE_MISSING);
        ga_experiment_free(e);
        e = NULL;
        ga_cfg_free(base);
        base = NULL;
    }
    char dir[1024], irace[1100], self[1024];
    if (base && out)
        snprintf(dir, sizeof dir, "%s", out);
    else if (base)
        output_settings_default_dir(file, "-tune", dir, sizeof dir);
    /* An older tuning is replaced whole: the new one is made beside it, then published. */
    struct publish folder = {.lock = -1};
    int status = base ? publish_open(&folder, dir, NAMES_TUNE, force ? PUBLISH_FORCE : PUBLISH_NEW) : APP_USAGE;
    if (status == APP_OK && snprintf(irace, sizeof irace, "%s/irace", folder.where) >= (int)sizeof irace) {
        app_error("%s/irace: path too long (at most %zu bytes)", folder.where, sizeof irace - 1);
        status = APP_USAGE;
    } else if (status == APP_OK) {
        status = output_prepare_dir(irace);
    }
    if (status != APP_OK && folder.lock >= 0)
        publish_close(&folder, false);
    if (status == APP_OK) {
        struct app_file f;
        bool written = app_file_open(&f, irace, "base.cfg");
        if (written) {
            fprintf(f.fp, "# base.cfg — written by gaexp tune: %s without its tune group, resolved;\n"
                          "# every target run is this file with irace's --set values.\n",
                    file);
            written = ga_cfg_write(base, f.fp) && app_file_commit(&f);
        }
        tune_self(argv[0], self, sizeof self);
        if (!quiet)
            printf("gaexp tune: irace over %zu setting%s, %lld runs of %s (log: %s/irace.log)\n", t.count,
                   t.count == 1 ? "" : "s", t.runs, file, irace);
        status = written && tune_write_irace(irace, &t, seed) && tune_run_irace(irace, self) &&
                         tune_elites(folder.where, file, &t, quiet)
                     ? APP_OK
                     : APP_FAILED;
        if (!publish_close(&folder, status == APP_OK))
            status = APP_FAILED;
        if (status == APP_OK && !quiet)
            printf("output: %s/ (elite-*.cfg, tune.csv, irace/)\n", dir);
    }
    ga_experiment_free(e);
    ga_cfg_free(base);
    ga_cfg_free(cfg);
    return status;
}
