/* cli/store/journal.c — the journaled commit of a run folder, and its roll forward after a kill (doc/data-safety.md). */
#include "config.h"

#include "cli/store/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/store/figure.h"
#include "cli/store/names.h"
#include "cli/store/output.h"
#include "cli/store/replicates.h"

/* The most files one commit publishes: each has a run's name (cli/store/names.c). */
#define OUTPUT_PUBLISH_MAX 16

/* Whether name is one of a run's result files (cli/store/names.c): what --force
 * may replace, what a commit journal may name. */
static bool output_run_name(const char *name)
{
    const struct names_entry *e = names_find(NAMES_RUN, name);
    return e && e->role == NAMES_FILE && strcmp(e->pattern, name) == 0;
}

/* The longest journal read back (a run's is about 230 bytes). */
#define OUTPUT_JOURNAL_MAX 4096

/* Steps 3 to 5 of the commit, from the journal text: false (message
 * printed) when the journal is malformed or a step fails; the journal then
 * stays, for 'gaexp resume' to try again. */
static bool output_roll_forward(const char *dir, char *journal, bool quiet)
{
    char path[APP_PATH_MAX], part[APP_PATH_MAX + 8];
    const char *figure[OUTPUT_FIGURES_MAX]; /* the figures "draw" lines name */
    size_t figures = 0;
    const char *why = strncmp(journal, "gaexp-commit 1\n", 15) == 0 ? NULL : "not a gaexp commit journal";
    for (int pass = 0; !why && pass < 2; pass++) { /* first check every line, then act */
        char *save = NULL, *copy = pass ? journal + 15 : strdup(journal + 15);
        if (!copy)
            return false;
        for (char *line = strtok_r(copy, "\n", &save); !why && line; line = strtok_r(NULL, "\n", &save)) {
            char *name = strchr(line, ' ');
            if (!name || !output_run_name(name + 1) || !app_path_join(path, sizeof path, dir, name + 1)) {
                why = "not a gaexp commit journal";
                break;
            }
            *name++ = '\0';
            snprintf(part, sizeof part, "%s.part", path);
            bool publish = strcmp(line, "publish") == 0, remove = strcmp(line, "remove") == 0;
            bool draw = strcmp(line, "draw") == 0;
            if (draw && pass)
                figure[figures++] = name;
            if ((!publish && !remove && !draw) || (draw && (!strchr(name, '.') || (!pass && ++figures > OUTPUT_FIGURES_MAX))))
                why = "not a gaexp commit journal";
            else if (pass && ((publish && rename(part, path) != 0) || (remove && unlink(path) != 0)) &&
                     errno != ENOENT) /* ENOENT: done before a kill */
                why = strerror(errno);
        }
        if (!pass)
            free(copy), figures = 0;
    }
    if (!why && app_path_join(path, sizeof path, dir, "replicates")) /* kept while the runs went side by side */
        replicates_drop_folder(path);
    if (why || !app_sync_dir(dir)) {
        app_error("cannot finish the commit of %s: %s", dir, why ? why : strerror(errno));
        return false;
    }
    /* A figure that could not be drawn keeps the journal: resume draws it again. */
    for (size_t i = 0; i < figures; i++) {
        const char *failure;
        char script[APP_PATH_MAX];
        snprintf(script, sizeof script, "%.*s.gp", (int)(strrchr(figure[i], '.') - figure[i]), figure[i]);
        if (output_draw(dir, script, figure[i], quiet, &failure) == OUTPUT_NOT_DRAWN) {
            app_error("cannot draw %s/%s: %s; the results are complete, 'gaexp resume %s' draws it again", dir,
                      figure[i], failure, dir);
            return false;
        }
    }
    app_path_join(path, sizeof path, dir, "commit");
    if (unlink(path) != 0 || !app_sync_dir(dir)) {
        app_error("cannot finish the commit of %s: %s ('gaexp resume %s' tries again)", dir,
                  strerror(errno), dir);
        return false;
    }
    return true;
}

