/* app/file.h — the program's one atomic writer: a file written under a
 * temporary name and renamed into place on commit, so that an interrupted
 * command never leaves a complete-looking file.  The temporary file is
 * always created new (O_EXCL | O_NOFOLLOW), and a final name that is not
 * a regular file (a symlink, device, FIFO, folder) is never replaced. */
#ifndef GA_APP_FILE_H
#define GA_APP_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The longest path gaexp writes or reads, with its NUL. */
#define APP_PATH_MAX 1024

struct app_file_io;
struct app_file {
    FILE *fp;                /* writes through io, which keeps the first error */
    int fd;                  /* the stream's descriptor (fsync, syncfs, hashing) */
    struct app_file_io *io;  /* owned by fp */
    char final_path[APP_PATH_MAX];
    char part_path[APP_PATH_MAX + 16];
    uint64_t hashed, hash;   /* a checkpointed file's progress (cli/store/output.h: output_mark) */
};

/* Copies "dir/name" ("name" when dir is empty) into buf; false (message
 * printed) when it does not fit or names a path the system cannot take,
 * never a cut path. */
bool app_path_join(char *buf, size_t size, const char *dir, const char *name);
/* Opens a result file gaexp wrote (summary.csv, curves.csv...) for
 * reading, as fopen does, but only a regular file reached without a
 * symbolic link (gaexp writes none: one planted could point anywhere, a
 * FIFO would hang the reader).  NULL with *why: strerror(errno), or what
 * the name is instead. */
FILE *app_result_open(const char *path, const char **why);
/* False (message printed) when dir/name exists as anything but a regular file. */
bool app_file_replaceable(const char *dir, const char *name);

/* Opens dir/name.part for writing; false after a message. */
bool app_file_open(struct app_file *f, const char *dir, const char *name);
/* The same for a path; "-" and "/dev/stdout" write to standard output
 * (commit then flushes it; abandon leaves it). */
bool app_file_open_path(struct app_file *f, const char *path);
/* Makes f's stream over the open descriptor fd (a file being resumed);
 * fd is closed with the stream, or here when none can be made (errno set). */
bool app_file_attach(struct app_file *f, int fd);
/* The errno of f's first failed write (ENOSPC, EFBIG, EIO...), else
 * errno, else EIO: what a message about f should name. */
int app_file_error(const struct app_file *f);
/* Flushes, syncs and renames; false (message printed, the temporary file
 * removed) on any write error. */
bool app_file_commit(struct app_file *f);
/* The same for n files together: all are renamed into place only when all
 * were written whole, else every temporary file is removed. */
bool app_file_commit_all(struct app_file *const *files, size_t n);
/* app_file_commit_all, the files synced ('sync') or only closed, for a
 * caller that syncs their folder's file system at once later. */
bool app_file_put_all(struct app_file *const *files, size_t n, bool sync);
/* Syncs ('sync') and closes every file without renaming any; false
 * (message printed) when one could not be written whole, every temporary
 * file then removed when 'drop'. */
bool app_file_sync_all(struct app_file *const *files, size_t n, bool drop, bool sync);
/* Closes and removes the temporary file. */
void app_file_abandon(struct app_file *f);
/* Closes the temporary file and keeps it (a checkpoint refers to it). */
void app_file_close(struct app_file *f);
/* fsync of the folder itself, so that renames in it are durable. */
bool app_sync_dir(const char *dir);

#endif
