/* tests/test_animals.c — the animal puzzle: files, solver against an independent brute force, difficulty, designer */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/rng.h"
#include "testlib.h"
#include "problems/animals/animals_design.h"
#include "problems/animals/animals_solve.h"

#define TEST_CELLS 9
#define TEST_PERMUTATIONS 362880u         /* 9! */

static const char level50_text[] =
    "name: Level 50\n"
    "pieces: elephant monkey tiger hippo*2 lion*2 panda*2\n"
    "notin elephant row lemon\n"
    "neighbour elephant hippo\n"
    "neighbour monkey lion\n"
    "neighbour tiger panda\n"
    "height lion 2\n"
    "notin panda col banana\n";

/* The published answer, top row first. */
static const int level50_answer[TEST_CELLS] = {
    ANIMALS_PANDA, ANIMALS_LION,     ANIMALS_MONKEY,
    ANIMALS_TIGER, ANIMALS_HIPPO,    ANIMALS_LION,
    ANIMALS_PANDA, ANIMALS_ELEPHANT, ANIMALS_HIPPO,
};

/* ---- the independent brute force ------------------------------------------------------
 * Written from the spec alone: heights from its figure, adjacency from
 * coordinates, each condition checked pairwise over pieces; it shares only
 * the condition structs with the library.
 */
static const int test_height[TEST_CELLS] = {1, 2, 3, 1, 2, 2, 1, 1, 1};

static bool test_beside(int i, int j)
{
    int dr = i / 3 - j / 3, dc = i % 3 - j % 3;
    return dr * dr + dc * dc == 1;
}

static bool test_in_set(const struct animals_cond *c, int cell)
{
    int bit = c->kind == ANIMALS_COND_HEIGHT ? test_height[cell] - 1
            : c->axis == ANIMALS_ROW         ? cell / 3
                                             : cell % 3;
    return (c->set >> bit) & 1u;
}

static bool test_has_neighbour(const int *board, int cell, int type)
{
    for (int j = 0; j < TEST_CELLS; j++)
        if (board[j] == type && test_beside(cell, j))
            return true;
    return false;
}

static bool test_holds(const struct animals_cond *c, const int *board)
{
    for (int i = 0; i < TEST_CELLS; i++) {
        bool is_a = board[i] == c->a, is_b = board[i] == c->b;
        switch (c->kind) {
        case ANIMALS_COND_HEIGHT:
        case ANIMALS_COND_IN:
            if (is_a && !test_in_set(c, i))
                return false;
            break;
        case ANIMALS_COND_NOTIN:
            if (is_a && test_in_set(c, i))
                return false;
            break;
        case ANIMALS_COND_NEIGHBOUR:
            if ((is_a && !test_has_neighbour(board, i, c->b)) || (is_b && !test_has_neighbour(board, i, c->a)))
                return false;
            break;
        default:                          /* the height relations, over every pair of pieces */
            for (int j = 0; j < TEST_CELLS; j++) {
                bool jb = board[j] == c->b, ja = board[j] == c->a;
                if (c->kind == ANIMALS_COND_HIGHER && is_a && jb && !(test_height[i] > test_height[j]))
                    return false;
                if (c->kind == ANIMALS_COND_LOWER && is_a && jb && !(test_height[i] < test_height[j]))
                    return false;
                if (c->kind == ANIMALS_COND_SAME && (is_a || is_b) && (ja || jb) &&
                    test_height[i] != test_height[j])
                    return false;
            }
        }
    }
    return true;
}

static uint32_t test_key(const int *board)
{
    uint32_t key = 0;
    for (int i = 0; i < TEST_CELLS; i++)
        key = key * 9 + (uint32_t)board[i];
    return key;
}

static void test_unkey(uint32_t key, int *board)
{
    for (int i = TEST_CELLS - 1; i >= 0; i--, key /= 9)
        board[i] = (int)(key % 9);
}

static int test_cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static size_t test_sort_unique(uint32_t *keys, size_t n)
{
    if (n == 0)
        return 0;
    qsort(keys, n, sizeof *keys, test_cmp_u32);
    size_t m = 1;
    for (size_t i = 1; i < n; i++)
        if (keys[i] != keys[m - 1])
            keys[m++] = keys[i];
    return m;
}

/* Every ordering of the nine pieces (9! of them, by swaps), keyed. */
static void test_permute(int *pieces, int k, uint32_t *keys, size_t *n)
{
    if (k == TEST_CELLS) {
        keys[(*n)++] = test_key(pieces);
        return;
    }
    for (int i = k; i < TEST_CELLS; i++) {
        int t = pieces[k]; pieces[k] = pieces[i]; pieces[i] = t;
        test_permute(pieces, k + 1, keys, n);
        t = pieces[k]; pieces[k] = pieces[i]; pieces[i] = t;
    }
}

/* The distinct boards of a multiset (counts per type), sorted. */
struct test_boards {
    int count[ANIMALS_TYPES];
    size_t n;
    uint32_t *keys;
};

