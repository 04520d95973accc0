/* problems/t24/t24_solve.c — exhaustive 24-game solvers: values of every subset, every expression, every hand. */
#include "problems/t24/t24_solve.h"

#include <stdlib.h>
#include <string.h>

/* ---- distinct values of a subset of the cards ----------------------------- */

/* A value and how it was made: operator 'symbol' applied to value 'left'
 * of subset 'left_set' and value 'right' of the rest of the subset. */
struct t24_made {
    struct t24_value v;
    uint32_t left, right;
    uint8_t left_set;
    ga_gene symbol;
};

/* The distinct values of one subset, with an open-addressing index. */
struct t24_values {
    struct t24_made *made;
    size_t count, cap;
    uint32_t *slot; /* index + 1, 0 = empty */
    size_t slots;   /* a power of two, at least twice count */
};

static uint64_t t24_hash(struct t24_value v)
{
    uint64_t x;
    if (v.exact) {
        x = (uint64_t)v.num * 0x9e3779b97f4a7c15u ^ (uint64_t)v.den * 0xc2b2ae3d27d4eb4fu;
    } else {
        memcpy(&x, &v.real, sizeof x);
        x ^= 0x5bd1e9955bd1e995u;
    }
    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9u;
    return x ^ (x >> 29);
}

static bool t24_same(struct t24_value a, struct t24_value b)
{
    if (a.exact != b.exact)
        return false;
    return a.exact ? a.num == b.num && a.den == b.den : memcmp(&a.real, &b.real, sizeof a.real) == 0;
}

static bool t24_values_grow(struct t24_values *s)
{
    size_t slots = s->slots ? 2 * s->slots : 64;
    uint32_t *slot = calloc(slots, sizeof *slot);
    struct t24_made *made = realloc(s->made, slots / 2 * sizeof *made);
    if (!slot || !made) {
        free(slot);
        if (made)
            s->made = made;
        return false;
    }
    s->made = made;
    s->cap = slots / 2;
    for (size_t i = 0; i < s->count; i++) {
        size_t h = t24_hash(made[i].v) & (slots - 1);
        while (slot[h])
            h = (h + 1) & (slots - 1);
        slot[h] = (uint32_t)(i + 1);
    }
    free(s->slot);
    s->slot = slot;
    s->slots = slots;
    return true;
}

/* Adds m unless its value is there already; false when out of memory. */
static bool t24_values_add(struct t24_values *s, const struct t24_made *m)
{
    if (s->count == s->cap && !t24_values_grow(s))
        return false;
    size_t h = t24_hash(m->v) & (s->slots - 1);
    for (; s->slot[h]; h = (h + 1) & (s->slots - 1))
        if (t24_same(s->made[s->slot[h] - 1].v, m->v))
            return true;
    s->made[s->count] = *m;
    s->slot[h] = (uint32_t)++s->count;
    return true;
}

static bool t24_commutes(enum t24_op op)
{
    return op == T24_ADD || op == T24_MUL;
}

/* Writes value i of subset 'set' as a prefix expression; returns nodes written. */
static size_t t24_rebuild(const struct t24_values *sets, unsigned set, uint32_t i, ga_gene *out)
{
    if ((set & (set - 1)) == 0) {
        out[0] = (ga_gene)__builtin_ctz(set);
        return 1;
    }
    const struct t24_made *m = &sets[set].made[i];
    size_t n = 1;
    out[0] = m->symbol;
    n += t24_rebuild(sets, m->left_set, m->left, out + n);
    return n + t24_rebuild(sets, set ^ m->left_set, m->right, out + n);
}

struct t24_search {
    const struct t24_hand *h;
    struct t24_values *sets; /* one per subset of the cards, by bit mask */
    size_t total;            /* values kept, against T24_SOLVE_MAX_VALUES */
    bool integers;           /* keep only integer intermediate values */
};

/* Combines subsets left and set^left with every operator; for the whole
 * hand only the target is looked for (and made into 'solution'). */
