/* ga/cfg.c — validating reads of libconfig experiment files, overrides, unknown-key checks. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "ga/cfg_files.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A setting is "known" when some reader asked for it: its hook points at
 * the ga_cfg that read it (no global marker needed). */
static void cfg_mark(struct ga_cfg *c, config_setting_t *s)
{
    for (; s; s = config_setting_parent(s))
        config_setting_set_hook(s, c);
}

static bool cfg_is_marked(const struct ga_cfg *c, const config_setting_t *s)
{
    return config_setting_get_hook(s) == c;
}

struct ga_cfg *ga_cfg_alloc(struct ga_diag *diag)
{
    struct ga_cfg *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    config_init(&c->conf);
    config_set_destructor(&c->conf, cfg_hook_destructor); /* marks the tree as a ga_cfg's (cfg_owner) */
    c->diag = diag;
    cfg_mark(c, config_root_setting(&c->conf));
    return c;
}

void ga_cfg_free(struct ga_cfg *c)
{
    if (!c)
        return;
    config_destroy(&c->conf);
    free(c->asked);
    cfg_files_free(c);
    free(c);
}

/* libconfig 1.5 reads integer literals with atoi, so 4294967396 silently
 * becomes 100.  Before parsing, find every plain integer literal (outside
 * strings, comments and names) and refuse those that do not fit in 32 bits
 * without the L suffix that makes libconfig read 64 bits. */
static bool cfg_integers_fit(struct ga_cfg *c, const char *text, const char *file)
{
    unsigned line = 1;
    for (const char *p = text; *p;) {
        if (*p == '\n') {
            line++, p++;
        } else if (*p == '"') {
            for (p++; *p && *p != '"'; p++) {
                if (*p == '\\' && p[1])
                    p++;
                line += *p == '\n';
            }
            p += *p == '"';
        } else if (*p == '#' || (p[0] == '/' && p[1] == '/')) {
            while (*p && *p != '\n')
                p++;
        } else if (p[0] == '/' && p[1] == '*') {
            for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
                line += *p == '\n';
            p += *p ? 2 : 0;
        } else if (isalpha((unsigned char)*p) || *p == '_' || *p == '*') {
            while (isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '*')
                p++;
        } else if (isdigit((unsigned char)*p)) {
            const char *start = p;
            bool hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X'), real = false;
            for (p += hex ? 2 : 0; isalnum((unsigned char)*p) || *p == '.' ||
                                   ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E') && !hex);
                 p++)
                real |= !hex && (*p == '.' || *p == 'e' || *p == 'E');
            bool wide = p[-1] == 'L' && p - start >= 2 && isxdigit((unsigned char)p[-2]);
            if (real || (p[-1] == 'L' && !wide))
                continue;
            char *end;
            errno = 0;
            unsigned long long v = strtoull(start, &end, hex ? 16 : 10);
            bool negative = start > text && start[-1] == '-';
            /* libconfig reads 64-bit literals with strtoll, which clamps:
             * a value beyond it would silently become another number. */
            if (wide && (errno || v > (hex ? 0xffffffffffffffffULL : negative ? 0x8000000000000000ULL
                                                                                : 0x7fffffffffffffffULL))) {
                ga_diag_add(c->diag, file, line, "", "integer %.*s is beyond the 64-bit range (at most 9223372036854775807)",
                            (int)(p - start), start);
                return false;
            }
            if (wide)
                continue;
            if (errno || v > (hex ? 0xffffffffULL : negative ? 2147483648ULL : 2147483647ULL)) {
                ga_diag_add(c->diag, file, line, "",
                            "integer %.*s is too large (beyond 2147483647 write it with an L "
                            "suffix, e.g. %.*sL)",
                            (int)(p - start), start, (int)(p - start), start);
                return false;
            }
        } else {
            if ((*p == '=' || *p == ':') && ++c->settings > GA_CFG_MAX_SETTINGS) {
                ga_diag_add(c->diag, file, line, "", "more than %d settings (the limit)", GA_CFG_MAX_SETTINGS);
                return false;
            }
            p++;
        }
    }
    return true;
}

