/* cli/store/figure.c — a figure put into a folder: one gnuplot run, the file checked whole and renamed into place. */
#define _GNU_SOURCE /* memmem */
#include "config.h"

#include "cli/store/figure.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/app.h"
#include "app/file.h"

/* $GNUPLOT when set (empty: none), else the gnuplot found at configure
 * time, else the one on PATH, else NULL. */
const char *output_gnuplot(void)
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

/* Whether the bytes at the start (head) and the end (tail) of a figure are
 * those of a whole file of its format: a PNG ends with its IEND chunk, a
 * PDF with %%EOF, an SVG with </svg>.  gnuplot's cairo terminals report
 * nothing when the disk fills: a truncated file is found only so. */
static const char *output_figure_format_why(const char *name, const unsigned char *head, size_t nhead,
                                            const unsigned char *tail, size_t ntail)
{
    static const unsigned char png_head[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    static const unsigned char png_tail[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    const char *dot = strrchr(name, '.');
    const char *ext = dot ? dot + 1 : "";
    bool whole;
    if (strcmp(ext, "png") == 0)
        whole = nhead >= 8 && memcmp(head, png_head, 8) == 0 && ntail >= 12 &&
                memcmp(tail + ntail - 12, png_tail, 12) == 0;
    else if (strcmp(ext, "pdf") == 0)
        whole = nhead >= 5 && memcmp(head, "%PDF-", 5) == 0 && memmem(tail, ntail, "%%EOF", 5);
    else if (strcmp(ext, "svg") == 0)
        whole = memmem(head, nhead, "<svg", 4) && memmem(tail, ntail, "</svg>", 6);
    else /* gaexp draws no other format */
        whole = false;
    return whole ? NULL : nhead == 0 ? "the file is empty" : "the file is cut short";
}

/* NULL when the file at path is a whole figure of the format that
 * figure's name ends with, else why not. */
static const char *output_figure_why(const char *path, const char *figure)
{
    unsigned char head[512], tail[1024];
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return errno == ENOENT ? "gnuplot did not write it" : strerror(errno);
    ssize_t nhead = -1, ntail = -1;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        nhead = pread(fd, head, sizeof head, 0);
        off_t from = st.st_size > (off_t)sizeof tail ? st.st_size - (off_t)sizeof tail : 0;
        ntail = pread(fd, tail, sizeof tail, from);
    }
    close(fd);
    if (nhead < 0 || ntail < 0)
        return "not a regular file, or unreadable";
    return output_figure_format_why(figure, head, (size_t)nhead, tail, (size_t)ntail);
}

const char *output_figure_settle(const char *dir, const char *figure, bool sync)
{
    char path[APP_PATH_MAX], part[APP_PATH_MAX + 8];
    if (!app_path_join(path, sizeof path, dir, figure))
        return "the path is too long";
    snprintf(part, sizeof part, "%s.part", path);
    const char *why = output_figure_why(part, figure);
    if (!why && sync) {
        int fd = open(part, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        why = fd < 0 || fsync(fd) != 0 ? strerror(errno) : NULL;
        if (fd >= 0)
            close(fd);
    }
    if (!why && rename(part, path) != 0)
        why = strerror(errno);
    if (why)
        unlink(part);
    return why;
}

void output_figure_unlink_part(const char *dir, const char *figure)
{
    char path[APP_PATH_MAX + 8];
    if (snprintf(path, sizeof path, "%s/%s.part", dir, figure) < (int)sizeof path)
        unlink(path); /* a symlink planted there is removed, never written through */
}

enum output_drawn output_draw(const char *dir, const char *script, const char *figure, bool quiet,
                              const char **failure)
{
    const char *gnuplot = output_gnuplot();
    if (!gnuplot) {
        if (!quiet)
            fprintf(stderr, "gaexp: notice: gnuplot is not installed: %s not drawn "
                            "(the CSV files and %s are complete)\n", figure, script);
        return OUTPUT_NO_GNUPLOT;
    }
    char define[APP_PATH_MAX + 64];
    snprintf(define, sizeof define, OUTPUT_FIGURE_VARIABLE " = '%s.part'", figure);
    output_figure_unlink_part(dir, figure);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        if (chdir(dir) == 0)
            execlp(gnuplot, "gnuplot", "-e", define, script, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    const char *why = NULL;
    if (pid < 0 || waitpid(pid, &status, 0) < 0)
        why = strerror(errno);
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        why = "gnuplot failed";
    if (!why)
        why = output_figure_settle(dir, figure, true);
    else
        output_figure_unlink_part(dir, figure);
    *failure = why;
    return why ? OUTPUT_NOT_DRAWN : OUTPUT_DRAWN;
}

bool output_script(const char *dir, const char *name, const char *text)
{
    struct app_file script;
    if (!app_file_open(&script, dir, name))
        return false;
    fputs(text, script.fp);
    return app_file_commit(&script);
}
