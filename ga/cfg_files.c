/* ga/cfg_files.c — the files of an experiment, each opened safely and read once: the experiment
 * file with its @includes expanded (each line still traced to its file), and the input files
 * settings name, kept in memory and shared by the configurations made from one another. */
#define _GNU_SOURCE /* fmemopen of a const buffer, memmem */
#include "ga/cfg_files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gaexp/pack.h"

void cfg_hook_destructor(void *hook)
{
    (void)hook; /* hooks point at a configuration: nothing to free */
}

struct ga_cfg *cfg_owner(const config_setting_t *s)
{
    if (!s || !s->config || s->config->destructor != cfg_hook_destructor)
        return NULL; /* a tree of plain libconfig's */
    return (struct ga_cfg *)(void *)s->config; /* conf is the first member */
}

static struct cfg_files *cfg_files(struct ga_cfg *c)
{
    if (!c->files && !(c->files = calloc(1, sizeof *c->files)))
        c->oom = true;
    return c->files;
}

void cfg_files_free(struct ga_cfg *c)
{
    struct cfg_files *f = c->files;
    if (f && !c->files_shared) {
        for (size_t i = 0; i < f->count; i++) {
            free(f->file[i].path);
            free(f->file[i].bytes);
            free(f->file[i].since);
        }
        free(f->file);
        free(f);
    }
    for (size_t i = 0; i < c->resolved_count; i++) {
        free(c->resolved[i].given);
        free(c->resolved[i].absolute);
    }
    free(c->resolved);
    free(c->spans);
    free(c->used);
}

/* A new entry for path; NULL when out of memory. */
static struct cfg_file *cfg_files_add(struct ga_cfg *c, const char *path, enum ga_cfg_kind kind)
{
    struct cfg_files *f = cfg_files(c);
    char *copy = f ? strdup(path) : NULL;
    if (copy && f->count == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 8;
        struct cfg_file *grown = realloc(f->file, cap * sizeof *grown);
        if (grown)
            f->file = grown, f->cap = cap;
    }
    if (!copy || f->count == f->cap) {
        free(copy);
        c->oom = true;
        return NULL;
    }
    struct cfg_file *e = &f->file[f->count++];
    *e = (struct cfg_file){.path = copy, .kind = kind};
    return e;
}

static struct cfg_file *cfg_files_find(const struct ga_cfg *c, const char *path, enum ga_cfg_kind kind)
{
    for (size_t i = 0; c->files && i < c->files->count; i++)
        if (c->files->file[i].kind == kind && strcmp(c->files->file[i].path, path) == 0)
            return &c->files->file[i];
    return NULL;
}

bool cfg_escape(const char *text, char *shown, size_t size)
{
    bool control = false, cut = false;
    size_t used = 0, kept = 0; /* kept: where a cut starts, "..." and the NUL after it fitting */
    for (const unsigned char *at = (const unsigned char *)text; *at; at++) {
        char one[5] = {(char)*at, '\0'};
        if (*at == '\n')
            strcpy(one, "\\n");
        else if (*at == '\t')
            strcpy(one, "\\t");
        else if (*at < 0x20 || *at == 0x7f)
            snprintf(one, sizeof one, "\\x%02x", *at);
        control = control || one[1] != '\0';
        size_t n = strlen(one);
        if (!cut && used + n < size) {
            memcpy(shown + used, one, n);
            used += n;
            kept = used + 3 < size ? used : kept;
        } else {
            cut = true; /* the rest read for its control characters alone */
        }
    }
    if (cut && size > 3)
        memcpy(shown + kept, "...", 3), used = kept + 3;
    if (size)
        shown[used] = '\0';
    return control;
}

