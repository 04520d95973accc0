/* problems/tsp/tsp_solve.h — the exact baseline: Held-Karp dynamic programming over subsets. */
#ifndef GA_PROBLEMS_TSP_SOLVE_H
#define GA_PROBLEMS_TSP_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "problems/tsp/tsp_tsplib.h"

/* The most cities Held-Karp takes: its table holds 2^(n-1) (n-1) lengths
 * of 8 bytes, 80 MB at 20 cities (and 3.2 GB at 25). */
#define TSP_HELD_KARP_MAX 20

/* The table's bytes for n cities (0 for n < 2). */
size_t tsp_held_karp_bytes(size_t n);

/*
 * An optimal tour of t by Held and Karp's dynamic programming (1962):
 * C(S, j), the shortest path from city 0 through every city of S ending
 * at j, for every subset S of the other cities, in O(n^2 2^n) time.
 * *length receives the optimal tour length and, when 'tour' is not NULL,
 * tour[0..n-1] one optimal tour from city 0 (among the optimal ones, the
 * one whose backward trace takes the lowest city at each tie).  Returns
 * GA_OK, GA_ETOOBIG above TSP_HELD_KARP_MAX cities or GA_ENOMEM; prints
 * nothing.
 */
int tsp_held_karp(const struct tsp_instance *t, int64_t *length, size_t *tour);

#endif
