/* tests/plugin_liar.c — a plug-in that misbehaves on request, for tests/trust_plugins.sh: a
 * travelling-salesman tour on seeded random cities whose hooks lie, race, crash or exit.
 * Built with -DLIAR_MENDED it is the same plug-in fixed: every fault but 'huge' does nothing. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <math.h>
#include <signal.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gaexp/gaexp.h>

#define LIAR_MAX 256
#ifdef LIAR_MENDED
#define LIAR_FAULTS 0
#else
#define LIAR_FAULTS 1
#endif

/* problem.fault: what the plug-in does wrong once a tour is shorter than
 * problem.below (so that it happens some generations in, the same ones
 * every run). */
enum liar_fault {
    LIAR_NONE,     /* an honest tour length */
    LIAR_NAN,      /* NaN */
    LIAR_INF,      /* +infinity */
    LIAR_NEGATIVE, /* -26 */
    LIAR_RACE,     /* decodes every tour into one static buffer: a data race on several threads */
    LIAR_EXIT,     /* calls exit(0) */
    LIAR_SEGV,     /* writes through a null pointer */
    LIAR_ABORT,    /* calls abort() */
    LIAR_FPE,      /* divides an integer by zero */
    LIAR_HANG,     /* never returns */
    LIAR_HUGE,     /* declares a genome of 2^63 - 1 genes */
};
static const char *const liar_faults[] = {"none", "nan", "inf", "negative", "race", "exit",
                                         "segv", "abort", "fpe", "hang", "huge"};

struct liar {
    size_t n;
    enum liar_fault fault;
    double below;
    double x[LIAR_MAX], y[LIAR_MAX];
};

static bool liar_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct liar *l = state;
    long long n, seed;
    size_t fault;
    bool ok = ga_cfg_int(cfg, group, "cities", 12, 4, LIAR_MAX, &n) &&
              ga_cfg_int(cfg, group, "seed", 1, 0, 1000000, &seed) &&
              ga_cfg_choice(cfg, group, "fault", liar_faults, sizeof liar_faults / sizeof *liar_faults, 0, &fault) &&
              ga_cfg_double(cfg, group, "below", 0, 0, 1e9, &l->below);
    if (!ok)
        return false;
    l->n = (size_t)n;
    l->fault = (enum liar_fault)fault;
    unsigned long long s = (unsigned long long)seed * 6364136223846793005ULL + 1442695040888963407ULL;
    for (size_t i = 0; i < l->n; i++) { /* cities on a 100 x 100 square, from an LCG */
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        l->x[i] = (double)(s >> 33) / (double)(1ULL << 31) * 100;
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        l->y[i] = (double)(s >> 33) / (double)(1ULL << 31) * 100;
    }
    return true;
}

static void liar_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct liar *l = state;
    *len = l->fault == LIAR_HUGE ? (size_t)0x7fffffffffffffffULL : l->n;
    *alphabet = (unsigned)l->n;
}

static void liar_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        g[i] = (ga_gene)i;
    for (size_t i = gen->len - 1; i > 0; i--) {
        size_t j = ga_rng_below(r, i + 1);
        ga_gene t = g[i];
        g[i] = g[j];
        g[j] = t;
    }
}

static double liar_length(const struct liar *l, const ga_gene *tour)
{
    double length = 0;
    for (size_t i = 0; i < l->n; i++) {
        size_t a = tour[i], b = tour[(i + 1) % l->n];
        length += hypot(l->x[a] - l->x[b], l->y[a] - l->y[b]);
    }
    return length;
}

/* The racy decoding: one buffer for every thread, written, read back. */
static ga_gene liar_shared[LIAR_MAX];

static double liar_racy_length(const struct liar *l, const ga_gene *g)
{
    for (size_t i = 0; i < l->n; i++) {
        liar_shared[i] = g[i];
        for (volatile int spin = 0; spin < 50; spin++) /* widens the window a little */
            ;
    }
    return liar_length(l, liar_shared);
}

