/* tests/test_tsp.c — the TSP: TSPLIB's distances, the reader and its errors, Held-Karp against brute force and the published optima. */
#include <math.h>
#include <stdlib.h>

#include "testlib.h"
#include "problems/tsp/tsp_solve.h"

#define TSP_DATA GA_SRCDIR "/configs/tsp/"
#define TSP_TOURS GA_SRCDIR "/tests/data/tsp/"

static struct tsp_instance *test_read(const char *path)
{
    struct ga_diag d;
    ga_diag_clear(&d);
    int status;
    struct tsp_instance *t = tsp_instance_alloc_file(path, &d, &status);
    if (!t) {
        char msg[1024];
        ga_diag_format(&d.entries[0], msg, sizeof msg);
        fail_msg("%s refused: %s", path, msg);
    }
    assert_int_equal(status, GA_OK);
    return t;
}

/* ---- the distance functions, on pairs computed by hand ---------------- */

static void test_euc_2d(void **unused)
{
    (void)unused;
    assert_true(tsp_distance(TSP_EUC_2D, 0, 0, 3, 4) == 5);
    assert_true(tsp_distance(TSP_EUC_2D, 0, 0, 1, 1) == 1);     /* 1.414 */
    assert_true(tsp_distance(TSP_EUC_2D, 0, 0, 2, 3) == 4);     /* 3.606 */
    assert_true(tsp_distance(TSP_EUC_2D, 0, 0, 1.5, 2) == 3);   /* 2.5: halves round up */
    assert_true(tsp_distance(TSP_EUC_2D, 1, 1, 1, 3.49) == 2);  /* 2.49 */
    assert_true(tsp_distance(TSP_EUC_2D, 565, 575, 25, 185) == 666); /* berlin52 1-2: 666.11 */
    assert_true(tsp_distance(TSP_CEIL_2D, 0, 0, 1, 1) == 2);
    assert_true(tsp_distance(TSP_CEIL_2D, 0, 0, 3, 4) == 5);
    assert_true(tsp_distance(TSP_CEIL_2D, 0, 0, 0.1, 0) == 1);
}

static void test_att(void **unused)
{
    (void)unused;
    /* r = sqrt((dx^2 + dy^2) / 10); t = nint(r); t + 1 when t < r */
    assert_true(tsp_distance(TSP_ATT, 0, 0, 10, 0) == 4);   /* r = 3.162, t = 3 < r */
    assert_true(tsp_distance(TSP_ATT, 0, 0, 10, 30) == 10); /* r = 10 exactly */
    assert_true(tsp_distance(TSP_ATT, 0, 0, 30, 40) == 16); /* r = 15.81, t = 16 >= r */
    assert_true(tsp_distance(TSP_ATT, 0, 0, 0, 0) == 0);
    /* att48 nodes 1 and 2: dx = 4501, dy = 1443, r = 1494.70, t = 1495 >= r */
    assert_true(tsp_distance(TSP_ATT, 6734, 1453, 2233, 10) == 1495);
}

static void test_geo(void **unused)
{
    (void)unused;
    /* One degree of a meridian (or of the equator) is PI / 180 = 0.0174533
     * radians with PI = 3.141592: 6378.388 * 0.0174533 = 111.32, + 1, cut. */
    assert_true(tsp_distance(TSP_GEO, 0, 0, 1, 0) == 112);
    assert_true(tsp_distance(TSP_GEO, 0, 0, 0, 1) == 112);
    /* DDD.MM: 0.30 is 30 minutes, half a degree: 55.66 + 1 */
    assert_true(tsp_distance(TSP_GEO, 0, 0, 0.30, 0) == 56);
    assert_true(tsp_distance(TSP_GEO, 0, 0, -0.30, 0) == 56);
    /* 0.59 is 59 minutes, one minute from 1.00: 1.855 + 1 */
    assert_true(tsp_distance(TSP_GEO, 0.59, 0, 1.00, 0) == 2);
    /* the same point: acos(1) = 0, + 1 */
    assert_true(tsp_distance(TSP_GEO, 16.47, 96.10, 16.47, 96.10) == 1);
    /* 10 degrees north of 0: 1113.2 + 1 */
    assert_true(tsp_distance(TSP_GEO, 10, 20, 0, 20) == 1114);
}

