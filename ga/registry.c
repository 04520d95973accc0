/* ga/registry.c — a registry of problems and operators, filled from catalogues and plug-ins. */
#include "gaexp/registry.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gaexp/status.h"

/* A NULL-terminated array of table pointers, as struct ga_catalog holds. */
struct registry_list {
    const void **items;
    size_t count, cap;
};

struct ga_registry {
    struct registry_list problems, crossovers, mutations, selections;
    const char *clash; /* the name the last refused add named (or reg->why) */
    char why[160];     /* what was wrong with a problem's columns */
    void **handles;    /* dlopen handles of the loaded plug-ins */
    size_t handle_count;
    struct ga_catalog catalog;
};

static const void *registry_empty[] = {NULL};

static void registry_sync(struct ga_registry *reg)
{
    reg->catalog.problems = (const struct ga_problem *const *)(reg->problems.items ? reg->problems.items
                                                                                   : registry_empty);
    reg->catalog.crossovers =
        (const struct ga_crossover *const *)(reg->crossovers.items ? reg->crossovers.items : registry_empty);
    reg->catalog.mutations =
        (const struct ga_mutation *const *)(reg->mutations.items ? reg->mutations.items : registry_empty);
    reg->catalog.selections =
        (const struct ga_selection *const *)(reg->selections.items ? reg->selections.items : registry_empty);
}

struct ga_registry *ga_registry_alloc(void)
{
    struct ga_registry *reg = calloc(1, sizeof *reg);
    if (reg)
        registry_sync(reg);
    return reg;
}

void ga_registry_free(struct ga_registry *reg)
{
    if (!reg)
        return;
    free(reg->problems.items);
    free(reg->crossovers.items);
    free(reg->mutations.items);
    free(reg->selections.items);
    for (size_t i = 0; i < reg->handle_count; i++)
        dlclose(reg->handles[i]);
    free(reg->handles);
    free(reg);
}

/* Appends item, keeping the NULL terminator. */
static int registry_push(struct registry_list *l, const void *item)
{
    if (l->count + 2 > l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        const void **items = realloc(l->items, cap * sizeof *items);
        if (!items)
            return GA_ENOMEM;
        l->items = items;
        l->cap = cap;
    }
    l->items[l->count++] = item;
    l->items[l->count] = NULL;
    return GA_OK;
}

/* Adds item, named name, to list unless 'taken' (the name is in use). */
static int registry_add(struct ga_registry *reg, struct registry_list *list, const void *item,
                        const char *name, bool taken)
{
    reg->clash = name;
    if (taken)
        return GA_ECLASH;
    int status = registry_push(list, item);
    registry_sync(reg);
    return status;
}

int ga_registry_add_problem(struct ga_registry *reg, const struct ga_problem *p)
{
    size_t bad;
    const char *why = ga_problem_columns_check(p, &bad);
    if (why) {
        const char *name = bad < ga_problem_column_count(p) ? ga_problem_columns(p)->names[bad] : NULL;
        snprintf(reg->why, sizeof reg->why, "problem '%s', column %zu%s%s%s: %s", p->name, bad + 1,
                 name ? " '" : "", name ? name : "", name ? "'" : "", why);
        reg->clash = reg->why;
        return GA_ECOLUMN;
    }
    return registry_add(reg, &reg->problems, p, p->name, ga_catalog_problem(&reg->catalog, p->name) != NULL);
}

int ga_registry_add_crossover(struct ga_registry *reg, const struct ga_crossover *op)
{
    return registry_add(reg, &reg->crossovers, op, op->name, ga_catalog_crossover(&reg->catalog, NULL, op->name) != NULL);
}

int ga_registry_add_mutation(struct ga_registry *reg, const struct ga_mutation *op)
{
    return registry_add(reg, &reg->mutations, op, op->name, ga_catalog_mutation(&reg->catalog, NULL, op->name) != NULL);
}

int ga_registry_add_selection(struct ga_registry *reg, const struct ga_selection *op)
{
    return registry_add(reg, &reg->selections, op, op->name, ga_catalog_selection(&reg->catalog, op->name) != NULL);
}

int ga_registry_add_catalog(struct ga_registry *reg, const struct ga_catalog *cat)
{
    int status = GA_OK;
    for (const struct ga_problem *const *p = cat->problems; status == GA_OK && *p; p++)
        status = ga_registry_add_problem(reg, *p);
    for (const struct ga_crossover *const *c = cat->crossovers; status == GA_OK && *c; c++)
        status = ga_registry_add_crossover(reg, *c);
    for (const struct ga_mutation *const *m = cat->mutations; status == GA_OK && *m; m++)
        status = ga_registry_add_mutation(reg, *m);
    for (const struct ga_selection *const *s = cat->selections; status == GA_OK && s && *s; s++)
        status = ga_registry_add_selection(reg, *s);
    return status;
}

const struct ga_catalog *ga_registry_catalog(const struct ga_registry *reg)
{
    return &reg->catalog;
}

/* The lengths of the lists, to take back what a failed plug-in added. */
struct registry_mark {
    size_t problems, crossovers, mutations, selections;
};

static void registry_rewind(struct ga_registry *reg, struct registry_mark m)
{
    struct registry_list *lists[] = {&reg->problems, &reg->crossovers, &reg->mutations, &reg->selections};
    size_t counts[] = {m.problems, m.crossovers, m.mutations, m.selections};
    for (size_t i = 0; i < 4; i++)
        if (lists[i]->items) {
            lists[i]->count = counts[i];
            lists[i]->items[counts[i]] = NULL;
        }
    registry_sync(reg);
}

int ga_registry_load(struct ga_registry *reg, const char *path, char *detail, size_t size)
{
    detail[0] = '\0';
    if (access(path, R_OK) != 0) {
        snprintf(detail, size, "%s", strerror(errno));
        return GA_ENOENT;
    }
    /* RTLD_NOW: a plug-in missing a symbol fails here, not in the middle of a run. */
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        snprintf(detail, size, "%s", why ? why : "dlopen failed");
        return GA_ENOTPLUGIN;
    }
    const unsigned *abi = dlsym(h, "gaexp_plugin_abi");
    int (*entry)(struct ga_registry *, unsigned) = NULL;
    *(void **)&entry = dlsym(h, "gaexp_plugin_register");
    if (!abi || !entry) {
        dlclose(h);
        return GA_ENOENTRY;
    }
    if (*abi != GAEXP_PLUGIN_ABI) {
        snprintf(detail, size, "%u", *abi);
        dlclose(h);
        return GA_EABI;
    }
    void **handles = realloc(reg->handles, (reg->handle_count + 1) * sizeof *handles);
    if (!handles) {
        dlclose(h);
        return GA_ENOMEM;
    }
    reg->handles = handles;
    struct registry_mark mark = {reg->problems.count, reg->crossovers.count, reg->mutations.count,
                                 reg->selections.count};
    int status = entry(reg, GAEXP_PLUGIN_ABI);
    if (status != GA_OK) {
        registry_rewind(reg, mark);
        if ((status == GA_ECLASH || status == GA_ECOLUMN) && reg->clash)
            snprintf(detail, size, "%s", reg->clash);
        dlclose(h);
        return status;
    }
    reg->handles[reg->handle_count++] = h;
    return GA_OK;
}
