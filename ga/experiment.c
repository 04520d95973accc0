/* ga/experiment.c — reading an experiment file into a problem instance and run parameters. */
#include "gaexp/experiment.h"

#include "ga/cfg_types.h"
#include "ga/params.h"
#include "ga/schemes/schemes.h"

#include <stdlib.h>
#include <string.h>

#include "gaexp/rng.h"

#define EXPERIMENT_MAX_OPS 64
#define EXPERIMENT_MAX_BYTES (16ULL << 30) /* refuse populations that cannot fit */
#define EXPERIMENT_MAX_REPLICATES 100000
#define EXPERIMENT_MAX_ISLANDS 4096

static const struct ga_problem *experiment_problem(struct ga_cfg *cfg,
                                                   const struct ga_catalog *cat,
                                                   config_setting_t *group)
{
    /* Read by the program before the catalogue exists (gaexp loads the
     * plug-in that provides the problem): known keys here. */
    ga_cfg_lookup(cfg, group, "plugin");
    ga_cfg_lookup(cfg, group, "plugin_hash");
    ga_cfg_lookup(cfg, group, "plugin_changed");
    config_setting_t *s = ga_cfg_lookup(cfg, group, "name");
    if (!s) {
        ga_cfg_error_at(cfg, group, "name", "missing: name the problem (see 'gaexp list')");
        return NULL;
    }
    if (config_setting_type(s) != CONFIG_TYPE_STRING) {
        ga_cfg_error(cfg, s, "expected a problem name as a string");
        return NULL;
    }
    const struct ga_problem *p = ga_catalog_problem(cat, config_setting_get_string(s));
    if (!p) {
        const char *names[64];
        size_t n = 0;
        for (const struct ga_problem *const *q = cat->problems; *q && n < 64; q++)
            names[n++] = (*q)->name;
        ga_cfg_unknown_name(cfg, s, "problem", names, n);
    }
    return p;
}

/* The table problem.packed chooses: p's packed one when true (refused for a
 * problem that offers none), else p itself; NULL after a diagnostic. */
static const struct ga_problem *experiment_packed(struct ga_cfg *cfg, const struct ga_problem *p,
                                                  config_setting_t *group)
{
    bool packed;
    const struct ga_problem *twin = ga_problem_packed(p);
    if (!twin && !config_setting_get_member(group, "packed"))
        return p; /* no packed storage, none asked for: config.cfg and the titles need no 'packed = false' */
    if (!ga_cfg_bool(cfg, group, "packed", false, &packed))
        return NULL;
    if (!packed || twin)
        return packed ? twin : p;
    ga_cfg_error(cfg, config_setting_get_member(group, "packed"),
                 "problem '%s' (%s genome) has no packed storage; bits problems that offer it say "
                 "'packed: yes' in 'gaexp list'",
                 p->name, ga_genome_kind_name(p->kind));
    return NULL;
}

/* Whether params keep the rules 'check' checks; else the broken one is said
 * at its setting (the rules are ga/params.c's, which ga_run_alloc checks too). */
/* Says the broken rule f at its setting's line; false. */
static bool experiment_broken(struct ga_cfg *cfg, const struct params_fault *f)
{
    char group[64];
    const char *dot = strrchr(f->setting, '.'); /* "ga.scheme.lambda": group "ga.scheme", key "lambda" */
    const char *key = dot ? dot + 1 : f->setting;
    snprintf(group, sizeof group, "%.*s", dot ? (int)(dot - f->setting) : 0, f->setting);
    ga_cfg_error_at(cfg, dot ? config_lookup(ga_cfg_config(cfg), group) : ga_cfg_root(cfg), key, "%s", f->why);
    return false;
}

static bool experiment_keeps(struct ga_cfg *cfg, const struct ga_params *params,
                             bool (*check)(const struct ga_params *, struct params_fault *))
{
    struct params_fault f;
    return check(params, &f) || experiment_broken(cfg, &f);
}

/* Explains why 'name' (the value of group.name) names no operator the problem
 * (or its part 'part', when not NULL) may use: unknown (with a hint), or
 * one that serves only other genomes. */
static void experiment_refuse(struct ga_cfg *cfg, config_setting_t *group, const char *what,
                              const char *name, const char *const *names, size_t n,
                              bool exists_elsewhere, const struct ga_problem *p, const struct ga_problem_part *part)
{
    config_setting_t *s = config_setting_get_member(group, "name");
    if (!exists_elsewhere && *name) {
        ga_cfg_unknown_name(cfg, s, what, names, n);
        return;
    }
    char list[256] = "";
    size_t used = 0;
    for (size_t i = 0; i < n && used < sizeof list; i++) {
        int k = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
        used += k > 0 ? (size_t)k : 0;
    }
    if (!*name) /* a problem (a plug-in's) without a default variation */
        ga_cfg_error(cfg, s, "problem '%s' names no default %s: choose one of: %s", p->name, what, list);
    else if (part)
        ga_cfg_error(cfg, s, "%s '%s' does not serve part '%s' of problem '%s' (%s); choose one of: %s", what, name,
                     part->name, p->name, ga_genome_kind_name(part->kind), list);
    else
        ga_cfg_error(cfg, s, "%s '%s' does not serve problem '%s' (%s genome); choose one of: %s", what, name,
                     p->name, ga_genome_kind_name(p->kind), list);
}