/* ---- the reader ---------------------------------------------------------- */

/* The same 4-city matrix in every format the reader takes. */
static void test_formats(void **unused)
{
    (void)unused;
    static const int32_t want[16] = {0, 1, 2, 3, 1, 0, 4, 5, 2, 4, 0, 6, 3, 5, 6, 0};
    static const struct {
        const char *format, *numbers;
    } cases[] = {
        {"FULL_MATRIX", "0 1 2 3\n1 0 4 5\n2 4 0 6\n3 5 6 0"},
        {"UPPER_ROW", "1 2 3\n4 5\n6"},
        {"LOWER_ROW", "1\n2 4\n3 5 6"},
        {"UPPER_DIAG_ROW", "0 1 2 3\n0 4 5\n0 6\n0"},
        {"LOWER_DIAG_ROW", "0\n1 0\n2 4 0\n3 5 6 0"},
        {"UPPER_COL", "1 2 4 3 5 6"},
        {"LOWER_COL", "1 2 3 4 5 6"},
        {"UPPER_DIAG_COL", "0 1 0 2 4 0 3 5 6 0"},
        {"LOWER_DIAG_COL", "0 1 2 3 0 4 5 0 6 0"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char text[512];
        snprintf(text, sizeof text,
                 "NAME : four\nTYPE : TSP\nDIMENSION : 4\nEDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : %s\n"
                 "EDGE_WEIGHT_SECTION\n%s\nEOF\n",
                 cases[c].format, cases[c].numbers);
        struct ga_diag d;
        ga_diag_clear(&d);
        struct tsp_instance *t = tsp_instance_alloc_string("four.tsp", text, &d, NULL);
        if (!t)
            fail_msg("%s refused: %s", cases[c].format, d.entries[0].message);
        assert_string_equal(t->name, "four");
        assert_int_equal(t->n, 4);
        assert_memory_equal(t->dist, want, sizeof want);
        tsp_instance_free(t);
    }
}

/* The first error of a text, formatted; asserts there is exactly one. */
static void test_expect(const char *text, const char *expect)
{
    struct ga_diag d;
    ga_diag_clear(&d);
    int status;
    struct tsp_instance *t = tsp_instance_alloc_string("bad.tsp", text, &d, &status);
    char msg[1024] = "";
    if (d.count)
        ga_diag_format(&d.entries[0], msg, sizeof msg);
    if (t || d.count != 1 || status != GA_EINPUT || !strstr(msg, expect))
        fail_msg("expected one error containing '%s', got %zu: '%s'", expect, d.count, msg);
}

static void test_reader_errors(void **unused)
{
    (void)unused;
    const char *coords = "NODE_COORD_SECTION\n1 0 0\n2 3 4\n3 6 8\nEOF\n";
    char text[512];
    snprintf(text, sizeof text, "NAME: a\nTYPE: TSP\nEDGE_WEIGHT_TYPE: EUC_2D\n%s", coords);
    test_expect(text, "bad.tsp:4: NODE_COORD_SECTION: expected DIMENSION before the section");
    test_expect("NAME: a\nDIMENSION: 4\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3 4\n3 6 8\nEOF\n",
                "bad.tsp:8: NODE_COORD_SECTION (line 4): expected 4 nodes (DIMENSION), found 3");
    test_expect("NAME: a\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3 4\n3 6 8\n4 1 1\n",
                "bad.tsp:8: NODE_COORD_SECTION: expected a node number in [1, 3] (DIMENSION), got '4'");
    test_expect("NAME: a\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3\n3 6 8\n",
                "bad.tsp:6: NODE_COORD_SECTION: expected a node 'ID X Y' (3 numbers), got 2 words");
    snprintf(text, sizeof text, "DIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC2D\n%s", coords);
    test_expect(text, "bad.tsp:2: EDGE_WEIGHT_TYPE: unknown type 'EUC2D' (did you mean 'EUC_2D'?)");
    snprintf(text, sizeof text, "DIMENSION: 3\nEDGE_WEIGHT_TYPE: XRAY1\n%s", coords);
    test_expect(text, "bad.tsp:2: EDGE_WEIGHT_TYPE: XRAY1 is not supported");
    snprintf(text, sizeof text, "DIMENSION: 3\n%s", coords);
    test_expect(text, "bad.tsp:6: expected EDGE_WEIGHT_TYPE");
    test_expect("DIMENSION: 4\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2 3\n4 5\nEOF\n",
                "bad.tsp:7: EDGE_WEIGHT_SECTION (line 4): expected 6 weights (UPPER_ROW of 4 cities), found 5");
    test_expect("DIMENSION: 4\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2 3\n4 5",
                "bad.tsp:6: EDGE_WEIGHT_SECTION (line 4): expected 6 weights (UPPER_ROW of 4 cities), found 5");
    test_expect("DIMENSION: 4\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2 3\n4 5 6 7\n",
                "bad.tsp:6: EDGE_WEIGHT_SECTION: unexpected '7' after the 6 weights (UPPER_ROW of 4 cities)");
    test_expect("DIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_SECTION\n1 2 3\n",
                "bad.tsp:3: EDGE_WEIGHT_SECTION: expected EDGE_WEIGHT_FORMAT");
    test_expect("DIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 -2 3\n",
                "bad.tsp:5: EDGE_WEIGHT_SECTION: expected a weight, an integer in [0, 2147483647], got '-2'");
    test_expect("DIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1 2\n1 0 3\n2 4 0\n",
                "bad.tsp:7: EDGE_WEIGHT_SECTION: the matrix is not symmetric: row 3, column 2 holds 4");
    test_expect("TYPE: ATSP\n", "bad.tsp:1: TYPE: expected TSP (a symmetric travelling salesman problem), got 'ATSP'");
    test_expect("DIMENSION: 2\n", "bad.tsp:1: DIMENSION: expected an integer in [3, 10000], got '2'");
    test_expect("DIMENSION: 10001\n", "takes more than 400 MB");
    test_expect("DIMENSION: 3\nDIMENSION: 3\n", "bad.tsp:2: DIMENSION is given twice (first at line 1)");
    test_expect("DIMENSON: 3\n", "bad.tsp:1: unknown keyword 'DIMENSON' (did you mean 'DIMENSION'?)");
    test_expect("CAPACITY: 3\n", "bad.tsp:1: CAPACITY belongs to another problem type than TSP");
    test_expect("NAME: a\n3 4\n", "bad.tsp:2: expected a keyword");
    test_expect("", "bad.tsp: expected DIMENSION");
    test_expect("NAME: a\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 1e300 0\n3 0 0\n",
                "bad.tsp:4: NODE_COORD_SECTION: the EUC_2D distance of nodes 1 and 2 exceeds 2147483647");
}

/* A copy with an OPTIMUM line (as the benchmark's berlin52 has), comments,
 * blanks around colons, a display section and lines after EOF. */
static void test_reader_extras(void **unused)
{
    (void)unused;
    struct ga_diag d;
    ga_diag_clear(&d);
    struct tsp_instance *t = tsp_instance_alloc_string(
        "extras.tsp",
        "NAME : tri.tsp\nCOMMENT : a comment\nCOMMENT: another\nTYPE : TSP\nDIMENSION : 3\nOPTIMUM: 24.0\n"
        "EDGE_WEIGHT_TYPE : EUC_2D\nDISPLAY_DATA_TYPE : COORD_DISPLAY\n\nNODE_COORD_SECTION\n 3 6 8\n 1 0 0\n 2 3 4\n"
        "EOF\nwhat follows EOF is not read\n",
        &d, NULL);
    assert_non_null(t);
    assert_string_equal(t->name, "tri");
    assert_int_equal(t->optimum, 24);
    assert_int_equal(t->dist[0 * 3 + 1], 5);
    assert_int_equal(t->dist[1 * 3 + 2], 5);
    assert_int_equal(t->dist[0 * 3 + 2], 10);
    size_t tour[3] = {0, 1, 2};
    assert_int_equal(tsp_tour_length(t, tour), 20);
    tsp_instance_free(t);
}

/* ---- tour lengths against the published optimal tours ------------------ */

/* The tour of a TSPLIB .tour file (1-based ids to -1), 0-based into tour[]. */
static size_t test_read_tour(const char *path, size_t *tour, size_t max)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char word[64];
    size_t n = 0;
    bool in = false;
    while (fscanf(f, "%63s", word) == 1) {
        if (strcmp(word, "TOUR_SECTION") == 0)
            in = true;
        else if (in && strcmp(word, "-1") == 0)
            break;
        else if (in && n < max)
            tour[n++] = (size_t)atol(word) - 1;
    }
    fclose(f);
    return n;
}

