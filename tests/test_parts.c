/* tests/test_parts.c — composite genomes: the layout, ga.parts read and refused, a run of bits, reals and distinct values */
#include <math.h>
#include <stdlib.h>
#include "testlib.h"

/* A problem of three parts: 5 bits, 3 reals in [-2, 3] and a permutation
 * of 6.  Fitness: the zero bits + the sum of x^2 + the values out of
 * place (each part has its own optimum: ones, zeros, the identity). */
enum { MIXED_BITS, MIXED_REALS, MIXED_PERM, MIXED_PARTS };
static const double mixed_lower[3] = {-2, -2, -2}, mixed_upper[3] = {3, 3, 3};
static const struct ga_problem_part mixed_parts[MIXED_PARTS] = {
    {"flags", GA_KIND_BITS, 5, 2, NULL, NULL, {"uniform", 1.0, "flip", 0.2, GA_PER_GENE}},
    {"x", GA_KIND_REAL, 3, 0, mixed_lower, mixed_upper, {"sbx", 1.0, "polynomial", 1.0, GA_PER_INDIVIDUAL}},
    {"order", GA_KIND_PERM, 6, 6, NULL, NULL, {"pmx", 0.5, "swap", 0.5, GA_PER_INDIVIDUAL}},
};
/* 0: 5 bits, 8: the reals (4 genes each, and sigma), 24: 6 values; 30 genes. */
static const size_t mixed_offsets[MIXED_PARTS] = {0, 8, 24};
enum { MIXED_LEN = 30 };

static bool mixed_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    (void)state, (void)cfg, (void)group;
    return true;
}

static size_t mixed_list(const void *state, const struct ga_problem_part **parts)
{
    (void)state;
    *parts = mixed_parts;
    return MIXED_PARTS;
}

static void mixed_shape(const void *state, size_t *len, unsigned *alphabet)
{
    (void)state;
    *len = ga_parts_layout(mixed_parts, MIXED_PARTS, NULL, alphabet);
}

static void mixed_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    memset(g, 0, gen->len * sizeof *g);
    for (size_t i = 0; i < 5; i++)
        g[i] = (ga_gene)ga_rng_below(r, 2);
    double *x = ga_genome_reals(g + mixed_offsets[MIXED_REALS]);
    for (size_t i = 0; i < 3; i++)
        x[i] = 1 + 2 * ga_rng_uniform(r); /* in [1, 3]: far from the optimum */
    x[3] = 0.1;
    ga_gene *order = g + mixed_offsets[MIXED_PERM];
    for (size_t i = 0; i < 6; i++)
        order[i] = (ga_gene)i;
    ga_rng_shuffle(r, order, 6);
}

static double mixed_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    (void)gen;
    double f = 0;
    for (size_t i = 0; i < 5; i++)
        f += g[i] == 0;
    const double *x = ga_genome_creals(g + mixed_offsets[MIXED_REALS]);
    for (size_t i = 0; i < 3; i++)
        f += x[i] * x[i];
    for (size_t i = 0; i < 6; i++)
        f += g[mixed_offsets[MIXED_PERM] + i] != i;
    return f;
}

/* Every part valid, and the genes between the parts 0. */
static bool mixed_valid(const struct ga_genome *gen, const ga_gene *g)
{
    (void)gen;
    bool seen[6] = {false};
    for (size_t i = 0; i < 5; i++)
        if (g[i] > 1)
            return false;
    for (size_t i = 5; i < 8; i++)
        if (g[i] != 0)
            return false;
    struct ga_genome real = {.reals = 3, .lower = mixed_lower, .upper = mixed_upper};
    if (!ga_genome_real_valid(&real, g + mixed_offsets[MIXED_REALS]))
        return false;
    for (size_t i = 0; i < 6; i++) {
        ga_gene v = g[mixed_offsets[MIXED_PERM] + i];
        if (v >= 6 || seen[v])
            return false;
        seen[v] = true;
    }
    return true;
}

static void mixed_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    fprintf(out, "%g\n", mixed_evaluate(gen, g));
}

static const struct ga_problem_variation mixed_variation = {
    .defaults = {"parts", 0.9, "parts", 1.0, GA_PER_INDIVIDUAL},
};
static const struct ga_problem_genome mixed_genome = {.parts = mixed_list};
static const struct ga_problem mixed_problem = {
    .name = "mixed",
    .summary = "bits, reals and a permutation (test)",
    .kind = GA_KIND_COMPOSITE,
    .configure = mixed_configure,
    .shape = mixed_shape,
    .init = mixed_init,
    .evaluate = mixed_evaluate,
    .valid = mixed_valid,
    .print = mixed_print,
    .variation = &mixed_variation,
    .genome = &mixed_genome,
};

