/* problems/tool.c — what the problems' subcommands share: messages, option numbers, files written whole. */
#include "gaexp/tool.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

void ga_tool_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("gaexp: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void ga_tool_print_diag(const struct ga_diag *d)
{
    char line[2048];
    for (size_t i = 0; i < d->count; i++) {
        ga_diag_format(&d->entries[i], line, sizeof line);
        fprintf(stderr, "gaexp: %s\n", line);
    }
    if (d->dropped)
        fprintf(stderr, "gaexp: ... and %zu more\n", d->dropped);
}

bool ga_tool_parse_long(const char *option, const char *text, long long min, long long max,
                        long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end || v < min || v > max) {
        ga_tool_error("%s: expected an integer in [%lld, %lld], got '%s'", option, min, max, text);
        return false;
    }
    *out = v;
    return true;
}

bool ga_tool_parse_double(const char *option, const char *text, double min, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !(v >= min && v <= max)) {
        ga_tool_error("%s: expected a number in [%g, %g], got '%s'", option, min, max, text);
        return false;
    }
    *out = v;
    return true;
}

double ga_tool_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

bool ga_tool_is_stdout(const char *path)
{
    return strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0;
}

/* False (message printed) when PATH.part cannot be named: too long for the
 * system or for the buffers, or a name in it longer than NAME_MAX; never a
 * cut path. */
static bool tool_file_fits(const char *path)
{
    size_t length = strlen(path);
    if (length + 5 >= sizeof ((struct ga_tool_file *)0)->path || length + 5 >= PATH_MAX) {
        ga_tool_error("%s: path too long (at most %d bytes)", path,
                      (int)sizeof ((struct ga_tool_file *)0)->path - 6);
        return false;
    }
    for (const char *part = path; *part;) {
        size_t len = strcspn(part, "/");
        if (len + (part[len] ? 0 : 5) > NAME_MAX) {
            ga_tool_error("%s: a name in this path is longer than %d bytes", path, NAME_MAX - 5);
            return false;
        }
        part += len + (part[len] == '/');
    }
    return true;
}

bool ga_tool_file_open(struct ga_tool_file *f, const char *path)
{
    *f = (struct ga_tool_file){0};
    if (ga_tool_is_stdout(path)) {
        f->fp = stdout;
        return true;
    }
    if (!tool_file_fits(path))
        return false;
    snprintf(f->path, sizeof f->path, "%s", path);
    snprintf(f->part_path, sizeof f->part_path, "%s.part", f->path);
    /* Never replace a symlink, device, FIFO or folder, nor follow one planted at PATH.part. */
    struct stat st;
    if (lstat(f->path, &st) == 0 && !S_ISREG(st.st_mode)) {
        ga_tool_error("%s exists and is not a regular file; gaexp does not replace it", f->path);
        return false;
    }
    if (unlink(f->part_path) != 0 && errno != ENOENT) {
        ga_tool_error("cannot write %s: %s", f->part_path, strerror(errno));
        return false;
    }
    int fd = open(f->part_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    f->fp = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f->fp) {
        ga_tool_error("cannot write %s: %s", f->part_path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(f->part_path);
        }
    }
    return f->fp != NULL;
}

int ga_tool_sync_close(FILE *fp)
{
    errno = 0;
    bool ok = fflush(fp) == 0 && !ferror(fp) && fsync(fileno(fp)) == 0;
    int error = ok ? 0 : errno ? errno : EIO;
    if (fclose(fp) != 0 && !error)
        error = errno ? errno : EIO;
    return error;
}

bool ga_tool_file_commit(struct ga_tool_file *f)
{
    if (f->fp == stdout) {
        f->fp = NULL;
        if (fflush(stdout) == 0)
            return true;
        ga_tool_error("cannot write to standard output: %s", strerror(errno));
        return false;
    }
    int error = ga_tool_sync_close(f->fp);
    f->fp = NULL;
    if (!error && rename(f->part_path, f->path) != 0)
        error = errno;
    if (!error)
        return true;
    ga_tool_error("cannot write %s: %s", f->path, strerror(error));
    remove(f->part_path);
    return false;
}

void ga_tool_file_abandon(struct ga_tool_file *f)
{
    if (f->fp == stdout) {
        f->fp = NULL;
        return;
    }
    if (f->fp)
        fclose(f->fp);
    f->fp = NULL;
    remove(f->part_path);
}
