/* tests/test_pbo.c — problem 'pbo': IOH's names and values, every optimum by enumeration, hand-computed values, refused settings. */
#include <math.h>
#include <stdlib.h>

#include "problems/pbo/pbo.h"
#include "testlib.h"

/* IOHexperimenter's problem ids and class names (include/ioh/problem/pbo/). */
static const char *const pbo_expected_names[PBO_FUNCTIONS] = {
    "OneMax", "LeadingOnes", "Linear", "OneMaxDummy1", "OneMaxDummy2", "OneMaxNeutrality", "OneMaxEpistasis",
    "OneMaxRuggedness1", "OneMaxRuggedness2", "OneMaxRuggedness3", "LeadingOnesDummy1", "LeadingOnesDummy2",
    "LeadingOnesNeutrality", "LeadingOnesEpistasis", "LeadingOnesRuggedness1", "LeadingOnesRuggedness2",
    "LeadingOnesRuggedness3", "LABS", "IsingRing", "IsingTorus", "IsingTriangular", "MIS", "NQueens",
    "ConcatenatedTrap", "NKLandscapes",
};

/* The configured problem for (function, n, instance), through the experiment reader. */
static struct test_experiment *pbo_configured(int function, size_t n, int instance)
{
    char text[256];
    snprintf(text, sizeof text,
             "problem = { name = \"pbo\"; function = %d; dimension = %zu; instance = %d; };", function, n,
             instance);
    struct test_experiment *t = test_experiment_alloc(text);
    if (!t->e) {
        char msg[1024];
        fail_msg("F%d n=%zu instance %d refused: %s", function, n, instance, test_first_diag(t, msg, sizeof msg));
    }
    return t;
}

static void pbo_genes(const char *bits, ga_gene *g)
{
    for (size_t i = 0; bits[i]; i++)
        g[i] = (ga_gene)(bits[i] - '0');
}

static void test_names(void **unused)
{
    (void)unused;
    for (int f = 0; f < PBO_FUNCTIONS; f++)
        assert_string_equal(pbo_names[f], pbo_expected_names[f]);
}

/* IOHexperimenter's own test vectors (function, instance, x, y): lines of
 * its tests/cpp/problem/pbofitness16.in (n = 16) for the functions whose
 * definition has not changed since it was written, and of
 * tests/static/pbofitness100.in (n = 100, the current definitions of
 * Ising and MIS).  IOH compares within 1e-4. */