/* Reads dir/commit into a string; NULL with *missing when there is none. */
static char *output_journal_read(const char *dir, bool *missing)
{
    char path[APP_PATH_MAX];
    *missing = false;
    if (!app_path_join(path, sizeof path, dir, "commit"))
        return NULL;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        *missing = errno == ENOENT;
        if (!*missing)
            app_error("cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    char *text = calloc(1, OUTPUT_JOURNAL_MAX);
    ssize_t got = text ? read(fd, text, OUTPUT_JOURNAL_MAX - 1) : -1;
    close(fd);
    if (got < 0) {
        app_error("cannot read %s: %s", path, text ? strerror(errno) : "out of memory");
        free(text);
        return NULL;
    }
    return text;
}

enum output_recovered output_recover(const char *dir, bool quiet)
{
    bool missing;
    char *journal = output_journal_read(dir, &missing);
    if (!journal)
        return missing ? OUTPUT_NO_JOURNAL : OUTPUT_RECOVERY_FAILED;
    bool ok = output_roll_forward(dir, journal, quiet);
    free(journal);
    return ok ? OUTPUT_RECOVERED : OUTPUT_RECOVERY_FAILED;
}

int output_lock_settled(const char *dir, bool quiet, int *status)
{
    int lock, locked = output_lock_as(dir, "wait for it to end", &lock); /* run and sweep locked it first, with their own word */
    if (locked != APP_OK) {
        *status = locked;
        return -1;
    }
    if (output_recover(dir, quiet) != OUTPUT_RECOVERY_FAILED)
        return lock;
    output_unlock(lock);
    *status = APP_FAILED;
    return -1;
}

/* Appends "WORD NAME\n" to the journal text at *at; false when it does not fit. */
static bool output_journal_line(char *text, size_t *at, const char *word, const char *name)
{
    int n = snprintf(text + *at, OUTPUT_JOURNAL_MAX - *at, "%s %s\n", word, name);
    if (n < 0 || (size_t)n >= OUTPUT_JOURNAL_MAX - *at)
        return false;
    *at += (size_t)n;
    return true;
}

enum output_published output_publish(const char *dir, struct app_file *const *files, size_t n,
                                     const char *const *figures, size_t nfigures, bool quiet)
{
    /* The journal is built here, written once, and rolled forward from this
     * copy: what the file holds, not read back. */
    char text[OUTPUT_JOURNAL_MAX] = "gaexp-commit 1\n";
    size_t at = strlen(text);
    bool fits = n <= OUTPUT_PUBLISH_MAX;
    for (size_t i = 0; fits && i < n; i++)
        fits &= output_journal_line(text, &at, "publish", strrchr(files[i]->final_path, '/') + 1);
    size_t count;
    const struct names_entry *names = names_list(NAMES_RUN, &count);
    for (size_t i = 0; i < count; i++) {
        bool published = names[i].role != NAMES_FILE;
        for (size_t j = 0; j < n; j++)
            published |= strcmp(strrchr(files[j]->final_path, '/') + 1, names[i].pattern) == 0;
        if (!published)
            fits &= output_journal_line(text, &at, "remove", names[i].pattern);
    }
    fits &= nfigures <= OUTPUT_FIGURES_MAX;
    for (size_t i = 0; fits && i < nfigures; i++)
        fits &= strchr(figures[i], '.') && output_journal_line(text, &at, "draw", figures[i]);
    /* The journal is written beside the files and made durable with them
     * (one syncfs), before its rename: the point of no return.  The folder
     * is synced before the roll forward, so no published file can reach
     * the disk ahead of the journal that decides it. */
    struct app_file journal;
    if (!fits || !app_file_open(&journal, dir, "commit")) {
        for (size_t i = 0; i < n; i++)
            app_file_close(files[i]);
        return OUTPUT_UNPUBLISHED;
    }
    fwrite(text, 1, at, journal.fp);
    struct app_file *all[OUTPUT_PUBLISH_MAX + 1];
    memcpy(all, files, n * sizeof *files);
    all[n] = &journal;
    if (!app_file_sync_all(all, n + 1, false, true)) {
        remove(journal.part_path);
        return OUTPUT_UNPUBLISHED;
    }
    if (rename(journal.part_path, journal.final_path) != 0) {
        app_error("cannot write %s: %s", journal.final_path, strerror(errno));
        remove(journal.part_path);
        return OUTPUT_UNPUBLISHED;
    }
    if (!app_sync_dir(dir)) {
        app_error("cannot write %s/commit: %s ('gaexp resume %s' tries again)", dir, strerror(errno), dir);
        return OUTPUT_KEPT;
    }
    return output_roll_forward(dir, text, quiet) ? OUTPUT_PUBLISHED : OUTPUT_KEPT;
}
