/* ga/rng.c — xoshiro256** registered as a GSL generator, and stream seeds. */
#include "gaexp/rng.h"

#include <stdlib.h>
#include <string.h>

static uint64_t rng_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void rng_xoshiro_set(void *vstate, unsigned long seed)
{
    struct ga_rng_xoshiro_state *st = vstate;
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        st->s[i] = rng_splitmix64(&x);
}

/* The upper 32 bits are xoshiro's best; GSL's integer samplers assume a
 * [min, max] range, and 32 bits keep ga_rng_below's fast path. */
static unsigned long rng_xoshiro_get(void *vstate)
{
    return (unsigned long)(ga_rng_xoshiro_next(vstate) >> 32);
}

static double rng_xoshiro_get_double(void *vstate)
{
    return ga_rng_xoshiro_uniform(vstate);
}

static const gsl_rng_type rng_xoshiro_type = {
    "xoshiro256ss", 0xffffffffUL, 0, sizeof(struct ga_rng_xoshiro_state),
    rng_xoshiro_set, rng_xoshiro_get, rng_xoshiro_get_double,
};

const gsl_rng_type *ga_rng_xoshiro256ss = &rng_xoshiro_type;

const gsl_rng_type *ga_rng_type_find(const char *name)
{
    if (strcmp(name, rng_xoshiro_type.name) == 0)
        return &rng_xoshiro_type;
    for (const gsl_rng_type **t = gsl_rng_types_setup(); *t; t++)
        if (strcmp((*t)->name, name) == 0)
            return *t;
    return NULL;
}

uint64_t ga_rng_stream_seed(uint64_t seed, uint64_t generation, uint64_t block)
{
    uint64_t x = seed;
    uint64_t h = rng_splitmix64(&x);
    x = h ^ generation;
    h = rng_splitmix64(&x);
    x = h ^ block;
    return rng_splitmix64(&x);
}

uint64_t ga_rng_replicate_seed(uint64_t seed, unsigned replicate)
{
    if (replicate <= 1)
        return seed;
    return ga_rng_stream_seed(seed, UINT64_MAX, replicate) & 0x7fffffffffffffffULL;
}

#define RNG_CACHE_LINE 64
static size_t rng_lines(size_t bytes)
{
    return (bytes + RNG_CACHE_LINE - 1) / RNG_CACHE_LINE * RNG_CACHE_LINE;
}

gsl_rng *ga_rng_alloc(const gsl_rng_type *T)
{
    size_t head = rng_lines(sizeof(gsl_rng)), size = head + rng_lines(T->size ? T->size : 1);
    unsigned char *block = aligned_alloc(RNG_CACHE_LINE, size);
    if (!block)
        return NULL;
    memset(block, 0, size);
    gsl_rng *r = (gsl_rng *)block;
    r->type = T;
    r->state = block + head;
    gsl_rng_set(r, gsl_rng_default_seed);
    return r;
}

void ga_rng_free(gsl_rng *r)
{
    free(r);
}
