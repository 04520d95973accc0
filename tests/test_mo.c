/* tests/test_mo.c — runs with several objectives and constraints: NSGA-II's keys against a brute force, Deb's rules, the statistics, refusals. */
#include <math.h>
#include <stdlib.h>

#include "gaexp/indicator.h"
#include "testlib.h"

/* Brute force: a dominates b under constrained domination (records: m
 * objectives, then the total violation). */
static bool bf_dominates(const double *a, const double *b, size_t m)
{
    if (a[m] != b[m] || a[m] > 0) /* infeasible: the smaller violation wins, equal ones tie */
        return a[m] < b[m];
    bool better = false;
    for (size_t j = 0; j < m; j++) {
        if (a[j] > b[j])
            return false;
        better |= a[j] < b[j];
    }
    return better;
}

/* Front ranks by peeling: rank[i] for the n records (n <= BF_MAX). */
#define BF_MAX 128
static void bf_ranks(const double *const *rec, size_t n, size_t m, size_t *rank)
{
    size_t left = n;
    assert_true(n <= BF_MAX);
    for (size_t i = 0; i < n; i++)
        rank[i] = SIZE_MAX;
    for (size_t front = 0; left; front++) {
        bool in[BF_MAX];
        for (size_t i = 0; i < n; i++) {
            in[i] = rank[i] == SIZE_MAX;
            for (size_t j = 0; j < n && in[i]; j++)
                if (j != i && rank[j] == SIZE_MAX && bf_dominates(rec[j], rec[i], m))
                    in[i] = false;
        }
        for (size_t i = 0; i < n; i++)
            if (in[i]) {
                rank[i] = front;
                left--;
            }
    }
}

/* NSGA-II's crowding distance of member i of its front (members in index
 * order; ends by a stable order: the first of equal values at the low end). */
static double bf_crowding(const double *const *rec, const size_t *rank, size_t n, size_t m, size_t i)
{
    double d = 0;
    for (size_t j = 0; j < m; j++) {
        double lo = INFINITY, hi = -INFINITY, prev = -INFINITY, next = INFINITY;
        size_t below = 0, above = 0;
        for (size_t k = 0; k < n; k++) {
            if (rank[k] != rank[i])
                continue;
            double v = rec[k][j];
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
            /* k before i in the stable order: a smaller value, or equal and earlier */
            if (v < rec[i][j] || (v == rec[i][j] && k < i)) {
                below++;
                prev = v > prev || below == 1 ? v : prev;
            } else if (k != i) {
                above++;
                next = v < next || above == 1 ? v : next;
            }
        }
        if (below == 0 || above == 0)
            return INFINITY;
        if (hi > lo)
            d += (next - prev) / (hi - lo);
    }
    return d;
}

static struct ga_run *mo_run(struct test_experiment *t)
{
    struct ga_diag diag = {0};
    struct ga_run *run = ga_run_alloc(t->e->problem, t->e->state, &t->e->params, &diag);
    assert_non_null(run);
    return run;
}

/* Whether another member of i's front has one of its objective values:
 * then the crowding distance depends on the members' order, which a
 * survival (that crowded the parents and children together) has changed. */
static bool bf_tied(const double *const *rec, const size_t *rank, size_t n, size_t m, size_t i)
{
    for (size_t k = 0; k < n; k++)
        for (size_t j = 0; k != i && rank[k] == rank[i] && j < m; j++)
            if (rec[k][j] == rec[i][j])
                return true;
    return false;
}

/* Every individual's fitness is its key: its front under constrained
 * domination, plus 0.5 / (1 + its crowding distance) (after a survival
 * only the rank for the last front kept, which was crowded before its
 * cut, and for members with ties, see bf_tied). */
static void check_keys(struct ga_run *run, size_t n, size_t m, bool survived)
{
    const double *rec[BF_MAX] = {NULL};
    size_t rank[BF_MAX] = {0}, last = 0;
    for (size_t i = 0; i < n; i++)
        rec[i] = ga_run_record(run, i);
    bf_ranks(rec, n, m, rank);
    for (size_t i = 0; i < n; i++)
        last = rank[i] > last ? rank[i] : last;
    for (size_t i = 0; i < n; i++) {
        double key = ga_run_fitness(run, i);
        if (floor(key) != (double)rank[i])
            fail_msg("individual %zu: key %.17g, brute-force front %zu", i, key, rank[i]);
        if (survived && (rank[i] == last || bf_tied(rec, rank, n, m, i)))
            continue;
        double want = (double)rank[i] + 0.5 / (1 + bf_crowding(rec, rank, n, m, i));
        if (fabs(key - want) > 1e-12)
            fail_msg("individual %zu: key %.17g, brute force %.17g", i, key, want);
    }
}

/* ZDT1 (no constraint) and BNH (two): the keys of generation 0 and after
 * survivals, against the brute force. */