/*
 * VARIANTS AND THEIR SETTINGS.  A scheme's or a selection's own settings
 * live in a group named after it (ga.scheme.NAME, ga.selection.NAME,
 * beside ga.scheme.name), so that changing the name
 * by --set or in a sweep never meets a setting of another variant.  Every
 * such group is read and checked, whether its variant is chosen or not, so
 * that a misspelt key is still caught; only the chosen one's values are
 * used.  A setting written the old way, directly in ga.scheme or
 * ga.selection, is refused with the new way to write it.
 */
struct experiment_moved {
    const char *key, *now; /* the old key, and how to write it now */
};

static bool experiment_refuse_moved(struct ga_cfg *cfg, config_setting_t *g, const struct experiment_moved *moved,
                                    size_t count)
{
    bool ok = true;
    for (size_t i = 0; i < count; i++) {
        config_setting_t *s = config_setting_get_member(g, moved[i].key);
        if (!s || config_setting_is_group(s))
            continue;
        ga_cfg_lookup(cfg, g, moved[i].key);
        ga_cfg_error(cfg, s, "a variant's settings now live in its own group: write %s", moved[i].now);
        ok = false;
    }
    return ok;
}

/* The settings the schemes once took in ga.GROUP itself (g), refused. */
static bool experiment_refuse_moved_schemes(struct ga_cfg *cfg, config_setting_t *g, const char *group)
{
    bool ok = true;
    for (size_t i = 0; ga_scheme_at(i); i++)
        for (const struct scheme_moved *m = ga_scheme_at(i)->moved; m && m->key; m++)
            if (strcmp(m->group, group) == 0)
                ok &= experiment_refuse_moved(cfg, g, &(struct experiment_moved){m->key, m->now}, 1);
    return ok;
}

/* The group of variant 'name' in g: the chosen one is made when absent (the
 * resolved configuration shows its defaults); another is NULL when absent,
 * and so is a setting of that name that is no group (written the old way). */
static config_setting_t *experiment_variant(struct ga_cfg *cfg, config_setting_t *g, const char *name, bool chosen)
{
    config_setting_t *v = config_setting_get_member(g, name);
    if ((!v && !chosen) || (v && !config_setting_is_group(v))) /* not a group: refused as a moved setting */
        return NULL;
    return ga_cfg_group(cfg, g, name);
}

/* Marks the group v and everything it holds, at any depth, as read. */
static void experiment_read_all(struct ga_cfg *cfg, config_setting_t *v)
{
    for (int i = 0; v && config_setting_is_group(v) && i < config_setting_length(v); i++)
        experiment_read_all(cfg, ga_cfg_lookup(cfg, v, config_setting_name(config_setting_get_elem(v, (unsigned)i))));
}

/* Refuses the group 'key' of g as a whole: one message, none for what it holds. */
static bool experiment_refuse_group(struct ga_cfg *cfg, config_setting_t *g, const char *key, const char *fmt,
                                    const char *a, const char *b)
{
    config_setting_t *v = ga_cfg_lookup(cfg, g, key);
    experiment_read_all(cfg, v);
    ga_cfg_error(cfg, v, fmt, a, b);
    return false;
}

/* A member of g that is a group but names none of the variants: unknown. */
static bool experiment_unknown_variants(struct ga_cfg *cfg, config_setting_t *g, const char *what,
                                        const char *const *names, size_t count)
{
    bool ok = true;
    for (int i = 0; i < config_setting_length(g); i++) {
        config_setting_t *m = config_setting_get_elem(g, (unsigned)i);
        if (!config_setting_is_group(m))
            continue;
        const char *name = config_setting_name(m);
        bool known = false;
        for (size_t k = 0; k < count && !known; k++)
            known = strcmp(name, names[k]) == 0;
        if (known)
            continue; /* the hint's edit distances are for a refusal only */
        const char *hint = ga_diag_closest(name, names, count);
        ok = experiment_refuse_group(cfg, g, name, hint ? "no %s has this name (did you mean '%s'?)"
                                                        : "no %s has this name%s",
                                     what, hint ? hint : "");
    }
    return ok;
}

/* Whether the scheme works on the problem's genome (its kinds), and the
 * problem's objectives and genome keep its rules. */
static bool experiment_scheme_serves(struct ga_cfg *cfg, const struct ga_problem *p, const void *state,
                                     const struct ga_params *params)
{
    const struct ga_scheme *s = scheme_of(params);
    config_setting_t *scheme = config_lookup(ga_cfg_config(cfg), "ga.scheme");
    if (s->kinds && !(p->kind & s->kinds)) {
        ga_cfg_error_at(cfg, scheme, "name", "scheme \"%s\" needs a %s problem; '%s' has a %s genome", s->name,
                        s->kinds_word, p->name, ga_genome_kind_name(p->kind));
        return false;
    }
    struct params_fault f;
    if (state && !params_check_objectives(params, p, state, &f))
        return experiment_broken(cfg, &f);
    if (!state || !s->check_genome)
        return true;
    struct ga_genome gen = ga_problem_genome(p, state);
    return s->check_genome(params, &gen, &f) || experiment_broken(cfg, &f);
}

