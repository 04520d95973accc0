/* problems/derful/derful_enum.h — exact enumeration of winning n×n 31-derful games */
#ifndef GA_DERFUL_ENUM_H
#define GA_DERFUL_ENUM_H

#include "gaexp/status.h"

#define DERFUL_ENUM_MAX_SUM 128

/*
 * What derful_enum_count() found for one (n, suits).  A game is an n×n matrix
 * of card values 2..11 whose n row sums and n column sums all equal one S;
 * with 'suits' suits a value 2..9 or 11 appears at most 'suits' times and 10
 * at most 4*suits times.  Games equal up to row permutations, column
 * permutations and transposition are counted once.
 */
struct derful_census {
    int n, suits;
    int sum_min, sum_max;                 /* range of S with >= 1 game; both 0 if none */
    unsigned long long games_by_sum[DERFUL_ENUM_MAX_SUM];  /* index S */
    unsigned long long total;             /* distinct games */
    unsigned long long multisets;         /* distinct winning value multisets */
    unsigned long long max_games_per_multiset;  /* most distinct games sharing one multiset */
};

/*
 * Called once per distinct game with its canonical representative (n*n
 * values, row-major) and S.  The representative is the lexicographically
 * largest row-major matrix of the game's orbit; so its rows and its columns
 * are each in non-increasing lexicographic order.  'values' is only valid
 * during the call.  Games arrive in increasing S, and within one S in
 * decreasing order of representative.
 */
typedef void (*derful_enum_game_fn)(void *ctx, const int *values, int n, int sum);

/* Called now and then with the fraction done in [0,1], ending with 1. */
typedef void (*derful_enum_progress_fn)(void *ctx, double fraction);

/*
 * Enumerates every winning game for n in 2..4 and suits in 1..4, filling
 * *out (which must not be NULL).  on_game and progress may be NULL; both
 * receive ctx.  Returns GA_OK; GA_ERANGE for n or suits out of range or a
 * NULL out; GA_ENOMEM if memory ran out (then *out is zeroed apart from n and suits, though
 * on_game may already have seen some games).
 */
int derful_enum_count(int n, int suits, struct derful_census *out,
                      derful_enum_game_fn on_game, derful_enum_progress_fn progress, void *ctx);

#endif