static void test_boards_make(struct test_boards *b, const int *count)
{
    int pieces[TEST_CELLS], k = 0;
    for (int t = 0; t < ANIMALS_TYPES; t++)
        for (int i = 0; i < count[t]; i++)
            pieces[k++] = t;
    assert_int_equal(k, TEST_CELLS);
    memcpy(b->count, count, sizeof b->count);
    b->keys = malloc(TEST_PERMUTATIONS * sizeof *b->keys);
    assert_non_null(b->keys);
    b->n = 0;
    test_permute(pieces, 0, b->keys, &b->n);
    assert_int_equal(b->n, TEST_PERMUTATIONS);
    b->n = test_sort_unique(b->keys, b->n);
}

/* The boards of b satisfying every condition of p, into *out (sorted); their number. */
static size_t test_brute_solutions(const struct test_boards *b, const struct animals_puzzle *p, uint32_t **out)
{
    uint32_t *found = malloc((b->n ? b->n : 1) * sizeof *found);
    size_t n = 0;
    assert_non_null(found);
    for (size_t i = 0; i < b->n; i++) {
        int board[TEST_CELLS];
        test_unkey(b->keys[i], board);
        bool ok = true;
        for (size_t c = 0; c < p->nconds && ok; c++)
            ok = test_holds(&p->conds[c], board);
        if (ok)
            found[n++] = b->keys[i];
    }
    *out = found;
    return n;
}

/* ---- the solver's answers -------------------------------------------------------------- */

struct test_found {
    size_t n, cap;
    uint32_t *keys;
};

static void test_collect(void *ctx, const struct animals_board *b)
{
    struct test_found *f = ctx;
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 64;
        f->keys = realloc(f->keys, f->cap * sizeof *f->keys);
        assert_non_null(f->keys);
    }
    f->keys[f->n++] = test_key(b->cell);
}

/*
 * Solves p and checks it against the brute force over b: the same boards,
 * each once, and a violation count that agrees with the independent checker
 * on every 'stride'-th board.  Returns N.
 */
static size_t test_against_brute(const struct test_boards *b, const struct animals_puzzle *p, size_t stride)
{
    struct test_found f = {0};
    struct animals_stats st;
    assert_int_equal(animals_solve(p, 0, test_collect, &f, &st), 0);
    assert_true(st.complete);
    assert_int_equal(st.solutions, f.n);
    assert_int_equal(st.space, animals_space(p));
    assert_true(st.steps <= st.nodes + 1);
    assert_true(st.dead_ends <= st.nodes + 1);
    size_t distinct = test_sort_unique(f.keys, f.n);
    assert_int_equal(distinct, f.n);

    uint32_t *brute;
    size_t n = test_brute_solutions(b, p, &brute);
    if (f.n != n) {                       /* show the puzzle they disagree on */
        animals_puzzle_write(p, NULL, stderr);
        fprintf(stderr, "solver %zu brute %zu\n", f.n, n);
    }
    assert_int_equal(f.n, n);
    if (n)
        assert_memory_equal(f.keys, brute, n * sizeof *brute);
    for (size_t i = 0; i < b->n; i += stride) {
        struct animals_board board;
        unsigned violated = 0;
        test_unkey(b->keys[i], board.cell);
        for (size_t c = 0; c < p->nconds; c++)
            violated += !test_holds(&p->conds[c], board.cell);
        assert_int_equal(animals_violations(p, &board), violated);
    }
    free(brute);
    free(f.keys);
    return n;
}

static void test_boards_free(struct test_boards *b)
{
    free(b->keys);
}

static struct animals_puzzle test_parse(const char *text)
{
    struct animals_puzzle p;
    struct ga_diag d;
    ga_diag_clear(&d);
    if (!animals_puzzle_parse(&p, text, "test.txt", &d)) {
        char msg[1024];
        ga_diag_format(&d.entries[0], msg, sizeof msg);
        fail_msg("refused: %s", msg);
    }
    return p;
}

static size_t test_check_text(const char *text)
{
    struct animals_puzzle p = test_parse(text);
    struct test_boards b;
    test_boards_make(&b, p.count);
    size_t n = test_against_brute(&b, &p, 1);
    test_boards_free(&b);
    return n;
}

static void test_puzzles_equal(const struct animals_puzzle *x, const struct animals_puzzle *y)
{
    assert_string_equal(x->name, y->name);
    assert_memory_equal(x->count, y->count, sizeof x->count);
    assert_int_equal(x->nconds, y->nconds);
    for (size_t i = 0; i < x->nconds; i++) {
        const struct animals_cond *a = &x->conds[i], *b = &y->conds[i];
        assert_int_equal(a->kind, b->kind);
        assert_int_equal(a->a, b->a);
        if (animals_cond_is_relative(a))
            assert_int_equal(a->b, b->b);
        else
            assert_int_equal(a->set, b->set);
        if (a->kind == ANIMALS_COND_IN || a->kind == ANIMALS_COND_NOTIN)
            assert_int_equal(a->axis, b->axis);
    }
}

/* Writes p, reads the text back and compares; returns the text (free it). */
static char *test_round_trip(const struct animals_puzzle *p)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    assert_non_null(f);
    assert_int_equal(animals_puzzle_write(p, "a comment\n\nover lines", f), 0);
    assert_int_equal(fclose(f), 0);
    struct animals_puzzle back = test_parse(text);
    test_puzzles_equal(p, &back);
    return text;
}

/* ---- board and names ------------------------------------------------------------------- */