static bool cfg_after_read(struct ga_cfg *c, int ok)
{
    if (ok == CONFIG_TRUE) {
        cfg_mark(c, config_root_setting(&c->conf));
        return true;
    }
    const char *text = config_error_text(&c->conf), *file;
    unsigned line;
    cfg_line(c, (unsigned)config_error_line(&c->conf), &file, &line);
    if (config_error_type(&c->conf) == CONFIG_ERR_FILE_IO)
        ga_diag_add(c->diag, file, 0, "", "cannot read the file");
    else
        ga_diag_add(c->diag, file, line, "", "%s", text ? text : "syntax error");
    return false;
}

/* Parses the experiment file with its @includes expanded in place, so
 * that each file is read once (ga/cfg_files.c); @include paths are
 * relative to the folder of the file that holds them, and every
 * file is checked as strictly as the main one.  Diagnostics name the file
 * and line each setting came from. */
bool ga_cfg_load(struct ga_cfg *c, const char *path)
{
    if (snprintf(c->file, sizeof c->file, "%s", path) >= (int)sizeof c->file) {
        ga_diag_add(c->diag, "command line", 0, "", "file name too long (at most %zu bytes)", sizeof c->file - 1);
        return false;
    }
    char *text = cfg_expand(c, path, cfg_integers_fit);
    bool ok = text && cfg_after_read(c, config_read_string(&c->conf, text));
    free(text);
    return ok;
}

bool ga_cfg_load_string(struct ga_cfg *c, const char *name, const char *text)
{
    snprintf(c->file, sizeof c->file, "%s", name);
    return cfg_integers_fit(c, text, c->file) && cfg_recorded(c, text, c->file, SIZE_MAX) &&
           cfg_after_read(c, config_read_string(&c->conf, text));
}

config_setting_t *ga_cfg_root(struct ga_cfg *c)
{
    return config_root_setting(&c->conf);
}

