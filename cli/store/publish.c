/* cli/store/publish.c — a folder's result replaced whole: what the folder holds checked, the new
 * result staged beside the old one, then published by a journal (doc/data-safety.md). */
#define _GNU_SOURCE /* syncfs, open_memstream */
#include "config.h"

#include "app/app.h"
#include "cli/store/output.h"
#include "cli/store/publish.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* How the folder of each command is replaced, by its kind. */
static const struct publish_kind {
    const char *word;      /* the command, the journal's word and the stage's name (".sweep.new") */
    const char *elsewhere; /* how to write elsewhere instead */
    bool stages;           /* replaced through a stage and a journal (a run: through its commit journal) */
    bool keeps;            /* a stage not published is kept: a sweep's to go on with ('gaexp resume'),
                            * a tuning's for its irace.log, which says why irace failed */
    const char *recorded;  /* the file a stage to go on with holds once the command recorded itself */
} publish_kinds[NAMES_COMMANDS] = {
    [NAMES_RUN] = {"run", "write elsewhere with --out DIR", false, false, NULL},
    [NAMES_SWEEP] = {"sweep", "write elsewhere with --out DIR", true, true, "sweep.args"},
    [NAMES_EXPORT] = {"export", "name another OUT", true, false, NULL},
    [NAMES_TUNE] = {"tune", "write elsewhere with --out DIR", true, true, NULL},
    [NAMES_COMPARE] = {"compare", "write elsewhere with --out DIR", true, false, NULL},
};

#define PUBLISH_JOURNAL "publish"
#define PUBLISH_MAGIC "gaexp-publish 1 "
/* The longest journal read back: a line for each of 100,000 points, new and old, fits many times. */
#define PUBLISH_JOURNAL_MAX (64L << 20)

/* The hidden folder ".WORD.new" (the stage) or ".WORD.old" (the trash) of kind k, into buf. */
static void publish_hidden(enum names_kind k, const char *suffix, char *buf, size_t size)
{
    snprintf(buf, size, ".%s.%s", publish_kinds[k].word, suffix);
}

bool publish_stage_path(const char *dir, enum names_kind k, char *buf, size_t size)
{
    char name[32];
    publish_hidden(k, "new", name, sizeof name);
    int n = snprintf(buf, size, "%s/%s", dir, name);
    return n >= 0 && (size_t)n < size;
}

enum publish_stage publish_stage_state(const char *dir, enum names_kind kind)
{
    char stage[APP_PATH_MAX], recorded[APP_PATH_MAX + 32];
    struct stat st;
    if (!publish_kinds[kind].recorded || !publish_stage_path(dir, kind, stage, sizeof stage) ||
        lstat(stage, &st) != 0 || !S_ISDIR(st.st_mode))
        return PUBLISH_STAGE_NONE;
    snprintf(recorded, sizeof recorded, "%s/%s", stage, publish_kinds[kind].recorded);
    return access(recorded, F_OK) == 0 ? PUBLISH_STAGE_STARTED : PUBLISH_STAGE_UNSTARTED;
}

/* The kind whose stage or trash 'name' is, else NAMES_NONE.  Compared
 * in place: every entry of a folder comes here, and formatting each
 * kind's two names for it cost a small run more than its own files. */
static enum names_kind publish_hidden_kind(const char *name)
{
    if (name[0] != '.')
        return NAMES_NONE;
    for (int k = 0; k < NAMES_COMMANDS; k++) {
        size_t len = strlen(publish_kinds[k].word);
        const char *rest = name + 1 + len;
        if (publish_kinds[k].stages && strncmp(name + 1, publish_kinds[k].word, len) == 0 && rest[0] == '.' &&
            (strcmp(rest + 1, "new") == 0 || strcmp(rest + 1, "old") == 0))
            return k;
    }
    return NAMES_NONE;
}

static bool publish_dot(const char *name)
{
    return strcmp(name, ".") == 0 || strcmp(name, "..") == 0;
}

/* Whether the folder 'name' under 'at' is empty or holds a name of kind 'inner'. */
static bool publish_holds(int at, const char *name, enum names_kind inner)
{
    DIR *d = output_opendir(at, name);
    bool empty = true, holds = false;
    for (struct dirent *e; d && !holds && (e = readdir(d));)
        if (!publish_dot(e->d_name)) {
            empty = false;
            holds = names_find(inner, e->d_name) != NULL;
        }
    if (d)
        closedir(d);
    return d && (empty || holds);
}