static void test_geometry(void **state)
{
    (void)state;
    int pairs = 0;
    for (int c = 0; c < TEST_CELLS; c++) {
        assert_int_equal(animals_height(c), test_height[c]);
        assert_int_equal(animals_line(ANIMALS_ROW, c), c / 3);
        assert_int_equal(animals_line(ANIMALS_COL, c), c % 3);
        for (int d = 0; d < TEST_CELLS; d++) {
            assert_int_equal(animals_adjacent(c, d), test_beside(c, d));
            pairs += animals_adjacent(c, d);
        }
    }
    assert_int_equal(pairs, 2 * 12);
    assert_string_equal(animals_fruit_name(ANIMALS_ROW, 0), "apple");
    assert_string_equal(animals_fruit_name(ANIMALS_ROW, 2), "orange");
    assert_string_equal(animals_fruit_name(ANIMALS_COL, 0), "pineapple");
    assert_string_equal(animals_fruit_name(ANIMALS_COL, 2), "strawberry");
}

static void test_names_and_stock(void **state)
{
    (void)state;
    int total = 0;
    for (int t = 0; t < ANIMALS_TYPES; t++) {
        total += animals_stock(t);
        assert_int_equal(animals_type_find(animals_type_name(t)), t);
    }
    assert_int_equal(total, ANIMALS_STOCK_PIECES);
    assert_int_equal(animals_stock(ANIMALS_PANDA), 5);
    assert_int_equal(animals_stock(ANIMALS_LION), 3);
    assert_int_equal(animals_stock(ANIMALS_HIPPO), 2);
    assert_int_equal(animals_type_find("Pandas"), ANIMALS_PANDA);
    assert_int_equal(animals_type_find("HIPPOS"), ANIMALS_HIPPO);
    assert_int_equal(animals_type_find("pandass"), -1);
    assert_int_equal(animals_type_find("pand"), -1);
    assert_int_equal(animals_type_find(""), -1);
}

static void test_board_write(void **state)
{
    (void)state;
    struct animals_board b;
    memcpy(b.cell, level50_answer, sizeof b.cell);
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    assert_non_null(f);
    animals_board_write(&b, "", f);
    fclose(f);
    assert_string_equal(text, "panda  lion     monkey\n"
                              "tiger  hippo    lion\n"
                              "panda  elephant hippo\n");
    free(text);
}

/* ---- level 50 and the difficulty model ------------------------------------------------- */

static void test_level50(void **state)
{
    (void)state;
    struct animals_puzzle p;
    struct ga_diag d;
    ga_diag_clear(&d);
    assert_true(animals_puzzle_load(&p, GA_SRCDIR "/configs/animals/level50.txt", &d));
    struct animals_puzzle inline_copy = test_parse(level50_text);
    test_puzzles_equal(&p, &inline_copy);
    assert_string_equal(p.name, "Level 50");

    struct test_found f = {0};
    struct animals_stats st;
    assert_int_equal(animals_solve(&p, 0, test_collect, &f, &st), 0);
    assert_true(st.complete);
    assert_int_equal(st.solutions, 1);
    assert_int_equal(f.n, 1);
    assert_int_equal(f.keys[0], test_key(level50_answer));
    free(f.keys);

    struct animals_board answer;
    memcpy(answer.cell, level50_answer, sizeof answer.cell);
    assert_true(animals_board_fits(&p, &answer));
    assert_int_equal(animals_violations(&p, &answer), 0);
    /*
     * The lion on the lemon row swapped with the elephant: the elephant now
     * stands in the lemon row, the moved lion has no monkey beside it and
     * stands on height 1, so three conditions fail.
     */
    answer.cell[5] = ANIMALS_ELEPHANT;
    answer.cell[7] = ANIMALS_LION;
    assert_true(animals_board_fits(&p, &answer));
    assert_int_equal(animals_violations(&p, &answer), 3);
    answer.cell[7] = ANIMALS_PANDA;
    assert_false(animals_board_fits(&p, &answer));

    /* Published: x2 = 5.  The rest are this solver's own figures (see animals_solve.h). */
    assert_int_equal(st.space, 5);
    assert_int_equal(st.nodes, 30);
    assert_int_equal(st.dead_ends, 14);
    assert_int_equal(st.steps, 29);
    double dd, expect;
    assert_true(animals_stats_difficulty(&st, &dd));
    assert_true(animals_difficulty(29, 5, 30, 14, 1, &expect));
    assert_true(dd == expect);
    assert_true(fabs(dd - 45.6166) < 0.5e-4);
}