static enum t24_solve_status t24_combine(struct t24_search *s, unsigned set, unsigned left,
                                         ga_gene *solution)
{
    const struct t24_hand *h = s->h;
    unsigned right = set ^ left, whole = (1u << h->ncards) - 1;
    const struct t24_values *a = &s->sets[left], *b = &s->sets[right];
    for (unsigned k = 0; k < h->nops; k++) {
        enum t24_op op = h->op[k];
        if (t24_commutes(op) && left > right)
            continue;
        for (uint32_t i = 0; i < a->count; i++)
            for (uint32_t j = 0; j < b->count; j++) {
                struct t24_value v = t24_apply(op, a->made[i].v, b->made[j].v);
                if (!v.valid || (s->integers && set != whole && !(v.exact && v.den == 1)))
                    continue;
                struct t24_made m = {v, i, j, (uint8_t)left, (ga_gene)(h->ncards + k)};
                if (set == whole) {
                    if (!t24_value_is(v, h->target))
                        continue;
                    solution[0] = m.symbol;
                    size_t n = 1 + t24_rebuild(s->sets, left, i, solution + 1);
                    t24_rebuild(s->sets, right, j, solution + n);
                    return T24_SOLVED;
                }
                size_t before = s->sets[set].count;
                if (!t24_values_add(&s->sets[set], &m))
                    return T24_NO_MEMORY;
                s->total += s->sets[set].count - before;
                if (s->total > T24_SOLVE_MAX_VALUES)
                    return T24_TOO_LARGE;
            }
    }
    return T24_UNSOLVABLE;
}

static enum t24_solve_status t24_solve_subsets(const struct t24_hand *h, bool integers, ga_gene *solution)
{
    unsigned whole = (1u << h->ncards) - 1;
    if (h->ncards == 1) {
        solution[0] = 0;
        return t24_value_is(t24_value_int(h->card[0]), h->target) ? T24_SOLVED : T24_UNSOLVABLE;
    }
    struct t24_search s = {h, calloc(whole + 1, sizeof *s.sets), 0, integers};
    if (!s.sets)
        return T24_NO_MEMORY;
    enum t24_solve_status status = T24_UNSOLVABLE;
    for (unsigned i = 0; i < h->ncards && status == T24_UNSOLVABLE; i++) {
        struct t24_made card = {t24_value_int(h->card[i]), 0, 0, 0, (ga_gene)i};
        if (!t24_values_add(&s.sets[1u << i], &card))
            status = T24_NO_MEMORY;
    }
    /* Subsets in increasing order: every proper subset comes before its supersets. */
    for (unsigned set = 3; set <= whole && status == T24_UNSOLVABLE; set++) {
        if ((set & (set - 1)) == 0)
            continue;
        for (unsigned left = (set - 1) & set; left && status == T24_UNSOLVABLE; left = (left - 1) & set)
            status = t24_combine(&s, set, left, solution);
    }
    for (unsigned set = 0; set <= whole; set++) {
        free(s.sets[set].made);
        free(s.sets[set].slot);
    }
    free(s.sets);
    return status;
}

enum t24_solve_status t24_solve(const struct t24_hand *h, ga_gene *solution)
{
    return t24_solve_subsets(h, false, solution);
}

enum t24_solve_status t24_solve_integers(const struct t24_hand *h, ga_gene *solution)
{
    return t24_solve_subsets(h, true, solution);
}

/* ---- every expression ------------------------------------------------------------ */

#define T24_EXPR_MAX (2 * T24_MAX_CARDS - 1)

/* A partial expression: its value and its prefix symbols. */
struct t24_item {
    struct t24_value v;
    size_t len;
    ga_gene expr[T24_EXPR_MAX];
};

/* The canonical texts met so far (an open-addressing set of strings). */
struct t24_seen {
    char **text;
    size_t count, slots;
};

static uint64_t t24_text_hash(const char *s)
{
    uint64_t x = 1469598103934665603u; /* FNV-1a */
    for (; *s; s++)
        x = (x ^ (unsigned char)*s) * 1099511628211u;
    return x;
}

