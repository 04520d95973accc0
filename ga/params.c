/* ga/params.c — what a run is given: the rules its parameters keep, and the words for why it stopped. */
#include "ga/params.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ga/schemes/schemes.h"
#include "ga/select.h"

#define PARAMS_STOP_WORD(code, word, text) word,
#define PARAMS_STOP_TEXT(code, word, text) text,
static const char *const params_stop_words[] = {GA_STOP_LIST(PARAMS_STOP_WORD)};
static const char *const params_stop_texts[] = {GA_STOP_LIST(PARAMS_STOP_TEXT)};
#undef PARAMS_STOP_WORD
#undef PARAMS_STOP_TEXT
#define PARAMS_STOP_COUNT (sizeof params_stop_words / sizeof *params_stop_words)

const char *ga_stop_text(enum ga_stop s)
{
    return (size_t)s < PARAMS_STOP_COUNT ? params_stop_texts[s] : "unknown";
}

const char *ga_stop_word(enum ga_stop s)
{
    return (size_t)s < PARAMS_STOP_COUNT ? params_stop_words[s] : "unknown";
}

bool ga_stop_parse(const char *word, enum ga_stop *out)
{
    for (size_t i = 1; i < PARAMS_STOP_COUNT; i++) /* not "running" or "fault": a finished run's reason */
        if (i != GA_STOP_FAULT && strcmp(params_stop_words[i], word) == 0) {
            *out = (enum ga_stop)i;
            return true;
        }
    return false;
}

size_t ga_params_migration_sources(const struct ga_params *p)
{
    return p->topology == GA_TOPOLOGY_COMPLETE ? p->islands - 1 : 1;
}

bool params_check_mutation(const struct ga_params *p, struct params_fault *f)
{
    if (p->mutation && p->mutation_unit != GA_PER_INDIVIDUAL && !p->mutation->at)
        return params_broken(f, "ga.mutation.per", "mutation '%s' has no per-gene form; use per = \"individual\"",
                             p->mutation->name);
    if (p->mutation_resample && p->mutation_unit == GA_PER_INDIVIDUAL)
        return params_broken(f, "ga.mutation.resample", "resampling redraws a walk over the genes that mutated "
                                                        "none: it needs per = \"gene\" or \"fast\"");
    if (p->mutation_unit == GA_PER_FAST && !(p->mutation_beta > 1))
        return params_broken(f, "ga.mutation.beta", "the fast mutation needs beta > 1");
    return true;
}

bool params_check_part(const struct ga_variation *v, enum ga_genome_kind kind, const char *setting,
                       struct params_fault *f)
{
    const char *name = ga_genome_kind_name(kind);
    if (!v->crossover || !(v->crossover->kinds & kind))
        return params_broken(f, setting, "crossover '%s' does not serve a %s part", v->crossover ? v->crossover->name : "",
                             name);
    if (!v->mutation || !(v->mutation->kinds & kind))
        return params_broken(f, setting, "mutation '%s' does not serve a %s part", v->mutation ? v->mutation->name : "",
                             name);
    if (v->mutation_unit == GA_PER_FAST)
        return params_broken(f, setting, "a part's mutation is per \"individual\" or per \"gene\", not \"fast\"");
    if (v->mutation_unit == GA_PER_GENE && !v->mutation->at)
        return params_broken(f, setting, "mutation '%s' has no per-gene form; use per = \"individual\"",
                             v->mutation->name);
    if (!(v->crossover_rate >= 0 && v->crossover_rate <= 1) || !(v->mutation_rate >= 0 && v->mutation_rate <= 1))
        return params_broken(f, setting, "rates must lie in [0, 1]");
    return true;
}

bool params_check_islands(const struct ga_params *p, struct params_fault *f)
{
    if (scheme_is(p, SCHEME_ALONE) && (p->islands > 1 || p->link))
        return params_broken(f, "ga.islands.count", "scheme \"%s\" runs one island in one process",
                             scheme_of(p)->name);
    if (p->islands > 1 && (p->migration_interval < 1 || p->migration_size < 1))
        return params_broken(f, "ga.islands.migration", "islands need a migration interval and size of at least 1");
    size_t sources = ga_params_migration_sources(p);
    if (p->islands > 1 && p->migration_size * sources >= p->population)
        return params_broken(f, "ga.islands.migration.size",
                             "%zu migrants from each of %zu islands would replace a whole island of %zu",
                             p->migration_size, sources, p->population);
    return true;
}

/* The rules of the settings the reader bounds one by one (its ranges), and
 * of what no file sets: here for a program that fills ga_params itself. */