/* The command kind an entry is of (NAMES_NONE: the user's): the kind its
 * name is gaexp's in, 'like' first; for a folder named alike in two kinds
 * (pNNN), the one whose names it holds. */
static enum names_kind publish_owner(int at, const char *name, enum names_kind like)
{
    enum names_kind named = publish_hidden_kind(name);
    if (named != NAMES_NONE)
        return named;
    for (int i = 0; i <= NAMES_COMMANDS; i++) {
        enum names_kind k = i == 0 ? like : (enum names_kind)(i - 1);
        const struct names_entry *e = names_find(k, name);
        if (!e || e->role == NAMES_KEPT) /* a kept file (style.gp) is the user's once written */
            continue;
        if ((e->role != NAMES_FOLDER && e->role != NAMES_STAGE) || publish_holds(at, name, e->inner))
            return k;
        if (named == NAMES_NONE) /* a folder holding none of k's names: k's, its content refused */
            named = k;
    }
    return named;
}

static int publish_check_entry(int at, const char *path, const char *name, const struct names_entry *e);

/* What a file of this mode is, for messages. */
static const char *publish_type(mode_t mode)
{
    return S_ISLNK(mode)    ? "a symbolic link"
           : S_ISDIR(mode)  ? "a folder"
           : S_ISFIFO(mode) ? "a FIFO"
           : S_ISREG(mode)  ? "a regular file"
           : S_ISSOCK(mode) ? "a socket"
                            : "a device";
}

/* Every name in the folder path/name (of kind 'inner') is one gaexp writes
 * there and of its type: else refused, naming it (--force would remove it). */
static int publish_check_inside(int at, const char *path, const char *name, enum names_kind inner)
{
    char sub[APP_PATH_MAX];
    if (snprintf(sub, sizeof sub, "%s/%s", path, name) >= (int)sizeof sub) {
        app_error("%s/%s: path too long (at most %zu bytes)", path, name, sizeof sub - 1);
        return APP_USAGE;
    }
    DIR *d = output_opendir(at, name);
    if (!d) {
        app_error("cannot read %s: %s", sub, strerror(errno));
        return APP_FAILED;
    }
    int status = APP_OK;
    for (struct dirent *e; status == APP_OK && (e = readdir(d));) {
        if (publish_dot(e->d_name))
            continue;
        const struct names_entry *f = names_find(inner, e->d_name);
        if (f)
            status = publish_check_entry(dirfd(d), sub, e->d_name, f);
        else {
            app_error("%s/%s was not written by gaexp, and replacing %s would remove it: "
                      "move it elsewhere first", sub, e->d_name, sub);
            status = APP_USAGE;
        }
    }
    closedir(d);
    return status;
}

/* An entry of gaexp's naming is of its type: a file a regular file, a
 * folder a folder (never a symbolic link, FIFO or device), holding only
 * gaexp's names (a stage or trash of the publication: anything).  A
 * temporary NAME.part may be anything but a folder: gaexp unlinks it
 * before it creates one, and never opens an old one. */
static int publish_check_entry(int at, const char *path, const char *name, const struct names_entry *e)
{
    struct stat st;
    if (fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
        app_error("cannot read %s/%s: %s", path, name, strerror(errno));
        return APP_FAILED;
    }
    bool folder = !e || e->role == NAMES_FOLDER || e->role == NAMES_STAGE;
    bool temporary = !folder && names_temporary(name) && strcmp(name, e->pattern) != 0;
    if (folder && S_ISDIR(st.st_mode))
        return e ? publish_check_inside(at, path, name, e->inner) : APP_OK;
    if (!folder && (S_ISREG(st.st_mode) || (temporary && !S_ISDIR(st.st_mode))))
        return APP_OK;
    app_error("%s/%s is %s, not a %s: gaexp neither follows nor replaces it; move or remove it first", path, name,
              publish_type(st.st_mode), folder ? "folder" : "regular file");
    return APP_USAGE;
}

/* Checks what p->dir holds for its command: APP_OK with *holds (a result
 * of the kind is there) and *empty, else the refusal (message printed). */
