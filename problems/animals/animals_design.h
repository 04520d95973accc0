/* problems/animals/animals_design.h — the level designer: puzzles with one solution and a chosen difficulty */
#ifndef GA_PROBLEMS_ANIMALS_DESIGN_H
#define GA_PROBLEMS_ANIMALS_DESIGN_H

#include <gsl/gsl_rng.h>
#include "problems/animals/animals_solve.h"

/*
 * The difficulties the designer accepts as a target.  The easiest puzzle
 * this solver can count has D = 7.547 (nine forced placements, x2 = 3) and
 * the easy values lie far apart (7.55, 8.59, 9.51, 10.34, 11.81, ...); the
 * designer gets within 0.25 of most targets from 12 to about 120 within
 * 100000 solver calls, and of many up to 150.
 */
#define ANIMALS_DESIGN_MIN_D 7.5
#define ANIMALS_DESIGN_MAX_D 150.0

/*
 * The candidates of a level with the intended answer 'answer': every
 * non-trivial condition the answer satisfies (not all three heights or
 * lines), grouped by animal, its unary ones first, then its pairs with the
 * animals after it (neighbour, higher, lower, same).  Writes them to pool
 * and returns their count (at most ANIMALS_POOL_MAX, above the most one
 * answer has: nine single animals give 135 unary ones and 36 pairs at most 72).
 */
#define ANIMALS_POOL_MAX 512
size_t animals_candidates(const struct animals_board *answer, struct animals_cond pool[ANIMALS_POOL_MAX]);

/*
 * The slot of a condition, in [0, ANIMALS_SLOTS): one per animal for its
 * heights, its rows and its columns, and one per pair of animals.  A
 * designed puzzle holds at most one condition a slot, so it never says the
 * same thing twice in other words ("in monkey row lemon" beside "notin
 * monkey row apple orange"), and so at most 3·9 + 36 = 63 conditions.
 */
#define ANIMALS_SLOTS (3 * ANIMALS_TYPES + ANIMALS_TYPES * ANIMALS_TYPES)
int animals_slot(const struct animals_cond *c);

/* A designed puzzle (unnamed), its one solution, its figures, its D and the solver calls spent. */
struct animals_design {
    struct animals_puzzle puzzle;
    struct animals_board answer;
    struct animals_stats stats;
    double difficulty;
    unsigned long long solves;
};

/*
 * Designs a puzzle with exactly one solution (confirmed by animals_solve)
 * whose difficulty is as near 'target' as the search gets.  It deals nine
 * pieces from the stock onto a random board (the intended answer), lists
 * every non-trivial condition that answer satisfies, and hill-climbs over
 * sets of those conditions: from an empty set it adds random ones until
 * the answer is the only solution, then tries random moves (add, drop or
 * exchange one) and keeps a move when the puzzle stays unique and D comes
 * no farther from the target; after 1000 moves without getting nearer it
 * deals a new answer.  A puzzle holds at most one condition on each
 * animal's heights, rows and columns and on each pair of animals, so it
 * never says one thing twice.  It stops when D is within 0.25 of the
 * target or after 'budget' solver calls, and returns the nearest puzzle
 * seen.  Every random choice comes from r, so the result depends only on
 * r's state and the arguments.
 * Returns 0 with *out filled; −1 when no unique puzzle was found (a budget
 * too small) or target lies outside [ANIMALS_DESIGN_MIN_D, ANIMALS_DESIGN_MAX_D].
 */
int animals_design(gsl_rng *r, double target, unsigned long long budget, struct animals_design *out);

#endif
