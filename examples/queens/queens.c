/* examples/queens/queens.c — N-Queens on a permutation genome: a gaexp problem kept outside gaexp's tree. */
#include <string.h>

#include <gaexp/gaexp.h>

#include "queens.h"

/* Gene i is the row of the queen in column i.  A permutation puts one queen
 * in every row and every column, so only diagonals can clash. */
#define QUEENS_MAX 4096

struct queens {
    size_t n;
};

/* Reads 'problem.n'; out of range is reported with the file's line. */
static bool queens_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct queens *q = state;
    long long n;
    if (!ga_cfg_int(cfg, group, "n", 8, 4, QUEENS_MAX, &n))
        return false;
    q->n = (size_t)n;
    return true;
}

static void queens_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct queens *q = state;
    *len = q->n;
    *alphabet = (unsigned)q->n;
}

/* A uniform random permutation (Fisher-Yates), drawn only from r. */
static void queens_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        g[i] = (ga_gene)i;
    ga_rng_shuffle(r, g, gen->len);
}

/* Fitness: the pairs of queens on a shared diagonal (0 = solved).  The
 * counters live on the stack: evaluate runs on several threads at once. */
static double queens_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    unsigned short down[2 * QUEENS_MAX], up[2 * QUEENS_MAX];
    size_t n = gen->len;
    memset(down, 0, 2 * n * sizeof down[0]);
    memset(up, 0, 2 * n * sizeof up[0]);
    double pairs = 0;
    for (size_t col = 0; col < n; col++) {
        pairs += down[col + g[col]]++;
        pairs += up[col + n - 1 - g[col]]++;
    }
    return pairs;
}

static bool queens_valid(const struct ga_genome *gen, const ga_gene *g)
{
    unsigned char seen[QUEENS_MAX] = {0};
    for (size_t i = 0; i < gen->len; i++) {
        if (g[i] >= gen->len || seen[g[i]])
            return false;
        seen[g[i]] = 1;
    }
    return true;
}

/* Small boards as a picture, large ones as the row of each column. */
static void queens_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    size_t n = gen->len;
    if (n <= 16) {
        for (size_t row = 0; row < n; row++) {
            for (size_t col = 0; col < n; col++)
                fputs(g[col] == row ? " Q" : " .", out);
            fputc('\n', out);
        }
    } else {
        fputs("rows by column:", out);
        for (size_t col = 0; col < n; col++)
            fprintf(out, "%s%u", col % 16 ? " " : "\n ", (unsigned)g[col]);
        fputc('\n', out);
    }
    fprintf(out, "diagonal clashes: %.0f\n", queens_evaluate(gen, g));
}

/* A column of the problem's own in generations.csv: the share of the
 * population that is a solution. */
static const char *const queens_column_names[] = {"solved_share", NULL};

static void queens_measure(const struct ga_genome *gen, const struct ga_population *pop, double *values)
{
    (void)gen;
    size_t solved = 0;
    for (size_t i = 0; i < pop->n; i++)
        solved += pop->fitness[i] == 0;
    values[0] = (double)solved / (double)pop->n;
}

static const struct ga_problem_columns queens_columns = {queens_column_names, queens_measure};

/* An operator of the problem's own, with a setting: the queen of column pos
 * slides to a column at most span * n away, the queens between shifting
 * over by one (an insertion move; the genome stays a permutation). */
static const struct ga_op_setting queens_slide_settings[] = {
    {"span", 0.25, 0.01, 1, "the farthest a queen slides, as a share of the board"},
    {NULL, 0, 0, 0, NULL},
};
static const struct ga_mutation queens_slide;

static bool queens_slide_at(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    size_t n = gen->len, reach = (size_t)(ga_mutation_setting(gen, &queens_slide, 0) * (double)n);
    reach = reach < 1 ? 1 : reach;
    size_t lo = pos > reach ? pos - reach : 0, hi = pos + reach < n ? pos + reach : n - 1;
    size_t to = lo + (size_t)ga_rng_below(r, hi - lo + 1);
    if (to == pos)
        return false;
    ga_gene moving = g[pos];
    if (to < pos)
        memmove(g + to + 1, g + to, (pos - to) * sizeof *g);
    else
        memmove(g + pos, g + pos + 1, (to - pos) * sizeof *g);
    g[to] = moving;
    return true;
}

static const struct ga_mutation queens_slide = {
    "slide", "a queen slides to a column at most span * n away (an insertion move)", 0, queens_slide_at, NULL,
    queens_slide_settings,
};
static const struct ga_mutation *const queens_mutations[] = {&queens_slide, NULL};

static const struct ga_problem_variation queens_variation = {
    .defaults = {"ox", 0.3, "swap", 1.0, GA_PER_INDIVIDUAL},
    .mutations = queens_mutations,
};
static const struct ga_problem_evaluation queens_evaluation = {.columns = &queens_columns};
const struct ga_problem queens_problem = {
    .name = "queens",
    .summary = "N-Queens: one queen per row and column, none sharing a diagonal (fitness = clashing pairs)",
    .kind = GA_KIND_PERM,
    .state_size = sizeof(struct queens),
    .configure = queens_configure,
    .shape = queens_shape,
    .init = queens_init,
    .evaluate = queens_evaluate,
    .valid = queens_valid,
    .print = queens_print,
    .variation = &queens_variation,
    .evaluation = &queens_evaluation,
};

int queens_register(struct ga_registry *reg)
{
    return ga_registry_add_problem(reg, &queens_problem);
}

/* The entry point gaexp looks for when it loads queens.so. */
GAEXP_PLUGIN(queens_register)
