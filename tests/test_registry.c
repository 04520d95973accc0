/* tests/test_registry.c — every plug-in is registered, and every problem keeps the contract. */
#include <dirent.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>

#include "gaexp/registry.h"
#include "gaexp/rng.h"
#include "gaexp/status.h"
#include "testlib.h"

/* Calls found(id) for each "const struct TYPE PREFIXid" defined in a .c file of dir. */
static void scan_definitions(const char *dir, const char *declaration,
                             void (*found)(const char *id, void *ctx), void *ctx)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", GA_SRCDIR, dir);
    DIR *d = opendir(path);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        char file[1400];
        snprintf(file, sizeof file, "%s/%s", path, e->d_name);
        struct stat st;
        if (e->d_name[0] != '.' && stat(file, &st) == 0 && S_ISDIR(st.st_mode)) {
            /* A problem's folder (problems/derful/, ...). */
            char sub[1200];
            snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
            scan_definitions(sub, declaration, found, ctx);
            continue;
        }
        if (len < 3 || strcmp(e->d_name + len - 2, ".c") != 0)
            continue;
        FILE *f = fopen(file, "r");
        assert_non_null(f);
        char line[512];
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, declaration, strlen(declaration)) != 0)
                continue;
            char id[128];
            if (sscanf(line + strlen(declaration), "%127[a-z0-9_]", id) == 1)
                found(id, ctx);
        }
        fclose(f);
    }
    closedir(d);
}

static void expect_problem(const char *id, void *ctx)
{
    int *count = ctx;
    (*count)++;
    if (!ga_catalog_problem(&test_catalog, id))
        fail_msg("problem '%s' is defined in problems/ but not registered (gaexp_problems in its folder's local.mk)", id);
}

static void expect_crossover(const char *id, void *ctx)
{
    (void)ctx;
    if (!ga_catalog_crossover(&test_catalog, NULL, id))
        fail_msg("crossover '%s' is defined in operators/ but missing from operators.def", id);
}

static void expect_mutation(const char *id, void *ctx)
{
    (void)ctx;
    if (!ga_catalog_mutation(&test_catalog, NULL, id))
        fail_msg("mutation '%s' is defined in operators/ but missing from operators.def", id);
}

static void expect_selection(const char *id, void *ctx)
{
    (void)ctx;
    if (!ga_catalog_selection(&test_catalog, id))
        fail_msg("selection '%s' is defined but missing from operators.def", id);
}

static void test_every_plugin_is_registered(void **unused)
{
    (void)unused;
    int problems = 0;
    scan_definitions("problems", "const struct ga_problem ga_problem_", expect_problem, &problems);
    assert_true(problems >= 2);
    scan_definitions("operators", "const struct ga_crossover ga_crossover_", expect_crossover, NULL);
    scan_definitions("operators", "const struct ga_mutation ga_mutation_", expect_mutation, NULL);
    scan_definitions("operators", "const struct ga_selection ga_selection_", expect_selection, NULL);
    scan_definitions("ga", "const struct ga_selection ga_selection_", expect_selection, NULL);
    /* Names are unique. */
    for (const struct ga_problem *const *p = ga_problems; *p; p++)
        for (const struct ga_problem *const *q = p + 1; *q; q++)
            assert_true(strcmp((*p)->name, (*q)->name) != 0);
}

/* The contract, for every registered problem with its default settings (and its example). */
/* evaluate_batch, where a problem has one, gives every genome of a block
 * the bits evaluate gives it: 40 blocks of 1 to 9 random genomes, laid out
 * as the core lays out a population (line-aligned, stride apart). */
