/* problems/derful/derful_exact.h — the exact number of winning n×n 31-derful games per common sum, by Burnside's lemma. */
#ifndef GA_DERFUL_EXACT_H
#define GA_DERFUL_EXACT_H

#include <stddef.h>

#include "gaexp/status.h"
#include "problems/derful/derful_enum.h"

#define DERFUL_EXACT_MAX_N 5

/*
 * The games are those of derful_enum.h: n×n matrices of values 2..11 whose
 * rows and columns all sum to one S, at most 'suits' copies of 2..9 and 11
 * and 4*suits of 10, counted up to row and column permutations and
 * transposition.
 *
 * Method: Burnside's lemma over the group G of those symmetries
 * (|G| = 2(n!)^2, 28,800 for n = 5): the games with sum S number
 * (1/|G|) * sum over g of |Fix_S(g)|, the matrices with sum S that g leaves
 * unchanged.  |Fix| is constant on a conjugacy class, so one element of
 * each class is counted, with the class's size.  A matrix fixed by g is
 * constant on g's orbits of cells, so it is counted by dynamic programming
 * over those orbits, never listed:
 *  - g permutes rows and columns alone (classes: pairs of cycle types):
 *    a "super-row" is one cycle of rows with its orbits of cells; the super
 *    rows are split into a top and a bottom half, each half is counted by
 *    a table keyed by its column-cycle sums (sorted among cycles of one
 *    length, which the other half cannot tell apart) and its use of each
 *    card value, and the halves are joined on complementary column sums and
 *    on uses within the deck's limits;
 *  - g also transposes (classes: the cycle type of one permutation): the
 *    orbits of cells are taken one at a time, the table keyed by the partial
 *    sums of the lines still open and by the use of each value.
 * Everything is exact integer arithmetic; the division by |G| is checked
 * for every S.
 */
struct derful_exact {
    int n, suits;
    int sum_min, sum_max;                                   /* S with >= 1 game; both 0 if none */
    unsigned long long games_by_sum[DERFUL_ENUM_MAX_SUM];   /* index S */
    unsigned long long total;                               /* all games */
    unsigned long long labelled_by_sum[DERFUL_ENUM_MAX_SUM]; /* matrices, not up to symmetry */
    int classes;                                            /* conjugacy classes of G */
    size_t peak_states;                                     /* the largest table held */
};

/*
 * Counts the games of every S in [sum_lo, sum_hi] (clamped to 2n..11n) for
 * n in 2..DERFUL_EXACT_MAX_N and suits in 1..4, filling *out.  Uses the
 * OpenMP threads it is given; the result does not depend on their number.
 * progress (may be NULL) receives ctx and the fraction of the work done,
 * ending with 1; it is called from one thread at a time.  Returns GA_OK;
 * GA_ERANGE for arguments out of range or a NULL out; GA_ENOMEM if memory
 * ran out; GA_ECHECK if a sum of fixed points was not divisible by |G|
 * (a fault of the method: never expected).  On failure *out holds only n
 * and suits.
 */
int derful_exact_count(int n, int suits, int sum_lo, int sum_hi, struct derful_exact *out,
                       derful_enum_progress_fn progress, void *ctx);

/*
 * The number of matrices with sum S fixed by one symmetry, for tests:
 * rows permuted by 'rows' and columns by 'cols' (each a permutation of
 * 0..n-1), after a transposition if 'transpose'.  by_cells selects the
 * method: 0 the one derful_exact_count uses for that kind of symmetry, 1 the
 * orbit-by-orbit table for every kind (an independent check of the first).
 * Returns the count, or a negative status.
 */
long long derful_exact_fixed(int n, int suits, int sum, const int *rows, const int *cols, int transpose,
                             int by_cells);

#endif
