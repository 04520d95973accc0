/* problems/fortythieves/fortythieves_solve.h — Forty Thieves AutoStart: the rules and the three baselines. */
#ifndef GA_PROBLEMS_FORTYTHIEVES_SOLVE_H
#define GA_PROBLEMS_FORTYTHIEVES_SOLVE_H

#include <stdbool.h>
#include <stddef.h>

#include "problems/fortythieves/fortythieves_deal.h"

/*
 * AutoStart moves, tableau only (no stock): the top card of a column goes
 *   - to a foundation: an Ace to an empty one, any other card onto one rank
 *     lower of its suit (two foundations per suit, interchangeable);
 *   - onto another column whose top card is one rank higher, same suit;
 *   - into an empty column (any card).
 * 'from' and 'to' are column indexes from 0; to == FT_FOUNDATION for a
 * foundation.  'card' is the card moved.
 */
#define FT_FOUNDATION 0xff
struct ft_move {
    unsigned char card, from, to;
};

/* "2S 3->F", "2S 3->5": the card, then columns numbered from 1. */
#define FT_MOVE_NAME_SIZE 16
const char *ft_move_name(struct ft_move m, char buf[FT_MOVE_NAME_SIZE]);

/* A game under way: the tableau and the foundations.  pile[s] holds the
 * heights of the two foundations of suit s, pile[s][0] >= pile[s][1]. */
struct ft_game {
    struct ft_tableau t;
    unsigned char pile[FT_SUITS][FT_COPIES];
    int moved;                            /* cards on the foundations */
};

/* Starts a game on t with empty foundations; FT_EINVAL when t is not valid. */
int ft_game_init(struct ft_game *g, const struct ft_tableau *t);
/* The top card of the column, 0 when it is empty. */
int ft_game_top(const struct ft_game *g, int column);
/* Whether the card could go to a foundation now (wherever it lies). */
bool ft_game_can_found(const struct ft_game *g, int card);
/* Whether m is legal now: m.card is the top of m.from and may go to m.to. */
bool ft_game_legal(const struct ft_game *g, struct ft_move m);
/* Plays m; FT_EINVAL (and nothing changes) when it is not legal. */
int ft_game_play(struct ft_game *g, struct ft_move m);
/* Takes back m, which must be the last move played (not checked). */
void ft_game_undo(struct ft_game *g, struct ft_move m);

/* Whether moving 'card', a top card that can go to a foundation now, to
 * the foundation first loses nothing (the solver's "safe foundation move",
 * see ft_optimal); in_tableau[c] counts the copies of card c still in the
 * tableau. */
bool ft_foundation_safe(const struct ft_game *g, const int in_tableau[FT_CARD_CODES], int card);

/* A list of moves that grows as needed; count moves in move[0..count). */
struct ft_moves {
    size_t count, cap;
    struct ft_move *move;
};
struct ft_moves *ft_moves_alloc(void);
void ft_moves_free(struct ft_moves *m);

/*
 * Greedy, as the spec states it: scan the columns left to right; whenever
 * the top card of the column in hand can go to a foundation, move it (the
 * card uncovered waits for the next pass); repeat the pass until a whole
 * pass moves nothing.
 *
 * Returns the cards moved to the foundations, or FT_EINVAL for an invalid
 * tableau, or FT_ENOMEM when moves (which may be NULL) cannot grow.  When
 * moves is given it is emptied, then receives every move played.  Neither
 * baseline allocates anything else.
 */
int ft_greedy(const struct ft_tableau *t, struct ft_moves *moves);

/*
 * The published heuristic, read as: greedy's pass, but when the top card of
 * the column in hand cannot go to a foundation and has never been moved to
 * a column before, it moves to the leftmost other column whose top card is
 * one rank higher in its suit; failing that, to the leftmost empty column
 * when its own column holds other cards (a lone card would only change
 * places).  Such a card is then flagged and never moved between columns
 * again (it may still go to a foundation), which bounds the moves.  The
 * pass goes on with the next column; passes repeat until one moves nothing.
 * Returns as ft_greedy.
 */
int ft_heuristic(const struct ft_tableau *t, struct ft_moves *moves);

/*
 * The exact optimum: the most cards that some sequence of the moves above
 * puts on the foundations.  A depth-first search over positions with
 *   - a transposition table: a visited set keyed by a 64-bit hash of the
 *     multiset of columns (column order does not matter; the foundations
 *     follow from the tableau).  Two distinct positions sharing a hash
 *     would hide one of them; the chance is about n^2 / 2^64 for n
 *     positions, below 1e-5 even at 10^7 positions.
 *   - a bound, computed once: a card counts unless it provably never
 *     reaches a foundation, because its suit's foundations cannot climb to
 *     it (per suit, one foundation climbs while the next rank is present,
 *     the other while both copies are) or because a card above it can never
 *     leave its column (it cannot go up, no copy of the next rank lies in
 *     another column or above it, and no column can ever empty).  The
 *     search stops as soon as it reaches the bound.
 *   - safe foundation moves: when the top card c (rank r) can go to a
 *     foundation, no card r-1 of its suit is left in the tableau (so
 *     nothing could ever be placed on c), and either the other copy of c is
 *     not in the tableau or both foundations of the suit hold r-1 (so c
 *     takes no place the other copy needs), then playing c first loses
 *     nothing: any play from here, with c's own moves left out, stays legal
 *     and moves as many cards.  It is then the only move tried.  Aces are
 *     always safe.
 *   - no symmetric moves: only the leftmost empty column is tried, and a
 *     lone card is not moved into an empty column.
 * A node is a position reached by a move.  With a node limit the search
 * may stop early: 'moved' is then the best found, a lower bound, and the
 * optimum lies in [moved, bound].
 *
 * The move list, when asked for, is a shortest one reaching 'moved' cards
 * (iterative deepening, within a budget of 100000 nodes plus 4 per search
 * node, at most 2000000; past it, the search's own path with needless
 * moves removed).
 */
struct ft_solver_params {
    unsigned long long node_limit;        /* 0: none */
    bool no_safe_moves;                   /* try every move even when one is safe (tests) */
};

struct ft_optimum {
    int moved;                            /* cards on the foundations at the best position found */
    int bound;                            /* no sequence moves more than this */
    bool proven;                          /* moved is the optimum (false only at the node limit) */
    unsigned long long nodes;             /* positions generated */
};

/* A solver owns its table and stacks and reuses them from one call to the
 * next; NULL params means no node limit and every pruning.  NULL when
 * memory runs out. */
struct ft_solver *ft_solver_alloc(const struct ft_solver_params *params);
void ft_solver_free(struct ft_solver *s);

/* Solves t into *out; when moves is given it is emptied, then receives a
 * sequence of moves reaching 'moved' cards.  FT_OK, FT_EINVAL for an
 * invalid tableau, or FT_ENOMEM (then *out and moves are not meaningful). */
int ft_optimal(struct ft_solver *s, const struct ft_tableau *t, struct ft_moves *moves,
               struct ft_optimum *out);

#endif