static double liar_misbehave(const struct liar *l)
{
    switch (l->fault) {
    case LIAR_NAN: return NAN;
    case LIAR_INF: return INFINITY;
    case LIAR_NEGATIVE: return -26;
    case LIAR_EXIT: exit(0);
    case LIAR_SEGV: { /* a write to a page that allows none: a real fault, under the sanitizers too */
        volatile int *nowhere = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        *nowhere = 1;
        return 0;
    }
    case LIAR_ABORT: abort();
    case LIAR_FPE: { /* a real division by zero (in C it is undefined, and a sanitizer would stop first) */
#if defined(__x86_64__) || defined(__i386__)
        int quotient = 7, remainder = 0, zero = 0;
        __asm__ volatile("cltd\n\tidivl %2" : "+a"(quotient), "=&d"(remainder) : "r"(zero));
        return quotient + remainder;
#else
        raise(SIGFPE);
        return 0;
#endif
    }
    case LIAR_HANG: { /* said in the file LIAR_HANG_MARK names, for a test to wait on */
        const char *mark = getenv("LIAR_HANG_MARK");
        FILE *said = mark ? fopen(mark, "w") : NULL;
        if (said)
            fclose(said);
        for (;;) {
            struct timespec t = {1, 0};
            nanosleep(&t, NULL);
        }
    }
    default: return 0;
    }
}

static double liar_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct liar *l = gen->state;
    double length = LIAR_FAULTS && l->fault == LIAR_RACE ? liar_racy_length(l, g) : liar_length(l, g);
    if (LIAR_FAULTS && l->fault != LIAR_NONE && l->fault != LIAR_RACE && length < l->below)
        return liar_misbehave(l);
    return length;
}

static bool liar_valid(const struct ga_genome *gen, const ga_gene *g)
{
    unsigned char seen[LIAR_MAX] = {0};
    for (size_t i = 0; i < gen->len; i++) {
        if (g[i] >= gen->len || seen[g[i]])
            return false;
        seen[g[i]] = 1;
    }
    return true;
}

static void liar_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    fputs("tour:", out);
    for (size_t i = 0; i < gen->len; i++)
        fprintf(out, " %u", (unsigned)g[i]);
    fprintf(out, "\nlength %.6g\n", liar_length(gen->state, g));
}

/* A crossover that breaks permutations: a's first half, then b's second
 * half, with no repair (cities repeat, others go missing). */
static void liar_cut(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b, ga_gene *ca,
                     ga_gene *cb)
{
    (void)r;
    size_t half = gen->len / 2;
    memcpy(ca, a, half * sizeof *a);
    memcpy(ca + half, b + half, (gen->len - half) * sizeof *b);
    memcpy(cb, b, half * sizeof *b);
    memcpy(cb + half, a + half, (gen->len - half) * sizeof *a);
}

static const struct ga_crossover liar_cut_crossover = {
    .name = "cutbad", .summary = "a's first half and b's second half, unrepaired (breaks permutations)",
    .apply = liar_cut};
static const struct ga_crossover *const liar_crossovers[] = {&liar_cut_crossover, NULL};

static const struct ga_problem_variation liar_variation = {
    .defaults = {"ox", 0.8, "swap", 1.0, GA_PER_INDIVIDUAL},
    .crossovers = liar_crossovers,
};
static const struct ga_problem liar_problem = {
    .name = "liar",
    .summary = "a tour of seeded random cities whose hooks misbehave on request (problem.fault)",
    .kind = GA_KIND_PERM,
    .state_size = sizeof(struct liar),
    .configure = liar_configure,
    .shape = liar_shape,
    .init = liar_init,
    .evaluate = liar_evaluate,
    .valid = liar_valid,
    .print = liar_print,
    .variation = &liar_variation,
};

static int liar_register(struct ga_registry *reg)
{
    return ga_registry_add_problem(reg, &liar_problem);
}
GAEXP_PLUGIN(liar_register)
