/* tests/test_tree.c — tree genomes: shapes, limits and the each-once rule under every operator. */
#include <stdlib.h>

#include "gaexp/rng.h"
#include "gaexp/tree.h"
#include "testlib.h"

#define TRIALS 20000

/* A symbolic-regression-like primitive set: x, y, z; neg (1), +, * (2), if (3). */
static struct ga_tree_spec free_spec(size_t max_len, unsigned max_depth)
{
    struct ga_tree_spec s = {
        .terminals = 3, .functions = 4, .leaves = GA_TREE_LEAVES_FREE, .init = GA_TREE_INIT_RAMPED,
        .init_depth_min = 1, .init_depth_max = 4, .max_depth = max_depth, .max_len = max_len,
    };
    s.arity[3] = 1, s.arity[4] = 2, s.arity[5] = 2, s.arity[6] = 3;
    return s;
}

/* The 24 game's shape: n cards, each once, under binary operators. */
static struct ga_tree_spec once_spec(unsigned cards, unsigned ops)
{
    struct ga_tree_spec s = {
        .terminals = cards, .functions = ops, .leaves = GA_TREE_LEAVES_EACH_ONCE,
        .max_len = 2 * cards - 1,
    };
    for (unsigned k = 0; k < ops; k++)
        s.arity[cards + k] = 2;
    return s;
}

static void test_known_tree(void **unused)
{
    (void)unused;
    struct ga_tree_spec s = free_spec(16, 8);
    /* +(x, *(y, neg(z))) then padding */
    ga_gene g[16] = {4, 0, 5, 1, 3, 2};
    assert_int_equal(ga_tree_size(&s, g), 6);
    assert_int_equal(ga_tree_subtree_end(&s, g, 2), 6);
    assert_int_equal(ga_tree_subtree_end(&s, g, 1), 2);
    assert_int_equal(ga_tree_depth(&s, g), 3);
    assert_true(ga_tree_valid(&s, g, 16));
    g[10] = 1; /* garbage after the tree */
    assert_false(ga_tree_valid(&s, g, 16));
    g[10] = 0;
    s.max_depth = 2; /* too deep for the limit */
    assert_false(ga_tree_valid(&s, g, 16));
    ga_gene open[16] = {4, 0}; /* + with one operand, then x padding: + x x is a tree */
    s.max_depth = 8;
    assert_true(ga_tree_valid(&s, open, 16));
    ga_gene unfinished[3] = {4, 5, 0};
    assert_false(ga_tree_valid(&s, unfinished, 3));
}

static void test_spec_check(void **unused)
{
    (void)unused;
    struct ga_tree_spec s = free_spec(64, 6);
    assert_null(ga_tree_spec_check(&s));
    s.init_depth_max = 7;
    assert_non_null(ga_tree_spec_check(&s));
    s = once_spec(4, 4);
    assert_null(ga_tree_spec_check(&s));
    s.max_len = 6;
    assert_non_null(ga_tree_spec_check(&s));
    s = once_spec(4, 4);
    s.arity[5] = 1; /* a unary function would let the size drift */
    assert_non_null(ga_tree_spec_check(&s));
    s = once_spec(4, 4);
    s.arity[0] = 2; /* a terminal with arguments */
    assert_non_null(ga_tree_spec_check(&s));
}

/* Every operator, from many random parents, keeps the genome valid. */
static void exercise(const struct ga_tree_spec *spec, unsigned long seed, size_t *changed_children)
{
    struct ga_genome gen = {spec, spec->max_len, spec->terminals + spec->functions, GA_KIND_TREE, 0, NULL, NULL, NULL, NULL};
    size_t len = spec->max_len;
    ga_gene *a = calloc(4 * len, sizeof *a), *b = a + len, *ca = b + len, *cb = ca + len;
    assert_non_null(a);
    gsl_rng *r = test_rng_alloc(seed);
    const struct ga_crossover *cx = ga_catalog_crossover(&test_catalog, NULL, "subtree");
    const struct ga_mutation *point = ga_catalog_mutation(&test_catalog, NULL, "point");
    const struct ga_mutation *sub = ga_catalog_mutation(&test_catalog, NULL, "subtree");
    assert_non_null(cx);
    assert_non_null(point);
    assert_non_null(sub);
    *changed_children = 0;
    for (int t = 0; t < TRIALS; t++) {
        ga_tree_init(&gen, r, a);
        ga_tree_init(&gen, r, b);
        assert_true(ga_tree_valid(spec, a, len));
        assert_true(ga_tree_valid(spec, b, len));
        cx->apply(&gen, r, a, b, ca, cb);
        if (!ga_tree_valid(spec, ca, len) || !ga_tree_valid(spec, cb, len))
            fail_msg("subtree crossover broke a tree (trial %d)", t);
        *changed_children += memcmp(ca, a, len * sizeof *a) != 0;
        bool moved = point->once(&gen, r, ca);
        moved |= point->at(&gen, r, ca, ga_rng_below(r, len));
        assert_true(ga_tree_valid(spec, ca, len));
        moved |= sub->once(&gen, r, cb);
        moved |= sub->at(&gen, r, cb, ga_rng_below(r, len));
        assert_true(ga_tree_valid(spec, cb, len));
        (void)moved;
    }
    gsl_rng_free(r);
    free(a);
}

