/* tests/test_hitting.c — exact hitting times: the evaluation that first reached the best and the target */
#include <math.h>
#include <stdlib.h>
#include "testlib.h"

/*
 * The reference is the evaluations themselves.  On one thread the run
 * calls the problem's evaluate in exactly the order gaexp counts them
 * (gaexp/run.h: island by island, each island's children as they are
 * bred), so a problem that logs every fitness it returns gives, by a
 * plain scan of its log, the evaluation that first reached any level.
 * The run's own counts (ga_run_evaluations_found, _to_target and the
 * statistics' 'found') must equal the scan after every generation, and
 * the same run on 2 and 4 threads must give the same counts.
 */

/* OneMax counted as zeros on 40 bits, logging each fitness while 'logging'. */
enum { HIT_BITS = TEST_BITS, HIT_LOG_MAX = 1 << 20 };
static double hit_log[HIT_LOG_MAX];
static size_t hit_logged;
static bool hit_logging;

static double hit_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    double zeros = test_bits_zeros(gen, g);
    if (hit_logging) {
        assert_true(hit_logged < HIT_LOG_MAX);
        hit_log[hit_logged++] = zeros;
    }
    return zeros;
}

static const int hit_state; /* the problem has no state of its own */

static const struct ga_problem hit_problem = {
    .name = "hitlog",
    .summary = "OneMax logging its evaluations (test)",
    .kind = GA_KIND_BITS,
    .state_size = 0,
    .shape = test_bits_shape,
    .init = test_bits_init,
    .evaluate = hit_evaluate,
};

/* The first logged evaluation (from 1) in [from, to) at or below level; 0: none. */
static unsigned long long hit_first(size_t from, size_t to, double level)
{
    for (size_t i = from; i < to; i++)
        if (hit_log[i] <= level)
            return i + 1;
    return 0;
}

/* The experiments: every scheme, with copies (crossover and mutation
 * rates that leave some children unchanged, hence unevaluated), one island
 * and three; the target 8 zeros is reached in the middle of the run. */
static const char *const hit_groups[] = {
    "scheme = { name = \"generational\"; generational = { elite = 1; }; };",
    "scheme = { name = \"generational\"; generational = { elite = 0; }; };", /* population 21: a second child discarded */
    "scheme = { name = \"steady\"; steady = { lambda = 3; replace = \"worst\"; }; };",
    "scheme = { name = \"steady\"; steady = { lambda = 4; replace = \"random\"; }; };",
    "scheme = { name = \"steady\"; steady = { lambda = 2; replace = \"tournament\"; unique = true; }; };",
    "scheme = { name = \"plus\"; plus = { lambda = 7; }; };",
    "scheme = { name = \"plus\"; plus = { lambda = 5; ties = \"child\"; }; };",
    "scheme = { name = \"comma\"; comma = { lambda = 30; }; };",
    "scheme = { name = \"random\"; random = { lambda = 9; }; };",
    /* population 1, one island; x and x' copies not evaluated */
    "scheme = { name = \"lambdalambda\"; lambdalambda = { lambda = 6.0; F = 1.05; }; };",
};

static struct test_experiment *hit_experiment(const char *group, unsigned islands, unsigned threads)
{
    char text[1024];
    snprintf(text, sizeof text,
             "problem = { name = \"onemax\"; bits = %d; };\n"
             "ga = { population = %d; threads = %u; %s\n"
             "       crossover = { name = \"onepoint\"; rate = 0.5; };\n"
             "       mutation = { name = \"flip\"; rate = 0.4; per = \"individual\"; };\n"
             "       %s\n"
             "       stop = { generations = 60; fitness = %d.0; at_target = false; }; };\n",
             HIT_BITS, strstr(group, "lambdalambda") ? 1 : strstr(group, "elite = 0") ? 21 : 20, threads, group,
             islands > 1 ? "islands = { count = 3; migration = { interval = 2; size = 1; }; };" : "",
             strstr(group, "random") ? 12 : 8);
    struct test_experiment *t = test_experiment_with(text, NULL);
    if (!t->e)
        fail_msg("%s", text);
    return t;
}

/* Whether a steady-state island may lose a child better than the best so
 * far within its generation (a later child replaces it), or the
 * (1+(lambda,lambda)) GA a mutant better than its offspring: its hitting
 * times then count from the generation whose population reaches the level. */
static bool hit_may_lose(const char *group)
{
    return (strstr(group, "steady") && !strstr(group, "worst")) || strstr(group, "lambdalambda");
}

/* The counts after each generation, on 'threads' threads (logged on one). */
struct hit_trace {
    unsigned long long found[64], target[64], stats_found[64], spent[64];
    unsigned generations;
};

