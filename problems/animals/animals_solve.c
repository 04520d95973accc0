/* problems/animals/animals_solve.c — exact solver (depth-first with propagation) and the published difficulty model */
#include "problems/animals/animals_solve.h"

#include <math.h>
#include <string.h>

typedef unsigned animals_set;             /* bit t = piece type t */
#define ANIMALS_BIT(t) (1u << (t))
#define ANIMALS_EMPTY (-1)

/* One search: the board so far, the pieces left and what each cell may hold by the unary conditions. */
struct animals_search {
    const struct animals_puzzle *p;
    animals_set unary[ANIMALS_CELLS];
    int board[ANIMALS_CELLS];             /* a type, or ANIMALS_EMPTY */
    int left[ANIMALS_TYPES];
    unsigned long long limit;
    animals_solution_fn on_solution;
    void *ctx;
    struct animals_stats *st;
    bool stopped;
};

static int animals_popcount(animals_set s)
{
    int n = 0;
    for (; s; s &= s - 1)
        n++;
    return n;
}

/* Removes the types 'drop' from dom[c]; how many it removed. */
static int animals_drop(animals_set dom[], int c, animals_set drop)
{
    int removed = animals_popcount(dom[c] & drop);
    dom[c] &= ~drop;
    return removed;
}

/* Whether cell n is empty and may still take type t. */
static bool animals_open_for(const struct animals_search *s, const animals_set dom[], int n, int t)
{
    return s->board[n] == ANIMALS_EMPTY && (dom[n] & ANIMALS_BIT(t));
}

/*
 * Half of a neighbour condition: every x needs a y beside it.  A placed x
 * with no y beside it and no neighbour open for y is a violation (−1); with
 * exactly one such neighbour that cell must take y.  An empty cell keeps x
 * only if some neighbour holds y or is open for y.  Returns the candidates removed.
 */
static int animals_prune_needs(const struct animals_search *s, int x, int y, animals_set dom[])
{
    int removed = 0;
    for (int c = 0; c < ANIMALS_CELLS; c++) {
        bool placed = s->board[c] == x;
        if (!placed && !animals_open_for(s, dom, c, x))
            continue;
        int options = 0, open = -1;
        bool met = false;
        for (int n = 0; n < ANIMALS_CELLS && !met; n++) {
            if (!animals_adjacent(c, n))
                continue;
            met = s->board[n] == y;
            if (animals_open_for(s, dom, n, y)) {
                options++;
                open = n;
            }
        }
        if (met)
            continue;
        if (!placed && options == 0)
            removed += animals_drop(dom, c, ANIMALS_BIT(x));
        else if (placed && options == 0)
            return -1;
        else if (placed && options == 1)
            removed += animals_drop(dom, open, ~ANIMALS_BIT(y));
    }
    return removed;
}

/*
 * Every hi strictly above every lo.  Placed pieces in the wrong order are a
 * violation; otherwise hi keeps only cells above every placed lo and above
 * the lowest cell open for the lo pieces still to place, and lo likewise
 * only cells below.
 */
static int animals_prune_above(const struct animals_search *s, int hi, int lo, animals_set dom[])
{
    int hi_placed = ANIMALS_HEIGHTS + 1, lo_placed = 0;     /* lowest placed hi, highest placed lo */
    int hi_open = 0, lo_open = ANIMALS_HEIGHTS + 1;         /* highest open for hi, lowest open for lo */
    for (int c = 0; c < ANIMALS_CELLS; c++) {
        int h = animals_height(c);
        if (s->board[c] == hi && h < hi_placed)
            hi_placed = h;
        if (s->board[c] == lo && h > lo_placed)
            lo_placed = h;
        if (animals_open_for(s, dom, c, hi) && h > hi_open)
            hi_open = h;
        if (animals_open_for(s, dom, c, lo) && h < lo_open)
            lo_open = h;
    }
    if (lo_placed >= hi_placed)
        return -1;
    int floor = s->left[lo] && lo_open > lo_placed ? lo_open : lo_placed;   /* hi must stand above it */
    int ceiling = s->left[hi] && hi_open < hi_placed ? hi_open : hi_placed; /* lo must stand below it */
    int removed = 0;
    for (int c = 0; c < ANIMALS_CELLS; c++) {
        if (s->board[c] != ANIMALS_EMPTY)
            continue;
        int h = animals_height(c);
        if (h <= floor)
            removed += animals_drop(dom, c, ANIMALS_BIT(hi));
        if (h >= ceiling)
            removed += animals_drop(dom, c, ANIMALS_BIT(lo));
    }
    return removed;
}

