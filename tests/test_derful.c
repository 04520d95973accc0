/* tests/test_derful.c — 31-derful: fitness, settings, and operators that keep every grid valid. */
#include <math.h>
#include <stdlib.h>

#include "gaexp/rng.h"
#include "problems/derful/derful.h"
#include "testlib.h"

static struct test_experiment *derful_alloc(const char *problem_group)
{
    char text[512];
    snprintf(text, sizeof text, "problem = { name = \"derful\"; %s };", problem_group);
    struct test_experiment *t = test_experiment_alloc(text);
    if (!t->e) {
        char msg[512];
        fail_msg("refused: %s", test_first_diag(t, msg, sizeof msg));
    }
    return t;
}

static struct ga_genome derful_genome(struct test_experiment *t)
{
    return ga_problem_genome(t->e->problem, t->e->state);
}

/* Codes for a grid of faces: each face takes the next suit not used yet. */
static void derful_codes(const char *const *faces, int cells, ga_gene *g)
{
    static const char *const ranks[13] = {"2", "3", "4", "5", "6", "7", "8",
                                          "9", "10", "J", "Q", "K", "A"};
    int next_suit[13] = {0};
    for (int i = 0; i < cells; i++)
        for (int r = 0; r < 13; r++)
            if (strcmp(faces[i], ranks[r]) == 0)
                g[i] = (ga_gene)(4 * r + next_suit[r]++);
}

static const char *const winning5[25] = {
    "K", "8", "2", "2", "9", "9", "6", "9", "3", "4", "2", "5", "J",
    "10", "4", "3", "9", "6", "5", "8", "7", "3", "4", "A", "6",
};

static void test_cards_and_ranges(void **unused)
{
    (void)unused;
    assert_int_equal(derful_value(0), 2);
    assert_int_equal(derful_value(35), 10); /* a ten */
    assert_int_equal(derful_value(47), 10); /* a king */
    assert_int_equal(derful_value(51), 11); /* an ace */
    assert_string_equal(derful_face(44), "K");
    assert_string_equal(derful_face(32), "10");
    int low, high;
    derful_sum_range(5, 4, &low, &high); /* the spec: 5S >= 116, 5S <= 248 */
    assert_int_equal(low, 24);
    assert_int_equal(high, 49);
}

static void test_fitness(void **unused)
{
    (void)unused;
    struct test_experiment *t = derful_alloc("n = 5; target = 31;");
    struct ga_genome gen = derful_genome(t);
    ga_gene g[25];
    derful_codes(winning5, 25, g);
    assert_true(t->e->problem->valid(&gen, g));
    assert_true(t->e->problem->evaluate(&gen, g) == 0.0);
    /* A 2 becomes a 3: its row and its column reach 32: 1 + 1. */
    g[2] = 4 * 1 + 3;
    assert_true(t->e->problem->evaluate(&gen, g) == 2.0);
    test_experiment_free(t);

    /* Free target: the same grid with every card one value higher keeps one
     * common sum (36), so it wins; a target of 31 is missed by 5 per line. */
    t = derful_alloc("n = 2; suits = 4; target = \"free\";");
    gen = derful_genome(t);
    const char *const square[4] = {"9", "5", "5", "9"};
    derful_codes(square, 4, g);
    assert_true(t->e->problem->evaluate(&gen, g) == 0.0);
    const char *const off[4] = {"9", "5", "5", "8"}; /* sums 14, 13 / 14, 13 */
    derful_codes(off, 4, g);
    /* mean 13.5: four lines off by 0.5: 4 * 0.25 */
    assert_true(t->e->problem->evaluate(&gen, g) == 1.0);
    test_experiment_free(t);
}