static void test_optimal_tours(void **unused)
{
    (void)unused;
    static const struct {
        const char *name;
        int64_t length;
    } cases[] = {{"berlin52", 7542}, {"att48", 10628}, {"kroA100", 21282}, {"bayg29", 1610}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char path[1024];
        size_t tour[128];
        snprintf(path, sizeof path, TSP_DATA "%s.tsp", cases[c].name);
        struct tsp_instance *t = test_read(path);
        assert_int_equal(tsp_published_optimum(t->name, t->n), cases[c].length);
        snprintf(path, sizeof path, TSP_TOURS "%s.opt.tour", cases[c].name);
        assert_int_equal(test_read_tour(path, tour, 128), t->n);
        if (tsp_tour_length(t, tour) != cases[c].length)
            fail_msg("%s: the optimal tour has length %lld, published %lld", cases[c].name,
                     (long long)tsp_tour_length(t, tour), (long long)cases[c].length);
        tsp_instance_free(t);
    }
}

/* berlin52's identity tour 1, 2, ..., 52, summed here from the file's
 * coordinates with a parse and a rounding of this test's own: 22205. */
static void test_identity_berlin52(void **unused)
{
    (void)unused;
    FILE *f = fopen(TSP_DATA "berlin52.tsp", "r");
    assert_non_null(f);
    char line[256];
    double x[52], y[52];
    int count = 0;
    while (fgets(line, sizeof line, f))
        if (count < 52 && sscanf(line, "%*d %lf %lf", &x[count], &y[count]) == 2)
            count++;
    fclose(f);
    assert_int_equal(count, 52);
    long sum = 0;
    for (int i = 0; i < 52; i++) {
        double dx = x[i] - x[(i + 1) % 52], dy = y[i] - y[(i + 1) % 52];
        sum += lround(hypot(dx, dy)); /* halves away from zero: the same as nint for lengths */
    }
    struct tsp_instance *t = test_read(TSP_DATA "berlin52.tsp");
    size_t tour[52];
    for (size_t i = 0; i < 52; i++)
        tour[i] = i;
    assert_int_equal(tsp_tour_length(t, tour), sum);
    assert_int_equal(sum, 22205);
    tsp_instance_free(t);
}

