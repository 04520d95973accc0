/* app/file.c — files written whole: under a temporary name, renamed into place on commit. */
#define _GNU_SOURCE /* fopencookie, syncfs */
#include "config.h"

#include "app/file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/app.h"

bool app_path_join(char *buf, size_t size, const char *dir, const char *name)
{
    /* memcpy, not snprintf: a run joins some thirty paths, and the format's
     * parsing cost it more than its own CSV files. */
    size_t d = strlen(dir), slash = dir[0] && name[0], m = strlen(name), n = d + slash + m;
    if (n < size) {
        memcpy(buf, dir, d);
        buf[d] = '/';
        memcpy(buf + d + slash, name, m + 1);
    }
    if (n >= size || n >= PATH_MAX) {
        app_error("%s%s%s: path too long (at most %zu bytes)", dir, dir[0] && name[0] ? "/" : "", name,
                  (size < PATH_MAX ? size : PATH_MAX) - 1);
        return false;
    }
    for (const char *part = buf; *part;) {
        size_t len = strcspn(part, "/");
        if (len > NAME_MAX) {
            app_error("%s: a name in this path is longer than %d bytes", buf, NAME_MAX);
            return false;
        }
        part += len + (part[len] == '/');
    }
    return true;
}

bool app_file_replaceable(const char *dir, const char *name)
{
    char path[APP_PATH_MAX];
    struct stat st;
    if (!app_path_join(path, sizeof path, dir, name))
        return false;
    if (lstat(path, &st) != 0 || S_ISREG(st.st_mode))
        return true;
    app_error("%s exists and is not a regular file; gaexp does not replace it", path);
    return false;
}

/* A stream of gaexp's output files: stdio keeps no record of which errno
 * a failed write met (a commit, looking later, would only see ferror and
 * call a full disk an "Input/output error"), so the stream writes through
 * this cookie, which keeps the descriptor and the first error. */
struct app_file_io {
    int fd;
    int error; /* errno of the first failed write or seek; 0: none */
};

static ssize_t app_file_io_write(void *cookie, const char *buf, size_t n)
{
    struct app_file_io *io = cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(io->fd, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            io->error = io->error ? io->error : w < 0 ? errno : ENOSPC;
            break;
        }
        done += (size_t)w;
    }
    return (ssize_t)done; /* short: stdio sets the stream's error flag */
}

static int app_file_io_seek(void *cookie, off64_t *at, int whence)
{
    struct app_file_io *io = cookie;
    off_t to = lseek(io->fd, (off_t)*at, whence);
    if (to < 0) {
        io->error = io->error ? io->error : errno;
        return -1;
    }
    *at = to;
    return 0;
}

static int app_file_io_close(void *cookie)
{
    struct app_file_io *io = cookie;
    int status = close(io->fd);
    free(io);
    return status;
}

/* A write-only stream over fd that remembers its first error (f->io);
 * fd is closed with the stream, or here when none can be made. */
bool app_file_attach(struct app_file *f, int fd)
{
    static const cookie_io_functions_t calls = {
        .write = app_file_io_write, .seek = app_file_io_seek, .close = app_file_io_close};
    f->io = malloc(sizeof *f->io);
    f->fp = f->io ? fopencookie(f->io, "w", calls) : NULL;
    if (!f->fp) {
        int error = errno ? errno : ENOMEM;
        free(f->io);
        f->io = NULL;
        close(fd);
        errno = error;
        return false;
    }
    *f->io = (struct app_file_io){.fd = fd};
    f->fd = fd;
    return true;
}

int app_file_error(const struct app_file *f)
{
    return f->io && f->io->error ? f->io->error : errno ? errno : EIO;
}

/* Creates f->part_path fresh for writing: O_EXCL | O_NOFOLLOW make sure
 * that what is opened is a new regular file; an old file (or symlink, or
 * FIFO) under this temporary name is unlinked, then the create tried once
 * more (the unlink only then: a run's first create finds no old name). */
static bool app_file_create(struct app_file *f)
{
    const int flags = O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC; /* read back by output_mark */
    int fd = open(f->part_path, flags, 0666);
    if (fd < 0 && errno == EEXIST && unlink(f->part_path) == 0)
        fd = open(f->part_path, flags, 0666);
    return fd >= 0 && app_file_attach(f, fd);
}

bool app_file_open(struct app_file *f, const char *dir, const char *name)
{
    *f = (struct app_file){0};
    if (!app_path_join(f->final_path, sizeof f->final_path, dir, name))
        return false;
    snprintf(f->part_path, sizeof f->part_path, "%s.part", f->final_path);
    if (!app_file_replaceable(dir, name))
        return false;
    if (app_file_create(f))
        return true;
    app_error("cannot write %s: %s", f->part_path, strerror(errno));
    return false;
}

bool app_file_open_path(struct app_file *f, const char *path)
{
    if (app_is_stdout(path)) {
        *f = (struct app_file){.fp = stdout, .fd = STDOUT_FILENO};
        return true;
    }
    const char *slash = strrchr(path, '/');
    if (!slash)
        return app_file_open(f, "", path);
    char dir[APP_PATH_MAX];
    int n = snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    if (n < 0 || (size_t)n >= sizeof dir) {
        app_error("%s: path too long (at most %zu bytes)", path, sizeof dir - 1);
        return false;
    }
    return app_file_open(f, dir, slash + 1);
}