void ga_cfg_path(const config_setting_t *s, char *buf, size_t size)
{
    const config_setting_t *chain[32];
    size_t depth = 0;
    for (; s && !config_setting_is_root(s) && depth < 32; s = config_setting_parent(s))
        chain[depth++] = s;
    size_t used = 0;
    buf[0] = '\0';
    while (depth-- > 0 && used < size) {
        const config_setting_t *e = chain[depth];
        const char *name = config_setting_name(e);
        int n = name ? snprintf(buf + used, size - used, "%s%s", used ? "." : "", name)
                     : snprintf(buf + used, size - used, "[%d]", config_setting_index(e));
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

/* Settings made by --set carry this as their source file (libconfig's
 * setting struct is public; its file names are never freed one by one). */
static const char cfg_from_command_line[] = "--set";

/* Where a setting came from: its file and line, the command line, or just
 * the file for defaults the reader filled in. */
static void cfg_locate(const struct ga_cfg *c, const config_setting_t *s, const char **file,
                       unsigned *line)
{
    cfg_source(c, s, file, line);
    if (*file == cfg_from_command_line)
        *line = 0;
}

static void cfg_verror(struct ga_cfg *c, const config_setting_t *s, const char *path,
                       const char *fmt, va_list ap)
{
    char message[512];
    vsnprintf(message, sizeof message, fmt, ap);
    const char *file;
    unsigned line;
    cfg_locate(c, s, &file, &line);
    ga_diag_add(c->diag, file, line, path, "%s", message);
}

void ga_cfg_error(struct ga_cfg *c, const config_setting_t *s, const char *fmt, ...)
{
    char path[256];
    ga_cfg_path(s, path, sizeof path);
    va_list ap;
    va_start(ap, fmt);
    cfg_verror(c, s, path, fmt, ap);
    va_end(ap);
}

void ga_cfg_error_at(struct ga_cfg *c, const config_setting_t *group, const char *key,
                     const char *fmt, ...)
{
    const config_setting_t *s = config_setting_get_member(group, key);
    char path[256];
    if (s) {
        ga_cfg_path(s, path, sizeof path);
    } else {
        char parent[200];
        ga_cfg_path(group, parent, sizeof parent);
        snprintf(path, sizeof path, "%s%s%s", parent, parent[0] ? "." : "", key);
    }
    va_list ap;
    va_start(ap, fmt);
    cfg_verror(c, s ? s : group, path, fmt, ap);
    va_end(ap);
}

static void cfg_remember(struct ga_cfg *c, const config_setting_t *group, const char *key)
{
    for (size_t i = 0; i < c->asked_count; i++)
        if (c->asked[i].group == group && strcmp(c->asked[i].key, key) == 0)
            return;
    if (c->asked_count == c->asked_cap) {
        size_t cap = c->asked_cap ? 2 * c->asked_cap : 32;
        struct ga_cfg_asked *grown = realloc(c->asked, cap * sizeof *grown);
        if (!grown) {
            c->oom = true;
            return;
        }
        c->asked = grown;
        c->asked_cap = cap;
    }
    c->asked[c->asked_count++] = (struct ga_cfg_asked){group, key};
}

config_setting_t *ga_cfg_lookup(struct ga_cfg *c, config_setting_t *group, const char *key)
{
    cfg_remember(c, group, key);
    config_setting_t *s = config_setting_get_member(group, key);
    if (s)
        cfg_mark(c, s);
    return s;
}

static const char *cfg_type_name(int type)
{
    switch (type) {
    case CONFIG_TYPE_INT:
    case CONFIG_TYPE_INT64:
        return "an integer";
    case CONFIG_TYPE_FLOAT:
        return "a number";
    case CONFIG_TYPE_STRING:
        return "a string";
    case CONFIG_TYPE_BOOL:
        return "a boolean";
    case CONFIG_TYPE_GROUP:
        return "a group";
    case CONFIG_TYPE_ARRAY:
        return "an array";
    case CONFIG_TYPE_LIST:
        return "a list";
    }
    return "nothing";
}

void ga_cfg_value_text(const config_setting_t *s, char *buf, size_t size)
{
    buf[0] = '\0';
    switch (config_setting_type(s)) {
    case CONFIG_TYPE_INT:
    case CONFIG_TYPE_INT64:
        snprintf(buf, size, "%lld", config_setting_get_int64(s));
        break;
    case CONFIG_TYPE_FLOAT:
        snprintf(buf, size, "%.10g", config_setting_get_float(s));
        break;
    case CONFIG_TYPE_STRING:
        snprintf(buf, size, "%s", config_setting_get_string(s));
        break;
    case CONFIG_TYPE_BOOL:
        snprintf(buf, size, "%s", config_setting_get_bool(s) ? "true" : "false");
        break;
    case CONFIG_TYPE_ARRAY:
    case CONFIG_TYPE_LIST: {
        size_t used = 0;
        for (int k = 0; k < config_setting_length(s) && used + 1 < size; k++) {
            char item[64];
            ga_cfg_value_text(config_setting_get_elem(s, (unsigned)k), item, sizeof item);
            used += (size_t)snprintf(buf + used, size - used, "%s%s", k ? " " : "", item);
        }
        break;
    }
    }
}

/* The shortest text that reads back as v: 1.0000001 is not "got 1". */
static void cfg_float_text(double v, char *buf, size_t size)
{
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, size, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* "got 1.5", "got \"abc\"", "got a group": what the user wrote. */
static void cfg_describe(const config_setting_t *s, char *buf, size_t size)
{
    char shown[96];
    if (config_setting_type(s) == CONFIG_TYPE_STRING) { /* quoted whole, however long */
        cfg_escape(config_setting_get_string(s), shown, sizeof shown);
        snprintf(buf, size, "\"%s\"", shown);
    } else if (config_setting_type(s) == CONFIG_TYPE_FLOAT) {
        cfg_float_text(config_setting_get_float(s), buf, size);
    } else if (config_setting_is_scalar(s))
        ga_cfg_value_text(s, buf, size);
    else
        snprintf(buf, size, "%s", cfg_type_name(config_setting_type(s)));
}

config_setting_t *ga_cfg_add(struct ga_cfg *c, config_setting_t *group, const char *key, int type)
{
    config_setting_t *s = config_setting_add(group, key, type);
    if (!s)
        c->oom = true;
    else
        cfg_mark(c, s);
    return s;
}

config_setting_t *ga_cfg_group(struct ga_cfg *c, config_setting_t *parent, const char *key)
{
    config_setting_t *s = ga_cfg_lookup(c, parent, key);
    if (!s)
        return ga_cfg_add(c, parent, key, CONFIG_TYPE_GROUP);
    if (config_setting_type(s) != CONFIG_TYPE_GROUP) {
        char got[128];
        cfg_describe(s, got, sizeof got);
        ga_cfg_error(c, s, "expected a group { ... }, got %s", got);
        return NULL;
    }
    return s;
}

/* The integer held by s, in [min, max]: an int, or a float with no
 * fraction (1e5 is a fine way to write 100000). */
static bool cfg_int_value(struct ga_cfg *c, const config_setting_t *s, long long min, long long max,
                          long long *out)
{
    int type = config_setting_type(s);
    long long v;
    if (type == CONFIG_TYPE_INT || type == CONFIG_TYPE_INT64) {
        v = config_setting_get_int64(s);
    } else if (type == CONFIG_TYPE_FLOAT && config_setting_get_float(s) == floor(config_setting_get_float(s))
               && fabs(config_setting_get_float(s)) < 9e18) {
        v = (long long)config_setting_get_float(s);
    } else {
        char got[128];
        cfg_describe(s, got, sizeof got);
        ga_cfg_error(c, s, "expected an integer in [%lld, %lld], got %s", min, max, got);
        return false;
    }
    if (v < min || v > max) {
        ga_cfg_error(c, s, "expected an integer in [%lld, %lld], got %lld", min, max, v);
        return false;
    }
    *out = v;
    return true;
}

bool ga_cfg_int(struct ga_cfg *c, config_setting_t *group, const char *key, long long def,
                long long min, long long max, long long *out)
{
    config_setting_t *s = ga_cfg_lookup(c, group, key);
    if (!s) {
        /* Plain ints when they fit: libconfig writes int64 with an 'L'. */
        bool small = def >= INT32_MIN && def <= INT32_MAX;
        s = ga_cfg_add(c, group, key, small ? CONFIG_TYPE_INT : CONFIG_TYPE_INT64);
        if (s)
            config_setting_set_int64(s, def);
        *out = def;
        return true;
    }
    return cfg_int_value(c, s, min, max, out);
}

/* The list 'key' of group of min_count..max_count values ('what' says
 * their kind and range in messages): its setting and *n, or NULL (diagnosed). */
static config_setting_t *cfg_list(struct ga_cfg *c, config_setting_t *group, const char *key, size_t min_count,
                                  size_t max_count, const char *what, size_t *n)
{
    config_setting_t *s = ga_cfg_lookup(c, group, key);
    if (!s) {
        ga_cfg_error_at(c, group, key, "missing: a list of %zu to %zu %s", min_count, max_count, what);
        return NULL;
    }
    int type = config_setting_type(s);
    if (type != CONFIG_TYPE_ARRAY && type != CONFIG_TYPE_LIST) {
        char got[128];
        cfg_describe(s, got, sizeof got);
        ga_cfg_error(c, s, "expected a list like [1, 2, 3] of %zu to %zu %s, got %s", min_count, max_count, what,
                     got);
        return NULL;
    }
    *n = (size_t)config_setting_length(s);
    if (*n < min_count || *n > max_count) {
        ga_cfg_error(c, s, "expected %zu to %zu values, got %zu", min_count, max_count, *n);
        return NULL;
    }
    return s;
}

bool ga_cfg_int_list(struct ga_cfg *c, config_setting_t *group, const char *key, size_t min_count,
                     size_t max_count, long long min, long long max, long long *out, size_t *count)
{
    char what[96];
    snprintf(what, sizeof what, "integers in [%lld, %lld]", min, max);
    size_t n;
    config_setting_t *s = cfg_list(c, group, key, min_count, max_count, what, &n);
    if (!s)
        return false;
    bool ok = true;
    for (size_t i = 0; i < n; i++)
        ok &= cfg_int_value(c, config_setting_get_elem(s, (unsigned)i), min, max, &out[i]);
    *count = n;
    return ok;
}

/* A number in [min, max] from setting s. */
static bool cfg_double_value(struct ga_cfg *c, config_setting_t *s, double min, double max, double *out)
{
    int type = config_setting_type(s);
    double v;
    if (type == CONFIG_TYPE_FLOAT)
        v = config_setting_get_float(s);
    else if (type == CONFIG_TYPE_INT || type == CONFIG_TYPE_INT64)
        v = (double)config_setting_get_int64(s);
    else {
        char got[128];
        cfg_describe(s, got, sizeof got);
        ga_cfg_error(c, s, "expected a number in [%g, %g], got %s", min, max, got);
        return false;
    }
    if (!(v >= min && v <= max)) {
        char got[32];
        cfg_float_text(v, got, sizeof got);
        ga_cfg_error(c, s, "expected a number in [%g, %g], got %s", min, max, got);
        return false;
    }
    *out = v;
    return true;
}

bool ga_cfg_double_list(struct ga_cfg *c, config_setting_t *group, const char *key, size_t min_count,
                        size_t max_count, double min, double max, double *out, size_t *count)
{
    char what[96];
    snprintf(what, sizeof what, "numbers in [%g, %g]", min, max);
    size_t n;
    config_setting_t *s = cfg_list(c, group, key, min_count, max_count, what, &n);
    if (!s)
        return false;
    bool ok = true;
    for (size_t i = 0; i < n; i++)
        ok &= cfg_double_value(c, config_setting_get_elem(s, (unsigned)i), min, max, &out[i]);
    *count = n;
    return ok;
}

bool ga_cfg_double(struct ga_cfg *c, config_setting_t *group, const char *key, double def,
                   double min, double max, double *out)
{
    config_setting_t *s = ga_cfg_lookup(c, group, key);
    if (!s) {
        s = ga_cfg_add(c, group, key, CONFIG_TYPE_FLOAT);
        if (s)
            config_setting_set_float(s, def);
        *out = def;
        return true;
    }
    return cfg_double_value(c, s, min, max, out);
}

bool ga_cfg_bool(struct ga_cfg *c, config_setting_t *group, const char *key, bool def, bool *out)
{
    config_setting_t *s = ga_cfg_lookup(c, group, key);
    if (!s) {
        s = ga_cfg_add(c, group, key, CONFIG_TYPE_BOOL);
        if (s)
            config_setting_set_bool(s, def);
        *out = def;
        return true;
    }
    if (config_setting_type(s) != CONFIG_TYPE_BOOL) {
        char got[128];
        cfg_describe(s, got, sizeof got);
        ga_cfg_error(c, s, "expected true or false, got %s", got);
        return false;
    }
    *out = config_setting_get_bool(s);
    return true;
}

bool ga_cfg_string(struct ga_cfg *c, config_setting_t *group, const char *key, const char *def,
                   const char **out)
{
    config_setting_t *s = ga_cfg_lookup(c, group, key);
    if (!s) {
        s = ga_cfg_add(c, group, key, CONFIG_TYPE_STRING);
        if (s)
            config_setting_set_string(s, def);
        *out = s ? config_setting_get_string(s) : def;
        return true;
    }
    if (config_setting_type(s) != CONFIG_TYPE_STRING) {
        char got[128];
        cfg_describe(s, got, sizeof got);
        ga_cfg_error(c, s, "expected a string, got %s", got);
        return false;
    }
    *out = config_setting_get_string(s);
    return true;
}

/* The folder relative input paths of setting s resolve against: that of
 * the file it was read from, the working directory for --set. */
static void cfg_base_dir(const struct ga_cfg *c, const config_setting_t *s, char *buf, size_t size)
{
    const char *file;
    unsigned line;
    cfg_source(c, s, &file, &line);
    cfg_dir_of(file == cfg_from_command_line ? "." : file, buf, size);
}

bool ga_cfg_file(struct ga_cfg *c, config_setting_t *group, const char *key, const char *def,
                 const char **out)
{
    if (!ga_cfg_string(c, group, key, def, out))
        return false;
    config_setting_t *s = config_setting_get_member(group, key);
    if (!s || !(*out)[0])
        return true;
    char dir[1024], joined[2048], real[PATH_MAX], shown[512];
    cfg_base_dir(c, s, dir, sizeof dir);
    int n = (*out)[0] == '/' ? snprintf(joined, sizeof joined, "%s", *out)
                             : snprintf(joined, sizeof joined, "%s/%s", dir, *out);
    struct stat st;
    bool fits = n >= 0 && (size_t)n < sizeof joined, resolved = fits && realpath(joined, real);
    int unresolved = errno;
    /* a name no kept file could record on its line, also through a link */
    if (cfg_escape(joined, shown, sizeof shown) || (resolved && cfg_escape(real, shown, sizeof shown))) {
        ga_cfg_error(c, s, "cannot read \"%s\": " CFG_NAME_UNSAFE, shown);
        return false;
    }
    const char *why = !fits ? "path too long"
                      : !resolved ? strerror(unresolved)
                      : stat(real, &st) != 0 ? strerror(errno)
                      : S_ISDIR(st.st_mode) ? "it is a folder"
                      : !S_ISREG(st.st_mode) ? "not a regular file (a FIFO, device or socket)"
                      : (uint64_t)st.st_size > GA_CFG_FILE_MAX ? "larger than 16 MiB, the limit"
                                                               : NULL;
    if (why) {
        ga_cfg_error(c, s, "cannot read '%s': %s", joined, why);
        return false;
    }
    char changed[512]; /* a diagnostic's message */
    const struct cfg_file *input = cfg_input_read(c, real, changed, sizeof changed);
    if (!input && *changed)
        ga_cfg_error(c, s, "%s", changed);
    if (!input || !cfg_resolved(c, s, *out, real)) /* read once, as recorded if it was */
        return false;
    if (config_setting_set_string(s, real) != CONFIG_TRUE) {
        c->oom = true;
        return false;
    }
    *out = config_setting_get_string(s);
    return true;
}

void ga_cfg_unknown_name(struct ga_cfg *c, config_setting_t *s, const char *what,
                         const char *const *names, size_t n)
{
    const char *word = config_setting_get_string(s);
    char shown[96];
    cfg_escape(word, shown, sizeof shown);
    const char *hint = ga_diag_closest(word, names, n);
    char list[256] = "";
    size_t used = 0;
    for (size_t i = 0; i < n && used < sizeof list; i++) {
        int k = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
        if (k < 0)
            break;
        used += (size_t)k;
    }
    if (hint)
        ga_cfg_error(c, s, "unknown %s '%s' (did you mean '%s'?)", what, shown, hint);
    else
        ga_cfg_error(c, s, "unknown %s '%s' (choose one of: %s)", what, shown, list);
}

bool ga_cfg_choice(struct ga_cfg *c, config_setting_t *group, const char *key,
                   const char *const *choices, size_t n, size_t def, size_t *out)
{
    const char *word;
    if (!ga_cfg_string(c, group, key, choices[def], &word))
        return false;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(word, choices[i]) == 0) {
            *out = i;
            return true;
        }
    }
    ga_cfg_unknown_name(c, config_setting_get_member(group, key), "value", choices, n);
    return false;
}

/* --set: copy a parsed value into the tree, recursively for arrays/lists. */
/* Copies src as 'name' of dst_parent.  The copy is located on the command
 * line, or where src is when 'keep_source' (a sweep's value keeps its line). */
static bool cfg_copy_value(config_setting_t *dst_parent, const char *name,
                           const config_setting_t *src, bool keep_source)
{
    int type = config_setting_type(src);
    config_setting_t *d = config_setting_add(dst_parent, name, type);
    if (!d)
        return false;
    d->file = cfg_from_command_line;
    d->line = 0;
    const struct ga_cfg *owner = keep_source ? cfg_owner(src) : NULL;
    if (owner) /* its file and line as its configuration knows them (an @include's, say) */
        cfg_source(owner, src, &d->file, &d->line);
    else if (keep_source)
        d->file = src->file, d->line = src->line;
    switch (type) {
    case CONFIG_TYPE_INT:
    case CONFIG_TYPE_INT64:
        return config_setting_set_int64(d, config_setting_get_int64(src)) == CONFIG_TRUE;
    case CONFIG_TYPE_FLOAT:
        return config_setting_set_float(d, config_setting_get_float(src)) == CONFIG_TRUE;
    case CONFIG_TYPE_BOOL:
        return config_setting_set_bool(d, config_setting_get_bool(src)) == CONFIG_TRUE;
    case CONFIG_TYPE_STRING:
        return config_setting_set_string(d, config_setting_get_string(src)) == CONFIG_TRUE;
    default:
        for (int i = 0; i < config_setting_length(src); i++) {
            const config_setting_t *e = config_setting_get_elem(src, (unsigned)i);
            if (!cfg_copy_value(d, config_setting_name(e), e, keep_source))
                return false;
        }
        return true;
    }
}

static bool cfg_valid_name(const char *s, size_t len)
{
    if (len == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '*'))
        return false;
    for (size_t i = 1; i < len; i++)
        if (!(isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '-' || s[i] == '*'))
            return false;
    return true;
}

