/* cli/store/output.h — output folders: paths that fit, folders made and checked, locks, marked and
 * reopened files, folders written whole under a hidden name, removal, input files hashed. */
#ifndef GA_CLI_STORE_OUTPUT_H
#define GA_CLI_STORE_OUTPUT_H

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "app/file.h"

/* True when every file gaexp writes in 'dir' has a path within
 * APP_PATH_MAX and names within NAME_MAX; else false with a message:
 * long paths are refused, never cut. */
bool output_path_fits(const char *dir);

/* Makes 'dir' (and its parents) unless it is a folder already: APP_OK, or
 * APP_USAGE (a path too long, a file in the way) / APP_FAILED with a
 * message printed. */
int output_make_dir(const char *dir);

/* Makes 'dir' (and its parents) and checks, under its lock, that no other
 * process writes it and that none of a run's names in it is a symlink,
 * device, FIFO or folder: a folder gaexp writes inside the one a command
 * checked (cli/store/publish.h), a sweep's point, an export's data.  APP_OK, or
 * APP_USAGE / APP_FAILED with a message printed. */
int output_prepare_dir(const char *dir);

/* Makes every file of the file system fd is on durable (syncfs: since
 * Linux 5.8 it also reports a write-back error of any of them since fd
 * was opened; sync() where the C library has no syncfs); false, errno
 * set, when one failed. */
bool output_syncfs(int fd);

/* The exclusive lock of one writer per folder: flock on the folder itself,
 * dropped by the kernel when the process dies.  APP_OK with *lock the
 * descriptor to pass to output_unlock; APP_USAGE when another process
 * holds it, APP_FAILED on another failure (message printed, *lock -1). */
int output_lock(const char *dir, int *lock);
/* The same, 'busy' saying what to do when another process holds it. */
int output_lock_as(const char *dir, const char *busy, int *lock);
void output_unlock(int fd);

/* Files are written through app/file.h; a run's files also mark their
 * progress for checkpoints: */
/* Flushes and syncs f, and gives its length and the hash of its content
 * (read back incrementally); false with errno set on failure. */
bool output_mark(struct app_file *f, uint64_t *length, uint64_t *hash);
/* Reopens the temporary file of an interrupted run, checking that its
 * first 'length' bytes (what a checkpoint recorded) hash to 'hash'; false
 * (message printed) when it is missing, shorter, not a regular file or
 * different.  The file is not changed until output_cut. */
bool output_reopen(struct app_file *f, const char *dir, const char *name, uint64_t length, uint64_t hash);
/* Cuts a reopened file back to the checkpoint's length, to append to it. */
bool output_cut(struct app_file *f);

/* A folder written once, whole, before it appears (a point of a sweep
 * whose runs went side by side): its files go to the hidden folder
 * '.NAME.new' beside it (a leftover of a killed writer removed first),
 * are put in place there with no journal (output_stage_files), and
 * output_stage_close makes them durable with one syncfs and renames the
 * folder into place, so that NAME exists complete or not at all
 * (doc/data-safety.md).  The rename itself is made durable by the
 * caller's later fsync of the parent: until then a power loss only
 * takes the folder back to not written. */
struct output_stage {
    char path[APP_PATH_MAX]; /* the hidden folder */
    int fd;                     /* open on it from the start: syncfs reports any writeback error since */
};
bool output_stage_open(struct output_stage *st, const char *dir);
/* Closes the n files (written under their temporary names in the stage)
 * and gives each its final name; false (message printed) when one could
 * not be written whole. */
bool output_stage_files(struct app_file *const *files, size_t n);
/* Syncs the stage and renames it to 'dir' (which must not exist); false
 * (message printed) on failure, the stage then removed. */
bool output_stage_close(struct output_stage *st, const char *dir);
/* Removes the stage and what it holds (a write that failed). */
void output_stage_abandon(struct output_stage *st);
/* Removes a hidden stage folder a killed writer left ('.NAME.new'). */
void output_stage_remove(const char *path);
/* Opens the folder 'name' under the folder 'at' (a descriptor, or
 * AT_FDCWD) for reading, following no symbolic link; NULL with errno set. */
DIR *output_opendir(int at, const char *name);
/* Removes 'name' under the folder 'at' (a descriptor, or AT_FDCWD) with
 * all it holds, following no symbolic link (a link is removed, never what
 * it names): true when it is gone, else false with errno set. */
bool output_remove_tree(int at, const char *name);

/* Hashes the content of an input file (FNV-1a); false (message printed)
 * when it is not a regular file or cannot be read. */
bool output_hash_file(const char *path, uint64_t *hash);

#endif