static const struct {
    int function, instance;
    const char *x;
    double y;
} pbo_ioh[] = {
    {1, 1, "1110000011010011", 8},
    {1, 2, "0000000000000000", -296.9721228},
    {1, 2, "1011111010011000", -298.8151569},
    {1, 3, "0111110111011000", 818.3813842},
    {2, 1, "1111011100101101", 4},
    {2, 2, "1011110000000001", -313.5594296},
    {2, 4, "1111100101111101", -783.8527468},
    {3, 1, "1110010011101100", 69},
    {3, 2, "0111101110111011", -237.995032},
    {3, 5, "0111010101111110", -627.5058978},
    {4, 1, "1001011110010101", 6},
    {4, 2, "0011010100110001", -309.8733614},
    {4, 5, "0111101101110010", -651.1897028},
    {5, 1, "1111000001110001", 7},
    {5, 3, "0111100010011111", 818.3813842},
    {6, 1, "1110100000010011", 1},
    {6, 1, "0011001011111011", 3},
    {6, 2, "0011001110101000", -313.5594296},
    {7, 1, "1000011001010111", 9},
    {7, 1, "0010010001100110", 10},
    {7, 4, "1111110011111010", -778.1164865},
    {8, 1, "0000000000000000", 1},
    {8, 1, "0010100000111001", 4},
    {8, 2, "0011010111000010", -308.0303273},
    {9, 1, "1100110111100111", 10},
    {9, 1, "0010010111010101", 9},
    {9, 3, "0000000010010001", 845.4413565},
    {10, 1, "0011001000011011", 9},
    {10, 1, "0100101111110110", 6},
    {10, 3, "1111011110111111", 800.3414027},
    {11, 1, "1010000100010110", 1},
    {11, 1, "1110010110110011", 2},
    {11, 2, "1111110010011101", -311.7163955},
    {12, 1, "1101110100001100", 2},
    {12, 2, "1001101111010010", -313.5594296},
    {13, 1, "1011100001011111", 2},
    {13, 1, "1011100111111110", 5},
    {13, 4, "1000110100010100", -780.9846167},
    {14, 1, "0101001000010110", 1},
    {14, 1, "1011101100010110", 1},
    {14, 2, "1111000010001011", -315.4024637},
    {15, 1, "0000000000000000", 1},
    {15, 1, "1111001000111010", 3},
    {15, 3, "0001011010010100", 804.8513981},
    {16, 1, "1111000111111011", 5},
    {16, 1, "0001010110000010", 1},
    {16, 2, "1011000001011101", -315.4024637},
    {17, 1, "1010001001110101", 5},
    {17, 1, "0111001100100100", 0},
    {17, 3, "0101101100010101", 818.3813842},
    {18, 1, "0000000000000000", 0.1032258065},
    {18, 1, "0111000110100111", 0.9142857143},
    {18, 1, "0011011100010000", 1.777777778},
    {18, 2, "0101011111011011", -311.9332231},
    {18, 5, "1001100101011111", -653.3635786},
    {23, 1, "1011001111000100", -48},
    {23, 1, "0010111111101100", -78},
    {23, 2, "1110011001000010", -464.6882247},
    {3, 2, "1111010110001110001110110011000111101111110010000011010100111000000011011100001000110000001111011001",
     4461.74189},
    {18, 1, "1010111011101010011011010010110110001101110011111100001110001001110010000000001100001010010011000011",
     1.089324619},
    {18, 3, "1011100111010111101101010100000101100011011101000001010111000100000010111100110110101100101101110000",
     801.8964899},
    {19, 1, "0011001001101111111000000100011001001000010011100011010100110010110010100001101011100100000100000001", 52},
    {19, 2, "0000000101000011100000001010000000000011011110011000001000001001110101011111000101111010011001110000",
     -223.2507593},
    {19, 4, "1101011101100011110000011000011010000000011101011110011000100110011010001110101010111000100101101010",
     -754.4544131},
    {20, 1, "1111010100011111010101010100001001000011100010111001101100000110101111110101111111101010101000010101", 92},
    {20, 3, "0010111111000000011110001001111101010001111001010110110101101001011110001101011001110100110011010110",
     1300.95089},
    {21, 1, "1100100000110100011000001100101101110111000000000011111111111100011101101000111110000011111111011001", 160},
    {21, 2, "0111001010100111000100000100110010001110011101100101010101010000101101010001101110100001010000100111",
     8.971535646},
    {21, 5, "1000010010001001100000000110111100111010111111110111000100111101010101110111001100111111101111111011",
     -495.7003742},
    {22, 1, "0001110011010110001111010101000100010110101001001100011101000100110111101100000110011110011111100000", -4951},
    {22, 1, "1101001111011111001100000000110011101001100111110111100111010000001101000000010001000110000101010010", -4454},
    {22, 2, "0010010100001011110111100101100010011000110010100000010111101111101001100001011110001010111000010100",
     -8518.747186},
    {22, 3, "0110000101100001010111111001000100110011100000100001100010111111001101111101001110011001000101001111",
     -27815.57927},
    {23, 1, "1101010001110001000101100111111100100010100101111001001011111100101110011000100111101011001100100010", -1458},
    {23, 3, "0011000100011101110001001100000001001010100101010110001011000100000110110011100001000100110001101110",
     -6397.61122},
    {23, 4, "1010110001010010111010001111100000101110111110111100010001001110001001111001001101011111001010111110",
     -1857.967476},
};

/* y through the state and through the 'value' column of a population holding x. */
static void pbo_check_value(struct test_experiment *t, const char *bits, double want, const char *what)
{
    struct ga_genome gen = ga_problem_genome(t->e->problem, t->e->state);
    ga_gene g[128];
    pbo_genes(bits, g);
    assert_int_equal(gen.len, strlen(bits));
    assert_true(t->e->problem->valid(&gen, g));
    double y = pbo_value(t->e->state, g);
    if (!(fabs(y - want) <= 1e-4 * fmax(1, fabs(want))))
        fail_msg("%s %s: y = %.10g, expected %.10g", what, bits, y, want);
    double fitness = 0, column = NAN;
    struct ga_population pop = {g, gen.len, 1, 0, &fitness};
    ga_problem_columns(t->e->problem)->measure(&gen, &pop, &column);
    assert_true(column == y);
    /* fitness = y* - y (up to rounding), never below 0 */
    double f = t->e->problem->evaluate(&gen, g), best = pbo_best_value(t->e->state);
    assert_true(f >= 0);
    if (!(fabs(f - (best - y)) <= 1e-9 * fmax(1, fabs(best))))
        fail_msg("%s %s: fitness %.17g, y* - y = %.17g", what, bits, f, best - y);
}

static void test_ioh_vectors(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < sizeof pbo_ioh / sizeof *pbo_ioh; i++) {
        struct test_experiment *t = pbo_configured(pbo_ioh[i].function, strlen(pbo_ioh[i].x), pbo_ioh[i].instance);
        char what[64];
        snprintf(what, sizeof what, "IOH F%d instance %d", pbo_ioh[i].function, pbo_ioh[i].instance);
        pbo_check_value(t, pbo_ioh[i].x, pbo_ioh[i].y, what);
        test_experiment_free(t);
    }
}