static void test_settings(void **unused)
{
    (void)unused;
    test_expect_error("problem = { name = \"derful\"; n = 5; target = 60; };",
                      "test.cfg:1: problem.target: a 5x5 grid with 4 suits can sum to [24, 49] per line; got 60");
    test_expect_error("problem = { name = \"derful\"; n = 8; };",
                      "problem.n: expected an integer in [2, 7], got 8");
    test_expect_error("problem = { name = \"derful\"; n = 5; suits = 1; };",
                      "problem.suits: a 5x5 grid needs 25 distinct cards; 1 suit holds 13");
    test_expect_error("problem = { name = \"derful\"; target = \"fre\"; };",
                      "problem.target: expected an integer in [24, 49] or \"free\"");
    /* Defaults: the real game aims at 31, scaled-down games are free. */
    struct test_experiment *t = derful_alloc("n = 3;");
    const char *target = NULL;
    int suits = 0;
    assert_true(config_lookup_string(&t->cfg->conf, "problem.target", &target));
    assert_string_equal(target, "free");
    assert_true(config_lookup_int(&t->cfg->conf, "problem.suits", &suits) && suits == 2);
    test_experiment_free(t);
    t = derful_alloc("");
    int n = 0, sum = 0;
    assert_true(config_lookup_int(&t->cfg->conf, "problem.n", &n) && n == 5);
    assert_true(config_lookup_int(&t->cfg->conf, "problem.target", &sum) && sum == 31);
    test_experiment_free(t);
}

/* Every crossover and mutation derful may use keeps grids valid, for every
 * size and deck, over thousands of random cases. */
static void test_operators_keep_grids_valid(void **unused)
{
    (void)unused;
    static const char *const games[] = {"n = 2; suits = 1;", "n = 3; suits = 2;", "n = 4; suits = 3;",
                                        "n = 5;", "n = 6; suits = 3;", "n = 7;"};
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 2024);
    for (size_t gi = 0; gi < sizeof games / sizeof *games; gi++) {
        struct test_experiment *t = derful_alloc(games[gi]);
        const struct ga_problem *p = t->e->problem;
        struct ga_genome gen = derful_genome(t);
        const struct ga_crossover *cx[16];
        const struct ga_mutation *mu[16];
        size_t ncx = ga_catalog_crossovers(&test_catalog, p, cx, 16);
        size_t nmu = ga_catalog_mutations(&test_catalog, p, mu, 16);
        assert_true(ncx >= 3 && nmu >= 5);
        ga_gene a[49], b[49], ca[49], cb[49];
        for (int trial = 0; trial < 2000; trial++) {
            p->init(&gen, r, a);
            p->init(&gen, r, b);
            assert_true(p->valid(&gen, a) && p->valid(&gen, b));
            for (size_t i = 0; i < ncx; i++) {
                cx[i]->apply(&gen, r, a, b, ca, cb);
                if (!p->valid(&gen, ca) || !p->valid(&gen, cb))
                    fail_msg("crossover %s broke a grid (%s)", cx[i]->name, games[gi]);
            }
            for (size_t i = 0; i < nmu; i++) {
                memcpy(ca, a, gen.len * sizeof *a);
                mu[i]->at(&gen, r, ca, ga_rng_below(r, gen.len));
                if (!p->valid(&gen, ca))
                    fail_msg("mutation %s broke a grid (%s)", mu[i]->name, games[gi]);
            }
        }
        test_experiment_free(t);
    }
    gsl_rng_free(r);
}

/* Parents whose row 1 exchange needs the repair, and the repaired row 1 of child a. */
struct repair_case {
    ga_gene a[25], b[25], expect[5];
};

static const struct repair_case repair_cases[] = {
    /* b's row 1 brings 2♣ (code 0) and 3♣ (code 4), both in a's row 0: no
     * two is free, so 2♣ becomes the nearest free value, a three (code 5);
     * 3♣ becomes the free three of the lowest code (6). */
    {{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24},
     {35, 36, 37, 38, 39, 0, 4, 30, 31, 32, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 33, 34, 29},
     {5, 6, 30, 31, 32}},
    /* A duplicated 5 with every 5 in use and both 4s and 6s free: the lower
     * value wins the tie (code 8, a four). */
    {{12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50},
     {16, 17, 18, 19, 20, 12, 30, 31, 32, 33, 21, 22, 23, 34, 35, 6, 7, 28, 29, 51, 1, 2, 3, 4, 5},
     {8, 30, 31, 32, 33}},
};

/* The benchmark's exact repair: a duplicated incoming card becomes the
 * unused card of the nearest value, lower value first, lowest code first. */
