/* problems/t24/t24_rdo.c — semantic backpropagation and the Random Desired Operator for the 24 game. */
#include "problems/t24/t24_rdo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/rng.h"

static bool rdo_is_card(const struct t24_hand *h, ga_gene s)
{
    return s < h->ncards;
}

/* The value of every node of the expression (size nodes), by node index. */
static void rdo_values(const struct t24_hand *h, const ga_gene *e, size_t size, struct t24_value *val)
{
    size_t stack[T24_MAX_CARDS], top = 0;
    for (size_t i = size; i-- > 0;) {
        if (rdo_is_card(h, e[i])) {
            val[i] = t24_value_int(h->card[e[i]]);
        } else {
            size_t left = stack[--top], right = stack[--top];
            val[i] = t24_apply(h->op[e[i] - h->ncards], val[left], val[right]);
        }
        stack[top++] = i;
    }
}

/* x such that op(x, s) = d (x_left) or op(s, x) = d (!x_left). */
static struct t24_value rdo_invert(enum t24_op op, bool x_left, struct t24_value d, struct t24_value s)
{
    struct t24_value one = t24_value_int(1), none = {0};
    switch (op) {
    case T24_ADD:
        return t24_apply(T24_SUB, d, s);
    case T24_SUB:
        return x_left ? t24_apply(T24_ADD, d, s) : t24_apply(T24_SUB, s, d);
    case T24_MUL:
        return t24_apply(T24_DIV, d, s);
    case T24_DIV:
        return x_left ? t24_apply(T24_MUL, d, s) : t24_apply(T24_DIV, s, d);
    case T24_POW: /* x^s = d: x = d^(1/s);  s^x = d: x = log_s d */
        return x_left ? t24_apply(T24_POW, d, t24_apply(T24_DIV, one, s)) : t24_apply(T24_LOG, s, d);
    case T24_ROOT: /* x^(1/s) = d: x = d^s;  s^(1/x) = d: x = 1 / log_s d */
        return x_left ? t24_apply(T24_POW, d, s) : t24_apply(T24_DIV, one, t24_apply(T24_LOG, s, d));
    case T24_LOG: /* log_x s = d: x = s^(1/d);  log_s x = d: x = s^d */
        return x_left ? t24_apply(T24_POW, s, t24_apply(T24_DIV, one, d)) : t24_apply(T24_POW, s, d);
    case T24_MOD:
    case T24_OP_COUNT:
        break;
    }
    return none;
}

struct t24_value t24_rdo_desired(const struct t24_hand *h, const ga_gene *e, size_t pos)
{
    struct t24_value val[2 * T24_MAX_CARDS], d = t24_value_int(h->target);
    size_t size = t24_expr_size(h, e), node = 0;
    rdo_values(h, e, size, val);
    while (node != pos && d.valid) {
        size_t left = node + 1, right = left + t24_expr_size(h, e + left);
        bool x_left = pos < right;
        d = rdo_invert(h->op[e[node] - h->ncards], x_left, d, val[x_left ? right : left]);
        node = x_left ? left : right;
    }
    return d;
}

bool t24_rdo_site(const struct t24_hand *h, const ga_gene *e, size_t pos)
{
    if (pos == 0 || pos >= t24_expr_size(h, e) || rdo_is_card(h, e[pos]))
        return false;
    return (t24_expr_size(h, e + pos) + 1) / 2 <= T24_RDO_MAX_LEAVES;
}

struct rdo_entry {
    ga_gene expr[2 * T24_RDO_MAX_LEAVES - 1];
    struct t24_value value;
};

/* Every expression over each subset of at most T24_RDO_MAX_LEAVES cards,
 * by subset mask (bit i: card i), values computed once per hand. */
struct t24_rdo_library {
    struct rdo_entry *entry;
    size_t used;
    size_t first[1u << T24_MAX_CARDS], count[1u << T24_MAX_CARDS];
};

/* Expressions over 'cards' cards: cards! orderings x shapes x ops^(cards-1). */
static size_t rdo_expressions(unsigned cards, unsigned ops)
{
    static const size_t shapes[] = {0, 1, 1, 2};
    size_t n = shapes[cards];
    for (unsigned i = 2; i <= cards; i++)
        n *= i * (size_t)ops;
    return n;
}