FILE *ga_cfg_fopen(const char *path, struct ga_diag *d)
{
    char shown[512];
    if (cfg_escape(path, shown, sizeof shown)) {
        ga_diag_add(d, shown, 0, "", CFG_NAME_UNSAFE);
        return NULL;
    }
    /* O_NONBLOCK: opening a FIFO must not wait for a writer. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    const char *why = fd < 0 || fstat(fd, &st) != 0 ? strerror(errno)
                      : S_ISDIR(st.st_mode) ? "it is a folder"
                      : !S_ISREG(st.st_mode) ? "not a regular file (a FIFO, device or socket)"
                      : (uint64_t)st.st_size > GA_CFG_FILE_MAX ? "larger than 16 MiB, the limit"
                                                               : NULL;
    FILE *f = why ? NULL : fdopen(fd, "r");
    if (!f) {
        ga_diag_add(d, path, 0, "", "cannot read the file: %s", why ? why : strerror(errno));
        if (fd >= 0)
            close(fd);
    }
    return f;
}

/* The whole of path; NULL with a diagnostic when it cannot be read
 * completely (ga_cfg_fopen refuses what is not a regular file of at most
 * GA_CFG_FILE_MAX bytes).  A NUL follows the *len bytes. */
static char *cfg_read(struct ga_cfg *c, const char *path, size_t *len)
{
    FILE *f = ga_cfg_fopen(path, c->diag);
    if (!f)
        return NULL;
    char *bytes = NULL;
    size_t size = 0, cap = 0;
    int error = 0;
    for (;;) {
        if (size + 4096 + 1 > cap) {
            char *grown = realloc(bytes, cap = cap ? 2 * cap : 8192);
            if (!grown) {
                error = ENOMEM;
                break;
            }
            bytes = grown;
        }
        size_t got = fread(bytes + size, 1, cap - size - 1, f);
        size += got;
        if (size > GA_CFG_FILE_MAX) { /* it grew while read */
            error = EFBIG;
            break;
        }
        if (got == 0) {
            error = ferror(f) ? (errno ? errno : EIO) : 0;
            break;
        }
    }
    fclose(f);
    if (error) {
        ga_diag_add(c->diag, path, 0, "", "cannot read the file: %s", strerror(error));
        free(bytes);
        return NULL;
    }
    bytes[size] = '\0';
    *len = size;
    return bytes;
}

/* ---- the experiment file and its @includes, expanded -------------------------------------- */

/* The quoted name of an "@include" line starting at p (libconfig's
 * syntax: at the start of a line), as [*name, *end); false when p does not
 * start one. */
static bool cfg_include_at(const char *p, const char **name, const char **end)
{
    p += strspn(p, " \t");
    if (strncmp(p, "@include", 8) != 0)
        return false;
    p += 8;
    p += strspn(p, " \t");
    if (*p != '"' || !(*end = strchr(p + 1, '"')))
        return false;
    *name = p + 1;
    return memchr(*name, '\n', (size_t)(*end - *name)) == NULL;
}

#define CFG_INCLUDE_DEPTH 8
#define CFG_INCLUDE_MAX 64

/* The text being built, and where its lines come from. */
struct cfg_expansion {
    char *text;
    size_t len, cap;
    unsigned lines; /* lines of text so far */
    unsigned includes;
    bool (*check)(struct ga_cfg *, const char *, const char *);
    struct stat open[CFG_INCLUDE_DEPTH + 1]; /* the file at each depth being expanded: a cycle's witness */
};

static bool cfg_expand_put(struct ga_cfg *c, struct cfg_expansion *x, const char *from, size_t n)
{
    if (x->len + n + 2 > x->cap) {
        size_t cap = x->cap ? x->cap : 8192;
        while (x->len + n + 2 > cap)
            cap *= 2;
        char *grown = realloc(x->text, cap);
        if (!grown) {
            c->oom = true;
            return false;
        }
        x->text = grown, x->cap = cap;
    }
    memcpy(x->text + x->len, from, n);
    x->len += n;
    x->text[x->len] = '\0';
    for (size_t i = 0; i < n; i++)
        x->lines += from[i] == '\n';
    return true;
}

/* Lines from the expanded text's next line on come from 'file' from its line 'line'. */
static bool cfg_expand_span(struct ga_cfg *c, struct cfg_expansion *x, size_t file, unsigned line)
{
    struct cfg_span *grown = realloc(c->spans, (c->span_count + 1) * sizeof *grown);
    if (!grown) {
        c->oom = true;
        return false;
    }
    c->spans = grown;
    c->spans[c->span_count++] = (struct cfg_span){x->lines + 1, line, file};
    return true;
}

static bool cfg_expand_file(struct ga_cfg *c, struct cfg_expansion *x, const char *path, enum ga_cfg_kind kind,
                            unsigned depth);

/* The 16 hexadecimal digits and path after 'prefix' on a leading comment
 * line [line, line + len), into *hash and file; false when it is not such
 * a line. */
static bool cfg_recorded_line(const char *line, size_t len, const char *prefix, uint64_t *hash, char *file,
                              size_t size)
{
    size_t n = strlen(prefix);
    char hex[17], *rest;
    if (len < n + 19 || strncmp(line, prefix, n) != 0 || line[n] != ' ' || line[n + 17] != ' ' ||
        len - n - 18 >= size)
        return false;
    memcpy(hex, line + n + 1, 16);
    hex[16] = '\0';
    *hash = strtoull(hex, &rest, 16);
    snprintf(file, size, "%.*s", (int)(len - n - 18), line + n + 18);
    return !*rest;
}

/* The leading comment lines of a configuration gaexp kept (named 'path'):
 * GA_CFG_INPUT_LINE as expectations, GA_CFG_EXPERIMENT_LINE and
 * GA_CFG_INCLUDE_LINE as the files it was first read from, which stand
 * for the file 'self' (its index in the store; SIZE_MAX: none) in
 * ga_cfg_read_file. */
bool cfg_recorded(struct ga_cfg *c, const char *text, const char *path, size_t self)
{
    static const struct {
        const char *prefix;
        enum ga_cfg_kind kind;
    } origins[] = {{GA_CFG_EXPERIMENT_LINE, GA_CFG_EXPERIMENT}, {GA_CFG_INCLUDE_LINE, GA_CFG_INCLUDE}};
    char since[600];
    snprintf(since, sizeof since, "%s was written", path);
    for (const char *line = text; *line == '#'; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : "") {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char file[4096];
        uint64_t hash;
        if (cfg_recorded_line(line, len, GA_CFG_INPUT_LINE, &hash, file, sizeof file)) {
            if (!ga_cfg_expect(c, file, hash, since))
                return false;
            continue;
        }
        for (size_t i = 0; self != SIZE_MAX && i < sizeof origins / sizeof *origins; i++) {
            if (!cfg_recorded_line(line, len, origins[i].prefix, &hash, file, sizeof file))
                continue;
            struct cfg_file *f = cfg_files_add(c, file, origins[i].kind);
            if (!f)
                return false;
            f->hash = hash, f->read = true;
            c->files->file[self].origin_recorded = true;
        }
    }
    return true;
}

void cfg_dir_of(const char *file, char *buf, size_t size)
{
    const char *slash = strrchr(file, '/');
    snprintf(buf, size, "%.*s", slash ? (int)(slash - file) : 1, slash ? (slash == file ? "/" : file) : ".");
}

/* The @include at [name, end) of the file 'from', expanded.  A relative
 * name is relative to the folder of the file that holds the line (an
 * @include'd file's own @includes to that file's folder, where its author
 * put them; libconfig would take the first file's folder). */
static bool cfg_expand_include(struct ga_cfg *c, struct cfg_expansion *x, const char *from, unsigned line,
                               const char *name, const char *end, unsigned depth)
{
    char path[1024], dir[1024];
    cfg_dir_of(from, dir, sizeof dir);
    int n = snprintf(path, sizeof path, "%s%s%.*s", name[0] == '/' ? "" : dir, name[0] == '/' ? "" : "/",
                     (int)(end - name), name);
    bool fits = n >= 0 && (size_t)n < sizeof path, cycle = false;
    struct stat st;
    if (fits && stat(path, &st) == 0)
        for (unsigned k = 0; k <= depth; k++)
            cycle = cycle || (st.st_dev == x->open[k].st_dev && st.st_ino == x->open[k].st_ino);
    char why[64] = "";
    if (!fits)
        snprintf(why, sizeof why, "path too long (at most %zu bytes)", sizeof path - 1);
    else if (cycle)
        snprintf(why, sizeof why, "a cycle: it includes a file that includes it");
    else if (depth >= CFG_INCLUDE_DEPTH)
        snprintf(why, sizeof why, "nested deeper than %d files", CFG_INCLUDE_DEPTH);
    else if (++x->includes > CFG_INCLUDE_MAX)
        snprintf(why, sizeof why, "more than %d @includes in all", CFG_INCLUDE_MAX);
    if (*why) {
        ga_diag_add(c->diag, from, line, "", "@include \"%.*s\": %s", (int)(end - name), name, why);
        return false;
    }
    return cfg_expand_file(c, x, path, GA_CFG_INCLUDE, depth + 1);
}

/* Appends the file at path to the text, its @include lines replaced by
 * the files they name (each followed by a line break). */
static bool cfg_expand_file(struct ga_cfg *c, struct cfg_expansion *x, const char *path, enum ga_cfg_kind kind,
                            unsigned depth)
{
    size_t len;
    char *text = cfg_read(c, path, &len);
    if (!text)
        return false;
    if (stat(path, &x->open[depth]) != 0) /* read, then gone: no cycle can come back to it */
        memset(&x->open[depth], 0, sizeof x->open[depth]);
    struct cfg_file *f = cfg_files_add(c, path, kind);
    size_t index = c->files ? c->files->count - 1 : 0;
    const char *why = !f ? NULL : memchr(text, '\0', len) ? "not a text file (it holds a NUL byte)" : NULL;
    bool ok = f && !why && x->check(c, text, f->path) && cfg_expand_span(c, x, index, 1);
    if (why)
        ga_diag_add(c->diag, path, 0, "", "%s", why);
    if (f)
        f->hash = ga_pack_hash(text, len), f->read = true;
    if (ok && kind == GA_CFG_EXPERIMENT)
        ok = cfg_recorded(c, text, path, index);
    unsigned line = 1;
    for (const char *at = text; ok && *at; line++) {
        const char *next = strchr(at, '\n'), *name, *end;
        next = next ? next + 1 : at + strlen(at);
        if (!cfg_include_at(at, &name, &end)) {
            ok = cfg_expand_put(c, x, at, (size_t)(next - at));
        } else { /* the included file, then this file again from its next line */
            ok = cfg_expand_include(c, x, c->files->file[index].path, line, name, end, depth) &&
                 cfg_expand_put(c, x, "\n", 1) && cfg_expand_span(c, x, index, line + 1);
        }
        at = next;
    }
    if (ok && x->len && x->text[x->len - 1] != '\n')
        ok = cfg_expand_put(c, x, "\n", 1);
    free(text);
    return ok;
}

char *cfg_expand(struct ga_cfg *c, const char *path, bool (*check)(struct ga_cfg *, const char *, const char *))
{
    struct cfg_expansion x = {.check = check};
    if (!cfg_expand_file(c, &x, path, GA_CFG_EXPERIMENT, 0) || (!x.text && !cfg_expand_put(c, &x, "", 0))) {
        free(x.text);
        return NULL;
    }
    return x.text;
}

void cfg_line(const struct ga_cfg *c, unsigned at, const char **file, unsigned *line)
{
    *file = c->file;
    *line = at;
    if (!c->span_count || at == 0)
        return;
    size_t lo = 0, hi = c->span_count; /* the last span starting at or before the line */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->spans[mid].first <= at)
            lo = mid;
        else
            hi = mid;
    }
    const struct cfg_span *span = &c->spans[lo];
    *file = c->files->file[span->file].path;
    *line = at >= span->first ? span->line + (at - span->first) : at;
}

