/* cli/runner/plugin.c — gaexp's registry: the built-in catalogue plus the plug-ins an experiment or --plugin names. */
/* realpath() is XSI. */
#define _XOPEN_SOURCE 700
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "cli/runner/guard.h"
#include "cli/runner/plugin.h"
#include "cli/store/output_settings.h"
#include "gaexp/pack.h"
#include "gaexp/registry.h"
#include "gaexp/status.h"

#define CLI_PLUGIN_MAX 16

/* The program's registry (the library keeps none) and the plug-ins in it. */
static struct ga_registry *cli_reg;
static struct cli_plugin {
    char path[PATH_MAX]; /* resolved */
    char hash[17];       /* FNV-1a of the file's bytes, hexadecimal */
    bool from_option;    /* named by --plugin */
    bool change_said;    /* resumed with it changed: said once */
    size_t problems_begin, problems_end; /* its problems' places in the registry */
} cli_plugins[CLI_PLUGIN_MAX];
static size_t cli_plugin_count;
/* 'gaexp resume DIR --accept-changed-plugin': a plug-in whose hash differs
 * from the one recorded is taken (and the change recorded) for DIR. */
static const char *cli_plugin_resumed; /* DIR while resuming it, else NULL */
static bool cli_plugin_accept;

void cli_plugin_resuming(const char *dir, bool accept_changed)
{
    cli_plugin_resumed = dir;
    cli_plugin_accept = accept_changed;
}

static struct ga_registry *cli_registry(void)
{
    if (!cli_reg) {
        cli_reg = ga_registry_alloc();
        if (cli_reg && ga_registry_add_catalog(cli_reg, ga_builtins()) != GA_OK) {
            ga_registry_free(cli_reg);
            cli_reg = NULL;
        }
    }
    return cli_reg;
}

const struct ga_catalog *cli_catalog(void)
{
    struct ga_registry *reg = cli_registry();
    return reg ? ga_registry_catalog(reg) : ga_builtins();
}

void cli_registry_free(void)
{
    ga_registry_free(cli_reg);
    cli_reg = NULL;
    cli_plugin_count = 0;
}

static size_t cli_catalog_size(const struct ga_catalog *cat)
{
    size_t n = 0;
    while (cat->problems[n])
        n++;
    return n;
}

/* How many entries each family of cat holds: problems, crossovers,
 * mutations, selections. */
static void cli_catalog_counts(const struct ga_catalog *cat, size_t count[4])
{
    count[0] = cli_catalog_size(cat);
    for (count[1] = 0; cat->crossovers[count[1]]; count[1]++)
        ;
    for (count[2] = 0; cat->mutations[count[2]]; count[2]++)
        ;
    for (count[3] = 0; cat->selections && cat->selections[count[3]]; count[3]++)
        ;
}

/* The content hash of a file, into hex[17]; false when it cannot be read. */
static bool cli_plugin_hash(const char *path, char *hex)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    struct ga_pack bytes = {0};
    char buf[65536];
    for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;)
        ga_pack_put(&bytes, buf, n);
    bool ok = !ferror(f) && !bytes.oom;
    fclose(f);
    if (ok)
        snprintf(hex, 17, "%016llx", (unsigned long long)ga_pack_hash(bytes.data, bytes.len));
    ga_pack_free(&bytes);
    return ok;
}

/* Loads the plug-in at 'path' (resolved into *loaded) unless it is loaded
 * already; GA_OK or a status, with 'why' (size bytes) saying what failed. */