/* The problem's objectives m and constraints k (1 and 0 without the
 * table, or before the problem is configured; no count hook: refused by
 * params_check_objectives). */
static void experiment_shape(const struct ga_problem *problem, const void *state, size_t *m, size_t *k)
{
    const struct ga_problem_objectives *o = problem ? ga_problem_objectives(problem) : NULL;
    *m = 1, *k = 0;
    if (o && o->count && state)
        o->count(state, m, k);
}

/* ga.scheme: the replacement scheme by name (the first of the table by
 * default, or for a problem with several objectives the first that
 * compares them), and its settings in its own group, read by its type. */
static bool experiment_scheme(struct ga_cfg *cfg, config_setting_t *ga, const struct ga_problem *problem,
                              const void *state, struct ga_params *params)
{
    const char *names[EXPERIMENT_MAX_OPS];
    size_t count = 0, several = SIZE_MAX;
    for (const struct ga_scheme *s; count < EXPERIMENT_MAX_OPS && (s = ga_scheme_at(count)); count++) {
        names[count] = s->name;
        several = several == SIZE_MAX && (s->flags & SCHEME_KEYED) ? count : several;
    }
    config_setting_t *g = ga_cfg_group(cfg, ga, "scheme");
    size_t which, m, constraints;
    experiment_shape(problem, state, &m, &constraints);
    if (!g || !ga_cfg_choice(cfg, g, "name", names, count, m > 1 ? several : 0, &which))
        return false;
    bool ok = experiment_refuse_moved_schemes(cfg, g, "scheme");
    ok &= experiment_unknown_variants(cfg, g, "scheme", names, count);
    for (size_t k = 0; k < count; k++) {
        config_setting_t *v = k == which ? NULL : experiment_variant(cfg, g, names[k], false);
        struct ga_params other = *params; /* checked, not used */
        ok &= !v || ga_scheme_at(k)->read(cfg, v, &other);
    }
    const struct ga_scheme *s = ga_scheme_at(which);
    params->scheme = s;
    memset(params->scheme_settings, 0, sizeof params->scheme_settings);
    /* the default scheme refuses a population of 1 at its rule: one message, and no defaults shown */
    config_setting_t *v = experiment_variant(cfg, g, names[which], s != scheme_default() || params->population > 1);
    ok &= s->read(cfg, v, params);
    return ok && experiment_keeps(cfg, params, scheme_check);
}

/* The settings selection 'sel' reads, from its group v (NULL: the defaults), into a. */
static bool experiment_selection_settings(struct ga_cfg *cfg, config_setting_t *v, const struct ga_selection *sel,
                                          size_t n, struct ga_selection_args *a)
{
    static const char *const transforms[] = {"inverse", "window"};
    long long k = 2;
    size_t transform = 0;
    bool ok = true;
    a->pressure = 1.5;
    a->truncation = 0.5;
    if (v && (sel->uses & GA_SELECT_USES_TOURNAMENT)) /* a population of 1 draws no tournament: any k will do */
        ok &= ga_cfg_int(cfg, v, "size", 2, 2, n > 2 ? (long long)n : 2, &k);
    if (v && (sel->uses & GA_SELECT_USES_PRESSURE))
        ok &= ga_cfg_double(cfg, v, "pressure", 1.5, 1, 2, &a->pressure);
    if (v && (sel->uses & GA_SELECT_USES_TRUNCATION)) {
        ok &= ga_cfg_double(cfg, v, "share", 0.5, 0, 1, &a->truncation);
        if (ok && a->truncation <= 0) {
            ga_cfg_error_at(cfg, v, "share", "expected a share in (0, 1], got 0");
            ok = false;
        }
    }
    if (v && (sel->uses & GA_SELECT_USES_TRANSFORM))
        ok &= ga_cfg_choice(cfg, v, "transform", transforms, 2, 0, &transform);
    a->tournament = (unsigned)k;
    a->transform = transform == 0 ? GA_TRANSFORM_INVERSE : GA_TRANSFORM_WINDOW;
    return ok;
}

/* ga.selection: the scheme by name, and its settings in its own group. */
static bool experiment_selection(struct ga_cfg *cfg, const struct ga_catalog *cat, config_setting_t *ga,
                                 struct ga_params *params)
{
    static const struct experiment_moved moved[] = {
        {"tournament", "selection = { name = \"tournament\"; tournament = { size = 2; }; }"},
        {"pressure", "selection = { name = \"rank\"; rank = { pressure = 1.5; }; }"},
        {"truncation", "selection = { name = \"truncation\"; truncation = { share = 0.5; }; }"},
        {"transform", "the transform in the group of roulette or sus, e.g. roulette = { transform = \"window\"; }"},
    };
    config_setting_t *g = ga_cfg_group(cfg, ga, "selection");
    if (!g)
        return false;
    const char *name;
    bool ok = ga_cfg_string(cfg, g, "name", "tournament", &name);
    ok &= experiment_refuse_moved(cfg, g, moved, sizeof moved / sizeof *moved);
    ok &= experiment_refuse_moved_schemes(cfg, g, "selection");
    const char *names[EXPERIMENT_MAX_OPS];
    size_t count = 0;
    for (const struct ga_selection *const *o = cat->selections; o && *o && count < EXPERIMENT_MAX_OPS; o++)
        names[count++] = (*o)->name;
    ok &= experiment_unknown_variants(cfg, g, "selection", names, count);
    const struct ga_selection *sel = ok ? ga_catalog_selection(cat, name) : NULL;
    if (ok && !sel) {
        ga_cfg_unknown_name(cfg, config_setting_get_member(g, "name"), "selection", names, count);
        ok = false;
    }
    for (const struct ga_selection *const *o = cat->selections; o && *o; o++) {
        if (!(*o)->uses) {
            if (config_setting_get_member(g, (*o)->name))
                ok = experiment_refuse_group(cfg, g, (*o)->name, "selection '%s' has no settings%s", (*o)->name, "");
            continue;
        }
        if (*o == sel)
            continue;
        struct ga_selection_args other; /* checked, not used */
        config_setting_t *v = experiment_variant(cfg, g, (*o)->name, false);
        ok &= !v || experiment_selection_settings(cfg, v, *o, params->population, &other);
    }
    if (!ok)
        return false;
    params->selection = sel;
    config_setting_t *v = sel->uses ? experiment_variant(cfg, g, sel->name, true) : NULL;
    return experiment_selection_settings(cfg, v, sel, params->population, &params->select);
}