static void test_rowswap_repair_rule(void **unused)
{
    (void)unused;
    struct test_experiment *t = derful_alloc("n = 5;");
    struct ga_genome gen = derful_genome(t);
    const struct ga_crossover *rowswap = ga_catalog_crossover(&test_catalog, t->e->problem, "rowswap");
    assert_non_null(rowswap);
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    for (size_t k = 0; k < sizeof repair_cases / sizeof *repair_cases; k++) {
        const struct repair_case *c = &repair_cases[k];
        assert_true(t->e->problem->valid(&gen, c->a) && t->e->problem->valid(&gen, c->b));
        ga_gene ca[25], cb[25];
        int seen_row1 = 0;
        for (unsigned long seed = 0; seed < 200; seed++) {
            gsl_rng_set(r, seed);
            rowswap->apply(&gen, r, c->a, c->b, ca, cb);
            if (ca[7] != c->b[7])
                continue; /* another row was swapped */
            seen_row1++;
            assert_memory_equal(ca + 5, c->expect, sizeof c->expect);
            assert_memory_equal(ca, c->a, 5 * sizeof *ca); /* other rows never change */
            assert_memory_equal(ca + 10, c->a + 10, 15 * sizeof *ca);
        }
        assert_true(seen_row1 > 10);
    }
    gsl_rng_free(r);
    test_experiment_free(t);
}

/* The line swap and repair as the benchmark's rule says it, one step at a
 * time: child = recipient with 'line' (rows 0..n-1, columns n..2n-1) from
 * the donor; then, cell by cell along the line, an incoming card that the
 * rest of the grid holds becomes the unused allowed card of the nearest
 * value (lower value first on a tie, then the lowest code). */
static void plain_swap_repair(int n, int suits, int line, const ga_gene *recipient, const ga_gene *donor,
                              ga_gene *child)
{
    int cells[7];
    for (int k = 0; k < n; k++)
        cells[k] = line < n ? line * n + k : k * n + line - n;
    memcpy(child, recipient, (size_t)(n * n) * sizeof *child);
    bool in_line[49] = {false};
    for (int k = 0; k < n; k++) {
        child[cells[k]] = donor[cells[k]];
        in_line[cells[k]] = true;
    }
    bool used[52] = {false}, outside[52] = {false};
    for (int i = 0; i < n * n; i++) {
        used[child[i]] = true;
        outside[child[i]] |= !in_line[i];
    }
    for (int k = 0; k < n; k++) {
        int c = child[cells[k]], v = derful_value(c), fresh = -1;
        if (!outside[c])
            continue;
        for (int step = 0; step <= 9 && fresh < 0; step++)
            for (int side = 0; side < 2 && fresh < 0; side++) {
                int w = side ? v + step : v - step;
                for (int code = 0; code < 52 && fresh < 0; code++)
                    if (code % 4 < suits && !used[code] && derful_value(code) == w)
                        fresh = code;
            }
        assert_true(fresh >= 0);
        child[cells[k]] = (ga_gene)fresh;
        used[fresh] = true;
    }
}

/* A grid of the game's cards drawn from the lowest (or highest) 'spread'
 * allowed codes: parents crowded on extreme values, whose repairs must look
 * several values away. */
static void crowded_grid(gsl_rng *r, int cells, int suits, int spread, bool high, ga_gene *g)
{
    int deck[52], size = 0;
    for (int c = 0; c < 52; c++)
        if (c % 4 < suits)
            deck[size++] = c;
    int from = high ? size - spread : 0;
    for (int i = 0; i < cells; i++) {
        int j = i + (int)ga_rng_below(r, (unsigned long)(spread - i));
        int t = deck[from + i];
        deck[from + i] = deck[from + j];
        deck[from + j] = t;
        g[i] = (ga_gene)deck[from + i];
    }
}

/* rowswap and lineswap give exactly the children of the plain rule, for
 * every game size, on random parents, on parents that share most cards and
 * on parents crowded on the extreme values.  The line is the crossover's
 * one draw, read from a copy of the generator. */
