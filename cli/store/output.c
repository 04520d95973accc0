/* cli/store/output.c — output folders: paths that fit, folders made and checked, locks, marked and
 * reopened files, folders written whole under a hidden name, removal, input files hashed. */
#define _GNU_SOURCE /* syncfs, fopencookie, memmem */
#include "config.h"

#include "cli/store/output.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/store/names.h"
#include "gaexp/pack.h"

bool output_path_fits(const char *dir)
{
    char path[APP_PATH_MAX];
    /* the longest name gaexp writes in a folder: a sweep's "fixed-budget.png.part" */
    return app_path_join(path, sizeof path, dir, "fixed-budget.png.part");
}

static bool output_mkdirs(const char *dir)
{
    char path[APP_PATH_MAX];
    if (!app_path_join(path, sizeof path, dir, ""))
        return false;
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            app_error("cannot create %s: %s", path, strerror(errno));
            return false;
        }
        *p = '/';
    }
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        app_error("cannot create %s: %s", path, strerror(errno));
        return false;
    }
    return true;
}

/* The folders this process holds the lock of: a command that holds a
 * folder for its whole work (runs side by side) and the writer it calls
 * (which locks the folder it writes) share the lock, as dup'ed
 * descriptors of the one open file description flock belongs to. */
#define OUTPUT_HELD_MAX 64
static struct output_held {
    dev_t dev;
    ino_t ino;
    int fd;         /* the registry's own descriptor of the locked file description */
    unsigned users; /* descriptors handed out */
} output_held[OUTPUT_HELD_MAX];
static pthread_mutex_t output_held_lock = PTHREAD_MUTEX_INITIALIZER;

static struct output_held *output_held_find(const struct stat *st)
{
    for (size_t i = 0; i < OUTPUT_HELD_MAX; i++)
        if (output_held[i].users && output_held[i].dev == st->st_dev && output_held[i].ino == st->st_ino)
            return &output_held[i];
    return NULL;
}

/* A descriptor sharing this process's lock of the folder fd is open on
 * (fd closed), -1 when it holds none (fd kept), or -2 (errno set, fd kept)
 * when it holds one but cannot share it: out of descriptors, which a new
 * lock would take for another process's. */
static int output_held_share(int fd, const struct stat *st)
{
    pthread_mutex_lock(&output_held_lock);
    struct output_held *h = output_held_find(st);
    int shared = h ? fcntl(h->fd, F_DUPFD_CLOEXEC, 0) : -1;
    shared = h && shared < 0 ? -2 : shared;
    if (shared >= 0)
        h->users++;
    pthread_mutex_unlock(&output_held_lock);
    if (shared >= 0)
        close(fd);
    return shared;
}

/* Records the lock fd holds; false (errno set) when it cannot be shared. */
static bool output_held_add(int fd, const struct stat *st)
{
    bool added = false;
    errno = EMFILE; /* no free entry */
    pthread_mutex_lock(&output_held_lock);
    for (size_t i = 0; i < OUTPUT_HELD_MAX; i++)
        if (!output_held[i].users) {
            int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
            if ((added = own >= 0))
                output_held[i] = (struct output_held){st->st_dev, st->st_ino, own, 1};
            break;
        }
    pthread_mutex_unlock(&output_held_lock);
    return added;
}

/* The descriptor holding dir's lock; -2 when another process holds it,
 * -1 on another failure (message printed). */
static int output_lock_open(const char *dir, const char *busy)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        app_error("cannot open the output folder %s: %s", dir, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    int shared = output_held_share(fd, &st);
    if (shared >= 0)
        return shared;
    if (shared == -2) {
        app_error("cannot lock the output folder %s: %s", dir, strerror(errno));
        close(fd);
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
        if (output_held_add(fd, &st))
            return fd;
        app_error("cannot lock the output folder %s: %s", dir, strerror(errno));
        close(fd);
        return -1;
    }
    int error = errno;
    close(fd);
    if (error == EWOULDBLOCK)
        app_error("output folder '%s' is in use by another gaexp process; %s", dir, busy);
    else
        app_error("cannot lock the output folder %s: %s", dir, strerror(error));
    return error == EWOULDBLOCK ? -2 : -1;
}

int output_lock_as(const char *dir, const char *busy, int *lock)
{
    *lock = output_lock_open(dir, busy);
    int status = *lock >= 0 ? APP_OK : *lock == -2 ? APP_USAGE : APP_FAILED;
    *lock = *lock >= 0 ? *lock : -1;
    return status;
}

