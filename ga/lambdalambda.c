/* ga/lambdalambda.c — the self-adjusting (1+(lambda,lambda)) GA's operators and its one-fifth rule (Doerr, Doerr and Ebel, TCS 2015). */
#include "ga/lambdalambda.h"

#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_randist.h>

#include "gaexp/rng.h"

struct ll {
    size_t n;
    double lambda0, factor, lambda;
    size_t flips;     /* this generation's l */
    size_t *position; /* the bits x' flipped, l of them */
};

struct ll *ll_alloc(size_t n, double lambda0, double factor)
{
    struct ll *s = calloc(1, sizeof *s);
    if (!s || !(s->position = malloc(n * sizeof *s->position))) {
        free(s);
        return NULL;
    }
    s->n = n;
    s->lambda0 = s->lambda = lambda0;
    s->factor = factor;
    return s;
}

void ll_free(struct ll *s)
{
    if (!s)
        return;
    free(s->position);
    free(s);
}

void ll_start(struct ll *s)
{
    s->lambda = s->lambda0;
}

double ll_lambda(const struct ll *s)
{
    return s->lambda;
}

/* The paper's population size is lambda rounded to the nearest integer
 * (Doerr and Doerr 2018 write it [lambda], the nearest integer; recalled,
 * not read again here), halves rounded up; lambda >= 1 keeps it >= 1. */
size_t ll_population(const struct ll *s)
{
    return (size_t)floor(s->lambda + 0.5);
}

size_t ll_draw_flips(struct ll *s, gsl_rng *r)
{
    s->flips = gsl_ran_binomial(r, s->lambda / (double)s->n, (unsigned)s->n);
    return s->flips;
}

size_t ll_flips(const struct ll *s)
{
    return s->flips;
}

void ll_mutant(struct ll *s, gsl_rng *r, const ga_gene *x, ga_gene *g, bool keep)
{
    size_t n = s->n, k = 0;
    for (size_t j = n - s->flips; j < n; j++) {
        size_t t = ga_rng_below(r, j + 1);
        if (g[t] != x[t]) /* drawn before: Floyd takes j, never drawn yet */
            t = j;
        g[t] ^= 1;
        if (keep)
            s->position[k++] = t;
    }
}

size_t ll_offspring(const struct ll *s, gsl_rng *r, const ga_gene *xprime, ga_gene *g)
{
    double c = 1 / s->lambda;
    size_t taken = 0;
    for (size_t k = 0; k < s->flips; k++)
        if (ga_rng_uniform(r) < c) {
            g[s->position[k]] = xprime[s->position[k]];
            taken++;
        }
    return taken;
}

void ll_update(struct ll *s, bool improved)
{
    double n = (double)s->n;
    if (improved)
        s->lambda = fmax(s->lambda / s->factor, 1);
    else
        s->lambda = fmin(s->lambda * pow(s->factor, 0.25), n);
}

void ll_pack(const struct ll *s, struct ga_pack *p)
{
    ga_pack_put(p, &s->lambda, sizeof s->lambda);
}

bool ll_unpack(struct ll *s, struct ga_unpack *u)
{
    double lambda;
    if (!ga_unpack_get(u, &lambda, sizeof lambda) || !(lambda >= 1 && lambda <= (double)s->n))
        return false;
    s->lambda = lambda;
    return true;
}