/* Hoist and shrink, their defining properties on 20,000 random trees:
 * hoist at pos leaves exactly the subtree at pos; shrink at a function
 * leaves the tree with that subtree replaced by one of its arguments (and
 * every argument is drawn); both give valid, never larger trees; with
 * each-once leaves both keep the tree (they would drop leaves). */
static void test_hoist_and_shrink(void **unused)
{
    (void)unused;
    struct ga_tree_spec s = free_spec(64, 8);
    struct ga_genome gen = {&s, s.max_len, s.terminals + s.functions, GA_KIND_TREE, 0, NULL, NULL, NULL, NULL};
    const struct ga_mutation *hoist = ga_catalog_mutation(&test_catalog, NULL, "hoist");
    const struct ga_mutation *shrink = ga_catalog_mutation(&test_catalog, NULL, "shrink");
    assert_non_null(hoist);
    assert_non_null(shrink);
    gsl_rng *r = test_rng_alloc(9);
    ga_gene g[64], h[64], want[64];
    size_t drawn[3] = {0};
    for (int t = 0; t < TRIALS; t++) {
        ga_tree_init(&gen, r, g);
        size_t size = ga_tree_size(&s, g), pos = ga_rng_below(r, size), end = ga_tree_subtree_end(&s, g, pos);
        memcpy(h, g, sizeof g);
        assert_int_equal(hoist->at(&gen, r, h, pos), pos > 0);
        memset(want, 0, sizeof want);
        memcpy(want, g + pos, (end - pos) * sizeof *g);
        assert_memory_equal(h, want, sizeof h); /* the subtree, padded with 0 */
        memcpy(h, g, sizeof g);
        bool function = g[pos] >= s.terminals;
        assert_int_equal(shrink->at(&gen, r, h, pos), function);
        if (!function)
            continue;
        size_t arg = pos + 1, k = 0; /* which argument took the function's place */
        for (; k < s.arity[g[pos]]; k++, arg = ga_tree_subtree_end(&s, g, arg)) {
            size_t arg_end = ga_tree_subtree_end(&s, g, arg);
            size_t n = 0;
            memset(want, 0, sizeof want);
            memcpy(want, g, pos * sizeof *g), n = pos;
            memcpy(want + n, g + arg, (arg_end - arg) * sizeof *g), n += arg_end - arg;
            memcpy(want + n, g + end, (size - end) * sizeof *g);
            if (memcmp(h, want, sizeof h) == 0)
                break;
        }
        assert_true(k < s.arity[g[pos]]);
        assert_true(ga_tree_valid(&s, h, s.max_len) && ga_tree_size(&s, h) < size);
        if (s.arity[g[pos]] == 3)
            drawn[k]++;
        assert_true(ga_tree_valid(&s, h, s.max_len));
        assert_true(shrink->once(&gen, r, h) || ga_tree_size(&s, h) == 1);
        assert_true(hoist->once(&gen, r, h) || ga_tree_valid(&s, h, s.max_len));
    }
    for (int k = 0; k < 3; k++) /* 'if' has three arguments: each is drawn */
        assert_true(drawn[k] > 100);
    struct ga_tree_spec once = once_spec(4, 2);
    struct ga_genome ogen = {&once, once.max_len, 6, GA_KIND_TREE, 0, NULL, NULL, NULL, NULL};
    ga_tree_init(&ogen, r, g);
    memcpy(h, g, once.max_len * sizeof *g);
    assert_false(hoist->at(&ogen, r, h, 1));
    assert_false(shrink->once(&ogen, r, h));
    assert_memory_equal(h, g, once.max_len * sizeof *g);
    gsl_rng_free(r);
}

static void test_free_trees_stay_within_limits(void **unused)
{
    (void)unused;
    size_t changed;
    struct ga_tree_spec s = free_spec(40, 6);
    exercise(&s, 1, &changed);
    assert_true(changed > TRIALS / 2); /* crossover really exchanges material */
    s = free_spec(GA_TREE_MAX_LEN, 17); /* DEAP's default depth limit */
    s.init_depth_max = 6;
    exercise(&s, 2, &changed);
    assert_true(changed > TRIALS / 2);
    s = free_spec(7, 3); /* a tight length limit */
    s.init_depth_max = 3;
    exercise(&s, 3, &changed);
}

static void test_each_once_keeps_every_leaf(void **unused)
{
    (void)unused;
    for (unsigned cards = 2; cards <= 8; cards++) {
        size_t changed;
        struct ga_tree_spec s = once_spec(cards, 1 + cards % 4);
        exercise(&s, 10 + cards, &changed);
        if (cards > 2)
            assert_true(changed > TRIALS / 4);
    }
    /* Mixed arities (2 and 3) in each-once mode: size varies, leaves do not. */
    struct ga_tree_spec s = once_spec(7, 2);
    s.functions = 3;
    s.arity[9] = 3;
    assert_null(ga_tree_spec_check(&s));
    size_t changed;
    exercise(&s, 99, &changed);
}