void cfg_source(const struct ga_cfg *c, const config_setting_t *s, const char **file, unsigned *line)
{
    const char *named = s ? config_setting_source_file(s) : NULL;
    cfg_line(c, s ? config_setting_source_line(s) : 0, file, line);
    if (named) /* set by a copy (or --set): its own */
        *file = named, *line = s->line;
}

/* ---- input files --------------------------------------------------------------------------- */

/* Records that c read input file 'index' (once in its list). */
static bool cfg_used(struct ga_cfg *c, size_t index)
{
    for (size_t i = 0; i < c->used_count; i++)
        if (c->used[i] == index)
            return true;
    size_t *grown = realloc(c->used, (c->used_count + 1) * sizeof *grown);
    if (!grown) {
        c->oom = true;
        return false;
    }
    c->used = grown;
    c->used[c->used_count++] = index;
    return true;
}

static void cfg_hex(uint64_t hash, char *buf)
{
    snprintf(buf, 17, "%016llx", (unsigned long long)hash);
}

const struct cfg_file *cfg_input_read(struct ga_cfg *c, const char *path, char *changed, size_t size)
{
    struct cfg_file *f = cfg_files_find(c, path, GA_CFG_INPUT);
    *changed = '\0';
    if (!f || !f->read) {
        size_t len;
        char *bytes = cfg_read(c, path, &len);
        if (!bytes)
            return NULL;
        uint64_t hash = ga_pack_hash(bytes, len);
        if (f && f->hash != hash) { /* not what was recorded: refused, never used */
            char now[17], then[17];
            cfg_hex(hash, now), cfg_hex(f->hash, then);
            snprintf(changed, size, "the input file %s changed since %s (content hash %s, recorded %s)", path,
                     f->since, now, then);
            free(bytes);
            return NULL;
        }
        if (!f && !(f = cfg_files_add(c, path, GA_CFG_INPUT))) {
            free(bytes);
            return NULL;
        }
        f->hash = hash, f->bytes = bytes, f->len = len, f->read = true;
    }
    return cfg_used(c, (size_t)(f - c->files->file)) ? f : NULL;
}

