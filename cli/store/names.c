/* cli/store/names.c — the names gaexp writes in each kind of folder, one table; a sweep's point folders, pNNN. */
#include "cli/store/names.h"

#include <stdio.h>
#include <string.h>

#include "app/app.h"

#define NAMES_FILE_OF(k, name) {k, name, NAMES_FILE, NAMES_NONE}
/* A figure of a folder of kind k: its script and the three formats it is drawn in. */
#define NAMES_FIGURE_OF(k, name)                                                                     \
    NAMES_FILE_OF(k, name ".gp"), NAMES_FILE_OF(k, name ".png"), NAMES_FILE_OF(k, name ".pdf"),      \
        NAMES_FILE_OF(k, name ".svg")
#define NAMES_FIGURE(name) NAMES_FIGURE_OF(NAMES_SWEEP, name)

/* Grouped by kind, in the order of enum names_kind.  A run's files come
 * in the order its commit journal names them. */
static const struct names_entry names_table[] = {
    NAMES_FILE_OF(NAMES_RUN, "config.cfg"),
    NAMES_FILE_OF(NAMES_RUN, "generations.csv"),
    NAMES_FILE_OF(NAMES_RUN, "summary.csv"),
    NAMES_FILE_OF(NAMES_RUN, "times.csv"),
    NAMES_FILE_OF(NAMES_RUN, "best.txt"),
    NAMES_FILE_OF(NAMES_RUN, "front.csv"), /* with several objectives or constraints */
    NAMES_FILE_OF(NAMES_RUN, "true-front.csv"), /* with a problem that knows its true front */
    NAMES_FILE_OF(NAMES_RUN, "curves.csv"),
    NAMES_FIGURE_OF(NAMES_RUN, "fitness"),
    NAMES_FIGURE_OF(NAMES_RUN, "front"),       /* with objectives, in place of fitness */
    NAMES_FIGURE_OF(NAMES_RUN, "hypervolume"), /* with objectives */
    NAMES_FILE_OF(NAMES_RUN, "checkpoint"),
    {NAMES_RUN, "commit", NAMES_JOURNAL, NAMES_NONE},
    {NAMES_RUN, "style.gp", NAMES_KEPT, NAMES_NONE},
    {NAMES_RUN, "replicates", NAMES_FOLDER, NAMES_REPLICATES},

    NAMES_FILE_OF(NAMES_SWEEP, "index.csv"),
    NAMES_FILE_OF(NAMES_SWEEP, "sweep.csv"),
    NAMES_FILE_OF(NAMES_SWEEP, "sweep.cfg"),
    NAMES_FILE_OF(NAMES_SWEEP, "sweep.args"),
    NAMES_FIGURE("curves"),
    NAMES_FIGURE("fixed-budget"),
    NAMES_FIGURE("ecdf"),
    NAMES_FIGURE("boxes"),
    NAMES_FIGURE("heatmap"),
    NAMES_FIGURE("success"),
    NAMES_FILE_OF(NAMES_SWEEP, "budget.dat"),
    NAMES_FILE_OF(NAMES_SWEEP, "ecdf.dat"),
    NAMES_FILE_OF(NAMES_SWEEP, "runs.dat"),
    NAMES_FILE_OF(NAMES_SWEEP, "heatmap.dat"),
    NAMES_FILE_OF(NAMES_SWEEP, "success.dat"),
    {NAMES_SWEEP, "style.gp", NAMES_KEPT, NAMES_NONE},
    {NAMES_SWEEP, "p###", NAMES_FOLDER, NAMES_RUN}, /* p001: at least three digits */
    {NAMES_SWEEP, ".p###.new", NAMES_STAGE, NAMES_RUN},
    {NAMES_SWEEP, ".p###.replicates", NAMES_STAGE, NAMES_REPLICATES},

    NAMES_FILE_OF(NAMES_EXPORT, "IOHprofiler_f#_*.json"),
    NAMES_FILE_OF(NAMES_EXPORT, "IOHprofiler_f#_*.info"),
    {NAMES_EXPORT, "data_f#_*", NAMES_FOLDER, NAMES_EXPORT_DATA},
    {NAMES_EXPORT, "p###", NAMES_FOLDER, NAMES_EXPORT_POINT},

    NAMES_FILE_OF(NAMES_TUNE, "elite-#.cfg"),
    NAMES_FILE_OF(NAMES_TUNE, "tune.csv"),
    {NAMES_TUNE, "irace", NAMES_FOLDER, NAMES_IRACE},

    NAMES_FILE_OF(NAMES_COMPARE, "ranking.csv"),
    NAMES_FILE_OF(NAMES_COMPARE, "pairwise.csv"),
    NAMES_FILE_OF(NAMES_COMPARE, "blocks.csv"),
    NAMES_FILE_OF(NAMES_COMPARE, "friedman.csv"),
    NAMES_FIGURE_OF(NAMES_COMPARE, "cd"),
    {NAMES_COMPARE, "style.gp", NAMES_KEPT, NAMES_NONE},

    NAMES_FILE_OF(NAMES_EXPORT_POINT, "IOHprofiler_f#_*.json"),
    NAMES_FILE_OF(NAMES_EXPORT_POINT, "IOHprofiler_f#_*.info"),
    {NAMES_EXPORT_POINT, "data_f#_*", NAMES_FOLDER, NAMES_EXPORT_DATA},

    NAMES_FILE_OF(NAMES_EXPORT_DATA, "IOHprofiler_f#_DIM#.dat"),

    /* what tune writes for irace, and what irace and run.sh write beside it */
    NAMES_FILE_OF(NAMES_IRACE, "base.cfg"),
    NAMES_FILE_OF(NAMES_IRACE, "parameters.txt"),
    NAMES_FILE_OF(NAMES_IRACE, "instances.txt"),
    NAMES_FILE_OF(NAMES_IRACE, "scenario.txt"),
    NAMES_FILE_OF(NAMES_IRACE, "target-runner"),
    NAMES_FILE_OF(NAMES_IRACE, "run.sh"),
    NAMES_FILE_OF(NAMES_IRACE, "irace.log"),
    NAMES_FILE_OF(NAMES_IRACE, "irace.Rdata"),
    NAMES_FILE_OF(NAMES_IRACE, "elites.csv"),

    NAMES_FILE_OF(NAMES_REPLICATES, "config"),
    NAMES_FILE_OF(NAMES_REPLICATES, "r#"),
    NAMES_FILE_OF(NAMES_REPLICATES, "r#.state"),
};
#define NAMES_COUNT (sizeof names_table / sizeof *names_table)

