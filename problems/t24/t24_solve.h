/* problems/t24/t24_solve.h — the exhaustive truth of the 24 game: one hand, every hand of a census. */
#ifndef GA_PROBLEMS_T24_SOLVE_H
#define GA_PROBLEMS_T24_SOLVE_H

#include "gaexp/status.h"
#include "problems/t24/t24.h"

/* Results of the solvers. */
enum t24_solve_status {
    T24_SOLVED = 1,
    T24_UNSOLVABLE = 0,
    T24_NO_MEMORY = GA_ENOMEM,
    T24_TOO_LARGE = GA_ETOOBIG, /* more intermediate values than T24_SOLVE_MAX_VALUES */
};

/* The subset search keeps every distinct value of every proper subset of
 * the cards; it gives up beyond this many (about 48 bytes each). */
#define T24_SOLVE_MAX_VALUES 8000000u

/* Length of a whole expression of h: 2 * ncards - 1 nodes. */
static inline size_t t24_expr_len(const struct t24_hand *h)
{
    return 2 * (size_t)h->ncards - 1;
}

/* Decides whether h can reach its target and, if so, writes one
 * expression (prefix, t24_expr_len(h) symbols) into 'solution'.
 * Method: the distinct values of every subset of the cards, built from
 * every split into two subsets and every operator (dynamic programming
 * over subsets), then the target tested over the splits of the whole hand. */
enum t24_solve_status t24_solve(const struct t24_hand *h, ga_gene *solution);
/* The same, but every intermediate value must be an exact integer (the
 * hands that only fractions solve, like 3 3 8 8, are T24_UNSOLVABLE). */
enum t24_solve_status t24_solve_integers(const struct t24_hand *h, ga_gene *solution);

/* Calls 'found' once per distinct solution of h, distinct up to
 * commutativity and associativity (t24_format's canonical text), in the
 * order found; returns how many, or T24_NO_MEMORY.  Walks every
 * expression, so it is meant for hands of up to T24_ALL_MAX_CARDS cards. */
#define T24_ALL_MAX_CARDS 6
long t24_solve_all(const struct t24_hand *h,
                   void (*found)(void *ctx, const char *canonical, const ga_gene *expr), void *ctx);

/* Every hand of 'cards' values from [low, high] (multisets, values
 * ascending, hands in lexicographic order), each solved with t24_solve.
 * 'proto' gives the operators and the target.  'each' sees every hand,
 * 'solution' NULL when unsolvable; returning false stops the walk.
 * Returns T24_SOLVED when the walk completed, else the failing status. */
enum t24_solve_status t24_census(const struct t24_hand *proto, int low, int high, unsigned cards,
                                 bool (*each)(void *ctx, const struct t24_hand *hand,
                                              const ga_gene *solution),
                                 void *ctx);

#endif