/* The values of an operator's settings from its group v (NULL: the defaults). */
static bool experiment_op_settings(struct ga_cfg *cfg, config_setting_t *v, const struct ga_op_setting *settings,
                                   double *values)
{
    bool ok = true;
    for (size_t i = 0; settings && i < GA_OP_SETTINGS_MAX && settings[i].name; i++) {
        values[i] = settings[i].value;
        if (v)
            ok &= ga_cfg_double(cfg, v, settings[i].name, settings[i].value, settings[i].min, settings[i].max,
                                &values[i]);
    }
    return ok;
}

/*
 * An operator's settings live in a group named after it, as a selection's
 * do: every group naming an operator the problem may use is checked, only
 * the chosen one's values are used, and a group naming none is an error.
 * ops[0 .. n) are the operators, settings_of(i) their lists.
 */
static bool experiment_op_groups(struct ga_cfg *cfg, config_setting_t *g, const char *what, const char *const *names,
                                 const struct ga_op_setting *const *settings, size_t n, size_t chosen, double *values)
{
    bool ok = experiment_unknown_variants(cfg, g, what, names, n);
    for (size_t k = 0; k < n; k++) {
        double other[GA_OP_SETTINGS_MAX];
        bool has = settings[k] && settings[k][0].name;
        if (!has) {
            if (config_setting_get_member(g, names[k]))
                ok = experiment_refuse_group(cfg, g, names[k], "%s '%s' has no settings", what, names[k]);
            continue;
        }
        config_setting_t *v = experiment_variant(cfg, g, names[k], k == chosen);
        ok &= experiment_op_settings(cfg, v, settings[k], k == chosen ? values : other);
    }
    return ok;
}

/* The operators a problem may use, by name and settings, and the chosen one (n: none). */
struct experiment_ops {
    const char *names[EXPERIMENT_MAX_OPS];
    const struct ga_op_setting *settings[EXPERIMENT_MAX_OPS];
    size_t n, chosen;
};

/* The chosen operator's settings into values, or the refusal of its name. */
static bool experiment_op_chosen(struct ga_cfg *cfg, config_setting_t *g, const char *what, const char *name,
                                 const struct experiment_ops *o, bool exists_elsewhere, const struct ga_problem *p,
                                 const struct ga_problem_part *part, double *values)
{
    if (o->chosen == o->n) {
        experiment_refuse(cfg, g, what, name, o->names, o->n, exists_elsewhere, p, part);
        return false;
    }
    return experiment_op_groups(cfg, g, what, o->names, o->settings, o->n, o->chosen, values);
}

/* The first of o's operators named 'name' (o->n: none). */
static size_t experiment_ops_find(const struct experiment_ops *o, const char *name)
{
    size_t i = 0;
    while (i < o->n && strcmp(o->names[i], name) != 0)
        i++;
    return i;
}

/* Whose operators a group chooses from: problem p's, or for its part
 * (not NULL) the generic ones of the part's kind (a problem of that kind
 * with no operators of its own). */
static struct ga_problem experiment_chooser(const struct ga_problem *p, const struct ga_problem_part *part)
{
    return part ? (struct ga_problem){.name = p->name, .kind = part->kind} : *p;
}

/* The crossover group g of problem p, or of its part 'part' (not NULL),
 * into *op, *rate and settings: its name and rate (defaults: def), and
 * the chosen operator's settings in its own group. */
