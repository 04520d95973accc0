/* gaexp/rng.h — random streams: a fast GSL-registered generator and per-block stream derivation. */
#ifndef GA_RNG_H
#define GA_RNG_H

#include "gaexp/export.h"
#include <stdbool.h>
#include <stdint.h>
#include <gsl/gsl_rng.h>
#include "gaexp/genome.h"

GAEXP_API_BEGIN

/* xoshiro256** (Blackman and Vigna) as a gsl_rng_type: 32-bit outputs (the
 * upper half of each 64-bit word), seeded through splitmix64, so that
 * seeding a stream costs a few nanoseconds. */
extern const gsl_rng_type *ga_rng_xoshiro256ss;

/* Its state and step, here so that the hot paths below draw inline. */
struct ga_rng_xoshiro_state {
    uint64_t s[4];
};

static inline uint64_t ga_rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t ga_rng_xoshiro_next(struct ga_rng_xoshiro_state *st)
{
    uint64_t *s = st->s;
    uint64_t result = ga_rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ga_rng_rotl(s[3], 45);
    return result;
}

/* A uniform double in [0, 1) from the next xoshiro256** output (53 bits). */
static inline double ga_rng_xoshiro_uniform(struct ga_rng_xoshiro_state *st)
{
    return (double)(ga_rng_xoshiro_next(st) >> 11) * 0x1.0p-53;
}

/* gsl_rng_get and gsl_rng_uniform, the same values, but inline (no call
 * through the type's function pointers) when r is xoshiro256**. */
static inline unsigned long ga_rng_get(gsl_rng *r)
{
    if (r->type == ga_rng_xoshiro256ss)
        return (unsigned long)(ga_rng_xoshiro_next(r->state) >> 32);
    return gsl_rng_get(r);
}

static inline double ga_rng_uniform(gsl_rng *r)
{
    if (r->type == ga_rng_xoshiro256ss)
        return ga_rng_xoshiro_uniform(r->state);
    return gsl_rng_uniform(r);
}

/* The first index k in [i, n) whose draw falls below p, or n when none:
 * the draws, one per index, of the loop
 *     for (k = i; k < n && ga_rng_uniform(r) >= p; k++) ;
 * (so the stream is the same), made on a local copy of xoshiro256**'s
 * state, which a hot per-gene loop then keeps in registers. */
static inline size_t ga_rng_first_below(gsl_rng *r, double p, size_t i, size_t n)
{
    if (r->type != ga_rng_xoshiro256ss) {
        while (i < n && gsl_rng_uniform(r) >= p)
            i++;
        return i;
    }
    struct ga_rng_xoshiro_state *shared = r->state, local = *shared;
    while (i < n && ga_rng_xoshiro_uniform(&local) >= p)
        i++;
    *shared = local;
    return i;
}

/* The generator named 'name': "xoshiro256ss" or any GSL generator name;
 * NULL when unknown. */
const gsl_rng_type *ga_rng_type_find(const char *name);

/* A generator of type T whose struct and state fill cache lines of their
 * own, so that threads drawing from neighbouring generators never write to
 * a shared line (with gsl_rng_alloc, states of a few bytes sit side by side
 * and every draw of one thread evicts the other's).  Seeded as
 * gsl_rng_alloc seeds; NULL when out of memory; free with ga_rng_free. */
gsl_rng *ga_rng_alloc(const gsl_rng_type *T);
void ga_rng_free(gsl_rng *r);

/* The seed of the stream for (seed, generation, block): a mix in which
 * every input bit changes the result.  The core reseeds one generator per
 * block from it, so results do not depend on how blocks meet threads. */
uint64_t ga_rng_stream_seed(uint64_t seed, uint64_t generation, uint64_t block);

/* The seed of replicate r (1-based) of an experiment seeded with 'seed':
 * replicate 1 runs on the seed itself (so one run is one replicate), the
 * others on ga_rng_stream_seed(seed, 2^64 - 1, r) cut to 63 bits (a value
 * that ga.seed accepts, so any replicate can be rerun alone). */
uint64_t ga_rng_replicate_seed(uint64_t seed, unsigned replicate);

/* ga_rng_below of xoshiro256** on a state of the caller's: a loop that
 * draws many numbers keeps it in registers (a state reached through a
 * gsl_rng is loaded and stored again for every draw). */
static inline uint32_t ga_rng_xoshiro_below(struct ga_rng_xoshiro_state *st, uint32_t n)
{
    uint64_t m = (ga_rng_xoshiro_next(st) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (ga_rng_xoshiro_next(st) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* A uniform integer in [0, n), n >= 1: multiply-shift with rejection when
 * the generator gives full 32-bit words, GSL's method otherwise. */
static inline __attribute__((always_inline)) unsigned long ga_rng_below(gsl_rng *r, unsigned long n)
{
    if (r->type == ga_rng_xoshiro256ss && n <= 0xffffffffUL)
        return ga_rng_xoshiro_below(r->state, (uint32_t)n);
    if (r->type->min == 0 && r->type->max == 0xffffffffUL && n <= 0xffffffffUL) {
        uint64_t m = (uint64_t)ga_rng_get(r) * n;
        uint32_t low = (uint32_t)m;
        if (low < n) {
            uint32_t threshold = (uint32_t)(-(uint32_t)n) % (uint32_t)n;
            while (low < threshold) {
                m = (uint64_t)ga_rng_get(r) * n;
                low = (uint32_t)m;
            }
        }
        return (unsigned long)(m >> 32);
    }
    return gsl_rng_uniform_int(r, n);
}

/* Shuffles v[0 .. n) uniformly (Fisher-Yates from the end: for i = n-1
 * down to 1, v[i] swapped with v[ga_rng_below(r, i + 1)]), the draws in
 * that order; true when some element moved. */
static inline bool ga_rng_shuffle(gsl_rng *r, ga_gene *v, size_t n)
{
    bool moved = false;
    for (size_t i = n; i > 1; i--) {
        size_t j = ga_rng_below(r, i);
        ga_gene t = v[i - 1];
        moved |= j != i - 1;
        v[i - 1] = v[j];
        v[j] = t;
    }
    return moved;
}

GAEXP_API_END

#endif