/* ---- Held-Karp -------------------------------------------------------------- */

/* The shortest tour by trying every order of cities 1..n-1 after city 0. */
static int64_t test_brute_force(const struct tsp_instance *t)
{
    size_t n = t->n, p[16];
    for (size_t i = 0; i < n; i++)
        p[i] = i;
    int64_t best = INT64_MAX;
    for (;;) {
        int64_t length = tsp_tour_length(t, p);
        if (length < best)
            best = length;
        /* the next permutation of p[1..n-1] in lexicographic order */
        size_t i = n - 1;
        while (i > 1 && p[i - 1] > p[i])
            i--;
        if (i <= 1)
            break;
        size_t j = n - 1;
        while (p[j] < p[i - 1])
            j--;
        size_t s = p[i - 1];
        p[i - 1] = p[j];
        p[j] = s;
        for (size_t a = i, b = n - 1; a < b; a++, b--)
            s = p[a], p[a] = p[b], p[b] = s;
    }
    return best;
}

static void test_held_karp_check(const struct tsp_instance *t)
{
    int64_t length = -1;
    size_t tour[TSP_HELD_KARP_MAX];
    assert_int_equal(tsp_held_karp(t, &length, tour), GA_OK);
    int64_t brute = test_brute_force(t);
    if (length != brute)
        fail_msg("%s: Held-Karp %lld, brute force %lld", t->name, (long long)length, (long long)brute);
    assert_int_equal(tsp_tour_length(t, tour), length);
    bool seen[TSP_HELD_KARP_MAX] = {false};
    for (size_t i = 0; i < t->n; i++) {
        assert_true(tour[i] < t->n && !seen[tour[i]]);
        seen[tour[i]] = true;
    }
    assert_int_equal(tour[0], 0);
}

