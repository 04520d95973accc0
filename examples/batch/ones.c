/* examples/batch/ones.c — a plug-in whose fitness is evaluated a block at a
 * time with SIMD (GCC's vector extensions: SSE2 on x86-64, NEON on ARM):
 * OneMax, the zero bits of a bit string, as problem 'ones'.  The twin
 * 'ones_single' is the same problem without the batch hook, for the test
 * that both give the same runs (tests/install.sh). */
#include <stdint.h>
#include <string.h>

#include <gaexp/gaexp.h>

struct ones {
    size_t bits;
};

static bool ones_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct ones *o = state;
    long long bits;
    if (!ga_cfg_int(cfg, group, "bits", 1000, 1, 100000, &bits))
        return false;
    o->bits = (size_t)bits;
    return true;
}

static void ones_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct ones *o = state;
    *len = o->bits;
    *alphabet = 2;
}

static void ones_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        g[i] = (ga_gene)ga_rng_below(r, 2);
}

/* One genome: a plain loop. */
static double ones_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    size_t ones = 0;
    for (size_t i = 0; i < gen->len; i++)
        ones += g[i];
    return (double)(gen->len - ones);
}

/* Eight 16-bit genes a vector.  Each lane adds at most 100000 / 8 = 12500
 * ones: no lane overflows. */
typedef uint16_t ones_v8 __attribute__((vector_size(16)));
_Static_assert(sizeof(ga_gene) == 2, "eight genes a 16-byte vector");

/* A block: each genome summed eight genes an instruction.  The padding
 * after a genome's len genes (up to stride) is zero, so its last vector
 * may run into it: every genome is whole vectors. */
static void ones_evaluate_batch(const struct ga_genome *gen, const ga_gene *genes, size_t stride, size_t n,
                                double *fitness)
{
    size_t len = gen->len, whole = len / 8, vectors = (len + 7) / 8;
    if (vectors * 8 > stride) /* no room for the last vector: it is summed one gene at a time */
        vectors = whole;
    for (size_t k = 0; k < n; k++) {
        const ga_gene *g = genes + k * stride;
        ones_v8 sum = {0};
        for (size_t v = 0; v < vectors; v++) {
            ones_v8 x;
            memcpy(&x, g + 8 * v, sizeof x);
            sum += x;
        }
        size_t ones = 0;
        for (int lane = 0; lane < 8; lane++)
            ones += sum[lane];
        for (size_t i = 8 * vectors; i < len; i++)
            ones += g[i];
        fitness[k] = (double)(len - ones);
    }
}

static bool ones_valid(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (g[i] > 1)
            return false;
    return true;
}

static void ones_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    for (size_t i = 0; i < gen->len; i++) {
        fputc('0' + g[i], out);
        if (i % 64 == 63 || i + 1 == gen->len)
            fputc('\n', out);
    }
}

static const struct ga_problem_variation ones_variation = {.defaults = {"uniform", 0.9, "flip", 0.001, GA_PER_GENE}};
/* The batch hook lives in the optional evaluation table. */
static const struct ga_problem_evaluation ones_evaluation = {.evaluate_batch = ones_evaluate_batch};

#define ONES_TABLE(id, summary_, evaluation_)                                                          \
    {                                                                                                  \
        .name = id, .summary = summary_,                                                               \
        .kind = GA_KIND_BITS, .state_size = sizeof(struct ones), .configure = ones_configure,         \
        .shape = ones_shape, .init = ones_init, .evaluate = ones_evaluate, .valid = ones_valid,        \
        .print = ones_print, .variation = &ones_variation, .evaluation = evaluation_,                  \
    }

const struct ga_problem ones_problem =
    ONES_TABLE("ones", "OneMax (fitness = zero bits), a block at a time with SIMD", &ones_evaluation);
/* The same without the batch hook (no evaluation table): gaexp then calls ones_evaluate. */
const struct ga_problem ones_single_problem =
    ONES_TABLE("ones_single", "OneMax (fitness = zero bits), one genome a call", NULL);

static int ones_register(struct ga_registry *reg)
{
    int status = ga_registry_add_problem(reg, &ones_problem);
    return status == GA_OK ? ga_registry_add_problem(reg, &ones_single_problem) : status;
}
GAEXP_PLUGIN(ones_register)