static int cli_plugin_load(const char *path, const struct cli_plugin **loaded, char *why, size_t size)
{
    char resolved[PATH_MAX];
    if (!realpath(path, resolved)) {
        snprintf(why, size, "cannot read '%s': %s", path, strerror(errno));
        return GA_ENOENT;
    }
    for (size_t i = 0; i < cli_plugin_count; i++)
        if (strcmp(cli_plugins[i].path, resolved) == 0) {
            *loaded = &cli_plugins[i];
            return GA_OK;
        }
    struct ga_registry *reg = cli_registry();
    if (!reg || cli_plugin_count == CLI_PLUGIN_MAX) {
        snprintf(why, size, "'%s': %s", resolved, reg ? "too many plug-ins" : ga_strerror(GA_ENOMEM));
        return GA_ENOMEM;
    }
    struct cli_plugin *p = &cli_plugins[cli_plugin_count];
    snprintf(p->path, sizeof p->path, "%s", resolved);
    if (!cli_plugin_hash(resolved, p->hash)) {
        snprintf(why, size, "cannot read '%s': %s", resolved, strerror(errno));
        return GA_ENOENT;
    }
    char detail[512];
    size_t before[4], after[4];
    cli_catalog_counts(ga_registry_catalog(reg), before);
    int status = ga_registry_load(reg, resolved, detail, sizeof detail);
    /* dlerror() starts with the path, which the message names already. */
    const char *dl = detail;
    if (strncmp(dl, resolved, strlen(resolved)) == 0 && dl[strlen(resolved)] == ':')
        dl += strlen(resolved) + 1 + (dl[strlen(resolved) + 1] == ' ');
    switch (status) {
    case GA_OK:
        break;
    case GA_ENOENT:
        snprintf(why, size, "cannot read '%s': %s", resolved, detail);
        return status;
    case GA_ENOTPLUGIN:
        snprintf(why, size, "'%s' is not a shared object (%s)", resolved, dl);
        return status;
    case GA_ENOENTRY:
        snprintf(why, size, "'%s' is not a gaexp plug-in: it defines no gaexp_plugin_register "
                 "(see GAEXP_PLUGIN in gaexp/registry.h)", resolved);
        return status;
    case GA_EABI:
        snprintf(why, size, "'%s' was built for plug-in ABI %s (%s gaexp), this gaexp loads ABI %u: "
                 "rebuild it against this gaexp's headers", resolved, detail,
                 strtoul(detail, NULL, 10) < GAEXP_PLUGIN_ABI ? "an older" : "another", GAEXP_PLUGIN_ABI);
        return status;
    case GA_ECLASH:
        snprintf(why, size, "'%s' registers '%s', a name gaexp already has", resolved, detail);
        return status;
    case GA_ECOLUMN:
        snprintf(why, size, "'%s' declares a bad statistics column: %s", resolved, detail);
        return status;
    default:
        snprintf(why, size, "'%s': %s", resolved, ga_strerror(status));
        return status;
    }
    p->from_option = false;
    cli_catalog_counts(ga_registry_catalog(reg), after);
    p->problems_begin = before[0];
    p->problems_end = after[0];
    cli_guard_plugin(resolved, ga_registry_catalog(reg), before, after); /* its crashes are named */
    *loaded = p;
    cli_plugin_count++;
    return GA_OK;
}

bool cli_plugin_option(const char *path)
{
    const struct cli_plugin *p;
    char why[1024 + PATH_MAX];
    if (cli_plugin_load(path, &p, why, sizeof why) != GA_OK) {
        app_error("--plugin: %s", why);
        return false;
    }
    cli_plugins[p - cli_plugins].from_option = true;
    return true;
}

/* The --plugin plug-in that registered the problem named 'name', or NULL. */
static const struct cli_plugin *cli_plugin_of(const char *name)
{
    const struct ga_catalog *cat = cli_catalog();
    size_t index = 0;
    for (const struct ga_problem *const *q = cat->problems; *q; q++, index++)
        if (strcmp((*q)->name, name) == 0)
            for (size_t i = 0; i < cli_plugin_count; i++)
                if (index >= cli_plugins[i].problems_begin && index < cli_plugins[i].problems_end)
                    return cli_plugins[i].from_option ? &cli_plugins[i] : NULL;
    return NULL;
}

/* Writes the plug-in's resolved path and hash into the 'problem' group. */
static bool cli_plugin_record(struct ga_cfg *cfg, config_setting_t *problem, config_setting_t *s,
                              const struct cli_plugin *p)
{
    if (!s)
        s = ga_cfg_add(cfg, problem, "plugin", CONFIG_TYPE_STRING);
    config_setting_t *h = config_setting_get_member(problem, "plugin_hash");
    if (!h)
        h = ga_cfg_add(cfg, problem, "plugin_hash", CONFIG_TYPE_STRING);
    return s && h && config_setting_set_string(s, p->path) && config_setting_set_string(h, p->hash);
}

/* The plug-in p differs from the one the configuration recorded: refused
 * (a diagnostic saying how to go on), or, resuming with
 * --accept-changed-plugin, taken, the change recorded in the problem
 * group's plugin_changed ("OLD -> NEW", earlier changes first). */