static void check_batch(const struct ga_problem *p, const struct ga_genome *gen, gsl_rng *r)
{
    ga_problem_evaluate_batch_fn evaluate_batch = ga_problem_evaluate_batch(p);
    if (!evaluate_batch)
        return;
    enum { MOST = 9 };
    size_t stride = ga_genome_stride(gen->len);
    ga_gene *block = aligned_alloc(GA_GENOME_LINE, MOST * stride * sizeof *block);
    assert_non_null(block);
    memset(block, 0, MOST * stride * sizeof *block);
    for (int trial = 0; trial < 40; trial++) {
        size_t n = 1 + (size_t)trial % MOST;
        double batch[MOST];
        for (size_t i = 0; i < n; i++)
            p->init(gen, r, block + i * stride);
        evaluate_batch(gen, block, stride, n, batch);
        for (size_t i = 0; i < n; i++) {
            double one = p->evaluate(gen, block + i * stride);
            if (memcmp(&one, &batch[i], sizeof one) != 0)
                fail_msg("%s: evaluate_batch gives genome %zu of %zu %.17g, evaluate %.17g", p->name, i, n,
                         batch[i], one);
        }
    }
    free(block);
}

/* evaluate's contract: a fitness >= 0, the same twice; or with an
 * objectives table 1 to GA_OBJECTIVES_MAX finite objectives and finite
 * violations, the same bits twice. */
static void check_evaluate(const struct ga_problem *p, const struct ga_genome *gen, const ga_gene *g)
{
    const struct ga_problem_objectives *o = ga_problem_objectives(p);
    if (!o) {
        double f = p->evaluate(gen, g);
        assert_true(f >= 0 && f == p->evaluate(gen, g)); /* non-negative, repeatable */
        return;
    }
    size_t m = 0, k = 0;
    o->count(gen->state, &m, &k);
    assert_true(m >= 1 && m <= GA_OBJECTIVES_MAX && k <= GA_CONSTRAINTS_MAX);
    double f[2][GA_OBJECTIVES_MAX], v[2][GA_CONSTRAINTS_MAX + 1];
    for (int twice = 0; twice < 2; twice++)
        o->evaluate(gen, g, f[twice], v[twice]);
    for (size_t j = 0; j < m; j++)
        assert_true(isfinite(f[0][j]) && memcmp(&f[0][j], &f[1][j], sizeof f[0][j]) == 0);
    for (size_t j = 0; j < k; j++)
        assert_true(isfinite(v[0][j]) && memcmp(&v[0][j], &v[1][j], sizeof v[0][j]) == 0);
}

/* The contract of p's table, or with 'packed' of its packed one (problem.packed). */
static void check_problem(const struct ga_problem *p, bool packed)
{
    char text[512];
    const char *more = packed ? " packed = true;" : "", *example = ga_problem_example(p);
    snprintf(text, sizeof text, "problem = { name = \"%s\"; %s%s };", p->name, example ? example : "", more);
    struct test_experiment *t = test_experiment_alloc(text);
    if (!t->e) {
        char msg[512];
        fail_msg("%s: defaults refused: %s", p->name, test_first_diag(t, msg, sizeof msg));
    }
    if (packed) {
        const struct ga_problem *twin = ga_problem_packed(p);
        assert_true(t->e->problem == twin && twin->kind == GA_KIND_PACKED && !ga_problem_packed(twin));
        p = twin;
    }
    assert_non_null(p->summary);
    assert_non_null(p->valid);
    size_t column;
    const char *why = ga_problem_columns_check(p, &column);
    if (why)
        fail_msg("%s: statistics column %zu: %s", p->name, column + 1, why);
    struct ga_genome gen = ga_problem_genome(p, t->e->state);
    assert_true(gen.len > 0 && gen.alphabet > 0);
    ga_gene *a = malloc(4 * gen.len * sizeof *a), *b = a + gen.len, *ca = b + gen.len,
            *cb = ca + gen.len;
    const struct ga_crossover *cx[64];
    const struct ga_mutation *mu[64];
    size_t ncx = ga_catalog_crossovers(&test_catalog, p, cx, 64);
    size_t nmu = ga_catalog_mutations(&test_catalog, p, mu, 64);
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 99);
    for (int trial = 0; trial < 200; trial++) {
        p->init(&gen, r, a);
        p->init(&gen, r, b);
        assert_true(p->valid(&gen, a));
        for (size_t i = 0; i < gen.len; i++)
            assert_true(a[i] < gen.alphabet);
        check_evaluate(p, &gen, a);
        for (size_t i = 0; i < ncx; i++) {
            bool one = cx[i]->one_child; /* child_b NULL: a one-child crossover that wrote it would crash */
            cx[i]->apply(&gen, r, a, b, ca, one ? NULL : cb);
            if (!p->valid(&gen, ca) || (!one && !p->valid(&gen, cb)))
                fail_msg("%s: crossover %s made an invalid genome", p->name, cx[i]->name);
        }
        for (size_t i = 0; i < nmu; i++) {
            if (mu[i]->at)
                mu[i]->at(&gen, r, a, ga_rng_below(r, ga_genome_sites(&gen)));
            if (mu[i]->once)
                mu[i]->once(&gen, r, a);
            if (!p->valid(&gen, a))
                fail_msg("%s: mutation %s made an invalid genome", p->name, mu[i]->name);
        }
    }
    check_batch(p, &gen, r);
    gsl_rng_free(r);
    free(a);
    test_experiment_free(t);

    /* configure is strict: an unknown key in the problem group is refused. */
    example = ga_problem_example(p);
    snprintf(text, sizeof text, "problem = { name = \"%s\"; %s%s no_such_key = 1; };", p->name,
             example ? example : "", more);
    test_expect_error(text, "problem.no_such_key: unknown setting");
}