/* Parses 'value' as libconfig syntax into setting "v" of tmp; a bare word
 * (or any literal) becomes a string. */
static bool cfg_parse_value(struct ga_cfg *c, config_t *tmp, const char *value, bool literal)
{
    if (!literal) {
        size_t len = strlen(value);
        char *text = malloc(len + 16);
        if (!text)
            return false;
        snprintf(text, len + 16, "v = %s;", value);
        if (!cfg_integers_fit(c, text, "--set")) {
            free(text);
            return false;
        }
        bool ok = config_read_string(tmp, text) == CONFIG_TRUE &&
                  config_setting_length(config_root_setting(tmp)) == 1 && config_lookup(tmp, "v");
        free(text);
        if (ok)
            return true;
        config_destroy(tmp);
        config_init(tmp);
    }
    config_setting_t *s = config_setting_add(config_root_setting(tmp), "v", CONFIG_TYPE_STRING);
    return s && config_setting_set_string(s, value) == CONFIG_TRUE;
}

/* Finds (making groups as needed) the group that holds the last segment of
 * the dotted path in 'path' (a writable copy); *leaf points into it. */
static config_setting_t *cfg_walk(struct ga_cfg *c, char *path, char **leaf,
                                  const config_setting_t *source)
{
    config_setting_t *group = config_root_setting(&c->conf);
    char *segment = path;
    for (;;) {
        char *dot = strchr(segment, '.');
        size_t seg_len = dot ? (size_t)(dot - segment) : strlen(segment);
        if (!cfg_valid_name(segment, seg_len)) {
            ga_diag_add(c->diag, "--set", 0, path, "not a setting path (use names like ga.mutation.rate)");
            return NULL;
        }
        if (!dot)
            break;
        *dot = '\0';
        config_setting_t *next = config_setting_get_member(group, segment);
        if (!next) {
            next = config_setting_add(group, segment, CONFIG_TYPE_GROUP);
            if (next) { /* a group made for the value is located with it */
                next->file = source ? source->file : cfg_from_command_line;
                next->line = source ? source->line : 0;
            }
        } else if (config_setting_type(next) != CONFIG_TYPE_GROUP) {
            *dot = '.';
            ga_diag_add(c->diag, "--set", 0, path, "'%.*s' is not a group", (int)(dot - path), path);
            return NULL;
        }
        *dot = '.';
        if (!next) {
            c->oom = true;
            return NULL;
        }
        group = next;
        segment = dot + 1;
    }
    *leaf = segment;
    return group;
}