FILE *ga_cfg_input(struct ga_cfg *c, const char *path)
{
    const struct cfg_file *f = cfg_files_find(c, path, GA_CFG_INPUT);
    if (!f || !f->read) {
        ga_diag_add(c->diag, path, 0, "", "not an input file of this configuration (read it with ga_cfg_file)");
        return NULL;
    }
    /* fmemopen refuses a size of 0 in some C libraries: an empty file reads as the empty string's one byte cut off */
    FILE *in = fmemopen(f->len ? f->bytes : (char *)"", f->len ? f->len : 1, "r");
    if (in && !f->len)
        fgetc(in);
    if (!in)
        ga_diag_add(c->diag, path, 0, "", "cannot read the file: %s", strerror(errno));
    return in;
}

bool ga_cfg_read_file(const struct ga_cfg *c, size_t i, const char **path, uint64_t *hash, enum ga_cfg_kind *kind)
{
    size_t n = 0;
    for (size_t k = 0; c->files && k < c->files->count; k++) {
        const struct cfg_file *f = &c->files->file[k];
        if (!f->read || f->origin_recorded || n++ != i)
            continue;
        *path = f->path, *hash = f->hash;
        if (kind)
            *kind = f->kind;
        return true;
    }
    return false;
}

bool ga_cfg_used_input(const struct ga_cfg *c, size_t i, const char **path, uint64_t *hash)
{
    if (i >= c->used_count)
        return false;
    const struct cfg_file *f = &c->files->file[c->used[i]];
    *path = f->path, *hash = f->hash;
    return true;
}