/* Published table: x1, x2, x3, x4, N and D. */
static void test_difficulty_table(void **state)
{
    (void)state;
    static const struct { double x1, x2, x3, x4, n, d; } table[] = {
        {0, 2, 3, 0, 1, 1.9888},   {0, 3, 3, 0, 1, 3.2261},   {2, 2, 3, 0, 1, 6.0189},
        {0, 6, 4, 0, 1, 6.8979},   {2, 4, 4, 0, 1, 8.3730},   {3, 3, 14, 4, 1, 17.0333},
        {10, 3, 15, 4, 1, 24.4624}, {34, 5, 99, 30, 1, 68.0941},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        double d = 0;
        assert_true(animals_difficulty(table[i].x1, table[i].x2, table[i].x3, table[i].x4, table[i].n, &d));
        if (fabs(d - table[i].d) >= 0.5e-4)
            fail_msg("row %zu: D = %.6f, published %.4f", i, d, table[i].d);
    }
    double d = 42;
    assert_false(animals_difficulty(1, 2, 3, 4, 0, &d));
    assert_false(animals_difficulty(-1, 2, 3, 4, 1, &d));
    assert_false(animals_difficulty(1, 2, 3, 4, NAN, &d));
    assert_true(d == 42);
    struct animals_stats none = {.nodes = 5, .complete = true};
    assert_false(animals_stats_difficulty(&none, &d));
    struct animals_stats early = {.solutions = 1, .nodes = 9, .complete = false};
    assert_false(animals_stats_difficulty(&early, &d));
}

static void test_space(void **state)
{
    (void)state;
    struct animals_puzzle p = test_parse("pieces: panda*5 lion*3 hippo\n"
                                         "height panda 1 2\n"                 /* 1 */
                                         "in lion row apple\n"                /* 2 */
                                         "notin hippo col banana pineapple\n" /* 3 */
                                         "in panda row apple lemon orange\n"  /* 3 */
                                         "neighbour lion hippo\n"             /* 0 */
                                         "same lion panda\n");                /* 0 */
    assert_int_equal(animals_space(&p), 1 + 2 + 3 + 3);
}

/* ---- solver against brute force -------------------------------------------------------- */

/* With no conditions every distinct arrangement is a solution: 9! / prod k_i!. */
static void test_no_conditions(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "pieces: panda*5 lion*3 hippo",
        "pieces: elephant monkey tiger pig cat turtle hippo*2 lion",
        "pieces: elephant monkey tiger pig cat turtle hippo lion panda",
        "pieces: hippo*2 lion*3 panda*4",
    };
    static const size_t expect[] = {362880 / (120 * 6), 362880 / 2, 362880, 362880 / (2 * 6 * 24)};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct animals_puzzle p = test_parse(texts[i]);
        struct test_boards b;
        test_boards_make(&b, p.count);
        assert_int_equal(b.n, expect[i]);
        assert_int_equal(test_against_brute(&b, &p, 97), expect[i]);
        test_boards_free(&b);
    }
}

/* Hand-made puzzles with none, one, several and many solutions. */
static void test_small_puzzles(void **state)
{
    (void)state;
    /* No solution: the hippo on the only height-3 cell leaves the lions nothing above it. */
    assert_int_equal(test_check_text("pieces: panda*5 lion*3 hippo\nheight hippo 3\nhigher lion hippo\n"), 0);
    /* No solution: five pandas cannot share the single height-3 cell. */
    assert_int_equal(test_check_text("pieces: panda*5 lion*3 hippo\nsame panda hippo\n"
                                     "height panda 3\n"), 0);
    /* One: the easiest puzzle of the designer's range. */
    assert_int_equal(test_check_text("pieces: panda*5 lion*3 hippo\nin lion col pineapple\n"
                                     "height hippo 3\n"), 1);
    assert_int_equal(test_check_text(level50_text), 1);
    /* Several: level 50 without the panda condition. */
    assert_true(test_check_text("pieces: elephant monkey tiger hippo*2 lion*2 panda*2\n"
                                "notin elephant row lemon\nneighbour elephant hippo\n"
                                "neighbour monkey lion\nneighbour tiger panda\nheight lion 2\n") > 1);
    /* Many: relative conditions only. */
    assert_true(test_check_text("pieces: elephant monkey tiger pig cat turtle hippo*2 lion\n"
                                "lower elephant lion\nsame monkey tiger\nneighbour pig cat\n") > 1000);
    assert_int_equal(test_check_text("pieces: panda*5 lion*3 hippo\nneighbour lion hippo\n"), 8);
    assert_int_equal(test_check_text("pieces: panda*4 lion*3 hippo*2\nneighbour lion hippo\n"
                                     "higher hippo panda\n"), 12);
    /* No solution, found only by trying: the hippo has no height with room for three lions beside it above every panda. */
    assert_int_equal(test_check_text("pieces: panda*5 lion*3 hippo\nneighbour lion hippo\n"
                                     "higher hippo panda\n"), 0);
    assert_int_equal(test_check_text("pieces: panda*5 lion*3 hippo\nneighbour lion hippo\n"
                                     "notin panda row apple\n"), 1);
}

/* Every shipped level has one solution, agrees with the brute force and survives the writer. */
static void test_shipped_puzzles(void **state)
{
    (void)state;
    const char *dir = GA_SRCDIR "/configs/animals";
    DIR *folder = opendir(dir);
    assert_non_null(folder);
    int files = 0;
    for (struct dirent *e; (e = readdir(folder));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct animals_puzzle p;
        struct ga_diag d;
        ga_diag_clear(&d);
        if (!animals_puzzle_load(&p, path, &d))
            fail_msg("%s refused", path);
        struct test_boards b;
        test_boards_make(&b, p.count);
        if (test_against_brute(&b, &p, 13) != 1)
            fail_msg("%s: not exactly one solution", path);
        test_boards_free(&b);
        free(test_round_trip(&p));
        files++;
    }
    closedir(folder);
    assert_true(files >= 4);
}