/* Replaces 'leaf' of 'group' by a copy of value; false when out of memory. */
static bool cfg_place(struct ga_cfg *c, config_setting_t *group, const char *leaf,
                      const config_setting_t *value, bool keep_source)
{
    config_setting_remove(group, leaf);
    if (cfg_copy_value(group, leaf, value, keep_source))
        return true;
    c->oom = true;
    return false;
}

/* Puts 'value' at 'dotted' (groups made as needed); literal: a plain string. */
static bool cfg_put(struct ga_cfg *c, const char *dotted, const char *value, bool literal)
{
    char path[256], *leaf;
    if (strlen(dotted) >= sizeof path) {
        ga_diag_add(c->diag, "--set", 0, "", "setting path too long");
        return false;
    }
    snprintf(path, sizeof path, "%s", dotted);
    config_setting_t *group = cfg_walk(c, path, &leaf, NULL);
    if (!group)
        return false;
    config_t tmp;
    config_init(&tmp);
    size_t reported = c->diag->count + c->diag->dropped;
    bool ok = cfg_parse_value(c, &tmp, value, literal);
    if (ok)
        ok = cfg_place(c, group, leaf, config_lookup(&tmp, "v"), false);
    else if (c->diag->count + c->diag->dropped == reported)
        c->oom = true;
    config_destroy(&tmp);
    return ok;
}