bool ga_cfg_expect(struct ga_cfg *c, const char *path, uint64_t hash, const char *since)
{
    struct cfg_file *f = cfg_files_find(c, path, GA_CFG_INPUT);
    if (!f && !(f = cfg_files_add(c, path, GA_CFG_INPUT)))
        return false;
    if (f->read)
        return true;
    char *copy = strdup(since);
    if (!copy) {
        c->oom = true;
        return false;
    }
    free(f->since);
    f->hash = hash, f->since = copy;
    return true;
}

bool cfg_resolved(struct ga_cfg *c, const config_setting_t *s, const char *given, const char *absolute)
{
    struct cfg_resolved r = {.given = strdup(given), .absolute = strdup(absolute)};
    cfg_source(c, s, &r.file, &r.line);
    struct cfg_resolved *grown = r.given && r.absolute ? realloc(c->resolved, (c->resolved_count + 1) * sizeof *grown)
                                                       : NULL;
    if (!grown) {
        free(r.given), free(r.absolute);
        c->oom = true;
        return false;
    }
    c->resolved = grown;
    c->resolved[c->resolved_count++] = r;
    return true;
}

/* Rewrites the string settings under s that r traces to. */
static void cfg_absolute_walk(struct ga_cfg *c, config_setting_t *s, const struct cfg_resolved *r)
{
    if (config_setting_type(s) == CONFIG_TYPE_STRING) {
        const char *file;
        unsigned line;
        cfg_source(c, s, &file, &line);
        if (line == r->line && strcmp(file, r->file) == 0 && strcmp(config_setting_get_string(s), r->given) == 0 &&
            config_setting_set_string(s, r->absolute) != CONFIG_TRUE)
            c->oom = true;
        return;
    }
    for (int i = 0; config_setting_is_aggregate(s) && i < config_setting_length(s); i++)
        cfg_absolute_walk(c, config_setting_get_elem(s, (unsigned)i), r);
}