static void test_swap_matches_plain_rule(void **unused)
{
    (void)unused;
    static const char *const games[] = {"n = 2; suits = 1;", "n = 3; suits = 2;", "n = 4; suits = 3;",
                                        "n = 4;", "n = 5;", "n = 5; suits = 2;", "n = 5; target = \"free\";",
                                        "n = 6; suits = 3;", "n = 7;"};
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss), *copy = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 17);
    int repaired = 0, far = 0;
    for (size_t gi = 0; gi < sizeof games / sizeof *games; gi++) {
        struct test_experiment *t = derful_alloc(games[gi]);
        const struct ga_problem *p = t->e->problem;
        struct ga_genome gen = derful_genome(t);
        int n = 0, suits = 0;
        assert_true(config_lookup_int(&t->cfg->conf, "problem.n", &n));
        assert_true(config_lookup_int(&t->cfg->conf, "problem.suits", &suits));
        const struct ga_crossover *cx[2] = {ga_catalog_crossover(&test_catalog, p, "rowswap"),
                                            ga_catalog_crossover(&test_catalog, p, "lineswap")};
        const struct ga_mutation *replace = ga_catalog_mutation(&test_catalog, p, "replace");
        ga_gene a[49], b[49], ca[49], cb[49], want_a[49], want_b[49];
        for (int trial = 0; trial < 3000; trial++) {
            int cells = n * n, deck = 13 * suits, kind = trial % 4;
            if (kind == 0 || kind == 1) {
                p->init(&gen, r, a);
                p->init(&gen, r, b);
                if (kind == 1) { /* b holds a's cards but one, a few moved */
                    memcpy(b, a, (size_t)cells * sizeof *a);
                    for (int m = 0; m < 3; m++) {
                        size_t i = ga_rng_below(r, (unsigned long)cells), j = ga_rng_below(r, (unsigned long)cells);
                        ga_gene tmp = b[i];
                        b[i] = b[j];
                        b[j] = tmp;
                    }
                    replace->at(&gen, r, b, ga_rng_below(r, (unsigned long)cells));
                }
            } else {
                int spread = cells + (deck - cells) / 4;
                crowded_grid(r, cells, suits, spread, false, a);
                crowded_grid(r, cells, suits, spread, kind == 3, b);
            }
            for (int c = 0; c < 2; c++) {
                gsl_rng_memcpy(copy, r);
                int line = (int)ga_rng_below(copy, (unsigned long)(c ? 2 * n : n));
                cx[c]->apply(&gen, r, a, b, ca, cb);
                plain_swap_repair(n, suits, line, a, b, want_a);
                plain_swap_repair(n, suits, line, b, a, want_b);
                assert_memory_equal(ca, want_a, (size_t)cells * sizeof *ca);
                assert_memory_equal(cb, want_b, (size_t)cells * sizeof *cb);
                assert_true(p->valid(&gen, ca) && p->valid(&gen, cb));
                for (int i = 0; i < cells; i++) {
                    repaired += ca[i] != (line < n ? (i / n == line ? b : a) : (i % n == line - n ? b : a))[i];
                    far += abs(derful_value(ca[i]) - derful_value((i / n == line || i % n == line - n ? b : a)[i])) > 1;
                }
            }
        }
        test_experiment_free(t);
    }
    assert_true(repaired > 10000 && far > 100); /* the cases reach the repair, and its far search */
    gsl_rng_free(copy);
    gsl_rng_free(r);
}

/* The fitness equals the sum of squared line deviations added up cell by
 * cell, for every size, with a fixed and a free target; the 5x5 game with
 * a fixed target (its own SSE2 code) for three targets and two decks. */
static void test_fitness_matches_plain_sums(void **unused)
{
    (void)unused;
    static const char *const games[] = {"n = 2; suits = 1;", "n = 3; suits = 2;", "n = 4; target = 26;",
                                        "n = 5;", "n = 5; target = 45;", "n = 5; suits = 2; target = 36;",
                                        "n = 5; target = \"free\";", "n = 6; suits = 3; target = \"free\";",
                                        "n = 7; target = 51;"};
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 3);
    for (size_t gi = 0; gi < sizeof games / sizeof *games; gi++) {
        struct test_experiment *t = derful_alloc(games[gi]);
        const struct ga_problem *p = t->e->problem;
        struct ga_genome gen = derful_genome(t);
        int n = 0, target = 0;
        const char *free_target = NULL;
        assert_true(config_lookup_int(&t->cfg->conf, "problem.n", &n));
        bool free = config_lookup_string(&t->cfg->conf, "problem.target", &free_target) == CONFIG_TRUE;
        assert_true(free || config_lookup_int(&t->cfg->conf, "problem.target", &target));
        ga_gene g[49];
        for (int trial = 0; trial < 2000; trial++) {
            p->init(&gen, r, g);
            long long rows[7] = {0}, cols[7] = {0}, total = 0, sq = 0;
            for (int i = 0; i < n * n; i++) {
                rows[i / n] += derful_value(g[i]);
                cols[i % n] += derful_value(g[i]);
                total += derful_value(g[i]);
            }
            for (int i = 0; i < n; i++)
                sq += free ? (n * rows[i] - total) * (n * rows[i] - total) + (n * cols[i] - total) * (n * cols[i] - total)
                           : (rows[i] - target) * (rows[i] - target) + (cols[i] - target) * (cols[i] - target);
            double want = free ? (double)sq / (double)(n * n) : (double)sq;
            assert_true(p->evaluate(&gen, g) == want);
        }
        test_experiment_free(t);
    }
    gsl_rng_free(r);
}