bool ga_cfg_copy(struct ga_cfg *c, struct ga_cfg *from, const char *except)
{
    snprintf(c->file, sizeof c->file, "%s", from->file);
    cfg_files_share(c, from);
    config_setting_t *root = config_root_setting(&from->conf);
    for (int i = 0; i < config_setting_length(root); i++) {
        const config_setting_t *s = config_setting_get_elem(root, (unsigned)i);
        if (except && strcmp(config_setting_name(s), except) == 0)
            continue;
        if (!cfg_copy_value(config_root_setting(&c->conf), config_setting_name(s), s, true)) {
            c->oom = true;
            return false;
        }
    }
    c->settings = from->settings;
    return true;
}

bool ga_cfg_override_value(struct ga_cfg *c, const char *dotted, const config_setting_t *value)
{
    char path[256], *leaf;
    if (strlen(dotted) >= sizeof path) {
        ga_cfg_error(c, value, "setting path too long");
        return false;
    }
    snprintf(path, sizeof path, "%s", dotted);
    config_setting_t *group = cfg_walk(c, path, &leaf, value);
    return group && cfg_place(c, group, leaf, value, true);
}

bool ga_cfg_override(struct ga_cfg *c, const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment || (size_t)(eq - assignment) >= 256) {
        ga_diag_add(c->diag, "--set", 0, "", "expected PATH=VALUE, got '%s'", assignment);
        return false;
    }
    char path[256];
    memcpy(path, assignment, (size_t)(eq - assignment));
    path[eq - assignment] = '\0';
    return cfg_put(c, path, eq + 1, false);
}