static bool experiment_crossover_in(struct ga_cfg *cfg, const struct ga_catalog *cat, const struct ga_problem *p,
                                    const struct ga_problem_part *part, config_setting_t *g,
                                    const struct ga_problem_defaults *def, const struct ga_crossover **op,
                                    double *rate, double *settings)
{
    const char *name;
    bool ok = ga_cfg_string(cfg, g, "name", def->crossover ? def->crossover : "", &name);
    ok &= ga_cfg_double(cfg, g, "rate", def->crossover_rate, 0, 1, rate);
    if (!ok)
        return false;
    const struct ga_crossover *ops[EXPERIMENT_MAX_OPS];
    struct experiment_ops o;
    struct ga_problem chooser = experiment_chooser(p, part);
    o.n = ga_catalog_crossovers(cat, &chooser, ops, EXPERIMENT_MAX_OPS);
    o.n = o.n < EXPERIMENT_MAX_OPS ? o.n : EXPERIMENT_MAX_OPS;
    for (size_t i = 0; i < o.n; i++)
        o.names[i] = ops[i]->name, o.settings[i] = ops[i]->settings;
    o.chosen = experiment_ops_find(&o, name);
    *op = o.chosen < o.n ? ops[o.chosen] : NULL;
    return experiment_op_chosen(cfg, g, "crossover", name, &o, ga_catalog_crossover(cat, NULL, name) != NULL, p,
                                part, settings);
}

static bool experiment_crossover(struct ga_cfg *cfg, const struct ga_catalog *cat,
                                 const struct ga_problem *p, config_setting_t *ga,
                                 struct ga_params *params)
{
    config_setting_t *g = ga_cfg_group(cfg, ga, "crossover");
    struct ga_problem_defaults def = ga_problem_defaults(p);
    return g && experiment_crossover_in(cfg, cat, p, NULL, g, &def, &params->crossover, &params->crossover_rate,
                                        params->crossover_settings);
}

/* The mutation group g of problem p or of its part 'part' (not NULL) into
 * *op, *rate, *unit and settings, as experiment_crossover_in; a part's
 * unit is individual or gene. */
static bool experiment_mutation_in(struct ga_cfg *cfg, const struct ga_catalog *cat, const struct ga_problem *p,
                                   const struct ga_problem_part *part, config_setting_t *g,
                                   const struct ga_problem_defaults *def, const struct ga_mutation **op,
                                   double *rate, enum ga_rate_unit *unit, double *settings)
{
    static const char *const units[] = {"individual", "gene", "fast"};
    static const enum ga_rate_unit unit_codes[] = {GA_PER_INDIVIDUAL, GA_PER_GENE, GA_PER_FAST};
    const char *name;
    size_t u;
    bool ok = ga_cfg_string(cfg, g, "name", def->mutation ? def->mutation : "", &name);
    ok &= ga_cfg_double(cfg, g, "rate", def->mutation_rate, 0, 1, rate);
    ok &= ga_cfg_choice(cfg, g, "per", units, part ? 2 : 3, (size_t)def->mutation_unit, &u);
    if (!ok)
        return false;
    *unit = unit_codes[u];
    const struct ga_mutation *ops[EXPERIMENT_MAX_OPS];
    struct experiment_ops o;
    struct ga_problem chooser = experiment_chooser(p, part);
    o.n = ga_catalog_mutations(cat, &chooser, ops, EXPERIMENT_MAX_OPS);
    o.n = o.n < EXPERIMENT_MAX_OPS ? o.n : EXPERIMENT_MAX_OPS;
    for (size_t i = 0; i < o.n; i++)
        o.names[i] = ops[i]->name, o.settings[i] = ops[i]->settings;
    o.chosen = experiment_ops_find(&o, name);
    *op = o.chosen < o.n ? ops[o.chosen] : NULL;
    return experiment_op_chosen(cfg, g, "mutation", name, &o, ga_catalog_mutation(cat, NULL, name) != NULL, p, part,
                                settings);
}

static bool experiment_mutation(struct ga_cfg *cfg, const struct ga_catalog *cat,
                                const struct ga_problem *p, config_setting_t *ga,
                                struct ga_params *params)
{
    config_setting_t *g = ga_cfg_group(cfg, ga, "mutation");
    if (!g)
        return false;
    struct ga_problem_defaults def = ga_problem_defaults(p);
    bool ok = experiment_mutation_in(cfg, cat, p, NULL, g, &def, &params->mutation, &params->mutation_rate,
                                     &params->mutation_unit, params->mutation_settings);
    ok &= ga_cfg_bool(cfg, g, "resample", false, &params->mutation_resample);
    ok &= ga_cfg_double(cfg, g, "beta", 1.5, 1, 10, &params->mutation_beta);
    if (ok && params->mutation_beta <= 1) {
        ga_cfg_error_at(cfg, g, "beta", "expected a number in (1, 10], got 1 (the power law needs beta > 1)");
        ok = false;
    }
    return ok && experiment_keeps(cfg, params, params_check_mutation);
}

/* One part's group of ga.parts: its crossover and mutation, then the
 * rules of a part's variation (said at the group). */
static bool experiment_part(struct ga_cfg *cfg, const struct ga_catalog *cat, const struct ga_problem *p,
                            const struct ga_problem_part *part, config_setting_t *g, struct ga_variation *v)
{
    config_setting_t *cg = ga_cfg_group(cfg, g, "crossover"), *mg = ga_cfg_group(cfg, g, "mutation");
    if (!cg || !mg)
        return false;
    bool ok = experiment_crossover_in(cfg, cat, p, part, cg, &part->defaults, &v->crossover, &v->crossover_rate,
                                      v->crossover_settings);
    ok &= experiment_mutation_in(cfg, cat, p, part, mg, &part->defaults, &v->mutation, &v->mutation_rate,
                                 &v->mutation_unit, v->mutation_settings);
    struct params_fault f;
    if (ok && !params_check_part(v, part->kind, part->name, &f)) {
        ga_cfg_error_at(cfg, mg, "per", "%s", f.why);
        return false;
    }
    return ok;
}