static void test_keys(void **unused)
{
    (void)unused;
    static const char *const cases[] = {
        "problem = { name = \"mo\"; function = \"zdt1\"; variables = 5; }; ga = { population = 60; };",
        "problem = { name = \"mo\"; function = \"bnh\"; }; ga = { population = 60; };",
        "problem = { name = \"mo\"; function = \"osy\"; }; ga = { population = 80; };",
        "problem = { name = \"mo\"; function = \"dtlz2\"; objectives = 3; }; ga = { population = 50; };",
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        struct test_experiment *t = test_experiment_alloc(cases[c]);
        assert_non_null(t->e);
        struct ga_run *run = mo_run(t);
        size_t k, m = ga_run_objectives(run, &k), n = t->e->params.population;
        assert_int_equal(ga_run_init(run, 7 + c), GA_CONTINUE);
        check_keys(run, n, m, false);
        for (int g = 0; g < 5; g++) {
            assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
            check_keys(run, n, m, true);
        }
        ga_run_free(run);
        test_experiment_free(t);
    }
}

/* NSGA-III: each individual's fitness is its front under constrained
 * domination, and a survival keeps the pool's whole better fronts: the
 * population's fronts are those of the brute force, none missing below
 * the last (DTLZ2 with three objectives, C1-DTLZ1 with a constraint). */
static void test_nsga3_keys(void **unused)
{
    (void)unused;
    static const char *const cases[] = {
        "problem = { name = \"mo\"; function = \"dtlz2\"; objectives = 3; }; ga = { population = 40; scheme = { "
        "name = \"nsga3\"; }; };",
        "problem = { name = \"mo\"; function = \"c1dtlz1\"; objectives = 3; }; ga = { population = 40; scheme = { "
        "name = \"nsga3\"; }; };",
    };
    for (size_t c = 0; c < 2; c++) {
        struct test_experiment *t = test_experiment_alloc(cases[c]);
        assert_non_null(t->e);
        struct ga_run *run = mo_run(t);
        size_t n = 40, m = 3;
        assert_int_equal(ga_run_init(run, 5), GA_CONTINUE);
        for (int g = 0; g <= 6; g++) {
            const double *rec[40];
            size_t rank[40];
            for (size_t i = 0; i < n; i++)
                rec[i] = ga_run_record(run, i);
            bf_ranks(rec, n, m, rank);
            for (size_t i = 0; i < n; i++)
                if (ga_run_fitness(run, i) != (double)rank[i])
                    fail_msg("generation %d, individual %zu: key %g, front %zu", g, i, ga_run_fitness(run, i), rank[i]);
            assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
        }
        ga_run_free(run);
        test_experiment_free(t);
    }
}

/* The statistics of generation 0: the feasible share, the least violation
 * and the hypervolume of the feasible non-dominated points, by brute force. */
static void test_statistics(void **unused)
{
    (void)unused;
    struct test_experiment *t =
        test_experiment_alloc("problem = { name = \"mo\"; function = \"osy\"; }; ga = { population = 80; };");
    struct ga_run *run = mo_run(t);
    assert_int_equal(ga_run_init(run, 3), GA_CONTINUE);
    for (int g = 0; g < 2; g++) /* part of the front beyond the reference point, infeasible ones left */
        assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
    size_t n = 80, m = 2, feasible = 0, count = 0;
    double least = INFINITY, points[80 * 2];
    for (size_t i = 0; i < n; i++) {
        const double *r = ga_run_record(run, i);
        feasible += r[m] == 0;
        least = r[m] < least ? r[m] : least;
        bool dominated = r[m] > 0;
        for (size_t j = 0; j < n && !dominated; j++)
            dominated = bf_dominates(ga_run_record(run, j), r, m);
        if (!dominated) {
            points[count * m] = r[0];
            points[count * m + 1] = r[1];
            count++;
        }
    }
    const struct ga_stats *s = ga_run_stats(run);
    double ref[2] = {-18, 84}; /* OSY's reference point (mo-problems.md) */
    assert_true(feasible > 0 && feasible < n); /* both kinds present: the test means something */
    assert_true(s->feasible == (double)feasible / (double)n);
    assert_true(s->violation == least);
    assert_true(fabs(s->hv - ga_indicator_hv(points, count, m, ref)) <= 1e-9 * s->hv);
    assert_true(s->hv_share > 0 && s->hv_share < 1);
    size_t members[80];
    size_t front = ga_run_front(run, members);
    assert_true(front > 0 && front <= count); /* distinct points only */
    for (size_t i = 0; i < front; i++)
        assert_true(ga_run_record(run, members[i])[m] == 0 && floor(ga_run_fitness(run, members[i])) == 0);
    ga_run_free(run);
    test_experiment_free(t);
}

/* Constraints in a single-objective scheme: each individual's fitness is
 * what its handling makes of its record (Deb's rules, the penalty, the
 * epsilon level from the theta-th violation of generation 0), and
 * stats.best is the best feasible one. */
