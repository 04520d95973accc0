/* problems/animals/animals_level.c — level design as a constrained bi-objective problem: difficulty up, conditions down, one solution. */
#include <math.h>
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"
#include "problems/animals/animals_design.h"

/*
 * The intended answer is fixed by the experiment file; the candidates are
 * every non-trivial condition it satisfies (animals_candidates), and gene i
 * says whether candidate i is in the level.  Every level so made has the
 * answer among its solutions (N >= 1), so the one constraint that matters
 * is N = 1; the other keeps a level from saying one thing twice, as the
 * designer's levels never do (animals_slot).
 */
struct animals_level {
    struct animals_board answer;
    struct animals_puzzle pieces; /* the answer's nine pieces, no conditions */
    size_t ncands;
    struct animals_cond cands[ANIMALS_POOL_MAX];
};

/* The solver counts at most this many solutions: the uniqueness violation
 * log(N) / log(LIMIT) then grows with N up to 1 and guides the search
 * towards one solution, for a search that stops early (see doc/animals.md
 * for its cost). */
#define ANIMALS_LEVEL_COUNT_LIMIT 64
/* A random level: 1 to this many candidates in free slots (the designer's largest levels). */
#define ANIMALS_LEVEL_INIT_MOST 16
#define ANIMALS_LEVEL_OBJECTIVES 2
#define ANIMALS_LEVEL_CONSTRAINTS 2

/* The nine words of 'text' (blanks or '/' between them) as an answer into *b;
 * false with a message at the setting otherwise. */
static bool level_read_answer(struct ga_cfg *cfg, config_setting_t *group, const char *text,
                              struct animals_board *b)
{
    static const char separators[] = " \t/";
    int count[ANIMALS_TYPES] = {0}, cells = 0;
    for (const char *p = text + strspn(text, separators); *p; p += strspn(p, separators)) {
        size_t len = strcspn(p, separators);
        char word[32];
        snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), p);
        int type = animals_type_find(word);
        if (type < 0) {
            ga_cfg_error_at(cfg, group, "answer", "unknown animal '%s' (elephant, monkey, tiger, pig, cat, "
                            "turtle, hippo, lion, panda)", word);
            return false;
        }
        if (cells < ANIMALS_CELLS)
            b->cell[cells] = type;
        cells++;
        count[type]++;
        p += len;
    }
    if (cells != ANIMALS_CELLS) {
        ga_cfg_error_at(cfg, group, "answer", "expected nine animals, top row first, got %d", cells);
        return false;
    }
    for (int t = 0; t < ANIMALS_TYPES; t++) {
        if (count[t] > animals_stock(t)) {
            ga_cfg_error_at(cfg, group, "answer", "%d of animal '%s', the box holds %d", count[t],
                            animals_type_name(t), animals_stock(t));
            return false;
        }
    }
    return true;
}

static bool level_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct animals_level *l = state;
    const char *text;
    if (!ga_cfg_string(cfg, group, "answer", "", &text))
        return false;
    if (!text[0]) {
        ga_cfg_error_at(cfg, group, "answer",
                        "missing: the intended answer, nine animals top row first, e.g. \"%s\"",
                        "panda lion monkey / tiger hippo lion / panda elephant hippo");
        return false;
    }
    if (!level_read_answer(cfg, group, text, &l->answer))
        return false;
    memset(&l->pieces, 0, sizeof l->pieces);
    for (int c = 0; c < ANIMALS_CELLS; c++)
        l->pieces.count[l->answer.cell[c]]++;
    l->ncands = animals_candidates(&l->answer, l->cands);
    return true;
}

static void level_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct animals_level *l = state;
    *len = l->ncands;
    *alphabet = 2;
}

/* A random level: a number of conditions drawn from 1 to ANIMALS_LEVEL_INIT_MOST,
 * each a random candidate whose slot is still free. */
static void level_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    const struct animals_level *l = gen->state;
    bool taken[ANIMALS_SLOTS] = {false};
    size_t free_cands[ANIMALS_POOL_MAX];
    memset(g, 0, l->ncands * sizeof *g);
    for (size_t want = 1 + ga_rng_below(r, ANIMALS_LEVEL_INIT_MOST); want > 0; want--) {
        size_t n = 0;
        for (size_t i = 0; i < l->ncands; i++)
            if (!taken[animals_slot(&l->cands[i])])
                free_cands[n++] = i;
        if (n == 0)
            break;
        size_t pick = free_cands[ga_rng_below(r, n)];
        g[pick] = 1;
        taken[animals_slot(&l->cands[pick])] = true;
    }
}

/* The conditions g sets: how many, and how many of them share a slot with an earlier one. */
static size_t level_count(const struct animals_level *l, const ga_gene *g, size_t *repeated)
{
    unsigned char used[ANIMALS_SLOTS] = {0};
    size_t n = 0;
    *repeated = 0;
    for (size_t i = 0; i < l->ncands; i++) {
        if (!g[i])
            continue;
        n++;
        int slot = animals_slot(&l->cands[i]);
        *repeated += used[slot];
        used[slot] = 1;
    }
    return n;
}

/* The puzzle of g: the answer's pieces and g's conditions, the first ANIMALS_MAX_CONDS of them
 * (a level that says nothing twice has at most 63). */
static void level_puzzle(const struct animals_level *l, const ga_gene *g, struct animals_puzzle *p)
{
    *p = l->pieces;
    for (size_t i = 0; i < l->ncands && p->nconds < ANIMALS_MAX_CONDS; i++)
        if (g[i])
            p->conds[p->nconds++] = l->cands[i];
}

