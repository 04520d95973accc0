/* tests/fuzz/fuzz_cfg.c — libFuzzer: experiment files through libconfig and the validating reader. */
#define _GNU_SOURCE /* open_memstream */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "ga/cfg_types.h"
#include "ga/schemes/schemes.h"
#include "gaexp/rng.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_experiment.h"

/* A configured instance makes a valid genome and a finite, non-negative fitness. */
static void fuzz_cfg_genome(const struct ga_experiment *e)
{
    struct ga_genome gen = ga_problem_genome(e->problem, e->state);
    FUZZ_CHECK(gen.len > 0, "empty genome for %s", e->problem->name);
    ga_gene *g = calloc(gen.len, sizeof *g);
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    if (g && r) {
        gsl_rng_set(r, 1);
        e->problem->init(&gen, r, g);
        FUZZ_CHECK(!e->problem->valid || e->problem->valid(&gen, g), "init gave an invalid genome");
        double f = e->problem->evaluate(&gen, g);
        FUZZ_CHECK(f >= 0 && f == f, "fitness %g", f);
        FILE *out = fopen("/dev/null", "w");
        if (out) {
            e->problem->print(&gen, g, out);
            fclose(out);
        }
    }
    gsl_rng_free(r);
    free(g);
}

/* The resolved configuration, as written to config.cfg, reads back into the same experiment. */
static void fuzz_cfg_round_trip(struct ga_cfg *cfg, const struct ga_experiment *e)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return;
    bool written = ga_cfg_write(cfg, out);
    fclose(out);
    if (written) {
        struct ga_diag diag = {0};
        struct ga_cfg *again = ga_cfg_alloc(&diag);
        if (again) {
            bool loaded = ga_cfg_load_string(again, "config.cfg", text);
            char msg[1200] = "";
            if (diag.count)
                ga_diag_format(&diag.entries[0], msg, sizeof msg);
            FUZZ_CHECK(loaded, "the resolved configuration does not load: %s\n%s", msg, text);
            struct ga_experiment *e2 = fuzz_experiment(again, 2);
            if (diag.count)
                ga_diag_format(&diag.entries[0], msg, sizeof msg);
            FUZZ_CHECK(e2 || again->oom, "the resolved configuration is refused: %s\n%s", msg, text);
            if (e2) {
                FUZZ_CHECK(e2->problem == e->problem, "problem");
                FUZZ_CHECK(e2->seed == e->seed, "seed");
                FUZZ_CHECK(e2->replicates == e->replicates, "replicates");
                FUZZ_CHECK(e2->params.population == e->params.population, "population");
                FUZZ_CHECK(e2->params.generations == e->params.generations, "generations");
                FUZZ_CHECK(e2->params.evaluations == e->params.evaluations, "evaluations");
                FUZZ_CHECK(e2->params.select.tournament == e->params.select.tournament, "tournament");
                FUZZ_CHECK(e2->params.selection == e->params.selection, "selection");
                FUZZ_CHECK(e2->params.scheme == e->params.scheme && e2->params.lambda == e->params.lambda &&
                               memcmp(e2->params.scheme_settings, e->params.scheme_settings,
                                      sizeof e->params.scheme_settings) == 0,
                           "scheme");
                FUZZ_CHECK(e2->params.crossover == e->params.crossover, "crossover");
                FUZZ_CHECK(e2->params.mutation == e->params.mutation, "mutation");
                FUZZ_CHECK(e2->params.mutation_unit == e->params.mutation_unit, "mutation unit");
                FUZZ_CHECK(e2->params.threads == e->params.threads, "threads");
                FUZZ_CHECK(e2->params.rng_type == e->params.rng_type, "rng");
                struct ga_genome g1 = ga_problem_genome(e->problem, e->state);
                struct ga_genome g2 = ga_problem_genome(e2->problem, e2->state);
                FUZZ_CHECK(g1.len == g2.len && g1.alphabet == g2.alphabet, "genome shape");
            }
            ga_experiment_free(e2);
            ga_cfg_free(again);
        }
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool once;
    if (!once) {
        gsl_set_error_handler_off(); /* as the CLI does */
        once = true;
    }
    char *text = fuzz_text(data, size);
    struct ga_diag diag = {0};
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    if (cfg && ga_cfg_load_string(cfg, "fuzz.cfg", text)) {
        struct ga_experiment *e = fuzz_experiment(cfg, 1);
        FUZZ_CHECK(e || diag.count || cfg->oom, "refused without a diagnostic");
        if (e) {
            FUZZ_CHECK(e->problem && e->params.population >= 2, "population %zu", e->params.population);
            struct params_fault f;
            FUZZ_CHECK(scheme_check(&e->params, &f), "the scheme's rules: %s: %s", f.setting, f.why);
            FUZZ_CHECK(e->params.selection, "selection");
            FUZZ_CHECK(e->params.crossover && e->params.mutation, "operators");
            fuzz_cfg_genome(e);
            fuzz_cfg_round_trip(cfg, e);
        }
        ga_experiment_free(e);
    }
    for (size_t i = 0; i < diag.count; i++) {
        char msg[1400];
        ga_diag_format(&diag.entries[i], msg, sizeof msg);
        FUZZ_CHECK(msg[0], "empty diagnostic");
    }
    ga_cfg_free(cfg);
    free(text);
    return 0;
}