/* A random puzzle over the given pieces: 1..7 conditions of any kind, any sets. */
static void test_random_puzzle(gsl_rng *r, const int *count, struct animals_puzzle *p)
{
    int present[ANIMALS_TYPES], np = 0;
    memset(p, 0, sizeof *p);
    memcpy(p->count, count, sizeof p->count);
    for (int t = 0; t < ANIMALS_TYPES; t++)
        if (count[t])
            present[np++] = t;
    p->nconds = 1 + ga_rng_below(r, 7);
    for (size_t i = 0; i < p->nconds; i++) {
        struct animals_cond *c = &p->conds[i];
        c->kind = (enum animals_cond_kind)ga_rng_below(r, ANIMALS_COND_SAME + 1);
        c->a = present[ga_rng_below(r, (unsigned long)np)];
        c->set = 1 + (unsigned)ga_rng_below(r, 7);
        c->axis = (enum animals_axis)ga_rng_below(r, 2);
        do
            c->b = present[ga_rng_below(r, (unsigned long)np)];
        while (c->b == c->a);
    }
    assert_true(animals_puzzle_valid(p));
}

/*
 * Random piece multisets, random puzzles on each: the solver equals the
 * brute force on all.  Few random conditions seldom make a unique puzzle;
 * the next test covers those.
 */
static void test_random_puzzles(void **state)
{
    (void)state;
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    assert_non_null(r);
    gsl_rng_set(r, 20240501);
    int seen_none = 0, seen_several = 0, seen_many = 0;
    for (int m = 0; m < 16; m++) {
        int box[ANIMALS_STOCK_PIECES], n = 0, count[ANIMALS_TYPES] = {0};
        for (int t = 0; t < ANIMALS_TYPES; t++)
            for (int i = 0; i < animals_stock(t); i++)
                box[n++] = t;
        for (int i = 0; i < TEST_CELLS; i++) {
            int j = i + (int)ga_rng_below(r, (unsigned long)(n - i));
            int t = box[i]; box[i] = box[j]; box[j] = t;
            count[box[i]]++;
        }
        struct test_boards b;
        test_boards_make(&b, count);
        for (int k = 0; k < 8; k++) {
            struct animals_puzzle p;
            test_random_puzzle(r, count, &p);
            size_t found = test_against_brute(&b, &p, 29);
            seen_none += found == 0;
            seen_several += found > 1 && found <= 100;
            seen_many += found > 100;
            free(test_round_trip(&p));
        }
        test_boards_free(&b);
    }
    gsl_rng_free(r);
    /* The sample must cover every kind of answer, or the comparison proves little. */
    assert_true(seen_none > 0);
    assert_true(seen_several > 0);
    assert_true(seen_many > 0);
}

/* Random puzzles built to have few solutions: many conditions true of a random board. */
static void test_random_tight_puzzles(void **state)
{
    (void)state;
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    assert_non_null(r);
    gsl_rng_set(r, 77);
    int unique = 0, several = 0;
    for (int m = 0; m < 6; m++) {
        static const int counts[][ANIMALS_TYPES] = {
            {1, 1, 1, 0, 0, 0, 2, 2, 2}, {0, 0, 0, 0, 0, 0, 1, 3, 5}, {1, 1, 1, 1, 1, 1, 2, 1, 0},
            {0, 1, 0, 1, 0, 1, 2, 3, 1}, {1, 0, 1, 0, 1, 0, 0, 1, 5}, {1, 1, 1, 1, 1, 0, 0, 3, 1},
        };
        struct test_boards b;
        test_boards_make(&b, counts[m]);
        for (int k = 0; k < 10; k++) {
            int board[TEST_CELLS];
            test_unkey(b.keys[ga_rng_below(r, b.n)], board);
            struct animals_puzzle p;
            test_random_puzzle(r, counts[m], &p);
            /* Keep the random conditions the board satisfies, so it is a solution. */
            size_t kept = 0;
            for (size_t i = 0; i < p.nconds; i++)
                if (test_holds(&p.conds[i], board))
                    p.conds[kept++] = p.conds[i];
            p.nconds = kept;
            for (int extra = 0; extra < 200 && p.nconds < 30; extra++) {
                struct animals_puzzle one;
                test_random_puzzle(r, counts[m], &one);
                if (test_holds(&one.conds[0], board))
                    p.conds[p.nconds++] = one.conds[0];
            }
            size_t found = test_against_brute(&b, &p, 31);
            assert_true(found >= 1);
            unique += found == 1;
            several += found > 1;
        }
        test_boards_free(&b);
    }
    gsl_rng_free(r);
    assert_true(unique > 0);
    assert_true(several > 0);
}