/* A real part without its bounds: refused by ga_run_alloc. */
static const struct ga_problem_part unbounded_parts[1] = {
    {"x", GA_KIND_REAL, 3, 0, NULL, NULL, {"sbx", 1.0, "polynomial", 1.0, GA_PER_INDIVIDUAL}},
};
static size_t unbounded_list(const void *state, const struct ga_problem_part **parts)
{
    (void)state;
    *parts = unbounded_parts;
    return 1;
}
static void unbounded_shape(const void *state, size_t *len, unsigned *alphabet)
{
    (void)state;
    *len = ga_parts_layout(unbounded_parts, 1, NULL, alphabet);
}
static const struct ga_problem_genome unbounded_genome = {.parts = unbounded_list};

/* mixed_problem renamed, with other parts: NULL, none. */
static struct ga_problem mixed_variant(const char *name, const struct ga_problem_genome *genome,
                                       void (*shape)(const void *, size_t *, unsigned *))
{
    struct ga_problem p = mixed_problem;
    p.name = name, p.genome = genome, p.shape = shape;
    return p;
}
/* A composite problem that declares no parts (refused when read), and one
 * whose real part has no bounds (refused by ga_run_alloc). */
static struct ga_problem partless_problem, unbounded_problem;

/* An experiment on problem 'name' ('ga' the group's body), or its refusal. */
static struct test_experiment *mixed_experiment_of(const char *name, const char *ga)
{
    char text[1024];
    snprintf(text, sizeof text, "problem = { name = \"%s\"; };\nga = { %s };\n", name, ga);
    const struct ga_problem *problems[] = {&mixed_problem, &partless_problem, &unbounded_problem, test_catalog_problem("onemax"),
                                           NULL};
    struct ga_catalog cat = {problems, ga_crossovers, ga_mutations, ga_selections};
    struct test_experiment *t = calloc(1, sizeof *t);
    assert_non_null(t);
    t->cfg = ga_cfg_alloc(&t->diag);
    assert_true(ga_cfg_load_string(t->cfg, "test.cfg", text));
    t->e = ga_experiment_alloc(t->cfg, &cat, 1, NULL);
    return t;
}

static struct test_experiment *mixed_experiment(const char *ga)
{
    return mixed_experiment_of("mixed", ga);
}

static void test_layout(void **unused)
{
    (void)unused;
    size_t offsets[MIXED_PARTS];
    unsigned alphabet;
    assert_int_equal(ga_parts_layout(mixed_parts, MIXED_PARTS, offsets, &alphabet), MIXED_LEN);
    for (size_t i = 0; i < MIXED_PARTS; i++)
        assert_int_equal(offsets[i], mixed_offsets[i]);
    assert_int_equal(alphabet, 65536);
    assert_int_equal(ga_parts_layout(&mixed_parts[MIXED_PERM], 1, NULL, &alphabet), 6);
    assert_int_equal(alphabet, 6);
}

/* Each part's operators, rates, units and settings from its group; the
 * problem's defaults for a part the file leaves out. */
static void test_read(void **unused)
{
    (void)unused;
    struct test_experiment *t = mixed_experiment(
        "parts = { x = { crossover = { name = \"blx\"; rate = 0.5; blx = { alpha = 0.25; }; };"
        " mutation = { name = \"gaussian\"; rate = 0.3; }; };"
        " order = { mutation = { name = \"insertion\"; per = \"gene\"; rate = 0.1; }; }; };");
    if (!t->e) {
        char msg[512];
        fail_msg("%s", test_first_diag(t, msg, sizeof msg));
    }
    const struct ga_params *p = &t->e->params;
    assert_ptr_equal(p->crossover, &ga_crossover_parts);
    assert_ptr_equal(p->parts[MIXED_BITS].crossover, &ga_crossover_uniform);
    assert_ptr_equal(p->parts[MIXED_BITS].mutation, &ga_mutation_flip);
    assert_int_equal(p->parts[MIXED_BITS].mutation_unit, GA_PER_GENE);
    assert_ptr_equal(p->parts[MIXED_REALS].crossover, &ga_crossover_blx);
    assert_true(p->parts[MIXED_REALS].crossover_rate == 0.5);
    assert_true(p->parts[MIXED_REALS].crossover_settings[0] == 0.25);
    assert_ptr_equal(p->parts[MIXED_REALS].mutation, &ga_mutation_gaussian);
    assert_true(p->parts[MIXED_REALS].mutation_rate == 0.3);
    assert_ptr_equal(p->parts[MIXED_PERM].crossover, &ga_crossover_pmx);
    assert_true(p->parts[MIXED_PERM].crossover_rate == 0.5);
    assert_ptr_equal(p->parts[MIXED_PERM].mutation, &ga_mutation_insertion);
    assert_int_equal(p->parts[MIXED_PERM].mutation_unit, GA_PER_GENE);
    test_experiment_free(t);
}

