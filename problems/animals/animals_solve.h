/* problems/animals/animals_solve.h — exact solver and published difficulty model of the animal placement puzzle */
#ifndef GA_PROBLEMS_ANIMALS_SOLVE_H
#define GA_PROBLEMS_ANIMALS_SOLVE_H

#include <stdbool.h>
#include "problems/animals/animals_puzzle.h"

/*
 * What one search found, and the inputs of the published difficulty model.
 * How this solver counts them (animals_solve below gives the search):
 *   solutions  N   distinct boards satisfying every condition.
 *   nodes      x3  placements tried: every (cell, type) the search puts on
 *                  the board, one per branch of the search tree.
 *   dead_ends  x4  leaves of the search tree that are not solutions: placements
 *                  after which propagation proves that nothing can follow (plus
 *                  1 when propagation already fails on the empty board).
 *   steps      x1  thinking steps on relative conditions (published types 3 and
 *                  4): the propagations (at the root and after each placement)
 *                  in which a neighbour, higher, lower or same condition ruled
 *                  out at least one candidate (cell, type) or found a violation
 *                  among the placed pieces; so x1 <= x3 + 1.
 *   space      x2  n[type 1] + 2·n[type 2 with one fruit] + 3·n[type 2 with two
 *                  or more fruits], from the conditions alone.
 * 'complete' is false when the search stopped at its solution limit; then
 * only solutions >= limit is known.
 */
struct animals_stats {
    unsigned long long solutions;
    unsigned long long nodes;
    unsigned long long dead_ends;
    unsigned long long steps;
    unsigned long long space;
    bool complete;
};

/* Called with each solution; the board is valid only during the call. */
typedef void (*animals_solution_fn)(void *ctx, const struct animals_board *b);

/*
 * Enumerates the solutions of p depth-first, filling the cells in reading
 * order (apple row left to right, then lemon, then orange) and trying the
 * types of a cell in type order; pieces of one type are interchangeable,
 * so each distinct board is found once.  Before the search the unary
 * conditions (height, in, notin) fix which types each cell may hold; at the
 * root and after each placement the relative conditions prune the
 * candidates of the empty cells until nothing changes, and a placement is
 * a dead end when a condition is violated, an empty cell has no candidate,
 * or a type has fewer candidate cells (or more cells that can hold only it)
 * than pieces left.
 * Stops after 'limit' solutions (0 = find all).  on_solution may be NULL.
 * Fills *out and returns 0; −1 (and *out zeroed) for an invalid puzzle.
 */
int animals_solve(const struct animals_puzzle *p, unsigned long long limit, animals_solution_fn on_solution,
                  void *ctx, struct animals_stats *out);

/* x2 of the difficulty model: n[type 1] + 2·n[type 2, one fruit] + 3·n[type 2, more fruits]. */
unsigned long long animals_space(const struct animals_puzzle *p);

/* The published model's constants. */
#define ANIMALS_D_A1 3.8927
#define ANIMALS_D_A2 2.5347
#define ANIMALS_D_A3 (-8.3274)
#define ANIMALS_D_B1 (6.0 / 12.0)
#define ANIMALS_D_B2 (7.0 / 12.0)

/*
 * The published difficulty D = (a1·(2·x1 + x2)^b1 + a2·(x3 + x4)^b2) / N + a3
 * into *d.  False (and *d untouched) when D is undefined: N = 0 or a negative
 * input.
 */
bool animals_difficulty(double x1, double x2, double x3, double x4, double n, double *d);
/* D from a complete search; false when the search found no solution or stopped early. */
bool animals_stats_difficulty(const struct animals_stats *s, double *d);

#endif
