/* tests/testlib.h — what the unit tests share: cmocka, the catalogue, experiments from text. */
#ifndef GA_TESTLIB_H
#define GA_TESTLIB_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "ga/cfg_types.h" /* tests look into the tree and the flags */
#include "gaexp/experiment.h"
#include "gaexp/rng.h"
#include "gaexp/run.h"
#include "operators/registry.h"
#include "problems/registry.h"

static const struct ga_catalog test_catalog = {ga_problems, ga_crossovers, ga_mutations, ga_selections};

/* The registered problem called 'name' (asserted): the tests reach a problem
 * by its name, as a user does, since only problems/registry.c lists them. */
static inline const struct ga_problem *test_catalog_problem(const char *name)
{
    const struct ga_problem *p = ga_catalog_problem(&test_catalog, name);
    assert_non_null(p);
    return p;
}

/* A xoshiro256** generator seeded with 'seed' (asserted); gsl_rng_free it. */
static inline gsl_rng *test_rng_alloc(unsigned long seed)
{
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    assert_non_null(r);
    gsl_rng_set(r, seed);
    return r;
}

/* An experiment read from text; diagnostics land in *diag. */
struct test_experiment {
    struct ga_diag diag;
    struct ga_cfg *cfg;
    struct ga_experiment *e;
};

/* Reads 'text', applies the NULL-terminated "path=value" overrides (as
 * --set does), then the whole experiment, the caller's groups through
 * 'more' (NULL: the file has none). */
static inline struct test_experiment *test_experiment_reading(const char *text, const char *const *sets,
                                                              const struct ga_experiment_reader *more)
{
    struct test_experiment *t = calloc(1, sizeof *t);
    assert_non_null(t);
    t->cfg = ga_cfg_alloc(&t->diag);
    assert_non_null(t->cfg);
    bool ok = ga_cfg_load_string(t->cfg, "test.cfg", text);
    for (size_t i = 0; ok && sets && sets[i]; i++)
        ok = ga_cfg_override(t->cfg, sets[i]);
    if (ok)
        t->e = ga_experiment_alloc(t->cfg, &test_catalog, 1, more);
    return t;
}

static inline struct test_experiment *test_experiment_with(const char *text, const char *const *sets)
{
    return test_experiment_reading(text, sets, NULL);
}

/* A reader for a file written for gaexp (configs/NAME.cfg): its 'output'
 * group is the program's, which the library's tests do not write. */
static inline bool test_output_dropped(void *ctx, struct ga_cfg *cfg, struct ga_experiment *e)
{
    (void)ctx, (void)e;
    config_setting_remove(ga_cfg_root(cfg), "output");
    return true;
}
static const struct ga_experiment_reader test_gaexp_file = {test_output_dropped, NULL};

static inline struct test_experiment *test_experiment_alloc(const char *text)
{
    return test_experiment_with(text, NULL);
}

static inline void test_experiment_free(struct test_experiment *t)
{
    ga_experiment_free(t->e);
    ga_cfg_free(t->cfg);
    free(t);
}

/* The first diagnostic, formatted, or "" when there is none. */
static inline const char *test_first_diag(struct test_experiment *t, char *buf, size_t size)
{
    buf[0] = '\0';
    if (t->diag.count)
        ga_diag_format(&t->diag.entries[0], buf, size);
    return buf;
}

/* Asserts that 'text' is refused with a first message containing 'expect'. */
static inline void test_expect_error(const char *text, const char *expect)
{
    struct test_experiment *t = test_experiment_alloc(text);
    char msg[1024];
    test_first_diag(t, msg, sizeof msg);
    if (t->e || !strstr(msg, expect))
        fail_msg("expected an error containing '%s', got '%s'", expect, msg);
    test_experiment_free(t);
}

/* Settings refused: each 'ga' text after 'head' with a first message containing 'expect'. */
struct test_bad {
    const char *ga, *expect;
};

static inline void test_expect_errors(const char *head, const struct test_bad *bad, size_t count)
{
    for (size_t k = 0; k < count; k++) {
        char text[1024];
        snprintf(text, sizeof text, "%s%s", head, bad[k].ga);
        test_expect_error(text, bad[k].expect);
    }
}

/* A run of a valid experiment text (asserted), seeded. */
static inline struct ga_run *test_run_alloc(struct test_experiment *t)
{
    if (!t->e) {
        char msg[1024];
        fail_msg("experiment refused: %s", test_first_diag(t, msg, sizeof msg));
    }
    struct ga_run *run = ga_run_alloc(t->e->problem, t->e->state, &t->e->params, &t->diag);
    assert_non_null(run);
    return run;
}

/* A small problem of bits for tests with a problem of their own (a local
 * search, a log of evaluations): 40 bits, uniform init, fitness the zero
 * bits (OneMax as gaexp minimises it), its validity and its print. */
enum { TEST_BITS = 40 };

static inline void test_bits_shape(const void *state, size_t *len, unsigned *alphabet)
{
    (void)state;
    *len = TEST_BITS;
    *alphabet = 2;
}

static inline void test_bits_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        g[i] = (ga_gene)ga_rng_below(r, 2);
}

static inline double test_bits_zeros(const struct ga_genome *gen, const ga_gene *g)
{
    double zeros = 0;
    for (size_t i = 0; i < gen->len; i++)
        zeros += g[i] == 0;
    return zeros;
}

static inline bool test_bits_valid(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (g[i] > 1)
            return false;
    return true;
}

static inline void test_bits_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    for (size_t i = 0; i < gen->len; i++)
        fputc('0' + g[i], out);
    fputc('\n', out);
}

#endif