/* Whether c has r's rewrite already (kept in c's own list). */
static bool cfg_absolute_done(const struct ga_cfg *c, const struct cfg_resolved *r)
{
    for (size_t i = 0; i < c->resolved_count; i++)
        if (c->resolved[i].line == r->line && strcmp(c->resolved[i].file, r->file) == 0 &&
            strcmp(c->resolved[i].given, r->given) == 0)
            return true;
    return false;
}

void ga_cfg_absolute_inputs(struct ga_cfg *c, const struct ga_cfg *derived)
{
    for (size_t i = 0; i < derived->resolved_count; i++) {
        const struct cfg_resolved *r = &derived->resolved[i];
        if (cfg_absolute_done(c, r)) /* a sweep's points name the same inputs: one walk each */
            continue;
        cfg_absolute_walk(c, config_root_setting(&c->conf), r);
        struct cfg_resolved *grown = realloc(c->resolved, (c->resolved_count + 1) * sizeof *grown);
        char *given = strdup(r->given), *absolute = strdup(r->absolute);
        if (!grown || !given || !absolute) {
            if (grown)
                c->resolved = grown;
            free(given), free(absolute);
            c->oom = true;
            return;
        }
        c->resolved = grown;
        c->resolved[c->resolved_count++] = (struct cfg_resolved){r->file, r->line, given, absolute};
    }
}

void cfg_files_share(struct ga_cfg *c, struct ga_cfg *from)
{
    cfg_files(from);
    cfg_files_free(c); /* what c read or recorded so far is its own, and goes */
    c->spans = NULL, c->span_count = 0, c->used = NULL, c->used_count = 0;
    c->resolved = NULL, c->resolved_count = 0;
    c->files = from->files;
    c->files_shared = true;
}