static void test_held_karp_brute_force(void **unused)
{
    (void)unused;
    /* Euclidean instances, and explicit ones with small weights (many ties) */
    for (size_t n = 3; n <= 9; n++)
        for (uint64_t seed = 1; seed <= 6; seed++) {
            struct tsp_instance *t = tsp_instance_random(n, seed, NULL);
            assert_non_null(t);
            test_held_karp_check(t);
            tsp_instance_free(t);
            gsl_rng *r = test_rng_alloc(seed * 100 + n);
            int32_t m[81];
            for (size_t i = 0; i < n; i++)
                for (size_t j = 0; j <= i; j++)
                    m[i * n + j] = m[j * n + i] = i == j ? 0 : (int32_t)gsl_rng_uniform_int(r, 6);
            gsl_rng_free(r);
            t = tsp_instance_from_matrix("ties", n, m, NULL);
            assert_non_null(t);
            test_held_karp_check(t);
            tsp_instance_free(t);
        }
}

static void test_held_karp_published(void **unused)
{
    (void)unused;
    static const struct {
        const char *name;
        int64_t optimum;
    } cases[] = {{"burma14", 3323}, {"ulysses16", 6859}, {"gr17", 2085}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char path[1024];
        snprintf(path, sizeof path, TSP_DATA "%s.tsp", cases[c].name);
        struct tsp_instance *t = test_read(path);
        int64_t length;
        size_t tour[TSP_HELD_KARP_MAX];
        assert_int_equal(tsp_held_karp(t, &length, tour), GA_OK);
        if (length != cases[c].optimum)
            fail_msg("%s: Held-Karp %lld, published %lld", cases[c].name, (long long)length,
                     (long long)cases[c].optimum);
        assert_int_equal(tsp_tour_length(t, tour), length);
        assert_int_equal(tsp_published_optimum(t->name, t->n), cases[c].optimum);
        tsp_instance_free(t);
    }
    struct tsp_instance *t = test_read(TSP_DATA "fri26.tsp");
    int64_t length;
    assert_int_equal(tsp_held_karp(t, &length, NULL), GA_ETOOBIG);
    tsp_instance_free(t);
}

/* ---- the problem --------------------------------------------------------- */

static double test_evaluate(struct test_experiment *t, const ga_gene *g)
{
    size_t len;
    unsigned alphabet;
    t->e->problem->shape(t->e->state, &len, &alphabet);
    struct ga_genome gen = {.state = t->e->state, .len = len, .alphabet = alphabet, .kind = GA_KIND_PERM};
    assert_true(t->e->problem->valid(&gen, g));
    return t->e->problem->evaluate(&gen, g);
}