static bool cli_plugin_changed(struct ga_cfg *cfg, config_setting_t *problem, const config_setting_t *s,
                               const struct cli_plugin *p, const char *recorded)
{
    config_setting_t *log = ga_cfg_lookup(cfg, problem, "plugin_changed");
    if (!cli_plugin_accept) {
        char how[1200];
        if (cli_plugin_resumed)
            snprintf(how, sizeof how, "'gaexp resume %s --accept-changed-plugin' goes on with it and records the change",
                     cli_plugin_resumed);
        else
            snprintf(how, sizeof how, "remove problem.plugin_hash to run with it");
        ga_cfg_error(cfg, s, "'%s' has changed since this run was configured (content hash %s, problem.plugin_hash "
                     "records %s); %s", p->path, p->hash, recorded ? recorded : "no string", how);
        return false;
    }
    char entry[1100];
    const char *before = log && config_setting_type(log) == CONFIG_TYPE_STRING ? config_setting_get_string(log) : "";
    snprintf(entry, sizeof entry, "%s%s%s -> %s", before, before[0] ? ", " : "", recorded ? recorded : "?", p->hash);
    if (!log)
        log = ga_cfg_add(cfg, problem, "plugin_changed", CONFIG_TYPE_STRING);
    if (!log || config_setting_set_string(log, entry) != CONFIG_TRUE) {
        app_error("out of memory");
        return false;
    }
    if (!p->change_said) /* once, not for each point of a sweep */
        fprintf(stderr, "gaexp: %s goes on with the changed plug-in %s (content hash %s, was %s); config.cfg records "
                        "it (problem.plugin_changed)\n", cli_plugin_resumed, p->path, p->hash, recorded ? recorded : "?");
    cli_plugins[p - cli_plugins].change_said = true;
    return true;
}

/* 'path' as the experiment file that names it sees it, into buf: relative
 * to that file's folder (to the working directory when --set gave it). */
static void cli_plugin_resolve(struct ga_cfg *cfg, const config_setting_t *s, const char *path, char *buf,
                               size_t size)
{
    const char *file = config_setting_source_file(s);
    if (!file)
        file = ga_cfg_name(cfg);
    const char *slash = strcmp(file, "--set") == 0 ? NULL : strrchr(file, '/');
    if (path[0] == '/' || !slash)
        snprintf(buf, size, "%s", path);
    else
        snprintf(buf, size, "%.*s/%s", (int)(slash - file), file, path);
}

const struct ga_catalog *cli_catalog_for(struct ga_cfg *cfg)
{
    config_setting_t *problem = config_setting_get_member(ga_cfg_root(cfg), "problem");
    if (!problem || !config_setting_is_group(problem))
        return cli_catalog();
    config_setting_t *s = config_setting_get_member(problem, "plugin");
    if (!s) {
        /* A problem of a --plugin plug-in: config.cfg records where it came from. */
        const char *name = NULL;
        const struct cli_plugin *p = config_setting_lookup_string(problem, "name", &name) ? cli_plugin_of(name)
                                                                                          : NULL;
        if (p && !cli_plugin_record(cfg, problem, NULL, p)) {
            app_error("out of memory");
            return NULL;
        }
        return cli_catalog();
    }
    if (config_setting_type(s) != CONFIG_TYPE_STRING || !config_setting_get_string(s)[0]) {
        ga_cfg_error(cfg, s, "expected the plug-in's file name as a string (a path relative to this file)");
        return NULL;
    }
    char path[PATH_MAX + 512], why[1024 + PATH_MAX];
    cli_plugin_resolve(cfg, s, config_setting_get_string(s), path, sizeof path);
    const struct cli_plugin *p;
    if (cli_plugin_load(path, &p, why, sizeof why) != GA_OK) {
        ga_cfg_error(cfg, s, "%s", why);
        return NULL;
    }
    config_setting_t *h = config_setting_get_member(problem, "plugin_hash");
    const char *recorded = h && config_setting_type(h) == CONFIG_TYPE_STRING ? config_setting_get_string(h) : NULL;
    if (h && (!recorded || strcmp(recorded, p->hash) != 0) && !cli_plugin_changed(cfg, problem, s, p, recorded))
        return NULL;
    if (!cli_plugin_record(cfg, problem, s, p)) {
        app_error("out of memory");
        return NULL;
    }
    return cli_catalog();
}

struct ga_experiment *cli_experiment_alloc(struct ga_cfg *cfg, uint64_t default_seed, struct output_settings *out)
{
    const struct ga_catalog *cat = cli_catalog_for(cfg);
    struct ga_experiment_reader output = output_settings_reader(out);
    return cat ? ga_experiment_alloc(cfg, cat, default_seed, &output) : NULL;
}
