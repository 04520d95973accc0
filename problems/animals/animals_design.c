/* problems/animals/animals_design.c — the level designer: hill climbing over the conditions a random answer satisfies */
#include "problems/animals/animals_design.h"

#include <math.h>
#include <string.h>

#include "gaexp/rng.h"

#define ANIMALS_DESIGN_MAX_CHOSEN 16  /* conditions in a designed puzzle, at most */
#define ANIMALS_DESIGN_STALL 1000     /* moves without getting nearer before a new answer is dealt */
#define ANIMALS_DESIGN_NEAR 0.25      /* near enough to stop */
#define ANIMALS_ALL_LINES 7u          /* the set of all three heights or lines */

/* One design run: the dealt answer, the conditions it satisfies, the best puzzle so far. */
struct animals_designer {
    gsl_rng *r;
    double target;
    unsigned long long budget, solves;
    struct animals_puzzle pieces;         /* the dealt pieces, no conditions */
    struct animals_board answer;
    struct animals_cond pool[ANIMALS_POOL_MAX];
    size_t npool;
    bool have_best;
    double best_distance;
    struct animals_design best;
};

static void animals_shuffle(gsl_rng *r, int *v, int n)
{
    for (int i = 0; i + 1 < n; i++) {
        int j = i + (int)ga_rng_below(r, (unsigned long)(n - i));
        int t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

/*
 * A random answer.  Nine pieces drawn from the box at random seldom make
 * the large groups (five pandas, three lions) that the easiest puzzles
 * need, so every fourth deal takes whole types instead, in random order,
 * until nine pieces are out.
 */
static void animals_deal(struct animals_designer *g, bool whole_types)
{
    int box[ANIMALS_STOCK_PIECES], n = 0, order[ANIMALS_TYPES];
    for (int t = 0; t < ANIMALS_TYPES; t++)
        order[t] = t;
    if (whole_types)
        animals_shuffle(g->r, order, ANIMALS_TYPES);
    for (int k = 0; k < ANIMALS_TYPES; k++)
        for (int i = 0; i < animals_stock(order[k]); i++)
            box[n++] = order[k];
    /* The first nine, in random order: a uniform draw, or the whole types taken. */
    animals_shuffle(g->r, box, whole_types ? ANIMALS_CELLS : n);
    memset(&g->pieces, 0, sizeof g->pieces);
    for (int c = 0; c < ANIMALS_CELLS; c++) {
        g->answer.cell[c] = box[c];
        g->pieces.count[box[c]]++;
    }
}

/* Appends c to pool[*n] when the answer satisfies it. */
static void animals_offer(const struct animals_board *answer, struct animals_cond c, struct animals_cond *pool,
                          size_t *n)
{
    if (*n < ANIMALS_POOL_MAX && animals_cond_holds(&c, answer))
        pool[(*n)++] = c;
}

size_t animals_candidates(const struct animals_board *answer, struct animals_cond pool[ANIMALS_POOL_MAX])
{
    int count[ANIMALS_TYPES] = {0};
    for (int c = 0; c < ANIMALS_CELLS; c++)
        count[answer->cell[c]]++;
    size_t n = 0;
    for (int a = 0; a < ANIMALS_TYPES; a++) {
        if (!count[a])
            continue;
        for (unsigned set = 1; set < ANIMALS_ALL_LINES; set++) {
            animals_offer(answer, (struct animals_cond){.kind = ANIMALS_COND_HEIGHT, .a = a, .set = set}, pool, &n);
            for (int axis = ANIMALS_ROW; axis <= ANIMALS_COL; axis++) {
                animals_offer(answer, (struct animals_cond){ANIMALS_COND_IN, a, 0, axis, set}, pool, &n);
                animals_offer(answer, (struct animals_cond){ANIMALS_COND_NOTIN, a, 0, axis, set}, pool, &n);
            }
        }
        /* Each pair once, a the earlier type: "higher a b" and "lower a b" cover both orders. */
        for (int b = a + 1; b < ANIMALS_TYPES; b++) {
            if (!count[b])
                continue;
            for (int kind = ANIMALS_COND_NEIGHBOUR; kind <= ANIMALS_COND_SAME; kind++)
                animals_offer(answer, (struct animals_cond){.kind = kind, .a = a, .b = b}, pool, &n);
        }
    }
    return n;
}

int animals_slot(const struct animals_cond *c)
{
    if (animals_cond_is_relative(c))
        return 3 * ANIMALS_TYPES + c->a * ANIMALS_TYPES + c->b;
    return 3 * c->a + (c->kind == ANIMALS_COND_HEIGHT ? 0 : 1 + (int)c->axis);
}

/* Chooses pool entry i, dropping the condition that held its slot. */
static void animals_choose(const struct animals_designer *g, bool *chosen, size_t *nchosen, size_t i)
{
    int slot = animals_slot(&g->pool[i]);
    for (size_t k = 0; k < g->npool; k++) {
        if (chosen[k] && animals_slot(&g->pool[k]) == slot) {
            chosen[k] = false;
            --*nchosen;
        }
    }
    chosen[i] = true;
    ++*nchosen;
}

enum animals_pick_from { ANIMALS_PICK_CHOSEN, ANIMALS_PICK_UNCHOSEN, ANIMALS_PICK_FREE_SLOT };

/* A random pool entry: chosen, not chosen, or not chosen with its slot free; −1 when there is none. */
static long animals_pick(struct animals_designer *g, const bool *chosen, enum animals_pick_from from)
{
    bool taken[ANIMALS_SLOTS] = {false};
    size_t fits[ANIMALS_POOL_MAX], n = 0;
    for (size_t i = 0; i < g->npool; i++)
        if (chosen[i])
            taken[animals_slot(&g->pool[i])] = true;
    for (size_t i = 0; i < g->npool; i++) {
        bool ok = from == ANIMALS_PICK_CHOSEN ? chosen[i]
                : from == ANIMALS_PICK_UNCHOSEN ? !chosen[i]
                : !chosen[i] && !taken[animals_slot(&g->pool[i])];
        if (ok)
            fits[n++] = i;
    }
    return n ? (long)fits[ga_rng_below(g->r, n)] : -1;
}

/*
 * One random move on the set: add a condition (exchanging it for the one
 * in its slot, if any), drop one, or exchange one for another.
 */
static void animals_move(struct animals_designer *g, bool *chosen, size_t *nchosen)
{
    unsigned long kind = ga_rng_below(g->r, 3);  /* 0 add, 1 drop, 2 exchange */
    if (kind == 0 && (*nchosen >= ANIMALS_DESIGN_MAX_CHOSEN || *nchosen >= g->npool))
        kind = 2;
    if (kind == 1 && *nchosen <= 1)
        kind = 2;
    if (*nchosen == 0)
        kind = 0;
    if (kind != 0) {
        chosen[animals_pick(g, chosen, ANIMALS_PICK_CHOSEN)] = false;
        --*nchosen;
    }
    if (kind != 1)
        animals_choose(g, chosen, nchosen, (size_t)animals_pick(g, chosen, ANIMALS_PICK_UNCHOSEN));
}

/* |D − target| of the puzzle the chosen conditions make, or INFINITY when it is not unique. */
static double animals_try(struct animals_designer *g, const bool *chosen, struct animals_design *result)
{
    struct animals_puzzle p = g->pieces;
    for (size_t i = 0; i < g->npool; i++)
        if (chosen[i])
            p.conds[p.nconds++] = g->pool[i];
    struct animals_stats st;
    double d;
    g->solves++;
    /* At most two solutions are needed: a unique puzzle's search always runs to the end. */
    if (animals_solve(&p, 2, NULL, NULL, &st) != 0 || st.solutions != 1 || !animals_stats_difficulty(&st, &d))
        return INFINITY;
    result->puzzle = p;
    result->answer = g->answer;
    result->stats = st;
    result->difficulty = d;
    double distance = fabs(d - g->target);
    if (!g->have_best || distance < g->best_distance) {
        g->have_best = true;
        g->best_distance = distance;
        g->best = *result;
    }
    return distance;
}

static bool animals_searching(const struct animals_designer *g)
{
    return g->solves < g->budget && !(g->have_best && g->best_distance <= ANIMALS_DESIGN_NEAR);
}

/* From no conditions, adds random ones until the answer is the only solution, then climbs. */
static void animals_climb(struct animals_designer *g)
{
    bool chosen[ANIMALS_POOL_MAX] = {false}, next[ANIMALS_POOL_MAX];
    size_t nchosen = 0;
    struct animals_design scratch;
    double distance = INFINITY;
    long add;
    while (distance == INFINITY && nchosen < ANIMALS_DESIGN_MAX_CHOSEN && animals_searching(g) &&
           (add = animals_pick(g, chosen, ANIMALS_PICK_FREE_SLOT)) >= 0) {
        animals_choose(g, chosen, &nchosen, (size_t)add);
        distance = animals_try(g, chosen, &scratch);
    }
    for (int stall = 0; distance < INFINITY && stall < ANIMALS_DESIGN_STALL && animals_searching(g);) {
        size_t nnext = nchosen;
        memcpy(next, chosen, g->npool * sizeof *next);
        animals_move(g, next, &nnext);
        double d = animals_try(g, next, &scratch);
        stall = d < distance ? 0 : stall + 1;
        if (d <= distance) {
            memcpy(chosen, next, g->npool * sizeof *chosen);
            nchosen = nnext;
            distance = d;
        }
    }
}

int animals_design(gsl_rng *r, double target, unsigned long long budget, struct animals_design *out)
{
    if (!(target >= ANIMALS_DESIGN_MIN_D && target <= ANIMALS_DESIGN_MAX_D))
        return -1;
    struct animals_designer g = {.r = r, .target = target, .budget = budget};
    for (unsigned deal = 0; animals_searching(&g); deal++) {
        bool whole_types = deal % 4 == 3;
        unsigned long long before = g.solves;
        animals_deal(&g, whole_types);
        g.npool = animals_candidates(&g.answer, g.pool);
        animals_climb(&g);
        if (g.solves == before)
            break;                        /* cannot happen: every answer satisfies some condition */
    }
    if (!g.have_best)
        return -1;
    *out = g.best;
    out->solves = g.solves;
    return 0;
}