/* All a and b on one height: once one of them stands, the others may only join it. */
static int animals_prune_same(const struct animals_search *s, int a, int b, animals_set dom[])
{
    animals_set both = ANIMALS_BIT(a) | ANIMALS_BIT(b);
    int level = 0, removed = 0;
    for (int c = 0; c < ANIMALS_CELLS; c++) {
        if (s->board[c] == ANIMALS_EMPTY || !(both & ANIMALS_BIT(s->board[c])))
            continue;
        if (level && animals_height(c) != level)
            return -1;
        level = animals_height(c);
    }
    for (int c = 0; level && c < ANIMALS_CELLS; c++)
        if (s->board[c] == ANIMALS_EMPTY && animals_height(c) != level)
            removed += animals_drop(dom, c, both);
    return removed;
}

/* One relative condition's pruning: the candidates removed, or −1 for a violation. */
static int animals_prune(const struct animals_search *s, const struct animals_cond *c, animals_set dom[])
{
    int first, second;
    switch (c->kind) {
    case ANIMALS_COND_NEIGHBOUR:
        first = animals_prune_needs(s, c->a, c->b, dom);
        second = first < 0 ? -1 : animals_prune_needs(s, c->b, c->a, dom);
        return second < 0 ? -1 : first + second;
    case ANIMALS_COND_HIGHER:
        return animals_prune_above(s, c->a, c->b, dom);
    case ANIMALS_COND_LOWER:
        return animals_prune_above(s, c->b, c->a, dom);
    case ANIMALS_COND_SAME:
        return animals_prune_same(s, c->a, c->b, dom);
    default:
        return 0;                         /* unary conditions live in s->unary */
    }
}

/*
 * The counting rules: every empty cell needs a candidate, and each type
 * needs at least as many candidate cells as pieces left and no more cells
 * that can hold only it; a type with exactly as many candidate cells as
 * pieces left must take all of them.  Returns −1 when the pieces left
 * cannot fit, else the number of cells it narrowed to one type.
 */
static int animals_count_rule(const struct animals_search *s, animals_set dom[])
{
    int cells[ANIMALS_TYPES] = {0}, only[ANIMALS_TYPES] = {0}, narrowed = 0;
    for (int c = 0; c < ANIMALS_CELLS; c++) {
        if (s->board[c] != ANIMALS_EMPTY)
            continue;
        if (!dom[c])
            return -1;
        for (int t = 0; t < ANIMALS_TYPES; t++) {
            if (!(dom[c] & ANIMALS_BIT(t)))
                continue;
            cells[t]++;
            only[t] += dom[c] == ANIMALS_BIT(t);
        }
    }
    for (int t = 0; t < ANIMALS_TYPES; t++) {
        if (cells[t] < s->left[t] || only[t] > s->left[t])
            return -1;
        for (int c = 0; cells[t] == s->left[t] && c < ANIMALS_CELLS; c++) {
            if ((dom[c] & ANIMALS_BIT(t)) && dom[c] != ANIMALS_BIT(t)) {
                dom[c] = ANIMALS_BIT(t);
                narrowed++;
            }
        }
    }
    return narrowed;
}

/* One pass of every relative condition: whether any pruned; *violated when one found a violation. */
static bool animals_relative_pass(const struct animals_search *s, animals_set dom[], bool *violated)
{
    bool pruned = false;
    for (size_t i = 0; i < s->p->nconds; i++) {
        int removed = animals_prune(s, &s->p->conds[i], dom);
        if (removed < 0) {
            *violated = true;
            return pruned;
        }
        pruned = pruned || removed > 0;
    }
    return pruned;
}

/*
 * The candidates of every empty cell (0 for placed cells): the unary ones
 * among the types left, narrowed by the relative conditions and the
 * counting rule until nothing changes.  One thinking step (x1) when a
 * relative condition ruled anything out or found a violation.  False when
 * the board cannot be completed.
 */
