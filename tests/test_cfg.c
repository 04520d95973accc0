/* tests/test_cfg.c — experiment files: types, ranges, unknown keys, hints, overrides, resolution. */
#include <stdlib.h>

#include "gaexp/diag.h"
#include "testlib.h"

static const char base[] = "problem = { name = \"onemax\"; bits = 10; };\n"
                           "ga = { population = 20; };\n";

static void test_valid_file_resolves_defaults(void **unused)
{
    (void)unused;
    struct test_experiment *t = test_experiment_alloc(base);
    assert_non_null(t->e);
    assert_int_equal(t->diag.count, 0);
    const struct ga_params *p = &t->e->params;
    assert_int_equal(p->population, 20);
    assert_int_equal(p->select.tournament, 2);
    double elite = 0;
    assert_string_equal(ga_scheme_name(p->scheme), "generational");
    assert_true(ga_scheme_setting(p, "elite", &elite) && elite == 1);
    assert_string_equal(p->crossover->name, "onepoint");
    assert_string_equal(p->mutation->name, "flip");
    assert_int_equal(p->mutation_unit, GA_PER_GENE);
    /* Every default is written back, so the tree is the resolved config. */
    int threads = 0;
    double rate = -1;
    assert_true(config_lookup_int(&t->cfg->conf, "ga.threads", &threads) && threads == 1);
    assert_true(config_lookup_float(&t->cfg->conf, "ga.crossover.rate", &rate) && rate == 0.6);
    assert_non_null(config_lookup(&t->cfg->conf, "ga.seed"));
    test_experiment_free(t);
}

static void test_resolved_config_rereads_identically(void **unused)
{
    (void)unused;
    struct test_experiment *t = test_experiment_alloc(base);
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    ga_cfg_write(t->cfg, mem);
    fclose(mem);
    struct test_experiment *again = test_experiment_alloc(text);
    assert_non_null(again->e);
    assert_memory_equal(&again->e->params, &t->e->params, sizeof t->e->params);
    assert_true(again->e->seed == t->e->seed);
    free(text);
    test_experiment_free(again);
    test_experiment_free(t);
}

static void test_messages_carry_file_line_path(void **unused)
{
    (void)unused;
    test_expect_error("problem = { name = \"onemax\"; };\n"
                      "ga = {\n  mutation = { rate = 1.5; };\n};\n",
                      "test.cfg:3: ga.mutation.rate: expected a number in [0, 1], got 1.5");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = 0; };\n",
                      "test.cfg:2: ga.population: expected an integer in [1, 100000000], got 0");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = \"many\"; };\n",
                      "test.cfg:2: ga.population: expected an integer in [1, 100000000], got \"many\"");
    /* libconfig 1.5 would wrap this to -727379968: it must be refused as written. */
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = 1000000000000; };\n",
                      "test.cfg:2: integer 1000000000000 is too large");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = 4294967396; };\n",
                      "test.cfg:2: integer 4294967396 is too large");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = 2147483648; };\n",
                      "test.cfg:2: integer 2147483648 is too large");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { seed = -2147483648; };\n",
                      "ga.seed: expected an integer in [0, 9223372036854775807], got -2147483648");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = 1000000000000L; };\n",
                      "ga.population: expected an integer in [1, 100000000], got 1000000000000");
    /* Numbers inside strings, names and comments are not literals. */
    struct test_experiment *t = test_experiment_alloc(
        "# 99999999999 in a comment\nproblem = { name = \"onemax\"; bits = 12; };\n"
        "ga = { rng = \"mt19937\"; }; # 99999999999\n");
    assert_non_null(t->e);
    test_experiment_free(t);
    test_expect_error("problem = { name = \"onemax\"; };\nga = { rng = \"99999999999\"; };\n",
                      "ga.rng: unknown generator '99999999999' (xoshiro256ss or a GSL name such as mt19937)");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { population = ; };\n", "test.cfg:2: syntax error");
}

