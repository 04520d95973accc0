/* problems/onemax/onemax.c — OneMax: a bit string, fitness = number of zero bits (0 = all ones). */
#include <stdint.h>
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"

struct onemax {
    size_t bits;
};

static bool onemax_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct onemax *om = state;
    long long bits;
    if (!ga_cfg_int(cfg, group, "bits", 1000, 1, 1000000, &bits))
        return false;
    om->bits = (size_t)bits;
    return true;
}

static void onemax_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct onemax *om = state;
    *len = om->bits;
    *alphabet = 2;
}

static void onemax_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    unsigned long word = 0;
    for (size_t i = 0; i < gen->len; i++) {
        if (i % 16 == 0)
            word = ga_rng_below(r, 1ul << 16);
        g[i] = word & 1;
        word >>= 1;
    }
}

/* Genes are 0 or 1, so four of them read as one 64-bit word add up lane
 * by lane without carries (a lane reaches at most len / 4 < 65536 only
 * within a chunk): four genes per addition instead of one. */
#define ONEMAX_CHUNK (4 * 65535) /* genes a chunk may add up per lane */
_Static_assert(sizeof(ga_gene) == 2, "onemax_evaluate reads four 16-bit genes per word");
static double onemax_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    size_t ones = 0, i = 0, len = gen->len;
    while (len - i >= 4) {
        size_t end = i + (len - i < ONEMAX_CHUNK ? (len - i) / 4 * 4 : ONEMAX_CHUNK);
        uint64_t lanes = 0;
        for (; i < end; i += 4) {
            uint64_t word;
            memcpy(&word, g + i, sizeof word);
            lanes += word;
        }
        ones += (lanes & 0xffff) + (lanes >> 16 & 0xffff) + (lanes >> 32 & 0xffff) + (lanes >> 48);
    }
    for (; i < len; i++)
        ones += g[i];
    return (double)(len - ones);
}

/* Packed (GA_KIND_PACKED): a popcount a word. */
static double onemax_evaluate_packed(const struct ga_genome *gen, const ga_gene *g)
{
    return (double)(gen->bits - ga_genome_ones(gen, g));
}

static bool onemax_valid(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (g[i] > 1)
            return false;
    return true;
}

/* Serves both tables: the same text for the same bits, packed or not. */
static void onemax_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    size_t ones = 0, bits = ga_genome_sites(gen);
    for (size_t i = 0; i < bits; i++) {
        unsigned bit = ga_genome_bit(gen, g, i);
        fputc('0' + (int)bit, out);
        if (i % 64 == 63 || i + 1 == bits)
            fputc('\n', out);
        ones += bit;
    }
    fprintf(out, "ones: %zu of %zu\n", ones, bits);
}

/* The packed and the unpacked table share their variation. */
static const struct ga_problem_variation onemax_variation = {
    .defaults = {"onepoint", 0.6, "flip", 0.001, GA_PER_GENE},
};
static const struct ga_problem onemax_packed = {
    .name = "onemax",
    .summary = "OneMax on packed bits, 64 to a word (problem.packed = true)",
    .kind = GA_KIND_PACKED,
    .state_size = sizeof(struct onemax),
    .configure = onemax_configure,
    .shape = onemax_shape,
    .init = ga_genome_packed_init,
    .evaluate = onemax_evaluate_packed,
    .valid = ga_genome_packed_valid,
    .print = onemax_print,
    .variation = &onemax_variation,
};

static const struct ga_problem_genome onemax_genome = {.packed = &onemax_packed};
const struct ga_problem ga_problem_onemax = {
    .name = "onemax",
    .summary = "OneMax: maximise the ones in a bit string (fitness = zero bits)",
    .kind = GA_KIND_BITS,
    .state_size = sizeof(struct onemax),
    .configure = onemax_configure,
    .shape = onemax_shape,
    .init = onemax_init,
    .evaluate = onemax_evaluate,
    .valid = onemax_valid,
    .print = onemax_print,
    .variation = &onemax_variation,
    .genome = &onemax_genome,
};