static int publish_check(const struct publish *p, bool *holds, bool *empty)
{
    DIR *d = output_opendir(p->lock, ".");
    if (!d) {
        app_error("cannot read %s: %s", p->dir, strerror(errno));
        return APP_FAILED;
    }
    int status = APP_OK;
    for (struct dirent *e; status == APP_OK && (e = readdir(d));) {
        const char *name = e->d_name;
        if (publish_dot(name))
            continue;
        *empty = false;
        enum names_kind owner = publish_owner(dirfd(d), name, p->kind);
        if (owner == NAMES_NONE) /* the user's: kept */
            continue;
        if (owner != p->kind) {
            app_error("output folder '%s' holds %s (%s), not %s: 'gaexp %s' does not replace it; %s", p->dir,
                      names_what(owner), name, names_what(p->kind), publish_kinds[p->kind].word,
                      publish_kinds[p->kind].elsewhere);
            status = APP_USAGE;
            break;
        }
        const struct names_entry *entry = names_find(p->kind, name); /* NULL: the stage or trash */
        status = publish_check_entry(dirfd(d), p->dir, name, entry);
        *holds |= entry && entry->role != NAMES_KEPT;
    }
    closedir(d);
    return status;
}

/* Reads dir's journal (under the folder 'at') into *text: NULL when there
 * is none (no file of that name, or one that is not a regular file
 * beginning as a journal does: the user's).  APP_OK, or APP_FAILED when
 * it cannot be read (message printed): never taken for no journal. */
static int publish_read(int at, const char *dir, char **text)
{
    *text = NULL;
    int fd = openat(at, PUBLISH_JOURNAL, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0 && (errno == ENOENT || errno == ELOOP || errno == ENXIO))
        return APP_OK;
    struct stat st;
    bool ok = fd >= 0 && fstat(fd, &st) == 0;
    if (ok && S_ISREG(st.st_mode) && st.st_size < PUBLISH_JOURNAL_MAX) {
        size_t got = 0;
        ssize_t n = 0;
        ok = (*text = calloc(1, (size_t)st.st_size + 1)) != NULL;
        while (ok && got < (size_t)st.st_size && (n = read(fd, *text + got, (size_t)st.st_size - got)) > 0)
            got += (size_t)n;
        ok = ok && n >= 0;
        if (!ok || strncmp(*text, PUBLISH_MAGIC, strlen(PUBLISH_MAGIC)) != 0) {
            free(*text);
            *text = NULL;
        }
    }
    int error = errno;
    if (fd >= 0)
        close(fd);
    if (!ok)
        app_error("cannot read %s/" PUBLISH_JOURNAL ": %s", dir, strerror(error));
    return ok ? APP_OK : APP_FAILED;
}

/* Takes 'name' out of the folder 'at': a folder into the trash (made when
 * first needed; a folder of that name an earlier try left there goes
 * first), so that it leaves in one rename, a file unlinked. */
