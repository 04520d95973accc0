/* ga/schemes/cmaes.h — the CMA-ES of scheme "cmaes" (ga/schemes/cmaes.c): its state and steps; private to the library. */
#ifndef GA_SCHEMES_CMAES_H
#define GA_SCHEMES_CMAES_H

#include <stdbool.h>
#include <stddef.h>
#include <gsl/gsl_rng.h>

#include "gaexp/genome.h"
#include "gaexp/pack.h"
#include "gaexp/run.h"

/*
 * The (mu/mu_w, lambda)-CMA-ES with the default strategy parameters of
 * Hansen's tutorial (arXiv:1604.00772, Table 1, positive weights only),
 * run in coordinates scaled by each gene's width: u = (x - lower) /
 * (upper - lower), so the box is [0, 1]^n and sigma is a share of each
 * width.  Offspring k of a generation is drawn by cmaes_sample into its
 * own rows of the state (any thread, any order: the rows are disjoint);
 * cmaes_update then ranks the fitness and moves the distribution, in the
 * one thread that calls it.  Nothing here allocates after cmaes_alloc.
 */
struct cmaes;

/* The most offspring a generation may have: lambda0, or with IPOP
 * lambda0 doubled up to CMAES_DOUBLINGS times while it stays within
 * CMAES_IPOP_LAMBDA (then restarts keep the last lambda). */
#define CMAES_DOUBLINGS 9
#define CMAES_IPOP_LAMBDA 100000
size_t cmaes_lambda_max(size_t lambda0, bool ipop);
/* The default lambda for n reals: 4 + floor(3 ln n). */
size_t cmaes_lambda_default(size_t n);

/* n reals, lambda0 >= 2 offspring, sigma0 in (0, 1]; NULL when out of memory. */
struct cmaes *cmaes_alloc(size_t n, size_t lambda0, double sigma0, bool ipop);
void cmaes_free(struct cmaes *c);

/* Starts afresh around the genome g's reals (lambda0, no restart yet). */
void cmaes_start(struct cmaes *c, const struct ga_genome *gen, const ga_gene *g);
/* A restart around g's reals: lambda doubled with IPOP (up to the maximum). */
void cmaes_restart(struct cmaes *c, const struct ga_genome *gen, const ga_gene *g);

/* The offspring of the current generation, and the restarts so far. */
size_t cmaes_lambda(const struct cmaes *c);
unsigned long cmaes_restarts(const struct cmaes *c);

/* Offspring k (< cmaes_lambda) into genome g, from r. */
void cmaes_sample(struct cmaes *c, gsl_rng *r, size_t k, const struct ga_genome *gen, ga_gene *g);
/* The generation's fitness[0 .. lambda) moves the distribution; true
 * when a stop criterion (tolfun, tolx, no effect of an axis or a
 * coordinate, condition of C above 1e14, a broken decomposition) calls
 * for a restart. */
bool cmaes_update(struct cmaes *c, const double *fitness);

/* The state of a run of scheme "cmaes" (tests). */
struct ga_run;
struct cmaes *cmaes_of_run(const struct ga_run *run);

/* The whole state, and back (false when it does not fit this instance). */
void cmaes_pack(const struct cmaes *c, struct ga_pack *p);
bool cmaes_unpack(struct cmaes *c, struct ga_unpack *u);

#endif