static void test_refused(void **unused)
{
    (void)unused;
    static const struct test_bad bad[] = {
        {"parts = { x = { mutation = { name = \"gaussian\"; per = \"gene\"; }; }; };",
         "ga.parts.x.mutation.per: mutation 'gaussian' has no per-gene form"},
        {"parts = { x = { crossover = { name = \"ox\"; }; }; };",
         "crossover 'ox' does not serve part 'x' of problem 'mixed' (real)"},
        {"parts = { order = { crossover = { name = \"uniform\"; }; }; };",
         "crossover 'uniform' does not serve part 'order' of problem 'mixed' (permutation)"},
        {"parts = { flag = { }; };", "ga.parts.flag: no part has this name (did you mean 'flags'?)"},
        {"parts = { flags = { mutation = { per = \"fast\"; }; }; };", "unknown value 'fast'"},
        {"parts = { x = { crossover = { sbx = { eta = 2000.0; }; }; }; };", "ga.parts.x.crossover.sbx.eta"},
        {"crossover = { name = \"uniform\"; };", "crossover 'uniform' does not serve problem 'mixed' (composite genome)"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        struct test_experiment *t = mixed_experiment(bad[k].ga);
        char msg[1024];
        test_first_diag(t, msg, sizeof msg);
        if (t->e || !strstr(msg, bad[k].expect))
            fail_msg("expected '%s', got '%s'", bad[k].expect, msg);
        test_experiment_free(t);
    }
    test_expect_error("problem = { name = \"onemax\"; };\nga = { parts = { x = { }; }; };",
                      "ga.parts: problem 'onemax' has a bits genome, not one of parts");
    struct test_experiment *t = mixed_experiment_of("partless", "");
    char msg[1024];
    test_first_diag(t, msg, sizeof msg);
    if (t->e || !strstr(msg, "problem 'partless' has a composite genome of 0 parts: gaexp takes 1 to 8"))
        fail_msg("got '%s'", msg);
    test_experiment_free(t);
    t = mixed_experiment_of("unbounded", "");
    assert_non_null(t->e);
    assert_null(ga_run_alloc(&unbounded_problem, t->e->state, &t->e->params, &t->diag));
    test_first_diag(t, msg, sizeof msg);
    if (!strstr(msg, "part x: a real part needs its bounds"))
        fail_msg("got '%s'", msg);
    test_experiment_free(t);
}

/* A run with --check at 1 and 4 threads: no fault (every genome valid,
 * the padding 0), the same population at the end, and better than at the
 * start in each part. */
static void test_run(void **unused)
{
    (void)unused;
    ga_gene *first = NULL;
    for (unsigned threads = 1; threads <= 4; threads *= 4) {
        char ga[512];
        snprintf(ga, sizeof ga,
                 "population = 100; threads = %u; check = true; stop = { generations = 40; fitness = -1.0; };"
                 "parts = { x = { crossover = { name = \"sbx\"; }; }; };",
                 threads);
        struct test_experiment *t = mixed_experiment(ga);
        assert_non_null(t->e);
        struct ga_run *run = ga_run_alloc(&mixed_problem, t->e->state, &t->e->params, &t->diag);
        assert_non_null(run);
        assert_int_equal(ga_run_init(run, 7), GA_CONTINUE);
        double start = ga_run_stats(run)->best;
        while (ga_run_iterate(run) == GA_CONTINUE)
            ;
        assert_null(ga_run_fault(run));
        assert_true(ga_run_stats(run)->best < start - 5);
        const ga_gene *best = ga_run_best(run);
        const double *x = ga_genome_creals(best + mixed_offsets[MIXED_REALS]);
        assert_true(fabs(x[0]) < 0.5 && fabs(x[1]) < 0.5 && fabs(x[2]) < 0.5); /* from [1, 3] */
        if (!first) {
            first = malloc(100 * MIXED_LEN * sizeof *first);
            assert_non_null(first);
            for (size_t i = 0; i < 100; i++)
                memcpy(first + i * MIXED_LEN, ga_run_individual(run, i), MIXED_LEN * sizeof *first);
        } else {
            for (size_t i = 0; i < 100; i++)
                assert_memory_equal(first + i * MIXED_LEN, ga_run_individual(run, i), MIXED_LEN * sizeof *first);
        }
        ga_run_free(run);
        test_experiment_free(t);
    }
    free(first);
}

int main(void)
{
    partless_problem = mixed_variant("partless", NULL, mixed_shape);
    unbounded_problem = mixed_variant("unbounded", &unbounded_genome, unbounded_shape);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_read),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