static void test_problem_contracts(void **unused)
{
    (void)unused;
    for (const struct ga_problem *const *p = ga_problems; *p; p++) {
        check_problem(*p, false);
        if (ga_problem_packed(*p))
            check_problem(*p, true);
    }
}

static void column_measure(const struct ga_genome *gen, const struct ga_population *pop, double *values)
{
    (void)gen;
    values[0] = (double)pop->n;
}

/* Each badly declared set of columns: the reason and the column it names;
 * the registry refuses the problem and stays as it was. */
static void test_column_declarations(void **unused)
{
    (void)unused;
    static const char *const clash[] = {"spread", "worst", NULL}, *const twice[] = {"a", "b", "a", NULL},
                             *const upper[] = {"Depth", NULL}, *const empty[] = {"", NULL},
                             *const many[] = {"a", "b", "c", "d", "e", NULL}, *const fine[] = {"a", "b", "c", "d", NULL},
                             *const prefix[] = {"best_distance", "diversity2", NULL};
    static const struct {
        const char *const *columns;
        bool measure;
        const char *why; /* NULL: accepted */
        size_t bad;
    } cases[] = {
        {clash, true, "clashes with a standard column of generations.csv", 1},
        {twice, true, "declared twice", 2},
        {upper, true, "not 1 to 31 characters from a-z, 0-9 and '_'", 0},
        {empty, true, "not 1 to 31 characters from a-z, 0-9 and '_'", 0},
        {many, true, "one column too many (at most 4)", 4},
        {fine, false, "columns without a measure hook", 4},
        {NULL, true, "a measure hook without columns", 0},
        {fine, true, NULL, 0},
        {prefix, true, NULL, 0}, /* a standard name's extension is no clash */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct ga_problem_columns table = {cases[i].columns, cases[i].measure ? column_measure : NULL};
        struct ga_problem_evaluation evaluation = {.columns = &table};
        struct ga_problem p = {.name = "columned", .evaluation = &evaluation};
        size_t bad = 99;
        const char *why = ga_problem_columns_check(&p, &bad);
        struct ga_registry *reg = ga_registry_alloc();
        assert_non_null(reg);
        int status = ga_registry_add_problem(reg, &p);
        if (cases[i].why) {
            assert_non_null(why);
            assert_string_equal(why, cases[i].why);
            assert_int_equal(bad, cases[i].bad);
            assert_int_equal(status, GA_ECOLUMN);
            assert_null(ga_catalog_problem(ga_registry_catalog(reg), "columned"));
        } else {
            assert_null(why);
            assert_int_equal(status, GA_OK);
        }
        ga_registry_free(reg);
    }
}

int main(void)
{
    /* Problem examples name files of the source tree (puzzles, deals). */
    if (chdir(GA_SRCDIR) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_plugin_is_registered),
        cmocka_unit_test(test_problem_contracts),
        cmocka_unit_test(test_column_declarations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
