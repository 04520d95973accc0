/* problems/tool.c — what the problems' subcommands share: messages, option numbers, files written whole. */
#include "gaexp/tool.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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

bool ga_tool_file_open(struct ga_tool_file *f, const char *path)
{
    snprintf(f->path, sizeof f->path, "%s", path);
    snprintf(f->part_path, sizeof f->part_path, "%s.part", f->path);
    f->fp = fopen(f->part_path, "w");
    if (!f->fp)
        ga_tool_error("cannot write %s: %s", f->part_path, strerror(errno));
    return f->fp != NULL;
}

bool ga_tool_file_commit(struct ga_tool_file *f)
{
    errno = 0;
    bool ok = fflush(f->fp) == 0 && !ferror(f->fp) && fsync(fileno(f->fp)) == 0;
    int error = ok ? 0 : errno ? errno : EIO;
    if (fclose(f->fp) != 0 && !error)
        error = errno ? errno : EIO;
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
    if (f->fp)
        fclose(f->fp);
    f->fp = NULL;
    remove(f->part_path);
}