/* ga.parts: a group per part of a composite problem (none for others). */
static bool experiment_parts(struct ga_cfg *cfg, const struct ga_catalog *cat, const struct ga_problem *p,
                             const void *state, config_setting_t *ga, struct ga_params *params)
{
    if (p->kind != GA_KIND_COMPOSITE)
        return !config_setting_get_member(ga, "parts") ||
               experiment_refuse_group(cfg, ga, "parts", "problem '%s' has a %s genome, not one of parts: ga.parts "
                                                         "is for composite problems",
                                       p->name, ga_genome_kind_name(p->kind));
    config_setting_t *g = ga_cfg_group(cfg, ga, "parts");
    if (!g || !state) /* a problem group refused: its parts unknown */
        return g != NULL;
    const struct ga_problem_part *decl = NULL;
    ga_problem_parts_fn parts = ga_problem_parts(p);
    size_t n = parts ? parts(state, &decl) : 0;
    if (n < 1 || n > GA_PARTS_MAX) {
        ga_cfg_error(cfg, config_setting_get_member(ga_cfg_root(cfg), "problem"),
                     "problem '%s' has a composite genome of %zu parts: gaexp takes 1 to %d "
                     "(struct ga_problem_genome's parts)",
                     p->name, n, GA_PARTS_MAX);
        return false;
    }
    const char *names[GA_PARTS_MAX];
    for (size_t i = 0; i < n; i++)
        names[i] = decl[i].name;
    bool ok = experiment_unknown_variants(cfg, g, "part", names, n);
    for (size_t i = 0; i < n; i++) {
        config_setting_t *pg = ga_cfg_group(cfg, g, decl[i].name);
        ok &= pg && experiment_part(cfg, cat, p, &decl[i], pg, &params->parts[i]);
    }
    return ok;
}

/* The local search of ga.local: one of the problem's (name "" = none),
 * its rate, its budget per call and how it learns. */
static bool experiment_local(struct ga_cfg *cfg, const struct ga_problem *p, config_setting_t *ga,
                             struct ga_params *params)
{
    static const char *const learning[] = {"lamarckian", "baldwinian"};
    config_setting_t *g = ga_cfg_group(cfg, ga, "local");
    if (!g)
        return false;
    const char *name;
    long long budget;
    size_t learn;
    bool ok = ga_cfg_string(cfg, g, "name", "", &name);
    ok &= ga_cfg_double(cfg, g, "rate", 1.0, 0, 1, &params->local_rate);
    ok &= ga_cfg_int(cfg, g, "evaluations", 1000, 1, 1000000000LL, &budget);
    ok &= ga_cfg_choice(cfg, g, "learning", learning, 2, 0, &learn);
    if (!ok)
        return false;
    params->local_budget = (unsigned long)budget;
    params->local_baldwinian = learn == 1;
    params->local = NULL;
    if (!*name)
        return true;
    if (scheme_of(params)->no_local) {
        ga_cfg_error_at(cfg, g, "name", "%s: no local search (name = \"\")", scheme_of(params)->no_local);
        return false;
    }
    char known[512] = "";
    size_t used = 0;
    for (const struct ga_local *const *l = ga_problem_locals(p); l && *l; l++) {
        if (strcmp((*l)->name, name) == 0 && ((*l)->kinds & p->kind))
            params->local = *l;
        used += (size_t)snprintf(known + used, used < sizeof known ? sizeof known - used : 0, "%s%s",
                                 used ? ", " : "", (*l)->name);
    }
    if (!params->local)
        ga_cfg_error_at(cfg, g, "name", "problem '%s' has no local search '%s' (%s)", p->name, name,
                        used ? known : "it has none");
    return params->local != NULL;
}

static bool experiment_stop(struct ga_cfg *cfg, config_setting_t *ga, struct ga_params *params)
{
    config_setting_t *g = ga_cfg_group(cfg, ga, "stop");
    if (!g)
        return false;
    long long generations, evaluations, stagnation, stagnation_evaluations;
    bool ok = ga_cfg_int(cfg, g, "generations", 1000, 0, 1000000000LL, &generations);
    ok &= ga_cfg_int(cfg, g, "stagnation", 0, 0, 1000000000LL, &stagnation);
    ok &= ga_cfg_int(cfg, g, "stagnation_evaluations", 0, 0, 1000000000000000LL, &stagnation_evaluations);
    ok &= ga_cfg_bool(cfg, g, "at_target", true, &params->stop_at_target);
    ok &= ga_cfg_int(cfg, g, "evaluations", 0, 0, 1000000000000000LL, &evaluations);
    ok &= ga_cfg_double(cfg, g, "seconds", 0, 0, 1e9, &params->seconds);
    ok &= ga_cfg_double(cfg, g, "fitness", GA_FITNESS_SOLVED, -1, 1e300, &params->stop_fitness);
    params->generations = (unsigned long)generations;
    params->evaluations = (unsigned long long)evaluations;
    params->stagnation = (unsigned long)stagnation;
    params->stagnation_evaluations = (unsigned long long)stagnation_evaluations;
    return ok;
}