bool ga_cfg_override_string(struct ga_cfg *c, const char *path, const char *value)
{
    return cfg_put(c, path, value, true);
}

static void cfg_check_group(struct ga_cfg *c, const config_setting_t *group)
{
    const char *candidates[64];
    size_t n = 0;
    for (size_t i = 0; i < c->asked_count && n < 64; i++)
        if (c->asked[i].group == group)
            candidates[n++] = c->asked[i].key;

    for (int i = 0; i < config_setting_length(group); i++) {
        const config_setting_t *s = config_setting_get_elem(group, (unsigned)i);
        if (!cfg_is_marked(c, s)) {
            const char *name = config_setting_name(s);
            const char *hint = ga_diag_closest(name, candidates, n);
            if (hint && strcmp(hint, name) != 0)
                ga_cfg_error(c, s, "unknown setting (did you mean '%s'?)", hint);
            else
                ga_cfg_error(c, s, "unknown setting");
        } else if (config_setting_type(s) == CONFIG_TYPE_GROUP) {
            cfg_check_group(c, s);
        }
    }
}

void ga_cfg_check_unknown(struct ga_cfg *c)
{
    cfg_check_group(c, config_root_setting(&c->conf));
}

bool ga_cfg_write(struct ga_cfg *c, FILE *out)
{
    /* "name = { ... }" as people write it, not libconfig's "name : {". */
    config_set_options(&c->conf, CONFIG_OPTION_SEMICOLON_SEPARATORS);
    config_write(&c->conf, out);
    return !ferror(out);
}

config_t *ga_cfg_config(struct ga_cfg *c)
{
    return &c->conf;
}

struct ga_diag *ga_cfg_diag(struct ga_cfg *c)
{
    return c->diag;
}

const char *ga_cfg_name(const struct ga_cfg *c)
{
    return c->file;
}

bool ga_cfg_oom(const struct ga_cfg *c)
{
    return c->oom;
}
