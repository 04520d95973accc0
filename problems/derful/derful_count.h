/* problems/derful/derful_count.h — unbiased estimates of the number of winning n×n 31-derful games per common sum. */
#ifndef GA_DERFUL_COUNT_H
#define GA_DERFUL_COUNT_H

#include <stdint.h>
#include <gsl/gsl_rng.h>
#include "problems/derful/derful_enum.h"

#define DERFUL_COUNT_MAX_N 6

/*
 * The games are those of derful_enum.h (value matrices, every line on one
 * sum S, at most 'suits' copies of 2..9 and 11, 4*suits of 10), counted up
 * to row and column permutations and transposition.
 *
 * Method: sequential importance sampling.  A sample fills the matrix cell
 * by cell, row-major, each cell with a value drawn uniformly from those the
 * deck still holds that keep every row and column able to reach S (the
 * first row sets S; the last cell of a line is forced), and carries weight
 * w = the product of the numbers of choices (0 when it reaches a dead end).
 * Every labelled winning matrix x has a positive chance q(x) = 1/w(x), so
 * w[x has sum S] estimates the number of labelled matrices with sum S without
 * bias; weighting each by 1/|orbit of x| = |Stab(x)|/|G| (G: the 2(n!)^2 row
 * and column permutations, with or without transposition, Burnside) turns it
 * into the number of games.  The estimate per S is the mean over the
 * samples, with a 95% interval mean +- 1.96 standard errors (central limit).
 */
struct derful_estimate {
    int n, suits;
    unsigned long long samples;   /* drawn */
    unsigned long long completed; /* that ended in a winning matrix */
    double sum[DERFUL_ENUM_MAX_SUM];    /* over the samples, of each sample's games estimate for S */
    double square[DERFUL_ENUM_MAX_SUM]; /* of its square */
    unsigned long long hits[DERFUL_ENUM_MAX_SUM]; /* samples that ended with sum S */
};

/* Draws 'samples' more samples into *e (zeroed first by the caller, with n in
 * 2..DERFUL_COUNT_MAX_N and suits in 1..4 set), from r.  Returns 0; -1 when
 * n or suits is out of range or n*n cells exceed the deck. */
int derful_count_sample(struct derful_estimate *e, unsigned long long samples, gsl_rng *r);

/* The estimate of the games with sum S and its 95% interval half-width. */
double derful_count_games(const struct derful_estimate *e, int sum, double *half_width);
/* The same for all sums together (a sample counts towards one S only). */
double derful_count_total(const struct derful_estimate *e, double *half_width);

#endif