/*
 * f = (-D, conditions); v = (uniqueness, repeats).  Uniqueness is
 * log(N) / log(ANIMALS_LEVEL_COUNT_LIMIT) with N counted up to the limit:
 * 0 for one solution, 1 for the limit or more.  Repeats is the number of
 * conditions in a slot already taken; such a level is not solved (it is
 * no level), and its uniqueness counts as 1.  D is only known for one
 * solution: otherwise f1 is 0, no difficulty credited.
 */
static void level_evaluate(const struct ga_genome *gen, const ga_gene *g, double *f, double *v)
{
    const struct animals_level *l = gen->state;
    size_t repeated, n = level_count(l, g, &repeated);
    f[0] = 0;
    f[1] = (double)n;
    v[0] = 1;
    v[1] = (double)repeated;
    if (repeated)
        return;
    struct animals_puzzle p;
    level_puzzle(l, g, &p);
    struct animals_stats st;
    double d;
    if (animals_solve(&p, ANIMALS_LEVEL_COUNT_LIMIT, NULL, NULL, &st) != 0)
        return;                           /* cannot happen: candidates are well formed */
    v[0] = log((double)st.solutions) / log(ANIMALS_LEVEL_COUNT_LIMIT);
    if (st.solutions == 1 && animals_stats_difficulty(&st, &d))
        f[0] = -d;
}

static bool level_valid(const struct ga_genome *gen, const ga_gene *g)
{
    const struct animals_level *l = gen->state;
    for (size_t i = 0; i < l->ncands; i++)
        if (g[i] > 1)
            return false;
    return true;
}

/*
 * The level as a puzzle file ('gaexp solve animals' reads it), after a
 * comment that begins "level:" with its figures and its answer.  The
 * figures are the solver's, counted to the end for a level that says
 * nothing twice.
 */
static void level_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct animals_level *l = gen->state;
    size_t repeated, n = level_count(l, g, &repeated);
    struct animals_puzzle p;
    level_puzzle(l, g, &p);
    char comment[1024];
    int at;
    struct animals_stats st;
    double d;
    bool unique = !repeated && animals_solve(&p, 0, NULL, NULL, &st) == 0 && st.solutions == 1 &&
                  animals_stats_difficulty(&st, &d);
    if (repeated)
        at = snprintf(comment, sizeof comment, "level: not a level, %zu of its %zu conditions repeat a slot%s\n",
                      repeated, n, n > p.nconds ? " (the first 64 below)" : "");
    else if (unique)
        at = snprintf(comment, sizeof comment,
                      "level: D %.4f, %zu conditions, 1 solution (x1 %llu, x2 %llu, x3 %llu, x4 %llu)\n", d, n,
                      st.steps, st.space, st.nodes, st.dead_ends);
    else
        at = snprintf(comment, sizeof comment, "level: not a level, %zu conditions, %llu solutions\n", n,
                      st.solutions);
    if (unique)
        snprintf(p.name, sizeof p.name, "animals_level D %.2f, %zu conditions", d, n);
    else
        snprintf(p.name, sizeof p.name, "animals_level, %zu conditions", n);
    /* The answer, as three comment lines. */
    static const char *const rows[ANIMALS_SIDE] = {"answer:  ", "         ", "         "};
    for (int r = 0; r < ANIMALS_SIDE && at >= 0 && (size_t)at < sizeof comment; r++)
        at += snprintf(comment + at, sizeof comment - (size_t)at, "%s%s %s %s\n", rows[r],
                       animals_type_name(l->answer.cell[3 * r]), animals_type_name(l->answer.cell[3 * r + 1]),
                       animals_type_name(l->answer.cell[3 * r + 2]));
    animals_puzzle_write(&p, comment, out);
}

static void level_count_objectives(const void *state, size_t *m, size_t *k)
{
    (void)state;
    *m = ANIMALS_LEVEL_OBJECTIVES;
    *k = ANIMALS_LEVEL_CONSTRAINTS;
}

static const char *level_objective_name(const void *state, size_t j)
{
    (void)state;
    return j == 0 ? "neg_difficulty" : "conditions";
}

/* (0, candidates + 1): every level's D is positive and its conditions at most the candidates. */
static bool level_reference(const void *state, double *ref)
{
    const struct animals_level *l = state;
    ref[0] = 0;
    ref[1] = (double)l->ncands + 1;
    return true;
}

static const struct ga_problem_objectives level_objectives = {
    .count = level_count_objectives,
    .evaluate = level_evaluate,
    .name = level_objective_name,
    .reference = level_reference,
};

static const struct ga_problem_variation level_variation = {
    .example = "answer = \"panda lion monkey / tiger hippo lion / panda elephant hippo\";",
    .defaults = {"uniform", 0.9, "flip", 1.0, GA_PER_INDIVIDUAL},
};
static const struct ga_problem_evaluation level_evaluation = {.objectives = &level_objectives};
const struct ga_problem ga_problem_animals_level = {
    .name = "animals_level",
    .summary = "animal level design: difficulty up, conditions down, one solution (2 objectives, 2 constraints)",
    .kind = GA_KIND_BITS,
    .state_size = sizeof(struct animals_level),
    .configure = level_configure,
    .shape = level_shape,
    .init = level_init,
    .valid = level_valid,
    .print = level_print,
    .variation = &level_variation,
    .evaluation = &level_evaluation,
};