bool app_sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    bool ok = fd >= 0 && fsync(fd) == 0;
    if (fd >= 0)
        close(fd);
    return ok;
}

/* The length of the folder part of path ("DIR" of "DIR/NAME"). */
static int app_dir_length(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (int)(slash - path) : 1;
}

/* Flushes f's buffer: 0, or the errno its writes met. */
static int app_file_flush(struct app_file *f)
{
    errno = 0;
    return fflush(f->fp) == 0 && !ferror(f->fp) ? 0 : app_file_error(f);
}

/* Closes f (already flushed): 0, or the errno of the close. */
static int app_file_close_stream(struct app_file *f)
{
    int error = fclose(f->fp) == 0 ? 0 : errno ? errno : EIO;
    f->fp = NULL;
    f->io = NULL; /* freed with the stream */
    f->fd = -1;
    return error;
}

/* Flushes, fsyncs and closes f: 0, or the errno of the first failure. */
static int app_file_sync_close(struct app_file *f)
{
    int error = app_file_flush(f);
    if (!error && fsync(f->fd) != 0)
        error = errno;
    int closed = app_file_close_stream(f);
    return error ? error : closed;
}

#ifdef HAVE_SYNCFS
/* Makes several files of one folder durable at once ('sync'): flush each,
 * one syncfs (the folder's file system whole: one round of writes to the
 * disk instead of one a file), then close each; without 'sync', flush and
 * close only (a stage's one syncfs comes later).  syncfs goes through the
 * first file, opened before the others were written, so that any
 * writeback error since then is reported.  0, or the errno of the first
 * failure, with *failed the file (NULL: the syncfs of the lot). */
static int app_file_close_together(struct app_file *const *files, size_t n, bool sync,
                                 const struct app_file **failed)
{
    int error = 0;
    for (size_t i = 0; i < n && !error; i++)
        if ((error = app_file_flush(files[i])))
            *failed = files[i];
    if (sync && !error && syncfs(files[0]->fd) != 0)
        error = errno;
    for (size_t i = 0; i < n; i++) {
        int closed = app_file_close_stream(files[i]);
        if (closed && !error) {
            error = closed;
            *failed = files[i];
        }
    }
    return error;
}
#endif

/* Syncs and closes every file (several: one syncfs, where the system has
 * it; else each its own fsync), or only closes them when 'sync' is false
 * and the system has syncfs; false (message printed) when one could not be
 * written whole, every temporary file then removed when 'drop'. */
bool app_file_sync_all(struct app_file *const *files, size_t n, bool drop, bool sync)
{
    const struct app_file *failed = NULL;
    int error = 0;
#ifdef HAVE_SYNCFS
    if (n > 1 || !sync)
        error = app_file_close_together(files, n, sync, &failed);
    else
#endif
        for (size_t i = 0; i < n; i++) {
            int e = app_file_sync_close(files[i]);
            if (e && !error) {
                error = e;
                failed = files[i];
            }
        }
    if (!error)
        return true;
    if (failed)
        app_error("cannot write %s: %s", failed->final_path, strerror(error));
    else
        app_error("cannot write the files of %.*s: %s", app_dir_length(files[0]->final_path),
                  files[0]->final_path, strerror(error));
    for (size_t i = 0; drop && i < n; i++)
        remove(files[i]->part_path);
    return false;
}

/* app_file_commit_all, the files synced or not (app_file_sync_all). */
bool app_file_put_all(struct app_file *const *files, size_t n, bool sync)
{
    if (!app_file_sync_all(files, n, true, sync))
        return false;
    for (size_t i = 0; i < n; i++)
        if (rename(files[i]->part_path, files[i]->final_path) != 0) {
            app_error("cannot write %s: %s", files[i]->final_path, strerror(errno));
            for (size_t j = i; j < n; j++)
                remove(files[j]->part_path);
            return false;
        }
    return true;
}

bool app_file_commit_all(struct app_file *const *files, size_t n)
{
    return app_file_put_all(files, n, true);
}

bool app_file_commit(struct app_file *f)
{
    if (f->fp != stdout)
        return app_file_commit_all(&f, 1);
    f->fp = NULL;
    if (fflush(stdout) == 0)
        return true;
    app_error("cannot write to standard output: %s", strerror(errno));
    return false;
}

void app_file_abandon(struct app_file *f)
{
    if (f->fp == stdout) {
        f->fp = NULL;
        return;
    }
    if (f->fp)
        app_file_close_stream(f);
    remove(f->part_path);
}

void app_file_close(struct app_file *f)
{
    if (f->fp)
        app_file_close_stream(f);
}

FILE *app_result_open(const char *path, const char **why)
{
    /* O_NONBLOCK: a FIFO is refused, not waited on; cleared for the reads */
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    *why = NULL;
    if (fd < 0)
        *why = errno == ELOOP ? "a symbolic link: gaexp reads only the regular files it wrote" : strerror(errno);
    else if (fstat(fd, &st) != 0)
        *why = strerror(errno);
    else if (!S_ISREG(st.st_mode) && (errno = EINVAL))
        *why = S_ISDIR(st.st_mode) ? "a folder, not a file gaexp wrote"
                                   : "not a regular file (a FIFO, device or socket): gaexp reads only the files it wrote";
    FILE *f = *why ? NULL : (fcntl(fd, F_SETFL, 0), fdopen(fd, "r"));
    if (!f && !*why)
        *why = strerror(errno);
    if (!f && fd >= 0)
        close(fd);
    return f;
}