int output_lock(const char *dir, int *lock)
{
    return output_lock_as(dir, "wait for it to end or write elsewhere with --out DIR", lock);
}

void output_unlock(int fd)
{
    if (fd < 0)
        return;
    struct stat st;
    pthread_mutex_lock(&output_held_lock);
    struct output_held *h = fstat(fd, &st) == 0 ? output_held_find(&st) : NULL;
    if (h && --h->users == 0) {
        close(h->fd);
        *h = (struct output_held){0};
    }
    close(fd); /* the lock goes with the last descriptor: before another thread may look again */
    pthread_mutex_unlock(&output_held_lock);
}

int output_make_dir(const char *dir)
{
    struct stat st;
    if (!output_path_fits(dir))
        return APP_USAGE;
    bool exists = stat(dir, &st) == 0;
    if (exists && !S_ISDIR(st.st_mode)) {
        app_error("output folder '%s' exists and is not a folder", dir);
        return APP_USAGE;
    }
    return exists || output_mkdirs(dir) ? APP_OK : APP_FAILED;
}

int output_prepare_dir(const char *dir)
{
    int made = output_make_dir(dir);
    if (made != APP_OK)
        return made;
    int lock, status = output_lock(dir, &lock);
    if (status != APP_OK)
        return status;
    size_t n;
    const struct names_entry *names = names_list(NAMES_RUN, &n);
    for (size_t i = 0; status == APP_OK && i < n; i++)
        if (names[i].role == NAMES_FILE && !app_file_replaceable(dir, names[i].pattern))
            status = APP_USAGE;
    output_unlock(lock);
    return status;
}

/* Hashes bytes [from, to) of fd into *h; false on a read error or a short file. */
static bool output_hash_range(int fd, uint64_t from, uint64_t to, uint64_t *h)
{
    unsigned char buf[65536];
    while (from < to) {
        size_t want = to - from < sizeof buf ? (size_t)(to - from) : sizeof buf;
        ssize_t got = pread(fd, buf, want, (off_t)from);
        if (got <= 0)
            return false;
        *h = ga_pack_hash_more(*h, buf, (size_t)got);
        from += (uint64_t)got;
    }
    return true;
}

bool output_hash_file(const char *path, uint64_t *hash)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    *hash = GA_PACK_HASH_START;
    const char *why = fd < 0 ? strerror(errno)
                      : fstat(fd, &st) != 0 ? strerror(errno)
                      : !S_ISREG(st.st_mode) ? "not a regular file"
                      : !output_hash_range(fd, 0, (uint64_t)st.st_size, hash) ? "cannot read it whole"
                                                                               : NULL;
    if (fd >= 0)
        close(fd);
    if (why)
        app_error("cannot read the input file %s: %s", path, why);
    return !why;
}

bool output_mark(struct app_file *f, uint64_t *length, uint64_t *hash)
{
    long at;
    if (!f->hashed)
        f->hash = GA_PACK_HASH_START;
    errno = 0;
    if (fflush(f->fp) != 0 || ferror(f->fp)) {
        errno = app_file_error(f);
        return false;
    }
    if (fsync(f->fd) != 0 || (at = ftell(f->fp)) < 0 || (uint64_t)at < f->hashed ||
        !output_hash_range(f->fd, f->hashed, (uint64_t)at, &f->hash))
        return false;
    f->hashed = (uint64_t)at;
    *length = f->hashed;
    *hash = f->hash;
    return true;
}

