/* ga/select.c — tournament selection. */
#include "ga/select.h"

#include "ga/rng.h"

size_t ga_select_tournament(const double *fitness, size_t n, unsigned k, gsl_rng *r)
{
    size_t best = ga_rng_below(r, n);
    for (unsigned i = 1; i < k; i++) {
        size_t other = ga_rng_below(r, n);
        if (fitness[other] < fitness[best])
            best = other;
    }
    return best;
}