/* Values worked out by hand at n = 16 (instance 1): all zeros, all ones,
 * 0101...01.  F25 and the instance transformations come from a separate
 * transcription of IOH's rules in Python (noted in doc/pbo.md). */
static const struct {
    int function;
    double zeros, ones, alternate;
} pbo_hand[] = {
    {1, 0, 16, 8},    {2, 0, 16, 0},   {3, 0, 136, 72}, /* 2 + 4 + ... + 16 */
    {4, 0, 8, -1},    {5, 0, 14, -1},  /* dummies: the alternating value depends on the draw */
    {6, 0, 5, 2},     /* 010 101 010 101 010 -> 0 1 0 1 0 */
    {7, 0, 12, 8},    /* block 0101 -> 1 0 1 0, all ones -> 1 1 1 0 */
    {8, 1, 9, 5},     {9, 1, 16, 9},   {10, 0, 16, 8},  /* the table keeps 8 */
    {11, 0, 8, -1},   {12, 0, 14, -1}, {13, 0, 5, 0},   {14, 0, 3, 1}, /* LeadingOnes of 1010 1010 ... */
    {15, 1, 9, 1},    {16, 1, 16, 1},  {17, 0, 16, 0},
    {18, 256.0 / 2 / 1240, 256.0 / 2 / 1240, 256.0 / 2 / 1240}, /* C_k = +-(16 - k) */
    {19, 16, 16, 0},  {20, 32, 32, 16}, {21, 48, 48, 16}, /* columns hold equal bits */
    {22, 0, 16 - 16 * 28, 8}, /* 28 edges, none between even vertices */
    {23, 0, 16 - 4 * 42, 8 - 4 * 14},  /* all: rows 12, columns 12, diagonals 9 + 9; 0101: 4, 6, 2 + 2 */
    {24, 2.4, -1, 0.4 + 0.2 + 0.4 - 2}, /* blocks (4 - s)/5, the window 12..15: (1 - 1 - s)/1 */
    {25, -0.3869223349084716, -0.5085087558876298, -0.5712903286371335},
};

static void test_hand_values(void **unused)
{
    (void)unused;
    char zeros[17], ones[17], alternate[17];
    for (int i = 0; i < 16; i++) {
        zeros[i] = '0';
        ones[i] = '1';
        alternate[i] = i % 2 ? '1' : '0';
    }
    zeros[16] = ones[16] = alternate[16] = '\0';
    for (size_t i = 0; i < sizeof pbo_hand / sizeof *pbo_hand; i++) {
        struct test_experiment *t = pbo_configured(pbo_hand[i].function, 16, 1);
        char what[32];
        snprintf(what, sizeof what, "F%d", pbo_hand[i].function);
        pbo_check_value(t, zeros, pbo_hand[i].zeros, what);
        pbo_check_value(t, ones, pbo_hand[i].ones, what);
        if (pbo_hand[i].alternate >= 0 || pbo_hand[i].function >= 18)
            pbo_check_value(t, alternate, pbo_hand[i].alternate, what);
        test_experiment_free(t);
    }
    /* IOH's random numbers (seed 1) and the dummy variables of n = 16 (seed 10000). */
    double u[3];
    pbo_uniform(3, 1, u);
    assert_true(fabs(u[0] - 0.41599935685098144) < 1e-15 && fabs(u[1] - 0.09196489075755929) < 1e-15 &&
                fabs(u[2] - 0.7564104859514211) < 1e-15);
    /* Instance 51, n = 8: x'[i] = x[order[i]] with order 1 2 5 0 4 3 6 7;
     * scale 2.16297974454, shift -182.091773107.  LeadingOnes of x' for x
     * = 01100000 is 2; OneMax does not see the order. */
    struct test_experiment *t = pbo_configured(2, 8, 51);
    pbo_check_value(t, "01100000", 2 * 2.1629797445437777 - 182.09177310675932, "F2 instance 51");
    pbo_check_value(t, "10010000", -182.09177310675932, "F2 instance 51");
    test_experiment_free(t);
    t = pbo_configured(1, 8, 51);
    pbo_check_value(t, "01100000", 2 * 2.1629797445437777 - 182.09177310675932, "F1 instance 51");
    test_experiment_free(t);
}

/* Every function at every small n it allows: the best y over all 2^n
 * strings is the y* gaexp states, reached with fitness 0 and nowhere
 * below; the transformed instances have as many optimal strings as
 * instance 1 (XOR and reordering are one-to-one). */