static void test_unknown_keys_and_names(void **unused)
{
    (void)unused;
    test_expect_error("problem = { name = \"onemax\"; };\nga = { mutaton = { rate = 0.1; }; };\n",
                      "test.cfg:2: ga.mutaton: unknown setting (did you mean 'mutation'?)");
    test_expect_error("problem = { name = \"onemax\"; bitz = 3; };\n",
                      "test.cfg:1: problem.bitz: unknown setting (did you mean 'bits'?)");
    test_expect_error("problem = { name = \"derfull\"; };\n",
                      "test.cfg:1: problem.name: unknown problem 'derfull' (did you mean 'derful'?)");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { crossover = { name = \"onepiont\"; }; };\n",
                      "ga.crossover.name: unknown crossover 'onepiont' (did you mean 'onepoint'?)");
    test_expect_error("problem = { name = \"derful\"; };\nga = { crossover = { name = \"onepoint\"; }; };\n",
                      "crossover 'onepoint' does not serve problem 'derful'");
    test_expect_error("problem = { name = \"onemax\"; };\nga = { mutation = { per = \"gen\"; }; };\n",
                      "ga.mutation.per: unknown value 'gen' (did you mean 'gene'?)");
    test_expect_error("ga = { population = 10; };\n", "problem.name: missing");
    test_expect_error("problem = { name = \"onemax\"; };\nextra = 1;\n", "test.cfg:2: extra: unknown setting");
}

static void test_overrides(void **unused)
{
    (void)unused;
    const char *sets[] = {"ga.mutation.rate=0.25", "ga.crossover.name=uniform",
                          "ga.selection.tournament.size=4", NULL};
    struct test_experiment *t = test_experiment_with(base, sets);
    assert_non_null(t->e);
    assert_true(t->e->params.mutation_rate == 0.25);
    assert_string_equal(t->e->params.crossover->name, "uniform"); /* a bare word is a string */
    assert_int_equal(t->e->params.select.tournament, 4);
    test_experiment_free(t);

    const char *bad[] = {"ga.mutation.rate=1.5", NULL};
    t = test_experiment_with(base, bad);
    char msg[1024];
    assert_null(t->e);
    assert_string_equal(test_first_diag(t, msg, sizeof msg),
                        "--set: ga.mutation.rate: expected a number in [0, 1], got 1.5");
    test_experiment_free(t);

    const char *huge[] = {"ga.population=10000000000", NULL};
    t = test_experiment_with(base, huge);
    assert_null(t->e);
    assert_non_null(strstr(test_first_diag(t, msg, sizeof msg), "integer 10000000000 is too large"));
    assert_false(t->cfg->oom);
    test_experiment_free(t);

    const char *typo[] = {"ga.mutaton.rate=0.1", NULL};
    t = test_experiment_with(base, typo);
    assert_null(t->e);
    assert_string_equal(test_first_diag(t, msg, sizeof msg),
                        "--set: ga.mutaton: unknown setting (did you mean 'mutation'?)");
    test_experiment_free(t);

    struct ga_diag d;
    ga_diag_clear(&d);
    struct ga_cfg *c = ga_cfg_alloc(&d);
    assert_false(ga_cfg_override(c, "novalue"));
    assert_false(ga_cfg_override(c, "=3"));
    assert_false(ga_cfg_override(c, "a..b=3"));
    assert_int_equal(d.count, 3);
    ga_cfg_free(c);
}

static void test_did_you_mean(void **unused)
{
    (void)unused;
    const char *names[] = {"derful", "onemax", "t24"};
    assert_string_equal(ga_diag_closest("derfull", names, 3), "derful");
    assert_string_equal(ga_diag_closest("onemx", names, 3), "onemax");
    assert_null(ga_diag_closest("animals", names, 3));
    assert_int_equal(ga_diag_distance("kitten", "sitting"), 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_file_resolves_defaults),
        cmocka_unit_test(test_resolved_config_rereads_identically),
        cmocka_unit_test(test_messages_carry_file_line_path),
        cmocka_unit_test(test_unknown_keys_and_names),
        cmocka_unit_test(test_overrides),
        cmocka_unit_test(test_did_you_mean),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