static bool params_check_rest(const struct ga_params *p, struct params_fault *f)
{
    if (p->population < 1)
        return params_broken(f, "ga.population", "the population needs at least 1 individual");
    if ((!p->selection || p->selection == &ga_selection_tournament) && p->select.tournament < 2)
        return params_broken(f, "ga.selection.tournament.size", "a tournament needs at least 2 contestants");
    if (p->selection && !p->selection->draw)
        return params_broken(f, "ga.selection.name", "the selection scheme has no draw");
    if (!p->crossover || !p->mutation)
        return params_broken(f, "ga", "a crossover and a mutation operator are required");
    if (!(p->crossover_rate >= 0 && p->crossover_rate <= 1) || !(p->mutation_rate >= 0 && p->mutation_rate <= 1))
        return params_broken(f, "ga", "rates must lie in [0, 1]");
    if (p->threads < 1)
        return params_broken(f, "ga.threads", "at least one thread is needed");
    if (p->link && (p->link->ranks < 1 || p->link->rank >= p->link->ranks || !p->link->gather))
        return params_broken(f, "ga", "a link needs a rank below its number of processes and a gather");
    return true;
}

/* The genome the problem declares, and the population it makes. */
static bool params_check_genome(const struct ga_params *p, const struct ga_genome *gen, struct params_fault *f)
{
    if (gen->len == 0 || gen->len > GA_GENOME_MAX_LEN || gen->alphabet == 0 || gen->alphabet - 1 > GA_GENE_MAX)
        return params_broken(f, "problem", "the problem reports an empty genome, one longer than GA_GENOME_MAX_LEN "
                                           "genes, or an alphabet too large for a gene");
    if (!scheme_check_genome(p, gen, f))
        return false;
    if (gen->kind == GA_KIND_REAL && (!gen->lower || !gen->upper || gen->len != GA_REAL_LEN(gen->reals)))
        return params_broken(f, "problem", "a real-valued problem needs bounds and len = GA_REAL_LEN(reals)");
    if (p->population > SIZE_MAX / sizeof(ga_gene) / 2 / ga_genome_stride(gen->len) / (p->islands ? p->islands : 1))
        return params_broken(f, "ga.population", "the population does not fit in memory");
    return true;
}

/* ga.mo.reference against the problem's m and true front: each value
 * above the front's worst (its nadir), so every point of it counts. */
static bool params_check_reference(const struct ga_params *p, const struct ga_problem_objectives *o,
                                   const void *state, size_t m, struct params_fault *f)
{
    if (p->mo_reference_count != m)
        return params_broken(f, "ga.mo.reference", "expected a point of %zu values (one per objective), got %zu",
                             m, p->mo_reference_count);
    const double *front = NULL;
    double hv;
    size_t rows = o->front ? o->front(state, &front, &hv) : 0;
    for (size_t j = 0; j < m && front; j++) {
        double worst = -INFINITY;
        for (size_t i = 0; i < rows; i++)
            worst = front[i * m + j] > worst ? front[i * m + j] : worst;
        if (!(p->mo_reference[j] > worst))
            return params_broken(f, "ga.mo.reference", "the reference point must be worse than the true front's "
                                                        "nadir in every objective: objective %zu is %g, the nadir's %g",
                                 j + 1, p->mo_reference[j], worst);
    }
    return true;
}

bool params_check_objectives(const struct ga_params *p, const struct ga_problem *problem, const void *state,
                             struct params_fault *f)
{
    const struct ga_problem_objectives *o = ga_problem_objectives(problem);
    if (!o && scheme_is(p, SCHEME_KEYED))
        return params_broken(f, "ga.scheme.name", "scheme \"%s\" needs a problem with objectives or constraints; "
                                                  "'%s' has one fitness", scheme_of(p)->name, problem->name);
    if (!o && p->mo_reference_count)
        return params_broken(f, "ga.mo.reference", "'%s' has one fitness: no hypervolume to refer to", problem->name);
    if (!o)
        return true;
    size_t m = 0, k = 0;
    if (o->count)
        o->count(state, &m, &k);
    if (!o->evaluate || m < 1 || m > GA_OBJECTIVES_MAX || k > GA_CONSTRAINTS_MAX)
        return params_broken(f, "problem", "'%s' declares %zu objectives and %zu constraints: a problem needs 1 to "
                                           "%d objectives, at most %d constraints and an evaluate hook that fills them",
                             problem->name, m, k, GA_OBJECTIVES_MAX, GA_CONSTRAINTS_MAX);
    if (!scheme_check_objectives(p, problem->name, m, k, f))
        return false;
    if (p->local)
        return params_broken(f, "ga.local.name", "a local search improves one fitness; '%s' has objectives",
                             problem->name);
    return !p->mo_reference_count || params_check_reference(p, o, state, m, f);
}

bool params_check(const struct ga_params *p, const struct ga_genome *gen, struct params_fault *f)
{
    return params_check_rest(p, f) && scheme_check(p, f) && params_check_mutation(p, f) &&
           params_check_islands(p, f) && params_check_genome(p, gen, f);
}