static void test_solve_limit_and_invalid(void **state)
{
    (void)state;
    struct animals_puzzle p = test_parse("pieces: panda*5 lion*3 hippo\n");
    struct animals_stats st;
    assert_int_equal(animals_solve(&p, 2, NULL, NULL, &st), 0);
    assert_int_equal(st.solutions, 2);
    assert_false(st.complete);
    double d;
    assert_false(animals_stats_difficulty(&st, &d));
    p.count[ANIMALS_PANDA] = 6;
    assert_int_equal(animals_solve(&p, 0, NULL, NULL, &st), -1);
    assert_int_equal(st.solutions, 0);
    p.count[ANIMALS_PANDA] = 5;
    p.conds[0] = (struct animals_cond){.kind = ANIMALS_COND_SAME, .a = ANIMALS_LION, .b = ANIMALS_LION};
    p.nconds = 1;
    assert_int_equal(animals_solve(&p, 0, NULL, NULL, &st), -1);
    p.conds[0] = (struct animals_cond){.kind = ANIMALS_COND_HEIGHT, .a = ANIMALS_TIGER, .set = 1};
    assert_int_equal(animals_solve(&p, 0, NULL, NULL, &st), -1);
    p.conds[0] = (struct animals_cond){.kind = ANIMALS_COND_HEIGHT, .a = ANIMALS_LION, .set = 8};
    assert_int_equal(animals_solve(&p, 0, NULL, NULL, &st), -1);
}

/* ---- the reader and the writer --------------------------------------------------------- */

/* Case, plurals, optional colons, synonyms, comments, CRLF and repeated pieces read like the canonical text. */
static void test_reader_accepts(void **state)
{
    (void)state;
    struct animals_puzzle canonical = test_parse(level50_text);
    struct animals_puzzle loose = test_parse(
        "# a comment line\n"
        "\n"
        "NAME :  Level 50   # trailing comment\n"
        "Pieces: Elephant MONKEY tiger hippos*2 lion lion Pandas*2\r\n"
        "notin elephant ROW Lemon\n"
        "neighbor Elephants hippo\n"
        "Neighbour: monkey lion\n"
        "  neighbour\ttiger   panda  \n"
        "height lions 2\n"
        "notin panda column BANANA");
    test_puzzles_equal(&canonical, &loose);
}

