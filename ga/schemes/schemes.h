/* ga/schemes/schemes.h — a replacement scheme as a const type (after gsl_rng_type): its settings, rules, state and generation step; the table (ga/schemes/schemes.c) and the rules every scheme shares; private to the library. */
#ifndef GA_SCHEMES_SCHEMES_H
#define GA_SCHEMES_SCHEMES_H

#include <stdbool.h>
#include <stddef.h>

#include "gaexp/cfg.h"
#include "gaexp/pack.h"
#include "gaexp/run.h"
#include "ga/params.h"
#include "ga/run_types.h"

/* What a scheme is, besides its hooks. */
enum {
    /* One individual in one island in one process (the CMA-ES, the
     * (1+(lambda,lambda)) GA): the population must be 1. */
    SCHEME_ALONE = 1u << 0,
    /* Needs a population of 2 or more (the schemes with an 'alone' text
     * serve a population of 1, and messages name them). */
    SCHEME_NEEDS_TWO = 1u << 1,
    /* Compares several objectives: the fitness is the NSGA-II key (front,
     * then crowding), the problem needs an objectives table, and there is
     * no target.  Without it a scheme compares one fitness. */
    SCHEME_KEYED = 1u << 2,
    /* With SCHEME_KEYED: the key is the front alone (its survival niches;
     * ties at random in a tournament: the first drawn). */
    SCHEME_FRONT_KEY = 1u << 4,
    /* Compares one fitness and no record: refuses a problem with an
     * objectives table, even of one objective and no constraint. */
    SCHEME_NO_RECORDS = 1u << 3,
};

/* A setting of a scheme's once written directly in ga.GROUP ("scheme",
 * "selection"): refused, with how to write it now. */
struct scheme_moved {
    const char *group, *key, *now;
};

/* A scheme (ga.scheme.name).  Every hook but 'generation' may be NULL.
 * The run loop (ga/run.c) calls them and knows no scheme by name; the
 * experiment reader (ga/experiment.c) reads ga.scheme through 'read' and
 * the rules through 'check'.  A generation of this process's islands
 * [first, last) makes their next population into next_genes and
 * next_fitness from the current one (ga/run.c swaps them); see
 * doc/code-map.md for how a generation will pause for its fitness (ask
 * and tell). */
struct ga_scheme {
    const char *name;    /* ga.scheme.name */
    const char *summary; /* one line for 'gaexp list' */
    unsigned flags;      /* SCHEME_* */
    /* The genome kinds it works on (0: any), and their word in messages
     * ("real-valued"). */
    unsigned kinds;
    const char *kinds_word;
    /* Why a local search cannot run under it (ga.local), NULL when one can. */
    const char *no_local;
    /* Its settings as they were once written, NULL-terminated (NULL: none). */
    const struct scheme_moved *moved;
    /* What it is with a population of 1, for messages ("random search");
     * NULL when it is not one of those that serve it. */
    const char *alone;

    /* The names of its settings in p->scheme_settings, in order (NULL
     * past the last). */
    const char *settings[GA_SCHEME_SETTINGS_MAX];
    /* Reads its group ga.scheme.NAME (v NULL: absent, the defaults; cfg is
     * then not read and may be NULL) into p->lambda and
     * p->scheme_settings, with p->population known.  False after adding
     * diagnostics. */
    bool (*read)(struct ga_cfg *cfg, config_setting_t *v, struct ga_params *p);
    /* Its rules for p (true when kept, else *f says which and why), and
     * for p with the problem's genome gen. */
    bool (*check)(const struct ga_params *p, struct params_fault *f);
    bool (*check_genome)(const struct ga_params *p, const struct ga_genome *gen, struct params_fault *f);
    /* Its rules for a problem of m objectives and k constraints, past the
     * common ones (schemes.c, scheme_check_objectives). */
    bool (*check_objectives)(const struct ga_params *p, const char *problem, size_t m, size_t k,
                             struct params_fault *f);
    /* Settles what p left to the run (a lambda of 0), for genome gen. */
    void (*resolve)(struct ga_params *p, const struct ga_genome *gen);
    /* The most children a generation of one island makes (the trail the
     * hitting times read), and the slots of its brood apart from the
     * population (NULL: none), with p resolved. */
    size_t (*children)(const struct ga_params *p);
    size_t (*brood)(const struct ga_params *p);
    /* Whether it ranks its survivors with keys of its own (run->survivor_keys). */
    bool survivor_keys;

    /* Its own state in run->scheme (false: out of memory), after the
     * run's memory is there; freed by 'release'.  In a checkpoint after
     * the population: 'pack' writes it, 'unpack' reads it back (false
     * when it does not fit this run). */
    bool (*alloc)(struct ga_run *run);
    void (*release)(struct ga_run *run);
    void (*pack)(const struct ga_run *run, struct ga_pack *p);
    bool (*unpack)(struct ga_run *run, struct ga_unpack *u);
    /* After generation 0 is made and sound. */
    void (*start)(struct ga_run *run);
    /* The children the next generation of one island makes, when it
     * varies (NULL: 'children'). */
    unsigned long long (*next_children)(const struct ga_run *run);
    /* One generation of islands [first, last): their next population,
     * and the evaluations it spent. */
    unsigned long long (*generation)(struct ga_run *run, size_t first, size_t last);
};

/* The default scheme, and the scheme of p (NULL is the default).  Not for
 * the schemes' own files, nor what they call: the table refers to them
 * (no call loop between files). */
const struct ga_scheme *scheme_default(void);
static inline const struct ga_scheme *scheme_of(const struct ga_params *p)
{
    return p->scheme ? p->scheme : scheme_default();
}
static inline bool scheme_is(const struct ga_params *p, unsigned flag)
{
    return (scheme_of(p)->flags & flag) != 0;
}

/* The names of the schemes with 'flag', quoted and joined as a sentence
 * lists them ("\"nsga2\" or \"nsga3\""), and with 'phrases' their 'alone'
 * texts joined by commas, into out (size bytes). */
void scheme_names_with(unsigned flag, bool phrases, char *out, size_t size);

/* The rules of every scheme, then the scheme's own: for p, and for p with
 * the genome gen (params_check's parts). */
bool scheme_check(const struct ga_params *p, struct params_fault *f);
bool scheme_check_genome(const struct ga_params *p, const struct ga_genome *gen, struct params_fault *f);

/* The rules of a problem of m objectives and k constraints under p's
 * scheme (params_check_objectives's part). */
bool scheme_check_objectives(const struct ga_params *p, const char *problem, size_t m, size_t k,
                             struct params_fault *f);

/* The scheme types, one per line of schemes.def. */
#define GA_SCHEME(id) extern const struct ga_scheme ga_scheme_##id;
#include "ga/schemes/schemes.def"
#undef GA_SCHEME

#endif
