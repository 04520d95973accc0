/* ga/schemes/lambdalambda.h — the self-adjusting (1+(lambda,lambda)) GA of scheme "lambdalambda" (ga/schemes/lambdalambda.c): its state and steps; private to the library. */
#ifndef GA_SCHEMES_LAMBDALAMBDA_H
#define GA_SCHEMES_LAMBDALAMBDA_H

#include <stdbool.h>
#include <stddef.h>
#include <gsl/gsl_rng.h>

#include "gaexp/genome.h"
#include "gaexp/pack.h"

/*
 * Doerr, Doerr and Ebel, "From black-box complexity to designing new
 * genetic algorithms" (TCS 567, 2015), with lambda controlled by the
 * one-fifth success rule (Doerr and Doerr, Algorithmica 80, 2018), on n
 * bits.  A generation: l ~ Bin(n, lambda/n); ll_population mutants of the
 * parent x, each flipping exactly l distinct bits; x' the best mutant;
 * ll_population offspring, each taking every bit of x' with probability
 * c = 1/lambda and else x's; y the best offspring; x <- y when f(y) <=
 * f(x); lambda shrinks by F on a strict improvement and grows by F^(1/4)
 * otherwise, within [1, n].  x and x' differ only at the l flipped bits,
 * so an offspring is drawn over those alone (l draws, not n).  Mutants
 * and offspring are made into the caller's genomes from the caller's
 * streams: any thread, any order.  Nothing here allocates after ll_alloc.
 */
struct ll;

/* n bits, the initial lambda in [1, n] and the factor F > 1; NULL when out of memory. */
struct ll *ll_alloc(size_t n, double lambda0, double factor);
void ll_free(struct ll *s);

/* Starts afresh: lambda = lambda0. */
void ll_start(struct ll *s);
/* The current lambda, and the size of both phases' populations: lambda
 * rounded to the nearest integer (the paper's population size). */
double ll_lambda(const struct ll *s);
size_t ll_population(const struct ll *s);

/* Draws this generation's l ~ Bin(n, lambda/n) from r and returns it. */
size_t ll_draw_flips(struct ll *s, gsl_rng *r);
size_t ll_flips(const struct ll *s);

/* A mutant: g, a copy of the parent x, gets exactly l distinct bits
 * flipped (Floyd's sampling, a bit already flipped being the one already
 * drawn); with 'keep' the positions become x' (ll_offspring's). */
void ll_mutant(struct ll *s, gsl_rng *r, const ga_gene *x, ga_gene *g, bool keep);
/* An offspring: g, a copy of x, takes each bit where x' differs with
 * probability 1/lambda; returns how many it took (0: g is x, l: g is x'). */
size_t ll_offspring(const struct ll *s, gsl_rng *r, const ga_gene *xprime, ga_gene *g);

/* The one-fifth rule after a generation: 'improved' when f(y) < f(x). */
void ll_update(struct ll *s, bool improved);

/* The state of a run of scheme "lambdalambda" (tests). */
struct ga_run;
const struct ll *ll_of_run(const struct ga_run *run);

/* lambda, and back (false when it does not lie in [1, n]). */
void ll_pack(const struct ll *s, struct ga_pack *p);
bool ll_unpack(struct ll *s, struct ga_unpack *u);

#endif