static void test_common_cards_crossover(void **unused)
{
    (void)unused;
    struct test_experiment *t = derful_alloc("n = 4;");
    struct ga_genome gen = derful_genome(t);
    const struct ga_crossover *common = ga_catalog_crossover(&test_catalog, t->e->problem, "common");
    assert_non_null(common);
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 5);
    ga_gene a[16], b[16], ca[16], cb[16];
    for (int trial = 0; trial < 1000; trial++) {
        t->e->problem->init(&gen, r, a);
        t->e->problem->init(&gen, r, b);
        common->apply(&gen, r, a, b, ca, cb);
        /* Each child rearranges its own parent: the same cards ... */
        uint64_t set_a = 0, set_ca = 0;
        int agree_before = 0, agree_after = 0;
        for (int i = 0; i < 16; i++) {
            set_a |= 1ULL << a[i];
            set_ca |= 1ULL << ca[i];
            agree_before += a[i] == b[i];
            agree_after += ca[i] == b[i];
        }
        assert_true(set_a == set_ca);
        /* ... with chosen common cards placed where the other parent has them. */
        assert_true(agree_after >= agree_before);
    }
    gsl_rng_free(r);
    test_experiment_free(t);
}

static void test_checkcontain(void **unused)
{
    (void)unused;
    struct test_experiment *t = derful_alloc("n = 5;");
    struct ga_genome gen = derful_genome(t);
    const struct ga_mutation *m = ga_catalog_mutation(&test_catalog, t->e->problem, "checkcontain");
    assert_non_null(m);
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 8);
    ga_gene g[25], before[25];
    int accepted = 0, trials = 20000;
    for (int i = 0; i < trials; i++) {
        t->e->problem->init(&gen, r, g);
        memcpy(before, g, sizeof g);
        bool changed = m->at(&gen, r, g, 7);
        accepted += changed;
        /* Refused: the grid is untouched.  Accepted: only cell 7 changed. */
        assert_memory_equal(g, before, 7 * sizeof *g);
        assert_memory_equal(g + 8, before + 8, 17 * sizeof *g);
        assert_true(changed == (g[7] != before[7]));
    }
    /* 27 of the 52 cards are not in a 5x5 grid. */
    assert_true(fabs((double)accepted / trials - 27.0 / 52.0) < 0.02);
    gsl_rng_free(r);
    test_experiment_free(t);
}

static void test_print_shows_faces(void **unused)
{
    (void)unused;
    struct test_experiment *t = derful_alloc("n = 5;");
    struct ga_genome gen = derful_genome(t);
    ga_gene g[25];
    derful_codes(winning5, 25, g);
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    t->e->problem->print(&gen, g, mem);
    fclose(mem);
    assert_non_null(strstr(text, "  K  8  2  2  9  | 31\n"));
    assert_non_null(strstr(text, "  7  3  4  A  6  | 31\n"));
    assert_non_null(strstr(text, " 31 31 31 31 31\n"));
    free(text);
    test_experiment_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cards_and_ranges),
        cmocka_unit_test(test_fitness),
        cmocka_unit_test(test_settings),
        cmocka_unit_test(test_operators_keep_grids_valid),
        cmocka_unit_test(test_rowswap_repair_rule),
        cmocka_unit_test(test_swap_matches_plain_rule),
        cmocka_unit_test(test_fitness_matches_plain_sums),
        cmocka_unit_test(test_common_cards_crossover),
        cmocka_unit_test(test_checkcontain),
        cmocka_unit_test(test_print_shows_faces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