static bool animals_propagate(struct animals_search *s, animals_set dom[ANIMALS_CELLS])
{
    animals_set left = 0;
    for (int t = 0; t < ANIMALS_TYPES; t++)
        if (s->left[t] > 0)
            left |= ANIMALS_BIT(t);
    for (int c = 0; c < ANIMALS_CELLS; c++)
        dom[c] = s->board[c] == ANIMALS_EMPTY ? s->unary[c] & left : 0;
    bool reasoned = false, violated = false;
    int narrowed = 1;
    while (!violated && narrowed > 0) {
        while (animals_relative_pass(s, dom, &violated) && !violated)
            reasoned = true;
        narrowed = violated ? -1 : animals_count_rule(s, dom);
    }
    s->st->steps += reasoned || violated;
    return narrowed == 0;
}

static void animals_record(struct animals_search *s)
{
    struct animals_board b;
    memcpy(b.cell, s->board, sizeof b.cell);
    if (s->on_solution)
        s->on_solution(s->ctx, &b);
    if (++s->st->solutions == s->limit)
        s->stopped = true;
}

/* Tries every candidate type on cell 'cell' (cells are filled in reading order). */
static void animals_search_from(struct animals_search *s, int cell, const animals_set dom[ANIMALS_CELLS])
{
    if (cell == ANIMALS_CELLS) {
        animals_record(s);
        return;
    }
    for (int t = 0; t < ANIMALS_TYPES && !s->stopped; t++) {
        if (!(dom[cell] & ANIMALS_BIT(t)))
            continue;
        animals_set next[ANIMALS_CELLS];
        s->st->nodes++;
        s->board[cell] = t;
        s->left[t]--;
        if (animals_propagate(s, next))
            animals_search_from(s, cell + 1, next);
        else
            s->st->dead_ends++;
        s->left[t]++;
        s->board[cell] = ANIMALS_EMPTY;
    }
}

/* The types each cell may hold by the unary conditions alone. */
static void animals_unary(struct animals_search *s)
{
    for (int c = 0; c < ANIMALS_CELLS; c++) {
        animals_set allowed = 0;
        for (int t = 0; t < ANIMALS_TYPES; t++)
            if (s->p->count[t] > 0)
                allowed |= ANIMALS_BIT(t);
        for (size_t i = 0; i < s->p->nconds; i++) {
            const struct animals_cond *cond = &s->p->conds[i];
            if (!animals_cond_is_relative(cond) && !animals_cond_allows(cond, c))
                allowed &= ~ANIMALS_BIT(cond->a);
        }
        s->unary[c] = allowed;
    }
}

unsigned long long animals_space(const struct animals_puzzle *p)
{
    unsigned long long space = 0;
    for (size_t i = 0; i < p->nconds; i++) {
        const struct animals_cond *c = &p->conds[i];
        if (c->kind == ANIMALS_COND_HEIGHT)
            space += 1;
        else if (c->kind == ANIMALS_COND_IN || c->kind == ANIMALS_COND_NOTIN)
            space += animals_popcount(c->set) == 1 ? 2 : 3;
    }
    return space;
}

int animals_solve(const struct animals_puzzle *p, unsigned long long limit, animals_solution_fn on_solution,
                  void *ctx, struct animals_stats *out)
{
    memset(out, 0, sizeof *out);
    if (!animals_puzzle_valid(p))
        return -1;
    struct animals_search s = {.p = p, .limit = limit, .on_solution = on_solution, .ctx = ctx, .st = out};
    memcpy(s.left, p->count, sizeof s.left);
    for (int c = 0; c < ANIMALS_CELLS; c++)
        s.board[c] = ANIMALS_EMPTY;
    animals_unary(&s);
    out->space = animals_space(p);
    animals_set dom[ANIMALS_CELLS];
    if (animals_propagate(&s, dom))
        animals_search_from(&s, 0, dom);
    else
        out->dead_ends = 1;               /* the empty board itself */
    out->complete = !s.stopped;
    return 0;
}

bool animals_difficulty(double x1, double x2, double x3, double x4, double n, double *d)
{
    if (!(n > 0 && x1 >= 0 && x2 >= 0 && x3 >= 0 && x4 >= 0))
        return false;
    *d = (ANIMALS_D_A1 * pow(2 * x1 + x2, ANIMALS_D_B1) + ANIMALS_D_A2 * pow(x3 + x4, ANIMALS_D_B2)) / n
       + ANIMALS_D_A3;
    return true;
}

bool animals_stats_difficulty(const struct animals_stats *s, double *d)
{
    return s->complete && animals_difficulty((double)s->steps, (double)s->space, (double)s->nodes,
                                             (double)s->dead_ends, (double)s->solutions, d);
}