static bool publish_discard(int at, const char *name, const char *trash)
{
    struct stat st;
    if (fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT;
    if (!S_ISDIR(st.st_mode))
        return unlinkat(at, name, 0) == 0 || errno == ENOENT;
    if (mkdirat(at, trash, 0777) != 0 && errno != EEXIST)
        return false;
    int bin = openat(at, trash, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    bool ok = bin >= 0 && output_remove_tree(bin, name) && renameat(at, name, bin, name) == 0;
    int error = errno;
    if (bin >= 0)
        close(bin);
    errno = error;
    return ok;
}

/* Puts the new entry 'name' of the stage 'from' in place in 'at'; done
 * already when the stage has it no more. */
static bool publish_place(int from, int at, const char *name, const char *trash)
{
    struct stat st, old;
    if (from < 0 || fstatat(from, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return from < 0 || errno == ENOENT;
    /* a rename replaces a file at once; a folder, or a file by a folder, goes first */
    if (fstatat(at, name, &old, AT_SYMLINK_NOFOLLOW) == 0 && (S_ISDIR(st.st_mode) || S_ISDIR(old.st_mode)) &&
        !publish_discard(at, name, trash))
        return false;
    return renameat(from, name, at, name) == 0;
}

/* The next line of a journal, from *at: its verb and its name (into the
 * buffers); false at the end or on a line that does not fit them. */
static bool publish_line(const char **at, char *verb, size_t vsize, char *name, size_t nsize)
{
    const char *line = *at, *end = strchr(line, '\n');
    if (!*line || !end)
        return false;
    const char *space = memchr(line, ' ', (size_t)(end - line));
    *at = end + 1;
    verb[0] = name[0] = '\0'; /* a line that does not fit: refused by the check that follows */
    if (space && (size_t)(space - line) < vsize && (size_t)(end - space - 1) < nsize) {
        snprintf(verb, vsize, "%.*s", (int)(space - line), line);
        snprintf(name, nsize, "%.*s", (int)(end - space - 1), space + 1);
    }
    return true;
}

/* The kind a journal publishes, with every line checked (a verb and a name
 * gaexp writes in that kind of folder): NULL, or why it is not a journal. */
static const char *publish_parse(const char *journal, enum names_kind *kind, const char **lines)
{
    const char *word = journal + strlen(PUBLISH_MAGIC), *end = strchr(word, '\n');
    *kind = NAMES_NONE;
    for (int k = 0; end && k < NAMES_COMMANDS; k++)
        if (publish_kinds[k].stages && strlen(publish_kinds[k].word) == (size_t)(end - word) &&
            strncmp(word, publish_kinds[k].word, (size_t)(end - word)) == 0)
            *kind = k;
    if (*kind == NAMES_NONE)
        return "not a gaexp publication journal";
    *lines = end + 1;
    char verb[16], name[NAME_MAX + 1];
    const char *at = *lines;
    while (publish_line(&at, verb, sizeof verb, name, sizeof name)) {
        const struct names_entry *e = names_find(*kind, name);
        bool remove = strcmp(verb, "remove") == 0, place = strcmp(verb, "place") == 0;
        if (!e || strchr(name, '/') || (!remove && !place) || (remove && e->role == NAMES_KEPT) ||
            (place && e->role == NAMES_STAGE))
            return "not a gaexp publication journal";
    }
    return *at ? "not a gaexp publication journal" : NULL; /* every line whole */
}

/* Rolls the journal forward in the folder 'at' (dir): each old entry the
 * new result has not removed, each new one renamed from the stage into
 * place, the renames made durable, the trash and the stage removed, the
 * journal last.  Every step can be done again: a kill at any point is
 * finished by the next try.  APP_OK, or (message printed, the journal
 * kept) APP_USAGE for a journal that is not gaexp's, APP_FAILED. */
static int publish_roll(int at, const char *dir, const char *journal)
{
    enum names_kind kind;
    const char *lines, *malformed = publish_parse(journal, &kind, &lines);
    if (malformed) {
        app_error("%s/" PUBLISH_JOURNAL " is %s: move it elsewhere", dir, malformed);
        return APP_USAGE;
    }
    char stage[32], trash[32], verb[16], name[NAME_MAX + 1];
    publish_hidden(kind, "new", stage, sizeof stage);
    publish_hidden(kind, "old", trash, sizeof trash);
    int from = openat(at, stage, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC); /* gone: all placed */
    bool ok = from >= 0 || errno == ENOENT;
    for (const char *line = lines; ok && publish_line(&line, verb, sizeof verb, name, sizeof name);)
        ok = strcmp(verb, "remove") == 0 ? publish_discard(at, name, trash) : publish_place(from, at, name, trash);
    int error = errno;
    if (from >= 0)
        close(from);
    errno = error;
    ok = ok && output_syncfs(at) && output_remove_tree(at, trash) && output_remove_tree(at, stage) &&
         (unlinkat(at, PUBLISH_JOURNAL, 0) == 0 || errno == ENOENT) && fsync(at) == 0;
    if (!ok)
        app_error("cannot finish the publication of %s: %s; 'gaexp resume %s' tries again", dir, strerror(errno),
                  dir);
    return ok ? APP_OK : APP_FAILED;
}

/* Finishes the publication whose journal the folder 'at' (dir) holds,
 * *finished saying whether there was one: publish_roll's status. */
static int publish_recover(int at, const char *dir, bool *finished)
{
    char *journal;
    int status = publish_read(at, dir, &journal);
    *finished = journal != NULL;
    if (journal)
        status = publish_roll(at, dir, journal);
    free(journal);
    return status;
}

int publish_finish(const char *dir, bool *finished)
{
    bool pending;
    if (finished)
        *finished = false;
    int probe = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    char *journal = NULL;
    int status = probe >= 0 ? publish_read(probe, dir, &journal) : APP_OK; /* no folder: nothing pending */
    if (probe >= 0)
        close(probe);
    if (!journal)
        return status;
    free(journal);
    int lock;
    status = output_lock_as(dir, "wait for it to end (it puts a new result in place)", &lock);
    if (status != APP_OK)
        return status;
    status = publish_recover(lock, dir, &pending);
    output_unlock(lock);
    if (finished)
        *finished = pending && status == APP_OK;
    return status;
}

/* The kept files of dir (style.gp, perhaps restyled) copied into a new
 * stage, so that the new result is drawn with them (dir keeps its own). */
static bool publish_keep(const struct publish *p)
{
    size_t n;
    const struct names_entry *e = names_list(p->kind, &n);
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        /* never blocks on a FIFO; what is not a regular file is not copied (the new result draws with its own) */
        int in = e[i].role == NAMES_KEPT
                     ? openat(p->lock, e[i].pattern, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
                     : -1;
        struct stat st;
        struct app_file copy;
        if (in < 0 || fstat(in, &st) != 0 || !S_ISREG(st.st_mode) ||
            !(ok = app_file_open(&copy, p->where, e[i].pattern))) {
            if (in >= 0)
                close(in);
            continue;
        }
        char buf[4096];
        ssize_t got;
        while ((got = read(in, buf, sizeof buf)) > 0)
            fwrite(buf, 1, (size_t)got, copy.fp);
        int error = errno;
        close(in);
        if (got != 0)
            app_error("cannot read %s/%s: %s", p->dir, e[i].pattern, strerror(error));
        ok = got == 0 ? app_file_commit(&copy) : (app_file_abandon(&copy), false);
    }
    return ok;
}

/* The stage of a --force (p->staged): a fresh one, or, going on
 * ('again'), the one a kill left; any other stage or trash is removed, as
 * nothing can go on with it.  APP_OK, or the failure (message printed). */
static int publish_stage_open(struct publish *p, bool staged, bool again)
{
    char stage[32], trash[32];
    publish_hidden(p->kind, "new", stage, sizeof stage);
    publish_hidden(p->kind, "old", trash, sizeof trash);
    struct stat st;
    if (staged && fstatat(p->lock, PUBLISH_JOURNAL, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        app_error("%s/" PUBLISH_JOURNAL " is in the way of the journal that replaces the old result; "
                  "move it elsewhere", p->dir);
        return APP_USAGE;
    }
    const char *gone = NULL;
    if (!again && !output_remove_tree(p->lock, stage))
        gone = stage;
    else if (!output_remove_tree(p->lock, trash))
        gone = trash;
    if (gone) {
        app_error("cannot remove %s/%s: %s", p->dir, gone, strerror(errno));
        return APP_FAILED;
    }
    if (!staged)
        return APP_OK;
    if ((!again && mkdirat(p->lock, stage, 0777) != 0) ||
        (p->stage = openat(p->lock, stage, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
        app_error("cannot write %s/%s: %s", p->dir, stage, strerror(errno));
        if (!again)
            output_remove_tree(p->lock, stage);
        return APP_FAILED;
    }
    p->staged = true;
    snprintf(p->where, sizeof p->where, "%s/%s", p->dir, stage);
    int status = APP_OK;
    if (!output_path_fits(p->where))
        status = APP_USAGE;
    else if (!again && !publish_keep(p))
        status = APP_FAILED;
    if (status != APP_OK && !again) /* a fresh stage that holds nothing of the new result yet */
        output_remove_tree(p->lock, stage);
    return status;
}

int publish_open(struct publish *p, const char *dir, enum names_kind kind, enum publish_mode mode)
{
    *p = (struct publish){.kind = kind, .dir = dir, .lock = -1, .stage = -1};
    snprintf(p->where, sizeof p->where, "%s", dir);
    int status = output_make_dir(dir);
    if (status != APP_OK)
        return status;
    char busy[96];
    snprintf(busy, sizeof busy, "wait for it to end%s%s", mode == PUBLISH_NEW || mode == PUBLISH_FORCE ? " or " : "",
             mode == PUBLISH_NEW || mode == PUBLISH_FORCE ? publish_kinds[kind].elsewhere : "");
    if ((status = output_lock_as(dir, busy, &p->lock)) != APP_OK)
        return status;
    bool holds = false, empty = true, finished;
    status = publish_recover(p->lock, dir, &finished);
    if (status == APP_OK)
        status = publish_check(p, &holds, &empty);
    if (status == APP_OK && mode == PUBLISH_NEW && !empty) {
        app_error("output folder '%s' already holds files; pass --force to replace what gaexp wrote there, or %s",
                  dir, publish_kinds[kind].elsewhere);
        status = APP_USAGE;
    }
    if (status == APP_OK && publish_kinds[kind].stages)
        status = publish_stage_open(p, mode == PUBLISH_STAGED || (mode == PUBLISH_FORCE && holds),
                                    mode == PUBLISH_STAGED);
    if (status != APP_OK)
        publish_close(p, false);
    return status;
}

/* Appends "VERB NAME" for each entry of the folder 'at' that is of gaexp's
 * naming in kind k: placing, each new entry of the stage (no temporary
 * .part, no stage of a killed writer, a kept file only where 'other' has
 * none); removing, each old one that 'other' (the stage) has not. */
static bool publish_lines(FILE *out, bool placing, int at, int other, enum names_kind k)
{
    DIR *d = output_opendir(at, ".");
    struct dirent *e;
    for (errno = 0; d && (e = readdir(d)); errno = 0) {
        const struct names_entry *entry = names_find(k, e->d_name);
        struct stat st;
        bool in_other = fstatat(other, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0;
        bool part = names_temporary(e->d_name);
        bool kept = entry && entry->role == NAMES_KEPT;
        if (!entry || (placing ? part || entry->role == NAMES_STAGE || (kept && in_other) : kept || in_other))
            continue;
        fprintf(out, "%s %s\n", placing ? "place" : "remove", e->d_name);
    }
    bool read = d && errno == 0; /* readdir's end, not its error: else an old entry could be left out */
    int error = errno;
    if (d)
        closedir(d);
    errno = error;
    return read;
}

/* Publishes the stage: made durable (one syncfs through the descriptor
 * opened at its start, which reports any write-back error since), the
 * journal written in the stage and renamed into dir (the point of no
 * return), then rolled forward.  False (message printed) on failure:
 * before the rename, the old result stands; after it, the journal does. */
static bool publish_commit(struct publish *p)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    bool ok = output_syncfs(p->stage);
    if (!ok)
        app_error("cannot write %s: %s", p->where, strerror(errno));
    else if (!mem || fprintf(mem, PUBLISH_MAGIC "%s\n", publish_kinds[p->kind].word) < 0 ||
             !publish_lines(mem, false, p->lock, p->stage, p->kind) ||
             !publish_lines(mem, true, p->stage, p->lock, p->kind) || fflush(mem) != 0) {
        app_error("cannot read %s: %s", p->dir, strerror(errno));
        ok = false;
    }
    if (mem)
        fclose(mem);
    struct app_file journal;
    if (ok && (ok = app_file_open(&journal, p->where, PUBLISH_JOURNAL))) {
        fwrite(text, 1, len, journal.fp);
        /* hidden in the stage until it is whole and durable; renamed into dir, it decides */
        snprintf(journal.final_path, sizeof journal.final_path, "%s/" PUBLISH_JOURNAL, p->dir);
        ok = app_file_commit(&journal);
        if (ok && fsync(p->lock) != 0) {
            app_error("cannot write %s: %s; 'gaexp resume %s' finishes the publication", journal.final_path,
                      strerror(errno), p->dir);
            ok = false;
        }
        ok = ok && publish_roll(p->lock, p->dir, text) == APP_OK;
    }
    struct stat st;
    bool decided = fstatat(p->lock, PUBLISH_JOURNAL, &st, AT_SYMLINK_NOFOLLOW) == 0;
    if (!ok && !decided && publish_kinds[p->kind].keeps)
        fprintf(stderr, "gaexp: %s is as it was; the new %s is kept in %s%s%s%s\n", p->dir, publish_kinds[p->kind].word,
                p->where, p->kind == NAMES_SWEEP ? ", where 'gaexp resume " : "", p->kind == NAMES_SWEEP ? p->dir : "",
                p->kind == NAMES_SWEEP ? "' publishes it" : "");
    else if (!ok && !decided)
        fprintf(stderr, "gaexp: %s is as it was\n", p->dir);
    free(text);
    return ok;
}

bool publish_close(struct publish *p, bool publish)
{
    bool ok = true;
    if (p->staged && publish)
        ok = publish_commit(p);
    else if (publish && publish_kinds[p->kind].stages && p->lock >= 0 &&
             (!output_syncfs(p->lock) || fsync(p->lock) != 0)) { /* written in place: durable before 'done' */
        app_error("cannot write %s: %s", p->dir, strerror(errno));
        ok = false;
    }
    struct stat st;
    bool decided = fstatat(p->lock, PUBLISH_JOURNAL, &st, AT_SYMLINK_NOFOLLOW) == 0;
    if (p->staged && !decided && (!publish || !ok) && !publish_kinds[p->kind].keeps) {
        char stage[32];
        publish_hidden(p->kind, "new", stage, sizeof stage);
        output_remove_tree(p->lock, stage); /* nothing can go on with it */
    }
    if (p->stage >= 0)
        close(p->stage);
    output_unlock(p->lock);
    p->stage = p->lock = -1;
    p->staged = false;
    return ok;
}
