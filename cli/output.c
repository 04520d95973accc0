/* cli/output.c — output folders, files committed by rename, and the gnuplot figure. */
#include "config.h"

#include "cli/output.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/figures.h"

static bool output_mkdirs(const char *dir)
{
    char path[1024];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        cli_error("%s: path too long", dir);
        return false;
    }
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            cli_error("cannot create %s: %s", path, strerror(errno));
            return false;
        }
        *p = '/';
    }
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        cli_error("cannot create %s: %s", path, strerror(errno));
        return false;
    }
    return true;
}

static bool output_is_empty(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return true;
    bool empty = true;
    for (struct dirent *e; empty && (e = readdir(d));)
        empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
    closedir(d);
    return empty;
}

bool output_prepare_dir(const char *dir, bool force)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            cli_error("output folder '%s' exists and is not a folder", dir);
            return false;
        }
        if (!force && !output_is_empty(dir)) {
            cli_error("output folder '%s' already holds files; pass --force to overwrite them "
                      "or --out DIR to write elsewhere", dir);
            return false;
        }
        return true;
    }
    return output_mkdirs(dir);
}

bool output_open(struct output_file *f, const char *dir, const char *name)
{
    snprintf(f->final_path, sizeof f->final_path, "%s/%s", dir, name);
    snprintf(f->part_path, sizeof f->part_path, "%s.part", f->final_path);
    f->fp = fopen(f->part_path, "w");
    if (!f->fp)
        cli_error("cannot write %s: %s", f->part_path, strerror(errno));
    return f->fp != NULL;
}

/* Flushes, syncs and closes f; 0, or the errno of the failure. */
static int output_sync(struct output_file *f)
{
    errno = 0;
    bool ok = fflush(f->fp) == 0 && !ferror(f->fp) && fsync(fileno(f->fp)) == 0;
    int error = ok ? 0 : errno ? errno : EIO;
    if (fclose(f->fp) != 0 && !error)
        error = errno ? errno : EIO;
    f->fp = NULL;
    return error;
}

bool output_commit_all(struct output_file *const *files, size_t n)
{
    const struct output_file *failed = NULL;
    int error = 0;
    for (size_t i = 0; i < n; i++) {
        int e = output_sync(files[i]);
        if (e && !failed) {
            failed = files[i];
            error = e;
        }
    }
    for (size_t i = 0; !failed && i < n; i++)
        if (rename(files[i]->part_path, files[i]->final_path) != 0) {
            failed = files[i];
            error = errno;
        }
    if (!failed)
        return true;
    cli_error("cannot write %s: %s", failed->final_path, strerror(error));
    for (size_t i = 0; i < n; i++)
        remove(files[i]->part_path);
    return false;
}

bool output_reopen(struct output_file *f, const char *dir, const char *name, uint64_t length)
{
    snprintf(f->final_path, sizeof f->final_path, "%s/%s", dir, name);
    snprintf(f->part_path, sizeof f->part_path, "%s.part", f->final_path);
    struct stat st;
    f->fp = fopen(f->part_path, "r+");
    const char *why = !f->fp ? strerror(errno)
                      : fstat(fileno(f->fp), &st) != 0 ? strerror(errno)
                      : (uint64_t)st.st_size < length ? "shorter than the checkpoint says"
                      : ftruncate(fileno(f->fp), (off_t)length) != 0 || fseek(f->fp, 0, SEEK_END) != 0
                          ? strerror(errno)
                          : NULL;
    if (!why)
        return true;
    cli_error("cannot resume with %s: %s", f->part_path, why);
    if (f->fp)
        fclose(f->fp);
    f->fp = NULL;
    return false;
}

bool output_commit(struct output_file *f)
{
    return output_commit_all(&f, 1);
}

void output_abandon(struct output_file *f)
{
    if (f->fp)
        fclose(f->fp);
    f->fp = NULL;
    remove(f->part_path);
}

/* $GNUPLOT when set (empty: none), else the gnuplot found at configure
 * time, else the one on PATH, else NULL. */
static const char *output_gnuplot(void)
{
    const char *chosen = getenv("GNUPLOT");
    if (chosen)
        return chosen[0] && access(chosen, X_OK) == 0 ? chosen : NULL;
    if (GA_GNUPLOT[0] == '/' && access(GA_GNUPLOT, X_OK) == 0)
        return GA_GNUPLOT;
    const char *path = getenv("PATH");
    static const char name[] = "gnuplot";
    while (path && *path) {
        const char *end = strchr(path, ':');
        size_t len = end ? (size_t)(end - path) : strlen(path);
        char candidate[1024];
        snprintf(candidate, sizeof candidate, "%.*s/%s", (int)len, path, name);
        if (len && access(candidate, X_OK) == 0)
            return name;
        path = end ? end + 1 : NULL;
    }
    return NULL;
}

void output_draw(const char *dir, const char *script, const char *figure, bool quiet)
{
    const char *gnuplot = output_gnuplot();
    if (!gnuplot) {
        if (!quiet)
            fprintf(stderr, "gaexp: notice: gnuplot is not installed: %s not drawn "
                            "(the CSV files and %s are complete)\n", figure, script);
        return;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        if (chdir(dir) == 0)
            execlp(gnuplot, "gnuplot", script, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        cli_error("gnuplot failed to draw %s/%s", dir, figure);
}

bool output_script(const char *dir, const char *name, const char *text)
{
    struct output_file script;
    if (!output_open(&script, dir, name))
        return false;
    fputs(text, script.fp);
    return output_commit(&script);
}

void output_plot(const char *dir, bool quiet)
{
    figures_fitness(dir, quiet); /* cli/figures.c: the figure scripts live together */
}