static void test_init_methods(void **unused)
{
    (void)unused;
    struct ga_tree_spec s = free_spec(GA_TREE_MAX_LEN, 10);
    s.init_depth_min = 2, s.init_depth_max = 5;
    struct ga_genome gen = {&s, s.max_len, 7, GA_KIND_TREE, 0, NULL, NULL, NULL, NULL};
    ga_gene *g = calloc(s.max_len, sizeof *g);
    gsl_rng *r = test_rng_alloc(5);
    unsigned seen_depth[11] = {0};
    for (int t = 0; t < 2000; t++) {
        s.init = GA_TREE_INIT_FULL;
        ga_tree_init(&gen, r, g);
        unsigned d = ga_tree_depth(&s, g);
        assert_true(d >= 2 && d <= 5); /* full: exactly the drawn depth */
        for (size_t i = 0; i < ga_tree_size(&s, g); i++) /* leaves only on the last level */
            if (g[i] < s.terminals)
                assert_true(ga_tree_subtree_end(&s, g, i) == i + 1);
        s.init = GA_TREE_INIT_GROW;
        ga_tree_init(&gen, r, g);
        assert_true(ga_tree_depth(&s, g) <= 5);
        s.init = GA_TREE_INIT_RAMPED;
        ga_tree_init(&gen, r, g);
        seen_depth[ga_tree_depth(&s, g)]++;
    }
    for (unsigned d = 2; d <= 5; d++) /* ramped: every depth of the range occurs */
        assert_true(seen_depth[d] > 0);
    gsl_rng_free(r);
    free(g);
}

/* In a full tree of depth d every leaf lies at depth d. */
static void test_full_is_full(void **unused)
{
    (void)unused;
    struct ga_tree_spec s = free_spec(GA_TREE_MAX_LEN, 10);
    s.functions = 1; /* only '+': a full tree of depth 3 has 15 nodes */
    s.init = GA_TREE_INIT_FULL, s.init_depth_min = s.init_depth_max = 3;
    s.arity[3] = 2;
    struct ga_genome gen = {&s, s.max_len, 4, GA_KIND_TREE, 0, NULL, NULL, NULL, NULL};
    ga_gene *g = calloc(s.max_len, sizeof *g);
    gsl_rng *r = test_rng_alloc(6);
    ga_tree_init(&gen, r, g);
    assert_int_equal(ga_tree_size(&s, g), 15);
    gsl_rng_free(r);
    free(g);
}

/* Each-once crossover: the leaves that left with the removed subtree
 * replace, in order, the inserted leaves that would repeat. */
static void test_each_once_repair(void **unused)
{
    (void)unused;
    struct ga_tree_spec s = once_spec(4, 1); /* leaves 0..3, '+' = 4 */
    struct ga_genome gen = {&s, 7, 5, GA_KIND_TREE, 0, NULL, NULL, NULL, NULL};
    /* a = +(+(0,1), +(2,3)); b = +(+(2,0), +(1,3)).  Every two-leaf
     * subtree swap must leave each child with leaves {0,1,2,3}. */
    ga_gene a[7] = {4, 4, 0, 1, 4, 2, 3}, b[7] = {4, 4, 2, 0, 4, 1, 3}, ca[7], cb[7];
    gsl_rng *r = test_rng_alloc(7);
    int differing = 0;
    for (int t = 0; t < 1000; t++) {
        ga_crossover_subtree.apply(&gen, r, a, b, ca, cb);
        assert_true(ga_tree_valid(&s, ca, 7));
        assert_true(ga_tree_valid(&s, cb, 7));
        differing += memcmp(ca, a, sizeof a) != 0;
    }
    assert_true(differing > 100);
    gsl_rng_free(r);
}

static void test_same_seed_same_trees(void **unused)
{
    (void)unused;
    struct ga_tree_spec s = free_spec(64, 8);
    struct ga_genome gen = {&s, 64, 7, GA_KIND_TREE, 0, NULL, NULL, NULL, NULL};
    ga_gene g1[64], g2[64];
    gsl_rng *r1 = test_rng_alloc(42), *r2 = test_rng_alloc(42);
    for (int t = 0; t < 100; t++) {
        ga_tree_init(&gen, r1, g1);
        ga_tree_init(&gen, r2, g2);
        assert_memory_equal(g1, g2, sizeof g1);
    }
    gsl_rng_free(r1);
    gsl_rng_free(r2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_tree),
        cmocka_unit_test(test_spec_check),
        cmocka_unit_test(test_free_trees_stay_within_limits),
        cmocka_unit_test(test_hoist_and_shrink),
        cmocka_unit_test(test_each_once_keeps_every_leaf),
        cmocka_unit_test(test_init_methods),
        cmocka_unit_test(test_full_is_full),
        cmocka_unit_test(test_each_once_repair),
        cmocka_unit_test(test_same_seed_same_trees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
