/* tests/test_animals_level.c — the level designer as a problem of two objectives and two constraints: known levels, settings, print */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "problems/animals/animals_design.h"
#include "problems/animals/animals_solve.h"

#define LEVEL50_ANSWER "panda lion monkey / tiger hippo lion / panda elephant hippo"
#define LEVEL50_CONDS 6
/* Level 50's conditions as the problem lists them (the candidates of its answer). */
static const char *const level50_conds[LEVEL50_CONDS] = {
    "notin elephant row lemon", "neighbour elephant hippo", "neighbour monkey lion",
    "neighbour tiger panda",    "height lion 2",            "notin panda col banana",
};

/* One configured instance: its experiment, table and genome shape. */
struct level_fixture {
    struct test_experiment *t;
    const struct ga_problem *p;
    struct ga_genome gen;
    ga_gene g[ANIMALS_POOL_MAX];
};

static void level_setup(struct level_fixture *x, const char *answer)
{
    char text[512];
    snprintf(text, sizeof text, "problem = { name = \"animals_level\"; answer = \"%s\"; };", answer);
    x->t = test_experiment_alloc(text);
    assert_non_null(x->t->e);
    x->p = x->t->e->problem;
    x->gen = ga_problem_genome(x->p, x->t->e->state);
    assert_true(x->gen.len <= ANIMALS_POOL_MAX);
    memset(x->g, 0, sizeof x->g);
}

/* The candidate index of a condition given as a puzzle line (asserted to be one). */
static size_t level_index(const struct level_fixture *x, const char *line)
{
    char text[256];
    snprintf(text, sizeof text, "pieces: elephant monkey tiger hippo*2 lion*2 panda*2\n%s\n", line);
    struct animals_puzzle one;
    struct ga_diag d;
    ga_diag_clear(&d);
    assert_true(animals_puzzle_parse(&one, text, "condition", &d));
    struct animals_board answer;
    struct animals_cond cands[ANIMALS_POOL_MAX];
    /* The problem's candidates are those of its answer, in the designer's order. */
    static const int level50[ANIMALS_CELLS] = {ANIMALS_PANDA, ANIMALS_LION,     ANIMALS_MONKEY,
                                               ANIMALS_TIGER, ANIMALS_HIPPO,    ANIMALS_LION,
                                               ANIMALS_PANDA, ANIMALS_ELEPHANT, ANIMALS_HIPPO};
    memcpy(answer.cell, level50, sizeof answer.cell);
    size_t n = animals_candidates(&answer, cands);
    assert_int_equal(n, x->gen.len);
    for (size_t i = 0; i < n; i++)
        if (memcmp(&cands[i], &one.conds[0], sizeof cands[i]) == 0)
            return i;
    fail_msg("'%s' is not a candidate of level 50's answer", line);
    return 0;
}

/* Sets level 50's conditions but 'except' (NULL: none). */
static void level_set50(struct level_fixture *x, const char *except)
{
    for (size_t i = 0; i < LEVEL50_CONDS; i++)
        if (!except || strcmp(level50_conds[i], except) != 0)
            x->g[level_index(x, level50_conds[i])] = 1;
}

static void level_evaluate(const struct level_fixture *x, double f[2], double v[2])
{
    size_t m, k;
    ga_problem_objectives(x->p)->count(x->t->e->state, &m, &k);
    assert_int_equal(m, 2);
    assert_int_equal(k, 2);
    ga_problem_objectives(x->p)->evaluate(&x->gen, x->g, f, v);
}

static void level_teardown(struct level_fixture *x)
{
    test_experiment_free(x->t);
}

/* Level 50 as a genome: one solution (feasible), its six conditions, and the
 * D of this solver's figures for it (N 1, x1 29, x2 5, x3 30, x4 14: 45.6166,
 * as doc/animals.md and configs/animals/level50.txt say). */
static void test_level50_is_feasible(void **unused)
{
    (void)unused;
    struct level_fixture x;
    level_setup(&x, LEVEL50_ANSWER);
    assert_int_equal(x.gen.len, 83);
    level_set50(&x, NULL);
    assert_true(x.p->valid(&x.gen, x.g));
    x.g[x.gen.len - 1] = 2;
    assert_false(x.p->valid(&x.gen, x.g));
    x.g[x.gen.len - 1] = 0;
    double f[2], v[2], d;
    level_evaluate(&x, f, v);
    assert_true(animals_difficulty(29, 5, 30, 14, 1, &d));
    assert_true(fabs(d - 45.6166) < 5e-5);
    assert_true(f[0] == -d);
    assert_true(f[1] == LEVEL50_CONDS);
    assert_true(v[0] == 0 && v[1] == 0);
    double ref[2];
    assert_true(ga_problem_objectives(x.p)->reference(x.t->e->state, ref));
    assert_true(ref[0] == 0 && ref[1] == 84);
    assert_string_equal(ga_problem_objectives(x.p)->name(x.t->e->state, 0), "neg_difficulty");
    assert_string_equal(ga_problem_objectives(x.p)->name(x.t->e->state, 1), "conditions");
    level_teardown(&x);
}

/* Too few conditions: N solutions (counted by 'gaexp solve animals' on
 * level 50 without the condition) give the violation log N / log 64, and
 * no difficulty is credited. */
