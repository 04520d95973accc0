/* cli/store/output.c — output folders, files committed by rename, and the gnuplot figure. */
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
#include <sys/wait.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/store/names.h"
#include "cli/store/replicates.h"
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
 * (fd closed), or -1 when it holds none (fd kept). */
static int output_held_share(int fd, const struct stat *st)
{
    pthread_mutex_lock(&output_held_lock);
    struct output_held *h = output_held_find(st);
    int shared = h ? fcntl(h->fd, F_DUPFD_CLOEXEC, 0) : -1;
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

/* The most files one commit publishes: each has a run's name (cli/store/names.c). */
#define OUTPUT_PUBLISH_MAX 16

/* Whether name is one of a run's result files (cli/store/names.c): what --force
 * may replace, what a commit journal may name. */
static bool output_run_name(const char *name)
{
    const struct names_entry *e = names_find(NAMES_RUN, name);
    return e && e->role == NAMES_FILE && strcmp(e->pattern, name) == 0;
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

/* ---- the journaled commit of a run folder (doc/data-safety.md) ---------- */

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

/* ---- figures: drawn under a temporary name, checked whole, renamed ----- */

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

