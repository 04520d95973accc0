/* problems/derful/derful.h — card helpers of 31-derful shared with its exact baseline and tests. */
#ifndef GA_PROBLEMS_DERFUL_H
#define GA_PROBLEMS_DERFUL_H

/* Card code c in 0..51: rank c / 4 (2,3,...,10,J,Q,K,A), suit c % 4. */
int derful_value(int code);      /* 2..11 */
const char *derful_face(int code); /* "2".."10", "J", "Q", "K", "A" */
/* The line sums an n×n grid of distinct cards from 'suits' suits can share. */
void derful_sum_range(int n, int suits, int *lowest, int *highest);

#endif