static void test_handling(void **unused)
{
    (void)unused;
    static const char *const cases[] = {"deb", "penalty", "epsilon"};
    for (size_t c = 0; c < 3; c++) {
        char text[512];
        snprintf(text, sizeof text,
                 "problem = { name = \"constrained\"; function = \"g06\"; }; ga = { population = 50; scheme = { "
                 "name = \"plus\"; }; constraints = { name = \"%s\"; penalty = { weight = 7.5; }; epsilon = { "
                 "share = 0.3; generations = 4; exponent = 2.0; }; }; };",
                 cases[c]);
        struct test_experiment *t = test_experiment_alloc(text);
        assert_non_null(t->e);
        struct ga_run *run = mo_run(t);
        size_t n = 50;
        assert_int_equal(ga_run_init(run, 11), GA_CONTINUE);
        /* the epsilon level of generation 0: the 15th smallest violation of 50 (theta = 0.3 N) */
        double v[50], level = 0;
        for (size_t i = 0; i < n; i++)
            v[i] = ga_run_record(run, i)[1];
        for (size_t i = 0; i < n; i++) { /* its rank among the violations, ties by index */
            size_t below = 0;
            for (size_t j = 0; j < n; j++)
                below += v[j] < v[i] || (v[j] == v[i] && j < i);
            if (below == 15)
                level = v[i];
        }
        double level0 = level;
        for (int g = 0; g < 6; g++) {
            double best = INFINITY;
            for (size_t i = 0; i < n; i++) {
                const double *r = ga_run_record(run, i);
                double want = c == 1 ? r[0] + 7.5 * r[1] : r[1] <= (c == 2 ? level : 0) ? r[0] : GA_INFEASIBLE * (1 + r[1]);
                if (ga_run_fitness(run, i) != want)
                    fail_msg("%s, generation %d, individual %zu: fitness %.17g, want %.17g", cases[c], g, i,
                             ga_run_fitness(run, i), want);
                if (r[1] == 0 && r[0] < best)
                    best = r[0];
            }
            if (best < INFINITY)
                assert_true(ga_run_stats(run)->best == best);
            else
                assert_true(ga_run_stats(run)->best >= GA_INFEASIBLE);
            assert_int_equal(ga_run_iterate(run), GA_CONTINUE);
            /* the level of the generation just made: level0 (1 - t/T)^cp, 0 from T = 4 on */
            double t_now = (double)(g + 1);
            level = t_now < 4 ? level0 * pow(1 - t_now / 4, 2) : 0;
        }
        ga_run_free(run);
        test_experiment_free(t);
    }
}

static void zero_count(const void *state, size_t *m, size_t *k)
{
    (void)state;
    *m = 0;
    *k = 0;
}

/* A problem declaring no objective is refused with its reason. */
static void test_refusals(void **unused)
{
    (void)unused;
    struct test_experiment *t = test_experiment_alloc("problem = { name = \"mo\"; };");
    struct ga_problem_objectives none = *ga_problem_objectives(t->e->problem);
    none.count = zero_count;
    struct ga_problem_evaluation evaluation = *t->e->problem->evaluation;
    evaluation.objectives = &none;
    struct ga_problem broken = *t->e->problem;
    broken.evaluation = &evaluation;
    struct ga_diag diag = {0};
    assert_null(ga_run_alloc(&broken, t->e->state, &t->e->params, &diag));
    char msg[512];
    ga_diag_format(&diag.entries[0], msg, sizeof msg);
    assert_non_null(strstr(msg, "declares 0 objectives"));
    ga_diag_clear(&diag);
    test_experiment_free(t);
    test_expect_error("problem = { name = \"mo\"; }; ga = { scheme = { name = \"generational\"; }; };",
                      "test.cfg:1: ga.scheme.name: 'mo' has 2 objectives: it needs scheme \"nsga2\"");
    test_expect_error("problem = { name = \"onemax\"; }; ga = { scheme = { name = \"nsga2\"; }; };",
                      "needs a problem with objectives or constraints");
    test_expect_error("problem = { name = \"mo\"; }; ga = { mo = { reference = [1.1, 0.9]; }; };",
                      "objective 2 is 0.9, the nadir's 1");
    test_expect_error("problem = { name = \"mo\"; }; ga = { mo = { reference = [1.1, 1.1, 1.1]; }; };",
                      "expected a point of 2 values");
    test_expect_error("problem = { name = \"onemax\"; }; ga = { mo = { reference = [1.0]; }; };",
                      "has one fitness: no hypervolume");
    test_expect_error("problem = { name = \"constrained\"; }; ga = { scheme = { name = \"nsga3\"; }; };",
                      "NSGA-III's reference directions need 2 or more objectives");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys),
        cmocka_unit_test(test_nsga3_keys),
        cmocka_unit_test(test_statistics),
        cmocka_unit_test(test_handling),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