static void hit_run(const char *group, unsigned islands, unsigned threads, struct hit_trace *tr)
{
    struct test_experiment *t = hit_experiment(group, islands, threads);
    struct ga_run *run = ga_run_alloc(&hit_problem, &hit_state, &t->e->params, &t->diag);
    assert_non_null(run);
    hit_logged = 0;
    hit_logging = threads == 1;
    enum ga_stop stop = ga_run_init(run, 11);
    size_t started = 0; /* the log's first entry of the generation */
    unsigned long found_generation = 0;
    size_t found_started = 0;
    tr->generations = 0;
    for (;;) {
        unsigned g = tr->generations++;
        assert_true(g < 64);
        tr->found[g] = ga_run_evaluations_found(run);
        tr->target[g] = ga_run_evaluations_to_target(run);
        tr->stats_found[g] = ga_run_stats(run)->found;
        tr->spent[g] = ga_run_stats(run)->evaluations;
        if (hit_logging) {
            assert_int_equal(hit_logged, tr->spent[g]); /* every evaluation counted, nothing else */
            double best = ga_run_best_ever(run);
            if (ga_run_generation_found(run) != found_generation || g == 0)
                found_generation = ga_run_generation_found(run), found_started = started;
            size_t from = hit_may_lose(group) ? found_started : 0;
            assert_int_equal(tr->found[g], hit_first(from, hit_logged, best));
            if (ga_run_succeeded(run)) {
                unsigned long long first = hit_first(0, hit_logged, t->e->params.stop_fitness);
                if (!hit_may_lose(group))
                    assert_int_equal(tr->target[g], first);
                assert_true(tr->target[g] >= first && tr->target[g] <= tr->spent[g]);
            } else {
                assert_int_equal(tr->target[g], 0);
            }
            started = hit_logged;
        }
        assert_int_equal(tr->stats_found[g], tr->found[g]);
        if (stop != GA_CONTINUE || (stop = ga_run_iterate(run)) != GA_CONTINUE)
            break;
    }
    /* One more row for the generation the loop ended on. */
    hit_logging = false;
    ga_run_free(run);
    test_experiment_free(t);
}

static void test_every_scheme(void **state)
{
    (void)state;
    unsigned mid_generation = 0, targets = 0;
    for (size_t s = 0; s < sizeof hit_groups / sizeof *hit_groups; s++)
        for (unsigned islands = 1; islands <= (strstr(hit_groups[s], "lambdalambda") ? 1u : 3u); islands += 2) {
            struct hit_trace one, other;
            hit_run(hit_groups[s], islands, 1, &one);
            for (unsigned g = 0; g < one.generations; g++) {
                mid_generation += one.found[g] < one.spent[g] && (g == 0 || one.found[g] > one.spent[g - 1]);
                targets += one.target[g] > 0 && (g == 0 || one.target[g - 1] == 0) && one.target[g] < one.spent[g];
            }
            print_message("# %s, %u island(s): the best after %llu evaluations, the target after %llu\n", hit_groups[s],
                          islands, one.found[one.generations - 1], one.target[one.generations - 1]);
            assert_true(one.target[one.generations - 1] > 0); /* the target was reached */
            for (unsigned threads = 2; threads <= 4; threads += 2) {
                hit_run(hit_groups[s], islands, threads, &other);
                assert_int_equal(other.generations, one.generations);
                assert_memory_equal(other.found, one.found, one.generations * sizeof *one.found);
                assert_memory_equal(other.target, one.target, one.generations * sizeof *one.target);
            }
        }
    print_message("# %u improvements and %u targets hit in the middle of a generation\n", mid_generation, targets);
    assert_true(mid_generation >= 50);
    assert_true(targets >= 8);
}

/* A checkpoint carries the counts: packed after a generation and unpacked
 * into another run, that run goes on to the same counts. */
static void test_pack(void **state)
{
    (void)state;
    struct hit_trace whole;
    hit_run(hit_groups[0], 1, 1, &whole);
    struct test_experiment *t = hit_experiment(hit_groups[0], 1, 1);
    struct ga_run *run = ga_run_alloc(&hit_problem, &hit_state, &t->e->params, &t->diag);
    struct ga_run *resumed = ga_run_alloc(&hit_problem, &hit_state, &t->e->params, &t->diag);
    assert_non_null(run);
    assert_non_null(resumed);
    ga_run_init(run, 11);
    unsigned g = 0;
    while (ga_run_evaluations_to_target(run) == 0 && ga_run_iterate(run) == GA_CONTINUE)
        g++;
    assert_true(g > 0 && g + 1 < whole.generations);
    struct ga_pack p = {0};
    ga_run_pack(run, &p);
    assert_false(p.oom);
    struct ga_unpack u = {p.data, p.len, false};
    assert_true(ga_run_unpack(resumed, &u));
    while (ga_run_iterate(resumed) == GA_CONTINUE)
        g++;
    assert_int_equal(ga_run_evaluations_found(resumed), whole.found[whole.generations - 1]);
    assert_int_equal(ga_run_evaluations_to_target(resumed), whole.target[whole.generations - 1]);
    ga_pack_free(&p);
    ga_run_free(run);
    ga_run_free(resumed);
    test_experiment_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_scheme),
        cmocka_unit_test(test_pack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
