/* ga/schemes/schemes.c — the scheme table from schemes.def, its lookups, and the rules every scheme shares. */
#include "ga/schemes/schemes.h"

#include <stdio.h>
#include <string.h>

static const struct ga_scheme *const schemes[] = {
#define GA_SCHEME(id) &ga_scheme_##id,
#include "ga/schemes/schemes.def"
#undef GA_SCHEME
};
#define SCHEMES_COUNT (sizeof schemes / sizeof *schemes)

const struct ga_scheme *scheme_default(void)
{
    return schemes[0];
}

const struct ga_scheme *ga_scheme_at(size_t i)
{
    return i < SCHEMES_COUNT ? schemes[i] : NULL;
}

const struct ga_scheme *ga_scheme_find(const char *name)
{
    for (size_t i = 0; i < SCHEMES_COUNT; i++)
        if (strcmp(schemes[i]->name, name) == 0)
            return schemes[i];
    return NULL;
}

const char *ga_scheme_name(const struct ga_scheme *s)
{
    return s->name;
}

const char *ga_scheme_summary(const struct ga_scheme *s)
{
    return s->summary;
}

void ga_scheme_defaults(const struct ga_scheme *s, struct ga_params *p)
{
    p->scheme = s ? s : scheme_default();
    p->lambda = 0;
    memset(p->scheme_settings, 0, sizeof p->scheme_settings);
    if (p->scheme->read)
        p->scheme->read(NULL, NULL, p);
}

/* The index of p's scheme's setting 'name', GA_SCHEME_SETTINGS_MAX when none. */
static size_t schemes_setting_index(const struct ga_params *p, const char *name)
{
    const struct ga_scheme *s = scheme_of(p);
    size_t i = 0;
    while (i < GA_SCHEME_SETTINGS_MAX && s->settings[i] && strcmp(s->settings[i], name) != 0)
        i++;
    return i < GA_SCHEME_SETTINGS_MAX && s->settings[i] ? i : GA_SCHEME_SETTINGS_MAX;
}

bool ga_scheme_setting(const struct ga_params *p, const char *name, double *value)
{
    size_t i = schemes_setting_index(p, name);
    if (i < GA_SCHEME_SETTINGS_MAX)
        *value = p->scheme_settings[i];
    return i < GA_SCHEME_SETTINGS_MAX;
}

bool ga_scheme_set(struct ga_params *p, const char *name, double value)
{
    size_t i = schemes_setting_index(p, name);
    if (i < GA_SCHEME_SETTINGS_MAX)
        p->scheme_settings[i] = value;
    return i < GA_SCHEME_SETTINGS_MAX;
}

/* Appends text to out (size bytes, used so far *used), cut short at the end. */
static void schemes_append(char *out, size_t size, size_t *used, const char *text)
{
    int k = snprintf(out + *used, *used < size ? size - *used : 0, "%s", text);
    *used += k > 0 ? (size_t)k : 0;
    if (*used >= size)
        *used = size - 1;
}

void scheme_names_with(unsigned flag, bool phrases, char *out, size_t size)
{
    const struct ga_scheme *with[SCHEMES_COUNT];
    size_t n = 0, used = 0;
    for (size_t i = 0; i < SCHEMES_COUNT; i++)
        if (flag ? schemes[i]->flags & flag : schemes[i]->alone != NULL)
            with[n++] = schemes[i];
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        schemes_append(out, size, &used, i == 0 ? "\"" : i + 1 < n ? ", \"" : " or \"");
        schemes_append(out, size, &used, with[i]->name);
        schemes_append(out, size, &used, "\"");
    }
    for (size_t i = 0; phrases && i < n; i++) {
        schemes_append(out, size, &used, i == 0 ? " (" : ", ");
        schemes_append(out, size, &used, with[i]->alone);
        schemes_append(out, size, &used, i + 1 < n ? "" : ")");
    }
}

bool scheme_check(const struct ga_params *p, struct params_fault *f)
{
    const struct ga_scheme *s = scheme_of(p);
    if (p->population == 1 && (s->flags & SCHEME_NEEDS_TWO)) {
        char names[400];
        scheme_names_with(0, true, names, sizeof names);
        return params_broken(f, "ga.population", "a population of 1 needs scheme %s", names);
    }
    return !s->check || s->check(p, f);
}

bool scheme_check_genome(const struct ga_params *p, const struct ga_genome *gen, struct params_fault *f)
{
    const struct ga_scheme *s = scheme_of(p);
    if (s->kinds && !(gen->kind & s->kinds))
        return params_broken(f, "ga.scheme.name", "scheme \"%s\" needs a %s problem, not a %s genome", s->name,
                             s->kinds_word, ga_genome_kind_name(gen->kind));
    return !s->check_genome || s->check_genome(p, gen, f);
}

bool scheme_check_objectives(const struct ga_params *p, const char *problem, size_t m, size_t k,
                             struct params_fault *f)
{
    const struct ga_scheme *s = scheme_of(p);
    if (!(s->flags & SCHEME_KEYED) && m > 1) {
        char names[200];
        scheme_names_with(SCHEME_KEYED, false, names, sizeof names);
        return params_broken(f, "ga.scheme.name", "'%s' has %zu objectives: it needs scheme %s", problem, m, names);
    }
    if (s->check_objectives && !s->check_objectives(p, problem, m, k, f))
        return false;
    if (s->flags & SCHEME_NO_RECORDS)
        return params_broken(f, "ga.scheme.name", "scheme \"%s\" compares one fitness; '%s' has objectives%s", s->name,
                             problem, k ? " and constraints" : "");
    return true;
}
