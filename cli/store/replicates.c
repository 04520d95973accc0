/* cli/store/replicates.c — the replicates of runs side by side, kept as they end and, under way, every
 * output.checkpoint seconds (cli/store/replicates.h). */
#include "config.h"

#include "cli/store/replicates.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/store/checkpoint.h"
#include "cli/store/names.h"
#include "gaexp/cfg.h"
#include "gaexp/experiment.h"

bool replicates_identity(struct ga_cfg *cfg, uint64_t *hash)
{
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *copy = ga_cfg_alloc(&diag);
    bool ok = copy && ga_cfg_copy(copy, cfg, NULL);
    static const char *const groups[] = {"ga", "output"}, *const keys[] = {"threads", "dir"};
    for (size_t i = 0; ok && i < 2; i++) {
        config_setting_t *g = config_setting_get_member(ga_cfg_root(copy), groups[i]);
        if (g && config_setting_is_group(g))
            config_setting_remove(g, keys[i]);
    }
    char *text = NULL;
    size_t len = 0;
    FILE *mem = ok ? open_memstream(&text, &len) : NULL;
    ok = mem && ga_cfg_write(copy, mem);
    if (mem && fclose(mem) != 0)
        ok = false;
    if (ok)
        *hash = ga_pack_hash(text, len);
    free(text);
    ga_cfg_free(copy);
    return ok;
}

bool replicates_worth(const struct output_settings *out, double seconds)
{
    return seconds >= 1.0 || out->checkpoint_seconds < 1.0;
}

void replicates_beside(const char *dir, char *buf, size_t size)
{
    const char *slash = strrchr(dir, '/');
    int parent = slash ? (int)(slash - dir) + 1 : 0;
    snprintf(buf, size, "%.*s.%s.replicates", parent, dir, dir + parent);
}

void replicates_place(struct replicates *k, const struct output_settings *out, uint64_t config_hash)
{
    struct stat st;
    if (lstat(out->dir, &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(k->dir, sizeof k->dir, "%s/replicates", out->dir);
    else
        replicates_beside(out->dir, k->dir, sizeof k->dir);
    k->config_hash = config_hash;
}

void replicates_drop_beside(const char *dir)
{
    char path[APP_PATH_MAX];
    replicates_beside(dir, path, sizeof path);
    replicates_drop_folder(path);
}

/* Loads file 'name' of the folder into *data when it is a whole file of
 * this configuration; false (said unless quiet) when it is not. */
static bool replicates_load_one(const struct replicates *k, const char *name, struct ga_pack *data, bool quiet)
{
    char path[APP_PATH_MAX + 32];
    uint64_t hash;
    snprintf(path, sizeof path, "%s/%s", k->dir, name);
    const char *why = checkpoint_load(path, data, &hash);
    if (!why && hash != k->config_hash) {
        why = "it belongs to another configuration";
        ga_pack_free(data);
    }
    if (why && !quiet)
        fprintf(stderr, "gaexp: notice: %s is left out (%s): its replicate runs again\n", path, why);
    return !why;
}

unsigned replicates_load(const struct replicates *k, unsigned count, struct ga_pack *records, struct ga_pack *states,
                         bool quiet)
{
    int fd = open(k->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    unsigned loaded = 0;
    for (struct dirent *e; (e = readdir(d));) {
        char *end;
        unsigned long r = e->d_name[0] == 'r' ? strtoul(e->d_name + 1, &end, 10) : 0;
        if (!r || r > count || end == e->d_name + 1)
            continue;
        bool ended = *end == '\0', under_way = strcmp(end, ".state") == 0;
        struct ga_pack *slot = ended ? &records[r - 1] : under_way ? &states[r - 1] : NULL;
        if (slot && !slot->len && replicates_load_one(k, e->d_name, slot, quiet))
            loaded += ended;
    }
    closedir(d);
    for (unsigned r = 0; r < count; r++) /* an ended replicate needs no state */
        if (records[r].len)
            ga_pack_free(&states[r]);
    return loaded;
}

/* Makes the folder (or finds it made); false (message printed) when it
 * cannot, or when something else than a folder holds its name (a symlink
 * is never followed). */
static bool replicates_make(const struct replicates *k)
{
    struct stat st;
    if (mkdir(k->dir, 0777) == 0 || (errno == EEXIST && lstat(k->dir, &st) == 0 && S_ISDIR(st.st_mode)))
        return true;
    app_error("cannot write %s: %s", k->dir, errno == EEXIST ? "it exists and is not a folder" : strerror(errno));
    return false;
}

bool replicates_keep(const struct replicates *k, unsigned r, const struct ga_pack *data, bool ended)
{
    if (!replicates_make(k))
        return false;
    char name[64], state[64];
    snprintf(state, sizeof state, "r%u.state", r);
    snprintf(name, sizeof name, "r%u", r);
    if (!checkpoint_save(k->dir, ended ? name : state, k->config_hash, data, false))
        return false;
    if (ended) { /* the record decides; a state left by a kill is ignored beside it */
        char path[APP_PATH_MAX + 64];
        snprintf(path, sizeof path, "%s/%s", k->dir, state);
        unlink(path);
    }
    return true;
}

/* Whether the replicates are kept inside the folder of their runs. */
static bool replicates_inside(const struct replicates *k, const struct output_settings *out)
{
    size_t n = strlen(out->dir);
    return strncmp(k->dir, out->dir, n) == 0 && strcmp(k->dir + n, "/replicates") == 0;
}

bool replicates_keep_config(const struct replicates *k, const struct output_settings *out, const struct ga_pack *config)
{
    char path[APP_PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/config", k->dir);
    if (!replicates_inside(k, out) || access(path, F_OK) == 0)
        return true;
    return replicates_make(k) && checkpoint_save(k->dir, "config", k->config_hash, config, true);
}

bool replicates_load_config(const char *dir, struct ga_pack *config)
{
    char path[APP_PATH_MAX + 32];
    uint64_t hash;
    snprintf(path, sizeof path, "%s/replicates/config", dir);
    const char *why = checkpoint_load(path, config, &hash);
    (void)hash; /* the identity of its replicates; the file's own checksum was checked */
    if (!why && (!config->len || config->data[config->len - 1] != '\0'))
        why = "corrupted (not a configuration's text)";
    if (why)
        app_error("cannot resume from %s: %s", path, why);
    if (why)
        ga_pack_free(config);
    return !why;
}

void replicates_drop(const struct replicates *k)
{
    replicates_drop_folder(k->dir);
}

void replicates_drop_folder(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    for (struct dirent *e; d && (e = readdir(d));)
        if (names_find(NAMES_REPLICATES, e->d_name))
            unlinkat(fd, e->d_name, 0); /* only what it writes: a stranger's file keeps the folder */
    if (d)
        closedir(d);
    else if (fd >= 0)
        close(fd);
    rmdir(path);
}