static void test_optimum_by_enumeration(void **unused)
{
    (void)unused;
    const size_t sizes[] = {4, 7, 9, 12, 13, 14, 16};
    const int instances[] = {1, 2, 37, 51, 100};
    ga_gene g[16];
    for (int f = 1; f <= PBO_FUNCTIONS; f++)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            size_t n = sizes[s];
            if (pbo_dimension_rule(f, n))
                continue;
            unsigned long optimal_at_1 = 0;
            for (size_t k = 0; k < sizeof instances / sizeof *instances; k++) {
                if (n == 16 && instances[k] != 1 && instances[k] != 2 && instances[k] != 51)
                    continue; /* time: three instances at n = 16 */
                struct test_experiment *t = pbo_configured(f, n, instances[k]);
                const struct pbo *p = t->e->state;
                struct ga_genome gen = ga_problem_genome(t->e->problem, t->e->state);
                double top = -INFINITY, lowest = INFINITY;
                unsigned long optimal = 0;
                for (unsigned long b = 0; b < 1ul << n; b++) {
                    for (size_t i = 0; i < n; i++)
                        g[i] = (b >> i) & 1;
                    double fit = t->e->problem->evaluate(&gen, g);
                    assert_true(fit >= 0);
                    if (fit < lowest)
                        lowest = fit;
                    optimal += fit == 0;
                    double y = pbo_value(p, g);
                    if (y > top)
                        top = y;
                }
                assert_true(p->best_exact);
                if (!(fabs(top - pbo_best_value(p)) <= 1e-9 * fmax(1, fabs(top))) || lowest != 0)
                    fail_msg("F%d n=%zu instance %d: enumeration finds y* = %.12g, gaexp states %.12g (lowest fitness %g)",
                             f, n, instances[k], top, pbo_best_value(p), lowest);
                if (instances[k] == 1)
                    optimal_at_1 = optimal;
                else if (optimal != optimal_at_1)
                    fail_msg("F%d n=%zu instance %d: %lu optimal strings, instance 1 has %lu", f, n, instances[k],
                             optimal, optimal_at_1);
                test_experiment_free(t);
            }
        }
}

/* Where IOH's stated optimum is not the best by enumeration: NQueens on
 * 2x2 and 3x3 boards (IOH: sqrt(n)), the trap at n mod 5 != 0 (IOH:
 * f(1...1)), OneMaxEpistasis (f(1...1) = 3n/4 for n mod 4 = 0). */
static void test_reference_disagreements(void **unused)
{
    (void)unused;
    struct test_experiment *t = pbo_configured(23, 4, 1);
    assert_true(pbo_best_value(t->e->state) == 1);
    test_experiment_free(t);
    t = pbo_configured(23, 9, 1);
    assert_true(pbo_best_value(t->e->state) == 2);
    test_experiment_free(t);
    t = pbo_configured(24, 16, 1); /* f(1...1) = 3 - 4 = -1; the best 1 + 1 + 0.8 + 1 */
    assert_true(fabs(pbo_best_value(t->e->state) - 3.8) < 1e-12);
    test_experiment_free(t);
    t = pbo_configured(7, 16, 1);
    assert_true(pbo_best_value(t->e->state) == 16);
    test_experiment_free(t);
    t = pbo_configured(18, 21, 1); /* beyond enumeration: a bound, said so */
    assert_false(((const struct pbo *)t->e->state)->best_exact);
    test_experiment_free(t);
}

static void test_bad_settings(void **unused)
{
    (void)unused;
    test_expect_error("problem = { name = \"pbo\"; function = 26; };",
                      "test.cfg:1: problem.function: expected an integer in [1, 25], got 26");
    test_expect_error("problem = { name = \"pbo\"; instance = 101; };",
                      "test.cfg:1: problem.instance: expected an integer in [1, 100], got 101");
    test_expect_error("problem = { name = \"pbo\"; instance = 0; };", "expected an integer in [1, 100], got 0");
    test_expect_error("problem = { name = \"pbo\"; dimension = 1; };",
                      "problem.dimension: expected an integer in [2, 65536], got 1");
    test_expect_error("problem = {\n name = \"pbo\";\n function = 20;\n dimension = 10;\n};",
                      "test.cfg:4: problem.dimension: IsingTorus (F20) needs a square dimension");
    test_expect_error("problem = { name = \"pbo\"; function = 23; dimension = 50; };",
                      "problem.dimension: NQueens (F23) needs a square dimension (an N x N board");
    test_expect_error("problem = { name = \"pbo\"; function = 13; dimension = 2; };",
                      "problem.dimension: LeadingOnesNeutrality (F13) needs a dimension of 3 or more");
    test_expect_error("problem = { name = \"pbo\"; function = \"OneMax\"; };", "problem.function: expected an integer");
    test_expect_error("problem = { name = \"pbo\"; functions = 2; };", "functions");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_ioh_vectors),
        cmocka_unit_test(test_hand_values),
        cmocka_unit_test(test_optimum_by_enumeration),
        cmocka_unit_test(test_reference_disagreements),
        cmocka_unit_test(test_bad_settings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
