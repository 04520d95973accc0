/* problems/derful/derful_enum.h — exact enumeration of winning n×n 31-derful games */
#ifndef GA_DERFUL_ENUM_H
#define GA_DERFUL_ENUM_H

#include "gaexp/status.h"

#define DERFUL_ENUM_MAX_SUM 128

/*
 * What derful_enum_count() or derful_enum_count_sums() found for one
 * (n, suits), over the sums it enumerated.  A game is an n×n matrix
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

/*
 * Like derful_enum_count(), but only for the sums S in [sum_lo, sum_hi],
 * clamped to the 2n..11n that n allows, and for n in 2..5 (suits in 1..4):
 * the full 5×5 range is far too large, a band of top sums is not (with
 * four suits S >= 45 holds 69,339 games and takes seconds; each step down
 * in S costs about five times more).  The census and the progress cover
 * the enumerated sums only: games_by_sum is 0 outside them, and total,
 * multisets and max_games_per_multiset count their games alone.  A range
 * that misses 2n..11n enumerates nothing and returns GA_OK with an empty
 * census.  Returns GA_OK; GA_ERANGE for n or suits out of range,
 * sum_lo > sum_hi or a NULL out; GA_ENOMEM as derful_enum_count().  Over
 * the full range it gives exactly what derful_enum_count() gives: census,
 * games, their order and the progress calls.
 */
int derful_enum_count_sums(int n, int suits, int sum_lo, int sum_hi, struct derful_census *out,
                           derful_enum_game_fn on_game, derful_enum_progress_fn progress, void *ctx);

#endif