/* ga.islands: the island model (count = 1, the default, is one population). */
static bool experiment_islands(struct ga_cfg *cfg, config_setting_t *ga, struct ga_params *params)
{
    static const char *const topologies[] = {"ring", "complete"};
    static const char *const policies[] = {"best-replace-worst"};
    config_setting_t *g = ga_cfg_group(cfg, ga, "islands");
    config_setting_t *m = g ? ga_cfg_group(cfg, g, "migration") : NULL;
    if (!m)
        return false;
    long long count, interval, size;
    size_t topology, policy;
    bool ok = ga_cfg_int(cfg, g, "count", 1, 1, EXPERIMENT_MAX_ISLANDS, &count);
    ok &= ga_cfg_int(cfg, m, "interval", 10, 1, 1000000000LL, &interval);
    /* at least 1 as the upper bound: the written default of a population of 1 must read back */
    long long most = params->population > 1 ? (long long)params->population - 1 : 1;
    ok &= ga_cfg_int(cfg, m, "size", 1, 1, most, &size);
    ok &= ga_cfg_choice(cfg, m, "topology", topologies, 2, 0, &topology);
    ok &= ga_cfg_choice(cfg, m, "policy", policies, 1, 0, &policy);
    if (!ok)
        return false;
    params->islands = (unsigned)count;
    params->migration_interval = (unsigned long)interval;
    params->migration_size = (size_t)size;
    params->topology = topology == 0 ? GA_TOPOLOGY_RING : GA_TOPOLOGY_COMPLETE;
    return experiment_keeps(cfg, params, params_check_islands);
}

/* ga.mo, when given: the hypervolume's reference point (checked against
 * the problem with the scheme, experiment_scheme_serves). */
static bool experiment_mo(struct ga_cfg *cfg, config_setting_t *ga, struct ga_params *params)
{
    config_setting_t *g = config_setting_get_member(ga, "mo");
    params->mo_reference_count = 0;
    if (!g)
        return true;
    g = ga_cfg_group(cfg, ga, "mo");
    return g && (!config_setting_get_member(g, "reference") ||
                 ga_cfg_double_list(cfg, g, "reference", 1, GA_OBJECTIVES_MAX, -1e300, 1e300, params->mo_reference,
                                    &params->mo_reference_count));
}

/* ga.constraints, when given: how a problem's constraints are handled
 * (enum ga_constraint_handling) and the settings of each way, each in a
 * group named after it.  Without it Deb's rules; the epsilon level's T is
 * a fifth of the generations (Takahama and Sakai's choice). */
static bool experiment_constraints(struct ga_cfg *cfg, config_setting_t *ga, const struct ga_problem *problem,
                                   const void *state, struct ga_params *params)
{
    static const char *const names[] = {"deb", "penalty", "epsilon"};
    unsigned long g = params->generations / 5;
    long long generations = g ? (long long)g : 1;
    params->constraints = GA_CONSTRAINTS_DEB;
    params->penalty_weight = 1000;
    params->epsilon_share = 0.2;
    params->epsilon_generations = (unsigned long)generations;
    params->epsilon_exponent = 5;
    config_setting_t *c = config_setting_get_member(ga, "constraints");
    size_t which = 0;
    if (!c)
        return true;
    if (!(c = ga_cfg_group(cfg, ga, "constraints")) || !ga_cfg_choice(cfg, c, "name", names, 3, 0, &which))
        return false;
    size_t m, k;
    experiment_shape(problem, state, &m, &k);
    if (problem && state && k == 0) { /* a handler of nothing would only mislead the reader of the file */
        ga_cfg_error(cfg, c, "problem '%s' has no constraints: there is nothing to handle (remove the group)",
                     problem->name);
        return false;
    }
    bool ok = true;
    config_setting_t *v;
    if (config_setting_get_member(c, "penalty"))
        ok &= (v = ga_cfg_group(cfg, c, "penalty")) &&
              ga_cfg_double(cfg, v, "weight", 1000, 0, 1e300, &params->penalty_weight);
    if (config_setting_get_member(c, "epsilon")) {
        if (!(v = ga_cfg_group(cfg, c, "epsilon")))
            return false;
        ok &= ga_cfg_double(cfg, v, "share", 0.2, 0, 1, &params->epsilon_share);
        ok &= ga_cfg_int(cfg, v, "generations", generations, 1, 1000000000, &generations);
        ok &= ga_cfg_double(cfg, v, "exponent", 5, 0, 1000, &params->epsilon_exponent);
        params->epsilon_generations = (unsigned long)generations;
    }
    params->constraints = (enum ga_constraint_handling)which;
    return ok;
}