/* Appends every expression over the cards of 'mask', once the lists of
 * its proper subsets are built. */
static void rdo_build(const struct t24_hand *h, unsigned mask, struct t24_rdo_library *lib)
{
    lib->first[mask] = lib->used;
    if (!(mask & (mask - 1))) {
        struct rdo_entry *x = &lib->entry[lib->used++];
        x->expr[0] = (ga_gene)__builtin_ctz(mask);
        x->value = t24_value_int(h->card[x->expr[0]]);
    }
    for (unsigned a = (mask - 1) & mask; a; a = (a - 1) & mask) {
        unsigned b = mask & ~a;
        size_t la = 2 * (size_t)__builtin_popcount(a) - 1, lb = 2 * (size_t)__builtin_popcount(b) - 1;
        for (unsigned k = 0; k < h->nops; k++)
            for (size_t i = 0; i < lib->count[a]; i++)
                for (size_t j = 0; j < lib->count[b]; j++) {
                    const struct rdo_entry *x = &lib->entry[lib->first[a] + i], *y = &lib->entry[lib->first[b] + j];
                    struct rdo_entry *z = &lib->entry[lib->used++];
                    z->expr[0] = (ga_gene)(h->ncards + k);
                    memcpy(z->expr + 1, x->expr, la * sizeof *z->expr);
                    memcpy(z->expr + 1 + la, y->expr, lb * sizeof *z->expr);
                    z->value = t24_apply(h->op[k], x->value, y->value);
                }
    }
    lib->count[mask] = lib->used - lib->first[mask];
}

struct t24_rdo_library *t24_rdo_library_alloc(const struct t24_hand *h)
{
    struct t24_rdo_library *lib = calloc(1, sizeof *lib);
    if (!lib)
        return NULL;
    size_t total = 0;
    for (unsigned mask = 1; mask < 1u << h->ncards; mask++)
        if ((unsigned)__builtin_popcount(mask) <= T24_RDO_MAX_LEAVES)
            total += rdo_expressions((unsigned)__builtin_popcount(mask), h->nops);
    if (!(lib->entry = malloc(total * sizeof *lib->entry))) {
        free(lib);
        return NULL;
    }
    /* Masks in increasing order: every subset comes before its supersets. */
    for (unsigned mask = 1; mask < 1u << h->ncards; mask++)
        if ((unsigned)__builtin_popcount(mask) <= T24_RDO_MAX_LEAVES)
            rdo_build(h, mask, lib);
    return lib;
}

void t24_rdo_library_free(struct t24_rdo_library *lib)
{
    if (!lib)
        return;
    free(lib->entry);
    free(lib);
}

/* How far v is from the desired d: 0 when equal, +inf when v is invalid. */
static double rdo_distance(struct t24_value v, struct t24_value d)
{
    if (!v.valid)
        return INFINITY;
    if (v.exact && d.exact)
        return v.num == d.num && v.den == d.den ? 0.0 : fmax(fabs(v.real - d.real), 1e-300);
    return fabs(v.real - d.real);
}

bool t24_rdo_at(const struct t24_hand *h, const struct t24_rdo_library *lib, gsl_rng *r, ga_gene *e,
                size_t pos)
{
    if (!t24_rdo_site(h, e, pos))
        return false;
    struct t24_value d = t24_rdo_desired(h, e, pos);
    if (!d.valid)
        return false;
    size_t len = t24_expr_size(h, e + pos);
    unsigned mask = 0;
    for (size_t i = pos; i < pos + len; i++)
        if (rdo_is_card(h, e[i]))
            mask |= 1u << e[i];
    double best = INFINITY;
    size_t pick = 0, ties = 0;
    for (size_t i = lib->first[mask]; i < lib->first[mask] + lib->count[mask]; i++) {
        double dist = rdo_distance(lib->entry[i].value, d);
        if (dist < best)
            best = dist, pick = i, ties = 1;
        else if (dist == best && ga_rng_below(r, ++ties) == 0)
            pick = i;
    }
    if (best == INFINITY || memcmp(e + pos, lib->entry[pick].expr, len * sizeof *e) == 0)
        return false;
    memcpy(e + pos, lib->entry[pick].expr, len * sizeof *e);
    return true;
}