static void test_too_few_conditions(void **unused)
{
    (void)unused;
    static const struct {
        const char *dropped;
        double solutions;
    } cases[] = {
        {"notin elephant row lemon", 2}, {"neighbour elephant hippo", 8}, {"height lion 2", 16},
        {"neighbour tiger panda", 14},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct level_fixture x;
        level_setup(&x, LEVEL50_ANSWER);
        level_set50(&x, cases[i].dropped);
        double f[2], v[2];
        level_evaluate(&x, f, v);
        double expect = log(cases[i].solutions) / log(64);
        if (fabs(v[0] - expect) > 1e-12)
            fail_msg("without '%s': violation %.17g, expected log %g / log 64 = %.17g", cases[i].dropped, v[0],
                     cases[i].solutions, expect);
        assert_true(f[0] == 0 && f[1] == LEVEL50_CONDS - 1 && v[1] == 0);
        level_teardown(&x);
    }
    /* No condition: 9! / (2! 2! 2!) = 45360 boards, past the count's limit of 64: violation 1. */
    struct level_fixture x;
    level_setup(&x, LEVEL50_ANSWER);
    double f[2], v[2];
    level_evaluate(&x, f, v);
    assert_true(v[0] == 1 && v[1] == 0 && f[0] == 0 && f[1] == 0);
    level_teardown(&x);
}

/* A condition in a slot already taken ("in panda col pineapple strawberry"
 * says what "notin panda col banana" says) is a repeat: the second
 * violation counts it, and the level is not solved. */
static void test_repeated_slot(void **unused)
{
    (void)unused;
    struct level_fixture x;
    level_setup(&x, LEVEL50_ANSWER);
    level_set50(&x, NULL);
    x.g[level_index(&x, "in panda col pineapple strawberry")] = 1;
    x.g[level_index(&x, "height lion 2 3")] = 1;
    double f[2], v[2];
    level_evaluate(&x, f, v);
    assert_true(v[1] == 2 && v[0] == 1 && f[0] == 0 && f[1] == LEVEL50_CONDS + 2);
    level_teardown(&x);
}

/* The print is a puzzle file: read back, it is level 50's puzzle, with one
 * solution and the same D; its comment begins with the level's figures. */
static void test_print_reads_back(void **unused)
{
    (void)unused;
    struct level_fixture x;
    level_setup(&x, LEVEL50_ANSWER);
    level_set50(&x, NULL);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    x.p->print(&x.gen, x.g, out);
    assert_int_equal(fclose(out), 0);
    assert_non_null(strstr(text, "# level: D 45.6166, 6 conditions, 1 solution (x1 29, x2 5, x3 30, x4 14)\n"));
    assert_non_null(strstr(text, "# answer:  panda lion monkey\n"));
    struct animals_puzzle p, level50;
    struct ga_diag d;
    ga_diag_clear(&d);
    assert_true(animals_puzzle_parse(&p, text, "print", &d));
    assert_true(animals_puzzle_load(&level50, GA_SRCDIR "/configs/animals/level50.txt", &d));
    assert_int_equal(p.nconds, LEVEL50_CONDS);
    assert_memory_equal(p.count, level50.count, sizeof p.count);
    for (size_t i = 0; i < LEVEL50_CONDS; i++) {
        bool found = false;
        for (size_t j = 0; j < LEVEL50_CONDS; j++)
            found |= memcmp(&p.conds[i], &level50.conds[j], sizeof p.conds[i]) == 0;
        assert_true(found);
    }
    struct animals_stats st;
    double dp, d50;
    assert_int_equal(animals_solve(&p, 0, NULL, NULL, &st), 0);
    assert_true(st.solutions == 1 && animals_stats_difficulty(&st, &dp));
    assert_int_equal(animals_solve(&level50, 0, NULL, NULL, &st), 0);
    assert_true(animals_stats_difficulty(&st, &d50) && dp == d50);
    free(text);
    level_teardown(&x);
}

/* A random level has 1 to 16 conditions, none repeating a slot. */
static void test_init(void **unused)
{
    (void)unused;
    struct level_fixture x;
    level_setup(&x, "cat turtle pig lion lion lion hippo panda monkey");
    gsl_rng *r = test_rng_alloc(7);
    size_t most = 0;
    for (int trial = 0; trial < 500; trial++) {
        x.p->init(&x.gen, r, x.g);
        assert_true(x.p->valid(&x.gen, x.g));
        double f[2], v[2];
        ga_problem_objectives(x.p)->evaluate(&x.gen, x.g, f, v);
        assert_true(f[1] >= 1 && f[1] <= 16 && v[1] == 0);
        most = f[1] > most ? (size_t)f[1] : most;
    }
    assert_int_equal(most, 16);
    gsl_rng_free(r);
    level_teardown(&x);
}

/* A bad answer: one message at the setting. */
static void test_bad_answers(void **unused)
{
    (void)unused;
    static const struct {
        const char *answer, *expect;
    } cases[] = {
        {"", "problem.answer: missing: the intended answer, nine animals top row first"},
        {"panda lion monkey tiger hippo lion panda elephant", "expected nine animals, top row first, got 8"},
        {"panda lion monkey / tiger hippo lion / panda elephant hippo cat", "got 10"},
        {"panda lion monkey / tiger hippo lion / panda elephant hipo", "unknown animal 'hipo'"},
        {"panda panda panda / panda panda panda / lion lion lion", "6 of animal 'panda', the box holds 5"},
        {"tiger lion monkey / tiger hippo lion / panda elephant hippo", "2 of animal 'tiger', the box holds 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[512];
        snprintf(text, sizeof text, "problem = { name = \"animals_level\"; answer = \"%s\"; };", cases[i].answer);
        test_expect_error(text, cases[i].expect);
    }
    test_expect_error("problem = { name = \"animals_level\"; answer = 3; };", "problem.answer");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level50_is_feasible), cmocka_unit_test(test_too_few_conditions),
        cmocka_unit_test(test_repeated_slot),       cmocka_unit_test(test_print_reads_back),
        cmocka_unit_test(test_init),                cmocka_unit_test(test_bad_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