static bool experiment_ga(struct ga_experiment *e, struct ga_cfg *cfg,
                          const struct ga_catalog *cat, uint64_t default_seed)
{
    config_setting_t *ga = ga_cfg_group(cfg, ga_cfg_root(cfg), "ga");
    if (!ga)
        return false;
    struct ga_params *params = &e->params;
    /* A bad value leaves the default in place, so that the settings after
     * it are still read and checked: one message per mistake. */
    long long seed = 0, population = 1000, threads = 1, replicates = 1;
    const char *rng = "xoshiro256ss";
    bool ok = ga_cfg_int(cfg, ga, "seed", (long long)(default_seed & 0x7fffffffffffffffULL), 0,
                         0x7fffffffffffffffLL, &seed);
    ok &= ga_cfg_int(cfg, ga, "replicates", 1, 1, EXPERIMENT_MAX_REPLICATES, &replicates);
    ok &= ga_cfg_int(cfg, ga, "population", 1000, 1, PARAMS_MAX_POPULATION, &population);
    ok &= ga_cfg_int(cfg, ga, "threads", 1, 1, 1024, &threads);
    ok &= ga_cfg_bool(cfg, ga, "evaluate_all", false, &params->evaluate_all);
    ok &= ga_cfg_bool(cfg, ga, "check", false, &params->check); /* the hooks checked as the run goes */
    ok &= ga_cfg_string(cfg, ga, "rng", "xoshiro256ss", &rng);
    e->seed = (uint64_t)seed;
    e->replicates = (unsigned)replicates;
    params->population = (size_t)population;
    params->threads = (unsigned)threads;
    params->rng_type = ga_rng_type_find(rng);
    if (!params->rng_type) {
        ga_cfg_error_at(cfg, ga, "rng", "unknown generator '%s' (xoshiro256ss or a GSL name such as mt19937)", rng);
        ok = false;
    }
    ok &= experiment_scheme(cfg, ga, e->problem, e->state, params);
    ok &= experiment_selection(cfg, cat, ga, params);
    ok &= experiment_stop(cfg, ga, params);
    ok &= experiment_islands(cfg, ga, params);
    ok &= experiment_mo(cfg, ga, params);
    ok &= experiment_constraints(cfg, ga, e->problem, e->state, params);
    if (e->problem) {
        ok &= experiment_crossover(cfg, cat, e->problem, ga, params);
        ok &= experiment_mutation(cfg, cat, e->problem, ga, params);
        ok &= experiment_parts(cfg, cat, e->problem, e->state, ga, params);
        ok &= experiment_local(cfg, e->problem, ga, params);
        ok &= experiment_scheme_serves(cfg, e->problem, e->state, params);
    }
    return ok;
}

static bool experiment_fits(struct ga_experiment *e, struct ga_cfg *cfg)
{
    struct ga_genome gen = ga_problem_genome(e->problem, e->state);
    if (gen.len == 0 || gen.len > GA_GENOME_MAX_LEN || gen.alphabet == 0 || gen.alphabet - 1 > GA_GENE_MAX) {
        ga_cfg_error(cfg, config_setting_get_member(ga_cfg_root(cfg), "problem"),
                     "problem '%s' declares genomes of %zu genes over %u symbols: gaexp holds 1 to %zu genes "
                     "of 1 to %u symbols",
                     e->problem->name, gen.len, gen.alphabet, GA_GENOME_MAX_LEN, GA_GENE_MAX + 1u);
        return false;
    }
    double bytes = (double)e->params.population * (double)e->params.islands *
                   (2.0 * (double)ga_genome_stride(gen.len) * sizeof(ga_gene) + 2.0 * sizeof(double));
    if (bytes <= (double)EXPERIMENT_MAX_BYTES)
        return true;
    config_setting_t *ga = config_setting_get_member(ga_cfg_root(cfg), "ga");
    ga_cfg_error_at(cfg, ga, "population", "%zu individuals of %zu genes need %.1f GiB; the limit is %llu GiB",
                    e->params.population * e->params.islands, gen.len, bytes / (1 << 30), EXPERIMENT_MAX_BYTES >> 30);
    return false;
}

struct ga_experiment *ga_experiment_alloc(struct ga_cfg *cfg, const struct ga_catalog *cat,
                                          uint64_t default_seed, const struct ga_experiment_reader *more)
{
    struct ga_experiment *e = calloc(1, sizeof *e);
    if (!e) {
        ga_cfg_error(cfg, ga_cfg_root(cfg), "out of memory while reading");
        return NULL;
    }
    config_setting_t *problem = ga_cfg_group(cfg, ga_cfg_root(cfg), "problem");
    bool ok = problem != NULL;
    if (problem) {
        e->problem = experiment_problem(cfg, cat, problem);
        if (e->problem)
            e->problem = experiment_packed(cfg, e->problem, problem);
        if (e->problem) {
            e->state = ga_problem_configure(e->problem, cfg, problem);
            ok = e->state != NULL;
        } else {
            ok = false;
        }
    }
    ok &= experiment_ga(e, cfg, cat, default_seed);
    e->params.diversity = true;
    if (more)
        ok &= more->read(more->ctx, cfg, e);
    /* Unknown keys are only meaningful once the problem is known: its
     * reader decides what belongs in the problem group. */
    if (e->problem)
        ga_cfg_check_unknown(cfg);
    if (ok && e->state)
        ok = experiment_fits(e, cfg);
    if (cfg->oom) {
        ga_cfg_error(cfg, ga_cfg_root(cfg), "out of memory while reading");
        ok = false;
    }
    if (!ok || cfg->diag->count) {
        ga_experiment_free(e);
        return NULL;
    }
    return e;
}

void ga_experiment_free(struct ga_experiment *e)
{
    if (!e)
        return;
    if (e->problem)
        ga_problem_release(e->problem, e->state);
    free(e);
}