static void test_problem(void **unused)
{
    (void)unused;
    /* burma14: the optimum is TSPLIB's; Held-Karp's tour has fitness 0 */
    struct test_experiment *t =
        test_experiment_alloc("problem = { name = \"tsp\"; file = \"" TSP_DATA "burma14.tsp\"; };");
    char msg[1024];
    if (!t->e)
        fail_msg("refused: %s", test_first_diag(t, msg, sizeof msg));
    struct tsp_instance *inst = test_read(TSP_DATA "burma14.tsp");
    size_t tour[14];
    int64_t length;
    assert_int_equal(tsp_held_karp(inst, &length, tour), GA_OK);
    ga_gene g[14];
    for (size_t i = 0; i < 14; i++)
        g[i] = (ga_gene)tour[i];
    assert_true(test_evaluate(t, g) == 0.0);
    for (size_t i = 0; i < 14; i++) {
        g[i] = (ga_gene)i;
        tour[i] = i;
    }
    int64_t identity = tsp_tour_length(inst, tour);
    assert_true(test_evaluate(t, g) == (double)(identity - 3323));
    tsp_instance_free(inst);
    test_experiment_free(t);

    /* optimum = 0: the fitness is the length */
    t = test_experiment_alloc("problem = { name = \"tsp\"; file = \"" TSP_DATA "burma14.tsp\"; optimum = 0; };");
    assert_non_null(t->e);
    assert_true(test_evaluate(t, g) == (double)identity);
    test_experiment_free(t);

    /* a random instance of 9 cities: its optimum by Held-Karp */
    t = test_experiment_alloc("problem = { name = \"tsp\"; cities = 9; seed = 4; };");
    assert_non_null(t->e);
    inst = tsp_instance_random(9, 4, NULL);
    int64_t best = test_brute_force(inst);
    for (size_t i = 0; i < 9; i++)
        g[i] = (ga_gene)i, tour[i] = i;
    assert_true(test_evaluate(t, g) == (double)(tsp_tour_length(inst, tour) - best));
    tsp_instance_free(inst);
    test_experiment_free(t);

    test_expect_error("problem = { name = \"tsp\"; };", "expected 'file' (a TSPLIB file) or 'cities'");
    test_expect_error("problem = { name = \"tsp\"; file = \"" TSP_DATA "burma14.tsp\"; cities = 5; };",
                      "give either 'file' (a TSPLIB file) or 'cities' and 'seed'");
    test_expect_error("problem = { name = \"tsp\"; cities = 2; };", "problem.cities");
    test_expect_error("problem = { name = \"tsp\"; file = \"" GA_SRCDIR "/tests/data/tsp/bad/unknown-type.tsp\"; };",
                      "unknown-type.tsp:4: EDGE_WEIGHT_TYPE: unknown type 'EUC2D' (did you mean 'EUC_2D'?)");
}

/* The random instances: the same for a seed, coordinates in [0, 1000]. */
static void test_random(void **unused)
{
    (void)unused;
    struct tsp_instance *a = tsp_instance_random(50, 7, NULL), *b = tsp_instance_random(50, 7, NULL),
                        *c = tsp_instance_random(50, 8, NULL);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    assert_string_equal(a->name, "random-50-seed-7");
    assert_memory_equal(a->dist, b->dist, 50 * 50 * sizeof a->dist[0]);
    assert_memory_not_equal(a->dist, c->dist, 50 * 50 * sizeof a->dist[0]);
    for (size_t i = 0; i < 50 * 50; i++)
        assert_true(a->dist[i] >= 0 && a->dist[i] <= 1415);
    tsp_instance_free(a);
    tsp_instance_free(b);
    tsp_instance_free(c);
    int status;
    assert_null(tsp_instance_random(2, 1, &status));
    assert_int_equal(status, GA_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_euc_2d),
        cmocka_unit_test(test_att),
        cmocka_unit_test(test_geo),
        cmocka_unit_test(test_formats),
        cmocka_unit_test(test_reader_errors),
        cmocka_unit_test(test_reader_extras),
        cmocka_unit_test(test_optimal_tours),
        cmocka_unit_test(test_identity_berlin52),
        cmocka_unit_test(test_held_karp_brute_force),
        cmocka_unit_test(test_held_karp_published),
        cmocka_unit_test(test_problem),
        cmocka_unit_test(test_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