/* 1 when text is new (and now remembered), 0 when seen, GA_ENOMEM. */
static int t24_seen_add(struct t24_seen *seen, const char *text)
{
    if (2 * (seen->count + 1) > seen->slots) {
        size_t slots = seen->slots ? 2 * seen->slots : 64;
        char **t = calloc(slots, sizeof *t);
        if (!t)
            return GA_ENOMEM;
        for (size_t i = 0; i < seen->slots; i++)
            if (seen->text[i]) {
                size_t h = t24_text_hash(seen->text[i]) & (slots - 1);
                while (t[h])
                    h = (h + 1) & (slots - 1);
                t[h] = seen->text[i];
            }
        free(seen->text);
        seen->text = t;
        seen->slots = slots;
    }
    size_t h = t24_text_hash(text) & (seen->slots - 1);
    for (; seen->text[h]; h = (h + 1) & (seen->slots - 1))
        if (strcmp(seen->text[h], text) == 0)
            return 0;
    if (!(seen->text[h] = strdup(text)))
        return GA_ENOMEM;
    seen->count++;
    return 1;
}

struct t24_walk {
    const struct t24_hand *h;
    struct t24_seen seen;
    void (*found)(void *ctx, const char *canonical, const ga_gene *expr);
    void *ctx;
    bool failed;
};

/* Combines two of the n items in every way, down to one: every binary
 * tree over the cards with every operator placement. */
static void t24_walk(struct t24_walk *w, const struct t24_item *items, size_t n)
{
    if (n == 1) {
        if (!t24_value_is(items[0].v, w->h->target))
            return;
        char text[256];
        t24_format(w->h, items[0].expr, true, text, sizeof text);
        int added = t24_seen_add(&w->seen, text);
        if (added < 0)
            w->failed = true;
        else if (added)
            w->found(w->ctx, text, items[0].expr);
        return;
    }
    struct t24_item next[T24_MAX_CARDS];
    for (size_t i = 0; i < n && !w->failed; i++)
        for (size_t j = 0; j < n; j++) {
            if (i == j)
                continue;
            size_t m = 0;
            for (size_t k = 0; k < n; k++)
                if (k != i && k != j)
                    next[m++] = items[k];
            struct t24_item *c = &next[m];
            for (unsigned k = 0; k < w->h->nops; k++) {
                if (t24_commutes(w->h->op[k]) && i > j)
                    continue;
                c->v = t24_apply(w->h->op[k], items[i].v, items[j].v);
                if (!c->v.valid)
                    continue;
                c->expr[0] = (ga_gene)(w->h->ncards + k);
                memcpy(c->expr + 1, items[i].expr, items[i].len * sizeof *c->expr);
                memcpy(c->expr + 1 + items[i].len, items[j].expr, items[j].len * sizeof *c->expr);
                c->len = 1 + items[i].len + items[j].len;
                t24_walk(w, next, m + 1);
            }
        }
}

long t24_solve_all(const struct t24_hand *h,
                   void (*found)(void *ctx, const char *canonical, const ga_gene *expr), void *ctx)
{
    struct t24_walk w = {h, {NULL, 0, 0}, found, ctx, false};
    struct t24_item items[T24_MAX_CARDS];
    for (unsigned i = 0; i < h->ncards; i++)
        items[i] = (struct t24_item){t24_value_int(h->card[i]), 1, {(ga_gene)i}};
    t24_walk(&w, items, h->ncards);
    for (size_t i = 0; i < w.seen.slots; i++)
        free(w.seen.text[i]);
    free(w.seen.text);
    return w.failed ? T24_NO_MEMORY : (long)w.seen.count;
}

/* ---- every hand ------------------------------------------------------------------ */

enum t24_solve_status t24_census(const struct t24_hand *proto, int low, int high, unsigned cards,
                                 bool (*each)(void *ctx, const struct t24_hand *hand,
                                              const ga_gene *solution),
                                 void *ctx)
{
    struct t24_hand h = *proto;
    h.ncards = cards;
    for (unsigned i = 0; i < cards; i++)
        h.card[i] = low;
    ga_gene solution[T24_EXPR_MAX];
    for (;;) {
        enum t24_solve_status status = t24_solve(&h, solution);
        if (status < 0)
            return status;
        if (!each(ctx, &h, status == T24_SOLVED ? solution : NULL))
            return T24_SOLVED;
        /* Next multiset: raise the last card that can rise, reset those after it. */
        unsigned i = cards;
        while (i > 0 && h.card[i - 1] == high)
            i--;
        if (i == 0)
            return T24_SOLVED;
        h.card[i - 1]++;
        for (unsigned j = i; j < cards; j++)
            h.card[j] = h.card[i - 1];
    }
}