static void test_reader_errors(void **state)
{
    (void)state;
    static const struct { const char *text, *expect; } cases[] = {
        {"pieces: elephant monkey tiger hippo*2 lion*2 pandaa*2\n",
         "test.txt:1: pieces: unknown animal 'pandaa' (did you mean 'panda'?)"},
        {"pieces: panda*6 lion*3\n", "test.txt:1: pieces: too many pandas: 6 (the stock holds 5)"},
        {"pieces: panda*4 panda*2 lion*3\n", "too many pandas: 6 (the stock holds 5)"},
        {"pieces: panda*5 lion*3\n", "test.txt:1: pieces: the pieces add up to 8; a puzzle places 9"},
        {"pieces: panda*5 lion*3 hippo cat\n", "the pieces add up to 10; a puzzle places 9"},
        {"pieces: panda*5 lion*3 hippo\n\nneighbour tiger panda\n",
         "test.txt:3: neighbour: tiger is not among the pieces on line 1"},
        {"higher panda cat\npieces: panda*5 lion*3 hippo\n",
         "test.txt:1: higher: cat is not among the pieces on line 2"},
        {"pieces: panda*5 lion*3 hippo\nheight panda 4\n",
         "test.txt:2: height: '4' is not a height (heights are 1 to 3)"},
        {"pieces: panda*5 lion*3 hippo\nheight panda 0\n", "'0' is not a height"},
        {"pieces: panda*5 lion*3 hippo\nheight panda 2x\n", "'2x' is not a height"},
        {"pieces: panda*5 lion*3 hippo\nheight panda +2\n", "'+2' is not a height"},
        {"pieces: panda*5 lion*3 hippo\nheight panda -1\n", "'-1' is not a height"},
        {"pieces: panda*5 lion*3 hippo\nheight panda 99999999999999999999\n", "is not a height"},
        {"pieces: panda*5 lion*3 hippo\nheight panda\n", "height: expected 'height ANIMAL HEIGHT...'"},
        {"pieces: panda*5 lion*3 hippo\nin panda row bananna\n",
         "test.txt:2: in: unknown fruit 'bananna' (did you mean 'banana'?)"},
        {"pieces: panda*5 lion*3 hippo\nin panda row banana\n",
         "in: 'banana' names a column, not a row (rows: apple, lemon, orange)"},
        {"pieces: panda*5 lion*3 hippo\nnotin panda col lemon\n",
         "notin: 'lemon' names a row, not a column (columns: pineapple, banana, strawberry)"},
        {"pieces: panda*5 lion*3 hippo\nin panda row kiwi\n", "unknown fruit 'kiwi' (choose one of: apple,"},
        {"pieces: panda*5 lion*3 hippo\nin panda rwo apple\n", "in: expected 'row' or 'col', got 'rwo'"},
        {"pieces: panda*5 lion*3 hippo\nin panda row\n", "in: expected 'in ANIMAL row|col FRUIT...'"},
        {"pieces: panda*5 lion*3 hippo\nhieght panda 2\n", "test.txt:2: unknown keyword 'hieght' (did you mean 'height'?)"},
        {"pieces: panda*5 lion*3 hippo\nsame panda panda\n", "same: names panda twice"},
        {"pieces: panda*5 lion*3 hippo\nneighbour panda lion hippo\n", "expected 'neighbour ANIMAL ANIMAL'"},
        {"pieces: panda*5 lion*3 hippo\nlower panda\n", "expected 'lower ANIMAL ANIMAL'"},
        {"pieces: panda*x lion*3 hippo\n", "'panda*x': expected a count from 1 to 5 after '*'"},
        {"pieces: panda* lion*3 hippo\n", "'panda*': expected a count from 1 to 5 after '*'"},
        {"pieces: *5 lion*3 hippo\n", "unknown animal ''"},
        {"pieces:\n", "expected 'pieces: ANIMAL[*COUNT] ...'"},
        {"pieces: panda*5 lion*3 hippo\npieces: panda*5 lion*3 hippo\n", "test.txt:2: pieces: given again (first on line 1)"},
        {"name: a\nname: b\npieces: panda*5 lion*3 hippo\n", "test.txt:2: name: given again (first on line 1)"},
        {"name:\npieces: panda*5 lion*3 hippo\n", "name: expected some text after 'name:'"},
        {"name: a\tb\npieces: panda*5 lion*3 hippo\n", "name: a name is one line of text"},
        {"name: x\n", "test.txt: no 'pieces:' line"},
        {"", "test.txt: no 'pieces:' line"},
        {"panda*5\n", "unknown keyword 'panda*5'"},
        {"pieces: panda*5 lion*3 hippo\n: panda\n", "unknown keyword ''"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct animals_puzzle p, before;
        memset(&p, 0x5a, sizeof p);
        before = p;
        struct ga_diag d;
        ga_diag_clear(&d);
        bool ok = animals_puzzle_parse(&p, cases[i].text, "test.txt", &d);
        char msg[1024] = "";
        if (d.count)
            ga_diag_format(&d.entries[0], msg, sizeof msg);
        if (ok || d.count != 1 || !strstr(msg, cases[i].expect))
            fail_msg("case %zu: expected one message with '%s', got %zu: '%s'", i, cases[i].expect, d.count, msg);
        assert_memory_equal(&p, &before, sizeof p);   /* never half-loaded */
    }
}

/* Independent lines are all reported, each with its own line number. */
static void test_reader_reports_every_line(void **state)
{
    (void)state;
    struct animals_puzzle p;
    struct ga_diag d;
    ga_diag_clear(&d);
    assert_false(animals_puzzle_parse(&p, "pieces: panda*5 lion*3 hippo\nheight panda 4\n"
                                          "in lion row kiwi\nfoo\nsame lion hippo\n", "x.txt", &d));
    assert_int_equal(d.count, 3);
    assert_int_equal(d.entries[0].line, 2);
    assert_int_equal(d.entries[1].line, 3);
    assert_int_equal(d.entries[2].line, 4);
}

static void test_reader_files(void **state)
{
    (void)state;
    struct animals_puzzle p;
    struct ga_diag d;
    char msg[1024];
    ga_diag_clear(&d);
    assert_false(animals_puzzle_load(&p, "/nonexistent/level.txt", &d));
    ga_diag_format(&d.entries[0], msg, sizeof msg);
    assert_non_null(strstr(msg, "/nonexistent/level.txt: cannot read the file: No such file"));

    ga_diag_clear(&d);
    assert_false(animals_puzzle_load(&p, GA_SRCDIR "/configs", &d));
    ga_diag_format(&d.entries[0], msg, sizeof msg);
    assert_non_null(strstr(msg, "cannot read the file: it is a folder"));

    static const char binary[] = "pieces: panda*5 lion*3 hippo\nheight \0panda 2\n";
    FILE *f = fmemopen((void *)binary, sizeof binary - 1, "r");
    assert_non_null(f);
    ga_diag_clear(&d);
    assert_false(animals_puzzle_read(&p, f, "bin.txt", &d));
    fclose(f);
    assert_int_equal(d.count, 1);
    ga_diag_format(&d.entries[0], msg, sizeof msg);
    assert_string_equal(msg, "bin.txt:2: not a text file (it holds a NUL byte)");

    FILE *g = fmemopen((void *)level50_text, sizeof level50_text - 1, "r");
    assert_non_null(g);
    ga_diag_clear(&d);
    assert_true(animals_puzzle_read(&p, g, "level50", &d));
    fclose(g);
    struct animals_puzzle canonical = test_parse(level50_text);
    test_puzzles_equal(&p, &canonical);
}

static void test_writer(void **state)
{
    (void)state;
    struct animals_puzzle p = test_parse(level50_text);
    char *text = test_round_trip(&p);
    assert_non_null(strstr(text, "# a comment\n#\n# over lines\nname: Level 50\n"
                                 "pieces: elephant monkey tiger hippo*2 lion*2 panda*2\n"
                                 "notin elephant row lemon\nneighbour elephant hippo\n"));
    assert_non_null(strstr(text, "height lion 2\nnotin panda col banana\n"));
    free(text);

    FILE *sink = fopen("/dev/null", "w");
    assert_non_null(sink);
    struct animals_puzzle bad = p;
    snprintf(bad.name, sizeof bad.name, "Level #50");
    assert_int_equal(animals_puzzle_write(&bad, NULL, sink), -1);
    bad = p;
    snprintf(bad.name, sizeof bad.name, " Level 50");
    assert_int_equal(animals_puzzle_write(&bad, NULL, sink), -1);
    bad = p;
    bad.count[ANIMALS_PANDA] = 3;
    assert_int_equal(animals_puzzle_write(&bad, NULL, sink), -1);
    bad = p;
    bad.conds[0].a = ANIMALS_CAT;
    assert_int_equal(animals_puzzle_write(&bad, NULL, sink), -1);
    fclose(sink);
}

/* ---- the level designer ---------------------------------------------------------------- */

static char *test_design_text(uint64_t seed, double target, struct animals_design *d)
{
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    assert_non_null(r);
    gsl_rng_set(r, (unsigned long)seed);
    assert_int_equal(animals_design(r, target, 20000, d), 0);
    gsl_rng_free(r);
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    assert_non_null(f);
    assert_int_equal(animals_puzzle_write(&d->puzzle, "designed", f), 0);
    fclose(f);
    return text;
}

/* Designs re-read from text are unique (solver and brute force), answer as promised and score as reported. */
static void test_designer(void **state)
{
    (void)state;
    static const double targets[] = {15, 25, 45, 68, 55, 85};
    for (uint64_t seed = 1; seed <= 6; seed++) {
        double target = targets[seed - 1];
        struct animals_design d;
        char *text = test_design_text(seed, target, &d);
        struct animals_puzzle p = test_parse(text);
        test_puzzles_equal(&p, &d.puzzle);

        struct test_found f = {0};
        struct animals_stats st;
        assert_int_equal(animals_solve(&p, 0, test_collect, &f, &st), 0);
        assert_int_equal(st.solutions, 1);
        assert_int_equal(f.keys[0], test_key(d.answer.cell));
        free(f.keys);
        double dd;
        assert_true(animals_stats_difficulty(&st, &dd));
        assert_true(dd == d.difficulty);
        assert_true(memcmp(&st, &d.stats, sizeof st) == 0);
        if (fabs(dd - target) > 1.0)
            fail_msg("seed %llu: D %.4f for target %g", (unsigned long long)seed, dd, target);

        struct test_boards b;
        test_boards_make(&b, p.count);
        assert_int_equal(test_against_brute(&b, &p, 101), 1);
        test_boards_free(&b);

        /* The same seed designs the same puzzle. */
        struct animals_design again;
        char *text2 = test_design_text(seed, target, &again);
        assert_string_equal(text, text2);
        free(text2);
        free(text);
    }
}

static void test_designer_refuses(void **state)
{
    (void)state;
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    assert_non_null(r);
    struct animals_design d;
    assert_int_equal(animals_design(r, ANIMALS_DESIGN_MIN_D - 0.1, 1000, &d), -1);
    assert_int_equal(animals_design(r, ANIMALS_DESIGN_MAX_D + 0.1, 1000, &d), -1);
    assert_int_equal(animals_design(r, NAN, 1000, &d), -1);
    assert_int_equal(animals_design(r, 30, 0, &d), -1);
    gsl_rng_free(r);
}

/* The GA (configs/animals.cfg's settings) finds level 50's one solution,
 * the published board, on every seed tried; fitness 0 means no condition violated. */
static void test_ga_finds_level50(void **unused)
{
    (void)unused;
    for (unsigned long seed = 1; seed <= 10; seed++) {
        char text[512];
        snprintf(text, sizeof text,
                 "problem = { name = \"animals\"; puzzle = \"%s/configs/animals/level50.txt\"; };\n"
                 "ga = { seed = %lu; population = 100; stop = { generations = 1000; }; };",
                 GA_SRCDIR, seed);
        struct test_experiment *t = test_experiment_alloc(text);
        struct ga_run *run = test_run_alloc(t);
        ga_run_init(run, t->e->seed);
        while (ga_run_iterate(run) == GA_CONTINUE)
            ;
        if (ga_run_stats(run)->best != 0)
            fail_msg("seed %lu: best fitness %g", seed, ga_run_stats(run)->best);
        char board[512] = "";
        FILE *out = fmemopen(board, sizeof board, "w");
        assert_non_null(out);
        t->e->problem->print(ga_run_genome(run), ga_run_best(run), out);
        fclose(out);
        assert_string_equal(board, "  panda  lion     monkey\n"
                                   "  tiger  hippo    lion\n"
                                   "  panda  elephant hippo\n"
                                   "violated conditions: 0 of 6\n");
        ga_run_free(run);
        test_experiment_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_geometry),
        cmocka_unit_test(test_names_and_stock),
        cmocka_unit_test(test_board_write),
        cmocka_unit_test(test_level50),
        cmocka_unit_test(test_difficulty_table),
        cmocka_unit_test(test_space),
        cmocka_unit_test(test_no_conditions),
        cmocka_unit_test(test_small_puzzles),
        cmocka_unit_test(test_shipped_puzzles),
        cmocka_unit_test(test_random_puzzles),
        cmocka_unit_test(test_random_tight_puzzles),
        cmocka_unit_test(test_solve_limit_and_invalid),
        cmocka_unit_test(test_reader_accepts),
        cmocka_unit_test(test_reader_errors),
        cmocka_unit_test(test_reader_reports_every_line),
        cmocka_unit_test(test_reader_files),
        cmocka_unit_test(test_writer),
        cmocka_unit_test(test_designer),
        cmocka_unit_test(test_designer_refuses),
        cmocka_unit_test(test_ga_finds_level50),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