bool output_reopen(struct app_file *f, const char *dir, const char *name, uint64_t length, uint64_t hash)
{
    *f = (struct app_file){0};
    if (!app_path_join(f->final_path, sizeof f->final_path, dir, name))
        return false;
    snprintf(f->part_path, sizeof f->part_path, "%s.part", f->final_path);
    struct stat st;
    int fd = open(f->part_path, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
    f->hash = GA_PACK_HASH_START;
    const char *why = fd < 0 ? strerror(errno)
                      : fstat(fd, &st) != 0 ? strerror(errno)
                      : !S_ISREG(st.st_mode) ? "not a regular file"
                      : (uint64_t)st.st_size < length ? "shorter than the checkpoint says"
                      : !output_hash_range(fd, 0, length, &f->hash) ? "cannot read it back"
                      : f->hash != hash ? "its content differs from what the checkpoint recorded "
                                          "(edited, or the checkpoint belongs to another run)"
                                        : NULL;
    if (!why) {
        bool streamed = app_file_attach(f, fd); /* closes fd when it fails */
        fd = -1;
        why = streamed ? NULL : strerror(errno);
    }
    if (!why) {
        f->hashed = length;
        return true;
    }
    app_error("cannot resume with %s: %s", f->part_path, why);
    if (fd >= 0)
        close(fd);
    return false;
}

bool output_cut(struct app_file *f)
{
    if (ftruncate(f->fd, (off_t)f->hashed) == 0 && fseek(f->fp, 0, SEEK_END) == 0)
        return true;
    app_error("cannot resume with %s: %s", f->part_path, strerror(errno));
    return false;
}

/* ---- a folder written whole under a hidden name (doc/data-safety.md) ---- */

/* The deepest folder gaexp writes below an output folder (an export's
 * staged pNNN/data_f.../) with room to spare: past it, a tree is not gaexp's. */
#define OUTPUT_TREE_DEPTH 8

DIR *output_opendir(int at, const char *name)
{
    int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d && fd >= 0) {
        int error = errno;
        close(fd);
        errno = error;
    }
    return d;
}

static bool output_remove_below(int at, const char *name, int depth)
{
    struct stat st;
    if (fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT;
    if (!S_ISDIR(st.st_mode)) /* a file, or a link: the link goes, never what it names */
        return unlinkat(at, name, 0) == 0 || errno == ENOENT;
    if (depth >= OUTPUT_TREE_DEPTH) {
        errno = ELOOP;
        return false;
    }
    DIR *d = output_opendir(at, name);
    if (!d)
        return false;
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            ok = output_remove_below(dirfd(d), e->d_name, depth + 1);
    int error = errno;
    closedir(d);
    errno = error;
    return ok && (unlinkat(at, name, AT_REMOVEDIR) == 0 || errno == ENOENT);
}

bool output_remove_tree(int at, const char *name)
{
    return output_remove_below(at, name, 0);
}

void output_stage_remove(const char *path)
{
    output_remove_tree(AT_FDCWD, path);
}

/* The hidden name of folder NAME's stage: ".NAME.new" (cli/store/names.c knows a point's: ".pNNN.new"). */
#define OUTPUT_STAGE_FORMAT "%.*s.%s.new"

bool output_stage_open(struct output_stage *st, const char *dir)
{
    st->fd = -1;
    const char *slash = strrchr(dir, '/');
    int parent = slash ? (int)(slash - dir) + 1 : 0;
    int n = snprintf(st->path, sizeof st->path, OUTPUT_STAGE_FORMAT, parent, dir, dir + parent);
    if (n < 0 || (size_t)n >= sizeof st->path) {
        app_error("cannot write %s: the path is too long", dir);
        return false;
    }
    output_stage_remove(st->path);
    if (mkdir(st->path, 0777) != 0 ||
        (st->fd = open(st->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
        app_error("cannot write %s: %s", st->path, strerror(errno));
        rmdir(st->path);
        return false;
    }
    return true;
}

bool output_syncfs(int fd)
{
#ifdef HAVE_SYNCFS
    return syncfs(fd) == 0;
#else
    (void)fd;
    sync();
    return true;
#endif
}

bool output_stage_files(struct app_file *const *files, size_t n)
{
#ifdef HAVE_SYNCFS
    return app_file_put_all(files, n, false); /* output_stage_close's syncfs makes them durable */
#else
    return app_file_put_all(files, n, true); /* each its own fsync; output_stage_close syncs the folder */
#endif
}

bool output_stage_close(struct output_stage *st, const char *dir)
{
#ifdef HAVE_SYNCFS
    bool ok = syncfs(st->fd) == 0;
#else
    bool ok = fsync(st->fd) == 0;
#endif
    ok = ok && rename(st->path, dir) == 0;
    if (!ok) {
        app_error("cannot write %s: %s", dir, strerror(errno));
        output_stage_abandon(st);
        return false;
    }
    close(st->fd);
    st->fd = -1;
    return true;
}

void output_stage_abandon(struct output_stage *st)
{
    if (st->fd >= 0)
        close(st->fd);
    st->fd = -1;
    output_stage_remove(st->path);
}
