/* cli/runner/curves.c — fitness curves across replicates: mean best with a 95% confidence band. */
#include "cli/runner/curves.h"

#include <stdint.h>

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/runner/number.h"
#include "gaexp/pack.h"
#include "gaexp/run.h"

/* Sums over the replicates still running at one generation. */
struct curves_sums {
    double best, best_sq, mean;
    unsigned long running;
};

/* How a replicate ended: it counts with these values after its end. */
struct curves_end {
    unsigned long last, found;
    double best, mean;
    bool solved;
};

struct curves {
    struct curves_sums *gen;
    size_t gens, gens_cap;
    struct curves_end *ends;
    size_t count, ends_cap;
    unsigned long last; /* last generation of the replicate being run */
};

struct curves *curves_alloc(void)
{
    return calloc(1, sizeof(struct curves));
}

void curves_free(struct curves *c)
{
    if (!c)
        return;
    free(c->gen);
    free(c->ends);
    free(c);
}

/* Grows an array to hold at least 'need' items of 'size' bytes. */
static bool curves_reserve(void **items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t grown = *cap ? 2 * *cap : 256;
    while (grown < need)
        grown *= 2;
    void *p = realloc(*items, grown * size);
    if (!p)
        return false;
    *items = p;
    *cap = grown;
    return true;
}

/* With constraints under Deb's rules an infeasible individual's fitness
 * is GA_INFEASIBLE (1 + its violation): a best that large means no
 * feasible individual, and a mean above GA_INFEASIBLE 2^-32 means that
 * some of the (fewer than 2^32) individuals it averages are infeasible.
 * Neither is a fitness: NaN, which the sums carry to the row ("nan"),
 * and which the figures leave undrawn. */
static double curves_best(double best)
{
    return best < GA_INFEASIBLE ? best : NAN;
}

static double curves_mean(double mean)
{
    return mean < GA_INFEASIBLE * 0x1p-32 ? mean : NAN;
}

bool curves_add(struct curves *c, unsigned long generation, double best, double mean)
{
    best = curves_best(best);
    mean = curves_mean(mean);
    if (!curves_reserve((void **)&c->gen, &c->gens_cap, generation + 1, sizeof *c->gen))
        return false;
    for (; c->gens <= generation; c->gens++)
        c->gen[c->gens] = (struct curves_sums){0};
    struct curves_sums *s = &c->gen[generation];
    s->best += best;
    s->best_sq += best * best;
    s->mean += mean;
    s->running++;
    c->last = generation;
    return true;
}

bool curves_end_replicate(struct curves *c, double best, double mean, bool solved,
                          unsigned long generation_found)
{
    if (!curves_reserve((void **)&c->ends, &c->ends_cap, c->count + 1, sizeof *c->ends))
        return false;
    struct curves_end *e = &c->ends[c->count++];
    memset(e, 0, sizeof *e); /* padding too: checkpoints copy the bytes */
    e->last = c->last;
    e->found = generation_found;
    e->best = curves_best(best);
    e->mean = curves_mean(mean);
    e->solved = solved;
    return true;
}

bool curves_write(const struct curves *c, FILE *fp)
{
    fprintf(fp, "generation,replicates,best_mean,best_low,best_high,mean_mean,solved_share\n");
    for (size_t g = 0; g < c->gens; g++) {
        struct curves_sums s = c->gen[g];
        unsigned long solved = 0;
        for (size_t r = 0; r < c->count; r++) {
            const struct curves_end *e = &c->ends[r];
            if (e->last < g) { /* ended: carries its last values */
                s.best += e->best;
                s.best_sq += e->best * e->best;
                s.mean += e->mean;
                s.running++;
            }
            solved += e->solved && e->found <= g;
        }
        double n = (double)s.running, mean_best = s.best / n, half = 0;
        if (s.running > 1) {
            double var = (s.best_sq - n * mean_best * mean_best) / (n - 1);
            half = gsl_cdf_tdist_Pinv(0.975, n - 1) * sqrt(var > 0 ? var : 0) / sqrt(n);
        }
        const double row[] = {mean_best, mean_best - half, mean_best + half, s.mean / n};
        fprintf(fp, "%zu,%lu,", g, s.running);
        number_put_g10_each(fp, row, 4);
        number_put_f6(fp, (double)solved / n);
        fputc('\n', fp);
    }
    return !ferror(fp);
}

void curves_pack(const struct curves *c, struct ga_pack *p)
{
    uint64_t gens = c->gens, count = c->count, last = c->last;
    ga_pack_put(p, &gens, sizeof gens);
    ga_pack_put(p, &count, sizeof count);
    ga_pack_put(p, &last, sizeof last);
    ga_pack_put(p, c->gen, c->gens * sizeof *c->gen);
    ga_pack_put(p, c->ends, c->count * sizeof *c->ends);
}

bool curves_unpack(struct curves *c, struct ga_unpack *u)
{
    uint64_t gens, count, last;
    if (!ga_unpack_get(u, &gens, sizeof gens) || !ga_unpack_get(u, &count, sizeof count) ||
        !ga_unpack_get(u, &last, sizeof last))
        return false;
    if (gens > u->left / sizeof *c->gen || count > u->left / sizeof *c->ends || (gens && last >= gens))
        return false;
    if (!curves_reserve((void **)&c->gen, &c->gens_cap, gens, sizeof *c->gen) ||
        !curves_reserve((void **)&c->ends, &c->ends_cap, count, sizeof *c->ends))
        return false;
    c->gens = gens;
    c->count = count;
    c->last = last;
    if (!ga_unpack_get(u, c->gen, gens * sizeof *c->gen) || !ga_unpack_get(u, c->ends, count * sizeof *c->ends))
        return false;
    for (size_t i = 0; i < count; i++) { /* a bool holds 0 or 1, anything else is undefined */
        unsigned char raw;
        memcpy(&raw, &c->ends[i].solved, 1);
        if (raw > 1 || c->ends[i].last >= gens)
            return false;
    }
    return true;
}