static bool names_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Whether name matches pattern: '#' one or more digits, '*' one or more characters. */
static bool names_match(const char *pattern, const char *name)
{
    if (*pattern == '#' || *pattern == '*') {
        bool digits = *pattern == '#';
        for (const char *rest = name; *rest && (!digits || names_digit(*rest));)
            if (names_match(pattern + 1, ++rest))
                return true;
        return false;
    }
    if (*pattern != *name)
        return false;
    return !*pattern || names_match(pattern + 1, name + 1);
}

const struct names_entry *names_list(enum names_kind k, size_t *n)
{
    size_t first = 0;
    while (first < NAMES_COUNT && names_table[first].kind != k)
        first++;
    *n = 0;
    while (first + *n < NAMES_COUNT && names_table[first + *n].kind == k)
        ++*n;
    return names_table + first;
}

const struct names_entry *names_find(enum names_kind k, const char *name)
{
    size_t n, len = strlen(name);
    const struct names_entry *e = names_list(k, &n);
    /* NAME.part, the temporary name of a file NAME */
    char bare[256];
    bool part = names_temporary(name) && len - 5 < sizeof bare;
    if (part)
        memcpy(bare, name, len - 5), bare[len - 5] = '\0';
    for (size_t i = 0; i < n; i++) {
        bool file = e[i].role == NAMES_FILE || e[i].role == NAMES_JOURNAL || e[i].role == NAMES_KEPT;
        if (names_match(e[i].pattern, name) || (file && part && names_match(e[i].pattern, bare)))
            return &e[i];
    }
    return NULL;
}

bool names_temporary(const char *name)
{
    size_t len = strlen(name);
    return len > 5 && strcmp(name + len - 5, ".part") == 0;
}

const char *names_what(enum names_kind k)
{
    static const char *const what[] = {
        [NAMES_RUN] = "a run's results",       [NAMES_SWEEP] = "a sweep",
        [NAMES_EXPORT] = "an export",           [NAMES_TUNE] = "a tuning",
        [NAMES_COMPARE] = "a comparison",
        [NAMES_EXPORT_POINT] = "an exported point", [NAMES_EXPORT_DATA] = "exported data",
        [NAMES_IRACE] = "irace's files",        [NAMES_REPLICATES] = "replicates kept",
        [NAMES_NONE] = "files",
    };
    return what[k];
}

void names_point_dir(const char *root, size_t p, char *dir, size_t size)
{
    snprintf(dir, size, "%s/" NAMES_POINT, root, p + 1);
}

bool names_point_named(const char *root, size_t line, const char *number, const char *dir, size_t point)
{
    char want[32], name[32];
    snprintf(want, sizeof want, "%zu", point);
    snprintf(name, sizeof name, NAMES_POINT, point);
    if (strcmp(number, want) == 0 && strcmp(dir, name) == 0)
        return true;
    app_error("%s/index.csv:%zu: expected point %s in folder %s, got '%s' in '%s'", root, line, want, name, number,
              dir);
    return false;
}
